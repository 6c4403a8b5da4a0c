/* What a number measures besides the kernel's speed (the regime), the
 * interval of a median, and the comparison of two configurations: the
 * judgements the tables' marks, the findings and the conclusions share,
 * so that every section reads the data the same way. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

double model_prop_bytes(const struct store_device *d, const char *key)
{
	const struct store_prop *p = model_prop(d, key);
	double f = 1;

	if (!p || !p->has_num)
		return NAN;
	if (p->unit && !strcmp(p->unit, "KiB"))
		f = 1024;
	else if (p->unit && !strcmp(p->unit, "MiB"))
		f = 1048576;
	else if (p->unit && !strcmp(p->unit, "GiB"))
		f = 1073741824;
	return p->num * f;
}

static long long ceil_div(long long a, long long b)
{
	return b > 0 ? (a + b - 1) / b : 0;
}

static long long legacy_geometry(const struct rcfg *r);

/* The grid of a built-in kernel, from its launch geometry: the measure
 * side of databases older than schema 3 did not store it, and these are
 * the only kernels such databases hold. 0: unknown (a library call, a
 * kernel this renderer does not know). */
static long long legacy_grid(const struct rcfg *r)
{
	if (r->c->grid_blocks > 0)
		return r->c->grid_blocks;
	return legacy_geometry(r);
}

long long rcfg_grid(const struct rcfg *c)
{
	return c && c->c ? legacy_grid(c) : 0;
}

static long long legacy_geometry(const struct rcfg *r)
{
	const struct store_config *c = r->c;
	const char *v = c->variant ? c->variant : "";
	long long bx = c->block_x, by = c->block_y ? c->block_y : c->block_x;
	long long count;

	if (bx <= 0)
		return 0;
	if (!strcmp(c->suite, VOCAB_SUITE_VERSIONS) ||
	    !strcmp(c->suite, VOCAB_SUITE_TRANSFER)) {
		if (!strcmp(v, VOCAB_VARIANT_V1))
			return 1;
		if (!strcmp(v, VOCAB_VARIANT_V5))
			return ceil_div(c->n, 2 * bx) * ceil_div(c->m ? c->m :
							      c->n, 2 * by);
		if (!strcmp(v, VOCAB_VARIANT_V2) ||
		    !strcmp(v, VOCAB_VARIANT_V3) ||
		    !strcmp(v, VOCAB_VARIANT_V4) ||
		    !strcmp(v, VOCAB_VARIANT_SIMPLE) ||
		    !strcmp(v, VOCAB_VARIANT_SHARED))
			return ceil_div(c->n, bx) * ceil_div(c->m ? c->m :
							      c->n, by);
		return 0;
	}
	if (!strcmp(c->suite, VOCAB_SUITE_ILP) &&
	    !strcmp(v, VOCAB_VARIANT_COPY_ILP)) {
		count = ilp_count(r);
		return ceil_div(ceil_div(count, c->ilp > 0 ? c->ilp : 1), bx);
	}
	return 0;
}

static unsigned regime_parse(const char *s)
{
	unsigned r = 0;

	if (strstr(s, "launch_bound"))
		r |= RG_LAUNCH;
	if (strstr(s, "below_wave"))
		r |= RG_WAVE;
	if (strstr(s, "l2_resident"))
		r |= RG_L2;
	if (strstr(s, "throttled"))
		r |= RG_THROTTLE;
	return r;
}

unsigned rcfg_regime(const struct rctx *x, const struct rcfg *c)
{
	const struct store_device *d;
	const struct store_session *s;
	const struct store_kattr *a;
	const struct store_prop *p;
	double l2, sms;
	long long grid, wave;
	unsigned r = RG_DERIVED;

	if (!c || !c->c)
		return 0;
	if (c->c->regime)
		return regime_parse(c->c->regime);
	d = x->devs[c->dev];
	l2 = model_prop_bytes(d, "l2_cache_size");
	if (!isfinite(l2))
		l2 = model_prop_bytes(d, "l2_size");
	s = model_session(x, c->c->session_id);
	/* a cold session scrubbed L2 before each sample */
	if (isfinite(l2) && l2 > 0 && c->c->bytes > 0 &&
	    c->c->bytes <= l2 && !(s && s->cold > 0))
		r |= RG_L2;
	p = model_prop(d, "multiprocessor_count");
	sms = p && p->has_num ? p->num : NAN;
	grid = legacy_grid(c);
	a = model_kattr(x, c->c->session_id, c->c->variant, c->c->block_x);
	wave = isfinite(sms) ? (long long)sms *
	       (a && a->active_blocks > 0 ? a->active_blocks : 1) : 0;
	if (grid > 0 && wave > 0 && grid < wave)
		r |= RG_WAVE;
	return r;
}

int rcfg_steady(const struct rctx *x, const struct rcfg *c)
{
	unsigned r;

	if (!rcfg_ok(c))
		return 0;
	r = rcfg_regime(x, c);
	/* a product's FLOP rate is not the cache's: L2 residency matters
	 * where the number is a device-memory bandwidth (the bank suite
	 * reads shared memory, where it does not) */
	if (!strcmp(c->c->suite, VOCAB_SUITE_ILP) ||
	    !strcmp(c->c->suite, VOCAB_SUITE_TRANSPOSE) ||
	    !strcmp(c->c->suite, VOCAB_SUITE_COALESCE) ||
	    !strcmp(c->c->suite, VOCAB_SUITE_DOT))
		return !(r & (RG_LAUNCH | RG_WAVE | RG_L2));
	return !(r & (RG_LAUNCH | RG_WAVE));
}

static const struct {
	unsigned bit;
	const char *letter, *key;
} marks[] = {
	{RG_LAUNCH, "l", "regime.launch"},
	{RG_WAVE, "w", "regime.wave"},
	{RG_L2, "c", "regime.l2"},
	{RG_THROTTLE, "t", "regime.throttle"},
};

void regime_marks(const struct rctx *x, unsigned r, struct rbuf *b)
{
	size_t i;

	(void)x;
	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (r & marks[i].bit)
			rbuf_printf(b, "\\rgmark{%s}", marks[i].letter);
}

int regime_note_marks(const struct rctx *x, unsigned seen, struct rbuf *b)
{
	size_t i;
	int first = 1;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		if (!(seen & marks[i].bit))
			continue;
		rbuf_printf(b, "%s\\rgmark{%s}~%s", first ? "" : "; ",
			    marks[i].letter, lang_get(x->L, marks[i].key));
		first = 0;
	}
	return !first;
}

void regime_note(const struct rctx *x, unsigned seen, struct rbuf *b)
{
	if (regime_note_marks(x, seen, b)) {
		rbuf_puts(b, ". ");
		if (seen & RG_DERIVED)
			rbuf_puts(b, lang_get(x->L, "regime.derived"));
		else
			rbuf_puts(b, lang_get(x->L, "regime.stored"));
	}
}

static int cmp_dbl(const void *a, const void *b)
{
	double u = *(const double *)a, w = *(const double *)b;

	return (u > w) - (u < w);
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
		qsort(*v, *n, sizeof(**v), cmp_dbl);
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

/* The exact test of disjoint stored ranges (see model_compare). */
static void compare_ranges(const struct store_stat *sa,
			   const struct store_stat *sb, struct rcmp *r)
{
	double na, nb;

	if (!sa || !sb || !sa->s.n || !sb->s.n ||
	    !(sa->s.max < sb->s.min || sb->s.max < sa->s.min))
		return;
	na = (double)sa->s.n;
	nb = (double)sb->s.n;
	r->p = fmin(1.0, exp(log(2.0) - (lgamma(na + nb + 1) -
		    lgamma(na + 1) - lgamma(nb + 1))));
	r->signif = r->p < 0.05;
	r->ranges = 1;
}

int model_compare(struct rctx *x, const struct rcfg *a, const struct rcfg *b,
		  const char *metric, struct rcmp *r)
{
	double *sa = NULL, *sb = NULL;
	size_t na = 0, nb = 0;
	struct stats_mwu m;
	int rc = 0;

	r->a = rcfg_median(a, metric);
	r->b = rcfg_median(b, metric);
	r->gain = r->ratio = NAN;
	r->p = -1;
	r->signif = 0;
	r->ranges = 0;
	if (!isfinite(r->a) || !isfinite(r->b))
		return -1;
	r->gain = stats_gain_percent(r->a, r->b);
	r->ratio = r->a != 0 ? r->b / r->a : NAN;
	if (samples_sorted(x, a, metric, &sa, &na) ||
	    samples_sorted(x, b, metric, &sb, &nb)) {
		rc = -2;
		goto out;
	}
	if (na && nb && !stats_mwu_test(sa, na, sb, nb, &m)) {
		r->p = m.p;
		r->signif = m.p < 0.05;
	} else if (!na || !nb) {
		compare_ranges(rcfg_stat(a, metric), rcfg_stat(b, metric), r);
	}
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

double rcfg_peak_fp32(const struct rctx *x, const struct rcfg *c)
{
	const struct store_device *d = x->devs[c->dev];
	const struct store_prop *p = model_prop(d, "clock_rate");
	double mhz = rcfg_clock_mhz(x, c);

	if (!(d->peak_fp32_gflops > 0))
		return NAN;
	if (!isfinite(mhz) || !p || !p->has_num || !(p->num > 0))
		return d->peak_fp32_gflops;
	return d->peak_fp32_gflops * mhz / p->num;
}
