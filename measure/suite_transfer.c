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
 *   kernel     cudaEvent pair around the launch
 *   sync       cudaStreamSynchronize after the launch returned
 *   memcpy_c   cudaMemcpy of C to the host, then a stream
 *              synchronisation
 *   free       cudaFree and free/cudaFreeHost of the six buffers
 *   total      time*, the whole run minus the fill
 *
 * Host phases use CLOCK_MONOTONIC for every host-memory mode: a pageable
 * cudaMemcpy can return before its DMA has finished, so the copy phases
 * include a synchronisation, and the same method for pinned memory keeps
 * the modes comparable. Only the kernel is timed with events. GFLOP/s
 * count 2n^3 per run: "gflops_kernel" over the kernel time,
 * "gflops_total" over time* (report G counted n^3; halve to compare).
 * With --counters the kernel alone gets a counter pass after the
 * samples, on buffers of its own (xfer_counters). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

enum {
	PH_TOTAL, PH_GFLOPS_TOTAL, PH_AB, PH_C, PH_KERNEL, PH_MALLOC, PH_SYNC,
	PH_FREE, PH_GFLOPS_KERNEL, PH_N
};

/* Report G's table order. */
static const struct {
	const char *name, *unit;
} phases[PH_N] = {
	{ "total", "ms" }, { "gflops_total", "GFLOP/s" },
	{ "memcpy_ab", "ms" }, { "memcpy_c", "ms" }, { "kernel", "ms" },
	{ "malloc", "ms" }, { "sync", "ms" }, { "free", "ms" },
	{ "gflops_kernel", "GFLOP/s" },
};

struct xfer {
	float *ha, *hb, *hc;
	void *da, *db, *dc;
	int pin_in, pin_out;
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

static void host_free(struct run_result *r, float **p, int pinned)
{
	if (!*p)
		return;
	if (pinned)
		RCUDA(r, cudaFreeHost(*p));
	else
		free(*p);
	*p = NULL;
}

static void dev_free(struct run_result *r, void **p)
{
	if (*p)
		RCUDA(r, cudaFree(*p));
	*p = NULL;
}

static void xfer_free(struct run_result *r, struct xfer *x)
{
	host_free(r, &x->ha, x->pin_in);
	host_free(r, &x->hb, x->pin_in);
	host_free(r, &x->hc, x->pin_out);
	dev_free(r, &x->da);
	dev_free(r, &x->db);
	dev_free(r, &x->dc);
}

static int xfer_verify(struct run_ctx *c, const struct plan_entry *e,
		       const struct xfer *x, struct run_result *r)
{
	size_t nonfinite = 0;
	double rel = NAN;
	int err;

	err = kernel_gemm_verify(c->blas, x->da, x->db, x->dc, e->n, e->n,
				 e->n, &rel, &nonfinite);
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

/* One run; ph[] in seconds (GFLOP/s slots left to the caller). With
 * verify, C is poisoned before the launch and checked after the copy
 * back, both outside the phases. Returns 0 when r is still ok. */
static int xfer_once(struct run_ctx *c, const struct plan_entry *e,
		     int verify, double ph[PH_N], struct run_result *r)
{
	size_t bytes = (size_t)e->n * e->n * sizeof(float);
	struct xfer x = { 0 };
	struct kernel_args args = { 0 };
	double t0, t1, t2, t3, t4, t5, t6, t7, t8, t9;
	char what[64];
	float kms = 0;

	x.pin_in = e->host == PLAN_HOST_PINNED;
	x.pin_out = e->host != PLAN_HOST_PAGEABLE;
	snprintf(what, sizeof(what), "%s host matrices (3 x %.1f MiB)",
		 plan_host_name(e->host), bytes / 1048576.0);
	t0 = run_now();
	if (host_alloc(r, &x.ha, bytes, x.pin_in, what) ||
	    host_alloc(r, &x.hb, bytes, x.pin_in, what) ||
	    host_alloc(r, &x.hc, bytes, x.pin_out, what))
		goto out;
	snprintf(what, sizeof(what), "device matrices (3 x %.1f MiB)",
		 bytes / 1048576.0);
	if (RALLOC(r, cudaMalloc(&x.da, bytes), what) ||
	    RALLOC(r, cudaMalloc(&x.db, bytes), what) ||
	    RALLOC(r, cudaMalloc(&x.dc, bytes), what))
		goto out;
	t1 = run_now();
	memcpy(x.ha, c->cache.a, bytes);
	memcpy(x.hb, c->cache.b, bytes);
	t2 = run_now();
	if (RCUDA(r, cudaMemcpy(x.da, x.ha, bytes, cudaMemcpyHostToDevice)) ||
	    RCUDA(r, cudaMemcpy(x.db, x.hb, bytes, cudaMemcpyHostToDevice)) ||
	    RCUDA(r, cudaStreamSynchronize(0)))
		goto out;
	t3 = run_now();
	if (verify &&
	    (RCUDA(r, (cudaError_t)kernel_poison(x.dc, bytes)) ||
	     RCUDA(r, cudaStreamSynchronize(0))))
		goto out;
	t4 = run_now();
	args.m = args.k = args.n = e->n;
	args.block = e->block;
	args.ilp = 1;
	args.a = x.da;
	args.b = x.db;
	args.c = x.dc;
	args.blas = c->blas;
	if (RCUDA(r, cudaEventRecord(c->ev0, 0)) ||
	    run_launch_error(r, run_entry_launch(e, &args)) ||
	    RCUDA(r, cudaEventRecord(c->ev1, 0)))
		goto out;
	t5 = run_now();
	if (RCUDA(r, cudaStreamSynchronize(0)))
		goto out;
	t6 = run_now();
	if (RCUDA(r, cudaEventElapsedTime(&kms, c->ev0, c->ev1)) ||
	    RCUDA(r, cudaMemcpy(x.hc, x.dc, bytes, cudaMemcpyDeviceToHost)) ||
	    RCUDA(r, cudaStreamSynchronize(0)))
		goto out;
	t7 = run_now();
	if (verify && xfer_verify(c, e, &x, r))
		goto out;
	t8 = run_now();
	xfer_free(r, &x);
	t9 = run_now();
	ph[PH_MALLOC] = t1 - t0;
	ph[PH_AB] = t3 - t2;
	ph[PH_KERNEL] = kms * 1e-3;
	ph[PH_SYNC] = t6 - t5;
	ph[PH_C] = t7 - t6;
	ph[PH_FREE] = t9 - t8;
	ph[PH_TOTAL] = (t9 - t0) - (t2 - t1) - (t4 - t3) - (t8 - t7);
	if (kms <= 0)
		run_fail(r, "event timer returned %g ms", (double)kms);
out:
	xfer_free(r, &x);
	return strcmp(r->status, "ok") != 0;
}

/* The counter pass of a transfer configuration: its kernel on device
 * copies of the same inputs, after the samples (each sample freed its
 * own buffers). The host phases have no counters. */
static void xfer_counters(struct run_ctx *c, const struct plan_entry *e,
			  struct run_result *r)
{
	size_t bytes = (size_t)e->n * e->n * sizeof(float);
	struct kernel_args args = { 0 };
	struct run_result tmp;
	struct xfer x = { 0 };

	if (!c->counters)
		return;
	/* Buffers the device cannot give now only cost the counters. */
	run_result_init(&tmp);
	if (RALLOC(&tmp, cudaMalloc(&x.da, bytes), "counter pass") ||
	    RALLOC(&tmp, cudaMalloc(&x.db, bytes), "counter pass") ||
	    RALLOC(&tmp, cudaMalloc(&x.dc, bytes), "counter pass") ||
	    RCUDA(&tmp, cudaMemcpy(x.da, c->cache.a, bytes,
				   cudaMemcpyHostToDevice)) ||
	    RCUDA(&tmp, cudaMemcpy(x.db, c->cache.b, bytes,
				   cudaMemcpyHostToDevice))) {
		char line[160];

		plan_entry_format(e, line, sizeof(line));
		fprintf(stderr, "mmreport: measure: %s: counters not read "
			"(%s); stored without them\n", line, tmp.reason);
		goto out;
	}
	args.m = args.k = args.n = e->n;
	args.block = e->block;
	args.ilp = 1;
	args.a = x.da;
	args.b = x.db;
	args.c = x.dc;
	args.blas = c->blas;
	run_counters(c, e, &args, r);
out:
	dev_free(&tmp, &x.da);
	dev_free(&tmp, &x.db);
	dev_free(&tmp, &x.dc);
	r->cuda_error |= tmp.cuda_error;
	run_result_release(&tmp);
}

int run_transfer(struct run_ctx *c, const struct plan_entry *e,
		 struct run_result *r)
{
	const struct plan_settings *s = c->set;
	struct series *m[PH_N];
	struct kernel_args fa = { 0 };
	double ph[PH_N], flops, t0;
	int i, p;

	for (p = 0; p < PH_N; p++)
		m[p] = run_metric_add(r, phases[p].name, phases[p].unit);
	if (run_inputs_floats(c, e->n, e->n, e->n, r))
		return 0;
	fa.m = fa.k = fa.n = e->n;
	flops = e->kd->flops(&fa);
	for (i = 0; i < s->warmup; i++) {
		if (measure_stop_requested())
			return 1;
		if (xfer_once(c, e, 0, ph, r))
			return 0;
		if (ph[PH_TOTAL] > s->max_time_s)
			break;
	}
	if (measure_stop_requested())
		return 1;
	if (xfer_once(c, e, 1, ph, r))
		return 0;
	t0 = run_now();
	for (i = 0; i < s->repeat; i++) {
		if (measure_stop_requested())
			return 1;
		if (xfer_once(c, e, 0, ph, r))
			return 0;
		ph[PH_GFLOPS_TOTAL] = flops / ph[PH_TOTAL] / 1e9;
		ph[PH_GFLOPS_KERNEL] = flops / ph[PH_KERNEL] / 1e9;
		for (p = 0; p < PH_N; p++) {
			int rate = p == PH_GFLOPS_TOTAL ||
				   p == PH_GFLOPS_KERNEL;

			if (series_push(m[p], rate ? ph[p] : ph[p] * 1e3)) {
				run_skip(r, "out of memory: host sample "
					 "buffer");
				return 0;
			}
		}
		if (i + 1 >= s->min_samples && run_now() - t0 >= s->max_time_s)
			break;
	}
	r->samples = (int)m[PH_TOTAL]->n;
	xfer_counters(c, e, r);
	return 0;
}
