/* A kernel that never ends: the tests measure it to see that the launch
 * time limit stops the sweep with a clear message, the database intact. */
#include <mmreport_kernel.h>

MMREPORT_SQUARE_KERNEL(hangs, 1, "16", "spins forever (a hang)")

extern "C" __global__ void hangs(const float *A, const float *B, float *C,
				 int n)
{
	/* waits for a value no input holds (inputs are in [-1, 1]): the
	 * compiler cannot prove the loop ends, so it stays */
	while (*(volatile const float *)&A[0] != 1000.0f)
		__nanosleep(1000);
	(void)B;
	C[0] = (float)n;
}
