/* The appendix "All measurements": per suite (suites.h order) and
 * device one long table of every configuration, so that the sections
 * keep only the tables their findings use: the keys the suite's
 * configurations use, each time's median with its 95 % interval (a
 * transfer run has a row per phase), the derived rate, the samples,
 * the noise reached, the samples discarded for throttling, the marks,
 * and for a configuration without a valid measurement its status and
 * reason. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "suites.h"

/* The key columns, each shown only where the configurations use it. */
enum { DK_VARIANT, DK_HOST, DK_PREC, DK_SIZE, DK_COUNT, DK_BLOCK, DK_ILP,
       DK_PARAM, DK_PHASE, DK_N };

/* One (suite, device) table being written. */
struct dtab {
	const char *suite;
	int key[DK_N];		/* the key columns shown */
	const char *rate;	/* the derived metric (NULL none, "" mixed) */
	const char *rate_unit;
	unsigned seen;		/* regime marks written */
	int above, failed, fault;	/* marks and words written */
};

/* 1 for the metrics a row shows: times, not the counters' or the
 * diagnosis's single values. */
static int data_is_time(const struct store_stat *s)
{
	return s->unit && !strcmp(s->unit, "ms") &&
	       !metric_is_counter(s->metric) && strncmp(s->metric, "diag_", 5);
}

/* The derived rate of time metric t in c: "gflops_T" where stored (the
 * transfers' phases), else on the kernel time the suite's main metric
 * where that is no time; NULL none. */
static const struct store_stat *data_rate(const struct rcfg *c,
					  const char *t)
{
	const struct suite_desc *sd = suite_find(c->c->suite);
	const struct store_stat *s;
	char name[64];

	snprintf(name, sizeof(name), "gflops_%s", t);
	if ((s = rcfg_stat(c, name)) || strcmp(t, "kernel") || !sd)
		return s;
	s = rcfg_stat(c, sd->metric);
	return s && !data_is_time(s) ? s : NULL;
}

/* Which keys and rate r's rows use, into d. */
static void dtab_scan(struct dtab *d, const struct rcfg *r,
		      const struct rcfg *first)
{
	const struct store_config *c = r->c;
	const struct store_stat *rt;
	size_t k;

	d->key[DK_HOST] |= c->host_mem && *c->host_mem;
	d->key[DK_PREC] |= c->precision && first->c->precision &&
			   strcmp(c->precision, first->c->precision);
	d->key[DK_SIZE] |= c->n > 0;
	d->key[DK_COUNT] |= c->count > 0;
	d->key[DK_BLOCK] |= c->block_x > 0;
	d->key[DK_ILP] |= c->ilp > 1;
	d->key[DK_PARAM] |= c->param != 0;
	for (k = 0; k < r->nstats; k++) {
		if (!data_is_time(&r->stats[k]))
			continue;
		d->key[DK_PHASE] |= strcmp(r->stats[k].metric, "kernel") != 0;
		rt = data_rate(r, r->stats[k].metric);
		if (rt && !d->rate)
			d->rate_unit = rt->unit;
		if (rt)
			d->rate = !d->rate || !strcmp(d->rate, rt->metric) ?
				  rt->metric : "";
	}
}

/* Key k of configuration r into b. */
static void dtab_key(const struct rctx *x, struct dtab *d,
		     const struct rcfg *r, int k, struct rbuf *b)
{
	const struct store_config *c = r->c;
	const struct store_session *s = model_session(x, c->session_id);
	struct rsize sz = {c->m > 0 ? c->m : c->n, c->k > 0 ? c->k : c->n,
			   c->n};
	unsigned m;

	switch (k) {
	case DK_VARIANT:
		/* the marks, which hold for each of r's rows: its regime's,
		 * and \rgmark{n} where its noise ended above its session's
		 * target */
		rbuf_puts(b, "\\texttt{");
		rbuf_put_tex(b, c->variant, 1);
		rbuf_puts(b, "}");
		regime_marks(x, m = rcfg_marks(x, r), b);
		d->seen |= m;
		if (s && s->max_noise_pct > 0 && isfinite(c->noise) &&
		    100 * c->noise > s->max_noise_pct) {
			rbuf_puts(b, "\\rgmark{n}");
			d->above = 1;
		}
		break;
	case DK_HOST:
		lang_name_put(x, "host", c->host_mem, 0, b);
		break;
	case DK_PREC:
		rbuf_put_tex(b, c->precision, 0);
		break;
	case DK_SIZE:
		/* a transpose is m x n, its k unused */
		if (c->n > 0 && !c->k && c->m > 0)
			rbuf_printf(b, "%d\\(\\times\\)%d", c->m, c->n);
		else if (c->n > 0)
			size_label(&sz, b);
		break;
	case DK_COUNT:
		rbuf_printf(b, "\\num{%lld}", (long long)c->count);
		break;
	case DK_BLOCK:
		if (c->block_x > 0)
			block_tile_label(x, r, b);
		else
			rbuf_puts(b, "--");
		break;
	case DK_ILP:
	case DK_PARAM:
		rbuf_printf(b, "%d", k == DK_ILP ? c->ilp : c->param);
		break;
	}
}

/* The key cells of a row of r (on a further phase of a run, first
 * unset, only its phase). */
static void dtab_keys(const struct rctx *x, struct dtab *d, struct rtable *t,
		      const struct rcfg *r, int first, const char *phase)
{
	struct rbuf b;
	int k;

	rbuf_init(&b);
	for (k = 0; k < DK_N; k++) {
		if (!d->key[k])
			continue;
		if (k == DK_PHASE)
			lang_name_put(x, "data.phase", phase, 0, &b);
		else if (first)
			dtab_key(x, d, r, k, &b);
		rtable_text(t, rbuf_str(&b));
		rbuf_free(&b);
	}
}

/* A row of r without a valid measurement: its keys, then its status
 * and the reason the store gives across the value columns. */
static void dtab_status(struct rctx *x, struct dtab *d, struct rtable *t,
			const struct rcfg *r)
{
	const char *key = cell_status_key(r);

	dtab_keys(x, d, t, r, 1, "kernel");
	d->failed |= !strcmp(key, "cell.failed");
	d->fault |= !strcmp(key, "cell.fault");
	rbuf_printf(&t->body, " & \\multicolumn{%d}{p{0.5\\linewidth}}"
		    "{\\raggedright %s: ", t->ncols - t->col,
		    lang_get(x->L, key));
	rbuf_put_tex(&t->body, r->c->reason ? r->c->reason : "--", 0);
	problem_diag(x, r, &t->body);
	rbuf_puts(&t->body, "}");
	t->col = t->ncols;
	rtable_row_end(t);
}

/* The rows of r: one per time metric. Returns 0, -1 when the store
 * fails reading samples. */
static int dtab_rows(struct rctx *x, struct dtab *d, struct rtable *t,
		     const struct rcfg *r)
{
	const struct store_config *c = r->c;
	int first = 1;
	size_t k, j;

	if (!rcfg_ok(r)) {
		dtab_status(x, d, t, r);
		return 0;
	}
	for (k = 0; k < r->nstats; k++) {
		const struct store_stat *s = &r->stats[k], *rt;
		double v[3];	/* the median and its interval */

		if (!data_is_time(s))
			continue;
		if (rcfg_median_ci(x, r, s->metric, &v[0], &v[1], &v[2]))
			return -1;
		dtab_keys(x, d, t, r, first, s->metric);
		for (j = 0; j < 3; j++)
			rtable_num(t, v[j], -1, 0);
		rt = data_rate(r, s->metric);
		if (rt)
			rtable_num(t, rt->s.median, -1, 0);
		else if (d->rate)
			rtable_text(t, "");
		rtable_int(t, (long long)s->s.n);
		/* the run's noise and discards once; unknown (a file
		 * older than schema 7): empty, not "--" */
		if (first && isfinite(c->noise))
			rtable_num(t, 100 * c->noise, 2, 0);
		else
			rtable_text(t, "");
		if (first && isfinite(c->noise) && c->discarded >= 0)
			rtable_int(t, (long long)c->discarded);
		rtable_row_end(t);
		first = 0;
	}
	return 0;
}

/* Column kinds and header of d's table: p started (parts_table_init). */
static void dtab_head(const struct rctx *x, const struct dtab *d,
		      struct ptable *p)
{
	struct rtable *t = &p->t;
	static const char *const keys[DK_N] = {"data.h.variant",
		"data.h.host", "data.h.prec", "data.h.size", "data.h.count",
		"data.h.block", "data.h.ilp", "data.h.param", "data.h.phase"};
	char spec[RTABLE_MAXCOLS + 1], k[64];
	struct rbuf h;
	int i, n = 0;

	for (i = 0; i < DK_N; i++)
		if (d->key[i])
			spec[n++] = "llrrrrrrl"[i];	/* texts left */
	/* median, interval, [rate], samples, noise, discarded */
	strcpy(spec + n, d->rate ? "SSSSSSS" : "SSSSSS");
	parts_table_init(p, spec);
	for (i = 0; i < DK_N; i++) {
		snprintf(k, sizeof(k), "%s.%s", keys[i], d->suite);
		if (d->key[i])
			rtable_head(t, lang_find(x->L, k) ? lang_find(x->L, k)
				    : lang_get(x->L, keys[i]));
	}
	rtable_head(t, lang_get(x->L, "data.h.median"));
	rtable_head_span(t, 2, lang_get(x->L, "data.h.ci"));
	rbuf_init(&h);
	/* a rate is named by its unit (GB/s), a time by its name */
	if (d->rate && *d->rate && strchr("mun", *d->rate_unit) &&
	    d->rate_unit[1] == 's')
		metric_label(x, d->rate, d->rate_unit, &h);
	else if (d->rate)
		rbuf_put_tex(&h, d->rate_unit, 0);
	if (d->rate)
		rtable_head(t, rbuf_str(&h));
	rbuf_free(&h);
	mem_heads(x, t, (const char *const[]){"data.h.samples",
		  "data.h.noise", "data.h.discarded", NULL});
	rtable_head_end(t);
}

/* The note under d's table: what its columns, marks and words mean. */
static void dtab_note(struct rctx *x, const struct dtab *d, struct rbuf *n)
{
	rbuf_puts(n, lang_get(x->L, "data.note"));
	if (d->failed)
		rbuf_printf(n, " %s", lang_get(x->L, "data.note.failed"));
	if (d->fault)
		rbuf_printf(n, " %s", lang_get(x->L, "data.note.fault"));
	if (d->above)
		rbuf_printf(n, " %s", lang_get(x->L, "data.note.above"));
	regime_note(x, d->seen, n, NULL);
}

/* The table of suite on device dev, titled title. Returns 0, -1 on a
 * template or store failure. */
static int data_table(struct rctx *x, const char *suite, const char *title,
		      int dev)
{
	const struct rcfg **c = calloc(x->ncfgs + 1, sizeof(*c));
	const char **names = NULL;
	struct dtab d = {.suite = suite, .key = {[DK_VARIANT] = 1}};
	struct ptable p;	/* its cell: the device */
	char kind[48];
	size_t nv, v, i, n = 0;
	int rc = -1;

	/* the variants in natural order (v2 before v10), own ones last */
	nv = versions_names_of(x, dev, suite, &names);
	for (v = 0; c && v < nv && names; v++)
		for (i = 0; i < x->ncfgs; i++)
			if (x->cfgs[i].dev == dev && !strcmp(x->cfgs[i].c->suite,
			    suite) && !strcmp(x->cfgs[i].c->variant, names[v]))
				c[n++] = &x->cfgs[i];
	free(names);
	if (!c || (nv && !names))
		goto out;
	for (i = 0; i < n; i++)
		dtab_scan(&d, c[i], c[0]);
	/* a transpose's count is its m n elements: the size says it */
	d.key[DK_COUNT] &= !d.key[DK_SIZE];
	dtab_head(x, &d, &p);
	p.t.breaks = 1;
	for (i = 0, rc = 0; i < n && !rc; i++)
		rc = dtab_rows(x, &d, &p.t, c[i]);
	dtab_note(x, &d, &p.note);
	dev_suffix(x, dev, &p.cell);
	rc = rc ? rc : emit_string(x, &p.cap, "data.caption", (struct kv[]){
				   {"SUITE", title},
				   {"DEV", rbuf_str(&p.cell)}}, 2);
	snprintf(kind, sizeof(kind), "data-%s", suite);
	rc = parts_table_emit(x, &p, rc, kind, dev);
out:
	free(c);
	return rc;
}

int app_data(struct rctx *x, const char *suite)
{
	char key[64];
	const char *title;
	size_t dev;

	/* the appendix's heading comes with the first suite written */
	if (!strstr(rbuf_str(&x->body), "\\label{" DATA_LABEL "}")) {
		emit_heading(x, 0, lang_get(x->L, "data.title"));
		rbuf_puts(&x->body, "\\label{" DATA_LABEL "}\n");
		emit_par(x, lang_get(x->L, "data.intro"));
	}
	snprintf(key, sizeof(key), "data.suite.%s", suite);
	title = lang_find(x->L, key);
	snprintf(key, sizeof(key), "%s.title", suite);
	title = title ? title : lang_get(x->L, key);
	emit_heading(x, 1, title);
	rbuf_printf(&x->body, "\\label{%s:%s}\n", DATA_LABEL, suite);
	for (dev = 0; dev < x->ndevs; dev++)
		if (model_has_suite(x, (int)dev, suite) &&
		    data_table(x, suite, title, (int)dev))
			return -1;
	return 0;
}
