/* mmreport export: CSV that an RFC 4180 reader takes back unchanged, and
 * JSON that SQLite's own parser accepts, both holding the fixture's
 * statistics. */
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
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
