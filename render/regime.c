/* What a number measures besides the kernel's speed (the regime), the
 * interval of a median, and the comparison of two configurations: the
 * judgements the tables' marks, the findings and the conclusions share,
 * so that every section reads the data the same way. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "stats.h"
#include "render_int.h"
#include "vocab.h"

/* For older files the store's legacy table derives the grid from the
 * launch geometry of the built-in kernels such files hold. */
long long rcfg_grid(const struct rcfg *c)
{
	if (!c || !c->c)
		return 0;
	if (c->c->grid_blocks > 0)
		return c->c->grid_blocks;
	return store_config_legacy_grid(c->c, ilp_count(c));
}

unsigned model_traits(const struct rctx *x, const char *variant,
		      int64_t session)
{
	const struct store_kernel *k = model_kernel(x, variant, session);

	return k ? k->traits : 0;
}

unsigned rcfg_traits(const struct rctx *x, const struct rcfg *c)
{
	return c && c->c ? model_traits(x, c->c->variant,
					c->c->session_id) : 0;
}

int model_regimes_compute(struct rctx *x)
{
	double *med;
	size_t i, n;

	for (i = 0; i < x->ncfgs; i++) {
		struct rcfg *c = &x->cfgs[i];
		const struct store_stat *st = rcfg_stat(c, VOCAB_METRIC_KERNEL);

		/* the L2 size where the ILP figure takes it */
		c->regime = (c->c->grid_blocks > 0 ? 0 : RG_DERIVED) |
			store_config_regime(c->c, x->devs[c->dev],
				model_session(x, c->c->session_id),
				st ? st->s.median : NAN,
				store_session_top_clock(x->rawcfgs,
					x->nrawcfgs, c->c->session_id),
				rcfg_grid(c), ilp_l2_bytes(x, c->dev));
	}
	/* the kernel times by rawcfgs' index, for the store's pairs */
	med = malloc(2 * (x->nrawcfgs + 1) * sizeof(*med));
	if (!med)
		return -1;
	for (i = 0; i < x->nrawcfgs; i++)
		med[i] = NAN;
	for (i = 0; i < x->ncfgs; i++)
		med[x->cfgs[i].c - x->rawcfgs] = rcfg_median(&x->cfgs[i],
							VOCAB_METRIC_KERNEL);
	n = store_config_spread(x->rawcfgs, med, x->nrawcfgs, med +
				x->nrawcfgs + 1);
	x->threshold = rule_threshold(med + x->nrawcfgs + 1, n);
	x->threshold_pairs = n;
	free(med);
	return 0;
}

unsigned rcfg_regime(const struct rctx *x, const struct rcfg *c)
{
	(void)x;
	return c && c->c ? c->regime : 0;
}

unsigned rcfg_marks(const struct rctx *x, const struct rcfg *c)
{
	unsigned r;

	if (!rcfg_ok(c))
		return 0;
	r = rcfg_regime(x, c) & ~(unsigned)RG_DERIVED;
	if (!rcfg_stat(c, VOCAB_METRIC_GBS))
		r &= ~(unsigned)RULE_L2;
	return r;
}

int rcfg_steady(const struct rctx *x, const struct rcfg *c)
{
	if (!rcfg_ok(c))
		return 0;
	return rule_counts(rcfg_regime(x, c),
			   rcfg_stat(c, VOCAB_METRIC_GBS) != NULL);
}

static const struct {
	unsigned bit;
	const char *letter, *key;
} marks[] = {
	{RULE_LAUNCH, "l", "regime.launch"},
	{RULE_IDLE, "w", "regime.wave"},
	{RULE_L2, "c", "regime.l2"},
	{RULE_THROTTLE, "t", "regime.throttle"},
};

void regime_marks(const struct rctx *x, unsigned r, struct rbuf *b)
{
	size_t i;

	(void)x;
	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (r & marks[i].bit)
			rbuf_printf(b, "\\rgmark{%s}", marks[i].letter);
}

void regime_note(const struct rctx *x, unsigned seen, struct rbuf *b,
		 const char *key)
{
	size_t i, len = b->len;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (seen & marks[i].bit)
			rbuf_printf(b, "%s\\rgmark{%s}~%s", b->len > len ?
				    "; " : len ? " " : "", marks[i].letter,
				    lang_get(x->L, marks[i].key));
	if (!key)
		key = seen & RG_DERIVED ? "regime.derived" : "regime.stored";
	if (b->len > len)
		rbuf_printf(b, ". %s", lang_get(x->L, key));
}

/* The stored samples of metric in c, sorted; *n = 0 when the database
 * keeps none. -1 when the store fails (model_store_fail: the report is
 * refused even where the caller goes on without the samples). */
static int samples_sorted(struct rctx *x, const struct rcfg *c,
			  const char *metric, double **v, size_t *n)
{
	*v = NULL;
	*n = 0;
	if (store_sample_get(x->st, c->c->id, metric, v, n)) {
		model_store_fail(x, "samples");
		return -1;
	}
	if (*n)
		qsort(*v, *n, sizeof(**v), rule_cmp_dbl);
	return 0;
}

int rcfg_median_ci(struct rctx *x, const struct rcfg *c, const char *metric,
		   double *med, double *lo, double *hi)
{
	double *v = NULL;
	size_t n = 0;

	*med = rcfg_median(c, metric);
	*lo = *hi = NAN;
	if (!isfinite(*med))
		return -1;
	if (samples_sorted(x, c, metric, &v, &n))
		return -1;
	if (n)
		stats_median_ci(v, n, 0.95, lo, hi);
	free(v);
	return 0;
}

/* The sorted samples of metric (an XFER_* quantity too) in c and the
 * range for cmp_judge's exact test where a slim file kept none: a
 * stored statistic's. */
static int compare_side(struct rctx *x, const struct rcfg *c,
			const char *metric, double **v, size_t *n,
			struct cmp_range *r)
{
	const struct store_stat *s = rcfg_stat(c, metric);
	int rc = xfer_samples(x, c, metric, v, n, r);

	if (rc != 1)
		return rc;
	*r = s ? (struct cmp_range){s->s.min, s->s.max, s->s.n} :
		 (struct cmp_range){NAN, NAN, 0};
	return samples_sorted(x, c, metric, v, n);
}

int model_compare(struct rctx *x, const struct rcfg *a, const struct rcfg *b,
		  const char *metric, struct rcmp *r)
{
	double *sa = NULL, *sb = NULL;
	size_t na = 0, nb = 0;
	struct cmp_range ra, rb;
	struct cmp_judgement j;
	int rc = 0;

	rcmp_clear(r);
	r->a = xfer_value(x, a, metric);
	r->b = xfer_value(x, b, metric);
	if (!isfinite(r->a) || !isfinite(r->b))
		return -1;
	r->interleaved = a->c->session_id == b->c->session_id &&
			 a->c->grp > 0 && a->c->grp == b->c->grp;
	r->gain = stats_gain_percent(r->a, r->b);
	if (compare_side(x, a, metric, &sa, &na, &ra) ||
	    compare_side(x, b, metric, &sb, &nb, &rb)) {
		r->ratio = r->a != 0 ? r->b / r->a : NAN;
		rc = -2;
		goto out;
	}
	/* the judgement mmreport compare makes too (analysis/compare.h) */
	cmp_judge(sa, na, sb, nb, r->a, r->b, &ra, &rb, x->threshold, &j);
	r->ratio = j.ratio;
	r->p = j.p;
	r->ranges = j.ranges;
	r->verdict = j.verdict;
	r->signif = r->verdict == RULE_HIGHER || r->verdict == RULE_LOWER;
	r->hl = j.hl;
	r->hl_lo = j.hl_lo;
	r->hl_hi = j.hl_hi;
out:
	free(sa);
	free(sb);
	return rc;
}

double rcfg_clock_mhz(const struct rctx *x, const struct rcfg *c)
{
	const struct store_session *s;
	const struct store_config *k = c->c;

	if (k->start_sm_clock_mhz > 0 && k->end_sm_clock_mhz > 0)
		return (k->start_sm_clock_mhz + k->end_sm_clock_mhz) / 2;
	if (k->end_sm_clock_mhz > 0)
		return k->end_sm_clock_mhz;
	s = model_session(x, k->session_id);
	/* older databases: the session's last reading, taken just after
	 * the sweep, under the load it ran */
	if (s && s->env_end.has_sm_clock && s->env_end.sm_clock_mhz > 0)
		return s->env_end.sm_clock_mhz;
	return NAN;
}

double rcfg_peak(const struct rctx *x, const struct rcfg *c, int *which)
{
	const struct store_device *d = x->devs[c->dev];
	const struct store_prop *p64 = store_device_prop(d, "peak_fp64");
	double p32 = rcfg_peak_fp32(x, c), scale, tc;

	*which = RULE_PEAK_FP32;
	if (!c->c->precision || strcmp(c->c->precision, VOCAB_PREC_FP64))
		return p32;
	*which = RULE_PEAK_FP64;
	if (!p64 || !p64->has_num || !(d->peak_fp32_gflops > 0))
		return NAN;
	/* the same clock scaling as the FP32 peak's */
	scale = isfinite(p32) ? p32 / d->peak_fp32_gflops : 1;
	tc = rule_peak_fp64_tc(d->cc_major, d->cc_minor, p64->num);
	if (isfinite(tc) && (rcfg_traits(x, c) & KTRAIT_TENSOR_FP64)) {
		*which = RULE_PEAK_FP64_TC;
		return tc * scale;
	}
	return p64->num * scale;
}

double rcfg_peak_pct(const struct rctx *x, const struct rcfg *c,
		     int *which, int *over)
{
	int w;

	/* which is optional: a caller may want the share alone */
	return rule_peak_pct(cfg_gflops(c), rcfg_peak(x, c, which ? which : &w),
			     over);
}

double rcfg_peak_fp32(const struct rctx *x, const struct rcfg *c)
{
	const struct store_device *d = x->devs[c->dev];
	const struct store_prop *p = store_device_prop(d, "clock_rate");
	double mhz = rcfg_clock_mhz(x, c);

	if (!(d->peak_fp32_gflops > 0))
		return NAN;
	if (!isfinite(mhz) || !p || !p->has_num || !(p->num > 0))
		return d->peak_fp32_gflops;
	return d->peak_fp32_gflops * mhz / p->num;
}
