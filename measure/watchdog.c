/* The launch time limit (watchdog.h). */
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "watchdog.h"

static pthread_t thread;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int running, counting;
static double limit, last;
static const char *last_variant;
static int last_m, last_k, last_n, last_b, last_ilp;

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void *watch(void *arg)
{
	const struct timespec nap = {0, 200 * 1000 * 1000};

	(void)arg;
	for (;;) {
		int stop, fire;
		char what[200];

		pthread_mutex_lock(&lock);
		stop = !running;
		fire = counting && now_s() - last > limit;
		snprintf(what, sizeof(what), "%s (m=%d k=%d n=%d, block %d, "
			 "ilp %d)", last_variant ? last_variant : "?", last_m,
			 last_k, last_n, last_b, last_ilp);
		pthread_mutex_unlock(&lock);
		if (stop)
			return NULL;
		if (fire) {
			/* stdio may be locked by the blocked thread: write(2)
			 * only, then leave without running exit handlers */
			char msg[512];
			int len = snprintf(msg, sizeof(msg), "mmreport: measure: "
					   "a launch of %s has not ended after "
					   "%.0f s (--launch-timeout): stopping; "
					   "every configuration finished before "
					   "is stored, the session reads as "
					   "aborted\n", what, limit);

			if (len > 0 && write(2, msg, (size_t)len) < 0)
				_exit(70);
			_exit(70);
		}
		nanosleep(&nap, NULL);
	}
}

int watchdog_start(double limit_s)
{
	if (limit_s <= 0 || running)
		return 0;
	limit = limit_s;
	running = 1;
	counting = 0;
	if (pthread_create(&thread, NULL, watch, NULL)) {
		running = 0;
		fprintf(stderr, "mmreport: measure: cannot start the launch "
			"time limit's thread\n");
		return -1;
	}
	return 0;
}

void watchdog_beat(const char *variant, int m, int k, int n, int b,
		   int ilp)
{
	if (!running)
		return;
	pthread_mutex_lock(&lock);
	last = now_s();
	counting = 1;
	last_variant = variant;
	last_m = m;
	last_k = k;
	last_n = n;
	last_b = b;
	last_ilp = ilp;
	pthread_mutex_unlock(&lock);
}

void watchdog_stop(void)
{
	if (!running)
		return;
	pthread_mutex_lock(&lock);
	running = 0;
	pthread_mutex_unlock(&lock);
	pthread_join(thread, NULL);
}
