/* analysis/suites.h: the suites, declared once. Each suite's facts live
 * in suite_defs: its stored name, the source it reproduces, its main
 * metric and whether more of it is better, whether --counters reads
 * counters for it, whether its blocks are one-dimensional, whether it
 * sweeps host memory, and whether it has a report section of its own.
 * measure's plan (names, counter pass, block shape), the store's
 * vocabulary (VOCAB_SUITE_*), the kernel registry's suite field, the
 * CLI's help and render's section list read it; a new suite is a line
 * here (and its name below).
 *
 * Plain C, no I/O, no SQLite, no CUDA: every folder may include it. */
#ifndef MMREPORT_ANALYSIS_SUITES_H
#define MMREPORT_ANALYSIS_SUITES_H

#include <stddef.h>

/* The stored names (config.suite); store/vocab.h names them VOCAB_*. */
#define SUITE_NAME_VERSIONS	"versions"
#define SUITE_NAME_TRANSFER	"transfer"
#define SUITE_NAME_ILP		"ilp"
#define SUITE_NAME_REFERENCE	"reference"
#define SUITE_NAME_TRANSPOSE	"transpose"
#define SUITE_NAME_BANK		"bank"
#define SUITE_NAME_COALESCE	"coalesce"
#define SUITE_NAME_DOT		"dot"
#define SUITE_NAME_WALKERS	"walkers"
#define SUITE_NAME_PRECISION	"precision"
#define SUITE_NAME_RECT		"rect"
#define SUITE_NAME_PROGRESSION	"progression"

/* In plan order: the order measure runs them in and --help lists. */
enum suite_id {
	SUITE_VERSIONS,		/* report P: GFLOP/s of the versions */
	SUITE_TRANSFER,		/* report G: whole runs from host memory */
	SUITE_ILP,		/* note J: copy bandwidth against ILP */
	SUITE_REFERENCE,	/* the library at the others' sizes */
	SUITE_TRANSPOSE,	/* textbook R: naive and tiled transpose */
	SUITE_BANK,		/* textbook R: shared-memory strides */
	SUITE_COALESCE,		/* lecture B: offsets, strides, AoS/SoA */
	SUITE_DOT,		/* textbook R: scalar product, vs cuBLAS */
	SUITE_WALKERS,		/* lecture B: random walkers */
	SUITE_PRECISION,	/* textbook R: matrix kernels in float and
				 * double */
	SUITE_RECT,		/* textbook R: the padded rectangular
				 * product in float and double */
	SUITE_PROGRESSION,	/* from report P to cuBLAS: v1 and each
				 * step beyond */
	SUITE_N
};

struct suite_desc {
	const char *name;	/* SUITE_NAME_* */
	const char *source;	/* the source it reproduces: "P", "G", "J",
				 * "R", "B"; "" none (its own) */
	const char *metric;	/* its main metric (stat.metric) */
	int higher;		/* more of metric is better (a rate) */
	int counted;		/* --counters reads counters for it */
	int one_d;		/* blocks are one-dimensional (threads) */
	int host;		/* sweeps host memory modes */
	int report;		/* the place of its report section, named
				 * as the suite, among the suites' sections
				 * (1 first); 0: none (the reference's
				 * points serve the others) */
};

extern const struct suite_desc suite_defs[SUITE_N];

/* The suite named name, or NULL. */
const struct suite_desc *suite_find(const char *name);

/* The names of every suite in table order, joined by sep, into
 * buf[len] (cut, still a string, when it does not fit). Returns buf. */
char *suite_names_join(const char *sep, char *buf, size_t len);

#endif
