/* The `versions` suite (report P): per kernel its description, source,
 * occupancy, size x block tables and figures; then all versions side by
 * side. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

static int is_time_unit(const char *u)
{
	return u && (!strcmp(u, "ms") || !strcmp(u, "s") ||
		     !strcmp(u, "us"));
}

/* measure names the limiting resources as a list ("warps, registers"
 * when two limits tie); each is translated, and they are joined by sep. */
static void limiter_text(const struct rctx *x, const char *lim,
			 const char *sep, struct rbuf *b)
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
		snprintf(key, sizeof(key), "limiter.%s", one);
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

static double prop_num(const struct store_device *d, const char *key)
{
	const struct store_prop *p = model_prop(d, key);

	return p && p->has_num ? p->num : NAN;
}

/* A memory size property in bytes, whatever unit it was stored in. */
static double prop_bytes(const struct store_device *d, const char *key)
{
	const struct store_prop *p = model_prop(d, key);
	double f = 1;

	if (!p || !p->has_num)
		return NAN;
	if (p->unit && !strcmp(p->unit, "KiB"))
		f = 1024;
	else if (p->unit && !strcmp(p->unit, "MiB"))
		f = 1048576;
	else if (p->unit && !strcmp(p->unit, "GiB"))
		f = 1073741824;
	return p->num * f;
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

		if (r->dev != dev || strcmp(r->c->suite, "versions") ||
		    strcmp(r->c->variant, variant) || r->c->block_x != block)
			continue;
		a = model_kattr(x, r->c->session_id, variant, block);
		if (a)
			return a;
	}
	return NULL;
}

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
		/* one limit a line: three tied limits in one line are wider
		 * than any number of the column */
		rbuf_init(&b);
		rbuf_puts(&b, "\\begin{tabular}[t]{@{}c@{}}");
		limiter_text(x, *(char *const *)f, "\\\\", &b);
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
		return prop_bytes(d, r->prop);
	case OCC_PROP_WARPS:
		return prop_num(d, r->prop) / warp;
	case OCC_FULL:
		return 100;
	case OCC_NONE:
		break;
	}
	return NAN;
}

/* Report P's occupancy table: one column per block size and the GPU's
 * limits in the last; the text under it names the limiting factor. */
static int occupancy_table(struct rctx *x, int dev, const char *variant,
			   const int *blocks, size_t nb)
{
	const struct store_device *d = x->devs[dev];
	const struct store_kattr *a[RTABLE_MAXCOLS];
	struct rtable t;
	struct rbuf cell, cap, anc, text;
	char kinds[RTABLE_MAXCOLS + 1];
	double warp = prop_num(d, "warp_size");
	size_t i, r, any = 0;
	int rc;

	if (nb > RTABLE_MAXCOLS - 2)
		nb = RTABLE_MAXCOLS - 2;
	for (i = 0; i < nb; i++) {
		a[i] = kattr_for(x, dev, variant, blocks[i]);
		any += a[i] != NULL;
	}
	if (!any) {
		emit_par(x, lang_get(x->L, "occ.none"));
		return 0;
	}
	if (!isfinite(warp) || warp <= 0)
		warp = 32;
	kinds[0] = 'l';
	for (i = 0; i < nb; i++)
		kinds[i + 1] = 'S';
	kinds[nb + 1] = 'S';
	kinds[nb + 2] = '\0';
	rtable_init(&t, kinds);
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&text);
	/* "Block size" once above the blocks, as in the metric tables,
	 * keeps the columns as narrow as their numbers */
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
	rbuf_put_tex(&cap, variant, 0);
	{
		struct rbuf dl, c2;
		struct kv v[2];

		rbuf_init(&dl);
		rbuf_init(&c2);
		dev_suffix(x, dev, &dl);
		v[0] = (struct kv){"NAME", rbuf_str(&cap)};
		v[1] = (struct kv){"DEV", rbuf_str(&dl)};
		emit_string(x, &c2, "occ.caption", v, 2);
		rbuf_printf(&anc, "occupancy dev=%lld variant=%s",
			    (long long)d->id, variant);
		rc = emit_table(x, &t, rbuf_str(&c2), rbuf_str(&anc),
				lang_get(x->L, "occ.note"));
		rbuf_free(&dl);
		rbuf_free(&c2);
	}
	/* the limiting factor, in words */
	for (i = 0; i < nb; i++) {
		struct rbuf bl, li, oc;
		struct kv v[3];
		char num[32];

		if (!a[i])
			continue;
		rbuf_init(&bl);
		rbuf_init(&li);
		rbuf_init(&oc);
		block_label(blocks[i], a[i]->block_y, &bl);
		limiter_text(x, a[i]->limiter, ", ", &li);
		render_fixed_format(100.0 * a[i]->occupancy, 1, num,
				    sizeof(num));
		rbuf_printf(&oc, "\\num{%s}", num);
		v[0] = (struct kv){"BLOCK", rbuf_str(&bl)};
		v[1] = (struct kv){"LIMITER", rbuf_str(&li)};
		v[2] = (struct kv){"OCC", rbuf_str(&oc)};
		emit_string(x, &text, "occ.limited_by", v, 3);
		rbuf_putc(&text, ' ');
		rbuf_free(&bl);
		rbuf_free(&li);
		rbuf_free(&oc);
	}
	emit_par(x, rbuf_str(&text));
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&text);
	return rc;
}

/* Rows = matrix size, columns = block size, cells = median of metric. */
static int metric_table(struct rctx *x, int dev, const char *variant,
			const char *metric, const char *unit,
			const struct rsize *sizes, size_t ns, const int *blocks,
			size_t nb, const char *caption_key)
{
	struct rtable t;
	struct rbuf cell, cap, anc, nm, dl, nr;
	char kinds[RTABLE_MAXCOLS + 1];
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
				"versions", variant, &sizes[i], blocks[j]);

			if (cell_status(x, &t, c))
				continue;
			rtable_num(&t, rcfg_median(c, metric), -1, 0);
		}
		rtable_row_end(&t);
	}
	metric_label(x, metric, unit, &nm);
	rbuf_free(&cell);
	rbuf_put_tex(&cell, variant, 0);
	dev_suffix(x, dev, &dl);
	sample_range(x, dev, "versions", variant, metric, "word.samples_of",
		     &nr);
	v[0] = (struct kv){"METRIC", rbuf_str(&nm)};
	v[1] = (struct kv){"NAME", rbuf_str(&cell)};
	v[2] = (struct kv){"DEV", rbuf_str(&dl)};
	v[3] = (struct kv){"SAMPLES", rbuf_str(&nr)};
	emit_string(x, &cap, caption_key, v, 4);
	rbuf_printf(&anc, "versions dev=%lld variant=%s metric=%s",
		    (long long)x->devs[dev]->id, variant, metric);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc), NULL);
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&nm);
	rbuf_free(&dl);
	rbuf_free(&nr);
	return rc;
}

/* Issue 2's table: rows = block and size, columns = the statistics of
 * metric and the sample count n. */
static int stats_table(struct rctx *x, int dev, const char *variant,
		       const char *metric, const char *unit,
		       const struct rsize *sizes, size_t ns, const int *blocks,
		       size_t nb)
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
				"versions", variant, &sizes[i], blocks[j]);
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
	dev_suffix(x, dev, &dl);
	v[0] = (struct kv){"METRIC", rbuf_str(&nm)};
	v[1] = (struct kv){"NAME", rbuf_str(&cell)};
	v[2] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, "versions.stats", v, 3);
	rbuf_printf(&anc, "versions-stats dev=%lld variant=%s metric=%s",
		    (long long)x->devs[dev]->id, variant, metric);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc), NULL);
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&nm);
	rbuf_free(&dl);
	return rc;
}

/* Sizes span a wide range: a log2 axis shows each of them. */
static int wide_sizes(const struct rsize *v, size_t n)
{
	return n > 2 && v[0].n > 0 && v[n - 1].n / v[0].n >= 8;
}

/* Against n: the figure of a rectangular kernel shows the output width. */
static int metric_figure(struct rctx *x, int dev, const char *variant,
			 const char *metric, const char *unit,
			 const struct rsize *sizes, size_t ns,
			 const int *blocks, size_t nb, const char *caption_key)
{
	struct pline *l;
	struct rbuf *titles, ylab, cap, nm, dl;
	struct pspec ps;
	double *xs, *ys, lo = INFINITY, hi = 0;
	size_t i, j;
	int k, rc = 0;
	struct kv v[3];

	l = calloc(nb ? nb : 1, sizeof(*l));
	titles = calloc(nb ? nb : 1, sizeof(*titles));
	xs = calloc(ns ? ns : 1, sizeof(*xs));
	ys = calloc((ns ? ns : 1) * (nb ? nb : 1), sizeof(*ys));
	if (!l || !titles || !xs || !ys) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < ns; i++)
		xs[i] = sizes[i].n;
	for (j = 0; j < nb; j++) {
		rbuf_init(&titles[j]);
		rbuf_printf(&titles[j], "%s ", lang_get(x->L, "word.block"));
		block_label(blocks[j], blocks[j], &titles[j]);
		for (i = 0; i < ns; i++) {
			const struct rcfg *c = model_find_size(x, dev,
				"versions", variant, &sizes[i], blocks[j]);
			double y = rcfg_median(c, metric);

			ys[j * ns + i] = y;
			if (isfinite(y) && y > 0) {
				lo = fmin(lo, y);
				hi = fmax(hi, y);
			}
		}
		l[j] = (struct pline){rbuf_str(&titles[j]), xs, ys + j * ns,
				      ns, PL_LINE, (int)j, (int)j};
	}
	rbuf_init(&ylab);
	metric_label(x, metric, unit, &ylab);
	memset(&ps, 0, sizeof(ps));
	ps.xlabel = lang_get(x->L, "axis.size");
	ps.ylabel = rbuf_str(&ylab);
	ps.logx = wide_sizes(sizes, ns) ? 2 : 0;
	ps.logy = is_time_unit(unit) && hi > 50 * lo ? 10 : 0;
	ps.yzero = !ps.logy;
	ps.w = 14;
	ps.h = 7;
	k = plot_lines(x, &ps, l, nb);
	rbuf_init(&cap);
	rbuf_init(&nm);
	rbuf_init(&dl);
	metric_name(x, metric, &nm);
	dev_suffix(x, dev, &dl);
	{
		struct rbuf name;

		rbuf_init(&name);
		rbuf_put_tex(&name, variant, 0);
		v[0] = (struct kv){"METRIC", rbuf_str(&nm)};
		v[1] = (struct kv){"NAME", rbuf_str(&name)};
		v[2] = (struct kv){"DEV", rbuf_str(&dl)};
		emit_string(x, &cap, caption_key, v, 3);
		rc = emit_figure(x, k, rbuf_str(&cap));
		rbuf_free(&name);
	}
	rbuf_free(&ylab);
	rbuf_free(&cap);
	rbuf_free(&nm);
	rbuf_free(&dl);
out:
	if (titles)
		for (j = 0; j < nb; j++)
			rbuf_free(&titles[j]);
	free(titles);
	free(l);
	free(xs);
	free(ys);
	return rc;
}

/* The unit a counter figure was stored with ("GIPS"), NULL if absent. */
static const char *counter_unit(const struct rctx *x, int dev,
				const char *variant, const char *metric)
{
	const struct store_stat *st;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];

		if (r->dev != dev || strcmp(r->c->suite, "versions") ||
		    strcmp(r->c->variant, variant))
			continue;
		st = rcfg_stat(r, metric);
		if (st)
			return st->unit;
	}
	return NULL;
}

/* Report P's GIPS and CGMA tables and figures, from the counter pass;
 * where this kernel has none on this device while others have, why. */
static int counter_part(struct rctx *x, int dev, const char *variant,
			const struct rsize *sizes, size_t ns,
			const int *blocks, size_t nb)
{
	static const char *const figs[] = { "gips", "cgma" };
	const char *unit, *why;
	struct rbuf t;
	struct kv v[1];
	size_t i;
	int rc = 0;

	if (!model_has_counters(x, dev, "versions", variant)) {
		/* the section's opening says it once when no kernel has
		 * any (sec_versions) */
		if (!model_has_counters(x, -1, "versions", NULL))
			return 0;
		rbuf_init(&t);
		why = model_counters_why(x, dev, "versions");
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
		if (!unit)
			continue;
		rc |= metric_table(x, dev, variant, figs[i], unit, sizes, ns,
				   blocks, nb, "versions.counter_table");
		rc |= metric_figure(x, dev, variant, figs[i], unit, sizes, ns,
				    blocks, nb, "versions.counter_figure");
	}
	return rc;
}

static int kernel_part(struct rctx *x, const char *variant)
{
	const struct store_kernel *k = NULL;
	struct rbuf h, name;
	struct kv v[2];
	size_t i, d;
	int rc = 0;

	rbuf_init(&h);
	rbuf_init(&name);
	rbuf_put_tex(&name, variant, 0);
	v[0] = (struct kv){"NAME", rbuf_str(&name)};
	emit_string(x, &h, "versions.kernel", v, 1);
	emit_heading(x, 1, rbuf_str(&h));
	rbuf_free(&h);

	for (i = 0; i < x->ncfgs && !k; i++)
		if (!strcmp(x->cfgs[i].c->suite, "versions") &&
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
		struct kv lv;
		char sid[32];

		snprintf(sid, sizeof(sid), "%lld", (long long)k->session_id);
		v[1] = (struct kv){"SESSION", sid};
		emit_string(x, &h, "versions.source", v, 2);
		emit_par(x, rbuf_str(&h));
		rbuf_free(&h);
		rbuf_put_listing(&h, k->source);
		lv = (struct kv){"CODE", rbuf_str(&h)};
		rc |= emit_fragment(x, "listing", &lv, 1);
		rbuf_free(&h);
	} else {
		emit_par(x, lang_get(x->L, "versions.nosource"));
	}

	for (d = 0; d < x->ndevs && !rc; d++) {
		const char **mn = NULL, **mu = NULL;
		struct rsize *sizes = NULL;
		int *blocks = NULL;
		size_t ns, nb, nm, m;
		int has = 0;

		for (i = 0; i < x->ncfgs; i++)
			has |= x->cfgs[i].dev == (int)d &&
			       !strcmp(x->cfgs[i].c->suite, "versions") &&
			       !strcmp(x->cfgs[i].c->variant, variant);
		if (!has)
			continue;
		emit_dev_heading(x, 2, (int)d);
		ns = model_sizes(x, (int)d, "versions", variant, &sizes);
		nb = model_ints(x, (int)d, "versions", variant, NULL, 'b',
				&blocks);
		rc |= occupancy_table(x, (int)d, variant, blocks, nb);
		nm = metric_list(x, (int)d, "versions", variant, &mn, &mu);
		if (!nm)
			emit_par(x, lang_get(x->L, "versions.nodata"));
		for (m = 0; m < nm && !rc; m++) {
			rc |= metric_table(x, (int)d, variant, mn[m], mu[m],
					   sizes, ns, blocks, nb,
					   "versions.table");
			rc |= metric_figure(x, (int)d, variant, mn[m], mu[m],
					    sizes, ns, blocks, nb,
					    "versions.figure");
		}
		if (!rc)
			rc = counter_part(x, (int)d, variant, sizes, ns,
					  blocks, nb);
		/* the distribution behind the medians, for each time */
		for (m = 0; m < nm && !rc; m++)
			if (is_time_unit(mu[m]))
				rc |= stats_table(x, (int)d, variant, mn[m],
						  mu[m], sizes, ns, blocks,
						  nb);
		problems_list(x, (int)d, "versions", variant);
		free(mn);
		free(mu);
		free(sizes);
		free(blocks);
	}
	rbuf_free(&h);
	rbuf_free(&name);
	return rc;
}

/* All versions (and the library reference) at their best block size. */
static int comparison(struct rctx *x)
{
	size_t d;
	int rc = 0;

	/* one version and no reference: nothing to compare */
	for (d = 0; d < x->ndevs; d++) {
		const char **v1 = NULL, **r1 = NULL;
		size_t n = model_names(x, (int)d, "versions", NULL, 'v', &v1) +
			   model_names(x, (int)d, "reference", NULL, 'v', &r1);

		free(v1);
		free(r1);
		if (n > 1)
			break;
	}
	if (d == x->ndevs)
		return 0;
	emit_heading(x, 1, lang_get(x->L, "versions.compare"));
	emit_par(x, lang_get(x->L, "versions.compare_text"));
	for (d = 0; d < x->ndevs && !rc; d++) {
		const char **vv = NULL, **rv = NULL;
		struct rsize *all = NULL;
		size_t nv, nr, nall, i, j, ncol;
		struct rtable t;
		struct rbuf cell, cap, anc, dl;
		struct pline *l;
		struct rbuf *titles;
		double *xs, *ys;
		char kinds[RTABLE_MAXCOLS + 1];
		struct pspec ps;
		struct kv v[1];
		int k;

		nv = model_names(x, (int)d, "versions", NULL, 'v', &vv);
		if (!nv) {
			free(vv);
			continue;
		}
		nr = model_names(x, (int)d, "reference", NULL, 'v', &rv);
		/* sizes of the versions; the reference only where it meets
		 * them */
		nall = model_sizes(x, (int)d, "versions", NULL, &all);
		ncol = nv + nr;
		if (ncol > RTABLE_MAXCOLS - 1)
			ncol = RTABLE_MAXCOLS - 1;
		l = calloc(ncol + 1, sizeof(*l));
		titles = calloc(ncol + 1, sizeof(*titles));
		xs = calloc(nall + 1, sizeof(*xs));
		ys = calloc((nall + 1) * (ncol + 1), sizeof(*ys));
		if (!all || !l || !titles || !xs || !ys) {
			rc = -1;
			goto next;
		}
		kinds[0] = 'r';
		for (i = 0; i < ncol; i++)
			kinds[i + 1] = 'S';
		kinds[ncol + 1] = '\0';
		rtable_init(&t, kinds);
		rbuf_init(&cell);
		rbuf_init(&cap);
		rbuf_init(&anc);
		rbuf_init(&dl);
		rtable_head(&t, "\\(n\\)");
		for (j = 0; j < ncol; j++) {
			rbuf_init(&titles[j]);
			rbuf_put_tex(&titles[j], j < nv ? vv[j] : rv[j - nv],
				     0);
			rtable_head(&t, rbuf_str(&titles[j]));
		}
		rtable_head_end(&t);
		for (i = 0; i < nall; i++) {
			xs[i] = all[i].n;
			rbuf_free(&cell);
			size_label(&all[i], &cell);
			rtable_text(&t, rbuf_str(&cell));
			for (j = 0; j < ncol; j++) {
				const char *s = j < nv ? "versions" :
						"reference";
				const char *vn = j < nv ? vv[j] : rv[j - nv];
				double g = best_gflops(x, (int)d, s, vn,
						       &all[i], NULL);

				ys[j * nall + i] = g;
				if (isfinite(g)) {
					rtable_num(&t, g, -1, 0);
					continue;
				}
				cell_status(x, &t, model_find_size(x, (int)d,
					s, vn, &all[i], -1));
			}
			rtable_row_end(&t);
		}
		dev_suffix(x, (int)d, &dl);
		v[0] = (struct kv){"DEV", rbuf_str(&dl)};
		emit_string(x, &cap, "versions.compare_table", v, 1);
		rbuf_printf(&anc, "compare dev=%lld",
			    (long long)x->devs[d]->id);
		rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc), NULL);
		for (j = 0; j < ncol; j++)
			l[j] = (struct pline){rbuf_str(&titles[j]), xs,
				ys + j * nall, nall, PL_LINE,
				j < nv ? (int)j : 6, (int)j};
		memset(&ps, 0, sizeof(ps));
		ps.xlabel = lang_get(x->L, "axis.size");
		ps.ylabel = lang_get(x->L, "axis.gflops");
		ps.logx = wide_sizes(all, nall) ? 2 : 0;
		ps.yzero = 1;
		ps.w = 14;
		ps.h = 7.5;
		k = plot_lines(x, &ps, l, ncol);
		rbuf_free(&cap);
		emit_string(x, &cap, "versions.compare_figure", v, 1);
		if (!rc)
			rc = emit_figure(x, k, rbuf_str(&cap));
		rtable_free(&t);
		rbuf_free(&cell);
		rbuf_free(&cap);
		rbuf_free(&anc);
		rbuf_free(&dl);
next:
		if (titles)
			for (j = 0; j < ncol; j++)
				rbuf_free(&titles[j]);
		free(titles);
		free(l);
		free(xs);
		free(ys);
		free(all);
		free(vv);
		free(rv);
	}
	return rc;
}

int sec_versions(struct rctx *x)
{
	const char **vv = NULL;
	size_t nv, i;
	int rc = 0;

	emit_heading(x, 0, lang_get(x->L, "versions.title"));
	if (!model_has_suite(x, -1, "versions")) {
		emit_par(x, lang_get(x->L, "versions.absent"));
		return 0;
	}
	emit_par(x, lang_get(x->L, "versions.intro"));
	if (model_has_counters(x, -1, "versions", NULL)) {
		emit_par(x, lang_get(x->L, "versions.counters_intro"));
	} else {
		/* once for the section: why report P's GIPS and CGMA
		 * tables are missing */
		const char *why = model_counters_why(x, -1, "versions");
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
	nv = model_names(x, -1, "versions", NULL, 'v', &vv);
	for (i = 0; i < nv && !rc; i++)
		rc = kernel_part(x, vv[i]);
	free(vv);
	if (!rc)
		rc = comparison(x);
	return rc;
}
