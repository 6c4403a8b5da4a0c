/* mmreport export: CSV that an RFC 4180 reader takes back unchanged, and
 * JSON that SQLite's own parser accepts, both holding the fixture's
 * statistics; values and names a database should not hold. */
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

static char *tmpdir, *fulldb;

static int setup(void **state)
{
	(void)state;
	tmpdir = fix_tmpdir();
	if (!tmpdir)
		return -1;
	fulldb = malloc(strlen(tmpdir) + 16);
	sprintf(fulldb, "%s/full.db", tmpdir);
	return fix_build(fulldb) ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	fix_rmdir(tmpdir);
	free(tmpdir);
	free(fulldb);
	return 0;
}

#define MAXF 32

struct csv_row {
	int n;
	char *f[MAXF];
};

/* One record of RFC 4180 text at *p (CRLF line ends, quoted fields with
 * doubled quotes). Returns 0 and advances *p; -1 at the end or on a
 * malformed record. */
static int csv_next(const char **p, struct csv_row *r)
{
	const char *s = *p;
	char buf[4096];
	size_t len;

	memset(r, 0, sizeof(*r));
	if (!*s)
		return -1;
	for (;;) {
		len = 0;
		if (*s == '"') {
			for (s++;; s++) {
				if (!*s)
					return -1;
				if (*s == '"' && s[1] == '"') {
					buf[len++] = '"';
					s++;
				} else if (*s == '"') {
					s++;
					break;
				} else {
					buf[len++] = *s;
				}
			}
		} else {
			while (*s && *s != ',' && *s != '\r' && *s != '\n') {
				if (*s == '"')
					return -1;
				buf[len++] = *s++;
			}
		}
		buf[len] = '\0';
		if (r->n == MAXF)
			return -1;
		r->f[r->n++] = strdup(buf);
		if (*s == ',') {
			s++;
			continue;
		}
		if (s[0] == '\r' && s[1] == '\n') {
			*p = s + 2;
			return 0;
		}
		return -1;
	}
}

static void csv_free(struct csv_row *r)
{
	int i;

	for (i = 0; i < r->n; i++)
		free(r->f[i]);
}

static int col(const struct csv_row *h, const char *name)
{
	int i;

	for (i = 0; i < h->n; i++)
		if (!strcmp(h->f[i], name))
			return i;
	fail_msg("no column %s", name);
	return -1;
}

/* The counter metrics the fixture stores for a configuration, 0 when
 * none: exported like every other metric. */
static int counter_rows(int dev, const char *suite, const char *variant,
			const char *host, int n, int block)
{
	struct fix_metrics c;

	if (fix_counters_get(dev, suite, variant, host, n, block, &c))
		return 0;
	return (int)c.nmetrics;
}

/* Rows the fixture stores: one per configuration and metric, one for a
 * configuration without metrics. */
static int expected_rows(int dev)
{
	struct fix_metrics m;
	int r = 0, i, j, v;
	static const char *const vv[] = {"v1", "v2"};

	for (v = 0; v < 2; v++)
		for (i = 0; i < 3; i++)
			for (j = 0; j < 2; j++) {
				if (dev == 0 && fix_versions_sizes[i] == 256 &&
				    j == 1) {
					r++;
					continue;
				}
				fix_metrics_get(dev, "versions", vv[v], "",
						fix_versions_sizes[i],
						fix_versions_blocks[j], 1, &m);
				r += (int)m.nmetrics;
				r += counter_rows(dev, "versions", vv[v], "",
						  fix_versions_sizes[i],
						  fix_versions_blocks[j]);
			}
	for (i = 0; i < 3; i++) {
		fix_metrics_get(dev, "reference", "cublas", "",
				fix_versions_sizes[i], 0, 1, &m);
		r += (int)m.nmetrics;
		r += counter_rows(dev, "reference", "cublas", "",
				  fix_versions_sizes[i], 0);
	}
	for (v = 0; v < 2; v++)
		for (j = 0; j < 3; j++)
			for (i = 0; i < 2; i++) {
				fix_metrics_get(dev, "transfer",
						fix_transfer_variants[v],
						fix_hosts[j], fix_transfer_sizes[i],
						16, 1, &m);
				r += (int)m.nmetrics;
				r += counter_rows(dev, "transfer",
						  fix_transfer_variants[v],
						  fix_hosts[j],
						  fix_transfer_sizes[i], 16);
			}
	for (i = 0; i < 3; i++)
		for (j = 0; j < 4; j++) {
			fix_metrics_get(dev, "ilp", j < 3 ? "copy_ilp" :
					"memcpy", "", fix_ilp_log2[i], 0,
					j < 3 ? fix_ilps[j] : 1, &m);
			r += (int)m.nmetrics;
		}
	if (dev == 1) {
		fix_metrics_get(1, "versions", FIX_HOSTILE_VARIANT, "", 64, 8,
				1, &m);
		r += (int)m.nmetrics;
	}
	return r;
}

static void test_csv(void **state)
{
	struct render_options o;
	struct csv_row h, r;
	struct fix_metrics m;
	struct chk_stats s;
	const char *p;
	char *csv;
	int rc, rows[2] = {0, 0}, hostile = 0, failed = 0, checked = 0;

	(void)state;
	render_options_init(&o);
	o.db_path = fulldb;
	csv = chk_render(&o, "csv", &rc);
	assert_int_equal(rc, RENDER_OK);
	p = csv;
	assert_int_equal(csv_next(&p, &h), 0);
	while (*p) {
		int dev;

		if (csv_next(&p, &r))
			fail_msg("malformed CSV near '%.40s'", p);
		assert_int_equal(r.n, h.n);
		dev = strncmp(r.f[col(&h, "device_uuid")], "GPU-aaaa", 8) ? 1
		      : 0;
		rows[dev]++;
		if (dev == 1) {
			assert_string_equal(r.f[col(&h, "device_name")],
					    FIX_HOSTILE_NAME);
			hostile++;
		}
		if (!strcmp(r.f[col(&h, "status")], "failed")) {
			assert_string_equal(r.f[col(&h, "metric")], "");
			assert_string_equal(r.f[col(&h, "median")], "");
			failed++;
		}
		if (!strcmp(r.f[col(&h, "suite")], "transfer") &&
		    !strcmp(r.f[col(&h, "status")], "ok")) {
			const char *metric = r.f[col(&h, "metric")];
			size_t k;

			/* a counter metric: its one value */
			if (!fix_counters_get(dev, "transfer",
					      r.f[col(&h, "variant")],
					      r.f[col(&h, "host_mem")],
					      atoi(r.f[col(&h, "n")]), 16,
					      &m)) {
				for (k = 0; k < m.nmetrics; k++)
					if (!strcmp(m.name[k], metric))
						break;
				if (k < m.nmetrics) {
					assert_true(fabs(atof(r.f[col(&h,
						"median")]) - m.v[k][0]) <=
						1e-12 * fabs(m.v[k][0]));
					assert_int_equal(atoi(r.f[col(&h,
						"samples")]), 1);
					checked++;
					csv_free(&r);
					continue;
				}
			}
			fix_metrics_get(dev, "transfer",
					r.f[col(&h, "variant")],
					r.f[col(&h, "host_mem")],
					atoi(r.f[col(&h, "n")]), 16, 1, &m);
			for (k = 0; k < m.nmetrics; k++)
				if (!strcmp(m.name[k], metric))
					break;
			assert_true(k < m.nmetrics);
			chk_stats(m.v[k], m.nsamples, &s);
			assert_true(fabs(atof(r.f[col(&h, "mean")]) - s.mean) <=
				    1e-12 * fabs(s.mean));
			assert_true(fabs(atof(r.f[col(&h, "stddev")]) - s.sd)
				    <= 1e-9 * s.sd + 1e-15);
			assert_int_equal(atoi(r.f[col(&h, "samples")]),
					 (int)m.nsamples);
			checked++;
		}
		csv_free(&r);
	}
	assert_int_equal(rows[0], expected_rows(0));
	assert_int_equal(rows[1], expected_rows(1));
	assert_int_equal(hostile, rows[1]);
	assert_int_equal(failed, 1);
	assert_true(checked > 0);
	csv_free(&h);
	free(csv);
}

static long long json_int(sqlite3 *db, const char *json, const char *sql)
{
	sqlite3_stmt *q;
	long long v;

	assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &q, NULL), SQLITE_OK);
	sqlite3_bind_text(q, 1, json, -1, SQLITE_STATIC);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	v = sqlite3_column_int64(q, 0);
	sqlite3_finalize(q);
	return v;
}

static void test_json(void **state)
{
	struct render_options o;
	sqlite3 *db;
	char *json;
	int rc;

	(void)state;
	render_options_init(&o);
	o.db_path = fulldb;
	json = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
	assert_int_equal(json_int(db, json, "SELECT json_valid(?1)"), 1);
	/* 39 configurations on the first device, 40 on the second */
	assert_int_equal(json_int(db, json, "SELECT json_array_length(?1)"),
			 12 + 3 + 12 + 12 + 12 + 3 + 12 + 12 + 1);
	assert_int_equal(json_int(db, json, "SELECT count(*) FROM "
		"json_each(?1) WHERE json_extract(value, '$.device_name') = "
		"'" "Tesla $\\&%#_{}~^ \"quoted\" ; rm -rf /" "'"), 40);
	/* the first device's shared/pinned transfers add the counters */
	assert_int_equal(json_int(db, json, "SELECT count(*) FROM "
		"json_each(?1) WHERE json_extract(value, '$.suite') = "
		"'transfer' AND json_array_length(value, '$.stats') = 9"), 22);
	assert_int_equal(json_int(db, json, "SELECT count(*) FROM "
		"json_each(?1) WHERE json_extract(value, '$.suite') = "
		"'transfer' AND json_array_length(value, '$.stats') = 20"), 2);
	assert_int_equal(json_int(db, json, "SELECT count(*) FROM "
		"json_each(?1) WHERE json_extract(value, '$.status') = "
		"'failed' AND json_array_length(value, '$.stats') = 0"), 1);
	free(json);

	/* the selection applies: one device */
	o.device = "aaaaaaaa";
	json = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(json_int(db, json, "SELECT json_array_length(?1)"),
			 12 + 3 + 12 + 12);
	free(json);
	sqlite3_close(db);
}

/* ---- issue 29, item 4: values a database should not hold --------------- */

/* A copy of the fixture at dir/name with sql run on it (malloc'd path). */
static char *variant_make(const char *name, const char *sql)
{
	char *path = malloc(strlen(tmpdir) + strlen(name) + 2);
	char cmd[8192];
	sqlite3 *db;
	char *msg = NULL;

	sprintf(path, "%s/%s", tmpdir, name);
	snprintf(cmd, sizeof(cmd), "cp '%s' '%s'", fulldb, path);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("%s: %s", sql, msg);
	assert_true(sqlite3_changes(db) > 0);
	sqlite3_close(db);
	return path;
}

/* 1 when s is well-formed UTF-8 (checked here byte by byte, apart from
 * the store's own decoder). */
static int utf8_valid(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	while (*s) {
		int n = *s < 0x80 ? 1 : (*s & 0xe0) == 0xc0 && *s >= 0xc2 ? 2
			: (*s & 0xf0) == 0xe0 ? 3
			: (*s & 0xf8) == 0xf0 && *s <= 0xf4 ? 4 : 0;

		if (!n)
			return 0;
		for (int i = 1; i < n; i++)
			if ((s[i] & 0xc0) != 0x80)
				return 0;
		s += n;
	}
	return 1;
}

/* An infinite statistic, or text where a statistic's number belongs (an
 * edited or damaged file): render wrote \num{} with an infinity (pdflatex
 * failed) and exit 0, the CSV an empty field and exit 0, the JSON broke
 * (65, "malformed JSON"). Each output now refuses the file as corrupt
 * (65), its message naming the configuration and the metric. */
static void test_nonfinite_refused(void **state)
{
	static const char *const edits[] = {
		"median = 9e999", "mean = -9e999", "stddev = 'abc'",
	};
	struct render_options o;
	char sql[512];

	(void)state;
	for (size_t i = 0; i < sizeof(edits) / sizeof(edits[0]); i++) {
		char *path;

		snprintf(sql, sizeof(sql), "UPDATE stat SET %s WHERE (config_id,"
			 " metric) = (SELECT config_id, metric FROM stat"
			 " ORDER BY config_id, ord LIMIT 1)", edits[i]);
		path = variant_make("nonfinite.db", sql);
		for (int ex = 0; ex < 3; ex++) {
			const char *fmt = ex == 1 ? "csv" : ex == 2 ? "json"
						    : NULL;
			char *out;
			int rc;

			render_options_init(&o);
			o.db_path = path;
			out = chk_render(&o, fmt, &rc);
			print_message("%s, %s: %d\n", edits[i],
				      fmt ? fmt : "render", rc);
			assert_int_equal(rc, RENDER_ERR_STORE);
			assert_string_equal(out, "");
			free(out);
		}
		free(path);
	}
}

/* An infinite sample is refused where it is read, with the same words. */
static void test_nonfinite_sample(void **state)
{
	struct store *st = NULL;
	char *path, err[256], metric[64];
	long long cfg;
	double *v = NULL;
	size_t n = 0;
	sqlite3 *db;
	sqlite3_stmt *q;

	(void)state;
	path = variant_make("sample.db", "UPDATE sample SET value = 9e999"
			    " WHERE (config_id, metric, idx) = (SELECT"
			    " config_id, metric, idx FROM sample ORDER BY"
			    " config_id, metric, idx LIMIT 1)");
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT config_id, metric"
		" FROM sample WHERE value > 1e308", -1, &q, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	cfg = sqlite3_column_int64(q, 0);
	snprintf(metric, sizeof(metric), "%s", sqlite3_column_text(q, 1));
	sqlite3_finalize(q);
	sqlite3_close(db);
	assert_int_equal(store_open(path, STORE_READ, &st, err, sizeof(err)),
			 0);
	assert_int_equal(store_sample_get(st, cfg, metric, &v, &n),
			 STORE_ERR_CORRUPT);
	assert_null(v);
	print_message("%s\n", store_errmsg(st));
	assert_non_null(strstr(store_errmsg(st), "not a finite number"));
	assert_non_null(strstr(store_errmsg(st), metric));
	store_free(st);
	free(path);
}

/* A verification that failed may store an infinite relative error: JSON
 * has no infinity, and SQLite wrote Inf, which made the export refuse a
 * file mmreport wrote (65, "malformed JSON"). JSON says "Infinity", CSV
 * "inf". */
static void test_infinite_error_shown(void **state)
{
	struct render_options o;
	sqlite3 *db;
	char *path, *out;
	int rc;

	(void)state;
	path = variant_make("relerr.db", "UPDATE config SET rel_error ="
			    " 9e999 WHERE status = 'failed'");
	render_options_init(&o);
	o.db_path = path;
	out = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
	assert_int_equal(json_int(db, out, "SELECT json_valid(?1)"), 1);
	assert_int_equal(json_int(db, out, "SELECT count(*) FROM json_each(?1)"
		" WHERE json_extract(value, '$.rel_error') = 'Infinity'"), 1);
	sqlite3_close(db);
	free(out);
	out = chk_render(&o, "csv", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_non_null(strstr(out, ",failed,"));
	assert_non_null(strstr(out, ",inf,"));
	free(out);
	free(path);
}

/* A name that is not UTF-8 (an edited or damaged file) was copied raw
 * into the JSON and the CSV, which Python's json and csv then could not
 * decode. Each ill-formed byte is '?' now, as in the report. */
static void test_names_utf8(void **state)
{
	struct render_options o;
	sqlite3 *db;
	char *path, *out;
	int rc;

	(void)state;
	path = variant_make("utf8.db", "UPDATE device SET name = 'GPU' ||"
			    " CAST(X'80fec3' AS TEXT) || 'end' WHERE id ="
			    " (SELECT min(id) FROM device)");
	render_options_init(&o);
	o.db_path = path;
	out = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_true(utf8_valid(out));
	assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
	assert_int_equal(json_int(db, out, "SELECT json_valid(?1)"), 1);
	assert_true(json_int(db, out, "SELECT count(*) FROM json_each(?1)"
		" WHERE json_extract(value, '$.device_name') = 'GPU???end'")
		    > 0);
	sqlite3_close(db);
	free(out);
	out = chk_render(&o, "csv", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_true(utf8_valid(out));
	assert_non_null(strstr(out, ",GPU???end,"));
	free(out);
	free(path);
}

static void test_bad_format(void **state)
{
	struct render_options o;
	char *out;
	int rc;

	(void)state;
	render_options_init(&o);
	o.db_path = fulldb;
	out = chk_render(&o, "xml", &rc);
	assert_int_equal(rc, RENDER_ERR_USAGE);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_bad_format),
		cmocka_unit_test(test_nonfinite_refused),
		cmocka_unit_test(test_nonfinite_sample),
		cmocka_unit_test(test_infinite_error_shown),
		cmocka_unit_test(test_names_utf8),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
