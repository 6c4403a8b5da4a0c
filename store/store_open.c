/* Opening a database: recognising the file without touching it, creating,
 * migrating, and closing.
 *
 * Recognition comes first and writes nothing: the first 100 bytes are read
 * with read(2) (SQLite magic, application id, schema version), then SQLite
 * opens the file with immutable=1 (no locks, no -wal/-shm files) to check
 * the schema version again and probe every table. Only a file that passes
 * is opened for real. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store_internal.h"
#include "store_schema.h"

static const char sqlite_magic[16] = "SQLite format 3";	/* with its NUL */

char *store_uri_make(const char *path, const char *query)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t len = strlen(path), o = 0;
	char *uri = malloc(len * 3 + (query ? strlen(query) : 0) + 16);
	const unsigned char *p;

	if (!uri)
		return NULL;
	memcpy(uri, "file:", 5);
	o = 5;
	/* An absolute path gets an empty authority, so that "//x" cannot
	 * be taken for a host name. */
	if (path[0] == '/') {
		memcpy(uri + o, "//", 2);
		o += 2;
	}
	for (p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '/' || *p == '-' ||
		    *p == '.' || *p == '_' || *p == '~') {
			uri[o++] = (char)*p;
		} else {
			uri[o++] = '%';
			uri[o++] = hex[*p >> 4];
			uri[o++] = hex[*p & 0x0f];
		}
	}
	if (query) {
		uri[o++] = '?';
		memcpy(uri + o, query, strlen(query));
		o += strlen(query);
	}
	uri[o] = '\0';
	return uri;
}

int store_wal_exists(const char *path)
{
	char *wal = malloc(strlen(path) + 5);
	struct stat sb;
	int r;

	if (!wal)
		return 1;	/* the cautious answer: plain read-only */
	strcpy(wal, path);
	strcat(wal, "-wal");
	r = stat(wal, &sb) == 0 && sb.st_size > 0;
	free(wal);
	return r;
}

static uint32_t be32(const unsigned char *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
	       (uint32_t)b[2] << 8 | (uint32_t)b[3];
}

static int newer_msg(int v, char *err, size_t errlen)
{
	snprintf(err, errlen, "written by a newer mmreport (schema version "
		 "%d; this build reads up to %d)", v, STORE_SCHEMA_VERSION);
	return STORE_ERR_NEWER;
}

static int foreign_msg(uint32_t app, char *err, size_t errlen)
{
	if (app)
		snprintf(err, errlen, "not an mmreport database (SQLite "
			 "database with application id 0x%08x)",
			 (unsigned)app);
	else
		snprintf(err, errlen, "not an mmreport database (SQLite "
			 "database of another application)");
	return STORE_ERR_FOREIGN;
}

/* The file's header as written on disk. */
static int inspect_header(const char *path, off_t size, int *version,
			  char *err, size_t errlen)
{
	unsigned char h[100];
	size_t got = 0;
	uint32_t app;
	int32_t uv;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return STORE_ERR_IO;
	}
	while (got < sizeof(h)) {
		ssize_t r = read(fd, h + got, sizeof(h) - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			snprintf(err, errlen, "%s", strerror(errno));
			close(fd);
			return STORE_ERR_IO;
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	if (got < sizeof(h) || memcmp(h, sqlite_magic, 16)) {
		snprintf(err, errlen, "not an SQLite database (%lld bytes "
			 "without an SQLite header)", (long long)size);
		return STORE_ERR_CORRUPT;
	}
	app = be32(h + 68);
	uv = (int32_t)be32(h + 60);
	if (app != STORE_APPLICATION_ID)
		return foreign_msg(app, err, errlen);
	if (uv > STORE_SCHEMA_VERSION)
		return newer_msg(uv, err, errlen);
	*version = uv;
	return 0;
}

static int sqlite_msg(sqlite3 *db, int rc, char *err, size_t errlen)
{
	int code = store_error_from_sqlite(rc);
	const char *why = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);

	if (code == STORE_ERR_CORRUPT)
		snprintf(err, errlen, "corrupt database: %s", why);
	else
		snprintf(err, errlen, "%s", why);
	return code;
}

static int pragma_int_get(sqlite3 *db, const char *sql, int64_t *v)
{
	sqlite3_stmt *s = NULL;
	int rc;

	rc = sqlite3_prepare_v2(db, sql, -1, &s, NULL);
	if (rc == SQLITE_OK) {
		rc = sqlite3_step(s);
		if (rc == SQLITE_ROW) {
			*v = sqlite3_column_int64(s, 0);
			rc = SQLITE_OK;
		}
	}
	sqlite3_finalize(s);
	return rc;
}

/* Checks, through db, that the file is an mmreport database SQLite can
 * read: identity, version, every table of that version. */
static int inspect_db(sqlite3 *db, int *version, char *err, size_t errlen)
{
	const char *const *probe;
	int64_t app = 0, uv = 0;
	sqlite3_stmt *s = NULL;
	int rc;

	rc = pragma_int_get(db, "PRAGMA application_id", &app);
	if (rc == SQLITE_OK)
		rc = pragma_int_get(db, "PRAGMA user_version", &uv);
	if (rc != SQLITE_OK)
		return sqlite_msg(db, rc, err, errlen);
	if ((uint32_t)app != STORE_APPLICATION_ID)
		return foreign_msg((uint32_t)app, err, errlen);
	if (uv > STORE_SCHEMA_VERSION)
		return newer_msg((int)uv, err, errlen);
	probe = store_schema_probes((int)uv);
	if (!probe) {
		snprintf(err, errlen, "not an mmreport database (schema "
			 "version %lld)", (long long)uv);
		return STORE_ERR_FOREIGN;
	}
	for (; *probe; probe++) {
		rc = sqlite3_prepare_v2(db, *probe, -1, &s, NULL);
		if (rc == SQLITE_OK) {
			rc = sqlite3_step(s);
			if (rc == SQLITE_ROW || rc == SQLITE_DONE)
				rc = SQLITE_OK;
		}
		if (rc != SQLITE_OK) {
			int code = store_error_from_sqlite(rc);

			if (code == STORE_ERR_INTERNAL) {
				/* "no such table/column": someone else's
				 * file that borrowed our identity. */
				snprintf(err, errlen, "not an mmreport "
					 "database (%s)", sqlite3_errmsg(db));
				code = STORE_ERR_FOREIGN;
			} else {
				sqlite_msg(db, rc, err, errlen);
			}
			sqlite3_finalize(s);
			return code;
		}
		sqlite3_finalize(s);
		s = NULL;
	}
	/* A file can open and pass the probes with broken pages elsewhere:
	 * whatever reads it (render, export, merge) would print or copy
	 * garbage, so its pages are checked once, here, before anything
	 * else touches it. quick_check reads every page, no index. */
	rc = sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		const char *r = (const char *)sqlite3_column_text(s, 0);

		if (!r || strcmp(r, "ok")) {
			const char *m = r ? r : "no answer";
			size_t i;

			/* one line: SQLite's report names the schema on a
			 * line of its own first */
			if (!strncmp(m, "*** in database main ***\n", 25))
				m += 25;
			snprintf(err, errlen, "corrupt database (integrity "
				 "check: %.200s)", m);
			for (i = 0; err[i]; i++)
				if (err[i] == '\n')
					err[i] = ' ';
			sqlite3_finalize(s);
			return STORE_ERR_CORRUPT;
		}
		rc = SQLITE_OK;
	}
	if (rc != SQLITE_OK) {
		int code = store_error_from_sqlite(rc);

		sqlite_msg(db, rc, err, errlen);
		sqlite3_finalize(s);
		return code;
	}
	sqlite3_finalize(s);
	*version = (int)uv;
	return 0;
}

int store_inspect(const char *path, int *version, int *empty, char *err,
		  size_t errlen)
{
	struct stat sb;
	sqlite3 *db = NULL;
	char *uri = NULL;
	int rc;

	*version = 0;
	*empty = 0;
	if (stat(path, &sb)) {
		snprintf(err, errlen, "%s", strerror(errno));
		return errno == ENOENT ? STORE_ERR_MISSING : STORE_ERR_IO;
	}
	/* not a database, whatever the command: one code (65) for all */
	if (S_ISDIR(sb.st_mode)) {
		snprintf(err, errlen, "is a directory, not an mmreport "
			 "database");
		return STORE_ERR_FOREIGN;
	}
	if (!S_ISREG(sb.st_mode)) {
		snprintf(err, errlen, "not a regular file, not an mmreport "
			 "database");
		return STORE_ERR_FOREIGN;
	}
	if (sb.st_size == 0) {
		*empty = 1;
		return 0;
	}
	rc = inspect_header(path, sb.st_size, version, err, errlen);
	if (rc)
		return rc;

	/* The header on disk may lag a write-ahead log. Without a log,
	 * immutable=1 reads the file with no lock and no side file; with
	 * one (a writer is active or crashed), a read-only open is needed
	 * to see the logged pages. */
	uri = store_uri_make(path, store_wal_exists(path) ? "mode=ro"
							  : "immutable=1");
	if (!uri) {
		snprintf(err, errlen, "out of memory");
		return STORE_ERR_INTERNAL;
	}
	rc = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
			     NULL);
	if (rc != SQLITE_OK) {
		rc = sqlite_msg(db, rc, err, errlen);
		goto out;
	}
	sqlite3_extended_result_codes(db, 1);
	rc = inspect_db(db, version, err, errlen);
out:
	sqlite3_close(db);
	free(uri);
	return rc;
}

/* Opens the connection of st with flags; reports like store_open. */
static int db_connect(struct store *st, int flags, char *err, size_t errlen)
{
	char *uri = store_uri_make(st->path, NULL);
	int rc, sys;

	if (!uri) {
		snprintf(err, errlen, "out of memory");
		return STORE_ERR_INTERNAL;
	}
	rc = sqlite3_open_v2(uri, &st->db, flags | SQLITE_OPEN_URI, NULL);
	free(uri);
	if (rc != SQLITE_OK) {
		sys = st->db ? sqlite3_system_errno(st->db) : 0;
		if (sys && (rc & 0xff) == SQLITE_CANTOPEN) {
			snprintf(err, errlen, "%s", strerror(sys));
			return STORE_ERR_IO;
		}
		return sqlite_msg(st->db, rc, err, errlen);
	}
	sqlite3_extended_result_codes(st->db, 1);
	/* measure and render may overlap: wait for a writer rather than
	 * failing at once. */
	sqlite3_busy_timeout(st->db, 5000);
	return 0;
}

/* Copies st->errmsg into err after a failed step, without the leading
 * "'path': ", which the caller's message already names. */
static int open_fail(struct store *st, int rc, char *err, size_t errlen)
{
	const char *m = st->errmsg;
	size_t len = strlen(st->path);

	if (m[0] == '\'' && !strncmp(m + 1, st->path, len) &&
	    !strncmp(m + 1 + len, "': ", 3))
		m += len + 4;
	snprintf(err, errlen, "%s", m);
	return rc;
}

/* Creates the schema in the empty database of st. */
static int schema_create(struct store *st)
{
	const char *failed = NULL;
	int64_t uv = -1, objects = -1;
	int rc;

	rc = store_tx_begin(st);
	if (rc)
		return rc;
	/* Another process may have initialised the file meanwhile. */
	rc = STORE_CHECK(st, pragma_int_get(st->db, "PRAGMA user_version",
					    &uv));
	if (rc >= 0)
		rc = STORE_CHECK(st, pragma_int_get(st->db, "SELECT count(*) "
						    "FROM sqlite_master",
						    &objects));
	if (rc < 0)
		goto out;
	if (uv != 0 || objects != 0) {
		rc = STORE_FAIL(st, STORE_ERR_FOREIGN, "not an mmreport "
				"database (changed while being opened)");
		goto out;
	}
	rc = store_schema_migrate(st->db, 0, STORE_SCHEMA_VERSION, &failed);
	if (rc != SQLITE_OK) {
		rc = store_check_at(st, rc, __FILE__, __LINE__, failed);
		goto out;
	}
	rc = store_tx_commit(st);
out:
	if (rc)
		store_tx_rollback(st);
	return rc < 0 ? rc : 0;
}

/* Migrates st forward from the version found in the file, in one
 * transaction that re-reads the version under the write lock. */
static int schema_migrate(struct store *st, char *err, size_t errlen)
{
	const char *failed = NULL;
	int64_t uv = -1, bad = 0;
	int rc;

	rc = store_tx_begin(st);
	if (rc)
		return rc;
	rc = STORE_CHECK(st, pragma_int_get(st->db, "PRAGMA user_version",
					    &uv));
	if (rc < 0)
		goto out;
	if (uv > STORE_SCHEMA_VERSION) {
		rc = newer_msg((int)uv, err, errlen);
		STORE_FAIL(st, rc, "%s", err);
		goto out;
	}
	if (uv < 1) {
		rc = STORE_FAIL(st, STORE_ERR_FOREIGN, "not an mmreport "
				"database (schema version %lld)",
				(long long)uv);
		goto out;
	}
	if (uv < STORE_SCHEMA_VERSION) {
		rc = store_schema_migrate(st->db, (int)uv,
					  STORE_SCHEMA_VERSION, &failed);
		if (rc != SQLITE_OK) {
			rc = store_check_at(st, rc, __FILE__, __LINE__,
					    failed);
			goto out;
		}
		/* the keys were off while tables were rebuilt: a row that
		 * lost its parent fails the migration, nothing changes */
		rc = STORE_CHECK(st, pragma_int_get(st->db, "SELECT count(*)"
						    " FROM pragma_foreign_key_"
						    "check", &bad));
		if (rc < 0)
			goto out;
		if (bad) {
			rc = STORE_FAIL(st, STORE_ERR_CORRUPT, "migration to "
					"schema %d would leave %lld rows "
					"without their parent",
					STORE_SCHEMA_VERSION, (long long)bad);
			goto out;
		}
	}
	rc = store_tx_commit(st);
out:
	if (rc)
		store_tx_rollback(st);
	return rc < 0 ? rc : 0;
}

static int wal_enable(struct store *st)
{
	sqlite3_stmt *s = NULL;
	const char *mode;
	int rc, wal = 0;

	rc = STORE_PREPARE(st, "PRAGMA journal_mode", &s);
	if (rc < 0)
		return rc;
	rc = STORE_CHECK(st, sqlite3_step(s));
	if (rc == SQLITE_ROW) {
		mode = (const char *)sqlite3_column_text(s, 0);
		wal = mode && !strcmp(mode, "wal");
	}
	sqlite3_finalize(s);
	if (rc < 0)
		return rc;
	/* Switching rewrites the header: done only on a recognised file,
	 * and only when needed. A file system without shared memory keeps
	 * the rollback journal; that is slower, not wrong. */
	if (!wal) {
		rc = STORE_EXEC(st, "PRAGMA journal_mode = WAL");
		if (rc < 0)
			return rc;
	}
	rc = STORE_EXEC(st, "PRAGMA synchronous = NORMAL");
	return rc < 0 ? rc : 0;
}

int store_open(const char *path, enum store_mode mode, struct store **out,
	       char *err, size_t errlen)
{
	struct store *st = NULL;
	int version = 0, empty = 0, created = 0, rc;
	int64_t app = 0;
	struct stat sb;
	char dummy[2];

	if (!err || errlen == 0) {
		err = dummy;
		errlen = sizeof(dummy);
	}
	err[0] = '\0';
	if (out)
		*out = NULL;
	if (!out || !path || !*path) {
		snprintf(err, errlen, "no database named");
		return STORE_ERR_INTERNAL;
	}

	rc = store_inspect(path, &version, &empty, err, errlen);
	if (rc == STORE_ERR_MISSING && mode == STORE_CREATE) {
		created = 1;
		rc = 0;
	}
	if (rc == STORE_ERR_MISSING) {
		snprintf(err, errlen, "no such file");
		return rc;
	}
	if (rc)
		return rc;
	if (empty && mode != STORE_CREATE) {
		snprintf(err, errlen, "empty file, not an mmreport database");
		return STORE_ERR_FOREIGN;
	}

	st = calloc(1, sizeof(*st));
	if (!st || !(st->path = strdup(path))) {
		snprintf(err, errlen, "out of memory");
		rc = STORE_ERR_INTERNAL;
		goto fail;
	}
	st->mode = mode;
	st->version = version;

	/* STORE_READ connects read-write but with query_only on: nothing
	 * can be written, and the last connection to close removes the
	 * -wal and -shm files a read-only connection would leave behind.
	 * A file the user cannot write is still opened (read-only). */
	rc = db_connect(st, SQLITE_OPEN_READWRITE |
		     (created ? SQLITE_OPEN_CREATE : 0), err, errlen);
	if (rc)
		goto fail;
	if (mode == STORE_READ) {
		rc = STORE_EXEC(st, "PRAGMA query_only = ON");
		if (rc < 0)
			goto fail_msg;
	} else if (sqlite3_db_readonly(st->db, "main") == 1) {
		snprintf(err, errlen, "file is read-only");
		rc = STORE_ERR_IO;
		goto fail;
	}
	if (!created && !empty) {
		/* The file may have been swapped since inspection. */
		rc = STORE_CHECK(st, pragma_int_get(st->db,
						    "PRAGMA application_id",
						    &app));
		if (rc < 0)
			goto fail_msg;
		if ((uint32_t)app != STORE_APPLICATION_ID) {
			rc = foreign_msg((uint32_t)app, err, errlen);
			goto fail;
		}
	}
	if (mode == STORE_READ) {
		*out = st;
		return 0;
	}

	/* Foreign keys are off on a new connection, and stay off while the
	 * schema is created or migrated: a migration that rebuilds a table
	 * (schema 5) must not cascade its drop; schema_migrate checks the
	 * keys before it commits. */
	if (created || empty)
		rc = schema_create(st);
	else if (version < STORE_SCHEMA_VERSION)
		rc = schema_migrate(st, err, errlen);
	if (rc == STORE_ERR_NEWER)
		goto fail;
	if (rc < 0)
		goto fail_msg;
	rc = STORE_EXEC(st, "PRAGMA foreign_keys = ON");
	if (rc < 0)
		goto fail_msg;
	rc = wal_enable(st);
	if (rc < 0)
		goto fail_msg;
	st->version = STORE_SCHEMA_VERSION;
	*out = st;
	return 0;

fail_msg:
	open_fail(st, rc, err, errlen);
fail:
	if (st) {
		sqlite3_close(st->db);
		st->db = NULL;
		/* A file this call created and could not initialise is
		 * removed, so a failed create leaves nothing behind; one
		 * that has content now is someone else's. */
		if (created && stat(path, &sb) == 0 && sb.st_size == 0)
			unlink(path);
		free(st->path);
		free(st);
	}
	return rc;
}

void store_free(struct store *st)
{
	if (!st)
		return;
	if (st->db && sqlite3_close(st->db) != SQLITE_OK)
		sqlite3_close_v2(st->db);	/* a statement leaked: defer */
	free(st->path);
	free(st);
}

const char *store_errmsg(const struct store *st)
{
	if (!st)
		return "no database open";
	return st->errmsg;
}

int store_integrity_check(struct store *st)
{
	sqlite3_stmt *s = NULL;
	const char *res;
	int rc;

	rc = STORE_PREPARE(st, "PRAGMA integrity_check", &s);
	if (rc < 0)
		goto out;
	rc = STORE_CHECK(st, sqlite3_step(s));
	if (rc < 0)
		goto out;
	res = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(s, 0)
			       : NULL;
	if (res && !strcmp(res, "ok")) {
		rc = 0;
		goto out;
	}
	rc = STORE_FAIL(st, STORE_ERR_CORRUPT, "integrity check: %s",
			res ? res : "no answer");
out:
	sqlite3_finalize(s);
	return rc < 0 ? rc : 0;
}
