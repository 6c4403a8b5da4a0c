/* The measured facts of note J's experiment (the `ilp` suite) on one
 * device: what the ILP section's findings state and what the conclusions
 * set beside note J, computed once here so that both print the same
 * numbers. Only steady points (rcfg_steady: device memory, a full wave)
 * count as "best" and "% of peak"; the L2-resident points are reported
 * as the cache's bandwidth, apart. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* The copy kernel of the suite (kernels/ registry name). */
#define ILP_KERNEL VOCAB_VARIANT_COPY_ILP

/* N is the count: every file stores it (n held floor(log2 N) before
 * issue 15, 0 since). A count of 0 is no file's; 2^n stands in for it
 * so that a hand-made row without one still reads as its size. */
long long ilp_count(const struct rcfg *c)
{
	if (!c || !c->c)
		return 0;
	if (c->c->count > 0)
		return (long long)c->c->count;
	/* such a row's n, if any, can only be the old floor(log2 N) */
	return c->c->n >= 0 && c->c->n < 62 ? 1LL << c->c->n : 0;
}

/* r is an ilp configuration of device dev and variant (NULL: any). */
static int ilp_of(const struct rcfg *r, int dev, const char *variant)
{
	return r->dev == dev &&
	       !strcmp(r->c->suite, VOCAB_SUITE_ILP) &&
	       (!variant || !strcmp(r->c->variant, variant));
}

/* Keyed by the count, never by n: see ilp_count. */
const struct rcfg *ilp_find(const struct rctx *x, int dev,
			    const char *variant, long long count, int ilp)
{
	size_t i;

	for (i = 0; i < x->ncfgs; i++)
		if (ilp_of(&x->cfgs[i], dev, variant) &&
		    ilp_count(&x->cfgs[i]) == count &&
		    (ilp < 0 || x->cfgs[i].c->ilp == ilp))
			return &x->cfgs[i];
	return NULL;
}

/* A power of two as note J names its sizes; any other count (one that
 * --sizes asked for) as it is, never rounded to a power. */
void ilp_count_math(long long n, struct rbuf *b)
{
	int k = 0;

	if (n > 0 && !(n & (n - 1))) {
		while ((1LL << k) < n)
			k++;
		rbuf_printf(b, "2^{%d}", k);
		return;
	}
	rbuf_printf(b, "\\num{%lld}", n);
}

/* The L2 size the regimes were judged against: the figure's line and
 * the findings' size must be the one rcfg_regime used. */
double ilp_l2_bytes(const struct rctx *x, int dev)
{
	double l2;
	size_t i;

	/* measure stores the L2 size with each configuration it judged */
	for (i = 0; i < x->ncfgs; i++)
		if (x->cfgs[i].dev == dev && x->cfgs[i].c->l2_bytes > 0)
			return (double)x->cfgs[i].c->l2_bytes;
	l2 = store_prop_bytes(x->devs[dev], "l2_cache_size");
	if (!isfinite(l2))
		l2 = store_prop_bytes(x->devs[dev], "l2_size");
	return l2 > 0 ? l2 : NAN;
}

/* Of the ok configurations of variant (NULL: any) with an ILP in
 * [lo, hi], the one with the highest median GB/s: at N = n the steady
 * ones, for n 0 the L2-resident ones of any N (the cache's bandwidth).
 * NULL when none. */
static const struct rcfg *best_at(const struct rctx *x, int dev,
				  const char *variant, long long n, int lo,
				  int hi)
{
	const struct rcfg *best = NULL;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *c = &x->cfgs[i];

		if (!ilp_of(c, dev, variant) || c->c->ilp < lo ||
		    c->c->ilp > hi || !isfinite(mem_gbs(c)) ||
		    (best && mem_gbs(c) <= mem_gbs(best)))
			continue;
		if (n ? ilp_count(c) == n && rcfg_steady(x, c) :
		    rcfg_ok(c) && (rcfg_regime(x, c) & RULE_L2))
			best = c;
	}
	return best;
}

/* Little's law at the largest steady size: each ILP's rate and the
 * bytes its loads keep in flight per SM, as the kernel's source states
 * it issues them (all ILP loads before the first store), with the
 * resident threads stored with its attributes; the latency ILP 1's
 * rate implies and the bytes per SM the peak needs at it. */
static void facts_little(const struct rctx *x, int dev, long long n,
			 const int *ilps, size_t ni, struct ilp_facts *f)
{
	size_t j;

	f->sms = x->devs[dev]->sm_count;
	f->threads1 = f->kib1 = f->kibbest = f->lat_ns = NAN;
	for (j = 0; j < ni && f->nilp < ILP_MAXN; j++) {
		const struct rcfg *c = ilp_find(x, dev, ILP_KERNEL, n, ilps[j]);
		const struct store_kattr *k = model_kattr(x, c);
		int i = f->nilp++;
		double bpe = c && n > 0 ? c->c->bytes / (2.0 * n) : NAN;

		f->ilps[i] = ilps[j];
		f->gilp[i] = rcfg_steady(x, c) ?
			     rcfg_median(c, VOCAB_METRIC_GBS) : NAN;
		f->pctilp[i] = rule_peak_pct(f->gilp[i], f->peak, NULL);
		f->inflight[i] = k && bpe > 0 ? k->active_threads *
				 (double)ilps[j] * bpe : NAN;
		if (ilps[j] == f->best_ilp)
			f->kibbest = f->inflight[i] / 1024;
		if (ilps[j] != 1 || !k)
			continue;
		f->threads1 = k->active_threads;
		f->kib1 = f->inflight[i] / 1024;
		/* bytes over GB/s are ns */
		f->lat_ns = f->inflight[i] * f->sms / f->gilp[i];
	}
	f->need = f->peak / f->sms * f->lat_ns / 1024;
}

/* One place computes what the findings and the conclusions both state,
 * so that they cannot disagree; see struct ilp_facts. */
int facts_ilp(struct rctx *x, int dev, void *fp)
{
	struct ilp_facts *f = fp;
	long long *sizes = NULL;
	int *ilps = NULL, rc = 0;
	const struct rcfg *one, *best = NULL, *mem, *c;
	size_t ns, ni, i;

	memset(f, 0, sizeof(*f));
	f->g1 = f->gbest = f->pct1 = f->pctbest = NAN;
	f->gmem = f->pctmem = NAN;
	rcmp_clear(&f->cmp);
	rcmp_clear(&f->cmpmem);
	f->peak = x->devs[dev]->peak_mem_gbs > 0 ?
		  x->devs[dev]->peak_mem_gbs : NAN;
	f->l2 = ilp_l2_bytes(x, dev);
	f->l2_cfg = best_at(x, dev, NULL, 0, INT_MIN, INT_MAX);
	f->l2_gbs = mem_gbs(f->l2_cfg);
	ns = ilp_counts(x, dev, ILP_KERNEL, &sizes);
	ni = model_ints(x, dev, VOCAB_SUITE_ILP, ILP_KERNEL, 'i', &ilps);
	/* the largest size with a steady copy: device memory, full waves */
	for (i = ns; !best && i-- > 0; )
		best = best_at(x, dev, ILP_KERNEL, sizes[i], 1, INT_MAX);
	if (!best)
		goto out;
	f->n = ilp_count(best);
	/* ILP 1 against the best above it; without the pair, the best of
	 * whatever ran there */
	one = best_at(x, dev, ILP_KERNEL, f->n, 1, 1);
	if (!one || !(c = best_at(x, dev, ILP_KERNEL, f->n, 2, INT_MAX)))
		one = NULL;
	else
		best = c;
	f->best_ilp = best->c->ilp;
	f->gbest = mem_gbs(best);
	f->pctbest = rule_peak_pct(f->gbest, f->peak, NULL);
	f->g1 = mem_gbs(one);	/* NAN: no ILP 1 */
	f->pct1 = rule_peak_pct(f->g1, f->peak, NULL);
	mem = best_at(x, dev, VOCAB_VARIANT_MEMCPY, f->n, INT_MIN, INT_MAX);
	f->gmem = mem_gbs(mem);
	f->pctmem = rule_peak_pct(f->gmem, f->peak, NULL);
	/* model_compare clears a comparison with a side missing */
	if (model_compare(x, one, best, VOCAB_METRIC_GBS, &f->cmp) == -2 ||
	    model_compare(x, best, mem, VOCAB_METRIC_GBS, &f->cmpmem) == -2)
		rc = -1;
	else
		facts_little(x, dev, f->n, ilps, ni, f);
out:
	free(sizes);
	free(ilps);
	return rc;
}
