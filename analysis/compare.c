/* Two measurements of the same configurations, matched and judged
 * (compare.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "rules.h"
#include "stats.h"

void cmp_side_free(struct cmp_side *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++) {
		struct cmp_point *p = &s->p[i];
		char *own[] = {p->dev_uuid, p->dev_name, p->suite, p->variant,
			       p->host_mem, p->precision, p->status};

		for (size_t j = 0; j < sizeof(own) / sizeof(own[0]); j++)
			free(own[j]);
		free(p->samples);
	}
	for (i = 0; i < s->nsrc; i++) {
		free(s->src[i].name);
		free(s->src[i].text);
	}
	free(s->p);
	free(s->src);
	free(s->spread);
	free(s->label);
	memset(s, 0, sizeof(*s));
}

uint64_t cmp_hash(const char *text)
{
	uint64_t h = 14695981039346656037ULL;

	for (; text && *text; text++)
		h = (h ^ (unsigned char)*text) * 1099511628211ULL;
	return text ? h : 0;
}

char *cmp_marks_text(unsigned marks, char buf[8])
{
	static const unsigned bit[] = {RULE_LAUNCH, RULE_IDLE, RULE_L2,
				       RULE_THROTTLE};
	char *o = buf;

	for (size_t i = 0; i < sizeof(bit) / sizeof(bit[0]); i++)
		if (marks & bit[i])
			*o++ = "lwct"[i];
	*o = '\0';
	return buf;
}

static int str_eq(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

static int usable(const struct cmp_point *p)
{
	return str_eq(p->status, "ok") && isfinite(p->median) &&
	       p->median > 0;
}

static int same_key(const struct cmp_point *p, const struct cmp_point *q,
		    int by_device)
{
	return (!by_device || str_eq(p->dev_uuid, q->dev_uuid)) &&
	       str_eq(p->suite, q->suite) && str_eq(p->variant, q->variant) &&
	       p->m == q->m && p->k == q->k && p->n == q->n &&
	       p->count == q->count && p->block_x == q->block_x &&
	       p->block_y == q->block_y && p->ilp == q->ilp &&
	       p->param == q->param && str_eq(p->host_mem, q->host_mem) &&
	       str_eq(p->precision, q->precision);
}

/* The exact two-sided p of two samples whose ranges do not overlap, as
 * the report takes it where a slim file kept no samples: every one of
 * one side below every one of the other, 2 / C(na + nb, na). */
static double ranges_p(const struct cmp_range *a, const struct cmp_range *b)
{
	double na = (double)a->n, nb = (double)b->n;

	if (!a->n || !b->n || !(a->max < b->min || b->max < a->min))
		return -1;
	return fmin(1.0, exp(log(2.0) - (lgamma(na + nb + 1) -
		    lgamma(na + 1) - lgamma(nb + 1))));
}

void cmp_judge(const double *sa, size_t na, const double *sb, size_t nb,
	       double ma, double mb, const struct cmp_range *ra,
	       const struct cmp_range *rb, double threshold,
	       struct cmp_judgement *j)
{
	struct stats_mwu m;

	j->p = -1;
	j->ranges = 0;
	j->ratio = ma != 0 ? mb / ma : NAN;
	j->hl = j->hl_lo = j->hl_hi = NAN;
	if (na && nb) {
		if (!stats_mwu_test(sa, na, sb, nb, &m))
			j->p = m.p;
		/* NAN stays where the samples are too few */
		stats_hl_ratio(sa, na, sb, nb, 0.95, &j->hl, &j->hl_lo,
			       &j->hl_hi);
	} else if (ra && rb) {
		j->p = ranges_p(ra, rb);
		j->ranges = j->p >= 0;
	}
	j->verdict = rule_verdict(j->p, j->ratio, threshold);
}

static void row_judge(struct cmp_row *w, double threshold)
{
	const struct cmp_point *a = w->a, *b = w->b;
	const struct cmp_range ra = { a->rmin, a->rmax, a->rn },
			       rb = { b->rmin, b->rmax, b->rn };
	struct cmp_judgement j;

	cmp_judge(a->samples, a->ns, b->samples, b->ns, a->median, b->median,
		  &ra, &rb, threshold, &j);
	w->ratio = j.ratio;
	w->p = j.p;
	w->hl = j.hl;
	w->lo = j.hl_lo;
	w->hi = j.hl_hi;
	w->verdict = j.verdict;
	w->below = j.verdict == CMP_SAME && w->p >= 0 && w->p < RULE_ALPHA;
	w->src_changed = a->has_src && b->has_src &&
			 a->src_hash != b->src_hash;
}

static struct cmp_suite *suite_of(struct cmp_result *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->nsuites; i++)
		if (str_eq(r->suites[i].suite, name))
			return &r->suites[i];
	r->suites[r->nsuites].suite = name;
	return &r->suites[r->nsuites++];
}

/* Counts, geometric means and the kernels whose source changed. */
static void summarise(struct cmp_result *r)
{
	size_t i, j;

	for (i = 0; i < r->nrows; i++) {
		const struct cmp_row *w = &r->rows[i];
		struct cmp_suite *s = suite_of(r, w->a->suite);

		s->n++;
		s->geomean += log(w->ratio);
		s->faster += w->verdict == CMP_FASTER;
		s->slower += w->verdict == CMP_SLOWER;
		s->same += w->verdict == CMP_SAME;
		s->untested += w->verdict == CMP_UNTESTED;
		r->below += w->below;
		if (!w->src_changed)
			continue;
		for (j = 0; j < r->nchanged &&
		     !str_eq(r->changed[j]->a->variant, w->a->variant); j++)
			;
		if (j == r->nchanged)
			r->changed[r->nchanged++] = w;
	}
	for (i = 0; i < r->nsuites; i++) {
		struct cmp_suite *s = &r->suites[i];

		s->geomean = exp(s->geomean / (double)s->n);
		r->faster += s->faster;
		r->slower += s->slower;
		r->same += s->same;
		r->untested += s->untested;
	}
}

static double threshold_of(const struct cmp_side *a,
			   const struct cmp_side *b, size_t *pairs)
{
	double *v = malloc((a->nspread + b->nspread + 1) * sizeof(*v));
	double t;

	*pairs = a->nspread + b->nspread;
	if (!v)
		return NAN;
	if (a->nspread)
		memcpy(v, a->spread, a->nspread * sizeof(*v));
	if (b->nspread)
		memcpy(v + a->nspread, b->spread, b->nspread * sizeof(*v));
	t = rule_threshold(v, *pairs);
	free(v);
	return t;
}

int cmp_run(const struct cmp_side *a, const struct cmp_side *b,
	    double threshold, struct cmp_result *r)
{
	char *used = calloc(b->n + 1, 1);
	size_t i, j, n = a->n + 1;
	int by_dev;

	memset(r, 0, sizeof(*r));
	r->rows = calloc(n, sizeof(*r->rows));
	r->only_a = calloc(n, sizeof(*r->only_a));
	r->only_b = calloc(b->n + 1, sizeof(*r->only_b));
	r->suites = calloc(n, sizeof(*r->suites));
	r->changed = calloc(n, sizeof(*r->changed));
	r->threshold = threshold >= 0 ? threshold :
		       threshold_of(a, b, &r->threshold_pairs);
	if (!used || !r->rows || !r->only_a || !r->only_b || !r->suites ||
	    !r->changed || isnan(r->threshold)) {
		free(used);
		cmp_result_free(r);
		return -1;
	}
	r->cross = a->ndevs == 1 && b->ndevs == 1 && a->n && b->n &&
		   !str_eq(a->p[0].dev_uuid, b->p[0].dev_uuid);
	by_dev = !r->cross;
	for (i = 0; i < a->n; i++) {
		const struct cmp_point *p = &a->p[i];

		for (j = 0; usable(p) && j < b->n; j++)
			if (!used[j] && usable(&b->p[j]) &&
			    same_key(p, &b->p[j], by_dev))
				break;
		if (!usable(p) || j == b->n) {
			r->only_a[r->nonly_a++] = p;
			continue;
		}
		used[j] = 1;
		r->rows[r->nrows].a = p;
		r->rows[r->nrows].b = &b->p[j];
		row_judge(&r->rows[r->nrows++], r->threshold);
	}
	for (j = 0; j < b->n; j++)
		if (!used[j])
			r->only_b[r->nonly_b++] = &b->p[j];
	free(used);
	summarise(r);
	return 0;
}

void cmp_result_free(struct cmp_result *r)
{
	if (!r)
		return;
	free(r->rows);
	free(r->only_a);
	free(r->only_b);
	free(r->suites);
	free(r->changed);
	memset(r, 0, sizeof(*r));
}

static int by_change(const void *x, const void *y)
{
	const struct cmp_row *u = *(const struct cmp_row *const *)x;
	const struct cmp_row *w = *(const struct cmp_row *const *)y;
	double a = fabs(log(u->ratio)), b = fabs(log(w->ratio));

	return (a < b) - (a > b);
}

size_t cmp_largest(const struct cmp_result *r, const struct cmp_row **out,
		   size_t max)
{
	const struct cmp_row **all;
	size_t i, n;

	if (!max || !r->nrows)
		return 0;
	all = malloc(r->nrows * sizeof(*all));
	if (!all)
		return 0;
	for (i = 0; i < r->nrows; i++)
		all[i] = &r->rows[i];
	qsort(all, r->nrows, sizeof(*all), by_change);
	n = r->nrows < max ? r->nrows : max;
	memcpy(out, all, n * sizeof(*out));
	free(all);
	return n;
}

int cmp_gate(const struct cmp_result *r, double pct, const char *suite)
{
	double lim = 1 + pct / 100;
	size_t i;

	if (suite) {
		for (i = 0; i < r->nsuites; i++) {
			const struct cmp_suite *s = &r->suites[i];

			if (str_eq(s->suite, suite))
				return s->slower && s->geomean > lim &&
				       s->geomean > 1 + r->threshold;
		}
		return 0;
	}
	for (i = 0; i < r->nrows; i++)
		if (r->rows[i].verdict == CMP_SLOWER && r->rows[i].ratio > lim)
			return 1;
	return 0;
}

char *cmp_key_text(const struct cmp_point *p, char *buf, size_t len)
{
	size_t o;

	o = (size_t)snprintf(buf, len, "%s", p->variant ? p->variant : "");
#define ADD(...) \
	do { \
		if (o < len) \
			o += (size_t)snprintf(buf + o, len - o, __VA_ARGS__); \
	} while (0)
	if (p->m == p->n && p->k == p->n && p->n > 0)
		ADD(" n=%d", p->n);
	else if (p->m || p->k || p->n)
		ADD(" %dx%dx%d", p->m, p->k, p->n);
	else if (p->count > 0)
		ADD(" N=%lld", p->count);
	if (p->block_x > 0 && p->block_y > 1)
		ADD(" b=%dx%d", p->block_x, p->block_y);
	else if (p->block_x > 0)
		ADD(" b=%d", p->block_x);
	if (p->ilp > 1)
		ADD(" ilp=%d", p->ilp);
	if (p->param)
		ADD(" p=%d", p->param);
	if (p->host_mem && *p->host_mem)
		ADD(" %s", p->host_mem);
	if (p->precision && !strcmp(p->precision, "fp64"))
		ADD(" fp64");
#undef ADD
	return buf;
}

const char *cmp_verdict_name(int verdict)
{
	switch (verdict) {
	case CMP_FASTER:
		return "faster";
	case CMP_SLOWER:
		return "slower";
	case CMP_SAME:
		return "no meaningful difference";
	default:
		return "untested";
	}
}
