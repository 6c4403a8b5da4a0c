/* analysis/rules.h: the report's rules, each written once. Every table,
 * finding, summary, device comparison and conclusion decides "does this
 * point count", "is this difference a finding" and "what share of which
 * peak" through these functions and no other code, and the report's
 * method section states them in words (strings method.rule.*).
 *
 * Pure C on plain numbers: no SQLite, no CUDA, no I/O, so that measure
 * (which stores a configuration's regime) and render (which reads it)
 * apply the same rule, and tests decide each outcome on small inputs. */
#ifndef MMREPORT_ANALYSIS_RULES_H
#define MMREPORT_ANALYSIS_RULES_H

#include <stddef.h>

/* ---- the regime of a point ------------------------------------------ */

/* What a number measures besides the kernel's speed. */
enum {
	/* Timed by events behind a blocking launch, and shorter than the
	 * session's measured launch-to-completion time of an empty
	 * kernel: the number is mostly the host's launch cost. Never set
	 * for kernel times from the GPU's own activity record, which hold
	 * no launch cost. */
	RULE_LAUNCH = 1,
	/* Fewer blocks than SMs: some SMs have nothing to run for the
	 * whole kernel, so the number is not the device's speed. A grid
	 * with at least one block per SM keeps every SM busy, however
	 * its last wave is filled. */
	RULE_IDLE = 2,
	/* The working set fits the L2 cache (and the session did not
	 * scrub it): a bandwidth is the cache's, not device memory's. */
	RULE_L2 = 4,
	/* The SM clock, read before and after the point, fell more than
	 * RULE_CLOCK_TOL below the highest clock of its session, or the
	 * driver reported a power or thermal limit. */
	RULE_THROTTLE = 8
};

/* How far below the session's top SM clock a point's clock may be
 * before the point is throttled: 2 %, above the clock's own step (15
 * MHz at 1980 MHz is 0.76 %) and below every drop seen under load. */
#define RULE_CLOCK_TOL 0.02

/* NVML clock-event reasons that hold the clock below what the chip
 * would run at (power cap, HW slowdown, thermal limits, power brake);
 * idle, application clocks, sync boost and display are not limits. */
#define RULE_THROTTLE_MASK 0xECULL

/* The inputs of a point's regime; 0 or NAN: unknown, and a flag whose
 * inputs are unknown is not set. */
struct rule_point {
	long long grid_blocks;	/* blocks one launch runs */
	int sms;		/* the device's SMs */
	double working_set;	/* bytes the launch touches */
	double l2_bytes;	/* the device's L2 size */
	int cold;		/* L2 scrubbed before each sample */
	int events_timer;	/* kernel time from events (host launch
				 * cost included), not the GPU's record */
	double kernel_ms;	/* median kernel time */
	double launch_us;	/* the session's empty-kernel launch time */
	double clock_mhz;	/* the lower of the point's clock readings */
	double top_clock_mhz;	/* the highest reading of its session */
	int has_throttle;	/* throttle_reasons known */
	unsigned long long throttle_reasons;
};

/* The RULE_* flags of p. */
unsigned rule_regime(const struct rule_point *p);

/* Whether a verified point with regime flags counts toward "best" and
 * "% of peak": not launch-bound, no idle SMs, and, where the number is
 * a device-memory bandwidth (dram set), not served from L2. A throttled
 * point counts, marked, since its peak is taken at its own clock. */
int rule_counts(unsigned regime, int dram);

/* ---- when a difference is a finding ---------------------------------- */

/* The practical threshold's floor: a relative difference below 1 % is
 * never a finding, however small its p. */
#define RULE_MIN_THRESHOLD 0.01

/* Repeated measurements needed before their spread sets the threshold:
 * a 90th percentile of fewer pairs is one or two pairs' say. */
#define RULE_MIN_PAIRS 10

/* The practical threshold from the run-to-run spread between sessions:
 * spread[0..n-1] are |log(median in one session / median in another)|
 * of the same configuration on the same device. With RULE_MIN_PAIRS or
 * more, the threshold is the larger of RULE_MIN_THRESHOLD and the 90th
 * percentile of those relative spreads (exp(s) - 1), so that nine in
 * ten repeated measurements lie within it; with fewer, the floor alone.
 * spread is sorted in place. n may be 0. */
double rule_threshold(double *spread, size_t n);
/* qsort's comparator of doubles, ascending; the one the report sorts
 * every list of numbers with. */
int rule_cmp_dbl(const void *a, const void *b);

enum rule_verdict {
	RULE_UNTESTED = -1,	/* no samples to test and ranges overlap */
	RULE_SAME = 0,		/* no meaningful difference */
	RULE_HIGHER = 1,	/* b meaningfully above a */
	RULE_LOWER = 2		/* b meaningfully below a */
};

/* The significance level of every test in the report. */
#define RULE_ALPHA 0.05

/* The verdict on b against a: p the two-sided test's p (< 0: not
 * tested), ratio = median(b) / median(a). A difference is a finding only
 * when it is significant (p < RULE_ALPHA) and the ratio lies at least
 * threshold away from 1 in either direction (b / a >= 1 + threshold or
 * a / b >= 1 + threshold); else RULE_SAME. Untested pairs stay
 * RULE_UNTESTED. */
enum rule_verdict rule_verdict(double p, double ratio, double threshold);

/* ---- shares of a peak ------------------------------------------------ */

/* The peaks a share is of; a share names its peak. */
enum rule_peak {
	RULE_PEAK_FP32,		/* FP32 on CUDA cores */
	RULE_PEAK_FP64,		/* FP64 on CUDA cores */
	RULE_PEAK_FP64_TC	/* FP64 on tensor cores (DMMA) */
};

/* The FP64 tensor-core peak of a device from its FP64 CUDA-core peak:
 * twice it on compute capability 8.0 and 9.0 (A100, H100, H200 run
 * DMMA at twice their FP64 FMA rate), NAN elsewhere (no FP64 tensor
 * cores, or a rate this rule does not know). */
double rule_peak_fp64_tc(int cc_major, int cc_minor, double fp64_peak);

/* 100 * value / peak in per cent, or NAN when either is unknown or the
 * share would exceed 100 %: a share above the peak it names is a defect
 * (wrong peak, wrong clock, wrong count), to be explained, not printed.
 * *over, when given, is set to 1 in that last case, else 0. */
double rule_peak_pct(double value, double peak, int *over);

#endif
