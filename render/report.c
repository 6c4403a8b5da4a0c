/* render_report: options, the sections chosen, the document skeleton
 * around them. What the sections emit with is in emit.c and label.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render_int.h"
#include "vocab.h"

/* The suites' sections bear their suite's name; their appendices are
 * named SUITE-data. */
static int section_suite_present(const struct rctx *x, const char *name)
{
	char suite[32];

	snprintf(suite, sizeof(suite), "%.*s", (int)strcspn(name, "-"), name);
	return model_has_suite(x, -1, suite);
}

/* The summary ranks the variants of the kernel versions, the library,
 * the transfers and the copies: with none of them measured it would
 * only say that nothing was. */
static int section_summary_present(const struct rctx *x, const char *name)
{
	(void)name;
	return model_has_suite(x, -1, VOCAB_SUITE_VERSIONS) ||
	       model_has_suite(x, -1, VOCAB_SUITE_REFERENCE) ||
	       model_has_suite(x, -1, VOCAB_SUITE_TRANSFER) ||
	       model_has_suite(x, -1, VOCAB_SUITE_ILP);
}

/* Comparing GPUs takes two. */
static int section_cross_present(const struct rctx *x, const char *name)
{
	(void)name;
	return x->ndevs > 1;
}

/* The sections in document order: what --sections names and
 * render_report writes. A default report leaves out a section whose
 * present says the selected data has nothing for it (the introduction
 * says so); NULL: always written. The main body reads as a lab report
 * (introduction, one section per experiment ending with its findings,
 * conclusions); what a reader looks up rather than reads (every
 * statistic, the listings, the device's full parameters, the sessions)
 * follows in the appendices. */
static const struct section {
	const char *name;
	int (*write)(struct rctx *x);
	int (*present)(const struct rctx *x, const char *name);
	int appendix;
} sections[] = {
	{"intro", sec_intro, NULL, 0},
	{"versions", sec_versions, section_suite_present, 0},
	{"precision", sec_precision, section_suite_present, 0},
	{"rect", sec_rect, section_suite_present, 0},
	{"progression", sec_progression, section_suite_present, 0},
	{"transfer", sec_transfer, section_suite_present, 0},
	{"ilp", sec_ilp, section_suite_present, 0},
	{"transpose", sec_transpose, section_suite_present, 0},
	{"bank", sec_bank, section_suite_present, 0},
	{"coalesce", sec_coalesce, section_suite_present, 0},
	{"dot", sec_dot, section_suite_present, 0},
	{"walkers", sec_walkers, section_suite_present, 0},
	{"summary", sec_summary, section_summary_present, 0},
	{"cross", sec_cross, section_cross_present, 0},
	{"conclusions", sec_conclusions, NULL, 0},
	{"versions-data", app_versions, section_suite_present, 1},
	{"transfer-data", app_transfer, section_suite_present, 1},
	{"ilp-data", app_ilp, section_suite_present, 1},
	{"device", sec_device, NULL, 1},
	{"sessions", sec_sessions, NULL, 1},
};
#define NSECTIONS (sizeof(sections) / sizeof(sections[0]))

void render_options_init(struct render_options *o)
{
	memset(o, 0, sizeof(*o));
	o->db_path = "mmreport.db";
	o->lang = "en";
}

void render_sections_print(FILE *f)
{
	size_t i;

	for (i = 0; i < NSECTIONS; i++)
		fprintf(f, "%s%s", i ? "," : "", sections[i].name);
}

const char *render_sections_check(const char *list)
{
	const char *p = list;
	size_t i;

	do {
		size_t len = strcspn(p, ",");

		for (i = 0; i < NSECTIONS; i++)
			if (strlen(sections[i].name) == len &&
			    !strncmp(sections[i].name, p, len))
				break;
		if (i == NSECTIONS)
			return p;
		p += len;
	} while (*p++ == ',');
	return NULL;
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

int render_report(const struct render_options *o, FILE *out)
{
	struct rctx x;
	struct rbuf doc, title;
	const char *bad;
	char *skel = NULL;
	struct kv v[5];
	size_t i;
	int rc, appendix = 0;

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
	bad = o->sections ? render_sections_check(o->sections) : NULL;
	if (bad) {
		fprintf(stderr, "mmreport: invalid --sections '%s': unknown "
			"section '%.*s' (use ", o->sections,
			(int)strcspn(bad, ","), bad);
		render_sections_print(stderr);
		fputs(")\n", stderr);
		return RENDER_ERR_USAGE;
	}
	if (o->figures_dir) {
		rc = figures_dir_check(o->figures_dir);
		if (rc)
			return rc;
	}
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

	for (i = 0; i < NSECTIONS; i++) {
		const struct section *s = &sections[i];
		int r;

		if (!section_wanted(o->sections, s->name))
			continue;
		if (!o->sections && s->present && !s->present(&x, s->name))
			continue;
		if (s->appendix && !appendix) {
			rbuf_puts(&x.body, "\\appendix\n");
			appendix = 1;
		}
		r = s->write(&x);
		if (r) {
			rc = r > 0 ? r : x.store_failed ? x.store_failed
							 : RENDER_ERR_INTERNAL;
			goto out;
		}
	}
	/* A section may go on without what the store failed to give (a
	 * comparison without its test): the file is broken or busy all the
	 * same, and a report that quietly lacks it is no report. */
	if (x.store_failed) {
		rc = x.store_failed;
		goto out;
	}
	rc = RENDER_ERR_INTERNAL;
	if (sec_title(&x, &title))
		goto out;
	/* the last read is done: the snapshot held, or nothing is written */
	rc = model_read_end(&x);
	if (rc)
		goto out;
	rc = RENDER_ERR_INTERNAL;
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
	meta_free(&x.meta);
	lang_free(x.L);
	free(x.frags);
	free(skel);
	return rc;
}
