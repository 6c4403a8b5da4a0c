/* The transfer section (report G): its tables hold the copies' rates
 * (bytes over the median time) and the phases' medians, the run on report
 * G's terms taken run by run, all recomputed here independently of
 * stats/ and render/; its findings are stated once where the GPUs agree,
 * carry no p-values, and follow the data when it is changed: a fall of
 * the pageable copy back is noticed, a comparison the rule does not pass
 * gets no explanation, and report G's run leaves the allocation out. */
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
#include "store.h"

/* The fixture's transfer metrics, in the order fix_metrics_get gives. */
enum { M_TOTAL, M_MALLOC, M_AB, M_KERNEL, M_SYNC, M_C, M_FREE };

static char *tmpdir, *dbpath, *tex;
static long long dev_id[2];

static char *render_db(const char *path, const char *sections)
{
	struct render_options o;
	char *out;
	int rc;

	render_options_init(&o);
	o.db_path = path;
	o.sections = sections;
	out = chk_render(&o, NULL, &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_non_null(out);
	return out;
}

static int setup(void **state)
{
	struct store_device *d = NULL;
	struct store *st;
	char err[256];
	size_t n, i;

	(void)state;
	tmpdir = fix_tmpdir();
	if (!tmpdir)
		return -1;
	dbpath = malloc(strlen(tmpdir) + 16);
	sprintf(dbpath, "%s/fix.db", tmpdir);
	if (fix_build(dbpath))
		return -1;
	if (store_open(dbpath, STORE_READ, &st, err, sizeof(err)))
		return -1;
	if (store_device_list(st, &d, &n))
		return -1;
	for (i = 0; i < n; i++)
		dev_id[strncmp(d[i].uuid, "GPU-aaaa", 8) ? 1 : 0] = d[i].id;
	store_devices_free(d, n);
	store_free(st);
	tex = render_db(dbpath, "transfer");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(tex);
	fix_rmdir(tmpdir);
	free(tmpdir);
	free(dbpath);
	return 0;
}

static void get(int dev, const char *variant, const char *host, int n,
		struct fix_metrics *m)
{
	assert_int_equal(fix_metrics_get(dev, "transfer", variant, host, n,
					 16, 1, m), 0);
}

static double median_of(const double *v, size_t n)
{
	struct chk_stats s;

	chk_stats(v, n, &s);
	return s.median;
}

/* The number of "\num{...}" at s into *n. -1 when s holds none. */
static int num_parse(const char *s, struct chk_num *n)
{
	char buf[64];

	if (strncmp(s, "\\num{", 5) || !strchr(s, '}'))
		return -1;
	snprintf(buf, sizeof(buf), "%.*s", (int)(strchr(s, '}') - s - 5),
		 s + 5);
	return chk_num_parse(buf, n);
}

/* A cell of one value per GPU, "\num{a}\,/\,\allowbreak{}\num{b}":
 * each must be want[dev] as written. */
static void expect_pair(const char *cell, const double want[2],
			const char *where)
{
	static const char s[] = "\\,/\\,\\allowbreak{}";
	const char *sep = strstr(cell, s);
	struct chk_num a, b;

	if (!sep)
		fail_msg("%s: '%s' is not one value per GPU", where, cell);
	if (num_parse(cell, &a) || num_parse(sep + sizeof(s) - 1, &b))
		fail_msg("%s: '%s' holds no numbers", where, cell);
	if (!chk_num_matches(&a, want[0]) || !chk_num_matches(&b, want[1]))
		fail_msg("%s: '%s' but the data say %.6g / %.6g", where, cell,
			 want[0], want[1]);
}

/* The copies as GB/s: every cell is the bytes a copy moves over its
 * median time, on each GPU (issue 25 item 6). */
static void test_gbs_table(void **state)
{
	/* the table's host memories, in its order */
	static const char *const host[3] = {"pageable", "pinned-output",
					     "pinned"};
	struct chk_table t;
	char where[128];
	int r, c, d;

	(void)state;
	if (chk_table_find(tex, "xfer-gbs", &t))
		fail_msg("no table of the copies' rates");
	assert_int_equal(t.nrows, 2);
	for (r = 0; r < 2; r++) {
		int n = fix_transfer_sizes[r];
		double mib = 4.0 * n * n / 1048576;

		assert_int_equal(t.ncols[r], 8);
		assert_int_equal(atoi(t.cell[r][0]), n);
		{
			struct chk_num c1;

			assert_int_equal(num_parse(t.cell[r][1], &c1), 0);
			assert_true(chk_num_matches(&c1, mib));
		}
		for (c = 0; c < 6; c++) {
			int copy = c / 3 ? M_C : M_AB;
			double want[2], bytes = (copy == M_AB ? 2 : 1) * mib *
						1048576;

			for (d = 0; d < 2; d++) {
				struct fix_metrics m;

				get(d, "simple", host[c % 3], n, &m);
				want[d] = bytes / median_of(m.v[copy],
							    m.nsamples) / 1e6;
			}
			snprintf(where, sizeof(where), "n=%d column %d", n,
				 c);
			expect_pair(t.cell[r][2 + c], want, where);
		}
	}
	chk_table_free(&t);
}

/* The phases at both sizes; the run without allocation is report G's
 * time*: the median over the runs of time* less Malloc and Free where
 * the raw samples are stored (GPU 1), which is not the difference of
 * the medians, and that difference where they are not (GPU 2, slim). */
static void test_phase_table(void **state)
{
	static const char *const host[3] = {"pageable", "pinned-output",
					    "pinned"};
	static const int row_metric[8] = {M_MALLOC, M_AB, M_KERNEL, M_SYNC,
					  M_C, M_FREE, -1, M_TOTAL};
	struct chk_table t;
	char where[128];
	int s, r, h, d, i, differs = 0;

	(void)state;
	if (chk_table_find(tex, "xfer-phases", &t))
		fail_msg("no table of the phases");
	/* a size's heading row, then its eight phases */
	assert_int_equal(t.nrows, 18);
	for (s = 0; s < 2; s++)
		for (r = 0; r < 8; r++) {
			int row = 1 + s * 9 + r;

			assert_int_equal(t.ncols[row], 4);
			for (h = 0; h < 3; h++) {
				double want[2];

				for (d = 0; d < 2; d++) {
					struct fix_metrics m;
					double run[16], *v = NULL;

					get(d, "simple", host[h],
					    fix_transfer_sizes[s], &m);
					if (row_metric[r] >= 0) {
						want[d] = median_of(
							m.v[row_metric[r]],
							m.nsamples);
						continue;
					}
					for (i = 0; i < (int)m.nsamples; i++)
						run[i] = m.v[M_TOTAL][i] -
							 m.v[M_MALLOC][i] -
							 m.v[M_FREE][i];
					v = run;
					want[d] = median_of(v, m.nsamples);
					if (d == 1)
						want[d] = median_of(
							m.v[M_TOTAL],
							m.nsamples) -
							median_of(
							m.v[M_MALLOC],
							m.nsamples) -
							median_of(
							m.v[M_FREE],
							m.nsamples);
					else
						differs |= fabs(want[d] -
							(median_of(m.v[M_TOTAL],
							m.nsamples) -
							median_of(m.v[M_MALLOC],
							m.nsamples) -
							median_of(m.v[M_FREE],
							m.nsamples))) >
							want[d] * 0.005;
				}
				snprintf(where, sizeof(where), "n=%d row %d "
					 "%s", fix_transfer_sizes[s], r,
					 host[h]);
				expect_pair(t.cell[row][1 + h], want, where);
			}
		}
	/* the fixture can tell a median of runs from a difference of
	 * medians at the printed digits */
	assert_true(differs);
	chk_table_free(&t);
}

/* ---- findings ----------------------------------------------------------- */

/* The findings' item that starts with lead (after an optional "GPU~k: "
 * where prefix is set), malloc'd up to its line's end; NULL when none. */
static char *item(const char *doc, const char *lead)
{
	const char *f = strstr(doc, "\\subsection{Findings}"), *p, *end;

	if (!f || !(p = strstr(f, lead)))
		return NULL;
	end = strchr(p, '\n');
	return strndup(p, end ? (size_t)(end - p) : strlen(p));
}

static int occurrences(const char *s, const char *what)
{
	int n = 0;

	for (; (s = strstr(s, what)); s++)
		n++;
	return n;
}

/* The fixture: pinned C 0.4 times the pageable copy on both GPUs, stated
 * once with both GPUs' numbers and its why; pinned Malloc only 2.5 %
 * slower (noise), so no explanation of a price of pinning, and no
 * take-away built on it; the copies' rates are flat in n, so no fall;
 * no p-values anywhere in the section. */
static void test_findings(void **state)
{
	char *s = item(tex, "Pinned memory makes the copies faster");

	(void)state;
	assert_non_null(s);
	assert_int_equal(occurrences(tex, "Pinned memory makes the copies"),
			 1);
	assert_null(strstr(s, "GPU~"));
	/* the effect on each GPU, with its interval where the raw samples
	 * are stored (GPU 1; GPU 2's file is slim) */
	assert_non_null(strstr(s, "\\num{0.400}"));
	assert_int_equal(occurrences(s, "95\\,\\% CI"), 3);
	assert_non_null(strstr(s, "Why: the GPU's copy engine"));
	free(s);
	s = item(tex, "cudaMallocHost against malloc: at $n = 512$");
	assert_non_null(s);
	assert_non_null(strstr(s, "no explanation is given"));
	free(s);
	assert_null(strstr(tex, "The price of pinning"));
	assert_null(strstr(tex, "To take away"));
	assert_null(strstr(tex, "falls from"));
	assert_null(strstr(tex, "$p"));
	assert_null(strstr(tex, "p <"));
	/* the kernels: shared at 0.75 of simple */
	s = item(tex, "At $n = 1024$ the kernel \\texttt{shared} takes");
	assert_non_null(s);
	assert_non_null(strstr(s, "\\num{0.750}"));
	free(s);
}

/* ---- flips: change the data, the words must follow ---------------------- */

static void db_exec(sqlite3 *db, const char *sql, long long a, double k)
{
	sqlite3_stmt *q = NULL;

	if (sqlite3_prepare_v2(db, sql, -1, &q, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	sqlite3_bind_int64(q, 1, a);
	sqlite3_bind_double(q, 2, k);
	if (sqlite3_step(q) != SQLITE_DONE)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	sqlite3_finalize(q);
}

/* The id of device dev's transfer configuration (variant, host, n). */
static long long cfg_id(sqlite3 *db, int dev, const char *variant,
			const char *host, int n)
{
	sqlite3_stmt *q = NULL;
	long long id;

	assert_int_equal(sqlite3_prepare_v2(db, "SELECT c.id FROM config c"
		" JOIN session s ON s.id = c.session_id WHERE s.device_id = ?1"
		" AND c.suite = 'transfer' AND c.variant = ?2"
		" AND c.host_mem = ?3 AND c.n = ?4", -1, &q, NULL), SQLITE_OK);
	sqlite3_bind_int64(q, 1, dev_id[dev]);
	sqlite3_bind_text(q, 2, variant, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 3, host, -1, SQLITE_STATIC);
	sqlite3_bind_int(q, 4, n);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	id = sqlite3_column_int64(q, 0);
	sqlite3_finalize(q);
	return id;
}

/* Multiplies metric of (dev, simple, host, n) by k: its samples and its
 * stored statistics. */
static void scale(sqlite3 *db, int dev, const char *host, int n,
		  const char *metric, double k)
{
	long long id = cfg_id(db, dev, "simple", host, n);
	char sql[512];

	snprintf(sql, sizeof(sql), "UPDATE sample SET value = value * ?2"
		 " WHERE config_id = ?1 AND metric = '%s'", metric);
	db_exec(db, sql, id, k);
	snprintf(sql, sizeof(sql), "UPDATE stat SET min = min * ?2,"
		 " max = max * ?2, mean = mean * ?2, median = median * ?2,"
		 " stddev = stddev * ?2, p05 = p05 * ?2, p25 = p25 * ?2,"
		 " p75 = p75 * ?2, p95 = p95 * ?2 WHERE config_id = ?1"
		 " AND metric = '%s'", metric);
	db_exec(db, sql, id, k);
}

/* A copy of the fixture, changed by f, rendered. */
static char *changed(const char *name, void (*f)(sqlite3 *db))
{
	char *path = malloc(strlen(tmpdir) + 32), *doc;
	sqlite3 *db = NULL;

	assert_non_null(path);
	sprintf(path, "%s/%s", tmpdir, name);
	assert_int_equal(fix_build(path), 0);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	f(db);
	sqlite3_close(db);
	doc = render_db(path, "transfer");
	free(path);
	return doc;
}

static void cliff_both(sqlite3 *db)
{
	scale(db, 0, "pageable", 1024, "memcpy_c", 6);
	scale(db, 1, "pageable", 1024, "memcpy_c", 6);
}

static void cliff_one(sqlite3 *db)
{
	scale(db, 0, "pageable", 1024, "memcpy_c", 6);
}

/* The pageable copy back made six times slower at 1024 (four times the
 * bytes of 512): a fall of its rate to 1/6, noticed once for both GPUs
 * with each GPU's rates; on one GPU only, under that GPU's name. */
static void test_cliff(void **state)
{
	char *doc = changed("cliff.db", cliff_both), *s, want[256];
	struct fix_metrics m;
	double r[2][2];
	int d, i;

	(void)state;
	for (d = 0; d < 2; d++)
		for (i = 0; i < 2; i++) {
			get(d, "simple", "pageable", fix_transfer_sizes[i], &m);
			r[d][i] = 4.0 * fix_transfer_sizes[i] *
				  fix_transfer_sizes[i] / median_of(m.v[M_C],
				  m.nsamples) / 1e6 / (i ? 6 : 1);
		}
	s = item(doc, "The copy of $C$ back into pageable memory falls");
	assert_non_null(s);
	assert_int_equal(occurrences(doc, "back into pageable memory falls"),
			 1);
	assert_non_null(strstr(s, "between $n = 512$ (\\num{1.00}~MiB) and "
			       "$n = 1024$ (\\num{4.00}~MiB)"));
	for (d = 0; d < 2; d++)
		for (i = 0; i < 2; i++) {
			char num[64];

			snprintf(num, sizeof(num), "%.3g", r[d][i]);
			snprintf(want, sizeof(want), "\\num{%s}", num);
			if (!strstr(s, want))
				fail_msg("'%s' lacks %s", s, want);
		}
	assert_non_null(strstr(s, "\\num{0.167}"));
	assert_non_null(strstr(s, "A hypothesis the stored data cannot "
			       "test"));
	free(s);
	free(doc);
	doc = changed("cliff1.db", cliff_one);
	assert_non_null(item(doc, "GPU~1: The copy of $C$ back into pageable"
			     " memory falls") ? doc : NULL);
	assert_null(strstr(doc, "GPU~2: The copy of $C$"));
	assert_int_equal(occurrences(doc, "back into pageable memory falls"),
			 1);
	free(doc);
}

static void pinned_slower(sqlite3 *db)
{
	scale(db, 0, "pinned-output", 512, "memcpy_c", 10);
}

/* Pinned C made four times the pageable copy at 512 on GPU 1: the GPUs
 * no longer agree, so each is stated under its name, and GPU 1's gets
 * the numbers without the explanation. */
static void test_flip_slower(void **state)
{
	char *doc = changed("slower.db", pinned_slower), *s;

	(void)state;
	s = item(doc, "GPU~1: Pinned against pageable memory in the copies:");
	assert_non_null(s);
	assert_non_null(strstr(s, "\\num{4.00}"));
	assert_non_null(strstr(s, "no explanation is given"));
	free(s);
	s = item(doc, "GPU~2: Pinned memory makes the copies faster");
	assert_non_null(s);
	assert_non_null(strstr(s, "\\num{0.400}"));
	free(s);
	free(doc);
}

/* Malloc of pinned C at 512 made 100 times as long, and time* longer by
 * what it adds, run by run. */
static void malloc_dear(sqlite3 *db)
{
	int d;

	for (d = 0; d < 2; d++) {
		long long id = cfg_id(db, d, "simple", "pinned-output", 512);

		db_exec(db, "UPDATE sample SET value = value + ?2 * (SELECT"
			" s2.value FROM sample s2 WHERE s2.config_id = ?1"
			" AND s2.metric = 'malloc' AND s2.idx = sample.idx)"
			" WHERE config_id = ?1 AND metric = 'total'", id, 99);
		db_exec(db, "UPDATE stat SET median = median + ?2 * (SELECT"
			" s2.median FROM stat s2 WHERE s2.config_id = ?1"
			" AND s2.metric = 'malloc') WHERE config_id = ?1"
			" AND metric = 'total'", id, 99);
		scale(db, d, "pinned-output", 512, "malloc", 100);
	}
}

/* Report G's run leaves the allocation out: a pinned allocation 100
 * times dearer (and time* with it) leaves the run on report G's terms
 * as it was, while time*, a different quantity, takes it in. */
static void test_run_g_terms(void **state)
{
	char *doc = changed("malloc.db", malloc_dear), *a, *b, *ga, *gb;

	(void)state;
	a = item(tex, "On report~G's terms");
	b = item(doc, "On report~G's terms");
	assert_non_null(a);
	assert_non_null(b);
	/* the part on report G's terms, up to "Counted with" */
	ga = strstr(a, "Counted with");
	gb = strstr(b, "Counted with");
	assert_non_null(ga);
	assert_non_null(gb);
	assert_int_equal(ga - a, gb - b);
	assert_memory_equal(a, b, (size_t)(ga - a));
	assert_string_not_equal(ga, gb);
	free(a);
	free(b);
	free(doc);
}

/* The other suites' rows gone with their statistics and samples (the
 * store checks that none is left without its configuration). */
static void keep_transfer(sqlite3 *db)
{
	assert_int_equal(sqlite3_exec(db, "PRAGMA foreign_keys = ON;"
		"DELETE FROM config WHERE suite != 'transfer';", NULL, NULL,
		NULL), SQLITE_OK);
}

/* A file of transfers alone has no summary: the summary ranks the
 * versions, the library and the copies, not the transfers. */
static void test_no_summary(void **state)
{
	char *path = malloc(strlen(tmpdir) + 32), *doc;
	sqlite3 *db = NULL;

	(void)state;
	assert_non_null(path);
	sprintf(path, "%s/alone.db", tmpdir);
	assert_int_equal(fix_build(path), 0);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	keep_transfer(db);
	sqlite3_close(db);
	doc = render_db(path, NULL);
	assert_non_null(strstr(doc, "\\section{Transfers"));
	assert_null(strstr(doc, "\\section{Summary}"));
	free(doc);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gbs_table),
		cmocka_unit_test(test_phase_table),
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_cliff),
		cmocka_unit_test(test_flip_slower),
		cmocka_unit_test(test_run_g_terms),
		cmocka_unit_test(test_no_summary),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     teardown);
}
