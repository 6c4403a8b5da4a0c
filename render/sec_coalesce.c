/* The `coalesce` suite (lecture B): a copy that starts k elements off
 * (k = 0..32), one that reads every s-th element (s = 1..32), and a
 * three-float vector update with an array of structures against a
 * structure of arrays. Described for mem_run: a figure of the copies'
 * bandwidth against k and s, a table of the telling points with the
 * sectors per request and DRAM bytes the counters measured, and
 * findings from facts_coalesce, which the conclusions share. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define CO_SUITE VOCAB_SUITE_COALESCE
/* Floats per 32-byte sector: offsets that are multiples of it keep a
 * warp's read on its 4 sectors. */
#define CO_SECTOR_FLOATS 8

/* Global-load sectors per request of c, NAN without counters. */
static double spr(const struct rcfg *c)
{
	return mem_per(c, VOCAB_METRIC_CNT_GLOBAL_LD_SECTORS,
		       VOCAB_METRIC_CNT_GLOBAL_LD_REQUESTS);
}

/* DRAM bytes read per element (per vector for the update). */
static double dram(const struct rcfg *c)
{
	double r = rcfg_median(c, VOCAB_METRIC_CNT_DRAM_READ_BYTES);

	return c && c->c->count > 0 ? r / (double)c->c->count : NAN;
}

static const struct rcfg *ok(const struct rctx *x, int dev, const char *v,
			     int p)
{
	const struct rcfg *c = model_find_param(x, dev, CO_SUITE, v, p);

	return isfinite(mem_gbs(c)) ? c : NULL;
}

/* r into g: its share of the base, whether tested and slower. */
static void co_add(struct co_group *g, const struct rcmp *r)
{
	g->n++;
	num_range_add(100 * r->ratio, &g->lo, &g->hi);
	g->untested += r->p < 0;
	g->slow += r->p >= 0 && r->signif && r->b < r->a;
}

/* Offset k against offset 0 (into the misaligned or the aligned
 * group) and, misaligned, against the aligned offset 8 ceil(k / 8)
 * above it: a shift by whole sectors isolates the extra sector. All by
 * the one rule (rcmp.signif). */
static int facts_offset(struct rctx *x, struct co_facts *f, int k)
{
	int a = (k + CO_SECTOR_FLOATS - 1) / CO_SECTOR_FLOATS *
		CO_SECTOR_FLOATS;
	int rc = model_compare(x, f->off[0], f->off[k], VOCAB_METRIC_GBS,
			       &f->off_cmp[k]);
	struct rcmp c;

	if (rc)		/* a side missing (cleared), or a store failure */
		return rc == -2 ? -1 : 0;
	co_add(a == k ? &f->al : &f->mis, &f->off_cmp[k]);
	if (a == k || a > CO_MAXP || !f->off[a])
		return 0;
	if (model_compare(x, f->off[a], f->off[k], VOCAB_METRIC_GBS, &c) == -2)
		return -1;
	co_add(&f->ctl, &c);
	return 0;
}

static int facts_coalesce(struct rctx *x, int dev, void *fp)
{
	struct co_facts *f = fp;
	int k, rc;

	memset(f, 0, sizeof(*f));
	f->mis.lo = f->mis.hi = f->al.lo = f->al.hi = NAN;
	f->ctl.lo = f->ctl.hi = NAN;
	for (k = 0; k <= CO_MAXP; k++) {
		f->off[k] = ok(x, dev, VOCAB_VARIANT_OFFSET, k);
		f->str[k] = k ? ok(x, dev, VOCAB_VARIANT_STRIDE, k) : NULL;
	}
	f->aos = ok(x, dev, VOCAB_VARIANT_AOS, 0);
	f->soa = ok(x, dev, VOCAB_VARIANT_SOA, 0);
	/* model_compare clears a comparison with a side missing */
	if (model_compare(x, f->aos, f->soa, VOCAB_METRIC_GBS,
			  &f->aos_soa) == -2)
		return -1;
	for (k = 1; k <= CO_MAXP; k++) {
		rc = model_compare(x, f->str[1], f->str[k], VOCAB_METRIC_GBS,
				   &f->str_cmp[k]);
		if (rc == -2 || facts_offset(x, f, k))
			return -1;
		f->smax = rc ? f->smax : k;
	}
	return 0;
}

/* ---- the table and the figure --------------------------------------- */

static const struct {
	const char *v;
	int p;
} co_rows[] = {
	{VOCAB_VARIANT_OFFSET, 0}, {VOCAB_VARIANT_OFFSET, 1},
	{VOCAB_VARIANT_OFFSET, 8}, {VOCAB_VARIANT_STRIDE, 1},
	{VOCAB_VARIANT_STRIDE, 2}, {VOCAB_VARIANT_STRIDE, 4},
	{VOCAB_VARIANT_STRIDE, 8}, {VOCAB_VARIANT_STRIDE, 16},
	{VOCAB_VARIANT_STRIDE, 32}, {VOCAB_VARIANT_AOS, 0},
	{VOCAB_VARIANT_SOA, 0},
};
#define CO_NROWS (int)(sizeof(co_rows) / sizeof(co_rows[0]))

/* Row co_rows[r]: GB/s, in % of its base (offset 0, stride 1, soa) by
 * the rule, the sectors per request, the DRAM bytes read per element. */
static int tab_row(const struct mem_ctx *m, int r, struct rbuf *lead,
		   struct mem_cell *o)
{
	const struct co_facts *f = m->f;
	const char *v = co_rows[r].v;
	const struct rcfg *c = model_find_param(m->x, m->dev, CO_SUITE, v,
						co_rows[r].p);
	int p = co_rows[r].p, off = !strcmp(v, VOCAB_VARIANT_OFFSET);
	int aos = !strcmp(v, VOCAB_VARIANT_AOS);
	int first = !r || strcmp(co_rows[r - 1].v, v);

	o[0] = (struct mem_cell){mem_gbs(c), -1, c, NULL};
	if (aos && f->soa) {
		o[1].v = 100 / f->aos_soa.ratio;
		o[1].r = &f->aos_soa;
	} else if (!aos && (p == !off || !strcmp(v, VOCAB_VARIANT_SOA))) {
		o[1].v = rcfg_ok(c) ? 100 : NAN;	/* the base itself */
	} else if (!aos) {
		o[1].r = off ? &f->off_cmp[p] : &f->str_cmp[p];
		o[1].v = 100 * o[1].r->ratio;
	}
	o[2].v = spr(c);
	o[3].v = dram(c);
	if (first)
		mem_variant(&lead[0], v);
	if (p || off)
		rbuf_printf(&lead[1], "$%c = %d$", off ? 'k' : 's', p);
	return first ? 2 : 1;
}

/* Series 0 the offsets, 1 the strides. */
static size_t fig_series(const struct mem_ctx *m, int k, double *xs,
			 double *ys, size_t max, struct rbuf *title)
{
	const struct co_facts *f = m->f;
	size_t n = 0;
	int p;

	for (p = k; p <= CO_MAXP && n < max; p++, n++) {
		xs[n] = p;
		ys[n] = mem_gbs(k ? f->str[p] : f->off[p]);
	}
	rbuf_puts(title, lang_get(m->x->L, k ? "coalesce.line_stride" :
				  "coalesce.line_offset"));
	return n;
}

/* ---- findings --------------------------------------------------------- */

/* The misaligned offsets against (arg 0) the aligned ones above them,
 * why: one more sector a request, the same DRAM bytes; or (arg 1)
 * against offset 0, why: the aligned ones alike. Each string's names
 * pick its numbers. */
static void find_mis(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct co_facts *f = m->f;
	const struct co_group *g = m->arg ? &f->mis : &f->ctl;
	int t = g->n - g->untested;

	if (!g->n)
		return;
	o->tail = !t ? "untested" : m->arg && 2 * g->slow > t ? "most" :
		  g->slow ? "some" : "none";
	MEM_V(o, g->n, g->slow, g->lo, g->hi, mem_gbs(f->off[0]), f->al.lo,
	      f->al.hi, spr(f->off[1]), spr(f->off[8]), dram(f->off[1]),
	      dram(f->off[8]));
	o->why = m->arg ? f->al.n > 0 :
		 isfinite(o->v[7] + o->v[8] + o->v[9] + o->v[10]);
}

/* The strides up to 8 against stride 1; why: the sectors per request. */
static void find_str(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct co_facts *f = m->f;

	if (!f->str[1] || !f->str[2] || !f->str[4] || !f->str[8])
		return;
	mem_fv_cmp(o, &f->str_cmp[2], 1);
	o->cmp[0] = &f->str_cmp[8];
	o->invert = 1;
	MEM_V(o, mem_gbs(f->str[1]), 100 * f->str_cmp[2].ratio,
	      100 * f->str_cmp[4].ratio, 100 * f->str_cmp[8].ratio,
	      spr(f->str[2]), spr(f->str[4]), spr(f->str[8]));
	o->why = isfinite(o->v[4] + o->v[5] + o->v[6]);
}

/* The strides from 16 on; why: the DRAM bytes stop growing. */
static void find_far(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct co_facts *f = m->f;

	if (!f->str[1] || !f->str[8] || !f->str[16] || f->smax <= 16)
		return;
	o->tail = "level";
	MEM_V(o, f->smax, mem_gbs(f->str[16]), mem_gbs(f->str[f->smax]),
	      dram(f->str[1]), dram(f->str[8]), dram(f->str[16]),
	      dram(f->str[f->smax]));
	o->why = isfinite(o->v[3] + o->v[4] + o->v[5] + o->v[6]);
}

/* soa against aos; why: the same DRAM bytes, other sectors. */
static void find_aos(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct co_facts *f = m->f;

	if (!f->aos || !f->soa)
		return;
	mem_fv_cmp(o, &f->aos_soa, 1);
	MEM_V(o, f->aos_soa.a, f->aos_soa.b, dram(f->aos), dram(f->soa),
	      spr(f->aos), spr(f->soa));
	o->why = isfinite(o->v[2] + o->v[3] + o->v[4] + o->v[5]);
}

static const struct mem_find co_find[] = {
	{"find.co.ctl", "N:0 K:0 LO:%3 HI:%3 -:- -:- -:- S1:3 S8:3 D1:3 D8:3",
	 find_mis, 0},
	{"find.co.off", "N:0 K:0 LO:%3 HI:%3 G0:4 ALO:%3 AHI:%3", find_mis, 1},
	{"find.co.str", "G1:4 P2:%3 P4:%3 P8:%3 S2:3 S4:3 S8:3", find_str, 0},
	{"find.co.far", "SMAX:0 G16:4 GMAX:4 D1:3 D8:3 D16:3 DMAX:3",
	 find_far, 0},
	{"find.co.aos", "GA:4 GB:4 DA:3 DB:3 SA:3 SB:3", find_aos, 0},
};

static const char *const co_heads[] = {"coalesce.h_exp", "coalesce.h_param",
	"coalesce.gbs", "coalesce.pct", "coalesce.spr", "coalesce.dram"};

static const struct mem_tspec co_tab = {"coalesce.table", "coalesce",
	CO_NROWS, "ll", co_heads, 4, tab_row, "coalesce.note"};

static const struct mem_gspec co_fig = {"coalesce.figure",
	"coalesce.axis_param", "axis.gbs", 0, 2, 0, 0, 2, 0, fig_series};

MEM_SECTION(coalesce, .suite = CO_SUITE, .fsize = sizeof(struct co_facts),
	    .facts = facts_coalesce, .fig = &co_fig, .tab = &co_tab,
	    .find = co_find, .nfind = MEM_N(co_find))
