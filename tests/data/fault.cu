/* A kernel that faults: it writes far outside C (an illegal address).
 * The tests measure it to see that the sweep stops with a clear message
 * and the database stays intact. */
#include <mmreport_kernel.h>

MMREPORT_SQUARE_KERNEL(faulty, 1, "16", "writes outside C (a fault)")

extern "C" __global__ void faulty(const float *A, const float *B, float *C,
				  int n)
{
	(void)A;
	(void)B;
	C[(size_t)n * n * 4096 + threadIdx.x] = 1.0f;
}
