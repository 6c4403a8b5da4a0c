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

static void pair_clear(struct dot_pair *p)
{
	memset(p, 0, sizeof(*p));
	p->cmp.a = p->cmp.b = p->cmp.gain = p->cmp.ratio = NAN;
	p->cmp.p = -1;
}

/* -1 when the store fails reading the samples. */
static int pair_set(struct rctx *x, struct dot_pair *p, long long n,
		    const struct rcfg *a, const struct rcfg *b,
		    const char *metric)
{
	p->n = n;
	p->a = a;
	p->b = b;
	return model_compare(x, a, b, metric, &p->cmp) == -2 ? -1 : 0;
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

/* One place computes what the findings and the conclusions state; see
 * struct dot_facts. */
int facts_dot(struct rctx *x, int dev, struct dot_facts *f)
{
	const struct rcfg *a, *b;
	int *ns = NULL, v, p, rc = -1;
	size_t nn, i;

	memset(f, 0, sizeof(*f));
	for (p = 0; p < DOT_NP; p++)
		pair_clear(&f->vs[p]);
	for (v = 0; v < DOT_NV; v++)
		pair_clear(&f->prec[v]);
	f->peak = x->devs[dev]->peak_mem_gbs > 0 ?
		  x->devs[dev]->peak_mem_gbs : NAN;
	nn = model_ints(x, dev, DOT_SUITE, NULL, NULL, 'c', &ns);
	/* cuBLAS the baseline: the share is the own kernel's */
	for (p = 0; p < DOT_NP; p++)
		for (i = nn; i-- > 0; ) {
			a = dot_find(x, dev, DOT_CUBLAS, p, ns[i]);
			b = dot_find(x, dev, DOT_OWN, p, ns[i]);
			if (!rcfg_steady(x, a) || !rcfg_steady(x, b))
				continue;
			if (pair_set(x, &f->vs[p], ns[i], a, b,
				     VOCAB_METRIC_GBS))
				goto out;
			break;
		}
	/* in time: the bytes double, so should the time */
	for (v = 0; v < DOT_NV; v++)
		for (i = nn; i-- > 0; ) {
			a = dot_find(x, dev, v, DOT_FP32, ns[i]);
			b = dot_find(x, dev, v, DOT_FP64, ns[i]);
			if (!rcfg_steady(x, a) || !rcfg_steady(x, b))
				continue;
			if (pair_set(x, &f->prec[v], ns[i], a, b,
				     VOCAB_METRIC_KERNEL))
				goto out;
			break;
		}
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

/* ---- helpers ------------------------------------------------------------- */

/* "2^{20}" for a power of two, else the number; wrapped in \( \)
 * unless the caller's text is in math mode already. */
static void n_label(struct rbuf *b, long long n, int math)
{
	int k = 0;

	while (k < 62 && (1LL << k) < n)
		k++;
	if (n > 0 && (1LL << k) == n)
		rbuf_printf(b, math ? "2^{%d}" : "\\(2^{%d}\\)", k);
	else
		rbuf_printf(b, "\\num{%lld}", n);
}

/* ---- the speed table ------------------------------------------------------ */

static void speed_head(struct rctx *x, struct rtable *t)
{
	struct rbuf h;
	int p, v;

	rbuf_init(&h);
	rtable_head(t, "");
	for (p = 0; p < DOT_NP; p++) {
		rbuf_free(&h);
		rbuf_printf(&h, "%s [GB/s]", dot_precs[p]);
		rtable_head_span(t, 3, rbuf_str(&h));
	}
	rtable_head_span(t, 2, lang_get(x->L, "dot.time_ratio"));
	rtable_head_end(t);
	rtable_head(t, "\\(N\\)");
	for (p = 0; p < DOT_NP; p++) {
		for (v = 0; v < DOT_NV; v++) {
			rbuf_free(&h);
			mem_variant(&h, dot_variants[v]);
			rtable_head(t, rbuf_str(&h));
		}
		rtable_head(t, lang_get(x->L, "dot.pct_cublas"));
	}
	for (v = 0; v < DOT_NV; v++) {
		rbuf_free(&h);
		mem_variant(&h, dot_variants[v]);
		rtable_head(t, rbuf_str(&h));
	}
	rtable_head_end(t);
	rbuf_free(&h);
}

static int speed_table(struct rctx *x, int dev)
{
	int *ns = NULL, rc = 0, v, p;
	size_t nn, i;
	struct rtable t;
	struct rbuf wide[RTABLE_MAXCOLS], lab, cap, note, post;
	unsigned seen = 0, gm;

	for (i = 0; i < RTABLE_MAXCOLS; i++)
		rbuf_init(&wide[i]);
	rbuf_init(&lab);
	rbuf_init(&cap);
	rbuf_init(&note);
	rbuf_init(&post);
	rtable_init(&t, "lSSSSSSSS");
	speed_head(x, &t);
	nn = model_ints(x, dev, DOT_SUITE, NULL, NULL, 'c', &ns);
	for (i = 0; i < nn; i++) {
		const struct rcfg *c[DOT_NV][DOT_NP];

		gm = ~0u;
		for (v = 0; v < DOT_NV; v++)
			for (p = 0; p < DOT_NP; p++) {
				c[v][p] = dot_find(x, dev, v, p, ns[i]);
				if (rcfg_ok(c[v][p]))
					gm &= rcfg_marks(x, c[v][p]);
			}
		if (gm == ~0u)
			gm = 0;
		/* the marks all cells of a size share, once on the size */
		rbuf_free(&lab);
		n_label(&lab, ns[i], 0);
		regime_marks(x, gm, &lab);
		rtable_text(&t, rbuf_str(&lab));
		for (p = 0; p < DOT_NP; p++) {
			for (v = 0; v < DOT_NV; v++) {
				if (cell_status(x, &t, c[v][p]))
					continue;
				rbuf_free(&post);
				regime_marks(x, rcfg_marks(x, c[v][p]) & ~gm,
					     &post);
				mem_num(&t, gbs(c[v][p]), -1, 0,
					rbuf_str(&post), wide);
				seen |= rcfg_regime(x, c[v][p]);
			}
			/* a failed kernel has no share: never a speed */
			rtable_num(&t, 100 * gbs(c[DOT_OWN][p]) /
				   gbs(c[DOT_CUBLAS][p]), 1, 0);
		}
		for (v = 0; v < DOT_NV; v++) {
			struct rcmp r;
			int grey = 0;

			if (model_compare(x, c[v][DOT_FP32], c[v][DOT_FP64],
					  VOCAB_METRIC_KERNEL, &r) == -2)
				rc = -1;
			if (!rcfg_ok(c[v][DOT_FP32]) ||
			    !rcfg_ok(c[v][DOT_FP64]))
				r.ratio = NAN;
			grey = r.p >= 0 && !r.signif;
			mem_num(&t, r.ratio, 2, grey, grey ? "\\nsmark" :
				isfinite(r.ratio) && r.p < 0 ? "\\ntmark" : "",
				wide);
			if (grey)
				x->notes_ns = 1;
			else if (isfinite(r.ratio) && r.p < 0)
				x->notes_nt = 1;
		}
		rtable_row_end(&t);
	}
	rc |= mem_caption(x, dev, DOT_SUITE, NULL, VOCAB_METRIC_GBS,
			  "dot.table", NULL, &cap);
	rbuf_puts(&note, lang_get(x->L, "dot.table_note"));
	mem_regime_note(x, seen, &note);
	if (!rc)
		rc = mem_table_emit(x, &t, wide, rbuf_str(&cap), "dot", dev,
				    rbuf_str(&note));
	rtable_free(&t);
	for (i = 0; i < RTABLE_MAXCOLS; i++)
		rbuf_free(&wide[i]);
	rbuf_free(&lab);
	rbuf_free(&cap);
	rbuf_free(&note);
	rbuf_free(&post);
	free(ns);
	return rc;
}

/* ---- the accuracy table --------------------------------------------------- */

static int error_table(struct rctx *x, int dev, const struct dot_facts *f)
{
	int *ns = NULL, rc, v, p, k;
	size_t nn, i;
	struct rtable t;
	struct rbuf h;

	rbuf_init(&h);
	rtable_init(&t, "lrrrr");
	rtable_head(&t, "");
	for (p = 0; p < DOT_NP; p++)
		rtable_head_span(&t, 2, dot_precs[p]);
	rtable_head_end(&t);
	rtable_head(&t, "\\(N\\)");
	for (p = 0; p < DOT_NP; p++)
		for (v = 0; v < DOT_NV; v++) {
			rbuf_free(&h);
			mem_variant(&h, dot_variants[v]);
			rtable_head(&t, rbuf_str(&h));
		}
	rtable_head_end(&t);
	nn = model_ints(x, dev, DOT_SUITE, NULL, NULL, 'c', &ns);
	for (i = 0; i < nn; i++) {
		rbuf_free(&h);
		n_label(&h, ns[i], 0);
		rtable_text(&t, rbuf_str(&h));
		for (p = 0; p < DOT_NP; p++)
			for (v = 0; v < DOT_NV; v++) {
				const struct rcfg *c = dot_find(x, dev, v, p,
								ns[i]);

				if (cell_status(x, &t, c))
					continue;
				rbuf_free(&h);
				rbuf_put_sci(&h, c->c->rel_error);
				rtable_text(&t, rbuf_str(&h));
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

				rbuf_free(&h);
				rbuf_put_sci(&h, !e->n ? NAN : k ? e->mean :
					     e->max);
				rtable_text(&t, rbuf_str(&h));
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

/* Own against cuBLAS in one precision. */
static void find_vs(struct rctx *x, struct rfind *fd,
		    const struct dot_pair *d, int p, const char *pre)
{
	struct rbuf n, ga, gb, share, ps;
	struct kv v[7];
	char key[64];

	if (!d->n)
		return;
	rbuf_init(&n);
	rbuf_init(&ga);
	rbuf_init(&gb);
	rbuf_init(&share);
	rbuf_init(&ps);
	n_label(&n, d->n, 1);
	find_num(&ga, d->cmp.a, 4);
	find_num(&gb, d->cmp.b, 4);
	find_pct(&share, 100 * d->cmp.ratio, 3);
	mem_p(x, &ps, &d->cmp);
	v[0] = (struct kv){"DEV", pre};
	v[1] = (struct kv){"N", rbuf_str(&n)};
	v[2] = (struct kv){"GC", rbuf_str(&ga)};
	v[3] = (struct kv){"GO", rbuf_str(&gb)};
	v[4] = (struct kv){"SHARE", rbuf_str(&share)};
	v[5] = (struct kv){"P", rbuf_str(&ps)};
	v[6] = (struct kv){"PREC", dot_precs[p]};
	mem_key(key, sizeof(key), "find.dot.vs", mem_word(&d->cmp, 1));
	find_add(x, fd, key, v, 7);
	rbuf_free(&n);
	rbuf_free(&ga);
	rbuf_free(&gb);
	rbuf_free(&share);
	rbuf_free(&ps);
}

/* fp64 against fp32 in time, and what the doubled bytes predict. */
static void find_prec(struct rctx *x, struct rfind *fd,
		      const struct dot_pair *d, const char *pre)
{
	struct rbuf n, ta, tb, ratio, ps, vv, ex, tol;
	struct kv v[8];
	char key[64];
	double r = d->cmp.ratio;

	if (!d->n)
		return;
	rbuf_init(&n);
	rbuf_init(&ta);
	rbuf_init(&tb);
	rbuf_init(&ratio);
	rbuf_init(&ps);
	rbuf_init(&vv);
	rbuf_init(&ex);
	rbuf_init(&tol);
	n_label(&n, d->n, 1);
	find_num(&ta, d->cmp.a, 4);
	find_num(&tb, d->cmp.b, 4);
	find_num(&ratio, r, 3);
	mem_p(x, &ps, &d->cmp);
	mem_variant(&vv, d->a->c->variant);
	find_pct(&tol, 100 * DOT_RATIO_TOL, 2);
	v[0] = (struct kv){"DEV", pre};
	v[1] = (struct kv){"N", rbuf_str(&n)};
	v[2] = (struct kv){"T32", rbuf_str(&ta)};
	v[3] = (struct kv){"T64", rbuf_str(&tb)};
	v[4] = (struct kv){"RATIO", rbuf_str(&ratio)};
	v[5] = (struct kv){"P", rbuf_str(&ps)};
	v[6] = (struct kv){"V", rbuf_str(&vv)};
	v[7] = (struct kv){"TOL", rbuf_str(&tol)};
	/* the time of fp64 is b: less time is "faster" */
	mem_key(key, sizeof(key), "find.dot.prec", mem_word(&d->cmp, 0));
	emit_string(x, &ex, key, v, 8);
	rbuf_putc(&ex, ' ');
	emit_string(x, &ex, fabs(r / 2 - 1) <= DOT_RATIO_TOL ?
		    "find.dot.expect.near" : r < 2 ? "find.dot.expect.below" :
		    "find.dot.expect.above", v, 8);
	v[0] = (struct kv){"TEXT", rbuf_str(&ex)};
	find_add(x, fd, "find.dot.text", v, 1);
	rbuf_free(&n);
	rbuf_free(&ta);
	rbuf_free(&tb);
	rbuf_free(&ratio);
	rbuf_free(&ps);
	rbuf_free(&vv);
	rbuf_free(&ex);
	rbuf_free(&tol);
}

/* Each compared point against the device's memory bandwidth. */
static void find_peak(struct rctx *x, struct rfind *fd,
		      const struct dot_facts *f, const char *pre)
{
	struct rbuf list, pk;
	struct kv v[3];
	int p, k;

	if (!isfinite(f->peak))
		return;
	rbuf_init(&list);
	rbuf_init(&pk);
	for (p = 0; p < DOT_NP; p++) {
		const struct dot_pair *d = &f->vs[p];

		if (!d->n)
			continue;
		for (k = 0; k < 2; k++) {
			const struct rcfg *c = k ? d->a : d->b;

			rbuf_printf(&list, "%s", list.len ? "; " : "");
			mem_variant(&list, c->c->variant);
			rbuf_printf(&list, " %s ", dot_precs[p]);
			find_pct(&list, rule_peak_pct(gbs(c), f->peak, NULL), 3);
		}
	}
	if (list.len) {
		find_num(&pk, f->peak, 4);
		v[0] = (struct kv){"DEV", pre};
		v[1] = (struct kv){"PEAK", rbuf_str(&pk)};
		v[2] = (struct kv){"LIST", rbuf_str(&list)};
		find_add(x, fd, "find.dot.peak", v, 3);
	}
	rbuf_free(&list);
	rbuf_free(&pk);
}

/* The errors: per precision, fp32 against fp64, and with N. */
static void find_err(struct rctx *x, struct rfind *fd,
		     const struct dot_facts *f, const char *pre)
{
	const struct dot_err *o32 = &f->err[DOT_OWN][DOT_FP32];
	const struct dot_err *o64 = &f->err[DOT_OWN][DOT_FP64];
	struct rbuf a[6], list;
	struct kv v[7];
	char key[64];
	int p, vv, i;

	for (i = 0; i < 6; i++)
		rbuf_init(&a[i]);
	rbuf_init(&list);
	for (p = 0; p < DOT_NP; p++) {
		const struct dot_err *e = &f->err[DOT_OWN][p];
		const struct dot_err *c = &f->err[DOT_CUBLAS][p];

		if (!e->n && !c->n)
			continue;
		for (i = 0; i < 6; i++)
			rbuf_free(&a[i]);
		rbuf_put_sci(&a[0], e->n ? e->max : NAN);
		rbuf_put_sci(&a[1], e->n ? e->mean : NAN);
		rbuf_put_sci(&a[2], c->n ? c->max : NAN);
		rbuf_put_sci(&a[3], c->n ? c->mean : NAN);
		rbuf_printf(&a[4], "%d", e->n > c->n ? e->n : c->n);
		v[0] = (struct kv){"DEV", pre};
		v[1] = (struct kv){"PREC", dot_precs[p]};
		v[2] = (struct kv){"OMAX", rbuf_str(&a[0])};
		v[3] = (struct kv){"OMEAN", rbuf_str(&a[1])};
		v[4] = (struct kv){"CMAX", rbuf_str(&a[2])};
		v[5] = (struct kv){"CMEAN", rbuf_str(&a[3])};
		v[6] = (struct kv){"K", rbuf_str(&a[4])};
		find_add(x, fd, "find.dot.err", v, 7);
	}
	if (o32->n && o64->n) {
		for (i = 0; i < 6; i++)
			rbuf_free(&a[i]);
		rbuf_put_sci(&a[0], o32->mean);
		rbuf_put_sci(&a[1], o64->mean);
		if (o64->mean > 0 && o32->mean > o64->mean)
			find_num(&a[2], log10(o32->mean / o64->mean), 2);
		v[0] = (struct kv){"DEV", pre};
		v[1] = (struct kv){"E32", rbuf_str(&a[0])};
		v[2] = (struct kv){"E64", rbuf_str(&a[1])};
		v[3] = (struct kv){"ORD", rbuf_str(&a[2])};
		find_add(x, fd, o32->mean <= o64->mean ? "find.dot.ord_not" :
			 o64->mean > 0 ? "find.dot.ord" : "find.dot.ord_exact",
			 v, 4);
	}
	/* with N: the smallest against the largest size measured */
	for (p = 0; p < DOT_NP; p++)
		for (vv = 0; vv < DOT_NV; vv++) {
			const struct dot_err *e = &f->err[vv][p];
			const char *w;

			if (e->n < 2)
				continue;
			w = e->e_hi > DOT_ERR_GROW * e->e_lo ? "grows" :
			    e->e_hi * DOT_ERR_GROW < e->e_lo ? "shrinks" :
			    "flat";
			for (i = 0; i < 6; i++)
				rbuf_free(&a[i]);
			mem_variant(&a[0], dot_variants[vv]);
			rbuf_printf(&a[0], " %s", dot_precs[p]);
			rbuf_put_sci(&a[1], e->e_lo);
			rbuf_put_sci(&a[2], e->e_hi);
			n_label(&a[3], e->n_lo, 1);
			n_label(&a[4], e->n_hi, 1);
			snprintf(key, sizeof(key), "find.dot.n_%s", w);
			rbuf_puts(&a[5], lang_get(x->L, key));
			v[0] = (struct kv){"V", rbuf_str(&a[0])};
			v[1] = (struct kv){"ELO", rbuf_str(&a[1])};
			v[2] = (struct kv){"EHI", rbuf_str(&a[2])};
			v[3] = (struct kv){"NLO", rbuf_str(&a[3])};
			v[4] = (struct kv){"NHI", rbuf_str(&a[4])};
			v[5] = (struct kv){"W", rbuf_str(&a[5])};
			if (list.len)
				rbuf_puts(&list, "; ");
			emit_string(x, &list, "find.dot.n_item", v, 6);
		}
	if (list.len) {
		v[0] = (struct kv){"DEV", pre};
		v[1] = (struct kv){"LIST", rbuf_str(&list)};
		find_add(x, fd, "find.dot.n_list", v, 2);
	}
	for (i = 0; i < 6; i++)
		rbuf_free(&a[i]);
	rbuf_free(&list);
}

static void findings_dev(struct rctx *x, struct rfind *fd,
			 const struct dot_facts *f, const char *pre)
{
	struct rbuf a[3];
	struct kv v[4];
	int p, i;

	for (i = 0; i < 3; i++)
		rbuf_init(&a[i]);
	if (!f->vs[0].n && !f->vs[1].n && !f->prec[0].n && !f->prec[1].n) {
		v[0] = (struct kv){"DEV", pre};
		find_add(x, fd, "find.dot.nosteady", v, 1);
	}
	for (p = 0; p < DOT_NP; p++)
		find_vs(x, fd, &f->vs[p], p, pre);
	for (p = 0; p < DOT_NV; p++)
		find_prec(x, fd, &f->prec[p], pre);
	find_peak(x, fd, f, pre);
	find_err(x, fd, f, pre);
	if (f->nall) {
		rbuf_printf(&a[0], "%d", f->nok);
		rbuf_printf(&a[1], "%d", f->nall);
		v[0] = (struct kv){"DEV", pre};
		v[1] = (struct kv){"K", rbuf_str(&a[0])};
		v[2] = (struct kv){"N", rbuf_str(&a[1])};
		find_add(x, fd, f->nok == f->nall ? "find.dot.verified_all" :
			 "find.dot.verified_some", v, 3);
	}
	if (f->nnon) {
		for (i = 0; i < f->nnon; i++) {
			if (i)
				rbuf_puts(&a[2], ", ");
			n_label(&a[2], f->nonsteady[i], 1);
		}
		v[0] = (struct kv){"DEV", pre};
		v[1] = (struct kv){"NLIST", rbuf_str(&a[2])};
		find_add(x, fd, "find.dot.nonsteady", v, 2);
	}
	for (i = 0; i < 3; i++)
		rbuf_free(&a[i]);
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
