/* Textbook R's float against double on the matrix product (issue 13,
 * item 1). A fixture of its own, built through store/: an H100 with
 * its FP64 peak (v2..v5, simple, shared and cuBLAS at n = 256, 1024,
 * 4096 in fp32 and fp64, one fp64 configuration failed) and a device
 * whose peaks are unknown (one configuration skipped). The tables hold
 * the fixture's medians and errors, the findings' numbers are
 * recomputed here from the samples (medians, ratios, Mann-Whitney p,
 * fitted exponents), the conclusion follows the data and flips when
 * they do, failed configurations are shown as failed and never as a
 * rate, the other sections ignore the suite's rows, a database without
 * the suite renders none of it, and the report compiles in every
 * language without a line in the margin. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "render_check.h"
#include "render_fixture.h"
#include "render_int.h"
#include "store.h"
#include "vocab.h"

static char *tmpdir, *dbpath, *plaindb, *mixdb;
static long long dev_id[2];

#define NS CHK_NS
#define NV 7
#define NN 3
#define PEAK32 66908.16
#define PEAK64 33454.08
#define UUID_A "GPU-pppppppp-1111-2222-3333-444444444444"
#define UUID_B "GPU-qqqqqqqq-1111-2222-3333-444444444444"

static const char *const var[NV] = {"v2", "v3", "v4", "v5", "simple",
				    "shared", "cublas"};
static const int blk[NV] = {16, 16, 16, 16, 32, 32, 0};
static const char *const prec[2] = {"fp32", "fp64"};
static const double unit[2] = {0x1p-24, 0x1p-53};
static const int sizes[NN] = {256, 1024, 4096};
/* GFLOP/s at n = 4096 on the H100: [kernel][precision]; cuBLAS's DGEMM
 * above the FP64 CUDA cores' peak and below the FP64 tensor cores'
 * (twice it on compute capability 9.0), which the rule sets it
 * against */
static const double g4096[NV][2] = {
	{2400, 1500}, {5200, 3300}, {6100, 3900}, {13000, 6200},
	{2100, 1300}, {4800, 3000}, {50000, 45000}
};
static const double sfac[NN] = {0.2, 0.8, 1.0};
/* the exponent of k of the mean error */
static const double bexp[NV][2] = {
	{0.5, 0.5}, {0.5, 0.5}, {0.5, 0.5}, {0.5, 0.5}, {0.5, 0.5},
	{0.5, 0.5}, {0.35, 0.4}
};
/* the second device measured v2, v5 and cuBLAS */
static const int b_rows[3] = {0, 3, 6};

/* How the fixture's data lean, for the tests that flip them. */
enum {
	M_NORMAL,
	M_FP64_FAST,	/* fp64 four times as fast as fp32 */
	M_FP64_SAME,	/* fp64 as fast as fp32: no difference */
	M_FP64_WORSE	/* fp64's errors above fp32's */
};
static int mode;

static double base(int dev, int v, int p, int i)
{
	double g = g4096[v][p] * sfac[i];

	if (mode == M_FP64_FAST && p)
		g = 4 * g4096[v][0] * sfac[i];
	if (mode == M_FP64_SAME && p)
		g = g4096[v][0] * sfac[i];
	/* the second device: FP64 units a few */
	if (dev)
		g = p ? g / 20 : g / 2;
	return g;
}

static int shift_of(int v, int p)
{
	return (v + 3 * p) % NS;
}

static double acc_mean(int v, int p, int n)
{
	double e = (1 + 0.1 * v) * unit[p] * 0.02 * pow(n, bexp[v][p]);

	if (mode == M_FP64_WORSE && p)
		e = 2 * (1 + 0.1 * v) * unit[0] * 0.02 * pow(n, bexp[v][0]);
	return e;
}

static double acc_max(int v, int p, int n)
{
	return 6 * acc_mean(v, p, n);
}

/* The blocks one launch of own kernel v runs at size n, as measure
 * stores them: one per b x b tile of C, v5's per 2b x 2b tile (each
 * thread computes four elements); 0 for the library (unknown). */
static long long grid_of(int v, int n)
{
	long long t = v == 3 ? 2 * blk[v] : blk[v];

	return v < 6 ? (n / t) * (n / t) : 0;
}

/* The H100's shared fp64 at 1024 failed verification. */
static int is_failed(int dev, int v, int p, int i)
{
	return dev == 0 && v == 5 && p == 1 && i == 1;
}

/* The second device's v5 fp64 at 4096 was skipped. */
static int is_skipped(int dev, int v, int p, int i)
{
	return dev == 1 && v == 3 && p == 1 && i == 2;
}

static int put(struct store *st, long long sid, int dev, int v, int p,
	       int i)
{
	struct store_metric m[4];
	struct store_config c;
	double g[NS], t[NS], am[1], ax[1];
	int n = sizes[i], k, own = v < 6;
	double n3 = (double)n * n * n;

	memset(&c, 0, sizeof(c));
	c.session_id = sid;
	c.suite = (char *)"precision";
	c.variant = (char *)var[v];
	if (fix_kernel_put(st, sid, c.variant))
		return -1;
	c.host_mem = (char *)"";
	c.precision = (char *)prec[p];
	c.m = c.k = c.n = n;
	c.block_x = c.block_y = blk[v];
	c.ilp = 1;
	c.finished_at = (char *)"2026-04-01T10:10:00Z";
	c.rel_error = p ? 2e-16 : 3e-7;
	c.flops = 2 * n3;
	c.bytes = c.working_set = 3.0 * n * n * (p ? 8 : 4);
	c.seconds = 1;
	c.grp = 10 + 2 * i + p;
	c.grid_blocks = grid_of(v, n);
	c.wave_blocks = 8 * 132;
	c.l2_bytes = 52428800LL;
	c.start_sm_clock_mhz = c.end_sm_clock_mhz = dev ? 2000 : 1980;
	c.has_throttle = 1;
	/* the regime as an older measure stored it: render no longer
	 * reads it, it recomputes every regime from grid_blocks and the
	 * rest by analysis/rules.h, so the stale "below_wave" of the
	 * 16 x 16 grids at 256 must not show */
	c.regime = (char *)(i == 0 ? (own ? "below_wave,l2_resident" :
				      "l2_resident") :
			    i == 1 ? "l2_resident" : "");
	if (is_failed(dev, v, p, i)) {
		c.status = (char *)"failed";
		c.reason = (char *)"relative error 3.1e-02 exceeds 1e-04";
		return store_config_insert(st, &c, NULL, 0, 1);
	}
	if (is_skipped(dev, v, p, i)) {
		c.status = (char *)"skipped";
		c.reason = (char *)"no fp64 instance at this block";
		c.rel_error = NAN;
		return store_config_insert(st, &c, NULL, 0, 1);
	}
	c.status = (char *)"ok";
	chk_spread(base(dev, v, p, i), shift_of(v, p), g);
	for (k = 0; k < NS; k++)
		t[k] = 2 * n3 / (g[k] * 1e6);
	am[0] = acc_mean(v, p, n);
	ax[0] = acc_max(v, p, n);
	m[0] = (struct store_metric){VOCAB_METRIC_KERNEL, "ms", t, NS};
	m[1] = (struct store_metric){VOCAB_METRIC_GFLOPS, "GFLOP/s", g, NS};
	m[2] = (struct store_metric){VOCAB_METRIC_ACC_MAX, "", ax, 1};
	m[3] = (struct store_metric){VOCAB_METRIC_ACC_MEAN, "", am, 1};
	c.samples = NS;
	return store_config_insert(st, &c, m, 4, 1);
}

/* One session of the suite on device id (fixture device dev). */
static int put_suite(struct store *st, long long id, int dev)
{
	struct store_session s;
	int rc = 0, r, v, p, i;

	fix_session_init(&s, NS);
	s.uuid = (char *)(dev ? "sess-prec-b" : "sess-prec-a");
	s.device_id = id;
	s.started_at = (char *)(dev ? "2026-04-01T11:00:00Z" :
				"2026-04-01T10:00:00Z");
	s.hostname = (char *)"lab-node-5";
	s.cmdline = (char *)"mmreport measure --suite precision";
	s.seed = 11;
	s.suites = (char *)"precision";
	if (store_session_insert(st, &s))
		return -1;
	for (r = 0; r < (dev ? 3 : NV); r++)
		for (p = 0; p < 2; p++)
			for (i = 0; i < NN; i++) {
				v = dev ? b_rows[r] : r;
				rc |= put(st, s.id, dev, v, p, i);
			}
	if (!rc)
		rc = store_session_finish(st, s.id, dev ?
					  "2026-04-01T11:30:00Z" :
					  "2026-04-01T10:30:00Z", "complete",
					  NULL);
	return rc;
}

static struct store_prop props_a[] = {
	{"compute_capability", "9.0", "", 9.0, 1},
	{"multiprocessor_count", "132", "", 132, 1},
	{"fp32_cores_per_sm", "128", "", 128, 1},
	{"fp64_units_per_sm", "64", "", 64, 1},
	{"clock_rate", "1980", "MHz", 1980, 1},
	{"peak_fp32", "66908.2", "GFLOP/s", PEAK32, 1},
	{"peak_fp64", "33454.1", "GFLOP/s", PEAK64, 1},
	{"peak_memory_bandwidth", "3352.3", "GB/s", 3352.32, 1},
	{"l2_cache_size", "51200", "KiB", 51200, 1},
};

static struct store_prop props_b[] = {
	{"compute_capability", "13.0", "", 13.0, 1},
	{"multiprocessor_count", "100", "", 100, 1},
	{"fp32_cores_per_sm", "unknown for compute capability 13.0", "", 0,
	 0},
	{"clock_rate", "2000", "MHz", 2000, 1},
	{"l2_cache_size", "65536", "KiB", 65536, 1},
};

static int build(const char *path)
{
	struct store_device d;
	struct store *st;
	char err[256];
	int rc = 0, k;

	remove(path);
	if (store_open(path, STORE_CREATE, &st, err, sizeof(err)))
		return -1;
	for (k = 0; k < 2 && !rc; k++) {
		memset(&d, 0, sizeof(d));
		d.uuid = (char *)(k ? UUID_B : UUID_A);
		d.name = (char *)(k ? "NVIDIA Future GPU" :
				  "NVIDIA H100 80GB HBM3");
		d.cc_major = k ? 13 : 9;
		d.sm_count = k ? 100 : 132;
		d.peak_fp32_gflops = k ? 0 : PEAK32;
		d.peak_mem_gbs = k ? 1000 : 3352.32;
		d.props = k ? props_b : props_a;
		d.nprops = k ? sizeof(props_b) / sizeof(props_b[0]) :
			   sizeof(props_a) / sizeof(props_a[0]);
		rc |= store_device_upsert(st, &d);
		dev_id[k] = d.id;
		if (!rc)
			rc = put_suite(st, d.id, k);
	}
	store_free(st);
	return rc ? -1 : 0;
}

/* The full render fixture with this suite added to its first device
 * (an H100 without an FP64 peak), in a session of its own. */
static int build_mixed(const char *path)
{
	struct store_device *devs = NULL;
	struct store *st;
	char err[256];
	size_t n = 0, i;
	int rc = -1;

	if (fix_build(path) ||
	    store_open(path, STORE_WRITE, &st, err, sizeof(err)))
		return -1;
	if (!store_device_list(st, &devs, &n))
		for (i = 0; i < n; i++)
			if (!strcmp(devs[i].uuid,
				    "GPU-aaaaaaaa-1111-2222-3333-444444444444"))
				rc = put_suite(st, devs[i].id, 0);
	store_devices_free(devs, n);
	store_free(st);
	return rc;
}

/* Deletes from db the suite's configurations that repeat a point the
 * render fixture measured in another session of the same device: by
 * the difference rule such a pair is one point measured twice, and its
 * run-to-run spread sets the practical threshold of every section. The
 * fixture invents the two sides apart (cuBLAS's fp32 product at n = 256
 * in the reference suite and here, 1243 times apart), a spread no GPU
 * repeats, so only with them gone does "changes nothing" hold. */
static int unrepeat(const char *db)
{
	return chk_sql(db, "DELETE FROM config WHERE suite = 'precision' AND "
		       "id IN (SELECT a.id FROM config a JOIN session sa ON "
		       "sa.id = a.session_id JOIN config b ON b.session_id "
		       "<> a.session_id AND b.suite <> 'precision' AND "
		       "b.variant = a.variant AND b.m = a.m AND b.k = a.k "
		       "AND b.n = a.n AND b.count = a.count AND b.block_x = "
		       "a.block_x AND b.block_y = a.block_y AND b.ilp = "
		       "a.ilp AND b.param = a.param AND ifnull(b.host_mem, "
		       "'') = ifnull(a.host_mem, '') AND "
		       "ifnull(b.precision, '') = ifnull(a.precision, '') "
		       "JOIN session sb ON sb.id = b.session_id AND "
		       "sb.device_id = sa.device_id WHERE a.status = 'ok' "
		       "AND b.status = 'ok')");
}

static int setup(void **state)
{
	(void)state;
	if (chk_fixture_make(&tmpdir, &dbpath, "prec.db", &plaindb,
			     "RENDER_PREC_DB", build))
		return -1;
	mixdb = chk_path_join(tmpdir, "mixed.db");
	return mixdb ? 0 : -1;
}

static int teardown(void **state)
{
	free(mixdb);
	return chk_fixture_teardown(state);
}

/* ---- helpers ------------------------------------------------------------- */

static char *render(const char *sections)
{
	return chk_render_lang(dbpath, sections, "en");
}

/* The kernel-time samples of a configuration, as the fixture stores
 * them. */
static void times(int dev, int v, int p, int i, double *t)
{
	double g[NS], n3 = (double)sizes[i] * sizes[i] * sizes[i];
	int k;

	chk_spread(base(dev, v, p, i), shift_of(v, p), g);
	for (k = 0; k < NS; k++)
		t[k] = 2 * n3 / (g[k] * 1e6);
}

static double time_p(int dev, int v, int i)
{
	double a[NS], b[NS];

	times(dev, v, 0, i, a);
	times(dev, v, 1, i, b);
	return chk_mwu_p(a, NS, b, NS);
}

static double gmed(int dev, int v, int p, int i)
{
	return chk_spread_median(base(dev, v, p, i), shift_of(v, p));
}

/* ---- the table and the findings ---------------------------------------- */

/* The Hodges-Lehmann estimate of fp64 over fp32 kernel time: the
 * median of every pairwise ratio of the samples. */
static double hl(int dev, int v, int i)
{
	static double r[NS * NS];
	double a[NS], b[NS];
	int j, k;

	times(dev, v, 0, i, a);
	times(dev, v, 1, i, b);
	for (j = 0; j < NS; j++)
		for (k = 0; k < NS; k++)
			r[j * NS + k] = b[k] / a[j];
	qsort(r, NS * NS, sizeof(r[0]), rule_cmp_dbl);
	return NS * NS % 2 ? r[NS * NS / 2] :
	       (r[NS * NS / 2 - 1] + r[NS * NS / 2]) / 2;
}

/* One table at the largest steady size with a column group per GPU:
 * each fp64 rate is the fixture's median, each share is of the peak the
 * rule names for the kernel (cuBLAS's DGEMM against the FP64 tensor
 * cores, twice the CUDA cores' FP64 peak on compute capability 9.0, so
 * below 100 % although above the CUDA cores' peak), the device without
 * peaks has no share, a skipped configuration reads skipped. */
static void test_speed_tables(void **state)
{
	struct chk_table t;
	char where[64];
	char *tex;
	int v;

	(void)state;
	mode = M_NORMAL;
	assert_int_equal(build(dbpath), 0);
	tex = render("precision");
	chk_table_need(tex, "precision", dev_id[0], &t);
	assert_int_equal(t.nrows, NV);
	for (v = 0; v < NV; v++) {
		double m = gmed(0, v, 1, 2);
		/* the rows in versions_names_of's order: shared before
		 * simple, the library last */
		int r = v == 4 ? 5 : v == 5 ? 4 : v;

		snprintf(where, sizeof(where), "\\texttt{%s}", var[v]);
		assert_string_equal(t.cell[r][0], where);
		assert_int_equal(t.ncols[r], 8);
		assert_string_equal(t.cell[r][1], v == 6 ? "tensor cores" :
				    "CUDA cores");
		chk_expect_lead(t.cell[r][2], m, where);
		chk_expect_lead(t.cell[r][3], 100 * m / (v == 6 ? 2 * PEAK64 :
				PEAK64), where);
		assert_true(atof(t.cell[r][3]) <= 100);
		chk_expect_lead(t.cell[r][4], hl(0, v, 2), where);
	}
	/* the rule's peak: DGEMM exceeds the CUDA cores' FP64 peak */
	assert_true(gmed(0, 6, 1, 2) > PEAK64);
	/* the device without peaks: rates and ratios, no share */
	chk_expect_lead(t.cell[0][5], gmed(1, 0, 1, 2), "B v2");
	assert_string_equal(t.cell[0][6], "{--}");
	chk_expect_lead(t.cell[0][7], hl(1, 0, 2), "B v2 ratio");
	assert_string_equal(t.cell[3][5], "{\\textit{skipped}}");
	assert_string_equal(t.cell[1][5], "{--}");
	chk_table_free(&t);
	chk_expect_in(tex, "\\item \\texttt{shared}, \\(n = 1024\\), block "
		      "32\\(\\times\\)32, fp64: \\textit{failed} --- relative "
		      "error");
	chk_expect_in(tex, "\\texttt{v5}, \\(n = 4096\\), block "
		      "16\\(\\times\\)16, fp64: \\textit{skipped}");
	free(tex);
}

/* The findings: stated once for both GPUs where they agree (a kernel
 * both measured carries both values, one only GPU 1 measured is
 * named with it), effects not p-values, the peak named, the errors
 * against the bound and the unit roundoffs. */
static void test_findings(void **state)
{
	char want[512];
	char *tex, *sec;
	double g = gmed(0, 6, 1, 2);

	(void)state;
	mode = M_NORMAL;
	assert_int_equal(build(dbpath), 0);
	tex = render("precision");
	sec = chk_section_text(tex, "Single against double precision in the "
			       "matrix product");
	assert_null(strstr(sec, "$p"));
	assert_true(time_p(0, 0, 2) < 0.05 && time_p(1, 0, 2) < 0.05);
	/* the GPUs' verdicts differ (GPU 2 compares fewer kernels): stated
	 * per GPU */
	snprintf(want, sizeof(want), "\\item GPU~1: At $n = \\num{4096}$ the "
		 "kernel time in fp64 over that in fp32 (Hodges--Lehmann "
		 "estimate; each 95\\,\\%% interval within ");
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "is longer in fp64 beyond the practical "
		 "threshold for \\texttt{v2} %s, \\texttt{v3} %s",
		 chk_tex_num(hl(0, 0, 2), 3), chk_tex_num(hl(0, 1, 2), 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "is longer in fp64 beyond the practical "
		 "threshold for \\texttt{v2} %s, \\texttt{cublas}",
		 chk_tex_num(hl(1, 0, 2), 3));
	chk_expect_in(sec, want);
	chk_expect_in(sec, "one after the other, not interleaved");
	/* the library against the FP64 tensor cores' peak: GPU 1 only,
	 * GPU 2's peaks are unknown (said in the table's note) */
	snprintf(want, sizeof(want), "\\item GPU~1: The library's DGEMM "
		 "(\\texttt{cublas}) runs on the FP64 tensor cores, at "
		 "%s\\,\\%% of their peak (%s~GFLOP/s at the recorded clock)",
		 chk_tex_num(100 * g / (2 * PEAK64), 3),
		 chk_tex_num(2 * PEAK64, 5));
	chk_expect_in(sec, want);
	assert_null(strstr(sec, "\\item GPU~2: The library's"));
	chk_expect_in(sec, "the FP64 peak of this device is unknown");
	chk_expect_in(sec, "far inside the worst-case bound $k u$");
	chk_expect_in(sec, "as the ratio of the unit roundoffs");
	chk_expect_in(sec, "\\textbf{Take-away.} An own kernel takes");
	free(sec);
	free(tex);
	/* fp64 as fast as fp32: below the threshold, said in words */
	mode = M_FP64_SAME;
	assert_int_equal(build(dbpath), 0);
	tex = render("precision");
	chk_expect_in(tex, "not meaningfully different for \\texttt{v2}");
	/* GPU 2's fp64 stays slower: the verdicts differ, each GPU's own */
	chk_expect_in(tex, "\\item GPU~2: At $n");
	free(tex);
	/* four times as fast in fp64 */
	mode = M_FP64_FAST;
	assert_int_equal(build(dbpath), 0);
	tex = render("precision");
	chk_expect_in(tex, "shorter in fp64 beyond the practical threshold "
		      "for \\texttt{v2}");
	free(tex);
	mode = M_NORMAL;
}

/* The peak and the library are the kernel's stored traits, never its
 * name: the library's product under another name keeps the FP64
 * tensor-core peak and stays the library; cuBLAS stored without that
 * trait is set against the CUDA cores' FP64 peak, above which its rate
 * lies, and is no longer said to run on the tensor cores. */
static void test_traits_decide(void **state)
{
	char want[1024];
	char *tex, *sec;
	double g = gmed(0, 6, 1, 2);

	(void)state;
	mode = M_NORMAL;
	assert_int_equal(build(dbpath), 0);
	assert_int_equal(chk_sql(dbpath, "UPDATE config SET variant ="
				 " 'dgemmtc' WHERE variant = 'cublas';"
				 "UPDATE kernel SET name = 'dgemmtc'"
				 " WHERE name = 'cublas'"), 0);
	tex = render("precision");
	sec = chk_section_text(tex, "Single against double precision in the "
			       "matrix product");
	snprintf(want, sizeof(want), "\\item GPU~1: The library's DGEMM "
		 "(\\texttt{dgemmtc}) runs on the FP64 tensor cores, at "
		 "%s\\,\\%% of their peak (%s~GFLOP/s at the recorded clock)",
		 chk_tex_num(100 * g / (2 * PEAK64), 3),
		 chk_tex_num(2 * PEAK64, 5));
	chk_expect_in(sec, want);
	/* still the library the own kernels are set against */
	chk_expect_in(sec, "\\texttt{v5}, reaches");
	free(sec);
	free(tex);

	assert_int_equal(build(dbpath), 0);
	assert_int_equal(chk_sql(dbpath, "UPDATE kernel SET traits = 1"
				 " WHERE name = 'cublas'"), 0);
	tex = render("precision");
	sec = chk_section_text(tex, "Single against double precision in the "
			       "matrix product");
	/* without the trait: its fp64 rate is set against the CUDA
	 * cores' FP64 peak, which it exceeds, so no share is printed
	 * and the note says why */
	assert_null(strstr(sec, "The library's DGEMM"));
	chk_expect_in(sec, "\\texttt{cublas} & CUDA cores & ");
	chk_expect_in(sec, "--: the rate exceeds the peak it would be a "
		      "share of");
	free(sec);
	free(tex);
}

static void test_one_device(void **state)
{
	char *tex;

	(void)state;
	mode = M_NORMAL;
	assert_int_equal(build(dbpath), 0);
	tex = chk_render_dev(dbpath, "precision,conclusions", "en",
			     "GPU-pppp");
	assert_null(strstr(tex, "GPU~1:"));
	assert_null(strstr(tex, "NVIDIA Future GPU"));
	chk_expect_in(tex, "\\item At $n = \\num{4096}$ the kernel time");
	chk_expect_in(tex, "they come from one GPU");
	free(tex);
}

/* The time and accuracy findings flip with the data: fp64 four times
 * as fast, as fast, less accurate. */
static void test_flips(void **state)
{
	char *tex;

	(void)state;
	mode = M_FP64_FAST;
	assert_int_equal(build(dbpath), 0);
	tex = render("precision");
	chk_expect_in(tex, "shorter in fp64 beyond the practical threshold "
		      "for \\texttt{v2}");
	free(tex);
	/* as fast: no meaningful difference, in words */
	mode = M_FP64_SAME;
	assert_int_equal(build(dbpath), 0);
	tex = render("precision");
	chk_expect_in(tex, "not meaningfully different for \\texttt{v2}");
	free(tex);
	mode = M_FP64_WORSE;
	assert_int_equal(build(dbpath), 0);
	tex = render("precision");
	chk_expect_in(tex, "fp64 is not more accurate than fp32 with "
		      "\\texttt{v2}, \\texttt{v3}");
	free(tex);
	mode = M_NORMAL;
}

/* A largest error above k u is named, with its multiple of the bound. */
static void test_bound_exceeded(void **state)
{
	char want[256], q[512];
	char *tex;

	(void)state;
	mode = M_NORMAL;
	assert_int_equal(build(dbpath), 0);
	snprintf(q, sizeof(q), "UPDATE stat SET median = %.17g, min = %.17g, "
		 "max = %.17g, mean = %.17g WHERE metric = 'acc_max' AND "
		 "config_id IN (SELECT id FROM config WHERE variant = 'v3' "
		 "AND precision = 'fp32' AND n = 1024 AND suite = "
		 "'precision')", 2048 * unit[0], 2048 * unit[0],
		 2048 * unit[0], 2048 * unit[0]);
	assert_int_equal(chk_sql(dbpath, q), 0);
	tex = render("precision");
	(void)want;
	chk_expect_in(tex, "; 1 of the 58 configurations exceed the "
		      "worst-case bound $k u$");
	assert_null(strstr(tex, "far inside the worst-case bound"));
	free(tex);
}

/* Kernels with identical errors are named as one group, the others
 * after them; distinct errors give no such sentence. */
static void test_same_errors(void **state)
{
	char q[512];
	char *tex;

	(void)state;
	mode = M_NORMAL;
	assert_int_equal(build(dbpath), 0);
	tex = render("precision");
	assert_null(strstr(tex, "identical errors"));
	free(tex);
	for (int m = 0; m < 2; m++) {
		snprintf(q, sizeof(q), "UPDATE stat SET median = %.17g WHERE "
			 "metric = '%s' AND config_id IN (SELECT id FROM "
			 "config WHERE variant IN ('v2', 'v3', 'v4') AND "
			 "precision = 'fp32' AND n = 4096 AND suite = "
			 "'precision')", m ? acc_mean(3, 0, 4096) :
			 acc_max(3, 0, 4096), m ? "acc_mean" : "acc_max");
		assert_int_equal(chk_sql(dbpath, q), 0);
	}
	tex = render("precision");
	/* v2, v3 and v4 now carry v5's errors, the others do not */
	assert_null(strstr(tex, "Every kernel has the same errors"));
	free(tex);
	for (int m = 0; m < 2; m++)
		for (int p = 0; p < 2; p++) {
			snprintf(q, sizeof(q), "UPDATE stat SET median = "
				 "%.17g WHERE metric = '%s' AND config_id IN "
				 "(SELECT id FROM config WHERE precision = "
				 "'%s' AND n = 4096 AND suite = 'precision')",
				 m ? acc_mean(3, p, 4096) :
				 acc_max(3, p, 4096), m ? "acc_mean" :
				 "acc_max", prec[p]);
			assert_int_equal(chk_sql(dbpath, q), 0);
		}
	tex = render("precision");
	chk_expect_in(tex, "Every kernel has the same errors in each "
		      "precision on every GPU");
	free(tex);
}

/* ---- the other sections, absence, the device tables ---------------------- */

/* The suite's rows change nothing in the sections of the other suites:
 * cuBLAS's SGEMM and DGEMM here are no reference, no fp64 rate meets
 * the FP32 peak. A row that repeats another suite's point is a repeated
 * measurement by the difference rule and moves the practical threshold
 * (said in the method section), so the comparison runs without it. */
static void test_no_leak(void **state)
{
	char *a, *b, *ca, *cb;

	(void)state;
	mode = M_NORMAL;
	assert_int_equal(build_mixed(mixdb), 0);
	if (getenv("RENDER_PREC_MIXED"))
		assert_int_equal(build_mixed(getenv("RENDER_PREC_MIXED")), 0);
	/* with the repeat: one pair measured in two sessions, none
	 * without the suite */
	a = chk_render_lang(plaindb, "intro", "en");
	b = chk_render_lang(mixdb, "intro", "en");
	chk_expect_in(a, "(from 0 configurations measured in two "
		      "sessions of one device;");
	chk_expect_in(b, "(from 1 configurations measured in two "
		      "sessions of one device;");
	free(a);
	free(b);
	assert_int_equal(unrepeat(mixdb), 0);
	b = chk_render_lang(mixdb, "intro", "en");
	chk_expect_in(b, "(from 0 configurations measured in two "
		      "sessions of one device;");
	free(b);
	a = chk_render_lang(plaindb, "versions,summary,cross,transfer,ilp,"
			    "versions-data", "en");
	b = chk_render_lang(mixdb, "versions,summary,cross,transfer,ilp,"
			    "versions-data", "en");
	/* the title page names the experiments, the dates and the file;
	 * the sections after it must be the same to the byte */
	assert_non_null(strstr(a, "\\end{titlepage}"));
	assert_non_null(strstr(b, "\\end{titlepage}"));
	assert_string_equal(strstr(a, "\\end{titlepage}"),
			    strstr(b, "\\end{titlepage}"));
	free(a);
	free(b);
	/* textbook R states no finding of float against double in the
	 * product (SEEDS): the conclusions read the same with the suite */
	a = chk_render_lang(plaindb, "conclusions", "en");
	b = chk_render_lang(mixdb, "conclusions", "en");
	ca = chk_section_text(a, "Conclusions");
	cb = chk_section_text(b, "Conclusions");
	assert_string_equal(ca, cb);
	free(a);
	free(b);
	free(ca);
	free(cb);
	a = chk_render_lang(mixdb, "precision", "en");
	chk_expect_in(a, "the FP64 peak of this device is unknown");
	free(a);
}

static void test_absent(void **state)
{
	char *tex;

	(void)state;
	tex = chk_render_lang(plaindb, NULL, "en");
	assert_null(strstr(tex, "\\section{Single against double"));
	assert_null(strstr(tex, "mmreport-table: precision"));
	assert_null(strstr(tex, "Single against double precision"));
	/* FP64 only where the method states the peak rule, which names
	 * every peak a share may be of, whatever the suites measured */
	{
		const char *rule = strstr(tex, "\\emph{\\% of peak} names its "
					  "peak: FP32 or FP64");
		const char *eol, *f;

		assert_non_null(rule);
		eol = strchr(rule, '\n');
		assert_non_null(eol);
		for (f = strstr(tex, "FP64"); f; f = strstr(f + 1, "FP64"))
			if (f < rule || f > eol)
				fail_msg("FP64 outside the rule: %.60s", f);
	}
	assert_null(strstr(tex, "In a matrix product double precision"));
	free(tex);
	free(chk_absent_render(plaindb, "precision"));
}

/* The FP64 peak beside the FP32 one where a device has it, "--" where
 * another lacks it; never in the generic property list. */
static void test_device_tables(void **state)
{
	struct chk_table t;
	char num[64], want[128];
	char *tex;
	int r, i;

	(void)state;
	mode = M_NORMAL;
	assert_int_equal(build(dbpath), 0);
	tex = render("intro,device");
	chk_expect_in(tex, "Peak FP64: SMs $\\times$ FP64 units per SM");
	render_sig_format(PEAK64, 4, num, sizeof(num));
	snprintf(want, sizeof(want), "\\num{%s}", num);
	/* the introduction's table of the GPUs and the appendix's */
	for (i = 0; i < 2; i++) {
		if (chk_table_find(tex, i ? "device" : "hardware", &t))
			fail_msg("no %s table", i ? "device" : "hardware");
		assert_int_equal(t.ncols[0], 3);
		for (r = 0; r < t.nrows; r++)
			if (!strcmp(t.cell[r][0],
				    "Peak FP64 performance [GFLOP/s]"))
				break;
		assert_true(r < t.nrows);
		assert_string_equal(t.cell[r][1], want);
		assert_string_equal(t.cell[r][2], "--");
		chk_table_free(&t);
	}
	chk_expect_in(tex, "FP64 units per multiprocessor");
	assert_null(strstr(tex, "peak\\_fp64"));
	/* the objective names the experiment */
	chk_expect_in(tex, "\\emph{Single against double precision} "
		      "(textbook~R)");
	free(tex);
}

static void test_sections(void **state)
{
	(void)state;
	chk_sections_expect("intro,versions,precision,", "precision");
}

static void test_latex(void **state)
{
	static const char *const pre[] = {"precision.", "intro.obj.precision",
		"prop.peak_fp64", "device.note_fp64",
		"hw.peak_flops", "prop.fp64_units_per_sm"};

	(void)state;
	if (!fix_have("pdflatex"))
		skip();
	mode = M_NORMAL;
	assert_int_equal(build(dbpath), 0);
	/* a sentence of more than three words copied from English is
	 * untranslated; a name or a formula may be the same */
	chk_langs_compile(dbpath, pre, sizeof(pre) / sizeof(pre[0]),
			  "RENDER_PREC_PDF", 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_speed_tables),
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_traits_decide),
		cmocka_unit_test(test_one_device),
		cmocka_unit_test(test_flips),
		cmocka_unit_test(test_bound_exceeded),
		cmocka_unit_test(test_same_errors),
		cmocka_unit_test(test_no_leak),
		cmocka_unit_test(test_absent),
		cmocka_unit_test(test_device_tables),
		cmocka_unit_test(test_sections),
		cmocka_unit_test(test_latex),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     teardown);
}
