/* v6: register tiling in one dimension. A block of 512 threads computes a
 * 64 x 64 tile of C. Each thread keeps 8 accumulators, a column of 8
 * consecutive rows of the tile, so every element of B it reads from
 * shared memory feeds 8 multiply-adds (v3: one), and the A values it
 * reads are the same for the whole warp (a broadcast). The tiles walk k
 * 8 columns of A and 8 rows of B at a time, one element per thread each;
 * elements beyond the matrix edge load as zero and are not stored, so any
 * n works. The block argument is the tile edge, 64. */
#include "check.h"
#include "launch.h"
#include "square.h"

#define V6_BM 64		/* tile rows */
#define V6_BN 64		/* tile columns */
#define V6_BK 8			/* k per step */
#define V6_TM 8			/* rows per thread */
#define V6_THREADS (V6_BM * V6_BN / V6_TM)

__global__ void __launch_bounds__(V6_THREADS)
mm_v6(const float *__restrict__ a, const float *__restrict__ b,
      float *__restrict__ c, int n)
{
	__shared__ float as[V6_BM][V6_BK];
	__shared__ float bs[V6_BK][V6_BN];
	int t = threadIdx.x;
	int tc = t % V6_BN, tr = t / V6_BN;	/* column, group of rows */
	int ar = t / V6_BK, ac = t % V6_BK;	/* the A element loaded */
	int br = t / V6_BN, bc = t % V6_BN;	/* the B element loaded */
	int row0 = blockIdx.y * V6_BM, col0 = blockIdx.x * V6_BN;
	float acc[V6_TM] = { 0 };

	for (int k0 = 0; k0 < n; k0 += V6_BK) {
		int ga = row0 + ar, gk = k0 + ac, gb = k0 + br;

		as[ar][ac] = ga < n && gk < n ? a[ga * n + gk] : 0.0f;
		bs[br][bc] = gb < n && col0 + bc < n ?
			     b[gb * n + col0 + bc] : 0.0f;
		__syncthreads();
#pragma unroll
		for (int k = 0; k < V6_BK; k++) {
			float bv = bs[k][tc];

#pragma unroll
			for (int i = 0; i < V6_TM; i++)
				acc[i] += as[tr * V6_TM + i][k] * bv;
		}
		__syncthreads();
	}
	for (int i = 0; i < V6_TM; i++) {
		int row = row0 + tr * V6_TM + i, col = col0 + tc;

		if (row < n && col < n)
			c[row * n + col] = acc[i];
	}
}

extern "C" const void *kernel_v6_func(int block, int ilp)
{
	(void)ilp;
	return block == V6_BM ? (const void *)mm_v6 : NULL;
}

extern "C" int kernel_v6_launch(const struct kernel_args *args)
{
	return square_tile_launch(args->block == V6_BM ? mm_v6 : NULL,
				  V6_THREADS, 0, args,
				  "mm_v6<<<ceil(n/64)^2, 512>>>");
}
