/* A new database that appears whole or not at all: built in a private
 * file beside its path and put there by one rename (or link), so that two
 * processes creating one file at once never see each other's half-made
 * file, and a creation that fails leaves nothing behind (issue 29). */
#define _GNU_SOURCE		/* renameat2 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store_internal.h"

/* Removes the private file and whatever SQLite left beside it. */
static void stage_remove(const char *stage)
{
	static const char *const sides[] = { "", "-wal", "-shm", "-journal" };
	size_t i;

	for (i = 0; i < sizeof(sides) / sizeof(sides[0]); i++) {
		char *p = store_path_with(stage, sides[i]);

		if (p)
			unlink(p);
		free(p);
	}
}

/* Creates an empty private file beside path (mode as a new file gets,
 * or the mode of the empty file at path); its name in *stage. */
static int stage_make(const char *path, const struct stat *empty,
		      char **stage, char *err, size_t errlen)
{
	mode_t mask = umask(0);
	int fd;

	umask(mask);
	*stage = store_path_with(path, ".tmp-XXXXXX");
	if (!*stage) {
		snprintf(err, errlen, "out of memory");
		return STORE_ERR_INTERNAL;
	}
	fd = mkstemp(*stage);
	if (fd < 0) {
		snprintf(err, errlen, "cannot create a file beside it: %s",
			 strerror(errno));
		free(*stage);
		*stage = NULL;
		return STORE_ERR_IO;
	}
	/* mkstemp makes it 0600: 0644 as SQLite creates a database, less
	 * the umask */
	(void)fchmod(fd, empty ? empty->st_mode & 07777 : 0644 & ~mask);
	close(fd);
	return 0;
}

int store_open_staged(const char *path, struct store **out, int *staged,
		      char *err, size_t errlen)
{
	struct stat sb;
	char *stage = NULL, *final = NULL;
	int rc, empty;

	*staged = 0;
	*out = NULL;
	/* a link is followed as SQLite follows it, in place */
	if (lstat(path, &sb) == 0)
		empty = S_ISREG(sb.st_mode) && sb.st_size == 0;
	else
		empty = errno == ENOENT ? -1 : 0;
	/* a file with content (or one that cannot be looked at): opened
	 * as it is, and refused as store_open refuses it */
	if (!empty)
		return store_open(path, STORE_CREATE, out, err, errlen);
	rc = stage_make(path, empty > 0 ? &sb : NULL, &stage, err, errlen);
	if (rc)
		return rc;
	final = strdup(path);
	if (!final) {
		snprintf(err, errlen, "out of memory");
		rc = STORE_ERR_INTERNAL;
		goto fail;
	}
	rc = store_open(stage, STORE_CREATE, out, err, errlen);
	if (rc)
		goto fail;
	/* messages name the file the caller asked for */
	free((*out)->path);
	(*out)->path = final;
	(*out)->stage = stage;
	*staged = 1;
	return 0;
fail:
	free(final);
	stage_remove(stage);
	free(stage);
	return rc;
}

/* Puts stage at path if path holds an empty file, under that file's
 * write lock, so that no SQLite writer of it is initialising it in
 * place meanwhile: 0 with *placed 1, or 0 with *placed 0 when it is not
 * empty; STORE_AGAIN_PLACE when path names no file or another one than
 * the one locked. */
#define STORE_AGAIN_PLACE 1
static int replace_empty(const char *stage, const char *path, int *placed,
			 char *err, size_t errlen)
{
	char *uri = store_uri_make(path, NULL);
	sqlite3 *db = NULL;
	struct stat sb;
	int rc, moved = 0, code = 0;

	*placed = 0;
	if (!uri) {
		snprintf(err, errlen, "out of memory");
		return STORE_ERR_INTERNAL;
	}
	rc = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READWRITE |
			     SQLITE_OPEN_URI, NULL);
	free(uri);
	if (rc == SQLITE_OK)
		rc = sqlite3_busy_timeout(db, 5000);
	/* the write lock; nothing is written */
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc != SQLITE_OK) {
		if (stat(path, &sb) && errno == ENOENT) {
			code = STORE_AGAIN_PLACE;
		} else {
			code = store_error_from_sqlite(rc);
			snprintf(err, errlen, "%s", code == STORE_ERR_BUSY ?
				 "database is locked by another process; "
				 "try again" : db ? sqlite3_errmsg(db) :
				 sqlite3_errstr(rc));
		}
		goto out;
	}
	if (sqlite3_file_control(db, "main", SQLITE_FCNTL_HAS_MOVED,
				 &moved) != SQLITE_OK || moved ||
	    stat(path, &sb)) {
		code = STORE_AGAIN_PLACE;
		goto out;
	}
	if (!S_ISREG(sb.st_mode) || sb.st_size != 0)
		goto out;	/* another process's database now */
	if (rename(stage, path)) {
		snprintf(err, errlen, "%s", strerror(errno));
		code = STORE_ERR_IO;
		goto out;
	}
	*placed = 1;
out:
	if (db && !sqlite3_get_autocommit(db))
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close(db);
	return code;
}

/* Puts stage at path unless path holds a database: see store_publish. */
static int stage_place(const char *stage, const char *path, int *placed,
		       char *err, size_t errlen)
{
	int tries, rc;

	for (tries = 0; tries < 8; tries++) {
		*placed = 1;
		/* a move that replaces nothing; where the file system cannot
		 * (NFS), a second name, the private one removed after */
		if (renameat2(AT_FDCWD, stage, AT_FDCWD, path,
			      RENAME_NOREPLACE) == 0)
			return 0;
		if (errno != EEXIST && link(stage, path) == 0)
			return 0;
		if (errno != EEXIST) {
			snprintf(err, errlen, "%s", strerror(errno));
			return STORE_ERR_IO;
		}
		rc = replace_empty(stage, path, placed, err, errlen);
		if (rc != STORE_AGAIN_PLACE)
			return rc;
	}
	snprintf(err, errlen, "changed while being created (another process "
		 "creates it); try again");
	return STORE_ERR_BUSY;
}

void store_stage_discard(struct store *st)
{
	stage_remove(st->stage);
	free(st->stage);
	st->stage = NULL;
}

int store_publish(struct store *st, int *placed, char *err, size_t errlen)
{
	char *stage, *wal;
	int rc = 0, left;

	*placed = 1;
	if (!st)
		return STORE_ERR_INTERNAL;
	if (!st->stage) {
		store_free(st);
		return 0;
	}
	stage = st->stage;
	st->stage = NULL;
	/* The last connection checkpoints and removes the -wal: the file
	 * alone is then the whole database. */
	rc = sqlite3_close(st->db);
	if (rc != SQLITE_OK)
		sqlite3_close_v2(st->db);	/* a statement leaked */
	st->db = NULL;
	wal = store_path_with(stage, "-wal");
	left = !wal || access(wal, F_OK) == 0;
	free(wal);
	if (rc != SQLITE_OK || left) {
		snprintf(err, errlen, "cannot complete the new file: %s",
			 rc != SQLITE_OK ? sqlite3_errstr(rc)
					 : "its log remains");
		rc = rc != SQLITE_OK ? STORE_ERR_INTERNAL : STORE_ERR_IO;
	} else {
		rc = stage_place(stage, st->path, placed, err, errlen);
	}
	if (rc)
		*placed = 0;
	/* after a link (or a refusal) the private name goes; after a
	 * rename it is gone already */
	unlink(stage);
	if (rc)
		stage_remove(stage);
	free(stage);
	store_free(st);
	return rc;
}
