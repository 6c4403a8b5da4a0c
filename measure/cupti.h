/* measure/cupti.h: internal to measure/. CUPTI loaded at run time
 * (dlopen), shared by the hardware counters (counters.c) and the kernel
 * timer's activity records (activity.c), so that mmreport builds and runs
 * where CUPTI is missing. */
#ifndef MMREPORT_MEASURE_CUPTI_H
#define MMREPORT_MEASURE_CUPTI_H

#include <stddef.h>

/* The dlopen handle of CUPTI (libcupti.so.13, libcupti.so, then the
 * toolkit's usual folders), loaded once per process and never unloaded:
 * unloading a library that hooked the driver is unsafe. NULL with the
 * reason in why[len] when it cannot be loaded. */
void *cupti_library(char *why, size_t len);

#endif
