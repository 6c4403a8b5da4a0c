/* Summary: the best configuration of every variant against the library
 * reference at the same size and the device's peaks, and a roofline
 * figure placing the kernels. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* The ok configuration of (dev, suite, variant) with the highest median
 * of metric among the steady ones (rcfg_steady): a grid below one wave
 * or a copy served by L2 is not the kernel's best. Only when no point is
 * steady the highest of all, which the table marks. NULL when none. */
static const struct rcfg *best_of(const struct rctx *x, int dev,
				  const char *suite, const char *variant,
				  const char *metric)
{
	const struct rcfg *best = NULL;
	double bv = -INFINITY, v;
	size_t i;
	int pass;

	for (pass = 0; pass < 2 && !best; pass++)
		for (i = 0; i < x->ncfgs; i++) {
			const struct rcfg *r = &x->cfgs[i];

			if (r->dev != dev || strcmp(r->c->suite, suite) ||
			    strcmp(r->c->variant, variant) ||
			    (!pass && !rcfg_steady(x, r)))
				continue;
			v = rcfg_median(r, metric);
			if (isfinite(v) && v > bv) {
				bv = v;
				best = r;
			}
		}
	return best;
}

/* The reference suite's best GFLOP/s at sizes sz over its variants. */
static double ref_at(const struct rctx *x, int dev, const struct rsize *sz)
{
	const char **rv = NULL;
	size_t nr, i;
	double best = NAN, g;

	nr = model_names(x, dev, VOCAB_SUITE_REFERENCE, NULL, 'v', &rv);
	for (i = 0; i < nr; i++) {
		g = best_gflops(x, dev, VOCAB_SUITE_REFERENCE, rv[i], sz, NULL);
		if (isfinite(g) && !(g <= best))
			best = g;
	}
	free(rv);
	return best;
}

/* The row of suite's variant: its best configuration by metric (size,
 * block and host memory) against the reference at its size and the
 * peak. */
static void compute_row(struct rctx *x, int dev, struct rtable *t,
			const char *suite, const char *variant,
			const char *metric, unsigned *seen)
{
	const struct rcfg *b = best_of(x, dev, suite, variant, metric);
	struct rsize sz;
	struct rbuf cell;
	double g, r;

	rbuf_init(&cell);
	rtable_text(t, suite);
	rbuf_put_tex(&cell, variant, 0);
	regime_marks(x, rcfg_marks(x, b), &cell);
	*seen |= rcfg_marks(x, b);
	rtable_text(t, rbuf_str(&cell));
	rbuf_free(&cell);
	if (!b) {
		rtable_text(t, "--");
		rtable_text(t, lang_get(x->L, "sum.none"));
		rtable_row_end(t);
		return;
	}
	g = rcfg_median(b, metric);
	sz = (struct rsize){b->c->m, b->c->k, b->c->n};
	r = ref_at(x, dev, &sz);
	size_label(&sz, &cell);
	rtable_text(t, rbuf_str(&cell));
	rbuf_free(&cell);
	if (b->c->block_x > 0)
		block_label(b->c->block_x, b->c->block_y, &cell);
	else
		rbuf_puts(&cell, "--");
	if (b->c->host_mem && *b->c->host_mem) {
		rbuf_puts(&cell, ", ");
		rbuf_put_tex(&cell, b->c->host_mem, 0);
	}
	rtable_text(t, rbuf_str(&cell));
	rbuf_free(&cell);
	rtable_num(t, g, -1, 0);
	rtable_num(t, r, -1, 0);
	rtable_num(t, isfinite(r) && r > 0 ? 100 * g / r : NAN, -3, 0);
	rtable_num(t, rcfg_steady(x, b) ? rule_peak_pct(g,
		   rcfg_peak_fp32(x, b), NULL) : NAN, -3, 0);
	rtable_row_end(t);
}

static int compute_table(struct rctx *x, int dev)
{
	static const char *const suites[] = {
		VOCAB_SUITE_VERSIONS, VOCAB_SUITE_REFERENCE,
		VOCAB_SUITE_TRANSFER
	};
	static const char *const heads[] = {
		"sum.suite", "sum.variant", "=\\(n\\)", "sum.config",
		"sum.gflops", "sum.ref", "sum.pct_ref", "sum.pct_peak", NULL
	};
	struct rtable t;
	struct rbuf cap, anc, note;
	struct fv v;
	size_t s, i, nv;
	int rc = 0, rows = 0;
	unsigned seen = 0;

	rtable_init(&t, "llrlSSSS");
	mem_heads(x, &t, heads);
	rtable_head_end(&t);
	for (s = 0; s < sizeof(suites) / sizeof(suites[0]); s++) {
		const char **vv = NULL;

		nv = model_names(x, dev, suites[s], NULL, 'v', &vv);
		if (nv)
			rtable_gap(&t);
		for (i = 0; i < nv; i++, rows++)
			compute_row(x, dev, &t, suites[s], vv[i],
				    strcmp(suites[s], VOCAB_SUITE_TRANSFER) ?
				    VOCAB_METRIC_GFLOPS :
				    VOCAB_METRIC_GFLOPS_KERNEL, &seen);
		free(vv);
	}
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&note);
	fv_init(&v);
	if (rows) {
		dev_suffix(x, dev, fv_put(&v, "DEV"));
		fv_emit(x, &cap, "sum.table", &v);
		rbuf_printf(&anc, "summary dev=%lld",
			    (long long)x->devs[dev]->id);
		rbuf_puts(&note, lang_get(x->L, "sum.note"));
		if (seen) {
			rbuf_putc(&note, ' ');
			regime_note(x, seen, &note);
		}
		rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
				rbuf_str(&note));
	}
	fv_free(&v);
	rtable_free(&t);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&note);
	return rc;
}

static int bandwidth_table(struct rctx *x, int dev)
{
	static const char *const heads[] = {
		"sum.variant", "=\\(N\\)", "=ILP", "axis.gbs",
		"sum.pct_peak_mem", NULL
	};
	const char **vv = NULL;
	struct rtable t;
	struct rbuf cell;
	size_t nv, i;
	int rc;

	nv = model_names(x, dev, VOCAB_SUITE_ILP, NULL, 'v', &vv);
	if (!nv) {
		free(vv);
		return 0;
	}
	rtable_init(&t, "lSSSS");
	rbuf_init(&cell);
	mem_heads(x, &t, heads);
	rtable_head_end(&t);
	for (i = 0; i < nv; i++) {
		const struct rcfg *b = best_of(x, dev, VOCAB_SUITE_ILP, vv[i],
					       VOCAB_METRIC_GBS);
		double g = rcfg_median(b, VOCAB_METRIC_GBS);

		rbuf_free(&cell);
		rbuf_put_tex(&cell, vv[i], 0);
		rtable_text(&t, rbuf_str(&cell));
		if (!b) {
			rtable_text(&t, lang_get(x->L, "sum.none"));
			rtable_row_end(&t);
			continue;
		}
		rtable_int(&t, b->c->count > 0 ? b->c->count : 0);
		rtable_int(&t, b->c->ilp);
		rtable_num(&t, g, -1, 0);
		rtable_num(&t, rcfg_steady(x, b) ? rule_peak_pct(g,
			   x->devs[dev]->peak_mem_gbs, NULL) : NAN, -3, 0);
		rtable_row_end(&t);
	}
	rc = emit_dev_table(x, &t, dev, "sum.bw_table", "summary-bandwidth",
			    NULL, NULL);
	free(vv);
	rtable_free(&t);
	rbuf_free(&cell);
	return rc;
}

#define ROOF_SERIES (2 * RTABLE_MAXCOLS)

/* The series of the roofline figure: a set of points per variant, timed
 * first, then from the counters. */
struct roof {
	struct pline l[ROOF_SERIES + 1];
	struct rbuf titles[ROOF_SERIES + 1];
	double *px, *py;	/* every series' points, one after another */
	size_t nl, np;
	double lo, hi;		/* the range of intensities */
};

/* The points of (dev, suite, variant) as a series of r, none without a
 * point: pass 0 the timed medians at the intensity of the compulsory
 * traffic, in a colour of their own (ref: the library's grey); pass 1
 * the achieved points the counters measured, as filled circles in the
 * colour of the variant's timed points (series 0..timed-1). */
static void roof_add(struct rctx *x, int dev, struct roof *r,
		     const char *suite, const char *variant, int pass,
		     int ref, size_t timed)
{
	struct rbuf *t = &r->titles[r->nl], *name;
	int pt = (int)r->nl, color = ref ? 6 : (int)r->nl;
	size_t j, start = r->np;
	struct fv v;

	for (j = 0; j < x->ncfgs; j++) {
		const struct rcfg *c = &x->cfgs[j];
		double g = rcfg_median(c, VOCAB_METRIC_GFLOPS), ai;

		if (c->dev != dev || strcmp(c->c->suite, suite) ||
		    strcmp(c->c->variant, variant))
			continue;
		if (pass) {
			if (!rcfg_counted_point(c, &ai, &g))
				continue;
		} else {
			if (!isfinite(g) || g <= 0 || !(c->c->flops > 0) ||
			    !(c->c->bytes > 0))
				continue;
			ai = c->c->flops / c->c->bytes;
		}
		r->px[r->np] = ai;
		r->py[r->np] = g;
		r->lo = fmin(r->lo, ai);
		r->hi = fmax(r->hi, ai);
		r->np++;
	}
	if (r->np == start)
		return;
	if (pass) {
		fv_init(&v);
		name = fv_put(&v, "NAME");
		rbuf_put_tex(name, variant, 0);
		for (j = 0; j < timed; j++)
			if (!strcmp(r->l[j].title, rbuf_str(name)))
				color = r->l[j].color;
		pt = 6;
		fv_emit(x, t, "sum.roof_counted", &v);
		fv_free(&v);
	} else {
		rbuf_put_tex(t, variant, 0);
	}
	r->l[r->nl] = (struct pline){rbuf_str(t), r->px + start,
		r->py + start, r->np - start, PL_POINTS, color, pt};
	r->nl++;
}

/* Arithmetic intensity (FLOP per byte of compulsory traffic) against
 * attained GFLOP/s, under the roof min(peak FP32, AI x peak bandwidth);
 * where the counter pass ran, the achieved points from the counters
 * (counted FLOP per counted DRAM byte) beside the timed ones. */
static int roofline(struct rctx *x, int dev)
{
	static const char *const suites[] = {
		VOCAB_SUITE_VERSIONS, VOCAB_SUITE_REFERENCE
	};
	struct roof r;
	size_t s, i, nv, timed = 0, first;
	struct rbuf cap;
	struct fv v;
	int k, rc = 0, pass;

	memset(&r, 0, sizeof(r));
	r.lo = INFINITY;
	r.px = calloc(2 * x->ncfgs + 1, sizeof(*r.px));
	r.py = calloc(2 * x->ncfgs + 1, sizeof(*r.py));
	rbufs_init(r.titles, ROOF_SERIES + 1);
	rbuf_init(&cap);
	fv_init(&v);
	if (!r.px || !r.py) {
		rc = -1;
		goto out;
	}
	for (pass = 0; pass < 2; pass++) {
		first = r.nl;
		for (s = 0; s < 2; s++) {
			const char **vv = NULL;

			nv = model_names(x, dev, suites[s], NULL, 'v', &vv);
			for (i = 0; i < nv && r.nl - first < RTABLE_MAXCOLS;
			     i++)
				roof_add(x, dev, &r, suites[s], vv[i], pass,
					 (int)s, timed);
			free(vv);
		}
		if (!pass)
			timed = r.nl;
	}
	if (!r.np)
		goto out;
	k = parts_roof_plot(x, dev, r.l, r.nl, &r.titles[r.nl],
			    "axis.intensity", r.lo, r.hi, 14, 8);
	dev_suffix(x, dev, fv_put(&v, "DEV"));
	fv_emit(x, &cap, "sum.roofline", &v);
	if (r.nl > timed)
		rbuf_printf(&cap, " %s", lang_get(x->L,
						  "sum.roofline_counted"));
	rc = emit_figure(x, k, rbuf_str(&cap));
out:
	rbufs_free(r.titles, ROOF_SERIES + 1);
	rbuf_free(&cap);
	fv_free(&v);
	free(r.px);
	free(r.py);
	return rc;
}

/* Where each version's best point sits on the roofline of device dev:
 * its intensity against the ridge (compute- or memory-bound roof) and
 * the share of that roof it attains. One sentence per device. */
static void roof_find(struct rctx *x, int dev, struct rfind *f)
{
	const struct store_device *d = x->devs[dev];
	const char **vv = NULL;
	struct rbuf *items;
	struct fv v;
	size_t nv, i;
	double ridge, top = 0;

	if (!(d->peak_fp32_gflops > 0) || !(d->peak_mem_gbs > 0))
		return;
	ridge = d->peak_fp32_gflops / d->peak_mem_gbs;
	nv = model_names(x, dev, VOCAB_SUITE_VERSIONS, NULL, 'v', &vv);
	fv_init(&v);
	items = fv_put(&v, "LIST");
	for (i = 0; i < nv; i++) {
		const struct rcfg *b = best_of(x, dev, VOCAB_SUITE_VERSIONS,
					       vv[i], VOCAB_METRIC_GFLOPS);
		double in, g, roof;

		if (!b || !(b->c->bytes > 0) || !(b->c->flops > 0))
			continue;
		in = b->c->flops / b->c->bytes;
		g = rcfg_median(b, VOCAB_METRIC_GFLOPS);
		roof = fmin(d->peak_fp32_gflops, in * d->peak_mem_gbs);
		if (!isfinite(g) || !(roof > 0))
			continue;
		rbuf_puts(items, items->len ? "; \\texttt{" : "\\texttt{");
		rbuf_put_tex(items, vv[i], 0);
		rbuf_puts(items, "} ");
		find_num(items, in, 3);
		rbuf_printf(items, "~FLOP/B, %s, ", lang_get(x->L, in > ridge ?
			    "sum.find.compute" : "sum.find.memory"));
		find_pct(items, 100 * g / roof, 2);
		top = fmax(top, 100 * g / roof);
		regime_marks(x, rcfg_marks(x, b), items);
	}
	free(vv);
	if (items->len) {
		dev_label(x, dev, fv_put(&v, "DEV"));
		fv_num(&v, "RIDGE", ridge, 3);
		fv_find(x, f, "sum.find.roof", &v);
		/* a point beyond half its roof is near what the hardware
		 * allows; below, the kernel's execution is what limits it */
		find_add(x, f, top < 50 ? "sum.find.under" : "sum.find.near",
			 NULL, 0);
	}
	fv_free(&v);
}

int sec_summary(struct rctx *x)
{
	struct rfind f;
	size_t d;
	int rc = 0;

	emit_heading(x, 0, lang_get(x->L, "sum.title"));
	emit_par(x, lang_get(x->L, "sum.intro"));
	find_init(&f);
	for (d = 0; d < x->ndevs && !rc; d++) {
		emit_dev_heading(x, 1, (int)d);
		rc = compute_table(x, (int)d);
		if (!rc)
			rc = bandwidth_table(x, (int)d);
		if (!rc)
			rc = roofline(x, (int)d);
		roof_find(x, (int)d, &f);
	}
	if (!rc)
		rc = find_emit(x, &f);
	find_free(&f);
	return rc;
}
