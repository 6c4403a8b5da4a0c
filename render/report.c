/* render_report: options, the document skeleton, and the helpers every
 * section uses to emit headings, paragraphs, tables and figures through
 * the templates. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render_int.h"

static const char *const section_names[] = {"method", "device", "versions",
	"transfer", "ilp", "summary", "cross"};
#define NSECTIONS (sizeof(section_names) / sizeof(section_names[0]))

void render_options_init(struct render_options *o)
{
	memset(o, 0, sizeof(*o));
	o->db_path = "mmreport.db";
	o->lang = "en";
}

int emit_fragment(struct rctx *x, const char *name, const struct kv *vars,
		  size_t n)
{
	char *t = tmpl_fragment(x->frags, name);
	int rc;

	if (!t) {
		fprintf(stderr, "mmreport: template fragment '%s' is missing "
			"from fragments.tex\n", name);
		return -1;
	}
	rc = tmpl_fill(&x->body, t, vars, n);
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

	emit_fragment(x, frag[level < 0 ? 0 : level > 2 ? 2 : level], &v, 1);
}

void emit_par(struct rctx *x, const char *latex)
{
	struct kv v = {"TEXT", latex};

	emit_fragment(x, "paragraph", &v, 1);
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
	struct kv v[6];
	int i, wide = 0, rc;

	rbuf_init(&spec);
	rbuf_init(&anc);
	rbuf_init(&nb);
	rtable_colspec(t, &spec);
	anchor_clean(anchor, &anc);
	if (note && *note) {
		char *f = tmpl_fragment(x->frags, "tablenote");
		struct kv nv = {"TEXT", note};

		if (f)
			tmpl_fill(&nb, f, &nv, 1);
		free(f);
	}
	for (i = 0; i < t->ncols; i++)
		wide |= t->kind[i] == 'X';
	v[0] = (struct kv){"ANCHOR", rbuf_str(&anc)};
	v[1] = (struct kv){"CAPTION", caption};
	v[2] = (struct kv){"COLSPEC", rbuf_str(&spec)};
	v[3] = (struct kv){"HEAD", rbuf_str(&t->head)};
	v[4] = (struct kv){"BODY", rbuf_str(&t->body)};
	v[5] = (struct kv){"NOTE", rbuf_str(&nb)};
	rc = emit_fragment(x, wide ? "tablex" : "table", v, 6);
	rbuf_free(&spec);
	rbuf_free(&anc);
	rbuf_free(&nb);
	return rc;
}

int emit_figure(struct rctx *x, int k, const char *caption)
{
	struct rbuf pic;
	struct kv v[3];
	char anc[32];
	int rc;

	if (k <= 0)
		return 0;
	rbuf_init(&pic);
	plot_ref(x, &pic, k);
	snprintf(anc, sizeof(anc), "fig-%03d", k);
	v[0] = (struct kv){"ANCHOR", anc};
	v[1] = (struct kv){"PICTURE", rbuf_str(&pic)};
	v[2] = (struct kv){"CAPTION", caption};
	rc = emit_fragment(x, "figure", v, 3);
	rbuf_free(&pic);
	return rc;
}

void dev_label(const struct rctx *x, int dev, struct rbuf *b)
{
	if (x->ndevs > 1) {
		rbuf_printf(b, "GPU~%d: ", dev + 1);
	}
	rbuf_put_tex(b, x->devs[dev]->name, 0);
}

void emit_dev_heading(struct rctx *x, int level, int dev)
{
	struct rbuf h;

	if (x->ndevs < 2)
		return;
	rbuf_init(&h);
	dev_label(x, dev, &h);
	emit_heading(x, level, rbuf_str(&h));
	rbuf_free(&h);
}

int emit_suite_section(struct rctx *x, const char *suite,
		       int (*part)(struct rctx *x, int dev))
{
	char key[64];
	size_t d;
	int rc = 0;

	snprintf(key, sizeof(key), "%s.title", suite);
	emit_heading(x, 0, lang_get(x->L, key));
	if (!model_has_suite(x, -1, suite)) {
		snprintf(key, sizeof(key), "%s.absent", suite);
		emit_par(x, lang_get(x->L, key));
		return 0;
	}
	snprintf(key, sizeof(key), "%s.intro", suite);
	emit_par(x, lang_get(x->L, key));
	for (d = 0; d < x->ndevs && !rc; d++) {
		if (!model_has_suite(x, (int)d, suite))
			continue;
		emit_dev_heading(x, 1, (int)d);
		rc = part(x, (int)d);
	}
	return rc;
}

void dev_suffix(const struct rctx *x, int dev, struct rbuf *b)
{
	if (x->ndevs < 2)
		return;
	rbuf_puts(b, " (");
	dev_label(x, dev, b);
	rbuf_puts(b, ")");
}

void metric_name(const struct rctx *x, const char *metric, struct rbuf *b)
{
	char key[96];
	const char *t;

	snprintf(key, sizeof(key), "metric.%s", metric ? metric : "");
	t = lang_find(x->L, key);
	if (t)
		rbuf_puts(b, t);
	else
		rbuf_put_tex(b, metric, 0);
}

void unit_text(const char *unit, struct rbuf *b)
{
	rbuf_put_tex(b, unit, 0);
}

static int section_wanted(const char *list, const char *name)
{
	const char *p = list;
	size_t n = strlen(name);

	if (!list)
		return 1;
	do {
		size_t len = strcspn(p, ",");

		if (len == n && !strncmp(p, name, n))
			return 1;
		p += len;
	} while (*p++ == ',');
	return 0;
}

static int sections_valid(const char *list)
{
	const char *p = list;
	size_t i;

	do {
		size_t len = strcspn(p, ",");

		for (i = 0; i < NSECTIONS; i++)
			if (strlen(section_names[i]) == len &&
			    !strncmp(section_names[i], p, len))
				break;
		if (i == NSECTIONS) {
			fprintf(stderr, "mmreport: invalid --sections '%s': "
				"unknown section '%.*s' (use %s)\n", list,
				(int)len, p, "method,device,versions,"
				"transfer,ilp,summary,cross");
			return 0;
		}
		p += len;
	} while (*p++ == ',');
	return 1;
}

/* LaTeX reads the figures directory in \input{}: only plain path
 * characters are accepted, so the name needs no escaping. */
static int figures_dir_check(const char *dir)
{
	struct stat sb;
	const char *p;

	for (p = dir; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || strchr("._/+-", *p))) {
			fprintf(stderr, "mmreport: invalid --figures '%s': "
				"use letters, digits and . _ / + - only, so "
				"that LaTeX can \\input the files\n", dir);
			return RENDER_ERR_USAGE;
		}
	if (!*dir) {
		fprintf(stderr, "mmreport: empty --figures directory\n");
		return RENDER_ERR_USAGE;
	}
	if (stat(dir, &sb)) {
		fprintf(stderr, "mmreport: cannot use figures directory '%s': "
			"%s\n", dir, strerror(errno));
		return RENDER_ERR_IO;
	}
	if (!S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "mmreport: cannot use figures directory '%s': "
			"not a directory\n", dir);
		return RENDER_ERR_IO;
	}
	return RENDER_OK;
}

/* Suites of the selected data; a default report leaves out the sections
 * of suites it has no data for, and says so in the method section. */
static int suite_present(const struct rctx *x, const char *section)
{
	if (!strcmp(section, "versions"))
		return model_has_suite(x, -1, "versions");
	if (!strcmp(section, "transfer"))
		return model_has_suite(x, -1, "transfer");
	if (!strcmp(section, "ilp"))
		return model_has_suite(x, -1, "ilp");
	if (!strcmp(section, "cross"))
		return x->ndevs > 1;
	return 1;
}

int render_report(const struct render_options *o, FILE *out)
{
	struct rctx x;
	struct rbuf doc, title;
	char *skel = NULL;
	struct kv v[5];
	size_t i;
	int rc;

	memset(&x, 0, sizeof(x));
	rbuf_init(&doc);
	rbuf_init(&title);
	x.o = o;
	if (o->lang && strcmp(o->lang, "en") && strcmp(o->lang, "pl") &&
	    strcmp(o->lang, "de")) {
		fprintf(stderr, "mmreport: invalid --lang '%s': use en, pl or "
			"de\n", o->lang);
		return RENDER_ERR_USAGE;
	}
	if (o->sections && !sections_valid(o->sections))
		return RENDER_ERR_USAGE;
	if (o->figures_dir) {
		rc = figures_dir_check(o->figures_dir);
		if (rc)
			return rc;
	}
	rc = RENDER_ERR_IO;
	x.L = lang_load(o->lang, o->templates_dir);
	x.frags = tmpl_load(o->templates_dir, "fragments.tex");
	skel = tmpl_load(o->templates_dir, "report.tex");
	if (!x.L || !x.frags || !skel)
		goto out;
	rc = model_load(&x);
	if (rc)
		goto out;

	for (i = 0; i < NSECTIONS; i++) {
		const char *s = section_names[i];
		int r = 0;

		if (!section_wanted(o->sections, s))
			continue;
		if (!o->sections && !suite_present(&x, s))
			continue;
		if (!strcmp(s, "method"))
			r = sec_method(&x);
		else if (!strcmp(s, "device"))
			r = sec_device(&x);
		else if (!strcmp(s, "versions"))
			r = sec_versions(&x);
		else if (!strcmp(s, "transfer"))
			r = sec_transfer(&x);
		else if (!strcmp(s, "ilp"))
			r = sec_ilp(&x);
		else if (!strcmp(s, "summary"))
			r = sec_summary(&x);
		else if (!strcmp(s, "cross"))
			r = sec_cross(&x);
		if (r) {
			rc = r > 0 ? r : RENDER_ERR_IO;
			goto out;
		}
	}
	rc = RENDER_ERR_IO;
	if (sec_title(&x, &title))
		goto out;
	if (x.body.oom || title.oom) {
		fprintf(stderr, "mmreport: out of memory\n");
		goto out;
	}
	v[0] = (struct kv){"BABEL", lang_get(x.L, "latex.babel")};
	v[1] = (struct kv){"DECIMAL", lang_get(x.L, "latex.decimal")};
	v[2] = (struct kv){"TITLEPAGE", rbuf_str(&title)};
	v[3] = (struct kv){"BODY", rbuf_str(&x.body)};
	if (tmpl_fill(&doc, skel, v, 4))
		goto out;
	if (doc.oom) {
		fprintf(stderr, "mmreport: out of memory\n");
		goto out;
	}
	rc = plot_finish(&x, rbuf_str(&doc), out);
out:
	rbuf_free(&doc);
	rbuf_free(&title);
	rbuf_free(&x.body);
	plot_cleanup(&x);
	plot_free(&x.plot);
	model_free(&x);
	lang_free(x.L);
	free(x.frags);
	free(skel);
	return rc;
}

void block_label(int bx, int by, struct rbuf *b)
{
	if (by > 1)
		rbuf_printf(b, "%d\\(\\times\\)%d", bx, by);
	else
		rbuf_printf(b, "%d", bx);
}

int cell_status(const struct rctx *x, struct rtable *t, const struct rcfg *c)
{
	if (!c) {
		rtable_text(t, "--");
		return 1;
	}
	if (rcfg_ok(c))
		return 0;
	if (c->c->status && !strcmp(c->c->status, "failed"))
		rtable_text(t, lang_get(x->L, "cell.failed"));
	else
		rtable_text(t, lang_get(x->L, "cell.skipped"));
	return 1;
}

void sample_range(const struct rctx *x, int dev, const char *suite,
		  const char *variant, const char *metric, struct rbuf *b)
{
	size_t i, lo = 0, hi = 0;
	int any = 0;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];
		const struct store_stat *s;

		if ((dev >= 0 && r->dev != dev) || strcmp(r->c->suite, suite)
		    || (variant && strcmp(r->c->variant, variant)))
			continue;
		s = rcfg_stat(r, metric);
		if (!s)
			continue;
		if (!any || s->s.n < lo)
			lo = s->s.n;
		if (!any || s->s.n > hi)
			hi = s->s.n;
		any = 1;
	}
	if (!any)
		rbuf_puts(b, "--");
	else if (lo == hi)
		rbuf_printf(b, "%zu", lo);
	else
		rbuf_printf(b, "%zu--%zu", lo, hi);
}

void problems_list(struct rctx *x, int dev, const char *suite,
		   const char *variant)
{
	struct rbuf items, what, one;
	struct kv v[3];
	size_t i;

	rbuf_init(&items);
	rbuf_init(&what);
	rbuf_init(&one);
	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];
		const struct store_config *c = r->c;
		char *f;

		if (r->dev != dev || strcmp(c->suite, suite) ||
		    (variant && strcmp(c->variant, variant)) || rcfg_ok(r))
			continue;
		rbuf_free(&what);
		rbuf_free(&one);
		rbuf_puts(&what, "\\texttt{");
		rbuf_put_tex(&what, c->variant, 0);
		rbuf_puts(&what, "}");
		if (c->count > 0)
			rbuf_printf(&what, ", \\(N = \\num{%lld}\\)",
				    (long long)c->count);
		else
			rbuf_printf(&what, ", \\(n = %d\\)", c->n);
		if (c->block_x > 0) {
			rbuf_printf(&what, ", %s ", lang_get(x->L, "word.block"));
			block_label(c->block_x, c->block_y, &what);
		}
		if (c->ilp > 1)
			rbuf_printf(&what, ", ILP %d", c->ilp);
		if (c->host_mem && *c->host_mem) {
			rbuf_puts(&what, ", ");
			rbuf_put_tex(&what, c->host_mem, 0);
		}
		rbuf_put_tex(&one, c->reason && *c->reason ? c->reason :
			     "--", 0);
		v[0] = (struct kv){"WHAT", rbuf_str(&what)};
		v[1] = (struct kv){"STATUS", lang_get(x->L,
			c->status && !strcmp(c->status, "failed") ?
			"cell.failed" : "cell.skipped")};
		v[2] = (struct kv){"REASON", rbuf_str(&one)};
		f = tmpl_fragment(x->frags, "item");
		if (f) {
			struct rbuf txt;
			struct kv iv;

			rbuf_init(&txt);
			tmpl_fill(&txt, lang_get(x->L, "problem.item"), v, 3);
			iv = (struct kv){"TEXT", rbuf_str(&txt)};
			tmpl_fill(&items, f, &iv, 1);
			rbuf_free(&txt);
			free(f);
		}
	}
	if (items.len) {
		struct kv lv = {"ITEMS", rbuf_str(&items)};

		emit_par(x, lang_get(x->L, "problem.intro"));
		emit_fragment(x, "list", &lv, 1);
	}
	rbuf_free(&items);
	rbuf_free(&what);
	rbuf_free(&one);
}
