/* A register-tiled SGEMM for mmreport: an example of an own kernel.
 *
 *     mmreport measure --dry-run --kernel examples/regtile.cu
 *
 * compiles and checks it (no GPU needed); measuring own kernels on the
 * GPU is the next step of issue 12.
 *
 * A block of b x b threads computes a 2b x 2b tile of C (tile 2, like
 * report P's v5): the A and B tiles it needs pass through shared memory
 * in steps of b along k, and each thread keeps its 2 x 2 outputs in
 * registers, so every value read from shared memory feeds two
 * multiply-adds. Any n works: loads past the matrix read zeros, stores
 * past it are skipped. */
#include <mmreport_kernel.h>

MMREPORT_SQUARE_KERNEL(regtile, 2, "8,16",
		       "2x2 outputs per thread in registers, 2b x 2b shared tiles")

/* The block edge is a launch parameter, so the shared tiles are sized
 * for the largest accepted one (16): 2 x (32 x 16) floats. */
#define EDGE_MAX 16

extern "C" __global__ void regtile(const float *A, const float *B, float *C,
				   int n)
{
	__shared__ float as[2 * EDGE_MAX][EDGE_MAX];	/* rows x k */
	__shared__ float bs[EDGE_MAX][2 * EDGE_MAX];	/* k x cols */
	const int b = blockDim.x, tx = threadIdx.x, ty = threadIdx.y;
	const int row0 = blockIdx.y * 2 * b, col0 = blockIdx.x * 2 * b;
	float acc[2][2] = {{0, 0}, {0, 0}};

	for (int k0 = 0; k0 < n; k0 += b) {
		/* each thread loads two elements of each tile */
		for (int i = 0; i < 2; i++) {
			int r = row0 + ty + i * b, k = k0 + tx;

			as[ty + i * b][tx] = r < n && k < n ? A[r * n + k] : 0;
			k = k0 + ty;
			r = col0 + tx + i * b;
			bs[ty][tx + i * b] = k < n && r < n ? B[k * n + r] : 0;
		}
		__syncthreads();
		for (int k = 0; k < b; k++) {
			float a0 = as[ty][k], a1 = as[ty + b][k];
			float b0 = bs[k][tx], b1 = bs[k][tx + b];

			acc[0][0] += a0 * b0;
			acc[0][1] += a0 * b1;
			acc[1][0] += a1 * b0;
			acc[1][1] += a1 * b1;
		}
		__syncthreads();
	}
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2; j++) {
			int r = row0 + ty + i * b, c = col0 + tx + j * b;

			if (r < n && c < n)
				C[r * n + c] = acc[i][j];
		}
}
