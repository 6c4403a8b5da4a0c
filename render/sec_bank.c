/* The `bank` suite (textbook R's stride experiment): warps read shared
 * memory at a stride of s words, s = 1..32, which puts gcd(s, 32) of
 * their words in each bank they use. Described for mem_run: a figure of
 * cycles per access against the stride beside the expected conflict, a
 * table of the strides grouped by their expected conflict with the
 * conflict the counters measured, and findings from facts_bank, which
 * the conclusions share. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define BANK_SUITE VOCAB_SUITE_BANK
#define BANK_METRIC VOCAB_METRIC_NS_ACCESS
/* How well the straight line through the strides' cycles on their
 * expected conflict fits (R^2): a description of the fit, no test. */
#define BANK_FIT_GOOD 0.95
#define BANK_FIT_ROUGH 0.8

int bank_ways(int s)
{
	int a = s, b = 32, t;

	while (b) {
		t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* The SM clock of c in MHz as recorded, else the rated one (*rated
 * set); NAN when neither is known. */
static double bank_mhz(const struct rctx *x, const struct rcfg *c, int *rated)
{
	const struct store_prop *p;
	double m = rcfg_clock_mhz(x, c);

	if (isfinite(m) && m > 0)
		return m;
	if (c->c->start_sm_clock_mhz > 0)
		return c->c->start_sm_clock_mhz;
	p = model_prop(x->devs[c->dev], "clock_rate");
	*rated = 1;
	return p && p->has_num && p->num > 0 ? p->num : NAN;
}

double bank_counted(const struct rcfg *c)
{
	return mem_per(c, VOCAB_METRIC_CNT_SHARED_LD_WAVEFRONTS,
		       VOCAB_METRIC_CNT_SHARED_LD_INST);
}

/* Stride s against stride 1 into its parity's group, by the one rule
 * (rcmp.signif: significant and at least the practical threshold). */
static void group_add(struct bank_group *g, const struct rcmp *r)
{
	if (!isfinite(r->ratio))
		return;
	num_range_add(r->ratio, &g->lo, &g->hi);
	g->n++;
	if (!(r->ratio > 1))
		return;
	if (r->p < 0) {
		g->slow++;
		g->untested++;
	} else if (r->signif) {
		g->slow++;
	} else {
		g->ns_long++;
	}
}

/* The value the figure, the table and the fit use: cycles where every
 * stride has a clock, else ns. */
static const double *bank_y(const struct bank_facts *f)
{
	return f->clock == BANK_CLK_NONE ? f->t : f->cyc;
}

/* Least squares of y on gcd(s, 32) over the strides measured. */
static void facts_fit(struct bank_facts *f)
{
	const double *y = bank_y(f);
	double sw = 0, sy = 0, sww = 0, swy = 0, ss = 0, st = 0, w, e;
	int s, n = 0;

	for (s = 1; s <= BANK_MAXS; s++)
		if (isfinite(y[s])) {
			w = bank_ways(s);
			sw += w;
			sy += y[s];
			sww += w * w;
			swy += w * y[s];
			n++;
		}
	if (n < 3 || n * sww - sw * sw <= 0)
		return;
	f->fit_b = (n * swy - sw * sy) / (n * sww - sw * sw);
	f->fit_a = (sy - f->fit_b * sw) / n;
	for (s = 1; s <= BANK_MAXS; s++)
		if (isfinite(y[s])) {
			e = y[s] - f->fit_a - f->fit_b * bank_ways(s);
			ss += e * e;
			st += (y[s] - sy / n) * (y[s] - sy / n);
		}
	f->fit_r2 = st > 0 ? 1 - ss / st : NAN;
	f->fit_n = n;
}

int facts_bank(struct rctx *x, int dev, struct bank_facts *f)
{
	int s, rated = 0, none = 0;

	memset(f, 0, sizeof(*f));
	f->odd.lo = f->odd.hi = f->even.lo = f->even.hi = NAN;
	for (s = 0; s <= BANK_MAXS; s++) {
		f->t[s] = f->cyc[s] = f->counted[s] = NAN;
		rcmp_clear(&f->vs1[s]);
	}
	for (s = 1; s <= BANK_MAXS; s++) {
		const struct rcfg *c = model_find_param(x, dev, BANK_SUITE,
							VOCAB_VARIANT_BANK, s);

		if (!isfinite(f->t[s] = rcfg_median(c, BANK_METRIC)))
			continue;
		f->at[s] = c;
		f->n++;
		f->cyc[s] = f->t[s] * bank_mhz(x, c, &rated) / 1000;
		none |= !isfinite(f->cyc[s]);
		f->counted[s] = bank_counted(c);
		if (isfinite(f->counted[s])) {
			f->ncounted++;
			f->counted_match += fabs(f->counted[s] -
						 bank_ways(s)) <= 0.5;
		}
	}
	f->clock = none || !f->n ? BANK_CLK_NONE : rated ? BANK_CLK_RATED :
		   BANK_CLK_RECORDED;
	for (s = 2; f->at[1] && s <= BANK_MAXS; s++) {
		if (!f->at[s])
			continue;
		if (model_compare(x, f->at[1], f->at[s], BANK_METRIC,
				  &f->vs1[s]) == -2)
			return -1;
		group_add(s % 2 ? &f->odd : &f->even, &f->vs1[s]);
	}
	facts_fit(f);
	return 0;
}

/* ---- the table and the figure --------------------------------------- */

static int cmp_dbl(const void *a, const void *b)
{
	double u = *(const double *)a, w = *(const double *)b;

	return (u > w) - (u < w);
}

/* The median of what v gives the strides of conflict gcd 2^r, NAN none. */
static double class_median(const struct bank_facts *f, int r,
			   const double *v)
{
	double ys[BANK_MAXS];
	int s, n = 0;

	for (s = 1; s <= BANK_MAXS; s++)
		if (bank_ways(s) == 1 << r && f->at[s] && isfinite(v[s]))
			ys[n++] = v[s];
	if (!n)
		return NAN;
	qsort(ys, (size_t)n, sizeof(*ys), cmp_dbl);
	return (ys[(n - 1) / 2] + ys[n / 2]) / 2;
}

/* The conflict 2^r and its strides, "2, 6, \ldots, 30". */
static int tab_label(const struct mem_ctx *m, int r, struct rtable *t)
{
	const struct bank_facts *f = m->f;
	int s, n = 0, l[BANK_MAXS];
	struct rbuf b;

	for (s = 1; s <= BANK_MAXS; s++)
		if (bank_ways(s) == 1 << r && f->at[s])
			l[n++] = s;
	if (!n)
		return 0;
	rtable_int(t, 1 << r);
	rbuf_init(&b);
	for (s = 0; s < n; s++)
		if (n <= 4 || s < 2 || s == n - 1)
			rbuf_printf(&b, "%s%d", s ? n > 4 && s == n - 1 ?
				    ", \\ldots, " : ", " : "", l[s]);
	rtable_text(t, rbuf_str(&b));
	rbuf_free(&b);
	return 1;
}

static void tab_cell(const struct mem_ctx *m, int r, int col,
		     struct mem_cell *o)
{
	const struct bank_facts *f = m->f;
	double y = class_median(f, r, bank_y(f));

	o->dec = col == 2 ? 1 : -1;
	o->v = col == 0 ? y : col == 1 ? y / class_median(f, 0, bank_y(f)) :
	       class_median(f, r, f->counted);
}

/* Series 0 the measured strides, 1 stride 1's times the conflict. */
static size_t fig_series(const struct mem_ctx *m, int k, double *xs,
			 double *ys, size_t max, struct rbuf *title)
{
	const struct bank_facts *f = m->f;
	const double *y = bank_y(f);
	size_t s;

	for (s = 1; s <= BANK_MAXS && s <= max; s++) {
		xs[s - 1] = (double)s;
		ys[s - 1] = k ? y[1] * bank_ways((int)s) : y[s];
	}
	rbuf_puts(title, lang_get(m->x->L, k ? "bank.expected" :
				  "bank.measured"));
	return s - 1;
}

/* ---- findings --------------------------------------------------------- */

/* The unit of the strides' values into o->t: cycles, ns without one. */
static void unit(struct rctx *x, const struct bank_facts *f,
		 struct mem_fv *o)
{
	snprintf(o->t, sizeof(o->t), "%s", lang_get(x->L, f->clock ==
		 BANK_CLK_NONE ? "bank.unit_ns" : "bank.unit_cycles"));
}

/* The odd (arg 1) or even strides against stride 1; why: the counted
 * conflict. */
static void find_group(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct bank_facts *f = m->f;
	const struct bank_group *g = m->arg ? &f->odd : &f->even;
	double wmax = NAN;
	int s, match = 0, k = 0;

	if (!f->at[1] || !g->n)
		return;
	for (s = 2; s <= BANK_MAXS; s++)
		if (s % 2 == m->arg && isfinite(f->counted[s])) {
			wmax = isfinite(wmax) ? fmax(wmax, f->counted[s]) :
			       f->counted[s];
			match += fabs(f->counted[s] - bank_ways(s)) <= 0.5;
			k++;
		}
	o->tail = m->arg ? g->slow ? "some" : "same" :
		  g->slow == g->n ? "all" : "some";
	o->v[0] = g->n;
	o->v[1] = g->slow;
	o->v[2] = g->lo;
	o->v[3] = g->hi;
	o->v[4] = bank_y(f)[1];
	o->v[5] = wmax;
	o->v[6] = match;
	o->v[7] = k;
	o->why = k > 0;
	unit(m->x, f, o);
}

/* The straight line through the strides' values on their conflict. */
static void find_fit(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct bank_facts *f = m->f;

	if (!f->fit_n || !isfinite(f->fit_r2))
		return;
	o->tail = f->fit_r2 >= BANK_FIT_GOOD ? "follow" :
		  f->fit_r2 >= BANK_FIT_ROUGH ? "rough" : "not";
	o->v[0] = f->fit_n;
	o->v[1] = f->fit_b;
	o->v[2] = f->fit_a;
	o->v[3] = f->fit_r2;
	unit(m->x, f, o);
}

static const struct mem_find bank_find[] = {
	{"find.bank.odd", "N:0 K:0 LO:3 HI:3 C1:3 W:3 M:0 MN:0", find_group,
	 1},
	{"find.bank.even", "N:0 K:0 LO:3 HI:3 C1:3 W:3 M:0 MN:0", find_group,
	 0},
	{"find.bank.fit", "N:0 B:3 A:2 R2:4", find_fit, 0},
};

static const char *const bank_heads[] = {"bank.class.nway",
	"bank.class.strides", "bank.class.cycles", "bank.class.ratio",
	"bank.counted"};

static const struct mem_tspec bank_tab = {"bank.table", "bank", 6, "rl",
	bank_heads, 3, tab_label, tab_cell, "bank.note"};

static const struct mem_gspec bank_fig = {"bank.figure", "bank.axis_stride",
	"bank.axis", 0, 2, 0, 0, 2, 2, fig_series};

static int facts(struct rctx *x, int dev, void *f)
{
	return facts_bank(x, dev, f);
}

int sec_bank(struct rctx *x)
{
	static const struct mem_spec s = {BANK_SUITE, "bank",
		sizeof(struct bank_facts), facts, &bank_fig, &bank_tab,
		bank_find, sizeof(bank_find) / sizeof(bank_find[0])};

	return mem_run(x, &s);
}
