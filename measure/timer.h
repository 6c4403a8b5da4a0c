/* measure/timer.h: internal to measure/. The kernel timer: how long the
 * GPU spent on one launch (a sample), without the host's launch path.
 *
 *   cupti-activity   the GPU's own record of the launch (activity.h): for
 *                    a call that enqueues several kernels, copies or
 *                    memsets (cuBLAS split-K) the span from the first
 *                    start to the last end. The default.
 *   events-blocking  where activity records cannot be had: a CUDA event
 *                    pair around the launch, all three enqueued behind a
 *                    kernel that holds the stream until the host has
 *                    enqueued them, so that they run back to back (as
 *                    nvbench does). Still includes the events' own cost.
 *   events           a plain event pair around the launch, where even
 *                    the blocking kernel cannot be used: under a tool
 *                    that runs each launch to completion before the next
 *                    call returns (Nsight Compute), a kernel waiting for
 *                    the host would wait for ever. Includes the time the
 *                    host takes to launch.
 *
 * A sample is timer_begin, the launch on the same stream, timer_end; its
 * duration is known after timer_resolve (the activity timer collects the
 * records of many samples at once, so that no flush lies between them).
 * Cold timing (nvbench's --cold): an L2 scrub before each sample, outside
 * it, so that every sample starts from empty caches. */
#ifndef MMREPORT_MEASURE_TIMER_H
#define MMREPORT_MEASURE_TIMER_H

#include <stddef.h>
#include <stdint.h>

enum timer_kind {
	TIMER_AUTO,		/* cupti-activity, else events-blocking */
	TIMER_CUPTI,		/* cupti-activity or nothing */
	TIMER_EVENTS,		/* events-blocking, else events */
	TIMER_PLAIN		/* (chosen by timer_open, never asked for) */
};

/* One sample's window: the host-side CUPTI timestamps (activity) or the
 * measured time (events). ms is NAN until resolved. */
struct timer_span {
	uint64_t t0, t1;
	double ms;
	int throttled;		/* the SM clock read after its round was
				 * below the throttle threshold */
};

struct timer;

/* Opens the timer of kind want on the current device, with an L2 scrub
 * of the device's l2_bytes before each sample when cold. TIMER_AUTO falls
 * back to events-blocking when activity records cannot be had and puts
 * the reason in why[len] (else why is ""). Returns 0 and *out (free with
 * timer_free), or -1 with the reason in why (TIMER_CUPTI unavailable, no
 * memory for the scrub or the flag, a CUDA error). */
int timer_open(enum timer_kind want, int cold, size_t l2_bytes,
	       struct timer **out, char *why, size_t len);
/* Releases t; NULL is a no-op. */
void timer_free(struct timer *t);

/* "cupti-activity", "events-blocking" or "events", stored with the
 * session. */
const char *timer_name(const struct timer *t);
/* 1 when timing is cold (L2 scrubbed before each sample). */
int timer_cold(const struct timer *t);

/* Parses "auto", "cupti" or "events" into *kind; -1 for anything else. */
int timer_kind_parse(const char *text, enum timer_kind *kind);

/* Starts the sample of span s on stream (cold: scrubs L2 first, before
 * the window). Every timer_begin that returned 0 must be followed by
 * timer_end, also when the launch in between failed. Returns 0 or a
 * cudaError_t (reported on stderr). */
int timer_begin(struct timer *t, void *stream, struct timer_span *s);
/* Ends the sample: waits until the stream's work is done; events-blocking
 * fills s->ms. Returns 0, a cudaError_t (reported), or -1 when the
 * blocking kernel timed out (the sample is void; reported). */
int timer_end(struct timer *t, void *stream, struct timer_span *s);

/* Drops every record collected so far (before a group of samples, so
 * that the work between groups costs nothing later). Returns 0 or -1. */
int timer_reset(struct timer *t);
/* Collects the records of the samples ended since the last reset;
 * afterwards timer_resolve fills their durations. Returns 0 or -1. */
int timer_collect(struct timer *t);
/* Fills s[i].ms for n spans from the collected records: the first start
 * to the last end of the records inside the window; a span resolved by
 * an earlier collection (ms not NAN) is left as it is, so that the spans
 * of a group can be resolved in parts (--max-noise looks at them while
 * sampling). Returns 0, or the number of spans still without a record
 * (their ms stays NAN). A no-op for the events timers. */
size_t timer_resolve(struct timer *t, struct timer_span *s, size_t n);
/* For a span no record fell into: how far the nearest record lies
 * outside it, "record 1.2 us before the window" and the like, into
 * buf[len] (diagnostics). */
void timer_miss_describe(const struct timer *t, const struct timer_span *s,
			 char *buf, size_t len);

/* Around work that must not be recorded (the counter passes): 0 or -1. */
int timer_pause(struct timer *t);
int timer_resume(struct timer *t);

/* The device's launch cost: the median, over runs, of the time from
 * launching an empty kernel to the host seeing it complete
 * (cudaStreamSynchronize), in microseconds. Returns 0 or a cudaError_t. */
int timer_launch_cost(void *stream, int runs, double *us);

#endif
