/* The session's fixed rows (rows.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcuda.h"
#include "measure.h"
#include "rows.h"

static const char memcpy_description[] =
	"cudaMemcpyAsync device to device: the copy ceiling of the ilp suite";
static const char memcpy_source[] =
	"/* The ilp suite's ceiling row: the runtime's own copy. */\n"
	"cudaMemcpyAsync(b, a, N * sizeof(int), cudaMemcpyDeviceToDevice,\n"
	"\t\tstream);\n";

int rows_kernels_store(struct store *st, int64_t sid, const struct plan *p)
{
	for (size_t i = 0; i < p->n; i++) {
		const struct plan_entry *e = &p->e[i];
		struct store_kernel k = { sid, NULL, NULL, NULL, 0, 0 };
		size_t j;

		for (j = 0; j < i; j++)
			if (strcmp(p->e[j].variant, e->variant) == 0)
				break;
		if (j < i)
			continue;
		k.name = (char *)e->variant;
		k.description = (char *)(e->kd ? e->kd->description :
					 memcpy_description);
		k.source = (char *)(e->kd ? e->kd->source : memcpy_source);
		/* memcpy, the one row without a registry entry, is the
		 * runtime's routine */
		k.traits = e->kd ? e->kd->traits : KTRAIT_LIBRARY;
		k.tile = e->kd ? e->kd->tile : 0;
		if (store_kernel_insert(st, &k))
			return -1;
	}
	return 0;
}

int rows_active_blocks(const struct measure_device *d,
		       const struct plan_entry *e)
{
	const void *func;
	int threads, active = 0;

	if (!e->kd || !e->block)
		return 0;
	func = kernel_desc_func(e->kd, e->block, e->ilp, e->fp64);
	threads = kernel_desc_threads(e->kd, e->block, e->ilp);
	if (!func || threads <= 0 || threads > d->prop.maxThreadsPerBlock)
		return 0;
	if (MCUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, func,
					threads, e->kd->smem_dynamic))) {
		(void)cudaGetLastError();	/* not sticky: go on */
		return 0;
	}
	return active;
}

/* Kernel attributes and theoretical occupancy of one (variant, block):
 * the attributes and the active-block count from the runtime, the
 * per-resource limits from measure_occupancy_compute. */
static int kattr_store(struct store *st, int64_t sid,
		       const struct measure_device *d,
		       const struct plan_entry *e)
{
	const struct cudaDeviceProp *pr = &d->prop;
	struct measure_occ_input in = { 0 };
	struct measure_occ occ;
	struct cudaFuncAttributes fa;
	struct store_kattr a = { 0 };
	const void *func = kernel_desc_func(e->kd, e->block, e->ilp, 0);
	int threads = kernel_desc_threads(e->kd, e->block, e->ilp), active;

	if (!func || threads <= 0 || threads > pr->maxThreadsPerBlock)
		return 0;	/* the kernel's check() skips its configs */
	if (MCUDA(cudaFuncGetAttributes(&fa, func))) {
		(void)cudaGetLastError();
		return 0;
	}
	active = rows_active_blocks(d, e);
	in.threads_per_block = threads;
	in.regs_per_thread = fa.numRegs;
	in.smem_per_block = (int)fa.sharedSizeBytes + e->kd->smem_dynamic;
	in.warp_size = pr->warpSize;
	in.max_threads_per_sm = pr->maxThreadsPerMultiProcessor;
	in.regs_per_sm = pr->regsPerMultiprocessor;
	in.reg_alloc_unit = 256;
	in.smem_per_sm = (int)pr->sharedMemPerMultiprocessor;
	in.smem_reserved_per_block = (int)pr->reservedSharedMemPerBlock;
	in.max_blocks_per_sm = pr->maxBlocksPerMultiProcessor;
	if (measure_occupancy_compute(&in, &occ))
		return 0;
	a.session_id = sid;
	a.variant = (char *)e->variant;
	/* The copy and access kernels' blocks are one-dimensional. */
	a.block_x = plan_suite_1d(e->suite) ? threads : e->block;
	a.block_y = plan_suite_1d(e->suite) ? 1 : e->block;
	a.threads_per_block = threads;
	a.regs_per_thread = fa.numRegs;
	/* what a block holds: the static and the dynamic it asks for */
	a.static_smem = (int)fa.sharedSizeBytes + e->kd->smem_dynamic;
	a.local_bytes = (int)fa.localSizeBytes;
	a.max_threads_per_block = fa.maxThreadsPerBlock;
	/* The runtime's answer is the truth; the limits explain it. */
	a.active_blocks = active;
	a.active_warps = active * occ.warps_per_block;
	a.active_threads = active * threads;
	a.occupancy = (double)a.active_warps * pr->warpSize /
		      pr->maxThreadsPerMultiProcessor;
	a.limit_warps = occ.limit_warps;
	a.limit_regs = occ.limit_regs;
	a.limit_smem = occ.limit_smem;
	a.limit_blocks = occ.limit_blocks;
	a.limiter = occ.limiter;
	return store_kattr_insert(st, &a) ? -1 : 0;
}

int rows_kattrs_store(struct store *st, int64_t sid,
		      const struct measure_device *d, const struct plan *p)
{
	for (size_t i = 0; i < p->n; i++) {
		const struct plan_entry *e = &p->e[i];
		size_t j;

		/* The table's key has no precision: its rows describe the
		 * float instances (the report's occupancy tables are of the
		 * float sweeps). */
		if (!e->kd || !e->block || e->fp64)
			continue;
		/* One row per (variant, block shape), the table's key. The
		 * copy kernel's shape is its thread count: should --blocks
		 * give two ILP values the same count, the first is kept. */
		for (j = 0; j < i; j++)
			if (strcmp(p->e[j].variant, e->variant) == 0 &&
			    p->e[j].block == e->block)
				break;
		if (j < i)
			continue;
		if (kattr_store(st, sid, d, e))
			return -1;
	}
	return 0;
}

static const char host_text[] =
	"; the samples of the configurations compared with one another "
	"(the kernels at one size, the transfer variants at one size, the "
	"copies at one N) interleaved in a seeded random order; "
	"CLOCK_MONOTONIC for host work (transfer phases malloc, memcpy_ab "
	"and memcpy_c each ending in a stream synchronisation, sync, free, "
	"and total without the input fill)";

char *rows_timers_text(const struct timer *t, const char *fallback_why,
		       const struct counters *cn, const char *unavailable)
{
	const char *name;
	char *text = NULL;
	size_t len = 0;
	int first = 1;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	if (strcmp(timer_name(t), "cupti-activity") == 0)
		fputs("kernel time: the GPU's own record of each launch "
		      "(CUPTI activity records; a call that launches several "
		      "kernels is timed from the first start to the last "
		      "end), one launch per sample", f);
	else
		fprintf(f, "kernel time: a CUDA event pair around each "
			"launch%s%s%s%s, one launch per sample",
			strcmp(timer_name(t), "events") ? ", enqueued behind "
			"a kernel that holds the stream until the host has "
			"enqueued them" : " (launches complete before the "
			"launching call returns here, so no kernel can hold "
			"the stream: the host's launch time is included)",
			fallback_why && *fallback_why ? " (" : "",
			fallback_why ? fallback_why : "",
			fallback_why && *fallback_why ? ")" : "");
	fputs(timer_cold(t) ? ", L2 flushed before each sample (cold)" :
	      ", caches warm from the runs before (hot)", f);
	fputs(host_text, f);
	if (unavailable) {
		fprintf(f, "; counters: unavailable: %s", unavailable);
	} else if (cn) {
		fprintf(f, "; counters: CUPTI range profiler (user replay, "
			"chip %s), one launch per versions and reference "
			"configuration after its samples, metrics ",
			counters_chip(cn));
		for (int i = 0; i < COUNTERS_METRIC_COUNT; i++) {
			name = counters_metric_name(cn, i);
			if (!name)
				continue;
			fprintf(f, "%s%s", first ? "" : ", ", name);
			first = 0;
		}
	}
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}
