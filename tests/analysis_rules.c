/* analysis/rules.h: each rule where it decides the outcome, and the
 * Hodges-Lehmann ratio (stats.h) it quotes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "rules.h"
#include "stats.h"

static struct rule_point point(void)
{
	struct rule_point p;

	memset(&p, 0, sizeof(p));
	p.sms = 132;
	p.grid_blocks = 400;
	p.working_set = 1e9;
	p.l2_bytes = 50e6;
	p.kernel_ms = 1;
	p.launch_us = 10;
	p.clock_mhz = p.top_clock_mhz = 1980;
	return p;
}

/* Idle SMs only below one block per SM: 400 blocks on 132 SMs fill
 * every SM however the last wave is filled; 131 leave one idle. */
static void test_idle(void **state)
{
	struct rule_point p = point();

	(void)state;
	assert_int_equal(rule_regime(&p), 0);
	p.grid_blocks = 132;
	assert_int_equal(rule_regime(&p), 0);
	p.grid_blocks = 131;
	assert_int_equal(rule_regime(&p), RULE_IDLE);
	assert_false(rule_counts(RULE_IDLE, 0));
	p.grid_blocks = 0;	/* unknown: not marked */
	assert_int_equal(rule_regime(&p), 0);
}

/* The launch mark only where the time holds the launch cost. */
static void test_launch(void **state)
{
	struct rule_point p = point();

	(void)state;
	p.kernel_ms = 0.005;	/* 5 us, under the 10 us launch */
	assert_int_equal(rule_regime(&p), 0);	/* the GPU's record */
	p.events_timer = 1;
	assert_int_equal(rule_regime(&p), RULE_LAUNCH);
	assert_false(rule_counts(RULE_LAUNCH, 0));
	p.kernel_ms = 0.02;
	assert_int_equal(rule_regime(&p), 0);
}

/* L2 residency keeps a bandwidth out, not a product's rate. */
static void test_l2(void **state)
{
	struct rule_point p = point();

	(void)state;
	p.working_set = 40e6;
	assert_int_equal(rule_regime(&p), RULE_L2);
	assert_false(rule_counts(RULE_L2, 1));
	assert_true(rule_counts(RULE_L2, 0));
	p.cold = 1;
	assert_int_equal(rule_regime(&p), 0);
}

/* Throttled: more than 2 % below the session's top clock, or a limit
 * the driver reports; marked, and still counted. */
static void test_throttle(void **state)
{
	struct rule_point p = point();

	(void)state;
	p.clock_mhz = 1980 * 0.985;
	assert_int_equal(rule_regime(&p), 0);
	p.clock_mhz = 1680;
	assert_int_equal(rule_regime(&p), RULE_THROTTLE);
	assert_true(rule_counts(RULE_THROTTLE, 1));
	p.clock_mhz = 1980;
	p.has_throttle = 1;
	p.throttle_reasons = 0x1;	/* idle: no limit */
	assert_int_equal(rule_regime(&p), 0);
	p.throttle_reasons = 0x4;	/* software power cap */
	assert_int_equal(rule_regime(&p), RULE_THROTTLE);
}

/* A difference is a finding only when significant and at least the
 * practical threshold apart, in either direction. */
static void test_verdict(void **state)
{
	(void)state;
	assert_int_equal(rule_verdict(1e-9, 1.0016, 0.01), RULE_SAME);
	assert_int_equal(rule_verdict(1e-9, 1.02, 0.01), RULE_HIGHER);
	assert_int_equal(rule_verdict(1e-9, 1 / 1.02, 0.01), RULE_LOWER);
	assert_int_equal(rule_verdict(0.2, 2.0, 0.01), RULE_SAME);
	assert_int_equal(rule_verdict(-1, 2.0, 0.01), RULE_UNTESTED);
	assert_int_equal(rule_verdict(1e-9, 1.02, 0.03), RULE_SAME);
}

/* The threshold: 1 % at least, else the spread nine in ten repeated
 * measurements stay within. */
static void test_threshold(void **state)
{
	double none[1] = {0};
	double small[4] = {0.001, 0.002, 0.0, 0.003};
	double few[2] = {log(12.0), log(3.0)};
	double wide[10] = {0, 0, 0, 0, 0, 0, 0, 0, log(1.05), log(1.05)};

	(void)state;
	assert_true(rule_threshold(none, 0) == RULE_MIN_THRESHOLD);
	assert_true(rule_threshold(small, 4) == RULE_MIN_THRESHOLD);
	/* two disagreeing repeats do not silence a whole report */
	assert_true(rule_threshold(few, 2) == RULE_MIN_THRESHOLD);
	assert_true(fabs(rule_threshold(wide, 10) - 0.05) < 1e-9);
}

/* % of peak: DGEMM on FP64 tensor cores where 8.0 and 9.0 have them;
 * a share over 100 % is never a number. */
static void test_peak(void **state)
{
	int over;

	(void)state;
	assert_true(fabs(rule_peak_fp64_tc(9, 0, 33454) - 66908) < 1e-9);
	assert_true(fabs(rule_peak_fp64_tc(8, 0, 9700) - 19400) < 1e-9);
	assert_true(isnan(rule_peak_fp64_tc(8, 9, 1000)));
	assert_true(fabs(rule_peak_pct(53714, 66908, &over) - 80.28) < 0.01);
	assert_int_equal(over, 0);
	assert_true(isnan(rule_peak_pct(53714, 30920, &over)));
	assert_int_equal(over, 1);
	assert_true(isnan(rule_peak_pct(1, NAN, &over)));
	assert_int_equal(over, 0);
}

/* Hodges-Lehmann: b twice a gives 2 inside its interval; identical
 * samples give 1. */
static void test_hl(void **state)
{
	double a[20], b[20], est, lo, hi;
	int i;

	(void)state;
	for (i = 0; i < 20; i++)
		a[i] = 1 + 0.01 * i;
	for (i = 0; i < 20; i++)
		b[i] = 2 * a[(i * 7) % 20];
	assert_int_equal(stats_hl_ratio(a, 20, b, 20, 0.95, &est, &lo, &hi),
			 0);
	assert_true(fabs(est - 2) < 1e-9);
	assert_true(lo < 2 && hi > 2 && lo > 1.8 && hi < 2.2);
	assert_int_equal(stats_hl_ratio(a, 20, a, 20, 0.95, &est, &lo, &hi),
			 0);
	assert_true(fabs(est - 1) < 1e-9 && lo <= 1 && hi >= 1);
	a[3] = -1;
	assert_int_equal(stats_hl_ratio(a, 20, b, 20, 0.95, &est, &lo, &hi),
			 -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_idle),
		cmocka_unit_test(test_launch),
		cmocka_unit_test(test_l2),
		cmocka_unit_test(test_throttle),
		cmocka_unit_test(test_verdict),
		cmocka_unit_test(test_threshold),
		cmocka_unit_test(test_peak),
		cmocka_unit_test(test_hl),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
