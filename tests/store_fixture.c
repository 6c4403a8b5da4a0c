/* Helpers shared by the store tests. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "store_fixture.h"
#include "store_schema.h"

char *fx_dir_make(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir;

	if (!tmp || !*tmp)
		tmp = "/tmp";
	dir = malloc(strlen(tmp) + 32);
	if (!dir)
		abort();
	sprintf(dir, "%s/mmreport-store-XXXXXX", tmp);
	assert_non_null(mkdtemp(dir));
	return dir;
}

void fx_dir_remove(char *dir)
{
	struct dirent *e;
	DIR *d;

	if (!dir)
		return;
	d = opendir(dir);
	if (d) {
		while ((e = readdir(d))) {
			char *p;

			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			p = fx_path(dir, e->d_name);
			unlink(p);
			free(p);
		}
		closedir(d);
	}
	rmdir(dir);
	free(dir);
}

char *fx_path(const char *dir, const char *name)
{
	char *p = malloc(strlen(dir) + strlen(name) + 2);

	if (!p)
		abort();
	sprintf(p, "%s/%s", dir, name);
	return p;
}

int fx_exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0;
}

int fx_side_files(const char *path)
{
	static const char *const sfx[] = { "-wal", "-shm", "-journal" };
	char buf[4096];
	size_t i;

	for (i = 0; i < 3; i++) {
		snprintf(buf, sizeof(buf), "%s%s", path, sfx[i]);
		if (fx_exists(buf))
			return 1;
	}
	return 0;
}

void fx_snap_take(const char *path, struct fx_snap *s)
{
	FILE *f = fopen(path, "rb");
	long len;

	memset(s, 0, sizeof(*s));
	if (!f)
		return;
	s->exists = 1;
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	len = ftell(f);
	assert_true(len >= 0);
	rewind(f);
	s->len = (size_t)len;
	s->buf = malloc(s->len + 1);
	assert_non_null(s->buf);
	assert_int_equal(fread(s->buf, 1, s->len, f), s->len);
	fclose(f);
}

void fx_snap_assert(const char *path, const struct fx_snap *s)
{
	struct fx_snap now;

	fx_snap_take(path, &now);
	assert_int_equal(now.exists, s->exists);
	assert_int_equal(now.len, s->len);
	if (s->len && memcmp(now.buf, s->buf, s->len))
		fail_msg("'%s' changed", path);
	fx_snap_free(&now);
}

void fx_snap_free(struct fx_snap *s)
{
	free(s->buf);
	memset(s, 0, sizeof(*s));
}

void fx_file_write(const char *path, const void *buf, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

void fx_file_clobber(const char *path, long offset, size_t len)
{
	FILE *f = fopen(path, "r+b");
	size_t i;

	assert_non_null(f);
	assert_int_equal(fseek(f, offset, SEEK_SET), 0);
	/* 0xa5 is no b-tree page type; the rest varies so that no field
	 * happens to look sane. */
	for (i = 0; i < len; i++)
		assert_int_not_equal(fputc(i == 0 ? 0xa5 : (int)((i * 37 + 11)
							 & 0xff), f), EOF);
	assert_int_equal(fclose(f), 0);
}

static sqlite3 *raw_open(const char *path)
{
	sqlite3 *db = NULL;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE |
			    SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
		fail_msg("sqlite3_open_v2 '%s': %s", path,
			 db ? sqlite3_errmsg(db) : "?");
	return db;
}

void fx_sql(const char *path, const char *sql)
{
	sqlite3 *db = raw_open(path);
	char *msg = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("%s: %s", sql, msg ? msg : "?");
	assert_int_equal(sqlite3_close(db), SQLITE_OK);
}

int64_t fx_sql_int(const char *path, const char *sql)
{
	sqlite3 *db = raw_open(path);
	sqlite3_stmt *s = NULL;
	int64_t v;

	if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	assert_int_equal(sqlite3_step(s), SQLITE_ROW);
	v = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	assert_int_equal(sqlite3_close(db), SQLITE_OK);
	return v;
}

static void dump_append(char **out, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	assert_true(n >= 0);
	*out = realloc(*out, *len + (size_t)n + 1);
	assert_non_null(*out);
	va_start(ap, fmt);
	vsnprintf(*out + *len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	*len += (size_t)n;
}

char *fx_dump(const char *path)
{
	sqlite3 *db = raw_open(path);
	char *out = NULL, sql[128];
	size_t len = 0, t;
	int i;

	dump_append(&out, &len, "%s", "");
	for (t = 0; t < store_schema_ntables; t++) {
		sqlite3_stmt *s = NULL;

		/* The key columns come first in every table. */
		snprintf(sql, sizeof(sql), "SELECT * FROM %s ORDER BY 1, 2, 3",
			 store_schema_tables[t]);
		if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) != SQLITE_OK)
			fail_msg("%s: %s", sql, sqlite3_errmsg(db));
		dump_append(&out, &len, "[%s]\n", store_schema_tables[t]);
		while (sqlite3_step(s) == SQLITE_ROW) {
			for (i = 0; i < sqlite3_column_count(s); i++) {
				switch (sqlite3_column_type(s, i)) {
				case SQLITE_NULL:
					dump_append(&out, &len, "NULL|");
					break;
				case SQLITE_FLOAT:
					dump_append(&out, &len, "%.17g|",
						    sqlite3_column_double(s,
									  i));
					break;
				default:
					dump_append(&out, &len, "%s|",
						    (const char *)
						    sqlite3_column_text(s, i));
				}
			}
			dump_append(&out, &len, "\n");
		}
		sqlite3_finalize(s);
	}
	assert_int_equal(sqlite3_close(db), SQLITE_OK);
	return out;
}

struct store *fx_open(const char *path, enum store_mode mode)
{
	struct store *st = NULL;
	char err[512];
	int rc = store_open(path, mode, &st, err, sizeof(err));

	if (rc)
		fail_msg("store_open '%s': %d %s", path, rc, err);
	assert_non_null(st);
	return st;
}

int64_t fx_device(struct store *st, const char *uuid, const char *name)
{
	struct store_prop props[] = {
		{ (char *)"sm_count", (char *)"132", (char *)"", 132, 1 },
		{ (char *)"mem_clock", (char *)"2619", (char *)"MHz", 2619,
		  1 },
		{ (char *)"ram_type", (char *)"HBM3", (char *)"", 0, 0 },
	};
	struct store_device d = {
		.uuid = (char *)uuid, .name = (char *)name,
		.pci_bus_id = (char *)"00000000:19:00.0",
		.cc_major = 9, .cc_minor = 0, .sm_count = 132,
		.peak_fp32_gflops = 66900.5, .peak_mem_gbs = 3352.3,
		.props = props, .nprops = 3,
	};

	if (store_device_upsert(st, &d))
		fail_msg("device: %s", store_errmsg(st));
	assert_true(d.id > 0);
	return d.id;
}

int64_t fx_session(struct store *st, int64_t device, const char *uuid,
		   const char *started_at)
{
	struct store_session s = {
		.uuid = (char *)uuid, .device_id = device,
		.started_at = (char *)started_at, .status = (char *)"complete",
		.hostname = (char *)"lab-1", .cmdline = (char *)"mmreport "
		"measure", .tool_version = (char *)"0.1.0",
		.driver_version = 13000, .runtime_version = 13000,
		.repeat = 100, .warmup = 3, .min_samples = 10,
		.max_time_s = 2.5, .seed = 42, .suites = (char *)"versions",
		.timers = (char *)"cudaEvent", .tolerance = 1e-4,
		.keep_samples = 1,
	};

	if (store_session_insert(st, &s))
		fail_msg("session: %s", store_errmsg(st));
	assert_true(s.id > 0);
	return s.id;
}

int64_t fx_config(struct store *st, int64_t session, const char *variant,
		  int n, int b, const char *status, double base,
		  int keep_samples)
{
	double k[7], g[7];
	struct store_metric m[2] = {
		{ "kernel", "ms", k, 7 }, { "gflops", "GFLOP/s", g, 7 },
	};
	struct store_config c = {
		.session_id = session, .suite = (char *)"versions",
		.variant = (char *)variant, .m = n, .k = n, .n = n,
		.block_x = b, .block_y = b, .ilp = 1,
		.host_mem = (char *)"", .precision = (char *)"fp32",
		.status = (char *)status, .rel_error = 1e-6,
		.flops = 2.0 * n * n * n, .bytes = 12.0 * n * n,
		.samples = 7, .seconds = 0.5,
		.finished_at = (char *)"2026-11-22T01:02:03Z",
	};
	int i;

	for (i = 0; i < 7; i++) {
		k[i] = base + i / 100.0;
		g[i] = 1000.0 / k[i];
	}
	if (store_config_insert(st, &c, m, 2, keep_samples))
		fail_msg("config: %s", store_errmsg(st));
	assert_true(c.id > 0);
	return c.id;
}

void fx_v1_file(const char *path)
{
	sqlite3 *db = raw_open(path);
	char *msg = NULL;

	assert_int_equal(store_schema_create_version(db, 1), SQLITE_OK);
	if (sqlite3_exec(db,
		"PRAGMA journal_mode = WAL;"
		"BEGIN;"
		"INSERT INTO device(id, uuid, name, pci_bus_id, cc_major,"
		" cc_minor, sm_count, peak_fp32_gflops, peak_mem_gbs) VALUES"
		" (1, 'GPU-v1', 'Old GPU', '0:1:0', 8, 6, 28, 17000, 448);"
		"INSERT INTO device_prop VALUES (1, 0, 'sm_count', '28', '',"
		" 28);"
		"INSERT INTO session(id, uuid, device_id, started_at, status,"
		" hostname, repeats, warmup, seed) VALUES"
		" (1, 'S-v1-a', 1, '2025-01-01T00:00:00Z', 'complete', 'old',"
		" 10, 3, 7),"
		" (2, 'S-v1-b', 1, '2025-01-02T00:00:00Z', 'interrupted',"
		" 'old', 10, 3, 8);"
		"INSERT INTO kattr(session_id, variant, block_x, block_y,"
		" threads_per_block, regs_per_thread, static_smem, occupancy,"
		" limiter) VALUES (1, 'v2', 16, 16, 256, 32, 0, 1.0, 'warps');"
		"INSERT INTO config(id, session_id, suite, variant, m, k, n,"
		" count, block_x, block_y, ilp, host_mem, precision, status,"
		" samples) VALUES"
		" (1, 1, 'versions', 'v2', 64, 64, 64, 0, 16, 16, 1, '',"
		" 'fp32', 'ok', 2),"
		" (2, 2, 'versions', 'v2', 128, 128, 128, 0, 16, 16, 1, '',"
		" 'fp32', 'ok', 2);"
		"INSERT INTO stat VALUES"
		" (1, 'kernel', 0, 'ms', 2, 1, 3, 2, 2, 1.4142135623730951,"
		" 1.1, 1.5, 2.5, 2.9),"
		" (2, 'kernel', 0, 'ms', 2, 4, 4, 4, 4, 0, 4, 4, 4, 4);"
		"INSERT INTO sample VALUES (1, 'kernel', 0, 3),"
		" (1, 'kernel', 1, 1);"
		"COMMIT;", NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("v1 fixture: %s", msg ? msg : "?");
	assert_int_equal(sqlite3_close(db), SQLITE_OK);
}

void fx_v2_file(const char *path)
{
	sqlite3 *db = raw_open(path);
	char *msg = NULL;

	assert_int_equal(store_schema_create_version(db, 2), SQLITE_OK);
	if (sqlite3_exec(db,
		"PRAGMA journal_mode = WAL;"
		"BEGIN;"
		"INSERT INTO device(id, uuid, name, pci_bus_id, cc_major,"
		" cc_minor, sm_count, peak_fp32_gflops, peak_mem_gbs) VALUES"
		" (1, 'GPU-v2', 'Older GPU', '0:2:0', 8, 9, 58, 40000, 716);"
		"INSERT INTO session(id, uuid, device_id, started_at, status,"
		" hostname, repeats, warmup, seed, keep_samples) VALUES"
		" (1, 'S-v2-a', 1, '2025-06-01T00:00:00Z', 'complete', 'old2',"
		" 20, 3, 11, 1),"
		" (2, 'S-v2-b', 1, '2025-06-02T00:00:00Z', 'running', 'old2',"
		" 20, 3, 12, 0);"
		"INSERT INTO kattr(session_id, variant, block_x, block_y,"
		" threads_per_block, regs_per_thread, static_smem, occupancy,"
		" limiter, local_bytes) VALUES (1, 'v2', 16, 16, 256, 32, 0,"
		" 1.0, 'warps', 8);"
		"INSERT INTO config(id, session_id, suite, variant, m, k, n,"
		" count, block_x, block_y, ilp, host_mem, precision, status,"
		" samples) VALUES"
		" (1, 1, 'versions', 'v2', 64, 64, 64, 0, 16, 16, 1, '',"
		" 'fp32', 'ok', 2),"
		" (2, 2, 'versions', 'v3', 128, 128, 128, 0, 16, 16, 1, '',"
		" 'fp32', 'ok', 2);"
		"INSERT INTO stat VALUES"
		" (1, 'kernel', 0, 'ms', 2, 1, 3, 2, 2, 1.4142135623730951,"
		" 1.1, 1.5, 2.5, 2.9),"
		" (2, 'kernel', 0, 'ms', 2, 4, 4, 4, 4, 0, 4, 4, 4, 4);"
		"INSERT INTO sample VALUES (1, 'kernel', 0, 3),"
		" (1, 'kernel', 1, 1);"
		"COMMIT;", NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("v2 fixture: %s", msg ? msg : "?");
	assert_int_equal(sqlite3_close(db), SQLITE_OK);
}

static sqlite3_stmt *json_query(sqlite3 **db, const char *json,
				const char *sql)
{
	sqlite3_stmt *q = NULL;

	assert_int_equal(sqlite3_open(":memory:", db), SQLITE_OK);
	if (sqlite3_prepare_v2(*db, sql, -1, &q, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(*db));
	assert_int_equal(sqlite3_bind_text(q, 1, json, -1, SQLITE_STATIC),
			 SQLITE_OK);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	return q;
}

int64_t fx_json_int(const char *json, const char *sql)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *q = json_query(&db, json, sql);
	int64_t v = sqlite3_column_int64(q, 0);

	sqlite3_finalize(q);
	assert_int_equal(sqlite3_close(db), SQLITE_OK);
	return v;
}

char *fx_json_text(const char *json, const char *sql)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *q = json_query(&db, json, sql);
	char *v = NULL;

	if (sqlite3_column_type(q, 0) != SQLITE_NULL) {
		v = strdup((const char *)sqlite3_column_text(q, 0));
		assert_non_null(v);
	}
	sqlite3_finalize(q);
	assert_int_equal(sqlite3_close(db), SQLITE_OK);
	return v;
}
