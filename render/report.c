/* render_report: options, the sections chosen, the document skeleton
 * around them. What the sections emit with is in emit.c and label.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render_int.h"
#include "vocab.h"

/* What a default report asks of the data before it writes a section:
 * nothing, its suite, what the summary ranks, two GPUs, --compare. */
enum { SP_ALWAYS, SP_SUITE, SP_SUMMARY, SP_CROSS, SP_COMPARE };

/* A section of the report (sections_get lists them). */
struct section {
	const char *name;
	int (*write)(struct rctx *x);
	int present;		/* SP_*: what a default report asks of the
				 * data (section_present) */
	int appendix;
	/* the suite of a part of the appendix "All measurements" (SUITE-data,
	 * app_data); NULL: write is the section */
	const char *data;
};

/* The suites' sections, by suite; their order in the report and whether
 * a suite has one (report 0: no sec_NAME) come from analysis/suites.h. */
#define SUITE_SEC(ID, NAME, report, ...) \
	[SUITE_##ID] = report ? sec_##NAME : NULL,
static int (*const suite_write[SUITE_N])(struct rctx *x) = {
	SUITE_LIST(SUITE_SEC)
};
#undef SUITE_SEC

static const struct section tail[] = {
	{"summary", sec_summary, SP_SUMMARY, 0, NULL},
	{"cross", sec_cross, SP_CROSS, 0, NULL},
	{"compare", sec_compare, SP_COMPARE, 0, NULL},
	{"conclusions", sec_conclusions, SP_ALWAYS, 0, NULL},
	{"references", sec_refs, SP_ALWAYS, 0, NULL},
	{"versions-code", app_versions, SP_SUITE, 1, NULL},
};
static const struct section tail_app[] = {
	{"device", sec_device, SP_ALWAYS, 1, NULL},
	{"sessions", sec_sessions, SP_ALWAYS, 1, NULL},
};
#define NTAIL (sizeof(tail) / sizeof(tail[0]))
#define NTAIL_APP (sizeof(tail_app) / sizeof(tail_app[0]))
#define NSECTIONS (1 + 2 * SUITE_N + NTAIL + NTAIL_APP)

/* The sections in document order: what --sections names and
 * render_report writes. A default report leaves out a section whose
 * present says the selected data has nothing for it (the introduction
 * says so; section_present). The main body reads as a lab report
 * (introduction, one section per experiment in suite_defs' report
 * order, ending with its findings, conclusions); what a reader looks
 * up rather than reads (every statistic, the listings, the device's
 * full parameters, the sessions) follows in the appendices. Built once;
 * *n is the count. */
static const struct section *sections_get(size_t *n)
{
	static struct section all[NSECTIONS];
	static char data[SUITE_N][32];
	static size_t count;
	size_t i;
	int place;

	if (!count) {
		all[count++] = (struct section){"intro", sec_intro,
						SP_ALWAYS, 0, NULL};
		for (place = 1; place <= SUITE_N; place++)
			for (i = 0; i < SUITE_N; i++)
				if (suite_defs[i].report == place &&
				    suite_write[i])
					all[count++] = (struct section){
						suite_defs[i].name,
						suite_write[i],
						SP_SUITE, 0, NULL};
		for (i = 0; i < NTAIL; i++)
			all[count++] = tail[i];
		for (i = 0; i < SUITE_N; i++) {
			snprintf(data[i], sizeof(data[i]), "%s-data",
				 suite_defs[i].name);
			all[count++] = (struct section){data[i], NULL,
				SP_SUITE, 1, suite_defs[i].name};
		}
		for (i = 0; i < NTAIL_APP; i++)
			all[count++] = tail_app[i];
	}
	*n = count;
	return all;
}

void render_options_init(struct render_options *o)
{
	memset(o, 0, sizeof(*o));
	o->db_path = "mmreport.db";
	o->lang = "en";
}

void render_sections_print(FILE *f)
{
	size_t i, n;
	const struct section *sections = sections_get(&n);

	for (i = 0; i < n; i++)
		fprintf(f, "%s%s", i ? "," : "", sections[i].name);
}

/* 1 when the comma list holds name. */
static int list_has(const char *list, const char *name)
{
	const char *p = list;
	size_t len = strlen(name);

	do {
		size_t n = strcspn(p, ",");

		if (n == len && !strncmp(p, name, len))
			return 1;
		p += n;
	} while (*p++ == ',');
	return 0;
}

const char *render_sections_check(const char *list)
{
	const char *p = list;
	size_t i, n;
	const struct section *sections = sections_get(&n);

	do {
		size_t len = strcspn(p, ",");

		for (i = 0; i < n && (strlen(sections[i].name) != len ||
				      strncmp(sections[i].name, p, len)); i++)
			;
		if (i == n)
			return p;
		p += len;
	} while (*p++ == ',');
	return NULL;
}

/* Whether the data has anything for section s (its present). */
static int section_present(const struct rctx *x, const struct section *s)
{
	/* the summary ranks the kernel versions against the library and
	 * the copies: with none of them measured it would only say that
	 * nothing was */
	static const char *const ranked[] = {VOCAB_SUITE_VERSIONS,
		VOCAB_SUITE_REFERENCE, VOCAB_SUITE_ILP};
	char suite[32];
	size_t i;

	switch (s->present) {
	case SP_SUITE:	/* the suite's name, before "-data", "-code" */
		snprintf(suite, sizeof(suite), "%.*s",
			 (int)strcspn(s->name, "-"), s->name);
		return model_has_suite(x, -1, suite);
	case SP_SUMMARY:
		for (i = 0; i < 3 && !model_has_suite(x, -1, ranked[i]); i++)
			;
		return i < 3;
	case SP_CROSS:
		return x->ndevs > 1;
	case SP_COMPARE:
		return x->o->compare[0] > 0;
	}
	return 1;
}

/* Whether section s goes into the report o asks for: named in
 * --sections, or (without --sections) present in the data. */
static int section_written(const struct rctx *x, const struct section *s)
{
	if (x->o->sections && !list_has(x->o->sections, s->name))
		return 0;
	return x->o->sections || section_present(x, s);
}

int report_section_written(const struct rctx *x, const char *name)
{
	size_t i, n;
	const struct section *sections = sections_get(&n);

	for (i = 0; i < n; i++)
		if (!strcmp(sections[i].name, name))
			return section_written(x, &sections[i]);
	return 0;
}

/* Drops from the text v the sentence or clause that holds ref (a
 * "\ref{label}"): from the end of the sentence before it (". "), or
 * from the ';' that opens its clause, or from the start of its line, up
 * to and
 * including the '.' that ends it (when it began a sentence) or up to
 * that '.' (a clause, whose sentence goes on outside v), or to the end.
 * "A. Appendix~\ref{x} gives more." becomes "A."; "; Appendix~\ref{x}
 * gives every size" becomes "". v only shrinks. */
static void sentence_drop(char *v, char *ref)
{
	char *start = ref, *end;
	int clause = 0;

	while (start > v && start[-1] != '\n') {
		if (start[-1] == ';') {
			start--;
			clause = 1;
			break;
		}
		if (start - v >= 2 && start[-1] == ' ' && start[-2] == '.')
			break;
		start--;
	}
	if (start > v && *start != ';' && start[-1] == ' ')
		start--;	/* the space after the previous sentence */
	/* after the reference: a clause ends before the next mark of
	 * punctuation, a sentence at its full stop */
	end = strchr(ref, '}') ? strchr(ref, '}') + 1 : ref;
	if (clause)
		end += strcspn(end, ";.:)}");
	while (!clause && *end && !(*end == '.' && strchr(" \n\\}",
								   end[1])))
		end++;
	if (*end == '.' && !clause)
		end++;
	memmove(start, end, strlen(end) + 1);
}

/* A --sections subset, or a table a section no longer writes, must not
 * leave "Appendix ??": each sentence of the body that refers to a label
 * the body does not hold is dropped. */
static void refs_dangling_drop(struct rbuf *body)
{
	char want[128], *p = body->p, *end;

	while (p && (p = strstr(p, "\\ref{"))) {
		end = strchr(p, '}');
		snprintf(want, sizeof(want), "\\label{%.*s}", end ? (int)(end -
			 p - 5) : 0, p + 5);
		if (!end || end - p > 100 || strstr(body->p, want)) {
			p += 5;
			continue;
		}
		sentence_drop(body->p, p);
		body->len = strlen(body->p);
		p = body->p;
	}
}

/* LaTeX reads the figures directory in \input{}: only plain path
 * characters are accepted, so the name needs no escaping. */
static int figures_dir_check(const char *dir)
{
	struct stat sb;

	if (dir[strspn(dir, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789._/+-")]) {
		fprintf(stderr, "mmreport: invalid --figures '%s': use "
			"letters, digits and . _ / + - only, so that LaTeX can "
			"\\input the files\n", dir);
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

/* The options render refuses before it reads anything: --lang,
 * --sections and --figures. */
static int render_options_check(const struct render_options *o)
{
	const char *bad;

	if (o->lang && strcmp(o->lang, "en") && strcmp(o->lang, "pl") &&
	    strcmp(o->lang, "de")) {
		fprintf(stderr, "mmreport: invalid --lang '%s': use en, pl or "
			"de\n", o->lang);
		return RENDER_ERR_USAGE;
	}
	bad = o->sections ? render_sections_check(o->sections) : NULL;
	if (bad) {
		fprintf(stderr, "mmreport: invalid --sections '%s': unknown "
			"section '%.*s' (use ", o->sections,
			(int)strcspn(bad, ","), bad);
		render_sections_print(stderr);
		fputs(")\n", stderr);
		return RENDER_ERR_USAGE;
	}
	if (o->figures_dir)
		return figures_dir_check(o->figures_dir);
	return RENDER_OK;
}

/* Writes the selected sections into x->body, the appendix mark before
 * the first appendix. */
static int render_sections_write(struct rctx *x)
{
	const struct section *sections;
	size_t i, nsec;
	int appendix = 0;

	sections = sections_get(&nsec);
	for (i = 0; i < nsec; i++) {
		const struct section *s = &sections[i];
		int r;

		if (!section_written(x, s))
			continue;
		if (s->appendix && !appendix) {
			rbuf_puts(&x->body, "\\appendix\n");
			appendix = 1;
		}
		x->suite = s->present == SP_SUITE && !s->appendix ? s->name :
			   NULL;
		r = s->data ? app_data(x, s->data) : s->write(x);
		x->suite = NULL;
		if (r)
			return r > 0 ? r : x->store_failed ? x->store_failed
							   : RENDER_ERR_INTERNAL;
	}
	/* A section may go on without what the store failed to give (a
	 * comparison without its test): the file is broken or busy all the
	 * same, and a report that quietly lacks it is no report. */
	return x->store_failed;
}

/* Fills the skeleton with the title page and the body and writes it, the
 * figures drawn in, to out. */
static int render_doc_write(struct rctx *x, const char *skel, FILE *out)
{
	struct rbuf doc, title;
	int rc = RENDER_ERR_INTERNAL;

	rbuf_init(&doc);
	rbuf_init(&title);
	if (sec_title(x, &title))
		goto out;
	/* the last read is done: the snapshot held, or nothing is written */
	rc = model_read_end(x);
	if (rc)
		goto out;
	rc = RENDER_ERR_INTERNAL;
	if (tmpl_fill(&doc, skel, (struct kv[]){
		      {"BABEL", lang_get(x->L, "latex.babel")},
		      {"DECIMAL", lang_get(x->L, "latex.decimal")},
		      {"TITLEPAGE", rbuf_str(&title)},
		      {"BODY", rbuf_str(&x->body)}}, 4))
		goto out;
	if (doc.oom || x->body.oom || title.oom) {
		fprintf(stderr, "mmreport: out of memory\n");
		goto out;
	}
	rc = plot_finish(x, rbuf_str(&doc), out);
out:
	rbuf_free(&doc);
	rbuf_free(&title);
	return rc;
}

int render_report(const struct render_options *o, FILE *out)
{
	struct rctx x;
	char *skel = NULL;
	int rc;

	memset(&x, 0, sizeof(x));
	x.o = o;
	rc = render_options_check(o);
	if (rc)
		return rc;
	rc = RENDER_ERR_INTERNAL;
	x.L = lang_load(o->lang, o->templates_dir);
	x.frags = tmpl_load(o->templates_dir, "fragments.tex");
	skel = tmpl_load(o->templates_dir, "report.tex");
	if (!x.L || !x.frags || !skel)
		goto out;
	rc = meta_load(o, &x.meta);
	if (rc)
		goto out;
	rc = model_load(&x);
	if (rc)
		goto out;
	rc = render_sections_write(&x);
	if (rc)
		goto out;
	refs_dangling_drop(&x.body);
	rc = render_doc_write(&x, skel, out);
out:
	rbuf_free(&x.body);
	plot_free(&x);
	model_free(&x);
	meta_free(&x.meta);
	lang_free(x.L);
	free(x.frags);
	free(skel);
	return rc;
}
