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

/* ---- suites (config.suite, the session's comma-separated list) ------- */
#define VOCAB_SUITE_VERSIONS	"versions"	/* report P's v1..v5 */
#define VOCAB_SUITE_TRANSFER	"transfer"	/* report G: host memory */
#define VOCAB_SUITE_ILP		"ilp"		/* note J: copy with ILP */
#define VOCAB_SUITE_REFERENCE	"reference"	/* cuBLAS */

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

/* ---- clock throttling at a session's start or end (NVML; NULL where
 * NVML cannot say): the reasons, comma-separated, or this ---------- */
#define VOCAB_THROTTLE_NONE		"none"

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

#endif
