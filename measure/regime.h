/* measure/regime.h: internal to measure/ (and its tests). The regime a
 * configuration ran in, as the report needs it to read a number right:
 * a kernel shorter than a launch measures launch cost in any program
 * that waits for it; a grid smaller than one wave leaves SMs idle; a
 * working set inside L2 is served from the cache, not device memory;
 * clocks held down by power or heat are not the chip's speed. Pure
 * arithmetic, so that it is tested without a GPU. */
#ifndef MMREPORT_MEASURE_REGIME_H
#define MMREPORT_MEASURE_REGIME_H

#include <stddef.h>

/* NVML clock-event reasons that lower the clock below what the chip
 * would run at (power cap, slowdowns, thermal limits, power brake); idle,
 * application clocks, sync boost and display are not limits. */
#define REGIME_THROTTLE_MASK 0xECULL

struct regime_in {
	long long grid_blocks;	/* 0 unknown */
	long long wave_blocks;	/* active blocks per SM x SMs; 0 unknown */
	double working_set;	/* bytes; 0 unknown */
	long long l2_bytes;	/* 0 unknown */
	int cold;		/* L2 scrubbed before each sample */
	double kernel_ms;	/* median kernel time; <= 0 or NAN unknown */
	double launch_us;	/* the session's launch cost; NAN unknown */
	int has_throttle;
	unsigned long long throttle_reasons;
};

/* The regime keys that apply, comma-separated, into buf[len]:
 *   launch_bound  kernel_ms * 1000 < launch_us
 *   below_wave    grid_blocks < wave_blocks
 *   l2_resident   working_set <= l2_bytes and not cold
 *   throttled     throttle_reasons & REGIME_THROTTLE_MASK
 * "" when none applies; a key whose inputs are unknown is left out. */
void regime_format(const struct regime_in *in, char *buf, size_t len);

#endif
