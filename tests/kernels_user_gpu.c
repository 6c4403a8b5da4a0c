/* Own kernels on the GPU: the examples compiled by NVRTC for the
 * device's compute capability, loaded, launched with the contract's
 * geometry on random inputs and poisoned outputs at sizes that are and
 * are not multiples of the tile, and verified against the FP64
 * reference: regtile must pass at every size and block, buggy must
 * fail. The kernel handles serve the attribute and occupancy calls
 * measure makes. Exits 77 without a CUDA device or NVRTC.
 *
 *   kernels_user_gpu [--check-examples]
 *
 * The examples are read from $MMREPORT_EXAMPLES, else
 * $MMREPORT_SOURCE_DIR/examples (a build folder run on another machine,
 * scripts/gpu-check), else the source tree it was built from; exit 1
 * when they are not there. --check-examples only says which folder that
 * is and that the examples are in it (no GPU needed). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cuda_runtime_api.h>

#include "kernels.h"

#ifndef EXAMPLES_DIR
#error "EXAMPLES_DIR must name the source tree's examples/"
#endif

#define TOL 1e-4

/* The examples read (examples_find). */
static char ex_regtile[1024], ex_buggy[1024];

static int cc_major, cc_minor;
static void *blas;

static uint64_t rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* Runs kernel i of s at size n with block b; *err the relative error
 * against the reference, *bad the non-finite outputs. */
static void run_one(struct kernel_user_set *s, size_t i, int n, int b,
		    double *err, size_t *bad)
{
	size_t nn = (size_t)n * n, j;
	float *h = malloc(nn * sizeof(float));
	void *da = NULL, *db = NULL, *dc = NULL;
	struct kernel_args a;
	uint64_t seed = 42 + (uint64_t)n * 131 + (uint64_t)b;

	assert_non_null(h);
	assert_int_equal(cudaMalloc(&da, nn * sizeof(float)), cudaSuccess);
	assert_int_equal(cudaMalloc(&db, nn * sizeof(float)), cudaSuccess);
	assert_int_equal(cudaMalloc(&dc, nn * sizeof(float)), cudaSuccess);
	for (j = 0; j < nn; j++)
		h[j] = (float)((double)(rng_next(&seed) >> 11) * 0x1p-52 - 1);
	assert_int_equal(cudaMemcpy(da, h, nn * sizeof(float),
				    cudaMemcpyHostToDevice), cudaSuccess);
	for (j = 0; j < nn; j++)
		h[j] = (float)((double)(rng_next(&seed) >> 11) * 0x1p-52 - 1);
	assert_int_equal(cudaMemcpy(db, h, nn * sizeof(float),
				    cudaMemcpyHostToDevice), cudaSuccess);
	assert_int_equal(kernel_poison(dc, nn * sizeof(float)), cudaSuccess);
	memset(&a, 0, sizeof(a));
	a.n = n;
	a.block = b;
	a.ilp = 1;
	a.a = da;
	a.b = db;
	a.c = dc;
	assert_int_equal(kernel_user_launch(s, i, &a), cudaSuccess);
	assert_int_equal(cudaDeviceSynchronize(), cudaSuccess);
	assert_int_equal(kernel_gemm_verify(blas, da, db, dc, n, n, n, err,
					    bad), cudaSuccess);
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	free(h);
}

static struct kernel_user_set *load(const char *file)
{
	struct kernel_user_set *s = NULL;
	char err[512];

	if (kernel_user_compile(file, cc_major, cc_minor, &s, err,
				sizeof(err)))
		fail_msg("%s: %s", file, err);
	assert_int_equal(kernel_user_load(s), cudaSuccess);
	return s;
}

static void test_regtile(void **state)
{
	static const int sizes[] = {1, 31, 64, 100, 257, 512};
	struct kernel_user_set *s = load(ex_regtile);
	struct cudaFuncAttributes at;
	size_t z, j;
	int blocks;

	(void)state;
	for (z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++)
		for (j = 0; j < s->k[0].nblocks; j++) {
			double err;
			size_t bad;

			run_one(s, 0, sizes[z], s->k[0].blocks[j], &err, &bad);
			print_message("regtile n=%d b=%d: rel. error %.3g, "
				      "%zu non-finite\n", sizes[z],
				      s->k[0].blocks[j], err, bad);
			assert_int_equal(bad, 0);
			assert_true(err < TOL);
		}
	/* the handle answers what measure asks of a built-in kernel */
	assert_int_equal(cudaFuncGetAttributes(&at, s->func[0]), cudaSuccess);
	assert_true(at.numRegs > 0);
	assert_true(at.sharedSizeBytes == 2 * 2 * 16 * 16 * sizeof(float));
	assert_int_equal(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
				 &blocks, s->func[0], 16 * 16, 0), cudaSuccess);
	assert_true(blocks > 0);
	kernel_user_set_free(s);
}

/* The deliberate bug is caught: every element misses a product. */
static void test_buggy(void **state)
{
	struct kernel_user_set *s = load(ex_buggy);
	double err;
	size_t bad;

	(void)state;
	run_one(s, 0, 256, s->k[0].blocks[0], &err, &bad);
	print_message("buggy n=256: rel. error %.3g\n", err);
	assert_int_equal(bad, 0);
	assert_true(err > 100 * TOL);
	kernel_user_set_free(s);
}

/* Sets ex_regtile and ex_buggy from the folder the header names; 0, or
 * -1 with a message when either file is not readable there. */
static int examples_find(void)
{
	const char *ex = getenv("MMREPORT_EXAMPLES");
	const char *src = getenv("MMREPORT_SOURCE_DIR");
	char dir[900];

	if (ex && *ex)
		snprintf(dir, sizeof(dir), "%s", ex);
	else if (src && *src)
		snprintf(dir, sizeof(dir), "%s/examples", src);
	else
		snprintf(dir, sizeof(dir), "%s", EXAMPLES_DIR);
	snprintf(ex_regtile, sizeof(ex_regtile), "%s/regtile.cu", dir);
	snprintf(ex_buggy, sizeof(ex_buggy), "%s/buggy.cu", dir);
	if (access(ex_regtile, R_OK) || access(ex_buggy, R_OK)) {
		fprintf(stderr, "kernels_user_gpu: no examples/regtile.cu "
			"and buggy.cu under '%s' (MMREPORT_SOURCE_DIR names "
			"the source tree)\n", dir);
		return -1;
	}
	printf("examples: %s\n", dir);
	return 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regtile),
		cmocka_unit_test(test_buggy),
	};
	struct kernel_user_set *s = NULL;
	struct cudaDeviceProp p;
	char err[512];
	int ndev = 0, rc;

	if (argc > 2 || (argc == 2 && strcmp(argv[1], "--check-examples"))) {
		fprintf(stderr, "usage: kernels_user_gpu [--check-examples]\n");
		return 2;
	}
	if (examples_find())
		return 1;
	if (argc == 2)
		return 0;
	if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
		fprintf(stderr, "no CUDA device: skipped\n");
		return 77;
	}
	if (cudaGetDeviceProperties(&p, 0) != cudaSuccess)
		return 1;
	cc_major = p.major;
	cc_minor = p.minor;
	if (kernel_user_compile(ex_buggy, cc_major, cc_minor,
				&s, err, sizeof(err)) ==
	    KERNEL_USER_ERR_NVRTC) {
		fprintf(stderr, "NVRTC unavailable (%s): skipped\n", err);
		kernel_user_set_free(s);
		return 77;
	}
	kernel_user_set_free(s);
	blas = kernel_blas_create();
	if (!blas)
		return 1;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	kernel_blas_free(blas);
	return rc;
}
