/* Language strings (templates/strings.<lang>) and LaTeX templates
 * (templates/, .tex files): data, not code, embedded at build time. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "tmpl_index.h"

char *file_read(const char *path)
{
	struct rbuf b;
	char chunk[4096];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (!f)
		return NULL;
	rbuf_init(&b);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		rbuf_putn(&b, chunk, n);
	if (ferror(f))
		b.oom = 1;
	fclose(f);
	return rbuf_take(&b);
}

char *tmpl_load(const char *dir, const char *name)
{
	const struct tmpl_file *t;
	struct rbuf path;
	char *text;

	if (dir) {
		rbuf_init(&path);
		rbuf_printf(&path, "%s/%s", dir, name);
		text = path.oom ? NULL : file_read(rbuf_str(&path));
		if (!text)
			fprintf(stderr, "mmreport: cannot read template '%s': "
				"%s\n", rbuf_str(&path), strerror(errno));
		rbuf_free(&path);
		return text;
	}
	for (t = tmpl_files; t->name; t++)
		if (!strcmp(t->name, name))
			return strdup(t->data);
	fprintf(stderr, "mmreport: template '%s' is not built in\n", name);
	return NULL;
}

void blanks_cut(char *s, char *e)
{
	while (e > s && strchr(" \t\r", e[-1]))
		e--;
	*e = '\0';
}

/* Splits "key = value" lines in place; '#' starts a comment line. */
static int lang_parse(struct lang *l)
{
	char *p, *next, *v;
	struct kv *nkv;
	size_t cap = 0;

	for (p = l->text; p; p = next) {
		if ((next = strchr(p, '\n')))
			*next++ = '\0';
		p += strspn(p, " \t");
		if (!*p || *p == '#' || !(v = strchr(p, '=')))
			continue;
		blanks_cut(p, v);
		v += 1 + strspn(v + 1, " \t");
		blanks_cut(v, v + strlen(v));
		if (l->n == cap) {
			cap = cap ? 2 * cap : 128;
			nkv = realloc(l->kv, cap * sizeof(*nkv));
			if (!nkv)
				return -1;
			l->kv = nkv;
		}
		l->kv[l->n++] = (struct kv){p, v};
	}
	return 0;
}

static struct lang *lang_load_one(const char *code, const char *dir)
{
	struct lang *l;
	char name[32];

	l = calloc(1, sizeof(*l));
	if (!l)
		return NULL;
	snprintf(l->code, sizeof(l->code), "%s", code);
	snprintf(name, sizeof(name), "strings.%s", code);
	l->text = tmpl_load(dir, name);
	if (!l->text || lang_parse(l)) {
		lang_free(l);
		return NULL;
	}
	return l;
}

struct lang *lang_load(const char *code, const char *dir)
{
	struct lang *l;

	if (!code)
		code = "en";
	l = lang_load_one(code, dir);
	if (l && strcmp(code, "en") &&
	    !(l->fallback = lang_load_one("en", dir))) {
		lang_free(l);
		return NULL;
	}
	return l;
}

void lang_free(struct lang *l)
{
	if (!l)
		return;
	lang_free(l->fallback);
	free(l->kv);
	free(l->text);
	free(l);
}

const char *lang_get(const struct lang *l, const char *key)
{
	const char *v = lang_find(l, key);

	return v ? v : key;
}

/* The string for key in l's own file, not its fallback; NULL if absent. */
static const char *lang_own_find(const struct lang *l, const char *key)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->kv[i].key, key))
			return l->kv[i].val;
	return NULL;
}

const char *lang_find(const struct lang *l, const char *key)
{
	const char *v = NULL;

	for (; l && !v; l = l->fallback)
		v = lang_own_find(l, key);
	return v;
}

/* The plural form of the count n in language code: "one", "few" (Polish
 * only) or "many". */
static const char *lang_plural_form(const char *code, long long n)
{
	unsigned long long a = n < 0 ? 0ULL - (unsigned long long)n :
				(unsigned long long)n;

	if (a == 1)
		return "one";
	if (!strcmp(code, "pl") && a % 10 >= 2 && a % 10 <= 4 &&
	    !(a % 100 >= 12 && a % 100 <= 14))
		return "few";
	return "many";
}

const char *lang_plural(const struct lang *l, const char *key, long long n)
{
	char k[256];
	const char *v;
	int len;

	/* each file with its own rules: English text never takes a
	 * Polish form */
	for (; l; l = l->fallback) {
		len = snprintf(k, sizeof(k), "%s.%s", key,
			       lang_plural_form(l->code, n));
		if (len < 0 || (size_t)len >= sizeof(k))
			return key;
		v = lang_own_find(l, k);
		if (v)
			return v;
		snprintf(k, sizeof(k), "%s.many", key);
		v = lang_own_find(l, k);
		if (v)
			return v;
	}
	return key;
}

/* The line after the one at p, NULL after the last. */
static const char *line_next(const char *p)
{
	p = strchr(p, '\n');
	return p ? p + 1 : NULL;
}

char *tmpl_fragment(const char *text, const char *name)
{
	static const char tag[] = "%%% fragment ";
	const char *p, *nm, *start, *end;
	size_t nlen = strlen(name);

	for (p = text; p; p = line_next(p)) {
		if (strncmp(p, tag, sizeof(tag) - 1))
			continue;
		/* the tag line of name (strchr also finds the NUL) */
		nm = p + sizeof(tag) - 1;
		if (strncmp(nm, name, nlen) || !strchr("\n\r ", nm[nlen]))
			continue;
		start = line_next(nm) ? line_next(nm) : nm + nlen;
		for (end = start; end && strncmp(end, tag, sizeof(tag) - 1);
		     end = line_next(end))
			;
		return strndup(start, end ? (size_t)(end - start) :
			       strlen(start));
	}
	return NULL;
}

static int is_key_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

int tmpl_fill(struct rbuf *out, const char *t, const struct kv *vars,
	      size_t n)
{
	const char *p, *k, *e;
	size_t i, klen;

	while ((p = strstr(t, "@@"))) {
		k = p + 2;
		for (e = k; is_key_char(*e); e++)
			;
		if (e == k || strncmp(e, "@@", 2)) {
			rbuf_putn(out, t, (size_t)(k - t));
			t = k;
			continue;
		}
		klen = (size_t)(e - k);
		for (i = 0; i < n; i++)
			if (strlen(vars[i].key) == klen &&
			    !strncmp(vars[i].key, k, klen))
				break;
		if (i == n) {
			fprintf(stderr, "mmreport: template placeholder "
				"@@%.*s@@ has no value\n", (int)klen, k);
			return -1;
		}
		rbuf_putn(out, t, (size_t)(p - t));
		rbuf_puts(out, vars[i].val ? vars[i].val : "");
		t = e + 2;
	}
	rbuf_puts(out, t);
	return 0;
}
