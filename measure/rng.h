/* measure/rng.h: internal to measure/. The seeded generator of the random
 * inputs: xoshiro256** seeded through splitmix64, so that a stored seed
 * reproduces every input exactly. */
#ifndef MMREPORT_MEASURE_RNG_H
#define MMREPORT_MEASURE_RNG_H

#include <stddef.h>
#include <stdint.h>

struct rng {
	uint64_t s[4];
};

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* Fills x[0..n-1] with floats uniform in [-1, 1) (24 random bits each). */
void rng_floats(struct rng *r, float *x, size_t n);
/* Fills x[0..n-1] with doubles uniform in [-1, 1) (53 random bits
 * each: a float's 24 would make every product, and most sums, exact in
 * double, and double's rounding invisible). */
void rng_doubles(struct rng *r, double *x, size_t n);
/* Fills x[0..n-1] with uniformly random 32-bit ints. */
void rng_ints(struct rng *r, int *x, size_t n);

/* The seed of one configuration's inputs, derived from the session seed
 * and the input shape only (m, k, n, count), so that every variant at a
 * size multiplies the same matrices. */
uint64_t rng_config_seed(uint64_t seed, long long m, long long k,
			 long long n, long long count);

#endif
