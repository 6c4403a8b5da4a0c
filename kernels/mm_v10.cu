/* v10: v9 double-buffered. Shared memory holds two stages of the A and
 * B tiles: while the warps multiply out one stage, the next tiles are
 * already on their way into the other, so the loads' latency hides
 * behind arithmetic and one barrier per step suffices (v9: two). B's
 * tile keeps its layout and is copied asynchronously, global to shared
 * memory without passing through registers (cp.async, 16 bytes at a
 * time, zero-filled beyond the edge; sm_80 and later, a plain copy on
 * older GPUs). A's tile is stored transposed, which cp.async cannot do:
 * its float4s are loaded into registers before the arithmetic and
 * stored after it. Tiles, warps and lanes as in v9; n must be a multiple
 * of 4. The block argument is the tile edge, 128. */
#include "check.h"
#include "launch.h"
#include "square.h"

#define V10_BM 128
#define V10_BK 16
#define V10_PAD 4
#define V10_THREADS 256
#define V10_WM 64
#define V10_WN 32

/* 16 bytes from global to shared memory, asynchronously; bytes 0 fills
 * zeros (src must still be a valid address). */
static __device__ __forceinline__ void v10_copy16(float *dst,
						  const float *src, int bytes)
{
#if __CUDA_ARCH__ >= 800
	unsigned s = (unsigned)__cvta_generic_to_shared(dst);

	asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n"
		     :: "r"(s), "l"(src), "r"(bytes));
#else
	*(float4 *)dst = bytes ? *(const float4 *)src :
				 make_float4(0, 0, 0, 0);
#endif
}

static __device__ __forceinline__ void v10_copies_wait(void)
{
#if __CUDA_ARCH__ >= 800
	asm volatile("cp.async.commit_group;\n"
		     "cp.async.wait_group 0;\n" ::: "memory");
#endif
}

__global__ void __launch_bounds__(V10_THREADS)
mm_v10(const float *__restrict__ a, const float *__restrict__ b,
       float *__restrict__ c, int n)
{
	__shared__ __align__(16) float as[2][V10_BK][V10_BM + V10_PAD];
	__shared__ __align__(16) float bs[2][V10_BK][V10_BM];
	int t = threadIdx.x, warp = t / 32, lane = t % 32;
	int wr = (warp / 4) * V10_WM, wc = (warp % 4) * V10_WN;
	int lr = (lane / 4) * 4, lc = (lane % 4) * 4;
	int row0 = blockIdx.y * V10_BM, col0 = blockIdx.x * V10_BM;
	float acc[8][8] = { { 0 } }, ra[8], rb[8];
	float4 va[2];
	int st = 0;

	/* B's float4s of the tile at k0 into stage s, asynchronously */
#define V10_LOAD_B(k0, s)						\
	for (int h = 0; h < 2; h++) {					\
		int l = t + h * V10_THREADS;				\
		int bk = l / 32, bcol = (l % 32) * 4;			\
		int in = (k0) + bk < n && col0 + bcol < n;		\
									\
		v10_copy16(&bs[s][bk][bcol], in ? &b[((k0) + bk) * n +	\
			   col0 + bcol] : b, in ? 16 : 0);		\
	}
	/* A's float4s of the tile at k0 into va[] */
#define V10_LOAD_A(k0)							\
	for (int h = 0; h < 2; h++) {					\
		int l = t + h * V10_THREADS;				\
		int ar = l / 4, ak = (l % 4) * 4;			\
									\
		va[h] = row0 + ar < n && (k0) + ak < n ?		\
			*(const float4 *)&a[(row0 + ar) * n + (k0) + ak] : \
			make_float4(0, 0, 0, 0);			\
	}
	/* va[] transposed into stage s */
#define V10_STORE_A(s)							\
	for (int h = 0; h < 2; h++) {					\
		int l = t + h * V10_THREADS;				\
		int ar = l / 4, ak = (l % 4) * 4;			\
									\
		as[s][ak][ar] = va[h].x;				\
		as[s][ak + 1][ar] = va[h].y;				\
		as[s][ak + 2][ar] = va[h].z;				\
		as[s][ak + 3][ar] = va[h].w;				\
	}

	V10_LOAD_B(0, 0)
	V10_LOAD_A(0)
	V10_STORE_A(0)
	v10_copies_wait();
	__syncthreads();
	for (int k0 = 0; k0 < n; k0 += V10_BK) {
		int next = k0 + V10_BK < n;

		if (next) {
			V10_LOAD_B(k0 + V10_BK, st ^ 1)
			V10_LOAD_A(k0 + V10_BK)
		}
#pragma unroll
		for (int k = 0; k < V10_BK; k++) {
#pragma unroll
			for (int s = 0; s < 2; s++) {
				*(float4 *)&ra[4 * s] = *(const float4 *)
					&as[st][k][wr + s * 32 + lr];
				*(float4 *)&rb[4 * s] = *(const float4 *)
					&bs[st][k][wc + s * 16 + lc];
			}
#pragma unroll
			for (int i = 0; i < 8; i++)
#pragma unroll
				for (int j = 0; j < 8; j++)
					acc[i][j] += ra[i] * rb[j];
		}
		if (next) {
			V10_STORE_A(st ^ 1)
			v10_copies_wait();
		}
		__syncthreads();
		st ^= 1;
	}
#undef V10_LOAD_B
#undef V10_LOAD_A
#undef V10_STORE_A
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

extern "C" const void *kernel_v10_func(int block, int ilp)
{
	(void)ilp;
	return block == V10_BM ? (const void *)mm_v10 : NULL;
}

extern "C" int kernel_v10_launch(const struct kernel_args *args)
{
	return square_tile_launch(args->block == V10_BM ? mm_v10 : NULL,
				  V10_THREADS, 1, args,
				  "mm_v10<<<ceil(n/128)^2, 256>>>");
}
