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

static void config_text(const struct rctx *x, const struct store_config *c,
			struct rbuf *b)
{
	if (c->block_x > 0) {
		block_label(c->block_x, c->block_y, b);
	} else {
		rbuf_puts(b, "--");
	}
	if (c->host_mem && *c->host_mem) {
		rbuf_puts(b, ", ");
		rbuf_put_tex(b, c->host_mem, 0);
	}
}

static int compute_table(struct rctx *x, int dev)
{
	static const char *const suites[] = {
		VOCAB_SUITE_VERSIONS, VOCAB_SUITE_REFERENCE,
		VOCAB_SUITE_TRANSFER
	};
	const struct store_device *d = x->devs[dev];
	struct rtable t;
	struct rbuf cell, cap, anc, dl;
	struct kv v[1];
	size_t s, i;
	int rc, rows = 0;
	unsigned seen = 0;

	rtable_init(&t, "llrlSSSS");
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&dl);
	rtable_head(&t, lang_get(x->L, "sum.suite"));
	rtable_head(&t, lang_get(x->L, "sum.variant"));
	rtable_head(&t, "\\(n\\)");
	rtable_head(&t, lang_get(x->L, "sum.config"));
	rtable_head(&t, lang_get(x->L, "sum.gflops"));
	rtable_head(&t, lang_get(x->L, "sum.ref"));
	rtable_head(&t, lang_get(x->L, "sum.pct_ref"));
	rtable_head(&t, lang_get(x->L, "sum.pct_peak"));
	rtable_head_end(&t);
	for (s = 0; s < sizeof(suites) / sizeof(suites[0]); s++) {
		const char **vv = NULL;
		const char *metric = strcmp(suites[s], VOCAB_SUITE_TRANSFER) ?
				     VOCAB_METRIC_GFLOPS :
				     VOCAB_METRIC_GFLOPS_KERNEL;
		size_t nv = model_names(x, dev, suites[s], NULL, 'v', &vv);

		if (nv)
			rtable_gap(&t);
		for (i = 0; i < nv; i++) {
			const struct rcfg *b = best_of(x, dev, suites[s],
						       vv[i], metric);
			struct rsize sz;
			double g, r, pk;

			rtable_text(&t, suites[s]);
			rbuf_free(&cell);
			rbuf_put_tex(&cell, vv[i], 0);
			if (b) {
				unsigned rg = rcfg_marks(x, b);

				regime_marks(x, rg, &cell);
				seen |= rg;
			}
			rtable_text(&t, rbuf_str(&cell));
			if (!b) {
				rtable_text(&t, "--");
				rtable_text(&t, lang_get(x->L, "sum.none"));
				rtable_row_end(&t);
				rows++;
				continue;
			}
			g = rcfg_median(b, metric);
			sz = (struct rsize){b->c->m, b->c->k, b->c->n};
			r = ref_at(x, dev, &sz);
			rbuf_free(&cell);
			size_label(&sz, &cell);
			rtable_text(&t, rbuf_str(&cell));
			rbuf_free(&cell);
			config_text(x, b->c, &cell);
			rtable_text(&t, rbuf_str(&cell));
			rtable_num(&t, g, -1, 0);
			rtable_num(&t, r, -1, 0);
			rtable_num(&t, isfinite(r) && r > 0 ? 100 * g / r :
				   NAN, -3, 0);
			pk = rcfg_peak_fp32(x, b);
			rtable_num(&t, rcfg_steady(x, b) ?
				   rule_peak_pct(g, pk, NULL) : NAN, -3, 0);
			rtable_row_end(&t);
			rows++;
		}
		free(vv);
	}
	if (!rows) {
		rtable_free(&t);
		rbuf_free(&cell);
		rbuf_free(&cap);
		rbuf_free(&anc);
		rbuf_free(&dl);
		return 0;
	}
	dev_suffix(x, dev, &dl);
	v[0] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, "sum.table", v, 1);
	rbuf_printf(&anc, "summary dev=%lld", (long long)d->id);
	rbuf_free(&cell);
	rbuf_puts(&cell, lang_get(x->L, "sum.note"));
	if (seen) {
		rbuf_putc(&cell, ' ');
		regime_note(x, seen, &cell);
	}
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
			rbuf_str(&cell));
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&dl);
	return rc;
}

static int bandwidth_table(struct rctx *x, int dev)
{
	const struct store_device *d = x->devs[dev];
	const char **vv = NULL;
	struct rtable t;
	struct rbuf cell, cap, anc, dl;
	struct kv v[1];
	size_t nv, i;
	int rc;

	nv = model_names(x, dev, VOCAB_SUITE_ILP, NULL, 'v', &vv);
	if (!nv) {
		free(vv);
		return 0;
	}
	rtable_init(&t, "lSSSS");
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&dl);
	rtable_head(&t, lang_get(x->L, "sum.variant"));
	rtable_head(&t, "\\(N\\)");
	rtable_head(&t, "ILP");
	rtable_head(&t, lang_get(x->L, "axis.gbs"));
	rtable_head(&t, lang_get(x->L, "sum.pct_peak_mem"));
	rtable_head_end(&t);
	for (i = 0; i < nv; i++) {
		const struct rcfg *b = best_of(x, dev, VOCAB_SUITE_ILP, vv[i],
					       VOCAB_METRIC_GBS);
		double g;

		rbuf_free(&cell);
		rbuf_put_tex(&cell, vv[i], 0);
		rtable_text(&t, rbuf_str(&cell));
		if (!b) {
			rtable_text(&t, lang_get(x->L, "sum.none"));
			rtable_row_end(&t);
			continue;
		}
		g = rcfg_median(b, VOCAB_METRIC_GBS);
		rtable_int(&t, b->c->count > 0 ? b->c->count : 0);
		rtable_int(&t, b->c->ilp);
		rtable_num(&t, g, -1, 0);
		rtable_num(&t, rcfg_steady(x, b) ?
			   rule_peak_pct(g, d->peak_mem_gbs, NULL) : NAN, -3, 0);
		rtable_row_end(&t);
	}
	dev_suffix(x, dev, &dl);
	v[0] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, "sum.bw_table", v, 1);
	rbuf_printf(&anc, "summary-bandwidth dev=%lld", (long long)d->id);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc), NULL);
	free(vv);
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&dl);
	return rc;
}

#define ROOF_SERIES (2 * RTABLE_MAXCOLS)

/* Arithmetic intensity (FLOP per byte of compulsory traffic) against
 * attained GFLOP/s, under the roof min(peak FP32, AI x peak bandwidth);
 * where the counter pass ran, the achieved points from the counters
 * (counted FLOP per counted DRAM byte) beside the timed ones. */
static int roofline(struct rctx *x, int dev)
{
	static const char *const suites[] = {
		VOCAB_SUITE_VERSIONS, VOCAB_SUITE_REFERENCE
	};
	const struct store_device *d = x->devs[dev];
	struct pline l[ROOF_SERIES + 1];
	struct rbuf titles[ROOF_SERIES + 1], cap, dl;
	double *px, *py, rx[PLOT_ROOF_N], ry[PLOT_ROOF_N], lo = INFINITY, hi = 0;
	size_t s, i, nl = 0, np = 0, nv, nmeasured;
	struct pspec ps;
	struct kv v[1];
	int k, rc, counted = 0, pass, color, pt;

	px = calloc(2 * x->ncfgs + 1, sizeof(*px));
	py = calloc(2 * x->ncfgs + 1, sizeof(*py));
	if (!px || !py) {
		free(px);
		free(py);
		return -1;
	}
	/* pass 0: the timed medians; pass 1: the counters */
	nmeasured = 0;
	for (pass = 0; pass < 2; pass++) {
		size_t first = nl;

		for (s = 0; s < 2; s++) {
			const char **vv = NULL;

			nv = model_names(x, dev, suites[s], NULL, 'v', &vv);
			for (i = 0; i < nv && nl - first < RTABLE_MAXCOLS;
			     i++) {
				size_t j, start = np;

				for (j = 0; j < x->ncfgs; j++) {
					const struct rcfg *r = &x->cfgs[j];
					double g = rcfg_median(r,
						VOCAB_METRIC_GFLOPS);
					double ai;

					if (r->dev != dev ||
					    strcmp(r->c->suite, suites[s]) ||
					    strcmp(r->c->variant, vv[i]))
						continue;
					if (pass) {
						if (!rcfg_counted_point(r, &ai, &g))
							continue;
					} else {
						if (!isfinite(g) || g <= 0 ||
						    !(r->c->flops > 0) ||
						    !(r->c->bytes > 0))
							continue;
						ai = r->c->flops / r->c->bytes;
					}
					px[np] = ai;
					py[np] = g;
					lo = fmin(lo, px[np]);
					hi = fmax(hi, px[np]);
					np++;
				}
				if (np == start)
					continue;
				rbuf_init(&titles[nl]);
				color = s ? 6 : (int)nl;
				pt = (int)nl;
				if (pass) {
					struct rbuf name;
					struct kv nvar[1];
					size_t m;

					rbuf_init(&name);
					rbuf_put_tex(&name, vv[i], 0);
					/* in the colour of the variant's timed
					 * points, as filled circles */
					for (m = 0; m < nmeasured; m++)
						if (!strcmp(l[m].title,
							    rbuf_str(&name)))
							color = l[m].color;
					pt = 6;
					nvar[0] = (struct kv){"NAME",
							      rbuf_str(&name)};
					emit_string(x, &titles[nl],
						    "sum.roof_counted", nvar,
						    1);
					rbuf_free(&name);
					counted = 1;
				} else {
					rbuf_put_tex(&titles[nl], vv[i], 0);
				}
				l[nl] = (struct pline){rbuf_str(&titles[nl]),
					px + start, py + start, np - start,
					PL_POINTS, color, pt};
				nl++;
			}
			free(vv);
		}
		if (!pass)
			nmeasured = nl;
	}
	if (!np) {
		free(px);
		free(py);
		return 0;
	}
	rbuf_init(&titles[nl]);
	if (plot_roof_fill(x, d, lo, hi, rx, ry, &l[nl], &titles[nl]))
		nl++;
	else
		rbuf_free(&titles[nl]);
	memset(&ps, 0, sizeof(ps));
	ps.xlabel = lang_get(x->L, "axis.intensity");
	ps.ylabel = lang_get(x->L, "axis.gflops");
	ps.logx = 2;
	ps.logy = 10;
	ps.xpow2 = 1;
	ps.w = 14;
	ps.h = 8;
	k = plot_lines(x, &ps, l, nl);
	rbuf_init(&cap);
	rbuf_init(&dl);
	dev_suffix(x, dev, &dl);
	v[0] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, "sum.roofline", v, 1);
	if (counted) {
		rbuf_putc(&cap, ' ');
		rbuf_puts(&cap, lang_get(x->L, "sum.roofline_counted"));
	}
	rc = emit_figure(x, k, rbuf_str(&cap));
	for (i = 0; i < nl; i++)
		rbuf_free(&titles[i]);
	rbuf_free(&cap);
	rbuf_free(&dl);
	free(px);
	free(py);
	return rc;
}

/* Where each version's best point sits on the roofline of device dev:
 * its intensity against the ridge (compute- or memory-bound roof) and
 * the share of that roof it attains. One sentence per device. */
static void roof_find(struct rctx *x, int dev, struct rfind *f)
{
	const struct store_device *d = x->devs[dev];
	const char **vv = NULL;
	struct rbuf items, a[3];
	struct kv v[3];
	size_t nv, i, k;
	double ridge, top = 0;

	if (!(d->peak_fp32_gflops > 0) || !(d->peak_mem_gbs > 0))
		return;
	ridge = d->peak_fp32_gflops / d->peak_mem_gbs;
	nv = model_names(x, dev, VOCAB_SUITE_VERSIONS, NULL, 'v', &vv);
	rbuf_init(&items);
	for (k = 0; k < 3; k++)
		rbuf_init(&a[k]);
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
		if (items.len)
			rbuf_puts(&items, "; ");
		rbuf_puts(&items, "\\texttt{");
		rbuf_put_tex(&items, vv[i], 0);
		rbuf_puts(&items, "} ");
		find_num(&items, in, 3);
		rbuf_printf(&items, "~FLOP/B, %s, ", lang_get(x->L, in > ridge ?
			    "sum.find.compute" : "sum.find.memory"));
		find_pct(&items, 100 * g / roof, 2);
		top = fmax(top, 100 * g / roof);
		regime_marks(x, rcfg_marks(x, b), &items);
	}
	free(vv);
	if (items.len) {
		dev_label(x, dev, &a[0]);
		find_num(&a[1], ridge, 3);
		v[0] = (struct kv){"DEV", rbuf_str(&a[0])};
		v[1] = (struct kv){"RIDGE", rbuf_str(&a[1])};
		v[2] = (struct kv){"LIST", rbuf_str(&items)};
		find_add(x, f, "sum.find.roof", v, 3);
		/* a point beyond half its roof is near what the hardware
		 * allows; below, the kernel's execution is what limits it */
		find_add(x, f, top < 50 ? "sum.find.under" : "sum.find.near",
			 NULL, 0);
	}
	for (k = 0; k < 3; k++)
		rbuf_free(&a[k]);
	rbuf_free(&items);
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
