/* Emitting into the report body through the templates: headings,
 * paragraphs, tables, figures, the per-device and per-suite frames the
 * sections share, and the list of configurations that did not run. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "traits.h"
#include "vocab.h"

int frag_put(const struct rctx *x, struct rbuf *out, const char *name,
	     const struct kv *vars, size_t n)
{
	char *t = tmpl_fragment(x->frags, name);
	int rc;

	if (!t) {
		fprintf(stderr, "mmreport: template fragment '%s' is missing "
			"from fragments.tex\n", name);
		return -1;
	}
	rc = tmpl_fill(out, t, vars, n);
	free(t);
	return rc;
}

int emit_string(struct rctx *x, struct rbuf *b, const char *key,
		const struct kv *vars, size_t n)
{
	return tmpl_fill(b, lang_get(x->L, key), vars, n);
}

void emit_heading(struct rctx *x, int level, const char *latex)
{
	static const char *const frag[] = {"section", "subsection",
					   "subsubsection"};
	struct kv v = {"TITLE", latex};

	frag_put(x, &x->body, frag[level < 0 ? 0 : level > 2 ? 2 : level],
		 &v, 1);
}

void emit_par(struct rctx *x, const char *latex)
{
	struct kv v = {"TEXT", latex};

	frag_put(x, &x->body, "paragraph", &v, 1);
}

/* The anchor is a LaTeX comment: anything but plain printable ASCII
 * (a line break above all) would end it and leak into the document. */
static void anchor_clean(const char *a, struct rbuf *b)
{
	for (; a && *a; a++)
		rbuf_putc(b, (*a >= 0x20 && *a < 0x7f && *a != '\\' &&
			      *a != '%') ? *a : '?');
}

int emit_table(struct rctx *x, struct rtable *t, const char *caption,
	       const char *anchor, const char *note)
{
	struct rbuf spec, anc, nb;
	int i, wide = 0, rc;

	rbuf_init(&spec);
	rbuf_init(&anc);
	rbuf_init(&nb);
	rtable_colspec(t, &spec);
	anchor_clean(anchor, &anc);
	if (note && *note)
		frag_put(x, &nb, "tablenote", &(struct kv){"TEXT", note}, 1);
	for (i = 0; i < t->ncols; i++)
		wide |= t->kind[i] == 'X';
	/* a table longer than a page breaks across pages (one of
	 * wrapping columns only where it asks to: xltabular) */
	rc = frag_put(x, &x->body, wide ? (t->breaks ? "longtablex" :
		      "tablex") : t->breaks || t->rows > RTABLE_PAGE_ROWS ?
		      "longtable" : "table",
		      (struct kv[]){
		{"ANCHOR", rbuf_str(&anc)}, {"CAPTION", caption},
		{"COLSPEC", rbuf_str(&spec)}, {"HEAD", rbuf_str(&t->head)},
		{"BODY", rbuf_str(&t->body)}, {"NOTE", rbuf_str(&nb)}}, 6);
	rbuf_free(&spec);
	rbuf_free(&anc);
	rbuf_free(&nb);
	return rc;
}

int emit_figure(struct rctx *x, int k, const char *caption)
{
	struct rbuf pic;
	char anc[32];
	int rc;

	if (k <= 0)
		return 0;
	rbuf_init(&pic);
	plot_ref(x, &pic, k);
	snprintf(anc, sizeof(anc), "fig-%03d", k);
	rc = frag_put(x, &x->body, "figure", (struct kv[]){{"ANCHOR", anc},
		      {"PICTURE", rbuf_str(&pic)}, {"CAPTION", caption}}, 3);
	rbuf_free(&pic);
	return rc;
}

int emit_dev_figure(struct rctx *x, int dev, int k, const char *key)
{
	struct rbuf cap, dl;
	int rc;

	if (k <= 0)
		return 0;
	rbuf_init(&cap);
	rbuf_init(&dl);
	dev_suffix(x, dev, &dl);
	rc = emit_string(x, &cap, key, &(struct kv){"DEV", rbuf_str(&dl)}, 1);
	if (!rc)
		rc = emit_figure(x, k, rbuf_str(&cap));
	rbuf_free(&cap);
	rbuf_free(&dl);
	return rc;
}

/* What a failed or skipped configuration was: its variant and the
 * parameters that tell it from its neighbours in the suite. */
static void problem_what(const struct rctx *x, const struct rcfg *r,
			 struct rbuf *what)
{
	const struct store_config *c = r->c;
	const struct suite_desc *sd = suite_find(c->suite);

	mem_variant(what, c->variant);
	if (c->m > 0 && c->k > 0 && (c->m != c->n || c->k != c->n)) {
		/* a rectangular product: its shape m x k x n */
		struct rsize sz = {c->m, c->k, c->n};

		rbuf_puts(what, ", ");
		size_label(&sz, what);
	} else if (c->count > 0 && strcmp(c->suite, VOCAB_SUITE_TRANSPOSE)) {
		/* a transpose's count is its n x n elements: the edge says
		 * more */
		rbuf_printf(what, ", \\(N = \\num{%lld}\\)",
			    (long long)c->count);
	} else {
		rbuf_printf(what, ", \\(n = %d\\)", c->n);
	}
	if (c->block_x > 0) {	/* "tile 128" says it is no block */
		rbuf_puts(what, ", ");
		if (!block_is_tile(x, r))
			rbuf_printf(what, "%s ", lang_get(x->L, "word.block"));
		block_tile_label(x, r, what);
	}
	if (c->ilp > 1)
		rbuf_printf(what, ", ILP %d", c->ilp);
	/* the swept parameter: coalesce's stride or offset, or as the
	 * suite names it (suite_defs' param: bank's stride, the walkers'
	 * steps); the precision where the suite's configurations differ in
	 * it (the dot product's two failures at one N) */
	if (!strcmp(c->suite, VOCAB_SUITE_COALESCE) &&
	    (!strcmp(c->variant, VOCAB_VARIANT_OFFSET) ||
	     !strcmp(c->variant, VOCAB_VARIANT_STRIDE)))
		rbuf_printf(what, ", %s %d", lang_get(x->L,
			    !strcmp(c->variant, VOCAB_VARIANT_OFFSET) ?
			    "word.offset" : "word.stride"), c->param);
	else if (sd && sd->param)
		rbuf_printf(what, ", %s %d", lang_get(x->L, sd->param),
			    c->param);
	if (sd && sd->fp && c->precision && *c->precision) {
		rbuf_puts(what, ", ");
		rbuf_put_tex(what, c->precision, 0);
	}
	if (c->host_mem && *c->host_mem) {
		rbuf_puts(what, ", ");
		rbuf_put_tex(what, c->host_mem, 0);
	}
}

/* Appends to items the list item (fragment "item") of the string key
 * filled with vars. Returns 1 when it did. */
static int item_add(struct rctx *x, struct rbuf *items, const char *key,
		    const struct kv *vars, size_t n)
{
	struct rbuf s;
	int rc;

	rbuf_init(&s);
	rc = !emit_string(x, &s, key, vars, n) && !frag_put(x, items, "item",
		&(struct kv){"TEXT", rbuf_str(&s)}, 1);
	rbuf_free(&s);
	return rc;
}

/* C within this relative error of A^T B or A B^T: an input read
 * transposed (a right product is within the verification's 1e-4). */
#define PROBLEM_TRANS_TOL 1e-3

/* The stored diag_* value metric of a failed product; NAN none. */
static double diag_get(const struct rcfg *r, const char *metric)
{
	for (size_t i = 0; i < r->nstats; i++)
		if (!strcmp(r->stats[i].metric, metric))
			return r->stats[i].s.median;
	return NAN;
}

void problem_diag(struct rctx *x, const struct rcfg *r, struct rbuf *out)
{
	double wrong = diag_get(r, VOCAB_METRIC_DIAG_WRONG);
	double edge = diag_get(r, VOCAB_METRIC_DIAG_WRONG_EDGE);
	double got = diag_get(r, VOCAB_METRIC_DIAG_GOT);
	char num[48];
	struct fv v;

	if (!(wrong > 0))
		return;
	fv_init(&v);
	rbuf_printf(fv_put(&v, "WRONG"), "\\num{%.0f}", wrong);
	rbuf_printf(fv_put(&v, "CELLS"), "\\num{%.0f}",
		    diag_get(r, VOCAB_METRIC_DIAG_CELLS));
	snprintf(num, sizeof(num), "\\num{%.0f}", edge);
	if (diag_get(r, VOCAB_METRIC_DIAG_EDGE_CELLS) > 0 && edge == wrong)
		fv_str(&v, "WHERE", lang_get(x->L, "problem.diag.edge_only"));
	else
		tmpl_fill(fv_put(&v, "WHERE"), edge > 0 ? lang_get(x->L,
			  "problem.diag.edge_some") : "", &(struct kv){"EDGE",
			  num}, 1);
	rbuf_printf(fv_put(&v, "ROW"), "%.0f",
		    diag_get(r, VOCAB_METRIC_DIAG_ROW));
	rbuf_printf(fv_put(&v, "COL"), "%.0f",
		    diag_get(r, VOCAB_METRIC_DIAG_COL));
	if (isfinite(got))
		find_num(fv_put(&v, "GOT"), got, 4);
	else
		fv_str(&v, "GOT", lang_get(x->L, "problem.diag.nan"));
	find_num(fv_put(&v, "WANT"), diag_get(r, VOCAB_METRIC_DIAG_WANT), 4);
	/* an input read transposed: C within the tolerance of A^T B or
	 * A B^T */
	fv_str(&v, "TRANS", diag_get(r, VOCAB_METRIC_DIAG_REL_AT) <
	       PROBLEM_TRANS_TOL ? lang_get(x->L, "problem.diag.at") :
	       diag_get(r, VOCAB_METRIC_DIAG_REL_BT) < PROBLEM_TRANS_TOL ?
	       lang_get(x->L, "problem.diag.bt") : "");
	/* measure's reasons end without a full stop: the diagnosis is a
	 * sentence of its own */
	if (out->len && !strchr(".!?", rbuf_str(out)[out->len - 1]))
		rbuf_putc(out, '.');
	rbuf_putc(out, ' ');
	fv_emit(x, out, "problem.diag", &v);
	fv_free(&v);
}

void problems_list(struct rctx *x, int dev, const char *suite,
		   const char *variant)
{
	struct rbuf items, what, why;
	size_t i;

	rbuf_init(&items);
	rbuf_init(&what);
	rbuf_init(&why);
	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];
		const struct store_config *c = r->c;

		if (r->dev != dev || strcmp(c->suite, suite) ||
		    (variant && strcmp(c->variant, variant)) || rcfg_ok(r))
			continue;
		/* its status, the reason the store gives and, for a wrong
		 * product, where it is wrong */
		rbuf_free(&what);
		rbuf_free(&why);
		problem_what(x, r, &what);
		rbuf_put_tex(&why, c->reason && *c->reason ? c->reason : "--",
			     0);
		problem_diag(x, r, &why);
		item_add(x, &items, "problem.item", (struct kv[]){{"WHAT",
			 rbuf_str(&what)}, {"STATUS", lang_get(x->L,
			 cell_status_key(r))}, {"REASON", rbuf_str(&why)}}, 3);
	}
	if (items.len) {
		struct kv lv = {"ITEMS", rbuf_str(&items)};

		emit_par(x, lang_get(x->L, "problem.intro"));
		frag_put(x, &x->body, "list", &lv, 1);
	}
	rbuf_free(&items);
	rbuf_free(&what);
	rbuf_free(&why);
}

void find_init(struct rfind *f)
{
	rbuf_init(&f->items);
	f->n = 0;
}

void find_free(struct rfind *f)
{
	if (!f)
		return;
	rbuf_free(&f->items);
	f->n = 0;
}

void find_add(struct rctx *x, struct rfind *f, const char *key,
	      const struct kv *vars, size_t n)
{
	f->n += item_add(x, &f->items, key, vars, n);
}

/* The command that reruns failed configuration r alone under
 * compute-sanitizer (measure's options, as measure prints it for a
 * fault), into b; FILE.cu stands for an own kernel's file, which the
 * database does not name. */
static void fail_command(const struct rcfg *r, struct rbuf *b)
{
	const struct store_config *c = r->c;

	rbuf_puts(b, "compute-sanitizer --tool memcheck mmreport measure "
		  "--db sanitize.db");
	if (!store_kernel_legacy(c->variant, NULL, NULL))
		rbuf_puts(b, " --kernel FILE.cu");
	rbuf_printf(b, " --suite %s --variants %s", c->suite, c->variant);
	if (c->m > 0 && (c->m != c->n || c->k != c->n))
		rbuf_printf(b, " --sizes %dx%dx%d", c->m, c->k, c->n);
	else if (c->n > 0)
		rbuf_printf(b, " --sizes %d", c->n);
	else
		rbuf_printf(b, " --sizes %lld", (long long)c->count);
	if (c->block_x > 0)
		rbuf_printf(b, " --blocks %d", c->block_x);
	if (c->ilp > 1)
		rbuf_printf(b, " --ilp %d", c->ilp);
	if (c->precision && !strcmp(c->precision, "fp64"))
		rbuf_puts(b, " --precision double");
	rbuf_puts(b, " --repeat 1 --warmup 1 --launch-timeout 0");
}

/* The finding of r, the first of nfail configurations of its kernel
 * that failed alike on its device, with the device prefix pre, into
 * out (a "\\item"). */
static void find_failure(struct rctx *x, struct rbuf *out,
			 const struct rcfg *r, int nfail, const char *pre)
{
	int fault = !strcmp(cell_status_key(r), "cell.fault");
	char num[32];
	struct rbuf *reason, what;
	struct fv v;

	fv_init(&v);
	fv_str(&v, "DEV", pre);
	rbuf_put_tex(fv_put(&v, "KERNEL"), r->c->variant, 0);
	/* the configuration's keys after its kernel's name */
	rbuf_init(&what);
	problem_what(x, r, &what);
	rbuf_puts(fv_put(&v, "WHAT"), strstr(rbuf_str(&what), ", ") ?
		  strstr(rbuf_str(&what), ", ") + 2 : "");
	rbuf_free(&what);
	snprintf(num, sizeof(num), "%d", nfail);
	if (nfail > 1)
		emit_string(x, fv_put(&v, "MORE"), "find.fail.all",
			    &(struct kv){"N", num}, 1);
	else
		fv_put(&v, "MORE");
	reason = fv_put(&v, "REASON");
	/* a fault's reason after measure's "the kernel faulted: " */
	rbuf_put_tex(reason, !r->c->reason ? "--" : fault &&
		     strstr(r->c->reason, ": ") ? strstr(r->c->reason, ": ")
		     + 2 : r->c->reason, 1);
	if (!fault) {
		problem_diag(x, r, reason);
		/* a sentence of its own: measure's reason ends without one */
		if (reason->len && rbuf_str(reason)[reason->len - 1] != '.')
			rbuf_putc(reason, '.');
	}
	/* escaped: "--" in LaTeX's typewriter font is an en dash, which a
	 * reader copying the command would get */
	rbuf_init(&what);
	fail_command(r, &what);
	rbuf_put_tex(fv_put(&v, "CMD"), rbuf_str(&what), 1);
	rbuf_free(&what);
	item_add(x, out, fault ? "find.fault" : "find.wrong", fv_kv(&v), v.n);
	fv_free(&v);
}

/* The first configuration of r's kernel in suite that failed as r did
 * on device dev, and how many did (*n); NULL none. */
static const struct rcfg *failure_first(const struct rctx *x,
					const char *suite,
					const struct rcfg *r, int dev, int *n)
{
	const struct rcfg *first = NULL;
	size_t j;

	*n = 0;
	for (j = 0; j < x->ncfgs; j++) {
		const struct rcfg *o = &x->cfgs[j];

		if (o->dev != dev || strcmp(o->c->suite, suite) ||
		    strcmp(o->c->variant, r->c->variant) || rcfg_ok(o) ||
		    strcmp(cell_status_key(o), cell_status_key(r)))
			continue;
		if (!first)
			first = o;
		(*n)++;
	}
	return first;
}

/* The findings that come first in suite's section: per kernel of ours
 * that failed, its first fault and its first wrong result, each with
 * the count of its kind; once where every reported device says the
 * same of it, else per device with its prefix. */
static void find_failures(struct rctx *x, const char *suite,
			  struct rbuf *items)
{
	struct rbuf one, other;
	char pre[64];
	size_t i, d;
	int n, m, same;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i], *o;

		if (strcmp(r->c->suite, suite) || rcfg_ok(r) ||
		    !strcmp(cell_status_key(r), "cell.skipped") ||
		    (rcfg_traits(x, r) & KTRAIT_LIBRARY))
			continue;
		/* told with the first of the first device that failed
		 * alike (r's own at the latest) */
		for (d = 0; !(o = failure_first(x, suite, r, (int)d, &n)); d++)
			;
		if (o != r)
			continue;
		rbuf_init(&one);
		find_failure(x, &one, r, n, "");
		/* once where every device says the same of it (one device:
		 * its prefix is empty) */
		for (same = 1, d = 0; d < x->ndevs && same; d++) {
			o = failure_first(x, suite, r, (int)d, &m);
			rbuf_init(&other);
			if (o)
				find_failure(x, &other, o, m, "");
			same = o && !strcmp(rbuf_str(&one), rbuf_str(&other));
			rbuf_free(&other);
		}
		if (same)
			rbuf_puts(items, rbuf_str(&one));
		for (d = 0; d < x->ndevs && !same; d++) {
			o = failure_first(x, suite, r, (int)d, &m);
			if (!o)
				continue;
			dev_prefix(x, (int)d, pre, sizeof(pre));
			find_failure(x, items, o, m, pre);
		}
		rbuf_free(&one);
	}
}

int find_emit(struct rctx *x, struct rfind *f)
{
	struct rbuf items;
	int n = f->n, rc;

	if (frag_put(x, &x->body, "findings", &(struct kv){"TITLE",
			  lang_get(x->L, "find.title")}, 1))
		return -1;
	rbuf_init(&items);
	if (x->suite)
		find_failures(x, x->suite, &items);
	x->suite = NULL;	/* once per section */
	n += items.len > 0;
	rbuf_puts(&items, rbuf_str(&f->items));
	if (!n)
		emit_par(x, lang_get(x->L, "find.none"));
	rc = n ? frag_put(x, &x->body, "list", &(struct kv){"ITEMS",
			       rbuf_str(&items)}, 1) : 0;
	rbuf_free(&items);
	return rc;
}

void find_num(struct rbuf *b, double v, int sig)
{
	char num[64];

	if (!isfinite(v)) {
		rbuf_puts(b, "--");
		return;
	}
	render_sig_format(v, sig, num, sizeof(num));
	rbuf_printf(b, "\\num{%s}", num);
}

void find_pct(struct rbuf *b, double v, int sig)
{
	find_num(b, v, sig);
	if (isfinite(v))
		rbuf_puts(b, "\\,\\%");
}

void find_effect(const struct rctx *x, struct rbuf *b,
		 const struct rcmp *r, int invert)
{
	double est = r->hl, lo = r->hl_lo, hi = r->hl_hi, t;
	struct fv v;
	int sig;

	if (!isfinite(est)) {
		find_num(b, invert ? 1 / r->ratio : r->ratio, 3);
		return;
	}
	if (invert) {
		t = 1 / lo;
		lo = 1 / hi;
		hi = t;
		est = 1 / est;
	}
	if (!isfinite(lo) || !isfinite(hi)) {
		find_num(b, est, 3);
		return;
	}
	/* a narrow interval in as many figures (up to 5) as tell its ends
	 * apart; one still too narrow for that is left out */
	fv_init(&v);
	for (sig = 3; sig <= 5; sig++) {
		fv_num(&v, "LO", lo, sig);
		fv_num(&v, "HI", hi, sig);
		fv_kv(&v);
		if (strcmp(v.kv[0].val, v.kv[1].val))
			break;
	}
	if (sig > 5) {
		find_num(b, est, 3);
	} else {
		fv_num(&v, "EST", est, sig);
		fv_emit((struct rctx *)x, b, "find.effect", &v);
	}
	fv_free(&v);
}

void find_devs(const struct rctx *x, struct rbuf *b, const double *v,
	       int n, int sig)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i)
			rbuf_puts(b, lang_get(x->L, "find.devs.sep"));
		find_num(b, v[i], sig);
	}
}
