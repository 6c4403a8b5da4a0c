/* rect (textbook R): C (m x n) = A (m x k) * B (k x n) for any sizes with
 * b x b shared-memory tiles. The textbook pads every dimension up to a
 * multiple of the block before the launch; here the padding is virtual:
 * the grid covers ceil(n/b) x ceil(m/b) tiles of C, tile loads beyond an
 * edge of A or B are filled with zeros (which add nothing to the sums),
 * and only elements inside C are stored. */
#include "check.h"
#include "launch.h"

template <int B>
__global__ void __launch_bounds__(B * B)
mm_rect(const float *__restrict__ a, const float *__restrict__ b,
	float *__restrict__ c, int m, int k, int n)
{
	__shared__ float as[B][B];
	__shared__ float bs[B][B];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * B + ty;	/* of A and C, < m inside */
	int col = blockIdx.x * B + tx;	/* of B and C, < n inside */
	int tiles = (k + B - 1) / B;
	float sum = 0.0f;

	for (int t = 0; t < tiles; t++) {
		int ka = t * B + tx;	/* column of A this thread loads */
		int kb = t * B + ty;	/* row of B this thread loads */

		as[ty][tx] = row < m && ka < k ? a[row * k + ka] : 0.0f;
		bs[ty][tx] = kb < k && col < n ? b[kb * n + col] : 0.0f;
		__syncthreads();
#pragma unroll
		for (int i = 0; i < B; i++)
			sum += as[ty][i] * bs[i][tx];
		__syncthreads();
	}
	if (row < m && col < n)
		c[row * n + col] = sum;
}

typedef void (*mm_rect_fn)(const float *, const float *, float *, int, int,
			   int);

static mm_rect_fn mm_rect_pick(int block)
{
	switch (block) {
	case 8:
		return mm_rect<8>;
	case 16:
		return mm_rect<16>;
	case 32:
		return mm_rect<32>;
	}
	return NULL;
}

extern "C" const void *kernel_rect_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_rect_pick(block);
}

extern "C" int kernel_rect_launch(const struct kernel_args *args)
{
	mm_rect_fn kernel = mm_rect_pick(args->block);
	int b = args->block;

	if (!kernel)
		return cudaErrorInvalidValue;
	dim3 grid((args->n + b - 1) / b, (args->m + b - 1) / b);
	dim3 threads(b, b);
	KERNEL_LAUNCH_BEGIN();
	kernel<<<grid, threads, 0, (cudaStream_t)args->stream>>>(
		(const float *)args->a, (const float *)args->b,
		(float *)args->c, args->m, args->k, args->n);
	return KERNEL_LAUNCH_END("mm_rect<b><<<ceil(n/b) x ceil(m/b), b x b>>>");
}
