/* measure/stop.h: internal to measure/. The stop request: SIGINT and
 * SIGTERM set a flag that every loop of measuring polls (suites,
 * samplers, the counter passes), so that a long sweep stops after the
 * sample in flight and the session is marked interrupted. A module of its
 * own so that lower layers poll it without calling back up into run.c. */
#ifndef MMREPORT_MEASURE_STOP_H
#define MMREPORT_MEASURE_STOP_H

#include <signal.h>

/* The handlers replaced by stop_signals_install, for restoring. */
struct stop_saved {
	struct sigaction intr, term;
};

/* Clears the flag and installs the SIGINT/SIGTERM handlers; the previous
 * ones go to *old. A second signal of the same kind ends the process at
 * once (its handler is reset to the default by the first): the store's
 * per-configuration transactions keep the file whole, and the session
 * left "running" is then shown as aborted. */
void stop_signals_install(struct stop_saved *old);
/* Puts back the handlers saved in *old. */
void stop_signals_restore(const struct stop_saved *old);

/* 1 once SIGINT or SIGTERM arrived since stop_signals_install. */
int stop_requested(void);

#endif
