/* v4 (report P): v3 with prefetching. Before computing on the tiles in
 * shared memory, each thread already loads its elements of the NEXT tiles
 * into registers, so that the global-memory latency overlaps the
 * arithmetic; at the top of the next step the registers are stored to
 * shared memory. The last step loads nothing (report P's original read
 * past the end of the matrices there). Elements beyond the matrix edge
 * load as zero and are not stored, so any n works. */
#include "check.h"
#include "launch.h"
#include "square.h"

template <int B, typename T>
__global__ void __launch_bounds__(B * B)
mm_v4(const T *__restrict__ a, const T *__restrict__ b,
      T *__restrict__ c, int n)
{
	__shared__ T as[B][B];
	__shared__ T bs[B][B];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * B + ty;
	int col = blockIdx.x * B + tx;
	int tiles = (n + B - 1) / B;
	T sum = 0;
	/* The first tiles: column tx of A's band, row ty of B's band. */
	T pa = row < n && tx < n ? a[row * n + tx] : T(0);
	T pb = ty < n && col < n ? b[ty * n + col] : T(0);

	for (int t = 0; t < tiles; t++) {
		as[ty][tx] = pa;
		bs[ty][tx] = pb;
		__syncthreads();
		if (t + 1 < tiles) {
			int ka = (t + 1) * B + tx;
			int kb = (t + 1) * B + ty;

			pa = row < n && ka < n ? a[row * n + ka] : T(0);
			pb = kb < n && col < n ? b[kb * n + col] : T(0);
		}
#pragma unroll
		for (int k = 0; k < B; k++)
			sum += as[ty][k] * bs[k][tx];
		__syncthreads();
	}
	if (row < n && col < n)
		c[row * n + col] = sum;
}

template <typename T>
static square_fn<T> mm_v4_pick(int block)
{
	switch (block) {
	case 8:
		return mm_v4<8, T>;
	case 16:
		return mm_v4<16, T>;
	case 22:
		return mm_v4<22, T>;
	case 32:
		return mm_v4<32, T>;
	}
	return NULL;
}

extern "C" const void *kernel_v4_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_v4_pick<float>(block);
}

extern "C" const void *kernel_v4_func64(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_v4_pick<double>(block);
}

/* args->fp64: the same kernel in double. */
extern "C" int kernel_v4_launch(const struct kernel_args *args)
{
	return square_launch(mm_v4_pick<float>(args->block),
			     mm_v4_pick<double>(args->block), 1, args,
			     "mm_v4<b><<<ceil(n/b)^2, b x b>>>");
}
