/* The facts of the kernel versions (report P) that words are chosen by:
 * each step from one version to the next, the fastest kernel (the
 * library aside) in a steady regime against cuBLAS and its peak. The
 * versions section's findings and the conclusions read the same numbers
 * from here, so that the report never states two different ones. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* Shorter names first (v2 before v10), then in the alphabet's order. */
static int name_cmp(const void *pa, const void *pb)
{
	const char *a = *(const char *const *)pa, *b = *(const char *const *)pb;
	size_t la = strlen(a), lb = strlen(b);

	return la != lb ? (la < lb ? -1 : 1) : strcmp(a, b);
}

size_t versions_names_of(const struct rctx *x, int dev, const char *suite,
			 const char ***out)
{
	size_t n = model_names(x, dev, suite, out), i, k = 0;
	const char *t;

	if (*out && n > 1)
		qsort(*out, n, sizeof(**out), name_cmp);
	/* the registry's versions before a student's own kernels */
	for (i = 0; *out && i < n; i++)
		if (versions_builtin(x, (*out)[i])) {
			t = (*out)[i];
			memmove(*out + k + 1, *out + k, (i - k) * sizeof(t));
			(*out)[k++] = t;
		}
	return n;
}

int versions_sms(const struct rctx *x, int dev)
{
	const struct store_prop *p;

	p = store_device_prop(x->devs[dev], "multiprocessor_count");
	if (p && p->has_num && p->num > 0)
		return (int)p->num;
	return x->devs[dev]->sm_count > 0 ? x->devs[dev]->sm_count : 0;
}

const struct rcfg *versions_best(const struct rctx *x, int dev,
				 const char *suite, const char *variant,
				 int n, int steady)
{
	const struct rcfg *best = NULL;
	double bg = -INFINITY, g;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];
		const struct store_config *c = r->c;

		if (r->dev != dev || strcmp(c->suite, suite) ||
		    (variant && strcmp(c->variant, variant)) ||
		    (n >= 0 && (c->n != n || (c->m && c->m != n) ||
				(c->k && c->k != n))) ||
		    (steady ? !rcfg_steady(x, r) : !rcfg_ok(r)))
			continue;
		g = cfg_gflops(r);
		if (isfinite(g) && g > bg) {
			bg = g;
			best = r;
		}
	}
	return best;
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
static int pair_compare(struct rctx *x, int dev, const char *a,
			const char *b, struct versions_pair *p)
{
	int *ns = NULL;
	size_t i = model_ints(x, dev, VOCAB_SUITE_VERSIONS, a, 'n', &ns);
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

const struct rcfg *versions_fastest(const struct rctx *x, int dev,
				    int steady)
{
	return versions_best(x, dev, VOCAB_SUITE_VERSIONS, NULL, -1, steady);
}

/* 1 when variant is one of the registry's versions: the strings give
 * it a description (the one lookup by name, issue 25 item 8); a
 * student's own kernel (measure --kernel) has none. */
int versions_builtin(const struct rctx *x, const char *variant)
{
	char key[96];

	snprintf(key, sizeof(key), "vers.desc.%s", variant);
	return lang_find(x->L, key) != NULL;
}

int facts_versions(struct rctx *x, int dev, void *vf)
{
	struct versions_facts *f = vf;
	struct versions_pair *p = &f->best_ref;
	const char **vv = NULL, **rv = NULL, *ref, *last;
	size_t nv, nr, i;
	int rc = 0, r;

	memset(f, 0, sizeof(*f));
	f->dev = dev;
	f->sms = versions_sms(x, dev);
	f->pct_peak = NAN;
	nv = versions_names_of(x, dev, VOCAB_SUITE_VERSIONS, &vv);
	/* the library's variant the versions are measured against: a
	 * library routine (KTRAIT_LIBRARY, cuBLAS) when present, else the
	 * first of the reference suite */
	nr = model_names(x, dev, VOCAB_SUITE_REFERENCE, &rv);
	for (i = 0; i < nr && !(model_traits(x, rv[i], 0) & KTRAIT_LIBRARY);
	     i++)
		;
	ref = nr ? rv[i < nr ? i : 0] : NULL;
	free(rv);
	/* one step from each built-in version to the next; each own
	 * kernel against the last built-in one, the one it would replace */
	last = nv && versions_builtin(x, vv[0]) ? vv[0] : NULL;
	for (i = 0; i + 1 < nv && f->nsteps < VF_MAX && !rc; i++) {
		const char *from = vv[i];

		if (versions_builtin(x, vv[i]))
			last = vv[i];
		if (!versions_builtin(x, vv[i + 1]) && last)
			from = last;
		r = pair_compare(x, dev, from, vv[i + 1], &f->step[f->nsteps]);
		if (r < 0)
			rc = -1;
		else if (!r)
			f->nsteps++;
	}
	/* best and % of peak count steady points only (rcfg_steady): a
	 * grid of fewer blocks than SMs measures the idle SMs too */
	f->best = versions_fastest(x, dev, 1);
	f->fastest = versions_fastest(x, dev, 0);
	if (f->fastest == f->best ||
	    (f->best && !(cfg_gflops(f->fastest) > cfg_gflops(f->best))))
		f->fastest = NULL;
	/* the library (a) against the best (b) at its size */
	pair_clear(p);
	if (f->best) {
		p->n = f->best->c->n;
		p->b = f->best;
		p->a = ref ? versions_best(x, dev, VOCAB_SUITE_REFERENCE, ref,
					   p->n, 0) : NULL;
		f->peak = rcfg_peak(x, f->best, &f->peak_which);
		f->pct_peak = rcfg_peak_pct(x, f->best, &f->peak_which,
					    &f->over_peak);
	}
	if (!rc && p->a && model_compare(x, p->a, p->b, VOCAB_METRIC_GFLOPS,
					 &p->cmp) == -2)
		rc = -1;
	f->pct_ref = 100 * p->cmp.ratio;
	free(vv);
	return rc;
}
