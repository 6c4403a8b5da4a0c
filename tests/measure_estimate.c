/* measure: the time model of --dry-run and of the progress line's
 * remaining time against what the reference database's sessions really
 * took (issue 27, item 3). Each stored configuration is turned back into
 * the plan entry that measured it, with its session's settings, and the
 * model's estimate is set beside the wall time the session stored for
 * it. This is the model's accuracy on fixed, committed measurements (an
 * H100 and an H200), not a timing of this run: it cannot change from run
 * to run. No GPU needed.
 *   measure_estimate SOURCE_DIR        (prints a table per suite) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernels.h"
#include "plan.h"
#include "store.h"
#include "vocab.h"

/* Within this share of the stored duration, per session (the issue's
 * 25 %: the estimate is a plan, not a measurement). */
#define TOLERANCE 0.25

static char dbpath[] = "/tmp/mmreport-estimate-XXXXXX";
static const char *srcdir;

static int suite_of(const char *name, enum suite_id *s)
{
	for (int i = 0; i < SUITE_N; i++)
		if (!strcmp(plan_suite_name((enum suite_id)i), name)) {
			*s = (enum suite_id)i;
			return 0;
		}
	return -1;
}

static enum plan_host host_of(const char *name)
{
	static const enum plan_host hosts[] = { PLAN_HOST_PAGEABLE,
		PLAN_HOST_PINNED, PLAN_HOST_PINNED_OUTPUT };

	for (size_t i = 0; i < sizeof(hosts) / sizeof(hosts[0]); i++)
		if (name && !strcmp(plan_host_name(hosts[i]), name))
			return hosts[i];
	return PLAN_HOST_NONE;
}

/* The plan entry that measured c (its kernel from the registry; an own
 * kernel's is not there and counts at the model's unknown rate). */
static int entry_of(const struct store_config *c, struct plan_entry *e)
{
	memset(e, 0, sizeof(*e));
	if (suite_of(c->suite, &e->suite))
		return -1;
	e->variant = c->variant;
	e->kd = kernel_find(c->variant);
	e->m = c->m;
	e->k = c->k;
	e->n = c->n;
	e->count = c->count;
	e->block = c->block_x;
	e->ilp = c->ilp > 0 ? c->ilp : 1;
	e->param = c->param;
	e->host = host_of(c->host_mem);
	e->fp64 = c->precision && !strcmp(c->precision, VOCAB_PREC_FP64);
	return 0;
}

static int setup(void **state)
{
	char cmd[8192];
	int fd = mkstemp(dbpath);

	(void)state;
	if (fd < 0)
		return -1;
	close(fd);
	snprintf(cmd, sizeof(cmd), "xz -dc '%s/reports/reference.db.xz' "
		 "> '%s'", srcdir, dbpath);
	return system(cmd) ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(dbpath);
	return 0;
}

/* Every reference session's estimate within TOLERANCE of its stored
 * duration; the per-suite table says where the model errs. */
static void test_reference_sessions(void **state)
{
	struct store *st = NULL;
	struct store_session *ss = NULL;
	size_t ns = 0;
	int bad = 0;

	(void)state;
	assert_int_equal(store_open(dbpath, STORE_READ, &st, NULL, 0), 0);
	assert_int_equal(store_session_list(st, &ss, &ns), 0);
	assert_true(ns >= 4);
	for (size_t i = 0; i < ns; i++) {
		struct store_filter f = { .session_id = ss[i].id };
		struct plan_settings s = {
			.repeat = ss[i].repeat, .warmup = ss[i].warmup,
			.min_samples = ss[i].min_samples,
			.max_time_s = ss[i].max_time_s,
			.counters = ss[i].counters &&
				    !strcmp(ss[i].counters, "read") };
		double est[SUITE_N] = { 0 }, got[SUITE_N] = { 0 };
		double te = 0, tg = 0;
		struct store_config *c = NULL;
		size_t nc = 0;

		assert_int_equal(store_config_list(st, &f, &c, &nc), 0);
		for (size_t j = 0; j < nc; j++) {
			struct plan_entry e;

			if (!(c[j].seconds > 0))
				continue;
			assert_int_equal(entry_of(&c[j], &e), 0);
			if (getenv("MEASURE_ESTIMATE_EACH"))
				printf("E %s %s m%d k%d n%d c%lld b%d i%d "
				       "p%d h%s %s run=%.3g est=%.4f got=%.4f "
				       "samples=%d\n", c[j].suite,
				       c[j].variant, c[j].m, c[j].k, c[j].n,
				       (long long)c[j].count, c[j].block_x,
				       c[j].ilp, c[j].param, c[j].host_mem,
				       c[j].precision,
				       plan_entry_run_seconds(&e),
				       plan_entry_estimate(&e, &s),
				       c[j].seconds, c[j].samples);
			est[e.suite] += plan_entry_estimate(&e, &s);
			got[e.suite] += c[j].seconds;
		}
		printf("session %lld (%s):\n", (long long)ss[i].id,
		       ss[i].cmdline ? ss[i].cmdline : "");
		for (int k = 0; k < SUITE_N; k++) {
			if (!(got[k] > 0))
				continue;
			printf("  %-12s estimate %7.1f s  stored %7.1f s  "
			       "%.2f\n", plan_suite_name((enum suite_id)k),
			       est[k], got[k], est[k] / got[k]);
			te += est[k];
			tg += got[k];
		}
		printf("  %-12s estimate %7.1f s  stored %7.1f s  %.2f\n",
		       "all", te, tg, te / tg);
		store_configs_free(c, nc);
		assert_true(tg > 0);
		if (fabs(te / tg - 1) > TOLERANCE) {
			printf("  FAILS: estimate %.0f s against %.0f s "
			       "stored, outside %.0f %%\n", te, tg,
			       100 * TOLERANCE);
			bad++;
		}
	}
	store_sessions_free(ss, ns);
	store_free(st);
	assert_int_equal(bad, 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reference_sessions),
	};

	srcdir = argc > 1 ? argv[1] : getenv("MMREPORT_SOURCE_DIR");
	if (!srcdir) {
		fprintf(stderr, "usage: measure_estimate SOURCE_DIR\n");
		return 2;
	}
	return cmocka_run_group_tests(tests, setup, teardown);
}
