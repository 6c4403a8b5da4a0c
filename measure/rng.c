/* xoshiro256** (Blackman and Vigna), seeded by splitmix64. */
#include <string.h>

#include "rng.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void rng_seed(struct rng *r, uint64_t seed)
{
	uint64_t x = seed;

	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

void rng_floats(struct rng *r, float *x, size_t n)
{
	for (size_t i = 0; i < n; i++)
		x[i] = (float)(rng_next(r) >> 40) * (1.0f / 8388608.0f) - 1.0f;
}

void rng_doubles(struct rng *r, double *x, size_t n)
{
	for (size_t i = 0; i < n; i++)
		x[i] = (double)(rng_next(r) >> 11) * 0x1p-52 - 1.0;
}

void rng_ints(struct rng *r, int *x, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t v = (uint32_t)(rng_next(r) >> 32);

		memcpy(&x[i], &v, sizeof(v));
	}
}

uint64_t rng_config_seed(uint64_t seed, long long m, long long k,
			 long long n, long long count)
{
	uint64_t x = seed;
	uint64_t h = splitmix64(&x);

	h ^= (uint64_t)m * 0xff51afd7ed558ccdULL;
	h = splitmix64(&h);
	h ^= (uint64_t)k * 0xc4ceb9fe1a85ec53ULL;
	h = splitmix64(&h);
	h ^= (uint64_t)n * 0x9e3779b97f4a7c15ULL;
	h = splitmix64(&h);
	h ^= (uint64_t)count * 0xd6e8feb86659fd93ULL;
	return splitmix64(&h);
}
