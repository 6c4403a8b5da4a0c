/* One side of a comparison read from a database (store_compare_load):
 * the configurations with their kernel times, samples, regime marks and
 * kernel sources, through the store's own readers. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "rules.h"
#include "store_internal.h"
#include "vocab.h"

double store_prop_bytes(const struct store_device *d, const char *key)
{
	const struct store_prop *p = store_device_prop(d, key);
	static const char *const unit[] = {"KiB", "MiB", "GiB"};
	double f = 1;
	int i;

	if (!p || !p->has_num)
		return NAN;
	for (i = 0; i < 3; i++)
		if (p->unit && !strcmp(p->unit, unit[i]))
			f = ldexp(1, 10 * (i + 1));
	return p->num * f;
}

/* The lower of c's clock readings (MHz), 0 when none: the rule asks
 * whether the clock fell at any time around the point. */
static double clock_low(const struct store_config *c)
{
	double a = c->start_sm_clock_mhz, b = c->end_sm_clock_mhz;

	if (a > 0 && b > 0)
		return a < b ? a : b;
	return a > 0 ? a : b > 0 ? b : 0;
}

unsigned store_config_regime(const struct store_config *c,
			     const struct store_device *d,
			     const struct store_session *s, double median,
			     double top, long long grid, double l2)
{
	const struct store_prop *p = store_device_prop(d,
						       "multiprocessor_count");
	struct rule_point in;

	memset(&in, 0, sizeof(in));
	in.grid_blocks = grid;
	in.sms = p && p->has_num ? (int)p->num : d ? d->sm_count : 0;
	in.working_set = c->working_set > 0 ? c->working_set : c->bytes;
	in.l2_bytes = c->l2_bytes > 0 ? (double)c->l2_bytes : l2;
	in.cold = s && s->cold > 0;
	in.events_timer = s && s->timer &&
			  strcmp(s->timer, VOCAB_TIMER_CUPTI) != 0;
	in.kernel_ms = median;
	in.launch_us = s ? s->launch_us : NAN;
	in.clock_mhz = clock_low(c);
	in.top_clock_mhz = top;
	in.has_throttle = c->has_throttle;
	in.throttle_reasons = c->throttle_reasons;
	return rule_regime(&in);
}

double store_session_top_clock(const struct store_config *c, size_t n,
			       int64_t session)
{
	double top = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (c[i].session_id == session) {
			top = fmax(top, c[i].start_sm_clock_mhz);
			top = fmax(top, c[i].end_sm_clock_mhz);
		}
	return top;
}

/* The kernel time's statistics and samples of c into p; whether a
 * bandwidth is among its metrics into *dram. */
static int point_times(struct store *st, const struct store_config *c,
		       struct cmp_point *p, int *dram)
{
	struct store_stat *s = NULL;
	size_t n = 0, i;
	int rc;

	p->median = p->rmin = p->rmax = NAN;
	*dram = 0;
	rc = store_stat_list(st, c->id, &s, &n);
	for (i = 0; !rc && i < n; i++) {
		if (!strcmp(s[i].metric, VOCAB_METRIC_GBS))
			*dram = 1;
		if (strcmp(s[i].metric, VOCAB_METRIC_KERNEL))
			continue;
		p->median = s[i].s.median;
		p->rmin = s[i].s.min;
		p->rmax = s[i].s.max;
		p->rn = s[i].s.n;
	}
	store_stats_free(s, n);
	if (!rc && isfinite(p->median))
		rc = store_sample_get(st, c->id, VOCAB_METRIC_KERNEL,
				      &p->samples, &p->ns);
	return rc;
}

static int point_fill(struct store *st, const struct store_config *c,
		      const struct store_device *d,
		      const struct store_session *s, double top,
		      struct cmp_point *p)
{
	const char *from[] = { d ? d->uuid : NULL, d ? d->name : NULL,
			       c->suite, c->variant, c->host_mem,
			       c->precision, c->status };
	char **to[] = { &p->dev_uuid, &p->dev_name, &p->suite, &p->variant,
			&p->host_mem, &p->precision, &p->status };
	double l2;
	int dram, rc, i;

	for (i = 0; i < 7; i++)
		if (!(*to[i] = strdup(from[i] ? from[i] : "")))
			return STORE_FAIL(st, STORE_ERR_INTERNAL,
					  "out of memory");
	p->m = c->m;
	p->k = c->k;
	p->n = c->n;
	p->count = c->count;
	p->block_x = c->block_x;
	p->block_y = c->block_y;
	p->ilp = c->ilp;
	p->param = c->param;
	p->session_id = c->session_id;
	p->config_id = c->id;
	rc = point_times(st, c, p, &dram);
	if (rc)
		return rc;
	l2 = store_prop_bytes(d, "l2_cache_size");
	p->marks = store_config_regime(c, d, s, p->median, top,
				       c->grid_blocks, isfinite(l2) ? l2 :
				       store_prop_bytes(d, "l2_size"));
	p->counts = rule_counts(p->marks, dram);
	if (!dram)
		p->marks &= ~(unsigned)RULE_L2;
	return 0;
}

/* The stored kernels of every session among the side's points, and each
 * point's source hash. */
static int sources_load(struct store *st, struct cmp_side *o)
{
	size_t i, j, n;
	int rc = 0;

	for (i = 0; !rc && i < o->n; i++) {
		struct store_kernel *k = NULL;
		struct cmp_source *g;

		for (j = 0; j < i && o->p[j].session_id != o->p[i].session_id;
		     j++)
			;
		if (j < i)
			continue;
		rc = store_kernel_list(st, o->p[i].session_id, &k, &n);
		g = rc ? NULL : realloc(o->src, (o->nsrc + n + 1) *
					sizeof(*g));
		if (!rc && !g)
			rc = STORE_FAIL(st, STORE_ERR_INTERNAL,
					"out of memory");
		for (j = 0; !rc && j < n; j++) {
			o->src = g;
			g[o->nsrc].session_id = o->p[i].session_id;
			g[o->nsrc].name = k[j].name;
			g[o->nsrc].text = k[j].source;
			k[j].name = k[j].source = NULL;
			o->nsrc++;
		}
		if (g)
			o->src = g;
		store_kernels_free(k, n);
	}
	for (i = 0; i < o->n; i++)
		for (j = 0; j < o->nsrc; j++) {
			struct cmp_source *g = &o->src[j];

			if (g->session_id != o->p[i].session_id || !g->text ||
			    !g->name || strcmp(g->name, o->p[i].variant))
				continue;
			o->p[i].has_src = 1;
			o->p[i].src_hash = cmp_hash(g->text);
			o->p[i].source = g->text;
		}
	return rc;
}

static int str_eq(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

int store_config_same_key(const struct store_config *p,
			  const struct store_config *q)
{
	return str_eq(p->variant, q->variant) && p->m == q->m &&
	       p->k == q->k && p->n == q->n && p->count == q->count &&
	       p->block_x == q->block_x && p->block_y == q->block_y &&
	       p->ilp == q->ilp && p->param == q->param &&
	       str_eq(p->host_mem, q->host_mem) &&
	       str_eq(p->precision, q->precision);
}

size_t store_config_spread(const struct store_config *c,
			   const double *median, size_t n, double *spread)
{
	size_t i, j, k = 0;

	/* one point measured in two sessions of one device (the suite
	 * aside: a kernel measured again by another suite is a repeated
	 * measurement) */
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n && k < n; j++)
			if (c[i].device_id == c[j].device_id &&
			    c[i].session_id != c[j].session_id &&
			    median[i] > 0 && median[j] > 0 &&
			    store_config_same_key(&c[i], &c[j]))
				spread[k++] = fabs(log(median[i] / median[j]));
	return k;
}

int store_compare_load(struct store *st, int64_t session_id,
		       struct cmp_side *o)
{
	struct store_filter f;
	struct store_config *c = NULL;
	struct store_device *d = NULL;
	struct store_session *s = NULL;
	double *m = NULL;
	size_t nc = 0, nd = 0, ns = 0, i, j, e;
	int rc;

	memset(&f, 0, sizeof(f));
	f.session_id = session_id;
	rc = store_device_list(st, &d, &nd);
	if (!rc)
		rc = store_session_list(st, &s, &ns);
	if (!rc)
		rc = store_config_list(st, &f, &c, &nc);
	if (!rc && !(o->p = calloc(nc + 1, sizeof(*o->p))))
		rc = STORE_FAIL(st, STORE_ERR_INTERNAL, "out of memory");
	for (i = 0; !rc && i < nc; i++) {
		const struct store_device *dv = NULL;
		const struct store_session *se = NULL;

		for (j = 0; j < nd; j++)
			if (d[j].id == c[i].device_id)
				dv = &d[j];
		for (j = 0; j < ns; j++)
			if (s[j].id == c[i].session_id)
				se = &s[j];
		rc = point_fill(st, &c[i], dv, se, store_session_top_clock(c,
				nc, c[i].session_id), &o->p[o->n++]);
		for (e = 0; !rc && e + 1 < o->n &&
		     strcmp(o->p[e].dev_uuid, o->p[o->n - 1].dev_uuid); e++)
			;
		if (!rc && e + 1 == o->n)
			o->ndevs++;
	}
	if (!rc)
		rc = sources_load(st, o);
	/* the pairs render's threshold takes */
	m = rc ? NULL : malloc((nc + 1) * sizeof(*m));
	o->spread = rc ? NULL : calloc(nc + 1, sizeof(*o->spread));
	if (!rc && (!m || !o->spread))
		rc = STORE_FAIL(st, STORE_ERR_INTERNAL, "out of memory");
	for (i = 0; !rc && i < nc; i++)
		m[i] = strcmp(o->p[i].status, VOCAB_CFG_OK) ? NAN :
		       o->p[i].median;
	if (!rc)
		o->nspread = store_config_spread(c, m, nc, o->spread);
	free(m);
	store_configs_free(c, nc);
	store_devices_free(d, nd);
	store_sessions_free(s, ns);
	return rc;
}
