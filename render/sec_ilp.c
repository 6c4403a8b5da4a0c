/* The `ilp` suite (note J): copy bandwidth against array size for each
 * ILP, with the device-to-device memcpy and the theoretical peak as
 * references. The main body shows a log-log figure per device (the L2
 * size marked), a table of every other size with the median's interval
 * and regime marks, and findings computed by facts_ilp; the appendix
 * holds every size and the full statistics. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* Columns the tables and figures hold: the copy kernels' ILPs, then the
 * library copy. */
#define ILP_MAXCOLS 10
/* Variants side by side in one statistics table of the appendix. */
#define ILP_STATS_PER_TABLE 2
/* Figures: width and height [cm], one device or two side by side. */
#define ILP_FIG_W1 13.0
#define ILP_FIG_H1 8.0
#define ILP_FIG_W2 8.0
#define ILP_FIG_H2 7.0

struct ilp_col {
	const char *variant;
	int ilp;		/* -1: memcpy */
};

/* The rows and columns of device dev: sizes ascending. */
struct ilp_grid {
	struct ilp_col col[ILP_MAXCOLS];
	size_t nc;
	long long *sizes;	/* N of each measured size (ilp_counts) */
	size_t ns;
	int several;		/* more than one copy kernel */
	const char *only;	/* a part of a grid: this copy kernel's
				 * columns (and memcpy's); NULL whole */
};

static int is_memcpy(const char *v)
{
	return !strcmp(v, VOCAB_VARIANT_MEMCPY);
}

static void grid_free(struct ilp_grid *g)
{
	free(g->sizes);
	memset(g, 0, sizeof(*g));
}

static void grid_load(const struct rctx *x, int dev, struct ilp_grid *g)
{
	const char **vars = NULL;
	int *ilps = NULL;
	size_t nv, i, j, ni, ncopy = 0;

	memset(g, 0, sizeof(*g));
	nv = model_names(x, dev, VOCAB_SUITE_ILP, NULL, 'v', &vars);
	for (i = 0; i < nv; i++) {
		if (is_memcpy(vars[i]))
			continue;
		ncopy++;
		ni = model_ints(x, dev, VOCAB_SUITE_ILP, vars[i], NULL, 'i',
				&ilps);
		for (j = 0; j < ni && g->nc < ILP_MAXCOLS - 1; j++)
			g->col[g->nc++] = (struct ilp_col){vars[i], ilps[j]};
		free(ilps);
		ilps = NULL;
	}
	for (i = 0; i < nv; i++)
		if (is_memcpy(vars[i]) && g->nc < ILP_MAXCOLS)
			g->col[g->nc++] = (struct ilp_col){vars[i], -1};
	g->several = ncopy > 1;
	g->ns = ilp_counts(x, dev, NULL, &g->sizes);
	free(vars);
}

static const struct rcfg *grid_cfg(const struct rctx *x, int dev,
				   const struct ilp_grid *g, size_t col,
				   size_t row)
{
	return ilp_find(x, dev, g->col[col].variant, g->sizes[row],
			g->col[col].ilp);
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

/* The regime bits every measured cell of row shares: marked once, on
 * the size. */
static unsigned row_marks(const struct rctx *x, int dev,
			  const struct ilp_grid *g, size_t row)
{
	const struct rcfg *c[ILP_MAXCOLS];
	size_t j;

	for (j = 0; j < g->nc; j++)
		c[j] = grid_cfg(x, dev, g, j, row);
	return mem_marks_shared(x, c, g->nc);
}

/* Sig significant figures of |v| as \num (the language's decimal
 * marker). */
static void num_put(struct rbuf *b, double v, int sig)
{
	char s[64];

	render_sig_format(v, sig, s, sizeof(s));
	rbuf_printf(b, "\\num{%s}", s);
}

/* What follows a median in its cell: the distances from it to the
 * upper and lower end of its interval (\\num arguments, "" without an
 * interval) and the regime marks the row label does not carry. */
struct post_parts {
	char up[32], dn[32], mk[96];
};

/* Appends the text of p, compact: "{${}^{+6}_{-11}$}" (braced: siunitx
 * sets it as text after the number), then the marks. */
static void post_put(const struct post_parts *p, struct rbuf *b)
{
	if (p->up[0] || p->dn[0])
		rbuf_printf(b, "{${}^{+\\num{%s}}_{-\\num{%s}}$}",
			    p->up[0] ? p->up : "0", p->dn[0] ? p->dn : "0");
	rbuf_puts(b, p->mk);
}

/* The parts that follow c's median *med in its cell. *ci is set when
 * there is an interval. -1 when the store fails. */
static int cell_post(struct rctx *x, const struct rcfg *c, unsigned rowm,
		     double *med, struct post_parts *p, int *ci)
{
	struct rbuf mk;
	double lo, hi;

	*med = NAN;
	memset(p, 0, sizeof(*p));
	if (!rcfg_ok(c))
		return 0;
	if (rcfg_median_ci(x, c, VOCAB_METRIC_GBS, med, &lo, &hi))
		return isfinite(*med) ? -1 : 0;
	if (isfinite(lo) && isfinite(hi)) {
		render_sig_format(hi - *med, 2, p->up, sizeof(p->up));
		render_sig_format(*med - lo, 2, p->dn, sizeof(p->dn));
		*ci = 1;
	}
	rbuf_init(&mk);
	regime_marks(x, rcfg_marks(x, c) & ~rowm, &mk);
	snprintf(p->mk, sizeof(p->mk), "%s", rbuf_str(&mk));
	rbuf_free(&mk);
	return 0;
}

/* Widens w, the room a column keeps after its numbers, to hold p: each
 * part where it is longer (the interval's figures stack, so the wider
 * of the two sets the width), so that the room holds the widest of
 * each even where no one cell has all three. */
static void post_widen(struct post_parts *w, const struct post_parts *p)
{
	if (strlen(p->up) > strlen(w->up))
		memcpy(w->up, p->up, sizeof(w->up));
	if (strlen(p->dn) > strlen(w->dn))
		memcpy(w->dn, p->dn, sizeof(w->dn));
	if (strlen(p->mk) > strlen(w->mk))
		memcpy(w->mk, p->mk, sizeof(w->mk));
}

/* The header of a bandwidth table: N, then one column per variant. */
static void grid_head(const struct rctx *x, const struct ilp_grid *g,
		      struct rtable *t)
{
	struct rbuf h;
	size_t j;

	rbuf_init(&h);
	rtable_head(t, "\\(N\\)");
	for (j = 0; j < g->nc; j++) {
		rbuf_free(&h);
		col_title(x, &g->col[j], g->several, &h);
		rtable_head(t, rbuf_str(&h));
	}
	rtable_head_end(t);
	rbuf_free(&h);
}

/* Which rows the main body shows: every other size counted down from
 * the largest, and the sizes the findings name. */
static void rows_pick(const struct rctx *x, int dev, const struct ilp_grid *g,
		      const struct ilp_facts *f, char *keep)
{
	size_t i;

	for (i = 0; i < g->ns; i++) {
		long long n = g->sizes[i];

		keep[i] = (g->ns - 1 - i) % 2 == 0 || n == f->n ||
			  n == f->plateau_n || n == ilp_count(f->l2_cfg);
	}
}

/* The bandwidth table of device dev: every size (all) or the main
 * body's choice, with a last row of % of peak at the largest steady
 * size. */
static int grid_table(struct rctx *x, int dev, const struct ilp_grid *g,
		      const struct ilp_facts *f, int all);

/* grid_table for every copy kernel of g apart, each with memcpy's
 * column, when g holds several; else for g whole. */
static int grid_tables(struct rctx *x, int dev, const struct ilp_grid *g,
		       const struct ilp_facts *f, int all)
{
	struct ilp_grid part;
	size_t i, j;
	int rc = 0;

	if (!g->several)
		return grid_table(x, dev, g, f, all);
	for (i = 0; i < g->nc && !rc; i++) {
		if (g->col[i].ilp < 0 ||
		    (i && !strcmp(g->col[i - 1].variant, g->col[i].variant)))
			continue;
		part = *g;
		part.nc = 0;
		part.only = g->col[i].variant;
		for (j = 0; j < g->nc; j++)
			if (g->col[j].ilp < 0 ||
			    !strcmp(g->col[j].variant, part.only))
				part.col[part.nc++] = g->col[j];
		rc = grid_table(x, dev, &part, f, all);
	}
	return rc;
}

/* The rows of the sizes kept (keep[]) in m: each size with the marks
 * its row shares, each cell's median and what follows it, the room each
 * column keeps for that. *ci gets whether an interval was written. -1
 * when the store fails. */
static int grid_rows(struct rctx *x, int dev, const struct ilp_grid *g,
		     const char *keep, struct mem_tab *m, int *ci)
{
	struct rtable *t = &m->t;
	struct post_parts parts[ILP_MAXCOLS] = { 0 }, p;
	struct rbuf lab;
	size_t i, j;
	int rc = 0;
	double med;

	rbuf_init(&lab);
	for (i = 0; i < g->ns && !rc; i++) {
		unsigned rowm = row_marks(x, dev, g, i);

		if (!keep[i])
			continue;
		rbuf_free(&lab);
		ilp_count_tex(g->sizes[i], &lab);
		regime_marks(x, rowm, &lab);
		rtable_text(t, rbuf_str(&lab));
		for (j = 0; j < g->nc && !rc; j++) {
			const struct rcfg *c = grid_cfg(x, dev, g, j, i);

			rc = cell_post(x, c, rowm, &med, &p, ci);
			if (cell_status(x, t, c))
				continue;
			rtable_num(t, med, -1, 0);
			/* the text after the number, inside its cell */
			post_put(&p, &t->body);
			post_widen(&parts[j], &p);
			rbuf_free(&m->wide[j + 1]);
			post_put(&parts[j], &m->wide[j + 1]);
			m->seen |= rcfg_regime(x, c);
		}
		rtable_row_end(t);
	}
	rbuf_free(&lab);
	return rc;
}

/* The last row, % of peak: only at the largest size in device memory.
 * Returns 1 when it was written. */
static int grid_pct_row(struct rctx *x, int dev, const struct ilp_grid *g,
			const struct ilp_facts *f, struct rtable *t)
{
	size_t j;

	if (!f->n || !isfinite(f->peak))
		return 0;
	rbuf_puts(&t->body, "\\midrule\n");
	rtable_text(t, lang_get(x->L, "ilp.pct_row"));
	for (j = 0; j < g->nc; j++) {
		const struct rcfg *c = ilp_find(x, dev, g->col[j].variant,
						f->n, g->col[j].ilp);

		if (rcfg_steady(x, c))
			rtable_num(t, ilp_pct_peak(x, dev, rcfg_median(c,
				   VOCAB_METRIC_GBS)), 1, 0);
		else
			rtable_text(t, "--");
	}
	rtable_row_end(t);
	return 1;
}

/* The caption and the note of a bandwidth table: every size or not
 * (every), an interval written (ci), the % of peak row (pct); the
 * regimes follow from mem_tab_end. Returns 0 or -1 (template error). */
static int grid_caption(struct rctx *x, int dev, const struct ilp_facts *f,
			int every, int ci, int pct, struct rbuf *cap,
			struct rbuf *note)
{
	struct fv v;
	int rc;

	fv_init(&v);
	dev_suffix(x, dev, fv_put(&v, "DEV"));
	sample_range(x, dev, VOCAB_SUITE_ILP, NULL, VOCAB_METRIC_GBS,
		     "word.samples_of", fv_put(&v, "SAMPLES"));
	/* dropped with its sentence where the appendix is not written */
	fv_str(&v, "APP", every ? "" : lang_get(x->L, "ilp.table_app"));
	rc = fv_emit(x, cap, every ? "ilp.table_all" : "ilp.table", &v);
	rc |= emit_string(x, note, ci ? "ilp.table_note" :
			  "ilp.table_note_none", NULL, 0);
	fv_free(&v);
	if (pct) {
		fv_num(&v, "PEAK", f->peak, 4);
		ilp_count_math(f->n, fv_put(&v, "N"));
		rbuf_putc(note, ' ');
		rc |= fv_emit(x, note, "ilp.pct_note", &v);
		fv_free(&v);
	}
	return rc;
}

static int grid_table(struct rctx *x, int dev, const struct ilp_grid *g,
		      const struct ilp_facts *f, int all)
{
	char kinds[ILP_MAXCOLS + 2], more[96], *keep = calloc(g->ns + 1, 1);
	struct mem_tab m;
	size_t i;
	int rc = -1, ci = 0, every = 1, pct;

	memset(kinds, 'S', sizeof(kinds));
	kinds[0] = 'l';
	kinds[1 + g->nc] = '\0';
	mem_tab_init(&m, kinds);
	if (!keep)
		goto out;
	if (all)
		memset(keep, 1, g->ns);
	else
		rows_pick(x, dev, g, f, keep);
	/* a short sweep keeps every size: the caption says so */
	for (i = 0; i < g->ns; i++)
		every &= keep[i];
	grid_head(x, g, &m.t);
	if (grid_rows(x, dev, g, keep, &m, &ci))
		goto out;
	pct = grid_pct_row(x, dev, g, f, &m.t);
	rc = grid_caption(x, dev, f, every, ci, pct, &m.cap, &m.note);
	/* one table per copy kernel when there are several (own kernels
	 * beside copy_ilp): their columns side by side would not fit */
	snprintf(more, sizeof(more), "variant=%s", g->only ? g->only : "");
	m.more = g->only ? more : NULL;
out:
	free(keep);
	return mem_tab_end(x, &m, dev, all ? "ilp-all" : "ilp", 1, rc);
}

/* ---- figures ------------------------------------------------------------ */

/* The axis of a figure of width w [cm] keeps about this much for the y
 * axis's tics and label and the right margin. */
#define ILP_FIG_MARGIN_CM 2.0
/* The least room [cm] between two tic labels of counts written out. */
#define ILP_TIC_GAP_CM 0.15

static int is_pow2(long long n)
{
	return n > 0 && !(n & (n - 1));
}

/* A tic label's width [cm] at \scriptsize, roughly: a digit is half an
 * em (0.14 cm), a thin space between digit groups a third of that, an
 * exponent's digit 0.1 cm. */
static double tic_width_cm(long long n)
{
	char d[32];
	int len = snprintf(d, sizeof(d), "%lld", n), k = 0;

	if (is_pow2(n)) {
		while ((1LL << k) < n)
			k++;
		return 0.14 + (k < 10 ? 0.1 : 0.2);
	}
	return 0.14 * len + (len >= 5 ? 0.05 * ((len - 1) / 3) : 0);
}

/* Which of the figure's tics (sizes counted from the largest down)
 * carry a label: lab[i] for sizes[ns - 1 - i]. A sweep of powers of
 * two, note J's and the default, labels every other one. Counts
 * written out are wider and two may lie close (1000001 beside 2^20):
 * then a label goes wherever it clears the last one written, by their
 * estimated widths on an axis of span doublings over w cm. */
static void tics_pick(const struct ilp_grid *g, double w, double span,
		      char *lab)
{
	double per = span > 0 ? (w - ILP_FIG_MARGIN_CM) / span : 1e9;
	long long last = 0;
	size_t i;
	int pow2 = 1;

	for (i = 0; i < g->ns; i++)
		pow2 &= is_pow2(g->sizes[i]);
	for (i = 0; i < g->ns; i++) {
		long long n = g->sizes[g->ns - 1 - i];

		if (pow2)
			lab[i] = i % 2 == 0;
		else
			lab[i] = !last || per * log2((double)last / n) >=
				 (tic_width_cm(last) + tic_width_cm(n)) / 2 +
				 ILP_TIC_GAP_CM;
		if (lab[i])
			last = n;
	}
}

/* What a figure of g spans: the medians lo..hi (hi up to the peak), the
 * sizes nmin..nmax, the bytes each element moves (read and written;
 * NAN unknown). */
struct fig_box {
	double lo, hi, nmin, nmax, bpe;
};

/* Fills *b for device dev. Returns 0 when g has no point to draw. */
static int fig_box_fill(const struct rctx *x, int dev,
			const struct ilp_grid *g, struct fig_box *b)
{
	double peak = x->devs[dev]->peak_mem_gbs;
	size_t i, j;

	*b = (struct fig_box){INFINITY, -INFINITY, 0, 0, NAN};
	for (i = 0; i < g->ns; i++)
		for (j = 0; j < g->nc; j++) {
			const struct rcfg *c = grid_cfg(x, dev, g, j, i);
			double v = rcfg_median(c, VOCAB_METRIC_GBS);
			double n = (double)ilp_count(c);

			if (!(v > 0) || !(n > 0))
				continue;
			b->lo = fmin(b->lo, v);
			b->hi = fmax(b->hi, v);
			b->nmin = b->nmin > 0 ? fmin(b->nmin, n) : n;
			b->nmax = fmax(b->nmax, n);
			if (!isfinite(b->bpe) && c->c->bytes > 0)
				b->bpe = c->c->bytes / n;
		}
	if (peak > 0)
		b->hi = fmax(b->hi, peak);
	return isfinite(b->lo);
}

/* LaTeX as a gnuplot string in \scriptsize, quotes included. */
static void gp_small(struct rbuf *s, const char *latex)
{
	rbuf_puts(s, "'{\\scriptsize ");
	rbuf_put_gp(s, latex);
	rbuf_puts(s, "}'");
}

/* A tic at every size measured, a label where tics_pick says; 0, or
 * -1 out of memory (the script is marked so). */
static int fig_xtics(const struct ilp_grid *g, double w,
		     const struct fig_box *b, struct rbuf *s)
{
	char *lab = calloc(g->ns + 1, 1);
	struct rbuf t;
	size_t i;

	if (!lab) {
		s->oom = 1;	/* reported by plot_finish */
		return -1;
	}
	tics_pick(g, w, log2(b->nmax * 1.2 / (b->nmin / 1.2)), lab);
	rbuf_init(&t);
	rbuf_puts(s, "set xtics (");
	for (i = 0; i < g->ns; i++) {
		long long n = g->sizes[g->ns - 1 - i];

		rbuf_free(&t);
		ilp_count_tex(n, &t);
		rbuf_puts(s, i ? ", " : "");
		if (lab[i])
			gp_small(s, rbuf_str(&t));
		else
			rbuf_puts(s, "''");
		rbuf_printf(s, " %lld", n);
	}
	rbuf_puts(s, ")\n");
	rbuf_free(&t);
	free(lab);
	return 0;
}

/* The L2 size of device dev as the count of elements that fill it, a
 * label and the datablock $F<k>V of a vertical line there; NAN (and
 * nothing written) when the size or the bytes per element are
 * unknown. */
static double fig_l2(struct rctx *x, int dev, int k, const struct fig_box *b)
{
	struct rbuf *s = &x->plot.script, t;
	double l2 = ilp_l2_bytes(x, dev), nl2;

	if (!isfinite(l2) || !(b->bpe > 0))
		return NAN;
	nl2 = l2 / b->bpe;
	rbuf_init(&t);
	rbuf_puts(&t, "L2: ");
	mem_mib(&t, l2);
	rbuf_puts(s, "set label ");
	gp_small(s, rbuf_str(&t));
	rbuf_printf(s, " at %.17g, graph 0.45 right offset -0.3, 0\n", nl2);
	/* the line as data: pict2e draws no dashed arrows */
	rbuf_printf(s, "$F%dV << EOD\n%.17g %.17g\n%.17g %.17g\nEOD\n", k,
		    nl2, b->lo / 1.5, nl2, b->hi * 1.6);
	rbuf_free(&t);
	return nl2;
}

/* The plot command: a line per column, the peak, the L2 line. */
static void fig_plot(struct rctx *x, int dev, const struct ilp_grid *g,
		     int k, double nl2)
{
	/* gnuplot point types: plus, cross, star, open square, circle */
	static const int pts[] = {1, 2, 3, 4, 6};
	struct rbuf *s = &x->plot.script, t;
	double peak = x->devs[dev]->peak_mem_gbs;
	size_t j;

	rbuf_init(&t);
	rbuf_puts(s, "plot ");
	for (j = 0; j < g->nc; j++) {
		int mem = is_memcpy(g->col[j].variant);

		rbuf_free(&t);
		col_title(x, &g->col[j], g->several, &t);
		rbuf_printf(s, "%s$F%dL%zu using 1:2 with linespoints lc rgb "
			    "'%s' pt %d title ", j ? ", \\\n  " : "", k, j,
			    plot_color(mem ? 6 : (int)j), mem ? 7 :
			    pts[j % (sizeof(pts) / sizeof(pts[0]))]);
		gp_small(s, rbuf_str(&t));
	}
	if (peak > 0) {
		rbuf_free(&t);
		rbuf_printf(&t, "%s ", lang_get(x->L, "ilp.peak"));
		num_put(&t, peak, 4);
		rbuf_printf(s, ", \\\n  %.17g with lines lc rgb '#606060' "
			    "dt 3 lw 1.5 title ", peak);
		gp_small(s, rbuf_str(&t));
	}
	if (isfinite(nl2))
		rbuf_printf(s, ", \\\n  $F%dV using 1:2 with lines lc rgb "
			    "'#606060' dt 2 lw 1 notitle", k);
	rbuf_puts(s, "\n");
	rbuf_free(&t);
}

/* The log-log figure of device dev: bandwidth against N, a line per
 * column, the peak dotted, the L2 size as a dashed vertical line. Every
 * measured N has a tic, some a label (tics_pick). Returns the figure
 * number, 0 when nothing can be drawn. */
static int grid_figure(struct rctx *x, int dev, const struct ilp_grid *g,
		       double w, double h)
{
	struct rbuf *s = &x->plot.script;
	struct fig_box b;
	size_t i, j;
	double nl2;
	int k;

	if (!fig_box_fill(x, dev, g, &b))
		return 0;
	k = plot_begin(x, w, h);
	rbuf_puts(s, "set xlabel '");
	rbuf_put_gp(s, lang_get(x->L, "axis.count"));
	rbuf_puts(s, "'\nset ylabel '");
	rbuf_put_gp(s, lang_get(x->L, "axis.gbs"));
	rbuf_puts(s, "'\nset logscale x 2\nset logscale y 10\n"
		  "set format y '%g'\nset pointsize 0.45\n");
	/* a margin of a quarter of a power of two each side */
	rbuf_printf(s, "set xrange [%.17g:%.17g]\n", b.nmin / 1.2,
		    b.nmax * 1.2);
	rbuf_printf(s, "set yrange [%.17g:%.17g]\n", b.lo / 1.5, b.hi * 1.6);
	if (fig_xtics(g, w, &b, s))
		return k;
	nl2 = fig_l2(x, dev, k, &b);
	/* the lines rise from bottom left to top right: the bottom right
	 * corner, beside the device-memory sizes, is free */
	rbuf_puts(s, "set key bottom right Left reverse samplen 1.2 "
		  "spacing 0.9 width -4\n");
	for (j = 0; j < g->nc; j++) {
		rbuf_printf(s, "$F%dL%zu << EOD\n", k, j);
		for (i = 0; i < g->ns; i++) {
			const struct rcfg *c = grid_cfg(x, dev, g, j, i);
			double v = rcfg_median(c, VOCAB_METRIC_GBS);

			if (v > 0)
				rbuf_printf(s, "%lld %.17g\n", ilp_count(c), v);
		}
		rbuf_puts(s, "EOD\n");
	}
	fig_plot(x, dev, g, k, nl2);
	return k;
}

/* The figure of one device alone, or of two side by side (devs[1] <
 * 0: one), whose pictures p collects. */
static int figure_emit(struct rctx *x, const int *devs, struct figpair *p)
{
	struct rbuf cap, lab;
	struct ilp_grid g;
	int ks[2] = {0, 0}, nd = devs[1] < 0 ? 1 : 2, i, rc;
	struct kv v;

	for (i = 0; i < nd; i++) {
		grid_load(x, devs[i], &g);
		ks[i] = grid_figure(x, devs[i], &g,
				    nd > 1 ? ILP_FIG_W2 : ILP_FIG_W1,
				    nd > 1 ? ILP_FIG_H2 : ILP_FIG_H1);
		grid_free(&g);
	}
	if (nd == 1)
		return emit_dev_figure(x, devs[0], ks[0], "ilp.figure");
	if (!ks[0] && !ks[1])
		return 0;	/* no point to draw */
	rbuf_init(&cap);
	rbuf_init(&lab);
	v = (struct kv){"DEV", ""};
	rc = emit_string(x, &cap, "ilp.figure", &v, 1);
	for (i = 0; i < nd; i++) {
		rbuf_free(&lab);
		dev_label(x, devs[i], &lab);
		rc |= figpair_add(x, p, ks[i], rbuf_str(&lab));
	}
	rc |= figpair_emit(x, p, rbuf_str(&cap), "ilp-fig dev=%lld,%lld",
			   (long long)x->devs[devs[0]]->id,
			   (long long)x->devs[devs[1]]->id);
	rbuf_free(&p->pics);
	rbuf_free(&cap);
	rbuf_free(&lab);
	return rc;
}

/* The figures of every device that measured the suite: two side by
 * side per figure, a last odd one alone at full width. */
static int figures_emit(struct rctx *x)
{
	int devs[2] = {-1, -1}, nd = 0, d, rc = 0;
	struct figpair p;

	if (figpair_init(x, &p))
		return -1;
	for (d = 0; d < (int)x->ndevs && !rc; d++) {
		if (!model_has_suite(x, d, VOCAB_SUITE_ILP))
			continue;
		devs[nd++] = d;
		if (nd < 2)
			continue;
		rc = figure_emit(x, devs, &p);
		devs[0] = devs[1] = -1;
		nd = 0;
	}
	if (nd && !rc)
		rc = figure_emit(x, devs, &p);
	figpair_free(&p);
	return rc;
}

/* ---- findings ----------------------------------------------------------- */

/* "3013~GB/s (90\,\% of peak)", or without the share when the device
 * has no peak. */
static void gbs_text(struct rctx *x, struct rbuf *b, double g, double pct)
{
	struct fv v;

	fv_init(&v);
	fv_num(&v, "GBS", g, 4);
	find_pct(fv_put(&v, "PCT"), pct, 3);
	fv_emit(x, b, isfinite(pct) ? "ilp.gbs_pct" : "ilp.gbs", &v);
	fv_free(&v);
}

/* The findings of device dev: at the largest steady size ILP 1 against
 * the best ILP, then the memcpy against that ILP; from which size the
 * best ILP stays near its bandwidth there (nothing when no smaller size
 * in device memory was measured); the fastest L2-resident point, stated
 * as the cache's bandwidth. */
static void findings_dev(struct rctx *x, struct rfind *fd,
			 const struct ilp_facts *f, int dev)
{
	const struct rcfg *c = f->l2_cfg;
	char key[64] = "find.ilp.best", pre[32];
	struct rbuf *b;
	struct fv v;

	fv_init(&v);
	dev_prefix(x, dev, pre, sizeof(pre));
	fv_str(&v, "DEV", pre);
	fv_int(&v, "BEST", f->best_ilp);
	if (f->n) {
		ilp_count_math(f->n, fv_put(&v, "N"));
		gbs_text(x, fv_put(&v, "GB"), f->gbest, f->pctbest);
		fv_put(&v, "G1");
		fv_put(&v, "P");
		if (isfinite(f->g1)) {
			gbs_text(x, fv_put(&v, "G1"), f->g1, f->pct1);
			mem_p(x, fv_put(&v, "P"), &f->cmp);
			/* the words follow the test, the direction the
			 * medians */
			mem_key(key, sizeof(key), "find.ilp",
				mem_word(&f->cmp, 1));
		}
		fv_find(x, fd, key, &v);
	}
	if (f->n && isfinite(f->gmem)) {
		gbs_text(x, fv_put(&v, "GM"), f->gmem, f->pctmem);
		mem_p(x, fv_put(&v, "P"), &f->cmpmem);
		mem_key(key, sizeof(key), "find.ilp.memcpy",
			mem_word(&f->cmpmem, 1));
		fv_find(x, fd, key, &v);
	}
	if (f->plateau_n && (f->plateau_n != f->n || f->plateau_short)) {
		ilp_count_math(f->plateau_n, fv_put(&v, "N"));
		fv_num(&v, "G", f->gbest, 4);
		fv_num(&v, "GN", rcfg_median(f->plateau_at,
					      VOCAB_METRIC_GBS), 4);
		find_pct(fv_put(&v, "TOL"), f->tol_pct, 2);
		fv_find(x, fd, f->plateau_n < f->n ? "find.ilp.plateau" :
			"find.ilp.plateau_top", &v);
	}
	if (c) {
		ilp_count_math(ilp_count(c), fv_put(&v, "N"));
		fv_num(&v, "G", f->l2_gbs, 4);
		if (is_memcpy(c->c->variant))
			fv_str(&v, "WHO", lang_get(x->L, "ilp.memcpy"));
		else
			rbuf_printf(fv_put(&v, "WHO"), "ILP~%d", c->c->ilp);
		b = fv_put(&v, "L2");
		if (isfinite(f->l2))
			mem_mib(b, f->l2);
		fv_num(&v, "PEAK", f->peak, 4);
		/* over the memory's peak: the number cannot be the memory's */
		snprintf(key, sizeof(key), "find.ilp.l2%s%s",
			 isfinite(f->l2) ? "" : "_stored", isfinite(f->peak) &&
			 f->l2_gbs > f->peak ? "_over" : "");
		fv_find(x, fd, key, &v);
	}
	fv_free(&v);
}

/* ---- sections ----------------------------------------------------------- */

static int main_part(struct rctx *x, int dev, struct rfind *fd)
{
	struct ilp_facts f;
	struct ilp_grid g;
	int d, rc;

	/* the figures of every device lead, before the first one's table */
	for (d = 0; d < dev && !model_has_suite(x, d, VOCAB_SUITE_ILP); d++)
		;
	if (d == dev && (rc = figures_emit(x)))
		return rc;
	if (facts_ilp(x, dev, &f))
		return -1;
	grid_load(x, dev, &g);
	rc = grid_tables(x, dev, &g, &f, 0);
	grid_free(&g);
	findings_dev(x, fd, &f, dev);
	return rc;
}

/* The main body: the kernel and metric, the figures, a table per
 * device, the findings. */
int sec_ilp(struct rctx *x)
{
	return mem_section(x, VOCAB_SUITE_ILP, "ilp", main_part);
}

/* A right-aligned number of sig significant figures: the statistics
 * span four decades, where decimal alignment would waste the width. */
static void num_cell(struct rtable *t, double v, int sig)
{
	struct rbuf b;

	rbuf_init(&b);
	num_put(&b, v, sig);
	rtable_text(t, rbuf_str(&b));
	rbuf_free(&b);
}

/* The two header rows of a statistics table of the columns from..to. */
static void stats_head(const struct rctx *x, const struct ilp_grid *g,
		       size_t from, size_t to, struct rtable *t)
{
	static const char *const sk[] = {"stat.min", "stat.max", "stat.avg",
					 "stat.median", "stat.stddev"};
	struct rbuf h;
	size_t j, s;

	rbuf_init(&h);
	rtable_head(t, "");
	for (j = from; j < to; j++) {
		rbuf_free(&h);
		col_title(x, &g->col[j], g->several, &h);
		rtable_head_span(t, 6, rbuf_str(&h));
	}
	rtable_head_end(t);
	rtable_head(t, "\\(N\\)");
	for (j = from; j < to; j++) {
		rtable_head(t, "\\(n\\)");
		for (s = 0; s < 5; s++)
			rtable_head(t, lang_get(x->L, sk[s]));
	}
	rtable_head_end(t);
	rbuf_free(&h);
}

/* One statistics table: rows = sizes, for each of the columns from..to
 * the sample count and report G's five statistics. */
static int stats_table(struct rctx *x, int dev, const struct ilp_grid *g,
		       size_t from, size_t to, int part)
{
	struct rtable t;
	struct rbuf h, cap, anc, spec;
	char kinds[RTABLE_MAXCOLS + 1];
	size_t i, j, s, nk = 1;
	struct kv v;
	int rc;

	kinds[0] = 'l';
	for (j = from; j < to; j++)
		for (s = 0; s < 6 && nk < RTABLE_MAXCOLS; s++)
			kinds[nk++] = 'r';
	kinds[nk] = '\0';
	rtable_init(&t, kinds);
	rbuf_init(&h);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&spec);
	stats_head(x, g, from, to, &t);
	for (i = 0; i < g->ns; i++) {
		rbuf_free(&h);
		ilp_count_tex(g->sizes[i], &h);
		rtable_text(&t, rbuf_str(&h));
		for (j = from; j < to; j++) {
			const struct store_stat *st = rcfg_stat(
				grid_cfg(x, dev, g, j, i), VOCAB_METRIC_GBS);

			if (!st) {
				for (s = 0; s < 6; s++)
					rtable_text(&t, "--");
				continue;
			}
			rtable_int(&t, (long long)st->s.n);
			num_cell(&t, st->s.min, 4);
			num_cell(&t, st->s.max, 4);
			num_cell(&t, st->s.mean, 4);
			num_cell(&t, st->s.median, 4);
			num_cell(&t, st->s.stddev, 3);
		}
		rtable_row_end(&t);
	}
	rbuf_free(&h);
	dev_suffix(x, dev, &h);
	v = (struct kv){"DEV", rbuf_str(&h)};
	rc = emit_string(x, &cap, "ilp.stats_table", &v, 1);
	rbuf_printf(&anc, "ilp-stats dev=%lld part=%d",
		    (long long)x->devs[dev]->id, part);
	/* twelve numbers a row: a size smaller, or the longer headings of
	 * some languages run past the margin */
	rbuf_puts(&spec, "l");
	for (j = 1; j < nk; j++)
		rbuf_puts(&spec, " >{\\footnotesize}r");
	if (!rc)
		rc = mem_table_put(x, &t, rbuf_str(&spec), rbuf_str(&cap),
				rbuf_str(&anc), NULL);
	rtable_free(&t);
	rbuf_free(&h);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&spec);
	return rc;
}

static int app_part(struct rctx *x, int dev)
{
	struct ilp_facts f;
	struct ilp_grid g;
	size_t j;
	int rc;

	if (facts_ilp(x, dev, &f))
		return -1;
	grid_load(x, dev, &g);
	rc = grid_tables(x, dev, &g, &f, 1);
	for (j = 0; j < g.nc && !rc; j += ILP_STATS_PER_TABLE)
		rc = stats_table(x, dev, &g, j, j + ILP_STATS_PER_TABLE < g.nc ?
				 j + ILP_STATS_PER_TABLE : g.nc,
				 (int)(j / ILP_STATS_PER_TABLE) + 1);
	grid_free(&g);
	problems_list(x, dev, VOCAB_SUITE_ILP, NULL);
	return rc;
}

/* The appendix: every size of every device, its statistics and the
 * configurations that did not run. */
int app_ilp(struct rctx *x)
{
	size_t d;
	int rc = 0;

	emit_heading(x, 0, lang_get(x->L, "ilp.app_title"));
	rbuf_puts(&x->body, "\\label{app:ilp}\n");
	emit_par(x, lang_get(x->L, "ilp.app_intro"));
	for (d = 0; d < x->ndevs && !rc; d++) {
		if (!model_has_suite(x, (int)d, VOCAB_SUITE_ILP))
			continue;
		emit_dev_heading(x, 1, (int)d);
		rc = app_part(x, (int)d);
	}
	return rc;
}
