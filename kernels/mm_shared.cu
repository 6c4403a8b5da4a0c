/* shared (report G): 32 x 32 shared-memory tiles. Each block of 32 x 32
 * threads loads a tile of A and a tile of B collectively, waits, and each
 * thread accumulates its element of C from the two tiles. Report G's
 * original had no barrier after that compute step, so a fast warp could
 * overwrite a tile another warp was still reading; this one waits there
 * too. Elements beyond the matrix edge load as zero and are not stored. */
#include "check.h"
#include "launch.h"
#include "square.h"

#define TILE 32

template <typename T>
__global__ void __launch_bounds__(TILE * TILE)
mm_shared(const T *__restrict__ a, const T *__restrict__ b,
	  T *__restrict__ c, int n)
{
	__shared__ T ta[TILE][TILE];
	__shared__ T tb[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty;
	int col = blockIdx.x * TILE + tx;
	T sum = 0;

	for (int k0 = 0; k0 < n; k0 += TILE) {
		ta[ty][tx] = row < n && k0 + tx < n ?
			a[row * n + k0 + tx] : T(0);
		tb[ty][tx] = k0 + ty < n && col < n ?
			b[(k0 + ty) * n + col] : T(0);
		__syncthreads();
		for (int i = 0; i < TILE; i++)
			sum += ta[ty][i] * tb[i][tx];
		__syncthreads();
	}
	if (row < n && col < n)
		c[row * n + col] = sum;
}

template <typename T>
static square_fn<T> mm_shared_pick(int block)
{
	return block == TILE ? mm_shared<T> : NULL;
}

extern "C" const void *kernel_shared_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_shared_pick<float>(block);
}

extern "C" const void *kernel_shared_func64(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_shared_pick<double>(block);
}

/* args->fp64: the same kernel in double. */
extern "C" int kernel_shared_launch(const struct kernel_args *args)
{
	return square_launch(mm_shared_pick<float>(args->block),
			     mm_shared_pick<double>(args->block), 1, args,
			     "mm_shared<<<ceil(n/32)^2, 32 x 32>>>");
}
