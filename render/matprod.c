/* What the matrix-product and scalar-product sections (rect,
 * progression, dot) assemble alike: a sentence's placeholders from a
 * list of kinds, sentences joined into one finding, the verification
 * finding, a GFLOP/s cell with its marks, a figure over named
 * categories. */
#include <stdarg.h>
#include <stdio.h>

#include "render_int.h"
#include "vocab.h"

void mp_fv_set(const struct rctx *x, struct fv *v, const char *spec, ...)
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
		case 'e':
			rbuf_put_sci(b, va_arg(ap, double));
			break;
		case 'v':
			mem_variant(b, va_arg(ap, const char *));
			break;
		case 'S':
			rect_shape_label(va_arg(ap, const struct rsize *), b);
			break;
		case 'N':
			ilp_count_math(va_arg(ap, long long), b);
			break;
		case 'p':
			mem_p(x, b, va_arg(ap, const struct rcmp *));
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

int mp_cell_gflops(const struct rctx *x, struct rtable *t, struct rbuf *wide,
		   const struct rcfg *c, unsigned hide, int bold)
{
	/* whole GFLOP/s: a column of 4 to 5 digits aligns */
	return mem_cfg_num(x, t, wide, c, rcfg_median(c, VOCAB_METRIC_GFLOPS),
			   0, bold ? RT_BOLD : 0, hide);
}

void mp_regime_note(const struct rctx *x, unsigned seen, struct rbuf *note,
		    const char *key)
{
	if (!(seen & ~(unsigned)RG_DERIVED))
		return;
	rbuf_putc(note, ' ');
	if (regime_note_marks(x, seen, note))
		rbuf_printf(note, ". %s", lang_get(x->L, key));
}

int mp_figure_cat(struct rctx *x, int dev, struct mem_axes *a,
		  const struct mem_line *l, size_t nl, struct rbuf *tic,
		  double *xs, const char *key)
{
	const char *tics[MP_MAXCAT];
	size_t i;
	int k;

	for (i = 0; i < a->nxtics; i++) {
		tics[i] = rbuf_str(&tic[i]);
		xs[i] = (double)i + 1;
	}
	k = mem_plot(x, a, l, nl, tics);
	rbufs_free(tic, a->nxtics);
	return emit_dev_figure(x, dev, k, key);
}
