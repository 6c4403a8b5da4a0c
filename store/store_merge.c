/* Merging another mmreport file into the open one.
 *
 * The source is recognised with the same checks as store_open (nothing is
 * written to a refused file), attached read-only as "src", and copied in
 * one transaction: devices by UUID, then each session not yet present
 * with everything under it. Row ids are remapped; the natural keys (device
 * and session UUIDs, the configuration key within a session) carry the
 * identity. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "store_internal.h"

/* Into buf[len], the statement that copies the rows of table t that
 * where (an SQL tail naming ?1) selects from the source, of schema
 * version, with ?2 for the column f[key] (its new parent): what an older
 * version lacked is derived as the forward migration would have, or
 * NULL. */
static void copy_sql(char *buf, size_t len, const struct store_table *t,
		     size_t key, int version, const char *where)
{
	char all[1024], src[1024];

	store_fields_cols(all, sizeof(all), t, 0, STORE_SCHEMA_VERSION, "");
	store_fields_cols(src, sizeof(src), t, key + 1, version, "src.");
	snprintf(buf, len, "INSERT INTO main.%s(%s) SELECT %s?2, %s FROM"
		 " src.%s %s", t->name, all, key ? "uuid, " : "", src, t->name,
		 where);
}

/* The statements of one merge, prepared once. */
enum {
	Q_DEVICES,		/* src devices */
	Q_DEVICE_FIND,		/* main id of a UUID */
	Q_DEVICE_COPY,
	Q_PROPS_COPY,
	Q_SESSIONS,		/* src sessions */
	Q_SESSION_FIND,
	Q_SESSION_DEVICE,	/* main device of a src session */
	Q_SESSION_COPY,
	Q_KERNEL_COPY,
	Q_KATTR_COPY,
	Q_CONFIGS,		/* src configs of a session */
	Q_CONFIG_COPY,
	Q_STAT_COPY,
	Q_SAMPLE_COPY,
	Q_COUNT
};

struct merge {
	struct store *st;
	sqlite3_stmt *q[Q_COUNT];
	struct store_merge_result *res;
};

/* version: the source's schema, 1 .. STORE_SCHEMA_VERSION. */
static int merge_prepare(struct merge *m, int version)
{
	const char *sql[Q_COUNT] = {
		[Q_DEVICES] = "SELECT id, uuid FROM src.device ORDER BY id",
		[Q_DEVICE_FIND] = "SELECT id FROM main.device WHERE uuid = ?1",
		[Q_DEVICE_COPY] = "INSERT INTO main.device(uuid, name,"
			" pci_bus_id, cc_major, cc_minor, sm_count,"
			" peak_fp32_gflops, peak_mem_gbs) SELECT uuid, name,"
			" pci_bus_id, cc_major, cc_minor, sm_count,"
			" peak_fp32_gflops, peak_mem_gbs FROM src.device"
			" WHERE id = ?1",
		[Q_PROPS_COPY] = "INSERT INTO main.device_prop(device_id, ord,"
			" key, value, unit, num) SELECT ?2, ord, key, value,"
			" unit, num FROM src.device_prop WHERE device_id = ?1",
		[Q_SESSIONS] = "SELECT id, uuid FROM src.session"
			" ORDER BY started_at, id",
		[Q_SESSION_FIND] = "SELECT id FROM main.session"
			" WHERE uuid = ?1",
		[Q_SESSION_DEVICE] = "SELECT md.id FROM src.session s"
			" JOIN src.device sd ON sd.id = s.device_id"
			" JOIN main.device md ON md.uuid = sd.uuid"
			" WHERE s.id = ?1",
		[Q_CONFIGS] = "SELECT id FROM src.config WHERE session_id = ?1"
			" ORDER BY id",
		[Q_STAT_COPY] = "INSERT INTO main.stat(config_id, metric, ord,"
			" unit, n, min, max, mean, median, stddev, p05, p25,"
			" p75, p95) SELECT ?2, metric, ord, unit, n, min, max,"
			" mean, median, stddev, p05, p25, p75, p95"
			" FROM src.stat WHERE config_id = ?1",
		[Q_SAMPLE_COPY] = "INSERT INTO main.sample(config_id, metric,"
			" idx, value) SELECT ?2, metric, idx, value"
			" FROM src.sample WHERE config_id = ?1",
	};
	char copy[4][2560];
	int i, rc;

	/* The interleaving group is a number within its session, so it
	 * needs no remapping. */
	copy_sql(copy[0], sizeof(copy[0]), &store_session_table, 1, version,
		 "s WHERE s.id = ?1");
	copy_sql(copy[1], sizeof(copy[1]), &store_config_table, 0, version,
		 "WHERE id = ?1");
	copy_sql(copy[2], sizeof(copy[2]), &store_kernel_table, 0, version,
		 "WHERE session_id = ?1 ORDER BY id");
	copy_sql(copy[3], sizeof(copy[3]), &store_kattr_table, 0, version,
		 "WHERE session_id = ?1 ORDER BY id");
	sql[Q_SESSION_COPY] = copy[0];
	sql[Q_CONFIG_COPY] = copy[1];
	sql[Q_KERNEL_COPY] = copy[2];
	sql[Q_KATTR_COPY] = copy[3];
	for (i = 0; i < Q_COUNT; i++) {
		rc = STORE_PREPARE(m->st, sql[i], &m->q[i]);
		if (rc < 0)
			return rc;
	}
	return 0;
}

static void merge_finalize(struct merge *m)
{
	int i;

	for (i = 0; i < Q_COUNT; i++) {
		sqlite3_finalize(m->q[i]);
		m->q[i] = NULL;
	}
}

/* Runs statement i with ?1 = a and, when b > 0, ?2 = b; for an INSERT
 * ... SELECT. Returns 0 or a negative store error. */
static int run2(struct merge *m, int i, int64_t a, int64_t b)
{
	sqlite3_stmt *q = m->q[i];
	int rc;

	sqlite3_reset(q);
	rc = STORE_CHECK(m->st, sqlite3_bind_int64(q, 1, a));
	if (rc >= 0 && b > 0)
		rc = STORE_CHECK(m->st, sqlite3_bind_int64(q, 2, b));
	if (rc >= 0)
		rc = STORE_CHECK(m->st, sqlite3_step(q));
	sqlite3_reset(q);
	return rc < 0 ? rc : 0;
}

/* Looks up one integer with statement i by text key, or by number n
 * when key is NULL: 0 and *id = 0 when there is no row. */
static int find_id(struct merge *m, int i, const char *key, int64_t n,
		   int64_t *id)
{
	sqlite3_stmt *q = m->q[i];
	int rc, b = SQLITE_OK;

	*id = 0;
	sqlite3_reset(q);
	if (key)
		store_bind_text(&b, q, 1, key);
	else
		store_bind_int(&b, q, 1, n);
	rc = STORE_STEP(m->st, b, q);
	if (rc == SQLITE_ROW)
		*id = sqlite3_column_int64(q, 0);
	sqlite3_reset(q);
	return rc < 0 ? rc : 0;
}

static int devices_copy(struct merge *m)
{
	sqlite3_stmt *q = m->q[Q_DEVICES];
	int64_t sid, mid;
	int rc;

	while ((rc = STORE_CHECK(m->st, sqlite3_step(q))) == SQLITE_ROW) {
		sid = sqlite3_column_int64(q, 0);
		rc = find_id(m, Q_DEVICE_FIND,
			     (const char *)sqlite3_column_text(q, 1), 0, &mid);
		if (rc)
			return rc;
		if (mid)
			continue;
		rc = run2(m, Q_DEVICE_COPY, sid, 0);
		if (rc)
			return rc;
		mid = sqlite3_last_insert_rowid(m->st->db);
		rc = run2(m, Q_PROPS_COPY, sid, mid);
		if (rc)
			return rc;
		m->res->devices_added++;
	}
	return rc < 0 ? rc : 0;
}

static int configs_copy(struct merge *m, int64_t src_session,
			int64_t session)
{
	sqlite3_stmt *q = m->q[Q_CONFIGS];
	int64_t sid, cid;
	int rc;

	sqlite3_reset(q);
	rc = STORE_CHECK(m->st, sqlite3_bind_int64(q, 1, src_session));
	if (rc < 0)
		return rc;
	while ((rc = STORE_CHECK(m->st, sqlite3_step(q))) == SQLITE_ROW) {
		sid = sqlite3_column_int64(q, 0);
		rc = run2(m, Q_CONFIG_COPY, sid, session);
		if (rc)
			return rc;
		cid = sqlite3_last_insert_rowid(m->st->db);
		/* Statistics before samples: samples reference them. */
		if ((rc = run2(m, Q_STAT_COPY, sid, cid)) ||
		    (rc = run2(m, Q_SAMPLE_COPY, sid, cid)))
			return rc;
		m->res->configs_added++;
	}
	sqlite3_reset(q);
	return rc < 0 ? rc : 0;
}

static int sessions_copy(struct merge *m)
{
	sqlite3_stmt *q = m->q[Q_SESSIONS];
	int64_t sid, mid, dev;
	int rc;

	while ((rc = STORE_CHECK(m->st, sqlite3_step(q))) == SQLITE_ROW) {
		sid = sqlite3_column_int64(q, 0);
		rc = find_id(m, Q_SESSION_FIND,
			     (const char *)sqlite3_column_text(q, 1), 0, &mid);
		if (rc)
			return rc;
		if (mid) {
			m->res->sessions_skipped++;
			continue;
		}
		rc = find_id(m, Q_SESSION_DEVICE, NULL, sid, &dev);
		if (rc)
			return rc;
		if (!dev)
			return STORE_FAIL(m->st, STORE_ERR_CORRUPT, "session "
					  "%lld of the source has no device",
					  (long long)sid);
		rc = run2(m, Q_SESSION_COPY, sid, dev);
		if (rc)
			return rc;
		mid = sqlite3_last_insert_rowid(m->st->db);
		if ((rc = run2(m, Q_KERNEL_COPY, sid, mid)) ||
		    (rc = run2(m, Q_KATTR_COPY, sid, mid)) ||
		    (rc = configs_copy(m, sid, mid)))
			return rc;
		m->res->sessions_added++;
	}
	return rc < 0 ? rc : 0;
}

/* 1 when path names the database file st has open. */
static int same_file(struct store *st, const char *path)
{
	const char *main_path = sqlite3_db_filename(st->db, "main");
	struct stat a, b;

	if (!main_path || stat(main_path, &a) || stat(path, &b))
		return 0;
	return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

int store_merge(struct store *st, const char *src,
		struct store_merge_result *res)
{
	struct store_merge_result local;
	struct merge m = { .st = st };
	struct store_seen seen;
	sqlite3_stmt *q = NULL;
	char err[512], *uri = NULL;
	int64_t n = 0;
	int rc, attached = 0, in_tx = 0;

	if (!res)
		res = &local;
	memset(res, 0, sizeof(*res));
	m.res = res;
	if (!src)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "no source named");
	rc = store_inspect(src, STORE_READ, &seen, NULL, err, sizeof(err));
	if (!rc && seen.empty) {
		snprintf(err, sizeof(err), "empty file, not an mmreport "
			 "database");
		rc = STORE_ERR_FOREIGN;
	}
	if (rc)
		return STORE_FAIL(st, rc, "cannot merge '%s': %s", src, err);
	/* store_inspect refuses any other version; merge_prepare indexes
	 * its statements by it. */
	if (seen.version < 1 || seen.version > STORE_SCHEMA_VERSION)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "cannot merge '%s': "
				  "schema version %d", src, seen.version);
	if (same_file(st, src)) {
		rc = STORE_CHECK(st, store_int_get(st->db, "SELECT count(*)"
						   " FROM main.session", 0,
						   &n));
		res->sessions_skipped = (size_t)n;
		return rc < 0 ? rc : 0;
	}

	/* The source is read as store_inspect read it: nothing is created,
	 * written or checkpointed beside it (see read_query). */
	uri = store_uri_make(src, seen.query);
	if (!uri)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "out of memory");
	rc = STORE_PREPARE(st, "ATTACH DATABASE ?1 AS src", &q);
	if (rc >= 0)
		rc = STORE_CHECK(st, sqlite3_bind_text(q, 1, uri, -1,
						       SQLITE_STATIC));
	if (rc >= 0)
		rc = STORE_CHECK(st, sqlite3_step(q));
	sqlite3_finalize(q);
	q = NULL;
	if (rc < 0)
		goto out;
	attached = 1;
	st->src_attached = 1;

	rc = merge_prepare(&m, seen.version);
	if (rc)
		goto out;
	rc = store_tx_begin(st);
	if (rc)
		goto out;
	in_tx = 1;
	if ((rc = devices_copy(&m)) || (rc = sessions_copy(&m)))
		goto out;
	/* A source read without locks (immutable=1: no process had it
	 * open) was read as one snapshot only if no writer came meanwhile
	 * (see store_read_end): else nothing is copied, try again. */
	if (!strcmp(seen.query, "immutable=1") &&
	    (store_file_changed(src, &seen.sb) ||
	     store_wal_changed(src, seen.wal_exists, &seen.wal_sb))) {
		rc = STORE_FAIL(st, STORE_ERR_BUSY, "cannot merge '%s': "
				"changed while being read (another process "
				"writes it); try again", src);
		goto out;
	}
	merge_finalize(&m);
	rc = store_tx_commit(st);
	if (!rc)
		in_tx = 0;
out:
	merge_finalize(&m);
	if (in_tx) {
		store_tx_rollback(st);
		memset(res, 0, sizeof(*res));
	}
	st->src_attached = 0;
	if (attached) {
		/* After a failure the first message is the one to keep. */
		if (rc)
			sqlite3_exec(st->db, "DETACH DATABASE src", NULL, NULL,
				     NULL);
		else
			rc = STORE_EXEC(st, "DETACH DATABASE src");
	}
	free(uri);
	return rc < 0 ? rc : 0;
}
