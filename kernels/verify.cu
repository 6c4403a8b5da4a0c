/* The independent reference every kernel's output is checked against:
 * the product is recomputed in double precision by cublasDgemm on inputs
 * widened from float, and a reduction kernel measures how far C is from
 * it. Rows of C are processed in panels so that the double copies need
 * only B plus two panels of device memory. */
#include <math.h>
#include <stdlib.h>
#include "check.h"
#include "launch.h"

#define VERIFY_THREADS 256
#define VERIFY_BLOCKS 1024
/* Elements of the A and reference panels (doubles, 256 MiB each). */
#define VERIFY_PANEL (1 << 25)

__global__ void verify_widen(const float *__restrict__ src,
			     double *__restrict__ dst, size_t count)
{
	size_t stride = (size_t)gridDim.x * blockDim.x;

	for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	     i < count; i += stride)
		dst[i] = src[i];
}

/* Adds this panel's sum (c - ref)^2 over finite c, sum ref^2 and count of
 * non-finite c to the per-block partials (one slot per block, so panels
 * that run one after another on one stream need no atomics). */
template <typename T>
__global__ void __launch_bounds__(VERIFY_THREADS)
verify_compare(const T *__restrict__ c, const double *__restrict__ ref,
	       size_t count, double *err_part, double *ref_part,
	       unsigned long long *bad_part)
{
	__shared__ double se[VERIFY_THREADS], sr[VERIFY_THREADS];
	__shared__ unsigned long long sb[VERIFY_THREADS];
	size_t stride = (size_t)gridDim.x * blockDim.x;
	double e = 0.0, r = 0.0;
	unsigned long long bad = 0;
	int t = threadIdx.x;

	for (size_t i = (size_t)blockIdx.x * blockDim.x + t; i < count;
	     i += stride) {
		double x = c[i], y = ref[i];

		if (isfinite(x))
			e += (x - y) * (x - y);
		else
			bad++;
		r += y * y;
	}
	se[t] = e;
	sr[t] = r;
	sb[t] = bad;
	__syncthreads();
	for (int s = VERIFY_THREADS / 2; s > 0; s /= 2) {
		if (t < s) {
			se[t] += se[t + s];
			sr[t] += sr[t + s];
			sb[t] += sb[t + s];
		}
		__syncthreads();
	}
	if (t == 0) {
		err_part[blockIdx.x] += se[0];
		ref_part[blockIdx.x] += sr[0];
		bad_part[blockIdx.x] += sb[0];
	}
}

static unsigned verify_grid(size_t count)
{
	size_t blocks = (count + VERIFY_THREADS - 1) / VERIFY_THREADS;

	return blocks < VERIFY_BLOCKS ? (unsigned)blocks : VERIFY_BLOCKS;
}

static int verify_widen_start(const float *src, double *dst, size_t count,
			      cudaStream_t st)
{
	KERNEL_LAUNCH_BEGIN();
	verify_widen<<<verify_grid(count), VERIFY_THREADS, 0, st>>>(src, dst,
								    count);
	return KERNEL_LAUNCH_END("verify_widen<<<...>>>");
}

/* For kernel_gemm_diagnose: one panel of C (rows r0 .. r0 + p) beside
 * its reference, copied to the host and scanned for wrong elements. An
 * element is wrong when not finite or further from the reference than
 * d->tol times the RMS of its reference row: row by row, so that the
 * scale needs no second pass. */
template <typename T>
static int diag_panel(cudaStream_t st, const T *dc, const double *dref,
		      size_t r0, size_t p, int m, int n, T *hc, double *href,
		      struct kernel_gemm_diag *d)
{
	size_t em = (size_t)m - (size_t)m % d->block;
	size_t en = (size_t)n - (size_t)n % d->block;
	int err = KERNEL_CUDA(cudaMemcpyAsync(hc, dc, p * n * sizeof(*hc),
					      cudaMemcpyDeviceToHost, st));

	if (!err)
		err = KERNEL_CUDA(cudaMemcpyAsync(href, dref,
						  p * n * sizeof(*href),
						  cudaMemcpyDeviceToHost, st));
	if (!err)
		err = KERNEL_CUDA(cudaStreamSynchronize(st));
	for (size_t i = 0; !err && i < p; i++) {
		double rms = 0;

		for (int j = 0; j < n; j++)
			rms += href[i * n + j] * href[i * n + j];
		rms = rms > 0 ? sqrt(rms / n) : 1;
		for (int j = 0; j < n; j++) {
			double x = hc[i * n + j], y = href[i * n + j];
			int edge = r0 + i >= em || (size_t)j >= en;

			d->edge_cells += edge;
			if (isfinite(x) && fabs(x - y) <= d->tol * rms)
				continue;
			d->wrong++;
			d->wrong_edge += edge;
			if (d->first_i < 0) {
				d->first_i = (long long)(r0 + i);
				d->first_j = j;
				d->first_got = x;
				d->first_want = y;
			}
		}
	}
	return err;
}

/* The sums verify_compare left in the per-block partials: sum (c - ref)^2
 * over finite c, sum ref^2 and the count of non-finite c, after the
 * stream's work is done. Returns a cudaError_t. */
static int verify_sums(cudaStream_t st, const double *part,
		       const unsigned long long *bad, double *esum,
		       double *rsum, unsigned long long *nbad)
{
	double he[VERIFY_BLOCKS], hr[VERIFY_BLOCKS];
	unsigned long long hb[VERIFY_BLOCKS];
	int err;

	*esum = *rsum = 0.0;
	*nbad = 0;
	err = KERNEL_CUDA(cudaMemcpyAsync(he, part, sizeof(he),
					  cudaMemcpyDeviceToHost, st));
	if (!err)
		err = KERNEL_CUDA(cudaMemcpyAsync(hr, part + VERIFY_BLOCKS,
						  sizeof(hr),
						  cudaMemcpyDeviceToHost, st));
	if (!err)
		err = KERNEL_CUDA(cudaMemcpyAsync(hb, bad, sizeof(hb),
						  cudaMemcpyDeviceToHost, st));
	if (!err)
		err = KERNEL_CUDA(cudaStreamSynchronize(st));
	for (int i = 0; !err && i < VERIFY_BLOCKS; i++) {
		*esum += he[i];
		*rsum += hr[i];
		*nbad += hb[i];
	}
	return err;
}

/* The per-block partials verify_compare adds to (part: the two sums,
 * bad: the count), allocated and zeroed on st; *part and *bad set as far
 * as allocated, for the caller to free. Returns a cudaError_t. */
static int verify_partials(cudaStream_t st, double **part,
			   unsigned long long **bad)
{
	int err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)part, 2 *
					VERIFY_BLOCKS * sizeof(**part)));

	if (!err)
		err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)bad,
					VERIFY_BLOCKS * sizeof(**bad)));
	if (!err)
		err = KERNEL_CUDA(cudaMemsetAsync(*part, 0, 2 * VERIFY_BLOCKS *
						  sizeof(**part), st));
	if (!err)
		err = KERNEL_CUDA(cudaMemsetAsync(*bad, 0, VERIFY_BLOCKS *
						  sizeof(**bad), st));
	return err;
}

/* Frees the device buffers of a verification that were allocated; a
 * failure is reported, the caller's first error kept. */
static void verify_free(void *bad, void *part, void *dref, void *da,
			void *db)
{
	void *bufs[] = { bad, part, dref, da, db };

	for (int i = 0; i < 5; i++)
		if (bufs[i])
			KERNEL_CUDA(cudaFree(bufs[i]));
}

/* T float: A and B are widened into double copies; T double: they are
 * used in place. With d, also where C is wrong (kernel_gemm_diagnose). */
template <typename T>
static int gemm_verify(void *blas, const void *a, const void *b,
		       const void *c, int m, int k, int n, double *rel_error,
		       size_t *nonfinite, struct kernel_gemm_diag *d)
{
	cublasHandle_t h = (cublasHandle_t)blas;
	const T *fa = (const T *)a, *fb = (const T *)b;
	const T *fc = (const T *)c;
	const int wide = sizeof(T) < sizeof(double);
	const double one = 1.0, zero = 0.0;
	double *db = NULL, *da = NULL, *dref = NULL, *part = NULL;
	unsigned long long *bad = NULL, nbad = 0;
	double esum = 0.0, rsum = 0.0;
	size_t edge = (size_t)(k > n ? k : n), rows;
	T *hc = NULL;
	double *href = NULL;
	cudaStream_t st;
	int err;

	if (!h || m <= 0 || k <= 0 || n <= 0)
		return cudaErrorInvalidValue;
	rows = VERIFY_PANEL / edge;
	if (rows < 1)
		rows = 1;
	if (rows > (size_t)m)
		rows = (size_t)m;
	/* C may come from any stream; verification is never timed. */
	err = KERNEL_CUDA(cudaDeviceSynchronize());
	if (err)
		goto out;
	err = KERNEL_BLAS(cublasGetStream(h, &st));
	if (err)
		goto out;
	if (wide) {
		err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)&db,
					(size_t)k * n * sizeof(*db)));
		if (err)
			goto out;
		err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)&da,
					rows * k * sizeof(*da)));
		if (err)
			goto out;
	}
	err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)&dref,
					   rows * n * sizeof(*dref)));
	if (err)
		goto out;
	if (d) {
		hc = (T *)malloc(rows * n * sizeof(*hc));
		href = (double *)malloc(rows * n * sizeof(*href));
		if (!hc || !href) {
			err = cudaErrorMemoryAllocation;
			goto out;
		}
	}
	err = verify_partials(st, &part, &bad);
	if (err)
		goto out;
	if (wide) {
		err = verify_widen_start((const float *)fb, db,
					 (size_t)k * n, st);
		if (err)
			goto out;
	}

	for (size_t r0 = 0; r0 < (size_t)m; r0 += rows) {
		size_t p = (size_t)m - r0 < rows ? (size_t)m - r0 : rows;

		const double *pa = (const double *)(fa + r0 * k);

		if (wide) {
			err = verify_widen_start((const float *)(fa + r0 * k),
						 da, p * k, st);
			if (err)
				goto out;
			pa = da;
		}
		/* Row-major ref (p x n) = A panel (p x k) * B (k x n), as
		 * column-major ref^T = B^T * A_panel^T. */
		err = KERNEL_BLAS(cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n,
					      (int)p, k, &one,
					      wide ? db : (const double *)fb,
					      n, pa, k,
					      &zero, dref, n));
		if (err)
			goto out;
		KERNEL_LAUNCH_BEGIN();
		verify_compare<T><<<verify_grid(p * n), VERIFY_THREADS, 0,
				     st>>>(
			fc + r0 * n, dref, p * n, part, part + VERIFY_BLOCKS,
			bad);
		err = KERNEL_LAUNCH_END("verify_compare<<<...>>>");
		if (!err && d)
			err = diag_panel<T>(st, fc + r0 * n, dref, r0, p, m, n,
					    hc, href, d);
		if (err)
			goto out;
	}

	err = verify_sums(st, part, bad, &esum, &rsum, &nbad);
	if (err)
		goto out;
	if (rsum > 0.0)
		*rel_error = sqrt(esum / rsum);
	else
		*rel_error = esum > 0.0 ? INFINITY : 0.0;
	*nonfinite = (size_t)nbad;
out:
	free(hc);
	free(href);
	verify_free(bad, part, dref, da, db);
	return err;
}

extern "C" int kernel_gemm_verify(void *blas, const void *a, const void *b,
				  const void *c, int m, int k, int n,
				  double *rel_error, size_t *nonfinite)
{
	return gemm_verify<float>(blas, a, b, c, m, k, n, rel_error,
				  nonfinite, NULL);
}

extern "C" int kernel_gemm_verify64(void *blas, const void *a,
				    const void *b, const void *c, int m,
				    int k, int n, double *rel_error,
				    size_t *nonfinite)
{
	return gemm_verify<double>(blas, a, b, c, m, k, n, rel_error,
				   nonfinite, NULL);
}

/* The relative error of a square C against A^T B (ta) or A B^T (tb):
 * whether a wrong kernel reads one input transposed. Whole matrices, no
 * panels (T float: A and B widened into double copies; T double: used in
 * place): *rel is left NAN where the device cannot hold four n x n
 * doubles. */
template <typename T>
static int gemm_rel_transposed(cublasHandle_t h, const T *fa, const T *fb,
			       const T *fc, int n, int ta, double *rel)
{
	size_t nn = (size_t)n * n, free_b = 0, total_b = 0;
	const int wide = sizeof(T) < sizeof(double);
	const double one = 1.0, zero = 0.0;
	double *da = NULL, *db = NULL, *dref = NULL, *part = NULL;
	const double *pa = (const double *)fa, *pb = (const double *)fb;
	double esum, rsum;
	unsigned long long *bad = NULL, nbad;
	cudaStream_t st;
	int err;

	*rel = NAN;
	err = KERNEL_CUDA(cudaMemGetInfo(&free_b, &total_b));
	if (err || free_b < 4 * nn * sizeof(double) + (64u << 20))
		return err;
	err = KERNEL_BLAS(cublasGetStream(h, &st));
	if (!err && wide)
		err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)&da,
						   nn * sizeof(*da)));
	if (!err && wide)
		err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)&db,
						   nn * sizeof(*db)));
	if (!err)
		err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)&dref,
						   nn * sizeof(*dref)));
	if (!err)
		err = verify_partials(st, &part, &bad);
	if (!err && wide) {
		err = verify_widen_start((const float *)fa, da, nn, st);
		if (!err)
			err = verify_widen_start((const float *)fb, db, nn,
						 st);
		pa = da;
		pb = db;
	}
	/* Row-major ref = op(A) op(B) is column-major ref^T = op(B)^T
	 * op(A)^T: the transposed input is read with CUBLAS_OP_T. */
	if (!err)
		err = KERNEL_BLAS(cublasDgemm(h, ta ? CUBLAS_OP_N : CUBLAS_OP_T,
					      ta ? CUBLAS_OP_T : CUBLAS_OP_N,
					      n, n, n, &one, pb, n, pa, n,
					      &zero, dref, n));
	if (!err) {
		KERNEL_LAUNCH_BEGIN();
		verify_compare<T><<<verify_grid(nn), VERIFY_THREADS, 0, st>>>(
			fc, dref, nn, part, part + VERIFY_BLOCKS, bad);
		err = KERNEL_LAUNCH_END("verify_compare<<<...>>>");
	}
	if (!err)
		err = verify_sums(st, part, bad, &esum, &rsum, &nbad);
	if (!err)
		*rel = rsum > 0 ? sqrt(esum / rsum) : NAN;
	verify_free(bad, part, dref, da, db);
	return err;
}

template <typename T>
static int gemm_diagnose(void *blas, const void *a, const void *b,
			 const void *c, int m, int k, int n,
			 struct kernel_gemm_diag *d)
{
	double rel;
	size_t nonfinite;
	int err;

	d->wrong = d->wrong_edge = d->edge_cells = 0;
	d->first_i = d->first_j = -1;
	d->first_got = d->first_want = NAN;
	d->rel_at = d->rel_bt = NAN;
	if (d->block < 1)
		d->block = 1;
	err = gemm_verify<T>(blas, a, b, c, m, k, n, &rel, &nonfinite, d);
	if (!err && m == k && k == n)
		err = gemm_rel_transposed<T>((cublasHandle_t)blas,
					     (const T *)a, (const T *)b,
					     (const T *)c, n, 1, &d->rel_at);
	if (!err && m == k && k == n)
		err = gemm_rel_transposed<T>((cublasHandle_t)blas,
					     (const T *)a, (const T *)b,
					     (const T *)c, n, 0, &d->rel_bt);
	return err;
}

extern "C" int kernel_gemm_diagnose(void *blas, const void *a, const void *b,
				    const void *c, int m, int k, int n,
				    int fp64, struct kernel_gemm_diag *d)
{
	return fp64 ? gemm_diagnose<double>(blas, a, b, c, m, k, n, d) :
		      gemm_diagnose<float>(blas, a, b, c, m, k, n, d);
}

/* Counts, per block, the elements where the copy differs from its
 * source. */
__global__ void __launch_bounds__(VERIFY_THREADS)
verify_copy(const int *__restrict__ a, const int *__restrict__ b,
	    size_t count, unsigned long long *bad_part)
{
	__shared__ unsigned long long sb[VERIFY_THREADS];
	size_t stride = (size_t)gridDim.x * blockDim.x;
	unsigned long long bad = 0;
	int t = threadIdx.x;

	for (size_t i = (size_t)blockIdx.x * blockDim.x + t; i < count;
	     i += stride)
		bad += a[i] != b[i];
	sb[t] = bad;
	__syncthreads();
	for (int s = VERIFY_THREADS / 2; s > 0; s /= 2) {
		if (t < s)
			sb[t] += sb[t + s];
		__syncthreads();
	}
	if (t == 0)
		bad_part[blockIdx.x] = sb[0];
}

extern "C" int kernel_copy_verify(const void *a, const void *b, size_t count,
				  size_t *mismatches)
{
	unsigned long long *bad = NULL, hb[VERIFY_BLOCKS], nbad = 0;
	unsigned blocks = verify_grid(count);
	int err;

	*mismatches = 0;
	if (count == 0)
		return cudaSuccess;
	/* b may come from any stream; verification is never timed. */
	err = KERNEL_CUDA(cudaDeviceSynchronize());
	if (err)
		goto out;
	err = KERNEL_CUDA_ALLOC(cudaMalloc((void **)&bad,
					   blocks * sizeof(*bad)));
	if (err)
		goto out;
	KERNEL_LAUNCH_BEGIN();
	verify_copy<<<blocks, VERIFY_THREADS>>>((const int *)a,
						(const int *)b, count, bad);
	err = KERNEL_LAUNCH_END("verify_copy<<<...>>>");
	if (err)
		goto out;
	err = KERNEL_CUDA(cudaMemcpy(hb, bad, blocks * sizeof(*bad),
				     cudaMemcpyDeviceToHost));
	if (err)
		goto out;
	for (unsigned i = 0; i < blocks; i++)
		nbad += hb[i];
	*mismatches = (size_t)nbad;
out:
	if (bad)
		KERNEL_CUDA(cudaFree(bad));
	return err;
}

/* Every byte 0xFF: as float, a quiet NaN with all mantissa bits set.
 * Synchronous, so that it is ordered before a launch on any stream. */
extern "C" int kernel_poison(void *dev, size_t bytes)
{
	int err = KERNEL_CUDA(cudaMemset(dev, 0xFF, bytes));

	if (err)
		return err;
	return KERNEL_CUDA(cudaDeviceSynchronize());
}
