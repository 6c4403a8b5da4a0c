/* Textbook R's scalar product and lecture B's random walkers (issue 13,
 * items 6 and 7). A fixture of their own, built through store/, with
 * known samples: the tables hold the fixture's medians, the findings'
 * numbers are recomputed here from the samples (medians, ratios,
 * Mann-Whitney p), the conclusions follow the data and flip when the
 * data do, a failed configuration is shown as failed and never as a
 * speed, a database without these suites renders none of it, and the
 * report compiles in every language without a line in the margin. */
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
#define PEAK 3352.32
#define LAUNCH_US 25.0

static const long long dot_ns[3] = {1048576, 16777216, 134217728};
/* GB/s out of L2: [variant][precision] */
static const double dot_gbs[2][2] = {{2800, 2900}, {3000, 3050}};

static double dot_base(int v, int p, int i)
{
	/* the smallest size is L2-resident and launch-bound: slower */
	return dot_gbs[v][p] * (i == 0 ? 0.3 : i == 1 ? 0.95 : 1);
}

static double dot_err(int v, int p, int i)
{
	return (p ? 2e-16 : 3e-8) * (1 + 2.0 * i) * (v ? 0.5 : 1);
}

static const long long wk_ws[2] = {65536, 1048576};
static const int wk_ss[3] = {100, 1000, 10000};
static const double wk_g[3] = {20, 60, 90};

static double wk_base(int v, int wi, int si)
{
	return wk_g[v] * (wi ? 1 : 0.5) * (si ? 1 : 0.7);
}

static double wk_mean(int wi, int si)
{
	return 0.5 * sqrt((double)wk_ss[si] / wk_ws[wi]);
}

static double wk_var(int wi, int si)
{
	return wk_ss[si] * (1 + 0.8 * sqrt(2.0 / (wk_ws[wi] - 1)));
}

static int put(struct store *st, long long sid, const char *suite,
	       const char *variant, const char *prec, long long count,
	       int param, const char *status, const char *regime,
	       double base, int shift, double err, double mean, double var,
	       long long grp)
{
	struct store_metric m[4];
	struct store_config c;
	double a[NS], t[NS], mv[1] = {mean}, vv[1] = {var};
	size_t nm = 0;
	int i, dot = !strcmp(suite, VOCAB_SUITE_DOT);
	double work = dot ? 2.0 * count * (strcmp(prec, "fp64") ? 4 : 8) :
		      (double)count * param;

	memset(&c, 0, sizeof(c));
	c.session_id = sid;
	c.suite = (char *)suite;
	c.variant = (char *)variant;
	c.host_mem = (char *)"";
	c.precision = (char *)prec;
	c.status = (char *)status;
	c.count = count;
	c.param = param;
	c.block_x = dot && !strcmp(variant, "cublas_dot") ? 0 : 256;
	c.block_y = c.block_x ? 1 : 0;
	c.ilp = 1;
	c.finished_at = (char *)"2026-03-01T10:10:00Z";
	c.rel_error = err;
	c.seconds = 1;
	c.grp = grp;
	/* the walkers run one thread a walker in blocks of 256: 256 and
	 * 4096 blocks, at least one on each of the 132 SMs */
	c.grid_blocks = dot ? 4096 : count / 256;
	c.wave_blocks = 2 * SMS;
	c.l2_bytes = 52428800LL;
	c.start_sm_clock_mhz = c.end_sm_clock_mhz = 1980;
	c.has_throttle = 1;
	/* as an older measure stored it; render recomputes the regime by
	 * analysis/rules.h and must not show a stale mark */
	c.regime = (char *)regime;
	c.bytes = c.working_set = dot ? work : 4.0 * count;
	if (!strcmp(status, "failed")) {
		c.reason = (char *)"relative error 3.0e-02 exceeds 1e-05";
		return store_config_insert(st, &c, NULL, 0, 1);
	}
	chk_spread(base, shift, a);
	for (i = 0; i < NS; i++)
		t[i] = dot ? work / (a[i] * 1e6) : work / (a[i] * 1e6);
	m[nm++] = (struct store_metric){dot ? VOCAB_METRIC_GBS :
		VOCAB_METRIC_GSTEPS, dot ? "GB/s" : "Gsteps/s", a, NS};
	m[nm++] = (struct store_metric){VOCAB_METRIC_KERNEL, "ms", t, NS};
	if (!dot) {
		m[nm++] = (struct store_metric){VOCAB_METRIC_WALK_MEAN, "", mv,
						1};
		m[nm++] = (struct store_metric){VOCAB_METRIC_WALK_VAR, "", vv,
						1};
	}
	c.samples = NS;
	return store_config_insert(st, &c, m, nm, 1);
}

static const char *const dvar[2] = {"dot", "cublas_dot"};
static const char *const dprec[2] = {"fp32", "fp64"};
static const char *const wvar[3] = {"walk_global", "walk_shared",
				    "walk_registers"};

/* the failed configuration: cuBLAS fp32 at 2^24 */
static int dot_failed(int v, int p, int i)
{
	return v == 1 && p == 0 && i == 1;
}

static int build(const char *path)
{
	struct store_device d;
	struct store_session s;
	struct store *st;
	char err[256];
	int rc = 0, v, p, i, j;

	remove(path);
	if (store_open(path, STORE_CREATE, &st, err, sizeof(err)))
		return -1;
	memset(&d, 0, sizeof(d));
	d.uuid = (char *)"GPU-dddddddd-1111-2222-3333-444444444444";
	d.name = (char *)"NVIDIA H100 80GB HBM3";
	d.cc_major = 9;
	d.sm_count = SMS;
	d.peak_fp32_gflops = 66908.16;
	d.peak_mem_gbs = PEAK;
	rc |= store_device_upsert(st, &d);
	fix_session_init(&s, NS);
	s.uuid = (char *)"sess-dw-1";
	s.device_id = d.id;
	s.started_at = (char *)"2026-03-01T10:00:00Z";
	s.hostname = (char *)"lab-node-3";
	s.cmdline = (char *)"mmreport measure --suite dot,walkers";
	s.seed = 7;
	s.suites = (char *)"dot,walkers";
	s.tolerance = 1e-5;
	/* kernel times from the GPU's own record, and an empty kernel's
	 * launch longer than every dot kernel at 2^20 (10 to 20 us) */
	s.timer = (char *)VOCAB_TIMER_CUPTI;
	s.launch_us = LAUNCH_US;
	rc |= store_session_insert(st, &s);
	for (v = 0; v < 2 && !rc; v++)
		for (p = 0; p < 2; p++)
			for (i = 0; i < 3; i++)
				rc |= put(st, s.id, VOCAB_SUITE_DOT, dvar[v],
					  dprec[p], dot_ns[i], 0,
					  dot_failed(v, p, i) ? "failed" :
					  "ok", i ? "" :
					  "launch_bound,l2_resident",
					  dot_base(v, p, i), v + 2 * p,
					  dot_err(v, p, i), 0, 0, 10 + i);
	for (v = 0; v < 3 && !rc; v++)
		for (i = 0; i < 2; i++)
			for (j = 0; j < 3; j++)
				rc |= put(st, s.id, VOCAB_SUITE_WALKERS,
					  wvar[v], "int32", wk_ws[i], wk_ss[j],
					  "ok", i ? "" : "below_wave",
					  wk_base(v, i, j), v + j, 0,
					  wk_mean(i, j), wk_var(i, j),
					  20 + 3 * i + j);
	if (!rc)
		rc = store_session_finish(st, s.id, "2026-03-01T10:40:00Z",
					  "complete", NULL);
	dev_id = d.id;
	store_free(st);
	return rc ? -1 : 0;
}

static int setup(void **state)
{
	(void)state;
	return chk_fixture_make(&tmpdir, &dbpath, "dw.db", &plaindb,
				"RENDER_DW_DB", build);
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

/* The median kernel time of a dot configuration, from its samples. */
static double dot_ms(int v, int p, int i)
{
	double g[NS], t[NS];
	struct chk_stats s;
	int k;

	chk_spread(dot_base(v, p, i), v + 2 * p, g);
	for (k = 0; k < NS; k++)
		t[k] = 2.0 * dot_ns[i] * (p ? 8 : 4) / (g[k] * 1e6);
	chk_stats(t, NS, &s);
	return s.median;
}

/* ---- dot ----------------------------------------------------------------- */

/* The table holds the four kernels at the largest N where both ran
 * steady (2^27; 2^20 fits the L2 cache and is never compared): the
 * fixture's medians, the own kernel in % of cuBLAS, each in % of the
 * memory's peak. */
static void test_dot_tables(void **state)
{
	struct chk_table t;
	char where[64];
	char *tex;
	int r;

	(void)state;
	assert_int_equal(build(dbpath), 0);
	tex = render("dot");
	chk_table_need(tex, "dot", dev_id, &t);
	assert_int_equal(t.nrows, 4);
	for (r = 0; r < 4; r++) {
		int v = r % 2, p = r / 2;
		double g = chk_spread_median(dot_base(v, p, 2), v + 2 * p);
		double c = chk_spread_median(dot_base(1, p, 2), 1 + 2 * p);

		snprintf(where, sizeof(where), "v=%d p=%d", v, p);
		assert_int_equal(t.ncols[r], 6);
		assert_string_equal(t.cell[r][2], "$2^{27}$");
		chk_expect_lead(t.cell[r][3], g, where);
		chk_expect_lead(t.cell[r][4], 100 * g / c, where);
		chk_expect_lead(t.cell[r][5], 100 * g / PEAK, where);
	}
	chk_table_free(&t);
	chk_expect_in(tex, "\\item \\texttt{cublas\\_dot}, \\(N = \\num{16777216}"
		  "\\), fp32: \\textit{failed} --- relative error");
	free(tex);
}

static void test_dot_findings(void **state)
{
	char want[1024];
	char *tex, *sec;
	double o32 = chk_spread_median(dot_base(0, 0, 2), 0);
	double c32 = chk_spread_median(dot_base(1, 0, 2), 1);
	double t32 = dot_ms(0, 0, 2), t64 = dot_ms(0, 1, 2);
	double e32 = (dot_err(0, 0, 0) + dot_err(0, 0, 1) +
		      dot_err(0, 0, 2)) / 3;
	double e64 = (dot_err(0, 1, 0) + dot_err(0, 1, 1) +
		      dot_err(0, 1, 2)) / 3;

	(void)state;
	assert_int_equal(build(dbpath), 0);
	tex = render("dot");
	sec = chk_section_text(tex, "Scalar product with a shared-memory "
			   "reduction");
	snprintf(want, sizeof(want), "\\item In fp32, $N = 2^{27}$ the "
		 "shared-memory reduction reaches %s of cuBLAS's bandwidth, "
		 "%s against %s~GB/s (", chk_tex_pct(100 * o32 / c32, 3),
		 chk_tex_num(o32, 4), chk_tex_num(c32, 4));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "The reduction reads at %s of the "
		 "theoretical memory bandwidth, cuBLAS at %s:",
		 chk_tex_pct(100 * o32 / PEAK, 3), chk_tex_pct(100 * c32 / PEAK, 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "\\item \\texttt{dot}, $N = 2^{27}$: fp64 "
		 "takes %s (95\\,\\%% CI ", chk_tex_num(t64 / t32, 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "its mean relative error is \\num{%.2e} "
		 "in fp32 and \\num{%.2e} in fp64.", e32, e64);
	chk_expect_in(sec, want);
	chk_expect_in(sec, "All 6 configurations of \\texttt{dot} passed");
	/* the failed and the L2 points are no speed: no sentence there */
	assert_null(strstr(sec, "$N = 2^{24}$"));
	assert_null(strstr(sec, "$N = 2^{20}$"));
	assert_null(strstr(sec, "$p <"));
	free(sec);
	free(tex);
}

/* Without the largest size, the comparisons move to the largest size
 * where both sides ran steady: fp64 at 2^24; fp32 not at all (cuBLAS
 * failed at 2^24, 2^20 fits the L2 cache). */
static void test_dot_launch(void **state)
{
	char *tex, *sec;

	(void)state;
	assert_int_equal(build(dbpath), 0);
	sql("UPDATE session SET timer = 'events-blocking';"
	    "DELETE FROM config WHERE suite = 'dot' AND count = 134217728");
	tex = render("dot");
	sec = chk_section_text(tex, "Scalar product with a shared-memory "
			   "reduction");
	chk_expect_in(sec, "\\item In fp64, $N = 2^{24}$ the shared-memory");
	assert_null(strstr(sec, "In fp32, $N ="));
	free(sec);
	free(tex);
}

/* ---- walkers ------------------------------------------------------------- */

static void test_walkers_tables(void **state)
{
	struct chk_table t;
	char where[64];
	char *tex;
	int i, j, v, r = 0;

	(void)state;
	assert_int_equal(build(dbpath), 0);
	tex = render("walkers");
	chk_table_need(tex, "walkers", dev_id, &t);
	assert_int_equal(t.nrows, 6);
	for (i = 0; i < 2; i++)
		for (j = 0; j < 3; j++, r++) {
			assert_int_equal(t.ncols[r], 5);
			for (v = 0; v < 3; v++) {
				snprintf(where, sizeof(where), "w%d s%d v%d",
					 i, j, v);
				chk_expect_lead(t.cell[r][2 + v],
					chk_spread_median(wk_base(v, i, j),
							  v + j), where);
			}
		}
	chk_table_free(&t);
	free(tex);
}

static void test_walkers_findings(void **state)
{
	char want[1024];
	char *tex, *sec;
	struct chk_table t;
	double g = chk_spread_median(wk_base(0, 1, 2), 2);
	double s = chk_spread_median(wk_base(1, 1, 2), 3);
	double r = chk_spread_median(wk_base(2, 1, 2), 4);

	(void)state;
	assert_int_equal(build(dbpath), 0);
	tex = render("walkers");
	sec = chk_section_text(tex, "Random walkers and the generator's state");
	snprintf(want, sizeof(want), "\\item At the largest steady point, $W = "
		 "\\num{1048576}$, $S = \\num{10000}$, keeping the generator's "
		 "state in shared memory instead of global memory makes the "
		 "walk %s (95\\,\\%% CI ", chk_tex_num(s / g, 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "times as fast (%s against %s~Gsteps/s).",
		 chk_tex_num(s, 4), chk_tex_num(g, 4));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "times the rate of shared memory (%s "
		 "against %s~Gsteps/s), %s times that of global memory.",
		 chk_tex_num(r, 4), chk_tex_num(s, 4), chk_tex_num(r / g, 3));
	chk_expect_in(sec, want);
	snprintf(want, sizeof(want), "stand 1 : %s : %s; ours stand 1 : %s : "
		 "%s.", chk_tex_num(0.7 / 3.7, 2), chk_tex_num(0.5 / 3.7, 2),
		 chk_tex_num(g / s, 2), chk_tex_num(g / r, 2));
	chk_expect_in(sec, want);
	chk_expect_in(sec, "holds at all 6 points");
	chk_expect_in(sec, "All 18 configurations matched a CPU run");
	assert_null(strstr(sec, "$p <"));
	free(sec);
	free(tex);
	/* a grid of fewer blocks than SMs (64 of 132) is marked and out
	 * of the largest point, which stays W = 1048576 */
	sql("UPDATE config SET grid_blocks = 64 WHERE suite = 'walkers' AND "
	    "count = 65536");
	tex = render("walkers");
	chk_table_need(tex, "walkers", dev_id, &t);
	chk_expect_in(t.cell[0][2], "\\rgmark{w}");
	assert_null(strstr(t.cell[3][2], "\\rgmark{w}"));
	chk_table_free(&t);
	sec = chk_section_text(tex, "Random walkers and the generator's state");
	chk_expect_in(sec, "\\item At the largest steady point, $W = "
		      "\\num{1048576}$, $S = \\num{10000}$");
	free(sec);
	free(tex);
}

/* ---- conclusions --------------------------------------------------------- */

/* Lecture B's walkers (3.7, 0.7, 0.5 s) beside the walkers section's
 * steps: the row's verdict, the last cell (one device: one word).
 * Textbook R states no finding of its scalar product (SEEDS), so it
 * has no row. */
static void expect_walkers(const char *sec, const char *v)
{
	const char *p = strstr(sec, "walkers of 50\\,000 steps"), *e;
	char want[64];

	if (!p)
		fail_msg("no walkers row");
	e = strstr(p, " \\\\\n");
	snprintf(want, sizeof(want), " & %s", v);
	if (!e || strncmp(e - strlen(want), want, strlen(want)))
		fail_msg("walkers row is not '%s'", v);
}

static void test_conclusions(void **state)
{
	char *sec;

	(void)state;
	assert_int_equal(build(dbpath), 0);
	sec = chk_concl_text(dbpath);
	expect_walkers(sec, "agrees");
	chk_expect_in(sec, "lecture~B");
	assert_null(strstr(sec, "scalar product"));
	free(sec);
}

/* Shared memory made slower than global memory: the step reverses. */
static void test_conclusions_flip(void **state)
{
	char *sec;

	(void)state;
	assert_int_equal(build(dbpath), 0);
	sql("UPDATE sample SET value = value / 10 WHERE metric = 'gsteps' "
	    "AND config_id IN (SELECT id FROM config WHERE variant = "
	    "'walk_shared');"
	    "UPDATE stat SET median = median / 10, min = min / 10, max = "
	    "max / 10 WHERE metric = 'gsteps' AND config_id IN (SELECT id "
	    "FROM config WHERE variant = 'walk_shared');");
	sec = chk_concl_text(dbpath);
	expect_walkers(sec, "differs");
	free(sec);
}

/* ---- absence and sections ----------------------------------------------- */

static void test_absent(void **state)
{
	char *tex;

	(void)state;
	tex = chk_render_lang(plaindb, NULL, "en");
	assert_null(strstr(tex, "\\section{Scalar product"));
	assert_null(strstr(tex, "\\section{Random walkers"));
	assert_null(strstr(tex, "mmreport-table: dot"));
	assert_null(strstr(tex, "mmreport-table: walkers"));
	assert_null(strstr(tex, "\\texttt{dot}"));
	assert_null(strstr(tex, "\\texttt{walkers}"));
	free(tex);
	free(chk_absent_render(plaindb, "dot,walkers"));
	/* one of the pair measured: the other named as missing */
	assert_int_equal(build(dbpath), 0);
	sql("DELETE FROM config WHERE suite = 'walkers'");
	tex = render("intro");
	chk_expect_in(tex, "\\emph{Scalar product} (textbook~R)");
	assert_null(strstr(tex, "\\emph{Random walkers}"));
	chk_expect_in(tex, "\\texttt{walkers}, so their sections are left out.");
	free(tex);
}

static void test_sections(void **state)
{
	(void)state;
	chk_sections_expect("coalesce,dot,walkers,summary", "dot,walkers");
}

static void test_latex(void **state)
{
	static const char *const pre[] = {"find.dot.", "find.wk.", "dot.",
		"walkers.", "concl.b.walkers",
		"intro.obj.dot", "intro.obj.walkers", "mem.", "word.steps"};

	(void)state;
	if (!fix_have("pdflatex"))
		skip();
	assert_int_equal(build(dbpath), 0);
	chk_langs_compile(dbpath, pre, sizeof(pre) / sizeof(pre[0]),
			  "RENDER_DW_PDF", 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dot_tables),
		cmocka_unit_test(test_dot_findings),
		cmocka_unit_test(test_dot_launch),
		cmocka_unit_test(test_walkers_tables),
		cmocka_unit_test(test_walkers_findings),
		cmocka_unit_test(test_conclusions),
		cmocka_unit_test(test_conclusions_flip),
		cmocka_unit_test(test_absent),
		cmocka_unit_test(test_sections),
		cmocka_unit_test(test_latex),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     chk_fixture_teardown);
}
