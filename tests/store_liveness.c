/* Sessions left "running" by a process that is gone: the identity of a
 * process (store_proc_identity), "aborted" on read (store_session_list)
 * and in the file (store_session_reap), and the sessions neither may
 * touch: live ones, other hosts', those without a pid, finished ones. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "store.h"
#include "store_fixture.h"

struct ctx {
	char *dir;
	char *path;
	struct store *st;
	int64_t dev;
	char host[256];
};

static int setup(void **state)
{
	struct ctx *c = calloc(1, sizeof(*c));

	assert_non_null(c);
	c->dir = fx_dir_make();
	c->path = fx_path(c->dir, "live.db");
	c->st = fx_open(c->path, STORE_CREATE);
	c->dev = fx_device(c->st, "GPU-live", "Live");
	assert_int_equal(gethostname(c->host, sizeof(c->host) - 1), 0);
	*state = c;
	return 0;
}

static int teardown(void **state)
{
	struct ctx *c = *state;

	store_free(c->st);
	free(c->path);
	fx_dir_remove(c->dir);
	free(c);
	return 0;
}

/* A child process that waits, blocked on a pipe, until child_exit. */
struct child {
	pid_t pid;
	int wfd;
	char ident[128];	/* its identity, taken while it lives */
};

static void child_start(struct child *ch)
{
	int fd[2];
	char b;

	assert_int_equal(pipe(fd), 0);
	ch->pid = fork();
	assert_true(ch->pid >= 0);
	if (ch->pid == 0) {
		close(fd[1]);
		while (read(fd[0], &b, 1) < 0 && errno == EINTR)
			;
		_exit(0);
	}
	close(fd[0]);
	ch->wfd = fd[1];
	assert_int_equal(store_proc_identity((int)ch->pid, ch->ident,
					     sizeof(ch->ident)), 0);
	assert_true(ch->ident[0] != '\0');
}

/* Lets the child exit; with reap, waits for it, so that its pid names
 * no process any more. */
static void child_exit(struct child *ch, int reap)
{
	int st;

	close(ch->wfd);
	if (reap)
		assert_int_equal(waitpid(ch->pid, &st, 0), ch->pid);
}

static int64_t session_add(struct ctx *c, const char *uuid,
			   const char *status, const char *host, int pid,
			   const char *proc_start)
{
	struct store_session s = {
		.uuid = (char *)uuid, .device_id = c->dev,
		.started_at = (char *)"2026-05-01T00:00:00Z",
		.status = (char *)status, .hostname = (char *)host,
		.pid = pid, .proc_start = (char *)proc_start, .cold = -1,
	};

	if (store_session_insert(c->st, &s))
		fail_msg("session: %s", store_errmsg(c->st));
	return s.id;
}

/* The status store_session_list reports for uuid. */
static char *status_listed(struct store *st, const char *uuid)
{
	struct store_session *ss = NULL;
	char *r = NULL;
	size_t n = 0, i;

	assert_int_equal(store_session_list(st, &ss, &n), 0);
	for (i = 0; i < n; i++)
		if (!strcmp(ss[i].uuid, uuid))
			r = strdup(ss[i].status);
	store_sessions_free(ss, n);
	if (!r)
		fail_msg("no session %s", uuid);
	return r;
}

static void assert_listed(struct store *st, const char *uuid,
			  const char *want)
{
	char *got = status_listed(st, uuid);

	if (strcmp(got, want))
		fail_msg("session %s listed as '%s', expected '%s'", uuid,
			 got, want);
	free(got);
}

/* The status stored in the file for uuid, read past the store. */
static void assert_stored(const char *path, const char *uuid,
			  const char *want)
{
	char sql[256];

	snprintf(sql, sizeof(sql), "SELECT count(*) FROM session WHERE"
		 " uuid = '%s' AND status = '%s'", uuid, want);
	if (fx_sql_int(path, sql) != 1)
		fail_msg("session %s is not stored as '%s'", uuid, want);
}

static void proc_identity(void **state)
{
	char self[128], bypid[128], boot[64], small[8];
	struct child ch;
	FILE *f;
	size_t blen;
	char *end;

	(void)state;
	f = fopen("/proc/sys/kernel/random/boot_id", "r");
	if (!f)
		skip();
	assert_non_null(fgets(boot, sizeof(boot), f));
	fclose(f);
	boot[strcspn(boot, "\n")] = '\0';
	blen = strlen(boot);
	assert_true(blen > 0);

	assert_int_equal(store_proc_identity(0, self, sizeof(self)), 0);
	print_message("identity: %s\n", self);
	assert_memory_equal(self, boot, blen);
	assert_true(self[blen] == '/');
	assert_true(self[blen + 1] >= '0' && self[blen + 1] <= '9');
	(void)strtoull(self + blen + 1, &end, 10);
	assert_true(*end == '\0');
	assert_int_equal(store_proc_identity((int)getpid(), bypid,
					     sizeof(bypid)), 0);
	assert_string_equal(self, bypid);

	/* Too small a buffer, a negative pid: -1 and "". */
	strcpy(small, "x");
	assert_int_equal(store_proc_identity(0, small, sizeof(small)), -1);
	assert_string_equal(small, "");
	strcpy(bypid, "x");
	assert_int_equal(store_proc_identity(-5, bypid, sizeof(bypid)), -1);
	assert_string_equal(bypid, "");

	/* A process that is gone has none. */
	child_start(&ch);
	assert_memory_equal(ch.ident, boot, blen);
	child_exit(&ch, 1);
	strcpy(bypid, "x");
	assert_int_equal(store_proc_identity((int)ch.pid, bypid,
					     sizeof(bypid)), -1);
	assert_string_equal(bypid, "");
}

/* On read: dead and of this host -> aborted; everything else as stored.
 * Nothing is written. */
static void listed_aborted(void **state)
{
	struct ctx *c = *state;
	struct fx_snap before;
	struct store *ro;
	struct child ch;
	char self[128];

	assert_int_equal(store_proc_identity(0, self, sizeof(self)), 0);
	child_start(&ch);
	session_add(c, "dead", "running", c->host, (int)ch.pid, ch.ident);
	session_add(c, "self", "running", c->host, (int)getpid(), self);
	session_add(c, "elsewhere", "running", "another-host.invalid",
		    (int)ch.pid, ch.ident);
	session_add(c, "nopid", "running", c->host, 0, NULL);
	session_add(c, "done", "complete", c->host, (int)ch.pid, ch.ident);
	session_add(c, "stopped", "interrupted", c->host, (int)ch.pid,
		    ch.ident);

	/* While the child lives its session is running. */
	assert_listed(c->st, "dead", "running");
	child_exit(&ch, 1);

	assert_listed(c->st, "dead", "aborted");
	assert_listed(c->st, "self", "running");
	assert_listed(c->st, "elsewhere", "running");
	assert_listed(c->st, "nopid", "running");
	assert_listed(c->st, "done", "complete");
	assert_listed(c->st, "stopped", "interrupted");
	/* Reading changed nothing in the file. */
	assert_stored(c->path, "dead", "running");

	/* A read-only handle sees the same and writes nothing. */
	store_free(c->st);
	c->st = NULL;
	fx_snap_take(c->path, &before);
	ro = fx_open(c->path, STORE_READ);
	assert_listed(ro, "dead", "aborted");
	assert_listed(ro, "self", "running");
	assert_true(store_session_reap(ro, NULL) < 0);
	store_free(ro);
	fx_snap_assert(c->path, &before);
	fx_snap_free(&before);
	c->st = fx_open(c->path, STORE_WRITE);
}

/* A pid that now names another process (reused: the identity differs),
 * and a dead pid stored without an identity. */
static void pid_reused(void **state)
{
	struct ctx *c = *state;
	struct child ch;

	child_start(&ch);
	child_exit(&ch, 1);
	session_add(c, "reused", "running", c->host, (int)getpid(),
		    "00000000-0000-4000-8000-000000000000/1");
	session_add(c, "self-noident", "running", c->host, (int)getpid(),
		    NULL);
	session_add(c, "dead-noident", "running", c->host, (int)ch.pid,
		    NULL);
	assert_listed(c->st, "reused", "aborted");
	assert_listed(c->st, "self-noident", "running");
	assert_listed(c->st, "dead-noident", "aborted");
}

/* Killed, not yet waited for by its parent: a zombie cannot finish its
 * session either. */
static void zombie(void **state)
{
	struct ctx *c = *state;
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	char path[64], buf[512], *p = NULL;
	struct child ch;
	FILE *f;
	int i, st;

	child_start(&ch);
	session_add(c, "zombie", "running", c->host, (int)ch.pid, ch.ident);
	assert_listed(c->st, "zombie", "running");
	child_exit(&ch, 0);
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)ch.pid);
	for (i = 0; i < 500; i++) {
		f = fopen(path, "r");
		assert_non_null(f);
		p = fgets(buf, sizeof(buf), f);
		fclose(f);
		assert_non_null(p);
		p = strrchr(buf, ')');
		assert_non_null(p);
		if (p[2] == 'Z')
			break;
		nanosleep(&ts, NULL);
	}
	assert_true(p && p[2] == 'Z');
	assert_listed(c->st, "zombie", "aborted");
	assert_int_equal(waitpid(ch.pid, &st, 0), ch.pid);
	assert_listed(c->st, "zombie", "aborted");
}

/* In the file: only the dead session of this host becomes 'aborted',
 * with no end time; a second reap finds nothing. */
static void reap(void **state)
{
	struct ctx *c = *state;
	struct child ch;
	char self[128];
	size_t n = 99;

	assert_int_equal(store_proc_identity(0, self, sizeof(self)), 0);
	child_start(&ch);
	session_add(c, "dead", "running", c->host, (int)ch.pid, ch.ident);
	session_add(c, "self", "running", c->host, (int)getpid(), self);
	session_add(c, "elsewhere", "running", "another-host.invalid",
		    (int)ch.pid, ch.ident);
	session_add(c, "nopid", "running", c->host, 0, NULL);
	session_add(c, "done", "complete", c->host, (int)ch.pid, ch.ident);

	/* Alive: nothing to reap. */
	assert_int_equal(store_session_reap(c->st, &n), 0);
	assert_int_equal(n, 0);
	assert_stored(c->path, "dead", "running");

	child_exit(&ch, 1);
	n = 99;
	assert_int_equal(store_session_reap(c->st, &n), 0);
	assert_int_equal(n, 1);
	assert_stored(c->path, "dead", "aborted");
	assert_int_equal(fx_sql_int(c->path, "SELECT ended_at IS NULL FROM"
				    " session WHERE uuid = 'dead'"), 1);
	assert_stored(c->path, "self", "running");
	assert_stored(c->path, "elsewhere", "running");
	assert_stored(c->path, "nopid", "running");
	assert_stored(c->path, "done", "complete");
	assert_listed(c->st, "dead", "aborted");

	n = 99;
	assert_int_equal(store_session_reap(c->st, &n), 0);
	assert_int_equal(n, 0);
	assert_int_equal(store_session_reap(c->st, NULL), 0);
	assert_int_equal(fx_sql_int(c->path, "SELECT count(*) FROM session"
				    " WHERE status = 'aborted'"), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(proc_identity),
		cmocka_unit_test_setup_teardown(listed_aborted, setup,
						teardown),
		cmocka_unit_test_setup_teardown(pid_reused, setup, teardown),
		cmocka_unit_test_setup_teardown(zombie, setup, teardown),
		cmocka_unit_test_setup_teardown(reap, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
