/* Textbook R's and lecture B's memory sections (issue 13): transpose,
 * bank and coalesce. A fixture of their own, built through store/, with
 * known samples: the tables hold the fixture's medians, the findings'
 * numbers and words are recomputed here from the samples (medians,
 * ratios, Mann-Whitney p), the conclusions follow the data and flip when
 * the data do, a failed configuration is shown as failed, the counters'
 * columns appear only with counters, and a database without these
 * suites renders none of it. */
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

/* ---- the fixture --------------------------------------------------------- */

#define NS CHK_NS		/* samples per configuration */
#define MHZ 1980.0		/* SM clock recorded with each one */
#define SMS 132
#define L2_BYTES 52428800LL	/* 50 MiB */
#define CO_N 16777216LL
#define BANK_THREADS 1048576LL

static const int tr_sizes[4] = {1024, 2048, 4096, 8192};
static const int tr_blocks[2] = {16, 32};
/* GB/s in device memory by kernel (copy, naive, tile, pad) and block */
static const double tr_gbs[4][2] = {
	{2700, 2800}, {1100, 900}, {1800, 1600}, {2300, 2500}
};

static double tr_base(int v, int n, int b)
{
	/* the L2 cache serves the two smaller sizes: faster */
	return tr_gbs[v][b == 32] * (n <= 2048 ? 1.6 : n == 4096 ? 0.97 : 1);
}

static int ways(int s)
{
	int a = s, b = 32, t;

	while (b) {
		t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* ns per access: half a ns per way and a little more */
static double bank_base(int s)
{
	return 0.5 * ways(s) + 0.03;
}

static double model(int s)
{
	return 2.0 / ((s < 8 ? s : 8) + 1);
}

static double off_base(int k)
{
	return k % 8 ? 3000 * (0.9 - 0.002 * (k % 8)) : 3000;
}

/* the strided copy follows the sector model up to 8, then falls */
static double str_base(int s)
{
	return 3000 * model(s) * (s <= 8 ? 1.05 : 1.05 - 0.02 * (s - 8));
}

#define AOS_GBS 1500.0
#define SOA_GBS 2400.0

static struct store_prop props[] = {
	{"compute_capability", "9.0", "", 9.0, 1},
	{"clock_rate", "1980", "MHz", 1980, 1},
	{"l2_size", "51200", "KiB", 51200, 1},
	{"multiprocessor_count", "132", "", 132, 1},
	{"warp_size", "32", "", 32, 1},
};

struct cfg_spec {
	const char *suite, *variant;
	int n, b, param;
	long long count;
	const char *status, *regime;
	double base;		/* of the first metric */
	int shift;
};

/* With counters: the counter pass's single values as measure would
 * store them. */
static int with_counters;

static int put(struct store *st, long long sid, const struct cfg_spec *k)
{
	struct store_metric m[5];
	struct store_config c;
	double a[NS], t[NS], req[1], sec[1], dr[1];
	size_t nm = 0;
	int i;
	double bytes;

	memset(&c, 0, sizeof(c));
	c.session_id = sid;
	c.suite = (char *)k->suite;
	c.variant = (char *)k->variant;
	c.host_mem = (char *)"";
	c.precision = (char *)"fp32";
	c.status = (char *)k->status;
	c.m = c.n = k->n;
	c.count = k->count;
	c.block_x = k->b;
	c.block_y = !strcmp(k->suite, VOCAB_SUITE_TRANSPOSE) ? k->b : 1;
	c.ilp = 1;
	c.param = k->param;
	c.finished_at = (char *)"2026-02-01T10:10:00Z";
	c.rel_error = 0;
	c.seconds = 1;
	c.grp = !strcmp(k->suite, VOCAB_SUITE_TRANSPOSE) ? 1 :
		!strcmp(k->suite, VOCAB_SUITE_BANK) ? 2 : 3;
	c.grid_blocks = 4096;
	c.wave_blocks = 2 * SMS;
	c.l2_bytes = L2_BYTES;
	c.start_sm_clock_mhz = c.end_sm_clock_mhz = MHZ;
	c.has_throttle = 1;
	c.regime = (char *)k->regime;
	bytes = !strcmp(k->suite, VOCAB_SUITE_TRANSPOSE) ?
		8.0 * k->n * k->n : !strcmp(k->variant, VOCAB_VARIANT_AOS) ||
		!strcmp(k->variant, VOCAB_VARIANT_SOA) ? 36.0 * k->count :
		8.0 * k->count;
	c.bytes = c.working_set = bytes;
	if (!strcmp(k->status, "failed")) {
		c.rel_error = 0.5;
		c.reason = (char *)"relative error 5.0e-01 exceeds 1e-04";
	}
	if (strcmp(k->status, "ok"))
		return store_config_insert(st, &c, NULL, 0, 1);
	chk_spread(k->base, k->shift, a);
	if (!strcmp(k->suite, VOCAB_SUITE_BANK)) {
		/* kernel time: 1024 reads per warp, warps per SM */
		for (i = 0; i < NS; i++)
			t[i] = a[i] * 1024 * (k->count / 32.0 / SMS) / 1e6;
		m[nm++] = (struct store_metric){VOCAB_METRIC_NS_ACCESS, "ns",
						a, NS};
	} else {
		for (i = 0; i < NS; i++)
			t[i] = bytes / (a[i] * 1e6);
		m[nm++] = (struct store_metric){VOCAB_METRIC_GBS, "GB/s", a,
						NS};
	}
	m[nm++] = (struct store_metric){VOCAB_METRIC_KERNEL, "ms", t, NS};
	c.samples = NS;
	if (with_counters && (strcmp(k->suite, VOCAB_SUITE_TRANSPOSE) ||
			      !strcmp(k->variant, VOCAB_VARIANT_TR_TILE) ||
			      !strcmp(k->variant, VOCAB_VARIANT_TR_PAD))) {
		int s = k->param;

		req[0] = k->count / 32.0;
		if (strcmp(k->suite, VOCAB_SUITE_COALESCE)) {
			/* a tile's column read: b-way at 32, 8-way at 16
			 * (two rows a warp); padded: none */
			int w = !strcmp(k->suite, VOCAB_SUITE_BANK) ? ways(s) :
				!strcmp(k->variant, VOCAB_VARIANT_TR_PAD) ? 1 :
				k->b == 32 ? 32 : 8;

			if (!strcmp(k->suite, VOCAB_SUITE_BANK))
				req[0] *= 1024;
			sec[0] = req[0] * w;
			m[nm++] = (struct store_metric){
				VOCAB_METRIC_CNT_SHARED_LD_INST, "warp inst",
				req, 1};
			m[nm++] = (struct store_metric){
				VOCAB_METRIC_CNT_SHARED_LD_WAVEFRONTS,
				"wavefronts", sec, 1};
		} else {
			sec[0] = req[0] *
				 (!strcmp(k->variant, VOCAB_VARIANT_OFFSET) ?
				  (s % 8 ? 5 : 4) :
				  !strcmp(k->variant, VOCAB_VARIANT_STRIDE) ?
				  (4 * s < 32 ? 4 * s : 32) :
				  !strcmp(k->variant, VOCAB_VARIANT_AOS) ? 12 :
				  4);
			m[nm++] = (struct store_metric){
				VOCAB_METRIC_CNT_GLOBAL_LD_REQUESTS, "requests",
				req, 1};
			m[nm++] = (struct store_metric){
				VOCAB_METRIC_CNT_GLOBAL_LD_SECTORS, "sectors",
				sec, 1};
			/* DRAM: 4 bytes an element up to stride 16, then
			 * 64; 24 a vector either layout */
			dr[0] = k->count * (strcmp(k->variant,
				VOCAB_VARIANT_STRIDE) ? strcmp(k->variant,
				VOCAB_VARIANT_OFFSET) ? 24 : 4 :
				4 * (s < 16 ? s : 16));
			m[nm++] = (struct store_metric){
				VOCAB_METRIC_CNT_DRAM_READ_BYTES, "bytes", dr,
				1};
		}
	}
	return store_config_insert(st, &c, m, nm, 1);
}

/* Device g (0, or 1: a second one whose layouts are swapped, so that
 * the devices disagree on AoS against SoA and agree on the rest) with
 * its session and configurations. */
static int build_dev(struct store *st, int g, int counters)
{
	struct store_device d;
	struct store_session s;
	int rc = 0, v, i, j, k;

	memset(&d, 0, sizeof(d));
	d.uuid = (char *)(g ? "GPU-dddddddd-1111-2222-3333-444444444444" :
			  "GPU-cccccccc-1111-2222-3333-444444444444");
	d.name = (char *)(g ? "NVIDIA H200" : "NVIDIA H100 80GB HBM3");
	d.cc_major = 9;
	d.sm_count = SMS;
	d.peak_fp32_gflops = 66908.16;
	d.peak_mem_gbs = 3352.32;
	d.props = props;
	d.nprops = sizeof(props) / sizeof(props[0]);
	rc |= store_device_upsert(st, &d);
	fix_session_init(&s, NS);
	s.uuid = (char *)(g ? "sess-mem-2" : "sess-mem-1");
	s.device_id = d.id;
	s.started_at = (char *)"2026-02-01T10:00:00Z";
	s.hostname = (char *)"lab-node-2";
	s.cmdline = (char *)"mmreport measure --suite transpose,bank,coalesce";
	s.seed = 7;
	s.suites = (char *)"transpose,bank,coalesce";
	s.counters = (char *)(counters ? "read" : NULL);
	rc |= store_session_insert(st, &s);
	for (v = 0; v < 4 && !rc; v++)
		for (i = 0; i < 4; i++)
			for (j = 0; j < 2; j++) {
				int n = tr_sizes[i], b = tr_blocks[j];
				/* one failed: never shown as a speed */
				int bad = v == 3 && n == 2048 && b == 16;
				struct cfg_spec c = {
					VOCAB_SUITE_TRANSPOSE, tr_variants[v],
					n, b, 0, (long long)n * n,
					bad ? "failed" : "ok",
					n <= 2048 ? "l2_resident" : "",
					tr_base(v, n, b), v + j};

				rc |= put(st, s.id, &c);
			}
	for (k = 1; k <= 32 && !rc; k++) {
		struct cfg_spec c = {VOCAB_SUITE_BANK, VOCAB_VARIANT_BANK, 0,
				     256, k, BANK_THREADS, "ok", "",
				     bank_base(k), k};

		rc |= put(st, s.id, &c);
	}
	for (k = 0; k <= 32 && !rc; k++) {
		struct cfg_spec o = {VOCAB_SUITE_COALESCE,
				     VOCAB_VARIANT_OFFSET, 0, 256, k, CO_N,
				     k == 31 ? "failed" : "ok", "",
				     off_base(k), k};
		struct cfg_spec t = {VOCAB_SUITE_COALESCE,
				     VOCAB_VARIANT_STRIDE, 0, 256, k, CO_N,
				     "ok", "", str_base(k), k + 1};

		rc |= put(st, s.id, &o);
		if (k)
			rc |= put(st, s.id, &t);
	}
	if (!rc) {
		struct cfg_spec a = {VOCAB_SUITE_COALESCE, VOCAB_VARIANT_AOS,
				     0, 256, 0, CO_N, "ok", "",
				     g ? SOA_GBS : AOS_GBS, 2};
		struct cfg_spec b = {VOCAB_SUITE_COALESCE, VOCAB_VARIANT_SOA,
				     0, 256, 0, CO_N, "ok", "",
				     g ? AOS_GBS : SOA_GBS, 5};

		rc |= put(st, s.id, &a) | put(st, s.id, &b);
	}
	if (!rc)
		rc = store_session_finish(st, s.id, "2026-02-01T10:40:00Z",
					  "complete", NULL);
	if (!g)
		dev_id = d.id;
	return rc;
}

/* The fixture: ndev devices (1 or 2) into path. */
static int build_n(const char *path, int counters, int ndev)
{
	struct store *st;
	char err[256];
	int rc = 0, g;

	remove(path);
	if (store_open(path, STORE_CREATE, &st, err, sizeof(err)))
		return -1;
	with_counters = counters;
	for (g = 0; g < ndev && !rc; g++)
		rc = build_dev(st, g, counters);
	store_free(st);
	with_counters = 0;
	return rc ? -1 : 0;
}

static int build(const char *path, int counters)
{
	return build_n(path, counters, 1);
}

/* The fixture where RENDER_MEMORY_DB names, with the counters where
 * RENDER_MEMORY_COUNTERS is set. */
static int build_kept(const char *path)
{
	return build(path, getenv("RENDER_MEMORY_COUNTERS") != NULL);
}

static int setup(void **state)
{
	(void)state;
	return chk_fixture_make(&tmpdir, &dbpath, "mem.db", &plaindb,
				"RENDER_MEMORY_DB", build_kept);
}

/* ---- helpers ------------------------------------------------------------- */

static char *render(const char *sections)
{
	return chk_render_lang(dbpath, sections, "en");
}

static void sql(const char *q)
{
	assert_int_equal(chk_sql(dbpath, q), 0);
}

/* Multiplies the samples and statistics of metric of the configurations
 * where holds by f. */
static void scale(const char *where, const char *metric, double f)
{
	char q[2048];

	snprintf(q, sizeof(q),
		 "UPDATE sample SET value = value * %.17g WHERE metric = '%s'"
		 " AND config_id IN (SELECT id FROM config WHERE %s);"
		 "UPDATE stat SET min = min * %.17g, max = max * %.17g, "
		 "mean = mean * %.17g, median = median * %.17g, "
		 "stddev = stddev * %.17g, p05 = p05 * %.17g, "
		 "p25 = p25 * %.17g, p75 = p75 * %.17g, p95 = p95 * %.17g "
		 "WHERE metric = '%s' AND config_id IN (SELECT id FROM config "
		 "WHERE %s);", f, metric, where, f, f, f, f, f, f, f, f, f,
		 metric, where);
	sql(q);
}

/* ---- tables -------------------------------------------------------------- */

/* The median of the medians of the strides of conflict w, as the bank
 * table takes it. */
static double class_med(int w, int cycles)
{
	double v[32], t;
	int s, n = 0, i, j;

	for (s = 1; s <= 32; s++)
		if (ways(s) == w)
			v[n++] = chk_spread_median(bank_base(s), s) *
				 (cycles ? MHZ / 1000 : 1);
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
			t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return (v[(n - 1) / 2] + v[n / 2]) / 2;
}

/* The transpose table holds every kernel and block at the largest edge
 * outside the L2 cache (8192; the L2 sizes are never its edge): the
 * fixture's medians, each transpose in % of the copy with the same
 * block; without counters, no counts. */
static void test_transpose_table(void **state)
{
	struct chk_table t;
	char where[64];
	char *tex;
	int r, v, j;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("transpose");
	chk_table_need(tex, "transpose", dev_id, &t);
	assert_int_equal(t.nrows, 8);
	for (r = 0; r < 8; r++) {
		double g, copy;

		v = r / 2;
		j = r % 2;
		g = chk_spread_median(tr_base(v, 8192, tr_blocks[j]), v + j);
		copy = chk_spread_median(tr_base(0, 8192, tr_blocks[j]), j);
		snprintf(where, sizeof(where), "v=%d b=%d", v, tr_blocks[j]);
		assert_int_equal(t.ncols[r], 6);
		snprintf(where, sizeof(where), "%d\\(\\times\\)%d",
			 tr_blocks[j], tr_blocks[j]);
		assert_string_equal(t.cell[r][1], where);
		chk_expect_lead(t.cell[r][2], g, where);
		if (v)
			chk_expect_lead(t.cell[r][3], 100 * g / copy, where);
		assert_string_equal(t.cell[r][4], "{--}");
		assert_string_equal(t.cell[r][5], "{--}");
	}
	chk_table_free(&t);
	/* the failed configuration is listed with its reason */
	chk_expect_in(tex, "\\item \\texttt{tr\\_pad}, \\(n = 2048\\), block "
		  "16\\(\\times\\)16: \\textit{failed} --- relative error");
	free(tex);
}

/* The bank table: per expected conflict its strides, the median of
 * their cycles at the recorded clock and its ratio to the conflict-free
 * strides'; without counters, no counts. */
static void test_bank_table(void **state)
{
	struct chk_table t;
	char s1[16];
	char *tex;
	int s;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("bank");
	chk_table_need(tex, "bank", dev_id, &t);
	assert_int_equal(t.nrows, 6);
	for (s = 0; s < 6; s++) {
		int w = 1 << s;

		snprintf(s1, sizeof(s1), "%d", w);
		assert_string_equal(t.cell[s][0], s1);
		chk_expect_lead(t.cell[s][2], class_med(w, 1), "class cycles");
		chk_expect_lead(t.cell[s][3], class_med(w, 1) /
				class_med(1, 1), "class ratio");
		assert_string_equal(t.cell[s][4], "{--}");
	}
	assert_string_equal(t.cell[0][1], "1, 3, \\ldots, 31");
	assert_string_equal(t.cell[4][1], "16");
	chk_table_free(&t);
	free(tex);
}

/* The coalesce table: offsets 0, 1, 8, strides 1 to 32, the layouts;
 * each in % of its base by the rule (the aligned offset 8 and the
 * misaligned 1 both slower than 0 here). */
static void test_coalesce_table(void **state)
{
	static const int str[] = {1, 2, 4, 8, 16, 32};
	struct chk_table t;
	char where[64];
	char *tex;
	int i;
	double g0 = chk_spread_median(off_base(0), 0);
	double g1 = chk_spread_median(str_base(1), 2);
	double ga = chk_spread_median(AOS_GBS, 2);
	double gb = chk_spread_median(SOA_GBS, 5);

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("coalesce");
	chk_table_need(tex, "coalesce", dev_id, &t);
	assert_int_equal(t.nrows, 11);
	assert_string_equal(t.cell[0][1], "$k = 0$");
	chk_expect_lead(t.cell[0][2], g0, "k=0");
	chk_expect_lead(t.cell[1][2], chk_spread_median(off_base(1), 1), "k=1");
	chk_expect_lead(t.cell[1][3], 100 * chk_spread_median(off_base(1), 1) /
			g0, "k=1 %");
	chk_expect_lead(t.cell[2][3], 100 * chk_spread_median(off_base(8), 8) /
			g0, "k=8 %");
	for (i = 0; i < 6; i++) {
		double g = chk_spread_median(str_base(str[i]), str[i] + 1);

		snprintf(where, sizeof(where), "$s = %d$", str[i]);
		assert_string_equal(t.cell[3 + i][1], where);
		chk_expect_lead(t.cell[3 + i][2], g, where);
		chk_expect_lead(t.cell[3 + i][3], 100 * g / g1, where);
		assert_string_equal(t.cell[3 + i][4], "{--}");
	}
	assert_string_equal(t.cell[9][0], "\\texttt{aos}");
	chk_expect_lead(t.cell[9][2], ga, "aos");
	chk_expect_lead(t.cell[9][3], 100 * ga / gb, "aos %");
	chk_expect_lead(t.cell[10][2], gb, "soa");
	chk_table_free(&t);
	chk_expect_in(tex, "\\texttt{offset}, \\(N = \\num{16777216}\\), block "
		  "256, offset 31: \\textit{failed}");
	free(tex);
}

/* ---- findings ------------------------------------------------------------ */

/* The transpose's sentences: at the largest steady edge (never an L2
 * size), each kernel at its best block; the words follow the rule,
 * with the effect, never a p-value. */
static void test_transpose_findings(void **state)
{
	char want[1024];
	char *tex, *sec;
	int n = 8192;
	/* best blocks at 8192: naive 16, tile 16, pad 32, copy 32 */
	double na = chk_spread_median(tr_base(1, n, 16), 1);
	double ti = chk_spread_median(tr_base(2, n, 16), 2);
	double pa = chk_spread_median(tr_base(3, n, 32), 4);
	double co = chk_spread_median(tr_base(0, n, 32), 1);
	double ti32 = chk_spread_median(tr_base(2, n, 32), 3);
	double pa16 = chk_spread_median(tr_base(3, n, 16), 3);

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("transpose");
	sec = chk_section_text(tex, "Matrix transpose and shared-memory tiles");
	snprintf(want, sizeof(want), "\\item At $n = 8192$, each at its best "
		 "block, the shared-memory tile transposes %s (95\\,\\%% CI ",
		 chk_tex_num(ti / na, 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "times as fast as the naive transpose "
		 "(%s against %s~GB/s).", chk_tex_num(ti, 4), chk_tex_num(na, 4));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "\\item With blocks of $32 \\times 32$ at "
		 "$n = 8192$, padding the tile by one column raises its "
		 "bandwidth %s (95\\,\\%% CI ", chk_tex_num(pa / ti32, 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "times, from %s to %s~GB/s.",
		 chk_tex_num(ti32, 4), chk_tex_num(pa, 4));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "times, from %s to %s~GB/s.",
		 chk_tex_num(ti, 4), chk_tex_num(pa16, 4));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "\\item The fastest transpose at $n = "
		 "8192$, \\texttt{tr\\_pad}, block 32\\(\\times\\)32, reaches "
		 "%s~GB/s, %s of the copy's %s~GB/s (", chk_tex_num(pa, 4),
		 chk_tex_pct(100 * pa / co, 3), chk_tex_num(co, 4));
	chk_expect_in(sec, want);
	/* the L2 sizes take part in no comparison; no p-values */
	assert_null(strstr(sec, "$n = 2048$"));
	assert_null(strstr(sec, "$p <"));
	assert_null(strstr(sec, "$p ="));
	chk_expect_in(sec, "\\emph{Take-away:}");
	free(sec);
	free(tex);
}

/* The bank's sentences by the one rule: the odd strides do not differ
 * meaningfully from stride 1 (their samples equal its), every even one
 * is meaningfully longer. */
static void test_bank_findings(void **state)
{
	char want[2048];
	char *tex, *sec;
	double t1 = chk_spread_median(bank_base(1), 1), lo = INFINITY, hi = 0;
	int s;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("bank");
	sec = chk_section_text(tex, "Shared-memory bank conflicts");
	snprintf(want, sizeof(want), "\\item The 15 odd strides above 1 take "
		 "as long as stride~1 (%s~cycles per access), %s to %s times "
		 "its time: none differs meaningfully.\n",
		 chk_tex_num(t1 * MHZ / 1000, 3), chk_tex_num(1, 3),
		 chk_tex_num(1, 3));
	chk_expect_in(sec, want);
	for (s = 2; s <= 32; s += 2) {
		double r = chk_spread_median(bank_base(s), s) / t1;

		lo = fmin(lo, r);
		hi = fmax(hi, r);
	}
	snprintf(want, sizeof(want), "\\item All 16 even strides take "
		 "meaningfully longer than stride~1, %s to %s times its "
		 "%s~cycles per access.\n", chk_tex_num(lo, 3),
		 chk_tex_num(hi, 3), chk_tex_num(t1 * MHZ / 1000, 3));
	chk_expect_in(sec, want);
	free(sec);
	free(tex);
}

/* The coalesce sentences: the misaligned offsets against the aligned
 * ones above them and against offset 0, the strides, AoS against SoA;
 * every comparison by the rule. */
static void test_coalesce_findings(void **state)
{
	char want[1024];
	char *tex, *sec;
	double g0 = chk_spread_median(off_base(0), 0), lo = INFINITY, hi = 0, g;
	double g1 = chk_spread_median(str_base(1), 2), ga, gb;
	int k, nmis = 0;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("coalesce");
	sec = chk_section_text(tex, "Coalesced and uncoalesced global-memory "
			   "access");
	for (k = 1; k <= 32; k++) {
		if (!(k % 8) || k == 31)	/* aligned; failed */
			continue;
		g = chk_spread_median(off_base(k), k);
		nmis++;
		lo = fmin(lo, 100 * g / g0);
		hi = fmax(hi, 100 * g / g0);
	}
	snprintf(want, sizeof(want), "\\item Offset~0 (%s~GB/s) is the "
		 "fastest: %d of the %d misaligned offsets are meaningfully "
		 "slower, at %s to %s of it.", chk_tex_num(g0, 4), nmis, nmis,
		 chk_tex_pct(lo, 3), chk_tex_pct(hi, 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "of stride~1's %s~GB/s the copy keeps %s "
		 "at $s = 2$, %s at $s = 4$ and %s at $s = 8$",
		 chk_tex_num(g1, 4),
		 chk_tex_pct(100 * chk_spread_median(str_base(2), 3) / g1, 3),
		 chk_tex_pct(100 * chk_spread_median(str_base(4), 5) / g1, 3),
		 chk_tex_pct(100 * chk_spread_median(str_base(8), 9) / g1, 3));
	chk_expect_in(sec, want);
	ga = chk_spread_median(AOS_GBS, 2);
	gb = chk_spread_median(SOA_GBS, 5);
	snprintf(want, sizeof(want), "\\item The structure of arrays updates "
		 "the vectors %s (95\\,\\%% CI ", chk_tex_num(gb / ga, 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "times as fast as the array of "
		 "structures (%s against %s~GB/s).", chk_tex_num(gb, 4),
		 chk_tex_num(ga, 4));
	chk_expect_in(sec, want);
	/* each misaligned offset against the aligned one above it: all
	 * about 10 % slower here */
	lo = INFINITY;
	hi = 0;
	nmis = 0;
	for (k = 1; k <= 31; k++) {
		int a = (k + 7) / 8 * 8;

		if (!(k % 8) || k == 31)
			continue;
		g = chk_spread_median(off_base(k), k) /
		    chk_spread_median(off_base(a), a);
		nmis++;
		lo = fmin(lo, 100 * g);
		hi = fmax(hi, 100 * g);
	}
	snprintf(want, sizeof(want), "\\item %d of the %d offsets that are no "
		 "multiple of 8 elements are meaningfully slower than the "
		 "aligned offset $8\\lceil k/8\\rceil$ above them, at %s to %s "
		 "of its bandwidth.", nmis, nmis, chk_tex_pct(lo, 3),
		 chk_tex_pct(hi, 3));
	chk_expect_in(sec, want);
	assert_null(strstr(sec, "$p <"));
	assert_null(strstr(sec, "$p ="));
	free(sec);
	free(tex);
}

/* Two devices: a finding where they agree is stated once, without a
 * device, each number once where both print alike; where they
 * disagree (the layouts swapped on the second), per device. The table
 * holds a column per device. */
static void test_two_devices(void **state)
{
	struct chk_table t;
	char want[512];
	char *tex, *sec;
	double ga = chk_spread_median(AOS_GBS, 2);
	double gb = chk_spread_median(SOA_GBS, 5);

	(void)state;
	assert_int_equal(build_n(dbpath, 0, 2), 0);
	tex = render("transpose,coalesce");
	sec = chk_section_text(tex, "Matrix transpose and shared-memory tiles");
	chk_expect_in(sec, "\\item At $n = 8192$, each at its best block, the "
		  "shared-memory tile transposes");
	assert_null(strstr(sec, "GPU~"
			    "1: At $n"));
	free(sec);
	sec = chk_section_text(tex, "Coalesced and uncoalesced global-memory "
			   "access");
	snprintf(want, sizeof(want), "\\item GPU~1: The structure of arrays "
		 "updates the vectors %s (95\\,\\%% CI ", chk_tex_num(gb / ga, 3));
	chk_expect_in(sec, want);
	chk_expect_in(sec, "\\item GPU~2: The structure of arrays is no faster "
		  "than the array of structures");
	free(sec);
	chk_table_need(tex, "coalesce", dev_id, &t);
	assert_int_equal(t.ncols[0], 10);
	chk_expect_lead(t.cell[9][2], ga, "aos GPU 1");
	chk_expect_lead(t.cell[9][3], gb, "aos GPU 2");
	chk_table_free(&t);
	free(tex);
}

/* ---- conclusions --------------------------------------------------------- */

/* The row of claim in the conclusions text sec ends with the verdict
 * (one device: one word). */
static void expect_row(const char *sec, const char *claim,
		       const char *verdict)
{
	const char *p = strstr(sec, claim), *e;
	char want[64];

	if (!p)
		fail_msg("no row '%s'", claim);
	e = strstr(p, " \\\\\n");
	snprintf(want, sizeof(want), " & %s", verdict);
	if (!e || (size_t)(e - p) < strlen(want) ||
	    strncmp(e - strlen(want), want, strlen(want)))
		fail_msg("'%s' is not '%s'", claim, verdict);
}

static const char *const c_bank = "Shared-memory accesses at a stride of "
	"$L$ words conflict for even $L$, not for odd $L$.";

/* Textbook R's bank-conflict claim beside the bank section's facts:
 * it holds on the fixture, with the ratios to stride 1. Lecture B's and
 * textbook R's other topics state no finding of their own (SEEDS), so
 * they have no row. */
static void test_conclusions(void **state)
{
	char *sec;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	sec = chk_concl_text(dbpath);
	expect_row(sec, c_bank, "agrees");
	chk_expect_in(sec, "even $L$ \\num{1.94} to \\num{30.2}, odd $L > 1$ "
		      "\\num{1.00} to \\num{1.00}");
	assert_null(strstr(sec, "structure of arrays"));
	chk_expect_in(sec, "textbook~R");
	free(sec);
}

/* The verdict follows the data: an odd stride that conflicts. */
static void test_conclusions_flip(void **state)
{
	char *sec;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	scale("suite = 'bank' AND param = 3", "ns_access", 1.5);
	sec = chk_concl_text(dbpath);
	expect_row(sec, c_bank, "differs");
	free(sec);
}

/* Offset 0 ahead of every other, but the misaligned offsets within
 * about 1 % of the aligned ones above them: by the rule fewer than half
 * are meaningfully slower, so lecture B's claim is not shown. */
static void test_misaligned_control(void **state)
{
	char *tex;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	scale("variant = 'offset' AND param IN (8, 16, 24, 32)", "gbs",
	      0.895);
	tex = render("coalesce");
	/* 1..30 but 8, 16, 24 (31 failed): 27 */
	chk_expect_in(tex, "none of the 27 offsets that are no multiple of 8 "
		  "elements is meaningfully slower than the aligned offset");
	chk_expect_in(tex, "\\item Offset~0 (");
	free(tex);
}

/* Where a base is missing or no point is steady, nothing is compared
 * and the section says so; the conclusions say "not measured". */
static void test_missing(void **state)
{
	char *tex, *sec;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	sql("DELETE FROM config WHERE suite = 'bank' AND param = 1;"
	    "DELETE FROM config WHERE variant = 'offset' AND param = 0;"
	    "DELETE FROM config WHERE variant = 'stride' AND param = 1;"
	    "DELETE FROM config WHERE suite = 'transpose' AND n > 2048;");
	tex = render("transpose,bank,coalesce,conclusions");
	sec = chk_section_text(tex, "Matrix transpose and shared-memory tiles");
	chk_expect_in(sec, "\\item No comparison of this experiment meets "
		  "the rules for what counts");
	free(sec);
	sec = chk_section_text(tex, "Shared-memory bank conflicts");
	chk_expect_in(sec, "\\item No comparison of this experiment meets");
	free(sec);
	assert_null(strstr(tex, "even strides take"));
	assert_null(strstr(tex, "Offset~0 ("));
	assert_null(strstr(tex, "Reading every $s$-th element"));
	chk_expect_in(tex, "\\item The structure of arrays updates the vectors");
	sec = chk_section_text(tex, "Conclusions");
	expect_row(sec, c_bank, "not measured");
	free(sec);
	free(tex);
}

/* ---- counters, absence, languages, LaTeX ------------------------------- */

/* With counters the tables count and the findings say why: the
 * padding's wavefronts before and after, the conflicts counted, the
 * misaligned and the AoS copies' extra sectors with the same DRAM
 * bytes, the strides' DRAM bytes levelling off. */
static void test_counters(void **state)
{
	struct chk_table t;
	char *tex;
	int s;

	(void)state;
	assert_int_equal(build(dbpath, 1), 0);
	tex = render("transpose,bank,coalesce");
	chk_table_need(tex, "transpose", dev_id, &t);
	chk_expect_lead(t.cell[4][5], 8, "tile 16 wavefronts");
	chk_expect_lead(t.cell[5][5], 32, "tile 32 wavefronts");
	chk_expect_lead(t.cell[7][5], 1, "pad 32 wavefronts");
	chk_table_free(&t);
	chk_expect_in(tex, "Its shared-memory loads take \\num{32.0} wavefronts "
		  "per request without the padding and \\num{1.00} with it");
	chk_expect_in(tex, "Its shared-memory loads take \\num{8.00} wavefronts "
		  "per request without the padding and \\num{1.00} with it");
	chk_table_need(tex, "bank", dev_id, &t);
	for (s = 0; s < 6; s++)
		chk_expect_lead(t.cell[s][4], 1 << s, "counted");
	chk_table_free(&t);
	chk_expect_in(tex, "The counters count at most \\num{1.00} wavefronts "
		  "per request there");
	chk_expect_in(tex, "wavefronts per request (within half a way) at 16 of "
		  "these 16 strides, up to \\num{32.0}");
	chk_table_need(tex, "coalesce", dev_id, &t);
	chk_expect_lead(t.cell[1][4], 5, "offset 1 sectors");
	chk_expect_lead(t.cell[2][4], 4, "offset 8 sectors");
	chk_expect_lead(t.cell[7][4], 32, "stride 16 sectors");
	chk_expect_lead(t.cell[7][5], 64, "stride 16 DRAM");
	chk_expect_lead(t.cell[9][4], 12, "aos sectors");
	chk_expect_lead(t.cell[9][5], 24, "aos DRAM");
	chk_table_free(&t);
	chk_expect_in(tex, "A misaligned warp reads \\num{5.00} sectors per "
		  "request instead of \\num{4.00}, but both copies read the "
		  "same DRAM bytes, \\num{4.00} against \\num{4.00} per element");
	chk_expect_in(tex, "\\num{4.00} at $s = 1$, \\num{32.0} at $s = 8$ and "
		  "\\num{64.0} at $s = 16$, and then stay (\\num{64.0} at "
		  "$s = 32$)");
	chk_expect_in(tex, "Both read the same DRAM bytes, \\num{24.0} and "
		  "\\num{24.0} per vector, although the array of structures "
		  "takes \\num{12.0} sectors per request against \\num{4.00}");
	free(tex);
}

/* A database without the memory suites: no such section, objective,
 * conclusion or note; asked for by name, a section says it has no data. */
static void test_absent(void **state)
{
	char *tex;

	(void)state;
	tex = chk_render_lang(plaindb, NULL, "en");
	assert_null(strstr(tex, "\\section{Matrix transpose"));
	assert_null(strstr(tex, "\\section{Shared-memory bank"));
	assert_null(strstr(tex, "\\section{Coalesced"));
	assert_null(strstr(tex, "mmreport-table: transpose"));
	assert_null(strstr(tex, "mmreport-table: bank"));
	assert_null(strstr(tex, "mmreport-table: coalesce"));
	assert_null(strstr(tex, "textbook~R"));
	assert_null(strstr(tex, "lecture~B"));
	assert_null(strstr(tex, "\\texttt{transpose}"));
	/* the conclusions keep the other sources' rows */
	chk_expect_in(tex, "% mmreport-table: conclusions\n");
	chk_expect_in(tex, "report~G~[\\ref{ref:G}] & Pinning");
	free(tex);
	free(chk_absent_render(plaindb, "transpose,bank,coalesce"));
}

/* The sections are listed after ilp, before the summary; the intro
 * names them, and a database with some of them names the others as
 * missing. */
static void test_sections(void **state)
{
	char *tex;

	(void)state;
	chk_sections_expect("ilp,transpose,bank,coalesce,dot,walkers,summary",
			    "transpose,bank,coalesce");
	assert_int_equal(build(dbpath, 0), 0);
	sql("DELETE FROM config WHERE suite = 'bank'");
	tex = render("intro");
	chk_expect_in(tex, "\\emph{Matrix transpose} (textbook~R)");
	chk_expect_in(tex, "\\emph{Coalescing} (lecture~B)");
	assert_null(strstr(tex, "\\emph{Bank conflicts}"));
	chk_expect_in(tex, "\\texttt{bank}, so their sections are left out.");
	free(tex);
}

/* Every language has every string (no key leaks) and the whole report
 * compiles without a line in the margin, with and without counters. */
static void test_latex(void **state)
{
	/* the prefixes of the strings these sections use */
	static const char *const pre[] = {"find.tr.", "find.bank.",
		"find.co.", "transpose.", "bank.", "coalesce.", "concl.r.",
		"concl.src", "intro.obj", "mem.", "word.offset",
		"word.stride"};
	int counters;

	(void)state;
	if (!fix_have("pdflatex")) {
		fprintf(stderr, "pdflatex missing: LaTeX not compiled\n");
		skip();
	}
	for (counters = 0; counters < 2; counters++) {
		assert_int_equal(build(dbpath, counters), 0);
		chk_langs_compile(dbpath, pre, sizeof(pre) / sizeof(pre[0]),
				  "RENDER_MEMORY_PDF", 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_transpose_table),
		cmocka_unit_test(test_bank_table),
		cmocka_unit_test(test_coalesce_table),
		cmocka_unit_test(test_transpose_findings),
		cmocka_unit_test(test_bank_findings),
		cmocka_unit_test(test_coalesce_findings),
		cmocka_unit_test(test_two_devices),
		cmocka_unit_test(test_misaligned_control),
		cmocka_unit_test(test_conclusions),
		cmocka_unit_test(test_conclusions_flip),
		cmocka_unit_test(test_missing),
		cmocka_unit_test(test_counters),
		cmocka_unit_test(test_absent),
		cmocka_unit_test(test_sections),
		cmocka_unit_test(test_latex),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     chk_fixture_teardown);
}
