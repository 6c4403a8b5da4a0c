/* analysis/compare.h: two measurements of the same configurations set
 * side by side (mmreport compare, render's comparison section). The
 * points come from store_compare_load (store/); this layer matches them
 * by key, tests each pair on its raw samples and gives the verdict by
 * the report's rules (rules.h), so the command, the report and the
 * tests share one judgement.
 *
 * Pure C on plain data: no SQLite, no I/O. */
#ifndef MMREPORT_ANALYSIS_COMPARE_H
#define MMREPORT_ANALYSIS_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

/* The JSON output's schema version (mmreport compare --format json). */
#define CMP_SCHEMA_VERSION 1

/* One stored configuration of a side. Strings and samples are owned by
 * the side (freed by cmp_side_free). */
struct cmp_point {
	char *dev_uuid, *dev_name;
	char *suite, *variant, *host_mem, *precision, *status;
	int m, k, n, block_x, block_y, ilp, param;
	long long count;
	int64_t session_id, config_id;
	double median;		/* median kernel time [ms]; NAN none */
	double rmin, rmax;	/* its stored range, and the count */
	size_t rn;
	double *samples;	/* raw kernel times; NULL in a slim file */
	size_t ns;
	unsigned marks;		/* the RULE_* flags the report marks */
	int counts;		/* rule_counts: kept in "best" */
	int has_src;		/* src_hash known (source stored) */
	uint64_t src_hash;	/* FNV-1a of the kernel's stored source */
	const char *source;	/* that source (points into the side) */
};

/* A kernel's stored source in one session of a side. */
struct cmp_source {
	int64_t session_id;
	char *name, *text;
};

/* One side: what was read, and the repeated measurements it holds. */
struct cmp_side {
	char *label;		/* "file.db", or "file.db session 3" */
	struct cmp_point *p;
	size_t n;
	struct cmp_source *src;
	size_t nsrc;
	double *spread;		/* |log| of repeated medians (rules.h) */
	size_t nspread;
	size_t ndevs;		/* distinct devices among p */
};

/* Frees what s holds and zeroes it; NULL is a no-op. */
void cmp_side_free(struct cmp_side *s);

/* The stored range of a side's values, for a file that kept no raw
 * samples. */
struct cmp_range {
	double min, max;
	size_t n;		/* 0: unknown */
};
/* The report's judgement of one pair, one function for mmreport compare
 * (cmp_run) and every comparison of the report (render's
 * model_compare): the two-sided Mann-Whitney p on the raw samples sa, sb
 * (na, nb values); where either side kept none, and the stored ranges ra,
 * rb do not overlap, the exact p of U = 0, 2 / C(na + nb, na) (ranges
 * set); else p < 0, untested. ratio = mb / ma, and the verdict is
 * rule_verdict's (rules.h) on p and ratio at threshold. The effect: the
 * Hodges-Lehmann ratio b / a of the samples with its 95 % interval
 * (stats_hl_ratio), NAN without samples on both sides. */
struct cmp_judgement {
	double p, ratio;
	int verdict;		/* enum rule_verdict */
	int ranges;
	double hl, hl_lo, hl_hi;
};
void cmp_judge(const double *sa, size_t na, const double *sb, size_t nb,
	       double ma, double mb, const struct cmp_range *ra,
	       const struct cmp_range *rb, double threshold,
	       struct cmp_judgement *j);
/* FNV-1a 64 of text (NULL: 0). */
uint64_t cmp_hash(const char *text);
/* The RULE_* flags of marks as the report's letters (l launch, w idle
 * SMs, c L2, t throttled) into buf[8]; "" none. Returns buf. */
char *cmp_marks_text(unsigned marks, char buf[8]);

/* rule_verdict's on kernel times, named for them. */
enum cmp_verdict {
	CMP_UNTESTED = RULE_UNTESTED,	/* no samples, ranges overlapping */
	CMP_SAME = RULE_SAME,		/* no meaningful difference */
	CMP_SLOWER = RULE_HIGHER,	/* b meaningfully slower than a */
	CMP_FASTER = RULE_LOWER		/* b meaningfully faster */
};

/* A matched pair: a the base, b the new side. */
struct cmp_row {
	const struct cmp_point *a, *b;
	double ratio;		/* median(b) / median(a) of kernel time:
				 * < 1 faster; the verdict's ratio */
	double hl, lo, hi;	/* Hodges-Lehmann ratio b / a and its 95 %
				 * interval; NAN without samples */
	double p;		/* Mann-Whitney p on the samples, or the
				 * exact p of disjoint ranges; < 0 none */
	int verdict;		/* enum cmp_verdict */
	int below;		/* p < RULE_ALPHA but |ratio - 1| under the
				 * threshold: significant, not meaningful */
	int src_changed;	/* both sources stored and different */
};

struct cmp_suite {
	const char *suite;
	size_t n, faster, slower, same, untested;
	double geomean;		/* of the rows' ratios; NAN for none */
};

struct cmp_result {
	struct cmp_row *rows;
	size_t nrows;
	const struct cmp_point **only_a, **only_b;	/* unmatched */
	size_t nonly_a, nonly_b;
	struct cmp_suite *suites;
	size_t nsuites;
	size_t faster, slower, same, untested, below;
	const struct cmp_row **changed;	/* first row of each kernel whose
					 * source differs */
	size_t nchanged;
	int cross;		/* sides of different single devices */
	double threshold;	/* the practical threshold used */
	size_t threshold_pairs;
};

/* Matches b against a and judges every pair. Points whose status is not
 * "ok" or without a kernel time are unmatched. Keys: suite, variant,
 * sizes, count, block, ILP, param, host memory, precision, and the
 * device UUID unless each side holds one device and they differ (then
 * cross = 1). The threshold is rule_threshold of both sides' spreads
 * (threshold >= 0 given: that value instead). Rows are in a's order.
 * *r points into a and b, which must outlive it. Returns 0, or -1 when
 * memory runs out (*r then empty). Free with cmp_result_free. */
int cmp_run(const struct cmp_side *a, const struct cmp_side *b,
	    double threshold, struct cmp_result *r);
void cmp_result_free(struct cmp_result *r);

/* The rows by descending |log ratio|, at most max of them, into out[]
 * (caller's array of max pointers). Returns how many. */
size_t cmp_largest(const struct cmp_result *r, const struct cmp_row **out,
		   size_t max);

/* The gate (--fail-above): 1 when a row is CMP_SLOWER with ratio above
 * 1 + pct / 100, or, with suite non-NULL, when that suite's geometric
 * mean is above 1 + pct / 100 and above 1 + threshold and at least one
 * of its rows is CMP_SLOWER; else 0. */
int cmp_gate(const struct cmp_result *r, double pct, const char *suite);

/* A configuration's key without its suite, as the listings print it
 * ("v2 n=1024 b=16x16", "copy_ilp N=16777216 b=256 ilp=4"), into
 * buf[len] (cut to fit). Returns buf. */
char *cmp_key_text(const struct cmp_point *p, char *buf, size_t len);
/* "faster", "slower", "no meaningful difference", "untested". */
const char *cmp_verdict_name(int verdict);

#endif
