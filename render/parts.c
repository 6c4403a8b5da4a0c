/* Pieces that sections assemble alike: a table's header cells from a
 * list of strings, an empty comparison, a range of numbers. */
#include <math.h>
#include <string.h>

#include "render_int.h"

void parts_heads_put(const struct rctx *x, struct rtable *t,
		     const char *const *heads)
{
	for (; *heads; heads++)
		rtable_head(t, **heads == '=' ? *heads + 1 :
			    lang_get(x->L, *heads));
}

void parts_rcmp_clear(struct rcmp *r)
{
	memset(r, 0, sizeof(*r));
	r->a = r->b = r->gain = r->ratio = NAN;
	r->p = -1;
}

int parts_range_put(struct rbuf *b, double lo, double hi, int sig)
{
	struct rbuf l, h;
	int range;

	rbuf_init(&l);
	rbuf_init(&h);
	find_num(&l, lo, sig);
	find_num(&h, hi, sig);
	range = strcmp(rbuf_str(&l), rbuf_str(&h)) != 0;
	rbuf_puts(b, rbuf_str(&l));
	if (range)
		rbuf_printf(b, "--%s", rbuf_str(&h));
	rbuf_free(&l);
	rbuf_free(&h);
	return range;
}
