/* cli: merge into a target that does not exist yet, or is empty (issue 29,
 * item 1). Two merges creating one target at once both end with their
 * source in it (the loser said 65, "changed while being opened", or 74,
 * and its source was never merged: 7 of 20 pairs); a merge whose source
 * fails mid-copy leaves no new target behind, and no file of its own. */
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

#include "store.h"
#include "store_fixture.h"

static const char *bin;

struct run {
	pid_t pid;
	int status;
	char err[1024];
	char errpath[4200];
};

/* Starts bin with args (NULL-ended), stdout to /dev/null, stderr kept. */
static void run_start(struct run *r, const char *dir, char *const *args)
{
	static int count;
	char *argv[16];
	int k = 0, i;

	argv[k++] = (char *)bin;
	for (i = 0; args[i] && k < 15; i++)
		argv[k++] = args[i];
	argv[k] = NULL;
	snprintf(r->errpath, sizeof(r->errpath), "%s/err-%d", dir, count++);
	r->pid = fork();
	assert_true(r->pid >= 0);
	if (r->pid == 0) {
		int o = open("/dev/null", O_WRONLY);
		int e = open(r->errpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		if (o < 0 || e < 0)
			_exit(99);
		dup2(o, 1);
		dup2(e, 2);
		execv(argv[0], argv);
		_exit(98);
	}
}

static void run_wait(struct run *r)
{
	FILE *f;
	size_t n = 0;
	int st;

	assert_int_equal(waitpid(r->pid, &st, 0), r->pid);
	assert_true(WIFEXITED(st));
	r->status = WEXITSTATUS(st);
	r->err[0] = '\0';
	f = fopen(r->errpath, "r");
	if (f) {
		n = fread(r->err, 1, sizeof(r->err) - 1, f);
		fclose(f);
	}
	r->err[n] = '\0';
	unlink(r->errpath);
}

/* A small source database at path: one device (uuid), one session. */
static void source_make(const char *path, const char *uuid,
			const char *session)
{
	struct store *st = fx_open(path, STORE_CREATE);
	int64_t d = fx_device(st, uuid, "GPU");
	int64_t s = fx_session(st, d, session, "2026-01-01T00:00:00Z");

	fx_config(st, s, "v2", 64, 16, "ok", 1.0, 1);
	store_free(st);
}

/* How many files dir holds besides the ones named (NULL-ended). */
static int others_count(const char *dir, const char *const *names)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d))) {
		const char *const *p;
		int known = !strcmp(e->d_name, ".") ||
			    !strcmp(e->d_name, "..");

		for (p = names; *p && !known; p++)
			known = !strcmp(e->d_name, *p);
		if (!known) {
			print_message("left: %s\n", e->d_name);
			n++;
		}
	}
	closedir(d);
	return n;
}

#define RACE_PAIRS 5

/* RACE_PAIRS times, for a missing target and for an empty one: two
 * merges create the target at once, each from its own source. Both exit
 * 0 and the target holds both devices; nothing else is left. */
static void test_race(void **state)
{
	char *dir = fx_dir_make();
	char *a = fx_path(dir, "a.db"), *b = fx_path(dir, "b.db");
	char *t = fx_path(dir, "t.db");
	static const char *const keep[] = { "a.db", "b.db", "t.db", NULL };
	int empty, pair, bad = 0;

	(void)state;
	source_make(a, "GPU-a", "S-a");
	source_make(b, "GPU-b", "S-b");
	for (empty = 0; empty < 2; empty++) {
		for (pair = 0; pair < RACE_PAIRS; pair++) {
			char *const aa[] = { "merge", "--db", t, a, NULL };
			char *const ab[] = { "merge", "--db", t, b, NULL };
			struct run r[2];
			int64_t devs;

			unlink(t);
			if (empty)
				fx_file_write(t, "", 0);
			run_start(&r[0], dir, aa);
			run_start(&r[1], dir, ab);
			run_wait(&r[0]);
			run_wait(&r[1]);
			devs = fx_sql_int(t, "SELECT count(*) FROM device");
			if (r[0].status || r[1].status || devs != 2) {
				print_message("%s target, pair %d: %d %s / "
					      "%d %s / %lld devices\n",
					      empty ? "empty" : "new", pair,
					      r[0].status, r[0].err,
					      r[1].status, r[1].err,
					      (long long)devs);
				bad++;
			}
			assert_int_equal(others_count(dir, keep), 0);
		}
	}
	assert_int_equal(bad, 0);
	free(a);
	free(b);
	free(t);
	fx_dir_remove(dir);
}

/* The second source opens and checks out, but its sessions cannot be
 * listed (a collation this build does not know): the merge fails half
 * way, after the first source was copied. A new target is not left
 * behind, an empty one stays empty, and no private file remains. */
static void test_fail_mid_copy(void **state)
{
	char *dir = fx_dir_make();
	char *a = fx_path(dir, "a.db"), *c = fx_path(dir, "coll.db");
	char *t = fx_path(dir, "t.db");
	static const char *const keep[] = { "a.db", "coll.db", NULL };
	static const char *const keep_t[] = { "a.db", "coll.db", "t.db",
					      NULL };
	struct run r;
	struct stat sb;

	(void)state;
	source_make(a, "GPU-a", "S-a");
	source_make(c, "GPU-c", "S-c");
	fx_sql(c, "PRAGMA writable_schema = ON; UPDATE sqlite_master SET "
	       "sql = replace(sql, 'started_at TEXT NOT NULL', "
	       "'started_at TEXT NOT NULL COLLATE nosuch') WHERE name = "
	       "'session'");
	{
		char *const args[] = { "merge", "--db", t, a, c, NULL };

		run_start(&r, dir, args);
		run_wait(&r);
	}
	print_message("new target: %d %s", r.status, r.err);
	assert_int_equal(r.status, 65);
	assert_non_null(strstr(r.err, "coll.db"));
	assert_int_equal(access(t, F_OK), -1);
	assert_int_equal(others_count(dir, keep), 0);

	fx_file_write(t, "", 0);
	{
		char *const args[] = { "merge", "--db", t, a, c, NULL };

		run_start(&r, dir, args);
		run_wait(&r);
	}
	print_message("empty target: %d %s", r.status, r.err);
	assert_int_equal(r.status, 65);
	assert_int_equal(stat(t, &sb), 0);
	assert_int_equal(sb.st_size, 0);
	assert_int_equal(others_count(dir, keep_t), 0);

	/* and with good sources the new target appears, whole */
	unlink(t);
	{
		char *const args[] = { "merge", "--db", t, a, NULL };

		run_start(&r, dir, args);
		run_wait(&r);
	}
	assert_int_equal(r.status, 0);
	assert_int_equal(fx_sql_int(t, "SELECT count(*) FROM device"), 1);
	assert_int_equal(others_count(dir, keep_t), 0);
	free(a);
	free(c);
	free(t);
	fx_dir_remove(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fail_mid_copy),
		cmocka_unit_test(test_race),
	};

	bin = getenv("MMREPORT_BIN");
	if (!bin) {
		fprintf(stderr, "cli_merge: MMREPORT_BIN not set\n");
		return 1;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
