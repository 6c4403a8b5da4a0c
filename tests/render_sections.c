/* render --sections: a subset of the report refers to nothing it leaves
 * out. A reference to a section not written ("Appendix~\ref{app:device}"
 * without the device appendix) would print "Appendix ??"; the sentence
 * that holds it is dropped instead (issue 28, item 5). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "render_check.h"
#include "render_fixture.h"

static char *tmpdir, *fulldb;

static int setup(void **state)
{
	(void)state;
	tmpdir = fix_tmpdir();
	if (!tmpdir)
		return -1;
	fulldb = malloc(strlen(tmpdir) + 16);
	sprintf(fulldb, "%s/full.db", tmpdir);
	return fix_build(fulldb) ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	fix_rmdir(tmpdir);
	free(tmpdir);
	free(fulldb);
	return 0;
}

/* The number of \ref{X} in tex without a \label{X}; each is named on
 * stderr. */
static int refs_dangling(const char *tex, const char *what)
{
	char label[160];
	const char *p = tex, *e;
	int n = 0;

	while ((p = strstr(p, "\\ref{"))) {
		p += 5;
		e = strchr(p, '}');
		assert_non_null(e);
		snprintf(label, sizeof(label), "\\label{%.*s}", (int)(e - p),
			 p);
		if (!strstr(tex, label)) {
			fprintf(stderr, "%s: %s missing\n", what, label);
			n++;
		}
	}
	return n;
}

static void test_subsets(void **state)
{
	static const char *const subsets[] = {
		"intro,versions,conclusions", "intro", "versions",
		"intro,ilp", "ilp", "versions,versions-data",
		"intro,device", NULL,
	};
	static const char *const langs[] = {"en", "pl", "de"};
	char what[128];
	char *tex;
	size_t i, l;

	(void)state;
	if (!fix_have("gnuplot"))
		skip();
	for (l = 0; l < 3; l++)
		for (i = 0; i < sizeof(subsets) / sizeof(subsets[0]); i++) {
			tex = chk_render_lang(fulldb, subsets[i], langs[l]);
			snprintf(what, sizeof(what), "%s --sections %s",
				 langs[l], subsets[i] ? subsets[i] : "(all)");
			assert_int_equal(refs_dangling(tex, what), 0);
			free(tex);
		}
}

/* The sentence goes, the rest of the caption stays; with the appendix
 * written, the reference is there. */
static void test_sentence(void **state)
{
	char *tex;

	(void)state;
	if (!fix_have("gnuplot"))
		skip();
	tex = chk_render_lang(fulldb, "intro", "en");
	assert_non_null(strstr(tex, "what the findings lean on.}"));
	assert_null(strstr(tex, "gives every parameter"));
	free(tex);
	tex = chk_render_lang(fulldb, "intro,device", "en");
	assert_non_null(strstr(tex, "Appendix~\\ref{app:device} gives every "
			       "parameter."));
	free(tex);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_subsets),
		cmocka_unit_test(test_sentence),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
