/* Helpers of the render tests; see render_check.h. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "render_check.h"
#include "store.h"
#include "render_int.h"
#include "render_fixture.h"

char *chk_render(const struct render_options *o, const char *format,
		 int *rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	*rc = format ? render_export(o, format, f) : render_report(o, f);
	fclose(f);
	return buf;
}

char *chk_render_sections(const char *db, const char *sections, int *rc)
{
	struct render_options o;

	render_options_init(&o);
	o.db_path = db;
	o.sections = sections;
	return chk_render(&o, NULL, rc);
}

char *chk_render_lang(const char *db, const char *sections, const char *lang)
{
	return chk_render_dev(db, sections, lang, NULL);
}

char *chk_render_dev(const char *db, const char *sections, const char *lang,
		     const char *device)
{
	struct render_options o;
	char *tex;
	int rc;

	render_options_init(&o);
	o.db_path = db;
	o.sections = sections;
	o.lang = lang;
	o.device = device;
	tex = chk_render(&o, NULL, &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_non_null(tex);
	return tex;
}

static char *dup_n(const char *s, size_t n)
{
	char *p = malloc(n + 1);

	if (!p)
		abort();
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

int chk_table_find(const char *tex, const char *anchor, struct chk_table *t)
{
	char key[512];
	const char *p, *end, *line, *eol;

	memset(t, 0, sizeof(*t));
	snprintf(key, sizeof(key), "%% mmreport-table: %s\n", anchor);
	p = strstr(tex, key);
	if (!p)
		return -1;
	p = strstr(p, "\\midrule\n");
	end = p ? strstr(p, "\\bottomrule") : NULL;
	if (!p || !end)
		return -1;
	for (line = p + strlen("\\midrule\n"); line < end; line = eol + 1) {
		const char *c, *stop;
		int n = 0;

		eol = strchr(line, '\n');
		if (!eol || eol > end)
			break;
		if (!strncmp(line, "\\addlinespace", 13))
			continue;
		stop = eol;
		if (stop - line >= 3 && !strncmp(stop - 3, " \\\\", 3))
			stop -= 3;
		for (c = line; n < CHK_MAXCOLS;) {
			const char *amp = strstr(c, " & ");

			if (!amp || amp > stop)
				amp = stop;
			t->cell[t->nrows][n++] = dup_n(c, (size_t)(amp - c));
			if (amp == stop)
				break;
			c = amp + 3;
		}
		t->ncols[t->nrows++] = n;
		if (t->nrows == CHK_MAXROWS)
			break;
	}
	return 0;
}

void chk_table_free(struct chk_table *t)
{
	int r, c;

	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < t->ncols[r]; c++)
			free(t->cell[r][c]);
	memset(t, 0, sizeof(*t));
}

int chk_num_parse(const char *cell, struct chk_num *n)
{
	const char *p = cell;
	char *end;
	int lead = 1;

	memset(n, 0, sizeof(*n));
	if (!strncmp(p, "\\color{gray}", 12)) {
		n->grey = 1;
		p += 12;
	}
	n->v = strtod(p, &end);
	if (end == p)
		return -1;
	for (; p < end; p++) {
		if (*p == '.') {
			n->decimals = (int)(end - p - 1);
			continue;
		}
		if (*p < '0' || *p > '9')
			continue;
		if (*p != '0')
			lead = 0;
		if (!lead)
			n->sigfigs++;
	}
	if (!strcmp(end, "\\nsmark"))
		n->ns = 1;
	else if (!strcmp(end, "\\ntmark"))
		n->nt = 1;
	else if (*end)
		return -1;
	return 0;
}

int chk_num_matches(const struct chk_num *n, double expected)
{
	double half = 0.5 * pow(10, -n->decimals);

	return fabs(n->v - expected) <= half * (1 + 1e-9) +
	       1e-12 * fabs(expected);
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void chk_stats(const double *x, size_t n, struct chk_stats *s)
{
	double *c = malloc(n * sizeof(*c)), sum = 0, ss = 0;
	size_t i;

	if (!c)
		abort();
	memcpy(c, x, n * sizeof(*c));
	qsort(c, n, sizeof(*c), cmp_d);
	for (i = 0; i < n; i++)
		sum += c[i];
	s->mean = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (c[i] - s->mean) * (c[i] - s->mean);
	s->sd = n > 1 ? sqrt(ss / (double)(n - 1)) : 0;
	s->min = c[0];
	s->max = c[n - 1];
	s->median = n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
	free(c);
}

double chk_stat_at(const struct chk_stats *s, int which)
{
	switch (which) {
	case 0: return s->min;
	case 1: return s->max;
	case 2: return s->mean;
	case 3: return s->median;
	default: return s->sd;
	}
}

double chk_mwu_p(const double *a, size_t na, const double *b, size_t nb)
{
	size_t n = na + nb, i, j;
	double *v = malloc(n * sizeof(*v)), *rank = malloc(n * sizeof(*rank));
	double r1 = 0, ties = 0, u, mu, var, z;

	if (!v || !rank)
		abort();
	for (i = 0; i < na; i++)
		v[i] = a[i];
	for (i = 0; i < nb; i++)
		v[na + i] = b[i];
	/* rank by counting: average rank of equal values (O(n^2), small n) */
	for (i = 0; i < n; i++) {
		double less = 0, eq = 0;

		for (j = 0; j < n; j++) {
			less += v[j] < v[i];
			eq += v[j] == v[i];
		}
		rank[i] = less + (eq + 1) / 2;
	}
	for (i = 0; i < n; i++) {
		double eq = 0, first = 1;

		for (j = 0; j < n; j++) {
			eq += v[j] == v[i];
			if (j < i && v[j] == v[i])
				first = 0;
		}
		if (first)
			ties += eq * eq * eq - eq;
	}
	for (i = 0; i < na; i++)
		r1 += rank[i];
	free(v);
	free(rank);
	u = r1 - (double)na * (na + 1) / 2;
	mu = (double)na * nb / 2;
	var = (double)na * nb / 12 *
	      ((n + 1) - ties / ((double)n * (n - 1)));
	if (var <= 0)
		return 1;
	z = fabs(u - mu) - 0.5;
	if (z < 0)
		z = 0;
	z /= sqrt(var);
	return erfc(z / sqrt(2));
}

double chk_ranges_p(const double *a, size_t na, const double *b, size_t nb)
{
	double amin = INFINITY, amax = -INFINITY, bmin = INFINITY;
	double bmax = -INFINITY, c = 1;
	size_t i;

	if (!na || !nb)
		return -1;
	for (i = 0; i < na; i++) {
		amin = fmin(amin, a[i]);
		amax = fmax(amax, a[i]);
	}
	for (i = 0; i < nb; i++) {
		bmin = fmin(bmin, b[i]);
		bmax = fmax(bmax, b[i]);
	}
	if (!(amax < bmin || bmax < amin))
		return -1;
	/* C(na + nb, na) as a product, exact enough for the tests' sizes */
	for (i = 1; i <= na; i++)
		c = c * (double)(nb + i) / (double)i;
	return fmin(1.0, 2 / c);
}

int chk_sql(const char *db, const char *q)
{
	sqlite3 *h = NULL;
	char *err = NULL;
	int rc = 0;

	/* with the keys on, as mmreport writes: a deleted configuration
	 * takes its statistics and samples along (the store refuses a file
	 * with rows whose parent is gone) */
	if (sqlite3_open(db, &h) != SQLITE_OK ||
	    sqlite3_exec(h, "PRAGMA foreign_keys = ON", NULL, NULL,
			 &err) != SQLITE_OK ||
	    sqlite3_exec(h, q, NULL, NULL, &err) != SQLITE_OK) {
		fprintf(stderr, "chk_sql: %s: %s\n", q,
			err ? err : sqlite3_errmsg(h));
		rc = -1;
	}
	sqlite3_free(err);
	sqlite3_close(h);
	return rc;
}

/* 1 when DIR/report.log asks for another pdflatex pass. */
static int log_asks_rerun(const char *dir)
{
	char path[4096], *log;
	int r;

	snprintf(path, sizeof(path), "%s/report.log", dir);
	log = fix_slurp(path);
	r = log && strstr(log, "Rerun");
	free(log);
	return r;
}

/* chk_pdflatex's work; settle 0 runs pdflatex once, which finds every
 * error, undefined control sequence and overfull box of the strings
 * themselves (what the per-section checks ask) but not whether the
 * references settle: render_latex asks that of the whole report. */
static int pdflatex_run(const char *tex, const char *in, char **dir,
			char **log, int settle)
{
	char path[4096];
	FILE *f;
	pid_t pid;
	int status, pass;

	*log = NULL;
	*dir = in ? strdup(in) : fix_tmpdir();
	if (!*dir)
		return -1;
	snprintf(path, sizeof(path), "%s/report.tex", *dir);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(tex, f);
	fclose(f);
	/* the table of contents and the references to appendices settle
	 * after two passes, or three when the contents' length moves the
	 * pages: rerun while LaTeX asks for it, as latexmk would */
	for (pass = 0; pass < 4; pass++) {
		pid = fork();
		if (pid == 0) {
			char *argv[] = {"pdflatex", "-interaction=nonstopmode",
					"-halt-on-error", "report.tex", NULL};

			if (chdir(*dir) || !freopen("/dev/null", "w", stdout))
				_exit(126);
			execvp("pdflatex", argv);
			_exit(127);
		}
		if (pid < 0 || waitpid(pid, &status, 0) < 0)
			return -1;
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			break;		/* failed: the log tells why */
		if (!settle || (pass >= 1 && !log_asks_rerun(*dir)))
			break;
	}
	snprintf(path, sizeof(path), "%s/report.log", *dir);
	*log = fix_slurp(path);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int chk_pdflatex(const char *tex, const char *in, char **dir, char **log)
{
	return pdflatex_run(tex, in, dir, log, 1);
}

int chk_pdflatex_once(const char *tex, char **dir, char **log)
{
	return pdflatex_run(tex, NULL, dir, log, 0);
}

void chk_expect_no_overfull(const char *log)
{
	static const char tag[] = "Overfull \\hbox (";
	const char *p;

	for (p = log; (p = strstr(p, tag)); p++)
		if (strtod(p + sizeof(tag) - 1, NULL) > 1.0)
			fail_msg("%.*s", (int)strcspn(p, "\n"), p);
}

/* The words of s: its blanks and one. */
static int count_words(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == ' ';
	return n + 1;
}

/* The checks of chk_langs_compile on the strings of language l against
 * English's en, in l's report tex. */
static void expect_strings(const struct lang *en, const struct lang *l,
			   const char *tex, const char *const *pre,
			   size_t npre, int words)
{
	size_t j, k;

	for (k = 0; k < en->n; k++)
		for (j = 0; j < npre; j++) {
			if (strncmp(en->kv[k].key, pre[j], strlen(pre[j])))
				continue;
			/* every language has its own string */
			if (!lang_find(l, en->kv[k].key))
				fail_msg("%s lacks '%s'", l->code,
					 en->kv[k].key);
			/* a sentence copied from English is untranslated; a
			 * name or a formula may be the same */
			if (words > 0 && strcmp(l->code, "en") &&
			    !strcmp(lang_find(l, en->kv[k].key),
				    en->kv[k].val) &&
			    count_words(en->kv[k].val) > words)
				fail_msg("%s: '%s' is English", l->code,
					 en->kv[k].key);
			if (strstr(tex, en->kv[k].key))
				fail_msg("%s: key '%s' leaks", l->code,
					 en->kv[k].key);
		}
}

void chk_langs_compile(const char *db, const char *const *pre, size_t npre,
		       const char *keep_env, int words)
{
	static const char *const langs[] = {"en", "pl", "de"};
	const char *keep = getenv(keep_env);
	char *tex, *dir = NULL, *log = NULL;
	struct lang *en = lang_load("en", NULL);
	size_t i;
	int rc;

	assert_non_null(en);
	for (i = 0; i < sizeof(langs) / sizeof(langs[0]); i++) {
		struct lang *l = lang_load(langs[i], NULL);

		assert_non_null(l);
		tex = chk_render_lang(db, NULL, langs[i]);
		expect_strings(en, l, tex, pre, npre, words);
		lang_free(l);
		rc = pdflatex_run(tex, NULL, &dir, &log, 0);
		if (rc)
			fail_msg("pdflatex exit %d (%s); log in %s", rc,
				 langs[i], dir);
		assert_non_null(strstr(log, "Output written"));
		if (strstr(log, "Undefined control"))
			fail_msg("%s: undefined control sequence", langs[i]);
		chk_expect_no_overfull(log);
		if (keep && *keep)
			fprintf(stderr, "kept %s (%s)\n", dir, langs[i]);
		else
			fix_rmdir(dir);
		free(dir);
		free(log);
		free(tex);
	}
	lang_free(en);
}

char *chk_path_join(const char *dir, const char *name)
{
	size_t len = strlen(dir) + strlen(name) + 2;
	char *p = malloc(len);

	if (p)
		snprintf(p, len, "%s/%s", dir, name);
	return p;
}

char *chk_tex(const char *s)
{
	struct rbuf b;

	rbuf_init(&b);
	rbuf_put_tex(&b, s, 0);
	return rbuf_take(&b);
}

/* What chk_fixture_make made, for chk_fixture_teardown. */
static char *fx_dir, *fx_db, *fx_plain;

int chk_fixture_make(char **dir, char **db, const char *name, char **plain,
		     const char *keep_env, int (*keep)(const char *path))
{
	const char *kp = getenv(keep_env);

	*dir = fx_dir = fix_tmpdir();
	*db = fx_db = fx_dir ? chk_path_join(fx_dir, name) : NULL;
	*plain = fx_plain = fx_dir ? chk_path_join(fx_dir, "plain.db") : NULL;
	if (!fx_db || !fx_plain)
		return -1;
	/* a copy to look at by hand */
	if (kp && *kp && keep(kp))
		return -1;
	return fix_build(fx_plain);
}

int chk_fixture_teardown(void **state)
{
	(void)state;
	if (fx_dir)
		fix_rmdir(fx_dir);
	free(fx_dir);
	free(fx_db);
	free(fx_plain);
	fx_dir = fx_db = fx_plain = NULL;
	return 0;
}

int chk_tests_run(const struct CMUnitTest *tests, size_t n,
		  int (*setup)(void **state), int (*teardown)(void **state))
{
	if (!fix_have("gnuplot")) {
		fprintf(stderr, "gnuplot is not installed: skipped\n");
		return 77;
	}
	/* cmocka_run_group_tests names the group after its array */
	return _cmocka_run_group_tests("tests", tests, n, setup, teardown);
}

void chk_sections_expect(const char *list, const char *names)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	render_sections_print(f);
	fclose(f);
	chk_expect_in(buf, list);
	free(buf);
	assert_null(render_sections_check(names));
}

char *chk_absent_render(const char *db, const char *names)
{
	char want[256];
	const char *p, *e;
	char *tex;
	int rc;

	tex = chk_render_sections(db, names, &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_non_null(tex);
	for (p = names; *p; p = *e ? e + 1 : e) {
		e = p + strcspn(p, ",");
		snprintf(want, sizeof(want), "The database holds no "
			 "measurements of the %.*s suite.", (int)(e - p), p);
		chk_expect_in(tex, want);
	}
	return tex;
}

char *chk_concl_text(const char *db)
{
	char *tex = chk_render_lang(db, "conclusions", "en"), *sec;

	sec = chk_section_text(tex, "Conclusions");
	free(tex);
	return sec;
}

void chk_table_need(const char *tex, const char *kind, long long dev,
		    struct chk_table *t)
{
	char anchor[96];

	snprintf(anchor, sizeof(anchor), "%s dev=%lld", kind, dev);
	if (chk_table_find(tex, anchor, t))
		fail_msg("table '%s' is missing", anchor);
}

static const double spread_offs[CHK_NS] = {
	0.00, 0.03, -0.02, 0.05, -0.04, 0.01, 0.02, -0.01, 0.04, -0.03
};

void chk_spread(double base, int shift, double *out)
{
	for (int i = 0; i < CHK_NS; i++)
		out[i] = base * (1 + spread_offs[(i * 3 + shift) % CHK_NS]);
}

double chk_spread_median(double base, int shift)
{
	double v[CHK_NS];
	struct chk_stats s;

	chk_spread(base, shift, v);
	chk_stats(v, CHK_NS, &s);
	return s.median;
}

double chk_spread_p(double ba, int sa, double bb, int sb)
{
	double a[CHK_NS], b[CHK_NS];

	chk_spread(ba, sa, a);
	chk_spread(bb, sb, b);
	return chk_mwu_p(a, CHK_NS, b, CHK_NS);
}

const char *chk_tex_num(double v, int sig)
{
	static char ring[16][64];
	static int k;
	char s[48];

	k = (k + 1) % 16;
	render_sig_format(v, sig, s, sizeof(s));
	snprintf(ring[k], sizeof(ring[k]), "\\num{%s}", s);
	return ring[k];
}

const char *chk_tex_pct(double v, int sig)
{
	static char ring[8][80];
	static int k;

	k = (k + 1) % 8;
	snprintf(ring[k], sizeof(ring[k]), "%s\\,\\%%", chk_tex_num(v, sig));
	return ring[k];
}

const char *chk_tex_p(double p)
{
	static char ring[4][64];
	static int k;
	char s[32];

	k = (k + 1) % 4;
	if (p < 0.001) {
		snprintf(ring[k], sizeof(ring[k]), "$p < \\num{0.001}$");
	} else {
		render_sig_format(p, 2, s, sizeof(s));
		snprintf(ring[k], sizeof(ring[k]), "$p = \\num{%s}$", s);
	}
	return ring[k];
}

void chk_expect_in(const char *tex, const char *want)
{
	if (!strstr(tex, want))
		fail_msg("missing: %s", want);
}

void chk_expect_lead(const char *cell, double want, const char *where)
{
	struct chk_num n;
	char s[64];
	size_t len;

	if (!strncmp(cell, "\\color{gray}", 12))
		cell += 12;
	len = strspn(cell, "0123456789.-");
	if (!len || len >= sizeof(s))
		fail_msg("%s: '%s' starts with no number", where, cell);
	memcpy(s, cell, len);
	s[len] = '\0';
	if (chk_num_parse(s, &n) || !chk_num_matches(&n, want))
		fail_msg("%s: '%s' is not %g", where, cell, want);
}

char *chk_section_text(const char *tex, const char *title)
{
	char key[128];
	const char *p, *e;
	char *out;

	snprintf(key, sizeof(key), "\\section{%s}", title);
	p = strstr(tex, key);
	if (!p)
		fail_msg("no section '%s'", title);
	e = strstr(p + 1, "\\section{");
	if (!e)
		e = p + strlen(p);
	out = strndup(p, (size_t)(e - p));
	assert_non_null(out);
	return out;
}

int chk_expect_lead_bold(const char *cell, double want, const char *where)
{
	static const char bf[] = "\\bfseries ";
	int bold = !strncmp(cell, bf, sizeof(bf) - 1);

	chk_expect_lead(bold ? cell + sizeof(bf) - 1 : cell, want, where);
	return bold;
}

int chk_device_find(struct store *st, const char *uuid, long long *id)
{
	struct store_device *all = NULL;
	size_t n = 0, i;
	int rc = -1;

	if (store_device_list(st, &all, &n))
		return -1;
	for (i = 0; i < n; i++)
		if (!strcmp(all[i].uuid, uuid)) {
			*id = all[i].id;
			rc = 0;
		}
	store_devices_free(all, n);
	return rc;
}

void chk_body_same(const char *path, const char *secs,
		   int (*add)(const char *path))
{
	char *a, *b;
	int rc;

	assert_int_equal(fix_build(path), 0);
	a = chk_render_sections(path, secs, &rc);
	assert_int_equal(rc, RENDER_OK);
	assert_int_equal(add(path), 0);
	b = chk_render_sections(path, secs, &rc);
	assert_int_equal(rc, RENDER_OK);
	/* the title page's dates span the added session; the body, from
	 * the first section on, must not move */
	assert_non_null(strstr(a, "\\section{"));
	assert_non_null(strstr(b, "\\section{"));
	assert_string_equal(strstr(a, "\\section{"), strstr(b, "\\section{"));
	free(a);
	free(b);
}
