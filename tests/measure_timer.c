/* measure/timer.c and activity.c on a GPU: each sample's duration is the
 * GPU's record of the work between timer_begin and timer_end, and of
 * nothing else. A spin kernel runs for a duration known by construction
 * (the GPU's global timer), so each check is a bound that holds by
 * construction or an order between samples, never a speed threshold.
 * Exit 77 without a device. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "kernels.h"
#include "timer.h"

#define US 1000ULL	/* ns */

static struct timer *open_timer(enum timer_kind kind, int cold)
{
	struct timer *t = NULL;
	char why[512];
	int l2 = 0;

	assert_int_equal(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize,
						0), cudaSuccess);
	if (timer_open(kind, cold, (size_t)l2, &t, why, sizeof(why))) {
		if (kind == TIMER_CUPTI) {
			/* No CUPTI here (or another tool owns it): the
			 * fallback is checked by its own test. */
			printf("     activity records unavailable: %s\n", why);
			return NULL;
		}
		fail_msg("timer_open: %s", why);
	}
	return t;
}

/* Samples of spins of ns[i] nanoseconds, `per` launches each. */
static void spin_samples(struct timer *t, const unsigned long long *ns,
			 size_t n, int per, struct timer_span *s)
{
	assert_int_equal(timer_reset(t), 0);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(timer_begin(t, NULL, &s[i]), 0);
		for (int k = 0; k < per; k++)
			assert_int_equal(kernel_spin_launch(ns[i], NULL), 0);
		assert_int_equal(timer_end(t, NULL, &s[i]), 0);
	}
	assert_int_equal(timer_collect(t), 0);
	assert_int_equal(timer_resolve(t, s, n), 0);
}

/* Long and short spins alternate: every sample at least its own spin,
 * every short one shorter than every long one, so that no record was
 * given to the wrong window. */
static void check_kind(enum timer_kind kind, int cold)
{
	static const unsigned long long ns[] = {
		2000 * US, 100 * US, 2000 * US, 100 * US, 2000 * US, 100 * US
	};
	struct timer_span s[6];
	struct timer *t = open_timer(kind, cold);
	double longest_short = 0, shortest_long = INFINITY;

	if (!t)
		return;
	spin_samples(t, ns, 6, 1, s);
	for (size_t i = 0; i < 6; i++) {
		assert_true(isfinite(s[i].ms));
		assert_true(s[i].ms * 1e6 >= (double)ns[i]);
		if (ns[i] < 1000 * US && s[i].ms > longest_short)
			longest_short = s[i].ms;
		if (ns[i] > 1000 * US && s[i].ms < shortest_long)
			shortest_long = s[i].ms;
	}
	assert_true(longest_short < shortest_long);
	assert_int_equal(timer_cold(t), cold);
	timer_free(t);
}

static void test_activity(void **state)
{
	check_kind(TIMER_CUPTI, 0);
}

static void test_activity_cold(void **state)
{
	check_kind(TIMER_CUPTI, 1);
}

static void test_events(void **state)
{
	struct timer *t = open_timer(TIMER_EVENTS, 0);

	assert_string_equal(timer_name(t), "events-blocking");
	timer_free(t);
	check_kind(TIMER_EVENTS, 0);
	check_kind(TIMER_EVENTS, 1);
}

/* A call that launches several kernels is one sample from the first
 * start to the last end: three spins of 300 us take at least 900 us. */
static void test_span(void **state)
{
	static const unsigned long long ns[] = { 300 * US, 300 * US };
	struct timer_span s[2];
	struct timer *t = open_timer(TIMER_CUPTI, 0);

	if (!t)
		return;
	assert_string_equal(timer_name(t), "cupti-activity");
	spin_samples(t, ns, 2, 3, s);
	assert_true(s[0].ms * 1e6 >= 900.0 * US);
	assert_true(s[1].ms * 1e6 >= 900.0 * US);
	timer_free(t);
}

/* Work done while the timer is paused leaves no record: the window
 * around it resolves to nothing, and says so. */
static void test_pause(void **state)
{
	struct timer_span s[2];
	struct timer *t = open_timer(TIMER_CUPTI, 0);

	if (!t)
		return;
	assert_int_equal(timer_reset(t), 0);
	assert_int_equal(timer_begin(t, NULL, &s[0]), 0);
	assert_int_equal(timer_pause(t), 0);
	assert_int_equal(kernel_spin_launch(50 * US, NULL), 0);
	assert_int_equal(cudaDeviceSynchronize(), cudaSuccess);
	assert_int_equal(timer_resume(t), 0);
	assert_int_equal(timer_end(t, NULL, &s[0]), 0);
	assert_int_equal(timer_begin(t, NULL, &s[1]), 0);
	assert_int_equal(kernel_spin_launch(50 * US, NULL), 0);
	assert_int_equal(timer_end(t, NULL, &s[1]), 0);
	assert_int_equal(timer_collect(t), 0);
	assert_int_equal(timer_resolve(t, s, 2), 1);
	assert_true(isnan(s[0].ms));
	assert_true(s[1].ms * 1e6 >= 50.0 * US);
	timer_free(t);
}

static void test_launch_cost(void **state)
{
	double us = 0;

	assert_int_equal(timer_launch_cost(NULL, 50, &us), 0);
	assert_true(us > 0 && isfinite(us));
}

static void test_kind_parse(void **state)
{
	enum timer_kind k;

	assert_int_equal(timer_kind_parse("auto", &k), 0);
	assert_int_equal(k, TIMER_AUTO);
	assert_int_equal(timer_kind_parse("cupti", &k), 0);
	assert_int_equal(k, TIMER_CUPTI);
	assert_int_equal(timer_kind_parse("events", &k), 0);
	assert_int_equal(k, TIMER_EVENTS);
	assert_int_equal(timer_kind_parse("Events", &k), -1);
	assert_int_equal(timer_kind_parse("", &k), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kind_parse),
		cmocka_unit_test(test_activity),
		cmocka_unit_test(test_activity_cold),
		cmocka_unit_test(test_span),
		cmocka_unit_test(test_pause),
		cmocka_unit_test(test_events),
		cmocka_unit_test(test_launch_cost),
	};
	int n = 0;

	if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
		fprintf(stderr, "measure_timer: no CUDA device; skipped\n");
		return 77;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
