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
	return emit_fragment(x, "figurepair", (struct kv[]){{"ANCHOR", anchor},
			     {"PICTURES", rbuf_str(&p->pics)},
			     {"CAPTION", caption}}, 3);
}
