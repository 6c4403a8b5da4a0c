/* Pieces that sections assemble alike: a table's header cells from a
 * list of strings, and an empty comparison. */
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
