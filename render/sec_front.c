/* The title page, the method section (generated from the stored session
 * settings) and the device parameter table. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

/* Sets VERSION, this tool's, and DB, the database's file name without
 * its folder: the report names the data, not where the renderer found
 * it, so that rendering the same file from another checkout gives the
 * same document. */
static void fv_source(const struct rctx *x, struct fv *v)
{
	const char *path = x->o->db_path, *slash = strrchr(path, '/');

	fv_str(v, "VERSION", MMREPORT_VERSION);
	rbuf_put_tex(fv_put(v, "DB"), slash && slash[1] ? slash + 1 : path, 1);
}

int meta_load(const struct render_options *o, struct rmeta *m)
{
	static const char *const keys[] = {"title", "author", "course",
					   "exercise", "date"};
	const char *const from_opt[5] = {o->title, o->author, o->course,
					 o->exercise, o->date};
	const char *path = o->meta_path;
	char *line, *next, *v;
	size_t i, lineno = 0;

	memset(m, 0, sizeof(*m));
	/* an unreadable file is treated as a missing one */
	if (path && !(m->text = file_read(path))) {
		fprintf(stderr, "mmreport: cannot open '%s': %s\n", path,
			strerror(errno));
		return RENDER_ERR_MISSING;
	}
	for (line = m->text; line; line = next) {
		lineno++;
		if ((next = strchr(line, '\n')))
			*next++ = '\0';
		blanks_cut(line, line + strlen(line));
		line += strspn(line, " \t");
		if (!*line || *line == '#')
			continue;
		if (!(v = strchr(line, ':'))) {
			fprintf(stderr, "mmreport: %s:%zu: expected 'key: "
				"value'\n", path, lineno);
			goto usage;
		}
		blanks_cut(line, v++);
		for (i = 0; i < 5 && strcmp(keys[i], line); i++)
			;
		if (i == 5 || m->field[i]) {
			fprintf(stderr, i == 5 ? "mmreport: %s:%zu: unknown "
				"key '%s' (use title, author, course, "
				"exercise, date)\n" : "mmreport: %s:%zu: '%s' "
				"given twice\n", path, lineno, line);
			goto usage;
		}
		m->field[i] = v + strspn(v, " \t");
	}
	for (i = 0; i < 5; i++)
		if (from_opt[i])
			m->field[i] = from_opt[i];
	return RENDER_OK;
usage:
	meta_free(m);
	return RENDER_ERR_USAGE;
}

void meta_free(struct rmeta *m)
{
	if (!m)
		return;
	free(m->text);
	memset(m, 0, sizeof(*m));
}

/* The experiments with a section of their own, in document order
 * (suite_defs' report places) that the data hold, into out: the
 * title page's exercise and the introduction's objectives name them.
 * Returns the count. */
static size_t front_suites(const struct rctx *x, const char *out[SUITE_N])
{
	size_t i, n = 0;
	int place;

	for (place = 1; place <= SUITE_N; place++)
		for (i = 0; i < SUITE_N; i++)
			if (suite_defs[i].report == place &&
			    model_has_suite(x, -1, suite_defs[i].name))
				out[n++] = suite_defs[i].name;
	return n;
}

/* The title page: the fields given (or their defaults) in fragment
 * "titlefield" each, the devices, the footer naming the data. */
int sec_title(struct rctx *x, struct rbuf *out)
{
	static const char *const name[] = {"title.author", "title.course",
					   "title.exercise", "title.date"};
	const char *const *given = x->meta.field + 1;
	const struct store_session **s = x->used;
	const char *from = NULL, *to = NULL, *a, *fs[SUITE_N];
	struct rbuf *ex, *day, *b, *fields;
	struct fv v, w;
	char key[64];
	size_t i, ns = x->nused, nf = front_suites(x, fs);
	int rc;

	fv_init(&v);
	fv_init(&w);
	ex = fv_put(&v, "EXERCISE");
	day = fv_put(&v, "DAY");
	b = fv_put(&v, "DEVICES");
	for (i = 0; i < x->ndevs; i++) {
		rbuf_puts(b, "{\\large ");
		dev_label(x, (int)i, b);
		rbuf_puts(b, "\\par}\n");
	}
	/* from the first start to the last start or end */
	for (i = 0; i < 2 * ns; i++) {
		a = i % 2 ? s[i / 2]->ended_at : s[i / 2]->started_at;
		if (a && !(i % 2) && (!from || strcmp(a, from) < 0))
			from = a;
		if (a && (!to || strcmp(a, to) > 0))
			to = a;
	}
	b = fv_put(&v, "DATES");
	rbuf_put_tex(b, from ? from : "?", 0);
	if (to && from && strcmp(from, to)) {
		rbuf_puts(b, " -- ");
		rbuf_put_tex(b, to, 0);
	}
	/* the day of the last measurement: the report's date unless the
	 * author gives one, so that rendering again gives the same text */
	if (to)
		rbuf_printf(day, "%.10s", to);
	/* the exercise, when none is given: the experiments reported */
	for (i = 0; i < nf; i++) {
		snprintf(key, sizeof(key), "%s.title", fs[i]);
		rbuf_printf(ex, "%s%s", ex->len ? "; " : "",
			    lang_get(x->L, key));
	}
	fv_source(x, &v);
	rc = fv_emit(x, fv_put(&v, "FOOTER"), "title.footer", &v);
	fields = fv_put(&v, "FIELDS");
	for (i = 0; i < 4 && !rc; i++) {
		/* the exercise and the date have defaults */
		b = i == 2 ? ex : i == 3 ? day : NULL;
		if (!given[i] && !(b && b->len))
			continue;
		fv_str(&w, "NAME", lang_get(x->L, name[i]));
		if (given[i])
			rbuf_put_tex(fv_put(&w, "VALUE"), given[i], 0);
		else
			fv_str(&w, "VALUE", rbuf_str(b));
		rc = frag_put(x, fields, "titlefield", fv_kv(&w), w.n);
	}
	if (x->meta.field[0])
		rbuf_put_tex(fv_put(&v, "TITLE"), x->meta.field[0], 0);
	else
		fv_str(&v, "TITLE", lang_get(x->L, "title"));
	fv_str(&v, "SUBTITLE", lang_get(x->L, "subtitle"));
	if (!rc)
		rc = frag_put(x, out, "titlepage", fv_kv(&v), v.n);
	fv_free(&v);
	fv_free(&w);
	return rc;
}

/* The range of a field of the sessions (w: 'r' repeat, 'w' warmup, 'm'
 * min_samples, 't' max_time_s, 'o' tolerance) into b: in the phrase of
 * plural key ("3--10 times"), with key NULL as "\num{1}--\num{2}". */
static int sess_range(const struct rctx *x, const struct store_session **s,
		      size_t n, char w, const char *key, struct rbuf *b)
{
	double lo = NAN, hi = NAN;
	size_t i;

	for (i = 0; i < n; i++)
		num_range_add(w == 'r' ? s[i]->repeat : w == 'w' ?
			      s[i]->warmup : w == 'm' ? s[i]->min_samples :
			      w == 't' ? s[i]->max_time_s : s[i]->tolerance,
			      &lo, &hi);
	if (key)
		return label_count_put(x, key, (long long)lo, (long long)hi,
				       b);
	rbuf_printf(b, "\\num{%g}", lo);
	if (lo != hi)
		rbuf_printf(b, "--\\num{%g}", hi);
	return 0;
}

/* How session q took its times, in the report's language: a sentence
 * built from the fields measure stores since schema 3 (kernel timer,
 * cache state, interleaving) where q has them; else the
 * timers text the measuring tool stored (English free text, escaped as
 * prose), said to be that. "--" when q has neither. Identifiers such
 * as CLOCK_MONOTONIC may break. b is empty on entry. Returns 0, or -1
 * after a message on a template error. */
static int timers_text(const struct rctx *x, const struct store_session *q,
		       struct rbuf *b)
{
	const char *part[4];	/* the strings of its parts, "; " between */
	struct fv v;
	char key[96];
	size_t i, n = 0;
	int rc = 0;

	fv_init(&v);
	if (q->timer && *q->timer) {
		snprintf(key, sizeof(key), "timers.kernel.%s", q->timer);
		rbuf_put_tex(fv_put(&v, "TIMER"), q->timer, 1);
		part[n++] = lang_find(x->L, key) ? key : "timers.kernel.other";
		if (q->cold == 1 || q->cold == 0)
			part[n++] = q->cold ? "timers.cold" : "timers.hot";
		/* a reported configuration of q was sampled in an
		 * interleaving group */
		for (i = 0; i < x->ncfgs && (x->cfgs[i].c->session_id !=
		     q->id || x->cfgs[i].c->grp <= 0); i++)
			;
		if (i < x->ncfgs)
			part[n++] = "timers.interleaved";
		part[n++] = "timers.host";
	} else if (q->timers && *q->timers) {
		rbuf_put_prose(fv_put(&v, "TEXT"), q->timers, 1);
		rbuf_put_tex(fv_put(&v, "VERSION"), q->tool_version, 0);
		part[n++] = q->tool_version && *q->tool_version ?
			    "timers.recorded" : "timers.recorded_unknown";
	} else {
		rbuf_puts(b, "--");
	}
	for (i = 0; i < n; i++) {
		rbuf_puts(b, i ? "; " : "");
		rc |= tmpl_fill(b, lang_get(x->L, part[i]), fv_kv(&v), v.n);
	}
	fv_free(&v);
	return rc;
}

/* A row of the settings table: by session_cell, or from the field at
 * off of the session (text, text or "--", integer, number, text or
 * number that older files lack: "not recorded", a name, a command
 * line, a seed, the device) or of its readings at start and end
 * (SR_ENV: off its has_ flag, val the value; SR_ENV_TEXT: text or "--") */
enum { SR_CODE, SR_TEX, SR_OPT, SR_INT, SR_NUM, SR_REC, SR_RNUM, SR_NAME,
       SR_TT, SR_ULL, SR_DEV, SR_ENV, SR_ENV_TEXT };
struct sess_row {
	const char *name;	/* the string "sess.NAME" */
	int kind;
	size_t off, val;
	int decimals;
};
#define SR_C(n) {n, SR_CODE, 0, 0, 0}
#define SR_F(n, k, f) {n, k, offsetof(struct store_session, f), 0, 0}
#define SR_E(n, k, h, v, d) \
	{n, k, offsetof(struct store_env, h), offsetof(struct store_env, v), d}
static const struct sess_row sess_rows[] = {
	/* the setting: what measured where */
	SR_F("device", SR_DEV, device_id),
	SR_F("host", SR_NAME, hostname), SR_F("cpu", SR_REC, host_cpu),
	SR_C("pcie"), SR_F("started", SR_TEX, started_at),
	SR_F("ended", SR_OPT, ended_at), SR_C("status"),
	SR_F("tool", SR_TEX, tool_version), SR_C("driver"), SR_C("runtime"),
	SR_F("nvcc", SR_REC, cuda_compiler), SR_C("cublas"),
	SR_F("cmdline", SR_TT, cmdline), SR_F("suites", SR_TEX, suites),
	SR_C("counters"),
	SR_C("samples"), SR_C("timers"),
	/* the run: how it sampled, and the GPU's state */
	SR_F("repeat", SR_INT, repeat), SR_F("warmup", SR_INT, warmup),
	SR_F("min_samples", SR_INT, min_samples),
	SR_F("max_time", SR_NUM, max_time_s), SR_C("max_noise"),
	SR_F("seed", SR_ULL, seed), SR_F("launch", SR_RNUM, launch_us),
	SR_F("tolerance", SR_NUM, tolerance),
	SR_C("locked"), SR_F("power_limit", SR_RNUM, power_limit_w),
	SR_E("sm_clock", SR_ENV, has_sm_clock, sm_clock_mhz, 0),
	SR_F("top_clock", SR_RNUM, top_sm_clock_mhz),
	SR_E("mem_clock", SR_ENV, has_mem_clock, mem_clock_mhz, 0),
	SR_E("temp", SR_ENV, has_temp, temp_c, 0),
	SR_E("power", SR_ENV, has_power, power_w, 1),
	SR_C("throttle_mode"), SR_C("throttled"), SR_C("throttled_samples"),
	SR_E("throttle", SR_ENV_TEXT, throttle_text, throttle_text, 0)
};
/* the rows of the first table (one page could not hold them all) */
#define NSESS_SETTING 17
#define NSESS_ROWS (sizeof(sess_rows) / sizeof(sess_rows[0]))

/* The cell of a row that reads a field (r->kind not SR_CODE). A reading
 * prints with r->decimals in \num, so that the decimal marker is the
 * language's; "--" where it is missing. */
static void session_field(const struct rctx *x, const struct sess_row *r,
			  const struct store_session *q, struct rbuf *b)
{
	const char *f = (const char *)q + r->off, *e;
	const struct store_env *env[2] = {&q->env_start, &q->env_end};
	char num[64];
	int i;

	if ((r->kind == SR_TEX || r->kind == SR_OPT || r->kind == SR_REC) &&
	    *(char *const *)f)
		rbuf_put_tex(b, *(char *const *)f, 1);
	else if (r->kind == SR_OPT)
		rbuf_puts(b, "--");
	else if (r->kind == SR_INT)
		rbuf_printf(b, "%d", *(const int *)f);
	else if (r->kind == SR_NUM || (r->kind == SR_RNUM &&
					*(const double *)f > 0))
		rbuf_printf(b, "\\num{%g}", *(const double *)f);
	else if (r->kind == SR_REC || r->kind == SR_RNUM)
		rbuf_puts(b, lang_get(x->L, "sess.not_recorded"));
	else if (r->kind == SR_NAME)
		name_put(x, *(char *const *)f, 1, b);
	else if (r->kind == SR_ULL)
		rbuf_printf(b, "%llu", *(const unsigned long long *)f);
	for (i = 0; r->kind == SR_DEV && i < (int)x->ndevs; i++)
		if (x->devs[i]->id == q->device_id)
			dev_label(x, i, b);
	if (r->kind == SR_TT) {
		rbuf_puts(b, "\\texttt{");
		rbuf_put_tex(b, *(char *const *)f, 1);
		rbuf_puts(b, "}");
	}
	for (i = 0; r->kind >= SR_ENV && i < 2; i++) {
		e = (const char *)env[i];
		if (i)
			rbuf_puts(b, " / ");
		if (r->kind == SR_ENV_TEXT) {
			rbuf_put_tex(b, *(char *const *)(e + r->off), 1);
			rbuf_puts(b, *(char *const *)(e + r->off) ? "" : "--");
			continue;
		}
		render_fixed_format(*(const double *)(e + r->val),
				    r->decimals, num, sizeof(num));
		if (*(const int *)(e + r->off) && *num)
			rbuf_printf(b, "\\num{%s}", num);
		else
			rbuf_puts(b, "--");
	}
}

/* The cell "throttled" (samples 0) or "throttled_samples" (1) of
 * session q: its configurations the regime rule marks throttled (clock
 * below the session's top by RULE_CLOCK_TOL, or held by the driver) of
 * those reported; or the samples measure counted throttled and
 * discarded (schema 7), "not recorded" where no configuration stored
 * them. */
static void session_throttled(struct rctx *x, const struct store_session *q,
			      int samples, struct rbuf *cell)
{
	long long nt = 0, n = 0, ts = -1, td = -1;
	struct fv v;
	size_t i;

	for (i = 0; i < x->ncfgs; i++) {
		const struct store_config *c = x->cfgs[i].c;

		if (c->session_id != q->id)
			continue;
		n++;
		nt += (rcfg_marks(x, &x->cfgs[i]) & RULE_THROTTLE) != 0;
		if (c->throttled >= 0)
			ts = (ts > 0 ? ts : 0) + c->throttled;
		if (c->discarded >= 0)
			td = (td > 0 ? td : 0) + c->discarded;
	}
	fv_init(&v);
	fv_int(&v, "N", samples ? ts : nt);
	fv_int(&v, "OF", n);
	fv_int(&v, "DISCARDED", td > 0 ? td : 0);
	fv_emit(x, cell, !samples ? (nt ? "sess.throttled_cfgs" :
		"sess.throttled_none") : ts < 0 ? "sess.not_recorded" :
		"sess.throttled_n", &v);
	fv_free(&v);
}

/* The cell of a row written by code of its own (SR_CODE). Returns 0,
 * or -1 on a template error. */
static int session_cell(struct rctx *x, const struct store_session *q,
			const char *w, struct rbuf *cell)
{
	const char *nr = lang_get(x->L, "sess.not_recorded");
	long long cnt = 0;
	struct fv v;
	int d;

	fv_init(&v);
	if (!strcmp(w, "status")) {
		/* in the report's language where the strings name it */
		lang_name_put(x, "sess.status", q->status, 0, cell);
	} else if (!strcmp(w, "driver") && q->driver_text && *q->driver_text) {
		rbuf_put_tex(cell, q->driver_text, 0);
	} else if (!strcmp(w, "driver") || !strcmp(w, "runtime") ||
		   !strcmp(w, "pcie") || !strcmp(w, "cublas")) {
		/* CUDA's: 1000 major + 10 minor; cuBLAS's: 10000, 100, 1 */
		d = *w == 'd' ? q->driver_version : *w == 'r' ?
		    q->runtime_version : *w == 'p' ? q->pcie_gen :
		    q->cublas_version;
		if (d <= 0)
			rbuf_puts(cell, *w == 'd' || *w == 'r' ? "--" : nr);
		else if (*w == 'p')
			rbuf_printf(cell, "Gen~%d \\texttimes%d", d,
				    q->pcie_width);
		else if (*w == 'c')
			rbuf_printf(cell, "%d.%d.%d", d / 10000,
				    d / 100 % 100, d % 100);
		else
			rbuf_printf(cell, "%d.%d", d / 1000, d % 1000 / 10);
	} else if (!strcmp(w, "max_noise")) {
		/* NULL for every older session; a newer one stores NULL
		 * when the target was off, and its throttle mode */
		if (q->max_noise_pct > 0)
			rbuf_printf(cell, "\\num{%g}\\,\\%%", q->max_noise_pct);
		else
			rbuf_puts(cell, q->throttle ? lang_get(x->L,
				  "sess.off") : nr);
	} else if (!strcmp(w, "locked")) {
		rbuf_puts(cell, q->clocks_locked < 0 ? nr : lang_get(x->L,
			  q->clocks_locked ? "value.yes" : "value.no"));
	} else if (!strcmp(w, "throttle_mode")) {
		lang_name_put(x, "sess.throttle_mode", q->throttle, 0,
			      fv_put(&v, "MODE"));
		if (q->throttle_pct > 0)
			rbuf_printf(fv_put(&v, "PCT"), "\\num{%g}",
				    q->throttle_pct);
		fv_emit(x, cell, !q->throttle ? "sess.not_recorded" :
			q->throttle_pct > 0 ? "sess.throttle_at" :
			"sess.throttle_mode_only", &v);
	} else if (!strncmp(w, "throttled", 9)) {
		session_throttled(x, q, w[9] != '\0', cell);
	} else if (!strcmp(w, "timers")) {
		return timers_text(x, q, cell);
	} else if (!strcmp(w, "counters")) {
		/* stored as data since schema 4; "--" for an older
		 * session (its timers text may say) */
		d = q->counters && strcmp(q->counters, VOCAB_COUNTERS_READ);
		rbuf_puts(cell, !q->counters ? "--" : lang_get(x->L, d ?
			  "sess.counters_unavailable" : "sess.counters_read"));
		if (d && q->counters_why) {
			rbuf_puts(cell, ": ");
			rbuf_put_prose(cell, q->counters_why, 1);
		}
	} else if (!strcmp(w, "samples")) {
		/* what is stored, counted: a slim session still keeps the
		 * transfer suite's samples */
		if (store_sample_count(x->st, q->id, &cnt)) {
			/* refuses the report at its end */
			model_store_fail(x, "sample counts");
			rbuf_puts(cell, "?");
			return 0;
		}
		rbuf_printf(fv_put(&v, "N"), "\\num{%lld}", cnt);
		fv_emit(x, cell, !cnt ? "sess.samples_none" : q->keep_samples ?
			"sess.samples_all" : "sess.samples_slim", &v);
	}
	fv_free(&v);
	return 0;
}

/* 1 when a reported device has an FP64 peak: only then is it given,
 * so that a report of the FP32 suites names no FP64 peak. */
static int any_peak_fp64(const struct rctx *x)
{
	size_t d;

	for (d = 0; d < x->ndevs; d++)
		if (isfinite(dev_peak_fp64(x->devs[d])))
			return 1;
	return 0;
}

/* The sources by their letters (strings "ref.X", "intro.src.X"), in
 * the order of SEEDS.md. */
static const char *const sources[] = {"P", "J", "B", "G", "R"};
#define NSOURCES (sizeof(sources) / sizeof(sources[0]))

/* What each source contributed, a sentence each, in one paragraph;
 * what each experiment sets out to find, for those the data holds: a
 * list of items as the findings have. */
static int objectives(struct rctx *x)
{
	const char *fs[SUITE_N];
	struct rfind f;
	struct rbuf b;
	struct kv v;
	char key[64];
	size_t i, nf = front_suites(x, fs);
	int rc = 0;

	rbuf_init(&b);
	rbuf_puts(&b, lang_get(x->L, "intro.sources"));
	for (i = 0; i < NSOURCES; i++) {
		snprintf(key, sizeof(key), "intro.src.%s", sources[i]);
		rbuf_printf(&b, " %s", lang_get(x->L, key));
	}
	emit_par(x, rbuf_str(&b));
	rbuf_free(&b);
	find_init(&f);
	/* the suites', then the comparison of the devices where several */
	for (i = 0; i <= nf; i++) {
		if (i == nf && x->ndevs < 2)
			continue;
		snprintf(key, sizeof(key), "intro.obj.%s", i < nf ? fs[i] :
			 "cross");
		find_add(x, &f, key, NULL, 0);
	}
	emit_par(x, lang_get(x->L, "intro.objectives"));
	if (f.n) {
		v = (struct kv){"ITEMS", rbuf_str(&f.items)};
		rc = frag_put(x, &x->body, "compactlist", &v, 1);
	}
	find_free(&f);
	return rc;
}

/* How the sessions s[0..n-1] sampled and timed, and what a launch
 * costs as they measured it: the yardstick of the launch-bound mark;
 * or that the database cannot say. */
static int method_sampling(struct rctx *x, const struct store_session **s,
			   size_t n)
{
	double lo = NAN, hi = NAN;
	struct rbuf *t, o;
	struct fv v;
	size_t i;
	int rc;

	fv_init(&v);
	rc = sess_range(x, s, n, 'w', "method.warmup", fv_put(&v, "WARMUP"));
	rc |= sess_range(x, s, n, 'r', "method.repeat", fv_put(&v, "REPEAT"));
	rc |= sess_range(x, s, n, 'm', "method.minsamples",
			 fv_put(&v, "MINSAMPLES"));
	sess_range(x, s, n, 't', NULL, fv_put(&v, "MAXTIME"));
	rc |= timers_text(x, s[0], t = fv_put(&v, "TIMERS"));
	/* their one text where all took their times alike, else that they
	 * differ (the sessions appendix gives each) */
	for (i = 1; i < n && !rc; i++) {
		rbuf_init(&o);
		rc = timers_text(x, s[i], &o);
		if (strcmp(rbuf_str(&o), rbuf_str(t))) {
			rbuf_free(t);
			rbuf_puts(t, lang_get(x->L, "method.timers_differ"));
			i = n;
		}
		rbuf_free(&o);
	}
	if (n == 1)
		rbuf_printf(fv_put(&v, "SEED"), "%llu", s[0]->seed);
	else
		fv_str(&v, "SEED", lang_get(x->L, "method.seed_each"));
	rc |= fv_par(x, "method.sampling", &v);
	rc |= fv_par(x, "method.timers", &v);
	for (i = 0; i < n; i++)
		if (s[i]->launch_us > 0)
			num_range_add(s[i]->launch_us, &lo, &hi);
	if (isfinite(lo))
		num_range_put(fv_put(&v, "US"), lo, hi, 3, find_num);
	rc |= fv_par(x, isfinite(lo) ? "method.launch" :
		     "method.launch_unknown", &v);
	fv_free(&v);
	return rc;
}

/* The method: the database, its sessions and devices; how they sampled
 * and timed; how results were verified; the statistics and the rules. */
static int method_pars(struct rctx *x, const struct store_session **s,
		       size_t ns)
{
	static const char *const pars[] = {"method.verify", "method.stats",
		"method.flops", "method.gain", "method.signif", "method.rules",
		"method.devs"};	/* the last where several GPUs are */
	double maxerr;
	size_t i;
	struct fv v;
	int rc, nfail, nrun, nok;

	fv_init(&v);
	fv_source(x, &v);
	rc = label_count_put(x, "method.nsess", (long long)ns, (long long)ns,
			     fv_put(&v, "SESSIONS"));
	rc |= label_count_put(x, "method.ndev", (long long)x->ndevs,
			      (long long)x->ndevs, fv_put(&v, "DEVICES"));
	rc |= fv_par(x, "method.intro", &v);
	if (ns) {
		rc |= method_sampling(x, s, ns);
		sess_range(x, s, ns, 'o', NULL, fv_put(&v, "TOL"));
	} else {
		emit_par(x, lang_get(x->L, "method.nosession"));
		fv_str(&v, "TOL", "--");
	}
	model_cfgs_count(x, -1, NULL, NULL, &nfail, &nrun, &nok, &maxerr);
	if (isfinite(maxerr))
		rbuf_printf(fv_put(&v, "MAXERR"), "\\num{%.2e}", maxerr);
	else
		fv_str(&v, "MAXERR", lang_get(x->L, "method.noerr"));
	fv_int(&v, "NFAILED", nfail);
	fv_int(&v, "NSKIPPED", (long long)x->ncfgs - nrun);
	/* the rules' constants as analysis/rules.h holds them */
	find_pct(fv_put(&v, "THR"), 100 * x->threshold, 2);
	fv_int(&v, "PAIRS", (long long)x->threshold_pairs);
	fv_int(&v, "MINPAIRS", RULE_MIN_PAIRS);
	find_pct(fv_put(&v, "FLOOR"), 100 * RULE_MIN_THRESHOLD, 2);
	find_pct(fv_put(&v, "CLOCKTOL"), 100 * RULE_CLOCK_TOL, 2);
	find_num(fv_put(&v, "ALPHA"), RULE_ALPHA, 1);
	for (i = 0; i < sizeof(pars) / sizeof(pars[0]) - (x->ndevs < 2); i++)
		rc |= fv_par(x, pars[i], &v);
	fv_free(&v);
	return rc;
}

/* Absent data is said, not left to be guessed: the suites of the first
 * group when missing; the memory-access experiments came later, so a
 * database measured before them is not told they are missing, one that
 * holds any of them is told which others it lacks; so did the scalar
 * product and the walkers, as a pair of their own (a database of the
 * memory experiments alone is not told they are missing). */
static int method_absent(struct rctx *x)
{
	static const char *const groups[] = {VOCAB_SUITE_VERSIONS,
		VOCAB_SUITE_REFERENCE, VOCAB_SUITE_TRANSFER, VOCAB_SUITE_ILP,
		NULL, VOCAB_SUITE_TRANSPOSE, VOCAB_SUITE_BANK,
		VOCAB_SUITE_COALESCE, NULL, VOCAB_SUITE_DOT,
		VOCAB_SUITE_WALKERS, NULL};	/* NULL ends a group */
	struct rbuf *list;
	struct fv v;
	size_t g, i;
	int any, rc = 0;

	fv_init(&v);
	list = fv_put(&v, "SUITES");
	for (g = 0; g < sizeof(groups) / sizeof(groups[0]); g = i + 1) {
		for (i = g, any = !g; groups[i]; i++)
			any |= model_has_suite(x, -1, groups[i]);
		for (i = g; groups[i]; i++)
			if (any && !model_has_suite(x, -1, groups[i]))
				rbuf_printf(list, "%s\\texttt{%s}",
					    list->len ? ", " : "", groups[i]);
	}
	if (list->len)
		rc = fv_par(x, "method.absent", &v);
	fv_free(&v);
	return rc;
}

int sec_refs(struct rctx *x)
{
	char name[32], key[32];
	struct rbuf items;
	struct kv v[3];
	size_t i;
	int rc = 0;

	rbuf_init(&items);
	for (i = 0; i < NSOURCES && !rc; i++) {
		snprintf(name, sizeof(name), "ref.%s.name", sources[i]);
		snprintf(key, sizeof(key), "ref.%s", sources[i]);
		v[0] = (struct kv){"NAME", lang_get(x->L, name)};
		v[1] = (struct kv){"KEY", sources[i]};
		v[2] = (struct kv){"TEXT", lang_get(x->L, key)};
		rc = frag_put(x, &items, "reference", v, 3);
	}
	v[0] = (struct kv){"TITLE", lang_get(x->L, "ref.title")};
	v[1] = (struct kv){"ITEMS", rbuf_str(&items)};
	if (!rc)
		rc = frag_put(x, &x->body, "references", v, 2);
	rbuf_free(&items);
	return rc;
}

/* The rows the device record itself gives: its identity above the
 * properties, the derived peaks below them; a property of such a key is
 * not listed again. Each row is named by the string "prop.KEY", as a
 * property is. */
static const char *const dev_own[] = {"name", "uuid", "pci_bus_id",
	"peak_fp32", "peak_fp64", "peak_memory_bandwidth"};
#define DEV_NID 3		/* of them, the identity */
#define DEV_NOWN (sizeof(dev_own) / sizeof(dev_own[0]))

/* The row of dev_own of key, -1 when none. */
static int dev_own_find(const char *key)
{
	int i;

	for (i = 0; i < (int)DEV_NOWN && strcmp(dev_own[i], key); i++)
		;
	return i < (int)DEV_NOWN ? i : -1;
}

/* Device d's cell of row key: a row of dev_own from the record, a peak
 * "--" where it is not positive; else the property key, its value (or
 * number) and unit, "--" where d lacks it. */
static void dev_cell(const struct rctx *x, const struct store_device *d,
		     const char *key, struct rbuf *b)
{
	const struct store_prop *p = dev_own_find(key) < 0 ?
				     store_device_prop(d, key) : NULL;
	double pk;

	if (!strcmp(key, "name")) {
		name_put(x, d->name, 1, b);
	} else if (!strcmp(key, "uuid") || !strcmp(key, "pci_bus_id")) {
		rbuf_puts(b, *key == 'u' ? "\\footnotesize " : "");
		rbuf_put_tex(b, *key == 'u' ? d->uuid : d->pci_bus_id, 1);
	} else if (dev_own_find(key) >= 0) {
		pk = !strcmp(key, "peak_fp32") ? d->peak_fp32_gflops :
		     !strcmp(key, "peak_fp64") ? dev_peak_fp64(d) :
		     d->peak_mem_gbs;
		find_num(b, pk > 0 ? pk : NAN, 4);	/* "--" where none */
	} else if (p && p->value && *p->value) {
		/* "yes" and "no" in the report's language (value.yes,
		 * value.no) */
		lang_name_put(x, "value", p->value, 1, b);
	} else if (p && p->has_num) {
		rbuf_printf(b, "%.10g", p->num);
	} else {
		rbuf_puts(b, "--");
	}
	if (p && p->unit && *p->unit) {
		rbuf_puts(b, "~");
		rbuf_put_tex(b, p->unit, 0);
	}
}

/* The rows of the device tables into *out (malloc'd; free() the array
 * only) and *n: the record's identity, the union of the devices'
 * property keys in first-seen order less those the record gives, NULL
 * for a gap, the peaks (FP64's where a reported device has it). -1 out
 * of memory. */
static int dev_rows(const struct rctx *x, const char ***out, size_t *n)
{
	const char **keys, *k;
	size_t i, j, d, cap = DEV_NOWN + 2;

	for (d = 0; d < x->ndevs; d++)
		cap += x->devs[d]->nprops;
	*n = 0;
	*out = keys = malloc(cap * sizeof(*keys));
	if (!keys)
		return -1;
	for (i = 0; i < DEV_NID; i++)
		keys[(*n)++] = dev_own[i];
	for (d = 0; d < x->ndevs; d++)
		for (i = 0; i < x->devs[d]->nprops; i++) {
			k = x->devs[d]->props[i].key;
			for (j = 0; k && j < *n && strcmp(keys[j], k); j++)
				;
			if (k && j == *n && dev_own_find(k) < 0)
				keys[(*n)++] = k;
		}
	keys[(*n)++] = NULL;
	for (i = DEV_NID; i < DEV_NOWN; i++)
		if (strcmp(dev_own[i], "peak_fp64") || any_peak_fp64(x))
			keys[(*n)++] = dev_own[i];
	return 0;
}

/* One table of ncol columns side by side: of the sessions s[0..ncol-1]
 * in the rows sr[0..nrows-1] of sess_rows; or, s NULL, of the devices
 * d[0..ncol-1] in the rows rows[0..nrows-1] (NULL: a gap) with the
 * device note. Anchored anchor, captioned caption. */
static int side_table(struct rctx *x, const struct store_session **s,
		      const struct sess_row *sr,
		      struct store_device *const *d, const char **rows,
		      size_t nrows, size_t ncol, const char *anchor,
		      const char *caption)
{
	char kinds[RTABLE_MAXCOLS + 1] = "l";
	struct rtable t;
	struct rbuf cell;
	size_t i, r;
	int rc = 0;

	for (i = 0; i < ncol; i++)
		strcat(kinds, "X");
	rtable_init(&t, kinds);
	rbuf_init(&cell);
	rtable_head(&t, lang_get(x->L, s ? "sess.setting" : "device.param"));
	for (i = 0; i < ncol; i++) {
		rbuf_free(&cell);
		if (s)
			rbuf_printf(&cell, "%s~%lld", lang_get(x->L,
				    "sess.session"), (long long)s[i]->id);
		else if (x->ndevs > 1)
			rbuf_printf(&cell, "GPU~%zu",
				    (size_t)(d - x->devs) + i + 1);
		else
			rbuf_puts(&cell, lang_get(x->L, "device.value"));
		rtable_head(&t, rbuf_str(&cell));
	}
	rtable_head_end(&t);
	for (r = 0; r < nrows; r++) {
		if (!s && !rows[r]) {
			rtable_gap(&t);
			continue;
		}
		rbuf_free(&cell);
		lang_name_put(x, s ? "sess" : "prop", s ? sr[r].name :
			      rows[r], 1, &cell);
		rtable_text(&t, rbuf_str(&cell));
		for (i = 0; i < ncol; i++) {
			rbuf_free(&cell);
			if (!s)
				dev_cell(x, d[i], rows[r], &cell);
			else if (sr[r].kind == SR_CODE)
				rc |= session_cell(x, s[i], sr[r].name, &cell);
			else
				session_field(x, &sr[r], s[i], &cell);
			rtable_text(&t, rbuf_str(&cell));
		}
		rtable_row_end(&t);
	}
	/* the devices' note: the peaks' formulas, FP64's where given */
	rbuf_free(&cell);
	rbuf_printf(&cell, "%s %s", lang_get(x->L, "device.note"),
		    any_peak_fp64(x) ? lang_get(x->L, "device.note_fp64") : "");
	if (!rc)
		rc = emit_table(x, &t, caption, anchor, s ? NULL :
				rbuf_str(&cell));
	rtable_free(&t);
	rbuf_free(&cell);
	return rc;
}

/* The tables of rows of every reported device: four devices per table
 * keep the columns readable. caption NULL: the appendix's. */
static int device_tables(struct rctx *x, const char **rows, size_t nrows,
			 const char *anchor, const char *caption)
{
	size_t c, n;
	int rc = 0;

	for (c = 0; c < x->ndevs && !rc; c += 4) {
		n = x->ndevs - c < 4 ? x->ndevs - c : 4;
		rc = side_table(x, NULL, NULL, x->devs + c, rows, nrows, n,
				anchor, caption ? caption : lang_plural(x->L,
				"device.caption", (long long)n));
	}
	return rc;
}

int sec_intro(struct rctx *x)
{
	/* what the findings lean on (SMs, clock, L2, peaks), a column per
	 * GPU; the full parameter table is an appendix */
	static const char *hw[] = {"name", "compute_capability",
		"multiprocessor_count", "clock_rate", "l2_cache_size",
		"peak_fp32", "peak_memory_bandwidth", "peak_fp64"};
	int rc;

	emit_heading(x, 0, lang_get(x->L, "intro.title"));
	rc = objectives(x);
	emit_heading(x, 1, lang_get(x->L, "intro.hardware"));
	rc |= device_tables(x, hw, any_peak_fp64(x) ? 8 : 7, "hardware",
			    lang_get(x->L, "hw.caption"));
	emit_heading(x, 1, lang_get(x->L, "method.title"));
	rbuf_puts(&x->body, "\\label{sec:method}\n");
	rc |= method_pars(x, x->used, x->nused);
	rc |= method_absent(x);
	return rc ? -1 : 0;
}

int sec_device(struct rctx *x)
{
	const char **keys = NULL;
	size_t nkeys;
	int rc;

	emit_heading(x, 0, lang_get(x->L, "device.title"));
	rbuf_puts(&x->body, "\\label{app:device}\n");
	if (dev_rows(x, &keys, &nkeys))
		return -1;
	rc = device_tables(x, keys, nkeys, "device", NULL);
	free(keys);
	return rc;
}

int sec_sessions(struct rctx *x)
{
	const struct store_session **s = x->used;
	size_t i, n, ns = x->nused;
	int rc = 0, part;

	emit_heading(x, 0, lang_get(x->L, "sess.title"));
	rbuf_puts(&x->body, "\\label{app:sessions}\n");
	if (!ns)
		emit_par(x, lang_get(x->L, "method.nosession"));
	/* sessions side by side in one settings table: three are too tall
	 * for a page and too narrow for CLOCK_MONOTONIC */
	for (i = 0; i < ns && !rc; i += 2)
		for (part = 0, n = ns - i < 2 ? ns - i : 2; part < 2 && !rc;
		     part++)
			rc = side_table(x, s + i, sess_rows + (part ?
					NSESS_SETTING : 0), NULL, NULL, part ?
					NSESS_ROWS - NSESS_SETTING :
					NSESS_SETTING, n, part ?
					"sessions-run" : "sessions",
					lang_plural(x->L, part ?
					"sess.caption_run" : "sess.caption",
					(long long)n));
	return rc;
}
