/* The counter pass of a configuration (--counters, issue 6): after the
 * timed samples, one launch of the same kernel on the same buffers is
 * replayed under CUPTI's range profiler (counters.c), and what it counted
 * joins the configuration's metrics, each as a single value. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"
#include "vocab.h"

/* transfer stores 9 phases and rates; the counters come on top. */
_Static_assert(RUN_MAX_METRICS >= 9 + RUN_COUNTER_METRICS,
	       "RUN_MAX_METRICS too small for the counter pass");

/* The unit of each raw count; its name is "cnt_" and its key
 * (counters_metric_key), as render reads it (vocab.h). */
static const char *const units[COUNTERS_METRIC_COUNT] = {
	[COUNTERS_DURATION_NS] = "ns",
	[COUNTERS_INST_EXECUTED] = "warp inst",
	[COUNTERS_THREAD_INST_EXECUTED] = "thread inst",
	[COUNTERS_FFMA] = "thread inst",
	[COUNTERS_FADD] = "thread inst",
	[COUNTERS_FMUL] = "thread inst",
	[COUNTERS_GLOBAL_LD_INST] = "warp inst",
	[COUNTERS_GLOBAL_ST_INST] = "warp inst",
	[COUNTERS_GLOBAL_LD_BYTES] = "B",
	[COUNTERS_GLOBAL_ST_BYTES] = "B",
	[COUNTERS_GLOBAL_LD_REQUESTS] = "requests",
	[COUNTERS_GLOBAL_ST_REQUESTS] = "requests",
	[COUNTERS_GLOBAL_LD_SECTORS] = "sectors",
	[COUNTERS_GLOBAL_ST_SECTORS] = "sectors",
	[COUNTERS_DRAM_READ_BYTES] = "B",
	[COUNTERS_DRAM_WRITE_BYTES] = "B",
	[COUNTERS_SHARED_LD_INST] = "warp inst",
	[COUNTERS_SHARED_LD_WAVEFRONTS] = "wavefronts",
	[COUNTERS_ISSUE_ACTIVE] = "cycles",
	[COUNTERS_CYCLES_ACTIVE] = "cycles",
};

const char *run_counter_name(enum counters_metric m)
{
	static char names[COUNTERS_METRIC_COUNT][40];

	if ((int)m < 0 || m >= COUNTERS_METRIC_COUNT)
		return NULL;
	if (!names[m][0])
		snprintf(names[m], sizeof(names[m]), "%s%s",
			 VOCAB_METRIC_CNT_PREFIX, counters_metric_key(m));
	return names[m];
}

const char *run_counter_unit(enum counters_metric m)
{
	if ((int)m < 0 || m >= COUNTERS_METRIC_COUNT)
		return NULL;
	return units[m];
}

struct launch_of {
	const struct plan_entry *e;
	const struct kernel_args *args;
};

static int launch_once(void *arg)
{
	const struct launch_of *l = arg;

	return run_entry_launch(l->e, l->args);
}

/* One value as a metric of its own. The store refuses a metric without
 * values or with a value that is not finite, so such a figure is left
 * out rather than added empty. Returns -1 only when memory runs out. */
static int single_add(struct run_result *r, const char *name,
		      const char *unit, double v)
{
	struct series *s;

	if (!isfinite(v))
		return 0;
	s = run_metric_add(r, name, unit);
	if (!s)
		return -1;
	if (series_push(s, v)) {
		r->nm--;	/* nothing was allocated for it */
		return -1;
	}
	return 0;
}

int run_counters(struct run_ctx *c, const struct plan_entry *e,
		 const struct kernel_args *args, struct run_result *r)
{
	struct launch_of l = { e, args };
	struct counters_values v;
	size_t before = r->nm;
	char line[160];
	int m, bad = 0, rc;

	if (!c->counters || !plan_suite_counted(e->suite) ||
	    strcmp(r->status, VOCAB_CFG_OK) != 0)
		return 0;
	/* The passes replay the launch: no sample, so no record either. */
	if (timer_pause(c->timer))
		return -1;
	rc = counters_collect(c->counters, launch_once, &l, &v);
	if (timer_resume(c->timer)) {
		run_fail(r, "the kernel timer could not resume after the "
			 "counter pass");
		return -1;
	}
	if (rc == 1)
		return 1;
	if (rc) {
		/* counters_collect named the failed call; a launch's own
		 * (non-sticky) error is not this configuration's result. */
		(void)cudaGetLastError();
		plan_entry_format(e, line, sizeof(line));
		fprintf(stderr, "mmreport: measure: %s: counters not read; "
			"stored without them\n", line);
		return -1;
	}
	bad |= single_add(r, VOCAB_METRIC_GIPS, "GIPS", counters_gips(&v));
	bad |= single_add(r, VOCAB_METRIC_CGMA, "FLOP/access",
			  counters_cgma(&v));
	bad |= single_add(r, VOCAB_METRIC_CNT_GFLOPS, "GFLOP/s",
			  counters_flops_per_s(&v) / 1e9);
	bad |= single_add(r, VOCAB_METRIC_CNT_DRAM_GBS, "GB/s",
			  counters_dram_bytes_per_s(&v) / 1e9);
	bad |= single_add(r, VOCAB_METRIC_CNT_FP32_OPS, "FLOP",
			  counters_fp32_ops(&v));
	for (m = 0; m < COUNTERS_METRIC_COUNT; m++)
		if (v.has[m])
			bad |= single_add(r, run_counter_name(m), units[m],
					  v.value[m]);
	if (bad) {
		/* All or none: half a set of counters would read as a
		 * chip without those metrics. */
		while (r->nm > before) {
			r->nm--;
			free(r->m[r->nm].s.v);
		}
		plan_entry_format(e, line, sizeof(line));
		fprintf(stderr, "mmreport: measure: %s: out of memory for "
			"the counters; stored without them\n", line);
		return -1;
	}
	return 0;
}
