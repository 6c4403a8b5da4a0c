/* The `ilp` suite (note J): copy bandwidth against array size for each
 * ILP, with the device-to-device memcpy and the theoretical peak as
 * references. The main body holds one figure (a log-log picture per
 * device, the L2 size marked), one table at each device's largest steady
 * size that sets each ILP's bandwidth beside the bytes its loads keep in
 * flight per SM (Little's law), and findings computed by facts_ilp,
 * stated once where the devices agree. Every size's numbers are in the
 * generic appendix of all measurements. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* Lines of a figure: the copy kernels' ILPs, then the library copy. */
#define ILP_MAXCOLS 10
/* devices one section reports side by side */
#define ILP_MAXD 8
/* Figures: width and height [cm], one device or two side by side. */
#define ILP_FIG_W1 13.0
#define ILP_FIG_H1 8.0
#define ILP_FIG_W2 8.0
#define ILP_FIG_H2 7.0

struct ilp_col {
	const char *variant;
	int ilp;		/* -1: memcpy */
};

static int is_memcpy(const char *v)
{
	return !strcmp(v, VOCAB_VARIANT_MEMCPY);
}

/* The lines of device dev: every copy kernel's ILPs, then memcpy. */
static size_t cols_load(const struct rctx *x, int dev, struct ilp_col *col,
			int *several)
{
	const char **vars = NULL;
	int *ilps = NULL;
	size_t nv, i, j, ni, nc = 0, ncopy = 0;

	nv = model_names(x, dev, VOCAB_SUITE_ILP, NULL, 'v', &vars);
	for (i = 0; i < nv; i++) {
		if (is_memcpy(vars[i]))
			continue;
		ncopy++;
		ni = model_ints(x, dev, VOCAB_SUITE_ILP, vars[i], NULL, 'i',
				&ilps);
		for (j = 0; j < ni && nc < ILP_MAXCOLS - 1; j++)
			col[nc++] = (struct ilp_col){vars[i], ilps[j]};
		free(ilps);
		ilps = NULL;
	}
	for (i = 0; i < nv; i++)
		if (is_memcpy(vars[i]) && nc < ILP_MAXCOLS)
			col[nc++] = (struct ilp_col){vars[i], -1};
	*several = ncopy > 1;
	free(vars);
	return nc;
}

static void col_title(const struct rctx *x, const struct ilp_col *c,
		      int several, struct rbuf *b)
{
	if (is_memcpy(c->variant)) {
		rbuf_puts(b, lang_get(x->L, "ilp.memcpy"));
		return;
	}
	if (several) {
		rbuf_put_tex(b, c->variant, 0);
		rbuf_putc(b, ' ');
	}
	rbuf_printf(b, "ILP~%d", c->ilp);
}

/* ---- the figure ---------------------------------------------------------- */

/* Device dev's picture (plot_lines): a line per ILP and memcpy, the
 * peak dotted, the L2 size as a vertical grey line. Returns the figure
 * number, 0 when nothing can be drawn, -1 out of memory. */
static int ilp_picture(struct rctx *x, int dev, double w, double h)
{
	struct ilp_col col[ILP_MAXCOLS];
	struct pline l[ILP_MAXCOLS + 2];
	struct rbuf t[ILP_MAXCOLS + 2];
	struct pspec ps = {lang_get(x->L, "axis.count"),
			   lang_get(x->L, "axis.gbs"), 2, 10, 1, 0,
			   "bottom right", w, h};
	long long *ns = NULL;
	double *xs, *ys, l2x[2], l2y[2], lo = INFINITY, hi = 0, bpe = NAN;
	double peak = x->devs[dev]->peak_mem_gbs;
	size_t nn = ilp_counts(x, dev, NULL, &ns), nc, i, j, nl;
	int several, k = -1;

	nc = cols_load(x, dev, col, &several);
	xs = calloc(nn + 1, sizeof(*xs));
	ys = calloc((nc + 1) * (nn + 1), sizeof(*ys));
	rbufs_init(t, ILP_MAXCOLS + 2);
	if (!xs || !ys)
		goto out;
	for (i = 0; i < nn; i++)
		xs[i] = (double)ns[i];
	for (j = 0; j < nc; j++) {
		col_title(x, &col[j], several, &t[j]);
		for (i = 0; i < nn; i++) {
			const struct rcfg *c = ilp_find(x, dev, col[j].variant,
							ns[i], col[j].ilp);
			double v = rcfg_median(c, VOCAB_METRIC_GBS);

			ys[j * nn + i] = v > 0 ? v : NAN;
			if (v > 0) {
				lo = fmin(lo, v);
				hi = fmax(hi, v);
			}
			if (c && c->c->bytes > 0 && !isfinite(bpe))
				bpe = c->c->bytes / (double)ns[i];
		}
		l[j] = (struct pline){rbuf_str(&t[j]), xs, ys + j * nn, nn,
				      PL_LINE, is_memcpy(col[j].variant) ? 6 :
				      (int)j, (int)j};
	}
	nl = nc;
	if (peak > 0)
		plot_peak_fill(x, &l[nl++], &t[nc], "ilp.peak", xs,
			       ys + nc * nn, nn, peak, -1);
	/* the L2 size as the count of elements whose arrays fill it */
	l2x[0] = l2x[1] = ilp_l2_bytes(x, dev) / bpe;
	l2y[0] = lo / 1.5;
	l2y[1] = fmax(hi, peak) * 1.5;
	if (isfinite(l2x[0]) && isfinite(lo)) {
		rbuf_puts(&t[nc + 1], "{\\scriptsize L2: ");
		mem_mib(&t[nc + 1], ilp_l2_bytes(x, dev));
		rbuf_puts(&t[nc + 1], "}");
		l[nl++] = (struct pline){rbuf_str(&t[nc + 1]), l2x, l2y, 2,
					 PL_REF, -1, 0};
	}
	k = plot_lines(x, &ps, l, nl);
out:
	rbufs_free(t, ILP_MAXCOLS + 2);
	free(xs);
	free(ys);
	free(ns);
	return k;
}

/* One figure: a picture per device, two side by side. */
static int ilp_figure(struct rctx *x, const int *dv, int nd)
{
	struct figpair p;
	struct rbuf lab;
	struct kv v = {"DEV", ""};
	int i, k, rc;

	if (nd == 1) {
		k = ilp_picture(x, dv[0], ILP_FIG_W1, ILP_FIG_H1);
		return k < 0 ? -1 : emit_dev_figure(x, dv[0], k, "ilp.figure");
	}
	if (figpair_init(x, &p))
		return -1;
	rbuf_init(&lab);
	for (i = 0, rc = 0; i < nd && !rc; i++) {
		k = ilp_picture(x, dv[i], ILP_FIG_W2, ILP_FIG_H2);
		rbuf_free(&lab);
		dev_label(x, dv[i], &lab);
		rc = k < 0 ? -1 : figpair_add(x, &p, k, rbuf_str(&lab));
	}
	rbuf_free(&lab);
	if (!rc)
		rc = emit_string(x, &lab, "ilp.figure", &v, 1);
	if (!rc)
		rc = figpair_emit(x, &p, rbuf_str(&lab), "ilp-fig");
	rbuf_free(&lab);
	figpair_free(&p);
	return rc;
}

/* A placeholder of a finding: NAME from the field at off of each
 * device's facts, a double at sig figures, a count (sig 'n') or an
 * effect (sig 'e'). */
struct ilp_ph {
	const char *name;
	int sig;
	size_t off;
};
#define PH(name, sig, field) {name, sig, offsetof(struct ilp_facts, field)}
#define ILP_AT(i, type) (*(const type *)((const char *)&f[i] + p->off))

/* The placeholders p[] (up to a NULL name) of device one (>= 0), or of
 * the devices f[0..nd): doubles as find_devs_once writes them, counts in
 * math mode ("2^{31} / 2^{32}") once where they are equal, effects
 * each. */
static void put_ph(const struct rctx *x, struct fv *v,
		   const struct ilp_facts *f, int nd, int one,
		   const struct ilp_ph *p)
{
	double d[ILP_MAXD];
	struct rbuf *b;
	int i, same;

	for (; p->name; p++) {
		b = fv_put(v, p->name);
		for (i = 0, same = p->sig == 'n'; i < nd; i++) {
			d[i] = p->sig < 'e' ? ILP_AT(i, double) : 0;
			same &= p->sig != 'n' ||
				ILP_AT(i, long long) == ILP_AT(0, long long);
		}
		if (p->sig < 'e')
			find_devs_once(x, b, d, nd, one, p->sig);
		for (i = 0; i < nd && p->sig >= 'e'; i++) {
			if ((one >= 0 && i != one) || (one < 0 && same && i))
				continue;
			rbuf_puts(b, b->len ? lang_get(x->L, "find.devs.sep") :
				  "");
			if (p->sig == 'e')
				find_effect(x, b, &ILP_AT(i, struct rcmp), 0);
			else if (ILP_AT(i, long long) > 0)
				ilp_count_math(ILP_AT(i, long long), b);
			else
				rbuf_puts(b, "\\text{--}");
		}
	}
}
#undef ILP_AT

/* ---- the table ----------------------------------------------------------- */

/* Each ILP (rows) at each device's largest steady size: per device
 * its bandwidth, share of the peak and the KiB its loads keep in
 * flight per SM; memcpy last. */
static int ilp_table(struct rctx *x, const struct ilp_facts *f, int nd,
		     const int *dv)
{
	struct ptable t;
	struct fv v;
	int *ilps = NULL, i, j, r, rc;
	size_t ni;

	devs_table_init(x, &t, (const char *const[]){"=", NULL},
			(const char *const[]){"ilp.h_gbs", "ilp.h_pct",
			"ilp.h_flight", NULL}, dv, nd);
	/* the rows: every device's ILPs, then memcpy */
	ni = model_ints(x, -1, VOCAB_SUITE_ILP, VOCAB_VARIANT_COPY_ILP, NULL,
			'i', &ilps);
	for (r = 0; r <= (int)ni; r++) {
		rbuf_free(&t.cell);
		if (r < (int)ni)
			rbuf_printf(&t.cell, "ILP~%d", ilps[r]);
		rtable_text(&t.t, r < (int)ni ? rbuf_str(&t.cell) :
			    lang_get(x->L, "ilp.memcpy"));
		for (i = 0; i < nd; i++) {
			const struct ilp_facts *g = &f[i];

			for (j = 0; r < (int)ni && j < g->nilp &&
			     g->ilps[j] != ilps[r]; j++)
				;
			if (r == (int)ni || j == g->nilp) {
				rtable_num(&t.t, r < (int)ni ? NAN : g->gmem,
					   -4, 0);
				rtable_num(&t.t, r < (int)ni ? NAN : g->pctmem,
					   -3, 0);
				rtable_text(&t.t, "");
				continue;
			}
			rtable_num(&t.t, g->gilp[j], -4, 0);
			rtable_num(&t.t, g->pctilp[j], -3, 0);
			rtable_num(&t.t, g->inflight[j] / 1024, -2, 0);
		}
		rtable_row_end(&t.t);
	}
	free(ilps);
	fv_init(&v);
	put_ph(x, &v, f, nd, -1, (const struct ilp_ph[]){PH("N", 'n', n),
	       {NULL, 0, 0}});
	rc = fv_emit(x, &t.cap, "ilp.table", &v);
	fv_free(&v);
	rbuf_puts(&t.note, lang_get(x->L, "ilp.table_note"));
	/* anchored by the first device: the table holds every one */
	return parts_table_emit(x, &t, rc, "ilp", dv[0]);
}

/* ---- findings ------------------------------------------------------------ */

/* The devices that measured the suite and their facts. */
struct ilp_all {
	int nd, dv[ILP_MAXD];
	struct ilp_facts f[ILP_MAXD];
};

/* A finding of device one (>= 0) or, stated once, of every device. */
typedef void (*ilp_say)(struct rctx *x, struct rfind *fd,
			const struct ilp_all *a, int one, struct fv *v);

/* say(one) once where once is set, else for each device in turn with
 * its @@DEV@@. */
static void say_devs(struct rctx *x, struct rfind *fd, const struct ilp_all *a,
		     ilp_say say, int once)
{
	char pre[32] = "";
	struct fv v;
	int i;

	for (i = once ? -1 : 0; i < (once ? 0 : a->nd); i++) {
		fv_init(&v);
		if (i >= 0)
			dev_prefix(x, a->dv[i], pre, sizeof(pre));
		fv_str(&v, "DEV", pre);
		say(x, fd, a, i, &v);
		fv_free(&v);
	}
}

/* ILP 1 against the best ILP at the largest size in device memory. */
static void say_best(struct rctx *x, struct rfind *fd,
		     const struct ilp_all *a, int one, struct fv *v)
{
	static const struct ilp_ph ph[] = {
		PH("N", 'n', n), PH("GB", 4, gbest), PH("PB", 3, pctbest),
		PH("G1", 4, g1), PH("P1", 3, pct1), PH("EFF", 'e', cmp),
		{NULL, 0, 0}
	};
	const struct ilp_facts *f = &a->f[one < 0 ? 0 : one];
	char key[64] = "find.ilp.best";

	if (!f->n)
		return;
	put_ph(x, v, a->f, a->nd, one, ph);
	fv_int(v, "BEST", f->best_ilp);
	if (isfinite(f->g1))
		mem_key(key, sizeof(key), "find.ilp", mem_word(&f->cmp, 1));
	fv_find(x, fd, key, v);
}

/* Why, by Little's law: the bytes in flight per SM against latency x
 * bandwidth. */
static void say_why(struct rctx *x, struct rfind *fd,
		    const struct ilp_all *a, int one, struct fv *v)
{
	static const struct ilp_ph ph[] = {
		PH("T", 1, threads1), PH("K1", 2, kib1), PH("KB", 2, kibbest),
		PH("SM", 1, sms), PH("G1", 4, g1), PH("LAT", 3, lat_ns),
		PH("PEAK", 4, peak), PH("NEED", 2, need), {NULL, 0, 0}
	};
	const struct ilp_facts *f = &a->f[one < 0 ? 0 : one];

	if (!isfinite(f->need) || !isfinite(f->kibbest))
		return;
	fv_int(v, "BEST", f->best_ilp);
	put_ph(x, v, a->f, a->nd, one, ph);
	fv_find(x, fd, "find.ilp.why", v);
}

/* The memcpy against the best ILP there. */
static void say_memcpy(struct rctx *x, struct rfind *fd,
		       const struct ilp_all *a, int one, struct fv *v)
{
	static const struct ilp_ph ph[] = {PH("GM", 4, gmem),
		PH("PM", 3, pctmem), PH("EFF", 'e', cmpmem), {NULL, 0, 0}};
	const struct ilp_facts *f = &a->f[one < 0 ? 0 : one];
	char key[64];

	if (!f->n || !isfinite(f->gmem))
		return;
	fv_int(v, "BEST", f->best_ilp);
	put_ph(x, v, a->f, a->nd, one, ph);
	mem_key(key, sizeof(key), "find.ilp.memcpy", mem_word(&f->cmpmem, 1));
	fv_find(x, fd, key, v);
}

/* The fastest L2-resident point: the cache's bandwidth. */
static void say_l2(struct rctx *x, struct rfind *fd, const struct ilp_all *a,
		   int one, struct fv *v)
{
	const struct ilp_facts *f = &a->f[one < 0 ? 0 : one];
	const struct rcfg *c = f->l2_cfg;
	struct rbuf *nb = fv_put(v, "N"), *lb = fv_put(v, "L2");
	char key[64];
	int i, same = 1;

	if (!c)
		return;
	for (i = 0; i < a->nd; i++)
		same &= ilp_count(a->f[i].l2_cfg) == ilp_count(c) &&
			a->f[i].l2 == f->l2;
	for (i = 0; i < a->nd; i++) {
		if ((one >= 0 && i != one) || (one < 0 && same && i))
			continue;
		if (nb->len) {
			rbuf_puts(nb, lang_get(x->L, "find.devs.sep"));
			rbuf_puts(lb, lang_get(x->L, "find.devs.sep"));
		}
		ilp_count_math(ilp_count(a->f[i].l2_cfg), nb);
		if (isfinite(a->f[i].l2))
			mem_mib(lb, a->f[i].l2);
	}
	put_ph(x, v, a->f, a->nd, one, (const struct ilp_ph[]){
	       PH("G", 4, l2_gbs), PH("PEAK", 4, peak), {NULL, 0, 0}});
	if (is_memcpy(c->c->variant))
		fv_str(v, "WHO", lang_get(x->L, "ilp.memcpy"));
	else
		rbuf_printf(fv_put(v, "WHO"), "ILP~%d", c->c->ilp);
	snprintf(key, sizeof(key), "find.ilp.l2%s%s", isfinite(f->l2) ? "" :
		 "_stored", isfinite(f->peak) && f->l2_gbs > f->peak ?
		 "_over" : "");
	fv_find(x, fd, key, v);
}

/* The take-away: ILP 1 against the best ILP and the memcpy, over every
 * device. */
static void takeaway(struct rctx *x, const struct ilp_all *a)
{
	struct fv v;
	int i;

	for (i = 0; i < a->nd; i++)
		if (!isfinite(a->f[i].g1) || !isfinite(a->f[i].pctbest))
			return;
	fv_init(&v);
	put_ph(x, &v, a->f, a->nd, -1, (const struct ilp_ph[]){
	       PH("P1", 2, pct1), PH("PB", 2, pctbest), {NULL, 0, 0}});
	fv_int(&v, "BEST", a->f[0].best_ilp);
	fv_par(x, "ilp.takeaway", &v);
	fv_free(&v);
}

/* 1 when every device's facts give the same words for the finding of
 * say (the same best ILP, verdicts and points), so that it is stated
 * once. */
static int agree(const struct ilp_all *a, ilp_say say)
{
	const struct ilp_facts *f = a->f, *g;
	int i, same = 1;

	for (i = 1; i < a->nd; i++) {
		g = &a->f[i];
		same &= g->best_ilp == f->best_ilp && !g->n == !f->n;
		if (say == say_best)
			same &= mem_word(&g->cmp, 1) == mem_word(&f->cmp, 1) &&
				isfinite(g->g1) == isfinite(f->g1);
		if (say == say_why)
			same &= isfinite(g->need) == isfinite(f->need);
		if (say == say_memcpy)
			same &= mem_word(&g->cmpmem, 1) ==
				mem_word(&f->cmpmem, 1) &&
				isfinite(g->gmem) == isfinite(f->gmem);
		if (say == say_l2)
			same &= !g->l2_cfg == !f->l2_cfg && (!g->l2_cfg ||
				(is_memcpy(g->l2_cfg->c->variant) ==
				 is_memcpy(f->l2_cfg->c->variant) &&
				 g->l2_cfg->c->ilp == f->l2_cfg->c->ilp &&
				 (g->l2_gbs > g->peak) == (f->l2_gbs > f->peak)));
	}
	return same;
}

/* The section: heading, introduction (or that the data hold none), the
 * figure, the table, the configurations that did not run, the findings
 * and the take-away. Returns 0, or -1 on a store or template error. */
int sec_ilp(struct rctx *x)
{
	static const ilp_say says[] = {say_best, say_why, say_memcpy,
				       say_l2};
	struct ilp_all *a;
	struct rfind fd;
	size_t k;
	int d, rc = -1;

	emit_heading(x, 0, lang_get(x->L, "ilp.title"));
	if (!model_has_suite(x, -1, VOCAB_SUITE_ILP)) {
		emit_par(x, lang_get(x->L, "ilp.absent"));
		return 0;
	}
	emit_par(x, lang_get(x->L, "ilp.intro"));
	a = calloc(1, sizeof(*a));
	find_init(&fd);
	for (d = 0; a && d < (int)x->ndevs && a->nd < ILP_MAXD; d++)
		if (model_has_suite(x, d, VOCAB_SUITE_ILP)) {
			if (facts_ilp(x, d, &a->f[a->nd]))
				goto out;
			a->dv[a->nd++] = d;
		}
	if (!a || (rc = ilp_figure(x, a->dv, a->nd)))
		goto out;
	for (d = 0; d < a->nd && !a->f[d].n; d++)
		;
	if (d < a->nd)
		rc = ilp_table(x, a->f, a->nd, a->dv);
	for (d = 0; d < a->nd; d++)
		problems_list(x, a->dv[d], VOCAB_SUITE_ILP, NULL);
	for (k = 0; k < sizeof(says) / sizeof(says[0]); k++)
		say_devs(x, &fd, a, says[k], agree(a, says[k]));
	if (!rc)
		rc = find_emit(x, &fd);
	if (!rc)
		takeaway(x, a);
out:
	find_free(&fd);
	free(a);
	return rc;
}
