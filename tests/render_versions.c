/* The kernel versions' section: the tables across the versions hold the
 * fixture's medians and intervals, the occupancy table is shown once
 * when it is the same on every GPU, the listings are trimmed to the
 * kernel, and the findings' words follow the data: databases changed
 * with SQL so that a version becomes slower, or no different, must
 * flip them. */
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

#include "render.h"
#include "render_check.h"
#include "render_fixture.h"
#include "store.h"

/* The fixture measures v1 and v2; the tests add v3, v4 and v5 on the
 * first device, steady (a stored regime of none), faster with n. */
static const char *const extra[] = {"v3", "v4", "v5"};
/* time per n^3 (ms), as the fixture's f: v2 has 2 */
static const double extra_f[] = {1.0, 0.8, 0.6};
#define NSIZES 3
#define NBLOCKS 2
#define NSAMP 7

/* v3's stored source: a kernel, the device function and the macro it
 * uses, and what a listing leaves out (host launch code, an unused
 * helper and macro). */
static const char src_v3[] =
	"/* v3 as the tests store it */\n"
	"#include \"launch.h\"\n"
	"#define TILE 16\n"
	"#define UNUSED_MACRO 3\n"
	"\n"
	"static __device__ float helper_used(float a)\n"
	"{\n\treturn a * 2.0f; /* } braces in a comment { */\n}\n"
	"\n"
	"static __device__ float helper_unused(float a)\n{\n\treturn a;\n}\n"
	"\n"
	"template <int B>\n"
	"__global__ void __launch_bounds__(B * B)\n"
	"mm_v3(const float *a, float *c, int n)\n"
	"{\n\t__shared__ float s[TILE];\n"
	"\tconst char *t = \"}\";\n"
	"\tc[0] = helper_used(a[0]) + s[0] + (float)t[0];\n}\n"
	"\n"
	"typedef void (*mm_v3_fn)(const float *, float *, int);\n"
	"\n"
	"extern \"C\" int kernel_v3_launch(int block)\n"
	"{\n\treturn block ? 0 : 1;\n}\n";

static char *tmpdir, *dbpath, *tex;
static long long dev_id[2];

static double extra_time(int v, int n, int b, int i)
{
	static const double offs[NSAMP] = {0.00, 0.03, -0.02, 0.05, -0.04,
					   0.01, -0.01};
	double f = extra_f[v] * (b == 8 ? 1.3 : 1.0);

	/* GFLOP/s grow as sqrt(n): the largest size is the fastest */
	return 1e-6 * (double)n * n * n * f * sqrt(64.0 / n) *
	       (1 + offs[(i + n / 64 + b) % NSAMP]);
}

/* The samples of (variant, n, block) on the first device as stored:
 * kernel time (metric 0) and GFLOP/s (metric 1); the fixture's for v1,
 * v2 and the library, the tests' own for the rest. */
static size_t samples(const char *variant, int n, int b, int metric,
		      double *out)
{
	struct fix_metrics m;
	size_t i, v;

	for (v = 0; v < 3; v++)
		if (!strcmp(variant, extra[v]))
			break;
	if (v == 3) {
		if (fix_metrics_get(0, strcmp(variant, "cublas") ?
				    "versions" : "reference", variant, "", n,
				    b, 1, &m))
			return 0;
		memcpy(out, m.v[metric], m.nsamples * sizeof(*out));
		return m.nsamples;
	}
	for (i = 0; i < NSAMP; i++) {
		double t = extra_time((int)v, n, b, (int)i);

		out[i] = metric ? 2.0 * n * n * n / (t * 1e6) : t;
	}
	return NSAMP;
}

static double median_of(const double *v, size_t n)
{
	struct chk_stats s;

	chk_stats(v, n, &s);
	return s.median;
}

static long long session_of(sqlite3 *db, const char *uuid)
{
	sqlite3_stmt *q;
	long long id = -1;

	assert_int_equal(sqlite3_prepare_v2(db, "SELECT id FROM session "
		"WHERE uuid = ?1", -1, &q, NULL), SQLITE_OK);
	sqlite3_bind_text(q, 1, uuid, -1, SQLITE_STATIC);
	if (sqlite3_step(q) == SQLITE_ROW)
		id = sqlite3_column_int64(q, 0);
	sqlite3_finalize(q);
	return id;
}

/* v3, v4 and v5 on the first device's session, with their kernels. */
static int extras_add(const char *path)
{
	static const int sizes[NSIZES] = {64, 128, 256};
	static const int blocks[NBLOCKS] = {8, 16};
	struct store *st;
	sqlite3 *db;
	char err[256];
	long long sid;
	size_t v, i, j;
	int rc = 0;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	sid = session_of(db, "sess-aaaa");
	sqlite3_close(db);
	if (sid < 0 || store_open(path, STORE_WRITE, &st, err, sizeof(err)))
		return -1;
	for (v = 0; v < 3 && !rc; v++) {
		struct store_kernel k = {sid, (char *)extra[v],
			(char *)"b x b tiles of the tests", (char *)(v ? 
			"__global__ void k(float *c) { c[0] = 1; }\n" :
			src_v3), 0, 1};

		rc = store_kernel_insert(st, &k);
		for (j = 0; j < NBLOCKS && !rc; j++) {
			struct store_kattr a;

			fix_kattr_fill(extra[v], blocks[j], &a);
			a.session_id = sid;
			rc = store_kattr_insert(st, &a);
		}
		for (i = 0; i < NSIZES && !rc; i++)
			for (j = 0; j < NBLOCKS && !rc; j++) {
				double t[NSAMP], g[NSAMP];
				struct store_metric sm[2] = {
					{"kernel", "ms", t, NSAMP},
					{"gflops", "GFLOP/s", g, NSAMP}};
				struct store_config c;
				int n = sizes[i], b = blocks[j];

				samples(extra[v], n, b, 0, t);
				samples(extra[v], n, b, 1, g);
				memset(&c, 0, sizeof(c));
				c.session_id = sid;
				c.suite = (char *)"versions";
				c.variant = (char *)extra[v];
				c.host_mem = (char *)"";
				c.precision = (char *)"fp32";
				c.status = (char *)"ok";
				c.finished_at = (char *)"2026-01-10T10:20:00Z";
				c.m = c.k = c.n = n;
				c.block_x = c.block_y = b;
				c.ilp = 1;
				c.rel_error = 1e-6;
				c.flops = 2.0 * n * n * n;
				c.bytes = 12.0 * n * n;
				c.samples = NSAMP;
				c.seconds = 1;
				/* steady: a grid of more blocks than the
				 * 132 SMs, whatever the size */
				c.grid_blocks = 1024;
				c.regime = (char *)"";
				rc = store_config_insert(st, &c, sm, 2, 1);
			}
	}
	store_free(st);
	return rc ? -1 : 0;
}

static char *render_db(const char *path, const char *sections,
		       const char *lang)
{
	struct render_options o;
	char *out;
	int rc;

	render_options_init(&o);
	o.db_path = path;
	o.sections = sections;
	if (lang)
		o.lang = lang;
	out = chk_render(&o, NULL, &rc);
	if (rc != RENDER_OK || !out)
		fail_msg("render of %s failed: %d", path, rc);
	return out;
}

static int setup(void **state)
{
	struct store_device *d = NULL;
	struct store *st;
	char err[256];
	size_t n, i;

	(void)state;
	tmpdir = fix_tmpdir();
	if (!tmpdir)
		return -1;
	dbpath = malloc(strlen(tmpdir) + 16);
	sprintf(dbpath, "%s/fix.db", tmpdir);
	if (fix_build(dbpath) || extras_add(dbpath))
		return -1;
	if (store_open(dbpath, STORE_READ, &st, err, sizeof(err)))
		return -1;
	if (store_device_list(st, &d, &n))
		return -1;
	for (i = 0; i < n; i++)
		dev_id[strncmp(d[i].uuid, "GPU-aaaa", 8) ? 1 : 0] = d[i].id;
	store_devices_free(d, n);
	store_free(st);
	tex = render_db(dbpath, NULL, NULL);
	return tex ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	free(tex);
	if (tmpdir)
		fix_rmdir(tmpdir);
	free(tmpdir);
	free(dbpath);
	return 0;
}

static void find(const char *out, const char *anchor, struct chk_table *t)
{
	if (chk_table_find(out, anchor, t))
		fail_msg("table '%s' is missing", anchor);
}

/* A number cell less its regime marks; *marked says whether it had
 * the below-wave mark. */
static void parse_cell(const char *cell, struct chk_num *n, int *wave,
		       const char *where)
{
	char buf[256];
	const char *m = strstr(cell, "\\rlap{\\rgmark{");

	if (!m)
		m = strstr(cell, "\\rgmark{");
	snprintf(buf, sizeof(buf), "%.*s", m ? (int)(m - cell) :
		 (int)strlen(cell), cell);
	*wave = m && strstr(m, "\\rgmark{w}") != NULL;
	if (chk_num_parse(buf, n))
		fail_msg("%s: '%s' is not a number", where, cell);
}

/* The 95 % interval of the median from the order statistics, computed
 * here from the binomial distribution: the half-width in % as the
 * table prints it (the larger side). */
static double ci_half(const double *x, size_t n)
{
	double *s = malloc(n * sizeof(*s)), tail = 0, c = 1, med, h;
	size_t i, j = 0, k;

	if (!s)
		abort();
	memcpy(s, x, n * sizeof(*s));
	for (i = 0; i < n; i++)		/* insertion sort: n is small */
		for (k = i; k > 0 && s[k - 1] > s[k]; k--) {
			double t = s[k];

			s[k] = s[k - 1];
			s[k - 1] = t;
		}
	/* P(X < j) <= 0.025 for X ~ Bin(n, 1/2): the largest such j */
	for (i = 0; i < n; i++) {
		tail += c / pow(2, (double)n);
		if (tail > 0.025)
			break;
		j = i + 1;
		c = c * (double)(n - i) / (double)(i + 1);
	}
	med = median_of(x, n);
	h = j ? 100 * fmax(med - s[j - 1], s[n - j] - med) / med : NAN;
	free(s);
	return h;
}

/* v with figs significant figures in plain decimals, as the report
 * writes numbers (the rounding decides where the first figure is). */
static char *sig(double v, int figs, char *buf, size_t len)
{
	char tmp[64];
	int dec;

	snprintf(tmp, sizeof(tmp), "%.*e", figs - 1, v);
	dec = figs - 1 - atoi(strchr(tmp, 'e') + 1);
	snprintf(buf, len, "%.*f", dec < 0 ? 0 : dec, v);
	return buf;
}

static char *sig3(double v, char *buf, size_t len)
{
	return sig(v, 3, buf, len);
}

/* find_p's text for p. */
static void p_text(double p, char *buf, size_t len)
{
	char num[32];

	if (p < 0.001) {
		snprintf(buf, len, "$p < \\num{0.001}$");
		return;
	}
	snprintf(buf, len, "$p = \\num{%s}$", sig(p, 2, num, sizeof(num)));
}

/* The best block of (variant, n) on the first device by median
 * GFLOP/s, 0 for the library; -1 when it has no ok configuration. */
static int best_block(const char *variant, int n)
{
	double v[16], best = -1;
	int b, bb = -1;

	if (!strcmp(variant, "cublas"))
		return samples(variant, n, 0, 1, v) ? 0 : -1;
	for (b = 8; b <= 16; b += 8) {
		size_t k;

		/* the fixture skipped v1 and failed v2 at 256 with 16x16 */
		if (n == 256 && b == 16 && (!strcmp(variant, "v1") ||
					    !strcmp(variant, "v2")))
			continue;
		k = samples(variant, n, b, 1, v);
		if (k && median_of(v, k) > best) {
			best = median_of(v, k);
			bb = b;
		}
	}
	return bb;
}

/* Whether the regime rule marks kernel v at size n and block b as
 * leaving SMs idle: fewer blocks than the fixture's 132 SMs, from v2's
 * launch geometry (v1 runs one block; the extra versions store 1024
 * blocks; the library's grid is unknown). */
static int idle_sms(const char *v, int n, int b)
{
	/* v1: one block; the extra versions store a full grid */
	if (!strcmp(v, "v1"))
		return 1;
	if (strcmp(v, "v2"))
		return 0;
	return (long long)(n / b) * (n / b) < 132;
}

/* The table across the versions: every cell the median of the best
 * block's samples, under it that block and the interval; marked where
 * the grid leaves SMs idle (idle_sms). */
static void test_best_tables(void **state)
{
	static const char *const cols[] = {"v1", "v2", "v3", "v4", "v5",
					   "cublas"};
	static const char *const metric[] = {"kernel", "gflops"};
	static const int sizes[NSIZES] = {64, 128, 256};
	struct chk_table t;
	char anchor[128], where[256], want[64];
	int mi, r, c;

	(void)state;
	if (!tex)
		skip();
	for (mi = 1; mi >= 0; mi--) {
		snprintf(anchor, sizeof(anchor), "versions-best dev=%lld "
			 "metric=%s", dev_id[0], metric[mi]);
		find(tex, anchor, &t);
		/* a line of values and one of blocks and intervals */
		assert_int_equal(t.nrows, 2 * NSIZES);
		for (r = 0; r < NSIZES; r++) {
			int n = sizes[r];

			assert_int_equal(atoi(t.cell[2 * r][0]), n);
			assert_int_equal(t.ncols[2 * r], 7);
			for (c = 0; c < 6; c++) {
				double v[16];
				int b = best_block(cols[c], n), wave;
				size_t k = samples(cols[c], n, b, mi, v);
				struct chk_num num;
				const char *sub = t.cell[2 * r + 1][1 + c];

				snprintf(where, sizeof(where), "%s n=%d %s",
					 anchor, n, cols[c]);
				parse_cell(t.cell[2 * r][1 + c], &num, &wave,
					   where);
				if (!chk_num_matches(&num, median_of(v, k)))
					fail_msg("%s: '%s' but the median is "
						 "%.9g", where,
						 t.cell[2 * r][1 + c],
						 median_of(v, k));
				if (wave != idle_sms(cols[c], n, b))
					fail_msg("%s: wave mark %d (b %d) %s",
						 where, wave, b,
						 t.cell[2 * r][1 + c]);
				/* the block under the value (GFLOP/s) */
				snprintf(want, sizeof(want),
					 "%d\\(\\times\\)%d", b, b);
				if (mi && b && !strstr(sub, want))
					fail_msg("%s: block '%s', want %s",
						 where, sub, want);
				snprintf(want, sizeof(want), "\\(\\pm\\)");
				sig(ci_half(v, k), 2, want + strlen(want),
				    sizeof(want) - strlen(want));
				if (!strstr(sub, want))
					fail_msg("%s: interval '%s', want %s",
						 where, sub, want);
			}
		}
		chk_table_free(&t);
	}
	/* the second device keeps no samples: no intervals, and the note
	 * says so */
	snprintf(anchor, sizeof(anchor), "versions-best dev=%lld "
		 "metric=gflops", dev_id[1]);
	find(tex, anchor, &t);
	for (r = 0; r < t.nrows; r++)
		for (c = 0; c < t.ncols[r]; c++)
			assert_null(strstr(t.cell[r][c], "\\pm"));
	chk_table_free(&t);
	assert_non_null(strstr(tex, "The medians' 95\\,\\% confidence "
			       "intervals are unavailable"));
}

/* One row per version and block with the stored attributes; v1's one
 * block is one busy SM, marked below one wave. */
static void test_occupancy_main(void **state)
{
	static const char *const vv[] = {"v1", "v2", "v3", "v4", "v5"};
	struct store_kattr a;
	struct chk_table t;
	char anchor[128], where[160];
	int v, b, r = 0;

	(void)state;
	if (!tex)
		skip();
	/* the second device differs (its SM count, the hostile kernel):
	 * one table each */
	snprintf(anchor, sizeof(anchor), "versions-occupancy dev=%lld",
		 dev_id[1]);
	find(tex, anchor, &t);
	chk_table_free(&t);
	assert_null(strstr(tex, "versions-occupancy dev=all"));
	snprintf(anchor, sizeof(anchor), "versions-occupancy dev=%lld",
		 dev_id[0]);
	find(tex, anchor, &t);
	assert_int_equal(t.nrows, 10);
	for (v = 0; v < 5; v++)
		for (b = 8; b <= 16; b += 8, r++) {
			struct chk_num n;
			int wave;

			snprintf(where, sizeof(where), "%s %s b=%d", anchor,
				 vv[v], b);
			fix_kattr_fill(vv[v], b, &a);
			assert_int_equal(atoi(t.cell[r][2]), a.regs_per_thread);
			assert_int_equal(atoi(t.cell[r][3]), a.static_smem);
			assert_int_equal(atoi(t.cell[r][4]), a.active_blocks);
			assert_int_equal(atoi(t.cell[r][5]),
					 (int)lround(100 * a.occupancy));
			parse_cell(t.cell[r][9], &n, &wave, where);
			if (v == 0) {
				/* one block: one SM busy, below one wave */
				assert_int_equal(atoi(t.cell[r][8]), 1);
				assert_true(n.v == 1 && wave);
			}
		}
	chk_table_free(&t);
}

/* Copies the test database to a new file for one test to change. */
static char *db_copy(const char *name)
{
	char *path = malloc(strlen(tmpdir) + strlen(name) + 2), *data;
	FILE *f;
	long len;

	sprintf(path, "%s/%s", tmpdir, name);
	f = fopen(dbpath, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	data = malloc((size_t)len);
	assert_int_equal(fread(data, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	free(data);
	return path;
}

static void exec_sql(sqlite3 *db, const char *sql)
{
	char *err = NULL;

	/* keys on, as mmreport writes: a deleted configuration takes its
	 * statistics and samples along */
	if (sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, &err) !=
	    SQLITE_OK || sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
		fail_msg("%s: %s", sql, err ? err : "?");
}

/* Replaces the samples and statistics of metric of the first device's
 * (variant, n, block) by v[0..n-1]. */
static void set_samples(sqlite3 *db, const char *variant, int n, int b,
			const char *metric, const double *v, size_t k)
{
	sqlite3_stmt *q;
	struct chk_stats s;
	long long cid = -1;
	size_t i;

	assert_int_equal(sqlite3_prepare_v2(db, "SELECT c.id FROM config c "
		"JOIN session s ON s.id = c.session_id WHERE s.uuid = "
		"'sess-aaaa' AND c.variant = ?1 AND c.n = ?2 AND "
		"c.block_x = ?3", -1, &q, NULL), SQLITE_OK);
	sqlite3_bind_text(q, 1, variant, -1, SQLITE_STATIC);
	sqlite3_bind_int(q, 2, n);
	sqlite3_bind_int(q, 3, b);
	if (sqlite3_step(q) == SQLITE_ROW)
		cid = sqlite3_column_int64(q, 0);
	sqlite3_finalize(q);
	assert_true(cid > 0);
	assert_int_equal(sqlite3_prepare_v2(db, "UPDATE sample SET value = "
		"?1 WHERE config_id = ?2 AND metric = ?3 AND idx = ?4", -1, &q,
		NULL), SQLITE_OK);
	for (i = 0; i < k; i++) {
		sqlite3_bind_double(q, 1, v[i]);
		sqlite3_bind_int64(q, 2, cid);
		sqlite3_bind_text(q, 3, metric, -1, SQLITE_STATIC);
		sqlite3_bind_int(q, 4, (int)i);
		assert_int_equal(sqlite3_step(q), SQLITE_DONE);
		assert_int_equal(sqlite3_changes(db), 1);
		sqlite3_reset(q);
	}
	sqlite3_finalize(q);
	chk_stats(v, k, &s);
	assert_int_equal(sqlite3_prepare_v2(db, "UPDATE stat SET min = ?1, "
		"max = ?2, mean = ?3, median = ?4, stddev = ?5, p05 = ?1, "
		"p25 = ?4, p75 = ?4, p95 = ?2 WHERE config_id = ?6 AND "
		"metric = ?7", -1, &q, NULL), SQLITE_OK);
	sqlite3_bind_double(q, 1, s.min);
	sqlite3_bind_double(q, 2, s.max);
	sqlite3_bind_double(q, 3, s.mean);
	sqlite3_bind_double(q, 4, s.median);
	sqlite3_bind_double(q, 5, s.sd);
	sqlite3_bind_int64(q, 6, cid);
	sqlite3_bind_text(q, 7, metric, -1, SQLITE_STATIC);
	assert_int_equal(sqlite3_step(q), SQLITE_DONE);
	assert_int_equal(sqlite3_changes(db), 1);
	sqlite3_finalize(q);
}

/* Gives (variant, n) at both blocks the kernel times of (like, n) at
 * its best block times scale[i % 2] (alternating: scale 1.01 / 0.99
 * makes the two overlap), and the GFLOP/s that follow. */
static void times_like(sqlite3 *db, const char *variant, const char *like,
		       int n, const double *scale)
{
	int b;

	for (b = 8; b <= 16; b += 8) {
		double t[16], g[16];
		size_t k, i;

		k = samples(like, n, best_block(like, n), 0, t);
		assert_true(k > 0);
		for (i = 0; i < k; i++) {
			t[i] *= scale[i % 2];
			g[i] = 2.0 * n * n * n / (t[i] * 1e6);
		}
		set_samples(db, variant, n, b, "kernel", t, k);
		set_samples(db, variant, n, b, "gflops", g, k);
	}
}

/* The untouched data: each step faster with its test, prefetching
 * helps, the fastest steady kernel against cuBLAS and the peak. */
static void test_findings(void **state)
{
	double a[16], b[16], r[16], p, g, ref;
	char want[512], ps[64], n1[32], n2[32];
	size_t na, nb, nr;
	const char *s;

	(void)state;
	if (!tex)
		skip();
	s = strstr(tex, "\\subsection{Findings}");
	assert_non_null(s);
	/* v3 against v2 at 256, each at its best block (8x8 for v2: its
	 * 16x16 failed), tested on the first device's samples */
	na = samples("v2", 256, best_block("v2", 256), 1, a);
	nb = samples("v3", 256, best_block("v3", 256), 1, b);
	p = chk_mwu_p(a, na, b, nb);
	assert_true(p < 0.05);
	p_text(p, ps, sizeof(ps));
	snprintf(want, sizeof(want), "At $n = 256$, \\texttt{v3} is faster "
		 "than \\texttt{v2}: GPU~1: ");
	assert_non_null(strstr(s, want));
	snprintf(want, sizeof(want), "speed-up \\num{%s}, %s.",
		 sig3(median_of(b, nb) / median_of(a, na), n1, sizeof(n1)),
		 ps);
	assert_non_null(strstr(s, want));
	assert_non_null(strstr(s, "Prefetching helps: at $n = 256$, "
			       "\\texttt{v4} is faster than \\texttt{v3}"));
	assert_non_null(strstr(s, "At $n = 256$, \\texttt{v5} is faster "
			       "than \\texttt{v4}"));
	/* v1's single block: its time, on both GPUs */
	assert_non_null(strstr(s, "At $n = 256$, \\texttt{v2} is faster "
			       "than \\texttt{v1}, whose single block keeps "
			       "one of the 132~SMs busy: GPU~1: "));
	/* the fastest steady kernel but the library: v5 at 256 (v1 and v2 ran below
	 * one wave), against cuBLAS at 256 and the peak at 1980 MHz */
	nb = samples("v5", 256, 16, 1, b);
	nr = samples("cublas", 256, 0, 1, r);
	g = median_of(b, nb);
	ref = median_of(r, nr);
	p_text(chk_mwu_p(r, nr, b, nb), ps, sizeof(ps));
	snprintf(want, sizeof(want), "Leaving the library aside, the "
		 "fastest kernel in a steady regime is \\texttt{v5} at "
		 "$n = 256$: GPU~1: ");
	assert_non_null(strstr(s, want));
	snprintf(want, sizeof(want), "\\num{%s}\\,\\%% of \\texttt{cublas}'s",
		 sig3(100 * g / ref, n1, sizeof(n1)));
	assert_non_null(strstr(s, want));
	snprintf(want, sizeof(want), "~GFLOP/s, %s; \\num{%s}\\,\\%% of the "
		 "FP32 peak, \\num{66908}~GFLOP/s at the recorded 1980~MHz",
		 ps, sig3(100 * g / 66908.16, n2, sizeof(n2)));
	if (!strstr(s, want))
		fail_msg("missing: %s", want);
	/* the second device has no samples, but the stored ranges of v1
	 * and v2 do not overlap: the exact test of U = 0 decides */
	assert_non_null(strstr(s, "At $n = 256$, \\texttt{v2} is faster than "
			       "\\texttt{v1}, whose single block keeps one "
			       "of the 80~SMs busy: GPU~2: "));
}

/* v3 made slower than v2 (and v4 slower than v3): the words flip. */
static void test_flip_slower(void **state)
{
	static const double slow[2] = {3.0, 3.0};
	char *path, *out;
	const char *s;
	sqlite3 *db;

	(void)state;
	if (!tex)
		skip();
	path = db_copy("slower.db");
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	times_like(db, "v3", "v2", 256, slow);
	times_like(db, "v4", "v2", 256, (const double[2]){4.0, 4.0});
	sqlite3_close(db);
	out = render_db(path, "versions", NULL);
	s = strstr(out, "\\subsection{Findings}");
	assert_non_null(s);
	assert_non_null(strstr(s, "At $n = 256$, \\texttt{v3} is slower "
			       "than \\texttt{v2}: GPU~1: "));
	assert_null(strstr(s, "\\texttt{v3} is faster than \\texttt{v2}"));
	assert_non_null(strstr(s, "Prefetching does not help: at $n = 256$, "
			       "\\texttt{v4} is slower than \\texttt{v3}"));
	assert_null(strstr(s, "Prefetching helps"));
	free(out);
	free(path);
}

/* v3's samples overlapping v2's (alternately 1 % above and below):
 * "no significant difference", and the best block of a version whose
 * two blocks overlap says so too. */
static void test_flip_ns(void **state)
{
	static const double mix[2] = {1.01, 0.99};
	double a[16], b[16];
	size_t na, nb;
	char *path, *out;
	const char *s;
	sqlite3 *db;

	(void)state;
	if (!tex)
		skip();
	path = db_copy("ns.db");
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	times_like(db, "v3", "v2", 256, mix);
	/* v5's 8x8 at 256 like its 16x16: the two blocks overlap */
	nb = samples("v5", 256, 16, 0, b);
	for (na = 0; na < nb; na++) {
		a[na] = b[na] * mix[na % 2];
		b[na] = 2.0 * 256 * 256 * 256 / (a[na] * 1e6);
	}
	set_samples(db, "v5", 256, 8, "kernel", a, nb);
	set_samples(db, "v5", 256, 8, "gflops", b, nb);
	sqlite3_close(db);
	out = render_db(path, "versions", NULL);
	s = strstr(out, "\\subsection{Findings}");
	assert_non_null(s);
	assert_non_null(strstr(s, "At $n = 256$, \\texttt{v3} and "
			       "\\texttt{v2} show no meaningful difference: "
			       "GPU~1: "));
	assert_null(strstr(s, "\\texttt{v3} is faster than \\texttt{v2}"));
	assert_null(strstr(s, "\\texttt{v3} is slower than \\texttt{v2}"));
	/* which of the two overlapping blocks has the higher median is
	 * noise: either way, no significant difference */
	if (!strstr(s, "\\texttt{v5} 16\\(\\times\\)16, no meaningful "
		    "difference to 8\\(\\times\\)8 at $n = 256$") &&
	    !strstr(s, "\\texttt{v5} 8\\(\\times\\)8, no meaningful "
		    "difference to 16\\(\\times\\)16 at $n = 256$"))
		fail_msg("v5's blocks: no \"no meaningful difference\"");
	assert_null(strstr(s, "\\texttt{v5} 16\\(\\times\\)16, ahead of"));
	free(out);
	free(path);
	(void)na;
}

/* A below-wave point faster than every steady one is never "best": it
 * is named with its regime instead. */
static void test_best_steady_only(void **state)
{
	double t[16], g[16];
	size_t k, i;
	char *path, *out;
	const char *s;
	sqlite3 *db;

	(void)state;
	if (!tex)
		skip();
	path = db_copy("wave.db");
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	/* v2 at 128, 16x16 (64 blocks, fewer than the 132 SMs): a hundred
	 * times faster */
	k = samples("v2", 128, 16, 0, t);
	for (i = 0; i < k; i++) {
		t[i] /= 100;
		g[i] = 2.0 * 128 * 128 * 128 / (t[i] * 1e6);
	}
	set_samples(db, "v2", 128, 16, "kernel", t, k);
	set_samples(db, "v2", 128, 16, "gflops", g, k);
	sqlite3_close(db);
	out = render_db(path, "versions", NULL);
	s = strstr(out, "\\subsection{Findings}");
	assert_non_null(s);
	assert_non_null(strstr(s, "Leaving the library aside, the fastest "
			       "kernel in a steady regime is \\texttt{v5} "
			       "at $n = 256$: GPU~1"));
	assert_non_null(strstr(s, "\\texttt{v2} is faster at $n = 128$ "
			       "(GPU~1: "));
	assert_non_null(strstr(s, "but does not count as best: fewer "
			       "blocks than SMs"));
	free(out);
	free(path);
}

/* The same attributes, sizes and SM count on both GPUs: one occupancy
 * table for both. */
static void test_occupancy_shared(void **state)
{
	struct chk_table t;
	char *path, *out, anchor[128];
	sqlite3 *db;
	int d;

	(void)state;
	if (!tex)
		skip();
	path = db_copy("shared.db");
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	/* what only one device has: the hostile kernel, the skipped and
	 * failed configurations, the tests' versions; and the second
	 * device's SM count */
	exec_sql(db, "DELETE FROM config WHERE status != 'ok' OR variant "
		 "NOT IN ('v1', 'v2', 'cublas') AND suite IN ('versions', "
		 "'reference')");
	exec_sql(db, "DELETE FROM config WHERE suite = 'versions' AND "
		 "n = 256 AND block_x = 16");
	exec_sql(db, "DELETE FROM kattr WHERE variant NOT IN ('v1', 'v2')");
	exec_sql(db, "INSERT INTO device_prop (device_id, ord, key, value, "
		 "unit, num) SELECT id, 100, 'multiprocessor_count', '132', "
		 "'', 132 FROM device WHERE uuid LIKE 'GPU-bbbb%'");
	sqlite3_close(db);
	out = render_db(path, "versions", NULL);
	find(out, "versions-occupancy dev=all", &t);
	assert_int_equal(t.nrows, 4);
	chk_table_free(&t);
	for (d = 0; d < 2; d++) {
		snprintf(anchor, sizeof(anchor), "%% mmreport-table: "
			 "versions-occupancy dev=%lld", dev_id[d]);
		assert_null(strstr(out, anchor));
	}
	assert_non_null(strstr(out, "(the same on every GPU)"));
	free(out);
	free(path);
}

/* v3's listing: the kernel with the helper and macro it uses; no host
 * code, no unused helper or macro. A source without a kernel is shown
 * whole. */
static void test_listing_trim(void **state)
{
	const char *a, *e;
	char *part;

	(void)state;
	if (!tex)
		skip();
	a = strstr(tex, "\\subsection{Version \\texttt{v3}}");
	assert_non_null(a);
	e = strstr(a + 1, "\\subsection{");
	assert_non_null(e);
	part = malloc((size_t)(e - a) + 1);
	assert_non_null(part);
	memcpy(part, a, (size_t)(e - a));
	part[e - a] = '\0';
	assert_non_null(strstr(part, "the host's launch code is left out"));
	assert_non_null(strstr(part, "mm_v3(const float *a, float *c, int n)"));
	assert_non_null(strstr(part, "template <int B>"));
	assert_non_null(strstr(part, "static __device__ float "
			       "helper_used(float a)"));
	assert_non_null(strstr(part, "#define TILE 16"));
	assert_null(strstr(part, "helper_unused"));
	assert_null(strstr(part, "UNUSED_MACRO"));
	assert_null(strstr(part, "kernel_v3_launch"));
	assert_null(strstr(part, "mm_v3_fn"));
	assert_null(strstr(part, "#include"));
	free(part);
	/* the hostile source holds no kernel: all of it */
	assert_non_null(strstr(tex, "// tries to end the listing:"));
}

/* The figure labels every measured n and draws GFLOP/s on a log axis
 * (v1 to cuBLAS span more than a decade). */
static void test_figure(void **state)
{
	static const int sizes[NSIZES] = {64, 128, 256};
	const char *f;
	char want[64];
	int i;

	(void)state;
	if (!tex)
		skip();
	f = strstr(tex, "\\subsection{Performance}");
	assert_non_null(f);
	f = strstr(f, "mmreport-figure:");
	assert_non_null(f);
	for (i = 0; i < NSIZES; i++) {
		snprintf(want, sizeof(want), "{\\footnotesize %d}", sizes[i]);
		if (!strstr(f, want))
			fail_msg("no tic label %d", sizes[i]);
	}
	assert_non_null(strstr(f, "{\\footnotesize $10^{"));
}

/* The findings read in each language. */
static void test_languages(void **state)
{
	static const struct {
		const char *lang, *words;
	} l[] = {
		{"pl", "\\texttt{v3} jest szybsza niż \\texttt{v2}"},
		{"de", "ist \\texttt{v3} schneller als \\texttt{v2}"},
	};
	size_t i;

	(void)state;
	if (!tex)
		skip();
	for (i = 0; i < sizeof(l) / sizeof(l[0]); i++) {
		char *out = render_db(dbpath, "versions", l[i].lang);

		if (!strstr(out, l[i].words))
			fail_msg("%s: no '%s'", l[i].lang, l[i].words);
		free(out);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_best_tables),
		cmocka_unit_test(test_occupancy_main),
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_flip_slower),
		cmocka_unit_test(test_flip_ns),
		cmocka_unit_test(test_best_steady_only),
		cmocka_unit_test(test_occupancy_shared),
		cmocka_unit_test(test_listing_trim),
		cmocka_unit_test(test_figure),
		cmocka_unit_test(test_languages),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     teardown);
}
