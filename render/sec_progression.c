/* The `progression` suite (issue 14): the path from report P's v5 to a
 * library-grade SGEMM in FP32 on the CUDA cores (no tensor cores, no
 * TF32): v1..v5, the steps beyond them (v6 on) and cuBLAS at square
 * sizes, each size one interleaved group. Each kernel is shown at its
 * best block (v1..v5: b x b threads) or tile (v6 on: a tile of C per
 * block, its threads fewer than the tile's elements): the highest
 * median GFLOP/s among its steady configurations at that size, among
 * all of them where none ran steady. The main body shows per device a
 * table of the steps and their ideas, tables of GFLOP/s, share of
 * cuBLAS and speed-up over the step before with its Mann-Whitney test,
 * a figure of GFLOP/s per step, and with the counter pass a table of
 * each step's counters and its point on the roofline; findings close
 * it, every number from the data. */
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
#define PG_PAIR 2		/* sizes side by side in a speed table */
/* the goal the progression was set: the best own kernel at this share
 * of cuBLAS at each of the goal sizes */
#define PG_GOAL 90.0
static const int pg_goal_n[] = {4096, 8192};
#define PG_NGOAL (sizeof(pg_goal_n) / sizeof(pg_goal_n[0]))
/* the size of the counter table and the roofline: the goal's smaller
 * size, else the largest size with counters */
#define PG_CNT_N 4096
/* an LDG count below this share of the step before's is a drop the
 * async finding explains */
#define PG_ASYNC_DROP 0.9
/* the counter pass's LDG instructions (measure/counters.c's key) */
#define PG_METRIC_LD_INST VOCAB_METRIC_CNT_PREFIX "global_ld_inst"
#define PG_FIG_W 15.0
#define PG_FIG_H 8.0

/* The counters of one configuration, derived as the tables show them;
 * NAN where a counter is missing. */
struct pg_cnt {
	double ai;		/* counted FLOP per DRAM byte */
	double ldk;		/* global load requests per kFLOP */
	double ldgk;		/* global load instructions per kFLOP */
	double cgma;		/* FLOP per global load/store instruction */
	double wpi;		/* shared-load wavefronts per instruction */
	double dram;		/* DRAM bytes read and written */
	double gips;
	int has;		/* any of them */
};

/* The quantities a step's counters are compared by, in the order the
 * findings name them: the string of each and where pg_cnt holds it. */
#define PQ_N 4
static const struct {
	const char *key;
	size_t off;
} pq[PQ_N] = {
	{"progression.q.loads", offsetof(struct pg_cnt, ldk)},
	{"progression.q.bank", offsetof(struct pg_cnt, wpi)},
	{"progression.q.dram", offsetof(struct pg_cnt, dram)},
	{"progression.q.gips", offsetof(struct pg_cnt, gips)},
};
#define PQ_VALUE(q, i) (*(const double *)((const char *)(q) + pq[i].off))

struct pg_kern {
	const char *variant;	/* points into the configurations */
	int lib;		/* cuBLAS */
	/* at each size: the best ok configuration (NULL: none ok) and,
	 * where none ran ok, one that failed or was skipped (its status) */
	const struct rcfg *c[PG_MAXN], *bad[PG_MAXN];
	/* the step compared at each size: the nearest earlier own kernel
	 * that ran ok there (the library: the best own kernel), -1 none;
	 * it (a) against this one (b) in GFLOP/s */
	int prev[PG_MAXN];
	struct rcmp step[PG_MAXN];
	struct pg_cnt q;	/* at pg_facts.cn */
	int async;		/* loads that LDG counters miss (cp.async) */
	int moved;		/* PQ_* that moved most from prev, -1 */
	double moved_r;		/* its ratio */
};

struct pg_facts {
	int n[PG_MAXN];		/* sizes, ascending */
	int nn;
	struct pg_kern k[PG_MAXK];	/* own, natural order; cuBLAS last */
	int nk;
	int lib;		/* index of cuBLAS, -1 */
	int top[PG_MAXN];	/* the fastest own kernel at each size, -1 */
	int big[PG_MAXN];	/* the largest step at each size, -1 */
	double peak;		/* FP32 peak [GFLOP/s], NAN unknown */
	int cn;			/* index of the counter size, -1 none */
	int nall, nok;		/* configurations run; ok */
};

static double pg_gflops(const struct rcfg *c)
{
	return rcfg_median(c, VOCAB_METRIC_GFLOPS);
}

/* "32\\(\\times\\)32" threads or "tile 128" of c; "--" for the library. */
static void pg_block(const struct rctx *x, const struct rcfg *c,
		     struct rbuf *b)
{
	if (c->c->block_x <= 0)
		rbuf_puts(b, "--");
	else
		block_tile_label(x, c, b);
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
	pg_block(x, c, b);
	rbuf_putc(b, ')');
}

/* ---- facts ---------------------------------------------------------------- */

static double pg_ratio(double a, double b)
{
	return isfinite(a) && isfinite(b) && b > 0 ? a / b : NAN;
}

static void pg_cnt_fill(const struct rcfg *c, struct pg_cnt *q)
{
	double ops = rcfg_median(c, VOCAB_METRIC_CNT_FP32_OPS), g;
	double rd = rcfg_median(c, VOCAB_METRIC_CNT_DRAM_READ_BYTES);
	double wr = rcfg_median(c, VOCAB_METRIC_CNT_DRAM_WRITE_BYTES);

	rcfg_counted_point(c, &q->ai, &g);
	if (!(ops > 0))
		ops = NAN;
	q->ldk = 1000 * pg_ratio(rcfg_median(c,
		 VOCAB_METRIC_CNT_GLOBAL_LD_REQUESTS), ops);
	q->ldgk = 1000 * pg_ratio(rcfg_median(c, PG_METRIC_LD_INST), ops);
	q->cgma = rcfg_median(c, VOCAB_METRIC_CGMA);
	q->wpi = pg_ratio(rcfg_median(c,
		 VOCAB_METRIC_CNT_SHARED_LD_WAVEFRONTS),
		 rcfg_median(c, VOCAB_METRIC_CNT_SHARED_LD_INST));
	q->dram = rd + wr;
	q->gips = rcfg_median(c, VOCAB_METRIC_GIPS);
	q->has = isfinite(q->ai) || isfinite(q->ldk) || isfinite(q->wpi) ||
		 isfinite(q->gips) || isfinite(q->cgma);
}

/* The first configuration of kernel variant on dev, whatever its
 * status, whose field ('n' its size, 'b' its block) is v: where none
 * ran ok at a size, the one whose status is shown. NULL when none. */
static const struct rcfg *pg_first(const struct rctx *x, int dev,
				   const char *variant, char field, int v)
{
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];

		if (r->dev == dev && !strcmp(r->c->suite, PG_SUITE) &&
		    !strcmp(r->c->variant, variant) &&
		    (field == 'n' ? r->c->n : r->c->block_x) == v)
			return r;
	}
	return NULL;
}

/* Each step against the one before it, the library against the best
 * own kernel, at size index i. -1 when the store fails. */
static int pg_steps(struct rctx *x, struct pg_facts *f, int i)
{
	double tg = -INFINITY;
	int j, last = -1;

	f->top[i] = f->big[i] = -1;
	for (j = 0; j < f->nk; j++) {
		struct pg_kern *k = &f->k[j];

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
	if (f->lib >= 0 && f->top[i] >= 0 && f->k[f->lib].c[i]) {
		struct pg_kern *l = &f->k[f->lib];

		l->prev[i] = f->top[i];
		if (model_compare(x, f->k[f->top[i]].c[i], l->c[i],
				  VOCAB_METRIC_GFLOPS, &l->step[i]) == -2)
			return -1;
	}
	return 0;
}

/* The counters at the counter size, and what moved from step to step. */
static void pg_counters(const struct rctx *x, int dev, struct pg_facts *f)
{
	int i, j, cn = -1;

	for (i = 0; i < f->nn; i++)
		for (j = 0; j < f->nk; j++)
			if (f->k[j].c[i] && model_has_counters(x, dev,
			    PG_SUITE, f->k[j].variant)) {
				struct pg_cnt q;

				pg_cnt_fill(f->k[j].c[i], &q);
				if (q.has && (cn < 0 || f->n[i] == PG_CNT_N ||
					      f->n[cn] != PG_CNT_N))
					cn = i;
			}
	f->cn = cn;
	for (j = 0; j < f->nk; j++) {
		struct pg_kern *k = &f->k[j];
		double best = -1, r;

		/* without a configuration, every counter NAN */
		pg_cnt_fill(cn >= 0 ? k->c[cn] : NULL, &k->q);
		k->moved = -1;
		k->moved_r = NAN;
		if (cn < 0 || !k->c[cn])
			continue;
		/* a kernel that copies tiles with cp.async (LDGSTS) issues
		 * no global load instruction (LDG) for them, so the LDG
		 * counters miss those loads */
		k->async = (rcfg_traits(x, k->c[cn]) & KTRAIT_ASYNC_COPY) ||
			   (isfinite(k->q.ldgk) && isfinite(k->q.ldk) &&
			    k->q.ldgk < k->q.ldk);
		/* the quantity that moved most from the step before (filled
		 * above: an earlier one): the largest |log| of a ratio, so
		 * that halving and doubling weigh alike */
		if (k->lib || k->prev[cn] < 0 || !k->q.has ||
		    !f->k[k->prev[cn]].q.has)
			continue;
		for (i = 0; i < PQ_N; i++) {
			r = pg_ratio(PQ_VALUE(&k->q, i),
				     PQ_VALUE(&f->k[k->prev[cn]].q, i));
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
	f->lib = f->cn = -1;
	f->peak = x->devs[dev]->peak_fp32_gflops > 0 ?
		  x->devs[dev]->peak_fp32_gflops : NAN;
	nn = model_ints(x, dev, PG_SUITE, NULL, NULL, 'n', &ns);
	for (q = 0; q < nn && f->nn < PG_MAXN; q++)
		f->n[f->nn++] = ns[q];
	nv = versions_names_of(x, dev, PG_SUITE, &vv);
	for (q = 0; q < nv && f->nk < PG_MAXK; q++) {
		struct pg_kern *k = &f->k[f->nk];

		k->variant = vv[q];
		k->lib = !!(model_traits(x, vv[q], 0) & KTRAIT_LIBRARY);
		/* the best configuration: steady first, any ok one where
		 * none ran steady */
		for (i = 0; i < f->nn; i++)
			if (!(k->c[i] = versions_best(x, dev, PG_SUITE, vv[q],
						      f->n[i], 1)) &&
			    !(k->c[i] = versions_best(x, dev, PG_SUITE, vv[q],
						      f->n[i], 0)))
				k->bad[i] = pg_first(x, dev, vv[q], 'n',
						     f->n[i]);
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
	pg_counters(x, dev, f);
	model_cfgs_count(x, dev, PG_SUITE, NULL, &nfail, &f->nall, &f->nok,
			 NULL);
	rc = 0;
out:
	free(vv);
	free(ns);
	return rc;
}

/* ---- helpers -------------------------------------------------------------- */

/* A test's p in an S cell: two figures, "<0.001" or "--". */
static void pg_p_cell(struct rtable *t, const struct rcmp *r)
{
	if (r->p < 0)
		rtable_text(t, "--");
	else if (r->p < 0.001)
		rtable_text(t, "${<}\\,\\num{0.001}$");
	else
		rtable_num(t, r->p, -2, 0);
}

/* The idea of kernel k in one sentence: the strings' for a known step,
 * else the description stored in the session of any of its
 * configurations (an ok one first), else "--". */
static void pg_why(const struct rctx *x, const struct pg_facts *f,
		   const struct pg_kern *k, struct rbuf *b)
{
	const struct store_kernel *sk;
	const struct rcfg *c = NULL;
	const char *s;
	char key[64];
	int i;

	snprintf(key, sizeof(key), "progression.why.%s", k->variant);
	s = lang_find(x->L, key);
	for (i = 0; !s && !c && i < 2 * f->nn; i++)
		c = i < f->nn ? k->c[i] : k->bad[i - f->nn];
	sk = c ? model_kernel(x, k->variant, c->c->session_id) : NULL;
	if (s)
		rbuf_puts(b, s);
	else if (sk && sk->description && *sk->description)
		rbuf_put_prose(b, sk->description, 0);
	else
		rbuf_puts(b, "--");
}

/* ---- the steps table ------------------------------------------------------ */

/* The blocks or tiles kernel variant was measured at, "16x16, 32x32". */
static void pg_blocks(const struct rctx *x, int dev, const char *variant,
		      struct rbuf *b)
{
	const struct rcfg *r;
	int *bs = NULL;
	size_t nb, i;

	nb = model_ints(x, dev, PG_SUITE, variant, NULL, 'b', &bs);
	for (i = 0; i < nb; i++) {
		if (!(r = pg_first(x, dev, variant, 'b', bs[i])))
			continue;
		/* a tile's edge alone after the first: "tile 64, 128" */
		if (i && r->c->block_x > 0 && block_is_tile(x, r)) {
			rbuf_printf(b, ", %d", bs[i]);
		} else {
			rbuf_puts(b, i ? ", " : "");
			pg_block(x, r, b);
		}
	}
	if (!nb)
		rbuf_puts(b, "--");
	free(bs);
}

static int steps_table(struct rctx *x, int dev, const struct pg_facts *f)
{
	static const char *const heads[] = {
		"progression.h_step", "progression.h_kernel",
		"progression.h_blocks", "progression.h_idea", NULL
	};
	struct rtable t;
	struct rbuf cell[4];
	int j, c, rc, step = 0;

	rtable_init(&t, "rllX");
	rbufs_init(cell, 4);
	mem_heads(x, &t, heads);
	rtable_head_end(&t);
	for (j = 0; j < f->nk; j++) {
		const struct pg_kern *k = &f->k[j];

		rbufs_free(cell, 4);
		if (!k->lib)
			rbuf_printf(&cell[0], "%d", ++step);
		mem_variant(&cell[1], k->variant);
		pg_blocks(x, dev, k->variant, &cell[2]);
		pg_why(x, f, k, &cell[3]);
		for (c = 0; c < 4; c++)
			rtable_text(&t, rbuf_str(&cell[c]));
		rtable_row_end(&t);
	}
	rc = emit_dev_table(x, &t, dev, "progression.steps_table",
			    "progression-steps", NULL,
			    "progression.steps_note");
	rtable_free(&t);
	rbufs_free(cell, 4);
	return rc;
}

/* ---- the speed tables ----------------------------------------------------- */

/* Starts kernel j's row where it has a configuration at one of the
 * size indices i0..i1: a gap before the library, its name and mark.
 * Returns 0, and starts nothing, where it has none. */
static int pg_row_start(struct rtable *t, const struct pg_facts *f, int j,
			int i0, int i1, const char *mark)
{
	struct rbuf h;
	int i, has = 0;

	for (i = i0; i <= i1; i++)
		has |= f->k[j].c[i] || f->k[j].bad[i];
	if (!has)
		return 0;
	if (f->k[j].lib)
		rtable_gap(t);
	rbuf_init(&h);
	mem_variant(&h, f->k[j].variant);
	rbuf_puts(&h, mark);
	rtable_text(t, rbuf_str(&h));
	rbuf_free(&h);
	return 1;
}

/* The sizes v[0..n-1] for prose: "1024, 2048 and 4096". */
static void pg_join(const struct rctx *x, struct rbuf *b, const int *v,
		    size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		rbuf_printf(b, "%s%d", !i ? "" : i + 1 < n ? ", " :
			    lang_get(x->L, "progression.and"), v[i]);
}

/* Kernel k's block cell at size index i; then, where it has no speed
 * there, the status cell of st and n more "--" (the rest of the group
 * stays empty). Returns 1 in that case, else 0. */
static int pg_cells_start(const struct rctx *x, struct ptable *p,
			  const struct pg_kern *k, int i,
			  const struct rcfg *st, int n)
{
	rbuf_free(&p->cell);
	if (k->c[i] || k->bad[i])
		pg_block(x, k->c[i] ? k->c[i] : k->bad[i], &p->cell);
	else
		rbuf_puts(&p->cell, "--");
	rtable_text(&p->t, rbuf_str(&p->cell));
	if (!cell_status(x, &p->t, st))
		return 0;
	while (n--)
		rtable_text(&p->t, "--");
	return 1;
}

/* The five cells of kernel j at size index i. */
static void speed_cells(struct rctx *x, struct ptable *p,
			const struct pg_facts *f, int j, int i,
			unsigned common)
{
	const struct pg_kern *k = &f->k[j];
	const struct rcfg *c = k->c[i];
	const struct rcmp *r = &k->step[i];
	const struct rcfg *lib = f->lib >= 0 ? f->k[f->lib].c[i] : NULL;

	if (pg_cells_start(x, p, k, i, c ? c : k->bad[i], 3))
		return;
	p->seen |= rcfg_marks(x, c);
	mp_cell_gflops(x, &p->t, p->wide, c, common, j == f->top[i]);
	rtable_num(&p->t, 100 * pg_ratio(pg_gflops(c), pg_gflops(lib)), 1, 0);
	ratio_cell(x, &p->t, r, p->wide);
	pg_p_cell(&p->t, r);
}

/* The nidx sizes from index i0 on side by side. */
static int speed_table(struct rctx *x, int dev, const struct pg_facts *f,
		       int i0, int nidx)
{
	static const char *const heads[] = {
		"progression.h_block", "=GFLOP/s", "progression.h_pct",
		"progression.h_speedup", "=$p$", NULL
	};
	char kinds[4 + 5 * PG_PAIR] = "l";
	const struct rcfg *cs[PG_MAXK];
	unsigned common[PG_PAIR];
	int s, j, rc, sz[PG_PAIR];
	struct ptable p;
	struct rbuf kind;

	rbuf_init(&kind);
	rbuf_puts(&kind, "progression-speed-");
	for (s = 0; s < nidx; s++) {
		strcat(kinds, "lSSSS");
		sz[s] = f->n[i0 + s];
		rbuf_printf(&kind, "%s%d", s ? "_" : "", sz[s]);
	}
	parts_table_init(&p, kinds);
	rtable_head(&p.t, "");
	for (s = 0; s < nidx; s++) {
		/* the marks every shown configuration shares */
		for (j = 0; j < f->nk; j++)
			cs[j] = f->k[j].c[i0 + s];
		common[s] = mem_marks_shared(x, cs, (size_t)f->nk);
		rbuf_free(&p.cell);
		rbuf_printf(&p.cell, "$n = %d$", sz[s]);
		regime_marks(x, common[s], &p.cell);
		p.seen |= common[s];
		rtable_head_span(&p.t, 5, rbuf_str(&p.cell));
	}
	rtable_head_end(&p.t);
	rtable_head(&p.t, lang_get(x->L, "progression.h_kernel"));
	for (s = 0; s < nidx; s++)
		mem_heads(x, &p.t, heads);
	rtable_head_end(&p.t);
	for (j = 0; j < f->nk; j++) {
		if (!pg_row_start(&p.t, f, j, i0, i0 + nidx - 1, ""))
			continue;
		for (s = 0; s < nidx; s++)
			speed_cells(x, &p, f, j, i0 + s, common[s]);
		rtable_row_end(&p.t);
	}
	rbuf_free(&p.cell);
	pg_join(x, &p.cell, sz, (size_t)nidx);
	rc = mem_caption(x, dev, PG_SUITE, NULL, VOCAB_METRIC_GFLOPS,
			 "progression.speed_table", rbuf_str(&p.cell), &p.cap);
	rbuf_puts(&p.note, lang_get(x->L, "progression.speed_note"));
	/* rcfg_marks: never RG_DERIVED */
	mp_regime_note(x, p.seen, &p.note, "progression.regime_note");
	rc = parts_table_emit(x, &p, rc, rbuf_str(&kind), dev);
	rbuf_free(&kind);
	return rc;
}

/* ---- the figure of the steps ---------------------------------------------- */

/* GFLOP/s per step (x: the kernels in table order), one line per size,
 * cuBLAS a mark of the size's colour at the end, the FP32 peak dotted. */
static int steps_figure(struct rctx *x, int dev, const struct pg_facts *f)
{
	enum { NL = 2 * PG_MAXN + 1 };
	struct mem_line l[NL];
	struct rbuf title[NL], tic[PG_MAXK];
	double xs[PG_MAXK], ys[NL][PG_MAXK];
	struct mem_axes a = {
		.xlabel = lang_get(x->L, "progression.axis_step"),
		.xmin = 0.5, .xmax = f->nk + 0.5, .nxtics = (size_t)f->nk,
		.w = PG_FIG_W, .h = PG_FIG_H
	};
	int i, j, nl = 0, rc;

	rbufs_init(title, NL);
	rbufs_init(tic, PG_MAXK);
	for (j = 0; j < f->nk; j++) {
		rbuf_puts(&tic[j], "{\\scriptsize ");
		mem_variant(&tic[j], f->k[j].variant);
		rbuf_puts(&tic[j], "}");
	}
	for (i = 0; i < f->nn; i++) {
		/* the own kernels joined, the library apart */
		for (j = 0; j < f->nk; j++) {
			ys[nl][j] = f->k[j].lib ? NAN :
				    pg_gflops(f->k[j].c[i]);
			ys[nl + 1][j] = f->k[j].lib ?
					pg_gflops(f->k[j].c[i]) : NAN;
		}
		rbuf_printf(&title[nl], "{\\scriptsize $n = %d$}", f->n[i]);
		l[nl] = (struct mem_line){rbuf_str(&title[nl]), xs, ys[nl],
					  (size_t)f->nk, PL_LINE, i, i};
		l[nl + 1] = (struct mem_line){NULL, xs, ys[nl + 1],
					      (size_t)f->nk, PL_POINTS, i, i};
		nl += 2;
	}
	if (isfinite(f->peak)) {
		for (j = 0; j < f->nk; j++)
			ys[nl][j] = f->peak;
		rbuf_printf(&title[nl], "{\\scriptsize %s}",
			    lang_get(x->L, "progression.line_peak"));
		l[nl] = (struct mem_line){rbuf_str(&title[nl]), xs, ys[nl],
					  (size_t)f->nk, PL_REF, -1, -1};
		nl++;
	}
	rc = mp_figure_cat(x, dev, &a, l, (size_t)nl, tic, xs,
			   "progression.figure");
	rbufs_free(title, NL);
	return rc;
}

/* ---- the counters --------------------------------------------------------- */

static int counter_table(struct rctx *x, int dev, const struct pg_facts *f)
{
	static const char *const heads[] = {
		"progression.h_kernel", "progression.h_block",
		"progression.h_ai", "=GFLOP/s", "progression.h_pct_peak",
		"progression.h_ldk", "=CGMA", "progression.h_wpi", "=GIPS",
		NULL
	};
	struct ptable p;
	int j, i = f->cn, rc, async = 0;

	parts_table_init(&p, "llSSSSSSS");
	mem_heads(x, &p.t, heads);
	rtable_head_end(&p.t);
	for (j = 0; j < f->nk; j++) {
		const struct pg_kern *k = &f->k[j];
		const struct rcfg *c = k->c[i];

		/* a kernel whose loads the LDG counters miss: said below */
		if (!pg_row_start(&p.t, f, j, i, i, k->async ? "$^{*}$" : ""))
			continue;
		async |= k->async;
		if (!pg_cells_start(x, &p, k, i, c, 6)) {
			p.seen |= rcfg_marks(x, c);
			rtable_num(&p.t, k->q.ai, -3, 0);
			mp_cell_gflops(x, &p.t, p.wide, c, 0, 0);
			rtable_num(&p.t, rcfg_steady(x, c) ? rule_peak_pct(
				   pg_gflops(c), rcfg_peak_fp32(x, c), NULL) :
				   NAN, 1, 0);
			rtable_num(&p.t, k->q.ldk, -3, 0);
			rtable_num(&p.t, k->q.cgma, -3, 0);
			rtable_num(&p.t, k->q.wpi, 2, 0);
			rtable_num(&p.t, k->q.gips, 0, 0);
		}
		rtable_row_end(&p.t);
	}
	rbuf_free(&p.cell);
	rbuf_printf(&p.cell, "%d", f->n[i]);
	rc = mem_caption(x, dev, PG_SUITE, NULL, VOCAB_METRIC_GFLOPS,
			 "progression.cnt_table", rbuf_str(&p.cell), &p.cap);
	rbuf_puts(&p.note, lang_get(x->L, "progression.cnt_note"));
	if (async)
		rbuf_printf(&p.note, " %s", lang_get(x->L,
			    "progression.async_note"));
	mem_regime_note(x, p.seen, &p.note);
	return parts_table_emit(x, &p, rc, "progression-counters", dev);
}

/* Each step's point at the counter size under the device's roofline:
 * the FLOP per DRAM byte the counters saw against the timed median. */
static int roof_figure(struct rctx *x, int dev, const struct pg_facts *f)
{
	struct pline l[PG_MAXK + 1];
	struct rbuf title[PG_MAXK + 1], cap;
	double px[PG_MAXK], py[PG_MAXK], lo = NAN, hi = NAN;
	struct fv v;
	int j, nl = 0, k, rc = 0;

	rbufs_init(title, PG_MAXK + 1);
	rbuf_init(&cap);
	fv_init(&v);
	for (j = 0; j < f->nk; j++) {
		px[j] = f->k[j].q.ai;
		py[j] = pg_gflops(f->k[j].c[f->cn]);
		if (!isfinite(px[j]) || !(px[j] > 0) || !isfinite(py[j]))
			continue;
		num_range_add(px[j], &lo, &hi);
		rbuf_puts(&title[nl], "{\\scriptsize ");
		mem_variant(&title[nl], f->k[j].variant);
		rbuf_puts(&title[nl], "}");
		l[nl] = (struct pline){rbuf_str(&title[nl]), &px[j], &py[j], 1,
				       PL_POINTS, j, j};
		nl++;
	}
	if (nl) {
		k = parts_roof_plot(x, dev, l, (size_t)nl, &title[nl],
				    "progression.axis_ai", lo, hi,
				    PG_FIG_W - 1, PG_FIG_H);
		dev_suffix(x, dev, fv_put(&v, "DEV"));
		fv_int(&v, "N", f->n[f->cn]);
		rc = fv_emit(x, &cap, "progression.roofline", &v);
		if (!rc)
			rc = emit_figure(x, k, rbuf_str(&cap));
	}
	rbufs_free(title, PG_MAXK + 1);
	rbuf_free(&cap);
	fv_free(&v);
	return rc;
}

/* ---- findings ------------------------------------------------------------- */

/* The best own kernel against cuBLAS at each size. */
static void find_lib(struct rctx *x, struct rfind *fd,
		     const struct pg_facts *f, const char *pre)
{
	struct plist l;
	int i;

	if (f->lib < 0)
		return;
	parts_list_init(&l);
	for (i = 0; i < f->nn; i++) {
		const struct rcmp *r = &f->k[f->lib].step[i];

		if (f->top[i] < 0 || !isfinite(r->ratio))
			continue;
		pg_named(x, f->k[f->top[i]].c[i], fv_put(&l.item, "V"));
		mp_fv_set(x, &l.item, "dn4n4%3p", "N", f->n[i], "G", r->a, "GC",
			  r->b, "PCT", 100 / r->ratio, "P", r);
		parts_list_add(x, &l, "progression.find.lib_item");
	}
	fv_str(&l.all, "DEV", pre);
	parts_list_find(x, fd, &l, "progression.find.lib");
}

/* The goal: the best own kernel at PG_GOAL % of cuBLAS at each goal
 * size; reached only where every goal size was measured and met. */
static void find_goal(struct rctx *x, struct rfind *fd,
		      const struct pg_facts *f, const char *pre)
{
	struct rbuf *list, *miss;
	struct fv v;
	size_t g;
	int i, met = 1, nmeas = 0;

	if (f->lib < 0)
		return;
	fv_init(&v);
	list = fv_put(&v, "LIST");
	miss = fv_put(&v, "MISS");
	for (g = 0; g < PG_NGOAL; g++) {
		const struct rcmp *r = NULL;

		for (i = 0; i < f->nn; i++)
			if (f->n[i] == pg_goal_n[g] && f->top[i] >= 0 &&
			    isfinite(f->k[f->lib].step[i].ratio))
				r = &f->k[f->lib].step[i];
		if (!r) {
			rbuf_printf(miss, "%s%d", miss->len ? ", " : "",
				    pg_goal_n[g]);
			continue;
		}
		nmeas++;
		met &= 100 / r->ratio >= PG_GOAL;
		rbuf_puts(list, list->len ? ", " : "");
		/* a share within 0.1 of the goal gets a digit more, so that
		 * 89.98 is not printed as the 90.0 it misses */
		find_pct(list, 100 / r->ratio,
			 fabs(100 / r->ratio - PG_GOAL) < 0.1 ? 4 : 3);
		rbuf_printf(list, " %s $n = %d$", lang_get(x->L,
			    "progression.at"), pg_goal_n[g]);
	}
	if (nmeas) {
		mp_fv_set(x, &v, "s%2", "DEV", pre, "GOAL", PG_GOAL);
		pg_join(x, fv_put(&v, "SIZES"), pg_goal_n, PG_NGOAL);
		fv_find(x, fd, !met ? "progression.find.goal.not" :
			miss->len ? "progression.find.goal.part" :
			"progression.find.goal.reached", &v);
	}
	fv_free(&v);
}

/* One step against the one before it, for a sentence: "\texttt{v6}
 * (tile 64) over \texttt{v5} (block 32x32): 0.94 times (p < 0.001)". */
static void pg_step_put(struct rctx *x, const struct pg_facts *f, int j,
			int i, const char *key, struct rbuf *out)
{
	const struct pg_kern *k = &f->k[j];
	struct fv v;

	fv_init(&v);
	pg_named(x, k->c[i], fv_put(&v, "V"));
	pg_named(x, f->k[k->prev[i]].c[i], fv_put(&v, "PREV"));
	mp_fv_set(x, &v, "n3p", "R", k->step[i].ratio, "P", &k->step[i]);
	fv_emit(x, out, key, &v);
	fv_free(&v);
}

/* At each size: the largest step and the steps that did not pay
 * (slower, significantly or not, or not significantly faster). */
static void find_steps(struct rctx *x, struct rfind *fd,
		       const struct pg_facts *f, const char *pre)
{
	struct rbuf *big, *list;
	struct fv v;
	int i, j, w;

	fv_init(&v);
	fv_str(&v, "DEV", pre);
	for (i = 0; i < f->nn; i++) {
		if (f->big[i] < 0)
			continue;
		fv_int(&v, "N", f->n[i]);
		big = fv_put(&v, "BIG");
		list = fv_put(&v, "LIST");
		pg_step_put(x, f, f->big[i], i, "progression.find.step_item",
			    big);
		for (j = 0; j < f->nk; j++) {
			const struct rcmp *r = &f->k[j].step[i];

			w = mem_word(r, 1);
			if (f->k[j].lib || !isfinite(r->ratio) ||
			    w == MW_BETTER || (w == MW_UNTESTED &&
					       r->ratio > 1))
				continue;
			rbuf_puts(list, list->len ? "; " : "");
			pg_step_put(x, f, j, i, w == MW_WORSE ?
				    "progression.find.step_slower" :
				    w == MW_NS ? "progression.find.step_ns" :
				    "progression.find.step_item", list);
		}
		fv_find(x, fd, list->len ? "progression.find.steps" :
			"progression.find.steps_all", &v);
	}
	fv_free(&v);
}

/* The counter that moved most from each step to the next. */
static void find_moved(struct rctx *x, struct rfind *fd,
		       const struct pg_facts *f, const char *pre)
{
	struct plist l;
	int j;

	if (f->cn < 0)
		return;
	parts_list_init(&l);
	for (j = 0; j < f->nk; j++) {
		const struct pg_kern *k = &f->k[j];

		if (k->moved < 0)
			continue;
		mp_fv_set(x, &l.item, "vvsn3", "V", k->variant, "PREV",
			  f->k[k->prev[f->cn]].variant, "Q",
			  lang_get(x->L, pq[k->moved].key), "R", k->moved_r);
		parts_list_add(x, &l, "progression.find.moved_item");
	}
	mp_fv_set(x, &l.all, "sd", "DEV", pre, "N", f->n[f->cn]);
	parts_list_find(x, fd, &l, "progression.find.moved");
}

/* A kernel whose loads the LDG counters miss, against the step before:
 * its LDG instructions, load requests and CGMA beside that step's. Said
 * where the LDG count drops from that step's (v10 over v9, v13 over
 * v12); a step that copies as the one before it did (v11, v12) has no
 * new drop to explain, and its table row keeps the mark. */
static void find_async(struct rctx *x, struct rfind *fd,
		       const struct pg_facts *f, const char *pre)
{
	struct fv v;
	int j;

	fv_init(&v);
	fv_str(&v, "DEV", pre);
	for (j = 0; f->cn >= 0 && j < f->nk; j++) {
		const struct pg_kern *k = &f->k[j];
		const struct pg_kern *a;

		if (!k->async || !k->q.has)
			continue;
		a = k->lib || k->prev[f->cn] < 0 ||
		    !f->k[k->prev[f->cn]].q.has ? NULL :
		    &f->k[k->prev[f->cn]];
		if (a && !(k->q.ldgk < PG_ASYNC_DROP * a->q.ldgk))
			continue;
		mp_fv_set(x, &v, "vn3n3n3", "V", k->variant, "LDG", k->q.ldgk,
			  "REQ", k->q.ldk, "CGMA", k->q.cgma);
		if (a)
			mp_fv_set(x, &v, "vn3n3n3", "PREV", a->variant, "LDG0",
				  a->q.ldgk, "REQ0", a->q.ldk, "CGMA0",
				  a->q.cgma);
		fv_find(x, fd, a ? "progression.find.async" :
			"progression.find.async_one", &v);
	}
	fv_free(&v);
}

/* The steps on the roofline at the counter size: how many lie on the
 * compute side of the ridge, the best own kernel and cuBLAS in % of
 * the FP32 peak. */
static void find_roof(struct rctx *x, struct rfind *fd,
		      const struct pg_facts *f, int dev, const char *pre)
{
	const struct store_device *d = x->devs[dev];
	const struct rcfg *top, *lib;
	double ridge;
	struct fv v;
	int j, n = 0, right = 0;

	if (f->cn < 0 || !(d->peak_fp32_gflops > 0) || !(d->peak_mem_gbs > 0))
		return;
	ridge = d->peak_fp32_gflops / d->peak_mem_gbs;
	for (j = 0; j < f->nk; j++)
		if (isfinite(f->k[j].q.ai)) {
			n++;
			right += f->k[j].q.ai > ridge;
		}
	if (!n)
		return;
	fv_init(&v);
	mp_fv_set(x, &v, "sdn3d", "DEV", pre, "N", f->n[f->cn], "RIDGE",
		  ridge, "K", right);
	label_count_put(x, "progression.kernels", n, n, fv_put(&v, "M"));
	fv_find(x, fd, "progression.find.roof", &v);
	top = f->top[f->cn] >= 0 ? f->k[f->top[f->cn]].c[f->cn] : NULL;
	lib = f->lib >= 0 ? f->k[f->lib].c[f->cn] : NULL;
	lib = lib && rcfg_steady(x, lib) ? lib : NULL;
	if (top && rcfg_steady(x, top)) {
		pg_named(x, top, fv_put(&v, "V"));
		mp_fv_set(x, &v, "%3n4", "A", rule_peak_pct(pg_gflops(top),
			  rcfg_peak_fp32(x, top), NULL), "PK",
			  rcfg_peak_fp32(x, top));
		if (lib)
			find_pct(fv_put(&v, "C"), rule_peak_pct(pg_gflops(lib),
				 rcfg_peak_fp32(x, lib), NULL), 3);
		fv_find(x, fd, lib ? "progression.find.peak" :
			"progression.find.peak_nolib", &v);
	}
	fv_free(&v);
}

/* Where the counters are missing: all of them, or some kernels'. */
static int find_nocnt(struct rctx *x, struct rfind *fd,
		      const struct pg_facts *f, int dev, const char *pre)
{
	struct plist l;
	int j, rc = 0;

	parts_list_init(&l);
	fv_str(&l.all, "DEV", pre);
	if (f->cn < 0) {
		rc = mem_counters_missing(x, dev, PG_SUITE,
					  "progression.counters_none",
					  "progression.counters_unavailable",
					  fv_put(&l.all, "TEXT"));
		fv_find(x, fd, "progression.find.text", &l.all);
	}
	for (j = 0; f->cn >= 0 && j < f->nk; j++)
		if (f->k[j].c[f->cn] && !f->k[j].q.has) {
			rbuf_puts(l.list, l.list->len ? ", " : "");
			mem_variant(l.list, f->k[j].variant);
		}
	if (f->cn >= 0)
		fv_int(&l.all, "N", f->n[f->cn]);
	parts_list_find(x, fd, &l, "progression.find.cnt_some");
	return rc;
}

/* Where a kernel's fastest block ran unsteady (below a wave, near the
 * launch cost) and a slower steady one is shown instead. */
static void find_passed(struct rctx *x, struct rfind *fd,
			const struct pg_facts *f, int dev, const char *pre)
{
	struct plist l;
	int i, j;

	parts_list_init(&l);
	for (i = 0; i < f->nn; i++)
		for (j = 0; j < f->nk; j++) {
			const struct rcfg *c = f->k[j].c[i], *a;

			a = versions_best(x, dev, PG_SUITE, f->k[j].variant,
					  f->n[i], 0);
			if (!c || !a || a == c || !rcfg_steady(x, c))
				continue;
			mp_fv_set(x, &l.item, "dn4n4", "N", f->n[i], "G",
				  pg_gflops(a), "GS", pg_gflops(c));
			pg_named(x, a, fv_put(&l.item, "V"));
			regime_marks(x, rcfg_marks(x, a), fv_put(&l.item, "M"));
			pg_named(x, c, fv_put(&l.item, "S"));
			parts_list_add(x, &l, "progression.find.passed_item");
		}
	fv_str(&l.all, "DEV", pre);
	parts_list_find(x, fd, &l, "progression.find.passed");
}

/* Verification, sizes with points not steady, and what these data
 * cannot say. */
static void find_misc(struct rctx *x, struct rfind *fd,
		      const struct pg_facts *f, int dev, const char *pre)
{
	struct plist l;
	int i, j, last = -1;
	size_t d, ndev = 0;

	parts_list_init(&l);
	fv_str(&l.all, "DEV", pre);
	mp_verified_find(x, fd, &l.all, "progression.find", f->nok, f->nall);
	for (i = 0; i < f->nn; i++)
		for (j = 0; j < f->nk; j++)
			if (f->k[j].c[i] && !rcfg_steady(x, f->k[j].c[i])) {
				rbuf_printf(l.list, "%s%d", l.list->len ?
					    ", " : "", f->n[i]);
				break;
			}
	parts_list_find(x, fd, &l, "progression.find.nonsteady");
	for (d = 0; d < x->ndevs; d++)
		if (model_has_suite(x, (int)d, PG_SUITE)) {
			ndev++;
			last = (int)d;
		}
	/* once, after the last device's */
	if (dev == last)
		find_add(x, fd, ndev == 1 ? "progression.find.limits_one" :
			 "progression.find.limits", NULL, 0);
}

/* ---- the section ---------------------------------------------------------- */

static int part(struct rctx *x, int dev, struct rfind *fd)
{
	struct pg_facts *f = malloc(sizeof(*f));
	char pre[32];
	int rc = -1, i, n;

	if (!f)
		return -1;
	if (pg_facts_fill(x, dev, f))
		goto out;
	emit_dev_heading(x, 1, dev);
	emit_par(x, lang_get(x->L, "progression.objective"));
	rc = steps_table(x, dev, f);
	/* the sizes in pairs from the largest down, each pair ascending */
	for (i = f->nn; i > 0 && !rc; i -= n) {
		n = i < PG_PAIR ? i : PG_PAIR;
		rc = speed_table(x, dev, f, i - n, n);
	}
	if (!rc)
		rc = steps_figure(x, dev, f);
	if (!rc && f->cn >= 0)
		rc = counter_table(x, dev, f);
	if (!rc && f->cn >= 0)
		rc = roof_figure(x, dev, f);
	problems_list(x, dev, PG_SUITE, NULL);
	dev_prefix(x, dev, pre, sizeof(pre));
	if (!rc) {
		find_lib(x, fd, f, pre);
		find_goal(x, fd, f, pre);
		find_steps(x, fd, f, pre);
		find_moved(x, fd, f, pre);
		find_async(x, fd, f, pre);
		find_roof(x, fd, f, dev, pre);
		rc = find_nocnt(x, fd, f, dev, pre);
		find_passed(x, fd, f, dev, pre);
		find_misc(x, fd, f, dev, pre);
	}
out:
	free(f);
	return rc;
}

int sec_progression(struct rctx *x)
{
	return mem_section(x, PG_SUITE, "progression", part);
}
