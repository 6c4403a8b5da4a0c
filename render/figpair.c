/* Pictures side by side in one figure: the subpictures of a
 * "figurepair" fragment, each with a caption of its own (a picture per
 * device in the ilp and versions sections). */
#include <stdio.h>
#include <stdlib.h>

#include "render_int.h"

int figpair_devs(struct rctx *x, const struct figdevs *f, const int *dv,
		 int nd)
{
	struct rbuf pics, pic, lab, cap;	/* pics: the figure's so far */
	char *sub, anchor[128];
	int i, k, dev, n = 0, rc;

	if (nd == 1) {
		k = f->pic(x, dv ? dv[0] : 0, f->w1, f->h1);
		return k < 0 ? -1 : emit_dev_figure(x, dv ? dv[0] : 0, k,
						    f->key);
	}
	if (!(sub = tmpl_fragment(x->frags, "subpicture")))
		return -1;
	rbuf_init(&pics);
	rbuf_init(&pic);
	rbuf_init(&lab);
	rbuf_init(&cap);
	rc = emit_string(x, &cap, f->key, &(struct kv){"DEV", ""}, 1);
	for (i = 0; i < nd && !rc; i++) {
		dev = dv ? dv[i] : i;
		if ((rc = k = f->pic(x, dev, f->w2, f->h2)) > 0) {
			rbuf_free(&pic);
			rbuf_free(&lab);
			plot_ref(x, &pic, k);
			dev_label(x, dev, &lab);
			rc = tmpl_fill(&pics, sub, (struct kv[]){{"PICTURE",
				       rbuf_str(&pic)}, {"CAPTION",
				       rbuf_str(&lab)}}, 2);
			n++;
		}
		if (!rc && n && (n == f->per || i + 1 == nd)) {
			snprintf(anchor, sizeof(anchor), f->anchor, dev);
			rc = frag_put(x, &x->body, "figurepair", (struct kv[]){
				{"ANCHOR", anchor},
				{"PICTURES", rbuf_str(&pics)},
				{"CAPTION", rbuf_str(&cap)}}, 3);
			rbuf_free(&pics);
			n = 0;
		}
	}
	rbuf_free(&pics);
	rbuf_free(&pic);
	rbuf_free(&lab);
	rbuf_free(&cap);
	free(sub);
	return rc;
}
