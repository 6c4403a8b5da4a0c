/* measure/rows.h: internal to measure/. The rows a session stores once,
 * before its configurations: each kernel's description and source, each
 * (kernel, block)'s attributes and theoretical occupancy, and the text
 * that states the session's timing method. */
#ifndef MMREPORT_MEASURE_ROWS_H
#define MMREPORT_MEASURE_ROWS_H

#include <stdint.h>

#include "counters.h"
#include "device.h"
#include "plan.h"
#include "store.h"
#include "timer.h"

/* Stores every variant of p once (name, description, source) under
 * session sid. Returns 0, or -1 when the store failed (store_errmsg). */
int rows_kernels_store(struct store *st, int64_t sid, const struct plan *p);

/* Stores the attributes and theoretical occupancy of every (variant,
 * block) of p that has a kernel function, from the runtime and
 * measure_occupancy_compute. A function the runtime cannot describe is
 * left out. Returns 0, or -1 when the store failed. */
int rows_kattrs_store(struct store *st, int64_t sid,
		      const struct measure_device *d, const struct plan *p);

/* Blocks of e resident per SM of d at once (the runtime's occupancy
 * answer), 0 when unknown (library, memcpy, a refused block). */
int rows_active_blocks(const struct measure_device *d,
		       const struct plan_entry *e);

/* The session's timers text: the kernel timer t and why it is the
 * fallback (fallback_why, "" or NULL when not), sampling and the host
 * clock; then the counters mode: the method with cn, or "counters:
 * unavailable: <why>" (render reads that form back). Returns a malloc'd
 * string (caller frees), NULL when memory runs out. */
char *rows_timers_text(const struct timer *t, const char *fallback_why,
		       const struct counters *cn, const char *unavailable);

#endif
