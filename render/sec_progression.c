/* The `progression` suite (issue 14): the path from report P's v5 to a
 * library-grade SGEMM in FP32 on the CUDA cores (no tensor cores, no
 * TF32): v1..v5, the steps beyond them (v6 on) and cuBLAS at square
 * sizes, each size one interleaved group. Each kernel is shown at its
 * best block or tile (versions_best: steady first). The main body holds
 * one table at the counter size (GFLOP/s and the speed-up over the step
 * before per GPU, beside the counters that explain it), one figure of
 * GFLOP/s per step and the findings, each stated once for the GPUs
 * where they agree (pg_say); every configuration's data are in the
 * generic appendix. */
#include <math.h>
#include <stddef.h>
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
#define PG_METRIC_FFMA VOCAB_METRIC_CNT_PREFIX "ffma_thread_inst"
#define PG_METRIC_TINST VOCAB_METRIC_CNT_PREFIX "thread_inst_executed"
/* a counter that moved by less than this factor explains no step */
#define PG_MOVED_MIN 1.1
#define PG_FIG_W 15.0
#define PG_FIG_H 7.0

/* The counters of one configuration and its kernel's attributes; NAN
 * (regs 0) where missing. */
struct pg_cnt {
	double ldk;		/* global load requests per kFLOP */
	double wpi;		/* shared-load wavefronts per instruction */
	double dram;		/* DRAM bytes read and written */
	double ffma;		/* FFMA share of the executed instructions */
	double regs;		/* registers per thread */
	double occ;		/* occupancy, 0..1 */
	double ai;		/* counted FLOP per DRAM byte */
	const char *lim;	/* the occupancy's limiter, NULL */
	int has;		/* any counter */
};

/* The quantities a step is explained by, in the order the findings
 * name them: the string of each and where pg_cnt holds it. */
#define PQ_N 6
static const struct {
	const char *key;
	size_t off;
} pq[PQ_N] = {
	{"progression.q.ffma", offsetof(struct pg_cnt, ffma)},
	{"progression.q.bank", offsetof(struct pg_cnt, wpi)},
	{"progression.q.loads", offsetof(struct pg_cnt, ldk)},
	{"progression.q.dram", offsetof(struct pg_cnt, dram)},
	{"progression.q.regs", offsetof(struct pg_cnt, regs)},
	{"progression.q.occ", offsetof(struct pg_cnt, occ)},
};
#define PQ_VALUE(q, i) (*(const double *)((const char *)(q) + pq[i].off))

struct pg_kern {
	const char *variant;	/* points into the configurations */
	int lib;		/* cuBLAS */
	/* at each size: the best ok configuration (NULL: none ok) */
	const struct rcfg *c[PG_MAXN];
	/* the step compared at each size: the nearest earlier own kernel
	 * that ran ok there (the library: the best own kernel), -1 none;
	 * it (a) against this one (b) in GFLOP/s */
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

static double pg_gflops(const struct rcfg *c)
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

/* ---- numbers of several GPUs in one sentence ------------------------------ */

/* parts[0..n) into b joined as find_devs joins numbers, one alone where
 * all print alike, "#" with s->mask (dvs_say compares sentences without
 * their numbers); frees parts. */
static void dvs_join(const struct rctx *x, const struct dvs *s,
		     struct rbuf *b, struct rbuf *parts)
{
	int i, same = 1;

	for (i = 1; i < s->n; i++)
		same &= !strcmp(rbuf_str(&parts[0]), rbuf_str(&parts[i]));
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
		find_num(&parts[i], v[i], sig);
	dvs_join(x, s, b, parts);
	if (pct && isfinite(v[0]))
		rbuf_puts(b, "\\,\\%");
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

void dvs_say(struct rctx *x, struct rfind *fd, const char *key,
	     const void *const *f, const int *dev, int n,
	     int (*say)(struct rctx *x, const struct dvs *s,
			struct rbuf *out))
{
	struct rbuf t0, t;
	struct dvs s = {f, 1, 1};
	struct kv kv[2];
	char pre[32] = "";
	int i, same = 1;

	rbuf_init(&t0);
	rbuf_init(&t);
	for (i = 1; i < n && same; i++) {
		rbuf_free(&t0);
		rbuf_free(&t);
		s.f = f;
		say(x, &s, &t0);
		s.f = f + i;
		say(x, &s, &t);
		same = !strcmp(rbuf_str(&t0), rbuf_str(&t));
	}
	s.mask = 0;
	for (i = 0; i < (same ? 1 : n); i++) {
		rbuf_free(&t);
		s.f = f + i;
		s.n = same ? n : 1;
		if (!same || n == 1)
			dev_prefix(x, dev[i], pre, sizeof(pre));
		if (say(x, &s, &t) || !t.len)
			continue;
		kv[0] = (struct kv){"DEV", pre};
		kv[1] = (struct kv){"TEXT", rbuf_str(&t)};
		if (fd) {
			find_add(x, fd, key, kv, 2);
		} else {
			rbuf_free(&t0);
			emit_string(x, &t0, key, kv, 2);
			emit_par(x, rbuf_str(&t0));
		}
	}
	rbuf_free(&t0);
	rbuf_free(&t);
}

/* ---- facts ---------------------------------------------------------------- */

static void pg_cnt_fill(const struct rctx *x, const struct rcfg *c,
			struct pg_cnt *q)
{
	double ops = rcfg_median(c, VOCAB_METRIC_CNT_FP32_OPS), g;
	const struct store_kattr *a = c ? model_kattr(x, c->c->session_id,
				      c->c->variant, c->c->block_x) : NULL;

	rcfg_counted_point(c, &q->ai, &g);
	if (!(ops > 0))
		ops = NAN;
	q->ldk = 1000 * pg_ratio(rcfg_median(c,
		 VOCAB_METRIC_CNT_GLOBAL_LD_REQUESTS), ops);
	q->wpi = pg_ratio(rcfg_median(c,
		 VOCAB_METRIC_CNT_SHARED_LD_WAVEFRONTS),
		 rcfg_median(c, VOCAB_METRIC_CNT_SHARED_LD_INST));
	q->dram = rcfg_median(c, VOCAB_METRIC_CNT_DRAM_READ_BYTES) +
		  rcfg_median(c, VOCAB_METRIC_CNT_DRAM_WRITE_BYTES);
	q->ffma = pg_ratio(rcfg_median(c, PG_METRIC_FFMA),
			   rcfg_median(c, PG_METRIC_TINST));
	q->has = isfinite(q->ai) || isfinite(q->ldk) || isfinite(q->wpi) ||
		 isfinite(q->ffma);
	q->regs = a && a->regs_per_thread > 0 ? a->regs_per_thread : NAN;
	q->occ = a && a->occupancy > 0 ? a->occupancy : NAN;
	q->lim = a ? a->limiter : NULL;
}

/* Each step against the one before it, the library against the best
 * own kernel, at size index i. -1 when the store fails. */
static int pg_steps(struct rctx *x, struct pg_facts *f, int i)
{
	struct pg_kern *k;
	double tg = -INFINITY;
	int j, last = -1;

	f->top[i] = f->big[i] = -1;
	for (j = 0; j < f->nk; j++) {
		k = &f->k[j];
		rcmp_clear(&k->step[i]);
		k->prev[i] = -1;
		if (k->lib || !k->c[i])
			continue;
		if (pg_gflops(k->c[i]) > tg) {
			tg = pg_gflops(k->c[i]);
			f->top[i] = j;
		}
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

	for (i = 0; i < f->nn; i++)
		for (j = 0; j < f->nk; j++) {
			struct pg_cnt q;

			if (!f->k[j].c[i])
				continue;
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
		k->moved_r = NAN;
		if (cn < 0 || !k->c[cn])
			continue;
		if (k->lib || k->prev[cn] < 0 || !k->q.has ||
		    !f->k[k->prev[cn]].q.has)
			continue;
		/* the quantity that moved most from the step before (filled
		 * above: an earlier one): the largest |log| of a ratio, so
		 * that halving and doubling weigh alike */
		p = &f->k[k->prev[cn]].q;
		for (i = 0; i < PQ_N; i++) {
			r = pg_ratio(PQ_VALUE(&k->q, i), PQ_VALUE(p, i));
			if (r > 0 && fabs(log(r)) > best) {
				best = fabs(log(r));
				k->moved = i;
				k->moved_r = r;
			}
		}
	}
}

/* Fills *f for device dev. Returns 0, -1 when the store fails. */
static int pg_facts_fill(struct rctx *x, int dev, struct pg_facts *f)
{
	const char **vv = NULL;
	int *ns = NULL, rc = -1, i, nfail;
	size_t nv, nn, q;

	memset(f, 0, sizeof(*f));
	f->dev = dev;
	f->lib = f->cn = -1;
	nn = model_ints(x, dev, PG_SUITE, NULL, NULL, 'n', &ns);
	for (q = 0; q < nn && f->nn < PG_MAXN; q++)
		f->n[f->nn++] = ns[q];
	nv = versions_names_of(x, dev, PG_SUITE, &vv);
	for (q = 0; q < nv && f->nk < PG_MAXK; q++) {
		struct pg_kern *k = &f->k[f->nk];

		k->variant = vv[q];
		k->lib = !!(model_traits(x, vv[q], 0) & KTRAIT_LIBRARY);
		/* steady first, any ok one where none ran steady */
		for (i = 0; i < f->nn; i++)
			if (!(k->c[i] = versions_best(x, dev, PG_SUITE, vv[q],
						      f->n[i], 1)))
				k->c[i] = versions_best(x, dev, PG_SUITE,
							vv[q], f->n[i], 0);
		if (k->lib)
			f->lib = f->nk;
		f->nk++;
	}
	/* the library last, whatever its name sorts as */
	if (f->lib >= 0) {
		struct pg_kern t = f->k[f->lib];

		memmove(&f->k[f->lib], &f->k[f->lib + 1],
			(size_t)(f->nk - 1 - f->lib) * sizeof(t));
		f->k[f->lib = f->nk - 1] = t;
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

/* Kernel variant in f, -1. */
static int pg_kfind(const struct pg_facts *f, const char *variant)
{
	int j;

	for (j = 0; j < f->nk; j++)
		if (!strcmp(f->k[j].variant, variant))
			return j;
	return -1;
}

/* Size n's index in f, -1. */
static int pg_nfind(const struct pg_facts *f, int n)
{
	int i;

	for (i = 0; i < f->nn; i++)
		if (f->n[i] == n)
			return i;
	return -1;
}

/* ---- the table and the figure --------------------------------------------- */

/* A counter cell of kernel k of f0, scaled, at decimals d. */
static void pg_cnt_cell(struct rtable *t, const struct pg_kern *k,
			int q, double scale, int d)
{
	rtable_num(t, k->q.has || q >= 4 ? scale * PQ_VALUE(&k->q, q) : NAN,
		   d, 0);
}

/* One table at the first device's table size: per kernel its block,
 * GFLOP/s and speed-up over the step before on each device, and the
 * first device's counters with counters. */
static int pg_table(struct rctx *x, struct pg_facts *const *F, int nd)
{
	static const char *const cnt_heads[] = {"progression.h_ffma",
		"progression.h_wpi", "progression.h_ldk", "progression.h_dram",
		"progression.h_regs", "progression.h_occ", NULL};
	static const int dec[PQ_N] = {1, 2, -3, 0, 0, 0};
	static const double scale[PQ_N] = {100, 1, 1, 1e-6, 1, 100};
	const struct pg_facts *f0 = F[0];
	char kinds[40] = "ll";
	struct ptable p;
	struct fv v;
	int d, j, q, n = f0->n[f0->tn], cnt = f0->cn >= 0, rc;

	for (d = 0; d < 2 * nd; d++)
		strcat(kinds, "S");
	if (cnt)
		strcat(kinds, "SSSSSS");
	parts_table_init(&p, kinds);
	rtable_head(&p.t, "");
	rtable_head(&p.t, "");
	rtable_head_span(&p.t, nd, "GFLOP/s");
	rtable_head_span(&p.t, nd, lang_get(x->L, "progression.h_speedup"));
	if (cnt)
		rtable_head_span(&p.t, PQ_N, lang_get(x->L,
				 "progression.h_counters"));
	rtable_head_end(&p.t);
	rtable_head(&p.t, lang_get(x->L, "progression.h_kernel"));
	rtable_head(&p.t, lang_get(x->L, "progression.h_block"));
	for (d = 0; d < 2 * nd; d++) {
		rbuf_free(&p.cell);
		rbuf_printf(&p.cell, "GPU~%d", F[d % nd]->dev + 1);
		rtable_head(&p.t, rbuf_str(&p.cell));
	}
	if (cnt)
		mem_heads(x, &p.t, cnt_heads);
	rtable_head_end(&p.t);
	for (j = 0; j < f0->nk; j++) {
		const struct pg_kern *k = &f0->k[j];

		if (!k->c[f0->tn])
			continue;
		if (k->lib)
			rtable_gap(&p.t);
		rbuf_free(&p.cell);
		mem_variant(&p.cell, k->variant);
		rtable_text(&p.t, rbuf_str(&p.cell));
		rbuf_free(&p.cell);
		if (k->c[f0->tn] && k->c[f0->tn]->c->block_x > 0)
			block_tile_label(x, k->c[f0->tn], &p.cell);
		rtable_text(&p.t, p.cell.len ? rbuf_str(&p.cell) : "--");
		for (d = 0; d < 2 * nd; d++) {
			const struct pg_facts *f = F[d % nd];
			int kj = pg_kfind(f, k->variant), i = pg_nfind(f, n);
			const struct rcfg *c = kj >= 0 && i >= 0 ?
					       f->k[kj].c[i] : NULL;

			if (d >= nd && !c)
				rtable_text(&p.t, "--");
			else if (d >= nd)
				ratio_cell(x, &p.t, &f->k[kj].step[i], p.wide);
			else if (!mp_cell_gflops(x, &p.t, p.wide, c, 0,
						 kj == f->top[i]))
				p.seen |= rcfg_marks(x, c);
		}
		for (q = 0; cnt && q < PQ_N; q++)
			pg_cnt_cell(&p.t, k, q, scale[q], dec[q]);
		rtable_row_end(&p.t);
	}
	fv_init(&v);
	fv_int(&v, "N", n);
	sample_range(x, -1, PG_SUITE, NULL, VOCAB_METRIC_GFLOPS,
		     "word.samples_of", fv_put(&v, "SAMPLES"));
	dev_suffix(x, f0->dev, fv_put(&v, "DEV"));
	rc = fv_emit(x, &p.cap, cnt ? "progression.table" :
		     "progression.table_nocnt", &v);
	fv_free(&v);
	rbuf_puts(&p.note, lang_get(x->L, cnt ? "progression.table_note" :
				    "progression.table_note_nocnt"));
	mp_regime_note(x, p.seen, &p.note, "progression.regime_note");
	return parts_table_emit(x, &p, rc, "progression-steps", f0->dev);
}

/* GFLOP/s per step (x: the first device's kernels), one line per size
 * and device (the first solid, the others dotted), cuBLAS a mark of the
 * size's colour at the end, the FP32 peak dotted. */
static int pg_figure(struct rctx *x, struct pg_facts *const *F, int nd)
{
	enum { NL = 2 * PG_MAXN * 2 + 1 };
	const struct pg_facts *f0 = F[0];
	struct mem_line l[NL];
	struct rbuf title[PG_MAXN + 1], tic[PG_MAXK];
	double xs[PG_MAXK], ys[NL][PG_MAXK];
	struct mem_axes a = {
		.xlabel = lang_get(x->L, "progression.axis_step"),
		.xmin = 0.5, .xmax = f0->nk + 0.5, .nxtics = (size_t)f0->nk,
		.w = PG_FIG_W, .h = PG_FIG_H
	};
	int i, j, d, nl = 0, rc, kj, ii;

	rbufs_init(title, PG_MAXN + 1);
	rbufs_init(tic, PG_MAXK);
	for (j = 0; j < f0->nk; j++) {
		rbuf_puts(&tic[j], "{\\scriptsize ");
		mem_variant(&tic[j], f0->k[j].variant);
		rbuf_puts(&tic[j], "}");
	}
	for (d = 0; d < nd && d < 2; d++)
		for (i = 0; i < f0->nn && nl + 2 < NL; i++, nl += 2) {
			/* the own kernels joined, the library apart */
			for (j = 0; j < f0->nk; j++) {
				kj = pg_kfind(F[d], f0->k[j].variant);
				ii = pg_nfind(F[d], f0->n[i]);
				ys[nl][j] = ys[nl + 1][j] = kj < 0 || ii < 0 ?
					NAN : pg_gflops(F[d]->k[kj].c[ii]);
				if (f0->k[j].lib)
					ys[nl][j] = NAN;
				else
					ys[nl + 1][j] = NAN;
			}
			if (!d)
				rbuf_printf(&title[i], "{\\scriptsize $n = "
					    "%d$}", f0->n[i]);
			l[nl] = (struct mem_line){d ? NULL : rbuf_str(
				&title[i]), xs, ys[nl], (size_t)f0->nk,
				d ? PL_REF : PL_LINE, i, i};
			l[nl + 1] = (struct mem_line){NULL, xs, ys[nl + 1],
				(size_t)f0->nk, PL_POINTS, i, i};
		}
	if (x->devs[f0->dev]->peak_fp32_gflops > 0) {
		for (j = 0; j < f0->nk; j++)
			ys[nl][j] = x->devs[f0->dev]->peak_fp32_gflops;
		rbuf_printf(&title[PG_MAXN], "{\\scriptsize %s}",
			    lang_get(x->L, "progression.line_peak"));
		l[nl] = (struct mem_line){rbuf_str(&title[PG_MAXN]), xs,
			ys[nl], (size_t)f0->nk, PL_REF, -1, -1};
		nl++;
	}
	rc = mp_figure_cat(x, f0->dev, &a, l, (size_t)nl, tic, xs, nd > 1 ?
			   "progression.figure_devs" : "progression.figure");
	rbufs_free(title, PG_MAXN + 1);
	return rc;
}

/* ---- findings ------------------------------------------------------------- */

#define PG_F(s, i) ((const struct pg_facts *)(s)->f[i])

static void pg_list_free(struct plist *l)
{
	fv_free(&l->item);
	fv_free(&l->all);
}

/* The best own kernel against cuBLAS at each size, and the goal. Said
 * where every device has the library and a best own kernel. */
static int say_lib(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct pg_facts *f = PG_F(s, 0);
	struct plist l;
	struct rbuf *out2;
	double v[PG_MAXD];
	size_t g;
	int i, d, met = 1, nmeas = 0, sig;

	if (f->lib < 0)
		return 0;
	parts_list_init(&l);
	for (i = 0; i < f->nn; i++) {
		const struct rcmp *r = &f->k[f->lib].step[i];

		if (f->top[i] < 0 || !isfinite(r->ratio))
			continue;
		for (d = 0, sig = 3; d < s->n; d++) {
			r = &PG_F(s, d)->k[f->lib].step[i];
			v[d] = 100 / r->ratio;
			/* a share within 0.1 of the goal gets a digit more,
			 * so that 89.98 is not printed as the 90.0 it
			 * misses */
			sig += sig == 3 && fabs(v[d] - PG_GOAL) < 0.1;
			for (g = 0; g < PG_NGOAL; g++)
				if (f->n[i] == pg_goal_n[g])
					met &= v[d] >= PG_GOAL;
		}
		for (g = 0; g < PG_NGOAL; g++)
			nmeas += f->n[i] == pg_goal_n[g];
		fv_int(&l.item, "N", f->n[i]);
		pg_named(x, f->k[f->top[i]].c[i], fv_put(&l.item, "V"));
		dvs_num(x, s, fv_put(&l.item, "PCT"), v, sig, 1);
		parts_list_add(x, &l, "progression.find.lib_item");
	}
	if (!l.list->len) {
		pg_list_free(&l);
		return 0;
	}
	fv_num(&l.all, "GOAL", PG_GOAL, 2);
	out2 = fv_put(&l.all, "SIZES");
	for (g = 0; g < PG_NGOAL; g++)
		rbuf_printf(out2, "%s%d", g ? lang_get(x->L,
			    "progression.and") : "", pg_goal_n[g]);
	fv_emit(x, out, !nmeas ? "progression.find.lib" : !met ?
		"progression.find.goal.not" : (size_t)nmeas < PG_NGOAL ?
		"progression.find.goal.part" : "progression.find.goal.reached",
		&l.all);
	pg_list_free(&l);
	return 0;
}

/* The best own kernel at the counter size against the FP32 peak and
 * cuBLAS, and what limits it as far as the counters show: its place on
 * the roofline, the FFMA share of its instructions (an SM sub-partition
 * issues one per cycle, so the share caps the rate), its registers and
 * occupancy, and that the stall reasons behind the rest are not
 * recorded. */
static int say_peak(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct pg_facts *f = PG_F(s, 0);
	double a[PG_MAXD], c[PG_MAXD], pk[PG_MAXD], ai[PG_MAXD], rg[PG_MAXD];
	double ff[PG_MAXD], fc[PG_MAXD], occ[PG_MAXD];
	const struct pg_kern *k;
	struct fv v;
	int d, i = f->cn, right = 1, lib = f->lib >= 0;

	if (i < 0 || f->top[i] < 0)
		return 0;
	k = &f->k[f->top[i]];
	for (d = 0; d < s->n; d++) {
		const struct pg_facts *g = PG_F(s, d);
		const struct store_device *dv = x->devs[g->dev];
		const struct rcfg *t = g->k[g->top[i]].c[i];
		const struct rcfg *l = lib ? g->k[g->lib].c[i] : NULL;

		if (!rcfg_steady(x, t))
			return 0;
		pk[d] = rcfg_peak_fp32(x, t);
		a[d] = rule_peak_pct(pg_gflops(t), pk[d], NULL);
		c[d] = rcfg_steady(x, l) ? rule_peak_pct(pg_gflops(l),
			 rcfg_peak_fp32(x, l), NULL) : NAN;
		lib &= isfinite(c[d]);
		ai[d] = g->k[g->top[i]].q.ai;
		rg[d] = dv->peak_mem_gbs > 0 ? dv->peak_fp32_gflops /
			dv->peak_mem_gbs : NAN;
		right &= ai[d] > rg[d];
		ff[d] = 100 * g->k[g->top[i]].q.ffma;
		fc[d] = lib ? 100 * g->k[g->lib].q.ffma : NAN;
		occ[d] = 100 * g->k[g->top[i]].q.occ;
	}
	fv_init(&v);
	fv_int(&v, "N", f->n[i]);
	pg_named(x, k->c[i], fv_put(&v, "V"));
	dvs_num(x, s, fv_put(&v, "A"), a, 3, 1);
	dvs_num(x, s, fv_put(&v, "C"), c, 3, 1);
	dvs_num(x, s, fv_put(&v, "PK"), pk, 4, 0);
	dvs_num(x, s, fv_put(&v, "AI"), ai, 3, 0);
	dvs_num(x, s, fv_put(&v, "RIDGE"), rg, 3, 0);
	dvs_num(x, s, fv_put(&v, "S"), ff, 3, 1);
	dvs_num(x, s, fv_put(&v, "SC"), fc, 3, 1);
	dvs_num(x, s, fv_put(&v, "O"), occ, 2, 1);
	fv_num(&v, "R", k->q.regs, 3);
	fv_put(&v, "L");
	if (k->q.lim)
		lang_name_put(x, "limiter", k->q.lim, 0, fv_put(&v, "L"));
	mp_text_say(x, out, lib ? "progression.find.peak" :
		    "progression.find.peak_nolib", &v);
	if (isfinite(ai[0]) && isfinite(rg[0]))
		mp_text_say(x, out, right ? "progression.find.peak_right" :
			    "progression.find.peak_left", &v);
	if (isfinite(ff[0]))
		mp_text_say(x, out, lib && isfinite(fc[0]) ?
			    "progression.find.peak_ffma" :
			    "progression.find.peak_ffma_nolib", &v);
	if (isfinite(k->q.regs) && isfinite(occ[0]) && k->q.lim)
		mp_text_say(x, out, "progression.find.peak_occ", &v);
	mp_text_say(x, out, "progression.find.peak_stalls", &v);
	fv_free(&v);
	return 0;
}

/* The quantity that moved most from the step before, " (Q R times)",
 * into b; nothing where none is known. */
static void pg_moved_put(struct rctx *x, const struct dvs *s, int j,
			 struct rbuf *b)
{
	const struct pg_kern *k = &PG_F(s, 0)->k[j];
	double r[PG_MAXD];
	struct fv v;
	int d;

	if (k->moved < 0)
		return;
	/* nothing the counters show moved much: the gain lies in what they
	 * do not record */
	if (fabs(log(k->moved_r)) < log(PG_MOVED_MIN)) {
		fv_init(&v);
		fv_num(&v, "PCT", 100 * (PG_MOVED_MIN - 1), 2);
		rbuf_puts(b, " (");
		fv_emit(x, b, "progression.find.moved_none", &v);
		rbuf_putc(b, ')');
		fv_free(&v);
		return;
	}
	for (d = 0; d < s->n; d++)
		r[d] = PG_F(s, d)->k[j].moved == k->moved ?
		       PG_F(s, d)->k[j].moved_r : NAN;
	fv_init(&v);
	fv_str(&v, "Q", lang_get(x->L, pq[k->moved].key));
	dvs_num(x, s, fv_put(&v, "R"), r, 3, 0);
	rbuf_puts(b, " (");
	fv_emit(x, b, "progression.find.moved_item", &v);
	rbuf_putc(b, ')');
	fv_free(&v);
}

/* The largest step at the counter size (else the largest size) with
 * its effect and the counter that moved most. */
static int say_big(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct pg_facts *f = PG_F(s, 0);
	const struct rcmp *r[PG_MAXD];
	int d, i = f->tn, j = f->big[i];
	struct fv v;

	if (j < 0)
		return 0;
	for (d = 0; d < s->n; d++)
		r[d] = &PG_F(s, d)->k[j].step[i];
	fv_init(&v);
	fv_int(&v, "N", f->n[i]);
	pg_named(x, f->k[j].c[i], fv_put(&v, "V"));
	pg_named(x, f->k[f->k[j].prev[i]].c[i], fv_put(&v, "PREV"));
	dvs_effect(x, s, fv_put(&v, "E"), r, 0);
	pg_moved_put(x, s, j, fv_put(&v, "MOVED"));
	fv_emit(x, out, "progression.find.big", &v);
	fv_free(&v);
	return 0;
}

/* Every other step at that size: its speed-up (the Hodges-Lehmann
 * estimate), its verdict where it did not pay, the counter that moved
 * most. */
static int say_steps(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	static const char *const key[] = {"progression.find.step_ns",
		"progression.find.step_untested", "progression.find.step_ns",
		"progression.find.step_item", "progression.find.step_slower"};
	const struct pg_facts *f = PG_F(s, 0);
	double r[PG_MAXD];
	struct plist l;
	int d, j, i = f->tn;

	parts_list_init(&l);
	for (j = 0; j < f->nk; j++) {
		const struct rcmp *c = &f->k[j].step[i];

		if (f->k[j].lib || j == f->big[i] || !isfinite(c->ratio))
			continue;
		for (d = 0; d < s->n; d++) {
			c = &PG_F(s, d)->k[j].step[i];
			r[d] = isfinite(c->hl) ? c->hl : c->ratio;
		}
		mem_variant(fv_put(&l.item, "V"), f->k[j].variant);
		dvs_num(x, s, fv_put(&l.item, "R"), r, 3, 0);
		pg_moved_put(x, s, j, fv_put(&l.item, "MOVED"));
		parts_list_add(x, &l, key[mem_word(c, 1)]);
	}
	if (l.list->len) {
		fv_int(&l.all, "N", f->n[i]);
		fv_emit(x, out, "progression.find.steps", &l.all);
	}
	pg_list_free(&l);
	return 0;
}

/* Verification, sizes with points not steady, faster blocks passed over
 * for their idle SMs, and counters missing. */
static int say_misc(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct pg_facts *f = PG_F(s, 0);
	struct plist l;
	int i, j, rc = 0;

	parts_list_init(&l);
	mp_fv_set(x, &l.all, "dd", "K", f->nok, "N", f->nall);
	if (f->nall)
		mp_text_say(x, out, f->nok == f->nall ?
			    "progression.find.verified_all" :
			    "progression.find.verified_some", &l.all);
	for (i = 0; i < f->nn; i++)
		for (j = 0; j < f->nk; j++) {
			const struct rcfg *c = f->k[j].c[i], *a;

			a = versions_best(x, f->dev, PG_SUITE, f->k[j].variant,
					  f->n[i], 0);
			if (!c || !a || a == c || !rcfg_steady(x, c))
				continue;
			fv_int(&l.item, "N", f->n[i]);
			pg_named(x, a, fv_put(&l.item, "V"));
			regime_marks(x, rcfg_marks(x, a), fv_put(&l.item, "M"));
			pg_named(x, c, fv_put(&l.item, "S"));
			parts_list_add(x, &l, "progression.find.passed_item");
		}
	if (l.list->len)
		mp_text_say(x, out, "progression.find.passed", &l.all);
	rbuf_free(l.list);
	for (i = 0; i < f->nn; i++)
		if (model_unsteady_find(x, f->dev, PG_SUITE, 'n', f->n[i]))
			rbuf_printf(l.list, "%s%d", l.list->len ? ", " : "",
				    f->n[i]);
	if (l.list->len)
		mp_text_say(x, out, "progression.find.nonsteady", &l.all);
	rbuf_free(l.list);
	if (f->cn < 0) {
		if (out->len)
			rbuf_putc(out, ' ');
		rc = mem_counters_missing(x, f->dev, PG_SUITE,
					  "progression.counters_none",
					  "progression.counters_unavailable",
					  out);
	}
	for (j = 0; f->cn >= 0 && j < f->nk; j++)
		if (f->k[j].c[f->cn] && !f->k[j].q.has) {
			rbuf_puts(l.list, l.list->len ? ", " : "");
			mem_variant(l.list, f->k[j].variant);
		}
	if (l.list->len) {
		fv_int(&l.all, "N", f->n[f->cn]);
		mp_text_say(x, out, "progression.find.cnt_some", &l.all);
	}
	pg_list_free(&l);
	return rc;
}

/* What to take away: the step that paid most, where the best own kernel
 * ends against cuBLAS and, with counters, against the ceiling its
 * instruction mix sets. */
static int say_take(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct pg_facts *f = PG_F(s, 0);
	const struct rcmp *r[PG_MAXD];
	double pct[PG_MAXD], ff[PG_MAXD], a[PG_MAXD];
	int d, i = f->tn, j = f->big[i], t = f->top[i];
	struct fv v;

	if (j < 0 || t < 0 || f->lib < 0)
		return 0;
	for (d = 0; d < s->n; d++) {
		const struct pg_facts *g = PG_F(s, d);
		const struct rcfg *c = g->k[t].c[i];

		r[d] = &g->k[j].step[i];
		pct[d] = 100 / g->k[g->lib].step[i].ratio;
		ff[d] = 100 * g->k[t].q.ffma;
		a[d] = rcfg_steady(x, c) ? rule_peak_pct(pg_gflops(c),
			 rcfg_peak_fp32(x, c), NULL) : NAN;
	}
	fv_init(&v);
	fv_int(&v, "N", f->n[i]);
	mem_variant(fv_put(&v, "V"), f->k[j].variant);
	mem_variant(fv_put(&v, "B"), f->k[t].variant);
	dvs_effect(x, s, fv_put(&v, "E"), r, 0);
	dvs_num(x, s, fv_put(&v, "PCT"), pct, 3, 1);
	dvs_num(x, s, fv_put(&v, "S"), ff, 3, 1);
	dvs_num(x, s, fv_put(&v, "A"), a, 3, 1);
	mp_text_say(x, out, "progression.take", &v);
	if (isfinite(ff[0]) && isfinite(a[0]))
		mp_text_say(x, out, "progression.take_cnt", &v);
	fv_free(&v);
	return 0;
}

/* ---- the section ---------------------------------------------------------- */

int sec_progression(struct rctx *x)
{
	static int (*const say[])(struct rctx *, const struct dvs *,
				  struct rbuf *) = {say_lib, say_peak,
		say_big, say_steps, say_misc};
	struct pg_facts *F[PG_MAXD];
	struct rfind fd;
	int dev[PG_MAXD], nd = 0, rc = 0, d;
	size_t i;

	emit_heading(x, 0, lang_get(x->L, "progression.title"));
	if (!model_has_suite(x, -1, PG_SUITE)) {
		emit_par(x, lang_get(x->L, "progression.absent"));
		return 0;
	}
	emit_par(x, lang_get(x->L, "progression.intro"));
	for (i = 0; i < x->ndevs && nd < PG_MAXD && !rc; i++) {
		if (!model_has_suite(x, (int)i, PG_SUITE))
			continue;
		dev[nd] = (int)i;
		F[nd] = malloc(sizeof(*F[nd]));
		if (!F[nd] || pg_facts_fill(x, (int)i, F[nd]))
			rc = -1;
		nd++;
	}
	if (!rc)
		rc = pg_table(x, F, nd);
	if (!rc)
		rc = pg_figure(x, F, nd);
	for (d = 0; d < nd && !rc; d++)
		problems_list(x, dev[d], PG_SUITE, NULL);
	find_init(&fd);
	for (i = 0; i < sizeof(say) / sizeof(say[0]) && !rc; i++)
		dvs_say(x, &fd, "progression.find.text",
			(const void *const *)F, dev, nd, say[i]);
	if (!rc)
		rc = find_emit(x, &fd);
	if (!rc)
		dvs_say(x, NULL, "progression.takeaway",
			(const void *const *)F, dev, nd, say_take);
	find_free(&fd);
	for (d = 0; d < nd; d++)
		free(F[d]);
	return rc;
}
