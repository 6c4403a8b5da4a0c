/* Regimes as the report reads them: derived for a database that stores
 * none (the fixture: every v2 grid is below one wave), parsed when
 * measure stored them, and "% of peak" taken at the recorded SM clock;
 * the launch cost a session measured is stated in the method. */
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

static void test_stored_regime_and_clock(void **state)
{
	struct chk_table t;
	struct chk_num gf, pct;
	char *tex;
	int row;

	(void)state;
	/* derived: below one wave, no % of peak, the note says derived */
	tex = render("summary");
	v2_row(tex, &t, &row);
	assert_non_null(strstr(t.cell[row][1], "\\rgmark{w}"));
	assert_string_equal(t.cell[row][7], "{--}");
	assert_non_null(strstr(tex, "predates stored regimes"));
	chk_table_free(&t);
	free(tex);

	/* stored: measure judged every configuration steady, and the SM
	 * ran at half its nominal clock: % of peak doubles */
	sql("UPDATE config SET regime = '', start_sm_clock_mhz = 990, "
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

	/* stored launch-bound: marked l, explained as stored */
	sql("UPDATE config SET regime = 'launch_bound' WHERE variant = 'v2'");
	tex = render("summary");
	v2_row(tex, &t, &row);
	assert_non_null(strstr(t.cell[row][1], "\\rgmark{l}"));
	assert_non_null(strstr(tex, "As recorded by the measurement"));
	chk_table_free(&t);
	free(tex);
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
		cmocka_unit_test(test_stored_regime_and_clock),
		cmocka_unit_test(test_launch_cost),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
