/* Cross-GPU comparison: for each experiment, the speed-up of every
 * other device over GPU 1 in the same configurations, tested on the raw
 * samples, set against the ratios of the devices' peaks. The medians
 * themselves are in each experiment's per-device tables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* Sizes of the copy suite shown in the table (every one is in the
 * figure): a column for every fourth power of two and the largest keeps
 * the table within the page. A count that is not a power of two was
 * asked for by --sizes and has its column. */
#define ILP_COL_STEP 4

/* One row of a comparison: a variant and what else fixes the
 * configuration apart from its size. */
struct xrow {
	const char *suite, *variant, *host;
	int ilp;		/* ilp suite: ILP, else -1 */
};

/* What an experiment compares, and whether more of it is better. */
struct xsuite {
	const char *name;	/* the experiment (section) */
	const char *metric;
	int higher;
};

static const struct xsuite xsuites[] = {
	{VOCAB_SUITE_VERSIONS, VOCAB_METRIC_GFLOPS, 1},
	{VOCAB_SUITE_TRANSFER, VOCAB_METRIC_TOTAL, 0},
	{VOCAB_SUITE_ILP, VOCAB_METRIC_GBS, 1},
};

/* The configuration of row r at size n (the copy's N, else the matrix
 * edge) on device dev. The versions are compared at the block that is
 * best on GPU 1 at that size, so both devices run the same launch. */
static const struct rcfg *row_cfg(const struct rctx *x, const struct xrow *r,
				  int dev, long long n)
{
	struct rsize sz = {(int)n, (int)n, (int)n};
	int block = -1;

	if (!strcmp(r->suite, VOCAB_SUITE_ILP))
		return ilp_find(x, dev, r->variant, n, r->ilp);
	if (!strcmp(r->suite, VOCAB_SUITE_VERSIONS) ||
	    !strcmp(r->suite, VOCAB_SUITE_REFERENCE)) {
		if (!isfinite(best_gflops(x, 0, r->suite, r->variant, &sz,
					  &block)))
			return NULL;
		return model_find(x, dev, r->suite, r->variant, NULL, (int)n,
				  block, -1);
	}
	return model_find(x, dev, r->suite, r->variant, r->host, (int)n, -1,
			  r->ilp);
}

/* The sizes of experiment s that GPU 1 measured, ascending: the copy's
 * N (64-bit, never its n), else the matrix edges. Returns how many;
 * *out is malloc'd (free()). */
static size_t sizes_of(const struct rctx *x, const struct xsuite *s,
		       long long **out)
{
	int *ns = NULL;
	size_t nn, i;

	if (!strcmp(s->name, VOCAB_SUITE_ILP))
		return ilp_counts(x, 0, NULL, out);
	nn = model_ints(x, 0, s->name, NULL, NULL, 'n', &ns);
	*out = malloc((nn ? nn : 1) * sizeof(**out));
	if (!*out) {
		free(ns);
		return 0;
	}
	for (i = 0; i < nn; i++)
		(*out)[i] = ns[i];
	free(ns);
	return nn;
}

/* The rows of experiment s as GPU 1 measured them. *out is malloc'd
 * (free()); its strings belong to x. */
static size_t rows_build(const struct rctx *x, const struct xsuite *s,
			 struct xrow **out)
{
	const char **vv = NULL, **hh = NULL;
	int *ii = NULL;
	size_t nv, nh, ni, i, j, n = 0, cap;
	struct xrow *r;

	*out = NULL;
	cap = 64;
	r = calloc(cap, sizeof(*r));
	if (!r)
		return 0;
	if (!strcmp(s->name, VOCAB_SUITE_VERSIONS)) {
		static const char *const suites[] = {
			VOCAB_SUITE_VERSIONS, VOCAB_SUITE_REFERENCE
		};

		for (j = 0; j < 2; j++) {
			nv = model_names(x, 0, suites[j], NULL, 'v', &vv);
			for (i = 0; i < nv && n < cap; i++)
				r[n++] = (struct xrow){suites[j], vv[i], NULL,
						       -1};
			free(vv);
			vv = NULL;
		}
	} else if (!strcmp(s->name, VOCAB_SUITE_TRANSFER)) {
		nv = model_names(x, 0, VOCAB_SUITE_TRANSFER, NULL, 'v', &vv);
		for (i = 0; i < nv; i++) {
			nh = model_names(x, 0, VOCAB_SUITE_TRANSFER, vv[i],
					 'h', &hh);
			for (j = 0; j < nh && n < cap; j++)
				r[n++] = (struct xrow){VOCAB_SUITE_TRANSFER,
						       vv[i], hh[j], -1};
			free(hh);
			hh = NULL;
		}
		free(vv);
	} else {
		ni = model_ints(x, 0, VOCAB_SUITE_ILP, VOCAB_VARIANT_COPY_ILP,
				NULL, 'i', &ii);
		for (i = 0; i < ni && n < cap; i++)
			r[n++] = (struct xrow){VOCAB_SUITE_ILP,
					       VOCAB_VARIANT_COPY_ILP, NULL,
					       ii[i]};
		free(ii);
		if (model_has_suite(x, 0, VOCAB_SUITE_ILP) &&
		    model_names(x, 0, VOCAB_SUITE_ILP, VOCAB_VARIANT_MEMCPY,
				'v', &vv) && n < cap)
			r[n++] = (struct xrow){VOCAB_SUITE_ILP,
					       VOCAB_VARIANT_MEMCPY, NULL, -1};
		free(vv);
	}
	*out = r;
	return n;
}

static void row_label(const struct rctx *x, const struct xrow *r,
		      struct rbuf *b)
{
	char key[96];
	const char *t;

	rbuf_puts(b, "\\texttt{");
	rbuf_put_tex(b, r->variant, 0);
	rbuf_puts(b, "}");
	if (r->host) {
		snprintf(key, sizeof(key), "host.%s", r->host);
		t = lang_find(x->L, key);
		rbuf_puts(b, ", ");
		if (t)
			rbuf_puts(b, t);
		else
			rbuf_put_tex(b, r->host, 0);
	}
	if (r->ilp > 0)
		rbuf_printf(b, " ILP~%d", r->ilp);
}

/* The speed-up of device k over GPU 1 in row r at size n: > 1 when k
 * is faster. NAN when either lacks it; *p the verdict of the one
 * difference rule (enum rule_verdict). */
static double speedup(struct rctx *x, const struct xsuite *s,
		      const struct xrow *r, int k, long long n, int *p)
{
	const struct rcfg *a = row_cfg(x, r, 0, n), *b = row_cfg(x, r, k, n);
	struct rcmp c;

	*p = RULE_UNTESTED;
	if (!rcfg_ok(a) || !rcfg_ok(b) ||
	    model_compare(x, a, b, s->metric, &c))
		return NAN;
	*p = c.verdict;
	return s->higher ? c.ratio : 1 / c.ratio;
}

/* The size column's heading: the copy's N as the ILP section writes it
 * ("$2^{22}$", "$\\num{1000001}$"), else n. */
static void size_head(const struct xsuite *s, long long n, struct rbuf *b)
{
	if (!strcmp(s->name, VOCAB_SUITE_ILP))
		ilp_count_tex(n, b);
	else
		rbuf_printf(b, "%lld", n);
}

/* Whether size j of ns[0..nn - 1] has a column in the table (see
 * ILP_COL_STEP); every size of the other experiments has. */
static int col_shown(const struct xsuite *s, const long long *ns, size_t j,
		     size_t nn)
{
	int k = 0;

	if (strcmp(s->name, VOCAB_SUITE_ILP) || j == nn - 1 ||
	    ns[j] <= 0 || (ns[j] & (ns[j] - 1)))
		return 1;
	while ((1LL << k) < ns[j])
		k++;
	return k % ILP_COL_STEP == 0;
}

/* Tallies of one device's speed-ups in an experiment, for the findings. */
struct xtally {
	int n, faster, slower, same, untested;
	double *v;		/* the speed-ups, for the median */
	double lo, hi;
};

static int cmp_dbl(const void *a, const void *b)
{
	double u = *(const double *)a, w = *(const double *)b;

	return (u > w) - (u < w);
}

/* The caption of experiment s for device k: string key with K, SUITE
 * (the experiment's title) and METRIC filled. */
static int suite_caption(struct rctx *x, const struct xsuite *s, int k,
			 const char *key, struct rbuf *cap)
{
	char tkey[64];
	struct fv v;
	int rc;

	fv_init(&v);
	fv_int(&v, "K", k + 1);
	snprintf(tkey, sizeof(tkey), "%s.title", s->name);
	fv_str(&v, "SUITE", lang_get(x->L, tkey));
	metric_name(x, s->metric, fv_put(&v, "METRIC"));
	rc = fv_emit(x, cap, key, &v);
	fv_free(&v);
	return rc;
}

/* Counts every size's speed-up of experiment s into *tl, not only the
 * table's columns. */
static void tally_count(struct rctx *x, const struct xsuite *s, int k,
			const struct xrow *rows, size_t nr,
			const long long *ns, size_t nn, struct xtally *tl)
{
	size_t i, j;
	double r;
	int p;

	for (i = 0; i < nr; i++)
		for (j = 0; j < nn; j++) {
			r = speedup(x, s, &rows[i], k, ns[j], &p);
			if (!isfinite(r))
				continue;
			tl->v[tl->n++] = r;
			if (p == RULE_UNTESTED)
				tl->untested++;
			else if (p == RULE_SAME)
				tl->same++;
			else if (r > 1)
				tl->faster++;
			else
				tl->slower++;
		}
}

static int suite_table(struct rctx *x, const struct xsuite *s, int k,
		       const struct xrow *rows, size_t nr, const long long *ns,
		       size_t nn)
{
	struct rtable t;
	struct rbuf cell, cap, anc, note;
	char kinds[RTABLE_MAXCOLS + 1] = "l";
	size_t i, j, nc = 0;
	long long cols[RTABLE_MAXCOLS];
	int rc, marks = 0, p, fl;
	double r;

	for (j = 0; j < nn && nc < RTABLE_MAXCOLS - 1; j++)
		if (col_shown(s, ns, j, nn))
			cols[nc++] = ns[j];
	for (j = 0; j < nc; j++)
		strcat(kinds, "S");
	rtable_init(&t, kinds);
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&note);
	rtable_head(&t, "");
	rtable_head_span(&t, (int)nc, lang_get(x->L, !strcmp(s->name,
			 VOCAB_SUITE_ILP) ? "axis.count" : "axis.size"));
	rtable_head_end(&t);
	rtable_text(&t, "");
	for (j = 0; j < nc; j++) {
		rbuf_free(&cell);
		size_head(s, cols[j], &cell);
		rtable_head(&t, rbuf_str(&cell));
	}
	rtable_head_end(&t);
	for (i = 0; i < nr; i++) {
		rbuf_free(&cell);
		row_label(x, &rows[i], &cell);
		rtable_text(&t, rbuf_str(&cell));
		for (j = 0; j < nc; j++) {
			r = speedup(x, s, &rows[i], k, cols[j], &p);
			fl = !isfinite(r) ? 0 : p == RULE_SAME ?
			     RT_GREY | RT_NSMARK : p == RULE_UNTESTED ?
			     RT_NTMARK : 0;
			marks |= fl;
			rtable_num(&t, r, 2, fl);
		}
		rtable_row_end(&t);
	}
	rbuf_printf(&anc, "cross suite=%s dev=%d", s->name, k + 1);
	rbuf_puts(&note, lang_get(x->L, s->higher ? "cross.note_higher" :
				  "cross.note_lower"));
	if (marks)
		rbuf_printf(&note, " %s", lang_get(x->L, "cross.note_marks"));
	suite_caption(x, s, k, "cross.table", &cap);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
			rbuf_str(&note));
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&note);
	return rc;
}

/* Speed-up against size, one line per row, every size of the suite. */
static int suite_figure(struct rctx *x, const struct xsuite *s, int k,
			const struct xrow *rows, size_t nr,
			const long long *ns, size_t nn)
{
	struct pline *l;
	struct pspec ps;
	struct rbuf *titles, cap;
	double *xs, *ys;
	size_t i, j;
	int fig, rc = -1, ilp = !strcmp(s->name, VOCAB_SUITE_ILP), p;

	l = calloc(nr ? nr : 1, sizeof(*l));
	titles = calloc(nr ? nr : 1, sizeof(*titles));
	xs = calloc(nr * nn + 1, sizeof(*xs));
	ys = calloc(nr * nn + 1, sizeof(*ys));
	rbuf_init(&cap);
	if (!l || !titles || !xs || !ys)
		goto out;
	for (i = 0; i < nr; i++) {
		rbuf_init(&titles[i]);
		row_label(x, &rows[i], &titles[i]);
		for (j = 0; j < nn; j++) {
			xs[i * nn + j] = (double)ns[j];
			ys[i * nn + j] = speedup(x, s, &rows[i], k, ns[j], &p);
		}
		l[i] = (struct pline){rbuf_str(&titles[i]), xs + i * nn,
				      ys + i * nn, nn, PL_LINE, (int)i,
				      (int)i};
	}
	memset(&ps, 0, sizeof(ps));
	ps.xlabel = lang_get(x->L, ilp ? "axis.count" : "axis.size");
	ps.ylabel = lang_get(x->L, "cross.speedup");
	ps.logx = 2;
	ps.xpow2 = ilp;
	ps.w = 12;
	ps.h = 6.5;
	fig = plot_lines(x, &ps, l, nr);
	rc = fig ? suite_caption(x, s, k, "cross.figure", &cap) : 0;
	if (fig && !rc)
		rc = emit_figure(x, fig, rbuf_str(&cap));
	for (i = 0; i < nr; i++)
		rbuf_free(&titles[i]);
out:
	free(l);
	free(titles);
	free(xs);
	free(ys);
	rbuf_free(&cap);
	return rc;
}

/* The sentence of one experiment's tally: how often device k is
 * significantly faster, slower or neither, and its median speed-up; the
 * verdict word follows the majority. */
static void tally_find(struct rctx *x, struct rfind *f, const char *name,
		       int k, const struct xtally *tl)
{
	struct rbuf *range;
	struct fv v;
	const char *key;
	char tkey[64];
	int tested;

	if (!tl->n)
		return;
	qsort(tl->v, (size_t)tl->n, sizeof(double), cmp_dbl);
	fv_init(&v);
	fv_int(&v, "NUNT", tl->untested);
	snprintf(tkey, sizeof(tkey), "%s.title", name);
	fv_str(&v, "SUITE", lang_get(x->L, tkey));
	fv_int(&v, "K", k + 1);
	fv_int(&v, "NFAST", tl->faster);
	fv_int(&v, "NSLOW", tl->slower);
	fv_int(&v, "NSAME", tl->same);
	fv_num(&v, "MED", tl->n % 2 ? tl->v[tl->n / 2] :
	       (tl->v[tl->n / 2 - 1] + tl->v[tl->n / 2]) / 2, 3);
	range = fv_put(&v, "RANGE");
	find_num(range, tl->v[0], 3);
	rbuf_puts(range, "--");
	find_num(range, tl->v[tl->n - 1], 3);
	/* a verdict needs most configurations tested; the rest are told
	 * as counts beside the median */
	tested = tl->n - tl->untested;
	if (2 * tested <= tl->n)
		key = tested ? "cross.find.few_tested" : "cross.find.untested";
	else if (2 * tl->faster > tested)
		key = "cross.find.faster";
	else if (2 * tl->slower > tested)
		key = "cross.find.slower";
	else
		key = "cross.find.mixed";
	fv_find(x, f, key, &v);
	if (tl->untested && 2 * tested > tl->n)
		fv_find(x, f, "cross.find.some_untested", &v);
	fv_free(&v);
}

/* Experiment s of device k against GPU 1: its table, its figure and the
 * sentence of its tally. */
static int cross_suite(struct rctx *x, struct rfind *f,
		       const struct xsuite *s, int k)
{
	struct xrow *rows = NULL;
	struct xtally tl;
	long long *ns = NULL;
	size_t nr, nn;
	int rc = 0;

	nr = rows_build(x, s, &rows);
	nn = sizes_of(x, s, &ns);
	memset(&tl, 0, sizeof(tl));
	tl.v = calloc(nr * nn + 1, sizeof(double));
	if (!tl.v) {
		rc = -1;
	} else if (nr && nn) {
		rc = suite_table(x, s, k, rows, nr, ns, nn);
		if (!rc)
			rc = suite_figure(x, s, k, rows, nr, ns, nn);
		tally_count(x, s, k, rows, nr, ns, nn, &tl);
		tally_find(x, f, s->name, k, &tl);
	}
	free(tl.v);
	free(rows);
	free(ns);
	return rc;
}

int sec_cross(struct rctx *x)
{
	const struct store_device *a = x->devs[0], *b;
	struct rfind f;
	struct fv v;
	size_t si;
	int rc = 0, k;

	emit_heading(x, 0, lang_get(x->L, "cross.title"));
	if (x->ndevs < 2) {
		emit_par(x, lang_get(x->L, "cross.single"));
		return 0;
	}
	emit_par(x, lang_get(x->L, "cross.intro"));
	find_init(&f);
	for (k = 1; k < (int)x->ndevs && !rc; k++) {
		b = x->devs[k];
		if (x->ndevs > 2)
			emit_dev_heading(x, 1, k);
		fv_init(&v);
		fv_int(&v, "K", k + 1);
		fv_num(&v, "FP", a->peak_fp32_gflops > 0 ? b->peak_fp32_gflops /
		       a->peak_fp32_gflops : NAN, 3);
		fv_num(&v, "MEM", a->peak_mem_gbs > 0 ? b->peak_mem_gbs /
		       a->peak_mem_gbs : NAN, 3);
		fv_find(x, &f, "cross.find.peaks", &v);
		fv_free(&v);
		for (si = 0; si < sizeof(xsuites) / sizeof(xsuites[0]) && !rc;
		     si++)
			if (model_has_suite(x, 0, xsuites[si].name) &&
			    model_has_suite(x, k, xsuites[si].name))
				rc = cross_suite(x, &f, &xsuites[si], k);
	}
	if (!rc)
		rc = find_emit(x, &f);
	find_free(&f);
	return rc;
}
