/* The versions and reference suites: one matrix product per run, timed
 * with a CUDA event pair around the launch. Metrics: "kernel" [ms] and
 * "gflops" [GFLOP/s] = 2mnk / time; with --counters, the counter pass's
 * figures (run_counters) after the samples. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

/* Poisons C, runs once, and compares C with the FP64 reference. */
static int gemm_verify(struct run_ctx *c, const struct plan_entry *e,
		       const struct kernel_args *args, struct run_result *r)
{
	size_t bytes = (size_t)e->m * e->n * sizeof(float);
	size_t nonfinite = 0;
	double rel = NAN;
	int err;

	if ((err = RCUDA(r, (cudaError_t)kernel_poison(args->c, bytes))))
		return err;
	if ((err = run_launch_error(r, run_entry_launch(e, args))) ||
	    (err = RCUDA(r, cudaStreamSynchronize(
				(cudaStream_t)args->stream))))
		return err;
	err = kernel_gemm_verify(c->blas, args->a, args->b, args->c, e->m,
				 e->k, e->n, &rel, &nonfinite);
	if (err == cudaErrorMemoryAllocation) {
		(void)cudaGetLastError();
		run_skip(r, "out of memory: FP64 reference of the "
			 "verification");
		return err;
	}
	if ((err = RCUDA(r, (cudaError_t)err)))
		return err;
	r->rel_error = rel;
	if (nonfinite || !isfinite(rel) || rel > PLAN_TOLERANCE) {
		r->verify_failed = 1;
		run_fail(r, "verification failed: relative error %.3g "
			 "(tolerance %.0e), %zu non-finite elements", rel,
			 PLAN_TOLERANCE, nonfinite);
	}
	return 0;
}

int run_gemm(struct run_ctx *c, const struct plan_entry *e,
	     struct run_result *r)
{
	size_t na = (size_t)e->m * e->k, nb = (size_t)e->k * e->n;
	size_t nc = (size_t)e->m * e->n;
	struct kernel_args args = { 0 };
	struct series *times, *gflops;
	void *da = NULL, *db = NULL, *dc = NULL;
	char what[64];
	double flops;
	int stopped = 0;

	times = run_metric_add(r, "kernel", "ms");
	gflops = run_metric_add(r, "gflops", "GFLOP/s");
	/* Device memory first: a product the device cannot hold is skipped
	 * before its host inputs are generated. */
	snprintf(what, sizeof(what), "device matrices (%.1f MiB)",
		 (na + nb + nc) * sizeof(float) / 1048576.0);
	if (RALLOC(r, cudaMalloc(&da, na * sizeof(float)), what) ||
	    RALLOC(r, cudaMalloc(&db, nb * sizeof(float)), what) ||
	    RALLOC(r, cudaMalloc(&dc, nc * sizeof(float)), what) ||
	    run_inputs_floats(c, e->m, e->k, e->n, r))
		goto out;
	if (RCUDA(r, cudaMemcpy(da, c->cache.a, na * sizeof(float),
				cudaMemcpyHostToDevice)) ||
	    RCUDA(r, cudaMemcpy(db, c->cache.b, nb * sizeof(float),
				cudaMemcpyHostToDevice)))
		goto out;

	args.m = e->m;
	args.k = e->k;
	args.n = e->n;
	args.block = e->block;
	args.ilp = 1;
	args.a = da;
	args.b = db;
	args.c = dc;
	args.blas = c->blas;
	stopped = run_sample_kernel(c, e, &args, 1, gemm_verify, times, r);
	if (stopped || strcmp(r->status, "ok") != 0)
		goto out;
	flops = e->kd->flops(&args);
	for (size_t i = 0; i < times->n; i++)
		if (series_push(gflops, flops / (times->v[i] * 1e-3) / 1e9)) {
			run_skip(r, "out of memory: host sample buffer");
			goto out;
		}
	r->samples = (int)times->n;
	/* After the samples, on the same buffers: never among them. */
	run_counters(c, e, &args, r);
out:
	/* Frees are checked but cannot change the outcome any more. */
	if (da)
		RCUDA(r, cudaFree(da));
	if (db)
		RCUDA(r, cudaFree(db));
	if (dc)
		RCUDA(r, cudaFree(dc));
	return stopped;
}
