// Kernels of the timing machinery, never measured themselves:
//  - blocker: holds a stream until the host releases it, so that an
//    event pair and the launch between them, all enqueued behind it, run
//    back to back on the GPU and the pair times the kernel, not the
//    host's launch path (the fallback timer, as nvbench does);
//  - empty: a launch that does nothing, whose launch-to-completion time
//    as the host sees it is the device's launch cost, and which the
//    activity timer's self-test expects a record of;
//  - spin: runs for a given time on the GPU's own clock, so that tests
//    can check a timer against a duration known by construction.
#include <cuda_runtime.h>

#include "check.h"
#include "kernels.h"

__device__ static unsigned long long global_ns(void)
{
	unsigned long long t;

	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
	return t;
}

// flag[0]: the host's release; flag[1]: set here when the wait timed out,
// so that the host can refuse a sample whose first event fired early.
__global__ void blocker(volatile int *flag, unsigned long long timeout_ns)
{
	unsigned long long t0 = global_ns();

	while (!flag[0]) {
		if (global_ns() - t0 > timeout_ns) {
			flag[1] = 1;
			break;
		}
		__nanosleep(256);
	}
}

__global__ void empty(void)
{
}

__global__ void spin(unsigned long long ns)
{
	unsigned long long t0 = global_ns();

	while (global_ns() - t0 < ns)
		;
}

extern "C" int kernel_blocker_launch(volatile int *flag, void *stream,
				     unsigned long long timeout_ns)
{
	KERNEL_LAUNCH_BEGIN();
	blocker<<<1, 1, 0, (cudaStream_t)stream>>>(flag, timeout_ns);
	return KERNEL_LAUNCH_END("blocker<<<1, 1>>>");
}

extern "C" int kernel_empty_launch(void *stream)
{
	KERNEL_LAUNCH_BEGIN();
	empty<<<1, 1, 0, (cudaStream_t)stream>>>();
	return KERNEL_LAUNCH_END("empty<<<1, 1>>>");
}

extern "C" int kernel_spin_launch(unsigned long long ns, void *stream)
{
	KERNEL_LAUNCH_BEGIN();
	spin<<<1, 1, 0, (cudaStream_t)stream>>>(ns);
	return KERNEL_LAUNCH_END("spin<<<1, 1>>>");
}
