/* The rendered report compiles with pdflatex alone, in every language,
 * with no undefined references; hostile strings print literally. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "render.h"
#include "render_check.h"
#include "render_fixture.h"

static char *tmpdir, *fulldb, *mindb;

static int setup(void **state)
{
	(void)state;
	tmpdir = fix_tmpdir();
	if (!tmpdir)
		return -1;
	fulldb = malloc(strlen(tmpdir) + 16);
	mindb = malloc(strlen(tmpdir) + 16);
	sprintf(fulldb, "%s/full.db", tmpdir);
	sprintf(mindb, "%s/min.db", tmpdir);
	return fix_build(fulldb) || fix_build_minimal(mindb) ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	fix_rmdir(tmpdir);
	free(tmpdir);
	free(fulldb);
	free(mindb);
	return 0;
}

/* pdflatex succeeded in one run and left nothing to resolve, and
 * nothing in the margins. */
static void assert_clean_log(const char *log)
{
	assert_non_null(log);
	assert_non_null(strstr(log, "Output written on report.pdf"));
	if (strstr(log, "undefined") || strstr(log, "Undefined"))
		fail_msg("undefined references or control sequences");
	if (strstr(log, "Rerun"))
		fail_msg("the log asks for another run");
	chk_expect_no_overfull(log);
}

static char *render_ok(const char *db, const char *lang)
{
	struct render_options o;
	char *tex;
	int rc;

	render_options_init(&o);
	o.db_path = db;
	o.lang = lang;
	tex = chk_render(&o, NULL, &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_non_null(tex);
	/* every figure was put in place */
	assert_null(strchr(tex, '\001'));
	return tex;
}

static void compile_ok(const char *tex)
{
	char *dir = NULL, *log = NULL;
	int rc = chk_pdflatex(tex, NULL, &dir, &log);

	if (rc)
		fail_msg("pdflatex exit %d; log in %s", rc, dir);
	assert_clean_log(log);
	fix_rmdir(dir);
	free(dir);
	free(log);
}

static void count_figures(const char *tex)
{
	const char *p;
	int anchors = 0, pictures = 0;

	for (p = tex; (p = strstr(p, "% mmreport-figure: ")); p++)
		anchors++;
	for (p = tex; (p = strstr(p, "\\begin{picture}")); p++)
		pictures++;
	assert_true(anchors > 0);
	/* a figure environment may hold several pictures */
	assert_true(pictures >= anchors);
}

/* Polish and German: one pdflatex pass finds what a language can break
 * (its strings' errors, control sequences, margins); the references are
 * the same labels in every language, and settle in the English compile
 * (test_compile_en_hostile). */
static void test_lang(const char *lang)
{
	char *tex = render_ok(fulldb, lang), *dir = NULL, *log = NULL;
	int rc;

	count_figures(tex);
	rc = chk_pdflatex_once(tex, &dir, &log);
	if (rc)
		fail_msg("pdflatex exit %d; log in %s", rc, dir);
	assert_non_null(strstr(log, "Output written on report.pdf"));
	if (strstr(log, "Undefined control"))
		fail_msg("%s: undefined control sequence", lang);
	chk_expect_no_overfull(log);
	fix_rmdir(dir);
	free(dir);
	free(log);
	free(tex);
}

static void test_compile_pl(void **state)
{
	(void)state;
	test_lang("pl");
}

static void test_compile_de(void **state)
{
	(void)state;
	test_lang("de");
}

/* The headings differ by language: the strings files are really used. */
static void test_lang_headings(void **state)
{
	char *en = render_ok(fulldb, "en"), *pl = render_ok(fulldb, "pl");
	char *de = render_ok(fulldb, "de");

	(void)state;
	assert_non_null(strstr(en, "\\usepackage[english]{babel}"));
	assert_non_null(strstr(pl, "\\usepackage[polish]{babel}"));
	assert_non_null(strstr(de, "\\usepackage[ngerman]{babel}"));
	assert_non_null(strstr(en, "\\section{Device parameters}"));
	assert_null(strstr(pl, "\\section{Device parameters}"));
	assert_null(strstr(de, "\\section{Device parameters}"));
	free(en);
	free(pl);
	free(de);
}

static void run_pdftotext(const char *dir)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		char *argv[] = {"pdftotext", "-enc", "UTF-8", "report.pdf",
				"report.txt", NULL};

		if (chdir(dir))
			_exit(126);
		execvp("pdftotext", argv);
		_exit(127);
	}
	assert_true(pid > 0);
	assert_true(waitpid(pid, &status, 0) == pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* s occurs in tex other than right after a backslash (escaped). */
static int raw_in(const char *tex, const char *s)
{
	const char *p;

	for (p = tex; (p = strstr(p, s)); p++)
		if (p == tex || p[-1] != '\\')
			return 1;
	return 0;
}

/* Hostile device, host and variant names: escaped in the source, printed
 * character for character in the PDF. */
/* The English compile: the full fixture's device and host carry
 * hostile names, so one pdflatex run checks both. */
static void test_compile_en_hostile(void **state)
{
	char *tex = render_ok(fulldb, "en"), *dir = NULL, *log = NULL;
	char *esc, *txt, path[4096];
	int rc;

	(void)state;
	count_figures(tex);
	esc = chk_tex(FIX_HOSTILE_NAME);
	assert_non_null(strstr(tex, esc));
	free(esc);
	esc = chk_tex(FIX_HOSTILE_HOST);
	assert_non_null(strstr(tex, esc));
	free(esc);
	/* never raw: neither as LaTeX nor (in figures) as gnuplot text */
	assert_null(strstr(tex, FIX_HOSTILE_NAME));
	assert_false(raw_in(tex, "$(whoami)"));
	assert_null(strstr(tex, "`id`"));
	/* the description's power is raised, its dollars are text */
	assert_non_null(strstr(tex, "\\$x\\textsuperscript{2}\\$"));
	/* a placeholder in the data is data, not a template */
	assert_non_null(strstr(tex, "100\\% @@TITLE@@"));
	/* the listing cannot be ended by the stored source */
	assert_non_null(strstr(tex, "\\end {lstlisting}"));
	rc = chk_pdflatex(tex, NULL, &dir, &log);
	if (rc)
		fail_msg("pdflatex exit %d; log in %s", rc, dir);
	assert_clean_log(log);
	if (fix_have("pdftotext")) {
		run_pdftotext(dir);
		snprintf(path, sizeof(path), "%s/report.txt", dir);
		txt = fix_slurp(path);
		assert_non_null(txt);
		assert_non_null(strstr(txt, FIX_HOSTILE_NAME));
		assert_non_null(strstr(txt, FIX_HOSTILE_HOST));
		/* \input in a description is text, not an inclusion */
		assert_non_null(strstr(txt, "\\input{/etc/passwd}"));
		free(txt);
	}
	fix_rmdir(dir);
	free(dir);
	free(log);
	free(tex);
}

/* Issue 15, item 6: a device name and a host name of 10 000 characters
 * with one space (the host's in two-byte characters) are shortened
 * visibly wherever they are printed, and the report compiles with
 * nothing in the margins, in every language. */
static void test_long_names(void **state)
{
	char *db = chk_path_join(tmpdir, "long.db"), *tex;

	(void)state;
	assert_non_null(db);
	assert_int_equal(fix_build(db), 0);
	assert_int_equal(chk_sql(db, "UPDATE device SET name = "
				 "replace(hex(zeroblob(5000)), '00', 'A') || "
				 "' ' || replace(hex(zeroblob(4999)), '00', "
				 "'B')"), 0);
	assert_int_equal(chk_sql(db, "UPDATE session SET hostname = "
				 "replace(hex(zeroblob(10000)), '00', "
				 "'\xc3\xa9')"), 0);
	tex = render_ok(db, "en");
	assert_non_null(strstr(tex, "AAAAAAAA\\allowbreak{}AAAAAAAA"));
	assert_non_null(strstr(tex, "\\ldots{} (10000 characters)"));
	/* the name whole nowhere, the host cut between characters */
	assert_null(strstr(tex, "AAAAAAAAA"));
	assert_null(strstr(tex, " BBBB"));
	free(tex);
	{
		static const char *const none[] = { "label." };

		chk_langs_compile(db, none, 1, "MMREPORT_KEEP_LONG", 0);
	}
	free(db);
}

/* Issue 2's database: one device, kernel v2 only. */
static void test_minimal(void **state)
{
	struct chk_table t;
	char *tex = render_ok(mindb, "en");

	(void)state;
	assert_int_equal(chk_table_find(tex, "device", &t), 0);
	chk_table_free(&t);
	/* the versions' table names v2, the only kernel (the statistics
	 * by size that issue 2 asked for are the generic appendix's, "All
	 * measurements") */
	assert_int_equal(chk_table_find(tex, "versions-why dev=1", &t), 0);
	assert_true(t.nrows >= 1);
	assert_non_null(strstr(t.cell[0][0], "v2"));
	chk_table_free(&t);
	/* absent suites are said, not faked */
	assert_non_null(strstr(tex, "\\texttt{transfer}"));
	assert_null(strstr(tex, "mmreport-table: transfer"));
	compile_ok(tex);
	free(tex);
}

/* --figures DIR: the pictures are files the report \inputs. */
static void test_figures_dir(void **state)
{
	struct render_options o;
	char *dir = fix_tmpdir(), *tex, *log = NULL, *out = NULL, cwd[4096];
	char path[4096];
	struct stat sb;
	int rc;

	(void)state;
	assert_non_null(dir);
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(dir), 0);
	assert_int_equal(mkdir("figs", 0700), 0);
	render_options_init(&o);
	o.db_path = mindb;
	o.figures_dir = "figs";
	tex = chk_render(&o, NULL, &rc);
	assert_int_equal(chdir(cwd), 0);
	assert_int_equal(rc, RENDER_OK);
	assert_non_null(strstr(tex, "\\input{figs/fig-001.tex}"));
	assert_null(strstr(tex, "\\begin{picture}"));
	snprintf(path, sizeof(path), "%s/figs/fig-001.tex", dir);
	assert_int_equal(stat(path, &sb), 0);
	rc = chk_pdflatex(tex, dir, &out, &log);
	if (rc)
		fail_msg("pdflatex exit %d; log in %s", rc, dir);
	assert_clean_log(log);
	fix_rmdir(dir);
	free(dir);
	free(out);
	free(log);
	free(tex);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compile_en_hostile),
		cmocka_unit_test(test_compile_pl),
		cmocka_unit_test(test_compile_de),
		cmocka_unit_test(test_lang_headings),
		cmocka_unit_test(test_long_names),
		cmocka_unit_test(test_minimal),
		cmocka_unit_test(test_figures_dir),
	};

	if (!fix_have("pdflatex") || !fix_have("gnuplot")) {
		fprintf(stderr, "pdflatex or gnuplot missing: skipped\n");
		return 77;
	}
	return cmocka_run_group_tests(tests, setup, teardown);
}
