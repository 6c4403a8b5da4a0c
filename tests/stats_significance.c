/* stats_mwu_test: hand-worked examples, the definition of U by pair
 * counting, and symmetry. */
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

/* The test's own data: an LCG, unrelated to the library's generator. */
static uint32_t lcg(uint32_t *r)
{
	*r = *r * 1664525u + 1013904223u;
	return *r >> 8;
}

/* U of a by its definition: pairs (a_i, b_j) with a_i > b_j, ties 1/2. */
static double u_by_pairs(const double *a, size_t na, const double *b,
			 size_t nb)
{
	double u = 0;
	size_t i, j;

	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			u += a[i] > b[j] ? 1 : a[i] == b[j] ? 0.5 : 0;
	return u;
}

/* a = {1, 2, 3}, b = {4, 5, 6}: U_a = 0, mean na nb / 2 = 4.5, variance
 * na nb (N + 1) / 12 = 9 * 7 / 12 = 5.25 (no ties), z with continuity
 * correction (0 - 4.5 + 0.5) / sqrt(5.25) = -1.7457, two-sided p =
 * erfc(1.7457 / sqrt 2) = 0.0809. */
static void separated_by_hand(void **state)
{
	const double a[] = { 1, 2, 3 }, b[] = { 4, 5, 6 };
	struct stats_mwu r;
	double z = -4.0 / sqrt(5.25);

	assert_int_equal(stats_mwu_test(a, 3, b, 3, &r), 0);
	assert_true(r.u == 0);
	assert_close(r.z, z, 1e-14);
	assert_close(r.p, erfc(-z / sqrt(2.0)), 1e-14);
	assert_true(fabs(r.p - 0.0809) < 5e-4);
}

/* a = {1, 2, 2, 3}, b = {2, 3, 4, 4, 5}. Pairs: 1 beats nothing; each 2
 * ties one 2 (0.5 each); 3 beats a 2 and ties a 3 (1.5): U_a = 2.5. Tie
 * groups in the pooled sample: 2 x3, 3 x2, 4 x2, so sum(t^3 - t) = 24 +
 * 6 + 6 = 36; N = 9; variance = 4 * 5 / 12 * (10 - 36 / (9 * 8)) =
 * 15.8333; z = (2.5 - 10 + 0.5) / sqrt(15.8333) = -1.7592. */
static void ties_by_hand(void **state)
{
	const double a[] = { 3, 2, 1, 2 }, b[] = { 4, 2, 5, 3, 4 };
	double var = 20.0 / 12.0 * (10.0 - 36.0 / 72.0);
	double z = -7.0 / sqrt(var);
	struct stats_mwu r;

	assert_int_equal(stats_mwu_test(a, 4, b, 5, &r), 0);
	assert_true(r.u == 2.5);
	assert_close(r.z, z, 1e-14);
	assert_close(r.p, erfc(-z / sqrt(2.0)), 1e-14);
	assert_true(fabs(r.z + 1.7592) < 1e-4);
}

/* Integer-valued samples (many ties) of unequal sizes: U agrees with the
 * pair count, and swapping the samples mirrors the result. */
static void definition_and_symmetry(void **state)
{
	double a[23], b[31];
	struct stats_mwu ab, ba;
	uint32_t r = 99;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(a); i++)
		a[i] = (double)(lcg(&r) % 12);
	for (i = 0; i < ARRAY_SIZE(b); i++)
		b[i] = (double)(lcg(&r) % 12 + 2);
	assert_int_equal(stats_mwu_test(a, 23, b, 31, &ab), 0);
	assert_int_equal(stats_mwu_test(b, 31, a, 23, &ba), 0);
	assert_true(ab.u == u_by_pairs(a, 23, b, 31));
	assert_true(ba.u == u_by_pairs(b, 31, a, 23));
	assert_true(ab.u + ba.u == 23.0 * 31.0);
	assert_close(ab.p, ba.p, 1e-14);
	assert_close(ab.z, -ba.z, 1e-14);
	assert_true(ab.p > 0 && ab.p <= 1);
}

static void no_difference(void **state)
{
	const double same[] = { 1, 2, 3 }, tied[] = { 7, 7, 7, 7 };
	struct stats_mwu r;

	/* U at its expectation: p = 1. */
	assert_int_equal(stats_mwu_test(same, 3, same, 3, &r), 0);
	assert_true(r.u == 4.5 && r.z == 0 && r.p == 1);
	/* Every value tied: variance 0, p = 1 rather than 0 / 0. */
	assert_int_equal(stats_mwu_test(tied, 4, tied, 2, &r), 0);
	assert_true(r.z == 0 && r.p == 1);
	assert_false(isnan(r.u));
}

static void clear_difference(void **state)
{
	double a[50], b[50];
	struct stats_mwu r;
	uint32_t s = 7;
	size_t i;

	for (i = 0; i < 50; i++) {
		a[i] = 8 + (double)(lcg(&s) % 1000) * 1e-4;
		b[i] = 10 + (double)(lcg(&s) % 1000) * 1e-4;
	}
	assert_int_equal(stats_mwu_test(a, 50, b, 50, &r), 0);
	assert_true(r.u == 0);
	assert_true(r.z < -8);
	assert_true(r.p < 1e-10 && r.p > 0);
}

static void mwu_refusals(void **state)
{
	const double a[] = { 1, 2 }, bad[] = { 1, NAN };
	struct stats_mwu r;

	assert_int_equal(stats_mwu_test(a, 0, a, 2, &r), -1);
	assert_int_equal(stats_mwu_test(a, 2, a, 0, &r), -1);
	assert_int_equal(stats_mwu_test(a, 2, bad, 2, &r), -1);
	assert_int_equal(stats_mwu_test(NULL, 2, a, 2, &r), -1);
	assert_int_equal(stats_mwu_test(a, 2, a, 2, NULL), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(separated_by_hand),
		cmocka_unit_test(ties_by_hand),
		cmocka_unit_test(definition_and_symmetry),
		cmocka_unit_test(no_difference),
		cmocka_unit_test(clear_difference),
		cmocka_unit_test(mwu_refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
