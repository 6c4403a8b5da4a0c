/* The plan printed, and the time model of --dry-run and of the
 * progress line's ETA (plan.h). No CUDA here. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plan.h"

/* ---- printing and the time model ---------------------------------------- */

void plan_entry_sizes(const struct plan_entry *e, int brief, char *buf,
		      size_t len)
{
	const struct suite_hooks *h = plan_hooks[e->suite];
	int n;

	if (h->count_label)
		n = snprintf(buf, len, "%s=%lld", h->count_label, e->count);
	else if (!e->k)		/* a transpose: m x n */
		n = snprintf(buf, len, brief ? "%dx%d" : "m=%d n=%d", e->m,
			     e->n);
	else if (!brief)
		n = snprintf(buf, len, "m=%d k=%d n=%d", e->m, e->k, e->n);
	else if (e->m == e->n && e->k == e->n)
		n = snprintf(buf, len, "n=%d", e->n);
	else
		n = snprintf(buf, len, "%dx%dx%d", e->m, e->k, e->n);
	if (h->param_label && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, " %s=%d",
			      h->param_label, e->param);
	if (suite_defs[e->suite].fp && n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, " %s",
			 e->fp64 ? "fp64" : "fp32");
}

void plan_entry_format(const struct plan_entry *e, char *buf, size_t len)
{
	char sizes[64], block[32];

	plan_entry_sizes(e, 0, sizes, sizeof(sizes));
	if (!e->block)
		snprintf(block, sizeof(block), "-");
	else if (plan_suite_1d(e->suite))
		snprintf(block, sizeof(block), "%d", e->block);
	else
		snprintf(block, sizeof(block), "%dx%d", e->block, e->block);
	snprintf(buf, len, "%-9s  %-8s  %-22s  block=%-5s  ilp=%-2d  host=%s",
		 plan_suite_name(e->suite), e->variant, sizes, block, e->ilp,
		 e->host == PLAN_HOST_NONE ? "-" : plan_host_name(e->host));
}

/* Rates and costs calibrated on the reference database's sessions, an
 * H100 and an H200 (tests/measure_estimate sets each stored
 * configuration's estimate beside its stored wall time: every session
 * within 25 %); older or smaller GPUs take longer than estimated. A
 * kernel's own rate is in its registry entry, set from the same sessions
 * at about its lowest sustained rate over the sizes measured. */
#define RATE_UNKNOWN	100e9	/* FLOP/s of a kernel without a rate */
#define RATE_DGEMM	5.0e12	/* FP64 reference of the verification */
#define RATE_FP64_DIV	1.5	/* FP32 rate / FP64 rate, matrix kernels */
#define RATE_ACC_S	5e-9	/* a compensated long-double multiply-add
				 * of the sampled accuracy (suite_gemm) */
#define ACC_SAMPLE	1024	/* entries sampled (suite_gemm.c) */
#define CONFIG_OVERHEAD	2e-3	/* events, statistics, one transaction */
/* The others, which the suites share, are in plan.h (PLAN_RATE_*); a
 * suite's own beside its hooks (suite_*.c). */

/* The registry's rate; own kernels (0) count as slow ones. */
static double variant_flop_rate(const struct plan_entry *e)
{
	const struct kernel_desc *kd = e->kd;

	if (!kd || kd->rate <= 0)
		return RATE_UNKNOWN;
	if (kd->rate_per_warp)
		return kd->rate * ((e->block * e->block + 31) / 32);
	/* double: half the FP32 rate or less (1:2 FP64 units on data-
	 * centre GPUs, twice the bytes everywhere) */
	return e->fp64 ? kd->rate / RATE_FP64_DIV : kd->rate;
}

static double entry_flops(const struct plan_entry *e)
{
	return 2.0 * e->m * e->k * e->n;
}

double plan_kernel_seconds(const struct plan_entry *e)
{
	return entry_flops(e) / variant_flop_rate(e);
}

/* A kernel sized by a count: its registry bytes at its registry rate
 * (bytes per second). */
static double bytes_run_seconds(const struct plan_entry *e)
{
	struct kernel_args a = { .m = e->m, .n = e->n,
				 .count = (size_t)e->count, .block = e->block,
				 .ilp = 1, .param = e->param, .fp64 = e->fp64 };

	return PLAN_RATE_LAUNCH_S + e->kd->bytes(&a) / e->kd->rate;
}

double plan_entry_run_seconds(const struct plan_entry *e)
{
	if (plan_hooks[e->suite]->run_seconds)
		return plan_hooks[e->suite]->run_seconds(e);
	return e->count ? bytes_run_seconds(e) :
	       PLAN_RATE_LAUNCH_S + plan_kernel_seconds(e);
}

/* A product's setup and verification: random inputs, the reference
 * product, and where float is compared with double the accuracy of a
 * sample of entries. */
static double matrix_verify_seconds(const struct plan_entry *e, double run)
{
	double elems = (double)e->m * e->k + (double)e->k * e->n;
	double verify = run + elems * PLAN_RATE_GEN +
			sizeof(float) * elems / PLAN_RATE_PAGEABLE +
			entry_flops(e) / RATE_DGEMM;

	if (plan_hooks[e->suite]->fp_mixed)
		verify += (double)ACC_SAMPLE * e->k * RATE_ACC_S;
	return verify;
}

double plan_entry_estimate(const struct plan_entry *e,
			   const struct plan_settings *s)
{
	const struct suite_hooks *h = plan_hooks[e->suite];
	double run = plan_entry_run_seconds(e), verify, samples, warm;

	verify = (h->verify_seconds ? h->verify_seconds :
		  matrix_verify_seconds)(e, run);
	samples = ceil(s->max_time_s / run);
	if (samples < s->min_samples)
		samples = s->min_samples;
	if (samples > s->repeat)
		samples = s->repeat;
	/* with a noise target most configurations stop at their first
	 * check: on an H100, 410 of the default sweep's 560 at 1 %, 329 at
	 * 0.5 %, the sweep's time then that of min_samples each */
	if (s->max_noise > 0 && samples > s->min_samples)
		samples = s->min_samples;
	warm = run > s->max_time_s && s->warmup > 1 ? 1 : s->warmup;
	if (s->counters && plan_suite_counted(e->suite))
		verify += PLAN_COUNTER_OVERHEAD + PLAN_COUNTER_RUNS * run;
	return CONFIG_OVERHEAD + verify + (warm + samples) * run;
}

static void duration_format(double s, char *buf, size_t len)
{
	long t = (long)ceil(s);

	snprintf(buf, len, "%ldh %02ldm %02lds", t / 3600, t / 60 % 60,
		 t % 60);
}

/* The device memory an entry's buffers take (its inputs and outputs;
 * the verification needs more), in bytes. */
static double entry_device_bytes(const struct plan_entry *e)
{
	double es = e->fp64 ? 8.0 : 4.0;

	if (plan_hooks[e->suite]->device_bytes)
		return plan_hooks[e->suite]->device_bytes(e);
	/* a kernel sized by a count: its input and output arrays; else the
	 * three matrices of a product */
	return e->count ? 2.0 * es * (double)e->count :
	       es * ((double)e->m * e->k + (double)e->k * e->n +
		     (double)e->m * e->n);
}

size_t plan_warn(const struct plan *p, const struct plan_settings *s,
		 unsigned long long mem, FILE *err)
{
	char line[160], dur[32];
	size_t warned = 0;

	for (size_t i = 0; i < p->n; i++) {
		const struct plan_entry *e = &p->e[i];
		double bytes = entry_device_bytes(e);
		double t = plan_entry_estimate(e, s);

		if (bytes <= (double)mem && t <= PLAN_WARN_SECONDS)
			continue;
		warned++;
		plan_entry_format(e, line, sizeof(line));
		/* the line's columns, one space apart */
		for (char *a = line, *b = line;; b++) {
			if (*b == ' ' && a > line && a[-1] == ' ')
				continue;
			*a++ = *b;
			if (!*b)
				break;
		}
		duration_format(t, dur, sizeof(dur));
		fprintf(err, "mmreport: measure: warning: %s:", line);
		if (bytes > (double)mem)
			fprintf(err, " its buffers need %.1f GiB of device "
				"memory, more than the %llu GiB a dry run "
				"assumes (a run skips it as out of memory)%s",
				bytes / 1073741824.0, mem >> 30,
				t > PLAN_WARN_SECONDS ? ";" : "");
		if (t > PLAN_WARN_SECONDS)
			fprintf(err, " estimated at %s, more than an hour",
				dur);
		fputc('\n', err);
	}
	return warned;
}

void plan_print(const struct plan *p, const struct plan_settings *s,
		const char *devices, int ilp_sized, FILE *out)
{
	size_t count[SUITE_N] = { 0 };
	double total = 0;
	char line[160], dur[32];

	fprintf(out, "# mmreport measure plan: %zu configurations per device "
		"(device %s)\n", p->n, devices);
	fprintf(out, "# suite      variant   sizes                   block  "
		"      ilp     host memory\n");
	for (size_t i = 0; i < p->n; i++) {
		plan_entry_format(&p->e[i], line, sizeof(line));
		fprintf(out, "%s\n", line);
		count[p->e[i].suite]++;
		total += plan_entry_estimate(&p->e[i], s);
	}
	fprintf(out, "# per suite:");
	for (int i = 0; i < SUITE_N; i++)
		fprintf(out, "%s %s %zu", i ? "," : "",
			plan_suite_name((enum suite_id)i), count[i]);
	fputc('\n', out);
	if (count[SUITE_ILP] && !ilp_sized)
		fprintf(out, "# ilp sizes assume %llu GiB of free device "
			"memory; a real run sizes them from the device\n",
			(unsigned long long)(PLAN_DRYRUN_FREE_MEM >> 30));
	duration_format(total, dur, sizeof(dur));
	fprintf(out, "estimate: %s per device for %zu configurations\n", dur,
		p->n);
	fprintf(out, "# model: per configuration, warm-up runs (%d; one when "
		"a run exceeds --max-time %g s), one verification run with "
		"its reference, and min(repeat %d, max(min-samples %d, "
		"ceil(max-time / run))) samples%s; a run's time from its "
		"FLOPs and bytes at rates calibrated on an H100 and an H200 "
		"(plan_model.c), plus launch overhead\n", s->warmup,
		s->max_time_s, s->repeat, s->min_samples,
		s->max_noise > 0 ? ", or with a --max-noise target "
		"min-samples (where most configurations stop)" : "");
	if (s->counters)
		fprintf(out, "# counters pass: after the samples of each "
			"versions, reference, transpose, bank and coalesce "
			"configuration, one launch replayed under CUPTI's "
			"range profiler (not a sample; the transfer and ilp "
			"suites have none); in the estimate as %d runs + %g "
			"s each\n",
			PLAN_COUNTER_RUNS, PLAN_COUNTER_OVERHEAD);
}
