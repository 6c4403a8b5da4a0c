/* `mmreport export --format json`: the selected configurations and their
 * statistics as one JSON document, assembled by SQLite's JSON functions
 * so that quoting and escaping are SQLite's, never hand-built. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

/* A REAL column as JSON can hold it: JSON has no infinity, and SQLite
 * writes Inf, which no JSON reader takes (a verification that failed
 * stores an infinite relative error): infinities become the strings
 * "Infinity" and "-Infinity" (issue 29). */
#define JSON_REAL(x) \
	"CASE WHEN abs(" x ") > 1.7976931348623157e308 THEN CASE WHEN " x \
	" > 0 THEN 'Infinity' ELSE '-Infinity' END ELSE " x " END"

/* The selection is store_config_list's (latest row per device and
 * configuration key unless a session is named); ?6 is a JSON array of
 * device ids, or NULL for every device. Subtypes do not survive a
 * subquery, so nested JSON is re-read with json(). v3keys are the
 * json_object pairs of the schema-3 columns, which a file read as it is
 * may lack. */
#define EXPORT_JSON_SQL(src, v3keys) \
	"SELECT json_group_array(json(obj)) FROM (" \
	" SELECT json_object(" \
	"  'device_id', d.id, 'device_uuid', d.uuid, 'device_name', d.name," \
	"  'session_id', c.session_id, 'session_uuid', s.uuid," \
	"  'suite', c.suite, 'variant', c.variant, 'm', c.m, 'k', c.k," \
	"  'n', c.n, 'count', c.count, 'block_x', c.block_x," \
	"  'block_y', c.block_y, 'ilp', c.ilp, 'param', c.param," \
	"  'host_mem', c.host_mem," \
	"  'precision', c.precision, 'status', c.status," \
	"  'reason', c.reason, 'rel_error', " JSON_REAL("c.rel_error") "," \
	"  'flops', " JSON_REAL("c.flops") "," \
	"  'bytes', " JSON_REAL("c.bytes") ", 'samples', c.samples," \
	"  'finished_at', c.finished_at," v3keys \
	"  'stats', json((SELECT json_group_array(json_object(" \
	"    'metric', t.metric, 'unit', t.unit, 'n', t.n," \
	"    'min', " JSON_REAL("t.min") ", 'max', " JSON_REAL("t.max") "," \
	"    'mean', " JSON_REAL("t.mean") ", 'median', " JSON_REAL("t.median") \
	"    , 'stddev', " JSON_REAL("t.stddev") "," \
	"    'p05', " JSON_REAL("t.p05") ", 'p25', " JSON_REAL("t.p25") "," \
	"    'p75', " JSON_REAL("t.p75") ", 'p95', " JSON_REAL("t.p95") "))" \
	"   FROM (SELECT * FROM stat WHERE config_id = c.id ORDER BY ord) t))" \
	" ) AS obj" \
	" FROM (" STORE_CONFIG_RANKED_SQL(src, \
	"   AND (?6 IS NULL OR s.device_id IN" \
	"    (SELECT value FROM json_each(?6)))") ") AS c" \
	"  JOIN session s ON s.id = c.session_id" \
	"  JOIN device d ON d.id = c.dev" \
	" WHERE c.rn = 1 AND (?5 IS NULL OR c.status = ?5)" \
	" ORDER BY c.dev, c.suite, c.variant, c.host_mem, c.block_x," \
	"  c.block_y, c.ilp, c.param, c.m, c.k, c.n, c.count)"

#define EXPORT_V3_KEYS \
	"  'grp', c.grp, 'grid_blocks', c.grid_blocks," \
	"  'wave_blocks', c.wave_blocks," \
	"  'working_set', " JSON_REAL("c.working_set") "," \
	"  'l2_bytes', c.l2_bytes," \
	"  'start_sm_clock_mhz', " JSON_REAL("c.start_sm_clock_mhz") "," \
	"  'end_sm_clock_mhz', " JSON_REAL("c.end_sm_clock_mhz") "," \
	"  'throttle_reasons', c.throttle_reasons, 'regime', c.regime,"
#define EXPORT_PRE3_KEYS \
	"  'grp', NULL, 'grid_blocks', NULL, 'wave_blocks', NULL," \
	"  'working_set', NULL, 'l2_bytes', NULL," \
	"  'start_sm_clock_mhz', NULL, 'end_sm_clock_mhz', NULL," \
	"  'throttle_reasons', NULL, 'regime', NULL,"

int store_export_json(struct store *st, const struct store_filter *f,
		      const int64_t *devices, size_t ndevices, char **out)
{
	static const struct store_filter all;
	sqlite3_stmt *q = NULL;
	char *ids = NULL, sql[4096];
	size_t i, len = 2;
	int rc, b = SQLITE_OK;

	*out = NULL;
	if (!f)
		f = &all;
	if (ndevices) {
		/* integers only: "[1,2,3]" */
		len += ndevices * 22;
		ids = malloc(len);
		if (!ids)
			return STORE_FAIL(st, STORE_ERR_INTERNAL,
					  "out of memory");
		strcpy(ids, "[");
		for (i = 0; i < ndevices; i++)
			snprintf(ids + strlen(ids), len - strlen(ids),
				 "%s%lld", i ? "," : "",
				 (long long)devices[i]);
		strcat(ids, "]");
	}
	snprintf(sql, sizeof(sql), EXPORT_JSON_SQL("%s", "%s"), st->version >=
		 3 ? EXPORT_V3_KEYS : EXPORT_PRE3_KEYS, STORE_CONFIG_SRC(st));
	rc = STORE_PREPARE(st, sql, &q);
	if (rc < 0)
		goto out;
	store_bind_int(&b, q, 1, f->device_id > 0 ? f->device_id : 0);
	store_bind_int(&b, q, 2, f->session_id > 0 ? f->session_id : 0);
	store_bind_text(&b, q, 3, f->suite);
	store_bind_text(&b, q, 4, f->variant);
	store_bind_text(&b, q, 5, f->status);
	store_bind_text(&b, q, 6, ids);
	rc = STORE_STEP(st, b, q);
	if (rc < 0)
		goto out;
	if (rc != SQLITE_ROW) {
		rc = STORE_FAIL(st, STORE_ERR_INTERNAL,
				"export query returned no row");
		goto out;
	}
	rc = store_col_strdup(st, q, 0, out);
	/* SQLite copies a name's bytes as they are; JSON is UTF-8 */
	if (!rc && *out)
		store_utf8_fix(*out);
	if (!rc && !*out)
		*out = strdup("[]");
	if (!rc && !*out)
		rc = STORE_FAIL(st, STORE_ERR_INTERNAL, "out of memory");
out:
	sqlite3_finalize(q);
	free(ids);
	return rc < 0 ? rc : 0;
}
