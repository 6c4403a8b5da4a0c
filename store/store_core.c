/* Error reporting, transactions and binding helpers shared by store/. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

int store_error_from_sqlite(int rc)
{
	switch (rc & 0xff) {
	case SQLITE_OK:
		return STORE_OK;
	case SQLITE_CORRUPT:
	case SQLITE_NOTADB:
		return STORE_ERR_CORRUPT;
	/* another process's lock, or its recovery of the log in progress
	 * (SQLite gives up with PROTOCOL after retrying a race with one) */
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
	case SQLITE_PROTOCOL:
		return STORE_ERR_BUSY;
	case SQLITE_IOERR:
	case SQLITE_CANTOPEN:
	case SQLITE_READONLY:
	case SQLITE_FULL:
	case SQLITE_PERM:
		return STORE_ERR_IO;
	default:
		return STORE_ERR_INTERNAL;
	}
}

char *store_text_oneline(char *s)
{
	unsigned char *p;

	for (p = (unsigned char *)s; *p; p++)
		if (*p == '\n' || *p == '\r' || *p == '\t')
			*p = ' ';
		else if (*p < 0x20 || *p == 0x7f)
			*p = '?';
	return s;
}

int store_file_changed(const char *path, const struct stat *before)
{
	struct stat now;

	if (stat(path, &now))
		return 1;
	return now.st_dev != before->st_dev || now.st_ino != before->st_ino ||
	       now.st_size != before->st_size ||
	       now.st_mtim.tv_sec != before->st_mtim.tv_sec ||
	       now.st_mtim.tv_nsec != before->st_mtim.tv_nsec;
}

int store_check_at(struct store *st, int rc, const char *file, int line,
		   const char *call)
{
	const char *base, *why;
	int code;

	if (rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE)
		return rc;
	code = store_error_from_sqlite(rc);
	why = st->db ? sqlite3_errmsg(st->db) : sqlite3_errstr(rc);
	/* immutable=1 promised SQLite that nobody writes the file; if a
	 * writer came and checkpointed into it, its pages are not broken,
	 * they moved under the reader */
	if (code == STORE_ERR_CORRUPT && st->immutable &&
	    store_file_changed(st->path, &st->seen)) {
		code = STORE_ERR_BUSY;
		why = "changed while being read (another process writes it); "
		      "try again";
	}
	if (code == STORE_ERR_INTERNAL && (rc & 0xff) == SQLITE_ERROR &&
	    (st->mode == STORE_READ || st->src_attached))
		code = STORE_ERR_FOREIGN;
	st->errcode = code;
	if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED ||
	    (rc & 0xff) == SQLITE_PROTOCOL)
		why = "database is locked by another process; try again";
	base = strrchr(file, '/');
	base = base ? base + 1 : file;
	/* the place in store/ only where the failure is ours */
	if (code == STORE_ERR_FOREIGN || code == STORE_ERR_CORRUPT)
		snprintf(st->errmsg, sizeof(st->errmsg), "'%s': %s (%s)",
			 st->path, code == STORE_ERR_CORRUPT ? "corrupt database"
			 : "not an mmreport database", why);
	else if (code == STORE_ERR_BUSY || code == STORE_ERR_IO)
		snprintf(st->errmsg, sizeof(st->errmsg), "'%s': %s", st->path,
			 why);
	else
		snprintf(st->errmsg, sizeof(st->errmsg), "'%s': %s: %s (%s:%d)",
			 st->path, call, why, base, line);
	store_text_oneline(st->errmsg);
	return code;
}

int store_fail_at(struct store *st, int code, const char *file, int line,
		  const char *fmt, ...)
{
	const char *base = strrchr(file, '/');
	char what[768];
	va_list ap;

	base = base ? base + 1 : file;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	st->errcode = code;
	if (code == STORE_ERR_INTERNAL)
		snprintf(st->errmsg, sizeof(st->errmsg), "'%s': %s (%s:%d)",
			 st->path, what, base, line);
	else
		snprintf(st->errmsg, sizeof(st->errmsg), "'%s': %s", st->path,
			 what);
	store_text_oneline(st->errmsg);
	return code;
}

int store_tx_begin(struct store *st)
{
	int rc = STORE_EXEC(st, "BEGIN IMMEDIATE");

	return rc < 0 ? rc : 0;
}

int store_tx_commit(struct store *st)
{
	int rc = STORE_EXEC(st, "COMMIT");

	return rc < 0 ? rc : 0;
}

void store_tx_rollback(struct store *st)
{
	/* SQLite may already have rolled back (e.g. after SQLITE_FULL). */
	if (!sqlite3_get_autocommit(st->db))
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
}

int store_read_begin(struct store *st)
{
	int rc;

	if (!sqlite3_get_autocommit(st->db))
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "a transaction is "
				  "open already");
	rc = STORE_EXEC(st, "BEGIN DEFERRED");
	/* A deferred transaction takes its lock (or WAL snapshot) at its
	 * first read: take it now, so that the snapshot begins here. */
	if (rc >= 0)
		rc = STORE_EXEC(st, "SELECT count(*) FROM sqlite_master");
	if (rc < 0) {
		store_tx_rollback(st);
		return rc;
	}
	return 0;
}

int store_int_get(sqlite3 *db, const char *sql, int64_t arg, int64_t *v)
{
	sqlite3_stmt *s = NULL;
	int rc;

	rc = sqlite3_prepare_v2(db, sql, -1, &s, NULL);
	if (rc == SQLITE_OK && sqlite3_bind_parameter_count(s))
		rc = sqlite3_bind_int64(s, 1, arg);
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

char *store_path_with(const char *path, const char *suffix)
{
	char *p = malloc(strlen(path) + strlen(suffix) + 1);

	if (p) {
		strcpy(p, path);
		strcat(p, suffix);
	}
	return p;
}

int store_side_stat(const char *path, const char *suffix, struct stat *sb)
{
	char *side = store_path_with(path, suffix);
	int r = side ? stat(side, sb) == 0 : -1;

	if (r == 0 && errno != ENOENT)
		r = -1;
	if (r <= 0)
		memset(sb, 0, sizeof(*sb));
	free(side);
	return r;
}

int store_wal_changed(const char *path, int existed, const struct stat *was)
{
	struct stat now;

	if (store_side_stat(path, "-wal", &now) <= 0)
		return 0;
	return !existed || now.st_ino != was->st_ino ||
	       now.st_size != was->st_size ||
	       now.st_mtim.tv_sec != was->st_mtim.tv_sec ||
	       now.st_mtim.tv_nsec != was->st_mtim.tv_nsec;
}

int store_read_end(struct store *st)
{
	int rc = 0;

	if (!sqlite3_get_autocommit(st->db)) {
		rc = STORE_EXEC(st, "COMMIT");
		if (rc < 0) {
			store_tx_rollback(st);
			return rc;
		}
	}
	/* Read without locks (immutable=1), the snapshot held only if no
	 * writer touched the file meanwhile. A writer writes a -wal before
	 * it can checkpoint into the file, and checkpointing changes the
	 * file's size or time; the time alone may not tick between two
	 * writes (a coarse clock), so a -wal that appeared (or changed)
	 * is reason enough: the next attempt reads under the writer's
	 * locks. */
	if (st->immutable && (store_file_changed(st->path, &st->seen) ||
			      store_wal_changed(st->path, st->wal_existed,
						&st->wal_seen)))
		return STORE_FAIL(st, STORE_ERR_BUSY, "changed while being "
				  "read (another process writes it); try "
				  "again");
	return 0;
}

void store_bind_int(int *b, sqlite3_stmt *s, int i, int64_t v)
{
	if (*b == SQLITE_OK)
		*b = sqlite3_bind_int64(s, i, v);
}

static void store_bind_null(int *b, sqlite3_stmt *s, int i)
{
	if (*b == SQLITE_OK)
		*b = sqlite3_bind_null(s, i);
}

void store_bind_text(int *b, sqlite3_stmt *s, int i, const char *v)
{
	if (*b != SQLITE_OK)
		return;
	if (!v)
		*b = sqlite3_bind_null(s, i);
	else
		*b = sqlite3_bind_text(s, i, v, -1, SQLITE_TRANSIENT);
}

void store_bind_double(int *b, sqlite3_stmt *s, int i, double v)
{
	if (*b != SQLITE_OK)
		return;
	if (v != v)
		*b = sqlite3_bind_null(s, i);
	else
		*b = sqlite3_bind_double(s, i, v);
}

int store_fields_insert_sql(char *buf, size_t len, const char *table,
			    const struct store_field *f, size_t n,
			    size_t nkey, const char *tail)
{
	size_t i, o;

	o = (size_t)snprintf(buf, len, "INSERT INTO %s(", table);
	for (i = 0; i < n && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? ", " : "",
				      f[i].col);
	for (i = 0; i < n && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, f[i].dflt ?
				      "%s%sCOALESCE(?%zu, %s)" : "%s%s?%zu",
				      i ? ", " : "", i ? "" : ") VALUES (",
				      i + 1, f[i].dflt);
	for (i = 0; nkey && i < n && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, i < nkey ? "%s%s" :
				      "%s%s = excluded.%s", i == 0 ?
				      ") ON CONFLICT(" : i == nkey ?
				      ") DO UPDATE SET " : ", ", f[i].col,
				      f[i].col);
	if (o < len)
		o += (size_t)snprintf(buf + o, len - o, "%s%s",
				      nkey && nkey < n ? "" : ")", tail);
	return o >= len;
}

int store_row_upsert_at(struct store *st, const struct store_table *t,
			size_t nkey, const void *obj, const char *file,
			int line)
{
	sqlite3_stmt *q = NULL;
	char sql[4096];
	int rc, b = SQLITE_OK;

	store_fields_insert_sql(sql, sizeof(sql), t->name, t->f, t->n, nkey,
				"");
	rc = store_check_at(st, sqlite3_prepare_v2(st->db, sql, -1, &q, NULL),
			    file, line, "sqlite3_prepare_v2(sql)");
	if (rc >= 0) {
		store_fields_bind(&b, q, 1, t->f, t->n, obj);
		rc = store_check_at(st, b != SQLITE_OK ? b : sqlite3_step(q),
				    file, line, b != SQLITE_OK ?
				    "sqlite3_bind_*" : "sqlite3_step(q)");
	}
	sqlite3_finalize(q);
	return rc > 0 ? 0 : rc;
}

int store_fields_cols(char *buf, size_t len, const struct store_table *t,
		      size_t first, int version, const char *db)
{
	size_t i, o = 0;

	buf[0] = '\0';
	for (i = first; i < t->n && o < len; i++) {
		const struct store_field *f = &t->f[i];

		o += (size_t)snprintf(buf + o, len - o, "%s", i > first ?
				      ", " : "");
		if (f->since <= version)
			o += (size_t)snprintf(buf + o, len - o, "%s", f->col);
		else if (o < len)
			o += (size_t)snprintf(buf + o, len - o, f->absent ?
					      f->absent : "NULL", db, db);
	}
	return o >= len;
}

void store_fields_bind(int *b, sqlite3_stmt *q, int first,
		       const struct store_field *f, size_t n, const void *obj)
{
	const char *base = obj;
	size_t i;

	for (i = 0; i < n; i++) {
		const void *v = base + f[i].off;
		const char *t;
		int at = first + (int)i, null = 0, iv;
		int64_t l = 0;
		double d;

		switch (f[i].kind) {
		case SF_TEXT:
		case SF_TEXT_EMPTY:
			t = *(char *const *)v;
			store_bind_text(b, q, at, t || f[i].kind == SF_TEXT ?
					t : "");
			continue;
		case SF_INT:
		case SF_BOOL:
		case SF_TRI:
		case SF_INT_OPT:
		case SF_POS_INT:
			iv = *(const int *)v;
			null = f[i].kind == SF_TRI || f[i].kind == SF_INT_OPT ?
			       iv < 0 :
			       f[i].kind == SF_POS_INT && iv <= 0;
			l = f[i].kind == SF_BOOL || f[i].kind == SF_TRI ?
			    iv != 0 : iv;
			break;
		case SF_I64:
		case SF_KNOWN_I64:
		case SF_COUNT:
			l = *(const int64_t *)v;
			null = f[i].kind == SF_COUNT ? l < 0 :
			       f[i].kind == SF_KNOWN_I64 && l == 0;
			break;
		case SF_U64:
		case SF_HAS_U64:
			/* the bit pattern kept: memcpy avoids the
			 * implementation-defined conversion */
			memcpy(&l, v, sizeof(l));
			null = f[i].kind == SF_HAS_U64 &&
			       !*(const int *)(base + f[i].has);
			break;
		default:
			d = *(const double *)v;
			null = (f[i].kind == SF_HAS_DOUBLE &&
				!*(const int *)(base + f[i].has)) ||
			       (f[i].kind == SF_KNOWN && d == 0) ||
			       (f[i].kind == SF_POS && !(d > 0));
			if (null)
				store_bind_null(b, q, at);
			else
				store_bind_double(b, q, at, d);
			continue;
		}
		if (null)
			store_bind_null(b, q, at);
		else
			store_bind_int(b, q, at, l);
	}
}

int store_fields_read(struct store *st, sqlite3_stmt *q, int first,
		      const struct store_field *f, size_t n, void *obj)
{
	char *base = obj;
	size_t i;
	int rc;

	for (i = 0; i < n; i++) {
		void *v = base + f[i].off;
		int at = first + (int)i;
		int null = sqlite3_column_type(q, at) == SQLITE_NULL;
		int64_t l = sqlite3_column_int64(q, at);

		switch (f[i].kind) {
		case SF_TEXT:
		case SF_TEXT_EMPTY:
			rc = store_col_strdup(st, q, at, (char **)v);
			if (rc)
				return rc;
			break;
		case SF_INT:
		case SF_POS_INT:
			*(int *)v = (int)l;
			break;
		case SF_BOOL:
			*(int *)v = l != 0;
			break;
		case SF_TRI:
		case SF_INT_OPT:
			*(int *)v = null ? -1 : l > 0 && f[i].kind == SF_TRI ?
				    1 : (int)l;
			break;
		case SF_I64:
		case SF_KNOWN_I64:
			*(int64_t *)v = l;
			break;
		case SF_COUNT:
			*(int64_t *)v = null ? -1 : l;
			break;
		case SF_HAS_U64:
			*(int *)(base + f[i].has) = !null;
			/* fall through */
		case SF_U64:
			memcpy(v, &l, sizeof(l));
			break;
		case SF_HAS_DOUBLE:
			*(int *)(base + f[i].has) = !null;
			*(double *)v = null ? 0 : sqlite3_column_double(q, at);
			break;
		default:
			*(double *)v = null ? NAN :
				       sqlite3_column_double(q, at);
			break;
		}
	}
	return 0;
}

void store_fields_free(const struct store_field *f, size_t n, void *rows,
		       size_t nrows, size_t size)
{
	size_t i, r;

	for (r = 0; rows && r < nrows; r++)
		for (i = 0; i < n; i++)
			if (f[i].kind == SF_TEXT || f[i].kind == SF_TEXT_EMPTY)
				free(*(char **)((char *)rows + r * size +
						f[i].off));
}

int store_col_strdup(struct store *st, sqlite3_stmt *s, int i, char **out)
{
	const unsigned char *t;

	*out = NULL;
	if (sqlite3_column_type(s, i) == SQLITE_NULL)
		return 0;
	t = sqlite3_column_text(s, i);
	if (!t)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "out of memory");
	*out = strdup((const char *)t);
	if (!*out)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "out of memory");
	return 0;
}

int store_rows_read(struct store *st, sqlite3_stmt *q, int b,
		    const size_t *ids, int nids, const struct store_field *f,
		    size_t nf, size_t size, void **rows, size_t *n)
{
	size_t cap = 0;
	char *row;
	int rc, i;

	*rows = NULL;
	*n = 0;
	while ((rc = STORE_STEP(st, b, q)) == SQLITE_ROW) {
		rc = store_grow(st, rows, size, &cap, *n + 1);
		if (rc)
			break;
		row = (char *)*rows + (*n)++ * size;
		for (i = 0; i < nids; i++)
			*(int64_t *)(row + ids[i]) = sqlite3_column_int64(q, i);
		rc = store_fields_read(st, q, nids, f, nf, row);
		if (rc)
			break;
	}
	if (rc >= 0)
		return 0;
	store_fields_free(f, nf, *rows, *n, size);
	free(*rows);
	*rows = NULL;
	*n = 0;
	return rc;
}

int store_grow(struct store *st, void **arr, size_t sz, size_t *cap,
	       size_t want)
{
	size_t ncap = *cap ? *cap : 8;
	void *p;

	if (want <= *cap)
		return 0;
	while (ncap < want)
		ncap *= 2;
	p = realloc(*arr, ncap * sz);
	if (!p)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "out of memory");
	/* Zeroed so that a partly filled array is safe to free. */
	memset((char *)p + *cap * sz, 0, (ncap - *cap) * sz);
	*arr = p;
	*cap = ncap;
	return 0;
}

void store_uuid_new(char out[37])
{
	unsigned char b[16];
	static const char hex[] = "0123456789abcdef";
	int i, o = 0;

	sqlite3_randomness(sizeof(b), b);
	b[6] = (unsigned char)((b[6] & 0x0f) | 0x40);	/* version 4 */
	b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);	/* RFC 4122 variant */
	for (i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			out[o++] = '-';
		out[o++] = hex[b[i] >> 4];
		out[o++] = hex[b[i] & 0x0f];
	}
	out[o] = '\0';
}

size_t store_utf8_seq(const char *str, unsigned *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned c = s[0], v;
	size_t n, i;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		v = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		v = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		v = c & 0x07;
	} else {
		return 0;
	}
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10ffff))
	    || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return n;
}

char *store_utf8_fix(char *s)
{
	char *p = s;
	unsigned cp;
	size_t n;

	while (p && *p) {
		n = store_utf8_seq(p, &cp);
		if (n) {
			p += n;
		} else {
			*p = '?';
			p++;
		}
	}
	return s;
}
