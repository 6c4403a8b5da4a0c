/* Pictures side by side in one figure: the subpictures of a
 * "figurepair" fragment, each with a caption of its own (a picture per
 * device in the ilp and versions sections). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "render_int.h"

int figpair_init(struct rctx *x, struct figpair *p)
{
	rbuf_init(&p->pics);
	p->n = 0;
	p->sub = tmpl_fragment(x->frags, "subpicture");
	return p->sub ? 0 : -1;
}

void figpair_free(struct figpair *p)
{
	free(p->sub);
	p->sub = NULL;
	rbuf_free(&p->pics);
}

int figpair_add(struct rctx *x, struct figpair *p, int k,
		const char *caption)
{
	struct rbuf pic;
	int rc;

	rbuf_init(&pic);
	if (k)
		plot_ref(x, &pic, k);
	rc = tmpl_fill(&p->pics, p->sub, (struct kv[]){{"PICTURE",
		       rbuf_str(&pic)}, {"CAPTION", caption}}, 2);
	rbuf_free(&pic);
	p->n++;
	return rc;
}

int figpair_emit(struct rctx *x, struct figpair *p, const char *caption,
		 const char *anchor_fmt, ...)
{
	char anchor[128];
	va_list ap;

	va_start(ap, anchor_fmt);
	vsnprintf(anchor, sizeof(anchor), anchor_fmt, ap);
	va_end(ap);
	return frag_put(x, &x->body, "figurepair", (struct kv[]){
			{"ANCHOR", anchor}, {"PICTURES", rbuf_str(&p->pics)},
			{"CAPTION", caption}}, 3);
}

int figpair_devs(struct rctx *x, const struct figdevs *f, const int *dv,
		 int nd)
{
	struct figpair p;
	struct rbuf lab, cap;
	int i, k, dev, rc;

	if (nd == 1) {
		k = f->pic(x, dv ? dv[0] : 0, f->w1, f->h1);
		return k < 0 ? -1 : emit_dev_figure(x, dv ? dv[0] : 0, k,
						    f->key);
	}
	if (figpair_init(x, &p))
		return -1;
	rbuf_init(&lab);
	rbuf_init(&cap);
	rc = emit_string(x, &cap, f->key, &(struct kv){"DEV", ""}, 1);
	for (i = 0; i < nd && !rc; i++) {
		dev = dv ? dv[i] : i;
		if ((rc = k = f->pic(x, dev, f->w2, f->h2)) > 0) {
			rbuf_free(&lab);
			dev_label(x, dev, &lab);
			rc = figpair_add(x, &p, k, rbuf_str(&lab));
		}
		if (!rc && p.n && (p.n == f->per || i + 1 == nd)) {
			rc = figpair_emit(x, &p, rbuf_str(&cap), f->anchor, dev);
			rbuf_free(&p.pics);
			p.n = 0;
		}
	}
	rbuf_free(&cap);
	rbuf_free(&lab);
	figpair_free(&p);
	return rc;
}
