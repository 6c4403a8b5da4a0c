/* copy_ilp (note J): b[i] = a[i] for i < count, int elements, with
 * instruction-level parallelism. Each thread copies ILP elements: the
 * first at threadIdx.x + blockIdx.x * blockDim.x * ILP, the others at
 * strides of blockDim.x, so a block covers blockDim.x * ILP consecutive
 * elements and every access of a warp is coalesced. All ILP loads are
 * issued before the first store, so ILP memory requests are in flight per
 * thread. Every index is checked against count (note J's original checked
 * only the first), and indices are 64-bit: count may exceed 2^31. */
#include "check.h"
#include "launch.h"

template <int ILP>
__global__ void __launch_bounds__(1024)
copy_ilp(const int *__restrict__ a, int *__restrict__ b, size_t count)
{
	size_t first = (size_t)blockIdx.x * blockDim.x * ILP + threadIdx.x;
	int v[ILP];

#pragma unroll
	for (int i = 0; i < ILP; i++) {
		size_t j = first + (size_t)i * blockDim.x;

		if (j < count)
			v[i] = a[j];
	}
#pragma unroll
	for (int i = 0; i < ILP; i++) {
		size_t j = first + (size_t)i * blockDim.x;

		if (j < count)
			b[j] = v[i];
	}
}

typedef void (*copy_ilp_fn)(const int *, int *, size_t);

static copy_ilp_fn copy_ilp_pick(int ilp)
{
	switch (ilp) {
	case 1:
		return copy_ilp<1>;
	case 2:
		return copy_ilp<2>;
	case 4:
		return copy_ilp<4>;
	case 8:
		return copy_ilp<8>;
	case 16:
		return copy_ilp<16>;
	}
	return NULL;
}

extern "C" const void *kernel_copy_func(int block, int ilp)
{
	(void)block;
	return (const void *)copy_ilp_pick(ilp);
}

/* args->block threads per block, args->ilp elements per thread. */
extern "C" int kernel_copy_launch(const struct kernel_args *args)
{
	copy_ilp_fn kernel = copy_ilp_pick(args->ilp);
	size_t per_block, blocks;

	if (!kernel || args->block < 1)
		return cudaErrorInvalidValue;
	if (args->count == 0)
		return cudaSuccess;
	per_block = (size_t)args->block * args->ilp;
	blocks = (args->count + per_block - 1) / per_block;
	if (blocks > 0x7fffffff)
		return cudaErrorInvalidValue;
	KERNEL_LAUNCH_BEGIN();
	kernel<<<(unsigned)blocks, args->block, 0,
		 (cudaStream_t)args->stream>>>(
		(const int *)args->a, (int *)args->c, args->count);
	return KERNEL_LAUNCH_END("copy_ilp<ILP><<<ceil(N/ILP/threads), threads>>>");
}
