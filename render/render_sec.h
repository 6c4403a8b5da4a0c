/* render_sec.h: what the sections and their engines share (sec_*.c,
 * facts_*.c, mem.c, matprod.c, parts.c, cells.c, figpair.c, appendix.c).
 * Included by render_int.h, after the engines it builds on. */
#ifndef MMREPORT_RENDER_SEC_H
#define MMREPORT_RENDER_SEC_H

#include "suites.h"

/* ---- sections (sec_*.c) ------------------------------------------------ */

/* Front matter and the introduction (sec_front.c). */
int sec_title(struct rctx *x, struct rbuf *out);
int sec_intro(struct rctx *x);
/* Experiments: sec_NAME (render/sec_NAME.c) of each row of SUITE_LIST
 * with a place in the report (report.c), and the versions' appendix. */
#define SUITE_SEC_DECL(ID, NAME, ...) int sec_##NAME(struct rctx *x);
SUITE_LIST(SUITE_SEC_DECL)
#undef SUITE_SEC_DECL
int app_versions(struct rctx *x);

/* ---- kernel versions: the facts findings and conclusions share
 * (facts_versions.c) ---------------------------------------------------- */

/* The variants of suite measured on device dev (< 0: any): the
 * registry's versions (versions_builtin) first, each part shorter names
 * first (v2 before v10), then alphabetically; the order of every table
 * and of the steps. *out is malloc'd (free() the array only). */
size_t versions_names_of(const struct rctx *x, int dev, const char *suite,
			 const char ***out);
/* The SM count of device dev, 0 when unknown. */
int versions_sms(const struct rctx *x, int dev);
/* The ok configuration of (dev, suite, variant; NULL: any) at square
 * size n (m and k n or unset; n < 0: any) with the highest median
 * GFLOP/s over the block sizes ("its best block"); with steady set only
 * rcfg_steady ones. NULL when none. */
const struct rcfg *versions_best(const struct rctx *x, int dev,
				 const char *suite, const char *variant,
				 int n, int steady);
/* The one "best" of the versions suite: its fastest configuration on dev
 * by median GFLOP/s at any size, among the points that count
 * (rcfg_steady) when steady is set, else among the verified ones. NULL:
 * none. The findings, the summary and the conclusions all choose with
 * it. */
const struct rcfg *versions_fastest(const struct rctx *x, int dev,
				    int steady);
/* Two configurations at one size, a the baseline. */
struct versions_pair {
	const struct rcfg *a, *b;	/* NULL: none */
	int n;
	struct rcmp cmp;	/* GFLOP/s; ratio = b / a; p < 0 untested */
};
#define VF_MAX 16
struct versions_facts {
	int dev;
	int sms;		/* 0 unknown */
	/* each version against the one measured before it */
	size_t nsteps;
	struct versions_pair step[VF_MAX];
	/* the fastest own configuration in a steady regime (NULL: none),
	 * against the library at its size (a = library, b = best) */
	const struct rcfg *best;
	struct versions_pair best_ref;
	double pct_ref;		/* 100 * best / library, NAN without */
	double peak;		/* rcfg_peak of best, its peak_which */
	int peak_which;
	double pct_peak;	/* NAN: unknown, or over 100 (over_peak) */
	int over_peak;
	/* the fastest own configuration of any regime when faster than
	 * best (or when nothing is steady), else NULL */
	const struct rcfg *fastest;
};
/* The facts of device dev. Returns 0, -1 when the store fails. */
int facts_versions(struct rctx *x, int dev, void *f);

#define ILP_MAXN 8	/* ILPs a device's facts keep */
/* Note J's experiment (the ilp suite) on one device, as measured
 * (facts_ilp.c): the numbers its findings and the conclusions state.
 * Only steady points (rcfg_steady) count for n, the ILP comparison and
 * the percentages of peak; L2-resident points only for l2_gbs. */
struct ilp_facts {
	double peak;		/* theoretical memory bandwidth, GB/s; NAN
				 * when the device has none */
	double l2;		/* L2 size in bytes, NAN unknown */
	long long n;		/* elements N at the largest steady size; 0:
				 * no steady copy point (then nothing below
				 * but l2_* is set) */
	int best_ilp;		/* highest median there among ILP >= 2 (ILP
				 * >= 1 when ILP 1 or ILP >= 2 is missing) */
	double g1, gbest;	/* medians there [GB/s]: ILP 1 (NAN when not
				 * steady or not measured), best_ilp */
	double pct1, pctbest;	/* the same in % of peak (NAN: no peak) */
	struct rcmp cmp;	/* ILP 1 (a) against best_ilp (b); cmp.p < 0
				 * untested, cmp.a NAN when no ILP 1 */
	double gmem, pctmem;	/* memcpy there, NAN when not steady there */
	struct rcmp cmpmem;	/* best_ilp (a) against memcpy (b) */
	double l2_gbs;		/* highest L2-resident median of any
				 * variant (the cache's bandwidth), NAN */
	const struct rcfg *l2_cfg;	/* its configuration, or NULL */
	/* Little's law at n: each ILP's median (NAN: not steady), its
	 * share of the peak and the bytes its loads keep in flight per SM
	 * (from the resident threads stored with the kernel's attributes;
	 * NAN unknown); ILP 1's resident threads per SM and KiB in flight,
	 * best_ilp's KiB; the latency [ns] at which ILP 1's bytes in
	 * flight give its measured rate, and the KiB per SM the peak needs
	 * at that latency (NAN unknown) */
	int nilp, ilps[ILP_MAXN];
	double gilp[ILP_MAXN], pctilp[ILP_MAXN], inflight[ILP_MAXN];
	double sms, threads1, kib1, kibbest, lat_ns, need;
};
/* Fills *f for device dev. Returns 0, -1 when the store fails reading
 * samples (message printed). */
int facts_ilp(struct rctx *x, int dev, void *f);
/* Elements N of an ilp configuration: its count, else 2^n (a row
 * without a count). 0 for NULL. Every ilp section keys its sizes on
 * it, never on n: files before issue 15 hold floor(log2 N) in n. */
long long ilp_count(const struct rcfg *c);
/* The distinct N (ilp_count) of the ilp configurations of device dev
 * and variant (NULL: any), ascending. Returns how many;
 * *out is malloc'd (free()), NULL when none fit in memory. */
size_t ilp_counts(const struct rctx *x, int dev, const char *variant,
		  long long **out);
/* The ilp configuration of device dev, variant (NULL: any)
 * at N = count with this ILP (< 0: any), or NULL. */
const struct rcfg *ilp_find(const struct rctx *x, int dev,
			    const char *variant, long long count, int ilp);
/* N for LaTeX math mode: "2^{22}" for a power of two, else
 * "\num{1000001}" (grouped as the report groups integers). */
void ilp_count_math(long long n, struct rbuf *b);
/* Device dev's L2 size in bytes (as measure stored it with the
 * configurations, else the device property); NAN when unknown. */
double ilp_l2_bytes(const struct rctx *x, int dev);

/* ---- the memory-access suites (mem.c; textbook R, lecture B) ----------- */

/* The words a comparison of a (baseline) and b earns, where more of the
 * metric is better (higher) or less is (!higher): no data, not tested
 * (no raw samples, ranges overlapping), not significant, b better, b
 * worse. */
enum { MW_NONE, MW_UNTESTED, MW_NS, MW_BETTER, MW_WORSE };
int mem_word(const struct rcmp *r, int higher);
/* "\texttt{name}", escaped. */
void mem_variant(struct rbuf *b, const char *variant);
/* Why a counter column is missing, in the string key_none (measured
 * without --counters) or key_unavailable (@@WHY@@: the reason the
 * session stored). Returns 0 or -1 (template error). */
int mem_counters_missing(struct rctx *x, int dev, const char *suite,
			 const char *key_none, const char *key_unavailable,
			 struct rbuf *b);
/* A size in bytes as MiB ("\num{50}~MiB"). */
void mem_mib(struct rbuf *b, double bytes);
/* A number cell (rtable_num with flags RT_*; 1 is RT_GREY, so a truth
 * value greys it) followed in its cell by post (rtable_post). */
void mem_num(struct rtable *t, double v, int decimals, int flags,
	     const char *post);
/* A table's caption into cap: string key filled with DEV (the device,
 * where there are several), SAMPLES (the range of samples of metric in
 * suite, of variant or all) and, where n is not NULL, N. */
int mem_caption(struct rctx *x, int dev, const char *suite,
		const char *variant, const char *metric, const char *key,
		const char *n, struct rbuf *cap);
/* A line figure of GFLOP/s (logarithmic) over categories
 * (mp_figure_cat): its lines are plot_lines' (PL_DOTTED aside). */
#define mem_line pline
struct mem_axes {
	const char *xlabel;	/* LaTeX */
	double xmin, xmax;
	size_t nxtics;		/* categories, at x = 1, 2, ... */
	double w, h;		/* cm */
};

/* The transpose suite (sec_transpose.c): the kernels in table order,
 * the copy (the ceiling) first. */
enum { TR_COPY, TR_NAIVE, TR_TILE, TR_PAD, TR_N };
extern const char *const tr_variants[TR_N];
/* Two configurations at one size n, a the baseline, compared
 * (mem_pair_set); n = 0 and a, b NULL when none. */
struct mem_pair {
	long long n;
	const struct rcfg *a, *b;
	struct rcmp cmp;
};
#define TR_MAXB 2		/* blocks kept, the smallest */
struct tr_facts {
	/* tr_naive (a) against tr_tile (b) at the largest edge where both
	 * ran steady, each at its best block there */
	struct mem_pair tile;
	/* the copy (a) against the fastest transpose (b) at the largest
	 * edge where the copy and a transpose ran steady */
	struct mem_pair top;
	/* top.n (else the largest edge): each kernel at each block bs[],
	 * and there tr_tile (a) against tr_pad (b) per block */
	int n, bs[TR_MAXB], nb;
	const struct rcfg *at[TR_N][TR_MAXB];
	struct mem_pair pad[TR_MAXB];
};

/* The bank suite (sec_bank.c): strides 1..32 words. */
#define BANK_MAXS 32
/* The conclusions' text still names this fraction; the facts judge a
 * stride by the one rule (rcmp.signif) alone. */
#define BANK_TOL 0.10
/* The strides of one parity, each against stride 1 by the rule. */
struct bank_group {
	int n;			/* measured */
	int slow;		/* longer, meaningfully (rcmp.signif) or,
				 * untested, by the medians */
	int ns_long;		/* longer by the medians, not meaningfully */
	int untested;		/* of slow: judged by the medians alone */
	double lo, hi;		/* range of the ratio to stride 1 */
};
struct bank_facts {
	const struct rcfg *at[BANK_MAXS + 1];	/* ok, or NULL */
	/* per access: cycles of the recorded SM clock, or where a stride
	 * has none (cycles 0) the median ns of all */
	double y[BANK_MAXS + 1];
	int cycles;
	struct bank_group odd;	/* odd strides above 1 */
	struct bank_group even;
	/* the n-way conflict the counters measured, NAN where not */
	double counted[BANK_MAXS + 1];
};
/* The n-way conflict of c's shared loads as the counters measured it
 * (wavefronts per load instruction); NAN without counters. */
double bank_counted(const struct rcfg *c);
/* Each facts_* fills *f, a struct of its suite (bank_facts, wk_facts,
 * ilp_facts; void so that mem_run calls it), for device dev. Returns
 * 0, -1 when the store fails. */
int facts_bank(struct rctx *x, int dev, void *f);

/* The coalesce suite (sec_coalesce.c): offsets 0..32, strides 1..32,
 * AoS and SoA. Every comparison is judged by the one rule
 * (rcmp.signif). */
#define CO_MAXP 32
/* Comparisons against their base, in % of it: how many, of them
 * meaningfully slower, not tested. */
struct co_group {
	int n, slow, untested;
	double lo, hi;
};
struct co_facts {
	const struct rcfg *off[CO_MAXP + 1], *str[CO_MAXP + 1];	/* ok */
	const struct rcfg *aos, *soa;
	struct rcmp off_cmp[CO_MAXP + 1];	/* offset 0 (a), k (b) */
	struct rcmp str_cmp[CO_MAXP + 1];	/* stride 1 (a), s (b) */
	/* offsets that are no multiple of 8 floats (32 bytes) against
	 * offset 0 (mis), positive offsets that are (al) */
	struct co_group mis, al;
	/* each misaligned k against the next aligned positive offset
	 * 8 ceil(k / 8), where measured: a shift of whole sectors, so that
	 * the comparison isolates the extra sector from any other effect
	 * of an offset (offset 0's a and c line up in every way) */
	struct co_group ctl;
	int smax;		/* the largest stride compared */
	struct rcmp aos_soa;	/* aos (a) against soa (b) */
};

/* The dot suite (sec_dot.c; textbook R): the scalar product with a
 * shared-memory reduction against cuBLAS, in fp32 and fp64. */
enum { DOT_OWN, DOT_CUBLAS, DOT_NV };
enum { DOT_FP32, DOT_FP64, DOT_NP };
struct dot_err {
	int n;			/* sizes with an error (ok, finite) */
	double mean;
};
struct dot_facts {
	/* cuBLAS (a) against own (b) in GB/s per precision, at the largest
	 * N where both ran steady */
	struct mem_pair vs[DOT_NP];
	/* fp32 (a) against fp64 (b) in kernel time per variant, at the
	 * largest N where both precisions ran steady */
	struct mem_pair prec[DOT_NV];
	/* the verified relative error over the sizes */
	struct dot_err err[DOT_NV][DOT_NP];
	int nok, nall;		/* own configurations verified, measured */
	double peak;		/* memory GB/s, NAN unknown */
};

/* The walkers suite (sec_walkers.c; lecture B): the generator's state in
 * global memory, shared memory, registers. */
enum { WK_GLOBAL, WK_SHARED, WK_REGS, WK_N };
#define WK_MAXP 32
/* one (walkers, steps) point */
struct wk_point {
	long long w;
	int s;
	const struct rcfg *c[WK_N];	/* ok, or NULL */
	struct rcmp step[WK_N];	/* [1] global->shared, [2] shared->regs,
				 * [0] global->regs; Gsteps/s */
};
struct wk_facts {
	struct wk_point pt[WK_MAXP];
	int np;
	int top;		/* the largest steady point, -1 none */
	int nchain, nchain_ok;	/* points with all three; of them, with
				 * global < shared < registers
				 * meaningfully */
	int nver, nexact;	/* verified configurations; exactly */
};
int facts_walkers(struct rctx *x, int dev, void *f);

/* The rect suite (sec_rect.c; textbook R): the product of rectangular
 * matrices (m x k) (k x n) with every dimension padded to the block,
 * at blocks 8, 16, 32, beside cuBLAS, in fp32 and fp64. */
enum { RECT_FP32, RECT_FP64, RECT_NP };
extern const char *const rect_precs[RECT_NP];
#define RECT_MAXB 8		/* blocks kept; more are left out */
#define RECT_MAXS 32		/* shapes kept */
/* padding "costs" where the most padded block does at least this
 * fraction more work than the useful 2mkn */
#define RECT_PAD_BIG 0.10
/* two blocks run their padded work alike where the time ratio is
 * within this fraction of the padded-work ratio */
#define RECT_PAD_TOL 0.10
/* fp64 over fp32 time "as the peaks predict" within this fraction (the
 * rect and precision findings) */
#define RECT_RATIO_TOL 0.25
struct rect_shape {
	struct rsize sz;
	/* rect at f->blocks[i] (any status; NULL: not measured), cuBLAS */
	const struct rcfg *c[RECT_NP][RECT_MAXB];
	const struct rcfg *lib[RECT_NP];
	/* the fastest ok block (index into f->blocks) and the next; -1 */
	int best[RECT_NP], next[RECT_NP];
	struct rcmp lead[RECT_NP];	/* next (a) against best (b),
					 * GFLOP/s; a NAN when no next */
	struct rcmp vs_lib[RECT_NP];	/* cuBLAS (a) against the best
					 * block (b), GFLOP/s */
	/* fp32 (a) against fp64 (b) in kernel time: the best blocks of
	 * rect, and cuBLAS */
	struct rcmp prec, prec_lib;
	/* where padding costs (RECT_PAD_BIG): the least (pl) and the most
	 * (pw) padded ok block, and pl (a) against pw (b) in kernel time;
	 * pw = -1 where it does not */
	int pl[RECT_NP], pw[RECT_NP];
	struct rcmp pad_t[RECT_NP];
};
struct rect_facts {
	int dev;
	int blocks[RECT_MAXB];	/* of the rect variant, ascending */
	int nb;
	struct rect_shape s[RECT_MAXS];	/* by useful work 2mkn */
	int ns;
	int nall, nok;		/* rect configurations run (not
				 * skipped); of them verified */
	double max_rel;		/* largest verified relative error of
				 * rect, NAN none */
	double peak32, peak64;	/* the device's peaks [GFLOP/s], NAN
				 * unknown (peak64: "peak_fp64") */
	/* the largest padded-work ratio of an ok configuration at the
	 * largest block (pad_s: its shape, -1 none) */
	double pad_max;
	int pad_s;
	int ntr;		/* shapes with fp32 against fp64 in time */
};
/* The unit roundoff of precision p (2^-24, 2^-53). */
double rect_unit(int p);
/* The shape m x k x n for prose: as size_label writes it, but a line
 * may break after each sign. */
void rect_shape_label(const struct rsize *sz, struct rbuf *b);

int sec_summary(struct rctx *x);
int sec_cross(struct rctx *x);
/* render --compare A,B: session B against session A (sec_compare.c). */
int sec_compare(struct rctx *x);
/* Each source report's findings beside ours (sec_conclusions.c). */
int sec_conclusions(struct rctx *x);
/* Appendices of the whole report (sec_front.c). */
int sec_device(struct rctx *x);
int sec_sessions(struct rctx *x);

/* ---- pieces the sections share (cells.c) ------------------------------ */

/* An empty comparison: every value NAN, untested (p < 0, verdict
 * RULE_UNTESTED). */
void rcmp_clear(struct rcmp *r);
/* Widens [*lo, *hi] (NAN: empty) to v; a non-finite v is ignored. */
void num_range_add(double v, double *lo, double *hi);
/* "lo--hi" with put (find_num, find_pct ...) at sig figures, or lo
 * alone where the two print alike; appended to b. */
void num_range_put(struct rbuf *b, double lo, double hi, int sig,
		   void (*put)(struct rbuf *b, double v, int sig));
/* A time ratio's cell (mem_num, two decimals): grey with \nsmark where
 * the test found no difference, \ntmark where it was not tested. */
void ratio_cell(struct rtable *t, const struct rcmp *r);
/* Device d's FP64 peak [GFLOP/s] as measure stored it, NAN without. */
double dev_peak_fp64(const struct store_device *d);
/* rbuf_init and rbuf_free of the n buffers of b. */
void rbufs_init(struct rbuf *b, size_t n);
void rbufs_free(struct rbuf *b, size_t n);
/* The @@DEV@@ of a finding into pre (len bytes): "GPU~2: " where
 * several devices are reported, else "". */
void dev_prefix(const struct rctx *x, int dev, char *pre, size_t len);
/* A paragraph of the string key with v's placeholders (fv_emit). */
int fv_par(struct rctx *x, const char *key, struct fv *v);
/* The string "PREFIX.NAME" where the language has it, else name escaped
 * as rbuf_put_tex does (NULL: nothing), appended to b. */
void lang_name_put(const struct rctx *x, const char *prefix,
		   const char *name, int breakable, struct rbuf *b);

/* ---- the memory sections' tables and comparisons (mem.c) -------------- */

/* The cell of c in t: its status where it is not ok (cell_status;
 * returns 1), else v as mem_num writes it with dec decimals and flags,
 * followed by c's marks less those in hide (returns 0). */
int mem_cfg_num(const struct rctx *x, struct rtable *t, const struct rcfg *c,
		double v, int dec, int flags, unsigned hide);
/* Header cells, one per string key of k (NULL ends it); a key that
 * starts with '=' is the cell's LaTeX itself, less the '='. */
void mem_heads(const struct rctx *x, struct rtable *t, const char *const *k);

/* ---- pieces sections assemble alike (parts.c) ------------------------ */

/* A finding that lists items: each item the string of a key filled
 * from item's placeholders, "; " between them, in the placeholder LIST
 * of all, which holds the sentence's other placeholders too. */
struct plist {
	struct fv item, all;
	struct rbuf *list;	/* all's LIST */
};
/* Starts an empty list; the caller frees item and all (fv_free). */
void parts_list_init(struct plist *l);
/* Appends string key filled from l->item (whose values stay set). */
void parts_list_add(struct rctx *x, struct plist *l, const char *key);
/* A table of the memory suites' kind being assembled (mem_num cells):
 * the table, its caption and note, a buffer for one cell, the regimes
 * seen. */
struct ptable {
	struct rtable t;
	struct rbuf cap, note, cell;
	unsigned seen;
};
/* Starts p empty, its table of column kinds (rtable_init), nothing
 * seen; parts_table_emit releases it. */
void parts_table_init(struct ptable *p, const char *kinds);
/* Where rc is 0 and p has rows, emits p (emit_table, anchored "KIND
 * dev=ID" for device dev) and returns its status; else returns rc.
 * Releases p either way. */
int parts_table_emit(struct rctx *x, struct ptable *p, int rc,
		     const char *kind, int dev);

/* ---- the matrix- and scalar-product sections' pieces (matprod.c) ------ */

/* Sets placeholders of v, one per kind in spec, each from a name and
 * one value among the arguments: 's' a string, 'd' an int, 'n' and '%'
 * followed by a digit find_num and find_pct of a double at that many
 * figures, 'S' rect_shape_label of a const struct rsize *. The names
 * must outlive v. */
void mp_fv_set(struct fv *v, const char *spec, ...);
/* Appends the string key filled from v to text, after a blank when text
 * has any: sentences that make one finding. Returns fv_emit's status. */
int mp_text_say(struct rctx *x, struct rbuf *text, const char *key,
		struct fv *v);
/* A figure of GFLOP/s (logarithmic) over a->nxtics categories at x = 1,
 * 2, ... (MP_MAXCAT at most), which it writes into xs[] that the lines
 * l[0..nl-1] point to; tic[i] holds the tic label of category i (LaTeX)
 * and is freed here. a gives the x label, the range and the size. The
 * figure is emitted for device dev captioned by the string
 * progression.figure (emit_dev_figure). Returns 0 or -1. */
#define MP_MAXCAT 32
int mp_figure_cat(struct rctx *x, int dev, struct mem_axes *a,
		  const struct mem_line *l, size_t nl, struct rbuf *tic,
		  double *xs);

/* ---- kernel versions (sec_versions.c) -------------------------------- */

/* 1 when variant is a registry's version of the versions suite: the
 * strings hold its description ("vers.desc.NAME", the one place a
 * version is looked up by name); 0 for a student's own kernel. */
int versions_builtin(const struct rctx *x, const char *variant);

/* ---- xfer: the transfer suite's quantities (sec_transfer.c) ---------- */

/* Derived per run from the stored metrics: report G's time*, which
 * leaves allocation out (time* less Malloc and Free), and the copies'
 * rates (the bytes of A and B, or of C, over Memcpy AB or C; GB/s). */
#define XFER_RUN_G "run_g"
#define XFER_GBS_AB "gbs_ab"
#define XFER_GBS_C "gbs_c"

/* ---- findings stated once for the GPUs that agree (sec_progression.c),
 * used by the progression and rect sections ---- */

#define PG_MAXD 8		/* devices one such section reports */
#define DVS_MAXI 16		/* items of a device dvs_items states */
/* The facts f[0..n) of the devices a sentence speaks for and, where
 * dvs_items states items, each one's item[0..n); with mask set, every
 * number is written "#", so that two devices' sentences compare equal
 * where only their numbers differ; v, empty, for the sentence's
 * placeholders (the engine frees it). */
struct dvs {
	const void *const *f;
	const int *item;
	int n;
	int mask;
	struct fv *v;
};
/* c's median GFLOP/s, NAN where c is NULL or has none. */
double cfg_gflops(const struct rcfg *c);
/* v[0..s->n) as find_devs writes them, once where all print alike
 * (pct: as a percentage; sig 0: a count, its digits alone). Appends to
 * b. */
void dvs_num(const struct rctx *x, const struct dvs *s, struct rbuf *b,
	     const double *v, int sig, int pct);
/* The effects of r[0..s->n) as find_effect writes them (invert: as
 * find_effect's), joined as find_devs joins numbers. Appends to b. */
void dvs_effect(const struct rctx *x, const struct dvs *s, struct rbuf *b,
		const struct rcmp *const *r, int invert);
/* Writes one finding's text into out for the facts s->f[0..s->n);
 * returns 0 (out left empty: nothing to say) or -1. */
typedef int (*dvs_say_fn)(struct rctx *x, const struct dvs *s,
			  struct rbuf *out);
/* The items 0..nitem(f[d]) of the facts f[0..n) of devices dev[0..n)
 * (nitem NULL: one each), each device's in its order: an item is stated
 * once, by say(), for it and each later device's first item whose text
 * reads alike but for its numbers, the devices named ("GPU~1, GPU~3: ")
 * where the group is not all n of them or one alone is reported of
 * several; the text becomes the finding of string key (@@DEV@@,
 * @@TEXT@@) in fd, or, fd NULL, a paragraph of it. */
void dvs_items(struct rctx *x, struct rfind *fd, const char *key,
	       const void *const *f, const int *dev, int n, dvs_say_fn say,
	       int (*nitem)(const void *f));
/* A finding of a section: say() of each item of a device (nitem NULL:
 * one), as dvs_items states them. */
struct dvs_find {
	dvs_say_fn say;
	int (*nitem)(const void *f);
};

/* ---- precision and ILP (sec_precision.c) ----------------------------- */

/* t started (parts_table_init) with a text column per lead[] (up to
 * NULL; string keys, '=' LaTeX itself, as mem_heads) and per device
 * dv[0..nd) three numbers headed by grp[], under the device's label
 * where there are several: the header rows of a table that sets the
 * devices side by side. */
void devs_table_init(struct rctx *x, struct ptable *t,
		     const char *const *lead, const char *const *grp,
		     const int *dv, int nd);

/* ---- every per-device section as a description (mem.c) -------------- */

/* A section whose facts are per device is data: its facts per device,
 * one table whose columns hold a value per device, one figure whose
 * series are drawn per device, its own tables and figures (draw), its
 * findings, described (find) or said by code (say), each stated once
 * where the devices agree, and a take-away. mem_run interprets it for
 * every such section, the memory suites' and the matrix suites' alike.
 * f below is one device's facts (the spec's fsize bytes, filled by
 * facts()). */
#define MEM_MAXD 4		/* devices in one table or finding */
#define MEM_NV 16		/* numbers of one finding */
/* What a description's functions are called with. */
struct mem_ctx {
	struct rctx *x;
	int dev;
	const void *f;		/* the device's facts */
	int arg;		/* the finding's argument */
};
/* One cell: v with dec decimals (rtable_num); c's status and marks
 * where c is set; else grey or \ntmark by the rule where r is set. */
struct mem_cell {
	double v;
	int dec;
	const struct rcfg *c;
	const struct rcmp *r;
};
struct mem_tspec {
	const char *caption, *anchor;	/* string key; anchor kind */
	int nrows;
	const char *lead;	/* kinds of the leading text columns */
	const char *const *heads;	/* string keys: lead's, then cols'
					 * ('=': LaTeX itself) */
	int ncols;		/* value columns, one per device each */
	/* row r of a device: its leading cells (LaTeX) into lead[] (the
	 * first device's are shown) and its value cells into o[]; 0: no
	 * row (the first device's says), 2: a row that begins a group (a
	 * gap before) */
	int (*row)(const struct mem_ctx *m, int r, struct rbuf *lead,
		   struct mem_cell *o);
	const char *note;	/* string key under it, NULL none */
};
struct mem_gspec {
	const char *caption, *xlabel, *ylabel;	/* string keys */
	int logx, logy, xpow2, yzero;
	int nser;		/* series per device */
	unsigned ref;		/* bit s: series s a reference (grey) */
	/* series s of device dev: at most max points into xs, ys, its
	 * name (LaTeX) into title; returns the count */
	size_t (*series)(const struct mem_ctx *m, int s, double *xs,
			 double *ys, size_t max, struct rbuf *title);
};
/* What one device says in a finding: tail NULL says nothing; the
 * string is KEY.TAIL (KEY where the tail is "", key itself where set),
 * its numbers v[] named by the spec's names, its text T, its effects
 * (EFF: find_effect of cmp[0], each inverted where invert is set),
 * followed by KEY.why where why is set (the counters that explain it
 * were measured). Devices whose tail, T and why agree are stated
 * once. */
#define MEM_NE 3		/* effects of one finding */
struct mem_fv {
	const struct mem_find *m;	/* the finding (mem_run sets it) */
	const char *tail, *key;
	int why;
	double v[MEM_NV];
	char t[96];
	const struct rcmp *cmp[MEM_NE];
	int invert;
};
struct mem_find {
	const char *key;
	/* "N:0 G:4 P:%3": the placeholders of v[0], v[1], ...; 0 an
	 * integer, % a percentage, e scientific, n a count (2^{31}), M
	 * bytes as MiB, E the effect of cmp[v], else significant
	 * figures */
	const char *names;
	void (*get)(const struct mem_ctx *m, struct mem_fv *o);
	int arg;
};
/* The devices that measured the suite and their facts. */
struct mem_devs {
	int dev[PG_MAXD];
	void *f[PG_MAXD];
	int nd;
};
struct mem_spec {
	const char *suite;	/* also KEY of strings KEY.title, .intro */
	size_t fsize;
	int (*facts)(struct rctx *x, int dev, void *f);
	const struct mem_gspec *fig;
	const struct mem_tspec *tab;
	const struct mem_find *find;
	int nfind;
	/* the section's own figures and tables after fig and tab, NULL
	 * none; returns 0 or -1 */
	int (*draw)(struct rctx *x, const struct mem_devs *d);
	/* the take-away paragraph, NULL: take's, or the string
	 * KEY.takeaway */
	void (*takeaway)(struct rctx *x, const struct mem_devs *d);
	/* findings said by code after find[] (KEY.find.text), and the
	 * take-away (KEY.takeaway), each stated once by dvs_items */
	const struct dvs_find *say;
	int nsay;
	dvs_say_fn take;
	int noproblems;		/* the failures are listed elsewhere */
};
/* The section of s: heading, introduction (or KEY.absent), figure,
 * table, draw, the failed configurations, the findings (where none
 * counts, "mem.nothing"), the take-away. Returns 0, -1 when the store
 * or a template fails. */
int mem_run(struct rctx *x, const struct mem_spec *s);
/* c's median GB/s; metric a over metric b of c (NAN unless b > 0). */
double mem_gbs(const struct rcfg *c);
double mem_per(const struct rcfg *c, const char *a, const char *b);
/* The numbers of a finding, o->v[] = {...}. */
#define MEM_V(o, ...) memcpy((o)->v, (double[]){__VA_ARGS__}, \
			     sizeof((double[]){__VA_ARGS__}))
/* Number i of o[0..n) (i < 0: the effect of cmp[-1 - i]) as a
 * placeholder, fmt as struct mem_find's names give it, joined by
 * "find.devs.sep"; one value where all print alike. Appended to b. */
void mem_vals(const struct rctx *x, struct rbuf *b, const struct mem_fv *o,
	      int n, int i, const char *fmt);
/* o says r's word (mem_word, higher as there) as the key tail,
 * "untested", "ns", "faster", "slower", with r's effect. */
void mem_fv_cmp(struct mem_fv *o, const struct rcmp *r, int higher);

/* ---- references (sec_front.c) ---------------------------------------- */

/* The references: the sources the report reproduces (shared/SEEDS.md),
 * a \section* labelled sec:refs, each source labelled ref:X by its
 * letter (\ref{ref:P} prints "P"). Returns 0 or -1 (template error). */
int sec_refs(struct rctx *x);
/* 1 when the section called name (as --sections names it) goes into
 * this report (report.c), so that another may refer to its labels. */
int report_section_written(const struct rctx *x, const char *name);

/* ---- the appendix of every configuration, failure words (appendix.c,
 * emit.c) ----------------------------------------------------------- */

/* The label of the appendix "All measurements"; each suite's part is
 * DATA_LABEL ":SUITE" (app:data:ilp). */
#define DATA_LABEL "app:data"
/* How measure's stored reason of a configuration whose kernel faulted
 * begins (measure/runner.c, sampler.c: run_fail). */
#define CELL_FAULT_REASON "the kernel faulted"
/* The appendix "All measurements" part of suite (appendix.c): its
 * heading (and the appendix's, before the first part), then per device
 * one long table of every configuration (anchored "data-SUITE dev=ID").
 * Returns 0, -1 on a template or store failure. */
int app_data(struct rctx *x, const char *suite);
/* The string key of the word for r, a configuration without a valid
 * measurement: "cell.skipped", "cell.fault" (its kernel faulted) or
 * "cell.failed" (a wrong result or another failure). */
const char *cell_status_key(const struct rcfg *r);
/* Where r, a product that failed its verification, is wrong, as
 * measure diagnosed it (vocab.h's diag_*), appended to out after its
 * reason: how many elements, whether only the partial tiles at the
 * edges, the first wrong one against the reference, an input read
 * transposed; nothing where nothing was diagnosed (emit.c). */
void problem_diag(struct rctx *x, const struct rcfg *r, struct rbuf *out);

/* ---- r4-mat4 (sec_versions.c) ------------------------------------------ */

/* The occupancy's limiter as measure names it ("warps, registers" where
 * two tie), each word translated (vers.lim.NAME), "/" apart, into b. */
void vers_limiter_put(const struct rctx *x, const char *lim, struct rbuf *b);

/* ---- round 4, engineer front4 (model.c, emit.c, lang.c) ------------- */

/* The fragment name of fragments.tex with vars filled, appended to out
 * (out is x->body for the report's text). -1 after a message when it is
 * missing or a placeholder has no value (emit.c). */
int frag_put(const struct rctx *x, struct rbuf *out, const char *name,
	     const struct kv *vars, size_t n);
/* The file at path, whole: malloc'd (free()), NULL with errno set when
 * it cannot be opened or read (lang.c). */
char *file_read(const char *path);
/* Ends s before the blanks (and CRs) that precede e (lang.c). */
void blanks_cut(char *s, char *e);

/* ---- r7-b (mem.c, sec_transfer.c) ------------------------------------ */

/* A per-device section's entry point sec_NAME: mem_run of the
 * description whose designated fields (.suite = ...) follow NAME. */
#define MEM_SECTION(NAME, ...)						\
	int sec_##NAME(struct rctx *x)					\
	{								\
		static const struct mem_spec s = {__VA_ARGS__};		\
									\
		return mem_run(x, &s);					\
	}
/* The count of a static array's elements (a spec's findings). */
#define MEM_N(a) (int)(sizeof(a) / sizeof((a)[0]))
/* Where a and b both ran steady (rcfg_steady), sets *p to a against b
 * in metric at size n and returns 1; else returns 0, p untouched. -1
 * when the store fails reading the samples (mem.c). */
int mem_pair_set(struct rctx *x, struct mem_pair *p, long long n,
		 const struct rcfg *a, const struct rcfg *b,
		 const char *metric);
/* (sec_transfer.c) The median of what (XFER_* or a stored metric) in
 * c: of its runs where raw samples are stored, else from the stored
 * medians; NAN: absent. */
double xfer_value(struct rctx *x, const struct rcfg *c, const char *what);
/* For model_compare: an XFER_* quantity's sorted per-run values in c
 * (*n = 0: none, or runs whose metrics do not line up; free() *s) and
 * the range cmp_judge tests where there are none. 0, 1 when what is no
 * XFER_* quantity (nothing set), -1 when the store fails. */
struct cmp_range;
int xfer_samples(struct rctx *x, const struct rcfg *c, const char *what,
		 double **s, size_t *n, struct cmp_range *r);

/* ---- round 8 (r8-y): a picture per device side by side (figpair.c) ---- */

/* How a section draws its devices' pictures: pic draws device dev's
 * in a w x h cm picture and returns its figure number (0: nothing to
 * draw, -1: out of memory). */
struct figdevs {
	int (*pic)(struct rctx *x, int dev, double w, double h);
	double w1, h1;		/* the size of a lone device's picture */
	double w2, h2;		/* and of each of several */
	const char *key;	/* caption string; DEV: a lone device's name */
	const char *anchor;	/* printf format (plain ASCII) of the index
				 * of the figure's last device */
	int per;		/* pictures per figure; 0: all in one */
};
/* The pictures of devices dv[0..nd) (dv NULL: 0..nd-1): a lone device's
 * as a figure of its own, else side by side (fragment "figurepair" of
 * "subpicture"s), each captioned with its device, a device with nothing
 * to draw left out. Returns 0, or -1 on a template error or out of
 * memory. */
int figpair_devs(struct rctx *x, const struct figdevs *f, const int *dv,
		 int nd);

#endif
