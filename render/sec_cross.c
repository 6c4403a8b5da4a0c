/* Cross-GPU comparison: for each experiment, the speed-up of every
 * other device over GPU 1 in the same configurations, tested on the raw
 * samples, set against the ratios of the devices' peaks. The medians
 * themselves are in each experiment's per-device tables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "stats.h"
#include "vocab.h"

/* Sizes of the copy suite shown in the table (every one is in the
 * figure): a column for every fourth power of two and the largest keeps
 * the table within the page. A count that is not a power of two was
 * asked for by --sizes and has its column. */
#define ILP_COL_STEP 4
#define XROWS 64

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

/* One experiment of device k against GPU 1: the rows and sizes GPU 1
 * measured (the copy's N, 64-bit, else the matrix edges, ascending),
 * and the speed-up of each row at each size with the verdict of the one
 * difference rule, [row * nn + size]; the table, the figure and the
 * tally all read them. */
struct xcmp {
	const struct xsuite *s;
	int k, ilp;		/* ilp: the experiment is the copy's */
	struct xrow rows[XROWS];
	size_t nr, nn;
	long long *ns;
	double *sp;		/* NAN where either device lacks it */
	int *p;			/* enum rule_verdict */
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

static void row_add(struct xcmp *c, const char *suite, const char *variant,
		    const char *host, int ilp)
{
	if (c->nr < XROWS)
		c->rows[c->nr++] = (struct xrow){suite, variant, host, ilp};
}

/* The rows of c's experiment as GPU 1 measured them: the versions with
 * the library's, each transfer kernel in each host memory, the copy at
 * each ILP and memcpy. Their strings belong to x. */
static void rows_build(const struct rctx *x, struct xcmp *c)
{
	static const char *const vsuites[] = {
		VOCAB_SUITE_VERSIONS, VOCAB_SUITE_REFERENCE
	};
	const char **vv = NULL, **hh = NULL, *su;
	int tr = !strcmp(c->s->name, VOCAB_SUITE_TRANSFER), *ii = NULL;
	size_t nv, nh, i, j, s;

	if (c->ilp) {
		nv = model_ints(x, 0, VOCAB_SUITE_ILP, VOCAB_VARIANT_COPY_ILP,
				NULL, 'i', &ii);
		for (i = 0; i < nv; i++)
			row_add(c, VOCAB_SUITE_ILP, VOCAB_VARIANT_COPY_ILP,
				NULL, ii[i]);
		if (model_names(x, 0, VOCAB_SUITE_ILP, VOCAB_VARIANT_MEMCPY,
				'v', &vv))
			row_add(c, VOCAB_SUITE_ILP, VOCAB_VARIANT_MEMCPY, NULL,
				-1);
		free(ii);
		free(vv);
		return;
	}
	for (s = 0; s < (tr ? 1u : 2u); s++) {
		su = tr ? c->s->name : vsuites[s];
		nv = model_names(x, 0, su, NULL, 'v', &vv);
		for (i = 0; i < nv; i++) {
			nh = tr ? model_names(x, 0, su, vv[i], 'h', &hh) : 1;
			for (j = 0; j < nh; j++)
				row_add(c, su, vv[i], tr ? hh[j] : NULL, -1);
			free(hh);
			hh = NULL;
		}
		free(vv);
		vv = NULL;
	}
}

/* c's sizes, then every speed-up of device c->k over GPU 1 (> 1 when
 * it is faster). Returns 0, -1 out of memory. */
static int xcmp_fill(struct rctx *x, struct xcmp *c)
{
	const struct rcfg *a, *b;
	int *ns = NULL;
	size_t i, j, q;
	struct rcmp r;

	if (c->ilp) {
		c->nn = ilp_counts(x, 0, NULL, &c->ns);
	} else {
		c->nn = model_ints(x, 0, c->s->name, NULL, NULL, 'n', &ns);
		c->ns = malloc((c->nn ? c->nn : 1) * sizeof(*c->ns));
		for (i = 0; c->ns && i < c->nn; i++)
			c->ns[i] = ns[i];
		free(ns);
	}
	/* twice: the tally sorts a copy */
	c->sp = malloc((2 * c->nr * c->nn + 1) * sizeof(*c->sp));
	c->p = malloc((c->nr * c->nn + 1) * sizeof(*c->p));
	if (!c->ns || !c->sp || !c->p)
		return -1;
	for (i = 0; i < c->nr; i++)
		for (j = 0; j < c->nn; j++) {
			q = i * c->nn + j;
			a = row_cfg(x, &c->rows[i], 0, c->ns[j]);
			b = row_cfg(x, &c->rows[i], c->k, c->ns[j]);
			c->sp[q] = NAN;
			c->p[q] = RULE_UNTESTED;
			if (!rcfg_ok(a) || !rcfg_ok(b) ||
			    model_compare(x, a, b, c->s->metric, &r))
				continue;
			c->p[q] = r.verdict;
			c->sp[q] = c->s->higher ? r.ratio : 1 / r.ratio;
		}
	return 0;
}

static void row_label(const struct rctx *x, const struct xrow *r,
		      struct rbuf *b)
{
	rbuf_puts(b, "\\texttt{");
	rbuf_put_tex(b, r->variant, 0);
	rbuf_puts(b, "}");
	if (r->host) {
		rbuf_puts(b, ", ");
		lang_name_put(x, "host", r->host, 0, b);
	}
	if (r->ilp > 0)
		rbuf_printf(b, " ILP~%d", r->ilp);
}

/* Whether size j has a column in the table (see ILP_COL_STEP); every
 * size of the other experiments has. */
static int col_shown(const struct xcmp *c, size_t j)
{
	long long n = c->ns[j];
	int k = 0;

	if (!c->ilp || j == c->nn - 1 || n <= 0 || (n & (n - 1)))
		return 1;
	while ((1LL << k) < n)
		k++;
	return k % ILP_COL_STEP == 0;
}

/* The caption of c: string key with K, SUITE (the experiment's title)
 * and METRIC filled. */
static int xcmp_caption(struct rctx *x, const struct xcmp *c,
			const char *key, struct rbuf *cap)
{
	struct fv v;
	int rc;

	fv_init(&v);
	fv_int(&v, "K", c->k + 1);
	lang_name_put(x, c->s->name, "title", 0, fv_put(&v, "SUITE"));
	metric_name(x, c->s->metric, fv_put(&v, "METRIC"));
	rc = fv_emit(x, cap, key, &v);
	fv_free(&v);
	return rc;
}

static int xcmp_table(struct rctx *x, const struct xcmp *c)
{
	enum { CELL, CAP, ANC, NOTE, NB };
	char kinds[RTABLE_MAXCOLS + 1] = "l";
	size_t i, j, q, nc = 0, cols[RTABLE_MAXCOLS];
	struct rbuf b[NB];
	struct rtable t;
	int rc, marks = 0, fl;

	for (j = 0; j < c->nn && nc < RTABLE_MAXCOLS - 1; j++)
		if (col_shown(c, j)) {
			cols[nc++] = j;
			strcat(kinds, "S");
		}
	rtable_init(&t, kinds);
	rbufs_init(b, NB);
	rtable_head(&t, "");
	rtable_head_span(&t, (int)nc, lang_get(x->L, c->ilp ? "axis.count" :
			 "axis.size"));
	rtable_head_end(&t);
	rtable_text(&t, "");
	for (j = 0; j < nc; j++) {
		rbuf_free(&b[CELL]);
		if (c->ilp)
			ilp_count_tex(c->ns[cols[j]], &b[CELL]);
		else
			rbuf_printf(&b[CELL], "%lld", c->ns[cols[j]]);
		rtable_head(&t, rbuf_str(&b[CELL]));
	}
	rtable_head_end(&t);
	for (i = 0; i < c->nr; i++) {
		rbuf_free(&b[CELL]);
		row_label(x, &c->rows[i], &b[CELL]);
		rtable_text(&t, rbuf_str(&b[CELL]));
		for (j = 0; j < nc; j++) {
			q = i * c->nn + cols[j];
			fl = !isfinite(c->sp[q]) ? 0 : c->p[q] == RULE_SAME ?
			     RT_GREY | RT_NSMARK : c->p[q] == RULE_UNTESTED ?
			     RT_NTMARK : 0;
			marks |= fl;
			rtable_num(&t, c->sp[q], 2, fl);
		}
		rtable_row_end(&t);
	}
	rbuf_printf(&b[ANC], "cross suite=%s dev=%d", c->s->name, c->k + 1);
	rbuf_puts(&b[NOTE], lang_get(x->L, c->s->higher ?
				     "cross.note_higher" : "cross.note_lower"));
	if (marks)
		rbuf_printf(&b[NOTE], " %s", lang_get(x->L,
						       "cross.note_marks"));
	xcmp_caption(x, c, "cross.table", &b[CAP]);
	rc = emit_table(x, &t, rbuf_str(&b[CAP]), rbuf_str(&b[ANC]),
			rbuf_str(&b[NOTE]));
	rtable_free(&t);
	rbufs_free(b, NB);
	return rc;
}

/* Speed-up against size, one line per row, every size of the suite. */
static int xcmp_figure(struct rctx *x, const struct xcmp *c)
{
	struct pline *l;
	struct pspec ps;
	struct rbuf *titles, cap;
	double *xs;
	size_t i, j;
	int fig, rc = -1;

	l = calloc(c->nr ? c->nr : 1, sizeof(*l));
	titles = calloc(c->nr ? c->nr : 1, sizeof(*titles));
	xs = calloc(c->nn + 1, sizeof(*xs));
	rbuf_init(&cap);
	if (!l || !titles || !xs)
		goto out;
	for (j = 0; j < c->nn; j++)
		xs[j] = (double)c->ns[j];
	for (i = 0; i < c->nr; i++) {
		rbuf_init(&titles[i]);
		row_label(x, &c->rows[i], &titles[i]);
		l[i] = (struct pline){rbuf_str(&titles[i]), xs,
				      c->sp + i * c->nn, c->nn, PL_LINE,
				      (int)i, (int)i};
	}
	memset(&ps, 0, sizeof(ps));
	ps.xlabel = lang_get(x->L, c->ilp ? "axis.count" : "axis.size");
	ps.ylabel = lang_get(x->L, "cross.speedup");
	ps.logx = 2;
	ps.xpow2 = c->ilp;
	ps.w = 12;
	ps.h = 6.5;
	fig = plot_lines(x, &ps, l, c->nr);
	rc = fig ? xcmp_caption(x, c, "cross.figure", &cap) : 0;
	if (fig && !rc)
		rc = emit_figure(x, fig, rbuf_str(&cap));
	rbufs_free(titles, c->nr);
out:
	free(l);
	free(titles);
	free(xs);
	rbuf_free(&cap);
	return rc;
}

/* The sentence of the tally of every size's speed-up (not only the
 * table's columns): how often device k is significantly faster, slower
 * or neither, and its median speed-up; the verdict word follows the
 * majority. */
static void xcmp_find(struct rctx *x, struct rfind *f, const struct xcmp *c)
{
	struct stats_summary st;
	double *all = c->sp + c->nr * c->nn;
	int n = 0, nf = 0, nsl = 0, nsame = 0, nu = 0, tested;
	struct rbuf *range;
	const char *key;
	struct fv v;
	size_t q;

	for (q = 0; q < c->nr * c->nn; q++) {
		if (!isfinite(c->sp[q]))
			continue;
		all[n++] = c->sp[q];
		nu += c->p[q] == RULE_UNTESTED;
		nsame += c->p[q] == RULE_SAME;
		nf += c->p[q] != RULE_UNTESTED && c->p[q] != RULE_SAME &&
		      c->sp[q] > 1;
	}
	nsl = n - nu - nsame - nf;
	if (!n || stats_summary_compute(all, (size_t)n, &st))
		return;
	fv_init(&v);
	fv_int(&v, "NUNT", nu);
	lang_name_put(x, c->s->name, "title", 0, fv_put(&v, "SUITE"));
	fv_int(&v, "K", c->k + 1);
	fv_int(&v, "NFAST", nf);
	fv_int(&v, "NSLOW", nsl);
	fv_int(&v, "NSAME", nsame);
	fv_num(&v, "MED", st.median, 3);
	range = fv_put(&v, "RANGE");
	find_num(range, st.min, 3);
	rbuf_puts(range, "--");
	find_num(range, st.max, 3);
	/* a verdict needs most configurations tested; the rest are told
	 * as counts beside the median */
	tested = n - nu;
	if (2 * tested <= n)
		key = tested ? "cross.find.few_tested" : "cross.find.untested";
	else if (2 * nf > tested)
		key = "cross.find.faster";
	else if (2 * nsl > tested)
		key = "cross.find.slower";
	else
		key = "cross.find.mixed";
	fv_find(x, f, key, &v);
	if (nu && 2 * tested > n)
		fv_find(x, f, "cross.find.some_untested", &v);
	fv_free(&v);
}

/* Experiment s of device k against GPU 1: its table, its figure and the
 * sentence of its tally. */
static int cross_suite(struct rctx *x, struct rfind *f,
		       const struct xsuite *s, int k)
{
	struct xcmp *c = calloc(1, sizeof(*c));
	int rc = -1;

	if (!c)
		return -1;
	c->s = s;
	c->k = k;
	c->ilp = !strcmp(s->name, VOCAB_SUITE_ILP);
	rows_build(x, c);
	if (xcmp_fill(x, c))
		goto out;
	rc = 0;
	if (c->nr && c->nn) {
		rc = xcmp_table(x, c);
		if (!rc)
			rc = xcmp_figure(x, c);
		xcmp_find(x, f, c);
	}
out:
	free(c->ns);
	free(c->sp);
	free(c->p);
	free(c);
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
