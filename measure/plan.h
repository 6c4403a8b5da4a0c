/* measure/plan.h: internal to measure/ (and its tests). The sweep plan:
 * option lists parsed and validated, the list of configurations each
 * suite contributes, and the time model behind --dry-run's estimate.
 * Nothing here calls CUDA, so the plan is built and tested on any
 * machine. */
#ifndef MMREPORT_MEASURE_PLAN_H
#define MMREPORT_MEASURE_PLAN_H

#include <stddef.h>
#include <stdio.h>

#include "kernels.h"
#include "measure.h"
#include "timer.h"

enum plan_host {
	PLAN_HOST_NONE,		/* device-only suites */
	PLAN_HOST_PAGEABLE,	/* malloc */
	PLAN_HOST_PINNED,	/* cudaMallocHost for A, B and C */
	PLAN_HOST_PINNED_OUTPUT	/* cudaMallocHost for C only (report G) */
};

/* The defaults the issue fixes, and the limits of what is accepted. */
#define PLAN_DEFAULT_REPEAT	1000
#define PLAN_DEFAULT_WARMUP	3
/* Ten samples a side let a Mann-Whitney U test of two alternatives reach
 * p < 0.01 (the smallest two-sided p of 10 against 10 is 1.1e-5; of 3
 * against 3 it is 0.1, never significant). */
#define PLAN_DEFAULT_MIN	10
#define PLAN_DEFAULT_MAX_TIME	1.0
#define PLAN_DEFAULT_SEED	1ULL
#define PLAN_MAX_DIM		32768	/* matrix edge: 4 GiB per matrix */
#define PLAN_MAX_COUNT		(1LL << 36)	/* ilp elements */
#define PLAN_ILP_MIN_LOG2	9	/* note J starts at N = 512 */
#define PLAN_ILP_THREADS	512	/* threads x ILP per block */
#define PLAN_TOLERANCE		1e-4	/* relative Frobenius error */
/* --dry-run asks no device how much memory it has: it plans the ilp
 * suite for this much free memory (an 80 GiB H100). */
#define PLAN_DRYRUN_FREE_MEM	(80ULL << 30)

/* The counter pass in the time model: one unprofiled launch, the
 * duration pass and CUPTI's instrumented passes, counted as this many
 * runs, plus CUPTI's per-collection set-up; both fitted to the reference
 * sessions (tests/measure_estimate). */
#define PLAN_COUNTER_RUNS	32
#define PLAN_COUNTER_OVERHEAD	0.35

/* Ends every usage message, as the CLI's own do. */
#define PLAN_HELP_HINT "(try 'mmreport measure --help')"

/* One --sizes token: "n" (square) or "MxKxN". */
struct plan_size {
	long long m, k, n;
	int square;
};

/* The option lists, parsed. A NULL/0-length list means "suite default". */
struct plan_spec {
	unsigned suites;		/* bit (1u << enum suite_id) */
	int suites_given;
	struct plan_size *sizes;
	size_t nsizes;
	int *blocks;
	size_t nblocks;
	const char **variants;		/* registry names or "memcpy" */
	size_t nvariants;
	char **pending;			/* names left to plan_spec_finish
					 * (owned, also in variants) */
	size_t npending;
	int *ilps;
	size_t nilps;
	enum plan_host *hosts;
	size_t nhosts;
	unsigned precisions;		/* --precision: bit 0 float, bit 1
					 * double; 0: each suite's own
					 * (precision, rect, dot: both) */
	int device_all;			/* --device all */
	int *devices;			/* else these indices (default {0}) */
	size_t ndevices;
	/* else a UUID prefix or a part of the name that must fit one GPU
	 * (chosen when the devices are known; NULL: none) */
	const char *device_sel;
};

/* What becomes of samples taken while the GPU was throttled (the SM
 * clock below throttle_frac of the session's top): kept and counted;
 * discarded and taken again (unless too few would remain: a kernel that
 * itself holds the GPU at its power limit keeps them all, counted); or
 * before each round, waited for the clock to recover (up to
 * PLAN_THROTTLE_WAIT_S), then discarded as in discard. */
enum plan_throttle { PLAN_THROTTLE_DISCARD, PLAN_THROTTLE_KEEP,
		     PLAN_THROTTLE_WAIT };
#define PLAN_DEFAULT_THROTTLE_PCT	90.0
/* --max-noise's default: on an H100 the default sweep took 7 min 3 s to
 * its --repeat and --max-time, and 3 min 29 s with this target, which
 * 553 of its 560 configurations reached (559 of 560 at 1 %). */
#define PLAN_DEFAULT_MAX_NOISE_PCT	0.5
#define PLAN_THROTTLE_WAIT_S		1.0
/* "discard", "keep", "wait" into *t; -1 for anything else. */
int plan_throttle_parse(const char *text, enum plan_throttle *t);
const char *plan_throttle_name(enum plan_throttle t);

/* Settings with defaults resolved (zero fields of measure_options). */
struct plan_settings {
	int repeat, warmup, min_samples;
	double max_time_s;
	unsigned long long seed;
	int keep_samples;
	int counters;		/* a counter pass after each versions and
				 * reference configuration's samples
				 * (--counters) */
	enum timer_kind timer;	/* --timer */
	int cold;		/* --cold: L2 flushed before each sample */
	double max_noise;	/* --max-noise as a fraction; 0 off */
	enum plan_throttle throttle;
	double throttle_frac;	/* a sample is throttled when the SM clock
				 * read after its round is below this share
				 * of the session's top reading */
};

/* One configuration to measure. */
struct plan_entry {
	enum suite_id suite;
	const char *variant;		/* registry name or "memcpy" */
	const struct kernel_desc *kd;	/* NULL for memcpy */
	int m, k, n;			/* matrices; transpose: m x n,
					 * k = 0; 0 where count sizes it */
	long long count;		/* ilp, coalesce, dot: elements N
					 * as given; bank: threads;
					 * walkers: walkers; transpose:
					 * m n; else 0 */
	int block;			/* edge b; ilp, bank, coalesce:
					 * threads; 0 library */
	int ilp;			/* 1 unless copy_ilp */
	enum plan_host host;
	int group;			/* entries compared with one another
					 * share it; their samples are
					 * interleaved (runner.h) */
	int order;			/* position before grouping */
	int param;			/* bank, coalesce: the stride or
					 * offset; walkers: steps; else 0 */
	int fp64;			/* dot, precision, rect: in double */
};

struct plan {
	struct plan_entry *e;
	size_t n;			/* grown by plan_array_push */
};

/* Appends suite s's configurations that spec selects to p (free_mem:
 * what the ilp suite's sizes follow). 0, or -1 when memory runs out.
 * plan.c's builders: s's matrix kernels, the copies, the library, the
 * memory kernels, the products of precision, rect and progression. */
typedef int plan_build_fn(struct plan *p, const struct plan_spec *spec,
			  enum suite_id s, unsigned long long free_mem);
plan_build_fn plan_matrix_build, plan_ilp_build, plan_reference_build,
	plan_memory_build, plan_products_build;

/* What measure does with a suite: suite_NAME_hooks, beside its runner
 * in measure/suite_*.c, for each row NAME of analysis/suites.h's
 * SUITE_LIST. A NULL function or label is a matrix product's. */
struct suite_hooks {
	plan_build_fn *build;
	const struct suite_ops *ops;	/* its runner (runner.h) */
	/* the time model: one run (NULL: a count's registry bytes or a
	 * product's FLOPs at its registry rate); setup and verification,
	 * run being one run's seconds; the device memory of its buffers
	 * (NULL: two arrays of count elements, or the three matrices) */
	double (*run_seconds)(const struct plan_entry *e);
	double (*verify_seconds)(const struct plan_entry *e, double run);
	double (*device_bytes)(const struct plan_entry *e);
	/* a plan line's sizes: "LABEL=count" (NULL: the matrices' m, k,
	 * n), " LABEL=param" (and the precision: suite_defs' fp) */
	const char *count_label, *param_label;
	/* the groups compared (plan_build): those of group_with's suite;
	 * float and double in one (fp_mixed: each product's accuracy is
	 * sampled too); a param apart (param_apart: separate points) */
	const struct suite_hooks *group_with;
	int fp_mixed, param_apart;
	int int32;		/* its data are int32 (config.precision) */
	int keep_samples;	/* raw samples kept under --slim (render's
				 * significance tests read them) */
};

/* The hooks of each suite, by enum suite_id. */
#define SUITE_HOOKS_DECL(ID, NAME, ...) \
	extern const struct suite_hooks suite_##NAME##_hooks;
SUITE_LIST(SUITE_HOOKS_DECL)
#undef SUITE_HOOKS_DECL
extern const struct suite_hooks *const plan_hooks[SUITE_N];

const char *plan_suite_name(enum suite_id s);
/* 1 for the suites whose configurations get a counter pass with
 * --counters (suite_defs's counted: versions, reference, transpose,
 * bank, coalesce, progression; transfer times host work, ilp's memcpy
 * is no kernel, the pass counts FP32 operations, so the precision and
 * rect suites have none). */
int plan_suite_counted(enum suite_id s);
/* 1 for the suites whose blocks are one-dimensional (block = threads):
 * suite_defs's one_d. */
int plan_suite_1d(enum suite_id s);
/* The suites a variant ("v3", "memcpy") is measured in, as bits (1u <<
 * enum suite_id): its registry suite, the precision suite for a kernel
 * with a precision sweep, and for the library the precision and rect
 * suites too; 0 for an unknown name. */
unsigned plan_variant_suites(const char *name);
/* 1 when spec selects variant name: without --variants every kernel
 * but those measured on request (none built in today); own kernels
 * (--kernel) always,
 * unless --variants names some of them. */
int plan_variant_selected(const struct plan_spec *spec, const char *name);
/* 1 when spec selects suite s and at least one of its variants. */
int plan_suite_active(const struct plan_spec *spec, enum suite_id s);
/* Appends elem (sz bytes) to the growable array *arrp of *n elements,
 * grown by this function alone (*n may shrink between calls). Returns 0,
 * or -1 when memory runs out (the array is unchanged). */
int plan_array_push(void *arrp, size_t *n, size_t sz, const void *elem);
/* Appends the formatted text to buf[len] at *used, truncating; nothing
 * once *used reaches len. */
void plan_cat(char *buf, size_t len, size_t *used, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* "", "pageable", "pinned", "pinned-output". */
const char *plan_host_name(enum plan_host h);

/* Fills *s from o, zero fields taking the defaults above. */
void plan_settings_resolve(const struct measure_options *o,
			   struct plan_settings *s);

/* Parses and validates o's lists into *spec. On a bad value prints one
 * line "mmreport: measure: invalid --sizes 'x': why" on stderr and
 * returns -1 (*spec then holds nothing to release). Release with
 * plan_spec_release. With own kernels (o->nkernels), --variants names
 * that no built-in has are kept for plan_spec_finish, which the caller
 * runs once those kernels are registered; without, it runs here. */
int plan_spec_parse(const struct measure_options *o, struct plan_spec *spec);
/* Resolves the names kept back against the registered own kernels and
 * checks that the selection yields a configuration. 0, or -1 after the
 * usage message (*spec is left for plan_spec_release). */
int plan_spec_finish(const struct measure_options *o, struct plan_spec *spec);
void plan_spec_release(struct plan_spec *spec);

/* The ilp suite's largest N: the largest power of two such that two
 * arrays of N ints take at most a quarter of free_mem, at least 2^9. */
long long plan_ilp_max_count(unsigned long long free_mem);

/* Builds the configurations spec selects, without duplicates; the ilp
 * suite's sizes follow from free_mem unless --sizes gave them. Entries
 * are numbered into groups of configurations compared with one another
 * (versions and reference at one shape, transfer at one size, ilp at one
 * N), in the order the suites produce them (versions, transfer, ilp,
 * reference), and each group's entries stand together. Returns 0, or -1
 * when memory runs out. Release with plan_release. */
int plan_build(const struct plan_spec *spec, unsigned long long free_mem,
	       struct plan *p);
void plan_release(struct plan *p);

/* "versions  v3  m=512 k=512 n=512  block=16x16  ilp=1  host=-" into
 * buf[len]: suite, variant, sizes, block, ILP, host memory. */
void plan_entry_format(const struct plan_entry *e, char *buf, size_t len);
/* The sizes column alone ("m=512 k=512 n=512", "N=1024 p=3"); brief:
 * the progress line's ("n=512", "512x512"). */
void plan_entry_sizes(const struct plan_entry *e, int brief, char *buf,
		      size_t len);

/* The time model of --dry-run and of the progress line's ETA.
 * plan_entry_run_seconds: one run (one sample: a launch and its
 * synchronisation), from the entry's FLOPs and bytes at conservative
 * rates (plan_model.c lists them). plan_entry_estimate: the whole configuration, i.e. warm-up runs
 * (only one when a run exceeds max_time, as measure does), one
 * verification run plus the reference computation, and
 * min(repeat, max(min_samples, ceil(max_time / run))) samples; with
 * counters, a matrix configuration's counter pass on top (PLAN_COUNTER_RUNS
 * runs and PLAN_COUNTER_OVERHEAD seconds). */
double plan_entry_run_seconds(const struct plan_entry *e);
/* A matrix product's kernel alone: its FLOPs at its registry rate. */
double plan_kernel_seconds(const struct plan_entry *e);
double plan_entry_estimate(const struct plan_entry *e,
			   const struct plan_settings *s);

/* The rates and costs the suites' time models share (plan_model.c tells
 * where they come from). */
#define PLAN_RATE_LAUNCH_S	11e-6	/* launch, synchronisation and the
					 * timer's bookkeeping of one sample */
#define PLAN_RATE_PAGEABLE	3.0e9	/* host<->device, pageable, B/s */
#define PLAN_RATE_HOSTCOPY	10.0e9	/* host memcpy/fill/compare, B/s */
#define PLAN_RATE_GEN	1.5e-9	/* seconds per generated random element */

/* A configuration that takes longer than this is warned of. */
#define PLAN_WARN_SECONDS	3600.0

/* Writes a warning line to err for each entry of p that cannot fit mem
 * bytes of device memory or whose estimate exceeds PLAN_WARN_SECONDS
 * (a mistyped size: 2^36 doubles, hundreds of hours); returns how many
 * entries were warned of. --dry-run calls it with PLAN_DRYRUN_FREE_MEM. */
size_t plan_warn(const struct plan *p, const struct plan_settings *s,
		 unsigned long long mem, FILE *err);

/* Prints the plan (one configuration per line), then the estimate and
 * its model, to out. devices describes what --device selected;
 * ilp_sized is 1 when --sizes fixed the ilp counts (else they were
 * planned for PLAN_DRYRUN_FREE_MEM, which is said). */
void plan_print(const struct plan *p, const struct plan_settings *s,
		const char *devices, int ilp_sized, FILE *out);

#endif
