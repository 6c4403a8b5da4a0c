/* The progress of a sweep (progress.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "progress.h"
#include "stats.h"
#include "vocab.h"

void progress_line(struct progress *pg, const struct plan_entry *e)
{
	double elapsed = run_now() - pg->t0, ratio = 1, eta;
	char sizes[48], block[24], line[160];
	long s;

	if (!pg->tty || pg->quiet)
		return;
	/* The model's remaining time, scaled by how fast reality has been
	 * against the model so far. */
	if (pg->est_done > 0 && elapsed > 0)
		ratio = elapsed / pg->est_done;
	if (ratio < 0.05)
		ratio = 0.05;
	if (ratio > 20)
		ratio = 20;
	eta = (pg->est_total - pg->est_done) * ratio;
	s = (long)ceil(eta);
	plan_entry_sizes(e, 1, sizes, sizeof(sizes));
	snprintf(block, sizeof(block), e->block ? "b=%d" : "b=-", e->block);
	snprintf(line, sizeof(line), "[%zu/%zu] %s %s %s %s%s%s ETA %02ld:%02ld",
		 pg->done + 1, pg->total, plan_suite_name(e->suite),
		 e->variant, sizes, block, e->host ? " " : "",
		 plan_host_name(e->host), s / 60, s % 60);
	/* One updating line: padded over whatever the last one left. */
	fprintf(stderr, "\r%-79.79s", line);
	fflush(stderr);
}

/* After a configuration: on a terminal, only what needs attention gets
 * its own line (skipped, failed); otherwise one line each. */
void progress_done(struct progress *pg, const struct job *j)
{
	const struct run_result *r = &j->r;
	char line[160], stat_txt[256] = "";
	struct stats_summary s0, s1;
	int ok = strcmp(r->status, VOCAB_CFG_OK) == 0;
	/* a configuration that ended above its noise target needs
	 * attention, on a terminal too */
	int above = ok && pg->max_noise > 0 && isfinite(j->noise) &&
		    j->noise > pg->max_noise;
	size_t used;

	pg->done++;
	pg->est_done += j->est;
	pg->above += above;
	if (pg->quiet || (pg->tty && ok && !above))
		return;
	plan_entry_format(j->e, line, sizeof(line));
	if (ok && r->nm >= 2 &&
	    !stats_summary_compute(r->m[0].s.v, r->m[0].s.n, &s0) &&
	    !stats_summary_compute(r->m[1].s.v, r->m[1].s.n, &s1))
		snprintf(stat_txt, sizeof(stat_txt), ", median %s %.4g %s, "
			 "%s %.4g %s, n=%d", r->m[0].name, s0.median,
			 r->m[0].unit, r->m[1].name, s1.median, r->m[1].unit,
			 r->samples);
	/* what the samples are worth: the median's interval, and the
	 * samples the GPU's clock put in doubt */
	used = strlen(stat_txt);
	if (ok && isfinite(j->noise) && used < sizeof(stat_txt))
		used += (size_t)snprintf(stat_txt + used,
					 sizeof(stat_txt) - used,
					 ", noise %.2g %%%s", j->noise * 100,
					 above ? " (above the --max-noise "
					 "target)" : "");
	if (ok && j->throttled && used < sizeof(stat_txt))
		snprintf(stat_txt + used, sizeof(stat_txt) - used,
			 ", throttled %zu, discarded %zu", j->throttled,
			 j->discarded);
	if (pg->tty)
		fprintf(stderr, "\r%79s\r", "");
	fprintf(stderr, "[%zu/%zu] %s: %s%s%s%s\n", pg->done, pg->total, line,
		r->status, ok ? "" : " (", ok ? stat_txt : r->reason,
		ok ? "" : ")");
}

void progress_end(struct progress *pg)
{
	if (pg->tty && !pg->quiet)
		fprintf(stderr, "\r%*s\r", 79, "");
	if (pg->above && !pg->quiet)
		fprintf(stderr, "mmreport: measure: %zu configuration%s ended "
			"above the --max-noise target of %.2g %% (--repeat or "
			"--max-time came first)\n", pg->above,
			pg->above == 1 ? "" : "s", pg->max_noise * 100);
}

