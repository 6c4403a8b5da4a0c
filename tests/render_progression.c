/* The progression suite's section (issue 14, item 2). A fixture of its
 * own, built through store/, with values like an H100's: the speed
 * tables hold the fixture's medians at each kernel's best block or tile,
 * the speed-ups and their Mann-Whitney p are recomputed from the
 * samples, the goal sentence follows the data and flips when they do,
 * the counter that moved most is recomputed from the counters, the
 * cp.async caveat stands beside v10's load counters, a failed
 * configuration is shown as failed and never as a speed, a kernel
 * without counters and a database without any are said so, the other
 * sections do not pick up the suite's rows, a database without the
 * suite renders none of it, and the report compiles in every language
 * without a line in the margin. */
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
static long long dev_id;

#define NS CHK_NS
#define SMS 132
#define PEAK32 66908.16
#define NN 4
#define NK 11
#define MAXB 2
#define UUID_A "GPU-aaaaaaaa-1111-2222-3333-444444444444"
#define TITLE "From report~P to cuBLAS: a progression of SGEMM kernels"

static const int sizes[NN] = {1024, 2048, 4096, 8192};
static const char *const kern[NK] = {"v1", "v2", "v3", "v4", "v5", "v6",
				     "v7", "v8", "v9", "v10", "cublas"};
enum { V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, LIB };
/* the blocks (tiles from v6 on; 0: cuBLAS), 0 ending the list */
static const int blocks[NK][MAXB] = {
	{32, 0}, {16, 32}, {16, 32}, {16, 32}, {16, 32}, {64, 0},
	{64, 128}, {128, 0}, {128, 0}, {128, 0}, {0, 0}
};
/* median GFLOP/s [kernel][block][size]; 0: not measured. At 1024 v7's
 * tile 64 beats its tile 128, at 4096 the other way round; v6 is
 * slower than v5 at every size. */
static const double gfl[NK][MAXB][NN] = {
	{{46, 0, 0, 0}},
	{{5179, 5411, 5285, 5289}, {6227, 6309, 6124, 6147}},
	{{7820, 8183, 8183, 8212}, {8901, 9093, 8608, 8716}},
	{{7958, 8284, 8354, 8383}, {9521, 9655, 9919, 9992}},
	{{14678, 15039, 15476, 15584}, {17777, 18051, 17996, 18474}},
	{{17595, 17435, 16932, 16885}},
	{{11505, 17053, 17002, 16665}, {9442, 25111, 25289, 25238}},
	{{15332, 35729, 35574, 35691}},
	{{17800, 38704, 39397, 39874}},
	{{21481, 42980, 43713, 44094}},
	{{37913, 50202, 51568, 51679}},
};
/* counters at 4096: DRAM read and written, load requests, LDG
 * instructions, shared load instructions and wavefronts, GIPS, CGMA;
 * v1 unmeasured there, v7 without counters */
static const double cnt[NK][8] = {
	[V2] = {8476674816., 66739456., 4294967296., 4294967296., 0, 0,
		437.8, 32.0},
	[V3] = {8421551360., 66818048., 134217728., 134217728., 2684354560.,
		3222146102., 404.9, 1020.0},
	[V4] = {8446147584., 66802432., 134217728., 134217728., 2684354560.,
		3222083219., 476.1, 1020.0},
	[V5] = {2181575936., 65186304., 67108864., 67108864., 1342177280.,
		1610612736., 531.3, 2032.1},
	[V6] = {1155700736., 65188096., 67108864., 67108864., 805306368.,
		1342290587., 468.2, 2032.1},
	[V8] = {350428928., 54253568., 8388608., 8388608., 134217728.,
		402658699., 617.1, 16131.9},
	[V9] = {355189248., 52966144., 8388608., 8388608., 134217728.,
		402659342., 689.0, 16131.9},
	[V10] = {618708992., 60836352., 8388608., 4194304., 134217728.,
		 402653184., 776.5, 31775.0},
	[LIB] = {341945856., 52003584., 25165824., 0, 101212160., 336150528.,
		 907.3, 262208.0},
};

/* the failed configuration: v8 at 2048 */
static int failed(int k, int i)
{
	return k == V8 && i == 1;
}

/* The blocks one launch of kernel k at block b and size i runs, as
 * measure stores them: v1 one block, v5 one per 2b x 2b tile of C, the
 * others one per b x b block or tile; 0 for cuBLAS (unknown). */
static long long grid_of(int k, int b, int i)
{
	long long bb = blocks[k][b], n = sizes[i];

	if (!bb)
		return 0;
	if (k == V1)
		return 1;
	if (k == V5)
		bb *= 2;
	return (n / bb) * (n / bb);
}

/* The rule's idle SMs: fewer blocks than the 132 SMs, a point that does
 * not count. Tiles of 128 at 1024 make 64 blocks and v1 one; tiles of
 * 128 at 2048 make 256, less than a wave of blocks but one on every
 * SM: they count (the old rule's wave left them out). */
static int steady(int k, int b, int i)
{
	long long g = grid_of(k, b, i);

	return g == 0 || g >= SMS;
}

static int shift_of(int k, int b)
{
	return (k + 3 * b) % NS;
}

static double flop(int i)
{
	return 2.0 * sizes[i] * sizes[i] * sizes[i];
}

static int put(struct store *st, long long sid, int k, int b, int i)
{
	struct store_metric m[16];
	struct store_config c;
	double g[NS], t[NS], one[10];
	int bb = blocks[k][b], nm = 0, j;
	char reg[64] = "";

	memset(&c, 0, sizeof(c));
	c.session_id = sid;
	c.suite = (char *)VOCAB_SUITE_PROGRESSION;
	c.variant = (char *)kern[k];
	if (fix_kernel_put(st, sid, c.variant))
		return -1;
	c.m = c.k = c.n = sizes[i];
	c.block_x = c.block_y = bb;
	c.ilp = 1;
	c.host_mem = (char *)"";
	c.precision = (char *)"fp32";
	c.status = (char *)"ok";
	c.finished_at = (char *)"2026-11-25T18:28:00Z";
	c.rel_error = 1e-6;
	c.flops = flop(i);
	c.bytes = 12.0 * sizes[i] * sizes[i];
	c.working_set = c.bytes;
	c.seconds = 1;
	c.grp = 1 + i;
	c.l2_bytes = 52428800LL;
	c.start_sm_clock_mhz = c.end_sm_clock_mhz = 1980;
	c.has_throttle = 1;
	c.grid_blocks = grid_of(k, b, i);
	/* the two smaller sizes fit L2; the regime as an older measure
	 * stored it (tiles of 128 and v1 below one wave at both), which
	 * render no longer reads: it recomputes it from grid_blocks by
	 * analysis/rules.h, so the tiles of 128 at 2048 count */
	if (i < 2)
		snprintf(reg, sizeof(reg), "%sl2_resident",
			 blocks[k][b] == 128 || k == V1 ? "below_wave," : "");
	c.regime = reg;
	if (failed(k, i)) {
		c.status = (char *)"failed";
		c.reason = (char *)"relative error 3.0e-01 exceeds 1e-04";
		return store_config_insert(st, &c, NULL, 0, 1);
	}
	chk_spread(gfl[k][b][i], shift_of(k, b), g);
	for (j = 0; j < NS; j++)
		t[j] = flop(i) / (g[j] * 1e6);
	m[nm++] = (struct store_metric){VOCAB_METRIC_KERNEL, "ms", t, NS};
	m[nm++] = (struct store_metric){VOCAB_METRIC_GFLOPS, "GFLOP/s", g, NS};
	if (i == 2 && k != V7 && k != V1) {
		static const char *const name[8] = {
			VOCAB_METRIC_CNT_DRAM_READ_BYTES,
			VOCAB_METRIC_CNT_DRAM_WRITE_BYTES,
			VOCAB_METRIC_CNT_GLOBAL_LD_REQUESTS,
			"cnt_global_ld_inst", VOCAB_METRIC_CNT_SHARED_LD_INST,
			VOCAB_METRIC_CNT_SHARED_LD_WAVEFRONTS,
			VOCAB_METRIC_GIPS, VOCAB_METRIC_CGMA
		};

		for (j = 0; j < 8; j++) {
			one[j] = cnt[k][j];
			m[nm++] = (struct store_metric){name[j], "", &one[j],
							1};
		}
		one[8] = flop(i);
		m[nm++] = (struct store_metric){VOCAB_METRIC_CNT_FP32_OPS,
						"FLOP", &one[8], 1};
		one[9] = gfl[k][b][i];
		m[nm++] = (struct store_metric){VOCAB_METRIC_CNT_GFLOPS,
						"GFLOP/s", &one[9], 1};
	}
	c.samples = NS;
	return store_config_insert(st, &c, m, (size_t)nm, 1);
}

/* The device: a new one, (add 1) the render fixture's device A, or
 * (add 2) a second new one, an H200. */
static int device(struct store *st, int add, int64_t *id)
{
	struct store_device d;
	long long found;

	if (add == 1) {
		if (chk_device_find(st, UUID_A, &found))
			return -1;
		*id = found;
		return 0;
	}
	memset(&d, 0, sizeof(d));
	d.uuid = (char *)(add ? "GPU-eeeeeeee-1111-2222-3333-444444444444" :
			  "GPU-ffffffff-1111-2222-3333-444444444444");
	d.name = (char *)(add ? "NVIDIA H200" : "NVIDIA H100 80GB HBM3");
	d.cc_major = 9;
	d.sm_count = SMS;
	d.peak_fp32_gflops = PEAK32;
	d.peak_mem_gbs = 3352.32;
	if (store_device_upsert(st, &d))
		return -1;
	*id = d.id;
	return 0;
}

static int build(const char *path, int add)
{
	struct store_session s;
	struct store *st;
	char err[256];
	int64_t did;
	int rc = 0, k, b, i;

	if (!add)
		remove(path);
	if (store_open(path, add ? STORE_WRITE : STORE_CREATE, &st, err,
		       sizeof(err)))
		return -1;
	if (device(st, add, &did)) {
		store_free(st);
		return -1;
	}
	fix_session_init(&s, NS);
	s.uuid = (char *)(add == 2 ? "sess-progression-2" :
			  "sess-progression-1");
	s.device_id = did;
	s.started_at = (char *)"2026-11-25T18:25:30Z";
	s.hostname = (char *)"lab-node-4";
	s.cmdline = (char *)"mmreport measure --suite progression --counters";
	s.seed = 1;
	s.suites = (char *)"progression";
	rc |= store_session_insert(st, &s);
	for (k = 0; k < NK && !rc; k++)
		for (b = 0; b < MAXB; b++)
			for (i = 0; i < NN; i++)
				if (gfl[k][b][i] > 0 && (b == 0 ||
							 blocks[k][b]))
					rc |= put(st, s.id, k, b, i);
	if (!rc)
		rc = store_session_finish(st, s.id, "2026-11-25T18:29:00Z",
					  "complete", NULL);
	if (add != 2)
		dev_id = did;
	store_free(st);
	return rc ? -1 : 0;
}

/* The suite added to the render fixture's device A at path. */
static int build_added(const char *path)
{
	return build(path, 1);
}

static int build_kept(const char *path)
{
	return build(path, 0);
}

static int setup(void **state)
{
	(void)state;
	return chk_fixture_make(&tmpdir, &dbpath, "progression.db", &plaindb,
				"RENDER_PROGRESSION_DB", build_kept);
}

/* ---- independent arithmetic ------------------------------------------- */

static char *render(void)
{
	return chk_render_lang(dbpath, "progression", "en");
}

static void sql(const char *q)
{
	assert_int_equal(chk_sql(dbpath, q), 0);
}

static double med(int k, int b, int i)
{
	return chk_spread_median(gfl[k][b][i], shift_of(k, b));
}

/* The best block index of kernel k at size i: the highest median among
 * the steady ok ones, among all ok ones where none is steady; -1. */
static int best(int k, int i)
{
	int b, bb = -1, pass;

	for (pass = 0; pass < 2 && bb < 0; pass++)
		for (b = 0; b < MAXB; b++)
			if (gfl[k][b][i] > 0 && (b == 0 || blocks[k][b]) &&
			    !failed(k, i) && (pass || steady(k, b, i)) &&
			    (bb < 0 || med(k, b, i) > med(k, bb, i)))
				bb = b;
	return bb;
}

/* The nearest earlier own kernel with an ok configuration at i. */
static int prev(int k, int i)
{
	while (--k >= 0)
		if (best(k, i) >= 0)
			return k;
	return -1;
}

static void block_tex(int k, int b, char *buf, size_t len)
{
	if (!blocks[k][b])
		snprintf(buf, len, "--");
	else if (k >= V6 && k <= V10)
		snprintf(buf, len, "tile %d", blocks[k][b]);
	else
		snprintf(buf, len, "%d\\(\\times\\)%d", blocks[k][b],
			 blocks[k][b]);
}

/* "\texttt{v6} (tile 64)", as the findings name a kernel at its block. */
static const char *named(int k, int b)
{
	static char ring[4][64];
	static int r;
	char *s = ring[r++ % 4];

	if (!blocks[k][b])
		snprintf(s, 64, "\\texttt{%s}", kern[k]);
	else if (k >= V6)
		snprintf(s, 64, "\\texttt{%s} (tile %d)", kern[k],
			 blocks[k][b]);
	else
		snprintf(s, 64, "\\texttt{%s} (block %d\\(\\times\\)%d)",
			 kern[k], blocks[k][b], blocks[k][b]);
	return s;
}

/* ---- the table ------------------------------------------------------------ */

/* The one table at 4096: each kernel at its best block, its median
 * GFLOP/s (bold: the fastest own kernel), its median over the step
 * before's and its counters. */
static void check_table(const char *tex)
{
	struct chk_table t;
	char want[64], where[64];
	int row = 0, k, i = 2, b;

	chk_table_need(tex, "progression-steps", dev_id, &t);
	for (k = 0; k < NK; k++) {
		int pk = k == LIB ? V10 : prev(k, i);

		if (gfl[k][0][i] <= 0)
			continue;
		assert_true(row < t.nrows);
		snprintf(want, sizeof(want), "\\texttt{%s}", kern[k]);
		assert_string_equal(t.cell[row][0], want);
		snprintf(where, sizeof(where), "%s n=4096", kern[k]);
		b = best(k, i);
		block_tex(k, b, want, sizeof(want));
		assert_string_equal(t.cell[row][1], want);
		assert_int_equal(chk_expect_lead_bold(t.cell[row][2],
				 med(k, b, i), where), k == V10);
		if (pk < 0)
			assert_string_equal(t.cell[row][3], "{--}");
		else
			chk_expect_lead(t.cell[row][3], med(k, b, i) /
					med(pk, best(pk, i), i), where);
		/* wavefronts per shared load, load requests per kFLOP */
		if (cnt[k][4] > 0)
			chk_expect_lead(t.cell[row][5], cnt[k][5] / cnt[k][4],
					where);
		if (cnt[k][2] > 0)
			chk_expect_lead(t.cell[row][6], 1000 * cnt[k][2] /
					flop(i), where);
		row++;
	}
	assert_int_equal(t.nrows, row);
	chk_table_free(&t);
}

static void test_table(void **state)
{
	char *tex;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render();
	check_table(tex);
	assert_null(strstr(tex, "128\\(\\times\\)128"));
	free(tex);
}

/* The best block follows the medians among the points that count: a
 * faster block whose grid leaves SMs idle is passed over, and the
 * choice swaps when the data do. */
static void test_best_block(void **state)
{
	struct chk_table t;
	char *tex;
	int r;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render();
	chk_table_need(tex, "progression-steps", dev_id, &t);
	for (r = 0; r < t.nrows; r++)
		if (!strcmp(t.cell[r][0], "\\texttt{v7}"))
			assert_string_equal(t.cell[r][1], "tile 128");
	chk_table_free(&t);
	free(tex);
	/* v7's tile 64 three times faster at 4096, but its grid stored as
	 * 64 blocks, fewer than the SMs: passed over */
	sql("CREATE TEMP VIEW t64 AS SELECT id FROM config WHERE variant = "
	    "'v7' AND block_x = 64 AND n = 4096;"
	    "UPDATE stat SET median = median * 3 WHERE metric = 'gflops' AND "
	    "config_id IN t64;"
	    "UPDATE config SET grid_blocks = 64 WHERE id IN t64;");
	tex = render();
	chk_table_need(tex, "progression-steps", dev_id, &t);
	for (r = 0; r < t.nrows; r++)
		if (!strcmp(t.cell[r][0], "\\texttt{v7}"))
			assert_string_equal(t.cell[r][1], "tile 128");
	chk_table_free(&t);
	free(tex);
	/* with its grid on every SM it counts, and is chosen */
	sql("UPDATE config SET grid_blocks = 4096 WHERE variant = 'v7' AND "
	    "block_x = 64 AND n = 4096;");
	tex = render();
	chk_table_need(tex, "progression-steps", dev_id, &t);
	for (r = 0; r < t.nrows; r++)
		if (!strcmp(t.cell[r][0], "\\texttt{v7}"))
			assert_string_equal(t.cell[r][1], "tile 64");
	chk_table_free(&t);
	free(tex);
}

/* ---- findings ------------------------------------------------------------- */

/* The quantities the counter findings compare, as the test reads the
 * fixture (which stores no FFMA count and no attributes): wavefronts
 * per shared load, load requests per FLOP, DRAM bytes. */
static double q_of(int k, int q)
{
	switch (q) {
	case 0:
		return cnt[k][4] > 0 ? cnt[k][5] / cnt[k][4] : NAN;
	case 1:
		return cnt[k][2] / flop(2);
	default:
		return cnt[k][0] + cnt[k][1];
	}
}

static void test_findings(void **state)
{
	static const char *const qname[3] = {
		"wavefronts per shared load", "load requests per FLOP",
		"DRAM bytes"
	};
	char want[1024];
	char *tex, *sec;
	int i, k;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render();
	sec = chk_section_text(tex, TITLE);
	/* the best own kernel against cuBLAS at each size */
	for (i = 0; i < NN; i++) {
		snprintf(want, sizeof(want), "$n = %d$: \\texttt{v10} (tile "
			 "128) at %s", sizes[i], chk_tex_pct(100 *
			 med(V10, 0, i) / med(LIB, 0, i), 3));
		chk_expect_in(sec, want);
	}
	/* the goal: not reached; no p-value anywhere */
	chk_expect_in(sec, "at $n$ = 4096~and~8192, is not reached.");
	assert_null(strstr(sec, "$p"));
	/* at 4096: the largest step v5 over v4, with its effect; v6
	 * slower than v5 */
	snprintf(want, sizeof(want), "At $n = 4096$ the largest step is %s "
		 "over %s, ", named(V5, 1), named(V4, 1));
	chk_expect_in(sec, want);
	chk_expect_in(sec, "(95\\,\\% CI ");
	chk_expect_in(sec, ", slower");
	assert_true(strstr(sec, "\\texttt{v6} \\num{") <
		    strstr(sec, ", slower"));
	/* the counter that moved most from each step, at 4096; v7 has no
	 * counters, so neither v7 nor v8 compares; a step whose counters
	 * all moved by less than 10 % says so */
	for (k = V3; k <= V10; k++) {
		int pk = prev(k, 2), q, top = -1;
		double r = NAN, bl = -1;

		if (k == V7 || k == V8)
			continue;
		for (q = 0; q < 3; q++) {
			double v = q_of(k, q) / q_of(pk, q);

			if (v > 0 && fabs(log(v)) > bl) {
				bl = fabs(log(v));
				top = q;
				r = v;
			}
		}
		if (bl < log(1.1))
			snprintf(want, sizeof(want), "\\texttt{%s} \\num{",
				 kern[k]);
		else
			snprintf(want, sizeof(want), "(%s $\\times$%s)",
				 qname[top], chk_tex_num(r, 3));
		chk_expect_in(sec, want);
	}
	chk_expect_in(sec, "(no counter moved by \\num{10}\\,\\%)");
	chk_expect_in(sec, "At $n = 4096$ the counters were not measured for "
		      "\\texttt{v7}");
	/* the best own kernel against the peak, and what the counters
	 * cannot say */
	snprintf(want, sizeof(want), "At $n = 4096$ %s reaches %s of the FP32 "
		 "peak", named(V10, 0),
		 chk_tex_pct(100 * med(V10, 0, 2) / PEAK32, 3));
	chk_expect_in(sec, want);
	chk_expect_in(sec, "lies right of the roofline's ridge");
	chk_expect_in(sec, "no stall reasons");
	/* only at 1024 do kernels run no block that counts */
	assert_false(steady(V10, 0, 0) || steady(V1, 0, 0));
	assert_true(steady(V10, 0, 1));
	chk_expect_in(sec, "At $n$ = 1024 some kernels ran no block steady");
	chk_expect_in(tex, "\\textbf{Take-away.} The step that pays most is "
		      "\\texttt{v5}");
	free(sec);
	free(tex);
}

/* The goal sentence follows the data: cuBLAS slower at 4096 and 8192,
 * the best own kernel above 90 % of it. */
static void test_goal_flip(void **state)
{
	char *tex, *sec;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	sql("CREATE TEMP VIEW lib AS SELECT id FROM config WHERE variant = "
	    "'cublas' AND n >= 4096;"
	    "UPDATE sample SET value = value * 0.9 WHERE metric = 'gflops' "
	    "AND config_id IN lib;"
	    "UPDATE stat SET median = median * 0.9, min = min * 0.9, "
	    "max = max * 0.9 WHERE metric = 'gflops' AND config_id IN lib;");
	tex = render();
	sec = chk_section_text(tex, TITLE);
	chk_expect_in(sec, "4096~and~8192, is reached.");
	assert_null(strstr(sec, "is not reached"));
	free(sec);
	free(tex);
	/* 8192 unmeasured: met where measured, not shown to be reached */
	sql("DELETE FROM config WHERE n = 8192");
	tex = render();
	sec = chk_section_text(tex, TITLE);
	chk_expect_in(sec, "is met where measured");
	assert_null(strstr(sec, "is reached."));
	free(sec);
	free(tex);
	/* a share just below the goal is not rounded up to it: the best
	 * own kernel at 89.98 % of cuBLAS at 4096 */
	assert_int_equal(build(dbpath, 0), 0);
	sql("CREATE TEMP VIEW best AS SELECT max(s.median) AS g FROM stat s "
	    "JOIN config c ON c.id = s.config_id WHERE c.n = 4096 AND "
	    "c.variant <> 'cublas' AND s.metric = 'gflops';"
	    "CREATE TEMP VIEW lib4 AS SELECT id FROM config WHERE variant = "
	    "'cublas' AND n = 4096;"
	    "UPDATE stat SET median = (SELECT g FROM best) / 0.8998 WHERE "
	    "metric = 'gflops' AND config_id IN lib4;");
	tex = render();
	sec = chk_section_text(tex, TITLE);
	chk_expect_in(sec, "$n = 4096$: \\texttt{v10} (tile 128) at "
		      "\\num{89.98}\\,\\%");
	chk_expect_in(sec, "is not reached.");
	free(sec);
	free(tex);
}

/* A failed configuration is no speed; the step after it compares with
 * the one before it. */
static void test_failed(void **state)
{
	char *tex, *sec;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	tex = render();
	/* the table cells: checked by check_speed; the list names it */
	chk_expect_in(tex, "\\item \\texttt{v8}, \\(n = 2048\\), tile 128: "
		      "\\textit{failed} --- relative error");
	assert_null(strstr(tex, "128\\(\\times\\)128"));
	sec = chk_section_text(tex, TITLE);
	chk_expect_in(sec, "Only 60 of 61 configurations passed verification");
	assert_null(strstr(sec, "\\texttt{v8} (tile 128), \\num{35730}"));
	free(sec);
	free(tex);
}

/* Without any counters: said, and no counter table or roofline. */
static void test_no_counters(void **state)
{
	char *tex, *sec;

	(void)state;
	assert_int_equal(build(dbpath, 0), 0);
	sql("DELETE FROM stat WHERE metric LIKE 'cnt_%' OR metric IN ('gips', "
	    "'cgma');"
	    "DELETE FROM sample WHERE metric LIKE 'cnt_%' OR metric IN "
	    "('gips', 'cgma');");
	tex = render();
	sec = chk_section_text(tex, TITLE);
	chk_expect_in(sec, "The hardware counters were not measured (no "
		      "\\texttt{-{}-counters})");
	chk_expect_in(tex, "mmreport-table: progression-steps");
	assert_null(strstr(tex, "Wavefr./ld"));
	assert_null(strstr(sec, "roofline"));
	assert_null(strstr(sec, "load requests per FLOP $"));
	free(sec);
	free(tex);
}

/* The counters of issue 30 (FFMA and all thread instructions, issue
 * slots used) at 4096, written into the fixture: the best own kernel's
 * step is explained by its FFMA share and issue slots, and its share of
 * the peak by their product; without the issue counters (files before
 * them) nothing is said of issue slots. */
static void test_issue(void **state)
{
	static const char *const q =
		"INSERT INTO stat (config_id, metric, ord, unit, n, min, max, "
		"mean, median, stddev, p05, p25, p75, p95) SELECT id, '%s', "
		"90 + %d, '', 1, v, v, v, v, 0, v, v, v, v FROM (SELECT id, "
		"CASE variant WHEN 'v10' THEN %s WHEN 'cublas' THEN %s ELSE "
		"%s END AS v FROM config WHERE n = 4096 AND status = 'ok');";
	static const char *const val[4][4] = {
		{"cnt_ffma_thread_inst", "920", "900", "900"},
		{"cnt_thread_inst_executed", "1000", "1000", "1000"},
		{"cnt_issue_active", "840", "910", "810"},
		{"cnt_cycles_active", "1000", "1000", "1000"}};
	char buf[1024], *tex, *sec;
	int j, with;

	(void)state;
	for (with = 0; with < 2; with++) {
		assert_int_equal(build(dbpath, 0), 0);
		for (j = 0; j < (with ? 4 : 2); j++) {
			snprintf(buf, sizeof(buf), q, val[j][0], j, val[j][1],
				 val[j][2], val[j][3]);
			sql(buf);
		}
		tex = render();
		sec = chk_section_text(tex, TITLE);
		snprintf(buf, sizeof(buf), "Over %s it gains ", named(V9, 0));
		chk_expect_in(sec, buf);
		if (!with) {
			chk_expect_in(sec, "its FFMA share went from \\num{90.0}"
				      "\\,\\% to \\num{92.0}\\,\\% of the "
				      "executed instructions.");
			chk_expect_in(sec, "no stall reasons");
			assert_null(strstr(tex, "issue slots"));
			free(sec);
			free(tex);
			continue;
		}
		chk_expect_in(sec, "and the issue slots used from \\num{81.0}"
			      "\\,\\% to \\num{84.0}\\,\\%.");
		chk_expect_in(sec, "Its schedulers issue in \\num{84.0}\\,\\% "
			      "of their active cycles (cuBLAS \\num{91.0}"
			      "\\,\\%); the FFMA share times the issue slots "
			      "used, \\num{77.3}\\,\\% (cuBLAS \\num{81.9}"
			      "\\,\\%), is to first order");
		chk_expect_in(tex, "with the \\num{84.0}\\,\\% of issue slots "
			      "it uses about \\num{77.3}\\,\\%, and it reaches");
		assert_null(strstr(sec, "no stall reasons"));
		free(sec);
		free(tex);
	}
}

/* ---- the other sections, absence, order ----------------------------------- */

/* The suite's v2..v5 and cuBLAS rows are not the versions and reference
 * suites': the sections that rank, compare and summarise read the same
 * with and without them. */
static void test_no_leak(void **state)
{
	static const char *const secs = "versions,summary,cross,conclusions";
	char *a, *path;
	int rc;

	(void)state;
	path = chk_path_join(tmpdir, "mixed.db");
	assert_non_null(path);
	chk_body_same(path, secs, build_added);
	/* of two devices, the one that measured the suite */
	a = chk_render_sections(path, "progression", &rc);
	assert_int_equal(rc, RENDER_OK);
	chk_expect_in(a, "\\item GPU~1: The fastest own kernel");
	assert_null(strstr(a, "\\item GPU~2"));
	free(a);
	remove(path);
	free(path);
}

/* Two GPUs that measured the suite: a finding is stated once where they
 * agree, its numbers once where they print alike and side by side
 * where not, and once per GPU where they disagree (another fastest
 * kernel). */
static void test_two_gpus(void **state)
{
	static const char *const g2 = "config_id IN (SELECT c.id FROM config "
		"c JOIN session s ON s.id = c.session_id WHERE s.uuid = "
		"'sess-progression-2' AND ";
	char q[512], *path, *a;
	int rc;

	(void)state;
	path = chk_path_join(tmpdir, "two.db");
	assert_non_null(path);
	assert_int_equal(build(path, 0), 0);
	assert_int_equal(build(path, 2), 0);
	a = chk_render_sections(path, "progression", &rc);
	assert_int_equal(rc, RENDER_OK);
	chk_expect_in(a, "& {GPU~1} & {GPU~2} & {GPU~1} & {GPU~2}");
	chk_expect_in(a, "\\item The fastest own kernel, in per cent of "
		      "cuBLAS: $n = 1024$: \\texttt{v10} (tile 128) at \\num{");
	assert_null(strstr(a, "\\item GPU~"));
	assert_null(strstr(a, "\\,\\%\\,/\\,"));
	free(a);
	/* cuBLAS faster on GPU 2: the shares side by side, said once */
	snprintf(q, sizeof(q), "UPDATE stat SET median = median * 1.1 WHERE "
		 "metric = 'gflops' AND %sc.variant = 'cublas');"
		 "UPDATE sample SET value = value * 1.1 WHERE metric = "
		 "'gflops' AND %sc.variant = 'cublas');", g2, g2);
	assert_int_equal(chk_sql(path, q), 0);
	a = chk_render_sections(path, "progression", &rc);
	chk_expect_in(a, "\\item The fastest own kernel");
	chk_expect_in(a, "\\,\\%\\,/\\,\\allowbreak{}\\num{");
	assert_null(strstr(a, "\\item GPU~1: The fastest own kernel"));
	free(a);
	/* v9 the fastest own kernel on GPU 2: said per GPU */
	snprintf(q, sizeof(q), "UPDATE stat SET median = median * 2 WHERE "
		 "metric = 'gflops' AND %sc.variant = 'v9');"
		 "UPDATE sample SET value = value * 2 WHERE metric = "
		 "'gflops' AND %sc.variant = 'v9');", g2, g2);
	assert_int_equal(chk_sql(path, q), 0);
	a = chk_render_sections(path, "progression", &rc);
	chk_expect_in(a, "\\item GPU~1: The fastest own kernel");
	chk_expect_in(a, "\\item GPU~2: The fastest own kernel, in per cent "
		      "of cuBLAS: $n = 1024$: \\texttt{v9}");
	free(a);
	remove(path);
	free(path);
}

static void test_absent(void **state)
{
	char *tex;

	(void)state;
	tex = chk_render_lang(plaindb, NULL, "en");
	assert_null(strstr(tex, "From report~P to cuBLAS"));
	assert_null(strstr(tex, "mmreport-table: progression"));
	free(tex);
	tex = chk_absent_render(plaindb, "progression");
	assert_null(strstr(tex, "mmreport-table: progression"));
	free(tex);
}

static void test_sections(void **state)
{
	(void)state;
	chk_sections_expect("rect,progression,transfer", "progression");
}

static void test_latex(void **state)
{
	static const char *const pre[] = {"progression.",
					  "intro.obj.progression"};

	(void)state;
	if (!fix_have("pdflatex"))
		skip();
	assert_int_equal(build(dbpath, 0), 0);
	chk_langs_compile(dbpath, pre, sizeof(pre) / sizeof(pre[0]),
			  "RENDER_PROGRESSION_PDF", 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_best_block),
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_goal_flip),
		cmocka_unit_test(test_failed),
		cmocka_unit_test(test_no_counters),
		cmocka_unit_test(test_issue),
		cmocka_unit_test(test_no_leak),
		cmocka_unit_test(test_two_gpus),
		cmocka_unit_test(test_absent),
		cmocka_unit_test(test_sections),
		cmocka_unit_test(test_latex),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     chk_fixture_teardown);
}
