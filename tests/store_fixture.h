/* Helpers shared by the store tests: temporary directories, file
 * snapshots, fixture data and a dump of every table. */
#ifndef MMREPORT_TEST_STORE_FIXTURE_H
#define MMREPORT_TEST_STORE_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "store.h"

/* A fresh directory under $TMPDIR (or /tmp); fx_dir_remove deletes it
 * with the files in it. */
char *fx_dir_make(void);
void fx_dir_remove(char *dir);
/* dir/name, allocated. */
char *fx_path(const char *dir, const char *name);

int fx_exists(const char *path);
/* 1 when path-wal, path-shm or path-journal exists. */
int fx_side_files(const char *path);

/* The bytes of a file, to compare after an operation. */
struct fx_snap {
	unsigned char *buf;
	size_t len;
	int exists;
};
void fx_snap_take(const char *path, struct fx_snap *s);
/* Fails the test unless path holds exactly the snapshot's bytes. */
void fx_snap_assert(const char *path, const struct fx_snap *s);
void fx_snap_free(struct fx_snap *s);

void fx_file_write(const char *path, const void *buf, size_t len);
/* Overwrites len bytes at offset with a pattern that is no valid b-tree
 * page header. */
void fx_file_clobber(const char *path, long offset, size_t len);

/* Runs SQL on path through a plain SQLite connection (test setup only). */
void fx_sql(const char *path, const char *sql);
/* A single integer answer of sql on path. */
int64_t fx_sql_int(const char *path, const char *sql);
/* Every row of every mmreport table, in key order, as text. */
char *fx_dump(const char *path);

/* Opens path in mode, failing the test on error. */
struct store *fx_open(const char *path, enum store_mode mode);

/* Fixture data. Strings point to literals or static storage. */
int64_t fx_device(struct store *st, const char *uuid, const char *name);
int64_t fx_session(struct store *st, int64_t device, const char *uuid,
		   const char *started_at);
/* A configuration of the "versions" suite at size n, block b, with
 * metrics "kernel" (ms) and "gflops" whose samples are base + i / 100;
 * returns its id. */
int64_t fx_config(struct store *st, int64_t session, const char *variant,
		  int n, int b, const char *status, double base,
		  int keep_samples);

/* Creates a schema-1 file at path with raw SQL, as mmreport 1 wrote it:
 * one device, two sessions (the first with samples, the second without),
 * a kattr row, and a configuration with statistics in each session. */
void fx_v1_file(const char *path);

/* Creates a schema-2 file at path with raw SQL, as mmreport 2 wrote it:
 * device 'GPU-v2'; sessions 'S-v2-a' (complete, samples kept, host
 * 'old2') and 'S-v2-b' (running, slim, host 'old2'); a kattr row with
 * local_bytes 8; configuration 1 (v2, n 64, with statistics and samples)
 * in the first session and 2 (v3, n 128, statistics only) in the second. */
void fx_v2_file(const char *path);

/* The single integer answer of sql, run with ?1 bound to the JSON text
 * json on an in-memory SQLite database (its JSON functions). */
int64_t fx_json_int(const char *json, const char *sql);
/* The same for a text answer; NULL for SQL NULL. Caller frees. */
char *fx_json_text(const char *json, const char *sql);

#endif
