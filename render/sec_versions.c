/* The `versions` suite (report P). The main body: the versions in a
 * paragraph each, one occupancy table across versions and block sizes,
 * per GPU one table per metric across the versions and the library at
 * their best block size, a figure, and findings computed from the data
 * (facts_versions.c). The appendix: per version its description, the
 * source trimmed to the kernel, report P's occupancy table and every
 * configuration's numbers. A table that is the same on every GPU is
 * shown once. */
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

static int is_time_unit(const char *u)
{
	return u && (!strcmp(u, "ms") || !strcmp(u, "s") ||
		     !strcmp(u, "us"));
}

static double prop_num(const struct store_device *d, const char *key)
{
	const struct store_prop *p = model_prop(d, key);

	return p && p->has_num ? p->num : NAN;
}

/* The next configuration of the versions after *i (start at 0) on
 * device dev (< 0: any) of variant (NULL: any); NULL at the end. */
static const struct rcfg *vcfg_next(const struct rctx *x, int dev,
				    const char *variant, size_t *i)
{
	while (*i < x->ncfgs) {
		const struct rcfg *r = &x->cfgs[(*i)++];

		if ((dev < 0 || r->dev == dev) &&
		    !strcmp(r->c->suite, VOCAB_SUITE_VERSIONS) &&
		    (!variant || !strcmp(r->c->variant, variant)))
			return r;
	}
	return NULL;
}

/* The unit metric was stored with on device dev by variant of the
 * versions (NULL: any version or library); NULL if absent. */
static const char *stat_unit(const struct rctx *x, int dev,
			     const char *variant, const char *metric)
{
	const struct store_stat *st;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];
		const char *s = r->c->suite;

		if (r->dev != dev || (variant ?
		    strcmp(s, VOCAB_SUITE_VERSIONS) ||
		    strcmp(r->c->variant, variant) :
		    strcmp(s, VOCAB_SUITE_VERSIONS) &&
		    strcmp(s, VOCAB_SUITE_REFERENCE)))
			continue;
		if ((st = rcfg_stat(r, metric)))
			return st->unit;
	}
	return NULL;
}

/* measure names the limiting resources as a list ("warps, registers"
 * when two limits tie); each is translated from prefix.NAME, joined by
 * sep. */
static void limiter_text(const struct rctx *x, const char *lim,
			 const char *prefix, const char *sep, struct rbuf *b)
{
	char one[64];
	size_t len;

	if (!lim || !*lim)
		rbuf_puts(b, "--");
	while (lim && *lim) {
		len = strcspn(lim, ",");
		snprintf(one, sizeof(one), "%.*s", (int)len, lim);
		lang_name_put(x, prefix, one, 0, b);
		lim += len;
		if (*lim == ',') {
			rbuf_puts(b, sep);
			lim++;
		}
		while (*lim == ' ')
			lim++;
	}
}

/* A session that measured (dev, variant, block): its kernel attributes
 * describe the kernel the table shows. */
static const struct store_kattr *kattr_for(const struct rctx *x, int dev,
					   const char *variant, int block)
{
	const struct store_kattr *a = NULL;
	const struct rcfg *r;
	size_t i = 0;

	while (!a && (r = vcfg_next(x, dev, variant, &i)))
		if (r->c->block_x == block)
			a = model_kattr(x, r->c->session_id, variant, block);
	return a;
}

/* The regime bits every ok configuration of the versions on device
 * dev shares (only RG_L2 is considered: these products fit the cache
 * up to a size far beyond the sweep): a mark on every cell says
 * nothing that a sentence under the table cannot. */
static unsigned regime_common(const struct rctx *x, int dev)
{
	const struct rcfg *r;
	size_t i = 0;
	int any = 0;

	while ((r = vcfg_next(x, dev, NULL, &i))) {
		if (!rcfg_ok(r))
			continue;
		if (!(rcfg_regime(x, r) & RG_L2))
			return 0;
		any = 1;
	}
	return any ? RG_L2 : 0;
}

/* Appends the marks of the regime c ran in, less the bits in common,
 * to the cell just written (the table's last cell); *seen collects the
 * bits marked. The marks follow the number as siunitx's text-post, and
 * the column reserves room for one mark (table.c's mark flag). */
static void marks_put(const struct rctx *x, struct rtable *t,
		      const struct rcfg *c, unsigned common, unsigned *seen)
{
	struct rbuf m;
	unsigned rg;

	if (!c || t->col < 1)
		return;
	rg = rcfg_regime(x, c);
	rbuf_init(&m);
	regime_marks(x, rg & ~common, &m);
	if (m.len) {
		/* the column keeps the room of one \nsmark; a mark as wide
		 * as two reaches into the gap between columns instead of
		 * widening the cell past what siunitx reserved */
		rbuf_printf(&t->body, "\\rlap{%s}", rbuf_str(&m));
		t->mark[t->col - 1] = 1;
		*seen |= (rg & ~common) | (rg & RG_DERIVED);
	}
	rbuf_free(&m);
}

/* A numeric cell (4 significant figures) with the marks of c's
 * regime. */
static void num_marked(const struct rctx *x, struct rtable *t, double v,
		       const struct rcfg *c, unsigned common,
		       unsigned *seen)
{
	rtable_num(t, v, -1, 0);
	if (isfinite(v))
		marks_put(x, t, c, common, seen);
}

/* The note under a table with marks: what the marks seen mean, and the
 * regime every configuration shares. */
static void regime_text(struct rctx *x, unsigned seen, unsigned common,
			struct rbuf *b)
{
	regime_note(x, seen, b);
	if (common & RG_L2) {
		if (b->len)
			rbuf_putc(b, ' ');
		rbuf_puts(b, lang_get(x->L, "vers.all_l2"));
	}
}

/* ---- tables of one GPU, or the same on every GPU and shown once --------- */

/* Writes one device's part; shared: for every GPU at once (captions
 * and anchors name no device). Must not draw figures: a part may be
 * written twice. */
typedef int (*part_fn)(struct rctx *x, int dev, int shared, void *arg);

/* Writes part for each device; when two or more devices write it and
 * every text is the same, once for all of them. */
static int emit_once(struct rctx *x, part_fn part, void *arg)
{
	struct rbuf save = x->body;
	char *first = NULL, *has = calloc(x->ndevs + 1, 1);
	size_t d, nw = 0;
	int rc = has ? 0 : -1, same = 1;

	for (d = 0; d < x->ndevs && !rc; d++) {
		rbuf_init(&x->body);
		rc = part(x, (int)d, 1, arg);
		if ((has[d] = x->body.len > 0) && nw++)
			same &= first && !strcmp(first, rbuf_str(&x->body));
		else if (has[d])
			first = rbuf_take(&x->body);
		rbuf_free(&x->body);
	}
	x->body = save;
	if (!rc && nw > 1 && same)
		rbuf_puts(&x->body, first);
	else
		for (d = 0; d < x->ndevs && !rc; d++)
			rc = has[d] ? part(x, (int)d, 0, arg) : 0;
	free(first);
	free(has);
	return rc;
}

/* A table of one GPU being built: the table, the values of its
 * caption's string, its note and one text cell; part_table emits and
 * releases it. */
struct vtab {
	struct rtable t;
	struct fv v;
	struct rbuf note, cell;
};

/* Starts b with columns of kinds, or (kinds NULL) one of kind first
 * and n numbers. */
static void vtab_init(struct vtab *b, const char *kinds, char first,
		      size_t n)
{
	char k[RTABLE_MAXCOLS + 1];

	k[0] = first;
	memset(k + 1, 'S', n);
	k[n + 1] = '\0';
	rtable_init(&b->t, kinds ? kinds : k);
	fv_init(&b->v);
	rbuf_init(&b->note);
	rbuf_init(&b->cell);
}

/* Writes b's cell buffer as the next text cell and empties it. */
static void vtab_text(struct vtab *b)
{
	rtable_text(&b->t, rbuf_str(&b->cell));
	rbuf_free(&b->cell);
}

/* The header of a table by block size: first (LaTeX) above the row
 * labels, the blocks bx[i] x by[i] (by NULL: square) under one spanning
 * "block size", and last (a string key; NULL: none) after them. */
static void blocks_head(const struct rctx *x, struct vtab *b,
			const char *first, const int *bx, const int *by,
			size_t nb, const char *last)
{
	struct rtable *t = &b->t;
	size_t i;

	/* the block sizes under one spanning header: narrow columns */
	rtable_head_span(t, 1, "");
	rtable_head_span(t, (int)nb, lang_get(x->L, "word.block_size"));
	if (last)
		rtable_head_span(t, 1, "");
	rtable_head_end(t);
	rtable_head(t, first);
	for (i = 0; i < nb; i++) {
		block_label(bx[i], by ? by[i] : bx[i], &b->cell);
		rtable_head(t, rbuf_str(&b->cell));
		rbuf_free(&b->cell);
	}
	if (last)
		rtable_head(t, lang_get(x->L, last));
	rtable_head_end(t);
}

/* Emits table b of one GPU (shared: of every GPU, see part_fn) with
 * its note, captioned by string key with b's values and @@DEV@@ (the
 * device, or "the same on every GPU"), anchored "KIND dev=ID" and the
 * variant and metric where not NULL; label (NULL: none) follows the
 * caption. Releases b. Returns 0, or -1 on a template error. */
static int part_table(struct rctx *x, int dev, int shared, struct vtab *b,
		      const char *kind, const char *variant,
		      const char *metric, const char *key, const char *label)
{
	struct rbuf *dl = fv_put(&b->v, "DEV"), cap, *anc = &b->cell;
	int rc;

	rbuf_init(&cap);
	rbuf_free(anc);
	if (shared) {
		rbuf_putc(dl, ' ');
		rbuf_puts(dl, lang_get(x->L, "vers.every_gpu"));
	} else {
		dev_suffix(x, dev, dl);
	}
	fv_emit(x, &cap, key, &b->v);
	if (label)
		rbuf_printf(&cap, "\\label{%s}", label);
	if (shared)
		rbuf_printf(anc, "%s dev=all", kind);
	else
		rbuf_printf(anc, "%s dev=%lld", kind,
			    (long long)x->devs[dev]->id);
	if (variant)
		rbuf_printf(anc, " variant=%s", variant);
	if (metric)
		rbuf_printf(anc, " metric=%s", metric);
	rc = emit_table(x, &b->t, rbuf_str(&cap), rbuf_str(anc),
			rbuf_str(&b->note));
	rtable_free(&b->t);
	fv_free(&b->v);
	rbuf_free(&b->note);
	rbuf_free(&b->cell);
	rbuf_free(&cap);
	return rc;
}

/* ---- report P's occupancy table (appendix) ------------------------------ */

/* A row of report P's occupancy table: its label (the string
 * "occ.NAME"), a thin gap above where it opens a group, the field of
 * struct store_kattr at off and how a cell shows it (how: 'i' the int
 * as it is, '%' the 0..1 double in per cent, 'w' the int, a thread
 * count, in whole warps, 'b' the int per thread times threads per
 * block, 'l' the string naming the limits, translated), and where the
 * GPU's limit in the last column comes from (lim: 0 none, '%' 100 %,
 * else the device property prop: 'p' as it is, 'B' in bytes, 'w' in
 * warps). */
struct occ_row {
	const char *name;
	int gap;
	char how;
	size_t off;
	char lim;
	const char *prop;
};

#define OCC_FIELD(f) offsetof(struct store_kattr, f)

/* Report P's rows, in its order and groups: what is active on an SM,
 * then the resources a block takes and how many blocks each allows. */
static const struct occ_row occ_rows[] = {
	{"active_blocks", 0, 'i', OCC_FIELD(active_blocks), 'p',
	 "max_blocks_per_sm"},
	{"active_warps", 0, 'i', OCC_FIELD(active_warps), 'w',
	 "max_threads_per_sm"},
	{"active_threads", 0, 'i', OCC_FIELD(active_threads), 'p',
	 "max_threads_per_sm"},
	{"occupancy", 0, '%', OCC_FIELD(occupancy), '%', NULL},
	{"threads_per_block", 1, 'i', OCC_FIELD(threads_per_block), 'p',
	 "max_threads_per_block"},
	{"warps_per_block", 0, 'w', OCC_FIELD(threads_per_block), 0, NULL},
	{"limit_warps", 0, 'i', OCC_FIELD(limit_warps), 0, NULL},
	{"regs_per_thread", 1, 'i', OCC_FIELD(regs_per_thread), 0, NULL},
	{"regs_per_block", 0, 'b', OCC_FIELD(regs_per_thread), 'p',
	 "regs_per_block"},
	{"limit_regs", 0, 'i', OCC_FIELD(limit_regs), 0, NULL},
	{"smem_per_block", 1, 'i', OCC_FIELD(static_smem), 'B',
	 "shared_mem_per_block"},
	{"limit_smem", 0, 'i', OCC_FIELD(limit_smem), 0, NULL},
	{"limit_blocks", 0, 'i', OCC_FIELD(limit_blocks), 'p',
	 "max_blocks_per_sm"},
	{"limiter", 1, 'l', OCC_FIELD(limiter), 0, NULL},
};

/* The cell of row r for the attributes k of one block size. */
static void occ_cell_put(const struct rctx *x, struct vtab *b,
			 const struct occ_row *r, const struct store_kattr *k,
			 double warp)
{
	const char *f = (const char *)k + r->off;
	int i = r->how == '%' || r->how == 'l' ? 0 : *(const int *)f;

	if (r->how == '%') {
		rtable_num(&b->t, 100.0 * *(const double *)f, 1, 0);
	} else if (r->how == 'l') {
		/* one limit a line: tied limits side by side would widen
		 * the column past the page */
		rbuf_puts(&b->cell, "\\begin{tabular}[t]{@{}c@{}}");
		limiter_text(x, *(char *const *)f, "limiter", ",\\\\",
			     &b->cell);
		rbuf_puts(&b->cell, "\\end{tabular}");
		vtab_text(b);
	} else {
		rtable_int(&b->t, r->how == 'w' ? (long long)ceil(i / warp) :
			   r->how == 'b' ? (long long)i * k->threads_per_block :
			   i);
	}
}

/* The GPU's limit of row r on device d; NAN (printed "--") for none. */
static double occ_limit_get(const struct store_device *d,
			    const struct occ_row *r, double warp)
{
	if (!r->lim || r->lim == '%')
		return r->lim ? 100 : NAN;
	if (r->lim == 'B')
		return model_prop_bytes(d, r->prop);
	return prop_num(d, r->prop) / (r->lim == 'w' ? warp : 1);
}

/* The configuration of (dev, variant, block) measured at the largest
 * size (ok ones only: a skipped size launched nothing); NULL when
 * none. */
static const struct rcfg *cfg_largest(const struct rctx *x, int dev,
				      const char *variant, int block)
{
	const struct rcfg *c = NULL, *r;
	size_t i = 0;

	while ((r = vcfg_next(x, dev, variant, &i)))
		if (rcfg_ok(r) && (block < 0 || r->c->block_x == block) &&
		    (!c || r->c->n > c->c->n))
			c = r;
	return c;
}

/* Under the occupancy table: where the grid leaves SMs idle, so that
 * the per-SM occupancy is not read as the GPU's. */
static void occ_grid_note(struct rctx *x, int dev, const char *variant,
			  const int *blocks, size_t nb, struct rbuf *text)
{
	int sms = versions_sms(x, dev);
	long long g, gmax = 0;
	const struct rcfg *c;
	size_t i;
	struct fv v;

	if (!sms)
		return;
	fv_init(&v);
	rbuf_put_tex(fv_put(&v, "V"), variant, 0);
	fv_int(&v, "SMS", sms);
	for (i = 0; i < nb; i++) {
		g = rcfg_grid(cfg_largest(x, dev, variant, blocks[i]));
		gmax = g > gmax ? g : gmax;
	}
	for (i = 0; i < nb; i++) {
		c = cfg_largest(x, dev, variant, blocks[i]);
		g = rcfg_grid(c);
		if (gmax != 1 && (!g || g >= sms))
			continue;
		fv_int(&v, "N", c ? c->c->n : 0);
		fv_int(&v, "GRID", g);
		fv_int(&v, "USED", g);
		block_label(blocks[i], blocks[i], fv_put(&v, "BLOCK"));
		fv_emit(x, text, gmax == 1 ? "vers.occ_grid_one" :
			"vers.occ_grid_few", &v);
		rbuf_putc(text, ' ');
		if (gmax == 1)
			break;
	}
	fv_free(&v);
}

/* Report P's occupancy table of one version: one column per block size
 * and the GPU's limits in the last; the text under it names the
 * limiting factor and where the grid leaves SMs idle. */
static int occ_part(struct rctx *x, int dev, int shared, void *arg)
{
	const char *variant = arg;
	const struct store_device *d = x->devs[dev];
	const struct store_kattr *a[RTABLE_MAXCOLS];
	int by[RTABLE_MAXCOLS], *blocks = NULL, rc;
	double warp = prop_num(d, "warp_size");
	struct vtab t;
	struct rbuf text;
	size_t i, r, nb, any = 0;
	char num[32];

	nb = model_ints(x, dev, VOCAB_SUITE_VERSIONS, variant, NULL, 'b',
			&blocks);
	if (nb > RTABLE_MAXCOLS - 2)
		nb = RTABLE_MAXCOLS - 2;
	for (i = 0; i < nb; i++) {
		a[i] = kattr_for(x, dev, variant, blocks[i]);
		by[i] = a[i] ? a[i]->block_y : blocks[i];
		any += a[i] != NULL;
	}
	if (nb && !any)
		emit_par(x, lang_get(x->L, "occ.none"));
	if (!any) {
		free(blocks);
		return 0;
	}
	if (!isfinite(warp) || warp <= 0)
		warp = 32;
	vtab_init(&t, NULL, 'l', nb + 1);
	blocks_head(x, &t, lang_get(x->L, "occ.quantity"), blocks, by, nb,
		    "occ.gpu_limit");
	for (r = 0; r < sizeof(occ_rows) / sizeof(occ_rows[0]); r++) {
		const struct occ_row *row = &occ_rows[r];

		if (row->gap)
			rtable_gap(&t.t);
		lang_name_put(x, "occ", row->name, 0, &t.cell);
		vtab_text(&t);
		for (i = 0; i < nb; i++) {
			if (a[i])
				occ_cell_put(x, &t, row, a[i], warp);
			else
				rtable_text(&t.t, "--");
		}
		rtable_num(&t.t, occ_limit_get(d, row, warp),
			   row->how == '%', 0);
		rtable_row_end(&t.t);
	}
	rbuf_put_tex(fv_put(&t.v, "NAME"), variant, 0);
	rbuf_puts(&t.note, lang_get(x->L, "occ.note"));
	rc = part_table(x, dev, shared, &t, "occupancy", variant, NULL,
			"occ.caption", NULL);
	/* the limiting factor, in words */
	rbuf_init(&text);
	for (i = 0; i < nb; i++) {
		if (!a[i])
			continue;
		block_label(blocks[i], a[i]->block_y, fv_put(&t.v, "BLOCK"));
		limiter_text(x, a[i]->limiter, "limiter", ", ",
			     fv_put(&t.v, "LIMITER"));
		render_fixed_format(100.0 * a[i]->occupancy, 1, num,
				    sizeof(num));
		rbuf_printf(fv_put(&t.v, "OCC"), "\\num{%s}", num);
		fv_emit(x, &text, "occ.limited_by", &t.v);
		rbuf_putc(&text, ' ');
	}
	occ_grid_note(x, dev, variant, blocks, nb, &text);
	emit_par(x, rbuf_str(&text));
	rbuf_free(&text);
	fv_free(&t.v);
	free(blocks);
	return rc;
}

/* ---- the main body's occupancy table ------------------------------------ */

/* An integer cell, "--" for 0 (unknown). */
static void int_or_dash(struct rtable *t, long long v)
{
	if (v)
		rtable_int(t, v);
	else
		rtable_text(t, "--");
}

/* The row of (variant, block) of device dev: first names the
 * version. */
static void occ_main_row(struct rctx *x, struct vtab *b, int dev,
			 const char *variant, int block, int first,
			 unsigned common, unsigned *seen)
{
	const struct store_kattr *a = kattr_for(x, dev, variant, block);
	const struct rcfg *c = cfg_largest(x, dev, variant, block);
	long long g = rcfg_grid(c);
	int sms = versions_sms(x, dev), k;
	struct rtable *t = &b->t;

	if (first)
		mem_variant(&b->cell, variant);
	vtab_text(b);
	block_label(block, a ? a->block_y : block, &b->cell);
	vtab_text(b);
	if (a) {
		rtable_int(t, a->regs_per_thread);
		rtable_int(t, a->static_smem);
		rtable_int(t, a->active_blocks);
		rtable_num(t, 100.0 * a->occupancy, 0, 0);
		limiter_text(x, a->limiter, "vers.lim", "/", &b->cell);
		vtab_text(b);
	}
	for (k = 0; !a && k < 5; k++)
		rtable_text(t, "--");
	int_or_dash(t, c ? c->c->n : 0);
	int_or_dash(t, g);
	int_or_dash(t, g && sms ? (g < sms ? g : sms) : 0);
	if (g && sms)
		marks_put(x, t, c, common, seen);
	rtable_row_end(t);
}

/* One row per version and block size: registers, shared memory, blocks
 * per SM, occupancy and its limit, and what the grid of the largest
 * size uses of the GPU (v1's one block fills one SM of all). */
static int occ_main_part(struct rctx *x, int dev, int shared, void *arg)
{
	static const char *const heads[] = {
		"vers.occ.version", "vers.occ.block", "vers.occ.regs",
		"vers.occ.smem", "vers.occ.blocks", "vers.occ.occ",
		"vers.occ.limit", "=\\(n\\)", "vers.occ.grid", "vers.occ.sms",
		NULL
	};
	const char **vv = NULL;
	struct vtab t;
	size_t nv = versions_names(x, dev, &vv), i, j, rows = 0;
	int sms = versions_sms(x, dev), rc = 0, *blocks;
	unsigned seen = 0, common = regime_common(x, dev);

	(void)arg;
	/* the limit wraps: a stored limiter is free text of any length */
	vtab_init(&t, "llSSSSXSSS", 0, 0);
	mem_heads(x, &t.t, heads);
	rtable_head_end(&t.t);
	for (i = 0; i < nv; i++) {
		size_t nb = model_ints(x, dev, VOCAB_SUITE_VERSIONS, vv[i],
				       NULL, 'b', &blocks);

		rtable_gap(&t.t);
		for (j = 0; j < nb; j++, rows++)
			occ_main_row(x, &t, dev, vv[i], blocks[j], !j, common,
				     &seen);
		free(blocks);
	}
	if (sms)
		fv_int(&t.v, "SMS", sms);
	else
		fv_str(&t.v, "SMS", "--");
	fv_emit(x, &t.note, "vers.occ_note", &t.v);
	if (seen & ~RG_DERIVED)
		rbuf_putc(&t.note, ' ');
	regime_note(x, seen, &t.note);
	if (rows)
		rc = part_table(x, dev, shared, &t, "versions-occupancy", NULL,
				NULL, "vers.occ_caption", NULL);
	rtable_free(&t.t);
	fv_free(&t.v);
	rbuf_free(&t.note);
	free(vv);
	return rc;
}

/* ---- the main body's tables across the versions ------------------------- */

/* What the tables of one GPU show: the columns, the own versions then
 * the library (the reference suite), and per size and column the best
 * configuration (by GFLOP/s), so that every metric's table shows the
 * same configurations. */
struct vgrid {
	size_t n;		/* columns */
	const char *suite[RTABLE_MAXCOLS], *variant[RTABLE_MAXCOLS];
	int *ns;
	size_t nn;
	const struct rcfg **cfg;	/* [nn * n] */
	unsigned common;		/* regime bits every cell shares */
};

static int vgrid_get(const struct rctx *x, int dev, struct vgrid *g)
{
	static const char *const suites[] = {
		VOCAB_SUITE_VERSIONS, VOCAB_SUITE_REFERENCE
	};
	const char **vv;
	size_t s, i, j, n;

	memset(g, 0, sizeof(*g));
	for (s = 0; s < 2; s++) {
		vv = NULL;
		n = s ? model_names(x, dev, suites[s], NULL, 'v', &vv) :
		    versions_names(x, dev, &vv);
		for (i = 0; i < n && g->n < RTABLE_MAXCOLS - 1; i++) {
			g->suite[g->n] = suites[s];
			g->variant[g->n++] = vv[i];
		}
		free(vv);
	}
	g->nn = model_ints(x, dev, VOCAB_SUITE_VERSIONS, NULL, NULL, 'n',
			   &g->ns);
	g->cfg = calloc(g->nn * g->n + 1, sizeof(*g->cfg));
	if (!g->cfg)
		return -1;
	/* what every cell shown shares, the library's included */
	g->common = RG_L2;
	for (i = 0; i < g->nn; i++)
		for (j = 0; j < g->n; j++) {
			const struct rcfg *c = versions_best(x, dev,
				g->suite[j], g->variant[j], g->ns[i], 0);

			g->cfg[i * g->n + j] = c;
			if (c && !(rcfg_regime(x, c) & RG_L2))
				g->common = 0;
		}
	return 0;
}

static void vgrid_free(struct vgrid *g)
{
	free(g->ns);
	free(g->cfg);
}

/* The half-width of the median's 95 % interval in per cent of the
 * median (the larger side: the interval is not symmetric); NAN when
 * the samples are not stored. -1 when the store fails. */
static int ci_half(struct rctx *x, const struct rcfg *c, const char *metric,
		   double *half)
{
	double med, lo, hi;

	*half = NAN;
	if (rcfg_median_ci(x, c, metric, &med, &lo, &hi))
		return rcfg_stat(c, metric) ? -1 : 0;
	if (isfinite(lo) && isfinite(hi) && med != 0)
		*half = 100 * fmax(med - lo, hi - med) / fabs(med);
	return 0;
}

/* The second line under a row of best_table: each cell's block size
 * (blocks) and the half-width h of its median's interval. */
static void best_line2(struct vtab *b, const struct vgrid *g, size_t i,
		       const double *half, int blocks)
{
	struct rbuf sub;
	size_t j;
	char num[32];

	rbuf_init(&sub);
	rtable_text(&b->t, "");
	for (j = 0; j < g->n; j++) {
		const struct rcfg *c = g->cfg[i * g->n + j];
		double h = half[i * g->n + j];

		if (c && blocks && c->c->block_x > 0)
			block_label(c->c->block_x, c->c->block_y, &sub);
		if (isfinite(h)) {
			render_sig_format(h, 2, num, sizeof(num));
			rbuf_printf(&sub, "%s\\(\\pm\\)%s\\,\\%%",
				    sub.len ? " " : "", num);
		}
		if (sub.len)
			rbuf_printf(&b->cell, "\\scriptsize\\color{gray}%s",
				    rbuf_str(&sub));
		vtab_text(b);
		rbuf_free(&sub);
	}
	rtable_row_end(&b->t);
}

/* The rows of best_table: per size each column's median of metric with
 * its marks (*seen collects them), and where a cell has a block size
 * (blocks) or an interval, a second line. */
static void best_rows(struct rctx *x, struct vtab *b, int dev,
		      const struct vgrid *g, const char *metric,
		      const double *half, int blocks, unsigned *seen)
{
	struct rtable *t = &b->t;
	size_t i, j;
	int line2;
	char num[16];

	for (i = 0; i < g->nn; i++) {
		snprintf(num, sizeof(num), "%d", g->ns[i]);
		rtable_text(t, num);
		for (j = 0, line2 = 0; j < g->n; j++) {
			const struct rcfg *c = g->cfg[i * g->n + j];

			if (!c) {
				cell_status(x, t, model_find(x, dev,
					g->suite[j], g->variant[j], NULL,
					g->ns[i], -1, -1));
				continue;
			}
			num_marked(x, t, rcfg_median(c, metric), c,
				   g->common, seen);
			line2 |= (blocks && c->c->block_x > 0) ||
				 isfinite(half[i * g->n + j]);
		}
		rtable_row_end(t);
		if (line2)
			best_line2(b, g, i, half, blocks);
	}
}

/* The table's note: the intervals and the marks; the tables after the
 * first (blocks unset) refer to the first's. */
static void best_note(struct rctx *x, const struct vgrid *g, int blocks,
		      int ci_any, int ci_miss, unsigned seen, struct fv *v,
		      struct rbuf *note)
{
	struct rbuf rg;

	if (!blocks) {
		fv_emit(x, note, ci_any ? "vers.note_same_ci" :
			"vers.note_same", v);
		return;
	}
	rbuf_puts(note, lang_get(x->L, !ci_any ? "vers.ci_none" : ci_miss ?
				 "vers.ci_some" : "vers.ci_note"));
	if (!seen && !g->common)
		return;
	rbuf_init(&rg);
	regime_text(x, seen, g->common, &rg);
	if (rg.len && note->len)
		rbuf_putc(note, ' ');
	rbuf_puts(note, rbuf_str(&rg));
	rbuf_free(&rg);
}

/* A table of metric: rows = size, columns = the versions and the
 * library at their best block (the same configurations for every
 * metric); a second line under each row gives the block size (blocks)
 * and the median's interval (when the samples are stored). */
static int best_table(struct rctx *x, int dev, int shared,
		      const struct vgrid *g, const char *metric, int blocks)
{
	const char *unit = stat_unit(x, dev, NULL, metric);
	size_t i, j, lo = 0, hi = 0, nc = g->nn * g->n;
	int rc = 0, ci_any = 0, ci_miss = 0, has = 0;
	int counter = metric_is_counter(metric);
	unsigned seen = 0;
	struct rbuf lab;
	struct vtab t;
	double *half;

	if (!unit || !g->n || !g->nn)
		return 0;
	half = calloc(nc, sizeof(*half));
	for (i = 0; half && i < nc && !rc; i++) {
		const struct store_stat *s = rcfg_stat(g->cfg[i], metric);

		half[i] = NAN;
		if (!s)
			continue;
		has = 1;
		lo = !lo || s->s.n < lo ? s->s.n : lo;
		hi = s->s.n > hi ? s->s.n : hi;
		if (counter)
			continue;
		rc = ci_half(x, g->cfg[i], metric, &half[i]);
		ci_any |= isfinite(half[i]);
		ci_miss |= !isfinite(half[i]);
	}
	if (!half || rc || !has) {
		free(half);
		return half ? rc : -1;
	}
	vtab_init(&t, NULL, 'r', g->n);
	rbuf_init(&lab);
	rtable_head(&t.t, "\\(n\\)");
	for (j = 0; j < g->n; j++)
		mem_head_variant(&t.t, g->variant[j]);
	rtable_head_end(&t.t);
	best_rows(x, &t, dev, g, metric, half, blocks, &seen);
	metric_label(x, metric, unit, fv_put(&t.v, "METRIC"));
	/* "median of 1 sample", "mediana z 3 próbek": the language's form */
	label_count_put(x, "word.samples_of", (long long)lo, (long long)hi,
			fv_put(&t.v, "SAMPLES"));
	rbuf_puts(&lab, "tab:versions-best-");
	if (shared)
		rbuf_puts(&lab, "all");
	else
		rbuf_printf(&lab, "%lld", (long long)x->devs[dev]->id);
	rbuf_printf(fv_put(&t.v, "REF"), "\\ref{%s}", rbuf_str(&lab));
	fv_str(&t.v, "LABEL", rbuf_str(&lab));
	best_note(x, g, blocks, ci_any, ci_miss, seen, &t.v, &t.note);
	rc = part_table(x, dev, shared, &t, "versions-best", NULL, metric,
			counter ? "vers.tab_counter" : blocks ?
			"vers.tab_best" : "vers.tab_same",
			blocks ? rbuf_str(&lab) : NULL);
	rbuf_free(&lab);
	free(half);
	return rc;
}

/* One GPU's tables across the versions: GFLOP/s with the block sizes,
 * kernel time, and the counters where the database has them. */
static int perf_part(struct rctx *x, int dev, int shared, void *arg)
{
	static const char *const metrics[] = {
		VOCAB_METRIC_GFLOPS, VOCAB_METRIC_KERNEL, VOCAB_METRIC_GIPS,
		VOCAB_METRIC_CGMA
	};
	int counters = model_has_counters(x, dev, VOCAB_SUITE_VERSIONS, NULL);
	struct vgrid g;
	size_t i;
	int rc = 0;

	(void)arg;
	if (!model_has_suite(x, dev, VOCAB_SUITE_VERSIONS))
		return 0;
	if (vgrid_get(x, dev, &g)) {
		vgrid_free(&g);
		return -1;
	}
	if (!shared)
		emit_dev_heading(x, 2, dev);
	for (i = 0; i < (counters ? 4u : 2u) && !rc; i++)
		rc = best_table(x, dev, shared, &g, metrics[i], i == 0);
	vgrid_free(&g);
	return rc;
}
/* ---- the figure ---------------------------------------------------------- */

/* The GFLOP/s of cell i of g where it can be drawn, else NAN. */
static double cell_y(const struct vgrid *g, size_t i)
{
	double y = rcfg_median(g->cfg[i], VOCAB_METRIC_GFLOPS);

	return isfinite(y) && y > 0 ? y : NAN;
}

/* Where v lies along the x axis: log2 axes space the logarithms. */
static double axis_pos(int v, int logx)
{
	return logx ? log((double)v) : (double)v;
}

/* The tics at every measured size into tics, and the x range: labels
 * that would overlap within the plot width plotw drop to a second
 * (third) row (zero height and depth keep gnuplot's centring of every
 * row alike). Returns how many rows. */
static int fig_xtics(struct rbuf *tics, const struct vgrid *g, int logx,
		     double plotw)
{
	const int *ns = g->ns;
	size_t i, j, n = g->nn;
	double span = axis_pos(ns[n - 1], logx) - axis_pos(ns[0], logx);
	double last[3] = {-INFINITY, -INFINITY, -INFINITY}, at;
	int rows = 1;
	char s[32];

	rbuf_puts(tics, "set xtics (");
	for (i = 0; i < n; i++) {
		at = span > 0 ? (axis_pos(ns[i], logx) -
				 axis_pos(ns[0], logx)) / span * plotw : 0;
		/* a label's width: about 0.16 cm a digit at \footnotesize,
		 * 0.12 cm apart */
		snprintf(s, sizeof(s), "%.0f", (double)ns[i]);
		for (j = 0; j < 2 && at - last[j] < 0.16 * (double)strlen(s) +
		     0.12; j++)
			;
		last[j] = at;
		rows = (int)j + 1 > rows ? (int)j + 1 : rows;
		rbuf_printf(tics, "%s'\\raisebox{-%.1fem}[0pt][0pt]"
			    "{\\footnotesize %d}' %d", i ? ", " : "",
			    0.4 + 1.1 * (double)j, ns[i], ns[i]);
	}
	rbuf_puts(tics, ")\n");
	if (n > 1 && logx)
		rbuf_printf(tics, "set xrange [%.17g:%.17g]\n", ns[0] / 1.1,
			    ns[n - 1] * 1.1);
	else if (n > 1)
		rbuf_printf(tics, "set xrange [%.17g:%.17g]\n",
			    ns[0] - 0.04 * span, ns[n - 1] + 0.04 * span);
	else
		rbuf_printf(tics, "set xrange [%.17g:%.17g]\n", ns[0] / 1.25,
			    ns[0] * 1.25);
	return rows;
}

/* The data of each column and the plot command: a line per column
 * with a point (a kernel that failed everywhere has none; the tables
 * say why), the library's dashed. */
static void fig_lines(struct rbuf *gp, int k, const struct vgrid *g)
{
	struct rbuf tt;
	size_t i, j, plotted = 0;
	unsigned long has = 0;
	double y;

	for (j = 0; j < g->n; j++) {
		rbuf_printf(gp, "$F%dL%zu << EOD\n", k, j);
		for (i = 0; i < g->nn; i++)
			if (isfinite(y = cell_y(g, i * g->n + j))) {
				rbuf_printf(gp, "%d %.17g\n", g->ns[i], y);
				has |= 1ul << j;
			}
		rbuf_puts(gp, "EOD\n");
	}
	rbuf_puts(gp, "plot ");
	rbuf_init(&tt);
	for (j = 0; j < g->n; j++) {
		int lib = !strcmp(g->suite[j], VOCAB_SUITE_REFERENCE);

		if (!(has & 1ul << j))
			continue;
		rbuf_printf(gp, "%s$F%dL%zu using 1:2 with linespoints lc rgb "
			    "'%s' pt %zu%s title '", plotted++ ? ", \\\n  " :
			    "", k, j, plot_color(lib ? 6 : (int)j), j + 1,
			    lib ? " dt 2" : "");
		rbuf_free(&tt);
		rbuf_put_tex(&tt, g->variant[j], 0);
		rbuf_put_gp(gp, rbuf_str(&tt));
		rbuf_puts(gp, "'");
	}
	rbuf_puts(gp, "\n");
	rbuf_free(&tt);
}

/* GFLOP/s against n of device dev: one line per version at its best
 * block and the library; a log y axis when the values span more than a
 * decade. Every measured n gets its label: labels that would overlap
 * go to a second (third) row. Returns the figure number, 0 for none. */
static int perf_figure(struct rctx *x, int dev, double w, double h)
{
	struct rbuf *gp = &x->plot.script, ylab, tics;
	struct vgrid g;
	double lo = INFINITY, hi = 0, y;
	size_t i;
	int k = 0, logx, rows;

	if (vgrid_get(x, dev, &g) || !g.nn)
		goto out;
	for (i = 0; i < g.nn * g.n; i++)
		if (isfinite(y = cell_y(&g, i))) {
			lo = fmin(lo, y);
			hi = fmax(hi, y);
		}
	if (!(hi > 0))
		goto out;
	/* wide sweeps on a log2 axis, so the small sizes stay apart */
	logx = g.nn > 2 && g.ns[0] > 0 && g.ns[g.nn - 1] / g.ns[0] >= 8;
	/* the plot area: the figure less the y label and tic labels */
	rbuf_init(&tics);
	rows = fig_xtics(&tics, &g, logx, w - 1.9);
	k = plot_begin(x, w, h);
	rbuf_init(&ylab);
	metric_label(x, VOCAB_METRIC_GFLOPS, "GFLOP/s", &ylab);
	rbuf_puts(gp, "set xlabel '");
	rbuf_put_gp(gp, lang_get(x->L, "axis.size"));
	rbuf_printf(gp, "' offset 0,%.2f\nset ylabel '", 0.3 - 0.9 * rows);
	rbuf_put_gp(gp, rbuf_str(&ylab));
	rbuf_puts(gp, "'\n");
	rbuf_free(&ylab);
	if (logx)
		rbuf_puts(gp, "set logscale x 2\n");
	/* room above the lines for the key: a decade on a log axis, a
	 * third on a linear one */
	if (hi > 10 * lo)
		rbuf_printf(gp, "set logscale y 10\nset yrange [%.17g:%.17g]\n"
			    "set format y '{\\footnotesize $10^{%%L}$}'\n",
			    pow(10, floor(log10(lo))), pow(10, ceil(log10(hi))
							     + 1));
	else
		rbuf_printf(gp, "set yrange [0:%.17g]\n"
			    "set format y '{\\footnotesize %%g}'\n",
			    hi * 1.4);
	rbuf_puts(gp, rbuf_str(&tics));
	rbuf_free(&tics);
	/* the small sizes are the slow ones: the upper left stays free */
	rbuf_puts(gp, "set key inside left top Left reverse maxrows 3 "
		  "samplen 1.5 spacing 1.1 width 1\n");
	fig_lines(gp, k, &g);
out:
	vgrid_free(&g);
	return k;
}

/* The figures of every GPU: side by side in pairs when there are
 * several (each within half the text width). */
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
		/* two to a figure */
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

/* ---- findings ------------------------------------------------------------ */

/* Where a statement's numbers go in its words: escaping turns control
 * characters from the database into '?', so the marker is unique. */
#define NUMS_MARK "\001"

/* One statement of one GPU: head is the sentence with NUMS_MARK where
 * the GPU's numbers (nums) go, both filled from v. GPUs whose heads are
 * the same share one sentence with the numbers of each. A zeroed one is
 * empty. */
struct vpart {
	struct rbuf head, nums;
	struct fv v;
};

/* The statement of one GPU: string head_key with NUMS_MARK for @@NUMS@@
 * into p->head, string nums_key into p->nums, both from p->v (freed). */
static void vpart_fill(struct rctx *x, struct vpart *p, const char *head_key,
		       const char *nums_key)
{
	fv_str(&p->v, "NUMS", NUMS_MARK);
	fv_emit(x, &p->head, head_key, &p->v);
	fv_emit(x, &p->nums, nums_key, &p->v);
	fv_free(&p->v);
}

/* The statements of parts p[0..ndevs-1] (empty heads: none), one per
 * distinct head with its numbers per GPU ("GPU 1: ...; GPU 2: ..." when
 * several GPUs are reported): each a finding of fl, or into list "; "
 * apart where list is set. Empties the parts for the next statement. */
static void vparts_merge(struct rctx *x, struct vpart *p, struct rfind *fl,
			 struct rbuf *list)
{
	struct rbuf nums, s;
	const char *h, *m;
	struct kv v[2];
	size_t d, e;
	char dl[32];
	int k;

	rbuf_init(&nums);
	rbuf_init(&s);
	for (d = 0; d < x->ndevs; d++) {
		h = rbuf_str(&p[d].head);
		for (e = d, k = 0; e < x->ndevs && p[d].head.len; e++) {
			if (e > d && (!p[e].head.len ||
				      strcmp(h, rbuf_str(&p[e].head))))
				continue;
			if (k++)
				rbuf_puts(&nums, "; ");
			snprintf(dl, sizeof(dl), "GPU~%zu", e + 1);
			v[0] = (struct kv){"DEV", dl};
			v[1] = (struct kv){"NUMS", rbuf_str(&p[e].nums)};
			if (x->ndevs < 2)
				rbuf_puts(&nums, v[1].val);
			else
				emit_string(x, &nums, "find.vers.dev", v, 2);
			if (e > d)	/* stated with d's */
				rbuf_free(&p[e].head);
		}
		if (!k)
			continue;
		m = strstr(h, NUMS_MARK);
		rbuf_putn(&s, h, m ? (size_t)(m - h) : strlen(h));
		if (m)
			rbuf_printf(&s, "%s%s", rbuf_str(&nums),
				    m + strlen(NUMS_MARK));
		v[0] = (struct kv){"TEXT", rbuf_str(&s)};
		if (!list)
			find_add(x, fl, "find.vers.sentence", v, 1);
		else
			rbuf_printf(list, "%s%s", list->len ? "; " : "",
				    v[0].val);
		rbuf_free(&nums);
		rbuf_free(&s);
	}
	for (d = 0; d < x->ndevs; d++) {
		rbuf_free(&p[d].head);
		rbuf_free(&p[d].nums);
	}
}

/* A configuration's block in words ("16x16"), nothing for a library. */
static void cfg_block(const struct rcfg *c, struct rbuf *b)
{
	if (c && c->c->block_x > 0)
		block_label(c->c->block_x, c->c->block_y, b);
	else
		rbuf_puts(b, "--");
}

/* A median of GFLOP/s with the marks of the regime c ran in. */
static void cfg_num(const struct rctx *x, const struct rcfg *c,
		    unsigned common, struct rbuf *b)
{
	find_num(b, rcfg_median(c, VOCAB_METRIC_GFLOPS), 4);
	regime_marks(x, rcfg_regime(x, c) & ~common, b);
}

/* The test of a comparison after its numbers: ", p = 0.003"; nothing
 * when it could not be tested (the findings say once why). */
static void p_text(const struct rctx *x, const struct rcmp *r,
		   struct rbuf *b)
{
	if (r->p < 0)
		return;
	rbuf_puts(b, ", ");
	find_p(x, b, r->p);
}

/* The word a comparison's outcome is told with: b against a. */
static const char *cmp_word(const struct rcmp *r)
{
	if (r->p < 0)
		return r->ratio > 1 ? "higher" : r->ratio < 1 ? "lower" :
		       "ns";
	if (!r->signif || r->ratio == 1)
		return "ns";
	return r->ratio > 1 ? "faster" : "slower";
}

/* The regime of c in words, for a point that is not steady. */
static void regime_words(const struct rctx *x, const struct rcfg *c,
			 struct rbuf *b)
{
	static const struct {
		unsigned bit;
		const char *key;
	} w[] = {
		{RG_LAUNCH, "regime.launch"}, {RG_WAVE, "regime.wave"},
		{RG_L2, "regime.l2"},
	};
	unsigned r = rcfg_regime(x, c);
	size_t i;
	int n = 0;

	if (!rcfg_ok(c))
		return;
	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		/* what keeps the point out of "best" (regime.c's
		 * rcfg_steady: a cache-resident product still counts, a
		 * throttled one too) */
		if (!(r & w[i].bit) ||
		    (w[i].bit == RG_L2 && strcmp(c->c->suite, VOCAB_SUITE_ILP)))
			continue;
		if (n++)
			rbuf_puts(b, "; ");
		rbuf_puts(b, lang_get(x->L, w[i].key));
	}
}

/* The step from version a to b on one GPU: which words, where the
 * earlier version's grid leaves SMs idle, its times too. */
static void step_part(struct rctx *x, const struct versions_facts *f,
		      const struct versions_pair *s, unsigned common,
		      struct vpart *p)
{
	const char *word = cmp_word(&s->cmp);
	long long g = rcfg_grid(s->a);
	int few = g > 0 && f->sms > 0 && g < f->sms;
	struct fv *v = &p->v;
	struct rbuf *why;
	char key[128];

	if (!isfinite(s->cmp.ratio))
		return;
	mem_variant(fv_put(v, "A"), s->a->c->variant);
	mem_variant(fv_put(v, "B"), s->b->c->variant);
	fv_int(v, "N", s->n);
	fv_int(v, "SMS", f->sms);
	fv_int(v, "GRID", g);
	why = fv_put(v, "WHY");
	if (few)
		fv_emit(x, why, g == 1 ? "find.vers.why_one" :
			"find.vers.why_few", v);
	cfg_num(x, s->a, common, fv_put(v, "GA"));
	cfg_num(x, s->b, common, fv_put(v, "GB"));
	cfg_block(s->a, fv_put(v, "BA"));
	cfg_block(s->b, fv_put(v, "BB"));
	fv_num(v, "MSA", rcfg_median(s->a, VOCAB_METRIC_KERNEL), 4);
	fv_num(v, "MSB", rcfg_median(s->b, VOCAB_METRIC_KERNEL), 4);
	fv_num(v, "RATIO", s->cmp.ratio, 3);
	p_text(x, &s->cmp, fv_put(v, "P"));
	/* a step with words of its own (v3 to v4: prefetching) */
	snprintf(key, sizeof(key), "find.vers.step_%s_%s.%s",
		 s->a->c->variant, s->b->c->variant, word);
	if (!lang_find(x->L, key))
		snprintf(key, sizeof(key), "find.vers.step.%s", word);
	vpart_fill(x, p, key, few ? "find.vers.step.nums_ms" :
		   "find.vers.step.nums");
}

/* The statements of one point of a GPU, each the fastest own
 * configuration of its kind with its block and GFLOP/s. */
enum {
	PT_BEST,	/* the fastest steady one against the library and
			 * the peak; or, when nothing ran steady, that no
			 * point counts as best */
	PT_UNSTEADY,	/* the fastest one when it is not steady (so not
			 * "best"): why it does not count */
	PT_TOP,		/* at the largest size that an own kernel ran
			 * steady and the library ran: the share of the
			 * library, when that is not the best's size */
	PT_N
};

static void point_part(struct rctx *x, const struct versions_facts *f,
		       int kind, unsigned common, struct vpart *p)
{
	const struct rcfg *c = kind == PT_TOP ? f->top.b :
			       kind == PT_BEST && f->best ? f->best :
			       f->fastest;
	const struct versions_pair *q = kind == PT_TOP ? &f->top :
					kind == PT_BEST ? &f->best_ref : NULL;
	int best = kind == PT_BEST && f->best;
	const char *head = kind == PT_TOP ? "find.vers.top" :
			   kind == PT_UNSTEADY ? "find.vers.unsteady" :
			   best ? "find.vers.best" : "find.vers.nosteady";
	const char *nums = kind == PT_TOP ? "find.vers.top.nums" :
			   !best ? "find.vers.point.nums" : f->best_ref.a ?
			   "find.vers.best.nums" : "find.vers.best.nums_noref";
	struct fv *v = &p->v, pk;
	char clk[32];

	if (!c || (kind != PT_BEST && !f->best) ||
	    (kind == PT_TOP && (!f->top.a || c == f->best)))
		return;
	mem_variant(fv_put(v, "V"), c->c->variant);
	fv_int(v, "N", c->c->n);
	regime_words(x, c, fv_put(v, "WHY"));
	cfg_num(x, c, common, fv_put(v, "G"));
	cfg_block(c, fv_put(v, "B"));
	if (q && q->a && (best || kind == PT_TOP)) {
		cfg_num(x, q->a, common, fv_put(v, "GREF"));
		find_pct(fv_put(v, "PREF"), best ? f->pct_ref : f->top_pct,
			 3);
		p_text(x, &q->cmp, fv_put(v, "P"));
		mem_variant(fv_put(v, "LIB"), q->a->c->variant);
	}
	if (best) {
		find_pct(fv_put(v, "PPEAK"), f->pct_peak, 3);
		fv_init(&pk);
		fv_num(&pk, "PEAK", f->peak, 4);
		render_fixed_format(f->clock_mhz, 0, clk, sizeof(clk));
		fv_str(&pk, "CLK", clk);
		fv_emit(x, fv_put(v, "PEAK"), isfinite(f->clock_mhz) ?
			"find.vers.peak_clk" : "find.vers.peak_rated", &pk);
		fv_free(&pk);
	}
	vpart_fill(x, p, head, nums);
}

/* One version's best block against the next best. */
static void block_part(struct rctx *x, const struct versions_block *k,
		       unsigned common, struct vpart *p)
{
	struct fv *v = &p->v;
	char key[64];

	mem_variant(fv_put(v, "V"), k->best->c->variant);
	cfg_block(k->best, fv_put(v, "B"));
	cfg_block(k->next, fv_put(v, "B2"));
	fv_int(v, "N", k->n);
	cfg_num(x, k->best, common, fv_put(v, "G"));
	cfg_num(x, k->next, common, fv_put(v, "G2"));
	p_text(x, &k->cmp, fv_put(v, "P"));
	snprintf(key, sizeof(key), "find.vers.block.%s", cmp_word(&k->cmp));
	vpart_fill(x, p, key, "find.vers.block.nums");
}

/* 1 when a comparison the findings state could not be tested. */
static int facts_untested(const struct versions_facts *f, size_t nd)
{
	size_t d, i;
	int u = 0;

	for (d = 0; d < nd; d++) {
		for (i = 0; i < f[d].nsteps; i++)
			u |= f[d].step[i].cmp.p < 0;
		for (i = 0; i < f[d].nblocks; i++)
			u |= f[d].block[i].cmp.p < 0;
		u |= f[d].best_ref.a && f[d].best_ref.cmp.p < 0;
		u |= f[d].top.a && f[d].top.cmp.p < 0;
	}
	return u;
}

/* The index in g of the item about the same versions as item i of f:
 * of the steps (blocks unset) or the block facts (blocks set); -1 for
 * none. */
static long item_find(const struct versions_facts *f, size_t i,
		      const struct versions_facts *g, int blocks)
{
	size_t j, n = blocks ? g->nblocks : g->nsteps;

	for (j = 0; j < n; j++)
		if (blocks ? !strcmp(f->block[i].variant, g->block[j].variant) :
		    !strcmp(f->step[i].a->c->variant,
			    g->step[j].a->c->variant) &&
		    !strcmp(f->step[i].b->c->variant,
			    g->step[j].b->c->variant))
			return (long)j;
	return -1;
}

/* The steps (into fl) or the block facts (into list, "; " apart) of
 * every GPU, in the order the GPUs list them: one statement per item,
 * each GPU's part where it has that item. */
static void items_state(struct rctx *x, const struct versions_facts *f,
			const unsigned *common, struct vpart *p, int blocks,
			struct rfind *fl, struct rbuf *list)
{
	size_t d, e, i, nd = x->ndevs;
	long j;

	for (d = 0; d < nd; d++)
		for (i = 0; i < (blocks ? f[d].nblocks : f[d].nsteps); i++) {
			for (e = 0; e < d && item_find(&f[d], i, &f[e],
						       blocks) < 0; e++)
				;
			for (e = e < d ? nd : d; e < nd; e++)
				if ((j = item_find(&f[d], i, &f[e], blocks)) < 0)
					continue;
				else if (blocks)
					block_part(x, &f[e].block[j],
						   common[e], &p[e]);
				else
					step_part(x, &f[e], &f[e].step[j],
						  common[e], &p[e]);
			vparts_merge(x, p, fl, list);
		}
}

/* The findings: each step from a version to the next, the fastest own
 * kernel against the library and the peak, the best block sizes; the
 * words chosen by the numbers and their tests, one sentence for the
 * GPUs where the words agree. */
static int findings(struct rctx *x)
{
	size_t d, nd = x->ndevs, n1 = nd ? nd : 1;
	struct versions_facts *f = calloc(n1, sizeof(*f));
	struct vpart *p = calloc(n1, sizeof(*p));
	unsigned *common = calloc(n1, sizeof(*common));
	struct rbuf list, s;
	struct rfind fl;
	struct kv v;
	int rc = !f || !p || !common ? -1 : 0, k;

	find_init(&fl);
	rbuf_init(&list);
	rbuf_init(&s);
	for (d = 0; d < nd && !rc; d++) {
		rc = facts_versions(x, (int)d, &f[d]);
		common[d] = regime_common(x, (int)d);
	}
	if (!rc && facts_untested(f, nd))
		find_add(x, &fl, "find.vers.untested", NULL, 0);
	if (!rc)
		items_state(x, f, common, p, 0, &fl, NULL);
	for (k = 0; k < PT_N && !rc; k++) {
		for (d = 0; d < nd; d++)
			point_part(x, &f[d], k, common[d], &p[d]);
		vparts_merge(x, p, &fl, NULL);
	}
	/* the block sizes: one sentence, an item per version */
	if (!rc)
		items_state(x, f, common, p, 1, NULL, &list);
	if (list.len) {
		v = (struct kv){"LIST", rbuf_str(&list)};
		emit_string(x, &s, "find.vers.blocks", &v, 1);
		v = (struct kv){"TEXT", rbuf_str(&s)};
		find_add(x, &fl, "find.vers.sentence", &v, 1);
	}
	if (!rc)
		rc = find_emit(x, &fl);
	find_free(&fl);
	rbuf_free(&list);
	rbuf_free(&s);
	free(f);
	free(p);
	free(common);
	return rc;
}

/* ---- the source listing, trimmed to the kernel --------------------------- */

/* A top-level item of a CUDA source: a preprocessor line, or code up
 * to the ';' or the closing brace that ends it at depth 0, with the
 * comments and blank lines before it. */
struct item {
	size_t start, end;	/* [start, end) of the text */
	int keep;		/* a kernel, or what a kept item uses */
	int device;		/* a device function, variable or macro */
	char name[64];		/* what other items call it by */
};

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The first index from i on in c[.., end) that is not white space. */
static size_t space_skip(const char *c, size_t i, size_t end)
{
	while (i < end && isspace((unsigned char)c[i]))
		i++;
	return i;
}

/* code: the source with comments, strings and character literals
 * blanked (same length; line breaks kept in comments), so that braces
 * and words in them count nowhere. */
static char *code_blank(const char *s, size_t n)
{
	char *c = malloc(n + 1);
	const char *e;
	size_t i, j;

	for (i = 0; c && i <= n; i++)
		c[i] = s[i];
	for (i = 0; c && i < n; i++) {
		if (s[i] == '"' || s[i] == '\'') {
			for (j = i + 1; j < n && s[j] != s[i] && s[j] != '\n';
			     j++) {
				if (s[j] == '\\' && j + 1 < n)
					c[j++] = ' ';
				c[j] = ' ';
			}
			i = j;	/* past the closing quote */
			continue;
		}
		if (s[i] != '/' || (s[i + 1] != '*' && s[i + 1] != '/'))
			continue;
		e = s[i + 1] == '*' ? strstr(s + i + 2, "*/") : NULL;
		j = s[i + 1] == '/' ? i + strcspn(s + i, "\n") :
		    e ? (size_t)(e - s) + 2 : n;
		for (; i < j; i++)
			if (s[i] != '\n')
				c[i] = ' ';
		i--;
	}
	return c;
}

/* 1 when word occurs in c[from, to) as a whole identifier. */
static int has_word(const char *c, size_t from, size_t to, const char *word)
{
	size_t len = strlen(word), i;

	for (i = from; len && i + len <= to; i++)
		if (!strncmp(c + i, word, len) &&
		    (i == from || !ident_char(c[i - 1])) &&
		    (i + len == to || !ident_char(c[i + len])))
			return 1;
	return 0;
}

/* The name an item declares: a macro's after #define; a function's
 * before its parameter list (attributes such as __launch_bounds__(..)
 * skipped); a variable's before '[', '=' or ';'. */
static void item_name(const char *c, struct item *it)
{
	size_t i = space_skip(c, it->start, it->end), e, b;
	int depth;

	if (c[i] == '#') {
		i = space_skip(c, i + 1, it->end);
		if (strncmp(c + i, "define", 6))
			return;
		i = space_skip(c, i + 6, it->end);
		for (e = i; e < it->end && ident_char(c[e]); e++)
			;
		snprintf(it->name, sizeof(it->name), "%.*s", (int)(e - i),
			 c + i);
		return;
	}
	for (; i < it->end; i++) {
		if (!strchr("([=;{", c[i]))
			continue;
		for (e = i; e > it->start && isspace((unsigned char)c[e - 1]);
		     e--)
			;
		for (b = e; b > it->start && ident_char(c[b - 1]); b--)
			;
		if (c[i] == '(' && e - b > 2 && !strncmp(c + b, "__", 2)) {
			/* an attribute's arguments */
			for (depth = 0; i < it->end; i++) {
				depth += (c[i] == '(') - (c[i] == ')');
				if (!depth)
					break;
			}
			continue;
		}
		if (e > b && e - b < sizeof(it->name))
			snprintf(it->name, sizeof(it->name), "%.*s",
				 (int)(e - b), c + b);
		return;
	}
}

/* Splits the source into top-level items. Returns their count (at most
 * max). */
static size_t items_split(const char *c, size_t n, struct item *it,
			  size_t max)
{
	size_t i = 0, j, k, q;
	int depth = 0;

	for (k = 0; k < max && (j = space_skip(c, i, n)) < n; k++) {
		memset(&it[k], 0, sizeof(it[k]));
		it[k].start = i;
		if (c[j] == '#')	/* with its continuation lines */
			for (; j < n && c[j] != '\n'; j++)
				j += c[j] == '\\' && c[j + 1] == '\n';
		else
			for (; j < n; j++) {
				depth += !!strchr("{([", c[j]) -
					 !!strchr("})]", c[j]);
				if (!depth && c[j] == ';')
					break;
				if (!depth && c[j] == '}') {
					q = space_skip(c, j + 1, n);
					j = q < n && c[q] == ';' ? q : j;
					break;
				}
			}
		it[k].end = i = j < n ? j + 1 : n;
	}
	return k;
}

/* The kernels of src and the device functions, variables and macros
 * they use (at any depth), without the host's launch code, appended to
 * out. Returns 1 when trimmed, 0 when src holds no kernel that this
 * reading finds (out gets the whole text). */
static int listing_trim(const char *src, struct rbuf *out)
{
	enum { MAXITEMS = 256 };
	struct item *it = calloc(MAXITEMS, sizeof(*it)), *t;
	size_t n = strlen(src), k = 0, i, j, s;
	char *c = code_blank(src, n);
	int kernels = 0, changed, trimmed = 0;

	if (it && c)
		k = items_split(c, n, it, MAXITEMS);
	for (t = it; t && t < it + k; t++) {
		item_name(c, t);
		t->keep = has_word(c, t->start, t->end, "__global__");
		t->device = has_word(c, t->start, t->end, "__device__") ||
			    has_word(c, t->start, t->end, "__constant__") ||
			    (t->name[0] &&
			     has_word(c, t->start, t->end, "define"));
		kernels += t->keep;
	}
	if (k == MAXITEMS)
		kernels = 0;
	for (changed = kernels; changed;)
		for (i = 0, changed = 0; i < k; i++)
			for (j = 0; j < k && !it[i].keep && it[i].device &&
			     it[i].name[0]; j++)
				if (it[j].keep && has_word(c, it[j].start,
							   it[j].end,
							   it[i].name))
					it[i].keep = changed = 1;
	for (i = 0; kernels && i < k; i++) {
		if (!it[i].keep)
			continue;
		/* from the item's first line that is not blank */
		for (j = s = it[i].start; j < it[i].end &&
		     isspace((unsigned char)src[j]); j++)
			if (src[j] == '\n')
				s = j + 1;
		if (trimmed++)
			rbuf_puts(out, "\n\n");
		rbuf_putn(out, src + s, it[i].end - s);
	}
	rbuf_puts(out, trimmed ? "\n" : src);
	free(it);
	free(c);
	return trimmed > 0;
}

/* ---- the appendix: every configuration ----------------------------------- */

/* Rows = matrix size, columns = block size, cells = median of metric
 * with its regime marks. */
static int metric_table(struct rctx *x, int dev, int shared,
			const char *variant, const char *metric,
			const char *unit, const struct rsize *sizes, size_t ns,
			const int *blocks, size_t nb, const char *caption_key)
{
	unsigned seen = 0, common = regime_common(x, dev);
	struct vtab t;
	size_t i, j;

	if (nb > RTABLE_MAXCOLS - 1)
		nb = RTABLE_MAXCOLS - 1;
	vtab_init(&t, NULL, 'r', nb);
	blocks_head(x, &t, "\\(n\\)", blocks, NULL, nb, NULL);
	for (i = 0; i < ns; i++) {
		size_label(&sizes[i], &t.cell);
		vtab_text(&t);
		for (j = 0; j < nb; j++) {
			const struct rcfg *c = model_find_size(x, dev,
				VOCAB_SUITE_VERSIONS, variant, &sizes[i],
				blocks[j]);

			if (!cell_status(x, &t.t, c))
				num_marked(x, &t.t, rcfg_median(c, metric), c,
					   common, &seen);
		}
		rtable_row_end(&t.t);
	}
	metric_label(x, metric, unit, fv_put(&t.v, "METRIC"));
	rbuf_put_tex(fv_put(&t.v, "NAME"), variant, 0);
	sample_range(x, dev, VOCAB_SUITE_VERSIONS, variant, metric,
		     "word.samples_of", fv_put(&t.v, "SAMPLES"));
	regime_text(x, seen, common, &t.note);
	return part_table(x, dev, shared, &t, "versions", variant, metric,
			  caption_key, NULL);
}

/* Report G's table: rows = block and size, columns = the statistics of
 * metric and the sample count n. */
static int stats_table(struct rctx *x, int dev, int shared,
		       const char *variant, const char *metric,
		       const char *unit, const struct rsize *sizes, size_t ns,
		       const int *blocks, size_t nb)
{
	static const char *const heads[] = {
		"word.block_size", "word.size", "stat.min", "stat.max",
		"stat.avg", "stat.median", "stat.stddev", "=\\(n\\)", NULL
	};
	struct vtab t;
	size_t i, j;
	int k;

	vtab_init(&t, "lrSSSSSS", 0, 0);
	mem_heads(x, &t.t, heads);
	rtable_head_end(&t.t);
	for (j = 0; j < nb; j++) {
		rtable_gap(&t.t);
		for (i = 0; i < ns; i++) {
			const struct rcfg *c = model_find_size(x, dev,
				VOCAB_SUITE_VERSIONS, variant, &sizes[i],
				blocks[j]);
			const struct store_stat *s;
			double st[5];

			if (!c)
				continue;
			s = rcfg_stat(c, metric);
			block_label(c->c->block_x, c->c->block_y, &t.cell);
			vtab_text(&t);
			size_label(&sizes[i], &t.cell);
			vtab_text(&t);
			if (!cell_status(x, &t.t, c)) {
				st[0] = s ? s->s.min : NAN;
				st[1] = s ? s->s.max : NAN;
				st[2] = s ? s->s.mean : NAN;
				st[3] = s ? s->s.median : NAN;
				st[4] = s ? s->s.stddev : NAN;
				for (k = 0; k < 5; k++)
					rtable_num(&t.t, st[k], -1, 0);
				if (s)
					rtable_int(&t.t, (long long)s->s.n);
			}
			rtable_row_end(&t.t);
		}
	}
	metric_label(x, metric, unit, fv_put(&t.v, "METRIC"));
	rbuf_put_tex(fv_put(&t.v, "NAME"), variant, 0);
	return part_table(x, dev, shared, &t, "versions-stats", variant,
			  metric, "versions.stats", NULL);
}

/* Why the counters are missing on device dev (< 0: any): the reason
 * measure stored, else the string none_key; a paragraph. */
static void counters_why_par(struct rctx *x, int dev, const char *none_key)
{
	const char *why = model_counters_why(x, dev, VOCAB_SUITE_VERSIONS);
	struct fv v;

	fv_init(&v);
	if (why)
		rbuf_put_prose(fv_put(&v, "WHY"), why, 1);
	fv_par(x, why ? "versions.counters_unavailable" : none_key, &v);
	fv_free(&v);
}

/* One GPU's tables of one version: medians by size and block for every
 * metric; report P's GIPS and CGMA from the counter pass (where this
 * kernel has none on this device while others have, why); the
 * statistics of the times; the configurations that did not run. */
static int data_part(struct rctx *x, int dev, int shared, void *arg)
{
	static const char *const figs[] = {
		VOCAB_METRIC_GIPS, VOCAB_METRIC_CGMA
	};
	const char *variant = arg, **mn = NULL, **mu = NULL, *unit;
	struct rsize *sizes = NULL;
	int *blocks = NULL, rc = 0;
	size_t ns, nb, nm, m, i = 0;

	if (!vcfg_next(x, dev, variant, &i))
		return 0;
	if (!shared)
		emit_dev_heading(x, 2, dev);
	ns = model_sizes(x, dev, VOCAB_SUITE_VERSIONS, variant, &sizes);
	nb = model_ints(x, dev, VOCAB_SUITE_VERSIONS, variant, NULL, 'b',
			&blocks);
	nm = metric_list(x, dev, VOCAB_SUITE_VERSIONS, variant, &mn, &mu);
	if (!nm)
		emit_par(x, lang_get(x->L, "versions.nodata"));
	for (m = 0; m < nm && !rc; m++)
		rc = metric_table(x, dev, shared, variant, mn[m], mu[m], sizes,
				  ns, blocks, nb, "versions.table");
	if (model_has_counters(x, dev, VOCAB_SUITE_VERSIONS, variant)) {
		for (i = 0; i < 2 && !rc; i++)
			if ((unit = stat_unit(x, dev, variant, figs[i])))
				rc = metric_table(x, dev, shared, variant,
						  figs[i], unit, sizes, ns,
						  blocks, nb,
						  "versions.counter_table");
	} else if (!rc && model_has_counters(x, -1, VOCAB_SUITE_VERSIONS,
					     NULL)) {
		/* the appendix's opening says it once when no kernel has
		 * any */
		counters_why_par(x, dev, "versions.counters_missing");
	}
	/* the distribution behind the medians, for each time */
	for (m = 0; m < nm && !rc; m++)
		if (is_time_unit(mu[m]))
			rc = stats_table(x, dev, shared, variant, mn[m], mu[m],
					 sizes, ns, blocks, nb);
	problems_list(x, dev, VOCAB_SUITE_VERSIONS, variant);
	free(mn);
	free(mu);
	free(sizes);
	free(blocks);
	return rc;
}

/* The kernel of variant as a session stored it (the first that did),
 * or NULL. */
static const struct store_kernel *kernel_of(const struct rctx *x,
					    const char *variant)
{
	const struct store_kernel *k = NULL;
	const struct rcfg *r;
	size_t i = 0;

	while (!k && (r = vcfg_next(x, -1, variant, &i)))
		k = model_kernel(x, variant, r->c->session_id);
	return k;
}

/* The description of variant's kernel, or that there is none. */
static void kernel_desc(struct rctx *x, const struct store_kernel *k,
			struct rbuf *b)
{
	if (k && k->description && *k->description)
		rbuf_put_prose(b, k->description, 0);
	else
		rbuf_puts(b, lang_get(x->L, "versions.nodesc"));
}

static int kernel_part(struct rctx *x, const char *variant)
{
	const struct store_kernel *k = kernel_of(x, variant);
	struct rbuf h, code;
	struct fv v;
	int rc = 0;

	rbuf_init(&h);
	rbuf_init(&code);
	fv_init(&v);
	rbuf_put_tex(fv_put(&v, "NAME"), variant, 0);
	fv_emit(x, &h, "versions.kernel", &v);
	emit_heading(x, 1, rbuf_str(&h));
	rbuf_free(&h);
	kernel_desc(x, k, &h);
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
	if (!rc)
		rc = emit_once(x, occ_part, (void *)variant);
	if (!rc)
		rc = emit_once(x, data_part, (void *)variant);
	rbuf_free(&h);
	rbuf_free(&code);
	fv_free(&v);
	return rc;
}

/* ---- the sections -------------------------------------------------------- */

/* The opening: the question, then each version in a sentence (its
 * stored description). */
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
		kernel_desc(x, kernel_of(x, vv[i]), fv_put(&v, "DESC"));
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

static int main_body(struct rctx *x)
{
	const char *app = lang_get(x->L, "vers.intro_app");
	struct rbuf t;
	int rc;

	/* the reference to the appendix is gone where the report leaves
	 * the appendix out (report.c's refs_unwritten_drop) */
	rbuf_init(&t);
	rbuf_puts(&t, lang_get(x->L, "vers.intro"));
	if (*app)
		rbuf_printf(&t, " %s", app);
	emit_par(x, rbuf_str(&t));
	rbuf_free(&t);
	versions_list(x);
	emit_heading(x, 1, lang_get(x->L, "vers.occ_title"));
	emit_par(x, lang_get(x->L, "vers.occ_text"));
	rc = emit_once(x, occ_main_part, NULL);
	if (!rc) {
		emit_heading(x, 1, lang_get(x->L, "vers.perf_title"));
		emit_par(x, lang_get(x->L, "vers.perf_text"));
		rc = emit_once(x, perf_part, NULL);
	}
	if (!rc)
		rc = perf_figures(x);
	return rc ? rc : findings(x);
}

static int app_body(struct rctx *x)
{
	const char **vv = NULL;
	size_t nv, i;
	int rc = 0;

	emit_par(x, lang_get(x->L, "vers.app_intro"));
	if (model_has_counters(x, -1, VOCAB_SUITE_VERSIONS, NULL))
		emit_par(x, lang_get(x->L, "versions.counters_intro"));
	else	/* once for the section: why report P's GIPS and CGMA
		 * tables are missing */
		counters_why_par(x, -1, "versions.counters_none");
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
