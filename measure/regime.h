/* measure/regime.h: internal to measure/ (and its tests). The regime a
 * configuration ran in, stored with it for a reader of the database, by
 * the report's one rule (analysis/rules.h: rule_regime): a kernel timed
 * by events and shorter than a launch measures launch cost; a grid of
 * fewer blocks than SMs leaves SMs idle; a working set inside L2 is
 * served from the cache, not device memory; clocks held down by power
 * or heat are not the chip's speed. render recomputes it from the
 * stored inputs (with the session's top clock, which measure cannot
 * know while it runs), so the stored keys are informative. */
#ifndef MMREPORT_MEASURE_REGIME_H
#define MMREPORT_MEASURE_REGIME_H

#include <stddef.h>

#include "rules.h"

#define REGIME_THROTTLE_MASK RULE_THROTTLE_MASK

struct regime_in {
	long long grid_blocks;	/* 0 unknown */
	long long wave_blocks;	/* active blocks per SM x SMs; 0 unknown
				 * (stored; not part of the rule) */
	int sms;		/* the device's SMs; 0 unknown */
	int events_timer;	/* kernel times from events (launch cost
				 * included), not the GPU's activity record */
	double working_set;	/* bytes; 0 unknown */
	long long l2_bytes;	/* 0 unknown */
	int cold;		/* L2 scrubbed before each sample */
	double kernel_ms;	/* median kernel time; <= 0 or NAN unknown */
	double launch_us;	/* the session's launch cost; NAN unknown */
	int has_throttle;
	unsigned long long throttle_reasons;
};

/* The regime keys that apply, comma-separated, into buf[len]:
 *   launch_bound  events_timer and kernel_ms * 1000 < launch_us
 *   idle_sms      grid_blocks < sms
 *   l2_resident   working_set <= l2_bytes and not cold
 *   throttled     throttle_reasons & REGIME_THROTTLE_MASK
 * "" when none applies; a key whose inputs are unknown is left out. */
void regime_format(const struct regime_in *in, char *buf, size_t len);

#endif
