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

/* The summary row of v2 on device 0 (the first summary table). */
static void v2_row(const char *tex, struct chk_table *t, int *row)
{
	const char *a = strstr(tex, "% mmreport-table: summary dev=");
	char anchor[64];
	int r;

	assert_non_null(a);
	snprintf(anchor, sizeof(anchor), "%.*s", (int)strcspn(a + 18, "\n"),
		 a + 18);
	assert_int_equal(chk_table_find(tex, anchor, t), 0);
	*row = -1;
	for (r = 0; r < t->nrows; r++)
		if (!strncmp(t->cell[r][1], "v2", 2))
			*row = r;
	assert_true(*row >= 0);
}

/* The one regime rule (analysis/rules.h) as the report applies it:
 * idle SMs only below one block per SM, the stored regime string of an
 * older rule not read, a clock below the session's top marked and still
 * counted at its own clock, the launch mark only for event timers. */
static void test_regime_rule(void **state)
{
	struct chk_table t;
	struct chk_num gf, pct;
	char *tex;
	int row;

	(void)state;
	/* derived grids: v2 at n = 256, b = 8 runs 1024 blocks on 132 SMs,
	 * so the best counts: no mark, a % of peak */
	tex = render("summary");
	v2_row(tex, &t, &row);
	assert_null(strstr(t.cell[row][1], "\\rgmark{w}"));
	assert_int_equal(chk_num_parse(t.cell[row][7], &pct), 0);
	chk_table_free(&t);
	free(tex);

	/* fewer blocks than SMs everywhere: marked w, no % of peak */
	sql("UPDATE config SET grid_blocks = 131 WHERE variant = 'v2'");
	tex = render("summary");
	v2_row(tex, &t, &row);
	assert_non_null(strstr(t.cell[row][1], "\\rgmark{w}"));
	assert_string_equal(t.cell[row][7], "{--}");
	chk_table_free(&t);
	free(tex);

	/* 400 blocks on 132 SMs with a stored "below_wave" of the old
	 * rule: the SMs are all busy, so the point counts */
	sql("UPDATE config SET grid_blocks = 400, regime = 'below_wave'");
	tex = render("summary");
	v2_row(tex, &t, &row);
	assert_null(strstr(t.cell[row][1], "\\rgmark"));
	assert_int_equal(chk_num_parse(t.cell[row][7], &pct), 0);
	chk_table_free(&t);
	free(tex);

	/* the SM at half its nominal clock all session: no throttle mark
	 * (the session's top), % of peak at that clock doubles */
	sql("UPDATE config SET start_sm_clock_mhz = 990, "
	    "end_sm_clock_mhz = 990");
	tex = render("summary");
	v2_row(tex, &t, &row);
	assert_null(strstr(t.cell[row][1], "\\rgmark"));
	assert_int_equal(chk_num_parse(t.cell[row][4], &gf), 0);
	assert_int_equal(chk_num_parse(t.cell[row][7], &pct), 0);
	assert_true(fabs(pct.v - 100 * gf.v / (PEAK_FP32 * 990 / CLOCK_MHZ))
		    < 0.01 * pct.v);
	chk_table_free(&t);
	free(tex);

	/* v2's clock 3 % below the session's top: marked t, still counted
	 * at its own clock */
	sql("UPDATE config SET end_sm_clock_mhz = 960 WHERE variant = 'v2'");
	tex = render("summary");
	v2_row(tex, &t, &row);
	assert_non_null(strstr(t.cell[row][1], "\\rgmark{t}"));
	assert_int_equal(chk_num_parse(t.cell[row][4], &gf), 0);
	assert_int_equal(chk_num_parse(t.cell[row][7], &pct), 0);
	assert_true(fabs(pct.v - 100 * gf.v / (PEAK_FP32 * 975 / CLOCK_MHZ))
		    < 0.01 * pct.v);
	chk_table_free(&t);
	free(tex);

	/* 1.5 % below: within the tolerance, no mark */
	sql("UPDATE config SET end_sm_clock_mhz = 975.15 "
	    "WHERE variant = 'v2'");
	tex = render("summary");
	v2_row(tex, &t, &row);
	assert_null(strstr(t.cell[row][1], "\\rgmark{t}"));
	chk_table_free(&t);
	free(tex);

	/* a stored "launch_bound" under the GPU's activity record: no
	 * launch cost in the time, no mark */
	sql("UPDATE session SET timer = 'cupti-activity', launch_us = 1e9");
	sql("UPDATE config SET regime = 'launch_bound'");
	tex = render("summary");
	v2_row(tex, &t, &row);
	assert_null(strstr(t.cell[row][1], "\\rgmark{l}"));
	chk_table_free(&t);
	free(tex);

	/* timed by events and shorter than the launch: marked l, left out
	 * of % of peak */
	sql("UPDATE session SET timer = 'events-blocking'");
	tex = render("summary");
	v2_row(tex, &t, &row);
	assert_non_null(strstr(t.cell[row][1], "\\rgmark{l}"));
	assert_string_equal(t.cell[row][7], "{--}");
	chk_table_free(&t);
	free(tex);
	sql("UPDATE session SET timer = NULL, launch_us = NULL");
	sql("UPDATE config SET grid_blocks = NULL, regime = NULL, "
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
		cmocka_unit_test(test_launch_cost),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
