/* The comparison of two sessions (render --compare A,B): what mmreport
 * compare says, as a section. The judgement is analysis/compare.c's on
 * sides read by store_compare_load, with the report's own threshold, so
 * the section and the command agree. Small by design: the counts, the
 * geometric means, and a table of the configurations that changed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "render_int.h"

/* The most rows of the table: a page. */
#define CMP_TABLE_MAX 30

/* Session id of the file, or NULL after the message (nothing to
 * compare: exit 1, as mmreport compare). */
static const struct store_session *session_of(struct rctx *x,
					      struct store_session *ss,
					      size_t n, long long id)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (ss[i].id == id)
			return &ss[i];
	fprintf(stderr, "mmreport: render: --compare: nothing to compare: "
		"'%s' has no session %lld\n", x->o->db_path, id);
	return NULL;
}

static const char *dev_name(const struct cmp_side *s)
{
	return s->n ? s->p[0].dev_name : "";
}

/* Empties b for the next cell. */
static void cell_clear(struct rbuf *b)
{
	rbuf_free(b);
	rbuf_init(b);
}

static void count_put(struct rbuf *b, size_t n)
{
	rbuf_printf(b, "%zu", n);
}

static int intro_write(struct rctx *x, const struct store_session *sa,
		       const struct store_session *sb,
		       const struct cmp_side *a, const struct cmp_side *b,
		       const struct cmp_result *r)
{
	struct rbuf v[6], par;
	struct kv kv[7];
	int i, rc;

	for (i = 0; i < 6; i++)
		rbuf_init(&v[i]);
	rbuf_init(&par);
	rbuf_printf(&v[0], "%lld", (long long)sa->id);
	rbuf_printf(&v[1], "%lld", (long long)sb->id);
	rbuf_put_tex(&v[2], dev_name(a), 0);
	rbuf_put_tex(&v[3], dev_name(b), 0);
	rbuf_put_tex(&v[4], sa->started_at, 0);
	rbuf_put_tex(&v[5], sb->started_at, 0);
	kv[0] = (struct kv){"A", rbuf_str(&v[0])};
	kv[1] = (struct kv){"B", rbuf_str(&v[1])};
	kv[2] = (struct kv){"DEVA", rbuf_str(&v[2])};
	kv[3] = (struct kv){"DEVB", rbuf_str(&v[3])};
	kv[4] = (struct kv){"DATEA", rbuf_str(&v[4])};
	kv[5] = (struct kv){"DATEB", rbuf_str(&v[5])};
	kv[6] = (struct kv){"THR", ""};
	{
		char t[32];

		snprintf(t, sizeof(t), "\\num{%.1f}~\\%%",
			 100 * r->threshold);
		kv[6].val = t;
		rc = emit_string(x, &par, "compare.intro", kv, 7);
	}
	if (!rc && r->cross) {
		rbuf_putc(&par, ' ');
		rc = emit_string(x, &par, "compare.cross", NULL, 0);
	}
	if (!rc)
		emit_par(x, rbuf_str(&par));
	for (i = 0; i < 6; i++)
		rbuf_free(&v[i]);
	rbuf_free(&par);
	return rc;
}

/* The counts, the geometric means, the unmatched and the changed
 * sources, one paragraph. */
static int summary_write(struct rctx *x, const struct cmp_result *r)
{
	struct rbuf par, n[6], geo, names;
	struct kv kv[6];
	size_t i, c[6] = {r->nrows, r->faster, r->slower, r->same, r->below,
			  r->untested};
	static const char *const key[6] = {"N", "NFAST", "NSLOW", "NSAME",
					   "NBELOW", "NUNT"};
	int rc;

	rbuf_init(&par);
	rbuf_init(&geo);
	rbuf_init(&names);
	for (i = 0; i < 6; i++) {
		rbuf_init(&n[i]);
		count_put(&n[i], c[i]);
		kv[i] = (struct kv){key[i], rbuf_str(&n[i])};
	}
	rc = emit_string(x, &par, "compare.counts", kv, 6);
	for (i = 0; i < r->nsuites; i++) {
		rbuf_printf(&geo, "%s", i ? ", " : "");
		rbuf_put_tex(&geo, r->suites[i].suite, 0);
		rbuf_printf(&geo, " \\num{%.3f} (%zu)", r->suites[i].geomean,
			    r->suites[i].n);
	}
	kv[0] = (struct kv){"LIST", rbuf_str(&geo)};
	if (!rc && r->nsuites) {
		rbuf_putc(&par, ' ');
		rc = emit_string(x, &par, "compare.geo", kv, 1);
	}
	cell_clear(&n[0]);
	cell_clear(&n[1]);
	count_put(&n[0], r->nonly_a);
	count_put(&n[1], r->nonly_b);
	kv[0] = (struct kv){"NA", rbuf_str(&n[0])};
	kv[1] = (struct kv){"NB", rbuf_str(&n[1])};
	if (!rc && (r->nonly_a || r->nonly_b)) {
		rbuf_putc(&par, ' ');
		rc = emit_string(x, &par, "compare.unmatched", kv, 2);
	}
	for (i = 0; i < r->nchanged; i++) {
		rbuf_puts(&names, i ? ", \\texttt{" : "\\texttt{");
		rbuf_put_tex(&names, r->changed[i]->a->variant, 1);
		rbuf_putc(&names, '}');
	}
	kv[0] = (struct kv){"KERNELS", rbuf_str(&names)};
	if (!rc && r->nchanged) {
		rbuf_putc(&par, ' ');
		rc = emit_string(x, &par, "compare.source", kv, 1);
	}
	if (!rc)
		emit_par(x, rbuf_str(&par));
	for (i = 0; i < 6; i++)
		rbuf_free(&n[i]);
	rbuf_free(&par);
	rbuf_free(&geo);
	rbuf_free(&names);
	return rc;
}

/* The rows with a meaningful difference, the largest first. */
static int table_write(struct rctx *x, const struct store_session *sa,
		       const struct store_session *sb,
		       const struct cmp_result *r)
{
	const struct cmp_row *top[CMP_TABLE_MAX * 4];
	struct rtable t;
	struct rbuf cell, cap, note, anchor;
	struct kv kv[3];
	char sa_id[24], sb_id[24], max[8], key[256];
	size_t i, n, shown = 0;
	unsigned seen = 0;
	int rc, dag = 0;

	n = cmp_largest(r, top, sizeof(top) / sizeof(top[0]));
	for (i = 0; i < n; i++)
		shown += top[i]->verdict == CMP_FASTER ||
			 top[i]->verdict == CMP_SLOWER;
	if (!shown) {
		rbuf_init(&cell);
		rc = emit_string(x, &cell, "compare.none", NULL, 0);
		if (!rc)
			emit_par(x, rbuf_str(&cell));
		rbuf_free(&cell);
		return rc;
	}
	rtable_init(&t, "lSSSlrl");
	rbuf_init(&cell);
	rbuf_init(&cap);
	rbuf_init(&note);
	rbuf_init(&anchor);
	rtable_head(&t, lang_get(x->L, "compare.head.config"));
	rtable_head(&t, lang_get(x->L, "compare.head.base"));
	rtable_head(&t, lang_get(x->L, "compare.head.new"));
	rtable_head(&t, lang_get(x->L, "compare.head.ratio"));
	rtable_head(&t, lang_get(x->L, "compare.head.ci"));
	rtable_head(&t, lang_get(x->L, "compare.head.p"));
	rtable_head(&t, lang_get(x->L, "compare.head.verdict"));
	rtable_head_end(&t);
	for (i = 0, shown = 0; i < n && shown < CMP_TABLE_MAX; i++) {
		const struct cmp_row *w = top[i];

		if (w->verdict != CMP_FASTER && w->verdict != CMP_SLOWER)
			continue;
		shown++;
		cell_clear(&cell);
		rbuf_put_tex(&cell, w->a->suite, 0);
		rbuf_putc(&cell, ' ');
		rbuf_put_tex(&cell, cmp_key_text(w->a, key, sizeof(key)), 1);
		regime_marks(x, w->b->marks, &cell);
		seen |= w->b->marks;
		if (w->src_changed)
			rbuf_puts(&cell, "\\,\\dag");
		dag |= w->src_changed;
		rtable_text(&t, rbuf_str(&cell));
		rtable_num(&t, w->a->median, -1, 0);
		rtable_num(&t, w->b->median, -1, 0);
		rtable_num(&t, isfinite(w->hl) ? w->hl : w->ratio, 3, 0);
		cell_clear(&cell);
		if (isfinite(w->lo))
			rbuf_printf(&cell, "\\num{%.3f}--\\num{%.3f}", w->lo,
				    w->hi);
		else
			rbuf_puts(&cell, "--");
		rtable_text(&t, rbuf_str(&cell));
		cell_clear(&cell);
		rbuf_put_sci(&cell, w->p);
		rtable_text(&t, rbuf_str(&cell));
		rtable_text(&t, lang_get(x->L, w->verdict == CMP_FASTER ?
					 "compare.faster" :
					 "compare.slower"));
		rtable_row_end(&t);
	}
	snprintf(sa_id, sizeof(sa_id), "%lld", (long long)sa->id);
	snprintf(sb_id, sizeof(sb_id), "%lld", (long long)sb->id);
	snprintf(max, sizeof(max), "%d", CMP_TABLE_MAX);
	kv[0] = (struct kv){"A", sa_id};
	kv[1] = (struct kv){"B", sb_id};
	kv[2] = (struct kv){"MAX", max};
	rc = emit_string(x, &cap, "compare.table", kv, 3);
	if (!rc)
		rc = emit_string(x, &note, "compare.note", NULL, 0);
	if (!rc && dag) {
		rbuf_putc(&note, ' ');
		rc = emit_string(x, &note, "compare.note_src", NULL, 0);
	}
	if (!rc && seen) {
		rbuf_putc(&note, ' ');
		regime_note(x, seen, &note);
	}
	rbuf_printf(&anchor, "compare a=%s b=%s", sa_id, sb_id);
	if (!rc)
		rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anchor),
				rbuf_str(&note));
	rtable_free(&t);
	rbuf_free(&cell);
	rbuf_free(&cap);
	rbuf_free(&note);
	rbuf_free(&anchor);
	return rc;
}

int sec_compare(struct rctx *x)
{
	struct store_session *ss = NULL;
	const struct store_session *sa, *sb;
	struct cmp_side a, b;
	struct cmp_result r;
	size_t n = 0;
	int rc = RENDER_ERR_EMPTY;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	memset(&r, 0, sizeof(r));
	if (x->o->compare[0] <= 0)	/* --sections compare alone */
		return 0;
	if (store_session_list(x->st, &ss, &n))
		return model_store_fail(x, "sessions");
	sa = session_of(x, ss, n, x->o->compare[0]);
	sb = sa ? session_of(x, ss, n, x->o->compare[1]) : NULL;
	if (!sa || !sb)
		goto out;
	if (store_compare_load(x->st, sa->id, &a) ||
	    store_compare_load(x->st, sb->id, &b)) {
		rc = model_store_fail(x, "the compared sessions");
		goto out;
	}
	rc = RENDER_ERR_INTERNAL;
	if (cmp_run(&a, &b, x->threshold, &r))
		goto out;
	emit_heading(x, 0, lang_get(x->L, "compare.title"));
	rc = intro_write(x, sa, sb, &a, &b, &r);
	if (!rc)
		rc = summary_write(x, &r);
	if (!rc)
		rc = table_write(x, sa, sb, &r);
	if (rc)
		rc = RENDER_ERR_INTERNAL;
out:
	cmp_result_free(&r);
	cmp_side_free(&a);
	cmp_side_free(&b);
	store_sessions_free(ss, n);
	return rc;
}
