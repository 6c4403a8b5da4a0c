/* A growable string for assembling the report in memory: the figures are
 * drawn after the text is known, so the text cannot stream to stdout. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

void rbuf_init(struct rbuf *b)
{
	*b = (struct rbuf){0};
}

void rbuf_free(struct rbuf *b)
{
	if (!b)
		return;
	free(b->p);
	rbuf_init(b);
}

static int rbuf_reserve(struct rbuf *b, size_t extra)
{
	size_t want, cap;
	char *p;

	if (b->oom)
		return -1;
	want = b->len + extra + 1;
	if (want <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 256;
	while (cap < want)
		cap *= 2;
	p = realloc(b->p, cap);
	if (!p) {
		b->oom = 1;
		return -1;
	}
	b->p = p;
	b->cap = cap;
	return 0;
}

void rbuf_putn(struct rbuf *b, const char *s, size_t n)
{
	if (rbuf_reserve(b, n))
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void rbuf_puts(struct rbuf *b, const char *s)
{
	if (s)
		rbuf_putn(b, s, strlen(s));
}

void rbuf_putc(struct rbuf *b, char c)
{
	rbuf_putn(b, &c, 1);
}

void rbuf_printf(struct rbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || rbuf_reserve(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

const char *rbuf_str(const struct rbuf *b)
{
	return b->p ? b->p : "";
}

char *rbuf_take(struct rbuf *b)
{
	char *p;

	if (b->oom) {
		rbuf_free(b);
		return NULL;
	}
	p = b->p ? b->p : strdup("");
	rbuf_init(b);
	return p;
}
