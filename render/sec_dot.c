/* The `dot` suite (textbook R): the scalar product with a shared-memory
 * tree reduction per block (`dot`) against cuBLAS's SDOT / DDOT
 * (`cublas_dot`), each in single and double precision. The main body
 * shows per device a figure of bandwidth against N, a table of speed
 * (GB/s, % of cuBLAS, fp64 over fp32 time), a table of accuracy (the
 * relative error against an exact product), and findings computed by
 * facts_dot, which the conclusions share. Only steady points
 * (rcfg_steady: out of L2, full waves, longer than a launch) are
 * compared; the others are marked and named. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define DOT_SUITE VOCAB_SUITE_DOT
#define DOT_FIG_W 14.0
#define DOT_FIG_H 7.0

const char *const dot_variants[DOT_NV] = {
	VOCAB_VARIANT_DOT, VOCAB_VARIANT_CUBLAS_DOT
};
const char *const dot_precs[DOT_NP] = {VOCAB_PREC_FP32, VOCAB_PREC_FP64};

static double gbs(const struct rcfg *c)
{
	return rcfg_median(c, VOCAB_METRIC_GBS);
}

static const struct rcfg *dot_find(const struct rctx *x, int dev, int v,
				   int p, long long n)
{
	return model_find_count(x, dev, DOT_SUITE, dot_variants[v],
				dot_precs[p], n, 0);
}

/* Kernel va in precision pa (a) against vb in pb (b) in metric at the
 * largest N where both ran steady; -1 when the store fails reading the
 * samples. */
static int pair_top(struct rctx *x, int dev, const int *ns, size_t nn,
		    const int ab[4], const char *metric, struct dot_pair *d)
{
	size_t i;

	for (i = nn; i-- > 0; ) {
		const struct rcfg *a = dot_find(x, dev, ab[0], ab[1], ns[i]);
		const struct rcfg *b = dot_find(x, dev, ab[2], ab[3], ns[i]);

		if (!rcfg_steady(x, a) || !rcfg_steady(x, b))
			continue;
		d->n = ns[i];
		d->a = a;
		d->b = b;
		return model_compare(x, a, b, metric, &d->cmp) == -2 ? -1 : 0;
	}
	return 0;
}

/* One place computes what the findings and the conclusions state; see
 * struct dot_facts. */
int facts_dot(struct rctx *x, int dev, struct dot_facts *f)
{
	const struct rcfg *a;
	int *ns = NULL, v, p, rc = -1, nfail;
	size_t nn, i;

	memset(f, 0, sizeof(*f));
	for (p = 0; p < DOT_NP; p++)
		rcmp_clear(&f->vs[p].cmp);
	for (v = 0; v < DOT_NV; v++)
		rcmp_clear(&f->prec[v].cmp);
	f->peak = x->devs[dev]->peak_mem_gbs > 0 ?
		  x->devs[dev]->peak_mem_gbs : NAN;
	nn = model_ints(x, dev, DOT_SUITE, NULL, NULL, 'c', &ns);
	/* cuBLAS the baseline: the share is the own kernel's */
	for (p = 0; p < DOT_NP; p++)
		if (pair_top(x, dev, ns, nn, (int[4]){DOT_CUBLAS, p, DOT_OWN,
			     p}, VOCAB_METRIC_GBS, &f->vs[p]))
			goto out;
	/* in time: the bytes double, so should the time */
	for (v = 0; v < DOT_NV; v++)
		if (pair_top(x, dev, ns, nn, (int[4]){v, DOT_FP32, v,
			     DOT_FP64}, VOCAB_METRIC_KERNEL, &f->prec[v]))
			goto out;
	for (v = 0; v < DOT_NV; v++)
		for (p = 0; p < DOT_NP; p++) {
			struct dot_err *e = &f->err[v][p];

			for (i = 0; i < nn; i++) {
				a = dot_find(x, dev, v, p, ns[i]);
				if (!rcfg_ok(a) || !isfinite(a->c->rel_error))
					continue;
				e->max = e->n ? fmax(e->max, a->c->rel_error) :
					 a->c->rel_error;
				e->mean += a->c->rel_error;
				if (!e->n++) {
					e->n_lo = ns[i];
					e->e_lo = a->c->rel_error;
				}
				e->n_hi = ns[i];
				e->e_hi = a->c->rel_error;
			}
			if (e->n)
				e->mean /= e->n;
		}
	for (i = 0; i < nn; i++)
		if (model_unsteady_find(x, dev, DOT_SUITE, 'c', ns[i]) &&
		    f->nnon < 8)
			f->nonsteady[f->nnon++] = ns[i];
	model_cfgs_count(x, dev, DOT_SUITE, VOCAB_VARIANT_DOT, &nfail, &f->nall,
			 &f->nok, NULL);
	rc = 0;
out:
	free(ns);
	return rc;
}

/* ---- the tables ---------------------------------------------------------- */

/* The two header rows: per precision a cell titled fmt over its kernels;
 * the speed table adds each precision's share of cuBLAS and each
 * kernel's fp64 over fp32 time. */
static void dot_head(struct rctx *x, struct rtable *t, int speed)
{
	struct rbuf h;
	int p, v;

	rbuf_init(&h);
	rtable_head(t, "");
	for (p = 0; p < DOT_NP; p++) {
		rbuf_free(&h);
		rbuf_printf(&h, speed ? "%s [GB/s]" : "%s", dot_precs[p]);
		rtable_head_span(t, speed ? 3 : 2, rbuf_str(&h));
	}
	rbuf_free(&h);
	if (speed)
		rtable_head_span(t, 2, lang_get(x->L, "dot.time_ratio"));
	rtable_head_end(t);
	rtable_head(t, "\\(N\\)");
	for (p = 0; p < DOT_NP + speed; p++) {
		for (v = 0; v < DOT_NV; v++)
			mem_head_variant(t, dot_variants[v]);
		if (speed && p < DOT_NP)
			rtable_head(t, lang_get(x->L, "dot.pct_cublas"));
	}
	rtable_head_end(t);
}

/* A relative error as its cell. */
static void err_cell(struct rtable *t, double e)
{
	struct rbuf h;

	rbuf_init(&h);
	rbuf_put_sci(&h, e);
	rtable_text(t, rbuf_str(&h));
	rbuf_free(&h);
}

/* The row of size n: N ("\(2^{20}\)" for a power of two) with the marks
 * all the speed cells share, then per precision each kernel's GB/s and
 * the own kernel's share of cuBLAS's, and per kernel fp64 over fp32
 * time; or (!speed) each relative error. -1 when the store fails. */
static int dot_row(struct rctx *x, int dev, long long n, struct mem_tab *m,
		   int speed)
{
	const struct rcfg *c[DOT_NV][DOT_NP];
	int v, p, rc = 0, pow2 = n > 0 && !(n & (n - 1));
	struct rbuf lab;
	struct rcmp r;
	unsigned gm;

	for (v = 0; v < DOT_NV; v++)
		for (p = 0; p < DOT_NP; p++)
			c[v][p] = dot_find(x, dev, v, p, n);
	gm = speed ? mem_marks_shared(x, &c[0][0], DOT_NV * DOT_NP) : 0;
	rbuf_init(&lab);
	rbuf_puts(&lab, pow2 ? "\\(" : "");
	ilp_count_math(n, &lab);
	rbuf_puts(&lab, pow2 ? "\\)" : "");
	regime_marks(x, gm, &lab);
	rtable_text(&m->t, rbuf_str(&lab));
	rbuf_free(&lab);
	for (p = 0; p < DOT_NP; p++) {
		for (v = 0; v < DOT_NV; v++)
			if (speed)
				mem_tab_cell(x, m, c[v][p], gbs(c[v][p]), gm);
			else if (!cell_status(x, &m->t, c[v][p]))
				err_cell(&m->t, c[v][p]->c->rel_error);
		/* a failed kernel has no share: never a speed */
		if (speed)
			rtable_num(&m->t, 100 * gbs(c[DOT_OWN][p]) /
				   gbs(c[DOT_CUBLAS][p]), 1, 0);
	}
	for (v = 0; speed && v < DOT_NV; v++) {
		if (model_compare(x, c[v][DOT_FP32], c[v][DOT_FP64],
				  VOCAB_METRIC_KERNEL, &r) == -2)
			rc = -1;
		if (!rcfg_ok(c[v][DOT_FP32]) || !rcfg_ok(c[v][DOT_FP64]))
			r.ratio = NAN;
		mem_tab_ratio(m, &r, r.ratio, 2);
	}
	rtable_row_end(&m->t);
	return rc;
}

/* The table of speed, or (!speed) of accuracy with the maximum and mean
 * error over the sizes under it. */
static int dot_table(struct rctx *x, int dev, const struct dot_facts *f,
		     int speed)
{
	int *ns = NULL, rc = 0, v, p, k;
	struct mem_tab m;
	size_t nn, i;

	mem_tab_init(&m, speed ? "lSSSSSSSS" : "lrrrr");
	dot_head(x, &m.t, speed);
	nn = model_ints(x, dev, DOT_SUITE, NULL, NULL, 'c', &ns);
	for (i = 0; i < nn; i++)
		rc |= dot_row(x, dev, ns[i], &m, speed);
	free(ns);
	if (speed) {
		rc |= mem_caption(x, dev, DOT_SUITE, NULL, VOCAB_METRIC_GBS,
				  "dot.table", NULL, &m.cap);
		rbuf_puts(&m.note, lang_get(x->L, "dot.table_note"));
		return mem_tab_end(x, &m, dev, "dot", 1, rc);
	}
	rtable_gap(&m.t);
	for (k = 0; k < 2; k++) {
		rtable_text(&m.t, lang_get(x->L, k ? "dot.err_mean" :
					   "dot.err_max"));
		for (p = 0; p < DOT_NP; p++)
			for (v = 0; v < DOT_NV; v++) {
				const struct dot_err *e = &f->err[v][p];

				err_cell(&m.t, !e->n ? NAN : k ? e->mean :
					 e->max);
			}
		rtable_row_end(&m.t);
	}
	rc = emit_dev_table(x, &m.t, dev, "dot.err_table", "dot-error", NULL,
			    "dot.err_note");
	mem_tab_free(&m);
	return rc;
}

/* ---- the figure ----------------------------------------------------------- */

/* Bandwidth against N, one line per kernel and precision, every regime
 * (the marks of the table name them), and the device's peak dotted. */
static int dot_figure(struct rctx *x, int dev, const struct dot_facts *f)
{
	enum { NL = DOT_NV * DOT_NP + 1 };
	struct pline l[NL];
	struct rbuf title[NL];
	struct pspec ps;
	double *xs, *ys;
	int *ns = NULL, v, p, k, rc = -1, nl;
	size_t nn, i;

	nn = model_ints(x, dev, DOT_SUITE, NULL, NULL, 'c', &ns);
	xs = calloc(nn ? nn : 1, sizeof(*xs));
	ys = calloc(NL * (nn ? nn : 1), sizeof(*ys));
	rbufs_init(title, NL);
	if (!xs || !ys)
		goto out;
	for (i = 0; i < nn; i++)
		xs[i] = ns[i];
	for (nl = 0; nl < NL - 1; nl++) {
		p = nl / DOT_NV;
		v = nl % DOT_NV;
		for (i = 0; i < nn; i++)
			ys[nl * nn + i] = gbs(dot_find(x, dev, v, p, ns[i]));
		rbuf_puts(&title[nl], "{\\scriptsize ");
		mem_variant(&title[nl], dot_variants[v]);
		rbuf_printf(&title[nl], " %s}", dot_precs[p]);
		l[nl] = (struct pline){rbuf_str(&title[nl]), xs, ys + nl * nn,
				       nn, PL_LINE, nl, nl};
	}
	if (isfinite(f->peak)) {
		plot_peak_fill(x, &l[nl], &title[nl], "dot.line_peak", xs,
			       ys + nl * nn, nn, f->peak, -1);
		nl++;
	}
	ps = (struct pspec){.xlabel = lang_get(x->L, "dot.axis_n"),
		.ylabel = lang_get(x->L, "axis.gbs"), .logx = 2, .xpow2 = 1,
		.yzero = 1, .w = DOT_FIG_W, .h = DOT_FIG_H};
	k = plot_lines(x, &ps, l, (size_t)nl);
	rc = emit_dev_figure(x, dev, k, "dot.figure");
out:
	rbufs_free(title, NL);
	free(xs);
	free(ys);
	free(ns);
	return rc;
}

/* ---- findings ------------------------------------------------------------- */

/* The own kernel against cuBLAS in precision p (vs set), or kernel p in
 * fp64 against fp32 in time and what the doubled bytes predict. */
static void find_pair(struct rctx *x, struct rfind *fd,
		      const struct dot_pair *d, int p, int vs, const char *pre)
{
	double r = d->cmp.ratio;
	struct rbuf ex;
	struct fv v;
	char key[64];

	if (!d->n)
		return;
	fv_init(&v);
	rbuf_init(&ex);
	mp_fv_set(x, &v, "sNn4n4p", "DEV", pre, "N", d->n, vs ? "GC" : "T32",
		  d->cmp.a, vs ? "GO" : "T64", d->cmp.b, "P", &d->cmp);
	if (vs)
		mp_fv_set(x, &v, "%3s", "SHARE", 100 * r, "PREC", dot_precs[p]);
	else
		mp_fv_set(x, &v, "n3v%2", "RATIO", r, "V", d->a->c->variant,
			  "TOL", 100 * DOT_RATIO_TOL);
	/* the time of fp64 is b: less time is "faster" */
	mem_key(key, sizeof(key), vs ? "find.dot.vs" : "find.dot.prec",
		mem_word(&d->cmp, vs));
	if (vs) {
		fv_find(x, fd, key, &v);
	} else {
		mp_text_say(x, &ex, key, &v);
		mp_text_say(x, &ex, fabs(r / 2 - 1) <= DOT_RATIO_TOL ?
			    "find.dot.expect.near" : r < 2 ?
			    "find.dot.expect.below" : "find.dot.expect.above",
			    &v);
		mp_text_find(x, fd, "find.dot.text", &ex);
	}
	fv_free(&v);
	rbuf_free(&ex);
}

/* Each compared point against the device's memory bandwidth. */
static void find_peak(struct rctx *x, struct rfind *fd,
		      const struct dot_facts *f, const char *pre)
{
	struct fv v;
	struct rbuf *list;
	int p, k;

	if (!isfinite(f->peak))
		return;
	fv_init(&v);
	mp_fv_set(x, &v, "sn4", "DEV", pre, "PEAK", f->peak);
	list = fv_put(&v, "LIST");
	for (p = 0; p < DOT_NP; p++)
		for (k = 0; f->vs[p].n && k < 2; k++) {
			const struct rcfg *c = k ? f->vs[p].a : f->vs[p].b;

			rbuf_puts(list, list->len ? "; " : "");
			mem_variant(list, c->c->variant);
			rbuf_printf(list, " %s ", dot_precs[p]);
			find_pct(list, rule_peak_pct(gbs(c), f->peak, NULL), 3);
		}
	if (list->len)
		fv_find(x, fd, "find.dot.peak", &v);
	fv_free(&v);
}

/* The errors: of each precision, own and cuBLAS; fp32 against fp64; and
 * with N, the smallest against the largest size measured. */
static void find_err(struct rctx *x, struct rfind *fd,
		     const struct dot_facts *f, const char *pre)
{
	const struct dot_err *o32 = &f->err[DOT_OWN][DOT_FP32];
	const struct dot_err *o64 = &f->err[DOT_OWN][DOT_FP64];
	struct rbuf *list, *b;
	struct fv v, w;
	char key[64];
	int p, vv;

	fv_init(&v);
	fv_init(&w);
	for (p = 0; p < DOT_NP; p++) {
		const struct dot_err *e = &f->err[DOT_OWN][p];
		const struct dot_err *c = &f->err[DOT_CUBLAS][p];

		if (!e->n && !c->n)
			continue;
		mp_fv_set(x, &v, "sseeeed", "DEV", pre, "PREC", dot_precs[p],
			  "OMAX", e->n ? e->max : NAN, "OMEAN", e->n ? e->mean :
			  NAN, "CMAX", c->n ? c->max : NAN, "CMEAN", c->n ?
			  c->mean : NAN, "K", e->n > c->n ? e->n : c->n);
		fv_find(x, fd, "find.dot.err", &v);
		fv_free(&v);
	}
	fv_str(&v, "DEV", pre);
	if (o32->n && o64->n) {
		mp_fv_set(x, &v, "ees", "E32", o32->mean, "E64", o64->mean,
			  "ORD", "");
		if (o64->mean > 0 && o32->mean > o64->mean)
			fv_num(&v, "ORD", log10(o32->mean / o64->mean), 2);
		fv_find(x, fd, o32->mean <= o64->mean ? "find.dot.ord_not" :
			o64->mean > 0 ? "find.dot.ord" : "find.dot.ord_exact",
			&v);
	}
	list = fv_put(&v, "LIST");
	for (p = 0; p < DOT_NP; p++)
		for (vv = 0; vv < DOT_NV; vv++) {
			const struct dot_err *e = &f->err[vv][p];

			if (e->n < 2)
				continue;
			snprintf(key, sizeof(key), "find.dot.n_%s",
				 e->e_hi > DOT_ERR_GROW * e->e_lo ? "grows" :
				 e->e_hi * DOT_ERR_GROW < e->e_lo ? "shrinks" :
				 "flat");
			mp_fv_set(x, &w, "eeNNs", "ELO", e->e_lo, "EHI",
				  e->e_hi, "NLO", e->n_lo, "NHI", e->n_hi, "W",
				  lang_get(x->L, key));
			b = fv_put(&w, "V");
			mem_variant(b, dot_variants[vv]);
			rbuf_printf(b, " %s", dot_precs[p]);
			rbuf_puts(list, list->len ? "; " : "");
			fv_emit(x, list, "find.dot.n_item", &w);
		}
	if (list->len)
		fv_find(x, fd, "find.dot.n_list", &v);
	fv_free(&v);
	fv_free(&w);
}

static void findings_dev(struct rctx *x, struct rfind *fd,
			 const struct dot_facts *f, const char *pre)
{
	struct rbuf *b;
	struct fv v;
	int p, i;

	fv_init(&v);
	fv_str(&v, "DEV", pre);
	if (!f->vs[0].n && !f->vs[1].n && !f->prec[0].n && !f->prec[1].n)
		fv_find(x, fd, "find.dot.nosteady", &v);
	for (p = 0; p < DOT_NP; p++)
		find_pair(x, fd, &f->vs[p], p, 1, pre);
	for (p = 0; p < DOT_NV; p++)
		find_pair(x, fd, &f->prec[p], p, 0, pre);
	find_peak(x, fd, f, pre);
	find_err(x, fd, f, pre);
	mp_verified_find(x, fd, &v, "find.dot", f->nok, f->nall);
	if (f->nnon) {
		b = fv_put(&v, "NLIST");
		for (i = 0; i < f->nnon; i++) {
			rbuf_puts(b, i ? ", " : "");
			ilp_count_math(f->nonsteady[i], b);
		}
		fv_find(x, fd, "find.dot.nonsteady", &v);
	}
	fv_free(&v);
}

/* ---- the section ---------------------------------------------------------- */

static int part(struct rctx *x, int dev, struct rfind *fd)
{
	struct dot_facts f;
	char pre[32];
	int rc;

	if (facts_dot(x, dev, &f))
		return -1;
	rc = dot_figure(x, dev, &f);
	if (!rc)
		rc = dot_table(x, dev, &f, 1);
	if (!rc)
		rc = dot_table(x, dev, &f, 0);
	problems_list(x, dev, DOT_SUITE, NULL);
	dev_prefix(x, dev, pre, sizeof(pre));
	findings_dev(x, fd, &f, pre);
	return rc;
}

int sec_dot(struct rctx *x)
{
	return mem_section(x, DOT_SUITE, "dot", part);
}
