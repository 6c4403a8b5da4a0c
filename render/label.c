/* The words the report uses for things: devices, blocks, metrics and
 * units, sample counts, and the cell of a configuration that has no
 * speed to show. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* Characters (UTF-8 code points) in s. */
static size_t utf8_len(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* The first kept characters of name into b, escaped, with a break
 * allowed after every LABEL_RUN_MAX characters of a run without a space
 * (a name of one long word would run off the line). */
static void name_runs_put(const char *name, size_t kept, int breakable,
			  struct rbuf *b)
{
	size_t i = 0, from = 0, chars = 0, run = 0;
	char *piece;

	/* a piece ends at a break and at the last character kept */
	while (name[i] && chars < kept) {
		size_t start = i;

		i++;
		while (((unsigned char)name[i] & 0xc0) == 0x80)
			i++;
		chars++;
		run = name[start] == ' ' ? 0 : run + 1;
		if (run < LABEL_RUN_MAX && name[i] && chars < kept)
			continue;
		piece = strndup(name + from, i - from);
		rbuf_put_tex(b, piece ? piece : "", breakable);
		free(piece);
		if (run == LABEL_RUN_MAX)
			rbuf_puts(b, "\\allowbreak{}");
		from = i;
		run = 0;
	}
}

void name_put(const struct rctx *x, const char *name, int breakable,
	      struct rbuf *b)
{
	size_t n = name ? utf8_len(name) : 0;
	char count[32];

	if (!name)
		return;
	/* a name that fits is printed as stored, character for character */
	if (n <= LABEL_NAME_MAX) {
		rbuf_put_tex(b, name, breakable);
		return;
	}
	name_runs_put(name, LABEL_NAME_KEEP, breakable, b);
	snprintf(count, sizeof(count), "%zu", n);
	rbuf_puts(b, "\\ldots{} ");
	emit_string((struct rctx *)x, b, "label.cut", &(struct kv){"N", count},
		    1);
}

void dev_label(const struct rctx *x, int dev, struct rbuf *b)
{
	char pre[32];

	dev_prefix(x, dev, pre, sizeof(pre));
	rbuf_puts(b, pre);
	name_put(x, x->devs[dev]->name, 0, b);
}

void dev_suffix(const struct rctx *x, int dev, struct rbuf *b)
{
	if (x->ndevs < 2)
		return;
	rbuf_puts(b, " (");
	dev_label(x, dev, b);
	rbuf_puts(b, ")");
}

void block_label(int bx, int by, struct rbuf *b)
{
	if (by > 1)
		rbuf_printf(b, "%d\\(\\times\\)%d", bx, by);
	else
		rbuf_printf(b, "%d", bx);
}

int block_is_tile(const struct rctx *x, const struct rcfg *c)
{
	const struct store_kattr *a = model_kattr(x, c);
	long long e = (long long)c->c->block_x * c->c->block_y;

	if (a && a->threads_per_block > 0)
		return a->threads_per_block != e;
	/* no attributes stored: no block holds more than 1024 threads */
	return e > 1024;
}

void block_tile_label(const struct rctx *x, const struct rcfg *c,
		      struct rbuf *b)
{
	if (block_is_tile(x, c))
		rbuf_printf(b, "%s %d", lang_get(x->L, "word.tile"),
			    c->c->block_x);
	else
		block_label(c->c->block_x, c->c->block_y, b);
}

const char *cell_status_key(const struct rcfg *r)
{
	const struct store_config *c = r->c;

	if (!c->status || strcmp(c->status, VOCAB_CFG_FAILED))
		return "cell.skipped";
	if (c->reason && !strncmp(c->reason, CELL_FAULT_REASON,
				  strlen(CELL_FAULT_REASON)))
		return "cell.fault";
	return "cell.failed";
}

int cell_status(const struct rctx *x, struct rtable *t, const struct rcfg *c)
{
	if (!c) {
		rtable_text(t, "--");
		return 1;
	}
	if (rcfg_ok(c))
		return 0;
	rtable_text(t, lang_get(x->L, cell_status_key(c)));
	return 1;
}

/* The phrase of plural key for the count n, @@N@@ filled with text. */
static int count_text_put(const struct rctx *x, const char *key,
			  long long n, const char *text, struct rbuf *b)
{
	struct kv v = {"N", text};

	return tmpl_fill(b, lang_plural(x->L, key, n), &v, 1);
}

int label_count_put(const struct rctx *x, const char *key, long long lo,
		    long long hi, struct rbuf *b)
{
	char num[64];

	if (lo == hi) {
		snprintf(num, sizeof(num), "%lld", lo);
		return count_text_put(x, key, lo, num, b);
	}
	snprintf(num, sizeof(num), "%lld--%lld", lo, hi);
	/* "2--4 próbki", "2--5 próbek"; "0--1" is no single thing, and 0
	 * takes the plural in every language */
	return count_text_put(x, key, hi == 1 ? 0 : hi, num, b);
}

int sample_range(const struct rctx *x, int dev, const char *suite,
		 const char *variant, const char *metric, const char *key,
		 struct rbuf *b)
{
	double lo = NAN, hi = NAN;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct rcfg *r = &x->cfgs[i];
		const struct store_stat *s = rcfg_stat(r, metric);

		if (s && (dev < 0 || r->dev == dev) &&
		    !strcmp(r->c->suite, suite) &&
		    (!variant || !strcmp(r->c->variant, variant)))
			num_range_add((double)s->s.n, &lo, &hi);
	}
	if (isnan(lo))
		return count_text_put(x, key, 0, "--", b);
	return label_count_put(x, key, (long long)lo, (long long)hi, b);
}

void metric_label(const struct rctx *x, const char *metric, const char *unit,
		  struct rbuf *b)
{
	size_t start = b->len;

	lang_name_put(x, "metric", metric, 0, b);
	if (unit && *unit && strcmp(rbuf_str(b) + start, unit)) {
		rbuf_puts(b, " [");
		rbuf_put_tex(b, unit, 0);
		rbuf_puts(b, "]");
	}
}
