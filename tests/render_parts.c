/* The pieces sections assemble alike (render/parts.c): header cells from
 * a list of keys and literals, the empty comparison, a range of numbers
 * that collapses where its ends print alike. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "render_int.h"

/* A key is looked up, an entry with '=' is written as it stands. */
static void heads_put_keys_and_literals(void **state)
{
	static const char *const heads[] = {"sess.setting", "=GFLOP/s", NULL};
	struct rctx x;
	struct rtable t;

	(void)state;
	memset(&x, 0, sizeof(x));
	x.L = lang_load("en", NULL);
	assert_non_null(x.L);
	rtable_init(&t, "lS");
	mem_heads(&x, &t, heads);
	rtable_head_end(&t);
	assert_non_null(strstr(rbuf_str(&t.head), lang_get(x.L, "sess.setting")));
	assert_non_null(strstr(rbuf_str(&t.head), "GFLOP/s"));
	assert_null(strstr(rbuf_str(&t.head), "=GFLOP/s"));
	assert_null(strstr(rbuf_str(&t.head), "sess.setting"));
	rtable_free(&t);
	lang_free(x.L);
}

static void rcmp_clear_untested(void **state)
{
	struct rcmp r;

	(void)state;
	memset(&r, 0x5a, sizeof(r));
	rcmp_clear(&r);
	assert_true(isnan(r.a) && isnan(r.b) && isnan(r.gain) &&
		    isnan(r.ratio));
	assert_true(r.p < 0);
	assert_int_equal(r.signif, 0);
	assert_int_equal(r.ranges, 0);
	assert_int_equal(r.verdict, RULE_UNTESTED);
	assert_true(isnan(r.hl) && isnan(r.hl_lo) && isnan(r.hl_hi));
}

/* Ends that print alike give one number; else "lo--hi". */
static void range_put_collapses(void **state)
{
	struct rbuf b;

	(void)state;
	rbuf_init(&b);
	num_range_put(&b, 1.2341, 1.2344, 3, find_num);
	assert_string_equal(rbuf_str(&b), "\\num{1.23}");
	rbuf_free(&b);
	num_range_put(&b, 1.2, 3.4, 3, find_num);
	assert_string_equal(rbuf_str(&b), "\\num{1.20}--\\num{3.40}");
	rbuf_free(&b);
}

/* An effect's interval gets the figures that tell its ends apart (up to
 * five); one narrower than that is left out rather than printed as
 * "1.85--1.85". */
static void effect_narrow_interval(void **state)
{
	struct rctx x;
	struct rcmp r;
	struct rbuf b;

	(void)state;
	memset(&x, 0, sizeof(x));
	x.L = lang_load("en", NULL);
	assert_non_null(x.L);
	rcmp_clear(&r);
	r.hl = 1.85;
	r.hl_lo = 1.8496;
	r.hl_hi = 1.8504;
	rbuf_init(&b);
	find_effect(&x, &b, &r, 0);
	assert_string_equal(rbuf_str(&b), "\\num{1.8500} (95\\,\\% CI "
			    "\\num{1.8496}--\\num{1.8504})");
	rbuf_free(&b);
	r.hl_lo = 1.849999;
	r.hl_hi = 1.850001;
	find_effect(&x, &b, &r, 0);
	assert_string_equal(rbuf_str(&b), "\\num{1.85}");
	rbuf_free(&b);
	r.hl_lo = 1.5;
	r.hl_hi = 2.5;
	find_effect(&x, &b, &r, 1);	/* inverted: 1 / 2.5 .. 1 / 1.5 */
	assert_string_equal(rbuf_str(&b), "\\num{0.541} (95\\,\\% CI "
			    "\\num{0.400}--\\num{0.667})");
	rbuf_free(&b);
	lang_free(x.L);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(heads_put_keys_and_literals),
		cmocka_unit_test(rcmp_clear_untested),
		cmocka_unit_test(range_put_collapses),
		cmocka_unit_test(effect_narrow_interval),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
