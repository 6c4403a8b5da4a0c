/* The appendix "All measurements": per suite (suites.h order) and
 * device one long table of every configuration, so that the sections
 * can keep only the tables their findings use. The columns are the
 * keys the suite's configurations use, each time metric's median with
 * its 95 % interval (a run of the transfers has a row per phase), the
 * derived rate, the samples, the noise reached, the samples discarded
 * for throttling, the marks, and for a configuration without a valid
 * measurement its status and reason. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "suites.h"
#include "vocab.h"

/* The key columns, each shown only where the suite's configurations on
 * the device use it. */
enum { DK_HOST, DK_PREC, DK_SIZE, DK_COUNT, DK_BLOCK, DK_ILP, DK_PARAM,
       DK_PHASE, DK_N };

/* One (suite, device) table: its configurations in report order and
 * the key columns they use. */
struct dtab {
	const char *suite;
	int dev;
	const struct rcfg **c;
	size_t n;
	int key[DK_N];
	const char *rate;	/* the derived metric's name, "" mixed */
	const char *rate_unit;
	int rows_rate;		/* any row has a derived metric */
	double target;		/* the sessions' noise target (fraction), 0
				 * none */
	unsigned seen;		/* regime marks written */
	int above, failed, fault;	/* marks and words written */
};

/* 1 for the metrics a row of the table shows: the times, not the
 * counters' or the diagnosis's single values. */
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
	if ((s = rcfg_stat(c, name)))
		return s;
	if (strcmp(t, "kernel") || !sd)
		return NULL;
	s = rcfg_stat(c, sd->metric);
	return s && !data_is_time(s) ? s : NULL;
}

/* The configurations of (suite, dev) into d, variants in natural order
 * (versions_names_of), and which keys they use. Returns 0, -1 out of
 * memory. */
static int dtab_fill(const struct rctx *x, const char *suite, int dev,
		     struct dtab *d)
{
	const char **names = NULL;
	size_t nv, v, i, k;

	memset(d, 0, sizeof(*d));
	d->suite = suite;
	d->dev = dev;
	nv = versions_names_of(x, dev, suite, &names);
	d->c = calloc(x->ncfgs ? x->ncfgs : 1, sizeof(*d->c));
	if (!d->c || (nv && !names)) {
		free(names);
		return -1;
	}
	for (v = 0; v < nv; v++)
		for (i = 0; i < x->ncfgs; i++) {
			const struct rcfg *r = &x->cfgs[i];
			const struct store_config *c = r->c;

			if (r->dev != dev || strcmp(c->suite, suite) ||
			    strcmp(c->variant, names[v]))
				continue;
			d->c[d->n++] = r;
			d->key[DK_HOST] |= c->host_mem && *c->host_mem;
			d->key[DK_PREC] |= c->precision && d->c[0]->c->precision
				&& strcmp(c->precision, d->c[0]->c->precision);
			d->key[DK_SIZE] |= c->n > 0;
			d->key[DK_COUNT] |= c->count > 0;
			d->key[DK_BLOCK] |= c->block_x > 0;
			d->key[DK_ILP] |= c->ilp > 1;
			d->key[DK_PARAM] |= c->param != 0;
			for (k = 0; k < r->nstats; k++) {
				const struct store_stat *s = &r->stats[k];
				const struct store_stat *rt;

				d->key[DK_PHASE] |= data_is_time(s) &&
						    strcmp(s->metric, "kernel");
				if (!data_is_time(s) ||
				    !(rt = data_rate(r, s->metric)))
					continue;
				if (!d->rows_rate) {
					d->rate = rt->metric;
					d->rate_unit = rt->unit;
				} else if (strcmp(d->rate, rt->metric)) {
					d->rate = "";
				}
				d->rows_rate = 1;
			}
		}
	/* a transpose's count is its m n elements: the size says it */
	d->key[DK_COUNT] &= !d->key[DK_SIZE];
	free(names);
	return 0;
}

/* The sessions' noise target of d's configurations (the largest; 0
 * where none was set or stored). */
static double dtab_target(const struct rctx *x, const struct dtab *d)
{
	double t = 0;
	size_t i;

	for (i = 0; i < d->n; i++) {
		const struct store_session *s =
			model_session(x, d->c[i]->c->session_id);

		if (s && isfinite(s->max_noise_pct) && s->max_noise_pct > t)
			t = s->max_noise_pct;
	}
	return t / 100;
}

/* A header cell of string key, or of key.SUITE where the language has
 * it ("Stride" for the bank suite's parameter). */
static void data_head(const struct rctx *x, struct rtable *t,
		      const char *key, const char *suite)
{
	char k[64];
	const char *s;

	snprintf(k, sizeof(k), "%s.%s", key, suite);
	s = lang_find(x->L, k);
	rtable_head(t, s ? s : lang_get(x->L, key));
}

/* Column kinds and header of d's table into t. */
static void dtab_head(const struct rctx *x, const struct dtab *d,
		      struct rtable *t)
{
	static const char *const keys[DK_N] = {
		"data.h.host", "data.h.prec", "data.h.size", "data.h.count",
		"data.h.block", "data.h.ilp", "data.h.param", "data.h.phase"};
	static const char kinds[DK_N] = "llrSrSSl";
	char spec[RTABLE_MAXCOLS + 1] = "l";
	struct rbuf h;
	int i, n = 1;

	for (i = 0; i < DK_N; i++)
		if (d->key[i])
			spec[n++] = kinds[i];
	/* median, interval, [rate], samples, noise, discarded */
	strcpy(spec + n, d->rows_rate ? "SSSSSSS" : "SSSSSS");
	rtable_init(t, spec);
	rtable_head(t, lang_get(x->L, "data.h.variant"));
	for (i = 0; i < DK_N; i++)
		if (d->key[i])
			data_head(x, t, keys[i], d->suite);
	rtable_head(t, lang_get(x->L, "data.h.median"));
	rtable_head_span(t, 2, lang_get(x->L, "data.h.ci"));
	if (d->rows_rate) {
		/* a rate is named by its unit (GB/s), a time by its name */
		rbuf_init(&h);
		if (*d->rate && strchr("mun", *d->rate_unit) &&
		    d->rate_unit[1] == 's')
			metric_label(x, d->rate, d->rate_unit, &h);
		else
			unit_text(d->rate_unit, &h);
		rtable_head(t, rbuf_str(&h));
		rbuf_free(&h);
	}
	rtable_head(t, lang_get(x->L, "data.h.samples"));
	rtable_head(t, lang_get(x->L, "data.h.noise"));
	rtable_head(t, lang_get(x->L, "data.h.discarded"));
	rtable_head_end(t);
}

/* The marks of r, which hold for each of its rows: its regime's, and
 * \rgmark{n} where its noise ended above the sessions' target. */
static void dtab_marks(const struct rctx *x, struct dtab *d,
		       const struct rcfg *r, struct rbuf *b)
{
	const struct store_config *c = r->c;
	unsigned m = rcfg_marks(x, r);
	int above = d->target > 0 && isfinite(c->noise) &&
		    c->noise > d->target;

	regime_marks(x, m, b);
	if (above)
		rbuf_puts(b, "\\rgmark{n}");
	d->seen |= m;
	d->above |= above;
}

/* The key cells of configuration r (blank where first is not set: a
 * further phase of the same run); phase: the row's time metric. */
static void dtab_keys(const struct rctx *x, struct dtab *d,
		      struct rtable *t, const struct rcfg *r, int first,
		      const char *phase)
{
	const struct store_config *c = r->c;
	struct rbuf b;

	rbuf_init(&b);
	if (first) {
		rbuf_puts(&b, "\\texttt{");
		rbuf_put_tex(&b, c->variant, 1);
		rbuf_puts(&b, "}");
		dtab_marks(x, d, r, &b);
	}
	rtable_text(t, rbuf_str(&b));
	rbuf_free(&b);
	if (d->key[DK_HOST]) {
		rbuf_init(&b);
		if (first)
			lang_name_put(x, "host", c->host_mem, 0, &b);
		rtable_text(t, rbuf_str(&b));
		rbuf_free(&b);
	}
	if (d->key[DK_PREC]) {
		rbuf_init(&b);
		if (first)
			rbuf_put_tex(&b, c->precision, 0);
		rtable_text(t, rbuf_str(&b));
		rbuf_free(&b);
	}
	if (d->key[DK_SIZE]) {
		struct rsize sz = {c->m > 0 ? c->m : c->n, c->k > 0 ? c->k :
				   c->n, c->n};

		rbuf_init(&b);
		if (first && c->n > 0 && !strcmp(c->suite,
						 VOCAB_SUITE_TRANSPOSE))
			rbuf_printf(&b, "%d\\(\\times\\)%d", c->m, c->n);
		else if (first && c->n > 0)
			size_label(&sz, &b);
		rtable_text(t, rbuf_str(&b));
		rbuf_free(&b);
	}
	if (d->key[DK_COUNT]) {
		if (first && c->count > 0)
			rtable_int(t, (long long)c->count);
		else
			rtable_text(t, "");
	}
	if (d->key[DK_BLOCK]) {
		rbuf_init(&b);
		if (first && c->block_x > 0)
			block_tile_label(x, r, &b);
		else if (first)
			rbuf_puts(&b, "--");
		rtable_text(t, rbuf_str(&b));
		rbuf_free(&b);
	}
	if (d->key[DK_ILP]) {
		if (first)
			rtable_int(t, c->ilp);
		else
			rtable_text(t, "");
	}
	if (d->key[DK_PARAM]) {
		if (first)
			rtable_int(t, c->param);
		else
			rtable_text(t, "");
	}
	if (d->key[DK_PHASE]) {
		rbuf_init(&b);
		lang_name_put(x, "data.phase", phase, 0, &b);
		rtable_text(t, rbuf_str(&b));
		rbuf_free(&b);
	}
}

/* The rest of a row of r that has no valid measurement: its status and
 * the reason the store gives, across the value columns. */
static void dtab_status(struct rctx *x, struct dtab *d, struct rtable *t,
			const struct rcfg *r)
{
	const char *key = cell_status_key(r);
	int span = t->ncols - t->col;

	d->failed |= !strcmp(key, "cell.failed");
	d->fault |= !strcmp(key, "cell.fault");
	if (t->col)
		rbuf_puts(&t->body, " & ");
	rbuf_printf(&t->body, "\\multicolumn{%d}{p{0.5\\linewidth}}"
		    "{\\raggedright %s: ", span, lang_get(x->L, key));
	rbuf_put_tex(&t->body, r->c->reason && *r->c->reason ?
		     r->c->reason : "--", 1);
	rbuf_puts(&t->body, "}");
	t->col = t->ncols;
}

/* The cells of the configuration-wide values, noise and discarded,
 * on the first row of a run only; empty where unknown (a file older
 * than schema 7). */
static void dtab_quality(struct rtable *t, const struct rcfg *r, int first)
{
	const struct store_config *c = r->c;

	if (first && isfinite(c->noise))
		rtable_num(t, 100 * c->noise, 2, 0);
	else
		rtable_text(t, "");
	if (first && c->discarded >= 0 && isfinite(c->noise))
		rtable_int(t, (long long)c->discarded);
	else
		rtable_text(t, "");
}

/* The rows of configuration r: one per time metric. Returns 0, -1 when
 * the store fails reading samples. */
static int dtab_rows(struct rctx *x, struct dtab *d, struct rtable *t,
		     const struct rcfg *r)
{
	size_t k;
	int first = 1;

	if (!rcfg_ok(r)) {
		dtab_keys(x, d, t, r, 1, "kernel");
		dtab_status(x, d, t, r);
		rtable_row_end(t);
		return 0;
	}
	for (k = 0; k < r->nstats; k++) {
		const struct store_stat *s = &r->stats[k], *rt;
		double med, lo, hi;

		if (!data_is_time(s))
			continue;
		if (rcfg_median_ci(x, r, s->metric, &med, &lo, &hi))
			return -1;
		dtab_keys(x, d, t, r, first, s->metric);
		rtable_num(t, med, -1, 0);
		rtable_num(t, lo, -1, 0);
		rtable_num(t, hi, -1, 0);
		rt = data_rate(r, s->metric);
		if (d->rows_rate && rt)
			rtable_num(t, rt->s.median, -1, 0);
		else if (d->rows_rate)
			rtable_text(t, "");
		rtable_int(t, (long long)s->s.n);
		dtab_quality(t, r, first);
		rtable_row_end(t);
		first = 0;
	}
	return 0;
}

/* The note under d's table: what its marks and words mean. */
static void dtab_note(struct rctx *x, const struct dtab *d, struct rbuf *n)
{
	char pct[32];

	snprintf(pct, sizeof(pct), "\\num{%.3g}", 100 * d->target);
	emit_string(x, n, "data.note", NULL, 0);
	if (d->failed)
		rbuf_printf(n, " %s", lang_get(x->L, "data.note.failed"));
	if (d->fault)
		rbuf_printf(n, " %s", lang_get(x->L, "data.note.fault"));
	if (d->above) {
		rbuf_putc(n, ' ');
		emit_string(x, n, "data.note.above", &(struct kv){"TARGET",
			    pct}, 1);
	}
	if (d->seen) {
		rbuf_putc(n, ' ');
		regime_note(x, d->seen, n);
	}
}

/* The table of suite on device dev. Returns 0, -1 on a template or
 * store failure. */
static int data_table(struct rctx *x, const char *suite, const char *title,
		      int dev)
{
	struct dtab d;
	struct rtable t;
	struct rbuf cap, anc, note, spec;
	size_t i;
	int rc = -1;

	if (dtab_fill(x, suite, dev, &d))
		return -1;
	d.target = dtab_target(x, &d);
	dtab_head(x, &d, &t);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&note);
	rbuf_init(&spec);
	for (i = 0; i < d.n; i++)
		if (dtab_rows(x, &d, &t, d.c[i]))
			goto out;
	dtab_note(x, &d, &note);
	rbuf_printf(&anc, "data-%s dev=%lld", suite,
		    (long long)x->devs[dev]->id);
	dev_suffix(x, dev, &spec);
	if (emit_string(x, &cap, "data.caption", (struct kv[]){
			{"SUITE", title},
			{"DEV", rbuf_str(&spec)}}, 2))
		goto out;
	rbuf_free(&spec);
	rtable_colspec(&t, &spec);
	rc = emit_fragment(x, "longtable", (struct kv[]){
		{"ANCHOR", rbuf_str(&anc)}, {"CAPTION", rbuf_str(&cap)},
		{"COLSPEC", rbuf_str(&spec)}, {"HEAD", rbuf_str(&t.head)},
		{"BODY", rbuf_str(&t.body)}, {"NOTE", rbuf_str(&note)}}, 6);
out:
	rtable_free(&t);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&note);
	rbuf_free(&spec);
	free(d.c);
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
	if (!title)
		title = lang_get(x->L, key);
	emit_heading(x, 1, title);
	rbuf_printf(&x->body, "\\label{%s:%s}\n", DATA_LABEL, suite);
	for (dev = 0; dev < x->ndevs; dev++)
		if (model_has_suite(x, (int)dev, suite) &&
		    data_table(x, suite, title, (int)dev))
			return -1;
	return 0;
}
