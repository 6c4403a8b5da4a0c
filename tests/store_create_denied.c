/* A database that cannot be created because its folder refuses it says
 * so: "Permission denied", not SQLite's "No such file or directory" from
 * its read-only retry (issue 29, item 7; `mmreport merge --db
 * ro/target.db` and measure create through store_open alike). Root
 * writes anywhere, so as root the check runs in a child that has become
 * nobody (65534); skipped where that is refused. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store.h"

static char dir[] = "/tmp/mmreport-denied-XXXXXX";

/* The child: 0 when the create failed with the folder's reason, 1 when
 * it failed otherwise (the reason on stderr), 2 when it succeeded, 77
 * when it could not drop root. */
static int denied_child(const char *path)
{
	struct store *st = NULL;
	char err[512] = "";
	int rc;

	if (geteuid() == 0 && (setgid(65534) || setuid(65534)))
		return 77;
	rc = store_open(path, STORE_CREATE, &st, err, sizeof(err));
	store_free(st);
	if (!rc)
		return 2;
	if (rc == STORE_ERR_IO && strstr(err, "Permission denied"))
		return 0;
	fprintf(stderr, "store_open: status %d: %s\n", rc, err);
	return 1;
}

static void test_create_denied(void **state)
{
	char ro[600], path[700];
	struct stat sb;
	int status;
	pid_t pid;

	(void)state;
	snprintf(ro, sizeof(ro), "%s/ro", dir);
	assert_int_equal(mkdir(ro, 0555), 0);
	assert_int_equal(chmod(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/target.db", ro);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid)
		_exit(denied_child(path));
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	if (WEXITSTATUS(status) == 77)
		skip();
	assert_int_equal(WEXITSTATUS(status), 0);
	/* and nothing was left behind */
	assert_int_not_equal(stat(path, &sb), 0);
	rmdir(ro);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_create_denied),
	};
	int rc;

	if (!mkdtemp(dir))
		return 1;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	rmdir(dir);
	return rc;
}
