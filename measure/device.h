/* measure/device.h: internal to measure/. What a CUDA device is and can
 * do, from cudaGetDeviceProperties and cudaDeviceGetAttribute, turned
 * into the store's device row; and the NVML readings (clocks,
 * temperature, power, throttle reasons) taken at session start and end
 * when libnvidia-ml is present at run time. */
#ifndef MMREPORT_MEASURE_DEVICE_H
#define MMREPORT_MEASURE_DEVICE_H

#include <cuda_runtime_api.h>

#include "store.h"

struct measure_device {
	int index;
	struct cudaDeviceProp prop;
	/* CUDA 13 removed these from cudaDeviceProp: attributes instead. */
	int clock_khz, mem_clock_khz;
	int kernel_timeout, gpu_overlap, compute_mode;
	int cores_per_sm;		/* 0: compute capability not in the
					 * table, peaks left 0 */
	char uuid[48];			/* "GPU-xxxxxxxx-xxxx-..." */
	char pci[32];			/* "0000:65:00.0" */
	int driver_version, runtime_version;
	size_t free_mem, total_mem;
	double peak_fp32_gflops;	/* SMs x cores/SM x 2 x clock */
	int fp64_per_sm;		/* FP64 units per SM, 0 unknown */
	double peak_fp64_gflops;	/* SMs x fp64_per_sm x 2 x clock */
	double peak_mem_gbs;		/* 2 x memory clock x bus width / 8 */
};

/* FP64 multiply-add units per SM (the same table's 64-bit row); 0 when
 * unknown. */
int measure_fp64_per_sm(int major, int minor);

/* Makes device index current and fills *d. Returns a cudaError_t (0 ok),
 * reported on stderr. */
int measure_device_query(int index, struct measure_device *d);

/* The store's row for d: strings and props are allocated; release with
 * measure_device_row_release. Returns 0, or -1 when memory runs out. */
int measure_device_row(const struct measure_device *d,
		       struct store_device *row);
void measure_device_row_release(struct store_device *row);

/* "GPU-" and the 16 bytes of a cudaUUID_t in NVIDIA's 8-4-4-4-12 form. */
void measure_uuid_format(const unsigned char bytes[16], char *buf,
			 size_t len);

/* ---- NVML, loaded with dlopen ------------------------------------------ */

struct measure_nvml;

/* Loads libnvidia-ml.so.1 and initialises it. NULL when the library is
 * absent (silently: that is a supported setup) or fails to initialise
 * (reported). Close with measure_nvml_close (NULL is a no-op). */
struct measure_nvml *measure_nvml_open(void);
void measure_nvml_close(struct measure_nvml *nv);

/* Reads SM and memory clocks, temperature, power and clock-event
 * (throttle) reasons of the device with PCI bus id pci (or, failing
 * that, UUID uuid) into *env. Fields NVML cannot give stay has_* = 0;
 * with nv NULL all are 0. env->throttle_text is allocated; release with
 * measure_env_release. */
void measure_nvml_read(struct measure_nvml *nv, const char *pci,
		       const char *uuid, struct store_env *env);
void measure_env_release(struct store_env *env);

/* What a session stores of the machine it ran on, beyond the readings
 * of store_env (schema 7). */
struct measure_setting {
	double power_limit_w;	/* NVML enforced power limit; NAN
				 * unknown */
	int pcie_gen, pcie_width;	/* NVML current link; 0 unknown */
};
/* The enforced power limit and the current PCIe link of the device (as
 * measure_nvml_read finds it) into *set. Each is optional: a driver
 * without the function, or one that answers "not supported", leaves the
 * field unknown; another failure is reported on stderr like NVML's other
 * calls, and leaves it unknown too. nv NULL: all unknown. */
void measure_nvml_setting(struct measure_nvml *nv, const char *pci,
			  const char *uuid, struct measure_setting *set);
/* The first "model name" of /proc/cpuinfo (path: NULL for that file; a
 * test names another) into buf[len], spaces trimmed. Returns 0, or -1
 * with buf "" when the file has none (some architectures) or cannot be
 * read. */
int measure_host_cpu(const char *path, char *buf, size_t len);
/* The SM clock alone, in MHz, into *mhz: the cheap reading taken after
 * each round of samples (the device handle is looked up once and kept).
 * Returns 0, or -1 where NVML cannot tell (nothing reported). */
int measure_nvml_sm_clock(struct measure_nvml *nv, const char *pci,
			  const char *uuid, double *mhz);

/* --lock-clocks: locks the device's SM clock at mhz (0: the highest it
 * has, NVML's maximum SM clock) for the session, so that no sample runs
 * at another clock; *locked is the clock locked. Needs root where the
 * driver keeps clock settings to administrators (the usual case), NVML
 * and a GPU that supports it: else -1 after a message saying which, and
 * nothing changed. Undo with measure_nvml_clock_unlock, which returns -1
 * after telling how to reset them by hand when it cannot. */
int measure_nvml_clock_lock(struct measure_nvml *nv, const char *pci,
			    const char *uuid, unsigned int mhz,
			    unsigned int *locked);
int measure_nvml_clock_unlock(struct measure_nvml *nv, const char *pci,
			      const char *uuid);

/* The driver version as NVML prints it ("580.159.04"), allocated; NULL
 * without NVML. */
char *measure_nvml_driver(struct measure_nvml *nv);

#endif
