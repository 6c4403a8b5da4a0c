/* Summary: the experiments' main figures on every reported GPU in one
 * table, a column per GPU, and a few findings. It reads the facts the
 * sections compute (facts_versions, facts_ilp, their model_compare
 * verdicts and effects) and decides nothing of its own: "best", "% of
 * peak" and every "faster" are theirs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* The facts of one reported device. */
struct sum_facts {
	struct versions_facts v;
	struct ilp_facts i;
	size_t k;		/* the finding being said (finds[]) */
};

/* The table's rows, in order; a finding names its placeholders by
 * them. */
enum {
	R_KERNEL, R_SIZE, R_BLOCK, R_GFLOPS, R_LIB, R_PCT_REF, R_PCT_PEAK,
	R_ILP, R_COUNT, R_GBS, R_PCT_MEM, R_MEMCPY, R_PCT_MEMCPY, R_N
};
static const struct {
	const char *name, *ph;	/* the string "sum.row.NAME"; placeholder */
	int sig;		/* significant figures; 0: a text */
} rows[R_N] = {
	{"kernel", "KERNEL", 0}, {"size", "SIZE", 0},
	{"block", "BLOCK", 0}, {"gflops", "GFLOPS", 4}, {"lib", "LIB", 4},
	{"pct_ref", "PCT_REF", 3}, {"pct_peak", "PCT_PEAK", 3},
	{"ilp", "ILP", 0}, {"count", "COUNT", 0}, {"gbs", "GBS", 4},
	{"pct_mem", "PCT_MEM", 3}, {"memcpy", "MEMCPY", 4},
	{"pct_memcpy", "PCT_MEMCPY", 3}
};

/* The number of row row of a device, NAN for a text row or where the
 * device lacks it. */
static double row_num(const struct sum_facts *s, int row)
{
	const struct ilp_facts *i = s->i.n > 0 ? &s->i : NULL;

	switch (row) {
	case R_GFLOPS: return rcfg_median(s->v.best, VOCAB_METRIC_GFLOPS);
	case R_LIB: return s->v.best_ref.a ? s->v.best_ref.cmp.a : NAN;
	case R_PCT_REF: return s->v.pct_ref;
	case R_PCT_PEAK: return s->v.pct_peak;
	case R_GBS: return i ? i->gbest : NAN;
	case R_PCT_MEM: return i ? i->pctbest : NAN;
	case R_MEMCPY: return i ? i->gmem : NAN;
	case R_PCT_MEMCPY: return i ? i->pctmem : NAN;
	}
	return NAN;
}

/* Row row of a device into b: a text, or a number (\num) with the
 * row's significant figures; nothing where the device lacks it. */
static void row_put(const struct rctx *x, const struct sum_facts *s,
		    int row, struct rbuf *b)
{
	const struct rcfg *c = s->v.best;
	const struct ilp_facts *i = s->i.n > 0 ? &s->i : NULL;
	struct rsize sz;

	if (rows[row].sig && isfinite(row_num(s, row))) {
		find_num(b, row_num(s, row), rows[row].sig);
	} else if (i && row == R_ILP) {
		rbuf_printf(b, "%d", i->best_ilp);
	} else if (i && row == R_COUNT) {
		rbuf_putc(b, '$');
		ilp_count_math(i->n, b);
		rbuf_putc(b, '$');
	} else if (c && row == R_KERNEL) {
		mem_variant(b, c->c->variant);
	} else if (c && row == R_SIZE) {
		sz = (struct rsize){c->c->m, c->c->k, c->c->n};
		size_label(&sz, b);
	} else if (c && row == R_BLOCK && c->c->block_x > 0) {
		block_tile_label(x, c, b);
	}
}

/* The one table: a row per figure any device has, a column per device
 * (as many as a table holds); its rows mix texts and numbers, so its
 * columns are text, the numbers in \num. */
static int sum_table(struct rctx *x, const struct sum_facts *s)
{
	char kinds[RTABLE_MAXCOLS + 1] = "l", key[64];
	size_t d, nd = x->ndevs < RTABLE_MAXCOLS ? x->ndevs :
		       RTABLE_MAXCOLS - 1;
	struct rtable t;
	struct rbuf cell[RTABLE_MAXCOLS], note;
	unsigned seen = 0;
	int r, has, any = 0, rc = 0;

	memset(kinds + 1, 'r', nd);	/* after "l", before its zeros */
	rtable_init(&t, kinds);
	rbufs_init(cell, nd);
	rbuf_init(&note);
	rtable_head(&t, "");
	for (d = 0; d < nd; d++) {
		rbuf_printf(&note, "{GPU~%zu}", d + 1);
		rtable_head(&t, rbuf_str(&note));
		rbuf_free(&note);
	}
	rtable_head_end(&t);
	for (r = 0; r < R_N; r++) {
		rbufs_free(cell, nd);
		for (d = 0, has = 0; d < nd; d++) {
			row_put(x, &s[d], r, &cell[d]);
			has |= cell[d].len > 0;
		}
		if (!has)
			continue;
		any = 1;
		snprintf(key, sizeof(key), "sum.row.%s", rows[r].name);
		rtable_text(&t, lang_get(x->L, key));
		for (d = 0; d < nd; d++) {
			/* the configuration a text row names: its marks go
			 * with it */
			const struct rcfg *c = r == R_KERNEL ? s[d].v.best :
				r == R_ILP && s[d].i.n > 0 ? ilp_find(x, (int)d,
				VOCAB_VARIANT_COPY_ILP, s[d].i.n,
				s[d].i.best_ilp) : NULL;

			regime_marks(x, rcfg_marks(x, c), &cell[d]);
			seen |= rcfg_marks(x, c);
			rtable_text(&t, cell[d].len ? rbuf_str(&cell[d]) :
				    "--");
		}
		rtable_row_end(&t);
	}
	rbuf_puts(&note, lang_get(x->L, "sum.note"));
	regime_note(x, seen, &note, NULL);
	if (any)
		rc = emit_table(x, &t, lang_get(x->L, "sum.caption"),
				"summary", rbuf_str(&note));
	rtable_free(&t);
	rbufs_free(cell, nd);
	rbuf_free(&note);
	return rc;
}

/* A finding: its string, the comparison whose verdict picks the string
 * "KEY.higher", ".lower", ".same", ".untested" (".alone" without it or
 * its numbers),
 * and the rows it states (-1 ends them); the first must be present. */
enum { CMP_NONE, CMP_LIB, CMP_ILP, CMP_MEMCPY };
static const struct {
	const char *key;
	int cmp;
	int row[6];
} finds[] = {
	{"sum.find.best", CMP_NONE,
	 {R_KERNEL, R_SIZE, R_BLOCK, R_GFLOPS, R_PCT_PEAK, -1}},
	{"sum.find.lib", CMP_LIB, {R_PCT_REF, -1}},
	{"sum.find.ilp", CMP_ILP, {R_GBS, R_ILP, R_COUNT, R_PCT_MEM, -1}},
	{"sum.find.memcpy", CMP_MEMCPY, {R_MEMCPY, R_PCT_MEMCPY, -1}},
};
#define NFINDS (sizeof(finds) / sizeof(finds[0]))

/* Finding s->f[0]->k of the devices s->f[0..s->n) into out, nothing
 * where the first lacks its first row (dvs_say: once for the devices
 * that state it alike, their numbers and effects joined). */
static int sum_say(struct rctx *x, const struct dvs *s, struct rbuf *out)
{
	static const char *const word[] = {"untested", "same", "higher",
					   "lower"};
	const struct sum_facts *f = s->f[0];
	const struct rcmp *r[PG_MAXD];
	double v[PG_MAXD];
	char key[64];
	struct rbuf *b;
	struct fv fv;
	int i, d, row, rc;

	row = finds[f->k].row[0];	/* a number, or the best's name */
	if (rows[row].sig ? !isfinite(row_num(f, row)) : !f->v.best)
		return 0;
	fv_init(&fv);
	for (i = 0; (row = finds[f->k].row[i]) >= 0; i++) {
		b = fv_put(&fv, rows[row].ph);
		for (d = 0; d < s->n; d++)
			v[d] = row_num(s->f[d], row);
		if (rows[row].sig)
			dvs_num(x, s, b, v, rows[row].sig, 0);
		else
			row_put(x, f, row, b);
	}
	for (d = 0; d < s->n; d++) {	/* NULL where a device has none */
		const struct sum_facts *g = s->f[d];

		r[d] = finds[f->k].cmp == CMP_LIB ? &g->v.best_ref.cmp :
		       finds[f->k].cmp == CMP_ILP ? &g->i.cmp :
		       finds[f->k].cmp == CMP_MEMCPY ? &g->i.cmpmem : NULL;
		if (r[d] && !(isfinite(r[d]->a) && isfinite(r[d]->b)))
			r[d] = NULL;
	}
	if (r[0])
		dvs_effect(x, s, fv_put(&fv, "EFF"), r,
			   r[0]->verdict == RULE_LOWER);
	/* the string by the comparison's verdict */
	snprintf(key, sizeof(key), "%s.%s", finds[f->k].key,
		 r[0] ? word[r[0]->verdict + 1] : "alone");
	rc = fv_emit(x, out, key, &fv);
	fv_free(&fv);
	return rc;
}

int sec_summary(struct rctx *x)
{
	struct sum_facts *s = calloc(x->ndevs ? x->ndevs : 1, sizeof(*s));
	const void *fp[PG_MAXD];
	int dev[PG_MAXD], d, n = 0, rc = 0;
	struct rfind f;
	size_t k;

	if (!s)
		return -1;
	for (d = 0; d < (int)x->ndevs && !rc; d++)
		if (facts_versions(x, d, &s[d].v) || facts_ilp(x, d, &s[d].i))
			rc = -1;
	for (d = 0; d < (int)x->ndevs && n < PG_MAXD; d++, n++) {
		fp[n] = &s[d];
		dev[n] = d;
	}
	emit_heading(x, 0, lang_get(x->L, "sum.title"));
	emit_par(x, lang_get(x->L, "sum.intro"));
	if (!rc)
		rc = sum_table(x, s);
	find_init(&f);
	for (k = 0; k < NFINDS && !rc; k++) {
		for (d = 0; d < n; d++)
			s[d].k = k;
		dvs_items(x, &f, "sum.find.text", fp, dev, n, sum_say, NULL);
	}
	if (!rc)
		rc = find_emit(x, &f);
	find_free(&f);
	free(s);
	return rc;
}
