/* The dot and walkers suites (textbook R's scalar product, lecture B's
 * random walkers). A sample is one launch (dot: its two kernels, timed
 * from the first start to the last end), timed by the kernel timer.
 *
 * dot: a and b hold count elements in [0, 1) hashed from the session's
 * seed on the device (float, or double for an fp64 configuration); the
 * result is checked against the host's sum of the same elements in long
 * double with compensated (Neumaier) summation, more exact than either
 * precision; the relative error is stored as the configuration's and
 * must stay within DOT_TOL_FP32 or DOT_TOL_FP64. Metrics:
 * "kernel" [ms], "gbs" [GB/s] = both vectors' bytes / time.
 *
 * walkers: the positions of a sample of walkers are replayed exactly on
 * the host with the same generator, and the mean and variance of all
 * positions are checked against the walk's theory (0 and the step
 * count) and stored as one value each. Metrics: "kernel" [ms], "gsteps"
 * [10^9 steps/s] = walkers x steps / time, "walk_mean", "walk_var". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcuda.h"
#include "runner.h"
#include "vocab.h"

#define DOT_TOL_FP32 1e-5
#define DOT_TOL_FP64 1e-12
/* walkers replayed exactly: the first and the last of the launch */
#define WALK_REPLAY_FIRST 4096
#define WALK_REPLAY_LAST 64
/* a statistic this many standard errors from the theory fails */
#define WALK_Z_MAX 6.0

/* The seeds of a and b (and the walkers'): the session's, told apart. */
static unsigned dw_seed(const struct run_ctx *c, int which)
{
	uint64_t s = c->set->seed * 4 + 2 + (uint64_t)which;

	return (unsigned)(s ^ (s >> 32));
}

/* The group's buffers: kind 4, count elements of a and b in the
 * configuration's precision and the result with the partial sums in c;
 * kind 5, the walkers' states in a and positions in c. A group shares
 * its count and precision, so they are made once for it. */
static int dw_buffers(struct run_ctx *c, const struct plan_entry *e,
		      struct run_result *r)
{
	struct shared_bufs *b = &c->bufs;
	int dot = e->suite == SUITE_DOT, kind = dot ? 4 : 5;
	size_t elt = dot ? (e->fp64 ? sizeof(double) : sizeof(float)) :
		     sizeof(unsigned);
	size_t n = (size_t)e->count;
	char what[80];

	if (b->kind == kind && b->count == e->count && b->k == e->fp64)
		return 0;
	run_shared_release(c);
	snprintf(what, sizeof(what), "device vectors (%.1f MiB)",
		 2.0 * n * elt / 1048576.0);
	if (RALLOC(r, cudaMalloc(&b->a, n * elt), what) ||
	    (dot && RALLOC(r, cudaMalloc(&b->b, n * elt), what)) ||
	    RALLOC(r, cudaMalloc(&b->c, dot ? (1 + KERNEL_DOT_PARTS) * elt :
				 n * sizeof(int)), what) ||
	    (dot && (RCUDA(r, (cudaError_t)kernel_fill_unit(
				b->a, n, dw_seed(c, 0), e->fp64, NULL)) ||
		     RCUDA(r, (cudaError_t)kernel_fill_unit(
				b->b, n, dw_seed(c, 1), e->fp64, NULL)))) ||
	    RCUDA(r, cudaDeviceSynchronize())) {
		run_shared_release(c);
		return -1;
	}
	b->kind = kind;
	b->count = e->count;
	b->k = e->fp64;
	return 0;
}

static int dw_setup(struct run_ctx *c, struct job *j)
{
	int dot = j->e->suite == SUITE_DOT;

	if (!run_metric_add(&j->r, VOCAB_METRIC_KERNEL, "ms") ||
	    !run_metric_add(&j->r, dot ? VOCAB_METRIC_GBS :
			    VOCAB_METRIC_GSTEPS, dot ? "GB/s" : "Gsteps/s")) {
		run_skip(&j->r, "out of memory: metrics");
		return -1;
	}
	if (dw_buffers(c, j->e, &j->r))
		return -1;
	run_args_init(j->e, &j->args);
	j->args.a = c->bufs.a;
	j->args.b = c->bufs.b;
	j->args.c = c->bufs.c;
	j->args.blas = c->blas;
	j->args.seed = dw_seed(c, 2);
	return 0;
}

/* The exact dot of the hashed vectors in long double, Neumaier-
 * compensated; kept for the next configuration of the same vectors. */
static long double dot_reference(const struct run_ctx *c,
				 const struct plan_entry *e)
{
	static struct {
		size_t count;
		int fp64;
		unsigned sa, sb;
		long double ref;
		int have;
	} memo;
	unsigned sa = dw_seed(c, 0), sb = dw_seed(c, 1);
	long double sum = 0, comp = 0;

	if (memo.have && memo.count == (size_t)e->count &&
	    memo.fp64 == e->fp64 && memo.sa == sa && memo.sb == sb)
		return memo.ref;
	for (size_t i = 0; i < (size_t)e->count; i++) {
		long double p = (long double)kernel_hash_unit(i, sa, e->fp64) *
				kernel_hash_unit(i, sb, e->fp64);
		long double t = sum + p;

		comp += fabsl(sum) >= fabsl(p) ? (sum - t) + p : (p - t) + sum;
		sum = t;
	}
	memo.count = (size_t)e->count;
	memo.fp64 = e->fp64;
	memo.sa = sa;
	memo.sb = sb;
	memo.ref = sum + comp;
	memo.have = 1;
	return memo.ref;
}

static int dot_verify(struct run_ctx *c, struct job *j)
{
	struct run_result *r = &j->r;
	size_t elt = j->e->fp64 ? sizeof(double) : sizeof(float);
	double tol = j->e->fp64 ? DOT_TOL_FP64 : DOT_TOL_FP32;
	union { float f; double d; } got;
	long double ref;
	int err;

	if ((err = run_poisoned_launch(j, elt)) ||
	    (err = RCUDA(r, cudaMemcpy(&got, j->args.c, elt,
				       cudaMemcpyDeviceToHost))))
		return err;
	ref = dot_reference(c, j->e);
	r->rel_error = (double)(fabsl((long double)(j->e->fp64 ? got.d :
				      got.f) - ref) / fabsl(ref));
	/* NaN (poison left, an overflow) fails too */
	if (!(r->rel_error <= tol)) {
		r->verify_failed = 1;
		run_fail(r, "verification failed: relative error %.3g "
			 "(tolerance %.0e) against the compensated sum in "
			 "long double", r->rel_error, tol);
		return -1;
	}
	return 0;
}

/* The host's replay of walker w: its position after steps steps. */
static int walk_replay(size_t w, int steps, unsigned seed)
{
	unsigned s = kernel_walk_seed(w, seed);
	int x = 0;

	for (int i = 0; i < steps; i++) {
		s = kernel_walk_next(s);
		x += (s >> 31) ? 1 : -1;
	}
	return x;
}

static int walk_verify(struct run_ctx *c, struct job *j)
{
	struct run_result *r = &j->r;
	size_t n = j->args.count, i, bad = 0, first = 0;
	int steps = j->e->param, *pos = NULL, err;
	double sum = 0, sq = 0, mean, var, z_mean, z_var;

	if ((err = run_poisoned_launch(j, n * sizeof(int))))
		return err;
	pos = malloc(n * sizeof(*pos));
	if (!pos) {
		run_skip(r, "out of memory: host verification buffer");
		return -1;
	}
	if ((err = RCUDA(r, cudaMemcpy(pos, j->args.c, n * sizeof(int),
				       cudaMemcpyDeviceToHost))))
		goto out;
	for (i = 0; i < n; i++) {
		if (i < WALK_REPLAY_FIRST || i + WALK_REPLAY_LAST >= n)
			if (pos[i] != walk_replay(i, steps, j->args.seed) &&
			    !bad++)
				first = i;
		sum += pos[i];
	}
	mean = sum / (double)n;
	for (i = 0; i < n; i++)
		sq += (pos[i] - mean) * (pos[i] - mean);
	var = n > 1 ? sq / (double)(n - 1) : 0;
	/* the walk's theory: mean 0 with standard error sqrt(steps / n);
	 * variance steps, the sample variance's standard error about
	 * steps sqrt(2 / (n - 1)) */
	z_mean = mean / sqrt((double)steps / (double)n);
	z_var = n > 1 ? (var - steps) / (steps * sqrt(2.0 / (n - 1))) : 0;
	r->rel_error = (double)bad / (double)n;
	if (bad) {
		r->verify_failed = 1;
		run_fail(r, "verification failed: %zu replayed walkers differ "
			 "(first walker %zu)", bad, first);
		err = -1;
	} else if (fabs(z_mean) > WALK_Z_MAX || fabs(z_var) > WALK_Z_MAX) {
		r->verify_failed = 1;
		run_fail(r, "verification failed: mean %.4g and variance %.4g "
			 "of %zu walks of %d steps are %.1f and %.1f standard "
			 "errors from the theory (0, %d)", mean, var, n, steps,
			 z_mean, z_var, steps);
		err = -1;
	} else if (run_single_value(r, VOCAB_METRIC_WALK_MEAN, "steps", mean) ||
		   run_single_value(r, VOCAB_METRIC_WALK_VAR, "steps^2", var)) {
		err = -1;
	}
out:
	free(pos);
	return err;
}

static int dw_verify(struct run_ctx *c, struct job *j)
{
	return j->e->suite == SUITE_DOT ? dot_verify(c, j) :
					 walk_verify(c, j);
}

static int dw_finish(struct run_ctx *c, struct job *j)
{
	if (j->e->suite == SUITE_DOT)
		run_rates(j, VOCAB_METRIC_GBS, j->e->kd->bytes(&j->args));
	else
		run_rates(j, VOCAB_METRIC_GSTEPS,
			  (double)j->e->count * j->e->param);
	return 0;
}

static const struct suite_ops dw_ops = {
	.setup = dw_setup,
	.warm = run_plain_launch,
	.verify = dw_verify,
	.sample = run_timed_launch,
	.finish = dw_finish,
};

/* The time models. dot: the host's compensated reference over both
 * vectors (cached per N and precision). walkers: steps at the registry's
 * rate; a sample replayed and every position copied back. */
static double dot_verify_seconds(const struct plan_entry *e, double run)
{
	return run + 2.0 * (double)e->count * PLAN_RATE_GEN;
}

static double walk_run_seconds(const struct plan_entry *e)
{
	return PLAN_RATE_LAUNCH_S + (double)e->count * e->param / e->kd->rate;
}

static double walk_verify_seconds(const struct plan_entry *e, double run)
{
	return run + (4.0 * (double)e->count / PLAN_RATE_PAGEABLE +
		      4096.0 * e->param * 2e-9);
}

const struct suite_hooks suite_dot_hooks = {
	.build = plan_memory_build, .ops = &dw_ops,
	.verify_seconds = dot_verify_seconds, .count_label = "N" };
/* each step count is a point of its own */
const struct suite_hooks suite_walkers_hooks = {
	.build = plan_memory_build, .ops = &dw_ops,
	.run_seconds = walk_run_seconds, .verify_seconds = walk_verify_seconds,
	.count_label = "W",
	.param_label = "steps", .param_apart = 1, .int32 = 1 };
