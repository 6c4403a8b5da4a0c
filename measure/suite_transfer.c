/* The transfer suite: report G's whole run, phase by phase. Each sample
 * is one complete run:
 *
 *   malloc     host A, B, C (malloc, or cudaMallocHost: all three for
 *              "pinned", only C for "pinned-output") and device A, B, C
 *   (fill)     A and B copied from the pre-generated random inputs:
 *              excluded from every phase and from the total, since the
 *              random generation is ours, not the program's (malloc'd
 *              pages are first touched here, so their page faults are
 *              excluded too)
 *   memcpy_ab  cudaMemcpy of A and B to the device, then a stream
 *              synchronisation
 *   kernel     the kernel timer's sample of the launch (timer.h)
 *   sync       from the launch's return to the end of the stream
 *              synchronisation after it
 *   memcpy_c   cudaMemcpy of C to the host, then a stream
 *              synchronisation
 *   free       cudaFree and free/cudaFreeHost of the six buffers
 *   total      time*, the whole run minus the fill
 *
 * Host phases use CLOCK_MONOTONIC for every host-memory mode: a pageable
 * cudaMemcpy can return before its DMA has finished, so the copy phases
 * include a synchronisation, and the same method for pinned memory keeps
 * the modes comparable. Only the kernel is timed on the GPU. GFLOP/s
 * count 2n^3 per run: "gflops_kernel" over the kernel time,
 * "gflops_total" over time* (report G counted n^3; halve to compare).
 * The six variants at one size (simple and shared, three host-memory
 * modes) form a group whose samples are interleaved (runner.h). No
 * counter pass: report G's tables have no counters, and the passes of
 * the large products would cost more than their samples. */
#include <stdlib.h>
#include <string.h>

#include "runner.h"
#include "vocab.h"

enum {
	PH_TOTAL, PH_GFLOPS_TOTAL, PH_AB, PH_C, PH_KERNEL, PH_MALLOC, PH_SYNC,
	PH_FREE, PH_GFLOPS_KERNEL, PH_N
};

/* Report G's table order. */
static const struct {
	const char *name, *unit;
} phases[PH_N] = {
	{ VOCAB_METRIC_TOTAL, "ms" },
	{ VOCAB_METRIC_GFLOPS_TOTAL, "GFLOP/s" },
	{ VOCAB_METRIC_MEMCPY_AB, "ms" },
	{ VOCAB_METRIC_MEMCPY_C, "ms" },
	{ VOCAB_METRIC_KERNEL, "ms" },
	{ VOCAB_METRIC_MALLOC, "ms" },
	{ VOCAB_METRIC_SYNC, "ms" },
	{ VOCAB_METRIC_FREE, "ms" },
	{ VOCAB_METRIC_GFLOPS_KERNEL, "GFLOP/s" },
};

/* A, B and C on the host (each pinned or not) and on the device. */
struct xfer {
	float *h[3];
	void *d[3];
	int pin[3];
};

static int host_alloc(struct run_result *r, float **p, size_t bytes,
		      int pinned, const char *what)
{
	if (pinned)
		return RALLOC(r, cudaMallocHost((void **)p, bytes), what);
	*p = malloc(bytes);
	if (!*p) {
		run_skip(r, "out of memory: %s", what);
		return -1;
	}
	return 0;
}

static void xfer_free(struct run_result *r, struct xfer *x)
{
	for (int i = 0; i < 3; i++) {
		if (x->h[i] && x->pin[i])
			RCUDA(r, cudaFreeHost(x->h[i]));
		else
			free(x->h[i]);
		x->h[i] = NULL;
	}
	for (int i = 0; i < 3; i++) {
		if (x->d[i])
			RCUDA(r, cudaFree(x->d[i]));
		x->d[i] = NULL;
	}
}

/* One run; ph[] in seconds (GFLOP/s slots and the kernel left to the
 * caller). With span, the kernel is a sample of the kernel timer (the
 * span kept for run_kernel_times); without, an untimed launch. With
 * verify, C is poisoned before the launch and checked after the copy
 * back, both outside the phases. Returns 0 when r is still ok. */
static int xfer_once(struct run_ctx *c, const struct plan_entry *e,
		     struct timer_span *span, int verify, double ph[PH_N],
		     struct run_result *r)
{
	size_t bytes = (size_t)e->n * e->n * sizeof(float);
	struct xfer x = { 0 };
	struct kernel_args args;
	double t0, t1, t2, t3, t4 = 0, t5 = 0, t6, t7, t8, t9;
	char what[64];
	int err, lerr, began = 0, i;

	x.pin[0] = x.pin[1] = e->host == PLAN_HOST_PINNED;
	x.pin[2] = e->host != PLAN_HOST_PAGEABLE;
	snprintf(what, sizeof(what), "%s host matrices (3 x %.1f MiB)",
		 plan_host_name(e->host), bytes / 1048576.0);
	t0 = run_now();
	for (i = 0; i < 3; i++)
		if (host_alloc(r, &x.h[i], bytes, x.pin[i], what))
			goto out;
	snprintf(what, sizeof(what), "device matrices (3 x %.1f MiB)",
		 bytes / 1048576.0);
	for (i = 0; i < 3; i++)
		if (RALLOC(r, cudaMalloc(&x.d[i], bytes), what))
			goto out;
	t1 = run_now();
	memcpy(x.h[0], c->cache.f32.a, bytes);
	memcpy(x.h[1], c->cache.f32.b, bytes);
	t2 = run_now();
	if (RCUDA(r, cudaMemcpy(x.d[0], x.h[0], bytes,
				cudaMemcpyHostToDevice)) ||
	    RCUDA(r, cudaMemcpy(x.d[1], x.h[1], bytes,
				cudaMemcpyHostToDevice)) ||
	    RCUDA(r, cudaStreamSynchronize(0)))
		goto out;
	t3 = run_now();
	if (verify &&
	    (RCUDA(r, (cudaError_t)kernel_poison(x.d[2], bytes)) ||
	     RCUDA(r, cudaStreamSynchronize(0))))
		goto out;
	run_args_init(e, &args);
	args.a = x.d[0];
	args.b = x.d[1];
	args.c = x.d[2];
	args.blas = c->blas;
	/* The timer's own set-up (a cold scrub) stays out of the phases. */
	if (span && (err = timer_begin(c->timer, NULL, span))) {
		run_cuda(r, (cudaError_t)err, __FILE__, __LINE__,
			 "timer_begin", NULL);
		goto out;
	}
	began = span != NULL;
	t4 = run_now();
	lerr = run_entry_launch(e, &args);
	t5 = run_now();
	err = began ? timer_end(c->timer, NULL, span) : 0;
	began = 0;
	if (run_launch_error(r, lerr))
		goto out;
	if (err) {
		if (err < 0)
			run_fail(r, "the events timer's blocking kernel timed "
				 "out");
		else
			run_cuda(r, (cudaError_t)err, __FILE__, __LINE__,
				 "timer_end", NULL);
		goto out;
	}
	if (RCUDA(r, cudaStreamSynchronize(0)))
		goto out;
	t6 = run_now();
	if (RCUDA(r, cudaMemcpy(x.h[2], x.d[2], bytes,
				cudaMemcpyDeviceToHost)) ||
	    RCUDA(r, cudaStreamSynchronize(0)))
		goto out;
	t7 = run_now();
	if (verify && run_gemm_check(c, r, 0, x.d[0], x.d[1], x.d[2], e->n,
				     e->n, e->n))
		goto out;
	t8 = run_now();
	xfer_free(r, &x);
	t9 = run_now();
	ph[PH_MALLOC] = t1 - t0;
	ph[PH_AB] = t3 - t2;
	ph[PH_SYNC] = t6 - t5;
	ph[PH_C] = t7 - t6;
	ph[PH_FREE] = t9 - t8;
	ph[PH_TOTAL] = (t9 - t0) - (t2 - t1) - (t4 - t3) - (t8 - t7);
out:
	if (began)
		timer_end(c->timer, NULL, span);
	xfer_free(r, &x);
	return !run_ok(r);
}

static int xfer_setup(struct run_ctx *c, struct job *j)
{
	for (int p = 0; p < PH_N; p++)
		if (!run_metric_add(&j->r, phases[p].name, phases[p].unit)) {
			run_skip(&j->r, "out of memory: metrics");
			return -1;
		}
	run_args_init(j->e, &j->args);
	return run_inputs_matrix(c, 0, j->e->n, j->e->n, j->e->n, &j->r);
}

static int xfer_warm(struct run_ctx *c, struct job *j, double *seconds)
{
	double ph[PH_N], t0 = run_now();
	int rc = xfer_once(c, j->e, NULL, 0, ph, &j->r);

	*seconds = run_now() - t0;
	return rc;
}

static int xfer_verify_run(struct run_ctx *c, struct job *j)
{
	double ph[PH_N];

	return xfer_once(c, j->e, NULL, 1, ph, &j->r);
}

static int xfer_sample(struct run_ctx *c, struct job *j, double *seconds)
{
	struct timer_span *span = run_span_add(j);
	double ph[PH_N], flops = j->e->kd->flops(&j->args);
	double t0 = run_now();

	if (!span)
		return -1;
	if (xfer_once(c, j->e, span, 0, ph, &j->r)) {
		j->nspans--;
		return -1;
	}
	*seconds = run_now() - t0;
	ph[PH_GFLOPS_TOTAL] = flops / ph[PH_TOTAL] / 1e9;
	for (int p = 0; p < PH_N; p++) {
		if (p == PH_KERNEL || p == PH_GFLOPS_KERNEL)
			continue;	/* from the kernel timer, later */
		if (series_push(&j->r.m[p].s, p == PH_GFLOPS_TOTAL ? ph[p] :
				ph[p] * 1e3)) {
			run_skip(&j->r, "out of memory: host sample buffer");
			return -1;
		}
	}
	return 0;
}

static int xfer_finish(struct run_ctx *c, struct job *j)
{
	run_rates(j, VOCAB_METRIC_GFLOPS_KERNEL, j->e->kd->flops(&j->args));
	return 0;
}

static const struct suite_ops xfer_ops = {
	xfer_setup, xfer_warm, xfer_verify_run, xfer_sample, xfer_finish
};

#define RATE_PINNED	10.0e9	/* host<->device, pinned, B/s */
#define RATE_PIN	4.0e9	/* cudaMallocHost page pinning, B/s */

/* The time model of one run: malloc, fill (outside the phases, inside
 * the wall time), A and B in, kernel, C out, free. */
static double xfer_run_seconds(const struct plan_entry *e)
{
	double bytes = sizeof(float) * (double)e->n * e->n;
	double kernel = plan_kernel_seconds(e);
	double pin = e->host == PLAN_HOST_PINNED ? 3 * bytes :
		     e->host == PLAN_HOST_PINNED_OUTPUT ? bytes : 0;
	double in_rate = e->host == PLAN_HOST_PINNED ? RATE_PINNED :
			 PLAN_RATE_PAGEABLE;
	double out_rate = e->host == PLAN_HOST_PAGEABLE ?
			  PLAN_RATE_PAGEABLE : RATE_PINNED;

	return 6 * PLAN_RATE_LAUNCH_S + pin / RATE_PIN +
	       2 * bytes / PLAN_RATE_HOSTCOPY + 2 * bytes / in_rate +
	       kernel + bytes / out_rate;
}

const struct suite_hooks suite_transfer_hooks = {
	.build = plan_matrix_build, .ops = &xfer_ops,
	.run_seconds = xfer_run_seconds, .keep_samples = 1 };
