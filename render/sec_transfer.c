/* The `transfer` suite (report G): a complete run phase by phase (Malloc,
 * Memcpy AB, the kernel inside Sync, Memcpy C, Free) for each kernel and
 * kind of host memory. Described for mem_run: the copies as GB/s (a
 * table and a figure) and the phases of a run at the smallest and the
 * largest size through the draw hook, and findings that say why; every
 * configuration's numbers are in the generic appendix. The quantities
 * the stored metrics do not hold (a copy's GB/s, report G's run without
 * allocation) are derived here per run, so that model_compare tests them
 * like a stored metric (xfer_samples). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "render_int.h"
#include "vocab.h"

#define SUITE VOCAB_SUITE_TRANSFER

/* Host memory in the tables' order: pageable (the baseline), report G's
 * pinned C, everything pinned. */
static const char *const hosts[] = {
	VOCAB_HOST_PAGEABLE, VOCAB_HOST_PINNED_OUTPUT, VOCAB_HOST_PINNED
};
#define NH (sizeof(hosts) / sizeof(hosts[0]))
/* The derived quantities and the stored metrics each run's value comes
 * from: time* less Malloc and Free (report G's time*, which excludes
 * allocation), and a copy's bytes over its time. */
static const struct xq {
	const char *name, *m[3];
} xqs[] = {
	{XFER_RUN_G, {VOCAB_METRIC_TOTAL, VOCAB_METRIC_MALLOC,
		      VOCAB_METRIC_FREE}},
	{XFER_GBS_AB, {VOCAB_METRIC_MEMCPY_AB}},
	{XFER_GBS_C, {VOCAB_METRIC_MEMCPY_C}},
};
/* The copies k = 0, 1: their rate's name and their metric. */
#define COPY_Q(k) xqs[1 + (k)].name
#define COPY_M(k) xqs[1 + (k)].m[0]

static const struct xq *xq_find(const char *what)
{
	size_t i;

	for (i = 0; i < sizeof(xqs) / sizeof(xqs[0]); i++)
		if (!strcmp(xqs[i].name, what))
			return &xqs[i];
	return NULL;
}

/* The bytes the copy `metric` of c moves: A and B (m x k, k x n) to the
 * device, or C (m x n) back. */
static double copy_bytes(const struct rcfg *c, const char *metric)
{
	const struct store_config *k = c->c;
	double el = k->precision && !strcmp(k->precision, VOCAB_PREC_FP64) ?
		    8 : 4;

	if (!strcmp(metric, VOCAB_METRIC_MEMCPY_AB))
		return el * ((double)k->m * k->k + (double)k->k * k->n);
	return el * (double)k->m * k->n;
}

/* q's value from one run's values v[] of its metrics (ms). */
static double xq_value(const struct xq *q, const struct rcfg *c,
		       const double *v)
{
	if (!q->m[1])		/* bytes / ms / 1e6 = GB/s */
		return copy_bytes(c, q->m[0]) / v[0] / 1e6;
	return v[0] - v[1] - v[2];
}

/* The sorted per-run values of q in c (*n = 0: no raw samples, or runs
 * whose metrics do not line up). -1 when the store fails. */
static int xq_samples(struct rctx *x, const struct xq *q,
		      const struct rcfg *c, double **out, size_t *n)
{
	double *s[3] = {NULL, NULL, NULL}, v[3];
	size_t ns[3] = {0, 0, 0}, i, j;
	int rc = 0;

	*out = NULL;
	*n = 0;
	for (j = 0; j < 3 && q->m[j] && !rc; j++)
		if (store_sample_get(x->st, c->c->id, q->m[j], &s[j], &ns[j]))
			rc = model_store_fail(x, "samples");
	if (rc || !ns[0] || (q->m[1] && (ns[1] != ns[0] || ns[2] != ns[0])))
		goto out;
	/* the values replace the first's */
	for (i = 0; i < ns[0]; i++) {
		for (j = 0; j < 3; j++)
			v[j] = s[j] ? s[j][i] : 0;
		s[0][i] = xq_value(q, c, v);
	}
	qsort(s[0], ns[0], sizeof(*s[0]), rule_cmp_dbl);
	*out = s[0];
	*n = ns[0];
	s[0] = NULL;
out:
	for (j = 0; j < 3; j++)
		free(s[j]);
	return rc ? -1 : 0;
}

double xfer_value(struct rctx *x, const struct rcfg *c, const char *what)
{
	const struct xq *q = xq_find(what);
	double v[3] = {0, 0, 0}, *s = NULL;
	size_t n = 0;
	int i;

	if (!q)
		return rcfg_median(c, what);
	if (!xq_samples(x, q, c, &s, &n) && n) {	/* the runs' median */
		v[0] = stats_percentile_sorted(s, n, 50);
		free(s);
		return v[0];
	}
	for (i = 0; i < 3 && q->m[i]; i++)	/* from the stored medians */
		if (!isfinite(v[i] = rcfg_median(c, q->m[i])))
			return NAN;
	return xq_value(q, c, v);
}

int xfer_samples(struct rctx *x, const struct rcfg *c, const char *what,
		 double **s, size_t *n, struct cmp_range *r)
{
	const struct xq *q = xq_find(what);
	const struct store_stat *t;

	if (!q)
		return 1;
	if (xq_samples(x, q, c, s, n))
		return -1;
	t = rcfg_stat(c, q->m[0]);
	*r = (struct cmp_range){NAN, NAN, 0};
	if (*n)		/* the range of the runs */
		*r = (struct cmp_range){(*s)[0], (*s)[*n - 1], *n};
	else if (!q->m[1] && t)	/* a rate: its time's range */
		*r = (struct cmp_range){xq_value(q, c, &t->s.max),
					xq_value(q, c, &t->s.min), t->s.n};
	return 0;
}

static const struct rcfg *cfg(const struct rctx *x, int dev, const char *v,
			      const char *h, int n)
{
	const struct rcfg *c = model_find(x, dev, SUITE, v, h, n, -1);

	return rcfg_ok(c) ? c : NULL;
}

/* ---- tables and figure -------------------------------------------------- */

/* A cell of every device's value of what for ("simple", h, n), in the
 * devices' order ("\num{9.93}\,/\,\num{10.3}"), "--" for one that lacks
 * it. */
static void devs_cell(struct rctx *x, const struct mem_devs *d,
		      struct rtable *t, const char *h, int n, const char *what)
{
	double v[MEM_MAXD];
	struct rbuf b;
	int i;

	for (i = 0; i < d->nd; i++) {
		const struct rcfg *c = cfg(x, d->dev[i], VOCAB_VARIANT_SIMPLE,
					   h, n);

		v[i] = c ? xfer_value(x, c, what) : NAN;
	}
	rbuf_init(&b);
	find_devs(x, &b, v, d->nd, 3);
	rtable_text(t, rbuf_str(&b));
	rbuf_free(&b);
}

/* Series k of the copies' figure: copy k / 2's GB/s against the MiB it
 * moves, from pageable (k even) or pinned memory. */
static size_t gbs_series(const struct mem_ctx *m, int k, double *xs,
			 double *ys, size_t max, struct rbuf *title)
{
	const char *h = hosts[k % 2 * 2];	/* pageable, pinned */
	int *ns = NULL;
	size_t nn = model_ints(m->x, -1, SUITE, NULL, 'n', &ns), s;

	for (s = 0; s < nn && s < max; s++) {
		const struct rcfg *r = cfg(m->x, m->dev, VOCAB_VARIANT_SIMPLE,
					   h, ns[s]);

		xs[s] = r ? copy_bytes(r, COPY_M(k / 2)) / 1048576 : NAN;
		ys[s] = r ? xfer_value(m->x, r, COPY_Q(k / 2)) : NAN;
	}
	lang_name_put(m->x, "metric", COPY_M(k / 2), 0, title);
	rbuf_puts(title, ", ");
	lang_name_put(m->x, "host", h, 0, title);
	free(ns);
	return s;
}

static const struct mem_gspec xfer_fig = {"xfer.gbs_fig", "xfer.axis_mib",
	"xfer.axis_gbs", 2, 10, 1, 0, 4, 0, gbs_series};

/* Table p's head: p 0 the copies as GB/s (n, the MiB of C, each copy
 * per host memory), 1 the phases (per host memory). */
static void xfer_heads(struct rctx *x, struct rtable *t, int p,
		       struct rbuf *b)
{
	size_t i;

	for (i = 0; i < (p ? 1u : 2u); i++)
		rtable_head(t, "");
	for (i = 0; !p && i < 2; i++) {
		rbuf_free(b);
		lang_name_put(x, "metric", COPY_M(i), 0, b);
		rtable_head_span(t, NH, rbuf_str(b));
	}
	if (!p) {
		rtable_head_end(t);
		rtable_head(t, "\\(n\\)");
		rtable_head(t, lang_get(x->L, "xfer.c_mib"));
	}
	for (i = 0; i < (p ? 1 : 2) * NH; i++) {
		rbuf_free(b);
		lang_name_put(x, "host", hosts[i % NH], 0, b);
		rtable_head(t, rbuf_str(b));
	}
	rtable_head_end(t);
}

/* The tables of the kernel "simple" by host memory, the devices' values
 * in one cell: the copies as GB/s (a row per size any device measured),
 * then the phases of a run at the smallest and the largest size with
 * the run on report G's terms. */
static int xfer_tables(struct rctx *x, const struct mem_devs *d)
{
	static const char *const ph[] = {
		VOCAB_METRIC_MALLOC, VOCAB_METRIC_MEMCPY_AB,
		VOCAB_METRIC_KERNEL, VOCAB_METRIC_SYNC, VOCAB_METRIC_MEMCPY_C,
		VOCAB_METRIC_FREE, XFER_RUN_G, VOCAB_METRIC_TOTAL
	};
	static const char *const key[][3] = {
		{"xfer.gbs", "xfer-gbs", "xfer.gbs_note"},
		{"xfer.phases", "xfer-phases", "xfer.phases_note"}
	};
	struct rtable t;
	struct rbuf b;
	int *ns, p, rc = 0;
	size_t nn = model_ints(x, -1, SUITE, NULL, 'n', &ns), i, j, s;

	rbuf_init(&b);
	for (p = 0; p < 2 && !rc; p++) {
		rtable_init(&t, p ? "lrrr" : "rrrrrrrr");
		xfer_heads(x, &t, p, &b);
		for (s = 0; s < nn && !p; s++) {
			rtable_int(&t, ns[s]);
			rbuf_free(&b);
			find_num(&b, 4.0 * ns[s] * ns[s] / 1048576, 3);
			rtable_text(&t, rbuf_str(&b));
			for (i = 0; i < 2 * NH; i++)
				devs_cell(x, d, &t, hosts[i % NH], ns[s],
					  COPY_Q(i / NH));
			rtable_row_end(&t);
		}
		/* the smallest size and the largest */
		for (s = 0; s < nn && p; s += s + 1 < nn ? nn - 1 - s : 1) {
			if (s)
				rtable_gap(&t);
			rbuf_printf(&t.body, "\\multicolumn{%d}{l}{\\(n = "
				    "%d\\)} \\\\\n", t.ncols, ns[s]);
			t.rows++;
			for (i = 0; i < sizeof(ph) / sizeof(ph[0]); i++) {
				rbuf_free(&b);
				lang_name_put(x, "metric", ph[i], 0, &b);
				rtable_text(&t, rbuf_str(&b));
				for (j = 0; j < NH; j++)
					devs_cell(x, d, &t, hosts[j], ns[s],
						  ph[i]);
				rtable_row_end(&t);
			}
		}
		rbuf_free(&b);
		rbuf_printf(&b, "%s\\label{tab:%s}", lang_get(x->L, key[p][0]),
			    key[p][1]);
		rc = emit_table(x, &t, rbuf_str(&b), key[p][1],
				lang_get(x->L, key[p][2]));
		rtable_free(&t);
	}
	rbuf_free(&b);
	free(ns);
	return rc;
}

/* ---- findings ----------------------------------------------------------- */

/* One comparison of a finding on one device: b against a of `what` at
 * size n. */
struct xc {
	int ok, n, nb;		/* a's size, b's */
	struct rcmp r;
	double mib;		/* the MiB of C at n */
};
#define XC_MAX 3

/* Compares (va, ha) with (vb, hb) at size n (nb: b's size, 0: n) into
 * *c. -1 when the store fails. */
static int xc_fill(struct rctx *x, int dev, struct xc *c, const char *what,
		   const char *va, const char *ha, const char *vb,
		   const char *hb, int n, int nb)
{
	const struct rcfg *a = cfg(x, dev, va, ha, n);
	const struct rcfg *b = cfg(x, dev, vb, hb, nb ? nb : n);
	int rc;

	memset(c, 0, sizeof(*c));
	if (!a || !b)
		return 0;
	rc = model_compare(x, a, b, what, &c->r);
	c->ok = !rc;
	c->n = n;
	c->nb = nb ? nb : n;
	c->mib = copy_bytes(a, VOCAB_METRIC_MEMCPY_C) / 1048576;
	return rc == -2 ? -1 : 0;
}

/* The pageable copy back's largest meaningful fall in GB/s from one size
 * ns[i] to the next (its sizes in c[0], the copy to the device between the
 * same sizes in c[1], pinned C at the larger in c[2] against pageable);
 * none where no fall passes the rule. */
static int cliff_fill(struct rctx *x, int dev, const int *ns, size_t nn,
		      struct xc *c)
{
	const char *s = VOCAB_VARIANT_SIMPLE, *pg = VOCAB_HOST_PAGEABLE;
	int rc = 0;
	size_t i;
	struct xc t;

	memset(c, 0, XC_MAX * sizeof(*c));
	for (i = 0; i + 1 < nn && !rc; i++) {
		rc = xc_fill(x, dev, &t, XFER_GBS_C, s, pg, s, pg, ns[i],
			     ns[i + 1]);
		if (!rc && t.ok && t.r.verdict == RULE_LOWER &&
		    (!c[0].ok || t.r.ratio < c[0].r.ratio))
			c[0] = t;
	}
	if (!rc && c[0].ok)
		rc = xc_fill(x, dev, &c[1], XFER_GBS_AB, s, pg, s, pg, c[0].n,
			     c[0].nb) ||
		     xc_fill(x, dev, &c[2], XFER_GBS_C, s, pg, s,
			     VOCAB_HOST_PINNED, c[0].nb, 0);
	return rc;
}

/* The findings, each from the same comparisons on every device: the
 * cliff (cliff_fill), then the kernel "simple" with pageable memory
 * (report G's baseline) against another host memory or kernel, at the
 * smallest or the largest size. */
#define SIMPLE_PG VOCAB_VARIANT_SIMPLE, VOCAB_HOST_PAGEABLE
#define SIMPLE_POUT VOCAB_VARIANT_SIMPLE, VOCAB_HOST_PINNED_OUTPUT
#define SIMPLE_PIN VOCAB_VARIANT_SIMPLE, VOCAB_HOST_PINNED
static const struct xspec {
	const char *key;
	int expect;
	struct {
		const char *what, *va, *ha, *vb, *hb;
		int large;
	} c[XC_MAX];
} specs[] = {
	{"find.xfer.cliff", RULE_LOWER, {{NULL}}},
	{"find.xfer.pinned", RULE_LOWER, {
	 {VOCAB_METRIC_MEMCPY_C, SIMPLE_PG, SIMPLE_POUT, 0},
	 {VOCAB_METRIC_MEMCPY_C, SIMPLE_PG, SIMPLE_POUT, 1},
	 {VOCAB_METRIC_MEMCPY_AB, SIMPLE_PG, SIMPLE_PIN, 1}}},
	{"find.xfer.malloc", RULE_HIGHER, {
	 {VOCAB_METRIC_MALLOC, SIMPLE_PG, SIMPLE_PIN, 0},
	 {VOCAB_METRIC_MALLOC, SIMPLE_PG, SIMPLE_PIN, 1}}},
	{"find.xfer.run_g", RULE_LOWER, {
	 {XFER_RUN_G, SIMPLE_PG, SIMPLE_POUT, 0},
	 {XFER_RUN_G, SIMPLE_PG, SIMPLE_POUT, 1},
	 {VOCAB_METRIC_TOTAL, SIMPLE_PG, SIMPLE_POUT, 0}}},
	{"find.xfer.shared", RULE_LOWER, {
	 {VOCAB_METRIC_KERNEL, SIMPLE_PG, VOCAB_VARIANT_SHARED,
	  VOCAB_HOST_PAGEABLE, 1},
	 {XFER_RUN_G, SIMPLE_PG, VOCAB_VARIANT_SHARED, VOCAB_HOST_PAGEABLE,
	  1}}},
};
#define NSPEC (sizeof(specs) / sizeof(specs[0]))

/* The comparisons of the findings on one device, as specs[]. */
struct xfer_facts {
	struct xc c[NSPEC][XC_MAX];
};

static int facts_transfer(struct rctx *x, int dev, void *fp)
{
	struct xfer_facts *f = fp;
	int *ns, rc, j;
	size_t s, nn = model_ints(x, dev, SUITE, NULL, 'n', &ns);

	rc = cliff_fill(x, dev, ns, nn, f->c[0]);
	for (s = 1; s < NSPEC && nn && !rc; s++)
		for (j = 0; j < XC_MAX && specs[s].c[j].what && !rc; j++)
			rc = xc_fill(x, dev, &f->c[s][j], specs[s].c[j].what,
				     specs[s].c[j].va, specs[s].c[j].ha,
				     specs[s].c[j].vb, specs[s].c[j].hb,
				     ns[specs[s].c[j].large ? nn - 1 : 0], 0);
	free(ns);
	return rc;
}

/* Finding arg of specs[] where its first comparison's verdict is the
 * expected one, else "find.xfer.open", which gives the numbers and
 * says that the explanation does not hold. Per comparison j the
 * numbers Nj (its size), Mj (the MiB of C), Aj, Bj and the effect Ej;
 * devices agree where that verdict does, and the sizes where it is
 * the expected one. */
static void find_xc(const struct mem_ctx *m, struct mem_fv *o)
{
	/* the verdicts other than the expected one, each its own tail */
	static const char *const open[] = {"untested", "same", "higher",
					   "lower"};
	const struct xc *c = ((const struct xfer_facts *)m->f)->c[m->arg];
	char topic[64];
	int j;

	if (!c[0].ok)
		return;
	o->tail = c[0].r.verdict == specs[m->arg].expect ? "" :
		  open[c[0].r.verdict + 1];
	o->key = *o->tail ? "find.xfer.open" : specs[m->arg].key;
	snprintf(o->t, sizeof(o->t), "%d %d %d %d", c[0].r.verdict, c[0].n,
		 c[1].n, c[2].n);
	snprintf(topic, sizeof(topic), "%s.topic", specs[m->arg].key);
	if (*o->tail)
		snprintf(o->t, sizeof(o->t), "%s", lang_get(m->x->L, topic));
	for (j = 0; j < XC_MAX; j++) {
		memcpy(o->v + 5 * j, (double[]){c[j].n, c[j].mib, c[j].r.a,
		       c[j].r.b, j}, 5 * sizeof(double));
		o->cmp[j] = &c[j].r;
	}
}

/* The take-away's two facts, pinned copies faster and pinning dearer
 * than malloc, as their findings state them on every device. */
static void xfer_takeaway(struct rctx *x, const struct mem_devs *d)
{
	const struct xc *c;
	int i, s, n = 0;

	for (s = 1; s <= 2; s++)
		for (i = 0; i < d->nd; i++) {
			c = ((const struct xfer_facts *)d->f[i])->c[s];
			if (c[0].ok && c[0].r.verdict != specs[s].expect)
				return;
			n += c[0].ok;
		}
	if (n)
		emit_par(x, lang_get(x->L, "transfer.takeaway"));
}

/* The placeholders of the comparisons (find_xc) each string uses. */
#define XC_THREE "N0:0 -:- A0:3 B0:3 E0:E N1:0 -:- A1:3 B1:3 E1:E N2:0 -:- " \
	"-:- -:- E2:E"
static const struct mem_find xfer_find[] = {
	{"find.xfer", "N0:0 M0:3 A0:3 B0:3 E0:E -:- -:- A1:3 B1:3 -:- N2:0 "
	 "M2:3 -:- B2:3", find_xc, 0},
	{"find.xfer", XC_THREE, find_xc, 1},
	{"find.xfer", XC_THREE, find_xc, 2},
	{"find.xfer", XC_THREE, find_xc, 3},
	{"find.xfer", XC_THREE, find_xc, 4},
};

/* The main body's section: the introduction, the copies as GB/s, the
 * phases, the figure, the findings and what to take away. */
MEM_SECTION(transfer, .suite = SUITE, .fsize = sizeof(struct xfer_facts),
	    .facts = facts_transfer, .fig = &xfer_fig, .find = xfer_find,
	    .nfind = NSPEC, .draw = xfer_tables, .takeaway = xfer_takeaway)
