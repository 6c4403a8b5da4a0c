/* The ilp suite: note J's copy kernel, and cudaMemcpyAsync
 * device-to-device as the ceiling row. A sample is a batch of
 * back-to-back launches between one event pair (plan_ilp_batch: up to
 * 100 launches for N < 2^24, as note J timed 100 repetitions together),
 * divided by the batch, because a single copy of a few KiB lasts about
 * as long as the events' resolution. Metrics per launch: "kernel" [ms]
 * and "gbs" [GB/s] = 2 * 4 * N / time (bytes read plus written). The
 * verification copies b back to the host and compares it with a. */
#include <stdlib.h>
#include <string.h>

#include "mcuda.h"
#include "runner.h"

/* Host chunk of the comparison: 64 MiB. */
#define ILP_CHUNK (16u << 20)

static int ilp_verify(struct run_ctx *c, const struct plan_entry *e,
		      const struct kernel_args *args, struct run_result *r)
{
	size_t count = args->count, chunk, done, i, bad = 0, first = 0;
	int *host = NULL, err;

	if ((err = RCUDA(r, (cudaError_t)kernel_poison(args->c,
						       count * sizeof(int)))))
		return err;
	if ((err = run_launch_error(r, run_entry_launch(e, args))) ||
	    (err = RCUDA(r, cudaStreamSynchronize(
				(cudaStream_t)args->stream))))
		return err;
	chunk = count < ILP_CHUNK ? count : ILP_CHUNK;
	host = malloc(chunk * sizeof(int));
	if (!host) {
		run_skip(r, "out of memory: host verification buffer");
		return -1;
	}
	for (done = 0; done < count; done += chunk) {
		size_t len = count - done < chunk ? count - done : chunk;
		const int *want = c->cache.ints + done;

		if ((err = RCUDA(r, cudaMemcpy(host, (const int *)args->c +
					       done, len * sizeof(int),
					       cudaMemcpyDeviceToHost))))
			goto out;
		if (memcmp(host, want, len * sizeof(int)) == 0)
			continue;
		for (i = 0; i < len; i++)
			if (host[i] != want[i] && !bad++)
				first = done + i;
	}
	/* For a copy the "relative error" is the fraction of elements
	 * that differ: 0 exactly when b == a. */
	r->rel_error = (double)bad / (double)count;
	if (bad) {
		r->verify_failed = 1;
		run_fail(r, "verification failed: %zu of %zu elements differ "
			 "(first at index %zu)", bad, count, first);
	}
out:
	free(host);
	return err;
}

void run_ilp_release(struct run_ctx *c)
{
	if (c->ilp_a)
		MCUDA(cudaFree(c->ilp_a));
	if (c->ilp_b)
		MCUDA(cudaFree(c->ilp_b));
	c->ilp_a = c->ilp_b = NULL;
	c->ilp_count = 0;
}

/* The device arrays of N ints, a holding the inputs: kept from the last
 * row when N is the same. Returns 0, or a CUDA error (r marked). */
static int ilp_arrays(struct run_ctx *c, long long count,
		      struct run_result *r)
{
	size_t bytes = (size_t)count * sizeof(int);
	char what[64];
	int err;

	if (c->ilp_count == count && c->ilp_a && c->ilp_b)
		return 0;
	run_ilp_release(c);
	/* Device memory first: a count the device cannot hold is skipped
	 * before gigabytes of host inputs are generated for it. */
	snprintf(what, sizeof(what), "device arrays (2 x %.1f MiB)",
		 bytes / 1048576.0);
	if ((err = RALLOC(r, cudaMalloc(&c->ilp_a, bytes), what)) ||
	    (err = RALLOC(r, cudaMalloc(&c->ilp_b, bytes), what)))
		goto fail;
	if (run_inputs_ints(c, count, r)) {
		err = cudaErrorMemoryAllocation;
		goto fail;
	}
	if ((err = RCUDA(r, cudaMemcpy(c->ilp_a, c->cache.ints, bytes,
				       cudaMemcpyHostToDevice))))
		goto fail;
	c->ilp_count = count;
	return 0;
fail:
	run_ilp_release(c);
	return err;
}

int run_ilp(struct run_ctx *c, const struct plan_entry *e,
	    struct run_result *r)
{
	size_t bytes = (size_t)e->count * sizeof(int);
	struct kernel_args args = { 0 };
	struct series *times, *gbs;
	int stopped;

	times = run_metric_add(r, "kernel", "ms");
	gbs = run_metric_add(r, "gbs", "GB/s");
	if (ilp_arrays(c, e->count, r))
		return 0;
	args.count = (size_t)e->count;
	args.block = e->block;
	args.ilp = e->ilp;
	args.a = c->ilp_a;
	args.c = c->ilp_b;
	stopped = run_sample_kernel(c, e, &args, plan_ilp_batch(e->count),
				    ilp_verify, times, r);
	if (stopped || strcmp(r->status, "ok") != 0)
		return stopped;
	for (size_t i = 0; i < times->n; i++)
		if (series_push(gbs, 2.0 * bytes / (times->v[i] * 1e-3) /
				     1e9)) {
			run_skip(r, "out of memory: host sample buffer");
			return 0;
		}
	r->samples = (int)times->n;
	return 0;
}
