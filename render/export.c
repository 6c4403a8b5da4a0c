/* `mmreport export`: the stored statistics of the selection as CSV
 * (RFC 4180) or JSON (built by SQLite, see store_export_json). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

/* RFC 4180: a field holding a comma, quote or line break is quoted and
 * its quotes doubled. Bytes that are not UTF-8 (a damaged or edited
 * file) are written as '?', as render writes them. */
static void csv_field(FILE *f, const char *text, int last)
{
	char *fixed = text ? strdup(text) : NULL;
	const char *s = fixed ? store_utf8_fix(fixed) : text;

	if (!s)
		s = "";
	if (strpbrk(s, ",\"\r\n")) {
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else {
		fputs(s, f);
	}
	fputs(last ? "\r\n" : ",", f);
	free(fixed);
}

static void csv_ll(FILE *f, long long v)
{
	fprintf(f, "%lld,", v);
}

/* The shortest of %.15g..%.17g that reads back as v: exact, and
 * readable where the value allows; "inf" or "-inf" for an infinity (a
 * verification that failed), empty for no value. */
static void csv_dbl(FILE *f, double v, int last)
{
	char buf[40];
	int p;

	if (isfinite(v)) {
		for (p = 15; p < 17; p++) {
			snprintf(buf, sizeof(buf), "%.*g", p, v);
			if (strtod(buf, NULL) == v)
				break;
		}
		snprintf(buf, sizeof(buf), "%.*g", p, v);
		fputs(buf, f);
	} else if (isinf(v)) {
		fputs(v > 0 ? "inf" : "-inf", f);
	}
	fputs(last ? "\r\n" : ",", f);
}

static const char csv_header[] =
	"device_id,device_uuid,device_name,session_id,suite,variant,m,k,n,"
	"count,block_x,block_y,ilp,host_mem,precision,status,reason,"
	"rel_error,metric,unit,samples,min,max,mean,median,stddev\r\n";

static void csv_config(FILE *f, const struct rctx *x, const struct rcfg *r,
		       const struct store_stat *s)
{
	const struct store_config *c = r->c;
	const struct store_device *d = x->devs[r->dev];

	csv_ll(f, (long long)d->id);
	csv_field(f, d->uuid, 0);
	csv_field(f, d->name, 0);
	csv_ll(f, (long long)c->session_id);
	csv_field(f, c->suite, 0);
	csv_field(f, c->variant, 0);
	csv_ll(f, c->m);
	csv_ll(f, c->k);
	csv_ll(f, c->n);
	csv_ll(f, (long long)c->count);
	csv_ll(f, c->block_x);
	csv_ll(f, c->block_y);
	csv_ll(f, c->ilp);
	csv_field(f, c->host_mem, 0);
	csv_field(f, c->precision, 0);
	csv_field(f, c->status, 0);
	csv_field(f, c->reason, 0);
	csv_dbl(f, c->rel_error, 0);
	if (!s) {
		fputs(",,,,,,,\r\n", f);
		return;
	}
	csv_field(f, s->metric, 0);
	csv_field(f, s->unit, 0);
	csv_ll(f, (long long)s->s.n);
	csv_dbl(f, s->s.min, 0);
	csv_dbl(f, s->s.max, 0);
	csv_dbl(f, s->s.mean, 0);
	csv_dbl(f, s->s.median, 0);
	csv_dbl(f, s->s.stddev, 1);
}

static int export_json(struct rctx *x, FILE *out)
{
	struct store_filter f;
	int64_t *ids = NULL;
	char *json = NULL;
	size_t i;
	int rc = RENDER_OK;

	memset(&f, 0, sizeof(f));
	f.session_id = x->o->session > 0 ? x->o->session : 0;
	if (x->ndevs < x->nalldevs) {
		ids = calloc(x->ndevs, sizeof(*ids));
		if (!ids)
			return RENDER_ERR_INTERNAL;
		for (i = 0; i < x->ndevs; i++)
			ids[i] = x->devs[i]->id;
	}
	if (store_export_json(x->st, &f, ids, ids ? x->ndevs : 0, &json)) {
		rc = model_store_fail(x, "statistics");
	} else if ((rc = model_read_end(x)) == RENDER_OK) {
		fputs(json, out);
		fputc('\n', out);
	}
	free(json);
	free(ids);
	return rc;
}

int render_export(const struct render_options *o, const char *format,
		  FILE *out)
{
	struct rctx x;
	size_t i, j;
	int rc;

	if (!format)
		format = "csv";
	if (strcmp(format, "csv") && strcmp(format, "json")) {
		fprintf(stderr, "mmreport: invalid export format '%s': use "
			"csv or json\n", format);
		return RENDER_ERR_USAGE;
	}
	memset(&x, 0, sizeof(x));
	x.o = o;
	rc = model_load(&x);
	if (rc)
		goto out;
	if (!strcmp(format, "json")) {
		rc = export_json(&x, out);
	} else if ((rc = model_read_end(&x)) == RENDER_OK) {
		fputs(csv_header, out);
		for (i = 0; i < x.ncfgs; i++) {
			const struct rcfg *r = &x.cfgs[i];

			if (!r->nstats)
				csv_config(out, &x, r, NULL);
			for (j = 0; j < r->nstats; j++)
				csv_config(out, &x, r, &r->stats[j]);
		}
	}
	if (!rc && (fflush(out) || ferror(out))) {
		fprintf(stderr, "mmreport: cannot write the export\n");
		rc = RENDER_ERR_IO;
	}
out:
	model_free(&x);
	return rc;
}
