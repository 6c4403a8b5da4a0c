/* simple (report G): one thread per element of C on a 2-D grid of b x b
 * blocks. The thread's linear index row * n + col gives its column (index
 * mod n) and its row offset (index - column, the start of its row of A);
 * it sums a[row_offset + i] * b[column + i * n] over i. Threads outside
 * the matrix (n not a multiple of b) do nothing. */
#include "check.h"
#include "launch.h"

__global__ void __launch_bounds__(1024)
mm_simple(const float *__restrict__ a, const float *__restrict__ b,
	  float *__restrict__ c, int n)
{
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	int index, column, row_offset;
	float sum = 0.0f;

	if (row >= n || col >= n)
		return;
	index = row * n + col;
	column = index % n;
	row_offset = index - column;
	for (int i = 0; i < n; i++)
		sum += a[row_offset + i] * b[column + i * n];
	c[index] = sum;
}

typedef void (*mm_simple_fn)(const float *, const float *, float *, int);

static mm_simple_fn mm_simple_pick(int block)
{
	return block >= 1 && block <= 32 ? mm_simple : NULL;
}

extern "C" const void *kernel_simple_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_simple_pick(block);
}

extern "C" int kernel_simple_launch(const struct kernel_args *args)
{
	mm_simple_fn kernel = mm_simple_pick(args->block);
	int b = args->block, tiles;

	if (!kernel)
		return cudaErrorInvalidValue;
	tiles = (args->n + b - 1) / b;
	dim3 grid(tiles, tiles), threads(b, b);
	KERNEL_LAUNCH_BEGIN();
	kernel<<<grid, threads, 0, (cudaStream_t)args->stream>>>(
		(const float *)args->a, (const float *)args->b,
		(float *)args->c, args->n);
	return KERNEL_LAUNCH_END("mm_simple<<<ceil(n/b)^2, b x b>>>");
}
