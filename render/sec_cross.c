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

/* The configuration of device dev with a's key, ok, or NULL. */
static const struct rcfg *cross_match(const struct rctx *x,
				      const struct rcfg *a, int dev)
{
	const struct store_config *p = a ? a->c : NULL, *q;
	size_t i;

	for (i = 0; p && i < x->ncfgs; i++) {
		q = x->cfgs[i].c;
		if (x->cfgs[i].dev == dev && !strcmp(q->suite, p->suite) &&
		    store_config_same_key(p, q))
			return rcfg_ok(&x->cfgs[i]) ? &x->cfgs[i] : NULL;
	}
	return NULL;
}

/* Experiment s of device k against GPU 1, every configuration both ran
 * judged: its row of the table (the verdicts counted by enum
 * rule_verdict + 1; the speed-ups, > 1 where GPU k is faster), and s's
 * name into the list of experiments where GPU k is faster in most
 * tested configurations (fast) or where most tie (same). */
static int cross_row(struct rctx *x, struct rtable *t,
		     const struct suite_desc *s, int k, struct rbuf *fast,
		     struct rbuf *same)
{
	double *sp = malloc((x->ncfgs + 1) * sizeof(*sp));
	int n[4] = {0, 0, 0, 0}, nf = 0, ns = 0, tested;
	const struct rcfg *a, *b;
	struct stats_summary st;
	struct rbuf cell, *to = NULL;
	struct rcmp r;
	size_t i, nsp = 0;

	if (!sp)
		return -1;
	for (i = 0; i < x->ncfgs; i++) {
		a = &x->cfgs[i];
		if (a->dev || strcmp(a->c->suite, s->name) || !rcfg_ok(a))
			continue;
		b = cross_match(x, a, k);
		if (!b || model_compare(x, a, b, s->metric, &r))
			continue;
		n[r.verdict + 1]++;
		sp[nsp++] = s->higher ? r.ratio : 1 / r.ratio;
		if (r.verdict == RULE_HIGHER || r.verdict == RULE_LOWER)
			(r.verdict == RULE_HIGHER) == s->higher ? nf++ : ns++;
	}
	rbuf_init(&cell);
	if (nsp && !stats_summary_compute(sp, nsp, &st)) {
		if (x->ndevs > 2)
			rbuf_printf(&cell, "GPU~%d: ", k + 1);
		lang_name_put(x, "cross.suite", s->name, 0, &cell);
		rtable_text(t, rbuf_str(&cell));
		rbuf_free(&cell);
		lang_name_put(x, "metric", s->metric, 0, &cell);
		rtable_text(t, rbuf_str(&cell));
		rtable_int(t, (long long)nsp);
		rtable_int(t, nf);
		rtable_int(t, ns);
		rtable_int(t, n[RULE_SAME + 1]);
		rtable_int(t, n[RULE_UNTESTED + 1]);
		rtable_num(t, st.median, 2, 0);
		rtable_num(t, st.min, 2, 0);
		rtable_num(t, st.max, 2, 0);
		rtable_row_end(t);
		tested = (int)nsp - n[RULE_UNTESTED + 1];
		to = 2 * nf > tested ? fast : 2 * n[RULE_SAME + 1] > tested ?
		     same : NULL;
		if (to) {
			rbuf_puts(to, to->len ? ", " : "");
			lang_name_put(x, "cross.suite", s->name, 0, to);
		}
	}
	rbuf_free(&cell);
	free(sp);
	return 0;
}

/* The table of every experiment both devices measured; the lists of
 * cross_row into the finding "cross.find.tally" of each device. */
static int cross_table(struct rctx *x, struct rfind *f)
{
	struct rtable t;
	struct fv v;
	size_t i;
	int k, rc = 0, r;

	rtable_init(&t, "llrrrrrSSS");
	mem_heads(x, &t, (const char *const[]){"cross.h.suite",
		  "cross.h.metric", "cross.h.n", "cross.h.faster",
		  "cross.h.slower", "cross.h.same", "cross.h.untested",
		  "cross.h.median", "cross.h.min", "cross.h.max", NULL});
	rtable_head_end(&t);
	fv_init(&v);
	for (k = 1; k < (int)x->ndevs && !rc; k++) {
		struct rbuf *l[2] = {fv_put(&v, "FAST"), fv_put(&v, "SAME")};

		/* in the order of the report's sections */
		for (r = 1; r <= SUITE_N; r++)
			for (i = 0; i < SUITE_N && !rc; i++)
				if (suite_defs[i].report == r &&
				    model_has_suite(x, 0, suite_defs[i].name) &&
				    model_has_suite(x, k, suite_defs[i].name))
					rc = cross_row(x, &t, &suite_defs[i], k,
						       l[0], l[1]);
		fv_int(&v, "K", k + 1);
		for (i = 0; i < 2; i++)
			if (!l[i]->len)
				rbuf_puts(l[i], lang_get(x->L, "cross.none"));
		if (!rc && t.rows)
			find_add(x, f, "cross.find.tally", fv_kv(&v), v.n);
	}
	fv_free(&v);
	if (!rc && t.rows)
		rc = emit_table(x, &t, lang_get(x->L, "cross.table"), "cross",
				lang_get(x->L, "cross.note"));
	rtable_free(&t);
	return rc;
}

/* What devs_of states on each device. */
enum { AT_FP32, AT_MEM, AT_VALUE, AT_PCT };

/* The value what of every reported device into b (find_devs): the
 * device's peaks, or metric of its configuration with a's key (in % of
 * its memory peak). */
static void devs_of(const struct rctx *x, struct rbuf *b, int what,
		    const struct rcfg *a, const char *metric, int sig)
{
	double v[64], m;
	int d, n = x->ndevs < 64 ? (int)x->ndevs : 64;

	for (d = 0; d < n; d++) {
		m = what < AT_VALUE ? NAN :
		    rcfg_median(cross_match(x, a, d), metric);
		v[d] = what == AT_FP32 ? x->devs[d]->peak_fp32_gflops :
		       what == AT_MEM ? x->devs[d]->peak_mem_gbs :
		       what == AT_PCT ? rule_peak_pct(m, x->devs[d]->peak_mem_gbs,
						      NULL) : m;
	}
	find_devs(x, b, v, n, sig);
}

/* The finding key (".faster", ".slower", ".same", ".untested") of the
 * comparison in metric of GPU 1's point a with device k's at the same
 * key: the values on each device, the effect, the peaks' ratio RATIO. */
static void cross_point(struct rctx *x, struct rfind *f, const char *key,
			const struct rcfg *a, const char *metric, int k,
			double ratio, struct fv *v)
{
	static const char *const tail[] = {".untested", ".same", ".faster",
					   ".slower"};
	const struct rcfg *b = cross_match(x, a, k);
	char full[64];
	struct rcmp r;

	if (!b || model_compare(x, a, b, metric, &r))
		return;
	devs_of(x, fv_put(v, "V"), AT_VALUE, a, metric, 4);
	find_effect(x, fv_put(v, "E"), &r, 0);
	fv_num(v, "RATIO", ratio, 3);
	fv_int(v, "K", k + 1);
	snprintf(full, sizeof(full), "%s%s", key, tail[r.verdict + 1]);
	find_add(x, f, full, fv_kv(v), v->n);
}

/* The arithmetic-bound finding: the versions section's fastest steady
 * configuration on GPU 1, and the memory-bound one: note J's copy at its
 * best ILP and largest steady N on GPU 1. */
static void cross_points(struct rctx *x, struct rfind *f, int k)
{
	const struct store_device *da = x->devs[0], *db = x->devs[k];
	const struct rcfg *a = versions_fastest(x, 0, 1);
	struct ilp_facts fi;
	struct fv v;

	fv_init(&v);
	if (a) {
		mem_variant(fv_put(&v, "KERNEL"), a->c->variant);
		fv_int(&v, "N", a->c->n);
		block_label(a->c->block_x, a->c->block_y, fv_put(&v, "B"));
		cross_point(x, f, "cross.find.compute", a, VOCAB_METRIC_GFLOPS,
			    k, db->peak_fp32_gflops / da->peak_fp32_gflops, &v);
	}
	if (model_has_suite(x, 0, VOCAB_SUITE_ILP) && !facts_ilp(x, 0, &fi) &&
	    fi.n) {
		a = ilp_find(x, 0, VOCAB_VARIANT_COPY_ILP, fi.n, fi.best_ilp);
		fv_int(&v, "ILP", fi.best_ilp);
		ilp_count_math(fi.n, fv_put(&v, "N"));
		devs_of(x, fv_put(&v, "PCT"), AT_PCT, a, VOCAB_METRIC_GBS, 3);
		cross_point(x, f, "cross.find.memory", a, VOCAB_METRIC_GBS, k,
			    db->peak_mem_gbs / da->peak_mem_gbs, &v);
	}
	fv_free(&v);
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
	devs_of(x, fv_put(&v, "FP"), AT_FP32, NULL, NULL, 4);
	devs_of(x, fv_put(&v, "MEM"), AT_MEM, NULL, NULL, 4);
	find_add(x, &f, "cross.find.peaks", fv_kv(&v), v.n);
	fv_free(&v);
	rc = cross_table(x, &f);
	for (k = 1; k < (int)x->ndevs && !rc; k++)
		cross_points(x, &f, k);
	if (!rc)
		rc = find_emit(x, &f);
	find_free(&f);
	return rc;
}
