/* Small pieces the experiment sections share: an empty comparison, a
 * range of values and its text, the fp64/fp32 ratio cell of a table,
 * arrays of buffers, the device prefix of a finding (the rect,
 * precision and front sections). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render_int.h"

void rcmp_clear(struct rcmp *r)
{
	memset(r, 0, sizeof(*r));
	r->a = r->b = r->gain = r->ratio = r->hl = r->hl_lo = r->hl_hi = NAN;
	r->p = -1;
	r->verdict = RULE_UNTESTED;
}

void num_range_add(double v, double *lo, double *hi)
{
	if (!isfinite(v))
		return;
	if (!isfinite(*lo) || v < *lo)
		*lo = v;
	if (!isfinite(*hi) || v > *hi)
		*hi = v;
}

void num_range_put(struct rbuf *b, double lo, double hi, int sig,
		   void (*put)(struct rbuf *b, double v, int sig))
{
	struct rbuf h;
	size_t len = b->len;

	rbuf_init(&h);
	put(b, lo, sig);
	put(&h, hi, sig);
	if (strcmp(rbuf_str(b) + len, rbuf_str(&h)))
		rbuf_printf(b, "--%s", rbuf_str(&h));
	rbuf_free(&h);
}

void ratio_cell(struct rtable *t, const struct rcmp *r)
{
	int grey = r->p >= 0 && !r->signif;
	int nt = isfinite(r->ratio) && r->p < 0;

	mem_num(t, r->ratio, 2, grey, grey ? "\\nsmark" : nt ? "\\ntmark" : "");
}

double dev_peak_fp64(const struct store_device *d)
{
	const struct store_prop *p = store_device_prop(d, "peak_fp64");

	return p && p->has_num && p->num > 0 ? p->num : NAN;
}

void rbufs_init(struct rbuf *b, size_t n)
{
	while (n--)
		rbuf_init(b++);
}

void rbufs_free(struct rbuf *b, size_t n)
{
	while (n--)
		rbuf_free(b++);
}

void dev_prefix(const struct rctx *x, int dev, char *pre, size_t len)
{
	*pre = '\0';
	if (x->ndevs > 1)
		snprintf(pre, len, "GPU~%d: ", dev + 1);
}

int fv_par(struct rctx *x, const char *key, struct fv *v)
{
	struct rbuf par;
	int rc;

	rbuf_init(&par);
	rc = fv_emit(x, &par, key, v);
	emit_par(x, rbuf_str(&par));
	rbuf_free(&par);
	return rc;
}

void lang_name_put(const struct rctx *x, const char *prefix,
		   const char *name, int breakable, struct rbuf *b)
{
	char key[128];
	const char *t;

	snprintf(key, sizeof(key), "%s.%s", prefix, name ? name : "");
	t = lang_find(x->L, key);
	if (t)
		rbuf_puts(b, t);
	else
		rbuf_put_tex(b, name, breakable);
}
