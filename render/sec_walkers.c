/* The `walkers` suite (lecture B): random walkers, each stepping +1 or
 * -1 by its own xorshift32 generator, whose state lives in global
 * memory, in shared memory or in registers. The main body shows per
 * device a figure of steps per second against the step count, a table
 * of the rates and the chain of speed-ups at every (walkers, steps), a
 * table of the walk's statistics against theory (mean 0, variance the
 * step count), and findings computed by facts_walkers, which the
 * conclusions share. Only steady points (full waves, longer than a
 * launch) take part in "the largest point". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define WK_SUITE VOCAB_SUITE_WALKERS
#define WK_FIG_W 14.0
#define WK_FIG_H 7.0

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

double wk_z_mean(const struct rcfg *c)
{
	double m = rcfg_median(c, VOCAB_METRIC_WALK_MEAN);

	if (!c || c->c->count <= 0 || c->c->param <= 0)
		return NAN;
	return m / sqrt((double)c->c->param / (double)c->c->count);
}

double wk_var_ratio(const struct rcfg *c)
{
	double v = rcfg_median(c, VOCAB_METRIC_WALK_VAR);

	if (!c || c->c->param <= 0)
		return NAN;
	return v / c->c->param;
}

double wk_z_var(const struct rcfg *c)
{
	if (!c || c->c->count < 2)
		return NAN;
	return (wk_var_ratio(c) - 1) / sqrt(2.0 / (double)(c->c->count - 1));
}

static int pt_cmp(const void *a, const void *b)
{
	const struct wk_point *p = a, *q = b;

	if (p->w != q->w)
		return p->w < q->w ? -1 : 1;
	return (p->s > q->s) - (p->s < q->s);
}

/* The walk's statistics of the kernels at p joined to f's. */
static void facts_stats(struct wk_facts *f, const struct wk_point *p)
{
	int v;

	for (v = 0; v < WK_N; v++) {
		double z = wk_z_mean(p->c[v]), r = wk_z_var(p->c[v]);
		double q = wk_var_ratio(p->c[v]);

		if (!isfinite(z) || !isfinite(r))
			continue;
		f->zmax = fmax(f->zmax, fabs(z));
		num_range_add(q, &f->vlo, &f->vhi);
		f->nstat++;
		f->zbad += fabs(z) > WK_SIGMAS;
		f->vbad += fabs(r) > WK_SIGMAS;
	}
}

/* The points (walkers, steps) of device dev's configurations, sorted,
 * and the verified and failed ones counted. */
static void facts_points(struct rctx *x, int dev, struct wk_facts *f)
{
	size_t i;
	int j;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *c = &x->cfgs[i];

		if (c->dev != dev || strcmp(c->c->suite, WK_SUITE))
			continue;
		if (!strcmp(c->c->status, VOCAB_CFG_FAILED))
			f->nfail++;
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

/* One place computes what the findings and the conclusions state; see
 * struct wk_facts. */
int facts_walkers(struct rctx *x, int dev, struct wk_facts *f)
{
	static const int from[WK_N] = {WK_GLOBAL, WK_GLOBAL, WK_SHARED};
	int j, v;
	double best = 0;

	memset(f, 0, sizeof(*f));
	f->top = -1;
	f->vlo = f->vhi = NAN;
	facts_points(x, dev, f);
	for (j = 0; j < f->np; j++) {
		struct wk_point *p = &f->pt[j];
		int all = 1;

		p->steady = 1;
		for (v = 0; v < WK_N; v++) {
			const struct rcfg *c = model_find_count(x, dev,
				WK_SUITE, wk_variants[v], NULL, p->w, p->s);

			p->c[v] = rcfg_ok(c) ? c : NULL;
			all &= p->c[v] != NULL;
			p->steady &= rcfg_steady(x, c);
			rcmp_clear(&p->step[v]);
		}
		facts_stats(f, p);
		for (v = 0; v < WK_N; v++) {
			int to = v ? v : WK_REGS;

			if (p->c[from[v]] && p->c[to] &&
			    model_compare(x, p->c[from[v]], p->c[to],
					  VOCAB_METRIC_GSTEPS, &p->step[v]) ==
			    -2)
				return -1;
		}
		if (all) {
			f->nchain++;
			f->nchain_ok += p->step[1].signif &&
				p->step[1].ratio > 1 && p->step[2].signif &&
				p->step[2].ratio > 1;
		}
		if (all && p->steady && (double)p->w * p->s >= best) {
			best = (double)p->w * p->s;
			f->top = j;
		}
	}
	return 0;
}

/* ---- the tables ----------------------------------------------------------- */

/* The first two columns of a row: walkers (once per group), steps. */
static void row_lead(struct rtable *t, const struct wk_point *p, int first,
		     const char *marks)
{
	struct rbuf b;

	rbuf_init(&b);
	if (first)
		rbuf_printf(&b, "\\num{%lld}", p->w);
	rtable_text(t, rbuf_str(&b));
	rbuf_free(&b);
	rbuf_printf(&b, "\\num{%d}%s", p->s, marks);
	rtable_text(t, rbuf_str(&b));
	rbuf_free(&b);
}

/* The rates at point p, the marks all its cells share once on the
 * steps, and the speed-ups S/G, R/S, R/G. */
static void rate_row(struct rctx *x, int dev, const struct wk_point *p,
		     int first, struct mem_tab *m)
{
	static const int col[3] = {1, 2, 0};	/* S/G, R/S, R/G */
	const struct rcfg *c[WK_N];
	struct rbuf h;
	unsigned gm;
	int v;

	for (v = 0; v < WK_N; v++)
		c[v] = model_find_count(x, dev, WK_SUITE, wk_variants[v], NULL,
					p->w, p->s);
	gm = mem_marks_shared(x, c, WK_N);
	rbuf_init(&h);
	regime_marks(x, gm, &h);
	row_lead(&m->t, p, first, rbuf_str(&h));
	rbuf_free(&h);
	for (v = 0; v < WK_N; v++)
		mem_tab_cell(x, m, c[v], gst(c[v]), gm);
	for (v = 0; v < 3; v++)
		mem_tab_ratio(m, &p->step[col[v]], p->step[col[v]].ratio, 2);
	rtable_row_end(&m->t);
}

static int rate_table(struct rctx *x, int dev, const struct wk_facts *f)
{
	static const char *const h2[] = {"walkers.walkers", "walkers.steps",
		"walkers.h_global", "walkers.h_shared", "walkers.h_regs",
		"walkers.h_sg", "walkers.h_rs", "walkers.h_rg", NULL};
	struct mem_tab m;
	int j, rc;

	mem_tab_init(&m, "rrSSSSSS");
	rtable_head(&m.t, "");
	rtable_head(&m.t, "");
	rtable_head_span(&m.t, WK_N, lang_get(x->L, "walkers.gsteps"));
	rtable_head_span(&m.t, 3, lang_get(x->L, "walkers.speedup"));
	rtable_head_end(&m.t);
	mem_heads(x, &m.t, h2);
	rtable_head_end(&m.t);
	for (j = 0; j < f->np; j++) {
		int first = !j || f->pt[j - 1].w != f->pt[j].w;

		if (first)
			rtable_gap(&m.t);
		rate_row(x, dev, &f->pt[j], first, &m);
	}
	rc = mem_caption(x, dev, WK_SUITE, NULL, VOCAB_METRIC_GSTEPS,
			 "walkers.table", NULL, &m.cap);
	rbuf_puts(&m.note, lang_get(x->L, "walkers.table_note"));
	return mem_tab_end(x, &m, dev, "walkers", 1, rc);
}

/* 1 when the kernels at p that have both values report the same ones:
 * the same walks, told once. */
static int stats_same(const struct wk_point *p)
{
	const struct rcfg *first = NULL;
	int v;

	for (v = 0; v < WK_N; v++) {
		if (!isfinite(wk_z_var(p->c[v])))
			continue;
		if (!first) {
			first = p->c[v];
			continue;
		}
		if (rcfg_median(p->c[v], VOCAB_METRIC_WALK_MEAN) !=
		    rcfg_median(first, VOCAB_METRIC_WALK_MEAN) ||
		    rcfg_median(p->c[v], VOCAB_METRIC_WALK_VAR) !=
		    rcfg_median(first, VOCAB_METRIC_WALK_VAR))
			return 0;
	}
	return 1;
}

/* The rows of point p: one per kernel with the statistics, one for all
 * when they agree. Returns the rows written. */
static int stat_rows(struct rctx *x, struct rtable *t,
		     const struct wk_point *p, int first)
{
	const struct rcfg *c;
	int same = stats_same(p), v, rows = 0;
	struct rbuf h;

	rbuf_init(&h);
	for (v = 0; v < WK_N && !(same && rows); v++) {
		if (!isfinite(wk_z_var(c = p->c[v])))
			continue;
		row_lead(t, p, first && !rows, "");
		rbuf_free(&h);
		if (same)
			rbuf_puts(&h, lang_get(x->L, "walkers.all"));
		else
			mem_variant(&h, wk_variants[v]);
		rtable_text(t, rbuf_str(&h));
		rtable_num(t, rcfg_median(c, VOCAB_METRIC_WALK_MEAN), -3, 0);
		rtable_num(t, wk_z_mean(c), 2, 0);
		rtable_num(t, wk_var_ratio(c), 4, 0);
		rtable_num(t, wk_z_var(c), 2, 0);
		rtable_row_end(t);
		rows++;
	}
	rbuf_free(&h);
	return rows;
}

static int stat_table(struct rctx *x, int dev, const struct wk_facts *f)
{
	static const char *const h[] = {"walkers.walkers", "walkers.steps",
		"walkers.kernel", "walkers.h_mean", "=\\(z\\)",
		"walkers.h_var", "=\\(z_{\\sigma^2}\\)", NULL};
	struct rtable t;
	struct rbuf cap, anc, note;
	struct fv v;
	int j, rows = 0, rc = 0;

	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&note);
	fv_init(&v);
	rtable_init(&t, "rrlSSSS");
	mem_heads(x, &t, h);
	rtable_head_end(&t);
	for (j = 0; j < f->np; j++) {
		int first = !j || f->pt[j - 1].w != f->pt[j].w;

		if (first)
			rtable_gap(&t);
		rows += stat_rows(x, &t, &f->pt[j], first);
	}
	dev_suffix(x, dev, fv_put(&v, "DEV"));
	fv_num(&v, "SIG", WK_SIGMAS, 1);
	rc |= fv_emit(x, &cap, "walkers.stat_table", &v);
	rbuf_printf(&anc, "walkers-stat dev=%lld",
		    (long long)x->devs[dev]->id);
	rc |= fv_emit(x, &note, "walkers.stat_note", &v);
	if (rows && !rc)
		rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
				rbuf_str(&note));
	else if (!rows && !rc)
		emit_par(x, lang_get(x->L, "walkers.stat_none"));
	rtable_free(&t);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&note);
	fv_free(&v);
	return rc;
}

/* ---- the figure ----------------------------------------------------------- */

/* Steps per second against the step count: one line per kernel and
 * walker count, the largest count solid, the others dotted. */
static int wk_figure(struct rctx *x, int dev, const struct wk_facts *f)
{
	struct pline l[WK_N * 4];
	struct rbuf title[WK_N * 4];
	double xs[WK_N * 4][WK_MAXP], ys[WK_N * 4][WK_MAXP];
	long long ws[4];
	int nw = 0, nl = 0, j, v, k, rc;
	struct pspec ps;

	for (j = 0; j < f->np; j++)
		if ((!nw || ws[nw - 1] != f->pt[j].w) && nw < 4)
			ws[nw++] = f->pt[j].w;
	for (v = 0; v < WK_N; v++)
		for (k = nw; k-- > 0; nl++) {
			size_t n = 0;

			rbuf_init(&title[nl]);
			for (j = 0; j < f->np; j++)
				if (f->pt[j].w == ws[k]) {
					xs[nl][n] = f->pt[j].s;
					ys[nl][n++] = gst(f->pt[j].c[v]);
				}
			rbuf_puts(&title[nl], "{\\scriptsize ");
			mem_variant(&title[nl], wk_variants[v]);
			rbuf_printf(&title[nl], ", \\num{%lld}}", ws[k]);
			l[nl] = (struct pline){rbuf_str(&title[nl]), xs[nl],
					       ys[nl], n, k == nw - 1 ?
					       PL_LINE : PL_REF, v, v};
		}
	memset(&ps, 0, sizeof(ps));
	ps.xlabel = lang_get(x->L, "walkers.axis_steps");
	ps.ylabel = lang_get(x->L, "walkers.axis_gsteps");
	ps.logx = 10;
	ps.yzero = 1;
	ps.w = WK_FIG_W;
	ps.h = WK_FIG_H;
	k = plot_lines(x, &ps, l, (size_t)nl);
	rc = emit_dev_figure(x, dev, k, "walkers.figure");
	rbufs_free(title, (size_t)nl);
	return rc;
}

/* ---- findings ------------------------------------------------------------- */

/* One step of the chain: "5.2 times (p < 0.001)" or its kin. */
static void step_text(struct rctx *x, const struct rcmp *r, struct rbuf *b)
{
	struct fv v;
	char key[64];

	fv_init(&v);
	fv_num(&v, "R", r->ratio, 3);
	mem_p(x, fv_put(&v, "P"), r);
	mem_key(key, sizeof(key), "find.wk.step", mem_word(r, 1));
	fv_emit(x, b, key, &v);
	fv_free(&v);
}

static void find_chain(struct rctx *x, struct rfind *fd,
		       const struct wk_facts *f, const char *pre)
{
	const struct wk_point *p;
	struct fv v;

	if (f->top < 0)
		return;
	p = &f->pt[f->top];
	fv_init(&v);
	fv_str(&v, "DEV", pre);
	rbuf_printf(fv_put(&v, "W"), "\\num{%lld}", p->w);
	rbuf_printf(fv_put(&v, "S"), "\\num{%d}", p->s);
	fv_num(&v, "GG", gst(p->c[WK_GLOBAL]), 4);
	fv_num(&v, "GS", gst(p->c[WK_SHARED]), 4);
	fv_num(&v, "GR", gst(p->c[WK_REGS]), 4);
	step_text(x, &p->step[1], fv_put(&v, "STEP1"));
	step_text(x, &p->step[2], fv_put(&v, "STEP2"));
	fv_num(&v, "RG", p->step[0].ratio, 3);
	fv_find(x, fd, "find.wk.chain", &v);
	/* times relative to global memory's, as lecture B's 1 : 0.19 :
	 * 0.14 */
	fv_num(&v, "TS", gst(p->c[WK_GLOBAL]) / gst(p->c[WK_SHARED]), 2);
	fv_num(&v, "TR", gst(p->c[WK_GLOBAL]) / gst(p->c[WK_REGS]), 2);
	fv_num(&v, "LS", lecture_s[WK_SHARED] / lecture_s[WK_GLOBAL], 2);
	fv_num(&v, "LR", lecture_s[WK_REGS] / lecture_s[WK_GLOBAL], 2);
	fv_find(x, fd, "find.wk.lecture", &v);
	fv_free(&v);
}

/* ---- the section ---------------------------------------------------------- */

/* Device dev's figure, tables and findings. */
static int part(struct rctx *x, int dev, struct rfind *fd)
{
	struct wk_facts f;
	char pre[32];
	struct rbuf *b;
	struct fv v;
	int j, rc;

	if (facts_walkers(x, dev, &f))
		return -1;
	rc = wk_figure(x, dev, &f);
	if (!rc)
		rc = rate_table(x, dev, &f);
	if (!rc)
		rc = stat_table(x, dev, &f);
	problems_list(x, dev, WK_SUITE, NULL);
	dev_prefix(x, dev, pre, sizeof(pre));
	fv_init(&v);
	fv_str(&v, "DEV", pre);
	if (f.top < 0 && f.np)
		fv_find(x, fd, "find.wk.nosteady", &v);
	find_chain(x, fd, &f, pre);
	if (f.nchain > 1) {
		fv_int(&v, "K", f.nchain_ok);
		fv_int(&v, "N", f.nchain);
		fv_find(x, fd, f.nchain_ok == f.nchain ?
			"find.wk.chain_all" : "find.wk.chain_some", &v);
	}
	if (f.nstat) {
		/* the walk's statistics against theory */
		fv_int(&v, "N", f.nstat);
		fv_num(&v, "ZMAX", f.zmax, 2);
		fv_num(&v, "VLO", f.vlo, 4);
		fv_num(&v, "VHI", f.vhi, 4);
		fv_num(&v, "SIG", WK_SIGMAS, 1);
		fv_int(&v, "ZB", f.zbad);
		fv_find(x, fd, f.zbad || f.vbad ? "find.wk.stat_bad" :
			"find.wk.stat_ok", &v);
	}
	if (f.vbad) {
		fv_int(&v, "VB", f.vbad);
		fv_find(x, fd, "find.wk.var_bad", &v);
	}
	if (f.nver) {
		fv_int(&v, "K", f.nexact);
		fv_int(&v, "N", f.nver);
		fv_find(x, fd, f.nexact == f.nver ? "find.wk.exact_all" :
			"find.wk.exact_some", &v);
	}
	b = fv_put(&v, "LIST");
	for (j = 0; j < f.np; j++) {
		const struct wk_point *p = &f.pt[j];

		if (p->steady || !(p->c[0] || p->c[1] || p->c[2]))
			continue;
		rbuf_puts(b, b->len ? ", " : "");
		rbuf_printf(b, "\\num{%lld}/\\num{%d}", p->w, p->s);
	}
	if (b->len)
		fv_find(x, fd, "find.wk.nonsteady", &v);
	fv_free(&v);
	return rc;
}

int sec_walkers(struct rctx *x)
{
	return mem_section(x, WK_SUITE, "walkers", part);
}
