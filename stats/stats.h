/* stats: descriptive statistics and significance tests on samples.
 * Pure C, no I/O, no allocation visible to callers unless stated. */
#ifndef MMREPORT_STATS_H
#define MMREPORT_STATS_H

#include <stddef.h>

struct stats_summary {
	size_t n;
	double min, max;
	double mean;
	double median;
	double stddev;		/* sample standard deviation (n - 1); 0 for n = 1 */
	double p05, p25, p75, p95;	/* linear interpolation, type 7 */
};

/* Summarises x[0..n-1] into *out. The input is not modified (a sorted copy
 * is made internally). Returns 0, or -1 when n == 0, x or out is NULL, a
 * value is not finite, or memory runs out; *out is then zeroed. Mean and
 * variance use Welford's update, so large offsets do not cancel. */
int stats_summary_compute(const double *x, size_t n, struct stats_summary *out);

/* Percentile p in [0, 100] of sorted[0..n-1] (ascending), by linear
 * interpolation between closest ranks (R type 7). n must be > 0. */
double stats_percentile_sorted(const double *sorted, size_t n, double p);

/* Distribution-free confidence interval of the median of sorted[0..n-1]
 * (ascending) at level (e.g. 0.95): the order statistics x(j) and
 * x(n+1-j) with the largest j whose binomial(n, 1/2) tail
 * P(X < j) is at most (1 - level) / 2, so the interval covers the
 * median with at least that probability. Returns 0, or -1 (lo, hi NAN)
 * when n is too small for the level (n < 6 at 0.95), level is outside
 * (0, 1) or an argument is NULL. */
int stats_median_ci(const double *sorted, size_t n, double level,
		    double *lo, double *hi);
/* Relative gain (a - b) / a in percent: positive when b is smaller than a
 * (b is faster when the values are times). Returns NAN when a == 0. */
double stats_gain_percent(double a, double b);

struct stats_mwu {
	double u;		/* U statistic of sample a */
	double z;		/* normal approximation, tie- and continuity-corrected */
	double p;		/* two-sided p-value */
};

/* Two-sided Mann-Whitney U test of a[0..na-1] against b[0..nb-1] with the
 * normal approximation (tie correction, continuity correction). Returns 0,
 * or -1 when na or nb is 0, a value is not finite or memory runs out (*out
 * is then zeroed). With every value tied, p is 1. z < 0 when a tends to be
 * smaller than b. */
int stats_mwu_test(const double *a, size_t na, const double *b, size_t nb,
		   struct stats_mwu *out);

/* Hodges-Lehmann estimate of the ratio b / a of two samples of positive
 * values, with its distribution-free confidence interval: the median of
 * the pairwise log ratios log(b[j] / a[i]) over all na x nb pairs, and
 * the order statistics of those log ratios that the Mann-Whitney test
 * at that level bounds (normal approximation of U's distribution), all
 * returned as ratios. The k-th pairwise log ratio is found by bisection
 * on its value with a linear count per step, so no na x nb array is
 * built. Inputs are not modified. Returns 0, or -1 (outputs NAN) when a
 * sample is empty, a value is not positive and finite, level is outside
 * (0, 1) or memory runs out; the interval is NAN (return 0) when the
 * samples are too small for the level. */
int stats_hl_ratio(const double *a, size_t na, const double *b, size_t nb,
		   double level, double *est, double *lo, double *hi);

#endif
