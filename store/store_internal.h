/* Private to store/: the handle, error reporting and small SQLite helpers
 * shared by the store_*.c files. */
#ifndef MMREPORT_STORE_INTERNAL_H
#define MMREPORT_STORE_INTERNAL_H

#include <stddef.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "store.h"
#include "vocab.h"

struct store {
	sqlite3 *db;
	char *path;		/* as the caller named it, for messages */
	enum store_mode mode;
	int version;		/* schema version of the open file */
	int immutable;		/* read with immutable=1: SQLite sees no
				 * writer, so seen tells whether one came */
	struct stat seen;	/* the file when it was opened */
	int wal_existed;	/* its -wal then (immutable readers) */
	struct stat wal_seen;
	int errcode;		/* enum store_error of the last failure */
	int src_attached;	/* store_merge has a source attached */
	char *stage;		/* store_open_staged: the private file that
				 * store_publish puts at path; NULL else */
	char errmsg[1024];
};

/* Maps an SQLite result code to an enum store_error. */
int store_error_from_sqlite(int rc);

/* Makes s one printable line in place: line breaks and tabs become
 * spaces, other control characters '?'. Messages quote SQLite's, which
 * quote names from the file: a broken file must not break the line or
 * send the terminal escapes. Returns s. */
char *store_text_oneline(char *s);

/* 1 when the file at path is no longer the one described by before
 * (another inode, size or modification time, or gone), e.g. because a
 * writer checkpointed into it. */
int store_file_changed(const char *path, const struct stat *before);

/* path + suffix (e.g. "-wal"), malloc'd; NULL when memory runs out. */
char *store_path_with(const char *path, const char *suffix);

/* Fills *sb with the file path + suffix and returns 1, or returns 0 when
 * there is none, -1 when that cannot be told (errno, or no memory); *sb
 * is zeroed then. */
int store_side_stat(const char *path, const char *suffix, struct stat *sb);

/* 1 when a -wal is beside path now and either none was (existed 0) or
 * it is not the one described by was: a writer came or wrote. */
int store_wal_changed(const char *path, int existed, const struct stat *was);

/* Checks rc of an SQLite call. SQLITE_OK, SQLITE_ROW and SQLITE_DONE are
 * returned unchanged; anything else records a message in st->errmsg and
 * returns a negative enum store_error (also kept in st->errcode). The
 * message is "'path': call: reason (file:line)" for STORE_ERR_INTERNAL,
 * and "'path': reason" for the classes that describe the file (corrupt,
 * locked, unreadable). A corrupt page met by an immutable reader while
 * the file changed under it is STORE_ERR_BUSY: a writer began. A plain
 * SQLITE_ERROR ("no such collation sequence") of a file that is only
 * read (STORE_READ, or a merge source attached) is STORE_ERR_FOREIGN:
 * this build's queries run on its own schema, so the file's schema is
 * not mmreport's, whatever its identity says. */
int store_check_at(struct store *st, int rc, const char *file, int line,
		   const char *call);
#define STORE_CHECK(st, expr) \
	store_check_at((st), (expr), __FILE__, __LINE__, #expr)

/* Records a failure that is not SQLite's; returns code. The place in
 * store/ is named for STORE_ERR_INTERNAL only, as above. */
int store_fail_at(struct store *st, int code, const char *file, int line,
		  const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
#define STORE_FAIL(st, code, ...) \
	store_fail_at((st), (code), __FILE__, __LINE__, __VA_ARGS__)

/* Prepares sql (a constant of this module, never built from user text). */
#define STORE_PREPARE(st, sql, stmt) \
	STORE_CHECK((st), sqlite3_prepare_v2((st)->db, (sql), -1, (stmt), \
					     NULL))

/* Runs constant SQL that returns no rows. */
#define STORE_EXEC(st, sql) \
	STORE_CHECK((st), sqlite3_exec((st)->db, (sql), NULL, NULL, NULL))

/* Transactions: BEGIN IMMEDIATE takes the write lock at once, so a busy
 * database fails here rather than half-way. rollback never fails loudly:
 * it runs on paths that already report an error. */
int store_tx_begin(struct store *st);
int store_tx_commit(struct store *st);
void store_tx_rollback(struct store *st);

/* Runs sql on db, with arg as ?1 where it has a parameter, and reads its
 * first row's first column into *v. Returns SQLITE_OK, SQLITE_DONE when
 * there is no row (*v unchanged), or the failure's SQLite result code. */
int store_int_get(sqlite3 *db, const char *sql, int64_t arg, int64_t *v);

/* Binding. The first failure among a statement's binds is kept in *b
 * (SQLITE_OK to start; later binds are then skipped), and STORE_STEP
 * reports it instead of running the statement with a parameter missing. */
void store_bind_int(int *b, sqlite3_stmt *s, int i, int64_t v);
void store_bind_text(int *b, sqlite3_stmt *s, int i, const char *v);
void store_bind_double(int *b, sqlite3_stmt *s, int i, double v); /* NaN:
								   * NULL */
#define STORE_STEP(st, b, stmt) \
	((b) != SQLITE_OK ? \
	 store_check_at((st), (b), __FILE__, __LINE__, "sqlite3_bind_*") : \
	 STORE_CHECK((st), sqlite3_step(stmt)))

/* A column of a row as a field of a C structure, for tables whose rows
 * are written and read whole (store_fields_*): how its value is stored
 * and read back. */
enum store_field_kind {
	SF_TEXT,	/* char *; NULL stored as NULL */
	SF_TEXT_EMPTY,	/* char *; NULL stored as "" */
	SF_INT,		/* int */
	SF_I64,		/* int64_t */
	SF_BOOL,	/* int, stored 0 or 1 */
	SF_TRI,		/* int: < 0 unknown (NULL, read -1), else 0 or 1 */
	SF_INT_OPT,	/* int: < 0 unknown (NULL, read -1) */
	SF_POS_INT,	/* int: <= 0 unknown (NULL, read 0) */
	SF_KNOWN_I64,	/* int64_t: 0 unknown (NULL, read 0) */
	SF_COUNT,	/* int64_t: < 0 unknown (NULL, read -1) */
	SF_U64,		/* unsigned long long, stored as its bit pattern */
	SF_DOUBLE,	/* double: NaN unknown (NULL, read NaN) */
	SF_KNOWN,	/* double: NaN or 0 unknown (NULL, read NaN) */
	SF_POS,		/* double: NaN or <= 0 unknown (NULL, read NaN) */
	SF_HAS_DOUBLE,	/* double, known when the int at has is not 0
			 * (else NULL, read 0 with has 0) */
	SF_HAS_U64	/* unsigned long long, likewise (bit pattern) */
};

struct store_field {
	const char *col;
	enum store_field_kind kind;
	size_t off;		/* of the value in the structure */
	size_t has;		/* SF_HAS_*: of its flag */
	const char *dflt;	/* SQL an insert stores for NULL; NULL none */
	int since;		/* the schema version that added it; 0: 1 */
	const char *absent;	/* SQL that reads it from an older file (a
				 * format of the schema prefix, given
				 * twice); NULL: NULL */
};

/* A field without a flag, default or absent SQL. */
#define STORE_FIELD(col, kind, off, since) \
	{ col, kind, off, 0, NULL, since, NULL }

/* The tables whose rows are written and read through their fields, in
 * the order the lists read them (store_session.c, store_config.c,
 * store_kernel.c, store_device.c). */
struct store_table {
	const char *name;
	const struct store_field *f;
	size_t n;
};
extern const struct store_table store_session_table, store_config_table,
	store_kernel_table, store_kattr_table;

/* Writes into buf[len] the columns of t from f[first] on, comma-
 * separated, as a file of schema version has them: a column a later
 * version added as its absent SQL (db: the schema prefix of the tables
 * that reads, "" or "src.") or NULL. Returns 0, or 1 when buf is too
 * small. */
int store_fields_cols(char *buf, size_t len, const struct store_table *t,
		      size_t first, int version, const char *db);

/* Writes into buf[len] "INSERT INTO table(col, ...) VALUES (?1, ...)"
 * of f[n] (a field with a default as COALESCE(?i, dflt)); with nkey > 0
 * a row of the same f[0 .. nkey) is updated instead ("ON CONFLICT ... DO
 * UPDATE SET" each other column); then tail ("" or a RETURNING clause).
 * Returns 0, or 1 when buf is too small. */
int store_fields_insert_sql(char *buf, size_t len, const char *table,
			    const struct store_field *f, size_t n,
			    size_t nkey, const char *tail);
/* Inserts obj as a row of t by all its fields (nkey > 0: or updates the
 * row of the same first nkey fields; see store_fields_insert_sql).
 * Returns 0 or a negative store error, reported at the caller's file
 * and line; the new row's id is sqlite3_last_insert_rowid's. */
int store_row_upsert_at(struct store *st, const struct store_table *t,
			size_t nkey, const void *obj, const char *file,
			int line);
#define STORE_ROW_UPSERT(st, t, nkey, obj) \
	store_row_upsert_at((st), (t), (nkey), (obj), __FILE__, __LINE__)
/* Binds the fields f[n] of obj to ?first, ?first + 1, ... of q. */
void store_fields_bind(int *b, sqlite3_stmt *q, int first,
		       const struct store_field *f, size_t n, const void *obj);
/* Reads columns first, first + 1, ... of q into the fields f[n] of obj.
 * 0, or STORE_ERR_INTERNAL when memory runs out (what was read is freed
 * by store_fields_free). */
int store_fields_read(struct store *st, sqlite3_stmt *q, int first,
		      const struct store_field *f, size_t n, void *obj);
/* Frees the text fields among f[n] of the nrows structures of size
 * bytes at rows (NULL: none), not rows itself. */
void store_fields_free(const struct store_field *f, size_t n, void *rows,
		       size_t nrows, size_t size);

/* Column helpers. store_col_strdup returns 0 and sets *out (NULL for an
 * SQL NULL), or STORE_ERR_INTERNAL when memory runs out. */
int store_col_strdup(struct store *st, sqlite3_stmt *s, int i, char **out);

/* Steps q (bound; b the binding's status) to its end, each row into a
 * zeroed element of size bytes of *rows (*n of them): its first nids
 * columns as int64 at the offsets ids[], then the fields f[nf]. 0, or a
 * negative store status with *rows freed, NULL, and *n 0. */
int store_rows_read(struct store *st, sqlite3_stmt *q, int b,
		    const size_t *ids, int nids, const struct store_field *f,
		    size_t nf, size_t size, void **rows, size_t *n);

/* Grows *arr (element size sz) to hold at least want elements. */
int store_grow(struct store *st, void **arr, size_t sz, size_t *cap,
	       size_t want);

/* For store_free of a staged handle (store_stage.c): removes its
 * private file and what SQLite left beside it (after the connection is
 * closed), and frees st->stage. */
void store_stage_discard(struct store *st);

/* ---- processes (store_proc.c) -------------------------------------------- */

/* 1 when the process that wrote a running session is known to be gone:
 * no process has the pid, it is a zombie, or (proc_start not NULL) the
 * pid now names another process. 0 when it runs or this cannot be told
 * (pid <= 0, /proc hidden). Only meaningful on the session's own host. */
int store_proc_gone(int pid, const char *proc_start);

/* This machine's host name, as measure records it, NUL-ended in buf[len].
 * Returns 0, or -1 (buf "") when gethostname fails. */
int store_hostname_get(char *buf, size_t len);

/* ---- recognition (store_open.c), shared with store_merge ---------------- */

/* What store_inspect found. */
struct store_seen {
	int version;		/* schema version; 0 for an empty file */
	int empty;		/* the file is 0 bytes long */
	const char *query;	/* the URI query that reads it without
				 * creating or writing anything (a static
				 * string): "immutable=1" or
				 * "mode=ro&readonly_shm=1"; for a writer
				 * maybe "mode=ro" (see read_query) */
	struct stat sb;		/* the file as it was inspected */
	int changed;		/* on STORE_ERR_BUSY: the file changed while
				 * it was checked (a writer's checkpoint) */
	int wal_exists;		/* a -wal beside it then ... */
	struct stat wal_sb;	/* ... as it was */
};

/* Inspects path, which mode is about to open, without writing anything
 * to it or beside it: its header, then, through a read-only connection
 * opened with seen->query, its identity, version, tables and pages. On
 * success fills *seen and returns 0; with dbp not NULL the connection is
 * handed over in *dbp (the caller closes it; NULL for an empty file),
 * else closed. On failure returns an enum store_error with a one-line
 * reason in err, *dbp NULL. */
int store_inspect(const char *path, enum store_mode mode,
		  struct store_seen *seen, sqlite3 **dbp, char *err,
		  size_t errlen);

/* Writes a "file:" URI for path into a new string, with query appended
 * verbatim (e.g. "mode=ro"; may be NULL). NULL when memory runs out. */
char *store_uri_make(const char *path, const char *query);

/* Configurations with their device (dev) and rank (rn) among the
 * measurements of the same device and configuration key, newest first:
 * rn = 1 is "the latest measurement" that render and export show. Binds
 * ?1 device (0: all), ?2 session (0: all), ?3 suite (NULL: all); src is
 * the configuration table (STORE_CONFIG_SRC for the file's schema). */
/* The config table as schema 5 has it: older files, read as they are,
 * lack the param column and measured none. */
#define STORE_CONFIG_SRC(st) ((st)->version >= 5 ? "config" : \
	"(SELECT *, 0 AS param FROM config)")

/* The n of a configuration's key. A copy (ilp) row is keyed by its count
 * alone: rows written before issue 15 hold floor(log2 count) in n, later
 * ones 0, and a file measured by both must see one configuration per
 * count, the latest, not two. */
#define STORE_CONFIG_N_KEY \
	"CASE WHEN c.suite = '" VOCAB_SUITE_ILP "' THEN 0 ELSE c.n END"

#define STORE_CONFIG_RANKED_SQL(src) \
	"SELECT c.*, s.device_id AS dev, row_number() OVER" \
	" (PARTITION BY s.device_id, c.suite, c.variant, c.m, c.k, " \
	STORE_CONFIG_N_KEY ", c.count, c.block_x, c.block_y, c.ilp," \
	"  c.host_mem, c.precision," \
	"  c.param ORDER BY s.started_at DESC, s.id DESC, c.id DESC) AS rn" \
	" FROM " src " c JOIN session s ON s.id = c.session_id" \
	" WHERE (?1 = 0 OR s.device_id = ?1) AND (?2 = 0 OR s.id = ?2)" \
	" AND (?3 IS NULL OR c.suite = ?3)"

#endif
