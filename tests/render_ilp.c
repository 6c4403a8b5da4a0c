/* Note J's section (the ilp suite): the table holds the fixture's
 * medians at each device's largest steady size, the findings' words
 * follow the data (they flip when the samples are changed so that the
 * other side wins or the sides overlap), Little's law uses the stored
 * resident threads, and an L2-resident point is never the best nor
 * given a share of the peak. Every size's statistics are in the
 * generic appendix of all measurements (render/appendix.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "render_check.h"
#include "render_fixture.h"

/* The fixture's first device (GPU 1) keeps raw samples, the second
 * (GPU 2) does not. */
#define DEV_A "GPU-aaaa%"
#define DEV_B "GPU-bbbb%"

static char *tmpdir, *dbpath;
static long long dev_id[2];
static double peak[2];

/* A fresh fixture database, so that each test changes its own copy. */
static void sql(const char *dev, const char *stmt);

static void fixture_new(void)
{
	sqlite3 *db;
	sqlite3_stmt *q;
	int i;

	remove(dbpath);
	assert_int_equal(fix_build(dbpath), 0);
	assert_int_equal(sqlite3_open(dbpath, &db), SQLITE_OK);
	for (i = 0; i < 2; i++) {
		assert_int_equal(sqlite3_prepare_v2(db, "SELECT id, "
			"peak_mem_gbs FROM device WHERE uuid LIKE ?1", -1, &q,
			NULL), SQLITE_OK);
		sqlite3_bind_text(q, 1, i ? DEV_B : DEV_A, -1, SQLITE_STATIC);
		assert_int_equal(sqlite3_step(q), SQLITE_ROW);
		dev_id[i] = sqlite3_column_int64(q, 0);
		peak[i] = sqlite3_column_double(q, 1);
		sqlite3_finalize(q);
	}
	sqlite3_close(db);
	/* device B's small copies run on one SM's worth of blocks (32 at
	 * 2^14): with one SM they fill it, so its points count (the regime
	 * rule's idle SMs are fewer blocks than SMs) */
	sql(DEV_B, "UPDATE device_prop SET num = 1, value = '1' WHERE "
	    "key = 'multiprocessor_count' AND device_id = (SELECT id FROM "
	    "device WHERE uuid LIKE ?1)");
	sql(DEV_B, "UPDATE device SET sm_count = 1 WHERE uuid LIKE ?1");
}

static int setup(void **state)
{
	(void)state;
	tmpdir = fix_tmpdir();
	if (!tmpdir)
		return -1;
	dbpath = malloc(strlen(tmpdir) + 16);
	if (!dbpath)
		return -1;
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

/* Runs sql on the fixture; ?1 is bound to the device's UUID pattern
 * when the statement uses it. */
static void sql(const char *dev, const char *stmt)
{
	sqlite3 *db;
	sqlite3_stmt *q;

	assert_int_equal(sqlite3_open(dbpath, &db), SQLITE_OK);
	if (sqlite3_prepare_v2(db, stmt, -1, &q, NULL) != SQLITE_OK)
		fail_msg("%s: %s", stmt, sqlite3_errmsg(db));
	if (sqlite3_bind_parameter_count(q))
		sqlite3_bind_text(q, 1, dev, -1, SQLITE_STATIC);
	if (sqlite3_step(q) != SQLITE_DONE)
		fail_msg("%s: %s", stmt, sqlite3_errmsg(db));
	sqlite3_finalize(q);
	sqlite3_close(db);
}

/* The configurations of one ilp point of a device, for the statements
 * below: ?1 device pattern. */
#define CFG(variant, ilp, n) "(SELECT c.id FROM config c JOIN session s " \
	"ON s.id = c.session_id JOIN device d ON d.id = s.device_id " \
	"WHERE d.uuid LIKE ?1 AND c.suite = 'ilp' AND c.variant = '" \
	variant "' AND c.ilp = " #ilp " AND c.n = " #n ")"

/* Scales the bandwidth samples and statistics of a configuration. */
#define SCALE(variant, ilp, n, f) \
	do { \
		sql(DEV_A, "UPDATE sample SET value = value * " #f \
		    " WHERE metric = 'gbs' AND config_id = " \
		    CFG(variant, ilp, n)); \
		sql(DEV_A, "UPDATE stat SET min = min * " #f ", max = max * " \
		    #f ", mean = mean * " #f ", median = median * " #f \
		    ", stddev = stddev * " #f ", p05 = p05 * " #f \
		    ", p25 = p25 * " #f ", p75 = p75 * " #f \
		    ", p95 = p95 * " #f " WHERE metric = 'gbs' AND " \
		    "config_id = " CFG(variant, ilp, n)); \
	} while (0)

/* Device A's copies all in device memory and full waves: an L2 of 1
 * KiB (every working set is larger) and one SM. */
static void dev_a_steady(void)
{
	sql(DEV_A, "UPDATE device_prop SET num = 1, value = '1' WHERE "
	    "key = 'l2_size' AND device_id = (SELECT id FROM device WHERE "
	    "uuid LIKE ?1)");
	sql(DEV_A, "UPDATE device_prop SET num = 1, value = '1' WHERE "
	    "key = 'multiprocessor_count' AND device_id = (SELECT id FROM "
	    "device WHERE uuid LIKE ?1)");
	sql(DEV_A, "UPDATE device SET sm_count = 1 WHERE uuid LIKE ?1");
}

static char *render(const char *lang)
{
	struct render_options o;
	char *tex;
	int rc;

	render_options_init(&o);
	o.db_path = dbpath;
	o.sections = "ilp";
	o.lang = lang;
	tex = chk_render(&o, NULL, &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_non_null(tex);
	return tex;
}

/* The findings items of GPU k, joined (malloc'd). */
static char *findings(const char *tex, int k)
{
	const char *p = strstr(tex, "\\subsection{Findings}"), *end;
	char pre[32];
	size_t n = 0;
	char *out = calloc(1, strlen(tex) + 1);

	assert_non_null(p);
	assert_non_null(out);
	end = strstr(p, "\\end{itemize}");
	assert_non_null(end);
	snprintf(pre, sizeof(pre), "\\item GPU~%d: ", k);
	while ((p = strstr(p, pre)) && p < end) {
		const char *e = strstr(p + 1, "\\item ");

		if (!e || e > end)
			e = end;
		memcpy(out + n, p, (size_t)(e - p));
		n += (size_t)(e - p);
		p = e;
	}
	return out;
}

/* The number a cell starts with (marks and interval follow it). */
static void expect_lead(const char *cell, double want, const char *where)
{
	struct chk_num n;
	char num[64];
	size_t len = strspn(cell, "0123456789.-");

	if (!len || len >= sizeof(num))
		fail_msg("%s: '%s' starts with no number", where, cell);
	memcpy(num, cell, len);
	num[len] = '\0';
	if (chk_num_parse(num, &n) || !chk_num_matches(&n, want))
		fail_msg("%s: '%s' is not %g", where, cell, want);
}

static const char *const cols_variant[4] = {"copy_ilp", "copy_ilp",
					    "copy_ilp", "memcpy"};

static double fix_median(int dev, int col, int log2n)
{
	struct fix_metrics m;
	struct chk_stats s;

	assert_int_equal(fix_metrics_get(dev, "ilp", cols_variant[col], "",
					 log2n, 0, col < 3 ? fix_ilps[col] : 1,
					 &m), 0);
	chk_stats(m.v[0], m.nsamples, &s);
	return s.median;
}

/* The row of ILP ilp in the table (memcpy: ilp < 0). */
static int row_of(const struct chk_table *t, int ilp)
{
	char lab[32];
	int r;

	snprintf(lab, sizeof(lab), "ILP~%d", ilp);
	for (r = 0; r < t->nrows; r++)
		if (!strcmp(t->cell[r][0], ilp < 0 ? "memcpy" : lab))
			return r;
	fail_msg("no row %s", ilp < 0 ? "memcpy" : lab);
	return -1;
}

/* One table, a column group per device: each device's medians at its
 * largest steady size and their share of the peak; device A, all of
 * whose points are L2-resident (its L2 holds 50 MiB), has none. */
static void test_values(void **state)
{
	struct chk_table t;
	char where[96];
	char *tex;
	int c, r;

	(void)state;
	fixture_new();
	tex = render("en");
	chk_table_need(tex, "ilp", dev_id[0], &t);
	assert_int_equal(t.nrows, 4);
	for (c = 0; c < 4; c++) {
		r = row_of(&t, c < 3 ? fix_ilps[c] : -1);
		snprintf(where, sizeof(where), "c%d", c);
		assert_string_equal(t.cell[r][1], "{--}");
		expect_lead(t.cell[r][4], fix_median(1, c, 14), where);
		expect_lead(t.cell[r][5], 100.0 * fix_median(1, c, 14) /
			    peak[1], where);
	}
	chk_table_free(&t);
	chk_expect_in(tex, "in device memory, $N = \\text{--}\\,/\\,\\allowbreak{}2^{14}$: "
		      "the median");
	/* device A steady: its column too */
	fixture_new();
	dev_a_steady();
	tex = (free(tex), render("en"));
	chk_table_need(tex, "ilp", dev_id[0], &t);
	for (c = 0; c < 4; c++) {
		r = row_of(&t, c < 3 ? fix_ilps[c] : -1);
		expect_lead(t.cell[r][1], fix_median(0, c, 14), "A");
		expect_lead(t.cell[r][2], 100.0 * fix_median(0, c, 14) /
			    peak[0], "A pct");
		assert_true(atof(t.cell[r][2]) <= 100);
	}
	chk_table_free(&t);
	free(tex);
}

/* Little's law from the stored resident threads: the KiB in flight per
 * SM of each ILP, the latency ILP 1's rate implies and the bytes the
 * peak needs at it; without stored attributes, nothing is claimed. */
static void test_little(void **state)
{
	struct chk_table t;
	char want[256];
	char *tex;
	double g1, lat;

	(void)state;
	fixture_new();
	dev_a_steady();
	tex = render("en");
	assert_null(strstr(tex, "Little's law"));
	free(tex);
	sql(DEV_A, "INSERT INTO kattr (session_id, variant, block_x, block_y, "
	    "active_threads, limiter) SELECT DISTINCT c.session_id, "
	    "c.variant, c.block_x, c.block_y, 1024, 'warps' FROM config c "
	    "JOIN session s ON s.id = c.session_id JOIN device d ON d.id = "
	    "s.device_id WHERE d.uuid LIKE ?1 AND c.variant = 'copy_ilp'");
	tex = render("en");
	chk_table_need(tex, "ilp", dev_id[0], &t);
	/* 1024 threads x ILP x 4 bytes */
	expect_lead(t.cell[row_of(&t, 1)][3], 4.0, "ILP 1 KiB");
	expect_lead(t.cell[row_of(&t, 4)][3], 16.0, "ILP 4 KiB");
	chk_table_free(&t);
	/* one SM: 4096 bytes over ILP 1's GB/s are the latency in ns */
	g1 = fix_median(0, 0, 14);
	lat = 4096.0 / g1;
	snprintf(want, sizeof(want), "imply a latency of %s~ns",
		 chk_tex_num(lat, 3));
	chk_expect_in(tex, want);
	snprintf(want, sizeof(want), "needs %s~KiB in flight per SM",
		 chk_tex_num(peak[0] * lat / 1024, 2));
	chk_expect_in(tex, want);
	chk_expect_in(tex, "(assumed)");
	free(tex);
}

/* The comparison of ILP 1 with the best ILP at the largest size in
 * device memory: its words follow the samples. */
static void test_flip(void **state)
{
	char *tex, *f;

	(void)state;
	fixture_new();
	dev_a_steady();
	/* ILP 4 well ahead of ILP 1 */
	SCALE("copy_ilp", 4, 14, 1.2);
	tex = render("en");
	f = findings(tex, 1);
	assert_non_null(strstr(f, "device memory, $N = 2^{14}$, more "
			       "independent loads per thread raise the copy "
			       "bandwidth by a factor of"));
	assert_non_null(strstr(f, "with ILP~4, the best."));
	assert_null(strstr(f, "$p"));
	free(f);
	free(tex);

	/* ILP 1 ahead of every other ILP */
	fixture_new();
	dev_a_steady();
	SCALE("copy_ilp", 1, 14, 1.5);
	tex = render("en");
	f = findings(tex, 1);
	assert_null(strstr(f, "per thread raise the"));
	assert_non_null(strstr(f, "loads per thread do not raise the copy "
			       "bandwidth"));
	free(f);
	free(tex);

	/* ILP 1's samples those of ILP 4: they overlap entirely */
	fixture_new();
	dev_a_steady();
	SCALE("copy_ilp", 4, 14, 1.2);
	sql(DEV_A, "UPDATE sample SET value = (SELECT s2.value FROM sample "
	    "s2 WHERE s2.metric = 'gbs' AND s2.idx = sample.idx AND "
	    "s2.config_id = " CFG("copy_ilp", 4, 14) ") WHERE metric = "
	    "'gbs' AND config_id = " CFG("copy_ilp", 1, 14));
	sql(DEV_A, "UPDATE stat SET (min, max, mean, median, stddev, p05, "
	    "p25, p75, p95) = (SELECT min, max, mean, median, stddev, p05, "
	    "p25, p75, p95 FROM stat s2 WHERE s2.metric = 'gbs' AND "
	    "s2.config_id = " CFG("copy_ilp", 4, 14) ") WHERE metric = "
	    "'gbs' AND config_id = " CFG("copy_ilp", 1, 14));
	tex = render("en");
	f = findings(tex, 1);
	assert_null(strstr(f, "per thread raise the"));
	assert_non_null(strstr(f, "make no meaningful difference to the "
			       "copy bandwidth"));
	free(f);
	free(tex);
}

/* Device B keeps no raw samples: overlapping stored ranges leave the
 * comparison untested; disjoint ones decide it. */
static void test_ranges(void **state)
{
	char *tex, *f;

	(void)state;
	fixture_new();
	tex = render("en");
	f = findings(tex, 2);
	assert_non_null(strstr(f, "the difference is not tested"));
	assert_null(strstr(f, "per thread raise the"));
	free(f);
	free(tex);

	/* every sample of ILP 4 above every one of ILP 1 */
	sql(DEV_B, "UPDATE stat SET min = min * 1.3, max = max * 1.3, "
	    "median = median * 1.3, mean = mean * 1.3 WHERE metric = 'gbs' "
	    "AND config_id = " CFG("copy_ilp", 4, 14));
	tex = render("en");
	f = findings(tex, 2);
	assert_non_null(strstr(f, "loads per thread raise the copy "
			       "bandwidth"));
	assert_null(strstr(f, "not tested"));
	free(f);
	free(tex);
}

/* An L2-resident point is never the best nor given a share of the
 * peak, however fast: device A's largest size made L2-resident. */
static void test_l2_never_best(void **state)
{
	struct chk_table t;
	char *tex, *f;
	int r, c;

	(void)state;
	fixture_new();
	dev_a_steady();
	SCALE("copy_ilp", 4, 14, 1.2);
	/* 2^14's working set within the 1 KiB L2 */
	sql(DEV_A, "UPDATE config SET bytes = 1024 WHERE suite = 'ilp' AND "
	    "n = 14 AND session_id IN (SELECT s.id FROM session s JOIN "
	    "device d ON d.id = s.device_id WHERE d.uuid LIKE ?1)");
	tex = render("en");
	f = findings(tex, 1);
	/* the comparison at 2^12, the largest steady size */
	assert_non_null(strstr(f, "device memory, $N = 2^{12}$"));
	assert_null(strstr(f, "device memory, $N = 2^{14}$"));
	/* the fastest point stated as the cache's */
	if (!strstr(f, "(ILP~4, $N = 2^{14}$), is the cache's bandwidth"))
		fail_msg("no L2 sentence naming 2^14 in: %s", f);
	free(f);
	/* the table's shares are 2^12's, nowhere 2^14's */
	chk_table_need(tex, "ilp", dev_id[0], &t);
	for (c = 0; c < 4; c++) {
		r = row_of(&t, c < 3 ? fix_ilps[c] : -1);
		expect_lead(t.cell[r][2], 100.0 * fix_median(0, c, 12) /
			    peak[0], "pct at 2^12");
	}
	chk_expect_in(tex, "in device memory, $N = 2^{12}\\,/\\,\\allowbreak{}2^{14}$");
	chk_table_free(&t);
	free(tex);
}

/* Every language has the section's strings: no key name leaks. */
static void test_languages(void **state)
{
	static const char *const langs[] = {"en", "pl", "de"};
	char *tex;
	size_t i;

	(void)state;
	fixture_new();
	dev_a_steady();
	for (i = 0; i < 3; i++) {
		tex = render(langs[i]);
		assert_null(strstr(tex, "find.ilp."));
		assert_null(strstr(tex, "ilp.table"));
		assert_null(strstr(tex, "ilp.pct"));
		assert_null(strstr(tex, "ilp.gbs"));
		assert_null(strstr(tex, "ilp.app_intro"));
		free(tex);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_little),
		cmocka_unit_test(test_flip),
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_l2_never_best),
		cmocka_unit_test(test_languages),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     teardown);
}
