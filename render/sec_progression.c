/* The `progression` suite (issue 14): the path from report P's v5 to a
 * library-grade SGEMM in FP32 on the CUDA cores (no tensor cores, no
 * TF32): v1..v5, the steps beyond them (v6 on) and cuBLAS at square
 * sizes, each size one interleaved group. Each kernel is shown at its
 * best block or tile (versions_best: steady first). The main body holds
 * one table at the counter size (GFLOP/s and the speed-up over the step
 * before per GPU beside the counters that explain it), one figure of
 * GFLOP/s per step and the findings, each stated once for the GPUs
 * where they agree (dvs_items, also the rect, versions and precision
 * sections'); every
 * configuration's data are in the generic appendix. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define PG_SUITE VOCAB_SUITE_PROGRESSION
#define PG_MAXK 16		/* kernels kept: the steps and the library */
#define PG_MAXN 8		/* sizes kept */
/* the goal the progression was set: the best own kernel at this share
 * of cuBLAS at each of the goal sizes */
#define PG_GOAL 90.0
static const int pg_goal_n[] = {4096, 8192};
#define PG_NGOAL (sizeof(pg_goal_n) / sizeof(pg_goal_n[0]))
/* the size of the table and of the counter findings: the goal's
 * smaller size, else the largest size with counters */
#define PG_CNT_N 4096
/* a counter that moved by less than this factor explains no step */
#define PG_MOVED_MIN 1.1

/* The quantities a step is explained by, in the order of the table and
 * the strings that name them. */
enum { PQ_FFMA, PQ_BANK, PQ_LOADS, PQ_DRAM, PQ_REGS, PQ_OCC, PQ_N };
static const char *const pq_key[PQ_N] = {"progression.q.ffma",
	"progression.q.bank", "progression.q.loads", "progression.q.dram",
	"progression.q.regs", "progression.q.occ"};

/* The counters of one configuration and its kernel's attributes: FFMA
 * share of the executed instructions, shared-load wavefronts per
 * instruction, global load requests per kFLOP, DRAM bytes read and
 * written, registers per thread, occupancy (0..1); NAN where missing. */
struct pg_cnt {
	double q[PQ_N];
	double ai;		/* counted FLOP per DRAM byte */
	/* cycles in which a scheduler issued over its active cycles (0..1,
	 * NAN: not counted, files before these counters) */
	double issue;
	const char *lim;	/* the occupancy's limiter, NULL */
	int has;		/* any counter */
};

struct pg_kern {
	const char *variant;	/* points into the configurations */
	int lib;		/* cuBLAS */
	/* at each size: the best ok configuration (NULL: none ok); the
	 * step compared there, the nearest earlier own kernel that ran
	 * ok (the library: the best own kernel), -1 none, it (a) against
	 * this one (b) in GFLOP/s */
	const struct rcfg *c[PG_MAXN];
	int prev[PG_MAXN];
	struct rcmp step[PG_MAXN];
	struct pg_cnt q;	/* at pg_facts.cn */
	int moved;		/* PQ_* that moved most from prev, -1 */
	double moved_r;		/* its ratio */
};

struct pg_facts {
	int dev;
	int n[PG_MAXN];		/* sizes, ascending */
	int nn;
	struct pg_kern k[PG_MAXK];	/* own, natural order; cuBLAS last */
	int nk;
	int lib;		/* index of cuBLAS, -1 */
	int top[PG_MAXN];	/* the fastest own kernel at each size, -1 */
	int big[PG_MAXN];	/* the largest step at each size, -1 */
	int cn;			/* index of the counter size, -1 none */
	int tn;			/* index of the table's size */
	int nall, nok;		/* configurations run; ok */
};

double cfg_gflops(const struct rcfg *c)
{
	return rcfg_median(c, VOCAB_METRIC_GFLOPS);
}

static double pg_ratio(double a, double b)
{
	return isfinite(a) && isfinite(b) && b > 0 ? a / b : NAN;
}

/* "\texttt{v6} (tile 64)": a kernel at its block, for prose. */
static void pg_named(const struct rctx *x, const struct rcfg *c,
		     struct rbuf *b)
{
	mem_variant(b, c->c->variant);
	if (c->c->block_x <= 0)
		return;
	rbuf_puts(b, " (");
	if (!block_is_tile(x, c))
		rbuf_printf(b, "%s ", lang_get(x->L, "word.block"));
	block_tile_label(x, c, b);
	rbuf_putc(b, ')');
}

/* ---- one sentence for several GPUs, one section skeleton (dvs_*) --------- */

/* parts[0..s->n) into b joined as find_devs joins numbers, one alone
 * where all print alike, "#" with s->mask (dvs_items compares sentences
 * without their numbers); frees parts. */
static void dvs_join(const struct rctx *x, const struct dvs *s,
		     struct rbuf *b, struct rbuf *parts)
{
	int i, same = 1;

	for (i = 1; i < s->n; i++)
		same &= !strcmp(rbuf_str(&parts[0]), rbuf_str(&parts[i]));
	/* the separator lets a line break after it (find.devs.sep) */
	for (i = 0; i < (same ? 1 : s->n); i++)
		rbuf_printf(b, "%s%s", i ? lang_get(x->L, "find.devs.sep") :
			    "", s->mask ? "#" : rbuf_str(&parts[i]));
	rbufs_free(parts, (size_t)s->n);
}

void dvs_num(const struct rctx *x, const struct dvs *s, struct rbuf *b,
	     const double *v, int sig, int pct)
{
	struct rbuf parts[PG_MAXD];
	int i;

	rbufs_init(parts, (size_t)s->n);
	for (i = 0; i < s->n; i++)
		if (!sig)	/* a count */
			rbuf_printf(&parts[i], "%.0f", v[i]);
		else
			(pct ? find_pct : find_num)(&parts[i], v[i], sig);
	dvs_join(x, s, b, parts);
}

void dvs_effect(const struct rctx *x, const struct dvs *s, struct rbuf *b,
		const struct rcmp *const *r, int invert)
{
	struct rbuf parts[PG_MAXD];
	int i;

	rbufs_init(parts, (size_t)s->n);
	for (i = 0; i < s->n; i++)
		find_effect(x, &parts[i], r[i], invert);
	dvs_join(x, s, b, parts);
}

/* say() of the n devices' facts f[0..n) and items it[0..n) into t
 * (emptied first), numbers "#" where mask is set. */
static int dvs_text(struct rctx *x, const void *const *f, const int *it,
		    int n, int mask, dvs_say_fn say, struct rbuf *t)
{
	struct fv v;
	struct dvs s = {f, it, n, mask, &v};
	int rc;

	rbuf_free(t);
	fv_init(&v);
	rc = say(x, &s, t) || !t->len;
	fv_free(&v);
	return rc;
}

void dvs_items(struct rctx *x, struct rfind *fd, const char *key,
	       const void *const *f, const int *dev, int n, dvs_say_fn say,
	       int (*nitem)(const void *f))
{
	unsigned char done[PG_MAXD][DVS_MAXI] = {{0}};
	const void *gf[PG_MAXD];
	int gi[PG_MAXD], ni[PG_MAXD], d, e, i, j, g;
	struct rbuf t0, t, pre;
	struct kv kv[2];

	rbuf_init(&t0);
	rbuf_init(&t);
	rbuf_init(&pre);
	for (d = 0; d < n; d++) {
		ni[d] = nitem ? nitem(f[d]) : 1;
		ni[d] = ni[d] < DVS_MAXI ? ni[d] : DVS_MAXI;
	}
	for (d = 0; d < n; d++)
		for (i = 0; i < ni[d]; i++) {
			if (done[d][i] ||
			    dvs_text(x, f + d, &i, 1, 1, say, &t0))
				continue;
			gf[0] = f[d];
			gi[0] = i;
			rbuf_free(&pre);
			rbuf_printf(&pre, "GPU~%d", dev[d] + 1);
			/* each later device's first item that reads alike */
			for (e = d + 1, g = 1; e < n; e++)
				for (j = 0; j < ni[e]; j++)
					if (!done[e][j] && !dvs_text(x, f + e,
					    &j, 1, 1, say, &t) && !strcmp(
					    rbuf_str(&t0), rbuf_str(&t))) {
						done[e][j] = 1;
						gf[g] = f[e];
						gi[g++] = j;
						rbuf_printf(&pre, ", GPU~%d",
							    dev[e] + 1);
						break;
					}
			if (dvs_text(x, gf, gi, g, 0, say, &t))
				continue;
			/* the devices named where not all of them speak, or
			 * one alone is reported of several */
			if (g < n || (n == 1 && x->ndevs > 1))
				rbuf_puts(&pre, ": ");
			else
				rbuf_free(&pre);
			kv[0] = (struct kv){"DEV", rbuf_str(&pre)};
			kv[1] = (struct kv){"TEXT", rbuf_str(&t)};
			rbuf_free(&t0);
			if (fd)
				find_add(x, fd, key, kv, 2);
			else if (!emit_string(x, &t0, key, kv, 2))
				emit_par(x, rbuf_str(&t0));
		}
	rbuf_free(&t0);
	rbuf_free(&t);
	rbuf_free(&pre);
}

/* ---- facts ---------------------------------------------------------------- */

static void pg_cnt_fill(const struct rctx *x, const struct rcfg *c,
			struct pg_cnt *q)
{
	double ops = rcfg_median(c, VOCAB_METRIC_CNT_FP32_OPS);
	const struct store_kattr *a = model_kattr(x, c);
	int i;

	q->q[PQ_FFMA] = pg_ratio(rcfg_median(c, VOCAB_METRIC_CNT_PREFIX
		"ffma_thread_inst"), rcfg_median(c, VOCAB_METRIC_CNT_PREFIX
		"thread_inst_executed"));
	q->q[PQ_BANK] = pg_ratio(rcfg_median(c,
		VOCAB_METRIC_CNT_SHARED_LD_WAVEFRONTS), rcfg_median(c,
		VOCAB_METRIC_CNT_SHARED_LD_INST));
	q->q[PQ_LOADS] = 1000 * pg_ratio(rcfg_median(c,
		VOCAB_METRIC_CNT_GLOBAL_LD_REQUESTS), ops);
	q->q[PQ_DRAM] = rcfg_median(c, VOCAB_METRIC_CNT_DRAM_READ_BYTES) +
			rcfg_median(c, VOCAB_METRIC_CNT_DRAM_WRITE_BYTES);
	q->ai = ops / q->q[PQ_DRAM];
	q->issue = pg_ratio(rcfg_median(c, VOCAB_METRIC_CNT_ISSUE_ACTIVE),
			    rcfg_median(c, VOCAB_METRIC_CNT_CYCLES_ACTIVE));
	for (q->has = 0, i = 0; i <= PQ_DRAM; i++)
		q->has |= isfinite(q->q[i]);
	q->q[PQ_REGS] = a && a->regs_per_thread > 0 ? a->regs_per_thread :
			NAN;
	q->q[PQ_OCC] = a && a->occupancy > 0 ? a->occupancy : NAN;
	q->lim = a ? a->limiter : NULL;
}

/* Each step against the one before it, the library against the best
 * own kernel, at size index i. -1 when the store fails. */
static int pg_steps(struct rctx *x, struct pg_facts *f, int i)
{
	struct pg_kern *k;
	int j, last = -1;

	f->top[i] = f->big[i] = -1;
	for (j = 0; j < f->nk; j++) {
		k = &f->k[j];
		rcmp_clear(&k->step[i]);
		k->prev[i] = -1;
		if (k->lib || !k->c[i])
			continue;
		if (f->top[i] < 0 || cfg_gflops(k->c[i]) >
		    cfg_gflops(f->k[f->top[i]].c[i]))
			f->top[i] = j;
		k->prev[i] = last;
		last = j;
		if (k->prev[i] >= 0 &&
		    model_compare(x, f->k[k->prev[i]].c[i], k->c[i],
				  VOCAB_METRIC_GFLOPS, &k->step[i]) == -2)
			return -1;
		if (isfinite(k->step[i].ratio) && (f->big[i] < 0 ||
		    k->step[i].ratio > f->k[f->big[i]].step[i].ratio))
			f->big[i] = j;
	}
	k = f->lib >= 0 ? &f->k[f->lib] : NULL;
	if (!k || f->top[i] < 0 || !k->c[i])
		return 0;
	k->prev[i] = f->top[i];
	return model_compare(x, f->k[f->top[i]].c[i], k->c[i],
			     VOCAB_METRIC_GFLOPS, &k->step[i]) == -2 ? -1 : 0;
}

/* The counters at the counter size, and what moved from step to step. */
static void pg_counters(const struct rctx *x, struct pg_facts *f)
{
	int i, j, cn = -1;
	struct pg_cnt q;

	for (i = 0; i < f->nn; i++)
		for (j = 0; j < f->nk; j++) {
			pg_cnt_fill(x, f->k[j].c[i], &q);
			if (q.has && (cn < 0 || f->n[i] == PG_CNT_N ||
				      f->n[cn] != PG_CNT_N))
				cn = i;
		}
	f->cn = cn;
	f->tn = cn >= 0 ? cn : f->nn - 1;
	for (j = 0; j < f->nk; j++) {
		struct pg_kern *k = &f->k[j];
		const struct pg_cnt *p;
		double best = -1, r;

		pg_cnt_fill(x, cn >= 0 ? k->c[cn] : NULL, &k->q);
		k->moved = -1;
		if (cn < 0 || !k->c[cn] || k->lib || k->prev[cn] < 0 ||
		    !k->q.has || !f->k[k->prev[cn]].q.has)
			continue;
		/* the quantity that moved most from the step before (filled
		 * above: an earlier one): the largest |log| of a ratio, so
		 * that halving and doubling weigh alike */
		p = &f->k[k->prev[cn]].q;
		for (i = 0; i < PQ_N; i++) {
			r = pg_ratio(k->q.q[i], p->q[i]);
			if (r > 0 && fabs(log(r)) > best) {
				best = fabs(log(r));
				k->moved = i;
				k->moved_r = r;
			}
		}
	}
}

/* Fills *f for device dev. Returns 0, -1 when the store fails. */
static int pg_facts_fill(struct rctx *x, int dev, void *vf)
{
	struct pg_facts *f = vf;
	const char **vv = NULL;
	int *ns = NULL, rc = -1, i, nfail;
	size_t nv, nn, q;

	memset(f, 0, sizeof(*f));
	f->dev = dev;
	f->lib = -1;
	/* every device's facts hold every kernel and size (a device's
	 * kernel or size it did not run has no point), so that the table and
	 * the findings set them side by side */
	nn = model_ints(x, -1, PG_SUITE, NULL, 'n', &ns);
	for (q = 0; q < nn && f->nn < PG_MAXN; q++)
		f->n[f->nn++] = ns[q];
	nv = versions_names_of(x, -1, PG_SUITE, &vv);
	/* the library last, whatever its name sorts as */
	for (q = 0; q < 2 * nv && f->nk < PG_MAXK; q++) {
		struct pg_kern *k = &f->k[f->nk];

		k->variant = vv[q % nv];
		k->lib = !!(model_traits(x, k->variant, 0) & KTRAIT_LIBRARY);
		if (k->lib != (q >= nv))
			continue;
		/* steady first, any ok one where none ran steady */
		for (i = 0; i < f->nn; i++)
			if (!(k->c[i] = versions_best(x, dev, PG_SUITE,
						      k->variant, f->n[i], 1)))
				k->c[i] = versions_best(x, dev, PG_SUITE,
							k->variant, f->n[i], 0);
		f->lib = k->lib ? f->nk : f->lib;
		f->nk++;
	}
	for (i = 0; i < f->nn; i++)
		if (pg_steps(x, f, i))
			goto out;
	pg_counters(x, f);
	model_cfgs_count(x, dev, PG_SUITE, NULL, &nfail, &f->nall, &f->nok,
			 NULL);
	rc = 0;
out:
	free(vv);
	free(ns);
	return rc;
}

/* ---- the table and the figure --------------------------------------------- */

/* One table at the first device's table size: per kernel its block,
 * GFLOP/s and speed-up over the step before on each device, and with
 * counters the first device's. */
static void pg_table_rows(struct rctx *x, struct ptable *p,
			  struct pg_facts *const *F, int nd)
{
	static const int dec[PQ_N] = {1, 2, -3, 0, 0, 0};
	static const double scale[PQ_N] = {100, 1, 1, 1e-6, 1, 100};
	const struct pg_facts *f0 = F[0];
	int d, j, q, i = f0->tn;

	for (j = 0; j < f0->nk; j++) {
		const struct pg_kern *k = &f0->k[j];

		if (!k->c[i])
			continue;
		if (k->lib)
			rtable_gap(&p->t);
		rbuf_free(&p->cell);
		mem_variant(&p->cell, k->variant);
		rtable_text(&p->t, rbuf_str(&p->cell));
		rbuf_free(&p->cell);
		if (k->c[i]->c->block_x > 0)
			block_tile_label(x, k->c[i], &p->cell);
		rtable_text(&p->t, p->cell.len ? rbuf_str(&p->cell) : "--");
		for (d = 0; d < 2 * nd; d++) {
			const struct rcfg *c = F[d % nd]->k[j].c[i];

			if (d >= nd && !c)
				rtable_text(&p->t, "--");
			else if (d >= nd)
				ratio_cell(&p->t, &F[d % nd]->k[j].step[i]);
			else if (!mem_cfg_num(x, &p->t, c, cfg_gflops(c), 0,
					      j == F[d]->top[i] ? RT_BOLD : 0,
					      0))
				p->seen |= rcfg_marks(x, c);
		}
		for (q = 0; f0->cn >= 0 && q < PQ_N; q++)
			rtable_num(&p->t, k->q.has || q >= PQ_REGS ? scale[q] *
				   k->q.q[q] : NAN, dec[q], 0);
		rtable_row_end(&p->t);
	}
}

/* GFLOP/s per step of the first device (x: its kernels), one line per
 * size, cuBLAS a mark of the size's colour at the end, the FP32 peak
 * dotted. */
static int pg_figure(struct rctx *x, const struct pg_facts *f)
{
	enum { NL = 2 * PG_MAXN + 1 };
	double xs[PG_MAXK], ys[NL][PG_MAXK];
	struct rbuf title[NL], tic[PG_MAXK];
	struct mem_line l[NL];
	struct mem_axes a = {
		.xlabel = lang_get(x->L, "progression.axis_step"),
		.xmin = 0.5, .xmax = f->nk + 0.5, .nxtics = (size_t)f->nk,
		.w = 15, .h = 7
	};
	int i, j, nl, rc;

	rbufs_init(title, NL);
	rbufs_init(tic, PG_MAXK);
	for (j = 0; j < f->nk; j++) {
		rbuf_puts(&tic[j], "{\\scriptsize ");
		mem_variant(&tic[j], f->k[j].variant);
		rbuf_puts(&tic[j], "}");
	}
	for (i = 0, nl = 0; i < f->nn; i++, nl += 2) {
		/* the own kernels joined, the library apart */
		for (j = 0; j < f->nk; j++) {
			ys[nl][j] = f->k[j].lib ? NAN :
				    cfg_gflops(f->k[j].c[i]);
			ys[nl + 1][j] = f->k[j].lib ? cfg_gflops(f->k[j].c[i]) :
					NAN;
		}
		rbuf_printf(&title[nl], "{\\scriptsize $n = %d$}", f->n[i]);
		l[nl] = (struct mem_line){rbuf_str(&title[nl]), xs, ys[nl],
					  (size_t)f->nk, PL_LINE, i, i};
		l[nl + 1] = (struct mem_line){NULL, xs, ys[nl + 1],
					      (size_t)f->nk, PL_POINTS, i, i};
	}
	plot_peak_fill(x, &l[nl], &title[nl], "progression.line_peak", xs,
		       ys[nl], (size_t)f->nk, x->devs[f->dev]->peak_fp32_gflops
		       > 0 ? x->devs[f->dev]->peak_fp32_gflops : NAN);
	rc = mp_figure_cat(x, f->dev, &a, l, (size_t)nl + 1, tic, xs);
	rbufs_free(title, NL);
	return rc;
}

/* The table, then the first device's figure. */
static int pg_show(struct rctx *x, const struct mem_devs *md)
{
	static const char *const heads[] = {"progression.h_ffma",
		"progression.h_wpi", "progression.h_ldk", "progression.h_dram",
		"progression.h_regs", "progression.h_occ", NULL};
	struct pg_facts *const *F = (struct pg_facts *const *)md->f;
	const struct pg_facts *f0 = F[0];
	char kinds[40] = "ll";
	int d, cnt = f0->cn >= 0, rc;
	struct ptable p;

	for (d = 0; d < 2 * md->nd + (cnt ? PQ_N : 0); d++)
		strcat(kinds, "S");
	parts_table_init(&p, kinds);
	rtable_head(&p.t, "");
	rtable_head(&p.t, "");
	rtable_head_span(&p.t, md->nd, "GFLOP/s");
	rtable_head_span(&p.t, md->nd, lang_get(x->L, "progression.h_speedup"));
	if (cnt)
		rtable_head_span(&p.t, PQ_N, lang_get(x->L,
				 "progression.h_counters"));
	rtable_head_end(&p.t);
	rtable_head(&p.t, lang_get(x->L, "progression.h_kernel"));
	rtable_head(&p.t, lang_get(x->L, "progression.h_block"));
	for (d = 0; d < 2 * md->nd; d++) {
		rbuf_free(&p.cell);
		rbuf_printf(&p.cell, "GPU~%d", F[d % md->nd]->dev + 1);
		rtable_head(&p.t, rbuf_str(&p.cell));
	}
	if (cnt)
		mem_heads(x, &p.t, heads);
	rtable_head_end(&p.t);
	pg_table_rows(x, &p, F, md->nd);
	rbuf_free(&p.cell);
	rbuf_printf(&p.cell, "%d", f0->n[f0->tn]);
	rc = mem_caption(x, f0->dev, PG_SUITE, NULL, VOCAB_METRIC_GFLOPS,
			 cnt ? "progression.table" : "progression.table_nocnt",
			 rbuf_str(&p.cell), &p.cap);
	rbuf_puts(&p.note, lang_get(x->L, cnt ? "progression.table_note" :
				    "progression.table_note_nocnt"));
	regime_note(x, p.seen, &p.note, "progression.regime_note");
	return parts_table_emit(x, &p, rc, "progression-steps", f0->dev) ||
	       pg_figure(x, f0) ? -1 : 0;
}

/* ---- findings ------------------------------------------------------------- */

#define PG_F(s, i) ((const struct pg_facts *)(s)->f[i])

/* The best own kernel against cuBLAS at each size, and the goal. */
static int say_lib(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct pg_facts *f = PG_F(s, 0);
	int i, d, met = 1, nmeas = 0, sig;
	double v[PG_MAXD];
	struct rbuf *sz;
	struct plist l;
	size_t g;

	if (f->lib < 0)
		return 0;
	parts_list_init(&l);
	for (i = 0; i < f->nn; i++) {
		if (f->top[i] < 0 || !isfinite(f->k[f->lib].step[i].ratio))
			continue;
		for (d = 0, sig = 3; d < s->n; d++) {
			v[d] = 100 / PG_F(s, d)->k[f->lib].step[i].ratio;
			/* a share within 0.1 of the goal gets a digit more,
			 * so that 89.98 is not printed as the 90.0 it
			 * misses */
			sig += sig == 3 && fabs(v[d] - PG_GOAL) < 0.1;
			for (g = 0; g < PG_NGOAL; g++)
				met &= f->n[i] != pg_goal_n[g] ||
				       v[d] >= PG_GOAL;
		}
		for (g = 0; g < PG_NGOAL; g++)
			nmeas += f->n[i] == pg_goal_n[g];
		fv_int(&l.item, "N", f->n[i]);
		pg_named(x, f->k[f->top[i]].c[i], fv_put(&l.item, "V"));
		dvs_num(x, s, fv_put(&l.item, "PCT"), v, sig, 1);
		parts_list_add(x, &l, "progression.find.lib_item");
	}
	fv_num(&l.all, "GOAL", PG_GOAL, 2);
	sz = fv_put(&l.all, "SIZES");
	for (g = 0; g < PG_NGOAL; g++)
		rbuf_printf(sz, "%s%d", g ? lang_get(x->L, "progression.and") :
			    "", pg_goal_n[g]);
	if (l.list->len)
		fv_emit(x, out, !nmeas ? "progression.find.lib" : !met ?
			"progression.find.goal.not" : (size_t)nmeas <
			PG_NGOAL ? "progression.find.goal.part" :
			"progression.find.goal.reached", &l.all);
	fv_free(&l.item);
	fv_free(&l.all);
	return 0;
}

enum { PK_N = 14 };

/* say_peak's numbers of each device (v[q][d], the placeholders' order
 * of say_peak) and the best kernel's step r[d] over the kernel p at the
 * counter size; 1 where a device's best kernel is not steady. */
static int pg_peak_fill(struct rctx *x, const struct dvs *s, int p,
			double v[PK_N][PG_MAXD], const struct rcmp **r)
{
	int d, i = PG_F(s, 0)->cn;

	for (d = 0; d < s->n; d++) {
		const struct pg_facts *g = PG_F(s, d);
		const struct store_device *dv = x->devs[g->dev];
		const struct pg_kern *gk = &g->k[g->top[i]];
		const struct pg_cnt *gq = &gk->q, *cq = g->lib >= 0 ?
			&g->k[g->lib].q : NULL, *pq = p >= 0 ?
			&g->k[p].q : NULL;
		const struct rcfg *t = gk->c[i];
		const struct rcfg *c = cq ? g->k[g->lib].c[i] : NULL;

		if (!rcfg_steady(x, t))
			return 1;
		v[2][d] = rcfg_peak_fp32(x, t);
		v[0][d] = rule_peak_pct(cfg_gflops(t), v[2][d], NULL);
		v[1][d] = rcfg_steady(x, c) ? rule_peak_pct(cfg_gflops(c),
			  rcfg_peak_fp32(x, c), NULL) : NAN;
		v[3][d] = gq->ai;
		v[4][d] = dv->peak_mem_gbs > 0 ? dv->peak_fp32_gflops /
			  dv->peak_mem_gbs : NAN;
		v[5][d] = 100 * gq->q[PQ_FFMA];
		v[6][d] = cq ? 100 * cq->q[PQ_FFMA] : NAN;
		v[7][d] = 100 * gq->q[PQ_OCC];
		v[8][d] = 100 * gq->issue;
		v[9][d] = cq ? 100 * cq->issue : NAN;
		/* FFMA share times issue slots used: the share of the peak
		 * to first order */
		v[10][d] = v[5][d] * gq->issue;
		v[11][d] = v[6][d] * v[9][d] / 100;
		v[12][d] = pq ? 100 * pq->q[PQ_FFMA] : NAN;
		v[13][d] = pq ? 100 * pq->issue : NAN;
		r[d] = &gk->step[i];
	}
	return 0;
}

/* The best own kernel at the counter size against the FP32 peak and
 * cuBLAS, and what limits it as far as the counters show: the counters
 * its step moved (FFMA share, issue slots used), its side of the
 * roofline's ridge, the FFMA share of its instructions (an SM
 * sub-partition issues one per cycle, so the share caps the rate), its
 * registers and occupancy, and where the issue slots are counted, the
 * FFMA share times the share of slots used: to first order the share
 * of the peak reached. */
static int say_peak(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct pg_facts *f = PG_F(s, 0);
	double v[PK_N][PG_MAXD];
	static const char *const name[PK_N] = {"A", "C", "PK", "AI", "RIDGE",
		"S", "SC", "O", "I", "IC", "P", "PC", "S0", "I0"};
	static const int sig[PK_N] = {-3, -3, 4, 3, 3, -3, -3, -2, -3, -3,
		-3, -3, -3, -3};
	int d, q, i = f->cn, right = 1, lib = f->lib >= 0, p;
	const struct pg_kern *k;
	const struct rcmp *r[PG_MAXD];
	struct fv w;

	if (i < 0 || f->top[i] < 0)
		return 0;
	k = &f->k[f->top[i]];
	p = k->prev[i];
	if (pg_peak_fill(x, s, p, v, r))
		return 0;
	for (d = 0; d < s->n; d++) {
		lib &= isfinite(v[1][d]);
		right &= v[3][d] > v[4][d];
	}
	/* the issue slots' and the step's names apart: FV_MAX */
	fv_init(&w);
	for (q = 0; q < PK_N; q++)
		dvs_num(x, s, fv_put(q < 8 ? s->v : &w, name[q]), v[q],
			abs(sig[q]), sig[q] < 0);
	dvs_num(x, s, fv_put(&w, "S"), v[5], 3, 1);
	fv_int(s->v, "N", f->n[i]);
	pg_named(x, k->c[i], fv_put(s->v, "V"));
	fv_num(s->v, "R", k->q.q[PQ_REGS], 3);
	if (k->q.lim)
		vers_limiter_put(x, k->q.lim, fv_put(s->v, "L"));
	mp_text_say(x, out, lib ? "progression.find.peak" :
		    "progression.find.peak_nolib", s->v);
	if (p >= 0 && isfinite(v[5][0]) && isfinite(v[12][0])) {
		pg_named(x, f->k[p].c[i], fv_put(&w, "PREV"));
		dvs_effect(x, s, fv_put(&w, "E"), r, 0);
		mp_text_say(x, out, isfinite(v[8][0]) && isfinite(v[13][0]) ?
			    "progression.find.peak_step_issue" :
			    "progression.find.peak_step", &w);
	}
	if (isfinite(v[3][0]) && isfinite(v[4][0]))
		mp_text_say(x, out, right ? "progression.find.peak_right" :
			    "progression.find.peak_left", s->v);
	if (isfinite(v[5][0]))
		mp_text_say(x, out, lib && isfinite(v[6][0]) ?
			    "progression.find.peak_ffma" :
			    "progression.find.peak_ffma_nolib", s->v);
	if (isfinite(k->q.q[PQ_REGS]) && isfinite(v[7][0]) && k->q.lim)
		mp_text_say(x, out, "progression.find.peak_occ", s->v);
	mp_text_say(x, out, !isfinite(v[10][0]) ?
		    "progression.find.peak_stalls" : lib && isfinite(v[9][0]) ?
		    "progression.find.peak_issue" :
		    "progression.find.peak_issue_nolib", &w);
	fv_free(&w);
	return 0;
}

/* The step of kernel j for a sentence: V, its effect E (full with its
 * interval, else the Hodges-Lehmann estimate alone) and " (the counter
 * that moved most, its ratio)" in MOVED, into v. */
static void pg_step_set(struct rctx *x, const struct dvs *s, int j,
			int full, struct fv *v)
{
	const struct pg_kern *k = &PG_F(s, 0)->k[j];
	const struct rcmp *r[PG_MAXD];
	int d, i = PG_F(s, 0)->tn;
	double e[PG_MAXD], m[PG_MAXD];
	struct rbuf *b = fv_put(v, "MOVED");
	struct fv w;

	for (d = 0; d < s->n; d++) {
		r[d] = &PG_F(s, d)->k[j].step[i];
		e[d] = isfinite(r[d]->hl) ? r[d]->hl : r[d]->ratio;
		m[d] = PG_F(s, d)->k[j].moved == k->moved ?
		       PG_F(s, d)->k[j].moved_r : NAN;
	}
	pg_named(x, k->c[i], fv_put(v, "V"));
	if (full)
		dvs_effect(x, s, fv_put(v, "E"), r, 0);
	else
		dvs_num(x, s, fv_put(v, "E"), e, 3, 0);
	if (k->moved < 0)
		return;
	fv_init(&w);
	fv_str(&w, "Q", lang_get(x->L, pq_key[k->moved]));
	dvs_num(x, s, fv_put(&w, "R"), m, 3, 0);
	fv_num(&w, "PCT", 100 * (PG_MOVED_MIN - 1), 2);
	rbuf_puts(b, " (");
	/* nothing the counters show moved much: the gain lies in what
	 * they do not record */
	fv_emit(x, b, fabs(log(k->moved_r)) < log(PG_MOVED_MIN) ?
		"progression.find.moved_none" : "progression.find.moved_item",
		&w);
	rbuf_putc(b, ')');
	fv_free(&w);
}

/* The largest step at the table's size with its effect and the counter
 * that moved most, then every other step likewise. */
static int say_steps(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	static const char *const key[] = {"progression.find.step_ns",
		"progression.find.step_untested", "progression.find.step_ns",
		"progression.find.step_item", "progression.find.step_slower"};
	const struct pg_facts *f = PG_F(s, 0);
	int j, i = f->tn;
	struct plist l;

	if (f->big[i] < 0)
		return 0;
	parts_list_init(&l);
	pg_step_set(x, s, f->big[i], 1, &l.all);
	pg_named(x, f->k[f->k[f->big[i]].prev[i]].c[i], fv_put(&l.all,
		 "PREV"));
	fv_int(&l.all, "N", f->n[i]);
	mp_text_say(x, out, "progression.find.big", &l.all);
	for (j = 0; j < f->nk; j++)
		if (!f->k[j].lib && j != f->big[i] &&
		    isfinite(f->k[j].step[i].ratio)) {
			pg_step_set(x, s, j, 0, &l.item);
			mem_variant(fv_put(&l.item, "V"), f->k[j].variant);
			parts_list_add(x, &l, key[mem_word(&f->k[j].step[i],
						  1)]);
		}
	if (l.list->len)
		mp_text_say(x, out, "progression.find.steps", &l.all);
	fv_free(&l.item);
	fv_free(&l.all);
	return 0;
}

/* Verification, sizes with points not steady, counters missing. */
static int say_misc(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct pg_facts *f = PG_F(s, 0);
	int i, j;
	struct rbuf *list = fv_put(s->v, "LIST");

	mp_fv_set(s->v, "dd", "K", f->nok, "N", f->nall);
	if (f->nall)
		mp_text_say(x, out, f->nok == f->nall ?
			    "progression.find.verified_all" :
			    "progression.find.verified_some", s->v);
	for (i = 0; i < f->nn; i++)
		if (model_unsteady_find(x, f->dev, PG_SUITE, f->n[i]))
			rbuf_printf(list, "%s%d", list->len ? ", " : "",
				    f->n[i]);
	if (list->len)
		mp_text_say(x, out, "progression.find.nonsteady", s->v);
	rbuf_free(list);
	for (j = 0; f->cn >= 0 && j < f->nk; j++)
		if (f->k[j].c[f->cn] && !f->k[j].q.has) {
			rbuf_puts(list, list->len ? ", " : "");
			mem_variant(list, f->k[j].variant);
		}
	if (list->len) {
		fv_int(s->v, "N", f->n[f->cn]);
		mp_text_say(x, out, "progression.find.cnt_some", s->v);
	}
	if (f->cn >= 0)
		return 0;
	if (out->len)
		rbuf_putc(out, ' ');
	return mem_counters_missing(x, f->dev, PG_SUITE,
				    "progression.counters_none",
				    "progression.counters_unavailable", out);
}

/* What to take away: the step that paid most, and where the best own
 * kernel ends against cuBLAS and against the cap its instruction mix
 * sets. */
static int say_take(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	static const char *const name[5] = {"PCT", "S", "A", "I", "P"};
	const struct pg_facts *f = PG_F(s, 0);
	double v[5][PG_MAXD];
	int d, i = f->tn, t = f->top[i];
	const struct rcfg *c;

	if (f->big[i] < 0 || t < 0 || f->lib < 0)
		return 0;
	for (d = 0; d < s->n; d++) {
		c = PG_F(s, d)->k[t].c[i];
		v[0][d] = 100 / PG_F(s, d)->k[f->lib].step[i].ratio;
		v[1][d] = 100 * PG_F(s, d)->k[t].q.q[PQ_FFMA];
		v[2][d] = rcfg_steady(x, c) ? rule_peak_pct(cfg_gflops(c),
			  rcfg_peak_fp32(x, c), NULL) : NAN;
		v[3][d] = 100 * PG_F(s, d)->k[t].q.issue;
		v[4][d] = v[1][d] * PG_F(s, d)->k[t].q.issue;
	}
	fv_int(s->v, "N", f->n[i]);
	mem_variant(fv_put(s->v, "V"), f->k[f->big[i]].variant);
	mem_variant(fv_put(s->v, "B"), f->k[t].variant);
	for (d = 0; d < 5; d++)
		dvs_num(x, s, fv_put(s->v, name[d]), v[d], 3, 1);
	mp_text_say(x, out, "progression.take", s->v);
	if (isfinite(v[1][0]) && isfinite(v[2][0]))
		mp_text_say(x, out, isfinite(v[4][0]) ?
			    "progression.take_issue" : "progression.take_cnt",
			    s->v);
	return 0;
}

static const struct dvs_find pg_say[] = {{say_lib, NULL}, {say_peak, NULL},
	{say_steps, NULL}, {say_misc, NULL}};
MEM_SECTION(progression, .suite = PG_SUITE, .fsize = sizeof(struct pg_facts),
	    .facts = pg_facts_fill, .draw = pg_show, .say = pg_say,
	    .nsay = MEM_N(pg_say), .take = say_take)
