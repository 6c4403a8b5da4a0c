/* Note J's copy as an own kernel: each thread copies ilp elements at a
 * stride of the block, so a block of 512/ilp threads moves 512
 * consecutive elements; every index is checked.
 *
 *     mmreport measure --suite ilp --kernel examples/copy_ilp_own.cu */
#include <mmreport_kernel.h>

MMREPORT_COPY_KERNEL(copy_own, "1,2,4,8,16",
		     "int copy, ILP elements per thread at a stride of the block")

extern "C" __global__ void copy_own(const int *a, int *b,
				    unsigned long long count, int ilp)
{
	unsigned long long i = (unsigned long long)blockIdx.x * 512 +
			       threadIdx.x;

	for (int j = 0; j < ilp; j++, i += blockDim.x)
		if (i < count)
			b[i] = a[i];
}
