/* `mmreport export`: the stored statistics of the selection as CSV
 * (RFC 4180), JSON or a Markdown summary table. CSV and JSON are written
 * from one column list (export_cols), so that neither can gain or lose a
 * field the other has: a CSV row is a configuration's columns followed
 * by one metric's columns; a JSON object is a configuration's columns
 * with its metrics' columns in "stats". */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

/* The version of the export's layout, written in every CSV row and at
 * the top of the JSON document. 1: issue 15's (CSV without param, JSON
 * as an array); 2: one column list, param, session_uuid, the
 * percentiles and nonfinite in CSV too, --samples; 3: noise, throttled,
 * discarded (schema 7). Raise it whenever a column is added, removed or
 * changes meaning. */
#define EXPORT_VERSION 3

/* Where a column's value lives: the device, the configuration, the
 * metric's statistics, the metric, the session; null where the row has
 * none (a CSV row of a configuration without metrics). A column with a
 * rule of its own (ET_* below) reads from there too. */
enum { EF_DEV, EF_CFG, EF_SUM, EF_STAT, EF_SES };
/* How it reads: text (NULL: null), an int, an int64_t (EK: 0 is
 * "unknown", null, as for the schema-3 integers), a size_t, a double
 * (not finite: null; DK: 0 too, the schema-3 reals; DI: an infinity is
 * said, "inf" or "-inf", as a failed verification may store its error),
 * an int64_t whose negative is "unknown" (I64N: schema 7's counts), or
 * one of the columns with a rule of their own. */
enum { ET_TEXT, ET_INT, ET_I64, ET_I64K, ET_I64N, ET_SIZE, ET_DBL, ET_DBLK,
       ET_DBLI, ET_THROTTLE, ET_NONFINITE, ET_VALUES };

struct ecol {
	const char *name;
	unsigned char from, type;
	size_t off;
};

#define DEV(n, t, f) {n, EF_DEV, t, offsetof(struct store_device, f)}
#define CFG(n, t, f) {n, EF_CFG, t, offsetof(struct store_config, f)}
#define SUM(n, t, f) {n, EF_SUM, t, offsetof(struct stats_summary, f)}
#define STAT(n, t, f) {n, EF_STAT, t, offsetof(struct store_stat, f)}
#define OWN(n, f, t) {n, f, t, 0}

/* The columns in order: a configuration's, then from EC_METRIC on a
 * metric's; the last (values) only with --samples. */
static const struct ecol export_cols[] = {
	DEV("device_id", ET_I64, id), DEV("device_uuid", ET_TEXT, uuid),
	DEV("device_name", ET_TEXT, name),
	CFG("session_id", ET_I64, session_id),
	{"session_uuid", EF_SES, ET_TEXT,
	 offsetof(struct store_session, uuid)},
	CFG("suite", ET_TEXT, suite), CFG("variant", ET_TEXT, variant),
	CFG("m", ET_INT, m), CFG("k", ET_INT, k), CFG("n", ET_INT, n),
	CFG("count", ET_I64, count), CFG("block_x", ET_INT, block_x),
	CFG("block_y", ET_INT, block_y), CFG("ilp", ET_INT, ilp),
	CFG("param", ET_INT, param), CFG("host_mem", ET_TEXT, host_mem),
	CFG("precision", ET_TEXT, precision),
	CFG("status", ET_TEXT, status), CFG("reason", ET_TEXT, reason),
	CFG("rel_error", ET_DBLI, rel_error), CFG("flops", ET_DBL, flops),
	CFG("bytes", ET_DBL, bytes), CFG("samples", ET_INT, samples),
	CFG("finished_at", ET_TEXT, finished_at),
	CFG("grp", ET_I64K, grp), CFG("grid_blocks", ET_I64K, grid_blocks),
	CFG("wave_blocks", ET_I64K, wave_blocks),
	CFG("working_set", ET_DBLK, working_set),
	CFG("l2_bytes", ET_I64K, l2_bytes),
	CFG("start_sm_clock_mhz", ET_DBLK, start_sm_clock_mhz),
	CFG("end_sm_clock_mhz", ET_DBLK, end_sm_clock_mhz),
	OWN("throttle_reasons", EF_CFG, ET_THROTTLE),
	CFG("regime", ET_TEXT, regime),
	CFG("noise", ET_DBL, noise), CFG("throttled", ET_I64N, throttled),
	CFG("discarded", ET_I64N, discarded),
	STAT("metric", ET_TEXT, metric), STAT("unit", ET_TEXT, unit),
	SUM("metric_n", ET_SIZE, n), SUM("min", ET_DBL, min),
	SUM("max", ET_DBL, max), SUM("mean", ET_DBL, mean),
	SUM("median", ET_DBL, median), SUM("stddev", ET_DBL, stddev),
	SUM("p05", ET_DBL, p05), SUM("p25", ET_DBL, p25),
	SUM("p75", ET_DBL, p75), SUM("p95", ET_DBL, p95),
	OWN("nonfinite", EF_STAT, ET_NONFINITE),
	OWN("values", EF_STAT, ET_VALUES),
};
#define EC_NCOLS ((int)(sizeof(export_cols) / sizeof(export_cols[0])))
#define EC_METRIC 36		/* "metric" */
#define EC_VALUES (EC_NCOLS - 1)

/* What a row is made of: a configuration, and one of its metrics (NULL
 * for the configuration's own columns, or one without metrics). */
struct erow {
	const struct rctx *x;
	const struct rcfg *r;
	const struct store_stat *s;
	double *values;		/* --samples: the metric's raw samples */
	size_t nvalues;
	char nonfinite[128];	/* the metric columns that are not finite */
};

/* ---- text ---------------------------------------------------------------- */

enum { FMT_CSV, FMT_JSON, FMT_MD };

/* Appends s (NULL: "") as a field of format fmt: CSV (RFC 4180: a field
 * holding a comma, quote or line break is quoted and its quotes
 * doubled), a JSON string, or a Markdown table cell ('|' escaped, line
 * breaks as spaces). Every byte that is not part of valid UTF-8 becomes
 * '?', as the report prints it (rbuf_put_tex), so that an export
 * is valid UTF-8 (JSON requires it) whatever a name in the database
 * holds; a valid sequence never holds an ASCII byte, so the quoting can
 * be decided on the raw bytes. */
static void text_put(struct rbuf *b, const char *s, int fmt)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	int quote = fmt == FMT_JSON || (fmt == FMT_CSV && s &&
					strpbrk(s, ",\"\r\n"));
	unsigned cp;
	size_t n;

	if (quote)
		rbuf_putc(b, '"');
	for (; *p; p += n ? n : 1) {
		n = store_utf8_seq((const char *)p, &cp);
		if (!n)
			rbuf_putc(b, '?');
		else if (n > 1)
			rbuf_putn(b, (const char *)p, n);
		else if (fmt == FMT_CSV && *p == '"')
			rbuf_puts(b, "\"\"");
		else if (fmt == FMT_MD && *p == '|')
			rbuf_puts(b, "\\|");
		else if (fmt == FMT_MD && strchr("\n\r\t", *p))
			rbuf_putc(b, ' ');
		else if (fmt == FMT_JSON && (*p == '"' || *p == '\\'))
			rbuf_printf(b, "\\%c", *p);
		else if (fmt == FMT_JSON && strchr("\n\t\r", *p))
			rbuf_printf(b, "\\%c", *p == '\n' ? 'n' : *p == '\t' ?
				    't' : 'r');
		else if (fmt == FMT_JSON && *p < 0x20)
			rbuf_printf(b, "\\u%04x", *p);
		else
			rbuf_putc(b, (char)*p);
	}
	if (quote)
		rbuf_putc(b, '"');
}

/* The shortest of %.15g..%.17g that reads back as v: exact, and
 * readable where the value allows. v must be finite. */
static void rbuf_put_real(struct rbuf *b, double v)
{
	char buf[40];
	int p;

	snprintf(buf, sizeof(buf), "%.15g", v);
	for (p = 16; p <= 17 && strtod(buf, NULL) != v; p++)
		snprintf(buf, sizeof(buf), "%.*g", p, v);
	rbuf_puts(b, buf);
}

/* Column col of row e in format fmt: null as nothing (CSV) or null
 * (JSON); the raw samples space separated, "nan" where not finite
 * (CSV), or as an array with null there (JSON). */
static void col_put(struct rbuf *b, const struct erow *e, int col, int fmt)
{
	const struct ecol *k = &export_cols[col];
	const struct store_config *cf = e->r->c;
	const void *from[] = {e->x->devs[e->r->dev], cf, e->s ? &e->s->s :
			      NULL, e->s, model_session(e->x, cf->session_id)};
	const char *p, *s = NULL;
	double d;
	size_t i;

	if (!from[k->from])
		goto null;
	p = (const char *)from[k->from] + k->off;
	switch (k->type) {
	case ET_TEXT: s = *(char *const *)p; break;
	case ET_INT: rbuf_printf(b, "%d", *(const int *)p); return;
	case ET_SIZE: rbuf_printf(b, "%zu", *(const size_t *)p); return;
	case ET_I64:
	case ET_I64K:
	case ET_I64N:
		if ((k->type == ET_I64K && !*(const int64_t *)p) ||
		    (k->type == ET_I64N && *(const int64_t *)p < 0))
			goto null;
		rbuf_printf(b, "%lld", (long long)*(const int64_t *)p);
		return;
	case ET_DBL:
	case ET_DBLK:
	case ET_DBLI:
		d = *(const double *)p;
		if (k->type == ET_DBLI && isinf(d)) {
			s = d > 0 ? "inf" : "-inf";
			break;
		}
		if (!isfinite(d) || (k->type == ET_DBLK && d == 0))
			goto null;
		rbuf_put_real(b, d);
		return;
	case ET_THROTTLE:
		if (!cf->has_throttle)
			goto null;
		rbuf_printf(b, "%llu", cf->throttle_reasons);
		return;
	case ET_NONFINITE: s = e->nonfinite; break;
	default:
		rbuf_puts(b, fmt == FMT_JSON ? "[" : "");
		for (i = 0; i < e->nvalues; i++) {
			if (i)
				rbuf_putc(b, fmt == FMT_JSON ? ',' : ' ');
			if (isfinite(e->values[i]))
				rbuf_put_real(b, e->values[i]);
			else
				rbuf_puts(b, fmt == FMT_JSON ? "null" : "nan");
		}
		rbuf_puts(b, fmt == FMT_JSON ? "]" : "");
		return;
	}
	if (s) {
		text_put(b, s, fmt);
		return;
	}
null:
	if (fmt == FMT_JSON)
		rbuf_puts(b, "null");
}

/* The cells of columns [from, to) of e: CSV fields after a comma each,
 * or JSON members "name":value, comma separated. */
static void cells_put(struct rbuf *b, const struct erow *e, int from,
		      int to, int fmt)
{
	int col;

	for (col = from; col < to; col++) {
		if (fmt == FMT_JSON)
			rbuf_printf(b, "%s\"%s\":", col > from ? "," : "",
				    export_cols[col].name);
		else
			rbuf_putc(b, ',');
		col_put(b, e, col, fmt);
	}
}

/* ---- Markdown ------------------------------------------------------------ */

#define MD_NCOLS 11	/* after the first, the device, which the row has */

/* The rest of a row of the table: its MD_NCOLS cells, each as text_put
 * writes it. */
static void md_row(struct rbuf *b, const char *const *cell)
{
	size_t i;

	for (i = 0; i < MD_NCOLS; i++) {
		rbuf_puts(b, " | ");
		text_put(b, cell[i], FMT_MD);
	}
	rbuf_puts(b, " |\n");
}

/* The metric a configuration is summarised by: its kernel time where it
 * has one, else its first metric; NULL without metrics. */
static const struct store_stat *md_primary(const struct rcfg *r)
{
	size_t i;

	for (i = 0; i < r->nstats; i++)
		if (!strcmp(r->stats[i].metric, "kernel"))
			return &r->stats[i];
	return r->nstats ? &r->stats[0] : NULL;
}

static void md_summary(struct rbuf *b, const struct rctx *x)
{
	static const char *const head[MD_NCOLS] = {"suite", "variant",
		"size", "block", "host memory", "param", "status", "metric",
		"median", "unit", "samples"};
	static const char right[] = "   r  r  r r";	/* numbers' columns */
	size_t i;

	rbuf_printf(b, "mmreport export %d: %zu configurations of %zu "
		    "device(s) in %s; the median of each configuration's "
		    "kernel time (else its first metric)\n\n",
		    EXPORT_VERSION, x->ncfgs, x->ndevs, x->o->db_path);
	rbuf_puts(b, "| device");
	md_row(b, head);
	for (i = 0; i <= MD_NCOLS; i++)
		rbuf_puts(b, right[i] == 'r' ? "| ---: " : "| --- ");
	rbuf_puts(b, "|\n");
	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];
		const struct store_config *c = r->c;
		const struct store_device *d = x->devs[r->dev];
		const struct store_stat *s = md_primary(r);
		char size[48], block[32], param[16], med[48], n[24];

		rbuf_printf(b, "| %lld ", (long long)d->id);
		text_put(b, d->name, FMT_MD);
		if (c->m && c->k && (c->m != c->n || c->k != c->n))
			snprintf(size, sizeof(size), "%dx%dx%d", c->m, c->k,
				 c->n);
		else if (c->n)
			snprintf(size, sizeof(size), "%d", c->n);
		else
			snprintf(size, sizeof(size), "%lld",
				 (long long)c->count);
		if (c->block_x)
			snprintf(block, sizeof(block), "%dx%d", c->block_x,
				 c->block_y);
		else
			strcpy(block, "-");
		snprintf(param, sizeof(param), "%d", c->param);
		/* four figures: a quick look, not the data */
		render_sig_format(s ? s->s.median : NAN, 4, med, sizeof(med));
		snprintf(n, sizeof(n), "%zu", s ? s->s.n : 0);
		md_row(b, (const char *[MD_NCOLS]){c->suite, c->variant, size,
		       block, c->host_mem && *c->host_mem ? c->host_mem : "-",
		       param, c->status, s ? s->metric : "-", *med ? med :
		       "-", s ? s->unit : "-", n});
	}
}

/* ---- the export ---------------------------------------------------------- */

/* Fills e for configuration r and its metric s (NULL: none), loading the
 * raw samples with_samples. Returns 0 or a render_status after a
 * message. */
static int erow_fill(struct erow *e, struct rctx *x, const struct rcfg *r,
		     const struct store_stat *s, int with_samples)
{
	const struct ecol *k;
	size_t len = 0;

	free(e->values);
	memset(e, 0, sizeof(*e));
	e->x = x;
	e->r = r;
	e->s = s;
	/* the statistics of s that are not finite ("mean stddev"; ""
	 * none): they are written as null (JSON) or an empty field (CSV),
	 * and nonfinite says so, since a reader cannot tell them from "not
	 * stored" otherwise. The store refuses such samples, so only a
	 * file written by other means holds them. */
	for (k = &export_cols[EC_METRIC]; s && k < &export_cols[EC_NCOLS]; k++)
		if (k->type == ET_DBL && !isfinite(*(const double *)
				((const char *)&s->s + k->off)))
			len += (size_t)snprintf(e->nonfinite + len,
						sizeof(e->nonfinite) - len,
						"%s%s", len ? " " : "",
						k->name);
	if (with_samples && s && store_sample_get(x->st, r->c->id, s->metric,
						  &e->values, &e->nvalues))
		return model_store_fail(x, "samples");
	return 0;
}

/* CSV: a header, then a row per configuration and metric (one for a
 * configuration without metrics); JSON: an object per configuration
 * with its metrics' in "stats". */
static int export_rows(struct rctx *x, struct rbuf *b, int fmt, int samples)
{
	struct erow e;
	int col, ncols = samples ? EC_NCOLS : EC_VALUES;
	size_t i, j;
	int rc = 0;

	memset(&e, 0, sizeof(e));
	if (fmt == FMT_JSON)
		rbuf_printf(b, "{\"export_version\":%d,\"samples\":%s,"
			    "\"configurations\":[", EXPORT_VERSION,
			    samples ? "true" : "false");
	else
		rbuf_puts(b, "export_version");
	for (col = 0; col < ncols && fmt == FMT_CSV; col++)
		rbuf_printf(b, ",%s", export_cols[col].name);
	rbuf_puts(b, fmt == FMT_CSV ? "\r\n" : "");
	for (i = 0; i < x->ncfgs && !rc; i++) {
		const struct rcfg *r = &x->cfgs[i];
		size_t nrows = r->nstats || fmt == FMT_JSON ? r->nstats : 1;

		if (fmt == FMT_JSON) {	/* without a metric: cannot fail */
			erow_fill(&e, x, r, NULL, 0);
			rbuf_puts(b, i ? ",\n{" : "\n{");
			cells_put(b, &e, 0, EC_METRIC, fmt);
			rbuf_puts(b, ",\"stats\":[");
		}
		for (j = 0; j < nrows && !rc; j++) {
			rc = erow_fill(&e, x, r, r->nstats ? &r->stats[j] :
				       NULL, samples);
			if (fmt == FMT_JSON)
				rbuf_puts(b, j ? ",{" : "{");
			else
				rbuf_printf(b, "%d", EXPORT_VERSION);
			cells_put(b, &e, fmt == FMT_JSON ? EC_METRIC : 0, ncols,
				  fmt);
			rbuf_puts(b, fmt == FMT_JSON ? "}" : "\r\n");
		}
		rbuf_puts(b, fmt == FMT_JSON ? "]}" : "");
	}
	rbuf_puts(b, fmt == FMT_JSON ? "\n]}\n" : "");
	free(e.values);
	return rc;
}

int render_export(const struct render_options *o, const char *format,
		  FILE *out)
{
	static const char *const fmts[] = {"csv", "json", "md"};
	struct rbuf b;
	struct rctx x;
	int rc, fmt;

	for (fmt = 0; fmt < 3 && strcmp(format ? format : "csv", fmts[fmt]);)
		fmt++;
	if (fmt == 3) {
		fprintf(stderr, "mmreport: invalid export format '%s': use "
			"csv, json or md\n", format);
		return RENDER_ERR_USAGE;
	}
	if (o->samples && fmt == FMT_MD) {
		fprintf(stderr, "mmreport: --samples needs --format csv or "
			"json: the md summary has no raw samples\n");
		return RENDER_ERR_USAGE;
	}
	memset(&x, 0, sizeof(x));
	rbuf_init(&b);
	x.o = o;
	rc = model_load(&x);
	if (rc)
		goto out;
	if (fmt == FMT_MD)
		md_summary(&b, &x);
	else
		rc = export_rows(&x, &b, fmt, o->samples);
	/* the export is held whole until the read snapshot has ended: a
	 * file that changed under a reader without locks is refused
	 * before anything is written */
	if (!rc)
		rc = model_read_end(&x);
	if (!rc && b.oom) {
		fprintf(stderr, "mmreport: out of memory\n");
		rc = RENDER_ERR_INTERNAL;
	}
	if (!rc && ((b.len && fwrite(b.p, 1, b.len, out) != b.len) ||
		    fflush(out) || ferror(out)))
		rc = RENDER_ERR_IO;
	if (rc == RENDER_ERR_IO)
		fprintf(stderr, "mmreport: cannot write the export\n");
out:
	rbuf_free(&b);
	model_free(&x);
	return rc;
}
