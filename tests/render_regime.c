/* Regimes by the one rule, computed by render from what is stored (the
 * fixture stores no grids: they are derived from the launch geometry),
 * "% of peak" taken at the recorded SM clock; the launch cost a session
 * measured is stated in the method. */
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
#include "store.h"

/* The fixture's device 0: FP32 peak and nominal clock (render_fixture.c
 * device properties). */
#define PEAK_FP32 66908.16
#define CLOCK_MHZ 1980.0

static char *tmpdir, *dbpath;

static int setup(void **state)
{
	(void)state;
	tmpdir = fix_tmpdir();
	if (!tmpdir)
		return -1;
	dbpath = malloc(strlen(tmpdir) + 16);
	sprintf(dbpath, "%s/fix.db", tmpdir);
	return fix_build(dbpath);
}

static int teardown(void **state)
{
	(void)state;
	fix_rmdir(tmpdir);
	free(tmpdir);
	free(dbpath);
	return 0;
}

static void sql(const char *q)
{
	assert_int_equal(chk_sql(dbpath, q), 0);
}

static char *render(const char *sections)
{
	int rc;
	char *tex = chk_render_sections(dbpath, sections, &rc);

	assert_int_equal(rc, RENDER_OK);
	assert_non_null(tex);
	return tex;
}

/* Device 0's cell of the summary's row labelled label (a number's
 * without its \num{}), malloc'd; NULL where the summary has no such row
 * (no device has the figure) or no table (nothing counts). */
static char *sum_cell(const char *tex, const char *label)
{
	struct chk_table t;
	char *c = NULL;
	const char *v;
	int r;

	if (chk_table_find(tex, "summary", &t))
		return NULL;	/* no figure at all */
	for (r = 0; r < t.nrows && !c; r++) {
		if (t.ncols[r] < 2 || strcmp(t.cell[r][0], label))
			continue;
		v = t.cell[r][1];
		if (!strncmp(v, "\\num{", 5))
			c = strndup(v + 5, strcspn(v + 5, "}"));
		else
			c = strdup(v);
	}
	chk_table_free(&t);
	return c;
}

/* The summary's fastest own kernel on device 0 (v2: v1's single block
 * never counts) and its % of the FP32 peak, or that none counts. */
static void v2_best(const char *tex, const char *mark, double *gf,
		    double *pct)
{
	char *k = sum_cell(tex, "Fastest own matrix kernel");
	char *g = sum_cell(tex, "\\quad GFLOP/s");
	char *p = sum_cell(tex, "\\quad \\% of FP32 peak");

	assert_non_null(k);
	assert_non_null(strstr(k, "\\texttt{v2}"));
	if (mark)
		assert_non_null(strstr(k, mark));
	else
		assert_null(strstr(k, "\\rgmark"));
	assert_non_null(g);
	assert_non_null(p);
	*gf = strtod(g, NULL);
	*pct = strtod(p, NULL);
	assert_true(*gf > 0 && *pct > 0);
	free(k);
	free(g);
	free(p);
}

/* No own kernel counts: the summary names none. */
static void none_counts(const char *tex)
{
	char *k = sum_cell(tex, "Fastest own matrix kernel");

	assert_true(!k || !strstr(k, "\\texttt{v2}"));
	free(k);
}

/* The first session's cell of the sessions tables' row labelled label
 * (the setting's or the run's), malloc'd; fails where it is missing. */
static char *sum_row_session(const char *tex, const char *label)
{
	struct chk_table t;
	char *c = NULL;
	int r, i;

	for (i = 0; i < 2 && !c; i++) {
		assert_int_equal(chk_table_find(tex, i ? "sessions-run" :
						"sessions", &t), 0);
		for (r = 0; r < t.nrows && !c; r++)
			if (t.ncols[r] > 1 && !strcmp(t.cell[r][0], label))
				c = strdup(t.cell[r][1]);
		chk_table_free(&t);
	}
	if (!c)
		fail_msg("no sessions row '%s'", label);
	return c;
}

/* The one regime rule (analysis/rules.h) as the report applies it:
 * idle SMs only below one block per SM, the stored regime string of an
 * older rule not read, a clock below the session's top marked and still
 * counted at its own clock, the launch mark only for event timers. The
 * summary shows the fastest own kernel that counts. */
static void test_regime_rule(void **state)
{
	double gf, pct;
	char *tex;

	(void)state;
	/* derived grids: v2 at n = 256, b = 8 runs 1024 blocks on 132 SMs,
	 * so the best counts: no mark, a % of peak */
	tex = render("summary");
	v2_best(tex, NULL, &gf, &pct);
	free(tex);

	/* fewer blocks than SMs everywhere: no own kernel counts */
	sql("UPDATE config SET grid_blocks = 131 WHERE variant = 'v2'");
	tex = render("summary");
	none_counts(tex);
	free(tex);

	/* 400 blocks on 132 SMs with a stored "below_wave" of the old
	 * rule: the SMs are all busy, so the point counts */
	sql("UPDATE config SET grid_blocks = 400, regime = 'below_wave'");
	tex = render("summary");
	v2_best(tex, NULL, &gf, &pct);
	free(tex);

	/* the SM at half its nominal clock all session: no throttle mark
	 * (the session's top), % of peak at that clock doubles */
	sql("UPDATE config SET start_sm_clock_mhz = 990, "
	    "end_sm_clock_mhz = 990");
	tex = render("summary");
	v2_best(tex, NULL, &gf, &pct);
	assert_true(fabs(pct - 100 * gf / (PEAK_FP32 * 990 / CLOCK_MHZ))
		    < 0.01 * pct);
	free(tex);

	/* v2's clock 3 % below the session's top: marked t, still counted
	 * at its own clock */
	sql("UPDATE config SET end_sm_clock_mhz = 960 WHERE variant = 'v2'");
	tex = render("summary");
	v2_best(tex, "\\rgmark{t}", &gf, &pct);
	assert_true(fabs(pct - 100 * gf / (PEAK_FP32 * 975 / CLOCK_MHZ))
		    < 0.01 * pct);
	free(tex);

	/* 1.5 % below: within the tolerance, no mark */
	sql("UPDATE config SET end_sm_clock_mhz = 975.15 "
	    "WHERE variant = 'v2'");
	tex = render("summary");
	v2_best(tex, NULL, &gf, &pct);
	free(tex);

	/* a stored "launch_bound" under the GPU's activity record: no
	 * launch cost in the time, no mark */
	sql("UPDATE session SET timer = 'cupti-activity', launch_us = 1e9");
	sql("UPDATE config SET regime = 'launch_bound'");
	tex = render("summary");
	v2_best(tex, NULL, &gf, &pct);
	free(tex);

	/* timed by events and shorter than the launch: left out of best
	 * and % of peak */
	sql("UPDATE session SET timer = 'events-blocking'");
	tex = render("summary");
	none_counts(tex);
	free(tex);
	sql("UPDATE session SET timer = NULL, launch_us = NULL");
	sql("UPDATE config SET grid_blocks = NULL, regime = NULL, "
	    "start_sm_clock_mhz = NULL, end_sm_clock_mhz = NULL");
}

/* The sessions appendix tells the truth about throttling: the
 * configurations the regime rule marks throttled, counted per session,
 * and what a schema-7 session stored (throttled and discarded samples,
 * power limit, CPU, PCIe link, nvcc, cuBLAS, throttle mode, noise
 * target, clocks locked), "not recorded" where an older file lacks it. */
static void test_sessions_throttle(void **state)
{
	static const char *const unrec[] = {
		"Host CPU", "PCIe link", "Kernels compiled by (nvcc)",
		"cuBLAS version", "Noise target (\\texttt{-{}-max-noise})",
		"Clocks locked", "Power limit [W]",
		"Throttled samples (\\texttt{-{}-throttle})",
		"Samples taken while throttled"
	};
	char *tex, *c;
	size_t i;

	(void)state;
	/* a file older than schema 7: none of it stored */
	sql("UPDATE session SET clocks_locked = NULL");
	sql("UPDATE config SET throttled = NULL, discarded = NULL");
	tex = render("sessions");
	for (i = 0; i < sizeof(unrec) / sizeof(unrec[0]); i++) {
		c = sum_row_session(tex, unrec[i]);
		assert_string_equal(c, "not recorded");
		free(c);
	}
	c = sum_row_session(tex, "Configurations throttled (\\rgmark{t})");
	assert_non_null(strstr(c, "none of"));
	free(c);
	free(tex);

	/* v2 3 % below its session's top clock: throttled by the rule */
	sql("UPDATE config SET start_sm_clock_mhz = 990, "
	    "end_sm_clock_mhz = 990");
	sql("UPDATE config SET end_sm_clock_mhz = 960 WHERE variant = 'v2'");
	sql("UPDATE session SET host_cpu = 'AMD EPYC 9654', pcie_gen = 5, "
	    "pcie_width = 16, cuda_compiler = '13.0.48', "
	    "cublas_version = 130001, max_noise_pct = 0.5, "
	    "clocks_locked = 0, power_limit_w = 700, throttle = 'discard', "
	    "throttle_pct = 98");
	sql("UPDATE config SET throttled = 3, discarded = 2 "
	    "WHERE variant = 'v2'");
	sql("UPDATE config SET throttled = 0, discarded = 0 "
	    "WHERE variant <> 'v2'");
	tex = render("sessions");
	c = sum_row_session(tex, "Configurations throttled (\\rgmark{t})");
	assert_non_null(strstr(c, " of \\num{"));
	assert_null(strstr(c, "none"));
	free(c);
	c = sum_row_session(tex, "Host CPU");
	assert_string_equal(c, "AMD EPYC 9654");
	free(c);
	c = sum_row_session(tex, "PCIe link");
	assert_string_equal(c, "Gen~5 \\texttimes16");
	free(c);
	c = sum_row_session(tex, "cuBLAS version");
	assert_string_equal(c, "13.0.1");
	free(c);
	c = sum_row_session(tex, "Power limit [W]");
	assert_string_equal(c, "\\num{700}");
	free(c);
	c = sum_row_session(tex, "Clocks locked");
	assert_string_equal(c, "no");
	free(c);
	c = sum_row_session(tex, "Throttled samples (\\texttt{-{}-throttle})");
	assert_string_equal(c, "discarded below \\num{98}\\,\\% of the "
			    "highest clock");
	free(c);
	c = sum_row_session(tex, "Noise target (\\texttt{-{}-max-noise})");
	assert_string_equal(c, "\\num{0.5}\\,\\%");
	free(c);
	free(tex);
	sql("UPDATE session SET host_cpu = NULL, pcie_gen = NULL, "
	    "pcie_width = NULL, cuda_compiler = NULL, cublas_version = NULL, "
	    "max_noise_pct = NULL, clocks_locked = NULL, "
	    "power_limit_w = NULL, throttle = NULL, throttle_pct = NULL");
	sql("UPDATE config SET throttled = NULL, discarded = NULL, "
	    "start_sm_clock_mhz = NULL, end_sm_clock_mhz = NULL");
}

/* The launch cost the sessions measured is the method's yardstick. */
static void test_launch_cost(void **state)
{
	char *tex;

	(void)state;
	tex = render("intro");
	assert_non_null(strstr(tex, "predates the stored launch cost"));
	free(tex);
	sql("UPDATE session SET launch_us = 4.25");
	tex = render("intro");
	assert_non_null(strstr(tex, "\\num{4.25}~\\textmu s"));
	assert_null(strstr(tex, "predates the stored launch cost"));
	free(tex);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regime_rule),
		cmocka_unit_test(test_sessions_throttle),
		cmocka_unit_test(test_launch_cost),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
