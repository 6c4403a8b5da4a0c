/* analysis/compare.h: each verdict path of a comparison decided on
 * small sides built here (no files): faster, slower, no meaningful
 * difference, significant but below the threshold, untested, unmatched,
 * a changed source, the threshold from repeated measurements, the
 * gate in both forms and a cross-device comparison. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

#define NS 10

/* Appends to s a versions point of variant at size n on device dev:
 * NS samples base, base + step, ... (ns 0: a slim file's statistics
 * only). */
static struct cmp_point *add(struct cmp_side *s, const char *dev,
			     const char *suite, const char *variant, int n,
			     double base, double step, size_t ns)
{
	struct cmp_point *p;
	size_t i;

	s->p = realloc(s->p, (s->n + 1) * sizeof(*s->p));
	assert_non_null(s->p);
	p = &s->p[s->n++];
	memset(p, 0, sizeof(*p));
	p->dev_uuid = strdup(dev);
	p->dev_name = strdup(dev);
	p->suite = strdup(suite);
	p->variant = strdup(variant);
	p->host_mem = strdup("");
	p->precision = strdup("fp32");
	p->status = strdup("ok");
	p->m = p->k = p->n = n;
	p->block_x = p->block_y = 16;
	p->ilp = 1;
	p->rn = NS;
	p->rmin = base;
	p->rmax = base + (NS - 1) * step;
	p->median = base + (NS - 1) * step / 2;
	if (ns) {
		p->samples = calloc(ns, sizeof(double));
		assert_non_null(p->samples);
		for (i = 0; i < ns; i++)
			p->samples[i] = base + (double)i * step;
		p->ns = ns;
	}
	return p;
}

static const struct cmp_row *row(const struct cmp_result *r,
				 const char *variant)
{
	size_t i;

	for (i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].a->variant, variant))
			return &r->rows[i];
	fail_msg("no row %s", variant);
	return NULL;
}

/* Both sides of every verdict path, on one device. */
static void sides_make(struct cmp_side *a, struct cmp_side *b)
{
	memset(a, 0, sizeof(*a));
	memset(b, 0, sizeof(*b));
	a->ndevs = b->ndevs = 1;
	add(a, "GPU-1", "versions", "fast", 512, 1.0, 0.001, NS);
	add(b, "GPU-1", "versions", "fast", 512, 0.5, 0.001, NS);
	add(a, "GPU-1", "versions", "slow", 512, 1.0, 0.001, NS);
	add(b, "GPU-1", "versions", "slow", 512, 2.0, 0.001, NS);
	add(a, "GPU-1", "versions", "same", 512, 1.0, 0.001, NS);
	add(b, "GPU-1", "versions", "same", 512, 1.0, 0.001, NS);
	/* every sample of b above a's, by 0.5 %: significant, but under
	 * the 1 % floor */
	add(a, "GPU-1", "versions", "below", 512, 1.0, 0.0001, NS);
	add(b, "GPU-1", "versions", "below", 512, 1.005, 0.0001, NS);
	/* slim: no samples; overlapping ranges cannot be tested */
	add(a, "GPU-1", "versions", "slim", 512, 1.0, 0.01, 0);
	add(b, "GPU-1", "versions", "slim", 512, 1.02, 0.01, 0);
	/* slim with disjoint ranges: the exact p of the ranges */
	add(a, "GPU-1", "reference", "apart", 512, 1.0, 0.001, 0);
	add(b, "GPU-1", "reference", "apart", 512, 1.5, 0.001, 0);
	/* unmatched: another block on each side, a failed point */
	add(a, "GPU-1", "versions", "gone", 512, 1.0, 0.001, NS)->block_x = 8;
	add(b, "GPU-1", "versions", "gone", 512, 1.0, 0.001, NS);
	free(add(b, "GPU-1", "versions", "failed", 512, 1, 0, 0)->status);
	b->p[b->n - 1].status = strdup("failed");
	add(a, "GPU-1", "versions", "failed", 512, 1, 0, 0);
}

static void test_verdicts(void **state)
{
	struct cmp_side a, b;
	struct cmp_result r;

	(void)state;
	sides_make(&a, &b);
	assert_int_equal(cmp_run(&a, &b, -1, &r), 0);
	assert_false(r.cross);
	assert_true(fabs(r.threshold - 0.01) < 1e-12);
	assert_int_equal(row(&r, "fast")->verdict, CMP_FASTER);
	assert_true(row(&r, "fast")->hi < 1);
	assert_true(row(&r, "fast")->p < 0.05);
	assert_int_equal(row(&r, "slow")->verdict, CMP_SLOWER);
	assert_true(row(&r, "slow")->lo > 1);
	assert_int_equal(row(&r, "same")->verdict, CMP_SAME);
	assert_false(row(&r, "same")->below);
	assert_int_equal(row(&r, "below")->verdict, CMP_SAME);
	assert_true(row(&r, "below")->below);
	assert_true(row(&r, "below")->p < 0.05);
	assert_int_equal(row(&r, "slim")->verdict, CMP_UNTESTED);
	assert_true(isnan(row(&r, "slim")->hl));
	assert_int_equal(row(&r, "apart")->verdict, CMP_SLOWER);
	assert_int_equal(r.nrows, 6);
	assert_int_equal(r.faster, 1);
	assert_int_equal(r.slower, 2);
	assert_int_equal(r.same, 2);
	assert_int_equal(r.below, 1);
	assert_int_equal(r.untested, 1);
	/* the block-8 "gone" and the point that failed in b are listed */
	assert_int_equal(r.nonly_a, 2);
	assert_int_equal(r.nonly_b, 2);
	assert_int_equal(r.only_a[0]->block_x, 8);
	assert_string_equal(r.only_b[1]->status, "failed");
	cmp_result_free(&r);
	cmp_side_free(&a);
	cmp_side_free(&b);
}

static void test_suites_largest(void **state)
{
	const struct cmp_row *top[3];
	struct cmp_side a, b;
	struct cmp_result r;
	size_t i;

	(void)state;
	sides_make(&a, &b);
	assert_int_equal(cmp_run(&a, &b, -1, &r), 0);
	assert_int_equal(r.nsuites, 2);
	for (i = 0; i < r.nsuites; i++)
		if (!strcmp(r.suites[i].suite, "reference"))
			assert_true(fabs(r.suites[i].geomean -
					 1.5045 / 1.0045) < 1e-9);
	assert_int_equal(cmp_largest(&r, top, 3), 3);
	/* 2.0045 / 1.0045 lies a little further from 1 than
	 * 0.5045 / 1.0045 */
	assert_string_equal(top[0]->a->variant, "slow");
	assert_string_equal(top[1]->a->variant, "fast");
	assert_string_equal(top[2]->a->variant, "apart");
	cmp_result_free(&r);
	cmp_side_free(&a);
	cmp_side_free(&b);
}

/* Ten repeated measurements 5 % apart raise the threshold to 5 %: a
 * 2 % slower point is then no meaningful difference. */
static void test_threshold(void **state)
{
	struct cmp_side a, b;
	struct cmp_result r;
	size_t i;

	(void)state;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.ndevs = b.ndevs = 1;
	add(&a, "GPU-1", "versions", "v", 512, 1.0, 0.0001, NS);
	add(&b, "GPU-1", "versions", "v", 512, 1.02, 0.0001, NS);
	assert_int_equal(cmp_run(&a, &b, -1, &r), 0);
	assert_int_equal(r.rows[0].verdict, CMP_SLOWER);
	cmp_result_free(&r);
	a.spread = calloc(10, sizeof(double));
	assert_non_null(a.spread);
	for (i = 0; i < 10; i++)
		a.spread[i] = log(1.05);
	a.nspread = 10;
	assert_int_equal(cmp_run(&a, &b, -1, &r), 0);
	assert_true(fabs(r.threshold - 0.05) < 1e-9);
	assert_int_equal(r.threshold_pairs, 10);
	assert_int_equal(r.rows[0].verdict, CMP_SAME);
	assert_true(r.rows[0].below);
	cmp_result_free(&r);
	cmp_side_free(&a);
	cmp_side_free(&b);
}

static void test_source_changed(void **state)
{
	struct cmp_side a, b;
	struct cmp_result r;

	(void)state;
	sides_make(&a, &b);
	a.p[0].has_src = b.p[0].has_src = 1;
	a.p[0].src_hash = cmp_hash("old");
	b.p[0].src_hash = cmp_hash("new");
	a.p[1].has_src = b.p[1].has_src = 1;
	a.p[1].src_hash = b.p[1].src_hash = cmp_hash("same");
	/* a source stored on one side only is no change */
	a.p[2].has_src = 1;
	assert_int_equal(cmp_run(&a, &b, -1, &r), 0);
	assert_true(row(&r, "fast")->src_changed);
	assert_false(row(&r, "slow")->src_changed);
	assert_false(row(&r, "same")->src_changed);
	assert_int_equal(r.nchanged, 1);
	assert_string_equal(r.changed[0]->a->variant, "fast");
	cmp_result_free(&r);
	cmp_side_free(&a);
	cmp_side_free(&b);
}

/* Any configuration: "slow" is 2x slower (100 %), "apart" 1.5x. */
static void test_gate_any(void **state)
{
	struct cmp_side a, b;
	struct cmp_result r;

	(void)state;
	sides_make(&a, &b);
	assert_int_equal(cmp_run(&a, &b, -1, &r), 0);
	assert_int_equal(cmp_gate(&r, 99, NULL), 1);
	assert_int_equal(cmp_gate(&r, 101, NULL), 0);
	/* "below" is 0.5 % slower, but no meaningful difference */
	assert_int_equal(cmp_gate(&r, 0.1, NULL), 1);
	r.rows[1].verdict = CMP_SAME;	/* "slow" */
	r.rows[5].verdict = CMP_SAME;	/* "apart" */
	assert_int_equal(cmp_gate(&r, 0.1, NULL), 0);
	cmp_result_free(&r);
	cmp_side_free(&a);
	cmp_side_free(&b);
}

/* A suite's geometric mean: reference is 1.5x (one point, slower);
 * versions' mean is near 1 though one of its points is 2x slower. */
static void test_gate_suite(void **state)
{
	struct cmp_side a, b;
	struct cmp_result r;

	(void)state;
	sides_make(&a, &b);
	assert_int_equal(cmp_run(&a, &b, -1, &r), 0);
	assert_int_equal(cmp_gate(&r, 40, "reference"), 1);
	assert_int_equal(cmp_gate(&r, 60, "reference"), 0);
	assert_int_equal(cmp_gate(&r, 40, "versions"), 0);
	assert_int_equal(cmp_gate(&r, 40, "no-such-suite"), 0);
	cmp_result_free(&r);
	cmp_side_free(&a);
	cmp_side_free(&b);
}

/* One device on each side, two different ones: matched without the
 * device and said; with a second device on a side, by device. */
static void test_cross(void **state)
{
	struct cmp_side a, b;
	struct cmp_result r;

	(void)state;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.ndevs = b.ndevs = 1;
	add(&a, "GPU-h100", "versions", "v", 512, 1.0, 0.001, NS);
	add(&b, "GPU-h200", "versions", "v", 512, 0.6, 0.001, NS);
	assert_int_equal(cmp_run(&a, &b, -1, &r), 0);
	assert_true(r.cross);
	assert_int_equal(r.nrows, 1);
	assert_int_equal(r.rows[0].verdict, CMP_FASTER);
	cmp_result_free(&r);
	add(&b, "GPU-other", "versions", "v", 512, 0.6, 0.001, NS);
	b.ndevs = 2;
	assert_int_equal(cmp_run(&a, &b, -1, &r), 0);
	assert_false(r.cross);
	assert_int_equal(r.nrows, 0);
	assert_int_equal(r.nonly_a, 1);
	assert_int_equal(r.nonly_b, 2);
	cmp_result_free(&r);
	cmp_side_free(&a);
	cmp_side_free(&b);
}

static void test_texts(void **state)
{
	struct cmp_side a;
	char buf[128], m[8];

	(void)state;
	memset(&a, 0, sizeof(a));
	add(&a, "GPU-1", "ilp", "copy_ilp", 0, 1, 0, 0);
	a.p[0].count = 1 << 24;
	a.p[0].block_x = 256;
	a.p[0].block_y = 1;
	a.p[0].ilp = 4;
	assert_string_equal(cmp_key_text(&a.p[0], buf, sizeof(buf)),
			    "copy_ilp N=16777216 b=256 ilp=4");
	assert_string_equal(cmp_marks_text(2 | 8, m), "wt");
	assert_int_equal(cmp_hash(NULL), 0);
	assert_true(cmp_hash("a") != cmp_hash("b"));
	cmp_side_free(&a);
	cmp_side_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_suites_largest),
		cmocka_unit_test(test_threshold),
		cmocka_unit_test(test_source_changed),
		cmocka_unit_test(test_gate_any),
		cmocka_unit_test(test_gate_suite),
		cmocka_unit_test(test_cross),
		cmocka_unit_test(test_texts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
