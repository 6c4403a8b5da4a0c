/* stats_summary_compute, stats_percentile_sorted, stats_gain_percent:
 * known answers worked out by hand (see the comments) or by independent
 * formulas in this file. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "stats.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static void assert_close(double got, double want, double rel)
{
	double tol = rel * fmax(fabs(want), 1e-300);

	if (!(fabs(got - want) <= tol))
		fail_msg("got %.17g, want %.17g (rel tol %g)", got, want, rel);
}

static void assert_no_nan(const struct stats_summary *s)
{
	assert_false(isnan(s->min) || isnan(s->max) || isnan(s->mean));
	assert_false(isnan(s->median) || isnan(s->stddev));
	assert_false(isnan(s->p05) || isnan(s->p25) || isnan(s->p75) ||
		     isnan(s->p95));
}

static void one_value(void **state)
{
	const double x[] = { 42.125 };
	struct stats_summary s;

	assert_int_equal(stats_summary_compute(x, 1, &s), 0);
	assert_int_equal(s.n, 1);
	assert_true(s.min == 42.125 && s.max == 42.125);
	assert_true(s.mean == 42.125 && s.median == 42.125);
	assert_true(s.p05 == 42.125 && s.p25 == 42.125);
	assert_true(s.p75 == 42.125 && s.p95 == 42.125);
	assert_true(s.stddev == 0);
}

/* Two values a < b: mean = median = (a + b) / 2, stddev = (b - a) / sqrt 2
 * (sample, n - 1 = 1), p = a + (b - a) p / 100. Dyadic values keep every
 * step exact except the square root. */
static void two_values(void **state)
{
	const double x[] = { 3.75, 1.25 };
	struct stats_summary s;

	assert_int_equal(stats_summary_compute(x, 2, &s), 0);
	assert_int_equal(s.n, 2);
	assert_true(s.min == 1.25 && s.max == 3.75);
	assert_true(s.mean == 2.5);
	assert_true(s.median == 2.5);
	assert_close(s.stddev, 2.5 / sqrt(2.0), 4 * DBL_EPSILON);
	assert_close(s.p05, 1.25 + 2.5 * 0.05, 4 * DBL_EPSILON);
	assert_true(s.p25 == 1.875);
	assert_true(s.p75 == 3.125);
	assert_close(s.p95, 1.25 + 2.5 * 0.95, 4 * DBL_EPSILON);
	/* The input is left as it was. */
	assert_true(x[0] == 3.75 && x[1] == 1.25);
}

/* Any order of two non-dyadic values gives the same answers. */
static void two_values_order(void **state)
{
	const double x[] = { 0.1, 0.7 }, y[] = { 0.7, 0.1 };
	struct stats_summary s, t;

	assert_int_equal(stats_summary_compute(x, 2, &s), 0);
	assert_int_equal(stats_summary_compute(y, 2, &t), 0);
	assert_close(s.mean, 0.4, 2 * DBL_EPSILON);
	assert_close(t.mean, 0.4, 2 * DBL_EPSILON);
	assert_true(s.median == t.median);
	assert_close(s.stddev, 0.6 / sqrt(2.0), 4 * DBL_EPSILON);
	assert_close(t.stddev, 0.6 / sqrt(2.0), 4 * DBL_EPSILON);
}

static void constant_data(void **state)
{
	double x[1000];
	struct stats_summary s;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(x); i++)
		x[i] = 0.1;
	assert_int_equal(stats_summary_compute(x, ARRAY_SIZE(x), &s), 0);
	assert_true(s.mean == 0.1);	/* exactly, not 0.1 * (1 +- eps) */
	assert_true(s.stddev == 0);
	assert_true(s.median == 0.1 && s.p05 == 0.1 && s.p95 == 0.1);
}

/* R: x <- c(2, 4, 4, 5, 7, 9, 10, 12); quantile(x, type = 7).
 * h = 7 p: p05 h = .35 -> 2 + .35 * 2 = 2.7; p25 h = 1.75 -> 4;
 * p50 h = 3.5 -> 6; p75 h = 5.25 -> 9.25; p95 h = 6.65 -> 11.3.
 * mean 53 / 8; squared deviations sum to 83.875, so var = 83.875 / 7. */
static void hand_worked(void **state)
{
	const double x[] = { 9, 4, 12, 2, 7, 4, 10, 5 };
	struct stats_summary s;

	assert_int_equal(stats_summary_compute(x, ARRAY_SIZE(x), &s), 0);
	assert_int_equal(s.n, 8);
	assert_true(s.min == 2 && s.max == 12);
	assert_close(s.mean, 6.625, DBL_EPSILON);
	assert_close(s.stddev, sqrt(83.875 / 7), 8 * DBL_EPSILON);
	assert_close(s.p05, 2.7, 4 * DBL_EPSILON);
	assert_close(s.p25, 4, 4 * DBL_EPSILON);
	assert_true(s.median == 6);
	assert_close(s.p75, 9.25, 4 * DBL_EPSILON);
	assert_close(s.p95, 11.3, 4 * DBL_EPSILON);
}

/* R: quantile(1:10, c(.05, .25, .5, .75, .95), type = 7) gives
 * 1.45 3.25 5.50 7.75 9.55. */
static void percentiles_one_to_ten(void **state)
{
	double x[10];
	size_t i;

	for (i = 0; i < 10; i++)
		x[i] = (double)(i + 1);
	assert_close(stats_percentile_sorted(x, 10, 5), 1.45, 4 * DBL_EPSILON);
	assert_close(stats_percentile_sorted(x, 10, 25), 3.25,
		     4 * DBL_EPSILON);
	assert_true(stats_percentile_sorted(x, 10, 50) == 5.5);
	assert_close(stats_percentile_sorted(x, 10, 75), 7.75,
		     4 * DBL_EPSILON);
	assert_close(stats_percentile_sorted(x, 10, 95), 9.55,
		     4 * DBL_EPSILON);
	assert_true(stats_percentile_sorted(x, 10, 0) == 1);
	assert_true(stats_percentile_sorted(x, 10, 100) == 10);
	assert_true(stats_percentile_sorted(x, 10, -3) == 1);
	assert_true(stats_percentile_sorted(x, 10, 250) == 10);
	assert_true(stats_percentile_sorted(x, 1, 37) == 1);
}

/* 1e9 plus noise of a few thousandths: the naive sum of squares loses
 * every digit here. The reference is a two-pass computation on the
 * deviations from 1e9, which are exact (Sterbenz). */
static void large_offset(void **state)
{
	enum { N = 5000 };
	static double x[N];
	long double dsum = 0, d2 = 0, dmean;
	struct stats_summary s;
	uint32_t r = 12345;
	size_t i;

	for (i = 0; i < N; i++) {
		r = r * 1664525u + 1013904223u;
		x[i] = 1e9 + (double)(r >> 8) / (double)(1u << 24) * 0.01;
	}
	for (i = 0; i < N; i++)
		dsum += (long double)(x[i] - 1e9);
	dmean = dsum / N;
	for (i = 0; i < N; i++) {
		long double d = (long double)(x[i] - 1e9) - dmean;

		d2 += d * d;
	}
	assert_int_equal(stats_summary_compute(x, N, &s), 0);
	assert_close(s.stddev, (double)sqrtl(d2 / (N - 1)), 1e-9);
	assert_close(s.mean, (double)(1e9L + dmean), 1e-15);
	assert_true(s.stddev > 0.002 && s.stddev < 0.004);
}

static void extremes_never_nan(void **state)
{
	const double opposite[] = { -DBL_MAX, DBL_MAX };
	const double high[] = { DBL_MAX, DBL_MAX, DBL_MAX };
	const double mixed[] = { 1e308, -1e308, 1e308, 5e-324, -0.0 };
	struct stats_summary s;

	assert_int_equal(stats_summary_compute(opposite, 2, &s), 0);
	assert_no_nan(&s);
	assert_true(s.mean == 0 && s.median == 0);
	assert_int_equal(stats_summary_compute(high, 3, &s), 0);
	assert_no_nan(&s);
	assert_true(s.mean == DBL_MAX && s.stddev == 0);
	assert_int_equal(stats_summary_compute(mixed, 5, &s), 0);
	assert_no_nan(&s);
	assert_true(isfinite(s.stddev) && isfinite(s.mean));
	assert_close(s.mean, 1e308 / 5, 1e-12);
}

static void refusals(void **state)
{
	const double ok[] = { 1, 2 };
	const double bad[][3] = {
		{ 1, NAN, 2 }, { INFINITY, 1, 2 }, { 1, 2, -INFINITY },
	};
	struct stats_summary s;
	size_t i;

	memset(&s, 0x5a, sizeof(s));
	assert_int_equal(stats_summary_compute(ok, 0, &s), -1);
	assert_int_equal(s.n, 0);
	assert_true(s.mean == 0 && s.max == 0);
	assert_int_equal(stats_summary_compute(NULL, 2, &s), -1);
	assert_int_equal(stats_summary_compute(ok, 2, NULL), -1);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		memset(&s, 0x5a, sizeof(s));
		assert_int_equal(stats_summary_compute(bad[i], 3, &s), -1);
		assert_int_equal(s.n, 0);
		assert_true(s.stddev == 0 && s.median == 0);
	}
}

/* Gain (a - b) / a in percent, written out by hand. */
static void gain(void **state)
{
	assert_close(stats_gain_percent(10, 8), 20, 4 * DBL_EPSILON);
	assert_close(stats_gain_percent(8, 10), -25, 4 * DBL_EPSILON);
	assert_true(stats_gain_percent(5, 5) == 0);
	assert_close(stats_gain_percent(-4, -3), 25, 4 * DBL_EPSILON);
	assert_true(isnan(stats_gain_percent(0, 1)));
}

/* The median's order-statistic interval: ranks worked out from the
 * binomial table (n = 10: P(X <= 1) = 0.0107, P(X <= 2) = 0.0547, so
 * x(2)..x(9); n = 6: 1/64 <= 0.025, so the extremes; n = 5: 1/32 >
 * 0.025, no 95 % interval) and, for n = 1000, the normal approximation
 * 500 -+ 1.96 sqrt(250) = 469..532 in 1-based ranks. */
static void median_ci(void **state)
{
	double v[1000], lo, hi;
	size_t i;

	(void)state;
	for (i = 0; i < 1000; i++)
		v[i] = (double)(i + 1);
	assert_int_equal(stats_median_ci(v, 10, 0.95, &lo, &hi), 0);
	assert_true(lo == 2 && hi == 9);
	assert_int_equal(stats_median_ci(v, 6, 0.95, &lo, &hi), 0);
	assert_true(lo == 1 && hi == 6);
	assert_int_equal(stats_median_ci(v, 5, 0.95, &lo, &hi), -1);
	assert_true(isnan(lo) && isnan(hi));
	assert_int_equal(stats_median_ci(v, 1000, 0.95, &lo, &hi), 0);
	assert_true(lo >= 468 && lo <= 470 && hi >= 531 && hi <= 533);
	assert_true(lo + hi == 1001);
	assert_int_equal(stats_median_ci(v, 10, 1.0, &lo, &hi), -1);
	assert_int_equal(stats_median_ci(NULL, 10, 0.95, &lo, &hi), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_value),
		cmocka_unit_test(median_ci),
		cmocka_unit_test(two_values),
		cmocka_unit_test(two_values_order),
		cmocka_unit_test(constant_data),
		cmocka_unit_test(hand_worked),
		cmocka_unit_test(percentiles_one_to_ten),
		cmocka_unit_test(large_offset),
		cmocka_unit_test(extremes_never_nan),
		cmocka_unit_test(refusals),
		cmocka_unit_test(gain),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
