/* measure/counters.c without a GPU: keys and names, the derived figures
 * and their missing-value rules, reasons when counters cannot be opened,
 * and the metric list against CUPTI's own metric database for the chips
 * mmreport targets (CUPTI's host API needs no device; skipped where
 * CUPTI is not installed). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <cuda_runtime_api.h>

#include "counters.h"

static void test_keys_and_names(void **state)
{
	for (int m = 0; m < COUNTERS_METRIC_COUNT; m++) {
		const char *key = counters_metric_key(m);
		const char *name = counters_metric_name(NULL, m);

		assert_non_null(key);
		assert_non_null(name);
		/* Totals over the whole launch, in Nsight Compute's
		 * naming. */
		assert_non_null(strstr(name, "__"));
		assert_string_equal(name + strlen(name) - 4, ".sum");
		for (int o = 0; o < m; o++) {
			assert_string_not_equal(key, counters_metric_key(o));
			assert_string_not_equal(name,
						counters_metric_name(NULL, o));
		}
	}
	assert_null(counters_metric_key(COUNTERS_METRIC_COUNT));
	assert_null(counters_metric_name(NULL, COUNTERS_METRIC_COUNT));
	assert_null(counters_metric_key((enum counters_metric)-1));
	assert_string_equal(counters_metric_name(NULL, COUNTERS_INST_EXECUTED),
			    "smsp__inst_executed.sum");
}

static void values_fill(struct counters_values *v)
{
	memset(v, 0, sizeof(*v));
	memset(v->has, 1, sizeof(v->has));
	v->value[COUNTERS_DURATION_NS] = 5;
	v->value[COUNTERS_INST_EXECUTED] = 100;
	v->value[COUNTERS_FFMA] = 10;
	v->value[COUNTERS_FADD] = 3;
	v->value[COUNTERS_FMUL] = 2;
	v->value[COUNTERS_GLOBAL_LD_INST] = 7;
	v->value[COUNTERS_GLOBAL_ST_INST] = 3;
	/* Bytes are stored, never part of a derived figure. */
	v->value[COUNTERS_GLOBAL_LD_BYTES] = 1e6;
	v->value[COUNTERS_GLOBAL_ST_BYTES] = 3e6;
	v->value[COUNTERS_DRAM_READ_BYTES] = 100;
	v->value[COUNTERS_DRAM_WRITE_BYTES] = 50;
}

static void test_derived(void **state)
{
	struct counters_values v;

	values_fill(&v);
	assert_true(counters_fp32_ops(&v) == 25);	/* 2 * 10 + 3 + 2 */
	assert_true(counters_gips(&v) == 20);	/* 100 inst / 5 ns */
	/* 25 FLOP over 7 + 3 warp-level global accesses. */
	assert_true(counters_cgma(&v) == 2.5);
	assert_true(counters_flops_per_s(&v) == 5e9);
	assert_true(counters_dram_bytes_per_s(&v) == 3e10);
}

/* A figure whose input is missing, or whose divisor is 0, is NAN: render
 * leaves it out rather than printing a wrong 0 or infinity. */
static void test_derived_missing(void **state)
{
	struct counters_values v;

	values_fill(&v);
	v.has[COUNTERS_FADD] = 0;
	assert_true(isnan(counters_fp32_ops(&v)));
	assert_true(isnan(counters_cgma(&v)));
	assert_true(isnan(counters_flops_per_s(&v)));
	assert_true(counters_gips(&v) == 20);

	values_fill(&v);
	v.value[COUNTERS_DURATION_NS] = 0;
	assert_true(isnan(counters_gips(&v)));
	assert_true(isnan(counters_flops_per_s(&v)));
	assert_true(isnan(counters_dram_bytes_per_s(&v)));

	values_fill(&v);
	v.has[COUNTERS_DURATION_NS] = 0;
	assert_true(isnan(counters_gips(&v)));

	values_fill(&v);
	v.value[COUNTERS_GLOBAL_LD_INST] = 0;
	v.value[COUNTERS_GLOBAL_ST_INST] = 0;
	assert_true(isnan(counters_cgma(&v)));

	values_fill(&v);
	v.has[COUNTERS_GLOBAL_ST_INST] = 0;
	assert_true(isnan(counters_cgma(&v)));
	v.has[COUNTERS_GLOBAL_ST_INST] = 1;
	v.has[COUNTERS_GLOBAL_LD_BYTES] = 0;
	v.has[COUNTERS_GLOBAL_ST_BYTES] = 0;
	assert_true(counters_cgma(&v) == 2.5);

	values_fill(&v);
	v.has[COUNTERS_DRAM_WRITE_BYTES] = 0;
	assert_true(isnan(counters_dram_bytes_per_s(&v)));
	v.has[COUNTERS_DRAM_WRITE_BYTES] = 1;
	v.has[COUNTERS_INST_EXECUTED] = 0;
	assert_true(isnan(counters_gips(&v)));
}

/* Without a usable device counters_open must refuse with a reason, never
 * crash or hand out an object; with one it either works or says why. */
static void test_open(void **state)
{
	struct counters *c = (struct counters *)&c;
	char why[512] = "unchanged";
	int ndev = 0, r;

	counters_free(NULL);
	r = counters_open(0, &c, why, sizeof(why));
	if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0)
		assert_int_equal(r, -1);
	if (r) {
		assert_null(c);
		assert_true(why[0] != '\0');
		assert_string_not_equal(why, "unchanged");
		/* A reason with nowhere to go is dropped, not written. */
		c = (struct counters *)&c;
		assert_int_equal(counters_open(0, &c, NULL, 0), -1);
		assert_null(c);
		return;
	}
	assert_non_null(c);
	assert_true(strlen(counters_chip(c)) > 0);
	counters_free(c);
}

/* The chips of the lab's GPUs (sm_90 first): every metric must exist in
 * CUPTI's database under the names counters.c asks for, and need more
 * than the duration pass. */
static void test_chips(void **state)
{
	static const char *const chips[] = { "GH100", "GA100", "AD102",
					     "GB202" };
	unsigned char known[COUNTERS_METRIC_COUNT];
	char why[512];
	size_t passes;

	if (counters_chip_check("GH100", known, &passes, why, sizeof(why)) &&
	    (strncmp(why, "CUPTI not found", 15) == 0 ||
	     strstr(why, "under AddressSanitizer"))) {
		printf("     CUPTI not installed or not loadable: %s\n", why);
		skip();
	}
	for (size_t i = 0; i < sizeof(chips) / sizeof(chips[0]); i++) {
		int r = counters_chip_check(chips[i], known, &passes, why,
					    sizeof(why));

		if (r)
			printf("     %s: %s\n", chips[i], why);
		assert_int_equal(r, 0);
		for (int m = 0; m < COUNTERS_METRIC_COUNT; m++) {
			if (!known[m])
				printf("     %s lacks %s\n", chips[i],
				       counters_metric_key(m));
			assert_true(known[m]);
		}
		assert_true(passes >= 2);
		printf("     %s: %zu passes\n", chips[i], passes);
	}
	assert_int_equal(counters_chip_check("NOSUCHCHIP", known, &passes,
					     why, sizeof(why)), -1);
	assert_non_null(strstr(why, "cuptiProfilerHostInitialize"));
	for (int m = 0; m < COUNTERS_METRIC_COUNT; m++)
		assert_false(known[m]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keys_and_names),
		cmocka_unit_test(test_derived),
		cmocka_unit_test(test_derived_missing),
		cmocka_unit_test(test_open),
		cmocka_unit_test(test_chips),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
