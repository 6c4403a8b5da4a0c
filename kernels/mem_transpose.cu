/* The transpose suite (textbook R): C (n x m) = A (m x n)^T in float, on
 * a grid of ceil(n/b) x ceil(m/b) blocks of b x b threads, one element
 * per thread. Four kernels of the same geometry:
 *   tr_copy   C = A (row-major copy): both accesses coalesced, the
 *             ceiling the transposes are measured against;
 *   tr_naive  reads A along rows (coalesced) and writes C along columns:
 *             each warp's store touches b different rows;
 *   tr_tile   stages a b x b tile in shared memory so that the write is
 *             along rows too; the tile is read by column, so the b
 *             threads of a row of the block hit one bank (b-way
 *             conflicts for b = 32);
 *   tr_pad    the tile one column wider: a column's words fall in b
 *             different banks.
 * Threads outside the matrix load and store nothing; indices are 64-bit
 * products of int coordinates. */
#include "check.h"
#include "launch.h"

enum { TR_COPY, TR_NAIVE, TR_TILE, TR_PAD };

template <int B, int KIND>
__global__ void __launch_bounds__(B * B)
transpose(const float *__restrict__ a, float *__restrict__ c, int m, int n)
{
	/* tile[y][x]; the padded kind has B + 1 columns */
	__shared__ float tile[B][KIND == TR_PAD ? B + 1 : B];
	int x = blockIdx.x * B + threadIdx.x;	/* column of A */
	int y = blockIdx.y * B + threadIdx.y;	/* row of A */

	if (KIND == TR_COPY || KIND == TR_NAIVE) {
		if (x < n && y < m) {
			float v = a[(size_t)y * n + x];

			if (KIND == TR_COPY)
				c[(size_t)y * n + x] = v;
			else
				c[(size_t)x * m + y] = v;
		}
		return;
	}
	if (x < n && y < m)
		tile[threadIdx.y][threadIdx.x] = a[(size_t)y * n + x];
	__syncthreads();
	/* the block's tile of C: rows blockIdx.x * B.., columns
	 * blockIdx.y * B..; thread (tx, ty) writes C's row
	 * blockIdx.x * B + ty, column blockIdx.y * B + tx */
	x = blockIdx.y * B + threadIdx.x;	/* column of C */
	y = blockIdx.x * B + threadIdx.y;	/* row of C */
	if (x < m && y < n)
		c[(size_t)y * m + x] = tile[threadIdx.x][threadIdx.y];
}

typedef void (*transpose_fn)(const float *, float *, int, int);

static transpose_fn transpose_pick(int kind, int block)
{
#define PICK(B)								\
	switch (kind) {							\
	case TR_COPY:							\
		return transpose<B, TR_COPY>;				\
	case TR_NAIVE:							\
		return transpose<B, TR_NAIVE>;				\
	case TR_TILE:							\
		return transpose<B, TR_TILE>;				\
	case TR_PAD:							\
		return transpose<B, TR_PAD>;				\
	}								\
	return NULL
	if (block == 16) {
		PICK(16);
	}
	if (block == 32) {
		PICK(32);
	}
	return NULL;
#undef PICK
}

static int transpose_launch(int kind, const struct kernel_args *args)
{
	transpose_fn kernel = transpose_pick(kind, args->block);
	int b = args->block;

	if (!kernel)
		return cudaErrorInvalidValue;
	dim3 grid((args->n + b - 1) / b, (args->m + b - 1) / b);
	dim3 threads(b, b);
	KERNEL_LAUNCH_BEGIN();
	kernel<<<grid, threads, 0, (cudaStream_t)args->stream>>>(
		(const float *)args->a, (float *)args->c, args->m, args->n);
	return KERNEL_LAUNCH_END("transpose<b, kind><<<ceil(n/b) x "
				 "ceil(m/b), b x b>>>");
}

extern "C" const void *kernel_tr_copy_func(int block, int ilp)
{
	return (const void *)transpose_pick(TR_COPY, block);
}

extern "C" int kernel_tr_copy_launch(const struct kernel_args *args)
{
	return transpose_launch(TR_COPY, args);
}

extern "C" const void *kernel_tr_naive_func(int block, int ilp)
{
	return (const void *)transpose_pick(TR_NAIVE, block);
}

extern "C" int kernel_tr_naive_launch(const struct kernel_args *args)
{
	return transpose_launch(TR_NAIVE, args);
}

extern "C" const void *kernel_tr_tile_func(int block, int ilp)
{
	return (const void *)transpose_pick(TR_TILE, block);
}

extern "C" int kernel_tr_tile_launch(const struct kernel_args *args)
{
	return transpose_launch(TR_TILE, args);
}

extern "C" const void *kernel_tr_pad_func(int block, int ilp)
{
	return (const void *)transpose_pick(TR_PAD, block);
}

extern "C" int kernel_tr_pad_launch(const struct kernel_args *args)
{
	return transpose_launch(TR_PAD, args);
}
