/* What the report shows: the selected devices and, for each of them, the
 * configurations the store picks (latest measurement per configuration,
 * or one session), with their statistics, sessions, kernel sources and
 * attributes. Loaded once; the sections only look things up. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

static int model_oom(void)
{
	fprintf(stderr, "mmreport: out of memory\n");
	return RENDER_ERR_INTERNAL;
}

/* Lists the devices of x (all of them, or those flagged in pick) on
 * stderr as the candidates of a refused --device. */
static void device_candidates_print(const struct rctx *x, const char *pick)
{
	size_t i;

	for (i = 0; i < x->nalldevs; i++)
		if (!pick || pick[i])
			fprintf(stderr, "  --device %lld  %s  %s\n",
				(long long)x->alldevs[i].id,
				x->alldevs[i].name ? x->alldevs[i].name : "",
				x->alldevs[i].uuid ? x->alldevs[i].uuid : "");
}

/* --device selects one device: a number is the database id (as
 * `mmreport devices --db` lists it) and nothing else, since a UUID may
 * start with digits too; other text is a UUID prefix or a part of the
 * name, which must fit exactly one device. Sets x->devs[0], x->ndevs 1.
 * Refused (RENDER_ERR_EMPTY, the candidates on stderr): no match, or
 * several. */
static int device_select(struct rctx *x, const char *sel)
{
	char *pick;
	size_t i, n = 0, last = 0;
	int id = *sel && !sel[strspn(sel, "0123456789")];

	pick = calloc(x->nalldevs, 1);
	if (!pick)
		return model_oom();
	for (i = 0; i < x->nalldevs; i++) {
		const struct store_device *d = &x->alldevs[i];

		if (id)
			pick[i] = d->id == strtoll(sel, NULL, 10);
		else
			pick[i] = store_device_sel_fits(d->uuid, d->name,
							sel);
		if (pick[i]) {
			n++;
			last = i;
		}
	}
	if (n == 1) {
		x->devs[0] = &x->alldevs[last];
		x->ndevs = 1;
	} else if (!n) {
		fprintf(stderr, "mmreport: nothing to report: no device in "
			"'%s' matches --device '%s'; the devices are:\n",
			x->o->db_path, sel);
		device_candidates_print(x, NULL);
	} else {
		fprintf(stderr, "mmreport: --device '%s' is ambiguous in '%s': "
			"it matches %zu devices; give one of:\n", sel,
			x->o->db_path, n);
		device_candidates_print(x, pick);
	}
	free(pick);
	return n == 1 ? RENDER_OK : RENDER_ERR_EMPTY;
}

static int dev_index(const struct rctx *x, int64_t id)
{
	size_t i;

	for (i = 0; i < x->ndevs; i++)
		if (x->devs[i]->id == id)
			return (int)i;
	return -1;
}

/* The render_status of an enum store_error. */
static int model_store_status(int store_rc)
{
	switch (store_rc) {
	case STORE_ERR_MISSING:
	case STORE_ERR_IO:
		return RENDER_ERR_MISSING;
	case STORE_ERR_BUSY:
		return RENDER_ERR_BUSY;
	case STORE_ERR_FOREIGN:
	case STORE_ERR_CORRUPT:
	case STORE_ERR_NEWER:
		return RENDER_ERR_STORE;
	default:
		return RENDER_ERR_INTERNAL;
	}
}

int model_store_fail(struct rctx *x, const char *what)
{
	if (!x->store_failed) {
		fprintf(stderr, "mmreport: cannot read %s from '%s': %s\n",
			what, x->o->db_path, store_errreason(x->st));
		x->store_failed = model_store_status(store_errcode(x->st));
	}
	return x->store_failed;
}

/* Opens the store and reads the devices (all, or those of --device) and
 * the sessions; the store stays open in x for model_free. */
static int model_devs_load(struct rctx *x)
{
	const struct render_options *o = x->o;
	char err[512];
	size_t i;
	int rc;

	err[0] = '\0';
	rc = store_open(o->db_path, STORE_READ, &x->st, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "mmreport: cannot open '%s': %s\n",
			o->db_path, err[0] ? err : "unknown error");
		return model_store_status(rc);
	}
	/* one snapshot, or a statistic of one commit beside the samples of
	 * the next (issue 29) */
	if (store_read_begin(x->st))
		return model_store_fail(x, "the database");
	if (store_device_list(x->st, &x->alldevs, &x->nalldevs))
		return model_store_fail(x, "devices");
	if (!x->nalldevs) {
		fprintf(stderr, "mmreport: nothing to report: '%s' holds no "
			"devices (run mmreport measure first)\n", o->db_path);
		return RENDER_ERR_EMPTY;
	}
	x->devs = calloc(x->nalldevs, sizeof(*x->devs));
	if (!x->devs)
		return model_oom();
	if (o->device) {
		rc = device_select(x, o->device);
		if (rc)
			return rc;
	} else {
		for (i = 0; i < x->nalldevs; i++)
			x->devs[x->ndevs++] = &x->alldevs[i];
	}
	if (store_session_list(x->st, &x->sess, &x->nsess))
		return model_store_fail(x, "sessions");
	if (o->session > 0 && !model_session(x, o->session)) {
		fprintf(stderr, "mmreport: nothing to report: '%s' has no "
			"session %lld\n", o->db_path, o->session);
		return RENDER_ERR_EMPTY;
	}
	return RENDER_OK;
}

/* Reads the configurations of the selected devices with their
 * statistics. */
static int model_cfgs_load(struct rctx *x)
{
	const struct render_options *o = x->o;
	struct store_filter f;
	size_t i;

	memset(&f, 0, sizeof(f));
	f.session_id = o->session > 0 ? o->session : 0;
	if (x->ndevs == 1)
		f.device_id = x->devs[0]->id;
	if (store_config_list(x->st, &f, &x->rawcfgs, &x->nrawcfgs))
		return model_store_fail(x, "configurations");
	x->cfgs = calloc(x->nrawcfgs ? x->nrawcfgs : 1, sizeof(*x->cfgs));
	if (!x->cfgs)
		return model_oom();
	for (i = 0; i < x->nrawcfgs; i++) {
		struct store_config *c = &x->rawcfgs[i];
		struct rcfg *r;
		int d = dev_index(x, c->device_id);

		if (d < 0)
			continue;
		r = &x->cfgs[x->ncfgs++];
		r->c = c;
		r->dev = d;
		if (store_stat_list(x->st, c->id, &r->stats, &r->nstats))
			return model_store_fail(x, "statistics");
	}
	return RENDER_OK;
}

int model_load(struct rctx *x)
{
	const struct render_options *o = x->o;
	size_t i, j;
	int rc;

	rc = model_devs_load(x);
	if (!rc)
		rc = model_cfgs_load(x);
	if (rc)
		return rc;
	if (!x->ncfgs) {
		if (o->device || o->session > 0)
			fprintf(stderr, "mmreport: nothing to report: no "
				"measurement in '%s' matches the selection"
				"%s%s%s\n", o->db_path,
				o->device ? " --device " : "",
				o->device ? o->device : "",
				o->session > 0 ? " --session" : "");
		else
			fprintf(stderr, "mmreport: nothing to report: '%s' "
				"holds no measurements\n", o->db_path);
		return RENDER_ERR_EMPTY;
	}
	x->sdata = calloc(x->nsess ? x->nsess : 1, sizeof(*x->sdata));
	x->used = calloc(x->nsess ? x->nsess : 1, sizeof(*x->used));
	if (!x->sdata || !x->used)
		return model_oom();
	for (j = 0; j < x->nsess; j++) {
		struct sess_data *d = &x->sdata[x->nused];

		for (i = 0; i < x->ncfgs &&
		     x->cfgs[i].c->session_id != x->sess[j].id; i++)
			;
		if (i == x->ncfgs)
			continue;
		x->used[x->nused++] = &x->sess[j];
		if (store_kernel_list(x->st, x->sess[j].id, &d->k, &d->nk))
			return model_store_fail(x, "kernels");
		if (store_kattr_list(x->st, x->sess[j].id, &d->a, &d->na))
			return model_store_fail(x, "kernel attributes");
	}
	return model_regimes_compute(x) ? model_oom() : RENDER_OK;
}

int model_read_end(struct rctx *x)
{
	if (x->store_failed)
		return x->store_failed;
	if (store_read_end(x->st))
		return model_store_fail(x, "the database");
	return RENDER_OK;
}

void model_free(struct rctx *x)
{
	size_t i;

	for (i = 0; i < x->ncfgs; i++)
		store_stats_free(x->cfgs[i].stats, x->cfgs[i].nstats);
	free(x->cfgs);
	store_configs_free(x->rawcfgs, x->nrawcfgs);
	for (i = 0; i < x->nused; i++) {
		store_kernels_free(x->sdata[i].k, x->sdata[i].nk);
		store_kattrs_free(x->sdata[i].a, x->sdata[i].na);
	}
	free(x->sdata);
	free(x->used);
	store_sessions_free(x->sess, x->nsess);
	free(x->devs);
	store_devices_free(x->alldevs, x->nalldevs);
	store_free(x->st);
}

static int str_eq(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

/* 1 when r is of device dev (< 0: any), suite and variant (NULL: any):
 * the selection every lookup below starts from. */
static int cfg_is(const struct rcfg *r, int dev, const char *suite,
		  const char *variant)
{
	return (dev < 0 || r->dev == dev) &&
	       (!suite || str_eq(r->c->suite, suite)) &&
	       (!variant || str_eq(r->c->variant, variant));
}

int rcfg_ok(const struct rcfg *c)
{
	return c && c->c->status && !strcmp(c->c->status, VOCAB_CFG_OK);
}

/* A key to look a configuration up by: NULL or -1 where any will do. */
struct cfg_key {
	const char *host, *prec;
	long long m, k, n, count, param, block;
};

/* The first configuration of (dev, suite, variant) with key k. */
static const struct rcfg *model_find_key(const struct rctx *x, int dev,
					 const char *suite,
					 const char *variant,
					 const struct cfg_key *k)
{
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];
		const struct store_config *c = r->c;

		if (cfg_is(r, dev, suite, variant) &&
		    (!k->host || str_eq(c->host_mem, k->host)) &&
		    (!k->prec || str_eq(c->precision, k->prec)) &&
		    (k->m < 0 || c->m == k->m) && (k->k < 0 || c->k == k->k) &&
		    (k->n < 0 || c->n == k->n) &&
		    (k->count < 0 || c->count == k->count) &&
		    (k->param < 0 || c->param == k->param) &&
		    (k->block < 0 || c->block_x == k->block))
			return r;
	}
	return NULL;
}

const struct rcfg *model_find(const struct rctx *x, int dev,
			      const char *suite, const char *variant,
			      const char *host_mem, int n, int block)
{
	return model_find_key(x, dev, suite, variant, &(struct cfg_key){
		host_mem, NULL, -1, -1, n, -1, -1, block});
}

const struct rcfg *model_find_param(const struct rctx *x, int dev,
				    const char *suite, const char *variant,
				    int param)
{
	const struct rcfg *best = NULL;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];
		const struct store_config *c = r->c;

		if (!cfg_is(r, dev, suite, variant) || c->param != param)
			continue;
		/* several counts (a sweep of its own): the largest, the
		 * default sweep's point, stands for the parameter */
		if (!best || c->count > best->c->count ||
		    (c->count == best->c->count && c->n > best->c->n))
			best = r;
	}
	return best;
}

const struct rcfg *model_find_count(const struct rctx *x, int dev,
				    const char *suite, const char *variant,
				    const char *precision, long long count,
				    int param)
{
	return model_find_key(x, dev, suite, variant, &(struct cfg_key){
		NULL, precision, -1, -1, -1, count, param, -1});
}

const struct store_stat *rcfg_stat(const struct rcfg *c, const char *metric)
{
	size_t i;

	if (!rcfg_ok(c))
		return NULL;
	for (i = 0; i < c->nstats; i++)
		if (!strcmp(c->stats[i].metric, metric))
			return &c->stats[i];
	return NULL;
}

double rcfg_median(const struct rcfg *c, const char *metric)
{
	const struct store_stat *s = rcfg_stat(c, metric);

	return s && s->s.n ? s->s.median : NAN;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static int cmp_size(const void *a, const void *b)
{
	const struct rsize *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	if (x->m != y->m)
		return x->m < y->m ? -1 : 1;
	return (x->k > y->k) - (x->k < y->k);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Field f of c into v: an int ('n', 'b', 'i', 'p', 'c' as model_ints
 * reads them), a struct rsize ('s') or the variant's name ('v'; NULL
 * as ""). */
static void field_get(const struct rcfg *r, char f, void *v)
{
	const struct store_config *c = r->c;

	if (f == 'N')
		*(long long *)v = ilp_count(r);
	else if (f == 's')
		*(struct rsize *)v = (struct rsize){c->m, c->k, c->n};
	else if (f == 'v')
		*(const char **)v = c->variant ? c->variant : "";
	else
		*(int *)v = f == 'b' ? c->block_x : f == 'i' ? c->ilp :
			    f == 'p' ? c->param : f == 'c' ? (int)c->count :
			    c->n;
}

/* The distinct values (of size bytes, equal where cmp says 0) of field
 * f over the configurations of (dev, suite, variant) into
 * the caller's typed pointer at out (malloc'd; NULL out of memory), in
 * configuration order or, sort set, cmp's. */
static size_t model_distinct(const struct rctx *x, int dev,
			     const char *suite, const char *variant,
			     char f, size_t size,
			     int (*cmp)(const void *, const void *), int sort,
			     void *out)
{
	char *v = malloc((x->ncfgs ? x->ncfgs : 1) * size);
	size_t i, j, n = 0;

	memcpy(out, &v, sizeof(v));
	for (i = 0; v && i < x->ncfgs; i++) {
		if (!cfg_is(&x->cfgs[i], dev, suite, variant))
			continue;
		field_get(&x->cfgs[i], f, v + n * size);
		for (j = 0; j < n && cmp(v + j * size, v + n * size); j++)
			;
		n += j == n;
	}
	if (sort && n)
		qsort(v, n, size, cmp);
	return n;
}

size_t model_ints(const struct rctx *x, int dev, const char *suite,
		  const char *variant, char field, int **out)
{
	return model_distinct(x, dev, suite, variant, field,
			      sizeof(**out), cmp_int, 1, out);
}

/* The counts are N itself, so that two sizes with one floor(log2 N)
 * (1000001 and 1048575) are two rows, and 64-bit: N reaches 2^36. */
size_t ilp_counts(const struct rctx *x, int dev, const char *variant,
		  long long **out)
{
	return model_distinct(x, dev, VOCAB_SUITE_ILP, variant, 'N',
			      sizeof(**out), cmp_ll, 1, out);
}

size_t model_sizes(const struct rctx *x, const char *suite,
		   struct rsize **out)
{
	return model_distinct(x, -1, suite, NULL, 's',
			      sizeof(**out), cmp_size, 1, out);
}

const struct rcfg *model_find_prec(const struct rctx *x, int dev,
				   const char *suite, const char *variant,
				   const struct rsize *sz, int block,
				   const char *precision)
{
	return model_find_key(x, dev, suite, variant, &(struct cfg_key){
		NULL, precision, sz->m, sz->k, sz->n, -1, -1, block});
}

void size_label(const struct rsize *sz, struct rbuf *b)
{
	if (sz->m == sz->n && sz->k == sz->n)
		rbuf_printf(b, "%d", sz->n);
	else
		rbuf_printf(b, "%d\\(\\times\\)%d\\(\\times\\)%d", sz->m,
			    sz->k, sz->n);
}

size_t model_names(const struct rctx *x, int dev, const char *suite,
		   const char ***out)
{
	return model_distinct(x, dev, suite, NULL, 'v',
			      sizeof(**out), cmp_name, 0, out);
}

int model_has_suite(const struct rctx *x, int dev, const char *suite)
{
	return model_find_key(x, dev, suite, NULL, &(struct cfg_key){NULL,
		NULL, -1, -1, -1, -1, -1, -1}) != NULL;
}

void model_cfgs_count(const struct rctx *x, int dev, const char *suite,
		      const char *variant, int *nfail, int *nall, int *nok,
		      double *max_rel)
{
	size_t i;

	*nfail = *nall = *nok = 0;
	if (max_rel)
		*max_rel = NAN;
	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *c = &x->cfgs[i];

		if (!cfg_is(c, dev, suite, NULL))
			continue;
		if (!strcmp(c->c->status, VOCAB_CFG_FAILED))
			(*nfail)++;
		if (!cfg_is(c, dev, suite, variant) ||
		    !strcmp(c->c->status, VOCAB_CFG_SKIPPED))
			continue;
		(*nall)++;
		*nok += rcfg_ok(c);
		if (max_rel && rcfg_ok(c) && isfinite(c->c->rel_error) &&
		    !(c->c->rel_error <= *max_rel))
			*max_rel = c->c->rel_error;
	}
}

int model_unsteady_find(const struct rctx *x, int dev, const char *suite,
			int n)
{
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *c = &x->cfgs[i];

		if (cfg_is(c, dev, suite, NULL) && c->c->n == n &&
		    rcfg_ok(c) && !rcfg_steady(x, c))
			return 1;
	}
	return 0;
}

int metric_is_counter(const char *metric)
{
	return metric && (!strcmp(metric, VOCAB_METRIC_GIPS) ||
			  !strcmp(metric, VOCAB_METRIC_CGMA) ||
			  !strncmp(metric, VOCAB_METRIC_CNT_PREFIX,
				   sizeof(VOCAB_METRIC_CNT_PREFIX) - 1));
}

int model_has_counters(const struct rctx *x, const char *suite)
{
	size_t i;

	for (i = 0; i < x->ncfgs; i++)
		if (cfg_is(&x->cfgs[i], -1, suite, NULL) &&
		    (rcfg_stat(&x->cfgs[i], VOCAB_METRIC_GIPS) ||
		     rcfg_stat(&x->cfgs[i], VOCAB_METRIC_CGMA)))
			return 1;
	return 0;
}

/* The marker measure writes into the session's timers text when
 * --counters could not read counters (measure/run.c). */
static const char unavailable_mark[] = "counters: unavailable: ";

const char *model_counters_why(const struct rctx *x, int dev,
			       const char *suite)
{
	const struct store_session *s;
	const char *p;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		if (!cfg_is(&x->cfgs[i], dev, suite, NULL) ||
		    !(s = model_session(x, x->cfgs[i].c->session_id)))
			continue;
		/* stored as data since schema 4 */
		if (s->counters) {
			if (!strcmp(s->counters, VOCAB_COUNTERS_UNAVAILABLE))
				return s->counters_why ? s->counters_why : "";
			continue;
		}
		/* older sessions said it only inside their timers text */
		if (s->timers && (p = strstr(s->timers, unavailable_mark)))
			return p + strlen(unavailable_mark);
	}
	return NULL;
}

const struct store_session *model_session(const struct rctx *x, int64_t id)
{
	size_t i;

	for (i = 0; i < x->nsess; i++)
		if (x->sess[i].id == id)
			return &x->sess[i];
	return NULL;
}

const struct store_kernel *model_kernel(const struct rctx *x,
					const char *name, int64_t session)
{
	const struct store_kernel *best = NULL;
	size_t i, j;

	for (i = 0; i < x->nused; i++) {
		for (j = 0; j < x->sdata[i].nk; j++) {
			const struct store_kernel *k = &x->sdata[i].k[j];

			if (!str_eq(k->name, name))
				continue;
			if (k->session_id == session)
				return k;
			if (!best || k->session_id > best->session_id)
				best = k;
		}
	}
	return best;
}

const struct store_kattr *model_kattr(const struct rctx *x,
				      const struct rcfg *c)
{
	size_t i, j;

	for (i = 0; c && i < x->nused; i++) {
		for (j = 0; j < x->sdata[i].na; j++) {
			const struct store_kattr *a = &x->sdata[i].a[j];

			if (a->session_id == c->c->session_id &&
			    str_eq(a->variant, c->c->variant) &&
			    a->block_x == c->c->block_x)
				return a;
		}
	}
	return NULL;
}
