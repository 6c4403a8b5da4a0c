/* The report's rules (rules.h). */
#include <math.h>
#include <stdlib.h>

#include "rules.h"
#include "stats.h"

unsigned rule_regime(const struct rule_point *p)
{
	unsigned r = 0;

	if (p->events_timer && p->kernel_ms > 0 && p->launch_us > 0 &&
	    p->kernel_ms * 1e3 < p->launch_us)
		r |= RULE_LAUNCH;
	if (p->grid_blocks > 0 && p->sms > 0 && p->grid_blocks < p->sms)
		r |= RULE_IDLE;
	if (p->working_set > 0 && p->l2_bytes > 0 && !p->cold &&
	    p->working_set <= p->l2_bytes)
		r |= RULE_L2;
	if (p->clock_mhz > 0 && p->top_clock_mhz > 0 &&
	    p->clock_mhz < p->top_clock_mhz * (1 - RULE_CLOCK_TOL))
		r |= RULE_THROTTLE;
	if (p->has_throttle && (p->throttle_reasons & RULE_THROTTLE_MASK))
		r |= RULE_THROTTLE;
	return r;
}

int rule_counts(unsigned regime, int dram)
{
	if (regime & (RULE_LAUNCH | RULE_IDLE))
		return 0;
	return !(dram && (regime & RULE_L2));
}

int rule_cmp_dbl(const void *a, const void *b)
{
	double u = *(const double *)a, w = *(const double *)b;

	return (u > w) - (u < w);
}

double rule_threshold(double *spread, size_t n)
{
	double q;

	if (n < RULE_MIN_PAIRS)
		return RULE_MIN_THRESHOLD;
	qsort(spread, n, sizeof(*spread), rule_cmp_dbl);
	/* the 90th percentile, linear between closest ranks */
	q = expm1(fabs(stats_percentile_sorted(spread, n, 90)));
	return q > RULE_MIN_THRESHOLD ? q : RULE_MIN_THRESHOLD;
}

enum rule_verdict rule_verdict(double p, double ratio, double threshold)
{
	if (!isfinite(ratio) || !(ratio > 0))
		return RULE_UNTESTED;
	if (p < 0)
		return RULE_UNTESTED;
	if (!(p < RULE_ALPHA))
		return RULE_SAME;
	if (ratio >= 1 + threshold)
		return RULE_HIGHER;
	if (1 / ratio >= 1 + threshold)
		return RULE_LOWER;
	return RULE_SAME;
}

double rule_peak_fp64_tc(int cc_major, int cc_minor, double fp64_peak)
{
	if (!(fp64_peak > 0))
		return NAN;
	if ((cc_major == 8 || cc_major == 9) && cc_minor == 0)
		return 2 * fp64_peak;
	return NAN;
}

double rule_peak_pct(double value, double peak, int *over)
{
	double pct;

	if (over)
		*over = 0;
	if (!isfinite(value) || !(peak > 0))
		return NAN;
	pct = 100 * value / peak;
	if (pct > 100) {
		if (over)
			*over = 1;
		return NAN;
	}
	return pct;
}
