/* The language strings: plural forms chosen by each language's rules,
 * the report's counted phrases in those forms, and how a session took
 * its times told in the report's language. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "render_check.h"
#include "render_fixture.h"
#include "render_int.h"

static char *tmpdir, *fulldb, *mindb, *newdb;

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
	newdb = malloc(strlen(tmpdir) + 16);
	sprintf(fulldb, "%s/full.db", tmpdir);
	sprintf(mindb, "%s/min.db", tmpdir);
	sprintf(newdb, "%s/new.db", tmpdir);
	if (write_file(tmpdir, "strings.en", strings_en) ||
	    write_file(tmpdir, "strings.pl", strings_pl) ||
	    write_file(tmpdir, "strings.de", strings_de))
		return -1;
	return fix_build(fulldb) || fix_build_minimal(mindb) ||
	       fix_build_minimal(newdb) ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	fix_rmdir(tmpdir);
	free(tmpdir);
	free(fulldb);
	free(mindb);
	free(newdb);
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
	o.sections = "intro,device,sessions";
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

/* Runs sql on the database at path. */
static void db_exec(const char *path, const char *sql)
{
	sqlite3 *db;
	char *err = NULL;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
		fail_msg("%s: %s", sql, err);
	sqlite3_close(db);
}

/* The first session's stored timers text (malloc'd). */
static char *db_timers(const char *path)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	char *t = NULL;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT timers FROM session "
					    "ORDER BY id", -1, &st, NULL),
			 SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		t = strdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	sqlite3_close(db);
	assert_non_null(t);
	return t;
}

/* The string of key in the built-in strings of lang, placeholders
 * filled from v (malloc'd). */
static char *filled(const char *lang, const char *key, const struct kv *v,
		    size_t n)
{
	struct lang *l = lang_load(lang, NULL);
	struct rbuf b;

	assert_non_null(l);
	rbuf_init(&b);
	assert_int_equal(tmpl_fill(&b, lang_get(l, key), v, n), 0);
	lang_free(l);
	return rbuf_take(&b);
}

/* Asserts that the method section of tex holds (want) or lacks the
 * string of key, filled from v. */
static void expect_phrase(const char *tex, const char *lang,
			  const char *key, const struct kv *v, size_t n,
			  int want)
{
	char *s = filled(lang, key, v, n);

	if ((strstr(tex, s) != NULL) != want)
		fail_msg("%s: '%s' %s", lang, s, want ? "missing" :
			 "printed");
	free(s);
}

/* A session of the current measure (timer, cache state, launch cost,
 * interleaving groups stored): its timers are told in the report's
 * language, in the method and in the session table, and the stored
 * English text is not printed. */
static void test_timers_structured(void **state)
{
	static const char *const langs[] = {"en", "pl", "de"};
	struct kv t = {"TIMER", "cupti-activity"};
	char *stored = db_timers(newdb);
	size_t l;

	(void)state;
	if (!fix_have("gnuplot"))
		skip();
	db_exec(newdb, "UPDATE session SET timer = 'cupti-activity', "
		"cold = 1, launch_us = 4.25; UPDATE config SET grp = 1");
	for (l = 0; l < 3; l++) {
		char *tex = render_method(newdb, langs[l]);
		char *p;

		/* twice: the method's sentence and the session table */
		p = filled(langs[l], "timers.kernel.cupti-activity", &t, 1);
		assert_non_null(strstr(tex, p));
		assert_non_null(strstr(strstr(tex, p) + 1, p));
		free(p);
		expect_phrase(tex, langs[l], "timers.cold", NULL, 0, 1);
		expect_phrase(tex, langs[l], "timers.hot", NULL, 0, 0);
		expect_phrase(tex, langs[l], "timers.interleaved", NULL, 0, 1);
		expect_phrase(tex, langs[l], "timers.host", NULL, 0, 1);
		/* the launch cost in the method and the session table */
		assert_non_null(strstr(tex, "\\num{4.25}"));
		/* the English text stays in the database */
		assert_null(strstr(tex, "cudaEvent (device)"));
		assert_null(strstr(stored, "4.25"));
		free(tex);
	}
	/* the fallback timer, hot caches, no groups, no launch cost */
	db_exec(newdb, "UPDATE session SET timer = 'events-blocking', "
		"cold = 0, launch_us = NULL; UPDATE config SET grp = NULL");
	for (l = 0; l < 3; l++) {
		char *tex = render_method(newdb, langs[l]);

		expect_phrase(tex, langs[l], "timers.kernel.events-blocking",
			      NULL, 0, 1);
		expect_phrase(tex, langs[l], "timers.hot", NULL, 0, 1);
		expect_phrase(tex, langs[l], "timers.cold", NULL, 0, 0);
		expect_phrase(tex, langs[l], "timers.interleaved", NULL, 0, 0);
		expect_phrase(tex, langs[l], "timers.host", NULL, 0, 1);
		assert_null(strstr(tex, "\\micro\\second"));
		free(tex);
	}
	/* a timer this renderer has no words for is named as stored */
	db_exec(newdb, "UPDATE session SET timer = 'next_timer'");
	t = (struct kv){"TIMER", "next\\_\\allowbreak{}timer"};
	for (l = 0; l < 3; l++) {
		char *tex = render_method(newdb, langs[l]);

		expect_phrase(tex, langs[l], "timers.kernel.other", &t, 1, 1);
		free(tex);
	}
	free(stored);
}

/* The method's timers sentence in tex ("Timers used: ..."), asserted
 * to be there. */
static const char *method_timers(const char *tex, const char *lang)
{
	struct kv v = {"TIMERS", "\001"};
	char *pre = filled(lang, "method.timers", &v, 1);
	const char *m;

	*strchr(pre, '\001') = '\0';
	m = strstr(tex, pre);
	if (!m)
		fail_msg("%s: no '%s'", lang, pre);
	free(pre);
	return m;
}

/* A session of an older measure has only the English text: it is
 * printed as stored and said to be the text the measuring tool
 * recorded, in the report's language. */
static void test_timers_recorded(void **state)
{
	static const char *const langs[] = {"en", "pl", "de"};
	char *stored = db_timers(mindb);
	struct rbuf text;
	struct kv v[2];
	size_t l;

	(void)state;
	if (!fix_have("gnuplot"))
		skip();
	rbuf_init(&text);
	rbuf_put_prose(&text, stored, 1);
	v[0] = (struct kv){"TEXT", rbuf_str(&text)};
	v[1] = (struct kv){"VERSION", "0.1.0"};
	for (l = 0; l < 3; l++) {
		char *tex = render_method(mindb, langs[l]);
		char *p = filled(langs[l], "timers.recorded", v, 2);

		assert_non_null(strstr(tex, p));
		assert_non_null(strstr(strstr(tex, p) + 1, p));
		free(p);
		free(tex);
	}
	/* two sessions with different texts: the method says they differ
	 * and points to the sessions appendix, which gives each */
	for (l = 0; l < 3; l++) {
		char *tex = render_method(fulldb, langs[l]);
		char *p = filled(langs[l], "method.timers_differ", NULL, 0);
		const char *m = method_timers(tex, langs[l]);

		assert_true(!strncmp(m + strcspn(m, ":") + 2, p, strlen(p)));
		free(p);
		free(tex);
	}
	rbuf_free(&text);
	free(stored);
}

/* The session table states a session's status in the report's
 * language. */
static void test_session_status(void **state)
{
	static const char *const langs[] = {"en", "pl", "de"};
	struct chk_table t;
	size_t l;
	int r;

	(void)state;
	if (!fix_have("gnuplot"))
		skip();
	for (l = 0; l < 3; l++) {
		char *tex = render_method(mindb, langs[l]);
		char *label = filled(langs[l], "sess.status", NULL, 0);
		char *want = filled(langs[l], "sess.status.complete", NULL, 0);

		assert_int_equal(chk_table_find(tex, "sessions", &t), 0);
		for (r = 0; r < t.nrows && strcmp(t.cell[r][0], label); r++)
			;
		assert_true(r < t.nrows);
		assert_string_equal(t.cell[r][1], want);
		chk_table_free(&t);
		free(label);
		free(want);
		free(tex);
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
		cmocka_unit_test(test_timers_structured),
		cmocka_unit_test(test_timers_recorded),
		cmocka_unit_test(test_session_status),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
