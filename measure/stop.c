/* The stop request (stop.h). */
#include <string.h>

#include "stop.h"

static volatile sig_atomic_t stop_flag, stop_first;

/* Never resets itself to the default: timeout(1) delivers its signal to
 * the child and then to the child's process group, so a second copy
 * arrives microseconds after the first, and a default disposition would
 * end the process unmarked (issue 29, item 10). */
static void on_signal(int sig)
{
	if (!stop_first)
		stop_first = sig;
	stop_flag = 1;
}

int stop_requested(void)
{
	return stop_flag != 0;
}

const char *stop_signal_name(void)
{
	switch (stop_first) {
	case SIGINT:
		return "SIGINT";
	case SIGTERM:
		return "SIGTERM";
	case SIGHUP:
		return "SIGHUP";
	default:
		return "a signal";
	}
}

void stop_signals_install(struct stop_saved *old)
{
	struct sigaction sa, ign;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	/* a signal should not make CUDA or SQLite see EINTR */
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	stop_flag = 0;
	stop_first = 0;
	sigaction(SIGINT, &sa, &old->intr);
	sigaction(SIGTERM, &sa, &old->term);
	sigaction(SIGHUP, &sa, &old->hup);
	sigaction(SIGPIPE, &ign, &old->pipe);
}

void stop_signals_restore(const struct stop_saved *old)
{
	sigaction(SIGINT, &old->intr, NULL);
	sigaction(SIGTERM, &old->term, NULL);
	sigaction(SIGHUP, &old->hup, NULL);
	sigaction(SIGPIPE, &old->pipe, NULL);
}
