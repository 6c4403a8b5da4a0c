/* The scalar product (textbook R): c[0] = sum a[i] b[i] in float or, with
 * args->fp64, in double, in two kernels on args->stream:
 *   dot_partial  min(ceil(count / 256), KERNEL_DOT_PARTS) blocks of 256
 *                threads; each thread sums its elements at a stride of
 *                the grid, then the block reduces its 256 sums in shared
 *                memory (a tree of halvings, a barrier between levels)
 *                and writes one partial sum to c[1 + block];
 *   dot_final    one block reduces the partial sums the same way into
 *                c[0].
 * Accumulation is in the element type throughout, so the result shows
 * what each precision gets. cublas_dot is cuBLAS's SDOT or DDOT on the
 * same vectors, the result written to c[0] on the device. */
#include "check.h"
#include "launch.h"

#define DOT_THREADS 256

template <typename T>
__device__ T block_reduce(T v)
{
	__shared__ T s[DOT_THREADS];

	s[threadIdx.x] = v;
	__syncthreads();
	for (int w = DOT_THREADS / 2; w > 0; w >>= 1) {
		if (threadIdx.x < w)
			s[threadIdx.x] += s[threadIdx.x + w];
		__syncthreads();
	}
	return s[0];
}

template <typename T>
__global__ void __launch_bounds__(DOT_THREADS)
dot_partial(const T *__restrict__ a, const T *__restrict__ b,
	    T *__restrict__ c, size_t count)
{
	size_t step = (size_t)gridDim.x * DOT_THREADS;
	T sum = 0, total;

	for (size_t i = (size_t)blockIdx.x * DOT_THREADS + threadIdx.x;
	     i < count; i += step)
		sum += a[i] * b[i];
	total = block_reduce(sum);
	if (threadIdx.x == 0)
		c[1 + blockIdx.x] = total;
}

template <typename T>
__global__ void __launch_bounds__(DOT_THREADS)
dot_final(T *__restrict__ c, int parts)
{
	T sum = 0, total;

	for (int i = threadIdx.x; i < parts; i += DOT_THREADS)
		sum += c[1 + i];
	total = block_reduce(sum);
	if (threadIdx.x == 0)
		c[0] = total;
}

extern "C" const void *kernel_dot_func(int block, int ilp)
{
	/* the partial-sum kernel carries the work; occupancy is its */
	return block == DOT_THREADS ? (const void *)dot_partial<float> : NULL;
}

template <typename T>
static int dot_launch(const struct kernel_args *args)
{
	size_t blocks = (args->count + DOT_THREADS - 1) / DOT_THREADS;
	cudaStream_t st = (cudaStream_t)args->stream;
	int err;

	if (blocks > KERNEL_DOT_PARTS)
		blocks = KERNEL_DOT_PARTS;
	KERNEL_LAUNCH_BEGIN();
	dot_partial<T><<<(unsigned)blocks, DOT_THREADS, 0, st>>>(
		(const T *)args->a, (const T *)args->b, (T *)args->c,
		args->count);
	err = KERNEL_LAUNCH_END("dot_partial<T><<<min(ceil(N/256), 4096), "
				"256>>>");
	if (err)
		return err;
	dot_final<T><<<1, DOT_THREADS, 0, st>>>((T *)args->c, (int)blocks);
	return KERNEL_LAUNCH_END("dot_final<T><<<1, 256>>>");
}

extern "C" int kernel_dot_launch(const struct kernel_args *args)
{
	if (args->block != DOT_THREADS || args->count == 0)
		return cudaErrorInvalidValue;
	return args->fp64 ? dot_launch<double>(args) :
			    dot_launch<float>(args);
}

extern "C" int kernel_cublas_dot_launch(const struct kernel_args *args)
{
	cublasHandle_t h = (cublasHandle_t)args->blas;
	int n = (int)args->count, err;

	if (!h || args->count == 0 || args->count > 0x7fffffff)
		return cudaErrorInvalidValue;
	err = KERNEL_BLAS(cublasSetStream(h, (cudaStream_t)args->stream));
	/* the result stays on the device, as the own kernel's does */
	if (!err)
		err = KERNEL_BLAS(cublasSetPointerMode(
			h, CUBLAS_POINTER_MODE_DEVICE));
	if (err)
		return err;
	if (args->fp64)
		err = KERNEL_BLAS(cublasDdot(h, n, (const double *)args->a, 1,
					     (const double *)args->b, 1,
					     (double *)args->c));
	else
		err = KERNEL_BLAS(cublasSdot(h, n, (const float *)args->a, 1,
					     (const float *)args->b, 1,
					     (float *)args->c));
	/* the GEMM reference reads its scalars from the host */
	if (KERNEL_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST)) &&
	    !err)
		err = cudaErrorUnknown;
	return err;
}
