/* store/vocab.h: the data model's vocabulary. Every string that measure
 * writes into a database and render (or merge) reads back and compares
 * is named here once, so that writer and reader cannot drift apart and a
 * reader never compares a bare literal. Plain C, no SQLite: measure,
 * render and tests include it.
 *
 * The strings are stored: changing one changes the file format (a
 * schema migration), adding one does not. */
#ifndef MMREPORT_STORE_VOCAB_H
#define MMREPORT_STORE_VOCAB_H

/* ---- suites (config.suite, the session's comma-separated list) -------
 * VOCAB_SUITE_*: declared once, with their facts, in analysis/suites.h. */
#include "suites.h"

/* ---- device properties render reads by name (device_prop.key) ------- */
/* SMs x FP64 units per SM x 2 x clock [GFLOP/s], CUDA cores only */
#define VOCAB_PROP_PEAK_FP64	"peak_fp64"

/* ---- a configuration's precision (config.precision) ------------------ */
#define VOCAB_PREC_FP32		"fp32"
#define VOCAB_PREC_FP64		"fp64"
#define VOCAB_PREC_INT32	"int32"

/* ---- a configuration's status (config.status) ------------------------ */
#define VOCAB_CFG_OK		"ok"		/* measured and verified */
#define VOCAB_CFG_FAILED	"failed"	/* ran, wrong or faulted */
#define VOCAB_CFG_SKIPPED	"skipped"	/* not run; reason says why */

/* ---- a session's status (session.status) ----------------------------- */
#define VOCAB_SESSION_RUNNING		"running"
#define VOCAB_SESSION_COMPLETE		"complete"
#define VOCAB_SESSION_INTERRUPTED	"interrupted"
#define VOCAB_SESSION_FAILED		"failed"
/* computed when read: a running session whose process is gone */
#define VOCAB_SESSION_ABORTED		"aborted"

/* ---- the counter pass of a session (session.counters) ----------------
 * NULL: --counters was not given. */
#define VOCAB_COUNTERS_READ		"read"
#define VOCAB_COUNTERS_UNAVAILABLE	"unavailable"

/* ---- the kernel timer of a session (session.timer) ------------------
 * The GPU's own record of each launch; any other timer (events) holds
 * the host's launch cost. */
#define VOCAB_TIMER_CUPTI		"cupti-activity"

/* ---- clock throttling at a session's start or end (NVML; NULL where
 * NVML cannot say): the reasons, comma-separated, or this ---------- */
#define VOCAB_THROTTLE_NONE		"none"

/* ---- what a session did with samples taken while the GPU was throttled
 * (session.throttle, --throttle; NULL before schema 7) ----------------- */
#define VOCAB_THROTTLE_MODE_DISCARD	"discard"
#define VOCAB_THROTTLE_MODE_KEEP	"keep"
#define VOCAB_THROTTLE_MODE_WAIT	"wait"

/* ---- host memory modes (config.host_mem; "" for device-only suites) -- */
#define VOCAB_HOST_NONE			""
#define VOCAB_HOST_PAGEABLE		"pageable"
#define VOCAB_HOST_PINNED		"pinned"
#define VOCAB_HOST_PINNED_OUTPUT	"pinned-output"

/* ---- metrics (stat.metric, sample.metric) ----------------------------
 * Timed per sample: */
#define VOCAB_METRIC_KERNEL	"kernel"	/* ms, the kernel alone */
#define VOCAB_METRIC_GFLOPS	"gflops"	/* GFLOP/s from "kernel" */
#define VOCAB_METRIC_GBS	"gbs"		/* GB/s from "kernel" */
/* bank: ns per warp-wide shared-memory read per SM (kernel time over
 * reads per thread x warps per SM) */
#define VOCAB_METRIC_NS_ACCESS	"ns_access"
/* walkers: steps of all walkers per second, in 10^9 (walkers x steps /
 * kernel time) */
#define VOCAB_METRIC_GSTEPS	"gsteps"
/* walkers, one value per configuration: the mean and the variance of
 * the final positions of all walkers (theory: 0 and the step count) */
#define VOCAB_METRIC_WALK_MEAN	"walk_mean"
#define VOCAB_METRIC_WALK_VAR	"walk_var"
/* precision, rect: one value per configuration, the error of C on a
 * sample of its entries against a long-double compensated product of
 * the same inputs, each entry's error |c - ref| scaled by
 * sum_k |a_ik b_kj| (the scale of the rounding-error bound, so that an
 * entry whose sum cancels does not dominate): the largest and the mean
 * over the sample */
#define VOCAB_METRIC_ACC_MAX	"acc_max"
#define VOCAB_METRIC_ACC_MEAN	"acc_mean"
/* A matrix product that failed its verification: where it is wrong, one
 * value each, the only metrics a failed configuration stores (never a
 * speed). Elements wrong of all; of them in the partial edge tiles, and
 * the edge's size; the first wrong element's row, column, value (absent
 * where not finite: then nan_first is 1) and reference; the relative
 * error against A^T B and A B^T (square products). */
#define VOCAB_METRIC_DIAG_PREFIX	"diag_"
#define VOCAB_METRIC_DIAG_WRONG		"diag_wrong"
#define VOCAB_METRIC_DIAG_CELLS		"diag_cells"
#define VOCAB_METRIC_DIAG_WRONG_EDGE	"diag_wrong_edge"
#define VOCAB_METRIC_DIAG_EDGE_CELLS	"diag_edge_cells"
#define VOCAB_METRIC_DIAG_ROW		"diag_first_row"
#define VOCAB_METRIC_DIAG_COL		"diag_first_col"
#define VOCAB_METRIC_DIAG_GOT		"diag_first_got"
#define VOCAB_METRIC_DIAG_NAN		"diag_nan_first"
#define VOCAB_METRIC_DIAG_WANT		"diag_first_want"
#define VOCAB_METRIC_DIAG_REL_AT	"diag_rel_at"
#define VOCAB_METRIC_DIAG_REL_BT	"diag_rel_bt"
/* the transfer suite's phases of one whole run (ms) */
#define VOCAB_METRIC_TOTAL	"total"
#define VOCAB_METRIC_MALLOC	"malloc"
#define VOCAB_METRIC_MEMCPY_AB	"memcpy_ab"
#define VOCAB_METRIC_SYNC	"sync"
#define VOCAB_METRIC_MEMCPY_C	"memcpy_c"
#define VOCAB_METRIC_FREE	"free"
/* the transfer suite's rates (GFLOP/s, 2n^3 per run) */
#define VOCAB_METRIC_GFLOPS_KERNEL "gflops_kernel"	/* over "kernel" */
#define VOCAB_METRIC_GFLOPS_TOTAL "gflops_total"	/* over "total" */
/* One value per configuration from the counter pass (--counters): */
#define VOCAB_METRIC_GIPS	"gips"		/* giga instructions/s */
#define VOCAB_METRIC_CGMA	"cgma"		/* FLOP per global access */
#define VOCAB_METRIC_CNT_GFLOPS	"cnt_gflops"
#define VOCAB_METRIC_CNT_DRAM_GBS "cnt_dram_gbs"
#define VOCAB_METRIC_CNT_FP32_OPS "cnt_fp32_ops"	/* FLOP counted */
/* raw counters the report reads by name (bytes) */
#define VOCAB_METRIC_CNT_DRAM_READ_BYTES	"cnt_dram_read_bytes"
#define VOCAB_METRIC_CNT_DRAM_WRITE_BYTES	"cnt_dram_write_bytes"
/* ... global loads: requests (one per warp instruction) and the 32-byte
 * sectors they touched, so sectors per request (coalesce) */
#define VOCAB_METRIC_CNT_GLOBAL_LD_REQUESTS	"cnt_global_ld_requests"
#define VOCAB_METRIC_CNT_GLOBAL_LD_SECTORS	"cnt_global_ld_sectors"
#define VOCAB_METRIC_CNT_GLOBAL_ST_REQUESTS	"cnt_global_st_requests"
#define VOCAB_METRIC_CNT_GLOBAL_ST_SECTORS	"cnt_global_st_sectors"
/* ... shared-memory loads: warp instructions and the wavefronts (passes
 * through the banks) they took: per instruction the n of an n-way bank
 * conflict (bank, transpose) */
#define VOCAB_METRIC_CNT_SHARED_LD_INST		"cnt_shared_ld_inst"
#define VOCAB_METRIC_CNT_SHARED_LD_WAVEFRONTS	"cnt_shared_ld_wavefronts"
#define VOCAB_METRIC_CNT_ISSUE_ACTIVE		"cnt_issue_active"
#define VOCAB_METRIC_CNT_CYCLES_ACTIVE		"cnt_cycles_active"
/* the prefix of every raw counter ("cnt_duration_ns", ...) */
#define VOCAB_METRIC_CNT_PREFIX	"cnt_"

/* ---- variants the report reasons about by name ------------------------
 * Names of kernels/'s registry (tests/store_vocab.c checks that each is
 * one) and the ilp suite's cudaMemcpy row, which is no kernel. The
 * seeds' claims are about these: report P's versions, report G's two
 * kernels, note J's copy, the library reference. */
#define VOCAB_VARIANT_V1	"v1"
#define VOCAB_VARIANT_V2	"v2"
#define VOCAB_VARIANT_V3	"v3"
#define VOCAB_VARIANT_V4	"v4"
#define VOCAB_VARIANT_V5	"v5"
#define VOCAB_VARIANT_SIMPLE	"simple"
#define VOCAB_VARIANT_SHARED	"shared"
#define VOCAB_VARIANT_RECT	"rect"
#define VOCAB_VARIANT_COPY_ILP	"copy_ilp"
#define VOCAB_VARIANT_CUBLAS	"cublas"
#define VOCAB_VARIANT_MEMCPY	"memcpy"
/* transpose: a tiled copy of the same geometry (the ceiling), the
 * naive transpose, shared-memory tiles, tiles padded against bank
 * conflicts */
#define VOCAB_VARIANT_TR_COPY	"tr_copy"
#define VOCAB_VARIANT_TR_NAIVE	"tr_naive"
#define VOCAB_VARIANT_TR_TILE	"tr_tile"
#define VOCAB_VARIANT_TR_PAD	"tr_pad"
/* bank: shared-memory reads at a stride of param words */
#define VOCAB_VARIANT_BANK	"bank"
/* coalesce: a copy reading at an offset of param elements, one reading
 * every param-th element, and a three-float vector update with arrays
 * of structures and structures of arrays */
#define VOCAB_VARIANT_OFFSET	"offset"
#define VOCAB_VARIANT_STRIDE	"stride"
#define VOCAB_VARIANT_AOS	"aos"
#define VOCAB_VARIANT_SOA	"soa"
/* dot: the scalar product with a shared-memory reduction, and cuBLAS's
 * SDOT / DDOT (by the configuration's precision) */
#define VOCAB_VARIANT_DOT		"dot"
#define VOCAB_VARIANT_CUBLAS_DOT	"cublas_dot"
/* walkers: lecture B's random walkers, the generator's state in global
 * memory, in shared memory, in registers */
#define VOCAB_VARIANT_WALK_GLOBAL	"walk_global"
#define VOCAB_VARIANT_WALK_SHARED	"walk_shared"
#define VOCAB_VARIANT_WALK_REGISTERS	"walk_registers"

#endif
