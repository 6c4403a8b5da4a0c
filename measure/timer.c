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

struct timer {
	enum timer_kind kind;		/* TIMER_CUPTI or TIMER_EVENTS */
	int cold;
	void *scrub;			/* kernel_scrub, when cold */
	/* events-blocking */
	cudaEvent_t ev0, ev1;
	int events;
	volatile int *flag;		/* 2 ints, host-mapped */
	/* cupti-activity: the collected records, sorted by start */
	struct activity_rec *rec;
	size_t nrec;
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
	return t->kind == TIMER_CUPTI ? "cupti-activity" : "events-blocking";
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
	free(t->rec);
	free(t);
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
	return 0;
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
			"events timer timed out; sample dropped\n");
		return -1;
	}
	s->ms = f;
	return 0;
}

int timer_reset(struct timer *t)
{
	struct activity_rec *r = NULL;
	size_t n = 0;

	free(t->rec);
	t->rec = NULL;
	t->nrec = 0;
	if (t->kind != TIMER_CUPTI)
		return 0;
	if (activity_flush())
		return -1;
	activity_take(&r, &n);
	free(r);
	return 0;
}

int timer_collect(struct timer *t)
{
	if (t->kind != TIMER_CUPTI)
		return 0;
	free(t->rec);
	t->rec = NULL;
	t->nrec = 0;
	if (activity_flush())
		return -1;
	if (activity_take(&t->rec, &t->nrec)) {
		fprintf(stderr, "mmreport: measure: out of memory for the "
			"GPU's activity records\n");
		return -1;
	}
	return 0;
}

/* Index of the first record starting at or after ns. */
static size_t first_at(const struct timer *t, uint64_t ns)
{
	size_t lo = 0, hi = t->nrec;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->rec[mid].start < ns)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t timer_resolve(struct timer *t, struct timer_span *s, size_t n)
{
	size_t missing = 0;

	if (t->kind != TIMER_CUPTI)
		return 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t first = 0, last = 0;
		int any = 0;

		for (size_t j = first_at(t, s[i].t0);
		     j < t->nrec && t->rec[j].start <= s[i].t1; j++) {
			if (t->rec[j].end > s[i].t1 ||
			    t->rec[j].end < t->rec[j].start)
				continue;
			if (!any || t->rec[j].start < first)
				first = t->rec[j].start;
			if (!any || t->rec[j].end > last)
				last = t->rec[j].end;
			any = 1;
		}
		if (any)
			s[i].ms = (double)(last - first) * 1e-6;
		else
			missing++;
	}
	return missing;
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
