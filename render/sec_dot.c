/* The `dot` suite (textbook R): the scalar product with a shared-memory
 * tree reduction per block (`dot`) against cuBLAS's SDOT / DDOT
 * (`cublas_dot`), each in single and double precision. Described for
 * mem_run: a figure of bandwidth against N, a table of the four at the
 * largest N where they ran steady, and findings from facts_dot, which
 * the conclusions share. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define DOT_SUITE VOCAB_SUITE_DOT

static const char *const dot_variants[DOT_NV] = {
	VOCAB_VARIANT_DOT, VOCAB_VARIANT_CUBLAS_DOT
};
static const char *const dot_precs[DOT_NP] = {VOCAB_PREC_FP32, VOCAB_PREC_FP64};

static const struct rcfg *dot_find(const struct rctx *x, int dev, int v,
				   int p, long long n)
{
	return model_find_count(x, dev, DOT_SUITE, dot_variants[v],
				dot_precs[p], n, 0);
}

/* Kernel ab[0] in precision ab[1] (a) against ab[2] in ab[3] (b) in
 * metric at the largest N where both ran steady; -1 when the store
 * fails reading the samples. */
static int pair_top(struct rctx *x, int dev, const int *ns, size_t nn,
		    const int ab[4], const char *metric, struct mem_pair *d)
{
	size_t i;
	int rc = 0;

	rcmp_clear(&d->cmp);
	for (i = nn; i-- > 0 && !rc; )
		rc = mem_pair_set(x, d, ns[i], dot_find(x, dev, ab[0], ab[1],
				  ns[i]), dot_find(x, dev, ab[2], ab[3], ns[i]),
				  metric);
	return rc < 0 ? -1 : 0;
}

static int facts_dot(struct rctx *x, int dev, void *fp)
{
	struct dot_facts *f = fp;
	const struct rcfg *a;
	int *ns = NULL, v, p, rc = -1, nfail;
	size_t nn, i;

	memset(f, 0, sizeof(*f));
	f->peak = x->devs[dev]->peak_mem_gbs > 0 ?
		  x->devs[dev]->peak_mem_gbs : NAN;
	nn = model_ints(x, dev, DOT_SUITE, NULL, 'c', &ns);
	for (p = 0; p < DOT_NP; p++)
		if (pair_top(x, dev, ns, nn, (int[4]){DOT_CUBLAS, p, DOT_OWN,
			     p}, VOCAB_METRIC_GBS, &f->vs[p]))
			goto out;
	for (v = 0; v < DOT_NV; v++) {
		if (pair_top(x, dev, ns, nn, (int[4]){v, DOT_FP32, v,
			     DOT_FP64}, VOCAB_METRIC_KERNEL, &f->prec[v]))
			goto out;
		for (p = 0; p < DOT_NP; p++) {
			struct dot_err *e = &f->err[v][p];

			for (i = 0; i < nn; i++) {
				a = dot_find(x, dev, v, p, ns[i]);
				if (!rcfg_ok(a) || !isfinite(a->c->rel_error))
					continue;
				e->mean += a->c->rel_error;
				e->n++;
			}
			if (e->n)
				e->mean /= e->n;
		}
	}
	model_cfgs_count(x, dev, DOT_SUITE, VOCAB_VARIANT_DOT, &nfail, &f->nall,
			 &f->nok, NULL);
	rc = 0;
out:
	free(ns);
	return rc;
}

/* ---- the table and the figure --------------------------------------- */

/* Row r: kernel r % 2 in precision r / 2, at the N its comparison with
 * the library used: GB/s, in % of cuBLAS's by the rule, in % of the
 * DRAM peak. */
static int tab_row(const struct mem_ctx *m, int r, struct rbuf *lead,
		   struct mem_cell *o)
{
	const struct dot_facts *f = m->f;
	const struct mem_pair *d = &f->vs[r / 2];
	const struct rcfg *c = d->n ? dot_find(m->x, m->dev, r % 2, r / 2,
					       d->n) : NULL;

	o[0] = (struct mem_cell){mem_gbs(c), -1, c, NULL};
	if (r % 2 == DOT_OWN)
		o[1] = (struct mem_cell){100 * d->cmp.ratio, 1, NULL, &d->cmp};
	else
		o[1].v = c ? 100 : NAN;
	o[2].v = rule_peak_pct(mem_gbs(c), f->peak, NULL);
	mem_variant(&lead[0], dot_variants[r % 2]);
	rbuf_puts(&lead[1], dot_precs[r / 2]);
	if (d->n) {
		rbuf_putc(&lead[2], '$');
		ilp_count_math(d->n, &lead[2]);
		rbuf_putc(&lead[2], '$');
	}
	return 1;
}

/* Series k < 4: kernel k % 2 in precision k / 2; 4: the DRAM peak. */
static size_t fig_series(const struct mem_ctx *m, int k, double *xs,
			 double *ys, size_t max, struct rbuf *title)
{
	const struct dot_facts *f = m->f;
	int *ns = NULL;
	size_t n = model_ints(m->x, m->dev, DOT_SUITE, NULL, 'c', &ns), i;

	for (i = 0; i < n && i < max; i++) {
		xs[i] = ns[i];
		ys[i] = k == 4 ? f->peak : mem_gbs(dot_find(m->x, m->dev,
							k % 2, k / 2, ns[i]));
	}
	if (k == 4) {
		rbuf_puts(title, lang_get(m->x->L, "dot.line_peak"));
	} else {
		mem_variant(title, dot_variants[k % 2]);
		rbuf_printf(title, " %s", dot_precs[k / 2]);
	}
	free(ns);
	return i;
}

/* ---- findings --------------------------------------------------------- */

/* Pair arg: 0, 1 the reduction against cuBLAS in GB/s in fp32, fp64
 * (T: the precision); 2, 3 kernel arg - 2's time in fp64 against fp32
 * (T: the kernel). Why: both sides' shares of the memory's peak. */
static void find_pair(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct dot_facts *f = m->f;
	int k = m->arg % DOT_NP, prec = m->arg >= DOT_NP;
	const struct mem_pair *d = prec ? &f->prec[k] : &f->vs[k];
	struct rbuf b;

	if (!d->n)
		return;
	mem_fv_cmp(o, &d->cmp, !prec);
	rbuf_init(&b);
	if (prec)
		mem_variant(&b, dot_variants[k]);
	else
		rbuf_puts(&b, dot_precs[k]);
	rbuf_puts(&b, ", $N = ");	/* "fp32, $N = 2^{27}$" */
	ilp_count_math(d->n, &b);
	rbuf_puts(&b, "$");
	snprintf(o->t, sizeof(o->t), "%s", rbuf_str(&b));
	rbuf_free(&b);
	MEM_V(o, mem_gbs(d->b), mem_gbs(d->a), 100 * d->cmp.ratio,
	      d->cmp.ratio, rule_peak_pct(mem_gbs(d->b), f->peak, NULL),
	      rule_peak_pct(mem_gbs(d->a), f->peak, NULL));
	o->why = isfinite(o->v[4] + o->v[5]);
}

/* Verification and the mean errors in fp32 and fp64; why: cuBLAS's. */
static void find_err(const struct mem_ctx *m, struct mem_fv *o)
{
	const struct dot_facts *f = m->f;
	const struct dot_err *e = f->err[DOT_OWN], *c = f->err[DOT_CUBLAS];

	if (!e[DOT_FP32].n || !e[DOT_FP64].n || !f->nall)
		return;
	o->tail = f->nok == f->nall ? "all" : "some";
	MEM_V(o, f->nok, f->nall, e[DOT_FP32].mean, e[DOT_FP64].mean,
	      c[DOT_FP32].mean, c[DOT_FP64].mean);
	o->why = c[DOT_FP32].n && c[DOT_FP64].n;
}

static const struct mem_find dot_find_spec[] = {
	{"find.dot.vs", "GO:4 GC:4 SHARE:%3 -:- PO:%3 PC:%3", find_pair,
	 DOT_FP32},
	{"find.dot.vs", "GO:4 GC:4 SHARE:%3 -:- PO:%3 PC:%3", find_pair,
	 DOT_FP64},
	{"find.dot.prec", "-:- -:- -:- R:3 P64:%3 P32:%3", find_pair,
	 DOT_NP + DOT_OWN},
	{"find.dot.prec", "-:- -:- -:- R:3 P64:%3 P32:%3", find_pair,
	 DOT_NP + DOT_CUBLAS},
	{"find.dot.err", "K:0 N:0 E32:e3 E64:e3 C32:e3 C64:e3", find_err, 0},
};

static const char *const dot_heads[] = {"dot.h_kernel", "dot.h_prec",
	"=\\(N\\)", "dot.gbs", "dot.pct_cublas", "dot.pct_peak"};

static const struct mem_tspec dot_tab = {"dot.table", "dot", 4, "lll",
	dot_heads, 3, tab_row, "dot.note"};

static const struct mem_gspec dot_fig = {"dot.figure", "dot.axis_n",
	"axis.gbs", 2, 0, 1, 1, 5, 1u << 4, fig_series};

MEM_SECTION(dot, .suite = DOT_SUITE, .fsize = sizeof(struct dot_facts),
	    .facts = facts_dot, .fig = &dot_fig, .tab = &dot_tab,
	    .find = dot_find_spec, .nfind = MEM_N(dot_find_spec))
