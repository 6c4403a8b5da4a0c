/* render_report: options, the sections chosen, the document skeleton
 * around them. What the sections emit with is in emit.c and label.c. */
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
