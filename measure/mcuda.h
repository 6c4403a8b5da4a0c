/* measure/mcuda.h: internal to measure/. Checked CUDA calls:
 *
 *	err = MCUDA(cudaEventCreate(&ev));
 *	if (err)
 *		goto out;
 *
 * reports a failure on stderr as "mmreport: measure/x.c:12: call: error
 * string (cudaErrorName)" and hands the cudaError_t back, until the
 * device is lost (kernel_cuda_lost in kernels.h: a fault was told). */
#ifndef MMREPORT_MEASURE_MCUDA_H
#define MMREPORT_MEASURE_MCUDA_H

#include <cuda_runtime_api.h>

int measure_cuda_report(cudaError_t err, const char *file, int line,
			const char *call);

#define MCUDA(call) measure_cuda_report((call), __FILE__, __LINE__, #call)

/* 1 for the errors a faulting kernel leaves (an illegal address, a trap,
 * an assert): sticky, they are the earlier kernel's, not the call's that
 * returns them. */
int measure_cuda_fault(cudaError_t err);

#endif
