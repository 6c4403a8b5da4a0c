/* measure: without a CUDA device or driver, measure_run says so, returns
 * MEASURE_ERR_NODEV and creates no database; measure_devices_print does
 * the same. Skipped (77) where a device is present, since the condition
 * cannot be produced there. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cuda_runtime_api.h>

#include "measure.h"

static char dir[] = "/tmp/mmreport-nodev-XXXXXX";
static char db[512];

static void test_no_device(void **state)
{
	struct measure_options o;
	struct stat sb;

	measure_options_init(&o);
	o.db_path = db;
	o.suites = "versions";
	o.sizes = "64";
	assert_int_equal(measure_run(&o, stdout), MEASURE_ERR_NODEV);
	assert_int_not_equal(stat(db, &sb), 0);
	/* --device all as well: the count is asked before anything. */
	o.device = "all";
	assert_int_equal(measure_run(&o, stdout), MEASURE_ERR_NODEV);
	assert_int_not_equal(stat(db, &sb), 0);
	assert_int_equal(measure_devices_print(stdout), MEASURE_ERR_NODEV);
}

static void test_usage_before_device(void **state)
{
	struct measure_options o;
	struct stat sb;

	/* A bad list is reported as such even without a device. */
	measure_options_init(&o);
	o.db_path = db;
	o.sizes = "abc";
	assert_int_equal(measure_run(&o, stdout), MEASURE_ERR_USAGE);
	assert_int_not_equal(stat(db, &sb), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_device),
		cmocka_unit_test(test_usage_before_device),
	};
	int n = 0, rc;

	if (cudaGetDeviceCount(&n) == cudaSuccess && n > 0) {
		printf("measure_nodev: a CUDA device is present, skipped\n");
		return 77;
	}
	if (!mkdtemp(dir))
		return 1;
	snprintf(db, sizeof(db), "%s/never.db", dir);
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	rmdir(dir);
	return rc;
}
