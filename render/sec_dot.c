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

static void err_add(struct dot_err *e, long long n, double v)
{
	if (!e->n) {
		e->max = v;
		e->mean = 0;
		e->n_lo = n;
		e->e_lo = v;
	}
	e->max = fmax(e->max, v);
	e->mean += v;
	e->n_hi = n;
	e->e_hi = v;
	e->n++;
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
	int *ns = NULL, v, p, rc = -1;
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
				if (rcfg_ok(a) && isfinite(a->c->rel_error))
					err_add(e, ns[i], a->c->rel_error);
			}
			if (e->n)
				e->mean /= e->n;
		}
	for (i = 0; i < nn; i++)
		if (model_unsteady_find(x, dev, DOT_SUITE, 'c', ns[i]) &&
		    f->nnon < 8)
			f->nonsteady[f->nnon++] = ns[i];
	model_cfgs_count(x, dev, DOT_SUITE, VOCAB_VARIANT_DOT, &f->nfail,
			 &f->nall, &f->nok, NULL);
	rc = 0;
out:
	free(ns);
	return rc;
}

/* ---- the tables ---------------------------------------------------------- */

/* N for a table cell: "\(2^{20}\)" for a power of two, else the
 * number. */
static void n_label(struct rbuf *b, long long n)
{
	int pow2 = n > 0 && !(n & (n - 1));

	rbuf_puts(b, pow2 ? "\\(" : "");
	ilp_count_math(n, b);
	rbuf_puts(b, pow2 ? "\\)" : "");
}

/* The header's first row: an empty cell, then a cell spanning span
 * columns per precision, titled by fmt with the precision. */
static void prec_head(struct rtable *t, int span, const char *fmt)
{
	struct rbuf h;
	int p;

	rbuf_init(&h);
	rtable_head(t, "");
	for (p = 0; p < DOT_NP; p++) {
		rbuf_free(&h);
		rbuf_printf(&h, fmt, dot_precs[p]);
		rtable_head_span(t, span, rbuf_str(&h));
	}
	rbuf_free(&h);
}

static void speed_head(struct rctx *x, struct rtable *t)
{
	int p, v;

	prec_head(t, 3, "%s [GB/s]");
	rtable_head_span(t, 2, lang_get(x->L, "dot.time_ratio"));
	rtable_head_end(t);
	rtable_head(t, "\\(N\\)");
	for (p = 0; p < DOT_NP; p++) {
		for (v = 0; v < DOT_NV; v++)
			mem_head_variant(t, dot_variants[v]);
		rtable_head(t, lang_get(x->L, "dot.pct_cublas"));
	}
	for (v = 0; v < DOT_NV; v++)
		mem_head_variant(t, dot_variants[v]);
	rtable_head_end(t);
}

/* The row of size n: the marks all its cells share once on the size,
 * each kernel's GB/s, the own kernel's share of cuBLAS's, fp64 over
 * fp32 time per kernel. -1 when the store fails. */
static int speed_row(struct rctx *x, int dev, long long n, struct mem_tab *m)
{
	const struct rcfg *c[DOT_NV][DOT_NP];
	struct rbuf lab;
	unsigned gm;
	int v, p, rc = 0;

	for (v = 0; v < DOT_NV; v++)
		for (p = 0; p < DOT_NP; p++)
			c[v][p] = dot_find(x, dev, v, p, n);
	gm = mem_marks_shared(x, &c[0][0], DOT_NV * DOT_NP);
	rbuf_init(&lab);
	n_label(&lab, n);
	regime_marks(x, gm, &lab);
	rtable_text(&m->t, rbuf_str(&lab));
	rbuf_free(&lab);
	for (p = 0; p < DOT_NP; p++) {
		for (v = 0; v < DOT_NV; v++)
			mem_tab_cell(x, m, c[v][p], gbs(c[v][p]), gm);
		/* a failed kernel has no share: never a speed */
		rtable_num(&m->t, 100 * gbs(c[DOT_OWN][p]) /
			   gbs(c[DOT_CUBLAS][p]), 1, 0);
	}
	for (v = 0; v < DOT_NV; v++) {
		struct rcmp r;

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

static int speed_table(struct rctx *x, int dev)
{
	int *ns = NULL, rc = 0;
	size_t nn, i;
	struct mem_tab m;

	mem_tab_init(&m, "lSSSSSSSS");
	speed_head(x, &m.t);
	nn = model_ints(x, dev, DOT_SUITE, NULL, NULL, 'c', &ns);
	for (i = 0; i < nn; i++)
		rc |= speed_row(x, dev, ns[i], &m);
	free(ns);
	rc |= mem_caption(x, dev, DOT_SUITE, NULL, VOCAB_METRIC_GBS,
			  "dot.table", NULL, &m.cap);
	rbuf_puts(&m.note, lang_get(x->L, "dot.table_note"));
	return mem_tab_end(x, &m, dev, "dot", 1, rc);
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

static int error_table(struct rctx *x, int dev, const struct dot_facts *f)
{
	int *ns = NULL, rc, v, p, k;
	size_t nn, i;
	struct rtable t;
	struct rbuf h;

	rbuf_init(&h);
	rtable_init(&t, "lrrrr");
	prec_head(&t, 2, "%s");
	rtable_head_end(&t);
	rtable_head(&t, "\\(N\\)");
	for (p = 0; p < DOT_NP; p++)
		for (v = 0; v < DOT_NV; v++)
			mem_head_variant(&t, dot_variants[v]);
	rtable_head_end(&t);
	nn = model_ints(x, dev, DOT_SUITE, NULL, NULL, 'c', &ns);
	for (i = 0; i < nn; i++) {
		rbuf_free(&h);
		n_label(&h, ns[i]);
		rtable_text(&t, rbuf_str(&h));
		for (p = 0; p < DOT_NP; p++)
			for (v = 0; v < DOT_NV; v++) {
				const struct rcfg *c = dot_find(x, dev, v, p,
								ns[i]);

				if (!cell_status(x, &t, c))
					err_cell(&t, c->c->rel_error);
			}
		rtable_row_end(&t);
	}
	rtable_gap(&t);
	for (k = 0; k < 2; k++) {
		rtable_text(&t, lang_get(x->L, k ? "dot.err_mean" :
					 "dot.err_max"));
		for (p = 0; p < DOT_NP; p++)
			for (v = 0; v < DOT_NV; v++) {
				const struct dot_err *e = &f->err[v][p];

				err_cell(&t, !e->n ? NAN : k ? e->mean :
					 e->max);
			}
		rtable_row_end(&t);
	}
	rc = emit_dev_table(x, &t, dev, "dot.err_table", "dot-error", NULL,
			    "dot.err_note");
	rtable_free(&t);
	rbuf_free(&h);
	free(ns);
	return rc;
}

/* ---- the figure ----------------------------------------------------------- */

/* Bandwidth against N, one line per kernel and precision, every regime
 * (the marks of the table name them), and the device's peak dotted. */
static int dot_figure(struct rctx *x, int dev, const struct dot_facts *f)
{
	struct pline l[DOT_NV * DOT_NP + 1];
	struct rbuf title[DOT_NV * DOT_NP + 1];
	struct pspec ps;
	double *xs = NULL, *ys = NULL;
	int *ns = NULL, v, p, k, rc = 0, nl = 0;
	size_t nn, i;

	nn = model_ints(x, dev, DOT_SUITE, NULL, NULL, 'c', &ns);
	xs = calloc(nn ? nn : 1, sizeof(*xs));
	ys = calloc((DOT_NV * DOT_NP + 1) * (nn ? nn : 1), sizeof(*ys));
	for (k = 0; k < DOT_NV * DOT_NP + 1; k++)
		rbuf_init(&title[k]);
	if (!xs || !ys) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < nn; i++)
		xs[i] = ns[i];
	for (p = 0; p < DOT_NP; p++)
		for (v = 0; v < DOT_NV; v++, nl++) {
			for (i = 0; i < nn; i++)
				ys[nl * nn + i] = gbs(dot_find(x, dev, v, p,
							       ns[i]));
			rbuf_puts(&title[nl], "{\\scriptsize ");
			mem_variant(&title[nl], dot_variants[v]);
			rbuf_printf(&title[nl], " %s}", dot_precs[p]);
			l[nl] = (struct pline){rbuf_str(&title[nl]), xs,
					       ys + nl * nn, nn, PL_LINE, nl,
					       nl};
		}
	if (isfinite(f->peak)) {
		plot_peak_fill(x, &l[nl], &title[nl], "dot.line_peak", xs,
			       ys + nl * nn, nn, f->peak, -1);
		nl++;
	}
	memset(&ps, 0, sizeof(ps));
	ps.xlabel = lang_get(x->L, "dot.axis_n");
	ps.ylabel = lang_get(x->L, "axis.gbs");
	ps.logx = 2;
	ps.xpow2 = 1;
	ps.yzero = 1;
	ps.w = DOT_FIG_W;
	ps.h = DOT_FIG_H;
	k = plot_lines(x, &ps, l, (size_t)nl);
	rc = emit_dev_figure(x, dev, k, "dot.figure");
out:
	for (k = 0; k < DOT_NV * DOT_NP + 1; k++)
		rbuf_free(&title[k]);
	free(xs);
	free(ys);
	free(ns);
	return rc;
}

/* ---- findings ------------------------------------------------------------- */

/* The placeholders every comparison sentence of d fills: the size, both
 * medians (names na, nb), the test, the device. */
static void pair_fv(struct rctx *x, struct fv *v, const struct dot_pair *d,
		    const char *na, const char *nb, const char *pre)
{
	fv_str(v, "DEV", pre);
	ilp_count_math(d->n, fv_put(v, "N"));
	fv_num(v, na, d->cmp.a, 4);
	fv_num(v, nb, d->cmp.b, 4);
	mem_p(x, fv_put(v, "P"), &d->cmp);
}

/* Own against cuBLAS in one precision. */
static void find_vs(struct rctx *x, struct rfind *fd,
		    const struct dot_pair *d, int p, const char *pre)
{
	struct fv v;
	char key[64];

	if (!d->n)
		return;
	fv_init(&v);
	pair_fv(x, &v, d, "GC", "GO", pre);
	find_pct(fv_put(&v, "SHARE"), 100 * d->cmp.ratio, 3);
	fv_str(&v, "PREC", dot_precs[p]);
	mem_key(key, sizeof(key), "find.dot.vs", mem_word(&d->cmp, 1));
	fv_find(x, fd, key, &v);
	fv_free(&v);
}

/* fp64 against fp32 in time, and what the doubled bytes predict. */
static void find_prec(struct rctx *x, struct rfind *fd,
		      const struct dot_pair *d, const char *pre)
{
	struct fv v;
	struct rbuf ex;
	struct kv t;
	char key[64];
	double r = d->cmp.ratio;

	if (!d->n)
		return;
	fv_init(&v);
	rbuf_init(&ex);
	pair_fv(x, &v, d, "T32", "T64", pre);
	fv_num(&v, "RATIO", r, 3);
	mem_variant(fv_put(&v, "V"), d->a->c->variant);
	find_pct(fv_put(&v, "TOL"), 100 * DOT_RATIO_TOL, 2);
	/* the time of fp64 is b: less time is "faster" */
	mem_key(key, sizeof(key), "find.dot.prec", mem_word(&d->cmp, 0));
	fv_emit(x, &ex, key, &v);
	rbuf_putc(&ex, ' ');
	fv_emit(x, &ex, fabs(r / 2 - 1) <= DOT_RATIO_TOL ?
		"find.dot.expect.near" : r < 2 ? "find.dot.expect.below" :
		"find.dot.expect.above", &v);
	t = (struct kv){"TEXT", rbuf_str(&ex)};
	find_add(x, fd, "find.dot.text", &t, 1);
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
	fv_str(&v, "DEV", pre);
	fv_num(&v, "PEAK", f->peak, 4);
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

/* The errors of each precision, own and cuBLAS. */
static void find_err_prec(struct rctx *x, struct rfind *fd,
			  const struct dot_facts *f, const char *pre)
{
	struct fv v;
	int p;

	fv_init(&v);
	for (p = 0; p < DOT_NP; p++) {
		const struct dot_err *e = &f->err[DOT_OWN][p];
		const struct dot_err *c = &f->err[DOT_CUBLAS][p];

		if (!e->n && !c->n)
			continue;
		fv_str(&v, "DEV", pre);
		fv_str(&v, "PREC", dot_precs[p]);
		rbuf_put_sci(fv_put(&v, "OMAX"), e->n ? e->max : NAN);
		rbuf_put_sci(fv_put(&v, "OMEAN"), e->n ? e->mean : NAN);
		rbuf_put_sci(fv_put(&v, "CMAX"), c->n ? c->max : NAN);
		rbuf_put_sci(fv_put(&v, "CMEAN"), c->n ? c->mean : NAN);
		fv_int(&v, "K", e->n > c->n ? e->n : c->n);
		fv_find(x, fd, "find.dot.err", &v);
		fv_free(&v);
	}
}

/* The errors: per precision, fp32 against fp64, and with N. */
static void find_err(struct rctx *x, struct rfind *fd,
		     const struct dot_facts *f, const char *pre)
{
	const struct dot_err *o32 = &f->err[DOT_OWN][DOT_FP32];
	const struct dot_err *o64 = &f->err[DOT_OWN][DOT_FP64];
	struct fv v, w;
	struct rbuf *list;
	char key[64];
	int p, vv;

	find_err_prec(x, fd, f, pre);
	fv_init(&v);
	fv_init(&w);
	fv_str(&v, "DEV", pre);
	if (o32->n && o64->n) {
		rbuf_put_sci(fv_put(&v, "E32"), o32->mean);
		rbuf_put_sci(fv_put(&v, "E64"), o64->mean);
		fv_put(&v, "ORD");
		if (o64->mean > 0 && o32->mean > o64->mean)
			fv_num(&v, "ORD", log10(o32->mean / o64->mean), 2);
		fv_find(x, fd, o32->mean <= o64->mean ? "find.dot.ord_not" :
			o64->mean > 0 ? "find.dot.ord" : "find.dot.ord_exact",
			&v);
	}
	/* with N: the smallest against the largest size measured */
	list = fv_put(&v, "LIST");
	for (p = 0; p < DOT_NP; p++)
		for (vv = 0; vv < DOT_NV; vv++) {
			const struct dot_err *e = &f->err[vv][p];
			struct rbuf *b;

			if (e->n < 2)
				continue;
			snprintf(key, sizeof(key), "find.dot.n_%s",
				 e->e_hi > DOT_ERR_GROW * e->e_lo ? "grows" :
				 e->e_hi * DOT_ERR_GROW < e->e_lo ? "shrinks" :
				 "flat");
			b = fv_put(&w, "V");
			mem_variant(b, dot_variants[vv]);
			rbuf_printf(b, " %s", dot_precs[p]);
			rbuf_put_sci(fv_put(&w, "ELO"), e->e_lo);
			rbuf_put_sci(fv_put(&w, "EHI"), e->e_hi);
			ilp_count_math(e->n_lo, fv_put(&w, "NLO"));
			ilp_count_math(e->n_hi, fv_put(&w, "NHI"));
			fv_str(&w, "W", lang_get(x->L, key));
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
	struct fv v;
	int p, i;

	fv_init(&v);
	fv_str(&v, "DEV", pre);
	if (!f->vs[0].n && !f->vs[1].n && !f->prec[0].n && !f->prec[1].n)
		fv_find(x, fd, "find.dot.nosteady", &v);
	for (p = 0; p < DOT_NP; p++)
		find_vs(x, fd, &f->vs[p], p, pre);
	for (p = 0; p < DOT_NV; p++)
		find_prec(x, fd, &f->prec[p], pre);
	find_peak(x, fd, f, pre);
	find_err(x, fd, f, pre);
	if (f->nall) {
		fv_int(&v, "K", f->nok);
		fv_int(&v, "N", f->nall);
		fv_find(x, fd, f->nok == f->nall ? "find.dot.verified_all" :
			"find.dot.verified_some", &v);
	}
	if (f->nnon) {
		struct rbuf *b = fv_put(&v, "NLIST");

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
	char pre[32] = "";
	int rc;

	if (facts_dot(x, dev, &f))
		return -1;
	rc = dot_figure(x, dev, &f);
	if (!rc)
		rc = speed_table(x, dev);
	if (!rc)
		rc = error_table(x, dev, &f);
	problems_list(x, dev, DOT_SUITE, NULL);
	if (x->ndevs > 1)
		snprintf(pre, sizeof(pre), "GPU~%d: ", dev + 1);
	findings_dev(x, fd, &f, pre);
	return rc;
}

int sec_dot(struct rctx *x)
{
	return mem_section(x, DOT_SUITE, "dot", part);
}
