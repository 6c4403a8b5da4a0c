/* v4 (report P): v3 with prefetching. Before computing on the tiles in
 * shared memory, each thread already loads its elements of the NEXT tiles
 * into registers, so that the global-memory latency overlaps the
 * arithmetic; at the top of the next step the registers are stored to
 * shared memory. The last step loads nothing (report P's original read
 * past the end of the matrices there). Elements beyond the matrix edge
 * load as zero and are not stored, so any n works. */
#include "check.h"
#include "launch.h"

template <int B>
__global__ void __launch_bounds__(B * B)
mm_v4(const float *__restrict__ a, const float *__restrict__ b,
      float *__restrict__ c, int n)
{
	__shared__ float as[B][B];
	__shared__ float bs[B][B];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * B + ty;
	int col = blockIdx.x * B + tx;
	int tiles = (n + B - 1) / B;
	float sum = 0.0f;
	/* The first tiles: column tx of A's band, row ty of B's band. */
	float pa = row < n && tx < n ? a[row * n + tx] : 0.0f;
	float pb = ty < n && col < n ? b[ty * n + col] : 0.0f;

	for (int t = 0; t < tiles; t++) {
		as[ty][tx] = pa;
		bs[ty][tx] = pb;
		__syncthreads();
		if (t + 1 < tiles) {
			int ka = (t + 1) * B + tx;
			int kb = (t + 1) * B + ty;

			pa = row < n && ka < n ? a[row * n + ka] : 0.0f;
			pb = kb < n && col < n ? b[kb * n + col] : 0.0f;
		}
#pragma unroll
		for (int k = 0; k < B; k++)
			sum += as[ty][k] * bs[k][tx];
		__syncthreads();
	}
	if (row < n && col < n)
		c[row * n + col] = sum;
}

typedef void (*mm_v4_fn)(const float *, const float *, float *, int);

static mm_v4_fn mm_v4_pick(int block)
{
	switch (block) {
	case 8:
		return mm_v4<8>;
	case 16:
		return mm_v4<16>;
	case 22:
		return mm_v4<22>;
	case 32:
		return mm_v4<32>;
	}
	return NULL;
}

extern "C" const void *kernel_v4_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_v4_pick(block);
}

extern "C" int kernel_v4_launch(const struct kernel_args *args)
{
	mm_v4_fn kernel = mm_v4_pick(args->block);
	int b = args->block, tiles;

	if (!kernel)
		return cudaErrorInvalidValue;
	tiles = (args->n + b - 1) / b;
	dim3 grid(tiles, tiles), threads(b, b);
	KERNEL_LAUNCH_BEGIN();
	kernel<<<grid, threads, 0, (cudaStream_t)args->stream>>>(
		(const float *)args->a, (const float *)args->b,
		(float *)args->c, args->n);
	return KERNEL_LAUNCH_END("mm_v4<b><<<ceil(n/b)^2, b x b>>>");
}
