// measure/counters.c declares the parameter blocks of CUPTI's profiler
// host API itself, because cupti_profiler_host.h is C++ only. This file
// compiles those declarations (extracted from counters.c into
// counters_host_decls.inc by tests/counters.cmake) next to CUPTI's header
// and fails to build when a field's offset or size, a block's size, its
// structSize value or an enum constant differs.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>

#include "counters_host_decls.inc"

#define FIELD(mine, theirs, f)                                         \
	static_assert(offsetof(mine, f) == offsetof(theirs, f),         \
		      #mine "." #f " offset");                          \
	static_assert(sizeof(((mine *)nullptr)->f) ==                    \
			      sizeof(((theirs *)nullptr)->f),           \
		      #mine "." #f " size");
#define BLOCK(mine, theirs, last)                                      \
	static_assert(sizeof(mine) == sizeof(theirs), #mine " size");   \
	static_assert(CUPTI_PROFILER_STRUCT_SIZE(mine, last) ==          \
			      theirs##_STRUCT_SIZE,                     \
		      #mine " structSize");                             \
	FIELD(mine, theirs, structSize)                                 \
	FIELD(mine, theirs, pPriv)

BLOCK(host_initialize_params, CUpti_Profiler_Host_Initialize_Params,
      pHostObject)
FIELD(host_initialize_params, CUpti_Profiler_Host_Initialize_Params,
      profilerType)
FIELD(host_initialize_params, CUpti_Profiler_Host_Initialize_Params,
      pChipName)
FIELD(host_initialize_params, CUpti_Profiler_Host_Initialize_Params,
      pCounterAvailabilityImage)
FIELD(host_initialize_params, CUpti_Profiler_Host_Initialize_Params,
      pHostObject)

BLOCK(host_deinitialize_params, CUpti_Profiler_Host_Deinitialize_Params,
      pHostObject)
FIELD(host_deinitialize_params, CUpti_Profiler_Host_Deinitialize_Params,
      pHostObject)

BLOCK(host_metric_properties_params,
      CUpti_Profiler_Host_GetMetricProperties_Params, metricType)
FIELD(host_metric_properties_params,
      CUpti_Profiler_Host_GetMetricProperties_Params, pHostObject)
FIELD(host_metric_properties_params,
      CUpti_Profiler_Host_GetMetricProperties_Params, pMetricName)
FIELD(host_metric_properties_params,
      CUpti_Profiler_Host_GetMetricProperties_Params, pDescription)
FIELD(host_metric_properties_params,
      CUpti_Profiler_Host_GetMetricProperties_Params, pHwUnit)
FIELD(host_metric_properties_params,
      CUpti_Profiler_Host_GetMetricProperties_Params, pDimUnit)
FIELD(host_metric_properties_params,
      CUpti_Profiler_Host_GetMetricProperties_Params, metricType)

BLOCK(host_add_metrics_params, CUpti_Profiler_Host_ConfigAddMetrics_Params,
      numMetrics)
FIELD(host_add_metrics_params, CUpti_Profiler_Host_ConfigAddMetrics_Params,
      pHostObject)
FIELD(host_add_metrics_params, CUpti_Profiler_Host_ConfigAddMetrics_Params,
      ppMetricNames)
FIELD(host_add_metrics_params, CUpti_Profiler_Host_ConfigAddMetrics_Params,
      numMetrics)

BLOCK(host_config_size_params, CUpti_Profiler_Host_GetConfigImageSize_Params,
      configImageSize)
FIELD(host_config_size_params, CUpti_Profiler_Host_GetConfigImageSize_Params,
      pHostObject)
FIELD(host_config_size_params, CUpti_Profiler_Host_GetConfigImageSize_Params,
      configImageSize)

BLOCK(host_config_image_params, CUpti_Profiler_Host_GetConfigImage_Params,
      pConfigImage)
FIELD(host_config_image_params, CUpti_Profiler_Host_GetConfigImage_Params,
      pHostObject)
FIELD(host_config_image_params, CUpti_Profiler_Host_GetConfigImage_Params,
      configImageSize)
FIELD(host_config_image_params, CUpti_Profiler_Host_GetConfigImage_Params,
      pConfigImage)

BLOCK(host_passes_params, CUpti_Profiler_Host_GetNumOfPasses_Params,
      numOfPasses)
FIELD(host_passes_params, CUpti_Profiler_Host_GetNumOfPasses_Params,
      configImageSize)
FIELD(host_passes_params, CUpti_Profiler_Host_GetNumOfPasses_Params,
      pConfigImage)
FIELD(host_passes_params, CUpti_Profiler_Host_GetNumOfPasses_Params,
      numOfPasses)

BLOCK(host_evaluate_params, CUpti_Profiler_Host_EvaluateToGpuValues_Params,
      pMetricValues)
FIELD(host_evaluate_params, CUpti_Profiler_Host_EvaluateToGpuValues_Params,
      pHostObject)
FIELD(host_evaluate_params, CUpti_Profiler_Host_EvaluateToGpuValues_Params,
      pCounterDataImage)
FIELD(host_evaluate_params, CUpti_Profiler_Host_EvaluateToGpuValues_Params,
      counterDataImageSize)
FIELD(host_evaluate_params, CUpti_Profiler_Host_EvaluateToGpuValues_Params,
      rangeIndex)
FIELD(host_evaluate_params, CUpti_Profiler_Host_EvaluateToGpuValues_Params,
      ppMetricNames)
FIELD(host_evaluate_params, CUpti_Profiler_Host_EvaluateToGpuValues_Params,
      numMetrics)
FIELD(host_evaluate_params, CUpti_Profiler_Host_EvaluateToGpuValues_Params,
      pMetricValues)

static_assert((int)HOST_PROFILER_RANGE ==
		      (int)CUPTI_PROFILER_TYPE_RANGE_PROFILER,
	      "profiler type");
static_assert((int)HOST_METRIC_COUNTER == (int)CUPTI_METRIC_TYPE_COUNTER,
	      "metric type");
static_assert(sizeof(enum host_profiler_type) == sizeof(CUpti_ProfilerType),
	      "profiler type size");
static_assert(sizeof(enum host_metric_type) == sizeof(CUpti_MetricType),
	      "metric type size");

int main()
{
	std::printf("profiler host API blocks match cupti_profiler_host.h\n");
	return 0;
}
