/* The `coalesce` suite (lecture B): a copy that starts k elements off
 * (k = 0..32), one that reads every s-th element (s = 1..32), and a
 * three-float vector update with an array of structures against a
 * structure of arrays. The main body shows per device a figure of the
 * copies' bandwidth against k and s beside the 32-byte sector model, a
 * table of every offset and stride, one of the two layouts, and
 * findings computed by facts_coalesce, which the conclusions share. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define CO_SUITE VOCAB_SUITE_COALESCE
/* Floats per 32-byte sector: offsets that are multiples of it keep a
 * warp's read on its 4 sectors. */
#define CO_SECTOR_FLOATS 8
#define CO_FIG_W 12.0
#define CO_FIG_H 7.5

static double gbs(const struct rcfg *c)
{
	return rcfg_median(c, VOCAB_METRIC_GBS);
}

/* Global-load sectors per request of c, NAN without counters. */
static double spr(const struct rcfg *c)
{
	double s = rcfg_median(c, VOCAB_METRIC_CNT_GLOBAL_LD_SECTORS);
	double r = rcfg_median(c, VOCAB_METRIC_CNT_GLOBAL_LD_REQUESTS);

	return r > 0 && isfinite(s) ? s / r : NAN;
}

/* The sector model's share of stride 1's bandwidth at stride s: a
 * warp reading every s-th float touches min(4s, 32) sectors of 32 bytes
 * for its 128 useful bytes, min(s, 8) times what it uses, while its
 * write stays coalesced. Per element 8 useful bytes cost 4 min(s, 8) + 4
 * moved; stride 1 moves 8. (The reads alone would give 1 / min(s, 8);
 * the bandwidth counts the writes too.) */
static double sector_model(int s)
{
	int m = s < CO_SECTOR_FLOATS ? s : CO_SECTOR_FLOATS;

	return 2.0 / (m + 1);
}

static void range_add(double v, int *n, double *lo, double *hi)
{
	if (!isfinite(v))
		return;
	if (!*n || v < *lo)
		*lo = v;
	if (!*n || v > *hi)
		*hi = v;
	(*n)++;
}

/* Each misaligned offset against the aligned positive offset above it,
 * where that was measured (struct co_facts). */
static int facts_offset_control(struct rctx *x, struct co_facts *f)
{
	for (int k = 1; k <= CO_MAXP; k++) {
		int a = (k + CO_SECTOR_FLOATS - 1) / CO_SECTOR_FLOATS *
			CO_SECTOR_FLOATS;
		struct rcmp *r = &f->ctl_cmp[k];

		if (k % CO_SECTOR_FLOATS == 0 || !f->off[k] || a > CO_MAXP ||
		    !f->off[a])
			continue;
		if (model_compare(x, f->off[a], f->off[k], VOCAB_METRIC_GBS,
				  r) == -2)
			return -1;
		range_add(100 * r->ratio, &f->nctl, &f->ctl_lo, &f->ctl_hi);
		if (r->p < 0)
			f->ctl_untested++;
		else if (r->signif && r->ratio < 1 - CO_MIS_TOL)
			f->ctl_cost++;
	}
	return 0;
}

/* The offsets against offset 0: misaligned ones (k not a multiple of
 * 8) and aligned ones apart. */
static int facts_offsets(struct rctx *x, struct co_facts *f)
{
	int k, w = -1;

	for (k = 1; f->off[0] && k <= CO_MAXP; k++) {
		struct rcmp *r = &f->off_cmp[k];

		if (!f->off[k])
			continue;
		if (model_compare(x, f->off[0], f->off[k], VOCAB_METRIC_GBS,
				  r) == -2)
			return -1;
		if (k % CO_SECTOR_FLOATS == 0) {
			range_add(100 * r->ratio, &f->nal, &f->al_lo,
				  &f->al_hi);
			continue;
		}
		range_add(100 * r->ratio, &f->nmis, &f->mis_lo, &f->mis_hi);
		if (r->p < 0)
			f->mis_untested++;
		else if (r->signif && r->b < r->a)
			f->mis_slow++;
		else if (r->signif)
			f->mis_fast++;
		if (w < 0 || r->b < f->off_cmp[w].b)
			w = k;
	}
	f->mis_worst = w;
	return facts_offset_control(x, f);
}

/* The strides against stride 1 and the sector model. */
static int facts_strides(struct rctx *x, struct co_facts *f)
{
	int s, nb = 0;
	double q;

	for (s = 1; s <= CO_MAXP; s++)
		f->model[s] = sector_model(s);
	for (s = 2; f->str[1] && s <= CO_MAXP; s++) {
		if (!f->str[s])
			continue;
		if (model_compare(x, f->str[1], f->str[s], VOCAB_METRIC_GBS,
				  &f->str_cmp[s]) == -2)
			return -1;
		f->share[s] = f->str_cmp[s].ratio;
		q = f->share[s] / f->model[s];
		if (s <= CO_SECTOR_FLOATS) {
			range_add(q, &f->nmod, &f->mod_lo, &f->mod_hi);
			if (q > 1 + CO_MODEL_TOL)
				f->mod_above++;
			else if (q < 1 - CO_MODEL_TOL)
				f->mod_below++;
			else
				f->mod_in++;
		} else {
			range_add(q, &nb, &f->bey_lo, &f->bey_hi);
			f->smax = s;
		}
	}
	f->nbey = nb;
	return 0;
}

/* Copy c (offset or stride) where it has a bandwidth: *at, its GB/s,
 * its sectors per request, and the N of the copies. */
static void facts_copy(struct co_facts *f, const struct rcfg *c,
		       const struct rcfg **at, double *g, double *sp)
{
	if (!isfinite(gbs(c)))
		return;
	*at = c;
	*g = gbs(c);
	*sp = spr(c);
	f->has_spr |= isfinite(*sp);
	if (!f->count)
		f->count = c->c->count;
}

/* One place computes what the findings and the conclusions state; see
 * struct co_facts. */
int facts_coalesce(struct rctx *x, int dev, struct co_facts *f)
{
	const struct rcfg *c;
	int k;

	memset(f, 0, sizeof(*f));
	f->mis_worst = -1;
	rcmp_clear(&f->aos_soa);
	for (k = 0; k <= CO_MAXP; k++) {
		rcmp_clear(&f->off_cmp[k]);
		rcmp_clear(&f->ctl_cmp[k]);
		rcmp_clear(&f->str_cmp[k]);
		f->g_off[k] = f->g_str[k] = f->share[k] = NAN;
		f->spr_off[k] = f->spr_str[k] = NAN;
		c = model_find_param(x, dev, CO_SUITE, VOCAB_VARIANT_OFFSET, k);
		facts_copy(f, c, &f->off[k], &f->g_off[k], &f->spr_off[k]);
		c = k ? model_find_param(x, dev, CO_SUITE,
					 VOCAB_VARIANT_STRIDE, k) : NULL;
		facts_copy(f, c, &f->str[k], &f->g_str[k], &f->spr_str[k]);
	}
	f->share[1] = f->str[1] ? 1 : NAN;
	c = model_find_param(x, dev, CO_SUITE, VOCAB_VARIANT_AOS, 0);
	f->aos = isfinite(gbs(c)) ? c : NULL;
	c = model_find_param(x, dev, CO_SUITE, VOCAB_VARIANT_SOA, 0);
	f->soa = isfinite(gbs(c)) ? c : NULL;
	f->spr_aos = spr(f->aos);
	f->spr_soa = spr(f->soa);
	f->has_spr |= isfinite(f->spr_aos) || isfinite(f->spr_soa);
	if (f->aos && f->soa &&
	    model_compare(x, f->aos, f->soa, VOCAB_METRIC_GBS,
			  &f->aos_soa) == -2)
		return -1;
	if (facts_offsets(x, f) || facts_strides(x, f))
		return -1;
	return 0;
}

/* ---- tables -------------------------------------------------------------- */

/* The note under a table: its key, then (with the first table only)
 * the counters' column or why it is missing (the marks follow from
 * mem_tab_end). */
static int co_note(struct rctx *x, int dev, const struct co_facts *f,
		   const char *key, int counters, struct rbuf *note)
{
	int rc = emit_string(x, note, key, NULL, 0);

	if (counters) {
		rbuf_putc(note, ' ');
		if (f->has_spr)
			rc |= emit_string(x, note, "coalesce.spr_note", NULL,
					  0);
		else
			rc |= mem_counters_missing(x, dev, CO_SUITE,
				"coalesce.counters_none",
				"coalesce.counters_unavailable", note);
	}
	return rc;
}

/* The configuration of the offset (stride set: the stride) copy at p. */
static const struct rcfg *copy_cfg(const struct rctx *x, int dev,
				   int stride, int p)
{
	if (stride && p < 1)
		return NULL;
	return model_find_param(x, dev, CO_SUITE, stride ?
				VOCAB_VARIANT_STRIDE : VOCAB_VARIANT_OFFSET,
				p);
}

/* The cells of parameter p: the bandwidth, its share of offset 0 or
 * stride 1 with the test, the model's share (strides), the sectors per
 * request (with counters). */
static void copy_cells(struct rctx *x, int dev, const struct co_facts *f,
		       int stride, int p, struct mem_tab *m)
{
	const struct rcfg *c = copy_cfg(x, dev, stride, p);
	const struct rcfg *ok = stride ? f->str[p] : f->off[p];
	const struct rcmp *r = stride ? &f->str_cmp[p] : &f->off_cmp[p];
	char lab[16];

	snprintf(lab, sizeof(lab), "%d", p);
	rtable_text(&m->t, lab);
	mem_tab_cell(x, m, c, gbs(c), 0);
	if (ok && p == stride)
		rtable_num(&m->t, 100, 1, 0);	/* the base itself */
	else if (ok)
		mem_tab_ratio(m, r, 100 * r->ratio, 1);
	else
		rtable_text(&m->t, "--");
	if (stride)
		rtable_num(&m->t, 100 * f->model[p], 1, 0);
	if (f->has_spr)
		rtable_num(&m->t, stride ? f->spr_str[p] : f->spr_off[p], 1,
			   0);
}

/* Every offset (or stride) in two halves side by side: 33 rows would
 * fill a page on their own. */
static int copy_table(struct rctx *x, int dev, const struct co_facts *f,
		      int stride)
{
	const char *const h[] = {stride ? "=\\(s\\)" : "=\\(k\\)",
		"coalesce.gbs", stride ? "coalesce.pct_s1" : "coalesce.pct_k0",
		stride ? "coalesce.model" : f->has_spr ? "coalesce.spr" : NULL,
		stride && f->has_spr ? "coalesce.spr" : NULL, NULL};
	struct mem_tab m;
	struct rbuf nn;
	int p, i, n = 0, half, rc, list[CO_MAXP + 1];
	char kinds[16], hk[8], key[64];
	const char *var = stride ? VOCAB_VARIANT_STRIDE : VOCAB_VARIANT_OFFSET;

	for (p = 0; p <= CO_MAXP; p++)
		if (copy_cfg(x, dev, stride, p))
			list[n++] = p;
	if (!n)
		return 0;
	half = (n + 1) / 2;
	snprintf(hk, sizeof(hk), "lSS%s%s", stride ? "S" : "",
		 f->has_spr ? "S" : "");
	/* an empty column between the halves keeps them apart */
	snprintf(kinds, sizeof(kinds), "%sc%s", hk, hk);
	mem_tab_init(&m, kinds);
	mem_heads(x, &m.t, h);
	rtable_head(&m.t, "\\quad");
	mem_heads(x, &m.t, h);
	rtable_head_end(&m.t);
	for (i = 0; i < half; i++) {
		copy_cells(x, dev, f, stride, list[i], &m);
		rtable_text(&m.t, "");
		if (i + half < n)
			copy_cells(x, dev, f, stride, list[i + half], &m);
		rtable_row_end(&m.t);
	}
	rbuf_init(&nn);
	ilp_count_math(f->count, &nn);
	snprintf(key, sizeof(key), "coalesce.table_%s%s", var,
		 f->count ? "" : "_non");
	rc = mem_caption(x, dev, CO_SUITE, var, VOCAB_METRIC_GBS, key,
			 rbuf_str(&nn), &m.cap);
	rbuf_free(&nn);
	/* the counters are said once, under the first table */
	snprintf(key, sizeof(key), "coalesce.%s_note", var);
	rc |= co_note(x, dev, f, key, !stride, &m.note);
	snprintf(key, sizeof(key), "coalesce-%s", var);
	return mem_tab_end(x, &m, dev, key, 1, rc);
}

/* The cells of layout i (0 aos, 1 soa; c ok) after its name: kernel
 * time, GB/s, the share of soa's, the sectors per request. */
static void layout_cells(struct rctx *x, const struct co_facts *f, int i,
			 const struct rcfg *c, struct mem_tab *m)
{
	/* aos in % of soa: the comparison seen from soa */
	struct rcmp r = f->aos_soa;

	r.ratio = r.a / r.b;
	rtable_num(&m->t, rcfg_median(c, VOCAB_METRIC_KERNEL), -1, 0);
	mem_tab_cell(x, m, c, gbs(c), 0);
	if (i == 1)
		rtable_num(&m->t, 100, 1, 0);
	else if (f->soa)
		mem_tab_ratio(m, &r, 100 * r.ratio, 1);
	else
		rtable_text(&m->t, "--");
	if (f->has_spr)
		rtable_num(&m->t, i ? f->spr_soa : f->spr_aos, 1, 0);
}

/* The two layouts of the vector update. */
static int layout_table(struct rctx *x, int dev, const struct co_facts *f)
{
	static const char *const lay[] = {VOCAB_VARIANT_AOS,
					  VOCAB_VARIANT_SOA};
	const char *const h[] = {"coalesce.layout", "coalesce.kernel_ms",
		"coalesce.gbs", "coalesce.pct_soa", f->has_spr ?
		"coalesce.spr" : NULL, NULL};
	struct mem_tab m;
	struct rbuf nn;
	int i, rc;
	long long count = 0;

	rbuf_init(&nn);
	mem_tab_init(&m, f->has_spr ? "lSSSS" : "lSSS");
	mem_heads(x, &m.t, h);
	rtable_head_end(&m.t);
	for (i = 0; i < 2; i++) {
		const struct rcfg *c = model_find_param(x, dev, CO_SUITE,
							lay[i], 0);

		if (!c)
			continue;
		if (!count)
			count = c->c->count;
		rbuf_free(&nn);
		mem_variant(&nn, lay[i]);
		rtable_text(&m.t, rbuf_str(&nn));
		if (!cell_status(x, &m.t, c))
			layout_cells(x, f, i, c, &m);
		rtable_row_end(&m.t);
	}
	rbuf_free(&nn);
	ilp_count_math(count, &nn);
	rc = mem_caption(x, dev, CO_SUITE, VOCAB_VARIANT_AOS,
			 VOCAB_METRIC_GBS, count ? "coalesce.layout_table" :
			 "coalesce.layout_table_non", rbuf_str(&nn), &m.cap);
	rc |= co_note(x, dev, f, "coalesce.layout_note", 0, &m.note);
	rbuf_free(&nn);
	return mem_tab_end(x, &m, dev, "coalesce-layout", m.t.rows, rc);
}

/* ---- the figure ---------------------------------------------------------- */

static int co_figure(struct rctx *x, int dev, const struct co_facts *f)
{
	static const double tics[] = {0, 4, 8, 12, 16, 20, 24, 28, 32};
	static const char *const key[] = {"coalesce.line_offset",
		"coalesce.line_stride", "coalesce.line_model"};
	double xo[CO_MAXP + 1], xs[CO_MAXP], ys[CO_MAXP], ym[CO_MAXP];
	struct mem_line l[3];
	struct mem_axes a;
	struct rbuf t[3];
	int k, i, rc;

	for (k = 0; k <= CO_MAXP; k++)
		xo[k] = k;
	for (k = 1; k <= CO_MAXP; k++) {
		xs[k - 1] = k;
		ys[k - 1] = f->g_str[k];
		ym[k - 1] = f->g_str[1] * f->model[k];
	}
	for (i = 0; i < 3; i++) {
		rbuf_init(&t[i]);
		rbuf_printf(&t[i], "{\\scriptsize %s}",
			    lang_get(x->L, key[i]));
	}
	/* small marks: 33 points a line (filled circle, open square) */
	l[0] = (struct mem_line){rbuf_str(&t[0]), xo, f->g_off, CO_MAXP + 1,
				 PL_LINE, 0, 6};
	l[1] = (struct mem_line){rbuf_str(&t[1]), xs, ys, CO_MAXP, PL_LINE,
				 1, 3};
	l[2] = (struct mem_line){rbuf_str(&t[2]), xs, ym, CO_MAXP, PL_REF,
				 -1, 0};
	memset(&a, 0, sizeof(a));
	a.xlabel = lang_get(x->L, "coalesce.axis_param");
	a.ylabel = lang_get(x->L, "axis.gbs");
	a.xmin = -0.8;
	a.xmax = 32.8;
	a.xtics = tics;
	a.nxtics = sizeof(tics) / sizeof(tics[0]);
	a.logy = 2;
	/* the strided copy falls from top left to bottom right; the
	 * offsets stay on top: the bottom left corner is free */
	a.key = "bottom left Left reverse samplen 1.5 spacing 1.1";
	a.w = CO_FIG_W;
	a.h = CO_FIG_H;
	k = mem_plot(x, &a, l, 3);
	rc = emit_dev_figure(x, dev, k, "coalesce.figure");
	rbufs_free(t, 3);
	return rc;
}

/* ---- findings ------------------------------------------------------------ */

/* The aligned positive offsets against offset 0, and the misaligned
 * ones against the aligned offset above them. */
static void find_aligned(struct rctx *x, struct rfind *fd,
			 const struct co_facts *f, struct fv *v)
{
	struct rbuf *b;
	int j, tested = f->nctl - f->ctl_untested;

	if (f->nal) {
		b = fv_put(v, "LIST");
		for (j = CO_SECTOR_FLOATS; j <= CO_MAXP;
		     j += CO_SECTOR_FLOATS)
			if (f->off[j])
				rbuf_printf(b, "%s%d", b->len ? ", " : "", j);
		find_pct(fv_put(v, "LO"), f->al_lo, 3);
		find_pct(fv_put(v, "HI"), f->al_hi, 3);
		fv_find(x, fd, f->nal > 1 ? "find.co.off.aligned" :
			"find.co.off.aligned_one", v);
	}
	if (f->nctl) {
		fv_int(v, "N", f->nctl);
		fv_int(v, "K", f->ctl_cost);
		find_pct(fv_put(v, "LO"), f->ctl_lo, 3);
		find_pct(fv_put(v, "HI"), f->ctl_hi, 3);
		fv_find(x, fd, !tested ? "find.co.off.ctl_untested" :
			2 * f->ctl_cost > tested ? "find.co.off.ctl_cost" :
			"find.co.off.ctl_free", v);
	}
}

/* What the misaligned offsets cost against offset 0; v holds DEV. */
static void find_offsets(struct rctx *x, struct rfind *fd,
			 const struct co_facts *f, struct fv *v)
{
	const struct rcmp *r;
	struct rbuf s;
	struct kv t;

	if (!f->nmis || f->mis_worst < 0)
		return;
	r = &f->off_cmp[f->mis_worst];
	rbuf_init(&s);
	fv_int(v, "NMIS", f->nmis);
	fv_int(v, "K", f->mis_slow);
	find_pct(fv_put(v, "LO"), f->mis_lo, 3);
	find_pct(fv_put(v, "HI"), f->mis_hi, 3);
	fv_num(v, "G0", f->g_off[0], 4);
	fv_int(v, "KW", f->mis_worst);
	fv_num(v, "GW", r->b, 4);
	mem_p(x, fv_put(v, "P"), r);
	fv_emit(x, &s, f->mis_untested == f->nmis ? "find.co.off.untested" :
		!f->mis_slow ? "find.co.off.none" :
		2 * f->mis_slow > f->nmis ? "find.co.off.most" :
		"find.co.off.some", v);
	if (f->mis_untested && f->mis_untested < f->nmis) {
		fv_int(v, "N", f->mis_untested);
		rbuf_putc(&s, ' ');
		fv_emit(x, &s, "find.co.untested_n", v);
	}
	t = (struct kv){"TEXT", rbuf_str(&s)};
	find_add(x, fd, "find.vers.sentence", &t, 1);
	find_aligned(x, fd, f, v);
	rbuf_free(&s);
}

/* The strided copy's shares at a few strides beside the model's. */
static void find_model(struct rctx *x, struct rfind *fd,
		       const struct co_facts *f, struct fv *v)
{
	static const int pick[] = {2, 4, 8};
	struct rbuf *list = fv_put(v, "LIST");
	struct fv w;
	int i, s, done[CO_MAXP + 1] = {0};

	fv_init(&w);
	for (i = 0; i <= 3; i++) {
		s = i < 3 ? pick[i] : f->smax;
		if (s < 2 || s > CO_MAXP || done[s] || !f->str[s])
			continue;
		done[s] = 1;
		fv_int(&w, "S", s);
		find_pct(fv_put(&w, "SHARE"), 100 * f->share[s], 3);
		find_pct(fv_put(&w, "MODEL"), 100 * f->model[s], 3);
		rbuf_puts(list, list->len ? "; " : "");
		fv_emit(x, list, "find.co.str.item", &w);
	}
	fv_free(&w);
	fv_num(v, "G1", f->g_str[1], 4);
	fv_find(x, fd, "find.co.str.model", v);
}

/* The strided copy against the sector model: the strides up to 8, then
 * beyond. */
static void find_strides(struct rctx *x, struct rfind *fd,
			 const struct co_facts *f, const char *pre)
{
	struct fv v;
	double q;

	if (!f->str[1] || (!f->nmod && !f->nbey))
		return;
	fv_init(&v);
	fv_str(&v, "DEV", pre);
	find_model(x, fd, f, &v);
	find_pct(fv_put(&v, "TOL"), 100 * CO_MODEL_TOL, 2);
	if (f->nmod) {
		find_pct(fv_put(&v, "LO"), 100 * f->mod_lo, 3);
		find_pct(fv_put(&v, "HI"), 100 * f->mod_hi, 3);
		fv_find(x, fd, f->mod_in == f->nmod ? "find.co.str.within" :
			f->mod_above == f->nmod ? "find.co.str.above" :
			f->mod_below == f->nmod ? "find.co.str.below" :
			"find.co.str.mixed", &v);
	}
	if (f->nbey) {
		q = f->share[f->smax] / f->model[f->smax];
		find_pct(fv_put(&v, "LO"), 100 * f->bey_lo, 3);
		find_pct(fv_put(&v, "HI"), 100 * f->bey_hi, 3);
		find_pct(fv_put(&v, "M"),
			 100 * sector_model(CO_SECTOR_FLOATS + 1), 3);
		find_pct(fv_put(&v, "LAST"), 100 * f->share[f->smax], 3);
		fv_int(&v, "SMAX", f->smax);
		fv_find(x, fd, f->bey_lo >= 1 - CO_MODEL_TOL &&
			f->bey_hi <= 1 + CO_MODEL_TOL ? "find.co.str.floor" :
			q < 1 - CO_MODEL_TOL ? "find.co.str.fall" :
			f->bey_lo > 1 + CO_MODEL_TOL ? "find.co.str.rise" :
			"find.co.str.bey_mixed", &v);
	}
	fv_free(&v);
}

/* What the counters counted beside what the sector model expects. */
static void find_spr(struct rctx *x, struct rfind *fd,
		     const struct co_facts *f, const char *pre)
{
	struct plist l;
	struct rbuf *what;
	int i, s = f->smax ? f->smax : CO_MAXP;

	if (!f->has_spr)
		return;
	parts_list_init(&l);
	fv_str(&l.all, "DEV", pre);
	for (i = 0; i < 5; i++) {
		double got = i == 0 ? f->spr_off[0] : i == 1 ? f->spr_off[1] :
			     i == 2 ? f->spr_str[s] : i == 3 ? f->spr_aos :
			     f->spr_soa;
		/* 4 sectors a coalesced warp, one more when it straddles,
		 * one per float from stride 8, 12 for 32 structs of 12 B */
		int want = i == 0 ? 4 : i == 1 ? 5 : i == 2 ?
			   (4 * s < 32 ? 4 * s : 32) : i == 3 ? 12 : 4;

		if (!isfinite(got))
			continue;
		what = fv_put(&l.item, "WHAT");
		if (i < 2)
			rbuf_printf(what, "$k = %d$", i);
		else if (i == 2)
			rbuf_printf(what, "$s = %d$", s);
		else
			mem_variant(what, i == 3 ? VOCAB_VARIANT_AOS :
				    VOCAB_VARIANT_SOA);
		fv_num(&l.item, "V", got, 3);
		fv_int(&l.item, "M", want);
		parts_list_add(x, &l, "find.co.spr_item");
	}
	parts_list_find(x, fd, &l, "find.co.spr");
}

/* ---- the section --------------------------------------------------------- */

static int part(struct rctx *x, int dev, struct rfind *fd)
{
	struct co_facts f;
	char pre[32], key[64];
	struct fv v;
	int rc;

	if (facts_coalesce(x, dev, &f))
		return -1;
	rc = co_figure(x, dev, &f);
	if (!rc)
		rc = copy_table(x, dev, &f, 0);
	if (!rc)
		rc = copy_table(x, dev, &f, 1);
	if (!rc)
		rc = layout_table(x, dev, &f);
	problems_list(x, dev, CO_SUITE, NULL);
	dev_prefix(x, dev, pre, sizeof(pre));
	fv_init(&v);
	fv_str(&v, "DEV", pre);
	/* the bases the others are set against, when they are missing */
	if (!f.off[0] && copy_cfg(x, dev, 0, 1))
		fv_find(x, fd, "find.co.off.no_base", &v);
	if (!f.str[1] && copy_cfg(x, dev, 1, 2))
		fv_find(x, fd, "find.co.str.no_base", &v);
	find_offsets(x, fd, &f, &v);
	find_strides(x, fd, &f, pre);
	if (f.aos && f.soa) {
		fv_num(&v, "GA", f.aos_soa.a, 4);
		fv_num(&v, "GB", f.aos_soa.b, 4);
		fv_num(&v, "RATIO", f.aos_soa.ratio, 3);
		mem_p(x, fv_put(&v, "P"), &f.aos_soa);
		mem_key(key, sizeof(key), "find.co.aos",
			mem_word(&f.aos_soa, 1));
		fv_find(x, fd, key, &v);
	}
	fv_free(&v);
	find_spr(x, fd, &f, pre);
	return rc;
}

int sec_coalesce(struct rctx *x)
{
	return mem_section(x, CO_SUITE, "coalesce", part);
}
