/* Pictures side by side in one figure: the subpictures of a
 * "figurepair" fragment, each with a caption of its own (the ilp
 * section's devices, the transfer section's gain panels). */
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
	struct kv v[2];
	int rc;

	rbuf_init(&pic);
	if (k)
		plot_ref(x, &pic, k);
	v[0] = (struct kv){"PICTURE", rbuf_str(&pic)};
	v[1] = (struct kv){"CAPTION", caption};
	rc = tmpl_fill(&p->pics, p->sub, v, 2);
	rbuf_free(&pic);
	p->n++;
	return rc;
}

int figpair_emit(struct rctx *x, struct figpair *p, const char *caption,
		 const char *anchor_fmt, ...)
{
	char anchor[128];
	struct kv v[3];
	va_list ap;

	va_start(ap, anchor_fmt);
	vsnprintf(anchor, sizeof(anchor), anchor_fmt, ap);
	va_end(ap);
	v[0] = (struct kv){"ANCHOR", anchor};
	v[1] = (struct kv){"PICTURES", rbuf_str(&p->pics)};
	v[2] = (struct kv){"CAPTION", caption};
	return emit_fragment(x, "figurepair", v, 3);
}
