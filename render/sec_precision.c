/* The `precision` suite (textbook R: float against double in speed and
 * accuracy): the matrix kernels v2..v5, simple, shared and cuBLAS
 * (SGEMM in fp32, DGEMM in fp64) on random inputs uniform in [-1, 1).
 * The main body holds one speed table at the largest size where kernels
 * ran steady (a column group per GPU: fp64 GFLOP/s, the share of the
 * peak the rule names for the kernel, the fp64 over fp32 time) and
 * findings stated once where the GPUs agree, the errors in units of u
 * among them. Every configuration's numbers are in the generic appendix
 * of all measurements. facts_precision computes what the findings
 * state. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define PR_SUITE VOCAB_SUITE_PRECISION

#define PR_MAXR 16		/* (kernel, block) rows kept */
/* One (kernel, block) that some device measured (every device's facts
 * have the same rows; a device's row of a kernel it did not run has no
 * point). */
struct pr_row {
	const char *variant;	/* points into the configurations */
	int block;
	int own;		/* 0 for the library */
	int named_block;	/* the kernel ran several blocks */
	/* at pr_facts.n_top: each precision (NULL none), and fp32 (a)
	 * against fp64 (b) in kernel time where both ran steady (else
	 * cmp.ratio NAN; cmp.p < 0 untested) */
	const struct rcfg *top[RECT_NP];
	struct rcmp cmp;
	/* the max and mean error at pr_facts.n_acc, NAN none */
	double emax[RECT_NP], emean[RECT_NP];
};
struct pr_facts {
	int dev;
	int nrows;
	struct pr_row row[PR_MAXR];	/* in table order */
	double peak[RECT_NP];	/* nominal peaks [GFLOP/s], NAN unknown */
	double pratio;		/* peak[FP32] / peak[FP64], NAN */
	int n_top;		/* the largest n where a row ran steady in
				 * both precisions; 0 none */
	int ncmp;		/* rows compared there */
	int own_cmp;		/* own rows compared */
	int fast64_own;		/* the own row fastest in fp64 (steady)
				 * at n_top; -1 */
	int n_acc;		/* the largest n where a row has both
				 * precisions' mean error */
};

/* The (kernel, block) rows any device measured, in table order: the
 * kernels as versions_names_of orders them, the library last; the same
 * rows on every device, so that the section sets them side by side (a
 * device's row of a kernel it did not run has no point). */
static int pr_rows(const struct rctx *x, struct pr_row *row)
{
	const char **vv = NULL;
	int *bs = NULL, n = 0, lib, own;
	size_t nv = versions_names_of(x, -1, PR_SUITE, &vv), i, j, nb;

	for (lib = 0; lib < 2; lib++)
		for (i = 0; i < nv; i++) {
			own = !(model_traits(x, vv[i], 0) & KTRAIT_LIBRARY);
			nb = own == lib ? 0 : model_ints(x, -1, PR_SUITE, vv[i],
							 'b', &bs);
			for (j = 0; j < nb && n < PR_MAXR; j++)
				row[n++] = (struct pr_row){.variant = vv[i],
					.block = bs[j], .own = own,
					.named_block = nb > 1};
			free(bs);
			bs = NULL;
		}
	free(vv);
	return n;
}

static const struct rcfg *pr_find(const struct rctx *x, int dev,
				  const struct pr_row *w, int n, int p)
{
	struct rsize sz = {n, n, n};

	return model_find_prec(x, dev, PR_SUITE, w->variant, &sz, w->block,
			       rect_precs[p]);
}

static double pr_acc(const struct rcfg *c, const char *metric)
{
	double v = rcfg_median(c, metric);

	return v >= 0 ? v : NAN;
}

/* The time ratio fp64 / fp32 a finding states: the effect, else the
 * ratio of the medians (no raw samples). */
static double pr_eff(const struct pr_row *w)
{
	if (!isfinite(w->cmp.ratio))
		return NAN;
	return w->cmp.hl > 0 ? w->cmp.hl : w->cmp.ratio;
}

/* fp32's mean error over fp64's where fp64's is the smaller, else NAN. */
static double pr_er(const struct pr_row *w)
{
	const double *e = w->emean;

	return isfinite(e[RECT_FP32]) && isfinite(e[RECT_FP64]) &&
	       e[RECT_FP64] < e[RECT_FP32] && e[RECT_FP64] > 0 ?
	       e[RECT_FP32] / e[RECT_FP64] : NAN;
}

/* Fills *f for device dev: what the findings state (struct pr_facts).
 * Returns 0, -1 when the store fails. */
static int facts_precision(struct rctx *x, int dev, void *vf)
{
	struct pr_facts *f = vf;
	const struct store_device *d = x->devs[dev];
	int *ns = NULL, r, p, rc = -1;
	size_t nn, i;
	double best_own = NAN, g;

	memset(f, 0, sizeof(*f));
	f->dev = dev;
	f->fast64_own = -1;
	f->peak[RECT_FP32] = d->peak_fp32_gflops > 0 ? d->peak_fp32_gflops :
			   NAN;
	f->peak[RECT_FP64] = dev_peak_fp64(d);
	f->pratio = f->peak[RECT_FP32] / f->peak[RECT_FP64];
	f->nrows = pr_rows(x, f->row);
	nn = model_ints(x, dev, PR_SUITE, NULL, 'n', &ns);
	/* n_top and n_acc: the largest sizes where a row ran steady in
	 * both precisions, where it has both one's mean error */
	for (i = nn; i-- > 0;)
		for (r = 0; r < f->nrows; r++) {
			const struct rcfg *a = pr_find(x, dev, &f->row[r],
						       ns[i], RECT_FP32);
			const struct rcfg *b = pr_find(x, dev, &f->row[r],
						       ns[i], RECT_FP64);

			if (!f->n_top && rcfg_steady(x, a) && rcfg_steady(x, b))
				f->n_top = ns[i];
			if (!f->n_acc && isfinite(pr_acc(a,
			    VOCAB_METRIC_ACC_MEAN)) && isfinite(pr_acc(b,
			    VOCAB_METRIC_ACC_MEAN)))
				f->n_acc = ns[i];
		}
	for (r = 0; r < f->nrows; r++) {
		struct pr_row *w = &f->row[r];

		rcmp_clear(&w->cmp);
		for (p = 0; p < RECT_NP; p++) {
			const struct rcfg *c = pr_find(x, dev, w, f->n_acc, p);

			w->top[p] = f->n_top ? pr_find(x, dev, w, f->n_top, p)
				    : NULL;
			w->emean[p] = pr_acc(c, VOCAB_METRIC_ACC_MEAN);
			w->emax[p] = pr_acc(c, VOCAB_METRIC_ACC_MAX);
		}
		g = rcfg_steady(x, w->top[RECT_FP64]) ?
		    cfg_gflops(w->top[RECT_FP64]) : NAN;
		if (w->own && isfinite(g) && !(g <= best_own)) {
			best_own = g;
			f->fast64_own = r;
		}
		if (!rcfg_steady(x, w->top[RECT_FP32]) ||
		    !rcfg_steady(x, w->top[RECT_FP64]))
			continue;
		/* a = fp32, b = fp64: less time is faster */
		if (model_compare(x, w->top[RECT_FP32], w->top[RECT_FP64],
				  VOCAB_METRIC_KERNEL, &w->cmp) == -2)
			goto out;
		if (!isfinite(w->cmp.ratio))
			continue;
		f->ncmp++;
		f->own_cmp += w->own;
	}
	rc = 0;
out:
	free(ns);
	return rc;
}

/* ---- what the section states, per device --------------------------------- */

#define PF(s, i) ((const struct pr_facts *)(s)->f[i])

/* "\texttt{v5}", with its block where the kernel ran several. */
static void pr_label(const struct pr_row *w, struct rbuf *b)
{
	mem_variant(b, w->variant);
	if (w->named_block && w->block > 0) {
		rbuf_putc(b, ' ');
		block_label(w->block, w->block, b);
	}
}

/* \num{5.66e8}: a ratio of errors in scientific notation. */
static void put_sci(struct rbuf *b, double v, int sig)
{
	rbuf_printf(b, "\\num{%.*e}", sig - 1, v);
}

/* Placeholder name of v: a blank and the string key where on is set,
 * else nothing: a sentence that follows another. */
static void put_then(const struct rctx *x, struct fv *v, const char *name,
		     int on, const char *key)
{
	struct rbuf *b = fv_put(v, name);

	if (on)
		rbuf_printf(b, " %s", lang_get(x->L, key));
}

/* ---- the table ----------------------------------------------------------- */

void devs_table_init(struct rctx *x, struct ptable *t,
		     const char *const *lead, const char *const *grp,
		     const int *dv, int nd)
{
	char kinds[4 + 3 * PG_MAXD];
	size_t nl = 0;
	int i;

	while (lead[nl])
		nl++;
	memset(kinds, 'l', nl);
	memset(kinds + nl, 'S', (size_t)(3 * nd));
	kinds[nl + (size_t)(3 * nd)] = '\0';
	parts_table_init(t, kinds);
	for (i = 0; i < (int)nl; i++)
		rtable_head(&t->t, "");
	for (i = 0; i < nd; i++) {
		rbuf_free(&t->cell);
		dev_label(x, dv[i], &t->cell);
		rtable_head_span(&t->t, 3, nd > 1 ? rbuf_str(&t->cell) : "");
	}
	rtable_head_end(&t->t);
	mem_heads(x, &t->t, lead);
	for (i = 0; i < nd; i++)
		mem_heads(x, &t->t, grp);
	rtable_head_end(&t->t);
}

enum { PR_OVER = 1, PR_APART = 2 };

/* Row r of the speed table: the kernel, the peak the rule names for its
 * fp64 rate (the tensor cores for the library's DGEMM; the same on
 * every device that has it), then per device the fp64 rate, its share
 * and the finding's effect. Returns PR_OVER where a share would exceed
 * 100 %, PR_APART where the sides were not sampled interleaved. */
static int speed_row(struct rctx *x, struct pr_facts *const *F, int nd,
		     struct ptable *t, int r)
{
	const char *peak = "--";
	int i, which, over, got = 0;

	rbuf_free(&t->cell);
	pr_label(&F[0]->row[r], &t->cell);
	rtable_text(&t->t, rbuf_str(&t->cell));
	for (i = 0; i < nd; i++)
		if (F[i]->row[r].top[RECT_FP64] && rcfg_peak(x,
		    F[i]->row[r].top[RECT_FP64], &which) > 0)
			peak = lang_get(x->L, which == RULE_PEAK_FP64_TC ?
					"precision.peak_tc" :
					"precision.peak_cuda");
	rtable_text(&t->t, peak);
	for (i = 0; i < nd; i++) {
		const struct pr_row *w = &F[i]->row[r];
		const struct rcfg *c = w->top[RECT_FP64];
		struct rcmp cmp = w->cmp;

		if (cell_status(x, &t->t, c)) {
			rtable_text(&t->t, "--");
			rtable_text(&t->t, "--");
			continue;
		}
		rbuf_free(&t->cell);
		regime_marks(x, rcfg_marks(x, c), &t->cell);
		t->seen |= rcfg_marks(x, c);
		mem_num(&t->t, cfg_gflops(c), -1, 0, rbuf_str(&t->cell));
		rtable_num(&t->t, rcfg_peak_pct(x, c, NULL, &over), -3, 0);
		cmp.ratio = pr_eff(w);	/* the finding's effect */
		got |= (over ? PR_OVER : 0) | (isfinite(cmp.ratio) &&
			!cmp.interleaved ? PR_APART : 0);
		ratio_cell(&t->t, &cmp);
	}
	rtable_row_end(&t->t);
	return got;
}

/* The speed table at each device's n_top, anchored by the first
 * device (it holds every one); its note explains a missing share. */
static int speed_table(struct rctx *x, const struct mem_devs *md)
{
	struct pr_facts *const *F = (struct pr_facts *const *)md->f;
	struct ptable t;
	struct fv v;
	struct dvs s = {NULL, NULL, md->nd, 0, NULL};
	double n[PG_MAXD];
	int i, r, got = 0, nopeak = 0, rc;

	for (i = 0; i < md->nd; i++) {
		nopeak |= !isfinite(F[i]->peak[RECT_FP64]);
		n[i] = F[i]->n_top;
	}
	devs_table_init(x, &t, (const char *const[]){"precision.h_kernel",
			"precision.h_peak", NULL}, (const char *const[]){
			"precision.h_g64", "precision.h_pct",
			"precision.h_ratio", NULL}, md->dev, md->nd);
	for (r = 0; r < F[0]->nrows; r++)
		got |= speed_row(x, F, md->nd, &t, r);
	fv_init(&v);
	/* the sizes once where all devices measured the same */
	dvs_num(x, &s, fv_put(&v, "N"), n, 1, 0);
	rc = fv_emit(x, &t.cap, "precision.table", &v);
	fv_free(&v);
	rbuf_puts(&t.note, lang_get(x->L, "precision.table_note"));
	if ((got & PR_OVER) || nopeak)
		rbuf_printf(&t.note, " %s", lang_get(x->L, got & PR_OVER ?
			    "precision.note_over" : "precision.note_nopeak"));
	regime_note(x, t.seen, &t.note, NULL);
	if (got & PR_APART)
		rbuf_printf(&t.note, " %s", lang_get(x->L, "note.apart"));
	return parts_table_emit(x, &t, rc, "precision", md->dev[0]);
}

/* ---- findings ------------------------------------------------------------ */

/* The class of row r of f in a grouped list, -1 unlisted. */
typedef int (*pr_cls_fn)(const struct pr_facts *f, int r);

/* Lists the rows of s's devices (every one has each row in the same
 * class) by class, ", " apart, and groups the classes into LIST: the
 * string keys[k] of each class k with a row, "; " apart. Where ci is
 * set, each row with its effect on each device, and *ci widened to the
 * largest distance, in %, of an effect's 95 % interval from it. Returns
 * the classes listed, bit k for class k. */
static unsigned rows_by_class(struct rctx *x, const struct dvs *s,
			      pr_cls_fn cls, const char *const *keys, int n,
			      double *ci)
{
	struct rbuf list[4], *all;
	double v[PG_MAXD];
	int r, i, k;
	unsigned got = 0;

	rbufs_init(list, (size_t)n);
	for (r = 0; r < PF(s, 0)->nrows; r++) {
		if ((k = cls(PF(s, 0), r)) < 0)
			continue;
		for (i = 0; i < s->n; i++) {
			const struct rcmp *c = &PF(s, i)->row[r].cmp;

			v[i] = pr_eff(&PF(s, i)->row[r]);
			if (ci && isfinite(c->hl_lo))
				*ci = fmax(*ci, 100 * fmax(c->hl_hi / c->hl - 1,
					   1 - c->hl_lo / c->hl));
		}
		rbuf_puts(&list[k], list[k].len ? ", " : "");
		pr_label(&PF(s, 0)->row[r], &list[k]);
		if (ci)
			rbuf_putc(&list[k], ' ');
		if (ci)
			dvs_num(x, s, &list[k], v, 3, 0);
	}
	for (all = fv_put(s->v, "LIST"), k = 0; k < n; k++) {
		struct fv g;

		if (!list[k].len)
			continue;
		got |= 1u << k;
		fv_init(&g);
		fv_str(&g, "LIST", rbuf_str(&list[k]));
		rbuf_puts(all, all->len ? "; " : "");
		fv_emit(x, all, keys[k], &g);
		fv_free(&g);
	}
	rbufs_free(list, (size_t)n);
	return got;
}

/* fp64 against fp32: by the rule's verdict on the kernel times. */
static int cls_time(const struct pr_facts *f, int r)
{
	static const int of[] = {[MW_WORSE] = 0, [MW_BETTER] = 1,
				 [MW_NS] = 2, [MW_UNTESTED] = 3};
	const struct rcmp *c = &f->row[r].cmp;

	return isfinite(c->ratio) ? of[mem_word(c, 0)] : -1;
}

/* An own kernel's ratio against the FP32 : FP64 peak ratio. */
static int cls_peak(const struct pr_facts *f, int r)
{
	const struct pr_row *w = &f->row[r];
	double q = pr_eff(w) / f->pratio;

	if (!w->own || !isfinite(q))
		return -1;
	return fabs(q - 1) <= RECT_RATIO_TOL ? 0 : q < 1 ? 1 : 2;
}

/* Each kernel's fp64 over fp32 time at n_top, grouped by the verdict,
 * with the effect; whether the two were sampled interleaved; or that no
 * size has a kernel steady in both. */
static int say_time(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	static const char *const keys[] = {"precision.find.g.longer",
		"precision.find.g.shorter", "precision.find.g.ns",
		"precision.find.g.untested"};
	double n[PG_MAXD], ci = 0;
	int i, r, apart = 0;

	if (!PF(s, 0)->n_top || !PF(s, 0)->ncmp)
		return PF(s, 0)->nrows && !PF(s, 0)->n_top ? emit_string(x,
			out, "precision.find.nosteady", NULL, 0) : 0;
	for (i = 0; i < s->n; i++) {
		n[i] = PF(s, i)->n_top;
		for (r = 0; r < PF(s, i)->nrows; r++)
			apart |= isfinite(PF(s, i)->row[r].cmp.ratio) &&
				 !PF(s, i)->row[r].cmp.interleaved;
	}
	rows_by_class(x, s, cls_time, keys, 4, &ci);
	dvs_num(x, s, fv_put(s->v, "N"), n, 1, 0);
	if (s->mask)
		fv_str(s->v, "CI", "#");
	else
		find_pct(fv_put(s->v, "CI"), ci, 1);
	put_then(x, s->v, "APART", apart, "precision.find.apart");
	mp_text_say(x, out, "precision.find.time", s->v);
	return 0;
}

/* Why: the own kernels' ratios against the FP32 : FP64 peak ratio and
 * the 2 of doubled bytes. */
static int say_why(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	static const char *const keys[] = {"precision.find.cls.near",
		"precision.find.cls.below", "precision.find.cls.above"};
	double pr[PG_MAXD], p32[PG_MAXD], p64[PG_MAXD];
	int i, same = 1;
	unsigned got;

	for (i = 0; i < s->n; i++) {
		pr[i] = PF(s, i)->pratio;
		p32[i] = PF(s, i)->peak[RECT_FP32];
		p64[i] = PF(s, i)->peak[RECT_FP64];
		if (!isfinite(pr[i]) || !PF(s, i)->own_cmp)
			return 0;
		same &= fabs(pr[i] / 2 - 1) <= RECT_RATIO_TOL;
	}
	got = rows_by_class(x, s, cls_peak, keys, 3, NULL);
	dvs_num(x, s, fv_put(s->v, "R"), pr, 3, 0);
	dvs_num(x, s, fv_put(s->v, "P32"), p32, 5, 0);
	dvs_num(x, s, fv_put(s->v, "P64"), p64, 5, 0);
	find_pct(fv_put(s->v, "TOL"), 100 * RECT_RATIO_TOL, 2);
	/* a class below or above the peak ratio leaves a question open */
	put_then(x, s->v, "OPEN", got > 1, "precision.find.open");
	fv_str(s->v, "SAME", same ? lang_get(x->L, "precision.find.same2") :
	       "");
	mp_text_say(x, out, "precision.find.why", s->v);
	return 0;
}

/* The library's row whose fp64 product the rule sets against the FP64
 * tensor cores, where an own kernel ran fp64 too; -1 none. */
static int pr_lib(const struct rctx *x, const struct pr_facts *f)
{
	int r, which, lib = -1;

	for (r = 0; r < f->nrows; r++)
		if (f->row[r].top[RECT_FP64] && f->row[r].top[RECT_FP32] &&
		    rcfg_peak(x, f->row[r].top[RECT_FP64], &which) > 0 &&
		    which == RULE_PEAK_FP64_TC && f->fast64_own >= 0)
			lib = r;
	return lib;
}

/* Why the library is not slower in fp64: its DGEMM runs on the FP64
 * tensor cores (the rule's peak for its trait), whose peak stands to
 * the FP32 CUDA cores' as 1 : RP; with its share of that peak and the
 * fastest own kernel's share of the library's rate. */
static int say_lib(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	double v[4][PG_MAXD];
	static const char *const name[4] = {"PCT", "PEAK", "RP", "SHARE"};
	static const int sig[4] = {3, 5, 3, 3};
	int i, which, lib = pr_lib(x, PF(s, 0));

	if (lib < 0)
		return 0;
	for (i = 0; i < s->n; i++) {
		const struct pr_facts *f = PF(s, i);
		const struct pr_row *w = &f->row[pr_lib(x, f)];

		v[0][i] = rcfg_peak_pct(x, w->top[RECT_FP64], NULL, NULL);
		v[1][i] = rcfg_peak(x, w->top[RECT_FP64], &which);
		v[2][i] = rcfg_peak_fp32(x, w->top[RECT_FP32]) / v[1][i];
		v[3][i] = 100 * cfg_gflops(f->row[f->fast64_own].top[RECT_FP64]) /
			  cfg_gflops(w->top[RECT_FP64]);
	}
	pr_label(&PF(s, 0)->row[lib], fv_put(s->v, "V"));
	pr_label(&PF(s, 0)->row[PF(s, 0)->fast64_own], fv_put(s->v, "O"));
	for (i = 0; i < 4; i++)
		dvs_num(x, s, fv_put(s->v, name[i]), v[i], sig[i], 0);
	mp_text_say(x, out, "precision.find.lib", s->v);
	return 0;
}

/* Device dev's ok configurations with a max error against k u: their
 * count added to *nb, those above it to *nover, the largest share to
 * *worst. */
static void pr_bound(const struct rctx *x, int dev, int *nb, int *nover,
		     double *worst)
{
	double lo = NAN, m, bd;
	size_t k;

	for (k = 0; k < x->ncfgs; k++) {
		const struct rcfg *c = &x->cfgs[k];

		if (c->dev != dev || strcmp(c->c->suite, PR_SUITE) ||
		    !rcfg_ok(c))
			continue;
		m = pr_acc(c, VOCAB_METRIC_ACC_MAX);
		bd = c->c->k * rect_unit(!strcmp(c->c->precision ?
			c->c->precision : "", VOCAB_PREC_FP64));
		if (!isfinite(m) || !(bd > 0))
			continue;
		++*nb;
		num_range_add(m / bd, &lo, worst);
		*nover += m > bd;
	}
}

/* The kernels whose fp64 is not more accurate than their fp32. */
static int say_acc_not(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct pr_facts *f = PF(s, 0);
	double n[PG_MAXD];
	struct rbuf *b;
	int i, r;

	b = fv_put(s->v, "LIST");
	for (r = 0; r < f->nrows; r++)
		if (f->row[r].emean[RECT_FP64] >= f->row[r].emean[RECT_FP32]) {
			rbuf_puts(b, b->len ? ", " : "");
			pr_label(&f->row[r], b);
		}
	if (!b->len)
		return 0;
	for (i = 0; i < s->n; i++)
		n[i] = PF(s, i)->n_acc;
	dvs_num(x, s, fv_put(s->v, "N"), n, 1, 0);
	mp_text_say(x, out, "precision.find.acc_not", s->v);
	return 0;
}

/* The errors of s's devices at once: in units of u over the kernels and
 * devices, fp32's over fp64's, against the bound k u. */
static int say_acc(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	double lo[RECT_NP], hi[RECT_NP], mx[RECT_NP], mlo = NAN, elo = NAN,
	       ehi = NAN, worst = NAN, n[PG_MAXD];
	const struct pr_row *ref[RECT_NP] = {NULL, NULL};
	int i, r, p, nb = 0, nover = 0, same = 1;
	struct rbuf *b;

	if (s->mask)	/* one finding over all the devices */
		return rbuf_putc(out, '#'), 0;
	for (p = 0; p < RECT_NP; p++)
		lo[p] = hi[p] = mx[p] = NAN;
	for (i = 0; i < s->n; i++) {
		const struct pr_facts *f = PF(s, i);

		n[i] = f->n_acc;
		for (r = 0; r < f->nrows; r++)
			for (p = 0; p < RECT_NP; p++) {
				const struct pr_row *w = &f->row[r];

				num_range_add(pr_er(w), &elo, &ehi);
				num_range_add(w->emean[p] / rect_unit(p),
					      &lo[p], &hi[p]);
				num_range_add(w->emax[p] / rect_unit(p), &mlo,
					      &mx[p]);
				/* kernels that add an entry's k products in
				 * one order with the same fused multiply-adds
				 * round alike */
				if (!isfinite(w->emax[p]))
					continue;
				if (!ref[p])
					ref[p] = w;
				same &= w->emax[p] == ref[p]->emax[p] &&
					w->emean[p] == ref[p]->emean[p] &&
					f->n_acc == PF(s, 0)->n_acc;
			}
		pr_bound(x, f->dev, &nb, &nover, &worst);
	}
	if (!isfinite(lo[RECT_FP32]) || !isfinite(lo[RECT_FP64]))
		return 0;
	dvs_num(x, s, fv_put(s->v, "N"), n, 1, 0);
	num_range_put(fv_put(s->v, "L32"), lo[0], hi[0], 2, find_num);
	num_range_put(fv_put(s->v, "L64"), lo[1], hi[1], 2, find_num);
	find_num(fv_put(s->v, "M32"), mx[0], 2);
	find_num(fv_put(s->v, "M64"), mx[1], 2);
	num_range_put(fv_put(s->v, "R"), elo, ehi, 3, put_sci);
	fv_int(s->v, "K", nover);
	fv_int(s->v, "NB", nb);
	find_pct(fv_put(s->v, "PCT"), 100 * worst, 2);
	put_then(x, s->v, "SAME", same, "precision.find.acc_same");
	b = fv_put(s->v, "RATIO");
	if (isfinite(elo)) {
		rbuf_putc(b, ' ');
		fv_emit(x, b, "precision.find.acc_ratio", s->v);
	}
	mp_text_say(x, out, nover ? "precision.find.acc_over" :
		    "precision.find.acc", s->v);
	return 0;
}

/* What the data cannot support, from what they hold. */
static int say_limits(struct rctx *x, const struct dvs *s, struct rbuf *out)
{

	fv_int(s->v, "N", s->n);
	mp_text_say(x, out, s->n > 1 ? "precision.find.lim.devs" :
		    "precision.find.lim.one_dev", s->v);
	return 0;
}

/* The take-away: the own kernels' and the library's time ratios and
 * fp32's error over fp64's, over s's devices. */
static int say_take(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	double lo[3] = {NAN, NAN, NAN}, hi[3] = {NAN, NAN, NAN};
	int i, r;

	if (s->mask)	/* one take-away over all the devices */
		return rbuf_putc(out, '#'), 0;
	for (i = 0; i < s->n; i++)
		for (r = 0; r < PF(s, i)->nrows; r++) {
			const struct pr_row *w = &PF(s, i)->row[r];

			num_range_add(pr_eff(w), &lo[!w->own], &hi[!w->own]);
			num_range_add(pr_er(w), &lo[2], &hi[2]);
		}
	if (!isfinite(lo[0]) || !isfinite(lo[2]))
		return 0;
	num_range_put(fv_put(s->v, "R"), lo[0], hi[0], 2, find_num);
	num_range_put(fv_put(s->v, "RL"), lo[1], hi[1], 2, find_num);
	put_sci(fv_put(s->v, "E"), lo[2], 2);
	mp_text_say(x, out, isfinite(lo[1]) ? "precision.take" :
		    "precision.take_own", s->v);
	return 0;
}

/* The section: its heading, the objective and method (or that the
 * data hold no such measurement), the speed table of every device, the
 * configurations without a result, the findings and the take-away.
 * Returns 0, or -1 on a store or template error (message printed). */
static const struct dvs_find pr_say[] = {{say_time, NULL}, {say_why, NULL},
	{say_lib, NULL}, {say_acc_not, NULL}, {say_acc, NULL},
	{say_limits, NULL}};
MEM_SECTION(precision, .suite = PR_SUITE, .fsize = sizeof(struct pr_facts),
	    .facts = facts_precision, .draw = speed_table, .say = pr_say,
	    .nsay = MEM_N(pr_say), .take = say_take)
