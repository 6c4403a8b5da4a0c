/* v11: v10 with its register fragments double-buffered as well. In v10
 * each step of k reads a thread's 8 values of A and 8 of B from shared
 * memory and multiplies them at once, so the 64 multiply-adds wait for
 * the loads. Here the fragments of step k + 1 are read while those of
 * step k are multiplied (two sets of 8 + 8 registers, alternating): the
 * shared-memory latency hides behind arithmetic, as v10 hid the global
 * one. The compiler also needs fewer registers for it (128 against 147),
 * so two blocks fit an SM. Everything else as in v10; n must be a
 * multiple of 4. The block argument is the tile edge, 128. */
#include "check.h"
#include "launch.h"
#include "square.h"

#define V11_BM 128
#define V11_BK 16
#define V11_PAD 4
#define V11_THREADS 256
#define V11_WM 64
#define V11_WN 32

/* 16 bytes from global to shared memory, asynchronously; bytes 0 fills
 * zeros (src must still be a valid address). */
static __device__ __forceinline__ void v11_copy16(float *dst,
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

static __device__ __forceinline__ void v11_copies_wait(void)
{
#if __CUDA_ARCH__ >= 800
	asm volatile("cp.async.commit_group;\n"
		     "cp.async.wait_group 0;\n" ::: "memory");
#endif
}

__global__ void __launch_bounds__(V11_THREADS)
mm_v11(const float *__restrict__ a, const float *__restrict__ b,
       float *__restrict__ c, int n)
{
	__shared__ __align__(16) float as[2][V11_BK][V11_BM + V11_PAD];
	__shared__ __align__(16) float bs[2][V11_BK][V11_BM];
	int t = threadIdx.x, warp = t / 32, lane = t % 32;
	int wr = (warp / 4) * V11_WM, wc = (warp % 4) * V11_WN;
	int lr = (lane / 4) * 4, lc = (lane % 4) * 4;
	int row0 = blockIdx.y * V11_BM, col0 = blockIdx.x * V11_BM;
	float acc[8][8] = { { 0 } };
	float4 va[2];
	int st = 0;
	/* B's float4s of the tile at k0 into stage s, asynchronously */
	auto load_b = [&](int k0, int s) {
#pragma unroll
		for (int h = 0; h < 2; h++) {
			int l = t + h * V11_THREADS;
			int bk = l / 32, bcol = (l % 32) * 4;
			int ok = k0 + bk < n && col0 + bcol < n;

			v11_copy16(&bs[s][bk][bcol], ok ? &b[(k0 + bk) * n +
				   col0 + bcol] : b, ok ? 16 : 0);
		}
	};
	/* A's float4s of the tile at k0 into va[] */
	auto load_a = [&](int k0) {
#pragma unroll
		for (int h = 0; h < 2; h++) {
			int l = t + h * V11_THREADS;
			int ar = l / 4, ak = (l % 4) * 4;

			va[h] = row0 + ar < n && k0 + ak < n ?
				*(const float4 *)&a[(row0 + ar) * n + k0 + ak] :
				make_float4(0, 0, 0, 0);
		}
	};
	/* va[] transposed into stage s */
	auto store_a = [&](int s) {
#pragma unroll
		for (int h = 0; h < 2; h++) {
			int l = t + h * V11_THREADS;
			int ar = l / 4, ak = (l % 4) * 4;

			as[s][ak][ar] = va[h].x;
			as[s][ak + 1][ar] = va[h].y;
			as[s][ak + 2][ar] = va[h].z;
			as[s][ak + 3][ar] = va[h].w;
		}
	};

	load_b(0, 0);
	load_a(0);
	store_a(0);
	v11_copies_wait();
	__syncthreads();
	for (int k0 = 0; k0 < n; k0 += V11_BK) {
		int next = k0 + V11_BK < n;
		float fa[2][8], fb[2][8];

		if (next) {
			load_b(k0 + V11_BK, st ^ 1);
			load_a(k0 + V11_BK);
		}
		/* step 0's fragments; then each step reads the next one's
		 * before multiplying its own */
#pragma unroll
		for (int s = 0; s < 2; s++) {
			*(float4 *)&fa[0][4 * s] =
				*(const float4 *)&as[st][0][wr + s * 32 + lr];
			*(float4 *)&fb[0][4 * s] =
				*(const float4 *)&bs[st][0][wc + s * 16 + lc];
		}
#pragma unroll
		for (int k = 0; k < V11_BK; k++) {
			if (k + 1 < V11_BK) {
#pragma unroll
				for (int s = 0; s < 2; s++) {
					*(float4 *)&fa[(k + 1) & 1][4 * s] =
						*(const float4 *)&as[st][k + 1]
						[wr + s * 32 + lr];
					*(float4 *)&fb[(k + 1) & 1][4 * s] =
						*(const float4 *)&bs[st][k + 1]
						[wc + s * 16 + lc];
				}
			}
#pragma unroll
			for (int i = 0; i < 8; i++)
#pragma unroll
				for (int j = 0; j < 8; j++)
					acc[i][j] += fa[k & 1][i] * fb[k & 1][j];
		}
		if (next) {
			store_a(st ^ 1);
			v11_copies_wait();
		}
		__syncthreads();
		st ^= 1;
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

extern "C" const void *kernel_v11_func(int block, int ilp)
{
	(void)ilp;
	return block == V11_BM ? (const void *)mm_v11 : NULL;
}

extern "C" int kernel_v11_launch(const struct kernel_args *args)
{
	return square_tile_launch(args->block == V11_BM ? mm_v11 : NULL,
				  V11_THREADS, 1, args,
				  "mm_v11<<<ceil(n/128)^2, 256>>>");
}
