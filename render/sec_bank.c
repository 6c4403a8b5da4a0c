/* The `bank` suite (textbook R's stride experiment): warps read shared
 * memory at a stride of s words, s = 1..32, which puts gcd(s, 32) of
 * their words in each bank they use. Described for mem_run: a figure of
 * cycles per access against the stride beside the expected conflict, a
 * table of the strides grouped by their expected conflict with the
 * conflict the counters measured, and findings from facts_bank, which
 * the conclusions share. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render_int.h"
#include "stats.h"
#include "vocab.h"

#define BANK_SUITE VOCAB_SUITE_BANK
#define BANK_METRIC VOCAB_METRIC_NS_ACCESS

/* gcd(s, 32): the n-way conflict stride s causes. */
static int bank_ways(int s)
{
	int a = s, b = 32, t;

	while (b) {
		t = a % b;
		a = b;
		b = t;
	}
	return a;
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
	g->slow += r->p < 0 || r->signif;
	g->untested += r->p < 0;
	g->ns_long += r->p >= 0 && !r->signif;
}

int facts_bank(struct rctx *x, int dev, void *fp)
{
	struct bank_facts *f = fp;
	struct rcmp r;		/* stride 1 (a) against s (b) */
	int s;

	memset(f, 0, sizeof(*f));
	f->odd.lo = f->odd.hi = f->even.lo = f->even.hi = NAN;
	f->cycles = 1;
	for (s = 0; s <= BANK_MAXS; s++) {
		const struct rcfg *c = s ? model_find_param(x, dev, BANK_SUITE,
					VOCAB_VARIANT_BANK, s) : NULL;

		f->y[s] = f->counted[s] = NAN;
		if (!rcfg_ok(c))
			continue;
		f->at[s] = c;
		f->y[s] = rcfg_median(c, BANK_METRIC) * rcfg_clock_mhz(x, c) /
			  1000;
		f->cycles &= isfinite(f->y[s]) && f->y[s] > 0;
		f->counted[s] = bank_counted(c);
	}
	for (s = 1; s <= BANK_MAXS; s++) {
		/* without a clock for every stride, ns for all */
		if (!f->cycles)
			f->y[s] = rcfg_median(f->at[s], BANK_METRIC);
		if (s == 1 || !f->at[s] || !f->at[1])
			continue;
		if (model_compare(x, f->at[1], f->at[s], BANK_METRIC, &r) ==
		    -2)
			return -1;
		group_add(s % 2 ? &f->odd : &f->even, &r);
	}
	return 0;
}

/* ---- the table and the figure --------------------------------------- */

/* The median of v over the strides of conflict 2^r, NAN none. */
static double class_median(const struct bank_facts *f, int r,
			   const double *v)
{
	struct stats_summary m;
	double ys[BANK_MAXS];
	int s, n = 0;

	for (s = 1; s <= BANK_MAXS; s++)
		if (bank_ways(s) == 1 << r && f->at[s] && isfinite(v[s]))
			ys[n++] = v[s];
	return stats_summary_compute(ys, (size_t)n, &m) ? NAN : m.median;
}

/* Row r: the conflict 2^r and its strides, "2, 6, \ldots, 30", their
 * median cycles, its ratio to conflict 1's, the conflict counted. */
static int tab_row(const struct mem_ctx *m, int r, struct rbuf *lead,
		   struct mem_cell *o)
{
	const struct bank_facts *f = m->f;
	double y = class_median(f, r, f->y);
	int s, n = 0, l[BANK_MAXS];

	o[0] = (struct mem_cell){y, -1, NULL, NULL};
	o[1] = (struct mem_cell){y / class_median(f, 0, f->y), -1, NULL, NULL};
	o[2].v = class_median(f, r, f->counted);
	for (s = 1; s <= BANK_MAXS; s++)
		if (bank_ways(s) == 1 << r && f->at[s])
			l[n++] = s;
	rbuf_printf(&lead[0], "%d", 1 << r);
	for (s = 0; s < n; s++)
		if (n <= 4 || s < 2 || s == n - 1)
			rbuf_printf(&lead[1], "%s%d", !s ? "" : n > 4 &&
				    s == n - 1 ? ", \\ldots, " : ", ", l[s]);
	return n > 0;
}

/* Series 0 the measured strides, 1 stride 1's times the conflict. */
static size_t fig_series(const struct mem_ctx *m, int k, double *xs,
			 double *ys, size_t max, struct rbuf *title)
{
	const struct bank_facts *f = m->f;
	size_t s;

	for (s = 1; s <= BANK_MAXS && s <= max; s++) {
		xs[s - 1] = (double)s;
		ys[s - 1] = k ? f->y[1] * bank_ways((int)s) : f->y[s];
	}
	rbuf_puts(title, lang_get(m->x->L, k ? "bank.expected" :
				  "bank.measured"));
	return s - 1;
}

/* ---- findings --------------------------------------------------------- */

/* The odd (arg 1) or even strides against stride 1; why: the counted
 * conflict (its largest, and at how many strides it is gcd(s, 32)). */
static void find_group(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct bank_facts *f = m->f;
	const struct bank_group *g = m->arg ? &f->odd : &f->even;
	double w = -1;
	int s, match = 0, k = 0;

	if (!f->at[1] || !g->n)
		return;
	for (s = 2; s <= BANK_MAXS; s++)
		if (s % 2 == m->arg && isfinite(f->counted[s])) {
			w = fmax(w, f->counted[s]);
			match += fabs(f->counted[s] - bank_ways(s)) <= 0.5;
			k++;
		}
	o->tail = m->arg ? g->slow ? "some" : "same" :
		  g->slow == g->n ? "all" : "some";
	MEM_V(o, g->n, g->slow, g->lo, g->hi, f->y[1], w, match, k);
	o->why = k > 0;
	snprintf(o->t, sizeof(o->t), "%s", lang_get(m->x->L, f->cycles ?
		 "bank.unit_cycles" : "bank.unit_ns"));
}

static const struct mem_find bank_find[] = {
	{"find.bank.odd", "N:0 K:0 LO:3 HI:3 C1:3 W:3 M:0 MN:0", find_group,
	 1},
	{"find.bank.even", "N:0 K:0 LO:3 HI:3 C1:3 W:3 M:0 MN:0", find_group,
	 0},
};

static const char *const bank_heads[] = {"bank.class.nway",
	"bank.class.strides", "bank.class.cycles", "bank.class.ratio",
	"bank.counted"};

static const struct mem_tspec bank_tab = {"bank.table", "bank", 6, "rl",
	bank_heads, 3, tab_row, "bank.note"};

static const struct mem_gspec bank_fig = {"bank.figure", "bank.axis_stride",
	"bank.axis", 0, 2, 0, 0, 2, 2, fig_series};

MEM_SECTION(bank, .suite = BANK_SUITE, .fsize = sizeof(struct bank_facts),
	    .facts = facts_bank, .fig = &bank_fig, .tab = &bank_tab,
	    .find = bank_find, .nfind = MEM_N(bank_find))
