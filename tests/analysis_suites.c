/* analysis/suites.h: the one list of suites and what is derived from
 * it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "suites.h"

/* A row's NAME names its code (sec_NAME, suite_NAME_hooks) and its
 * VOCAB_SUITE_ID the stored name: they must be one text. */
static void test_names_match_tokens(void **state)
{
	(void)state;
#define SUITE_NAME_CHECK(ID, NAME, ...) \
	assert_string_equal(suite_defs[SUITE_##ID].name, #NAME); \
	assert_ptr_equal(suite_find(#NAME), &suite_defs[SUITE_##ID]);
	SUITE_LIST(SUITE_NAME_CHECK)
#undef SUITE_NAME_CHECK
}

/* Every section has a place of its own, 1 .. the number of sections. */
static void test_report_places(void **state)
{
	int seen[SUITE_N + 1] = { 0 }, sections = 0;

	(void)state;
	for (int i = 0; i < SUITE_N; i++) {
		int r = suite_defs[i].report;

		assert_in_range(r, 0, SUITE_N);
		if (r) {
			assert_int_equal(seen[r], 0);
			seen[r] = 1;
			sections++;
		}
	}
	for (int r = 1; r <= sections; r++)
		assert_int_equal(seen[r], 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_match_tokens),
		cmocka_unit_test(test_report_places),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
