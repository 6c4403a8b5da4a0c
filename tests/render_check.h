/* Helpers of the render tests: rendering into memory, reading the tables
 * back out of the LaTeX, and statistics computed independently of
 * stats/ (so that a shared mistake cannot pass unnoticed). */
#ifndef MMREPORT_TEST_RENDER_CHECK_H
#define MMREPORT_TEST_RENDER_CHECK_H

#include <stddef.h>

#include "render.h"

/* Runs render_report (or render_export when format is not NULL) into a
 * malloc'd string; *rc gets the status. */
char *chk_render(const struct render_options *o, const char *format,
		 int *rc);
/* The report of the database at db with only the sections listed, in
 * English: chk_render with the default options otherwise. */
char *chk_render_sections(const char *db, const char *sections, int *rc);
/* The same in language lang, asserting (cmocka) that it succeeds. */
char *chk_render_lang(const char *db, const char *sections, const char *lang);
/* The same for the devices device selects (--device; NULL: every
 * device). */
char *chk_render_dev(const char *db, const char *sections, const char *lang,
		     const char *device);

#define CHK_MAXROWS 64
#define CHK_MAXCOLS 16

/* One table of the report, found by its "% mmreport-table: ANCHOR"
 * comment: the body rows (after \midrule) split into cells. */
struct chk_table {
	int nrows;
	int ncols[CHK_MAXROWS];
	char *cell[CHK_MAXROWS][CHK_MAXCOLS];
};

/* 0 when found; free with chk_table_free. */
int chk_table_find(const char *tex, const char *anchor, struct chk_table *t);
void chk_table_free(struct chk_table *t);

/* A numeric cell: its value, the number of decimals written, and its
 * marks. Returns 0, or -1 when the cell holds no number. */
struct chk_num {
	double v;
	int decimals;
	int sigfigs;		/* significant digits written */
	int grey, ns, nt;
};
int chk_num_parse(const char *cell, struct chk_num *n);

/* |written - expected| within half a unit of the last written digit. */
int chk_num_matches(const struct chk_num *n, double expected);

/* Independent statistics. */
struct chk_stats {
	double min, max, mean, median, sd;
};
void chk_stats(const double *x, size_t n, struct chk_stats *s);
double chk_stat_at(const struct chk_stats *s, int which); /* 0..4 */
/* Two-sided Mann-Whitney U p-value: normal approximation with tie and
 * continuity corrections. */
double chk_mwu_p(const double *a, size_t na, const double *b, size_t nb);

/* The test a database without raw samples still allows: when the
 * ranges [min, max] of a and b do not overlap, U = 0 and the exact
 * two-sided p is 2 / C(na + nb, na); -1 when they overlap (untested). */
double chk_ranges_p(const double *a, size_t na, const double *b, size_t nb);

/* Runs the SQL statements q on the database file db with foreign keys on,
 * as mmreport writes (the tests change a fixture's data this way). 0, or
 * -1 with sqlite's message on stderr. */
int chk_sql(const char *db, const char *q);

/* Writes tex to DIR/report.tex and runs pdflatex there twice (the second
 * pass resolves the contents and references); DIR is in (when
 * not NULL) or a fresh directory returned in *dir (remove with fix_rmdir,
 * free). Returns pdflatex's exit status; the log text in *log
 * (malloc'd). */
int chk_pdflatex(const char *tex, const char *in, char **dir, char **log);
/* One pass of pdflatex, as chk_pdflatex otherwise: every error,
 * undefined control sequence and overfull box shows, but not whether
 * the references settle (a whole report's first pass has none). */
int chk_pdflatex_once(const char *tex, char **dir, char **log);
/* cmocka check on a pdflatex log: no line of text or table sticks out of
 * the margins by more than 1pt (TeX's "Overfull \hbox (12.3pt too
 * wide)"); less is invisible. */
void chk_expect_no_overfull(const char *log);
/* cmocka check of the report of db (every section) in each language, en,
 * pl and de: every key of the English strings that starts with one of
 * the npre prefixes in pre has a string in the language and does not
 * show in the LaTeX; where words > 0, no such string of pl or de is
 * English's word for word where that has more than words words
 * (untranslated); one pass of pdflatex writes the PDF with no
 * undefined control sequence and nothing overfull
 * (chk_expect_no_overfull). Each directory is removed, or kept and
 * named on stderr where the environment variable keep_env is set and
 * not empty. The caller skips the test where pdflatex is missing. */
void chk_langs_compile(const char *db, const char *const *pre, size_t npre,
		       const char *keep_env, int words);

/* "DIR/NAME" as a malloc'd string; NULL when out of memory. */
char *chk_path_join(const char *dir, const char *name);
/* s as the report prints it (rbuf_put_tex, no breaks), malloc'd. */
char *chk_tex(const char *s);
/* The group setup of a render test with a fixture of its own: a fresh
 * temporary directory in *dir (fix_tmpdir), the paths DIR/name in *db
 * and DIR/plain.db in *plain, the full fixture (fix_build) written at
 * *plain; before it, where the environment variable keep_env is set and
 * not empty, keep(its value) writes the test's fixture there to look at
 * by hand. The paths stay valid until chk_fixture_teardown. Returns 0,
 * or -1 when any step fails. */
int chk_fixture_make(char **dir, char **db, const char *name, char **plain,
		     const char *keep_env, int (*keep)(const char *path));
/* The group teardown (cmocka) of such a test: removes the directory
 * chk_fixture_make made (fix_rmdir) and frees its paths. Returns 0. */
int chk_fixture_teardown(void **state);

struct CMUnitTest;
/* The main() of a render test whose report draws figures: 77 (skipped,
 * said on stderr) where gnuplot is not installed, else the status of
 * cmocka_run_group_tests over tests[0..n-1] with setup and teardown. */
int chk_tests_run(const struct CMUnitTest *tests, size_t n,
		  int (*setup)(void **state), int (*teardown)(void **state));

/* cmocka checks on the section list: render_sections_print's list holds
 * list, and render_sections_check accepts names. */
void chk_sections_expect(const char *list, const char *names);
/* The report of db with only the sections names (suites, comma
 * separated, of which db holds no measurements), in English: asserts
 * that it succeeds and says "The database holds no measurements of the
 * SUITE suite." of each. Returns the LaTeX (free). */
char *chk_absent_render(const char *db, const char *names);
/* The Conclusions section of the report of db with only the
 * conclusions, in English (chk_section_text; free). */
char *chk_concl_text(const char *db);
/* Table "KIND dev=ID" of tex (dev: the device's database id) into *t
 * (free with chk_table_free); fails the test when it is missing. */
void chk_table_need(const char *tex, const char *kind, long long dev,
		    struct chk_table *t);

/* ---- the memory, dot and walker fixtures' samples (render_memory.c,
 * render_dot_walkers.c) ----------------------------------------------
 * CHK_NS samples of base spread by distinct relative offsets; every
 * shift of one base takes each offset once, so that two configurations
 * with one base have the same median and distinct samples. */
#define CHK_NS 10
void chk_spread(double base, int shift, double *out);
/* The median of chk_spread(base, shift), and the Mann-Whitney p of two
 * such spreads. */
double chk_spread_median(double base, int shift);
double chk_spread_p(double ba, int sa, double bb, int sb);

/* A number as the findings write it: "\num{...}" with sig significant
 * figures, a percentage "\num{...}\,\%", a test "$p < \num{0.001}$"
 * or "$p = \num{...}$". Each returns one of a ring of static buffers,
 * so that a few can stand in one printf. */
const char *chk_tex_num(double v, int sig);
const char *chk_tex_pct(double v, int sig);
const char *chk_tex_p(double p);

/* cmocka checks on rendered LaTeX: tex holds want; the number cell
 * starts with (after a grey colour, before any marks) matches want as
 * chk_num_matches does, where naming the cell in the message. */
void chk_expect_in(const char *tex, const char *want);
void chk_expect_lead(const char *cell, double want, const char *where);
/* chk_expect_lead on a cell that may start with \bfseries (a table's
 * best of a row): returns 1 when it did, 0 when not. */
int chk_expect_lead_bold(const char *cell, double want, const char *where);
/* The id of the device with uuid in the open store st into *id: 0, or
 * -1 when the store fails or holds no such device. */
struct store;
int chk_device_find(struct store *st, const char *uuid, long long *id);
/* A suite's rows do not leak into the sections secs: the report of a
 * fresh render fixture (fix_build) at path with only secs reads the same
 * from its first \section on after add(path) adds the suite (the title
 * page's dates may move). cmocka checks; the fixture stays at path. */
void chk_body_same(const char *path, const char *secs,
		   int (*add)(const char *path));
/* The text of the section titled title, up to the next \section: a
 * malloc'd string (fails the test when there is no such section). */
char *chk_section_text(const char *tex, const char *title);

#endif
