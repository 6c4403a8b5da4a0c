/* Report P's v2 written as an own kernel: the same loop as mmreport's
 * built-in v2 (kernels/mm_v2.cu), so measuring both side by side shows
 * that an own kernel is timed like a built-in one:
 *
 *     mmreport measure --suite versions --variants v2 \
 *             --kernel examples/v2_own.cu */
#include <mmreport_kernel.h>

MMREPORT_SQUARE_KERNEL(v2_own, 1, "8,16,32",
		       "report P's v2 as an own kernel: one thread per element")

extern "C" __global__ void __launch_bounds__(1024)
v2_own(const float *__restrict__ A, const float *__restrict__ B,
       float *__restrict__ C, int n)
{
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	float sum = 0.0f;

	if (row >= n || col >= n)
		return;
	for (int k = 0; k < n; k++)
		sum += A[row * n + k] * B[k * n + col];
	C[row * n + col] = sum;
}
