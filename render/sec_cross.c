/* Comparison of the devices: every configuration that GPU 1 and another
 * GPU measured with the same key, judged on its suite's main metric
 * (analysis/suites.h) by the one difference rule (model_compare). One
 * table tallies the verdicts per experiment; the findings state the
 * peaks, the kernel that bounds on arithmetic (the versions section's
 * fastest, versions_fastest) and the copy that bounds on memory (note
 * J's, facts_ilp) with their effects, and what the table shows. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "stats.h"
#include "suites.h"
#include "vocab.h"

static int str_same(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

/* The configuration of device dev with a's key, ok, or NULL. */
static const struct rcfg *cross_match(const struct rctx *x,
				      const struct rcfg *a, int dev)
{
	const struct store_config *p = a ? a->c : NULL, *q;
	size_t i;

	for (i = 0; p && i < x->ncfgs; i++) {
		q = x->cfgs[i].c;
		if (x->cfgs[i].dev == dev && !strcmp(q->suite, p->suite) &&
		    !strcmp(q->variant, p->variant) && q->m == p->m &&
		    q->k == p->k && q->n == p->n && q->count == p->count &&
		    q->block_x == p->block_x && q->block_y == p->block_y &&
		    q->ilp == p->ilp && q->param == p->param &&
		    str_same(q->host_mem, p->host_mem) &&
		    str_same(q->precision, p->precision))
			return rcfg_ok(&x->cfgs[i]) ? &x->cfgs[i] : NULL;
	}
	return NULL;
}

/* One experiment of device k against GPU 1: the verdicts by enum
 * rule_verdict (+1), and the speed-ups (> 1: GPU k faster). */
struct xtally {
	int n[4];		/* untested, same, higher, lower */
	int faster, slower;
	double *sp;
	size_t nsp;
};

static int xtally_fill(struct rctx *x, const struct suite_desc *s, int k,
		       struct xtally *t)
{
	const struct rcfg *a, *b;
	struct rcmp r;
	size_t i;

	memset(t, 0, sizeof(*t));
	t->sp = malloc((x->ncfgs + 1) * sizeof(*t->sp));
	if (!t->sp)
		return -1;
	for (i = 0; i < x->ncfgs; i++) {
		a = &x->cfgs[i];
		if (a->dev || strcmp(a->c->suite, s->name) || !rcfg_ok(a))
			continue;
		b = cross_match(x, a, k);
		if (!b || model_compare(x, a, b, s->metric, &r))
			continue;
		t->n[r.verdict + 1]++;
		t->sp[t->nsp++] = s->higher ? r.ratio : 1 / r.ratio;
		if (r.verdict == RULE_HIGHER || r.verdict == RULE_LOWER)
			(r.verdict == RULE_HIGHER) == s->higher ?
			t->faster++ : t->slower++;
	}
	return 0;
}

/* The experiment's short name (string "cross.suite.NAME"). */
static void suite_title(const struct rctx *x, const char *suite,
			struct rbuf *b)
{
	lang_name_put(x, "cross.suite", suite, 0, b);
}

/* The table's row of suite s for device k, and s's title into the list
 * of experiments where GPU k is faster in most tested configurations
 * (fast) or where most show no meaningful difference (same). */
static int cross_row(struct rctx *x, struct rtable *t,
		     const struct suite_desc *s, int k, struct rbuf *fast,
		     struct rbuf *same)
{
	struct stats_summary st;
	struct xtally y;
	struct rbuf cell, *to = NULL;
	int tested;

	if (xtally_fill(x, s, k, &y))
		return -1;
	rbuf_init(&cell);
	if (y.nsp && !stats_summary_compute(y.sp, y.nsp, &st)) {
		if (x->ndevs > 2)
			rbuf_printf(&cell, "GPU~%d: ", k + 1);
		suite_title(x, s->name, &cell);
		rtable_text(t, rbuf_str(&cell));
		rbuf_free(&cell);
		metric_name(x, s->metric, &cell);
		rtable_text(t, rbuf_str(&cell));
		rtable_int(t, (long long)y.nsp);
		rtable_int(t, y.faster);
		rtable_int(t, y.slower);
		rtable_int(t, y.n[RULE_SAME + 1]);
		rtable_int(t, y.n[RULE_UNTESTED + 1]);
		rtable_num(t, st.median, 2, 0);
		rtable_num(t, st.min, 2, 0);
		rtable_num(t, st.max, 2, 0);
		rtable_row_end(t);
		tested = (int)y.nsp - y.n[RULE_UNTESTED + 1];
		if (2 * y.faster > tested)
			to = fast;
		else if (2 * y.n[RULE_SAME + 1] > tested)
			to = same;
		if (to) {
			rbuf_puts(to, to->len ? ", " : "");
			suite_title(x, s->name, to);
		}
	}
	rbuf_free(&cell);
	free(y.sp);
	return 0;
}

/* The table of every experiment both devices measured; the lists of
 * cross_row into the finding "cross.find.tally" of each device. */
static int cross_table(struct rctx *x, struct rfind *f)
{
	struct rbuf note;
	struct rtable t;
	struct fv v;
	size_t i;
	int k, rc = 0, r;

	rtable_init(&t, "llrrrrrSSS");
	rtable_head(&t, lang_get(x->L, "cross.h.suite"));
	rtable_head(&t, lang_get(x->L, "cross.h.metric"));
	rtable_head(&t, lang_get(x->L, "cross.h.n"));
	rtable_head(&t, lang_get(x->L, "cross.h.faster"));
	rtable_head(&t, lang_get(x->L, "cross.h.slower"));
	rtable_head(&t, lang_get(x->L, "cross.h.same"));
	rtable_head(&t, lang_get(x->L, "cross.h.untested"));
	rtable_head(&t, lang_get(x->L, "cross.h.median"));
	rtable_head(&t, lang_get(x->L, "cross.h.min"));
	rtable_head(&t, lang_get(x->L, "cross.h.max"));
	rtable_head_end(&t);
	fv_init(&v);
	for (k = 1; k < (int)x->ndevs && !rc; k++) {
		struct rbuf *fast = fv_put(&v, "FAST"), *same = fv_put(&v,
							      "SAME");

		/* in the order of the report's sections */
		for (r = 1; r <= SUITE_N; r++)
			for (i = 0; i < SUITE_N && !rc; i++)
				if (suite_defs[i].report == r &&
				    model_has_suite(x, 0, suite_defs[i].name) &&
				    model_has_suite(x, k, suite_defs[i].name))
					rc = cross_row(x, &t, &suite_defs[i], k,
						       fast, same);
		fv_int(&v, "K", k + 1);
		if (!fast->len)
			rbuf_puts(fast, lang_get(x->L, "cross.none"));
		if (!same->len)
			rbuf_puts(same, lang_get(x->L, "cross.none"));
		if (!rc && t.rows)
			fv_find(x, f, "cross.find.tally", &v);
	}
	fv_free(&v);
	rbuf_init(&note);
	rbuf_puts(&note, lang_get(x->L, "cross.note"));
	if (!rc && t.rows)
		rc = emit_table(x, &t, lang_get(x->L, "cross.table"), "cross",
				rbuf_str(&note));
	rbuf_free(&note);
	rtable_free(&t);
	return rc;
}

/* A value of every reported device into b (find_devs). */
static void devs_of(const struct rctx *x, struct rbuf *b,
		    double (*get)(const struct rctx *, int, const void *),
		    const void *arg, int sig)
{
	double v[64];
	int d, n = x->ndevs < 64 ? (int)x->ndevs : 64;

	for (d = 0; d < n; d++)
		v[d] = get(x, d, arg);
	find_devs(x, b, v, n, sig);
}

static double get_fp32(const struct rctx *x, int d, const void *arg)
{
	(void)arg;
	return x->devs[d]->peak_fp32_gflops;
}

static double get_mem(const struct rctx *x, int d, const void *arg)
{
	(void)arg;
	return x->devs[d]->peak_mem_gbs;
}

/* GPU 1's configuration a, its value in metric on each device that has
 * its key. */
struct xat {
	const struct rcfg *a;
	const char *metric;
	int pct;		/* in % of the device's memory peak */
};

static double get_at(const struct rctx *x, int d, const void *arg)
{
	const struct xat *p = arg;
	double v = rcfg_median(cross_match(x, p->a, d), p->metric);

	return p->pct ? ilp_pct_peak(x, d, v) : v;
}

/* The finding key (".faster", ".slower", ".same", ".untested") of the
 * comparison of GPU 1's point a with device k's at the same key: the
 * values on each device, the effect, the peaks' ratio RATIO. */
static void cross_point(struct rctx *x, struct rfind *f, const char *key,
			struct xat *p, int k, double ratio, struct fv *v)
{
	static const char *const tail[] = {".untested", ".same", ".faster",
					   ".slower"};
	const struct rcfg *b = cross_match(x, p->a, k);
	char full[64];
	struct rcmp r;

	if (!b || model_compare(x, p->a, b, p->metric, &r))
		return;
	devs_of(x, fv_put(v, "V"), get_at, p, 4);
	find_effect(x, fv_put(v, "E"), &r, 0);
	fv_num(v, "RATIO", ratio, 3);
	fv_int(v, "K", k + 1);
	snprintf(full, sizeof(full), "%s%s", key, tail[r.verdict + 1]);
	fv_find(x, f, full, v);
}

/* The arithmetic-bound finding: the versions section's fastest steady
 * configuration on GPU 1, and the memory-bound one: note J's copy at its
 * best ILP and largest steady N on GPU 1. */
static int cross_points(struct rctx *x, struct rfind *f, int k)
{
	const struct store_device *a = x->devs[0], *b = x->devs[k];
	struct ilp_facts fi;
	struct xat p;
	struct fv v;

	fv_init(&v);
	p.a = versions_fastest(x, 0, -1, 1, NULL, 0);
	p.metric = VOCAB_METRIC_GFLOPS;
	p.pct = 0;
	if (p.a) {
		mem_variant(fv_put(&v, "KERNEL"), p.a->c->variant);
		fv_int(&v, "N", p.a->c->n);
		block_label(p.a->c->block_x, p.a->c->block_y,
			    fv_put(&v, "B"));
		cross_point(x, f, "cross.find.compute", &p, k,
			    b->peak_fp32_gflops / a->peak_fp32_gflops, &v);
	}
	if (model_has_suite(x, 0, VOCAB_SUITE_ILP) && !facts_ilp(x, 0, &fi) &&
	    fi.n) {
		p.a = ilp_find(x, 0, VOCAB_VARIANT_COPY_ILP, fi.n, fi.best_ilp);
		p.metric = VOCAB_METRIC_GBS;
		fv_int(&v, "ILP", fi.best_ilp);
		ilp_count_math(fi.n, fv_put(&v, "N"));
		p.pct = 1;
		devs_of(x, fv_put(&v, "PCT"), get_at, &p, 3);
		p.pct = 0;
		cross_point(x, f, "cross.find.memory", &p, k,
			    b->peak_mem_gbs / a->peak_mem_gbs, &v);
	}
	fv_free(&v);
	return 0;
}

int sec_cross(struct rctx *x)
{
	struct rfind f;
	struct fv v;
	int rc, k;

	emit_heading(x, 0, lang_get(x->L, "cross.title"));
	if (x->ndevs < 2) {
		emit_par(x, lang_get(x->L, "cross.single"));
		return 0;
	}
	emit_par(x, lang_get(x->L, "cross.intro"));
	find_init(&f);
	fv_init(&v);
	devs_of(x, fv_put(&v, "FP"), get_fp32, NULL, 4);
	devs_of(x, fv_put(&v, "MEM"), get_mem, NULL, 4);
	fv_find(x, &f, "cross.find.peaks", &v);
	fv_free(&v);
	rc = cross_table(x, &f);
	for (k = 1; k < (int)x->ndevs && !rc; k++)
		rc = cross_points(x, &f, k);
	if (!rc)
		rc = find_emit(x, &f);
	find_free(&f);
	return rc;
}
