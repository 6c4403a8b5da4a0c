/* The `versions` suite (report P). The main body: the versions in a
 * sentence each, one table of what explains their speed (each compared
 * configuration's GFLOP/s on every GPU, its grid, occupancy and
 * counters), one figure of GFLOP/s against n, and at most six findings
 * from facts_versions.c, each with its why from the stored data. The
 * appendix: each version's description and its source trimmed to the
 * kernel; every configuration's numbers are in the generic appendix. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* the counters a why reads (measure/suite_counters.c's names) */
#define M_INST "cnt_inst_executed"
#define M_LDINST "cnt_global_ld_inst"
#define M_LDBYTES "cnt_global_ld_bytes"
#define M_FFMA "cnt_ffma_thread_inst"
#define MAXD 8			/* devices a finding groups */
#define MAXROWS 24

/* What explains one configuration's speed, as stored (NAN: unknown),
 * in the table's order: its grid, its kernel's theoretical occupancy,
 * and from the counter pass the warp instructions and global loads
 * (millions), the DRAM bytes read (MB), the global-load bytes per DRAM
 * byte (what L1 and L2 served), the FFMA share of the instructions
 * (%); and the occupancy's limit. */
enum { W_GRID, W_OCC, W_INST, W_LD, W_DRAM, W_REUSE, W_FFMA, W_N };
struct vwhy {
	double v[W_N];
	const char *limiter;
};

static void why_get(const struct rctx *x, const struct rcfg *c,
		    struct vwhy *w)
{
	const struct store_kattr *a = NULL;
	double inst = rcfg_median(c, M_INST), *v = w->v;

	if (c)
		a = model_kattr(x, c->c->session_id, c->c->variant,
				c->c->block_x);
	v[W_GRID] = (double)rcfg_grid(c);
	v[W_OCC] = a ? 100 * a->occupancy : NAN;
	w->limiter = a ? a->limiter : NULL;
	v[W_INST] = inst / 1e6;
	v[W_DRAM] = rcfg_median(c, VOCAB_METRIC_CNT_DRAM_READ_BYTES) / 1e6;
	/* asynchronous copies (LDGSTS) escape the global-load counters */
	v[W_LD] = v[W_REUSE] = NAN;
	if (!(rcfg_traits(x, c) & KTRAIT_ASYNC_COPY)) {
		v[W_LD] = rcfg_median(c, M_LDINST) / 1e6;
		v[W_REUSE] = rcfg_median(c, M_LDBYTES) / 1e6 / v[W_DRAM];
	}
	/* FFMAs are counted per thread, instructions per warp of 32 */
	v[W_FFMA] = 100 * rcfg_median(c, M_FFMA) / 32 / inst;
}

/* measure names the limiting resources as a list ("warps, registers"
 * when two tie); each translated from vers.lim.NAME, "/" apart. */
static void limiter_put(const struct rctx *x, const char *lim,
			struct rbuf *b)
{
	char one[64];
	size_t len;

	while (lim && *lim) {
		len = strcspn(lim, ",");
		snprintf(one, sizeof(one), "%.*s", (int)len, lim);
		lang_name_put(x, "vers.lim", one, 0, b);
		lim += len;
		if (*lim == ',' && lim++)
			rbuf_putc(b, '/');
		while (*lim == ' ')
			lim++;
	}
}

/* Parts p[0..n) as one text: once where every part reads alike, else
 * joined by the string "find.devs.sep" in the devices' order (as
 * find_devs); appended to b, the parts freed. */
static void parts_join(const struct rctx *x, struct rbuf *b,
		       struct rbuf *p, int n)
{
	int i, same = 1;

	for (i = 1; i < n; i++)
		same &= !strcmp(rbuf_str(&p[i]), rbuf_str(&p[0]));
	for (i = 0; i < n; i++) {
		if (i && !same)
			rbuf_puts(b, lang_get(x->L, "find.devs.sep"));
		if (!i || !same)
			rbuf_puts(b, rbuf_str(&p[i]));
		rbuf_free(&p[i]);
	}
}

/* The kernel of variant as a session of the versions stored it (the
 * first that did), or NULL. */
static const struct store_kernel *kernel_of(const struct rctx *x,
					    const char *variant)
{
	const struct store_kernel *k = NULL;
	size_t i;

	for (i = 0; !k && i < x->ncfgs; i++)
		if (!strcmp(x->cfgs[i].c->suite, VOCAB_SUITE_VERSIONS) &&
		    !strcmp(x->cfgs[i].c->variant, variant))
			k = model_kernel(x, variant,
					 x->cfgs[i].c->session_id);
	return k;
}

/* The description of version variant: the strings' where the registry
 * has the version (issue 25 item 8), else the one stored with its
 * kernel (a student's own), else that there is none. */
static void kernel_desc(const struct rctx *x, const char *variant,
			struct rbuf *b)
{
	const struct store_kernel *k = kernel_of(x, variant);
	char key[96];

	snprintf(key, sizeof(key), "vers.desc.%s", variant);
	if (lang_find(x->L, key))
		rbuf_puts(b, lang_get(x->L, key));
	else if (k && k->description && *k->description)
		rbuf_put_prose(b, k->description, 0);
	else
		rbuf_puts(b, lang_get(x->L, "versions.nodesc"));
}

/* ---- the table of what explains the speed -------------------------------- */

/* A row: a configuration a finding names, and where it sorts: the
 * registry's versions (0), own kernels (1), the library (2). */
struct vrow {
	const struct rcfg *c;
	int rank;
};

/* By rank, then as versions_names orders names, then by size. */
static int row_cmp(const void *pa, const void *pb)
{
	const struct vrow *a = pa, *b = pb;
	const char *va = a->c->c->variant, *vb = b->c->c->variant;
	size_t la = strlen(va), lb = strlen(vb);

	if (a->rank != b->rank || la != lb)
		return a->rank != b->rank ? a->rank - b->rank : la < lb ? -1 : 1;
	return strcmp(va, vb) ? strcmp(va, vb) : a->c->c->n - b->c->c->n;
}

/* The rows of f[0..nd): each version and size a finding names, once. */
static size_t rows_get(const struct rctx *x, const struct versions_facts *f,
		       size_t nd, struct vrow *rows)
{
	const struct rcfg *c[2 * VF_MAX + 3];
	size_t nr = 0, d, i, j, nc;

	for (d = 0; d < nd; d++) {
		for (i = 0, nc = 0; i < f[d].nsteps; i++) {
			c[nc++] = f[d].step[i].a;
			c[nc++] = f[d].step[i].b;
		}
		c[nc++] = f[d].best;
		c[nc++] = f[d].fastest;
		c[nc++] = f[d].best_ref.a;
		for (i = 0; i < nc; i++) {
			for (j = 0; c[i] && j < nr && (rows[j].c->c->n !=
			     c[i]->c->n || strcmp(rows[j].c->c->variant,
						  c[i]->c->variant)); j++)
				;
			if (c[i] && j == nr && nr < MAXROWS)
				rows[nr++] = (struct vrow){c[i],
					strcmp(c[i]->c->suite,
					       VOCAB_SUITE_VERSIONS) ? 2 :
					!versions_builtin(x, c[i]->c->variant)};
		}
	}
	qsort(rows, nr, sizeof(*rows), row_cmp);
	return nr;
}

/* One table for every GPU: per row its GFLOP/s on each GPU (each at its
 * best block at that size), then the block, grid, occupancy and
 * counters of the first GPU's configuration. */
static int why_table(struct rctx *x, const struct versions_facts *f)
{
	static const char *const tail[] = {
		"vers.t.grid", "vers.t.occ", "vers.t.inst", "vers.t.ld",
		"vers.t.dram", "vers.t.reuse", "vers.t.ffma", NULL
	};
	struct vrow rows[MAXROWS];
	size_t nr = rows_get(x, f, x->ndevs, rows), i, d, nd = x->ndevs;
	char kinds[RTABLE_MAXCOLS + 1] = "lrl";
	const struct rcfg *c[MAXD], *first;
	struct mem_tab m;
	struct rbuf cell;
	struct vwhy w;
	struct fv v;
	int cnt, k;

	if (!nr || nd > MAXD)
		return 0;
	memset(kinds + 3, 'S', nd + 7);
	mem_tab_init(&m, kinds);
	rbuf_init(&cell);
	rtable_head_span(&m.t, 3, "");
	rtable_head_span(&m.t, (int)nd, "GFLOP/s");
	rtable_head_span(&m.t, 7, "");
	rtable_head_end(&m.t);
	rtable_head(&m.t, lang_get(x->L, "vers.t.version"));
	rtable_head(&m.t, "\\(n\\)");
	rtable_head(&m.t, lang_get(x->L, "vers.t.block"));
	for (d = 0; d < nd; d++) {
		rbuf_printf(&cell, "GPU~%zu", d + 1);
		rtable_head(&m.t, rbuf_str(&cell));
		rbuf_free(&cell);
	}
	mem_heads(x, &m.t, tail);
	rtable_head_end(&m.t);
	for (i = 0; i < nr; i++) {
		const struct store_config *rc_ = rows[i].c->c;

		mem_variant(&cell, rc_->variant);
		rtable_text(&m.t, rbuf_str(&cell));
		rbuf_free(&cell);
		rtable_int(&m.t, rc_->n);
		for (d = nd, first = NULL; d-- > 0;)	/* the first GPU's */
			if ((c[d] = versions_best(x, (int)d, rc_->suite,
						  rc_->variant, rc_->n, 0)))
				first = c[d];
		if (first && first->c->block_x > 0)
			block_label(first->c->block_x, first->c->block_y,
				    &cell);
		rtable_text(&m.t, cell.len ? rbuf_str(&cell) : "--");
		rbuf_free(&cell);
		for (d = 0; d < nd; d++)
			mem_tab_cell(x, &m, c[d], rcfg_median(c[d],
				     VOCAB_METRIC_GFLOPS), 0);
		why_get(x, first, &w);
		for (k = 0; k < W_N; k++)	/* no grid stored: unknown */
			mem_num(&m.t, k == W_GRID && !w.v[k] ? NAN : w.v[k],
				k < W_INST || k == W_FFMA ? 0 : -1, 0, "",
				m.wide);
		rtable_row_end(&m.t);
	}
	fv_init(&v);
	fv_int(&v, "SMS", versions_sms(x, 0));
	fv_emit(x, &m.cap, "vers.t.caption", &v);
	cnt = model_has_counters(x, -1, VOCAB_SUITE_VERSIONS, NULL);
	fv_emit(x, &m.note, cnt ? "vers.t.note" : "vers.t.note_nocnt", &v);
	if (!cnt) {	/* measured without them, or why they are missing */
		rbuf_putc(&m.note, ' ');
		mem_counters_missing(x, -1, VOCAB_SUITE_VERSIONS,
				     "vers.t.cnt_none", "vers.t.cnt_unavail",
				     &m.note);
	}
	fv_free(&v);
	m.seen &= ~RG_L2;	/* no mark on a rate (rcfg_marks) */
	return mem_tab_end(x, &m, 0, "versions-why", 1, 0);
}
/* ---- findings ------------------------------------------------------------ */

/* The rule's word for comparison r (model_compare's verdict). */
static const char *verdict_word(const struct rcmp *r)
{
	return r->verdict == RULE_HIGHER ? "faster" :
	       r->verdict == RULE_LOWER ? "slower" :
	       r->verdict == RULE_SAME ? "ns" :
	       r->ratio > 1 ? "higher" : "lower";
}

/* The devices a finding is stated for: d[0..n) and their pairs. */
struct vgroup {
	int n, d[MAXD];
	const struct versions_pair *p[MAXD];
};

/* Placeholder name of g's values val[0..g->n): find_num's text (sig
 * 0: a count, digits alone) once when alike, else as find_devs. */
static void g_num(const struct rctx *x, struct fv *v, const char *name,
		  const struct vgroup *g, const double *val, int sig)
{
	struct rbuf p[MAXD];
	int i;

	for (i = 0; i < g->n; i++) {
		rbuf_init(&p[i]);
		if (sig)
			find_num(&p[i], val[i], sig);
		else	/* a count */
			rbuf_printf(&p[i], "%.0f", val[i]);
	}
	parts_join(x, fv_put(v, name), p, g->n);
}

/* Placeholder name of g's whys w[0..g->n): value k of each, over that
 * of over[i] where over is set, printed as devs_put. */
static void g_why(const struct rctx *x, struct fv *v, const char *name,
		  const struct vgroup *g, const struct vwhy *w,
		  const struct vwhy *over, int k, int sig)
{
	double val[MAXD];
	int i;

	for (i = 0; i < g->n; i++)
		val[i] = w[i].v[k] / (over ? over[i].v[k] : 1);
	g_num(x, v, name, g, val, sig);
}

/* The why of a step from a to b on g's devices: a grid of fewer blocks
 * than SMs, then the counters, then the occupancy, where stored. */
static void step_why(struct rctx *x, const struct versions_facts *f,
		     const struct vgroup *g, struct rbuf *why)
{
	/* b's over a's (ratio), else of a (0) or b (1) */
	static const struct { const char *name; int of, ratio, k, sig; }
	sw[] = {{"INST", 1, 1, W_INST, 3}, {"LD", 1, 1, W_LD, 3},
		{"DA", 0, 0, W_DRAM, 3}, {"DB", 1, 0, W_DRAM, 3},
		{"RA", 0, 0, W_REUSE, 3}, {"RB", 1, 0, W_REUSE, 3},
		{"OA", 0, 0, W_OCC, 2}, {"OB", 1, 0, W_OCC, 2}};
	const struct rcfg *c[2] = {g->p[0]->a, g->p[0]->b};
	struct vwhy w[2][MAXD];
	double sms[MAXD];
	struct fv v;
	int i, k, idle[2] = {1, 1}, cnt = 1, occ = 1;

	fv_init(&v);
	for (i = 0; i < g->n; i++) {
		c[0] = g->p[i]->a;
		c[1] = g->p[i]->b;
		for (k = 0; k < 2; k++) {
			why_get(x, c[k], &w[k][i]);
			idle[k] &= !!(rcfg_regime(x, c[k]) & RG_WAVE);
		}
		cnt &= isfinite(w[0][i].v[W_INST]) &&
		       isfinite(w[1][i].v[W_INST]);
		occ &= isfinite(w[0][i].v[W_OCC]) && w[1][i].limiter &&
		       w[0][i].v[W_OCC] != w[1][i].v[W_OCC];
		sms[i] = f[g->d[i]].sms;
	}
	if (w[1][0].limiter)
		limiter_put(x, w[1][0].limiter, fv_put(&v, "LIM"));
	g_num(x, &v, "SMS", g, sms, 0);
	for (k = 0; k < 2; k++) {
		if (!idle[k])
			continue;
		mem_variant(fv_put(&v, "X"), c[k]->c->variant);
		g_why(x, &v, "GX", g, w[k], NULL, W_GRID, 0);
		fv_emit(x, why, "find.vers.why.idle", &v);
	}
	mem_variant(fv_put(&v, "A"), c[0]->c->variant);
	mem_variant(fv_put(&v, "B"), c[1]->c->variant);
	for (k = 0; k < (int)(sizeof(sw) / sizeof(sw[0])); k++)
		g_why(x, &v, sw[k].name, g, w[sw[k].of], sw[k].ratio ? w[0] :
		      NULL, sw[k].k, sw[k].sig);
	if (cnt)
		fv_emit(x, why, "find.vers.why.cnt", &v);
	if (occ)
		fv_emit(x, why, "find.vers.why.occ", &v);
	fv_free(&v);
}

/* The prefix naming g's devices where they are not all the report's
 * ("GPU~2: "), then the sentence. */
static void g_find(struct rctx *x, struct rfind *fl, const struct vgroup *g,
		   int ndata, struct rbuf *s)
{
	struct rbuf t;
	struct kv v;
	int i;

	rbuf_init(&t);
	for (i = 0; g->n < ndata && i < g->n; i++)
		rbuf_printf(&t, "%sGPU~%d", i ? ", " : "", g->d[i] + 1);
	if (t.len)
		rbuf_puts(&t, ": ");
	rbuf_puts(&t, rbuf_str(s));
	v = (struct kv){"TEXT", rbuf_str(&t)};
	find_add(x, fl, "find.vers.sentence", &v, 1);
	rbuf_free(&t);
}

/* The step of g: its words by the rule's verdict, the speed-up (the
 * effect of GFLOP/s, b over a) and the why. */
static void step_find(struct rctx *x, const struct versions_facts *f,
		      const struct vgroup *g, int ndata, struct rfind *fl)
{
	const struct versions_pair *p = g->p[0];
	struct rbuf eff[MAXD], s;
	char key[64];
	struct fv v;
	int i;

	fv_init(&v);
	rbuf_init(&s);
	mem_variant(fv_put(&v, "A"), p->a->c->variant);
	mem_variant(fv_put(&v, "B"), p->b->c->variant);
	fv_int(&v, "N", p->n);
	for (i = 0; i < g->n; i++) {
		rbuf_init(&eff[i]);
		find_effect(x, &eff[i], &g->p[i]->cmp, 0);
	}
	parts_join(x, fv_put(&v, "EFF"), eff, g->n);
	step_why(x, f, g, fv_put(&v, "WHY"));
	snprintf(key, sizeof(key), "find.vers.step.%s",
		 verdict_word(&p->cmp));
	fv_emit(x, &s, key, &v);
	g_find(x, fl, g, ndata, &s);
	rbuf_free(&s);
	fv_free(&v);
}

/* The fastest own configuration that counts, on g's devices (the same
 * one on each): against the library (effect) and the peak, why (the
 * FFMA share of the instructions, the occupancy), and the faster point
 * that does not count, where one is. */
static void best_find(struct rctx *x, const struct versions_facts *f,
		      const struct vgroup *g, int ndata, struct rfind *fl)
{
	const struct versions_facts *f0 = &f[g->d[0]];
	double val[4][MAXD] = {{0}};
	struct rbuf eff[MAXD], s, lim, *why;
	struct vwhy w[2][MAXD];
	char key[64];
	struct fv v;
	int i, over = 0, ref = 1;

	fv_init(&v);
	rbuf_init(&s);
	rbuf_init(&lim);
	mem_variant(fv_put(&v, "V"), f0->best->c->variant);
	fv_int(&v, "N", f0->best->c->n);
	block_label(f0->best->c->block_x, f0->best->c->block_y,
		    fv_put(&v, "B"));
	for (i = 0; i < g->n; i++) {
		const struct versions_facts *fi = &f[g->d[i]];

		why_get(x, fi->best, &w[0][i]);
		why_get(x, fi->best_ref.a, &w[1][i]);
		val[0][i] = rcfg_median(fi->best, VOCAB_METRIC_GFLOPS);
		val[1][i] = fi->pct_ref;
		val[2][i] = fi->pct_peak;
		val[3][i] = fi->peak;
		over |= fi->over_peak;
		ref &= fi->best_ref.a != NULL;
		rbuf_init(&eff[i]);
		find_effect(x, &eff[i], &fi->best_ref.cmp, 0);
		if (!i)
			limiter_put(x, w[0][0].limiter, &lim);
	}
	g_num(x, &v, "G", g, val[0], 4);
	g_num(x, &v, "PREF", g, val[1], 3);
	g_num(x, &v, "PPEAK", g, val[2], 3);
	g_num(x, &v, "PEAK", g, val[3], 4);
	parts_join(x, fv_put(&v, "EFF"), eff, g->n);
	snprintf(key, sizeof(key), "vers.peak%d", f0->peak_which);
	fv_str(&v, "PNAME", lang_get(x->L, key));
	if (ref)
		mem_variant(fv_put(&v, "LIB"), f0->best_ref.a->c->variant);
	why = fv_put(&v, "WHY");
	if (isfinite(w[0][0].v[W_FFMA]) && isfinite(w[1][0].v[W_FFMA])) {
		g_why(x, &v, "FF", g, w[0], NULL, W_FFMA, 2);
		g_why(x, &v, "FFL", g, w[1], NULL, W_FFMA, 2);
		fv_emit(x, why, "find.vers.why.ffma", &v);
	}
	if (isfinite(w[0][0].v[W_OCC]) && lim.len) {
		g_why(x, &v, "OCC", g, w[0], NULL, W_OCC, 2);
		fv_str(&v, "LIM", rbuf_str(&lim));
		fv_emit(x, why, "find.vers.why.best_occ", &v);
	}
	fv_emit(x, &s, !ref ? "find.vers.best_noref" : over ?
		"find.vers.best_over" : "find.vers.best", &v);
	fv_free(&v);
	if (f0->fastest) {
		mem_variant(fv_put(&v, "V"), f0->fastest->c->variant);
		fv_int(&v, "N", f0->fastest->c->n);
		block_label(f0->fastest->c->block_x, f0->fastest->c->block_y,
			    fv_put(&v, "B"));
		for (i = 0; i < g->n; i++)
			val[0][i] = rcfg_median(f[g->d[i]].fastest,
						VOCAB_METRIC_GFLOPS);
		g_num(x, &v, "G", g, val[0], 4);
		i = (int)rcfg_regime(x, f0->fastest);
		fv_str(&v, "WHY", lang_get(x->L, i & RG_LAUNCH ?
			"regime.launch" : "regime.wave"));
		rbuf_putc(&s, ' ');
		fv_emit(x, &s, "find.vers.unsteady", &v);
	}
	g_find(x, fl, g, ndata, &s);
	rbuf_free(&s);
	rbuf_free(&lim);
	fv_free(&v);
}

/* 1 when a and b are the same version, size and block, or both NULL. */
static int cfg_same(const struct rcfg *a, const struct rcfg *b)
{
	return !a == !b && (!a || (a->c->n == b->c->n &&
		a->c->block_x == b->c->block_x &&
		!strcmp(a->c->variant, b->c->variant)));
}

/* 1 when finding i of f and j of h say the same: steps (i < VF_MAX)
 * of the same versions at the same size with the same verdict, or
 * (VF_MAX) the same best and fastest configurations. */
static int item_same(const struct versions_facts *f, int i,
		     const struct versions_facts *h, int j)
{
	const struct versions_pair *p = &f->step[i % VF_MAX],
				   *q = &h->step[j % VF_MAX];

	if (i == VF_MAX)
		return cfg_same(f->best, h->best) &&
		       cfg_same(f->fastest, h->fastest);
	return p->n == q->n && p->cmp.verdict == q->cmp.verdict &&
	       !strcmp(p->a->c->variant, q->a->c->variant) &&
	       !strcmp(p->b->c->variant, q->b->c->variant);
}

/* The end of device f's findings of kind b: its steps (0), best (1). */
static int item_end(const struct versions_facts *f, int b)
{
	return b ? VF_MAX + 1 : (int)f->nsteps;
}

/* Into g: the devices from d on with a finding i of the same kind that
 * says what f[d]'s finding i does, each finding marked done. */
static void group_take(const struct versions_facts *f, int nd, int d,
		       int i, unsigned char (*done)[VF_MAX + 1],
		       struct vgroup *g)
{
	int e, j, b = i == VF_MAX;

	for (e = d, g->n = 0; e < nd; e++)
		for (j = b * VF_MAX; j < item_end(&f[e], b); j++)
			if (!done[e][j] && item_same(&f[d], i, &f[e], j)) {
				done[e][j] = 1;
				g->d[g->n] = e;
				g->p[g->n++] = &f[e].step[j % VF_MAX];
				break;
			}
}

/* The findings: each step from a version to the next, then the best
 * against the library and the peak, or that nothing counts as best;
 * each once for the GPUs that agree (item VF_MAX: a device's best). */
static int findings(struct rctx *x, const struct versions_facts *f)
{
	unsigned char done[MAXD][VF_MAX + 1] = {{0}};
	int nd = (int)x->ndevs, b, d, i, ndata = 0;
	struct rfind fl;
	struct vgroup g;

	find_init(&fl);
	for (d = 0; d < nd; d++)
		ndata += f[d].nsteps > 0 || f[d].best;
	for (b = 0; b < 2; b++)
		for (d = 0; d < nd; d++)
			for (i = b * VF_MAX; i < item_end(&f[d], b); i++) {
				if (done[d][i] || (b ? !f[d].best :
				    !isfinite(f[d].step[i].cmp.ratio)))
					continue;
				group_take(f, nd, d, i, done, &g);
				(b ? best_find : step_find)(x, f, &g, ndata,
							    &fl);
			}
	for (d = 0; d < nd && (f[d].best || !f[d].fastest); d++)
		;
	if (d < nd)	/* some GPU has no point that counts */
		find_add(x, &fl, "find.vers.nosteady", NULL, 0);
	d = find_emit(x, &fl);
	find_free(&fl);
	return d;
}
/* ---- the figure ---------------------------------------------------------- */

/* GFLOP/s against n of device dev through the figure engine: one line
 * per version at its best block at each size, the library's dotted; a
 * log y axis when the values span more than a decade. Returns the
 * figure number, 0 for none. */
static int perf_figure(struct rctx *x, int dev, double w, double h)
{
	const char **vv = NULL, **lib = NULL;
	struct pline l[RTABLE_MAXCOLS];
	struct pspec ps = {0};
	struct rbuf tt[RTABLE_MAXCOLS], ylab;
	size_t nv = versions_names(x, dev, &vv), i, j, n, nn;
	double *xy = NULL, lo = INFINITY, hi = 0, y;
	int *ns = NULL, k = 0;

	n = nv + model_names(x, dev, VOCAB_SUITE_REFERENCE, NULL, 'v', &lib);
	n = n < RTABLE_MAXCOLS ? n : RTABLE_MAXCOLS;
	nn = model_ints(x, dev, VOCAB_SUITE_VERSIONS, NULL, NULL, 'n', &ns);
	if (!nn || !(xy = calloc(nn * (n + 1), sizeof(*xy))))
		goto out;
	for (i = 0; i < nn; i++)
		xy[i] = ns[i];
	for (j = 0; j < n; j++) {
		const char *v = j < nv ? vv[j] : lib[j - nv];

		for (i = 0; i < nn; i++) {
			y = rcfg_median(versions_best(x, dev, j < nv ?
				VOCAB_SUITE_VERSIONS : VOCAB_SUITE_REFERENCE,
				v, ns[i], 0), VOCAB_METRIC_GFLOPS);
			xy[nn * (j + 1) + i] = y > 0 ? y : NAN;
			lo = y > 0 ? fmin(lo, y) : lo;
			hi = y > 0 ? fmax(hi, y) : hi;
		}
		rbuf_init(&tt[j]);
		mem_variant(&tt[j], v);
		l[j] = (struct pline){rbuf_str(&tt[j]), xy, xy + nn * (j + 1),
				      nn, j < nv ? PL_LINE : PL_DOTTED,
				      j < nv ? (int)j : 6, (int)j};
	}
	rbuf_init(&ylab);
	metric_label(x, VOCAB_METRIC_GFLOPS, "GFLOP/s", &ylab);
	ps.xlabel = lang_get(x->L, "axis.size");
	ps.ylabel = rbuf_str(&ylab);
	/* wide sweeps on a log2 axis, so the small sizes stay apart */
	ps.logx = nn > 2 && ns[nn - 1] / ns[0] >= 8 ? 2 : 0;
	ps.logy = hi > 10 * lo ? 10 : 0;
	ps.w = w;
	ps.h = h;
	k = plot_lines(x, &ps, l, n);
	for (j = 0; j < n; j++)
		rbuf_free(&tt[j]);
	rbuf_free(&ylab);
out:
	free(xy);
	free(ns);
	free(vv);
	free(lib);
	return k;
}

/* The figures of every GPU, side by side in pairs. */
static int perf_figures(struct rctx *x)
{
	const char *cap = lang_get(x->L, "vers.fig_caption");
	struct figpair fp;
	struct rbuf one;
	size_t d;
	int rc = 0, k;

	if (x->ndevs < 2) {
		k = perf_figure(x, 0, 12, 7.5);
		return k ? emit_figure(x, k, cap) : 0;
	}
	if (figpair_init(x, &fp))
		return -1;
	rbuf_init(&one);
	for (d = 0; d < x->ndevs && !rc; d++) {
		if ((k = perf_figure(x, (int)d, 7.9, 6.8))) {
			rbuf_free(&one);
			dev_label(x, (int)d, &one);
			rc |= figpair_add(x, &fp, k, rbuf_str(&one));
		}
		if (fp.n && (fp.n == 2 || d + 1 == x->ndevs)) {
			rc |= figpair_emit(x, &fp, cap, "versions-perf-%zu", d);
			rbuf_free(&fp.pics);
			fp.n = 0;
		}
	}
	figpair_free(&fp);
	rbuf_free(&one);
	return rc;
}

/* The listing of a stored source, appended to out: from the first line
 * after its #include lines (or its opening comment) to the line "}"
 * that closes its last kernel, so that the host's launch code after it
 * is left out. Returns 1 when trimmed, 0 when src holds no kernel (out
 * gets the whole text). */
static int listing_trim(const char *src, struct rbuf *out)
{
	const char *g = strstr(src, "__global__"), *s = src, *t;

	if (!g) {
		rbuf_puts(out, src);
		return 0;
	}
	for (t = src; (t = strstr(t, "#include")) && t < g; t++)
		s = strchr(t, '\n') + 1;
	if (s == src && !strncmp(src, "/*", 2) && (t = strstr(src, "*/")) &&
	    t < g)
		s = t + 2;
	while (isspace((unsigned char)*s))
		s++;
	while (s > src && s[-1] != '\n')
		s--;
	while ((t = strstr(g + 1, "__global__")))
		g = t;
	t = strstr(g, "\n}");
	rbuf_putn(out, s, (size_t)((t ? t + 2 : g + strlen(g)) - s));
	rbuf_putc(out, '\n');
	return 1;
}

/* ---- the appendix: each version's description and source ----------------- */

static int kernel_part(struct rctx *x, const char *variant)
{
	const struct store_kernel *k = kernel_of(x, variant);
	struct rbuf h, code;
	struct fv v;
	size_t d, i;
	int rc = 0;

	rbuf_init(&h);
	rbuf_init(&code);
	fv_init(&v);
	rbuf_put_tex(fv_put(&v, "NAME"), variant, 0);
	fv_emit(x, &h, "versions.kernel", &v);
	emit_heading(x, 1, rbuf_str(&h));
	rbuf_free(&h);
	kernel_desc(x, variant, &h);
	emit_par(x, rbuf_str(&h));
	rbuf_free(&h);
	if (k && k->source && *k->source) {
		int trimmed = listing_trim(k->source, &code);
		struct kv lv;

		fv_int(&v, "SESSION", (long long)k->session_id);
		fv_par(x, trimmed ? "vers.source_trimmed" : "versions.source",
		       &v);
		rbuf_put_listing(&h, rbuf_str(&code));
		lv = (struct kv){"CODE", rbuf_str(&h)};
		rc = emit_fragment(x, "listing", &lv, 1);
	} else {
		emit_par(x, lang_get(x->L, "versions.nosource"));
	}
	/* what failed or was skipped on each GPU, for a wrong product
	 * where it is wrong (issue 25 item 4) */
	for (d = 0; d < x->ndevs; d++) {
		for (i = 0; i < x->ncfgs && (x->cfgs[i].dev != (int)d ||
		     rcfg_ok(&x->cfgs[i]) || strcmp(x->cfgs[i].c->variant,
		     variant) || strcmp(x->cfgs[i].c->suite,
					VOCAB_SUITE_VERSIONS)); i++)
			;
		if (i < x->ncfgs) {
			emit_dev_heading(x, 2, (int)d);
			problems_list(x, (int)d, VOCAB_SUITE_VERSIONS, variant);
		}
	}
	rbuf_free(&h);
	rbuf_free(&code);
	fv_free(&v);
	return rc;
}

/* ---- the sections -------------------------------------------------------- */

/* The opening: the question, then each version in a sentence. */
static void versions_list(struct rctx *x)
{
	const char **vv = NULL;
	size_t nv = versions_names(x, -1, &vv), i;
	struct rfind items;
	struct fv v;
	struct kv t;

	find_init(&items);
	fv_init(&v);
	for (i = 0; i < nv; i++) {
		rbuf_put_tex(fv_put(&v, "NAME"), vv[i], 0);
		kernel_desc(x, vv[i], fv_put(&v, "DESC"));
		fv_find(x, &items, "vers.item", &v);
	}
	if (items.n) {
		t = (struct kv){"ITEMS", rbuf_str(&items.items)};
		emit_fragment(x, "list", &t, 1);
	}
	find_free(&items);
	fv_free(&v);
	free(vv);
}

/* What to take away: the largest step on the first GPU and the best
 * against the library, from the facts the findings state. */
static void takeaway(struct rctx *x, const struct versions_facts *f)
{
	const struct versions_pair *top = NULL;
	struct fv v;
	size_t i;

	for (i = 0; i < f->nsteps; i++)
		if (f->step[i].cmp.verdict == RULE_HIGHER &&
		    (!top || f->step[i].cmp.ratio > top->cmp.ratio))
			top = &f->step[i];
	if (!top || !f->best || !isfinite(f->pct_ref))
		return;
	fv_init(&v);
	mem_variant(fv_put(&v, "A"), top->a->c->variant);
	mem_variant(fv_put(&v, "B"), top->b->c->variant);
	fv_num(&v, "R", top->cmp.ratio, 3);
	mem_variant(fv_put(&v, "V"), f->best->c->variant);
	fv_num(&v, "PREF", f->pct_ref, 3);
	fv_par(x, "vers.takeaway", &v);
	fv_free(&v);
}

static int main_body(struct rctx *x)
{
	const char *app = lang_get(x->L, "vers.intro_app");
	size_t d, nd = x->ndevs;
	struct versions_facts *f = calloc(nd ? nd : 1, sizeof(*f));
	struct rbuf t;
	int rc = f ? 0 : -1;

	/* the reference to the appendix is gone where the report leaves
	 * the appendix out (report.c's refs_unwritten_drop) */
	rbuf_init(&t);
	rbuf_printf(&t, "%s%s%s", lang_get(x->L, "vers.intro"), *app ? " " :
		    "", app);
	emit_par(x, rbuf_str(&t));
	rbuf_free(&t);
	versions_list(x);
	for (d = 0; d < nd && !rc; d++)
		rc = facts_versions(x, (int)d, &f[d]);
	if (!rc)
		rc = why_table(x, f);
	if (!rc)
		rc = perf_figures(x);
	if (!rc)
		rc = findings(x, f);
	if (!rc && nd)
		takeaway(x, f);
	free(f);
	return rc;
}

static int app_body(struct rctx *x)
{
	const char **vv = NULL;
	size_t nv, i;
	int rc = 0;

	emit_par(x, lang_get(x->L, "vers.app_intro"));
	nv = versions_names(x, -1, &vv);
	for (i = 0; i < nv && !rc; i++)
		rc = kernel_part(x, vv[i]);
	free(vv);
	return rc;
}

/* The main body's section (app unset) or the appendix. Text dense with
 * numbers and long words (Polish, German): TeX may stretch a line's
 * spaces rather than push a word into the margin; the group ends with
 * the section. */
static int versions_section(struct rctx *x, int app)
{
	int rc = 0;

	rbuf_puts(&x->body, "\\begingroup\\setlength{\\emergencystretch}"
		  "{3em}\n");
	emit_heading(x, 0, lang_get(x->L, app ? "versions.app_title" :
					    "versions.title"));
	if (app)
		rbuf_puts(&x->body, "\\label{app:versions}\n");
	if (!model_has_suite(x, -1, VOCAB_SUITE_VERSIONS))
		emit_par(x, lang_get(x->L, "versions.absent"));
	else
		rc = app ? app_body(x) : main_body(x);
	rbuf_puts(&x->body, "\\endgroup\n");
	return rc;
}

int sec_versions(struct rctx *x)
{
	return versions_section(x, 0);
}

int app_versions(struct rctx *x)
{
	return versions_section(x, 1);
}
