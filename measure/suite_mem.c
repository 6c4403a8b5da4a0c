/* The memory suites: transpose (textbook R), bank (textbook R's shared-
 * memory strides) and coalesce (lecture B's offsets, strides, AoS and
 * SoA). Their kernels are in kernels/mem_*.cu; every configuration of a
 * group uses the same device buffers, filled on the device from the
 * session's seed by a counter hash (kernels.h), so that a strided read
 * over gigabytes needs no host generation and the host recomputes any
 * input element to verify an output exactly.
 *
 * A sample is one launch, timed by the kernel timer. Metrics: "kernel"
 * [ms], and "gbs" [GB/s] = the registry's useful bytes / time
 * (transpose, coalesce) or "ns_access" [ns] = time / (reads per thread
 * x warps per SM), the time one warp-wide shared-memory read takes an SM
 * (bank). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mcuda.h"
#include "runner.h"
#include "vocab.h"

/* What a configuration's output is made of, told once from its variant
 * (the verification asks for every element). */
enum mem_kind {
	MK_COPY2D,	/* tr_copy: C = A */
	MK_TRANSPOSE,	/* C = A^T */
	MK_OFFSET,	/* c[i] = a[i + param] */
	MK_STRIDE,	/* c[i] = a[i * param] */
	MK_BANK,	/* c[t] = its lane's sum */
	MK_UPDATE	/* aos, soa: c = b dt + a, elementwise */
};

static enum mem_kind mem_kind_of(const struct plan_entry *e)
{
	if (e->kd->shape == KERNEL_TRANSPOSE)
		return strcmp(e->variant, VOCAB_VARIANT_TR_COPY) ?
		       MK_TRANSPOSE : MK_COPY2D;
	if (!strcmp(e->variant, VOCAB_VARIANT_OFFSET))
		return MK_OFFSET;
	if (!strcmp(e->variant, VOCAB_VARIANT_STRIDE))
		return MK_STRIDE;
	if (!strcmp(e->variant, VOCAB_VARIANT_BANK))
		return MK_BANK;
	return MK_UPDATE;
}

/* The group's buffers: a and b filled with the hash of two seeds, c the
 * output; each grown (and refilled) when a configuration needs more. */
struct mem_need {
	size_t a, b, c;		/* elements of 4 bytes */
};

static struct mem_need mem_need_of(const struct plan_entry *e)
{
	size_t n = (size_t)e->count;
	struct mem_need w = { 0, 0, 0 };

	switch (mem_kind_of(e)) {
	case MK_COPY2D:
	case MK_TRANSPOSE:
		w.a = w.c = (size_t)e->m * (size_t)e->n;
		break;
	case MK_OFFSET:
		w.a = n + (size_t)e->param;
		w.c = n;
		break;
	case MK_STRIDE:
		w.a = (n - 1) * (size_t)e->param + 1;
		w.c = n;
		break;
	case MK_BANK:
		w.a = KERNEL_BANK_WORDS;
		w.c = n;
		break;
	case MK_UPDATE:		/* three floats a vector */
		w.a = w.b = w.c = 3 * n;
		break;
	}
	return w;
}

/* The seeds of a and b: the session's, told apart. */
static unsigned mem_seed(const struct run_ctx *c, int which)
{
	uint64_t s = c->set->seed * 2 + (uint64_t)which;

	return (unsigned)(s ^ (s >> 32));
}

/* Grows *buf (of *have elements) to need elements; a fresh buffer is
 * filled with the hash of seed unless seed < 0. Returns 0, or non-zero
 * with r marked (skipped when the device is out of memory). */
static int mem_grow(struct run_ctx *c, void **buf, size_t *have, size_t need,
		    long long seed, const char *name, struct run_result *r)
{
	char what[80];

	if (need <= *have)
		return 0;
	if (*buf)
		MCUDA(cudaFree(*buf));
	*buf = NULL;
	*have = 0;
	snprintf(what, sizeof(what), "%s (%.1f MiB)", name,
		 need * 4.0 / 1048576.0);
	if (RALLOC(r, cudaMalloc(buf, need * 4), what))
		return -1;
	if (seed >= 0 &&
	    RCUDA(r, (cudaError_t)kernel_fill_hash(*buf, need,
						   (unsigned)seed, NULL)))
		return -1;
	*have = need;
	return 0;
}

static int mem_setup(struct run_ctx *c, struct job *j)
{
	struct shared_bufs *b = &c->bufs;
	struct mem_need w = mem_need_of(j->e);
	int bank = j->e->suite == SUITE_BANK;

	if (!run_metric_add(&j->r, VOCAB_METRIC_KERNEL, "ms") ||
	    !run_metric_add(&j->r, bank ? VOCAB_METRIC_NS_ACCESS :
			    VOCAB_METRIC_GBS, bank ? "ns" : "GB/s")) {
		run_skip(&j->r, "out of memory: metrics");
		return -1;
	}
	/* other suites' buffers are of another kind: give them back */
	if (b->kind != 3)
		run_shared_release(c);
	b->kind = 3;
	if (mem_grow(c, &b->a, &b->na, w.a, mem_seed(c, 0), "input a",
		     &j->r) ||
	    mem_grow(c, &b->b, &b->nb, w.b, mem_seed(c, 1), "input b",
		     &j->r) ||
	    mem_grow(c, &b->c, &b->nc, w.c, -1, "output", &j->r) ||
	    RCUDA(&j->r, cudaDeviceSynchronize()))
		return -1;
	run_args_init(j->e, &j->args);
	return 0;
}

/* The group's buffers as they are now: a later configuration's setup
 * may have grown (reallocated) them since this one's, and the contents
 * of a grown buffer are the same hash over a longer range. Every step
 * that launches takes them afresh. */
static void mem_args_fresh(const struct run_ctx *c, struct job *j)
{
	j->args.a = c->bufs.a;
	j->args.b = c->bufs.b;
	j->args.c = c->bufs.c;
}

static int mem_warm(struct run_ctx *c, struct job *j, double *seconds)
{
	mem_args_fresh(c, j);
	return run_plain_launch(c, j, seconds);
}

/* The expected value of output element i of e, of kind k, from inputs
 * hashed with seeds sa and sb, as the 32-bit word the kernel writes.
 * bank_sum holds the 32 lanes' sums for bank. */
static uint32_t mem_expect(enum mem_kind k, const struct plan_entry *e,
			   unsigned sa, unsigned sb, size_t i,
			   const uint32_t *bank_sum)
{
	/* a transpose's C is n x m */
	size_t m = (size_t)e->m, n = (size_t)e->n;
	float f = 0;
	uint32_t u;

	switch (k) {
	case MK_COPY2D:
		f = kernel_hash_float(i, sa);
		break;
	case MK_TRANSPOSE:
		f = kernel_hash_float((i % m) * n + i / m, sa);
		break;
	case MK_OFFSET:
		f = kernel_hash_float(i + (size_t)e->param, sa);
		break;
	case MK_STRIDE:
		f = kernel_hash_float(i * (size_t)e->param, sa);
		break;
	case MK_BANK:
		return bank_sum[i & 31];
	case MK_UPDATE:		/* elementwise on the flat buffers */
		f = fmaf(kernel_hash_float(i, sb), KERNEL_UPDATE_DT,
			 kernel_hash_float(i, sa));
		break;
	}
	memcpy(&u, &f, sizeof(u));
	return u;
}

/* Each lane's sum of bank's reads: word (lane * stride + 32 i) mod
 * KERNEL_BANK_WORDS of a's hash words, KERNEL_BANK_READS times. */
static void bank_sums(const struct run_ctx *c, int stride, uint32_t *sum)
{
	unsigned sa = mem_seed(c, 0);

	for (unsigned lane = 0; lane < 32; lane++) {
		uint32_t s = 0;

		for (unsigned i = 0; i < KERNEL_BANK_READS; i++) {
			size_t w = (lane * (unsigned)stride + 32u * i) &
				   (KERNEL_BANK_WORDS - 1);
			float f = kernel_hash_float(w, sa);
			uint32_t u;

			memcpy(&u, &f, sizeof(u));
			s += u;
		}
		sum[lane] = s;
	}
}

/* What mem_want computes the expected output from. */
struct mem_expected {
	const struct plan_entry *e;
	enum mem_kind k;
	unsigned sa, sb;
	uint32_t sums[32];
};

static const uint32_t *mem_want(const void *arg, size_t first, size_t len,
				uint32_t *buf)
{
	const struct mem_expected *x = arg;

	for (size_t i = 0; i < len; i++)
		buf[i] = mem_expect(x->k, x->e, x->sa, x->sb, first + i,
				    x->sums);
	return buf;
}

static int mem_verify(struct run_ctx *c, struct job *j)
{
	struct mem_expected x = { j->e, mem_kind_of(j->e), mem_seed(c, 0),
				  mem_seed(c, 1), { 0 } };

	mem_args_fresh(c, j);
	if (x.k == MK_BANK)
		bank_sums(c, j->e->param, x.sums);
	return run_words_check(j, mem_need_of(j->e).c, mem_want, &x);
}

static int mem_sample(struct run_ctx *c, struct job *j, double *seconds)
{
	mem_args_fresh(c, j);
	return run_timed_launch(c, j, seconds);
}

static int mem_finish(struct run_ctx *c, struct job *j)
{
	struct series *times = run_metric_find(&j->r, VOCAB_METRIC_KERNEL);
	struct series *ns = run_metric_find(&j->r, VOCAB_METRIC_NS_ACCESS);
	/* bank: warps per SM over the whole launch, each reading
	 * KERNEL_BANK_READS times */
	double warps = ceil((double)j->e->count / 32.0);
	int sms = c->dev->prop.multiProcessorCount;
	double per = (double)KERNEL_BANK_READS * warps / (sms > 0 ? sms : 1);

	for (size_t i = 0; ns && i < times->n; i++)
		if (series_push(ns, times->v[i] * 1e6 / per)) {
			run_skip(&j->r, "out of memory: host sample buffer");
			return 0;
		}
	if (!ns && run_rates(j, VOCAB_METRIC_GBS, j->e->kd->bytes(&j->args)))
		return 0;
	/* --counters: sectors per request, bank conflicts; a failed
	 * collection leaves the configuration without them */
	mem_args_fresh(c, j);
	return run_counters(c, j->e, &j->args, &j->r) == 1;
}

static const struct suite_ops mem_ops = {
	.setup = mem_setup,
	.warm = mem_warm,
	.verify = mem_verify,
	.sample = mem_sample,
	.finish = mem_finish,
};

/* The time model: the inputs filled on the device, the output copied
 * back and compared with the recomputed ones; bank's, coalesce's bytes. */
static double mem_verify_seconds(const struct plan_entry *e, double run)
{
	double out = (e->suite == SUITE_COALESCE ? 12.0 : 4.0) * e->count;

	return run + out / PLAN_RATE_PAGEABLE + out / PLAN_RATE_HOSTCOPY +
	       out / 4 * PLAN_RATE_GEN;
}

static double bank_device_bytes(const struct plan_entry *e)
{
	return 4.0 * (4096.0 + (double)e->count);	/* the words, out */
}

static double coalesce_device_bytes(const struct plan_entry *e)
{
	double n = (double)e->count;

	if (!strcmp(e->variant, VOCAB_VARIANT_STRIDE))
		return 4.0 * ((n - 1) * e->param + 1 + n);
	if (!strcmp(e->variant, VOCAB_VARIANT_OFFSET))
		return 4.0 * (2 * n + e->param);
	return 4.0 * 9.0 * n;			/* three float3 arrays */
}

const struct suite_hooks suite_transpose_hooks = {
	.build = plan_memory_build, .ops = &mem_ops,
	.verify_seconds = mem_verify_seconds };
const struct suite_hooks suite_bank_hooks = {
	.build = plan_memory_build, .ops = &mem_ops,
	.verify_seconds = mem_verify_seconds,
	.device_bytes = bank_device_bytes, .count_label = "threads",
	.param_label = "stride", .int32 = 1 };
const struct suite_hooks suite_coalesce_hooks = {
	.build = plan_memory_build, .ops = &mem_ops,
	.verify_seconds = mem_verify_seconds,
	.device_bytes = coalesce_device_bytes, .count_label = "N",
	.param_label = "p" };
