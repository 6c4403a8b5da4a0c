/* The `precision` suite (textbook R: float against double in speed and
 * accuracy): the matrix kernels v2..v5, simple, shared and cuBLAS
 * (SGEMM in fp32, DGEMM in fp64) on random inputs uniform in [-1, 1),
 * floats in fp32 and doubles of 53 bits in fp64. The main body shows per device a figure of GFLOP/s
 * against n, a speed table per size (GFLOP/s and share of the peak of
 * each precision, fp64 over fp32 kernel time with its test), a table
 * of the sampled errors against the worst-case bound k u, and findings
 * computed by facts_precision, which the conclusions share. Only steady
 * points (full waves, longer than a launch) are compared in time; a
 * product's FLOP rate is not the cache's, so L2 residency is no mark
 * here. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define PR_SUITE VOCAB_SUITE_PRECISION
#define PR_FIG_W 14.0
#define PR_FIG_H 8.0
/* sizes per accuracy table: four pairs of scientific numbers fill the
 * line */
#define PR_ACC_SIZES 4

const char *const pr_precs[PR_NP] = {VOCAB_PREC_FP32, VOCAB_PREC_FP64};
const double pr_unit[PR_NP] = {0x1p-24, 0x1p-53};

/* The table order: report P's versions, report G's kernels, the
 * library last; a kernel this renderer does not know follows. */
static const char *const pr_order[] = {
	VOCAB_VARIANT_V2, VOCAB_VARIANT_V3, VOCAB_VARIANT_V4,
	VOCAB_VARIANT_V5, VOCAB_VARIANT_SIMPLE, VOCAB_VARIANT_SHARED,
	VOCAB_VARIANT_CUBLAS
};
#define PR_NORDER (sizeof(pr_order) / sizeof(pr_order[0]))

static int pr_rank(const char *v)
{
	size_t i;

	for (i = 0; i < PR_NORDER; i++)
		if (!strcmp(v, pr_order[i]))
			return (int)i;
	return (int)PR_NORDER;
}

static int pr_before(const struct pr_row *a, const struct pr_row *b)
{
	int ra = pr_rank(a->variant), rb = pr_rank(b->variant), c;

	if (ra != rb)
		return ra < rb;
	c = strcmp(a->variant, b->variant);
	return c ? c < 0 : a->block < b->block;
}

/* The (kernel, block) rows device dev measured, in table order. */
static int pr_rows(const struct rctx *x, int dev, struct pr_row *row)
{
	struct pr_row t;
	size_t i;
	int n = 0, j, k;

	for (i = 0; i < x->ncfgs; i++) {
		const struct store_config *c = x->cfgs[i].c;

		if (x->cfgs[i].dev != dev || strcmp(c->suite, PR_SUITE))
			continue;
		for (j = 0; j < n; j++)
			if (!strcmp(row[j].variant, c->variant) &&
			    row[j].block == c->block_x)
				break;
		if (j < n || n == PR_MAXR)
			continue;
		memset(&row[n], 0, sizeof(row[n]));
		row[n].variant = c->variant;
		row[n].block = c->block_x;
		row[n].own = strcmp(c->variant, VOCAB_VARIANT_CUBLAS) != 0;
		n++;
	}
	/* insertion sort: a handful of rows */
	for (j = 1; j < n; j++)
		for (k = j; k > 0 && pr_before(&row[k], &row[k - 1]); k--) {
			t = row[k];
			row[k] = row[k - 1];
			row[k - 1] = t;
		}
	for (j = 0; j < n; j++)
		for (k = 0; k < n; k++)
			if (k != j && !strcmp(row[j].variant, row[k].variant))
				row[j].named_block = 1;
	return n;
}

static const struct rcfg *pr_find(const struct rctx *x, int dev,
				  const struct pr_row *w, int n, int p)
{
	struct rsize sz = {n, n, n};

	return model_find_prec(x, dev, PR_SUITE, w->variant, &sz, w->block,
			       pr_precs[p]);
}

static double pr_gflops(const struct rcfg *c)
{
	return rcfg_median(c, VOCAB_METRIC_GFLOPS);
}

static double pr_acc(const struct rcfg *c, const char *metric)
{
	double v = rcfg_median(c, metric);

	return v >= 0 ? v : NAN;
}

/* The peak of c's precision in GFLOP/s at the clock c ran at, by the
 * one peak rule (rcfg_peak); *which names it. NAN without one. */
static double pr_peak_at(const struct rctx *x, const struct rcfg *c,
			 int *which)
{
	return c ? rcfg_peak(x, c, which) : NAN;
}

/* c's GFLOP/s in % of its peak, NAN without one or where it would
 * exceed 100 % (*over set). */
static double pr_pct(const struct rctx *x, const struct rcfg *c, int *over)
{
	int which;

	*over = 0;
	return c ? rcfg_peak_pct(x, c, pr_gflops(c), &which, over) : NAN;
}

static void pr_cmp_clear(struct rcmp *r)
{
	memset(r, 0, sizeof(*r));
	r->a = r->b = r->gain = r->ratio = NAN;
	r->p = -1;
}

static void pr_range_add(double v, double *lo, double *hi)
{
	if (!isfinite(v))
		return;
	if (!isfinite(*lo) || v < *lo)
		*lo = v;
	if (!isfinite(*hi) || v > *hi)
		*hi = v;
}

/* The exponent b of e = c k^b over the sizes where row w ran ok in
 * precision p with a positive mean error (least squares in logs). */
static void pr_fit(const struct rctx *x, int dev, struct pr_row *w, int p,
		   const int *ns, size_t nn)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, d;
	size_t i;
	int m = 0;

	w->slope[p] = NAN;
	for (i = 0; i < nn; i++) {
		const struct rcfg *c = pr_find(x, dev, w, ns[i], p);
		double e = pr_acc(c, VOCAB_METRIC_ACC_MEAN), lk, le;

		if (!rcfg_ok(c) || !(e > 0) || c->c->k <= 0)
			continue;
		if (!m) {
			w->k_lo[p] = c->c->k;
			w->e_lo[p] = e;
		}
		w->k_hi[p] = c->c->k;
		w->e_hi[p] = e;
		lk = log((double)c->c->k);
		le = log(e);
		sx += lk;
		sy += le;
		sxx += lk * lk;
		sxy += lk * le;
		m++;
	}
	w->nfit[p] = m;
	d = m * sxx - sx * sx;
	if (m >= 2 && d > 0)
		w->slope[p] = (m * sxy - sx * sy) / d;
}

/* The errors at n_acc and every configuration's against k u. */
static void pr_facts_acc(const struct rctx *x, int dev, struct pr_facts *f,
			 const int *ns, size_t nn)
{
	size_t i;
	int r, p;

	f->er_lo = f->er_hi = f->worst = NAN;
	for (p = 0; p < PR_NP; p++)
		f->u_lo[p] = f->u_hi[p] = f->umax[p] = NAN;
	for (i = nn; i-- > 0 && !f->n_acc; )
		for (r = 0; r < f->nrows; r++)
			if (isfinite(pr_acc(pr_find(x, dev, &f->row[r], ns[i],
						    PR_FP32),
					    VOCAB_METRIC_ACC_MEAN)) &&
			    isfinite(pr_acc(pr_find(x, dev, &f->row[r], ns[i],
						    PR_FP64),
					    VOCAB_METRIC_ACC_MEAN)))
				f->n_acc = ns[i];
	for (r = 0; f->n_acc && r < f->nrows; r++) {
		const struct rcfg *c[PR_NP];
		/* mlo is scratch: only the largest max error is kept */
		double e[PR_NP], mlo = NAN;

		for (p = 0; p < PR_NP; p++) {
			c[p] = pr_find(x, dev, &f->row[r], f->n_acc, p);
			e[p] = pr_acc(c[p], VOCAB_METRIC_ACC_MEAN);
			pr_range_add(e[p] / pr_unit[p], &f->u_lo[p],
				     &f->u_hi[p]);
			pr_range_add(pr_acc(c[p], VOCAB_METRIC_ACC_MAX) /
				     pr_unit[p], &mlo, &f->umax[p]);
		}
		if (!isfinite(e[PR_FP32]) || !isfinite(e[PR_FP64]))
			continue;
		f->nacc++;
		if (!(e[PR_FP64] < e[PR_FP32]))
			f->nacc_not++;
		else if (e[PR_FP64] > 0)
			pr_range_add(e[PR_FP32] / e[PR_FP64], &f->er_lo,
				     &f->er_hi);
	}
	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *c = &x->cfgs[i];
		double m, b;

		if (c->dev != dev || strcmp(c->c->suite, PR_SUITE))
			continue;
		f->nall++;
		if (!rcfg_ok(c)) {
			f->nbad++;
			continue;
		}
		m = pr_acc(c, VOCAB_METRIC_ACC_MAX);
		p = !strcmp(c->c->precision ? c->c->precision : "",
			    VOCAB_PREC_FP64);
		b = c->c->k * pr_unit[p];
		if (!isfinite(m) || !(b > 0))
			continue;
		f->nbound++;
		if (!(m / b <= f->worst))
			f->worst = m / b;
		if (m > b && f->nover++ < PR_MAXN)
			f->over[f->nover - 1] = c;
	}
}

/* One place computes what the findings and the conclusions state; see
 * struct pr_facts. */
int facts_precision(struct rctx *x, int dev, struct pr_facts *f)
{
	const struct store_device *d = x->devs[dev];
	const struct store_prop *pk = model_prop(d, "peak_fp64");
	int *ns = NULL, r, p, rc = -1, word;
	size_t nn, i;
	double best = NAN, best_own = NAN;

	memset(f, 0, sizeof(*f));
	f->fast64 = f->fast64_own = -1;
	f->peak[PR_FP32] = d->peak_fp32_gflops > 0 ? d->peak_fp32_gflops :
			   NAN;
	f->peak[PR_FP64] = pk && pk->has_num && pk->num > 0 ? pk->num : NAN;
	f->pratio = f->peak[PR_FP32] / f->peak[PR_FP64];
	f->nrows = pr_rows(x, dev, f->row);
	nn = model_ints(x, dev, PR_SUITE, NULL, NULL, 'n', &ns);
	f->nsizes = (int)nn;
	for (i = nn; i-- > 0 && !f->n_top; )
		for (r = 0; r < f->nrows; r++)
			if (rcfg_steady(x, pr_find(x, dev, &f->row[r], ns[i],
						   PR_FP32)) &&
			    rcfg_steady(x, pr_find(x, dev, &f->row[r], ns[i],
						   PR_FP64)))
				f->n_top = ns[i];
	for (r = 0; r < f->nrows; r++) {
		struct pr_row *w = &f->row[r];
		double g;

		pr_cmp_clear(&w->cmp);
		for (p = 0; p < PR_NP; p++) {
			w->top[p] = f->n_top ? pr_find(x, dev, w, f->n_top, p)
				    : NULL;
			pr_fit(x, dev, w, p, ns, nn);
		}
		g = rcfg_steady(x, w->top[PR_FP64]) ?
		    pr_gflops(w->top[PR_FP64]) : NAN;
		if (isfinite(g) && !(g <= best)) {
			best = g;
			f->fast64 = r;
		}
		if (w->own && isfinite(g) && !(g <= best_own)) {
			best_own = g;
			f->fast64_own = r;
		}
		if (!rcfg_steady(x, w->top[PR_FP32]) ||
		    !rcfg_steady(x, w->top[PR_FP64]))
			continue;
		/* a = fp32, b = fp64: less time is faster */
		if (model_compare(x, w->top[PR_FP32], w->top[PR_FP64],
				  VOCAB_METRIC_KERNEL, &w->cmp) == -2)
			goto out;
		if (!isfinite(w->cmp.ratio))
			continue;
		word = mem_word(&w->cmp, 0);
		f->ncmp++;
		f->own_cmp += w->own;
		if (word == MW_WORSE) {
			f->nslower++;
			f->own_slower += w->own;
		} else if (word == MW_BETTER) {
			f->nfaster++;
			f->own_faster += w->own;
		} else if (word == MW_NS) {
			f->nns++;
		} else {
			f->nuntested++;
		}
	}
	pr_facts_acc(x, dev, f, ns, nn);
	for (i = 0; i < nn; i++)
		if (model_unsteady_find(x, dev, PR_SUITE, 'n', ns[i]) &&
		    f->nnon < PR_MAXN)
			f->nonsteady[f->nnon++] = ns[i];
	rc = 0;
out:
	free(ns);
	return rc;
}

/* ---- helpers ------------------------------------------------------------- */

/* "\texttt{v5}", with its block where the kernel ran several. */
static void pr_label(const struct pr_row *w, struct rbuf *b)
{
	mem_variant(b, w->variant);
	if (w->named_block && w->block > 0) {
		rbuf_putc(b, ' ');
		block_label(w->block, w->block, b);
	}
}

/* find_num, but in scientific notation from 10^5 up, where a ratio of
 * errors (some 10^8) would print as a row of digits. */
static void pr_num(struct rbuf *b, double v, int sig)
{
	if (isfinite(v) && fabs(v) >= 1e5)
		rbuf_printf(b, "\\num{%.*e}", sig > 1 ? sig - 1 : 0, v);
	else
		find_num(b, v, sig);
}

/* "lo--hi" with sig figures, or one number where both print alike. */
static void pr_range(struct rbuf *b, double lo, double hi, int sig)
{
	struct rbuf a, c;

	rbuf_init(&a);
	rbuf_init(&c);
	pr_num(&a, lo, sig);
	pr_num(&c, hi, sig);
	rbuf_puts(b, rbuf_str(&a));
	if (strcmp(rbuf_str(&a), rbuf_str(&c)))
		rbuf_printf(b, "--%s", rbuf_str(&c));
	rbuf_free(&a);
	rbuf_free(&c);
}

/* ---- the speed tables ----------------------------------------------------- */

static int speed_table(struct rctx *x, int dev, const struct pr_facts *f,
		       int n)
{
	int has[PR_NP], rc = 0, r, p;
	char kinds[16] = "ll", num[32];
	struct rtable t;
	struct rbuf wide[RTABLE_MAXCOLS], cell, cap, note, post;
	unsigned seen = 0;
	size_t i;

	for (p = 0; p < PR_NP; p++) {
		has[p] = isfinite(f->peak[p]);
		strcat(kinds, has[p] ? "SS" : "S");
	}
	strcat(kinds, "S");
	for (i = 0; i < RTABLE_MAXCOLS; i++)
		rbuf_init(&wide[i]);
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&note);
	rbuf_init(&post);
	rtable_init(&t, kinds);
	rtable_head(&t, "");
	rtable_head(&t, "");
	for (p = 0; p < PR_NP; p++)
		rtable_head_span(&t, has[p] ? 2 : 1, pr_precs[p]);
	rtable_head(&t, "");
	rtable_head_end(&t);
	rtable_head(&t, lang_get(x->L, "precision.h_kernel"));
	rtable_head(&t, lang_get(x->L, "precision.h_block"));
	for (p = 0; p < PR_NP; p++) {
		rtable_head(&t, "GFLOP/s");
		if (has[p])
			rtable_head(&t, lang_get(x->L, "precision.h_pct"));
	}
	rtable_head(&t, lang_get(x->L, "precision.h_ratio"));
	rtable_head_end(&t);
	for (r = 0; r < f->nrows; r++) {
		const struct pr_row *w = &f->row[r];
		const struct rcfg *c[PR_NP];
		struct rcmp cmp;
		int grey, over;

		for (p = 0; p < PR_NP; p++)
			c[p] = pr_find(x, dev, w, n, p);
		if (!c[PR_FP32] && !c[PR_FP64])
			continue;
		rbuf_free(&cell);
		mem_variant(&cell, w->variant);
		rtable_text(&t, rbuf_str(&cell));
		rbuf_free(&cell);
		if (w->block > 0)
			block_label(w->block, w->block, &cell);
		else
			rbuf_puts(&cell, "--");
		rtable_text(&t, rbuf_str(&cell));
		for (p = 0; p < PR_NP; p++) {
			if (cell_status(x, &t, c[p])) {
				/* a failed kernel has no rate, nor a share */
				if (has[p])
					rtable_text(&t, "--");
				continue;
			}
			rbuf_free(&post);
			regime_marks(x, rcfg_marks(x, c[p]), &post);
			seen |= rcfg_marks(x, c[p]);
			mem_num(&t, pr_gflops(c[p]), -1, 0, rbuf_str(&post),
				wide);
			if (has[p])
				rtable_num(&t, pr_pct(x, c[p], &over), -3,
					   0);
		}
		if (model_compare(x, c[PR_FP32], c[PR_FP64],
				  VOCAB_METRIC_KERNEL, &cmp) == -2)
			rc = -1;
		if (!rcfg_ok(c[PR_FP32]) || !rcfg_ok(c[PR_FP64]))
			cmp.ratio = NAN;
		grey = cmp.p >= 0 && !cmp.signif;
		mem_num(&t, cmp.ratio, 2, grey, grey ? "\\nsmark" :
			isfinite(cmp.ratio) && cmp.p < 0 ? "\\ntmark" : "",
			wide);
		rtable_row_end(&t);
	}
	snprintf(num, sizeof(num), "%d", n);
	rc |= mem_caption(x, dev, PR_SUITE, NULL, VOCAB_METRIC_GFLOPS,
			  "precision.table", num, &cap);
	rbuf_puts(&note, lang_get(x->L, "precision.table_note"));
	for (p = 0; p < PR_NP; p++)
		if (!has[p]) {
			rbuf_putc(&note, ' ');
			rbuf_puts(&note, lang_get(x->L, p ?
				  "precision.note_nopeak64" :
				  "precision.note_nopeak32"));
		}
	mem_regime_note(x, seen, &note);
	rbuf_free(&cell);
	rbuf_printf(&cell, "precision n=%d", n);
	if (!rc)
		rc = mem_table_emit(x, &t, wide, rbuf_str(&cap),
				    rbuf_str(&cell), dev, rbuf_str(&note));
	rtable_free(&t);
	for (i = 0; i < RTABLE_MAXCOLS; i++)
		rbuf_free(&wide[i]);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&note);
	rbuf_free(&post);
	return rc;
}

/* ---- the accuracy table --------------------------------------------------- */

/* The sizes ns[s0 .. s0 + nc - 1]: per precision a block of rows, one
 * per kernel, and under it the bound k u at each size. */
static int acc_table(struct rctx *x, int dev, const struct pr_facts *f,
		     const int *ns, int s0, int nc)
{
	char kinds[4 + 2 * PR_ACC_SIZES] = "ll";
	struct rtable t;
	struct rbuf h;
	char more[32];
	int rc, r, p, s;

	for (s = 0; s < nc; s++)
		strcat(kinds, "rr");
	rbuf_init(&h);
	rtable_init(&t, kinds);
	rtable_head(&t, "");
	rtable_head(&t, "");
	for (s = 0; s < nc; s++) {
		rbuf_free(&h);
		rbuf_printf(&h, "$n = %d$", ns[s0 + s]);
		rtable_head_span(&t, 2, rbuf_str(&h));
	}
	rtable_head_end(&t);
	rtable_head(&t, lang_get(x->L, "precision.h_prec"));
	rtable_head(&t, lang_get(x->L, "precision.h_kernel"));
	for (s = 0; s < nc; s++) {
		rtable_head(&t, lang_get(x->L, "precision.h_max"));
		rtable_head(&t, lang_get(x->L, "precision.h_mean"));
	}
	rtable_head_end(&t);
	for (p = 0; p < PR_NP; p++) {
		if (p)
			rtable_gap(&t);
		for (r = 0; r < f->nrows; r++) {
			const struct pr_row *w = &f->row[r];

			rtable_text(&t, r ? "" : pr_precs[p]);
			rbuf_free(&h);
			pr_label(w, &h);
			rtable_text(&t, rbuf_str(&h));
			for (s = 0; s < nc; s++) {
				const struct rcfg *c = pr_find(x, dev, w,
							       ns[s0 + s], p);

				if (cell_status(x, &t, c)) {
					rtable_text(&t, "");
					continue;
				}
				rbuf_free(&h);
				rbuf_put_sci(&h, pr_acc(c,
						 VOCAB_METRIC_ACC_MAX));
				rtable_text(&t, rbuf_str(&h));
				rbuf_free(&h);
				rbuf_put_sci(&h, pr_acc(c,
						 VOCAB_METRIC_ACC_MEAN));
				rtable_text(&t, rbuf_str(&h));
			}
			rtable_row_end(&t);
		}
		rtable_text(&t, "");
		rtable_text(&t, lang_get(x->L, "precision.bound"));
		for (s = 0; s < nc; s++) {
			rbuf_free(&h);
			rbuf_put_sci(&h, ns[s0 + s] * pr_unit[p]);
			rtable_text(&t, rbuf_str(&h));
			rtable_text(&t, "");
		}
		rtable_row_end(&t);
	}
	snprintf(more, sizeof(more), "n=%d", ns[s0]);
	rc = emit_dev_table(x, &t, dev, "precision.acc_table", "precision-acc",
			    more, "precision.acc_note");
	rtable_free(&t);
	rbuf_free(&h);
	return rc;
}

/* ---- the figure ----------------------------------------------------------- */

/* GFLOP/s against n on logarithmic axes (the kernels span two orders
 * of magnitude and more): each kernel in its colour, fp32 solid and
 * fp64 dotted, named once in the key; the peaks dotted without marks. */
static int pr_figure(struct rctx *x, int dev, const struct pr_facts *f)
{
	struct pline l[2 * PR_MAXR + PR_NP];
	struct rbuf title[2 * PR_MAXR + PR_NP];
	struct pspec ps;
	double *xs = NULL, *ys = NULL;
	int *ns = NULL, r, p, k, rc = 0, nl = 0, named, npk = 0;
	size_t nn, i, nt = 2 * PR_MAXR + PR_NP;

	nn = model_ints(x, dev, PR_SUITE, NULL, NULL, 'n', &ns);
	xs = calloc(nn ? nn : 1, sizeof(*xs));
	ys = calloc(nt * (nn ? nn : 1), sizeof(*ys));
	for (i = 0; i < nt; i++)
		rbuf_init(&title[i]);
	if (!xs || !ys) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < nn; i++)
		xs[i] = ns[i];
	for (r = 0; r < f->nrows; r++) {
		const struct pr_row *w = &f->row[r];
		int color = pr_rank(w->variant) < (int)PR_NORDER ?
			    pr_rank(w->variant) : r;

		named = 0;
		for (p = 0; p < PR_NP; p++, nl++) {
			int any = 0;

			for (i = 0; i < nn; i++) {
				ys[nl * nn + i] = pr_gflops(pr_find(x, dev, w,
							    ns[i], p));
				any |= isfinite(ys[nl * nn + i]);
			}
			/* the key names the kernel once, on its first
			 * line with a point */
			if (any && !named) {
				rbuf_puts(&title[nl], "{\\scriptsize ");
				pr_label(w, &title[nl]);
				rbuf_puts(&title[nl], "}");
				named = 1;
			}
			l[nl] = (struct pline){rbuf_str(&title[nl]), xs,
					       ys + nl * nn, nn,
					       p ? PL_DOTTED : PL_LINE, color,
					       color};
		}
	}
	for (p = 0; p < PR_NP; p++) {
		if (!isfinite(f->peak[p]))
			continue;
		/* grey for FP32's, dark red for FP64's: both dotted */
		plot_peak_fill(x, &l[nl], &title[nl], p ?
			       "precision.line_peak64" :
			       "precision.line_peak32", xs, ys + nl * nn, nn,
			       f->peak[p], p ? 7 : -1);
		nl++;
		npk++;
	}
	memset(&ps, 0, sizeof(ps));
	ps.xlabel = lang_get(x->L, "axis.size");
	ps.ylabel = lang_get(x->L, "axis.gflops");
	ps.logx = 2;
	ps.logy = 10;
	ps.w = PR_FIG_W;
	ps.h = PR_FIG_H;
	k = plot_lines(x, &ps, l, (size_t)nl);
	rc = emit_dev_figure(x, dev, k, npk ? "precision.figure" :
			     "precision.figure_nopeak");
out:
	for (i = 0; i < nt; i++)
		rbuf_free(&title[i]);
	free(xs);
	free(ys);
	free(ns);
	return rc;
}

/* ---- findings ------------------------------------------------------------- */

/* fp64 against fp32 in time for each kernel at n_top, and the kernels
 * not compared there. */
static void find_time(struct rctx *x, struct rfind *fd,
		      const struct pr_facts *f, const char *pre)
{
	static const char *const item[] = {"untested", "untested", "ns",
					   "faster", "slower"};
	struct rbuf list, miss, a[4];
	struct kv v[5];
	char key[64];
	int r, i, word;

	v[0] = (struct kv){"DEV", pre};
	if (!f->n_top) {
		if (f->nrows)
			find_add(x, fd, "precision.find.nosteady", v, 1);
		return;
	}
	rbuf_init(&list);
	rbuf_init(&miss);
	for (i = 0; i < 4; i++)
		rbuf_init(&a[i]);
	for (r = 0; r < f->nrows; r++) {
		const struct pr_row *w = &f->row[r];

		for (i = 0; i < 4; i++)
			rbuf_free(&a[i]);
		pr_label(w, &a[0]);
		if (!isfinite(w->cmp.ratio)) {
			rbuf_printf(&miss, "%s%s", miss.len ? ", " : "",
				    rbuf_str(&a[0]));
			continue;
		}
		word = mem_word(&w->cmp, 0);
		find_num(&a[1], w->cmp.ratio, 3);
		mem_p(x, &a[2], &w->cmp);
		v[1] = (struct kv){"V", rbuf_str(&a[0])};
		v[2] = (struct kv){"R", rbuf_str(&a[1])};
		v[3] = (struct kv){"P", rbuf_str(&a[2])};
		snprintf(key, sizeof(key), "precision.find.item.%s",
			 item[word < 0 || word > MW_WORSE ? 0 : word]);
		if (list.len)
			rbuf_puts(&list, "; ");
		emit_string(x, &list, key, v + 1, 3);
	}
	for (i = 0; i < 4; i++)
		rbuf_free(&a[i]);
	rbuf_printf(&a[0], "%d", f->n_top);
	rbuf_printf(&a[1], "%d", f->nslower);
	rbuf_printf(&a[2], "%d", f->ncmp);
	v[1] = (struct kv){"N", rbuf_str(&a[0])};
	v[2] = (struct kv){"LIST", rbuf_str(&list)};
	v[3] = (struct kv){"K", rbuf_str(&a[1])};
	v[4] = (struct kv){"NK", rbuf_str(&a[2])};
	if (list.len)
		find_add(x, fd, f->nslower == f->ncmp ?
			 "precision.find.cmp_all" : "precision.find.cmp_some",
			 v, 5);
	if (miss.len) {
		v[2] = (struct kv){"LIST", rbuf_str(&miss)};
		find_add(x, fd, "precision.find.missing", v, 3);
	}
	rbuf_free(&list);
	rbuf_free(&miss);
	for (i = 0; i < 4; i++)
		rbuf_free(&a[i]);
}

/* Each time ratio against the device's FP32:FP64 peak ratio, and
 * against the 2 of doubled bytes. */
static void find_expect(struct rctx *x, struct rfind *fd,
			const struct pr_facts *f, const char *pre)
{
	static const char *const cls[] = {"near", "below", "above"};
	struct rbuf list[3], all, a[4], text;
	struct kv v[6];
	char key[64];
	int r, i, k;

	if (!f->ncmp || !isfinite(f->pratio))
		return;
	for (i = 0; i < 3; i++)
		rbuf_init(&list[i]);
	for (i = 0; i < 4; i++)
		rbuf_init(&a[i]);
	rbuf_init(&all);
	rbuf_init(&text);
	for (r = 0; r < f->nrows; r++) {
		const struct pr_row *w = &f->row[r];
		double q = w->cmp.ratio / f->pratio;

		if (!isfinite(q))
			continue;
		k = fabs(q - 1) <= PR_RATIO_TOL ? 0 : q < 1 ? 1 : 2;
		if (list[k].len)
			rbuf_puts(&list[k], ", ");
		pr_label(w, &list[k]);
		rbuf_puts(&list[k], " (");
		find_num(&list[k], w->cmp.ratio, 3);
		rbuf_puts(&list[k], ")");
	}
	find_num(&a[0], f->peak[PR_FP32], 5);
	find_num(&a[1], f->peak[PR_FP64], 5);
	find_num(&a[2], f->pratio, 3);
	find_pct(&a[3], 100 * PR_RATIO_TOL, 2);
	v[0] = (struct kv){"DEV", pre};
	v[1] = (struct kv){"P32", rbuf_str(&a[0])};
	v[2] = (struct kv){"P64", rbuf_str(&a[1])};
	v[3] = (struct kv){"R", rbuf_str(&a[2])};
	v[4] = (struct kv){"TOL", rbuf_str(&a[3])};
	for (i = 0; i < 3; i++) {
		if (!list[i].len)
			continue;
		snprintf(key, sizeof(key), "precision.find.cls.%s", cls[i]);
		v[5] = (struct kv){"LIST", rbuf_str(&list[i])};
		if (all.len)
			rbuf_puts(&all, "; ");
		emit_string(x, &all, key, v, 6);
	}
	emit_string(x, &text, "precision.find.expect", v, 5);
	/* where the two limits predict the same ratio the data cannot
	 * tell them apart: said, not guessed */
	if (fabs(f->pratio / 2 - 1) <= PR_RATIO_TOL) {
		rbuf_putc(&text, ' ');
		emit_string(x, &text, "precision.find.expect_same", v, 5);
	}
	rbuf_putc(&text, ' ');
	v[5] = (struct kv){"LIST", rbuf_str(&all)};
	emit_string(x, &text, "precision.find.cls", v, 6);
	v[0] = (struct kv){"TEXT", rbuf_str(&text)};
	find_add(x, fd, "precision.find.text", v, 1);
	for (i = 0; i < 3; i++)
		rbuf_free(&list[i]);
	for (i = 0; i < 4; i++)
		rbuf_free(&a[i]);
	rbuf_free(&all);
	rbuf_free(&text);
}

/* The fastest kernel in fp64 at n_top and its share of the FP64 peak;
 * where that is the library, the fastest own kernel too. */
static void find_fast(struct rctx *x, struct rfind *fd,
		      const struct pr_facts *f, const char *pre)
{
	const struct pr_row *w, *o;
	struct rbuf a[6], text;
	struct kv v[7];
	double pct, g;
	int i, over, which;

	if (f->fast64 < 0)
		return;
	w = &f->row[f->fast64];
	g = pr_gflops(w->top[PR_FP64]);
	pct = pr_pct(x, w->top[PR_FP64], &over);
	for (i = 0; i < 6; i++)
		rbuf_init(&a[i]);
	rbuf_init(&text);
	rbuf_printf(&a[0], "%d", f->n_top);
	pr_label(w, &a[1]);
	find_num(&a[2], g, 4);
	find_pct(&a[3], pct, 3);
	find_num(&a[4], pr_peak_at(x, w->top[PR_FP64], &which), 5);
	v[0] = (struct kv){"DEV", pre};
	v[1] = (struct kv){"N", rbuf_str(&a[0])};
	v[2] = (struct kv){"V", rbuf_str(&a[1])};
	v[3] = (struct kv){"G", rbuf_str(&a[2])};
	v[4] = (struct kv){"PCT", rbuf_str(&a[3])};
	v[5] = (struct kv){"PEAK", rbuf_str(&a[4])};
	if (!isfinite(pct) && !over) {
		find_add(x, fd, "precision.find.fast64_nopeak", v, 4);
		goto out;
	}
	/* the share names its peak; one above it is a defect, said */
	emit_string(x, &text, over ? "precision.find.fast64_over" :
		    which == RULE_PEAK_FP64_TC ? "precision.find.fast64_tc" :
		    "precision.find.fast64", v, 6);
	if (!w->own && f->fast64_own >= 0) {
		o = &f->row[f->fast64_own];
		for (i = 1; i < 5; i++)
			rbuf_free(&a[i]);
		pr_label(o, &a[1]);
		find_num(&a[2], pr_gflops(o->top[PR_FP64]), 4);
		find_pct(&a[3], pr_pct(x, o->top[PR_FP64], &over), 3);
		find_pct(&a[4], 100 * pr_gflops(o->top[PR_FP64]) / g, 3);
		/* the buffers moved: every value anew */
		v[2] = (struct kv){"V", rbuf_str(&a[1])};
		v[3] = (struct kv){"G", rbuf_str(&a[2])};
		v[4] = (struct kv){"PCT", rbuf_str(&a[3])};
		v[5] = (struct kv){"PEAK", rbuf_str(&a[5])};
		v[6] = (struct kv){"SHARE", rbuf_str(&a[4])};
		rbuf_putc(&text, ' ');
		emit_string(x, &text, over ? "precision.find.fast64_own_over" :
			    "precision.find.fast64_own", v, 7);
	}
	v[0] = (struct kv){"TEXT", rbuf_str(&text)};
	find_add(x, fd, "precision.find.text", v, 1);
out:
	for (i = 0; i < 6; i++)
		rbuf_free(&a[i]);
	rbuf_free(&text);
}

/* fp32's mean error against fp64's at n_acc, and both in units of u. */
static void find_acc(struct rctx *x, int dev, struct rfind *fd,
		     const struct pr_facts *f, const char *pre)
{
	struct rbuf a[6];
	struct kv v[7];
	int r, i;

	if (!f->nacc)
		return;
	for (i = 0; i < 6; i++)
		rbuf_init(&a[i]);
	rbuf_printf(&a[0], "%d", f->n_acc);
	v[0] = (struct kv){"DEV", pre};
	v[1] = (struct kv){"N", rbuf_str(&a[0])};
	/* an fp64 error of 0 leaves no ratio to state */
	if (f->nacc > f->nacc_not && isfinite(f->er_lo)) {
		pr_range(&a[1], f->er_lo, f->er_hi, 3);
		rbuf_printf(&a[2], "%d", f->nacc - f->nacc_not);
		v[2] = (struct kv){"R", rbuf_str(&a[1])};
		v[3] = (struct kv){"K", rbuf_str(&a[2])};
		find_add(x, fd, "precision.find.acc_ratio", v, 4);
	}
	if (f->nacc_not) {
		rbuf_free(&a[1]);
		for (r = 0; r < f->nrows; r++) {
			const struct pr_row *w = &f->row[r];
			double e[PR_NP];
			int p;

			for (p = 0; p < PR_NP; p++)
				e[p] = pr_acc(pr_find(x, dev, w, f->n_acc, p),
					      VOCAB_METRIC_ACC_MEAN);
			if (!isfinite(e[0]) || !isfinite(e[1]) ||
			    e[PR_FP64] < e[PR_FP32])
				continue;
			if (a[1].len)
				rbuf_puts(&a[1], ", ");
			pr_label(w, &a[1]);
		}
		v[2] = (struct kv){"LIST", rbuf_str(&a[1])};
		find_add(x, fd, "precision.find.acc_not", v, 3);
	}
	for (i = 1; i < 6; i++)
		rbuf_free(&a[i]);
	pr_range(&a[1], f->u_lo[PR_FP32], f->u_hi[PR_FP32], 2);
	pr_range(&a[2], f->u_lo[PR_FP64], f->u_hi[PR_FP64], 2);
	find_num(&a[3], f->umax[PR_FP32], 2);
	find_num(&a[4], f->umax[PR_FP64], 2);
	v[2] = (struct kv){"L32", rbuf_str(&a[1])};
	v[3] = (struct kv){"L64", rbuf_str(&a[2])};
	v[4] = (struct kv){"M32", rbuf_str(&a[3])};
	v[5] = (struct kv){"M64", rbuf_str(&a[4])};
	find_add(x, fd, "precision.find.acc_u", v, 6);
	for (i = 0; i < 6; i++)
		rbuf_free(&a[i]);
}

/* Kernels whose errors at the accuracy size are identical in a
 * precision, largest and mean to the last stored digit: those that add
 * an entry's k products in the same order with the same fused
 * multiply-adds round alike, which the reader should not mistake for a
 * missing measurement. Said of the largest such group with two or more
 * kernels, per precision; the others are named. */
static void find_same(struct rctx *x, int dev, struct rfind *fd,
		      const struct pr_facts *f, const char *pre)
{
	for (int p = 0; p < PR_NP; p++) {
		double mx[PR_MAXR], mn[PR_MAXR];
		int best = -1, bestn = 1, r, q;

		for (r = 0; r < f->nrows; r++) {
			const struct rcfg *c = pr_find(x, dev, &f->row[r],
						       f->n_acc, p);

			mx[r] = pr_acc(c, VOCAB_METRIC_ACC_MAX);
			mn[r] = pr_acc(c, VOCAB_METRIC_ACC_MEAN);
		}
		for (r = 0; r < f->nrows; r++) {
			int same = 0;

			for (q = 0; q < f->nrows && isfinite(mx[r]); q++)
				same += mx[q] == mx[r] && mn[q] == mn[r];
			if (same > bestn) {
				bestn = same;
				best = r;
			}
		}
		if (best < 0)
			continue;
		{
			struct rbuf a[4];
			struct kv v[5];

			for (q = 0; q < 4; q++)
				rbuf_init(&a[q]);
			rbuf_printf(&a[0], "%d", f->n_acc);
			rbuf_puts(&a[1], pr_precs[p]);
			for (r = 0; r < f->nrows; r++) {
				struct rbuf *b = mx[r] == mx[best] &&
					mn[r] == mn[best] ? &a[2] : &a[3];

				if (!isfinite(mx[r]))
					continue;
				if (b->len)
					rbuf_puts(b, ", ");
				pr_label(&f->row[r], b);
			}
			v[0] = (struct kv){"DEV", pre};
			v[1] = (struct kv){"N", rbuf_str(&a[0])};
			v[2] = (struct kv){"P", rbuf_str(&a[1])};
			v[3] = (struct kv){"LIST", rbuf_str(&a[2])};
			find_add(x, fd, "precision.find.same", v, 4);
			if (a[3].len) {
				v[0] = (struct kv){"LIST", rbuf_str(&a[3])};
				find_add(x, fd, "precision.find.same_other",
					 v, 1);
			}
			for (q = 0; q < 4; q++)
				rbuf_free(&a[q]);
		}
	}
}

/* How the mean error grows with k, over the kernels: the ratio from
 * the smallest to the largest size and the fitted exponent. */
static void find_grow(struct rctx *x, struct rfind *fd,
		      const struct pr_facts *f, const char *pre)
{
	double glo[PR_NP], ghi[PR_NP], slo[PR_NP], shi[PR_NP];
	struct rbuf a[6];
	struct kv v[7];
	int klo = 0, khi = 0, r, p, i, nfit = 0;

	for (p = 0; p < PR_NP; p++)
		glo[p] = ghi[p] = slo[p] = shi[p] = NAN;
	for (r = 0; r < f->nrows; r++)
		for (p = 0; p < PR_NP; p++) {
			const struct pr_row *w = &f->row[r];

			if (!isfinite(w->slope[p]))
				continue;
			pr_range_add(w->slope[p], &slo[p], &shi[p]);
			if (!klo || w->k_lo[p] < klo)
				klo = w->k_lo[p];
			if (w->k_hi[p] > khi)
				khi = w->k_hi[p];
			nfit++;
		}
	if (!nfit)
		return;
	/* the growth from klo to khi of the kernels measured at both */
	for (r = 0; r < f->nrows; r++)
		for (p = 0; p < PR_NP; p++) {
			const struct pr_row *w = &f->row[r];

			if (isfinite(w->slope[p]) && w->k_lo[p] == klo &&
			    w->k_hi[p] == khi)
				pr_range_add(w->e_hi[p] / w->e_lo[p], &glo[p],
					     &ghi[p]);
		}
	for (i = 0; i < 6; i++)
		rbuf_init(&a[i]);
	rbuf_printf(&a[0], "%d", klo);
	rbuf_printf(&a[1], "%d", khi);
	for (p = 0; p < PR_NP; p++) {
		pr_range(&a[2 + p], glo[p], ghi[p], 2);
		pr_range(&a[4 + p], slo[p], shi[p], 2);
	}
	v[0] = (struct kv){"DEV", pre};
	v[1] = (struct kv){"KLO", rbuf_str(&a[0])};
	v[2] = (struct kv){"KHI", rbuf_str(&a[1])};
	v[3] = (struct kv){"G32", rbuf_str(&a[2])};
	v[4] = (struct kv){"G64", rbuf_str(&a[3])};
	v[5] = (struct kv){"B32", rbuf_str(&a[4])};
	v[6] = (struct kv){"B64", rbuf_str(&a[5])};
	find_add(x, fd, "precision.find.acc_grow", v, 7);
	for (i = 0; i < 6; i++)
		rbuf_free(&a[i]);
}

/* Every configuration's largest error against the bound k u. */
static void find_bound(struct rctx *x, struct rfind *fd,
		       const struct pr_facts *f, const char *pre)
{
	struct rbuf a[4];
	struct kv v[5];
	int i;

	if (!f->nbound)
		return;
	for (i = 0; i < 4; i++)
		rbuf_init(&a[i]);
	rbuf_printf(&a[0], "%d", f->nbound);
	rbuf_printf(&a[1], "%d", f->nover);
	find_pct(&a[2], 100 * f->worst, 2);
	for (i = 0; i < f->nover && i < PR_MAXN; i++) {
		const struct rcfg *c = f->over[i];
		int p = !strcmp(c->c->precision, VOCAB_PREC_FP64);

		if (i)
			rbuf_puts(&a[3], "; ");
		mem_variant(&a[3], c->c->variant);
		rbuf_printf(&a[3], " %s $n = %d$ (", pr_precs[p], c->c->n);
		find_num(&a[3], pr_acc(c, VOCAB_METRIC_ACC_MAX) /
			 (c->c->k * pr_unit[p]), 3);
		rbuf_puts(&a[3], "$\\,k u$)");
	}
	v[0] = (struct kv){"DEV", pre};
	v[1] = (struct kv){"N", rbuf_str(&a[0])};
	v[2] = (struct kv){"K", rbuf_str(&a[1])};
	v[3] = (struct kv){"PCT", rbuf_str(&a[2])};
	v[4] = (struct kv){"LIST", rbuf_str(&a[3])};
	find_add(x, fd, f->nover ? "precision.find.bound_some" :
		 "precision.find.bound_all", v, 5);
	for (i = 0; i < 4; i++)
		rbuf_free(&a[i]);
}

/* The configurations without a result, and the sizes not steady. */
static void find_misc(struct rctx *x, struct rfind *fd,
		      const struct pr_facts *f, const char *pre)
{
	struct rbuf a[3];
	struct kv v[4];
	int i;

	for (i = 0; i < 3; i++)
		rbuf_init(&a[i]);
	v[0] = (struct kv){"DEV", pre};
	if (f->nbad) {
		rbuf_printf(&a[0], "%d", f->nbad);
		rbuf_printf(&a[1], "%d", f->nall);
		v[1] = (struct kv){"K", rbuf_str(&a[0])};
		v[2] = (struct kv){"N", rbuf_str(&a[1])};
		find_add(x, fd, "precision.find.failed", v, 3);
	}
	if (f->nnon) {
		for (i = 0; i < f->nnon; i++)
			rbuf_printf(&a[2], "%s%d", i ? ", " : "",
				    f->nonsteady[i]);
		v[1] = (struct kv){"NLIST", rbuf_str(&a[2])};
		find_add(x, fd, "precision.find.nonsteady", v, 2);
	}
	for (i = 0; i < 3; i++)
		rbuf_free(&a[i]);
}

/* What the data cannot support, from what they hold: how many GPUs,
 * how many sizes, one input. */
static void find_limits(struct rctx *x, struct rfind *fd)
{
	struct rbuf list, a[2];
	struct kv v[2];
	int *ns = NULL, nd = 0;
	size_t nn, d, i;

	rbuf_init(&list);
	rbuf_init(&a[0]);
	rbuf_init(&a[1]);
	for (d = 0; d < x->ndevs; d++)
		nd += model_has_suite(x, (int)d, PR_SUITE);
	nn = model_ints(x, -1, PR_SUITE, NULL, NULL, 'n', &ns);
	rbuf_printf(&a[0], "%d", nd);
	v[0] = (struct kv){"N", rbuf_str(&a[0])};
	emit_string(x, &list, nd > 1 ? "precision.find.lim.devs" :
		    "precision.find.lim.one_dev", v, 1);
	/* a power of k fitted through a few points */
	if (nn >= 2 && nn <= 4) {
		rbuf_free(&a[0]);
		rbuf_printf(&a[0], "%zu", nn);
		for (i = 0; i < nn; i++)
			rbuf_printf(&a[1], "%s%d", i ? ", " : "", ns[i]);
		v[0] = (struct kv){"N", rbuf_str(&a[0])};
		v[1] = (struct kv){"LIST", rbuf_str(&a[1])};
		rbuf_puts(&list, "; ");
		emit_string(x, &list, "precision.find.lim.sizes", v, 2);
	}
	rbuf_puts(&list, "; ");
	rbuf_puts(&list, lang_get(x->L, "precision.find.lim.input"));
	v[0] = (struct kv){"LIST", rbuf_str(&list)};
	find_add(x, fd, "precision.find.limits", v, 1);
	rbuf_free(&list);
	rbuf_free(&a[0]);
	rbuf_free(&a[1]);
	free(ns);
}

/* ---- the section ---------------------------------------------------------- */

static int part(struct rctx *x, int dev, struct rfind *fd)
{
	struct pr_facts f;
	char pre[32] = "";
	int *ns = NULL, rc;
	size_t nn, i;

	if (facts_precision(x, dev, &f))
		return -1;
	emit_dev_heading(x, 1, dev);
	rc = pr_figure(x, dev, &f);
	nn = model_ints(x, dev, PR_SUITE, NULL, NULL, 'n', &ns);
	for (i = 0; i < nn && !rc; i++)
		rc = speed_table(x, dev, &f, ns[i]);
	for (i = 0; i < nn && !rc; i += PR_ACC_SIZES)
		rc = acc_table(x, dev, &f, ns, (int)i,
			       nn - i < PR_ACC_SIZES ? (int)(nn - i) :
			       PR_ACC_SIZES);
	free(ns);
	problems_list(x, dev, PR_SUITE, NULL);
	if (x->ndevs > 1)
		snprintf(pre, sizeof(pre), "GPU~%d: ", dev + 1);
	find_time(x, fd, &f, pre);
	find_expect(x, fd, &f, pre);
	find_fast(x, fd, &f, pre);
	find_acc(x, dev, fd, &f, pre);
	find_same(x, dev, fd, &f, pre);
	find_grow(x, fd, &f, pre);
	find_bound(x, fd, &f, pre);
	find_misc(x, fd, &f, pre);
	return rc;
}

/* The section: its heading, the objective and method (or that the
 * data hold no such measurement), each device's figure and tables, and
 * the findings of all. Returns 0, or -1 on a store or template error
 * (message printed). */
int sec_precision(struct rctx *x)
{
	struct rfind fd;
	size_t d;
	int rc = 0;

	emit_heading(x, 0, lang_get(x->L, "precision.title"));
	if (!model_has_suite(x, -1, PR_SUITE)) {
		emit_par(x, lang_get(x->L, "precision.absent"));
		return 0;
	}
	emit_par(x, lang_get(x->L, "precision.intro"));
	find_init(&fd);
	for (d = 0; d < x->ndevs && !rc; d++)
		if (model_has_suite(x, (int)d, PR_SUITE))
			rc = part(x, (int)d, &fd);
	if (!rc) {
		find_limits(x, &fd);
		rc = find_emit(x, &fd);
	}
	find_free(&fd);
	return rc;
}
