/* store: the SQLite database of mmreport.
 *
 * The only module that speaks SQL. measure writes through the store_*_insert
 * calls, render reads through the store_*_list / _get calls, cli opens,
 * lists and merges. Every function that can fail returns 0 on success and
 * a negative value on failure (an enum store_error), with a message
 * available from store_errmsg(): it names the file and the reason, and,
 * for STORE_ERR_INTERNAL only, the call and the place in store/ (a
 * corrupt or locked file is the user's news, not a bug report). Strings
 * returned
 * inside structures are owned by the structure and released by the
 * matching *_free function; *_free(NULL) is a no-op. */
#ifndef MMREPORT_STORE_H
#define MMREPORT_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "stats.h"
#include "traits.h"

/* Schema version written to PRAGMA user_version by this build. 1: base
 * schema; 2: session.keep_samples, kattr.local_bytes, config key index;
 * 3: the session's timer, cache state, launch cost and process identity,
 * and each configuration's interleaving group, grid, working set, clocks
 * and regime; 4: the session's counter pass (read or unavailable, and
 * why); 5: config.param, part of the key; 6: each kernel's traits and
 * tile; 7: each configuration's noise and throttled and discarded
 * samples, the session's noise target, throttle mode and threshold, top
 * clock, clock lock, power limit, PCIe link, host CPU, compiler and
 * cuBLAS version. */
#define STORE_SCHEMA_VERSION 7

enum store_mode {
	STORE_READ,		/* must exist; read-only (render, export,
				 * sessions, devices, merge's sources): no
				 * file is created, written or checkpointed,
				 * whatever the directory's permissions; an
				 * older schema is read as it is */
	STORE_WRITE,		/* must exist; migrated forward if older */
	STORE_CREATE		/* created if missing (measure, merge target) */
};

/* Error classes for callers that map them to exit codes. */
enum store_error {
	STORE_OK = 0,
	STORE_ERR_IO = -1,	/* cannot open/read/write the file */
	STORE_ERR_FOREIGN = -2,	/* not an mmreport database */
	STORE_ERR_CORRUPT = -3,	/* SQLite says malformed / not a database */
	STORE_ERR_NEWER = -4,	/* schema newer than this build */
	STORE_ERR_MISSING = -5,	/* file does not exist (READ/WRITE) */
	STORE_ERR_INTERNAL = -6,	/* any other SQLite failure */
	STORE_ERR_BUSY = -7	/* another process holds a lock on the file
				 * (or wrote it while it was being read):
				 * trying again later may succeed */
};

struct store;

/* Opens path in mode. On success *out holds a handle (free with
 * store_free) and 0 is returned. On failure an enum store_error is
 * returned, *out is NULL, and a one-line reason is written to err[errlen]
 * (e.g. "not an mmreport database"; the path is not repeated in it). A
 * file that is refused is left byte-identical: nothing is written to it
 * before it is recognised, and no -wal/-shm file is made beside it (but
 * for the -shm that a writing mode builds for a -wal found without one,
 * as any SQLite writer would).
 * A 0-byte file counts as missing for STORE_CREATE (initialised) and as
 * foreign otherwise. STORE_READ of an older schema reads it without
 * migrating; STORE_WRITE and STORE_CREATE migrate it forward in one
 * transaction. Writable handles use WAL with synchronous=NORMAL: a
 * process crash loses nothing committed.
 *
 * A STORE_READ handle, from opening to store_free, creates no file,
 * writes none (neither the database, its -wal nor its -shm) and changes
 * no mtime, also while a writer is live or after one crashed; it reads
 * what is committed, the -wal included. It needs read permission only.
 * A -wal without its -shm (copied alone) cannot be read so: STORE_ERR_IO,
 * saying why. A file another process holds locked is STORE_ERR_BUSY
 * after a wait of up to 5 s. Every mode checks, before use, the file's
 * pages, that its tables have this version's columns and that no row
 * lacks its parent (STORE_ERR_CORRUPT, STORE_ERR_FOREIGN); every index
 * is compared with its table. Two processes creating one file at once:
 * the one that finds the other's schema opens the file as it is then. */
int store_open(const char *path, enum store_mode mode, struct store **out,
	       char *err, size_t errlen);
void store_free(struct store *st);
/* For a file that must appear with all its content or not at all (merge's
 * target): like store_open(path, STORE_CREATE), but a path that names no
 * file or an empty (0-byte) one is left as it is, and the new database is
 * built in a private file beside it (path + ".tmp-" and 6 characters);
 * *staged is then 1. store_publish puts it at path; store_free without
 * that removes it, leaving path as it was. Messages name path. A path
 * with content is opened as STORE_CREATE opens it (*staged 0). Returns
 * as store_open. */
int store_open_staged(const char *path, struct store **out, int *staged,
		      char *err, size_t errlen);
/* Frees st (store_open_staged's), whatever the result. A staged file is
 * put at its path, in one link or rename that other processes see whole
 * or not at all, if the path names no file or still the empty one;
 * *placed = 1. If another process put a database there meanwhile,
 * *placed = 0: the staged file is removed, and the caller may open the
 * path (it exists now) and write its content there. A handle that is not
 * staged is freed, *placed = 1. Returns 0, or a negative store error
 * with a one-line reason in err (the staged file removed, path as it
 * was): STORE_ERR_BUSY when the empty file stays locked or keeps
 * changing, STORE_ERR_IO when it cannot be placed. */
int store_publish(struct store *st, int *placed, char *err, size_t errlen);
/* The last error's message, "'path': reason"; never NULL. Valid until
 * the next call. */
const char *store_errmsg(const struct store *st);
/* The same without the leading "'path': ", for a caller whose message
 * names the file already. */
const char *store_errreason(const struct store *st);
/* The enum store_error of the last failure (0 before any), so that a
 * caller that saw a call fail can choose its exit status by class. */
int store_errcode(const struct store *st);

/* One consistent snapshot for a reading command. store_read_begin starts
 * a read transaction on st (a STORE_READ handle): every read through st
 * until store_read_end sees the file as it was committed when the
 * transaction began, whatever other processes commit or checkpoint
 * meanwhile. How: a file with a write-ahead log is read under WAL's read
 * lock (a writer's checkpoint does not overwrite what the snapshot
 * reads); a rollback-journal file under a SHARED lock held until
 * store_read_end (a writer then waits for it, up to its busy timeout);
 * a WAL-mode file that no process has open is read without any lock
 * (immutable=1: a reader may not create the -wal and -shm that locking
 * it would need), and store_read_end then checks that no writer came:
 * STORE_ERR_BUSY, "changed while being read; try again", when the file
 * changed (inode, size, modification time) or a -wal appeared beside it
 * since it was opened. Nothing is written in either case. Both return 0
 * or a negative store error. A read that failed meanwhile still needs
 * store_read_end (or store_free, which ends the transaction). */
int store_read_begin(struct store *st);
int store_read_end(struct store *st);

/* ---- devices ------------------------------------------------------------ */

/* One named property of a device, in display order. key is stable
 * ("mem_bus_width"); the report translates it. value is the text shown;
 * num the number when the property is numeric (has_num = 1). */
struct store_prop {
	char *key;
	char *value;
	char *unit;		/* "", "MHz", "KiB", ... */
	double num;
	int has_num;
};

struct store_device {
	int64_t id;		/* filled by the store */
	char *uuid;		/* "GPU-xxxxxxxx-...", the identity */
	char *name;
	char *pci_bus_id;
	int cc_major, cc_minor;
	int sm_count;
	double peak_fp32_gflops;	/* SMs x FP32 cores/SM x 2 x clock */
	double peak_mem_gbs;	/* 2 x memory clock x bus width / 8 */
	struct store_prop *props;
	size_t nprops;
};

/* Inserts the device, or finds it by UUID (properties of an existing row
 * are refreshed). Sets dev->id. */
int store_device_upsert(struct store *st, struct store_device *dev);
/* All devices, ordered by id. *out is an array of *n devices; free with
 * store_devices_free(*out, *n). */
/* The property key of d (NULL: none; d may be NULL). */
const struct store_prop *store_device_prop(const struct store_device *d,
					   const char *key);
/* Whether a --device selector that is not a number fits a device of
 * this uuid and name: sel is a prefix of the UUID, with or without its
 * "GPU-", or a part of the name, either without regard to case. NULL
 * uuid or name fit nothing. Pure string work: measure (the GPUs
 * present) and the reading commands (the devices stored) choose alike. */
int store_device_sel_fits(const char *uuid, const char *name,
			  const char *sel);
int store_device_list(struct store *st, struct store_device **out,
		      size_t *n);
void store_devices_free(struct store_device *devs, size_t n);

/* ---- sessions ----------------------------------------------------------- */

/* NVML readings; has = 0 where NVML was absent or the field unsupported. */
struct store_env {
	int has_sm_clock;	double sm_clock_mhz;
	int has_mem_clock;	double mem_clock_mhz;
	int has_temp;		double temp_c;
	int has_power;		double power_w;
	int has_throttle;	unsigned long long throttle_reasons;
	char *throttle_text;	/* "none", "sw_power_cap,hw_slowdown", NULL */
};

struct store_session {
	int64_t id;		/* filled by the store */
	char *uuid;		/* random, identity across merged files */
	int64_t device_id;
	char *started_at;	/* ISO 8601 UTC, "2026-11-22T01:02:03Z" */
	char *ended_at;		/* NULL while running, and when aborted */
	char *status;		/* "running", "complete", "interrupted",
				 * "failed"; on read also "aborted" (see
				 * store_session_list) */
	char *hostname;
	char *cmdline;
	char *tool_version;
	int driver_version;	/* cudaDriverGetVersion, e.g. 13000 */
	int runtime_version;
	char *driver_text;	/* NVML's "580.159.04" when known, else NULL */
	int repeat, warmup, min_samples;
	double max_time_s;
	unsigned long long seed;
	char *suites;		/* "versions,transfer,ilp,reference" */
	char *timers;		/* e.g. "cudaEvent (device), CLOCK_MONOTONIC
				 * (host)" */
	double tolerance;	/* verification: max relative error */
	struct store_env env_start, env_end;
	int keep_samples;	/* 1 all raw samples, 0 slim (see measure) */
	/* Schema 3; older sessions read back as unknown. */
	char *timer;		/* kernel timer: "cupti-activity" or
				 * "events-blocking"; NULL unknown */
	int cold;		/* 1 L2 flushed before each sample, 0 hot,
				 * -1 unknown */
	double launch_us;	/* median host-side launch-to-completion
				 * time of an empty kernel [us]; NAN or 0
				 * unknown (stored as NULL) */
	int pid;		/* the measuring process; 0 unknown */
	char *proc_start;	/* store_proc_identity of that process;
				 * NULL unknown */
	/* Schema 4: the counter pass (--counters), as measure knew it, so
	 * that no reader parses it back from the timers text. */
	char *counters;		/* "read", "unavailable"; NULL not asked
				 * for (or an older session) */
	char *counters_why;	/* with "unavailable": the reason */
	/* Schema 7: the measurement's quality settings and its setting.
	 * Older sessions read back as unknown. */
	double max_noise_pct;	/* --max-noise [%]; NAN or 0: off or
				 * unknown (stored as NULL) */
	char *throttle;		/* --throttle: a VOCAB_THROTTLE_MODE_*
				 * ("discard", "keep", "wait"); NULL
				 * unknown */
	double throttle_pct;	/* a sample is throttled below this % of
				 * the top clock; NAN or 0 unknown */
	double top_sm_clock_mhz;	/* the highest SM clock read during
					 * the session (the throttle rule's
					 * reference); NAN or 0 unknown */
	int clocks_locked;	/* 1 clocks locked by measure, 0 not (what
				 * measure does today), -1 unknown */
	double power_limit_w;	/* NVML enforced power limit; NAN or 0
				 * unknown */
	int pcie_gen, pcie_width;	/* NVML current link; 0 unknown */
	char *host_cpu;		/* /proc/cpuinfo's first "model name";
				 * NULL unknown */
	char *cuda_compiler;	/* nvcc that built the kernels, "13.0.48";
				 * NULL unknown */
	int cublas_version;	/* cublasGetVersion, e.g. 130001; 0
				 * unknown */
};

/* Writes a random RFC 4122 version 4 UUID ("xxxxxxxx-xxxx-4xxx-...", 36
 * characters and a NUL) into out, for store_session.uuid. */
void store_uuid_new(char out[37]);

/* Inserts s and sets s->id. s->uuid and s->device_id are required;
 * started_at NULL means now, status NULL "running". Unknown values of the
 * schema-3 fields (timer/proc_start NULL, cold < 0, launch_us NAN or 0,
 * pid 0) are stored as NULL; a zero-initialised session therefore says
 * "hot" (cold 0) and "clocks not locked" (clocks_locked 0), and nothing
 * else new. Schema 7's unknowns (NAN or 0 for the doubles, 0 for the
 * PCIe link and cuBLAS version, NULL strings, clocks_locked < 0) are
 * stored as NULL. */
int store_session_insert(struct store *st, struct store_session *s);
/* Sets ended_at (NULL: now), status and the end readings (end NULL: left
 * as they are) of session id. */
int store_session_finish(struct store *st, int64_t id, const char *ended_at,
			 const char *status, const struct store_env *end);
/* Sets the top SM clock of session id (schema 7), known only once the
 * session has measured: NAN or <= 0 stores NULL (unknown). For a file
 * older than schema 7 (read as it is) nothing can be stored:
 * STORE_ERR_INTERNAL, as for any write through a STORE_READ handle. */
int store_session_top_clock_set(struct store *st, int64_t id, double mhz);
/* All sessions, ordered by started_at then id. *out is an array of *n
 * sessions; free with store_sessions_free(*out, *n).
 *
 * A session stored as "running" whose measuring process is known to be
 * gone is returned with status "aborted": its host name equals this
 * machine's gethostname() and its pid names no process, or a process
 * whose identity (store_proc_identity) differs from proc_start (the pid
 * was reused), or a zombie. A running session of another host, or one
 * without a pid (older files), is returned as stored: it cannot be
 * checked from here. Nothing is written (see store_session_reap). */
int store_session_list(struct store *st, struct store_session **out,
		       size_t *n);
void store_sessions_free(struct store_session *s, size_t n);

/* For a writable handle: sets status 'aborted' (ended_at left NULL) on
 * every session that store_session_list would report as aborted, in one
 * transaction, and sets *reaped (may be NULL) to how many. A session of
 * another host or without a pid is never touched. Returns 0, or a
 * negative store error (STORE_ERR_INTERNAL for a STORE_READ handle) with
 * nothing changed. For measure to call after opening the database, so
 * that a killed run does not stay "running" in the file. */
int store_session_reap(struct store *st, size_t *reaped);

/* Writes "<boot_id>/<starttime>" of process pid (0: this process) into
 * buf[len]: the boot id from /proc/sys/kernel/random/boot_id and the
 * start time in clock ticks since boot (field 22 of /proc/<pid>/stat).
 * Together they name one process of one boot, unlike a pid, which the
 * kernel reuses. Returns 0, or -1 (buf then "", when len > 0) when /proc
 * cannot tell or buf is too small. Store it in store_session.proc_start. */
int store_proc_identity(int pid, char *buf, size_t len);

/* ---- kernels ------------------------------------------------------------ */

/* The source and description of a kernel as measured in a session,
 * and its traits as the registry gave them. */
struct store_kernel {
	int64_t session_id;
	char *name;
	char *description;
	char *source;
	unsigned traits;	/* KTRAIT_* bits (analysis/traits.h) */
	int tile;		/* kernel_desc's tile; 0 none */
};
/* Inserts k, or replaces the description, source, traits and tile of
 * the same name in the same session. */
int store_kernel_insert(struct store *st, const struct store_kernel *k);
/* Kernels of session_id in insertion order (or of all sessions when
 * session_id <= 0, the latest row per name by session start). A kernel
 * stored without traits (a file of schema 5 or older, read as it is,
 * migrated or merged) gets those of store_kernel_legacy, so no reader
 * tells kernels apart by name. */
int store_kernel_list(struct store *st, int64_t session_id,
		      struct store_kernel **out, size_t *n);
void store_kernels_free(struct store_kernel *k, size_t n);

/* The traits and tile that mmreport's built-in kernel name had before
 * schema 6 stored them: the one table of built-in names that old files
 * are read by. Returns 1 when it holds name, else 0 with 0 and 0 (an own
 * kernel's, or one added after schema 6, whose files store its traits).
 * traits or tile may be NULL. */
int store_kernel_legacy(const char *name, unsigned *traits, int *tile);

/* The grid (blocks of one launch) of configuration c stored without one
 * (files older than schema 3), from the launch geometry of the
 * built-in kernel its variant names as those versions launched it;
 * count: its element count (the copy's N). 0: unknown (a library call,
 * a name the legacy table does not hold, no block). */
struct store_config;
long long store_config_legacy_grid(const struct store_config *c,
				   long long count);

/* Kernel attributes and theoretical occupancy (report P's table). */
struct store_kattr {
	int64_t session_id;
	char *variant;
	int block_x, block_y;
	int threads_per_block;
	int regs_per_thread;
	int static_smem;	/* bytes per block */
	int local_bytes;	/* per thread; -1 when unknown (schema 1) */
	int max_threads_per_block;	/* of the function */
	int active_blocks;	/* per SM */
	int active_warps;
	int active_threads;
	double occupancy;	/* 0..1 */
	int limit_warps;	/* blocks per SM allowed by each resource */
	int limit_regs;
	int limit_smem;
	int limit_blocks;	/* the SM's block-count limit */
	char *limiter;		/* "warps", "registers", "shared memory",
				 * "blocks per SM" */
};
/* Inserts a, or replaces the row of the same session, variant and block. */
int store_kattr_insert(struct store *st, const struct store_kattr *a);
/* Attributes of session_id in insertion order; session_id <= 0: for each
 * device, the latest row per variant and block by session start, ordered
 * by device. */
int store_kattr_list(struct store *st, int64_t session_id,
		     struct store_kattr **out, size_t *n);
void store_kattrs_free(struct store_kattr *a, size_t n);

/* ---- configurations ----------------------------------------------------- */

struct store_config {
	int64_t id;		/* filled by the store */
	int64_t session_id;
	int64_t device_id;	/* filled on read */
	char *suite;		/* a VOCAB_SUITE_* of vocab.h: "versions",
				 * "transfer", "ilp", "reference",
				 * "transpose", "bank", "coalesce", "dot",
				 * "walkers" */
	char *variant;		/* kernel name, or "memcpy" */
	int m, k, n;		/* matrix sizes (transpose: m x n, k = 0;
				 * 0 for copy, bank, coalesce, dot,
				 * walkers; copy rows written before
				 * issue 15 hold floor(log2 N) in n) */
	int64_t count;		/* copy, coalesce, dot: elements N; bank:
				 * threads; walkers: walkers; transpose:
				 * m n; else 0 */
	int block_x, block_y;	/* 0 for library */
	int ilp;		/* 1 unless copy */
	int param;		/* schema 5: the swept parameter: the
				 * stride or offset of bank and coalesce,
				 * the walkers' steps; 0 elsewhere and in
				 * older rows */
	char *host_mem;		/* "", "pageable", "pinned", "pinned-output" */
	char *precision;	/* "fp32", "fp64" (dot), "int32" (ilp, bank,
				 * walkers) */
	char *status;		/* "ok", "failed", "skipped" */
	char *reason;		/* why skipped or failed; NULL when ok */
	double rel_error;	/* verification; NAN when not verified */
	double flops;		/* per run, 2mnk convention */
	double bytes;		/* per run, compulsory device traffic */
	int samples;		/* samples actually taken */
	double seconds;		/* wall time spent on this configuration */
	char *finished_at;
	/* Schema 3; older rows read back as unknown. For the doubles below
	 * NAN and 0 both mean unknown and are stored as NULL: no real
	 * working set or clock is 0, and a zero-initialised configuration
	 * must not claim one. The integers: 0 unknown, stored as NULL. */
	int64_t grp;		/* interleaving group within the session:
				 * configurations sampled together share
				 * it; 0 none */
	int64_t grid_blocks;	/* blocks one launch runs (cuBLAS: 0) */
	int64_t wave_blocks;	/* blocks of one full wave of the device:
				 * active blocks per SM x SMs */
	double working_set;	/* bytes the launch touches */
	int64_t l2_bytes;	/* the device's L2 size */
	double start_sm_clock_mhz, end_sm_clock_mhz;	/* NVML, just before
							 * and after */
	int has_throttle;	/* 0: throttle_reasons unknown (NULL) */
	unsigned long long throttle_reasons;	/* NVML reason bits OR-ed
						 * over the readings */
	char *regime;		/* comma-separated keys of "launch_bound",
				 * "below_wave", "l2_resident", "throttled";
				 * "" none; NULL unknown */
	/* Schema 7; older rows read back as unknown. */
	double noise;		/* relative half-width of the median kernel
				 * time's 95 % interval over the samples
				 * kept (0.008: 0.8 %); NAN unknown (NULL) */
	int64_t throttled;	/* samples taken while the SM clock was
				 * below the session's threshold; -1
				 * unknown (NULL) */
	int64_t discarded;	/* of them dropped (--throttle discard or
				 * wait); -1 unknown (NULL) */
	/* A zero-initialised configuration therefore says 0 throttled, 0
	 * discarded and noise 0: set them to NAN, -1, -1 where unknown. */
};

/* One measured quantity of a configuration: its raw per-run samples. */
struct store_metric {
	const char *name;	/* "kernel", "total", "memcpy_ab", "gflops" ... */
	const char *unit;	/* "ms", "GFLOP/s", "GB/s" */
	const double *values;
	size_t n;
};

/* Writes a configuration, the statistics of each metric (computed here
 * with stats_summary_compute) and, if keep_samples, the raw samples, in one
 * transaction. Skipped and failed configurations pass nmetrics = 0. Sets
 * cfg->id. On failure nothing of it is stored. suite, variant and status
 * are required; host_mem and precision NULL are stored as "". A metric
 * with no values or a value that is not finite fails the whole call. */
int store_config_insert(struct store *st, struct store_config *cfg,
			const struct store_metric *metrics, size_t nmetrics,
			int keep_samples);

/* Selection for reading. Zero/NULL fields match everything. */
struct store_filter {
	int64_t device_id;
	int64_t session_id;	/* 0: latest measurement per device and
				 * configuration key (any session status) */
	const char *suite;
};

/* Configurations matching f (f NULL: everything latest), ordered by
 * device, suite, variant, host_mem, block, ilp, param, m, k, n, count.
 * With session_id 0 the latest row is chosen by session start, then
 * session id, then configuration id, among all statuses (an older "ok"
 * never hides a newer failure). */
int store_config_list(struct store *st, const struct store_filter *f,
		      struct store_config **out, size_t *n);
void store_configs_free(struct store_config *c, size_t n);

struct store_stat {
	char *metric;
	char *unit;
	struct stats_summary s;
};
/* Statistics of config_id, ordered by metric insertion order. */
int store_stat_list(struct store *st, int64_t config_id,
		    struct store_stat **out, size_t *n);
void store_stats_free(struct store_stat *s, size_t n);

/* How many raw samples the configurations of session_id have stored
 * (all metrics) into *n. 0 or a negative store status. */
int store_sample_count(struct store *st, int64_t session_id, long long *n);

/* Raw samples of (config_id, metric) in run order; *n = 0 and *out = NULL
 * when none are stored (slim database). Caller frees *out with free(). */
int store_sample_get(struct store *st, int64_t config_id, const char *metric,
		     double **out, size_t *n);

/* ---- comparisons --------------------------------------------------------- */

struct cmp_side;
/* Reads one side of a comparison (analysis/compare.h) into *o (zeroed
 * by the caller): every configuration of session_id, or with 0 the
 * latest of each device and key (as store_config_list), each with its
 * kernel time's statistics and raw samples, its regime by the report's
 * rule (rule_regime on the stored inputs, the session's top clock among
 * them) and its kernel's stored source; and the repeated measurements
 * the report's threshold takes. o->label is left to the caller. Returns
 * 0 or a negative store status; free with cmp_side_free either way. */
int store_compare_load(struct store *st, int64_t session_id,
		       struct cmp_side *o);
/* A memory-size property of d in bytes, whatever unit it was stored in
 * (B, KiB, MiB, GiB); NAN when absent. */
double store_prop_bytes(const struct store_device *d, const char *key);
/* The regime of c (rule_regime's RULE_* bits) from what the store keeps
 * of it: d's SMs, s's timer and launch cost (d, s NULL: unknown), c's
 * working set, clocks and throttle reasons; median is its kernel time
 * (ms), top its session's highest clock (store_session_top_clock), grid
 * its blocks (the report derives older files'), l2 the L2 bytes where c
 * stored none. The one reading of the stored inputs for the report and
 * mmreport compare. */
unsigned store_config_regime(const struct store_config *c,
			     const struct store_device *d,
			     const struct store_session *s, double median,
			     double top, long long grid, double l2);
/* 1 when p and q have one key: kernel, sizes, count, block, ILP,
 * parameter, host memory and precision (suite and session aside). */
int store_config_same_key(const struct store_config *p,
			  const struct store_config *q);
/* The repeated measurements among the n configurations at c whose
 * kernel times are median[] (NAN: none, or not ok): |log| of the ratio
 * of the medians of each key measured in two sessions of one device,
 * into spread[n] (the caller's). Returns how many (rule_threshold's
 * input, so the report and mmreport compare take the same pairs). */
size_t store_config_spread(const struct store_config *c,
			   const double *median, size_t n, double *spread);
/* The highest SM clock reading (MHz, 0 none) among the n configurations
 * at c that belong to session. */
double store_session_top_clock(const struct store_config *c, size_t n,
			       int64_t session);

/* ---- text read from a file ---------------------------------------------- */

/* The length of the well-formed UTF-8 sequence at s, its code point in
 * *cp; 0 when the bytes there are not one (overlong, surrogate,
 * truncated, a stray continuation byte). s[0] is not NUL. */
size_t store_utf8_seq(const char *s, unsigned *cp);
/* Replaces, in place, each byte of s that is not part of a well-formed
 * UTF-8 sequence with '?', as render does: a name in a damaged or edited
 * file must not make the JSON or CSV undecodable. Returns s. */
char *store_utf8_fix(char *s);

/* ---- whole-file operations ---------------------------------------------- */

struct store_merge_result {
	size_t devices_added, sessions_added, sessions_skipped, configs_added;
};
/* Copies every device, session and all under them from the file at src
 * into st, skipping devices already present (same UUID) and sessions
 * already present (same session UUID). src is opened read-only and
 * refused (nothing written anywhere) if it is not an mmreport database, is
 * corrupt or newer; an older src is read as it is. One transaction: all or
 * nothing. Merging a file into itself changes nothing (every session
 * counts as skipped). */
int store_merge(struct store *st, const char *src,
		struct store_merge_result *res);

/* Checks every page as opening does (integrity_check): 0, or its
 * finding (STORE_ERR_CORRUPT) in store_errmsg. */
int store_integrity_check(struct store *st);

#endif
