/* measure: the host side of measuring. Queries devices, plans sweeps,
 * runs kernels from kernels/ with timers, verifies, and writes every
 * result through store/. C with the CUDA runtime API. */
#ifndef MMREPORT_MEASURE_H
#define MMREPORT_MEASURE_H

#include <stddef.h>
#include <stdio.h>

/* Exit statuses measure_run reports (cli maps them to process exits). */
enum measure_status {
	MEASURE_OK = 0,
	MEASURE_ERR_NODEV = 1,		/* no CUDA device or no driver */
	MEASURE_ERR_STORE = 2,		/* the database refused (not
					 * mmreport's, corrupt, newer) or
					 * failed */
	MEASURE_ERR_CUDA = 3,		/* an unexpected CUDA failure */
	MEASURE_ERR_VERIFY = 4,		/* some configuration failed
					 * verification (all else stored) */
	MEASURE_INTERRUPTED = 5,	/* SIGINT, SIGTERM, SIGHUP; work kept */
	MEASURE_ERR_USAGE = 6,		/* options inconsistent (message out) */
	MEASURE_ERR_KERNEL = 7,		/* an own kernel (--kernel) does not
					 * compile or breaks the contract */
	MEASURE_ERR_KERNEL_OPEN = 8,	/* an own kernel's file is missing or
					 * unreadable */
	MEASURE_ERR_NVRTC = 9,		/* --kernel given, NVRTC missing */
	MEASURE_ERR_BUSY = 10,		/* the database is locked by another
					 * process */
	MEASURE_ERR_DB_WRITE = 11,	/* the database cannot be written
					 * (read-only, disk full) */
	MEASURE_ERR_LOCK = 13,		/* --lock-clocks refused (no root,
					 * no NVML, not supported) */
	MEASURE_ERR_INTERNAL = 12	/* the store failed otherwise (out of
					 * memory, a misuse of SQLite) */
};

/* Options of `mmreport measure`. Zero/NULL means "default"; see
 * measure_options_init. Lists are comma-separated strings as given on the
 * command line and validated by measure_run (usage errors are reported
 * before anything is opened). */
struct measure_options {
	const char *db_path;
	const char *suites;	/* "versions,transfer,ilp,reference" */
	const char *sizes;	/* overrides every suite's sizes */
	const char *blocks;
	const char *variants;
	const char *ilp;
	const char *host_mem;
	const char *precision;	/* "float,double" (precision, rect and
				 * dot suites) */
	const char *device;	/* "0", "all", ... */
	int repeat;		/* most samples per configuration */
	int warmup;
	int min_samples;
	double max_time_s;	/* per configuration sampling time limit */
	unsigned long long seed;
	int dry_run;		/* print the plan and an estimate, touch
				 * nothing */
	int quiet;
	int keep_samples;	/* 1 all raw samples, 0 slim */
	int counters;		/* CUPTI pass (issue 6) */
	const char *timer;	/* "auto" (NULL), "cupti", "events" */
	/* --max-noise: stop a configuration once the 95 % confidence
	 * interval of its median kernel time is within this many percent
	 * of the median (half-width), after min_samples; 0: the default
	 * (PLAN_DEFAULT_MAX_NOISE_PCT), negative: off */
	double max_noise_pct;
	/* --throttle: "discard" (NULL, the default), "keep" or "wait" for
	 * samples taken while the SM clock is below throttle_pct percent of
	 * the session's top reading (0: PLAN_DEFAULT_THROTTLE_PCT) */
	const char *throttle;
	double throttle_pct;
	/* --lock-clocks: 0 never (the default: the GPU's clocks are its
	 * administrator's); > 0 lock the SM clock at that many MHz for each
	 * session, -1 at the highest the GPU has; the session stores that it
	 * was locked */
	int lock_clocks_mhz;
	int cold;		/* L2 flushed before each sample */
	const char *cmdline;	/* stored with the session */
	/* Own kernels (--kernel FILE.cu, repeatable): compiled by NVRTC,
	 * checked against <mmreport_kernel.h> and measured beside the
	 * built-in kernels. */
	const char *const *kernels;
	size_t nkernels;
	/* The most seconds from one launch to the next before the sweep is
	 * taken for hung and stopped (exit 70); 0 no limit. */
	double launch_timeout_s;
};

/* Fills *o with the defaults: every suite on issue 3's axes (transfer up
 * to n = 8192), device 0, repeat 1000, min_samples 10, warmup 3,
 * max_time_s 1.0, seed 1, all raw samples kept, the activity timer
 * where it can be had, hot. With max_time 1 s the default sweep's
 * estimate on an H100-class GPU is under 10 minutes (--dry-run prints
 * it; measure/plan_model.c holds the model): most configurations stop
 * at 1 s or at 1000 samples, and the few whose single run is long take
 * min_samples runs. */
void measure_options_init(struct measure_options *o);

/* Runs the measurement described by o: validates every list first (a bad
 * one is MEASURE_ERR_USAGE, with one line on stderr, before anything is
 * opened); with dry_run prints the plan and its time estimate to out and
 * touches neither GPU nor database; otherwise finds the devices (none:
 * MEASURE_ERR_NODEV, database not created), opens o->db_path and stores
 * one session per device and every configuration as soon as it is done.
 * A configuration that fails verification is stored as failed (no
 * metrics) and the sweep goes on; MEASURE_ERR_VERIFY is returned at the
 * end. SIGINT, SIGTERM and SIGHUP, once or repeated (stop.h), stop after
 * the sample in flight (or between two counter passes): finished
 * configurations stay, the group in flight is dropped, the session is
 * marked interrupted, and MEASURE_INTERRUPTED is returned. Diagnostics and progress go to
 * stderr. Returns an enum measure_status. */
int measure_run(const struct measure_options *o, FILE *out);

/* Prints the CUDA devices present, one per line, to out. Returns
 * MEASURE_OK or MEASURE_ERR_NODEV (after a message on stderr). */
int measure_devices_print(FILE *out);

/* ---- theoretical occupancy (report P's table) ------------------------- */

/* What one kernel launch asks of an SM, and what the SM has. Pure numbers,
 * so that the arithmetic is testable without a GPU. */
struct measure_occ_input {
	int threads_per_block;
	int regs_per_thread;
	int smem_per_block;		/* static + dynamic bytes */
	int warp_size;			/* 32 */
	int max_threads_per_sm;
	int regs_per_sm;
	int reg_alloc_unit;		/* registers: a warp's allocation is
					 * rounded up to this (256) */
	int smem_per_sm;
	int smem_reserved_per_block;	/* the driver's per-block reserve:
					 * 1 KiB on cc >= 8, else 0 */
	int max_blocks_per_sm;
};

struct measure_occ {
	int warps_per_block;
	int regs_per_block;		/* after rounding */
	int smem_per_block;		/* with the reserve */
	int limit_warps;		/* resident blocks each resource allows */
	int limit_regs;
	int limit_smem;
	int limit_blocks;
	int active_blocks;		/* the smallest limit */
	int active_warps;
	int active_threads;
	double occupancy;		/* active warps / warps an SM holds */
	char limiter[64];		/* "warps", "registers", "shared
					 * memory", "blocks per SM"; ties are
					 * listed, joined by ", " */
};

/* Theoretical occupancy of one block shape, the way NVIDIA's occupancy
 * calculator reasons (simplified: registers are pooled per SM, not per
 * SM sub-partition):
 *   warps/block  W = ceil(threads / warp_size)
 *   limit_warps  = floor((max_threads_per_sm / warp_size) / W)
 *   regs/warp    = ceil(regs_per_thread * warp_size / reg_alloc_unit)
 *                  * reg_alloc_unit
 *   limit_regs   = floor(regs_per_sm / (regs/warp * W)); no limit (the
 *                  block-count limit) when regs_per_thread is 0
 *   limit_smem   = floor(smem_per_sm / (smem + reserve)); no limit when
 *                  the block uses no shared memory and no reserve
 *   limit_blocks = max_blocks_per_sm
 *   active       = min of the four; the limiter names every minimum.
 * A limit of 0 (the block cannot be resident at all) is reported as such.
 * Returns 0, or -1 when an input is out of range (threads, warp size,
 * SM sizes <= 0; negative usage); *out is zeroed then. */
int measure_occupancy_compute(const struct measure_occ_input *in,
			      struct measure_occ *out);

#endif
