/* v2 (report P): one thread per element of C. A grid of ceil(n/b) x
 * ceil(n/b) blocks of b x b threads; the thread at row by*b + ty, column
 * bx*b + tx sums A[row][k] * B[k][col] over k from global memory. Threads
 * of the last block row/column that fall outside the matrix do nothing. */
#include "check.h"
#include "launch.h"
#include "square.h"

template <typename T>
__global__ void __launch_bounds__(1024)
mm_v2(const T *__restrict__ a, const T *__restrict__ b,
      T *__restrict__ c, int n)
{
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	T sum = 0;

	if (row >= n || col >= n)
		return;
	for (int k = 0; k < n; k++)
		sum += a[row * n + k] * b[k * n + col];
	c[row * n + col] = sum;
}

template <typename T>
static square_fn<T> mm_v2_pick(int block)
{
	return block >= 1 && block <= 32 ? mm_v2<T> : NULL;
}

extern "C" const void *kernel_v2_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_v2_pick<float>(block);
}

extern "C" const void *kernel_v2_func64(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_v2_pick<double>(block);
}

/* args->fp64: the same kernel in double. */
extern "C" int kernel_v2_launch(const struct kernel_args *args)
{
	return square_launch(mm_v2_pick<float>(args->block),
			     mm_v2_pick<double>(args->block), 1, args,
			     "mm_v2<<<ceil(n/b)^2, b x b>>>");
}
