/* Note J's section (the ilp suite): the tables hold the fixture's
 * statistics, the findings' words follow the data (they flip when the
 * samples are changed so that the other side wins or the sides
 * overlap), and an L2-resident point is never the best nor given a
 * share of the peak. */
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
}

static char *render(const char *lang)
{
	struct render_options o;
	char *tex;
	int rc;

	render_options_init(&o);
	o.db_path = dbpath;
	o.sections = "ilp,ilp-data";
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

/* "\num{1.234}" as a number matching want. */
static void expect_numcell(const char *cell, double want, const char *where)
{
	struct chk_num n;
	char num[64];

	if (sscanf(cell, "\\num{%63[^}]}", num) != 1 ||
	    chk_num_parse(num, &n) || !chk_num_matches(&n, want))
		fail_msg("%s: '%s' is not %g", where, cell, want);
}

/* log2 N of a row label "$2^{k}$...". */
static int label_log2(const char *cell)
{
	int k;

	if (sscanf(cell, "$2^{%d}$", &k) != 1)
		fail_msg("'%s' is no power of two", cell);
	return k;
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

/* Every cell of the main and the appendix table is the fixture's
 * median; the main table shows every other size from the largest down
 * and the sizes the findings name; % of peak only where device memory
 * serves the copy. */
static void test_values(void **state)
{
	struct chk_table t;
	char where[96];
	char *tex;
	int dev, r, c, k, nrows;

	(void)state;
	fixture_new();
	tex = render("en");
	for (dev = 0; dev < 2; dev++) {
		chk_table_need(tex, "ilp-all", dev_id[dev], &t);
		for (r = 0, nrows = 0; r < t.nrows; r++) {
			if (t.cell[r][0][0] != '$')
				continue;	/* \midrule, % of peak */
			k = label_log2(t.cell[r][0]);
			assert_int_equal(k, fix_ilp_log2[nrows]);
			nrows++;
			for (c = 0; c < 4; c++) {
				snprintf(where, sizeof(where), "all dev%d 2^%d "
					 "c%d", dev, k, c);
				expect_lead(t.cell[r][1 + c],
					    fix_median(dev, c, k), where);
			}
		}
		assert_int_equal(nrows, 3);
		chk_table_free(&t);

		/* the main table: 2^14 and 2^10 (every other one) */
		chk_table_need(tex, "ilp", dev_id[dev], &t);
		assert_true(t.nrows >= 2);
		assert_int_equal(label_log2(t.cell[0][0]), 10);
		assert_int_equal(label_log2(t.cell[1][0]), 14);
		for (r = 0; r < 2; r++)
			for (c = 0; c < 4; c++) {
				k = label_log2(t.cell[r][0]);
				snprintf(where, sizeof(where), "main dev%d 2^%d "
					 "c%d", dev, k, c);
				expect_lead(t.cell[r][1 + c],
					    fix_median(dev, c, k), where);
			}
		if (dev == 0) {
			/* all of device A's points are L2-resident (its L2
			 * holds 50 MiB): marked, no % of peak */
			assert_int_equal(t.nrows, 2);
			assert_non_null(strstr(t.cell[0][0], "\\rgmark{c}"));
			assert_non_null(strstr(t.cell[1][0], "\\rgmark{c}"));
		} else {
			/* device B states no L2: device memory, and the
			 * last row is the share of the peak at 2^14 */
			assert_int_equal(t.nrows, 4);
			assert_string_equal(t.cell[2][0], "\\midrule");
			assert_null(strstr(t.cell[1][0], "\\rgmark"));
			for (c = 0; c < 4; c++) {
				snprintf(where, sizeof(where), "pct c%d", c);
				expect_lead(t.cell[3][1 + c], 100.0 *
					    fix_median(dev, c, 14) / peak[dev],
					    where);
			}
		}
		chk_table_free(&t);
	}
	free(tex);
}

/* The appendix's statistics: n, Min, Max, Avg, Median, StdDev of every
 * configuration, two variants per table. */
static void test_stats(void **state)
{
	struct fix_metrics m;
	struct chk_table t;
	struct chk_stats s;
	char anchor[64], where[96];
	char *tex;
	int dev, part, r, v, st;

	(void)state;
	fixture_new();
	tex = render("en");
	for (dev = 0; dev < 2; dev++)
		for (part = 1; part <= 2; part++) {
			snprintf(anchor, sizeof(anchor), "ilp-stats dev=%lld "
				 "part=%d", dev_id[dev], part);
			if (chk_table_find(tex, anchor, &t))
				fail_msg("table '%s' is missing", anchor);
			assert_int_equal(t.nrows, 3);
			for (r = 0; r < 3; r++)
				for (v = 0; v < 2; v++) {
					int col = 2 * (part - 1) + v;

					fix_metrics_get(dev, "ilp",
						cols_variant[col], "",
						fix_ilp_log2[r], 0, col < 3 ?
						fix_ilps[col] : 1, &m);
					chk_stats(m.v[0], m.nsamples, &s);
					assert_int_equal(atoi(t.cell[r][1 +
						6 * v]), (int)m.nsamples);
					for (st = 0; st < 5; st++) {
						snprintf(where, sizeof(where),
							 "%s r%d v%d s%d",
							 anchor, r, v, st);
						expect_numcell(t.cell[r][2 +
							6 * v + st],
							chk_stat_at(&s, st),
							where);
					}
				}
			chk_table_free(&t);
		}
	free(tex);
}

/* With ten raw samples a median has a 95 % interval: the order
 * statistics x(2) and x(9); the cell shows their distances to the
 * median. */
static void test_interval(void **state)
{
	static const double extra[5] = {0.5, 0.7, 1.3, 1.6, 2.0};
	struct chk_table t;
	double v[10], med, a, b;
	char stmt[512], *tex;
	const char *p;
	struct chk_num na, nb;
	char sa[32], sb[32];
	int i, j, r;

	(void)state;
	fixture_new();
	for (i = 0; i < 5; i++) {
		snprintf(stmt, sizeof(stmt), "INSERT INTO sample (config_id, "
			 "metric, idx, value) SELECT id, 'gbs', %d, %.17g "
			 "FROM " CFG("copy_ilp", 1, 14), 5 + i, extra[i]);
		sql(DEV_A, stmt);
	}
	/* the samples, sorted: the fixture's five and the five above */
	{
		struct fix_metrics m;

		fix_metrics_get(0, "ilp", "copy_ilp", "", 14, 0, 1, &m);
		for (i = 0; i < 5; i++) {
			v[i] = m.v[0][i];
			v[5 + i] = extra[i];
		}
	}
	for (i = 0; i < 10; i++)
		for (j = i + 1; j < 10; j++)
			if (v[j] < v[i]) {
				double w = v[i];

				v[i] = v[j];
				v[j] = w;
			}
	med = fix_median(0, 0, 14);	/* the stored statistic */
	tex = render("en");
	chk_table_need(tex, "ilp-all", dev_id[0], &t);
	for (r = 0; r < t.nrows && label_log2(t.cell[r][0]) != 14; r++)
		;
	assert_true(r < t.nrows);
	p = strstr(t.cell[r][1], "${}^{+\\num{");
	if (!p || sscanf(p, "${}^{+\\num{%31[^}]}}_{-\\num{%31[^}]}}$", sa,
			 sb) != 2)
		fail_msg("no interval in '%s'", t.cell[r][1]);
	a = v[8] - med;
	b = med - v[1];
	assert_int_equal(chk_num_parse(sa, &na), 0);
	assert_int_equal(chk_num_parse(sb, &nb), 0);
	if (!chk_num_matches(&na, a) || !chk_num_matches(&nb, b))
		fail_msg("interval +%s -%s, want +%g -%g", sa, sb, a, b);
	/* five samples give none */
	assert_null(strstr(t.cell[r][2], "^{+"));
	assert_non_null(strstr(tex, "confidence interval"));
	chk_table_free(&t);
	free(tex);
}

/* The p-value the first sentence of findings f states ("$p = \num{x}$"
 * or "$p < \num{0.001}$"). */
static double p_of(const char *f)
{
	const char *p = strstr(f, "$p = \\num{");

	if (strstr(f, "$p < \\num{0.001}$") &&
	    (!p || strstr(f, "$p < ") < p))
		return 0.0005;
	if (!p)
		fail_msg("no p-value in: %s", f);
	return strtod(p + strlen("$p = \\num{"), NULL);
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
	assert_non_null(strstr(f, "copies per thread raise the copy "
			       "bandwidth at the largest size in device "
			       "memory, $N = 2^{14}$"));
	assert_non_null(strstr(f, "with ILP~4, the best ($p"));
	assert_true(p_of(f) < 0.05);
	free(f);
	free(tex);

	/* ILP 1 ahead of every other ILP */
	fixture_new();
	dev_a_steady();
	SCALE("copy_ilp", 1, 14, 1.5);
	tex = render("en");
	f = findings(tex, 1);
	assert_null(strstr(f, "per thread raise the"));
	assert_non_null(strstr(f, "copies per thread do not raise the copy "
			       "bandwidth"));
	assert_true(p_of(f) < 0.05);
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
	assert_true(p_of(f) >= 0.05);
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
	assert_non_null(strstr(f, "copies per thread raise the copy "
			       "bandwidth"));
	assert_non_null(strstr(f, "but their ranges do not overlap"));
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
	/* the comparison and the plateau at 2^12, the largest steady size */
	assert_non_null(strstr(f, "device memory, $N = 2^{12}$"));
	assert_null(strstr(f, "device memory, $N = 2^{14}$"));
	/* the fastest point stated as the cache's */
	if (!strstr(f, "(ILP~4, $N = 2^{14}$), is the cache's bandwidth"))
		fail_msg("no L2 sentence naming 2^14 in: %s", f);
	free(f);
	chk_table_need(tex, "ilp-all", dev_id[0], &t);
	for (r = 0; r < t.nrows; r++) {
		if (t.cell[r][0][0] == '$' && label_log2(t.cell[r][0]) == 14)
			assert_non_null(strstr(t.cell[r][0], "\\rgmark{c}"));
		if (t.cell[r][0][0] == '$' && label_log2(t.cell[r][0]) == 12)
			assert_null(strstr(t.cell[r][0], "\\rgmark{c}"));
	}
	/* the share of the peak is 2^12's, nowhere 2^14's */
	assert_true(t.nrows >= 5);
	r = t.nrows - 1;
	assert_null(strstr(t.cell[r][0], "$"));
	for (c = 0; c < 4; c++) {
		double at12 = 100.0 * fix_median(0, c, 12) / peak[0];

		expect_lead(t.cell[r][1 + c], at12, "pct at 2^12");
	}
	assert_non_null(strstr(tex, "device memory, $N = 2^{12}$; sizes "
			       "served by the L2 cache get none"));
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
		assert_null(strstr(tex, "ilp.p_ranges"));
		assert_null(strstr(tex, "ilp.app_intro"));
		free(tex);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_stats),
		cmocka_unit_test(test_interval),
		cmocka_unit_test(test_flip),
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_l2_never_best),
		cmocka_unit_test(test_languages),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     teardown);
}
