/* v9: warp tiling. The 256 threads of a block form 8 warps, 2 along the
 * rows of the 128 x 128 tile and 4 along its columns; each warp owns a
 * 64 x 32 piece of C and each lane an 8 x 8 patch of it, as 2 x 2 blocks
 * of 4 x 4 spread 32 rows and 16 columns apart, so that a warp's shared
 * memory reads are 8 distinct float4s of A and 4 of B, each broadcast to
 * several lanes. Steps of 16 in k (v8: 8) halve the barriers per FLOP;
 * each thread loads two float4s of A, stored transposed with rows padded
 * to 132 floats against bank conflicts on the transposing stores, and two
 * of B. n must be a multiple of 4 (float4s); beyond the edge tiles load
 * zeros and nothing is stored. The block argument is the tile edge,
 * 128. */
#include "check.h"
#include "launch.h"
#include "square.h"

#define V9_BM 128
#define V9_BK 16
#define V9_PAD 4
#define V9_THREADS 256
#define V9_WM 64		/* warp tile rows */
#define V9_WN 32		/* warp tile columns */

__global__ void __launch_bounds__(V9_THREADS)
mm_v9(const float *__restrict__ a, const float *__restrict__ b,
      float *__restrict__ c, int n)
{
	__shared__ __align__(16) float as[V9_BK][V9_BM + V9_PAD];
	__shared__ __align__(16) float bs[V9_BK][V9_BM];
	int t = threadIdx.x, warp = t / 32, lane = t % 32;
	int wr = (warp / 4) * V9_WM, wc = (warp % 4) * V9_WN;
	int lr = (lane / 4) * 4, lc = (lane % 4) * 4;
	int row0 = blockIdx.y * V9_BM, col0 = blockIdx.x * V9_BM;
	float acc[8][8] = { { 0 } }, ra[8], rb[8];

	for (int k0 = 0; k0 < n; k0 += V9_BK) {
#pragma unroll
		for (int h = 0; h < 2; h++) {
			int l = t + h * V9_THREADS;
			int ar = l / 4, ak = (l % 4) * 4;
			int bk = l / 32, bcol = (l % 32) * 4;
			float4 va = make_float4(0, 0, 0, 0), vb = va;

			if (row0 + ar < n && k0 + ak < n)
				va = *(const float4 *)&a[(row0 + ar) * n +
							 k0 + ak];
			if (k0 + bk < n && col0 + bcol < n)
				vb = *(const float4 *)&b[(k0 + bk) * n +
							 col0 + bcol];
			as[ak][ar] = va.x;
			as[ak + 1][ar] = va.y;
			as[ak + 2][ar] = va.z;
			as[ak + 3][ar] = va.w;
			*(float4 *)&bs[bk][bcol] = vb;
		}
		__syncthreads();
#pragma unroll
		for (int k = 0; k < V9_BK; k++) {
#pragma unroll
			for (int s = 0; s < 2; s++) {
				*(float4 *)&ra[4 * s] = *(const float4 *)
					&as[k][wr + s * 32 + lr];
				*(float4 *)&rb[4 * s] = *(const float4 *)
					&bs[k][wc + s * 16 + lc];
			}
#pragma unroll
			for (int i = 0; i < 8; i++)
#pragma unroll
				for (int j = 0; j < 8; j++)
					acc[i][j] += ra[i] * rb[j];
		}
		__syncthreads();
	}
#pragma unroll
	for (int i = 0; i < 8; i++) {
		int row = row0 + wr + (i / 4) * 32 + lr + i % 4;

		if (row >= n)
			continue;
#pragma unroll
		for (int s = 0; s < 2; s++) {
			int col = col0 + wc + s * 16 + lc;

			if (col < n)
				*(float4 *)&c[row * n + col] = make_float4(
					acc[i][4 * s], acc[i][4 * s + 1],
					acc[i][4 * s + 2], acc[i][4 * s + 3]);
		}
	}
}

extern "C" const void *kernel_v9_func(int block, int ilp)
{
	(void)ilp;
	return block == V9_BM ? (const void *)mm_v9 : NULL;
}

extern "C" int kernel_v9_launch(const struct kernel_args *args)
{
	return square_tile_launch(args->block == V9_BM ? mm_v9 : NULL,
				  V9_THREADS, 1, args,
				  "mm_v9<<<ceil(n/128)^2, 256>>>");
}
