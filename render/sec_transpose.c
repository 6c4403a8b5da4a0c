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

static void pair_clear(struct tr_pair *p)
{
	memset(p, 0, sizeof(*p));
	p->cmp.a = p->cmp.b = p->cmp.gain = p->cmp.ratio = NAN;
	p->cmp.p = -1;
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
	pair_clear(&f->tile);
	pair_clear(&f->pad);
	pair_clear(&f->top);
	for (v = 0; v < TR_N; v++)
		pair_clear(&f->blk[v]);
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
	struct rbuf h;
	int v;

	rbuf_init(&h);
	rtable_head(t, "");
	rtable_head(t, "");
	rtable_head_span(t, TR_N, lang_get(x->L, "transpose.gbs"));
	rtable_head_span(t, TR_N - 1, lang_get(x->L, "transpose.pct"));
	rtable_head_end(t);
	rtable_head(t, "\\(n\\)");
	rtable_head(t, lang_get(x->L, "word.block_size"));
	for (v = 0; v < 2 * TR_N - 1; v++) {
		rbuf_free(&h);
		mem_variant(&h, tr_variants[v < TR_N ? v : v - TR_N + 1]);
		rtable_head(t, rbuf_str(&h));
	}
	rtable_head_end(t);
	rbuf_free(&h);
}

/* One row: edge n (its label written by the caller), block b. */
static void tr_row(struct rctx *x, int dev, int n, int b, unsigned hide,
		   struct rtable *t, struct rbuf *wide, unsigned *seen)
{
	const struct rcfg *c[TR_N];
	struct rbuf post;
	int v;

	rbuf_init(&post);
	for (v = 0; v < TR_N; v++) {
		c[v] = model_find(x, dev, TR_SUITE, tr_variants[v], NULL, n, b,
				  -1);
		if (cell_status(x, t, c[v]))
			continue;
		rbuf_free(&post);
		regime_marks(x, rcfg_marks(x, c[v]) & ~hide, &post);
		mem_num(t, gbs(c[v]), -1, 0, rbuf_str(&post), wide);
		*seen |= rcfg_regime(x, c[v]);
	}
	/* a failed copy or transpose has no share: never a speed */
	for (v = TR_NAIVE; v < TR_N; v++)
		rtable_num(t, 100 * gbs(c[v]) / gbs(c[TR_COPY]), 1, 0);
	rtable_row_end(t);
	rbuf_free(&post);
}

static int tr_table(struct rctx *x, int dev)
{
	int *ns = NULL, *bs = NULL, rc = 0;
	size_t nn, nb, i, j;
	struct rtable t;
	struct rbuf wide[RTABLE_MAXCOLS], lab, cap, note;
	unsigned seen = 0, gm, rm;

	for (i = 0; i < RTABLE_MAXCOLS; i++)
		rbuf_init(&wide[i]);
	rbuf_init(&lab);
	rbuf_init(&cap);
	rbuf_init(&note);
	rtable_init(&t, "llSSSSSSS");
	tr_head(x, &t);
	nn = model_ints(x, dev, TR_SUITE, NULL, NULL, 'n', &ns);
	nb = model_ints(x, dev, TR_SUITE, NULL, NULL, 'b', &bs);
	for (i = 0; i < nn; i++) {
		int first = 1;

		gm = shared_marks(x, dev, ns[i], -1);
		rtable_gap(&t);
		for (j = 0; j < nb; j++) {
			size_t k;
			int any = 0;

			for (k = 0; k < TR_N; k++)
				any |= model_find(x, dev, TR_SUITE,
						  tr_variants[k], NULL, ns[i],
						  bs[j], -1) != NULL;
			if (!any)
				continue;
			rbuf_free(&lab);
			if (first) {
				rbuf_printf(&lab, "%d", ns[i]);
				regime_marks(x, gm, &lab);
			}
			first = 0;
			rtable_text(&t, rbuf_str(&lab));
			rbuf_free(&lab);
			rm = shared_marks(x, dev, ns[i], bs[j]) & ~gm;
			block_label(bs[j], bs[j], &lab);
			regime_marks(x, rm, &lab);
			rtable_text(&t, rbuf_str(&lab));
			tr_row(x, dev, ns[i], bs[j], gm | rm, &t, wide, &seen);
		}
	}
	rc |= mem_caption(x, dev, TR_SUITE, NULL, VOCAB_METRIC_GBS,
			  "transpose.table", NULL, &cap);
	mem_regime_note(x, seen, &note);
	if (!rc)
		rc = mem_table_emit(x, &t, wide, rbuf_str(&cap), "transpose",
				    dev, rbuf_str(&note));
	rtable_free(&t);
	for (i = 0; i < RTABLE_MAXCOLS; i++)
		rbuf_free(&wide[i]);
	rbuf_free(&lab);
	rbuf_free(&cap);
	rbuf_free(&note);
	free(ns);
	free(bs);
	return rc;
}

/* ---- the figure ---------------------------------------------------------- */

/* Bandwidth against the edge, each kernel at its best block per edge
 * (any regime: the caption names the sizes the L2 cache holds). */
static int tr_figure(struct rctx *x, int dev, const struct tr_facts *f)
{
	struct pline l[TR_N];
	struct rbuf title[TR_N], cap, dl, l2, nb;
	struct pspec ps;
	double *xs = NULL, *ys = NULL;
	int *ns = NULL, v, k, rc = 0;
	size_t nn, i;
	struct kv kv[3];

	nn = model_ints(x, dev, TR_SUITE, NULL, NULL, 'n', &ns);
	xs = calloc(nn ? nn : 1, sizeof(*xs));
	ys = calloc(TR_N * (nn ? nn : 1), sizeof(*ys));
	rbuf_init(&cap);
	rbuf_init(&dl);
	rbuf_init(&l2);
	rbuf_init(&nb);
	for (v = 0; v < TR_N; v++)
		rbuf_init(&title[v]);
	if (!xs || !ys) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < nn; i++)
		xs[i] = ns[i];
	for (v = 0; v < TR_N; v++) {
		for (i = 0; i < nn; i++)
			ys[v * nn + i] = gbs(tr_best(x, dev, v, ns[i], 0,
						     NULL));
		rbuf_puts(&title[v], "{\\scriptsize ");
		mem_variant(&title[v], tr_variants[v]);
		rbuf_puts(&title[v], "}");
		/* the ceiling in grey, the transposes in colour */
		l[v] = (struct pline){rbuf_str(&title[v]), xs, ys + v * nn,
				      nn, PL_LINE, v == TR_COPY ? -1 : v - 1,
				      v};
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
	dev_suffix(x, dev, &dl);
	kv[0] = (struct kv){"DEV", rbuf_str(&dl)};
	rc |= emit_string(x, &cap, "transpose.figure", kv, 1);
	if (f->nl2) {
		rbuf_printf(&nb, "%d", f->l2_n[f->nl2 - 1]);
		if (isfinite(f->l2))
			mem_mib(&l2, f->l2);
		kv[0] = (struct kv){"N", rbuf_str(&nb)};
		kv[1] = (struct kv){"L2", rbuf_str(&l2)};
		rbuf_putc(&cap, ' ');
		rc |= emit_string(x, &cap, isfinite(f->l2) ?
				  "transpose.figure_l2" :
				  "transpose.figure_l2_stored", kv, 2);
	}
	if (!rc)
		rc = emit_figure(x, k, rbuf_str(&cap));
out:
	for (v = 0; v < TR_N; v++)
		rbuf_free(&title[v]);
	rbuf_free(&cap);
	rbuf_free(&dl);
	rbuf_free(&l2);
	rbuf_free(&nb);
	free(xs);
	free(ys);
	free(ns);
	return rc;
}

/* ---- findings ------------------------------------------------------------ */

/* The variables every comparison sentence fills: the edge, both
 * medians, blocks and kernels, the ratio, the gain in %, the test. */
struct pair_text {
	struct rbuf n, ga, gb, ba, bb, va, vb, ratio, pct, share, p;
};

static void pair_text_fill(struct rctx *x, const struct tr_pair *p,
			   struct pair_text *t, struct kv *v, const char *pre)
{
	rbuf_init(&t->n);
	rbuf_init(&t->ga);
	rbuf_init(&t->gb);
	rbuf_init(&t->ba);
	rbuf_init(&t->bb);
	rbuf_init(&t->va);
	rbuf_init(&t->vb);
	rbuf_init(&t->ratio);
	rbuf_init(&t->pct);
	rbuf_init(&t->share);
	rbuf_init(&t->p);
	rbuf_printf(&t->n, "%d", p->n);
	find_num(&t->ga, p->cmp.a, 4);
	find_num(&t->gb, p->cmp.b, 4);
	mem_block(x, &t->ba, p->a);
	mem_block(x, &t->bb, p->b);
	mem_variant(&t->va, p->a->c->variant);
	mem_variant(&t->vb, p->b->c->variant);
	find_num(&t->ratio, p->cmp.ratio, 3);
	find_pct(&t->pct, 100 * fabs(p->cmp.ratio - 1), 2);
	find_pct(&t->share, 100 * p->cmp.ratio, 3);
	mem_p(x, &t->p, &p->cmp);
	v[0] = (struct kv){"DEV", pre};
	v[1] = (struct kv){"N", rbuf_str(&t->n)};
	v[2] = (struct kv){"GA", rbuf_str(&t->ga)};
	v[3] = (struct kv){"GB", rbuf_str(&t->gb)};
	v[4] = (struct kv){"BA", rbuf_str(&t->ba)};
	v[5] = (struct kv){"BB", rbuf_str(&t->bb)};
	v[6] = (struct kv){"VA", rbuf_str(&t->va)};
	v[7] = (struct kv){"VB", rbuf_str(&t->vb)};
	v[8] = (struct kv){"RATIO", rbuf_str(&t->ratio)};
	v[9] = (struct kv){"PCT", rbuf_str(&t->pct)};
	v[10] = (struct kv){"SHARE", rbuf_str(&t->share)};
	v[11] = (struct kv){"P", rbuf_str(&t->p)};
}
#define PAIR_VARS 12

static void pair_text_free(struct pair_text *t)
{
	rbuf_free(&t->n);
	rbuf_free(&t->ga);
	rbuf_free(&t->gb);
	rbuf_free(&t->ba);
	rbuf_free(&t->bb);
	rbuf_free(&t->va);
	rbuf_free(&t->vb);
	rbuf_free(&t->ratio);
	rbuf_free(&t->pct);
	rbuf_free(&t->share);
	rbuf_free(&t->p);
}

/* A comparison as the sentence of prefix.{faster,slower,ns,untested}:
 * the words follow the test, the direction the medians. */
static void find_pair(struct rctx *x, struct rfind *fd,
		      const struct tr_pair *p, const char *prefix,
		      const char *pre)
{
	struct pair_text t;
	struct kv v[PAIR_VARS];
	char key[64];

	if (!p->n)
		return;
	pair_text_fill(x, p, &t, v, pre);
	mem_key(key, sizeof(key), prefix, mem_word(&p->cmp, 1));
	find_add(x, fd, key, v, PAIR_VARS);
	pair_text_free(&t);
}

/* The best block of each kernel at the copy's edge, against its next. */
static void find_blocks(struct rctx *x, struct rfind *fd,
			const struct tr_facts *f, const char *pre)
{
	struct rbuf list, item, n;
	struct pair_text t;
	struct kv v[PAIR_VARS];
	char key[64];
	int k;

	rbuf_init(&list);
	rbuf_init(&item);
	rbuf_init(&n);
	for (k = 0; k < TR_N; k++) {
		const struct tr_pair *p = &f->blk[k];

		if (!p->n)
			continue;
		pair_text_fill(x, p, &t, v, pre);
		mem_key(key, sizeof(key), "find.tr.block",
			mem_word(&p->cmp, 1));
		rbuf_free(&item);
		emit_string(x, &item, key, v, PAIR_VARS);
		rbuf_printf(&list, "%s%s", list.len ? "; " : "",
			    rbuf_str(&item));
		pair_text_free(&t);
	}
	if (list.len) {
		rbuf_printf(&n, "%d", f->top.n);
		v[0] = (struct kv){"DEV", pre};
		v[1] = (struct kv){"N", rbuf_str(&n)};
		v[2] = (struct kv){"LIST", rbuf_str(&list)};
		find_add(x, fd, "find.tr.blocks", v, 3);
	}
	rbuf_free(&list);
	rbuf_free(&item);
	rbuf_free(&n);
}

/* The sizes the L2 cache holds: their best is the cache's bandwidth. */
static void find_l2(struct rctx *x, struct rfind *fd,
		    const struct tr_facts *f, const char *pre)
{
	const struct rcfg *c = f->l2_cfg;
	struct rbuf nl, g, vv, nn, l2;
	struct kv v[6];
	size_t i;

	if (!c || !f->nl2)
		return;
	rbuf_init(&nl);
	rbuf_init(&g);
	rbuf_init(&vv);
	rbuf_init(&nn);
	rbuf_init(&l2);
	for (i = 0; i < f->nl2; i++)
		rbuf_printf(&nl, "%s%d", i ? ", " : "", f->l2_n[i]);
	find_num(&g, gbs(c), 4);
	mem_variant(&vv, c->c->variant);
	rbuf_printf(&nn, "%d", c->c->n);
	if (isfinite(f->l2))
		mem_mib(&l2, f->l2);
	v[0] = (struct kv){"DEV", pre};
	v[1] = (struct kv){"NLIST", rbuf_str(&nl)};
	v[2] = (struct kv){"G", rbuf_str(&g)};
	v[3] = (struct kv){"V", rbuf_str(&vv)};
	v[4] = (struct kv){"NN", rbuf_str(&nn)};
	v[5] = (struct kv){"L2", rbuf_str(&l2)};
	find_add(x, fd, isfinite(f->l2) ? "find.tr.l2" : "find.tr.l2_stored",
		 v, 6);
	rbuf_free(&nl);
	rbuf_free(&g);
	rbuf_free(&vv);
	rbuf_free(&nn);
	rbuf_free(&l2);
}

/* What the counters measured of the tiles' shared loads: wavefronts
 * (passes through the banks) per load instruction, the n of their bank
 * conflicts, at the edge the comparisons use. */
static void find_wavefronts(struct rctx *x, struct rfind *fd,
			    const struct tr_facts *f, int dev,
			    const char *pre)
{
	int n = f->top.n ? f->top.n : f->pad.n ? f->pad.n : f->tile.n;
	struct rbuf list, item, vv, bb, w, nn;
	int *bs = NULL, v;
	size_t nb, j;
	struct kv kv[3];

	if (!n)
		return;
	rbuf_init(&list);
	rbuf_init(&item);
	rbuf_init(&vv);
	rbuf_init(&bb);
	rbuf_init(&w);
	rbuf_init(&nn);
	nb = model_ints(x, dev, TR_SUITE, NULL, NULL, 'b', &bs);
	for (v = TR_TILE; v < TR_N; v++)
		for (j = 0; j < nb; j++) {
			const struct rcfg *c = model_find(x, dev, TR_SUITE,
				tr_variants[v], NULL, n, bs[j], -1);
			double q = bank_counted(c);

			if (!isfinite(q))
				continue;
			rbuf_free(&vv);
			rbuf_free(&bb);
			rbuf_free(&w);
			rbuf_free(&item);
			mem_variant(&vv, tr_variants[v]);
			mem_block(x, &bb, c);
			find_num(&w, q, 3);
			kv[0] = (struct kv){"V", rbuf_str(&vv)};
			kv[1] = (struct kv){"B", rbuf_str(&bb)};
			kv[2] = (struct kv){"W", rbuf_str(&w)};
			emit_string(x, &item, "find.tr.wf_item", kv, 3);
			rbuf_printf(&list, "%s%s", list.len ? "; " : "",
				    rbuf_str(&item));
		}
	if (list.len) {
		rbuf_printf(&nn, "%d", n);
		kv[0] = (struct kv){"DEV", pre};
		kv[1] = (struct kv){"N", rbuf_str(&nn)};
		kv[2] = (struct kv){"LIST", rbuf_str(&list)};
		find_add(x, fd, "find.tr.wavefronts", kv, 3);
	}
	free(bs);
	rbuf_free(&list);
	rbuf_free(&item);
	rbuf_free(&vv);
	rbuf_free(&bb);
	rbuf_free(&w);
	rbuf_free(&nn);
}

static void findings_dev(struct rctx *x, struct rfind *fd,
			 const struct tr_facts *f, int dev, const char *pre)
{
	struct kv v = {"DEV", pre};

	/* measured, but nowhere two kernels in device memory: say why
	 * nothing is compared */
	if (!f->tile.n && !f->pad.n && !f->top.n && f->nl2)
		find_add(x, fd, "find.tr.nosteady", &v, 1);
	find_pair(x, fd, &f->tile, "find.tr.tile", pre);
	find_pair(x, fd, &f->pad, "find.tr.pad", pre);
	find_pair(x, fd, &f->top, "find.tr.copy", pre);
	find_blocks(x, fd, f, pre);
	find_wavefronts(x, fd, f, dev, pre);
	find_l2(x, fd, f, pre);
}

/* ---- the section --------------------------------------------------------- */

static int part(struct rctx *x, int dev, struct rfind *fd)
{
	struct tr_facts f;
	char pre[32] = "";
	int rc;

	if (facts_transpose(x, dev, &f))
		return -1;
	rc = tr_figure(x, dev, &f);
	if (!rc)
		rc = tr_table(x, dev);
	problems_list(x, dev, TR_SUITE, NULL);
	if (x->ndevs > 1)
		snprintf(pre, sizeof(pre), "GPU~%d: ", dev + 1);
	findings_dev(x, fd, &f, dev, pre);
	return rc;
}

int sec_transpose(struct rctx *x)
{
	return mem_section(x, TR_SUITE, "transpose", part);
}
