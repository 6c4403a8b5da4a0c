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

static void cmp_clear(struct rcmp *r)
{
	memset(r, 0, sizeof(*r));
	r->a = r->b = r->gain = r->ratio = NAN;
	r->p = -1;
}

/* One place computes what the findings and the conclusions state; see
 * struct wk_facts. */
int facts_walkers(struct rctx *x, int dev, struct wk_facts *f)
{
	static const int from[WK_N] = {WK_GLOBAL, WK_GLOBAL, WK_SHARED};
	size_t i;
	int j, v;
	double best = 0;

	memset(f, 0, sizeof(*f));
	f->top = -1;
	f->vlo = f->vhi = NAN;
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
	for (j = 0; j < f->np; j++) {
		struct wk_point *p = &f->pt[j];
		int all = 1;

		p->steady = 1;
		for (v = 0; v < WK_N; v++) {
			const struct rcfg *c = model_find_count(x, dev,
				WK_SUITE, wk_variants[v], NULL, p->w, p->s);
			double z, r;

			p->c[v] = rcfg_ok(c) ? c : NULL;
			all &= p->c[v] != NULL;
			p->steady &= rcfg_steady(x, c);
			cmp_clear(&p->step[v]);
			z = wk_z_mean(p->c[v]);
			r = wk_z_var(p->c[v]);
			if (!isfinite(z) || !isfinite(r))
				continue;
			if (!f->nstat || fabs(z) > f->zmax)
				f->zmax = fabs(z);
			if (!f->nstat || wk_var_ratio(p->c[v]) < f->vlo)
				f->vlo = wk_var_ratio(p->c[v]);
			if (!f->nstat || wk_var_ratio(p->c[v]) > f->vhi)
				f->vhi = wk_var_ratio(p->c[v]);
			f->nstat++;
			f->zbad += fabs(z) > WK_SIGMAS;
			f->vbad += fabs(r) > WK_SIGMAS;
		}
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

/* ---- helpers ------------------------------------------------------------- */

static void wk_put_w(struct rbuf *b, long long w)
{
	rbuf_printf(b, "\\num{%lld}", w);
}

/* The first two columns of a row: walkers (once per group), steps. */
static void row_lead(struct rtable *t, const struct wk_point *p, int first,
		     const char *marks)
{
	struct rbuf b;

	rbuf_init(&b);
	if (first)
		wk_put_w(&b, p->w);
	rtable_text(t, rbuf_str(&b));
	rbuf_free(&b);
	rbuf_printf(&b, "\\num{%d}%s", p->s, marks);
	rtable_text(t, rbuf_str(&b));
	rbuf_free(&b);
}

/* ---- the rate table ------------------------------------------------------- */

static int rate_table(struct rctx *x, int dev, const struct wk_facts *f)
{
	static const int col[3] = {1, 2, 0};	/* S/G, R/S, R/G */
	struct rtable t;
	struct rbuf wide[RTABLE_MAXCOLS], h, post, cap, note;
	unsigned seen = 0, gm;
	int j, v, rc = 0;
	size_t i;

	for (i = 0; i < RTABLE_MAXCOLS; i++)
		rbuf_init(&wide[i]);
	rbuf_init(&h);
	rbuf_init(&post);
	rbuf_init(&cap);
	rbuf_init(&note);
	rtable_init(&t, "rrSSSSSS");
	rtable_head(&t, "");
	rtable_head(&t, "");
	rtable_head_span(&t, WK_N, lang_get(x->L, "walkers.gsteps"));
	rtable_head_span(&t, 3, lang_get(x->L, "walkers.speedup"));
	rtable_head_end(&t);
	rtable_head(&t, lang_get(x->L, "walkers.walkers"));
	rtable_head(&t, lang_get(x->L, "walkers.steps"));
	for (v = 0; v < WK_N; v++)
		rtable_head(&t, lang_get(x->L, v == WK_GLOBAL ? "walkers.h_global"
					 : v == WK_SHARED ? "walkers.h_shared" :
					 "walkers.h_regs"));
	rtable_head(&t, lang_get(x->L, "walkers.h_sg"));
	rtable_head(&t, lang_get(x->L, "walkers.h_rs"));
	rtable_head(&t, lang_get(x->L, "walkers.h_rg"));
	rtable_head_end(&t);
	for (j = 0; j < f->np; j++) {
		const struct wk_point *p = &f->pt[j];
		const struct rcfg *c[WK_N];

		if (!j || f->pt[j - 1].w != p->w)
			rtable_gap(&t);
		gm = ~0u;
		for (v = 0; v < WK_N; v++) {
			c[v] = model_find_count(x, dev, WK_SUITE,
						wk_variants[v], NULL, p->w,
						p->s);
			if (rcfg_ok(c[v]))
				gm &= rcfg_marks(x, c[v]);
		}
		if (gm == ~0u)
			gm = 0;
		rbuf_free(&h);
		regime_marks(x, gm, &h);
		row_lead(&t, p, !j || f->pt[j - 1].w != p->w, rbuf_str(&h));
		for (v = 0; v < WK_N; v++) {
			if (cell_status(x, &t, c[v]))
				continue;
			rbuf_free(&post);
			regime_marks(x, rcfg_marks(x, c[v]) & ~gm, &post);
			mem_num(&t, gst(c[v]), -1, 0, rbuf_str(&post), wide);
			seen |= rcfg_regime(x, c[v]);
		}
		for (v = 0; v < 3; v++) {
			const struct rcmp *r = &p->step[col[v]];
			int grey = r->p >= 0 && !r->signif;
			int nt = isfinite(r->ratio) && r->p < 0;

			mem_num(&t, r->ratio, 2, grey, grey ? "\\nsmark" :
				nt ? "\\ntmark" : "", wide);
			x->notes_ns |= grey;
			x->notes_nt |= nt;
		}
		rtable_row_end(&t);
	}
	rc |= mem_caption(x, dev, WK_SUITE, NULL, VOCAB_METRIC_GSTEPS,
			  "walkers.table", NULL, &cap);
	rbuf_puts(&note, lang_get(x->L, "walkers.table_note"));
	mem_regime_note(x, seen, &note);
	if (!rc)
		rc = mem_table_emit(x, &t, wide, rbuf_str(&cap), "walkers",
				    dev, rbuf_str(&note));
	rtable_free(&t);
	for (i = 0; i < RTABLE_MAXCOLS; i++)
		rbuf_free(&wide[i]);
	rbuf_free(&h);
	rbuf_free(&post);
	rbuf_free(&cap);
	rbuf_free(&note);
	return rc;
}

/* ---- the statistics table ------------------------------------------------- */

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

static void stat_cells(struct rtable *t, const struct rcfg *c)
{
	rtable_num(t, rcfg_median(c, VOCAB_METRIC_WALK_MEAN), -3, 0);
	rtable_num(t, wk_z_mean(c), 2, 0);
	rtable_num(t, wk_var_ratio(c), 4, 0);
	rtable_num(t, wk_z_var(c), 2, 0);
}

static int stat_table(struct rctx *x, int dev, const struct wk_facts *f)
{
	struct rtable t;
	struct rbuf h, cap, dl, anc, sig;
	struct kv kv[2];
	int j, v, rows = 0, rc = 0;

	rbuf_init(&h);
	rbuf_init(&cap);
	rbuf_init(&dl);
	rbuf_init(&anc);
	rbuf_init(&sig);
	rtable_init(&t, "rrlSSSS");
	rtable_head(&t, lang_get(x->L, "walkers.walkers"));
	rtable_head(&t, lang_get(x->L, "walkers.steps"));
	rtable_head(&t, lang_get(x->L, "walkers.kernel"));
	rtable_head(&t, lang_get(x->L, "walkers.h_mean"));
	rtable_head(&t, "\\(z\\)");
	rtable_head(&t, lang_get(x->L, "walkers.h_var"));
	rtable_head(&t, "\\(z_{\\sigma^2}\\)");
	rtable_head_end(&t);
	for (j = 0; j < f->np; j++) {
		const struct wk_point *p = &f->pt[j];
		int same = stats_same(p), first = 1;

		if (!j || f->pt[j - 1].w != p->w)
			rtable_gap(&t);
		for (v = 0; v < WK_N; v++) {
			if (!isfinite(wk_z_var(p->c[v])))
				continue;
			row_lead(&t, p, first && (!j || f->pt[j - 1].w !=
						  p->w), "");
			rbuf_free(&h);
			if (same)
				rbuf_puts(&h, lang_get(x->L, "walkers.all"));
			else
				mem_variant(&h, wk_variants[v]);
			rtable_text(&t, rbuf_str(&h));
			stat_cells(&t, p->c[v]);
			rtable_row_end(&t);
			rows++;
			first = 0;
			if (same)
				break;
		}
	}
	dev_suffix(x, dev, &dl);
	find_num(&sig, WK_SIGMAS, 1);
	kv[0] = (struct kv){"DEV", rbuf_str(&dl)};
	kv[1] = (struct kv){"SIG", rbuf_str(&sig)};
	rc |= emit_string(x, &cap, "walkers.stat_table", kv, 2);
	rbuf_printf(&anc, "walkers-stat dev=%lld",
		    (long long)x->devs[dev]->id);
	rbuf_free(&h);
	rc |= emit_string(x, &h, "walkers.stat_note", kv, 2);
	if (rows && !rc)
		rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
				rbuf_str(&h));
	else if (!rows && !rc)
		emit_par(x, lang_get(x->L, "walkers.stat_none"));
	rtable_free(&t);
	rbuf_free(&h);
	rbuf_free(&cap);
	rbuf_free(&dl);
	rbuf_free(&anc);
	rbuf_free(&sig);
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
	for (j = 0; j < nl; j++)
		rbuf_free(&title[j]);
	return rc;
}

/* ---- findings ------------------------------------------------------------- */

/* One step of the chain: "5.2 times (p < 0.001)" or its kin. */
static void step_text(struct rctx *x, const struct rcmp *r, struct rbuf *b)
{
	struct rbuf rr, ps;
	struct kv v[2];
	char key[64];

	rbuf_init(&rr);
	rbuf_init(&ps);
	find_num(&rr, r->ratio, 3);
	mem_p(x, &ps, r);
	v[0] = (struct kv){"R", rbuf_str(&rr)};
	v[1] = (struct kv){"P", rbuf_str(&ps)};
	mem_key(key, sizeof(key), "find.wk.step", mem_word(r, 1));
	emit_string(x, b, key, v, 2);
	rbuf_free(&rr);
	rbuf_free(&ps);
}

static void find_chain(struct rctx *x, struct rfind *fd,
		       const struct wk_facts *f, const char *pre)
{
	const struct wk_point *p;
	struct rbuf a[11];
	struct kv v[12];
	int i;

	if (f->top < 0)
		return;
	p = &f->pt[f->top];
	for (i = 0; i < 11; i++)
		rbuf_init(&a[i]);
	wk_put_w(&a[0], p->w);
	rbuf_printf(&a[1], "\\num{%d}", p->s);
	for (i = 0; i < WK_N; i++)
		find_num(&a[2 + i], gst(p->c[i]), 4);
	step_text(x, &p->step[1], &a[5]);
	step_text(x, &p->step[2], &a[6]);
	find_num(&a[7], p->step[0].ratio, 3);
	/* times relative to global memory's, as lecture B's 1 : 0.19 :
	 * 0.14 */
	find_num(&a[8], gst(p->c[WK_GLOBAL]) / gst(p->c[WK_SHARED]), 2);
	find_num(&a[9], gst(p->c[WK_GLOBAL]) / gst(p->c[WK_REGS]), 2);
	v[0] = (struct kv){"DEV", pre};
	v[1] = (struct kv){"W", rbuf_str(&a[0])};
	v[2] = (struct kv){"S", rbuf_str(&a[1])};
	v[3] = (struct kv){"GG", rbuf_str(&a[2])};
	v[4] = (struct kv){"GS", rbuf_str(&a[3])};
	v[5] = (struct kv){"GR", rbuf_str(&a[4])};
	v[6] = (struct kv){"STEP1", rbuf_str(&a[5])};
	v[7] = (struct kv){"STEP2", rbuf_str(&a[6])};
	v[8] = (struct kv){"RG", rbuf_str(&a[7])};
	v[9] = (struct kv){"TS", rbuf_str(&a[8])};
	v[10] = (struct kv){"TR", rbuf_str(&a[9])};
	find_add(x, fd, "find.wk.chain", v, 9);
	rbuf_free(&a[10]);
	find_num(&a[10], lecture_s[WK_SHARED] / lecture_s[WK_GLOBAL], 2);
	v[1] = (struct kv){"LS", rbuf_str(&a[10])};
	rbuf_free(&a[0]);
	find_num(&a[0], lecture_s[WK_REGS] / lecture_s[WK_GLOBAL], 2);
	v[2] = (struct kv){"LR", rbuf_str(&a[0])};
	v[3] = (struct kv){"TS", rbuf_str(&a[8])};
	v[4] = (struct kv){"TR", rbuf_str(&a[9])};
	find_add(x, fd, "find.wk.lecture", v, 5);
	for (i = 0; i < 11; i++)
		rbuf_free(&a[i]);
}

static void findings_dev(struct rctx *x, struct rfind *fd,
			 const struct wk_facts *f, const char *pre)
{
	struct rbuf a[6];
	struct kv v[7];
	int i, j;

	for (i = 0; i < 6; i++)
		rbuf_init(&a[i]);
	v[0] = (struct kv){"DEV", pre};
	if (f->top < 0 && f->np)
		find_add(x, fd, "find.wk.nosteady", v, 1);
	find_chain(x, fd, f, pre);
	if (f->nchain > 1) {
		rbuf_printf(&a[0], "%d", f->nchain_ok);
		rbuf_printf(&a[1], "%d", f->nchain);
		v[1] = (struct kv){"K", rbuf_str(&a[0])};
		v[2] = (struct kv){"N", rbuf_str(&a[1])};
		find_add(x, fd, f->nchain_ok == f->nchain ?
			 "find.wk.chain_all" : "find.wk.chain_some", v, 3);
	}
	if (f->nstat) {
		for (i = 0; i < 6; i++)
			rbuf_free(&a[i]);
		rbuf_printf(&a[0], "%d", f->nstat);
		find_num(&a[1], f->zmax, 2);
		find_num(&a[2], f->vlo, 4);
		find_num(&a[3], f->vhi, 4);
		find_num(&a[4], WK_SIGMAS, 1);
		rbuf_printf(&a[5], "%d", f->zbad);
		v[1] = (struct kv){"N", rbuf_str(&a[0])};
		v[2] = (struct kv){"ZMAX", rbuf_str(&a[1])};
		v[3] = (struct kv){"VLO", rbuf_str(&a[2])};
		v[4] = (struct kv){"VHI", rbuf_str(&a[3])};
		v[5] = (struct kv){"SIG", rbuf_str(&a[4])};
		v[6] = (struct kv){"ZB", rbuf_str(&a[5])};
		find_add(x, fd, f->zbad || f->vbad ? "find.wk.stat_bad" :
			 "find.wk.stat_ok", v, 7);
		if (f->vbad) {
			rbuf_free(&a[5]);
			rbuf_printf(&a[5], "%d", f->vbad);
			v[6] = (struct kv){"VB", rbuf_str(&a[5])};
			find_add(x, fd, "find.wk.var_bad", v, 7);
		}
	}
	if (f->nver) {
		for (i = 0; i < 6; i++)
			rbuf_free(&a[i]);
		rbuf_printf(&a[0], "%d", f->nexact);
		rbuf_printf(&a[1], "%d", f->nver);
		v[1] = (struct kv){"K", rbuf_str(&a[0])};
		v[2] = (struct kv){"N", rbuf_str(&a[1])};
		find_add(x, fd, f->nexact == f->nver ? "find.wk.exact_all" :
			 "find.wk.exact_some", v, 3);
	}
	rbuf_free(&a[0]);
	for (j = 0; j < f->np; j++) {
		const struct wk_point *p = &f->pt[j];

		if (p->steady || !(p->c[0] || p->c[1] || p->c[2]))
			continue;
		if (a[0].len)
			rbuf_puts(&a[0], ", ");
		rbuf_printf(&a[0], "\\num{%lld}/\\num{%d}", p->w, p->s);
	}
	if (a[0].len) {
		v[1] = (struct kv){"LIST", rbuf_str(&a[0])};
		find_add(x, fd, "find.wk.nonsteady", v, 2);
	}
	for (i = 0; i < 6; i++)
		rbuf_free(&a[i]);
}

/* ---- the section ---------------------------------------------------------- */

static int part(struct rctx *x, int dev, struct rfind *fd)
{
	struct wk_facts f;
	char pre[32] = "";
	int rc;

	if (facts_walkers(x, dev, &f))
		return -1;
	rc = wk_figure(x, dev, &f);
	if (!rc)
		rc = rate_table(x, dev, &f);
	if (!rc)
		rc = stat_table(x, dev, &f);
	problems_list(x, dev, WK_SUITE, NULL);
	if (x->ndevs > 1)
		snprintf(pre, sizeof(pre), "GPU~%d: ", dev + 1);
	findings_dev(x, fd, &f, pre);
	return rc;
}

int sec_walkers(struct rctx *x)
{
	return mem_section(x, WK_SUITE, "walkers", part);
}
