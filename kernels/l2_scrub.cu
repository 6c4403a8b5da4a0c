// L2 scrub: reads a scratch buffer three times the size of the L2 cache,
// so that every line cached before (dirty ones written back) is evicted
// and the next kernel starts from cold caches. Used between the passes of
// the hardware-counter collection, outside the profiled range, as ncu's
// --cache-control all does; never during timed samples.
#include <stdlib.h>
#include <cuda_runtime.h>

#include "check.h"
#include "kernels.h"

struct kernel_scrub {
	float4 *buf;
	size_t n;	// float4 elements
	float *sink;
};

__global__ void l2_scrub(const float4 *__restrict__ p, size_t n, float *sink)
{
	float acc = 0.0f;

	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		float4 v = p[i];
		acc += v.x + v.y + v.z + v.w;
	}
	// The buffer holds zeros: the store never happens, but the compiler
	// cannot drop the loads.
	if (acc != 0.0f)
		*sink = acc;
}

extern "C" int kernel_scrub_run(void *scrub)
{
	struct kernel_scrub *s = (struct kernel_scrub *)scrub;
	int err;

	KERNEL_LAUNCH_BEGIN();
	l2_scrub<<<1024, 256>>>(s->buf, s->n, s->sink);
	err = KERNEL_LAUNCH_END("l2_scrub<<<1024, 256>>>");
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
	s->n = bytes / sizeof(float4);
	err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)&s->buf,
					   s->n * sizeof(float4)));
	if (!err)
		err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)&s->sink,
						   sizeof(float)));
	if (!err)
		err = KERNEL_CUDA(cudaMemset(s->buf, 0, s->n * sizeof(float4)));
	// The memset leaves up to one L2 of dirty scratch lines; one scrub
	// evicts them, so later scrubs leave only clean lines behind.
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
