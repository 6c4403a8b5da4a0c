/* Named values for the strings: the placeholders of one sentence, each
 * a buffer of its own, so that a sentence is assembled without a pair
 * of arrays kept in step (the rect and progression sections). */
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

void fv_init(struct fv *v)
{
	v->n = 0;
}

struct rbuf *fv_put(struct fv *v, const char *name)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		if (!strcmp(v->kv[i].key, name)) {
			rbuf_free(&v->b[i]);
			return &v->b[i];
		}
	if (v->n == FV_MAX)
		abort();	/* a programming error: FV_MAX too small */
	rbuf_init(&v->b[v->n]);
	v->kv[v->n].key = name;
	return &v->b[v->n++];
}

void fv_str(struct fv *v, const char *name, const char *s)
{
	rbuf_puts(fv_put(v, name), s);
}

void fv_num(struct fv *v, const char *name, double d, int sig)
{
	find_num(fv_put(v, name), d, sig);
}

void fv_int(struct fv *v, const char *name, long long n)
{
	rbuf_printf(fv_put(v, name), "%lld", n);
}

const struct kv *fv_kv(struct fv *v)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		v->kv[i].val = rbuf_str(&v->b[i]);
	return v->kv;
}

void fv_free(struct fv *v)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		rbuf_free(&v->b[i]);
	v->n = 0;
}

int fv_emit(struct rctx *x, struct rbuf *out, const char *key, struct fv *v)
{
	return emit_string(x, out, key, fv_kv(v), v->n);
}
