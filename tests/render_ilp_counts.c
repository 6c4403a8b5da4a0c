/* Issue 15, item 10: the ilp suite's sizes are its counts as measured.
 * A fixture of its own, built through store/ as measure writes since
 * the issue (n = 0, the count as given), with counts that are not
 * powers of two, counts that share floor(log2 N) (1000001 and 1048575;
 * 2^31 and 3000000001) and counts above 2^31. Every place the report
 * names a size (the tables, the statistics, the figure's labels, the
 * findings, the conclusions, the cross-GPU table) shows the count as
 * it is, a power of two as 2^k, each count a row or column of its own,
 * and the report compiles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "render_check.h"
#include "render_fixture.h"
#include "store.h"
#include "vocab.h"

static char *tmpdir, *dbpath, *plaindb;
static long long dev_id[2];

#define NS CHK_NS
#define SMS 132
#define NCOUNTS 6
#define NCOLS 3		/* ILP 1, ILP 4, memcpy */

/* Ascending, as the tables list them. */
static const long long counts[NCOUNTS] = {
	4096, 1000001, 1048575, 1048576, 2147483648LL, 3000000001LL
};
static const double peaks[2] = {3352.32, 4800.0};

/* The median bandwidth [GB/s] of column col (ILP 1, ILP 4, memcpy) at
 * count i on device dev: a rise towards the peak with N, ILP 4 and the
 * memcpy ahead, and GPU 2 a different share of GPU 1 at every count,
 * so that a value found in the wrong row or column cannot pass. */
static double base(int dev, int col, int i)
{
	double n = (double)counts[i];
	double g = 2000.0 * n / (n + 65536.0);

	g *= col == 0 ? 1.0 : col == 1 ? 1.2 : 1.3;
	return dev ? g * (1.3 + 0.1 * i) : g;
}

static int put(struct store *st, long long sid, int dev, int col, int i)
{
	struct store_metric m[2];
	struct store_config c;
	double g[NS], t[NS];
	int k, memcpy_row = col == NCOLS - 1;

	memset(&c, 0, sizeof(c));
	c.session_id = sid;
	c.suite = (char *)VOCAB_SUITE_ILP;
	c.variant = (char *)(memcpy_row ? VOCAB_VARIANT_MEMCPY :
			     VOCAB_VARIANT_COPY_ILP);
	c.host_mem = (char *)"";
	c.precision = (char *)VOCAB_PREC_INT32;
	c.status = (char *)VOCAB_CFG_OK;
	c.count = counts[i];	/* n stays 0, as measure writes it */
	c.ilp = col == 1 ? 4 : 1;
	c.block_x = memcpy_row ? 0 : 512 / c.ilp;
	c.block_y = c.block_x ? 1 : 0;
	c.finished_at = (char *)"2026-04-01T10:10:00Z";
	c.rel_error = 0;
	c.seconds = 1;
	c.grp = 1 + i;
	c.grid_blocks = (counts[i] + 511) / 512;
	c.wave_blocks = 4 * SMS;
	/* 4 MiB: the smallest working set (32 KiB) fits, the next (8 MB)
	 * does not, as the regime rule decides from these numbers */
	c.l2_bytes = 4194304LL;
	c.start_sm_clock_mhz = c.end_sm_clock_mhz = 1980;
	c.has_throttle = 1;
	/* the smallest size in L2, the others in device memory */
	c.regime = (char *)(i ? "" : "l2_resident,launch_bound");
	c.bytes = c.working_set = 8.0 * (double)counts[i];
	chk_spread(base(dev, col, i), col + i, g);
	for (k = 0; k < NS; k++)
		t[k] = c.bytes / (g[k] * 1e6);
	m[0] = (struct store_metric){VOCAB_METRIC_GBS, "GB/s", g, NS};
	m[1] = (struct store_metric){VOCAB_METRIC_KERNEL, "ms", t, NS};
	c.samples = NS;
	return store_config_insert(st, &c, m, 2, 1);
}

static int build(const char *path)
{
	static const char *const uuid[2] = {
		"GPU-cccccccc-1111-2222-3333-444444444444",
		"GPU-eeeeeeee-1111-2222-3333-444444444444"
	};
	static const char *const name[2] = {"NVIDIA H100 80GB HBM3",
					    "NVIDIA H200"};
	struct store_device d;
	struct store_session s;
	struct store *st;
	char err[256], sid[32];
	int rc = 0, dev, col, i;

	remove(path);
	if (store_open(path, STORE_CREATE, &st, err, sizeof(err)))
		return -1;
	for (dev = 0; dev < 2 && !rc; dev++) {
		memset(&d, 0, sizeof(d));
		d.uuid = (char *)uuid[dev];
		d.name = (char *)name[dev];
		d.cc_major = 9;
		d.sm_count = SMS;
		d.peak_fp32_gflops = 66908.16;
		d.peak_mem_gbs = peaks[dev];
		rc |= store_device_upsert(st, &d);
		dev_id[dev] = d.id;
		fix_session_init(&s, NS);
		snprintf(sid, sizeof(sid), "sess-ilp-counts-%d", dev);
		s.uuid = sid;
		s.device_id = d.id;
		s.started_at = (char *)"2026-04-01T10:00:00Z";
		s.hostname = (char *)"lab-node-3";
		s.cmdline = (char *)"mmreport measure --suite ilp --sizes "
			"4096,1000001,1048575,1048576,2147483648,3000000001";
		s.seed = 7;
		s.suites = (char *)"ilp";
		s.tolerance = 0;
		rc |= store_session_insert(st, &s);
		for (i = 0; i < NCOUNTS && !rc; i++)
			for (col = 0; col < NCOLS; col++)
				rc |= put(st, s.id, dev, col, i);
		if (!rc)
			rc = store_session_finish(st, s.id,
						  "2026-04-01T10:40:00Z",
						  "complete", NULL);
	}
	store_free(st);
	return rc ? -1 : 0;
}

static int setup(void **state)
{
	(void)state;
	/* the tests only read it: built once */
	if (chk_fixture_make(&tmpdir, &dbpath, "ilpcounts.db", &plaindb,
			     "RENDER_ILP_COUNTS_DB", build))
		return -1;
	return build(dbpath);
}

static char *render(const char *sections)
{
	return chk_render_lang(dbpath, sections, "en");
}

/* The table at each device's largest steady size and the findings:
 * the counts as they are (3000000001, not a power below it), each
 * cell the fixture's median there (the device comparison names it
 * too: test_cross). */
static void test_findings(void **state)
{
	struct chk_table t;
	char where[64];
	char *tex, *sec;
	int dev, col;

	(void)state;
	tex = render("ilp");
	chk_table_need(tex, "ilp", dev_id[0], &t);
	assert_int_equal(t.nrows, NCOLS);
	for (dev = 0; dev < 2; dev++)
		for (col = 0; col < NCOLS; col++) {
			snprintf(where, sizeof(where), "dev%d col %d", dev,
				 col);
			chk_expect_lead(t.cell[col][1 + 3 * dev],
					chk_spread_median(base(dev, col,
					NCOUNTS - 1), col + NCOUNTS - 1),
					where);
		}
	chk_table_free(&t);
	chk_expect_in(tex, "The copy at the largest array size in device "
		      "memory, $N = \\num{3000000001}$");
	chk_expect_in(tex, "the largest size in device memory, "
		      "$N = \\num{3000000001}$");
	chk_expect_in(tex, "(memcpy, $N = 2^{12}$)");
	/* no count named by the power below it in the text */
	sec = chk_section_text(tex, "Memory bandwidth and instruction-level "
			       "parallelism");
	assert_null(strstr(strstr(sec, "\\end{figure}"), "2^{30}"));
	assert_null(strstr(sec, "2^{19}"));
	free(sec);
	free(tex);

}

/* The device comparison: the copy's finding names the largest steady
 * size on GPU 1 as it is, 3000000001, not by the power of two below
 * it; the table compares every copy configuration both GPUs ran. */
static void test_cross(void **state)
{
	struct chk_table t;
	char *tex;
	int r, row = -1;

	(void)state;
	tex = render("cross");
	chk_expect_in(tex, "$N = \\num{3000000001}$ moves");
	assert_null(strstr(tex, "2^{31}"));
	if (chk_table_find(tex, "cross", &t))
		fail_msg("no cross table");
	for (r = 0; r < t.nrows; r++)
		if (strstr(t.cell[r][0], "Bandwidth and ILP"))
			row = r;
	assert_true(row >= 0);
	assert_int_equal(atoi(t.cell[row][2]), NCOLS * NCOUNTS);
	chk_table_free(&t);
	free(tex);
}

/* The whole report compiles, with nothing in the margin. */
static void test_compiles(void **state)
{
	char *tex, *dir = NULL, *log = NULL;

	(void)state;
	if (!fix_have("pdflatex"))
		skip();
	tex = render(NULL);
	assert_int_equal(chk_pdflatex(tex, NULL, &dir, &log), 0);
	chk_expect_no_overfull(log);
	assert_null(strstr(log, "Undefined control sequence"));
	fix_rmdir(dir);
	free(dir);
	free(log);
	free(tex);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_cross),
		cmocka_unit_test(test_compiles),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     chk_fixture_teardown);
}
