/* A database built by test code for the render tests: two devices (one
 * with hostile strings), every suite, known sample values, one failed
 * and one skipped configuration. No GPU is involved. */
#ifndef MMREPORT_TEST_RENDER_FIXTURE_H
#define MMREPORT_TEST_RENDER_FIXTURE_H

#include <stddef.h>

/* The second device's name and host: LaTeX and shell metacharacters. */
#define FIX_HOSTILE_NAME "Tesla $\\&%#_{}~^ \"quoted\" ; rm -rf /"
#define FIX_HOSTILE_HOST "$(whoami)`id` <host> | x"
#define FIX_HOSTILE_VARIANT "v'9\"$(x)"
#define FIX_NAME_A "NVIDIA H100 80GB HBM3"

#define FIX_MAXSAMPLES 16
#define FIX_MAXMETRICS 12
/* The second device's session could not read counters; render shows
 * this reason (LaTeX metacharacters included). */
#define FIX_COUNTERS_WHY "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES & no $perf_event_paranoid"

/* The metrics of one configuration: names, units and samples exactly as
 * the fixture stores them. */
struct fix_metrics {
	size_t nmetrics, nsamples;
	const char *name[FIX_MAXMETRICS];
	const char *unit[FIX_MAXMETRICS];
	double v[FIX_MAXMETRICS][FIX_MAXSAMPLES];
};

/* Fills *m for configuration (dev 0 or 1, suite, variant, host_mem, n,
 * block, ilp). Returns 0, or -1 for a key the fixture does not hold. */
int fix_metrics_get(int dev, const char *suite, const char *variant,
		    const char *host, int n, int block, int ilp,
		    struct fix_metrics *m);

/* The hardware-counter metrics (measure --counters) the fixture stores
 * beside the timing metrics of (dev, suite, variant, host_mem, n, block),
 * one value each (nsamples = 1): gips, cgma, cnt_gflops, cnt_dram_gbs
 * and raw cnt_* counts. Device 0 has them for every ok configuration of
 * versions v2, of the reference and of transfer "shared" with pinned
 * memory; device 1's session says they were unavailable
 * (FIX_COUNTERS_WHY). Returns 0, or -1 where the fixture stores none. */
int fix_counters_get(int dev, const char *suite, const char *variant,
		     const char *host, int n, int block,
		     struct fix_metrics *m);

struct store;
/* The kernel row of name in session sid as measure stores one: a
 * description, a source and the registry's traits (for the built-in
 * names the fixtures use, those the store's legacy table repeats).
 * Storing it again is harmless. Returns store_kernel_insert's status. */
int fix_kernel_put(struct store *st, long long sid, const char *name);

struct store_kattr;
/* The kernel attributes the fixture stores for (variant, block b). */
void fix_kattr_fill(const char *variant, int b, struct store_kattr *a);

struct store_session;
/* A session as the suites' own fixtures of the render tests store one:
 * zeroed, then what they share (tool 0.1.0, repeat runs of 3 warm-up,
 * at least 5 samples, at most 2 s, CUPTI's timers, tolerance 1e-4, raw
 * samples kept); the caller sets its identity and the rest. */
void fix_session_init(struct store_session *s, int repeat);

/* Sizes and the like that the fixture measures. */
extern const int fix_versions_sizes[3];
extern const int fix_versions_blocks[2];
extern const int fix_transfer_sizes[2];
extern const char *const fix_hosts[3];
extern const char *const fix_transfer_variants[2];
extern const int fix_ilp_log2[3];
extern const int fix_ilps[3];

/* The full fixture (two devices, all suites) at path. 0 on success. */
int fix_build(const char *path);
/* Issue 2's minimal database: one device, versions v2 only, measured
 * without --counters. */
int fix_build_minimal(const char *path);
/* The minimal database, its session's timers text saying that counters
 * were unavailable: why. */
int fix_build_minimal_unavailable(const char *path, const char *why);
/* A database with the schema and nothing in it. */
int fix_build_empty(const char *path);
/* Adds to the database at path (a fix_build one) a later session of
 * the first device with a noise target of 0.5 % and an own kernel
 * FIX_OWN at block 16: ok at n = 128 with noise FIX_OWN_NOISE above the
 * target and FIX_OWN_DISCARDED samples discarded, faulted at n = 256
 * (FIX_OWN_FAULT), a wrong product at n = 384. */
#define FIX_OWN "mine"
#define FIX_OWN_NOISE 0.012
#define FIX_OWN_DISCARDED 4
#define FIX_OWN_FAULT "an illegal memory access was encountered"
int fix_add_own(const char *path);

/* A fresh temporary directory (mkdtemp) as a malloc'd path. */
char *fix_tmpdir(void);
/* Removes the files dir holds (one level) and dir. */
void fix_rmdir(const char *dir);
/* 1 when prog is an executable in PATH. */
int fix_have(const char *prog);
/* Reads a whole file; malloc'd, NULL on failure. */
char *fix_slurp(const char *path);

#endif
