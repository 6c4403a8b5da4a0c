/* `mmreport export`: the stored statistics of the selection as CSV
 * (RFC 4180), JSON or a Markdown summary table. CSV and JSON are written
 * from one column list (export_cols), so that neither can gain or lose a
 * field the other has: a CSV row is a configuration's columns followed
 * by one metric's columns; a JSON object is a configuration's columns
 * with its metrics' columns in "stats". */
#include <math.h>
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

enum ecol {
	/* a configuration's */
	EC_DEVICE_ID, EC_DEVICE_UUID, EC_DEVICE_NAME, EC_SESSION_ID,
	EC_SESSION_UUID, EC_SUITE, EC_VARIANT, EC_M, EC_K, EC_N, EC_COUNT,
	EC_BLOCK_X, EC_BLOCK_Y, EC_ILP, EC_PARAM, EC_HOST_MEM, EC_PRECISION,
	EC_STATUS, EC_REASON, EC_REL_ERROR, EC_FLOPS, EC_BYTES, EC_SAMPLES,
	EC_FINISHED_AT, EC_GRP, EC_GRID_BLOCKS, EC_WAVE_BLOCKS,
	EC_WORKING_SET, EC_L2_BYTES, EC_START_CLOCK, EC_END_CLOCK,
	EC_THROTTLE, EC_REGIME, EC_NOISE, EC_THROTTLED, EC_DISCARDED,
	/* a metric's (EC_METRIC onwards) */
	EC_METRIC, EC_UNIT, EC_METRIC_N, EC_MIN, EC_MAX, EC_MEAN, EC_MEDIAN,
	EC_STDDEV, EC_P05, EC_P25, EC_P75, EC_P95, EC_NONFINITE,
	EC_VALUES,		/* only with --samples */
	EC_NCOLS
};

static const char *const export_cols[EC_NCOLS] = {
	"device_id", "device_uuid", "device_name", "session_id",
	"session_uuid", "suite", "variant", "m", "k", "n", "count",
	"block_x", "block_y", "ilp", "param", "host_mem", "precision",
	"status", "reason", "rel_error", "flops", "bytes", "samples",
	"finished_at", "grp", "grid_blocks", "wave_blocks", "working_set",
	"l2_bytes", "start_sm_clock_mhz", "end_sm_clock_mhz",
	"throttle_reasons", "regime", "noise", "throttled", "discarded",
	"metric", "unit", "metric_n", "min", "max", "mean", "median",
	"stddev", "p05", "p25", "p75", "p95", "nonfinite", "values",
};

/* One cell: text (NULL: null), an integer, a real (not finite: null),
 * the raw samples, or null. */
enum ekind { EK_NULL, EK_TEXT, EK_INT, EK_UINT, EK_REAL, EK_VALUES };

struct ecell {
	enum ekind kind;
	const char *s;
	long long i;
	unsigned long long u;
	double d;
	const double *v;
	size_t nv;
};

/* What a row is made of: a configuration, and one of its metrics (NULL
 * for the configuration's own columns, or one without metrics). */
struct erow {
	const struct rctx *x;
	const struct rcfg *r;
	const struct store_stat *s;
	const double *values;	/* --samples: the metric's raw samples */
	size_t nvalues;
	char nonfinite[128];	/* the metric columns that are not finite */
};

static void cell_text(struct ecell *c, const char *s)
{
	c->kind = s ? EK_TEXT : EK_NULL;
	c->s = s;
}

static void cell_int(struct ecell *c, long long v)
{
	c->kind = EK_INT;
	c->i = v;
}

/* 0 is "unknown" for the schema-3 integers: null. */
static void cell_int_known(struct ecell *c, long long v)
{
	c->kind = v ? EK_INT : EK_NULL;
	c->i = v;
}

static void cell_real(struct ecell *c, double v)
{
	c->kind = isfinite(v) ? EK_REAL : EK_NULL;
	c->d = v;
}

/* NAN and 0 are "unknown" for the schema-3 reals: null. */
static void cell_real_known(struct ecell *c, double v)
{
	c->kind = isfinite(v) && v != 0 ? EK_REAL : EK_NULL;
	c->d = v;
}

static const char *session_uuid(const struct rctx *x, int64_t id)
{
	const struct store_session *s = model_session(x, id);

	return s ? s->uuid : NULL;
}

/* The value of column col in row e. */
static void ecell_get(const struct erow *e, int col, struct ecell *c)
{
	const struct store_config *k = e->r->c;
	const struct store_device *d = e->x->devs[e->r->dev];
	const struct stats_summary *s = e->s ? &e->s->s : NULL;

	memset(c, 0, sizeof(*c));
	if (col >= EC_METRIC && !e->s)
		return;
	switch (col) {
	case EC_DEVICE_ID: cell_int(c, d->id); break;
	case EC_DEVICE_UUID: cell_text(c, d->uuid); break;
	case EC_DEVICE_NAME: cell_text(c, d->name); break;
	case EC_SESSION_ID: cell_int(c, k->session_id); break;
	case EC_SESSION_UUID:
		cell_text(c, session_uuid(e->x, k->session_id));
		break;
	case EC_SUITE: cell_text(c, k->suite); break;
	case EC_VARIANT: cell_text(c, k->variant); break;
	case EC_M: cell_int(c, k->m); break;
	case EC_K: cell_int(c, k->k); break;
	case EC_N: cell_int(c, k->n); break;
	case EC_COUNT: cell_int(c, k->count); break;
	case EC_BLOCK_X: cell_int(c, k->block_x); break;
	case EC_BLOCK_Y: cell_int(c, k->block_y); break;
	case EC_ILP: cell_int(c, k->ilp); break;
	case EC_PARAM: cell_int(c, k->param); break;
	case EC_HOST_MEM: cell_text(c, k->host_mem); break;
	case EC_PRECISION: cell_text(c, k->precision); break;
	case EC_STATUS: cell_text(c, k->status); break;
	case EC_REASON: cell_text(c, k->reason); break;
	/* not verified: null */
	case EC_REL_ERROR:
		/* a failed verification may store an infinite error: said,
		 * not left as an unknown */
		if (isinf(k->rel_error))
			cell_text(c, k->rel_error > 0 ? "inf" : "-inf");
		else
			cell_real(c, k->rel_error);
		break;
	case EC_FLOPS: cell_real(c, k->flops); break;
	case EC_BYTES: cell_real(c, k->bytes); break;
	case EC_SAMPLES: cell_int(c, k->samples); break;
	case EC_FINISHED_AT: cell_text(c, k->finished_at); break;
	case EC_GRP: cell_int_known(c, k->grp); break;
	case EC_GRID_BLOCKS: cell_int_known(c, k->grid_blocks); break;
	case EC_WAVE_BLOCKS: cell_int_known(c, k->wave_blocks); break;
	case EC_WORKING_SET: cell_real_known(c, k->working_set); break;
	case EC_L2_BYTES: cell_int_known(c, k->l2_bytes); break;
	case EC_START_CLOCK: cell_real_known(c, k->start_sm_clock_mhz); break;
	case EC_END_CLOCK: cell_real_known(c, k->end_sm_clock_mhz); break;
	case EC_THROTTLE:
		if (k->has_throttle) {
			c->kind = EK_UINT;
			c->u = k->throttle_reasons;
		}
		break;
	case EC_REGIME: cell_text(c, k->regime); break;
	/* schema 7: null where unknown (older rows) */
	case EC_NOISE: cell_real(c, k->noise); break;
	case EC_THROTTLED:
		if (k->throttled >= 0)
			cell_int(c, k->throttled);
		break;
	case EC_DISCARDED:
		if (k->discarded >= 0)
			cell_int(c, k->discarded);
		break;
	case EC_METRIC: cell_text(c, e->s->metric); break;
	case EC_UNIT: cell_text(c, e->s->unit); break;
	case EC_METRIC_N: cell_int(c, (long long)s->n); break;
	case EC_MIN: cell_real(c, s->min); break;
	case EC_MAX: cell_real(c, s->max); break;
	case EC_MEAN: cell_real(c, s->mean); break;
	case EC_MEDIAN: cell_real(c, s->median); break;
	case EC_STDDEV: cell_real(c, s->stddev); break;
	case EC_P05: cell_real(c, s->p05); break;
	case EC_P25: cell_real(c, s->p25); break;
	case EC_P75: cell_real(c, s->p75); break;
	case EC_P95: cell_real(c, s->p95); break;
	case EC_NONFINITE: cell_text(c, e->nonfinite); break;
	case EC_VALUES:
		c->kind = EK_VALUES;
		c->v = e->values;
		c->nv = e->nvalues;
		break;
	default:
		break;
	}
}

/* Names the statistics of e that are not finite in e->nonfinite ("mean
 * stddev"; "" none): they are written as null (JSON) or an empty field
 * (CSV), and this says so, since a reader cannot tell them from "not
 * stored" otherwise. The store refuses such samples, so only a file
 * written by other means holds them. */
static void erow_nonfinite(struct erow *e)
{
	int col;
	struct ecell c;
	size_t len = 0;

	e->nonfinite[0] = '\0';
	if (!e->s)
		return;
	for (col = EC_MIN; col <= EC_P95; col++) {
		ecell_get(e, col, &c);
		if (c.kind == EK_NULL)
			len += (size_t)snprintf(e->nonfinite + len,
						sizeof(e->nonfinite) - len,
						"%s%s", len ? " " : "",
						export_cols[col]);
	}
}

/* ---- text ---------------------------------------------------------------- */

/* Appends s to b with every byte that is not part of valid UTF-8
 * replaced by '?', as the report prints it (render_latex_escape), so
 * that an export is valid UTF-8 (JSON requires it) whatever a name in
 * the database holds. */
static void rbuf_put_utf8(struct rbuf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	while (*p) {
		unsigned cp;

		n = store_utf8_seq((const char *)p, &cp);
		if (n) {
			rbuf_putn(b, (const char *)p, n);
			p += n;
		} else {
			rbuf_putc(b, '?');
			p++;
		}
	}
}

/* The shortest of %.15g..%.17g that reads back as v: exact, and
 * readable where the value allows. v must be finite. */
static void rbuf_put_real(struct rbuf *b, double v)
{
	char buf[40];
	int p;

	for (p = 15; p < 17; p++) {
		snprintf(buf, sizeof(buf), "%.*g", p, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	snprintf(buf, sizeof(buf), "%.*g", p, v);
	rbuf_puts(b, buf);
}

/* A number cell in plain text (CSV, Markdown); nothing for text or
 * null. */
static void rbuf_put_number(struct rbuf *b, const struct ecell *c)
{
	size_t i;

	switch (c->kind) {
	case EK_INT:
		rbuf_printf(b, "%lld", c->i);
		break;
	case EK_UINT:
		rbuf_printf(b, "%llu", c->u);
		break;
	case EK_REAL:
		rbuf_put_real(b, c->d);
		break;
	case EK_VALUES:
		for (i = 0; i < c->nv; i++) {
			if (i)
				rbuf_putc(b, ' ');
			if (isfinite(c->v[i]))
				rbuf_put_real(b, c->v[i]);
			else
				rbuf_puts(b, "nan");
		}
		break;
	default:
		break;
	}
}

/* ---- CSV ----------------------------------------------------------------- */

/* RFC 4180: a field holding a comma, quote or line break is quoted and
 * its quotes doubled. */
static void csv_cell(struct rbuf *b, const struct ecell *c)
{
	struct rbuf t;
	const char *s;

	if (c->kind != EK_TEXT) {
		rbuf_put_number(b, c);
		return;
	}
	rbuf_init(&t);
	rbuf_put_utf8(&t, c->s);
	s = rbuf_str(&t);
	if (strpbrk(s, ",\"\r\n")) {
		rbuf_putc(b, '"');
		for (; *s; s++) {
			if (*s == '"')
				rbuf_putc(b, '"');
			rbuf_putc(b, *s);
		}
		rbuf_putc(b, '"');
	} else {
		rbuf_puts(b, s);
	}
	if (t.oom)
		b->oom = 1;
	rbuf_free(&t);
}

static void csv_header(struct rbuf *b, int ncols)
{
	int col;

	rbuf_puts(b, "export_version");
	for (col = 0; col < ncols; col++)
		rbuf_printf(b, ",%s", export_cols[col]);
	rbuf_puts(b, "\r\n");
}

static void csv_row(struct rbuf *b, const struct erow *e, int ncols)
{
	struct ecell c;
	int col;

	rbuf_printf(b, "%d", EXPORT_VERSION);
	for (col = 0; col < ncols; col++) {
		rbuf_putc(b, ',');
		ecell_get(e, col, &c);
		csv_cell(b, &c);
	}
	rbuf_puts(b, "\r\n");
}

/* ---- JSON ---------------------------------------------------------------- */

static void json_string(struct rbuf *b, const char *s)
{
	struct rbuf t;
	const unsigned char *p;

	rbuf_init(&t);
	rbuf_put_utf8(&t, s);
	rbuf_putc(b, '"');
	for (p = (const unsigned char *)rbuf_str(&t); *p; p++) {
		if (*p == '"' || *p == '\\')
			rbuf_printf(b, "\\%c", *p);
		else if (*p == '\n')
			rbuf_puts(b, "\\n");
		else if (*p == '\t')
			rbuf_puts(b, "\\t");
		else if (*p == '\r')
			rbuf_puts(b, "\\r");
		else if (*p < 0x20)
			rbuf_printf(b, "\\u%04x", *p);
		else
			rbuf_putc(b, (char)*p);
	}
	rbuf_putc(b, '"');
	if (t.oom)
		b->oom = 1;
	rbuf_free(&t);
}

static void json_cell(struct rbuf *b, const struct ecell *c)
{
	size_t i;

	switch (c->kind) {
	case EK_NULL:
		rbuf_puts(b, "null");
		break;
	case EK_TEXT:
		json_string(b, c->s);
		break;
	case EK_VALUES:
		/* a sample that is not finite: null, as a statistic */
		rbuf_putc(b, '[');
		for (i = 0; i < c->nv; i++) {
			if (i)
				rbuf_putc(b, ',');
			if (isfinite(c->v[i]))
				rbuf_put_real(b, c->v[i]);
			else
				rbuf_puts(b, "null");
		}
		rbuf_putc(b, ']');
		break;
	default:
		rbuf_put_number(b, c);
		break;
	}
}

/* The members of columns [from, to) of e: "name":value, comma
 * separated. */
static void json_members(struct rbuf *b, const struct erow *e, int from,
			 int to)
{
	struct ecell c;
	int col;

	for (col = from; col < to; col++) {
		rbuf_printf(b, "%s\"%s\":", col > from ? "," : "",
			    export_cols[col]);
		ecell_get(e, col, &c);
		json_cell(b, &c);
	}
}

/* ---- Markdown ------------------------------------------------------------ */

/* A Markdown table cell: '|' escaped, line breaks as spaces. */
static void md_text(struct rbuf *b, const char *s)
{
	struct rbuf t;
	const char *p;

	rbuf_init(&t);
	rbuf_put_utf8(&t, s ? s : "");
	for (p = rbuf_str(&t); *p; p++) {
		if (*p == '|')
			rbuf_puts(b, "\\|");
		else if (*p == '\n' || *p == '\r' || *p == '\t')
			rbuf_putc(b, ' ');
		else
			rbuf_putc(b, *p);
	}
	if (t.oom)
		b->oom = 1;
	rbuf_free(&t);
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
	const struct store_stat *s;
	size_t i;

	rbuf_printf(b, "mmreport export %d: %zu configurations of %zu "
		    "device(s) in %s; the median of each configuration's "
		    "kernel time (else its first metric)\n\n",
		    EXPORT_VERSION, x->ncfgs, x->ndevs, x->o->db_path);
	rbuf_puts(b, "| device | suite | variant | size | block | host "
		  "memory | param | status | metric | median | unit | "
		  "samples |\n");
	rbuf_puts(b, "| --- | --- | --- | ---: | --- | --- | ---: | --- | "
		  "--- | ---: | --- | ---: |\n");
	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];
		const struct store_config *c = r->c;
		const struct store_device *d = x->devs[r->dev];
		char num[48];

		rbuf_printf(b, "| %lld ", (long long)d->id);
		md_text(b, d->name);
		rbuf_puts(b, " | ");
		md_text(b, c->suite);
		rbuf_puts(b, " | ");
		md_text(b, c->variant);
		rbuf_puts(b, " | ");
		if (c->m && c->k && (c->m != c->n || c->k != c->n))
			rbuf_printf(b, "%dx%dx%d", c->m, c->k, c->n);
		else if (c->n)
			rbuf_printf(b, "%d", c->n);
		else
			rbuf_printf(b, "%lld", (long long)c->count);
		rbuf_puts(b, " | ");
		if (c->block_x)
			rbuf_printf(b, "%dx%d", c->block_x, c->block_y);
		else
			rbuf_puts(b, "-");
		rbuf_puts(b, " | ");
		md_text(b, c->host_mem && *c->host_mem ? c->host_mem : "-");
		rbuf_printf(b, " | %d | ", c->param);
		md_text(b, c->status);
		rbuf_puts(b, " | ");
		s = md_primary(r);
		if (s) {
			md_text(b, s->metric);
			rbuf_puts(b, " | ");
			/* four figures: a quick look, not the data */
			render_sig_format(s->s.median, 4, num, sizeof(num));
			rbuf_puts(b, *num ? num : "-");
			rbuf_puts(b, " | ");
			md_text(b, s->unit);
			rbuf_printf(b, " | %zu |\n", s->s.n);
		} else {
			rbuf_puts(b, "- | - | - | 0 |\n");
		}
	}
}

/* ---- the export ---------------------------------------------------------- */

/* Fills e for configuration r and its metric s (NULL: none), loading the
 * raw samples with_samples. Returns 0 or a render_status after a
 * message. */
static int erow_fill(struct erow *e, struct rctx *x, const struct rcfg *r,
		     const struct store_stat *s, int with_samples)
{
	double *v = NULL;
	size_t n = 0;

	free((double *)e->values);
	memset(e, 0, sizeof(*e));
	e->x = x;
	e->r = r;
	e->s = s;
	erow_nonfinite(e);
	if (with_samples && s) {
		if (store_sample_get(x->st, r->c->id, s->metric, &v, &n))
			return model_store_fail(x, "samples");
		e->values = v;
		e->nvalues = n;
	}
	return 0;
}

/* Writes b to out. The export is held whole until the read snapshot has
 * ended (model_read_end): a file that changed under a reader without
 * locks is refused before anything is written. 0, or RENDER_ERR_IO /
 * RENDER_ERR_INTERNAL. */
static int export_flush(struct rbuf *b, FILE *out)
{
	if (b->oom) {
		fprintf(stderr, "mmreport: out of memory\n");
		return RENDER_ERR_INTERNAL;
	}
	if (b->len && fwrite(b->p, 1, b->len, out) != b->len)
		return RENDER_ERR_IO;
	b->len = 0;
	if (b->p)
		b->p[0] = '\0';
	return 0;
}

static int export_csv(struct rctx *x, struct rbuf *b, int samples)
{
	struct erow e;
	int ncols = samples ? EC_NCOLS : EC_VALUES;
	size_t i, j;
	int rc = 0;

	memset(&e, 0, sizeof(e));
	csv_header(b, ncols);
	for (i = 0; i < x->ncfgs && !rc; i++) {
		const struct rcfg *r = &x->cfgs[i];

		for (j = 0; j < (r->nstats ? r->nstats : 1) && !rc; j++) {
			rc = erow_fill(&e, x, r, r->nstats ? &r->stats[j] :
				       NULL, samples);
			if (!rc)
				csv_row(b, &e, ncols);
		}
	}
	free((double *)e.values);
	return rc;
}

static int export_json(struct rctx *x, struct rbuf *b, int samples)
{
	struct erow e;
	int ncols = samples ? EC_NCOLS : EC_VALUES;
	size_t i, j;
	int rc = 0;

	memset(&e, 0, sizeof(e));
	rbuf_printf(b, "{\"export_version\":%d,\"samples\":%s,"
		    "\"configurations\":[", EXPORT_VERSION,
		    samples ? "true" : "false");
	for (i = 0; i < x->ncfgs && !rc; i++) {
		const struct rcfg *r = &x->cfgs[i];

		rc = erow_fill(&e, x, r, NULL, 0);
		if (rc)
			break;
		rbuf_puts(b, i ? ",\n{" : "\n{");
		json_members(b, &e, 0, EC_METRIC);
		rbuf_puts(b, ",\"stats\":[");
		for (j = 0; j < r->nstats && !rc; j++) {
			rc = erow_fill(&e, x, r, &r->stats[j], samples);
			rbuf_puts(b, j ? ",{" : "{");
			json_members(b, &e, EC_METRIC, ncols);
			rbuf_putc(b, '}');
		}
		rbuf_puts(b, "]}");
	}
	rbuf_puts(b, "\n]}\n");
	free((double *)e.values);
	return rc;
}

int render_export(const struct render_options *o, const char *format,
		  FILE *out)
{
	struct rbuf b;
	struct rctx x;
	int rc;

	if (!format)
		format = "csv";
	if (strcmp(format, "csv") && strcmp(format, "json") &&
	    strcmp(format, "md")) {
		fprintf(stderr, "mmreport: invalid export format '%s': use "
			"csv, json or md\n", format);
		return RENDER_ERR_USAGE;
	}
	if (o->samples && !strcmp(format, "md")) {
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
	if (!strcmp(format, "json"))
		rc = export_json(&x, &b, o->samples);
	else if (!strcmp(format, "md"))
		md_summary(&b, &x);
	else
		rc = export_csv(&x, &b, o->samples);
	if (!rc)
		rc = model_read_end(&x);
	if (!rc)
		rc = export_flush(&b, out);
	if (!rc && (fflush(out) || ferror(out)))
		rc = RENDER_ERR_IO;
	if (rc == RENDER_ERR_IO)
		fprintf(stderr, "mmreport: cannot write the export\n");
out:
	rbuf_free(&b);
	model_free(&x);
	return rc;
}
