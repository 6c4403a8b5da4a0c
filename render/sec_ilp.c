/* The `ilp` suite (note J): copy bandwidth against array size for each
 * ILP, with the device-to-device memcpy and the theoretical peak as
 * references. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

struct ilp_col {
	const char *variant;
	int ilp;
};

/* The element count N of size index n (stored as log2 N). */
static long long count_of(const struct rctx *x, int dev, int n)
{
	size_t i;

	for (i = 0; i < x->ncfgs; i++)
		if (x->cfgs[i].dev == dev && x->cfgs[i].c->n == n &&
		    !strcmp(x->cfgs[i].c->suite, "ilp") &&
		    x->cfgs[i].c->count > 0)
			return (long long)x->cfgs[i].c->count;
	return n >= 0 && n < 62 ? 1LL << n : 0;
}

static int is_memcpy(const char *v)
{
	return !strcmp(v, "memcpy");
}

static void col_title(const struct rctx *x, const struct ilp_col *c,
		      int several, struct rbuf *b)
{
	if (is_memcpy(c->variant)) {
		rbuf_puts(b, lang_get(x->L, "ilp.memcpy"));
		return;
	}
	if (several) {
		rbuf_put_tex(b, c->variant, 0);
		rbuf_putc(b, ' ');
	}
	rbuf_printf(b, "ILP~%d", c->ilp);
}

static int device_part(struct rctx *x, int dev)
{
	const char **vars = NULL;
	struct ilp_col cols[RTABLE_MAXCOLS];
	struct rbuf *titles = NULL, cell, cap, anc, dl, nr;
	struct pline *l = NULL;
	struct pspec ps;
	struct rtable t;
	char kinds[RTABLE_MAXCOLS + 1];
	double *xs = NULL, *ys = NULL, px[2], py[2];
	int *sizes = NULL, *ilps = NULL, k, rc = 0;
	size_t nv, ns, nc = 0, ncopy = 0, i, j;
	const char *metric = "gbs";
	struct kv v[3];

	nv = model_names(x, dev, "ilp", NULL, 'v', &vars);
	for (i = 0; i < nv; i++)
		ncopy += !is_memcpy(vars[i]);
	/* the copy kernels' ILP columns first, the library copy last */
	for (i = 0; i < nv; i++) {
		size_t ni;

		if (is_memcpy(vars[i]))
			continue;
		ni = model_ints(x, dev, "ilp", vars[i], NULL, 'i', &ilps);
		for (j = 0; j < ni && nc < RTABLE_MAXCOLS - 2; j++)
			cols[nc++] = (struct ilp_col){vars[i], ilps[j]};
		free(ilps);
		ilps = NULL;
	}
	for (i = 0; i < nv; i++)
		if (is_memcpy(vars[i]) && nc < RTABLE_MAXCOLS - 2)
			cols[nc++] = (struct ilp_col){vars[i], -1};
	ns = model_ints(x, dev, "ilp", NULL, NULL, 'n', &sizes);

	kinds[0] = 'S';
	for (j = 0; j < nc; j++)
		kinds[j + 1] = 'S';
	kinds[nc + 1] = '\0';
	rtable_init(&t, kinds);
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&dl);
	rbuf_init(&nr);
	titles = calloc(nc + 1, sizeof(*titles));
	l = calloc(nc + 1, sizeof(*l));
	xs = calloc(ns + 1, sizeof(*xs));
	ys = calloc((ns + 1) * (nc + 1), sizeof(*ys));
	if (!titles || !l || !xs || !ys) {
		rc = -1;
		goto out;
	}
	rtable_head(&t, "\\(N\\)");
	for (j = 0; j < nc; j++) {
		rbuf_init(&titles[j]);
		col_title(x, &cols[j], ncopy > 1, &titles[j]);
		rtable_head(&t, rbuf_str(&titles[j]));
	}
	rtable_head_end(&t);
	for (i = 0; i < ns; i++) {
		xs[i] = (double)count_of(x, dev, sizes[i]);
		rtable_int(&t, count_of(x, dev, sizes[i]));
		for (j = 0; j < nc; j++) {
			const struct rcfg *c = model_find(x, dev, "ilp",
				cols[j].variant, NULL, sizes[i], -1,
				cols[j].ilp);
			double g = rcfg_median(c, metric);

			ys[j * (ns + 1) + i] = g;
			if (!cell_status(x, &t, c))
				rtable_num(&t, g, -1, 0);
		}
		rtable_row_end(&t);
	}
	dev_suffix(x, dev, &dl);
	sample_range(x, dev, "ilp", NULL, metric, "word.samples_of", &nr);
	v[0] = (struct kv){"DEV", rbuf_str(&dl)};
	v[1] = (struct kv){"SAMPLES", rbuf_str(&nr)};
	emit_string(x, &cap, "ilp.table", v, 2);
	rbuf_printf(&anc, "ilp dev=%lld", (long long)x->devs[dev]->id);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc), NULL);
	if (rc)
		goto out;

	for (j = 0; j < nc; j++)
		l[j] = (struct pline){rbuf_str(&titles[j]), xs,
			ys + j * (ns + 1), ns, PL_LINE,
			is_memcpy(cols[j].variant) ? 6 : (int)j, (int)j};
	rbuf_init(&titles[nc]);
	if (x->devs[dev]->peak_mem_gbs > 0 && ns) {
		const char *mark = lang_get(x->L, "latex.decimal");
		char num[32], *dot;

		render_num_format(x->devs[dev]->peak_mem_gbs, num,
				  sizeof(num));
		/* the language's decimal marker, written out: gnuplot sizes
		 * the key by the characters of the label, so no \num */
		dot = strchr(num, '.');
		if (dot && mark[0] && !mark[1])
			*dot = mark[0];
		rbuf_printf(&titles[nc], "%s (%s)",
			    lang_get(x->L, "ilp.peak"), num);
		px[0] = xs[0];
		px[1] = xs[ns - 1];
		py[0] = py[1] = x->devs[dev]->peak_mem_gbs;
		l[nc] = (struct pline){rbuf_str(&titles[nc]), px, py, 2,
				       PL_REF, -1, 0};
	}
	memset(&ps, 0, sizeof(ps));
	ps.xlabel = lang_get(x->L, "axis.count");
	ps.ylabel = lang_get(x->L, "axis.gbs");
	ps.logx = 2;
	ps.xpow2 = ns > 12;
	ps.yzero = 1;
	ps.w = 14;
	ps.h = 8;
	k = plot_lines(x, &ps, l, nc + (x->devs[dev]->peak_mem_gbs > 0));
	rbuf_free(&cap);
	emit_string(x, &cap, "ilp.figure", v, 1);
	rc = emit_figure(x, k, rbuf_str(&cap));
	for (i = 0; i < nv; i++)
		problems_list(x, dev, "ilp", vars[i]);
out:
	if (titles)
		for (j = 0; j <= nc; j++)
			rbuf_free(&titles[j]);
	free(titles);
	free(l);
	free(xs);
	free(ys);
	free(sizes);
	free(vars);
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&dl);
	rbuf_free(&nr);
	return rc;
}

int sec_ilp(struct rctx *x)
{
	return emit_suite_section(x, "ilp", device_part);
}
