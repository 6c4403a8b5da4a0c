/* Lecture B's random walkers: args->count walkers, each of args->param
 * steps of +1 or -1 drawn from its own xorshift32 generator
 * (kernels/hash.h), its final position written to c (int). Three forms,
 * by where the generator's state lives between steps:
 *   walk_global     in global memory (a, one unsigned a walker), read and
 *                   written every step through a volatile pointer, as
 *                   code that keeps per-thread state in an array does;
 *   walk_shared     in shared memory, likewise volatile;
 *   walk_registers  in a register.
 * The seed is the walker's index hashed with args->seed, so the host
 * replays any walker exactly. */
#include "check.h"
#include "hash.h"
#include "launch.h"

#define WALK_THREADS_MAX 1024

enum { WALK_GLOBAL, WALK_SHARED, WALK_REGISTERS };

template <int KIND>
__global__ void __launch_bounds__(WALK_THREADS_MAX)
walk(unsigned *__restrict__ state, int *__restrict__ pos, size_t walkers,
     int steps, unsigned seed)
{
	__shared__ unsigned st[WALK_THREADS_MAX];
	size_t w = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	volatile unsigned *v;
	unsigned s;
	int x = 0;

	if (w >= walkers)
		return;
	s = walk_seed(w, seed);
	if (KIND == WALK_REGISTERS) {
		for (int i = 0; i < steps; i++) {
			s = walk_next(s);
			x += (s >> 31) ? 1 : -1;
		}
	} else {
		if (KIND == WALK_GLOBAL)
			v = state + w;
		else
			v = st + threadIdx.x;
		*v = s;
		for (int i = 0; i < steps; i++) {
			unsigned t = walk_next(*v);

			*v = t;
			x += (t >> 31) ? 1 : -1;
		}
	}
	pos[w] = x;
}

typedef void (*walk_fn)(unsigned *, int *, size_t, int, unsigned);

static walk_fn walk_pick(int kind)
{
	switch (kind) {
	case WALK_GLOBAL:
		return walk<WALK_GLOBAL>;
	case WALK_SHARED:
		return walk<WALK_SHARED>;
	default:
		return walk<WALK_REGISTERS>;
	}
}

static int walk_launch(int kind, const struct kernel_args *args)
{
	size_t blocks;

	if (args->block < 1 || args->block > WALK_THREADS_MAX ||
	    args->count == 0 || args->param < 0)
		return cudaErrorInvalidValue;
	blocks = (args->count + args->block - 1) / args->block;
	if (blocks > 0x7fffffff)
		return cudaErrorInvalidValue;
	KERNEL_LAUNCH_BEGIN();
	walk_pick(kind)<<<(unsigned)blocks, args->block, 0,
			  (cudaStream_t)args->stream>>>(
		(unsigned *)args->a, (int *)args->c, args->count,
		args->param, args->seed);
	return KERNEL_LAUNCH_END("walk<kind><<<ceil(walkers/threads), "
				 "threads>>>");
}

extern "C" const void *kernel_walk_global_func(int block, int ilp)
{
	return (const void *)walk_pick(WALK_GLOBAL);
}

extern "C" int kernel_walk_global_launch(const struct kernel_args *args)
{
	return walk_launch(WALK_GLOBAL, args);
}

extern "C" const void *kernel_walk_shared_func(int block, int ilp)
{
	return (const void *)walk_pick(WALK_SHARED);
}

extern "C" int kernel_walk_shared_launch(const struct kernel_args *args)
{
	return walk_launch(WALK_SHARED, args);
}

extern "C" const void *kernel_walk_registers_func(int block, int ilp)
{
	return (const void *)walk_pick(WALK_REGISTERS);
}

extern "C" int kernel_walk_registers_launch(const struct kernel_args *args)
{
	return walk_launch(WALK_REGISTERS, args);
}
