/* The `transfer` suite (report G): a complete run phase by phase (Malloc,
 * Memcpy AB, the kernel inside Sync, Memcpy C, Free) for each kernel and
 * kind of host memory. The main body gives one table per phase across
 * the variants (median and its interval), the gains of the median with
 * their test, where the time goes, and findings computed from the data;
 * the appendix gives report G's full statistics tables and the metrics
 * the main body leaves out. */
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

/* Host memory modes in report G's order (pageable is the baseline). */
static const char *const transfer_hosts[] = {
	VOCAB_HOST_PAGEABLE, VOCAB_HOST_PINNED, VOCAB_HOST_PINNED_OUTPUT
};

/* The parts a run's time is drawn in, and their metrics: the kernel
 * runs inside Sync, so Sync counts only beyond the kernel, never both
 * in full. */
enum { XP_MALLOC, XP_AB, XP_KERNEL, XP_SYNC, XP_C, XP_FREE, XP_N };
static const char *const part_metric[XP_N] = {
	VOCAB_METRIC_MALLOC, VOCAB_METRIC_MEMCPY_AB, VOCAB_METRIC_KERNEL,
	VOCAB_METRIC_SYNC, VOCAB_METRIC_MEMCPY_C, VOCAB_METRIC_FREE
};

/* The variants, host memory modes and sizes of a device, and the
 * metrics (with their units) its ok configurations hold. */
struct xlist {
	const char **v, **h;	/* baseline first ("simple", "pageable") */
	size_t nv, nh;
	int *n;			/* ascending */
	size_t ns;
	const char **m, **u;	/* metric_list */
	size_t nm;
};

/* A host memory's words ("--" for none). */
static void host_text(const struct rctx *x, const char *h, struct rbuf *b)
{
	lang_name_put(x, "host", h && *h ? h : "--", 0, b);
}

/* Orders names by their place in canon (unknown names after, as they
 * came): report G's baselines read first. */
static size_t name_rank(const char *const *canon, size_t nc, const char *t)
{
	size_t r;

	for (r = 0; r < nc && strcmp(canon[r], t); r++)
		;
	return r;
}

static void names_order(const char **v, size_t n, const char *const *canon,
			size_t nc)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		const char *t = v[i];
		size_t r = name_rank(canon, nc, t);

		for (j = i; j > 0 && name_rank(canon, nc, v[j - 1]) > r; j--)
			v[j] = v[j - 1];
		v[j] = t;
	}
}

static void xlist_free(struct xlist *l)
{
	free(l->v);
	free(l->h);
	free(l->n);
	free(l->m);
	free(l->u);
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
	l->nm = metric_list(x, dev, SUITE, NULL, &l->m, &l->u);
	names_order(l->v, l->nv, kernels, COUNT(kernels));
	names_order(l->h, l->nh, transfer_hosts, COUNT(transfer_hosts));
}

static const struct rcfg *cfg(const struct rctx *x, int dev, const char *v,
			      const char *h, int n)
{
	return model_find(x, dev, SUITE, v, h, n, -1, -1);
}

/* The median of each part of c in ms[]. Returns 0, or -1 when c is not
 * ok or lacks a phase. */
static int transfer_parts(const struct rcfg *c, double ms[XP_N])
{
	int i;

	for (i = 0; i < XP_N; i++)
		if (!isfinite(ms[i] = rcfg_median(c, part_metric[i])))
			return -1;
	/* Sync starts when the launch returns, and the kernel already
	 * runs during the launch: Sync may well be shorter than it */
	ms[XP_SYNC] = fmax(0, ms[XP_SYNC] - ms[XP_KERNEL]);
	return 0;
}

/* The unit of metric in the device's configurations, NULL when none
 * has the metric. */
static const char *metric_unit(const struct xlist *l, const char *metric)
{
	size_t i;

	for (i = 0; i < l->nm; i++)
		if (!strcmp(l->m[i], metric))
			return l->u[i];
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

/* The first metric table of a device, whose note the others refer to
 * rather than repeat. */
struct tabref {
	int set;
	unsigned seen;		/* the regimes its note explains */
	int noci;		/* it says where intervals are missing */
	char label[64];
};

/* The two header rows of a metric table: the kernels over their host
 * memories' columns (two each), then n and the host memories, each on
 * two lines where it has words to break between ("przypięta dla
 * wyniku"), split at the space nearest its middle, so that the head is
 * no wider than the numbers. */
static void metric_head(const struct rctx *x, struct rtable *t,
			const struct xlist *l, size_t nv, size_t nh,
			int samples)
{
	struct rbuf b, h;
	const char *s, *p, *best;
	size_t i;
	long mid;

	rbuf_init(&b);
	rbuf_init(&h);
	rtable_head(t, "");
	for (i = 0; i < nv; i++) {
		rbuf_free(&b);
		mem_variant(&b, l->v[i]);
		rtable_head_span(t, 2 * (int)nh, rbuf_str(&b));
	}
	if (samples)
		rtable_head(t, "");
	rtable_head_end(t);
	rtable_head(t, "\\(n\\)");
	for (i = 0; i < nv * nh; i++) {
		rbuf_free(&b);
		rbuf_free(&h);
		host_text(x, l->h[i % nh], &b);
		s = rbuf_str(&b);
		mid = (long)strlen(s) / 2;
		for (best = NULL, p = strchr(s, ' '); p; p = strchr(p + 1, ' '))
			if (!best || labs(p - s - mid) < labs(best - s - mid))
				best = p;
		if (best)
			rbuf_printf(&h, "\\shortstack{%.*s\\\\%s}",
				    (int)(best - s), s, best + 1);
		rtable_head_span(t, 2, best ? rbuf_str(&h) : s);
	}
	if (samples)
		rtable_head(t, lang_get(x->L, "xfer.samples"));
	rtable_head_end(t);
	rbuf_free(&b);
	rbuf_free(&h);
}

/* The regime of the ok cells of row s (the first nv kernels, nh host
 * memories): *common is set when they all share it, so that it marks
 * the size only; *seen gathers every cell's bits. */
static unsigned row_regime(const struct rctx *x, int dev,
			   const struct xlist *l, size_t nv, size_t nh,
			   size_t s, unsigned *seen, int *common)
{
	unsigned r0 = 0, r;
	size_t i, j;
	int first = 1;

	*common = 1;
	for (i = 0; i < nv; i++)
		for (j = 0; j < nh; j++) {
			const struct rcfg *q = cfg(x, dev, l->v[i], l->h[j],
						   l->n[s]);

			if (!rcfg_ok(q))
				continue;
			r = rcfg_regime(x, q);
			*seen |= r;
			r &= ~(unsigned)RG_DERIVED;
			if (first)
				r0 = r;
			else if (r != r0)
				*common = 0;
			first = 0;
		}
	return r0;
}

/* The two cells of q: its median of metric (with its marks unless the
 * row carries them) and how far the interval reaches. cnt[0..1] widens
 * to q's sample count; *noci is set where there is no interval. -1 when
 * the store fails. */
static int metric_cell(struct rctx *x, struct rtable *t,
		       const struct rcfg *q, const char *metric, int common,
		       size_t cnt[2], int *noci)
{
	const struct store_stat *st;
	struct rbuf cell;
	double m, lo, hi;

	if (cell_status(x, t, q) || !(st = rcfg_stat(q, metric)) ||
	    !isfinite(rcfg_median(q, metric))) {
		if (rcfg_ok(q))
			rtable_text(t, "--");
		rtable_text(t, "");
		return 0;
	}
	if (rcfg_median_ci(x, q, metric, &m, &lo, &hi))
		return -1;
	if (!cnt[1] || st->s.n < cnt[0])
		cnt[0] = st->s.n;
	if (st->s.n > cnt[1])
		cnt[1] = st->s.n;
	rbuf_init(&cell);
	find_num(&cell, m, 4);
	if (!common)
		regime_marks(x, rcfg_regime(x, q) & ~(unsigned)RG_DERIVED,
			     &cell);
	rtable_text(t, rbuf_str(&cell));
	rbuf_free(&cell);
	if (isfinite(lo) && isfinite(hi) && m > 0) {
		/* the reach tucked under the median's last digit */
		rbuf_puts(&cell, "\\kern-3pt$^{+");
		reach_format(100 * (hi - m) / m, &cell);
		rbuf_puts(&cell, "}_{-");
		reach_format(100 * (m - lo) / m, &cell);
		rbuf_puts(&cell, "}$");
	} else {
		*noci = 1;
	}
	rtable_text(t, rbuf_str(&cell));
	rbuf_free(&cell);
	return 0;
}

/* The caption and the note of a metric table; the first table of a
 * device (ref) is labelled, and a later one whose regimes and missing
 * intervals its note covers refers to it. */
static void metric_note(struct rctx *x, int dev, const char *metric,
			const char *unit, unsigned seen, int noci,
			struct tabref *ref, struct rbuf *cap,
			struct rbuf *note)
{
	struct fv v;

	fv_init(&v);
	metric_name(x, metric, fv_put(&v, "METRIC"));
	unit_text(unit, fv_put(&v, "UNIT"));
	dev_suffix(x, dev, fv_put(&v, "DEV"));
	fv_emit(x, cap, "xfer.metric_table", &v);
	fv_free(&v);
	if (ref->set && !(seen & ~ref->seen) && noci <= ref->noci) {
		fv_str(&v, "REF", ref->label);
		fv_emit(x, note, "xfer.ci_note_ref", &v);
		fv_free(&v);
		return;
	}
	fv_int(&v, "N", ci_min_samples());
	fv_emit(x, note, noci ? "xfer.ci_note_some" : "xfer.ci_note", &v);
	fv_free(&v);
	if (seen & ~(unsigned)RG_DERIVED) {
		rbuf_puts(note, " ");
		regime_note(x, seen, note);
	}
	if (ref->set)
		return;
	snprintf(ref->label, sizeof(ref->label), "tab:xfer-%lld-%s",
		 (long long)x->devs[dev]->id, metric);
	rbuf_printf(cap, "\\label{%s}", ref->label);
	ref->set = 1;
	ref->seen = seen;
	ref->noci = noci;
}

/* One table per metric: rows = sizes, columns = kernel x host memory,
 * each cell the median and how far its interval reaches above and below
 * (two columns, so that the medians align). samples adds the range of
 * sample counts of each row. */
static int metric_table(struct rctx *x, int dev, const struct xlist *l,
			const char *metric, int samples, struct tabref *ref)
{
	struct rtable t;
	struct rbuf cap, anc, note, cell;
	char kinds[RTABLE_MAXCOLS + 1] = "r";
	const char *unit = metric_unit(l, metric);
	/* the cells that fit a table, two columns each beside the size
	 * and the samples */
	size_t fit = (RTABLE_MAXCOLS - 2) / 2;
	size_t nh = l->nh < fit ? l->nh : fit;
	size_t nv = nh && l->nv > fit / nh ? fit / nh : l->nv;
	size_t i, j, s;
	unsigned seen = 0;
	int rc = 0, noci = 0;

	if (!unit || !nh || !nv)
		return 0;
	for (i = 0; i < nv * nh; i++)
		strcat(kinds, "rl");
	if (samples)
		strcat(kinds, "r");
	rtable_init(&t, kinds);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&note);
	rbuf_init(&cell);
	metric_head(x, &t, l, nv, nh, samples);
	for (s = 0; s < l->ns && !rc; s++) {
		size_t cnt[2] = {0, 0};
		int common;
		unsigned r0 = row_regime(x, dev, l, nv, nh, s, &seen, &common);

		rbuf_free(&cell);
		rbuf_printf(&cell, "%d", l->n[s]);
		if (common)
			regime_marks(x, r0, &cell);
		rtable_text(&t, rbuf_str(&cell));
		for (i = 0; i < nv && !rc; i++)
			for (j = 0; j < nh && !rc; j++)
				rc = metric_cell(x, &t, cfg(x, dev, l->v[i],
						 l->h[j], l->n[s]), metric,
						 common, cnt, &noci);
		rbuf_free(&cell);
		if (samples && cnt[1] && cnt[0] != cnt[1])
			rbuf_printf(&cell, "%zu--%zu", cnt[0], cnt[1]);
		else if (samples && cnt[1])
			rbuf_printf(&cell, "%zu", cnt[1]);
		if (samples)
			rtable_text(&t, rbuf_str(&cell));
		rtable_row_end(&t);
	}
	if (rc)
		goto out;
	metric_note(x, dev, metric, unit, seen, noci, ref, &cap, &note);
	rbuf_printf(&anc, "xfer dev=%lld metric=%s",
		    (long long)x->devs[dev]->id, metric);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
			rbuf_str(&note));
out:
	rtable_free(&t);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&note);
	rbuf_free(&cell);
	return rc;
}

/* A name in a gain table: a host memory's words or a kernel's name. */
static void gain_name(const struct rctx *x, int host, const char *name,
		      struct rbuf *b)
{
	if (host)
		host_text(x, name, b);
	else
		rbuf_put_tex(b, name, 0);
}

/* The row of size n where kernel and host memory (outer o, inner a and
 * b as by_host pairs them) both ran: the gain of every phase ph[] of b
 * against a, each tested; *nt is set where one is untested. -1 when
 * the store fails. */
static int gain_row(struct rctx *x, int dev, struct rtable *t, int by_host,
		    const char *o, const char *a, const char *b, int n,
		    const char **ph, size_t nph, int *nt)
{
	const struct rcfg *ca = by_host ? cfg(x, dev, o, a, n) :
				cfg(x, dev, a, o, n);
	const struct rcfg *cb = by_host ? cfg(x, dev, o, b, n) :
				cfg(x, dev, b, o, n);
	struct rcmp r;
	size_t p;
	int e;

	if (!rcfg_ok(ca) || !rcfg_ok(cb))
		return 0;
	rtable_int(t, n);
	for (p = 0; p < nph; p++) {
		e = model_compare(x, ca, cb, ph[p], &r);
		if (e == -2)
			return -1;
		if (e) {
			rtable_text(t, "--");
			continue;
		}
		*nt |= r.p < 0;
		/* Malloc's thousands of per cent need no decimal */
		rtable_num(t, r.gain, fabs(r.gain) < 1000 ? 1 : 0,
			   r.p < 0 ? RT_NTMARK : !r.signif ?
			   RT_GREY | RT_NSMARK : 0);
	}
	rtable_row_end(t);
	return 0;
}

/* The gains of the median of every phase the device measured, each
 * tested: by_host, every other host memory against the first, per
 * kernel; else every other kernel against the first, per host memory.
 * Rows = sizes in groups, each under a row spanning the table. */
static int gain_table(struct rctx *x, int dev, const struct xlist *l,
		      int by_host)
{
	const char **out = by_host ? l->v : l->h, **in = by_host ? l->h : l->v;
	size_t no = by_host ? l->nv : l->nh, ni = by_host ? l->nh : l->nv;
	const char *ph[COUNT(phase_order)];
	char kinds[RTABLE_MAXCOLS + 1] = "r";
	size_t nph = 0, o, i, p, s;
	struct rbuf cap, anc, cell;
	struct rtable t;
	struct fv v;
	int rc = 0, nt = 0;

	for (p = 0; p < COUNT(phase_order); p++)
		if (metric_unit(l, phase_order[p]))
			ph[nph++] = phase_order[p];
	if (ni < 2 || !nph)
		return 0;
	memset(kinds + 1, 'S', nph);
	rtable_init(&t, kinds);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&cell);
	fv_init(&v);
	rtable_head(&t, "\\(n\\)");
	for (p = 0; p < nph; p++) {
		rbuf_free(&cell);
		metric_name(x, ph[p], &cell);
		rtable_head(&t, rbuf_str(&cell));
	}
	rtable_head_end(&t);
	for (o = 0; o < no && !rc; o++)
		for (i = 1; i < ni && !rc; i++) {
			gain_name(x, by_host, in[0], fv_put(&v, "A"));
			gain_name(x, by_host, in[i], fv_put(&v, "B"));
			gain_name(x, !by_host, out[o], fv_put(&v, "K"));
			rbuf_free(&cell);
			fv_emit(x, &cell, by_host ? "xfer.group_host" :
				"xfer.group_variant", &v);
			rtable_gap(&t);
			rbuf_printf(&t.body, "\\multicolumn{%d}{l}{%s} \\\\\n",
				    t.ncols, rbuf_str(&cell));
			t.rows++;
			for (s = 0; s < l->ns && !rc; s++)
				rc = gain_row(x, dev, &t, by_host, out[o],
					      in[0], in[i], l->n[s], ph, nph,
					      &nt);
		}
	gain_name(x, by_host, in[0], fv_put(&v, "A"));
	dev_suffix(x, dev, fv_put(&v, "DEV"));
	fv_emit(x, &cap, by_host ? "xfer.gain_host" : "xfer.gain_variant",
		&v);
	rbuf_printf(&anc, "xfer-gain dev=%lld by=%s",
		    (long long)x->devs[dev]->id, by_host ? "host" : "variant");
	if (!rc)
		rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
				lang_get(x->L, nt ? "xfer.gain_note_nt" :
					 "xfer.gain_note"));
	rtable_free(&t);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&cell);
	fv_free(&v);
	return rc;
}

/* The label of part p of a run. */
static void part_name(const struct rctx *x, int p, struct rbuf *b)
{
	if (p == XP_SYNC)
		rbuf_puts(b, lang_get(x->L, "xfer.sync_beyond"));
	else
		metric_name(x, part_metric[p], b);
}

/* LaTeX as a gnuplot title, "title '...'". */
static void gp_title(struct rbuf *g, const char *latex)
{
	rbuf_puts(g, "title '");
	rbuf_put_gp(g, latex);
	rbuf_puts(g, "'");
}

/* The shares figure's datablocks and plot command: per kernel and host
 * memory a row per size of the parts in % of their sum (0 where
 * unknown), drawn as a histogram, the parts' titles once. */
static void shares_data(struct rctx *x, int dev, const struct xlist *l,
			int k)
{
	struct rbuf *g = &x->plot.script, cmd, name;
	size_t i, j, s, grp = 0;
	int p;

	rbuf_init(&cmd);
	rbuf_init(&name);
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
			rbuf_printf(&cmd, "%snewhistogram '{\\footnotesize"
				    "\\shortstack{\\texttt{",
				    grp ? ", \\\n  " : "plot ");
			rbuf_free(&name);
			rbuf_put_tex(&name, l->v[i], 0);
			rbuf_puts(&name, "}\\\\");
			host_text(x, l->h[j], &name);
			rbuf_put_gp(&cmd, rbuf_str(&name));
			rbuf_puts(&cmd, "}}'");
			for (p = 0; p < XP_N; p++) {
				rbuf_printf(&cmd, ", $F%dG%zu using %d%s lc "
					    "rgb '%s' ", k, grp, p + 2,
					    p ? "" : ":xtic(1)",
					    plot_color(p));
				if (grp) {
					rbuf_puts(&cmd, "notitle");
					continue;
				}
				rbuf_free(&name);
				part_name(x, p, &name);
				gp_title(&cmd, rbuf_str(&name));
			}
		}
	rbuf_printf(g, "%s\n", rbuf_str(&cmd));
	rbuf_free(&cmd);
	rbuf_free(&name);
}

/* Where the time goes: one 100 % bar per size, grouped by kernel and
 * host memory, the kernel drawn inside Sync (transfer_parts). */
static int shares_figure(struct rctx *x, int dev, const struct xlist *l)
{
	struct rbuf *g = &x->plot.script, cap, dl;
	size_t i, j, s;
	int k, any = 0, rc;
	struct kv v;

	for (i = 0; i < l->nv; i++)
		for (j = 0; j < l->nh; j++)
			for (s = 0; s < l->ns; s++) {
				double ms[XP_N];

				any |= !transfer_parts(cfg(x, dev, l->v[i],
						l->h[j], l->n[s]), ms);
			}
	if (!any)
		return 0;
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
	shares_data(x, dev, l, k);
	rbuf_init(&cap);
	rbuf_init(&dl);
	dev_suffix(x, dev, &dl);
	v = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, "xfer.shares", &v, 1);
	rbuf_printf(&cap, "\\label{fig:xfer-shares-%lld}",
		    (long long)x->devs[dev]->id);
	rc = emit_figure(x, k, rbuf_str(&cap));
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

/* gnuplot's point types of the kernels: filled circle, open circle,
 * filled triangle. */
static const int kernel_pt[] = {7, 6, 9};

/* The ratio b/a of the medians of metric of kernel v with host memory
 * hb (b) and ha (a) at n; NAN where either is missing. */
static double gain_ratio(const struct rctx *x, int dev, const char *v,
			 const char *ha, const char *hb, int n,
			 const char *metric)
{
	double a = rcfg_median(cfg(x, dev, v, ha, n), metric);
	double b = rcfg_median(cfg(x, dev, v, hb, n), metric);

	return a > 0 && b > 0 ? b / a : NAN;
}

/* The axes of a gain panel whose ratios span lo..hi: sizes on a log
 * scale, the ratio reversed on a log scale labelled with the gain. */
static void gain_axes(struct rctx *x, const struct xlist *l, double lo,
		      double hi)
{
	struct rbuf *g = &x->plot.script;
	char num[32];
	size_t i, s;
	int first = 1;

	rbuf_puts(g, "set logscale x 2\nset logscale y\nset xtics (");
	for (s = 0; s < l->ns; s++)
		rbuf_printf(g, "%s%d", s ? ", " : "", l->n[s]);
	rbuf_printf(g, ")\nset xrange [%.17g:%.17g]\n",
		    l->n[0] / 1.2, l->n[l->ns - 1] * 1.2);
	/* reversed: a shorter time (a gain) reads upwards */
	rbuf_printf(g, "set yrange [%.17g:%.17g]\nset ytics (", hi * 1.3,
		    lo / 1.3);
	for (i = 0; i < COUNT(gain_tics); i++) {
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
}

/* A gain panel's plot command: the line of no change, a line per
 * kernel and metric (the metrics' titles once), the kernels' keys. */
static void gain_plot(struct rctx *x, const struct xlist *l, int k)
{
	struct rbuf *g = &x->plot.script, t;
	size_t i, m;

	rbuf_init(&t);
	rbuf_puts(g, "plot 1 with lines lc rgb '#808080' dt 3 notitle");
	for (i = 0; i < l->nv; i++)
		for (m = 0; m < COUNT(fig_metrics); m++) {
			rbuf_printf(g, ", \\\n  $F%dL%zu_%zu using 1:2 with "
				    "linespoints lc rgb '%s' dt %zu pt %d ", k,
				    m, i, plot_color((int)m), i + 1,
				    kernel_pt[i % COUNT(kernel_pt)]);
			if (i) {
				rbuf_puts(g, "notitle");
				continue;
			}
			rbuf_free(&t);
			metric_name(x, fig_metrics[m], &t);
			gp_title(g, rbuf_str(&t));
		}
	for (i = 0; i < l->nv; i++) {
		rbuf_free(&t);
		mem_variant(&t, l->v[i]);
		rbuf_printf(g, ", \\\n  NaN with linespoints lc rgb '#000000' "
			    "dt %zu pt %d ", i + 1,
			    kernel_pt[i % COUNT(kernel_pt)]);
		gp_title(g, rbuf_str(&t));
	}
	rbuf_puts(g, "\n");
	rbuf_free(&t);
}

/* One panel of the gain figure: host memory hb against ha, the ratio
 * b/a of the medians of the whole run and of the copies against size,
 * one line per metric and kernel. The axis is the ratio on a log scale
 * (a copy 40 times faster and a run 5 times slower both stay readable)
 * labelled with the gain; gains up. 0 when nothing to draw. */
static int gain_panel(struct rctx *x, int dev, const struct xlist *l,
		      const char *ha, const char *hb)
{
	struct rbuf *g = &x->plot.script;
	double lo = 1, hi = 1, r;
	size_t i, m, s, npts = 0;
	int k;

	for (m = 0; m < COUNT(fig_metrics); m++)
		for (i = 0; i < l->nv; i++)
			for (s = 0; s < l->ns; s++) {
				r = gain_ratio(x, dev, l->v[i], ha, hb,
					       l->n[s], fig_metrics[m]);
				if (!(r > 0))
					continue;
				lo = fmin(lo, r);
				hi = fmax(hi, r);
				npts++;
			}
	if (!npts)
		return 0;
	k = plot_begin(x, 7.9, 7.6);
	gain_axes(x, l, lo, hi);
	for (m = 0; m < COUNT(fig_metrics); m++)
		for (i = 0; i < l->nv; i++) {
			rbuf_printf(g, "$F%dL%zu_%zu << EOD\n", k, m, i);
			for (s = 0; s < l->ns; s++) {
				r = gain_ratio(x, dev, l->v[i], ha, hb,
					       l->n[s], fig_metrics[m]);
				if (r > 0)
					rbuf_printf(g, "%d %.17g\n", l->n[s],
						    r);
			}
			rbuf_puts(g, "EOD\n");
		}
	gain_plot(x, l, k);
	return k;
}

/* Why Malloc is not in the gain figure, in its own numbers: the most
 * that another host memory multiplies its median by. */
static void malloc_note(struct rctx *x, int dev, const struct xlist *l,
			struct rbuf *b)
{
	double most = NAN, r;
	size_t i, h, s;
	struct fv v;

	for (i = 0; i < l->nv; i++)
		for (h = 1; h < l->nh; h++)
			for (s = 0; s < l->ns; s++) {
				r = gain_ratio(x, dev, l->v[i], l->h[0],
					       l->h[h], l->n[s],
					       VOCAB_METRIC_MALLOC);
				if (r > 0 && !(r <= most))
					most = r;
			}
	if (!isfinite(most))
		return;
	fv_init(&v);
	fv_num(&v, "F", most, 3);
	rbuf_puts(b, " ");
	fv_emit(x, b, "xfer.gain_fig_malloc", &v);
	fv_free(&v);
}

/* The gain figure: one panel per other host memory. */
static int gain_figure(struct rctx *x, int dev, const struct xlist *l)
{
	struct rbuf one;
	struct figpair p;
	struct fv v;
	size_t h;
	int rc, k;

	if (l->nh < 2 || !l->ns)
		return 0;
	if (figpair_init(x, &p))
		return -1;
	rc = 0;
	rbuf_init(&one);
	fv_init(&v);
	host_text(x, l->h[0], fv_put(&v, "A"));
	for (h = 1; h < l->nh; h++) {
		if (!(k = gain_panel(x, dev, l, l->h[0], l->h[h])))
			continue;
		host_text(x, l->h[h], fv_put(&v, "B"));
		rbuf_free(&one);
		fv_emit(x, &one, "xfer.gain_panel", &v);
		rc |= figpair_add(x, &p, k, rbuf_str(&one));
	}
	if (p.n) {
		dev_suffix(x, dev, fv_put(&v, "DEV"));
		rbuf_free(&one);
		fv_emit(x, &one, "xfer.gain_fig", &v);
		malloc_note(x, dev, l, &one);
		rc |= figpair_emit(x, &p, rbuf_str(&one),
				   "xfer-gain-fig dev=%lld",
				   (long long)x->devs[dev]->id);
	}
	figpair_free(&p);
	rbuf_free(&one);
	fv_free(&v);
	return rc;
}

/* ---- findings ----------------------------------------------------------- */

/* One of report G's comparisons at one size: the medians of baseline a
 * and alternative b, their gain and test (r.p < 0: untested), and the
 * sample counts. */
struct xat {
	int ok;		/* both measured; else the rest is unset */
	int n;
	struct rcmp r;
	size_t na, nb;
};

/* Report G's comparisons, each against "simple" with pageable memory
 * (its baseline), in the findings' order: the string, b's kernel and
 * host memory, the metric; times: a ratio from 2 reads "N times as
 * long". The last two make one sentence, "shared"'s kernel and run. */
static const struct xcmp {
	const char *key, *v, *h, *metric;
	int times;
} xcmps[] = {
	{"find.xfer.pout_c", VOCAB_VARIANT_SIMPLE, VOCAB_HOST_PINNED_OUTPUT,
	 VOCAB_METRIC_MEMCPY_C, 0},
	{"find.xfer.pout_total", VOCAB_VARIANT_SIMPLE,
	 VOCAB_HOST_PINNED_OUTPUT, VOCAB_METRIC_TOTAL, 0},
	{"find.xfer.pin_ab", VOCAB_VARIANT_SIMPLE, VOCAB_HOST_PINNED,
	 VOCAB_METRIC_MEMCPY_AB, 0},
	{"find.xfer.pin_total", VOCAB_VARIANT_SIMPLE, VOCAB_HOST_PINNED,
	 VOCAB_METRIC_TOTAL, 0},
	{"find.xfer.malloc", VOCAB_VARIANT_SIMPLE, VOCAB_HOST_PINNED,
	 VOCAB_METRIC_MALLOC, 1},
	{"find.xfer.shared", VOCAB_VARIANT_SHARED, VOCAB_HOST_PAGEABLE,
	 VOCAB_METRIC_KERNEL, 0},
	{NULL, VOCAB_VARIANT_SHARED, VOCAB_HOST_PAGEABLE, VOCAB_METRIC_TOTAL,
	 0},
};
#define XC_PAIRS 5		/* xcmps[] of sentence_pair */

/* Comparison c at the smallest (hi = 0) or largest (hi = 1) size where
 * both sides have its metric, so that a missing configuration shifts
 * the size rather than dropping the fact. -1 when the store fails. */
static int at_fill(struct rctx *x, int dev, const struct xlist *l, int hi,
		   const struct xcmp *c, struct xat *at)
{
	size_t i;

	memset(at, 0, sizeof(*at));
	for (i = 0; i < l->ns; i++) {
		int n = l->n[hi ? l->ns - 1 - i : i], rc;
		const struct rcfg *a = cfg(x, dev, VOCAB_VARIANT_SIMPLE,
					   VOCAB_HOST_PAGEABLE, n);
		const struct rcfg *b = cfg(x, dev, c->v, c->h, n);

		if (!rcfg_stat(a, c->metric) || !rcfg_stat(b, c->metric))
			continue;
		rc = model_compare(x, a, b, c->metric, &at->r);
		if (rc == -2)
			return -1;
		if (rc)
			continue;
		at->ok = 1;
		at->n = n;
		at->na = rcfg_stat(a, c->metric)->s.n;
		at->nb = rcfg_stat(b, c->metric)->s.n;
		return 0;
	}
	return 0;
}

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

/* The phrases it[0..n-1] as one list into out: ", " between them, the
 * language's "and" (find.xfer.list2) before the last. */
static void join_put(struct rctx *x, const struct rbuf *it, size_t n,
		     struct rbuf *out)
{
	struct kv v[2] = {{"A", ""}, {"B", n ? rbuf_str(&it[n - 1]) : ""}};
	struct rbuf head;
	size_t i;

	rbuf_init(&head);
	for (i = 0; i + 1 < n; i++)
		rbuf_printf(&head, "%s%s", i ? ", " : "", rbuf_str(&it[i]));
	v[0].val = rbuf_str(&head);
	if (n == 1)
		rbuf_puts(out, v[1].val);
	else if (n)
		emit_string(x, out, "find.xfer.list2", v, 2);
	rbuf_free(&head);
}

/* The words of one comparison, chosen by the data: shorter, longer (or
 * "N times as long" with times), not significantly different; and its
 * numbers (b against a, the test). Where the samples are too few for
 * any outcome to be significant, the words give the direction and the
 * numbers say why it is not significant: "no significant difference"
 * is kept for a test that could have found one. */
static void cmp_words(struct rctx *x, const struct xat *at, int times,
		      struct rbuf *words, struct rbuf *detail)
{
	const struct rcmp *r = &at->r;
	const char *key = "find.xfer.cl.equal", *dkey = "find.xfer.cl.detail";
	int tested = r->p >= 0, weak = 0;
	struct rbuf *val;
	struct fv v;

	if (tested && !r->signif) {
		weak = mwu_pmin(at->na, at->nb) >= RULE_ALPHA;
		dkey = weak ? "find.xfer.cl.detail_weak" :
		       "find.xfer.cl.detail_ns";
	}
	fv_init(&v);
	val = fv_put(&v, "V");
	if (tested && !r->signif && !weak) {
		key = "find.xfer.cl.ns";
	} else if (r->b < r->a) {
		key = "find.xfer.cl.shorter";
		find_pct(val, r->gain, 3);
	} else if (r->b > r->a && times && r->ratio >= 2) {
		key = "find.xfer.cl.times";
		find_num(val, r->ratio, 3);
	} else if (r->b > r->a) {
		key = "find.xfer.cl.longer";
		find_pct(val, -r->gain, 3);
	}
	fv_emit(x, words, key, &v);
	fv_num(&v, "A", r->a, 4);
	fv_num(&v, "B", r->b, 4);
	find_p(x, fv_put(&v, "P"), r->p);
	fv_int(&v, "NA", (long long)at->na);
	fv_int(&v, "NB", (long long)at->nb);
	fv_emit(x, detail, dkey, &v);
	fv_free(&v);
}

/* A sentence about comparison c at the smallest and the largest size
 * (once when they are one size). */
static void sentence_pair(struct rctx *x, struct rfind *f,
			  const struct xcmp *c, const struct xat at[2])
{
	struct rbuf it[2];
	struct fv v;
	size_t e;

	if (!at[0].ok)
		return;
	fv_init(&v);
	rbufs_init(it, 2);
	for (e = 0; e < 2; e++) {
		if (e && (!at[1].ok || at[1].n == at[0].n))
			break;
		cmp_words(x, &at[e], c->times, fv_put(&v, "C"),
			  fv_put(&v, "D"));
		fv_int(&v, "N", at[e].n);
		fv_emit(x, &it[e], "find.xfer.at", &v);
	}
	fv_free(&v);
	join_put(x, it, e, fv_put(&v, "AT"));
	rbufs_free(it, 2);
	fv_str(&v, "K", VOCAB_VARIANT_SIMPLE);
	fv_find(x, f, c->key, &v);
	fv_free(&v);
}

/* The kernel (ak) and the whole run (at) of "shared" against "simple"
 * at the largest size. */
static void sentence_shared(struct rctx *x, struct rfind *f,
			    const struct xat *ak, const struct xat *at)
{
	struct fv v;

	if (!ak->ok || !at->ok)
		return;
	fv_init(&v);
	fv_int(&v, "N", ak->n);
	host_text(x, VOCAB_HOST_PAGEABLE, fv_put(&v, "H"));
	cmp_words(x, ak, 0, fv_put(&v, "C1"), fv_put(&v, "D1"));
	cmp_words(x, at, 0, fv_put(&v, "C2"), fv_put(&v, "D2"));
	fv_find(x, f, xcmps[XC_PAIRS].key, &v);
	fv_free(&v);
}

/* The largest part of the run of "simple" at size n per host memory,
 * with its share of the parts' sum. */
static void sentence_dominant(struct rctx *x, int dev, struct rfind *f,
			      int n)
{
	struct rbuf it[COUNT(transfer_hosts)];
	struct fv v;
	size_t i, k = 0;
	int p, big;

	fv_init(&v);
	rbufs_init(it, COUNT(transfer_hosts));
	for (i = 0; i < COUNT(transfer_hosts); i++) {
		double ms[XP_N], sum = 0;

		if (transfer_parts(cfg(x, dev, VOCAB_VARIANT_SIMPLE,
				       transfer_hosts[i], n), ms))
			continue;
		for (p = big = 0; p < XP_N; p++) {
			sum += ms[p];
			if (ms[p] > ms[big])
				big = p;
		}
		if (!(sum > 0))
			continue;
		part_name(x, big, fv_put(&v, "PART"));
		host_text(x, transfer_hosts[i], fv_put(&v, "H"));
		find_pct(fv_put(&v, "SHARE"), 100 * ms[big] / sum, 2);
		fv_emit(x, &it[k++], "find.xfer.dom_item", &v);
	}
	fv_free(&v);
	join_put(x, it, k, fv_put(&v, "LIST"));
	fv_int(&v, "N", n);
	fv_str(&v, "K", VOCAB_VARIANT_SIMPLE);
	rbuf_printf(fv_put(&v, "FIG"), "fig:xfer-shares-%lld",
		    (long long)x->devs[dev]->id);
	if (k)
		fv_find(x, f, "find.xfer.dominant", &v);
	fv_free(&v);
	rbufs_free(it, COUNT(transfer_hosts));
}

/* Where too few samples leave the test no power: the sizes at which even
 * wholly separate samples could not be significant. */
static void sentence_power(struct rctx *x, int dev, struct rfind *f,
			   const struct xlist *l)
{
	struct rbuf *it = malloc((l->ns ? l->ns : 1) * sizeof(*it));
	size_t s, i, j, k = 0, worst = 0;
	struct fv v;

	if (!it)
		return;
	rbufs_init(it, l->ns);
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
		rbuf_printf(&it[k++], "%d", l->n[s]);
		if (!worst || cmin < worst)
			worst = cmin;
	}
	fv_init(&v);
	if (k) {	/* worst is set */
		join_put(x, it, k, fv_put(&v, "NLIST"));
		fv_int(&v, "CNT", (long long)worst);
		fv_num(&v, "PMIN", mwu_pmin(worst, worst), 2);
		fv_find(x, f, "find.xfer.power", &v);
	}
	fv_free(&v);
	rbufs_free(it, l->ns);
	free(it);
}

/* The findings of one device. -1 when the store fails. */
static int findings_dev(struct rctx *x, int dev, const struct xlist *l,
			struct rfind *f)
{
	struct xat at[COUNT(xcmps)][2];
	size_t i;

	for (i = 0; i < COUNT(xcmps); i++)
		if (at_fill(x, dev, l, 0, &xcmps[i], &at[i][0]) ||
		    at_fill(x, dev, l, 1, &xcmps[i], &at[i][1]))
			return -1;
	/* with no raw samples nothing is tested, and power is moot */
	if (at[1][0].ok && at[1][0].r.p >= 0)
		sentence_power(x, dev, f, l);
	for (i = 0; i < XC_PAIRS; i++)
		sentence_pair(x, f, &xcmps[i], at[i]);
	sentence_shared(x, f, &at[XC_PAIRS][1], &at[XC_PAIRS + 1][1]);
	sentence_dominant(x, dev, f, l->ns ? l->n[0] : 0);
	if (l->ns > 1 && l->n[l->ns - 1] != l->n[0])
		sentence_dominant(x, dev, f, l->n[l->ns - 1]);
	return 0;
}

/* Device dev's tables and figures, and its findings into f. */
static int main_part(struct rctx *x, int dev, struct rfind *f)
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
	if (!rc)
		rc = findings_dev(x, dev, &l, f);
	xlist_free(&l);
	return rc;
}

/* The Findings subsection: the sentences of each device under its name
 * when several are reported. */
static int findings_emit(struct rctx *x, struct rfind *f)
{
	struct kv v = {"TITLE", lang_get(x->L, "find.title")};
	size_t d;
	int any = 0, rc;

	for (d = 0; d < x->ndevs; d++)
		any |= f[d].n > 0;
	if (!any)	/* f[0] has none: the words that say so */
		return find_emit(x, f);
	rc = emit_fragment(x, "findings", &v, 1);
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
	emit_par(x, lang_get(x->L, model_has_suite(x, -1, SUITE) ?
			     "xfer.intro" : "transfer.absent"));
	/* the devices' parts under run-in headings, as their findings
	 * are: the contents stay one line per section */
	for (d = 0; d < x->ndevs && !rc; d++) {
		if (!model_has_suite(x, (int)d, SUITE))
			continue;
		emit_dev_heading(x, 2, (int)d);
		rc = main_part(x, (int)d, &f[d]);
	}
	if (!rc)
		rc = findings_emit(x, f);
	for (d = 0; d < x->ndevs; d++)
		find_free(&f[d]);
	free(f);
	return rc;
}

/* ---- appendix ----------------------------------------------------------- */

/* Report G's table: rows = phases (with their units), columns = the
 * five statistics and the number of runs. */
static int phase_table(struct rctx *x, int dev, const struct rcfg *c)
{
	static const char *const heads[] = {"stat.min", "stat.max",
		"stat.avg", "stat.median", "stat.stddev"};
	struct rtable t;
	struct rbuf cap, anc, cell, un;
	struct fv v;
	size_t i;
	int j, rc;

	rtable_init(&t, "lSSSSSS");
	rbuf_init(&un);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&cell);
	fv_init(&v);
	rtable_head(&t, lang_get(x->L, "transfer.phase"));
	for (j = 0; j < 5; j++)
		rtable_head(&t, lang_get(x->L, heads[j]));
	rtable_head(&t, "\\(n\\)");
	rtable_head_end(&t);
	for (i = 0; i < c->nstats; i++) {
		const struct store_stat *s = &c->stats[i];
		const double st[] = {s->s.min, s->s.max, s->s.mean,
				     s->s.median, s->s.stddev};

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
			rtable_num(&t, st[j], -1, 0);
		rtable_int(&t, (long long)s->s.n);
		rtable_row_end(&t);
	}
	rbuf_put_tex(fv_put(&v, "NAME"), c->c->variant, 0);
	host_text(x, c->c->host_mem, fv_put(&v, "HOST"));
	fv_int(&v, "SIZE", c->c->n);
	dev_suffix(x, dev, fv_put(&v, "DEV"));
	fv_emit(x, &cap, "transfer.table", &v);
	rbuf_printf(&anc, "transfer dev=%lld variant=%s host=%s n=%d",
		    (long long)x->devs[dev]->id, c->c->variant,
		    c->c->host_mem ? c->c->host_mem : "", c->c->n);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc), NULL);
	rtable_free(&t);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&cell);
	rbuf_free(&un);
	fv_free(&v);
	return rc;
}

static int app_part(struct rctx *x, int dev)
{
	struct tabref ref = {0};
	struct xlist l;
	size_t i, j, s;
	int rc = 0;

	xlist_load(x, dev, &l);
	/* the metrics the main body leaves out, in its form */
	for (j = 0; j < 2; j++)		/* the phases, then the rates */
		for (i = 0; i < l.nm && !rc; i++)
			if (name_rank(main_metrics, COUNT(main_metrics),
				       l.m[i]) == COUNT(main_metrics) &&
			    !strcmp(l.u[i] ? l.u[i] : "", "ms") == !j)
				rc = metric_table(x, dev, &l, l.m[i], 0, &ref);
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
	xlist_free(&l);
	return rc;
}

/* The appendix: what a reader looks up rather than reads (report G's
 * full tables, the metrics the main body leaves out). */
int app_transfer(struct rctx *x)
{
	return emit_suite_section(x, SUITE, "transfer.app_title", app_part);
}
