/* mmreport devices, sessions and merge: commands that only read or combine
 * stored data (devices without --db asks the CUDA runtime instead). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#if MMREPORT_HAVE_CUDA
#include "measure.h"
#endif
#include "store.h"

static const char devices_help[] =
	"Usage: mmreport devices [--db FILE | --present]\n"
	"\n"
	"With --db FILE, or $MMREPORT_DB set: lists the devices stored in that\n"
	"database (id, name, compute capability, SMs, memory, UUID, PCI bus\n"
	"id); needs no GPU. The id, the UUID or a unique part of the name is\n"
	"what render's and export's --device take.\n"
	"Without either, or with --present: lists the CUDA devices present\n"
	"(index, name, compute capability, memory, UUID, PCI bus id); needs\n"
	"a driver and a build with CUDA. The index is measure's --device.\n"
	"\n"
	"Exit status: 0 ok, 64 bad options, 65/66 database refused/missing,\n"
	"69 no CUDA device or driver (or a build without CUDA), 75 database\n"
	"locked.\n";

static const char sessions_help[] =
	"Usage: mmreport sessions [--db FILE]\n"
	"\n"
	"Lists the measurement sessions stored in the database: id, device,\n"
	"start time, status (complete, interrupted, failed, running, or\n"
	"aborted: left running by a process of this host that is gone),\n"
	"host, settings (repeat, max-time, the --throttle mode and\n"
	"threshold), the GPU's enforced power limit and the top SM clock\n"
	"read during the session, whether measure locked the clocks\n"
	"(--lock-clocks; \"-\" where unknown: older files, no\n"
	"NVML), and suites.\n"
	"\n"
	"Options:\n"
	"  --db FILE   database (default $MMREPORT_DB or mmreport.db)\n"
	"  --help, --version\n";

static const char merge_help[] =
	"Usage: mmreport merge [--db TARGET] SOURCE.db...\n"
	"\n"
	"Copies the devices and sessions of each SOURCE, with everything\n"
	"measured in them, into TARGET (created if missing). A device already\n"
	"in TARGET (same UUID) is not duplicated, a session already there is\n"
	"skipped, so merging the same file twice changes nothing. Each SOURCE\n"
	"is opened read-only; all of them are checked before TARGET is\n"
	"opened, and a file that is not an mmreport database, is corrupt or\n"
	"is newer is refused with nothing written anywhere. A TARGET that\n"
	"does not exist (or is empty) is built beside it and appears with\n"
	"every SOURCE in it, or not at all.\n"
	"\n"
	"Options:\n"
	"  --db TARGET  database merged into (default $MMREPORT_DB or\n"
	"               mmreport.db)\n"
	"  --help, --version\n";

enum { OPT_DB = 256, OPT_HELP, OPT_VERSION, OPT_PRESENT };

static const struct option store_options_long[] = {
	{"db", required_argument, NULL, OPT_DB},
	{"present", no_argument, NULL, OPT_PRESENT},
	{"help", no_argument, NULL, OPT_HELP},
	{"version", no_argument, NULL, OPT_VERSION},
	{NULL, 0, NULL, 0}
};

/* Parses the options common to the three commands. *db_given is 1 for
 * --db, 2 for --present (devices only), else 0. Returns -1 to go on,
 * else the exit status to return at once (help, version, usage). */
static int store_options_parse(const char *cmd, const char *help, int argc,
			       char **argv, const char **db, int *db_given)
{
	struct cli_optspec p = { cmd, ":", store_options_long, 0, NULL, { 0 } };
	int opt, rc;

	*db = cli_db_default();
	*db_given = 0;
	while ((opt = cli_option_next(&p, argc, argv, &rc)) > 0) {
		switch (opt) {
		case OPT_DB:
			if (!*optarg)
				return cli_usage_error(cmd, "empty --db");
			if (*db_given == 2)
				return cli_usage_error(cmd, "--db and "
						       "--present exclude "
						       "each other");
			*db = optarg;
			*db_given = 1;
			break;
		case OPT_PRESENT:
			if (strcmp(cmd, "devices"))
				return cli_usage_error(cmd, "unknown option "
						       "'--present'");
			if (*db_given == 1)
				return cli_usage_error(cmd, "--db and "
						       "--present exclude "
						       "each other");
			*db_given = 2;
			break;
		case OPT_HELP:
			return cli_help_print(help);
		}
	}
	if (!opt)
		return rc;
	/* merge's arguments are its sources; the listings take none */
	if (strcmp(cmd, "merge") && optind < argc)
		return cli_usage_error(cmd, "unexpected argument '%s'",
				       argv[optind]);
	return -1;
}

static int store_open_report(const char *path, enum store_mode mode,
			     struct store **st)
{
	char err[512];
	int rc = store_open(path, mode, st, err, sizeof(err));

	if (rc)
		fprintf(stderr, "%s: cannot open '%s': %s\n", cli_progname,
			path, err);
	return rc;
}

/* After a store call on st (the database at path) failed: one line on
 * stderr and the exit code of the failure's class. */
static int store_read_report(const struct store *st, const char *path)
{
	fprintf(stderr, "%s: cannot read '%s': %s\n", cli_progname, path,
		store_errreason(st));
	return cli_store_exit(store_errcode(st), 0);
}

/* The property's value with its unit, e.g. "81079 MiB", in buf. */
static const char *prop_value(const struct store_device *d, const char *key,
			      char *buf, size_t len)
{
	const struct store_prop *p = store_device_prop(d, key);

	snprintf(buf, len, "%s%s%s", p ? p->value : "",
		 p && p->unit && *p->unit ? " " : "",
		 p && p->unit ? p->unit : "");
	return buf;
}

int cli_devices_run(int argc, char **argv)
{
	struct store_device *devs = NULL;
	struct store *st = NULL;
	const char *db;
	char mem[64];
	size_t n = 0, i;
	int db_given, rc;

	rc = store_options_parse("devices", devices_help, argc, argv, &db,
				 &db_given);
	if (rc >= 0)
		return rc;
	/* $MMREPORT_DB names the database here as in every command */
	if (!db_given && getenv("MMREPORT_DB") && *getenv("MMREPORT_DB"))
		db_given = 1;
	if (db_given != 1) {
#if MMREPORT_HAVE_CUDA
		rc = measure_devices_print(stdout);
		return cli_stdout_close(rc == MEASURE_OK ? CLI_EXIT_OK
					: CLI_EXIT_UNAVAILABLE);
#else
		fprintf(stderr, "%s: devices: this build has no CUDA "
			"(configured with MMREPORT_CUDA=OFF); 'devices --db "
			"FILE' lists the devices stored in a database\n",
			cli_progname);
		return CLI_EXIT_UNAVAILABLE;
#endif
	}
	rc = store_open_report(db, STORE_READ, &st);
	if (rc)
		return cli_store_exit(rc, 0);
	/* one snapshot (store_read_begin), as every reading command */
	if (store_read_begin(st) || store_device_list(st, &devs, &n) ||
	    store_read_end(st)) {
		rc = store_read_report(st, db);
		goto out;
	}
	printf("%-3s %-28s %-4s %-5s %-12s %-40s %s\n", "id", "name", "cc",
	       "SMs", "memory", "uuid", "pci");
	for (i = 0; i < n; i++) {
		char name[256], memory[256], uuid[256], pci[256];

		printf("%-3lld %-28s %d.%d  %-5d %-12s %-40s %s\n",
		       (long long)devs[i].id,
		       cli_text_safe(devs[i].name, name, sizeof(name)),
		       devs[i].cc_major, devs[i].cc_minor, devs[i].sm_count,
		       cli_text_safe(prop_value(&devs[i], "total_global_mem",
						mem, sizeof(mem)), memory,
				     sizeof(memory)),
		       cli_text_safe(devs[i].uuid, uuid, sizeof(uuid)),
		       cli_text_safe(devs[i].pci_bus_id, pci, sizeof(pci)));
	}
	rc = CLI_EXIT_OK;
out:
	store_devices_free(devs, n);
	store_free(st);
	return cli_stdout_close(rc);
}

/* v as "%g" in buf, or "-" when unknown (NAN, or 0: no limit or clock
 * is 0). */
static const char *num_or_dash(char *buf, size_t len, double v)
{
	if (isfinite(v) && v > 0)
		snprintf(buf, len, "%g", v);
	else
		snprintf(buf, len, "-");
	return buf;
}

int cli_sessions_run(int argc, char **argv)
{
	struct store_session *ss = NULL;
	struct store *st = NULL;
	const char *db;
	size_t n = 0, i;
	int db_given, rc;

	rc = store_options_parse("sessions", sessions_help, argc, argv, &db,
				 &db_given);
	if (rc >= 0)
		return rc;
	rc = store_open_report(db, STORE_READ, &st);
	if (rc)
		return cli_store_exit(rc, 0);
	if (store_read_begin(st) || store_session_list(st, &ss, &n) ||
	    store_read_end(st)) {
		rc = store_read_report(st, db);
		goto out;
	}
	printf("%-4s %-6s %-20s %-11s %-20s %-7s %-8s %-12s %-7s %-7s %-6s "
	       "%s\n", "id", "device", "started", "status", "host", "repeat",
	       "max-time", "throttle", "power-W", "top-MHz", "locked",
	       "suites");
	for (i = 0; i < n; i++) {
		char at[256], status[256], host[512], suites[1024];
		char mode[256], throttle[300], power[32], top[32];

		/* "discard<90%": the mode and its threshold; "-" unknown */
		cli_text_safe(ss[i].throttle, mode, sizeof(mode));
		if (!ss[i].throttle)
			snprintf(throttle, sizeof(throttle), "-");
		else if (isfinite(ss[i].throttle_pct))
			snprintf(throttle, sizeof(throttle), "%s<%g%%", mode,
				 ss[i].throttle_pct);
		else
			snprintf(throttle, sizeof(throttle), "%s", mode);
		num_or_dash(power, sizeof(power), ss[i].power_limit_w);
		num_or_dash(top, sizeof(top), ss[i].top_sm_clock_mhz);
		printf("%-4lld %-6lld %-20s %-11s %-20s %-7d %-8g %-12s %-7s "
		       "%-7s %-6s %s\n",
		       (long long)ss[i].id, (long long)ss[i].device_id,
		       cli_text_safe(ss[i].started_at, at, sizeof(at)),
		       cli_text_safe(ss[i].status, status, sizeof(status)),
		       cli_text_safe(ss[i].hostname, host, sizeof(host)),
		       ss[i].repeat, ss[i].max_time_s, throttle, power, top,
		       ss[i].clocks_locked < 0 ? "-" :
		       ss[i].clocks_locked ? "yes" : "no",
		       cli_text_safe(ss[i].suites, suites, sizeof(suites)));
	}
	rc = CLI_EXIT_OK;
out:
	store_sessions_free(ss, n);
	store_free(st);
	return cli_stdout_close(rc);
}

/* 1 when a and b name the same existing file. */
static int same_file(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];

	if (!realpath(a, ra) || !realpath(b, rb))
		return 0;
	return !strcmp(ra, rb);
}

static void merge_print(const char *src, const struct store_merge_result *r)
{
	printf("%s: %zu device(s) added, %zu session(s) added, %zu already "
	       "present, %zu configuration(s) added\n", src,
	       r->devices_added, r->sessions_added, r->sessions_skipped,
	       r->configs_added);
}

/* Merges the sources src[0..n) into st (the database at db), one
 * transaction each. Each source's line is printed at once, or kept in
 * res[] when res is not NULL (a staged target: printed once it is in
 * place). Returns the exit status. */
static int merge_sources(struct store *st, const char *db, char **src,
			 int n, struct store_merge_result *res)
{
	struct store_merge_result one;
	int i;

	for (i = 0; i < n; i++) {
		struct store_merge_result *r = res ? &res[i] : &one;

		memset(r, 0, sizeof(*r));
		if (store_merge(st, src[i], r)) {
			fprintf(stderr, "%s: cannot merge '%s' into '%s': %s\n",
				cli_progname, src[i], db,
				store_errreason(st));
			/* the same code as the same condition elsewhere: a
			 * locked target is 75, a full disk 74 */
			return cli_store_exit(store_errcode(st), 1);
		}
		if (!res)
			merge_print(src[i], r);
	}
	return CLI_EXIT_OK;
}

int cli_merge_run(int argc, char **argv)
{
	struct store_merge_result *res = NULL;
	struct store *st = NULL;
	const char *db;
	char err[512];
	int db_given, rc, i, staged = 0, placed = 0;

	rc = store_options_parse("merge", merge_help, argc, argv, &db,
				 &db_given);
	if (rc >= 0)
		return rc;
	if (optind >= argc)
		return cli_usage_error("merge", "no source database given");
	for (i = optind; i < argc; i++)
		if (same_file(argv[i], db))
			return cli_usage_error("merge", "source '%s' is the "
					       "target database", argv[i]);
	/* Every source is recognised before the target is created or
	 * opened for writing, so a bad source changes nothing anywhere. */
	for (i = optind; i < argc; i++) {
		rc = store_open_report(argv[i], STORE_READ, &st);
		store_free(st);
		st = NULL;
		if (rc)
			return cli_store_exit(rc, 0);
	}
	/* A missing or empty target is built beside it and appears with
	 * every source in it, or not at all (issue 29): another merge
	 * creating it at the same moment sees none of it half-made. */
	rc = store_open_staged(db, &st, &staged, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "%s: cannot open '%s': %s\n", cli_progname, db,
			err);
		return cli_store_exit(rc, 1);
	}
	if (staged) {
		res = calloc((size_t)(argc - optind), sizeof(*res));
		if (!res) {
			fprintf(stderr, "%s: out of memory\n", cli_progname);
			rc = CLI_EXIT_SOFTWARE;
			goto out;
		}
	}
	rc = merge_sources(st, db, argv + optind, argc - optind, res);
	if (rc)
		goto out;
	rc = store_publish(st, &placed, err, sizeof(err));
	st = NULL;
	if (rc) {
		fprintf(stderr, "%s: cannot create '%s': %s\n", cli_progname,
			db, err);
		rc = cli_store_exit(rc, 1);
		goto out;
	}
	if (!placed) {
		/* another process created it meanwhile: merged there */
		rc = store_open_report(db, STORE_CREATE, &st);
		if (rc) {
			rc = cli_store_exit(rc, 1);
			goto out;
		}
		rc = merge_sources(st, db, argv + optind, argc - optind,
				   NULL);
		goto out;
	}
	for (i = 0; res && i < argc - optind; i++)
		merge_print(argv[optind + i], &res[i]);
	rc = CLI_EXIT_OK;
out:
	free(res);
	store_free(st);
	return cli_stdout_close(rc);
}
