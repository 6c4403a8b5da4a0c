/* cli: the reading commands (render, export, sessions, devices, merge's
 * sources) create, write and checkpoint nothing, whatever the directory's
 * permissions and whether a write-ahead log lies beside the file; a file
 * another process holds locked is exit 75 in every command; a file whose
 * fault shows only after it was opened is exit 65 in one line (issue 15,
 * items 1 to 4). Runs the real binary ($MMREPORT_BIN) on the render
 * fixture.
 *
 * "cli_readonly user" runs the reads as another user (issue 15, items 1
 * and 2): as root through setpriv (exit 77, skipped, without it), else in
 * a directory made read-only. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "render_fixture.h"

/* The other user of "cli_readonly user", and the owner of the files it
 * reads in a directory both may write: numeric ids, no account needed. */
#define OTHER_UID "65534"
#define OWNER_UID 65532

static const char *bin;
static char *dir;		/* the group's directory, 0755 */
static char fixture[4096];	/* the render fixture, never changed */
static char scratch[4096];	/* stdout and stderr of the runs */
static int have_gnuplot;

/* ---- running the binary ------------------------------------------------ */

struct run {
	pid_t pid;
	int status;
	char err[8192];
	char out[4096];		/* the start of stdout */
	char errpath[4200], outpath[4200];
};

/* Starts the binary with args (NULL-terminated, no argv[0]); as_uid > 0
 * runs it as that user and group through setpriv. */
static void run_start(struct run *r, int as_uid, char *const *args)
{
	static int count;
	char *argv[32], reuid[32], regid[32];
	int k = 0, i;

	if (as_uid > 0) {
		snprintf(reuid, sizeof(reuid), "--reuid=%d", as_uid);
		snprintf(regid, sizeof(regid), "--regid=%d", as_uid);
		argv[k++] = "setpriv";
		argv[k++] = reuid;
		argv[k++] = regid;
		argv[k++] = "--clear-groups";
	}
	argv[k++] = (char *)bin;
	for (i = 0; args[i] && k < 31; i++)
		argv[k++] = args[i];
	argv[k] = NULL;
	snprintf(r->errpath, sizeof(r->errpath), "%s/err-%d", scratch, count);
	snprintf(r->outpath, sizeof(r->outpath), "%s/out-%d", scratch,
		 count++);
	r->pid = fork();
	assert_true(r->pid >= 0);
	if (r->pid == 0) {
		int o = open(r->outpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int e = open(r->errpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		if (o < 0 || e < 0)
			_exit(99);
		dup2(o, 1);
		dup2(e, 2);
		execvp(argv[0], argv);
		_exit(98);
	}
}

static void text_read(const char *path, char *buf, size_t cap)
{
	FILE *f = fopen(path, "rb");
	size_t n = 0;

	if (f) {
		n = fread(buf, 1, cap - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
}

static void run_wait(struct run *r)
{
	int st;

	assert_int_equal(waitpid(r->pid, &st, 0), r->pid);
	assert_true(WIFEXITED(st));
	r->status = WEXITSTATUS(st);
	text_read(r->errpath, r->err, sizeof(r->err));
	text_read(r->outpath, r->out, sizeof(r->out));
	unlink(r->errpath);
	unlink(r->outpath);
}

#define RUN_AS(r, uid, ...) do { \
	char *const args_[] = {__VA_ARGS__, NULL}; \
	run_start((r), (uid), args_); \
	run_wait(r); \
} while (0)
#define RUN(r, ...) RUN_AS(r, 0, __VA_ARGS__)

/* One line on stderr that names path and no place in the source. */
static void one_line_check(const struct run *r, const char *path,
			   const char *needle)
{
	const char *nl = strchr(r->err, '\n');

	if (!nl || nl[1] || !strstr(r->err, path) || strstr(r->err, ".c:") ||
	    (needle && !strstr(r->err, needle)))
		fail_msg("stderr '%s': want one line naming '%s' with '%s'",
			 r->err, path, needle ? needle : "");
}

/* ---- files ------------------------------------------------------------- */

static char *path_join(const char *d, const char *name)
{
	char *p = malloc(strlen(d) + strlen(name) + 2);

	assert_non_null(p);
	sprintf(p, "%s/%s", d, name);
	return p;
}

static void file_copy(const char *from, const char *to)
{
	char *buf = fix_slurp(from);
	struct stat sb;
	FILE *f;

	assert_non_null(buf);
	assert_int_equal(stat(from, &sb), 0);
	f = fopen(to, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, (size_t)sb.st_size, f),
			 (size_t)sb.st_size);
	assert_int_equal(fclose(f), 0);
	free(buf);
}

/* A file's bytes and modification time, or its absence. */
struct snap {
	int exists;
	char *bytes;
	off_t len;
	struct timespec mtime;
};

static void snap_take(struct snap *s, const char *path)
{
	struct stat sb;

	memset(s, 0, sizeof(*s));
	if (stat(path, &sb))
		return;
	s->exists = 1;
	s->len = sb.st_size;
	s->mtime = sb.st_mtim;
	s->bytes = fix_slurp(path);
	assert_non_null(s->bytes);
}

static void snap_check(struct snap *s, const char *path)
{
	struct snap now;

	snap_take(&now, path);
	if (now.exists != s->exists)
		fail_msg("'%s' %s", path, s->exists ? "vanished" : "appeared");
	if (s->exists) {
		if (now.len != s->len ||
		    memcmp(now.bytes, s->bytes, (size_t)s->len))
			fail_msg("'%s' changed", path);
		if (now.mtime.tv_sec != s->mtime.tv_sec ||
		    now.mtime.tv_nsec != s->mtime.tv_nsec)
			fail_msg("'%s': modification time changed", path);
	}
	free(now.bytes);
}

/* A database and its side files, with the names in its directory. */
struct dbsnap {
	struct snap db, wal, shm;
	char names[4096];
};

static void names_list(const char *d, char *out, size_t len)
{
	struct dirent **list;
	int n, i;

	out[0] = '\0';
	n = scandir(d, &list, NULL, alphasort);
	assert_true(n >= 0);
	for (i = 0; i < n; i++) {
		snprintf(out + strlen(out), len - strlen(out), "%s ",
			 list[i]->d_name);
		free(list[i]);
	}
	free(list);
}

static void dbsnap_take(struct dbsnap *s, const char *db)
{
	char side[4200], *d = strdup(db);

	assert_non_null(d);
	snap_take(&s->db, db);
	snprintf(side, sizeof(side), "%s-wal", db);
	snap_take(&s->wal, side);
	snprintf(side, sizeof(side), "%s-shm", db);
	snap_take(&s->shm, side);
	*strrchr(d, '/') = '\0';
	names_list(d, s->names, sizeof(s->names));
	free(d);
}

/* Nothing created, removed, written or touched: the file, its -wal and
 * -shm byte for byte and by modification time, the directory by name. */
static void dbsnap_check(struct dbsnap *s, const char *db)
{
	char side[4200], names[4096], *d = strdup(db);

	assert_non_null(d);
	snap_check(&s->db, db);
	snprintf(side, sizeof(side), "%s-wal", db);
	snap_check(&s->wal, side);
	snprintf(side, sizeof(side), "%s-shm", db);
	snap_check(&s->shm, side);
	*strrchr(d, '/') = '\0';
	names_list(d, names, sizeof(names));
	if (strcmp(names, s->names))
		fail_msg("'%s' held '%s', now '%s'", d, s->names, names);
	free(d);
	free(s->db.bytes);
	free(s->wal.bytes);
	free(s->shm.bytes);
}

static void sql_exec(sqlite3 *db, const char *q)
{
	char *err = NULL;

	if (sqlite3_exec(db, q, NULL, NULL, &err) != SQLITE_OK)
		fail_msg("%s: %s", q, err ? err : sqlite3_errmsg(db));
}

/* The device name that only a reader of the write-ahead log sees. */
#define WAL_NAME "Device renamed in the log only"

/* Opens a copy of the fixture at path and commits a change that stays in
 * its -wal (automatic checkpoints off): the connection is the live writer
 * until the caller closes it. */
static sqlite3 *pending_wal_make(const char *path)
{
	sqlite3 *db = NULL;

	file_copy(fixture, path);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	sql_exec(db, "PRAGMA wal_autocheckpoint = 0; UPDATE device SET "
		 "name = '" WAL_NAME "' WHERE id = 1");
	return db;
}

/* The reading commands on path (as uid when > 0): each succeeds, and
 * devices lists wal_name when given (the log was read). */
static void reads_expect_ok(const char *path, int uid, const char *wal_name)
{
	struct run r;

	if (have_gnuplot) {
		RUN_AS(&r, uid, "render", "--db", (char *)path);
		print_message("render %s: %d %s", path, r.status, r.err);
		assert_int_equal(r.status, 0);
		assert_non_null(strstr(r.out, "\\documentclass"));
	} else {
		print_message("gnuplot missing: render not run\n");
	}
	RUN_AS(&r, uid, "export", "--db", (char *)path, "--format", "json");
	assert_int_equal(r.status, 0);
	RUN_AS(&r, uid, "sessions", "--db", (char *)path);
	assert_int_equal(r.status, 0);
	RUN_AS(&r, uid, "devices", "--db", (char *)path);
	print_message("devices %s: %d %s", path, r.status, r.err);
	assert_int_equal(r.status, 0);
	if (wal_name && !strstr(r.out, wal_name))
		fail_msg("devices did not read the log: %s", r.out);
}

/* ---- setup ------------------------------------------------------------- */

static int setup(void **state)
{
	(void)state;
	bin = getenv("MMREPORT_BIN");
	dir = fix_tmpdir();
	if (!bin || !dir)
		return -1;
	/* another user must reach the files below */
	if (chmod(dir, 0755))
		return -1;
	snprintf(fixture, sizeof(fixture), "%s/fixture.db", dir);
	snprintf(scratch, sizeof(scratch), "%s/scratch", dir);
	if (mkdir(scratch, 0700) || fix_build(fixture))
		return -1;
	have_gnuplot = fix_have("gnuplot");
	return 0;
}

static int teardown(void **state)
{
	char ro[4200];

	(void)state;
	/* a failed test_other_user may leave its directory read-only */
	snprintf(ro, sizeof(ro), "%s/ro", dir);
	chmod(ro, 0755);
	fix_rmdir(dir);
	free(dir);
	return 0;
}

/* ---- (a) a pending write-ahead log ------------------------------------- */

/* Issue 15, item 3: a log a live writer keeps, and the same files as a
 * crash leaves them (copied aside while the writer was open). Every
 * reader sees the logged change, and afterwards the file, its -wal and
 * -shm are byte-identical with their modification times, no file is
 * added (render used to checkpoint the log into the file). */
static void test_pending_wal(void **state)
{
	char *sub = path_join(dir, "wal");
	char *live = path_join(sub, "live.db");
	char *crash = path_join(sub, "crash.db");
	char from[4200], to[4200];
	struct dbsnap s;
	sqlite3 *db;
	const char *const side[] = {"", "-wal", "-shm"};

	(void)state;
	assert_int_equal(mkdir(sub, 0755), 0);
	db = pending_wal_make(live);
	for (int i = 0; i < 3; i++) {
		snprintf(from, sizeof(from), "%s%s", live, side[i]);
		snprintf(to, sizeof(to), "%s%s", crash, side[i]);
		file_copy(from, to);
	}

	dbsnap_take(&s, live);
	assert_true(s.wal.exists && s.wal.len > 0 && s.shm.exists);
	reads_expect_ok(live, 0, WAL_NAME);
	dbsnap_check(&s, live);

	dbsnap_take(&s, crash);
	reads_expect_ok(crash, 0, WAL_NAME);
	dbsnap_check(&s, crash);
	/* a merge reads its source as the others do */
	{
		char *target = path_join(dir, "scratch/merged.db");
		struct run r;

		dbsnap_take(&s, crash);
		RUN(&r, "merge", "--db", target, crash);
		assert_int_equal(r.status, 0);
		dbsnap_check(&s, crash);
		free(target);
	}
	sqlite3_close(db);
	fix_rmdir(sub);
	free(sub);
	free(live);
	free(crash);
}

/* ---- (c) a locked database --------------------------------------------- */

/* Issue 15, item 4: a file another process holds locked is exit 75 in
 * every command, with one line saying so (render said 65, merge 74 or 1).
 * The lock is this process's, on a copy: a writer in exclusive locking
 * mode in a transaction (readers wait for it), then an ordinary writer
 * in a transaction (readers go on; a writer waits for it). measure
 * reaches the database only with a GPU; without one it refuses first
 * (69), the file untouched. The commands run side by side: each waits
 * up to 5 s for the lock. */
static void test_locked(void **state)
{
	char *locked = path_join(dir, "scratch/locked.db");
	char *target = path_join(dir, "scratch/target.db");
	char *src = path_join(dir, "scratch/src.db");
	struct run r[8], gpu;
	sqlite3 *db = NULL;
	int i, n = 0, has_gpu;

	(void)state;
	RUN(&gpu, "devices");
	has_gpu = gpu.status == 0;
	file_copy(fixture, locked);
	file_copy(fixture, src);
	assert_int_equal(sqlite3_open(locked, &db), SQLITE_OK);
	sql_exec(db, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; "
		 "UPDATE device SET name = 'uncommitted'");
	{
		char *const a[][8] = {
			{"render", "--db", locked, NULL},
			{"export", "--db", locked, NULL},
			{"sessions", "--db", locked, NULL},
			{"devices", "--db", locked, NULL},
			{"merge", "--db", locked, src, NULL},
			{"merge", "--db", target, locked, NULL},
			{"measure", "--db", locked, "--suite", "ilp",
			 "--repeat", "1", NULL},
		};

		n = (int)(sizeof(a) / sizeof(a[0]));
		for (i = 0; i < n; i++)
			run_start(&r[i], 0, a[i]);
		for (i = 0; i < n; i++) {
			run_wait(&r[i]);
			print_message("exclusive, %s: %d %s", a[i][0],
				      r[i].status, r[i].err);
			if (!strcmp(a[i][0], "measure") && !has_gpu) {
				assert_int_equal(r[i].status, 69);
				continue;
			}
			assert_int_equal(r[i].status, 75);
			one_line_check(&r[i], locked, "locked by another "
				       "process");
		}
	}
	assert_int_equal(access(target, F_OK), -1);
	sql_exec(db, "ROLLBACK");
	sqlite3_close(db);

	/* an ordinary writer in a transaction: readers read what is
	 * committed, writers wait, then give up with 75 */
	assert_int_equal(sqlite3_open(locked, &db), SQLITE_OK);
	sql_exec(db, "BEGIN IMMEDIATE; UPDATE device SET name = "
		 "'uncommitted'");
	{
		char *const a[][8] = {
			{"devices", "--db", locked, NULL},
			{"export", "--db", locked, NULL},
			{"merge", "--db", locked, src, NULL},
			{"measure", "--db", locked, "--suite", "ilp",
			 "--repeat", "1", NULL},
		};

		n = (int)(sizeof(a) / sizeof(a[0]));
		for (i = 0; i < n; i++)
			run_start(&r[i], 0, a[i]);
		for (i = 0; i < n; i++) {
			run_wait(&r[i]);
			print_message("immediate, %s: %d %s", a[i][0],
				      r[i].status, r[i].err);
			if (i < 2) {
				assert_int_equal(r[i].status, 0);
				assert_null(strstr(r[i].out, "uncommitted"));
			} else if (i == 3) {
				/* with a GPU it opens the file, then fails
				 * its first write (more lines: progress) */
				assert_int_equal(r[i].status,
						 has_gpu ? 75 : 69);
				assert_null(strstr(r[i].err, ".c:"));
			} else {
				assert_int_equal(r[i].status, 75);
				one_line_check(&r[i], locked, "locked");
			}
		}
	}
	sql_exec(db, "ROLLBACK");
	sqlite3_close(db);
	free(locked);
	free(target);
	free(src);
}

/* ---- (d) faults that show after opening -------------------------------- */

/* Issue 15, item 4: a file that opens and checks out but fails when a
 * table is read is 65 in one line naming the file, never an internal
 * "sqlite3_prepare_v2(...) (store_session.c:309)" (65, 65, and 1 from
 * sessions); and a file whose rows lost their parent (a key changed) is
 * corrupt (65) where render said "holds no measurements" (1). Both stay
 * byte-identical. */
static void test_fault_after_open(void **state)
{
	char *sub = path_join(dir, "fault");
	char *coll = path_join(sub, "collation.db");
	char *orphan = path_join(sub, "orphan.db");
	char *target = path_join(dir, "scratch/target2.db");
	const char *const cmds[] = {"render", "export", "sessions",
		"devices", "merge"};
	struct dbsnap s;
	struct run r;
	sqlite3 *db = NULL;
	size_t i;

	(void)state;
	assert_int_equal(mkdir(sub, 0755), 0);
	/* sessions are listed in start order: a collation this build
	 * does not know on that column fails the listing, not the
	 * opening (the tables' columns and pages all check out) */
	file_copy(fixture, coll);
	assert_int_equal(sqlite3_open(coll, &db), SQLITE_OK);
	sql_exec(db, "PRAGMA writable_schema = ON; UPDATE sqlite_master SET "
		 "sql = replace(sql, 'started_at TEXT NOT NULL', "
		 "'started_at TEXT NOT NULL COLLATE nosuch') WHERE name = "
		 "'session'");
	sqlite3_close(db);
	file_copy(fixture, orphan);
	assert_int_equal(sqlite3_open(orphan, &db), SQLITE_OK);
	sql_exec(db, "UPDATE session SET device_id = device_id + 100 WHERE "
		 "id = (SELECT min(id) FROM session)");
	sqlite3_close(db);

	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		int merge = !strcmp(cmds[i], "merge");

		dbsnap_take(&s, coll);
		if (merge)
			RUN(&r, "merge", "--db", target, coll);
		else
			RUN(&r, (char *)cmds[i], "--db", coll);
		print_message("collation, %s: %d %s", cmds[i], r.status,
			      r.err);
		if (!strcmp(cmds[i], "devices")) {
			assert_int_equal(r.status, 0);	/* reads no session */
		} else {
			assert_int_equal(r.status, 65);
			one_line_check(&r, coll, "not an mmreport database");
		}
		dbsnap_check(&s, coll);

		dbsnap_take(&s, orphan);
		if (merge)
			RUN(&r, "merge", "--db", target, orphan);
		else
			RUN(&r, (char *)cmds[i], "--db", orphan);
		print_message("orphan, %s: %d %s", cmds[i], r.status, r.err);
		assert_int_equal(r.status, 65);
		one_line_check(&r, orphan, "corrupt database");
		dbsnap_check(&s, orphan);
	}
	fix_rmdir(sub);
	free(sub);
	free(coll);
	free(orphan);
	free(target);
}

/* ---- (b) another user, a directory nobody may write -------------------- */

/* Issue 15, items 1 and 2. As root: the fixture, and a copy with a
 * crashed writer's -wal and -shm, in a directory only root may write,
 * read by another user: every command succeeds (it was 65 with an
 * internal message), sees the log, and nothing changes. Then a
 * directory anyone may write, with the files of a third user: the
 * other user's reads leave nothing there (they left a -wal and -shm of
 * theirs), and the owner can still write the file (merge said "attempt
 * to write a readonly database"). Not as root: the same reads as this
 * user in a directory made read-only (0555). */
static void test_other_user(void **state)
{
	char *ro = path_join(dir, "ro");
	char *plain = path_join(ro, "plain.db");
	char *crash = path_join(ro, "crash.db");
	char from[4200], to[4200];
	const char *const side[] = {"", "-wal", "-shm"};
	int root = geteuid() == 0, uid = root ? atoi(OTHER_UID) : 0;
	char *live = path_join(dir, "scratch/live.db");
	struct dbsnap s;
	sqlite3 *db;

	(void)state;
	assert_int_equal(mkdir(ro, 0755), 0);
	file_copy(fixture, plain);
	db = pending_wal_make(live);
	for (int i = 0; i < 3; i++) {
		snprintf(from, sizeof(from), "%s/scratch/live.db%s", dir,
			 side[i]);
		snprintf(to, sizeof(to), "%s%s", crash, side[i]);
		file_copy(from, to);
		assert_int_equal(chmod(to, 0644), 0);
	}
	sqlite3_close(db);
	assert_int_equal(chmod(plain, 0644), 0);
	if (!root)
		assert_int_equal(chmod(ro, 0555), 0);

	dbsnap_take(&s, plain);
	reads_expect_ok(plain, uid, NULL);
	dbsnap_check(&s, plain);
	dbsnap_take(&s, crash);
	reads_expect_ok(crash, uid, WAL_NAME);
	dbsnap_check(&s, crash);
	if (root) {
		char *shared = path_join(dir, "shared");
		char *owned = path_join(shared, "owned.db");
		struct run r;

		assert_int_equal(mkdir(shared, 0777), 0);
		assert_int_equal(chmod(shared, 0777), 0);
		file_copy(fixture, owned);
		assert_int_equal(chown(owned, OWNER_UID, OWNER_UID), 0);
		dbsnap_take(&s, owned);
		reads_expect_ok(owned, uid, NULL);
		dbsnap_check(&s, owned);
		/* the owner writes it: a merge of a copy (nothing new, but
		 * it takes the write lock) */
		RUN_AS(&r, OWNER_UID, "merge", "--db", owned, plain);
		print_message("owner's merge: %d %s", r.status, r.err);
		assert_int_equal(r.status, 0);
		free(owned);
		free(shared);
	}
	assert_int_equal(chmod(ro, 0755), 0);
	free(ro);
	free(plain);
	free(crash);
	free(live);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pending_wal),
		cmocka_unit_test(test_locked),
		cmocka_unit_test(test_fault_after_open),
	};
	const struct CMUnitTest user_tests[] = {
		cmocka_unit_test(test_other_user),
	};

	if (argc > 1 && !strcmp(argv[1], "user")) {
		if (geteuid() == 0 && !fix_have("setpriv")) {
			fprintf(stderr, "cli_readonly user: setpriv not "
				"found; skipped\n");
			return 77;
		}
		return cmocka_run_group_tests(user_tests, setup, teardown);
	}
	return cmocka_run_group_tests(tests, setup, teardown);
}
