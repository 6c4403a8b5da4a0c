/* Cross-GPU comparison: every configuration measured on more than one
 * device, side by side, with speed-up ratios and overlaid figures. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

#define ROWS_PER_TABLE 36

/* The quantity compared, and whether more of it is better. */
static const char *suite_metric(const char *suite, int *higher)
{
	*higher = 1;
	if (!strcmp(suite, "transfer")) {
		*higher = 0;
		return "total";
	}
	if (!strcmp(suite, "ilp"))
		return "gbs";
	return "gflops";
}

/* One row: a configuration key without the device. */
struct xrow {
	const struct store_config *c;	/* a representative */
	int sub;			/* block, ILP, or host index */
	int n;
};

static const char *host_of(const struct store_config *c)
{
	return c->host_mem ? c->host_mem : "";
}

static int same_key(const struct store_config *a,
		    const struct store_config *b)
{
	return !strcmp(a->suite, b->suite) && !strcmp(a->variant, b->variant)
	       && !strcmp(host_of(a), host_of(b)) && a->n == b->n &&
	       a->block_x == b->block_x && a->block_y == b->block_y &&
	       a->ilp == b->ilp && a->m == b->m && a->k == b->k;
}

/* The configuration of device dev with the key of c, or NULL. */
static const struct rcfg *on_dev(const struct rctx *x, int dev,
				 const struct store_config *c)
{
	size_t i;

	for (i = 0; i < x->ncfgs; i++)
		if (x->cfgs[i].dev == dev && same_key(x->cfgs[i].c, c))
			return &x->cfgs[i];
	return NULL;
}

static void sub_text(const struct rctx *x, const struct store_config *c,
		     struct rbuf *b)
{
	if (!strcmp(c->suite, "transfer")) {
		char key[96];
		const char *t;

		snprintf(key, sizeof(key), "host.%s", host_of(c));
		t = lang_find(x->L, key);
		if (t)
			rbuf_puts(b, t);
		else
			rbuf_put_tex(b, host_of(c), 0);
	} else if (!strcmp(c->suite, "ilp")) {
		rbuf_printf(b, "ILP~%d", c->ilp);
	} else if (c->block_x > 0) {
		rbuf_printf(b, "%s ", lang_get(x->L, "word.block"));
		block_label(c->block_x, c->block_y, b);
	}
}

static int sub_cmp(const struct store_config *a,
		   const struct store_config *b)
{
	int r = strcmp(host_of(a), host_of(b));

	if (r)
		return r;
	if (a->block_x != b->block_x)
		return a->block_x < b->block_x ? -1 : 1;
	if (a->ilp != b->ilp)
		return a->ilp < b->ilp ? -1 : 1;
	return 0;
}

static int row_cmp(const void *pa, const void *pb)
{
	const struct xrow *a = pa, *b = pb;
	int r = sub_cmp(a->c, b->c);

	if (r)
		return r;
	return (a->n > b->n) - (a->n < b->n);
}

/* Rows of (suite, variant) that at least two devices measured ok. */
static size_t rows_of(const struct rctx *x, const char *suite,
		      const char *variant, struct xrow **out)
{
	struct xrow *r;
	size_t i, j, n = 0;

	*out = NULL;
	r = calloc(x->ncfgs + 1, sizeof(*r));
	if (!r)
		return 0;
	for (i = 0; i < x->ncfgs; i++) {
		const struct store_config *c = x->cfgs[i].c;
		int devs = 0, d;

		if (strcmp(c->suite, suite) || strcmp(c->variant, variant))
			continue;
		for (j = 0; j < n && !same_key(r[j].c, c); j++)
			;
		if (j < n)
			continue;
		for (d = 0; d < (int)x->ndevs; d++)
			devs += rcfg_ok(on_dev(x, d, c));
		if (devs < 2)
			continue;
		r[n].c = c;
		r[n].n = c->n;
		n++;
	}
	qsort(r, n, sizeof(*r), row_cmp);
	*out = r;
	return n;
}

static int group_table(struct rctx *x, const char *suite,
		       const char *variant, const struct xrow *r, size_t n,
		       int part)
{
	const char *metric;
	struct rtable t;
	struct rbuf cell, cap, anc, nm, ml;
	char kinds[RTABLE_MAXCOLS + 1];
	size_t i, nd = x->ndevs, nr;
	int d, higher, rc;
	struct kv v[3];

	metric = suite_metric(suite, &higher);
	if (nd > (RTABLE_MAXCOLS - 2) / 2)
		nd = (RTABLE_MAXCOLS - 2) / 2;
	nr = nd - 1;
	kinds[0] = 'l';
	kinds[1] = 'S';
	for (i = 0; i < nd + nr; i++)
		kinds[2 + i] = 'S';
	kinds[2 + nd + nr] = '\0';
	rtable_init(&t, kinds);
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&nm);
	rbuf_init(&ml);
	rtable_head_span(&t, 1, "");
	rtable_head_span(&t, 1, "");
	metric_label(x, metric, higher ? (strcmp(suite, "ilp") ? "GFLOP/s" :
		     "GB/s") : "ms", &ml);
	rtable_head_span(&t, (int)nd, rbuf_str(&ml));
	rtable_head_span(&t, (int)nr, lang_get(x->L, "cross.speedup"));
	rtable_head_end(&t);
	rtable_head(&t, "");
	rtable_head(&t, strcmp(suite, "ilp") ? "\\(n\\)" : "\\(N\\)");
	for (d = 0; d < (int)nd; d++) {
		rbuf_free(&cell);
		rbuf_printf(&cell, "GPU~%d", d + 1);
		rtable_head(&t, rbuf_str(&cell));
	}
	for (d = 1; d < (int)nd; d++) {
		rbuf_free(&cell);
		rbuf_printf(&cell, "%d/1", d + 1);
		rtable_head(&t, rbuf_str(&cell));
	}
	rtable_head_end(&t);
	for (i = 0; i < n; i++) {
		double v0;

		if (i && sub_cmp(r[i - 1].c, r[i].c))
			rtable_gap(&t);
		rbuf_free(&cell);
		sub_text(x, r[i].c, &cell);
		rtable_text(&t, rbuf_str(&cell));
		if (r[i].c->count > 0)
			rtable_int(&t, (long long)r[i].c->count);
		else
			rtable_int(&t, r[i].n);
		for (d = 0; d < (int)nd; d++) {
			const struct rcfg *c = on_dev(x, d, r[i].c);

			if (!cell_status(x, &t, c))
				rtable_num(&t, rcfg_median(c, metric), -1, 0);
		}
		v0 = rcfg_median(on_dev(x, 0, r[i].c), metric);
		for (d = 1; d < (int)nd; d++) {
			double vk = rcfg_median(on_dev(x, d, r[i].c), metric);

			rtable_num(&t, !(v0 > 0) || !(vk > 0) ? NAN :
				   higher ? vk / v0 : v0 / vk, 3, 0);
		}
		rtable_row_end(&t);
	}
	rbuf_put_tex(&nm, variant, 0);
	v[0] = (struct kv){"SUITE", suite};
	v[1] = (struct kv){"NAME", rbuf_str(&nm)};
	v[2] = (struct kv){"METRIC", rbuf_str(&ml)};
	emit_string(x, &cap, "cross.table", v, 3);
	rbuf_printf(&anc, "cross suite=%s variant=%s part=%d", suite, variant,
		    part);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
			lang_get(x->L, higher ? "cross.note_higher" :
				 "cross.note_lower"));
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&nm);
	rbuf_free(&ml);
	return rc;
}

/* Lines per device and sub-key, colour per device, point per sub-key. */
static int group_figure(struct rctx *x, const char *suite,
			const char *variant, const struct xrow *r, size_t n)
{
	const char *metric;
	struct pline *l;
	struct rbuf *titles, cap, nm, ml;
	double *xs, *ys;
	size_t i, j, nl = 0, nsub = 0;
	struct pspec ps;
	int d, higher, k, rc = 0;
	struct kv v[3];

	metric = suite_metric(suite, &higher);
	l = calloc(n * x->ndevs + 1, sizeof(*l));
	titles = calloc(n * x->ndevs + 1, sizeof(*titles));
	xs = calloc(n + 1, sizeof(*xs));
	ys = calloc((n + 1) * x->ndevs, sizeof(*ys));
	rbuf_init(&cap);
	rbuf_init(&nm);
	rbuf_init(&ml);
	if (!l || !titles || !xs || !ys) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < n; i++) {
		xs[i] = r[i].c->count > 0 ? (double)r[i].c->count : r[i].n;
		for (d = 0; d < (int)x->ndevs; d++)
			ys[d * n + i] = rcfg_median(on_dev(x, d, r[i].c),
						    metric);
	}
	/* rows are grouped by sub-key: one line per group and device */
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && !sub_cmp(r[i].c, r[j].c); j++)
			;
		for (d = 0; d < (int)x->ndevs; d++) {
			rbuf_init(&titles[nl]);
			rbuf_printf(&titles[nl], "GPU~%d", d + 1);
			{
				struct rbuf st;

				rbuf_init(&st);
				sub_text(x, r[i].c, &st);
				if (st.len)
					rbuf_printf(&titles[nl], ", %s",
						    rbuf_str(&st));
				rbuf_free(&st);
			}
			l[nl] = (struct pline){rbuf_str(&titles[nl]), xs + i,
				ys + d * n + i, j - i, PL_LINE, d,
				(int)nsub};
			nl++;
		}
		nsub++;
	}
	metric_label(x, metric, higher ? (strcmp(suite, "ilp") ? "GFLOP/s" :
		     "GB/s") : "ms", &ml);
	memset(&ps, 0, sizeof(ps));
	ps.xlabel = lang_get(x->L, strcmp(suite, "ilp") ? "axis.size" :
			     "axis.count");
	ps.ylabel = rbuf_str(&ml);
	ps.logx = 2;
	ps.xpow2 = !strcmp(suite, "ilp");
	ps.logy = higher ? 0 : 10;
	ps.yzero = higher;
	ps.w = 14;
	ps.h = 8;
	k = plot_lines(x, &ps, l, nl);
	rbuf_put_tex(&nm, variant, 0);
	v[0] = (struct kv){"SUITE", suite};
	v[1] = (struct kv){"NAME", rbuf_str(&nm)};
	v[2] = (struct kv){"METRIC", rbuf_str(&ml)};
	emit_string(x, &cap, "cross.figure", v, 3);
	rc = emit_figure(x, k, rbuf_str(&cap));
out:
	if (titles)
		for (i = 0; i < nl; i++)
			rbuf_free(&titles[i]);
	free(titles);
	free(l);
	free(xs);
	free(ys);
	rbuf_free(&cap);
	rbuf_free(&nm);
	rbuf_free(&ml);
	return rc;
}

int sec_cross(struct rctx *x)
{
	static const char *const suites[] = {"versions", "reference",
					     "transfer", "ilp"};
	struct rbuf list;
	size_t s, i, any = 0;
	int rc = 0, d;

	emit_heading(x, 0, lang_get(x->L, "cross.title"));
	if (x->ndevs < 2) {
		emit_par(x, lang_get(x->L, "cross.single"));
		return 0;
	}
	rbuf_init(&list);
	emit_par(x, lang_get(x->L, "cross.intro"));
	for (d = 0; d < (int)x->ndevs; d++) {
		char *f = tmpl_fragment(x->frags, "item");
		struct rbuf one;
		struct kv iv;

		if (!f) {
			rbuf_free(&list);
			return -1;
		}
		rbuf_init(&one);
		dev_label(x, d, &one);
		iv = (struct kv){"TEXT", rbuf_str(&one)};
		tmpl_fill(&list, f, &iv, 1);
		rbuf_free(&one);
		free(f);
	}
	{
		struct kv lv = {"ITEMS", rbuf_str(&list)};

		emit_fragment(x, "list", &lv, 1);
	}
	for (s = 0; s < sizeof(suites) / sizeof(suites[0]) && !rc; s++) {
		const char **vv = NULL;
		size_t nv = model_names(x, -1, suites[s], NULL, 'v', &vv);

		for (i = 0; i < nv && !rc; i++) {
			struct xrow *r = NULL;
			size_t n = rows_of(x, suites[s], vv[i], &r), p;
			struct rbuf h;

			if (!n) {
				free(r);
				continue;
			}
			any = 1;
			rbuf_init(&h);
			rbuf_printf(&h, "\\texttt{%s}: ", suites[s]);
			rbuf_put_tex(&h, vv[i], 0);
			emit_heading(x, 1, rbuf_str(&h));
			rbuf_free(&h);
			for (p = 0; p < n && !rc; p += ROWS_PER_TABLE)
				rc = group_table(x, suites[s], vv[i], r + p,
						 n - p < ROWS_PER_TABLE ?
						 n - p : ROWS_PER_TABLE,
						 (int)(p / ROWS_PER_TABLE));
			if (!rc)
				rc = group_figure(x, suites[s], vv[i], r, n);
			free(r);
		}
		free(vv);
	}
	if (!any)
		emit_par(x, lang_get(x->L, "cross.none"));
	rbuf_free(&list);
	return rc;
}
