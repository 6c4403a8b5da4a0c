/* The language strings: plural forms chosen by each language's rules,
 * and the report's counted phrases in those forms. */
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
#include "render_int.h"

static char *tmpdir, *fulldb, *mindb;

/* Strings files of the tests' own: every form names itself. */
static const char strings_en[] =
	"n.one = en-one\nn.many = en-many\n"
	"only_en.one = en-only-one\nonly_en.many = en-only-many\n";
static const char strings_pl[] =
	"n.one = pl-one\nn.few = pl-few\nn.many = pl-many\n"
	"nofew.one = pl-nofew-one\nnofew.many = pl-nofew-many\n";
static const char strings_de[] = "n.one = de-one\nn.many = de-many\n";

static int write_file(const char *dir, const char *name, const char *text)
{
	char path[4096];
	FILE *f;
	int rc;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -1;
	rc = fputs(text, f) < 0;
	return fclose(f) || rc ? -1 : 0;
}

static int setup(void **state)
{
	(void)state;
	tmpdir = fix_tmpdir();
	if (!tmpdir)
		return -1;
	fulldb = malloc(strlen(tmpdir) + 16);
	mindb = malloc(strlen(tmpdir) + 16);
	sprintf(fulldb, "%s/full.db", tmpdir);
	sprintf(mindb, "%s/min.db", tmpdir);
	if (write_file(tmpdir, "strings.en", strings_en) ||
	    write_file(tmpdir, "strings.pl", strings_pl) ||
	    write_file(tmpdir, "strings.de", strings_de))
		return -1;
	return fix_build(fulldb) || fix_build_minimal(mindb) ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	fix_rmdir(tmpdir);
	free(tmpdir);
	free(fulldb);
	free(mindb);
	return 0;
}

static void test_plural_pl(void **state)
{
	static const struct {
		long long n;
		const char *form;
	} cases[] = {
		{1, "pl-one"}, {2, "pl-few"}, {3, "pl-few"}, {4, "pl-few"},
		{5, "pl-many"}, {0, "pl-many"}, {11, "pl-many"},
		{12, "pl-many"}, {13, "pl-many"}, {14, "pl-many"},
		{21, "pl-many"}, {22, "pl-few"}, {24, "pl-few"},
		{25, "pl-many"}, {101, "pl-many"}, {102, "pl-few"},
		{112, "pl-many"}, {114, "pl-many"}, {122, "pl-few"},
		{1000, "pl-many"}, {-2, "pl-few"}, {-1, "pl-one"},
	};
	struct lang *l = lang_load("pl", tmpdir);
	size_t i;

	(void)state;
	assert_non_null(l);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *got = lang_plural(l, "n", cases[i].n);

		if (strcmp(got, cases[i].form))
			fail_msg("pl %lld: '%s', want '%s'", cases[i].n, got,
				 cases[i].form);
	}
	lang_free(l);
}

static void test_plural_en_de(void **state)
{
	static const long long many[] = {0, 2, 3, 5, 12, 22, 112, -3};
	struct lang *en = lang_load("en", tmpdir);
	struct lang *de = lang_load("de", tmpdir);
	size_t i;

	(void)state;
	assert_non_null(en);
	assert_non_null(de);
	assert_string_equal(lang_plural(en, "n", 1), "en-one");
	assert_string_equal(lang_plural(de, "n", 1), "de-one");
	for (i = 0; i < sizeof(many) / sizeof(many[0]); i++) {
		assert_string_equal(lang_plural(en, "n", many[i]), "en-many");
		assert_string_equal(lang_plural(de, "n", many[i]), "de-many");
	}
	lang_free(en);
	lang_free(de);
}

/* A missing form: the language's own .many first, then English by
 * English rules, then the key. */
static void test_plural_fallback(void **state)
{
	struct lang *pl = lang_load("pl", tmpdir);

	(void)state;
	assert_non_null(pl);
	assert_string_equal(lang_plural(pl, "nofew", 2), "pl-nofew-many");
	assert_string_equal(lang_plural(pl, "nofew", 1), "pl-nofew-one");
	assert_string_equal(lang_plural(pl, "only_en", 1), "en-only-one");
	assert_string_equal(lang_plural(pl, "only_en", 2), "en-only-many");
	assert_string_equal(lang_plural(pl, "only_en", 22), "en-only-many");
	assert_string_equal(lang_plural(pl, "absent", 2), "absent");
	lang_free(pl);
}

/* The phrase of key for n in the built-in strings of lang, @@N@@ filled
 * (malloc'd). */
static char *phrase(const char *lang, const char *key, long long n)
{
	struct lang *l = lang_load(lang, NULL);
	struct rbuf b;
	struct kv v;
	char num[32];

	assert_non_null(l);
	snprintf(num, sizeof(num), "%lld", n);
	v = (struct kv){"N", num};
	rbuf_init(&b);
	assert_int_equal(tmpl_fill(&b, lang_plural(l, key, n), &v, 1), 0);
	lang_free(l);
	return rbuf_take(&b);
}

static char *render_method(const char *db, const char *lang)
{
	struct render_options o;
	char *tex;
	int rc;

	render_options_init(&o);
	o.db_path = db;
	o.lang = lang;
	o.sections = "method,device";
	tex = chk_render(&o, NULL, &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_non_null(tex);
	return tex;
}

/* The method section counts sessions, devices, warm-up runs and samples
 * in the form each count takes; "(s)" is nowhere. */
static void test_counted_phrases(void **state)
{
	static const char *const langs[] = {"en", "pl", "de"};
	static const struct {
		const char *db;		/* "min" or "full" */
		const char *key;
		long long n;
	} want[] = {
		{"min", "method.nsess", 1}, {"min", "method.ndev", 1},
		{"full", "method.nsess", 2}, {"full", "method.ndev", 2},
		/* the fixture's sessions: 3 warm-up runs, up to 10
		 * samples, at least 5 */
		{"min", "method.warmup", 3}, {"min", "method.repeat", 10},
		{"min", "method.minsamples", 5},
	};
	size_t l, i;

	(void)state;
	if (!fix_have("gnuplot"))
		skip();
	for (l = 0; l < 3; l++) {
		char *tmin = render_method(mindb, langs[l]);
		char *tfull = render_method(fulldb, langs[l]);

		assert_null(strstr(tmin, "(s)"));
		assert_null(strstr(tfull, "(s)"));
		for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
			char *p = phrase(langs[l], want[i].key, want[i].n);

			if (!strstr(strcmp(want[i].db, "min") ? tfull : tmin,
				    p))
				fail_msg("%s, %s database: no '%s'",
					 langs[l], want[i].db, p);
			free(p);
		}
		free(tmin);
		free(tfull);
	}
}

/* The forms differ where the language says so: a count of 2 is not the
 * singular in any language, and Polish 2 is not Polish 5. */
static void test_counted_forms_differ(void **state)
{
	static const char *const keys[] = {"method.nsess", "method.ndev",
		"method.minsamples", "word.samples_of", "device.caption",
		"sess.caption"};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		char *en1 = phrase("en", keys[i], 1);
		char *en2 = phrase("en", keys[i], 2);
		char *pl1 = phrase("pl", keys[i], 1);
		char *pl2 = phrase("pl", keys[i], 2);
		char *de1 = phrase("de", keys[i], 1);
		char *de2 = phrase("de", keys[i], 2);

		if (!strcmp(en1, en2) || !strcmp(pl1, pl2) ||
		    !strcmp(de1, de2))
			fail_msg("'%s': one and two read alike", keys[i]);
		free(en1);
		free(en2);
		free(pl1);
		free(pl2);
		free(de1);
		free(de2);
	}
	{
		char *p2 = phrase("pl", "method.nsess", 2);
		char *p5 = phrase("pl", "method.nsess", 5);
		char *p12 = phrase("pl", "method.nsess", 12);
		char *p22 = phrase("pl", "method.nsess", 22);

		/* the words after the number */
		assert_string_not_equal(strchr(p2, ' '), strchr(p5, ' '));
		assert_string_equal(strchr(p22, ' '), strchr(p2, ' '));
		assert_string_equal(strchr(p12, ' '), strchr(p5, ' '));
		free(p2);
		free(p5);
		free(p12);
		free(p22);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plural_pl),
		cmocka_unit_test(test_plural_en_de),
		cmocka_unit_test(test_plural_fallback),
		cmocka_unit_test(test_counted_phrases),
		cmocka_unit_test(test_counted_forms_differ),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
