/* The transfer section (report G): its tables hold the fixture's medians,
 * intervals and gains, recomputed here independently of stats/ and
 * render/; its findings say what the data say, and flip when the data
 * are changed so that the other words must be chosen. */
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

/* The fixture's transfer metrics, in the order fix_metrics_get gives. */
enum { M_TOTAL, M_MALLOC, M_AB, M_KERNEL, M_SYNC, M_C, M_FREE };

static char *tmpdir, *dbpath, *tex;
static long long dev_id[2];

static char *render_db(const char *path, const char *sections)
{
	struct render_options o;
	char *out;
	int rc;

	render_options_init(&o);
	o.db_path = path;
	o.sections = sections;
	out = chk_render(&o, NULL, &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_non_null(out);
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
	tex = render_db(dbpath, "transfer,transfer-data");
	return 0;
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

static void get(int dev, const char *variant, const char *host, int n,
		struct fix_metrics *m)
{
	assert_int_equal(fix_metrics_get(dev, "transfer", variant, host, n,
					 16, 1, m), 0);
}

static double median_of(const struct fix_metrics *m, int metric)
{
	struct chk_stats s;

	chk_stats(m->v[metric], m->nsamples, &s);
	return s.median;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The 95 % order-statistic interval of the median, worked out here from
 * the binomial(n, 1/2) tail: the largest rank j with P(X < j) <= 2.5 %. */
static void median_ci(const double *v, size_t n, double *lo, double *hi)
{
	double *c = malloc(n * sizeof(*c)), tail = 0, comb = 1;
	size_t j = 0, k;

	assert_non_null(c);
	memcpy(c, v, n * sizeof(*c));
	qsort(c, n, sizeof(*c), cmp_d);
	for (k = 0; k < n; k++) {
		tail += comb / pow(2, (double)n);
		if (tail > 0.025)
			break;
		j = k + 1;
		comb = comb * (double)(n - k) / (double)(k + 1);
	}
	assert_true(j >= 1);
	*lo = c[j - 1];
	*hi = c[n - j];
	free(c);
}

/* The first number in "\num{12.5}" (or a bare number) and its
 * decimals. */
static double num_in(const char *cell, int *decimals)
{
	const char *p = strstr(cell, "\\num{");
	const char *dot;
	char *end;
	double v;

	p = p ? p + 5 : cell;
	v = strtod(p, &end);
	if (end == p)
		fail_msg("'%s' holds no number", cell);
	dot = memchr(p, '.', (size_t)(end - p));
	*decimals = dot ? (int)(end - dot - 1) : 0;
	return v;
}

static void expect_close(double got, int decimals, double want,
			 const char *where)
{
	if (fabs(got - want) > 0.5 * pow(10, -decimals) * (1 + 1e-9))
		fail_msg("%s: %.*f but the data say %.9g", where, decimals,
			 got, want);
}

/* One table per metric: rows = sizes, two columns (median, the reach of
 * its interval) per kernel and host memory. */
static void check_metric_table(int dev, const char *metric, int col_metric,
			       int samples)
{
	struct chk_table t;
	char anchor[128], where[256];
	int r, v, h;

	snprintf(anchor, sizeof(anchor), "xfer dev=%lld metric=%s",
		 dev_id[dev], metric);
	if (chk_table_find(tex, anchor, &t))
		fail_msg("table '%s' is missing", anchor);
	assert_int_equal(t.nrows, 2);
	for (r = 0; r < 2; r++) {
		int n = fix_transfer_sizes[r];

		assert_int_equal(t.ncols[r], 13 + samples);
		assert_int_equal(atoi(t.cell[r][0]), n);
		for (v = 0; v < 2; v++)
			for (h = 0; h < 3; h++) {
				struct fix_metrics m;
				int c = 1 + 2 * (3 * v + h), dec;
				double med, lo, hi, up, down;
				const char *iv = t.cell[r][c + 1];

				get(dev, fix_transfer_variants[v], fix_hosts[h],
				    n, &m);
				med = median_of(&m, col_metric);
				snprintf(where, sizeof(where), "%s n=%d %s %s",
					 anchor, n, fix_transfer_variants[v],
					 fix_hosts[h]);
				up = num_in(t.cell[r][c], &dec);
				expect_close(up, dec, med, where);
				if (dev == 1) {
					/* slim: no samples, no interval */
					assert_string_equal(iv, "");
					continue;
				}
				median_ci(m.v[col_metric], m.nsamples, &lo,
					  &hi);
				if (!strstr(iv, "$^{+") || !strstr(iv, "}_{-"))
					fail_msg("%s: interval '%s'", where, iv);
				up = num_in(strstr(iv, "$^{+"), &dec);
				expect_close(up, dec, 100 * (hi - med) / med,
					     where);
				down = num_in(strstr(iv, "}_{-"), &dec);
				expect_close(down, dec, 100 * (med - lo) / med,
					     where);
			}
		if (samples)
			assert_int_equal(atoi(t.cell[r][13]), 10);
	}
	chk_table_free(&t);
}

static void test_metric_tables(void **state)
{
	static const struct {
		const char *name;
		int col, samples;
	} main_tables[] = {
		{"total", M_TOTAL, 1}, {"memcpy_ab", M_AB, 0},
		{"memcpy_c", M_C, 0}, {"kernel", M_KERNEL, 0},
		{"malloc", M_MALLOC, 0}, {"free", M_FREE, 0},
		/* the appendix's, in the same form */
		{"sync", M_SYNC, 0}, {"gflops_kernel", 7, 0},
		{"gflops_total", 8, 0},
	};
	size_t i;
	int dev;

	(void)state;
	for (dev = 0; dev < 2; dev++)
		for (i = 0; i < sizeof(main_tables) / sizeof(main_tables[0]);
		     i++)
			check_metric_table(dev, main_tables[i].name,
					   main_tables[i].col,
					   main_tables[i].samples);
	/* the main body holds the six, the appendix the rest */
	assert_true(strstr(tex, "metric=free") < strstr(tex, "\\appendix"));
	assert_true(strstr(tex, "metric=sync") > strstr(tex, "\\appendix"));
}

/* Gains of the median, with the independent test deciding the marks;
 * rows in groups, one per comparison. */
static void check_gain_table(int dev, int by_host, int *nsig, int *nns)
{
	static const int phases[] = {M_TOTAL, M_MALLOC, M_AB, M_KERNEL,
				     M_SYNC, M_C, M_FREE};
	struct chk_table t;
	char anchor[128], where[256];
	int r = 0, o, i, s, p;

	snprintf(anchor, sizeof(anchor), "xfer-gain dev=%lld by=%s",
		 dev_id[dev], by_host ? "host" : "variant");
	if (chk_table_find(tex, anchor, &t))
		fail_msg("table '%s' is missing", anchor);
	for (o = 0; o < (by_host ? 2 : 3); o++)
		for (i = 1; i < (by_host ? 3 : 2); i++) {
			/* the group's heading spans the table */
			assert_true(r < t.nrows);
			assert_int_equal(t.ncols[r], 1);
			assert_non_null(strstr(t.cell[r][0], "\\multicolumn"));
			r++;
			for (s = 0; s < 2; s++, r++) {
				int n = fix_transfer_sizes[s];
				struct fix_metrics a, b;

				if (by_host) {
					get(dev, fix_transfer_variants[o],
					    fix_hosts[0], n, &a);
					get(dev, fix_transfer_variants[o],
					    fix_hosts[i], n, &b);
				} else {
					get(dev, fix_transfer_variants[0],
					    fix_hosts[o], n, &a);
					get(dev, fix_transfer_variants[i],
					    fix_hosts[o], n, &b);
				}
				assert_true(r < t.nrows);
				assert_int_equal(t.ncols[r], 8);
				assert_int_equal(atoi(t.cell[r][0]), n);
				for (p = 0; p < 7; p++) {
					int m = phases[p];
					double ma = median_of(&a, m);
					double mb = median_of(&b, m);
					double pv = chk_mwu_p(a.v[m],
						a.nsamples, b.v[m], b.nsamples);
					struct chk_num c;

					snprintf(where, sizeof(where),
						 "%s row %d phase %d", anchor,
						 r, p);
					if (chk_num_parse(t.cell[r][1 + p], &c))
						fail_msg("%s: '%s'", where,
							 t.cell[r][1 + p]);
					if (!chk_num_matches(&c, (ma - mb) /
							     ma * 100))
						fail_msg("%s: '%s' but the "
							 "data say %.6g", where,
							 t.cell[r][1 + p],
							 (ma - mb) / ma * 100);
					/* the slim device: tested only by
					 * disjoint ranges */
					if (dev == 1)
						pv = chk_ranges_p(a.v[m],
							a.nsamples, b.v[m],
							b.nsamples);
					if (pv < 0) {
						if (!c.nt || c.ns || c.grey)
							fail_msg("%s: '%s' is "
								 "untested", where,
								 t.cell[r][1 + p]);
						continue;
					}
					if (c.nt || c.ns != (pv >= 0.05) ||
					    c.grey != (pv >= 0.05))
						fail_msg("%s: '%s' but p = %.4g",
							 where, t.cell[r][1 + p],
							 pv);
					*nsig += pv < 0.05;
					*nns += pv >= 0.05;
				}
			}
		}
	assert_int_equal(r, t.nrows);
	chk_table_free(&t);
}

static void test_gain_tables(void **state)
{
	int dev, nsig = 0, nns = 0;

	(void)state;
	for (dev = 0; dev < 2; dev++) {
		check_gain_table(dev, 1, &nsig, &nns);
		check_gain_table(dev, 0, &nsig, &nns);
	}
	/* both kinds of mark were exercised */
	assert_true(nsig > 0);
	assert_true(nns > 0);
	/* gains only of the median: no table of every statistic's gain */
	assert_null(strstr(tex, "mmreport-table: gain "));
	assert_null(strstr(tex, "Gain of the mean"));
}

/* Report G's own tables stay, in the appendix: rows = phases with their
 * units, columns = Min, Max, Avg, Median, StdDev and the runs. */
static void test_phase_tables(void **state)
{
	char anchor[256];
	const char *app = strstr(tex, "\\appendix");
	int dev, v, h, i;

	(void)state;
	assert_non_null(app);
	for (dev = 0; dev < 2; dev++)
	for (v = 0; v < 2; v++)
	for (h = 0; h < 3; h++)
	for (i = 0; i < 2; i++) {
		char key[300];
		const char *p;

		snprintf(anchor, sizeof(anchor),
			 "transfer dev=%lld variant=%s host=%s n=%d",
			 dev_id[dev], fix_transfer_variants[v], fix_hosts[h],
			 fix_transfer_sizes[i]);
		snprintf(key, sizeof(key), "%% mmreport-table: %s\n", anchor);
		p = strstr(tex, key);
		if (!p)
			fail_msg("table '%s' is missing", anchor);
		assert_true(p > app);
	}
}

/* ---- findings ----------------------------------------------------------- */

/* The item of the findings of device dev that starts with lead: the
 * text up to its line's end, malloc'd. */
static char *finding(const char *doc, int dev, const char *lead)
{
	const char *f = strstr(doc, "\\subsection{Findings}"), *p, *end;
	char head[64];

	if (!f)
		fail_msg("no findings");
	snprintf(head, sizeof(head), "\\subsubsection*{GPU~%d", dev + 1);
	f = strstr(f, head);
	if (!f)
		fail_msg("no findings of GPU %d", dev + 1);
	end = strstr(f + 1, "\\subsubsection*{");
	p = strstr(f, lead);
	if (!p || (end && p > end))
		fail_msg("GPU %d: no finding '%s'", dev + 1, lead);
	end = strchr(p, '\n');
	return strndup(p, end ? (size_t)(end - p) : strlen(p));
}

/* 3 significant figures, as the findings write percentages. */
static void sig3(double v, char *buf, size_t len)
{
	int mag = v != 0 ? (int)floor(log10(fabs(v))) : 0;
	int dec = 2 - mag;

	snprintf(buf, len, "%.*f", dec > 0 ? dec : 0, v);
}

/* The words the data call for in the clause at size n of sentence s,
 * worked out here: shorter or longer by how much, or no significant
 * difference. */
static void expect_clause(const char *s, int n, const double *a,
			  const double *b, size_t na, size_t nb, int tested)
{
	struct chk_stats sa, sb;
	char want[160], num[32];
	double p = tested ? chk_mwu_p(a, na, b, nb) :
		   chk_ranges_p(a, na, b, nb);

	chk_stats(a, na, &sa);
	chk_stats(b, nb, &sb);
	/* the one difference rule: significant and 1 % apart (the
	 * fixture measures nothing twice, so the threshold is its floor) */
	if (p >= 0.05 || (p >= 0 && fmax(sb.median / sa.median,
					 sa.median / sb.median) < 1.01)) {
		snprintf(want, sizeof(want), "not meaningfully different at "
			 "$n = %d$", n);
	} else {
		double g = (sa.median - sb.median) / sa.median * 100;

		sig3(fabs(g), num, sizeof(num));
		snprintf(want, sizeof(want), "\\num{%s}\\,\\%% %s at $n = %d$",
			 num, g > 0 ? "shorter" : "longer", n);
	}
	if (!strstr(s, want))
		fail_msg("'%s' lacks '%s'", s, want);
	if (p < 0 && !strstr(s, "not tested (no raw samples)"))
		fail_msg("'%s' should say it is not tested", s);
}

/* Pinned output (C only) against pageable memory: Memcpy C of simple. */
static void expect_pout_c(const char *doc, int dev)
{
	char *s = finding(doc, dev, "With only $C$ pinned (pinned-output");
	int i;

	for (i = 0; i < 2; i++) {
		struct fix_metrics a, b;

		get(dev, "simple", "pageable", fix_transfer_sizes[i], &a);
		get(dev, "simple", "pinned-output", fix_transfer_sizes[i], &b);
		expect_clause(s, fix_transfer_sizes[i], a.v[M_C], b.v[M_C],
			      a.nsamples, b.nsamples, dev == 0);
	}
	free(s);
}

static void test_findings(void **state)
{
	int dev, i, h;

	(void)state;
	for (dev = 0; dev < 2; dev++) {
		char *s;
		struct fix_metrics a, b;

		expect_pout_c(tex, dev);
		s = finding(tex, dev, "With only $C$ pinned, the whole run");
		for (i = 0; i < 2; i++) {
			get(dev, "simple", "pageable", fix_transfer_sizes[i],
			    &a);
			get(dev, "simple", "pinned-output",
			    fix_transfer_sizes[i], &b);
			expect_clause(s, fix_transfer_sizes[i], a.v[M_TOTAL],
				      b.v[M_TOTAL], 10, 10, dev == 0);
		}
		free(s);
		s = finding(tex, dev, "Memcpy~AB of \\texttt{simple}");
		for (i = 0; i < 2; i++) {
			get(dev, "simple", "pageable", fix_transfer_sizes[i],
			    &a);
			get(dev, "simple", "pinned", fix_transfer_sizes[i],
			    &b);
			expect_clause(s, fix_transfer_sizes[i], a.v[M_AB],
				      b.v[M_AB], 10, 10, dev == 0);
		}
		free(s);
		/* Malloc pinned is 2.5 % slower in the fixture, within the
		 * noise of 10 samples: no significant difference */
		s = finding(tex, dev, "The price of pinning");
		for (i = 0; i < 2 && dev == 0; i++) {
			get(dev, "simple", "pageable", fix_transfer_sizes[i],
			    &a);
			get(dev, "simple", "pinned", fix_transfer_sizes[i],
			    &b);
			assert_true(chk_mwu_p(a.v[M_MALLOC], 10,
					      b.v[M_MALLOC], 10) >= 0.05);
			expect_clause(s, fix_transfer_sizes[i],
				      a.v[M_MALLOC], b.v[M_MALLOC], 10, 10, 1);
		}
		free(s);
		s = finding(tex, dev, "At $n = 1024$ with pageable memory, "
			    "the \\texttt{shared} kernel");
		free(s);
		/* where the time goes: the kernel counted once, inside
		 * Sync (the fixture's Sync is shorter than its kernel) */
		for (i = 0; i < 2; i++) {
			static const char *const part[] = {"Malloc",
				"Memcpy AB", "Kernel time",
				"Sync beyond the kernel", "Memcpy C", "Free"};
			char lead[64], want[160], num[32];

			snprintf(lead, sizeof(lead), "At $n = %d$ the largest "
				 "part", fix_transfer_sizes[i]);
			s = finding(tex, dev, lead);
			for (h = 0; h < 3; h++) {
				double ms[6], sum = 0;
				int k, best = 0;

				get(dev, "simple", fix_hosts[h],
				    fix_transfer_sizes[i], &a);
				ms[0] = median_of(&a, M_MALLOC);
				ms[1] = median_of(&a, M_AB);
				ms[2] = median_of(&a, M_KERNEL);
				ms[3] = fmax(0, median_of(&a, M_SYNC) - ms[2]);
				ms[4] = median_of(&a, M_C);
				ms[5] = median_of(&a, M_FREE);
				for (k = 0; k < 6; k++) {
					sum += ms[k];
					if (ms[k] > ms[best])
						best = k;
				}
				snprintf(num, sizeof(num), "%.0f",
					 100 * ms[best] / sum);
				snprintf(want, sizeof(want), "%s with %s memory "
					 "(\\num{%s}\\,\\%%)", part[best],
					 fix_hosts[h], num);
				if (!strstr(s, want))
					fail_msg("'%s' lacks '%s'", s, want);
			}
			free(s);
		}
	}
	/* 10 samples everywhere: the test has power, nothing to warn of */
	assert_null(strstr(tex, "the time limit per configuration left"));
}

/* ---- flips: change the data, the words must follow ---------------------- */

static sqlite3 *db_open(const char *path)
{
	sqlite3 *db = NULL;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	return db;
}

static void db_exec(sqlite3 *db, const char *sql, long long a, long long b,
		    double k)
{
	sqlite3_stmt *q = NULL;

	if (sqlite3_prepare_v2(db, sql, -1, &q, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	sqlite3_bind_int64(q, 1, a);
	sqlite3_bind_int64(q, 2, b);
	sqlite3_bind_double(q, 3, k);
	if (sqlite3_step(q) != SQLITE_DONE)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	sqlite3_finalize(q);
}

/* The id of the first device's transfer configuration (variant, host,
 * n). */
static long long cfg_id(sqlite3 *db, const char *variant, const char *host,
			int n)
{
	sqlite3_stmt *q = NULL;
	long long id;

	assert_int_equal(sqlite3_prepare_v2(db, "SELECT c.id FROM config c"
		" JOIN session s ON s.id = c.session_id WHERE s.device_id = ?1"
		" AND c.suite = 'transfer' AND c.variant = ?2"
		" AND c.host_mem = ?3 AND c.n = ?4", -1, &q, NULL), SQLITE_OK);
	sqlite3_bind_int64(q, 1, dev_id[0]);
	sqlite3_bind_text(q, 2, variant, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 3, host, -1, SQLITE_STATIC);
	sqlite3_bind_int(q, 4, n);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	id = sqlite3_column_int64(q, 0);
	sqlite3_finalize(q);
	return id;
}

/* A copy of the fixture to change. */
static char *copy_db(const char *name)
{
	char *path = malloc(strlen(tmpdir) + 32);

	assert_non_null(path);
	sprintf(path, "%s/%s", tmpdir, name);
	assert_int_equal(fix_build(path), 0);
	return path;
}

/* The Memcpy C clause at n = 512 of the pinned-output sentence. */
static char *pout_c_at_512(const char *doc)
{
	char *s = finding(doc, 0, "With only $C$ pinned (pinned-output");
	char *at = strstr(s, "at $n = 512$");
	char *start;

	assert_non_null(at);
	/* back to the clause's start: after "is " */
	start = strstr(s, " is ");
	assert_non_null(start);
	at[strlen("at $n = 512$")] = '\0';
	start = strdup(start + 4);
	free(s);
	return start;
}

/* Pinned output made ten times slower in Memcpy C at n = 512: the
 * sentence must say "longer" there. */
static void test_flip_slower(void **state)
{
	char *path = copy_db("slower.db"), *doc, *clause;
	sqlite3 *db = db_open(path);
	long long id = cfg_id(db, "simple", "pinned-output", 512);

	(void)state;
	db_exec(db, "UPDATE sample SET value = value * ?3"
		" WHERE config_id = ?1 AND metric = 'memcpy_c'",
		id, 0, 10);
	db_exec(db, "UPDATE stat SET min = min * ?3, max = max * ?3,"
		" mean = mean * ?3, median = median * ?3,"
		" stddev = stddev * ?3, p05 = p05 * ?3, p25 = p25 * ?3,"
		" p75 = p75 * ?3, p95 = p95 * ?3"
		" WHERE config_id = ?1 AND metric = 'memcpy_c'",
		id, 0, 10);
	sqlite3_close(db);
	doc = render_db(path, "transfer");
	clause = pout_c_at_512(doc);
	/* the fixture's 0.4 times pageable, now 4 times: 300 % longer */
	assert_non_null(strstr(clause, "\\num{300}\\,\\% longer"));
	assert_null(strstr(clause, "shorter"));
	free(clause);
	/* before the change, the same clause said shorter */
	clause = pout_c_at_512(tex);
	assert_non_null(strstr(clause, "shorter"));
	assert_null(strstr(clause, "longer"));
	free(clause);
	free(doc);
	free(path);
}

/* Pinned output given pageable's very samples in Memcpy C at n = 512:
 * no significant difference. */
static void test_flip_overlap(void **state)
{
	char *path = copy_db("overlap.db"), *doc, *clause;
	sqlite3 *db = db_open(path);
	long long pg = cfg_id(db, "simple", "pageable", 512);
	long long po = cfg_id(db, "simple", "pinned-output", 512);

	(void)state;
	db_exec(db, "UPDATE sample SET value = (SELECT s2.value FROM sample"
		" s2 WHERE s2.config_id = ?2 AND s2.metric = sample.metric"
		" AND s2.idx = sample.idx) WHERE config_id = ?1"
		" AND metric = 'memcpy_c'", po, pg, 0);
	db_exec(db, "UPDATE stat SET (min, max, mean, median, stddev, p05,"
		" p25, p75, p95) = (SELECT min, max, mean, median, stddev, p05,"
		" p25, p75, p95 FROM stat WHERE config_id = ?2"
		" AND metric = 'memcpy_c') WHERE config_id = ?1"
		" AND metric = 'memcpy_c'", po, pg, 0);
	sqlite3_close(db);
	doc = render_db(path, "transfer");
	clause = pout_c_at_512(doc);
	assert_non_null(strstr(clause, "not meaningfully different"));
	assert_null(strstr(clause, "shorter"));
	assert_null(strstr(clause, "longer"));
	free(clause);
	free(doc);
	free(path);
}

/* Three samples per configuration at n = 1024: no difference there can
 * be significant, and the findings say so rather than "no significant
 * difference"; the direction stays. */
static void test_flip_few_samples(void **state)
{
	char *path = copy_db("few.db"), *doc, *s;
	sqlite3 *db = db_open(path);
	int v, h;

	(void)state;
	for (v = 0; v < 2; v++)
		for (h = 0; h < 3; h++) {
			long long id = cfg_id(db, fix_transfer_variants[v],
					      fix_hosts[h], 1024);

			db_exec(db, "DELETE FROM sample WHERE config_id = ?1"
				" AND idx >= ?2 + (SELECT MIN(idx) FROM sample"
				" WHERE config_id = ?1)", id, 3, 0);
			db_exec(db, "UPDATE stat SET n = ?2 WHERE config_id"
				" = ?1", id, 3, 0);
		}
	sqlite3_close(db);
	doc = render_db(path, "transfer");
	s = finding(doc, 0, "With only $C$ pinned (pinned-output");
	assert_non_null(strstr(s, "\\num{60.0}\\,\\% shorter at $n = 1024$"));
	assert_non_null(strstr(s, "too few samples for significance"));
	assert_null(strstr(s, "not meaningfully different"));
	free(s);
	s = finding(doc, 0, "At $n$ = 1024 the time limit");
	assert_non_null(strstr(s, "as few as 3 samples"));
	free(s);
	free(doc);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_metric_tables),
		cmocka_unit_test(test_gain_tables),
		cmocka_unit_test(test_phase_tables),
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_flip_slower),
		cmocka_unit_test(test_flip_overlap),
		cmocka_unit_test(test_flip_few_samples),
	};

	return chk_tests_run(tests, sizeof(tests) / sizeof(tests[0]), setup,
			     teardown);
}
