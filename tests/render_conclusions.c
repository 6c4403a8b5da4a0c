/* The conclusions' verdicts follow the data: on the fixture they are
 * what its samples imply (recomputed here), and after the samples are
 * changed they flip (agrees -> differs -> not shown). */
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

static char *tmpdir, *dbpath;

static int setup(void **state)
{
	(void)state;
	tmpdir = fix_tmpdir();
	if (!tmpdir)
		return -1;
	dbpath = malloc(strlen(tmpdir) + 16);
	sprintf(dbpath, "%s/fix.db", tmpdir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fix_rmdir(tmpdir);
	free(tmpdir);
	free(dbpath);
	return 0;
}

/* A fresh fixture at dbpath. */
static void fixture_new(void)
{
	remove(dbpath);
	assert_int_equal(fix_build(dbpath), 0);
}

static void sql(const char *q)
{
	assert_int_equal(chk_sql(dbpath, q), 0);
}

/* The configuration ids of device 0 (uuid GPU-aaaa...) matching where. */
#define DEV0_CFG(where) \
	"(SELECT c.id FROM config c JOIN session s ON s.id = c.session_id" \
	" JOIN device d ON d.id = s.device_id WHERE d.uuid LIKE 'GPU-aaaa%'" \
	" AND " where ")"

/* Multiplies metric of the configurations by f, samples and stats. */
static void scale(const char *where, const char *metric, double f)
{
	char q[2048];

	snprintf(q, sizeof(q),
		 "UPDATE sample SET value = value * %g WHERE metric = '%s' "
		 "AND config_id IN %s;"
		 "UPDATE stat SET min = min * %g, max = max * %g, "
		 "mean = mean * %g, median = median * %g, stddev = stddev * %g,"
		 " p05 = p05 * %g, p25 = p25 * %g, p75 = p75 * %g, "
		 "p95 = p95 * %g WHERE metric = '%s' AND config_id IN %s;",
		 f, metric, where, f, f, f, f, f, f, f, f, f, metric, where);
	sql(q);
}

/* Copies metric's samples and statistics of configuration `from` onto
 * `to`: two configurations with the same data. */
static void copy_data(const char *from, const char *to, const char *metric)
{
	char q[4096];

	snprintf(q, sizeof(q),
		 "DELETE FROM sample WHERE metric = '%s' AND config_id IN %s;"
		 "INSERT INTO sample (config_id, metric, idx, value) "
		 "SELECT (SELECT * FROM %s), metric, idx, value FROM sample "
		 "WHERE metric = '%s' AND config_id IN %s;"
		 "UPDATE stat SET (n, min, max, mean, median, stddev, p05, p25,"
		 " p75, p95) = (SELECT n, min, max, mean, median, stddev, p05,"
		 " p25, p75, p95 FROM stat WHERE metric = '%s' AND config_id "
		 "IN %s) WHERE metric = '%s' AND config_id IN %s;",
		 metric, to, to, metric, from, metric, from, metric, to);
	sql(q);
}

/* The report's sections of the fixture at dbpath, rendered fine. */
static char *render(const char *sections)
{
	int rc;
	char *tex = chk_render_sections(dbpath, sections, &rc);

	assert_int_equal(rc, RENDER_OK);
	assert_non_null(tex);
	return tex;
}

/* The GPU 1 cell of the conclusions row whose source text holds key. */
static char *verdict(const char *key)
{
	struct chk_table t;
	char *tex = render("conclusions"), *cell = NULL;
	int r;

	if (chk_table_find(tex, "conclusions dev=1", &t))
		fail_msg("no conclusions table");
	for (r = 0; r < t.nrows; r++)
		if (strstr(t.cell[r][1], key))
			cell = strdup(t.cell[r][2]);
	chk_table_free(&t);
	free(tex);
	if (!cell)
		fail_msg("no conclusion '%s'", key);
	return cell;
}

static void expect_word(const char *key, const char *word)
{
	char *c = verdict(key), want[64];

	snprintf(want, sizeof(want), "\\textbf{%s}", word);
	if (!strstr(c, want))
		fail_msg("conclusion '%s': want '%s', got '%s'", key, word, c);
	free(c);
}

#define PINNED_OUT DEV0_CFG("c.suite = 'transfer' AND c.variant = " \
			    "'shared' AND c.host_mem = 'pinned-output' AND " \
			    "c.n = 512")
#define PAGEABLE DEV0_CFG("c.suite = 'transfer' AND c.variant = " \
			  "'shared' AND c.host_mem = 'pageable' AND c.n = 512")

/* Report G's Memcpy C claim: the fixture's verdict is the one its
 * samples give (test recomputed here); a pinned copy ten times slower
 * reverses it; the same samples on both sides leave it open. */
static void test_memcpy_c_flips(void **state)
{
	struct fix_metrics a, b;
	struct chk_stats sa, sb;
	size_t i, ma = 0, mb = 0;
	double p;

	(void)state;
	fixture_new();
	assert_int_equal(fix_metrics_get(0, "transfer", "shared", "pageable",
					 512, 32, 1, &a), 0);
	assert_int_equal(fix_metrics_get(0, "transfer", "shared",
					 "pinned-output", 512, 32, 1, &b), 0);
	for (i = 0; i < a.nmetrics; i++)
		if (!strcmp(a.name[i], "memcpy_c"))
			ma = i;
	for (i = 0; i < b.nmetrics; i++)
		if (!strcmp(b.name[i], "memcpy_c"))
			mb = i;
	chk_stats(a.v[ma], a.nsamples, &sa);
	chk_stats(b.v[mb], b.nsamples, &sb);
	p = chk_mwu_p(a.v[ma], a.nsamples, b.v[mb], b.nsamples);
	expect_word("Memcpy~C", p >= 0.05 ? "not shown" :
		    sb.median < sa.median ? "agrees" : "differs");

	/* pinned output made clearly slower than pageable: reversed */
	copy_data(PAGEABLE, PINNED_OUT, "memcpy_c");
	scale(PINNED_OUT, "memcpy_c", 10);
	expect_word("Memcpy~C", "differs");
	/* and clearly faster: confirmed */
	scale(PINNED_OUT, "memcpy_c", 0.01);
	expect_word("Memcpy~C", "agrees");
	/* the same samples: no significant difference */
	copy_data(PAGEABLE, PINNED_OUT, "memcpy_c");
	expect_word("Memcpy~C", "not shown");
}

/* Report G's whole-run claim made to differ: the pinned run ten times
 * slower; the verdict names the phase that costs it, the pinned
 * allocation, and what its ratio is of. */
static void test_whole_run_malloc(void **state)
{
	char *c;

	(void)state;
	fixture_new();
	copy_data(PAGEABLE, PINNED_OUT, "total");
	scale(PINNED_OUT, "total", 10);
	copy_data(PAGEABLE, PINNED_OUT, "malloc");
	scale(PINNED_OUT, "malloc", 4);
	c = verdict("whole run");
	if (!strstr(c, "\\textbf{differs}") ||
	    !strstr(c, "the pinned allocation (Malloc) takes \\num{4.00}"
		    "$\\times$ the time of the pageable one"))
		fail_msg("whole run: got '%s'", c);
	free(c);
}

/* Report P's one-block claim: v1 slower than v2 agrees; a v1 made a
 * thousand times faster reverses it. The fixture has v1 and v2 only. */
static void test_one_block_flips(void **state)
{
	(void)state;
	fixture_new();
	scale(DEV0_CFG("c.suite = 'versions' AND c.variant = 'v1'"),
	      "gflops", 1e-3);
	expect_word("\\texttt{v1}) is by far", "agrees");
	scale(DEV0_CFG("c.suite = 'versions' AND c.variant = 'v1'"),
	      "gflops", 1e6);
	expect_word("\\texttt{v1}) is by far", "differs");
}

/* A claim without the data it needs says so instead of judging. */
static void test_no_data(void **state)
{
	char *c;

	(void)state;
	fixture_new();
	c = verdict("\\texttt{v3}) are much faster");
	assert_non_null(strstr(c, "not measured"));
	assert_null(strstr(c, "\\textbf"));
	free(c);
}

/* A session that ended at its power cap is said, with its clocks; one
 * that ended unthrottled is not. */
static void test_throttle(void **state)
{
	char *tex;

	(void)state;
	fixture_new();
	tex = render("conclusions");
	assert_null(strstr(tex, "power\\_\\allowbreak{}cap"));
	free(tex);
	sql("UPDATE session SET end_throttle_text = 'sw_power_cap', "
	    "end_sm_clock_mhz = 1500 WHERE device_id IN (SELECT id FROM "
	    "device WHERE uuid LIKE 'GPU-aaaa%')");
	tex = render("conclusions");
	assert_non_null(strstr(tex, "held by \\texttt{sw\\_\\allowbreak{}"
			       "power\\_\\allowbreak{}cap}"));
	assert_non_null(strstr(tex, "1500~MHz at the end"));
	free(tex);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memcpy_c_flips),
		cmocka_unit_test(test_whole_run_malloc),
		cmocka_unit_test(test_one_block_flips),
		cmocka_unit_test(test_no_data),
		cmocka_unit_test(test_throttle),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
