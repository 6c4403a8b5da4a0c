/* v3 (report P): shared-memory tiles. Each b x b block computes one b x b
 * tile of C. It walks the row band of A and the column band of B one tile
 * at a time: every thread loads one element of the A tile and one of the
 * B tile into shared memory, the block waits at a barrier, each thread
 * accumulates its b products (b is a compile-time constant, so the inner
 * loop is unrolled), and a second barrier keeps the next loads from
 * overwriting tiles still being read. Elements beyond the matrix edge load
 * as zero and are not stored, so any n works. */
#include "check.h"
#include "launch.h"

template <int B>
__global__ void __launch_bounds__(B * B)
mm_v3(const float *__restrict__ a, const float *__restrict__ b,
      float *__restrict__ c, int n)
{
	__shared__ float as[B][B];
	__shared__ float bs[B][B];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * B + ty;
	int col = blockIdx.x * B + tx;
	int tiles = (n + B - 1) / B;
	float sum = 0.0f;

	for (int t = 0; t < tiles; t++) {
		int ka = t * B + tx;	/* column of A this thread loads */
		int kb = t * B + ty;	/* row of B this thread loads */

		as[ty][tx] = row < n && ka < n ? a[row * n + ka] : 0.0f;
		bs[ty][tx] = kb < n && col < n ? b[kb * n + col] : 0.0f;
		__syncthreads();
#pragma unroll
		for (int k = 0; k < B; k++)
			sum += as[ty][k] * bs[k][tx];
		__syncthreads();
	}
	if (row < n && col < n)
		c[row * n + col] = sum;
}

typedef void (*mm_v3_fn)(const float *, const float *, float *, int);

static mm_v3_fn mm_v3_pick(int block)
{
	switch (block) {
	case 8:
		return mm_v3<8>;
	case 16:
		return mm_v3<16>;
	case 22:
		return mm_v3<22>;
	case 32:
		return mm_v3<32>;
	}
	return NULL;
}

extern "C" const void *kernel_v3_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_v3_pick(block);
}

extern "C" int kernel_v3_launch(const struct kernel_args *args)
{
	mm_v3_fn kernel = mm_v3_pick(args->block);
	int b = args->block, tiles;

	if (!kernel)
		return cudaErrorInvalidValue;
	tiles = (args->n + b - 1) / b;
	dim3 grid(tiles, tiles), threads(b, b);
	KERNEL_LAUNCH_BEGIN();
	kernel<<<grid, threads, 0, (cudaStream_t)args->stream>>>(
		(const float *)args->a, (const float *)args->b,
		(float *)args->c, args->n);
	return KERNEL_LAUNCH_END("mm_v3<b><<<ceil(n/b)^2, b x b>>>");
}
