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
#include "square.h"

template <int B, typename T>
__global__ void __launch_bounds__(B * B)
mm_v3(const T *__restrict__ a, const T *__restrict__ b,
      T *__restrict__ c, int n)
{
	__shared__ T as[B][B];
	__shared__ T bs[B][B];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * B + ty;
	int col = blockIdx.x * B + tx;
	int tiles = (n + B - 1) / B;
	T sum = 0;

	for (int t = 0; t < tiles; t++) {
		int ka = t * B + tx;	/* column of A this thread loads */
		int kb = t * B + ty;	/* row of B this thread loads */

		as[ty][tx] = row < n && ka < n ? a[row * n + ka] : T(0);
		bs[ty][tx] = kb < n && col < n ? b[kb * n + col] : T(0);
		__syncthreads();
#pragma unroll
		for (int k = 0; k < B; k++)
			sum += as[ty][k] * bs[k][tx];
		__syncthreads();
	}
	if (row < n && col < n)
		c[row * n + col] = sum;
}

template <typename T>
static square_fn<T> mm_v3_pick(int block)
{
	switch (block) {
	case 8:
		return mm_v3<8, T>;
	case 16:
		return mm_v3<16, T>;
	case 22:
		return mm_v3<22, T>;
	case 32:
		return mm_v3<32, T>;
	}
	return NULL;
}

extern "C" const void *kernel_v3_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_v3_pick<float>(block);
}

extern "C" const void *kernel_v3_func64(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_v3_pick<double>(block);
}

/* args->fp64: the same kernel in double. */
extern "C" int kernel_v3_launch(const struct kernel_args *args)
{
	return square_launch(mm_v3_pick<float>(args->block),
			     mm_v3_pick<double>(args->block), 1, args,
			     "mm_v3<b><<<ceil(n/b)^2, b x b>>>");
}
