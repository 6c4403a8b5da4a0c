/* Pieces that sections assemble alike: a table's header cells from a
 * list of strings, an empty comparison, a range of numbers, a finding
 * that lists items, a table of the memory suites' kind, a roofline. */
#include <math.h>
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

void parts_list_find(struct rctx *x, struct rfind *fd, struct plist *l,
		     const char *key)
{
	if (l->list->len)
		fv_find(x, fd, key, &l->all);
	fv_free(&l->item);
	fv_free(&l->all);
}

void parts_table_init(struct ptable *p, const char *kinds)
{
	rtable_init(&p->t, kinds);
	rbufs_init(p->wide, RTABLE_MAXCOLS);
	rbuf_init(&p->cap);
	rbuf_init(&p->note);
	rbuf_init(&p->cell);
	p->seen = 0;
}

int parts_table_emit(struct rctx *x, struct ptable *p, int rc,
		     const char *kind, int dev)
{
	if (!rc)
		rc = mem_table_emit(x, &p->t, p->wide, rbuf_str(&p->cap), kind,
				    dev, rbuf_str(&p->note));
	rtable_free(&p->t);
	rbufs_free(p->wide, RTABLE_MAXCOLS);
	rbuf_free(&p->cap);
	rbuf_free(&p->note);
	rbuf_free(&p->cell);
	return rc;
}

int parts_roof_plot(struct rctx *x, int dev, struct pline *l, size_t nl,
		    struct rbuf *title, const char *xlabel, double lo,
		    double hi, double w, double h)
{
	double rx[PLOT_ROOF_N], ry[PLOT_ROOF_N];
	struct pspec ps;

	nl += (size_t)plot_roof_fill(x, x->devs[dev], lo, hi, rx, ry, &l[nl],
				     title);
	memset(&ps, 0, sizeof(ps));
	ps.xlabel = lang_get(x->L, xlabel);
	ps.ylabel = lang_get(x->L, "axis.gflops");
	ps.logx = 2;
	ps.logy = 10;
	ps.xpow2 = 1;
	ps.w = w;
	ps.h = h;
	return plot_lines(x, &ps, l, nl);
}
