/* The versions and reference suites: one matrix product per sample,
 * timed by the kernel timer (timer.h). Every configuration of a group
 * (one shape) multiplies the same device matrices, uploaded once.
 * Metrics: "kernel" [ms] and "gflops" [GFLOP/s] = 2mnk / time; with
 * --counters, the counter pass's figures (run_counters) after the
 * samples, for the versions suite (report P's GIPS and CGMA tables) and
 * the reference. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"
#include "vocab.h"

/* The group's matrices of shape m x k x n with the random inputs in A
 * and B. Returns 0, or non-zero with r marked. */
static int gemm_buffers(struct run_ctx *c, const struct plan_entry *e,
			struct run_result *r)
{
	struct shared_bufs *b = &c->bufs;
	size_t na = (size_t)e->m * e->k, nb = (size_t)e->k * e->n;
	size_t nc = (size_t)e->m * e->n;
	char what[64];

	if (b->kind == 1 && b->m == e->m && b->k == e->k && b->n == e->n)
		return 0;
	run_shared_release(c);
	/* Device memory first: a product the device cannot hold is skipped
	 * before its host inputs are generated. */
	snprintf(what, sizeof(what), "device matrices (%.1f MiB)",
		 (na + nb + nc) * sizeof(float) / 1048576.0);
	if (RALLOC(r, cudaMalloc(&b->a, na * sizeof(float)), what) ||
	    RALLOC(r, cudaMalloc(&b->b, nb * sizeof(float)), what) ||
	    RALLOC(r, cudaMalloc(&b->c, nc * sizeof(float)), what) ||
	    run_inputs_floats(c, e->m, e->k, e->n, r) ||
	    RCUDA(r, cudaMemcpy(b->a, c->cache.a, na * sizeof(float),
				cudaMemcpyHostToDevice)) ||
	    RCUDA(r, cudaMemcpy(b->b, c->cache.b, nb * sizeof(float),
				cudaMemcpyHostToDevice))) {
		run_shared_release(c);
		return -1;
	}
	b->kind = 1;
	b->m = e->m;
	b->k = e->k;
	b->n = e->n;
	return 0;
}

static int gemm_setup(struct run_ctx *c, struct job *j)
{
	if (!run_metric_add(&j->r, VOCAB_METRIC_KERNEL, "ms") ||
	    !run_metric_add(&j->r, VOCAB_METRIC_GFLOPS, "GFLOP/s")) {
		run_skip(&j->r, "out of memory: metrics");
		return -1;
	}
	if (gemm_buffers(c, j->e, &j->r))
		return -1;
	run_args_init(j->e, &j->args);
	j->args.a = c->bufs.a;
	j->args.b = c->bufs.b;
	j->args.c = c->bufs.c;
	j->args.blas = c->blas;
	return 0;
}

static int gemm_warm(struct run_ctx *c, struct job *j, double *seconds)
{
	return run_plain_launch(j, seconds);
}

/* Poisons C, runs once, and compares C with the FP64 reference. */
static int gemm_verify(struct run_ctx *c, struct job *j)
{
	const struct plan_entry *e = j->e;
	struct run_result *r = &j->r;
	size_t bytes = (size_t)e->m * e->n * sizeof(float);
	size_t nonfinite = 0;
	double rel = NAN, sec;
	int err;

	if ((err = RCUDA(r, (cudaError_t)kernel_poison(j->args.c, bytes))) ||
	    (err = run_plain_launch(j, &sec)))
		return err;
	err = kernel_gemm_verify(c->blas, j->args.a, j->args.b, j->args.c,
				 e->m, e->k, e->n, &rel, &nonfinite);
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
		return -1;
	}
	return 0;
}

static int gemm_sample(struct run_ctx *c, struct job *j, double *seconds)
{
	return run_timed_launch(c, j, seconds);
}

static int gemm_finish(struct run_ctx *c, struct job *j)
{
	struct series *times = run_metric_find(&j->r, VOCAB_METRIC_KERNEL);
	struct series *gflops = run_metric_find(&j->r, VOCAB_METRIC_GFLOPS);
	double flops = j->e->kd->flops(&j->args);

	for (size_t i = 0; i < times->n; i++)
		if (series_push(gflops, flops / (times->v[i] * 1e-3) / 1e9)) {
			run_skip(&j->r, "out of memory: host sample buffer");
			return 0;
		}
	/* After every sample of the group, on the same buffers: never
	 * among them. */
	return run_counters(c, j->e, &j->args, &j->r) == 1;
}

const struct suite_ops suite_gemm_ops = {
	gemm_setup, gemm_warm, gemm_verify, gemm_sample, gemm_finish
};
