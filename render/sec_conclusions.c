/* Conclusions: each source's finding in its own numbers (SEEDS, "What
 * the sources found") beside ours measured on its terms - its quantity,
 * its sizes and blocks - and the verdict of the one difference rule:
 * agrees, differs, no meaningful difference, not tested, or not
 * measured. Every number is a fact the sections compute (facts_ilp,
 * facts_walkers, facts_bank, versions_sms, model_compare and its
 * effect); report G's time* is the transfer section's (model_compare
 * of XFER_RUN_G). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* Ranked so that joining two verdicts keeps the weaker claim: a part
 * that differs makes the claim differ. */
enum verdict { V_NODATA, V_AGREES, V_SAME, V_UNTESTED, V_DIFFERS, V_N };

#define NVAL 4
#define NEFF 2

/* What one claim found on one device: the numbers of its sentence
 * (@@V0@@.., written for all devices by find_devs) and its effects
 * (@@E0@@.., by find_effect). */
struct ours {
	double val[NVAL];
	struct rcmp eff[NEFF];
	unsigned rg;		/* rcfg_marks of the points it rests on */
};

static int vjoin(int a, int b)
{
	return a == V_NODATA || b == V_NODATA ? V_NODATA : a > b ? a : b;
}

/* The verdict on a claim that expects the rule's verdict want (enum
 * rule_verdict) of r. */
static int verdict_of(const struct rcmp *r, int want)
{
	if (r->verdict == RULE_UNTESTED)
		return V_UNTESTED;
	return r->verdict == want ? V_AGREES : r->verdict == RULE_SAME ?
	       V_SAME : V_DIFFERS;
}

/* b against a in metric into r, judged as verdict_of, their marks
 * into *rg; V_NODATA where either is missing. */
static int pair_verdict(struct rctx *x, const struct rcfg *a,
			const struct rcfg *b, const char *metric, int want,
			struct rcmp *r, unsigned *rg)
{
	rcmp_clear(r);
	if (!rcfg_ok(a) || !rcfg_ok(b) || model_compare(x, a, b, metric, r))
		return V_NODATA;
	*rg |= rcfg_marks(x, a) | rcfg_marks(x, b);
	return verdict_of(r, want);
}

/* A claim: its row of the table and the judge of one device's data.
 * Strings: KEY.src (the source's finding in its numbers), KEY.ours
 * (ours on its terms, with @@V0@@.. and @@E0@@..), KEY.why (where
 * there is a reason to give). */
struct claim {
	const char *suite;	/* needed in the data */
	char src;		/* the source's letter */
	const char *key;
	int (*judge)(struct rctx *x, int dev, const struct claim *c,
		     struct ours *o);
	const char *sig;	/* digits of each @@Vi@@ ('9': a count) */
	unsigned invert;	/* bit i: @@Ei@@ as a / b (a speed-up
				 * read from times) */
	const char *metric;	/* P's pairs', G's gains' (NULL: time*) */
	const char *host;	/* G: the host memory against pageable */
	int arg;		/* P: P_*; J: 1 the ILP claim, 0 the peak's */
	/* P: version vb at block bb against va at ba, both at n,
	 * expected to come out want (enum rule_verdict) */
	struct { const char *va, *vb; int ba, bb, n, want; } pr[2];
};

/* Report P's point: a version at square size n and block b. */
static const struct rcfg *p_at(const struct rctx *x, int dev, const char *v,
			       int n, int b)
{
	return model_find(x, dev, VOCAB_SUITE_VERSIONS, v, NULL, n, b);
}

/* P's pairs of c in c->metric into eff[0..1], the first one's medians
 * into val[0..1]; with arg P_CACHES why that gap is small: the caches
 * serve its a's reads (MB; a sector is 32 bytes), P_SMS the SMs the
 * one block leaves idle. */
enum { P_CACHES = 1, P_SMS };
static int claim_p(struct rctx *x, int dev, const struct claim *c,
		   struct ours *o)
{
	const struct rcfg *a, *b;
	int e, v = V_AGREES;

	for (e = 0; e < 2 && c->pr[e].va; e++) {
		a = p_at(x, dev, c->pr[e].va, c->pr[e].n, c->pr[e].ba);
		b = p_at(x, dev, c->pr[e].vb, c->pr[e].n, c->pr[e].bb);
		if (!e) {
			o->val[0] = rcfg_median(a, c->metric);
			o->val[1] = rcfg_median(b, c->metric);
		}
		if (!e && c->arg == P_CACHES) {
			o->val[2] = rcfg_median(a,
				VOCAB_METRIC_CNT_GLOBAL_LD_SECTORS) * 32 / 1e6;
			o->val[3] = rcfg_median(a,
				VOCAB_METRIC_CNT_DRAM_READ_BYTES) / 1e6;
		}
		v = vjoin(v, pair_verdict(x, a, b, c->metric, c->pr[e].want,
					  &o->eff[e], &o->rg));
	}
	if (c->arg == P_SMS)
		o->val[2] = versions_sms(x, dev) ? versions_sms(x, dev) : NAN;
	return v;
}

/* P: CGMA grows from v1 (5.3 to 8) to v3 (about 510 at 528, 16x16) to
 * v5 (about 1300, 16x16). Counted, not sampled: the order decides. */
static int claim_p_cgma(struct rctx *x, int dev, const struct claim *c,
			struct ours *o)
{
	static const struct { const char *v; int n, b; } at[] = {
		{VOCAB_VARIANT_V1, 528, 8}, {VOCAB_VARIANT_V1, 528, 22},
		{VOCAB_VARIANT_V3, 528, 16}, {VOCAB_VARIANT_V5, 640, 16}};
	double *v = o->val;
	int i;

	for (i = 0; i < 4; i++)
		v[i] = rcfg_median(p_at(x, dev, at[i].v, at[i].n, at[i].b),
				   VOCAB_METRIC_CGMA);
	if (!isfinite(v[0] + v[1] + v[2] + v[3]))
		return V_NODATA;
	return fmax(v[0], v[1]) < v[2] && v[2] < v[3] ? V_AGREES : V_DIFFERS;
}

/* G: host memory c->host against pageable with "simple" (the
 * pinned-memory claims, the pair the transfer section's findings
 * judge), or, c->host pageable, the shared kernel against "simple", in
 * G's gain (a - b) / a: c->metric at 512 and at our largest size into
 * val[0..1], that size into val[2]; metric NULL: G's time* instead of
 * a stored metric. RULE_LOWER at both sizes; the verdict at both,
 * time*'s at 512 alone (where G saw it). */
static int g_gains(struct rctx *x, int dev, const struct claim *c,
		   struct ours *o)
{
	const char *ha = VOCAB_HOST_PAGEABLE, *va = VOCAB_VARIANT_SIMPLE;
	const char *hb = c->host, *metric = c->metric;
	const char *vb = strcmp(ha, hb) ? va : VOCAB_VARIANT_SHARED;
	int i, rc, v[2], n[2] = {512, 0}, *ns = NULL;
	size_t k = model_ints(x, dev, VOCAB_SUITE_TRANSFER, va, 'n', &ns);
	struct rcmp r;

	/* G's sizes as we measured them: its first, 512, and our largest
	 * (its sweep reaches 16384) */
	o->val[2] = n[1] = k ? ns[k - 1] : 0;
	free(ns);
	for (i = 0; i < 2; i++) {
		const struct rcfg *a = model_find(x, dev, c->suite, va, ha,
						  n[i], -1);
		const struct rcfg *b = model_find(x, dev, c->suite, vb, hb,
						  n[i], -1);

		o->rg |= rcfg_marks(x, a) | rcfg_marks(x, b);
		/* G's time*: the transfer section's quantity and rule; no
		 * samples: untested */
		rcmp_clear(&r);
		rc = metric || !rcfg_ok(a) || !rcfg_ok(b) ? -1 :
		     model_compare(x, a, b, XFER_RUN_G, &r);
		v[i] = metric ? pair_verdict(x, a, b, metric, RULE_LOWER, &r,
					     &o->rg) : rc == -1 ? V_NODATA :
		       rc ? V_UNTESTED : verdict_of(&r, RULE_LOWER);
		o->val[i] = r.gain;
		/* and our whole run (with allocation) at 512 beside it */
		if (!metric && !i) {
			pair_verdict(x, a, b, VOCAB_METRIC_TOTAL, RULE_LOWER,
				     &r, &o->rg);
			o->val[3] = r.gain;
		}
	}
	return metric ? vjoin(v[0], v[1]) : v[0];
}

/* J: at large N the copy reaches 12.9 of 14.4 GB/s, 90 % of the peak:
 * a stated number, ours differs where the rule finds it meaningfully
 * below that share. J: ILP hardly changes the bandwidth (c->arg; the
 * ILP section's comparison: ILP 1 against the best ILP at the largest
 * steady N). */
#define J_SHARE 90.0
static int claim_j(struct rctx *x, int dev, const struct claim *c,
		   struct ours *o)
{
	struct ilp_facts f;

	if (facts_ilp(x, dev, &f) || !f.n ||
	    !isfinite(c->arg ? f.g1 : f.pctbest))
		return V_NODATA;
	o->rg = rcfg_marks(x, ilp_find(x, dev, VOCAB_VARIANT_COPY_ILP, f.n,
					f.best_ilp));
	o->val[0] = f.gbest;
	o->val[1] = f.peak;
	o->val[2] = f.pctbest;
	o->val[3] = f.best_ilp;
	if (!c->arg)
		return rule_verdict(0, f.pctbest / J_SHARE, x->threshold) ==
		       RULE_LOWER ? V_DIFFERS : V_AGREES;
	o->rg |= rcfg_marks(x, ilp_find(x, dev, VOCAB_VARIANT_COPY_ILP, f.n,
					 1));
	o->val[1] = f.g1;
	o->eff[0] = f.cmp;
	return verdict_of(&f.cmp, RULE_SAME);
}

/* B: the generator's state in shared memory, then in registers, makes
 * the walkers faster (3.7, 0.7, 0.5 s): the walkers section's steps at
 * its largest steady point. */
static int claim_b_walkers(struct rctx *x, int dev, const struct claim *c,
			   struct ours *o)
{
	struct wk_facts f;
	const struct wk_point *p;

	if (facts_walkers(x, dev, &f) || f.top < 0)
		return V_NODATA;
	p = &f.pt[f.top];
	o->rg = rcfg_marks(x, p->c[WK_GLOBAL]) | rcfg_marks(x, p->c[WK_SHARED])
		| rcfg_marks(x, p->c[WK_REGS]);
	o->val[0] = (double)p->w;
	o->val[1] = p->s;
	o->eff[0] = p->step[1];
	o->eff[1] = p->step[2];
	return vjoin(verdict_of(&p->step[1], RULE_HIGHER),
		     verdict_of(&p->step[2], RULE_HIGHER));
}

/* R: shared-memory strides L conflict for even L, not for odd L: the
 * bank section's groups (more than BANK_TOL longer than stride 1). */
static int claim_r_bank(struct rctx *x, int dev, const struct claim *c,
			struct ours *o)
{
	struct bank_facts f;
	const struct bank_group *e = &f.even, *d = &f.odd;

	if (facts_bank(x, dev, &f) || !f.at[1] || !e->n)
		return V_NODATA;
	o->val[0] = e->lo;
	o->val[1] = e->hi;
	o->val[2] = d->n ? d->lo : NAN;
	o->val[3] = d->n ? d->hi : NAN;
	if (e->slow + e->ns_long < e->n || d->slow)
		return V_DIFFERS;
	if (e->ns_long)
		return V_SAME;
	return e->untested || d->untested ? V_UNTESTED : V_AGREES;
}

/* The claims in the order of the sources. */
static const struct claim claims[] = {
	/* P: at 16x16 v3 computes n = 528 9.0 times faster than v2 (in
	 * kernel times, its quantity) */
	{VOCAB_SUITE_VERSIONS, 'P', "concl.p.tiles", claim_p, "3333", 1,
	 VOCAB_METRIC_KERNEL, .arg = P_CACHES, .pr = {{VOCAB_VARIANT_V2,
	 VOCAB_VARIANT_V3, 16, 16, 528, RULE_LOWER}}},
	/* P: v4's prefetch makes it slower than v3 (n = 512, 16x16) */
	{VOCAB_SUITE_VERSIONS, 'P', "concl.p.prefetch", claim_p, "33", 0,
	 VOCAB_METRIC_KERNEL, .pr = {{VOCAB_VARIANT_V3, VOCAB_VARIANT_V4, 16,
	 16, 512, RULE_HIGHER}}},
	/* P: v5 is slower than v3 at 16x16 and faster only at 8x8 (n =
	 * 640) */
	{VOCAB_SUITE_VERSIONS, 'P', "concl.p.v5", claim_p, "", 0,
	 VOCAB_METRIC_KERNEL, .pr = {{VOCAB_VARIANT_V3, VOCAB_VARIANT_V5, 16,
	 16, 640, RULE_HIGHER}, {VOCAB_VARIANT_V3, VOCAB_VARIANT_V5, 8, 8, 640,
	 RULE_LOWER}}},
	/* P: v1, one block for the whole matrix, runs at 0.22 (8x8) to
	 * 1.47 (22x22) GFLOPS. A speed of its GPU; the shape, 22x22 ahead
	 * of 8x8, is what compares (n = 528). */
	{VOCAB_SUITE_VERSIONS, 'P', "concl.p.one_block", claim_p, "339", 0,
	 VOCAB_METRIC_GFLOPS, .arg = P_SMS, .pr = {{VOCAB_VARIANT_V1,
	 VOCAB_VARIANT_V1, 8, 22, 528, RULE_HIGHER}}},
	{VOCAB_SUITE_VERSIONS, 'P', "concl.p.cgma", claim_p_cgma,
	 .sig = "3333"},
	/* G: pinned C cuts Memcpy C by about 60 % */
	{VOCAB_SUITE_TRANSFER, 'G', "concl.g.memcpy_c", g_gains, "229", 0,
	 VOCAB_METRIC_MEMCPY_C, .host = VOCAB_HOST_PINNED_OUTPUT},
	/* G: pinned C cuts time* by 18 % at 512 down to about 1 % at
	 * 16384; judged at 512, where G saw it */
	{VOCAB_SUITE_TRANSFER, 'G', "concl.g.time", g_gains, "2292", 0,
	 NULL, .host = VOCAB_HOST_PINNED_OUTPUT},
	/* G: shared-memory tiles cut the kernel time by about 25 % */
	{VOCAB_SUITE_TRANSFER, 'G', "concl.g.shared", g_gains, "229", 0,
	 VOCAB_METRIC_KERNEL, .host = VOCAB_HOST_PAGEABLE},
	{VOCAB_SUITE_ILP, 'J', "concl.j.peak", claim_j, .sig = "3339"},
	{VOCAB_SUITE_ILP, 'J', "concl.j.ilp", claim_j, "3339", 0, .arg = 1},
	{VOCAB_SUITE_WALKERS, 'B', "concl.b.walkers", claim_b_walkers,
	 .sig = "99"},
	{VOCAB_SUITE_BANK, 'R', "concl.r.bank", claim_r_bank, .sig = "3333"},
};
#define NCLAIMS (sizeof(claims) / sizeof(claims[0]))

static const char *const vword[V_N] = {
	"concl.nodata", "concl.agrees", "concl.same", "concl.untested",
	"concl.differs"
};

/* Our cell of claim c from the devices' results o[0..nd): each number
 * and effect once where the devices print it alike (dvs_num, a count,
 * sig 9, whole). */
static int ours_cell(struct rctx *x, const struct claim *c,
		     const struct ours *o, int nd, struct rbuf *cell)
{
	static const char *const vn[NVAL] = {"V0", "V1", "V2", "V3"};
	static const char *const en[NEFF] = {"E0", "E1"};
	struct dvs s = {NULL, NULL, nd < PG_MAXD ? nd : PG_MAXD, 0, NULL};
	const struct rcmp *r[PG_MAXD];
	double v[PG_MAXD];
	char key[64];
	struct fv f;
	size_t i;
	int d, rc;

	fv_init(&f);
	for (i = 0; i < strlen(c->sig) && i < NVAL; i++) {
		for (d = 0; d < s.n; d++)
			v[d] = o[d].val[i];
		dvs_num(x, &s, fv_put(&f, vn[i]), v, c->sig[i] == '9' ? 1 :
			c->sig[i] - '0', 0);
	}
	for (i = 0; i < NEFF; i++) {
		for (d = 0; d < s.n; d++)
			r[d] = &o[d].eff[i];
		dvs_effect(x, &s, fv_put(&f, en[i]), r, c->invert >> i & 1);
	}
	snprintf(key, sizeof(key), "%s.ours", c->key);
	rc = fv_emit(x, cell, key, &f);
	snprintf(key, sizeof(key), "%s.why", c->key);
	if (lang_find(x->L, key))
		rbuf_printf(cell, " %s", lang_get(x->L, key));
	fv_free(&f);
	return rc;
}

/* The verdict cell: one word where the devices agree, else one line
 * per device. */
static void verdict_cell(struct rctx *x, const int *v, int nd,
			 struct rbuf *cell)
{
	struct fv f;
	int d, same = 1;

	for (d = 1; d < nd; d++)
		same &= v[d] == v[0];
	if (same) {
		rbuf_puts(cell, lang_get(x->L, vword[v[0]]));
		return;
	}
	/* one line per GPU: the column stays as narrow as a word */
	fv_init(&f);
	rbuf_puts(cell, "\\begin{tabular}[t]{@{}l@{}}");
	for (d = 0; d < nd; d++) {
		fv_int(&f, "K", d + 1);
		fv_str(&f, "V", lang_get(x->L, vword[v[d]]));
		if (d)
			rbuf_puts(cell, "\\\\ ");
		fv_emit(x, cell, "concl.per_dev", &f);
	}
	rbuf_puts(cell, "\\end{tabular}");
	fv_free(&f);
}

/* One row per claim whose suite was measured; each claim's verdict,
 * joined over the devices, counted into n[]. One table that breaks
 * across pages: as floats, tables of a page each left the page before
 * them half empty. */
static int claims_table(struct rctx *x, int n[V_N])
{
	enum { SRC, CLAIM, OURS, VERD, NB, NOTE = NB };
	int nd = (int)x->ndevs, *v = calloc(nd + 1, sizeof(*v)), d, all, any;
	struct ours *o = calloc(nd + 1, sizeof(*o));
	struct ours none = {.val = {NAN, NAN, NAN, NAN}};	/* NVAL */
	unsigned rg, seen = 0;
	struct rbuf b[NB + 1];
	int rc = v && o ? 0 : -1;
	struct rtable t;
	char key[64];
	size_t i, k;
	char last = 0;

	for (k = 0; k < NEFF; k++)	/* a claim's results before it */
		rcmp_clear(&none.eff[k]);
	rtable_init(&t, "lXXl");
	t.breaks = 1;
	rbufs_init(b, NB + 1);
	mem_heads(x, &t, (const char *const[]){"concl.h.source",
		  "concl.h.claim", "concl.h.ours", "concl.h.verdict", NULL});
	rtable_head_end(&t);
	for (i = 0; i < NCLAIMS && !rc; i++) {
		const struct claim *c = &claims[i];

		if (!model_has_suite(x, -1, c->suite))
			continue;
		all = V_AGREES;
		any = 0;
		rg = 0;
		for (d = 0; d < nd; d++) {
			o[d] = none;
			v[d] = c->judge(x, d, c, &o[d]);
			all = vjoin(all, v[d]);
			any |= v[d] != V_NODATA;
			rg |= o[d].rg;
		}
		n[all]++;
		rbufs_free(b, NB);
		/* "report~P", and its number in the references list where
		 * the report holds the list's \label{ref:P} (it comes after
		 * this section): a \ref without its label would dangle */
		if (c->src != last) {
			rtable_gap(&t);
			snprintf(key, sizeof(key), "concl.src.%c", c->src);
			rbuf_puts(&b[SRC], lang_get(x->L, key));
			if (report_section_written(x, "references"))
				rbuf_printf(&b[SRC], "~[\\ref{ref:%c}]",
					    c->src);
		}
		last = c->src;
		snprintf(key, sizeof(key), "%s.src", c->key);
		rbuf_puts(&b[CLAIM], lang_get(x->L, key));
		if (any)
			rc = ours_cell(x, c, o, nd, &b[OURS]);
		regime_marks(x, rg, &b[OURS]);
		seen |= rg;
		verdict_cell(x, v, nd, &b[VERD]);
		for (k = 0; k < NB; k++)
			rtable_text(&t, rbuf_str(&b[k]));
		rtable_row_end(&t);
	}
	regime_note(x, seen, &b[NOTE], NULL);
	if (!rc && t.rows)
		rc = emit_table(x, &t, lang_get(x->L, "concl.caption"),
				"conclusions", rbuf_str(&b[NOTE]));
	rtable_free(&t);
	rbufs_free(b, NB + 1);
	free(v);
	free(o);
	return rc;
}

int sec_conclusions(struct rctx *x)
{
	int n[V_N] = {0}, rc = 0;
	struct fv v;

	emit_heading(x, 0, lang_get(x->L, "concl.title"));
	emit_par(x, lang_get(x->L, "concl.intro"));
	rc = claims_table(x, n);
	if (rc || n[V_NODATA] == (int)NCLAIMS)
		return rc;
	fv_init(&v);
	fv_int(&v, "AGREE", n[V_AGREES]);
	fv_int(&v, "DIFFER", n[V_DIFFERS]);
	fv_int(&v, "SAME", n[V_SAME]);
	fv_int(&v, "UNTESTED", n[V_UNTESTED]);
	rc = fv_par(x, "concl.tally", &v);
	fv_free(&v);
	return rc;
}
