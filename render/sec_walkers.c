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

static const char *const wk_variants[WK_N] = {
	VOCAB_VARIANT_WALK_GLOBAL, VOCAB_VARIANT_WALK_SHARED,
	VOCAB_VARIANT_WALK_REGISTERS
};

/* lecture B's times in s: global memory, shared memory, registers */
static const double lecture_s[WK_N] = {3.7, 0.7, 0.5};

static double gst(const struct rcfg *c)
{
	return rcfg_median(c, VOCAB_METRIC_GSTEPS);
}

int facts_walkers(struct rctx *x, int dev, void *fp)
{
	struct wk_facts *f = fp;
	static const int from[WK_N] = {WK_GLOBAL, WK_GLOBAL, WK_SHARED};
	int *ws = NULL, *ss = NULL, v, all, steady, rc = 0;
	size_t nw = model_ints(x, dev, WK_SUITE, NULL, 'c', &ws), i;
	size_t ns = model_ints(x, dev, WK_SUITE, NULL, 'p', &ss);
	const struct rcfg *c[WK_N];
	double best = 0;

	memset(f, 0, sizeof(*f));
	f->top = -1;
	/* the points (walkers, steps) measured, by walkers, then steps */
	for (i = 0; i < nw * ns && f->np < WK_MAXP && !rc; i++) {
		struct wk_point *p = &f->pt[f->np];

		for (all = 0, v = 0; v < WK_N; v++)
			all |= !!(c[v] = model_find_count(x, dev, WK_SUITE,
				wk_variants[v], NULL, ws[i / ns], ss[i % ns]));
		if (!all)
			continue;
		p->w = ws[i / ns];
		p->s = ss[i % ns];
		steady = 1;
		for (v = 0; v < WK_N; v++) {
			p->c[v] = rcfg_ok(c[v]) ? c[v] : NULL;
			f->nver += p->c[v] || (c[v] &&
				   !strcmp(c[v]->c->status, VOCAB_CFG_FAILED));
			f->nexact += p->c[v] && c[v]->c->rel_error == 0;
			all &= p->c[v] != NULL;
			steady &= rcfg_steady(x, c[v]);
		}
		/* [1] global->shared, [2] shared->registers, [0]
		 * global->registers (cleared where a side is missing) */
		for (v = 0; v < WK_N && !rc; v++)
			if (model_compare(x, p->c[from[v]],
					  p->c[v ? v : WK_REGS],
					  VOCAB_METRIC_GSTEPS,
					  &p->step[v]) == -2)
				rc = -1;
		f->nchain += all;
		f->nchain_ok += all && p->step[1].signif &&
			p->step[1].ratio > 1 && p->step[2].signif &&
			p->step[2].ratio > 1;
		if (steady && (double)p->w * p->s >= best) {
			best = (double)p->w * p->s;
			f->top = f->np;
		}
		f->np++;
	}
	free(ws);
	free(ss);
	return rc;
}

/* ---- the table and the figure --------------------------------------- */

/* Row r: point r, each kernel's rate. */
static int tab_row(const struct mem_ctx *m, int r, struct rbuf *lead,
		   struct mem_cell *o)
{
	const struct wk_facts *f = m->f;
	const struct wk_point *p = &f->pt[r];
	int v, first = !r || f->pt[r - 1].w != p->w;

	for (v = 0; v < WK_N; v++) {
		const struct rcfg *c = r < f->np ? model_find_count(m->x,
			m->dev, WK_SUITE, wk_variants[v], NULL, p->w, p->s) :
			NULL;

		o[v] = (struct mem_cell){gst(c), -1, c, NULL};
	}
	if (r >= f->np)
		return 0;
	if (first)
		rbuf_printf(&lead[0], "\\num{%lld}", p->w);
	rbuf_printf(&lead[1], "\\num{%d}", p->s);
	return first ? 2 : 1;
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
 * to shared memory, 2 shared memory to registers (with the times
 * relative to global memory's, as lecture B's 1 : 0.19 : 0.14). */
static void find_step(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct wk_facts *f = m->f;
	const struct wk_point *p = &f->pt[f->top < 0 ? 0 : f->top];
	const struct rcmp *r = &p->step[m->arg];

	if (f->top < 0)
		return;
	mem_fv_cmp(o, r, 1);
	snprintf(o->t, sizeof(o->t), "$W = \\num{%lld}$, $S = \\num{%d}$",
		 p->w, p->s);
	MEM_V(o, r->a, r->b, p->step[0].ratio,
	      gst(p->c[WK_GLOBAL]) / gst(p->c[WK_SHARED]),
	      gst(p->c[WK_GLOBAL]) / gst(p->c[WK_REGS]),
	      lecture_s[WK_SHARED] / lecture_s[WK_GLOBAL],
	      lecture_s[WK_REGS] / lecture_s[WK_GLOBAL]);
	o->why = m->arg == 2;
}

/* Of the points with all three kernels, those in the order global <
 * shared < registers (arg 0, two points at least), or of the verified
 * configurations those that matched the CPU exactly (arg 1). */
static void find_all(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct wk_facts *f = m->f;
	int k = m->arg ? f->nexact : f->nchain_ok;
	int n = m->arg ? f->nver : f->nchain;

	if (n < 2 - m->arg)
		return;
	o->tail = k == n ? "all" : "some";
	MEM_V(o, k, n);
}

static const struct mem_find wk_find[] = {
	{"find.wk.shared", "GA:4 GB:4 RG:3 TS:2 TR:2 LS:2 LR:2", find_step,
	 1},
	{"find.wk.regs", "GA:4 GB:4 RG:3 TS:2 TR:2 LS:2 LR:2", find_step, 2},
	{"find.wk.order", "K:0 N:0", find_all, 0},
	{"find.wk.exact", "K:0 N:0", find_all, 1},
};

static const char *const wk_heads[] = {"walkers.walkers", "walkers.steps",
	"walkers.h_global", "walkers.h_shared", "walkers.h_regs"};

static const struct mem_tspec wk_tab = {"walkers.table", "walkers",
	WK_MAXP, "rr", wk_heads, WK_N, tab_row, NULL};

static const struct mem_gspec wk_fig = {"walkers.figure",
	"walkers.axis_steps", "walkers.axis_gsteps", 10, 0, 0, 1, WK_N, 0,
	fig_series};

MEM_SECTION(walkers, .suite = WK_SUITE, .fsize = sizeof(struct wk_facts),
	    .facts = facts_walkers, .fig = &wk_fig, .tab = &wk_tab,
	    .find = wk_find, .nfind = MEM_N(wk_find))
