/* v7: register tiling in two dimensions. Each thread computes a TM x TN
 * patch of C (8 x 8 in a 128 x 128 tile, 4 x 4 in a 64 x 64 tile, 256
 * threads either way): per step of k it reads TM values of A and TN of B
 * from shared memory into registers and does TM * TN multiply-adds with
 * them, TM TN / (TM + TN) per shared-memory read (v6: 8 / 9, here 4 or
 * 2). The tiles walk k 8 at a time; each thread loads BM * 8 / 256
 * elements of A and as many of B, zero beyond the edge, so any n works.
 * The block argument is the tile edge, 64 or 128. */
#include "check.h"
#include "launch.h"
#include "square.h"

#define V7_BK 8
#define V7_THREADS 256

template <int BM, int TM>
__global__ void __launch_bounds__(V7_THREADS)
mm_v7(const float *__restrict__ a, const float *__restrict__ b,
      float *__restrict__ c, int n)
{
	const int BN = BM, TN = TM, COLS = BN / TN;
	__shared__ float as[BM][V7_BK];
	__shared__ float bs[V7_BK][BN];
	int t = threadIdx.x, tr = t / COLS, tc = t % COLS;
	int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
	float acc[TM][TN] = { { 0 } }, ra[TM], rb[TN];

	for (int k0 = 0; k0 < n; k0 += V7_BK) {
#pragma unroll
		for (int l = t; l < BM * V7_BK; l += V7_THREADS) {
			int r = l / V7_BK, k = l % V7_BK;

			as[r][k] = row0 + r < n && k0 + k < n ?
				   a[(row0 + r) * n + k0 + k] : 0.0f;
		}
#pragma unroll
		for (int l = t; l < V7_BK * BN; l += V7_THREADS) {
			int k = l / BN, col = l % BN;

			bs[k][col] = k0 + k < n && col0 + col < n ?
				     b[(k0 + k) * n + col0 + col] : 0.0f;
		}
		__syncthreads();
#pragma unroll
		for (int k = 0; k < V7_BK; k++) {
#pragma unroll
			for (int i = 0; i < TM; i++)
				ra[i] = as[tr * TM + i][k];
#pragma unroll
			for (int j = 0; j < TN; j++)
				rb[j] = bs[k][tc * TN + j];
#pragma unroll
			for (int i = 0; i < TM; i++)
#pragma unroll
				for (int j = 0; j < TN; j++)
					acc[i][j] += ra[i] * rb[j];
		}
		__syncthreads();
	}
	for (int i = 0; i < TM; i++)
		for (int j = 0; j < TN; j++) {
			int row = row0 + tr * TM + i, col = col0 + tc * TN + j;

			if (row < n && col < n)
				c[row * n + col] = acc[i][j];
		}
}

static square_fn<float> mm_v7_pick(int block)
{
	switch (block) {
	case 64:
		return mm_v7<64, 4>;
	case 128:
		return mm_v7<128, 8>;
	}
	return NULL;
}

extern "C" const void *kernel_v7_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_v7_pick(block);
}

extern "C" int kernel_v7_launch(const struct kernel_args *args)
{
	return square_tile_launch(mm_v7_pick(args->block), V7_THREADS, 0,
				  args, "mm_v7<b><<<ceil(n/b)^2, 256>>>");
}
