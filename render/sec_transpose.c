/* The `transpose` suite (textbook R): the naive transpose, the
 * shared-memory tile and the tile padded against bank conflicts, set
 * against a copy of the same geometry, their ceiling. Described for
 * mem_run: a figure of bandwidth against the edge, a table of every
 * kernel and block at the largest edge outside the L2 cache with the
 * counters that explain it, and findings from facts_transpose, which
 * the conclusions share. Only steady points (rcfg_steady) are
 * compared. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define TR_SUITE VOCAB_SUITE_TRANSPOSE
#define TR_GBS VOCAB_METRIC_GBS

const char *const tr_variants[TR_N] = {
	VOCAB_VARIANT_TR_COPY, VOCAB_VARIANT_TR_NAIVE,
	VOCAB_VARIANT_TR_TILE, VOCAB_VARIANT_TR_PAD
};

/* Global-store sectors per request: a warp's stores along a row take
 * 4, along a column one or two a thread. */
static double st_spr(const struct rcfg *c)
{
	return mem_per(c, VOCAB_METRIC_CNT_GLOBAL_ST_SECTORS,
		       VOCAB_METRIC_CNT_GLOBAL_ST_REQUESTS);
}

/* The ok configuration of the kernels v0..v1-1 at edge n with the
 * highest median GB/s over the blocks, only steady ones when steady is
 * set. */
static const struct rcfg *tr_best(const struct rctx *x, int dev, int v0,
				  int v1, int n, int steady)
{
	const struct rcfg *best = NULL;
	size_t i;
	int v;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *c = &x->cfgs[i];

		if (c->dev != dev || strcmp(c->c->suite, TR_SUITE) ||
		    c->c->n != n || !isfinite(mem_gbs(c)) ||
		    (steady && !rcfg_steady(x, c)))
			continue;
		for (v = v0; v < v1 && strcmp(c->c->variant, tr_variants[v]);
		     v++)
			;
		if (v < v1 && (!best || mem_gbs(c) > mem_gbs(best)))
			best = c;
	}
	return best;
}

static int facts_transpose(struct rctx *x, int dev, void *fp)
{
	/* naive against tile, the copy against the fastest transpose,
	 * each at the largest edge where both ran steady */
	static const int w[2][4] = {{TR_NAIVE, TR_TILE, TR_TILE, TR_PAD},
				    {TR_COPY, TR_NAIVE, TR_NAIVE, TR_N}};
	struct tr_facts *f = fp;
	struct mem_pair *p[2] = {&f->tile, &f->top};
	int *ns = NULL, *bs = NULL, k, v, rc = -1;
	size_t nn, nb, i;

	memset(f, 0, sizeof(*f));
	rcmp_clear(&f->tile.cmp);
	rcmp_clear(&f->top.cmp);
	nn = model_ints(x, dev, TR_SUITE, NULL, 'n', &ns);
	nb = model_ints(x, dev, TR_SUITE, NULL, 'b', &bs);
	for (k = 0; k < 2; k++)
		for (i = nn; i-- > 0 && !p[k]->n; )
			if (mem_pair_set(x, p[k], ns[i],
					 tr_best(x, dev, w[k][0], w[k][1],
						 ns[i], 1),
					 tr_best(x, dev, w[k][2], w[k][3],
						 ns[i], 1), TR_GBS) < 0)
				goto out;
	f->n = f->top.n ? f->top.n : nn ? ns[nn - 1] : 0;
	for (i = 0; i < nb && f->nb < TR_MAXB; i++, f->nb++) {
		f->bs[f->nb] = bs[i];
		for (v = 0; v < TR_N; v++)
			f->at[v][f->nb] = model_find(x, dev, TR_SUITE,
				tr_variants[v], NULL, f->n, bs[i]);
		rcmp_clear(&f->pad[f->nb].cmp);
		if (mem_pair_set(x, &f->pad[f->nb], f->n, f->at[TR_TILE][f->nb],
				 f->at[TR_PAD][f->nb], TR_GBS) < 0)
			goto out;
	}
	rc = 0;
out:
	free(ns);
	free(bs);
	return rc;
}

/* ---- the table and the figure --------------------------------------- */

/* Row r: kernel r / TR_MAXB at block bs[r % TR_MAXB]: GB/s, % of the
 * copy with the same block, store sectors and shared wavefronts per
 * request. */
static int tab_row(const struct mem_ctx *m, int r, struct rbuf *lead,
		   struct mem_cell *o)
{
	const struct tr_facts *f = m->f;
	int v = r / TR_MAXB, b = r % TR_MAXB;
	const struct rcfg *c = f->at[v][b];

	o[0] = (struct mem_cell){mem_gbs(c), -1, c, NULL};
	if (v != TR_COPY)
		o[1].v = 100 * mem_gbs(c) / mem_gbs(f->at[TR_COPY][b]);
	o[2].v = st_spr(c);
	o[3].v = bank_counted(c);
	if (b >= f->nb)
		return 0;
	if (!b)
		mem_variant(&lead[0], tr_variants[v]);
	block_label(f->bs[b], f->bs[b], &lead[1]);
	return b ? 1 : 2;
}

static size_t fig_series(const struct mem_ctx *m, int s, double *xs,
			 double *ys, size_t max, struct rbuf *title)
{
	int *ns = NULL;
	size_t n = model_ints(m->x, m->dev, TR_SUITE, NULL, 'n', &ns), i;

	for (i = 0; i < n && i < max; i++) {
		xs[i] = ns[i];
		ys[i] = mem_gbs(tr_best(m->x, m->dev, s, s + 1, ns[i], 0));
	}
	mem_variant(title, tr_variants[s]);
	free(ns);
	return i;
}

/* ---- findings --------------------------------------------------------- */

/* Pair arg: 0 the tile against the naive transpose (why: the naive's
 * stores at the two blocks, the tile's), 1 + k padding at block bs[k]
 * (why: the wavefronts before and after), 3 the fastest transpose
 * against the copy (T: it and its block). Each string's names pick its
 * numbers. */
static void find_pair(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct tr_facts *f = m->f;
	const struct mem_pair *p = !m->arg ? &f->tile : m->arg < 3 ?
				   &f->pad[m->arg - 1] : &f->top;
	struct rbuf b;

	if (!p->n || (!m->arg && f->nb < 2))
		return;
	mem_fv_cmp(o, &p->cmp, 1);
	MEM_V(o, p->n, p->cmp.b, p->cmp.a, 100 * p->cmp.ratio, f->bs[0],
	      f->bs[1], st_spr(f->at[TR_NAIVE][0]),
	      st_spr(f->at[TR_NAIVE][1]), st_spr(p->b), bank_counted(p->a),
	      bank_counted(p->b));
	o->why = !m->arg ? isfinite(o->v[6] + o->v[7] + o->v[8]) :
		 m->arg < 3 && isfinite(o->v[9] + o->v[10]);
	if (m->arg < 3)
		return;
	rbuf_init(&b);
	mem_variant(&b, p->b->c->variant);
	rbuf_printf(&b, ", %s ", lang_get(m->x->L, "word.block"));
	block_label(p->b->c->block_x, p->b->c->block_y, &b);
	snprintf(o->t, sizeof(o->t), "%s", rbuf_str(&b));
	rbuf_free(&b);
}

static const struct mem_find tr_find[] = {
	{"find.tr.tile", "N:0 GB:4 GA:4 -:- B1:0 B2:0 S1:3 S2:3 ST:3",
	 find_pair, 0},
	{"find.tr.pad", "N:0 GB:4 GA:4 -:- -:- B:0 -:- -:- -:- WA:3 WB:3",
	 find_pair, 2},
	{"find.tr.pad", "N:0 GB:4 GA:4 -:- B:0 -:- -:- -:- -:- WA:3 WB:3",
	 find_pair, 1},
	{"find.tr.copy", "N:0 GB:4 GA:4 SHARE:%3", find_pair, 3},
};

static const char *const tr_heads[] = {"transpose.h_kernel",
	"word.block_size", "transpose.gbs", "transpose.pct", "transpose.h_st",
	"transpose.h_wf"};

static const struct mem_tspec tr_tab = {"transpose.table", "transpose",
	TR_N * TR_MAXB, "ll", tr_heads, 4, tab_row,
	"transpose.note"};

static const struct mem_gspec tr_fig = {"transpose.figure", "axis.size",
	"axis.gbs", 2, 0, 0, 1, TR_N, 0, fig_series};

MEM_SECTION(transpose, .suite = TR_SUITE, .fsize = sizeof(struct tr_facts),
	    .facts = facts_transpose, .fig = &tr_fig, .tab = &tr_tab,
	    .find = tr_find, .nfind = MEM_N(tr_find))
