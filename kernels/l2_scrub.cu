// L2 scrub: reads a scratch buffer three times the size of the L2 cache,
// so that every line cached before (dirty ones written back) is evicted,
// then invalidates the scratch lines, and the next kernel starts from
// cold, empty caches. Run first in every pass of the hardware-counter
// collection, in ranges of its own that are then dropped
// (counters_prepare_set says why), as ncu's --cache-control all flushes
// before each pass; never during timed samples.
#include <stdlib.h>
#include <cuda_runtime.h>

#include "check.h"
#include "kernels.h"

struct kernel_scrub {
	float4 *buf;
	size_t n;	// float4 elements
	float *sink;
};

__global__ void l2_scrub(const float4 *__restrict__ p, size_t n, float *sink,
			 int keep)
{
	float acc = 0.0f;

	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		float4 v = p[i];
		acc += v.x + v.y + v.z + v.w;
	}
	// keep is 0 at run time: the store never happens, but the compiler
	// cannot drop the loads (after l2_drop the data is indeterminate, so
	// no test on it could stand in for keep).
	if (keep)
		*sink = acc;
}

// Invalidates the scratch lines the scrub left in L2 without writing them
// back (their contents do not matter), so that the cache ends empty, the
// state ncu's --cache-control all (flush and invalidate) leaves, rather
// than full of clean scratch lines that the next kernel must replace.
__global__ void l2_drop(char *p, size_t lines)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	     i < lines; i += (size_t)gridDim.x * blockDim.x)
		asm volatile("discard.global.L2 [%0], 128;"
			     :: "l"(p + i * 128) : "memory");
}

extern "C" int kernel_scrub_run(void *scrub)
{
	struct kernel_scrub *s = (struct kernel_scrub *)scrub;
	int err;

	// KERNEL_SCRUB_KERNELS counts these launches.
	KERNEL_LAUNCH_BEGIN();
	l2_scrub<<<1024, 256>>>(s->buf, s->n, s->sink, 0);
	err = KERNEL_LAUNCH_END("l2_scrub<<<1024, 256>>>");
	if (!err) {
		KERNEL_LAUNCH_BEGIN();
		l2_drop<<<1024, 256>>>((char *)s->buf,
				       s->n * sizeof(float4) / 128);
		err = KERNEL_LAUNCH_END("l2_drop<<<1024, 256>>>");
	}
	if (!err)
		err = KERNEL_CUDA(cudaDeviceSynchronize());
	return err;
}

extern "C" int kernel_scrub_create(size_t l2_bytes, void **out)
{
	struct kernel_scrub *s;
	size_t bytes = 3 * (l2_bytes ? l2_bytes : ((size_t)64 << 20));
	int err;

	*out = NULL;
	s = (struct kernel_scrub *)calloc(1, sizeof(*s));
	if (!s)
		return (int)cudaErrorMemoryAllocation;
	// Whole 128-byte lines, rounded up, for l2_drop (cudaMalloc aligns
	// to 256).
	s->n = (bytes + 127) / 128 * (128 / sizeof(float4));
	err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)&s->buf,
					   s->n * sizeof(float4)));
	if (!err)
		err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)&s->sink,
						   sizeof(float)));
	if (!err)
		err = KERNEL_CUDA(cudaMemset(s->buf, 0, s->n * sizeof(float4)));
	// The contents never matter (l2_drop makes them indeterminate); the
	// memset only keeps the first reads off uninitialised memory. The
	// first scrub then drops the memset's dirty lines too.
	if (!err)
		err = kernel_scrub_run(s);
	if (err) {
		kernel_scrub_free(s);
		return err;
	}
	*out = s;
	return 0;
}

extern "C" void kernel_scrub_free(void *scrub)
{
	struct kernel_scrub *s = (struct kernel_scrub *)scrub;

	if (!s)
		return;
	KERNEL_CUDA(cudaFree(s->buf));
	KERNEL_CUDA(cudaFree(s->sink));
	free(s);
}
