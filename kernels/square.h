/* kernels/square.h: internal to kernels/ (CUDA only). The launches the
 * square kernels share: those of reports P and G (simple, shared,
 * v2..v5), a float and a double instance per block edge b on b x b
 * threads; and the register-tiled ones (v6..v11), float only, a block
 * of fixed threads a tile. Either way a grid of square tiles of C. */
#ifndef MMREPORT_KERNELS_SQUARE_H
#define MMREPORT_KERNELS_SQUARE_H

#include "check.h"

template <typename T>
using square_fn = void (*)(const T *, const T *, T *, int);

/* Enqueues kernel (NULL: no instance for args->block) on
 * ceil(n / (tile b))^2 blocks of b x b threads; what names the launch in
 * a report of its failure. */
template <typename T>
static int square_run(square_fn<T> kernel, int tile,
		      const struct kernel_args *args, const char *what)
{
	int b = args->block, tiles;

	if (!kernel)
		return cudaErrorInvalidValue;
	tiles = (args->n + tile * b - 1) / (tile * b);
	dim3 grid(tiles, tiles), threads(b, b);
	KERNEL_LAUNCH_BEGIN();
	kernel<<<grid, threads, 0, (cudaStream_t)args->stream>>>(
		(const T *)args->a, (const T *)args->b,
		(T *)args->c, args->n);
	return KERNEL_LAUNCH_END(what);
}

/* args->fp64: the same kernel in double. */
static inline int square_launch(square_fn<float> f, square_fn<double> d,
				int tile, const struct kernel_args *args,
				const char *what)
{
	return args->fp64 ? square_run(d, tile, args, what) :
			    square_run(f, tile, args, what);
}

/* Enqueues kernel (NULL: no instance for args->block) on
 * ceil(n / args->block)^2 blocks of threads threads; vec4: rows are read
 * as float4s, so n must be a multiple of 4. */
static inline int square_tile_launch(square_fn<float> kernel, int threads,
				     int vec4, const struct kernel_args *args,
				     const char *what)
{
	int n = args->n, tiles = (n + args->block - 1) / args->block;

	if (!kernel || args->fp64 || (vec4 && n % 4))
		return cudaErrorInvalidValue;
	dim3 grid(tiles, tiles);
	KERNEL_LAUNCH_BEGIN();
	kernel<<<grid, threads, 0, (cudaStream_t)args->stream>>>(
		(const float *)args->a, (const float *)args->b,
		(float *)args->c, n);
	return KERNEL_LAUNCH_END(what);
}

#endif
