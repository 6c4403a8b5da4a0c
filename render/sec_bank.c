/* The `bank` suite (textbook R's stride experiment): warps read shared
 * memory at a stride of s words, s = 1..32, which puts gcd(s, 32) of
 * their words in each bank they use. The main body shows per device a
 * figure of cycles per access against the stride beside the expected
 * conflict, a table of every stride, one of the strides grouped by
 * their expected conflict, and findings computed by facts_bank, which
 * the conclusions share. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define BANK_SUITE VOCAB_SUITE_BANK
#define BANK_METRIC VOCAB_METRIC_NS_ACCESS
/* The fit of cycles on the expected conflict: the words chosen by R^2. */
#define BANK_FIT_GOOD 0.95
#define BANK_FIT_ROUGH 0.8
#define BANK_FIG_W 12.0
#define BANK_FIG_H 7.5

int bank_ways(int s)
{
	int a = s, b = 32, t;

	while (b) {
		t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* The SM clock of c in MHz and how it is known: recorded around the
 * configuration or at the session's end, else the rated clock. */
static double bank_mhz(const struct rctx *x, const struct rcfg *c, int *how)
{
	const struct store_prop *p;
	double m = rcfg_clock_mhz(x, c);

	if (isfinite(m) && m > 0) {
		*how = BANK_CLK_RECORDED;
		return m;
	}
	if (c->c->start_sm_clock_mhz > 0) {
		*how = BANK_CLK_RECORDED;
		return c->c->start_sm_clock_mhz;
	}
	p = model_prop(x->devs[c->dev], "clock_rate");
	if (p && p->has_num && p->num > 0) {
		*how = BANK_CLK_RATED;
		return p->num;
	}
	*how = BANK_CLK_NONE;
	return NAN;
}

/* The n-way conflict the counters measured: passes through the banks
 * (wavefronts) per shared-load instruction of a warp. */
double bank_counted(const struct rcfg *c)
{
	double w = rcfg_median(c, VOCAB_METRIC_CNT_SHARED_LD_WAVEFRONTS);
	double i = rcfg_median(c, VOCAB_METRIC_CNT_SHARED_LD_INST);

	return i > 0 && isfinite(w) ? w / i : NAN;
}

static void group_add(struct bank_group *g, const struct rcmp *r)
{
	double q = r->ratio;

	if (!isfinite(q))
		return;
	if (!g->n || q < g->lo)
		g->lo = q;
	if (!g->n || q > g->hi)
		g->hi = q;
	g->n++;
	if (!(q > 1 + BANK_TOL))
		return;
	if (r->p < 0) {
		g->slow++;
		g->untested++;
	} else if (r->signif) {
		g->slow++;
	} else {
		g->ns_long++;
	}
}

/* The value the figure, the class table and the fit use: cycles where
 * every stride has a clock, else ns. */
static const double *bank_y(const struct bank_facts *f)
{
	return f->clock == BANK_CLK_NONE ? f->t : f->cyc;
}

static void facts_fit(struct bank_facts *f)
{
	const double *y = bank_y(f);
	double sw = 0, sy = 0, sww = 0, swy = 0, ss = 0, st = 0, my;
	int s, n = 0;

	for (s = 1; s <= BANK_MAXS; s++) {
		double w = bank_ways(s);

		if (!isfinite(y[s]))
			continue;
		sw += w;
		sy += y[s];
		sww += w * w;
		swy += w * y[s];
		n++;
	}
	if (n < 3 || n * sww - sw * sw <= 0)
		return;
	f->fit_b = (n * swy - sw * sy) / (n * sww - sw * sw);
	f->fit_a = (sy - f->fit_b * sw) / n;
	my = sy / n;
	for (s = 1; s <= BANK_MAXS; s++) {
		double e;

		if (!isfinite(y[s]))
			continue;
		e = y[s] - f->fit_a - f->fit_b * bank_ways(s);
		ss += e * e;
		st += (y[s] - my) * (y[s] - my);
	}
	f->fit_r2 = st > 0 ? 1 - ss / st : NAN;
	f->fit_n = n;
}

/* One place computes what the findings and the conclusions state; see
 * struct bank_facts. */
int facts_bank(struct rctx *x, int dev, struct bank_facts *f)
{
	int s, how, none = 0, rated = 0, k;

	memset(f, 0, sizeof(*f));
	for (s = 0; s <= BANK_MAXS; s++) {
		f->t[s] = f->cyc[s] = f->counted[s] = NAN;
		rcmp_clear(&f->vs1[s]);
	}
	for (s = 1; s <= BANK_MAXS; s++) {
		const struct rcfg *c = model_find_param(x, dev, BANK_SUITE,
							VOCAB_VARIANT_BANK, s);
		double mhz, t = rcfg_median(c, BANK_METRIC);

		if (!isfinite(t))
			continue;
		f->at[s] = c;
		f->t[s] = t;
		f->n++;
		mhz = bank_mhz(x, c, &how);
		f->cyc[s] = t * mhz / 1000;
		none |= how == BANK_CLK_NONE;
		if (how == BANK_CLK_RATED) {
			rated = 1;
			f->rated_mhz = mhz;
		}
		f->counted[s] = bank_counted(c);
		if (isfinite(f->counted[s])) {
			f->ncounted++;
			f->counted_match += fabs(f->counted[s] -
						 bank_ways(s)) <= 0.5;
		}
	}
	f->clock = none || !f->n ? BANK_CLK_NONE : rated ? BANK_CLK_RATED :
		   BANK_CLK_RECORDED;
	for (s = 2; f->at[1] && s <= BANK_MAXS; s++) {
		if (!f->at[s])
			continue;
		if (model_compare(x, f->at[1], f->at[s], BANK_METRIC,
				  &f->vs1[s]) == -2)
			return -1;
		group_add(s % 2 ? &f->odd : &f->even, &f->vs1[s]);
	}
	for (k = 1; k <= 5; k++) {
		s = 1 << k;
		if (!f->at[s] || !f->at[s / 2])
			continue;
		if (model_compare(x, f->at[s / 2], f->at[s], BANK_METRIC,
				  &f->dbl[f->ndbl]) == -2)
			return -1;
		f->dbl_s[f->ndbl++] = s;
	}
	facts_fit(f);
	return 0;
}

/* ---- tables -------------------------------------------------------------- */

/* The note under the stride table: the clock, the counters (the marks
 * follow from mem_tab_end). */
static int stride_note(struct rctx *x, int dev, const struct bank_facts *f,
		       struct rbuf *note)
{
	struct rbuf clk;
	struct fv v;
	int rc;

	fv_init(&v);
	rbuf_init(&clk);
	rbuf_printf(fv_put(&v, "MHZ"), "%.0f", f->rated_mhz);
	rc = fv_emit(x, &clk, f->clock == BANK_CLK_RATED ?
		     "bank.clock_rated" : "bank.clock_recorded", &v);
	fv_str(&v, "CLOCK", rbuf_str(&clk));
	rc |= fv_emit(x, note, f->clock == BANK_CLK_NONE ?
		      "bank.table_note_noclock" : "bank.table_note", &v);
	rbuf_putc(note, ' ');
	if (f->ncounted)
		rc |= emit_string(x, note, "bank.counted_note", NULL, 0);
	else
		rc |= mem_counters_missing(x, dev, BANK_SUITE,
					   "bank.counters_none",
					   "bank.counters_unavailable", note);
	fv_free(&v);
	rbuf_free(&clk);
	return rc;
}

/* The cells of stride s in the table: its expected conflict, time and
 * cycles per access, the ratio to stride 1 with its test, the conflict
 * counted. */
static void stride_cells(struct rctx *x, int dev, const struct bank_facts *f,
			 int s, struct mem_tab *m)
{
	const struct rcfg *c = model_find_param(x, dev, BANK_SUITE,
						VOCAB_VARIANT_BANK, s);
	struct rtable *t = &m->t;
	struct rbuf lab;
	int i, n = f->ncounted ? 5 : 4;

	rbuf_init(&lab);
	rbuf_printf(&lab, "%d", s);
	regime_marks(x, rcfg_marks(x, c), &lab);
	rtable_text(t, rbuf_str(&lab));
	rbuf_free(&lab);
	rtable_int(t, bank_ways(s));
	if (cell_status(x, t, c)) {
		for (i = 1; i < n; i++)
			rtable_text(t, "");
		return;
	}
	m->seen |= rcfg_marks(x, c);
	rtable_num(t, f->t[s], -1, 0);
	rtable_num(t, f->cyc[s], -3, 0);
	if (s == 1)
		rtable_num(t, 1, 0, 0);
	else
		mem_tab_ratio(m, &f->vs1[s], f->vs1[s].ratio, -3);
	if (f->ncounted)
		rtable_num(t, f->counted[s], 1, 0);
}

/* Every stride, in two halves side by side: 32 rows would fill a page
 * on their own. An empty column between the halves keeps them apart. */
static int stride_table(struct rctx *x, int dev, const struct bank_facts *f)
{
	const char *const h[] = {"bank.stride", "bank.nway", "bank.ns",
		"bank.cycles", "bank.ratio", f->ncounted ? "bank.counted" :
		NULL, NULL};
	struct mem_tab m;
	int s, rc, i, list[BANK_MAXS], n = 0, half;

	for (s = 1; s <= BANK_MAXS; s++)
		if (model_find_param(x, dev, BANK_SUITE, VOCAB_VARIANT_BANK, s))
			list[n++] = s;
	half = (n + 1) / 2;
	mem_tab_init(&m, f->ncounted ? "lSSSSSclSSSSS" : "lSSSSclSSSS");
	mem_heads(x, &m.t, h);
	rtable_head(&m.t, "\\quad");
	mem_heads(x, &m.t, h);
	rtable_head_end(&m.t);
	for (i = 0; i < half; i++) {
		stride_cells(x, dev, f, list[i], &m);
		rtable_text(&m.t, "");
		if (i + half < n)
			stride_cells(x, dev, f, list[i + half], &m);
		rtable_row_end(&m.t);
	}
	rc = mem_caption(x, dev, BANK_SUITE, NULL, BANK_METRIC, "bank.table",
			 NULL, &m.cap);
	rc |= stride_note(x, dev, f, &m.note);
	return mem_tab_end(x, &m, dev, "bank", n, rc);
}

static int cmp_dbl(const void *a, const void *b)
{
	double u = *(const double *)a, w = *(const double *)b;

	return (u > w) - (u < w);
}

/* The median of the n values of v (sorted in place); NAN for none. */
static double median_of(double *v, int n)
{
	if (!n)
		return NAN;
	qsort(v, (size_t)n, sizeof(*v), cmp_dbl);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The strides of conflict degree w measured: ys their values, the list
 * "2, 6, \ldots, 30" into b. Returns their count. */
static int class_of(const struct bank_facts *f, int w, double *ys,
		    double *cnt, int *ncnt, struct rbuf *b)
{
	const double *y = bank_y(f);
	int s, n = 0, list[BANK_MAXS];

	*ncnt = 0;
	for (s = 1; s <= BANK_MAXS; s++) {
		if (bank_ways(s) != w || !f->at[s] || !isfinite(y[s]))
			continue;
		list[n] = s;
		ys[n++] = y[s];
		if (isfinite(f->counted[s]))
			cnt[(*ncnt)++] = f->counted[s];
	}
	if (n <= 4) {
		for (s = 0; s < n; s++)
			rbuf_printf(b, "%s%d", s ? ", " : "", list[s]);
	} else {
		rbuf_printf(b, "%d, %d, \\ldots, %d", list[0], list[1],
			    list[n - 1]);
	}
	return n;
}

/* The strides grouped by their expected conflict: the n-way pattern. */
static int class_table(struct rctx *x, int dev, const struct bank_facts *f)
{
	const char *const h[] = {"bank.class.nway", "bank.class.strides",
		f->clock == BANK_CLK_NONE ? "bank.class.ns" :
		"bank.class.cycles", "bank.class.range", "bank.class.ratio",
		"bank.class.expected", f->ncounted ? "bank.counted" : NULL,
		NULL};
	struct rtable t;
	struct rbuf lst, rng;
	double ys[BANK_MAXS], cnt[BANK_MAXS], base = NAN, med;
	int w, n, ncnt, rc = 0;

	rtable_init(&t, f->ncounted ? "SlSlSSS" : "SlSlSS");
	rbuf_init(&lst);
	rbuf_init(&rng);
	mem_heads(x, &t, h);
	rtable_head_end(&t);
	for (w = 1; w <= 32; w *= 2) {
		rbuf_free(&lst);
		rbuf_free(&rng);
		n = class_of(f, w, ys, cnt, &ncnt, &lst);
		if (!n)
			continue;
		med = median_of(ys, n);
		if (w == 1)
			base = med;
		rtable_int(&t, w);
		rtable_text(&t, rbuf_str(&lst));
		rtable_num(&t, med, -3, 0);
		find_num(&rng, ys[0], 3);
		rbuf_puts(&rng, "--");
		find_num(&rng, ys[n - 1], 3);
		rtable_text(&t, n > 1 ? rbuf_str(&rng) : "");
		rtable_num(&t, med / base, -3, 0);
		rtable_int(&t, w);
		if (f->ncounted)
			rtable_num(&t, median_of(cnt, ncnt), 1, 0);
		rtable_row_end(&t);
	}
	if (t.rows)
		rc = emit_dev_table(x, &t, dev, "bank.class_table",
				    "bank-class", NULL, "bank.class_note");
	rtable_free(&t);
	rbuf_free(&lst);
	rbuf_free(&rng);
	return rc;
}

/* ---- the figure ---------------------------------------------------------- */

static int bank_figure(struct rctx *x, int dev, const struct bank_facts *f)
{
	static const double tics[] = {1, 4, 8, 12, 16, 20, 24, 28, 32};
	const double *y = bank_y(f);
	double xs[BANK_MAXS], ym[BANK_MAXS], ye[BANK_MAXS];
	struct mem_line l[2];
	struct mem_axes a;
	struct rbuf t0, t1;
	int s, k, rc;

	for (s = 1; s <= BANK_MAXS; s++) {
		xs[s - 1] = s;
		ym[s - 1] = y[s];
		ye[s - 1] = y[1] * bank_ways(s);
	}
	rbuf_init(&t0);
	rbuf_init(&t1);
	rbuf_printf(&t0, "{\\scriptsize %s}", lang_get(x->L, "bank.measured"));
	rbuf_printf(&t1, "{\\scriptsize %s}", lang_get(x->L, "bank.expected"));
	l[0] = (struct mem_line){rbuf_str(&t0), xs, ym, BANK_MAXS, PL_LINE,
				 0, 6};
	l[1] = (struct mem_line){rbuf_str(&t1), xs, ye, BANK_MAXS, PL_REF,
				 -1, 0};
	memset(&a, 0, sizeof(a));
	a.xlabel = lang_get(x->L, "bank.axis_stride");
	a.ylabel = lang_get(x->L, f->clock == BANK_CLK_NONE ?
			    "bank.axis_ns" : "bank.axis_cycles");
	a.xmin = 0;
	a.xmax = 33;
	a.xtics = tics;
	a.nxtics = sizeof(tics) / sizeof(tics[0]);
	a.logy = 2;
	a.key = "top left Left reverse samplen 1.5 spacing 1.1";
	a.w = BANK_FIG_W;
	a.h = BANK_FIG_H;
	/* without stride 1 there is no expected line */
	k = mem_plot(x, &a, l, isfinite(y[1]) ? 2 : 1);
	rc = emit_dev_figure(x, dev, k, f->clock == BANK_CLK_NONE ?
			     "bank.figure_ns" : "bank.figure");
	rbuf_free(&t0);
	rbuf_free(&t1);
	return rc;
}

/* ---- findings ------------------------------------------------------------ */

/* The unit of the strides' values: cycles, or ns without a clock. */
static const char *y_unit(const struct rctx *x, const struct bank_facts *f)
{
	return lang_get(x->L, f->clock == BANK_CLK_NONE ? "bank.unit_ns" :
			"bank.unit_cycles");
}

/* The sentence of key with the group's numbers, and what the medians
 * alone decided or the test could not. */
static void find_group(struct rctx *x, struct rfind *fd,
		       const struct bank_facts *f, const struct bank_group *g,
		       const char *key, const char *pre)
{
	struct fv v;
	struct rbuf s, *c1;
	struct kv t;

	fv_init(&v);
	rbuf_init(&s);
	fv_str(&v, "DEV", pre);
	fv_int(&v, "N", g->n);
	fv_int(&v, "K", g->slow);
	fv_num(&v, "LO", g->lo, 3);
	fv_num(&v, "HI", g->hi, 3);
	c1 = fv_put(&v, "C1");
	find_num(c1, bank_y(f)[1], 3);
	rbuf_printf(c1, "~%s", y_unit(x, f));
	find_pct(fv_put(&v, "TOL"), 100 * BANK_TOL, 2);
	fv_emit(x, &s, key, &v);
	if (g->untested) {
		fv_int(&v, "N", g->untested);
		rbuf_putc(&s, ' ');
		fv_emit(x, &s, "find.bank.by_medians", &v);
	}
	if (g->ns_long) {
		fv_int(&v, "N", g->ns_long);
		rbuf_putc(&s, ' ');
		fv_emit(x, &s, "find.bank.ns_long", &v);
	}
	t = (struct kv){"TEXT", rbuf_str(&s)};
	find_add(x, fd, "find.vers.sentence", &t, 1);
	fv_free(&v);
	rbuf_free(&s);
}

/* Each doubling of the expected conflict against the one before. */
static void find_doubling(struct rctx *x, struct rfind *fd,
			  const struct bank_facts *f, const char *pre)
{
	struct plist l;
	int i, longer = 1, untested = 0;

	parts_list_init(&l);
	fv_str(&l.all, "DEV", pre);
	for (i = 0; i < f->ndbl; i++) {
		const struct rcmp *c = &f->dbl[i];

		fv_int(&l.item, "S0", f->dbl_s[i] / 2);
		fv_int(&l.item, "S", f->dbl_s[i]);
		fv_num(&l.item, "R", c->ratio, 3);
		mem_p(x, fv_put(&l.item, "P"), c);
		parts_list_add(x, &l, "find.bank.dbl_item");
		/* longer: significantly, or untested by the medians */
		if (!(c->ratio > 1) || (c->p >= 0 && !c->signif))
			longer = 0;
		untested |= c->p < 0;
	}
	parts_list_find(x, fd, &l, !longer ? "find.bank.doubling_not" :
			untested ? "find.bank.doubling_medians" :
			"find.bank.doubling");
}

/* ---- the section --------------------------------------------------------- */

/* Device dev's figure and tables, the pattern first (the strides by
 * conflict), then every stride; its findings: the odd and the even
 * strides against stride 1, the doublings, the straight line through
 * the strides' values on their conflict, the conflicts the counters
 * measured. */
static int part(struct rctx *x, int dev, struct rfind *fd)
{
	struct bank_facts f;
	char pre[32], num[32];
	struct fv v;
	int rc;

	if (facts_bank(x, dev, &f))
		return -1;
	rc = bank_figure(x, dev, &f);
	if (!rc)
		rc = class_table(x, dev, &f);
	if (!rc)
		rc = stride_table(x, dev, &f);
	problems_list(x, dev, BANK_SUITE, NULL);
	dev_prefix(x, dev, pre, sizeof(pre));
	fv_init(&v);
	fv_str(&v, "DEV", pre);
	if (!f.at[1] && f.n) {
		fv_find(x, fd, "find.bank.no_base", &v);
	} else {
		if (f.odd.n)
			find_group(x, fd, &f, &f.odd, f.odd.slow ?
				   "find.bank.odd_some" : "find.bank.odd_same",
				   pre);
		if (f.even.n)
			find_group(x, fd, &f, &f.even,
				   f.even.slow == f.even.n ?
				   "find.bank.even_all" : "find.bank.even_some",
				   pre);
	}
	find_doubling(x, fd, &f, pre);
	if (f.fit_n && isfinite(f.fit_r2)) {
		fv_int(&v, "N", f.fit_n);
		fv_num(&v, "A", fabs(f.fit_a), 3);
		fv_str(&v, "SIGN", f.fit_a < 0 ? "-" : "+");
		fv_num(&v, "B", f.fit_b, 3);
		render_fixed_format(f.fit_r2, 3, num, sizeof(num));
		rbuf_printf(fv_put(&v, "R2"), "\\num{%s}", num);
		fv_str(&v, "UNIT", y_unit(x, &f));
		fv_find(x, fd, f.fit_r2 >= BANK_FIT_GOOD ?
			"find.bank.fit.follow" : f.fit_r2 >= BANK_FIT_ROUGH ?
			"find.bank.fit.rough" : "find.bank.fit.not", &v);
	}
	if (f.ncounted) {
		fv_int(&v, "K", f.counted_match);
		fv_int(&v, "N", f.ncounted);
		fv_num(&v, "C32", f.counted[BANK_MAXS], 3);
		fv_find(x, fd, "find.bank.counted", &v);
	}
	fv_free(&v);
	return rc;
}

int sec_bank(struct rctx *x)
{
	return mem_section(x, BANK_SUITE, "bank", part);
}
