/* store_open: creation, recognition, refusal (foreign, corrupt, newer,
 * missing: each file byte-identical afterwards with no side file),
 * migration from schemas 1 and 2, read-only use of older files. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "store.h"
#include "store_fixture.h"
#include "store_schema.h"

static const enum store_mode all_modes[] = {
	STORE_READ, STORE_WRITE, STORE_CREATE
};

static int setup(void **state)
{
	*state = fx_dir_make();
	return 0;
}

static int teardown(void **state)
{
	fx_dir_remove(*state);
	return 0;
}

/* Opens path in every mode expecting want; the file must not change and
 * no -wal/-shm/-journal may appear. */
static void assert_refused(const char *path, int want)
{
	struct fx_snap before;
	char err[512];
	size_t i;

	assert_false(fx_side_files(path));
	fx_snap_take(path, &before);
	for (i = 0; i < 3; i++) {
		struct store *st = (struct store *)&before;

		err[0] = '\0';
		assert_int_equal(store_open(path, all_modes[i], &st, err,
					    sizeof(err)), want);
		assert_null(st);
		assert_true(err[0] != '\0');
		print_message("mode %d refused: %s\n", (int)all_modes[i], err);
		fx_snap_assert(path, &before);
		assert_false(fx_side_files(path));
	}
	fx_snap_free(&before);
}

/* A small but complete mmreport file at path. */
static void make_db(const char *path)
{
	struct store *st = fx_open(path, STORE_CREATE);
	int64_t d = fx_device(st, "GPU-aaaa", "Test GPU");
	int64_t s = fx_session(st, d, "S-1", "2026-01-01T00:00:00Z");

	fx_config(st, s, "v2", 64, 16, "ok", 1.0, 1);
	fx_config(st, s, "v2", 128, 16, "ok", 2.0, 1);
	store_free(st);
	assert_false(fx_side_files(path));
}

static void create_new(void **state)
{
	char *path = fx_path(*state, "new.db");
	struct store *st;

	st = fx_open(path, STORE_CREATE);
	store_free(st);
	assert_true(fx_exists(path));
	assert_false(fx_side_files(path));
	assert_int_equal(fx_sql_int(path, "PRAGMA user_version"),
			 STORE_SCHEMA_VERSION);
	assert_int_equal(fx_sql_int(path, "PRAGMA application_id"),
			 STORE_APPLICATION_ID);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM sqlite_master"
				    " WHERE type = 'table'"),
			 store_schema_ntables);
	st = fx_open(path, STORE_WRITE);
	assert_int_equal(store_integrity_check(st), 0);
	store_free(st);
	st = fx_open(path, STORE_READ);
	store_free(st);
	assert_false(fx_side_files(path));
	free(path);
}

static void header_is_wal(void **state)
{
	char *path = fx_path(*state, "wal.db");
	struct fx_snap s;

	make_db(path);
	fx_snap_take(path, &s);
	assert_true(s.len >= 100);
	assert_int_equal(s.buf[18], 2);
	assert_int_equal(s.buf[19], 2);
	fx_snap_free(&s);
	free(path);
}

static void missing_not_created(void **state)
{
	char *path = fx_path(*state, "missing.db");
	struct store *st = NULL;
	char err[256];

	assert_int_equal(store_open(path, STORE_READ, &st, err, sizeof(err)),
			 STORE_ERR_MISSING);
	assert_null(st);
	assert_int_equal(store_open(path, STORE_WRITE, &st, err, sizeof(err)),
			 STORE_ERR_MISSING);
	assert_null(st);
	assert_false(fx_exists(path));
	assert_false(fx_side_files(path));
	free(path);
}

static void create_in_missing_dir(void **state)
{
	char *path = fx_path(*state, "no/such/dir.db");
	struct store *st = NULL;
	char err[256];

	assert_int_equal(store_open(path, STORE_CREATE, &st, err,
				    sizeof(err)), STORE_ERR_IO);
	assert_null(st);
	assert_false(fx_exists(path));
	free(path);
}

static void empty_file(void **state)
{
	char *path = fx_path(*state, "empty.db");
	struct store *st = NULL;
	struct fx_snap s;
	char err[256];

	fx_file_write(path, "", 0);
	assert_int_equal(store_open(path, STORE_READ, &st, err, sizeof(err)),
			 STORE_ERR_FOREIGN);
	assert_int_equal(store_open(path, STORE_WRITE, &st, err, sizeof(err)),
			 STORE_ERR_FOREIGN);
	fx_snap_take(path, &s);
	assert_int_equal(s.len, 0);
	fx_snap_free(&s);
	assert_false(fx_side_files(path));
	/* CREATE initialises an empty file like a missing one. */
	st = fx_open(path, STORE_CREATE);
	store_free(st);
	assert_int_equal(fx_sql_int(path, "PRAGMA user_version"),
			 STORE_SCHEMA_VERSION);
	free(path);
}

static void refuse_foreign(void **state)
{
	char *rollback = fx_path(*state, "people.db");
	char *wal = fx_path(*state, "people-wal.db");
	char *forged = fx_path(*state, "forged.db");
	char *blank = fx_path(*state, "blank.db");
	char sql[256];

	fx_sql(rollback, "CREATE TABLE people(name TEXT, age INTEGER);"
	       "INSERT INTO people VALUES ('Ada', 36);");
	assert_refused(rollback, STORE_ERR_FOREIGN);

	fx_sql(wal, "PRAGMA journal_mode = WAL;"
	       "CREATE TABLE device(uuid TEXT); CREATE TABLE t(x);"
	       "INSERT INTO t VALUES (1);");
	assert_refused(wal, STORE_ERR_FOREIGN);

	/* Our application id without our tables. */
	snprintf(sql, sizeof(sql), "PRAGMA application_id = %d;"
		 "PRAGMA user_version = 2; CREATE TABLE t(x);",
		 STORE_APPLICATION_ID);
	fx_sql(forged, sql);
	assert_refused(forged, STORE_ERR_FOREIGN);

	/* A valid SQLite file with nothing in it is not ours either. */
	fx_sql(blank, "PRAGMA user_version = 0; CREATE TABLE t(x);"
	       "DROP TABLE t;");
	assert_refused(blank, STORE_ERR_FOREIGN);
	free(rollback);
	free(wal);
	free(forged);
	free(blank);
}

static void refuse_not_sqlite(void **state)
{
	char *rnd = fx_path(*state, "random.db");
	char *txt = fx_path(*state, "notes.txt");
	unsigned char buf[8192];
	uint32_t r = 2024;
	size_t i;

	for (i = 0; i < sizeof(buf); i++) {
		r = r * 1664525u + 1013904223u;
		buf[i] = (unsigned char)(r >> 24);
	}
	fx_file_write(rnd, buf, sizeof(buf));
	assert_refused(rnd, STORE_ERR_CORRUPT);
	fx_file_write(txt, "hello\n", 6);
	assert_refused(txt, STORE_ERR_CORRUPT);
	free(rnd);
	free(txt);
}

/* The schema page (page 1 after its 100-byte header) overwritten. */
static void refuse_clobbered_schema_page(void **state)
{
	char *path = fx_path(*state, "clobber1.db");
	long psize;

	make_db(path);
	psize = (long)fx_sql_int(path, "PRAGMA page_size");
	fx_file_clobber(path, 100, (size_t)psize - 100);
	assert_refused(path, STORE_ERR_CORRUPT);
	free(path);
}

/* The root page of the config table overwritten. */
static void refuse_clobbered_table_page(void **state)
{
	char *path = fx_path(*state, "clobber2.db");
	int64_t root, psize;

	make_db(path);
	root = fx_sql_int(path, "SELECT rootpage FROM sqlite_master"
			  " WHERE name = 'config'");
	psize = fx_sql_int(path, "PRAGMA page_size");
	assert_true(root > 1);
	fx_file_clobber(path, (long)((root - 1) * psize), (size_t)psize);
	assert_refused(path, STORE_ERR_CORRUPT);
	free(path);
}

/* Deep damage that opening cannot see: the integrity check must. */
static void integrity_finds_damage(void **state)
{
	char *path = fx_path(*state, "deep.db");
	struct store *st;
	int64_t d, s, pages, psize;
	char err[512];
	int i, rc;

	st = fx_open(path, STORE_CREATE);
	d = fx_device(st, "GPU-deep", "Deep");
	s = fx_session(st, d, "S-deep", "2026-01-01T00:00:00Z");
	for (i = 0; i < 200; i++)
		fx_config(st, s, "v3", 16 * (i + 1), 16, "ok", 1.0 + i, 1);
	assert_int_equal(store_integrity_check(st), 0);
	store_free(st);
	pages = fx_sql_int(path, "PRAGMA page_count");
	psize = fx_sql_int(path, "PRAGMA page_size");
	assert_true(pages > 20);
	fx_file_clobber(path, (long)((pages / 2) * psize), (size_t)psize);

	st = NULL;
	rc = store_open(path, STORE_READ, &st, err, sizeof(err));
	if (rc) {
		assert_int_equal(rc, STORE_ERR_CORRUPT);
	} else {
		assert_int_equal(store_integrity_check(st), STORE_ERR_CORRUPT);
		assert_non_null(strstr(store_errmsg(st), "integrity"));
		store_free(st);
	}
	free(path);
}

static void refuse_newer(void **state)
{
	char *path = fx_path(*state, "newer.db");

	make_db(path);
	fx_sql(path, "PRAGMA user_version = 999");
	assert_false(fx_side_files(path));
	assert_refused(path, STORE_ERR_NEWER);
	free(path);
}

static void file_copy(const char *from, const char *to)
{
	struct fx_snap s;

	fx_snap_take(from, &s);
	assert_true(s.exists);
	fx_file_write(to, s.buf, s.len);
	fx_snap_free(&s);
}

/* The newer version only in the write-ahead log of a crashed writer: the
 * header on disk still says 2. With the writer's -shm beside it every
 * mode sees the log and refuses the file as newer, and nothing changes,
 * the -wal and -shm included. Without the -shm (the -wal copied alone),
 * a writer may rebuild the index but a reader may not create it: the
 * reader refuses the file as unreadable, saying why, and makes no -shm
 * (issue 15). */
static void refuse_newer_in_wal(void **state)
{
	char *path = fx_path(*state, "live.db");
	char *wal = fx_path(*state, "live.db-wal");
	char *shm = fx_path(*state, "live.db-shm");
	char *copy = fx_path(*state, "crashed.db");
	char *copy_wal = fx_path(*state, "crashed.db-wal");
	char *copy_shm = fx_path(*state, "crashed.db-shm");
	struct fx_snap db_before, wal_before, shm_before;
	struct store *st = NULL;
	sqlite3 *db = NULL;
	char err[512];
	size_t i;

	make_db(path);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "PRAGMA wal_autocheckpoint = 0;"
				      "PRAGMA user_version = 999;", NULL, NULL,
				      NULL), SQLITE_OK);
	file_copy(path, copy);
	file_copy(wal, copy_wal);
	file_copy(shm, copy_shm);
	sqlite3_close(db);

	fx_snap_take(copy, &db_before);
	fx_snap_take(copy_wal, &wal_before);
	fx_snap_take(copy_shm, &shm_before);
	assert_int_equal(db_before.buf[60], 0);
	assert_int_equal(db_before.buf[63], STORE_SCHEMA_VERSION);
	for (i = 0; i < 3; i++) {
		assert_int_equal(store_open(copy, all_modes[i], &st, err,
					    sizeof(err)), STORE_ERR_NEWER);
		assert_null(st);
		fx_snap_assert(copy, &db_before);
		fx_snap_assert(copy_wal, &wal_before);
		if (all_modes[i] == STORE_READ)
			fx_snap_assert(copy_shm, &shm_before);
	}

	assert_int_equal(remove(copy_shm), 0);
	assert_int_equal(store_open(copy, STORE_READ, &st, err, sizeof(err)),
			 STORE_ERR_IO);
	print_message("read without -shm: %s\n", err);
	assert_null(st);
	assert_non_null(strstr(err, "-shm"));
	assert_false(fx_exists(copy_shm));
	fx_snap_assert(copy, &db_before);
	fx_snap_assert(copy_wal, &wal_before);
	for (i = 1; i < 3; i++)
		assert_int_equal(store_open(copy, all_modes[i], &st, err,
					    sizeof(err)), STORE_ERR_NEWER);
	fx_snap_assert(copy, &db_before);
	fx_snap_assert(copy_wal, &wal_before);
	fx_snap_free(&db_before);
	fx_snap_free(&wal_before);
	fx_snap_free(&shm_before);
	free(path);
	free(wal);
	free(shm);
	free(copy);
	free(copy_wal);
	free(copy_shm);
}

/* STORE_READ writes nothing, not even on close, and refuses writes. */
static void read_only_use(void **state)
{
	char *path = fx_path(*state, "ro.db");
	struct store_config *cs = NULL;
	struct store_kernel k = { 1, (char *)"v2", NULL, NULL, 0, 0 };
	struct fx_snap before;
	struct store *st;
	size_t n = 0;

	make_db(path);
	fx_snap_take(path, &before);
	st = fx_open(path, STORE_READ);
	assert_int_equal(store_config_list(st, NULL, &cs, &n), 0);
	assert_int_equal(n, 2);
	store_configs_free(cs, n);
	assert_true(store_kernel_insert(st, &k) < 0);
	assert_non_null(strstr(store_errmsg(st), "readonly"));
	store_free(st);
	fx_snap_assert(path, &before);
	assert_false(fx_side_files(path));
	fx_snap_free(&before);
	free(path);
}

/* An SQLite failure names the database, the call, SQLite's reason and
 * where in store/ it happened. */
static void error_message(void **state)
{
	char *path = fx_path(*state, "err.db");
	struct store_kernel k = { 12345, (char *)"v2", NULL, NULL, 0, 0 };
	struct store *st;
	const char *msg;

	make_db(path);
	st = fx_open(path, STORE_WRITE);
	assert_int_equal(store_kernel_insert(st, &k), STORE_ERR_INTERNAL);
	msg = store_errmsg(st);
	print_message("%s\n", msg);
	assert_non_null(strstr(msg, path));
	assert_non_null(strstr(msg, "sqlite3_step"));
	assert_non_null(strstr(msg, "FOREIGN KEY constraint failed"));
	assert_non_null(strstr(msg, "store_kernel.c:"));
	store_free(st);
	free(path);
}

static void check_v1_content(struct store *st)
{
	struct store_session *ss = NULL;
	struct store_kattr *ka = NULL;
	struct store_config *cs = NULL;
	struct store_stat *stt = NULL;
	double *v = NULL;
	size_t n = 0, nk = 0, nc = 0, ns = 0, nv = 0;

	assert_int_equal(store_session_list(st, &ss, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(ss[0].uuid, "S-v1-a");
	assert_int_equal(ss[0].keep_samples, 1);	/* has samples */
	assert_int_equal(ss[1].keep_samples, 0);
	assert_string_equal(ss[1].status, "interrupted");
	assert_true(ss[0].seed == 7);
	assert_int_equal(store_kattr_list(st, ss[0].id, &ka, &nk), 0);
	assert_int_equal(nk, 1);
	assert_int_equal(ka[0].local_bytes, -1);	/* unknown */
	assert_int_equal(ka[0].threads_per_block, 256);
	assert_string_equal(ka[0].limiter, "warps");
	assert_int_equal(store_config_list(st, NULL, &cs, &nc), 0);
	assert_int_equal(nc, 2);
	assert_int_equal(cs[0].n, 64);
	assert_int_equal(cs[0].device_id, 1);
	/* Schema 3's fields: unknown, read or migrated alike. */
	assert_int_equal(ss[0].cold, -1);
	assert_int_equal(ss[1].pid, 0);
	assert_null(ss[1].timer);
	assert_true(isnan(cs[0].working_set));
	assert_true(cs[1].grp == 0);
	assert_int_equal(cs[1].has_throttle, 0);
	assert_null(cs[1].regime);
	assert_int_equal(store_stat_list(st, cs[0].id, &stt, &ns), 0);
	assert_int_equal(ns, 1);
	assert_true(stt[0].s.mean == 2 && stt[0].s.p95 == 2.9);
	assert_int_equal(store_sample_get(st, cs[0].id, "kernel", &v, &nv),
			 0);
	assert_int_equal(nv, 2);
	assert_true(v[0] == 3 && v[1] == 1);
	free(v);
	assert_int_equal(store_sample_get(st, cs[1].id, "kernel", &v, &nv),
			 0);
	assert_int_equal(nv, 0);
	assert_null(v);
	store_sessions_free(ss, n);
	store_kattrs_free(ka, nk);
	store_configs_free(cs, nc);
	store_stats_free(stt, ns);
}

static void migrate_from_v1(void **state)
{
	char *path = fx_path(*state, "v1.db");
	char *fresh = fx_path(*state, "fresh.db");
	struct store_kattr a = {
		.session_id = 1, .variant = (char *)"v3", .block_x = 8,
		.block_y = 8, .local_bytes = 24, .occupancy = 0.5,
	};
	struct store_kattr *ka = NULL;
	struct fx_snap before;
	struct store *st;
	size_t nk = 0;

	fx_v1_file(path);
	assert_false(fx_side_files(path));
	assert_int_equal(fx_sql_int(path, "PRAGMA user_version"), 1);

	/* Read as it is, without a write. */
	fx_snap_take(path, &before);
	st = fx_open(path, STORE_READ);
	check_v1_content(st);
	store_free(st);
	fx_snap_assert(path, &before);
	assert_false(fx_side_files(path));
	fx_snap_free(&before);

	/* Migrated forward by a writer, data kept. */
	st = fx_open(path, STORE_WRITE);
	check_v1_content(st);
	assert_int_equal(store_kattr_insert(st, &a), 0);
	assert_int_equal(store_kattr_list(st, 1, &ka, &nk), 0);
	assert_int_equal(nk, 2);
	assert_int_equal(ka[1].local_bytes, 24);
	store_kattrs_free(ka, nk);
	assert_int_equal(store_integrity_check(st), 0);
	store_free(st);
	assert_int_equal(fx_sql_int(path, "PRAGMA user_version"),
			 STORE_SCHEMA_VERSION);
	assert_int_equal(fx_sql_int(path, "PRAGMA application_id"),
			 STORE_APPLICATION_ID);
	assert_int_equal(fx_sql_int(path, "SELECT keep_samples FROM session"
				    " WHERE uuid = 'S-v1-a'"), 1);
	assert_int_equal(fx_sql_int(path, "SELECT keep_samples FROM session"
				    " WHERE uuid = 'S-v1-b'"), 0);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM sqlite_master"
				    " WHERE name = 'config_key'"), 1);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM"
				    " pragma_foreign_key_check"), 0);

	/* Same shape as a file created at the current version. */
	store_free(fx_open(fresh, STORE_CREATE));
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM"
				    " pragma_table_info('session')"),
			 fx_sql_int(fresh, "SELECT count(*) FROM"
				    " pragma_table_info('session')"));
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM"
				    " pragma_table_info('kattr')"),
			 fx_sql_int(fresh, "SELECT count(*) FROM"
				    " pragma_table_info('kattr')"));
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM"
				    " sqlite_master"),
			 fx_sql_int(fresh, "SELECT count(*) FROM"
				    " sqlite_master"));

	/* Opening the migrated file again changes nothing. */
	fx_snap_take(path, &before);
	store_free(fx_open(path, STORE_WRITE));
	fx_snap_assert(path, &before);
	fx_snap_free(&before);
	free(path);
	free(fresh);
}

static void create_mode_migrates(void **state)
{
	char *path = fx_path(*state, "v1c.db");

	fx_v1_file(path);
	store_free(fx_open(path, STORE_CREATE));
	assert_int_equal(fx_sql_int(path, "PRAGMA user_version"),
			 STORE_SCHEMA_VERSION);
	free(path);
}

/* The columns schema 3 added, as "SELECT count(*) ... name IN (...)". */
static const char v3_session_cols[] =
	"SELECT count(*) FROM pragma_table_info('session') WHERE name IN"
	" ('timer', 'cold', 'launch_us', 'pid', 'proc_start')";
static const char v3_config_cols[] =
	"SELECT count(*) FROM pragma_table_info('config') WHERE name IN"
	" ('grp', 'grid_blocks', 'wave_blocks', 'working_set', 'l2_bytes',"
	" 'start_sm_clock_mhz', 'end_sm_clock_mhz', 'throttle_reasons',"
	" 'regime')";

static const char v4_session_cols[] =
	"SELECT count(*) FROM pragma_table_info('session') WHERE name IN"
	" ('counters', 'counters_why')";

/* A new file has the schema-3 and schema-4 columns; a file made at
 * version 3 (what a migration is built from) has the schema-3 ones. */
static void fresh_v3(void **state)
{
	char *path = fx_path(*state, "fresh3.db");
	char *made = fx_path(*state, "made3.db");
	sqlite3 *db = NULL;

	store_free(fx_open(path, STORE_CREATE));
	assert_int_equal(fx_sql_int(path, "PRAGMA user_version"),
			 STORE_SCHEMA_VERSION);
	assert_int_equal(fx_sql_int(path, v3_session_cols), 5);
	assert_int_equal(fx_sql_int(path, v3_config_cols), 9);
	assert_int_equal(fx_sql_int(path, v4_session_cols), 2);
	assert_int_equal(sqlite3_open(made, &db), SQLITE_OK);
	assert_int_equal(store_schema_create_version(db, 3), SQLITE_OK);
	assert_int_equal(sqlite3_close(db), SQLITE_OK);
	assert_int_equal(fx_sql_int(made, "PRAGMA user_version"), 3);
	assert_int_equal(fx_sql_int(made, v3_session_cols), 5);
	assert_int_equal(fx_sql_int(made, v3_config_cols), 9);
	free(path);
	free(made);
}

/* What a schema-2 file holds, read through the store: the schema-3
 * fields unknown, the running session of another host as stored. */
static void check_v2_content(struct store *st)
{
	struct store_session *ss = NULL;
	struct store_config *cs = NULL;
	struct store_kattr *ka = NULL;
	size_t n = 0, nc = 0, nk = 0, i;

	assert_int_equal(store_session_list(st, &ss, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(ss[0].uuid, "S-v2-a");
	assert_int_equal(ss[0].keep_samples, 1);
	assert_true(ss[0].seed == 11);
	assert_string_equal(ss[1].status, "running");
	assert_int_equal(ss[1].keep_samples, 0);
	for (i = 0; i < n; i++) {
		assert_null(ss[i].timer);
		assert_int_equal(ss[i].cold, -1);
		assert_true(isnan(ss[i].launch_us));
		assert_int_equal(ss[i].pid, 0);
		assert_null(ss[i].proc_start);
	}
	assert_int_equal(store_kattr_list(st, ss[0].id, &ka, &nk), 0);
	assert_int_equal(nk, 1);
	assert_int_equal(ka[0].local_bytes, 8);
	assert_int_equal(store_config_list(st, NULL, &cs, &nc), 0);
	assert_int_equal(nc, 2);
	assert_string_equal(cs[0].variant, "v2");
	assert_int_equal(cs[0].n, 64);
	assert_string_equal(cs[1].variant, "v3");
	for (i = 0; i < nc; i++) {
		assert_true(cs[i].grp == 0);
		assert_true(cs[i].grid_blocks == 0);
		assert_true(cs[i].wave_blocks == 0);
		assert_true(isnan(cs[i].working_set));
		assert_true(cs[i].l2_bytes == 0);
		assert_true(isnan(cs[i].start_sm_clock_mhz));
		assert_true(isnan(cs[i].end_sm_clock_mhz));
		assert_int_equal(cs[i].has_throttle, 0);
		assert_null(cs[i].regime);
	}
	store_sessions_free(ss, n);
	store_kattrs_free(ka, nk);
	store_configs_free(cs, nc);
}

static void migrate_from_v2(void **state)
{
	char *path = fx_path(*state, "v2.db");
	char *fresh = fx_path(*state, "fresh.db");
	struct fx_snap before;
	struct store *st;

	fx_v2_file(path);
	assert_int_equal(fx_sql_int(path, "PRAGMA user_version"), 2);
	assert_int_equal(fx_sql_int(path, v3_session_cols), 0);

	/* Read as it is, without a write: the lists cope with the columns
	 * being absent. */
	fx_snap_take(path, &before);
	st = fx_open(path, STORE_READ);
	check_v2_content(st);
	store_free(st);
	fx_snap_assert(path, &before);
	assert_false(fx_side_files(path));
	fx_snap_free(&before);

	/* Migrated by a writer: the current version, the new columns there
	 * and NULL, nothing else changed. */
	st = fx_open(path, STORE_WRITE);
	check_v2_content(st);
	assert_int_equal(store_integrity_check(st), 0);
	store_free(st);
	assert_int_equal(fx_sql_int(path, "PRAGMA user_version"),
			 STORE_SCHEMA_VERSION);
	assert_int_equal(fx_sql_int(path, v3_session_cols), 5);
	assert_int_equal(fx_sql_int(path, v3_config_cols), 9);
	assert_int_equal(fx_sql_int(path, v4_session_cols), 2);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM session"
				    " WHERE timer IS NULL AND cold IS NULL"
				    " AND launch_us IS NULL AND pid IS NULL"
				    " AND proc_start IS NULL AND counters IS NULL"
				    " AND counters_why IS NULL"), 2);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM config"
				    " WHERE grp IS NULL"
				    " AND grid_blocks IS NULL"
				    " AND wave_blocks IS NULL"
				    " AND working_set IS NULL"
				    " AND l2_bytes IS NULL"
				    " AND start_sm_clock_mhz IS NULL"
				    " AND end_sm_clock_mhz IS NULL"
				    " AND throttle_reasons IS NULL"
				    " AND regime IS NULL"), 2);
	assert_int_equal(fx_sql_int(path, "SELECT keep_samples FROM session"
				    " WHERE uuid = 'S-v2-a'"), 1);
	assert_int_equal(fx_sql_int(path, "SELECT status = 'running' FROM"
				    " session WHERE uuid = 'S-v2-b'"), 1);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM sample"), 2);

	/* Same shape as a file created at the current version. */
	store_free(fx_open(fresh, STORE_CREATE));
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM"
				    " pragma_table_info('session')"),
			 fx_sql_int(fresh, "SELECT count(*) FROM"
				    " pragma_table_info('session')"));
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM"
				    " pragma_table_info('config')"),
			 fx_sql_int(fresh, "SELECT count(*) FROM"
				    " pragma_table_info('config')"));
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM"
				    " sqlite_master"),
			 fx_sql_int(fresh, "SELECT count(*) FROM"
				    " sqlite_master"));
	free(path);
	free(fresh);
}

/* A schema-3 file: read as it is, its counter pass unknown (NULL, never
 * guessed); merged into a current file the same; migrated by a writer
 * to the current version with the new columns NULL. */
static void read_merge_migrate_v3(void **state)
{
	char *path = fx_path(*state, "v3.db");
	char *into = fx_path(*state, "into4.db");
	struct store_session *ss = NULL;
	struct store_merge_result res;
	struct store *st;
	sqlite3 *db = NULL;
	size_t n = 0;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(store_schema_create_version(db, 3), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db,
		"INSERT INTO device(id, uuid, name, pci_bus_id, cc_major,"
		" cc_minor, sm_count, peak_fp32_gflops, peak_mem_gbs) VALUES"
		" (1, 'GPU-v3', 'GPU', '0:3:0', 9, 0, 132, 66908, 3352);"
		"INSERT INTO session(id, uuid, device_id, started_at, status,"
		" hostname, repeats, warmup, seed, keep_samples, timer,"
		" timers) VALUES (1, 'S-v3', 1, '2026-01-01T00:00:00Z',"
		" 'complete', 'h', 20, 3, 1, 1, 'cupti-activity',"
		" 'x; counters: unavailable: old text');",
		NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_close(db), SQLITE_OK);

	st = fx_open(path, STORE_READ);
	assert_int_equal(store_session_list(st, &ss, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(ss[0].timer, "cupti-activity");
	assert_null(ss[0].counters);
	assert_null(ss[0].counters_why);
	store_sessions_free(ss, n);
	store_free(st);

	st = fx_open(into, STORE_CREATE);
	assert_int_equal(store_merge(st, path, &res), 0);
	assert_int_equal(store_session_list(st, &ss, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(ss[0].timer, "cupti-activity");
	assert_null(ss[0].counters);
	store_sessions_free(ss, n);
	store_free(st);

	store_free(fx_open(path, STORE_WRITE));
	assert_int_equal(fx_sql_int(path, "PRAGMA user_version"),
			 STORE_SCHEMA_VERSION);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM session"
				    " WHERE counters IS NULL AND counters_why"
				    " IS NULL AND timer = 'cupti-activity'"), 1);
	free(path);
	free(into);
}

/* Schema 5 rebuilds the config table: a schema-4 file's configurations,
 * statistics and samples survive its migration with their ids and param
 * 0; it reads as it is (param 0) and merges; afterwards two
 * configurations that differ in param alone are two rows, and deleting a
 * session still cascades to its statistics. */
static void migrate_v4_config_rebuild(void **state)
{
	char *path = fx_path(*state, "v4.db");
	char *into = fx_path(*state, "into5.db");
	struct store_config *cs = NULL;
	struct store_merge_result res;
	struct store_config c;
	struct store_metric m;
	struct store *st;
	sqlite3 *db = NULL;
	double v[3] = { 1.0, 2.0, 3.0 };
	size_t n = 0;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(store_schema_create_version(db, 4), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db,
		"INSERT INTO device(id, uuid, name, pci_bus_id, cc_major,"
		" cc_minor, sm_count, peak_fp32_gflops, peak_mem_gbs) VALUES"
		" (1, 'GPU-v4', 'GPU', '0:4:0', 9, 0, 132, 66908, 3352);"
		"INSERT INTO session(id, uuid, device_id, started_at, status,"
		" hostname, repeats, warmup, seed, keep_samples) VALUES (1,"
		" 'S-v4', 1, '2026-01-01T00:00:00Z', 'complete', 'h', 20, 3,"
		" 1, 1);"
		"INSERT INTO config(id, session_id, suite, variant, m, k, n,"
		" count, block_x, block_y, ilp, host_mem, precision, status,"
		" samples, grp) VALUES (7, 1, 'versions', 'v3', 64, 64, 64, 0,"
		" 16, 16, 1, '', 'fp32', 'ok', 2, 3);"
		"INSERT INTO stat(config_id, metric, ord, unit, n, min, max,"
		" mean, median, stddev, p05, p25, p75, p95) VALUES (7,"
		" 'kernel', 0, 'ms', 2, 1, 2, 1.5, 1.5, 0.7, 1, 1, 2, 2);"
		"INSERT INTO sample(config_id, metric, idx, value) VALUES"
		" (7, 'kernel', 0, 1.0), (7, 'kernel', 1, 2.0);",
		NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_close(db), SQLITE_OK);

	st = fx_open(path, STORE_READ);
	assert_int_equal(store_config_list(st, NULL, &cs, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(cs[0].param, 0);
	store_configs_free(cs, n);
	store_free(st);

	st = fx_open(into, STORE_CREATE);
	assert_int_equal(store_merge(st, path, &res), 0);
	assert_int_equal(store_config_list(st, NULL, &cs, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(cs[0].param, 0);
	store_configs_free(cs, n);
	store_free(st);

	st = fx_open(path, STORE_WRITE);
	assert_int_equal(fx_sql_int(path, "PRAGMA user_version"),
			 STORE_SCHEMA_VERSION);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM config"
				    " WHERE id = 7 AND param = 0 AND grp = 3"),
			 1);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM stat"
				    " WHERE config_id = 7"), 1);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM sample"
				    " WHERE config_id = 7"), 2);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM"
				    " pragma_foreign_key_check"), 0);
	/* param is part of the key */
	for (int p = 3; p <= 4; p++) {
		memset(&c, 0, sizeof(c));
		c.session_id = 1;
		c.suite = "coalesce";
		c.variant = "stride";
		c.count = 1024;
		c.block_x = 256;
		c.block_y = 1;
		c.ilp = 1;
		c.param = p;
		c.status = "ok";
		c.samples = 3;
		c.rel_error = NAN;
		c.working_set = NAN;
		c.start_sm_clock_mhz = NAN;
		c.end_sm_clock_mhz = NAN;
		m = (struct store_metric){ "kernel", "ms", v, 3 };
		assert_int_equal(store_config_insert(st, &c, &m, 1, 1), 0);
	}
	assert_int_equal(store_config_list(st, NULL, &cs, &n), 0);
	assert_int_equal(n, 3);
	assert_int_equal(cs[0].param, 3);	/* coalesce sorts first */
	assert_int_equal(cs[1].param, 4);
	store_configs_free(cs, n);
	store_free(st);
	/* the keys are on again: a session's deletion cascades */
	fx_sql(path, "PRAGMA foreign_keys = ON; DELETE FROM session");
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM stat"), 0);
	free(path);
	free(into);
}

/* The traits of kernel name in ks[n]; fails the test when absent. */
static unsigned traits_of(const struct store_kernel *ks, size_t n,
			  const char *name, int *tile)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(ks[i].name, name)) {
			*tile = ks[i].tile;
			return ks[i].traits;
		}
	fail_msg("kernel %s not listed", name);
	return 0;
}

/* What a schema-5 file's kernels read as: the legacy table's traits
 * (cuBLAS a library with FP64 tensor cores, v10 asynchronous copies,
 * v5 a tile of 2), none for an own kernel. */
static void assert_legacy_kernels(struct store *st)
{
	struct store_kernel *ks = NULL;
	size_t n = 0;
	int tile = -1;

	assert_int_equal(store_kernel_list(st, 0, &ks, &n), 0);
	assert_int_equal(n, 4);
	assert_int_equal(traits_of(ks, n, "cublas", &tile),
			 KTRAIT_LIBRARY | KTRAIT_TENSOR_FP64);
	assert_int_equal(tile, 0);
	assert_int_equal(traits_of(ks, n, "v10", &tile), KTRAIT_ASYNC_COPY);
	assert_int_equal(tile, 1);
	assert_int_equal(traits_of(ks, n, "v5", &tile), 0);
	assert_int_equal(tile, 2);
	assert_int_equal(traits_of(ks, n, "mine", &tile), 0);
	assert_int_equal(tile, 0);
	store_kernels_free(ks, n);
}

/* Schema 6 stores each kernel's traits and tile: a current file returns
 * what was written (a kernel named cublas that was stored without the
 * library's traits has none; one of another name that was stored with
 * them has them). A schema-5 file, read as it is, merged into a current
 * file and migrated by a writer, reads its kernels by the legacy
 * table. */
static void kernel_traits(void **state)
{
	char *path = fx_path(*state, "v5k.db");
	char *into = fx_path(*state, "into6.db");
	char *cur = fx_path(*state, "cur6.db");
	struct store_kernel k = { 0, (char *)"cublas", NULL, NULL, 0, 0 };
	struct store_kernel *ks = NULL;
	struct store_merge_result res;
	struct store *st;
	sqlite3 *db = NULL;
	int64_t dev, sid;
	size_t n = 0;
	int tile = -1;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(store_schema_create_version(db, 5), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db,
		"INSERT INTO device(id, uuid, name, pci_bus_id, cc_major,"
		" cc_minor, sm_count, peak_fp32_gflops, peak_mem_gbs) VALUES"
		" (1, 'GPU-v5', 'GPU', '0:5:0', 9, 0, 132, 66908, 3352);"
		"INSERT INTO session(id, uuid, device_id, started_at, status,"
		" hostname, repeats, warmup, seed, keep_samples) VALUES (1,"
		" 'S-v5', 1, '2026-01-01T00:00:00Z', 'complete', 'h', 20, 3,"
		" 1, 1);"
		"INSERT INTO kernel(session_id, name, description, source)"
		" VALUES (1, 'cublas', 'd', 's'), (1, 'v10', 'd', 's'),"
		" (1, 'v5', 'd', 's'), (1, 'mine', 'd', 's');",
		NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_close(db), SQLITE_OK);

	st = fx_open(path, STORE_READ);
	assert_legacy_kernels(st);
	store_free(st);

	st = fx_open(into, STORE_CREATE);
	assert_int_equal(store_merge(st, path, &res), 0);
	assert_legacy_kernels(st);
	store_free(st);
	assert_int_equal(fx_sql_int(into, "SELECT count(*) FROM kernel"
				    " WHERE traits IS NULL"), 4);

	st = fx_open(path, STORE_WRITE);
	assert_int_equal(fx_sql_int(path, "PRAGMA user_version"),
			 STORE_SCHEMA_VERSION);
	assert_legacy_kernels(st);
	store_free(st);

	st = fx_open(cur, STORE_CREATE);
	dev = fx_device(st, "GPU-cur", "GPU");
	sid = fx_session(st, dev, "S-cur", "2026-02-01T00:00:00Z");
	k.session_id = sid;
	assert_int_equal(store_kernel_insert(st, &k), 0);
	k.name = (char *)"tc_gemm";
	k.traits = KTRAIT_LIBRARY | KTRAIT_TENSOR_FP64;
	k.tile = 3;
	assert_int_equal(store_kernel_insert(st, &k), 0);
	assert_int_equal(store_kernel_list(st, sid, &ks, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(traits_of(ks, n, "cublas", &tile), 0);
	assert_int_equal(tile, 0);
	assert_int_equal(traits_of(ks, n, "tc_gemm", &tile),
			 KTRAIT_LIBRARY | KTRAIT_TENSOR_FP64);
	assert_int_equal(tile, 3);
	store_kernels_free(ks, n);
	store_free(st);
	/* a current file merged keeps what it stored */
	st = fx_open(into, STORE_WRITE);
	assert_int_equal(store_merge(st, cur, &res), 0);
	assert_int_equal(store_kernel_list(st, 0, &ks, &n), 0);
	assert_int_equal(traits_of(ks, n, "cublas", &tile), 0);
	assert_int_equal(traits_of(ks, n, "tc_gemm", &tile),
			 KTRAIT_LIBRARY | KTRAIT_TENSOR_FP64);
	assert_int_equal(tile, 3);
	store_kernels_free(ks, n);
	store_free(st);
	free(path);
	free(into);
	free(cur);
}

/* What a schema-6 file's quality fields read as: unknown, never 0. */
static void assert_v6_unknown(struct store *st)
{
	struct store_session *ss = NULL;
	struct store_config *cs = NULL;
	size_t n = 0;

	assert_int_equal(store_session_list(st, &ss, &n), 0);
	assert_int_equal(n, 1);
	assert_true(isnan(ss[0].max_noise_pct));
	assert_null(ss[0].throttle);
	assert_true(isnan(ss[0].throttle_pct));
	assert_true(isnan(ss[0].top_sm_clock_mhz));
	assert_int_equal(ss[0].clocks_locked, -1);
	assert_true(isnan(ss[0].power_limit_w));
	assert_int_equal(ss[0].pcie_gen, 0);
	assert_int_equal(ss[0].pcie_width, 0);
	assert_null(ss[0].host_cpu);
	assert_null(ss[0].cuda_compiler);
	assert_int_equal(ss[0].cublas_version, 0);
	store_sessions_free(ss, n);
	assert_int_equal(store_config_list(st, NULL, &cs, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(cs[0].samples, 20);
	assert_true(isnan(cs[0].noise));
	assert_true(cs[0].throttled == -1);
	assert_true(cs[0].discarded == -1);
	store_configs_free(cs, n);
}

/* Schema 7 stores each configuration's noise and throttled samples and
 * the session's quality settings and setting. A schema-6 file read as
 * it is, merged into a current file and migrated by a writer reads them
 * all as unknown (NULL in the file, not 0); the migrated file then
 * takes the top clock. A file that says 7 without the columns is
 * refused by the probes. */
static void quality_v7(void **state)
{
	char *path = fx_path(*state, "v6q.db");
	char *into = fx_path(*state, "into7.db");
	char *fake = fx_path(*state, "fake7.db");
	struct store_merge_result res;
	struct store *st;
	sqlite3 *db = NULL;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(store_schema_create_version(db, 6), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db,
		"INSERT INTO device(id, uuid, name, pci_bus_id, cc_major,"
		" cc_minor, sm_count, peak_fp32_gflops, peak_mem_gbs) VALUES"
		" (1, 'GPU-v6', 'GPU', '0:6:0', 9, 0, 132, 66908, 3352);"
		"INSERT INTO session(id, uuid, device_id, started_at, status,"
		" hostname, repeats, warmup, seed, keep_samples) VALUES (1,"
		" 'S-v6', 1, '2026-01-01T00:00:00Z', 'complete', 'h', 20, 3,"
		" 1, 0);"
		"INSERT INTO config(id, session_id, suite, variant, m, k, n,"
		" count, block_x, block_y, ilp, host_mem, precision, status,"
		" samples, param) VALUES (1, 1, 'versions', 'v2', 64, 64, 64,"
		" 0, 16, 16, 1, '', 'fp32', 'ok', 20, 0);",
		NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_close(db), SQLITE_OK);

	st = fx_open(path, STORE_READ);
	assert_v6_unknown(st);
	/* a file read as it is has no column for the top clock */
	assert_true(store_session_top_clock_set(st, 1, 1980) < 0);
	store_free(st);

	st = fx_open(into, STORE_CREATE);
	assert_int_equal(store_merge(st, path, &res), 0);
	assert_int_equal(res.configs_added, 1);
	assert_v6_unknown(st);
	store_free(st);
	assert_int_equal(fx_sql_int(into, "SELECT count(*) FROM config"
				    " WHERE noise IS NULL AND throttled IS NULL"
				    " AND discarded IS NULL"), 1);
	assert_int_equal(fx_sql_int(into, "SELECT count(*) FROM session"
				    " WHERE throttle IS NULL"
				    " AND clocks_locked IS NULL"
				    " AND power_limit_w IS NULL"
				    " AND cublas_version IS NULL"), 1);

	st = fx_open(path, STORE_WRITE);
	assert_int_equal(fx_sql_int(path, "PRAGMA user_version"),
			 STORE_SCHEMA_VERSION);
	assert_v6_unknown(st);
	assert_int_equal(store_session_top_clock_set(st, 1, 1980), 0);
	store_free(st);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM session"
				    " WHERE top_sm_clock_mhz = 1980"
				    " AND clocks_locked IS NULL"), 1);
	assert_int_equal(fx_sql_int(path, "SELECT count(*) FROM config"
				    " WHERE noise IS NULL AND throttled IS NULL"
				    " AND discarded IS NULL"), 1);

	assert_int_equal(sqlite3_open(fake, &db), SQLITE_OK);
	assert_int_equal(store_schema_create_version(db, 6), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "PRAGMA user_version = 7", NULL,
				      NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_close(db), SQLITE_OK);
	assert_refused(fake, STORE_ERR_FOREIGN);
	free(path);
	free(into);
	free(fake);
}

/* A file that says version 3 but lacks a schema-3 column was not made by
 * mmreport: refused by the probes rather than failing later. */
static void refuse_v3_without_columns(void **state)
{
	char *path = fx_path(*state, "fake3.db");

	fx_v2_file(path);
	fx_sql(path, "PRAGMA user_version = 3");
	assert_refused(path, STORE_ERR_FOREIGN);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(create_new, setup, teardown),
		cmocka_unit_test_setup_teardown(quality_v7, setup, teardown),
		cmocka_unit_test_setup_teardown(kernel_traits, setup,
						teardown),
		cmocka_unit_test_setup_teardown(header_is_wal, setup,
						teardown),
		cmocka_unit_test_setup_teardown(missing_not_created, setup,
						teardown),
		cmocka_unit_test_setup_teardown(create_in_missing_dir, setup,
						teardown),
		cmocka_unit_test_setup_teardown(empty_file, setup, teardown),
		cmocka_unit_test_setup_teardown(refuse_foreign, setup,
						teardown),
		cmocka_unit_test_setup_teardown(refuse_not_sqlite, setup,
						teardown),
		cmocka_unit_test_setup_teardown(refuse_clobbered_schema_page,
						setup, teardown),
		cmocka_unit_test_setup_teardown(refuse_clobbered_table_page,
						setup, teardown),
		cmocka_unit_test_setup_teardown(integrity_finds_damage, setup,
						teardown),
		cmocka_unit_test_setup_teardown(refuse_newer, setup, teardown),
		cmocka_unit_test_setup_teardown(refuse_newer_in_wal, setup,
						teardown),
		cmocka_unit_test_setup_teardown(read_only_use, setup,
						teardown),
		cmocka_unit_test_setup_teardown(error_message, setup,
						teardown),
		cmocka_unit_test_setup_teardown(migrate_from_v1, setup,
						teardown),
		cmocka_unit_test_setup_teardown(create_mode_migrates, setup,
						teardown),
		cmocka_unit_test_setup_teardown(fresh_v3, setup, teardown),
		cmocka_unit_test_setup_teardown(migrate_from_v2, setup,
						teardown),
		cmocka_unit_test_setup_teardown(read_merge_migrate_v3, setup,
						teardown),
		cmocka_unit_test_setup_teardown(refuse_v3_without_columns,
						setup, teardown),
		cmocka_unit_test_setup_teardown(migrate_v4_config_rebuild,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
