/* What the matrix-product sections (rect, progression) assemble
 * alike: a sentence's placeholders from a list of kinds, sentences
 * joined into one finding, the note of a table's regimes, a figure over
 * named categories. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "render_int.h"
#include "vocab.h"

void mp_fv_set(struct fv *v, const char *spec, ...)
{
	struct rbuf *b;
	va_list ap;

	va_start(ap, spec);
	for (; *spec; spec++) {
		b = fv_put(v, va_arg(ap, const char *));
		switch (*spec) {
		case 's':
			rbuf_puts(b, va_arg(ap, const char *));
			break;
		case 'd':
			rbuf_printf(b, "%d", va_arg(ap, int));
			break;
		case 'n':
			find_num(b, va_arg(ap, double), *++spec - '0');
			break;
		case '%':
			find_pct(b, va_arg(ap, double), *++spec - '0');
			break;
		case 'S':
			rect_shape_label(va_arg(ap, const struct rsize *), b);
			break;
		}
	}
	va_end(ap);
}

int mp_text_say(struct rctx *x, struct rbuf *text, const char *key,
		struct fv *v)
{
	if (text->len)
		rbuf_putc(text, ' ');
	return fv_emit(x, text, key, v);
}

int mp_figure_cat(struct rctx *x, int dev, struct mem_axes *a,
		  const struct mem_line *l, size_t nl, struct rbuf *tic,
		  double *xs)
{
	const struct pspec s = {.logy = 10};
	struct rbuf *g = &x->plot.script;
	double lo = INFINITY, hi = -INFINITY;
	size_t i, j;
	int k = 0;

	for (i = 0; i < a->nxtics; i++)
		xs[i] = (double)i + 1;
	for (i = 0; i < nl; i++)
		for (j = 0; j < l[i].n; j++)
			if (isfinite(l[i].x[j]) && l[i].y[j] > 0 &&
			    isfinite(l[i].y[j])) {
				lo = fmin(lo, l[i].y[j]);
				hi = fmax(hi, l[i].y[j]);
			}
	if (isfinite(lo)) {
		/* category i at x = i + 1 labelled tic[i], GFLOP/s on a
		 * decimal logarithmic axis */
		k = plot_begin(x, a->w, a->h);
		rbuf_puts(g, "set xlabel '");
		rbuf_put_gp(g, a->xlabel);
		rbuf_puts(g, "'\nset ylabel '");
		rbuf_put_gp(g, lang_get(x->L, "axis.gflops"));
		rbuf_printf(g, "'\nset pointsize 0.45\nset xrange "
			    "[%.17g:%.17g]\nset xtics (", a->xmin, a->xmax);
		for (i = 0; i < a->nxtics; i++) {
			rbuf_puts(g, i ? ", '" : "'");
			rbuf_put_gp(g, rbuf_str(&tic[i]));
			rbuf_printf(g, "' %.17g", (double)i + 1);
		}
		/* a ratio reads as a distance */
		rbuf_printf(g, ")\nset logscale y 10\nset format y '%%g'\n"
			    "set yrange [%.17g:%.17g]\nset key below "
			    "horizontal Left reverse height 1 width 2\n",
			    lo / 1.4, hi * 1.5);
		plot_series(x, k, &s, l, nl, "#606060", 3);
	}
	rbufs_free(tic, a->nxtics);
	return emit_dev_figure(x, dev, k, "progression.figure");
}
