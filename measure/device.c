/* Device query: cudaGetDeviceProperties plus the attributes CUDA 13 moved
 * out of the structure, the derived peaks, and the store's device row
 * with one property per field of report P's device table and textbook
 * R's device query. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device.h"
#include "kernels.h"
#include "mcuda.h"
#include "plan.h"
#include "vocab.h"

/* "measure/run.c" from a build's absolute __FILE__. */
static const char *file_short(const char *file)
{
	const char *last = strrchr(file, '/'), *prev = NULL;

	if (!last)
		return file;
	for (const char *p = file; p < last; p++)
		if (*p == '/')
			prev = p;
	return prev ? prev + 1 : file;
}

int measure_cuda_fault(cudaError_t err)
{
	switch (err) {
	case cudaErrorIllegalAddress:
	case cudaErrorLaunchFailure:
	case cudaErrorMisalignedAddress:
	case cudaErrorIllegalInstruction:
	case cudaErrorInvalidAddressSpace:
	case cudaErrorInvalidPc:
	case cudaErrorHardwareStackError:
	case cudaErrorAssert:
	case cudaErrorLaunchTimeout:
		return 1;
	default:
		return 0;
	}
}

int measure_cuda_report(cudaError_t err, const char *file, int line,
			const char *call)
{
	/* a fault is told once, by the group that found it (run.c); the
	 * calls after it only repeat it */
	if (err != cudaSuccess && !kernel_cuda_lost())
		fprintf(stderr, "mmreport: %s:%d: %s: %s (%s)\n",
			file_short(file), line, call,
			cudaGetErrorString(err), cudaGetErrorName(err));
	return (int)err;
}

/* The value of table[n] (rows of major, minor, value; minor -1: any)
 * for compute capability major.minor; 0 when it has none. */
static int cc_lookup(const int (*table)[3], size_t n, int major, int minor)
{
	for (size_t i = 0; i < n; i++)
		if (table[i][0] == major &&
		    (table[i][1] == -1 || table[i][1] == minor))
			return table[i][2];
	return 0;
}

/* FP32 cores per SM by compute capability (CUDA programming guide's
 * arithmetic-throughput table); 0 when unknown. */
static int cores_per_sm(int major, int minor)
{
	static const int table[][3] = {
		{ 1, -1, 8 },
		{ 2, 0, 32 }, { 2, 1, 48 },
		{ 3, -1, 192 },
		{ 5, -1, 128 },
		{ 6, 0, 64 }, { 6, 1, 128 }, { 6, 2, 128 },
		{ 7, -1, 64 },		/* 7.0, 7.2, 7.5 */
		{ 8, 0, 64 }, { 8, 6, 128 }, { 8, 7, 128 }, { 8, 9, 128 },
		{ 9, 0, 128 },
		{ 10, 0, 128 }, { 10, 3, 128 },
		{ 11, 0, 128 },
		{ 12, 0, 128 }, { 12, 1, 128 },
	};

	return cc_lookup(table, sizeof(table) / sizeof(table[0]), major,
			 minor);
}

int measure_fp64_per_sm(int major, int minor)
{
	/* 64-bit multiply-adds per clock per SM; left out where the guide
	 * gives none we trust (10.3, 11.0: reduced FP64 on some parts) */
	static const int table[][3] = {
		{ 3, 0, 8 }, { 3, 2, 8 }, { 3, 5, 64 }, { 3, 7, 64 },
		{ 5, -1, 4 },
		{ 6, 0, 32 }, { 6, 1, 4 }, { 6, 2, 4 },
		{ 7, 0, 32 }, { 7, 2, 32 }, { 7, 5, 2 },
		{ 8, 0, 32 }, { 8, 6, 2 }, { 8, 7, 2 }, { 8, 9, 2 },
		{ 9, 0, 64 },
		{ 10, 0, 64 },
		{ 12, -1, 2 },
	};

	return cc_lookup(table, sizeof(table) / sizeof(table[0]), major,
			 minor);
}

void measure_uuid_format(const unsigned char b[16], char *buf, size_t len)
{
	snprintf(buf, len, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
		 "%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3], b[4],
		 b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
		 b[14], b[15]);
}

int measure_device_query(int index, struct measure_device *d)
{
	int err;

	memset(d, 0, sizeof(*d));
	d->index = index;
	if ((err = MCUDA(cudaSetDevice(index))) ||
	    (err = MCUDA(cudaGetDeviceProperties(&d->prop, index))) ||
	    (err = MCUDA(cudaDeviceGetAttribute(&d->clock_khz,
				cudaDevAttrClockRate, index))) ||
	    (err = MCUDA(cudaDeviceGetAttribute(&d->mem_clock_khz,
				cudaDevAttrMemoryClockRate, index))) ||
	    (err = MCUDA(cudaDeviceGetAttribute(&d->kernel_timeout,
				cudaDevAttrKernelExecTimeout, index))) ||
	    (err = MCUDA(cudaDeviceGetAttribute(&d->gpu_overlap,
				cudaDevAttrGpuOverlap, index))) ||
	    (err = MCUDA(cudaDeviceGetAttribute(&d->compute_mode,
				cudaDevAttrComputeMode, index))) ||
	    (err = MCUDA(cudaDeviceGetPCIBusId(d->pci, sizeof(d->pci),
					       index))) ||
	    (err = MCUDA(cudaDriverGetVersion(&d->driver_version))) ||
	    (err = MCUDA(cudaRuntimeGetVersion(&d->runtime_version))) ||
	    (err = MCUDA(cudaMemGetInfo(&d->free_mem, &d->total_mem))))
		return err;
	measure_uuid_format((const unsigned char *)d->prop.uuid.bytes,
			    d->uuid, sizeof(d->uuid));
	d->cores_per_sm = cores_per_sm(d->prop.major, d->prop.minor);
	/* kHz: x 1e3 to Hz, / 1e9 to giga. */
	d->peak_fp32_gflops = (double)d->prop.multiProcessorCount *
			      d->cores_per_sm * 2.0 * d->clock_khz / 1e6;
	d->fp64_per_sm = measure_fp64_per_sm(d->prop.major, d->prop.minor);
	d->peak_fp64_gflops = (double)d->prop.multiProcessorCount *
			      d->fp64_per_sm * 2.0 * d->clock_khz / 1e6;
	d->peak_mem_gbs = 2.0 * d->mem_clock_khz * 1e3 *
			  (d->prop.memoryBusWidth / 8.0) / 1e9;
	return 0;
}

/* ---- the store's row ---------------------------------------------------- */

struct props {
	struct store_prop *v;
	size_t n;			/* grown by plan_array_push */
	int failed;
};

static void prop_put(struct props *p, const char *key, const char *unit,
		     int has_num, double num, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static void prop_put(struct props *p, const char *key, const char *unit,
		     int has_num, double num, const char *fmt, ...)
{
	struct store_prop pr = { .num = num, .has_num = has_num };
	char value[256];
	va_list ap;

	if (p->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(value, sizeof(value), fmt, ap);
	va_end(ap);
	pr.key = strdup(key);
	pr.value = strdup(value);
	pr.unit = strdup(unit);
	if (!pr.key || !pr.value || !pr.unit ||
	    plan_array_push(&p->v, &p->n, sizeof(pr), &pr)) {
		free(pr.key);
		free(pr.value);
		free(pr.unit);
		p->failed = 1;
	}
}

static void prop_int(struct props *p, const char *key, const char *unit,
		     long long v)
{
	prop_put(p, key, unit, 1, (double)v, "%lld", v);
}

static void prop_bool(struct props *p, const char *key, int v)
{
	prop_put(p, key, "", 1, v ? 1 : 0, "%s", v ? "yes" : "no");
}

/* Bytes shown in unit (KiB = 1024, MiB = 1024^2), with num in that unit. */
static void prop_bytes(struct props *p, const char *key, const char *unit,
		       double bytes)
{
	double div = strcmp(unit, "GiB") == 0 ? 1073741824.0 :
		     strcmp(unit, "MiB") == 0 ? 1048576.0 :
		     strcmp(unit, "KiB") == 0 ? 1024.0 : 1.0;

	if (div == 1.0)
		prop_put(p, key, unit, 1, bytes, "%.0f", bytes);
	else
		prop_put(p, key, unit, 1, bytes / div, "%.6g", bytes / div);
}

static const char *compute_mode_name(int mode)
{
	switch (mode) {
	case cudaComputeModeDefault:
		return "default";
	case cudaComputeModeProhibited:
		return "prohibited";
	case cudaComputeModeExclusiveProcess:
		return "exclusive process";
	default:
		return "unknown";
	}
}

static void version_put(struct props *p, const char *key, int v)
{
	prop_put(p, key, "", 1, v, "%d.%d", v / 1000, v % 1000 / 10);
}

static void props_fill(const struct measure_device *d, struct props *p)
{
	const struct cudaDeviceProp *pr = &d->prop;

	prop_put(p, "name", "", 0, 0, "%s", pr->name);
	prop_put(p, "compute_capability", "", 1,
		 pr->major + pr->minor / 10.0, "%d.%d", pr->major, pr->minor);
	prop_bytes(p, "total_global_mem", "MiB", (double)pr->totalGlobalMem);
	prop_int(p, "multiprocessor_count", "", pr->multiProcessorCount);
	if (d->cores_per_sm) {
		prop_int(p, "fp32_cores_per_sm", "", d->cores_per_sm);
		prop_int(p, "cuda_cores", "", (long long)d->cores_per_sm *
			 pr->multiProcessorCount);
	} else {
		/* Not in the table: say so rather than guess. */
		prop_put(p, "fp32_cores_per_sm", "", 0, 0, "unknown for "
			 "compute capability %d.%d", pr->major, pr->minor);
	}
	prop_put(p, "clock_rate", "MHz", 1, d->clock_khz / 1e3, "%g",
		 d->clock_khz / 1e3);
	prop_put(p, "memory_clock_rate", "MHz", 1, d->mem_clock_khz / 1e3,
		 "%g", d->mem_clock_khz / 1e3);
	prop_int(p, "memory_bus_width", "bit", pr->memoryBusWidth);
	if (d->cores_per_sm)
		prop_put(p, "peak_fp32", "GFLOP/s", 1, d->peak_fp32_gflops,
			 "%.1f", d->peak_fp32_gflops);
	/* CUDA cores only: DGEMM may run on FP64 tensor cores (sm_80,
	 * sm_90), which this peak does not count */
	if (d->fp64_per_sm) {
		prop_int(p, "fp64_units_per_sm", "", d->fp64_per_sm);
		prop_put(p, VOCAB_PROP_PEAK_FP64, "GFLOP/s", 1,
			 d->peak_fp64_gflops, "%.1f", d->peak_fp64_gflops);
	}
	prop_put(p, "peak_memory_bandwidth", "GB/s", 1, d->peak_mem_gbs,
		 "%.1f", d->peak_mem_gbs);
	prop_bytes(p, "l2_cache_size", "KiB", pr->l2CacheSize);
	prop_int(p, "max_threads_per_block", "", pr->maxThreadsPerBlock);
	prop_put(p, "max_block_dims", "", 0, 0, "%d x %d x %d",
		 pr->maxThreadsDim[0], pr->maxThreadsDim[1],
		 pr->maxThreadsDim[2]);
	prop_put(p, "max_grid_dims", "", 0, 0, "%d x %d x %d",
		 pr->maxGridSize[0], pr->maxGridSize[1], pr->maxGridSize[2]);
	prop_bytes(p, "shared_mem_per_block", "KiB",
		   (double)pr->sharedMemPerBlock);
	prop_bytes(p, "shared_mem_per_block_optin", "KiB",
		   (double)pr->sharedMemPerBlockOptin);
	prop_bytes(p, "shared_mem_per_sm", "KiB",
		   (double)pr->sharedMemPerMultiprocessor);
	prop_bytes(p, "reserved_shared_mem_per_block", "B",
		   (double)pr->reservedSharedMemPerBlock);
	prop_bytes(p, "total_const_mem", "KiB", (double)pr->totalConstMem);
	prop_int(p, "warp_size", "", pr->warpSize);
	prop_int(p, "regs_per_block", "", pr->regsPerBlock);
	prop_int(p, "regs_per_sm", "", pr->regsPerMultiprocessor);
	prop_int(p, "max_threads_per_sm", "", pr->maxThreadsPerMultiProcessor);
	prop_int(p, "max_blocks_per_sm", "", pr->maxBlocksPerMultiProcessor);
	prop_bytes(p, "mem_pitch", "B", (double)pr->memPitch);
	prop_bytes(p, "texture_alignment", "B", (double)pr->textureAlignment);
	prop_bool(p, "device_overlap", d->gpu_overlap);
	prop_int(p, "async_engine_count", "", pr->asyncEngineCount);
	prop_bool(p, "kernel_exec_timeout", d->kernel_timeout);
	prop_bool(p, "concurrent_kernels", pr->concurrentKernels);
	prop_bool(p, "ecc_enabled", pr->ECCEnabled);
	prop_bool(p, "integrated", pr->integrated);
	prop_bool(p, "unified_addressing", pr->unifiedAddressing);
	prop_bool(p, "managed_memory", pr->managedMemory);
	prop_put(p, "compute_mode", "", 0, 0, "%s",
		 compute_mode_name(d->compute_mode));
	prop_put(p, "pci_bus_id", "", 0, 0, "%s", d->pci);
	prop_put(p, "pci_ids", "", 0, 0, "%04x:%04x (subsystem %04x:%04x)",
		 pr->gpuPciDeviceID & 0xffff, pr->gpuPciDeviceID >> 16,
		 pr->gpuPciSubsystemID & 0xffff, pr->gpuPciSubsystemID >> 16);
	prop_put(p, "uuid", "", 0, 0, "%s", d->uuid);
	version_put(p, "driver_version", d->driver_version);
	version_put(p, "runtime_version", d->runtime_version);
}

void measure_device_row_release(struct store_device *row)
{
	if (!row)
		return;
	free(row->uuid);
	free(row->name);
	free(row->pci_bus_id);
	for (size_t i = 0; i < row->nprops; i++) {
		free(row->props[i].key);
		free(row->props[i].value);
		free(row->props[i].unit);
	}
	free(row->props);
	memset(row, 0, sizeof(*row));
}

int measure_device_row(const struct measure_device *d,
		       struct store_device *row)
{
	struct props p = { 0 };

	memset(row, 0, sizeof(*row));
	props_fill(d, &p);
	row->props = p.v;
	row->nprops = p.n;
	row->uuid = strdup(d->uuid);
	row->name = strdup(d->prop.name);
	row->pci_bus_id = strdup(d->pci);
	row->cc_major = d->prop.major;
	row->cc_minor = d->prop.minor;
	row->sm_count = d->prop.multiProcessorCount;
	row->peak_fp32_gflops = d->peak_fp32_gflops;
	row->peak_mem_gbs = d->peak_mem_gbs;
	if (p.failed || !row->uuid || !row->name || !row->pci_bus_id) {
		measure_device_row_release(row);
		return -1;
	}
	return 0;
}

int measure_host_cpu(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path ? path : "/proc/cpuinfo", "r");
	char line[512], *v, *end;
	int rc = -1;

	if (len)
		buf[0] = '\0';
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		/* "model name\t: Intel(R) Xeon(R) ..." */
		if (strncmp(line, "model name", 10) ||
		    !(v = strchr(line, ':')))
			continue;
		for (v++; *v == ' ' || *v == '\t'; v++)
			;
		end = v + strlen(v);
		while (end > v && (end[-1] == '\n' || end[-1] == ' ' ||
				   end[-1] == '\t' || end[-1] == '\r'))
			*--end = '\0';
		if (*v && len) {
			snprintf(buf, len, "%s", v);
			rc = 0;
		}
		break;
	}
	fclose(f);
	return rc;
}
