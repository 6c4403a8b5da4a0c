/* The plan printed, and the time model of --dry-run and of the
 * progress line's ETA (plan.h). No CUDA here. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plan.h"
#include "vocab.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---- printing and the time model ---------------------------------------- */

void plan_entry_format(const struct plan_entry *e, char *buf, size_t len)
{
	char sizes[64], block[32];

	if (e->suite == SUITE_ILP)
		snprintf(sizes, sizeof(sizes), "N=%lld", e->count);
	else if (e->suite == SUITE_TRANSPOSE)
		snprintf(sizes, sizeof(sizes), "m=%d n=%d", e->m, e->n);
	else if (e->suite == SUITE_BANK)
		snprintf(sizes, sizeof(sizes), "threads=%lld stride=%d",
			 e->count, e->param);
	else if (e->suite == SUITE_COALESCE)
		snprintf(sizes, sizeof(sizes), "N=%lld p=%d", e->count,
			 e->param);
	else if (e->suite == SUITE_DOT)
		snprintf(sizes, sizeof(sizes), "N=%lld %s", e->count,
			 e->fp64 ? "fp64" : "fp32");
	else if (e->suite == SUITE_WALKERS)
		snprintf(sizes, sizeof(sizes), "W=%lld steps=%d", e->count,
			 e->param);
	else if (e->suite == SUITE_PRECISION || e->suite == SUITE_RECT)
		snprintf(sizes, sizeof(sizes), "m=%d k=%d n=%d %s", e->m,
			 e->k, e->n, e->fp64 ? "fp64" : "fp32");
	else
		snprintf(sizes, sizeof(sizes), "m=%d k=%d n=%d", e->m, e->k,
			 e->n);
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
#define RATE_LAUNCH_S	11e-6	/* launch, synchronisation and the
				 * timer's bookkeeping of one sample */
#define RATE_COPY_BS	3.0e12	/* cudaMemcpy, bytes read + written */
#define RATE_UNKNOWN	100e9	/* FLOP/s of a kernel without a rate */
#define RATE_PAGEABLE	3.0e9	/* host<->device, pageable, B/s */
#define RATE_PINNED	10.0e9	/* host<->device, pinned, B/s */
#define RATE_PIN	4.0e9	/* cudaMallocHost page pinning, B/s */
#define RATE_HOSTCOPY	10.0e9	/* host memcpy/fill/compare, B/s */
#define RATE_GEN	1.5e-9	/* seconds per generated random element */
#define RATE_DGEMM	5.0e12	/* FP64 reference of the verification */
#define RATE_FP64_DIV	1.5	/* FP32 rate / FP64 rate, matrix kernels */
#define RATE_ACC_S	5e-9	/* a compensated long-double multiply-add
				 * of the sampled accuracy (suite_gemm) */
#define ACC_SAMPLE	1024	/* entries sampled (suite_gemm.c) */
#define CONFIG_OVERHEAD	2e-3	/* events, statistics, one transaction */
/* The ilp suite's rows at one N (5 ILP values and memcpy) share one
 * generation and upload of the inputs (runner.c, suite_ilp.c). */
#define ILP_ROWS_PER_N	6

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

double plan_entry_run_seconds(const struct plan_entry *e)
{
	double bytes, kernel, pin, in_rate, out_rate;

	switch (e->suite) {
	case SUITE_ILP:
		bytes = 2.0 * sizeof(int) * (double)e->count;
		return RATE_LAUNCH_S + bytes / (e->kd && e->kd->rate > 0 ?
						e->kd->rate : RATE_COPY_BS);
	case SUITE_WALKERS:
		/* the registry's rate is steps per second */
		return RATE_LAUNCH_S + (double)e->count * e->param /
				       e->kd->rate;
	case SUITE_TRANSPOSE:
	case SUITE_BANK:
	case SUITE_COALESCE:
	case SUITE_DOT: {
		/* the registry's bytes at its rate (bytes per second) */
		struct kernel_args a = { .m = e->m, .n = e->n,
					 .count = (size_t)e->count,
					 .block = e->block, .ilp = 1,
					 .param = e->param, .fp64 = e->fp64 };

		return RATE_LAUNCH_S + e->kd->bytes(&a) / e->kd->rate;
	}
	case SUITE_TRANSFER:
		/* malloc, fill (outside the phases, inside the wall time),
		 * A and B in, kernel, C out, free. */
		bytes = sizeof(float) * (double)e->n * e->n;
		kernel = entry_flops(e) / variant_flop_rate(e);
		pin = e->host == PLAN_HOST_PINNED ? 3 * bytes :
		      e->host == PLAN_HOST_PINNED_OUTPUT ? bytes : 0;
		in_rate = e->host == PLAN_HOST_PINNED ? RATE_PINNED :
			  RATE_PAGEABLE;
		out_rate = e->host == PLAN_HOST_PAGEABLE ? RATE_PAGEABLE :
			   RATE_PINNED;
		return 6 * RATE_LAUNCH_S + pin / RATE_PIN +
		       2 * bytes / RATE_HOSTCOPY + 2 * bytes / in_rate +
		       kernel + bytes / out_rate;
	default:
		return RATE_LAUNCH_S + entry_flops(e) / variant_flop_rate(e);
	}
}

double plan_entry_estimate(const struct plan_entry *e,
			   const struct plan_settings *s)
{
	double run = plan_entry_run_seconds(e), verify, samples, warm;

	/* Setup and verification: random inputs, the reference product
	 * (matrices) or the host comparison (copies). */
	if (e->suite == SUITE_DOT || e->suite == SUITE_WALKERS) {
		/* dot: the host's compensated reference over both vectors
		 * (cached per N and precision); walkers: a sample replayed
		 * and every position copied back */
		verify = run + (e->suite == SUITE_DOT ?
				2.0 * (double)e->count * RATE_GEN :
				4.0 * (double)e->count / RATE_PAGEABLE +
				4096.0 * e->param * 2e-9);
	} else if (e->suite == SUITE_TRANSPOSE || e->suite == SUITE_BANK ||
	    e->suite == SUITE_COALESCE) {
		/* inputs filled on the device; the output copied back and
		 * compared with the recomputed inputs */
		double out = e->suite == SUITE_TRANSPOSE ? 4.0 * e->count :
			     e->suite == SUITE_BANK ? 4.0 * e->count :
			     12.0 * e->count;

		verify = run + out / RATE_PAGEABLE + out / RATE_HOSTCOPY +
			 out / 4 * RATE_GEN;
	} else if (e->suite == SUITE_ILP) {
		double bytes = sizeof(int) * (double)e->count;

		/* Inputs generated and copied in once for the rows of one N
		 * (runner.c keeps them); b copied back and compared. */
		verify = run + ((double)e->count * RATE_GEN +
				bytes / RATE_PAGEABLE) / ILP_ROWS_PER_N +
			 bytes / RATE_PAGEABLE + bytes / RATE_HOSTCOPY;
	} else {
		double elems = (double)e->m * e->k + (double)e->k * e->n;

		verify = run + elems * RATE_GEN +
			 sizeof(float) * elems / RATE_PAGEABLE +
			 entry_flops(e) / RATE_DGEMM;
		if (e->suite == SUITE_PRECISION || e->suite == SUITE_RECT)
			verify += (double)ACC_SAMPLE * e->k * RATE_ACC_S;
	}
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

double plan_entry_device_bytes(const struct plan_entry *e)
{
	double es = e->fp64 ? 8.0 : 4.0, n = (double)e->count;

	switch (e->suite) {
	case SUITE_ILP:
		return 2.0 * 4.0 * n;			/* a and b */
	case SUITE_TRANSPOSE:
		return 2.0 * 4.0 * e->m * (double)e->n;
	case SUITE_BANK:
		return 4.0 * (4096.0 + n);		/* the words, out */
	case SUITE_COALESCE:
		if (!strcmp(e->variant, VOCAB_VARIANT_STRIDE))
			return 4.0 * ((n - 1) * e->param + 1 + n);
		if (!strcmp(e->variant, VOCAB_VARIANT_OFFSET))
			return 4.0 * (2 * n + e->param);
		return 4.0 * 9.0 * n;			/* three float3 arrays */
	case SUITE_DOT:
		return 2.0 * es * n;			/* x and y */
	case SUITE_WALKERS:
		return 2.0 * 4.0 * n;			/* states, positions */
	default:	/* the products, transfer's included */
		return es * ((double)e->m * e->k + (double)e->k * e->n +
			     (double)e->m * e->n);
	}
}

size_t plan_warn(const struct plan *p, const struct plan_settings *s,
		 unsigned long long mem, FILE *err)
{
	char line[160], dur[32];
	size_t warned = 0;

	for (size_t i = 0; i < p->n; i++) {
		const struct plan_entry *e = &p->e[i];
		double bytes = plan_entry_device_bytes(e);
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
