/* simple (report G): one thread per element of C on a 2-D grid of b x b
 * blocks. The thread's linear index row * n + col gives its column (index
 * mod n) and its row offset (index - column, the start of its row of A);
 * it sums a[row_offset + i] * b[column + i * n] over i. Threads outside
 * the matrix (n not a multiple of b) do nothing. */
#include "check.h"
#include "launch.h"
#include "square.h"

template <typename T>
__global__ void __launch_bounds__(1024)
mm_simple(const T *__restrict__ a, const T *__restrict__ b,
	  T *__restrict__ c, int n)
{
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	int index, column, row_offset;
	T sum = 0;

	if (row >= n || col >= n)
		return;
	index = row * n + col;
	column = index % n;
	row_offset = index - column;
	for (int i = 0; i < n; i++)
		sum += a[row_offset + i] * b[column + i * n];
	c[index] = sum;
}

template <typename T>
static square_fn<T> mm_simple_pick(int block)
{
	return block >= 1 && block <= 32 ? mm_simple<T> : NULL;
}

extern "C" const void *kernel_simple_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_simple_pick<float>(block);
}

extern "C" const void *kernel_simple_func64(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_simple_pick<double>(block);
}

/* args->fp64: the same kernel in double. */
extern "C" int kernel_simple_launch(const struct kernel_args *args)
{
	return square_launch(mm_simple_pick<float>(args->block),
			     mm_simple_pick<double>(args->block), 1, args,
			     "mm_simple<<<ceil(n/b)^2, b x b>>>");
}
