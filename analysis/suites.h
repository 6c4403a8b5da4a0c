/* analysis/suites.h: the suites, declared once: SUITE_LIST, a row of
 * facts a suite, expanded here into enum suite_id, in suites.c into
 * suite_defs, in measure/plan.c into measure's hooks (suite_NAME_hooks,
 * beside the suite's runner in measure/suite_*.c) and in render_sec.h
 * and report.c into the sections (sec_NAME of render/sec_NAME.c). The
 * store's vocabulary, the kernel registry, the CLI's help and render's
 * section list read them: a new suite is its name and a row here.
 *
 * Plain C, no I/O, no SQLite, no CUDA: every folder may include it. */
#ifndef MMREPORT_ANALYSIS_SUITES_H
#define MMREPORT_ANALYSIS_SUITES_H

#include <stddef.h>

/* The stored names (config.suite), store/vocab.h's VOCAB_SUITE_*. */
#define VOCAB_SUITE_VERSIONS	"versions"
#define VOCAB_SUITE_TRANSFER	"transfer"
#define VOCAB_SUITE_ILP		"ilp"
#define VOCAB_SUITE_REFERENCE	"reference"
#define VOCAB_SUITE_TRANSPOSE	"transpose"
#define VOCAB_SUITE_BANK	"bank"
#define VOCAB_SUITE_COALESCE	"coalesce"
#define VOCAB_SUITE_DOT		"dot"
#define VOCAB_SUITE_WALKERS	"walkers"
#define VOCAB_SUITE_PRECISION	"precision"
#define VOCAB_SUITE_RECT	"rect"
#define VOCAB_SUITE_PROGRESSION	"progression"

/* X(ID, NAME, report, source, metric, higher, counted, one_d, host, fp,
 * param), in plan order (measure runs them and --help lists them so).
 * ID makes SUITE_ID and its stored name VOCAB_SUITE_ID, whose text is
 * NAME's; the other columns are struct suite_desc's. */
#define SUITE_LIST(X)							\
	/* report P: GFLOP/s of the versions */				\
	X(VERSIONS, versions, 1, "P", "gflops", 1, 1, 0, 0, 0, NULL)	\
	/* report G: whole runs from host memory */			\
	X(TRANSFER, transfer, 5, "G", "kernel", 0, 0, 0, 1, 0, NULL)	\
	/* note J: copy bandwidth against ILP */			\
	X(ILP, ilp, 6, "J", "gbs", 1, 0, 1, 0, 0, NULL)			\
	/* the library at the others' sizes */				\
	X(REFERENCE, reference, 0, "", "gflops", 1, 1, 0, 0, 0, NULL)	\
	/* textbook R: naive and tiled transpose */			\
	X(TRANSPOSE, transpose, 7, "R", "gbs", 1, 1, 0, 0, 0, NULL)	\
	/* textbook R: shared-memory strides */				\
	X(BANK, bank, 8, "R", "ns_access", 0, 1, 1, 0, 0, "word.stride")	\
	/* lecture B: offsets, strides, AoS/SoA */			\
	X(COALESCE, coalesce, 9, "B", "gbs", 1, 1, 1, 0, 0, NULL)	\
	/* textbook R: scalar product, vs cuBLAS */			\
	X(DOT, dot, 10, "R", "gbs", 1, 0, 1, 0, 1, NULL)		\
	/* lecture B: random walkers */					\
	X(WALKERS, walkers, 11, "B", "gsteps", 1, 0, 1, 0, 0, "word.steps")	\
	/* textbook R: matrix kernels in float and double */		\
	X(PRECISION, precision, 2, "R", "gflops", 1, 0, 0, 0, 1, NULL)	\
	/* textbook R: the padded rectangular product, float, double */	\
	X(RECT, rect, 3, "R", "gflops", 1, 0, 0, 0, 1, NULL)		\
	/* from report P to cuBLAS: v1 and each step beyond */		\
	X(PROGRESSION, progression, 4, "", "gflops", 1, 1, 0, 0, 0, NULL)

#define SUITE_ENUM(ID, ...) SUITE_##ID,
enum suite_id { SUITE_LIST(SUITE_ENUM) SUITE_N };
#undef SUITE_ENUM

struct suite_desc {
	const char *name;	/* VOCAB_SUITE_* */
	const char *source;	/* the source it reproduces: "P", "G", "J",
				 * "R", "B"; "" none (its own) */
	const char *metric;	/* its main metric (stat.metric) */
	int higher;		/* more of metric is better (a rate) */
	int counted;		/* --counters reads counters for it */
	int one_d;		/* blocks are one-dimensional (threads) */
	int host;		/* sweeps host memory modes */
	int fp;			/* its configurations differ in precision:
				 * a plan line and a failure name it */
	const char *param;	/* the string key naming its swept param
				 * in a failure's description; NULL none */
	int report;		/* the place of its report section, named
				 * as the suite, among the suites' sections
				 * (1 first); 0: none (the reference's
				 * points serve the others) */
};

extern const struct suite_desc suite_defs[SUITE_N];

/* The suite named name, or NULL. */
const struct suite_desc *suite_find(const char *name);

#endif
