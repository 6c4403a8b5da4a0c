/* Hardware counters through CUPTI's range profiler (CUDA 13), loaded with
 * dlopen: see counters.h for what is measured and how it is defined.
 *
 * Every CUPTI function is resolved with dlsym; the CUPTI headers are used
 * for types and constants only, so nothing links against libcupti. The
 * profiler host API (configuration images, metric evaluation) has no C
 * header: cupti_profiler_host.h includes the C++ <string>. Its parameter
 * blocks are therefore declared below, field for field, from that
 * header's documented layout (CUDA 13.0); each block starts with its own
 * size, which is how CUPTI tells what a caller knows, so later CUPTI
 * versions accept them.
 *
 * Collection: user replay with automatic ranges, one range per kernel.
 * Two configurations are collected one after the other: the kernel
 * duration and the DRAM byte counts, hardware counters only (the SASS
 * instrumentation of the other metrics would stretch the time and, as
 * seen on an H100, add about 25 MB of DRAM writes of its own), then
 * every other metric, in as many passes as the chip needs. */
#define _GNU_SOURCE		/* dlinfo, RTLD_DI_LINKMAP */
#include <dlfcn.h>
#include <link.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti_result.h>
#include <cupti_target.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>

#include "counters.h"
#include "cupti.h"
#include "stop.h"

#define MAX_RANGES	64	/* kernels one pass may enqueue */
#define MAX_PREPARE	8	/* of which the preparation's */
#define MAX_PASSES	64	/* bounds a pass loop that never ends */
#define GROUPS		2	/* 0: duration and DRAM, 1: the rest */

/* ---- profiler host API, declared from cupti_profiler_host.h ----------- */
/* tests/counters.cmake compiles this section, up to the next one, against
 * CUPTI's C++ header (test measure_counters_abi). */

enum host_profiler_type {		/* CUpti_ProfilerType */
	HOST_PROFILER_RANGE = 0	/* CUPTI_PROFILER_TYPE_RANGE_PROFILER */
};

enum host_metric_type {			/* CUpti_MetricType */
	HOST_METRIC_COUNTER = 0
};

struct host_object;			/* CUpti_Profiler_Host_Object */

struct host_initialize_params {		/* ..._Host_Initialize_Params */
	size_t structSize;
	void *pPriv;
	enum host_profiler_type profilerType;
	const char *pChipName;
	const uint8_t *pCounterAvailabilityImage;
	struct host_object *pHostObject;
};

struct host_deinitialize_params {	/* ..._Host_Deinitialize_Params */
	size_t structSize;
	void *pPriv;
	struct host_object *pHostObject;
};

struct host_metric_properties_params {	/* ..._GetMetricProperties_ */
	size_t structSize;
	void *pPriv;
	struct host_object *pHostObject;
	const char *pMetricName;
	const char *pDescription;
	const char *pHwUnit;
	const char *pDimUnit;
	enum host_metric_type metricType;
};

struct host_add_metrics_params {	/* ..._ConfigAddMetrics_Params */
	size_t structSize;
	void *pPriv;
	struct host_object *pHostObject;
	const char **ppMetricNames;
	size_t numMetrics;
};

struct host_config_size_params {	/* ..._GetConfigImageSize_Params */
	size_t structSize;
	void *pPriv;
	struct host_object *pHostObject;
	size_t configImageSize;
};

struct host_config_image_params {	/* ..._GetConfigImage_Params */
	size_t structSize;
	void *pPriv;
	struct host_object *pHostObject;
	size_t configImageSize;
	uint8_t *pConfigImage;
};

struct host_passes_params {		/* ..._GetNumOfPasses_Params */
	size_t structSize;
	void *pPriv;
	size_t configImageSize;
	uint8_t *pConfigImage;
	size_t numOfPasses;
};

struct host_evaluate_params {		/* ..._EvaluateToGpuValues_ */
	size_t structSize;
	void *pPriv;
	struct host_object *pHostObject;
	const uint8_t *pCounterDataImage;
	size_t counterDataImageSize;
	size_t rangeIndex;
	const char **ppMetricNames;
	size_t numMetrics;
	double *pMetricValues;
};

/* Zeroed parameter blocks that tell CUPTI their size: of a CUPTI type
 * (SIZED), of a host API type declared above whose last field is last
 * (PARAMS). */
#define SIZED(type) { .structSize = type##_STRUCT_SIZE }
#define PARAMS(type, last) \
	{ .structSize = CUPTI_PROFILER_STRUCT_SIZE(type, last) }

/* ---- the CUPTI functions, resolved at run time ------------------------ */

/* Every function but cuptiGetResultString, with its parameter block:
 * one list, from which api's members and api_load's lookups are made. */
#define CUPTI_FNS(X) \
	X(cuptiProfilerInitialize, CUpti_Profiler_Initialize_Params) \
	X(cuptiProfilerDeInitialize, CUpti_Profiler_DeInitialize_Params) \
	X(cuptiProfilerDeviceSupported, \
	  CUpti_Profiler_DeviceSupported_Params) \
	X(cuptiDeviceGetChipName, CUpti_Device_GetChipName_Params) \
	X(cuptiProfilerGetCounterAvailability, \
	  CUpti_Profiler_GetCounterAvailability_Params) \
	X(cuptiRangeProfilerEnable, CUpti_RangeProfiler_Enable_Params) \
	X(cuptiRangeProfilerDisable, CUpti_RangeProfiler_Disable_Params) \
	X(cuptiRangeProfilerGetCounterDataSize, \
	  CUpti_RangeProfiler_GetCounterDataSize_Params) \
	X(cuptiRangeProfilerCounterDataImageInitialize, \
	  CUpti_RangeProfiler_CounterDataImage_Initialize_Params) \
	X(cuptiRangeProfilerSetConfig, CUpti_RangeProfiler_SetConfig_Params) \
	X(cuptiRangeProfilerStart, CUpti_RangeProfiler_Start_Params) \
	X(cuptiRangeProfilerStop, CUpti_RangeProfiler_Stop_Params) \
	X(cuptiRangeProfilerDecodeData, \
	  CUpti_RangeProfiler_DecodeData_Params) \
	X(cuptiRangeProfilerGetCounterDataInfo, \
	  CUpti_RangeProfiler_GetCounterDataInfo_Params) \
	X(cuptiProfilerHostInitialize, struct host_initialize_params) \
	X(cuptiProfilerHostDeinitialize, struct host_deinitialize_params) \
	X(cuptiProfilerHostGetMetricProperties, \
	  struct host_metric_properties_params) \
	X(cuptiProfilerHostConfigAddMetrics, struct host_add_metrics_params) \
	X(cuptiProfilerHostGetConfigImageSize, \
	  struct host_config_size_params) \
	X(cuptiProfilerHostGetConfigImage, struct host_config_image_params) \
	X(cuptiProfilerHostGetNumOfPasses, struct host_passes_params) \
	X(cuptiProfilerHostEvaluateToGpuValues, struct host_evaluate_params)

#define CUPTI_FN(name, params) CUptiResult (CUPTIAPI *name)(params *);

static struct {
	void *lib;
	CUptiResult (CUPTIAPI *cuptiGetResultString)(CUptiResult,
						     const char **);
	CUPTI_FNS(CUPTI_FN)
} api;

/* ---- metrics ----------------------------------------------------------- */

struct metric_spec {
	const char *key;
	const char *names[2];	/* candidates: the first the chip knows */
	int group;
};

static const struct metric_spec specs[COUNTERS_METRIC_COUNT] = {
	[COUNTERS_DURATION_NS] = { "duration_ns",
		{ "gpu__time_duration.sum" }, 0 },
	[COUNTERS_INST_EXECUTED] = { "inst_executed",
		{ "smsp__inst_executed.sum" }, 1 },
	[COUNTERS_THREAD_INST_EXECUTED] = { "thread_inst_executed",
		{ "smsp__thread_inst_executed.sum" }, 1 },
	[COUNTERS_FFMA] = { "ffma_thread_inst",
		{ "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum" }, 1 },
	[COUNTERS_FADD] = { "fadd_thread_inst",
		{ "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum" }, 1 },
	[COUNTERS_FMUL] = { "fmul_thread_inst",
		{ "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum" }, 1 },
	[COUNTERS_GLOBAL_LD_INST] = { "global_ld_inst",
		{ "smsp__sass_inst_executed_op_global_ld.sum" }, 1 },
	[COUNTERS_GLOBAL_ST_INST] = { "global_st_inst",
		{ "smsp__sass_inst_executed_op_global_st.sum" }, 1 },
	[COUNTERS_GLOBAL_LD_BYTES] = { "global_ld_bytes",
		{ "sm__sass_data_bytes_mem_global_op_ld.sum" }, 1 },
	[COUNTERS_GLOBAL_ST_BYTES] = { "global_st_bytes",
		{ "sm__sass_data_bytes_mem_global_op_st.sum" }, 1 },
	[COUNTERS_GLOBAL_LD_REQUESTS] = { "global_ld_requests",
		{ "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum" }, 1 },
	[COUNTERS_GLOBAL_ST_REQUESTS] = { "global_st_requests",
		{ "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum" }, 1 },
	[COUNTERS_GLOBAL_LD_SECTORS] = { "global_ld_sectors",
		{ "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum" }, 1 },
	[COUNTERS_GLOBAL_ST_SECTORS] = { "global_st_sectors",
		{ "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum" }, 1 },
	/* Blackwell renamed the DRAM byte counters. */
	[COUNTERS_DRAM_READ_BYTES] = { "dram_read_bytes",
		{ "dram__bytes_read.sum", "dram__bytes_op_read.sum" }, 0 },
	[COUNTERS_DRAM_WRITE_BYTES] = { "dram_write_bytes",
		{ "dram__bytes_write.sum", "dram__bytes_op_write.sum" }, 0 },
	[COUNTERS_SHARED_LD_INST] = { "shared_ld_inst",
		{ "smsp__sass_inst_executed_op_shared_ld.sum" }, 1 },
	[COUNTERS_SHARED_LD_WAVEFRONTS] = { "shared_ld_wavefronts",
		{ "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum" },
		1 },
	[COUNTERS_ISSUE_ACTIVE] = { "issue_active",
		{ "smsp__issue_active.sum" }, 1 },
	[COUNTERS_CYCLES_ACTIVE] = { "cycles_active",
		{ "smsp__cycles_active.sum" }, 1 },
};

struct counter_group {
	struct host_object *host;
	const char *names[COUNTERS_METRIC_COUNT];
	enum counters_metric metric[COUNTERS_METRIC_COUNT];
	size_t count;
	uint8_t *config;
	size_t config_size;
	size_t passes;			/* CUPTI's estimate for config */
};

struct counters {
	int device;
	CUcontext ctx;
	int initialized;		/* cuptiProfilerInitialize done */
	char chip[64];
	uint8_t *avail;			/* counter availability image */
	const char *name[COUNTERS_METRIC_COUNT];	/* NULL: not read */
	struct counter_group group[GROUPS];
	int (*prepare)(void *arg);	/* first in each pass */
	void *prepare_arg;
	int prepare_kernels;		/* its ranges, dropped */
};

/* ---- reporting ----------------------------------------------------------
 * Failures of counters_open go to why[len] for the caller to say once;
 * later ones (why NULL) go to stderr. Both carry file, line and call. */

static void report(char *why, size_t len, int line, const char *call,
		   const char *what, const char *hint)
{
	if (why) {
		if (len)
			snprintf(why, len, "measure/counters.c:%d: %s: %s%s",
				 line, call, what, hint);
		return;
	}
	fprintf(stderr, "mmreport: measure/counters.c:%d: %s: %s%s\n", line,
		call, what, hint);
}

static int cupti_check(CUptiResult r, char *why, size_t len, int line,
		       const char *call)
{
	const char *what = NULL, *hint = "";

	if (r == CUPTI_SUCCESS)
		return 0;
	if (api.cuptiGetResultString &&
	    api.cuptiGetResultString(r, &what) != CUPTI_SUCCESS)
		what = NULL;
	if (r == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES ||
	    r == CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES)
		hint = " (GPU performance counters are restricted to "
		       "administrators: run as root, or load the nvidia "
		       "module with NVreg_RestrictProfilingToAdminUsers=0)";
	else if (r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED ||
		 r == CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED)
		hint = " (another profiler, e.g. ncu, holds the counters)";
	report(why, len, line, call, what ? what : "CUPTI error", hint);
	return -1;
}

static int cuda_check(cudaError_t err, char *why, size_t len, int line,
		      const char *call)
{
	if (err == cudaSuccess)
		return 0;
	report(why, len, line, call, cudaGetErrorString(err), "");
	return -1;
}

#define CUPTI_CALL(why, len, fn, params) \
	cupti_check(api.fn(params), (why), (len), __LINE__, #fn)
#define CUDA_CALL(why, len, call) \
	cuda_check((call), (why), (len), __LINE__, #call)

static void no_memory(char *why, size_t len, int line)
{
	report(why, len, line, "malloc", "out of memory", "");
}

/* ---- loading ------------------------------------------------------------ */

#if defined(__SANITIZE_ADDRESS__)
#define COUNTERS_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COUNTERS_UNDER_ASAN 1
#endif
#endif
#ifndef COUNTERS_UNDER_ASAN
#define COUNTERS_UNDER_ASAN 0
#endif

/* CUPTI loads libnvperf_host/target.so by bare name when the profiler
 * is first used. Loading them here first, from the loader path or else
 * from CUPTI's own folder, turns a missing library into a clear reason
 * now, and the later load by name finds them already in the process. */
static int nvperf_preload(void *cupti_lib, char *why, size_t len)
{
	static const char *const libs[] = {
		"libnvperf_host.so", "libnvperf_target.so"
	};
	struct link_map *map = NULL;
	char dir[4096] = "", path[4200];
	char *slash;

	/* CUPTI opens libnvperf_host.so with RTLD_DEEPBIND, which
	 * AddressSanitizer refuses by ending the process (scripts/test-asan
	 * builds so): a reason here instead, as for a missing library */
	if (COUNTERS_UNDER_ASAN) {
		snprintf(why, len, "CUPTI's profiler host library cannot be "
			 "loaded under AddressSanitizer (CUPTI opens it with "
			 "RTLD_DEEPBIND)");
		return -1;
	}

	if (dlinfo(cupti_lib, RTLD_DI_LINKMAP, &map) == 0 && map &&
	    map->l_name && strlen(map->l_name) < sizeof(dir)) {
		strcpy(dir, map->l_name);
		slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
		else
			dir[0] = '\0';
	}
	for (size_t i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
		void *h = dlopen(libs[i], RTLD_NOW | RTLD_LOCAL);

		if (!h && dir[0]) {
			snprintf(path, sizeof(path), "%s/%s", dir, libs[i]);
			h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
		}
		if (!h) {
			const char *e = dlerror();

			snprintf(why, len, "%s not found beside CUPTI (%s)",
				 libs[i], e ? e : "dlopen failed");
			return -1;
		}
	}
	return 0;
}

#define LOAD(fn, params) \
	{ \
		*(void **)&api.fn = dlsym(lib, #fn); \
		if (!api.fn) { \
			missing = #fn; \
			goto out; \
		} \
	}

/* Loads CUPTI's profiler functions once per process. 0, or -1 with the
 * reason in why. */
static int api_load(char *why, size_t len)
{
	const char *missing = NULL;
	void *lib;

	if (api.lib)
		return 0;
	lib = cupti_library(why, len);
	if (!lib)
		return -1;
	if (nvperf_preload(lib, why, len))
		return -1;
	LOAD(cuptiGetResultString, void)
	CUPTI_FNS(LOAD)
	api.lib = lib;
out:
	if (missing) {
		snprintf(why, len, "CUPTI lacks %s (older than CUDA 13?)",
			 missing);
		memset(&api, 0, sizeof(api));
		return -1;
	}
	return 0;
}

/* ---- host side: configuration images ----------------------------------- */

static int host_create(const struct counters *c, struct host_object **host,
		       char *why, size_t len)
{
	struct host_initialize_params p =
		PARAMS(struct host_initialize_params, pHostObject);

	*host = NULL;
	p.profilerType = HOST_PROFILER_RANGE;
	p.pChipName = c->chip;
	p.pCounterAvailabilityImage = c->avail;
	if (CUPTI_CALL(why, len, cuptiProfilerHostInitialize, &p))
		return -1;
	*host = p.pHostObject;
	return 0;
}

static void host_destroy(struct host_object *host)
{
	struct host_deinitialize_params p =
		PARAMS(struct host_deinitialize_params, pHostObject);

	if (!host)
		return;
	p.pHostObject = host;
	CUPTI_CALL(NULL, 0, cuptiProfilerHostDeinitialize, &p);
}

/* 1 when the chip's metric database knows name, 0 when not, -1 on
 * another failure (reason in why). */
static int host_metric_known(struct host_object *host, const char *name,
			     char *why, size_t len)
{
	struct host_metric_properties_params p =
		PARAMS(struct host_metric_properties_params, metricType);
	CUptiResult r;

	p.pHostObject = host;
	p.pMetricName = name;
	r = api.cuptiProfilerHostGetMetricProperties(&p);
	if (r == CUPTI_ERROR_INVALID_METRIC_NAME)
		return 0;
	if (cupti_check(r, why, len, __LINE__,
			"cuptiProfilerHostGetMetricProperties"))
		return -1;
	return 1;
}

/* The status is the caller's to judge: a refused metric is an expected
 * answer on some devices (see group_prune). */
static CUptiResult host_add(struct host_object *host, const char **names,
			    size_t count)
{
	struct host_add_metrics_params p =
		PARAMS(struct host_add_metrics_params, numMetrics);

	p.pHostObject = host;
	p.ppMetricNames = names;
	p.numMetrics = count;
	return api.cuptiProfilerHostConfigAddMetrics(&p);
}

/* Drops from grp the metrics that cannot be configured on their own
 * (counters unavailable on this device, e.g. under MIG or vGPU). */
static int group_prune(const struct counters *c, struct counter_group *grp,
		       char *why, size_t len)
{
	size_t kept = 0;

	for (size_t i = 0; i < grp->count; i++) {
		struct host_object *probe;
		CUptiResult r;

		if (host_create(c, &probe, why, len))
			return -1;
		r = host_add(probe, &grp->names[i], 1);
		host_destroy(probe);
		if (r != CUPTI_SUCCESS)
			continue;
		grp->names[kept] = grp->names[i];
		grp->metric[kept] = grp->metric[i];
		kept++;
	}
	grp->count = kept;
	return 0;
}

static int group_build(struct counters *c, int g, char *why, size_t len)
{
	struct counter_group *grp = &c->group[g];
	struct host_config_size_params sz =
		PARAMS(struct host_config_size_params, configImageSize);
	struct host_config_image_params im =
		PARAMS(struct host_config_image_params, pConfigImage);
	struct host_passes_params np =
		PARAMS(struct host_passes_params, numOfPasses);

	if (host_create(c, &grp->host, why, len))
		return -1;
	for (int m = 0; m < COUNTERS_METRIC_COUNT; m++) {
		if (specs[m].group != g)
			continue;
		for (int k = 0; k < 2 && specs[m].names[k]; k++) {
			int known = host_metric_known(grp->host,
						      specs[m].names[k],
						      why, len);

			if (known < 0)
				return -1;
			if (known) {
				grp->names[grp->count] = specs[m].names[k];
				grp->metric[grp->count++] = m;
				break;
			}
		}
	}
	if (grp->count &&
	    host_add(grp->host, grp->names, grp->count) != CUPTI_SUCCESS) {
		/* A host object that refused a metric is not reused. */
		host_destroy(grp->host);
		grp->host = NULL;
		if (group_prune(c, grp, why, len) ||
		    host_create(c, &grp->host, why, len))
			return -1;
		if (grp->count &&
		    cupti_check(host_add(grp->host, grp->names, grp->count),
				why, len, __LINE__,
				"cuptiProfilerHostConfigAddMetrics"))
			return -1;
	}
	for (size_t i = 0; i < grp->count; i++)
		c->name[grp->metric[i]] = grp->names[i];
	if (!grp->count)
		return 0;
	sz.pHostObject = grp->host;
	if (CUPTI_CALL(why, len, cuptiProfilerHostGetConfigImageSize, &sz))
		return -1;
	grp->config = malloc(sz.configImageSize);
	if (!grp->config) {
		no_memory(why, len, __LINE__);
		return -1;
	}
	grp->config_size = sz.configImageSize;
	im.pHostObject = grp->host;
	im.configImageSize = grp->config_size;
	im.pConfigImage = grp->config;
	if (CUPTI_CALL(why, len, cuptiProfilerHostGetConfigImage, &im))
		return -1;
	np.configImageSize = grp->config_size;
	np.pConfigImage = grp->config;
	if (CUPTI_CALL(why, len, cuptiProfilerHostGetNumOfPasses, &np))
		return -1;
	grp->passes = np.numOfPasses;
	return 0;
}

static void groups_release(struct counters *c)
{
	for (int g = 0; g < GROUPS; g++) {
		host_destroy(c->group[g].host);
		free(c->group[g].config);
		memset(&c->group[g], 0, sizeof(c->group[g]));
	}
}

int counters_chip_check(const char *chip,
			unsigned char known[COUNTERS_METRIC_COUNT],
			size_t *passes, char *why, size_t len)
{
	struct counters c = { .device = -1 };
	int ret = -1;

	why[0] = '\0';
	memset(known, 0, COUNTERS_METRIC_COUNT);
	*passes = 0;
	if (api_load(why, len))
		return -1;
	snprintf(c.chip, sizeof(c.chip), "%s", chip);
	for (int g = 0; g < GROUPS; g++)
		if (group_build(&c, g, why, len))
			goto out;
	for (int m = 0; m < COUNTERS_METRIC_COUNT; m++)
		known[m] = c.name[m] != NULL;
	for (int g = 0; g < GROUPS; g++)
		*passes += c.group[g].passes;
	ret = 0;
out:
	groups_release(&c);
	return ret;
}

/* ---- target side --------------------------------------------------------- */

static int context_get(struct counters *c, CUdevice *dev, char *why,
		       size_t len)
{
	CUresult (CUDAAPI *get_current)(CUcontext *) = NULL;
	CUresult (CUDAAPI *get_device)(CUdevice *) = NULL;
	enum cudaDriverEntryPointQueryResult q;
	CUresult r;

	/* The runtime hands out driver entry points, so the driver library
	 * need not be linked (mmreport links the runtime statically). */
	if (CUDA_CALL(why, len, cudaGetDriverEntryPointByVersion(
			"cuCtxGetCurrent", (void **)&get_current, 12000,
			cudaEnableDefault, &q)) ||
	    CUDA_CALL(why, len, cudaGetDriverEntryPointByVersion(
			"cuCtxGetDevice", (void **)&get_device, 12000,
			cudaEnableDefault, &q)))
		return -1;
	if (!get_current || !get_device) {
		report(why, len, __LINE__, "cudaGetDriverEntryPointByVersion",
		       "driver lacks cuCtxGetCurrent/cuCtxGetDevice", "");
		return -1;
	}
	r = get_current(&c->ctx);
	if (r != CUDA_SUCCESS || !c->ctx) {
		report(why, len, __LINE__, "cuCtxGetCurrent",
		       "no current CUDA context", "");
		return -1;
	}
	r = get_device(dev);
	if (r != CUDA_SUCCESS) {
		report(why, len, __LINE__, "cuCtxGetDevice", "failed", "");
		return -1;
	}
	return 0;
}

static int device_supported(CUdevice dev, char *why, size_t len)
{
	CUpti_Profiler_DeviceSupported_Params p =
		SIZED(CUpti_Profiler_DeviceSupported_Params);
	static const char *const what[] = {
		"architecture", "SLI", "vGPU", "confidential computing",
		"CMP device", "WSL",
	};
	CUpti_Profiler_Support_Level level[6];

	p.cuDevice = dev;
	p.api = CUPTI_PROFILER_RANGE_PROFILING;
	if (CUPTI_CALL(why, len, cuptiProfilerDeviceSupported, &p))
		return -1;
	if (p.isSupported == CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
		return 0;
	level[0] = p.architecture;
	level[1] = p.sli;
	level[2] = p.vGpu;
	level[3] = p.confidentialCompute;
	level[4] = p.cmp;
	level[5] = p.wsl;
	snprintf(why, len, "device does not support profiling");
	for (size_t i = 0; i < 6; i++) {
		size_t used = strlen(why);

		if (level[i] == CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
			continue;
		snprintf(why + used, len > used ? len - used : 0, "; %s: %s",
			 what[i], level[i] ==
			 CUPTI_PROFILER_CONFIGURATION_DISABLED ? "disabled" :
			 "unsupported");
	}
	return -1;
}

static int availability_read(struct counters *c, char *why, size_t len)
{
	CUpti_Profiler_GetCounterAvailability_Params p =
		SIZED(CUpti_Profiler_GetCounterAvailability_Params);

	p.ctx = c->ctx;
	if (CUPTI_CALL(why, len, cuptiProfilerGetCounterAvailability, &p))
		return -1;
	c->avail = malloc(p.counterAvailabilityImageSize);
	if (!c->avail) {
		no_memory(why, len, __LINE__);
		return -1;
	}
	p.pCounterAvailabilityImage = c->avail;
	return CUPTI_CALL(why, len, cuptiProfilerGetCounterAvailability, &p);
}

static int profiler_enable(const struct counters *c,
			   CUpti_RangeProfiler_Object **obj, char *why,
			   size_t len)
{
	CUpti_RangeProfiler_Enable_Params p =
		SIZED(CUpti_RangeProfiler_Enable_Params);

	*obj = NULL;
	p.ctx = c->ctx;
	if (CUPTI_CALL(why, len, cuptiRangeProfilerEnable, &p))
		return -1;
	*obj = p.pRangeProfilerObject;
	return 0;
}

static int profiler_disable(CUpti_RangeProfiler_Object *obj, char *why,
			    size_t len)
{
	CUpti_RangeProfiler_Disable_Params p =
		SIZED(CUpti_RangeProfiler_Disable_Params);

	p.pRangeProfilerObject = obj;
	return CUPTI_CALL(why, len, cuptiRangeProfilerDisable, &p);
}

int counters_open(int cuda_device, struct counters **out, char *why,
		  size_t len)
{
	CUpti_Profiler_Initialize_Params init =
		SIZED(CUpti_Profiler_Initialize_Params);
	CUpti_Device_GetChipName_Params chip =
		SIZED(CUpti_Device_GetChipName_Params);
	CUpti_RangeProfiler_Object *probe;
	struct counters *c = NULL;
	char spare[8];
	CUdevice dev;
	int ret = -1;

	/* Reasons always have somewhere to go. */
	if (!why || !len) {
		why = spare;
		len = sizeof(spare);
	}
	why[0] = '\0';
	*out = NULL;
	if (api_load(why, len))
		goto out;
	c = calloc(1, sizeof(*c));
	if (!c) {
		no_memory(why, len, __LINE__);
		goto out;
	}
	c->device = cuda_device;
	/* cudaFree(NULL) makes the runtime create the primary context. */
	if (CUDA_CALL(why, len, cudaSetDevice(cuda_device)) ||
	    CUDA_CALL(why, len, cudaFree(NULL)) ||
	    context_get(c, &dev, why, len))
		goto out;
	if (CUPTI_CALL(why, len, cuptiProfilerInitialize, &init))
		goto out;
	c->initialized = 1;
	if (device_supported(dev, why, len))
		goto out;
	chip.deviceIndex = (size_t)dev;
	if (CUPTI_CALL(why, len, cuptiDeviceGetChipName, &chip))
		goto out;
	snprintf(c->chip, sizeof(c->chip), "%s", chip.pChipName);
	if (availability_read(c, why, len))
		goto out;
	for (int g = 0; g < GROUPS; g++)
		if (group_build(c, g, why, len))
			goto out;
	if (!c->group[0].count && !c->group[1].count) {
		snprintf(why, len, "chip %s has none of the metrics", c->chip);
		goto out;
	}
	/* Privilege and "another profiler attached" failures surface here,
	 * not in the middle of a sweep. */
	if (profiler_enable(c, &probe, why, len) ||
	    profiler_disable(probe, why, len))
		goto out;
	ret = 0;
out:
	if (ret) {
		counters_free(c);
		c = NULL;
	}
	*out = c;
	return ret;
}

int counters_prepare_set(struct counters *c, int (*prepare)(void *arg),
			 void *arg, int kernels)
{
	if (kernels < 0 || kernels > MAX_PREPARE)
		return -1;
	c->prepare = prepare;
	c->prepare_arg = arg;
	c->prepare_kernels = prepare ? kernels : 0;
	return 0;
}

void counters_free(struct counters *c)
{
	CUpti_Profiler_DeInitialize_Params deinit =
		SIZED(CUpti_Profiler_DeInitialize_Params);

	if (!c)
		return;
	groups_release(c);
	free(c->avail);
	if (c->initialized)
		CUPTI_CALL(NULL, 0, cuptiProfilerDeInitialize, &deinit);
	free(c);
}

/* ---- collection ---------------------------------------------------------- */

static int pass_run(const struct counters *c, CUpti_RangeProfiler_Object *obj,
		    int (*launch)(void *arg), void *arg, int *all_submitted)
{
	CUpti_RangeProfiler_Start_Params start =
		SIZED(CUpti_RangeProfiler_Start_Params);
	CUpti_RangeProfiler_Stop_Params stop =
		SIZED(CUpti_RangeProfiler_Stop_Params);
	int err;

	start.pRangeProfilerObject = obj;
	stop.pRangeProfilerObject = obj;
	if (CUPTI_CALL(NULL, 0, cuptiRangeProfilerStart, &start))
		return -1;
	/* Inside Start/Stop, in ranges of its own that group_evaluate
	 * drops: the start itself dirties L2 (counters_prepare_set). */
	if (c->prepare && c->prepare(c->prepare_arg)) {
		report(NULL, 0, __LINE__, "prepare", "the pass's preparation "
		       "failed", "");
		err = -1;
	} else {
		err = launch(arg) ? -1 :
		      CUDA_CALL(NULL, 0, cudaDeviceSynchronize());
	}
	/* Stopped even after a failed launch, so that the profiler can be
	 * disabled cleanly. */
	if (CUPTI_CALL(NULL, 0, cuptiRangeProfilerStop, &stop))
		return -1;
	*all_submitted = stop.isAllPassSubmitted;
	return err;
}

/* Adds the values of every range (kernel) in image to out, but the
 * first skip ones (the pass's preparation). */
static int group_evaluate(struct counter_group *grp,
			  const uint8_t *image, size_t size, size_t skip,
			  struct counters_values *out)
{
	CUpti_RangeProfiler_GetCounterDataInfo_Params info =
		SIZED(CUpti_RangeProfiler_GetCounterDataInfo_Params);
	struct host_evaluate_params ev =
		PARAMS(struct host_evaluate_params, pMetricValues);
	double sum[COUNTERS_METRIC_COUNT] = { 0 };
	double v[COUNTERS_METRIC_COUNT];
	unsigned char finite[COUNTERS_METRIC_COUNT];

	info.pCounterDataImage = image;
	info.counterDataImageSize = size;
	if (CUPTI_CALL(NULL, 0, cuptiRangeProfilerGetCounterDataInfo, &info))
		return -1;
	if (info.numTotalRanges <= skip) {
		report(NULL, 0, __LINE__,
		       "cuptiRangeProfilerGetCounterDataInfo",
		       "the launch ran no kernel", "");
		return -1;
	}
	memset(finite, 1, sizeof(finite));
	ev.pHostObject = grp->host;
	ev.pCounterDataImage = image;
	ev.counterDataImageSize = size;
	ev.ppMetricNames = grp->names;
	ev.numMetrics = grp->count;
	ev.pMetricValues = v;
	for (size_t r = skip; r < info.numTotalRanges; r++) {
		ev.rangeIndex = r;
		if (CUPTI_CALL(NULL, 0, cuptiProfilerHostEvaluateToGpuValues,
			       &ev))
			return -1;
		for (size_t i = 0; i < grp->count; i++) {
			if (!isfinite(v[i]))
				finite[i] = 0;
			else
				sum[i] += v[i];
		}
	}
	for (size_t i = 0; i < grp->count; i++) {
		out->value[grp->metric[i]] = finite[i] ? sum[i] : 0.0;
		out->has[grp->metric[i]] = finite[i];
	}
	if ((int)(info.numTotalRanges - skip) > out->kernels)
		out->kernels = (int)(info.numTotalRanges - skip);
	return 0;
}

static int group_collect(const struct counters *c,
			 struct counter_group *grp,
			 int (*launch)(void *arg), void *arg,
			 struct counters_values *out)
{
	CUpti_RangeProfiler_GetCounterDataSize_Params sz =
		SIZED(CUpti_RangeProfiler_GetCounterDataSize_Params);
	CUpti_RangeProfiler_CounterDataImage_Initialize_Params init =
		SIZED(CUpti_RangeProfiler_CounterDataImage_Initialize_Params);
	CUpti_RangeProfiler_SetConfig_Params cfg =
		SIZED(CUpti_RangeProfiler_SetConfig_Params);
	CUpti_RangeProfiler_DecodeData_Params dec =
		SIZED(CUpti_RangeProfiler_DecodeData_Params);
	CUpti_RangeProfiler_Object *obj;
	uint8_t *image = NULL;
	int all = 0, passes = 0, ret = -1;

	if (profiler_enable(c, &obj, NULL, 0))
		return -1;
	sz.pRangeProfilerObject = obj;
	sz.pMetricNames = grp->names;
	sz.numMetrics = grp->count;
	sz.maxNumOfRanges = MAX_RANGES;
	sz.maxNumRangeTreeNodes = MAX_RANGES;
	if (CUPTI_CALL(NULL, 0, cuptiRangeProfilerGetCounterDataSize, &sz))
		goto out;
	image = malloc(sz.counterDataSize);
	if (!image) {
		no_memory(NULL, 0, __LINE__);
		goto out;
	}
	init.pRangeProfilerObject = obj;
	init.counterDataSize = sz.counterDataSize;
	init.pCounterData = image;
	if (CUPTI_CALL(NULL, 0, cuptiRangeProfilerCounterDataImageInitialize,
		  &init))
		goto out;
	cfg.pRangeProfilerObject = obj;
	cfg.configSize = grp->config_size;
	cfg.pConfig = grp->config;
	cfg.counterDataImageSize = sz.counterDataSize;
	cfg.pCounterDataImage = image;
	cfg.range = CUPTI_AutoRange;
	cfg.replayMode = CUPTI_UserReplay;
	cfg.maxRangesPerPass = MAX_RANGES;
	cfg.numNestingLevels = 1;
	cfg.minNestingLevel = 1;
	cfg.passIndex = 0;
	cfg.targetNestingLevel = 1;
	if (CUPTI_CALL(NULL, 0, cuptiRangeProfilerSetConfig, &cfg))
		goto out;
	while (!all) {
		/* A replay can take long on a large launch: a stop request
		 * is honoured between passes, not after all of them. */
		if (stop_requested()) {
			ret = 1;
			goto out;
		}
		if (passes == MAX_PASSES) {
			report(NULL, 0, __LINE__, "cuptiRangeProfilerStop",
			       "passes never complete", "");
			goto out;
		}
		if (pass_run(c, obj, launch, arg, &all))
			goto out;
		passes++;
	}
	dec.pRangeProfilerObject = obj;
	if (CUPTI_CALL(NULL, 0, cuptiRangeProfilerDecodeData, &dec))
		goto out;
	if (dec.numOfRangeDropped) {
		report(NULL, 0, __LINE__, "cuptiRangeProfilerDecodeData",
		       "ranges dropped (more than 56 kernels per launch?)", "");
		goto out;
	}
	if (group_evaluate(grp, image, sz.counterDataSize,
			   (size_t)c->prepare_kernels, out))
		goto out;
	out->passes += passes;
	ret = 0;
out:
	if (profiler_disable(obj, NULL, 0) && ret == 0)
		ret = -1;
	free(image);
	return ret;
}

int counters_collect(struct counters *c, int (*launch)(void *arg),
		     void *arg, struct counters_values *out)
{
	memset(out, 0, sizeof(*out));
	if (CUDA_CALL(NULL, 0, cudaSetDevice(c->device)))
		return -1;
	/* The unprofiled run: every pass then starts from the state that
	 * repeated (timed) runs see. */
	if (launch(arg) || CUDA_CALL(NULL, 0, cudaDeviceSynchronize()))
		return -1;
	for (int g = 0; g < GROUPS; g++) {
		int rc;

		if (!c->group[g].count)
			continue;
		if ((rc = group_collect(c, &c->group[g], launch, arg, out))) {
			memset(out, 0, sizeof(*out));
			return rc;
		}
	}
	return 0;
}

/* ---- names and derived figures ------------------------------------------ */

const char *counters_metric_name(const struct counters *c,
				 enum counters_metric m)
{
	if ((int)m < 0 || m >= COUNTERS_METRIC_COUNT)
		return NULL;
	return c ? c->name[m] : specs[m].names[0];
}

const char *counters_metric_key(enum counters_metric m)
{
	if ((int)m < 0 || m >= COUNTERS_METRIC_COUNT)
		return NULL;
	return specs[m].key;
}

const char *counters_chip(const struct counters *c)
{
	return c->chip;
}

/* The value of m, NAN when it was not read. */
static double val(const struct counters_values *v, enum counters_metric m)
{
	return v->has[m] ? v->value[m] : NAN;
}

double counters_fp32_ops(const struct counters_values *v)
{
	return 2.0 * val(v, COUNTERS_FFMA) + val(v, COUNTERS_FADD) +
	       val(v, COUNTERS_FMUL);
}

/* a / b, or NAN when b is missing or 0 (a NAN passes through). */
static double ratio(double a, const struct counters_values *v,
		    enum counters_metric b)
{
	return val(v, b) == 0.0 ? NAN : a / val(v, b);
}

double counters_gips(const struct counters_values *v)
{
	return ratio(val(v, COUNTERS_INST_EXECUTED), v, COUNTERS_DURATION_NS);
}

double counters_cgma(const struct counters_values *v)
{
	double accesses = val(v, COUNTERS_GLOBAL_LD_INST) +
			  val(v, COUNTERS_GLOBAL_ST_INST);

	return accesses == 0.0 ? NAN : counters_fp32_ops(v) / accesses;
}

double counters_flops_per_s(const struct counters_values *v)
{
	return ratio(counters_fp32_ops(v) * 1e9, v, COUNTERS_DURATION_NS);
}

double counters_dram_bytes_per_s(const struct counters_values *v)
{
	return ratio((val(v, COUNTERS_DRAM_READ_BYTES) +
		      val(v, COUNTERS_DRAM_WRITE_BYTES)) * 1e9, v,
		     COUNTERS_DURATION_NS);
}
