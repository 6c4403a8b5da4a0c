/* The `walkers` suite (lecture B): random walkers, each stepping +1 or
 * -1 by its own xorshift32 generator, whose state lives in global
 * memory, in shared memory or in registers. Described for mem_run: a
 * figure of steps per second against the step count for the most
 * walkers, a table of the rates at every (walkers, steps), and findings
 * from facts_walkers, which the conclusions share. Only steady points
 * (full waves, longer than a launch) take part in "the largest
 * point". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define WK_SUITE VOCAB_SUITE_WALKERS

const char *const wk_variants[WK_N] = {
	VOCAB_VARIANT_WALK_GLOBAL, VOCAB_VARIANT_WALK_SHARED,
	VOCAB_VARIANT_WALK_REGISTERS
};

/* lecture B's times in s: global memory, shared memory, registers */
static const double lecture_s[WK_N] = {3.7, 0.7, 0.5};

static double gst(const struct rcfg *c)
{
	return rcfg_median(c, VOCAB_METRIC_GSTEPS);
}

static int pt_cmp(const void *a, const void *b)
{
	const struct wk_point *p = a, *q = b;

	if (p->w != q->w)
		return p->w < q->w ? -1 : 1;
	return (p->s > q->s) - (p->s < q->s);
}

/* The walk's final positions of c against theory: the mean over its
 * standard error sqrt(steps / walkers), and the variance over the
 * steps, off 1 in its standard errors sqrt(2 / (walkers - 1)) (a
 * normal's, which the final positions approach), into f. */
static void facts_stat(struct wk_facts *f, const struct rcfg *c)
{
	double m = rcfg_median(c, VOCAB_METRIC_WALK_MEAN);
	double q = rcfg_median(c, VOCAB_METRIC_WALK_VAR) / c->c->param;
	double z, zv;

	if (c->c->count < 2 || c->c->param <= 0 || !isfinite(m + q))
		return;
	z = m / sqrt((double)c->c->param / (double)c->c->count);
	zv = (q - 1) / sqrt(2.0 / (double)(c->c->count - 1));
	f->zmax = fmax(f->zmax, fabs(z));
	num_range_add(q, &f->vlo, &f->vhi);
	f->nstat++;
	f->zbad += fabs(z) > WK_SIGMAS;
	f->vbad += fabs(zv) > WK_SIGMAS;
}

/* The points (walkers, steps) of device dev's configurations, sorted,
 * and the verified ones counted. */
static void facts_points(struct rctx *x, int dev, struct wk_facts *f)
{
	size_t i;
	int j;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *c = &x->cfgs[i];

		if (c->dev != dev || strcmp(c->c->suite, WK_SUITE))
			continue;
		if (rcfg_ok(c) || !strcmp(c->c->status, VOCAB_CFG_FAILED)) {
			f->nver++;
			f->nexact += rcfg_ok(c) && c->c->rel_error == 0;
		}
		for (j = 0; j < f->np; j++)
			if (f->pt[j].w == c->c->count &&
			    f->pt[j].s == c->c->param)
				break;
		if (j == f->np && f->np < WK_MAXP) {
			f->pt[f->np].w = c->c->count;
			f->pt[f->np++].s = c->c->param;
		}
	}
	qsort(f->pt, (size_t)f->np, sizeof(f->pt[0]), pt_cmp);
}

int facts_walkers(struct rctx *x, int dev, struct wk_facts *f)
{
	static const int from[WK_N] = {WK_GLOBAL, WK_GLOBAL, WK_SHARED};
	int j, v, all;
	double best = 0;

	memset(f, 0, sizeof(*f));
	f->top = -1;
	f->vlo = f->vhi = NAN;
	facts_points(x, dev, f);
	for (j = 0; j < f->np; j++) {
		struct wk_point *p = &f->pt[j];

		p->steady = all = 1;
		for (v = 0; v < WK_N; v++) {
			const struct rcfg *c = model_find_count(x, dev,
				WK_SUITE, wk_variants[v], NULL, p->w, p->s);

			p->c[v] = rcfg_ok(c) ? c : NULL;
			all &= p->c[v] != NULL;
			p->steady &= rcfg_steady(x, c);
			rcmp_clear(&p->step[v]);
			if (p->c[v])
				facts_stat(f, p->c[v]);
		}
		/* [1] global->shared, [2] shared->registers, [0]
		 * global->registers */
		for (v = 0; v < WK_N; v++)
			if (p->c[from[v]] && p->c[v ? v : WK_REGS] &&
			    model_compare(x, p->c[from[v]],
					  p->c[v ? v : WK_REGS],
					  VOCAB_METRIC_GSTEPS, &p->step[v]) ==
			    -2)
				return -1;
		f->nchain += all;
		f->nchain_ok += all && p->step[1].signif &&
			p->step[1].ratio > 1 && p->step[2].signif &&
			p->step[2].ratio > 1;
		if (all && p->steady && (double)p->w * p->s >= best) {
			best = (double)p->w * p->s;
			f->top = j;
		}
	}
	return 0;
}

/* ---- the table and the figure --------------------------------------- */

static int tab_label(const struct mem_ctx *m, int r, struct rtable *t)
{
	const struct wk_facts *f = m->f;
	const struct wk_point *p = &f->pt[r];
	struct rbuf b;
	int first = !r || f->pt[r - 1].w != p->w;

	if (r >= f->np)
		return 0;
	if (first && r)
		rtable_gap(t);
	rbuf_init(&b);
	if (first)
		rbuf_printf(&b, "\\num{%lld}", p->w);
	rtable_text(t, rbuf_str(&b));
	rbuf_free(&b);
	rbuf_printf(&b, "\\num{%d}", p->s);
	rtable_text(t, rbuf_str(&b));
	rbuf_free(&b);
	return 1;
}

static void tab_cell(const struct mem_ctx *m, int r, int col,
		     struct mem_cell *o)
{
	const struct wk_facts *f = m->f;
	const struct rcfg *c = r < f->np ? model_find_count(m->x, m->dev, WK_SUITE,
		wk_variants[col], NULL, f->pt[r].w, f->pt[r].s) : NULL;

	*o = (struct mem_cell){gst(c), -1, c, NULL};
}

/* Kernel k's rate against the steps at the most walkers. */
static size_t fig_series(const struct mem_ctx *m, int k, double *xs,
			 double *ys, size_t max, struct rbuf *title)
{
	const struct wk_facts *f = m->f;
	size_t n = 0;
	int j;

	for (j = 0; j < f->np && n < max; j++)
		if (f->pt[j].w == f->pt[f->np - 1].w) {
			xs[n] = f->pt[j].s;
			ys[n++] = gst(f->pt[j].c[k]);
		}
	mem_variant(title, wk_variants[k]);
	if (n)
		rbuf_printf(title, ", $W = \\num{%lld}$", f->pt[f->np - 1].w);
	return n;
}

/* ---- findings --------------------------------------------------------- */

/* Step arg of the chain at the largest steady point: 1 global memory
 * to shared memory, 2 shared memory to registers. */
static void find_step(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct wk_facts *f = m->f;
	const struct wk_point *p = &f->pt[f->top];

	if (f->top < 0)
		return;
	o->tail = mem_tail(&p->step[m->arg], 1);
	o->cmp = &p->step[m->arg];
	snprintf(o->t, sizeof(o->t), "$W = \\num{%lld}$, $S = \\num{%d}$",
		 p->w, p->s);
	o->v[0] = p->step[m->arg].a;
	o->v[1] = p->step[m->arg].b;
	o->v[2] = p->step[0].ratio;
	/* times relative to global memory's, as lecture B's 1 : 0.19 :
	 * 0.14 */
	o->v[3] = gst(p->c[WK_GLOBAL]) / gst(p->c[WK_SHARED]);
	o->v[4] = gst(p->c[WK_GLOBAL]) / gst(p->c[WK_REGS]);
	o->v[5] = lecture_s[WK_SHARED] / lecture_s[WK_GLOBAL];
	o->v[6] = lecture_s[WK_REGS] / lecture_s[WK_GLOBAL];
	o->why = m->arg == 2;
}

/* The order at every point, the walks against theory, the exact
 * check against the CPU. */
static void find_order(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct wk_facts *f = m->f;

	if (f->nchain < 2)
		return;
	o->tail = f->nchain_ok == f->nchain ? "all" : "some";
	o->v[0] = f->nchain_ok;
	o->v[1] = f->nchain;
}

static void find_stat(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct wk_facts *f = m->f;

	if (!f->nstat || !f->nver)
		return;
	o->tail = f->zbad || f->vbad ? "bad" : "ok";
	o->v[0] = f->nstat;
	o->v[1] = f->zmax;
	o->v[2] = f->vlo;
	o->v[3] = f->vhi;
	o->v[4] = WK_SIGMAS;
	o->v[5] = f->zbad + f->vbad;
	o->v[6] = f->nexact;
	o->v[7] = f->nver;
	o->why = f->nexact == f->nver;
}

static const struct mem_find wk_find[] = {
	{"find.wk.shared", "GA:4 GB:4 RG:3 TS:2 TR:2 LS:2 LR:2", find_step,
	 1},
	{"find.wk.regs", "GA:4 GB:4 RG:3 TS:2 TR:2 LS:2 LR:2", find_step, 2},
	{"find.wk.order", "K:0 N:0", find_order, 0},
	{"find.wk.stat", "N:0 ZMAX:2 VLO:4 VHI:4 SIG:1 B:0 K:0 NV:0",
	 find_stat, 0},
};

static const char *const wk_heads[] = {"walkers.walkers", "walkers.steps",
	"walkers.h_global", "walkers.h_shared", "walkers.h_regs"};

static const struct mem_tspec wk_tab = {"walkers.table", "walkers",
	WK_MAXP, "rr", wk_heads, WK_N, tab_label, tab_cell, NULL};

static const struct mem_gspec wk_fig = {"walkers.figure",
	"walkers.axis_steps", "walkers.axis_gsteps", 10, 0, 0, 1, WK_N, 0,
	fig_series};

static int facts(struct rctx *x, int dev, void *f)
{
	return facts_walkers(x, dev, f);
}

int sec_walkers(struct rctx *x)
{
	static const struct mem_spec s = {WK_SUITE, "walkers",
		sizeof(struct wk_facts), facts, &wk_fig, &wk_tab, wk_find,
		sizeof(wk_find) / sizeof(wk_find[0])};

	return mem_run(x, &s);
}
