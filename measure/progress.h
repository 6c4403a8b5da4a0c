/* measure/progress.h: internal to measure/. The progress of a sweep on
 * stderr: on a terminal one updating line (configuration i of N, ETA)
 * and a line of its own for what needs attention; otherwise one line per
 * configuration. Nothing with --quiet. */
#ifndef MMREPORT_MEASURE_PROGRESS_H
#define MMREPORT_MEASURE_PROGRESS_H

#include <stddef.h>

#include "plan.h"
#include "runner.h"

struct progress {
	int tty, quiet;
	size_t done, total;
	double est_total, est_done, t0;
	double max_noise;	/* --max-noise as a fraction; 0 off */
	size_t above;		/* configurations that ended above it */
};

/* Before measuring e: the updating line (terminal only), with the ETA
 * from the time model scaled by how fast reality has been so far. */
void progress_line(struct progress *pg, const struct plan_entry *e);
/* After job j (its entry, result, estimated time, noise and throttled
 * samples) is done. */
void progress_done(struct progress *pg, const struct job *j);
/* Clears the updating line at the end, and says how many configurations
 * ended above the --max-noise target (unless quiet). */
void progress_end(struct progress *pg);

#endif
