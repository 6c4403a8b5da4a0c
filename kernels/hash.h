/* kernels/hash.h: internal to kernels/. The inputs of the memory-access
 * kernels: a counter-based hash of an element's index and a seed, the
 * same function on the device (fill.cu) and on the host (fill.cu's host
 * half, used by the verification), so that any element can be recomputed
 * without keeping a copy. */
#ifndef MMREPORT_KERNELS_HASH_H
#define MMREPORT_KERNELS_HASH_H

#include <stddef.h>

#ifdef __CUDACC__
#define HASH_FN static inline __host__ __device__
#else
#define HASH_FN static inline
#endif

/* A 32-bit mixer (xor-shift-multiply rounds): every input bit changes
 * about half of the output bits. */
HASH_FN unsigned hash_mix(unsigned x)
{
	x ^= x >> 16;
	x *= 0x7feb352dU;
	x ^= x >> 15;
	x *= 0x846ca68bU;
	x ^= x >> 16;
	return x;
}

/* 64-bit indices: the high word is mixed in first. */
HASH_FN unsigned hash_index(size_t i, unsigned seed)
{
	unsigned hi = (unsigned)((unsigned long long)i >> 32);

	return hash_mix((unsigned)i ^ hash_mix(hi ^ seed * 0x9e3779b9U));
}

/* [-1, 1): 24 random bits scaled by 2^-23, exact in float. */
HASH_FN float hash_float(size_t i, unsigned seed)
{
	return (float)(hash_index(i, seed) >> 8) * (1.0f / 8388608.0f) -
	       1.0f;
}

/* [0, 1) with 24 random bits, exact in float. */
HASH_FN float hash_unit_float(size_t i, unsigned seed)
{
	return (float)(hash_index(i, seed) >> 8) * (1.0f / 16777216.0f);
}

/* [0, 1) with 53 random bits from two hashes, exact in double. */
HASH_FN double hash_unit_double(size_t i, unsigned seed)
{
	unsigned long long hi = hash_index(i, seed),
			   lo = hash_index(i, seed ^ 0x5bd1e995U);

	return (double)((hi << 21) ^ (lo >> 11)) * (1.0 / 9007199254740992.0);
}

/* The walkers' generator (Marsaglia's xorshift32): a first state that is
 * never 0, and one step. */
HASH_FN unsigned walk_seed(size_t w, unsigned seed)
{
	return hash_index(w, seed) | 1U;
}

HASH_FN unsigned walk_next(unsigned s)
{
	s ^= s << 13;
	s ^= s >> 17;
	s ^= s << 5;
	return s;
}

#endif
