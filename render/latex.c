/* Text that reaches LaTeX or gnuplot from the database, and numbers as
 * the tables print them. Every database string goes through one of the
 * rbuf_put_* writers here; nothing else may copy one into the output. */
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

/* Decodes one UTF-8 sequence at s. Returns its length and sets *cp, or
 * 0 when the bytes are not well-formed (overlong, surrogate, truncated). */
static size_t utf8_decode(const unsigned char *s, unsigned *cp)
{
	unsigned c = s[0], v;
	size_t n, i;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		v = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		v = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		v = c & 0x07;
	} else {
		return 0;
	}
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10ffff))
	    || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return n;
}

void rbuf_put_tex(struct rbuf *b, const char *str, int breakable)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned cp;
	size_t n;

	if (!s)
		return;
	while (*s) {
		unsigned char c = *s;

		if (c >= 0x80) {
			n = utf8_decode(s, &cp);
			if (!n) {
				rbuf_putc(b, '?');
				s++;
			} else if (cp >= 0xa0 && cp <= 0x17f &&
				   !latin_unsupported(cp)) {
				rbuf_putn(b, (const char *)s, n);
				s += n;
			} else if (cp < 0xa0) {
				rbuf_putc(b, '?');	/* C1 control */
				s += n;
			} else {
				rbuf_printf(b, "[U+%04X]", cp);
				s += n;
			}
			continue;
		}
		switch (c) {
		case '\\': rbuf_puts(b, "\\textbackslash{}"); break;
		case '{': rbuf_puts(b, "\\{"); break;
		case '}': rbuf_puts(b, "\\}"); break;
		case '$': rbuf_puts(b, "\\$"); break;
		case '&': rbuf_puts(b, "\\&"); break;
		case '#': rbuf_puts(b, "\\#"); break;
		case '%': rbuf_puts(b, "\\%"); break;
		case '_': rbuf_puts(b, "\\_"); break;
		case '^': rbuf_puts(b, "\\textasciicircum{}"); break;
		case '~': rbuf_puts(b, "\\textasciitilde{}"); break;
		/* babel's polish and ngerman make " a shorthand; T1 fonts
		 * ligature `` '' << >> -- ,, and ?` !` */
		case '"': rbuf_puts(b, "\\textquotedbl{}"); break;
		case '`': rbuf_puts(b, "\\textasciigrave{}"); break;
		case '\'': rbuf_puts(b, "\\textquotesingle{}"); break;
		case '<': rbuf_puts(b, "\\textless{}"); break;
		case '>': rbuf_puts(b, "\\textgreater{}"); break;
		case '|': rbuf_puts(b, "\\textbar{}"); break;
		/* braced, so that they never open an optional argument of
		 * \\ or \item, nor the star form of \\ */
		case '[': rbuf_puts(b, "{[}"); break;
		case ']': rbuf_puts(b, "{]}"); break;
		case '*': rbuf_puts(b, "{*}"); break;
		case '-':
		case ',':
			rbuf_putc(b, (char)c);
			if (s[1] == c)
				rbuf_puts(b, "{}");
			break;
		case '\n': case '\r': case '\t':
			rbuf_putc(b, ' ');
			break;
		default:
			if (c < 0x20 || c == 0x7f)
				rbuf_putc(b, '?');
			else
				rbuf_putc(b, (char)c);
		}
		if (breakable && strchr("-_/.,:", c))
			rbuf_puts(b, "\\allowbreak{}");
		s++;
	}
}

char *render_latex_escape(const char *s)
{
	struct rbuf b;

	if (!s)
		return NULL;
	rbuf_init(&b);
	rbuf_put_tex(&b, s, 0);
	return rbuf_take(&b);
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

void render_num_format(double v, char *buf, size_t len)
{
	render_sig_format(v, 4, buf, len);
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
