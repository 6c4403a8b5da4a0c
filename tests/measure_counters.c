/* measure/counters.c on the GPU: the counters of kernels whose counts are
 * known analytically (v2: one thread per element of C, n multiply-adds
 * from global memory; v3: b x b shared-memory tiles), read through CUPTI,
 * must equal those counts exactly; the rest must be sane and repeatable.
 * Also the driver of scripts/ncu-compare: every metric is printed as a
 * "name value" line after a "config KERNEL BLOCK N" line.
 *
 * Usage: measure_counters [--launch-only] [-n N] [KERNEL:BLOCK ...]
 *   default: -n 512 v2:8 v2:16 v3:8 v3:16
 *   --launch-only  no CUPTI: launch each configuration twice (the
 *                  unprofiled run counters_collect makes, then the
 *                  measured one), for ncu to profile the same launches.
 * Exits 77 without a CUDA device, or when the counters cannot be read
 * (CUPTI missing, no permission, another profiler attached). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <cuda_runtime_api.h>

#include "counters.h"
#include "kernels.h"

#define MAX_CONFIGS 32

struct config {
	const struct kernel_desc *kernel;
	int block;
	struct counters_values v;
	int collected;
};

static struct {
	int n;
	int launch_only;
	struct config conf[MAX_CONFIGS];
	size_t nconf;
	float *a, *b, *c;
	struct counters *counters;
	int l2;			/* L2 bytes */
} g;

static int cuda_ok(cudaError_t err, const char *call, int line)
{
	if (err == cudaSuccess)
		return 1;
	fprintf(stderr, "measure_counters.c:%d: %s: %s\n", line, call,
		cudaGetErrorString(err));
	return 0;
}
#define CUDA_OK(call) cuda_ok((call), #call, __LINE__)

static struct kernel_args args_of(const struct config *cf)
{
	struct kernel_args a = {
		.m = g.n, .k = g.n, .n = g.n, .block = cf->block, .ilp = 1,
		.a = g.a, .b = g.b, .c = g.c,
	};

	return a;
}

static int launch_config(void *arg)
{
	const struct config *cf = arg;
	struct kernel_args a = args_of(cf);

	return cf->kernel->launch(&a);
}

/* Fails from its third call on: the first is counters_collect's
 * unprofiled run, the second the duration pass, so the failure comes
 * inside the first pass of the other metrics, with the profiler
 * started. */
static int launch_failing(void *arg)
{
	static int calls;

	if (++calls >= 3)
		return (int)cudaErrorInvalidValue;
	return launch_config(arg);
}

/* Warps that run the kernel's loop, ceil(b*b / 32) per block: every
 * thread of a b x b block is inside the matrix when b divides n. */
static double warps(const struct config *cf)
{
	double blocks = (double)(g.n / cf->block) * (g.n / cf->block);

	return blocks * ((cf->block * cf->block + 31) / 32);
}

static int exact_case(const struct config *cf)
{
	return g.n % cf->block == 0 &&
	       (strcmp(cf->kernel->name, "v2") == 0 ||
		strcmp(cf->kernel->name, "v3") == 0);
}

/* Global loads per thread: v2 reads a row of A and a column of B (2n);
 * v3 loads one element of each tile of A and B (2 n/b). */
static double loads_per_thread(const struct config *cf)
{
	if (strcmp(cf->kernel->name, "v2") == 0)
		return 2.0 * g.n;
	return 2.0 * (g.n / cf->block);
}

static void print_values(const struct config *cf)
{
	const struct counters_values *v = &cf->v;

	printf("config %s %d %d\n", cf->kernel->name, cf->block, g.n);
	for (int m = 0; m < COUNTERS_METRIC_COUNT; m++)
		if (v->has[m])
			printf("%s %.17g\n",
			       counters_metric_name(g.counters, m),
			       v->value[m]);
	printf("# kernels %d passes %d gips %.6g cgma %.6g gflops %.6g "
	       "dram_gbs %.6g\n", v->kernels, v->passes, counters_gips(v),
	       counters_cgma(v), counters_flops_per_s(v) / 1e9,
	       counters_dram_bytes_per_s(v) / 1e9);
}

static void test_collect(void **state)
{
	for (size_t i = 0; i < g.nconf; i++) {
		struct config *cf = &g.conf[i];

		assert_int_equal(counters_collect(g.counters, launch_config,
						  cf, &cf->v), 0);
		cf->collected = 1;
		print_values(cf);
	}
}

static void test_sane(void **state)
{
	for (size_t i = 0; i < g.nconf; i++) {
		const struct counters_values *v = &g.conf[i].v;
		double inst = v->value[COUNTERS_INST_EXECUTED];
		double tinst = v->value[COUNTERS_THREAD_INST_EXECUTED];

		assert_true(g.conf[i].collected);
		/* Every metric the chip has was read. */
		for (int m = 0; m < COUNTERS_METRIC_COUNT; m++)
			if (counters_metric_name(g.counters, m))
				assert_true(v->has[m]);
		assert_int_equal(v->kernels, 1);
		/* The duration pass, then the rest. */
		assert_true(v->passes >= 2);
		assert_true(v->value[COUNTERS_DURATION_NS] > 0);
		assert_true(inst > 0);
		assert_true(tinst >= inst && tinst <= 32 * inst);
		for (int m = 0; m < COUNTERS_METRIC_COUNT; m++)
			assert_true(v->value[m] >= 0);
		assert_true(v->value[COUNTERS_GLOBAL_LD_REQUESTS] > 0);
		assert_true(v->value[COUNTERS_GLOBAL_LD_SECTORS] >=
			    v->value[COUNTERS_GLOBAL_LD_REQUESTS]);
	}
}

static void test_exact(void **state)
{
	double n = g.n, n3 = n * n * n, checked = 0;

	for (size_t i = 0; i < g.nconf; i++) {
		const struct config *cf = &g.conf[i];
		const struct counters_values *v = &cf->v;
		double per = loads_per_thread(cf);

		if (!exact_case(cf))
			continue;
		/* One FFMA per multiply-add, nothing else in FP32. */
		assert_true(counters_fp32_ops(v) == 2 * n3);
		assert_true(v->value[COUNTERS_FFMA] == n3);
		assert_true(v->value[COUNTERS_GLOBAL_LD_INST] ==
			    per * warps(cf));
		assert_true(v->value[COUNTERS_GLOBAL_ST_INST] == warps(cf));
		assert_true(v->value[COUNTERS_GLOBAL_ST_BYTES] == 4 * n * n);
		/* "Bytes required for global loads" is not the threads'
		 * 4 * per * n^2 (an H100 read 1/16 of it for v2), and
		 * NVIDIA documents neither it nor the requests falling
		 * below one per warp instruction; what holds whatever they
		 * count: no warp's float load needs more than 32 x 4
		 * bytes, and a warp instruction sends at most one request.
		 * scripts/ncu-compare checks both against Nsight Compute. */
		assert_true(v->value[COUNTERS_GLOBAL_LD_BYTES] > 0);
		assert_true(v->value[COUNTERS_GLOBAL_LD_BYTES] <=
			    128 * v->value[COUNTERS_GLOBAL_LD_INST]);
		assert_true(v->value[COUNTERS_GLOBAL_LD_REQUESTS] <=
			    v->value[COUNTERS_GLOBAL_LD_INST]);
		checked++;
	}
	if (!checked)
		skip();
}

static void test_derived(void **state)
{
	double n = g.n;

	for (size_t i = 0; i < g.nconf; i++) {
		const struct config *cf = &g.conf[i];
		const struct counters_values *v = &cf->v;
		double dur = v->value[COUNTERS_DURATION_NS], want;

		assert_true(counters_gips(v) ==
			    v->value[COUNTERS_INST_EXECUTED] / dur);
		assert_true(isfinite(counters_flops_per_s(v)));
		assert_true(counters_dram_bytes_per_s(v) >= 0);
		if (!exact_case(cf))
			continue;
		/* 2 FLOP per multiply-add over the warp-level global load
		 * and store instructions (counters.h): 2n^3 / ((per + 1)
		 * warps), about 32 for v2 and 32 b for v3 (512 at b = 16,
		 * report P's ~500). */
		want = 2 * n * n * n / ((loads_per_thread(cf) + 1) *
					warps(cf));
		assert_true(fabs(counters_cgma(v) - want) <= 1e-12 * want);
	}
}

/* Every pass counts from cold, clean caches (the scrub that runs first
 * in each pass, its range dropped): the inputs come from DRAM at least
 * once, and an output that fits in L2 beside the inputs stays there, so
 * next to nothing is written back during the kernel, as Nsight Compute
 * counts with --cache-control all. Starting the profiler leaves dirty
 * lines in L2: with the scrub before the start instead of inside the
 * pass, a 1 MiB writer counted 1.04 MB written on an H100. */
static void test_cold_clean(void **state)
{
	double bytes = 4.0 * g.n * g.n;

	for (size_t i = 0; i < g.nconf; i++) {
		const struct counters_values *v = &g.conf[i].v;

		if (!v->has[COUNTERS_DRAM_READ_BYTES] ||
		    !v->has[COUNTERS_DRAM_WRITE_BYTES])
			skip();
		assert_true(v->value[COUNTERS_DRAM_READ_BYTES] >=
			    0.99 * 2 * bytes);
		if (3 * bytes <= g.l2 / 2.0)
			assert_true(v->value[COUNTERS_DRAM_WRITE_BYTES] <=
				    0.05 * bytes);
	}
}

static int scrub_none(void *arg)
{
	(void)arg;
	return 0;
}

/* The preparation's kernel count is bounded, and a refused setting
 * leaves the one before in place. */
static void test_prepare_bounds(void **state)
{
	struct counters_values v;

	assert_int_equal(counters_prepare_set(g.counters, scrub_none, NULL,
					      -1), -1);
	assert_int_equal(counters_prepare_set(g.counters, scrub_none, NULL,
					      9), -1);
	assert_int_equal(counters_collect(g.counters, launch_config,
					  &g.conf[0], &v), 0);
	assert_int_equal(v.kernels, 1);
}

/* A failed launch inside a pass fails the collection cleanly: the
 * profiler is disabled again and the object stays usable. */
static void test_launch_failure(void **state)
{
	struct counters_values v;

	assert_int_equal(counters_collect(g.counters, launch_failing,
					  &g.conf[0], &v), -1);
	assert_int_equal(v.kernels, 0);
	assert_int_equal(counters_collect(g.counters, launch_config,
					  &g.conf[0], &v), 0);
}

/* Instruction and access counts do not depend on timing. */
static void test_repeatable(void **state)
{
	static const enum counters_metric exact[] = {
		COUNTERS_INST_EXECUTED, COUNTERS_THREAD_INST_EXECUTED,
		COUNTERS_FFMA, COUNTERS_FADD, COUNTERS_FMUL,
		COUNTERS_GLOBAL_LD_INST, COUNTERS_GLOBAL_ST_INST,
		COUNTERS_GLOBAL_LD_BYTES, COUNTERS_GLOBAL_ST_BYTES,
	};
	struct config *cf = &g.conf[g.nconf - 1];
	struct counters_values v;

	assert_int_equal(counters_collect(g.counters, launch_config, cf,
					  &v), 0);
	for (size_t i = 0; i < sizeof(exact) / sizeof(exact[0]); i++)
		assert_true(v.value[exact[i]] == cf->v.value[exact[i]]);
}

static void fill_random(float *h, size_t count, uint64_t seed)
{
	uint64_t s = seed;

	for (size_t i = 0; i < count; i++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		h[i] = (float)((double)(s >> 40) / (double)(1ull << 24)) * 2 -
		       1;
	}
}

static int buffers_make(void)
{
	size_t count = (size_t)g.n * g.n, bytes = count * sizeof(float);
	float *h = malloc(bytes);
	int ok;

	if (!h)
		return -1;
	ok = CUDA_OK(cudaMalloc((void **)&g.a, bytes)) &&
	     CUDA_OK(cudaMalloc((void **)&g.b, bytes)) &&
	     CUDA_OK(cudaMalloc((void **)&g.c, bytes));
	if (ok) {
		fill_random(h, count, 1);
		ok = CUDA_OK(cudaMemcpy(g.a, h, bytes, cudaMemcpyHostToDevice));
	}
	if (ok) {
		fill_random(h, count, 2);
		ok = CUDA_OK(cudaMemcpy(g.b, h, bytes, cudaMemcpyHostToDevice));
	}
	if (ok)
		ok = CUDA_OK(cudaMemset(g.c, 0, bytes));
	free(h);
	return ok ? 0 : -1;
}

static void buffers_free(void)
{
	cudaFree(g.a);
	cudaFree(g.b);
	cudaFree(g.c);
}

static int config_add(const char *spec)
{
	char name[32];
	struct config *cf;
	int block;

	if (g.nconf == MAX_CONFIGS ||
	    sscanf(spec, "%31[^:]:%d", name, &block) != 2) {
		fprintf(stderr, "measure_counters: bad configuration '%s' "
			"(KERNEL:BLOCK)\n", spec);
		return -1;
	}
	cf = &g.conf[g.nconf];
	cf->kernel = kernel_find(name);
	cf->block = block;
	if (!cf->kernel || cf->kernel->shape != KERNEL_SQUARE) {
		fprintf(stderr, "measure_counters: '%s' is not a square "
			"kernel\n", name);
		return -1;
	}
	g.nconf++;
	return 0;
}

/* What the device cannot run is a usage error, not a skip. */
static int configs_check(const struct cudaDeviceProp *prop)
{
	char why[256];

	for (size_t i = 0; i < g.nconf; i++) {
		const struct config *cf = &g.conf[i];
		struct kernel_args a = args_of(cf);

		if (cf->kernel->check(&a, prop->maxThreadsPerBlock,
				      prop->sharedMemPerBlockOptin, why,
				      sizeof(why))) {
			fprintf(stderr, "measure_counters: %s:%d: %s\n",
				cf->kernel->name, cf->block, why);
			return -1;
		}
	}
	return 0;
}

static int launch_only(void)
{
	for (size_t i = 0; i < g.nconf; i++)
		for (int r = 0; r < 2; r++)
			if (launch_config(&g.conf[i]) ||
			    !CUDA_OK(cudaDeviceSynchronize()))
				return 1;
	return 0;
}

int main(int argc, char **argv)
{
	static const char *const defaults[] = {
		"v2:8", "v2:16", "v3:8", "v3:16"
	};
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_collect),
		cmocka_unit_test(test_sane),
		cmocka_unit_test(test_exact),
		cmocka_unit_test(test_derived),
		cmocka_unit_test(test_cold_clean),
		cmocka_unit_test(test_prepare_bounds),
		cmocka_unit_test(test_launch_failure),
		cmocka_unit_test(test_repeatable),
	};
	const char *specs[MAX_CONFIGS];
	size_t nspecs = 0;
	struct cudaDeviceProp prop;
	char why[512];
	void *scrub = NULL;
	int ndev = 0, ret, l2 = 0;

	g.n = 512;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--launch-only") == 0) {
			g.launch_only = 1;
		} else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
			g.n = atoi(argv[++i]);
		} else if (argv[i][0] != '-' && nspecs < MAX_CONFIGS) {
			specs[nspecs++] = argv[i];
		} else {
			fprintf(stderr, "usage: measure_counters "
				"[--launch-only] [-n N] [KERNEL:BLOCK ...]\n");
			return 2;
		}
	}
	if (g.n < 1 || g.n > 16384) {
		fprintf(stderr, "measure_counters: n must be 1..16384\n");
		return 2;
	}
	for (size_t i = 0; i < (nspecs ? nspecs : 4); i++)
		if (config_add(nspecs ? specs[i] : defaults[i]))
			return 2;
	if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
		printf("measure_counters: no CUDA device, skipped\n");
		return 77;
	}
	if (!CUDA_OK(cudaGetDeviceProperties(&prop, 0)))
		return 1;
	if (configs_check(&prop))
		return 2;
	if (buffers_make())
		return 1;
	if (g.launch_only) {
		ret = launch_only();
		buffers_free();
		return ret;
	}
	if (counters_open(0, &g.counters, why, sizeof(why))) {
		printf("measure_counters: counters unavailable, skipped: %s\n",
		       why);
		buffers_free();
		return 77;
	}
	/* As measure does: cold, clean caches in every pass. */
	if (cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0) ||
	    kernel_scrub_create((size_t)l2, &scrub)) {
		printf("measure_counters: cannot allocate the L2 scrub\n");
		counters_free(g.counters);
		buffers_free();
		return 1;
	}
	g.l2 = l2;
	if (counters_prepare_set(g.counters, kernel_scrub_run, scrub,
				 KERNEL_SCRUB_KERNELS)) {
		printf("measure_counters: counters_prepare_set refused the "
		       "scrub\n");
		counters_free(g.counters);
		kernel_scrub_free(scrub);
		buffers_free();
		return 1;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("# device 0: %s, chip %s\n", prop.name,
	       counters_chip(g.counters));
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	counters_free(g.counters);
	kernel_scrub_free(scrub);
	buffers_free();
	return ret;
}
