/* NVML through dlopen: the library is part of the driver, not of the
 * toolkit, so it is looked up at run time and its absence is normal.
 * The few types used are declared here from NVML's documented ABI
 * (nvml.h is not installed on build machines without a driver). */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device.h"
#include "plan.h"
#include "vocab.h"

typedef int nvml_return;		/* nvmlReturn_t */
typedef void *nvml_device;		/* nvmlDevice_t */

#define NVML_SUCCESS			0
#define NVML_ERROR_NOT_SUPPORTED	3
#define NVML_ERROR_NO_PERMISSION	4
#define NVML_ERROR_NOT_FOUND		6
#define NVML_ERROR_FUNCTION_NOT_FOUND	13
#define NVML_CLOCK_SM			1
#define NVML_CLOCK_MEM			2
#define NVML_TEMPERATURE_GPU		0

struct measure_nvml {
	void *lib;
	nvml_return (*init)(void);
	nvml_return (*shutdown)(void);
	const char *(*error_string)(nvml_return);
	nvml_return (*by_pci)(const char *, nvml_device *);
	nvml_return (*by_uuid)(const char *, nvml_device *);
	nvml_return (*clock)(nvml_device, int, unsigned int *);
	nvml_return (*temperature)(nvml_device, int, unsigned int *);
	nvml_return (*power)(nvml_device, unsigned int *);
	nvml_return (*reasons)(nvml_device, unsigned long long *);
	nvml_return (*driver)(char *, unsigned int);
	/* optional: the session's setting (measure_nvml_setting) */
	nvml_return (*power_limit)(nvml_device, unsigned int *);
	nvml_return (*pcie_gen)(nvml_device, unsigned int *);
	nvml_return (*pcie_width)(nvml_device, unsigned int *);
	/* optional: --lock-clocks (measure_nvml_clock_lock) */
	nvml_return (*max_clock)(nvml_device, int, unsigned int *);
	nvml_return (*lock)(nvml_device, unsigned int, unsigned int);
	nvml_return (*unlock)(nvml_device);
	nvml_device sm_dev;	/* measure_nvml_sm_clock's, once found */
};

/* Reports a failed NVML call like a failed CUDA call; "not supported"
 * (a field this board does not have) is an expected answer, not an
 * error. Returns 0 on success. */
static int nvml_check(struct measure_nvml *nv, nvml_return r, int line,
		      const char *call)
{
	if (r == NVML_SUCCESS)
		return 0;
	if (r != NVML_ERROR_NOT_SUPPORTED)
		fprintf(stderr, "mmreport: measure/nvml.c:%d: %s: %s\n", line,
			call, nv->error_string ? nv->error_string(r) :
			"NVML error");
	return -1;
}

#define NVML_CHECK(nv, call) nvml_check((nv), (call), __LINE__, #call)

struct measure_nvml *measure_nvml_open(void)
{
	struct measure_nvml *nv;
	void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);

	if (!lib)
		return NULL;
	nv = calloc(1, sizeof(*nv));
	if (!nv) {
		dlclose(lib);
		return NULL;
	}
	nv->lib = lib;
	*(void **)&nv->init = dlsym(lib, "nvmlInit_v2");
	*(void **)&nv->shutdown = dlsym(lib, "nvmlShutdown");
	*(void **)&nv->error_string = dlsym(lib, "nvmlErrorString");
	*(void **)&nv->by_pci = dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2");
	*(void **)&nv->by_uuid = dlsym(lib, "nvmlDeviceGetHandleByUUID");
	*(void **)&nv->clock = dlsym(lib, "nvmlDeviceGetClockInfo");
	*(void **)&nv->temperature = dlsym(lib, "nvmlDeviceGetTemperature");
	*(void **)&nv->power = dlsym(lib, "nvmlDeviceGetPowerUsage");
	/* Renamed in driver 535 ("throttle" became "clocks event"); the old
	 * name stays as an alias for older drivers. */
	*(void **)&nv->reasons = dlsym(lib,
				     "nvmlDeviceGetCurrentClocksEventReasons");
	if (!nv->reasons)
		*(void **)&nv->reasons = dlsym(lib,
				"nvmlDeviceGetCurrentClocksThrottleReasons");
	*(void **)&nv->driver = dlsym(lib, "nvmlSystemGetDriverVersion");
	*(void **)&nv->power_limit = dlsym(lib,
					 "nvmlDeviceGetEnforcedPowerLimit");
	*(void **)&nv->pcie_gen = dlsym(lib,
				      "nvmlDeviceGetCurrPcieLinkGeneration");
	*(void **)&nv->pcie_width = dlsym(lib,
					  "nvmlDeviceGetCurrPcieLinkWidth");
	*(void **)&nv->max_clock = dlsym(lib, "nvmlDeviceGetMaxClockInfo");
	*(void **)&nv->lock = dlsym(lib, "nvmlDeviceSetGpuLockedClocks");
	*(void **)&nv->unlock = dlsym(lib, "nvmlDeviceResetGpuLockedClocks");
	if (!nv->init || !nv->shutdown) {
		fprintf(stderr, "mmreport: measure: libnvidia-ml.so.1 lacks "
			"nvmlInit_v2; clocks and temperatures not recorded\n");
		goto fail;
	}
	if (NVML_CHECK(nv, nv->init()))
		goto fail;
	return nv;
fail:
	dlclose(lib);
	free(nv);
	return NULL;
}

void measure_nvml_close(struct measure_nvml *nv)
{
	if (!nv)
		return;
	NVML_CHECK(nv, nv->shutdown());
	dlclose(nv->lib);
	free(nv);
}

char *measure_nvml_driver(struct measure_nvml *nv)
{
	char buf[96];

	if (!nv || !nv->driver ||
	    NVML_CHECK(nv, nv->driver(buf, sizeof(buf))))
		return NULL;
	buf[sizeof(buf) - 1] = '\0';
	return strdup(buf);
}

/* "sw_power_cap,hw_slowdown" for a reasons mask, "none" for 0, into
 * buf[len]. */
static void throttle_format(unsigned long long reasons, char *buf,
			    size_t len)
{
	/* nvmlClocksEventReason* bits, in NVML's order. */
	static const struct {
		unsigned long long bit;
		const char *name;
	} names[] = {
		{ 0x1ULL, "gpu_idle" },
		{ 0x2ULL, "applications_clocks_setting" },
		{ 0x4ULL, "sw_power_cap" },
		{ 0x8ULL, "hw_slowdown" },
		{ 0x10ULL, "sync_boost" },
		{ 0x20ULL, "sw_thermal_slowdown" },
		{ 0x40ULL, "hw_thermal_slowdown" },
		{ 0x80ULL, "hw_power_brake_slowdown" },
		{ 0x100ULL, "display_clock_setting" },
	};
	unsigned long long known = 0;
	size_t used = 0;

	buf[0] = '\0';
	if (!reasons) {
		snprintf(buf, len, "%s", VOCAB_THROTTLE_NONE);
		return;
	}
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		known |= names[i].bit;
		if (reasons & names[i].bit)
			plan_cat(buf, len, &used, "%s%s", used ? "," : "",
				 names[i].name);
	}
	if (reasons & ~known)
		plan_cat(buf, len, &used, "%sother_0x%llx", used ? "," : "",
			 reasons & ~known);
}

void measure_env_release(struct store_env *env)
{
	if (!env)
		return;
	free(env->throttle_text);
	memset(env, 0, sizeof(*env));
}

/* The NVML handle of the CUDA device: by PCI bus id (CUDA's and NVML's
 * device orders may differ), else by UUID. Unreported. */
static nvml_return device_lookup(struct measure_nvml *nv, const char *pci,
				 const char *uuid, nvml_device *dev)
{
	nvml_return r = NVML_ERROR_NOT_FOUND;

	if (nv->by_pci && pci && *pci)
		r = nv->by_pci(pci, dev);
	if (r != NVML_SUCCESS && nv->by_uuid && uuid && *uuid)
		r = nv->by_uuid(uuid, dev);
	return r;
}

int measure_nvml_sm_clock(struct measure_nvml *nv, const char *pci,
			  const char *uuid, double *mhz)
{
	unsigned int v;

	if (!nv || !nv->clock)
		return -1;
	if (!nv->sm_dev && device_lookup(nv, pci, uuid, &nv->sm_dev)) {
		nv->sm_dev = NULL;
		return -1;
	}
	if (nv->clock(nv->sm_dev, NVML_CLOCK_SM, &v) != NVML_SUCCESS)
		return -1;
	*mhz = v;
	return 0;
}

/* The NVML handle of the CUDA device (after a report of a failure). */
static int nvml_device_find(struct measure_nvml *nv, const char *pci,
			    const char *uuid, nvml_device *dev)
{
	return NVML_CHECK(nv, device_lookup(nv, pci, uuid, dev));
}

void measure_nvml_setting(struct measure_nvml *nv, const char *pci,
			  const char *uuid, struct measure_setting *set)
{
	nvml_device dev = NULL;
	unsigned int v;

	set->power_limit_w = NAN;
	set->pcie_gen = set->pcie_width = 0;
	if (!nv || nvml_device_find(nv, pci, uuid, &dev))
		return;
	if (nv->power_limit && !NVML_CHECK(nv, nv->power_limit(dev, &v)) &&
	    v > 0)
		set->power_limit_w = v / 1000.0;	/* milliwatts */
	if (nv->pcie_gen && !NVML_CHECK(nv, nv->pcie_gen(dev, &v)))
		set->pcie_gen = (int)v;
	if (nv->pcie_width && !NVML_CHECK(nv, nv->pcie_width(dev, &v)))
		set->pcie_width = (int)v;
}

int measure_nvml_clock_lock(struct measure_nvml *nv, const char *pci,
			    const char *uuid, unsigned int mhz,
			    unsigned int *locked)
{
	nvml_device dev = NULL;
	nvml_return r;

	if (!nv || !nv->lock || !nv->unlock) {
		fprintf(stderr, "mmreport: measure: --lock-clocks: %s\n",
			nv ? "this driver's NVML cannot lock clocks" :
			"NVML (libnvidia-ml.so.1) is not available");
		return -1;
	}
	if (nvml_device_find(nv, pci, uuid, &dev))
		return -1;
	if (!mhz && (!nv->max_clock ||
		     NVML_CHECK(nv, nv->max_clock(dev, NVML_CLOCK_SM, &mhz)))) {
		fprintf(stderr, "mmreport: measure: --lock-clocks max: the "
			"highest SM clock is unknown; give it in MHz\n");
		return -1;
	}
	r = nv->lock(dev, mhz, mhz);
	if (r != NVML_SUCCESS) {
		/* the usual case: only root (or an administrator's
		 * nvidia-smi) may set clocks */
		fprintf(stderr, "mmreport: measure: cannot lock the SM clock "
			"at %u MHz: nvmlDeviceSetGpuLockedClocks: %s%s\n", mhz,
			nv->error_string ? nv->error_string(r) : "NVML error",
			r == NVML_ERROR_NO_PERMISSION ?
			" (locking clocks needs root)" : "");
		return -1;
	}
	*locked = mhz;
	return 0;
}

int measure_nvml_clock_unlock(struct measure_nvml *nv, const char *pci,
			      const char *uuid)
{
	nvml_device dev = NULL;

	if (!nv || !nv->unlock || nvml_device_find(nv, pci, uuid, &dev) ||
	    NVML_CHECK(nv, nv->unlock(dev))) {
		fprintf(stderr, "mmreport: measure: the SM clock stays "
			"locked; reset it with nvidia-smi --reset-gpu-clocks\n");
		return -1;
	}
	return 0;
}

void measure_nvml_read(struct measure_nvml *nv, const char *pci,
		       const char *uuid, struct store_env *env)
{
	nvml_device dev = NULL;
	unsigned int v;
	unsigned long long reasons;
	char text[256];

	memset(env, 0, sizeof(*env));
	if (!nv || nvml_device_find(nv, pci, uuid, &dev))
		return;
	if (nv->clock && !NVML_CHECK(nv, nv->clock(dev, NVML_CLOCK_SM, &v))) {
		env->has_sm_clock = 1;
		env->sm_clock_mhz = v;
	}
	if (nv->clock &&
	    !NVML_CHECK(nv, nv->clock(dev, NVML_CLOCK_MEM, &v))) {
		env->has_mem_clock = 1;
		env->mem_clock_mhz = v;
	}
	if (nv->temperature &&
	    !NVML_CHECK(nv, nv->temperature(dev, NVML_TEMPERATURE_GPU, &v))) {
		env->has_temp = 1;
		env->temp_c = v;
	}
	if (nv->power && !NVML_CHECK(nv, nv->power(dev, &v))) {
		env->has_power = 1;
		env->power_w = v / 1000.0;	/* milliwatts */
	}
	if (nv->reasons && !NVML_CHECK(nv, nv->reasons(dev, &reasons))) {
		env->has_throttle = 1;
		env->throttle_reasons = reasons;
		throttle_format(reasons, text, sizeof(text));
		env->throttle_text = strdup(text);
	}
}
