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

/* v3's stored source: a kernel, the device functions and macros before
 * it, and what a listing leaves out (the includes, the host launch code
 * after the kernel). */
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

/* The table of what explains the speed: each row a version and size a
 * finding names; its GFLOP/s on the first GPU the median of the best
 * block's samples, marked where the grid leaves SMs idle (idle_sms);
 * its occupancy the stored one of that block; v1's grid one block. */
static void test_why_table(void **state)
{
	struct store_kattr a;
	struct chk_table t;
	char where[256], name[32];
	int r, rows = 0;

	(void)state;
	if (!tex)
		skip();
	snprintf(where, sizeof(where), "versions-why dev=%lld", dev_id[0]);
	find(tex, where, &t);
	for (r = 0; r < t.nrows; r++) {
		double v[16];
		struct chk_num num;
		int n = atoi(t.cell[r][1]), b, wave;
		size_t k;

		if (sscanf(t.cell[r][0], "\\texttt{%31[^}]}", name) != 1)
			fail_msg("row %d: '%s'", r, t.cell[r][0]);
		b = best_block(name, n);
		k = b < 0 ? 0 : samples(name, n, b, 1, v);
		snprintf(where, sizeof(where), "why %s n=%d", name, n);
		if (!k) {	/* only the second GPU measured it */
			assert_non_null(strstr(t.cell[r][3], "--"));
			continue;
		}
		parse_cell(t.cell[r][3], &num, &wave, where);
		if (!chk_num_matches(&num, median_of(v, k)))
			fail_msg("%s: '%s' but the median is %.9g", where,
				 t.cell[r][3], median_of(v, k));
		if (wave != idle_sms(name, n, b))
			fail_msg("%s: wave mark %d (b %d)", where, wave, b);
		if (b) {
			fix_kattr_fill(name, b, &a);
			assert_int_equal(atoi(t.cell[r][6]),
					 (int)lround(100 * a.occupancy));
		}
		if (!strcmp(name, "v1"))
			assert_int_equal(atoi(t.cell[r][5]), 1);
		rows++;
	}
	/* v1 to v5 at 256 and the library beside the best */
	assert_true(rows >= 6);
	chk_table_free(&t);
	/* one GFLOP/s column per GPU in one table */
	assert_non_null(strstr(tex, "{GPU~1} & {GPU~2}"));
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

/* The untouched data: each step faster with its effect (no p-value),
 * v1's single block named as the why, the fastest steady kernel
 * against cuBLAS and the peak. */
static void test_findings(void **state)
{
	double b[16], r[16], g, ref;
	char want[512], n1[32], n2[32];
	size_t nb, nr;
	const char *s;

	(void)state;
	if (!tex)
		skip();
	s = strstr(tex, "\\subsection{Findings}");
	assert_non_null(s);
	assert_non_null(strstr(s, "At $n = 256$, \\texttt{v3} is faster "
			       "than \\texttt{v2}, speed-up \\num{"));
	assert_non_null(strstr(s, "At $n = 256$, \\texttt{v4} is faster "
			       "than \\texttt{v3}"));
	assert_non_null(strstr(s, "At $n = 256$, \\texttt{v5} is faster "
			       "than \\texttt{v4}"));
	/* no p-value in the section's findings */
	assert_true(!strstr(s, "$p") ||
		    strstr(s, "$p") > strstr(s, "\\end{itemize}"));
	/* v1's single block: one SM of each GPU's works */
	assert_non_null(strstr(s, "Only 1 of the 132\\,/\\,\\allowbreak{}80~SMs "
			       "get a block of \\texttt{v1}"));
	/* the fastest steady kernel: v5 at 256 (v1 and v2 ran below one
	 * wave), against cuBLAS at 256 and the FP32 peak */
	nb = samples("v5", 256, 16, 1, b);
	nr = samples("cublas", 256, 0, 1, r);
	g = median_of(b, nb);
	ref = median_of(r, nr);
	assert_non_null(strstr(s, "the fastest kernel that counts is "
			       "\\texttt{v5} at $n = 256$ with "
			       "16\\(\\times\\)16 blocks"));
	snprintf(want, sizeof(want), "\\num{%s}\\,\\%% of \\texttt{cublas}",
		 sig3(100 * g / ref, n1, sizeof(n1)));
	if (!strstr(s, want))
		fail_msg("missing: %s", want);
	snprintf(want, sizeof(want), "\\num{%s}\\,\\%% of the FP32 peak of "
		 "the CUDA cores (\\num{66908}~GFLOP/s",
		 sig3(100 * g / 66908.16, n2, sizeof(n2)));
	if (!strstr(s, want))
		fail_msg("missing: %s", want);
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
	assert_non_null(strstr(s, "GPU~1: At $n = 256$, \\texttt{v3} is "
			       "slower than \\texttt{v2}"));
	assert_null(strstr(s, "\\texttt{v3} is faster than \\texttt{v2}"));
	assert_non_null(strstr(s, "\\texttt{v4} is slower than "
			       "\\texttt{v3}"));
	free(out);
	free(path);
}

/* v3's samples overlapping v2's (alternately 1 % above and below):
 * "no meaningful difference", in words, never "faster" or "slower". */
static void test_flip_ns(void **state)
{
	static const double mix[2] = {1.01, 0.99};
	char *path, *out;
	const char *s;
	sqlite3 *db;

	(void)state;
	if (!tex)
		skip();
	path = db_copy("ns.db");
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	times_like(db, "v3", "v2", 256, mix);
	sqlite3_close(db);
	out = render_db(path, "versions", NULL);
	s = strstr(out, "\\subsection{Findings}");
	assert_non_null(s);
	assert_non_null(strstr(s, "At $n = 256$, \\texttt{v3} and "
			       "\\texttt{v2} show no meaningful difference "
			       "(speed-up "));
	assert_null(strstr(s, "\\texttt{v3} is faster than \\texttt{v2}"));
	assert_null(strstr(s, "\\texttt{v3} is slower than \\texttt{v2}"));
	free(out);
	free(path);
}

/* Where one GPU alone of two measured the versions, its findings name
 * it, as every section's findings stated for one GPU do (dvs_items). */
static void test_one_gpu(void **state)
{
	char *path, *out, sql[200];
	const char *s, *e;
	sqlite3 *db;

	(void)state;
	if (!tex)
		skip();
	path = db_copy("one.db");
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	snprintf(sql, sizeof(sql), "PRAGMA foreign_keys = ON; "
		 "DELETE FROM config WHERE suite = "
		 "'versions' AND session_id IN (SELECT id FROM session "
		 "WHERE device_id = %lld)", dev_id[1]);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	out = render_db(path, "versions", NULL);
	s = strstr(out, "\\subsection{Findings}");
	assert_non_null(s);
	e = strstr(s, "\\end{itemize}");
	assert_non_null(e);
	assert_non_null(strstr(s, "\\item GPU~1: At $n = "));
	assert_non_null(strstr(s, "\\item GPU~1: Leaving the library aside"));
	for (s = strstr(s, "\\item "); s && s < e; s = strstr(s + 1,
								 "\\item "))
		assert_int_equal(strncmp(s, "\\item GPU~1: ", 13), 0);
	free(out);
	free(path);
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
	assert_non_null(strstr(s, "GPU~1: Leaving the library aside, the "
			       "fastest kernel that counts is \\texttt{v5} "
			       "at $n = 256$"));
	assert_non_null(strstr(s, "\\texttt{v2} at $n = 128$ with "
			       "16\\(\\times\\)16 blocks is faster"));
	assert_non_null(strstr(s, "but does not count: fewer blocks than "
			       "SMs"));
	free(out);
	free(path);
}

/* The registry's versions are described in the report's language
 * (issue 25 item 8); a student's own kernel, which the strings do not
 * know, by the description stored with it. */
static void test_descriptions(void **state)
{
	char *path, *out;
	sqlite3 *db;

	(void)state;
	if (!tex)
		skip();
	path = db_copy("own.db");
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	exec_sql(db, "UPDATE config SET variant = 'mine' WHERE variant = "
		 "'v5'; UPDATE kernel SET name = 'mine' WHERE name = 'v5'; "
		 "UPDATE kattr SET variant = 'mine' WHERE variant = 'v5'");
	sqlite3_close(db);
	out = render_db(path, "versions", "pl");
	assert_non_null(strstr(out, "\\texttt{v3}: kafelki $b \\times b$ w "
			       "pamięci współdzielonej"));
	assert_non_null(strstr(out, "\\texttt{mine}: b x b tiles of the "
			       "tests."));
	assert_null(strstr(out, "\\texttt{v3}: b x b tiles of the tests"));
	/* the own kernel is set against the last registry version */
	assert_non_null(strstr(out, "\\texttt{mine} jest szybsza niż "
			       "\\texttt{v4}"));
	free(out);
	free(path);
}

/* A best point whose GFLOP/s would exceed its peak is a defect: its
 * share of the peak is not printed, the finding says why. */
static void test_peak_never_over(void **state)
{
	double t[16], g[16];
	size_t k, i;
	char *path, *out;
	const char *s, *e;
	sqlite3 *db;
	int b;

	(void)state;
	if (!tex)
		skip();
	path = db_copy("over.db");
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	/* v5 at 256, both blocks, 1e5 times faster: far above the
	 * fixture's 66908 GFLOP/s */
	for (b = 8; b <= 16; b += 8) {
		k = samples("v5", 256, b, 0, t);
		for (i = 0; i < k; i++) {
			t[i] /= 1e5;
			g[i] = 2.0 * 256 * 256 * 256 / (t[i] * 1e6);
		}
		set_samples(db, "v5", 256, b, "kernel", t, k);
		set_samples(db, "v5", 256, b, "gflops", g, k);
	}
	sqlite3_close(db);
	out = render_db(path, "versions", NULL);
	s = strstr(out, "\\subsection{Findings}");
	assert_non_null(s);
	assert_non_null(strstr(s, "the fastest kernel that counts is "
			       "\\texttt{v5} at $n = 256$"));
	if (!strstr(s, "would exceed 100\\,\\%"))
		fail_msg("%.1500s", strstr(s, "Leaving"));
	/* GPU 1's best: no share of the peak in its item */
	s = strstr(s, "GPU~1: Leaving the library aside");
	assert_non_null(s);
	e = strchr(s, '\n');
	assert_true(!strstr(s, "\\,\\% of the FP32 peak") ||
		    strstr(s, "\\,\\% of the FP32 peak") > e);
	free(out);
	free(path);
}

/* v3's listing: the kernel with the helpers and macros before it; no
 * include, no host code. A source without a kernel is shown whole. */
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
	assert_non_null(strstr(part, "helper_unused"));
	assert_null(strstr(part, "kernel_v3_launch"));
	assert_null(strstr(part, "mm_v3_fn"));
	assert_null(strstr(part, "#include"));
	free(part);
	/* the hostile source holds no kernel: all of it */
	assert_non_null(strstr(tex, "// tries to end the listing:"));
}

/* The figure labels every measured n. */
static void test_figure(void **state)
{
	static const int sizes[NSIZES] = {64, 128, 256};
	const char *f, *g, *end;
	char want[64];
	int i;

	(void)state;
	if (!tex)
		skip();
	f = strstr(tex, "versions-perf");
	assert_non_null(f);
	end = strstr(f, "\\end{figure}");
	assert_non_null(end);
	/* in the figure itself: gnuplot's tic labels */
	for (i = 0; i < NSIZES; i++) {
		snprintf(want, sizeof(want), "{$%d$}", sizes[i]);
		g = strstr(f, want);
		if (!g || g > end)
			fail_msg("no tic label %d", sizes[i]);
	}

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
		cmocka_unit_test(test_why_table),
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_flip_slower),
		cmocka_unit_test(test_flip_ns),
		cmocka_unit_test(test_best_steady_only),
		cmocka_unit_test(test_one_gpu),
		cmocka_unit_test(test_descriptions),
		cmocka_unit_test(test_peak_never_over),
		cmocka_unit_test(test_listing_trim),
		cmocka_unit_test(test_figure),
		cmocka_unit_test(test_languages),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     teardown);
}
