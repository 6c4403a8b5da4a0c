/* The `rect` suite (textbook R): the product of rectangular matrices
 * C (m x n) = A (m x k) B (k x n) with every dimension padded up to the
 * block, at blocks 8, 16 and 32, beside cuBLAS, in fp32 and fp64. The
 * main body shows per device a table of what padding adds to each
 * shape, a table of GFLOP/s per precision (every block, cuBLAS, the
 * fastest block's share of cuBLAS, in fp64 the time over fp32), a
 * figure of the same, a table of accuracy in units of the unit
 * roundoff, and findings computed by facts_rect, which the conclusions
 * share. A block's comparison is made at one shape, where the regime
 * (a grid below one wave) is part of what the block costs: such points
 * are marked and named rather than left out. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define RECT_SUITE VOCAB_SUITE_RECT
#define RECT_FIG_W 15.0
#define RECT_FIG_H 8.0

const char *const rect_precs[RECT_NP] = {VOCAB_PREC_FP32, VOCAB_PREC_FP64};

static double gflops(const struct rcfg *c)
{
	return rcfg_median(c, VOCAB_METRIC_GFLOPS);
}

static long long pad_up(int v, int b)
{
	return ((long long)v + b - 1) / b * b;
}

double rect_pad_ratio(const struct rsize *sz, int b)
{
	if (b <= 0 || sz->m <= 0 || sz->k <= 0 || sz->n <= 0)
		return NAN;
	return (double)pad_up(sz->m, b) / sz->m *
	       ((double)pad_up(sz->k, b) / sz->k) *
	       ((double)pad_up(sz->n, b) / sz->n);
}

void rect_shape_label(const struct rsize *sz, struct rbuf *b)
{
	if (sz->m == sz->n && sz->k == sz->n) {
		size_label(sz, b);
		return;
	}
	/* as size_label writes it, with a line break allowed after each
	 * sign at the price TeX puts on a break after a binary operator:
	 * a shape of 14 digits and two signs would otherwise push a line
	 * of prose into the margin */
	rbuf_printf(b, "%d\\(\\times\\)\\penalty700 %d\\(\\times\\)"
		    "\\penalty700 %d", sz->m, sz->k, sz->n);
}

double rect_unit(int p)
{
	return ldexp(1.0, p == RECT_FP64 ? -53 : -24);
}

/* ---- facts ---------------------------------------------------------------- */

/* a against b where both are ok; -1 when the store fails. */
static int cmp_ok(struct rctx *x, const struct rcfg *a, const struct rcfg *b,
		  const char *metric, struct rcmp *r)
{
	rcmp_clear(r);
	if (!rcfg_ok(a) || !rcfg_ok(b))
		return 0;
	return model_compare(x, a, b, metric, r) == -2 ? -1 : 0;
}

static double work(const struct rsize *s)
{
	return (double)s->m * s->k * s->n;
}

/* Shapes in order of their useful work, ties by n, m, k. */
static int cmp_work(const void *pa, const void *pb)
{
	const struct rsize *a = pa, *b = pb;

	if (work(a) != work(b))
		return work(a) < work(b) ? -1 : 1;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	if (a->m != b->m)
		return a->m < b->m ? -1 : 1;
	return (a->k > b->k) - (a->k < b->k);
}

/* The configuration of block index b (or cuBLAS, b < 0) of shape s. */
static const struct rcfg *cfg_of(const struct rect_shape *s, int p, int b)
{
	return b < 0 ? s->lib[p] : s->c[p][b];
}

/* Block index b's configuration of shape s, NULL for b < 0 (none). */
static const struct rcfg *at(const struct rect_shape *s, int p, int b)
{
	return b >= 0 ? s->c[p][b] : NULL;
}

static int shape_fill(struct rctx *x, int dev, const struct rect_facts *f,
		      struct rect_shape *s)
{
	int p, b;

	for (p = 0; p < RECT_NP; p++) {
		double bg = -INFINITY, ng = -INFINITY;
		double lo = INFINITY, hi = -INFINITY;

		s->best[p] = s->next[p] = s->pl[p] = s->pw[p] = -1;
		for (b = 0; b < f->nb; b++) {
			const struct rcfg *c;
			double g, r = rect_pad_ratio(&s->sz, f->blocks[b]);

			c = model_find_prec(x, dev, RECT_SUITE,
					    VOCAB_VARIANT_RECT, &s->sz,
					    f->blocks[b], rect_precs[p]);
			s->c[p][b] = c;
			g = gflops(c);
			if (!isfinite(g))
				continue;
			if (g > bg) {
				s->next[p] = s->best[p];
				ng = bg;
				s->best[p] = b;
				bg = g;
			} else if (g > ng) {
				s->next[p] = b;
				ng = g;
			}
			if (r < lo) {
				lo = r;
				s->pl[p] = b;
			}
			if (r > hi) {
				hi = r;
				s->pw[p] = b;
			}
		}
		s->lib[p] = model_find_prec(x, dev, RECT_SUITE,
					    VOCAB_VARIANT_CUBLAS, &s->sz, -1,
					    rect_precs[p]);
		/* padding costs only where the most padded block does
		 * markedly more work than the least padded one runs */
		if (s->pw[p] < 0 || !(hi >= 1 + RECT_PAD_BIG) || !(hi > lo))
			s->pl[p] = s->pw[p] = -1;
		/* a comparison with a side missing is left empty */
		if (cmp_ok(x, at(s, p, s->next[p]), at(s, p, s->best[p]),
			   VOCAB_METRIC_GFLOPS, &s->lead[p]) ||
		    cmp_ok(x, s->lib[p], at(s, p, s->best[p]),
			   VOCAB_METRIC_GFLOPS, &s->vs_lib[p]) ||
		    cmp_ok(x, at(s, p, s->pl[p]), at(s, p, s->pw[p]),
			   VOCAB_METRIC_KERNEL, &s->pad_t[p]))
			return -1;
	}
	if (cmp_ok(x, at(s, RECT_FP32, s->best[RECT_FP32]),
		   at(s, RECT_FP64, s->best[RECT_FP64]), VOCAB_METRIC_KERNEL,
		   &s->prec))
		return -1;
	return cmp_ok(x, s->lib[RECT_FP32], s->lib[RECT_FP64],
		      VOCAB_METRIC_KERNEL, &s->prec_lib);
}

/* One place computes what the findings and the conclusions state; see
 * struct rect_facts. */
int facts_rect(struct rctx *x, int dev, struct rect_facts *f)
{
	const struct store_device *d = x->devs[dev];
	struct rsize *sz = NULL;
	int *bs = NULL, rc = -1, p, b;
	size_t nsz, nb, i;

	memset(f, 0, sizeof(*f));
	f->max_rel = f->pad_max = f->tr_lo = f->tr_hi = NAN;
	f->pad_s = -1;
	f->peak32 = d->peak_fp32_gflops > 0 ? d->peak_fp32_gflops : NAN;
	f->peak64 = dev_peak_fp64(d);
	nb = model_ints(x, dev, RECT_SUITE, VOCAB_VARIANT_RECT, NULL, 'b',
			&bs);
	for (i = 0; i < nb && f->nb < RECT_MAXB; i++)
		if (bs[i] > 0)
			f->blocks[f->nb++] = bs[i];
	nsz = model_sizes(x, dev, RECT_SUITE, NULL, &sz);
	if (nsz)
		qsort(sz, nsz, sizeof(*sz), cmp_work);
	for (i = 0; i < nsz && f->ns < RECT_MAXS; i++) {
		f->s[f->ns].sz = sz[i];
		if (shape_fill(x, dev, f, &f->s[f->ns++]))
			goto out;
	}
	model_cfgs_count(x, dev, RECT_SUITE, VOCAB_VARIANT_RECT, &f->nfail,
			 &f->nall, &f->nok, &f->max_rel);
	/* what padding to the largest block adds, where it ran */
	b = f->nb - 1;
	for (i = 0; b >= 0 && i < (size_t)f->ns; i++)
		for (p = 0; p < RECT_NP; p++) {
			double r = rect_pad_ratio(&f->s[i].sz, f->blocks[b]);

			if (!rcfg_ok(f->s[i].c[p][b]) || r <= f->pad_max)
				continue;
			f->pad_max = r;
			f->pad_s = (int)i;
			f->pad_b = f->blocks[b];
		}
	for (i = 0; i < (size_t)f->ns; i++) {
		double r = f->s[i].prec.ratio;

		if (!isfinite(r))
			continue;
		f->tr_lo = f->ntr ? fmin(f->tr_lo, r) : r;
		f->tr_hi = f->ntr ? fmax(f->tr_hi, r) : r;
		f->ntr++;
	}
	rc = 0;
out:
	free(bs);
	free(sz);
	return rc;
}

/* ---- helpers -------------------------------------------------------------- */

static void block_head(struct rbuf *b, int block)
{
	rbuf_printf(b, "$b = %d$", block);
}

/* An error in units of u: NAN without the value. */
static double in_u(const struct rcfg *c, const char *metric, int p)
{
	return rcfg_median(c, metric) / rect_unit(p);
}

/* ---- the padding table ---------------------------------------------------- */

static int pad_table(struct rctx *x, int dev, const struct rect_facts *f)
{
	char kinds[2 + 2 * RECT_MAXB] = "l";
	struct rtable t;
	struct rbuf h;
	int i, b, rc;

	for (b = 0; b < f->nb; b++)
		strcat(kinds, "rS");
	rtable_init(&t, kinds);
	rbuf_init(&h);
	rtable_head(&t, "");
	for (b = 0; b < f->nb; b++) {
		rbuf_free(&h);
		block_head(&h, f->blocks[b]);
		rtable_head_span(&t, 2, rbuf_str(&h));
	}
	rtable_head_end(&t);
	rtable_head(&t, lang_get(x->L, "rect.shape"));
	for (b = 0; b < f->nb; b++) {
		rtable_head(&t, lang_get(x->L, "rect.padded"));
		rtable_head(&t, lang_get(x->L, "rect.ratio"));
	}
	rtable_head_end(&t);
	for (i = 0; i < f->ns; i++) {
		const struct rsize *s = &f->s[i].sz;

		rbuf_free(&h);
		size_label(s, &h);
		rtable_text(&t, rbuf_str(&h));
		for (b = 0; b < f->nb; b++) {
			int bb = f->blocks[b];
			struct rsize ps = {(int)pad_up(s->m, bb),
					   (int)pad_up(s->k, bb),
					   (int)pad_up(s->n, bb)};

			rbuf_free(&h);
			/* the square case too as three numbers: padding
			 * is per dimension */
			rbuf_printf(&h, "%d\\(\\times\\)%d\\(\\times\\)%d",
				    ps.m, ps.k, ps.n);
			rtable_text(&t, rbuf_str(&h));
			rtable_num(&t, rect_pad_ratio(s, bb), 3, 0);
		}
		rtable_row_end(&t);
	}
	rc = emit_dev_table(x, &t, dev, "rect.pad_table", "rect-pad", NULL,
			    "rect.pad_note");
	rtable_free(&t);
	rbuf_free(&h);
	return rc;
}

/* ---- the speed tables ----------------------------------------------------- */

static void speed_head(struct rctx *x, struct rtable *t,
		       const struct rect_facts *f, int p)
{
	struct rbuf h;
	int b;

	rbuf_init(&h);
	rtable_head(t, "");
	rbuf_puts(&h, "\\texttt{rect} [GFLOP/s]");
	rtable_head_span(t, f->nb, rbuf_str(&h));
	rtable_head(t, "\\texttt{cublas}");
	rtable_head_span(t, 2, lang_get(x->L, "rect.best_head"));
	if (p == RECT_FP64)
		rtable_head_span(t, 2, lang_get(x->L, "rect.time_ratio"));
	rtable_head_end(t);
	rtable_head(t, lang_get(x->L, "rect.shape"));
	for (b = 0; b < f->nb; b++) {
		rbuf_free(&h);
		block_head(&h, f->blocks[b]);
		rtable_head(t, rbuf_str(&h));
	}
	rtable_head(t, "[GFLOP/s]");
	rtable_head(t, lang_get(x->L, "rect.pct_cublas"));
	rtable_head(t, lang_get(x->L, "rect.pad_best"));
	if (p == RECT_FP64) {
		rtable_head(t, "\\texttt{rect}");
		rtable_head(t, "\\texttt{cublas}");
	}
	rtable_head_end(t);
	rbuf_free(&h);
}

/* What the marks mean, and what this section does with such points:
 * a shape's blocks are ranked whatever their regime (how many blocks a
 * grid has is part of what a block size costs), but the shape is left
 * out of "% of peak". */
static void rect_regime_note(const struct rctx *x, unsigned seen,
			     struct rbuf *note)
{
	if (!(seen & ~(unsigned)RG_DERIVED))
		return;
	if (note->len)
		rbuf_putc(note, ' ');
	if (regime_note_marks(x, seen, note)) {
		rbuf_puts(note, ". ");
		rbuf_puts(note, lang_get(x->L, "rect.regime_note"));
	}
}

/* Shape s's row of precision p: the marks all its cells share once on
 * the shape, each cell's others beside it; the regimes seen are added
 * to *seen. */
static void speed_row(struct rctx *x, struct rtable *t, struct rbuf *wide,
		      const struct rect_facts *f, const struct rect_shape *s,
		      int p, unsigned *seen)
{
	const struct rcfg *best = at(s, p, s->best[p]), *c;
	struct rbuf lab;
	unsigned gm = ~0u;
	int b, k;

	for (b = -1; b < f->nb; b++)
		if (rcfg_ok(cfg_of(s, p, b)))
			gm &= rcfg_marks(x, cfg_of(s, p, b));
	if (gm == ~0u)
		gm = 0;
	rbuf_init(&lab);
	size_label(&s->sz, &lab);
	regime_marks(x, gm, &lab);
	rtable_text(t, rbuf_str(&lab));
	for (b = 0; b <= f->nb; b++) {
		/* the blocks' columns, then cuBLAS */
		k = b < f->nb ? b : -1;
		c = cfg_of(s, p, k);
		if (cell_status(x, t, c))
			continue;
		rbuf_free(&lab);
		regime_marks(x, rcfg_marks(x, c) & ~gm, &lab);
		/* whole GFLOP/s: a column of 4 to 5 digits aligns */
		mem_num(t, gflops(c), 0, k >= 0 && k == s->best[p] ? RT_BOLD :
			0, rbuf_str(&lab), wide);
		*seen |= rcfg_regime(x, c);
	}
	/* a failed kernel has no share: never a speed */
	rtable_num(t, 100 * s->vs_lib[p].ratio, 1, 0);
	rtable_num(t, best ? rect_pad_ratio(&s->sz, best->c->block_x) : NAN,
		   3, 0);
	if (p == RECT_FP64) {
		ratio_cell(x, t, &s->prec, wide);
		ratio_cell(x, t, &s->prec_lib, wide);
	}
	rtable_row_end(t);
	rbuf_free(&lab);
}

static int speed_table(struct rctx *x, int dev, const struct rect_facts *f,
		       int p)
{
	char kinds[8 + RECT_MAXB] = "l";
	struct rbuf wide[RTABLE_MAXCOLS], cap, note, kind;
	struct rtable t;
	unsigned seen = 0;
	int i, b, rc = 0;

	for (b = 0; b <= f->nb; b++)
		strcat(kinds, "S");
	strcat(kinds, p == RECT_FP64 ? "SSSS" : "SS");
	rbufs_init(wide, RTABLE_MAXCOLS);
	rbuf_init(&cap);
	rbuf_init(&note);
	rbuf_init(&kind);
	rtable_init(&t, kinds);
	speed_head(x, &t, f, p);
	for (i = 0; i < f->ns; i++)
		speed_row(x, &t, wide, f, &f->s[i], p, &seen);
	rc |= mem_caption(x, dev, RECT_SUITE, NULL, VOCAB_METRIC_GFLOPS,
			  p == RECT_FP64 ? "rect.table_fp64" : "rect.table",
			  NULL, &cap);
	rbuf_puts(&note, lang_get(x->L, p == RECT_FP64 ? "rect.table_note64" :
				  "rect.table_note"));
	rect_regime_note(x, seen, &note);
	rbuf_printf(&kind, "rect-%s", rect_precs[p]);
	if (!rc)
		rc = mem_table_emit(x, &t, wide, rbuf_str(&cap),
				    rbuf_str(&kind), dev, rbuf_str(&note));
	rtable_free(&t);
	rbufs_free(wide, RTABLE_MAXCOLS);
	rbuf_free(&cap);
	rbuf_free(&note);
	rbuf_free(&kind);
	return rc;
}

/* ---- the accuracy table --------------------------------------------------- */

/* The rect configuration whose accuracy a shape shows: its fastest
 * block, else (none ran ok) a failed or skipped one, for its status. */
static const struct rcfg *acc_cfg(const struct rect_facts *f,
				  const struct rect_shape *s, int p)
{
	const struct rcfg *c = NULL;
	int b;

	if (s->best[p] >= 0)
		return s->c[p][s->best[p]];
	for (b = 0; b < f->nb; b++)
		if (s->c[p][b] && (!c || !strcmp(s->c[p][b]->c->status,
						 VOCAB_CFG_FAILED)))
			c = s->c[p][b];
	return c;
}

static int acc_table(struct rctx *x, int dev, const struct rect_facts *f)
{
	static const char *const metric[2] = {VOCAB_METRIC_ACC_MAX,
					      VOCAB_METRIC_ACC_MEAN};
	struct rtable t;
	struct rbuf h;
	int i, p, v, k, rc;

	rtable_init(&t, "lSSSSSSSS");
	rbuf_init(&h);
	rtable_head(&t, "");
	for (p = 0; p < RECT_NP; p++)
		for (v = 0; v < 2; v++) {
			rbuf_free(&h);
			rbuf_printf(&h, "\\texttt{%s} %s", v ? "cublas" :
				    "rect", rect_precs[p]);
			rtable_head_span(&t, 2, rbuf_str(&h));
		}
	rtable_head_end(&t);
	rtable_head(&t, lang_get(x->L, "rect.shape"));
	for (p = 0; p < 2 * RECT_NP; p++)
		for (k = 0; k < 2; k++)
			rtable_head(&t, lang_get(x->L, k ? "rect.acc_mean" :
						 "rect.acc_max"));
	rtable_head_end(&t);
	for (i = 0; i < f->ns; i++) {
		const struct rect_shape *s = &f->s[i];

		rbuf_free(&h);
		size_label(&s->sz, &h);
		rtable_text(&t, rbuf_str(&h));
		for (p = 0; p < RECT_NP; p++)
			for (v = 0; v < 2; v++) {
				/* rect at the block the speed table puts in
				 * bold */
				const struct rcfg *c = v ? s->lib[p] :
						       acc_cfg(f, s, p);

				for (k = 0; k < 2; k++)
					if (!cell_status(x, &t, c))
						rtable_num(&t, in_u(c,
							   metric[k], p), -3,
							   0);
			}
		rtable_row_end(&t);
	}
	rc = emit_dev_table(x, &t, dev, "rect.acc_table", "rect-acc", NULL,
			    "rect.acc_note");
	rtable_free(&t);
	rbuf_free(&h);
	return rc;
}

/* ---- the figure ----------------------------------------------------------- */

/* GFLOP/s over the shapes (in order of their work), one line per block
 * and cuBLAS, fp32 solid, fp64 dotted in the same colour. */
static int rect_figure(struct rctx *x, int dev, const struct rect_facts *f)
{
	enum { NL = 2 * (RECT_MAXB + 1) };
	struct mem_line l[NL];
	struct rbuf title[NL], tic[RECT_MAXS];
	const char *tics[RECT_MAXS];
	double xs[RECT_MAXS], ys[NL][RECT_MAXS];
	struct mem_axes a;
	int i, p, b, k, nl = 0, rc;

	rbufs_init(title, NL);
	rbufs_init(tic, (size_t)f->ns);
	for (i = 0; i < f->ns; i++) {
		rbuf_puts(&tic[i], "{\\scriptsize ");
		size_label(&f->s[i].sz, &tic[i]);
		rbuf_puts(&tic[i], "}");
		tics[i] = rbuf_str(&tic[i]);
		xs[i] = i + 1;
	}
	for (p = 0; p < RECT_NP; p++)
		for (b = 0; b <= f->nb; b++, nl++) {
			int lib = b == f->nb;

			for (i = 0; i < f->ns; i++)
				ys[nl][i] = gflops(cfg_of(&f->s[i], p,
							  lib ? -1 : b));
			rbuf_puts(&title[nl], "{\\scriptsize ");
			if (lib)
				rbuf_puts(&title[nl], "\\texttt{cublas}");
			else
				block_head(&title[nl], f->blocks[b]);
			rbuf_printf(&title[nl], " %s}", rect_precs[p]);
			l[nl] = (struct mem_line){rbuf_str(&title[nl]), xs,
				ys[nl], (size_t)f->ns, p ? PL_REF : PL_LINE,
				lib ? 6 : b, lib ? 6 : b};
		}
	a = (struct mem_axes){.xlabel = lang_get(x->L, "rect.axis_shape"),
		.ylabel = lang_get(x->L, "axis.gflops"), .xmin = 0.6,
		.xmax = f->ns + 0.4, .xtics = xs, .nxtics = (size_t)f->ns,
		.xticlabels = tics, .logy = 10, .w = RECT_FIG_W,
		.h = RECT_FIG_H};
	k = mem_plot(x, &a, l, (size_t)nl);
	rc = emit_dev_figure(x, dev, k, "rect.figure");
	rbufs_free(title, NL);
	rbufs_free(tic, (size_t)f->ns);
	return rc;
}

/* ---- findings ------------------------------------------------------------- */

static void shape_put(struct fv *v, const char *name, const struct rsize *s)
{
	rect_shape_label(s, fv_put(v, name));
}

/* The fastest block of each shape and its lead over the next. */
static void find_best(struct rctx *x, struct rfind *fd,
		      const struct rect_facts *f, int p, const char *pre)
{
	/* by mem_word: the best block is the faster, significantly or
	 * not */
	static const char *const lead_key[] = {"rect.find.lead.none",
		"rect.find.lead.untested", "rect.find.lead.ns",
		"rect.find.lead.faster", "rect.find.lead.faster"};
	int count[RECT_MAXB] = {0}, i, n = 0, top = 0;
	struct rbuf list, lead;
	struct fv v;

	rbuf_init(&list);
	rbuf_init(&lead);
	fv_init(&v);
	for (i = 0; i < f->ns; i++) {
		const struct rect_shape *s = &f->s[i];
		const struct rcmp *r = &s->lead[p];
		const char *key;

		if (s->best[p] < 0)
			continue;
		n++;
		count[s->best[p]]++;
		key = lead_key[s->next[p] < 0 ? MW_NONE : mem_word(r, 1)];
		fv_num(&v, "R", r->ratio, 3);
		fv_int(&v, "B2", s->next[p] >= 0 ? f->blocks[s->next[p]] : 0);
		mem_p(x, fv_put(&v, "P"), r);
		rbuf_free(&lead);
		fv_emit(x, &lead, key, &v);
		shape_put(&v, "SHAPE", &s->sz);
		fv_int(&v, "B", f->blocks[s->best[p]]);
		fv_num(&v, "G", gflops(s->c[p][s->best[p]]), 4);
		fv_str(&v, "LEAD", rbuf_str(&lead));
		if (list.len)
			rbuf_puts(&list, "; ");
		fv_emit(x, &list, "rect.find.best_item", &v);
	}
	if (n) {
		for (i = 1; i < f->nb; i++)
			if (count[i] > count[top])
				top = i;
		fv_free(&v);
		fv_str(&v, "DEV", pre);
		fv_str(&v, "PREC", rect_precs[p]);
		fv_int(&v, "B", f->blocks[top]);
		fv_int(&v, "K", count[top]);
		label_count_put(x, "rect.shapes", n, n, fv_put(&v, "N"));
		fv_str(&v, "LIST", rbuf_str(&list));
		fv_find(x, fd, "rect.find.best", &v);
	}
	fv_free(&v);
	rbuf_free(&list);
	rbuf_free(&lead);
}

/* Where padding costs: the time ratio of the most and the least padded
 * block against their padded-work ratio. */
static void find_pad(struct rctx *x, struct rfind *fd,
		     const struct rect_facts *f, int p, const char *pre)
{
	struct rbuf text, tol;
	struct fv v;
	int i, w;

	rbuf_init(&text);
	rbuf_init(&tol);
	find_pct(&tol, 100 * RECT_PAD_TOL, 2);
	for (i = 0; i < f->ns; i++) {
		const struct rect_shape *s = &f->s[i];
		const struct rcmp *r = &s->pad_t[p];
		double rw, rl, rp, e;
		const char *key;

		if (s->pw[p] < 0 || !isfinite(r->ratio))
			continue;
		rw = rect_pad_ratio(&s->sz, f->blocks[s->pw[p]]);
		rl = rect_pad_ratio(&s->sz, f->blocks[s->pl[p]]);
		rp = rw / rl;
		/* the most padded block's time per padded multiply-add
		 * over the least padded one's */
		e = r->ratio / rp;
		fv_init(&v);
		fv_str(&v, "DEV", pre);
		fv_str(&v, "PREC", rect_precs[p]);
		shape_put(&v, "SHAPE", &s->sz);
		fv_int(&v, "BW", f->blocks[s->pw[p]]);
		fv_int(&v, "BL", f->blocks[s->pl[p]]);
		fv_num(&v, "PW", rw, 4);
		fv_num(&v, "PL", rl, 4);
		fv_num(&v, "RP", rp, 3);
		fv_num(&v, "RT", r->ratio, 3);
		fv_num(&v, "E", e, 3);
		fv_str(&v, "TOL", rbuf_str(&tol));
		mem_p(x, fv_put(&v, "P"), r);
		rbuf_free(&text);
		fv_emit(x, &text, "rect.find.pad", &v);
		w = mem_word(r, 0);
		key = w == MW_NS ? "rect.find.pad.ns" :
		      fabs(e - 1) <= RECT_PAD_TOL ? "rect.find.pad.explains" :
		      e > 1 ? "rect.find.pad.more" : "rect.find.pad.less";
		rbuf_putc(&text, ' ');
		fv_emit(x, &text, key, &v);
		if (w == MW_UNTESTED) {
			rbuf_putc(&text, ' ');
			fv_emit(x, &text, "rect.find.pad.medians", &v);
		}
		fv_free(&v);
		fv_str(&v, "TEXT", rbuf_str(&text));
		fv_find(x, fd, "rect.find.text", &v);
		fv_free(&v);
	}
	rbuf_free(&text);
	rbuf_free(&tol);
}

/* A list "SHAPE R (P); ..." of one comparison per shape. */
static void ratio_list(struct rctx *x, const struct rect_facts *f, int lib,
		       struct rbuf *list)
{
	struct fv v;
	int i;

	fv_init(&v);
	for (i = 0; i < f->ns; i++) {
		const struct rcmp *r = lib ? &f->s[i].prec_lib :
					     &f->s[i].prec;

		if (!isfinite(r->ratio))
			continue;
		shape_put(&v, "SHAPE", &f->s[i].sz);
		fv_num(&v, "R", r->ratio, 3);
		mem_p(x, fv_put(&v, "P"), r);
		if (list->len)
			rbuf_puts(list, "; ");
		fv_emit(x, list, "rect.find.ratio_item", &v);
	}
	fv_free(&v);
}

/* fp64 over fp32 in time, and what the device's peaks predict. */
static void find_prec(struct rctx *x, struct rfind *fd,
		      const struct rect_facts *f, const char *pre)
{
	struct rbuf list, llist, text;
	struct fv v;
	double pr, lo, hi;
	const char *key;

	if (!f->ntr)
		return;
	rbuf_init(&list);
	rbuf_init(&llist);
	rbuf_init(&text);
	fv_init(&v);
	ratio_list(x, f, 0, &list);
	ratio_list(x, f, 1, &llist);
	fv_str(&v, "DEV", pre);
	fv_str(&v, "LIST", rbuf_str(&list));
	fv_str(&v, "LLIST", rbuf_str(&llist));
	fv_emit(x, &text, llist.len ? "rect.find.prec" :
		"rect.find.prec_nolib", &v);
	pr = f->peak32 / f->peak64;
	if (!isfinite(f->peak64)) {
		rbuf_putc(&text, ' ');
		fv_emit(x, &text, "rect.find.pr.none", &v);
	} else if (isfinite(pr)) {
		lo = pr * (1 - RECT_RATIO_TOL);
		hi = pr * (1 + RECT_RATIO_TOL);
		fv_num(&v, "P32", f->peak32, 4);
		fv_num(&v, "P64", f->peak64, 4);
		fv_num(&v, "PR", pr, 3);
		num_range_put(fv_put(&v, "RANGE"), f->tr_lo, f->tr_hi, 3,
			      find_num);
		find_pct(fv_put(&v, "TOL"), 100 * RECT_RATIO_TOL, 2);
		key = f->tr_lo >= lo && f->tr_hi <= hi ? "rect.find.pr.near" :
		      f->tr_hi < lo ? "rect.find.pr.below" :
		      f->tr_lo > hi ? "rect.find.pr.above" :
		      "rect.find.pr.mixed";
		rbuf_putc(&text, ' ');
		fv_emit(x, &text, key, &v);
		/* doubled bytes and the peaks predict the same 2 */
		if (fabs(pr / 2 - 1) <= RECT_RATIO_TOL) {
			rbuf_putc(&text, ' ');
			fv_emit(x, &text, "rect.find.pr.two", &v);
		}
	}
	fv_free(&v);
	fv_str(&v, "TEXT", rbuf_str(&text));
	fv_find(x, fd, "rect.find.text", &v);
	fv_free(&v);
	rbuf_free(&list);
	rbuf_free(&llist);
	rbuf_free(&text);
}

/* The fastest block against cuBLAS over the shapes, and at the largest
 * shape both ran. */
static void find_lib(struct rctx *x, struct rfind *fd,
		     const struct rect_facts *f, int p, const char *pre)
{
	const struct rect_shape *top = NULL;
	double lo = INFINITY, hi = -INFINITY;
	struct fv v;
	int i, n = 0;

	for (i = 0; i < f->ns; i++) {
		double r = 100 * f->s[i].vs_lib[p].ratio;

		if (!isfinite(r))
			continue;
		lo = fmin(lo, r);
		hi = fmax(hi, r);
		top = &f->s[i];
		n++;
	}
	if (!top)
		return;
	fv_init(&v);
	fv_str(&v, "DEV", pre);
	fv_str(&v, "PREC", rect_precs[p]);
	num_range_put(fv_put(&v, "RANGE"), lo, hi, 3, find_pct);
	shape_put(&v, "SHAPE", &top->sz);
	fv_num(&v, "G", top->vs_lib[p].b, 4);
	fv_num(&v, "GC", top->vs_lib[p].a, 4);
	find_pct(fv_put(&v, "PCT"), 100 * top->vs_lib[p].ratio, 3);
	mem_p(x, fv_put(&v, "P"), &top->vs_lib[p]);
	fv_find(x, fd, n == 1 ? "rect.find.lib_one" : "rect.find.lib", &v);
	fv_free(&v);
}

/* At the largest shape where the fastest block counts: it and cuBLAS
 * in % of the peak of their precision and units (rcfg_peak: cuBLAS's
 * fp64 product against the FP64 tensor-core peak where the device has
 * one); a share above its peak is a defect, said instead. */
static void find_peaks(struct rctx *x, struct rfind *fd,
		       const struct rect_facts *f, const char *pre)
{
	struct fv v;
	int i, p, wc, wl, over, lover;

	for (p = 0; p < RECT_NP; p++) {
		const struct rect_shape *s = NULL;
		const struct rcfg *c;
		double pk, pc, pl = NAN;

		for (i = f->ns; i-- > 0 && !s; )
			if (rcfg_steady(x, at(&f->s[i], p, f->s[i].best[p])))
				s = &f->s[i];
		if (!s)
			continue;
		c = s->c[p][s->best[p]];
		pk = rcfg_peak(x, c, &wc);
		pc = rcfg_peak_pct(x, c, gflops(c), &wc, &over);
		if (!isfinite(pk) || over)
			continue;
		lover = 0;
		wl = wc;
		if (rcfg_ok(s->lib[p]))
			pl = rcfg_peak_pct(x, s->lib[p], gflops(s->lib[p]),
					   &wl, &lover);
		fv_init(&v);
		fv_str(&v, "DEV", pre);
		shape_put(&v, "SHAPE", &s->sz);
		fv_num(&v, "PK", pk, 4);
		find_pct(fv_put(&v, "A"), pc, 3);
		find_pct(fv_put(&v, "C"), pl, 3);
		if (wl == RULE_PEAK_FP64_TC && isfinite(pl)) {
			fv_num(&v, "PKT", rcfg_peak(x, s->lib[p], &wl), 4);
			fv_find(x, fd, "rect.find.peak64_tc", &v);
		} else {
			fv_find(x, fd, p ? (isfinite(pl) ? "rect.find.peak64" :
				"rect.find.peak64_nolib") : (isfinite(pl) ?
				"rect.find.peak32" : "rect.find.peak32_nolib"),
				&v);
		}
		if (lover) {
			fv_str(&v, "PREC", rect_precs[p]);
			fv_find(x, fd, "rect.find.peak_over", &v);
		}
		fv_free(&v);
	}
}

/* The errors in units of u per precision, against the bound k u, and
 * fp32's against fp64's. */
static void find_acc(struct rctx *x, struct rfind *fd,
		     const struct rect_facts *f, const char *pre)
{
	double mean[RECT_NP] = {0, 0};
	int nmean[RECT_NP] = {0, 0};
	struct fv v;
	int i, p;

	for (p = 0; p < RECT_NP; p++) {
		double rmax = NAN, rmean = NAN, cmax = NAN, cmean = NAN;
		int n = 0, over = 0, klo = 0, khi = 0;

		for (i = 0; i < f->ns; i++) {
			const struct rect_shape *s = &f->s[i];
			const struct rcfg *c = at(s, p, s->best[p]);
			double a = in_u(c, VOCAB_METRIC_ACC_MAX, p);
			double m = in_u(c, VOCAB_METRIC_ACC_MEAN, p);
			double la = in_u(s->lib[p], VOCAB_METRIC_ACC_MAX, p);
			double lm = in_u(s->lib[p], VOCAB_METRIC_ACC_MEAN, p);

			if (isfinite(a)) {
				n++;
				rmax = !(a <= rmax) ? a : rmax;
				klo = !klo || s->sz.k < klo ? s->sz.k : klo;
				khi = s->sz.k > khi ? s->sz.k : khi;
				/* the classical bound gamma_k ~ k u */
				over += a > s->sz.k;
			}
			if (isfinite(m)) {
				rmean = !(m <= rmean) ? m : rmean;
				mean[p] += m * rect_unit(p);
				nmean[p]++;
			}
			if (isfinite(la))
				cmax = !(la <= cmax) ? la : cmax;
			if (isfinite(lm))
				cmean = !(lm <= cmean) ? lm : cmean;
		}
		if (!n)
			continue;
		fv_init(&v);
		fv_str(&v, "DEV", pre);
		fv_str(&v, "PREC", rect_precs[p]);
		rbuf_puts(fv_put(&v, "U"), p ? "2^{-53}" : "2^{-24}");
		label_count_put(x, "rect.shapes", n, n, fv_put(&v, "N"));
		fv_num(&v, "RMAX", rmax, 3);
		fv_num(&v, "RMEAN", rmean, 3);
		fv_num(&v, "CMAX", cmax, 3);
		fv_num(&v, "CMEAN", cmean, 3);
		fv_int(&v, "KLO", klo);
		fv_int(&v, "KHI", khi);
		label_count_put(x, "rect.shapes", over, over,
				fv_put(&v, "NX"));
		fv_find(x, fd, over ? "rect.find.acc_over" :
			klo == khi ? "rect.find.acc_one" : "rect.find.acc", &v);
		fv_free(&v);
	}
	if (!nmean[RECT_FP32] || !nmean[RECT_FP64] || !(mean[RECT_FP64] > 0))
		return;
	fv_init(&v);
	fv_str(&v, "DEV", pre);
	/* some 10^8: in scientific notation */
	rbuf_printf(fv_put(&v, "R"), "\\num{%.2e}",
		    (mean[RECT_FP32] / nmean[RECT_FP32]) /
		    (mean[RECT_FP64] / nmean[RECT_FP64]));
	rbuf_printf(fv_put(&v, "UR"), "$2^{%.0f}$",
		    log2(rect_unit(RECT_FP32) / rect_unit(RECT_FP64)));
	fv_find(x, fd, "rect.find.acc_ratio", &v);
	fv_free(&v);
}

/* The shapes where a point ran below a wave or near a launch. */
static void find_nonsteady(struct rctx *x, struct rfind *fd,
			   const struct rect_facts *f, int dev,
			   const char *pre)
{
	struct rbuf list;
	struct fv v;
	size_t j;
	int i;

	rbuf_init(&list);
	for (i = 0; i < f->ns; i++) {
		int non = 0;

		for (j = 0; j < x->ncfgs; j++) {
			const struct rcfg *c = &x->cfgs[j];

			if (c->dev != dev || strcmp(c->c->suite, RECT_SUITE) ||
			    c->c->m != f->s[i].sz.m ||
			    c->c->k != f->s[i].sz.k ||
			    c->c->n != f->s[i].sz.n)
				continue;
			non |= rcfg_ok(c) && !rcfg_steady(x, c);
		}
		if (!non)
			continue;
		if (list.len)
			rbuf_puts(&list, ", ");
		rect_shape_label(&f->s[i].sz, &list);
	}
	if (list.len) {
		fv_init(&v);
		fv_str(&v, "DEV", pre);
		fv_str(&v, "LIST", rbuf_str(&list));
		fv_find(x, fd, "rect.find.nonsteady", &v);
		fv_free(&v);
	}
	rbuf_free(&list);
}

static void findings_dev(struct rctx *x, struct rfind *fd,
			 const struct rect_facts *f, int dev, const char *pre)
{
	struct fv v;
	int p;

	for (p = 0; p < RECT_NP; p++)
		find_best(x, fd, f, p, pre);
	for (p = 0; p < RECT_NP; p++)
		find_pad(x, fd, f, p, pre);
	find_prec(x, fd, f, pre);
	for (p = 0; p < RECT_NP; p++)
		find_lib(x, fd, f, p, pre);
	find_peaks(x, fd, f, pre);
	find_acc(x, fd, f, pre);
	if (f->nall) {
		fv_init(&v);
		fv_str(&v, "DEV", pre);
		fv_int(&v, "K", f->nok);
		fv_int(&v, "N", f->nall);
		if (isfinite(f->max_rel))
			rbuf_printf(fv_put(&v, "E"), "\\num{%.2e}",
				    f->max_rel);
		else
			fv_str(&v, "E", "--");
		fv_find(x, fd, f->nok == f->nall ? "rect.find.verified_all" :
			"rect.find.verified_some", &v);
		fv_free(&v);
	}
	find_nonsteady(x, fd, f, dev, pre);
}

/* ---- the section ---------------------------------------------------------- */

/* 1 when any configuration of precision p was measured (whatever its
 * status): a suite measured in one precision has no table of the
 * other. */
static int prec_measured(const struct rect_facts *f, int p)
{
	int i, b;

	for (i = 0; i < f->ns; i++)
		for (b = -1; b < f->nb; b++)
			if (cfg_of(&f->s[i], p, b))
				return 1;
	return 0;
}

static int part(struct rctx *x, int dev, struct rfind *fd)
{
	struct rect_facts *f = malloc(sizeof(*f));
	char pre[32];
	int rc = -1, p;

	if (!f)
		return -1;
	if (facts_rect(x, dev, f))
		goto out;
	emit_dev_heading(x, 1, dev);
	rc = pad_table(x, dev, f);
	for (p = 0; p < RECT_NP && !rc; p++)
		if (prec_measured(f, p))
			rc = speed_table(x, dev, f, p);
	if (!rc)
		rc = rect_figure(x, dev, f);
	if (!rc)
		rc = acc_table(x, dev, f);
	problems_list(x, dev, RECT_SUITE, NULL);
	dev_prefix(x, dev, pre, sizeof(pre));
	findings_dev(x, fd, f, dev, pre);
out:
	free(f);
	return rc;
}

int sec_rect(struct rctx *x)
{
	return mem_section(x, RECT_SUITE, "rect", part);
}
