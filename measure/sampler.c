/* The group sampler (runner.h): setup, warm-up and verification of each
 * configuration of a group, then its samples interleaved in rounds of a
 * seeded random order, so that slow drift (clocks, temperature, the
 * host) cannot masquerade as a difference between the alternatives the
 * report compares. */
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include <cuda_runtime_api.h>

#include "kernels.h"
#include "mcuda.h"
#include "rng.h"
#include "rules.h"
#include "runner.h"
#include "stats.h"
#include "stop.h"

/* Rounds faster than this share one SM clock reading: NVML's clock is
 * itself a sample the driver refreshes, and a read per round of
 * microsecond kernels would cost more than the kernels. */
#define CLOCK_EVERY_S	0.002

/* Samples of j that count: all, or with --throttle discard and wait
 * those taken while the clock was up. */
static size_t job_kept(const struct plan_settings *s, const struct job *j)
{
	return s->throttle == PLAN_THROTTLE_KEEP ? j->nspans :
	       j->nspans - j->throttled;
}

/* Is j still taking samples after its latest round? Samples discarded
 * for throttling are taken again, but never past twice the budget: a
 * kernel that holds the clock down itself keeps its samples
 * (run_throttle_apply). */
static int job_wants_more(const struct plan_settings *s, const struct job *j)
{
	size_t kept = job_kept(s, j);

	if (!run_ok(&j->r) || j->noise_met)
		return 0;
	if ((int)kept >= s->repeat || (int)j->nspans >= 2 * s->repeat ||
	    (j->spent >= 2 * s->max_time_s &&
	     (int)j->nspans >= s->min_samples))
		return 0;
	return (int)kept < s->min_samples || j->spent < s->max_time_s;
}

/* The SM clock now, at most every CLOCK_EVERY_S (force: now); updates
 * the session's top. 0 where NVML cannot tell. */
static double clock_read(struct run_ctx *c, int force)
{
	double now = run_now(), mhz;

	if (!force && c->clock_at > 0 && now - c->clock_at < CLOCK_EVERY_S)
		return c->clock_mhz;
	c->clock_at = now;
	if (measure_nvml_sm_clock(c->nv, c->dev->pci, c->dev->uuid, &mhz))
		return c->clock_mhz = 0;
	if (mhz > c->top_clock_mhz)
		c->top_clock_mhz = mhz;
	return c->clock_mhz = mhz;
}

static int clock_low(const struct run_ctx *c, double mhz)
{
	return mhz > 0 && mhz < c->set->throttle_frac * c->top_clock_mhz;
}

/* --throttle wait: before a round, up to PLAN_THROTTLE_WAIT_S for the
 * clock to come back above the threshold, the GPU idle. */
static void clock_wait(struct run_ctx *c)
{
	double t0 = run_now();
	struct timespec pause = { 0, 10 * 1000 * 1000 };

	while (clock_low(c, clock_read(c, 1)) && !stop_requested() &&
	       run_now() - t0 < PLAN_THROTTLE_WAIT_S)
		nanosleep(&pause, NULL);
}

/* After a round: the clock read, and where it is below the threshold,
 * the round's samples (one per job in order[0 .. k) that took one, its
 * latest span) flagged throttled. */
static void round_clock(struct run_ctx *c, struct job *jobs,
			const size_t *order, size_t k, const size_t *before)
{
	if (!clock_low(c, clock_read(c, 0)))
		return;
	for (size_t i = 0; i < k; i++) {
		struct job *j = &jobs[order[i]];

		if (j->nspans > before[i] && !j->spans[j->nspans - 1].throttled) {
			j->spans[j->nspans - 1].throttled = 1;
			j->throttled++;
		}
	}
}

/* The relative half-width of the median's 95 % interval over j's
 * resolved samples that count; NAN with fewer than 3. */
static double job_noise(const struct plan_settings *s, const struct job *j)
{
	double *v = malloc((j->nspans ? j->nspans : 1) * sizeof(*v));
	double lo, hi, med, noise = NAN;
	size_t n = 0;

	if (!v)
		return NAN;
	for (size_t i = 0; i < j->nspans; i++)
		if (!isnan(j->spans[i].ms) &&
		    (s->throttle == PLAN_THROTTLE_KEEP ||
		     !j->spans[i].throttled))
			v[n++] = j->spans[i].ms;
	if (n >= 3) {
		qsort(v, n, sizeof(*v), rule_cmp_dbl);
		med = stats_percentile_sorted(v, n, 50);
		if (!stats_median_ci(v, n, 0.95, &lo, &hi) && med > 0)
			noise = (hi - lo) / 2 / med;
	}
	free(v);
	return noise;
}

/* --max-noise, between rounds: the samples so far resolved (the
 * activity records collected; outside every sample's window) and each
 * job with min_samples that count and a narrow enough interval done.
 * Every job's samples are resolved, those of a job that has stopped
 * sampling too: the records of its last rounds may be in this
 * collection, which the next one drops. */
static void noise_check(struct run_ctx *c, struct job *jobs, size_t n)
{
	const struct plan_settings *s = c->set;

	if (timer_collect(c->timer))
		return;
	for (size_t i = 0; i < n; i++) {
		struct job *j = &jobs[i];

		if (!run_ok(&j->r))
			continue;
		timer_resolve(c->timer, j->spans, j->nspans);
		if (!j->sampling || (int)job_kept(s, j) < s->min_samples)
			continue;
		j->noise = job_noise(s, j);
		j->noise_met = j->noise <= s->max_noise;
	}
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
	int rc;

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
			rc = ops->warm(c, j, &sec);
			j->busy += sec;
			/* a sticky error (a fault) found by its own launch:
			 * the device is lost for the group; an own kernel's
			 * first run is waited for, so that a fault is
			 * charged to it and not to the next launch */
			if (rc ? j->r.cuda_error :
			    !w && j->e->kd && j->e->kd->user) {
				cudaError_t e = cudaDeviceSynchronize();

				if (e != cudaSuccess) {
					fault_charge(jobs, n, j, e);
					return 0;
				}
			}
			if (rc)
				continue;
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
	size_t *before = calloc(n ? n : 1, sizeof(*before));
	long rounds = 0, next_check = s->min_samples;
	struct rng g;
	double sec;
	int rc = 1;

	if (!order || !before) {
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
	while ((k = round_order(jobs, n, order, &g)) > 0) {
		if (s->throttle == PLAN_THROTTLE_WAIT)
			clock_wait(c);
		for (i = 0; i < k; i++) {
			struct job *j = &jobs[order[i]];

			if (stop_requested())
				goto out;
			before[i] = j->nspans;
			sec = 0;
			if (ops->sample(c, j, &sec) == 0)
				j->spent += sec;
			j->busy += sec;
		}
		round_clock(c, jobs, order, k, before);
		if (s->max_noise > 0 && ++rounds >= next_check) {
			noise_check(c, jobs, n);
			next_check = rounds + rounds / 2 + 1;
		}
		for (i = 0; i < k; i++)
			jobs[order[i]].sampling = job_wants_more(s,
							&jobs[order[i]]);
	}
	if (timer_collect(c->timer))
		for (i = 0; i < n; i++)
			run_fail(&jobs[i].r, "the kernel timer failed");
	for (i = 0; i < n; i++)
		if (run_ok(&jobs[i].r))
			run_throttle_apply(s, &jobs[i]);
	for (i = 0; i < n; i++) {
		struct job *j = &jobs[i];
		double t0 = run_now();

		if (stop_requested())
			goto out;
		if (!run_ok(&j->r) || run_kernel_times(c, j))
			continue;
		j->r.samples = (int)j->nspans;
		j->noise = job_noise(s, j);
		if (ops->finish(c, j) > 0)
			goto out;	/* stopped during the counter pass */
		j->busy += run_now() - t0;
	}
	rc = 0;
out:
	free(order);
	free(before);
	return rc;
}
