/* The group sampler (runner.h): setup, warm-up and verification of each
 * configuration of a group, then its samples interleaved in rounds of a
 * seeded random order, so that slow drift (clocks, temperature, the
 * host) cannot masquerade as a difference between the alternatives the
 * report compares. */
#include <stdlib.h>

#include <cuda_runtime_api.h>

#include "kernels.h"
#include "mcuda.h"
#include "rng.h"
#include "runner.h"
#include "stop.h"

/* Is j still taking samples after its latest one? */
static int job_wants_more(const struct plan_settings *s, const struct job *j)
{
	if (!run_ok(&j->r))
		return 0;
	if ((int)j->nspans >= s->repeat)
		return 0;
	return (int)j->nspans < s->min_samples || j->spent < s->max_time_s;
}

/* Fisher-Yates over the indices of the jobs still sampling. */
static size_t round_order(struct job *jobs, size_t n, size_t *order,
			  struct rng *g)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (jobs[i].sampling)
			order[k++] = i;
	for (size_t i = k; i > 1; i--) {
		size_t r = (size_t)(rng_next(g) % i), t = order[i - 1];

		order[i - 1] = order[r];
		order[r] = t;
	}
	return k;
}

/* A fault leaves the context unusable for every job after it: charged
 * to the job f whose launch faulted, the others of the group are
 * skipped with that reason instead of failing with the sticky error
 * (which would blame kernels that did nothing wrong). */
static void fault_charge(struct job *jobs, size_t n, struct job *f,
			 cudaError_t e)
{
	size_t i;

	if (run_ok(&f->r))
		run_fail(&f->r, "the kernel faulted: %s", cudaGetErrorString(e));
	f->r.cuda_error = 1;
	/* the calls after it fail alike: group_run tells it once */
	if (measure_cuda_fault(e))
		kernel_cuda_lost_set(1);
	for (i = 0; i < n; i++)
		if (&jobs[i] != f && run_ok(&jobs[i].r))
			run_skip(&jobs[i].r, "not measured: the device failed "
				 "when %s faulted (%s)", f->e->variant,
				 cudaGetErrorString(e));
}

static int warm_all(struct run_ctx *c, const struct suite_ops *ops,
		    struct job *jobs, size_t n)
{
	const struct plan_settings *s = c->set;
	double sec;

	/* Round by round too: the first warm-ups of a kernel are the ones
	 * that load modules and fill caches, whoever runs after it. */
	for (int w = 0; w < s->warmup; w++)
		for (size_t i = 0; i < n; i++) {
			struct job *j = &jobs[i];

			if (!run_ok(&j->r) || j->warm_done)
				continue;
			if (stop_requested())
				return 1;
			sec = 0;
			if (ops->warm(c, j, &sec)) {
				j->busy += sec;
				/* a sticky error (a fault) found by its own
				 * launch: the device is lost for the group */
				if (j->r.cuda_error) {
					cudaError_t e = cudaDeviceSynchronize();

					if (e != cudaSuccess) {
						fault_charge(jobs, n, j, e);
						return 0;
					}
				}
				continue;
			}
			j->busy += sec;
			/* an own kernel's first run is waited for, so that a
			 * fault is charged to it and not to the next launch */
			if (!w && j->e->kd && j->e->kd->user) {
				cudaError_t e = cudaDeviceSynchronize();

				if (e != cudaSuccess) {
					fault_charge(jobs, n, j, e);
					return 0;
				}
			}
			/* A run longer than the whole sampling budget is
			 * warm enough after one. */
			if (sec > s->max_time_s)
				j->warm_done = 1;
		}
	return 0;
}

int run_group(struct run_ctx *c, const struct suite_ops *ops, int group,
	      struct job *jobs, size_t n)
{
	const struct plan_settings *s = c->set;
	size_t *order = calloc(n ? n : 1, sizeof(*order)), k, i;
	struct rng g;
	double sec;
	int rc = 1;

	if (!order) {
		for (i = 0; i < n; i++)
			run_skip(&jobs[i].r, "out of memory: sampling order");
		return 0;
	}
	rng_seed(&g, rng_config_seed(s->seed, group, 0, 0, -1));
	if (timer_reset(c->timer))
		for (i = 0; i < n; i++)
			run_fail(&jobs[i].r, "the kernel timer failed");
	for (i = 0; i < n; i++) {
		double t0 = run_now();

		if (stop_requested())
			goto out;
		if (run_ok(&jobs[i].r))
			ops->setup(c, &jobs[i]);
		jobs[i].busy += run_now() - t0;
	}
	if (warm_all(c, ops, jobs, n))
		goto out;
	for (i = 0; i < n; i++) {
		double t0 = run_now();

		if (stop_requested())
			goto out;
		if (run_ok(&jobs[i].r) && !ops->verify(c, &jobs[i]))
			jobs[i].sampling = 1;
		jobs[i].busy += run_now() - t0;
	}
	while ((k = round_order(jobs, n, order, &g)) > 0)
		for (i = 0; i < k; i++) {
			struct job *j = &jobs[order[i]];

			if (stop_requested())
				goto out;
			sec = 0;
			if (ops->sample(c, j, &sec) == 0)
				j->spent += sec;
			j->busy += sec;
			j->sampling = job_wants_more(s, j);
		}
	if (timer_collect(c->timer))
		for (i = 0; i < n; i++)
			run_fail(&jobs[i].r, "the kernel timer failed");
	for (i = 0; i < n; i++) {
		struct job *j = &jobs[i];
		double t0 = run_now();

		if (stop_requested())
			goto out;
		if (!run_ok(&j->r) || run_kernel_times(c, j))
			continue;
		j->r.samples = (int)j->nspans;
		if (ops->finish(c, j) > 0)
			goto out;	/* stopped during the counter pass */
		j->busy += run_now() - t0;
	}
	rc = 0;
out:
	free(order);
	return rc;
}
