/* measure/runner.h: internal to measure/. Measuring one configuration:
 * the suites' runners (suite_gemm.c, suite_transfer.c, suite_ilp.c) and
 * what they share (run.c owns the session around them). */
#ifndef MMREPORT_MEASURE_RUNNER_H
#define MMREPORT_MEASURE_RUNNER_H

#include <stdint.h>
#include <cuda_runtime_api.h>

#include "counters.h"
#include "device.h"
#include "plan.h"

/* transfer's 9 phases and rates, plus the counter pass's figures
 * (RUN_COUNTER_METRICS) */
#define RUN_MAX_METRICS 32

/* A growable list of per-run values. */
struct series {
	double *v;
	size_t n, cap;
};

struct run_metric {
	const char *name;
	const char *unit;
	struct series s;
};

/* What one configuration came to. status is "ok", "failed" or
 * "skipped"; reason says why when not ok. */
struct run_result {
	const char *status;
	char reason[320];
	double rel_error;		/* NAN until verified */
	int cuda_error;			/* failed by an unexpected CUDA error
					 * (not the kernel's verification) */
	int verify_failed;
	struct run_metric m[RUN_MAX_METRICS];
	size_t nm;
	int samples;
};

/* The random inputs of the last shape, kept across configurations of the
 * same shape so that they are generated once (the ilp suite visits every
 * ILP at one N in a row). */
struct input_cache {
	int kind;			/* 0 none, 1 floats, 2 ints */
	long long m, k, n, count;
	uint64_t seed;
	float *a, *b;			/* m x k, k x n */
	int *ints;			/* count */
};

struct run_ctx {
	const struct plan_settings *set;
	const struct measure_device *dev;
	void *blas;			/* cublasHandle_t */
	cudaEvent_t ev0, ev1;
	struct input_cache cache;
	/* The ilp suite's device arrays, a holding the inputs, kept for the
	 * next row at the same N (b is poisoned before each verification
	 * anyway); released by run_ilp_release. */
	void *ilp_a, *ilp_b;
	long long ilp_count;
	/* Hardware counters (--counters), NULL when not asked for or not
	 * available on this device; owned by the session (run.c). */
	struct counters *counters;
	void *scrub;		/* kernel_scrub before each counter pass */
};

/* 1 once SIGINT or SIGTERM arrived (run.c). */
int measure_stop_requested(void);

/* Each runner measures e and fills *r (status, reason, metrics). Returns
 * 0 when r describes the configuration, 1 when a stop was requested
 * before it finished (r is to be dropped). */
int run_gemm(struct run_ctx *c, const struct plan_entry *e,
	     struct run_result *r);
int run_transfer(struct run_ctx *c, const struct plan_entry *e,
		 struct run_result *r);
int run_ilp(struct run_ctx *c, const struct plan_entry *e,
	    struct run_result *r);
/* Frees the ilp suite's kept device arrays (before other suites run and
 * at the end of a session). */
void run_ilp_release(struct run_ctx *c);

/* ---- the counter pass (suite_counters.c) -------------------------------- */

/* Metrics one counter pass adds at most: gips, cgma, cnt_gflops,
 * cnt_dram_gbs, cnt_fp32_ops and cnt_<key> for every counters metric. */
#define RUN_COUNTER_METRICS (5 + COUNTERS_METRIC_COUNT)

/* "cnt_" and counters_metric_key(m), the name a raw count is stored
 * under, and its unit ("ns", "inst", "B", ...); NULL for m out of
 * range. Static strings. */
const char *run_counter_name(enum counters_metric m);
const char *run_counter_unit(enum counters_metric m);

/* After e's timed samples, never among them: reads the counters of one
 * launch of e with args (the same kernel and buffers the samples used)
 * through c->counters and adds each figure to r as a metric of one value:
 * "gips" [GIPS], "cgma" [FLOP/access], "cnt_gflops" [GFLOP/s] and
 * "cnt_dram_gbs" [GB/s] (counters.h defines them), "cnt_fp32_ops"
 * [FLOP], and the raw counts "cnt_<key>". A figure that cannot be
 * computed (a metric missing on this chip, a zero divisor) is left out.
 * Does nothing when c->counters is NULL or r is not ok. A failed
 * collection is reported on stderr (counters_collect) and leaves r as
 * it was: the configuration is stored without counters. Returns 0, or
 * -1 when the collection failed. */
int run_counters(struct run_ctx *c, const struct plan_entry *e,
		 const struct kernel_args *args, struct run_result *r);

/* ---- shared helpers (runner.c) ------------------------------------------ */

void run_result_init(struct run_result *r);
void run_result_release(struct run_result *r);
/* Adds a metric; returns its series, NULL when RUN_MAX_METRICS is
 * reached. */
struct series *run_metric_add(struct run_result *r, const char *name,
			      const char *unit);
int series_push(struct series *s, double v);

/* Marks r skipped / failed with a reason (printf format). */
void run_skip(struct run_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void run_fail(struct run_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Reports a failed CUDA call (file, line, call) and marks r: an
 * out-of-memory is a skip ("out of memory: what"), cleared from the
 * last-error slot; anything else a failure with cuda_error set.
 * Returns err (0 when the call succeeded). */
int run_cuda(struct run_result *r, cudaError_t err, const char *file,
	     int line, const char *call, const char *what);
#define RCUDA(r, call) run_cuda((r), (call), __FILE__, __LINE__, #call, NULL)
#define RALLOC(r, call, what) \
	run_cuda((r), (call), __FILE__, __LINE__, #call, (what))

/* A launch's error: errors that mean "this device cannot run this
 * configuration" (launch resources, no kernel image, invalid
 * configuration, out of memory) skip it and are cleared; others fail it.
 * Returns err. */
int run_launch_error(struct run_result *r, int err);

/* Enqueues one run of e: the registry kernel, or for "memcpy" a
 * device-to-device cudaMemcpyAsync of args->count ints. Returns a
 * cudaError_t. */
int run_entry_launch(const struct plan_entry *e,
		     const struct kernel_args *args);

/* Times batch launches of e between one event pair; *ms is the time per
 * launch. Returns 0, or a CUDA error (r marked). */
int run_time_launches(struct run_ctx *c, const struct plan_entry *e,
		      const struct kernel_args *args, int batch, double *ms,
		      struct run_result *r);

/* Warm-up (stops early once one warm-up alone exceeds max_time),
 * verification (by the caller, through verify), then samples of batch
 * launches until repeat, or max_time once min_samples are in; kernel
 * times go to *times [ms per launch]. Returns 0 done (r->status may say
 * failed/skipped), 1 stop requested. */
int run_sample_kernel(struct run_ctx *c, const struct plan_entry *e,
		      const struct kernel_args *args, int batch,
		      int (*verify)(struct run_ctx *, const struct plan_entry *,
				    const struct kernel_args *,
				    struct run_result *),
		      struct series *times, struct run_result *r);

/* The cached random inputs of a product of shape m x k x n (floats) or
 * of count ints; regenerated when the shape or seed differs. Returns 0,
 * or -1 when host memory runs out (r marked skipped). */
int run_inputs_floats(struct run_ctx *c, int m, int k, int n,
		      struct run_result *r);
int run_inputs_ints(struct run_ctx *c, long long count,
		    struct run_result *r);
void run_inputs_release(struct input_cache *cache);

/* Monotonic seconds. */
double run_now(void);

#endif
