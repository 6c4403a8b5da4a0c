/* The stop request without a GPU (issue 29, item 10): SIGINT, SIGTERM
 * and SIGHUP, once or repeated at once as timeout(1) sends them (to the
 * process, then to its group, then SIGCONT), only ask the sweep to stop;
 * none of them ends the process, which must live on to mark its session
 * interrupted. The process-ending cases run in child processes; the
 * timeout(1) cases run this binary as `measure_stop --child` under the
 * real tool. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "stop.h"

/* What --child prints once it saw the request and is about to end. */
#define CHILD_LINE "stop requested\n"

static const char *self;

static void nap_ms(long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000 * 1000};

	nanosleep(&t, NULL);
}

/* Runs body in a child; returns its wait status. */
static int in_child(void (*body)(void))
{
	int status = -1;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (!pid) {
		body();
		_exit(0);
	}
	assert_true(waitpid(pid, &status, 0) == pid);
	return status;
}

static void exit_alive(int status)
{
	if (WIFSIGNALED(status))
		print_error("child ended by signal %d\n", WTERMSIG(status));
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

/* Each signal twice at once, as timeout(1) sends it, then SIGCONT. */
static void repeated_body(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	struct stop_saved saved;

	/* a group of its own: kill(0) must not reach the test runner */
	if (setpgid(0, 0))
		_exit(4);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		stop_signals_install(&saved);
		if (stop_requested())
			_exit(2);
		kill(getpid(), sigs[i]);
		kill(0, sigs[i]);
		kill(getpid(), SIGCONT);
		kill(getpid(), sigs[i]);
		if (!stop_requested())
			_exit(3);
		stop_signals_restore(&saved);
	}
}

static void test_repeated(void **state)
{
	(void)state;
	exit_alive(in_child(repeated_body));
}

/* A write to a pipe nobody reads (stderr after an ssh session dropped)
 * fails with EPIPE instead of ending the process. */
static void pipe_body(void)
{
	struct stop_saved saved;
	int fd[2];

	if (pipe(fd))
		_exit(2);
	close(fd[0]);
	stop_signals_install(&saved);
	if (write(fd[1], "x", 1) != -1 || errno != EPIPE)
		_exit(3);
	stop_signals_restore(&saved);
}

static void test_broken_pipe(void **state)
{
	(void)state;
	exit_alive(in_child(pipe_body));
}

/* restore puts the defaults back: a signal after it ends the child. */
static void restored_body(void)
{
	struct stop_saved saved;

	stop_signals_install(&saved);
	stop_signals_restore(&saved);
	kill(getpid(), SIGHUP);
	nap_ms(1000);
}

static void test_restore(void **state)
{
	int status;

	(void)state;
	status = in_child(restored_body);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGHUP);
}

/* `timeout --preserve-status -s SIG 0.2 measure_stop --child`: the child
 * must report the request and end by itself with 130, as measure does. */
static void under_timeout(const char *sig)
{
	char cmd[1200], out[200] = "";
	FILE *p;
	size_t n;
	int status;

	if (system("timeout --version > /dev/null 2>&1"))
		skip();
	snprintf(cmd, sizeof(cmd), "timeout --preserve-status -s %s 0.2 "
		 "'%s' --child", sig, self);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = '\0';
	status = pclose(p);
	if (strcmp(out, CHILD_LINE))
		print_error("SIG%s: the child wrote '%s'\n", sig, out);
	assert_string_equal(out, CHILD_LINE);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 130);
}

static void test_timeout_int(void **state)
{
	(void)state;
	under_timeout("INT");
}

static void test_timeout_term(void **state)
{
	(void)state;
	under_timeout("TERM");
}

static void test_timeout_hup(void **state)
{
	(void)state;
	under_timeout("HUP");
}

/* The child of the timeout(1) cases: spins until the request (running,
 * as measure's threads are, so that the first signal is handled at once
 * and the second finds the handler it left; a hang guard of 60 s, never
 * a measured time), says so, exits 130. */
static int child_main(void)
{
	struct stop_saved saved;
	time_t guard = time(NULL) + 60;

	stop_signals_install(&saved);
	while (!stop_requested() && time(NULL) < guard)
		;
	if (!stop_requested())
		return 1;
	/* a little work after the request, as measure stores its session */
	nap_ms(50);
	fputs(CHILD_LINE, stdout);
	fflush(stdout);
	stop_signals_restore(&saved);
	return 130;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_repeated),
		cmocka_unit_test(test_broken_pipe),
		cmocka_unit_test(test_restore),
		cmocka_unit_test(test_timeout_int),
		cmocka_unit_test(test_timeout_term),
		cmocka_unit_test(test_timeout_hup),
	};

	self = argv[0];
	if (argc == 2 && !strcmp(argv[1], "--child"))
		return child_main();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
