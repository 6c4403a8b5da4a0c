/* Configurations, their statistics and raw samples. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

/* The columns of a configuration as inserted and, after id and dev, as
 * the list reads them. */
#define CO(m) offsetof(struct store_config, m)
static const struct store_field config_fields[] = {
	STORE_FIELD("session_id", SF_I64, CO(session_id), 0),
	STORE_FIELD("suite", SF_TEXT, CO(suite), 0),
	STORE_FIELD("variant", SF_TEXT, CO(variant), 0),
	STORE_FIELD("m", SF_INT, CO(m), 0),
	STORE_FIELD("k", SF_INT, CO(k), 0),
	STORE_FIELD("n", SF_INT, CO(n), 0),
	STORE_FIELD("count", SF_I64, CO(count), 0),
	STORE_FIELD("block_x", SF_INT, CO(block_x), 0),
	STORE_FIELD("block_y", SF_INT, CO(block_y), 0),
	STORE_FIELD("ilp", SF_INT, CO(ilp), 0),
	STORE_FIELD("host_mem", SF_TEXT_EMPTY, CO(host_mem), 0),
	STORE_FIELD("precision", SF_TEXT_EMPTY, CO(precision), 0),
	STORE_FIELD("status", SF_TEXT, CO(status), 0),
	STORE_FIELD("reason", SF_TEXT, CO(reason), 0),
	STORE_FIELD("rel_error", SF_DOUBLE, CO(rel_error), 0),
	STORE_FIELD("flops", SF_DOUBLE, CO(flops), 0),
	STORE_FIELD("bytes", SF_DOUBLE, CO(bytes), 0),
	STORE_FIELD("samples", SF_INT, CO(samples), 0),
	STORE_FIELD("seconds", SF_DOUBLE, CO(seconds), 0),
	STORE_FIELD("finished_at", SF_TEXT, CO(finished_at), 0),
	{ "param", SF_INT, CO(param), 0, NULL, 5, "0" },
	/* schema 3; NULL (older rows) unknown */
	STORE_FIELD("grp", SF_KNOWN_I64, CO(grp), 3),
	STORE_FIELD("grid_blocks", SF_KNOWN_I64, CO(grid_blocks), 3),
	STORE_FIELD("wave_blocks", SF_KNOWN_I64, CO(wave_blocks), 3),
	STORE_FIELD("working_set", SF_KNOWN, CO(working_set), 3),
	STORE_FIELD("l2_bytes", SF_KNOWN_I64, CO(l2_bytes), 3),
	STORE_FIELD("start_sm_clock_mhz", SF_KNOWN, CO(start_sm_clock_mhz), 3),
	STORE_FIELD("end_sm_clock_mhz", SF_KNOWN, CO(end_sm_clock_mhz), 3),
	{ "throttle_reasons", SF_HAS_U64, CO(throttle_reasons),
	  CO(has_throttle), NULL, 3, NULL },
	STORE_FIELD("regime", SF_TEXT, CO(regime), 3),
	/* schema 7; NULL (older rows) unknown, never 0: noise 0 is a
	 * measured value (identical samples) */
	STORE_FIELD("noise", SF_DOUBLE, CO(noise), 7),
	STORE_FIELD("throttled", SF_COUNT, CO(throttled), 7),
	STORE_FIELD("discarded", SF_COUNT, CO(discarded), 7),
};
#define NFIELDS (sizeof(config_fields) / sizeof(config_fields[0]))
const struct store_table store_config_table = {
	"config", config_fields, NFIELDS
};

/* A metric's statistics as stored (after config_id, metric, ord and
 * unit) and read (after metric and unit). */
#define SS(m) offsetof(struct stats_summary, m)
_Static_assert(sizeof(size_t) == sizeof(int64_t), "n is stored as int64");
static const struct store_field stat_fields[] = {
	STORE_FIELD("n", SF_I64, SS(n), 0),
	STORE_FIELD("min", SF_DOUBLE, SS(min), 0),
	STORE_FIELD("max", SF_DOUBLE, SS(max), 0),
	STORE_FIELD("mean", SF_DOUBLE, SS(mean), 0),
	STORE_FIELD("median", SF_DOUBLE, SS(median), 0),
	STORE_FIELD("stddev", SF_DOUBLE, SS(stddev), 0),
	STORE_FIELD("p05", SF_DOUBLE, SS(p05), 0),
	STORE_FIELD("p25", SF_DOUBLE, SS(p25), 0),
	STORE_FIELD("p75", SF_DOUBLE, SS(p75), 0),
	STORE_FIELD("p95", SF_DOUBLE, SS(p95), 0),
};
#define NSTAT (sizeof(stat_fields) / sizeof(stat_fields[0]))

static int metrics_write(struct store *st, int64_t id,
			 const struct store_metric *metrics,
			 const struct stats_summary *sum, size_t nmetrics,
			 int keep_samples)
{
	sqlite3_stmt *qs = NULL, *qx = NULL;
	size_t i, j;
	int rc, b = SQLITE_OK;

	rc = STORE_PREPARE(st, "INSERT INTO stat(config_id, metric, ord,"
			   " unit, n, min, max, mean, median, stddev, p05,"
			   " p25, p75, p95) VALUES (?1, ?2, ?3, ?4, ?5, ?6,"
			   " ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)", &qs);
	if (rc < 0)
		goto out;
	rc = STORE_PREPARE(st, "INSERT INTO sample(config_id, metric, idx,"
			   " value) VALUES (?1, ?2, ?3, ?4)", &qx);
	if (rc < 0)
		goto out;
	for (i = 0; i < nmetrics; i++) {
		const struct store_metric *m = &metrics[i];
		const struct stats_summary *s = &sum[i];

		sqlite3_reset(qs);
		store_bind_int(&b, qs, 1, id);
		store_bind_text(&b, qs, 2, m->name);
		store_bind_int(&b, qs, 3, (sqlite3_int64)i);
		store_bind_text(&b, qs, 4, m->unit ? m->unit : "");
		store_fields_bind(&b, qs, 5, stat_fields, NSTAT, s);
		rc = STORE_STEP(st, b, qs);
		if (rc < 0)
			goto out;
		if (!keep_samples)
			continue;
		sqlite3_reset(qx);
		store_bind_int(&b, qx, 1, id);
		store_bind_text(&b, qx, 2, m->name);
		for (j = 0; j < m->n; j++) {
			sqlite3_reset(qx);
			store_bind_int(&b, qx, 3, (sqlite3_int64)j);
			store_bind_double(&b, qx, 4, m->values[j]);
			rc = STORE_STEP(st, b, qx);
			if (rc < 0)
				goto out;
		}
	}
	rc = 0;
out:
	sqlite3_finalize(qs);
	sqlite3_finalize(qx);
	return rc;
}

int store_config_insert(struct store *st, struct store_config *cfg,
			const struct store_metric *metrics, size_t nmetrics,
			int keep_samples)
{
	struct stats_summary *sum = NULL;
	int64_t id = 0;
	size_t i;
	int rc, in_tx = 0;

	if (!cfg || !cfg->suite || !cfg->variant || !cfg->status ||
	    cfg->session_id <= 0 || (nmetrics && !metrics))
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "configuration "
				  "without session, suite, variant or status");
	/* Statistics first: a bad metric fails before anything is written. */
	if (nmetrics) {
		sum = calloc(nmetrics, sizeof(*sum));
		if (!sum)
			return STORE_FAIL(st, STORE_ERR_INTERNAL,
					  "out of memory");
	}
	for (i = 0; i < nmetrics; i++) {
		const struct store_metric *m = &metrics[i];

		if (!m->name || (m->n && !m->values)) {
			rc = STORE_FAIL(st, STORE_ERR_INTERNAL, "metric %zu "
					"without name or values", i);
			goto out;
		}
		if (stats_summary_compute(m->values, m->n, &sum[i])) {
			rc = STORE_FAIL(st, STORE_ERR_INTERNAL, "metric '%s' "
					"of %s/%s: %s", m->name, cfg->suite,
					cfg->variant, m->n ? "a value is not "
					"finite" : "no values");
			goto out;
		}
	}
	rc = store_tx_begin(st);
	if (rc)
		goto out;
	in_tx = 1;
	rc = STORE_ROW_UPSERT(st, &store_config_table, 0, cfg);
	if (rc)
		goto out;
	id = sqlite3_last_insert_rowid(st->db);
	rc = metrics_write(st, id, metrics, sum, nmetrics, keep_samples);
	if (rc)
		goto out;
	rc = store_tx_commit(st);
	if (rc)
		goto out;
	in_tx = 0;
	cfg->id = id;
out:
	if (rc && in_tx)
		store_tx_rollback(st);
	free(sum);
	return rc;
}

void store_configs_free(struct store_config *c, size_t n)
{
	store_fields_free(config_fields, NFIELDS, c, n, sizeof(*c));
	free(c);
}

/* The latest row per device and configuration key, with the filter's
 * device, session and suite applied before choosing (they are part of
 * the key, or fix the session). A file older than schema 3 is read as it
 * is: NULL for what it lacks. */
#define CONFIG_LIST_SQL(src, cols) \
	"SELECT id, dev, " cols " FROM (" STORE_CONFIG_RANKED_SQL(src) ")" \
	" WHERE rn = 1" \
	" ORDER BY dev, suite, variant, host_mem, block_x, block_y, ilp," \
	" param, m, k, n, count"

int store_config_list(struct store *st, const struct store_filter *f,
		      struct store_config **out, size_t *n)
{
	static const struct store_filter all;
	static const size_t ids[] = {
		offsetof(struct store_config, id),
		offsetof(struct store_config, device_id)
	};
	sqlite3_stmt *q = NULL;
	char cols[1024], sql[2048];
	int rc, b = SQLITE_OK;

	*out = NULL;
	*n = 0;
	if (!f)
		f = &all;
	store_fields_cols(cols, sizeof(cols), &store_config_table, 0,
			  st->version, "");
	snprintf(sql, sizeof(sql), CONFIG_LIST_SQL("%s", "%s"), cols,
		 STORE_CONFIG_SRC(st));
	rc = STORE_PREPARE(st, sql, &q);
	if (rc < 0)
		return rc;
	store_bind_int(&b, q, 1, f->device_id > 0 ? f->device_id : 0);
	store_bind_int(&b, q, 2, f->session_id > 0 ? f->session_id : 0);
	store_bind_text(&b, q, 3, f->suite);
	rc = store_rows_read(st, q, b, ids, 2, config_fields, NFIELDS,
			     sizeof(**out), (void **)out, n);
	sqlite3_finalize(q);
	return rc;
}

void store_stats_free(struct store_stat *s, size_t n)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < n; i++) {
		free(s[i].metric);
		free(s[i].unit);
	}
	free(s);
}

/* Checks column i of q, a statistic or sample of configuration cfg and
 * metric, named what: 0 when it holds a finite number, else
 * STORE_ERR_CORRUPT with a message naming them. mmreport never writes
 * another value (store_config_insert refuses it); an edited or damaged
 * file may hold Inf, or text where a number belongs (which SQLite would
 * read as 0), and a report or export would print it as a number or
 * break on it (issue 29). */
static int value_check(struct store *st, sqlite3_stmt *q, int i,
		       int64_t cfg, const char *metric, const char *what)
{
	int type = sqlite3_column_type(q, i);
	double v = sqlite3_column_double(q, i);
	sqlite3_stmt *c = NULL;
	char key[200] = "";

	if ((type == SQLITE_FLOAT || type == SQLITE_INTEGER) && isfinite(v))
		return 0;
	/* the configuration by its key, for a message one can act on */
	if (sqlite3_prepare_v2(st->db, "SELECT suite, variant, m, k, n,"
			       " block_x FROM config WHERE id = ?1", -1, &c,
			       NULL) == SQLITE_OK &&
	    sqlite3_bind_int64(c, 1, cfg) == SQLITE_OK &&
	    sqlite3_step(c) == SQLITE_ROW) {
		snprintf(key, sizeof(key), " (%s %s, m=%lld k=%lld n=%lld, "
			 "block %lld)", (const char *)sqlite3_column_text(c, 0),
			 (const char *)sqlite3_column_text(c, 1),
			 (long long)sqlite3_column_int64(c, 2),
			 (long long)sqlite3_column_int64(c, 3),
			 (long long)sqlite3_column_int64(c, 4),
			 (long long)sqlite3_column_int64(c, 5));
		store_utf8_fix(key);
	}
	sqlite3_finalize(c);
	return STORE_FAIL(st, STORE_ERR_CORRUPT, "corrupt database "
			  "(configuration %lld%s, metric '%s': %s is %s, not "
			  "a finite number)", (long long)cfg, key, metric,
			  what, type == SQLITE_FLOAT ? (v > 0 ? "+Inf"
			  : v < 0 ? "-Inf" : "NaN") : type == SQLITE_NULL
			  ? "NULL" : "text");
}

int store_stat_list(struct store *st, int64_t config_id,
		    struct store_stat **out, size_t *n)
{
	struct store_stat *ss = NULL;
	sqlite3_stmt *q = NULL;
	size_t cnt = 0, cap = 0;
	int rc, b = SQLITE_OK, i;

	*out = NULL;
	*n = 0;
	rc = STORE_PREPARE(st, "SELECT metric, unit, n, min, max, mean,"
			   " median, stddev, p05, p25, p75, p95 FROM stat"
			   " WHERE config_id = ?1 ORDER BY ord", &q);
	if (rc < 0)
		goto out;
	store_bind_int(&b, q, 1, config_id);
	while ((rc = STORE_STEP(st, b, q)) == SQLITE_ROW) {
		struct store_stat *s;

		rc = store_grow(st, (void **)&ss, sizeof(*ss), &cap, cnt + 1);
		if (rc)
			goto out;
		s = &ss[cnt++];
		if ((rc = store_col_strdup(st, q, 0, &s->metric)) ||
		    (rc = store_col_strdup(st, q, 1, &s->unit)))
			goto out;
		store_fields_read(st, q, 2, stat_fields, NSTAT, &s->s);
		for (i = 1; i < (int)NSTAT; i++) {
			rc = value_check(st, q, i + 2, config_id, s->metric,
					 stat_fields[i].col);
			if (rc)
				goto out;
		}
	}
	if (rc < 0)
		goto out;
	rc = 0;
	*out = ss;
	*n = cnt;
	ss = NULL;
out:
	sqlite3_finalize(q);
	store_stats_free(ss, cnt);
	return rc;
}

int store_sample_count(struct store *st, int64_t session_id, long long *n)
{
	int64_t v = 0;
	int rc = STORE_CHECK(st, store_int_get(st->db, "SELECT count(*) FROM"
					       " sample WHERE config_id IN"
					       " (SELECT id FROM config WHERE"
					       " session_id = ?1)", session_id,
					       &v));

	*n = v;
	return rc < 0 ? rc : 0;
}

int store_sample_get(struct store *st, int64_t config_id, const char *metric,
		     double **out, size_t *n)
{
	double *v = NULL;
	sqlite3_stmt *q = NULL;
	size_t cnt = 0, cap = 0;
	int rc, b = SQLITE_OK;

	*out = NULL;
	*n = 0;
	if (!metric)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "no metric named");
	rc = STORE_PREPARE(st, "SELECT value FROM sample WHERE config_id = ?1"
			   " AND metric = ?2 ORDER BY idx", &q);
	if (rc < 0)
		goto out;
	store_bind_int(&b, q, 1, config_id);
	store_bind_text(&b, q, 2, metric);
	while ((rc = STORE_STEP(st, b, q)) == SQLITE_ROW) {
		rc = store_grow(st, (void **)&v, sizeof(*v), &cap, cnt + 1);
		if (rc)
			goto out;
		rc = value_check(st, q, 0, config_id, metric, "a sample");
		if (rc)
			goto out;
		v[cnt++] = sqlite3_column_double(q, 0);
	}
	if (rc < 0)
		goto out;
	rc = 0;
	*out = v;
	*n = cnt;
	v = NULL;
out:
	sqlite3_finalize(q);
	free(v);
	return rc;
}
