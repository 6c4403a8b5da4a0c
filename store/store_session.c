/* Measurement sessions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"
#include "vocab.h"

#define NOW_UTC "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"

#define SESSION_COLS \
	"id, uuid, device_id, started_at, ended_at, status, hostname," \
	" cmdline, tool_version, driver_version, runtime_version," \
	" driver_text, repeats, warmup, min_samples, max_time_s, seed," \
	" suites, timers, tolerance," \
	" start_sm_clock_mhz, start_mem_clock_mhz, start_temp_c," \
	" start_power_w, start_throttle_reasons, start_throttle_text," \
	" end_sm_clock_mhz, end_mem_clock_mhz, end_temp_c, end_power_w," \
	" end_throttle_reasons, end_throttle_text"

int store_session_cols(int version, const char *db, char *buf, size_t len)
{
	char keep[160];

	snprintf(keep, sizeof(keep), "EXISTS (SELECT 1 FROM %sconfig c JOIN "
		 "%ssample x ON x.config_id = c.id WHERE c.session_id = s.id)",
		 db, db);
	return snprintf(buf, len, "%s, %s, %s, %s", version >= 2 ?
			"keep_samples" : keep, version >= 3 ?
			"timer, cold, launch_us, pid, proc_start" :
			"NULL, NULL, NULL, NULL, NULL", version >= 4 ?
			"counters, counters_why" : "NULL, NULL",
			version >= 7 ? "max_noise_pct, throttle, throttle_pct,"
			" top_sm_clock_mhz, clocks_locked, power_limit_w,"
			" pcie_gen, pcie_width, host_cpu, cuda_compiler,"
			" cublas_version" : "NULL, NULL, NULL, NULL, NULL,"
			" NULL, NULL, NULL, NULL, NULL, NULL") >= (int)len;
}

/* Binds the six readings of e from index i on. */
static void env_bind(int *b, sqlite3_stmt *s, int i,
		     const struct store_env *e)
{
	store_bind_opt_double(b, s, i, e->has_sm_clock, e->sm_clock_mhz);
	store_bind_opt_double(b, s, i + 1, e->has_mem_clock,
			      e->mem_clock_mhz);
	store_bind_opt_double(b, s, i + 2, e->has_temp, e->temp_c);
	store_bind_opt_double(b, s, i + 3, e->has_power, e->power_w);
	if (e->has_throttle)
		store_bind_int(b, s, i + 4,
			       store_u64_to_i64(e->throttle_reasons));
	else
		store_bind_null(b, s, i + 4);
	store_bind_text(b, s, i + 5, e->throttle_text);
}

static int env_read(struct store *st, sqlite3_stmt *s, int i,
		    struct store_env *e)
{
#define OPT_DOUBLE(has, val, col) do { \
		(has) = sqlite3_column_type(s, (col)) != SQLITE_NULL; \
		(val) = (has) ? sqlite3_column_double(s, (col)) : 0; \
	} while (0)
	OPT_DOUBLE(e->has_sm_clock, e->sm_clock_mhz, i);
	OPT_DOUBLE(e->has_mem_clock, e->mem_clock_mhz, i + 1);
	OPT_DOUBLE(e->has_temp, e->temp_c, i + 2);
	OPT_DOUBLE(e->has_power, e->power_w, i + 3);
#undef OPT_DOUBLE
	e->has_throttle = sqlite3_column_type(s, i + 4) != SQLITE_NULL;
	e->throttle_reasons = e->has_throttle ?
		store_i64_to_u64(sqlite3_column_int64(s, i + 4)) : 0;
	return store_col_strdup(st, s, i + 5, &e->throttle_text);
}

int store_session_insert(struct store *st, struct store_session *s)
{
	sqlite3_stmt *q = NULL;
	int rc, b = SQLITE_OK;

	if (!s || !s->uuid || s->device_id <= 0)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "session without "
				  "uuid or device");
	rc = STORE_PREPARE(st, "INSERT INTO session(uuid, device_id,"
			   " started_at, ended_at, status, hostname, cmdline,"
			   " tool_version, driver_version, runtime_version,"
			   " driver_text, repeats, warmup, min_samples,"
			   " max_time_s, seed, suites, timers, tolerance,"
			   " start_sm_clock_mhz, start_mem_clock_mhz,"
			   " start_temp_c, start_power_w,"
			   " start_throttle_reasons, start_throttle_text,"
			   " end_sm_clock_mhz, end_mem_clock_mhz, end_temp_c,"
			   " end_power_w, end_throttle_reasons,"
			   " end_throttle_text, keep_samples, timer, cold,"
			   " launch_us, pid, proc_start, counters,"
			   " counters_why, max_noise_pct, throttle,"
			   " throttle_pct, top_sm_clock_mhz, clocks_locked,"
			   " power_limit_w, pcie_gen, pcie_width, host_cpu,"
			   " cuda_compiler, cublas_version)"
			   " VALUES (?1, ?2, COALESCE(?3, " NOW_UTC "), ?4,"
			   " COALESCE(?5, '" VOCAB_SESSION_RUNNING "'),"
			   " ?6, ?7, ?8, ?9, ?10,"
			   " ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19,"
			   " ?20, ?21, ?22, ?23, ?24, ?25,"
			   " ?26, ?27, ?28, ?29, ?30, ?31, ?32,"
			   " ?33, ?34, ?35, ?36, ?37, ?38, ?39,"
			   " ?40, ?41, ?42, ?43, ?44, ?45, ?46, ?47, ?48,"
			   " ?49, ?50)", &q);
	if (rc < 0)
		goto out;
	store_bind_text(&b, q, 1, s->uuid);
	store_bind_int(&b, q, 2, s->device_id);
	store_bind_text(&b, q, 3, s->started_at);
	store_bind_text(&b, q, 4, s->ended_at);
	store_bind_text(&b, q, 5, s->status);
	store_bind_text(&b, q, 6, s->hostname);
	store_bind_text(&b, q, 7, s->cmdline);
	store_bind_text(&b, q, 8, s->tool_version);
	store_bind_int(&b, q, 9, s->driver_version);
	store_bind_int(&b, q, 10, s->runtime_version);
	store_bind_text(&b, q, 11, s->driver_text);
	store_bind_int(&b, q, 12, s->repeat);
	store_bind_int(&b, q, 13, s->warmup);
	store_bind_int(&b, q, 14, s->min_samples);
	store_bind_double(&b, q, 15, s->max_time_s);
	store_bind_int(&b, q, 16, store_u64_to_i64(s->seed));
	store_bind_text(&b, q, 17, s->suites);
	store_bind_text(&b, q, 18, s->timers);
	store_bind_double(&b, q, 19, s->tolerance);
	env_bind(&b, q, 20, &s->env_start);
	env_bind(&b, q, 26, &s->env_end);
	store_bind_int(&b, q, 32, s->keep_samples ? 1 : 0);
	store_bind_text(&b, q, 33, s->timer);
	if (s->cold < 0)
		store_bind_null(&b, q, 34);
	else
		store_bind_int(&b, q, 34, s->cold ? 1 : 0);
	store_bind_known_double(&b, q, 35, s->launch_us);
	store_bind_known_int(&b, q, 36, s->pid > 0 ? s->pid : 0);
	store_bind_text(&b, q, 37, s->proc_start);
	store_bind_text(&b, q, 38, s->counters);
	store_bind_text(&b, q, 39, s->counters_why);
	store_bind_known_double(&b, q, 40, s->max_noise_pct);
	store_bind_text(&b, q, 41, s->throttle);
	store_bind_known_double(&b, q, 42, s->throttle_pct);
	store_bind_known_double(&b, q, 43, s->top_sm_clock_mhz > 0 ?
				s->top_sm_clock_mhz : 0);
	if (s->clocks_locked < 0)
		store_bind_null(&b, q, 44);
	else
		store_bind_int(&b, q, 44, s->clocks_locked ? 1 : 0);
	store_bind_known_double(&b, q, 45, s->power_limit_w > 0 ?
				s->power_limit_w : 0);
	store_bind_known_int(&b, q, 46, s->pcie_gen > 0 ? s->pcie_gen : 0);
	store_bind_known_int(&b, q, 47, s->pcie_width > 0 ? s->pcie_width
			     : 0);
	store_bind_text(&b, q, 48, s->host_cpu);
	store_bind_text(&b, q, 49, s->cuda_compiler);
	store_bind_known_int(&b, q, 50, s->cublas_version > 0 ?
			     s->cublas_version : 0);
	rc = STORE_STEP(st, b, q);
	if (rc < 0)
		goto out;
	s->id = sqlite3_last_insert_rowid(st->db);
	rc = 0;
out:
	sqlite3_finalize(q);
	return rc;
}

int store_session_finish(struct store *st, int64_t id, const char *ended_at,
			 const char *status, const struct store_env *end)
{
	sqlite3_stmt *q = NULL;
	int rc, b = SQLITE_OK;

	if (end)
		rc = STORE_PREPARE(st, "UPDATE session SET"
				   " ended_at = COALESCE(?2, " NOW_UTC "),"
				   " status = COALESCE(?3, status),"
				   " end_sm_clock_mhz = ?4,"
				   " end_mem_clock_mhz = ?5, end_temp_c = ?6,"
				   " end_power_w = ?7,"
				   " end_throttle_reasons = ?8,"
				   " end_throttle_text = ?9 WHERE id = ?1", &q);
	else
		rc = STORE_PREPARE(st, "UPDATE session SET"
				   " ended_at = COALESCE(?2, " NOW_UTC "),"
				   " status = COALESCE(?3, status)"
				   " WHERE id = ?1", &q);
	if (rc < 0)
		goto out;
	store_bind_int(&b, q, 1, id);
	store_bind_text(&b, q, 2, ended_at);
	store_bind_text(&b, q, 3, status);
	if (end)
		env_bind(&b, q, 4, end);
	rc = STORE_STEP(st, b, q);
	if (rc < 0)
		goto out;
	if (sqlite3_changes(st->db) != 1) {
		rc = STORE_FAIL(st, STORE_ERR_INTERNAL, "no session %lld",
				(long long)id);
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(q);
	return rc;
}

int store_session_top_clock_set(struct store *st, int64_t id, double mhz)
{
	sqlite3_stmt *q = NULL;
	int rc, b = SQLITE_OK;

	if (st->version < 7)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "cannot store the "
				  "top clock: schema %d has no column for it",
				  st->version);
	rc = STORE_PREPARE(st, "UPDATE session SET top_sm_clock_mhz = ?2"
			   " WHERE id = ?1", &q);
	if (rc < 0)
		goto out;
	store_bind_int(&b, q, 1, id);
	store_bind_known_double(&b, q, 2, mhz > 0 ? mhz : 0);
	rc = STORE_STEP(st, b, q);
	if (rc < 0)
		goto out;
	if (sqlite3_changes(st->db) != 1) {
		rc = STORE_FAIL(st, STORE_ERR_INTERNAL, "no session %lld",
				(long long)id);
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(q);
	return rc;
}

static void session_clear(struct store_session *s)
{
	free(s->uuid);
	free(s->started_at);
	free(s->ended_at);
	free(s->status);
	free(s->hostname);
	free(s->cmdline);
	free(s->tool_version);
	free(s->driver_text);
	free(s->suites);
	free(s->timers);
	free(s->env_start.throttle_text);
	free(s->env_end.throttle_text);
	free(s->timer);
	free(s->proc_start);
	free(s->counters);
	free(s->counters_why);
	free(s->throttle);
	free(s->host_cpu);
	free(s->cuda_compiler);
}

void store_sessions_free(struct store_session *s, size_t n)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < n; i++)
		session_clear(&s[i]);
	free(s);
}

static int session_read(struct store *st, sqlite3_stmt *q,
			struct store_session *s)
{
	int rc;

	s->id = sqlite3_column_int64(q, 0);
	s->device_id = sqlite3_column_int64(q, 2);
	if ((rc = store_col_strdup(st, q, 1, &s->uuid)) ||
	    (rc = store_col_strdup(st, q, 3, &s->started_at)) ||
	    (rc = store_col_strdup(st, q, 4, &s->ended_at)) ||
	    (rc = store_col_strdup(st, q, 5, &s->status)) ||
	    (rc = store_col_strdup(st, q, 6, &s->hostname)) ||
	    (rc = store_col_strdup(st, q, 7, &s->cmdline)) ||
	    (rc = store_col_strdup(st, q, 8, &s->tool_version)) ||
	    (rc = store_col_strdup(st, q, 11, &s->driver_text)) ||
	    (rc = store_col_strdup(st, q, 17, &s->suites)) ||
	    (rc = store_col_strdup(st, q, 18, &s->timers)))
		return rc;
	s->driver_version = sqlite3_column_int(q, 9);
	s->runtime_version = sqlite3_column_int(q, 10);
	s->repeat = sqlite3_column_int(q, 12);
	s->warmup = sqlite3_column_int(q, 13);
	s->min_samples = sqlite3_column_int(q, 14);
	s->max_time_s = store_col_double(q, 15);
	s->seed = store_i64_to_u64(sqlite3_column_int64(q, 16));
	s->tolerance = store_col_double(q, 19);
	if ((rc = env_read(st, q, 20, &s->env_start)) ||
	    (rc = env_read(st, q, 26, &s->env_end)))
		return rc;
	s->keep_samples = sqlite3_column_int(q, 32) ? 1 : 0;
	if ((rc = store_col_strdup(st, q, 33, &s->timer)) ||
	    (rc = store_col_strdup(st, q, 37, &s->proc_start)) ||
	    (rc = store_col_strdup(st, q, 38, &s->counters)) ||
	    (rc = store_col_strdup(st, q, 39, &s->counters_why)))
		return rc;
	s->cold = (int)store_col_int_or(q, 34, -1);
	if (s->cold > 0)
		s->cold = 1;
	s->launch_us = store_col_double(q, 35);
	s->pid = (int)store_col_int_or(q, 36, 0);
	/* schema 7, NULL in older files: unknown */
	if ((rc = store_col_strdup(st, q, 41, &s->throttle)) ||
	    (rc = store_col_strdup(st, q, 48, &s->host_cpu)) ||
	    (rc = store_col_strdup(st, q, 49, &s->cuda_compiler)))
		return rc;
	s->max_noise_pct = store_col_double(q, 40);
	s->throttle_pct = store_col_double(q, 42);
	s->top_sm_clock_mhz = store_col_double(q, 43);
	s->clocks_locked = (int)store_col_int_or(q, 44, -1);
	if (s->clocks_locked > 0)
		s->clocks_locked = 1;
	s->power_limit_w = store_col_double(q, 45);
	s->pcie_gen = (int)store_col_int_or(q, 46, 0);
	s->pcie_width = (int)store_col_int_or(q, 47, 0);
	s->cublas_version = (int)store_col_int_or(q, 50, 0);
	return 0;
}

/* 1 when s is stored as running on this host (named host) by a process
 * that is gone; see store_session_list. */
static int session_dead(const struct store_session *s, const char *host)
{
	return s->status && !strcmp(s->status, VOCAB_SESSION_RUNNING) &&
	       s->pid > 0 && host[0] && s->hostname &&
	       !strcmp(s->hostname, host) &&
	       store_proc_gone(s->pid, s->proc_start);
}

/* Reports the sessions of ss[n] whose process is gone as "aborted". */
static int sessions_liveness(struct store *st, struct store_session *ss,
			     size_t n)
{
	char host[256], *aborted;
	size_t i;

	if (store_hostname_get(host, sizeof(host)))
		return 0;	/* nothing can be checked */
	for (i = 0; i < n; i++) {
		if (!session_dead(&ss[i], host))
			continue;
		aborted = strdup(VOCAB_SESSION_ABORTED);
		if (!aborted)
			return STORE_FAIL(st, STORE_ERR_INTERNAL,
					  "out of memory");
		free(ss[i].status);
		ss[i].status = aborted;
	}
	return 0;
}

int store_session_list(struct store *st, struct store_session **out,
		       size_t *n)
{
	struct store_session *ss = NULL;
	sqlite3_stmt *q = NULL;
	size_t cnt = 0, cap = 0;
	char cols[512], sql[2048];
	int rc;

	*out = NULL;
	*n = 0;
	store_session_cols(st->version, "", cols, sizeof(cols));
	snprintf(sql, sizeof(sql), "SELECT " SESSION_COLS ", %s FROM session s"
		 " ORDER BY started_at, id", cols);
	rc = STORE_PREPARE(st, sql, &q);
	if (rc < 0)
		goto out;
	while ((rc = STORE_CHECK(st, sqlite3_step(q))) == SQLITE_ROW) {
		rc = store_grow(st, (void **)&ss, sizeof(*ss), &cap, cnt + 1);
		if (rc)
			goto out;
		rc = session_read(st, q, &ss[cnt++]);
		if (rc)
			goto out;
	}
	if (rc < 0)
		goto out;
	rc = sessions_liveness(st, ss, cnt);
	if (rc)
		goto out;
	*out = ss;
	*n = cnt;
	ss = NULL;
out:
	sqlite3_finalize(q);
	store_sessions_free(ss, cnt);
	return rc;
}

int store_session_reap(struct store *st, size_t *reaped)
{
	sqlite3_stmt *q = NULL, *u = NULL;
	int64_t *ids = NULL;
	size_t cnt = 0, cap = 0, i;
	char host[256];
	int rc, b = SQLITE_OK, in_tx = 0;

	if (reaped)
		*reaped = 0;
	if (st->mode == STORE_READ)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "cannot mark "
				  "aborted sessions: opened read-only");
	if (store_hostname_get(host, sizeof(host)) || !host[0])
		return 0;	/* no session can be checked */
	rc = store_tx_begin(st);
	if (rc)
		return rc;
	in_tx = 1;
	/* The ids first, the updates after: no row changes under a
	 * running SELECT. The write lock held since BEGIN IMMEDIATE keeps
	 * a finishing measure process from racing the update. */
	rc = STORE_PREPARE(st, "SELECT id, pid, proc_start FROM session"
			   " WHERE status = '" VOCAB_SESSION_RUNNING "'"
			   " AND hostname = ?1"
			   " AND pid IS NOT NULL ORDER BY id", &q);
	if (rc < 0)
		goto out;
	store_bind_text(&b, q, 1, host);
	while ((rc = STORE_STEP(st, b, q)) == SQLITE_ROW) {
		const char *start = (const char *)sqlite3_column_text(q, 2);

		if (!store_proc_gone(sqlite3_column_int(q, 1), start))
			continue;
		rc = store_grow(st, (void **)&ids, sizeof(*ids), &cap,
				cnt + 1);
		if (rc)
			goto out;
		ids[cnt++] = sqlite3_column_int64(q, 0);
	}
	if (rc < 0)
		goto out;
	rc = STORE_PREPARE(st, "UPDATE session SET status = '"
			   VOCAB_SESSION_ABORTED "' WHERE id = ?1 AND "
			   "status = '" VOCAB_SESSION_RUNNING "'", &u);
	if (rc < 0)
		goto out;
	for (i = 0; i < cnt; i++) {
		sqlite3_reset(u);
		store_bind_int(&b, u, 1, ids[i]);
		rc = STORE_STEP(st, b, u);
		if (rc < 0)
			goto out;
	}
	rc = store_tx_commit(st);
	if (rc)
		goto out;
	in_tx = 0;
	if (reaped)
		*reaped = cnt;
out:
	if (in_tx)
		store_tx_rollback(st);
	sqlite3_finalize(q);
	sqlite3_finalize(u);
	free(ids);
	return rc < 0 ? rc : 0;
}
