/* Textbook R's rectangular product padded to the block (issue 13, item
 * 2). A fixture of its own, built through store/, with known samples:
 * the tables hold the fixture's medians, the padded-work ratios are
 * computed here independently, the findings' numbers are recomputed
 * from the samples (medians, ratios, Mann-Whitney p), the conclusions
 * follow the data and flip when the data do, a failed configuration is
 * shown as failed and never as a speed, the other sections do not pick
 * up the suite's rows, a database without the suite renders none of
 * it, and the report compiles in every language without a line in the
 * margin. */
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

static char *tmpdir, *dbpath, *plaindb;
static long long dev_id;

#define NS CHK_NS
#define SMS 132
#define PEAK32 66908.16
#define PEAK64 33454.08
#define NSH 4
#define NB 3
#define UUID_A "GPU-aaaaaaaa-1111-2222-3333-444444444444"

/* the shapes (m, k, n), in order of their useful work */
static const int shp[NSH][3] = {
	{500, 2000, 100}, {1000, 3000, 500}, {3000, 1000, 2000},
	{4097, 1025, 2049}
};
static const int blk[NB] = {8, 16, 32};
static const char *const prec[2] = {"fp32", "fp64"};
/* median GFLOP/s: [precision][shape][block 8, 16, 32, cuBLAS]; in fp32
 * at 3000x1000x2000 blocks 16 and 32 tie (a lead that is no lead) */
static const double gfl[2][NSH][NB + 1] = {
	{{1500, 1800, 1350, 9000}, {5200, 7600, 7000, 38000},
	 {5600, 8200, 8200, 45000}, {5400, 8600, 8900, 48000}},
	{{800, 950, 640, 6000}, {2700, 3900, 3800, 30000},
	 {2900, 4200, 4300, 40000}, {2800, 4400, 4600, 45000}},
};

/* build flags */
#define RF_NOFAIL 1		/* every configuration ok */
#define RF_NOPEAK64 2		/* the device stores no FP64 peak */
#define RF_ADD 4		/* add to the render fixture's device A */

/* the failed configuration: fp64, 3000x1000x2000, block 8 */
static int failed(int flags, int p, int s, int b)
{
	return !(flags & RF_NOFAIL) && p == 1 && s == 2 && b == 0;
}

static double unit(int p)
{
	return ldexp(1.0, p ? -53 : -24);
}

/* the error of C's sampled entries in units of u: a mean that grows
 * like sqrt(k), a maximum eight times it; the library a little better,
 * the blocks a little apart */
static double acc_u(int p, int s, int b, int mean)
{
	double m = 0.02 * sqrt((double)shp[s][1]) * (b == NB ? 0.7 : 1) *
		   (1 + 0.01 * b) * (p ? 1.3 : 1);

	return mean ? m : 8 * m;
}

static double work(int s)
{
	return 2.0 * shp[s][0] * shp[s][1] * shp[s][2];
}

static int shift_of(int p, int b)
{
	return b + 3 * p;
}

static int put(struct store *st, long long sid, int flags, int p, int s,
	       int b)
{
	struct store_metric m[4];
	struct store_config c;
	double g[NS], t[NS], amax[1], amean[1];
	int i, lib = b == NB, bb = lib ? 0 : blk[b];

	memset(&c, 0, sizeof(c));
	c.session_id = sid;
	c.suite = (char *)VOCAB_SUITE_RECT;
	c.variant = (char *)(lib ? VOCAB_VARIANT_CUBLAS : VOCAB_VARIANT_RECT);
	if (fix_kernel_put(st, sid, c.variant))
		return -1;
	c.m = shp[s][0];
	c.k = shp[s][1];
	c.n = shp[s][2];
	c.block_x = c.block_y = bb;
	c.ilp = 1;
	c.host_mem = (char *)"";
	c.precision = (char *)prec[p];
	c.status = (char *)"ok";
	c.finished_at = (char *)"2026-03-02T10:10:00Z";
	c.rel_error = (p ? 3e-16 : 2e-7) * (1 + 0.1 * s + 0.01 * b);
	c.flops = work(s);
	c.bytes = (p ? 8.0 : 4.0) * ((double)shp[s][0] * shp[s][1] +
				     (double)shp[s][1] * shp[s][2] +
				     (double)shp[s][0] * shp[s][2]);
	c.working_set = c.bytes;
	c.seconds = 1;
	c.grp = 100 + 2 * s + p;
	c.grid_blocks = lib ? 0 : (long long)((shp[s][0] + bb - 1) / bb) *
				  ((shp[s][2] + bb - 1) / bb);
	c.wave_blocks = lib ? 0 : (long long)SMS * (bb == 8 ? 32 : bb == 16 ?
						    8 : 2);
	c.l2_bytes = 52428800LL;
	c.start_sm_clock_mhz = c.end_sm_clock_mhz = 1980;
	c.has_throttle = 1;
	/* the smallest shape's grids stay below one wave (of 8 to 32
	 * blocks per SM): the regime an older measure stored, which render
	 * no longer reads (block 32's 64 blocks alone leave SMs idle) */
	c.regime = (char *)(!lib && s == 0 ? "below_wave" : "");
	if (failed(flags, p, s, b)) {
		c.status = (char *)"failed";
		c.reason = (char *)"relative error 2.1e-01 exceeds 1e-04";
		return store_config_insert(st, &c, NULL, 0, 1);
	}
	chk_spread(gfl[p][s][b], shift_of(p, b), g);
	for (i = 0; i < NS; i++)
		t[i] = work(s) / (g[i] * 1e6);
	amax[0] = acc_u(p, s, b, 0) * unit(p);
	amean[0] = acc_u(p, s, b, 1) * unit(p);
	m[0] = (struct store_metric){VOCAB_METRIC_KERNEL, "ms", t, NS};
	m[1] = (struct store_metric){VOCAB_METRIC_GFLOPS, "GFLOP/s", g, NS};
	m[2] = (struct store_metric){VOCAB_METRIC_ACC_MAX, "", amax, 1};
	m[3] = (struct store_metric){VOCAB_METRIC_ACC_MEAN, "", amean, 1};
	c.samples = NS;
	return store_config_insert(st, &c, m, 4, 1);
}

static struct store_prop props[] = {
	{"compute_capability", "9.0", "", 9.0, 1},
	{"clock_rate", "1980", "MHz", 1980, 1},
	{"multiprocessor_count", "132", "", 132, 1},
	{"l2_size", "51200", "KiB", 51200, 1},
	{"fp64_units_per_sm", "64", "", 64, 1},
	{"peak_fp64", "33454", "GFLOP/s", PEAK64, 1},
};

/* The device: a new one, or with RF_ADD the render fixture's device A
 * as it is (an upsert would replace its properties). */
static int device(struct store *st, int flags, int64_t *id)
{
	struct store_device d;
	long long found;

	if (flags & RF_ADD) {
		if (chk_device_find(st, UUID_A, &found))
			return -1;
		*id = found;
		return 0;
	}
	memset(&d, 0, sizeof(d));
	d.uuid = (char *)"GPU-eeeeeeee-1111-2222-3333-444444444444";
	d.name = (char *)"NVIDIA H100 80GB HBM3";
	d.cc_major = 9;
	d.sm_count = SMS;
	d.peak_fp32_gflops = PEAK32;
	d.peak_mem_gbs = 3352.32;
	d.props = props;
	/* without an FP64 peak: the last two properties left out */
	d.nprops = sizeof(props) / sizeof(props[0]) -
		   (flags & RF_NOPEAK64 ? 2 : 0);
	if (store_device_upsert(st, &d))
		return -1;
	*id = d.id;
	return 0;
}

static int build(const char *path, int flags)
{
	struct store_session s;
	struct store *st;
	char err[256];
	int64_t did;
	int rc = 0, p, i, b;

	if (!(flags & RF_ADD))
		remove(path);
	if (store_open(path, flags & RF_ADD ? STORE_WRITE : STORE_CREATE, &st,
		       err, sizeof(err)))
		return -1;
	if (device(st, flags, &did)) {
		store_free(st);
		return -1;
	}
	fix_session_init(&s, NS);
	s.uuid = (char *)"sess-rect-1";
	s.device_id = did;
	s.started_at = (char *)"2026-03-02T10:00:00Z";
	s.hostname = (char *)"lab-node-3";
	s.cmdline = (char *)"mmreport measure --suite rect";
	s.seed = 7;
	s.suites = (char *)"rect";
	rc |= store_session_insert(st, &s);
	for (p = 0; p < 2 && !rc; p++)
		for (i = 0; i < NSH; i++)
			for (b = 0; b <= NB; b++)
				rc |= put(st, s.id, flags, p, i, b);
	if (!rc)
		rc = store_session_finish(st, s.id, "2026-03-02T10:30:00Z",
					  "complete", NULL);
	dev_id = did;
	store_free(st);
	return rc ? -1 : 0;
}

/* The suite added to the render fixture's device A at path. */
static int build_added(const char *path)
{
	return build(path, RF_ADD);
}

/* The fixture where RENDER_RECT_DB names. */
static int build_kept(const char *path)
{
	return build(path, 0);
}

static int setup(void **state)
{
	(void)state;
	return chk_fixture_make(&tmpdir, &dbpath, "rect.db", &plaindb,
				"RENDER_RECT_DB", build_kept);
}

/* ---- independent arithmetic ------------------------------------------- */

static char *render(const char *sections)
{
	return chk_render_lang(dbpath, sections, "en");
}

static void sql(const char *q)
{
	assert_int_equal(chk_sql(dbpath, q), 0);
}

static double med_g(int p, int s, int b)
{
	return chk_spread_median(gfl[p][s][b], shift_of(p, b));
}

static void samples_g(int p, int s, int b, double *g)
{
	chk_spread(gfl[p][s][b], shift_of(p, b), g);
}

static void samples_t(int p, int s, int b, double *t)
{
	double g[NS];
	int i;

	samples_g(p, s, b, g);
	for (i = 0; i < NS; i++)
		t[i] = work(s) / (g[i] * 1e6);
}

static double med_t(int p, int s, int b)
{
	double t[NS];
	struct chk_stats st;

	samples_t(p, s, b, t);
	chk_stats(t, NS, &st);
	return st.median;
}

static double p_g(int p, int s, int a, int b)
{
	double x[NS], y[NS];

	samples_g(p, s, a, x);
	samples_g(p, s, b, y);
	return chk_mwu_p(x, NS, y, NS);
}


/* The difference rule (analysis/rules.h) on the fixture's numbers: a
 * lead is a finding only where p < 0.05 and the medians lie at least
 * the practical threshold apart. The fixture measures each point in one
 * session, so no spread of repeated measurements raises the threshold
 * above its floor of 1 %. */
static int meaningful(double p, double ratio)
{
	return p < 0.05 && (ratio >= 1.01 || 1 / ratio >= 1.01);
}

/* The rule's idle-SM mark: fewer blocks than SMs. Of the smallest
 * shape's grids only block 32's, 16 x 4 = 64 blocks, is; blocks 8 and
 * 16 run 819 and 224, below one wave but a block on every SM. */
static int idle(int s, int b)
{
	int bb = blk[b];

	return b < NB && (long long)((shp[s][0] + bb - 1) / bb) *
	       ((shp[s][2] + bb - 1) / bb) < SMS;
}

/* The padded-work ratio, from the padded dimensions. */
static double pad(int s, int b)
{
	double r = 1;
	int d;

	for (d = 0; d < 3; d++) {
		int x = shp[s][d], q = x / b + (x % b != 0);

		r *= (double)(q * b) / x;
	}
	return r;
}

/* The fastest ok block of (p, s) by the medians, -1 none. */
static int best_of(int flags, int p, int s, int except)
{
	int b, best = -1;

	for (b = 0; b < NB; b++)
		if (b != except && !failed(flags, p, s, b) &&
		    (best < 0 || med_g(p, s, b) > med_g(p, s, best)))
			best = b;
	return best;
}

static void shape_tex(int s, char *buf, size_t len)
{
	snprintf(buf, len, "%d\\(\\times\\)%d\\(\\times\\)%d", shp[s][0],
		 shp[s][1], shp[s][2]);
}

/* The same in prose, where a line may break after each sign. */
#define PX "\\(\\times\\)\\penalty700 "
#define PROSE0 "500" PX "2000" PX "100"
#define PROSE1 "1000" PX "3000" PX "500"
#define PROSE3 "4097" PX "1025" PX "2049"

static void shape_prose(int s, char *buf, size_t len)
{
	snprintf(buf, len, "%d" PX "%d" PX "%d", shp[s][0], shp[s][1],
		 shp[s][2]);
}

/* ---- the table ------------------------------------------------------------ */

/* One table: per shape the padded-work ratio of each block, and per
 * precision the fastest block with its median GFLOP/s, marked where its
 * grid leaves SMs idle. */
static void test_table(void **state)
{
	static const double want0[NB] = {1.048, 1.147, 1.321};
	struct chk_table t;
	char where[64], want[128];
	char *tex;
	int s, b, p;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("rect");
	chk_table_need(tex, "rect-speed", dev_id, &t);
	assert_int_equal(t.nrows, NSH);
	for (s = 0; s < NSH; s++) {
		shape_tex(s, want, sizeof(want));
		assert_string_equal(t.cell[s][0], want);
		assert_int_equal(t.ncols[s], 1 + NB + 4);
		for (b = 0; b < NB; b++) {
			snprintf(where, sizeof(where), "pad s%d b%d", s, b);
			chk_expect_lead(t.cell[s][1 + b], pad(s, blk[b]),
					where);
		}
		for (p = 0; p < 2; p++) {
			int best = best_of(0, p, s, -1);
			const char *c = t.cell[s][2 + NB + 2 * p];

			snprintf(want, sizeof(want), "%d", blk[best]);
			assert_string_equal(t.cell[s][1 + NB + 2 * p], want);
			snprintf(where, sizeof(where), "p%d s%d", p, s);
			chk_expect_lead(c, med_g(p, s, best), where);
			if (idle(s, best))
				chk_expect_in(c, "\\rgmark{w}");
			else
				assert_null(strstr(c, "\\rgmark"));
		}
	}
	/* the contract's numbers, to the digits the table prints */
	for (b = 0; b < NB; b++)
		chk_expect_lead(t.cell[0][1 + b], want0[b], "contract");
	chk_expect_lead(t.cell[3][3], 4128.0 * 1056 * 2080 /
			(4097.0 * 1025 * 2049), "4097 at 32");
	chk_table_free(&t);
	/* both sides of the rule at the smallest shape */
	assert_true(idle(0, 2));
	assert_false(idle(0, 0) || idle(0, 1) || idle(1, 2));
	chk_expect_in(tex, "\\item \\texttt{rect}, 3000\\(\\times\\)1000"
		      "\\(\\times\\)2000, block 8\\(\\times\\)8, fp64: "
		      "\\textit{failed} --- relative error");
	free(tex);
}

/* ---- findings ------------------------------------------------------------- */

static void test_findings(void **state)
{
	char want[2048], sh[64], item[512];
	char *tex, *sec;
	double rl, rw, rt, e, lo = INFINITY, hi = -INFINITY;
	int s, p, n;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("rect");
	sec = chk_section_text(tex, "Rectangular matrix product padded to "
			       "the block");
	/* no p-value: effects */
	assert_null(strstr(sec, "$p"));
	/* the fastest block by shape, with its lead by the rule */
	for (p = 0; p < 2; p++)
		for (s = 0; s < NSH; s++) {
			int bst = best_of(0, p, s, -1);
			int nxt = best_of(0, p, s, bst);
			double r = med_g(p, s, bst) / med_g(p, s, nxt);

			shape_prose(s, sh, sizeof(sh));
			if (meaningful(p_g(p, s, nxt, bst), r))
				snprintf(item, sizeof(item), "%s $b = %d$, "
					 "\\num{", sh, blk[bst]);
			else
				snprintf(item, sizeof(item), "%s $b = %d$, no "
					 "meaningful difference from $b = %d$",
					 sh, blk[bst], blk[nxt]);
			chk_expect_in(sec, item);
		}
	chk_expect_in(sec, "times the GFLOP/s of $b = ");
	chk_expect_in(sec, "(95\\,\\% CI ");
	/* the tie at 3000x1000x2000 is no lead */
	snprintf(want, sizeof(want), "3000" PX "1000" PX "2000 $b = 16$, no "
		 "meaningful difference from $b = 32$");
	chk_expect_in(sec, want);
	/* padding at 500x2000x100: block 32 against block 8 */
	rw = pad(0, 32);
	rl = pad(0, 8);
	for (p = 0; p < 2; p++) {
		rt = med_t(p, 0, 2) / med_t(p, 0, 0);
		e = rt / (rw / rl);
		snprintf(want, sizeof(want), "In %s at %s, $b = 32$ pads the "
			 "work to %s times the useful work and $b = 8$ to %s, "
			 "a ratio of %s; $b = 32$ takes ", prec[p], PROSE0,
			 chk_tex_num(rw, 3), chk_tex_num(rl, 3),
			 chk_tex_num(rw / rl, 3));
		chk_expect_in(sec, want);
		chk_expect_in(sec, fabs(e - 1) <= 0.1 ? "Per padded "
			      "multiply-add the two blocks run within" :
			      e > 1 ? "The time ratio exceeds the padding" :
			      "The time ratio stays below the padding");
	}
	/* no other shape pads by 10 % or more */
	assert_null(strstr(sec, "In fp32 at " PROSE1));
	/* fp64 over fp32, the fastest blocks of each, over the shapes */
	for (s = 0; s < NSH; s++) {
		double r = med_t(1, s, best_of(0, 1, s, -1)) /
		    med_t(0, s, best_of(0, 0, s, -1));

		lo = fmin(lo, r);
		hi = fmax(hi, r);
	}
	snprintf(want, sizeof(want), "\\texttt{rect} at the fastest block of "
		 "each precision %s--%s, cuBLAS ", chk_tex_num(lo, 3),
		 chk_tex_num(hi, 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "stand %s~:~1, the time ratio of a "
		 "kernel bound by its arithmetic; \\texttt{rect}'s %s--%s",
		 chk_tex_num(PEAK32 / PEAK64, 3), chk_tex_num(lo, 3),
		 chk_tex_num(hi, 3));
	chk_expect_in(sec, want);
	chk_expect_in(sec, "these data cannot tell the two apart");
	/* against cuBLAS and the peak of its own units, largest shape */
	snprintf(want, sizeof(want), "In fp32 at " PROSE3 " the fastest block "
		 "reaches %s of cuBLAS and %s of the peak of its units (%s~"
		 "GFLOP/s), cuBLAS %s.", chk_tex_pct(100 * med_g(0, 3, 2) /
		 med_g(0, 3, NB), 3), chk_tex_pct(100 * med_g(0, 3, 2) /
		 PEAK32, 3), chk_tex_num(PEAK32, 4), chk_tex_pct(100 *
		 med_g(0, 3, NB) / PEAK32, 3));
	chk_expect_in(sec, want);
	/* in fp64 each against the peak of the units it runs on: rect
	 * on the CUDA cores, cuBLAS's DGEMM on the FP64 tensor cores of
	 * compute capability 9.0 at twice their rate; above the CUDA
	 * cores' peak, below the tensor cores' */
	assert_true(med_g(1, 3, NB) > PEAK64);
	assert_true(med_g(1, 3, NB) < 2 * PEAK64);
	snprintf(want, sizeof(want), "In fp64 at " PROSE3 " the fastest block "
		 "reaches %s of cuBLAS and %s of the FP64 peak of the CUDA "
		 "cores (%s~GFLOP/s); cuBLAS runs on the FP64 tensor cores, %s "
		 "of their peak.", chk_tex_pct(100 * med_g(1, 3, 2) /
		 med_g(1, 3, NB), 3), chk_tex_pct(100 * med_g(1, 3, 2) /
		 PEAK64, 3), chk_tex_num(PEAK64, 4), chk_tex_pct(100 *
		 med_g(1, 3, NB) / (2 * PEAK64), 3));
	chk_expect_in(sec, want);
	assert_null(strstr(sec, "would exceed the peak"));
	chk_expect_in(sec, "The suite has no counter pass");
	/* accuracy in units of u: the largest error of each */
	for (p = 0; p < 2; p++) {
		double rmax = 0, cmax = 0;

		for (s = 0; s < NSH; s++) {
			rmax = fmax(rmax, acc_u(p, s, best_of(0, p, s, -1), 0));
			cmax = fmax(cmax, acc_u(p, s, NB, 0));
		}
		snprintf(want, sizeof(want), "Accuracy in %s ($u = %s$): "
			 "\\texttt{rect} at most %s~$u$, cuBLAS at most %s~$u$, "
			 "within the classical bound $k u$ ($k \\le 3000$)",
			 prec[p], p ? "2^{-53}" : "2^{-24}",
			 chk_tex_num(rmax, 3), chk_tex_num(cmax, 3));
		chk_expect_in(sec, want);
	}
	n = 2 * NSH * NB;
	snprintf(want, sizeof(want), "\\item Only %d of %d configurations of "
		 "\\texttt{rect} passed verification", n - 1, n);
	chk_expect_in(sec, want);
	chk_expect_in(sec, "At " PROSE0 " some points ran fewer blocks "
		      "than the GPU has SMs");
	/* the largest block's idle SMs explain why it loses there */
	chk_expect_in(sec, PROSE0 " $b = 16$");
	chk_expect_in(sec, ", as $b = 32$'s grid of 64 blocks leaves some of "
		      "the 132~SMs idle");
	/* the failed block is no speed: no sentence names it */
	assert_null(strstr(sec, "$b = 8$, \\num{2900}"));
	chk_expect_in(tex, "\\textbf{Take-away.} Padding to $b = 32$ adds at "
		      "most \\num{32}\\,\\% work");
	free(sec);
	free(tex);
}

/* A device without an FP64 peak: fp64 is set against no peak, never
 * against the FP32 one. */
static void test_no_peak64(void **state)
{
	char *tex, *sec;

	(void)state;
	assert_int_equal(build(dbpath, RF_NOPEAK64), 0);
	tex = render("rect");
	sec = chk_section_text(tex, "Rectangular matrix product padded to "
			       "the block");
	chk_expect_in(sec, "The database holds no FP64 peak of this device");
	assert_null(strstr(sec, "of the FP64 peak"));
	assert_null(strstr(sec, "tensor cores"));
	assert_null(strstr(sec, "would exceed the peak"));
	assert_null(strstr(sec, "The device's peaks"));
	/* fp32 still against its own */
	chk_expect_in(sec, "In fp32 at " PROSE3 " the fastest block reaches");
	chk_expect_in(sec, "of the peak of its units");
	free(sec);
	free(tex);
}

/* A share above the peak it is of is a defect, said, never printed:
 * cuBLAS's DGEMM at 1.6 times the fixture's rate, 72000 GFLOP/s at the
 * largest shape, lies above even the FP64 tensor-core peak. */
static void test_peak_over(void **state)
{
	char want[512];
	char *tex, *sec;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	sql("CREATE TEMP VIEW lib AS SELECT id FROM config WHERE suite = "
	    "'rect' AND variant = 'cublas' AND precision = 'fp64' AND m = "
	    "4097;"
	    "UPDATE sample SET value = value * 1.6 WHERE metric = 'gflops' "
	    "AND config_id IN lib;"
	    "UPDATE sample SET value = value / 1.6 WHERE metric = 'kernel' "
	    "AND config_id IN lib;"
	    "UPDATE stat SET median = median * 1.6, min = min * 1.6, max = "
	    "max * 1.6 WHERE metric = 'gflops' AND config_id IN lib;"
	    "UPDATE stat SET median = median / 1.6, min = min / 1.6, max = "
	    "max / 1.6 WHERE metric = 'kernel' AND config_id IN lib;");
	assert_true(1.6 * med_g(1, 3, NB) > 2 * PEAK64);
	tex = render("rect");
	sec = chk_section_text(tex, "Rectangular matrix product padded to "
			       "the block");
	chk_expect_in(sec, "cuBLAS would exceed the peak it is measured "
		      "against");
	/* rect's own share stays, of the CUDA cores' FP64 peak */
	snprintf(want, sizeof(want), "and %s of the peak of its units",
		 chk_tex_pct(100 * med_g(1, 3, 2) / PEAK64, 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "cuBLAS %s",
		 chk_tex_pct(100 * 1.6 * med_g(1, 3, NB) / (2 * PEAK64), 3));
	assert_null(strstr(sec, want));
	assert_null(strstr(sec, "tensor cores"));
	/* fp32 is not touched */
	chk_expect_in(sec, "In fp32 at " PROSE3 " the fastest block reaches");
	free(sec);
	free(tex);
}

/* The data decide the verdict on the padding: the most padded block
 * made slower per padded multiply-add, and the fastest block swapped. */
static void test_findings_flip(void **state)
{
	char want[256];
	char *tex, *sec;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	/* fp32 at 500x2000x100: block 32 three times slower; at
	 * 1000x3000x500 block 8 twice as fast, the fastest */
	sql("CREATE TEMP VIEW c32 AS SELECT id FROM config WHERE suite = "
	    "'rect' AND variant = 'rect' AND precision = 'fp32' AND m = 500 "
	    "AND block_x = 32;"
	    "CREATE TEMP VIEW c8 AS SELECT id FROM config WHERE suite = "
	    "'rect' AND variant = 'rect' AND precision = 'fp32' AND m = 1000 "
	    "AND block_x = 8;"
	    "UPDATE sample SET value = value * 3 WHERE metric = 'kernel' AND "
	    "config_id IN c32;"
	    "UPDATE sample SET value = value / 3 WHERE metric = 'gflops' AND "
	    "config_id IN c32;"
	    "UPDATE stat SET median = median * 3, min = min * 3, max = max * 3"
	    " WHERE metric = 'kernel' AND config_id IN c32;"
	    "UPDATE stat SET median = median / 3, min = min / 3, max = max / 3"
	    " WHERE metric = 'gflops' AND config_id IN c32;"
	    "UPDATE sample SET value = value * 2 WHERE metric = 'gflops' AND "
	    "config_id IN c8;"
	    "UPDATE sample SET value = value / 2 WHERE metric = 'kernel' AND "
	    "config_id IN c8;"
	    "UPDATE stat SET median = median * 2, min = min * 2, max = max * 2"
	    " WHERE metric = 'gflops' AND config_id IN c8;"
	    "UPDATE stat SET median = median / 2, min = min / 2, max = max / 2"
	    " WHERE metric = 'kernel' AND config_id IN c8;");
	tex = render("rect");
	sec = chk_section_text(tex, "Rectangular matrix product padded to "
			       "the block");
	chk_expect_in(sec, "The time ratio exceeds the padding: per padded "
		      "multiply-add $b = 32$ is");
	(void)want;
	chk_expect_in(sec, PROSE1 " $b = 8$, ");
	free(sec);
	free(tex);
}

/* Measured in fp32 alone: no fp64 table, no sentence comparing the
 * precisions, and the rest as before. */
static void test_one_precision(void **state)
{
	struct chk_table t;
	char *tex, *sec;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	sql("DELETE FROM config WHERE suite = 'rect' AND precision = 'fp64'");
	tex = render("rect");
	chk_table_need(tex, "rect-speed", dev_id, &t);
	assert_int_equal(t.nrows, NSH);
	/* the fp64 cells empty */
	assert_string_equal(t.cell[0][1 + NB + 2], "--");
	chk_table_free(&t);
	sec = chk_section_text(tex, "Rectangular matrix product padded to "
			       "the block");
	assert_null(strstr(sec, "Kernel time in fp64 over that in fp32"));
	assert_null(strstr(sec, "In fp64"));
	chk_expect_in(sec, "\\item All 12 configurations of \\texttt{rect} "
		      "passed verification");
	free(sec);
	free(tex);
}

/* ---- the other sections, absence, order ----------------------------------- */

/* The rect suite's cuBLAS rows are not the reference, its fp64 rows no
 * FP32 figures: the sections that rank, compare and summarise read
 * the same with and without them. */
static void test_no_leak(void **state)
{
	static const char *const secs = "versions,summary,cross";
	char *a, *b, *path;
	char *sa, *sb;
	int rc;

	(void)state;
	path = chk_path_join(tmpdir, "mixed.db");
	assert_non_null(path);
	chk_body_same(path, secs, build_added);
	/* textbook R states no finding of the padded product (SEEDS):
	 * the conclusions read the same with it */
	assert_int_equal(fix_build(path), 0);
	a = chk_render_sections(path, "conclusions", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(build(path, RF_ADD), 0);
	b = chk_render_sections(path, "conclusions", &rc);
	assert_int_equal(rc, RENDER_OK);
	sa = chk_section_text(a, "Conclusions");
	sb = chk_section_text(b, "Conclusions");
	assert_string_equal(sa, sb);
	free(sa);
	free(sb);
	free(a);
	free(b);
	/* of two devices, the one that measured the suite: its heading,
	 * its findings named */
	a = chk_render_sections(path, "rect", &rc);
	assert_int_equal(rc, RENDER_OK);
	chk_expect_in(a, "\\item GPU~1: In fp32 the fastest block by shape");
	assert_null(strstr(a, "\\item GPU~2"));
	free(a);
	remove(path);
	free(path);
}

static void test_absent(void **state)
{
	char *tex;

	(void)state;
	tex = chk_render_lang(plaindb, NULL, "en");
	assert_null(strstr(tex, "\\section{Rectangular"));
	assert_null(strstr(tex, "mmreport-table: rect"));
	assert_null(strstr(tex, "\\texttt{rect}"));
	assert_null(strstr(tex, "padded to the block"));
	free(tex);
	tex = chk_absent_render(plaindb, "rect");
	assert_null(strstr(tex, "mmreport-table: rect"));
	free(tex);
}

static void test_sections(void **state)
{
	(void)state;
	chk_sections_expect("versions,precision,rect,progression,transfer",
			    "rect");
}

static void test_latex(void **state)
{
	static const char *const pre[] = {"rect.", "intro.obj.rect"};

	(void)state;
	if (!fix_have("pdflatex"))
		skip();
	assert_int_equal(build(dbpath, 0), 0);
	chk_langs_compile(dbpath, pre, sizeof(pre) / sizeof(pre[0]),
			  "RENDER_RECT_PDF", 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_no_peak64),
		cmocka_unit_test(test_peak_over),
		cmocka_unit_test(test_findings_flip),
		cmocka_unit_test(test_one_precision),
		cmocka_unit_test(test_no_leak),
		cmocka_unit_test(test_absent),
		cmocka_unit_test(test_sections),
		cmocka_unit_test(test_latex),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     chk_fixture_teardown);
}
