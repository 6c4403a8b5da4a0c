/* cublas: the reference row, cuBLAS SGEMM (DGEMM with args->fp64). The
 * handle is set to CUBLAS_DEFAULT_MATH, which never computes with fewer
 * mantissa bits than the element type (TF32 tensor cores need
 * CUBLAS_TF32_TENSOR_OP_MATH, BF16x9 emulation
 * CUBLAS_FP32_EMULATED_BF16X9_MATH; neither is set), so this is pure FP32
 * like the hand-written kernels. cuBLAS is column-major: the row-major
 * m x n matrix C is the column-major n x m matrix C^T, and C^T = B^T A^T,
 * so GEMM with B first and A second, and no transposes, yields row-major
 * C. */
#include "check.h"
#include "launch.h"

extern "C" void *kernel_blas_create(void)
{
	cublasHandle_t h = NULL;

	if (KERNEL_BLAS(cublasCreate(&h)))
		return NULL;
	if (KERNEL_BLAS(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH)) ||
	    KERNEL_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST))) {
		KERNEL_BLAS(cublasDestroy(h));
		return NULL;
	}
	return h;
}

extern "C" void kernel_blas_free(void *blas)
{
	if (blas)
		KERNEL_BLAS(cublasDestroy((cublasHandle_t)blas));
}

extern "C" int kernel_cublas_launch(const struct kernel_args *args)
{
	cublasHandle_t h = (cublasHandle_t)args->blas;
	const float one = 1.0f, zero = 0.0f;
	int m = args->m, k = args->k, n = args->n;
	int err;

	if (m <= 0 && k <= 0)	/* a square product given by n alone */
		m = k = n;
	if (!h || m <= 0 || k <= 0 || n <= 0)
		return cudaErrorInvalidValue;
	err = KERNEL_BLAS(cublasSetStream(h, (cudaStream_t)args->stream));
	if (err)
		return err;
	if (args->fp64) {
		const double one64 = 1.0, zero64 = 0.0;

		return KERNEL_BLAS(cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n,
					       m, k, &one64,
					       (const double *)args->b, n,
					       (const double *)args->a, k,
					       &zero64, (double *)args->c, n));
	}
	return KERNEL_BLAS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k,
				       &one, (const float *)args->b, n,
				       (const float *)args->a, k, &zero,
				       (float *)args->c, n));
}

extern "C" int kernel_blas_version(int *version)
{
	int major = 0, minor = 0, patch = 0;
	int err;

	*version = 0;
	if ((err = KERNEL_BLAS(cublasGetProperty(MAJOR_VERSION, &major))) ||
	    (err = KERNEL_BLAS(cublasGetProperty(MINOR_VERSION, &minor))) ||
	    (err = KERNEL_BLAS(cublasGetProperty(PATCH_LEVEL, &patch))))
		return err;
	/* CUBLAS_VERSION's encoding, which cublasGetVersion returns too */
	*version = major * 10000 + minor * 100 + patch;
	return 0;
}

/* The nvcc of this translation unit is the one that built every kernel
 * of kernels/ (one CMake target, one CUDA compiler). */
extern "C" const char *kernel_cuda_compiler(void)
{
#define KERNEL_STR2(x) #x
#define KERNEL_STR(x) KERNEL_STR2(x)
	return KERNEL_STR(__CUDACC_VER_MAJOR__) "."
	       KERNEL_STR(__CUDACC_VER_MINOR__) "."
	       KERNEL_STR(__CUDACC_VER_BUILD__);
#undef KERNEL_STR
#undef KERNEL_STR2
}
