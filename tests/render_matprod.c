/* The pieces the matrix- and scalar-product sections share
 * (render/matprod.c): placeholders set from a list of kinds, sentences
 * joined into one finding, the verification finding, the regime note of
 * a speed table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

static struct rctx *ctx_new(void)
{
	static struct rctx x;

	memset(&x, 0, sizeof(x));
	x.L = lang_load("en", NULL);
	x.frags = tmpl_load(NULL, "fragments.tex");
	assert_non_null(x.L);
	assert_non_null(x.frags);
	return &x;
}

static void ctx_free(struct rctx *x)
{
	lang_free(x->L);
	free(x->frags);
}

static const char *val(struct fv *v, const char *name)
{
	const struct kv *kv = fv_kv(v);
	size_t i;

	for (i = 0; i < v->n; i++)
		if (!strcmp(kv[i].key, name))
			return kv[i].val;
	fail_msg("no placeholder %s", name);
	return NULL;
}

/* Each kind takes its value as the formatter it names writes it. */
static void fv_set_kinds(void **state)
{
	struct rsize sz = {100, 200, 300};
	struct fv v;

	(void)state;
	fv_init(&v);
	mp_fv_set(&v, "sdn3%2S", "A", "text", "B", 42, "C", 1.23456, "D",
		  12.345, "G", &sz);
	assert_int_equal(v.n, 5);
	assert_string_equal(val(&v, "A"), "text");
	assert_string_equal(val(&v, "B"), "42");
	assert_string_equal(val(&v, "C"), "\\num{1.23}");
	assert_string_equal(val(&v, "D"), "\\num{12}\\,\\%");
	assert_non_null(strstr(val(&v, "G"), "\\penalty700 300"));
	/* a name set again is replaced, not added */
	mp_fv_set(&v, "d", "B", 7);
	assert_int_equal(v.n, 5);
	assert_string_equal(val(&v, "B"), "7");
	fv_free(&v);
}

/* Sentences join with one blank. */
static void text_say_joins(void **state)
{
	struct rctx *x = ctx_new();
	struct rbuf text;
	struct fv v;

	(void)state;
	rbuf_init(&text);
	fv_init(&v);
	fv_str(&v, "TOL", "10");
	assert_int_equal(mp_text_say(x, &text, "rect.find.pad.ns", &v), 0);
	assert_int_equal(mp_text_say(x, &text, "rect.find.pr.two", &v), 0);
	assert_non_null(strstr(rbuf_str(&text), ". An"));
	assert_true(rbuf_str(&text)[0] != ' ');
	rbuf_free(&text);
	fv_free(&v);
	ctx_free(x);
}

/* Only regimes with a mark make a note; then the section's own words. */
static void regime_note_marks_then_key(void **state)
{
	struct rctx *x = ctx_new();
	struct rbuf note;

	(void)state;
	rbuf_init(&note);
	rbuf_puts(&note, "Bold.");
	regime_note(x, RG_DERIVED, &note, "rect.regime_note");
	assert_string_equal(rbuf_str(&note), "Bold.");
	regime_note(x, RULE_IDLE | RG_DERIVED, &note, "rect.regime_note");
	assert_non_null(strstr(rbuf_str(&note), "Bold. \\rgmark{w}"));
	assert_non_null(strstr(rbuf_str(&note),
			       lang_get(x->L, "rect.regime_note")));
	rbuf_free(&note);
	ctx_free(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fv_set_kinds),
		cmocka_unit_test(text_say_joins),
		cmocka_unit_test(regime_note_marks_then_key),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
