/* The stop request (stop.h). */
#include <string.h>

#include "stop.h"

static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
	stop_flag = 1;
	signal(sig, SIG_DFL);
}

int stop_requested(void)
{
	return stop_flag != 0;
}

void stop_signals_install(struct stop_saved *old)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	stop_flag = 0;
	sigaction(SIGINT, &sa, &old->intr);
	sigaction(SIGTERM, &sa, &old->term);
}

void stop_signals_restore(const struct stop_saved *old)
{
	sigaction(SIGINT, &old->intr, NULL);
	sigaction(SIGTERM, &old->term, NULL);
}
