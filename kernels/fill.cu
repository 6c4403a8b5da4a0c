/* The inputs of the memory, dot and walker kernels (kernels.h): element
 * i of a buffer filled with seed is hash_float(i, seed) (or
 * hash_unit_*), on the device and, for the verification, on the host;
 * and the walkers' generator, for the host's replay. */
#include "check.h"
#include "hash.h"
#include "launch.h"

__global__ void fill_hash(float *__restrict__ out, size_t count,
			  unsigned seed)
{
	size_t step = (size_t)gridDim.x * blockDim.x;

	for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	     i < count; i += step)
		out[i] = hash_float(i, seed);
}

extern "C" int kernel_fill_hash(void *dev, size_t count, unsigned seed,
				void *stream)
{
	size_t blocks = (count + 255) / 256;

	if (count == 0)
		return cudaSuccess;
	/* a grid-stride loop: 64K blocks cover any count */
	if (blocks > 65536)
		blocks = 65536;
	KERNEL_LAUNCH_BEGIN();
	fill_hash<<<(unsigned)blocks, 256, 0, (cudaStream_t)stream>>>(
		(float *)dev, count, seed);
	return KERNEL_LAUNCH_END("fill_hash<<<...>>>");
}

extern "C" float kernel_hash_float(size_t i, unsigned seed)
{
	return hash_float(i, seed);
}

template <typename T>
__global__ void fill_unit(T *__restrict__ out, size_t count, unsigned seed)
{
	size_t step = (size_t)gridDim.x * blockDim.x;

	for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	     i < count; i += step)
		out[i] = sizeof(T) == 8 ? (T)hash_unit_double(i, seed) :
			 (T)hash_unit_float(i, seed);
}

extern "C" int kernel_fill_unit(void *dev, size_t count, unsigned seed,
				int fp64, void *stream)
{
	size_t blocks = (count + 255) / 256;

	if (count == 0)
		return cudaSuccess;
	if (blocks > 65536)
		blocks = 65536;
	KERNEL_LAUNCH_BEGIN();
	if (fp64)
		fill_unit<double><<<(unsigned)blocks, 256, 0,
				    (cudaStream_t)stream>>>((double *)dev,
							    count, seed);
	else
		fill_unit<float><<<(unsigned)blocks, 256, 0,
				   (cudaStream_t)stream>>>((float *)dev,
							   count, seed);
	return KERNEL_LAUNCH_END("fill_unit<T><<<...>>>");
}

extern "C" double kernel_hash_unit(size_t i, unsigned seed, int fp64)
{
	return fp64 ? hash_unit_double(i, seed) :
		      (double)hash_unit_float(i, seed);
}

extern "C" unsigned kernel_walk_seed(size_t w, unsigned seed)
{
	return walk_seed(w, seed);
}

extern "C" unsigned kernel_walk_next(unsigned s)
{
	return walk_next(s);
}
