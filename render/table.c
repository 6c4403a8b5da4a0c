/* booktabs tables built cell by cell. The width siunitx reserves for an
 * S column is derived from the numbers actually written, so columns
 * align without hand-tuned formats. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render_int.h"

void rtable_init(struct rtable *t, const char *kinds)
{
	memset(t, 0, sizeof(*t));
	t->ncols = (int)strlen(kinds);
	if (t->ncols > RTABLE_MAXCOLS)
		t->ncols = RTABLE_MAXCOLS;
	memcpy(t->kind, kinds, (size_t)t->ncols);
	rbuf_init(&t->head);
	rbuf_init(&t->body);
	rbuf_init(&t->rules);	/* post[]: empty as the memset left them */
}

void rtable_free(struct rtable *t)
{
	int i;

	if (!t)
		return;
	rbuf_free(&t->head);
	rbuf_free(&t->body);
	rbuf_free(&t->rules);
	for (i = 0; i < RTABLE_MAXCOLS; i++)
		rbuf_free(&t->post[i]);
}

static void rtable_sep(struct rtable *t, struct rbuf *b)
{
	if (t->col > 0)
		rbuf_puts(b, " & ");
}

/* A text cell into b (the header or the body), braced in S columns. */
static void rtable_cell(struct rtable *t, struct rbuf *b, const char *latex)
{
	rtable_sep(t, b);
	if (t->col < t->ncols && t->kind[t->col] == 'S')
		rbuf_printf(b, "{%s}", latex);
	else
		rbuf_puts(b, latex);
	t->col++;
}

void rtable_head(struct rtable *t, const char *latex)
{
	rtable_cell(t, &t->head, latex);
}

void rtable_head_span(struct rtable *t, int span, const char *latex)
{
	rtable_sep(t, &t->head);
	if (span <= 1) {
		rbuf_printf(&t->head, "{%s}", latex);
	} else {
		rbuf_printf(&t->head, "\\multicolumn{%d}{c}{%s}", span, latex);
		rbuf_printf(&t->rules, "\\cmidrule(lr){%d-%d}",
			    t->col + 1, t->col + span);
	}
	t->col += span;
}

void rtable_head_end(struct rtable *t)
{
	rbuf_puts(&t->head, " \\\\");
	if (t->rules.len)
		rbuf_puts(&t->head, rbuf_str(&t->rules));
	rbuf_putc(&t->head, '\n');
	rbuf_free(&t->rules);
	t->col = 0;
}

void rtable_text(struct rtable *t, const char *latex)
{
	rtable_cell(t, &t->body, latex);
}

void rtable_num(struct rtable *t, double v, int decimals, int flags)
{
	char num[64], *s = num, *dot;
	int i = t->col, intd, decd;

	if (!isfinite(v)) {
		rtable_text(t, "--");
		return;
	}
	if (decimals < 0)
		render_sig_format(v, -decimals == 1 ? 4 : -decimals, num,
				  sizeof(num));
	else
		render_fixed_format(v, decimals, num, sizeof(num));
	rtable_sep(t, &t->body);
	if (flags & RT_GREY)
		rbuf_puts(&t->body, "\\color{gray}");
	/* the S column's table-format widened to hold the number */
	if (i < t->ncols) {
		t->neg[i] |= *s == '-';
		s += *s == '-';
		dot = strchr(s, '.');
		intd = dot ? (int)(dot - s) : (int)strlen(s);
		decd = dot ? (int)strlen(dot + 1) : 0;
		if (intd > t->intd[i])
			t->intd[i] = intd;
		if (decd > t->decd[i])
			t->decd[i] = decd;
		if (flags & RT_BOLD) {
			rbuf_puts(&t->body, "\\bfseries ");
			t->bold[i] = 1;
		}
	}
	rbuf_puts(&t->body, num);
	t->col++;
}

void rtable_post(struct rtable *t, const char *post)
{
	int i = t->col - 1;

	if (i < 0 || i >= t->ncols || !post || !*post)
		return;
	rbuf_puts(&t->body, post);
	if (strlen(post) > t->post[i].len) {
		rbuf_free(&t->post[i]);
		rbuf_puts(&t->post[i], post);
	}
}

void rtable_int(struct rtable *t, long long v)
{
	/* exact: no count the report prints comes near 2^53 */
	rtable_num(t, (double)v, 0, 0);
}

void rtable_row_end(struct rtable *t)
{
	/* short rows are padded so that every row has ncols cells */
	while (t->col < t->ncols)
		rtable_text(t, "");
	rbuf_puts(&t->body, " \\\\\n");
	t->col = 0;
	t->rows++;
}

void rtable_gap(struct rtable *t)
{
	if (t->rows)
		rbuf_puts(&t->body, "\\addlinespace\n");
}

void rtable_colspec(const struct rtable *t, struct rbuf *b)
{
	int i;

	for (i = 0; i < t->ncols; i++) {
		if (i)
			rbuf_putc(b, ' ');
		if (t->kind[i] == 'X') {
			rbuf_puts(b, ">{\\raggedright\\arraybackslash}X");
			continue;
		}
		if (t->kind[i] != 'S') {
			rbuf_putc(b, t->kind[i]);
			continue;
		}
		/* numbers of many magnitudes (0.001234 beside 1234) would
		 * reserve the widest integer and decimal parts both: they
		 * stand right-aligned as wide as the widest one instead */
		if (t->intd[i] + t->decd[i] > RTABLE_ALIGN_MAX) {
			rbuf_printf(b, "S[table-alignment-mode=none,"
				    "table-number-alignment=right%s]",
				    t->bold[i] ? RTABLE_BOLD_OPTS : "");
			continue;
		}
		rbuf_printf(b, "S[table-format=%s%d.%d", t->neg[i] ? "-" : "",
			    t->intd[i] ? t->intd[i] : 1, t->decd[i]);
		/* room for the widest text that follows a number, set
		 * close to it rather than aligned */
		if (t->post[i].len)
			rbuf_printf(b, ",table-align-text-after=false,"
				    "table-space-text-post={%s}",
				    rbuf_str(&t->post[i]));
		rbuf_printf(b, "%s]", t->bold[i] ? RTABLE_BOLD_OPTS : "");
	}
}
