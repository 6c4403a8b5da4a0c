/* kernels/check.h: internal to kernels/. Reports failed CUDA and cuBLAS
 * calls on stderr as "mmreport: <file>:<line>: <call>: <error string>" and
 * hands the status back, so that callers can clean up through their out:
 * label:
 *
 *	err = KERNEL_CUDA(cudaMalloc(&p, bytes));
 *	if (err)
 *		goto out;
 */
#ifndef MMREPORT_KERNELS_CHECK_H
#define MMREPORT_KERNELS_CHECK_H

#include <stdio.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include <cublas_v2.h>

#include "kernels.h"

/* "kernels/verify.cu" rather than the build machine's absolute path. */
static inline const char *kernel_file_short(const char *file)
{
	const char *at = NULL, *p = file;

	while ((p = strstr(p, "kernels/")))
		at = p++;
	return at ? at : file;
}

static inline int kernel_cuda_report(cudaError_t err, const char *file,
				     int line, const char *call)
{
	/* after a fault, the cleanup's failures repeat it (kernels.h) */
	if (err != cudaSuccess && !kernel_cuda_lost())
		fprintf(stderr, "mmreport: %s:%d: %s: %s\n",
			kernel_file_short(file), line, call,
			cudaGetErrorString(err));
	return (int)err;
}

/* Out-of-memory is an expected outcome for the caller to handle (skip a
 * configuration), so it is returned silently and cleared from the
 * runtime's last-error slot; anything else is reported. */
static inline int kernel_cuda_alloc_report(cudaError_t err, const char *file,
					   int line, const char *call)
{
	if (err == cudaErrorMemoryAllocation) {
		(void)cudaGetLastError();
		return (int)err;
	}
	return kernel_cuda_report(err, file, line, call);
}

/* cuBLAS has its own status codes; the kernels/ interface speaks
 * cudaError_t, so every failure becomes cudaErrorUnknown once reported. */
static inline int kernel_blas_report(cublasStatus_t st, const char *file,
				     int line, const char *call)
{
	if (st == CUBLAS_STATUS_SUCCESS)
		return (int)cudaSuccess;
	if (kernel_cuda_lost())
		return (int)cudaErrorUnknown;
	fprintf(stderr, "mmreport: %s:%d: %s: %s\n", kernel_file_short(file),
		line, call, cublasGetStatusString(st));
	return (int)cudaErrorUnknown;
}

#define KERNEL_CUDA(call) \
	kernel_cuda_report((call), __FILE__, __LINE__, #call)
#define KERNEL_CUDA_ALLOC(call) \
	kernel_cuda_alloc_report((call), __FILE__, __LINE__, #call)
#define KERNEL_BLAS(call) \
	kernel_blas_report((call), __FILE__, __LINE__, #call)

/* After a <<<...>>> launch: configuration errors are synchronous and
 * land in the last-error slot. The slot is cleared before the launch
 * (KERNEL_LAUNCH_BEGIN) so that a stale, already handled error of an
 * unrelated call is not blamed on this launch. */
#define KERNEL_LAUNCH_BEGIN() ((void)cudaGetLastError())
#define KERNEL_LAUNCH_END(what) \
	kernel_cuda_report(cudaGetLastError(), __FILE__, __LINE__, what)

#endif
