/* cli: main(), the command table, option parsing and exit codes. */
#ifndef MMREPORT_CLI_H
#define MMREPORT_CLI_H

#include <getopt.h>
#include <stdio.h>

/* Process exit codes (documented in README.md and `mmreport --help`).
 * The usage and data codes follow sysexits.h. */
enum cli_exit {
	CLI_EXIT_OK = 0,
	CLI_EXIT_FAILURE = 1,		/* a run failed (see stderr) */
	CLI_EXIT_VERIFY = 3,		/* a configuration failed
					 * verification; the rest is stored */
	CLI_EXIT_GATE = 4,		/* compare --fail-above: slower by
					 * more than allowed */
	CLI_EXIT_USAGE = 64,		/* bad command line */
	CLI_EXIT_DATAERR = 65,		/* not an mmreport database, corrupt
					 * (found at any time), or newer
					 * schema */
	CLI_EXIT_NOINPUT = 66,		/* database file missing or
					 * unreadable */
	CLI_EXIT_UNAVAILABLE = 69,	/* no CUDA device or driver; gnuplot
					 * missing */
	CLI_EXIT_SOFTWARE = 70,		/* CUDA or internal failure */
	CLI_EXIT_IOERR = 74,		/* cannot write the output (stdout,
					 * figures, the database measure or
					 * merge writes), nothing else */
	CLI_EXIT_TEMPFAIL = 75,		/* the database is locked by another
					 * process: try again */
	CLI_EXIT_INTERRUPTED = 130	/* SIGINT: finished work kept */
};

struct cli_command {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv);
};

/* The database path: --db if given, else $MMREPORT_DB, else
 * "mmreport.db". Never NULL; points into argv or the environment. */
const char *cli_db_default(void);

/* Reports a usage error for command cmd (NULL: the program) as one line
 * on stderr with a hint to --help. Returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The option getopt_long just returned as the user wrote it ("--format"
 * of "--format csv" or "--format=csv"), into buf[len]: argv[optind - 1]
 * is its value when the value came as a word of its own. */
const char *cli_option_token(char **argv, char *buf, size_t len);

/* How a command reads its options (cli_option_next). */
struct cli_optspec {
	const char *cmd;
	const char *shortopts;		/* getopt_long's */
	const struct option *opts;	/* --version among them */
	int repeatable;			/* the option that may come more
					 * than once; 0 none */
	const int *refused;		/* 0-ended: options of opts the
					 * command does not take; NULL none */
	unsigned char seen[512 / 8];	/* by getopt_long's value (< 512);
					 * zeroed to start */
};

/* The next option of p->cmd by getopt_long, or -1 after the last.
 * Refused, with 0 returned after the message and *rc the exit status:
 * an option unknown (or refused) or without its value, an abbreviated
 * long option ("--rep" for "--repeat": getopt_long takes any unique
 * prefix, which a later option could make ambiguous), an option given
 * twice (its first value would be lost silently) unless repeatable.
 * Answered, also with 0: -h where an option may stand (the command's
 * --help) and --version. */
int cli_option_next(struct cli_optspec *p, int argc, char **argv, int *rc);

/* Parses a whole decimal integer in [lo, hi] into *out. Returns 0, or -1
 * after a usage error naming option and value. */
int cli_int_parse(const char *cmd, const char *option, const char *text,
		  long long lo, long long hi, long long *out);
/* Same for a finite decimal number in (lo, hi]. */
int cli_double_parse(const char *cmd, const char *option, const char *text,
		     double lo, double hi, double *out);

/* Flushes and closes stdout; on a write error reports it and returns
 * CLI_EXIT_IOERR, else rc unchanged. */
int cli_stdout_close(int rc);

/* Prints "mmreport VERSION" for --version; returns the stdout close
 * status. */
int cli_version_print(void);

/* Opens the output of cmd at path (NULL or "-": *f is stdout, *tmp
 * NULL): a temporary file beside it (path + ".tmp-XXXXXX", with the mode
 * a new file gets), which cli_output_close puts at path only once
 * complete, so that a failed run leaves an earlier file in place. 0, or
 * the exit status after the message. */
int cli_output_open(const char *cmd, const char *path, FILE **f,
		    char **tmp);
/* Closes what cli_output_open opened and frees tmp: with rc 0 or
 * CLI_EXIT_GATE (complete, whatever the verdict) the file is put at
 * path, else removed. Returns rc, or CLI_EXIT_IOERR after the message
 * when the output could not be written. */
int cli_output_close(const char *cmd, const char *path, FILE *f, char *tmp,
		     int rc);

/* Maps an enum store_error to an exit code, the same in every command:
 * refused (not mmreport's, corrupt, newer) 65, missing 66, locked 75, an
 * I/O failure 74 where the command writes the database (writing: measure,
 * merge's target) and 66 where it only reads it, an internal failure (out
 * of memory, a misuse of SQLite) 70. */
int cli_store_exit(int store_rc, int writing);
/* The exit code codes[n] (pairs: a module's status, its exit code) give
 * status; CLI_EXIT_SOFTWARE for a status not listed. */
int cli_exit_map(int status, const int (*codes)[2], size_t n);

/* The store-backed commands (cmd_store.c), measure (cmd_measure.c),
 * render and export (cmd_render.c). */
int cli_measure_run(int argc, char **argv);
int cli_render_run(int argc, char **argv);
int cli_export_run(int argc, char **argv);
int cli_devices_run(int argc, char **argv);
int cli_sessions_run(int argc, char **argv);
int cli_merge_run(int argc, char **argv);
/* mmreport compare (cmd_compare.c). */
int cli_compare_run(int argc, char **argv);

/* s as a terminal may show it, in buf[len] (cut at len): a name from a
 * file must not reach it as control sequences or break a row (issue 29),
 * so control characters are written as escapes (\n, \t, \x1b, C1 ones
 * as \u009b) and bytes that are not UTF-8 as '?', as render writes them.
 * NULL reads as "". Returns buf. */
const char *cli_text_safe(const char *s, char *buf, size_t len);
/* Prints help text to stdout; returns the stdout close status. */
int cli_help_print(const char *text);

extern const char *cli_progname;

#endif
