/* Descriptive statistics, the Mann-Whitney U test and a bootstrap interval
 * of the gain of medians. Everything here is deterministic: the bootstrap
 * draws from a generator seeded by the caller. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static int double_cmp(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

static int all_finite(const double *x, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return 0;
	return 1;
}

/* lo + t (hi - lo) for lo <= hi and t in [0, 1], without overflowing when
 * hi - lo exceeds the double range (opposite signs near DBL_MAX). */
static double lerp(double lo, double hi, double t)
{
	double d = hi - lo;
	double r;

	if (t <= 0)
		return lo;
	if (t >= 1)
		return hi;
	if (isfinite(d))
		r = lo + t * d;
	else
		r = lo * (1 - t) + hi * t;
	/* Rounding must not take the result out of [lo, hi]. */
	if (r < lo)
		r = lo;
	if (r > hi)
		r = hi;
	return r;
}

double stats_percentile_sorted(const double *sorted, size_t n, double p)
{
	double h, fl;
	size_t i;

	if (!sorted || n == 0)
		return NAN;
	if (!(p > 0))
		return sorted[0];
	if (p >= 100)
		return sorted[n - 1];
	/* R type 7: h = (n - 1) p / 100, 0-based. (n - 1) * p is exact for
	 * integral p and moderate n, so quartiles land on exact ranks. */
	h = (double)(n - 1) * p / 100.0;
	fl = floor(h);
	i = (size_t)fl;
	if (i >= n - 1)
		return sorted[n - 1];
	return lerp(sorted[i], sorted[i + 1], h - fl);
}

/* Mean and sum of squared deviations by Welford's update, of
 * (x - shift) / scale. scale is a power of two (dividing is exact) large
 * enough that no difference of two scaled values overflows. shift is one
 * of the values: near the others, the differences are exact (Sterbenz)
 * and the running mean is not limited by the resolution of a large
 * offset (1e9 + noise keeps all its digits). */
static void welford(const double *x, size_t n, double shift, double scale,
		    double *mean, double *m2)
{
	double mu = 0, s = 0, d, c = shift / scale;
	size_t i;

	for (i = 0; i < n; i++) {
		double v = x[i] / scale - c;

		d = v - mu;
		mu += d / (double)(i + 1);
		s += d * (v - mu);
	}
	*mean = mu;
	*m2 = s < 0 ? 0 : s;
}

int stats_summary_compute(const double *x, size_t n, struct stats_summary *out)
{
	double *s = NULL;
	double mean, m2, absmax, scale = 1, d;
	int rc = -1, e;

	if (out)
		memset(out, 0, sizeof(*out));
	if (!x || !out || n == 0 || !all_finite(x, n))
		goto out;
	s = malloc(n * sizeof(*s));
	if (!s)
		goto out;
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), double_cmp);

	absmax = fmax(fabs(s[0]), fabs(s[n - 1]));
	if (absmax > 0x1p500) {
		/* absmax < 2^e, so |x / 2^(e-1)| < 2; 2^(e-1) <= 2^1023 is
		 * finite. */
		frexp(absmax, &e);
		scale = ldexp(1.0, e - 1);
	}
	welford(x, n, s[n / 2], scale, &mean, &m2);
	d = s[n / 2] + mean * scale;
	/* |mean - shift| <= max |x|, but mean * scale alone may round past
	 * DBL_MAX; then add in the scaled domain. */
	mean = isfinite(d) ? d : (s[n / 2] / scale + mean) * scale;
	/* The mean of values in [min, max] lies there; rounding must not
	 * say otherwise (n = 1 and constant data come out exact). */
	if (mean < s[0])
		mean = s[0];
	if (mean > s[n - 1])
		mean = s[n - 1];

	out->n = n;
	out->min = s[0];
	out->max = s[n - 1];
	out->mean = mean;
	out->median = stats_percentile_sorted(s, n, 50);
	out->stddev = n > 1 ? sqrt(m2 / (double)(n - 1)) * scale : 0;
	out->p05 = stats_percentile_sorted(s, n, 5);
	out->p25 = stats_percentile_sorted(s, n, 25);
	out->p75 = stats_percentile_sorted(s, n, 75);
	out->p95 = stats_percentile_sorted(s, n, 95);
	rc = 0;
out:
	free(s);
	return rc;
}

int stats_median_ci(const double *sorted, size_t n, double level,
		    double *lo, double *hi)
{
	double tail = 0, term, alpha;
	size_t j = 0, k;

	if (lo)
		*lo = NAN;
	if (hi)
		*hi = NAN;
	if (!sorted || !lo || !hi || !n || !(level > 0 && level < 1))
		return -1;
	alpha = (1 - level) / 2;
	/* term = C(n, k) / 2^n, built up in logs so large n cannot
	 * overflow; tail = P(X <= k). j ends as the largest rank with
	 * P(X < j) = P(X <= j - 1) <= alpha. */
	for (k = 0; k < n; k++) {
		term = exp(lgamma((double)n + 1) - lgamma((double)k + 1) -
			   lgamma((double)(n - k) + 1) - (double)n * log(2.0));
		tail += term;
		if (tail > alpha)
			break;
		j = k + 1;
	}
	if (j < 1)
		return -1;
	*lo = sorted[j - 1];
	*hi = sorted[n - j];
	return 0;
}

double stats_gain_percent(double a, double b)
{
	if (a == 0)
		return NAN;
	return (a - b) / a * 100.0;
}

/* ---- Mann-Whitney U ------------------------------------------------------ */

struct tagged {
	double v;
	int from_a;
};

static int tagged_cmp(const void *pa, const void *pb)
{
	const struct tagged *a = pa, *b = pb;

	return (a->v > b->v) - (a->v < b->v);
}

int stats_mwu_test(const double *a, size_t na, const double *b, size_t nb,
		   struct stats_mwu *out)
{
	struct tagged *t = NULL;
	size_t N = na + nb, i, j;
	double ra = 0, ties = 0, mu, var, diff, dn;
	int rc = -1;

	if (out)
		memset(out, 0, sizeof(*out));
	if (!a || !b || !out || na == 0 || nb == 0 || N < na)
		goto out;
	if (!all_finite(a, na) || !all_finite(b, nb))
		goto out;
	t = malloc(N * sizeof(*t));
	if (!t)
		goto out;
	for (i = 0; i < na; i++)
		t[i] = (struct tagged){ a[i], 1 };
	for (i = 0; i < nb; i++)
		t[na + i] = (struct tagged){ b[i], 0 };
	qsort(t, N, sizeof(*t), tagged_cmp);

	/* Mid-ranks (1-based) for runs of equal values; sum of t^3 - t over
	 * the runs for the tie correction of the variance. */
	for (i = 0; i < N; i = j) {
		double rank, len;
		size_t k;

		for (j = i + 1; j < N && t[j].v == t[i].v; j++)
			;
		len = (double)(j - i);
		rank = ((double)i + 1 + (double)j) / 2.0;
		for (k = i; k < j; k++)
			if (t[k].from_a)
				ra += rank;
		ties += len * len * len - len;
	}

	out->u = ra - (double)na * ((double)na + 1) / 2.0;
	mu = (double)na * (double)nb / 2.0;
	dn = (double)N;
	var = (double)na * (double)nb / 12.0 *
	      ((dn + 1) - ties / (dn * (dn - 1)));
	diff = out->u - mu;
	if (!(var > 0) || fabs(diff) <= 0.5) {
		/* Every value tied, or U at its expectation within the
		 * continuity correction: no evidence of a difference. */
		out->z = 0;
		out->p = 1;
	} else {
		diff = diff > 0 ? diff - 0.5 : diff + 0.5;
		out->z = diff / sqrt(var);
		out->p = erfc(fabs(out->z) / sqrt(2.0));
		if (out->p > 1)
			out->p = 1;
	}
	rc = 0;
out:
	free(t);
	return rc;
}

/* ---- Hodges-Lehmann ratio ----------------------------------------------- */

/* The standard normal quantile of q in (0, 1), by bisection on
 * Phi(z) = erfc(-z / sqrt 2) / 2 (to 1e-12, ample for an interval's
 * rank). */
static double normal_quantile(double q)
{
	double lo = -40, hi = 40, mid;
	int it;

	for (it = 0; it < 100 && hi - lo > 1e-12; it++) {
		mid = (lo + hi) / 2;
		if (erfc(-mid / sqrt(2.0)) / 2 < q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

static int hl_cmp(const void *p, const void *q)
{
	double u = *(const double *)p, w = *(const double *)q;

	return (u > w) - (u < w);
}

/* Sorted logs of x[0..n-1] in a new array; NULL when a value is not
 * positive and finite or memory runs out. */
static double *hl_logs(const double *x, size_t n)
{
	double *v = malloc(n * sizeof(*v));
	size_t i;

	if (!v)
		return NULL;
	for (i = 0; i < n; i++) {
		if (!(x[i] > 0) || !isfinite(x[i])) {
			free(v);
			return NULL;
		}
		v[i] = log(x[i]);
	}
	qsort(v, n, sizeof(*v), hl_cmp);
	return v;
}

/* How many pairs (i, j) have lb[j] - la[i] <= t (both sorted): for each
 * j the a's at or above lb[j] - t, found by a pointer that only moves
 * right as lb[j] grows. */
static double hl_count(const double *la, size_t na, const double *lb,
		       size_t nb, double t)
{
	double c = 0;
	size_t i = 0, j;

	for (j = 0; j < nb; j++) {
		while (i < na && la[i] < lb[j] - t)
			i++;
		c += (double)(na - i);
	}
	return c;
}

/* The k-th smallest (1-based) pairwise difference lb[j] - la[i]. */
static double hl_select(const double *la, size_t na, const double *lb,
			size_t nb, double k)
{
	double lo = lb[0] - la[na - 1], hi = lb[nb - 1] - la[0], mid;
	int it;

	/* invariant: count(lo) < k <= count(hi) unless lo is the least */
	if (hl_count(la, na, lb, nb, lo) >= k)
		return lo;
	for (it = 0; it < 200 && hi > lo; it++) {
		mid = lo + (hi - lo) / 2;
		if (mid <= lo || mid >= hi)
			break;
		if (hl_count(la, na, lb, nb, mid) >= k)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

int stats_hl_ratio(const double *a, size_t na, const double *b, size_t nb,
		   double level, double *est, double *lo, double *hi)
{
	double *la = NULL, *lb = NULL, mn, z, sd, c, e;
	int rc = -1;

	*est = *lo = *hi = NAN;
	if (!a || !b || !na || !nb || !(level > 0 && level < 1))
		return -1;
	la = hl_logs(a, na);
	lb = hl_logs(b, nb);
	if (!la || !lb)
		goto out;
	mn = (double)na * (double)nb;
	/* the median of mn values: the mean of the two middle ones */
	e = hl_select(la, na, lb, nb, floor((mn + 1) / 2));
	if (fmod(mn, 2) == 0)
		e = (e + hl_select(la, na, lb, nb, mn / 2 + 1)) / 2;
	*est = exp(e);
	/* U's normal approximation: the interval runs from the c-th to the
	 * (mn + 1 - c)-th smallest difference */
	z = normal_quantile(1 - (1 - level) / 2);
	sd = sqrt(mn * ((double)na + (double)nb + 1) / 12);
	c = floor(mn / 2 - z * sd);
	if (c >= 1) {
		*lo = exp(hl_select(la, na, lb, nb, c));
		*hi = exp(hl_select(la, na, lb, nb, mn + 1 - c));
	}
	rc = 0;
out:
	free(la);
	free(lb);
	return rc;
}
