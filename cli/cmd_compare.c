/* mmreport compare: two measurements of the same configurations side by
 * side, as text, Markdown, CSV or JSON, and a gate for CI. The judgement
 * is analysis/compare.c's; this file reads the options and the files and
 * writes the result. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "compare.h"
#include "store.h"
#include "suites.h"

static const char compare_help[] =
	"Usage: mmreport compare [options] --session A --session B\n"
	"       mmreport compare [options] BASE.db NEW.db\n"
	"\n"
	"Sets the configurations of two measurements side by side: two\n"
	"sessions of one database (--db), or two files (for each device and\n"
	"configuration the latest measurement of each; --session A --session\n"
	"B: session A of BASE.db against session B of NEW.db). Configurations\n"
	"are matched by suite, kernel, sizes, block, ILP, parameter, host\n"
	"memory, precision and device (sessions of two different GPUs: all\n"
	"but the device, said as a cross-device comparison); the unmatched\n"
	"ones are listed. Per pair: both median kernel times, the\n"
	"Hodges-Lehmann ratio new/base with its 95 % interval, the\n"
	"Mann-Whitney p on the raw samples and the report's verdict: faster\n"
	"or slower when significant (p < 0.05) and at least the practical\n"
	"threshold apart, else no meaningful difference. A kernel whose\n"
	"stored source differs between the sides is named. Nothing stored\n"
	"is modified: the files are opened read-only.\n"
	"\n"
	"Options:\n"
	"  --db FILE          the database of --session A --session B\n"
	"                     (default $MMREPORT_DB or mmreport.db)\n"
	"  --session ID       twice: the base's and the new side's session\n"
	"  --format text|md|csv|json  (default text: aligned columns; json\n"
	"                     carries compare_version, 1)\n"
	"  -o, --output FILE  write to FILE (replaced only once complete)\n"
	"  --fail-above PCT   exit 4 when a configuration is slower by more\n"
	"                     than PCT per cent with a meaningful difference\n"
	"  --suite NAME       with --fail-above: judge that suite's geometric\n"
	"                     mean ratio instead (above 1 + PCT/100 and the\n"
	"                     threshold, one of its configurations slower)\n"
	"  --diff-source      after the comparison (text, md), the unified\n"
	"                     diff (diff -u) of each changed kernel source\n"
	"  --help, --version\n"
	"\n"
	"Exit status: 0 ok, 1 nothing matched or an unknown session, 4 the\n"
	"--fail-above gate failed, 64 bad options (also the same session\n"
	"twice), 65 database refused, 66 database missing or unreadable,\n"
	"69 diff missing (--diff-source), 70 internal failure, 74 cannot\n"
	"write the output, 75 database locked by another process.\n";

enum {
	OPT_DB = 256, OPT_SESSION, OPT_FORMAT, OPT_FAIL, OPT_SUITE,
	OPT_DIFF, OPT_HELP, OPT_VERSION, OPT_OUTPUT = 'o'
};

static const struct option compare_options[] = {
	{"db", required_argument, NULL, OPT_DB},
	{"session", required_argument, NULL, OPT_SESSION},
	{"format", required_argument, NULL, OPT_FORMAT},
	{"output", required_argument, NULL, OPT_OUTPUT},
	{"fail-above", required_argument, NULL, OPT_FAIL},
	{"suite", required_argument, NULL, OPT_SUITE},
	{"diff-source", no_argument, NULL, OPT_DIFF},
	{"help", no_argument, NULL, OPT_HELP},
	{"version", no_argument, NULL, OPT_VERSION},
	{NULL, 0, NULL, 0}
};

struct copts {
	const char *path[2], *format, *output, *suite;
	long long session[2];
	int nsession, diff, db_given;
	double fail;		/* < 0: no gate */
};

/* s as a Markdown table cell into buf[len]: a '|' would end the cell */
static const char *md_cell(const char *s, char *buf, size_t len)
{
	size_t o = 0;

	for (; *s && o + 3 < len; s++) {
		if (*s == '|')
			buf[o++] = '\\';
		buf[o++] = *s;
	}
	buf[o] = '\0';
	return buf;
}

static const char *num(double v, const char *fmt, char *buf, size_t len)
{
	if (!isfinite(v))
		return "-";
	snprintf(buf, len, fmt, v);
	return buf;
}

static const char *p_text(double p, char *buf, size_t len)
{
	if (p < 0)
		return "-";
	snprintf(buf, len, p < 1e-4 ? "%.1e" : "%.4f", p);
	return buf;
}

static const char *verdict_text(const struct cmp_row *w)
{
	if (w->below)
		return "no meaningful difference (significant, below the "
		       "threshold)";
	return cmp_verdict_name(w->verdict);
}

/* "w>wt": the report's marks of each side, when either has one. */
static const char *marks_pair(const struct cmp_row *w, char *buf,
			      size_t len)
{
	char a[8], b[8];

	cmp_marks_text(w->a->marks, a);
	cmp_marks_text(w->b->marks, b);
	if (*a || *b)
		snprintf(buf, len, "%s>%s", *a ? a : "-", *b ? b : "-");
	else
		snprintf(buf, len, "%s", "");
	return buf;
}

/* The unmatched points of one side, a line each: "only in SIDE: suite
 * key (status)". Each text has its own buffer: a buffer shared by two
 * arguments of one call would hold whichever was evaluated last. */
static void only_write(FILE *f, const char *bullet, const char *side,
		       const struct cmp_point *const *p, size_t n)
{
	char k[256], x[512], y[512], z[512];

	for (size_t i = 0; i < n; i++)
		fprintf(f, "%sonly in %s: %s %s (%s)\n", bullet, side,
			cli_text_safe(p[i]->suite, x, sizeof(x)),
			cli_text_safe(cmp_key_text(p[i], k, sizeof(k)), y,
				      sizeof(y)),
			cli_text_safe(p[i]->status, z, sizeof(z)));
}

static void summary_write(FILE *f, const struct cmp_side *a,
			  const struct cmp_side *b, const struct cmp_result *r,
			  const char *bullet)
{
	const struct cmp_row *top[5];
	char k[256], x[512], y[512];
	size_t i, n;

	fprintf(f, "%smatched %zu: %zu faster, %zu slower, %zu no meaningful "
		"difference (%zu of them significant but below the "
		"threshold), %zu untested\n", bullet, r->nrows, r->faster,
		r->slower, r->same, r->below, r->untested);
	for (i = 0; i < r->nsuites; i++)
		fprintf(f, "%s%s: geometric mean of new/base %.4f over %zu "
			"(%zu faster, %zu slower)\n", bullet,
			cli_text_safe(r->suites[i].suite, x, sizeof(x)),
			r->suites[i].geomean, r->suites[i].n,
			r->suites[i].faster, r->suites[i].slower);
	n = cmp_largest(r, top, 5);
	for (i = 0; i < n; i++)
		fprintf(f, "%slargest change %zu: %s %s x%.4f (%s)\n", bullet,
			i + 1, cli_text_safe(top[i]->a->suite, x, sizeof(x)),
			cli_text_safe(cmp_key_text(top[i]->a, k, sizeof(k)), y,
				      sizeof(y)), top[i]->ratio,
			verdict_text(top[i]));
	only_write(f, bullet, "base", r->only_a, r->nonly_a);
	only_write(f, bullet, "new", r->only_b, r->nonly_b);
	for (i = 0; i < r->nchanged; i++)
		fprintf(f, "%ssource changed: %s (FNV-1a %016llx -> %016llx)"
			"\n", bullet, cli_text_safe(r->changed[i]->a->variant,
						    x, sizeof(x)),
			(unsigned long long)r->changed[i]->a->src_hash,
			(unsigned long long)r->changed[i]->b->src_hash);
	if (r->cross)
		fprintf(f, "%scross-device comparison: %s (base) against %s "
			"(new)\n", bullet, cli_text_safe(a->p[0].dev_name, x,
							 sizeof(x)),
			cli_text_safe(b->p[0].dev_name, y, sizeof(y)));
}

static void header_write(FILE *f, const struct cmp_side *a,
			 const struct cmp_side *b, const struct cmp_result *r,
			 const char *bullet)
{
	char x[1024], y[1024];

	fprintf(f, "%sbase: %s\n%snew: %s\n", bullet,
		cli_text_safe(a->label, x, sizeof(x)), bullet,
		cli_text_safe(b->label, y, sizeof(y)));
	fprintf(f, "%sthreshold: %.1f %% (rule_threshold of %zu repeated "
		"measurements%s); ratio: new/base kernel time, < 1 faster; "
		"marks: l launch-bound, w idle SMs, c L2-resident, t "
		"throttled (base>new)\n", bullet, 100 * r->threshold,
		r->threshold_pairs, r->threshold_pairs < 10 ?
		": the 1 % floor" : "");
}

static void text_write(FILE *f, const struct cmp_side *a,
		       const struct cmp_side *b, const struct cmp_result *r,
		       int md)
{
	char k[256], raw[512], key[1024], cell[2048], s[6][64], m[32];
	size_t i, w = 6, l;

	header_write(f, a, b, r, md ? "- " : "");
	for (i = 0; i < r->nrows; i++) {
		const struct cmp_row *x = &r->rows[i];

		snprintf(raw, sizeof(raw), "%s %s", x->a->suite,
			 cmp_key_text(x->a, k, sizeof(k)));
		l = strlen(cli_text_safe(raw, key, sizeof(key)));
		w = l > w ? l : w;
	}
	fprintf(f, md ? "\n| %.*s | %s | %s | %s | %s | %s | %s | %s |\n"
		"|---|--:|--:|--:|---|--:|---|---|\n" :
		"\n%-*s %10s %10s %8s %-17s %9s %-6s %s\n",
		md ? 6 : (int)w, "config", "base ms", "new ms", "ratio",
		"95 % CI", "p", "marks", "verdict");
	for (i = 0; i < r->nrows; i++) {
		const struct cmp_row *x = &r->rows[i];
		const char *shown;
		char ci[64];

		snprintf(raw, sizeof(raw), "%s %s", x->a->suite,
			 cmp_key_text(x->a, k, sizeof(k)));
		cli_text_safe(raw, key, sizeof(key));
		shown = md ? md_cell(key, cell, sizeof(cell)) : key;
		if (isfinite(x->lo))
			snprintf(ci, sizeof(ci), "[%.4f, %.4f]", x->lo, x->hi);
		else
			snprintf(ci, sizeof(ci), "-");
		fprintf(f, md ?
			"| %.*s | %s | %s | %s | %s | %s | %s | %s%s |\n" :
			"%-*s %10s %10s %8s %-17s %9s %-6s %s%s\n",
			(int)(md ? strlen(shown) : w), shown,
			num(x->a->median, "%.4g", s[0], 64),
			num(x->b->median, "%.4g", s[1], 64),
			num(isfinite(x->hl) ? x->hl : x->ratio, "%.4f", s[2],
			    64), ci, p_text(x->p, s[3], 64),
			marks_pair(x, m, sizeof(m)), verdict_text(x),
			x->src_changed ? "; source changed" : "");
	}
	fputc('\n', f);
	summary_write(f, a, b, r, md ? "- " : "");
}

static void csv_field(FILE *f, const char *s, int last)
{
	if (s && strpbrk(s, ",\"\r\n")) {
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else {
		fputs(s ? s : "", f);
	}
	fputc(last ? '\n' : ',', f);
}

/* pre (the key before it, or a separator), then s as a JSON string. */
static void json_str(FILE *f, const char *pre, const char *s)
{
	char *t = strdup(s ? s : "");
	const char *c;

	fputs(pre, f);
	if (t)
		store_utf8_fix(t);
	fputc('"', f);
	for (c = t ? t : ""; *c; c++) {
		if (*c == '"' || *c == '\\')
			fprintf(f, "\\%c", *c);
		else if ((unsigned char)*c < 0x20)
			fprintf(f, "\\u%04x", (unsigned char)*c);
		else
			fputc(*c, f);
	}
	fputc('"', f);
	free(t);
}

/* pre, then v, null when not finite. */
static void json_num(FILE *f, const char *pre, double v)
{
	fputs(pre, f);
	if (isfinite(v))
		fprintf(f, "%.17g", v);
	else
		fputs("null", f);
}

/* One configuration as the CSV's key columns (kind: "matched",
 * "only_base", "only_new"). */
static void csv_key(FILE *f, const char *kind, const struct cmp_point *p)
{
	const long long v[] = { p->m, p->k, p->n, p->count, p->block_x,
				p->block_y, p->ilp, p->param };
	char b[64];
	size_t i;

	csv_field(f, "1", 0);
	csv_field(f, kind, 0);
	csv_field(f, p->suite, 0);
	csv_field(f, p->variant, 0);
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		snprintf(b, sizeof(b), "%lld", v[i]);
		csv_field(f, b, 0);
	}
	csv_field(f, p->host_mem, 0);
	csv_field(f, p->precision, 0);
}

static void csv_write(FILE *f, const struct cmp_result *r)
{
	char s[10][64];
	size_t i, k;

	fputs("compare_version,kind,suite,variant,m,k,n,count,block_x,"
	      "block_y,ilp,param,host_mem,precision,base_device,new_device,"
	      "base_median_ms,new_median_ms,ratio,hl_ratio,ci_lo,ci_hi,p,"
	      "verdict,below_threshold,base_marks,new_marks,"
	      "source_changed\n", f);
	for (i = 0; i < r->nrows; i++) {
		const struct cmp_row *w = &r->rows[i];

		csv_key(f, "matched", w->a);
		csv_field(f, w->a->dev_name, 0);
		csv_field(f, w->b->dev_name, 0);
		for (k = 0; k < 3; k++) {
			snprintf(s[0], 64, "%.9g", k == 0 ? w->a->median :
				 k == 1 ? w->b->median : w->ratio);
			csv_field(f, s[0], 0);
		}
		csv_field(f, num(w->hl, "%.9g", s[3], 64), 0);
		csv_field(f, num(w->lo, "%.9g", s[4], 64), 0);
		csv_field(f, num(w->hi, "%.9g", s[5], 64), 0);
		csv_field(f, w->p < 0 ? "" : num(w->p, "%.6g", s[6], 64), 0);
		csv_field(f, w->verdict == CMP_SAME ? "same" :
			  cmp_verdict_name(w->verdict), 0);
		csv_field(f, w->below ? "1" : "0", 0);
		csv_field(f, cmp_marks_text(w->a->marks, s[7]), 0);
		csv_field(f, cmp_marks_text(w->b->marks, s[8]), 0);
		csv_field(f, w->src_changed ? "1" : "0", 1);
	}
	for (i = 0; i < r->nonly_a + r->nonly_b; i++) {
		int base = i < r->nonly_a;
		const struct cmp_point *p = base ? r->only_a[i] :
					    r->only_b[i - r->nonly_a];

		csv_key(f, base ? "only_base" : "only_new", p);
		csv_field(f, base ? p->dev_name : "", 0);
		csv_field(f, base ? "" : p->dev_name, 0);
		fputs(",,,,,,,,,,,\n", f);
	}
}

static void json_point(FILE *f, const struct cmp_point *p)
{
	json_str(f, "{\"suite\": ", p->suite);
	json_str(f, ", \"variant\": ", p->variant);
	fprintf(f, ", \"m\": %d, \"k\": %d, \"n\": %d, \"count\": %lld, "
		"\"block_x\": %d, \"block_y\": %d, \"ilp\": %d, \"param\": %d"
		", \"host_mem\": ", p->m, p->k, p->n, p->count, p->block_x,
		p->block_y, p->ilp, p->param);
	json_str(f, "", p->host_mem);
	json_str(f, ", \"precision\": ", p->precision);
	json_str(f, ", \"status\": ", p->status);
	json_str(f, ", \"device\": ", p->dev_name);
	fprintf(f, ", \"session_id\": %lld, \"median_ms\": ",
		(long long)p->session_id);
	json_num(f, "", p->median);
	fprintf(f, ", \"samples\": %zu, \"counts_toward_best\": %s}", p->ns,
		p->counts ? "true" : "false");
}

static void json_write(FILE *f, const struct cmp_side *a,
		       const struct cmp_side *b, const struct cmp_result *r)
{
	const char *sep = "";
	char m[8];
	size_t i, k;

	fprintf(f, "{\"compare_version\": %d, \"base\": ",
		CMP_SCHEMA_VERSION);
	json_str(f, "", a->label);
	json_str(f, ", \"new\": ", b->label);
	fprintf(f, ", \"cross_device\": %s, \"threshold\": ",
		r->cross ? "true" : "false");
	json_num(f, "", r->threshold);
	fprintf(f, ", \"threshold_pairs\": %zu,\n \"rows\": [",
		r->threshold_pairs);
	for (i = 0; i < r->nrows; i++, sep = ",") {
		const struct cmp_row *w = &r->rows[i];

		fprintf(f, "%s\n  {\"base\": ", sep);
		json_point(f, w->a);
		fputs(", \"new\": ", f);
		json_point(f, w->b);
		json_num(f, ", \"ratio\": ", w->ratio);
		json_num(f, ", \"hl_ratio\": ", w->hl);
		json_num(f, ", \"ci_lo\": ", w->lo);
		json_num(f, ", \"ci_hi\": ", w->hi);
		json_num(f, ", \"p\": ", w->p < 0 ? NAN : w->p);
		fprintf(f, ", \"verdict\": \"%s\", \"below_threshold\": %s",
			w->verdict == CMP_SAME ? "same" :
			cmp_verdict_name(w->verdict),
			w->below ? "true" : "false");
		fprintf(f, ", \"base_marks\": \"%s\"",
			cmp_marks_text(w->a->marks, m));
		fprintf(f, ", \"new_marks\": \"%s\", \"source_changed\": %s}",
			cmp_marks_text(w->b->marks, m),
			w->src_changed ? "true" : "false");
	}
	for (k = 0; k < 2; k++) {
		fputs(k ? "],\n \"only_new\": [" : "],\n \"only_base\": [", f);
		for (i = 0; i < (k ? r->nonly_b : r->nonly_a); i++) {
			fputs(i ? ", " : "", f);
			json_point(f, (k ? r->only_b : r->only_a)[i]);
		}
	}
	fprintf(f, "],\n \"summary\": {\"matched\": %zu, \"faster\": %zu, "
		"\"slower\": %zu, \"same\": %zu, \"below_threshold\": %zu, "
		"\"untested\": %zu, \"suites\": [", r->nrows, r->faster,
		r->slower, r->same, r->below, r->untested);
	for (i = 0, sep = ""; i < r->nsuites; i++, sep = ", ") {
		fprintf(f, "%s{\"suite\": ", sep);
		json_str(f, "", r->suites[i].suite);
		fprintf(f, ", \"n\": %zu, \"geomean_ratio\": ",
			r->suites[i].n);
		json_num(f, "", r->suites[i].geomean);
		fputs("}", f);
	}
	fputs("], \"source_changed\": [", f);
	for (i = 0, sep = ""; i < r->nchanged; i++, sep = ", ")
		json_str(f, sep, r->changed[i]->a->variant);
	fputs("]}}\n", f);
}

static int tmp_write(const char *dir, const char *text, char *path,
		     size_t len)
{
	FILE *f;
	int fd;

	snprintf(path, len, "%s/mmreport-src-XXXXXX", dir);
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		return -1;
	}
	fputs(text ? text : "", f);
	return fclose(f) ? -1 : 0;
}

/* The unified diff of each changed source, by diff -u on two temporary
 * files: diff is in every POSIX system, and its output is what readers
 * of patches know. Returns 0 or an exit status. */
static int diffs_write(FILE *f, const struct cmp_result *r)
{
	const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char pa[4096], pb[4096], la[300], lb[300];
	size_t i;
	int rc = 0, st;
	pid_t pid;

	for (i = 0; !rc && i < r->nchanged; i++) {
		const struct cmp_row *w = r->changed[i];

		pa[0] = pb[0] = '\0';
		if (tmp_write(dir, w->a->source, pa, sizeof(pa)) ||
		    tmp_write(dir, w->b->source, pb, sizeof(pb))) {
			fprintf(stderr, "%s: compare: cannot write a temporary "
				"file in '%s': %s\n", cli_progname, dir,
				strerror(errno));
			rc = CLI_EXIT_IOERR;
		}
		snprintf(la, sizeof(la), "base/%s", w->a->variant);
		snprintf(lb, sizeof(lb), "new/%s", w->b->variant);
		fflush(f);
		if (!rc && (pid = fork()) == 0) {
			dup2(fileno(f), STDOUT_FILENO);
			execlp("diff", "diff", "-u", "--label", la, "--label",
			       lb, pa, pb, (char *)NULL);
			_exit(127);
		}
		if (!rc && (pid < 0 || waitpid(pid, &st, 0) != pid ||
			    !WIFEXITED(st) || WEXITSTATUS(st) > 1)) {
			fprintf(stderr, "%s: compare: diff -u failed%s\n",
				cli_progname, pid > 0 && WIFEXITED(st) &&
				WEXITSTATUS(st) == 127 ?
				": diff is not installed" : "");
			rc = pid > 0 && WIFEXITED(st) &&
			     WEXITSTATUS(st) == 127 ?
			     CLI_EXIT_UNAVAILABLE : CLI_EXIT_SOFTWARE;
		}
		if (*pa)
			unlink(pa);
		if (*pb)
			unlink(pb);
	}
	return rc;
}

/* Opens path read-only and reads session (0: the latest of each device
 * and configuration) into *s as one snapshot. Returns 0 or the exit
 * status after the message. */
static int side_read(const char *path, long long session,
		     struct cmp_side *s)
{
	struct store_session *ss = NULL;
	struct store *st = NULL;
	char err[512], label[4200];
	size_t n = 0, i;
	int rc, found = !session;

	rc = store_open(path, STORE_READ, &st, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "%s: cannot open '%s': %s\n", cli_progname,
			path, err);
		return cli_store_exit(rc, 0);
	}
	rc = store_read_begin(st);
	if (!rc)
		rc = store_session_list(st, &ss, &n);
	for (i = 0; !rc && i < n; i++)
		found |= ss[i].id == session;
	if (!rc && found)
		rc = store_compare_load(st, session, s);
	if (!rc)
		rc = store_read_end(st);
	if (rc) {
		fprintf(stderr, "%s: cannot read '%s': %s\n", cli_progname,
			path, store_errreason(st));
		rc = cli_store_exit(store_errcode(st), 0);
	} else if (!found) {
		fprintf(stderr, "%s: compare: nothing to compare: '%s' has no "
			"session %lld\n", cli_progname, path, session);
		rc = CLI_EXIT_FAILURE;
	}
	if (session)
		snprintf(label, sizeof(label), "%s session %lld", path,
			 session);
	else
		snprintf(label, sizeof(label), "%s (latest of each device and "
			 "configuration)", path);
	if (!rc && !(s->label = strdup(label)))
		rc = CLI_EXIT_SOFTWARE;
	store_sessions_free(ss, n);
	store_free(st);
	return rc;
}

static int options_parse(int argc, char **argv, struct copts *o)
{
	struct cli_optspec p = { "compare", ":o:", compare_options,
				 OPT_SESSION, NULL, { 0 } };
	int opt, rc;
	long long v;

	memset(o, 0, sizeof(*o));
	o->path[0] = o->path[1] = cli_db_default();
	o->format = "text";
	o->fail = -1;
	while ((opt = cli_option_next(&p, argc, argv, &rc)) > 0) {
		if ((opt == OPT_DB || opt == OPT_OUTPUT) && !*optarg)
			return cli_usage_error("compare", "empty %s", opt ==
					       OPT_DB ? "--db" : "--output");
		switch (opt) {
		case OPT_DB:
			o->path[0] = o->path[1] = optarg;
			o->db_given = 1;
			break;
		case OPT_SESSION:
			if (o->nsession == 2)
				return cli_usage_error("compare", "--session "
						       "given more than twice");
			if (cli_int_parse("compare", "--session", optarg, 1,
					  0x7fffffffffffffffLL, &v))
				return CLI_EXIT_USAGE;
			o->session[o->nsession++] = v;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "text") && strcmp(optarg, "md") &&
			    strcmp(optarg, "csv") && strcmp(optarg, "json"))
				return cli_usage_error("compare", "invalid "
						       "--format '%s': use "
						       "text, md, csv or json",
						       optarg);
			o->format = optarg;
			break;
		case OPT_OUTPUT:
			o->output = optarg;
			break;
		case OPT_FAIL:
			if (cli_double_parse("compare", "--fail-above", optarg,
					     -1e-300, 1e6, &o->fail))
				return CLI_EXIT_USAGE;
			break;
		case OPT_SUITE:
			if (!suite_find(optarg))
				return cli_usage_error("compare", "unknown "
						       "--suite '%s'", optarg);
			o->suite = optarg;
			break;
		case OPT_DIFF:
			o->diff = 1;
			break;
		case OPT_HELP:
			return cli_help_print(compare_help);
		}
	}
	if (!opt)
		return rc;
	if (argc - optind == 2 && !o->db_given) {
		o->path[0] = argv[optind];
		o->path[1] = argv[optind + 1];
	} else if (argc - optind == 2) {
		return cli_usage_error("compare", "--db and two files exclude "
				       "each other");
	} else if (optind < argc) {
		return cli_usage_error("compare", argc - optind > 2 ?
				       "unexpected argument '%s'" :
				       "one file '%s': give two files, or "
				       "--session twice", argv[argc - 1]);
	} else if (o->nsession != 2) {
		return cli_usage_error("compare", "give --session twice, or "
				       "two files");
	}
	if (o->nsession == 1)
		return cli_usage_error("compare", "--session twice (the "
				       "base's and the new side's), or none");
	if (o->nsession == 2 && o->session[0] == o->session[1] &&
	    !strcmp(o->path[0], o->path[1]))
		return cli_usage_error("compare", "the same session %lld "
				       "twice: compare needs two",
				       o->session[0]);
	if (o->suite && o->fail < 0)
		return cli_usage_error("compare", "--suite needs --fail-above");
	if (o->diff && (!strcmp(o->format, "csv") ||
			!strcmp(o->format, "json")))
		return cli_usage_error("compare", "--diff-source needs "
				       "--format text or md");
	return -1;
}

int cli_compare_run(int argc, char **argv)
{
	struct cmp_side s[2];
	struct cmp_result r;
	struct copts o;
	char *tmp = NULL;
	FILE *f = NULL;
	int rc, i;

	rc = options_parse(argc, argv, &o);
	if (rc >= 0)
		return rc;
	memset(s, 0, sizeof(s));
	memset(&r, 0, sizeof(r));
	for (i = 0, rc = 0; i < 2 && !rc; i++)
		rc = side_read(o.path[i], o.nsession ? o.session[i] : 0,
			       &s[i]);
	if (rc)
		goto out;
	if (cmp_run(&s[0], &s[1], -1, &r)) {
		fprintf(stderr, "%s: compare: out of memory\n", cli_progname);
		rc = CLI_EXIT_SOFTWARE;
		goto out;
	}
	rc = cli_output_open("compare", o.output, &f, &tmp);
	if (rc)
		goto out;
	if (!strcmp(o.format, "csv"))
		csv_write(f, &r);
	else if (!strcmp(o.format, "json"))
		json_write(f, &s[0], &s[1], &r);
	else
		text_write(f, &s[0], &s[1], &r, !strcmp(o.format, "md"));
	if (o.diff)
		rc = diffs_write(f, &r);
	if (!rc && !r.nrows) {
		fprintf(stderr, "%s: compare: nothing to compare: no "
			"configuration of '%s' matches one of '%s'\n",
			cli_progname, s[0].label, s[1].label);
		rc = CLI_EXIT_FAILURE;
	}
	if (!rc && o.fail >= 0 && cmp_gate(&r, o.fail, o.suite)) {
		fprintf(stderr, "%s: compare: %s slower than the base by more "
			"than %g %% with a meaningful difference\n",
			cli_progname, o.suite ?
			"the suite's geometric mean is" : "a configuration is",
			o.fail);
		rc = CLI_EXIT_GATE;
	}
	rc = cli_output_close("compare", o.output, f, tmp, rc);
out:
	cmp_result_free(&r);
	cmp_side_free(&s[0]);
	cmp_side_free(&s[1]);
	return rc;
}
