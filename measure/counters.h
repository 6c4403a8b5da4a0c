/* measure/counters.h: hardware counters of a kernel launch, read in-process
 * through CUPTI's range profiler (CUDA 13). CUPTI is loaded at run time
 * (dlopen), so mmreport builds and runs where it is missing; counters are
 * then simply unavailable, with the reason.
 *
 * A collection replays the caller's launch once per profiler pass (user
 * replay, one range per kernel), so the launch must be idempotent and the
 * collection must never overlap timed samples. Before the passes the
 * launch runs once unprofiled, so every pass starts from the same warm
 * state the timed repetitions see (inputs in L2 where they fit): the DRAM
 * figures describe repeated runs, not a cold first run.
 *
 * Definitions used by the report (per launch; sums over all kernels the
 * launch enqueues):
 *   inst_executed   warp instructions executed (smsp__inst_executed.sum),
 *                   what report P's profiler called "instructions
 *                   executed"; thread_inst_executed counts per thread.
 *   GIPS            inst_executed / duration, warp instructions per ns
 *                   = 10^9 warp instructions per second.
 *   fp32 ops        2 * FFMA + FADD + FMUL, thread-level (every thread's
 *                   predicated-on instruction counts; an FFMA is 2 FLOP).
 *   CGMA            fp32 ops / global memory accesses, where an access
 *                   is one executed warp-level global load or store
 *                   instruction (smsp__sass_inst_executed_op_global_ld
 *                   + _st): what report P's profiler counted as global
 *                   load and store requests (nvprof's gld_request and
 *                   gst_request, one per warp instruction), hence its
 *                   CGMA of ~500 for v3 with 16 x 16 tiles, where the
 *                   per-thread count would give 16. These instruction
 *                   counts equal the analytic ones on an H100
 *                   (tests/measure_counters.c). The byte metrics are not
 *                   used: sm__sass_data_bytes_mem_global_op_ld, "bytes
 *                   required for global loads", read 1/16 of the bytes
 *                   the threads' loads ask for on v2 (H100, CUDA 13),
 *                   as l1tex__t_requests did of the load instructions;
 *                   they are stored and checked against Nsight Compute,
 *                   not interpreted. Loads through cp.async (LDGSTS) or
 *                   TMA are no LDG: a kernel using them (cuBLAS) gets an
 *                   inflated CGMA, so the report shows CGMA for the
 *                   versions only.
 *   FLOP/s          fp32 ops / duration;  DRAM B/s  (read + write) /
 *                   duration.
 * duration is gpu__time_duration.sum, collected alone in its own pass so
 * that no instrumented (SASS-patched) pass inflates it. */
#ifndef MMREPORT_MEASURE_COUNTERS_H
#define MMREPORT_MEASURE_COUNTERS_H

#include <stddef.h>

/* The quantities read. Values are totals per launch (summed over the
 * kernels of one launch). Keys (counters_metric_key) are stable and meant
 * for storage; CUPTI names (counters_metric_name) can differ by chip. */
enum counters_metric {
	COUNTERS_DURATION_NS,		/* gpu__time_duration.sum */
	COUNTERS_INST_EXECUTED,		/* smsp__inst_executed.sum */
	COUNTERS_THREAD_INST_EXECUTED,	/* smsp__thread_inst_executed */
	COUNTERS_FFMA,			/* smsp__sass_thread_inst_
					 * executed_op_ffma_pred_on.sum */
	COUNTERS_FADD,			/* ..._op_fadd_pred_on.sum */
	COUNTERS_FMUL,			/* ..._op_fmul_pred_on.sum */
	COUNTERS_GLOBAL_LD_INST,	/* smsp__sass_inst_executed_op_
					 * global_ld.sum (warp) */
	COUNTERS_GLOBAL_ST_INST,	/* ..._op_global_st.sum (warp) */
	COUNTERS_GLOBAL_LD_BYTES,	/* sm__sass_data_bytes_mem_global_
					 * op_ld.sum (asked for by threads) */
	COUNTERS_GLOBAL_ST_BYTES,	/* ..._op_st.sum */
	COUNTERS_GLOBAL_LD_REQUESTS,	/* l1tex__t_requests_pipe_lsu_mem_
					 * global_op_ld.sum */
	COUNTERS_GLOBAL_ST_REQUESTS,	/* ..._op_st.sum */
	COUNTERS_GLOBAL_LD_SECTORS,	/* l1tex__t_sectors_pipe_lsu_mem_
					 * global_op_ld.sum (32 B each) */
	COUNTERS_GLOBAL_ST_SECTORS,	/* ..._op_st.sum */
	COUNTERS_DRAM_READ_BYTES,	/* dram__bytes_read.sum */
	COUNTERS_DRAM_WRITE_BYTES,	/* dram__bytes_write.sum */
	COUNTERS_SHARED_LD_INST,	/* smsp__sass_inst_executed_op_
					 * shared_ld.sum (warp) */
	COUNTERS_SHARED_LD_WAVEFRONTS,	/* l1tex__data_pipe_lsu_wavefronts_
					 * mem_shared_op_ld.sum: one per
					 * pass through the banks, so per
					 * instruction the n of an n-way
					 * bank conflict */
	COUNTERS_ISSUE_ACTIVE,		/* smsp__issue_active.sum: cycles
					 * in which a scheduler issued */
	COUNTERS_CYCLES_ACTIVE,		/* smsp__cycles_active.sum: cycles
					 * in which it had a warp; their
					 * ratio is the issue slots used */
	COUNTERS_METRIC_COUNT
};

struct counters_values {
	double value[COUNTERS_METRIC_COUNT];
	/* 1 where value[i] was read; 0 where the chip has no such metric
	 * or CUPTI returned no finite value (value[i] is then 0). */
	unsigned char has[COUNTERS_METRIC_COUNT];
	int kernels;		/* kernels one launch enqueued (ranges) */
	int passes;		/* profiled replays of the launch */
};

struct counters;

/* Loads CUPTI (libcupti.so.13, then libcupti.so; the nvperf libraries it
 * loads itself are preloaded from the loader path or CUPTI's folder),
 * makes cuda_device current, checks that the device supports profiling,
 * reads counter availability, builds the configuration for every metric
 * this chip has, and tries enabling the profiler once. Returns 0 and
 * *out (free with counters_free), or -1 with *out NULL and the reason in
 * why[len] when counters cannot be read: CUPTI or nvperf missing,
 * insufficient privileges (CUPTI_ERROR_INSUFFICIENT_PRIVILEGES), device or
 * configuration unsupported, another profiler (ncu) already attached,
 * or a CUPTI/CUDA call failing (file, line and call in the reason).
 * Nothing is printed. Not thread-safe; one object per process at a
 * time. */
int counters_open(int cuda_device, struct counters **out, char *why,
		  size_t len);

/* Collects every metric for one launch: runs launch(arg) once
 * unprofiled, then once per profiler pass (each followed by a device
 * synchronisation); launch returns 0 on success (a cudaError_t). The
 * profiler is enabled only inside this call. Returns 0 and fills *out,
 * 1 when a stop was requested (stop.h) between passes (nothing filled),
 * or -1 after reporting the failed call on stderr ("mmreport:
 * measure/counters.c:LINE: call: error"); a launch failure is returned
 * as -1 without a message of its own. After -1 or 1 the object stays
 * usable. A launch that enqueues no kernel, or more than 56, fails. */
int counters_collect(struct counters *c, int (*launch)(void *arg),
		     void *arg, struct counters_values *out);

/* Sets a function that runs at the start of every profiled pass, after
 * the profiler has started and before the launch; it must enqueue
 * exactly `kernels` kernels, whose ranges are dropped from the results,
 * and return 0 (non-zero fails the collection). Returns 0, or -1 (and
 * changes nothing) when kernels is outside 0..8. measure passes
 * kernel_scrub_run (KERNEL_SCRUB_KERNELS kernels) so that every pass
 * counts from cold, empty caches, as ncu's --cache-control all does.
 *
 * Why inside the pass: starting CUPTI's range profiler leaves dirty
 * lines in L2 (about 25 MB, half the L2, on an H100), which any kernel
 * that then allocates L2 lines writes back to DRAM. A scrub before the
 * start cannot remove them; one inside the pass does, in its own
 * range. Without it dram__bytes_write.sum counted up to 25 MB more
 * than Nsight Compute (all of a 4 MiB output that ncu counts as 0). */
int counters_prepare_set(struct counters *c, int (*prepare)(void *arg),
			 void *arg, int kernels);

/* Releases c; NULL is a no-op. CUPTI itself stays loaded for the life of
 * the process (unloading a library that hooked the driver is unsafe). */
void counters_free(struct counters *c);

/* Host-only check, no device needed: builds the configuration for the
 * chip CUPTI calls chip ("GH100" for sm_90, "GA100", "AD102", ...) as
 * counters_open would, ignoring which counters a particular board makes
 * available. known[m] is 1 for each metric the chip's database has;
 * *passes is CUPTI's count of profiled replays per collection. Returns 0,
 * or -1 with the reason in why[len] (CUPTI missing, unknown chip). */
int counters_chip_check(const char *chip,
			unsigned char known[COUNTERS_METRIC_COUNT],
			size_t *passes, char *why, size_t len);

/* The CUPTI metric name read for m on c's chip, or NULL when the chip
 * has none or the device does not make its counters available (MIG,
 * vGPU); with c NULL, the name used on sm_90 (GH100). Static string. */
const char *counters_metric_name(const struct counters *c,
				 enum counters_metric m);

/* Stable short key of m ("inst_executed", "dram_read_bytes", ...), NULL
 * for an m out of range. Static string. */
const char *counters_metric_key(enum counters_metric m);

/* CUPTI's chip name of c's device ("GH100"). Owned by c. */
const char *counters_chip(const struct counters *c);

/* Derived figures (see the definitions at the top). Each returns NAN when
 * a value it needs is missing or a divisor is 0. */
double counters_fp32_ops(const struct counters_values *v);
double counters_gips(const struct counters_values *v);
double counters_cgma(const struct counters_values *v);
double counters_flops_per_s(const struct counters_values *v);
double counters_dram_bytes_per_s(const struct counters_values *v);

#endif
