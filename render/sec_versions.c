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

/* measure names the limiting resources as a list ("warps, registers"
 * when two limits tie); each is translated from prefix.NAME, joined by
 * sep. */
static void limiter_text(const struct rctx *x, const char *lim,
			 const char *prefix, const char *sep, struct rbuf *b)
{
	char key[96], one[64];
	const char *t, *p = lim;
	size_t len;

	if (!lim || !*lim) {
		rbuf_puts(b, "--");
		return;
	}
	while (*p) {
		len = strcspn(p, ",");
		snprintf(one, sizeof(one), "%.*s", (int)len, p);
		snprintf(key, sizeof(key), "%s.%s", prefix, one);
		t = len < sizeof(one) ? lang_find(x->L, key) : NULL;
		if (t)
			rbuf_puts(b, t);
		else
			rbuf_put_tex(b, one, 0);
		p += len;
		if (*p == ',') {
			rbuf_puts(b, sep);
			p++;
		}
		while (*p == ' ')
			p++;
	}
}

/* A session that measured (dev, variant, block): its kernel attributes
 * describe the kernel the table shows. */
static const struct store_kattr *kattr_for(const struct rctx *x, int dev,
					   const char *variant, int block)
{
	const struct store_kattr *a;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];

		if (r->dev != dev ||
		    strcmp(r->c->suite, VOCAB_SUITE_VERSIONS) ||
		    strcmp(r->c->variant, variant) || r->c->block_x != block)
			continue;
		a = model_kattr(x, r->c->session_id, variant, block);
		if (a)
			return a;
	}
	return NULL;
}

/* 1 when the report writes the versions appendix, so that the main
 * body may refer to it. */
static int app_listed(const struct rctx *x)
{
	const char *p = x->o->sections;
	static const char name[] = "versions-data";

	if (!p)
		return model_has_suite(x, -1, VOCAB_SUITE_VERSIONS);
	while (*p) {
		size_t len = strcspn(p, ",");

		if (len == sizeof(name) - 1 && !strncmp(p, name, len))
			return 1;
		p += len + (p[len] == ',');
	}
	return 0;
}

/* The regime bits every ok configuration of the versions on device
 * dev shares (only RG_L2 is considered: these products fit the cache
 * up to a size far beyond the sweep): a mark on every cell says
 * nothing that a sentence under the table cannot. */
static unsigned regime_common(const struct rctx *x, int dev)
{
	size_t i;
	int any = 0;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];

		if (r->dev != dev || !rcfg_ok(r) ||
		    strcmp(r->c->suite, VOCAB_SUITE_VERSIONS))
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

/* ---- a table the same on every GPU, shown once -------------------------- */

/* Writes one device's part; shared: for every GPU at once (captions
 * and anchors name no device). Must not draw figures: a part may be
 * written twice. */
typedef int (*part_fn)(struct rctx *x, int dev, int shared, void *arg);

/* Writes part for each device; when two or more devices write it and
 * every text is the same, once for all of them. */
static int emit_once(struct rctx *x, part_fn part, void *arg)
{
	struct rbuf save = x->body;
	char **txt;
	size_t d, nw = 0;
	int rc = 0, same = 1;
	const char *first = NULL;

	txt = calloc(x->ndevs ? x->ndevs : 1, sizeof(*txt));
	if (!txt)
		return -1;
	for (d = 0; d < x->ndevs && !rc; d++) {
		rbuf_init(&x->body);
		rc = part(x, (int)d, 1, arg);
		txt[d] = x->body.len ? rbuf_take(&x->body) : NULL;
		rbuf_free(&x->body);
		if (!txt[d])
			continue;
		nw++;
		if (!first)
			first = txt[d];
		else if (strcmp(first, txt[d]))
			same = 0;
	}
	x->body = save;
	if (!rc && nw > 1 && same)
		rbuf_puts(&x->body, first);
	else
		for (d = 0; d < x->ndevs && !rc; d++)
			if (txt[d])
				rc = part(x, (int)d, 0, arg);
	for (d = 0; d < x->ndevs; d++)
		free(txt[d]);
	free(txt);
	return rc;
}

/* The caption's device part: " (GPU 1: name)", or " (every GPU)" for
 * a shared table. */
static void dev_part(const struct rctx *x, int dev, int shared,
		     struct rbuf *b)
{
	if (shared) {
		rbuf_putc(b, ' ');
		rbuf_puts(b, lang_get(x->L, "vers.every_gpu"));
	} else {
		dev_suffix(x, dev, b);
	}
}

static void anchor_dev(const struct rctx *x, int dev, int shared,
		       struct rbuf *b)
{
	if (shared)
		rbuf_puts(b, "dev=all");
	else
		rbuf_printf(b, "dev=%lld", (long long)x->devs[dev]->id);
}

/* ---- report P's occupancy table (appendix) ------------------------------ */

/* What a cell of the occupancy table shows of one block size's kernel
 * attributes, read from the field of struct store_kattr at the row's
 * offset. */
enum occ_value {
	OCC_INT,	/* the int as it is */
	OCC_PERCENT,	/* the 0..1 double, in per cent */
	OCC_WARPS,	/* the int, a thread count, in whole warps */
	OCC_PER_BLOCK,	/* the int, per thread, times threads per block */
	OCC_LIMITER	/* the string naming the limits, translated */
};

/* Where the GPU's limit in the last column comes from: the device
 * property of the row, as it is, in bytes or in warps; or 100 %. */
enum occ_limit {
	OCC_NONE,
	OCC_PROP,
	OCC_PROP_BYTES,
	OCC_PROP_WARPS,
	OCC_FULL
};

struct occ_row {
	const char *key;	/* language key of the label */
	int gap;		/* a thin gap above: the row opens a group */
	enum occ_value value;
	size_t field;		/* offsetof(struct store_kattr, ...) */
	enum occ_limit limit;
	const char *prop;	/* the device property of the limit */
	int decimals;		/* of the per cent and the limit */
};

#define OCC_FIELD(f) offsetof(struct store_kattr, f)

/* Report P's rows, in its order and groups: what is active on an SM,
 * then the resources a block takes and how many blocks each allows. */
static const struct occ_row occ_rows[] = {
	{"occ.active_blocks", 0, OCC_INT, OCC_FIELD(active_blocks),
	 OCC_PROP, "max_blocks_per_sm", 0},
	{"occ.active_warps", 0, OCC_INT, OCC_FIELD(active_warps),
	 OCC_PROP_WARPS, "max_threads_per_sm", 0},
	{"occ.active_threads", 0, OCC_INT, OCC_FIELD(active_threads),
	 OCC_PROP, "max_threads_per_sm", 0},
	{"occ.occupancy", 0, OCC_PERCENT, OCC_FIELD(occupancy),
	 OCC_FULL, NULL, 1},
	{"occ.threads_per_block", 1, OCC_INT, OCC_FIELD(threads_per_block),
	 OCC_PROP, "max_threads_per_block", 0},
	{"occ.warps_per_block", 0, OCC_WARPS, OCC_FIELD(threads_per_block),
	 OCC_NONE, NULL, 0},
	{"occ.limit_warps", 0, OCC_INT, OCC_FIELD(limit_warps),
	 OCC_NONE, NULL, 0},
	{"occ.regs_per_thread", 1, OCC_INT, OCC_FIELD(regs_per_thread),
	 OCC_NONE, NULL, 0},
	{"occ.regs_per_block", 0, OCC_PER_BLOCK, OCC_FIELD(regs_per_thread),
	 OCC_PROP, "regs_per_block", 0},
	{"occ.limit_regs", 0, OCC_INT, OCC_FIELD(limit_regs),
	 OCC_NONE, NULL, 0},
	{"occ.smem_per_block", 1, OCC_INT, OCC_FIELD(static_smem),
	 OCC_PROP_BYTES, "shared_mem_per_block", 0},
	{"occ.limit_smem", 0, OCC_INT, OCC_FIELD(limit_smem),
	 OCC_NONE, NULL, 0},
	{"occ.limit_blocks", 0, OCC_INT, OCC_FIELD(limit_blocks),
	 OCC_PROP, "max_blocks_per_sm", 0},
	{"occ.limiter", 1, OCC_LIMITER, OCC_FIELD(limiter),
	 OCC_NONE, NULL, 0},
};

/* The cell of row r for the attributes k of one block size. */
static void occ_cell_put(const struct rctx *x, struct rtable *t,
			 const struct occ_row *r, const struct store_kattr *k,
			 double warp)
{
	const char *f = (const char *)k + r->field;
	struct rbuf b;

	switch (r->value) {
	case OCC_INT:
		rtable_int(t, *(const int *)f);
		break;
	case OCC_PERCENT:
		rtable_num(t, 100.0 * *(const double *)f, r->decimals, 0);
		break;
	case OCC_WARPS:
		rtable_int(t, (long long)ceil(*(const int *)f / warp));
		break;
	case OCC_PER_BLOCK:
		rtable_int(t, (long long)*(const int *)f *
			   k->threads_per_block);
		break;
	case OCC_LIMITER:
		/* one limit a line: tied limits side by side would widen
		 * the column past the page */
		rbuf_init(&b);
		rbuf_puts(&b, "\\begin{tabular}[t]{@{}c@{}}");
		limiter_text(x, *(char *const *)f, "limiter", ",\\\\", &b);
		rbuf_puts(&b, "\\end{tabular}");
		rtable_text(t, rbuf_str(&b));
		rbuf_free(&b);
		break;
	}
}

/* The GPU's limit of row r on device d; NAN (printed "--") for none. */
static double occ_limit_get(const struct store_device *d,
			    const struct occ_row *r, double warp)
{
	switch (r->limit) {
	case OCC_PROP:
		return prop_num(d, r->prop);
	case OCC_PROP_BYTES:
		return model_prop_bytes(d, r->prop);
	case OCC_PROP_WARPS:
		return prop_num(d, r->prop) / warp;
	case OCC_FULL:
		return 100;
	case OCC_NONE:
		break;
	}
	return NAN;
}

/* The configuration of (dev, variant, block) measured at the largest
 * size (ok ones only: a skipped size launched nothing); NULL when
 * none. */
static const struct rcfg *cfg_largest(const struct rctx *x, int dev,
				      const char *variant, int block)
{
	const struct rcfg *c = NULL;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];

		if (r->dev != dev ||
		    strcmp(r->c->suite, VOCAB_SUITE_VERSIONS) ||
		    strcmp(r->c->variant, variant) || !rcfg_ok(r) ||
		    (block >= 0 && r->c->block_x != block) ||
		    (c && r->c->n <= c->c->n))
			continue;
		c = r;
	}
	return c;
}

/* The grid of that configuration (0 unknown) and its size in *n (0
 * when there is none). */
static long long grid_largest(const struct rctx *x, int dev,
			      const char *variant, int block, int *n)
{
	const struct rcfg *c = cfg_largest(x, dev, variant, block);

	*n = c ? c->c->n : 0;
	return rcfg_grid(c);
}

/* Under the occupancy table: where the grid leaves SMs idle, so that
 * the per-SM occupancy is not read as the GPU's. */
static void occ_grid_note(struct rctx *x, int dev, const char *variant,
			  const int *blocks, size_t nb, struct rbuf *text)
{
	int sms = versions_sms(x, dev), n;
	long long g, gmax = 0;
	size_t i;
	struct rbuf nm;

	if (!sms)
		return;
	rbuf_init(&nm);
	rbuf_put_tex(&nm, variant, 0);
	for (i = 0; i < nb; i++) {
		g = grid_largest(x, dev, variant, blocks[i], &n);
		gmax = g > gmax ? g : gmax;
	}
	if (gmax == 1) {
		char s[16];
		struct kv v[2];

		snprintf(s, sizeof(s), "%d", sms);
		v[0] = (struct kv){"V", rbuf_str(&nm)};
		v[1] = (struct kv){"SMS", s};
		emit_string(x, text, "vers.occ_grid_one", v, 2);
		rbuf_putc(text, ' ');
		rbuf_free(&nm);
		return;
	}
	for (i = 0; i < nb; i++) {
		char s[16], ns[16], gs[24], us[24];
		struct rbuf bl;
		struct kv v[6];

		g = grid_largest(x, dev, variant, blocks[i], &n);
		if (!g || g >= sms)
			continue;
		rbuf_init(&bl);
		block_label(blocks[i], blocks[i], &bl);
		snprintf(s, sizeof(s), "%d", sms);
		snprintf(ns, sizeof(ns), "%d", n);
		snprintf(gs, sizeof(gs), "%lld", g);
		snprintf(us, sizeof(us), "%lld", g);
		v[0] = (struct kv){"V", rbuf_str(&nm)};
		v[1] = (struct kv){"SMS", s};
		v[2] = (struct kv){"N", ns};
		v[3] = (struct kv){"GRID", gs};
		v[4] = (struct kv){"USED", us};
		v[5] = (struct kv){"BLOCK", rbuf_str(&bl)};
		emit_string(x, text, "vers.occ_grid_few", v, 6);
		rbuf_putc(text, ' ');
		rbuf_free(&bl);
	}
	rbuf_free(&nm);
}

/* Report P's occupancy table of one version: one column per block size
 * and the GPU's limits in the last; the text under it names the
 * limiting factor and where the grid leaves SMs idle. */
static int occ_part(struct rctx *x, int dev, int shared, void *arg)
{
	const char *variant = arg;
	const struct store_device *d = x->devs[dev];
	const struct store_kattr *a[RTABLE_MAXCOLS];
	struct rtable t;
	struct rbuf cell, cap, anc, text, dl, nm;
	char kinds[RTABLE_MAXCOLS + 1];
	double warp = prop_num(d, "warp_size");
	int *blocks = NULL;
	size_t i, r, nb, any = 0;
	struct kv v[2];
	int rc;

	nb = model_ints(x, dev, VOCAB_SUITE_VERSIONS, variant, NULL, 'b',
			&blocks);
	if (!nb) {
		free(blocks);
		return 0;
	}
	if (nb > RTABLE_MAXCOLS - 2)
		nb = RTABLE_MAXCOLS - 2;
	for (i = 0; i < nb; i++) {
		a[i] = kattr_for(x, dev, variant, blocks[i]);
		any += a[i] != NULL;
	}
	if (!any) {
		emit_par(x, lang_get(x->L, "occ.none"));
		free(blocks);
		return 0;
	}
	if (!isfinite(warp) || warp <= 0)
		warp = 32;
	kinds[0] = 'l';
	for (i = 0; i <= nb; i++)
		kinds[i + 1] = 'S';
	kinds[nb + 2] = '\0';
	rtable_init(&t, kinds);
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&text);
	rbuf_init(&dl);
	rbuf_init(&nm);
	/* the block sizes under one spanning header: narrow columns */
	rtable_head_span(&t, 1, "");
	rtable_head_span(&t, (int)nb, lang_get(x->L, "word.block_size"));
	rtable_head_span(&t, 1, "");
	rtable_head_end(&t);
	rtable_head(&t, lang_get(x->L, "occ.quantity"));
	for (i = 0; i < nb; i++) {
		rbuf_free(&cell);
		block_label(blocks[i], a[i] ? a[i]->block_y : blocks[i], &cell);
		rtable_head(&t, rbuf_str(&cell));
	}
	rtable_head(&t, lang_get(x->L, "occ.gpu_limit"));
	rtable_head_end(&t);
	for (r = 0; r < sizeof(occ_rows) / sizeof(occ_rows[0]); r++) {
		const struct occ_row *row = &occ_rows[r];

		if (row->gap)
			rtable_gap(&t);
		rtable_text(&t, lang_get(x->L, row->key));
		for (i = 0; i < nb; i++) {
			if (a[i])
				occ_cell_put(x, &t, row, a[i], warp);
			else
				rtable_text(&t, "--");
		}
		rtable_num(&t, occ_limit_get(d, row, warp), row->decimals, 0);
		rtable_row_end(&t);
	}
	rbuf_put_tex(&nm, variant, 0);
	dev_part(x, dev, shared, &dl);
	v[0] = (struct kv){"NAME", rbuf_str(&nm)};
	v[1] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, "occ.caption", v, 2);
	rbuf_puts(&anc, "occupancy ");
	anchor_dev(x, dev, shared, &anc);
	rbuf_printf(&anc, " variant=%s", variant);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
			lang_get(x->L, "occ.note"));
	/* the limiting factor, in words */
	for (i = 0; i < nb; i++) {
		struct rbuf bl, li, oc;
		struct kv lv[3];
		char num[32];

		if (!a[i])
			continue;
		rbuf_init(&bl);
		rbuf_init(&li);
		rbuf_init(&oc);
		block_label(blocks[i], a[i]->block_y, &bl);
		limiter_text(x, a[i]->limiter, "limiter", ", ", &li);
		render_fixed_format(100.0 * a[i]->occupancy, 1, num,
				    sizeof(num));
		rbuf_printf(&oc, "\\num{%s}", num);
		lv[0] = (struct kv){"BLOCK", rbuf_str(&bl)};
		lv[1] = (struct kv){"LIMITER", rbuf_str(&li)};
		lv[2] = (struct kv){"OCC", rbuf_str(&oc)};
		emit_string(x, &text, "occ.limited_by", lv, 3);
		rbuf_putc(&text, ' ');
		rbuf_free(&bl);
		rbuf_free(&li);
		rbuf_free(&oc);
	}
	occ_grid_note(x, dev, variant, blocks, nb, &text);
	emit_par(x, rbuf_str(&text));
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&text);
	rbuf_free(&dl);
	rbuf_free(&nm);
	free(blocks);
	return rc;
}

/* ---- the main body's occupancy table ------------------------------------ */

/* One row per version and block size: registers, shared memory, blocks
 * per SM, occupancy and its limit, and what the grid of the largest
 * size uses of the GPU (v1's one block fills one SM of all). */
static int occ_main_part(struct rctx *x, int dev, int shared, void *arg)
{
	const char **vv = NULL;
	struct rtable t;
	struct rbuf cell, cap, anc, note, dl;
	size_t nv, i, j, rows = 0;
	int sms = versions_sms(x, dev), rc = 0;
	unsigned seen = 0, common = regime_common(x, dev);
	struct kv v[2];
	char s[16];

	(void)arg;
	nv = versions_names(x, dev, &vv);
	/* the limit wraps: a stored limiter is free text of any length */
	rtable_init(&t, "llSSSSXSSS");
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&note);
	rbuf_init(&dl);
	rtable_head(&t, lang_get(x->L, "vers.occ.version"));
	rtable_head(&t, lang_get(x->L, "vers.occ.block"));
	rtable_head(&t, lang_get(x->L, "vers.occ.regs"));
	rtable_head(&t, lang_get(x->L, "vers.occ.smem"));
	rtable_head(&t, lang_get(x->L, "vers.occ.blocks"));
	rtable_head(&t, lang_get(x->L, "vers.occ.occ"));
	rtable_head(&t, lang_get(x->L, "vers.occ.limit"));
	rtable_head(&t, "\\(n\\)");
	rtable_head(&t, lang_get(x->L, "vers.occ.grid"));
	rtable_head(&t, lang_get(x->L, "vers.occ.sms"));
	rtable_head_end(&t);
	for (i = 0; i < nv; i++) {
		int *blocks = NULL;
		size_t nb = model_ints(x, dev, VOCAB_SUITE_VERSIONS, vv[i],
				       NULL, 'b', &blocks);

		rtable_gap(&t);
		for (j = 0; j < nb; j++) {
			const struct store_kattr *a =
				kattr_for(x, dev, vv[i], blocks[j]);
			const struct rcfg *c = NULL;
			long long g;
			int n;

			rbuf_free(&cell);
			if (!j) {
				rbuf_puts(&cell, "\\texttt{");
				rbuf_put_tex(&cell, vv[i], 0);
				rbuf_puts(&cell, "}");
			}
			rtable_text(&t, rbuf_str(&cell));
			rbuf_free(&cell);
			block_label(blocks[j], a ? a->block_y : blocks[j],
				    &cell);
			rtable_text(&t, rbuf_str(&cell));
			if (a) {
				rtable_int(&t, a->regs_per_thread);
				rtable_int(&t, a->static_smem);
				rtable_int(&t, a->active_blocks);
				rtable_num(&t, 100.0 * a->occupancy, 0, 0);
				rbuf_free(&cell);
				limiter_text(x, a->limiter, "vers.lim", "/",
					     &cell);
				rtable_text(&t, rbuf_str(&cell));
			} else {
				for (n = 0; n < 5; n++)
					rtable_text(&t, "--");
			}
			g = grid_largest(x, dev, vv[i], blocks[j], &n);
			c = cfg_largest(x, dev, vv[i], blocks[j]);
			if (n)
				rtable_int(&t, n);
			else
				rtable_text(&t, "--");
			if (g)
				rtable_int(&t, g);
			else
				rtable_text(&t, "--");
			if (g && sms) {
				rtable_int(&t, g < sms ? g : sms);
				marks_put(x, &t, c, common, &seen);
			} else {
				rtable_text(&t, "--");
			}
			rtable_row_end(&t);
			rows++;
		}
		free(blocks);
	}
	if (rows) {
		dev_part(x, dev, shared, &dl);
		v[0] = (struct kv){"DEV", rbuf_str(&dl)};
		emit_string(x, &cap, "vers.occ_caption", v, 1);
		snprintf(s, sizeof(s), "%d", sms);
		v[0] = (struct kv){"SMS", sms ? s : "--"};
		emit_string(x, &note, "vers.occ_note", v, 1);
		if (seen & ~RG_DERIVED)
			rbuf_putc(&note, ' ');
		regime_note(x, seen, &note);
		rbuf_puts(&anc, "versions-occupancy ");
		anchor_dev(x, dev, shared, &anc);
		rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
				rbuf_str(&note));
	}
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&note);
	rbuf_free(&dl);
	free(vv);
	return rc;
}

/* ---- the main body's tables across the versions ------------------------- */

/* The columns: the own versions, then the library (the reference
 * suite). */
struct vcols {
	size_t n;
	const char *suite[RTABLE_MAXCOLS], *variant[RTABLE_MAXCOLS];
};

static void vcols_get(const struct rctx *x, int dev, struct vcols *c)
{
	static const char *const suites[] = {
		VOCAB_SUITE_VERSIONS, VOCAB_SUITE_REFERENCE
	};
	size_t s, i, n;

	c->n = 0;
	for (s = 0; s < 2; s++) {
		const char **vv = NULL;

		n = s ? model_names(x, dev, suites[s], NULL, 'v', &vv) :
		    versions_names(x, dev, &vv);
		for (i = 0; i < n && c->n < RTABLE_MAXCOLS - 1; i++) {
			c->suite[c->n] = suites[s];
			c->variant[c->n++] = vv[i];
		}
		free(vv);
	}
}

/* What the tables of one GPU show: per size and column the best
 * configuration (by GFLOP/s), so that every metric's table shows the
 * same configurations. */
struct vgrid {
	struct vcols cols;
	int *ns;
	size_t nn;
	const struct rcfg **cfg;	/* [nn * cols.n] */
	unsigned common;		/* regime bits every cell shares */
};

static int vgrid_get(const struct rctx *x, int dev, struct vgrid *g)
{
	size_t i, j;

	memset(g, 0, sizeof(*g));
	vcols_get(x, dev, &g->cols);
	g->nn = model_ints(x, dev, VOCAB_SUITE_VERSIONS, NULL, NULL, 'n',
			   &g->ns);
	g->cfg = calloc(g->nn * g->cols.n + 1, sizeof(*g->cfg));
	if (!g->cfg)
		return -1;
	for (i = 0; i < g->nn; i++)
		for (j = 0; j < g->cols.n; j++)
			g->cfg[i * g->cols.n + j] = versions_best(x, dev,
				g->cols.suite[j], g->cols.variant[j], g->ns[i],
				0);
	/* what every cell shown shares, the library's included */
	g->common = RG_L2;
	for (i = 0; i < g->nn * g->cols.n; i++)
		if (g->cfg[i] && !(rcfg_regime(x, g->cfg[i]) & RG_L2))
			g->common = 0;
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

/* The unit metric was stored with on device dev, NULL if absent. */
static const char *metric_unit(const struct rctx *x, int dev,
			       const char *metric)
{
	const struct store_stat *st;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];

		if (r->dev != dev ||
		    (strcmp(r->c->suite, VOCAB_SUITE_VERSIONS) &&
		     strcmp(r->c->suite, VOCAB_SUITE_REFERENCE)))
			continue;
		st = rcfg_stat(r, metric);
		if (st)
			return st->unit;
	}
	return NULL;
}

/* A table of metric: rows = size, columns = the versions and the
 * library at their best block (the same configurations for every
 * metric); a second line under each row gives the block size (blocks)
 * and the median's interval (when the samples are stored). */
static int best_table(struct rctx *x, int dev, int shared,
		      const struct vgrid *g, const char *metric, int blocks)
{
	const char *unit = metric_unit(x, dev, metric);
	struct rtable t;
	struct rbuf cell, cap, anc, note, dl, nm, lab, ref, sub, samples;
	char kinds[RTABLE_MAXCOLS + 1], range[48];
	size_t i, j, lo = 0, hi = 0;
	unsigned seen = 0;
	int rc = 0, ci_any = 0, ci_miss = 0, counter, has = 0;
	struct kv v[5];
	double *half;

	if (!unit || !g->cols.n || !g->nn)
		return 0;
	counter = metric_is_counter(metric);
	half = calloc(g->nn * g->cols.n, sizeof(*half));
	if (!half)
		return -1;
	for (i = 0; i < g->nn * g->cols.n && !rc; i++) {
		const struct rcfg *c = g->cfg[i];
		const struct store_stat *s = rcfg_stat(c, metric);

		half[i] = NAN;
		if (!s)
			continue;
		has = 1;
		if (!lo || s->s.n < lo)
			lo = s->s.n;
		hi = s->s.n > hi ? s->s.n : hi;
		if (counter)
			continue;
		rc = ci_half(x, c, metric, &half[i]);
		ci_any |= isfinite(half[i]);
		ci_miss |= !isfinite(half[i]);
	}
	if (rc || !has) {
		free(half);
		return rc;
	}
	kinds[0] = 'r';
	for (j = 0; j < g->cols.n; j++)
		kinds[j + 1] = 'S';
	kinds[g->cols.n + 1] = '\0';
	rtable_init(&t, kinds);
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&note);
	rbuf_init(&dl);
	rbuf_init(&nm);
	rbuf_init(&lab);
	rbuf_init(&ref);
	rbuf_init(&sub);
	rbuf_init(&samples);
	rtable_head(&t, "\\(n\\)");
	for (j = 0; j < g->cols.n; j++) {
		rbuf_free(&cell);
		rbuf_puts(&cell, "\\texttt{");
		rbuf_put_tex(&cell, g->cols.variant[j], 0);
		rbuf_puts(&cell, "}");
		rtable_head(&t, rbuf_str(&cell));
	}
	rtable_head_end(&t);
	for (i = 0; i < g->nn; i++) {
		int line2 = 0;

		rbuf_free(&cell);
		rbuf_printf(&cell, "%d", g->ns[i]);
		rtable_text(&t, rbuf_str(&cell));
		for (j = 0; j < g->cols.n; j++) {
			const struct rcfg *c = g->cfg[i * g->cols.n + j];

			if (!c) {
				cell_status(x, &t, model_find(x, dev,
					g->cols.suite[j], g->cols.variant[j],
					NULL, g->ns[i], -1, -1));
				continue;
			}
			num_marked(x, &t, rcfg_median(c, metric), c,
				   g->common, &seen);
			line2 |= (blocks && c->c->block_x > 0) ||
				 isfinite(half[i * g->cols.n + j]);
		}
		rtable_row_end(&t);
		if (!line2)
			continue;
		rtable_text(&t, "");
		for (j = 0; j < g->cols.n; j++) {
			const struct rcfg *c = g->cfg[i * g->cols.n + j];
			double h = half[i * g->cols.n + j];
			char num[32];

			rbuf_free(&sub);
			if (c && blocks && c->c->block_x > 0)
				block_label(c->c->block_x, c->c->block_y,
					    &sub);
			if (isfinite(h)) {
				render_sig_format(h, 2, num, sizeof(num));
				rbuf_printf(&sub, "%s\\(\\pm\\)%s\\,\\%%",
					    sub.len ? " " : "", num);
			}
			rbuf_free(&cell);
			if (sub.len)
				rbuf_printf(&cell, "\\scriptsize\\color{gray}"
					    "%s", rbuf_str(&sub));
			rtable_text(&t, rbuf_str(&cell));
		}
		rtable_row_end(&t);
	}
	metric_label(x, metric, unit, &nm);
	dev_part(x, dev, shared, &dl);
	if (lo == hi)
		snprintf(range, sizeof(range), "%zu", lo);
	else
		snprintf(range, sizeof(range), "%zu--%zu", lo, hi);
	/* "median of 1 sample", "mediana z 3 próbek": the language's form */
	label_count_put(x, "word.samples_of", (long long)lo, (long long)hi,
			&samples);
	rbuf_puts(&lab, "tab:versions-best-");
	if (shared)
		rbuf_puts(&lab, "all");
	else
		rbuf_printf(&lab, "%lld", (long long)x->devs[dev]->id);
	rbuf_printf(&ref, "\\ref{%s}", rbuf_str(&lab));
	v[0] = (struct kv){"METRIC", rbuf_str(&nm)};
	v[1] = (struct kv){"DEV", rbuf_str(&dl)};
	v[2] = (struct kv){"SAMPLES", rbuf_str(&samples)};
	v[3] = (struct kv){"REF", rbuf_str(&ref)};
	v[4] = (struct kv){"LABEL", rbuf_str(&lab)};
	emit_string(x, &cap, counter ? "vers.tab_counter" : blocks ?
		    "vers.tab_best" : "vers.tab_same", v, 5);
	if (blocks)
		rbuf_printf(&cap, "\\label{%s}", rbuf_str(&lab));
	if (!blocks) {
		/* the configurations of the first table: its marks */
		emit_string(x, &note, ci_any ? "vers.note_same_ci" :
			    "vers.note_same", v, 5);
	} else if (ci_any) {
		rbuf_puts(&note, lang_get(x->L, ci_miss ? "vers.ci_some" :
					  "vers.ci_note"));
	} else {
		rbuf_puts(&note, lang_get(x->L, "vers.ci_none"));
	}
	if (blocks && (seen || g->common)) {
		rbuf_free(&cell);
		regime_text(x, seen, g->common, &cell);
		if (cell.len && note.len)
			rbuf_putc(&note, ' ');
		rbuf_puts(&note, rbuf_str(&cell));
	}
	rbuf_puts(&anc, "versions-best ");
	anchor_dev(x, dev, shared, &anc);
	rbuf_printf(&anc, " metric=%s", metric);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
			rbuf_str(&note));
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&note);
	rbuf_free(&dl);
	rbuf_free(&nm);
	rbuf_free(&lab);
	rbuf_free(&samples);
	rbuf_free(&ref);
	rbuf_free(&sub);
	free(half);
	return rc;
}

/* One GPU's tables across the versions: GFLOP/s with the block sizes,
 * kernel time, and the counters where the database has them. */
static int perf_part(struct rctx *x, int dev, int shared, void *arg)
{
	static const char *const counters[] = {
		VOCAB_METRIC_GIPS, VOCAB_METRIC_CGMA
	};
	struct vgrid g;
	size_t i;
	int rc;

	(void)arg;
	if (!model_has_suite(x, dev, VOCAB_SUITE_VERSIONS))
		return 0;
	if (vgrid_get(x, dev, &g)) {
		vgrid_free(&g);
		return -1;
	}
	if (!shared)
		emit_dev_heading(x, 2, dev);
	rc = best_table(x, dev, shared, &g, VOCAB_METRIC_GFLOPS, 1);
	if (!rc)
		rc = best_table(x, dev, shared, &g, VOCAB_METRIC_KERNEL, 0);
	for (i = 0; i < 2 && !rc; i++)
		if (model_has_counters(x, dev, VOCAB_SUITE_VERSIONS, NULL))
			rc = best_table(x, dev, shared, &g, counters[i], 0);
	vgrid_free(&g);
	return rc;
}

/* ---- the figure ---------------------------------------------------------- */

/* Width of a tic label of v in cm (footnotesize digits) and a gap. */
static double tic_width(double v)
{
	char s[32];

	snprintf(s, sizeof(s), "%.0f", v);
	/* about 0.16 cm a digit at \footnotesize, 0.12 cm apart */
	return 0.16 * (double)strlen(s) + 0.12;
}

/* Where v lies along the x axis: log2 axes space the logarithms. */
static double axis_pos(int v, int logx)
{
	return logx ? log((double)v) : (double)v;
}

/* GFLOP/s against n of device dev: one line per version at its best
 * block and the library; a log y axis when the values span more than a
 * decade. Every measured n gets its label: labels that would overlap
 * go to a second (third) row. Returns the figure number, 0 for none. */
static int perf_figure(struct rctx *x, int dev, double w, double h)
{
	struct rbuf *gp = &x->plot.script, ylab, tt;
	struct vgrid g;
	double lo = INFINITY, hi = 0, span, plotw, last[3];
	size_t i, j, plotted;
	int k = 0, logx, rows = 1, *row = NULL;

	if (vgrid_get(x, dev, &g) || !g.nn)
		goto out;
	for (i = 0; i < g.nn * g.cols.n; i++) {
		double y = rcfg_median(g.cfg[i], VOCAB_METRIC_GFLOPS);

		if (isfinite(y) && y > 0) {
			lo = fmin(lo, y);
			hi = fmax(hi, y);
		}
	}
	if (!(hi > 0))
		goto out;
	row = calloc(g.nn, sizeof(*row));
	if (!row)
		goto out;
	/* wide sweeps on a log2 axis, so the small sizes stay apart */
	logx = g.nn > 2 && g.ns[0] > 0 && g.ns[g.nn - 1] / g.ns[0] >= 8;
	span = axis_pos(g.ns[g.nn - 1], logx) - axis_pos(g.ns[0], logx);
	/* the plot area: the figure less the y label and tic labels */
	plotw = w - 1.9;
	for (j = 0; j < 3; j++)
		last[j] = -INFINITY;
	for (i = 0; i < g.nn; i++) {
		double at = span > 0 ? (axis_pos(g.ns[i], logx) -
					axis_pos(g.ns[0], logx)) / span * plotw :
			    0, need = tic_width(g.ns[i]);

		for (j = 0; j < 2 && at - last[j] < need; j++)
			;
		row[i] = (int)j;
		last[j] = at;
		rows = (int)j + 1 > rows ? (int)j + 1 : rows;
	}
	k = plot_begin(x, w, h);
	rbuf_init(&ylab);
	rbuf_init(&tt);
	metric_label(x, VOCAB_METRIC_GFLOPS, "GFLOP/s", &ylab);
	rbuf_puts(gp, "set xlabel '");
	rbuf_put_gp(gp, lang_get(x->L, "axis.size"));
	rbuf_printf(gp, "' offset 0,%.2f\nset ylabel '", 0.3 - 0.9 * rows);
	rbuf_put_gp(gp, rbuf_str(&ylab));
	rbuf_puts(gp, "'\n");
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
	rbuf_puts(gp, "set xtics (");
	for (i = 0; i < g.nn; i++)
		/* the label drops by its row; zero height and depth keep
		 * gnuplot's centring of every row alike */
		rbuf_printf(gp, "%s'\\raisebox{-%.1fem}[0pt][0pt]"
			    "{\\footnotesize %d}' %d", i ? ", " : "",
			    0.4 + 1.1 * row[i], g.ns[i], g.ns[i]);
	rbuf_puts(gp, ")\n");
	if (g.nn > 1 && logx)
		rbuf_printf(gp, "set xrange [%.17g:%.17g]\n", g.ns[0] / 1.1,
			    g.ns[g.nn - 1] * 1.1);
	else if (g.nn > 1)
		rbuf_printf(gp, "set xrange [%.17g:%.17g]\n",
			    g.ns[0] - 0.04 * span, g.ns[g.nn - 1] + 0.04 * span);
	else
		rbuf_printf(gp, "set xrange [%.17g:%.17g]\n", g.ns[0] / 1.25,
			    g.ns[0] * 1.25);
	/* the small sizes are the slow ones: the upper left stays free */
	rbuf_puts(gp, "set key inside left top Left reverse maxrows 3 "
		  "samplen 1.5 spacing 1.1 width 1\n");
	for (j = 0; j < g.cols.n; j++) {
		rbuf_printf(gp, "$F%dL%zu << EOD\n", k, j);
		for (i = 0; i < g.nn; i++) {
			double y = rcfg_median(g.cfg[i * g.cols.n + j],
					       VOCAB_METRIC_GFLOPS);

			if (isfinite(y) && y > 0)
				rbuf_printf(gp, "%d %.17g\n", g.ns[i], y);
		}
		rbuf_puts(gp, "EOD\n");
	}
	rbuf_puts(gp, "plot ");
	for (j = 0, plotted = 0; j < g.cols.n; j++) {
		int lib = !strcmp(g.cols.suite[j], VOCAB_SUITE_REFERENCE);

		/* a kernel without a valid point (failed everywhere) has
		 * no line; the tables say why */
		for (i = 0; i < g.nn; i++) {
			double y = rcfg_median(g.cfg[i * g.cols.n + j],
					       VOCAB_METRIC_GFLOPS);

			if (isfinite(y) && y > 0)
				break;
		}
		if (i == g.nn)
			continue;
		rbuf_printf(gp, "%s$F%dL%zu using 1:2 with linespoints lc rgb "
			    "'%s' pt %zu%s title '", plotted++ ? ", \\\n  " :
			    "", k, j, lib ? plot_color(6) :
			    plot_color((int)j), j + 1, lib ? " dt 2" : "");
		rbuf_free(&tt);
		rbuf_put_tex(&tt, g.cols.variant[j], 0);
		rbuf_put_gp(gp, rbuf_str(&tt));
		rbuf_puts(gp, "'");
	}
	rbuf_puts(gp, "\n");
	rbuf_free(&ylab);
	rbuf_free(&tt);
out:
	free(row);
	vgrid_free(&g);
	return k;
}

/* The figures of every GPU: side by side in pairs when there are
 * several. */
static int perf_figures(struct rctx *x)
{
	struct rbuf pics, cap, one, pic;
	char *sub;
	size_t d;
	int rc = 0, k, npic = 0, single = x->ndevs < 2;

	if (single) {
		k = perf_figure(x, 0, 12, 7.5);
		if (!k)
			return 0;
		rbuf_init(&cap);
		emit_string(x, &cap, "vers.fig_caption", NULL, 0);
		rc = emit_figure(x, k, rbuf_str(&cap));
		rbuf_free(&cap);
		return rc;
	}
	sub = tmpl_fragment(x->frags, "subpicture");
	if (!sub)
		return -1;
	rbuf_init(&pics);
	rbuf_init(&cap);
	rbuf_init(&one);
	for (d = 0; d < x->ndevs && !rc; d++) {
		struct kv v[3];

		/* two to a line: each within half the text width */
		k = perf_figure(x, (int)d, 7.9, 6.8);
		if (k) {
			rbuf_init(&pic);
			plot_ref(x, &pic, k);
			rbuf_free(&one);
			dev_label(x, (int)d, &one);
			v[0] = (struct kv){"PICTURE", rbuf_str(&pic)};
			v[1] = (struct kv){"CAPTION", rbuf_str(&one)};
			rc |= tmpl_fill(&pics, sub, v, 2);
			rbuf_free(&pic);
			npic++;
		}
		/* two to a figure */
		if (npic && (npic == 2 || d + 1 == x->ndevs)) {
			char anc[48];

			snprintf(anc, sizeof(anc), "versions-perf-%zu", d);
			rbuf_free(&cap);
			emit_string(x, &cap, "vers.fig_caption", NULL, 0);
			v[0] = (struct kv){"ANCHOR", anc};
			v[1] = (struct kv){"PICTURES", rbuf_str(&pics)};
			v[2] = (struct kv){"CAPTION", rbuf_str(&cap)};
			rc |= emit_fragment(x, "figurepair", v, 3);
			rbuf_free(&pics);
			npic = 0;
		}
	}
	free(sub);
	rbuf_free(&pics);
	rbuf_free(&cap);
	rbuf_free(&one);
	return rc;
}

/* ---- findings ------------------------------------------------------------ */

/* Where a statement's numbers go in its words: escaping turns control
 * characters from the database into '?', so the marker is unique. */
#define NUMS_MARK "\001"

/* One statement of one GPU: head is the sentence with NUMS_MARK where
 * the GPU's numbers (nums) go. GPUs whose heads are the same share one
 * sentence with the numbers of each. */
struct vpart {
	struct rbuf head, nums;
};

static void vparts_init(struct vpart *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		rbuf_init(&p[i].head);
		rbuf_init(&p[i].nums);
	}
}

static void vparts_free(struct vpart *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		rbuf_free(&p[i].head);
		rbuf_free(&p[i].nums);
	}
}

/* Appends the statements of parts p[0..ndevs-1] (empty heads: none) to
 * out: one per distinct head, its numbers per GPU ("GPU 1: ...; GPU 2:
 * ..." when several GPUs are reported), separated by sep; with each
 * statement complete, add(x, f, text) when f is given instead. */
static void vparts_merge(struct rctx *x, struct vpart *p, const char *sep,
			 struct rbuf *out, struct rfind *f)
{
	char *done;
	size_t d, e;
	int first = 1;

	done = calloc(x->ndevs ? x->ndevs : 1, 1);
	if (!done)
		return;
	for (d = 0; d < x->ndevs; d++) {
		struct rbuf nums, s;
		const char *h = rbuf_str(&p[d].head), *m;
		int k = 0;

		if (done[d] || !p[d].head.len)
			continue;
		rbuf_init(&nums);
		rbuf_init(&s);
		for (e = d; e < x->ndevs; e++) {
			struct kv v[2];
			char dl[32];

			if (done[e] || strcmp(h, rbuf_str(&p[e].head)))
				continue;
			done[e] = 1;
			if (k++)
				rbuf_puts(&nums, "; ");
			if (x->ndevs < 2) {
				rbuf_puts(&nums, rbuf_str(&p[e].nums));
				continue;
			}
			snprintf(dl, sizeof(dl), "GPU~%zu", e + 1);
			v[0] = (struct kv){"DEV", dl};
			v[1] = (struct kv){"NUMS", rbuf_str(&p[e].nums)};
			emit_string(x, &nums, "find.vers.dev", v, 2);
		}
		m = strstr(h, NUMS_MARK);
		if (m) {
			rbuf_putn(&s, h, (size_t)(m - h));
			rbuf_puts(&s, rbuf_str(&nums));
			rbuf_puts(&s, m + strlen(NUMS_MARK));
		} else {
			rbuf_puts(&s, h);
		}
		if (f) {
			struct kv v = {"TEXT", rbuf_str(&s)};

			find_add(x, f, "find.vers.sentence", &v, 1);
		} else {
			if (!first)
				rbuf_puts(out, sep);
			rbuf_puts(out, rbuf_str(&s));
		}
		first = 0;
		rbuf_free(&nums);
		rbuf_free(&s);
	}
	free(done);
}

/* A configuration's block in words ("16x16"), nothing for a library. */
static void cfg_block(const struct rcfg *c, struct rbuf *b)
{
	if (c && c->c->block_x > 0)
		block_label(c->c->block_x, c->c->block_y, b);
	else
		rbuf_puts(b, "--");
}

/* \texttt{name} of c's variant. */
static void cfg_name(const struct rcfg *c, struct rbuf *b)
{
	rbuf_puts(b, "\\texttt{");
	rbuf_put_tex(b, c->c->variant, 0);
	rbuf_puts(b, "}");
}

/* A median with the marks of the regime c ran in. */
static void cfg_num(const struct rctx *x, const struct rcfg *c,
		    const char *metric, unsigned common, struct rbuf *b)
{
	find_num(b, rcfg_median(c, metric), 4);
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
		{RG_L2, "regime.l2"}, {RG_THROTTLE, "regime.throttle"},
	};
	unsigned r = rcfg_regime(x, c);
	size_t i;
	int n = 0;

	if (!rcfg_ok(c))
		return;
	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		/* what keeps the point out of "best" (regime.c's
		 * rcfg_steady: a cache-resident product still counts) */
		if (!(r & w[i].bit) || w[i].bit == RG_THROTTLE ||
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
	struct rbuf na, nb, ga, gb, ba, bb, ma, mb, ratio, pv, why;
	char key[128], n[16], sms[16], grid[24];
	const char *word = cmp_word(&s->cmp);
	long long g = rcfg_grid(s->a);
	int few = g > 0 && f->sms > 0 && g < f->sms;
	struct kv v[12];

	if (!isfinite(s->cmp.ratio))
		return;
	rbuf_init(&na);
	rbuf_init(&nb);
	rbuf_init(&ga);
	rbuf_init(&gb);
	rbuf_init(&ba);
	rbuf_init(&bb);
	rbuf_init(&ma);
	rbuf_init(&mb);
	rbuf_init(&ratio);
	rbuf_init(&pv);
	rbuf_init(&why);
	cfg_name(s->a, &na);
	cfg_name(s->b, &nb);
	cfg_num(x, s->a, VOCAB_METRIC_GFLOPS, common, &ga);
	cfg_num(x, s->b, VOCAB_METRIC_GFLOPS, common, &gb);
	cfg_block(s->a, &ba);
	cfg_block(s->b, &bb);
	find_num(&ma, rcfg_median(s->a, VOCAB_METRIC_KERNEL), 4);
	find_num(&mb, rcfg_median(s->b, VOCAB_METRIC_KERNEL), 4);
	find_num(&ratio, s->cmp.ratio, 3);
	p_text(x, &s->cmp, &pv);
	snprintf(n, sizeof(n), "%d", s->n);
	snprintf(sms, sizeof(sms), "%d", f->sms);
	snprintf(grid, sizeof(grid), "%lld", g);
	v[0] = (struct kv){"A", rbuf_str(&na)};
	v[1] = (struct kv){"B", rbuf_str(&nb)};
	v[2] = (struct kv){"N", n};
	v[3] = (struct kv){"SMS", sms};
	v[4] = (struct kv){"GRID", grid};
	if (few)
		emit_string(x, &why, g == 1 ? "find.vers.why_one" :
			    "find.vers.why_few", v + 3, 2);
	v[5] = (struct kv){"WHY", rbuf_str(&why)};
	v[6] = (struct kv){"NUMS", NUMS_MARK};
	/* a step with words of its own (v3 to v4: prefetching) */
	snprintf(key, sizeof(key), "find.vers.step_%s_%s.%s",
		 s->a->c->variant, s->b->c->variant, word);
	if (!lang_find(x->L, key))
		snprintf(key, sizeof(key), "find.vers.step.%s", word);
	emit_string(x, &p->head, key, v, 7);
	v[0] = (struct kv){"GA", rbuf_str(&ga)};
	v[1] = (struct kv){"GB", rbuf_str(&gb)};
	v[2] = (struct kv){"BA", rbuf_str(&ba)};
	v[3] = (struct kv){"BB", rbuf_str(&bb)};
	v[4] = (struct kv){"MSA", rbuf_str(&ma)};
	v[5] = (struct kv){"MSB", rbuf_str(&mb)};
	v[6] = (struct kv){"RATIO", rbuf_str(&ratio)};
	v[7] = (struct kv){"P", rbuf_str(&pv)};
	emit_string(x, &p->nums, few ? "find.vers.step.nums_ms" :
		    "find.vers.step.nums", v, 8);
	rbuf_free(&na);
	rbuf_free(&nb);
	rbuf_free(&ga);
	rbuf_free(&gb);
	rbuf_free(&ba);
	rbuf_free(&bb);
	rbuf_free(&ma);
	rbuf_free(&mb);
	rbuf_free(&ratio);
	rbuf_free(&pv);
	rbuf_free(&why);
}

/* own against the library (pair q, pct): the numbers part of the best,
 * top and unsteady statements. */
static void ref_vars(const struct rctx *x, const struct versions_pair *q,
		     double pct, unsigned common, struct rbuf *gref,
		     struct rbuf *pref, struct rbuf *pv, struct rbuf *lib)
{
	if (!q->a)
		return;
	cfg_num(x, q->a, VOCAB_METRIC_GFLOPS, common, gref);
	find_pct(pref, pct, 3);
	p_text(x, &q->cmp, pv);
	cfg_name(q->a, lib);
}

/* The fastest steady own kernel against the library and the peak; or,
 * when nothing ran steady, that no point counts as best. */
static void best_part(struct rctx *x, const struct versions_facts *f,
		      unsigned common, struct vpart *p)
{
	const struct rcfg *c = f->best ? f->best : f->fastest;
	struct rbuf nm, g, b, gref, pref, pv, lib, ppeak, peak, why;
	char n[16];
	struct kv v[10];

	if (!c)
		return;
	rbuf_init(&nm);
	rbuf_init(&g);
	rbuf_init(&b);
	rbuf_init(&gref);
	rbuf_init(&pref);
	rbuf_init(&pv);
	rbuf_init(&lib);
	rbuf_init(&ppeak);
	rbuf_init(&peak);
	rbuf_init(&why);
	cfg_name(c, &nm);
	cfg_num(x, c, VOCAB_METRIC_GFLOPS, common, &g);
	cfg_block(c, &b);
	snprintf(n, sizeof(n), "%d", c->c->n);
	if (f->best) {
		char clk[32];
		struct kv pk[2];

		struct rbuf pn;

		ref_vars(x, &f->best_ref, f->pct_ref, common, &gref, &pref,
			 &pv, &lib);
		find_pct(&ppeak, f->pct_peak, 3);
		rbuf_init(&pn);
		find_num(&pn, f->peak, 4);
		render_fixed_format(f->clock_mhz, 0, clk, sizeof(clk));
		pk[0] = (struct kv){"PEAK", rbuf_str(&pn)};
		pk[1] = (struct kv){"CLK", clk};
		emit_string(x, &peak, isfinite(f->clock_mhz) ?
			    "find.vers.peak_clk" : "find.vers.peak_rated",
			    pk, 2);
		rbuf_free(&pn);
	} else {
		ref_vars(x, &f->top, f->top_pct, common, &gref, &pref, &pv,
			 &lib);
		regime_words(x, c, &why);
	}
	v[0] = (struct kv){"V", rbuf_str(&nm)};
	v[1] = (struct kv){"N", n};
	v[2] = (struct kv){"WHY", rbuf_str(&why)};
	v[3] = (struct kv){"NUMS", NUMS_MARK};
	emit_string(x, &p->head, f->best ? "find.vers.best" :
		    "find.vers.nosteady", v, 4);
	v[0] = (struct kv){"G", rbuf_str(&g)};
	v[1] = (struct kv){"B", rbuf_str(&b)};
	v[2] = (struct kv){"GREF", rbuf_str(&gref)};
	v[3] = (struct kv){"PREF", rbuf_str(&pref)};
	v[4] = (struct kv){"P", rbuf_str(&pv)};
	v[5] = (struct kv){"LIB", rbuf_str(&lib)};
	v[6] = (struct kv){"PPEAK", rbuf_str(&ppeak)};
	v[7] = (struct kv){"PEAK", rbuf_str(&peak)};
	if (f->best)
		emit_string(x, &p->nums, f->best_ref.a ? "find.vers.best.nums"
			    : "find.vers.best.nums_noref", v, 8);
	else
		emit_string(x, &p->nums, "find.vers.point.nums", v, 2);
	rbuf_free(&nm);
	rbuf_free(&g);
	rbuf_free(&b);
	rbuf_free(&gref);
	rbuf_free(&pref);
	rbuf_free(&pv);
	rbuf_free(&lib);
	rbuf_free(&ppeak);
	rbuf_free(&peak);
	rbuf_free(&why);
}

/* The fastest own point when it is not steady (so not "best"): what
 * it reached and why it does not count. */
static void unsteady_part(struct rctx *x, const struct versions_facts *f,
			  unsigned common, struct vpart *p)
{
	const struct rcfg *c = f->fastest;
	struct rbuf nm, g, b, why;
	char n[16];
	struct kv v[4];

	if (!c || !f->best)
		return;
	rbuf_init(&nm);
	rbuf_init(&g);
	rbuf_init(&b);
	rbuf_init(&why);
	cfg_name(c, &nm);
	cfg_num(x, c, VOCAB_METRIC_GFLOPS, common, &g);
	cfg_block(c, &b);
	regime_words(x, c, &why);
	snprintf(n, sizeof(n), "%d", c->c->n);
	v[0] = (struct kv){"V", rbuf_str(&nm)};
	v[1] = (struct kv){"N", n};
	v[2] = (struct kv){"WHY", rbuf_str(&why)};
	v[3] = (struct kv){"NUMS", NUMS_MARK};
	emit_string(x, &p->head, "find.vers.unsteady", v, 4);
	v[0] = (struct kv){"G", rbuf_str(&g)};
	v[1] = (struct kv){"B", rbuf_str(&b)};
	emit_string(x, &p->nums, "find.vers.point.nums", v, 2);
	rbuf_free(&nm);
	rbuf_free(&g);
	rbuf_free(&b);
	rbuf_free(&why);
}

/* At the largest size that an own kernel ran steady and the library
 * ran: the share of the library, when that is not the best's size. */
static void top_part(struct rctx *x, const struct versions_facts *f,
		     unsigned common, struct vpart *p)
{
	const struct rcfg *c = f->top.b;
	struct rbuf nm, g, b, gref, pref, pv, lib;
	char n[16];
	struct kv v[6];

	if (!c || !f->top.a || c == f->best || !f->best)
		return;
	rbuf_init(&nm);
	rbuf_init(&g);
	rbuf_init(&b);
	rbuf_init(&gref);
	rbuf_init(&pref);
	rbuf_init(&pv);
	rbuf_init(&lib);
	cfg_name(c, &nm);
	cfg_num(x, c, VOCAB_METRIC_GFLOPS, common, &g);
	cfg_block(c, &b);
	ref_vars(x, &f->top, f->top_pct, common, &gref, &pref, &pv, &lib);
	snprintf(n, sizeof(n), "%d", c->c->n);
	v[0] = (struct kv){"V", rbuf_str(&nm)};
	v[1] = (struct kv){"N", n};
	v[2] = (struct kv){"LIB", rbuf_str(&lib)};
	v[3] = (struct kv){"NUMS", NUMS_MARK};
	emit_string(x, &p->head, "find.vers.top", v, 4);
	v[0] = (struct kv){"G", rbuf_str(&g)};
	v[1] = (struct kv){"B", rbuf_str(&b)};
	v[2] = (struct kv){"GREF", rbuf_str(&gref)};
	v[3] = (struct kv){"PREF", rbuf_str(&pref)};
	v[4] = (struct kv){"P", rbuf_str(&pv)};
	emit_string(x, &p->nums, "find.vers.top.nums", v, 5);
	rbuf_free(&nm);
	rbuf_free(&g);
	rbuf_free(&b);
	rbuf_free(&gref);
	rbuf_free(&pref);
	rbuf_free(&pv);
	rbuf_free(&lib);
}

/* One version's best block against the next best. */
static void block_part(struct rctx *x, const struct versions_block *k,
		       unsigned common, struct vpart *p)
{
	struct rbuf nm, b, b2, g, g2, pv;
	char n[16], key[64];
	struct kv v[5];

	rbuf_init(&nm);
	rbuf_init(&b);
	rbuf_init(&b2);
	rbuf_init(&g);
	rbuf_init(&g2);
	rbuf_init(&pv);
	cfg_name(k->best, &nm);
	cfg_block(k->best, &b);
	cfg_block(k->next, &b2);
	cfg_num(x, k->best, VOCAB_METRIC_GFLOPS, common, &g);
	cfg_num(x, k->next, VOCAB_METRIC_GFLOPS, common, &g2);
	p_text(x, &k->cmp, &pv);
	snprintf(n, sizeof(n), "%d", k->n);
	snprintf(key, sizeof(key), "find.vers.block.%s", cmp_word(&k->cmp));
	v[0] = (struct kv){"V", rbuf_str(&nm)};
	v[1] = (struct kv){"B", rbuf_str(&b)};
	v[2] = (struct kv){"B2", rbuf_str(&b2)};
	v[3] = (struct kv){"N", n};
	v[4] = (struct kv){"NUMS", NUMS_MARK};
	emit_string(x, &p->head, key, v, 5);
	v[0] = (struct kv){"G", rbuf_str(&g)};
	v[1] = (struct kv){"G2", rbuf_str(&g2)};
	v[2] = (struct kv){"P", rbuf_str(&pv)};
	emit_string(x, &p->nums, "find.vers.block.nums", v, 3);
	rbuf_free(&nm);
	rbuf_free(&b);
	rbuf_free(&b2);
	rbuf_free(&g);
	rbuf_free(&g2);
	rbuf_free(&pv);
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

/* The findings: each step from a version to the next, the fastest own
 * kernel against the library and the peak, the best block sizes; the
 * words chosen by the numbers and their tests, one sentence for the
 * GPUs where the words agree. */
static int findings(struct rctx *x)
{
	struct versions_facts *f;
	struct vpart *p;
	struct rfind fl;
	struct rbuf list, one;
	unsigned *common;
	size_t d, e, i, nd = x->ndevs;
	int rc = 0;

	f = calloc(nd ? nd : 1, sizeof(*f));
	p = calloc(nd ? nd : 1, sizeof(*p));
	common = calloc(nd ? nd : 1, sizeof(*common));
	if (!f || !p || !common) {
		free(f);
		free(p);
		free(common);
		return -1;
	}
	for (d = 0; d < nd && !rc; d++) {
		rc = facts_versions(x, (int)d, &f[d]);
		common[d] = regime_common(x, (int)d);
	}
	find_init(&fl);
	rbuf_init(&list);
	vparts_init(p, nd);
	if (!rc && facts_untested(f, nd))
		find_add(x, &fl, "find.vers.untested", NULL, 0);
	/* the steps, in the order the GPUs list them */
	for (d = 0; d < nd && !rc; d++)
		for (i = 0; i < f[d].nsteps; i++) {
			const struct versions_pair *s = &f[d].step[i];
			int seen = 0;

			for (e = 0; e < d && !seen; e++) {
				size_t j;

				for (j = 0; j < f[e].nsteps; j++)
					seen |= !strcmp(f[e].step[j].a->c->variant,
							s->a->c->variant) &&
						!strcmp(f[e].step[j].b->c->variant,
							s->b->c->variant);
			}
			if (seen)
				continue;
			vparts_free(p, nd);
			vparts_init(p, nd);
			for (e = d; e < nd; e++) {
				size_t j;

				for (j = 0; j < f[e].nsteps; j++)
					if (!strcmp(f[e].step[j].a->c->variant,
						    s->a->c->variant) &&
					    !strcmp(f[e].step[j].b->c->variant,
						    s->b->c->variant))
						step_part(x, &f[e], &f[e].step[j],
							  common[e], &p[e]);
			}
			vparts_merge(x, p, NULL, NULL, &fl);
		}
	vparts_free(p, nd);
	vparts_init(p, nd);
	for (d = 0; d < nd; d++)
		best_part(x, &f[d], common[d], &p[d]);
	vparts_merge(x, p, NULL, NULL, &fl);
	vparts_free(p, nd);
	vparts_init(p, nd);
	for (d = 0; d < nd; d++)
		unsteady_part(x, &f[d], common[d], &p[d]);
	vparts_merge(x, p, NULL, NULL, &fl);
	vparts_free(p, nd);
	vparts_init(p, nd);
	for (d = 0; d < nd; d++)
		top_part(x, &f[d], common[d], &p[d]);
	vparts_merge(x, p, NULL, NULL, &fl);
	/* the block sizes: one sentence, an item per version */
	for (d = 0; d < nd && !rc; d++)
		for (i = 0; i < f[d].nblocks; i++) {
			const char *v = f[d].block[i].variant;
			int seen = 0;

			for (e = 0; e < d && !seen; e++) {
				size_t j;

				for (j = 0; j < f[e].nblocks; j++)
					seen |= !strcmp(f[e].block[j].variant, v);
			}
			if (seen)
				continue;
			vparts_free(p, nd);
			vparts_init(p, nd);
			for (e = d; e < nd; e++) {
				size_t j;

				for (j = 0; j < f[e].nblocks; j++)
					if (!strcmp(f[e].block[j].variant, v))
						block_part(x, &f[e].block[j],
							   common[e], &p[e]);
			}
			rbuf_init(&one);
			vparts_merge(x, p, "; ", &one, NULL);
			if (one.len && list.len)
				rbuf_puts(&list, "; ");
			rbuf_puts(&list, rbuf_str(&one));
			rbuf_free(&one);
		}
	if (list.len) {
		struct rbuf s;
		struct kv v;

		rbuf_init(&s);
		v = (struct kv){"LIST", rbuf_str(&list)};
		emit_string(x, &s, "find.vers.blocks", &v, 1);
		v = (struct kv){"TEXT", rbuf_str(&s)};
		find_add(x, &fl, "find.vers.sentence", &v, 1);
		rbuf_free(&s);
	}
	vparts_free(p, nd);
	if (!rc)
		rc = find_emit(x, &fl);
	find_free(&fl);
	rbuf_free(&list);
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
	int keep;
	int kernel;		/* holds __global__ */
	int device;		/* a device function, variable or macro */
	char name[64];		/* what other items call it by */
};

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* code: the source with comments, strings and character literals
 * blanked (same length), so that braces and words in them count
 * nowhere. */
static char *code_blank(const char *s, size_t n)
{
	char *c = malloc(n + 1);
	size_t i = 0;

	if (!c)
		return NULL;
	memcpy(c, s, n + 1);
	while (i < n) {
		if (s[i] == '/' && s[i + 1] == '*') {
			c[i] = c[i + 1] = ' ';
			for (i += 2; i < n && !(s[i] == '*' && s[i + 1] == '/');
			     i++)
				if (c[i] != '\n')
					c[i] = ' ';
			if (i < n) {
				c[i] = c[i + 1] = ' ';
				i += 2;
			}
		} else if (s[i] == '/' && s[i + 1] == '/') {
			for (; i < n && s[i] != '\n'; i++)
				c[i] = ' ';
		} else if (s[i] == '"' || s[i] == '\'') {
			char q = s[i++];

			for (; i < n && s[i] != q && s[i] != '\n'; i++) {
				if (s[i] == '\\' && i + 1 < n)
					c[i++] = ' ';
				c[i] = ' ';
			}
			i++;
		} else {
			i++;
		}
	}
	return c;
}

/* 1 when word occurs in c[from, to) as a whole identifier. */
static int has_word(const char *c, size_t from, size_t to, const char *word)
{
	size_t len = strlen(word), i;

	if (!len)
		return 0;
	for (i = from; i + len <= to; i++)
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
	size_t i = it->start, e, b;

	it->name[0] = '\0';
	while (i < it->end && isspace((unsigned char)c[i]))
		i++;
	if (c[i] == '#') {
		for (i++; i < it->end && isspace((unsigned char)c[i]); i++)
			;
		if (strncmp(c + i, "define", 6))
			return;
		for (i += 6; i < it->end && isspace((unsigned char)c[i]); i++)
			;
		for (e = i; e < it->end && ident_char(c[e]); e++)
			;
		snprintf(it->name, sizeof(it->name), "%.*s", (int)(e - i),
			 c + i);
		return;
	}
	for (; i < it->end; i++) {
		if (c[i] != '(' && c[i] != '[' && c[i] != '=' && c[i] != ';' &&
		    c[i] != '{')
			continue;
		for (e = i; e > it->start && isspace((unsigned char)c[e - 1]);
		     e--)
			;
		for (b = e; b > it->start && ident_char(c[b - 1]); b--)
			;
		if (c[i] == '(' && e - b > 2 && !strncmp(c + b, "__", 2)) {
			int depth = 0;

			/* an attribute's arguments */
			for (; i < it->end; i++) {
				depth += c[i] == '(';
				depth -= c[i] == ')';
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
	size_t i = 0, k = 0;

	while (i < n && k < max) {
		size_t start = i, j = i;
		int depth = 0;

		while (j < n && isspace((unsigned char)c[j]))
			j++;
		if (j == n)
			break;
		memset(&it[k], 0, sizeof(it[k]));
		it[k].start = start;
		if (c[j] == '#') {
			/* a directive, with its continuation lines */
			for (; j < n && c[j] != '\n'; j++)
				if (c[j] == '\\' && c[j + 1] == '\n')
					j++;
			it[k].end = j < n ? j + 1 : n;
		} else {
			for (; j < n; j++) {
				if (c[j] == '{' || c[j] == '(' || c[j] == '[')
					depth++;
				else if (c[j] == '}' || c[j] == ')' ||
					 c[j] == ']')
					depth--;
				if (!depth && c[j] == ';')
					break;
				if (!depth && c[j] == '}') {
					size_t q = j + 1;

					while (q < n && (c[q] == ' ' ||
							 c[q] == '\t' ||
							 c[q] == '\n'))
						q++;
					if (q < n && c[q] == ';')
						j = q;
					break;
				}
			}
			it[k].end = j < n ? j + 1 : n;
		}
		i = it[k].end;
		k++;
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
	struct item *it;
	size_t n = strlen(src), k, i, j;
	char *c;
	int kernels = 0, changed = 1, first = 1;

	it = calloc(MAXITEMS, sizeof(*it));
	c = code_blank(src, n);
	if (!it || !c)
		goto whole;
	k = items_split(c, n, it, MAXITEMS);
	for (i = 0; i < k; i++) {
		it[i].kernel = has_word(c, it[i].start, it[i].end,
					"__global__");
		it[i].device = has_word(c, it[i].start, it[i].end,
					"__device__") ||
			       has_word(c, it[i].start, it[i].end,
					"__constant__");
		item_name(c, &it[i]);
		if (!it[i].device && it[i].name[0] &&
		    has_word(c, it[i].start, it[i].end, "define"))
			it[i].device = 1;
		it[i].keep = it[i].kernel;
		kernels += it[i].kernel;
	}
	if (!kernels || k == MAXITEMS)
		goto whole;
	while (changed) {
		changed = 0;
		for (i = 0; i < k; i++) {
			if (it[i].keep || !it[i].device || !it[i].name[0])
				continue;
			for (j = 0; j < k && !it[i].keep; j++)
				if (it[j].keep && has_word(c, it[j].start,
							   it[j].end,
							   it[i].name))
					it[i].keep = changed = 1;
		}
	}
	for (i = 0; i < k; i++) {
		size_t s = it[i].start, e = it[i].end;

		if (!it[i].keep)
			continue;
		/* from the item's first line that is not blank */
		for (j = s; j < e && isspace((unsigned char)src[j]); j++)
			if (src[j] == '\n')
				s = j + 1;
		if (!first)
			rbuf_puts(out, "\n\n");
		rbuf_putn(out, src + s, e - s);
		first = 0;
	}
	rbuf_putc(out, '\n');
	free(it);
	free(c);
	return 1;
whole:
	free(it);
	free(c);
	rbuf_puts(out, src);
	return 0;
}

/* ---- the appendix: every configuration ----------------------------------- */

/* Rows = matrix size, columns = block size, cells = median of metric
 * with its regime marks. */
static int metric_table(struct rctx *x, int dev, int shared,
			const char *variant, const char *metric,
			const char *unit, const struct rsize *sizes, size_t ns,
			const int *blocks, size_t nb, const char *caption_key)
{
	struct rtable t;
	struct rbuf cell, cap, anc, nm, dl, nr, note;
	char kinds[RTABLE_MAXCOLS + 1];
	unsigned seen = 0, common = regime_common(x, dev);
	struct kv v[5];
	size_t i, j;
	int rc;

	if (nb > RTABLE_MAXCOLS - 1)
		nb = RTABLE_MAXCOLS - 1;
	kinds[0] = 'r';
	for (i = 0; i < nb; i++)
		kinds[i + 1] = 'S';
	kinds[nb + 1] = '\0';
	rtable_init(&t, kinds);
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&nm);
	rbuf_init(&dl);
	rbuf_init(&nr);
	rbuf_init(&note);
	rtable_head_span(&t, 1, "");
	rtable_head_span(&t, (int)nb, lang_get(x->L, "word.block_size"));
	rtable_head_end(&t);
	rtable_head(&t, "\\(n\\)");
	for (j = 0; j < nb; j++) {
		rbuf_free(&cell);
		block_label(blocks[j], blocks[j], &cell);
		rtable_head(&t, rbuf_str(&cell));
	}
	rtable_head_end(&t);
	for (i = 0; i < ns; i++) {
		rbuf_free(&cell);
		size_label(&sizes[i], &cell);
		rtable_text(&t, rbuf_str(&cell));
		for (j = 0; j < nb; j++) {
			const struct rcfg *c = model_find_size(x, dev,
				VOCAB_SUITE_VERSIONS, variant, &sizes[i],
				blocks[j]);

			if (cell_status(x, &t, c))
				continue;
			num_marked(x, &t, rcfg_median(c, metric), c, common,
				   &seen);
		}
		rtable_row_end(&t);
	}
	metric_label(x, metric, unit, &nm);
	rbuf_free(&cell);
	rbuf_put_tex(&cell, variant, 0);
	dev_part(x, dev, shared, &dl);
	sample_range(x, dev, VOCAB_SUITE_VERSIONS, variant, metric,
		     "word.samples_of", &nr);
	v[0] = (struct kv){"METRIC", rbuf_str(&nm)};
	v[1] = (struct kv){"NAME", rbuf_str(&cell)};
	v[2] = (struct kv){"DEV", rbuf_str(&dl)};
	v[3] = (struct kv){"SAMPLES", rbuf_str(&nr)};
	emit_string(x, &cap, caption_key, v, 4);
	rbuf_puts(&anc, "versions ");
	anchor_dev(x, dev, shared, &anc);
	rbuf_printf(&anc, " variant=%s metric=%s", variant, metric);
	regime_text(x, seen, common, &note);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
			rbuf_str(&note));
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&nm);
	rbuf_free(&dl);
	rbuf_free(&nr);
	rbuf_free(&note);
	return rc;
}

/* Report G's table: rows = block and size, columns = the statistics of
 * metric and the sample count n. */
static int stats_table(struct rctx *x, int dev, int shared,
		       const char *variant, const char *metric,
		       const char *unit, const struct rsize *sizes, size_t ns,
		       const int *blocks, size_t nb)
{
	struct rtable t;
	struct rbuf cell, cap, anc, nm, dl;
	struct kv v[3];
	size_t i, j;
	int k, rc;

	rtable_init(&t, "lrSSSSSS");
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&nm);
	rbuf_init(&dl);
	rtable_head(&t, lang_get(x->L, "word.block_size"));
	rtable_head(&t, lang_get(x->L, "word.size"));
	rtable_head(&t, lang_get(x->L, "stat.min"));
	rtable_head(&t, lang_get(x->L, "stat.max"));
	rtable_head(&t, lang_get(x->L, "stat.avg"));
	rtable_head(&t, lang_get(x->L, "stat.median"));
	rtable_head(&t, lang_get(x->L, "stat.stddev"));
	rtable_head(&t, "\\(n\\)");
	rtable_head_end(&t);
	for (j = 0; j < nb; j++) {
		rtable_gap(&t);
		for (i = 0; i < ns; i++) {
			const struct rcfg *c = model_find_size(x, dev,
				VOCAB_SUITE_VERSIONS, variant, &sizes[i],
				blocks[j]);
			const struct store_stat *s;

			if (!c)
				continue;
			rbuf_free(&cell);
			block_label(c->c->block_x, c->c->block_y, &cell);
			rtable_text(&t, rbuf_str(&cell));
			rbuf_free(&cell);
			size_label(&sizes[i], &cell);
			rtable_text(&t, rbuf_str(&cell));
			if (cell_status(x, &t, c)) {
				rtable_row_end(&t);
				continue;
			}
			s = rcfg_stat(c, metric);
			for (k = 0; k < 5; k++)
				rtable_num(&t, !s ? NAN : k == 0 ? s->s.min :
					   k == 1 ? s->s.max : k == 2 ?
					   s->s.mean : k == 3 ? s->s.median :
					   s->s.stddev, -1, 0);
			if (s)
				rtable_int(&t, (long long)s->s.n);
			rtable_row_end(&t);
		}
	}
	metric_label(x, metric, unit, &nm);
	rbuf_free(&cell);
	rbuf_put_tex(&cell, variant, 0);
	dev_part(x, dev, shared, &dl);
	v[0] = (struct kv){"METRIC", rbuf_str(&nm)};
	v[1] = (struct kv){"NAME", rbuf_str(&cell)};
	v[2] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, "versions.stats", v, 3);
	rbuf_puts(&anc, "versions-stats ");
	anchor_dev(x, dev, shared, &anc);
	rbuf_printf(&anc, " variant=%s metric=%s", variant, metric);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc), NULL);
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&nm);
	rbuf_free(&dl);
	return rc;
}

/* The unit a counter figure of variant was stored with ("GIPS"), NULL
 * if absent. */
static const char *counter_unit(const struct rctx *x, int dev,
				const char *variant, const char *metric)
{
	const struct store_stat *st;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];

		if (r->dev != dev ||
		    strcmp(r->c->suite, VOCAB_SUITE_VERSIONS) ||
		    strcmp(r->c->variant, variant))
			continue;
		st = rcfg_stat(r, metric);
		if (st)
			return st->unit;
	}
	return NULL;
}

/* Report P's GIPS and CGMA tables, from the counter pass; where this
 * kernel has none on this device while others have, why. */
static int counter_part(struct rctx *x, int dev, int shared,
			const char *variant, const struct rsize *sizes,
			size_t ns, const int *blocks, size_t nb)
{
	static const char *const figs[] = {
		VOCAB_METRIC_GIPS, VOCAB_METRIC_CGMA
	};
	const char *unit, *why;
	struct rbuf t;
	struct kv v[1];
	size_t i;
	int rc = 0;

	if (!model_has_counters(x, dev, VOCAB_SUITE_VERSIONS, variant)) {
		/* the appendix's opening says it once when no kernel has
		 * any */
		if (!model_has_counters(x, -1, VOCAB_SUITE_VERSIONS, NULL))
			return 0;
		rbuf_init(&t);
		why = model_counters_why(x, dev, VOCAB_SUITE_VERSIONS);
		if (why) {
			struct rbuf w;

			rbuf_init(&w);
			rbuf_put_prose(&w, why, 1);
			v[0] = (struct kv){"WHY", rbuf_str(&w)};
			emit_string(x, &t, "versions.counters_unavailable", v,
				    1);
			rbuf_free(&w);
		} else {
			rbuf_puts(&t, lang_get(x->L,
					       "versions.counters_missing"));
		}
		emit_par(x, rbuf_str(&t));
		rbuf_free(&t);
		return 0;
	}
	for (i = 0; i < 2 && !rc; i++) {
		unit = counter_unit(x, dev, variant, figs[i]);
		if (unit)
			rc = metric_table(x, dev, shared, variant, figs[i],
					  unit, sizes, ns, blocks, nb,
					  "versions.counter_table");
	}
	return rc;
}

/* One GPU's tables of one version: medians by size and block for every
 * metric, the counters, the statistics of the times, the
 * configurations that did not run. */
static int data_part(struct rctx *x, int dev, int shared, void *arg)
{
	const char *variant = arg;
	const char **mn = NULL, **mu = NULL;
	struct rsize *sizes = NULL;
	int *blocks = NULL;
	size_t ns, nb, nm, m, i;
	int has = 0, rc = 0;

	for (i = 0; i < x->ncfgs; i++)
		has |= x->cfgs[i].dev == dev &&
		       !strcmp(x->cfgs[i].c->suite, VOCAB_SUITE_VERSIONS) &&
		       !strcmp(x->cfgs[i].c->variant, variant);
	if (!has)
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
	if (!rc)
		rc = counter_part(x, dev, shared, variant, sizes, ns, blocks,
				  nb);
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

static int kernel_part(struct rctx *x, const char *variant)
{
	const struct store_kernel *k = NULL;
	struct rbuf h, name;
	struct kv v[2];
	size_t i;
	int rc = 0;

	rbuf_init(&h);
	rbuf_init(&name);
	rbuf_put_tex(&name, variant, 0);
	v[0] = (struct kv){"NAME", rbuf_str(&name)};
	emit_string(x, &h, "versions.kernel", v, 1);
	emit_heading(x, 1, rbuf_str(&h));
	rbuf_free(&h);

	for (i = 0; i < x->ncfgs && !k; i++)
		if (!strcmp(x->cfgs[i].c->suite, VOCAB_SUITE_VERSIONS) &&
		    !strcmp(x->cfgs[i].c->variant, variant))
			k = model_kernel(x, variant,
					 x->cfgs[i].c->session_id);
	if (k && k->description && *k->description) {
		rbuf_put_prose(&h, k->description, 0);
		emit_par(x, rbuf_str(&h));
		rbuf_free(&h);
	} else {
		emit_par(x, lang_get(x->L, "versions.nodesc"));
	}
	if (k && k->source && *k->source) {
		struct rbuf code;
		struct kv lv;
		char sid[32];
		int trimmed;

		rbuf_init(&code);
		trimmed = listing_trim(k->source, &code);
		snprintf(sid, sizeof(sid), "%lld", (long long)k->session_id);
		v[1] = (struct kv){"SESSION", sid};
		emit_string(x, &h, trimmed ? "vers.source_trimmed" :
			    "versions.source", v, 2);
		emit_par(x, rbuf_str(&h));
		rbuf_free(&h);
		rbuf_put_listing(&h, rbuf_str(&code));
		lv = (struct kv){"CODE", rbuf_str(&h)};
		rc = emit_fragment(x, "listing", &lv, 1);
		rbuf_free(&h);
		rbuf_free(&code);
	} else {
		emit_par(x, lang_get(x->L, "versions.nosource"));
	}
	if (!rc)
		rc = emit_once(x, occ_part, (void *)variant);
	if (!rc)
		rc = emit_once(x, data_part, (void *)variant);
	rbuf_free(&h);
	rbuf_free(&name);
	return rc;
}

/* ---- the sections -------------------------------------------------------- */

/* The opening: the question, then each version in a sentence (its
 * stored description). */
static void versions_list(struct rctx *x)
{
	const char **vv = NULL;
	struct rbuf items, one, nm, ds;
	char *frag = tmpl_fragment(x->frags, "item");
	size_t nv, i;

	nv = versions_names(x, -1, &vv);
	rbuf_init(&items);
	rbuf_init(&one);
	rbuf_init(&nm);
	rbuf_init(&ds);
	for (i = 0; i < nv && frag; i++) {
		const struct store_kernel *k = NULL;
		struct kv v[2];
		size_t j;

		for (j = 0; j < x->ncfgs && !k; j++)
			if (!strcmp(x->cfgs[j].c->suite,
				    VOCAB_SUITE_VERSIONS) &&
			    !strcmp(x->cfgs[j].c->variant, vv[i]))
				k = model_kernel(x, vv[i],
						 x->cfgs[j].c->session_id);
		rbuf_free(&one);
		rbuf_free(&nm);
		rbuf_free(&ds);
		rbuf_put_tex(&nm, vv[i], 0);
		if (k && k->description && *k->description)
			rbuf_put_prose(&ds, k->description, 0);
		else
			rbuf_puts(&ds, lang_get(x->L, "versions.nodesc"));
		v[0] = (struct kv){"NAME", rbuf_str(&nm)};
		v[1] = (struct kv){"DESC", rbuf_str(&ds)};
		emit_string(x, &one, "vers.item", v, 2);
		v[0] = (struct kv){"TEXT", rbuf_str(&one)};
		tmpl_fill(&items, frag, v, 1);
	}
	if (items.len) {
		struct kv lv = {"ITEMS", rbuf_str(&items)};

		emit_fragment(x, "list", &lv, 1);
	}
	free(frag);
	free(vv);
	rbuf_free(&items);
	rbuf_free(&one);
	rbuf_free(&nm);
	rbuf_free(&ds);
}

/* Text dense with numbers and long words (Polish, German): TeX may
 * stretch a line's spaces rather than push a word into the margin.
 * The group ends with the section. */
static void stretch_begin(struct rctx *x)
{
	rbuf_puts(&x->body, "\\begingroup\\setlength{\\emergencystretch}"
		  "{3em}\n");
}

static void stretch_end(struct rctx *x)
{
	rbuf_puts(&x->body, "\\endgroup\n");
}

static int sec_versions_body(struct rctx *x);
static int app_versions_body(struct rctx *x);

int sec_versions(struct rctx *x)
{
	int rc;

	stretch_begin(x);
	rc = sec_versions_body(x);
	stretch_end(x);
	return rc;
}

int app_versions(struct rctx *x)
{
	int rc;

	stretch_begin(x);
	rc = app_versions_body(x);
	stretch_end(x);
	return rc;
}

static int sec_versions_body(struct rctx *x)
{
	struct rbuf t;
	int rc;

	emit_heading(x, 0, lang_get(x->L, "versions.title"));
	if (!model_has_suite(x, -1, VOCAB_SUITE_VERSIONS)) {
		emit_par(x, lang_get(x->L, "versions.absent"));
		return 0;
	}
	rbuf_init(&t);
	rbuf_puts(&t, lang_get(x->L, "vers.intro"));
	if (app_listed(x)) {
		rbuf_putc(&t, ' ');
		rbuf_puts(&t, lang_get(x->L, "vers.intro_app"));
	}
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
	if (!rc)
		rc = findings(x);
	return rc;
}

static int app_versions_body(struct rctx *x)
{
	const char **vv = NULL;
	size_t nv, i;
	int rc = 0;

	emit_heading(x, 0, lang_get(x->L, "versions.app_title"));
	rbuf_puts(&x->body, "\\label{app:versions}\n");
	if (!model_has_suite(x, -1, VOCAB_SUITE_VERSIONS)) {
		emit_par(x, lang_get(x->L, "versions.absent"));
		return 0;
	}
	emit_par(x, lang_get(x->L, "vers.app_intro"));
	if (model_has_counters(x, -1, VOCAB_SUITE_VERSIONS, NULL)) {
		emit_par(x, lang_get(x->L, "versions.counters_intro"));
	} else {
		/* once for the section: why report P's GIPS and CGMA
		 * tables are missing */
		const char *why = model_counters_why(x, -1,
						     VOCAB_SUITE_VERSIONS);
		struct rbuf t, w;
		struct kv v[1];

		rbuf_init(&t);
		rbuf_init(&w);
		if (why) {
			rbuf_put_prose(&w, why, 1);
			v[0] = (struct kv){"WHY", rbuf_str(&w)};
			emit_string(x, &t, "versions.counters_unavailable", v,
				    1);
		} else {
			rbuf_puts(&t, lang_get(x->L,
					       "versions.counters_none"));
		}
		emit_par(x, rbuf_str(&t));
		rbuf_free(&t);
		rbuf_free(&w);
	}
	nv = versions_names(x, -1, &vv);
	for (i = 0; i < nv && !rc; i++)
		rc = kernel_part(x, vv[i]);
	free(vv);
	return rc;
}
