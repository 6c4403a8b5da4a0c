/* Opening a database: recognising the file without touching it, creating,
 * migrating, and closing.
 *
 * Recognition comes first and writes nothing: the first 100 bytes are read
 * with read(2) (SQLite magic, application id, schema version, journal
 * mode), then SQLite opens the file read-only (read_query says how) to
 * check the schema version again, probe every table and check every page.
 * A reader (STORE_READ) keeps that connection; a writer opens the file
 * for real only after it passed. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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

/* The file's header as written on disk; *wal is 1 when it says WAL
 * mode (read version 2, byte 19). */
static int inspect_header(const char *path, off_t size, int *version,
			  int *wal, char *err, size_t errlen)
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
	*wal = h[19] == 2;
	return 0;
}

/* 1 when path with suffix appended names an existing file of at least
 * min bytes; also 1 when that cannot be told (the cautious answer for
 * read_query: a connection that follows the log). */
static int side_file_exists(const char *path, const char *suffix,
			    off_t min)
{
	struct stat sb;
	int r = store_side_stat(path, suffix, &sb);

	return r < 0 || (r && sb.st_size >= min);
}

/* 1 when path with suffix appended names a file this process may not
 * read (gone is not unreadable). */
static int side_file_unreadable(const char *path, const char *suffix)
{
	char *side = store_path_with(path, suffix);
	int r = !side || (access(side, R_OK) != 0 && errno != ENOENT);

	free(side);
	return r;
}

/* How a connection opens path to read it without creating, writing or
 * checkpointing anything, whoever owns the file and its directory, from
 * SQLite's documented behaviour:
 *
 * - A WAL-mode file (header byte 19 = 2) without a -wal has no connection
 *   open on it (each keeps the -wal until the last one closes): the file
 *   alone is the committed database, and immutable=1 reads it with no
 *   lock and no side file. A plain read-only open would create a -wal
 *   and -shm and leave them (a read-only connection cannot remove them),
 *   or fail in a directory the user cannot write.
 * - With a -wal, a writer is live or crashed and committed pages may be
 *   only in the log. mode=ro reads them under WAL's locks, so that a live
 *   writer's checkpoints wait for the reader; readonly_shm=1 maps the
 *   -shm read-only and never creates it; with no writer left SQLite
 *   (3.22+) builds the index in heap memory from the -wal. Without a
 *   -shm, a writer in exclusive locking mode holds the file locked (busy,
 *   as it should be: its index is private, its checkpoints unseen);
 *   else SQLite cannot open it, and an empty -wal is then read as if
 *   absent (*retry), a non-empty one refused (store_inspect).
 * - A rollback-journal file: mode=ro takes SHARED locks, waits for a
 *   writer's lock and never creates a journal.
 *
 * No reader checkpoints: it is read-only, and NO_CKPT_ON_CLOSE says so
 * once more (db_connect).
 *
 * Left open: a writer that starts while an immutable reader reads writes
 * to its new -wal, and changes the file only when it checkpoints (every
 * 1000 pages) or closes; store_check_at then tells the corrupt page met
 * from a corrupt file (busy, try again). And a writer closing between
 * the stat here and the first read makes SQLite create an empty -wal:
 * a window of a few system calls. */
static const char *read_query(const char *path, int wal, int writer,
			      int *retry)
{
	int log = side_file_exists(path, "-wal", 0);
	int data = side_file_exists(path, "-wal", 1);
	int shm = side_file_exists(path, "-shm", 0);

	*retry = 0;
	/* A writer about to open the file anyway may rebuild a missing
	 * -shm while it recognises the file: it makes one a moment later. */
	if (data && !shm && writer)
		return "mode=ro";
	if (log) {
		*retry = !data && !shm && wal;
		return "mode=ro&readonly_shm=1";
	}
	return wal ? "immutable=1" : "mode=ro&readonly_shm=1";
}

/* The reason for rc as store_check_at words it, in err. */
static int sqlite_msg(sqlite3 *db, int rc, char *err, size_t errlen)
{
	int code = store_error_from_sqlite(rc);
	const char *why = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);

	if (code == STORE_ERR_CORRUPT)
		snprintf(err, errlen, "corrupt database (%s)", why);
	else if (code == STORE_ERR_BUSY)
		snprintf(err, errlen, "database is locked by another process;"
			 " try again");
	else
		snprintf(err, errlen, "%s", why);
	store_text_oneline(err);
	return code;
}

/* Checks, through db, that every table of schema version has every
 * column that version's schema gives it: a file without one (a table
 * missing, a column renamed) was not made by mmreport, and a query naming
 * it would fail deep in a report as if mmreport were broken. The columns
 * expected come from the schema itself, built in memory. */
static int columns_check(sqlite3 *db, int version, char *err, size_t errlen)
{
	sqlite3 *mem = NULL;
	sqlite3_stmt *want = NULL, *have = NULL;
	const char *table = NULL, *col;
	int rc, code = 0;
	size_t i;

	rc = sqlite3_open_v2(":memory:", &mem, SQLITE_OPEN_READWRITE |
			     SQLITE_OPEN_CREATE, NULL);
	if (rc == SQLITE_OK)
		rc = store_schema_create_version(mem, version);
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(mem, "SELECT name FROM "
					"pragma_table_info(?1)", -1, &want,
					NULL);
	if (rc != SQLITE_OK) {
		snprintf(err, errlen, "cannot build schema %d in memory: %s",
			 version, mem ? sqlite3_errmsg(mem)
				      : sqlite3_errstr(rc));
		code = STORE_ERR_INTERNAL;
		goto out;
	}
	rc = sqlite3_prepare_v2(db, "SELECT count(*) FROM pragma_table_info"
				"(?1) WHERE name = ?2 COLLATE NOCASE", -1,
				&have, NULL);
	for (i = 0; rc == SQLITE_OK && i < store_schema_ntables; i++) {
		table = store_schema_tables[i];
		rc = sqlite3_reset(want);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_text(want, 1, table, -1,
					       SQLITE_STATIC);
		if (rc != SQLITE_OK) {
			snprintf(err, errlen, "%s", sqlite3_errmsg(mem));
			code = STORE_ERR_INTERNAL;
			goto out;
		}
		while ((rc = sqlite3_step(want)) == SQLITE_ROW) {
			col = (const char *)sqlite3_column_text(want, 0);
			rc = sqlite3_reset(have);
			if (rc == SQLITE_OK)
				rc = sqlite3_bind_text(have, 1, table, -1,
						       SQLITE_STATIC);
			if (rc == SQLITE_OK)
				rc = sqlite3_bind_text(have, 2, col, -1,
						       SQLITE_TRANSIENT);
			if (rc == SQLITE_OK)
				rc = sqlite3_step(have);
			if (rc != SQLITE_ROW)
				break;
			if (sqlite3_column_int(have, 0) == 0) {
				snprintf(err, errlen, "not an mmreport "
					 "database (table %s has no column "
					 "%s)", table, col ? col : "?");
				code = STORE_ERR_FOREIGN;
				goto out;
			}
			rc = SQLITE_OK;
		}
		if (rc == SQLITE_DONE)
			rc = SQLITE_OK;
	}
	if (rc != SQLITE_OK)
		code = sqlite_msg(db, rc, err, errlen);
out:
	sqlite3_finalize(have);
	sqlite3_finalize(want);
	sqlite3_close(mem);
	return code;
}

/* Runs sql, which answers with the first finding of a check (no row:
 * none): 0, or STORE_ERR_CORRUPT with the finding on one line in err. */
static int finding_check(sqlite3 *db, const char *sql, char *err,
			 size_t errlen)
{
	sqlite3_stmt *s = NULL;
	int rc, code = 0;

	rc = sqlite3_prepare_v2(db, sql, -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		snprintf(err, errlen, "corrupt database (%.217s)",
			 (const char *)sqlite3_column_text(s, 0));
		store_text_oneline(err);
		code = STORE_ERR_CORRUPT;
	} else if (rc != SQLITE_DONE) {
		code = sqlite_msg(db, rc, err, errlen);
	}
	sqlite3_finalize(s);
	return code;
}

/* Checks, through db, that every row's parent exists. Pages that check
 * out may hold a row whose key changed (one flipped byte): the report
 * would then drop its measurements quietly, "holds no measurements",
 * where the file is broken. mmreport writes with the keys on, so none of
 * its files has such a row. */
static int keys_check(sqlite3 *db, char *err, size_t errlen)
{
	return finding_check(db, "SELECT 'a row of ' || \"table\" || ' refers"
			     " to a missing row of ' || parent FROM"
			     " pragma_foreign_key_check LIMIT 1", err, errlen);
}

/* Checks every page of the file, every row against its table's
 * constraints and key order, and every index against its table.
 *
 * quick_check reads every page, but compares no index with its table (a
 * row whose indexed value changed by one flipped byte passes, and the
 * report shows the changed value: a count of -1023410176, issue 29), nor
 * checks the key order of a WITHOUT ROWID table (stat, sample: a page of
 * samples out of order passed, a value in it read as NULL).
 * integrity_check does all of it; checking only what quick_check misses
 * costs as much, since the samples table is most of the file. On the
 * reference database (51 MB, medians of 15, interleaved): quick_check
 * 0.179 s, integrity_check 0.283 s, quick_check plus integrity_check of
 * the five tables with an index 0.182 s (it misses a WITHOUT ROWID table
 * out of key order: 37 of 312 fuzzed files, one of them rendered with
 * exit 0), integrity_check of the three WITHOUT ROWID tables alone
 * 0.275 s. */
static int pages_check(sqlite3 *db, char *err, size_t errlen)
{
	/* SQLite's report names the schema on a line of its own first */
	return finding_check(db, "SELECT 'integrity check: ' ||"
			     " replace(integrity_check, '*** in database main"
			     " ***' || char(10), '') FROM"
			     " pragma_integrity_check(1) WHERE integrity_check"
			     " <> 'ok'", err, errlen);
}

/* Checks, through db, that the file is an mmreport database SQLite can
 * read: identity, version, every table of that version. */
static int inspect_db(sqlite3 *db, int *version, char *err, size_t errlen)
{
	int64_t app = 0, uv = 0;
	int rc;

	rc = store_int_get(db, "PRAGMA application_id", 0, &app);
	if (rc == SQLITE_OK)
		rc = store_int_get(db, "PRAGMA user_version", 0, &uv);
	if (rc != SQLITE_OK)
		return sqlite_msg(db, rc, err, errlen);
	if ((uint32_t)app != STORE_APPLICATION_ID)
		return foreign_msg((uint32_t)app, err, errlen);
	if (uv > STORE_SCHEMA_VERSION)
		return newer_msg((int)uv, err, errlen);
	if (uv < 1) {
		snprintf(err, errlen, "not an mmreport database (schema "
			 "version %lld)", (long long)uv);
		return STORE_ERR_FOREIGN;
	}
	rc = columns_check(db, (int)uv, err, errlen);
	if (rc)
		return rc;
	/* A file can open and have every column with broken pages:
	 * whatever reads it (render, export, merge) would print or copy
	 * garbage, so it is checked once, here, before anything else
	 * touches it (see pages_check). */
	rc = pages_check(db, err, errlen);
	if (rc)
		return rc;
	rc = keys_check(db, err, errlen);
	if (rc)
		return rc;
	*version = (int)uv;
	return 0;
}

/* The reason a file could not be created, from SQLite's errno sys: a
 * failed create is retried read-only, and that retry's ENOENT is what
 * SQLite keeps; the folder's own refusal (EACCES, EROFS) is the reason
 * (issue 29, item 7). */
static int create_errno(const char *path, int sys)
{
	char *dir;
	char *slash;
	int e = sys;

	if (sys != ENOENT || !(dir = malloc(strlen(path) + 2)))
		return sys;
	strcpy(dir, path);
	slash = strrchr(dir, '/');
	if (!slash)
		strcpy(dir, ".");
	else
		slash[slash == dir] = '\0';	/* "/x.db": the root */
	if (access(dir, W_OK | X_OK))
		e = errno;
	free(dir);
	return e;
}

/* Opens a connection to path into *dbp (closed and NULL on failure):
 * with flags SQLITE_OPEN_READONLY a reader by query (read_query), else
 * flags (SQLITE_OPEN_READWRITE, maybe SQLITE_OPEN_CREATE) and query NULL;
 * reports like store_inspect. */
static int db_connect(const char *path, const char *query, int flags,
		      sqlite3 **dbp, char *err, size_t errlen)
{
	char *uri = store_uri_make(path, query);
	int rc, sys;

	*dbp = NULL;
	if (!uri) {
		snprintf(err, errlen, "out of memory");
		return STORE_ERR_INTERNAL;
	}
	rc = sqlite3_open_v2(uri, dbp, flags | SQLITE_OPEN_URI, NULL);
	free(uri);
	if (rc == SQLITE_OK) {
		sqlite3_extended_result_codes(*dbp, 1);
		/* a writer's lock may be brief (measure and render may
		 * overlap): wait before calling the file busy */
		rc = sqlite3_busy_timeout(*dbp, 5000);
	}
	if (rc == SQLITE_OK && (flags & SQLITE_OPEN_READONLY))
		rc = sqlite3_db_config(*dbp, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE,
				       1, (int *)NULL);
	if (rc == SQLITE_OK)
		return 0;
	sys = *dbp ? sqlite3_system_errno(*dbp) : 0;
	if (sys && (flags & SQLITE_OPEN_CREATE))
		sys = create_errno(path, sys);
	if (sys && (rc & 0xff) == SQLITE_CANTOPEN) {
		snprintf(err, errlen, "%s", strerror(sys));
		rc = STORE_ERR_IO;
	} else {
		rc = sqlite_msg(*dbp, rc, err, errlen);
	}
	sqlite3_close(*dbp);
	*dbp = NULL;
	return rc;
}

/* The file changed under the look (another process, what it does):
 * STORE_ERR_BUSY, seen->changed. */
static int changed_msg(struct store_seen *seen, const char *what, char *err,
		       size_t errlen)
{
	snprintf(err, errlen, "changed while being read (another process "
		 "%s); try again", what);
	seen->changed = 1;
	return STORE_ERR_BUSY;
}

/* After a read-only look at path failed with rc: a file whose header
 * says another journal mode now (wal: what it said before) was being
 * turned to WAL mode by its creator meanwhile, and the look chose its
 * way to read it by the old header: STORE_ERR_BUSY, seen->changed.
 * Else rc as it was. */
static int header_changed(const char *path, int wal, struct store_seen *seen,
			  int rc, char *err, size_t errlen)
{
	char ignored[256];
	int version, now = wal;

	if (rc != STORE_ERR_IO)
		return rc;
	if (inspect_header(path, seen->sb.st_size, &version, &now, ignored,
			   sizeof(ignored)) || now == wal)
		return rc;
	return changed_msg(seen, "writes it", err, errlen);
}

static int inspect_file(const char *path, enum store_mode mode,
			struct store_seen *seen, sqlite3 **dbp, char *err,
			size_t errlen)
{
	sqlite3 *db = NULL;
	int rc, wal = 0, retry = 0, had_shm;

	memset(seen, 0, sizeof(*seen));
	if (dbp)
		*dbp = NULL;
	if (stat(path, &seen->sb)) {
		snprintf(err, errlen, "%s", strerror(errno));
		return errno == ENOENT ? STORE_ERR_MISSING : STORE_ERR_IO;
	}
	/* not a database, whatever the command: one code (65) for all */
	if (S_ISDIR(seen->sb.st_mode)) {
		snprintf(err, errlen, "is a directory, not an mmreport "
			 "database");
		return STORE_ERR_FOREIGN;
	}
	if (!S_ISREG(seen->sb.st_mode)) {
		snprintf(err, errlen, "not a regular file, not an mmreport "
			 "database");
		return STORE_ERR_FOREIGN;
	}
	if (seen->sb.st_size == 0) {
		seen->empty = 1;
		return 0;
	}
	rc = inspect_header(path, seen->sb.st_size, &seen->version, &wal, err,
			    errlen);
	if (rc)
		return rc;
	/* The header on disk may lag a write-ahead log: the checks below
	 * read through SQLite, which sees the logged pages. */
	seen->wal_exists = store_side_stat(path, "-wal", &seen->wal_sb) > 0;
	had_shm = side_file_exists(path, "-shm", 0);
	seen->query = read_query(path, wal, mode != STORE_READ, &retry);
	rc = db_connect(path, seen->query, SQLITE_OPEN_READONLY, &db, err,
			errlen);
	if (rc)
		return header_changed(path, wal, seen, rc, err, errlen);
	rc = inspect_db(db, &seen->version, err, errlen);
	if (rc == STORE_ERR_IO && retry) {
		sqlite3_close(db);
		seen->query = "immutable=1";
		rc = db_connect(path, seen->query, SQLITE_OPEN_READONLY, &db,
				err, errlen);
		if (rc)
			return header_changed(path, wal, seen, rc, err,
					      errlen);
		rc = inspect_db(db, &seen->version, err, errlen);
	}
	rc = header_changed(path, wal, seen, rc, err, errlen);
	if (rc == STORE_ERR_IO && side_file_exists(path, "-wal", 1) &&
	    !side_file_exists(path, "-shm", 0)) {
		snprintf(err, errlen, "has a write-ahead log (-wal) without "
			 "its -shm, which a reader may not create; any "
			 "SQLite writer rebuilds it (e.g. sqlite3 FILE "
			 "'PRAGMA quick_check')");
	} else if (rc == STORE_ERR_IO && strstr(seen->query, "readonly_shm") &&
		   had_shm && !side_file_unreadable(path, "-shm") &&
		   !side_file_unreadable(path, "-wal")) {
		/* The log's index was there, and still SQLite could not
		 * open the two read-only: a writer was setting them up (it
		 * opened the file a moment ago) or removing them (its last
		 * connection closed). */
		rc = changed_msg(seen, "is opening it", err, errlen);
	}
	/* as in store_check_at: broken pages of a file that a writer
	 * changed meanwhile are the writer's doing */
	if (rc == STORE_ERR_CORRUPT && !strcmp(seen->query, "immutable=1") &&
	    store_file_changed(path, &seen->sb)) {
		rc = changed_msg(seen, "writes it", err, errlen);
	}
	if (rc || !dbp)
		sqlite3_close(db);
	else
		*dbp = db;
	return rc;
}

int store_inspect(const char *path, enum store_mode mode,
		  struct store_seen *seen, sqlite3 **dbp, char *err,
		  size_t errlen)
{
	int rc = inspect_file(path, mode, seen, dbp, err, errlen);

	if (rc)
		store_text_oneline(err);
	return rc;
}

/* store_open_once's answer when the file changed while it was being
 * opened: open it again from the start. */
#define STORE_AGAIN 1

/* 1 when the file st has open is no longer at its path (removed or
 * replaced, e.g. an empty file by store_publish). */
static int file_moved(struct store *st)
{
	int moved = 0;

	if (sqlite3_file_control(st->db, "main", SQLITE_FCNTL_HAS_MOVED,
				 &moved) != SQLITE_OK)
		return 0;
	return moved;
}

/* Creates the schema in the empty database of st (create), or migrates
 * st forward from the version found in the file, in one transaction
 * that reads the version under the write lock. STORE_AGAIN when another
 * process initialised or replaced a file to create meanwhile (two
 * creators at once: the other one won, and the file is to be opened as
 * it is now). */
static int schema_bring(struct store *st, int create, char *err,
			size_t errlen)
{
	const char *failed = NULL;
	int64_t uv = -1, objects = 0, bad = 0;
	int rc;

	rc = store_tx_begin(st);
	if (rc)
		return rc;
	/* Another process may have initialised the file meanwhile, or put
	 * another file in its place: under the write lock, this one would
	 * be initialised unseen by anyone. */
	if (create && file_moved(st)) {
		rc = STORE_AGAIN;
		goto out;
	}
	rc = STORE_CHECK(st, store_int_get(st->db, "PRAGMA user_version", 0,
					    &uv));
	if (rc >= 0 && create)
		rc = STORE_CHECK(st, store_int_get(st->db, "SELECT count(*) "
						    "FROM sqlite_master", 0,
						    &objects));
	if (rc < 0)
		goto out;
	if (create && (uv != 0 || objects != 0)) {
		rc = STORE_AGAIN;
		goto out;
	}
	if (uv > STORE_SCHEMA_VERSION) {
		rc = newer_msg((int)uv, err, errlen);
		STORE_FAIL(st, rc, "%s", err);
		goto out;
	}
	if (uv < 1 && !create) {
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
		rc = STORE_CHECK(st, store_int_get(st->db, "SELECT count(*)"
						    " FROM pragma_foreign_key_"
						    "check", 0, &bad));
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
	return rc == STORE_AGAIN || rc < 0 ? rc : 0;
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

/* One attempt of store_open (path and out checked): its result, or
 * STORE_AGAIN when the file changed under a writer opening it. */
static int store_open_once(const char *path, enum store_mode mode,
			   struct store **out, char *err, size_t errlen)
{
	struct store *st = NULL;
	struct store_seen seen;
	sqlite3 *rdb = NULL;
	int created = 0, rc;
	int64_t app = 0;
	struct stat sb;

	/* A reader keeps the connection that recognised the file: the one
	 * open, on the file that was checked. */
	rc = store_inspect(path, mode, &seen,
			   mode == STORE_READ ? &rdb : NULL, err, errlen);
	/* another writer's checkpoint met while checking: look again */
	if (rc == STORE_ERR_BUSY && seen.changed && mode != STORE_READ)
		return STORE_AGAIN;
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
	if (seen.empty && mode != STORE_CREATE) {
		snprintf(err, errlen, "empty file, not an mmreport database");
		return STORE_ERR_FOREIGN;
	}

	st = calloc(1, sizeof(*st));
	if (!st || !(st->path = strdup(path))) {
		sqlite3_close(rdb);
		snprintf(err, errlen, "out of memory");
		rc = STORE_ERR_INTERNAL;
		goto fail;
	}
	st->mode = mode;
	st->version = seen.version;
	st->seen = seen.sb;
	if (mode == STORE_READ) {
		st->db = rdb;
		st->immutable = !strcmp(seen.query, "immutable=1");
		st->wal_existed = seen.wal_exists;
		st->wal_seen = seen.wal_sb;
		*out = st;
		return 0;
	}

	rc = db_connect(path, NULL, SQLITE_OPEN_READWRITE |
			(created ? SQLITE_OPEN_CREATE : 0), &st->db, err,
			errlen);
	if (rc)
		goto fail;
	if (sqlite3_db_readonly(st->db, "main") == 1) {
		snprintf(err, errlen, "file is read-only");
		rc = STORE_ERR_IO;
		goto fail;
	}
	if (!created && !seen.empty) {
		/* The file may have been swapped since inspection. */
		rc = STORE_CHECK(st, store_int_get(st->db,
						    "PRAGMA application_id", 0,
						    &app));
		if (rc < 0)
			goto fail_msg;
		if ((uint32_t)app != STORE_APPLICATION_ID) {
			rc = foreign_msg((uint32_t)app, err, errlen);
			goto fail;
		}
	}

	/* Foreign keys are off on a new connection, and stay off while the
	 * schema is created or migrated: a migration that rebuilds a table
	 * (schema 5) must not cascade its drop; schema_bring checks the
	 * keys before it commits. */
	if (created || seen.empty || seen.version < STORE_SCHEMA_VERSION)
		rc = schema_bring(st, created || seen.empty, err, errlen);
	if (rc == STORE_AGAIN) {
		/* not removed below: the file is the other creator's */
		created = 0;
		goto fail;
	}
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
	/* without the leading "'path': ", which the caller's message
	 * names already */
	snprintf(err, errlen, "%s", store_errreason(st));
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

int store_open(const char *path, enum store_mode mode, struct store **out,
	       char *err, size_t errlen)
{
	char dummy[2];
	int rc = STORE_AGAIN, tries, again = 0;

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
	/* Two processes creating one file at once (issue 29): the one
	 * that finds the other's schema, or the other's file in place of
	 * the empty one it opened, opens the file again as it is now. A
	 * file that keeps changing is busy. */
	for (tries = 0; tries < 8; tries++) {
		rc = store_open_once(path, mode, out, err, errlen);
		if (rc == STORE_AGAIN) {
			struct timespec ts = { 0, 5000000L * tries };

			/* the other process is at work: give it a moment */
			again = 1;
			nanosleep(&ts, NULL);
			continue;
		}
		/* The creator that won turns its new file to WAL mode
		 * next: for a moment a read-only look at it cannot open
		 * the log it finds (or not yet). */
		if (rc == STORE_ERR_IO && again && mode != STORE_READ) {
			struct timespec ts = { 0, 20000000L * (tries + 1) };

			nanosleep(&ts, NULL);
			continue;
		}
		return rc;
	}
	if (rc != STORE_AGAIN)
		return rc;
	snprintf(err, errlen, "changed while being opened (another process "
		 "creates or writes it); try again");
	return STORE_ERR_BUSY;
}

void store_free(struct store *st)
{
	if (!st)
		return;
	if (st->db && sqlite3_close(st->db) != SQLITE_OK)
		sqlite3_close_v2(st->db);	/* a statement leaked: defer */
	st->db = NULL;
	if (st->stage)
		store_stage_discard(st);
	free(st->path);
	free(st);
}

const char *store_errmsg(const struct store *st)
{
	if (!st)
		return "no database open";
	return st->errmsg;
}

const char *store_errreason(const struct store *st)
{
	const char *m = store_errmsg(st);
	size_t len;

	if (!st)
		return m;
	len = strlen(st->path);
	if (m[0] == '\'' && !strncmp(m + 1, st->path, len) &&
	    !strncmp(m + 1 + len, "': ", 3))
		m += len + 4;
	return m;
}

int store_errcode(const struct store *st)
{
	return st ? st->errcode : STORE_ERR_INTERNAL;
}

int store_integrity_check(struct store *st)
{
	char err[512];
	int rc = pages_check(st->db, err, sizeof(err));

	return rc ? STORE_FAIL(st, rc, "%s", err) : 0;
}
