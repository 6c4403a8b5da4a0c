/* Issue 29, item 3: a reading command reads one snapshot. Between
 * store_read_begin and store_read_end, a statistic and the samples it was
 * computed from are of one commit, whatever another process commits and
 * checkpoints meanwhile, or store_read_end says "try again"
 * (STORE_ERR_BUSY). A render of a WAL-mode file that no process had
 * open read without locks and showed statistics from before a commit
 * with intervals from after it (10 of 12 trials). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "store.h"
#include "store_fixture.h"

struct ctx {
	char *dir;
	char *db;
	int64_t cfg;
};

static int setup(void **state)
{
	struct ctx *c = calloc(1, sizeof(*c));
	struct store *st;
	int64_t d, s;

	assert_non_null(c);
	c->dir = fx_dir_make();
	c->db = fx_path(c->dir, "r.db");
	st = fx_open(c->db, STORE_CREATE);
	d = fx_device(st, "GPU-read", "Read GPU");
	s = fx_session(st, d, "S-read", "2026-01-01T00:00:00Z");
	c->cfg = fx_config(st, s, "v2", 64, 16, "ok", 1.0, 1);
	store_free(st);
	/* a WAL-mode file that no process has open: no -wal beside it */
	assert_false(fx_side_files(c->db));
	*state = c;
	return 0;
}

static int teardown(void **state)
{
	struct ctx *c = *state;

	free(c->db);
	fx_dir_remove(c->dir);
	free(c);
	return 0;
}

/* A writer's connection to path, waiting for no lock. */
static sqlite3 *writer_open(const char *path)
{
	sqlite3 *w = NULL;

	assert_int_equal(sqlite3_open(path, &w), SQLITE_OK);
	return w;
}

/* One commit that moves the "kernel" statistic of cfg and its samples
 * together by 1000: a reader that sees one without the other mixes two
 * states. Returns the SQLite result of the COMMIT. */
static int writer_move(sqlite3 *w, int64_t cfg)
{
	char sql[512];
	int rc;

	snprintf(sql, sizeof(sql), "BEGIN IMMEDIATE;"
		 " UPDATE stat SET median = median + 1000 WHERE config_id ="
		 " %lld AND metric = 'kernel';"
		 " UPDATE sample SET value = value + 1000 WHERE config_id ="
		 " %lld AND metric = 'kernel';", (long long)cfg,
		 (long long)cfg);
	assert_int_equal(sqlite3_exec(w, sql, NULL, NULL, NULL), SQLITE_OK);
	rc = sqlite3_exec(w, "COMMIT", NULL, NULL, NULL);
	return rc;
}

static double median_of(double *v, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The stored median of cfg's "kernel" metric into *median; 0 or a store
 * error. */
static int stat_read(struct store *st, int64_t cfg, double *median)
{
	struct store_stat *s = NULL;
	size_t n = 0, i;
	int rc = store_stat_list(st, cfg, &s, &n);

	*median = NAN;
	for (i = 0; !rc && i < n; i++)
		if (!strcmp(s[i].metric, "kernel"))
			*median = s[i].s.median;
	store_stats_free(s, n);
	return rc;
}

/* The median of cfg's "kernel" samples as read now into *median. */
static int samples_read(struct store *st, int64_t cfg, double *median)
{
	double *v = NULL;
	size_t n = 0;
	int rc = store_sample_get(st, cfg, "kernel", &v, &n);

	*median = rc || !n ? NAN : median_of(v, n);
	free(v);
	return rc;
}

/* Without a write-ahead log and no writer: immutable=1, no lock. A
 * writer comes, commits and checkpoints between the statistic and the
 * samples, and stays: the reader read a mix, so store_read_end says try
 * again. */
static void test_immutable_writer_stays(void **state)
{
	struct ctx *c = *state;
	struct store *st = fx_open(c->db, STORE_READ);
	double a, b;
	sqlite3 *w;

	assert_int_equal(store_read_begin(st), 0);
	assert_int_equal(stat_read(st, c->cfg, &a), 0);
	w = writer_open(c->db);
	assert_int_equal(writer_move(w, c->cfg), SQLITE_OK);
	assert_int_equal(sqlite3_exec(w, "PRAGMA wal_checkpoint(TRUNCATE)",
				      NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(samples_read(st, c->cfg, &b), 0);
	/* The pages of this small file may all be in the reader's cache
	 * since the open check read them (then it read no mix); a large
	 * file's are not. Either way the snapshot cannot be vouched for. */
	print_message("statistic %g, samples' median %g\n", a, b);
	assert_int_equal(store_read_end(st), STORE_ERR_BUSY);
	assert_non_null(strstr(store_errmsg(st), "try again"));
	store_free(st);
	sqlite3_close(w);
}

/* The same with a writer that is gone again before the read ends: its
 * close checkpointed into the file and removed the -wal. The file was
 * at rest (its time a minute back), as a file is that nobody writes. */
static void test_immutable_writer_gone(void **state)
{
	struct ctx *c = *state;
	struct timespec t[2];
	struct store *st;
	double a, b;
	sqlite3 *w;

	clock_gettime(CLOCK_REALTIME, &t[0]);
	t[0].tv_sec -= 60;
	t[1] = t[0];
	assert_int_equal(utimensat(AT_FDCWD, c->db, t, 0), 0);
	st = fx_open(c->db, STORE_READ);
	assert_int_equal(store_read_begin(st), 0);
	assert_int_equal(stat_read(st, c->cfg, &a), 0);
	w = writer_open(c->db);
	assert_int_equal(writer_move(w, c->cfg), SQLITE_OK);
	assert_int_equal(sqlite3_close(w), SQLITE_OK);
	assert_false(fx_side_files(c->db));
	assert_int_equal(samples_read(st, c->cfg, &b), 0);
	assert_int_equal(store_read_end(st), STORE_ERR_BUSY);
	store_free(st);
}

/* A rollback-journal file: the reader's SHARED lock lasts from
 * store_read_begin to store_read_end, so a writer cannot commit in
 * between (it would wait, here not at all); after it, it can. */
static void test_rollback_lock_held(void **state)
{
	struct ctx *c = *state;
	struct store *st;
	double a, b;
	sqlite3 *w;

	fx_sql(c->db, "PRAGMA journal_mode = DELETE");
	st = fx_open(c->db, STORE_READ);
	assert_int_equal(store_read_begin(st), 0);
	assert_int_equal(stat_read(st, c->cfg, &a), 0);
	w = writer_open(c->db);
	assert_int_equal(writer_move(w, c->cfg), SQLITE_BUSY);
	assert_int_equal(samples_read(st, c->cfg, &b), 0);
	assert_true(fabs(a - b) < 1e-9);
	assert_int_equal(store_read_end(st), 0);
	/* the lock is gone: the writer commits */
	assert_int_equal(sqlite3_exec(w, "COMMIT", NULL, NULL, NULL),
			 SQLITE_OK);
	sqlite3_close(w);
	store_free(st);
}

/* A WAL file with a live writer: the reader reads under WAL's read lock;
 * a commit and a checkpoint meanwhile leave its snapshot whole. */
static void test_wal_snapshot(void **state)
{
	struct ctx *c = *state;
	struct store *st;
	double a, b;
	sqlite3 *w;

	w = writer_open(c->db);
	assert_int_equal(writer_move(w, c->cfg), SQLITE_OK);
	st = fx_open(c->db, STORE_READ);
	assert_int_equal(store_read_begin(st), 0);
	assert_int_equal(stat_read(st, c->cfg, &a), 0);
	assert_int_equal(writer_move(w, c->cfg), SQLITE_OK);
	sqlite3_exec(w, "PRAGMA wal_checkpoint(PASSIVE)", NULL, NULL, NULL);
	assert_int_equal(samples_read(st, c->cfg, &b), 0);
	assert_true(fabs(a - b) < 1e-9);
	assert_int_equal(store_read_end(st), 0);
	store_free(st);
	sqlite3_close(w);
}

#define RACE_TRIALS 150

/* The race run many times (bounded): a child commits and checkpoints in
 * a loop, opening and closing its connection so that the file is found
 * with a -wal and without one; each read either sees one commit or says
 * try again. Never a mix with success. */
static void test_race(void **state)
{
	struct ctx *c = *state;
	int same = 0, busy = 0, mixed = 0, i, status;
	pid_t pid;

	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		for (i = 0; i < 100000; i++) {
			sqlite3 *w = NULL;

			if (sqlite3_open(c->db, &w) != SQLITE_OK)
				_exit(1);
			sqlite3_busy_timeout(w, 5000);
			writer_move(w, c->cfg);
			sqlite3_exec(w, "PRAGMA wal_checkpoint(PASSIVE)", NULL,
				     NULL, NULL);
			sqlite3_close(w);
		}
		_exit(0);
	}
	for (i = 0; i < RACE_TRIALS; i++) {
		struct store *st = NULL;
		char err[256];
		double a = NAN, b = NAN;
		int rc;

		rc = store_open(c->db, STORE_READ, &st, err, sizeof(err));
		if (!rc)
			rc = store_read_begin(st);
		if (!rc)
			rc = stat_read(st, c->cfg, &a);
		if (!rc)
			rc = samples_read(st, c->cfg, &b);
		if (!rc)
			rc = store_read_end(st);
		if (rc == STORE_ERR_BUSY)
			busy++;
		else if (rc)
			fail_msg("trial %d: %d: %s", i, rc,
				 st ? store_errmsg(st) : err);
		else if (fabs(a - b) < 1e-9)
			same++;
		else
			mixed++;
		store_free(st);
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	print_message("race: %d trials: %d one state, %d try again, %d "
		      "mixed\n", RACE_TRIALS, same, busy, mixed);
	assert_int_equal(mixed, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_immutable_writer_stays,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_immutable_writer_gone,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_rollback_lock_held,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_wal_snapshot, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_race, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
