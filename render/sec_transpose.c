/* The `transpose` suite (textbook R): the naive transpose, the
 * shared-memory tile and the tile padded against bank conflicts, set
 * against a copy of the same geometry, their ceiling. The main body
 * shows per device a figure of bandwidth against the matrix edge, a
 * table of every edge and block with each transpose in % of the copy,
 * and findings computed by facts_transpose, which the conclusions
 * share. Only steady points (rcfg_steady: device memory, full waves)
 * are compared; the sizes the L2 cache holds are reported as the
 * cache's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define TR_SUITE VOCAB_SUITE_TRANSPOSE
#define TR_FIG_W 12.0
#define TR_FIG_H 7.0

const char *const tr_variants[TR_N] = {
	VOCAB_VARIANT_TR_COPY, VOCAB_VARIANT_TR_NAIVE,
	VOCAB_VARIANT_TR_TILE, VOCAB_VARIANT_TR_PAD
};

static double gbs(const struct rcfg *c)
{
	return rcfg_median(c, VOCAB_METRIC_GBS);
}

/* The ok configuration of kernel v at edge n with the highest median
 * GB/s over the blocks, only steady ones when steady is set; except
 * (when not NULL) is passed over, which gives the next best. */
static const struct rcfg *tr_best(const struct rctx *x, int dev, int v,
				  int n, int steady,
				  const struct rcfg *except)
{
	const struct rcfg *best = NULL;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *c = &x->cfgs[i];

		if (c == except || c->dev != dev ||
		    strcmp(c->c->suite, TR_SUITE) ||
		    strcmp(c->c->variant, tr_variants[v]) || c->c->n != n ||
		    !isfinite(gbs(c)) || (steady && !rcfg_steady(x, c)))
			continue;
		if (!best || gbs(c) > gbs(best))
			best = c;
	}
	return best;
}

/* -1 when the store fails reading the samples. */
static int pair_set(struct rctx *x, struct tr_pair *p, int n,
		    const struct rcfg *a, const struct rcfg *b)
{
	p->n = n;
	p->a = a;
	p->b = b;
	return model_compare(x, a, b, VOCAB_METRIC_GBS, &p->cmp) == -2 ?
	       -1 : 0;
}

/* Kernels va (a) and vb (b) at the largest edge where both ran steady,
 * each at its best block there. */
static int pair_find(struct rctx *x, int dev, const int *ns, size_t nn,
		     int va, int vb, struct tr_pair *p)
{
	const struct rcfg *a, *b;
	size_t i = nn;

	while (i-- > 0) {
		a = tr_best(x, dev, va, ns[i], 1, NULL);
		b = tr_best(x, dev, vb, ns[i], 1, NULL);
		if (a && b)
			return pair_set(x, p, ns[i], a, b);
	}
	return 0;
}

/* The edges the L2 cache holds and the fastest point among them. */
static void facts_l2(const struct rctx *x, int dev, const int *ns,
		     size_t nn, struct tr_facts *f)
{
	size_t i, j;

	for (i = 0; i < nn; i++) {
		int in = 0;

		for (j = 0; j < x->ncfgs; j++) {
			const struct rcfg *c = &x->cfgs[j];

			if (c->dev != dev || strcmp(c->c->suite, TR_SUITE) ||
			    c->c->n != ns[i] || !isfinite(gbs(c)) ||
			    !(rcfg_regime(x, c) & RG_L2))
				continue;
			in = 1;
			if (!f->l2_cfg || gbs(c) > gbs(f->l2_cfg))
				f->l2_cfg = c;
		}
		if (in && f->nl2 < TR_MAXL2)
			f->l2_n[f->nl2++] = ns[i];
	}
}

/* One place computes what the findings and the conclusions state, so
 * that they cannot disagree; see struct tr_facts. */
int facts_transpose(struct rctx *x, int dev, struct tr_facts *f)
{
	const struct rcfg *copy, *b, *c;
	int *ns = NULL, v, rc = -1;
	size_t nn, i;

	memset(f, 0, sizeof(*f));
	rcmp_clear(&f->tile.cmp);
	rcmp_clear(&f->pad.cmp);
	rcmp_clear(&f->top.cmp);
	for (v = 0; v < TR_N; v++)
		rcmp_clear(&f->blk[v].cmp);
	f->l2 = ilp_l2_bytes(x, dev);
	nn = model_ints(x, dev, TR_SUITE, NULL, NULL, 'n', &ns);
	if (pair_find(x, dev, ns, nn, TR_NAIVE, TR_TILE, &f->tile) ||
	    pair_find(x, dev, ns, nn, TR_TILE, TR_PAD, &f->pad))
		goto out;
	for (i = nn; i-- > 0 && !f->top.n; ) {
		copy = tr_best(x, dev, TR_COPY, ns[i], 1, NULL);
		if (!copy)
			continue;
		b = NULL;
		for (v = TR_NAIVE; v < TR_N; v++) {
			c = tr_best(x, dev, v, ns[i], 1, NULL);
			if (c && (!b || gbs(c) > gbs(b)))
				b = c;
		}
		if (b && pair_set(x, &f->top, ns[i], copy, b))
			goto out;
	}
	for (v = 0; f->top.n && v < TR_N; v++) {
		b = tr_best(x, dev, v, f->top.n, 1, NULL);
		c = b ? tr_best(x, dev, v, f->top.n, 1, b) : NULL;
		if (c && pair_set(x, &f->blk[v], f->top.n, c, b))
			goto out;
	}
	facts_l2(x, dev, ns, nn, f);
	rc = 0;
out:
	free(ns);
	return rc;
}

/* ---- the table ---------------------------------------------------------- */

/* The marks every measured cell at edge n (block b; < 0 any) shares:
 * printed once, on the edge or on the block. */
static unsigned shared_marks(const struct rctx *x, int dev, int n, int b)
{
	unsigned m = ~0u;
	size_t i;
	int any = 0;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *c = &x->cfgs[i];

		if (c->dev != dev || strcmp(c->c->suite, TR_SUITE) ||
		    c->c->n != n || (b >= 0 && c->c->block_x != b) ||
		    !rcfg_ok(c))
			continue;
		m &= rcfg_marks(x, c);
		any = 1;
	}
	return any ? m : 0;
}

static void tr_head(struct rctx *x, struct rtable *t)
{
	int v;

	rtable_head(t, "");
	rtable_head(t, "");
	rtable_head_span(t, TR_N, lang_get(x->L, "transpose.gbs"));
	rtable_head_span(t, TR_N - 1, lang_get(x->L, "transpose.pct"));
	rtable_head_end(t);
	rtable_head(t, "\\(n\\)");
	rtable_head(t, lang_get(x->L, "word.block_size"));
	for (v = 0; v < 2 * TR_N - 1; v++)
		mem_head_variant(t, tr_variants[v < TR_N ? v : v - TR_N + 1]);
	rtable_head_end(t);
}

/* The row of edge n, block b where any kernel ran there (returns 1):
 * the edge where first is set, with the marks gm all its cells share,
 * the block with those its row shares beyond them, the cells. */
static int tr_row(struct rctx *x, int dev, int n, int b, unsigned gm,
		  int first, struct mem_tab *m)
{
	const struct rcfg *c[TR_N];
	struct rbuf lab;
	unsigned rm;
	int v, any = 0;

	for (v = 0; v < TR_N; v++)
		any |= (c[v] = model_find(x, dev, TR_SUITE, tr_variants[v],
					  NULL, n, b, -1)) != NULL;
	if (!any)
		return 0;
	rbuf_init(&lab);
	if (first) {
		rbuf_printf(&lab, "%d", n);
		regime_marks(x, gm, &lab);
	}
	rtable_text(&m->t, rbuf_str(&lab));
	rbuf_free(&lab);
	rm = shared_marks(x, dev, n, b) & ~gm;
	block_label(b, b, &lab);
	regime_marks(x, rm, &lab);
	rtable_text(&m->t, rbuf_str(&lab));
	rbuf_free(&lab);
	for (v = 0; v < TR_N; v++)
		mem_tab_cell(x, m, c[v], gbs(c[v]), gm | rm);
	/* a failed copy or transpose has no share: never a speed */
	for (v = TR_NAIVE; v < TR_N; v++)
		rtable_num(&m->t, 100 * gbs(c[v]) / gbs(c[TR_COPY]), 1, 0);
	rtable_row_end(&m->t);
	return 1;
}

static int tr_table(struct rctx *x, int dev)
{
	int *ns = NULL, *bs = NULL, rc, first;
	size_t nn, nb, i, j;
	struct mem_tab m;
	unsigned gm;

	mem_tab_init(&m, "llSSSSSSS");
	tr_head(x, &m.t);
	nn = model_ints(x, dev, TR_SUITE, NULL, NULL, 'n', &ns);
	nb = model_ints(x, dev, TR_SUITE, NULL, NULL, 'b', &bs);
	for (i = 0; i < nn; i++) {
		gm = shared_marks(x, dev, ns[i], -1);
		rtable_gap(&m.t);
		for (j = 0, first = 1; j < nb; j++)
			first &= !tr_row(x, dev, ns[i], bs[j], gm, first, &m);
	}
	free(ns);
	free(bs);
	rc = mem_caption(x, dev, TR_SUITE, NULL, VOCAB_METRIC_GBS,
			 "transpose.table", NULL, &m.cap);
	return mem_tab_end(x, &m, dev, "transpose", 1, rc);
}

/* ---- the figure ---------------------------------------------------------- */

/* Bandwidth against the edge, each kernel at its best block per edge
 * (any regime: the caption names the sizes the L2 cache holds). */
static int tr_figure(struct rctx *x, int dev, const struct tr_facts *f)
{
	struct pline l[TR_N];
	struct rbuf title[TR_N], cap;
	struct pspec ps;
	struct fv fv;
	double *xs;
	int *ns = NULL, v, k, rc = 0;
	size_t nn, i;

	nn = model_ints(x, dev, TR_SUITE, NULL, NULL, 'n', &ns);
	/* the edges, then each kernel's values at them */
	xs = calloc((TR_N + 1) * (nn ? nn : 1), sizeof(*xs));
	rbuf_init(&cap);
	fv_init(&fv);
	rbufs_init(title, TR_N);
	if (!xs) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < nn; i++)
		xs[i] = ns[i];
	for (v = 0; v < TR_N; v++) {
		for (i = 0; i < nn; i++)
			xs[(v + 1) * nn + i] = gbs(tr_best(x, dev, v, ns[i],
							   0, NULL));
		rbuf_puts(&title[v], "{\\scriptsize ");
		mem_variant(&title[v], tr_variants[v]);
		rbuf_puts(&title[v], "}");
		/* the ceiling in grey, the transposes in colour */
		l[v] = (struct pline){rbuf_str(&title[v]), xs,
				      xs + (v + 1) * nn, nn, PL_LINE,
				      v == TR_COPY ? -1 : v - 1, v};
	}
	memset(&ps, 0, sizeof(ps));
	ps.xlabel = lang_get(x->L, "axis.size");
	ps.ylabel = lang_get(x->L, "axis.gbs");
	ps.logx = 2;
	ps.yzero = 1;
	ps.w = TR_FIG_W;
	ps.h = TR_FIG_H;
	k = plot_lines(x, &ps, l, TR_N);
	if (!k)
		goto out;
	dev_suffix(x, dev, fv_put(&fv, "DEV"));
	rc |= fv_emit(x, &cap, "transpose.figure", &fv);
	if (f->nl2) {
		fv_int(&fv, "N", f->l2_n[f->nl2 - 1]);
		if (isfinite(f->l2))
			mem_mib(fv_put(&fv, "L2"), f->l2);
		rbuf_putc(&cap, ' ');
		rc |= fv_emit(x, &cap, isfinite(f->l2) ?
			      "transpose.figure_l2" :
			      "transpose.figure_l2_stored", &fv);
	}
	if (!rc)
		rc = emit_figure(x, k, rbuf_str(&cap));
out:
	rbufs_free(title, TR_N);
	rbuf_free(&cap);
	fv_free(&fv);
	free(xs);
	free(ns);
	return rc;
}

/* ---- findings ------------------------------------------------------------ */

/* The placeholders every comparison sentence fills: the edge, both
 * medians, blocks and kernels, the ratio, the gain in %, the test. */
static void pair_fv(struct rctx *x, const struct tr_pair *p, struct fv *v,
		    const char *pre)
{
	fv_str(v, "DEV", pre);
	fv_int(v, "N", p->n);
	fv_num(v, "GA", p->cmp.a, 4);
	fv_num(v, "GB", p->cmp.b, 4);
	mem_block(x, fv_put(v, "BA"), p->a);
	mem_block(x, fv_put(v, "BB"), p->b);
	mem_variant(fv_put(v, "VA"), p->a->c->variant);
	mem_variant(fv_put(v, "VB"), p->b->c->variant);
	fv_num(v, "RATIO", p->cmp.ratio, 3);
	find_pct(fv_put(v, "PCT"), 100 * fabs(p->cmp.ratio - 1), 2);
	find_pct(fv_put(v, "SHARE"), 100 * p->cmp.ratio, 3);
	mem_p(x, fv_put(v, "P"), &p->cmp);
}

/* A comparison as the sentence of prefix.{faster,slower,ns,untested}:
 * the words follow the test, the direction the medians. */
static void find_pair(struct rctx *x, struct rfind *fd,
		      const struct tr_pair *p, const char *prefix,
		      const char *pre)
{
	struct fv v;
	char key[64];

	if (!p->n)
		return;
	fv_init(&v);
	pair_fv(x, p, &v, pre);
	mem_key(key, sizeof(key), prefix, mem_word(&p->cmp, 1));
	fv_find(x, fd, key, &v);
	fv_free(&v);
}

/* The best block of each kernel at the copy's edge, against its next. */
static void find_blocks(struct rctx *x, struct rfind *fd,
			const struct tr_facts *f, const char *pre)
{
	struct plist l;
	char key[64];
	int k;

	parts_list_init(&l);
	fv_str(&l.all, "DEV", pre);
	fv_int(&l.all, "N", f->top.n);
	for (k = 0; k < TR_N; k++) {
		const struct tr_pair *p = &f->blk[k];

		if (!p->n)
			continue;
		pair_fv(x, p, &l.item, pre);
		mem_key(key, sizeof(key), "find.tr.block",
			mem_word(&p->cmp, 1));
		parts_list_add(x, &l, key);
	}
	parts_list_find(x, fd, &l, "find.tr.blocks");
}

/* What the counters measured of the tiles' shared loads: wavefronts
 * (passes through the banks) per load instruction, the n of their bank
 * conflicts, at the edge the comparisons use. */
static void find_wavefronts(struct rctx *x, struct rfind *fd,
			    const struct tr_facts *f, int dev,
			    const char *pre)
{
	int n = f->top.n ? f->top.n : f->pad.n ? f->pad.n : f->tile.n;
	struct plist l;
	int *bs = NULL, k;
	size_t nb, j;

	if (!n)
		return;
	parts_list_init(&l);
	fv_str(&l.all, "DEV", pre);
	fv_int(&l.all, "N", n);
	nb = model_ints(x, dev, TR_SUITE, NULL, NULL, 'b', &bs);
	for (k = TR_TILE; k < TR_N; k++)
		for (j = 0; j < nb; j++) {
			const struct rcfg *c = model_find(x, dev, TR_SUITE,
				tr_variants[k], NULL, n, bs[j], -1);
			double q = bank_counted(c);

			if (!isfinite(q))
				continue;
			mem_variant(fv_put(&l.item, "V"), tr_variants[k]);
			mem_block(x, fv_put(&l.item, "B"), c);
			fv_num(&l.item, "W", q, 3);
			parts_list_add(x, &l, "find.tr.wf_item");
		}
	parts_list_find(x, fd, &l, "find.tr.wavefronts");
	free(bs);
}

/* ---- the section --------------------------------------------------------- */

/* Device dev's figure, table and findings; last among these the sizes
 * the L2 cache holds, whose best is the cache's bandwidth. */
static int part(struct rctx *x, int dev, struct rfind *fd)
{
	struct tr_facts f;
	const struct rcfg *c;
	char pre[32];
	struct rbuf *b;
	struct fv v;
	size_t i;
	int rc;

	if (facts_transpose(x, dev, &f))
		return -1;
	rc = tr_figure(x, dev, &f);
	if (!rc)
		rc = tr_table(x, dev);
	problems_list(x, dev, TR_SUITE, NULL);
	dev_prefix(x, dev, pre, sizeof(pre));
	fv_init(&v);
	fv_str(&v, "DEV", pre);
	/* measured, but nowhere two kernels in device memory: say why
	 * nothing is compared */
	if (!f.tile.n && !f.pad.n && !f.top.n && f.nl2)
		fv_find(x, fd, "find.tr.nosteady", &v);
	find_pair(x, fd, &f.tile, "find.tr.tile", pre);
	find_pair(x, fd, &f.pad, "find.tr.pad", pre);
	find_pair(x, fd, &f.top, "find.tr.copy", pre);
	find_blocks(x, fd, &f, pre);
	find_wavefronts(x, fd, &f, dev, pre);
	if ((c = f.l2_cfg) && f.nl2) {
		b = fv_put(&v, "NLIST");
		for (i = 0; i < f.nl2; i++)
			rbuf_printf(b, "%s%d", i ? ", " : "", f.l2_n[i]);
		fv_num(&v, "G", gbs(c), 4);
		mem_variant(fv_put(&v, "V"), c->c->variant);
		fv_int(&v, "NN", c->c->n);
		b = fv_put(&v, "L2");
		if (isfinite(f.l2))
			mem_mib(b, f.l2);
		fv_find(x, fd, isfinite(f.l2) ? "find.tr.l2" :
			"find.tr.l2_stored", &v);
	}
	fv_free(&v);
	return rc;
}

int sec_transpose(struct rctx *x)
{
	return mem_section(x, TR_SUITE, "transpose", part);
}
