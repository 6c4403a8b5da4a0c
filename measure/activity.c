/* CUPTI activity records (activity.h). Every CUPTI function is resolved
 * with dlsym; cupti_activity.h gives types and constants only. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>
#include <cupti_activity.h>

#include "activity.h"
#include "cupti.h"
#include "kernels.h"
#include "mcuda.h"
#include "plan.h"

/* One buffer CUPTI fills: a few thousand records. */
#define BUF_SIZE	(1u << 20)
#define BUF_ALIGN	8

static const CUpti_ActivityKind kinds[] = {
	CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL,
	CUPTI_ACTIVITY_KIND_MEMCPY,
	CUPTI_ACTIVITY_KIND_MEMSET,
	CUPTI_ACTIVITY_KIND_RUNTIME,
	CUPTI_ACTIVITY_KIND_DRIVER,
};

/* Filled once and kept: the buffer callback may run at any time after
 * registration, even when activity_open failed later. */
static struct {
	int open;
	CUptiResult (CUPTIAPI *get_result_string)(CUptiResult, const char **);
	CUptiResult (CUPTIAPI *register_callbacks)(
		CUpti_BuffersCallbackRequestFunc,
		CUpti_BuffersCallbackCompleteFunc);
	CUptiResult (CUPTIAPI *enable)(CUpti_ActivityKind);
	CUptiResult (CUPTIAPI *disable)(CUpti_ActivityKind);
	CUptiResult (CUPTIAPI *flush_all)(uint32_t);
	CUptiResult (CUPTIAPI *next_record)(uint8_t *, size_t,
					    CUpti_Activity **);
	CUptiResult (CUPTIAPI *timestamp)(uint64_t *);
} api;

/* The list the buffer callback appends to; CUPTI may call it from a
 * thread of its own. */
static struct {
	pthread_mutex_t lock;
	struct activity_rec *v;
	size_t n;			/* grown by plan_array_push */
	int lost;
} list = { PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0 };

static const char *result_text(CUptiResult r)
{
	const char *s = NULL;

	if (api.get_result_string && api.get_result_string(r, &s) ==
	    CUPTI_SUCCESS && s)
		return s;
	return "CUPTI error";
}

/* Reports a failed CUPTI call into why (when given) or on stderr.
 * Returns 0 for success, else -1. */
static int cupti_check(CUptiResult r, int line, const char *call, char *why,
		       size_t len)
{
	if (r == CUPTI_SUCCESS)
		return 0;
	if (why)
		snprintf(why, len, "measure/activity.c:%d: %s: %s", line,
			 call, result_text(r));
	else if (!kernel_cuda_lost())	/* a fault told once */
		fprintf(stderr, "mmreport: measure/activity.c:%d: %s: %s\n",
			line, call, result_text(r));
	return -1;
}

#define CUPTI(call, why, len) \
	cupti_check((call), __LINE__, #call, (why), (len))

static void CUPTIAPI buffer_requested(uint8_t **buffer, size_t *size,
				      size_t *max_records)
{
	void *p = NULL;

	/* A NULL buffer makes CUPTI drop records; the windows that miss
	 * them then fail, loudly, in timer_resolve. */
	if (posix_memalign(&p, BUF_ALIGN, BUF_SIZE))
		p = NULL;
	*buffer = p;
	*size = p ? BUF_SIZE : 0;
	*max_records = 0;
}

static void list_push(uint64_t start, uint64_t end, uint32_t corr,
		      uint32_t is_api)
{
	struct activity_rec r = { start, end, corr, is_api };

	if (plan_array_push(&list.v, &list.n, sizeof(r), &r))
		list.lost = 1;
}

static void CUPTIAPI buffer_completed(CUcontext ctx, uint32_t stream,
				      uint8_t *buffer, size_t size,
				      size_t valid)
{
	CUpti_Activity *rec = NULL;

	pthread_mutex_lock(&list.lock);
	while (valid && api.next_record && api.next_record(buffer, valid, &rec) ==
	       CUPTI_SUCCESS) {
		switch (rec->kind) {
		case CUPTI_ACTIVITY_KIND_KERNEL:
		case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
			const CUpti_ActivityKernel10 *k = (const void *)rec;

			list_push(k->start, k->end, k->correlationId, 0);
			break;
		}
		case CUPTI_ACTIVITY_KIND_MEMCPY: {
			const CUpti_ActivityMemcpy6 *m = (const void *)rec;

			list_push(m->start, m->end, m->correlationId, 0);
			break;
		}
		case CUPTI_ACTIVITY_KIND_MEMSET: {
			const CUpti_ActivityMemset4 *m = (const void *)rec;

			list_push(m->start, m->end, m->correlationId, 0);
			break;
		}
		case CUPTI_ACTIVITY_KIND_RUNTIME:
		case CUPTI_ACTIVITY_KIND_DRIVER: {
			const CUpti_ActivityAPI *a = (const void *)rec;

			list_push(a->start, a->end, a->correlationId, 1);
			break;
		}
		default:
			break;
		}
	}
	pthread_mutex_unlock(&list.lock);
	free(buffer);
}

static int kinds_set(int on, char *why, size_t len)
{
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		CUptiResult r = on ? api.enable(kinds[i]) :
				     api.disable(kinds[i]);

		if (cupti_check(r, __LINE__, on ? "cuptiActivityEnable" :
				"cuptiActivityDisable", why, len))
			return -1;
	}
	return 0;
}

static int rec_cmp(const void *pa, const void *pb)
{
	const struct activity_rec *a = pa, *b = pb;

	return a->start < b->start ? -1 : a->start > b->start;
}

int activity_take(struct activity_rec **recs, size_t *n)
{
	int lost;

	pthread_mutex_lock(&list.lock);
	*recs = list.v;
	*n = list.n;
	lost = list.lost;
	list.v = NULL;
	list.n = 0;
	list.lost = 0;
	pthread_mutex_unlock(&list.lock);
	if (lost) {
		free(*recs);
		*recs = NULL;
		*n = 0;
		return -1;
	}
	if (*n > 1)
		qsort(*recs, *n, sizeof(**recs), rec_cmp);
	return 0;
}

int activity_flush(void)
{
	return CUPTI(api.flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), NULL, 0);
}

int activity_now(uint64_t *ns)
{
	return CUPTI(api.timestamp(ns), NULL, 0);
}

int activity_pause(void)
{
	return kinds_set(0, NULL, 0);
}

int activity_resume(void)
{
	return kinds_set(1, NULL, 0);
}

/* The self-test: an empty kernel launched between two timestamps must
 * come back as one GPU record, whose correlation id is that of an API
 * call made between them. */
static int probe(char *why, size_t len)
{
	struct activity_rec *recs = NULL;
	uint64_t t0 = 0, t1 = 0;
	size_t n = 0, gpu = 0, tied = 0;
	int rc = -1;

	if (CUPTI(api.timestamp(&t0), why, len))
		return -1;
	if (kernel_empty_launch(NULL) || cudaDeviceSynchronize() ||
	    CUPTI(api.timestamp(&t1), why, len) ||
	    CUPTI(api.flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), why, len)) {
		if (!why[0])
			snprintf(why, len, "the probe kernel failed");
		(void)cudaGetLastError();
		goto out;
	}
	if (activity_take(&recs, &n)) {
		snprintf(why, len, "out of memory for activity records");
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		if (recs[i].api || recs[i].start >= recs[i].end)
			continue;
		gpu++;
		for (size_t j = 0; j < n; j++)
			if (recs[j].api && recs[j].corr == recs[i].corr &&
			    recs[j].start >= t0 && recs[j].start <= t1) {
				tied++;
				break;
			}
	}
	if (gpu != 1 || tied != 1) {
		snprintf(why, len, "%zu activity records of a probe kernel, %zu "
			 "of them tied to its launch; expected 1 (another tool "
			 "may own CUPTI)", gpu, tied);
		goto out;
	}
	rc = 0;
out:
	free(recs);
	return rc;
}

#define SYM(field, name) \
	do { \
		*(void **)&api.field = dlsym(lib, name); \
		if (!api.field) { \
			snprintf(why, len, "CUPTI lacks %s", name); \
			goto fail; \
		} \
	} while (0)

int activity_open(char *why, size_t len)
{
	void *lib;

	why[0] = '\0';
	/* Open from an earlier session, paused at its end (timer_free). */
	if (api.open)
		return kinds_set(1, why, len);
	if (api.timestamp)
		goto enable;	/* loaded by an earlier, failed call */
	lib = cupti_library(why, len);
	if (!lib)
		return -1;
	SYM(get_result_string, "cuptiGetResultString");
	SYM(register_callbacks, "cuptiActivityRegisterCallbacks");
	SYM(enable, "cuptiActivityEnable");
	SYM(disable, "cuptiActivityDisable");
	SYM(flush_all, "cuptiActivityFlushAll");
	SYM(next_record, "cuptiActivityGetNextRecord");
	SYM(timestamp, "cuptiGetTimestamp");
	if (CUPTI(api.register_callbacks(buffer_requested, buffer_completed),
		  why, len))
		goto fail;
enable:
	if (kinds_set(1, why, len))
		goto fail;
	if (probe(why, len)) {
		kinds_set(0, NULL, 0);
		goto fail;
	}
	api.open = 1;
	return 0;
fail:
	if (!api.timestamp)
		memset(&api, 0, sizeof(api));
	return -1;
}
