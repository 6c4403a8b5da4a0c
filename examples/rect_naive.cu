/* A rectangular product as an own kernel: C (m x n) = A (m x k) *
 * B (k x n), textbook R's (Arows x Acols) * (Acols x Bcols), one thread
 * per element of C; mmreport launches ceil(n/b) x ceil(m/b) blocks.
 *
 *     mmreport measure --suite versions --variants rect \
 *             --sizes 300x200x500 --kernel examples/rect_naive.cu */
#include <mmreport_kernel.h>

MMREPORT_RECT_KERNEL(rect_naive, 1, "8,16,32",
		     "rectangular product, one thread per element of C")

extern "C" __global__ void rect_naive(const float *A, const float *B,
				      float *C, int m, int k, int n)
{
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	float s = 0;

	if (row >= m || col >= n)
		return;
	for (int i = 0; i < k; i++)
		s += A[row * k + i] * B[i * n + col];
	C[row * n + col] = s;
}
