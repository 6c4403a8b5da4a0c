/* The ilp suite: note J's copy kernel, and cudaMemcpyAsync
 * device-to-device as the ceiling row. Every configuration of a group
 * (one N) copies the same device arrays. A sample is one launch, timed by
 * the kernel timer (timer.h): the GPU's own record resolves even a copy
 * of a few KiB, which note J could time only as a batch of 100 launches.
 * Metrics per launch: "kernel" [ms] and "gbs" [GB/s] = 2 * 4 * N / time
 * (bytes read plus written). The verification copies b back to the host
 * and compares it with a. */
#include "runner.h"
#include "vocab.h"

/* The group's arrays of N ints, a holding the inputs. Returns 0, or
 * non-zero with r marked. */
static int ilp_arrays(struct run_ctx *c, long long count,
		      struct run_result *r)
{
	struct shared_bufs *b = &c->bufs;
	size_t bytes = (size_t)count * sizeof(int);
	char what[64];

	if (b->kind == 2 && b->count == count)
		return 0;
	run_shared_release(c);
	/* Device memory first: a count the device cannot hold is skipped
	 * before gigabytes of host inputs are generated for it. */
	snprintf(what, sizeof(what), "device arrays (2 x %.1f MiB)",
		 bytes / 1048576.0);
	if (RALLOC(r, cudaMalloc(&b->a, bytes), what) ||
	    RALLOC(r, cudaMalloc(&b->c, bytes), what) ||
	    run_inputs_ints(c, count, r) ||
	    RCUDA(r, cudaMemcpy(b->a, c->cache.ints, bytes,
				cudaMemcpyHostToDevice))) {
		run_shared_release(c);
		return -1;
	}
	b->kind = 2;
	b->count = count;
	return 0;
}

static int ilp_setup(struct run_ctx *c, struct job *j)
{
	if (!run_metric_add(&j->r, VOCAB_METRIC_KERNEL, "ms") ||
	    !run_metric_add(&j->r, VOCAB_METRIC_GBS, "GB/s")) {
		run_skip(&j->r, "out of memory: metrics");
		return -1;
	}
	if (ilp_arrays(c, j->e->count, &j->r))
		return -1;
	run_args_init(j->e, &j->args);
	j->args.a = c->bufs.a;
	j->args.c = c->bufs.c;
	return 0;
}

/* The copy's expected words: its inputs. */
static const uint32_t *ilp_want(const void *arg, size_t first, size_t len,
				uint32_t *buf)
{
	const struct run_ctx *c = arg;

	return (const uint32_t *)c->cache.ints + first;
}

static int ilp_verify(struct run_ctx *c, struct job *j)
{
	return run_words_check(j, j->args.count, ilp_want, c);
}

static int ilp_finish(struct run_ctx *c, struct job *j)
{
	run_rates(j, VOCAB_METRIC_GBS, 2.0 * sizeof(int) * (double)j->e->count);
	return 0;
}

static const struct suite_ops ilp_ops = {
	ilp_setup, run_plain_launch, ilp_verify, run_timed_launch, ilp_finish
};

#define RATE_COPY_BS	3.0e12	/* cudaMemcpy, bytes read + written */
/* The rows at one N (5 ILP values and memcpy) share one generation and
 * upload of the inputs (runner.c). */
#define ILP_ROWS_PER_N	6

/* The time model: a and b at the kernel's rate; the inputs generated
 * and copied in once for the rows of one N, b copied back and
 * compared. */
static double ilp_run_seconds(const struct plan_entry *e)
{
	double bytes = 2.0 * sizeof(int) * (double)e->count;

	return PLAN_RATE_LAUNCH_S + bytes / (e->kd && e->kd->rate > 0 ?
					     e->kd->rate : RATE_COPY_BS);
}

static double ilp_verify_seconds(const struct plan_entry *e, double run)
{
	double bytes = sizeof(int) * (double)e->count;

	return run + ((double)e->count * PLAN_RATE_GEN +
		      bytes / PLAN_RATE_PAGEABLE) / ILP_ROWS_PER_N +
	       bytes / PLAN_RATE_PAGEABLE + bytes / PLAN_RATE_HOSTCOPY;
}

const struct suite_hooks suite_ilp_hooks = {
	.build = plan_ilp_build, .ops = &ilp_ops,
	.run_seconds = ilp_run_seconds, .verify_seconds = ilp_verify_seconds,
	.count_label = "N", .int32 = 1 };
