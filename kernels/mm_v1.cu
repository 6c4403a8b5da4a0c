/* v1 (report P): a single b x b block covers the whole n x n matrix.
 * Thread (tx, ty) computes the element (ty, tx) of every b x b tile of C,
 * that is rows ty, ty + b, ... and columns tx, tx + b, ..., reading A and
 * B straight from global memory. The loops stop at n, so n need not be a
 * multiple of b. */
#include "check.h"
#include "launch.h"

__global__ void __launch_bounds__(1024)
mm_v1(const float *__restrict__ a, const float *__restrict__ b,
      float *__restrict__ c, int n)
{
	for (int row = threadIdx.y; row < n; row += blockDim.y) {
		for (int col = threadIdx.x; col < n; col += blockDim.x) {
			float sum = 0.0f;

			for (int k = 0; k < n; k++)
				sum += a[row * n + k] * b[k * n + col];
			c[row * n + col] = sum;
		}
	}
}

typedef void (*mm_v1_fn)(const float *, const float *, float *, int);

static mm_v1_fn mm_v1_pick(int block)
{
	return block >= 1 && block <= 32 ? mm_v1 : NULL;
}

extern "C" const void *kernel_v1_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_v1_pick(block);
}

extern "C" int kernel_v1_launch(const struct kernel_args *args)
{
	mm_v1_fn kernel = mm_v1_pick(args->block);
	dim3 threads(args->block, args->block);

	/* v1 has no double instance (the registry's fp64 is 0) */
	if (!kernel || args->fp64)
		return cudaErrorInvalidValue;
	KERNEL_LAUNCH_BEGIN();
	kernel<<<1, threads, 0, (cudaStream_t)args->stream>>>(
		(const float *)args->a, (const float *)args->b,
		(float *)args->c, args->n);
	return KERNEL_LAUNCH_END("mm_v1<<<1, b x b>>>");
}
