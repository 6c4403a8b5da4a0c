/* The `transfer` suite (report G): a complete run phase by phase (Malloc,
 * Memcpy AB, the kernel inside Sync, Memcpy C, Free) for each kernel and
 * kind of host memory. The main body gives one table per phase across
 * the variants (median and its interval), the gains of the median with
 * their test, where the time goes, and findings computed from the data
 * (facts_transfer.c); the appendix gives report G's full statistics
 * tables and the metrics the main body leaves out. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define SUITE VOCAB_SUITE_TRANSFER
#define CI_LEVEL 0.95		/* level of the medians' intervals */

/* The main body's tables: the whole run, then the phases that carry
 * report G's story; the appendix has every other metric. */
static const char *const main_metrics[] = {
	VOCAB_METRIC_TOTAL, VOCAB_METRIC_MEMCPY_AB, VOCAB_METRIC_MEMCPY_C,
	VOCAB_METRIC_KERNEL, VOCAB_METRIC_MALLOC, VOCAB_METRIC_FREE
};
/* The phases of the gain tables, in the order a run goes through them. */
static const char *const phase_order[] = {
	VOCAB_METRIC_TOTAL, VOCAB_METRIC_MALLOC, VOCAB_METRIC_MEMCPY_AB,
	VOCAB_METRIC_KERNEL, VOCAB_METRIC_SYNC, VOCAB_METRIC_MEMCPY_C,
	VOCAB_METRIC_FREE
};
/* What the gain figure draws: Malloc, thousands of per cent, would
 * flatten the rest, and the kernel does not depend on host memory. */
static const char *const fig_metrics[] = {
	VOCAB_METRIC_TOTAL, VOCAB_METRIC_MEMCPY_AB, VOCAB_METRIC_MEMCPY_C
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The variants, host memory modes and sizes of a device. */
struct xlist {
	const char **v, **h;	/* baseline first ("simple", "pageable") */
	size_t nv, nh;
	int *n;			/* ascending */
	size_t ns;
};

static void host_text(const struct rctx *x, const char *h, struct rbuf *b)
{
	char key[96];
	const char *t;

	snprintf(key, sizeof(key), "host.%s", h ? h : "");
	t = lang_find(x->L, key);
	if (t)
		rbuf_puts(b, t);
	else
		rbuf_put_tex(b, h && *h ? h : "--", 0);
}

/* Orders names by their place in canon (unknown names after, as they
 * came): report G's baselines read first. */
static void names_order(const char **v, size_t n, const char *const *canon,
			size_t nc)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		const char *t = v[i];
		size_t ri, rj;

		for (ri = 0; ri < nc && strcmp(canon[ri], t); ri++)
			;
		for (j = i; j > 0; j--) {
			for (rj = 0; rj < nc && strcmp(canon[rj], v[j - 1]);
			     rj++)
				;
			if (rj <= ri)
				break;
			v[j] = v[j - 1];
		}
		v[j] = t;
	}
}

static void xlist_free(struct xlist *l)
{
	free(l->v);
	free(l->h);
	free(l->n);
	memset(l, 0, sizeof(*l));
}

static void xlist_load(const struct rctx *x, int dev, struct xlist *l)
{
	static const char *const kernels[] = {
		VOCAB_VARIANT_SIMPLE, VOCAB_VARIANT_SHARED
	};

	memset(l, 0, sizeof(*l));
	l->nv = model_names(x, dev, SUITE, NULL, 'v', &l->v);
	l->nh = model_names(x, dev, SUITE, NULL, 'h', &l->h);
	l->ns = model_ints(x, dev, SUITE, NULL, NULL, 'n', &l->n);
	names_order(l->v, l->nv, kernels, COUNT(kernels));
	names_order(l->h, l->nh, transfer_hosts, COUNT(transfer_hosts));
}

static const struct rcfg *cfg(const struct rctx *x, int dev, const char *v,
			      const char *h, int n)
{
	return model_find(x, dev, SUITE, v, h, n, -1, -1);
}

/* The unit of metric in the device's configurations, NULL when none
 * has the metric. */
static const char *metric_unit(const struct rctx *x, int dev,
			       const struct xlist *l, const char *metric)
{
	size_t i, j, k;

	for (i = 0; i < l->nv; i++)
		for (j = 0; j < l->nh; j++)
			for (k = 0; k < l->ns; k++) {
				const struct store_stat *s = rcfg_stat(
					cfg(x, dev, l->v[i], l->h[j], l->n[k]),
					metric);

				if (s)
					return s->unit;
			}
	return NULL;
}

/* The fewest samples for which the median has an order-statistic
 * interval at CI_LEVEL (the note says below it there is none). */
static int ci_min_samples(void)
{
	double v[64], lo, hi;
	int n;

	for (n = 1; n < 64; n++) {
		v[n - 1] = n;
		if (!stats_median_ci(v, (size_t)n, CI_LEVEL, &lo, &hi))
			return n;
	}
	return 0;
}

/* A percentage of an interval's reach: fewer decimals as it grows. */
static void reach_format(double v, struct rbuf *b)
{
	char num[32];

	/* two significant figures down to 1 %, then two decimals */
	render_fixed_format(v, v >= 9.95 ? 0 : v >= 0.995 ? 1 : 2, num,
			    sizeof(num));
	rbuf_printf(b, "\\num{%s}", num);
}

/* A host memory's name as a column head: on two lines when it has
 * words to break between ("przypięta dla wyniku"), split at the space
 * nearest its middle, so that the head is no wider than the numbers. */
static void host_head(const struct rctx *x, const char *h, struct rbuf *b)
{
	struct rbuf t;
	const char *s, *best = NULL;
	size_t len;

	rbuf_init(&t);
	host_text(x, h, &t);
	s = rbuf_str(&t);
	len = strlen(s);
	for (const char *p = strchr(s, ' '); p; p = strchr(p + 1, ' '))
		if (!best || labs((long)(p - s) - (long)len / 2) <
			     labs((long)(best - s) - (long)len / 2))
			best = p;
	if (best) {
		rbuf_puts(b, "\\shortstack{");
		rbuf_putn(b, s, (size_t)(best - s));
		rbuf_puts(b, "\\\\");
		rbuf_puts(b, best + 1);
		rbuf_puts(b, "}");
	} else {
		rbuf_puts(b, s);
	}
	rbuf_free(&t);
}

/* A header cell spanning n columns per name of names[]. */
static void head_spans(const struct rctx *x, struct rtable *t,
		       const char **names, size_t nn, int span, int host)
{
	struct rbuf b;
	size_t i;

	for (i = 0; i < nn; i++) {
		rbuf_init(&b);
		if (host) {
			host_head(x, names[i], &b);
		} else {
			rbuf_puts(&b, "\\texttt{");
			rbuf_put_tex(&b, names[i], 0);
			rbuf_puts(&b, "}");
		}
		rtable_head_span(t, span, rbuf_str(&b));
		rbuf_free(&b);
	}
}

/* The first metric table of a device, whose note the others refer to
 * rather than repeat. */
struct tabref {
	int set;
	unsigned seen;		/* the regimes its note explains */
	int noci;		/* it says where intervals are missing */
	char label[64];
};

/* One table per metric: rows = sizes, columns = kernel x host memory,
 * each cell the median and how far its interval reaches above and below
 * (two columns, so that the medians align). samples adds the range of
 * sample counts of each row. */
static int metric_table(struct rctx *x, int dev, const struct xlist *l,
			const char *metric, int samples, struct tabref *ref)
{
	struct rtable t;
	struct rbuf cap, anc, note, name, dl, cell, un;
	char kinds[RTABLE_MAXCOLS + 1], num[64];
	const char *unit = metric_unit(x, dev, l, metric);
	/* the cells that fit a table, two columns each beside the size
	 * and the samples */
	size_t fit = (RTABLE_MAXCOLS - 2) / 2;
	size_t nh = l->nh < fit ? l->nh : fit;
	size_t nv = nh && l->nv > fit / nh ? fit / nh : l->nv;
	size_t i, j, s, c = 0;
	unsigned seen = 0;
	int rc = 0, noci = 0;
	struct kv v[4];

	if (!unit || !nh || !nv)
		return 0;
	kinds[c++] = 'r';
	for (i = 0; i < nv * nh; i++) {
		kinds[c++] = 'r';
		kinds[c++] = 'l';
	}
	if (samples)
		kinds[c++] = 'r';
	kinds[c] = '\0';
	rtable_init(&t, kinds);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&note);
	rbuf_init(&name);
	rbuf_init(&dl);
	rbuf_init(&cell);
	rbuf_init(&un);

	rtable_head(&t, "");
	head_spans(x, &t, l->v, nv, 2 * (int)nh, 0);
	if (samples)
		rtable_head(&t, "");
	rtable_head_end(&t);
	rtable_head(&t, "\\(n\\)");
	for (i = 0; i < nv; i++)
		head_spans(x, &t, l->h, nh, 2, 1);
	if (samples)
		rtable_head(&t, lang_get(x->L, "xfer.samples"));
	rtable_head_end(&t);

	for (s = 0; s < l->ns; s++) {
		unsigned r0 = 0, common = 1;
		size_t cmin = 0, cmax = 0;
		int first = 1;

		/* one regime for the whole row marks the size only */
		for (i = 0; i < nv; i++)
			for (j = 0; j < nh; j++) {
				const struct rcfg *q = cfg(x, dev, l->v[i],
							   l->h[j], l->n[s]);
				unsigned r;

				if (!rcfg_ok(q))
					continue;
				r = rcfg_regime(x, q);
				seen |= r;
				r &= ~(unsigned)RG_DERIVED;
				if (first)
					r0 = r;
				else if (r != r0)
					common = 0;
				first = 0;
			}
		rbuf_free(&cell);
		rbuf_printf(&cell, "%d", l->n[s]);
		if (common)
			regime_marks(x, r0, &cell);
		rtable_text(&t, rbuf_str(&cell));
		for (i = 0; i < nv; i++)
			for (j = 0; j < nh; j++) {
				const struct rcfg *q = cfg(x, dev, l->v[i],
							   l->h[j], l->n[s]);
				const struct store_stat *st;
				double m, lo, hi;

				if (cell_status(x, &t, q) ||
				    !(st = rcfg_stat(q, metric)) ||
				    !isfinite(rcfg_median(q, metric))) {
					if (rcfg_ok(q))
						rtable_text(&t, "--");
					rtable_text(&t, "");
					continue;
				}
				if (rcfg_median_ci(x, q, metric, &m, &lo,
						   &hi)) {
					rc = -1;
					goto out;
				}
				if (!cmax || st->s.n < cmin)
					cmin = st->s.n;
				if (st->s.n > cmax)
					cmax = st->s.n;
				rbuf_free(&cell);
				render_sig_format(m, 4, num, sizeof(num));
				rbuf_printf(&cell, "\\num{%s}", num);
				if (!common)
					regime_marks(x, rcfg_regime(x, q) &
						     ~(unsigned)RG_DERIVED,
						     &cell);
				rtable_text(&t, rbuf_str(&cell));
				rbuf_free(&cell);
				if (isfinite(lo) && isfinite(hi) && m > 0) {
					/* the reach tucked under the median's
					 * last digit */
					rbuf_puts(&cell, "\\kern-3pt$^{+");
					reach_format(100 * (hi - m) / m, &cell);
					rbuf_puts(&cell, "}_{-");
					reach_format(100 * (m - lo) / m, &cell);
					rbuf_puts(&cell, "}$");
				} else {
					noci = 1;
				}
				rtable_text(&t, rbuf_str(&cell));
			}
		if (samples) {
			rbuf_free(&cell);
			if (cmax && cmin != cmax)
				rbuf_printf(&cell, "%zu--%zu", cmin, cmax);
			else if (cmax)
				rbuf_printf(&cell, "%zu", cmax);
			rtable_text(&t, rbuf_str(&cell));
		}
		rtable_row_end(&t);
	}

	metric_name(x, metric, &name);
	unit_text(unit, &un);
	dev_suffix(x, dev, &dl);
	v[0] = (struct kv){"METRIC", rbuf_str(&name)};
	v[1] = (struct kv){"UNIT", rbuf_str(&un)};
	v[2] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, "xfer.metric_table", v, 3);
	if (ref->set && !(seen & ~ref->seen) && noci <= ref->noci) {
		/* the first table's note covers this one */
		v[0] = (struct kv){"REF", ref->label};
		emit_string(x, &note, "xfer.ci_note_ref", v, 1);
	} else {
		snprintf(num, sizeof(num), "%d", ci_min_samples());
		v[0] = (struct kv){"N", num};
		emit_string(x, &note, noci ? "xfer.ci_note_some" :
			    "xfer.ci_note", v, 1);
		if (seen & ~(unsigned)RG_DERIVED) {
			rbuf_puts(&note, " ");
			regime_note(x, seen, &note);
		}
		if (!ref->set) {
			snprintf(ref->label, sizeof(ref->label),
				 "tab:xfer-%lld-%s",
				 (long long)x->devs[dev]->id, metric);
			rbuf_printf(&cap, "\\label{%s}", ref->label);
			ref->set = 1;
			ref->seen = seen;
			ref->noci = noci;
		}
	}
	rbuf_printf(&anc, "xfer dev=%lld metric=%s",
		    (long long)x->devs[dev]->id, metric);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
			rbuf_str(&note));
out:
	rtable_free(&t);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&note);
	rbuf_free(&name);
	rbuf_free(&dl);
	rbuf_free(&cell);
	rbuf_free(&un);
	return rc;
}

/* A row spanning the table: the heading of a group of rows. */
static void group_row(struct rtable *t, const char *latex)
{
	rtable_gap(t);
	rbuf_printf(&t->body, "\\multicolumn{%d}{l}{%s} \\\\\n", t->ncols,
		    latex);
	t->rows++;
}

/* The phases of phase_order the device measured. */
static size_t phases_present(const struct rctx *x, int dev,
			     const struct xlist *l, const char **out)
{
	size_t i, k = 0;

	for (i = 0; i < COUNT(phase_order); i++)
		if (metric_unit(x, dev, l, phase_order[i]))
			out[k++] = phase_order[i];
	return k;
}

/* The gains of the median of every phase, each tested: by_host, every
 * other host memory against the first, per kernel; else every other
 * kernel against the first, per host memory. Rows = sizes in groups. */
static int gain_table(struct rctx *x, int dev, const struct xlist *l,
		      int by_host)
{
	const char *ph[COUNT(phase_order)];
	const char **outer = by_host ? l->v : l->h;
	const char **inner = by_host ? l->h : l->v;
	size_t no = by_host ? l->nv : l->nh, ni = by_host ? l->nh : l->nv;
	size_t nph = phases_present(x, dev, l, ph), o, i, s, p;
	struct rbuf cap, anc, a, b, k, grp, dl, cell;
	struct rtable t;
	char kinds[RTABLE_MAXCOLS + 1];
	struct kv v[4];
	int rc = 0, nt = 0;

	if (ni < 2 || !nph)
		return 0;
	kinds[0] = 'r';
	for (p = 0; p < nph; p++)
		kinds[1 + p] = 'S';
	kinds[1 + nph] = '\0';
	rtable_init(&t, kinds);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&a);
	rbuf_init(&b);
	rbuf_init(&k);
	rbuf_init(&grp);
	rbuf_init(&dl);
	rbuf_init(&cell);
	rtable_head(&t, "\\(n\\)");
	for (p = 0; p < nph; p++) {
		rbuf_free(&cell);
		metric_name(x, ph[p], &cell);
		rtable_head(&t, rbuf_str(&cell));
	}
	rtable_head_end(&t);
	for (o = 0; o < no && !rc; o++)
		for (i = 1; i < ni && !rc; i++) {
			rbuf_free(&a);
			rbuf_free(&b);
			rbuf_free(&k);
			rbuf_free(&grp);
			if (by_host) {
				host_text(x, inner[0], &a);
				host_text(x, inner[i], &b);
				rbuf_put_tex(&k, outer[o], 0);
			} else {
				rbuf_put_tex(&a, inner[0], 0);
				rbuf_put_tex(&b, inner[i], 0);
				host_text(x, outer[o], &k);
			}
			v[0] = (struct kv){"A", rbuf_str(&a)};
			v[1] = (struct kv){"B", rbuf_str(&b)};
			v[2] = (struct kv){"K", rbuf_str(&k)};
			emit_string(x, &grp, by_host ? "xfer.group_host" :
				    "xfer.group_variant", v, 3);
			group_row(&t, rbuf_str(&grp));
			for (s = 0; s < l->ns && !rc; s++) {
				int n = l->n[s];
				const struct rcfg *ca = by_host ?
					cfg(x, dev, outer[o], inner[0], n) :
					cfg(x, dev, inner[0], outer[o], n);
				const struct rcfg *cb = by_host ?
					cfg(x, dev, outer[o], inner[i], n) :
					cfg(x, dev, inner[i], outer[o], n);

				if (!rcfg_ok(ca) || !rcfg_ok(cb))
					continue;
				rtable_int(&t, n);
				for (p = 0; p < nph; p++) {
					struct rcmp r;
					int e = model_compare(x, ca, cb, ph[p],
							      &r), fl;

					if (e == -2) {
						rc = -1;
						break;
					}
					if (e) {
						rtable_text(&t, "--");
						continue;
					}
					fl = r.p < 0 ? RT_NTMARK :
					     !r.signif ? RT_GREY |
					     RT_NSMARK : 0;
					nt |= r.p < 0;
					/* Malloc's thousands of per cent
					 * need no decimal */
					rtable_num(&t, r.gain, fabs(r.gain) <
						   1000 ? 1 : 0, fl);
				}
				rtable_row_end(&t);
			}
		}
	if (rc)
		goto out;
	dev_suffix(x, dev, &dl);
	rbuf_free(&a);
	if (by_host)
		host_text(x, inner[0], &a);
	else
		rbuf_put_tex(&a, inner[0], 0);
	v[0] = (struct kv){"A", rbuf_str(&a)};
	v[1] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, by_host ? "xfer.gain_host" : "xfer.gain_variant",
		    v, 2);
	rbuf_printf(&anc, "xfer-gain dev=%lld by=%s",
		    (long long)x->devs[dev]->id, by_host ? "host" : "variant");
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
			lang_get(x->L, nt ? "xfer.gain_note_nt" :
				 "xfer.gain_note"));
out:
	rtable_free(&t);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&a);
	rbuf_free(&b);
	rbuf_free(&k);
	rbuf_free(&grp);
	rbuf_free(&dl);
	rbuf_free(&cell);
	return rc;
}

/* The label of part p of a run. */
static void part_name(const struct rctx *x, int p, struct rbuf *b)
{
	if (p == XP_SYNC)
		rbuf_puts(b, lang_get(x->L, "xfer.sync_beyond"));
	else
		metric_name(x, transfer_part_metric[p], b);
}

/* Where the time goes: one 100 % bar per size, grouped by kernel and
 * host memory, the kernel drawn inside Sync (transfer_parts). */
static int shares_figure(struct rctx *x, int dev, const struct xlist *l)
{
	struct rbuf *g = &x->plot.script, name, cap, dl;
	size_t i, j, s, grp = 0;
	int k, p, any = 0, rc, first = 1;
	struct kv v[1];

	for (i = 0; i < l->nv; i++)
		for (j = 0; j < l->nh; j++)
			for (s = 0; s < l->ns; s++) {
				double ms[XP_N];

				any |= !transfer_parts(cfg(x, dev, l->v[i],
						l->h[j], l->n[s]), ms);
			}
	if (!any)
		return 0;
	rbuf_init(&name);
	rbuf_init(&cap);
	rbuf_init(&dl);
	/* the full width; the height leaves room for rotated sizes and
	 * the groups' names under them */
	k = plot_begin(x, 16, 7.5);
	rbuf_puts(g, "set style data histograms\n"
		  "set style histogram rowstacked title offset 0,-1.2\n"
		  "set style fill solid 0.85 border -1\nset boxwidth 0.75\n"
		  "set yrange [0:100]\nset grid noxtics\n"
		  "set xtics rotate by 90 right nomirror scale 0\n"
		  "set bmargin 6\n"
		  /* pict2e underestimates LaTeX's line height: spaced
		   * rows beside the plot */
		  "set rmargin at screen 0.8\n"
		  "set key at screen 0.81, graph 1 left top vertical "
		  "Left reverse spacing 1.4\nset ylabel '");
	rbuf_put_gp(g, lang_get(x->L, "axis.share"));
	rbuf_puts(g, "'\n");
	for (i = 0; i < l->nv; i++)
		for (j = 0; j < l->nh; j++, grp++) {
			rbuf_printf(g, "$F%dG%zu << EOD\n", k, grp);
			for (s = 0; s < l->ns; s++) {
				double ms[XP_N], sum = 0;

				rbuf_printf(g, "%d", l->n[s]);
				if (transfer_parts(cfg(x, dev, l->v[i],
						l->h[j], l->n[s]), ms))
					for (p = 0; p < XP_N; p++)
						ms[p] = 0;
				for (p = 0; p < XP_N; p++)
					sum += ms[p];
				for (p = 0; p < XP_N; p++)
					rbuf_printf(g, " %.6g", sum > 0 ?
						    100 * ms[p] / sum : 0);
				rbuf_puts(g, "\n");
			}
			rbuf_puts(g, "EOD\n");
		}
	rbuf_puts(g, "plot ");
	for (i = 0, grp = 0; i < l->nv; i++)
		for (j = 0; j < l->nh; j++, grp++) {
			rbuf_printf(g, "%snewhistogram '{\\footnotesize"
				    "\\shortstack{\\texttt{",
				    first ? "" : ", \\\n  ");
			rbuf_free(&name);
			rbuf_put_tex(&name, l->v[i], 0);
			rbuf_puts(&name, "}\\\\");
			host_text(x, l->h[j], &name);
			rbuf_put_gp(g, rbuf_str(&name));
			rbuf_puts(g, "}}'");
			for (p = 0; p < XP_N; p++) {
				rbuf_printf(g, ", $F%dG%zu using %d%s lc rgb "
					    "'%s' ", k, grp, p + 2,
					    p ? "" : ":xtic(1)",
					    plot_color(p));
				if (grp) {
					rbuf_puts(g, "notitle");
					continue;
				}
				rbuf_free(&name);
				part_name(x, p, &name);
				rbuf_puts(g, "title '");
				rbuf_put_gp(g, rbuf_str(&name));
				rbuf_puts(g, "'");
			}
			first = 0;
		}
	rbuf_puts(g, "\n");
	dev_suffix(x, dev, &dl);
	v[0] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, "xfer.shares", v, 1);
	rbuf_printf(&cap, "\\label{fig:xfer-shares-%lld}",
		    (long long)x->devs[dev]->id);
	rc = emit_figure(x, k, rbuf_str(&cap));
	rbuf_free(&name);
	rbuf_free(&cap);
	rbuf_free(&dl);
	return rc;
}

/* The time ratios the gain axis labels, a 1-2-5 series: their gains
 * (1 - ratio) read as round per cents. */
static const double gain_tics[] = {
	0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10,
	20, 50, 100, 200, 500, 1000
};

/* gnuplot's point type of kernel i: filled circle, open circle,
 * filled triangle. */
static int kernel_pt(size_t i)
{
	static const int pt[] = {7, 6, 9};

	return pt[i % COUNT(pt)];
}

/* One panel of the gain figure: host memory hb against ha, the ratio
 * b/a of the medians of the whole run and of the copies against size,
 * one line per metric and kernel. The axis is the ratio on a log scale
 * (a copy 40 times faster and a run 5 times slower both stay readable)
 * labelled with the gain; gains up. 0 when nothing to draw. */
static int gain_panel(struct rctx *x, int dev, const struct xlist *l,
		      const char *ha, const char *hb)
{
	struct rbuf *g = &x->plot.script, t;
	double lo = 1, hi = 1;
	size_t i, m, s, npts = 0;
	int k, first = 1;
	char num[32];

	for (m = 0; m < COUNT(fig_metrics); m++)
		for (i = 0; i < l->nv; i++)
			for (s = 0; s < l->ns; s++) {
				double a = rcfg_median(cfg(x, dev, l->v[i], ha,
						l->n[s]), fig_metrics[m]);
				double b = rcfg_median(cfg(x, dev, l->v[i], hb,
						l->n[s]), fig_metrics[m]);

				if (!(a > 0) || !(b > 0))
					continue;
				lo = fmin(lo, b / a);
				hi = fmax(hi, b / a);
				npts++;
			}
	if (!npts)
		return 0;
	rbuf_init(&t);
	k = plot_begin(x, 7.9, 7.6);
	rbuf_puts(g, "set logscale x 2\nset logscale y\nset xtics (");
	for (s = 0; s < l->ns; s++)
		rbuf_printf(g, "%s%d", s ? ", " : "", l->n[s]);
	rbuf_printf(g, ")\nset xrange [%.17g:%.17g]\n",
		    l->n[0] / 1.2, l->n[l->ns - 1] * 1.2);
	/* reversed: a shorter time (a gain) reads upwards */
	rbuf_printf(g, "set yrange [%.17g:%.17g]\nset ytics (", hi * 1.3,
		    lo / 1.3);
	for (i = 0, first = 1; i < COUNT(gain_tics); i++) {
		if (gain_tics[i] < lo / 1.3 || gain_tics[i] > hi * 1.3)
			continue;
		/* 1-2-5 ratios give whole per cents down to 0.002 */
		render_fixed_format((1 - gain_tics[i]) * 100,
				    gain_tics[i] < 0.01 ? 1 : 0, num,
				    sizeof(num));
		rbuf_printf(g, "%s'\\num{%s}' %.17g", first ? "" : ", ", num,
			    gain_tics[i]);
		first = 0;
	}
	rbuf_puts(g, ")\nset xlabel '");
	rbuf_put_gp(g, lang_get(x->L, "axis.size"));
	rbuf_puts(g, "'\nset ylabel '");
	rbuf_put_gp(g, lang_get(x->L, "xfer.axis_gain"));
	/* the metrics' colours once, then the kernels' dashes */
	rbuf_puts(g, "'\nset key below vertical maxrows 3 Left reverse "
		  "width 5 spacing 1.3 samplen 2.5 height 1.5\n"
		  "set pointsize 0.6\n");
	for (m = 0; m < COUNT(fig_metrics); m++)
		for (i = 0; i < l->nv; i++) {
			rbuf_printf(g, "$F%dL%zu_%zu << EOD\n", k, m, i);
			for (s = 0; s < l->ns; s++) {
				double a = rcfg_median(cfg(x, dev, l->v[i], ha,
						l->n[s]), fig_metrics[m]);
				double b = rcfg_median(cfg(x, dev, l->v[i], hb,
						l->n[s]), fig_metrics[m]);

				if (a > 0 && b > 0)
					rbuf_printf(g, "%d %.17g\n", l->n[s],
						    b / a);
			}
			rbuf_puts(g, "EOD\n");
		}
	rbuf_puts(g, "plot 1 with lines lc rgb '#808080' dt 3 notitle");
	for (i = 0; i < l->nv; i++)
		for (m = 0; m < COUNT(fig_metrics); m++) {
			rbuf_printf(g, ", \\\n  $F%dL%zu_%zu using 1:2 with "
				    "linespoints lc rgb '%s' dt %zu pt %d ", k,
				    m, i, plot_color((int)m), i + 1,
				    kernel_pt(i));
			if (i) {
				rbuf_puts(g, "notitle");
				continue;
			}
			rbuf_free(&t);
			metric_name(x, fig_metrics[m], &t);
			rbuf_puts(g, "title '");
			rbuf_put_gp(g, rbuf_str(&t));
			rbuf_puts(g, "'");
		}
	for (i = 0; i < l->nv; i++) {
		rbuf_free(&t);
		rbuf_puts(&t, "\\texttt{");
		rbuf_put_tex(&t, l->v[i], 0);
		rbuf_puts(&t, "}");
		rbuf_printf(g, ", \\\n  NaN with linespoints lc rgb '#000000' "
			    "dt %zu pt %d title '", i + 1, kernel_pt(i));
		rbuf_put_gp(g, rbuf_str(&t));
		rbuf_puts(g, "'");
	}
	rbuf_puts(g, "\n");
	rbuf_free(&t);
	return k;
}

/* Why Malloc is not in the gain figure, in its own numbers: the most
 * that another host memory multiplies its median by. */
static void malloc_note(struct rctx *x, int dev, const struct xlist *l,
			struct rbuf *b)
{
	struct rbuf f;
	double most = NAN;
	size_t i, h, s;
	struct kv v;

	for (i = 0; i < l->nv; i++)
		for (h = 1; h < l->nh; h++)
			for (s = 0; s < l->ns; s++) {
				double a = rcfg_median(cfg(x, dev, l->v[i],
						l->h[0], l->n[s]),
						VOCAB_METRIC_MALLOC);
				double m = rcfg_median(cfg(x, dev, l->v[i],
						l->h[h], l->n[s]),
						VOCAB_METRIC_MALLOC);

				if (a > 0 && m > 0 && !(m / a <= most))
					most = m / a;
			}
	if (!isfinite(most))
		return;
	rbuf_init(&f);
	find_num(&f, most, 3);
	v = (struct kv){"F", rbuf_str(&f)};
	rbuf_puts(b, " ");
	emit_string(x, b, "xfer.gain_fig_malloc", &v, 1);
	rbuf_free(&f);
}

/* The gain figure: one panel per other host memory. */
static int gain_figure(struct rctx *x, int dev, const struct xlist *l)
{
	struct rbuf pics, cap, one, dl, anc, a;
	char *sub;
	size_t h;
	int rc = 0, any = 0;
	struct kv v[3];

	if (l->nh < 2 || !l->ns)
		return 0;
	sub = tmpl_fragment(x->frags, "subpicture");
	if (!sub)
		return -1;
	rbuf_init(&pics);
	rbuf_init(&cap);
	rbuf_init(&one);
	rbuf_init(&dl);
	rbuf_init(&anc);
	rbuf_init(&a);
	host_text(x, l->h[0], &a);
	for (h = 1; h < l->nh; h++) {
		struct rbuf pic, b;
		int k = gain_panel(x, dev, l, l->h[0], l->h[h]);

		if (!k)
			continue;
		any = 1;
		rbuf_init(&pic);
		rbuf_init(&b);
		plot_ref(x, &pic, k);
		host_text(x, l->h[h], &b);
		rbuf_free(&one);
		v[0] = (struct kv){"A", rbuf_str(&a)};
		v[1] = (struct kv){"B", rbuf_str(&b)};
		emit_string(x, &one, "xfer.gain_panel", v, 2);
		v[0] = (struct kv){"PICTURE", rbuf_str(&pic)};
		v[1] = (struct kv){"CAPTION", rbuf_str(&one)};
		rc |= tmpl_fill(&pics, sub, v, 2);
		rbuf_free(&pic);
		rbuf_free(&b);
	}
	if (any) {
		dev_suffix(x, dev, &dl);
		v[0] = (struct kv){"A", rbuf_str(&a)};
		v[1] = (struct kv){"DEV", rbuf_str(&dl)};
		emit_string(x, &cap, "xfer.gain_fig", v, 2);
		malloc_note(x, dev, l, &cap);
		rbuf_printf(&anc, "xfer-gain-fig dev=%lld",
			    (long long)x->devs[dev]->id);
		v[0] = (struct kv){"ANCHOR", rbuf_str(&anc)};
		v[1] = (struct kv){"PICTURES", rbuf_str(&pics)};
		v[2] = (struct kv){"CAPTION", rbuf_str(&cap)};
		rc |= emit_fragment(x, "figurepair", v, 3);
	}
	free(sub);
	rbuf_free(&pics);
	rbuf_free(&cap);
	rbuf_free(&one);
	rbuf_free(&dl);
	rbuf_free(&anc);
	rbuf_free(&a);
	return rc;
}

static int main_part(struct rctx *x, int dev)
{
	struct tabref ref = {0};
	struct xlist l;
	size_t i;
	int rc = 0;

	xlist_load(x, dev, &l);
	for (i = 0; i < COUNT(main_metrics) && !rc; i++)
		rc = metric_table(x, dev, &l, main_metrics[i], i == 0, &ref);
	/* host memory's gains and their figure, the kernels' gains, then
	 * where the time goes: an order that also packs the pages */
	if (!rc)
		rc = gain_table(x, dev, &l, 1);
	if (!rc)
		rc = gain_figure(x, dev, &l);
	if (!rc)
		rc = gain_table(x, dev, &l, 0);
	if (!rc)
		rc = shares_figure(x, dev, &l);
	xlist_free(&l);
	return rc;
}

/* ---- findings ----------------------------------------------------------- */

/* The smallest two-sided p the Mann-Whitney test can give with na and
 * nb samples: the two samples wholly apart. */
static double mwu_pmin(size_t na, size_t nb)
{
	double *v = malloc((na + nb) * sizeof(*v));
	struct stats_mwu m;
	double p = NAN;
	size_t i;

	if (!v)
		return NAN;
	for (i = 0; i < na + nb; i++)
		v[i] = (double)i;
	if (!stats_mwu_test(v, na, v + na, nb, &m))
		p = m.p;
	free(v);
	return p;
}

/* items[0..n-1] as one list: ", " between them, the language's "and"
 * (find.xfer.list2) before the last. */
static void join_list(struct rctx *x, struct rbuf *out, struct rbuf *items,
		      size_t n)
{
	struct rbuf head;
	struct kv v[2];
	size_t i;

	if (!n)
		return;
	if (n == 1) {
		rbuf_puts(out, rbuf_str(&items[0]));
		return;
	}
	rbuf_init(&head);
	for (i = 0; i + 1 < n; i++) {
		if (i)
			rbuf_puts(&head, ", ");
		rbuf_puts(&head, rbuf_str(&items[i]));
	}
	v[0] = (struct kv){"A", rbuf_str(&head)};
	v[1] = (struct kv){"B", rbuf_str(&items[n - 1])};
	emit_string(x, out, "find.xfer.list2", v, 2);
	rbuf_free(&head);
}

/* The words of one comparison, chosen by the data: shorter, longer (or
 * "N times as long" with times), not significantly different; and its
 * numbers (b against a, the test). Where the samples are too few for
 * any outcome to be significant, the words give the direction and the
 * numbers say why it is not significant: "no significant difference"
 * is kept for a test that could have found one. */
static void cmp_words(struct rctx *x, const struct transfer_at *at,
		      int times, struct rbuf *words, struct rbuf *detail)
{
	struct rbuf a, b, p, val, na, nb;
	const char *key, *dkey = "find.xfer.cl.detail";
	struct kv v[5];
	int tested = at->r.p >= 0, weak = 0;

	if (tested && !at->r.signif) {
		weak = mwu_pmin(at->na, at->nb) >= RULE_ALPHA;
		dkey = weak ? "find.xfer.cl.detail_weak" :
		       "find.xfer.cl.detail_ns";
	}
	rbuf_init(&a);
	rbuf_init(&b);
	rbuf_init(&p);
	rbuf_init(&val);
	rbuf_init(&na);
	rbuf_init(&nb);
	if (tested && !at->r.signif && !weak) {
		key = "find.xfer.cl.ns";
	} else if (at->r.b < at->r.a) {
		key = "find.xfer.cl.shorter";
		find_pct(&val, at->r.gain, 3);
	} else if (at->r.b > at->r.a && times && at->r.ratio >= 2) {
		key = "find.xfer.cl.times";
		find_num(&val, at->r.ratio, 3);
	} else if (at->r.b > at->r.a) {
		key = "find.xfer.cl.longer";
		find_pct(&val, -at->r.gain, 3);
	} else {
		key = "find.xfer.cl.equal";
	}
	v[0] = (struct kv){"V", rbuf_str(&val)};
	emit_string(x, words, key, v, 1);
	find_num(&a, at->r.a, 4);
	find_num(&b, at->r.b, 4);
	find_p(x, &p, at->r.p);
	rbuf_printf(&na, "%zu", at->na);
	rbuf_printf(&nb, "%zu", at->nb);
	v[0] = (struct kv){"A", rbuf_str(&a)};
	v[1] = (struct kv){"B", rbuf_str(&b)};
	v[2] = (struct kv){"P", rbuf_str(&p)};
	v[3] = (struct kv){"NA", rbuf_str(&na)};
	v[4] = (struct kv){"NB", rbuf_str(&nb)};
	emit_string(x, detail, dkey, v, 5);
	rbuf_free(&a);
	rbuf_free(&b);
	rbuf_free(&p);
	rbuf_free(&val);
	rbuf_free(&na);
	rbuf_free(&nb);
}

/* A sentence about one comparison at the smallest and the largest size
 * (once when they are one size). */
static void sentence_pair(struct rctx *x, struct rfind *f, const char *key,
			  const struct transfer_at at[2], int times)
{
	struct rbuf all, w, d, items[2];
	char num[32];
	struct kv v[3];
	size_t e, cnt = 0;

	if (!at[0].ok)
		return;
	rbuf_init(&all);
	for (e = 0; e < 2; e++) {
		if (e && (!at[1].ok || at[1].n == at[0].n))
			break;
		rbuf_init(&w);
		rbuf_init(&d);
		rbuf_init(&items[e]);
		cmp_words(x, &at[e], times, &w, &d);
		snprintf(num, sizeof(num), "%d", at[e].n);
		v[0] = (struct kv){"C", rbuf_str(&w)};
		v[1] = (struct kv){"N", num};
		v[2] = (struct kv){"D", rbuf_str(&d)};
		emit_string(x, &items[e], "find.xfer.at", v, 3);
		cnt++;
		rbuf_free(&w);
		rbuf_free(&d);
	}
	join_list(x, &all, items, cnt);
	for (e = 0; e < cnt; e++)
		rbuf_free(&items[e]);
	v[0] = (struct kv){"AT", rbuf_str(&all)};
	v[1] = (struct kv){"K", VOCAB_VARIANT_SIMPLE};
	find_add(x, f, key, v, 2);
	rbuf_free(&all);
}

/* The kernel and the whole run of "shared" against "simple". */
static void sentence_shared(struct rctx *x, struct rfind *f,
			    const struct transfer_facts *fx)
{
	struct rbuf w1, d1, w2, d2, h;
	char num[32];
	struct kv v[6];

	if (!fx->shared_kernel.ok || !fx->shared_total.ok)
		return;
	rbuf_init(&w1);
	rbuf_init(&d1);
	rbuf_init(&w2);
	rbuf_init(&d2);
	rbuf_init(&h);
	cmp_words(x, &fx->shared_kernel, 0, &w1, &d1);
	cmp_words(x, &fx->shared_total, 0, &w2, &d2);
	host_text(x, transfer_hosts[0], &h);
	snprintf(num, sizeof(num), "%d", fx->shared_kernel.n);
	v[0] = (struct kv){"N", num};
	v[1] = (struct kv){"H", rbuf_str(&h)};
	v[2] = (struct kv){"C1", rbuf_str(&w1)};
	v[3] = (struct kv){"D1", rbuf_str(&d1)};
	v[4] = (struct kv){"C2", rbuf_str(&w2)};
	v[5] = (struct kv){"D2", rbuf_str(&d2)};
	find_add(x, f, "find.xfer.shared", v, 6);
	rbuf_free(&w1);
	rbuf_free(&d1);
	rbuf_free(&w2);
	rbuf_free(&d2);
	rbuf_free(&h);
}

/* The largest part of the run per host memory, at one end of the
 * sizes. */
static void sentence_dominant(struct rctx *x, int dev, struct rfind *f,
			      const struct transfer_facts *fx, int e)
{
	struct rbuf list, items[3], part, h, share;
	char num[32], fig[64];
	struct kv v[4];
	size_t i, k = 0;

	for (i = 0; i < 3; i++) {
		if (fx->dom_part[e][i] < 0)
			continue;
		rbuf_init(&items[k]);
		rbuf_init(&part);
		rbuf_init(&h);
		rbuf_init(&share);
		part_name(x, fx->dom_part[e][i], &part);
		host_text(x, transfer_hosts[i], &h);
		find_pct(&share, fx->dom_share[e][i], 2);
		v[0] = (struct kv){"PART", rbuf_str(&part)};
		v[1] = (struct kv){"H", rbuf_str(&h)};
		v[2] = (struct kv){"SHARE", rbuf_str(&share)};
		emit_string(x, &items[k++], "find.xfer.dom_item", v, 3);
		rbuf_free(&part);
		rbuf_free(&h);
		rbuf_free(&share);
	}
	if (!k)
		return;
	rbuf_init(&list);
	join_list(x, &list, items, k);
	for (i = 0; i < k; i++)
		rbuf_free(&items[i]);
	snprintf(num, sizeof(num), "%d", fx->dom_n[e]);
	snprintf(fig, sizeof(fig), "fig:xfer-shares-%lld",
		 (long long)x->devs[dev]->id);
	v[0] = (struct kv){"N", num};
	v[1] = (struct kv){"K", VOCAB_VARIANT_SIMPLE};
	v[2] = (struct kv){"LIST", rbuf_str(&list)};
	v[3] = (struct kv){"FIG", fig};
	find_add(x, f, "find.xfer.dominant", v, 4);
	rbuf_free(&list);
}

/* Where too few samples leave the test no power: the sizes at which even
 * wholly separate samples could not be significant. */
static void sentence_power(struct rctx *x, int dev, struct rfind *f,
			   const struct xlist *l)
{
	struct rbuf sizes, pm, *items;
	size_t s, i, j, worst = 0, cnt = 0;
	char num[32];
	struct kv v[3];

	items = calloc(l->ns ? l->ns : 1, sizeof(*items));
	if (!items)
		return;
	for (s = 0; s < l->ns; s++) {
		size_t cmin = 0;

		for (i = 0; i < l->nv; i++)
			for (j = 0; j < l->nh; j++) {
				const struct store_stat *st = rcfg_stat(
					cfg(x, dev, l->v[i], l->h[j], l->n[s]),
					VOCAB_METRIC_TOTAL);

				if (st && (!cmin || st->s.n < cmin))
					cmin = st->s.n;
			}
		if (!cmin || !(mwu_pmin(cmin, cmin) >= RULE_ALPHA))
			continue;
		rbuf_init(&items[cnt]);
		rbuf_printf(&items[cnt++], "%d", l->n[s]);
		if (!worst || cmin < worst)
			worst = cmin;
	}
	if (cnt) {
		rbuf_init(&sizes);
		rbuf_init(&pm);
		join_list(x, &sizes, items, cnt);
		find_num(&pm, mwu_pmin(worst, worst), 2);
		snprintf(num, sizeof(num), "%zu", worst);
		v[0] = (struct kv){"NLIST", rbuf_str(&sizes)};
		v[1] = (struct kv){"CNT", num};
		v[2] = (struct kv){"PMIN", rbuf_str(&pm)};
		find_add(x, f, "find.xfer.power", v, 3);
		rbuf_free(&pm);
		rbuf_free(&sizes);
	}
	for (s = 0; s < cnt; s++)
		rbuf_free(&items[s]);
	free(items);
}

/* The findings of one device, every number from facts_transfer. */
static int findings_dev(struct rctx *x, int dev, struct rfind *f)
{
	struct transfer_facts fx;
	struct xlist l;

	if (facts_transfer(x, dev, &fx))
		return -1;
	xlist_load(x, dev, &l);
	/* with no raw samples nothing is tested, and power is moot */
	if (fx.pout_total[0].ok && fx.pout_total[0].r.p >= 0)
		sentence_power(x, dev, f, &l);
	sentence_pair(x, f, "find.xfer.pout_c", fx.pout_c, 0);
	sentence_pair(x, f, "find.xfer.pout_total", fx.pout_total, 0);
	sentence_pair(x, f, "find.xfer.pin_ab", fx.pin_ab, 0);
	sentence_pair(x, f, "find.xfer.pin_total", fx.pin_total, 0);
	sentence_pair(x, f, "find.xfer.malloc", fx.pin_malloc, 1);
	sentence_shared(x, f, &fx);
	sentence_dominant(x, dev, f, &fx, 0);
	if (fx.dom_n[1] != fx.dom_n[0])
		sentence_dominant(x, dev, f, &fx, 1);
	xlist_free(&l);
	return 0;
}

/* The Findings subsection: the sentences of each device under its name
 * when several are reported. */
static int findings_emit(struct rctx *x, struct rfind *f)
{
	struct rfind none;
	struct kv v;
	size_t d;
	int any = 0, rc = 0;

	for (d = 0; d < x->ndevs; d++)
		any |= f[d].n > 0;
	if (!any) {
		find_init(&none);
		rc = find_emit(x, &none);
		find_free(&none);
		return rc;
	}
	v = (struct kv){"TITLE", lang_get(x->L, "find.title")};
	if (emit_fragment(x, "findings", &v, 1))
		return -1;
	for (d = 0; d < x->ndevs && !rc; d++) {
		if (!f[d].n)
			continue;
		emit_dev_heading(x, 2, (int)d);
		v = (struct kv){"ITEMS", rbuf_str(&f[d].items)};
		rc = emit_fragment(x, "list", &v, 1);
	}
	return rc;
}

/* The main body's section: per device the tables, gains and figures,
 * then the findings of every device under one heading, so that the
 * section ends with what the data say. */
int sec_transfer(struct rctx *x)
{
	struct rfind *f = calloc(x->ndevs ? x->ndevs : 1, sizeof(*f));
	size_t d;
	int rc = 0;

	if (!f)
		return -1;
	for (d = 0; d < x->ndevs; d++)
		find_init(&f[d]);
	emit_heading(x, 0, lang_get(x->L, "transfer.title"));
	if (!model_has_suite(x, -1, SUITE)) {
		emit_par(x, lang_get(x->L, "transfer.absent"));
	} else {
		emit_par(x, lang_get(x->L, "transfer.intro"));
		/* the devices' parts under run-in headings, as their
		 * findings are: the contents stay one line per section */
		for (d = 0; d < x->ndevs && !rc; d++) {
			if (!model_has_suite(x, (int)d, SUITE))
				continue;
			emit_dev_heading(x, 2, (int)d);
			rc = main_part(x, (int)d);
		}
	}
	for (d = 0; d < x->ndevs && !rc; d++)
		if (model_has_suite(x, (int)d, SUITE))
			rc = findings_dev(x, (int)d, &f[d]);
	if (!rc)
		rc = findings_emit(x, f);
	for (d = 0; d < x->ndevs; d++)
		find_free(&f[d]);
	free(f);
	return rc;
}

/* ---- appendix ----------------------------------------------------------- */

static double stat_of(const struct stats_summary *s, int which)
{
	switch (which) {
	case 0: return s->min;
	case 1: return s->max;
	case 2: return s->mean;
	case 3: return s->median;
	default: return s->stddev;
	}
}

/* Report G's table: rows = phases (with their units), columns = the
 * five statistics and the number of runs. */
static int phase_table(struct rctx *x, int dev, const struct rcfg *c)
{
	static const char *const heads[] = {"stat.min", "stat.max",
		"stat.avg", "stat.median", "stat.stddev"};
	struct rtable t;
	struct rbuf cap, anc, nm, hm, dl, cell, un;
	struct kv v[4];
	char size[32];
	size_t i;
	int j, rc;

	rtable_init(&t, "lSSSSSS");
	rbuf_init(&un);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&nm);
	rbuf_init(&hm);
	rbuf_init(&dl);
	rbuf_init(&cell);
	rtable_head(&t, lang_get(x->L, "transfer.phase"));
	for (j = 0; j < 5; j++)
		rtable_head(&t, lang_get(x->L, heads[j]));
	rtable_head(&t, "\\(n\\)");
	rtable_head_end(&t);
	for (i = 0; i < c->nstats; i++) {
		const struct store_stat *s = &c->stats[i];

		/* the counter pass's single values are no phases */
		if (metric_is_counter(s->metric))
			continue;
		/* the unit beside the name: a column less keeps the table
		 * within the text width */
		rbuf_free(&cell);
		rbuf_free(&un);
		metric_name(x, s->metric, &cell);
		unit_text(s->unit, &un);
		/* "GFLOP/s (kernel)" names its unit already */
		if (strncmp(rbuf_str(&cell), rbuf_str(&un), un.len))
			rbuf_printf(&cell, " [%s]", rbuf_str(&un));
		rtable_text(&t, rbuf_str(&cell));
		for (j = 0; j < 5; j++)
			rtable_num(&t, stat_of(&s->s, j), -1, 0);
		rtable_int(&t, (long long)s->s.n);
		rtable_row_end(&t);
	}
	rbuf_put_tex(&nm, c->c->variant, 0);
	host_text(x, c->c->host_mem, &hm);
	dev_suffix(x, dev, &dl);
	snprintf(size, sizeof(size), "%d", c->c->n);
	v[0] = (struct kv){"NAME", rbuf_str(&nm)};
	v[1] = (struct kv){"HOST", rbuf_str(&hm)};
	v[2] = (struct kv){"SIZE", size};
	v[3] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, "transfer.table", v, 4);
	rbuf_printf(&anc, "transfer dev=%lld variant=%s host=%s n=%d",
		    (long long)x->devs[dev]->id, c->c->variant,
		    c->c->host_mem ? c->c->host_mem : "", c->c->n);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc), NULL);
	rtable_free(&t);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&nm);
	rbuf_free(&hm);
	rbuf_free(&dl);
	rbuf_free(&cell);
	rbuf_free(&un);
	return rc;
}

static int is_main_metric(const char *m)
{
	size_t i;

	for (i = 0; i < COUNT(main_metrics); i++)
		if (!strcmp(main_metrics[i], m))
			return 1;
	return 0;
}

static int app_part(struct rctx *x, int dev)
{
	const char **names = NULL, **units = NULL;
	struct tabref ref = {0};
	struct xlist l;
	size_t nm, i, j, s;
	int rc = 0;

	xlist_load(x, dev, &l);
	/* the metrics the main body leaves out, in its form */
	nm = metric_list(x, dev, SUITE, NULL, &names, &units);
	for (j = 0; j < 2; j++)		/* the phases, then the rates */
		for (i = 0; i < nm && !rc; i++)
			if (!is_main_metric(names[i]) &&
			    !strcmp(units[i] ? units[i] : "", "ms") == !j)
				rc = metric_table(x, dev, &l, names[i], 0,
						  &ref);
	/* report G's tables, size by size so that the variants of one
	 * size follow each other */
	for (s = 0; s < l.ns && !rc; s++)
		for (i = 0; i < l.nv && !rc; i++)
			for (j = 0; j < l.nh && !rc; j++) {
				const struct rcfg *c = cfg(x, dev, l.v[i],
							   l.h[j], l.n[s]);

				if (rcfg_ok(c))
					rc = phase_table(x, dev, c);
			}
	for (i = 0; i < l.nv; i++)
		problems_list(x, dev, SUITE, l.v[i]);
	free(names);
	free(units);
	xlist_free(&l);
	return rc;
}

/* The appendix: what a reader looks up rather than reads (report G's
 * full tables, the metrics the main body leaves out). */
int app_transfer(struct rctx *x)
{
	size_t d;
	int rc = 0;

	emit_heading(x, 0, lang_get(x->L, "transfer.app_title"));
	if (!model_has_suite(x, -1, SUITE)) {
		emit_par(x, lang_get(x->L, "transfer.absent"));
		return 0;
	}
	emit_par(x, lang_get(x->L, "xfer.app_intro"));
	for (d = 0; d < x->ndevs && !rc; d++) {
		if (!model_has_suite(x, (int)d, SUITE))
			continue;
		emit_dev_heading(x, 1, (int)d);
		rc = app_part(x, (int)d);
	}
	return rc;
}
