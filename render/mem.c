/* The engine of the memory-access sections (transpose, bank, coalesce,
 * dot, walkers: textbook R and lecture B), mem_run, which interprets a
 * section's description (struct mem_spec), and the pieces other
 * sections share with them: the words of a comparison, the text of its
 * test, what a table says where the counters are missing, cells that
 * carry marks after their number, a table being built with its
 * caption, note and the regimes it showed (mem_tab). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

int mem_word(const struct rcmp *r, int higher)
{
	if (!isfinite(r->a) || !isfinite(r->b))
		return MW_NONE;
	if (r->p < 0)
		return MW_UNTESTED;
	if (!r->signif)
		return MW_NS;
	return (higher ? r->b > r->a : r->b < r->a) ? MW_BETTER : MW_WORSE;
}

/* The key tails of the words, MW_NONE's as MW_UNTESTED's. */
static const char *const mem_tails[] = {"untested", "untested", "ns",
					"faster", "slower"};

void mem_variant(struct rbuf *b, const char *variant)
{
	rbuf_puts(b, "\\texttt{");
	rbuf_put_tex(b, variant, 0);
	rbuf_puts(b, "}");
}

int mem_counters_missing(struct rctx *x, int dev, const char *suite,
			 const char *key_none, const char *key_unavailable,
			 struct rbuf *b)
{
	const char *why = model_counters_why(x, dev, suite);
	struct fv v;
	int rc;

	if (!why)
		return emit_string(x, b, key_none, NULL, 0);
	fv_init(&v);
	rbuf_put_tex(fv_put(&v, "WHY"), *why ? why : "--", 1);
	rc = fv_emit(x, b, key_unavailable, &v);
	fv_free(&v);
	return rc;
}

void mem_num(struct rtable *t, double v, int decimals, int flags,
	     const char *post)
{
	rtable_num(t, v, decimals, flags);
	if (isfinite(v))
		rtable_post(t, post);
}

int mem_caption(struct rctx *x, int dev, const char *suite,
		const char *variant, const char *metric, const char *key,
		const char *n, struct rbuf *cap)
{
	struct fv v;
	int rc;

	fv_init(&v);
	dev_suffix(x, dev, fv_put(&v, "DEV"));
	rc = sample_range(x, dev, suite, variant, metric, "word.samples_of",
			  fv_put(&v, "SAMPLES"));
	if (n)
		fv_str(&v, "N", n);
	rc |= fv_emit(x, cap, key, &v);
	fv_free(&v);
	return rc;
}

void mem_mib(struct rbuf *b, double bytes)
{
	char s[64];

	snprintf(s, sizeof(s), "%.3g", bytes / 1048576.0);
	rbuf_printf(b, "\\num{%s}~MiB", s);
}

/* ---- the memory sections' tables and comparisons ------------------------ */

int mem_cfg_num(const struct rctx *x, struct rtable *t, const struct rcfg *c,
		double v, int dec, int flags, unsigned hide)
{
	struct rbuf post;

	if (cell_status(x, t, c))
		return 1;
	rbuf_init(&post);
	regime_marks(x, rcfg_marks(x, c) & ~hide, &post);
	mem_num(t, v, dec, flags, rbuf_str(&post));
	rbuf_free(&post);
	return 0;
}

int mem_pair_set(struct rctx *x, struct mem_pair *p, long long n,
		 const struct rcfg *a, const struct rcfg *b, const char *metric)
{
	if (!rcfg_steady(x, a) || !rcfg_steady(x, b))
		return 0;
	p->n = n;
	p->a = a;
	p->b = b;
	return model_compare(x, a, b, metric, &p->cmp) == -2 ? -1 : 1;
}

void mem_heads(const struct rctx *x, struct rtable *t, const char *const *k)
{
	for (; *k; k++)
		rtable_head(t, **k == '=' ? *k + 1 : lang_get(x->L, *k));
}

/* ---- the engine: a memory section from its description ---------------- */

double mem_gbs(const struct rcfg *c)
{
	return rcfg_median(c, VOCAB_METRIC_GBS);
}

double mem_per(const struct rcfg *c, const char *a, const char *b)
{
	double d = rcfg_median(c, b);

	return d > 0 ? rcfg_median(c, a) / d : NAN;
}

void mem_fv_cmp(struct mem_fv *o, const struct rcmp *r, int higher)
{
	int w = mem_word(r, higher);

	o->tail = w == MW_NONE ? NULL : mem_tails[w];
	o->cmp[0] = r;
}

static void mem_cell_put(struct rctx *x, struct ptable *m,
			 const struct mem_cell *o)
{
	/* grey where the rule finds no meaningful difference */
	int k = o->r && o->r->p >= 0 && !o->r->signif;

	if (!o->c)
		mem_num(&m->t, o->v, o->dec, k, k ? "\\nsmark" : o->r &&
			o->r->p < 0 ? "\\ntmark" : "");
	else if (!mem_cfg_num(x, &m->t, o->c, o->v, o->dec, 0, 0) &&
		 isfinite(o->v))
		m->seen |= rcfg_marks(x, o->c);
}

/* The table: the lead columns, then per value column one per device
 * under its heading (the devices' numbers in a second header row). */
static int mem_run_table(struct rctx *x, const struct mem_spec *s,
			 const struct mem_devs *d)
{
	const struct mem_tspec *t = s->tab;
	int nl = (int)strlen(t->lead), c, i, r, k = 0, rc = 0;
	char kinds[RTABLE_MAXCOLS + 1], h[32];
	struct rbuf lead[RTABLE_MAXCOLS];
	struct ptable m;
	struct mem_cell o[MEM_MAXD][RTABLE_MAXCOLS];

	memcpy(kinds, t->lead, (size_t)nl);
	memset(kinds + nl, 'S', (size_t)(t->ncols * d->nd));
	kinds[nl + t->ncols * d->nd] = '\0';
	parts_table_init(&m, kinds);
	if (d->nd > 1) {
		for (c = 0; c < nl; c++)
			rtable_head(&m.t, "");
		for (c = 0; c < t->ncols; c++)
			rtable_head_span(&m.t, d->nd, lang_get(x->L,
					 t->heads[nl + c]));
		rtable_head_end(&m.t);
	}
	for (c = 0; c < nl + t->ncols; c++)
		for (i = 0; i < (c < nl || d->nd < 2 ? 1 : d->nd); i++) {
			snprintf(h, sizeof(h), "GPU~%d", d->dev[i] + 1);
			rtable_head(&m.t, c >= nl && d->nd > 1 ? h :
				    *t->heads[c] == '=' ? t->heads[c] + 1 :
				    lang_get(x->L, t->heads[c]));
		}
	rtable_head_end(&m.t);
	rbufs_init(lead, (size_t)nl);
	for (r = 0; r < t->nrows; r++) {
		/* the first device's row last: its lead cells are kept */
		for (i = d->nd; i-- > 0; ) {
			rbufs_free(lead, (size_t)nl);
			for (c = 0; c < t->ncols; c++)
				o[i][c] = (struct mem_cell){NAN, 1, NULL, NULL};
			k = t->row(&(struct mem_ctx){x, d->dev[i], d->f[i], 0},
				   r, lead, o[i]);
		}
		if (k == 2 && r)
			rtable_gap(&m.t);
		for (c = 0; k && c < nl; c++)
			rtable_text(&m.t, rbuf_str(&lead[c]));
		for (c = 0; k && c < t->ncols; c++)
			for (i = 0; i < d->nd; i++)
				mem_cell_put(x, &m, &o[i][c]);
		if (k)
			rtable_row_end(&m.t);
	}
	rbufs_free(lead, (size_t)nl);
	rc |= emit_string(x, &m.cap, t->caption, NULL, 0);
	if (t->note)
		rc |= emit_string(x, &m.note, t->note, NULL, 0);
	regime_note(x, m.seen, &m.note, NULL);
	return parts_table_emit(x, &m, rc, t->anchor, d->dev[0]);
}

#define MEM_PTS 64

/* The figure: each series per device, a device's own point type; a
 * reference series grey and dotted. */
static int mem_run_figure(struct rctx *x, const struct mem_spec *s,
			  const struct mem_devs *d)
{
	const struct mem_gspec *g = s->fig;
	enum { NL = MEM_MAXD * 8 };
	struct pline l[NL];
	struct rbuf title[NL], cap;
	double (*xy)[2][MEM_PTS] = calloc(NL, sizeof(*xy));
	struct pspec ps;
	int i, k, rc = -1, ref;
	size_t n, nl = 0;

	rbufs_init(title, NL);
	rbuf_init(&cap);
	if (!xy)
		goto out;
	for (k = 0; k < g->nser && k < 8; k++)
		for (i = 0; i < d->nd; i++, nl++) {
			ref = g->ref >> k & 1;
			rbuf_puts(&title[nl], "{\\scriptsize ");
			n = g->series(&(struct mem_ctx){x, d->dev[i], d->f[i],
				      0}, k, xy[nl][0], xy[nl][1], MEM_PTS,
				      &title[nl]);
			if (d->nd > 1)
				rbuf_printf(&title[nl], ", GPU~%d",
					    d->dev[i] + 1);
			rbuf_puts(&title[nl], "}");
			l[nl] = (struct pline){rbuf_str(&title[nl]),
				xy[nl][0], xy[nl][1], n, ref ? PL_REF :
				i ? PL_DOTTED : PL_LINE, ref ? -1 : k,
				ref ? i : k + 4 * i};
		}
	ps = (struct pspec){lang_get(x->L, g->xlabel),
		lang_get(x->L, g->ylabel), g->logx, g->logy, g->xpow2,
		g->yzero, NULL, 13.0, 6.5};
	k = plot_lines(x, &ps, l, nl);
	rc = 0;
	if (k) {
		rc = emit_string(x, &cap, g->caption, NULL, 0);
		if (!rc)
			rc = emit_figure(x, k, rbuf_str(&cap));
	}
out:
	rbufs_free(title, NL);
	rbuf_free(&cap);
	free(xy);
	return rc;
}

void mem_vals(const struct rctx *x, struct rbuf *b, const struct mem_fv *o,
	      int n, int i, const char *fmt)
{
	struct rbuf one[MEM_MAXD];
	int k, same = 1, pct = *fmt == '%';
	int sig = atoi(fmt + (pct || *fmt == 'e'));

	rbufs_init(one, MEM_MAXD);
	for (k = 0; k < n; k++) {
		double v = i < 0 ? 0 : o[k].v[i];

		if (i < 0)
			find_effect(x, &one[k], o[k].cmp[-1 - i],
				    o[k].invert);
		else if (*fmt == 'n' && v > 0)	/* a count, "2^{31}" */
			ilp_count_math((long long)v, &one[k]);
		else if (*fmt == 'n')
			rbuf_puts(&one[k], "\\text{--}");
		else if (*fmt == 'M' && isfinite(v))	/* bytes as MiB */
			mem_mib(&one[k], v);
		else if (*fmt == 'e')	/* scientific, as siunitx sets it */
			rbuf_printf(&one[k], "\\num{%.*e}", sig - 1, v);
		else if (*fmt == '0')
			rbuf_printf(&one[k], "%.0f", v);
		else if (pct)
			find_pct(&one[k], v, sig);
		else if (*fmt != 'M')
			find_num(&one[k], v, sig);
		same &= !strcmp(rbuf_str(&one[k]), rbuf_str(&one[0]));
	}
	for (k = 0; k < (same ? 1 : n); k++) {
		rbuf_puts(b, k ? lang_get(x->L, "find.devs.sep") : "");
		rbuf_puts(b, rbuf_str(&one[k]));
	}
	rbufs_free(one, MEM_MAXD);
}

/* The sentence of the devices s->f[0..s->n) (struct mem_fv). */
static int mem_say(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	const struct mem_fv *const *w = (const void *)s->f;
	const struct mem_find *m = w[0]->m;
	struct mem_fv o[MEM_MAXD];
	char names[MEM_NV][16], fmt[MEM_NV][8], key[96];
	const char *p = m->names;
	int i, len;

	if (!w[0]->tail)
		return 0;
	for (i = 0; i < s->n; i++)
		o[i] = *w[i];
	/* devices agree where their tail and T do (the text compared) */
	if (s->mask)
		rbuf_printf(out, "%s|%s|", o[0].tail, o[0].t);
	fv_str(s->v, "DEV", "");
	fv_str(s->v, "T", o[0].t);
	for (i = 0; i < MEM_NV && p && sscanf(p, " %15[^:]:%7s%n", names[i],
					      fmt[i], &len) == 2; i++) {
		p += len;
		if (*names[i] == '-')	/* "-:-" a slot the string skips */
			continue;
		if (s->mask)
			fv_str(s->v, names[i], "#");
		else
			mem_vals(x, fv_put(s->v, names[i]), o, s->n, *fmt[i]
				 == 'E' ? -1 - (int)o[0].v[i] : i, fmt[i]);
	}
	if (o[0].cmp[0] && s->mask)
		fv_str(s->v, "EFF", "#");
	else if (o[0].cmp[0])
		mem_vals(x, fv_put(s->v, "EFF"), o, s->n, -1, "");
	if (o[0].key)
		snprintf(key, sizeof(key), "%s", o[0].key);
	else
		snprintf(key, sizeof(key), "%s%s%s", m->key,
			 *o[0].tail ? "." : "", o[0].tail);
	fv_emit(x, out, key, s->v);
	if (o[0].why) {
		snprintf(key, sizeof(key), "%s.why", m->key);
		rbuf_putc(out, ' ');
		fv_emit(x, out, key, s->v);
	}
	return 0;
}

/* Finding m, stated once for the devices that say the same. */
static void mem_run_find(struct rctx *x, const struct mem_devs *d,
			 const struct mem_find *m, struct rfind *fd)
{
	struct mem_fv one[MEM_MAXD];
	const void *f[MEM_MAXD];
	int i;

	for (i = 0; i < d->nd; i++) {
		memset(&one[i], 0, sizeof(one[i]));
		one[i].m = m;
		m->get(&(struct mem_ctx){x, d->dev[i], d->f[i], m->arg},
		       &one[i]);
		f[i] = &one[i];
	}
	dvs_items(x, fd, "mem.text", f, d->dev, d->nd, mem_say, NULL);
}

int mem_run(struct rctx *x, const struct mem_spec *s)
{
	struct mem_devs d = {.nd = 0};
	struct rfind fd;
	char k[64];
	size_t i;
	int rc = 0, has = model_has_suite(x, -1, s->suite);

	snprintf(k, sizeof(k), "%s.title", s->suite);
	emit_heading(x, 0, lang_get(x->L, k));
	snprintf(k, sizeof(k), "%s.%s", s->suite, has ? "intro" : "absent");
	emit_par(x, lang_get(x->L, k));
	/* described findings hold MEM_MAXD devices (struct mem_fv) */
	for (i = 0; has && i < x->ndevs && d.nd < (s->nfind ? MEM_MAXD :
	     PG_MAXD); i++) {
		if (!model_has_suite(x, (int)i, s->suite))
			continue;
		d.dev[d.nd] = (int)i;
		if (!(d.f[d.nd] = calloc(1, s->fsize)) ||
		    s->facts(x, (int)i, d.f[d.nd++]))
			rc = -1;
	}
	if (!rc && d.nd && s->fig)
		rc = mem_run_figure(x, s, &d);
	if (!rc && d.nd && s->tab)
		rc = mem_run_table(x, s, &d);
	if (!rc && d.nd && s->draw)
		rc = s->draw(x, &d);
	find_init(&fd);
	for (i = 0; !rc && !s->noproblems && (int)i < d.nd; i++)
		problems_list(x, d.dev[i], s->suite, NULL);
	for (i = 0; !rc && d.nd && (int)i < s->nfind; i++)
		mem_run_find(x, &d, &s->find[i], &fd);
	snprintf(k, sizeof(k), "%s.find.text", s->suite);
	for (i = 0; !rc && d.nd && (int)i < s->nsay; i++)
		dvs_items(x, &fd, k, (const void *const *)d.f, d.dev, d.nd,
			  s->say[i].say, s->say[i].nitem);
	if (!rc && d.nd) {
		/* measured, but nothing that counts compared */
		if (!fd.n)
			find_add(x, &fd, "mem.nothing", NULL, 0);
		rc = find_emit(x, &fd);
		snprintf(k, sizeof(k), "%s.takeaway", s->suite);
		if (s->takeaway)
			s->takeaway(x, &d);
		else if (s->take)
			dvs_items(x, NULL, k, (const void *const *)d.f, d.dev,
				  d.nd, s->take, NULL);
		else
			emit_par(x, lang_get(x->L, k));
	}
	find_free(&fd);
	for (i = 0; (int)i < d.nd; i++)
		free(d.f[i]);
	return rc;
}
