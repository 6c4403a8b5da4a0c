/* measure: the host side of measuring. Queries devices, plans sweeps,
 * runs kernels from kernels/ with timers, verifies, and writes every
 * result through store/. C with the CUDA runtime API. */
#ifndef MMREPORT_MEASURE_H
#define MMREPORT_MEASURE_H

#include <stddef.h>
#include <stdio.h>

/* Exit statuses measure_run reports (cli maps them to process exits). */
enum measure_status {
	MEASURE_OK = 0,
	MEASURE_ERR_NODEV = 1,		/* no CUDA device or no driver */
	MEASURE_ERR_STORE = 2,		/* the database refused or failed */
	MEASURE_ERR_CUDA = 3,		/* an unexpected CUDA failure */
	MEASURE_ERR_VERIFY = 4,		/* some configuration failed
					 * verification (all else stored) */
	MEASURE_INTERRUPTED = 5,	/* SIGINT/SIGTERM; finished work kept */
	MEASURE_ERR_USAGE = 6		/* options inconsistent (message out) */
};

/* Options of `mmreport measure`. Zero/NULL means "default"; see
 * measure_options_init. Lists are comma-separated strings as given on the
 * command line and validated by measure_run (usage errors are reported
 * before anything is opened). */
struct measure_options {
	const char *db_path;
	const char *suites;	/* "versions,transfer,ilp,reference" */
	const char *sizes;	/* overrides every suite's sizes */
	const char *blocks;
	const char *variants;
	const char *ilp;
	const char *host_mem;
	const char *device;	/* "0", "all", ... */
	int repeat;		/* most samples per configuration */
	int warmup;
	int min_samples;
	double max_time_s;	/* per configuration sampling time limit */
	unsigned long long seed;
	int dry_run;		/* print the plan and an estimate, touch
				 * nothing */
	int quiet;
	int keep_samples;	/* 1 all raw samples, 0 slim */
	int counters;		/* CUPTI pass (issue 6) */
	const char *cmdline;	/* stored with the session */
};

/* Fills *o with the defaults (repeat 1000, warmup 3, ...). */
void measure_options_init(struct measure_options *o);

/* Runs the measurement described by o. Diagnostics go to stderr, the
 * dry-run plan to out. Returns an enum measure_status. */
int measure_run(const struct measure_options *o, FILE *out);

/* Prints the CUDA devices present, one per line, to out. Returns
 * MEASURE_OK or MEASURE_ERR_NODEV (after a message on stderr). */
int measure_devices_print(FILE *out);

#endif
