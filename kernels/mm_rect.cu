/* rect (textbook R): C (m x n) = A (m x k) * B (k x n) for any sizes with
 * b x b shared-memory tiles. The textbook pads every dimension up to a
 * multiple of the block before the launch; here the padding is virtual:
 * the grid covers ceil(n/b) x ceil(m/b) tiles of C, tile loads beyond an
 * edge of A or B are filled with zeros (which add nothing to the sums),
 * and only elements inside C are stored. */
#include "check.h"
#include "launch.h"

template <int B, typename T>
__global__ void __launch_bounds__(B * B)
mm_rect(const T *__restrict__ a, const T *__restrict__ b,
	T *__restrict__ c, int m, int k, int n)
{
	__shared__ T as[B][B];
	__shared__ T bs[B][B];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * B + ty;	/* of A and C, < m inside */
	int col = blockIdx.x * B + tx;	/* of B and C, < n inside */
	int tiles = (k + B - 1) / B;
	T sum = 0;

	for (int t = 0; t < tiles; t++) {
		int ka = t * B + tx;	/* column of A this thread loads */
		int kb = t * B + ty;	/* row of B this thread loads */

		as[ty][tx] = row < m && ka < k ? a[row * k + ka] : T(0);
		bs[ty][tx] = kb < k && col < n ? b[kb * n + col] : T(0);
		__syncthreads();
#pragma unroll
		for (int i = 0; i < B; i++)
			sum += as[ty][i] * bs[i][tx];
		__syncthreads();
	}
	if (row < m && col < n)
		c[row * n + col] = sum;
}

template <typename T>
using mm_rect_fn = void (*)(const T *, const T *, T *, int, int,
			   int);

template <typename T>
static mm_rect_fn<T> mm_rect_pick(int block)
{
	switch (block) {
	case 8:
		return mm_rect<8, T>;
	case 16:
		return mm_rect<16, T>;
	case 32:
		return mm_rect<32, T>;
	}
	return NULL;
}

extern "C" const void *kernel_rect_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_rect_pick<float>(block);
}

extern "C" const void *kernel_rect_func64(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_rect_pick<double>(block);
}

template <typename T>
static int mm_rect_run(const struct kernel_args *args)
{
	mm_rect_fn<T> kernel = mm_rect_pick<T>(args->block);
	int b = args->block;

	if (!kernel)
		return cudaErrorInvalidValue;
	dim3 grid((args->n + b - 1) / b, (args->m + b - 1) / b);
	dim3 threads(b, b);
	KERNEL_LAUNCH_BEGIN();
	kernel<<<grid, threads, 0, (cudaStream_t)args->stream>>>(
		(const T *)args->a, (const T *)args->b,
		(T *)args->c, args->m, args->k, args->n);
	return KERNEL_LAUNCH_END("mm_rect<b><<<ceil(n/b) x ceil(m/b), b x b>>>");
}

/* args->fp64: the same kernel in double. */
extern "C" int kernel_rect_launch(const struct kernel_args *args)
{
	return args->fp64 ? mm_rect_run<double>(args) :
			    mm_rect_run<float>(args);
}
