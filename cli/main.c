/* mmreport: measure matrix-multiplication kernels on CUDA GPUs into SQLite
 * and render LaTeX lab reports from the measurements. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "store.h"

const char *cli_progname = "mmreport";

#if !MMREPORT_HAVE_CUDA
/* A build without the CUDA toolkit (MMREPORT_CUDA=OFF) has no kernels to
 * run: measure says so in one line, whatever its options. */
static int measure_absent_run(int argc, char **argv)
{
	fprintf(stderr, "%s: measure: this build has no CUDA (configured "
		"with MMREPORT_CUDA=OFF); render, export, sessions, merge and "
		"devices --db work, measuring needs a build with the CUDA "
		"toolkit\n", cli_progname);
	return CLI_EXIT_UNAVAILABLE;
}
#define cli_measure_run measure_absent_run
#endif

static const struct cli_command commands[] = {
	{"measure", "run the kernel sweeps on the GPU and store every run",
	 cli_measure_run},
	{"render", "write the LaTeX report of the database (-o FILE)",
	 cli_render_run},
	{"export", "write the stored statistics as CSV, JSON or Markdown",
	 cli_export_run},
	{"devices", "list the devices stored (--db), or the CUDA devices present",
	 cli_devices_run},
	{"sessions", "list the measurement sessions stored in the database",
	 cli_sessions_run},
	{"merge", "copy devices and sessions of other databases into --db",
	 cli_merge_run},
	{"compare", "set two measurements side by side: ratios, tests, "
	 "verdicts, a gate", cli_compare_run},
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

/* The command main() runs, so that `CMD -h` can print its help. */
static const struct cli_command *cli_current;

static const char program_help[] =
	"Usage: mmreport <command> [options]\n"
	"       mmreport --help | --version\n"
	"\n"
	"Measures matrix-multiplication kernels on CUDA GPUs, stores every run\n"
	"in one SQLite file and writes LaTeX lab reports from it.\n"
	"\n"
	"Commands:\n"
	"%s"
	"\n"
	"Every command takes --help (or -h); 'mmreport help CMD' prints the\n"
	"same. The database is --db FILE, else the environment variable\n"
	"MMREPORT_DB, else mmreport.db.\n"
	"\n"
	"Exit status:\n"
	"  0   success\n"
	"  1   the command failed, e.g. nothing to report or a --device\n"
	"      that fits no device or several (the reason is on stderr)\n"
	"  3   measure: a configuration failed verification (the rest is\n"
	"      stored)\n"
	"  64  bad command line (nothing was opened or written); render\n"
	"      with a terminal as its output and no -o\n"
	"  65  the file is not an mmreport database, is corrupt (found on\n"
	"      opening or while reading), or is newer\n"
	"  66  the database file does not exist or cannot be read\n"
	"  69  no CUDA device or driver, or a build without CUDA (measure,\n"
	"      devices); gnuplot missing (render)\n"
	"  70  CUDA or internal failure\n"
	"  74  cannot write the output (standard output, figures, the\n"
	"      database that measure or merge writes)\n"
	"  75  the database is locked by another process; try again\n"
	"  130 interrupted; every finished configuration is stored\n";

const char *cli_db_default(void)
{
	const char *env = getenv("MMREPORT_DB");

	return env && *env ? env : "mmreport.db";
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli_progname);
	if (cmd)
		fprintf(stderr, "%s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (try '%s%s%s --help')\n", cli_progname,
		cmd ? " " : "", cmd ? cmd : "");
	return CLI_EXIT_USAGE;
}

/* Runs command c as `c --help`. */
static int command_help_run(const struct cli_command *c)
{
	char name[32], help[] = "--help";
	char *args[3];

	snprintf(name, sizeof(name), "%s", c->name);
	args[0] = name;
	args[1] = help;
	args[2] = NULL;
	/* 0 makes getopt start afresh (it may be inside a scan of the
	 * command's own arguments) */
	optind = 0;
	opterr = 0;
	return c->run(2, args);
}

const char *cli_option_token(char **argv, char *buf, size_t len)
{
	const char *t = argv[optind - 1];
	size_t n;

	if (optarg && optarg == argv[optind - 1] && optind >= 2)
		t = argv[optind - 2];
	n = strcspn(t, "=");
	snprintf(buf, len, "%.*s", (int)n, t);
	return buf;
}

int cli_option_next(struct cli_optspec *p, int argc, char **argv, int *rc)
{
	int li = -1, opt = getopt_long(argc, argv, p->shortopts, p->opts, &li);
	int bit = opt & 511;
	const char *arg = argv[optind - 1];
	const int *r;
	char tok[64];

	*rc = CLI_EXIT_USAGE;
	if (opt == -1)
		return -1;
	/* -h where an option may stand (not the value of one): the
	 * command's help, as --help */
	if (opt == '?' && optopt == 'h' && cli_current && !strcmp(arg, "-h"))
		*rc = command_help_run(cli_current);
	else if (opt == ':')
		cli_usage_error(p->cmd, "option '%s' needs a value", arg);
	else if (opt == '?' && optopt)
		cli_usage_error(p->cmd, "unknown option '-%c'", optopt);
	else if (opt == '?')
		cli_usage_error(p->cmd, "unknown option '%s'", arg);
	if (opt == '?' || opt == ':')
		return 0;
	cli_option_token(argv, tok, sizeof(tok));
	for (r = p->refused; r && *r && *r != opt; r++)
		;
	if (r && *r)
		cli_usage_error(p->cmd, "unknown option '%s'", tok);
	else if (li >= 0 && !strncmp(tok, "--", 2) &&
		 strcmp(tok + 2, p->opts[li].name))
		cli_usage_error(p->cmd, "abbreviated option '%s': write '--%s' "
				"in full", tok, p->opts[li].name);
	else if (opt != p->repeatable && (p->seen[bit / 8] & (1u << bit % 8)))
		cli_usage_error(p->cmd, "option '%s' given twice", tok);
	else if (li >= 0 && !strcmp(p->opts[li].name, "version"))
		*rc = cli_version_print();
	else {
		p->seen[bit / 8] |= (unsigned char)(1u << bit % 8);
		return opt;
	}
	return 0;
}

int cli_int_parse(const char *cmd, const char *option, const char *text,
		  long long lo, long long hi, long long *out)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(text, &end, 10);
	if (!*text || *end || errno == ERANGE) {
		cli_usage_error(cmd, "invalid %s '%s': not a whole number",
				option, text);
		return -1;
	}
	if (v < lo || v > hi) {
		cli_usage_error(cmd, "invalid %s '%s': must be %lld to %lld",
				option, text, lo, hi);
		return -1;
	}
	*out = v;
	return 0;
}

int cli_double_parse(const char *cmd, const char *option, const char *text,
		     double lo, double hi, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(text, &end);
	if (!*text || *end || errno == ERANGE || !isfinite(v)) {
		cli_usage_error(cmd, "invalid %s '%s': not a number", option,
				text);
		return -1;
	}
	if (!(v > lo && v <= hi)) {
		cli_usage_error(cmd, "invalid %s '%s': must be above %g and "
				"at most %g", option, text, lo, hi);
		return -1;
	}
	*out = v;
	return 0;
}

int cli_stdout_close(int rc)
{
	/* Data goes to stdout: a full disk or a closed pipe must not pass
	 * for success. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "%s: cannot write standard output: %s\n",
			cli_progname, strerror(errno));
		return rc ? rc : CLI_EXIT_IOERR;
	}
	return rc;
}

int cli_output_open(const char *cmd, const char *path, FILE **f,
		    char **tmp)
{
	mode_t mask;
	int fd;

	*tmp = NULL;
	*f = stdout;
	if (!path || !strcmp(path, "-"))
		return 0;
	*tmp = malloc(strlen(path) + 16);
	if (!*tmp) {
		fprintf(stderr, "%s: out of memory\n", cli_progname);
		return CLI_EXIT_SOFTWARE;
	}
	sprintf(*tmp, "%s.tmp-XXXXXX", path);
	fd = mkstemp(*tmp);
	/* mkstemp makes the file 0600: the output gets the mode any new
	 * file would */
	mask = umask(0);
	umask(mask);
	if (fd >= 0 && fchmod(fd, 0666 & ~mask))
		fprintf(stderr, "%s: %s: cannot set the mode of '%s': %s\n",
			cli_progname, cmd, path, strerror(errno));
	if (fd < 0 || !(*f = fdopen(fd, "w"))) {
		fprintf(stderr, "%s: %s: cannot write '%s': %s\n",
			cli_progname, cmd, path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(*tmp);
		}
		free(*tmp);
		*tmp = NULL;
		return CLI_EXIT_IOERR;
	}
	return 0;
}

int cli_output_close(const char *cmd, const char *path, FILE *f, char *tmp,
		     int rc)
{
	if (!tmp)
		return cli_stdout_close(rc);
	if (fclose(f) && !rc) {
		fprintf(stderr, "%s: %s: cannot write '%s': %s\n",
			cli_progname, cmd, path, strerror(errno));
		rc = CLI_EXIT_IOERR;
	}
	if ((!rc || rc == CLI_EXIT_GATE) && rename(tmp, path)) {
		fprintf(stderr, "%s: %s: cannot write '%s': %s\n",
			cli_progname, cmd, path, strerror(errno));
		rc = CLI_EXIT_IOERR;
	}
	if (rc && rc != CLI_EXIT_GATE)
		unlink(tmp);
	free(tmp);
	return rc;
}

int cli_exit_map(int status, const int (*codes)[2], size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (codes[i][0] == status)
			return codes[i][1];
	return CLI_EXIT_SOFTWARE;
}

int cli_store_exit(int store_rc, int writing)
{
	static const int codes[][2] = {
		{ STORE_OK, CLI_EXIT_OK },
		{ STORE_ERR_FOREIGN, CLI_EXIT_DATAERR },
		{ STORE_ERR_CORRUPT, CLI_EXIT_DATAERR },
		{ STORE_ERR_NEWER, CLI_EXIT_DATAERR },
		{ STORE_ERR_MISSING, CLI_EXIT_NOINPUT },
		{ STORE_ERR_BUSY, CLI_EXIT_TEMPFAIL },
	};

	/* 74 is for output only: a database read is input */
	if (store_rc == STORE_ERR_IO)
		return writing ? CLI_EXIT_IOERR : CLI_EXIT_NOINPUT;
	return cli_exit_map(store_rc, codes, sizeof(codes) / sizeof(codes[0]));
}

const char *cli_text_safe(const char *s, char *buf, size_t len)
{
	size_t o = 0, n;
	unsigned cp;
	char esc[12];

	buf[0] = '\0';
	for (; s && *s; s += n) {
		n = store_utf8_seq(s, &cp);
		esc[0] = '\0';
		if (!n) {
			n = 1;
			strcpy(esc, "?");
		} else if (cp == '\n') {
			strcpy(esc, "\\n");
		} else if (cp == '\t') {
			strcpy(esc, "\\t");
		} else if (cp == '\r') {
			strcpy(esc, "\\r");
		} else if (cp < 0x20 || cp == 0x7f) {
			snprintf(esc, sizeof(esc), "\\x%02x", cp);
		} else if (cp >= 0x80 && cp < 0xa0) {
			snprintf(esc, sizeof(esc), "\\u%04x", cp);
		}
		if (esc[0]) {
			if (o + strlen(esc) >= len)
				break;
			memcpy(buf + o, esc, strlen(esc));
			o += strlen(esc);
		} else {
			if (o + n >= len)
				break;
			memcpy(buf + o, s, n);
			o += n;
		}
	}
	buf[o] = '\0';
	return buf;
}

int cli_help_print(const char *text)
{
	fputs(text, stdout);
	return cli_stdout_close(CLI_EXIT_OK);
}

static int program_help_print(void)
{
	char list[1024];
	size_t used = 0;
	size_t i;

	list[0] = '\0';
	for (i = 0; i < NCOMMANDS; i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used,
					 "  %-9s %s\n", commands[i].name,
					 commands[i].summary);
	printf(program_help, list);
	return cli_stdout_close(CLI_EXIT_OK);
}

int cli_version_print(void)
{
	printf("mmreport %s\n", MMREPORT_VERSION);
	return cli_stdout_close(CLI_EXIT_OK);
}

static const struct cli_command *command_find(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

int main(int argc, char **argv)
{
	const struct cli_command *c;

	if (argc < 2)
		return cli_usage_error(NULL, "missing command");
	if (!strcmp(argv[1], "help") && argc > 2) {
		/* `mmreport help CMD`: the command's --help */
		if (argc > 3)
			return cli_usage_error(NULL, "help takes one command, "
					       "not '%s'", argv[3]);
		c = command_find(argv[2]);
		if (!c)
			return cli_usage_error(NULL, "unknown command '%s'",
					       argv[2]);
		cli_current = c;
		return command_help_run(c);
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help"))
		return program_help_print();
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))
		return cli_version_print();
	if (argv[1][0] == '-')
		return cli_usage_error(NULL, "unknown option '%s'", argv[1]);
	c = command_find(argv[1]);
	if (c) {
		/* getopt_long sees the command as argv[0]. */
		cli_current = c;
		optind = 1;
		opterr = 0;
		return c->run(argc - 1, argv + 1);
	}
	return cli_usage_error(NULL, "unknown command '%s'", argv[1]);
}
