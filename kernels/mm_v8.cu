/* v8: v7's 128 x 128 tile with 128-bit memory operations. Global loads
 * and stores move float4s: a thread loads one float4 of the A tile and
 * one of the B tile per step of 8 in k (v7: 4 scalars each). The A tile
 * is stored transposed in shared memory (as[k][row]), so that a thread's
 * A values, like its B values, are consecutive and read as float4s too.
 * Each thread's 8 x 8 patch of C is split into rows {4 tr .. 4 tr + 3}
 * and the same 64 rows further, columns likewise, so that the 16 threads
 * of a half-warp read 16 consecutive float4s of B: no bank conflicts
 * (v7's B reads conflicted 4 ways). A float4 must not straddle the
 * matrix edge: n must be a multiple of 4 (check() refuses others);
 * beyond the edge tiles load zeros and nothing is stored. The block
 * argument is the tile edge, 128. */
#include "check.h"
#include "launch.h"
#include "square.h"

#define V8_BM 128
#define V8_BK 8
#define V8_THREADS 256
#define V8_HALF (V8_BM / 2)

__global__ void __launch_bounds__(V8_THREADS)
mm_v8(const float *__restrict__ a, const float *__restrict__ b,
      float *__restrict__ c, int n)
{
	__shared__ __align__(16) float as[V8_BK][V8_BM];
	__shared__ __align__(16) float bs[V8_BK][V8_BM];
	int t = threadIdx.x, tr = t / 16, tc = t % 16;
	int ar = t / 2, ak = (t % 2) * 4;	/* A float4: row, k */
	int bk = t / 32, bcol = (t % 32) * 4;	/* B float4: k, column */
	int row0 = blockIdx.y * V8_BM, col0 = blockIdx.x * V8_BM;
	float acc[8][8] = { { 0 } }, ra[8], rb[8];

	for (int k0 = 0; k0 < n; k0 += V8_BK) {
		float4 va = make_float4(0, 0, 0, 0), vb = va;

		if (row0 + ar < n && k0 + ak < n)
			va = *(const float4 *)&a[(row0 + ar) * n + k0 + ak];
		if (k0 + bk < n && col0 + bcol < n)
			vb = *(const float4 *)&b[(k0 + bk) * n + col0 + bcol];
		as[ak][ar] = va.x;
		as[ak + 1][ar] = va.y;
		as[ak + 2][ar] = va.z;
		as[ak + 3][ar] = va.w;
		*(float4 *)&bs[bk][bcol] = vb;
		__syncthreads();
#pragma unroll
		for (int k = 0; k < V8_BK; k++) {
			*(float4 *)&ra[0] = *(const float4 *)&as[k][tr * 4];
			*(float4 *)&ra[4] =
				*(const float4 *)&as[k][V8_HALF + tr * 4];
			*(float4 *)&rb[0] = *(const float4 *)&bs[k][tc * 4];
			*(float4 *)&rb[4] =
				*(const float4 *)&bs[k][V8_HALF + tc * 4];
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
		int row = row0 + (i < 4 ? 0 : V8_HALF) + tr * 4 + i % 4;

		if (row >= n)
			continue;
#pragma unroll
		for (int h = 0; h < 2; h++) {
			int col = col0 + h * V8_HALF + tc * 4;

			if (col < n)
				*(float4 *)&c[row * n + col] = make_float4(
					acc[i][4 * h], acc[i][4 * h + 1],
					acc[i][4 * h + 2], acc[i][4 * h + 3]);
		}
	}
}

extern "C" const void *kernel_v8_func(int block, int ilp)
{
	(void)ilp;
	return block == V8_BM ? (const void *)mm_v8 : NULL;
}

extern "C" int kernel_v8_launch(const struct kernel_args *args)
{
	return square_tile_launch(args->block == V8_BM ? mm_v8 : NULL,
				  V8_THREADS, 1, args,
				  "mm_v8<<<ceil(n/128)^2, 256>>>");
}
