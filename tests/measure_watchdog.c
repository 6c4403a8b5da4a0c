/* The launch time limit without a GPU: a process whose launches stop
 * beating is ended with status 70 and a message naming the last launch;
 * one that keeps beating or stops the watchdog is not. Each case
 * runs in a child process, since firing ends the process. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "watchdog.h"

#define LIMIT_S 0.3

static void nap(double s)
{
	struct timespec t = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};

	nanosleep(&t, NULL);
}

/* Runs body in a child with stderr into a pipe; the exit status and
 * the first bytes of stderr come back. */
static int child(void (*body)(void), char *err, size_t len)
{
	int fd[2], status = -1;
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe(fd), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		close(fd[0]);
		dup2(fd[1], 2);
		body();
		_exit(0);
	}
	close(fd[1]);
	n = read(fd[0], err, len - 1);
	err[n > 0 ? n : 0] = '\0';
	close(fd[0]);
	assert_true(waitpid(pid, &status, 0) == pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void hung(void)
{
	watchdog_start(LIMIT_S);
	watchdog_beat("hangs", 128, 128, 128, 16, 1);
	nap(10 * LIMIT_S);	/* the limit ends it long before */
	watchdog_stop();
}

static void beating(void)
{
	int i;

	watchdog_start(LIMIT_S);
	for (i = 0; i < 10; i++) {
		watchdog_beat("v3", 64, 64, 64, 16, 1);
		nap(LIMIT_S / 3);
	}
	watchdog_stop();
}

static void off(void)
{
	watchdog_start(0);
	watchdog_beat("v3", 64, 64, 64, 16, 1);
	nap(3 * LIMIT_S);
	watchdog_stop();
}

static void test_fires(void **state)
{
	char err[512];

	(void)state;
	assert_int_equal(child(hung, err, sizeof(err)), 70);
	if (!strstr(err, "a launch of hangs (m=128 k=128 n=128, block 16"))
		fail_msg("message: %s", err);
}

static void test_quiet(void **state)
{
	char err[512];

	(void)state;
	assert_int_equal(child(beating, err, sizeof(err)), 0);
	assert_string_equal(err, "");
	assert_int_equal(child(off, err, sizeof(err)), 0);
	assert_string_equal(err, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fires),
		cmocka_unit_test(test_quiet),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
