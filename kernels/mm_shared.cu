/* shared (report G): 32 x 32 shared-memory tiles. Each block of 32 x 32
 * threads loads a tile of A and a tile of B collectively, waits, and each
 * thread accumulates its element of C from the two tiles. Report G's
 * original had no barrier after that compute step, so a fast warp could
 * overwrite a tile another warp was still reading; this one waits there
 * too. Elements beyond the matrix edge load as zero and are not stored. */
#include "check.h"
#include "launch.h"

#define TILE 32

__global__ void __launch_bounds__(TILE * TILE)
mm_shared(const float *__restrict__ a, const float *__restrict__ b,
	  float *__restrict__ c, int n)
{
	__shared__ float ta[TILE][TILE];
	__shared__ float tb[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty;
	int col = blockIdx.x * TILE + tx;
	float sum = 0.0f;

	for (int k0 = 0; k0 < n; k0 += TILE) {
		ta[ty][tx] = row < n && k0 + tx < n ?
			a[row * n + k0 + tx] : 0.0f;
		tb[ty][tx] = k0 + ty < n && col < n ?
			b[(k0 + ty) * n + col] : 0.0f;
		__syncthreads();
		for (int i = 0; i < TILE; i++)
			sum += ta[ty][i] * tb[i][tx];
		__syncthreads();
	}
	if (row < n && col < n)
		c[row * n + col] = sum;
}

typedef void (*mm_shared_fn)(const float *, const float *, float *, int);

static mm_shared_fn mm_shared_pick(int block)
{
	return block == TILE ? mm_shared : NULL;
}

extern "C" const void *kernel_shared_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_shared_pick(block);
}

extern "C" int kernel_shared_launch(const struct kernel_args *args)
{
	mm_shared_fn kernel = mm_shared_pick(args->block);
	int tiles = (args->n + TILE - 1) / TILE;
	dim3 grid(tiles, tiles), threads(TILE, TILE);

	if (!kernel)
		return cudaErrorInvalidValue;
	KERNEL_LAUNCH_BEGIN();
	kernel<<<grid, threads, 0, (cudaStream_t)args->stream>>>(
		(const float *)args->a, (const float *)args->b,
		(float *)args->c, args->n);
	return KERNEL_LAUNCH_END("mm_shared<<<ceil(n/32)^2, 32 x 32>>>");
}
