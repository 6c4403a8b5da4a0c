/* The stored inputs of the report's rules, read once for the report and
 * mmreport compare (store_compare.c): a point's regime, its session's
 * top clock, a size property in bytes, the key match and the repeated
 * measurements the practical threshold takes. Pure functions on plain
 * structs: no database. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rules.h"
#include "store.h"
#include "vocab.h"

static struct store_prop props[] = {
	{"multiprocessor_count", "132", "", 132, 1},
	{"l2_cache_size", "50", "MiB", 50, 1},
	{"memory", "80", "GiB", 80, 1},
	{"name", "H100", "", 0, 0},
};
static const struct store_device dev = {
	.id = 1, .sm_count = 7, .props = props, .nprops = 4,
};

static void test_prop_bytes(void **state)
{
	(void)state;
	assert_true(store_prop_bytes(&dev, "l2_cache_size") == 50.0 * 1048576);
	assert_true(store_prop_bytes(&dev, "memory") == 80.0 * 1073741824);
	assert_true(store_prop_bytes(&dev, "multiprocessor_count") == 132);
	assert_true(isnan(store_prop_bytes(&dev, "name")));
	assert_true(isnan(store_prop_bytes(&dev, "l2_size")));
	assert_true(isnan(store_prop_bytes(NULL, "l2_cache_size")));
}

/* A steady point: a full grid, a working set above the L2 size, the top
 * clock, a kernel far above the launch cost. */
static struct store_config steady(void)
{
	struct store_config c;

	memset(&c, 0, sizeof(c));
	c.grid_blocks = 1000;
	c.working_set = 1e9;
	c.start_sm_clock_mhz = c.end_sm_clock_mhz = 1980;
	return c;
}

static void test_regime(void **state)
{
	struct store_session s;
	struct store_config c = steady();

	(void)state;
	memset(&s, 0, sizeof(s));
	s.timer = "cudaEvent";
	s.launch_us = 10;
	assert_int_equal(store_config_regime(&c, &dev, &s, 1, 1980, 1000,
					     NAN), 0);
	/* the SMs from the property, not the device row's count */
	assert_int_equal(store_config_regime(&c, &dev, &s, 1, 1980, 100,
					     NAN), RULE_IDLE);
	assert_int_equal(store_config_regime(&c, NULL, &s, 1, 1980, 100,
					     NAN), 0);
	/* the caller's L2 size where c stored none, c's own first */
	assert_int_equal(store_config_regime(&c, &dev, &s, 1, 1980, 1000,
					     2e9), RULE_L2);
	c.l2_bytes = 1000;
	assert_int_equal(store_config_regime(&c, &dev, &s, 1, 1980, 1000,
					     2e9), 0);
	c.l2_bytes = 0;
	s.cold = 1;
	assert_int_equal(store_config_regime(&c, &dev, &s, 1, 1980, 1000,
					     2e9), 0);
	/* the lower clock reading against the session's top */
	c.end_sm_clock_mhz = 1700;
	assert_int_equal(store_config_regime(&c, &dev, &s, 1, 1980, 1000,
					     NAN), RULE_THROTTLE);
	c = steady();
	/* launch-bound: events timing a kernel shorter than a launch */
	assert_int_equal(store_config_regime(&c, &dev, &s, 0.005, 1980,
					     1000, NAN), RULE_LAUNCH);
	s.timer = VOCAB_TIMER_CUPTI;
	assert_int_equal(store_config_regime(&c, &dev, &s, 0.005, 1980,
					     1000, NAN), 0);
}

static void test_top_clock(void **state)
{
	struct store_config c[3];

	(void)state;
	memset(c, 0, sizeof(c));
	c[0].session_id = c[1].session_id = 1;
	c[2].session_id = 2;
	c[0].start_sm_clock_mhz = 1500;
	c[0].end_sm_clock_mhz = NAN;
	c[1].end_sm_clock_mhz = 1600;
	c[2].start_sm_clock_mhz = 1900;
	assert_true(store_session_top_clock(c, 3, 1) == 1600);
	assert_true(store_session_top_clock(c, 3, 2) == 1900);
	assert_true(store_session_top_clock(c, 3, 3) == 0);
}

static struct store_config point(int64_t dev_id, int64_t session,
				 const char *suite)
{
	struct store_config c;

	memset(&c, 0, sizeof(c));
	c.device_id = dev_id;
	c.session_id = session;
	c.suite = (char *)suite;
	c.variant = "v2";
	c.n = 1024;
	c.block_x = c.block_y = 16;
	c.ilp = 1;
	c.precision = "fp32";
	return c;
}

static void test_same_key(void **state)
{
	struct store_config p = point(1, 1, VOCAB_SUITE_VERSIONS);
	struct store_config q = point(2, 2, VOCAB_SUITE_PROGRESSION);

	(void)state;
	/* suite, session and device aside; NULL is "" */
	assert_true(store_config_same_key(&p, &q));
	q.host_mem = "";
	assert_true(store_config_same_key(&p, &q));
	q.block_y = 8;
	assert_false(store_config_same_key(&p, &q));
	q.block_y = 16;
	q.precision = "fp64";
	assert_false(store_config_same_key(&p, &q));
}

static void test_spread(void **state)
{
	struct store_config c[5] = {
		point(1, 1, VOCAB_SUITE_VERSIONS),
		point(1, 2, VOCAB_SUITE_PROGRESSION),
		point(2, 3, VOCAB_SUITE_VERSIONS),	/* another device */
		point(1, 1, VOCAB_SUITE_VERSIONS),	/* c[0]'s session */
		point(1, 2, VOCAB_SUITE_VERSIONS),	/* no time */
	};
	double med[5] = {1.0, 1.1, 2.0, 1.21, NAN}, spread[5];

	(void)state;
	assert_int_equal(store_config_spread(c, med, 5, spread), 2);
	assert_true(fabs(spread[0] - log(1.1)) < 1e-12);
	assert_true(fabs(spread[1] - log(1.1)) < 1e-12);
	c[3].n = 2048;
	assert_int_equal(store_config_spread(c, med, 5, spread), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prop_bytes),
		cmocka_unit_test(test_regime),
		cmocka_unit_test(test_top_clock),
		cmocka_unit_test(test_same_key),
		cmocka_unit_test(test_spread),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
