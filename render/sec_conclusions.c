/* Conclusions: each source report's findings (SEEDS: reports P and G,
 * note J) set beside ours, computed from the model: agrees or differs,
 * with the numbers, the test, and where it differs the regime our
 * points were measured in. The sources' findings are fixed texts (they
 * are what those documents say); every word about our data is chosen by
 * the data. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* Devices per table: the claims are sentences, so columns stay wide. */
#define DEVS_PER_TABLE 2

/* V_OPEN: the source found a difference and our test finds none (not
 * significant): neither confirmed nor reversed. */
enum verdict { V_NODATA, V_AGREES, V_DIFFERS, V_OPEN };

/* What one comparison found on one device. */
struct verdict_out {
	int v;			/* enum verdict */
	int untested;		/* judged by the medians alone */
	unsigned regime;	/* of the points it rests on */
	struct rbuf text;	/* the measured fact, LaTeX */
	const char *key;	/* the claim's (struct claim) */
};

/* Versions va (a) and vb (b) at the largest size both measured, each at
 * its best block there, compared in GFLOP/s into *p. Returns the size,
 * 0 when they share none or the comparison fails. */
static int versions_at(struct rctx *x, int dev, const char *va,
		       const char *vb, struct versions_pair *p)
{
	if (versions_pair_compare(x, dev, va, vb, p) || !p->a || !p->b ||
	    !isfinite(p->cmp.ratio))
		return 0;
	return p->n;
}

/* The verdict on "b is faster than a" (more of metric is faster when
 * higher): a significant difference decides; untested, the medians do
 * and the verdict says so. */
static int faster_verdict(const struct rcmp *r, int higher,
			  struct verdict_out *o)
{
	int b_faster = higher ? r->b > r->a : r->b < r->a;

	if (r->p < 0)
		o->untested = 1;
	else if (!r->signif)
		return V_OPEN;
	return b_faster ? V_AGREES : V_DIFFERS;
}

/* faster_verdict of r into o, resting on the points a and b. */
static void pair_judge(const struct rctx *x, const struct rcmp *r,
		       int higher, const struct rcfg *a, const struct rcfg *b,
		       struct verdict_out *o)
{
	o->v = faster_verdict(r, higher, o);
	o->regime = rcfg_regime(x, a) | rcfg_regime(x, b);
}

/* The test of r between pre and post, and whether the stored ranges
 * decided it; nothing when untested. */
static void put_p(const struct rctx *x, const struct rcmp *r,
		  const char *pre, const char *post, struct rbuf *b)
{
	if (r->p < 0)
		return;
	rbuf_puts(b, pre);
	find_p(x, b, r->p);
	if (r->ranges)
		rbuf_printf(b, " %s", lang_get(x->L, "concl.by_ranges"));
	rbuf_puts(b, post);
}

/* "\texttt{vb} 1.23$\times$ \texttt{va}": b's ratio to a. */
static void put_times(struct rbuf *t, const char *vb, double ratio,
		      const char *va)
{
	mem_variant(t, vb);
	rbuf_putc(t, ' ');
	find_num(t, ratio, 3);
	rbuf_puts(t, "$\\times$ ");
	mem_variant(t, va);
}

/* put_times of r, then " (PRE b vs a UNIT, test)". */
static void put_times_vs(const struct rctx *x, struct rbuf *t,
			 const char *vb, const char *va, const struct rcmp *r,
			 const char *pre, const char *unit)
{
	put_times(t, vb, r->ratio, va);
	rbuf_printf(t, " (%s", pre);
	find_num(t, r->b, 4);
	rbuf_puts(t, " vs ");
	find_num(t, r->a, 4);
	rbuf_printf(t, " %s", unit);
	put_p(x, r, ", ", "", t);
	rbuf_puts(t, ")");
}

/* Report P: v3's shared-memory tiles beat v2's global-memory reads. */
static void claim_p_tiles(struct rctx *x, int dev, struct verdict_out *o)
{
	struct versions_pair p;
	char pre[32];
	int n = versions_at(x, dev, VOCAB_VARIANT_V2, VOCAB_VARIANT_V3, &p);

	if (!n)
		return;
	pair_judge(x, &p.cmp, 1, p.a, p.b, o);
	snprintf(pre, sizeof(pre), "$n = %d$: ", n);
	put_times_vs(x, &o->text, VOCAB_VARIANT_V3, VOCAB_VARIANT_V2, &p.cmp,
		     pre, "GFLOP/s");
}

/* Report P: v5 is the fastest of its versions. Ours is the versions
 * section's "best" by the same rule and helper (versions_fastest: the
 * points that count, any size), among P's five versions. */
static void claim_p_best(struct rctx *x, int dev, struct verdict_out *o)
{
	static const char *const vv[] = {
		VOCAB_VARIANT_V1, VOCAB_VARIANT_V2, VOCAB_VARIANT_V3,
		VOCAB_VARIANT_V4, VOCAB_VARIANT_V5
	};
	const struct rcfg *top, *v5;
	struct rcmp r;

	top = versions_fastest(x, dev, -1, 1, vv, 5);
	if (!top)
		return;
	v5 = top;
	if (strcmp(top->c->variant, VOCAB_VARIANT_V5))
		v5 = versions_fastest(x, dev, top->c->n, 1, vv + 4, 1);
	o->regime = rcfg_regime(x, top);
	rbuf_printf(&o->text, "$n = %d$: %s ", top->c->n,
		    lang_get(x->L, "concl.fastest"));
	mem_variant(&o->text, top->c->variant);
	rbuf_puts(&o->text, " (");
	find_num(&o->text, rcfg_median(top, VOCAB_METRIC_GFLOPS), 4);
	rbuf_puts(&o->text, " GFLOP/s)");
	if (v5 == top) {
		o->v = V_AGREES;
		return;
	}
	if (!v5 || model_compare(x, v5, top, VOCAB_METRIC_GFLOPS, &r)) {
		o->v = V_DIFFERS;
		o->untested = 1;
		return;
	}
	/* top is faster than v5 by its median; the rule says whether it
	 * is a finding */
	o->v = r.p < 0 || r.signif ? V_DIFFERS : V_OPEN;
	o->untested = r.p < 0;
	o->regime |= rcfg_regime(x, v5);
	rbuf_puts(&o->text, ", \\texttt{v5} ");
	find_num(&o->text, r.a, 4);
	put_p(x, &r, ", ", "", &o->text);
}

/* Report P: v1, one block for the whole matrix, is by far the slowest. */
static void claim_p_one_block(struct rctx *x, int dev, struct verdict_out *o)
{
	struct versions_pair vp;
	const struct rcmp *r = &vp.cmp;
	const struct store_prop *p;
	struct fv v;
	int n = versions_at(x, dev, VOCAB_VARIANT_V2, VOCAB_VARIANT_V1, &vp);

	if (!n)
		return;
	/* "v1 slower than v2": b (v1) must have less GFLOP/s */
	o->v = faster_verdict(r, 0, o);
	o->regime = rcfg_regime(x, vp.b);
	rbuf_puts(&o->text, "\\texttt{v1} ");
	find_num(&o->text, r->b, 3);
	rbuf_printf(&o->text, " vs \\texttt{v2} ");
	find_num(&o->text, r->a, 4);
	rbuf_printf(&o->text, " GFLOP/s at $n = %d$", n);
	put_p(x, r, ", ", "", &o->text);
	p = model_prop(x->devs[dev], "multiprocessor_count");
	if (p && p->has_num && isfinite(p->num)) {
		fv_init(&v);
		rbuf_printf(fv_put(&v, "SMS"), "%.0f", p->num);
		rbuf_puts(&o->text, "; ");
		fv_emit(x, &o->text, "concl.one_sm", &v);
		fv_free(&v);
	}
}

/* The smallest (*lo) and the largest (*hi) size the transfer suite
 * measured the shared kernel at on dev. Returns 0, -1 when none. */
static int transfer_sizes(const struct rctx *x, int dev, int *lo, int *hi)
{
	int *ns = NULL;
	size_t nn = model_ints(x, dev, VOCAB_SUITE_TRANSFER,
			       VOCAB_VARIANT_SHARED, NULL, 'n', &ns);

	*lo = nn ? ns[0] : 0;
	*hi = nn ? ns[nn - 1] : 0;
	free(ns);
	return nn ? 0 : -1;
}

/* The gain of pinned-output over pageable host memory in metric for the
 * kernel variant "shared" (report G pins C of both; the shared kernel is
 * its main line) at size n. */
static int transfer_gain(struct rctx *x, int dev, const char *metric, int n,
			 struct rcmp *r, unsigned *rg)
{
	const struct rcfg *a, *b;

	a = model_find(x, dev, VOCAB_SUITE_TRANSFER, VOCAB_VARIANT_SHARED,
		       VOCAB_HOST_PAGEABLE, n, -1, -1);
	b = model_find(x, dev, VOCAB_SUITE_TRANSFER, VOCAB_VARIANT_SHARED,
		       VOCAB_HOST_PINNED_OUTPUT, n, -1, -1);
	if (!rcfg_ok(a) || !rcfg_ok(b))
		return -1;
	*rg |= rcfg_regime(x, a) | rcfg_regime(x, b);
	return model_compare(x, a, b, metric, r) ? -1 : 0;
}

/* A gain and its test into b: "-12 % (p = 0.3)". */
static void put_gain(const struct rctx *x, const struct rcmp *r,
		     struct rbuf *b)
{
	find_pct(b, r->gain, 2);
	put_p(x, r, " (", ")", b);
}

/* Report G: pinned output cuts Memcpy C (and, claim 2, the whole run) at
 * the smallest and the largest size: the metric that the claim's key
 * ends with. */
static void claim_g_pinned(struct rctx *x, int dev, struct verdict_out *o)
{
	const char *metric = strrchr(o->key, '.') + 1;
	struct rcmp lo, hi, m;
	unsigned rg = 0;
	int n0, n1;

	if (transfer_sizes(x, dev, &n0, &n1) ||
	    transfer_gain(x, dev, metric, n0, &lo, &o->regime) ||
	    transfer_gain(x, dev, metric, n1, &hi, &o->regime))
		return;
	/* the source's claim is a cut: agreed where it is a significant
	 * gain at the smallest size, where report G saw it largest */
	o->v = faster_verdict(&lo, 0, o);
	rbuf_printf(&o->text, "$n = %d$: ", n0);
	put_gain(x, &lo, &o->text);
	rbuf_printf(&o->text, "; $n = %d$: ", n1);
	put_gain(x, &hi, &o->text);
	/* a whole run that pinned memory makes slower: the phase that
	 * costs it, from the data */
	if (o->v == V_DIFFERS && !strcmp(metric, VOCAB_METRIC_TOTAL) &&
	    !transfer_gain(x, dev, VOCAB_METRIC_MALLOC, n0, &m, &rg)) {
		rbuf_printf(&o->text, "; %s ", lang_get(x->L,
			    "concl.g.malloc"));
		find_num(&o->text, m.ratio, 3);
		rbuf_printf(&o->text, "$\\times$ %s", lang_get(x->L,
			    "concl.g.malloc_of"));
	}
}

/* Report G: shared-memory tiles cut the kernel time. */
static void claim_g_shared(struct rctx *x, int dev, struct verdict_out *o)
{
	const struct rcfg *a, *b;
	struct rcmp r;
	int n0, n;

	if (transfer_sizes(x, dev, &n0, &n))
		return;
	a = model_find(x, dev, VOCAB_SUITE_TRANSFER, VOCAB_VARIANT_SIMPLE,
		       VOCAB_HOST_PAGEABLE, n, -1, -1);
	b = model_find(x, dev, VOCAB_SUITE_TRANSFER, VOCAB_VARIANT_SHARED,
		       VOCAB_HOST_PAGEABLE, n, -1, -1);
	if (!rcfg_ok(a) || !rcfg_ok(b) ||
	    model_compare(x, a, b, VOCAB_METRIC_KERNEL, &r))
		return;
	pair_judge(x, &r, 0, a, b, o);
	rbuf_printf(&o->text, "$n = %d$: ", n);
	put_gain(x, &r, &o->text);
}

/* The steady copy configuration of (dev, ILP) with the largest N. */
static const struct rcfg *ilp_largest(const struct rctx *x, int dev,
				      int ilp)
{
	const struct rcfg *best = NULL;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *c = &x->cfgs[i];

		if (c->dev != dev || strcmp(c->c->suite, VOCAB_SUITE_ILP) ||
		    strcmp(c->c->variant, VOCAB_VARIANT_COPY_ILP) ||
		    c->c->ilp != ilp || !rcfg_steady(x, c))
			continue;
		/* by the count: n holds floor(log2 N) in older files */
		if (!best || ilp_count(c) > ilp_count(best))
			best = c;
	}
	return best;
}

/* The ILP whose steady configuration at the largest N copies fastest;
 * NULL when none. */
static const struct rcfg *ilp_best(struct rctx *x, int dev)
{
	int *ii = NULL;
	size_t ni = model_ints(x, dev, VOCAB_SUITE_ILP, VOCAB_VARIANT_COPY_ILP,
			       NULL, 'i', &ii), i;
	const struct rcfg *best = NULL, *c;

	for (i = 0; i < ni; i++) {
		c = ilp_largest(x, dev, ii[i]);
		if (c && (!best || (ilp_count(c) == ilp_count(best) &&
				    rcfg_median(c, VOCAB_METRIC_GBS) >
				    rcfg_median(best, VOCAB_METRIC_GBS))))
			best = c;
	}
	free(ii);
	return best;
}

/* Note J: at large N the copy approaches the peak (12.9 of 14.4 GB/s,
 * 90 %). Agreed at 80 % of the peak or more. */
static void claim_j_peak(struct rctx *x, int dev, struct verdict_out *o)
{
	const struct rcfg *b = ilp_best(x, dev);
	double g, pk = x->devs[dev]->peak_mem_gbs;

	if (!b || !(pk > 0))
		return;
	g = rcfg_median(b, VOCAB_METRIC_GBS);
	o->v = g >= 0.8 * pk ? V_AGREES : V_DIFFERS;
	o->regime = rcfg_regime(x, b);
	find_num(&o->text, g, 4);
	rbuf_puts(&o->text, " GB/s = ");
	find_pct(&o->text, rule_peak_pct(g, pk, NULL), 3);
	rbuf_printf(&o->text, " (ILP~%d, $N = ", b->c->ilp);
	ilp_count_math(ilp_count(b), &o->text);
	rbuf_puts(&o->text, "$)");
}

/* Note J: ILP hardly changes the bandwidth. It does where the best ILP
 * beats ILP 1 by more than a tenth, significantly (or, untested, by the
 * medians). */
static void claim_j_ilp(struct rctx *x, int dev, struct verdict_out *o)
{
	const struct rcfg *a = ilp_largest(x, dev, 1), *b = ilp_best(x, dev);
	double pk = x->devs[dev]->peak_mem_gbs;
	struct rcmp r;
	int helps;

	if (!a || !b || ilp_count(a) != ilp_count(b) ||
	    model_compare(x, a, b, VOCAB_METRIC_GBS, &r))
		return;
	helps = r.ratio > 1.1 && (r.p < 0 || r.signif);
	o->untested = r.p < 0;
	o->v = helps ? V_DIFFERS : V_AGREES;
	o->regime = rcfg_regime(x, a) | rcfg_regime(x, b);
	rbuf_printf(&o->text, "ILP~1 ");
	find_num(&o->text, r.a, 4);
	rbuf_printf(&o->text, ", ILP~%d ", b->c->ilp);
	find_num(&o->text, r.b, 4);
	rbuf_puts(&o->text, " GB/s");
	if (pk > 0) {
		rbuf_puts(&o->text, " (");
		find_pct(&o->text, rule_peak_pct(r.a, pk, NULL), 3);
		rbuf_puts(&o->text, " $\\to$ ");
		find_pct(&o->text, rule_peak_pct(r.b, pk, NULL), 3);
		rbuf_puts(&o->text, ")");
	}
	put_p(x, &r, ", ", "", &o->text);
}

/* Textbook R: staging the transpose through a shared-memory tile makes
 * it faster than the naive transpose (tr_tile against tr_naive, each at
 * its best block, at the largest edge both ran steady). */
static void claim_r_transpose(struct rctx *x, int dev, struct verdict_out *o)
{
	struct tr_facts f;
	const struct tr_pair *p = &f.tile;

	if (facts_transpose(x, dev, &f) || !p->n)
		return;
	pair_judge(x, &p->cmp, 1, p->a, p->b, o);
	rbuf_printf(&o->text, "$n = %d$: ", p->n);
	put_times_vs(x, &o->text, p->b->c->variant, p->a->c->variant, &p->cmp,
		     "", "GB/s");
}

/* Textbook R: stride L conflicts for even L, odd strides do not. Agreed
 * where every even stride takes more than BANK_TOL longer per access
 * than stride 1, significantly, and no odd one does; differs where an
 * even stride is not that much longer or an odd one is (significantly);
 * not shown where an even stride is longer by the medians only. */
static void claim_r_bank(struct rctx *x, int dev, struct verdict_out *o)
{
	struct bank_facts f;
	const struct bank_group *e = &f.even, *d = &f.odd;
	struct fv v;
	int s;

	if (facts_bank(x, dev, &f) || !f.at[1] || !e->n)
		return;
	if (e->slow + e->ns_long < e->n || d->slow)
		o->v = V_DIFFERS;
	else if (e->ns_long)
		o->v = V_OPEN;
	else
		o->v = V_AGREES;
	o->untested = e->untested || d->untested;
	for (s = 1; s <= BANK_MAXS; s++)
		if (f.at[s])
			o->regime |= rcfg_regime(x, f.at[s]);
	fv_init(&v);
	fv_num(&v, "ELO", e->lo, 3);
	fv_num(&v, "EHI", e->hi, 3);
	fv_int(&v, "EK", e->slow);
	fv_int(&v, "EN", e->n);
	fv_num(&v, "OLO", d->lo, 3);
	fv_num(&v, "OHI", d->hi, 3);
	fv_int(&v, "OK", d->slow);
	fv_int(&v, "ON", d->n);
	find_pct(fv_put(&v, "TOL"), 100 * BANK_TOL, 2);
	fv_emit(x, &o->text, d->n ? "concl.r.bank_text" :
		"concl.r.bank_text_even", &v);
	fv_free(&v);
}

/* Lecture B: a misaligned start costs bandwidth. Where the aligned
 * offsets above the misaligned ones were measured, the claim is judged
 * against them (a shift by whole sectors isolates the extra sector):
 * agreed where most tested misaligned offsets are significantly slower
 * by more than CO_MIS_TOL, else not shown. Without them, against offset
 * 0: agreed where most are significantly slower, differs where most are
 * significantly faster, else not shown; without any test, the medians
 * decide (and the verdict says so). */
static void claim_b_misaligned(struct rctx *x, int dev, struct verdict_out *o)
{
	struct co_facts f;
	struct fv v;
	const char *key;
	double lo, hi;
	int k, tested, below = 0, slow, n;

	if (facts_coalesce(x, dev, &f) || !f.nmis)
		return;
	if (f.nctl && f.nctl > f.ctl_untested) {
		tested = f.nctl - f.ctl_untested;
		o->v = 2 * f.ctl_cost > tested ? V_AGREES : V_OPEN;
		slow = f.ctl_cost;
		n = f.nctl;
		lo = f.ctl_lo;
		hi = f.ctl_hi;
		key = "concl.b.mis_ctl_text";
	} else {
		tested = f.nmis - f.mis_untested;
		slow = f.mis_slow;
		if (!tested) {
			for (k = 1; k <= CO_MAXP; k++)
				below += f.off[k] && k % 8 &&
					 f.off_cmp[k].ratio < 1;
			o->untested = 1;
			o->v = 2 * below > f.nmis ? V_AGREES : V_DIFFERS;
			slow = below;
		} else {
			o->v = 2 * f.mis_slow > tested ? V_AGREES :
			       2 * f.mis_fast > tested ? V_DIFFERS : V_OPEN;
		}
		n = f.nmis;
		lo = f.mis_lo;
		hi = f.mis_hi;
		key = tested ? "concl.b.mis_text" : "concl.b.mis_text_medians";
	}
	for (k = 0; k <= CO_MAXP; k++)
		if (f.off[k])
			o->regime |= rcfg_regime(x, f.off[k]);
	fv_init(&v);
	fv_int(&v, "K", slow);
	fv_int(&v, "N", n);
	find_pct(fv_put(&v, "LO"), lo, 3);
	find_pct(fv_put(&v, "HI"), hi, 3);
	fv_num(&v, "G0", f.g_off[0], 4);
	fv_emit(x, &o->text, key, &v);
	fv_free(&v);
}

/* Lecture B: strided access costs bandwidth. Judged at stride 2, the
 * mildest one: stride 1 must be faster. */
static void claim_b_strided(struct rctx *x, int dev, struct verdict_out *o)
{
	struct co_facts f;
	const struct rcmp *r = &f.str_cmp[2];
	struct fv v;
	int s;

	if (facts_coalesce(x, dev, &f) || !f.str[1] || !f.str[2])
		return;
	/* b is stride 2: the claim holds where it has less */
	pair_judge(x, r, 0, f.str[1], f.str[2], o);
	s = f.smax ? f.smax : 2;
	fv_init(&v);
	find_pct(fv_put(&v, "P2"), 100 * f.share[2], 3);
	put_p(x, r, ", ", "", fv_put(&v, "T"));
	fv_int(&v, "SMAX", s);
	find_pct(fv_put(&v, "PMAX"), 100 * f.share[s], 3);
	find_pct(fv_put(&v, "MMAX"), 100 * f.model[s], 3);
	fv_emit(x, &o->text, s > 2 ? "concl.b.str_text" :
		"concl.b.str_text_one", &v);
	fv_free(&v);
}

/* Lecture B: a structure of arrays is accessed faster than an array of
 * structures. */
static void claim_b_aos(struct rctx *x, int dev, struct verdict_out *o)
{
	struct co_facts f;

	if (facts_coalesce(x, dev, &f) || !f.aos || !f.soa)
		return;
	pair_judge(x, &f.aos_soa, 1, f.aos, f.soa, o);
	put_times_vs(x, &o->text, "soa", "aos", &f.aos_soa, "", "GB/s");
}

/* Textbook R: float against double in speed and accuracy, on the
 * matrix product. Judged at the largest size where kernels ran steady
 * in both precisions, on the own kernels (the library's DGEMM may
 * compute on other units than SGEMM): agreed where each takes
 * significantly longer in fp64 and every kernel's mean error there is
 * smaller in fp64; differs where an own kernel is significantly faster
 * in fp64 or a kernel is not more accurate in it; not shown where a
 * time does not differ significantly. Untested, the medians decide;
 * without errors, the times alone. */
static void claim_r_precision(struct rctx *x, int dev, struct verdict_out *o)
{
	struct pr_facts f;
	struct rbuf *rr;
	struct fv v;
	double lo = NAN, hi = NAN;
	int r, slower = 0, faster = 0, lib = -1;

	if (facts_precision(x, dev, &f) || !f.own_cmp)
		return;
	for (r = 0; r < f.nrows; r++) {
		const struct pr_row *w = &f.row[r];
		int word = mem_word(&w->cmp, 0);

		if (!isfinite(w->cmp.ratio))
			continue;
		if (!w->own) {
			lib = r;
			continue;
		}
		o->regime |= rcfg_regime(x, w->top[PR_FP32]) |
			     rcfg_regime(x, w->top[PR_FP64]);
		lo = fmin(lo, w->cmp.ratio);
		hi = fmax(hi, w->cmp.ratio);
		if (word == MW_UNTESTED) {
			o->untested = 1;
			word = w->cmp.ratio > 1 ? MW_WORSE : MW_BETTER;
		}
		slower += word == MW_WORSE;
		faster += word == MW_BETTER;
	}
	o->v = faster || f.nacc_not ? V_DIFFERS : slower == f.own_cmp ?
	       V_AGREES : V_OPEN;
	fv_init(&v);
	fv_int(&v, "N", f.n_top);
	parts_range_put(fv_put(&v, "R"), lo, hi, 3);
	fv_int(&v, "K", slower);
	fv_int(&v, "NK", f.own_cmp);
	fv_emit(x, &o->text, "concl.r.prec_text", &v);
	if (lib >= 0) {
		fv_num(&v, "R", f.row[lib].cmp.ratio, 3);
		rbuf_puts(&o->text, "; ");
		fv_emit(x, &o->text, "concl.r.prec_lib", &v);
		put_p(x, &f.row[lib].cmp, ", ", "", &o->text);
	}
	if (f.nacc > f.nacc_not && isfinite(f.er_lo)) {
		/* some 10^8: in scientific notation */
		rr = fv_put(&v, "R");
		rbuf_printf(rr, "\\num{%.1e}", f.er_lo);
		if (f.er_hi > f.er_lo)
			rbuf_printf(rr, "--\\num{%.1e}", f.er_hi);
		rbuf_puts(&o->text, "; ");
		fv_emit(x, &o->text, "concl.r.prec_err", &v);
	}
	fv_free(&v);
}

/* Textbook R: double precision is slower than single precision and
 * more accurate. Judged on the own reduction at the largest N where
 * both precisions ran steady: agreed where fp64 takes significantly
 * longer and its mean relative error over the sizes is below fp32's;
 * differs where fp64 is significantly faster or not more accurate; not
 * shown where the times do not differ significantly. Without errors
 * the time alone decides. */
static void claim_r_dot_prec(struct rctx *x, int dev, struct verdict_out *o)
{
	struct dot_facts f;
	const struct dot_pair *p = &f.prec[DOT_OWN];
	const struct dot_err *e32 = &f.err[DOT_OWN][DOT_FP32];
	const struct dot_err *e64 = &f.err[DOT_OWN][DOT_FP64];
	int errs, accurate;

	if (facts_dot(x, dev, &f) || !p->n)
		return;
	errs = e32->n && e64->n;
	accurate = !errs || e64->mean < e32->mean;
	/* b is fp64: the claim holds where it takes more time */
	pair_judge(x, &p->cmp, 1, p->a, p->b, o);
	if (o->v == V_AGREES && !accurate)
		o->v = V_DIFFERS;
	rbuf_printf(&o->text, "\\texttt{dot}, $N = \\num{%lld}$: fp64 ",
		    p->n);
	find_num(&o->text, p->cmp.ratio, 3);
	rbuf_printf(&o->text, "$\\times$ %s", lang_get(x->L,
		    "concl.r.dot_time"));
	put_p(x, &p->cmp, ", ", "", &o->text);
	if (errs) {
		rbuf_printf(&o->text, "; %s ", lang_get(x->L,
			    "concl.r.dot_err"));
		rbuf_printf(&o->text, "\\num{%.2e} vs \\num{%.2e}",
			    e64->mean, e32->mean);
	}
}

/* The claims that rest on verification alone: agreed where all nall
 * configurations passed, and "K of N verified" in string key. */
static void verified_judge(struct rctx *x, struct verdict_out *o,
			   const char *key, int nok, int nall)
{
	struct fv v;

	o->v = nok == nall ? V_AGREES : V_DIFFERS;
	fv_init(&v);
	fv_int(&v, "K", nok);
	fv_int(&v, "N", nall);
	fv_emit(x, &o->text, key, &v);
	fv_free(&v);
}

/* Textbook R: a shared-memory reduction computes a scalar product.
 * Agreed where every own configuration measured passed verification
 * against the exact product, differs where one failed; the share of
 * cuBLAS's bandwidth is the context. */
static void claim_r_dot_reduce(struct rctx *x, int dev, struct verdict_out *o)
{
	struct dot_facts f;
	int p;

	if (facts_dot(x, dev, &f) || !f.nall)
		return;
	verified_judge(x, o, "concl.r.dot_verified", f.nok, f.nall);
	for (p = 0; p < DOT_NP; p++) {
		const struct dot_pair *d = &f.vs[p];

		if (!d->n)
			continue;
		o->regime |= rcfg_regime(x, d->a) | rcfg_regime(x, d->b);
		rbuf_printf(&o->text, "; %s $N = \\num{%lld}$: ",
			    dot_precs[p], d->n);
		find_pct(&o->text, 100 * d->cmp.ratio, 3);
		rbuf_printf(&o->text, " %s", lang_get(x->L,
			    "concl.r.dot_of_cublas"));
		put_p(x, &d->cmp, ", ", "", &o->text);
	}
}

/* Textbook R: the product of rectangular matrices, every dimension
 * padded up to the block, is correct in float and in double. Agreed
 * where every rect configuration run passed verification, differs
 * where one failed; what double costs against float (the fastest
 * blocks' time over the shapes) and what the padding to the largest
 * block adds to the work are the context, both from the data. */
static void claim_r_rect(struct rctx *x, int dev, struct verdict_out *o)
{
	struct rect_facts *f = malloc(sizeof(*f));
	struct fv v;

	if (!f || facts_rect(x, dev, f) || !f->nall) {
		free(f);
		return;
	}
	verified_judge(x, o, "rect.concl.verified", f->nok, f->nall);
	fv_init(&v);
	if (f->ntr) {
		struct rbuf *lo = fv_put(&v, "LO"), *hi = fv_put(&v, "HI");

		find_num(lo, f->tr_lo, 3);
		find_num(hi, f->tr_hi, 3);
		rbuf_puts(&o->text, "; ");
		/* a range only where its ends print apart */
		fv_emit(x, &o->text, strcmp(rbuf_str(lo), rbuf_str(hi)) ?
			"rect.concl.time" : "rect.concl.time_one", &v);
	}
	if (f->pad_s >= 0) {
		fv_int(&v, "B", f->pad_b);
		find_pct(fv_put(&v, "W"), 100 * (f->pad_max - 1), 2);
		rect_shape_label(&f->s[f->pad_s].sz, fv_put(&v, "SHAPE"));
		rbuf_puts(&o->text, "; ");
		fv_emit(x, &o->text, "rect.concl.pad", &v);
	}
	fv_free(&v);
	free(f);
}

/* Lecture B: keeping the generator's state in shared memory, and
 * better in registers, speeds the walkers up. Judged at the largest
 * point where all three ran steady: agreed where shared memory beats
 * global memory and registers beat shared memory, both significantly;
 * differs where either step is significantly slower; else not shown.
 * Untested, the medians decide. */
static void claim_b_walkers(struct rctx *x, int dev, struct verdict_out *o)
{
	struct wk_facts f;
	const struct wk_point *p;
	struct verdict_out o1, o2;
	int v1, v2;

	if (facts_walkers(x, dev, &f) || f.top < 0)
		return;
	p = &f.pt[f.top];
	memset(&o1, 0, sizeof(o1));
	memset(&o2, 0, sizeof(o2));
	v1 = faster_verdict(&p->step[1], 1, &o1);
	v2 = faster_verdict(&p->step[2], 1, &o2);
	o->untested = o1.untested || o2.untested;
	o->v = v1 == V_DIFFERS || v2 == V_DIFFERS ? V_DIFFERS :
	       v1 == V_AGREES && v2 == V_AGREES ? V_AGREES : V_OPEN;
	o->regime = rcfg_regime(x, p->c[WK_GLOBAL]) |
		    rcfg_regime(x, p->c[WK_SHARED]) |
		    rcfg_regime(x, p->c[WK_REGS]);
	rbuf_printf(&o->text, "$W = \\num{%lld}$, $S = \\num{%d}$: ", p->w,
		    p->s);
	put_times(&o->text, "walk_shared", p->step[1].ratio, "walk_global");
	put_p(x, &p->step[1], ", ", "", &o->text);
	rbuf_puts(&o->text, "; ");
	put_times(&o->text, "walk_registers", p->step[2].ratio, "walk_shared");
	put_p(x, &p->step[2], ", ", "", &o->text);
}

/* A kernel's rate is bent by launch cost, idle SMs and clocks; a copy's
 * by the cache and clocks. The transfer phases are host-side times: the
 * regimes of the kernel do not explain them. */
#define RG_P (RG_LAUNCH | RG_WAVE | RG_THROTTLE)
#define RG_J (RG_L2 | RG_THROTTLE)

/* The claims, in the order of the sources. */
static const struct claim {
	const char *suite;	/* needed in the data */
	const char *source;	/* "P", "G", "J" */
	const char *key;	/* the source's finding */
	void (*judge)(struct rctx *x, int dev, struct verdict_out *o);
	unsigned regimes;	/* the regimes that can explain a
				 * difference in this kind of number */
} claims[] = {
	{VOCAB_SUITE_VERSIONS, "P", "concl.p.tiles", claim_p_tiles, RG_P},
	{VOCAB_SUITE_VERSIONS, "P", "concl.p.best", claim_p_best, RG_P},
	{VOCAB_SUITE_VERSIONS, "P", "concl.p.one_block", claim_p_one_block,
	 RG_P},
	{VOCAB_SUITE_TRANSFER, "G", "concl.g.memcpy_c", claim_g_pinned, 0},
	{VOCAB_SUITE_TRANSFER, "G", "concl.g.total", claim_g_pinned, 0},
	{VOCAB_SUITE_TRANSFER, "G", "concl.g.shared", claim_g_shared, RG_P},
	{VOCAB_SUITE_ILP, "J", "concl.j.peak", claim_j_peak, RG_J},
	{VOCAB_SUITE_ILP, "J", "concl.j.ilp", claim_j_ilp, RG_J},
	{VOCAB_SUITE_TRANSPOSE, "R", "concl.r.transpose", claim_r_transpose,
	 RG_J},
	{VOCAB_SUITE_BANK, "R", "concl.r.bank", claim_r_bank, RG_P},
	{VOCAB_SUITE_PRECISION, "R", "concl.r.precision", claim_r_precision,
	 RG_P},
	{VOCAB_SUITE_DOT, "R", "concl.r.dot_prec", claim_r_dot_prec,
	 RG_J | RG_LAUNCH},
	{VOCAB_SUITE_DOT, "R", "concl.r.dot_reduce", claim_r_dot_reduce, 0},
	{VOCAB_SUITE_RECT, "R", "rect.concl.claim", claim_r_rect, 0},
	{VOCAB_SUITE_COALESCE, "B", "concl.b.misaligned", claim_b_misaligned,
	 RG_J},
	{VOCAB_SUITE_COALESCE, "B", "concl.b.strided", claim_b_strided, RG_J},
	{VOCAB_SUITE_COALESCE, "B", "concl.b.aos", claim_b_aos, RG_J},
	{VOCAB_SUITE_WALKERS, "B", "concl.b.walkers", claim_b_walkers, RG_P},
};
#define NCLAIMS (sizeof(claims) / sizeof(claims[0]))

/* Regime words for a differing verdict: why our number may not be the
 * kind the source measured. */
static void regime_reason(const struct rctx *x, unsigned r, struct rbuf *b)
{
	/* RG_LAUNCH, RG_WAVE, RG_L2 and RG_THROTTLE are bits 0 to 3 */
	static const char *const key[] = {
		"regime.launch", "regime.wave", "regime.l2", "regime.throttle"
	};
	unsigned i, first = 1;

	for (i = 0; i < 4; i++) {
		if (!(r & 1u << i))
			continue;
		if (first)
			rbuf_printf(b, "; %s ", lang_get(x->L, "concl.regime"));
		else
			rbuf_puts(b, ", ");
		rbuf_puts(b, lang_get(x->L, key[i]));
		first = 0;
	}
}

/* 1 when claim c belongs in table part: 0 the first three sources
 * (reports P, G, note J), 1 textbook R and lecture B, which came later;
 * < 0 every claim. */
static int claim_in_part(const struct claim *c, int part)
{
	return part < 0 || (strchr("PGJ", c->source[0]) == NULL) == part;
}

/* The tally of one device's verdicts, by enum verdict. */
struct tally {
	int v[V_OPEN + 1];
};

/* The cell of claim c on device dev, counted into *n. */
static void verdict_cell(struct rctx *x, const struct claim *c, int dev,
			 struct rbuf *cell, struct tally *n)
{
	static const char *const word[] = {
		[V_AGREES] = "concl.agrees", [V_DIFFERS] = "concl.differs",
		[V_OPEN] = "concl.open"
	};
	struct verdict_out o;

	memset(&o, 0, sizeof(o));
	rbuf_init(&o.text);
	o.key = c->key;
	c->judge(x, dev, &o);
	if (o.v == V_NODATA) {
		rbuf_puts(cell, lang_get(x->L, "concl.nodata"));
		rbuf_free(&o.text);
		return;
	}
	rbuf_printf(cell, "\\textbf{%s}: ", lang_get(x->L, word[o.v]));
	rbuf_puts(cell, rbuf_str(&o.text));
	if (o.untested)
		rbuf_printf(cell, " %s", lang_get(x->L, "concl.untested"));
	if (o.v != V_AGREES)
		regime_reason(x, o.regime & c->regimes, cell);
	n->v[o.v]++;
	rbuf_free(&o.text);
}

/* The table of the claims of part (claim_in_part) on the nd devices
 * from d0, their verdicts counted into n[]. The caption names the
 * sources whose findings the table holds: the first three alone keep
 * their caption as it was; with textbook R's or lecture B's, every
 * source with a row is named, once for its group of rows. */
static int claims_table(struct rctx *x, int d0, int nd, int part,
			struct tally *n)
{
	enum { CELL, ANC, CAP, NB };
	struct rtable t;
	struct rbuf b[NB], *list;
	char kinds[DEVS_PER_TABLE + 3] = "lX", key[32];
	const char *last = "";
	struct fv v;
	size_t i;
	int d, rc = 0, rows = 0, later = 0;

	for (d = 0; d < nd; d++)
		strcat(kinds, "X");
	rtable_init(&t, kinds);
	rbufs_init(b, NB);
	fv_init(&v);
	list = fv_put(&v, "SOURCES");
	rtable_head(&t, "");
	rtable_head(&t, lang_get(x->L, "concl.source"));
	for (d = 0; d < nd; d++) {
		rbuf_free(&b[CELL]);
		if (x->ndevs > 1)
			rbuf_printf(&b[CELL], "GPU~%d", d0 + d + 1);
		else
			rbuf_puts(&b[CELL], lang_get(x->L, "concl.ours"));
		rtable_head(&t, rbuf_str(&b[CELL]));
	}
	rtable_head_end(&t);
	for (i = 0; i < NCLAIMS; i++) {
		const struct claim *c = &claims[i];

		if (!model_has_suite(x, -1, c->suite) ||
		    !claim_in_part(c, part))
			continue;
		if (strcmp(last, c->source)) {
			rtable_gap(&t);
			snprintf(key, sizeof(key), "concl.src.%s", c->source);
			rbuf_printf(list, "%s%s", *last ? ", " : "",
				    lang_get(x->L, key));
		}
		last = c->source;
		later |= claim_in_part(c, 1);
		rtable_text(&t, c->source);
		rtable_text(&t, lang_get(x->L, c->key));
		for (d = d0; d < d0 + nd; d++) {
			rbuf_free(&b[CELL]);
			verdict_cell(x, c, d, &b[CELL], &n[d]);
			rtable_text(&t, rbuf_str(&b[CELL]));
		}
		rtable_row_end(&t);
		rows++;
	}
	rbuf_printf(&b[ANC], "conclusions dev=%d%s", d0 + 1,
		    part > 0 ? " part=2" : "");
	if (rows && later)
		rc = fv_emit(x, &b[CAP], "concl.caption_list", &v);
	else
		rbuf_puts(&b[CAP], lang_get(x->L, "concl.caption"));
	if (rows && !rc)
		rc = emit_table(x, &t, rbuf_str(&b[CAP]), rbuf_str(&b[ANC]),
				lang_get(x->L, "concl.note"));
	rtable_free(&t);
	rbufs_free(b, NB);
	fv_free(&v);
	return rc;
}

/* A session's SM clock reading in MHz, "--" where none was recorded. */
static void clock_put(const struct store_env *e, struct rbuf *b)
{
	if (e->has_sm_clock)
		rbuf_printf(b, "%.0f", e->sm_clock_mhz);
	else
		rbuf_puts(b, "--");
}

/* The first session of device d whose clock readings name a limit
 * (power cap, thermal): a reason a number may sit below the chip's
 * speed, into par. */
static void throttle_put(struct rctx *x, int d, struct rbuf *par)
{
	struct fv v;
	size_t i;

	fv_init(&v);
	for (i = 0; i < x->nsess; i++) {
		const struct store_session *s = &x->sess[i];
		const struct store_env *e = &s->env_end;

		if (s->device_id != x->devs[d]->id || !e->throttle_text ||
		    !*e->throttle_text ||
		    !strcmp(e->throttle_text, VOCAB_THROTTLE_NONE))
			continue;
		dev_label(x, d, fv_put(&v, "DEV"));
		rbuf_put_tex(fv_put(&v, "WHY"), e->throttle_text, 1);
		clock_put(&s->env_start, fv_put(&v, "START"));
		clock_put(e, fv_put(&v, "END"));
		fv_emit(x, par, "concl.throttle", &v);
		rbuf_putc(par, ' ');
		break;
	}
	fv_free(&v);
}

int sec_conclusions(struct rctx *x)
{
	struct tally *n;
	struct rbuf par[2];	/* the tallies, the limits named */
	struct fv v;
	int rc = 0, d, nd, parts = 0;
	size_t i;

	emit_heading(x, 0, lang_get(x->L, "concl.title"));
	n = calloc(x->ndevs + 1, sizeof(*n));
	if (!n)
		return -1;
	emit_par(x, lang_get(x->L, "concl.intro"));
	/* the first three sources and the later two each fill a table
	 * where both have rows: one table of all would outgrow a page */
	for (i = 0; i < NCLAIMS; i++)
		if (model_has_suite(x, -1, claims[i].suite))
			parts |= 1 << claim_in_part(&claims[i], 1);
	for (d = 0; d < (int)x->ndevs && !rc; d += DEVS_PER_TABLE) {
		nd = (int)x->ndevs - d < DEVS_PER_TABLE ? (int)x->ndevs - d :
		     DEVS_PER_TABLE;
		rc = claims_table(x, d, nd, parts == 3 ? 0 : -1, n);
		if (!rc && parts == 3)
			rc = claims_table(x, d, nd, 1, n);
	}
	rbufs_init(par, 2);
	fv_init(&v);
	for (d = 0; d < (int)x->ndevs && !rc; d++) {
		throttle_put(x, d, &par[1]);
		if (!n[d].v[V_AGREES] && !n[d].v[V_DIFFERS] &&
		    !n[d].v[V_OPEN])
			continue;
		dev_label(x, d, fv_put(&v, "DEV"));
		fv_int(&v, "AGREE", n[d].v[V_AGREES]);
		fv_int(&v, "DIFFER", n[d].v[V_DIFFERS]);
		fv_int(&v, "OPEN", n[d].v[V_OPEN]);
		rc = fv_emit(x, &par[0], "concl.tally", &v);
		rbuf_putc(&par[0], ' ');
	}
	for (i = 0; i < 2 && !rc; i++)
		if (par[i].len)
			emit_par(x, rbuf_str(&par[i]));
	if (!rc)
		emit_par(x, lang_get(x->L, "concl.closing"));
	fv_free(&v);
	rbufs_free(par, 2);
	free(n);
	return rc;
}
