/* v5 (report P): v4 with more work per thread. A b x b block computes a
 * 2b x 2b tile of C and walks A's row band and B's column band in 2b x 2b
 * tiles. Thread (tx, ty) loads the 2 x 2 elements (ty, tx), (ty, tx + b),
 * (ty + b, tx), (ty + b, tx + b) of each input tile, prefetched into
 * registers one step ahead as in v4, and keeps four accumulators: rows ty
 * and ty + b, columns tx and tx + b of the output tile. The last step
 * loads nothing; elements beyond the matrix edge load as zero and are not
 * stored, so any n works. */
#include "check.h"
#include "launch.h"
#include "square.h"

template <typename T>
static __device__ __forceinline__ T
mm_v5_load(const T *__restrict__ m, int row, int col, int n)
{
	return row < n && col < n ? m[row * n + col] : T(0);
}

template <int B, typename T>
__global__ void __launch_bounds__(B * B)
mm_v5(const T *__restrict__ a, const T *__restrict__ b,
      T *__restrict__ c, int n)
{
	__shared__ T as[2 * B][2 * B];
	__shared__ T bs[2 * B][2 * B];
	int tx = threadIdx.x, ty = threadIdx.y;
	int r0 = blockIdx.y * 2 * B + ty, r1 = r0 + B;
	int c0 = blockIdx.x * 2 * B + tx, c1 = c0 + B;
	int tiles = (n + 2 * B - 1) / (2 * B);
	T s00 = 0, s01 = 0, s10 = 0, s11 = 0;
	/* The first tiles: A's columns tx, tx + b and B's rows ty, ty + b. */
	T a00 = mm_v5_load(a, r0, tx, n), a01 = mm_v5_load(a, r0, tx + B, n);
	T a10 = mm_v5_load(a, r1, tx, n), a11 = mm_v5_load(a, r1, tx + B, n);
	T b00 = mm_v5_load(b, ty, c0, n), b01 = mm_v5_load(b, ty, c1, n);
	T b10 = mm_v5_load(b, ty + B, c0, n);
	T b11 = mm_v5_load(b, ty + B, c1, n);

	for (int t = 0; t < tiles; t++) {
		as[ty][tx] = a00;
		as[ty][tx + B] = a01;
		as[ty + B][tx] = a10;
		as[ty + B][tx + B] = a11;
		bs[ty][tx] = b00;
		bs[ty][tx + B] = b01;
		bs[ty + B][tx] = b10;
		bs[ty + B][tx + B] = b11;
		__syncthreads();
		if (t + 1 < tiles) {
			int k0 = (t + 1) * 2 * B;

			a00 = mm_v5_load(a, r0, k0 + tx, n);
			a01 = mm_v5_load(a, r0, k0 + tx + B, n);
			a10 = mm_v5_load(a, r1, k0 + tx, n);
			a11 = mm_v5_load(a, r1, k0 + tx + B, n);
			b00 = mm_v5_load(b, k0 + ty, c0, n);
			b01 = mm_v5_load(b, k0 + ty, c1, n);
			b10 = mm_v5_load(b, k0 + ty + B, c0, n);
			b11 = mm_v5_load(b, k0 + ty + B, c1, n);
		}
#pragma unroll
		for (int k = 0; k < 2 * B; k++) {
			T x0 = as[ty][k], x1 = as[ty + B][k];
			T y0 = bs[k][tx], y1 = bs[k][tx + B];

			s00 += x0 * y0;
			s01 += x0 * y1;
			s10 += x1 * y0;
			s11 += x1 * y1;
		}
		__syncthreads();
	}
	if (r0 < n && c0 < n)
		c[r0 * n + c0] = s00;
	if (r0 < n && c1 < n)
		c[r0 * n + c1] = s01;
	if (r1 < n && c0 < n)
		c[r1 * n + c0] = s10;
	if (r1 < n && c1 < n)
		c[r1 * n + c1] = s11;
}

/* Two 64 x 64 tiles take 32 KiB of float, but 64 KiB of double: more
 * static shared memory than a block may have, so block 32 has no double
 * instance (check() refuses it). */
template <typename T>
static square_fn<T> mm_v5_pick32(void)
{
	return NULL;
}

template <>
square_fn<float> mm_v5_pick32<float>(void)
{
	return mm_v5<32, float>;
}

template <typename T>
static square_fn<T> mm_v5_pick(int block)
{
	switch (block) {
	case 8:
		return mm_v5<8, T>;
	case 16:
		return mm_v5<16, T>;
	case 22:
		return mm_v5<22, T>;
	case 32:
		return mm_v5_pick32<T>();
	}
	return NULL;
}

extern "C" const void *kernel_v5_func(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_v5_pick<float>(block);
}

extern "C" const void *kernel_v5_func64(int block, int ilp)
{
	(void)ilp;
	return (const void *)mm_v5_pick<double>(block);
}

/* args->fp64: the same kernel in double. */
extern "C" int kernel_v5_launch(const struct kernel_args *args)
{
	return square_launch(mm_v5_pick<float>(args->block),
			     mm_v5_pick<double>(args->block), 2, args,
			     "mm_v5<b><<<ceil(n/2b)^2, b x b>>>");
}
