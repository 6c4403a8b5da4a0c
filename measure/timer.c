/* The kernel timer (timer.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "activity.h"
#include "kernels.h"
#include "mcuda.h"
#include "runner.h"
#include "stats.h"
#include "timer.h"

/* How long the blocking kernel waits for the host before giving up: far
 * longer than enqueuing any launch takes, short enough that a host that
 * died does not hold the GPU. */
#define BLOCK_TIMEOUT_NS	(10ULL * 1000000000ULL)
/* The probe's wait: far longer than a launch call takes to return. */
#define PROBE_TIMEOUT_NS	(200ULL * 1000000ULL)

struct timer {
	enum timer_kind kind;		/* TIMER_CUPTI, _EVENTS or _PLAIN */
	int cold;
	void *scrub;			/* kernel_scrub, when cold */
	/* events-blocking */
	cudaEvent_t ev0, ev1;
	int events;
	volatile int *flag;		/* 2 ints, host-mapped */
	/* cupti-activity: the collected records, API calls sorted by
	 * start and GPU work by correlation id */
	struct activity_rec *api, *gpu;
	size_t napi, ngpu;
};

int timer_kind_parse(const char *text, enum timer_kind *kind)
{
	if (!strcmp(text, "auto"))
		*kind = TIMER_AUTO;
	else if (!strcmp(text, "cupti"))
		*kind = TIMER_CUPTI;
	else if (!strcmp(text, "events"))
		*kind = TIMER_EVENTS;
	else
		return -1;
	return 0;
}

const char *timer_name(const struct timer *t)
{
	switch (t->kind) {
	case TIMER_CUPTI:
		return "cupti-activity";
	case TIMER_PLAIN:
		return "events";
	default:
		return "events-blocking";
	}
}

int timer_cold(const struct timer *t)
{
	return t->cold;
}

void timer_free(struct timer *t)
{
	if (!t)
		return;
	if (t->events >= 2)
		MCUDA(cudaEventDestroy(t->ev1));
	if (t->events >= 1)
		MCUDA(cudaEventDestroy(t->ev0));
	if (t->flag)
		MCUDA(cudaFreeHost((void *)t->flag));
	if (t->kind == TIMER_CUPTI)
		activity_pause();
	kernel_scrub_free(t->scrub);
	free(t->api);
	free(t->gpu);
	free(t);
}

/* 1 when a profiling or checking tool's injection library is mapped
 * into this process (Nsight Compute's, compute-sanitizer's): such a
 * tool may serialise the launches it intercepts. */
static int tool_injected(void)
{
	static const char *const marks[] = {
		"Injection", "nsight-compute", "libsanitizer",
	};
	FILE *f = fopen("/proc/self/maps", "r");
	char line[1024];
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
			if (strstr(line, marks[i]))
				found = 1;
	fclose(f);
	return found;
}

/* Can a kernel wait for the host here? Under a tool that completes each
 * launch before the launching call returns (Nsight Compute) the
 * blocking kernel is done, timed out, by the time the host could
 * release it: then the timer is a plain event pair. Such tools attach
 * through CUDA_INJECTION64_PATH, and may serialise only the kernels
 * they profile, after the blocker was launched: a tool attached is
 * reason enough. Otherwise the probe finds what serialises them all. */
static int blocker_probe(struct timer *t, char *why, size_t len)
{
	const char *tool = getenv("CUDA_INJECTION64_PATH");
	cudaError_t err;

	if ((tool && *tool) || tool_injected()) {
		t->kind = TIMER_PLAIN;
		return 0;
	}
	t->flag[0] = 0;
	t->flag[1] = 0;
	__sync_synchronize();
	err = (cudaError_t)kernel_blocker_launch(t->flag, NULL,
						 PROBE_TIMEOUT_NS);
	/* Launched (or not): a timed-out wait has set flag[1] already. */
	__sync_synchronize();
	if (!err && t->flag[1])
		t->kind = TIMER_PLAIN;
	t->flag[0] = 1;
	if (err || (err = cudaStreamSynchronize(NULL))) {
		(void)cudaGetLastError();
		snprintf(why, len, "events timer: blocking kernel: %s",
			 cudaGetErrorString(err));
		return -1;
	}
	t->flag[1] = 0;
	return 0;
}

static int events_open(struct timer *t, char *why, size_t len)
{
	cudaError_t err;
	void *flag = NULL;

	t->kind = TIMER_EVENTS;
	if ((err = cudaEventCreate(&t->ev0)))
		goto fail;
	t->events = 1;
	if ((err = cudaEventCreate(&t->ev1)))
		goto fail;
	t->events = 2;
	if ((err = cudaHostAlloc(&flag, 2 * sizeof(int),
				 cudaHostAllocMapped)))
		goto fail;
	t->flag = flag;
	t->flag[0] = 1;
	t->flag[1] = 0;
	return blocker_probe(t, why, len);
fail:
	(void)cudaGetLastError();
	snprintf(why, len, "events-blocking timer: %s",
		 cudaGetErrorString(err));
	return -1;
}

int timer_open(enum timer_kind want, int cold, size_t l2_bytes,
	       struct timer **out, char *why, size_t len)
{
	struct timer *t = calloc(1, sizeof(*t));
	char act[384] = "";

	*out = NULL;
	why[0] = '\0';
	if (!t) {
		snprintf(why, len, "out of memory");
		return -1;
	}
	t->cold = cold;
	if (cold && kernel_scrub_create(l2_bytes, &t->scrub)) {
		(void)cudaGetLastError();
		snprintf(why, len, "no device memory for the L2 scrub of "
			 "cold timing");
		goto fail;
	}
	if (want != TIMER_EVENTS) {
		if (activity_open(act, sizeof(act)) == 0) {
			t->kind = TIMER_CUPTI;
			*out = t;
			return 0;
		}
		if (want == TIMER_CUPTI) {
			snprintf(why, len, "CUPTI activity records "
				 "unavailable: %s", act);
			goto fail;
		}
	}
	if (events_open(t, why, len))
		goto fail;
	if (act[0])
		snprintf(why, len, "CUPTI activity records unavailable: %s",
			 act);
	*out = t;
	return 0;
fail:
	timer_free(t);
	return -1;
}

int timer_begin(struct timer *t, void *stream, struct timer_span *s)
{
	cudaStream_t st = (cudaStream_t)stream;
	int err;

	s->t0 = s->t1 = 0;
	s->ms = NAN;
	/* The scrub synchronises: it lies wholly before the window. */
	if (t->cold && (err = MCUDA((cudaError_t)kernel_scrub_run(t->scrub))))
		return err;
	if (t->kind == TIMER_CUPTI)
		return activity_now(&s->t0) ? cudaErrorUnknown : 0;
	if (t->kind == TIMER_PLAIN)
		return MCUDA(cudaEventRecord(t->ev0, st));
	t->flag[1] = 0;
	t->flag[0] = 0;
	__sync_synchronize();
	if ((err = kernel_blocker_launch(t->flag, stream, BLOCK_TIMEOUT_NS))) {
		t->flag[0] = 1;
		return err;
	}
	if ((err = MCUDA(cudaEventRecord(t->ev0, st)))) {
		t->flag[0] = 1;
		MCUDA(cudaStreamSynchronize(st));
		return err;
	}
	return 0;
}

int timer_end(struct timer *t, void *stream, struct timer_span *s)
{
	cudaStream_t st = (cudaStream_t)stream;
	float f = 0;
	int err;

	if (t->kind == TIMER_CUPTI) {
		if ((err = MCUDA(cudaStreamSynchronize(st))))
			return err;
		return activity_now(&s->t1) ? cudaErrorUnknown : 0;
	}
	err = MCUDA(cudaEventRecord(t->ev1, st));
	/* Released whatever happened, so that the stream drains. */
	__sync_synchronize();
	t->flag[0] = 1;
	if (err) {
		MCUDA(cudaStreamSynchronize(st));
		return err;
	}
	if ((err = MCUDA(cudaEventSynchronize(t->ev1))) ||
	    (err = MCUDA(cudaEventElapsedTime(&f, t->ev0, t->ev1))))
		return err;
	if (t->flag[1]) {
		fprintf(stderr, "mmreport: measure: the blocking kernel of the "
			"events timer timed out (does a tool serialise "
			"launches?); sample dropped\n");
		return -1;
	}
	s->ms = f;
	return 0;
}

static void records_drop(struct timer *t)
{
	free(t->api);
	free(t->gpu);
	t->api = t->gpu = NULL;
	t->napi = t->ngpu = 0;
}

int timer_reset(struct timer *t)
{
	struct activity_rec *r = NULL;
	size_t n = 0;

	records_drop(t);
	if (t->kind != TIMER_CUPTI)
		return 0;
	if (activity_flush())
		return -1;
	activity_take(&r, &n);
	free(r);
	return 0;
}

static int corr_cmp(const void *pa, const void *pb)
{
	const struct activity_rec *a = pa, *b = pb;

	return a->corr < b->corr ? -1 : a->corr > b->corr;
}

int timer_collect(struct timer *t)
{
	struct activity_rec *r = NULL;
	size_t n = 0, i;

	records_drop(t);
	if (t->kind != TIMER_CUPTI)
		return 0;
	if (activity_flush())
		return -1;
	if (activity_take(&r, &n)) {
		fprintf(stderr, "mmreport: measure: out of memory for the "
			"GPU's activity records\n");
		return -1;
	}
	t->api = malloc((n ? n : 1) * sizeof(*t->api));
	t->gpu = malloc((n ? n : 1) * sizeof(*t->gpu));
	if (!t->api || !t->gpu) {
		free(r);
		records_drop(t);
		fprintf(stderr, "mmreport: measure: out of memory for the "
			"GPU's activity records\n");
		return -1;
	}
	/* activity_take sorted them by start: the API calls stay so. */
	for (i = 0; i < n; i++) {
		if (r[i].api)
			t->api[t->napi++] = r[i];
		else if (r[i].corr && r[i].start <= r[i].end)
			t->gpu[t->ngpu++] = r[i];
	}
	free(r);
	if (t->ngpu > 1)
		qsort(t->gpu, t->ngpu, sizeof(*t->gpu), corr_cmp);
	return 0;
}

/* Index of the first record of r[n] (sorted) whose start (by_corr 0:
 * the API calls) or correlation id (1: the GPU work) is at least key,
 * or n. */
static size_t first_at(const struct activity_rec *r, size_t n, int by_corr,
		       uint64_t key)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if ((by_corr ? r[mid].corr : r[mid].start) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The GPU work the API calls of s's window launched: its first start and
 * last end. Returns the number of GPU records found. */
static size_t span_records(const struct timer *t, const struct timer_span *s,
			   uint64_t *first, uint64_t *last)
{
	size_t found = 0;

	for (size_t a = first_at(t->api, t->napi, 0, s->t0);
	     a < t->napi && t->api[a].start <= s->t1; a++) {
		uint32_t corr = t->api[a].corr;

		for (size_t g = first_at(t->gpu, t->ngpu, 1, corr);
		     g < t->ngpu && t->gpu[g].corr == corr; g++) {
			if (!found || t->gpu[g].start < *first)
				*first = t->gpu[g].start;
			if (!found || t->gpu[g].end > *last)
				*last = t->gpu[g].end;
			found++;
		}
	}
	return found;
}

size_t timer_resolve(struct timer *t, struct timer_span *s, size_t n)
{
	size_t missing = 0;

	if (t->kind != TIMER_CUPTI)
		return 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t first = 0, last = 0;

		if (!isnan(s[i].ms))
			continue;
		if (span_records(t, &s[i], &first, &last))
			s[i].ms = (double)(last - first) * 1e-6;
		else
			missing++;
	}
	return missing;
}

void timer_miss_describe(const struct timer *t, const struct timer_span *s,
			 char *buf, size_t len)
{
	size_t calls = 0;

	for (size_t a = first_at(t->api, t->napi, 0, s->t0);
	     a < t->napi && t->api[a].start <= s->t1; a++)
		calls++;
	snprintf(buf, len, "%zu API calls in the window of %.3f us, none "
		 "with GPU work among %zu GPU records", calls,
		 (double)(s->t1 - s->t0) * 1e-3, t->ngpu);
}

int timer_pause(struct timer *t)
{
	return t->kind == TIMER_CUPTI ? activity_pause() : 0;
}

int timer_resume(struct timer *t)
{
	return t->kind == TIMER_CUPTI ? activity_resume() : 0;
}

int timer_launch_cost(void *stream, int runs, double *us)
{
	cudaStream_t st = (cudaStream_t)stream;
	struct stats_summary sum;
	double *v = calloc((size_t)runs, sizeof(*v)), t0;
	int err = 0;

	if (!v)
		return cudaErrorMemoryAllocation;
	for (int i = 0; i < runs; i++) {
		t0 = run_now();
		if ((err = kernel_empty_launch(stream)) ||
		    (err = MCUDA(cudaStreamSynchronize(st))))
			goto out;
		v[i] = (run_now() - t0) * 1e6;
	}
	if (stats_summary_compute(v, (size_t)runs, &sum))
		err = cudaErrorUnknown;
	else
		*us = sum.median;
out:
	free(v);
	return err;
}
