/* simple (report G): one thread per element of C on a 2-D grid of b x b
 * blocks. The thread's linear index row * n + col gives its column (index
 * mod n) and its row offset (index - column, the start of its row of A);
 * it sums a[row_offset + i] * b[column + i * n] over i. Threads outside
 * the matrix (n not a multiple of b) do nothing. */
#include "check.h"
#include "launch.h"

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
using mm_simple_fn = void (*)(const T *, const T *, T *, int);

template <typename T>
static mm_simple_fn<T> mm_simple_pick(int block)
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

template <typename T>
static int mm_simple_run(const struct kernel_args *args)
{
	mm_simple_fn<T> kernel = mm_simple_pick<T>(args->block);
	int b = args->block, tiles;

	if (!kernel)
		return cudaErrorInvalidValue;
	tiles = (args->n + b - 1) / b;
	dim3 grid(tiles, tiles), threads(b, b);
	KERNEL_LAUNCH_BEGIN();
	kernel<<<grid, threads, 0, (cudaStream_t)args->stream>>>(
		(const T *)args->a, (const T *)args->b,
		(T *)args->c, args->n);
	return KERNEL_LAUNCH_END("mm_simple<<<ceil(n/b)^2, b x b>>>");
}

/* args->fp64: the same kernel in double. */
extern "C" int kernel_simple_launch(const struct kernel_args *args)
{
	return args->fp64 ? mm_simple_run<double>(args) :
			    mm_simple_run<float>(args);
}
