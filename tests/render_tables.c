/* The report's tables hold exactly the fixture's statistics and
 * significance marks, recomputed here independently of stats/ and
 * render/ (the transfer section's gains: render_transfer.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "render.h"
#include "render_check.h"
#include "render_fixture.h"
#include "store.h"

static char *tmpdir, *dbpath, *tex;
static long long dev_id[2];

static int setup(void **state)
{
	struct render_options o;
	struct store_device *d = NULL;
	struct store *st;
	char err[256];
	size_t n, i;
	int rc;

	(void)state;
	tmpdir = fix_tmpdir();
	if (!tmpdir)
		return -1;
	dbpath = malloc(strlen(tmpdir) + 16);
	sprintf(dbpath, "%s/fix.db", tmpdir);
	if (fix_build(dbpath))
		return -1;
	if (store_open(dbpath, STORE_READ, &st, err, sizeof(err)))
		return -1;
	if (store_device_list(st, &d, &n))
		return -1;
	for (i = 0; i < n; i++)
		dev_id[strncmp(d[i].uuid, "GPU-aaaa", 8) ? 1 : 0] = d[i].id;
	store_devices_free(d, n);
	store_free(st);
	render_options_init(&o);
	o.db_path = dbpath;
	tex = chk_render(&o, NULL, &rc);
	return rc == RENDER_OK && tex ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	free(tex);
	fix_rmdir(tmpdir);
	free(tmpdir);
	free(dbpath);
	return 0;
}

static void find(const char *anchor, struct chk_table *t)
{
	if (chk_table_find(tex, anchor, t))
		fail_msg("table '%s' is missing", anchor);
}

/* cell without the regime marks (\rgmark{w}) a number may carry; the
 * marks are checked where they are the point (render_versions.c). */
static const char *unmarked(const char *cell)
{
	static char buf[256];
	const char *m = strstr(cell, "\\rgmark{");

	/* a mark may sit in a zero-width box */
	if (m && m - cell >= 6 && !strncmp(m - 6, "\\rlap{", 6))
		m -= 6;
	if (!m || (size_t)(m - cell) >= sizeof(buf))
		return cell;
	snprintf(buf, sizeof(buf), "%.*s", (int)(m - cell), cell);
	return buf;
}

static void expect_num(const char *cell, double want, int sig,
		       const char *where)
{
	struct chk_num n;

	cell = unmarked(cell);
	if (chk_num_parse(cell, &n))
		fail_msg("%s: '%s' is not a number", where, cell);
	if (!chk_num_matches(&n, want))
		fail_msg("%s: '%s' but the data say %.9g", where, cell, want);
	/* 4 significant figures unless the integer part is longer */
	if (sig && n.sigfigs != sig && !(n.decimals == 0 && n.sigfigs > sig))
		fail_msg("%s: '%s' has %d significant figures", where, cell,
			 n.sigfigs);
}

/* The versions' appendix lists what failed or was skipped with its
 * reason, never a number for it (the medians of every configuration
 * are the generic appendix's): and for a wrong product where it is
 * wrong (issue 25, item 4): the fixture's last row never written. */
static void test_versions_tables(void **state)
{
	const char *app = strstr(tex, "\\label{app:versions}");

	(void)state;
	assert_non_null(app);
	assert_non_null(strstr(app, "relative error 3.2e-01 exceeds 1e-04"));
	assert_non_null(strstr(app, "exceeds 1e-04. Where it is wrong: "
			       "\\num{256} of "
			       "\\num{65536} elements; the first, "
			       "$C[255][0]$, is not a number (never written) "
			       "where \\num{3.250} is expected{}."));
	assert_non_null(strstr(app, "needs 256 threads \\& 100\\% of "
			       "\\textless{}nothing\\textgreater{} \\#1"));
}

static void test_ilp_table(void **state)
{
	struct chk_table t;
	char anchor[64];

	(void)state;
	/* the table holds each device's largest steady size: here device
	 * A's points are all L2-resident and device B's grids (32 blocks
	 * at 2^14) leave most of its 80 SMs idle, so by the rule no point
	 * counts and no table is written, while the section and its L2
	 * finding are; tests/render_ilp.c checks the table's cells, the
	 * generic appendix every size */
	snprintf(anchor, sizeof(anchor), "ilp dev=%lld", dev_id[0]);
	assert_int_not_equal(chk_table_find(tex, anchor, &t), 0);
	assert_non_null(strstr(tex, "\\section{Memory bandwidth and "
			       "instruction-level parallelism}"));
	assert_non_null(strstr(tex, "is the cache's bandwidth"));
}

/* The GPU 1 cell of the summary's row labelled label, a number's
 * without its \\num{}. */
static const char *sum_cell(const struct chk_table *t, const char *label)
{
	static char buf[256];
	const char *c;
	int r;

	for (r = 0; r < t->nrows; r++) {
		if (t->ncols[r] < 2 || strcmp(t->cell[r][0], label))
			continue;
		c = t->cell[r][1];
		if (strncmp(c, "\\num{", 5))
			return c;
		snprintf(buf, sizeof(buf), "%.*s", (int)strcspn(c + 5, "}"),
			 c + 5);
		return buf;
	}
	fail_msg("no summary row '%s'", label);
	return NULL;
}

/* The summary's fastest own kernel is the best v2 configuration whose
 * grid keeps every SM busy (v1's single block never counts), against
 * cuBLAS at its size and the peak: the facts of the versions section. */
static void test_summary(void **state)
{
	struct fix_metrics m;
	struct chk_table t;
	struct chk_stats s;
	const char *sec, *end, *p;
	double best = -1, ref;
	int r, b, bn = 0;

	(void)state;
	for (r = 0; r < 3; r++)
		for (b = 0; b < 2; b++) {
			int n = fix_versions_sizes[r];

			if (n == 256 && b == 1)
				continue;	/* failed */
			/* the rule: fewer blocks than the 132 SMs do not
			 * count toward best */
			if ((n / fix_versions_blocks[b]) *
			    (n / fix_versions_blocks[b]) < 132)
				continue;
			fix_metrics_get(0, "versions", "v2", "", n,
					fix_versions_blocks[b], 1, &m);
			chk_stats(m.v[1], m.nsamples, &s);
			if (s.median > best) {
				best = s.median;
				bn = n;
			}
		}
	fix_metrics_get(0, "reference", "cublas", "", bn, 0, 1, &m);
	chk_stats(m.v[1], m.nsamples, &s);
	ref = s.median;
	find("summary", &t);
	/* one column per GPU */
	assert_int_equal(t.ncols[0], 3);
	assert_non_null(strstr(sum_cell(&t, "Fastest own matrix kernel"),
			       "\\texttt{v2}"));
	assert_null(strstr(sum_cell(&t, "Fastest own matrix kernel"),
			   "\\rgmark{w}"));
	assert_int_equal(atoi(sum_cell(&t, "\\quad size $n$")), bn);
	expect_num(sum_cell(&t, "\\quad GFLOP/s"), best, 4,
		   "summary gflops");
	expect_num(sum_cell(&t, "\\quad cuBLAS at that size [GFLOP/s]"), ref,
		   4, "summary cublas");
	expect_num(sum_cell(&t, "\\quad \\% of cuBLAS"), 100 * best / ref, 3,
		   "summary % cublas");
	/* it counts: a share of the FP32 peak (66908 GFLOP/s) */
	expect_num(sum_cell(&t, "\\quad \\% of FP32 peak"),
		   100 * best / 66908.16, 3, "summary % peak");
	chk_table_free(&t);
	/* cuBLAS is faster there: stated with its effect, no p-value */
	assert_non_null(strstr(tex, "cuBLAS is faster at that size, by a "
			       "factor of"));
	sec = strstr(tex, "\\section{Summary}");
	assert_non_null(sec);
	end = strstr(sec + 1, "\\section");
	p = strstr(sec, "$p");
	assert_true(!p || (end && p > end));
}

/* The device comparison: GPU 2 of the fixture runs every version twice
 * as fast, so each configuration both measured is meaningfully faster
 * there, with a median speed-up of 2. Compared: v1 and v2 at three
 * sizes and two blocks but GPU 1's skipped and failed points (256,
 * 16x16); the variant GPU 2 alone measured (v'9) is not compared. */
static void test_cross(void **state)
{
	struct chk_table t;
	int r, row = -1;

	(void)state;
	find("cross", &t);
	for (r = 0; r < t.nrows; r++)
		if (!strcmp(t.cell[r][0], "Kernel versions"))
			row = r;
	assert_true(row >= 0);
	assert_int_equal(atoi(t.cell[row][2]), 10);
	assert_int_equal(atoi(t.cell[row][3]), 10);
	assert_int_equal(atoi(t.cell[row][4]), 0);
	expect_num(t.cell[row][7], 2.0, 0, "cross versions median");
	chk_table_free(&t);
}

/* The title page's fields: options win over --meta, text is escaped,
 * the date defaults to the last measurement's day and the exercise to
 * the experiments reported; author and course are left out unless
 * given. */
static void test_title_fields(void **state)
{
	struct render_options o;
	char meta[512], *t, *title;
	FILE *f;
	int rc;

	(void)state;
	snprintf(meta, sizeof(meta), "%s/meta.txt", tmpdir);
	f = fopen(meta, "w");
	assert_non_null(f);
	fputs("# lab\ncourse: GPU programming 101\nauthor: overridden\n"
	      "title:  Lab 3 \n", f);
	fclose(f);
	render_options_init(&o);
	o.db_path = dbpath;
	o.sections = "intro";
	o.meta_path = meta;
	o.author = "A. Student & co_1";
	t = chk_render(&o, NULL, &rc);
	assert_int_equal(rc, RENDER_OK);
	title = strstr(t, "\\begin{titlepage}");
	assert_non_null(title);
	assert_non_null(strstr(title, "A. Student \\&"));
	assert_null(strstr(title, "overridden"));
	assert_non_null(strstr(title, "GPU programming 101"));
	assert_non_null(strstr(title, "\\bfseries Lab 3\\par}"));
	assert_non_null(strstr(title, "Kernel versions"));
	/* the fixture's last session ended on 2026-01-10 */
	assert_non_null(strstr(title, "2026-01-10"));
	assert_non_null(strstr(t, "\\tableofcontents"));
	free(t);
	/* nothing given: no author or course line at all */
	render_options_init(&o);
	o.db_path = dbpath;
	o.sections = "intro";
	t = chk_render(&o, NULL, &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_null(strstr(t, "Author:"));
	assert_null(strstr(t, "Course:"));
	assert_non_null(strstr(t, "Date:"));
	free(t);
}

/* The column specification of the table after anchor line a: the
 * tabular's (or tabularx's) last argument. malloc'd, NULL if absent. */
static char *colspec_of(const char *a)
{
	static const char tx[] = "\\begin{tabularx}{\\linewidth}";
	static const char lt[] = "\\begin{longtable}";
	static const char xl[] = "\\begin{xltabular}{\\linewidth}";
	const char *p = strstr(a, "\\begin{tabular");
	const char *l = strstr(a, lt);
	const char *x = strstr(a, xl);
	const char *e;
	int depth = 0;

	if (x && (!p || x < p) && (!l || x < l))
		p = x + sizeof(xl) - 1;
	else if (l && (!p || l < p))
		p = l + sizeof(lt) - 1;
	else if (!p)
		return NULL;
	else if (!strncmp(p, tx, sizeof(tx) - 1))
		p += sizeof(tx) - 1;
	else
		p += strlen("\\begin{tabular}");
	if (*p != '{')
		return NULL;
	for (e = p; *e; e++) {
		depth += *e == '{';
		if (*e == '}' && --depth == 0)
			break;
	}
	return *e ? strndup(p + 1, (size_t)(e - p - 1)) : NULL;
}

/* An S cell that siunitx aligns: [\color{gray}][<][-]digits[.digits]
 * [\nsmark|\ntmark]. */
static int aligned_number(const char *c)
{
	if (!strncmp(c, "\\color{gray}", 12))
		c += 12;
	c += *c == '<';
	c += *c == '-';
	if (*c < '0' || *c > '9')
		return 0;
	c += strspn(c, "0123456789");
	if (*c == '.') {
		c++;
		if (*c < '0' || *c > '9')
			return 0;
		c += strspn(c, "0123456789");
	}
	/* marks after the number sit outside its digits: significance
	 * marks, regime marks, also in a zero-width \rlap */
	while (*c) {
		if (!strncmp(c, "\\nsmark", 7) || !strncmp(c, "\\ntmark", 7)) {
			c += 7;
		} else if (!strncmp(c, "\\rgmark{", 8) && c[8] && c[9] == '}') {
			c += 10;
		} else if (!strncmp(c, "\\rlap{", 6) && c[strlen(c) - 1] == '}' &&
			   strstr(c, "\\rgmark{")) {
			return 1;
		} else {
			return 0;
		}
	}
	return 1;
}

/* Decimal alignment: in every siunitx column of every table, a cell is
 * either a number siunitx aligns or braced text without a digit ("--",
 * "failed"); a number hidden in text (\num in braces) is not aligned. */
static void test_decimal_alignment(void **state)
{
	const char *a;
	char anchor[512], *spec, *tok, *save;
	char kind[CHK_MAXCOLS];
	struct chk_table t;
	int ncol, r, c, tables = 0, numbers = 0;

	(void)state;
	for (a = tex; (a = strstr(a, "% mmreport-table: ")); a++) {
		a += strlen("% mmreport-table: ");
		snprintf(anchor, sizeof(anchor), "%.*s",
			 (int)strcspn(a, "\n"), a);
		spec = colspec_of(a);
		assert_non_null(spec);
		ncol = 0;
		for (tok = strtok_r(spec, " ", &save); tok && ncol <
		     CHK_MAXCOLS; tok = strtok_r(NULL, " ", &save))
			kind[ncol++] = tok[0] == 'S' ? 'S' : 't';
		free(spec);
		find(anchor, &t);
		for (r = 0; r < t.nrows; r++)
			for (c = 0; c < t.ncols[r] && c < ncol; c++) {
				const char *v = t.cell[r][c];

				if (kind[c] != 'S')
					continue;
				if (aligned_number(v)) {
					numbers++;
					continue;
				}
				/* a status across the rest of the row (the
				 * appendix of every configuration) */
				if (!strncmp(v, "\\multicolumn{", 13))
					break;
				/* text braced out of the number parser;
				 * digits only in the small print under a
				 * row of numbers (a block size, an
				 * interval), never a bare number */
				if (v[0] != '{' || v[strlen(v) - 1] != '}' ||
				    (strpbrk(v, "0123456789") &&
				     strncmp(v, "{\\scriptsize", 12)))
					fail_msg("%s row %d column %d: '%s' is "
						 "not aligned", anchor, r, c,
						 v);
			}
		chk_table_free(&t);
		tables++;
	}
	/* the short report's tables and the appendix of every
	 * configuration: 20 tables, 787 numbers in the fixture */
	assert_true(tables > 15);
	assert_true(numbers > 500);
	/* a reading with decimals in a text cell goes through \num, which
	 * writes the language's decimal marker */
	find("sessions-run", &t);
	for (r = 0; r < t.nrows && strcmp(t.cell[r][0], "Power [W]"); r++)
		;
	assert_true(r < t.nrows);
	assert_string_equal(t.cell[r][1], "\\num{120.5} / --");
	chk_table_free(&t);
}

static size_t occurrences(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

/* The counter pass's single values are no samples: no statistics
 * table, no size x block table of a raw count, no transfer phase. */
static void test_counters_not_samples(void **state)
{
	(void)state;
	assert_null(strstr(tex, "metric=cnt_"));
	/* the versions print no table by metric: the generic appendix
	 * ("All measurements") has every configuration's numbers */
	assert_null(strstr(tex, "mmreport-table: versions-stats "));
	assert_null(strstr(tex, "metric=gips"));
}

/* A database without counters says why, once, in the versions section:
 * measured without --counters, or the reason measure recorded. */
static void test_counters_absent(void **state)
{
	static const char why[] = "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES & "
				  "$ncu attached";
	struct render_options o;
	char path[4200], *out;
	int rc;

	(void)state;
	snprintf(path, sizeof(path), "%s/min.db", tmpdir);
	assert_int_equal(fix_build_minimal(path), 0);
	render_options_init(&o);
	o.db_path = path;
	out = chk_render(&o, NULL, &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(occurrences(out, "There are no hardware counters "
				     "in this database: it was measured "
				     "without \\texttt{-{}-counters}"), 1);
	assert_null(strstr(out, "metric=gips"));
	assert_null(strstr(out, "metric=cgma"));
	assert_null(strstr(out, "could not be read"));
	assert_null(strstr(out, "(counters)}"));
	free(out);

	snprintf(path, sizeof(path), "%s/unavailable.db", tmpdir);
	assert_int_equal(fix_build_minimal_unavailable(path, why), 0);
	o.db_path = path;
	o.lang = "pl";
	out = chk_render(&o, NULL, &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(occurrences(out, "ale nie dało się ich odczytać "
				     "(CUPTI\\_\\allowbreak{}ERROR\\_"
				     "\\allowbreak{}INSUFFICIENT\\_"
				     "\\allowbreak{}PRIVILEGES \\& "
				     "\\$ncu attached)"), 1);
	assert_null(strstr(out, "metric=gips"));
	assert_null(strstr(out, "bez \\texttt{-{}-counters}"));
	free(out);
}

/* The Status cell (first session) of the sessions table of tex, whose
 * row is labelled label; malloc'd. */
static char *session_status_cell(const char *out, const char *label)
{
	struct chk_table t;
	char *r = NULL;
	int i;

	if (chk_table_find(out, "sessions", &t))
		fail_msg("no sessions table");
	for (i = 0; i < t.nrows; i++)
		if (t.ncols[i] > 1 && !strcmp(t.cell[i][0], label))
			r = strdup(t.cell[i][1]);
	chk_table_free(&t);
	if (!r)
		fail_msg("no row '%s' in the sessions table", label);
	return r;
}

/* A session left running by a process of this host that is gone is
 * shown as aborted, in each language; one whose process cannot be
 * checked (no pid) stays running. */
static void test_session_aborted(void **state)
{
	static const struct {
		const char *lang, *label, *want;
	} langs[] = {
		{ "en", "Status", "aborted (measuring process ended)" },
		{ "pl", "Stan", "przerwana (proces pomiarowy zakończony)" },
		{ "de", "Status", "abgebrochen (Messprozess beendet)" },
	};
	struct render_options o;
	char path[4200], host[256], *out, *cell;
	sqlite3 *db = NULL;
	sqlite3_stmt *q = NULL;
	pid_t pid;
	size_t i;
	int rc, st;

	(void)state;
	snprintf(path, sizeof(path), "%s/aborted.db", tmpdir);
	assert_int_equal(fix_build_minimal(path), 0);
	render_options_init(&o);
	o.db_path = path;

	/* A pid that names no process any more. */
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(0);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_int_equal(gethostname(host, sizeof(host) - 1), 0);
	host[sizeof(host) - 1] = '\0';
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "UPDATE session SET"
		" status = 'running', hostname = ?1, pid = ?2", -1, &q, NULL),
		SQLITE_OK);
	sqlite3_bind_text(q, 1, host, -1, SQLITE_STATIC);
	/* First without a pid: it cannot be checked. */
	sqlite3_bind_null(q, 2);
	assert_int_equal(sqlite3_step(q), SQLITE_DONE);
	out = chk_render(&o, NULL, &rc);
	assert_int_equal(rc, RENDER_OK);
	cell = session_status_cell(out, "Status");
	assert_string_equal(cell, "running");
	free(cell);
	free(out);
	sqlite3_reset(q);
	sqlite3_bind_int(q, 2, (int)pid);
	assert_int_equal(sqlite3_step(q), SQLITE_DONE);
	sqlite3_finalize(q);
	assert_int_equal(sqlite3_close(db), SQLITE_OK);

	for (i = 0; i < sizeof(langs) / sizeof(langs[0]); i++) {
		o.lang = langs[i].lang;
		out = chk_render(&o, NULL, &rc);
		assert_int_equal(rc, RENDER_OK);
		cell = session_status_cell(out, langs[i].label);
		assert_string_equal(cell, langs[i].want);
		free(cell);
		free(out);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_versions_tables),
		cmocka_unit_test(test_decimal_alignment),
		cmocka_unit_test(test_ilp_table),
		cmocka_unit_test(test_summary),
		cmocka_unit_test(test_cross),
		cmocka_unit_test(test_title_fields),
		cmocka_unit_test(test_counters_not_samples),
		cmocka_unit_test(test_counters_absent),
		cmocka_unit_test(test_session_aborted),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     teardown);
}
