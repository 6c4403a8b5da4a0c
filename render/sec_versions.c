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
	const struct store_kattr *a = model_kattr(x, c);
	double inst = rcfg_median(c, M_INST), *v = w->v;

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

void vers_limiter_put(const struct rctx *x, const char *lim, struct rbuf *b)
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

/* By rank, then as versions_names_of orders names, then by size. */
static int row_cmp(const void *pa, const void *pb)
{
	const struct vrow *a = pa, *b = pb;
	const char *va = a->c->c->variant, *vb = b->c->c->variant;
	size_t la = strlen(va), lb = strlen(vb);

	if (a->rank != b->rank || la != lb)
		return a->rank != b->rank ? a->rank - b->rank : la < lb ? -1 : 1;
	return strcmp(va, vb) ? strcmp(va, vb) : a->c->c->n - b->c->c->n;
}

/* The rows of the facts F[0..nd): each version and size a finding
 * names, once. */
static size_t rows_get(const struct rctx *x, const void *const *F, int nd,
		       struct vrow *rows)
{
	const struct rcfg *c[2 * VF_MAX + 3];
	size_t nr = 0, i, j, nc;
	int d;

	for (d = 0; d < nd; d++) {
		const struct versions_facts *f = F[d];

		for (i = 0, nc = 0; i < f->nsteps; i++) {
			c[nc++] = f->step[i].a;
			c[nc++] = f->step[i].b;
		}
		c[nc++] = f->best;
		c[nc++] = f->fastest;
		c[nc++] = f->best_ref.a;
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
static int why_table(struct rctx *x, const void *const *f, int n)
{
	static const char *const tail[] = {
		"vers.t.grid", "vers.t.occ", "vers.t.inst", "vers.t.ld",
		"vers.t.dram", "vers.t.reuse", "vers.t.ffma", NULL
	};
	struct vrow rows[MAXROWS];
	size_t nr = rows_get(x, f, n, rows), i, d, nd = x->ndevs;
	char kinds[RTABLE_MAXCOLS + 1] = "lrl";
	const struct rcfg *c[PG_MAXD], *first;
	struct ptable p;
	struct vwhy w;
	struct fv v;
	int cnt, k;

	if (!nr || nd > PG_MAXD)
		return 0;
	memset(kinds + 3, 'S', nd + 7);
	parts_table_init(&p, kinds);
	rtable_head_span(&p.t, 3, "");
	rtable_head_span(&p.t, (int)nd, "GFLOP/s");
	rtable_head_span(&p.t, 7, "");
	rtable_head_end(&p.t);
	mem_heads(x, &p.t, (const char *const[]){"vers.t.version",
		  "=\\(n\\)", "vers.t.block", NULL});
	for (d = 0; d < nd; d++) {
		rbuf_free(&p.cell);
		rbuf_printf(&p.cell, "GPU~%zu", d + 1);
		rtable_head(&p.t, rbuf_str(&p.cell));
	}
	mem_heads(x, &p.t, tail);
	rtable_head_end(&p.t);
	for (i = 0; i < nr; i++) {
		const struct store_config *rc_ = rows[i].c->c;

		rbuf_free(&p.cell);
		mem_variant(&p.cell, rc_->variant);
		rtable_text(&p.t, rbuf_str(&p.cell));
		rbuf_free(&p.cell);
		rtable_int(&p.t, rc_->n);
		for (d = nd, first = NULL; d-- > 0;)	/* the first GPU's */
			if ((c[d] = versions_best(x, (int)d, rc_->suite,
						  rc_->variant, rc_->n, 0)))
				first = c[d];
		if (first && first->c->block_x > 0)
			block_label(first->c->block_x, first->c->block_y,
				    &p.cell);
		rtable_text(&p.t, p.cell.len ? rbuf_str(&p.cell) : "--");
		for (d = 0; d < nd; d++)
			if (!mem_cfg_num(x, &p.t, c[d],
					 cfg_gflops(c[d]), -1, 0, 0))
				p.seen |= rcfg_regime(x, c[d]);
		why_get(x, first, &w);
		for (k = 0; k < W_N; k++)	/* no grid stored: unknown */
			mem_num(&p.t, k == W_GRID && !w.v[k] ? NAN : w.v[k],
				k < W_INST || k == W_FFMA ? 0 : -1, 0, "");
		rtable_row_end(&p.t);
	}
	fv_init(&v);
	fv_int(&v, "SMS", versions_sms(x, 0));
	fv_emit(x, &p.cap, "vers.t.caption", &v);
	cnt = model_has_counters(x, VOCAB_SUITE_VERSIONS);
	fv_emit(x, &p.note, cnt ? "vers.t.note" : "vers.t.note_nocnt", &v);
	if (!cnt) {	/* measured without them, or why they are missing */
		rbuf_putc(&p.note, ' ');
		mem_counters_missing(x, -1, VOCAB_SUITE_VERSIONS,
				     "vers.t.cnt_none", "vers.t.cnt_unavail",
				     &p.note);
	}
	fv_free(&v);
	/* no mark on a rate (rcfg_marks) */
	regime_note(x, p.seen & ~RULE_L2, &p.note, NULL);
	return parts_table_emit(x, &p, 0, "versions-why", 0);
}
/* ---- findings ------------------------------------------------------------ */

#define VF(s, i) ((const struct versions_facts *)(s)->f[i])

/* Placeholder name of the whys w[0..s->n): value k of each, over that
 * of over[i] where over is set, as dvs_num writes them. */
static void why_num(const struct rctx *x, const struct dvs *s,
		    struct fv *v, const char *name, const struct vwhy *w,
		    const struct vwhy *over, int k, int sig)
{
	double val[PG_MAXD];
	int i;

	for (i = 0; i < s->n; i++)
		val[i] = w[i].v[k] / (over ? over[i].v[k] : 1);
	dvs_num(x, s, fv_put(v, name), val, sig, 0);
}

/* The why of the step s->item[] from a to b: a grid of fewer blocks
 * than SMs, then the counters, then the occupancy, where stored. */
static void step_why(struct rctx *x, const struct dvs *s, struct rbuf *why)
{
	/* b's over a's (ratio), else of a (0) or b (1) */
	static const struct { const char *name; int of, ratio, k, sig; }
	sw[] = {{"INST", 1, 1, W_INST, 3}, {"LD", 1, 1, W_LD, 3},
		{"DA", 0, 0, W_DRAM, 3}, {"DB", 1, 0, W_DRAM, 3},
		{"RA", 0, 0, W_REUSE, 3}, {"RB", 1, 0, W_REUSE, 3},
		{"OA", 0, 0, W_OCC, 2}, {"OB", 1, 0, W_OCC, 2}};
	const struct versions_pair *p = NULL;
	const struct rcfg *c[2] = {NULL, NULL};
	struct vwhy w[2][PG_MAXD];
	double sms[PG_MAXD];
	struct fv v;
	int i, k, idle[2] = {1, 1}, cnt = 1, occ = 1;

	fv_init(&v);
	for (i = 0; i < s->n; i++) {
		p = &VF(s, i)->step[s->item[i]];
		c[0] = p->a;
		c[1] = p->b;
		for (k = 0; k < 2; k++) {
			why_get(x, c[k], &w[k][i]);
			idle[k] &= !!(rcfg_regime(x, c[k]) & RULE_IDLE);
		}
		cnt &= isfinite(w[0][i].v[W_INST]) &&
		       isfinite(w[1][i].v[W_INST]);
		occ &= isfinite(w[0][i].v[W_OCC]) && w[1][i].limiter &&
		       w[0][i].v[W_OCC] != w[1][i].v[W_OCC];
		sms[i] = VF(s, i)->sms;
	}
	if (w[1][0].limiter)
		vers_limiter_put(x, w[1][0].limiter, fv_put(&v, "LIM"));
	dvs_num(x, s, fv_put(&v, "SMS"), sms, 0, 0);
	for (k = 0; k < 2; k++) {
		if (!idle[k])
			continue;
		mem_variant(fv_put(&v, "X"), c[k]->c->variant);
		why_num(x, s, &v, "GX", w[k], NULL, W_GRID, 0);
		fv_emit(x, why, "find.vers.why.idle", &v);
	}
	mem_variant(fv_put(&v, "A"), c[0]->c->variant);
	mem_variant(fv_put(&v, "B"), c[1]->c->variant);
	for (k = 0; k < (int)(sizeof(sw) / sizeof(sw[0])); k++)
		why_num(x, s, &v, sw[k].name, w[sw[k].of], sw[k].ratio ? w[0] :
			NULL, sw[k].k, sw[k].sig);
	if (cnt)
		fv_emit(x, why, "find.vers.why.cnt", &v);
	if (occ)
		fv_emit(x, why, "find.vers.why.occ", &v);
	fv_free(&v);
}

/* The step s->item[]: its words by the rule's verdict, the speed-up
 * (the effect of GFLOP/s, b over a) and the why. */
static int say_step(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct versions_pair *p = &VF(s, 0)->step[s->item[0]];
	const struct rcmp *r[PG_MAXD];
	char key[64];
	int i;

	if (!isfinite(p->cmp.ratio))
		return 0;
	mem_variant(fv_put(s->v, "A"), p->a->c->variant);
	mem_variant(fv_put(s->v, "B"), p->b->c->variant);
	fv_int(s->v, "N", p->n);
	for (i = 0; i < s->n; i++)
		r[i] = &VF(s, i)->step[s->item[i]].cmp;
	dvs_effect(x, s, fv_put(s->v, "EFF"), r, 0);
	step_why(x, s, fv_put(s->v, "WHY"));
	/* the rule's word for the verdict */
	snprintf(key, sizeof(key), "find.vers.step.%s", p->cmp.verdict ==
		 RULE_HIGHER ? "faster" : p->cmp.verdict == RULE_LOWER ?
		 "slower" : p->cmp.verdict == RULE_SAME ? "ns" :
		 p->cmp.ratio > 1 ? "higher" : "lower");
	fv_emit(x, out, key, s->v);
	return 0;
}

/* A configuration's version, size and block into V, N and B of v. */
static void cfg_put(const struct rcfg *c, struct fv *v)
{
	mem_variant(fv_put(v, "V"), c->c->variant);
	fv_int(v, "N", c->c->n);
	block_label(c->c->block_x, c->c->block_y, fv_put(v, "B"));
}

/* The fastest own configuration that counts (the same one on each
 * device): against the library (effect) and the peak, why (the FFMA
 * share of the instructions, the occupancy), and the faster point that
 * does not count, where one is. */
static int say_best(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	static const char *const vn[4] = {"G", "PREF", "PPEAK", "PEAK"};
	const struct versions_facts *f0 = VF(s, 0);
	double val[4][PG_MAXD];
	const struct rcmp *r[PG_MAXD];
	struct rbuf lim, *why;
	struct vwhy w[2][PG_MAXD];
	char key[64];
	int i, over = 0, ref = 1;

	if (!f0->best)
		return 0;
	rbuf_init(&lim);
	cfg_put(f0->best, s->v);
	for (i = 0; i < s->n; i++) {
		const struct versions_facts *fi = VF(s, i);

		why_get(x, fi->best, &w[0][i]);
		why_get(x, fi->best_ref.a, &w[1][i]);
		val[0][i] = cfg_gflops(fi->best);
		val[1][i] = fi->pct_ref;
		val[2][i] = fi->pct_peak;
		val[3][i] = fi->peak;
		over |= fi->over_peak;
		ref &= fi->best_ref.a != NULL;
		r[i] = &fi->best_ref.cmp;
	}
	vers_limiter_put(x, w[0][0].limiter, &lim);
	for (i = 0; i < 4; i++)	/* the rates to 4 digits, the shares to 3 */
		dvs_num(x, s, fv_put(s->v, vn[i]), val[i], 3 + !(i % 3), 0);
	dvs_effect(x, s, fv_put(s->v, "EFF"), r, 0);
	snprintf(key, sizeof(key), "vers.peak%d", f0->peak_which);
	fv_str(s->v, "PNAME", lang_get(x->L, key));
	if (ref)
		mem_variant(fv_put(s->v, "LIB"), f0->best_ref.a->c->variant);
	why = fv_put(s->v, "WHY");
	if (isfinite(w[0][0].v[W_FFMA]) && isfinite(w[1][0].v[W_FFMA])) {
		why_num(x, s, s->v, "FF", w[0], NULL, W_FFMA, 2);
		why_num(x, s, s->v, "FFL", w[1], NULL, W_FFMA, 2);
		fv_emit(x, why, "find.vers.why.ffma", s->v);
	}
	if (isfinite(w[0][0].v[W_OCC]) && lim.len) {
		why_num(x, s, s->v, "OCC", w[0], NULL, W_OCC, 2);
		fv_str(s->v, "LIM", rbuf_str(&lim));
		fv_emit(x, why, "find.vers.why.best_occ", s->v);
	}
	fv_emit(x, out, !ref ? "find.vers.best_noref" : over ?
		"find.vers.best_over" : "find.vers.best", s->v);
	fv_free(s->v);
	if (f0->fastest) {
		cfg_put(f0->fastest, s->v);
		for (i = 0; i < s->n; i++)
			val[0][i] = cfg_gflops(VF(s, i)->fastest);
		dvs_num(x, s, fv_put(s->v, "G"), val[0], 4, 0);
		i = (int)rcfg_regime(x, f0->fastest);
		fv_str(s->v, "WHY", lang_get(x->L, i & RULE_LAUNCH ?
			"regime.launch" : "regime.wave"));
		rbuf_putc(out, ' ');
		fv_emit(x, out, "find.vers.unsteady", s->v);
	}
	rbuf_free(&lim);
	return 0;
}

static int nsteps(const void *f)
{
	return (int)((const struct versions_facts *)f)->nsteps;
}

/* That some GPU has no point that counts as best; once. */
static int say_nosteady(struct rctx *x, const struct dvs *s,
			struct rbuf *out)
{
	int d;

	if (s->mask)	/* one finding over every GPU */
		return rbuf_putc(out, '#'), 0;
	for (d = 0; d < s->n && (VF(s, d)->best || !VF(s, d)->fastest); d++)
		;
	return d < s->n ? emit_string(x, out, "find.vers.nosteady", NULL, 0)
			: 0;
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
	size_t nv = versions_names_of(x, dev, VOCAB_SUITE_VERSIONS, &vv), i, j,
	       n, nn;
	double *xy = NULL, lo = INFINITY, hi = 0, y;
	int *ns = NULL, k = 0;

	n = nv + model_names(x, dev, VOCAB_SUITE_REFERENCE, &lib);
	n = n < RTABLE_MAXCOLS ? n : RTABLE_MAXCOLS;
	nn = model_ints(x, dev, VOCAB_SUITE_VERSIONS, NULL, 'n', &ns);
	rbufs_init(tt, RTABLE_MAXCOLS);
	if (!nn || !(xy = calloc(nn * (n + 1), sizeof(*xy))))
		goto out;
	for (i = 0; i < nn; i++)
		xy[i] = ns[i];
	for (j = 0; j < n; j++) {
		const char *v = j < nv ? vv[j] : lib[j - nv];

		for (i = 0; i < nn; i++) {
			y = cfg_gflops(versions_best(x, dev, j < nv ?
				VOCAB_SUITE_VERSIONS : VOCAB_SUITE_REFERENCE,
				v, ns[i], 0));
			xy[nn * (j + 1) + i] = y > 0 ? y : NAN;
			lo = y > 0 ? fmin(lo, y) : lo;
			hi = y > 0 ? fmax(hi, y) : hi;
		}
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
	rbuf_free(&ylab);
out:
	rbufs_free(tt, RTABLE_MAXCOLS);
	free(xy);
	free(ns);
	free(vv);
	free(lib);
	return k;
}

/* The figures of every GPU, side by side in pairs. */
static const struct figdevs perf_figures = {perf_figure, 12, 7.5, 7.9, 6.8,
	"vers.fig_caption", "versions-perf-%d", 2};

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
		rc = frag_put(x, &x->body, "listing", &lv, 1);
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
		if (i == x->ncfgs)
			continue;
		if (x->ndevs > 1) {	/* with one, the title names it */
			rbuf_free(&h);
			dev_label(x, (int)d, &h);
			emit_heading(x, 2, rbuf_str(&h));
		}
		problems_list(x, (int)d, VOCAB_SUITE_VERSIONS, variant);
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
	size_t nv = versions_names_of(x, -1, VOCAB_SUITE_VERSIONS, &vv), i;
	struct rfind items;
	struct fv v;
	struct kv t;

	find_init(&items);
	fv_init(&v);
	for (i = 0; i < nv; i++) {
		rbuf_put_tex(fv_put(&v, "NAME"), vv[i], 0);
		kernel_desc(x, vv[i], fv_put(&v, "DESC"));
		find_add(x, &items, "vers.item", fv_kv(&v), v.n);
	}
	if (items.n) {
		t = (struct kv){"ITEMS", rbuf_str(&items.items)};
		frag_put(x, &x->body, "list", &t, 1);
	}
	find_free(&items);
	fv_free(&v);
	free(vv);
}

/* What to take away: the largest step on the first GPU and the best
 * against the library, from the facts the findings state; once. */
static int say_take(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct versions_facts *f = VF(s, 0);
	const struct versions_pair *top = NULL;
	size_t i;

	if (s->mask)	/* one take-away, the first GPU's */
		return rbuf_putc(out, '#'), 0;
	for (i = 0; i < f->nsteps; i++)
		if (f->step[i].cmp.verdict == RULE_HIGHER &&
		    (!top || f->step[i].cmp.ratio > top->cmp.ratio))
			top = &f->step[i];
	if (f->dev || !top || !f->best || !isfinite(f->pct_ref))
		return 0;
	mem_variant(fv_put(s->v, "A"), top->a->c->variant);
	mem_variant(fv_put(s->v, "B"), top->b->c->variant);
	fv_num(s->v, "R", top->cmp.ratio, 3);
	mem_variant(fv_put(s->v, "V"), f->best->c->variant);
	fv_num(s->v, "PREF", f->pct_ref, 3);
	return fv_emit(x, out, "vers.takeaway", s->v);
}

/* After the intro: each version in a sentence, then the table and the
 * figures. */
static int vers_show(struct rctx *x, const struct mem_devs *md)
{
	versions_list(x);
	return why_table(x, (const void *const *)md->f, md->nd) ||
	       figpair_devs(x, &perf_figures, NULL, (int)x->ndevs) ?
	       -1 : 0;
}

/* Text dense with numbers and long words (Polish, German): TeX may
 * stretch a line's spaces rather than push a word into the margin; the
 * group ends with the section. */
#define VERS_GROUP "\\begingroup\\setlength{\\emergencystretch}{3em}\n"

int sec_versions(struct rctx *x)
{
	static const struct dvs_find say[] = {{say_step, nsteps},
		{say_best, NULL}, {say_nosteady, NULL}};
	/* the failed configurations are listed by kernel in the appendix */
	static const struct mem_spec d = {.suite = VOCAB_SUITE_VERSIONS,
		.fsize = sizeof(struct versions_facts),
		.facts = facts_versions, .draw = vers_show, .say = say,
		.nsay = MEM_N(say), .take = say_take, .noproblems = 1};
	int rc;

	rbuf_puts(&x->body, VERS_GROUP);
	rc = mem_run(x, &d);
	rbuf_puts(&x->body, "\\endgroup\n");
	return rc;
}

/* The appendix: each version's description and source. */
int app_versions(struct rctx *x)
{
	const char **vv = NULL;
	size_t nv, i;
	int rc = 0;

	rbuf_puts(&x->body, VERS_GROUP);
	emit_heading(x, 0, lang_get(x->L, "versions.app_title"));
	rbuf_puts(&x->body, "\\label{app:versions}\n");
	if (!model_has_suite(x, -1, VOCAB_SUITE_VERSIONS)) {
		emit_par(x, lang_get(x->L, "versions.absent"));
	} else {
		emit_par(x, lang_get(x->L, "vers.app_intro"));
		nv = versions_names_of(x, -1, VOCAB_SUITE_VERSIONS, &vv);
		for (i = 0; i < nv && !rc; i++)
			rc = kernel_part(x, vv[i]);
		free(vv);
	}
	rbuf_puts(&x->body, "\\endgroup\n");
	return rc;
}
