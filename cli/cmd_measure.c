/* mmreport measure: option parsing; the work is measure_run's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kernels.h"
#include "measure.h"
#include "suites.h"
#include "vocab.h"

/* A printf format: its two %s are the suites (help_suites) and the
 * registry's kernels (help_kernels). */
static const char measure_help[] =
	"Usage: mmreport measure [options]\n"
	"\n"
	"Runs the kernel sweeps on the GPU and stores every configuration,\n"
	"its statistics, raw samples and regime in the database, one\n"
	"transaction per configuration (Ctrl-C keeps every finished one).\n"
	"Each kernel sample is the GPU's own record of one launch (CUPTI\n"
	"activity records); the samples of configurations the report\n"
	"compares (the kernels at one size, the transfer variants at one\n"
	"size, the copies at one N) are interleaved in a seeded random\n"
	"order.\n"
	"\n"
	"Options:\n"
	"  --db FILE          database (default $MMREPORT_DB or mmreport.db)\n"
	"  --suite LIST       %s\n"
	"                     (default: all)\n"
	"  --sizes LIST       matrix sizes n or MxKxN (rect suite, cublas),\n"
	"                     or ilp, coalesce and dot element counts N,\n"
	"                     bank's threads, walkers, overriding every\n"
	"                     selected suite's sizes\n"
	"  --blocks LIST      block edges b (b x b threads; ilp, bank and\n"
	"                     coalesce: threads per block)\n"
	"  --variants LIST    kernels: %s\n"
	"                     (--kernel; those are measured whenever given,\n"
	"                     unless this list names some of them)\n"
	"  --ilp LIST         ILP values of the copy kernel (1,2,4,8,16)\n"
	"  --host-mem LIST    pageable,pinned,pinned-output (transfer suite)\n"
	"  --precision LIST   float,double (or fp32,fp64): the precisions of\n"
	"                     the precision, rect and dot suites (default:\n"
	"                     both); the other suites measure float only\n"
	"  --device SEL       GPU index (list: 0,1), all, or a UUID prefix\n"
	"                     or a part of the name (two characters or\n"
	"                     more) that fits one GPU (--device H100);\n"
	"                     default 0\n"
	"  --repeat N         most samples per configuration (default 1000)\n"
	"  --min-samples N    fewest samples per configuration (default 10,\n"
	"                     enough for a gain to reach p < 0.01)\n"
	"  --max-time SEC     sampling time limit per configuration; sampling\n"
	"                     stops once it is spent and --min-samples are\n"
	"                     taken (default 1)\n"
	"  --max-noise PCT    stop sampling a configuration once the 95 %%\n"
	"                     interval of its median kernel time is within\n"
	"                     PCT %% of the median (after --min-samples;\n"
	"                     default 0.5; 0 or off: --repeat or --max-time\n"
	"                     end it)\n"
	"  --throttle MODE    samples taken while the SM clock is below\n"
	"                     --throttle-threshold of the session's top:\n"
	"                     discard (default; taken again), keep, or wait\n"
	"                     for the clock before each round, then discard\n"
	"  --throttle-threshold PCT\n"
	"                     that share of the top clock (default 90)\n"
	"  --lock-clocks MHZ  lock the SM clock at MHZ (or max: the highest\n"
	"                     the GPU has) for each session and unlock it at\n"
	"                     its end; needs root; the session stores that\n"
	"                     clocks were locked (default: never)\n"
	"  --warmup N         warm-up runs before sampling (default 3)\n"
	"  --seed N           seed of the random inputs (default 1)\n"
	"  --slim             keep raw samples only where render's\n"
	"                     significance tests use them (transfer suite);\n"
	"                     statistics are always kept\n"
	"  --counters         after each configuration's samples (not\n"
	"                     transfer, ilp), read GIPS, CGMA, DRAM traffic,\n"
	"                     sectors per request and bank conflicts from\n"
	"                     hardware counters (CUPTI);\n"
	"                     without access, say why and measure without\n"
	"                     them\n"
	"  --timer KIND       auto (default): the GPU's activity records,\n"
	"                     else CUDA events behind a blocking kernel;\n"
	"                     cupti: activity records or nothing; events:\n"
	"                     the fallback; the session stores which\n"
	"  --cold             flush L2 before each sample (default: hot)\n"
	"  --dry-run          print the plan and a time estimate; touch\n"
	"                     neither GPU nor database\n"
	"  --kernel FILE.cu   an own kernel (repeatable): compiled at run time\n"
	"                     by NVRTC against <mmreport_kernel.h> (see that\n"
	"                     header: signatures, declarations) and measured\n"
	"                     beside the built-in kernels (square and rect\n"
	"                     ones in the versions suite, copy ones in ilp);\n"
	"                     with --dry-run compiled for compute\n"
	"                     capability 7.5 and checked, no GPU needed\n"
	"  --launch-timeout S the most seconds from one launch to the next\n"
	"                     (default 120; 0 none): a kernel that hangs\n"
	"                     stops the sweep with exit 70, what finished\n"
	"                     is stored and the session reads as aborted\n"
	"  --quiet            no progress or per-configuration lines\n"
	"  --help, --version\n"
	"\n"
	"Exit status: 0 ok, 3 a configuration failed verification, 64 bad\n"
	"options, 65 database refused or a --kernel file that is not\n"
	"source text, does not compile or breaks the contract (compiler\n"
	"messages on stderr), 66 database or --kernel file missing or not\n"
	"a regular file, 69 no CUDA device or driver\n"
	"(database untouched) or NVRTC missing, 70 CUDA failure or a launch\n"
	"past --launch-timeout, 74 cannot write the database, 75 database\n"
	"locked by another process, 130 interrupted.\n";

/* --kernel files one measure takes: a course's lab, not a library */
#define MAX_KERNELS 64

enum {
	OPT_DB = 256, OPT_SUITE, OPT_SIZES, OPT_BLOCKS, OPT_VARIANTS, OPT_ILP,
	OPT_HOSTMEM, OPT_DEVICE, OPT_REPEAT, OPT_MINSAMPLES, OPT_MAXTIME,
	OPT_WARMUP, OPT_SEED, OPT_SLIM, OPT_COUNTERS, OPT_TIMER, OPT_COLD,
	OPT_DRYRUN, OPT_QUIET, OPT_HELP, OPT_VERSION, OPT_KERNEL,
	OPT_LAUNCH_TIMEOUT, OPT_PRECISION, OPT_MAXNOISE, OPT_THROTTLE,
	OPT_THROTTLE_PCT, OPT_LOCK_CLOCKS
};

static const struct option measure_options_long[] = {
	{"db", required_argument, NULL, OPT_DB},
	{"suite", required_argument, NULL, OPT_SUITE},
	{"suites", required_argument, NULL, OPT_SUITE},
	{"sizes", required_argument, NULL, OPT_SIZES},
	{"blocks", required_argument, NULL, OPT_BLOCKS},
	{"variants", required_argument, NULL, OPT_VARIANTS},
	{"ilp", required_argument, NULL, OPT_ILP},
	{"host-mem", required_argument, NULL, OPT_HOSTMEM},
	{"precision", required_argument, NULL, OPT_PRECISION},
	{"device", required_argument, NULL, OPT_DEVICE},
	{"repeat", required_argument, NULL, OPT_REPEAT},
	{"min-samples", required_argument, NULL, OPT_MINSAMPLES},
	{"max-time", required_argument, NULL, OPT_MAXTIME},
	{"warmup", required_argument, NULL, OPT_WARMUP},
	{"max-noise", required_argument, NULL, OPT_MAXNOISE},
	{"throttle", required_argument, NULL, OPT_THROTTLE},
	{"throttle-threshold", required_argument, NULL, OPT_THROTTLE_PCT},
	{"lock-clocks", required_argument, NULL, OPT_LOCK_CLOCKS},
	{"seed", required_argument, NULL, OPT_SEED},
	{"slim", no_argument, NULL, OPT_SLIM},
	{"counters", no_argument, NULL, OPT_COUNTERS},
	{"timer", required_argument, NULL, OPT_TIMER},
	{"cold", no_argument, NULL, OPT_COLD},
	{"dry-run", no_argument, NULL, OPT_DRYRUN},
	{"kernel", required_argument, NULL, OPT_KERNEL},
	{"launch-timeout", required_argument, NULL, OPT_LAUNCH_TIMEOUT},
	{"quiet", no_argument, NULL, OPT_QUIET},
	{"help", no_argument, NULL, OPT_HELP},
	{"version", no_argument, NULL, OPT_VERSION},
	{NULL, 0, NULL, 0}
};

/* The command line as one string, stored with the session. */
static char *cmdline_join(int argc, char **argv)
{
	size_t len = sizeof("mmreport");
	char *s;
	int i;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	strcpy(s, "mmreport");
	for (i = 0; i < argc; i++) {
		strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

static int measure_exit(int status)
{
	static const int codes[][2] = {
		{ MEASURE_OK, CLI_EXIT_OK },
		{ MEASURE_ERR_NODEV, CLI_EXIT_UNAVAILABLE },
		{ MEASURE_ERR_STORE, CLI_EXIT_DATAERR },
		{ MEASURE_ERR_BUSY, CLI_EXIT_TEMPFAIL },
		{ MEASURE_ERR_DB_WRITE, CLI_EXIT_IOERR },
		{ MEASURE_ERR_VERIFY, CLI_EXIT_VERIFY },
		{ MEASURE_INTERRUPTED, CLI_EXIT_INTERRUPTED },
		{ MEASURE_ERR_USAGE, CLI_EXIT_USAGE },
		{ MEASURE_ERR_KERNEL, CLI_EXIT_DATAERR },
		{ MEASURE_ERR_KERNEL_OPEN, CLI_EXIT_NOINPUT },
		{ MEASURE_ERR_NVRTC, CLI_EXIT_UNAVAILABLE },
		{ MEASURE_ERR_LOCK, CLI_EXIT_UNAVAILABLE },
	};

	/* MEASURE_ERR_INTERNAL and MEASURE_ERR_CUDA: 70 */
	return cli_exit_map(status, codes, sizeof(codes) / sizeof(codes[0]));
}

/* Appends word to b[len] at column *col, after sep, or on a new line
 * at the help's option column when the line would pass 72. */
static void help_word(char *b, size_t len, const char *word,
		      const char *sep, int *col)
{
	size_t used = strlen(b), w = strlen(word);

	if (*col + (int)(strlen(sep) + w) > 72) {
		snprintf(b + used, len - used, "\n%21s%s", "", word);
		*col = 21 + (int)w;
	} else {
		snprintf(b + used, len - used, "%s%s", used ? sep : "", word);
		*col += (int)((used ? strlen(sep) : 0) + w);
	}
}

/* The suites of analysis/suites.h, comma-separated, wrapped as --help's
 * columns, into b[len]. */
static void help_suites(char *b, size_t len)
{
	char word[64];
	int col = 21;
	size_t i;

	b[0] = '\0';
	for (i = 0; i < SUITE_N; i++) {
		snprintf(word, sizeof(word), "%s%s", suite_defs[i].name,
			 i + 1 < SUITE_N ? "," : "");
		help_word(b, len, word, "", &col);
	}
}

/* The registry's kernels in its order, a run of numbered versions (v6,
 * v7, v8, ...) as one range, then the ilp suite's runtime copy and own
 * kernels, wrapped as --help's columns, into b[len]: so that a new
 * kernel is listed by its registry entry alone. */
static void help_kernels(char *b, size_t len)
{
	static const char *const tail[] = {
		VOCAB_VARIANT_MEMCPY ",", "and", "names", "of", "own", "kernels"
	};
	char word[64];
	size_t i, j, n = kernel_count();
	int col = 30, a, z;

	b[0] = '\0';
	for (i = 0; i < n; i = j) {
		const char *name = kernel_at(i)->name;

		j = i + 1;
		if (sscanf(name, "v%d", &a) == 1) {
			for (z = a; j < n && sscanf(kernel_at(j)->name, "v%d",
						    &z) == 1 &&
				    z == a + (int)(j - i); j++)
				;
			if (j - i >= 3) {
				snprintf(word, sizeof(word), "%s..%s,", name,
					 kernel_at(j - 1)->name);
				help_word(b, len, word, " ", &col);
				continue;
			}
			j = i + 1;
		}
		snprintf(word, sizeof(word), "%s,", name);
		help_word(b, len, word, " ", &col);
	}
	for (i = 0; i < sizeof(tail) / sizeof(tail[0]); i++)
		help_word(b, len, tail[i], " ", &col);
}

static int help_print(void)
{
	char suites[512], kernels[2048];

	help_suites(suites, sizeof(suites));
	help_kernels(kernels, sizeof(kernels));
	printf(measure_help, suites, kernels);
	return cli_stdout_close(CLI_EXIT_OK);
}

int cli_measure_run(int argc, char **argv)
{
	struct measure_options o;
	long long v;
	char *cmdline = NULL;
	const char *kernels[MAX_KERNELS];
	size_t nkernels = 0;
	int opt, rc, min_given = 0;
	/* --kernel is repeatable: one file each */
	struct cli_optspec p = { "measure", ":", measure_options_long,
				 OPT_KERNEL, NULL, { 0 } };

	measure_options_init(&o);
	o.db_path = cli_db_default();
	while ((opt = cli_option_next(&p, argc, argv, &rc)) > 0) {
		if ((opt == OPT_DB || opt == OPT_KERNEL) && !*optarg)
			return cli_usage_error("measure", "empty %s", opt ==
					       OPT_DB ? "--db" : "--kernel");
		switch (opt) {
		case OPT_DB:
			o.db_path = optarg;
			break;
		case OPT_SUITE: o.suites = optarg; break;
		case OPT_SIZES: o.sizes = optarg; break;
		case OPT_BLOCKS: o.blocks = optarg; break;
		case OPT_VARIANTS: o.variants = optarg; break;
		case OPT_ILP: o.ilp = optarg; break;
		case OPT_HOSTMEM: o.host_mem = optarg; break;
		case OPT_PRECISION: o.precision = optarg; break;
		case OPT_DEVICE: o.device = optarg; break;
		case OPT_REPEAT:
			if (cli_int_parse("measure", "--repeat", optarg, 1,
					  100000000, &v))
				return CLI_EXIT_USAGE;
			o.repeat = (int)v;
			break;
		case OPT_MINSAMPLES:
			if (cli_int_parse("measure", "--min-samples", optarg,
					  1, 100000000, &v))
				return CLI_EXIT_USAGE;
			o.min_samples = (int)v;
			min_given = 1;
			break;
		case OPT_WARMUP:
			if (cli_int_parse("measure", "--warmup", optarg, 0,
					  1000000, &v))
				return CLI_EXIT_USAGE;
			o.warmup = (int)v;
			break;
		case OPT_MAXTIME:
			if (cli_double_parse("measure", "--max-time", optarg,
					     0.0, 86400.0, &o.max_time_s))
				return CLI_EXIT_USAGE;
			break;
		case OPT_MAXNOISE:
			/* 0 or off: sample to --repeat or --max-time */
			if (!strcmp(optarg, "0") || !strcmp(optarg, "off")) {
				o.max_noise_pct = -1;
				break;
			}
			if (cli_double_parse("measure", "--max-noise", optarg,
					     0.0, 100.0, &o.max_noise_pct))
				return CLI_EXIT_USAGE;
			break;
		case OPT_THROTTLE: o.throttle = optarg; break;
		case OPT_THROTTLE_PCT:
			if (cli_double_parse("measure", "--throttle-threshold",
					     optarg, 0.0, 100.0,
					     &o.throttle_pct))
				return CLI_EXIT_USAGE;
			break;
		case OPT_LOCK_CLOCKS:
			if (!strcmp(optarg, "max")) {
				o.lock_clocks_mhz = -1;
				break;
			}
			if (cli_int_parse("measure", "--lock-clocks", optarg, 1,
					  100000, &v))
				return CLI_EXIT_USAGE;
			o.lock_clocks_mhz = (int)v;
			break;
		case OPT_SEED:
			if (cli_int_parse("measure", "--seed", optarg, 0,
					  0x7fffffffffffffffLL, &v))
				return CLI_EXIT_USAGE;
			o.seed = (unsigned long long)v;
			break;
		case OPT_SLIM: o.keep_samples = 0; break;
		case OPT_COUNTERS: o.counters = 1; break;
		case OPT_TIMER: o.timer = optarg; break;
		case OPT_COLD: o.cold = 1; break;
		case OPT_DRYRUN: o.dry_run = 1; break;
		case OPT_LAUNCH_TIMEOUT:
			/* 0 switches the limit off; cli_double_parse takes
			 * values above its lower bound */
			if (!strcmp(optarg, "0")) {
				o.launch_timeout_s = 0;
				break;
			}
			if (cli_double_parse("measure", "--launch-timeout",
					     optarg, 0.0, 86400.0,
					     &o.launch_timeout_s))
				return CLI_EXIT_USAGE;
			break;
		case OPT_KERNEL:
			if (nkernels == MAX_KERNELS)
				return cli_usage_error("measure", "more than "
						       "%d --kernel files",
						       MAX_KERNELS);
			kernels[nkernels++] = optarg;
			break;
		case OPT_QUIET: o.quiet = 1; break;
		case OPT_HELP: return help_print();
		}
	}
	if (!opt)
		return rc;
	if (optind < argc)
		return cli_usage_error("measure", "unexpected argument '%s'",
				       argv[optind]);
	/* --repeat 1 alone is a valid request: the default floor yields. */
	if (!min_given && o.min_samples > o.repeat)
		o.min_samples = o.repeat;
	if (o.min_samples > o.repeat)
		return cli_usage_error("measure", "--min-samples %d exceeds "
				       "--repeat %d", o.min_samples,
				       o.repeat);
	cmdline = cmdline_join(argc - 1, argv + 1);
	if (!cmdline) {
		fprintf(stderr, "%s: out of memory\n", cli_progname);
		return CLI_EXIT_SOFTWARE;
	}
	o.cmdline = cmdline;
	o.kernels = kernels;
	o.nkernels = nkernels;
	rc = measure_exit(measure_run(&o, stdout));
	free(cmdline);
	return cli_stdout_close(rc);
}
