/* Configurations, their statistics and raw samples. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

static int config_row_insert(struct store *st, const struct store_config *c,
			     int64_t *id)
{
	sqlite3_stmt *q = NULL;
	int rc, b = SQLITE_OK;

	rc = STORE_PREPARE(st, "INSERT INTO config(session_id, suite,"
			   " variant, m, k, n, count, block_x, block_y, ilp,"
			   " host_mem, precision, status, reason, rel_error,"
			   " flops, bytes, samples, seconds, finished_at,"
			   " grp, grid_blocks, wave_blocks, working_set,"
			   " l2_bytes, start_sm_clock_mhz, end_sm_clock_mhz,"
			   " throttle_reasons, regime, param, noise,"
			   " throttled, discarded)"
			   " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10,"
			   " ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19,"
			   " ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28,"
			   " ?29, ?30, ?31, ?32, ?33)", &q);
	if (rc < 0)
		goto out;
	store_bind_int(&b, q, 1, c->session_id);
	store_bind_text(&b, q, 2, c->suite);
	store_bind_text(&b, q, 3, c->variant);
	store_bind_int(&b, q, 4, c->m);
	store_bind_int(&b, q, 5, c->k);
	store_bind_int(&b, q, 6, c->n);
	store_bind_int(&b, q, 7, c->count);
	store_bind_int(&b, q, 8, c->block_x);
	store_bind_int(&b, q, 9, c->block_y);
	store_bind_int(&b, q, 10, c->ilp);
	store_bind_text(&b, q, 11, c->host_mem ? c->host_mem : "");
	store_bind_text(&b, q, 12, c->precision ? c->precision : "");
	store_bind_text(&b, q, 13, c->status);
	store_bind_text(&b, q, 14, c->reason);
	store_bind_double(&b, q, 15, c->rel_error);
	store_bind_double(&b, q, 16, c->flops);
	store_bind_double(&b, q, 17, c->bytes);
	store_bind_int(&b, q, 18, c->samples);
	store_bind_double(&b, q, 19, c->seconds);
	store_bind_text(&b, q, 20, c->finished_at);
	store_bind_known_int(&b, q, 21, c->grp);
	store_bind_known_int(&b, q, 22, c->grid_blocks);
	store_bind_known_int(&b, q, 23, c->wave_blocks);
	store_bind_known_double(&b, q, 24, c->working_set);
	store_bind_known_int(&b, q, 25, c->l2_bytes);
	store_bind_known_double(&b, q, 26, c->start_sm_clock_mhz);
	store_bind_known_double(&b, q, 27, c->end_sm_clock_mhz);
	if (c->has_throttle)
		store_bind_int(&b, q, 28,
			       store_u64_to_i64(c->throttle_reasons));
	else
		store_bind_null(&b, q, 28);
	store_bind_text(&b, q, 29, c->regime);
	store_bind_int(&b, q, 30, c->param);
	/* noise 0 is a measured value (identical samples); NAN unknown */
	store_bind_double(&b, q, 31, c->noise);
	if (c->throttled < 0)
		store_bind_null(&b, q, 32);
	else
		store_bind_int(&b, q, 32, c->throttled);
	if (c->discarded < 0)
		store_bind_null(&b, q, 33);
	else
		store_bind_int(&b, q, 33, c->discarded);
	rc = STORE_STEP(st, b, q);
	if (rc < 0)
		goto out;
	*id = sqlite3_last_insert_rowid(st->db);
	rc = 0;
out:
	sqlite3_finalize(q);
	return rc;
}

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
		store_bind_int(&b, qs, 5, (sqlite3_int64)s->n);
		store_bind_double(&b, qs, 6, s->min);
		store_bind_double(&b, qs, 7, s->max);
		store_bind_double(&b, qs, 8, s->mean);
		store_bind_double(&b, qs, 9, s->median);
		store_bind_double(&b, qs, 10, s->stddev);
		store_bind_double(&b, qs, 11, s->p05);
		store_bind_double(&b, qs, 12, s->p25);
		store_bind_double(&b, qs, 13, s->p75);
		store_bind_double(&b, qs, 14, s->p95);
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
	rc = config_row_insert(st, cfg, &id);
	if (rc)
		goto out;
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

static void config_clear(struct store_config *c)
{
	free(c->suite);
	free(c->variant);
	free(c->host_mem);
	free(c->precision);
	free(c->status);
	free(c->reason);
	free(c->finished_at);
	free(c->regime);
}

void store_configs_free(struct store_config *c, size_t n)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < n; i++)
		config_clear(&c[i]);
	free(c);
}

/* The latest row per device and configuration key, with the filter's
 * device, session, suite and variant applied before choosing (they are
 * part of the key, or fix the session) and its status after. A file
 * older than schema 3 is read as it is: NULL for what it lacks. */
#define CONFIG_LIST_SQL(src, cols) \
	"SELECT id, session_id, dev, suite, variant, m, k, n, count," \
	" block_x, block_y, ilp, host_mem, precision, status, reason," \
	" rel_error, flops, bytes, samples, seconds, finished_at, param, " \
	cols " FROM (" STORE_CONFIG_RANKED_SQL(src, "") ")" \
	" WHERE rn = 1 AND (?5 IS NULL OR status = ?5)" \
	" ORDER BY dev, suite, variant, host_mem, block_x, block_y, ilp," \
	" param, m, k, n, count"
/* Fills the schema-3 fields of c from columns i .. i + 8 of q. */
static int config_v3_read(struct store *st, sqlite3_stmt *q, int i,
			  struct store_config *c)
{
	c->grp = store_col_int_or(q, i, 0);
	c->grid_blocks = store_col_int_or(q, i + 1, 0);
	c->wave_blocks = store_col_int_or(q, i + 2, 0);
	c->working_set = store_col_double(q, i + 3);
	c->l2_bytes = store_col_int_or(q, i + 4, 0);
	c->start_sm_clock_mhz = store_col_double(q, i + 5);
	c->end_sm_clock_mhz = store_col_double(q, i + 6);
	c->has_throttle = sqlite3_column_type(q, i + 7) != SQLITE_NULL;
	c->throttle_reasons = c->has_throttle ?
		store_i64_to_u64(sqlite3_column_int64(q, i + 7)) : 0;
	return store_col_strdup(st, q, i + 8, &c->regime);
}

int store_config_list(struct store *st, const struct store_filter *f,
		      struct store_config **out, size_t *n)
{
	static const struct store_filter all;
	struct store_config *cs = NULL;
	sqlite3_stmt *q = NULL;
	size_t cnt = 0, cap = 0;
	char sql[2048];
	int rc, b = SQLITE_OK;

	*out = NULL;
	*n = 0;
	if (!f)
		f = &all;
	snprintf(sql, sizeof(sql), CONFIG_LIST_SQL("%s", "%s, %s"),
		 st->version >= 3 ? "grp, grid_blocks, wave_blocks,"
		 " working_set, l2_bytes, start_sm_clock_mhz, end_sm_clock_mhz,"
		 " throttle_reasons, regime" : "NULL, NULL, NULL, NULL, NULL,"
		 " NULL, NULL, NULL, NULL", st->version >= 7 ? "noise, throttled,"
		 " discarded" : "NULL, NULL, NULL", STORE_CONFIG_SRC(st));
	rc = STORE_PREPARE(st, sql, &q);
	if (rc < 0)
		goto out;
	store_bind_int(&b, q, 1, f->device_id > 0 ? f->device_id : 0);
	store_bind_int(&b, q, 2, f->session_id > 0 ? f->session_id : 0);
	store_bind_text(&b, q, 3, f->suite);
	store_bind_text(&b, q, 4, f->variant);
	store_bind_text(&b, q, 5, f->status);
	while ((rc = STORE_STEP(st, b, q)) == SQLITE_ROW) {
		struct store_config *c;

		rc = store_grow(st, (void **)&cs, sizeof(*cs), &cap, cnt + 1);
		if (rc)
			goto out;
		c = &cs[cnt++];
		c->id = sqlite3_column_int64(q, 0);
		c->session_id = sqlite3_column_int64(q, 1);
		c->device_id = sqlite3_column_int64(q, 2);
		if ((rc = store_col_strdup(st, q, 3, &c->suite)) ||
		    (rc = store_col_strdup(st, q, 4, &c->variant)) ||
		    (rc = store_col_strdup(st, q, 12, &c->host_mem)) ||
		    (rc = store_col_strdup(st, q, 13, &c->precision)) ||
		    (rc = store_col_strdup(st, q, 14, &c->status)) ||
		    (rc = store_col_strdup(st, q, 15, &c->reason)) ||
		    (rc = store_col_strdup(st, q, 21, &c->finished_at)))
			goto out;
		c->m = sqlite3_column_int(q, 5);
		c->k = sqlite3_column_int(q, 6);
		c->n = sqlite3_column_int(q, 7);
		c->count = sqlite3_column_int64(q, 8);
		c->block_x = sqlite3_column_int(q, 9);
		c->block_y = sqlite3_column_int(q, 10);
		c->ilp = sqlite3_column_int(q, 11);
		c->rel_error = store_col_double(q, 16);
		c->flops = store_col_double(q, 17);
		c->bytes = store_col_double(q, 18);
		c->samples = sqlite3_column_int(q, 19);
		c->seconds = store_col_double(q, 20);
		c->param = sqlite3_column_int(q, 22);
		rc = config_v3_read(st, q, 23, c);
		if (rc)
			goto out;
		/* schema 7; NULL (older rows) unknown, never 0 */
		c->noise = store_col_double(q, 32);
		c->throttled = store_col_int_or(q, 33, -1);
		c->discarded = store_col_int_or(q, 34, -1);
	}
	if (rc < 0)
		goto out;
	rc = 0;
	*out = cs;
	*n = cnt;
	cs = NULL;
out:
	sqlite3_finalize(q);
	store_configs_free(cs, cnt);
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
		s->s.n = (size_t)sqlite3_column_int64(q, 2);
		s->s.min = sqlite3_column_double(q, 3);
		s->s.max = sqlite3_column_double(q, 4);
		s->s.mean = sqlite3_column_double(q, 5);
		s->s.median = sqlite3_column_double(q, 6);
		s->s.stddev = sqlite3_column_double(q, 7);
		s->s.p05 = sqlite3_column_double(q, 8);
		s->s.p25 = sqlite3_column_double(q, 9);
		s->s.p75 = sqlite3_column_double(q, 10);
		s->s.p95 = sqlite3_column_double(q, 11);
		for (i = 3; i <= 11; i++) {
			static const char *const names[] = { "min", "max",
				"mean", "median", "stddev", "p05", "p25",
				"p75", "p95" };

			rc = value_check(st, q, i, config_id, s->metric,
					 names[i - 3]);
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
	sqlite3_stmt *q = NULL;
	int rc, b = SQLITE_OK;

	*n = 0;
	rc = STORE_PREPARE(st, "SELECT count(*) FROM sample WHERE config_id "
			   "IN (SELECT id FROM config WHERE session_id = ?1)",
			   &q);
	if (rc < 0)
		goto out;
	store_bind_int(&b, q, 1, session_id);
	rc = STORE_STEP(st, b, q);
	if (rc == SQLITE_ROW) {
		*n = sqlite3_column_int64(q, 0);
		rc = 0;
	} else if (rc >= 0) {
		rc = STORE_FAIL(st, STORE_ERR_INTERNAL, "count returned no row");
	}
out:
	sqlite3_finalize(q);
	return rc;
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
