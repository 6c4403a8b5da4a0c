/* The `ilp` suite (note J): copy bandwidth against array size for each
 * ILP, with the device-to-device memcpy and the theoretical peak as
 * references. Described for mem_run: its own figure (a log-log picture
 * per device, the L2 size marked) and table (each ILP's bandwidth at
 * each device's largest steady size beside the bytes its loads keep in
 * flight per SM, Little's law) through the draw hook, and findings from
 * facts_ilp, which the conclusions share. Every size's numbers are in
 * the generic appendix of all measurements. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* Lines of a figure: the copy kernels' ILPs, then the library copy. */
#define ILP_MAXCOLS 10
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

	nv = model_names(x, dev, VOCAB_SUITE_ILP, &vars);
	for (i = 0; i < nv; i++) {
		if (is_memcpy(vars[i]))
			continue;
		ncopy++;
		ni = model_ints(x, dev, VOCAB_SUITE_ILP, vars[i], 'i', &ilps);
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
			       ys + nc * nn, nn, peak);
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
static const struct figdevs ilp_figure = {ilp_picture, 13.0, 8.0, 8.0, 7.0,
					  "ilp.figure", "ilp-fig", 0};

/* ---- the table ----------------------------------------------------------- */

/* Each ILP (rows) at each device's largest steady size: per device
 * its bandwidth, share of the peak and the KiB its loads keep in
 * flight per SM; memcpy last. */
static int ilp_table(struct rctx *x, const struct mem_devs *d)
{
	struct mem_fv o[MEM_MAXD];
	struct ptable t;
	int *ilps = NULL, i, j, r, rc;
	size_t ni;

	devs_table_init(x, &t, (const char *const[]){"=", NULL},
			(const char *const[]){"ilp.h_gbs", "ilp.h_pct",
			"ilp.h_flight", NULL}, d->dev, d->nd);
	/* the rows: every device's ILPs, then memcpy */
	ni = model_ints(x, -1, VOCAB_SUITE_ILP, VOCAB_VARIANT_COPY_ILP,
			'i', &ilps);
	for (r = 0; r <= (int)ni; r++) {
		rbuf_free(&t.cell);
		if (r < (int)ni)
			rbuf_printf(&t.cell, "ILP~%d", ilps[r]);
		rtable_text(&t.t, r < (int)ni ? rbuf_str(&t.cell) :
			    lang_get(x->L, "ilp.memcpy"));
		for (i = 0; i < d->nd; i++) {
			const struct ilp_facts *g = d->f[i];

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
	for (i = 0; i < d->nd; i++)
		o[i].v[0] = ((const struct ilp_facts *)d->f[i])->n;
	mem_vals(x, &t.cell, o, d->nd, 0, "n");
	rc = emit_string(x, &t.cap, "ilp.table", &(struct kv){"N",
			 rbuf_str(&t.cell)}, 1);
	rbuf_puts(&t.note, lang_get(x->L, "ilp.table_note"));
	/* anchored by the first device: the table holds every one */
	return parts_table_emit(x, &t, rc, "ilp", d->dev[0]);
}

/* The figure, and the table where a device has a steady size. */
static int ilp_draw(struct rctx *x, const struct mem_devs *d)
{
	int i, rc = figpair_devs(x, &ilp_figure, d->dev, d->nd);

	for (i = 0; !rc && i < d->nd; i++)
		if (((const struct ilp_facts *)d->f[i])->n)
			return ilp_table(x, d);
	return rc;
}

/* ---- findings ------------------------------------------------------------ */

/* At the largest size in device memory: ILP 1 against the best ILP
 * (arg 0); why, by Little's law, the bytes in flight per SM against
 * latency x bandwidth (1); the memcpy against the best ILP (2). Each
 * string's names pick its numbers. */
static void find_best(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct ilp_facts *f = m->f;

	if (!f->n || (m->arg == 1 && !(isfinite(f->need) &&
	    isfinite(f->kibbest))) || (m->arg == 2 && !isfinite(f->gmem)))
		return;
	if (m->arg != 1)
		mem_fv_cmp(o, m->arg ? &f->cmpmem : &f->cmp, 1);
	if (m->arg == 1 || (!m->arg && !isfinite(f->g1)))
		o->tail = m->arg ? "why" : "best";
	snprintf(o->t, sizeof(o->t), "%d", f->best_ilp);
	MEM_V(o, f->n, f->gbest, f->pctbest, f->g1, f->pct1, f->gmem,
	      f->pctmem, f->threads1, f->kib1, f->kibbest, f->sms, f->lat_ns,
	      f->peak, f->need);
}

/* The fastest L2-resident point: the cache's bandwidth. */
static void find_l2(const struct mem_ctx *m, struct mem_fv *o)
{
	static const char *const tails[] = {"l2", "l2_over", "l2_stored",
					    "l2_stored_over"};
	const struct ilp_facts *f = m->f;
	const struct rcfg *c = f->l2_cfg;

	if (!c)
		return;
	o->tail = tails[2 * !isfinite(f->l2) + (isfinite(f->peak) &&
						 f->l2_gbs > f->peak)];
	if (is_memcpy(c->c->variant))
		snprintf(o->t, sizeof(o->t), "%s", lang_get(m->x->L,
			 "ilp.memcpy"));
	else
		snprintf(o->t, sizeof(o->t), "ILP~%d", c->c->ilp);
	MEM_V(o, ilp_count(c), f->l2, f->l2_gbs, f->peak);
}

/* The take-away: ILP 1 against the best ILP and the memcpy, over every
 * device. */
static void ilp_takeaway(struct rctx *x, const struct mem_devs *d)
{
	double p1[MEM_MAXD], pb[MEM_MAXD];
	const struct ilp_facts *f;
	struct dvs s = {NULL, NULL, d->nd, 0, NULL};
	struct fv v;
	int i;

	for (i = 0; i < d->nd; i++) {
		f = d->f[i];
		if (!isfinite(f->g1) || !isfinite(f->pctbest))
			return;
		p1[i] = f->pct1;
		pb[i] = f->pctbest;
	}
	fv_init(&v);
	dvs_num(x, &s, fv_put(&v, "P1"), p1, 2, 0);
	dvs_num(x, &s, fv_put(&v, "PB"), pb, 2, 0);
	fv_int(&v, "BEST", ((const struct ilp_facts *)d->f[0])->best_ilp);
	fv_par(x, "ilp.takeaway", &v);
	fv_free(&v);
}

static const struct mem_find ilp_find_spec[] = {
	{"find.ilp", "N:n GB:4 PB:3 G1:4 P1:3", find_best, 0},
	{"find.ilp", "-:- -:- -:- G1:4 -:- -:- -:- TH:1 K1:2 KB:2 SM:1 LAT:3 "
	 "PEAK:4 NEED:2", find_best, 1},
	{"find.ilp.memcpy", "-:- -:- -:- -:- -:- GM:4 PM:3", find_best, 2},
	{"find.ilp", "N:n L2:M G:4 PEAK:4", find_l2, 0},
};

/* The section: heading, introduction (or that the data hold none), the
 * figure, the table, the configurations that did not run, the findings
 * and the take-away. Returns 0, or -1 on a store or template error. */
MEM_SECTION(ilp, .suite = VOCAB_SUITE_ILP, .fsize = sizeof(struct ilp_facts),
	    .facts = facts_ilp, .find = ilp_find_spec,
	    .nfind = MEM_N(ilp_find_spec), .draw = ilp_draw,
	    .takeaway = ilp_takeaway)
