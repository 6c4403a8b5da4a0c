/* measure/runner.h: internal to measure/. Measuring a group of
 * configurations: the suites' runners (suite_gemm.c, suite_transfer.c,
 * suite_ilp.c, suite_mem.c), the group sampler that interleaves their samples
 * (sampler.c) and what they share (runner.c). run.c owns the session
 * around them.
 *
 * A group is every configuration the report compares with one another
 * (matrix kernels at one size, the transfer variants at one size, the
 * copy variants at one N: plan.h). Its configurations are set up, warmed
 * up and verified one after another, then sampled in rounds, each round
 * visiting every configuration still sampling once in a seeded random
 * order, so that drift of clocks or temperature over the group falls on
 * every alternative alike. */
#ifndef MMREPORT_MEASURE_RUNNER_H
#define MMREPORT_MEASURE_RUNNER_H

#include <stdint.h>
#include <cuda_runtime_api.h>

#include "counters.h"
#include "device.h"
#include "plan.h"
#include "timer.h"

/* transfer's 9 phases and rates, plus the counter pass's figures
 * (RUN_COUNTER_METRICS) */
#define RUN_MAX_METRICS 36

/* A growable list of per-run values. */
struct series {
	double *v;
	size_t n;			/* grown by plan_array_push */
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
 * same shape so that they are generated once. */
struct input_cache {
	/* A (m x k) and B (k x n) in float and in double, kept side by
	 * side (a group of precision or rect holds both); a NULL when
	 * none */
	struct input_mats {
		long long m, k, n;
		uint64_t seed;
		void *a, *b;
	} f32, f64;
	int *ints;			/* count; NULL when none */
	long long count;
	uint64_t seed;
};

/* Device buffers a group shares: the matrices of one shape (inputs
 * uploaded once, C written by every kernel) or the copy's two arrays
 * of one N (a holding the inputs). Released by run_shared_release. */
struct shared_bufs {
	int kind;			/* 0 none, 1 matrices, 2 ints, 3 the
					 * memory suites' (suite_mem.c), 4
					 * dot's, 5 the walkers' (k: fp64),
					 * 6 matrices in double */
	long long m, k, n, count;
	void *a, *b, *c;
	size_t na, nb, nc;		/* kind 3: 4-byte elements held */
};

struct run_ctx {
	const struct plan_settings *set;
	const struct measure_device *dev;
	void *blas;			/* cublasHandle_t */
	struct timer *timer;		/* owned by the session (run.c) */
	struct input_cache cache;
	struct shared_bufs bufs;
	/* A group of products in float and double (precision, rect) holds
	 * its double matrices here beside bufs' floats, so that the two
	 * precisions are sampled interleaved like every other alternative
	 * the report compares. */
	struct shared_bufs bufs64;
	/* Hardware counters (--counters), NULL when not asked for or not
	 * available on this device; owned by the session (run.c). */
	struct counters *counters;
	void *scrub;		/* kernel_scrub before each counter pass */
	double launch_us;	/* the session's launch cost (timer.h) */
	struct measure_nvml *nv;
	/* The SM clock as read after the latest round (MHz; 0 unknown),
	 * when, and the session's top reading so far: the throttle rule's
	 * reference (plan.h's enum plan_throttle). */
	double clock_mhz, clock_at, top_clock_mhz;
};

/* One configuration of a group while it is measured. */
struct job {
	const struct plan_entry *e;
	struct run_result r;
	struct kernel_args args;	/* buffers filled by setup */
	struct timer_span *spans;	/* one per sample, kernel timer */
	size_t nspans;			/* grown by plan_array_push */
	int warm_done, sampling;
	double spent;			/* seconds of its samples */
	double busy;			/* seconds of all its work: setup,
					 * warm-up, verification, samples,
					 * finish (the stored time) */
	double est;			/* the time model's estimate */
	size_t throttled;		/* samples taken while throttled */
	size_t discarded;		/* of them dropped (--throttle) */
	int noise_met;			/* --max-noise reached while sampling */
	double noise;			/* the relative half-width of the
					 * median kernel time's 95 % interval,
					 * over the samples kept; NAN unknown */
};

/* What a suite does for one configuration. Each returns 0 when j->r is
 * still ok, non-zero once j->r says skipped or failed (its reason set). */
struct suite_ops {
	/* Inputs and device buffers (shared through c->bufs). */
	int (*setup)(struct run_ctx *c, struct job *j);
	/* One untimed run; *seconds its wall time. */
	int (*warm)(struct run_ctx *c, struct job *j, double *seconds);
	/* Poisoned output, one run, comparison with the reference. */
	int (*verify)(struct run_ctx *c, struct job *j);
	/* One sample: the kernel's span (run_span_add) and any host-timed
	 * metrics; *seconds its wall time. */
	int (*sample)(struct run_ctx *c, struct job *j, double *seconds);
	/* After the spans are resolved (run_kernel_times): the derived
	 * metrics, and the counter pass where the suite has one. Returns 1
	 * when a stop was requested during it, else 0 (j->r says how it
	 * went). */
	int (*finish)(struct run_ctx *c, struct job *j);
};

/* Measures the n jobs of one group (their e set, r initialised, est
 * set) with ops: setup, warm-up, verification, interleaved sampling
 * until each has repeat samples or max_time of them and at least
 * min_samples, the timer's collection, finish. group is the plan's group
 * number, which seeds the order of each round. Returns 0 when every job's
 * r describes its configuration, 1 when a stop was requested first (the
 * whole group is to be dropped). */
int run_group(struct run_ctx *c, const struct suite_ops *ops, int group,
	      struct job *jobs, size_t n);

/* Releases the shared device buffers, bufs64 included (before other
 * groups need the memory, and at the end of a session). */
void run_shared_release(struct run_ctx *c);
/* Releases one set of them; b is left zeroed. */
void run_bufs_release(struct shared_bufs *b);

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
 * through c->counters, with the kernel timer paused, and adds each
 * figure to r as a metric of one value: "gips" [GIPS], "cgma"
 * [FLOP/access], "cnt_gflops" [GFLOP/s] and "cnt_dram_gbs" [GB/s]
 * (counters.h defines them), "cnt_fp32_ops" [FLOP], and the raw counts
 * "cnt_<key>". A figure that cannot be computed (a metric missing on this
 * chip, a zero divisor) is left out. Does nothing when c->counters is
 * NULL or r is not ok. A failed collection is reported on stderr
 * (counters_collect) and leaves r as it was: the configuration is stored
 * without counters. Returns 0, 1 when a stop was requested during the
 * passes, or -1 when the collection failed. */
int run_counters(struct run_ctx *c, const struct plan_entry *e,
		 const struct kernel_args *args, struct run_result *r);

/* ---- shared helpers (runner.c) ------------------------------------------ */

void run_result_init(struct run_result *r);
void run_result_release(struct run_result *r);
/* Adds a metric; returns its series, NULL when RUN_MAX_METRICS is
 * reached. */
struct series *run_metric_add(struct run_result *r, const char *name,
			      const char *unit);
/* The metric called name of r, NULL when r has none. */
struct series *run_metric_find(struct run_result *r, const char *name);
int series_push(struct series *s, double v);

/* Marks r skipped / failed with a reason (printf format). */
void run_skip(struct run_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void run_fail(struct run_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Adds one value as a metric of its own (a figure of the whole
 * configuration, not a sample). 0, or -1 with r skipped when memory
 * runs out. */
int run_single_value(struct run_result *r, const char *name,
		     const char *unit, double v);
/* 1 while r is ok. */
int run_ok(const struct run_result *r);

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

/* The kernel arguments of e, without buffers: sizes, count, block, ilp
 * (every caller builds them here, so that none forgets a field). */
void run_args_init(const struct plan_entry *e, struct kernel_args *a);

/* Enqueues one run of e: the registry kernel, or for "memcpy" a
 * device-to-device cudaMemcpyAsync of args->count ints. Returns a
 * cudaError_t. */
int run_entry_launch(const struct plan_entry *e,
		     const struct kernel_args *args);

/* One launch of j between timer_begin and timer_end on args' stream;
 * the span is kept in j->spans. *seconds: the wall time of the whole
 * sample. Returns 0, or non-zero with j->r marked. */
int run_timed_launch(struct run_ctx *c, struct job *j, double *seconds);
/* One untimed launch of j and a synchronisation; *seconds its wall
 * time. Returns 0, or non-zero with j->r marked. (The suites' warm-up
 * and sample take these two as they are.) */
int run_plain_launch(struct run_ctx *c, struct job *j, double *seconds);
/* The verification's run: j's output (bytes from args.c) poisoned, then
 * one plain launch. Returns 0, or non-zero with j->r marked. */
int run_poisoned_launch(struct job *j, size_t bytes);
/* A matrix product's check: C (m x n) against the FP64 reference of A
 * and B (kernels.h: kernel_gemm_verify, in double kernel_gemm_verify64)
 * into r->rel_error; beyond PLAN_TOLERANCE, r failed with
 * verify_failed set and 0 returned. Returns non-zero (r marked) when
 * the check itself could not run. */
int run_gemm_check(struct run_ctx *c, struct run_result *r, int fp64,
		   const void *a, const void *b, void *out, int m, int k,
		   int n);
/* A copy's or memory kernel's check: after run_poisoned_launch, its
 * count 4-byte output words copied back in chunks and compared with
 * want(arg, first, len, buf), the expected words first .. first + len
 * (in buf, which holds len words, or anywhere); the fraction that
 * differ is r's rel_error, and any difference fails j. Returns 0, or
 * non-zero with j->r marked. */
int run_words_check(struct job *j, size_t count,
		    const uint32_t *(*want)(const void *arg, size_t first,
					    size_t len, uint32_t *buf),
		    const void *arg);
/* After run_kernel_times: the metric name filled with work / kernel
 * time, per 10^9 per second (GFLOP/s from FLOPs, GB/s from bytes).
 * Returns 0, or -1 with j->r skipped when memory runs out. */
int run_rates(struct job *j, const char *name, double work);
/* Appends the span of a sample; NULL when memory runs out (j->r marked
 * skipped). */
struct timer_span *run_span_add(struct job *j);
/* After the samples, before run_kernel_times: with --throttle discard or
 * wait, j's samples taken while throttled are dropped (the spans and the
 * host-timed metrics of one value per sample alike) and counted in
 * j->discarded, unless fewer than min_samples would remain: a kernel
 * that itself holds the clock down keeps them all (j->throttled says
 * how many). */
void run_throttle_apply(const struct plan_settings *s, struct job *j);
/* After timer_collect: resolves j's spans into the metric "kernel" [ms]
 * (one value per sample, in sample order). Returns 0, or non-zero with
 * j->r failed when a sample has no record. */
int run_kernel_times(struct run_ctx *c, struct job *j);

/* The cached random inputs of a product of shape m x k x n, in floats
 * (c->cache.f32) or doubles (f64, rng_doubles), or of count ints;
 * regenerated when the shape or seed differs. Returns 0, or -1 when
 * host memory runs out (r marked skipped). */
int run_inputs_matrix(struct run_ctx *c, int fp64, int m, int k, int n,
		      struct run_result *r);
int run_inputs_ints(struct run_ctx *c, long long count,
		    struct run_result *r);
void run_inputs_release(struct input_cache *cache);

/* Monotonic seconds. */
double run_now(void);

#endif
