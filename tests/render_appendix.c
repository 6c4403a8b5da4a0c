/* The appendix "All measurements" (render/appendix.c) and the findings
 * of a failed kernel that open its section (render/emit.c), on the
 * full fixture with an own kernel that ran noisy, faulted and computed
 * a wrong product (fix_add_own). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "render_check.h"
#include "render_fixture.h"
#include "store.h"

static char *tmpdir, *dbpath;
static long long dev_id[2];

static int setup(void **state)
{
	struct store_device *d;
	struct store *st;
	char err[256];
	size_t n, i;

	(void)state;
	tmpdir = fix_tmpdir();
	if (!tmpdir)
		return -1;
	dbpath = malloc(strlen(tmpdir) + 16);
	sprintf(dbpath, "%s/fix.db", tmpdir);
	if (fix_build(dbpath) || fix_add_own(dbpath))
		return -1;
	if (store_open(dbpath, STORE_READ, &st, err, sizeof(err)))
		return -1;
	if (store_device_list(st, &d, &n))
		return -1;
	for (i = 0; i < n; i++)
		dev_id[strncmp(d[i].uuid, "GPU-aaaa", 8) ? 1 : 0] = d[i].id;
	store_devices_free(d, n);
	store_free(st);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fix_rmdir(tmpdir);
	free(tmpdir);
	free(dbpath);
	return 0;
}

/* The median of metric (0: the kernel time, 1: GFLOP/s, 2: the sample
 * count) of a fixture configuration. */
static double fix_median(int dev, const char *suite, const char *variant,
			 const char *host, int n, int block, int metric)
{
	struct fix_metrics m;
	struct chk_stats s;

	assert_int_equal(fix_metrics_get(dev, suite, variant, host, n, block,
					 1, &m), 0);
	if (metric == 2)
		return (double)m.nsamples;
	for (size_t i = 0; i < m.nmetrics; i++)
		if (!strcmp(m.name[i], metric ? "gflops" : "kernel"))
			chk_stats(m.v[i], m.nsamples, &s);
	return s.median;
}

static void expect_num(const char *cell, double want, const char *where)
{
	struct chk_num n;

	if (chk_num_parse(cell, &n) || !chk_num_matches(&n, want))
		fail_msg("%s: '%s' is not %g", where, cell, want);
}

/* Every configuration of the kernel versions on the first GPU, in the
 * kernels' natural order (the own kernel after report P's), each with
 * its keys, its median and the interval around it, its rate and
 * samples; the noise and the discarded samples stored with schema 7,
 * the mark of a noise above the session's target, and a fault, a wrong
 * result and a skipped configuration each by its own word. */
static void test_versions_table(void **state)
{
	char anchor[64], where[64], *tex;
	struct chk_table t;
	struct chk_num lo, hi;
	int r = 0, v, b, i;

	(void)state;
	tex = chk_render_lang(dbpath, "versions-data", "en");
	snprintf(anchor, sizeof(anchor), "data-versions dev=%lld", dev_id[0]);
	assert_int_equal(chk_table_find(tex, anchor, &t), 0);
	assert_int_equal(t.nrows, 15);
	for (v = 0; v < 2; v++)
		for (b = 0; b < 2; b++)
			for (i = 0; i < 3; i++, r++) {
				int n = fix_versions_sizes[i];
				int blk = fix_versions_blocks[b];

				snprintf(where, sizeof(where), "row %d", r);
				assert_non_null(strstr(t.cell[r][0], v ?
							"{v2}" : "{v1}"));
				if (n == 256 && blk == 16) {
					chk_expect_in(t.cell[r][3], v ?
						"\\textit{failed}: relative" :
						"\\textit{skipped}: needs");
					continue;
				}
				assert_int_equal(atoi(t.cell[r][1]), n);
				expect_num(t.cell[r][3], fix_median(0,
					   "versions", v ? "v2" : "v1", "", n,
					   blk, 0), where);
				assert_int_equal(chk_num_parse(t.cell[r][4],
							       &lo), 0);
				assert_int_equal(chk_num_parse(t.cell[r][5],
							       &hi), 0);
				assert_true(lo.v <= hi.v);
				expect_num(t.cell[r][6], fix_median(0,
					   "versions", v ? "v2" : "v1", "", n,
					   blk, 1), where);
				assert_int_equal(atoi(t.cell[r][7]),
						 (int)fix_median(0, "versions",
						 v ? "v2" : "v1", "", n, blk,
						 2));
				/* the fixture's noise is a stored 0 */
				assert_string_equal(t.cell[r][8], "0.00");
			}
	/* the own kernel: noisy at 128, a fault at 256, wrong at 384 */
	chk_expect_in(t.cell[12][0], "{mine}\\rgmark{n}");
	assert_string_equal(t.cell[12][8], "1.20");
	assert_string_equal(t.cell[12][9], "4");
	chk_expect_in(t.cell[13][3], "\\textit{fault}: the kernel faulted");
	chk_expect_in(t.cell[14][3], "\\textit{failed}: verification failed");
	chk_table_free(&t);
	/* the note says what the marks and words mean */
	chk_expect_in(tex, "\\rgmark{n}~the noise ended above its session's "
		      "target");
	chk_expect_in(tex, "\\textit{fault}: the kernel's launch faulted");
	free(tex);
}

/* A transfer run has a row per phase, its keys on the first only. */
static void test_transfer_phases(void **state)
{
	static const char *const phase[] = {"Whole run", "Copy A, B",
		"Copy C", "Kernel", "Allocation", "Sync", "Release"};
	char anchor[64], *tex;
	struct chk_table t;
	int i, k, seen = 0;

	(void)state;
	tex = chk_render_lang(dbpath, "transfer-data", "en");
	snprintf(anchor, sizeof(anchor), "data-transfer dev=%lld", dev_id[1]);
	assert_int_equal(chk_table_find(tex, anchor, &t), 0);
	for (i = 0; i < 7; i++) {
		assert_string_equal(t.cell[i][0], i ? "" : "\\texttt{shared}");
		for (k = 0; k < 7 && strcmp(t.cell[i][4], phase[k]); k++)
			;
		assert_true(k < 7 && !(seen & 1 << k));
		seen |= 1 << k;
		if (k == 3)
			expect_num(t.cell[i][5], fix_median(1, "transfer",
				   "shared", "pageable", 512, 16, 0),
				   "kernel phase");
	}
	/* the next run starts a row of keys */
	assert_string_equal(t.cell[7][0], "\\texttt{shared}");
	chk_table_free(&t);
	free(tex);
}

/* The items of the first findings list after the section's title. */
static char *first_findings(const char *tex, const char *title)
{
	const char *p = strstr(tex, title), *e;

	assert_non_null(p);
	p = strstr(p, "\\begin{itemize}");
	assert_non_null(p);
	e = strstr(p, "\\end{itemize}");
	assert_non_null(e);
	return strndup(p, (size_t)(e - p));
}

/* s without the break points and empty groups that rbuf_put_tex puts
 * in a command ("-{}\\allowbreak{}-" for "--"), as a reader copies it;
 * malloc'd. */
static char *unbreak(const char *s)
{
	static const char *const cut[] = {"\\allowbreak{}", "{}"};
	char *o = strdup(s), *p;
	size_t k;

	assert_non_null(o);
	for (k = 0; k < 2; k++)
		while ((p = strstr(o, cut[k])))
			memmove(p, p + strlen(cut[k]),
				strlen(p + strlen(cut[k])) + 1);
	return o;
}

/* A kernel that failed is its section's first finding: a fault with
 * its error, configuration and the compute-sanitizer command that
 * reruns it; a wrong result with where it is wrong; in every
 * language. */
static void test_failed_first(void **state)
{
	static const char *const langs[] = {"en", "pl", "de"};
	char *tex, *f, *fault, *wrong, *plain;
	size_t l;

	(void)state;
	tex = chk_render_lang(dbpath, "versions", "en");
	f = first_findings(tex, "\\subsection{Findings}");
	fault = strstr(f, "\\item GPU~1: The kernel \\texttt{mine} faulted");
	wrong = strstr(f, "\\item GPU~1: The kernel \\texttt{mine} computes "
		       "a wrong result");
	assert_true(fault == f + strlen("\\begin{itemize}\n"));
	assert_non_null(wrong);
	chk_expect_in(fault, "at \\(n = 256\\), block 16\\(\\times\\)16: "
		      FIX_OWN_FAULT);
	/* the command as a reader copies it: no "--", which LaTeX's
	 * typewriter font sets as an en dash */
	assert_null(strstr(fault, " --"));
	plain = unbreak(fault);
	chk_expect_in(plain, "\\texttt{compute-sanitizer --tool memcheck "
		      "mmreport measure --db sanitize.db --kernel FILE.cu "
		      "--suite versions --variants mine --sizes 256 --blocks "
		      "16");
	free(plain);
	chk_expect_in(wrong, "Where it is wrong: \\num{384} of "
		      "\\num{147456} elements");
	/* report P's v2 failed alike on this GPU: told too */
	chk_expect_in(f, "The kernel \\texttt{v2} computes a wrong result");
	free(f);
	free(tex);
	for (l = 1; l < 3; l++) {
		tex = chk_render_lang(dbpath, "versions", langs[l]);
		plain = unbreak(tex);
		chk_expect_in(plain, "compute-sanitizer --tool memcheck");
		free(plain);
		free(tex);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_versions_table),
		cmocka_unit_test(test_transfer_phases),
		cmocka_unit_test(test_failed_first),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
