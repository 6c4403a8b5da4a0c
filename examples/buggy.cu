/* A kernel with a deliberate bug: it compiles and runs, but its loop
 * over k stops one short, so every element of C misses its last
 * product. It passes the compile-time checks of
 *
 *     mmreport measure --dry-run --kernel examples/buggy.cu
 *
 * and is there for the verification against the FP64 reference, which
 * must store it as failed, never as a speed, once own kernels are
 * measured on the GPU (issue 12). */
#include <mmreport_kernel.h>

MMREPORT_SQUARE_KERNEL(buggy, 1, "16",
		       "one thread per element, the last k left out (a bug)")

extern "C" __global__ void buggy(const float *A, const float *B, float *C,
				 int n)
{
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	float s = 0;

	if (row >= n || col >= n)
		return;
	for (int k = 0; k < n - 1; k++)		/* the bug: k < n */
		s += A[row * n + k] * B[k * n + col];
	C[row * n + col] = s;
}
