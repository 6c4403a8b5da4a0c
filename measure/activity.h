/* measure/activity.h: internal to measure/. The GPU's own record of each
 * kernel, copy and memset: CUPTI activity records, with the start and end
 * timestamps the device took, as Nsight Systems shows them; and the
 * records of the runtime and driver API calls that launched them, whose
 * correlation ids tie each piece of GPU work to the host call that
 * asked for it. CUPTI is loaded at run time (cupti.h); where it is
 * missing, or another tool owns it (Nsight Compute, compute-sanitizer),
 * activity_open says why and the timer falls back to events (timer.h).
 *
 * Records are collected process-wide, on a CUPTI thread or in
 * activity_flush, into one list that the caller takes with activity_take;
 * timestamps are CUPTI's nanoseconds, the clock activity_now reads. The
 * GPU's timestamps are converted to that clock by CUPTI, and were seen
 * a microsecond or more off on an H100: a sample's GPU work is found by
 * correlation id, through the API calls made inside its host window,
 * never by comparing GPU timestamps with host ones. */
#ifndef MMREPORT_MEASURE_ACTIVITY_H
#define MMREPORT_MEASURE_ACTIVITY_H

#include <stddef.h>
#include <stdint.h>

/* One kernel, memcpy or memset as the GPU recorded it (api 0), or one
 * runtime or driver API call as the host made it (api 1). */
struct activity_rec {
	uint64_t start, end;	/* ns, CUPTI's clock */
	uint32_t corr;		/* correlation id: a GPU record has the id
				 * of the API call that launched it */
	uint32_t api;
};

/* Loads CUPTI, registers the record buffers, enables kernel, memcpy,
 * memset, runtime and driver API records and checks that a probe kernel
 * launched on the current device comes back as a record with a start
 * before its end, tied by its correlation id to an API call made while
 * it was launched. Returns 0,
 * or -1 with the reason in why[len] and nothing left enabled. Once per
 * process; a second call after success returns 0 at once. */
int activity_open(char *why, size_t len);

/* Stops recording (activity_resume starts again): the counter passes
 * replay launches under CUPTI's profiler and must not be recorded. Both
 * return 0, or -1 after a message on stderr. */
int activity_pause(void);
int activity_resume(void);

/* CUPTI's current timestamp into *ns. 0, or -1 after a message. */
int activity_now(uint64_t *ns);

/* Delivers every record of work that has completed (the caller has
 * synchronised) into the list. 0, or -1 after a message on stderr. */
int activity_flush(void);

/* Hands the list over, sorted by start, and starts a new one: *recs (free
 * with free()) of *n records. Returns 0, or -1 when memory ran out while
 * records were collected (some were lost; *recs NULL). */
int activity_take(struct activity_rec **recs, size_t *n);

#endif
