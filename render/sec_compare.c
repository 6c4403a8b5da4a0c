/* The comparison of two sessions (render --compare A,B): what mmreport
 * compare says, as a section. The judgement is analysis/compare.c's on
 * sides read by store_compare_load, with the report's own threshold, so
 * the section and the command agree. Small by design: the counts, the
 * geometric means, and a table of the configurations that changed. */
#include <math.h>
#include <stdio.h>

#include "compare.h"
#include "render_int.h"

/* The most rows of the table: a page. */
#define CMP_TABLE_MAX 30

/* mp_text_say of string key with v's placeholders to par (a blank
 * before it where par holds a sentence) when rc is 0 and cond holds:
 * the sentences of one paragraph. Returns rc or the status. */
static int say(struct rctx *x, struct rbuf *par, int rc, int cond,
	       const char *key, struct fv *v)
{
	return rc || !cond ? rc : mp_text_say(x, par, key, v);
}

/* The sessions compared and the rule, then the counts, the geometric
 * means, the unmatched and the changed sources, a paragraph each. */
static int pars_write(struct rctx *x, const struct store_session *sa,
		      const struct store_session *sb,
		      const struct cmp_side *a, const struct cmp_side *b,
		      const struct cmp_result *r)
{
	static const char *const key[] = {"N", "NFAST", "NSLOW", "NSAME",
					  "NBELOW", "NUNT", "NA", "NB"};
	size_t i, c[] = {r->nrows, r->faster, r->slower, r->same, r->below,
			 r->untested, r->nonly_a, r->nonly_b};
	struct rbuf par, *l;
	struct fv v;
	int rc;

	fv_init(&v);
	rbuf_init(&par);
	fv_int(&v, "A", (long long)sa->id);
	fv_int(&v, "B", (long long)sb->id);
	rbuf_put_tex(fv_put(&v, "DEVA"), a->n ? a->p[0].dev_name : "", 0);
	rbuf_put_tex(fv_put(&v, "DEVB"), b->n ? b->p[0].dev_name : "", 0);
	rbuf_put_tex(fv_put(&v, "DATEA"), sa->started_at, 0);
	rbuf_put_tex(fv_put(&v, "DATEB"), sb->started_at, 0);
	rbuf_printf(fv_put(&v, "THR"), "\\num{%.1f}~\\%%", 100 * r->threshold);
	rc = say(x, &par, 0, 1, "compare.intro", &v);
	rc = say(x, &par, rc, r->cross, "compare.cross", &v);
	if (!rc)
		emit_par(x, rbuf_str(&par));
	fv_free(&v);
	rbuf_free(&par);
	for (i = 0; i < sizeof(key) / sizeof(key[0]); i++)
		fv_int(&v, key[i], (long long)c[i]);
	l = fv_put(&v, "LIST");
	for (i = 0; i < r->nsuites; i++) {
		rbuf_printf(l, "%s", i ? ", " : "");
		rbuf_put_tex(l, r->suites[i].suite, 0);
		rbuf_printf(l, " \\num{%.3f} (%zu)", r->suites[i].geomean,
			    r->suites[i].n);
	}
	l = fv_put(&v, "KERNELS");
	for (i = 0; i < r->nchanged; i++) {
		rbuf_puts(l, i ? ", \\texttt{" : "\\texttt{");
		rbuf_put_tex(l, r->changed[i]->a->variant, 1);
		rbuf_putc(l, '}');
	}
	rc = say(x, &par, rc, 1, "compare.counts", &v);
	rc = say(x, &par, rc, r->nsuites > 0, "compare.geo", &v);
	rc = say(x, &par, rc, r->nonly_a || r->nonly_b, "compare.unmatched",
		 &v);
	rc = say(x, &par, rc, r->nchanged > 0, "compare.source", &v);
	if (!rc)
		emit_par(x, rbuf_str(&par));
	fv_free(&v);
	rbuf_free(&par);
	return rc;
}

/* Row w of the table; its marks join *seen, its changed source *dag. */
static void table_row(struct rctx *x, struct rtable *t,
		      const struct cmp_row *w, unsigned *seen, int *dag)
{
	struct rbuf cell;
	char key[256];

	rbuf_init(&cell);
	rbuf_put_tex(&cell, w->a->suite, 0);
	rbuf_putc(&cell, ' ');
	rbuf_put_tex(&cell, cmp_key_text(w->a, key, sizeof(key)), 1);
	regime_marks(x, w->b->marks, &cell);
	*seen |= w->b->marks;
	if (w->src_changed)
		rbuf_puts(&cell, "\\,\\dag");
	*dag |= w->src_changed;
	rtable_text(t, rbuf_str(&cell));
	rtable_num(t, w->a->median, -1, 0);
	rtable_num(t, w->b->median, -1, 0);
	rtable_num(t, isfinite(w->hl) ? w->hl : w->ratio, 3, 0);
	rbuf_free(&cell);
	if (isfinite(w->lo))
		rbuf_printf(&cell, "\\num{%.3f}--\\num{%.3f}", w->lo, w->hi);
	else
		rbuf_puts(&cell, "--");
	rtable_text(t, rbuf_str(&cell));
	rbuf_free(&cell);
	rbuf_put_sci(&cell, w->p);
	rtable_text(t, rbuf_str(&cell));
	rtable_text(t, lang_get(x->L, w->verdict == CMP_FASTER ?
				"compare.faster" : "compare.slower"));
	rtable_row_end(t);
	rbuf_free(&cell);
}

/* The rows with a meaningful difference, the largest first. */
static int table_write(struct rctx *x, const struct store_session *sa,
		       const struct store_session *sb,
		       const struct cmp_result *r)
{
	const struct cmp_row *top[CMP_TABLE_MAX * 4];
	struct rtable t;
	struct rbuf b[2], *cap = b, *note = b + 1;
	struct fv v;
	char anchor[64];
	size_t i, n;
	unsigned seen = 0;
	int rc, dag = 0;

	n = cmp_largest(r, top, sizeof(top) / sizeof(top[0]));
	rtable_init(&t, "lSSSlrl");
	rbufs_init(b, 2);
	mem_heads(x, &t, (const char *const[]){"compare.head.config",
		  "compare.head.base", "compare.head.new", "compare.head.ratio",
		  "compare.head.ci", "compare.head.p", "compare.head.verdict",
		  NULL});
	rtable_head_end(&t);
	for (i = 0; i < n && t.rows < CMP_TABLE_MAX; i++)
		if (top[i]->verdict == CMP_FASTER ||
		    top[i]->verdict == CMP_SLOWER)
			table_row(x, &t, top[i], &seen, &dag);
	fv_init(&v);
	fv_int(&v, "A", (long long)sa->id);
	fv_int(&v, "B", (long long)sb->id);
	fv_int(&v, "MAX", CMP_TABLE_MAX);
	rc = say(x, cap, 0, 1, "compare.table", &v);
	rc = say(x, note, rc, 1, "compare.note", &v);
	rc = say(x, note, rc, dag, "compare.note_src", &v);
	if (!rc)
		regime_note(x, seen, note, NULL);
	snprintf(anchor, sizeof(anchor), "compare a=%lld b=%lld",
		 (long long)sa->id, (long long)sb->id);
	if (!t.rows)
		rc = fv_par(x, "compare.none", &v);
	else if (!rc)
		rc = emit_table(x, &t, rbuf_str(cap), anchor, rbuf_str(note));
	fv_free(&v);
	rtable_free(&t);
	rbufs_free(b, 2);
	return rc;
}

int sec_compare(struct rctx *x)
{
	const struct store_session *sab[2];
	struct cmp_side a = {0}, b = {0};
	struct cmp_result r = {0};
	int i, rc;

	if (x->o->compare[0] <= 0)	/* --sections compare alone */
		return 0;
	/* nothing to compare: exit 1, as mmreport compare */
	for (i = 0; i < 2; i++)
		if (!(sab[i] = model_session(x, x->o->compare[i]))) {
			fprintf(stderr, "mmreport: render: --compare: nothing to "
				"compare: '%s' has no session %lld\n",
				x->o->db_path, x->o->compare[i]);
			return RENDER_ERR_EMPTY;
		}
	if (store_compare_load(x->st, sab[0]->id, &a) ||
	    store_compare_load(x->st, sab[1]->id, &b)) {
		rc = model_store_fail(x, "the compared sessions");
		goto out;
	}
	rc = RENDER_ERR_INTERNAL;
	if (cmp_run(&a, &b, x->threshold, &r))
		goto out;
	emit_heading(x, 0, lang_get(x->L, "compare.title"));
	rc = pars_write(x, sab[0], sab[1], &a, &b, &r);
	if (!rc)
		rc = table_write(x, sab[0], sab[1], &r);
	if (rc)
		rc = RENDER_ERR_INTERNAL;
out:
	cmp_result_free(&r);
	cmp_side_free(&a);
	cmp_side_free(&b);
	return rc;
}
