/* What the suites' runners share: results, checked CUDA calls, the
 * warm-up / verify / sample loop, and the cached random inputs. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mcuda.h"
#include "rng.h"
#include "runner.h"

double run_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

void run_result_init(struct run_result *r)
{
	memset(r, 0, sizeof(*r));
	r->status = "ok";
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

int series_push(struct series *s, double v)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 256;
		double *grown = realloc(s->v, cap * sizeof(*grown));

		if (!grown)
			return -1;
		s->v = grown;
		s->cap = cap;
	}
	s->v[s->n++] = v;
	return 0;
}

static void mark(struct run_result *r, const char *status, const char *fmt,
		 va_list ap)
{
	/* The first reason is the cause; later ones are consequences. */
	if (strcmp(r->status, "ok") != 0)
		return;
	r->status = status;
	vsnprintf(r->reason, sizeof(r->reason), fmt, ap);
}

void run_skip(struct run_result *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	mark(r, "skipped", fmt, ap);
	va_end(ap);
}

void run_fail(struct run_result *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	mark(r, "failed", fmt, ap);
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
	measure_cuda_report(err, file, line, call);
	if (strcmp(r->status, "ok") == 0)
		r->cuda_error = 1;
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
		if (strcmp(r->status, "ok") == 0)
			r->cuda_error = 1;
		run_fail(r, "launch failed: %s",
			 cudaGetErrorString((cudaError_t)err));
		return err;
	}
}

int run_entry_launch(const struct plan_entry *e,
		     const struct kernel_args *args)
{
	if (e->kd)
		return e->kd->launch(args);
	return MCUDA(cudaMemcpyAsync(args->c, args->a,
				     (size_t)args->count * sizeof(int),
				     cudaMemcpyDeviceToDevice,
				     (cudaStream_t)args->stream));
}

int run_time_launches(struct run_ctx *c, const struct plan_entry *e,
		      const struct kernel_args *args, int batch, double *ms,
		      struct run_result *r)
{
	cudaStream_t s = (cudaStream_t)args->stream;
	float f = 0;
	int err;

	if ((err = RCUDA(r, cudaEventRecord(c->ev0, s))))
		return err;
	for (int i = 0; i < batch; i++)
		if ((err = run_launch_error(r, run_entry_launch(e, args))))
			return err;
	if ((err = RCUDA(r, cudaEventRecord(c->ev1, s))) ||
	    (err = RCUDA(r, cudaEventSynchronize(c->ev1))) ||
	    (err = RCUDA(r, cudaEventElapsedTime(&f, c->ev0, c->ev1))))
		return err;
	if (f <= 0) {
		/* Never seen in practice; a zero would make rates infinite. */
		run_fail(r, "event timer returned %g ms for %d launches",
			 (double)f, batch);
		return -1;
	}
	*ms = (double)f / batch;
	return 0;
}

int run_sample_kernel(struct run_ctx *c, const struct plan_entry *e,
		      const struct kernel_args *args, int batch,
		      int (*verify)(struct run_ctx *, const struct plan_entry *,
				    const struct kernel_args *,
				    struct run_result *),
		      struct series *times, struct run_result *r)
{
	const struct plan_settings *s = c->set;
	double ms, t0;
	int i;

	for (i = 0; i < s->warmup; i++) {
		if (measure_stop_requested())
			return 1;
		if (run_time_launches(c, e, args, batch, &ms, r))
			return 0;
		/* A run longer than the whole sampling budget is warm
		 * enough after one: more would only lengthen the sweep. */
		if (ms * batch / 1e3 > s->max_time_s)
			break;
	}
	if (measure_stop_requested())
		return 1;
	if (verify(c, e, args, r) || strcmp(r->status, "ok") != 0)
		return 0;
	t0 = run_now();
	for (i = 0; i < s->repeat; i++) {
		if (measure_stop_requested())
			return 1;
		if (run_time_launches(c, e, args, batch, &ms, r))
			return 0;
		if (series_push(times, ms)) {
			run_skip(r, "out of memory: host sample buffer");
			return 0;
		}
		if (i + 1 >= s->min_samples && run_now() - t0 >= s->max_time_s)
			break;
	}
	return 0;
}

/* ---- random inputs ------------------------------------------------------ */

void run_inputs_release(struct input_cache *cache)
{
	free(cache->a);
	free(cache->b);
	free(cache->ints);
	memset(cache, 0, sizeof(*cache));
}

int run_inputs_floats(struct run_ctx *c, int m, int k, int n,
		      struct run_result *r)
{
	struct input_cache *ic = &c->cache;
	uint64_t seed = rng_config_seed(c->set->seed, m, k, n, 0);
	size_t na = (size_t)m * k, nb = (size_t)k * n;
	struct rng g;

	if (ic->kind == 1 && ic->m == m && ic->k == k && ic->n == n &&
	    ic->seed == seed)
		return 0;
	run_inputs_release(ic);
	ic->a = malloc(na * sizeof(float));
	ic->b = malloc(nb * sizeof(float));
	if (!ic->a || !ic->b) {
		run_inputs_release(ic);
		run_skip(r, "out of memory: host inputs (%.1f MiB)",
			 (na + nb) * sizeof(float) / 1048576.0);
		return -1;
	}
	rng_seed(&g, seed);
	rng_floats(&g, ic->a, na);
	rng_floats(&g, ic->b, nb);
	ic->kind = 1;
	ic->m = m;
	ic->k = k;
	ic->n = n;
	ic->seed = seed;
	return 0;
}

int run_inputs_ints(struct run_ctx *c, long long count, struct run_result *r)
{
	struct input_cache *ic = &c->cache;
	uint64_t seed = rng_config_seed(c->set->seed, 0, 0, 0, count);
	struct rng g;

	if (ic->kind == 2 && ic->count == count && ic->seed == seed)
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
	ic->kind = 2;
	ic->count = count;
	ic->seed = seed;
	return 0;
}
