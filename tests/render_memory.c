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
	struct store_metric m[4];
	struct store_config c;
	double a[NS], t[NS], req[1], sec[1];
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
		}
	}
	return store_config_insert(st, &c, m, nm, 1);
}

static int build(const char *path, int counters)
{
	struct store_device d;
	struct store_session s;
	struct store *st;
	char err[256];
	int rc = 0, v, i, j, k;

	remove(path);
	if (store_open(path, STORE_CREATE, &st, err, sizeof(err)))
		return -1;
	with_counters = counters;
	memset(&d, 0, sizeof(d));
	d.uuid = (char *)"GPU-cccccccc-1111-2222-3333-444444444444";
	d.name = (char *)"NVIDIA H100 80GB HBM3";
	d.cc_major = 9;
	d.sm_count = SMS;
	d.peak_fp32_gflops = 66908.16;
	d.peak_mem_gbs = 3352.32;
	d.props = props;
	d.nprops = sizeof(props) / sizeof(props[0]);
	rc |= store_device_upsert(st, &d);
	fix_session_init(&s, NS);
	s.uuid = (char *)"sess-mem-1";
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
				     0, 256, 0, CO_N, "ok", "", AOS_GBS, 2};
		struct cfg_spec b = {VOCAB_SUITE_COALESCE, VOCAB_VARIANT_SOA,
				     0, 256, 0, CO_N, "ok", "", SOA_GBS, 5};

		rc |= put(st, s.id, &a) | put(st, s.id, &b);
	}
	if (!rc)
		rc = store_session_finish(st, s.id, "2026-02-01T10:40:00Z",
					  "complete", NULL);
	dev_id = d.id;
	store_free(st);
	with_counters = 0;
	return rc ? -1 : 0;
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

/* Every transpose cell is the fixture's median, the shares are the
 * ratios of the medians, the L2 sizes carry the mark on their edge, and
 * the failed configuration says so and has no share. */
static void test_transpose_table(void **state)
{
	struct chk_table t;
	char where[64];
	char *tex;
	int r = 0, i, j, v;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("transpose");
	chk_table_need(tex, "transpose", dev_id, &t);
	for (i = 0; i < 4; i++)
		for (j = 0; j < 2; j++, r++) {
			int n = tr_sizes[i], b = tr_blocks[j];
			double copy = chk_spread_median(tr_base(0, n, b), j);

			assert_int_equal(t.ncols[r], 9);
			if (j == 0) {
				snprintf(where, sizeof(where), "%d%s", n,
					 n <= 2048 ? "\\rgmark{c}" : "");
				assert_string_equal(t.cell[r][0], where);
			} else {
				assert_string_equal(t.cell[r][0], "");
			}
			snprintf(where, sizeof(where), "%d\\(\\times\\)%d", b,
				 b);
			assert_string_equal(t.cell[r][1], where);
			for (v = 0; v < 4; v++) {
				double g = chk_spread_median(tr_base(v, n, b), v + j);

				snprintf(where, sizeof(where), "n=%d b=%d v=%d",
					 n, b, v);
				if (v == 3 && n == 2048 && b == 16) {
					assert_string_equal(
						t.cell[r][2 + v],
						"{\\textit{failed}}");
					assert_string_equal(t.cell[r][8],
							    "{--}");
					continue;
				}
				chk_expect_lead(t.cell[r][2 + v], g, where);
				if (v)
					chk_expect_lead(t.cell[r][5 + v],
						    100 * g / copy, where);
			}
		}
	assert_int_equal(t.nrows, 8);
	chk_table_free(&t);
	/* the failed configuration is listed with its reason */
	chk_expect_in(tex, "\\item \\texttt{tr\\_pad}, \\(n = 2048\\), block "
		  "16\\(\\times\\)16: \\textit{failed} --- relative error");
	free(tex);
}

/* The cells of stride s in the bank table: two halves side by side,
 * strides 1..16 on the left, 17..32 on the right of an empty column;
 * w: the cells of one half. */
static char *const *bank_cells(const struct chk_table *t, int s, int w)
{
	int r = (s - 1) % 16;

	assert_int_equal(t->ncols[r], 2 * w + 1);
	assert_string_equal(t->cell[r][w], "");
	return t->cell[r] + (s <= 16 ? 0 : w + 1);
}

/* The bank table: the expected conflict, ns, cycles at the recorded
 * clock and the ratio to stride 1, grey and marked where the test finds
 * no difference (the odd strides' samples equal stride 1's). */
static void test_bank_table(void **state)
{
	struct chk_table t;
	char where[64], s1[16];
	char *tex;
	int s;
	double t1 = chk_spread_median(bank_base(1), 1);

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("bank");
	chk_table_need(tex, "bank", dev_id, &t);
	assert_int_equal(t.nrows, 16);
	for (s = 1; s <= 32; s++) {
		char *const *c = bank_cells(&t, s, 5);
		double ts = chk_spread_median(bank_base(s), s);

		snprintf(where, sizeof(where), "stride %d", s);
		snprintf(s1, sizeof(s1), "%d", s);
		assert_string_equal(c[0], s1);
		snprintf(s1, sizeof(s1), "%d", ways(s));
		assert_string_equal(c[1], s1);
		chk_expect_lead(c[2], ts, where);
		chk_expect_lead(c[3], ts * MHZ / 1000, where);
		chk_expect_lead(c[4], ts / t1, where);
		if (s > 1 && s % 2)
			assert_non_null(strstr(c[4], "\\color{gray}") &&
					strstr(c[4], "\\nsmark"));
		if (s % 2 == 0)
			assert_null(strstr(c[4], "\\nsmark"));
	}
	chk_table_free(&t);
	/* grouped by conflict: the median of each group against 1-way */
	chk_table_need(tex, "bank-class", dev_id, &t);
	assert_int_equal(t.nrows, 6);
	for (s = 0; s < 6; s++) {
		int w = 1 << s;
		double cyc = chk_spread_median(bank_base(w), w) * MHZ / 1000;
		double c1 = t1 * MHZ / 1000;

		snprintf(s1, sizeof(s1), "%d", w);
		assert_string_equal(t.cell[s][0], s1);
		chk_expect_lead(t.cell[s][2], cyc, "class cycles");
		chk_expect_lead(t.cell[s][4], cyc / c1, "class ratio");
		assert_string_equal(t.cell[s][5], s1);
	}
	assert_string_equal(t.cell[0][1], "1, 3, \\ldots, 31");
	assert_string_equal(t.cell[4][1], "16");
	chk_table_free(&t);
	/* measured without --counters: said, no column */
	chk_expect_in(tex, "Bank conflicts counted by the hardware: not measured "
		  "(no \\texttt{-{}-counters}).");
	free(tex);
}

/* The cells of parameter p in a coalesce table: two halves side by
 * side, the first h values on the left; w: the cells of one half. */
static char *const *half_cells(const struct chk_table *t, int i, int h,
			       int w)
{
	int r = i % h;

	assert_int_equal(t->ncols[r], 2 * w + 1);
	assert_string_equal(t->cell[r][w], "");
	return t->cell[r] + (i < h ? 0 : w + 1);
}

/* The coalesce tables: every offset and stride (in two halves each),
 * shares of offset 0 and stride 1, the model's share, the failed
 * offset; the layouts. */
static void test_coalesce_tables(void **state)
{
	struct chk_table t;
	char where[64], s1[16];
	char *tex;
	int k;
	double g0 = chk_spread_median(off_base(0), 0), g1 = chk_spread_median(str_base(1), 2);

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("coalesce");
	chk_table_need(tex, "coalesce-offset", dev_id, &t);
	assert_int_equal(t.nrows, 17);
	for (k = 0; k <= 32; k++) {
		char *const *c = half_cells(&t, k, 17, 3);

		snprintf(where, sizeof(where), "k=%d", k);
		snprintf(s1, sizeof(s1), "%d", k);
		assert_string_equal(c[0], s1);
		if (k == 31) {
			assert_string_equal(c[1], "{\\textit{failed}}");
			assert_string_equal(c[2], "{--}");
		} else {
			double g = chk_spread_median(off_base(k), k);

			chk_expect_lead(c[1], g, where);
			chk_expect_lead(c[2], 100 * g / g0, where);
		}
	}
	chk_table_free(&t);
	chk_table_need(tex, "coalesce-stride", dev_id, &t);
	assert_int_equal(t.nrows, 16);
	for (k = 1; k <= 32; k++) {
		char *const *c = half_cells(&t, k - 1, 16, 4);

		snprintf(where, sizeof(where), "s=%d", k);
		snprintf(s1, sizeof(s1), "%d", k);
		assert_string_equal(c[0], s1);
		chk_expect_lead(c[1], chk_spread_median(str_base(k), k + 1), where);
		chk_expect_lead(c[2], 100 * chk_spread_median(str_base(k), k + 1) / g1,
			    where);
		chk_expect_lead(c[3], 100 * model(k), where);
	}
	chk_table_free(&t);
	chk_table_need(tex, "coalesce-layout", dev_id, &t);
	assert_int_equal(t.nrows, 2);
	assert_string_equal(t.cell[0][0], "\\texttt{aos}");
	chk_expect_lead(t.cell[0][2], chk_spread_median(AOS_GBS, 2), "aos");
	chk_expect_lead(t.cell[1][2], chk_spread_median(SOA_GBS, 5), "soa");
	chk_expect_lead(t.cell[0][3], 100 * chk_spread_median(AOS_GBS, 2) /
		    chk_spread_median(SOA_GBS, 5), "aos %");
	{
		double a[NS], ms[NS];
		struct chk_stats st;

		chk_spread(AOS_GBS, 2, a);
		for (k = 0; k < NS; k++)
			ms[k] = 36.0 * CO_N / (a[k] * 1e6);
		chk_stats(ms, NS, &st);
		chk_expect_lead(t.cell[0][1], st.median, "aos ms");
	}
	chk_table_free(&t);
	chk_expect_in(tex, "Sectors per request: not measured (no "
		  "\\texttt{-{}-counters}).");
	chk_expect_in(tex, "\\texttt{offset}, \\(N = \\num{16777216}\\), block "
		  "256, offset 31: \\textit{failed}");
	free(tex);
}

/* ---- findings ------------------------------------------------------------ */

/* The transpose's sentences: at the largest steady edge, each kernel at
 * its best block; the words follow the test. */
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

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("transpose");
	sec = chk_section_text(tex, "Matrix transpose and shared-memory tiles");
	snprintf(want, sizeof(want), "\\item At $n = 8192$ the shared-memory "
		 "tile (\\texttt{tr\\_tile}, block 16\\(\\times\\)16) "
		 "transposes at %s~GB/s, %s times the naive transpose's "
		 "%s~GB/s (\\texttt{tr\\_naive}, block 16\\(\\times\\)16; %s).",
		 chk_tex_num(ti, 4), chk_tex_num(ti / na, 3), chk_tex_num(na, 4),
		 chk_tex_p(chk_spread_p(tr_base(1, n, 16), 1, tr_base(2, n, 16), 2)));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "\\item Padding the tile by one column "
		 "raises its bandwidth at $n = 8192$ by %s, from %s~GB/s "
		 "(\\texttt{tr\\_tile}, block 16\\(\\times\\)16) to %s~GB/s "
		 "(\\texttt{tr\\_pad}, block 32\\(\\times\\)32; %s).",
		 chk_tex_pct(100 * (pa / ti - 1), 2), chk_tex_num(ti, 4), chk_tex_num(pa, 4),
		 chk_tex_p(chk_spread_p(tr_base(2, n, 16), 2, tr_base(3, n, 32), 4)));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "\\item The fastest transpose at $n = "
		 "8192$, \\texttt{tr\\_pad} (block 32\\(\\times\\)32), reaches "
		 "%s~GB/s, %s of the copy's %s~GB/s (block "
		 "32\\(\\times\\)32; %s).", chk_tex_num(pa, 4), chk_tex_pct(100 * pa / co, 3),
		 chk_tex_num(co, 4), chk_tex_p(chk_spread_p(tr_base(0, n, 32), 1,
					tr_base(3, n, 32), 4)));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "\\texttt{tr\\_tile} with block "
		 "16\\(\\times\\)16, ahead of block 32\\(\\times\\)32 (%s "
		 "against %s~GB/s, %s)", chk_tex_num(ti, 4), chk_tex_num(ti32, 4),
		 chk_tex_p(chk_spread_p(tr_base(2, n, 32), 3, tr_base(2, n, 16), 2)));
	chk_expect_in(sec, want);
	/* the L2 sizes: named, their best is the cache's, never compared */
	snprintf(want, sizeof(want), "\\item At $n = 1024, 2048$ both "
		 "matrices fit the L2 cache (\\num{50}~MiB), which serves "
		 "them: the highest bandwidth there, %s~GB/s "
		 "(\\texttt{tr\\_copy} at $n = ", chk_tex_num(chk_spread_median(
		 tr_base(0, 1024, 32), 1), 4));
	chk_expect_in(sec, want);
	assert_null(strstr(sec, "At $n = 2048$ the shared"));
	free(sec);
	free(tex);
}

/* The bank's sentences: odd strides cost what stride 1 costs, every
 * even one conflicts, each doubling lengthens, the fit follows. */
static void test_bank_findings(void **state)
{
	char want[2048], item[256];
	char *tex, *sec;
	double t1 = chk_spread_median(bank_base(1), 1), lo = INFINITY, hi = 0;
	double sw = 0, sy = 0, sww = 0, swy = 0, a, b;
	int s, n = 0;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render("bank");
	sec = chk_section_text(tex, "Shared-memory bank conflicts");
	snprintf(want, sizeof(want), "\\item The 15 odd strides above 1, "
		 "which give every lane a bank of its own, cost what "
		 "stride~1 costs (%s~cycles per access): %s to %s times as "
		 "long, none of them significantly more than %s longer.",
		 chk_tex_num(t1 * MHZ / 1000, 3), chk_tex_num(1, 3), chk_tex_num(1, 3), chk_tex_pct(10, 2));
	chk_expect_in(sec, want);
	for (s = 2; s <= 32; s += 2) {
		double r = chk_spread_median(bank_base(s), s) / t1;

		lo = fmin(lo, r);
		hi = fmax(hi, r);
	}
	snprintf(want, sizeof(want), "\\item Every even stride conflicts: "
		 "all 16 take significantly more than %s longer per access "
		 "than stride~1 (%s~cycles), %s to %s times as long.",
		 chk_tex_pct(10, 2), chk_tex_num(t1 * MHZ / 1000, 3), chk_tex_num(lo, 3), chk_tex_num(hi, 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "\\item Each doubling of the expected "
		 "conflict lengthens the access significantly: ");
	for (s = 2; s <= 32; s *= 2) {
		snprintf(item, sizeof(item), "%sstride~%d: %s times stride~%d "
			 "(%s)", s > 2 ? "; " : "", s,
			 chk_tex_num(chk_spread_median(bank_base(s), s) /
			     chk_spread_median(bank_base(s / 2), s / 2), 3), s / 2,
			 chk_tex_p(chk_spread_p(bank_base(s / 2), s / 2, bank_base(s),
				    s)));
		strcat(want, item);
	}
	strcat(want, ".");
	chk_expect_in(sec, want);
	/* the least-squares line of cycles on gcd(s, 32) */
	for (s = 1; s <= 32; s++) {
		double y = chk_spread_median(bank_base(s), s) * MHZ / 1000;

		sw += ways(s);
		sy += y;
		sww += (double)ways(s) * ways(s);
		swy += ways(s) * y;
		n++;
	}
	b = (n * swy - sw * sy) / (n * sww - sw * sw);
	a = (sy - b * sw) / n;
	snprintf(want, sizeof(want), "\\item The straight line $c \\approx "
		 "%s \\gcd(s, 32) %s %s$ cycles fits the time per access of "
		 "the 32 strides", chk_tex_num(b, 3), a < 0 ? "-" : "+",
		 chk_tex_num(fabs(a), 3));
	chk_expect_in(sec, want);
	free(sec);
	free(tex);
}

/* The coalesce sentences: misaligned offsets, the strides against the
 * sector model, AoS against SoA. */
static void test_coalesce_findings(void **state)
{
	char want[1024];
	char *tex, *sec;
	double g0 = chk_spread_median(off_base(0), 0), lo = INFINITY, hi = 0, g;
	double g1 = chk_spread_median(str_base(1), 2), ga, gb, q, qlo = INFINITY;
	double qhi = 0;
	int k, worst = -1, nmis = 0;

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
		if (worst < 0 || g < chk_spread_median(off_base(worst), worst))
			worst = k;
	}
	snprintf(want, sizeof(want), "\\item Against offset~0 (%s~GB/s): "
		 "%d of the %d offsets that are no multiple of 8 elements are "
		 "significantly slower. They reach %s to %s of it; the "
		 "slowest, $k = %d$, %s~GB/s (%s).", chk_tex_num(g0, 4), nmis, nmis,
		 chk_tex_pct(lo, 3), chk_tex_pct(hi, 3), worst,
		 chk_tex_num(chk_spread_median(off_base(worst), worst), 4),
		 chk_tex_p(chk_spread_p(off_base(0), 0, off_base(worst), worst)));
	chk_expect_in(sec, want);
	for (k = 2; k <= 8; k++) {
		q = chk_spread_median(str_base(k), k + 1) / g1 / model(k);
		qlo = fmin(qlo, q);
		qhi = fmax(qhi, q);
	}
	snprintf(want, sizeof(want), "\\item From stride~2 to~8 the measured "
		 "share stays within %s of the sector model (%s to %s of "
		 "it): the sectors moved account for the loss.", chk_tex_pct(25, 2),
		 chk_tex_pct(100 * qlo, 3), chk_tex_pct(100 * qhi, 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "the measured share keeps falling, to "
		 "%s at $s = 32$", chk_tex_pct(100 * chk_spread_median(str_base(32), 33) / g1,
				       3));
	chk_expect_in(sec, want);
	ga = chk_spread_median(AOS_GBS, 2);
	gb = chk_spread_median(SOA_GBS, 5);
	snprintf(want, sizeof(want), "\\item The structure of arrays updates "
		 "the vectors at %s~GB/s, %s times the array of structures' "
		 "%s~GB/s (%s).", chk_tex_num(gb, 4), chk_tex_num(gb / ga, 3), chk_tex_num(ga, 4),
		 chk_tex_p(chk_spread_p(AOS_GBS, 2, SOA_GBS, 5)));
	chk_expect_in(sec, want);
	/* each misaligned offset against the aligned one above it */
	lo = INFINITY;
	hi = 0;
	nmis = 0;
	for (k = 1; k <= 31; k++) {
		int a = (k + 7) / 8 * 8;

		if (!(k % 8) || k == 31)
			continue;
		g = chk_spread_median(off_base(k), k) / chk_spread_median(off_base(a), a);
		nmis++;
		lo = fmin(lo, 100 * g);
		hi = fmax(hi, 100 * g);
	}
	snprintf(want, sizeof(want), "\\item Against the aligned offset just "
		 "above each ($8\\lceil k/8\\rceil$: a shift by whole "
		 "sectors, with the same 4 sectors a warp), the %d misaligned "
		 "offsets reach %s to %s; %d of them are significantly slower "
		 "by more than 2\\,\\%%: the extra sector a misaligned warp "
		 "reads costs bandwidth.", nmis, chk_tex_pct(lo, 3), chk_tex_pct(hi, 3), nmis);
	chk_expect_in(sec, want);
	free(sec);
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

/* Offset 0 ahead of every other, but the misaligned offsets within 2 %
 * of the aligned ones above them: the extra sector costs nothing here,
 * so the findings say so and lecture B's claim is not shown. */
static void test_misaligned_control(void **state)
{
	char *tex;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	scale("variant = 'offset' AND param IN (8, 16, 24, 32)", "gbs",
	      0.895);
	tex = render("coalesce");
	chk_expect_in(tex, "costs next to nothing here, and what sets offset~0 "
		  "apart is not its alignment.");
	chk_expect_in(tex, "\\item Against offset~0 (");
	free(tex);
}

/* Where a base is missing the findings say so instead of comparing,
 * and the conclusions say "not measured". */
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
	chk_expect_in(tex, "\\item No edge outside the L2 cache has two of the "
		  "kernels measured successfully, so none is compared.");
	chk_expect_in(tex, "\\item Stride~1 has no valid measurement, so no "
		  "stride is compared with it.");
	chk_expect_in(tex, "\\item Offset~0 has no valid measurement, so no "
		  "offset is compared with it.");
	chk_expect_in(tex, "\\item Stride~1 has no valid measurement, so no "
		  "stride is compared with it or with the sector model.");
	assert_null(strstr(tex, "Every even stride"));
	assert_null(strstr(tex, "shared-memory tile (\\texttt"));
	sec = chk_section_text(tex, "Conclusions");
	expect_row(sec, c_bank, "not measured");
	free(sec);
	free(tex);
}

/* ---- counters, absence, languages, LaTeX ------------------------------- */

/* With counters the sectors per request and the counted conflicts get
 * columns and sentences; the model's values match the fixture's. */
static void test_counters(void **state)
{
	struct chk_table t;
	char *tex;
	int s;

	(void)state;
	assert_int_equal(build(dbpath, 1), 0);
	tex = render("transpose,bank,coalesce");
	chk_expect_in(tex, "\\item Shared-memory load wavefronts (passes through "
		  "the banks) per load instruction, counted at $n = 8192$: "
		  "\\texttt{tr\\_tile} with block 16\\(\\times\\)16: "
		  "\\num{8.00}; \\texttt{tr\\_tile} with block "
		  "32\\(\\times\\)32: \\num{32.0}; \\texttt{tr\\_pad} with "
		  "block 16\\(\\times\\)16: \\num{1.00}; \\texttt{tr\\_pad} "
		  "with block 32\\(\\times\\)32: \\num{1.00}; one pass means "
		  "no bank conflict.");
	chk_table_need(tex, "bank", dev_id, &t);
	for (s = 1; s <= 32; s++)
		chk_expect_lead(bank_cells(&t, s, 6)[5], ways(s), "counted");
	chk_table_free(&t);
	chk_table_need(tex, "coalesce-offset", dev_id, &t);
	chk_expect_lead(half_cells(&t, 1, 17, 4)[3], 5, "offset 1 sectors");
	chk_expect_lead(half_cells(&t, 0, 17, 4)[3], 4, "offset 0 sectors");
	chk_expect_lead(half_cells(&t, 24, 17, 4)[3], 4, "offset 24 sectors");
	chk_table_free(&t);
	chk_table_need(tex, "coalesce-stride", dev_id, &t);
	chk_expect_lead(half_cells(&t, 15, 16, 5)[4], 32, "stride 16 sectors");
	chk_expect_lead(half_cells(&t, 1, 16, 5)[4], 8, "stride 2 sectors");
	chk_table_free(&t);
	chk_table_need(tex, "coalesce-layout", dev_id, &t);
	chk_expect_lead(t.cell[0][4], 12, "aos sectors");
	chk_table_free(&t);
	chk_expect_in(tex, "\\item The hardware counters measure a conflict equal "
		  "to $\\gcd(s, 32)$ (within half a way) at 32 of 32 strides; "
		  "at stride~32 they count \\num{32.0} ways.");
	chk_expect_in(tex, "\\item Global-load sectors per request as the hardware "
		  "counted them, against the sector model: $k = 0$: "
		  "\\num{4.00} (model 4); $k = 1$: \\num{5.00} (model 5)");
	assert_null(strstr(tex, "not measured (no"));
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
	chk_expect_in(tex, "report~G & Pinning");
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
		"concl.src", "intro.obj", "word.offset",
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
		cmocka_unit_test(test_coalesce_tables),
		cmocka_unit_test(test_transpose_findings),
		cmocka_unit_test(test_bank_findings),
		cmocka_unit_test(test_coalesce_findings),
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
