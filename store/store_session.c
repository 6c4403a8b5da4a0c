/* Measurement sessions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"
#include "vocab.h"

#define NOW_UTC "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"

/* The columns of a session as inserted and, after id, as the list reads
 * them. */
#define SO(m) offsetof(struct store_session, m)
#define ENV_HAS(col, kind, m, has) { col, kind, SO(m), SO(has), NULL, 0, NULL }
#define ENV(side, e) \
	ENV_HAS(#side "_sm_clock_mhz", SF_HAS_DOUBLE, e.sm_clock_mhz, \
		e.has_sm_clock), \
	ENV_HAS(#side "_mem_clock_mhz", SF_HAS_DOUBLE, e.mem_clock_mhz, \
		e.has_mem_clock), \
	ENV_HAS(#side "_temp_c", SF_HAS_DOUBLE, e.temp_c, e.has_temp), \
	ENV_HAS(#side "_power_w", SF_HAS_DOUBLE, e.power_w, e.has_power), \
	ENV_HAS(#side "_throttle_reasons", SF_HAS_U64, e.throttle_reasons, \
		e.has_throttle), \
	STORE_FIELD(#side "_throttle_text", SF_TEXT, SO(e.throttle_text), 0)
static const struct store_field session_fields[] = {
	STORE_FIELD("uuid", SF_TEXT, SO(uuid), 0),
	STORE_FIELD("device_id", SF_I64, SO(device_id), 0),
	{ "started_at", SF_TEXT, SO(started_at), 0, NOW_UTC, 0, NULL },
	STORE_FIELD("ended_at", SF_TEXT, SO(ended_at), 0),
	{ "status", SF_TEXT, SO(status), 0, "'" VOCAB_SESSION_RUNNING "'", 0,
	  NULL },
	STORE_FIELD("hostname", SF_TEXT, SO(hostname), 0),
	STORE_FIELD("cmdline", SF_TEXT, SO(cmdline), 0),
	STORE_FIELD("tool_version", SF_TEXT, SO(tool_version), 0),
	STORE_FIELD("driver_version", SF_INT, SO(driver_version), 0),
	STORE_FIELD("runtime_version", SF_INT, SO(runtime_version), 0),
	STORE_FIELD("driver_text", SF_TEXT, SO(driver_text), 0),
	STORE_FIELD("repeats", SF_INT, SO(repeat), 0),
	STORE_FIELD("warmup", SF_INT, SO(warmup), 0),
	STORE_FIELD("min_samples", SF_INT, SO(min_samples), 0),
	STORE_FIELD("max_time_s", SF_DOUBLE, SO(max_time_s), 0),
	STORE_FIELD("seed", SF_U64, SO(seed), 0),
	STORE_FIELD("suites", SF_TEXT, SO(suites), 0),
	STORE_FIELD("timers", SF_TEXT, SO(timers), 0),
	STORE_FIELD("tolerance", SF_DOUBLE, SO(tolerance), 0),
	ENV(start, env_start),
	ENV(end, env_end),
	/* schema 1: whether samples are there says */
	{ "keep_samples", SF_BOOL, SO(keep_samples), 0, NULL, 2,
	  "EXISTS (SELECT 1 FROM %sconfig c JOIN %ssample x"
	  " ON x.config_id = c.id WHERE c.session_id = s.id)" },
	STORE_FIELD("timer", SF_TEXT, SO(timer), 3),
	STORE_FIELD("cold", SF_TRI, SO(cold), 3),
	STORE_FIELD("launch_us", SF_KNOWN, SO(launch_us), 3),
	STORE_FIELD("pid", SF_POS_INT, SO(pid), 3),
	STORE_FIELD("proc_start", SF_TEXT, SO(proc_start), 3),
	STORE_FIELD("counters", SF_TEXT, SO(counters), 4),
	STORE_FIELD("counters_why", SF_TEXT, SO(counters_why), 4),
	STORE_FIELD("max_noise_pct", SF_KNOWN, SO(max_noise_pct), 7),
	STORE_FIELD("throttle", SF_TEXT, SO(throttle), 7),
	STORE_FIELD("throttle_pct", SF_KNOWN, SO(throttle_pct), 7),
	STORE_FIELD("top_sm_clock_mhz", SF_POS, SO(top_sm_clock_mhz), 7),
	STORE_FIELD("clocks_locked", SF_TRI, SO(clocks_locked), 7),
	STORE_FIELD("power_limit_w", SF_POS, SO(power_limit_w), 7),
	STORE_FIELD("pcie_gen", SF_POS_INT, SO(pcie_gen), 7),
	STORE_FIELD("pcie_width", SF_POS_INT, SO(pcie_width), 7),
	STORE_FIELD("host_cpu", SF_TEXT, SO(host_cpu), 7),
	STORE_FIELD("cuda_compiler", SF_TEXT, SO(cuda_compiler), 7),
	STORE_FIELD("cublas_version", SF_POS_INT, SO(cublas_version), 7),
};
#define NFIELDS (sizeof(session_fields) / sizeof(session_fields[0]))
#define END_FIELDS 25		/* session_fields[25 .. 30]: env_end */

const struct store_table store_session_table = {
	"session", session_fields, NFIELDS
};

int store_session_insert(struct store *st, struct store_session *s)
{
	int rc;

	if (!s || !s->uuid || s->device_id <= 0)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "session without "
				  "uuid or device");
	rc = STORE_ROW_UPSERT(st, &store_session_table, 0, s);
	if (!rc)
		s->id = sqlite3_last_insert_rowid(st->db);
	return rc;
}

/* Steps q, an UPDATE of session id bound with status b, and finalizes
 * it: 0, or the failure, STORE_ERR_INTERNAL when no session is id. */
static int session_update(struct store *st, int b, sqlite3_stmt *q,
			  int64_t id)
{
	int rc = STORE_STEP(st, b, q);

	if (rc >= 0 && sqlite3_changes(st->db) != 1)
		rc = STORE_FAIL(st, STORE_ERR_INTERNAL, "no session %lld",
				(long long)id);
	sqlite3_finalize(q);
	return rc < 0 ? rc : 0;
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
		return rc;
	store_bind_int(&b, q, 1, id);
	store_bind_text(&b, q, 2, ended_at);
	store_bind_text(&b, q, 3, status);
	if (end) {
		struct store_session e = { .env_end = *end };

		store_fields_bind(&b, q, 4, session_fields + END_FIELDS, 6, &e);
	}
	return session_update(st, b, q, id);
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
		return rc;
	store_bind_int(&b, q, 1, id);
	store_bind_double(&b, q, 2, mhz > 0 ? mhz : NAN);
	return session_update(st, b, q, id);
}

void store_sessions_free(struct store_session *s, size_t n)
{
	store_fields_free(session_fields, NFIELDS, s, n, sizeof(*s));
	free(s);
}

/* Reports the sessions of ss[n] stored as running on this host by a
 * process that is gone (store_proc_gone) as "aborted"; see
 * store_session_list. */
static int sessions_liveness(struct store *st, struct store_session *ss,
			     size_t n)
{
	char host[256], *aborted;
	size_t i;

	if (store_hostname_get(host, sizeof(host)) || !host[0])
		return 0;	/* nothing can be checked */
	for (i = 0; i < n; i++) {
		if (!ss[i].status || strcmp(ss[i].status,
					    VOCAB_SESSION_RUNNING) ||
		    !ss[i].hostname || strcmp(ss[i].hostname, host) ||
		    !store_proc_gone(ss[i].pid, ss[i].proc_start))
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
	static const size_t id = offsetof(struct store_session, id);
	sqlite3_stmt *q = NULL;
	char cols[2048], sql[2200];
	int rc;

	*out = NULL;
	*n = 0;
	store_fields_cols(cols, sizeof(cols), &store_session_table, 0,
			  st->version, "");
	snprintf(sql, sizeof(sql), "SELECT id, %s FROM session s"
		 " ORDER BY started_at, id", cols);
	rc = STORE_PREPARE(st, sql, &q);
	if (rc < 0)
		return rc;
	rc = store_rows_read(st, q, SQLITE_OK, &id, 1, session_fields, NFIELDS,
			     sizeof(**out), (void **)out, n);
	sqlite3_finalize(q);
	if (!rc && (rc = sessions_liveness(st, *out, *n))) {
		store_sessions_free(*out, *n);
		*out = NULL;
		*n = 0;
	}
	return rc;
}

int store_session_reap(struct store *st, size_t *reaped)
{
	struct store_session *ss = NULL;
	sqlite3_stmt *u = NULL;
	size_t n = 0, cnt = 0, i;
	char host[256];
	int rc, b = SQLITE_OK;

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
	/* The list (which says which are aborted) first, the updates
	 * after: no row changes under a running SELECT. The write lock held
	 * since BEGIN IMMEDIATE keeps a finishing measure process from
	 * racing the update, which changes only a row still running. */
	rc = store_session_list(st, &ss, &n);
	if (!rc)
		rc = STORE_PREPARE(st, "UPDATE session SET status = '"
				   VOCAB_SESSION_ABORTED "' WHERE id = ?1 AND "
				   "status = '" VOCAB_SESSION_RUNNING "'", &u);
	for (i = 0; rc >= 0 && i < n; i++) {
		if (strcmp(ss[i].status, VOCAB_SESSION_ABORTED))
			continue;
		sqlite3_reset(u);
		store_bind_int(&b, u, 1, ss[i].id);
		rc = STORE_STEP(st, b, u);
		cnt += rc >= 0 ? (size_t)sqlite3_changes(st->db) : 0;
	}
	if (rc >= 0)
		rc = store_tx_commit(st);
	if (rc)
		store_tx_rollback(st);
	else if (reaped)
		*reaped = cnt;
	sqlite3_finalize(u);
	store_sessions_free(ss, n);
	return rc < 0 ? rc : 0;
}
