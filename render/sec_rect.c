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
		double lo = INFINITY, hi = -INFINITY;

		s->best[p] = s->next[p] = s->pl[p] = s->pw[p] = -1;
		for (b = 0; b < f->nb; b++) {
			double g, r = rect_pad_ratio(&s->sz, f->blocks[b]);

			s->c[p][b] = model_find_prec(x, dev, RECT_SUITE,
						     VOCAB_VARIANT_RECT, &s->sz,
						     f->blocks[b],
						     rect_precs[p]);
			if (!isfinite(g = gflops(s->c[p][b])))
				continue;
			if (s->best[p] < 0 ||
			    g > gflops(at(s, p, s->best[p]))) {
				s->next[p] = s->best[p];
				s->best[p] = b;
			} else if (s->next[p] < 0 ||
				   g > gflops(at(s, p, s->next[p]))) {
				s->next[p] = b;
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
	int *bs = NULL, rc = -1, p, b, nfail;
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
	b = f->nb - 1;
	for (i = 0; i < nsz && f->ns < RECT_MAXS; i++) {
		struct rect_shape *s = &f->s[f->ns];

		s->sz = sz[i];
		if (shape_fill(x, dev, f, s))
			goto out;
		/* what padding to the largest block adds, where it ran */
		for (p = 0; b >= 0 && p < RECT_NP; p++) {
			double r = rect_pad_ratio(&s->sz, f->blocks[b]);

			if (!rcfg_ok(s->c[p][b]) || r <= f->pad_max)
				continue;
			f->pad_max = r;
			f->pad_s = f->ns;
			f->pad_b = f->blocks[b];
		}
		num_range_add(s->prec.ratio, &f->tr_lo, &f->tr_hi);
		f->ntr += isfinite(s->prec.ratio);
		f->ns++;
	}
	model_cfgs_count(x, dev, RECT_SUITE, VOCAB_VARIANT_RECT, &nfail,
			 &f->nall, &f->nok, &f->max_rel);
	rc = 0;
out:
	free(bs);
	free(sz);
	return rc;
}

/* ---- the tables ----------------------------------------------------------- */

static void block_head(struct rbuf *b, int block)
{
	rbuf_printf(b, "$b = %d$", block);
}

/* An error in units of u: NAN without the value. */
static double in_u(const struct rcfg *c, const char *metric, int p)
{
	return rcfg_median(c, metric) / rect_unit(p);
}

/* The header of a table of the shapes whose columns come in pairs: an
 * empty cell, then top[0..n-1] (freed here) each over two columns; under
 * them the shape and n times the strings k0 and k1. */
static void pair_heads(struct rctx *x, struct rtable *t, struct rbuf *top,
		       int n, const char *k0, const char *k1)
{
	int i;

	rtable_head(t, "");
	for (i = 0; i < n; i++)
		rtable_head_span(t, 2, rbuf_str(&top[i]));
	rtable_head_end(t);
	rtable_head(t, lang_get(x->L, "rect.shape"));
	for (i = 0; i < n; i++) {
		rtable_head(t, lang_get(x->L, k0));
		rtable_head(t, lang_get(x->L, k1));
	}
	rtable_head_end(t);
	rbufs_free(top, (size_t)n);
}

/* A row's first cell: the shape and the marks gm all its cells share. */
static void shape_cell(const struct rctx *x, struct rtable *t,
		       const struct rsize *sz, unsigned gm)
{
	struct rbuf b;

	rbuf_init(&b);
	size_label(sz, &b);
	regime_marks(x, gm, &b);
	rtable_text(t, rbuf_str(&b));
	rbuf_free(&b);
}

static int pad_table(struct rctx *x, int dev, const struct rect_facts *f)
{
	char kinds[2 + 2 * RECT_MAXB] = "l";
	struct rbuf top[RECT_MAXB], h;
	struct rtable t;
	int i, b, rc;

	rbufs_init(top, RECT_MAXB);
	rbuf_init(&h);
	for (b = 0; b < f->nb; b++) {
		strcat(kinds, "rS");
		block_head(&top[b], f->blocks[b]);
	}
	rtable_init(&t, kinds);
	pair_heads(x, &t, top, f->nb, "rect.padded", "rect.ratio");
	for (i = 0; i < f->ns; i++) {
		const struct rsize *s = &f->s[i].sz;

		shape_cell(x, &t, s, 0);
		for (b = 0; b < f->nb; b++) {
			rbuf_free(&h);
			/* the square case too as three numbers: padding
			 * is per dimension */
			rbuf_printf(&h, "%lld\\(\\times\\)%lld"
				    "\\(\\times\\)%lld",
				    pad_up(s->m, f->blocks[b]),
				    pad_up(s->k, f->blocks[b]),
				    pad_up(s->n, f->blocks[b]));
			rtable_text(&t, rbuf_str(&h));
			rtable_num(&t, rect_pad_ratio(s, f->blocks[b]), 3, 0);
		}
		rtable_row_end(&t);
	}
	rc = emit_dev_table(x, &t, dev, "rect.pad_table", "rect-pad", NULL,
			    "rect.pad_note");
	rtable_free(&t);
	rbuf_free(&h);
	return rc;
}

/* Shape s's row of precision p: the marks all its cells share once on
 * the shape, each cell's others beside it. */
static void speed_row(struct rctx *x, struct ptable *pt,
		      const struct rect_facts *f, const struct rect_shape *s,
		      int p)
{
	const struct rcfg *best = at(s, p, s->best[p]), *c;
	unsigned gm = ~0u;
	int b;

	for (b = -1; b < f->nb; b++)
		if (rcfg_ok(cfg_of(s, p, b)))
			gm &= rcfg_marks(x, cfg_of(s, p, b));
	if (gm == ~0u)
		gm = 0;
	shape_cell(x, &pt->t, &s->sz, gm);
	for (b = 0; b <= f->nb; b++) {
		/* the blocks' columns, then cuBLAS */
		c = cfg_of(s, p, b < f->nb ? b : -1);
		if (!mp_cell_gflops(x, &pt->t, pt->wide, c, gm,
				    b == s->best[p]))
			pt->seen |= rcfg_regime(x, c);
	}
	/* a failed kernel has no share: never a speed */
	rtable_num(&pt->t, 100 * s->vs_lib[p].ratio, 1, 0);
	rtable_num(&pt->t, best ? rect_pad_ratio(&s->sz, best->c->block_x) :
		   NAN, 3, 0);
	if (p == RECT_FP64) {
		ratio_cell(x, &pt->t, &s->prec, pt->wide);
		ratio_cell(x, &pt->t, &s->prec_lib, pt->wide);
	}
	rtable_row_end(&pt->t);
}

/* The table of precision p, where any of its configurations was
 * measured (whatever its status). */
static int speed_table(struct rctx *x, int dev, const struct rect_facts *f,
		       int p)
{
	static const char *const heads[] = {"=[GFLOP/s]", "rect.pct_cublas",
		"rect.pad_best", "=\\texttt{rect}", "=\\texttt{cublas}", NULL};
	char kinds[8 + RECT_MAXB] = "l", kind[16];
	struct ptable pt;
	int i, b, any = 0, rc;

	for (i = 0; i < f->ns; i++)
		for (b = -1; b < f->nb; b++)
			any |= cfg_of(&f->s[i], p, b) != NULL;
	if (!any)
		return 0;
	for (b = 0; b <= f->nb; b++)
		strcat(kinds, "S");
	strcat(kinds, p == RECT_FP64 ? "SSSS" : "SS");
	parts_table_init(&pt, kinds);
	rtable_head(&pt.t, "");
	rtable_head_span(&pt.t, f->nb, "\\texttt{rect} [GFLOP/s]");
	rtable_head(&pt.t, "\\texttt{cublas}");
	rtable_head_span(&pt.t, 2, lang_get(x->L, "rect.best_head"));
	if (p == RECT_FP64)
		rtable_head_span(&pt.t, 2, lang_get(x->L, "rect.time_ratio"));
	rtable_head_end(&pt.t);
	rtable_head(&pt.t, lang_get(x->L, "rect.shape"));
	for (b = 0; b < f->nb; b++) {
		rbuf_free(&pt.cell);
		block_head(&pt.cell, f->blocks[b]);
		rtable_head(&pt.t, rbuf_str(&pt.cell));
	}
	mem_heads(x, &pt.t, p == RECT_FP64 ? heads : (const char *const[]){
		  heads[0], heads[1], heads[2], NULL});
	rtable_head_end(&pt.t);
	for (i = 0; i < f->ns; i++)
		speed_row(x, &pt, f, &f->s[i], p);
	rc = mem_caption(x, dev, RECT_SUITE, NULL, VOCAB_METRIC_GFLOPS,
			 p == RECT_FP64 ? "rect.table_fp64" : "rect.table",
			 NULL, &pt.cap);
	rbuf_puts(&pt.note, lang_get(x->L, p == RECT_FP64 ?
				     "rect.table_note64" : "rect.table_note"));
	/* a shape's blocks are ranked whatever their regime (how many
	 * blocks a grid has is part of what a block size costs), but the
	 * shape is left out of "% of peak" */
	mp_regime_note(x, pt.seen, &pt.note, "rect.regime_note");
	snprintf(kind, sizeof(kind), "rect-%s", rect_precs[p]);
	return parts_table_emit(x, &pt, rc, kind, dev);
}

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

/* Per precision rect (at the block the speed table puts in bold) and
 * cuBLAS, each its largest and mean error. */
static int acc_table(struct rctx *x, int dev, const struct rect_facts *f)
{
	static const char *const metric[2] = {VOCAB_METRIC_ACC_MAX,
					      VOCAB_METRIC_ACC_MEAN};
	struct rbuf top[2 * RECT_NP];
	struct rtable t;
	int i, k, rc;

	rbufs_init(top, 2 * RECT_NP);
	for (k = 0; k < 2 * RECT_NP; k++)
		rbuf_printf(&top[k], "\\texttt{%s} %s", k % 2 ? "cublas" :
			    "rect", rect_precs[k / 2]);
	rtable_init(&t, "lSSSSSSSS");
	pair_heads(x, &t, top, 2 * RECT_NP, "rect.acc_max", "rect.acc_mean");
	for (i = 0; i < f->ns; i++) {
		const struct rect_shape *s = &f->s[i];

		shape_cell(x, &t, &s->sz, 0);
		for (k = 0; k < 4 * RECT_NP; k++) {
			const struct rcfg *c = (k / 2) % 2 ? s->lib[k / 4] :
					       acc_cfg(f, s, k / 4);

			if (!cell_status(x, &t, c))
				rtable_num(&t, in_u(c, metric[k % 2], k / 4),
					   -3, 0);
		}
		rtable_row_end(&t);
	}
	rc = emit_dev_table(x, &t, dev, "rect.acc_table", "rect-acc", NULL,
			    "rect.acc_note");
	rtable_free(&t);
	return rc;
}

/* GFLOP/s over the shapes (in order of their work), one line per block
 * and cuBLAS, fp32 solid, fp64 dotted in the same colour. */
static int rect_figure(struct rctx *x, int dev, const struct rect_facts *f)
{
	enum { NL = 2 * (RECT_MAXB + 1) };
	struct mem_line l[NL];
	struct rbuf title[NL], tic[RECT_MAXS];
	double xs[RECT_MAXS], ys[NL][RECT_MAXS];
	struct mem_axes a = {.xlabel = lang_get(x->L, "rect.axis_shape"),
		.xmin = 0.6, .xmax = f->ns + 0.4, .nxtics = (size_t)f->ns,
		.w = RECT_FIG_W, .h = RECT_FIG_H};
	int i, p, b, nl = 0, rc;

	rbufs_init(title, NL);
	rbufs_init(tic, RECT_MAXS);
	for (i = 0; i < f->ns; i++) {
		rbuf_puts(&tic[i], "{\\scriptsize ");
		size_label(&f->s[i].sz, &tic[i]);
		rbuf_puts(&tic[i], "}");
	}
	for (p = 0; p < RECT_NP; p++)
		for (b = 0; b <= f->nb; b++, nl++) {
			int lib = b == f->nb;

			for (i = 0; i < f->ns; i++)
				ys[nl][i] = gflops(cfg_of(&f->s[i], p,
							  lib ? -1 : b));
			rbuf_puts(&title[nl], lib ? "{\\scriptsize "
				  "\\texttt{cublas}" : "{\\scriptsize ");
			if (!lib)
				block_head(&title[nl], f->blocks[b]);
			rbuf_printf(&title[nl], " %s}", rect_precs[p]);
			l[nl] = (struct mem_line){rbuf_str(&title[nl]), xs,
				ys[nl], (size_t)f->ns, p ? PL_REF : PL_LINE,
				lib ? 6 : b, lib ? 6 : b};
		}
	rc = mp_figure_cat(x, dev, &a, l, (size_t)nl, tic, xs, "rect.figure");
	rbufs_free(title, NL);
	return rc;
}

/* ---- findings ------------------------------------------------------------- */

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
	struct rbuf lead;
	struct plist l;

	rbuf_init(&lead);
	parts_list_init(&l);
	for (i = 0; i < f->ns; i++) {
		const struct rect_shape *s = &f->s[i];
		const struct rcmp *r = &s->lead[p];

		if (s->best[p] < 0)
			continue;
		n++;
		count[s->best[p]]++;
		mp_fv_set(x, &l.item, "n3dp", "R", r->ratio, "B2",
			  s->next[p] >= 0 ? f->blocks[s->next[p]] : 0, "P", r);
		rbuf_free(&lead);
		fv_emit(x, &lead, lead_key[s->next[p] < 0 ? MW_NONE :
					   mem_word(r, 1)], &l.item);
		mp_fv_set(x, &l.item, "Sdn4s", "SHAPE", &s->sz, "B",
			  f->blocks[s->best[p]], "G",
			  gflops(s->c[p][s->best[p]]), "LEAD", rbuf_str(&lead));
		parts_list_add(x, &l, "rect.find.best_item");
	}
	for (i = 1; i < f->nb; i++)
		if (count[i] > count[top])
			top = i;
	mp_fv_set(x, &l.all, "ssdd", "DEV", pre, "PREC", rect_precs[p], "B",
		  f->blocks[top], "K", count[top]);
	label_count_put(x, "rect.shapes", n, n, fv_put(&l.all, "N"));
	parts_list_find(x, fd, &l, "rect.find.best");
	rbuf_free(&lead);
}

/* Where padding costs: the time ratio of the most and the least padded
 * block against their padded-work ratio. */
static void find_pad(struct rctx *x, struct rfind *fd,
		     const struct rect_facts *f, int p, const char *pre)
{
	struct rbuf text;
	struct fv v;
	int i, w;

	rbuf_init(&text);
	fv_init(&v);
	for (i = 0; i < f->ns; i++) {
		const struct rect_shape *s = &f->s[i];
		const struct rcmp *r = &s->pad_t[p];
		double rw, rl, e;

		if (s->pw[p] < 0 || !isfinite(r->ratio))
			continue;
		rw = rect_pad_ratio(&s->sz, f->blocks[s->pw[p]]);
		rl = rect_pad_ratio(&s->sz, f->blocks[s->pl[p]]);
		/* the most padded block's time per padded multiply-add
		 * over the least padded one's */
		e = r->ratio / (rw / rl);
		mp_fv_set(x, &v, "ssSddn4n4n3n3n3%2p", "DEV", pre, "PREC",
			  rect_precs[p], "SHAPE", &s->sz, "BW",
			  f->blocks[s->pw[p]], "BL", f->blocks[s->pl[p]], "PW",
			  rw, "PL", rl, "RP", rw / rl, "RT", r->ratio, "E", e,
			  "TOL", 100 * RECT_PAD_TOL, "P", r);
		w = mem_word(r, 0);
		mp_text_say(x, &text, "rect.find.pad", &v);
		mp_text_say(x, &text, w == MW_NS ? "rect.find.pad.ns" :
			    fabs(e - 1) <= RECT_PAD_TOL ?
			    "rect.find.pad.explains" : e > 1 ?
			    "rect.find.pad.more" : "rect.find.pad.less", &v);
		if (w == MW_UNTESTED)
			mp_text_say(x, &text, "rect.find.pad.medians", &v);
		fv_free(&v);
		mp_text_find(x, fd, "rect.find.text", &text);
	}
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
		mp_fv_set(x, &v, "Sn3p", "SHAPE", &f->s[i].sz, "R", r->ratio,
			  "P", r);
		rbuf_puts(list, list->len ? "; " : "");
		fv_emit(x, list, "rect.find.ratio_item", &v);
	}
	fv_free(&v);
}

/* fp64 over fp32 in time, and what the device's peaks predict. */
static void find_prec(struct rctx *x, struct rfind *fd,
		      const struct rect_facts *f, const char *pre)
{
	double pr = f->peak32 / f->peak64, lo = pr * (1 - RECT_RATIO_TOL);
	double hi = pr * (1 + RECT_RATIO_TOL);
	struct rbuf text, *ll;
	struct fv v;

	if (!f->ntr)
		return;
	rbuf_init(&text);
	fv_init(&v);
	fv_str(&v, "DEV", pre);
	ratio_list(x, f, 0, fv_put(&v, "LIST"));
	ratio_list(x, f, 1, ll = fv_put(&v, "LLIST"));
	mp_text_say(x, &text, ll->len ? "rect.find.prec" :
		    "rect.find.prec_nolib", &v);
	if (!isfinite(f->peak64)) {
		mp_text_say(x, &text, "rect.find.pr.none", &v);
	} else if (isfinite(pr)) {
		mp_fv_set(x, &v, "n4n4n3%2", "P32", f->peak32, "P64",
			  f->peak64, "PR", pr, "TOL", 100 * RECT_RATIO_TOL);
		num_range_put(fv_put(&v, "RANGE"), f->tr_lo, f->tr_hi, 3,
			      find_num);
		mp_text_say(x, &text, f->tr_lo >= lo && f->tr_hi <= hi ?
			    "rect.find.pr.near" : f->tr_hi < lo ?
			    "rect.find.pr.below" : f->tr_lo > hi ?
			    "rect.find.pr.above" : "rect.find.pr.mixed", &v);
		/* doubled bytes and the peaks predict the same 2 */
		if (fabs(pr / 2 - 1) <= RECT_RATIO_TOL)
			mp_text_say(x, &text, "rect.find.pr.two", &v);
	}
	fv_free(&v);
	mp_text_find(x, fd, "rect.find.text", &text);
}

/* The fastest block against cuBLAS over the shapes, and at the largest
 * shape both ran. */
static void find_lib(struct rctx *x, struct rfind *fd,
		     const struct rect_facts *f, int p, const char *pre)
{
	const struct rect_shape *top = NULL;
	double lo = NAN, hi = NAN;
	struct fv v;
	int i, n = 0;

	for (i = 0; i < f->ns; i++) {
		double r = 100 * f->s[i].vs_lib[p].ratio;

		if (!isfinite(r))
			continue;
		num_range_add(r, &lo, &hi);
		top = &f->s[i];
		n++;
	}
	if (!top)
		return;
	fv_init(&v);
	mp_fv_set(x, &v, "ssSn4n4%3p", "DEV", pre, "PREC", rect_precs[p],
		  "SHAPE", &top->sz, "G", top->vs_lib[p].b, "GC",
		  top->vs_lib[p].a, "PCT", 100 * top->vs_lib[p].ratio, "P",
		  &top->vs_lib[p]);
	num_range_put(fv_put(&v, "RANGE"), lo, hi, 3, find_pct);
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
	char key[64];
	int i, p, wc, wl, over, lover;

	fv_init(&v);
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
		mp_fv_set(x, &v, "sSn4%3%3s", "DEV", pre, "SHAPE", &s->sz,
			  "PK", pk, "A", pc, "C", pl, "PREC", rect_precs[p]);
		snprintf(key, sizeof(key), "rect.find.peak%s%s", p ? "64" :
			 "32", isfinite(pl) ? "" : "_nolib");
		if (wl == RULE_PEAK_FP64_TC && isfinite(pl)) {
			fv_num(&v, "PKT", rcfg_peak(x, s->lib[p], &wl), 4);
			strcpy(key, "rect.find.peak64_tc");
		}
		fv_find(x, fd, key, &v);
		if (lover)
			fv_find(x, fd, "rect.find.peak_over", &v);
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
	int i, p, k;

	fv_init(&v);
	for (p = 0; p < RECT_NP; p++) {
		/* the largest max and mean error of rect and of cuBLAS */
		double top[4] = {NAN, NAN, NAN, NAN};
		int n = 0, over = 0, klo = 0, khi = 0;

		for (i = 0; i < f->ns; i++) {
			const struct rect_shape *s = &f->s[i];
			const struct rcfg *c = at(s, p, s->best[p]);
			double e[4] = {in_u(c, VOCAB_METRIC_ACC_MAX, p),
				in_u(c, VOCAB_METRIC_ACC_MEAN, p),
				in_u(s->lib[p], VOCAB_METRIC_ACC_MAX, p),
				in_u(s->lib[p], VOCAB_METRIC_ACC_MEAN, p)};

			for (k = 0; k < 4; k++)
				if (isfinite(e[k]))
					top[k] = !(e[k] <= top[k]) ? e[k] :
						 top[k];
			if (isfinite(e[0])) {
				n++;
				klo = !klo || s->sz.k < klo ? s->sz.k : klo;
				khi = s->sz.k > khi ? s->sz.k : khi;
				/* the classical bound gamma_k ~ k u */
				over += e[0] > s->sz.k;
			}
			if (isfinite(e[1])) {
				mean[p] += e[1] * rect_unit(p);
				nmean[p]++;
			}
		}
		if (!n)
			continue;
		mp_fv_set(x, &v, "sssn3n3n3n3dd", "DEV", pre, "PREC",
			  rect_precs[p], "U", p ? "2^{-53}" : "2^{-24}", "RMAX",
			  top[0], "RMEAN", top[1], "CMAX", top[2], "CMEAN",
			  top[3], "KLO", klo, "KHI", khi);
		label_count_put(x, "rect.shapes", n, n, fv_put(&v, "N"));
		label_count_put(x, "rect.shapes", over, over,
				fv_put(&v, "NX"));
		fv_find(x, fd, over ? "rect.find.acc_over" :
			klo == khi ? "rect.find.acc_one" : "rect.find.acc", &v);
		fv_free(&v);
	}
	if (!nmean[RECT_FP32] || !nmean[RECT_FP64] || !(mean[RECT_FP64] > 0))
		return;
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

/* Verification, and the shapes where a point ran below a wave or near
 * a launch. */
static void find_misc(struct rctx *x, struct rfind *fd,
		      const struct rect_facts *f, int dev, const char *pre)
{
	struct plist l;
	size_t j;
	int i;

	parts_list_init(&l);
	fv_str(&l.all, "DEV", pre);
	if (isfinite(f->max_rel))
		rbuf_printf(fv_put(&l.all, "E"), "\\num{%.2e}", f->max_rel);
	else
		fv_str(&l.all, "E", "--");
	mp_verified_find(x, fd, &l.all, "rect.find", f->nok, f->nall);
	for (i = 0; i < f->ns; i++)
		for (j = 0; j < x->ncfgs; j++) {
			const struct rcfg *c = &x->cfgs[j];

			if (c->dev == dev && !strcmp(c->c->suite, RECT_SUITE) &&
			    c->c->m == f->s[i].sz.m &&
			    c->c->k == f->s[i].sz.k &&
			    c->c->n == f->s[i].sz.n && rcfg_ok(c) &&
			    !rcfg_steady(x, c)) {
				rbuf_puts(l.list, l.list->len ? ", " : "");
				rect_shape_label(&f->s[i].sz, l.list);
				break;
			}
		}
	parts_list_find(x, fd, &l, "rect.find.nonsteady");
}

/* ---- the section ---------------------------------------------------------- */

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
		rc = speed_table(x, dev, f, p);
	if (!rc)
		rc = rect_figure(x, dev, f);
	if (!rc)
		rc = acc_table(x, dev, f);
	problems_list(x, dev, RECT_SUITE, NULL);
	dev_prefix(x, dev, pre, sizeof(pre));
	for (p = 0; p < RECT_NP; p++)
		find_best(x, fd, f, p, pre);
	for (p = 0; p < RECT_NP; p++)
		find_pad(x, fd, f, p, pre);
	find_prec(x, fd, f, pre);
	for (p = 0; p < RECT_NP; p++)
		find_lib(x, fd, f, p, pre);
	find_peaks(x, fd, f, pre);
	find_acc(x, fd, f, pre);
	find_misc(x, fd, f, dev, pre);
out:
	free(f);
	return rc;
}

int sec_rect(struct rctx *x)
{
	return mem_section(x, RECT_SUITE, "rect", part);
}
