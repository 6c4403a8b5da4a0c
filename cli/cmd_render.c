/* mmreport render and export: option parsing and the output file; the
 * work is render/'s. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "render.h"

/* The --sections list between the two parts comes from render/, which
 * writes the sections. */
static const char render_help_head[] =
	"Usage: mmreport render [options] -o report.tex\n"
	"       mmreport render [options] > report.tex\n"
	"\n"
	"Writes a complete LaTeX report of the database to FILE or to\n"
	"standard output (not to a terminal); it compiles with pdflatex and\n"
	"no other step. Figures are drawn by gnuplot.\n"
	"\n"
	"Options:\n"
	"  --db FILE          database (default $MMREPORT_DB or mmreport.db);\n"
	"                     opened read-only, never modified\n"
	"  -o, --output FILE  write the report to FILE (replaced only once\n"
	"                     the report is complete; '-': standard output)\n"
	"  --lang en|pl|de    language of headings and captions (default en)\n"
	"  --sections LIST    ";
static const char render_help_tail[] =
	"\n"
	"                     (default: all that have data); a reference to\n"
	"                     a section left out is dropped\n"
	"  --device SEL       one device: its id in the database (as\n"
	"                     'mmreport devices --db FILE' lists it), or a\n"
	"                     UUID prefix or part of the name that fits one\n"
	"                     device only (default: every device)\n"
	"  --session ID       only the session with this id (default: for each\n"
	"                     device and configuration the latest measurement)\n"
	"  --compare A,B      add a section comparing session B with session A\n"
	"                     (as mmreport compare: ratios, tests, verdicts)\n"
	"  --title TEXT, --author TEXT, --course TEXT, --exercise TEXT,\n"
	"  --date TEXT        the title page's fields (defaults: the report's\n"
	"                     title, no author or course, the experiments\n"
	"                     reported, the day of the last measurement)\n"
	"  --meta FILE        the same fields from a file of 'key: value'\n"
	"                     lines (keys title, author, course, exercise,\n"
	"                     date; '#' starts a comment); options win\n"
	"  --figures DIR      write each figure to DIR/fig-NNN.tex (gnuplot,\n"
	"                     pict2e terminal) and \\input{DIR/fig-NNN.tex} it\n"
	"                     from the report; DIR must exist, is written as\n"
	"                     pdflatex will see it (relative to where pdflatex\n"
	"                     runs) and may hold only letters, digits and\n"
	"                     . _ / + -. Without --figures every figure is\n"
	"                     inline LaTeX picture code, so the one .tex file\n"
	"                     is all pdflatex needs.\n"
	"  --help, --version\n"
	"\n"
	"Exit status: 0 ok, 1 nothing to report (empty database or selection),\n"
	"64 bad options (also a bad --meta line; standard output a terminal\n"
	"without -o), 65 database refused (not\n"
	"mmreport's, corrupt, newer), 66 database or --meta file missing or\n"
	"unreadable, 69 gnuplot missing, 70 internal failure, 74 cannot write\n"
	"the output, 75 database locked by another process.\n";

static const char export_help[] =
	"Usage: mmreport export [options] [-o FILE]\n"
	"\n"
	"Writes the stored statistics. csv and json hold the same columns\n"
	"(one list; the first is export_version, 3): CSV (RFC 4180, with a\n"
	"header) has one row per configuration and metric, JSON an object\n"
	"{export_version, samples, configurations: [...]} with each\n"
	"configuration's metrics in \"stats\". A statistic that is not\n"
	"finite is empty (CSV) or null (JSON) and named in the row's\n"
	"nonfinite column; bytes of names that are not UTF-8 become '?'.\n"
	"md is a Markdown table of each configuration's median kernel time\n"
	"(else its first metric), for a terminal or a pull request.\n"
	"\n"
	"Options:\n"
	"  --db FILE          database (default $MMREPORT_DB or mmreport.db)\n"
	"  --format csv|json|md  output format (default csv)\n"
	"  --samples          also each metric's raw samples (csv, json): a\n"
	"                     column \"values\" (space separated in CSV)\n"
	"  -o, --output FILE  write to FILE (replaced only once complete)\n"
	"  --device SEL       one device: id, UUID prefix or part of the name\n"
	"                     (must fit one device)\n"
	"  --session ID       only this session (default: latest measurement)\n"
	"  --help, --version\n"
	"\n"
	"Exit status: as render's (1 nothing to export).\n";

enum {
	OPT_DB = 256, OPT_LANG, OPT_SECTIONS, OPT_DEVICE, OPT_SESSION,
	OPT_FIGURES, OPT_FORMAT, OPT_HELP, OPT_VERSION, OPT_TITLE,
	OPT_AUTHOR, OPT_COURSE, OPT_EXERCISE, OPT_DATE, OPT_META,
	OPT_SAMPLES, OPT_COMPARE, OPT_OUTPUT = 'o'
};

static const struct option render_options_long[] = {
	{"db", required_argument, NULL, OPT_DB},
	{"lang", required_argument, NULL, OPT_LANG},
	{"sections", required_argument, NULL, OPT_SECTIONS},
	{"device", required_argument, NULL, OPT_DEVICE},
	{"session", required_argument, NULL, OPT_SESSION},
	{"figures", required_argument, NULL, OPT_FIGURES},
	{"format", required_argument, NULL, OPT_FORMAT},
	{"title", required_argument, NULL, OPT_TITLE},
	{"author", required_argument, NULL, OPT_AUTHOR},
	{"course", required_argument, NULL, OPT_COURSE},
	{"exercise", required_argument, NULL, OPT_EXERCISE},
	{"date", required_argument, NULL, OPT_DATE},
	{"meta", required_argument, NULL, OPT_META},
	{"samples", no_argument, NULL, OPT_SAMPLES},
	{"compare", required_argument, NULL, OPT_COMPARE},
	{"output", required_argument, NULL, OPT_OUTPUT},
	{"help", no_argument, NULL, OPT_HELP},
	{"version", no_argument, NULL, OPT_VERSION},
	{NULL, 0, NULL, 0}
};

/* The options whose value render/ takes as it is, and the field of
 * struct render_options each sets. */
#define RO(m) offsetof(struct render_options, m)
static const struct {
	int opt;
	size_t off;
} text_options[] = {
	{ OPT_DB, RO(db_path) }, { OPT_DEVICE, RO(device) },
	{ OPT_FIGURES, RO(figures_dir) }, { OPT_TITLE, RO(title) },
	{ OPT_AUTHOR, RO(author) }, { OPT_COURSE, RO(course) },
	{ OPT_EXERCISE, RO(exercise) }, { OPT_DATE, RO(date) },
	{ OPT_META, RO(meta_path) }
};

static int render_exit(int status)
{
	static const int codes[][2] = {
		{ RENDER_OK, CLI_EXIT_OK },
		{ RENDER_ERR_STORE, CLI_EXIT_DATAERR },
		{ RENDER_ERR_EMPTY, CLI_EXIT_FAILURE },
		{ RENDER_ERR_TOOL, CLI_EXIT_UNAVAILABLE },
		{ RENDER_ERR_IO, CLI_EXIT_IOERR },
		{ RENDER_ERR_USAGE, CLI_EXIT_USAGE },
		{ RENDER_ERR_MISSING, CLI_EXIT_NOINPUT },
		{ RENDER_ERR_BUSY, CLI_EXIT_TEMPFAIL },
	};

	return cli_exit_map(status, codes, sizeof(codes) / sizeof(codes[0]));
}

static int render_help_print(void)
{
	fputs(render_help_head, stdout);
	render_sections_print(stdout);
	fputs(render_help_tail, stdout);
	return cli_stdout_close(CLI_EXIT_OK);
}

/* Every name in the comma list must be a known section, so that a typo
 * is a usage error rather than a silently shorter report. */
static int sections_check(const char *cmd, const char *list)
{
	const char *bad = render_sections_check(list);

	if (!bad)
		return 0;
	cli_usage_error(cmd, "invalid --sections '%s': unknown section "
			"'%.*s'", list, (int)strcspn(bad, ","), bad);
	return -1;
}

/* --compare A,B: two different session ids. */
static int compare_parse(const char *cmd, const char *text, long long *ab)
{
	const char *comma = strchr(text, ',');
	char a[32];

	if (!comma || (size_t)(comma - text) >= sizeof(a)) {
		cli_usage_error(cmd, "invalid --compare '%s': use two session "
				"ids, A,B", text);
		return -1;
	}
	snprintf(a, sizeof(a), "%.*s", (int)(comma - text), text);
	if (cli_int_parse(cmd, "--compare", a, 1, 0x7fffffffffffffffLL,
			  &ab[0]) ||
	    cli_int_parse(cmd, "--compare", comma + 1, 1,
			  0x7fffffffffffffffLL, &ab[1]))
		return -1;
	if (ab[0] == ab[1]) {
		cli_usage_error(cmd, "invalid --compare '%s': the same session "
				"twice", text);
		return -1;
	}
	return 0;
}

/* Runs render or export (is_export) into path: a temporary file beside
 * it, renamed over path only when complete, so that a failed run leaves
 * an earlier report in place. NULL or "-": standard output. Returns the
 * exit status. */
static int output_run(const char *cmd, const struct render_options *o,
		      const char *format, int is_export, const char *path)
{
	char *tmp;
	FILE *f;
	int rc = cli_output_open(cmd, path, &f, &tmp);

	if (rc)
		return rc;
	rc = render_exit(is_export ? render_export(o, format, f) :
			 render_report(o, f));
	return cli_output_close(cmd, path, f, tmp, rc);
}

/* Shared by render and export: export accepts --format and refuses the
 * report-only options. */
static int render_like_run(int argc, char **argv, int is_export)
{
	const char *cmd = is_export ? "export" : "render";
	struct render_options o;
	const char *format = "csv", *output = NULL;
	/* the options of the other command */
	static const int render_only[] = {
		OPT_LANG, OPT_SECTIONS, OPT_FIGURES, OPT_TITLE, OPT_AUTHOR,
		OPT_COURSE, OPT_EXERCISE, OPT_DATE, OPT_META, OPT_COMPARE, 0
	}, export_only[] = { OPT_SAMPLES, OPT_FORMAT, 0 };
	struct cli_optspec p = { cmd, ":o:", render_options_long, 0,
				 is_export ? render_only : export_only, { 0 } };
	char tok[64];
	long long v;
	size_t i;
	int opt, rc;

	render_options_init(&o);
	o.db_path = cli_db_default();
	while ((opt = cli_option_next(&p, argc, argv, &rc)) > 0) {
		/* the options that name a file or device */
		if ((opt == OPT_DB || opt == OPT_DEVICE || opt == OPT_FIGURES ||
		     opt == OPT_META || opt == OPT_OUTPUT) && !*optarg)
			return cli_usage_error(cmd, "empty %s",
					       cli_option_token(argv, tok,
								sizeof(tok)));
		for (i = 0; i < sizeof(text_options) / sizeof(text_options[0]);
		     i++)
			if (text_options[i].opt == opt)
				*(const char **)((char *)&o +
						 text_options[i].off) = optarg;
		switch (opt) {
		case OPT_LANG:
			if (strcmp(optarg, "en") && strcmp(optarg, "pl") &&
			    strcmp(optarg, "de"))
				return cli_usage_error(cmd, "invalid --lang "
						       "'%s': use en, pl or de",
						       optarg);
			o.lang = optarg;
			break;
		case OPT_SECTIONS:
			if (sections_check(cmd, optarg))
				return CLI_EXIT_USAGE;
			o.sections = optarg;
			break;
		case OPT_SESSION:
			if (cli_int_parse(cmd, "--session", optarg, 1,
					  0x7fffffffffffffffLL, &v))
				return CLI_EXIT_USAGE;
			o.session = v;
			break;
		case OPT_COMPARE:
			if (compare_parse(cmd, optarg, o.compare))
				return CLI_EXIT_USAGE;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "csv") && strcmp(optarg, "json") &&
			    strcmp(optarg, "md"))
				return cli_usage_error(cmd, "invalid --format "
						       "'%s': use csv, json or "
						       "md", optarg);
			format = optarg;
			break;
		case OPT_SAMPLES:
			o.samples = 1;
			break;
		case OPT_OUTPUT:
			output = optarg;
			break;
		case OPT_HELP:
			return is_export ? cli_help_print(export_help) :
			       render_help_print();
		}
	}
	if (!opt)
		return rc;
	if (optind < argc)
		return cli_usage_error(cmd, "unexpected argument '%s'",
				       argv[optind]);
	if (o.samples && !strcmp(format, "md"))
		return cli_usage_error(cmd, "--samples needs --format csv or "
				       "json");
	/* a report is a megabyte of LaTeX: not for a terminal */
	if (!is_export && (!output || !strcmp(output, "-")) &&
	    isatty(STDOUT_FILENO))
		return cli_usage_error(cmd, "standard output is a terminal: "
				       "write the report to a file, with "
				       "-o report.tex or > report.tex");
	return output_run(cmd, &o, format, is_export, output);
}

int cli_render_run(int argc, char **argv)
{
	return render_like_run(argc, argv, 0);
}

int cli_export_run(int argc, char **argv)
{
	return render_like_run(argc, argv, 1);
}
