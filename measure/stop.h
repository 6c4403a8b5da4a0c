/* measure/stop.h: internal to measure/. The stop request: SIGINT,
 * SIGTERM and SIGHUP set a flag that every loop of measuring polls
 * (suites, samplers, the counter passes), so that a long sweep stops
 * after the sample in flight and the session is marked interrupted. A
 * module of its own so that lower layers poll it without calling back
 * up into run.c. */
#ifndef MMREPORT_MEASURE_STOP_H
#define MMREPORT_MEASURE_STOP_H

#include <signal.h>

/* The handlers replaced by stop_signals_install, for restoring. */
struct stop_saved {
	struct sigaction intr, term, hup, pipe;
};

/* Clears the flag and installs the handlers of SIGINT, SIGTERM and SIGHUP
 * (a terminal's Ctrl-C, timeout(1) and batch systems, a dropped ssh
 * session) and ignores SIGPIPE (a closed stderr pipe makes writes fail,
 * not end the process); the previous dispositions go to *old. Every
 * further signal only repeats the request: timeout(1) and others send
 * one signal twice at once (to the process and to its group), and the
 * session must be marked interrupted whichever arrives. A run that
 * cannot reach its next poll (a launch that never ends) is ended by the
 * launch time limit (watchdog.h); SIGKILL or SIGQUIT end it at once, the
 * session then reading as aborted. */
void stop_signals_install(struct stop_saved *old);
/* Puts back the dispositions saved in *old. */
void stop_signals_restore(const struct stop_saved *old);

/* 1 once SIGINT, SIGTERM or SIGHUP arrived since stop_signals_install. */
int stop_requested(void);
/* The name of the first of those signals that arrived ("SIGINT"), a
 * static string. */
const char *stop_signal_name(void);

#endif
