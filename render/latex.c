/* Text that reaches LaTeX or gnuplot from the database, and numbers as
 * the tables print them. Every database string goes through one of the
 * rbuf_put_* writers here; nothing else may copy one into the output. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

/* Code points U+00A0..U+017F that LaTeX's utf8 encoding does not define
 * for T1/TS1 fonts (checked against t1enc.dfu and ts1enc.dfu). */
static int latin_unsupported(unsigned cp)
{
	static const unsigned bad[] = {0x126, 0x127, 0x138, 0x13f, 0x140,
				       0x149, 0x166, 0x167, 0x17f};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (bad[i] == cp)
			return 1;
	return 0;
}

/* What a character of ASCII becomes, where it is not itself. babel's
 * polish and ngerman make " a shorthand; T1 fonts ligature `` '' << >>
 * and ?` !`; [ ] * are braced, so that they never open an optional
 * argument of \\ or \item, nor the star form of \\. */
static const char *const tex_esc[0x80] = {['\\'] = "\\textbackslash{}",
	['{'] = "\\{", ['}'] = "\\}", ['$'] = "\\$", ['&'] = "\\&",
	['#'] = "\\#", ['%'] = "\\%", ['_'] = "\\_",
	['^'] = "\\textasciicircum{}", ['~'] = "\\textasciitilde{}",
	['"'] = "\\textquotedbl{}", ['`'] = "\\textasciigrave{}",
	['\''] = "\\textquotesingle{}", ['<'] = "\\textless{}",
	['>'] = "\\textgreater{}", ['|'] = "\\textbar{}", ['['] = "{[}",
	[']'] = "{]}", ['*'] = "{*}", ['\n'] = " ", ['\r'] = " ", ['\t'] = " "
};

/* Appends the character (or UTF-8 sequence) at s escaped, as
 * rbuf_put_tex describes; returns the next character. */
static const unsigned char *tex_char(struct rbuf *b, const unsigned char *s,
				     int breakable)
{
	unsigned char c = *s;
	unsigned cp;
	size_t n;

	if (c >= 0x80) {
		n = store_utf8_seq((const char *)s, &cp);
		if (!n) {
			rbuf_putc(b, '?');
			return s + 1;
		}
		if (cp >= 0xa0 && cp <= 0x17f && !latin_unsupported(cp))
			rbuf_putn(b, (const char *)s, n);
		else if (cp < 0xa0)
			rbuf_putc(b, '?');	/* C1 control */
		else
			rbuf_printf(b, "[U+%04X]", cp);
		return s + n;
	}
	if (tex_esc[c])
		rbuf_puts(b, tex_esc[c]);
	else
		rbuf_putc(b, c < 0x20 || c == 0x7f ? '?' : (char)c);
	/* -- and ,, are ligatures too */
	if ((c == '-' || c == ',') && s[1] == c)
		rbuf_puts(b, "{}");
	if (breakable && strchr("-_/.,:", c))
		rbuf_puts(b, "\\allowbreak{}");
	return s + 1;
}

void rbuf_put_tex(struct rbuf *b, const char *str, int breakable)
{
	const unsigned char *s = (const unsigned char *)str;

	if (!s)
		return;
	while (*s)
		s = tex_char(b, s, breakable);
}

/* The exponent after the caret at s[0], preceded by prev: sets *from and
 * *to (the text to raise) and returns the character after it, or NULL
 * when the caret is no exponent. */
static const unsigned char *prose_exponent(const unsigned char *s,
					   unsigned char prev,
					   const unsigned char **from,
					   const unsigned char **to)
{
	const unsigned char *p = s + 1;
	int depth;

	/* a base: a letter, a digit or a closing parenthesis (ASCII:
	 * mmreport runs in the C locale) */
	if (!isalpha(prev) && !isdigit(prev) && prev != ')')
		return NULL;
	if (isdigit(*p)) {
		while (isdigit(*p))
			p++;
		/* 2^3.5 is no integer power: the caret stays */
		if ((*p == '.' || *p == ',') && isdigit(p[1]))
			return NULL;
		*from = s + 1;
		*to = p;
		return p;
	}
	if (isalpha(*p)) {
		/* one letter only: x^ab could mean x^a b or x^(ab) */
		if (isalpha(p[1]) || isdigit(p[1]))
			return NULL;
		*from = p;
		*to = p + 1;
		return p + 1;
	}
	if (*p != '(')
		return NULL;
	for (depth = 0; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			break;
	}
	/* unmatched, or "()": nothing to raise */
	if (!*p || p == s + 2)
		return NULL;
	*from = s + 2;
	*to = p;
	return p + 1;
}

void rbuf_put_prose(struct rbuf *b, const char *str, int breakable)
{
	const unsigned char *s = (const unsigned char *)str, *from, *to;
	const unsigned char *next;
	unsigned char prev = 0;

	if (!s)
		return;
	while (*s) {
		next = *s == '^' ? prose_exponent(s, prev, &from, &to) :
		       NULL;
		if (!next) {
			prev = *s;
			s = tex_char(b, s, breakable);
			continue;
		}
		rbuf_puts(b, "\\textsuperscript{");
		while (from < to)
			from = tex_char(b, from, 0);
		rbuf_puts(b, "}");
		/* 2^3^4 raises the 3 only: a caret right after an exponent
		 * has no base of its own */
		prev = 0;
		s = next;
	}
}

void rbuf_put_listing(struct rbuf *b, const char *str)
{
	static const char end[] = "\\end{lstlisting}";
	const unsigned char *s = (const unsigned char *)str;

	if (!s)
		return;
	while (*s) {
		/* listings ends the environment at the first literal end
		 * tag; a space after \end keeps the text readable and the
		 * environment open. */
		if (*s == '\\' && !strncmp((const char *)s, end,
					   sizeof(end) - 1)) {
			rbuf_puts(b, "\\end {lstlisting}");
			s += sizeof(end) - 1;
			continue;
		}
		if (*s == '\n' || *s == '\t' || (*s >= 0x20 && *s < 0x7f))
			rbuf_putc(b, (char)*s);
		else if (*s != '\r')
			rbuf_putc(b, '?');
		s++;
	}
	if (b->len && b->p[b->len - 1] != '\n')
		rbuf_putc(b, '\n');
}

void rbuf_put_gp(struct rbuf *b, const char *s)
{
	if (!s)
		return;
	for (; *s; s++) {
		if (*s == '\'')
			rbuf_puts(b, "''");
		else if (*s == '\n' || *s == '\r')
			rbuf_putc(b, ' ');
		else
			rbuf_putc(b, *s);
	}
}

void rbuf_put_sci(struct rbuf *b, double v)
{
	if (!isfinite(v))
		rbuf_puts(b, "--");
	else if (v == 0)
		rbuf_puts(b, "\\num{0}");
	else
		rbuf_printf(b, "\\num{%.2e}", v);
}

void render_sig_format(double v, int sig, char *buf, size_t len)
{
	char tmp[64];
	const char *e;
	int exp10, dec;

	if (!isfinite(v)) {
		snprintf(buf, len, "%s", "");
		return;
	}
	if (v == 0) {
		snprintf(buf, len, "0");
		return;
	}
	/* %.*e rounds to sig significant figures and tells where the first
	 * of them lies after rounding (9.9996 -> 1.000e+01). */
	if (sig < 1)
		sig = 1;
	snprintf(tmp, sizeof(tmp), "%.*e", sig - 1, v);
	e = strchr(tmp, 'e');
	exp10 = e ? atoi(e + 1) : 0;
	dec = sig - 1 - exp10;
	if (dec < 0)
		dec = 0;
	if (dec > 12)
		dec = 12;
	snprintf(buf, len, "%.*f", dec, v);
}

void render_fixed_format(double v, int decimals, char *buf, size_t len)
{
	if (!isfinite(v)) {
		snprintf(buf, len, "%s", "");
		return;
	}
	snprintf(buf, len, "%.*f", decimals, v);
	/* "-0.0" reads as a loss that is not there */
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
}
