/* mmreport export: CSV that an RFC 4180 reader takes back unchanged, and
 * JSON that SQLite's own parser accepts, both holding the fixture's
 * statistics with the same columns (issue 28, item 6); statistics that
 * are not finite and names that are not UTF-8 written explicitly (issue
 * 29, item 4); the raw samples; the Markdown summary; --device as one
 * device (issue 29, item 5). */
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
#include "store.h"
#include "render_check.h"
#include "render_fixture.h"

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

#define MAXF 64

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
				/* the skipped one a row; the failed one its
				 * ten diag_* values (v2) */
				if (dev == 0 && fix_versions_sizes[i] == 256 &&
				    j == 1) {
					r += v ? 10 : 1;
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
		/* a failed configuration is never a speed: its only rows
		 * are the diagnosis of where its product is wrong */
		if (!strcmp(r.f[col(&h, "status")], "failed")) {
			assert_int_equal(strncmp(r.f[col(&h, "metric")],
						 "diag_", 5), 0);
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
						"metric_n")]), 1);
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
			assert_int_equal(atoi(r.f[col(&h, "metric_n")]),
					 (int)m.nsamples);
			assert_string_equal(r.f[col(&h, "export_version")],
					    "3");
			checked++;
		}
		csv_free(&r);
	}
	assert_int_equal(rows[0], expected_rows(0));
	assert_int_equal(rows[1], expected_rows(1));
	assert_int_equal(hostile, rows[1]);
	assert_int_equal(failed, 10);
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
	assert_int_equal(json_int(db, json, "SELECT json_extract(?1, "
				  "'$.export_version')"), 3);
	/* 39 configurations on the first device, 40 on the second */
	assert_int_equal(json_int(db, json, "SELECT json_array_length(?1, "
				  "'$.configurations')"),
			 12 + 3 + 12 + 12 + 12 + 3 + 12 + 12 + 1);
	assert_int_equal(json_int(db, json, "SELECT count(*) FROM "
		"json_each(?1, '$.configurations') WHERE "
		"json_extract(value, '$.device_name') = "
		"'" "Tesla $\\&%#_{}~^ \"quoted\" ; rm -rf /" "'"), 40);
	/* the first device's shared/pinned transfers add the counters */
	assert_int_equal(json_int(db, json, "SELECT count(*) FROM "
		"json_each(?1, '$.configurations') WHERE "
		"json_extract(value, '$.suite') = "
		"'transfer' AND json_array_length(value, '$.stats') = 9"), 22);
	assert_int_equal(json_int(db, json, "SELECT count(*) FROM "
		"json_each(?1, '$.configurations') WHERE "
		"json_extract(value, '$.suite') = "
		"'transfer' AND json_array_length(value, '$.stats') = 20"), 2);
	assert_int_equal(json_int(db, json, "SELECT count(*) FROM "
		"json_each(?1, '$.configurations') WHERE "
		"json_extract(value, '$.status') = "
		"'failed' AND json_array_length(value, '$.stats') = 10"), 1);
	assert_int_equal(json_int(db, json, "SELECT count(*) FROM "
		"json_each(?1, '$.configurations') AS c, "
		"json_each(c.value, '$.stats') AS t WHERE "
		"json_extract(c.value, '$.status') = 'failed' AND "
		"json_extract(t.value, '$.metric') NOT LIKE 'diag_%'"), 0);
	free(json);

	/* the selection applies: one device */
	o.device = "aaaaaaaa";
	json = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(json_int(db, json, "SELECT json_array_length(?1, "
				  "'$.configurations')"), 12 + 3 + 12 + 12);
	free(json);
	sqlite3_close(db);
}

/* A copy of the full fixture at tmpdir/name with sql run on it. */
static char *fixture_changed(const char *name, const char *sql)
{
	sqlite3 *db;
	char *path = malloc(strlen(tmpdir) + strlen(name) + 2);
	char *err = NULL;

	assert_non_null(path);
	sprintf(path, "%s/%s", tmpdir, name);
	assert_int_equal(fix_build(path), 0);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
		fail_msg("%s: %s", sql, err);
	sqlite3_close(db);
	return path;
}

static char *json_text(sqlite3 *db, const char *json, const char *sql)
{
	sqlite3_stmt *q;
	char *v;

	assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &q, NULL), SQLITE_OK);
	sqlite3_bind_text(q, 1, json, -1, SQLITE_STATIC);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	v = sqlite3_column_text(q, 0) ?
	    strdup((const char *)sqlite3_column_text(q, 0)) : NULL;
	sqlite3_finalize(q);
	return v;
}

/* The JSON keys of the first configuration with statistics, then of its
 * first statistic: the columns, as the CSV header should list them. */
static char *json_columns(sqlite3 *db, const char *json)
{
	return json_text(db, json,
		"WITH c(v) AS (SELECT value FROM json_each(?1, "
		"'$.configurations') WHERE json_array_length(value, '$.stats')"
		" > 0 LIMIT 1) "
		"SELECT (SELECT group_concat(key, ',') FROM c, json_each(c.v) "
		"WHERE key != 'stats') || ',' || (SELECT group_concat(key, ',') "
		"FROM c, json_each(c.v, '$.stats[0]'))");
}

/* CSV and JSON list the same columns in the same order, with and
 * without the raw samples (issue 28, item 6: one list, no drift). */
static void test_same_columns(void **state)
{
	struct render_options o;
	sqlite3 *db;
	char *csv, *json, *cols;
	int rc, samples;

	(void)state;
	assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
	for (samples = 0; samples < 2; samples++) {
		render_options_init(&o);
		o.db_path = fulldb;
		o.samples = samples;
		csv = chk_render(&o, "csv", &rc);
		assert_int_equal(rc, RENDER_OK);
		json = chk_render(&o, "json", &rc);
		assert_int_equal(rc, RENDER_OK);
		cols = json_columns(db, json);
		assert_non_null(cols);
		*strchr(csv, '\r') = '\0';
		assert_true(!strncmp(csv, "export_version,", 15));
		assert_string_equal(csv + 15, cols);
		assert_non_null(strstr(cols, ",param,"));
		assert_int_equal(!!strstr(cols, ",values"), samples);
		free(cols);
		free(csv);
		free(json);
	}
	sqlite3_close(db);
}

/* The swept parameter (bank's stride, coalesce's offset, the walkers'
 * steps) is a column: configurations that differ only in it stay apart
 * in CSV as in JSON. */
static void test_param(void **state)
{
	struct render_options o;
	struct csv_row h, r;
	char *db = fixture_changed("param.db", "UPDATE config SET param = "
				   "1000 + id");
	char *csv, seen[4096];
	const char *p;
	int rc, distinct = 0, v;

	(void)state;
	memset(seen, 0, sizeof(seen));
	render_options_init(&o);
	o.db_path = db;
	csv = chk_render(&o, "csv", &rc);
	assert_int_equal(rc, RENDER_OK);
	p = csv;
	assert_int_equal(csv_next(&p, &h), 0);
	while (*p) {
		assert_int_equal(csv_next(&p, &r), 0);
		v = atoi(r.f[col(&h, "param")]);
		assert_true(v > 1000 && v < 1000 + 4096);
		if (!seen[v - 1000]++)
			distinct++;
		csv_free(&r);
	}
	/* one value per configuration: 79 */
	assert_int_equal(distinct, 12 + 3 + 12 + 12 + 12 + 3 + 12 + 12 + 1);
	csv_free(&h);
	free(csv);
	free(db);
}

/* 1 when s is valid UTF-8 (RFC 3629). */
static int utf8_valid(const unsigned char *s)
{
	unsigned cp;
	int n, i;

	while (*s) {
		n = *s < 0x80 ? 1 : *s >= 0xc2 && *s <= 0xdf ? 2 :
		    *s >= 0xe0 && *s <= 0xef ? 3 :
		    *s >= 0xf0 && *s <= 0xf4 ? 4 : 0;
		if (!n)
			return 0;
		cp = *s & (0x7f >> n);
		for (i = 1; i < n; i++) {
			if ((s[i] & 0xc0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i] & 0x3f);
		}
		if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
		    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		s += n;
	}
	return 1;
}

/* A name that is not UTF-8 has its bad bytes as '?', as the report
 * prints them (issue 29, item 4). */
static void test_names_utf8(void **state)
{
	struct render_options o;
	struct csv_row h, r;
	sqlite3 *m;
	char *db = fixture_changed("utf8.db",
		"UPDATE device SET name = CAST(X'4e56ff41c3' AS TEXT) "
		"WHERE uuid LIKE 'GPU-aaaa%'");
	char *csv, *json, *t;
	const char *p;
	int rc;

	(void)state;
	render_options_init(&o);
	o.db_path = db;
	csv = chk_render(&o, "csv", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_true(utf8_valid((const unsigned char *)csv));
	p = csv;
	assert_int_equal(csv_next(&p, &h), 0);
	while (*p) {
		assert_int_equal(csv_next(&p, &r), 0);
		if (!strncmp(r.f[col(&h, "device_uuid")], "GPU-aaaa", 8))
			assert_string_equal(r.f[col(&h, "device_name")],
					    "NV?A?");
		csv_free(&r);
	}
	csv_free(&h);

	json = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_true(utf8_valid((const unsigned char *)json));
	assert_int_equal(sqlite3_open(":memory:", &m), SQLITE_OK);
	assert_int_equal(json_int(m, json, "SELECT json_valid(?1)"), 1);
	t = json_text(m, json, "SELECT json_extract(?1, "
		      "'$.configurations[0].device_name')");
	assert_string_equal(t, "NV?A?");
	free(t);
	sqlite3_close(m);
	free(json);
	free(csv);
	free(db);
}

/* An infinite statistic, or text where a statistic's number belongs (an
 * edited or damaged file), is refused as corrupt (65) by the report and
 * both exports, which write nothing (issue 29, item 4). */
static void test_nonfinite_refused(void **state)
{
	static const char *const edits[] = {
		"median = 9e999", "mean = -9e999", "stddev = 'abc'",
	};
	struct render_options o;
	char sql[512], name[32];
	size_t i;
	int ex;

	(void)state;
	for (i = 0; i < sizeof(edits) / sizeof(edits[0]); i++) {
		char *path;

		snprintf(sql, sizeof(sql), "UPDATE stat SET %s WHERE "
			 "(config_id, metric) = (SELECT config_id, metric "
			 "FROM stat ORDER BY config_id, ord LIMIT 1)",
			 edits[i]);
		snprintf(name, sizeof(name), "nonfinite%zu.db", i);
		path = fixture_changed(name, sql);
		for (ex = 0; ex < 3; ex++) {
			const char *fmt = ex == 1 ? "csv" : ex == 2 ? "json" :
					  NULL;
			char *out;
			int rc;

			render_options_init(&o);
			o.db_path = path;
			out = chk_render(&o, fmt, &rc);
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
	path = fixture_changed("sample.db", "UPDATE sample SET value = 9e999"
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

/* A verification that failed may store an infinite relative error: the
 * exports say "inf" (a JSON string; JSON has no infinity) instead of
 * refusing a file mmreport wrote (issue 29, item 4). */
static void test_infinite_error_shown(void **state)
{
	struct render_options o;
	sqlite3 *m;
	char *path, *out;
	int rc;

	(void)state;
	path = fixture_changed("relerr.db", "UPDATE config SET rel_error ="
			       " 9e999 WHERE status = 'failed'");
	render_options_init(&o);
	o.db_path = path;
	out = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(sqlite3_open(":memory:", &m), SQLITE_OK);
	assert_int_equal(json_int(m, out, "SELECT json_valid(?1)"), 1);
	assert_int_equal(json_int(m, out, "SELECT count(*) FROM json_each(?1,"
		" '$.configurations') WHERE json_extract(value, "
		"'$.rel_error') = 'inf'"), 1);
	sqlite3_close(m);
	free(out);
	out = chk_render(&o, "csv", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_non_null(strstr(out, ",failed,"));
	assert_non_null(strstr(out, ",inf,"));
	free(out);
	free(path);
}

/* --samples adds each metric's raw samples, as the fixture stored
 * them. */
static void test_samples(void **state)
{
	struct render_options o;
	struct csv_row h, r;
	struct fix_metrics m;
	sqlite3 *db;
	const char *p;
	char *csv, *json, *v, *end;
	int rc, checked = 0;
	size_t k, i;

	(void)state;
	render_options_init(&o);
	o.db_path = fulldb;
	o.samples = 1;
	csv = chk_render(&o, "csv", &rc);
	assert_int_equal(rc, RENDER_OK);
	p = csv;
	assert_int_equal(csv_next(&p, &h), 0);
	while (*p) {
		assert_int_equal(csv_next(&p, &r), 0);
		/* the second device's file is slim: its samples are not
		 * all there */
		if (!strcmp(r.f[col(&h, "suite")], "transfer") &&
		    !strcmp(r.f[col(&h, "status")], "ok") &&
		    !strncmp(r.f[col(&h, "device_uuid")], "GPU-aaaa", 8) &&
		    !fix_metrics_get(0, "transfer",
				     r.f[col(&h, "variant")],
				     r.f[col(&h, "host_mem")],
				     atoi(r.f[col(&h, "n")]), 16, 1, &m)) {
			for (k = 0; k < m.nmetrics; k++)
				if (!strcmp(m.name[k],
					    r.f[col(&h, "metric")]))
					break;
			/* a counter metric: not among the timed ones */
			if (k == m.nmetrics) {
				csv_free(&r);
				continue;
			}
			v = r.f[col(&h, "values")];
			for (i = 0; i < m.nsamples; i++) {
				double x = strtod(v, &end);

				assert_true(end != v);
				assert_true(x == m.v[k][i]);
				v = end;
			}
			assert_string_equal(v, "");
			checked++;
		}
		csv_free(&r);
	}
	assert_true(checked > 0);
	csv_free(&h);
	free(csv);

	json = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
	assert_int_equal(json_int(db, json, "SELECT json_extract(?1, "
				  "'$.samples')"), 1);
	/* every statistic of the first device carries as many samples as
	 * its n */
	assert_int_equal(json_int(db, json, "SELECT count(*) FROM json_each(?1,"
		" '$.configurations') c, json_each(c.value, '$.stats') s "
		"WHERE json_extract(c.value, '$.device_id') = 1 AND "
		"json_array_length(s.value, '$.values') != "
		"json_extract(s.value, '$.metric_n')"), 0);
	assert_true(json_int(db, json, "SELECT count(*) FROM json_each(?1,"
		" '$.configurations') c, json_each(c.value, '$.stats') s "
		"WHERE json_extract(c.value, '$.device_id') = 1") > 0);
	sqlite3_close(db);
	free(json);
}

/* The Markdown summary: a table with one row per configuration. */
static void test_md(void **state)
{
	struct render_options o;
	char *md;
	const char *p;
	int rc, rows = 0;

	(void)state;
	render_options_init(&o);
	o.db_path = fulldb;
	md = chk_render(&o, "md", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_true(!strncmp(md, "mmreport export 3: ", 19));
	assert_non_null(strstr(md, "\n| device | suite | variant |"));
	for (p = md; (p = strstr(p, "\n| ")); p++)
		rows++;
	/* the header and its rule, then the 79 configurations */
	assert_int_equal(rows, 2 + 79);
	/* the hostile name's '|' would split a cell: none there, but the
	 * variant's quotes pass as they are */
	assert_non_null(strstr(md, FIX_HOSTILE_VARIANT));
	free(md);
	o.samples = 1;
	md = chk_render(&o, "md", &rc);
	assert_int_equal(rc, RENDER_ERR_USAGE);
	free(md);
}

/* --device picks one device: a number is the database id only, even
 * where another device's UUID starts with that digit (issue 29, item 5);
 * a name part that fits several devices is refused. */
static void test_device_select(void **state)
{
	struct render_options o;
	sqlite3 *m;
	char *db = fixture_changed("uuid1.db", "UPDATE device SET uuid = "
				   "'GPU-1bbbbbbb-2222-3333-4444-555555555555' "
				   "WHERE uuid LIKE 'GPU-bbbb%'");
	char *json;
	int rc;

	(void)state;
	assert_int_equal(sqlite3_open(":memory:", &m), SQLITE_OK);
	render_options_init(&o);
	o.db_path = db;
	o.device = "1";
	json = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(json_int(m, json, "SELECT count(DISTINCT "
		"json_extract(value, '$.device_id')) FROM json_each(?1, "
		"'$.configurations')"), 1);
	assert_int_equal(json_int(m, json, "SELECT json_extract(?1, "
		"'$.configurations[0].device_id')"), 1);
	free(json);

	/* the UUID's digits after GPU- select the other one */
	o.device = "GPU-1b";
	json = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(json_int(m, json, "SELECT count(*) FROM json_each(?1,"
		" '$.configurations') WHERE json_extract(value, "
		"'$.device_id') != 2"), 0);
	free(json);

	/* a part of the name: "h100" fits one, "a" both */
	o.device = "h100";
	json = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(json_int(m, json, "SELECT json_array_length(?1, "
				  "'$.configurations')"), 12 + 3 + 12 + 12);
	free(json);
	o.device = "a";
	json = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_ERR_EMPTY);
	free(json);
	o.device = "3";
	json = chk_render(&o, "json", &rc);
	assert_int_equal(rc, RENDER_ERR_EMPTY);
	free(json);
	sqlite3_close(m);
	free(db);
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
		cmocka_unit_test(test_same_columns),
		cmocka_unit_test(test_param),
		cmocka_unit_test(test_names_utf8),
		cmocka_unit_test(test_nonfinite_refused),
		cmocka_unit_test(test_nonfinite_sample),
		cmocka_unit_test(test_infinite_error_shown),
		cmocka_unit_test(test_samples),
		cmocka_unit_test(test_md),
		cmocka_unit_test(test_device_select),
		cmocka_unit_test(test_bad_format),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
