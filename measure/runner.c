/* What the suites' runners share: results, checked CUDA calls, timed
 * and untimed launches, the shared buffers and the cached random
 * inputs. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mcuda.h"
#include "rng.h"
#include "runner.h"
#include "vocab.h"
#include "watchdog.h"

double run_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

void run_result_init(struct run_result *r)
{
	memset(r, 0, sizeof(*r));
	r->status = VOCAB_CFG_OK;
	r->rel_error = NAN;
}

void run_result_release(struct run_result *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nm; i++)
		free(r->m[i].s.v);
	memset(r, 0, sizeof(*r));
}

struct series *run_metric_add(struct run_result *r, const char *name,
			      const char *unit)
{
	struct run_metric *m;

	if (r->nm == RUN_MAX_METRICS)
		return NULL;
	m = &r->m[r->nm++];
	memset(m, 0, sizeof(*m));
	m->name = name;
	m->unit = unit;
	return &m->s;
}

struct series *run_metric_find(struct run_result *r, const char *name)
{
	for (size_t i = 0; i < r->nm; i++)
		if (strcmp(r->m[i].name, name) == 0)
			return &r->m[i].s;
	return NULL;
}

int series_push(struct series *s, double v)
{
	return plan_array_push(&s->v, &s->n, sizeof(v), &v);
}

int run_single_value(struct run_result *r, const char *name,
		     const char *unit, double v)
{
	struct series *s = run_metric_add(r, name, unit);

	if (!s || series_push(s, v)) {
		run_skip(r, "out of memory: metrics");
		return -1;
	}
	return 0;
}

int run_ok(const struct run_result *r)
{
	return strcmp(r->status, VOCAB_CFG_OK) == 0;
}

static void mark(struct run_result *r, const char *status, const char *fmt,
		 va_list ap)
{
	/* The first reason is the cause; later ones are consequences. */
	if (strcmp(r->status, VOCAB_CFG_OK) != 0)
		return;
	r->status = status;
	vsnprintf(r->reason, sizeof(r->reason), fmt, ap);
}

void run_skip(struct run_result *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	mark(r, VOCAB_CFG_SKIPPED, fmt, ap);
	va_end(ap);
}

void run_fail(struct run_result *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	mark(r, VOCAB_CFG_FAILED, fmt, ap);
	va_end(ap);
}

int run_cuda(struct run_result *r, cudaError_t err, const char *file,
	     int line, const char *call, const char *what)
{
	if (err == cudaSuccess)
		return 0;
	if (err == cudaErrorMemoryAllocation && what) {
		(void)cudaGetLastError();
		run_skip(r, "out of memory: %s", what);
		return (int)err;
	}
	if (strcmp(r->status, VOCAB_CFG_OK) == 0)
		r->cuda_error = 1;
	/* a fault is the kernel's, not this call's: the group tells it
	 * once (run.c), with the kernel and its configuration */
	if (measure_cuda_fault(err)) {
		kernel_cuda_lost_set(1);
		run_fail(r, "the kernel faulted: %s (found by %s)",
			 cudaGetErrorString(err), call);
		return (int)err;
	}
	measure_cuda_report(err, file, line, call);
	run_fail(r, "CUDA error: %s: %s", call, cudaGetErrorString(err));
	return (int)err;
}

int run_launch_error(struct run_result *r, int err)
{
	switch (err) {
	case cudaSuccess:
		return 0;
	case cudaErrorMemoryAllocation:
	case cudaErrorInvalidConfiguration:
	case cudaErrorLaunchOutOfResources:
	case cudaErrorNoKernelImageForDevice:
	case cudaErrorInvalidDeviceFunction:
	case cudaErrorNotSupported:
	case cudaErrorInvalidValue:
		/* The device cannot run this configuration; the context is
		 * unharmed. */
		(void)cudaGetLastError();
		run_skip(r, "cannot launch: %s",
			 cudaGetErrorString((cudaError_t)err));
		return err;
	default:
		if (strcmp(r->status, VOCAB_CFG_OK) == 0)
			r->cuda_error = 1;
		run_fail(r, "launch failed: %s",
			 cudaGetErrorString((cudaError_t)err));
		return err;
	}
}

void run_args_init(const struct plan_entry *e, struct kernel_args *a)
{
	memset(a, 0, sizeof(*a));
	a->m = e->m;
	a->k = e->k;
	a->n = e->n;
	a->count = (size_t)e->count;
	a->block = e->block;
	a->ilp = e->ilp;
	a->param = e->param;
	a->fp64 = e->fp64;
	a->kd = e->kd;
}

int run_entry_launch(const struct plan_entry *e,
		     const struct kernel_args *args)
{
	watchdog_beat(e->variant, e->m, e->k, e->n, e->block, e->ilp);
	if (e->kd)
		return e->kd->launch(args);
	return MCUDA(cudaMemcpyAsync(args->c, args->a,
				     (size_t)args->count * sizeof(int),
				     cudaMemcpyDeviceToDevice,
				     (cudaStream_t)args->stream));
}

struct timer_span *run_span_add(struct job *j)
{
	struct timer_span sp = { .throttled = 0 };

	if (plan_array_push(&j->spans, &j->nspans, sizeof(sp), &sp)) {
		run_skip(&j->r, "out of memory: host sample buffer");
		return NULL;
	}
	return &j->spans[j->nspans - 1];
}

int run_timed_launch(struct run_ctx *c, struct job *j, double *seconds)
{
	struct timer_span *sp = run_span_add(j);
	double t0 = run_now();
	int err, lerr;

	if (!sp)
		return -1;
	if ((err = timer_begin(c->timer, j->args.stream, sp))) {
		j->nspans--;
		return run_cuda(&j->r, (cudaError_t)err, __FILE__, __LINE__,
				"timer_begin", NULL);
	}
	lerr = run_entry_launch(j->e, &j->args);
	err = timer_end(c->timer, j->args.stream, sp);
	*seconds = run_now() - t0;
	if (lerr) {
		j->nspans--;
		return run_launch_error(&j->r, lerr);
	}
	if (err) {
		j->nspans--;
		if (err < 0) {
			run_fail(&j->r, "the events timer's blocking kernel "
				 "timed out");
			return -1;
		}
		return run_cuda(&j->r, (cudaError_t)err, __FILE__, __LINE__,
				"timer_end", NULL);
	}
	return 0;
}

int run_plain_launch(struct run_ctx *c, struct job *j, double *seconds)
{
	double t0 = run_now();
	int err;

	if ((err = run_launch_error(&j->r, run_entry_launch(j->e, &j->args))))
		return err;
	err = RCUDA(&j->r, cudaStreamSynchronize(
			(cudaStream_t)j->args.stream));
	*seconds = run_now() - t0;
	return err;
}

int run_poisoned_launch(struct job *j, size_t bytes)
{
	double sec;
	int err = RCUDA(&j->r, (cudaError_t)kernel_poison(j->args.c, bytes));

	return err ? err : run_plain_launch(NULL, j, &sec);
}

int run_gemm_check(struct run_ctx *c, struct run_result *r, int fp64,
		   const void *a, const void *b, void *out, int m, int k,
		   int n)
{
	size_t nonfinite = 0;
	double rel = NAN;
	int err = (fp64 ? kernel_gemm_verify64 : kernel_gemm_verify)(c->blas,
			a, b, out, m, k, n, &rel, &nonfinite);

	if (err == cudaErrorMemoryAllocation) {
		(void)cudaGetLastError();
		run_skip(r, "out of memory: FP64 reference of the "
			 "verification");
		return err;
	}
	if ((err = RCUDA(r, (cudaError_t)err)))
		return err;
	r->rel_error = rel;
	if (nonfinite || !isfinite(rel) || rel > PLAN_TOLERANCE) {
		r->verify_failed = 1;
		run_fail(r, "verification failed: relative error %.3g "
			 "(tolerance %.0e), %zu non-finite elements", rel,
			 PLAN_TOLERANCE, nonfinite);
	}
	return 0;
}

/* Host chunk of run_words_check: 16 Mi words. */
#define WORDS_CHUNK ((size_t)1 << 24)

int run_words_check(struct job *j, size_t count,
		    const uint32_t *(*want)(const void *arg, size_t first,
					    size_t len, uint32_t *buf),
		    const void *arg)
{
	struct run_result *r = &j->r;
	size_t chunk = count < WORDS_CHUNK ? count : WORDS_CHUNK;
	size_t done, i, bad = 0, first = 0;
	uint32_t *host;
	int err;

	if ((err = run_poisoned_launch(j, count * 4)))
		return err;
	/* the copy back, then room for want's words */
	host = malloc(2 * chunk * sizeof(*host));
	if (!host) {
		run_skip(r, "out of memory: host verification buffer");
		return -1;
	}
	for (done = 0; done < count; done += chunk) {
		size_t len = count - done < chunk ? count - done : chunk;
		const uint32_t *w;

		if ((err = RCUDA(r, cudaMemcpy(host, (const uint32_t *)
					       j->args.c + done, len * 4,
					       cudaMemcpyDeviceToHost))))
			goto out;
		w = want(arg, done, len, host + chunk);
		if (memcmp(host, w, len * 4) == 0)
			continue;
		for (i = 0; i < len; i++)
			if (host[i] != w[i] && !bad++)
				first = done + i;
	}
	/* For a copy the "relative error" is the fraction of elements
	 * that differ: 0 exactly when every one is right. */
	r->rel_error = (double)bad / (double)count;
	if (bad) {
		r->verify_failed = 1;
		run_fail(r, "verification failed: %zu of %zu elements differ "
			 "(first at index %zu)", bad, count, first);
		err = -1;
	}
out:
	free(host);
	return err;
}

int run_rates(struct job *j, const char *name, double work)
{
	struct series *t = run_metric_find(&j->r, VOCAB_METRIC_KERNEL);
	struct series *out = run_metric_find(&j->r, name);

	for (size_t i = 0; i < t->n; i++)
		if (series_push(out, work / (t->v[i] * 1e-3) / 1e9)) {
			run_skip(&j->r, "out of memory: host sample buffer");
			return -1;
		}
	return 0;
}

void run_throttle_apply(const struct plan_settings *s, struct job *j)
{
	size_t n = j->nspans, keep = n - j->throttled, w;

	if (s->throttle == PLAN_THROTTLE_KEEP || !j->throttled ||
	    (int)keep < s->min_samples)
		return;
	for (size_t m = 0; m < j->r.nm; m++) {
		struct series *sr = &j->r.m[m].s;

		if (sr->n != n)
			continue;	/* not one value per sample */
		w = 0;
		for (size_t i = 0; i < n; i++)
			if (!j->spans[i].throttled)
				sr->v[w++] = sr->v[i];
		sr->n = w;
	}
	w = 0;
	for (size_t i = 0; i < n; i++)
		if (!j->spans[i].throttled)
			j->spans[w++] = j->spans[i];
	j->nspans = w;
	j->discarded = n - w;
}

int run_kernel_times(struct run_ctx *c, struct job *j)
{
	struct series *times = run_metric_find(&j->r, VOCAB_METRIC_KERNEL);
	size_t missing = timer_resolve(c->timer, j->spans, j->nspans);

	if (!times) {
		run_skip(&j->r, "out of memory: metrics");
		return -1;
	}
	if (missing) {
		char detail[256] = "";

		for (size_t i = 0; i < j->nspans; i++)
			if (isnan(j->spans[i].ms)) {
				timer_miss_describe(c->timer, &j->spans[i],
						    detail, sizeof(detail));
				break;
			}
		run_fail(&j->r, "the GPU recorded no activity in %zu of %zu "
			 "samples (%s timer; first: %s)", missing, j->nspans,
			 timer_name(c->timer), detail);
		return -1;
	}
	for (size_t i = 0; i < j->nspans; i++) {
		if (!(j->spans[i].ms > 0)) {
			run_fail(&j->r, "the %s timer gave %g ms for a sample",
				 timer_name(c->timer), j->spans[i].ms);
			return -1;
		}
		if (series_push(times, j->spans[i].ms)) {
			run_skip(&j->r, "out of memory: host sample buffer");
			return -1;
		}
	}
	return 0;
}

void run_shared_release(struct run_ctx *c)
{
	run_bufs_release(&c->bufs);
	run_bufs_release(&c->bufs64);
}

void run_bufs_release(struct shared_bufs *b)
{
	if (b->a)
		MCUDA(cudaFree(b->a));
	if (b->b)
		MCUDA(cudaFree(b->b));
	if (b->c)
		MCUDA(cudaFree(b->c));
	memset(b, 0, sizeof(*b));
}

/* ---- random inputs ------------------------------------------------------ */

void run_inputs_release(struct input_cache *cache)
{
	free(cache->f32.a);
	free(cache->f32.b);
	free(cache->f64.a);
	free(cache->f64.b);
	free(cache->ints);
	memset(cache, 0, sizeof(*cache));
}

/* The floats replace the ints and the ints replace both, while floats
 * and doubles are kept side by side. */
int run_inputs_matrix(struct run_ctx *c, int fp64, int m, int k, int n,
		      struct run_result *r)
{
	struct input_cache *ic = &c->cache;
	struct input_mats *im = fp64 ? &ic->f64 : &ic->f32;
	uint64_t seed = rng_config_seed(c->set->seed, m, k, n, 0);
	size_t na = (size_t)m * k, nb = (size_t)k * n;
	size_t elt = fp64 ? sizeof(double) : sizeof(float);
	struct rng g;

	if (im->a && im->m == m && im->k == k && im->n == n &&
	    im->seed == seed)
		return 0;
	free(im->a);
	free(im->b);
	if (!fp64) {
		free(ic->ints);
		ic->ints = NULL;
	}
	im->a = malloc(na * elt);
	im->b = malloc(nb * elt);
	if (!im->a || !im->b) {
		free(im->a);
		free(im->b);
		im->a = im->b = NULL;
		run_skip(r, "out of memory: host inputs (%.1f MiB)",
			 (na + nb) * elt / 1048576.0);
		return -1;
	}
	rng_seed(&g, seed);
	if (fp64) {
		rng_doubles(&g, im->a, na);
		rng_doubles(&g, im->b, nb);
	} else {
		rng_floats(&g, im->a, na);
		rng_floats(&g, im->b, nb);
	}
	im->m = m;
	im->k = k;
	im->n = n;
	im->seed = seed;
	return 0;
}

int run_inputs_ints(struct run_ctx *c, long long count, struct run_result *r)
{
	struct input_cache *ic = &c->cache;
	uint64_t seed = rng_config_seed(c->set->seed, 0, 0, 0, count);
	struct rng g;

	if (ic->ints && ic->count == count && ic->seed == seed)
		return 0;
	run_inputs_release(ic);
	ic->ints = malloc((size_t)count * sizeof(int));
	if (!ic->ints) {
		run_skip(r, "out of memory: host inputs (%.1f MiB)",
			 count * sizeof(int) / 1048576.0);
		return -1;
	}
	rng_seed(&g, seed);
	rng_ints(&g, ic->ints, (size_t)count);
	ic->count = count;
	ic->seed = seed;
	return 0;
}
