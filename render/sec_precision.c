/* The `precision` suite (textbook R: float against double in speed and
 * accuracy): the matrix kernels v2..v5, simple, shared and cuBLAS
 * (SGEMM in fp32, DGEMM in fp64) on random inputs uniform in [-1, 1),
 * floats in fp32 and doubles of 53 bits in fp64. The main body shows
 * per device a figure of GFLOP/s against n, a speed table per size
 * (GFLOP/s and share of the peak of each precision, fp64 over fp32
 * kernel time with its test), a table of the sampled errors against
 * the worst-case bound k u, and findings computed by facts_precision,
 * which the conclusions share. Only steady points (full waves, longer
 * than a launch) are compared in time; a product's FLOP rate is not
 * the cache's, so L2 residency is no mark here. */
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

static int pr_cmp(const void *pa, const void *pb)
{
	const struct pr_row *a = pa, *b = pb;
	int ra = pr_rank(a->variant), rb = pr_rank(b->variant), c;

	if (ra != rb)
		return ra - rb;
	c = strcmp(a->variant, b->variant);
	return c ? c : a->block - b->block;
}

/* The (kernel, block) rows device dev measured, in table order. */
static int pr_rows(const struct rctx *x, int dev, struct pr_row *row)
{
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
		row[n].own = !(rcfg_traits(x, &x->cfgs[i]) &
			       KTRAIT_LIBRARY);
		n++;
	}
	/* (variant, block) is unique: the order is total */
	qsort(row, (size_t)n, sizeof(*row), pr_cmp);
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

/* c's GFLOP/s in % of its peak, NAN without one or where it would
 * exceed 100 % (*over set). */
static double pr_pct(const struct rctx *x, const struct rcfg *c, int *over)
{
	int which;

	*over = 0;
	return c ? rcfg_peak_pct(x, c, pr_gflops(c), &which, over) : NAN;
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
	d = m * sxx - sx * sx;
	if (m >= 2 && d > 0)
		w->slope[p] = (m * sxy - sx * sy) / d;
}

/* The errors at n_acc and every configuration's against k u. */
static void pr_facts_acc(const struct rctx *x, int dev, struct pr_facts *f,
			 const int *ns, size_t nn)
{
	const struct rcfg *c;
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
	for (r = 0; r < f->nrows; r++) {
		struct pr_row *w = &f->row[r];
		/* mlo is scratch: only the largest max error is kept */
		double *e = w->emean, mlo = NAN;

		for (p = 0; p < PR_NP; p++) {
			c = pr_find(x, dev, w, f->n_acc, p);
			e[p] = pr_acc(c, VOCAB_METRIC_ACC_MEAN);
			w->emax[p] = pr_acc(c, VOCAB_METRIC_ACC_MAX);
			num_range_add(e[p] / pr_unit[p], &f->u_lo[p],
				     &f->u_hi[p]);
			num_range_add(w->emax[p] / pr_unit[p], &mlo,
				      &f->umax[p]);
		}
		if (!isfinite(e[PR_FP32]) || !isfinite(e[PR_FP64]))
			continue;
		f->nacc++;
		if (!(e[PR_FP64] < e[PR_FP32]))
			f->nacc_not++;
		else if (e[PR_FP64] > 0)
			num_range_add(e[PR_FP32] / e[PR_FP64], &f->er_lo,
				     &f->er_hi);
	}
	for (i = 0; i < x->ncfgs; i++) {
		double m, b;

		c = &x->cfgs[i];
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
	int *ns = NULL, r, p, rc = -1;
	size_t nn, i;
	double best = NAN, best_own = NAN;

	memset(f, 0, sizeof(*f));
	f->dev = dev;
	f->fast64 = f->fast64_own = -1;
	f->peak[PR_FP32] = d->peak_fp32_gflops > 0 ? d->peak_fp32_gflops :
			   NAN;
	f->peak[PR_FP64] = dev_peak_fp64(d);
	f->pratio = f->peak[PR_FP32] / f->peak[PR_FP64];
	f->nrows = pr_rows(x, dev, f->row);
	nn = model_ints(x, dev, PR_SUITE, NULL, NULL, 'n', &ns);
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

		rcmp_clear(&w->cmp);
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
		f->ncmp++;
		f->own_cmp += w->own;
		f->nslower += mem_word(&w->cmp, 0) == MW_WORSE;
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

/* ---- the speed tables ---------------------------------------------------- */

static void speed_head(struct rctx *x, struct rtable *t, const int *has)
{
	int p;

	rtable_head(t, "");
	rtable_head(t, "");
	for (p = 0; p < PR_NP; p++)
		rtable_head_span(t, has[p] ? 2 : 1, pr_precs[p]);
	rtable_head(t, "");
	rtable_head_end(t);
	rtable_head(t, lang_get(x->L, "precision.h_kernel"));
	rtable_head(t, lang_get(x->L, "precision.h_block"));
	for (p = 0; p < PR_NP; p++) {
		rtable_head(t, "GFLOP/s");
		if (has[p])
			rtable_head(t, lang_get(x->L, "precision.h_pct"));
	}
	rtable_head(t, lang_get(x->L, "precision.h_ratio"));
	rtable_head_end(t);
}

/* Row w of speed table t at size n (none where neither precision
 * ran); the marks it prints join t->seen. -1 when the store fails. */
static int speed_row(struct rctx *x, int dev, struct ptable *t,
		     const struct pr_row *w, int n, const int *has)
{
	const struct rcfg *c[PR_NP];
	struct rbuf *cell = &t->cell;
	struct rcmp cmp;
	int p, over, rc = 0;

	for (p = 0; p < PR_NP; p++)
		c[p] = pr_find(x, dev, w, n, p);
	if (!c[PR_FP32] && !c[PR_FP64])
		return 0;
	rbuf_free(cell);
	mem_variant(cell, w->variant);
	rtable_text(&t->t, rbuf_str(cell));
	rbuf_free(cell);
	if (w->block > 0)
		block_label(w->block, w->block, cell);
	rtable_text(&t->t, w->block > 0 ? rbuf_str(cell) : "--");
	for (p = 0; p < PR_NP; p++) {
		if (cell_status(x, &t->t, c[p])) {
			/* a failed kernel has no rate, nor a share */
			if (has[p])
				rtable_text(&t->t, "--");
			continue;
		}
		rbuf_free(cell);
		regime_marks(x, rcfg_marks(x, c[p]), cell);
		t->seen |= rcfg_marks(x, c[p]);
		mem_num(&t->t, pr_gflops(c[p]), -1, 0, rbuf_str(cell), t->wide);
		if (has[p])
			rtable_num(&t->t, pr_pct(x, c[p], &over), -3, 0);
	}
	if (model_compare(x, c[PR_FP32], c[PR_FP64], VOCAB_METRIC_KERNEL,
			  &cmp) == -2)
		rc = -1;
	if (!rcfg_ok(c[PR_FP32]) || !rcfg_ok(c[PR_FP64]))
		cmp.ratio = NAN;
	else if (!cmp.interleaved)
		t->seen |= RG_APART;
	ratio_cell(x, &t->t, &cmp, t->wide);
	rtable_row_end(&t->t);
	return rc;
}

static int speed_table(struct rctx *x, int dev, const struct pr_facts *f,
		       int n)
{
	int has[PR_NP], rc = 0, r, p;
	char kinds[16] = "ll", num[32];
	struct ptable t;

	for (p = 0; p < PR_NP; p++) {
		has[p] = isfinite(f->peak[p]);
		strcat(kinds, has[p] ? "SS" : "S");
	}
	strcat(kinds, "S");
	parts_table_init(&t, kinds);
	speed_head(x, &t.t, has);
	for (r = 0; r < f->nrows; r++)
		rc |= speed_row(x, dev, &t, &f->row[r], n, has);
	snprintf(num, sizeof(num), "%d", n);
	rc |= mem_caption(x, dev, PR_SUITE, NULL, VOCAB_METRIC_GFLOPS,
			  "precision.table", num, &t.cap);
	rbuf_puts(&t.note, lang_get(x->L, "precision.table_note"));
	for (p = 0; p < PR_NP; p++)
		if (!has[p])
			rbuf_printf(&t.note, " %s", lang_get(x->L, p ?
				    "precision.note_nopeak64" :
				    "precision.note_nopeak32"));
	mem_regime_note(x, t.seen & ~(unsigned)RG_APART, &t.note);
	if (t.seen & RG_APART)
		rbuf_printf(&t.note, " %s", lang_get(x->L, "note.apart"));
	snprintf(num, sizeof(num), "precision n=%d", n);
	return parts_table_emit(x, &t, rc, num, dev);
}

/* ---- the accuracy table -------------------------------------------------- */

/* The sizes ns[s0 .. s0 + nc - 1]: per precision a block of rows, one
 * per kernel, and under it the bound k u at each size. */
static int acc_table(struct rctx *x, int dev, const struct pr_facts *f,
		     const int *ns, int s0, int nc)
{
	char kinds[4 + 2 * PR_ACC_SIZES] = "ll";
	struct rtable t;
	struct rbuf h;
	char more[32];
	int rc, r, p, s, k;

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
				for (k = 0; k < 2; k++) {
					rbuf_free(&h);
					rbuf_put_sci(&h, pr_acc(c, k ?
						     VOCAB_METRIC_ACC_MEAN :
						     VOCAB_METRIC_ACC_MAX));
					rtable_text(&t, rbuf_str(&h));
				}
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

/* ---- the figure ---------------------------------------------------------- */

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
	rbufs_init(title, nt);
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
	ps = (struct pspec){.xlabel = lang_get(x->L, "axis.size"),
			    .ylabel = lang_get(x->L, "axis.gflops"), .logx = 2,
			    .logy = 10, .w = PR_FIG_W, .h = PR_FIG_H};
	k = plot_lines(x, &ps, l, (size_t)nl);
	rc = emit_dev_figure(x, dev, k, npk ? "precision.figure" :
			     "precision.figure_nopeak");
out:
	rbufs_free(title, nt);
	free(xs);
	free(ys);
	free(ns);
	return rc;
}

/* ---- findings ------------------------------------------------------------ */

/* fp64 against fp32 in time for each kernel at n_top, and the kernels
 * not compared there. */
static void find_time(struct rctx *x, struct rfind *fd,
		      const struct pr_facts *f, struct fv *v)
{
	struct rbuf list, miss, *lab;
	char key[64];
	int r;

	rbuf_init(&list);
	rbuf_init(&miss);
	for (r = 0; f->n_top && r < f->nrows; r++) {
		const struct pr_row *w = &f->row[r];

		lab = fv_put(v, "V");
		pr_label(w, lab);
		if (!isfinite(w->cmp.ratio)) {
			rbuf_printf(&miss, "%s%s", miss.len ? ", " : "",
				    rbuf_str(lab));
			continue;
		}
		fv_num(v, "R", w->cmp.ratio, 3);
		mem_p(x, fv_put(v, "P"), &w->cmp);
		mem_key(key, sizeof(key), "precision.find.item",
			mem_word(&w->cmp, 0));
		if (list.len)
			rbuf_puts(&list, "; ");
		fv_emit(x, &list, key, v);
	}
	fv_int(v, "N", f->n_top);
	fv_str(v, "LIST", rbuf_str(&list));
	fv_int(v, "K", f->nslower);
	fv_int(v, "NK", f->ncmp);
	if (!f->n_top && f->nrows)
		fv_find(x, fd, "precision.find.nosteady", v);
	if (list.len)
		fv_find(x, fd, f->nslower == f->ncmp ?
			"precision.find.cmp_all" : "precision.find.cmp_some",
			v);
	if (miss.len) {
		fv_str(v, "LIST", rbuf_str(&miss));
		fv_find(x, fd, "precision.find.missing", v);
	}
	rbuf_free(&list);
	rbuf_free(&miss);
}

/* Each time ratio against the device's FP32:FP64 peak ratio, and
 * against the 2 of doubled bytes. */
static void find_expect(struct rctx *x, struct rfind *fd,
			const struct pr_facts *f, struct fv *v)
{
	static const char *const cls[] = {"near", "below", "above"};
	struct rbuf list[3], all, text;
	char key[64];
	int r, i, k;

	if (!f->ncmp || !isfinite(f->pratio))
		return;
	rbufs_init(list, 3);
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
	fv_num(v, "P32", f->peak[PR_FP32], 5);
	fv_num(v, "P64", f->peak[PR_FP64], 5);
	fv_num(v, "R", f->pratio, 3);
	find_pct(fv_put(v, "TOL"), 100 * PR_RATIO_TOL, 2);
	for (i = 0; i < 3; i++) {
		if (!list[i].len)
			continue;
		snprintf(key, sizeof(key), "precision.find.cls.%s", cls[i]);
		fv_str(v, "LIST", rbuf_str(&list[i]));
		if (all.len)
			rbuf_puts(&all, "; ");
		fv_emit(x, &all, key, v);
	}
	fv_emit(x, &text, "precision.find.expect", v);
	/* where the two limits predict the same ratio the data cannot
	 * tell them apart: said, not guessed */
	if (fabs(f->pratio / 2 - 1) <= PR_RATIO_TOL) {
		rbuf_putc(&text, ' ');
		fv_emit(x, &text, "precision.find.expect_same", v);
	}
	rbuf_putc(&text, ' ');
	fv_str(v, "LIST", rbuf_str(&all));
	fv_emit(x, &text, "precision.find.cls", v);
	fv_str(v, "TEXT", rbuf_str(&text));
	fv_find(x, fd, "precision.find.text", v);
	rbufs_free(list, 3);
	rbuf_free(&all);
	rbuf_free(&text);
}

/* The fastest kernel in fp64 at n_top and its share of the FP64 peak;
 * where that is the library, the fastest own kernel too. */
static void find_fast(struct rctx *x, struct rfind *fd,
		      const struct pr_facts *f, struct fv *v)
{
	const struct pr_row *w, *o;
	struct rbuf text;
	double pct, g;
	int over, which;

	if (f->fast64 < 0)
		return;
	w = &f->row[f->fast64];
	g = pr_gflops(w->top[PR_FP64]);
	pct = pr_pct(x, w->top[PR_FP64], &over);
	rbuf_init(&text);
	fv_int(v, "N", f->n_top);
	pr_label(w, fv_put(v, "V"));
	fv_num(v, "G", g, 4);
	find_pct(fv_put(v, "PCT"), pct, 3);
	/* the peak of its precision and units at its clock (rcfg_peak) */
	fv_num(v, "PEAK", rcfg_peak(x, w->top[PR_FP64], &which), 5);
	if (!isfinite(pct) && !over) {
		fv_find(x, fd, "precision.find.fast64_nopeak", v);
		goto out;
	}
	/* the share names its peak; one above it is a defect, said */
	fv_emit(x, &text, over ? "precision.find.fast64_over" :
		which == RULE_PEAK_FP64_TC ? "precision.find.fast64_tc" :
		"precision.find.fast64", v);
	if (!w->own && f->fast64_own >= 0) {
		o = &f->row[f->fast64_own];
		pr_label(o, fv_put(v, "V"));
		fv_num(v, "G", pr_gflops(o->top[PR_FP64]), 4);
		find_pct(fv_put(v, "PCT"), pr_pct(x, o->top[PR_FP64], &over),
			 3);
		find_pct(fv_put(v, "SHARE"),
			 100 * pr_gflops(o->top[PR_FP64]) / g, 3);
		rbuf_putc(&text, ' ');
		fv_emit(x, &text, over ? "precision.find.fast64_own_over" :
			"precision.find.fast64_own", v);
	}
	fv_str(v, "TEXT", rbuf_str(&text));
	fv_find(x, fd, "precision.find.text", v);
out:
	rbuf_free(&text);
}

/* fp32's mean error against fp64's at n_acc, and both in units of u. */
static void find_acc(struct rctx *x, struct rfind *fd,
		     const struct pr_facts *f, struct fv *v)
{
	struct rbuf *list;
	int r;

	if (!f->nacc)
		return;
	fv_int(v, "N", f->n_acc);
	/* an fp64 error of 0 leaves no ratio to state */
	if (f->nacc > f->nacc_not && isfinite(f->er_lo)) {
		num_range_put(fv_put(v, "R"), f->er_lo, f->er_hi, 3, pr_num);
		fv_int(v, "K", f->nacc - f->nacc_not);
		fv_find(x, fd, "precision.find.acc_ratio", v);
	}
	list = fv_put(v, "LIST");
	for (r = 0; f->nacc_not && r < f->nrows; r++) {
		const struct pr_row *w = &f->row[r];
		const double *e = w->emean;

		if (!isfinite(e[0]) || !isfinite(e[1]) ||
		    e[PR_FP64] < e[PR_FP32])
			continue;
		if (list->len)
			rbuf_puts(list, ", ");
		pr_label(w, list);
	}
	if (f->nacc_not)
		fv_find(x, fd, "precision.find.acc_not", v);
	num_range_put(fv_put(v, "L32"), f->u_lo[PR_FP32], f->u_hi[PR_FP32],
		      2, pr_num);
	num_range_put(fv_put(v, "L64"), f->u_lo[PR_FP64], f->u_hi[PR_FP64],
		      2, pr_num);
	fv_num(v, "M32", f->umax[PR_FP32], 2);
	fv_num(v, "M64", f->umax[PR_FP64], 2);
	fv_find(x, fd, "precision.find.acc_u", v);
}

/* 1 when rows a and b have identical errors in precision p. */
static int same_err(const struct pr_row *a, const struct pr_row *b, int p)
{
	return a->emax[p] == b->emax[p] && a->emean[p] == b->emean[p];
}

/* The largest group of rows whose errors in precision p are identical:
 * its first row, -1 where no two are. */
static int same_group(const struct pr_facts *f, int p)
{
	int best = -1, bestn = 1, r, q, same;

	for (r = 0; r < f->nrows; r++) {
		for (q = same = 0; q < f->nrows &&
		     isfinite(f->row[r].emax[p]); q++)
			same += same_err(&f->row[q], &f->row[r], p);
		if (same > bestn) {
			bestn = same;
			best = r;
		}
	}
	return best;
}

/* Kernels whose errors at the accuracy size are identical in a
 * precision, largest and mean to the last stored digit: those that add
 * an entry's k products in the same order with the same fused
 * multiply-adds round alike, which the reader should not mistake for a
 * missing measurement. Said of the largest such group with two or more
 * kernels, per precision; the others are named. */
static void find_same(struct rctx *x, struct rfind *fd,
		      const struct pr_facts *f, struct fv *v)
{
	struct rbuf other, *same, *b;
	int p, r, best;

	for (p = 0; p < PR_NP; p++) {
		best = same_group(f, p);
		if (best < 0)
			continue;
		rbuf_init(&other);
		fv_int(v, "N", f->n_acc);
		fv_str(v, "P", pr_precs[p]);
		same = fv_put(v, "LIST");
		for (r = 0; r < f->nrows; r++) {
			b = same_err(&f->row[r], &f->row[best], p) ? same :
			    &other;
			if (!isfinite(f->row[r].emax[p]))
				continue;
			if (b->len)
				rbuf_puts(b, ", ");
			pr_label(&f->row[r], b);
		}
		fv_find(x, fd, "precision.find.same", v);
		if (other.len) {
			fv_str(v, "LIST", rbuf_str(&other));
			fv_find(x, fd, "precision.find.same_other", v);
		}
		rbuf_free(&other);
	}
}

/* How the mean error grows with k, over the kernels: the ratio from
 * the smallest to the largest size and the fitted exponent. */
static void find_grow(struct rctx *x, struct rfind *fd,
		      const struct pr_facts *f, struct fv *v)
{
	static const char *const gname[PR_NP] = {"G32", "G64"};
	static const char *const bname[PR_NP] = {"B32", "B64"};
	double glo[PR_NP], ghi[PR_NP], slo[PR_NP], shi[PR_NP];
	int klo = 0, khi = 0, r, p, nfit = 0;

	for (p = 0; p < PR_NP; p++)
		glo[p] = ghi[p] = slo[p] = shi[p] = NAN;
	for (r = 0; r < f->nrows; r++)
		for (p = 0; p < PR_NP; p++) {
			const struct pr_row *w = &f->row[r];

			if (!isfinite(w->slope[p]))
				continue;
			num_range_add(w->slope[p], &slo[p], &shi[p]);
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
				num_range_add(w->e_hi[p] / w->e_lo[p],
					      &glo[p], &ghi[p]);
		}
	fv_int(v, "KLO", klo);
	fv_int(v, "KHI", khi);
	for (p = 0; p < PR_NP; p++) {
		num_range_put(fv_put(v, gname[p]), glo[p], ghi[p], 2, pr_num);
		num_range_put(fv_put(v, bname[p]), slo[p], shi[p], 2, pr_num);
	}
	fv_find(x, fd, "precision.find.acc_grow", v);
}

/* Every configuration's largest error against the bound k u. */
static void find_bound(struct rctx *x, struct rfind *fd,
		       const struct pr_facts *f, struct fv *v)
{
	struct rbuf *list;
	int i;

	if (!f->nbound)
		return;
	fv_int(v, "N", f->nbound);
	fv_int(v, "K", f->nover);
	find_pct(fv_put(v, "PCT"), 100 * f->worst, 2);
	list = fv_put(v, "LIST");
	for (i = 0; i < f->nover && i < PR_MAXN; i++) {
		const struct rcfg *c = f->over[i];
		int p = !strcmp(c->c->precision, VOCAB_PREC_FP64);

		if (i)
			rbuf_puts(list, "; ");
		mem_variant(list, c->c->variant);
		rbuf_printf(list, " %s $n = %d$ (", pr_precs[p], c->c->n);
		find_num(list, pr_acc(c, VOCAB_METRIC_ACC_MAX) /
			 (c->c->k * pr_unit[p]), 3);
		rbuf_puts(list, "$\\,k u$)");
	}
	fv_find(x, fd, f->nover ? "precision.find.bound_some" :
		"precision.find.bound_all", v);
}

/* The configurations without a result, and the sizes not steady. */
static void find_misc(struct rctx *x, struct rfind *fd,
		      const struct pr_facts *f, struct fv *v)
{
	struct rbuf *list;
	int i;

	fv_int(v, "K", f->nbad);
	fv_int(v, "N", f->nall);
	if (f->nbad)
		fv_find(x, fd, "precision.find.failed", v);
	list = fv_put(v, "NLIST");
	for (i = 0; i < f->nnon; i++)
		rbuf_printf(list, "%s%d", i ? ", " : "", f->nonsteady[i]);
	if (f->nnon)
		fv_find(x, fd, "precision.find.nonsteady", v);
}

/* What the data cannot support, from what they hold: how many GPUs,
 * how many sizes, one input. */
static void find_limits(struct rctx *x, struct rfind *fd)
{
	struct rbuf list, *sizes;
	struct fv v;
	int *ns = NULL, nd = 0;
	size_t nn, d, i;

	rbuf_init(&list);
	fv_init(&v);
	for (d = 0; d < x->ndevs; d++)
		nd += model_has_suite(x, (int)d, PR_SUITE);
	nn = model_ints(x, -1, PR_SUITE, NULL, NULL, 'n', &ns);
	fv_int(&v, "N", nd);
	fv_emit(x, &list, nd > 1 ? "precision.find.lim.devs" :
		"precision.find.lim.one_dev", &v);
	/* a power of k fitted through a few points */
	if (nn >= 2 && nn <= 4) {
		fv_int(&v, "N", (long long)nn);
		sizes = fv_put(&v, "LIST");
		for (i = 0; i < nn; i++)
			rbuf_printf(sizes, "%s%d", i ? ", " : "", ns[i]);
		rbuf_puts(&list, "; ");
		fv_emit(x, &list, "precision.find.lim.sizes", &v);
	}
	rbuf_puts(&list, "; ");
	rbuf_puts(&list, lang_get(x->L, "precision.find.lim.input"));
	fv_str(&v, "LIST", rbuf_str(&list));
	fv_find(x, fd, "precision.find.limits", &v);
	fv_free(&v);
	rbuf_free(&list);
	free(ns);
}

/* ---- the section --------------------------------------------------------- */

/* Device dev's figure, tables and findings; after the last device's,
 * the limits of all. */
static int part(struct rctx *x, int dev, struct rfind *fd)
{
	static void (*const finds[])(struct rctx *, struct rfind *,
				     const struct pr_facts *, struct fv *) = {
		find_time, find_expect, find_fast, find_acc, find_same,
		find_grow, find_bound, find_misc
	};
	struct pr_facts f;
	struct fv v;
	char pre[32];
	int *ns = NULL, rc;
	size_t nn, i, d;

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
	dev_prefix(x, dev, pre, sizeof(pre));
	for (i = 0; i < sizeof(finds) / sizeof(finds[0]); i++) {
		fv_init(&v);
		fv_str(&v, "DEV", pre);
		finds[i](x, fd, &f, &v);
		fv_free(&v);
	}
	for (d = (size_t)dev + 1; d < x->ndevs &&
	     !model_has_suite(x, (int)d, PR_SUITE); d++)
		;
	if (!rc && d == x->ndevs)
		find_limits(x, fd);
	return rc;
}

/* The section: its heading, the objective and method (or that the
 * data hold no such measurement), each device's figure and tables, and
 * the findings of all. Returns 0, or -1 on a store or template error
 * (message printed). */
int sec_precision(struct rctx *x)
{
	return mem_section(x, PR_SUITE, "precision", part);
}
