/* The `rect` suite (textbook R): the product of rectangular matrices
 * C (m x n) = A (m x k) B (k x n) with every dimension padded up to the
 * block, at blocks 8, 16 and 32, beside cuBLAS, in fp32 and fp64. The
 * main body holds one table (each shape's padded work per block, its
 * fastest block and GFLOP/s per precision and GPU), one figure and the
 * findings of facts_rect, which the conclusions share, each stated once
 * for the GPUs that agree. A block's comparison is made at one shape,
 * where the regime (a grid below one wave) is part of what the block
 * costs: such points are marked and named rather than left out. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define RECT_SUITE VOCAB_SUITE_RECT

const char *const rect_precs[RECT_NP] = {VOCAB_PREC_FP32, VOCAB_PREC_FP64};

static long long pad_up(int v, int b)
{
	return ((long long)v + b - 1) / b * b;
}

/* The padded-work ratio M'K'N' / (mkn) of block b, X' = ceil(X/b) b. */
static double rect_pad_ratio(const struct rsize *sz, int b)
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

/* Shapes in order of their useful work, ties by n, m, k. */
static int cmp_work(const void *pa, const void *pb)
{
	const struct rsize *a = pa, *b = pb;
	double wa = (double)a->m * a->k * a->n, wb = (double)b->m * b->k * b->n;

	if (wa != wb)
		return wa < wb ? -1 : 1;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	if (a->m != b->m)
		return a->m < b->m ? -1 : 1;
	return (a->k > b->k) - (a->k < b->k);
}

/* Block index b's configuration of shape s, NULL for b < 0 (none). */
static const struct rcfg *at(const struct rect_shape *s, int p, int b)
{
	return b >= 0 ? s->c[p][b] : NULL;
}

static int shape_fill(struct rctx *x, int dev, struct rect_facts *f,
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
			/* what padding to the largest block adds, where it
			 * ran */
			if (b == f->nb - 1 && rcfg_ok(s->c[p][b]) &&
			    !(r <= f->pad_max)) {
				f->pad_max = r;
				f->pad_s = f->ns;
			}
			if (!isfinite(g = cfg_gflops(s->c[p][b])))
				continue;
			if (s->best[p] < 0 ||
			    g > cfg_gflops(at(s, p, s->best[p]))) {
				s->next[p] = s->best[p];
				s->best[p] = b;
			} else if (s->next[p] < 0 ||
				   g > cfg_gflops(at(s, p, s->next[p]))) {
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

/* Fills *f for device dev (struct rect_facts): what the findings state.
 * Returns 0, -1 when the store fails. */
static int facts_rect(struct rctx *x, int dev, void *vf)
{
	struct rect_facts *f = vf;
	const struct store_device *d = x->devs[dev];
	struct rsize *sz = NULL;
	int *bs = NULL, rc = -1, nfail;
	size_t nsz, nb, i;

	memset(f, 0, sizeof(*f));
	f->dev = dev;
	f->max_rel = f->pad_max = NAN;
	f->pad_s = -1;
	f->peak32 = d->peak_fp32_gflops > 0 ? d->peak_fp32_gflops : NAN;
	f->peak64 = dev_peak_fp64(d);
	/* every device's facts hold every block and shape (a device's
	 * shape it did not run has no point), so that the table and the
	 * findings set them side by side */
	nb = model_ints(x, -1, RECT_SUITE, VOCAB_VARIANT_RECT, 'b', &bs);
	for (i = 0; i < nb && f->nb < RECT_MAXB; i++)
		if (bs[i] > 0)
			f->blocks[f->nb++] = bs[i];
	nsz = model_sizes(x, RECT_SUITE, &sz);
	if (nsz)
		qsort(sz, nsz, sizeof(*sz), cmp_work);
	for (i = 0; i < nsz && f->ns < RECT_MAXS; i++) {
		struct rect_shape *s = &f->s[f->ns];

		s->sz = sz[i];
		if (shape_fill(x, dev, f, s))
			goto out;
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

/* ---- the table and the figure --------------------------------------------- */

/* Per shape: the padded-work ratio of each block, and per precision
 * the first device's fastest block with each device's GFLOP/s there. */
static int rect_table(struct rctx *x, const struct mem_devs *md)
{
	struct rect_facts *const *F = (struct rect_facts *const *)md->f;
	const struct rect_facts *f = F[0];
	char kinds[64] = "l";
	struct ptable pt;
	int i, b, p, d, rc;

	for (b = 0; b < f->nb + RECT_NP * (1 + md->nd); b++)
		strcat(kinds, b < f->nb ? "S" : b % (1 + md->nd) == f->nb %
		       (1 + md->nd) ? "r" : "S");
	parts_table_init(&pt, kinds);
	rtable_head(&pt.t, "");
	rtable_head_span(&pt.t, f->nb, lang_get(x->L, "rect.h_pad"));
	for (p = 0; p < RECT_NP; p++)
		rtable_head_span(&pt.t, 1 + md->nd, rect_precs[p]);
	rtable_head_end(&pt.t);
	rtable_head(&pt.t, lang_get(x->L, "rect.shape"));
	for (b = 0; b < f->nb; b++) {
		rbuf_free(&pt.cell);
		rbuf_printf(&pt.cell, "$b = %d$", f->blocks[b]);
		rtable_head(&pt.t, rbuf_str(&pt.cell));
	}
	for (p = 0; p < RECT_NP; p++) {
		rtable_head(&pt.t, "$b$");
		for (d = 0; d < md->nd; d++) {
			rbuf_free(&pt.cell);
			rbuf_printf(&pt.cell, "GPU~%d", md->dev[d] + 1);
			rtable_head(&pt.t, rbuf_str(&pt.cell));
		}
	}
	rtable_head_end(&pt.t);
	for (i = 0; i < f->ns; i++) {
		const struct rect_shape *s = &f->s[i];

		rbuf_free(&pt.cell);
		size_label(&s->sz, &pt.cell);
		rtable_text(&pt.t, rbuf_str(&pt.cell));
		for (b = 0; b < f->nb; b++)
			rtable_num(&pt.t, rect_pad_ratio(&s->sz, f->blocks[b]),
				   3, 0);
		for (p = 0; p < RECT_NP; p++) {
			rbuf_free(&pt.cell);
			if (s->best[p] >= 0)
				rbuf_printf(&pt.cell, "%d",
					    f->blocks[s->best[p]]);
			rtable_text(&pt.t, s->best[p] >= 0 ?
				    rbuf_str(&pt.cell) : "--");
			for (d = 0; d < md->nd; d++) {
				const struct rcfg *c = s->best[p] >= 0 ?
					F[d]->s[i].c[p][s->best[p]] : NULL;

				if (!mem_cfg_num(x, &pt.t, c,
						 cfg_gflops(c), 0, 0, 0))
					pt.seen |= rcfg_marks(x, c);
			}
		}
		rtable_row_end(&pt.t);
	}
	rc = mem_caption(x, f->dev, RECT_SUITE, NULL, VOCAB_METRIC_GFLOPS,
			 "rect.table", NULL, &pt.cap);
	rbuf_puts(&pt.note, lang_get(x->L, "rect.table_note"));
	regime_note(x, pt.seen, &pt.note, "rect.regime_note");
	return parts_table_emit(x, &pt, rc, "rect-speed", f->dev);
}

/* ---- findings ------------------------------------------------------------- */

#define RF(s, i) ((const struct rect_facts *)(s)->f[i])

/* Per precision the fastest block of each shape, its effect over the
 * next, and where the largest block loses, its grid against the SMs. */
static int say_best(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct rect_facts *f = RF(s, 0);
	const struct rcmp *r[PG_MAXD];
	struct plist l;
	int p, i, d, top = f->nb - 1;

	for (p = 0; p < RECT_NP; p++) {
		parts_list_init(&l);
		for (i = 0; i < f->ns; i++) {
			const struct rect_shape *sh = &f->s[i];
			const struct rcfg *c = sh->c[p][top];

			if (sh->best[p] < 0)
				continue;
			for (d = 0; d < s->n; d++)
				r[d] = &RF(s, d)->s[i].lead[p];
			mp_fv_set(&l.item, "Sdd", "SHAPE", &sh->sz, "B",
				  f->blocks[sh->best[p]], "B2", sh->next[p] >=
				  0 ? f->blocks[sh->next[p]] : 0);
			dvs_effect(x, s, fv_put(&l.item, "E"), r, 0);
			fv_put(&l.item, "WHY");
			if (sh->best[p] != top && rcfg_ok(c) &&
			    !rcfg_steady(x, c)) {
				mp_fv_set(&l.item, "ddd", "BT",
					  f->blocks[top], "G",
					  (int)c->c->grid_blocks, "SMS",
					  versions_sms(x, f->dev));
				fv_emit(x, fv_put(&l.item, "WHY"),
					"rect.find.best_why", &l.item);
			}
			parts_list_add(x, &l, sh->next[p] < 0 ?
				       "rect.find.best_one" : mem_word(
				       &sh->lead[p], 1) >= MW_BETTER ?
				       "rect.find.best_item" :
				       "rect.find.best_ns");
		}
		fv_str(&l.all, "PREC", rect_precs[p]);
		if (l.list->len)
			mp_text_say(x, out, "rect.find.best", &l.all);
		fv_free(&l.item);
		fv_free(&l.all);
	}
	return 0;
}

/* Where padding costs: the time ratio of the most and the least padded
 * block against their padded-work ratio, per precision. */
static int say_pad(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct rect_facts *f = RF(s, 0);
	const struct rcmp *r[PG_MAXD];
	double e[PG_MAXD], rw, rl;
	int i, p, d, w;

	for (p = 0; p < RECT_NP; p++)
		for (i = 0; i < f->ns; i++) {
			const struct rect_shape *sh = &f->s[i];

			if (sh->pw[p] < 0 || !isfinite(sh->pad_t[p].ratio))
				continue;
			rw = rect_pad_ratio(&sh->sz, f->blocks[sh->pw[p]]);
			rl = rect_pad_ratio(&sh->sz, f->blocks[sh->pl[p]]);
			/* the most padded block's time per padded
			 * multiply-add over the least padded one's */
			for (d = 0; d < s->n; d++) {
				r[d] = &RF(s, d)->s[i].pad_t[p];
				e[d] = r[d]->ratio / (rw / rl);
			}
			mp_fv_set(s->v, "sSddn3n3n3%2", "PREC",
				  rect_precs[p], "SHAPE", &sh->sz, "BW",
				  f->blocks[sh->pw[p]], "BL",
				  f->blocks[sh->pl[p]], "PW", rw, "PL", rl,
				  "RP", rw / rl, "TOL", 100 * RECT_PAD_TOL);
			dvs_effect(x, s, fv_put(s->v, "RT"), r, 0);
			dvs_num(x, s, fv_put(s->v, "E"), e, 3, 0);
			w = mem_word(r[0], 0);
			mp_text_say(x, out, "rect.find.pad", s->v);
			mp_text_say(x, out, w <= MW_NS ? "rect.find.pad.ns" :
				    fabs(e[0] - 1) <= RECT_PAD_TOL ?
				    "rect.find.pad.explains" : e[0] > 1 ?
				    "rect.find.pad.more" : "rect.find.pad.less",
				    s->v);
		}
	return 0;
}

/* fp64 over fp32 in time, the fastest blocks' and cuBLAS's over the
 * shapes, and what the device's peaks predict. */
static int say_prec(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct rect_facts *f = RF(s, 0);
	double pr = f->peak32 / f->peak64, lo = pr * (1 - RECT_RATIO_TOL);
	double hi = pr * (1 + RECT_RATIO_TOL), r[4] = {NAN, NAN, NAN, NAN};
	double pk[2][PG_MAXD];
	int i, d;

	if (!f->ntr)
		return 0;
	for (d = 0; d < s->n; d++) {
		for (i = 0; i < RF(s, d)->ns; i++) {
			num_range_add(RF(s, d)->s[i].prec.ratio, &r[0], &r[1]);
			num_range_add(RF(s, d)->s[i].prec_lib.ratio, &r[2],
				      &r[3]);
		}
		pk[0][d] = RF(s, d)->peak32;
		pk[1][d] = RF(s, d)->peak64;
	}
	for (i = 0; i < 2; i++)
		if (s->mask)
			fv_str(s->v, i ? "LRANGE" : "RANGE", "#");
		else
			num_range_put(fv_put(s->v, i ? "LRANGE" : "RANGE"),
				      r[2 * i], r[2 * i + 1], 3, find_num);
	mp_text_say(x, out, isfinite(r[2]) ? "rect.find.prec" :
		    "rect.find.prec_nolib", s->v);
	dvs_num(x, s, fv_put(s->v, "P32"), pk[0], 4, 0);
	dvs_num(x, s, fv_put(s->v, "P64"), pk[1], 4, 0);
	mp_fv_set(s->v, "n3%2", "PR", pr, "TOL", 100 * RECT_RATIO_TOL);
	if (!isfinite(f->peak64))
		mp_text_say(x, out, "rect.find.pr.none", s->v);
	else if (isfinite(pr))
		mp_text_say(x, out, r[0] >= lo && r[1] <= hi ?
			    "rect.find.pr.near" : r[1] < lo ?
			    "rect.find.pr.below" : r[0] > hi ?
			    "rect.find.pr.above" : "rect.find.pr.mixed", s->v);
	/* doubled bytes and the peaks predict the same 2 */
	if (isfinite(pr) && fabs(pr / 2 - 1) <= RECT_RATIO_TOL)
		mp_text_say(x, out, "rect.find.pr.two", s->v);
	return 0;
}

/* Per precision, at the largest shape where the fastest block counts:
 * its share of cuBLAS and of the peak of its precision and units
 * (rcfg_peak: cuBLAS's fp64 product against the FP64 tensor-core peak
 * where the device has one); a share above its peak is not printed. */
static int say_lib(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct rect_facts *f = RF(s, 0);
	double a[PG_MAXD], c[PG_MAXD], pk[PG_MAXD], sh[PG_MAXD];
	int i, p, d, wc, wl, over, lover;

	for (p = 0; p < RECT_NP; p++) {
		for (i = f->ns - 1; i >= 0; i--)
			if (rcfg_steady(x, at(&f->s[i], p, f->s[i].best[p])))
				break;
		if (i < 0)
			continue;
		for (d = 0, wl = -1, lover = 0; d < s->n; d++) {
			const struct rect_shape *t = &RF(s, d)->s[i];
			const struct rcfg *b = at(t, p, t->best[p]);

			pk[d] = rcfg_peak(x, b, &wc);
			a[d] = rcfg_peak_pct(x, b, &wc, &over);
			c[d] = rcfg_ok(t->lib[p]) ? rcfg_peak_pct(x, t->lib[p],
				&wl, &over) : NAN;
			lover |= rcfg_ok(t->lib[p]) && over;
			sh[d] = 100 * t->vs_lib[p].ratio;
		}
		mp_fv_set(s->v, "sS", "PREC", rect_precs[p], "SHAPE",
			  &f->s[i].sz);
		dvs_num(x, s, fv_put(s->v, "PCT"), sh, 3, 1);
		dvs_num(x, s, fv_put(s->v, "A"), a, 3, 1);
		dvs_num(x, s, fv_put(s->v, "C"), c, 3, 1);
		dvs_num(x, s, fv_put(s->v, "PK"), pk, 4, 0);
		mp_text_say(x, out, !isfinite(c[0]) && !lover ?
			    "rect.find.lib_nolib" : lover ?
			    "rect.find.lib_over" :
			    wl == RULE_PEAK_FP64_TC ? "rect.find.lib_tc" :
			    "rect.find.lib", s->v);
	}
	if (out->len)
		mp_text_say(x, out, "rect.find.lib_why", s->v);
	return 0;
}

/* The largest error in units of u per precision against the bound k u,
 * rect's and cuBLAS's. */
static int say_acc(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	static const char *const key[] = {"rect.find.acc", "rect.find.acc_over"};
	int i, p, d, over, khi;
	double top[2][PG_MAXD];

	for (p = 0; p < RECT_NP; p++) {
		for (d = 0, over = khi = 0; d < s->n; d++) {
			top[0][d] = top[1][d] = NAN;
			for (i = 0; i < RF(s, d)->ns; i++) {
				const struct rect_shape *t = &RF(s, d)->s[i];
				double e = rcfg_median(at(t, p, t->best[p]),
					   VOCAB_METRIC_ACC_MAX) / rect_unit(p);
				double el = rcfg_median(t->lib[p],
					    VOCAB_METRIC_ACC_MAX) / rect_unit(p);

				top[0][d] = !(e <= top[0][d]) ? e : top[0][d];
				top[1][d] = !(el <= top[1][d]) ? el :
					    top[1][d];
				/* the classical bound gamma_k ~ k u */
				over |= e > t->sz.k;
				khi = t->sz.k > khi ? t->sz.k : khi;
			}
		}
		if (!isfinite(top[0][0]))
			continue;
		mp_fv_set(s->v, "ssd", "PREC", rect_precs[p], "U", p ?
			  "2^{-53}" : "2^{-24}", "KHI", khi);
		dvs_num(x, s, fv_put(s->v, "RMAX"), top[0], 3, 0);
		dvs_num(x, s, fv_put(s->v, "CMAX"), top[1], 3, 0);
		mp_text_say(x, out, key[over], s->v);
	}
	return 0;
}

/* Verification, and the shapes where a point ran below a wave. */
static int say_misc(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct rect_facts *f = RF(s, 0);
	struct rbuf *list = fv_put(s->v, "LIST");
	size_t j;
	int i;

	if (isfinite(f->max_rel))
		rbuf_printf(fv_put(s->v, "E"), "\\num{%.2e}", f->max_rel);
	mp_fv_set(s->v, "dd", "K", f->nok, "N", f->nall);
	if (f->nall)
		mp_text_say(x, out, f->nok == f->nall ?
			    "rect.find.verified_all" :
			    "rect.find.verified_some", s->v);
	for (i = 0; i < f->ns; i++)
		for (j = 0; j < x->ncfgs; j++) {
			const struct rcfg *c = &x->cfgs[j];

			if (c->dev == f->dev && !strcmp(c->c->suite,
			    RECT_SUITE) && c->c->m == f->s[i].sz.m &&
			    c->c->k == f->s[i].sz.k &&
			    c->c->n == f->s[i].sz.n && rcfg_ok(c) &&
			    !rcfg_steady(x, c)) {
				rbuf_puts(list, list->len ? ", " : "");
				rect_shape_label(&f->s[i].sz, list);
				break;
			}
		}
	if (list->len)
		mp_text_say(x, out, "rect.find.nonsteady", s->v);
	return 0;
}

/* What to take away: padding's largest cost in work and where the
 * largest block wins. */
static int say_take(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct rect_facts *f = RF(s, 0);
	int i, p, fills = 1, top = f->nb - 1;

	if (f->pad_s < 0 || !f->nb)
		return 0;
	/* the largest block is fastest exactly where it counts */
	for (p = 0; p < RECT_NP; p++)
		for (i = 0; i < f->ns; i++)
			fills &= (f->s[i].best[p] == top) ==
				 rcfg_steady(x, f->s[i].c[p][top]);
	mp_fv_set(s->v, "dSd", "B", f->blocks[top], "SHAPE",
		  &f->s[f->pad_s].sz, "BT", f->blocks[top]);
	find_pct(fv_put(s->v, "W"), 100 * (f->pad_max - 1), 2);
	mp_text_say(x, out, "rect.take", s->v);
	if (fills)
		mp_text_say(x, out, "rect.take_fills", s->v);
	return 0;
}

static const struct dvs_find rect_say[] = {{say_best, NULL}, {say_pad, NULL},
	{say_prec, NULL}, {say_lib, NULL}, {say_acc, NULL}, {say_misc, NULL}};
MEM_SECTION(rect, .suite = RECT_SUITE, .fsize = sizeof(struct rect_facts),
	    .facts = facts_rect, .draw = rect_table, .say = rect_say,
	    .nsay = MEM_N(rect_say), .take = say_take)
