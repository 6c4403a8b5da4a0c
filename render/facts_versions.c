/* The facts of the kernel versions (report P) that words are chosen by:
 * each step from one version to the next, the fastest kernel (the
 * library aside) in a steady regime against cuBLAS and the FP32 peak,
 * the block sizes. The
 * versions section's findings and the conclusions read the same numbers
 * from here, so that the report never states two different ones. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* Report P's versions are named v and a number; an own kernel
 * (measure --kernel) has any other name. */
static int is_report_version(const char *s)
{
	if (*s++ != 'v' || !isdigit((unsigned char)*s))
		return 0;
	while (isdigit((unsigned char)*s))
		s++;
	return !*s;
}

/* Report P's versions first, then own kernels; each in natural order:
 * v2 before v10, digit runs by value. */
static int name_cmp(const void *pa, const void *pb)
{
	const unsigned char *a = *(const unsigned char *const *)pa;
	const unsigned char *b = *(const unsigned char *const *)pb;
	int pa_ = is_report_version((const char *)a);
	int pb_ = is_report_version((const char *)b);

	if (pa_ != pb_)
		return pa_ ? -1 : 1;

	while (*a && *b) {
		if (isdigit(*a) && isdigit(*b)) {
			const unsigned char *ea = a, *eb = b;

			while (*a == '0')
				a++;
			while (*b == '0')
				b++;
			for (ea = a; isdigit(*ea); ea++)
				;
			for (eb = b; isdigit(*eb); eb++)
				;
			if (ea - a != eb - b)
				return ea - a < eb - b ? -1 : 1;
			for (; a < ea; a++, b++)
				if (*a != *b)
					return *a < *b ? -1 : 1;
			continue;
		}
		if (*a != *b)
			return *a < *b ? -1 : 1;
		a++;
		b++;
	}
	return (*a > *b) - (*a < *b);
}

size_t versions_names_of(const struct rctx *x, int dev, const char *suite,
			 const char ***out)
{
	size_t n = model_names(x, dev, suite, NULL, 'v', out);

	if (*out && n > 1)
		qsort(*out, n, sizeof(**out), name_cmp);
	return n;
}

size_t versions_names(const struct rctx *x, int dev, const char ***out)
{
	return versions_names_of(x, dev, VOCAB_SUITE_VERSIONS, out);
}

int versions_sms(const struct rctx *x, int dev)
{
	const struct store_prop *p;

	p = model_prop(x->devs[dev], "multiprocessor_count");
	if (p && p->has_num && p->num > 0)
		return (int)p->num;
	return x->devs[dev]->sm_count > 0 ? x->devs[dev]->sm_count : 0;
}

/* Which configurations of device dev a search for the fastest takes:
 * suite's, of variant (NULL: any), at size n (n < 0: any, unless
 * square), only square ones (m and k n or unset) where square is set,
 * only the variants only[0..nonly-1] where only is not NULL. */
struct vfilter {
	const char *suite, *variant;
	int n, square;
	const char *const *only;
	size_t nonly;
};

/* The configuration f takes with the highest median GFLOP/s among the
 * steady ones (steady set) or the ok ones; NULL when none. */
static const struct rcfg *fastest_where(const struct rctx *x, int dev,
					const struct vfilter *f, int steady)
{
	const struct rcfg *best = NULL;
	double bg = -INFINITY, g;
	size_t i, j;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];
		const struct store_config *c = r->c;

		if (r->dev != dev || strcmp(c->suite, f->suite) ||
		    (f->variant && strcmp(c->variant, f->variant)) ||
		    ((f->n >= 0 || f->square) && c->n != f->n) ||
		    (f->square && ((c->m && c->m != f->n) ||
				   (c->k && c->k != f->n))) ||
		    (steady ? !rcfg_steady(x, r) : !rcfg_ok(r)))
			continue;
		for (j = 0; j < f->nonly && strcmp(f->only[j], c->variant);
		     j++)
			;
		if (f->only && j == f->nonly)
			continue;
		g = rcfg_median(r, VOCAB_METRIC_GFLOPS);
		if (isfinite(g) && g > bg) {
			bg = g;
			best = r;
		}
	}
	return best;
}

const struct rcfg *versions_best(const struct rctx *x, int dev,
				 const char *suite, const char *variant,
				 int n, int steady)
{
	const struct vfilter f = {suite, variant, n, 1, NULL, 0};

	return fastest_where(x, dev, &f, steady);
}

/* An empty pair: no configurations, an untested comparison. */
static void pair_clear(struct versions_pair *p)
{
	memset(p, 0, sizeof(*p));
	rcmp_clear(&p->cmp);
}

/* Versions a and b at the largest size both measured, each at its best
 * block there. 0, 1 when they share no size (a, b NULL), -1 when the
 * store fails. */
int versions_pair_compare(struct rctx *x, int dev, const char *a,
			  const char *b, struct versions_pair *p)
{
	int *ns = NULL;
	size_t i = model_ints(x, dev, VOCAB_SUITE_VERSIONS, a, NULL, 'n', &ns);
	int rc = 1;

	pair_clear(p);
	while (i-- > 0 && rc == 1) {
		p->a = versions_best(x, dev, VOCAB_SUITE_VERSIONS, a, ns[i], 0);
		p->b = versions_best(x, dev, VOCAB_SUITE_VERSIONS, b, ns[i], 0);
		p->n = ns[i];
		if (p->a && p->b)
			rc = model_compare(x, p->a, p->b, VOCAB_METRIC_GFLOPS,
					   &p->cmp) == -2 ? -1 : 0;
	}
	if (rc == 1)
		pair_clear(p);
	free(ns);
	return rc;
}

/* The SM clock the configuration ran at, as recorded: its own readings
 * (schema 3), else its session's; NAN when none was recorded. */
static double recorded_clock(const struct rctx *x, const struct rcfg *c)
{
	const struct store_session *s = model_session(x, c->c->session_id);
	double v[4] = {c->c->start_sm_clock_mhz, c->c->end_sm_clock_mhz,
		       s && s->env_start.has_sm_clock ?
		       s->env_start.sm_clock_mhz : 0,
		       s && s->env_end.has_sm_clock ? s->env_end.sm_clock_mhz :
		       0}, sum = 0;
	int i, k = 0;

	for (i = 0; i < 4 && !(i == 2 && k); i++)
		if (v[i] > 0) {
			sum += v[i];
			k++;
		}
	return k ? sum / k : NAN;
}

/* The FP32 peak of device dev at the clock c was measured at: the
 * stored peak (at the rated clock) scaled to the recorded clock. *clk
 * gets the recorded clock, NAN when unknown (the peak is then the
 * rated one). */
static double peak_at(const struct rctx *x, int dev, const struct rcfg *c,
		      double *clk)
{
	const struct store_device *d = x->devs[dev];
	const struct store_prop *rated = model_prop(d, "clock_rate");
	double peak = d->peak_fp32_gflops > 0 ? d->peak_fp32_gflops : NAN;

	*clk = recorded_clock(x, c);
	if (!isfinite(*clk) || !rated || !rated->has_num || rated->num <= 0) {
		*clk = NAN;
		return peak;
	}
	return peak * *clk / rated->num;
}

/* The library's variant the versions are measured against: a library
 * routine (KTRAIT_LIBRARY, cuBLAS) when present, else the first of the
 * reference suite. */
static const char *ref_variant(const struct rctx *x, int dev)
{
	const char **rv = NULL, *r = NULL;
	size_t n, i;

	n = model_names(x, dev, VOCAB_SUITE_REFERENCE, NULL, 'v', &rv);
	for (i = 0; i < n && !(model_traits(x, rv[i], 0) & KTRAIT_LIBRARY);
	     i++)
		;
	if (n)
		r = rv[i < n ? i : 0];
	free(rv);
	return r;
}

const struct rcfg *versions_fastest(const struct rctx *x, int dev, int n,
				    int steady, const char *const *only,
				    size_t nonly)
{
	const struct vfilter f = {
		VOCAB_SUITE_VERSIONS, NULL, n, 0, only, nonly
	};

	return fastest_where(x, dev, &f, steady);
}

/* The block-size fact of variant v: its best and next best block at the
 * largest size where it has two. 0, 1 when it has no such size, -1. */
static int block_fact(struct rctx *x, int dev, const char *v,
		      struct versions_block *b)
{
	int *ns = NULL;
	size_t nn, i, j;
	int rc = 1;

	memset(b, 0, sizeof(*b));
	b->variant = v;
	nn = model_ints(x, dev, VOCAB_SUITE_VERSIONS, v, NULL, 'n', &ns);
	for (i = nn; i-- > 0 && rc == 1;) {
		const struct rcfg *best, *next = NULL;
		double ng = -INFINITY;

		best = versions_best(x, dev, VOCAB_SUITE_VERSIONS, v, ns[i], 0);
		if (!best)
			continue;
		for (j = 0; j < x->ncfgs; j++) {
			const struct rcfg *r = &x->cfgs[j];
			double g = rcfg_median(r, VOCAB_METRIC_GFLOPS);

			if (r == best || r->dev != dev ||
			    strcmp(r->c->suite, VOCAB_SUITE_VERSIONS) ||
			    strcmp(r->c->variant, v) || r->c->n != ns[i] ||
			    r->c->m != best->c->m || r->c->k != best->c->k ||
			    !rcfg_ok(r) || !isfinite(g) || g <= ng)
				continue;
			ng = g;
			next = r;
		}
		if (!next)
			continue;
		b->n = ns[i];
		b->best = best;
		b->next = next;
		rc = model_compare(x, next, best, VOCAB_METRIC_GFLOPS,
				   &b->cmp) == -2 ? -1 : 0;
	}
	free(ns);
	return rc;
}

/* cuBLAS against the own configuration own at its size into *p (a =
 * cuBLAS, b = own) and the percentage. -1 when the store fails. */
static int against_ref(struct rctx *x, int dev, const char *ref,
		       const struct rcfg *own, struct versions_pair *p,
		       double *pct)
{
	pair_clear(p);
	*pct = NAN;
	if (!own)
		return 0;
	p->n = own->c->n;
	p->b = own;
	p->a = ref ? versions_best(x, dev, VOCAB_SUITE_REFERENCE, ref,
				   own->c->n, 0) : NULL;
	if (!p->a)
		return 0;
	if (model_compare(x, p->a, p->b, VOCAB_METRIC_GFLOPS, &p->cmp) == -2)
		return -1;
	*pct = 100 * p->cmp.ratio;
	return 0;
}

int facts_versions(struct rctx *x, int dev, struct versions_facts *f)
{
	const char **vv = NULL, *ref, *last;
	int *ns = NULL;
	size_t nv, nn, i;
	int rc = 0, r;

	memset(f, 0, sizeof(*f));
	f->dev = dev;
	f->sms = versions_sms(x, dev);
	f->pct_peak = f->peak = f->clock_mhz = NAN;
	nv = versions_names(x, dev, &vv);
	ref = ref_variant(x, dev);
	/* one step from each of report P's versions to the next; each own
	 * kernel against the last of report P's, the one it would replace */
	last = nv && is_report_version(vv[0]) ? vv[0] : NULL;
	for (i = 0; i + 1 < nv && f->nsteps < VF_MAX && !rc; i++) {
		const char *from = vv[i];

		if (is_report_version(vv[i]))
			last = vv[i];
		if (!is_report_version(vv[i + 1]) && last)
			from = last;
		r = versions_pair_compare(x, dev, from, vv[i + 1],
					  &f->step[f->nsteps]);
		if (r < 0)
			rc = -1;
		else if (!r)
			f->nsteps++;
	}
	for (i = 0; i < nv && f->nblocks < VF_MAX && !rc; i++) {
		r = block_fact(x, dev, vv[i], &f->block[f->nblocks]);
		if (r < 0)
			rc = -1;
		else if (!r)
			f->nblocks++;
	}
	/* best and % of peak count steady points only: a grid below one
	 * wave or a launch-bound time measures the GPU's idling */
	f->best = versions_fastest(x, dev, -1, 1, NULL, 0);
	f->fastest = versions_fastest(x, dev, -1, 0, NULL, 0);
	if (f->fastest == f->best ||
	    (f->best && !(rcfg_median(f->fastest, VOCAB_METRIC_GFLOPS) >
			  rcfg_median(f->best, VOCAB_METRIC_GFLOPS))))
		f->fastest = NULL;
	if (!rc)
		rc = against_ref(x, dev, ref, f->best, &f->best_ref,
				 &f->pct_ref);
	if (f->best) {
		f->peak = peak_at(x, dev, f->best, &f->clock_mhz);
		f->pct_peak = rule_peak_pct(rcfg_median(f->best,
				VOCAB_METRIC_GFLOPS), f->peak, NULL);
	}
	/* the largest size measured by an own kernel in a steady regime
	 * and by the library */
	nn = model_ints(x, dev, VOCAB_SUITE_VERSIONS, NULL, NULL, 'n', &ns);
	for (i = nn; i-- > 0 && ref && !rc;) {
		const struct rcfg *own = versions_fastest(x, dev, ns[i], 1,
						       NULL, 0);

		if (!own || !versions_best(x, dev, VOCAB_SUITE_REFERENCE, ref,
					   ns[i], 0))
			continue;
		rc = against_ref(x, dev, ref, own, &f->top, &f->top_pct);
		break;
	}
	free(ns);
	free(vv);
	return rc;
}
