/* measure/watchdog.h: internal to measure/. A time limit per launch: a
 * kernel that never ends (an own kernel's endless loop) would block the
 * sweep for ever at its next synchronisation, and no CUDA call can stop
 * it. The watchdog ends the process instead, with a clear message;
 * what was finished is stored (each configuration is one transaction)
 * and the session reads as aborted. */
#ifndef MMREPORT_MEASURE_WATCHDOG_H
#define MMREPORT_MEASURE_WATCHDOG_H

/* The default limit: far above any launch of the default sweep (the
 * longest, transfer's simple kernel at n = 16384, takes seconds). */
#define WATCHDOG_DEFAULT_S 120.0

/* Starts the watchdog thread when limit_s > 0: from the first
 * watchdog_beat on, if limit_s seconds pass without another, it writes
 * why on stderr and ends the process with exit status 70. Returns 0, or
 * -1 (message printed) when the thread cannot start. */
int watchdog_start(double limit_s);
/* A launch of variant (a string that outlives the sweep) at sizes m x k
 * x n, block b, ilp starts now. Cheap: it only stores them. */
void watchdog_beat(const char *variant, int m, int k, int n, int b,
		   int ilp);
/* Stops and joins the thread; a no-op when it was not started. */
void watchdog_stop(void);

#endif
