/* Pieces that sections assemble alike: a table's header cells from a
 * list of strings, an empty comparison, a range of numbers, a finding
 * that lists items, a table of the memory suites' kind, a roofline. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render_int.h"

void parts_list_init(struct plist *l)
{
	fv_init(&l->item);
	fv_init(&l->all);
	l->list = fv_put(&l->all, "LIST");
}

void parts_list_add(struct rctx *x, struct plist *l, const char *key)
{
	if (l->list->len)
		rbuf_puts(l->list, "; ");
	fv_emit(x, l->list, key, &l->item);
}

void parts_table_init(struct ptable *p, const char *kinds)
{
	rtable_init(&p->t, kinds);
	rbuf_init(&p->cap);
	rbuf_init(&p->note);
	rbuf_init(&p->cell);
	p->seen = 0;
}

int parts_table_emit(struct rctx *x, struct ptable *p, int rc,
		     const char *kind, int dev)
{
	char anchor[64];

	snprintf(anchor, sizeof(anchor), "%s dev=%lld", kind,
		 (long long)x->devs[dev]->id);
	if (!rc && p->t.rows)
		rc = emit_table(x, &p->t, rbuf_str(&p->cap), anchor,
				rbuf_str(&p->note));
	rtable_free(&p->t);
	rbuf_free(&p->cap);
	rbuf_free(&p->note);
	rbuf_free(&p->cell);
	return rc;
}
