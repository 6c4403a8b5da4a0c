/* The measured facts of note J's experiment (the `ilp` suite) on one
 * device: what the ILP section's findings state and what the conclusions
 * set beside note J, computed once here so that both print the same
 * numbers. Only steady points (rcfg_steady: device memory, a full wave)
 * count as "best" and "% of peak"; the L2-resident points are reported
 * as the cache's bandwidth, apart. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* The copy kernel of the suite (kernels/ registry name). */
#define ILP_KERNEL VOCAB_VARIANT_COPY_ILP
/* A size belongs to the plateau when its median is within this fraction
 * of the median at the largest steady size. */
#define ILP_PLATEAU_TOL 0.10

/* N from the count where the database stores it, so that the older
 * databases, whose n holds log2 N, and the newer ones read alike. */
long long ilp_count(const struct rcfg *c)
{
	if (!c || !c->c)
		return 0;
	if (c->c->count > 0)
		return (long long)c->c->count;
	/* databases before the count column: n holds log2 N */
	return c->c->n >= 0 && c->c->n < 62 ? 1LL << c->c->n : 0;
}

/* The share of the peak at the clock recorded with the device; NAN
 * where no peak is known, so that no sentence invents one. */
double ilp_pct_peak(const struct rctx *x, int dev, double gbs)
{
	double peak = x->devs[dev]->peak_mem_gbs;

	return peak > 0 && isfinite(gbs) ? 100.0 * gbs / peak : NAN;
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
	l2 = model_prop_bytes(x->devs[dev], "l2_cache_size");
	if (!isfinite(l2))
		l2 = model_prop_bytes(x->devs[dev], "l2_size");
	return l2 > 0 ? l2 : NAN;
}

/* The steady configuration of the copy kernel with this ILP at size
 * index n, or NULL. */
static const struct rcfg *steady_at(const struct rctx *x, int dev, int n,
				    int ilp)
{
	const struct rcfg *c = model_find(x, dev, VOCAB_SUITE_ILP, ILP_KERNEL,
					  NULL, n, -1, ilp);

	return c && rcfg_steady(x, c) &&
	       isfinite(rcfg_median(c, VOCAB_METRIC_GBS)) ? c : NULL;
}

/* The ILP >= from with the highest median at size index n among the
 * steady ones, or NULL. */
static const struct rcfg *best_at(const struct rctx *x, int dev, int n,
				  const int *ilps, size_t ni, int from)
{
	const struct rcfg *best = NULL, *c;
	size_t j;

	for (j = 0; j < ni; j++) {
		if (ilps[j] < from || !(c = steady_at(x, dev, n, ilps[j])))
			continue;
		if (!best || rcfg_median(c, VOCAB_METRIC_GBS) >
			     rcfg_median(best, VOCAB_METRIC_GBS))
			best = c;
	}
	return best;
}

static void facts_clear(struct ilp_facts *f)
{
	memset(f, 0, sizeof(*f));
	f->g1 = f->gbest = f->pct1 = f->pctbest = NAN;
	f->gmem = f->pctmem = f->l2_gbs = f->plateau_gbs = NAN;
	f->cmp.a = f->cmp.b = f->cmp.gain = f->cmp.ratio = NAN;
	f->cmp.p = -1;
	f->cmpmem = f->cmp;
	f->tol_pct = 100.0 * ILP_PLATEAU_TOL;
}

/* The highest L2-resident median of any variant. */
static void facts_l2(const struct rctx *x, int dev, struct ilp_facts *f)
{
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *c = &x->cfgs[i];
		double g;

		if (c->dev != dev || strcmp(c->c->suite, VOCAB_SUITE_ILP) ||
		    !rcfg_ok(c) || !(rcfg_regime(x, c) & RG_L2))
			continue;
		g = rcfg_median(c, VOCAB_METRIC_GBS);
		if (isfinite(g) && !(g <= f->l2_gbs)) {
			f->l2_gbs = g;
			f->l2_cfg = c;
		}
	}
}

/* The smallest steady size from which the best ILP stays within the
 * tolerance of its median at the largest steady size. */
static void facts_plateau(const struct rctx *x, int dev, const int *sizes,
			  size_t top, struct ilp_facts *f)
{
	const struct rcfg *c;
	size_t i = top + 1;

	f->plateau_gbs = f->gbest;
	while (i-- > 0) {
		c = steady_at(x, dev, sizes[i], f->best_ilp);
		if (!c)
			break;
		if (fabs(rcfg_median(c, VOCAB_METRIC_GBS) - f->gbest) >
		    ILP_PLATEAU_TOL * f->gbest) {
			f->plateau_short = 1;
			break;
		}
		f->plateau_n = ilp_count(c);
		f->plateau_at = c;
	}
}

/* One place computes what the findings and the conclusions both state,
 * so that they cannot disagree; see struct ilp_facts. */
int facts_ilp(struct rctx *x, int dev, struct ilp_facts *f)
{
	int *sizes = NULL, *ilps = NULL, rc = 0;
	const struct rcfg *one, *best, *mem;
	size_t ns, ni, i, top = 0;

	facts_clear(f);
	f->peak = x->devs[dev]->peak_mem_gbs > 0 ?
		  x->devs[dev]->peak_mem_gbs : NAN;
	f->l2 = ilp_l2_bytes(x, dev);
	facts_l2(x, dev, f);
	ns = model_ints(x, dev, VOCAB_SUITE_ILP, ILP_KERNEL, NULL, 'n', &sizes);
	ni = model_ints(x, dev, VOCAB_SUITE_ILP, ILP_KERNEL, NULL, 'i', &ilps);
	/* the largest size with a steady copy: device memory, full waves */
	for (i = ns; i-- > 0 && !f->n; ) {
		f->n = ilp_count(best_at(x, dev, sizes[i], ilps, ni, 1));
		top = i;
	}
	if (!f->n)
		goto out;
	f->at_n = sizes[top];
	one = steady_at(x, dev, sizes[top], 1);
	best = best_at(x, dev, sizes[top], ilps, ni, 2);
	if (!best || !one) {
		/* no pair to compare: the best of whatever ran there */
		best = best_at(x, dev, sizes[top], ilps, ni, 1);
		one = NULL;
	}
	f->best_ilp = best->c->ilp;
	f->gbest = rcfg_median(best, VOCAB_METRIC_GBS);
	f->pctbest = ilp_pct_peak(x, dev, f->gbest);
	if (one) {
		f->g1 = rcfg_median(one, VOCAB_METRIC_GBS);
		f->pct1 = ilp_pct_peak(x, dev, f->g1);
		if (model_compare(x, one, best, VOCAB_METRIC_GBS,
				  &f->cmp) == -2) {
			rc = -1;
			goto out;
		}
		f->cmp_ranges = f->cmp.ranges;
	}
	mem = model_find(x, dev, VOCAB_SUITE_ILP, VOCAB_VARIANT_MEMCPY, NULL,
			 sizes[top], -1, -1);
	if (mem && rcfg_steady(x, mem) &&
	    isfinite(rcfg_median(mem, VOCAB_METRIC_GBS))) {
		f->gmem = rcfg_median(mem, VOCAB_METRIC_GBS);
		f->pctmem = ilp_pct_peak(x, dev, f->gmem);
		if (model_compare(x, best, mem, VOCAB_METRIC_GBS,
				  &f->cmpmem) == -2) {
			rc = -1;
			goto out;
		}
		f->cmpmem_ranges = f->cmpmem.ranges;
	}
	facts_plateau(x, dev, sizes, top, f);
out:
	free(sizes);
	free(ilps);
	return rc;
}
