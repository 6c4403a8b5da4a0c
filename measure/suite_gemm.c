/* The versions, reference, precision and rect suites: one matrix
 * product per sample, timed by the kernel timer (timer.h). Every
 * configuration of a group (one shape) multiplies the same device
 * matrices of its precision, uploaded once: random floats, or in double random
 * doubles of 53 bits (floats' 24 bits would make double's products and
 * sums exact, its rounding invisible).
 * Metrics: "kernel" [ms] and "gflops" [GFLOP/s] = 2mnk / time; with
 * --counters, the counter pass's figures (run_counters) after the
 * samples, for the versions suite (report P's GIPS and CGMA tables) and
 * the reference; for precision and rect, whose groups hold both
 * precisions of a shape (the doubles in c->bufs64), the sampled accuracy
 * ("acc_max", "acc_mean", vocab.h) from the verification run. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "runner.h"
#include "vocab.h"

/* Entries of C whose error the precision and rect suites measure: the
 * four corners (where the padding of rect ends) and random ones. */
#define ACC_SAMPLE 1024

/* The group's matrices of shape m x k x n with the random inputs in A
 * and B. Returns 0, or non-zero with r marked. */
static int gemm_buffers(struct run_ctx *c, const struct plan_entry *e,
			struct run_result *r)
{
	struct shared_bufs *b = e->fp64 ? &c->bufs64 : &c->bufs;
	const struct input_mats *im = e->fp64 ? &c->cache.f64 : &c->cache.f32;
	size_t na = (size_t)e->m * e->k, nb = (size_t)e->k * e->n;
	size_t nc = (size_t)e->m * e->n;
	size_t elt = e->fp64 ? sizeof(double) : sizeof(float);
	int kind = e->fp64 ? 6 : 1, err;
	char what[64];

	if (b->kind == kind && b->m == e->m && b->k == e->k && b->n == e->n)
		return 0;
	run_bufs_release(b);
	/* Device memory first: a product the device cannot hold is skipped
	 * before its host inputs are generated. */
	snprintf(what, sizeof(what), "device matrices (%.1f MiB)",
		 (na + nb + nc) * elt / 1048576.0);
	err = RALLOC(r, cudaMalloc(&b->a, na * elt), what) ||
	      RALLOC(r, cudaMalloc(&b->b, nb * elt), what) ||
	      RALLOC(r, cudaMalloc(&b->c, nc * elt), what) ||
	      run_inputs_matrix(c, e->fp64, e->m, e->k, e->n, r) ||
	      RCUDA(r, cudaMemcpy(b->a, im->a, na * elt,
				  cudaMemcpyHostToDevice)) ||
	      RCUDA(r, cudaMemcpy(b->b, im->b, nb * elt,
				  cudaMemcpyHostToDevice));
	if (err) {
		run_bufs_release(b);
		return -1;
	}
	b->kind = kind;
	b->m = e->m;
	b->k = e->k;
	b->n = e->n;
	return 0;
}

static int gemm_setup(struct run_ctx *c, struct job *j)
{
	const struct shared_bufs *b;

	if (!run_metric_add(&j->r, VOCAB_METRIC_KERNEL, "ms") ||
	    !run_metric_add(&j->r, VOCAB_METRIC_GFLOPS, "GFLOP/s")) {
		run_skip(&j->r, "out of memory: metrics");
		return -1;
	}
	if (gemm_buffers(c, j->e, &j->r))
		return -1;
	run_args_init(j->e, &j->args);
	b = j->e->fp64 ? &c->bufs64 : &c->bufs;
	j->args.a = b->a;
	j->args.b = b->b;
	j->args.c = b->c;
	j->args.blas = c->blas;
	return 0;
}

/* One entry of C against the product of the kernel's own inputs summed
 * in long double with Neumaier's compensation: a product of two floats
 * is exact there (48 of 64 bits), one of two doubles off by 2^-64 at
 * most, so the reference's error stays near 2^-64 sum |a b|, 2000 times
 * below double's rounding. The error is scaled by sum |a b| (vocab.h). */
static double acc_entry_error(const struct run_ctx *c,
			      const struct plan_entry *e, long long i,
			      long long jj, double got)
{
	const float *a = c->cache.f32.a, *b = c->cache.f32.b;
	const double *a64 = c->cache.f64.a, *b64 = c->cache.f64.b;
	long double sum = 0, comp = 0, scale = 0;
	int k = e->k, n = e->n;

	for (int t = 0; t < k; t++) {
		size_t ia = (size_t)i * k + t, ib = (size_t)t * n + jj;
		long double p = e->fp64 ? (long double)a64[ia] * b64[ib] :
				(long double)a[ia] * b[ib];
		long double s = sum + p;

		comp += fabsl(sum) >= fabsl(p) ? (sum - s) + p : (p - s) + sum;
		sum = s;
		scale += fabsl(p);
	}
	sum += comp;
	if (scale == 0)
		return got == 0 ? 0 : INFINITY;
	return (double)(fabsl((long double)got - sum) / scale);
}

/* The precision and rect suites' accuracy: ACC_SAMPLE entries of the C
 * the verification run left, against acc_entry_error's reference, as
 * the single values "acc_max" and "acc_mean". Returns 0 or non-zero
 * with r marked. */
static int gemm_accuracy(struct run_ctx *c, struct job *j)
{
	const struct plan_entry *e = j->e;
	struct run_result *r = &j->r;
	size_t elt = e->fp64 ? sizeof(double) : sizeof(float);
	long long cells = (long long)e->m * e->n;
	double max = 0, sum = 0;
	struct rng g;
	int count = 0;

	if (run_inputs_matrix(c, e->fp64, e->m, e->k, e->n, r))
		return -1;
	rng_seed(&g, rng_config_seed(c->set->seed, e->m, e->k, e->n, 1));
	for (int s = 0; s < ACC_SAMPLE && s < cells; s++) {
		static const int corner[4][2] = {
			{ 0, 0 }, { 0, 1 }, { 1, 0 }, { 1, 1 }
		};
		long long i, jj;
		union { float f; double d; } got;
		double err;

		if (s < 4) {
			i = corner[s][0] ? e->m - 1 : 0;
			jj = corner[s][1] ? e->n - 1 : 0;
		} else {
			long long x = (long long)(rng_next(&g) %
						  (unsigned long long)cells);

			i = x / e->n;
			jj = x % e->n;
		}
		if (RCUDA(r, cudaMemcpy(&got, (const char *)j->args.c +
					(i * e->n + jj) * elt, elt,
					cudaMemcpyDeviceToHost)))
			return -1;
		err = acc_entry_error(c, e, i, jj, e->fp64 ? got.d : got.f);
		max = err > max || isnan(err) ? err : max;
		sum += err;
		count++;
	}
	return run_single_value(r, VOCAB_METRIC_ACC_MAX, "", max) ||
	       run_single_value(r, VOCAB_METRIC_ACC_MEAN, "", sum / count);
}

/* After a failed verification: where C is wrong, as the diag_* single
 * values (vocab.h) the report's findings read. A diagnosis that cannot be
 * had (out of memory) leaves the failure as it is. */
static void gemm_diagnose(struct run_ctx *c, struct job *j)
{
	const struct plan_entry *e = j->e;
	struct run_result *r = &j->r;
	struct kernel_gemm_diag d = { .block = e->block > 0 ? e->block : 1,
				      .tol = PLAN_TOLERANCE };
	int err = kernel_gemm_diagnose(c->blas, j->args.a, j->args.b,
				       j->args.c, e->m, e->k, e->n, e->fp64,
				       &d);

	if (err) {
		(void)cudaGetLastError();
		return;
	}
	run_single_value(r, VOCAB_METRIC_DIAG_WRONG, "", (double)d.wrong);
	run_single_value(r, VOCAB_METRIC_DIAG_CELLS, "",
			 (double)e->m * e->n);
	run_single_value(r, VOCAB_METRIC_DIAG_WRONG_EDGE, "",
			 (double)d.wrong_edge);
	run_single_value(r, VOCAB_METRIC_DIAG_EDGE_CELLS, "",
			 (double)d.edge_cells);
	if (d.first_i >= 0) {
		run_single_value(r, VOCAB_METRIC_DIAG_ROW, "",
				 (double)d.first_i);
		run_single_value(r, VOCAB_METRIC_DIAG_COL, "",
				 (double)d.first_j);
		run_single_value(r, VOCAB_METRIC_DIAG_WANT, "", d.first_want);
		if (isfinite(d.first_got))
			run_single_value(r, VOCAB_METRIC_DIAG_GOT, "",
					 d.first_got);
		else
			run_single_value(r, VOCAB_METRIC_DIAG_NAN, "", 1);
	}
	if (isfinite(d.rel_at))
		run_single_value(r, VOCAB_METRIC_DIAG_REL_AT, "", d.rel_at);
	if (isfinite(d.rel_bt))
		run_single_value(r, VOCAB_METRIC_DIAG_REL_BT, "", d.rel_bt);
}

/* Poisons C, runs once, and compares C with the FP64 reference; for the
 * precision and rect suites, then measures its accuracy. */
static int gemm_verify(struct run_ctx *c, struct job *j)
{
	const struct plan_entry *e = j->e;
	int err;

	if ((err = run_poisoned_launch(j, (size_t)e->m * e->n * (e->fp64 ?
				       sizeof(double) : sizeof(float)))) ||
	    (err = run_gemm_check(c, &j->r, e->fp64, j->args.a, j->args.b,
				  j->args.c, e->m, e->k, e->n)))
		return err;
	if (j->r.verify_failed) {
		gemm_diagnose(c, j);
		return -1;
	}
	if (plan_hooks[e->suite]->fp_mixed)
		return gemm_accuracy(c, j);
	return 0;
}

static int gemm_finish(struct run_ctx *c, struct job *j)
{
	if (run_rates(j, VOCAB_METRIC_GFLOPS, j->e->kd->flops(&j->args)))
		return 0;
	/* After every sample of the group, on the same buffers: never
	 * among them. */
	return run_counters(c, j->e, &j->args, &j->r) == 1;
}

static const struct suite_ops gemm_ops = {
	gemm_setup, run_plain_launch, gemm_verify, run_timed_launch, gemm_finish
};

/* The products: the matrix model and sizes of plan_model.c. The library
 * is compared with the versions at each shape; precision and rect
 * compare float with double. */
const struct suite_hooks suite_versions_hooks = {
	.build = plan_matrix_build, .ops = &gemm_ops };
const struct suite_hooks suite_reference_hooks = {
	.build = plan_reference_build, .ops = &gemm_ops,
	.group_with = &suite_versions_hooks };
const struct suite_hooks suite_precision_hooks = {
	.build = plan_products_build, .ops = &gemm_ops, .fp_mixed = 1 };
const struct suite_hooks suite_rect_hooks = {
	.build = plan_products_build, .ops = &gemm_ops, .fp_mixed = 1 };
const struct suite_hooks suite_progression_hooks = {
	.build = plan_products_build, .ops = &gemm_ops };
