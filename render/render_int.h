/* render internals: shared by the files of render/ only. */
#ifndef MMREPORT_RENDER_INT_H
#define MMREPORT_RENDER_INT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "render.h"
#include "stats.h"
#include "store.h"
#include "rules.h"

/* ---- growable text buffer (rbuf.c) ------------------------------------ */

/* A NUL-terminated string that grows; on allocation failure it sets oom
 * and ignores further writes, so callers check once at the end. */
struct rbuf {
	char *p;
	size_t len, cap;
	int oom;
};

void rbuf_init(struct rbuf *b);
void rbuf_free(struct rbuf *b);
void rbuf_putn(struct rbuf *b, const char *s, size_t n);
void rbuf_puts(struct rbuf *b, const char *s);
void rbuf_putc(struct rbuf *b, char c);
void rbuf_printf(struct rbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The contents ("" when empty); valid until the next write. */
const char *rbuf_str(const struct rbuf *b);
/* Hands the string to the caller (free()) and resets b. NULL on OOM. */
char *rbuf_take(struct rbuf *b);

/* ---- LaTeX text and numbers (latex.c) --------------------------------- */

/* Appends s escaped for LaTeX body text. The ten special characters
 * \ { } $ & # ^ _ % ~ become text commands, as do the characters that
 * babel shorthands or T1 ligatures would change (" ` ' < > | and a
 * second - or , of a pair), so every byte prints literally. UTF-8
 * letters that LaTeX's utf8 input encoding knows with T1 fonts
 * (U+00A0..U+017F) pass through; other code points print as
 * "[U+XXXX]", invalid bytes and control characters as '?' (line breaks
 * as spaces). With breakable set, a line break is allowed after '-',
 * '_', '/', '.', ',' and ':' so that long identifiers (UUIDs, paths)
 * wrap in narrow columns. NULL appends nothing. */
void rbuf_put_tex(struct rbuf *b, const char *s, int breakable);
/* Appends prose from the database (kernel descriptions, a session's
 * timers text) escaped as rbuf_put_tex does, but with X^Y typeset as a
 * superscript where X is a letter, a digit or ')' and Y is a run of
 * digits (not followed by a decimal part), a single letter (not
 * followed by a letter or digit) or a parenthesised group, whose
 * parentheses are dropped: "(n/b)^2", "C^T", "2^(k+1)". The exponent is
 * escaped; any other caret prints as a caret, as does one right after
 * an exponent (2^3^4 raises the 3 only). */
void rbuf_put_prose(struct rbuf *b, const char *s, int breakable);
/* Appends s as the body of an lstlisting environment: no line of it can
 * end the environment, non-ASCII and control bytes become '?'. */
void rbuf_put_listing(struct rbuf *b, const char *s);
/* Appends s inside a gnuplot single-quoted string (quotes doubled,
 * line breaks dropped). The caller writes the enclosing quotes. */
void rbuf_put_gp(struct rbuf *b, const char *s);
/* Appends v (a relative error) in scientific notation for siunitx,
 * "\num{1.23e-08}" with three significant digits, 0 as "\num{0}",
 * "--" where v is not finite. */
void rbuf_put_sci(struct rbuf *b, double v);

/* Formats v with sig significant figures in plain decimal notation (no
 * exponent, at least 0 decimals), as siunitx reads it: "1234",
 * "12.35", "0.001235" (4). Non-finite values give "". */
void render_sig_format(double v, int sig, char *buf, size_t len);
/* Formats v with exactly `decimals` decimals ("-12.5"). */
void render_fixed_format(double v, int decimals, char *buf, size_t len);

/* ---- tables (table.c) -------------------------------------------------- */

#define RTABLE_MAXCOLS 24

/* A booktabs table assembled row by row. Column kinds: 'l', 'r', 'c'
 * (text), 'X' (wrapping text, tabularx) and 'S' (siunitx number). The
 * table-format of every S column is derived from the numbers written. */
struct rtable {
	int ncols;
	char kind[RTABLE_MAXCOLS];
	int intd[RTABLE_MAXCOLS], decd[RTABLE_MAXCOLS];
	int neg[RTABLE_MAXCOLS];
	int bold[RTABLE_MAXCOLS];	/* an RT_BOLD cell was written */
	int col;		/* next cell of the current row */
	int rows;
	int breaks;		/* set: breaks across pages (a longtable)
				 * whatever its length */
	struct rbuf head, body;
	struct rbuf rules;	/* cmidrules under the spanning header cells */
	/* per column the widest text after a number (rtable_post) */
	struct rbuf post[RTABLE_MAXCOLS];
};

/* Cell flags for rtable_num. */
#define RT_GREY		1	/* not significant: grey */
#define RT_BOLD		8	/* bold: the best of a row */
/* A table of more rows (or with rtable.breaks) is set as a longtable,
 * which breaks across pages (emit_table). */
#define RTABLE_PAGE_ROWS 40
/* The most digits an S column aligns on its decimal marker; a wider
 * spread of magnitudes is right-aligned (rtable_colspec). */
#define RTABLE_ALIGN_MAX 9
/* The options an S column needs to print a \bfseries number in bold
 * (siunitx typesets numbers in its own series otherwise). */
#define RTABLE_BOLD_OPTS ",reset-text-series=false,text-series-to-math=true"

void rtable_init(struct rtable *t, const char *kinds);
void rtable_free(struct rtable *t);
/* Header cell: latex is LaTeX text (already escaped). */
void rtable_head(struct rtable *t, const char *latex);
/* A header cell spanning span columns, centred, with a cmidrule below. */
void rtable_head_span(struct rtable *t, int span, const char *latex);
void rtable_head_end(struct rtable *t);
/* Text cell (LaTeX, already escaped); in S columns it is braced. */
void rtable_text(struct rtable *t, const char *latex);
/* Numeric cell: fixed decimals (decimals >= 0), 4 significant figures
 * (-1) or -decimals significant figures (-2, -3). Non-finite values
 * become "--". */
void rtable_num(struct rtable *t, double v, int decimals, int flags);
/* Appends post (marks; LaTeX) to the number cell just written, its
 * column leaving room for the widest such text; NULL or "": nothing. */
void rtable_post(struct rtable *t, const char *post);
/* An integer cell. */
void rtable_int(struct rtable *t, long long v);
void rtable_row_end(struct rtable *t);
/* A thin gap between row groups. */
void rtable_gap(struct rtable *t);
/* The tabular column specification, e.g. "l S[table-format=3.2]". */
void rtable_colspec(const struct rtable *t, struct rbuf *b);

/* ---- language strings and templates (lang.c) --------------------------- */

struct kv {
	const char *key;
	const char *val;
};

struct lang {
	char *text;		/* the strings file, split in place */
	struct kv *kv;
	size_t n;
	struct lang *fallback;	/* English, for keys a language lacks */
	char code[8];
};

/* Loads templates/strings.<code> (from dir, or the embedded copy when dir
 * is NULL; code en, pl or de as render_report checks it, NULL en).
 * Returns NULL after a message on stderr. */
struct lang *lang_load(const char *code, const char *dir);
void lang_free(struct lang *l);
/* The string for key; the key itself (so that a gap is visible, never a
 * crash) when neither the language nor English has it. */
const char *lang_get(const struct lang *l, const char *key);
/* NULL when absent (for optional translations, e.g. property names). */
const char *lang_find(const struct lang *l, const char *key);
/* The plural string of key for the count n: key.one, key.few or
 * key.many by the language's rules (en, de: one for n == 1, else many;
 * pl: one for n == 1, few when n % 10 is 2..4 and n % 100 is not
 * 12..14, else many; negative n as its absolute value). A form the
 * language lacks falls back to its key.many, then to English's forms by
 * English rules, then to the key itself. */
const char *lang_plural(const struct lang *l, const char *key, long long n);

/* The template file name: malloc'd copy of its text, NULL with a message
 * when absent. */
char *tmpl_load(const char *dir, const char *name);
/* The fragment `name` of a template file: the text between the line
 * "%%% fragment NAME" and the next such line. NULL when absent. */
char *tmpl_fragment(const char *file_text, const char *name);
/* Appends tmpl with each @@KEY@@ replaced by its value in vars[0..n-1]
 * (values are not rescanned). Returns 0, or -1 after a message when a
 * placeholder has no value. */
int tmpl_fill(struct rbuf *out, const char *tmpl, const struct kv *vars,
	      size_t n);

/* ---- the data being reported (model.c) -------------------------------- */

struct rcfg {
	struct store_config *c;
	struct store_stat *stats;
	size_t nstats;
	int dev;		/* index into rctx.devs */
	unsigned regime;	/* RULE_* by the one rule (model_regimes_compute),
				 * set once at load */
};

/* Figures drawn by gnuplot in one batch (plot.c). */
struct rplot {
	struct rbuf script;
	int nfig;
	char *tmpdir;		/* inline mode: where gnuplot writes */
};

/* The title page's fields (sec_front.c): title, author, course,
 * exercise, date, each NULL when not given. */
struct rmeta {
	const char *field[5];
	char *text;		/* the --meta file, split in place */
};

/* Reads o->meta_path (when set) into m, options winning over the file.
 * A line is "key: value"; blank lines and lines starting with '#' are
 * skipped. Returns 0, RENDER_ERR_USAGE after a message naming the file
 * and line (unknown key, no colon, a key given twice), or
 * RENDER_ERR_MISSING when the file cannot be opened or read (an
 * unreadable file is treated as a missing one). meta_free releases m. */
int meta_load(const struct render_options *o, struct rmeta *m);
void meta_free(struct rmeta *m);

struct rctx {
	const struct render_options *o;
	struct rmeta meta;
	struct store *st;
	struct lang *L;
	char *frags;		/* templates/fragments.tex */

	struct store_device *alldevs;
	size_t nalldevs;
	struct store_device **devs;	/* the selected devices, by id */
	size_t ndevs;
	struct store_session *sess;
	size_t nsess;
	/* the sessions of the reported configurations, in sess's order */
	const struct store_session **used;
	size_t nused;
	struct rcfg *cfgs;
	size_t ncfgs;
	struct store_config *rawcfgs;
	size_t nrawcfgs;
	/* per session of used, as the store returned them */
	struct sess_data { struct store_kernel *k; struct store_kattr *a;
			   size_t nk, na; } *sdata;

	struct rplot plot;
	struct rbuf body;
	/* The practical threshold of the difference rule (rule_verdict):
	 * the larger of 1 % and the run-to-run spread of the medians of
	 * configurations measured in more than one session of a device;
	 * threshold_pairs such pairs were found. */
	double threshold;
	size_t threshold_pairs;
	int store_failed;	/* render_status of the first store failure
				 * after loading (0 none): the report is
				 * refused, even where a section went on */
	/* eng: the suite whose section report.c writes, NULL elsewhere;
	 * its first find_emit states the suite's failed kernels first */
	const char *suite;
};

/* Opens the database, selects devices and configurations per o, loads
 * their statistics, sessions, kernels and attributes. Returns a
 * render_status. Everything read through x->st from here to
 * model_read_end is one snapshot of the file (store_read_begin). */
int model_load(struct rctx *x);
/* Ends the snapshot after the last read, before anything is written:
 * RENDER_OK, or the failure's status said on stderr (model_store_fail:
 * RENDER_ERR_BUSY when the file changed under a reader without locks). */
int model_read_end(struct rctx *x);
/* Frees what model_load read; x is not read after it. */
void model_free(struct rctx *x);

/* After a store call on x->st failed while reading what: says so in one
 * line on stderr naming the file (only for the first failure, so that a
 * broken file makes one line however often it is read) and records the
 * failure in x->store_failed. Returns its render_status: RENDER_ERR_STORE
 * (not mmreport's, corrupt, newer: 65), RENDER_ERR_BUSY (locked: 75),
 * RENDER_ERR_MISSING (unreadable: 66) or RENDER_ERR_INTERNAL (70). */
int model_store_fail(struct rctx *x, const char *what);

/* The configuration of device dev with this key, or NULL. host_mem NULL
 * matches any; block < 0 matches any; any ILP matches. */
const struct rcfg *model_find(const struct rctx *x, int dev,
			      const char *suite, const char *variant,
			      const char *host_mem, int n, int block);
/* The configuration of the memory suites' (dev, suite, variant) at the
 * swept parameter param (stride or offset); where several counts were
 * measured, the one with the largest count. NULL when none. */
const struct rcfg *model_find_param(const struct rctx *x, int dev,
				    const char *suite, const char *variant,
				    int param);
/* The configuration of (dev, suite, variant) with precision (NULL:
 * any), count and param, or NULL: the dot and walkers suites' key. */
const struct rcfg *model_find_count(const struct rctx *x, int dev,
				    const char *suite, const char *variant,
				    const char *precision, long long count,
				    int param);
/* The statistics of metric in c (NULL when absent or c is not ok). */
const struct store_stat *rcfg_stat(const struct rcfg *c, const char *metric);
/* Median of metric, NAN when unavailable. */
double rcfg_median(const struct rcfg *c, const char *metric);
int rcfg_ok(const struct rcfg *c);

/* Sorted distinct values of a field over the configurations of device
 * dev (dev < 0: any) in suite (and variant when not NULL).
 * field: 'n' size, 'b' block_x, 'i' ilp, 'p' param, 'c' count (the dot
 * and walkers suites' N, below 2^31). Returns the count;
 * *out is malloc'd (free()). */
size_t model_ints(const struct rctx *x, int dev, const char *suite,
		  const char *variant, char field, int **out);
/* A matrix product's sizes: C (m x n) = A (m x k) * B (k x n). */
struct rsize {
	int m, k, n;
};
/* Distinct sizes of suite on any device, ordered by n, m, k. *out is
 * malloc'd (free()). */
size_t model_sizes(const struct rctx *x, const char *suite,
		   struct rsize **out);
/* The configuration of (dev, suite, variant) with sizes sz, block (< 0:
 * any) and precision ("fp32", "fp64"; NULL: any): the precision and
 * rect suites measure each shape in both. NULL when none. */
const struct rcfg *model_find_prec(const struct rctx *x, int dev,
				   const char *suite, const char *variant,
				   const struct rsize *sz, int block,
				   const char *precision);
/* "512" for a square product, else "m\(\times\)k\(\times\)n". */
void size_label(const struct rsize *sz, struct rbuf *b);
/* Distinct variant names in suite on device dev, in configuration
 * order. *out is a malloc'd array of pointers into the configurations
 * (free() the array only). */
size_t model_names(const struct rctx *x, int dev, const char *suite,
		   const char ***out);
/* 1 when device dev has any configuration of suite. */
int model_has_suite(const struct rctx *x, int dev, const char *suite);
/* Counts the configurations of suite (NULL: any) on device dev (< 0:
 * any): *nfail those of any variant that failed, *nall those of variant
 * (NULL: any) that ran (not skipped), *nok those of them that are ok;
 * *max_rel (when not NULL) the largest finite relative error of those
 * ok, NAN when none. */
void model_cfgs_count(const struct rctx *x, int dev, const char *suite,
		      const char *variant, int *nfail, int *nall, int *nok,
		      double *max_rel);
/* 1 when an ok configuration of suite on device dev of size n did not
 * run steady (rcfg_steady). */
int model_unsteady_find(const struct rctx *x, int dev, const char *suite,
			int n);
const struct store_session *model_session(const struct rctx *x,
					  int64_t id);
/* 1 for the single-value figures of measure's counter pass ("gips",
 * "cgma", "cnt_*"): one profiled launch each, never timing samples, so
 * no statistics table or gain lists them. */
int metric_is_counter(const char *metric);
/* 1 when a configuration of suite on any device has GIPS or CGMA. */
int model_has_counters(const struct rctx *x, const char *suite);
/* Why the counters are missing, as measure recorded it for a session
 * that measured suite (NULL: any) on device dev (< 0: any): the stored
 * reason of a session whose counter pass was "unavailable" (schema 4),
 * for older sessions the text after "counters: unavailable: " in their
 * timers text; NULL when no session says so (measured without
 * --counters). Points into x. */
const char *model_counters_why(const struct rctx *x, int dev,
			       const char *suite);
const struct store_kernel *model_kernel(const struct rctx *x,
					const char *name, int64_t session);
/* The kernel attributes its session stored for c's kernel at c's block
 * width, or NULL (also for c NULL). Points into x. */
const struct store_kattr *model_kattr(const struct rctx *x,
				      const struct rcfg *c);

/* ---- figures (plot.c) -------------------------------------------------- */

/* Starts figure number k (returned) in the batch script: the caller
 * appends gnuplot commands (set ..., datablocks, plot ...) to
 * x->plot.script after this call; the terminal and output are set here.
 * width_cm/height_cm size the picture. */
int plot_begin(struct rctx *x, double width_cm, double height_cm);
/* Appends the reference to figure k to out: a marker replaced by the
 * picture (inline) or an \input of its file (figures_dir). */
void plot_ref(struct rctx *x, struct rbuf *out, int k);
/* Runs gnuplot once on the whole script and writes body to out with every
 * figure in place. Returns a render_status. */
int plot_finish(struct rctx *x, const char *body, FILE *out);
/* Removes the temporary files and directory of the batch (never the
 * figures_dir files) and frees x->plot. */
void plot_free(struct rctx *x);
/* One line of a line plot. */
enum { PL_LINE, PL_REF, PL_POINTS, PL_DOTTED };
struct pline {
	const char *title;	/* LaTeX, already escaped */
	const double *x, *y;	/* non-finite points are left out */
	size_t n;
	int style;		/* PL_LINE, PL_REF (dotted), PL_POINTS,
				 * PL_DOTTED (a dotted line with marks:
				 * plot_lines only) */
	int color;		/* palette index, -1 grey */
	int pt;			/* point type index */
};
struct pspec {
	const char *xlabel, *ylabel;	/* LaTeX */
	int logx, logy;		/* 0 linear, else the base */
	int xpow2;		/* x tic labels as powers of two */
	int yzero;		/* y axis from 0 */
	const char *key;	/* gnuplot key placement; NULL below */
	double w, h;		/* cm */
};
/* Adds a line plot to the batch. Returns its figure number, or 0 when no
 * line has a point to draw (then no figure exists). */
int plot_lines(struct rctx *x, const struct pspec *s, const struct pline *l,
	       size_t nl);
/* The data and the plot command of figure k (plot_begin, its axes set):
 * one term per line of l[0..nl) that has a point on s's axes; colour -1
 * is grey, PL_REF lines dashed refdt (0: 2, 3, 4, 5 in turn). */
void plot_series(struct rctx *x, int k, const struct pspec *s,
		 const struct pline *l, size_t nl, const char *grey,
		 int refdt);
/* A peak as a grey dotted line without marks at height y over
 * xs[0..n-1]: fills ys[0..n-1] with y, appends to title (which *l
 * points into) the string key in \scriptsize and sets *l. */
void plot_peak_fill(const struct rctx *x, struct pline *l, struct rbuf *title,
		    const char *key, const double *xs, double *ys, size_t n,
		    double y);

/* ---- emitting (emit.c) ------------------------------------------------- */

/* A table: fragment "table" with caption (LaTeX), the machine-readable
 * anchor comment (plain ASCII, see tests) and an optional note under the
 * table. */
int emit_table(struct rctx *x, struct rtable *t, const char *caption,
	       const char *anchor, const char *note);
/* A figure environment holding figure k with caption. */
int emit_figure(struct rctx *x, int k, const char *caption);
/* Figure k of device dev captioned by the string key with its @@DEV@@
 * filled (dev_suffix: the device where several are reported); nothing
 * when k is 0 (plot_lines drew no figure). Returns 0 or -1. */
int emit_dev_figure(struct rctx *x, int dev, int k, const char *key);
/* Headings: level 0 section, 1 subsection, 2 subsubsection. */
void emit_heading(struct rctx *x, int level, const char *latex);
/* A paragraph of LaTeX text. */
void emit_par(struct rctx *x, const char *latex);
/* The string for key with @@KEY@@ placeholders filled, appended to b. */
int emit_string(struct rctx *x, struct rbuf *b, const char *key,
		const struct kv *vars, size_t n);
/* A list of the failed and skipped configurations with their reasons. */
void problems_list(struct rctx *x, int dev, const char *suite,
		   const char *variant);

/* ---- labels (label.c) -------------------------------------------------- */

/* A name the database stores (a device's, a host's), escaped, into b:
 * whole up to LABEL_NAME_MAX characters, else its first LABEL_NAME_KEEP
 * and "... (N characters)", so that a broken or hostile name can neither
 * run off the page nor hide that it was cut; in a cut name a line may
 * break within a run of more than LABEL_RUN_MAX characters without a
 * space. breakable as for rbuf_put_tex. */
#define LABEL_NAME_MAX 48
#define LABEL_NAME_KEEP 32
#define LABEL_RUN_MAX 8	/* characters without a space before a
				 * break is allowed */
void name_put(const struct rctx *x, const char *name, int breakable,
	      struct rbuf *b);
/* "GPU 2" style label of device dev, and its escaped name, into b. */
void dev_label(const struct rctx *x, int dev, struct rbuf *b);
/* " (GPU 2: name)" when several devices are reported, else nothing: the
 * @@DEV@@ of captions. */
void dev_suffix(const struct rctx *x, int dev, struct rbuf *b);
/* "Kernel time [ms]"; a name that is its unit ("GIPS") stands alone. */
void metric_label(const struct rctx *x, const char *metric,
		  const char *unit, struct rbuf *b);
/* "16\(\times\)16" (or "512" for one-dimensional blocks) into b. */
void block_label(int bx, int by, struct rbuf *b);
/* 1 when c's block is the edge of a tile of C that one block of fewer
 * threads computes (the progression's v6..v10), not bx x by threads:
 * its stored attributes say it ran fewer threads than that, or, none
 * stored, no block could hold that many. */
int block_is_tile(const struct rctx *x, const struct rcfg *c);
/* "tile 128" for such a block (the string "word.tile"), else as
 * block_label writes c's block. */
void block_tile_label(const struct rctx *x, const struct rcfg *c,
		      struct rbuf *b);
/* For a configuration that is absent, failed or skipped: writes the
 * cell ("--", "failed", "skipped") and returns 1; 0 for an ok one. A
 * failed configuration is never shown as a speed. */
int cell_status(const struct rctx *x, struct rtable *t,
		const struct rcfg *c);
/* Appends the phrase of plural key (lang_plural) for the counts lo..hi
 * with its @@N@@ filled: "3 times" (lo == hi), "3--10 times". A range
 * takes the form of its upper bound and is never singular. Returns 0, or
 * -1 after a message when the phrase has another placeholder. */
int label_count_put(const struct rctx *x, const char *key, long long lo,
		    long long hi, struct rbuf *b);
/* The sample counts of metric over the selection in the phrase of
 * plural key, as label_count_put: "100 samples", "50--100 samples"; "--"
 * in the plural when there are none. Returns as label_count_put. */
int sample_range(const struct rctx *x, int dev, const char *suite,
		 const char *variant, const char *metric, const char *key,
		 struct rbuf *b);

/* ---- regimes, intervals, comparisons (model.c) ------------------------ */

/* The regime a configuration ran in (what the number measures besides
 * the kernel's speed) is analysis/rules.h's RULE_* bits, one rule for
 * every table, finding and conclusion, and this one: inputs derived by
 * render from the device's properties (database older than the stored
 * launch geometry). */
enum { RG_DERIVED = 16 };
/* Computes every loaded configuration's regime once (rcfg.regime) by
 * rule_regime from what is stored: its grid (stored, or for older
 * databases the launch geometry of the built-in kernels) against the
 * device's SMs, its working set against the L2 size, its clock readings
 * against the highest of its session, the driver's throttle reasons,
 * and its kernel time against the launch cost where events timed it.
 * Then the practical threshold (rctx.threshold). Returns 0, -1 out of
 * memory. */
int model_regimes_compute(struct rctx *x);
/* The RULE_* and RG_DERIVED bits of c (rcfg.regime); 0 for NULL. */
unsigned rcfg_regime(const struct rctx *x, const struct rcfg *c);
/* The blocks one launch of c runs: as stored, else (databases older
 * than schema 3) what the store's legacy table derives; 0 unknown. */
long long rcfg_grid(const struct rcfg *c);
/* The traits (KTRAIT_* of analysis/traits.h) of the kernel named
 * variant as stored with session (<= 0, or none stored there: its
 * latest session's); 0 when no session stored it. render decides by
 * these, never by a kernel's name. rcfg_traits: those of c's kernel in
 * c's session. */
unsigned model_traits(const struct rctx *x, const char *variant,
		      int64_t session);
unsigned rcfg_traits(const struct rctx *x, const struct rcfg *c);
/* The marks every table and finding shows beside c's number: its
 * regime bits, L2 residency only where the number is a device-memory
 * bandwidth (a product's rate is not the cache's), none for a point
 * that is not verified. */
unsigned rcfg_marks(const struct rctx *x, const struct rcfg *c);
/* 1 when c is ok and counts toward "best" and "% of peak" by
 * rule_counts: no idle SMs, not launch-bound, and, where its number is
 * a device-memory bandwidth (it has a GB/s metric), not L2-resident. */
int rcfg_steady(const struct rctx *x, const struct rcfg *c);
/* Appends the marks of regime r (\rgmark{...}, one letter each) to b;
 * nothing when r has none. */
void regime_marks(const struct rctx *x, unsigned r, struct rbuf *b);
/* A note explaining the marks of the regime bits in `seen` (those a
 * table printed), then the string key: what the section does with such
 * points (NULL: what the report does with derived or stored regimes, by
 * seen's RG_DERIVED). Appended to b after a blank where b has text;
 * nothing where seen has no mark. */
void regime_note(const struct rctx *x, unsigned seen, struct rbuf *b,
		 const char *key);

/* The SM clock c ran at as recorded (MHz): the mean of the readings
 * around the configuration, else the session's reading at its end;
 * NAN when nothing was recorded. */
double rcfg_clock_mhz(const struct rctx *x, const struct rcfg *c);
/* The FP32 peak (GFLOP/s) at that recorded clock: the device's derived
 * peak scaled by the recorded over the nominal clock; the nominal peak
 * when no clock was recorded, NAN when the device has none. */
double rcfg_peak_fp32(const struct rctx *x, const struct rcfg *c);

/* The peak c's GFLOP/s are a share of, by the rule of analysis/rules.h,
 * at c's recorded clock: FP64 on CUDA cores for an fp64 point, FP64 on
 * tensor cores for a kernel of that trait (KTRAIT_TENSOR_FP64: cuBLAS's
 * fp64 product) where the device has them
 * (compute capability 8.0 and 9.0), else FP32 on CUDA cores; *which
 * names it (enum rule_peak). NAN when the device lacks that peak. */
double rcfg_peak(const struct rctx *x, const struct rcfg *c, int *which);
/* c's GFLOP/s (cfg_gflops) in % of rcfg_peak by rule_peak_pct: NAN
 * (and *over set when over is given) where it would exceed 100 %;
 * which (the peak's name) may be NULL. */
double rcfg_peak_pct(const struct rctx *x, const struct rcfg *c,
		     int *which, int *over);

/* The median of metric in c and its 95 % confidence interval [lo, hi]
 * from the order statistics of the stored raw samples (distribution
 * free). Returns 0; lo and hi are NAN when the samples are not stored
 * (the median still comes from the statistics); -1 when c has no such
 * metric or the store fails (message printed). */
int rcfg_median_ci(struct rctx *x, const struct rcfg *c, const char *metric,
		   double *med, double *lo, double *hi);

/* A comparison of the central value of metric between a (baseline)
 * and b. */
struct rcmp {
	double a, b;		/* medians */
	double gain;		/* (a - b) / a in percent */
	double ratio;		/* b / a */
	double p;		/* two-sided Mann-Whitney p; < 0: not tested */
	/* rule_verdict: significant AND at least the practical threshold
	 * apart; every "faster", "slower" and grey cell reads this */
	int signif;
	int verdict;		/* enum rule_verdict on the medians, b vs a */
	/* a and b were sampled interleaved (one session, one group); when
	 * not, a drift between them (clock, temperature) is part of the
	 * difference, and the report says so */
	int interleaved;
	int ranges;		/* no raw samples, but the stored ranges do
				 * not overlap: p is U = 0's exact p */
	/* the effect: Hodges-Lehmann ratio b / a of the metric and its
	 * 95 % interval, from the raw samples; NAN without them */
	double hl, hl_lo, hl_hi;
};
/* Fills *r for metric (or XFER_*) of a and b: the test on the samples, or
 * without them, where the stored ranges [min, max] do not overlap,
 * every sample of one side beats every sample of the other, so U = 0
 * and its exact two-sided p is 2 / C(na + nb, na) whatever the values
 * (r->ranges set); else untested. Returns 0, -1 when either lacks the
 * metric (r is then NAN-filled), -2 when the store fails. */
int model_compare(struct rctx *x, const struct rcfg *a, const struct rcfg *b,
		  const char *metric, struct rcmp *r);

/* ---- findings (emit.c) ------------------------------------------------- */

/* The sentences that close an experiment, each stating a measured fact
 * with its number (and test where it compares). */
struct rfind {
	struct rbuf items;
	int n;
};
void find_init(struct rfind *f);
void find_free(struct rfind *f);
/* Adds the sentence of string key with vars filled. */
void find_add(struct rctx *x, struct rfind *f, const char *key,
	      const struct kv *vars, size_t n);
/* Writes the "Findings" heading and the sentences; with none, the
 * string "find.none" (the data support no statement). Returns 0 or -1
 * (template error). */
int find_emit(struct rctx *x, struct rfind *f);
/* Formatters for sentences: \num{} with sig significant figures; a
 * percentage ("82\,\%"). Each appends to b. */
void find_num(struct rbuf *b, double v, int sig);
void find_pct(struct rbuf *b, double v, int sig);
/* The effect of r (its Hodges-Lehmann ratio b / a with the 95 %
 * interval, string "find.effect"; or, without raw samples, the ratio of
 * the medians alone) as a factor; inverted (a / b) where invert is set,
 * e.g. a speed-up read from times. Appends to b. */
void find_effect(const struct rctx *x, struct rbuf *b,
		 const struct rcmp *r, int invert);
/* The values v[0..n) of the reported devices, in their order, joined
 * by the string "find.devs.sep" ("\num{1.46} / \num{1.47}"); one value
 * alone as find_num writes it. Appends to b. */
void find_devs(const struct rctx *x, struct rbuf *b, const double *v,
	       int n, int sig);

/* ---- named values for the strings (fv.c) ----------------------------- */

/* The placeholders of one string, each a buffer of its own. */
#define FV_MAX 16
struct fv {
	struct kv kv[FV_MAX];
	struct rbuf b[FV_MAX];
	size_t n;
};
/* Starts an empty set; fv_free releases it (and leaves it empty). */
void fv_init(struct fv *v);
void fv_free(struct fv *v);
/* The buffer of placeholder name, added or, when present, cleared;
 * more than FV_MAX names abort (a programming error). name must
 * outlive v. */
struct rbuf *fv_put(struct fv *v, const char *name);
/* name set to the string s, to find_num(d, sig), to the integer n. */
void fv_str(struct fv *v, const char *name, const char *s);
void fv_num(struct fv *v, const char *name, double d, int sig);
void fv_int(struct fv *v, const char *name, long long n);
/* The pairs, valid until v changes. */
const struct kv *fv_kv(struct fv *v);
/* emit_string of string key with v's placeholders. */
int fv_emit(struct rctx *x, struct rbuf *out, const char *key, struct fv *v);

/* The sections and what they share. */
#include "render_sec.h"

#endif
