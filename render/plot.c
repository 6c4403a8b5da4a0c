/* Figures: every figure of a report is one section of a single gnuplot
 * script, run once at the end (one process, however many figures). The
 * pict2e terminal writes LaTeX picture code that needs only standard
 * packages (pict2e, xcolor, graphicx, amssymb, latexsym), so the figures
 * can sit inline in the .tex and pdflatex needs no other step. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "render_int.h"

extern char **environ;

#define FIG_MARK '\001'		/* never in the body: escaping drops it */

/* gnuplot's line colours, so that figures look alike. */
static const char *plot_color(int i)
{
	/* Okabe-Ito, distinguishable in colour-blind vision and grey */
	static const char *const c[] = {"#0072B2", "#D55E00", "#009E73",
		"#CC79A7", "#E69F00", "#56B4E9", "#000000", "#882255"};

	return c[(unsigned)i % (sizeof(c) / sizeof(c[0]))];
}

static int plot_tmpdir(struct rplot *p)
{
	const char *t = getenv("TMPDIR");
	struct rbuf b;

	if (p->tmpdir)
		return 0;
	rbuf_init(&b);
	rbuf_printf(&b, "%s/mmreport-XXXXXX", t && *t ? t : "/tmp");
	p->tmpdir = rbuf_take(&b);
	if (!p->tmpdir)
		return -1;
	if (!mkdtemp(p->tmpdir)) {
		fprintf(stderr, "mmreport: cannot create a temporary "
			"directory '%s': %s\n", p->tmpdir, strerror(errno));
		free(p->tmpdir);
		p->tmpdir = NULL;
		return -1;
	}
	return 0;
}

static void fig_path(const struct rctx *x, int k, struct rbuf *b)
{
	rbuf_printf(b, "%s/fig-%03d.tex", x->o->figures_dir ?
		    x->o->figures_dir : x->plot.tmpdir, k);
}

int plot_begin(struct rctx *x, double w, double h)
{
	struct rplot *p = &x->plot;
	struct rbuf path;
	int k = ++p->nfig;

	if (!x->o->figures_dir && plot_tmpdir(p))
		p->script.oom = 1;	/* reported again by plot_finish */
	rbuf_init(&path);
	fig_path(x, k, &path);
	rbuf_printf(&p->script, "\n# figure %d\nreset\n"
		    "set terminal pict2e color size %.2fcm,%.2fcm "
		    "linewidth 1.2\nset output '", k, w, h);
	rbuf_put_gp(&p->script, rbuf_str(&path));
	rbuf_puts(&p->script, "'\nset termoption noenhanced\n"
		  "set border lw 0.8\nset grid lc rgb '#c0c0c0' lw 0.5\n");
	/* tic labels use the language's decimal marker, as the tables do */
	if (!strcmp(lang_get(x->L, "latex.decimal"), ","))
		rbuf_puts(&p->script, "set decimalsign ','\n");
	rbuf_free(&path);
	return k;
}

void plot_ref(struct rctx *x, struct rbuf *out, int k)
{
	if (x->o->figures_dir) {
		rbuf_puts(out, "\\input{");
		fig_path(x, k, out);
		rbuf_putc(out, '}');
	} else {
		rbuf_printf(out, "%cFIG%d%c", FIG_MARK, k, FIG_MARK);
	}
}

/* Runs gnuplot on script; its stdout goes to our stderr so that nothing
 * but the report reaches stdout. No shell is involved. */
static int gnuplot_run(const char *script)
{
	char *argv[] = {"gnuplot", (char *)script, NULL};
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int status, rc;

	fflush(stderr);
	rc = posix_spawn_file_actions_init(&fa);
	if (!rc) {
		rc = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null",
						      O_RDONLY, 0);
		rc = rc ? rc : posix_spawn_file_actions_adddup2(&fa, 2, 1);
		rc = rc ? rc : posix_spawnp(&pid, "gnuplot", &fa, NULL, argv,
					    environ);
		posix_spawn_file_actions_destroy(&fa);
	}
	if (rc == ENOENT)
		fprintf(stderr, "mmreport: cannot draw the report's figures: "
			"gnuplot is not installed (not found in PATH); install "
			"gnuplot (Debian: gnuplot-nox)\n");
	else if (rc)
		fprintf(stderr, "mmreport: cannot run gnuplot: %s\n",
			strerror(rc));
	if (rc)
		return -1;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			fprintf(stderr, "mmreport: waitpid(gnuplot): %s\n",
				strerror(errno));
			return -1;
		}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status))
		fprintf(stderr, "mmreport: gnuplot failed (exit status %d) "
			"drawing the figures\n", WEXITSTATUS(status));
	else
		fprintf(stderr, "mmreport: gnuplot died (signal %d) drawing "
			"the figures\n", WTERMSIG(status));
	return -1;
}

void plot_free(struct rctx *x)
{
	struct rbuf b;
	int k;

	rbuf_free(&x->plot.script);
	/* the figures are the caller's where they go to figures_dir */
	for (k = 1; x->plot.tmpdir && !x->o->figures_dir &&
	     k <= x->plot.nfig; k++) {
		rbuf_init(&b);
		fig_path(x, k, &b);
		unlink(rbuf_str(&b));
		rbuf_free(&b);
	}
	if (x->plot.tmpdir) {
		rbuf_init(&b);
		rbuf_printf(&b, "%s/figures.gp", x->plot.tmpdir);
		unlink(rbuf_str(&b));
		rbuf_free(&b);
		rmdir(x->plot.tmpdir);
	}
	free(x->plot.tmpdir);
	x->plot.tmpdir = NULL;
	x->plot.nfig = 0;
}

int plot_finish(struct rctx *x, const char *body, FILE *out)
{
	struct rplot *p = &x->plot;
	struct rbuf path;
	const char *s, *m;
	FILE *f;
	int rc = RENDER_ERR_IO;

	rbuf_init(&path);
	if (p->nfig) {
		if (p->script.oom || plot_tmpdir(p)) {
			fprintf(stderr, "mmreport: cannot prepare the figures\n");
			goto out;
		}
		rbuf_puts(&p->script, "\nunset output\n");
		rbuf_printf(&path, "%s/figures.gp", p->tmpdir);
		f = fopen(rbuf_str(&path), "w");
		if (!f || fputs(rbuf_str(&p->script), f) < 0 || fclose(f)) {
			fprintf(stderr, "mmreport: cannot write '%s': %s\n",
				rbuf_str(&path), strerror(errno));
			goto out;
		}
		if (gnuplot_run(rbuf_str(&path))) {
			rc = RENDER_ERR_TOOL;
			goto out;
		}
	}
	for (s = body; (m = strchr(s, FIG_MARK)); ) {
		char *end, *fig;
		long k;

		fwrite(s, 1, (size_t)(m - s), out);
		k = strtol(m + 4, &end, 10);
		rbuf_free(&path);
		fig_path(x, (int)k, &path);
		if (!(fig = file_read(rbuf_str(&path)))) {
			fprintf(stderr, "mmreport: gnuplot wrote no '%s': %s\n",
				rbuf_str(&path), strerror(errno));
			rc = RENDER_ERR_TOOL;
			goto out;
		}
		fputs(fig, out);
		free(fig);
		s = end + 1;
	}
	fputs(s, out);
	if (fflush(out) || ferror(out)) {
		fprintf(stderr, "mmreport: cannot write the report: %s\n",
			strerror(errno));
		goto out;
	}
	rc = RENDER_OK;
out:
	rbuf_free(&path);
	return rc;
}

static int pt_ok(const struct pspec *s, double xv, double yv)
{
	return isfinite(xv) && isfinite(yv) && (!s->logx || xv > 0) &&
	       (!s->logy || yv > 0);
}

/* The distinct x values of the measured (not reference) lines, up to
 * the size cap of xs (more: *nx is cap). Returns the number of points
 * the plot would draw, reference lines included. */
static size_t plot_xs_collect(const struct pspec *s, const struct pline *l,
			      size_t nl, double *xs, size_t cap, size_t *nx)
{
	size_t i, j, q, npts = 0;

	for (i = 0; i < nl; i++)
		for (j = 0; j < l[i].n; j++) {
			if (!pt_ok(s, l[i].x[j], l[i].y[j]))
				continue;
			npts++;
			if (l[i].style == PL_REF)
				continue;
			for (q = 0; q < *nx && xs[q] != l[i].x[j]; q++)
				;
			if (q < *nx)
				continue;
			if (*nx < cap)
				xs[(*nx)++] = l[i].x[j];
		}
	return npts;
}

/* Sizes from two sweeps (352 beside 384) would print their labels on top
 * of each other: a tic closer to the last one labelled than 7% of the axis
 * gets its label on a second row below, so that every measured size is
 * named. */
static int plot_tic_close(const struct pspec *s, const double *xs, size_t nx,
			  size_t i, size_t last)
{
	return i && (s->logx ? xs[i] < xs[last] * 1.25
		     : xs[i] - xs[last] < 0.07 * (xs[nx - 1] - xs[0]));
}

/* Tics at the measured sizes, not at round numbers, and an x range just
 * around them; xs sorted, 0 < nx. */
static void plot_xtics(struct rbuf *g, const struct pspec *s,
		       const double *xs, size_t nx)
{
	struct rbuf low;	/* the labels on the second row */
	size_t i, last;

	rbuf_init(&low);
	rbuf_puts(g, "set xtics (");
	for (i = 0, last = 0; i < nx; i++) {
		if (plot_tic_close(s, xs, nx, i, last))
			rbuf_printf(&low, "set xtics add ('' %.17g)\n"
				    "set label '%.17g' at first %.17g, "
				    "graph 0 center offset 0,-1.9\n",
				    xs[i], xs[i], xs[i]);
		else
			rbuf_printf(g, "%s%.17g", i ? ", " : "", xs[last = i]);
	}
	rbuf_printf(g, ")\n%s%s", rbuf_str(&low), low.len ?
		    "set xlabel offset 0,-0.9\n" : "");
	g->oom |= low.oom;
	rbuf_free(&low);
	if (nx > 1 && s->logx) {
		rbuf_printf(g, "set xrange [%.17g:%.17g]\n",
			    xs[0] / 1.15, xs[nx - 1] * 1.15);
	} else if (nx > 1) {
		double pad = (xs[nx - 1] - xs[0]) * 0.04;

		rbuf_printf(g, "set xrange [%.17g:%.17g]\n",
			    xs[0] - pad, xs[nx - 1] + pad);
	} else if (xs[0] > 0) {
		/* one size: an interval around it, not an empty one */
		rbuf_printf(g, "set xrange [%.17g:%.17g]\n",
			    xs[0] / 1.25, xs[0] * 1.25);
	}
}

/* Labelled tics on a decimal log axis from lo to hi, so that a value
 * can be read off: 1, 2 and 5 times each power of ten over up to three
 * decades, the powers alone (minor tics between) over more. Labels
 * through \\num, in the language's decimal marker. */
static void plot_log_tics(struct rbuf *g, char axis, double lo, double hi)
{
	static const double step[] = {1, 2, 5};
	int e, e0 = (int)floor(log10(lo)), e1 = (int)ceil(log10(hi));
	int few = e1 - e0 <= 3, first = 1;
	size_t i;

	if (!(lo > 0) || !isfinite(hi) || e1 - e0 > 12)
		return;
	rbuf_printf(g, "set %ctics (", axis);
	for (e = e0; e <= e1; e++)
		for (i = 0; i < (few ? 3 : 1); i++) {
			double v = step[i] * pow(10, e);

			rbuf_printf(g, "%s'\\num{%.*f}' %.6g", first ? "" :
				    ", ", e < 0 ? -e : 0, v, v);
			first = 0;
		}
	rbuf_printf(g, ")\nset m%ctics %d\n", axis, few ? 1 : 10);
}

/* The axes' labels, scales, tics and ranges of one plot. */
static void plot_axes(struct rbuf *g, const struct pspec *s,
		      const struct pline *l, size_t nl, double *xs,
		      size_t nx)
{
	double ylo = INFINITY, yhi = -INFINITY;
	size_t i, j;

	rbuf_puts(g, "set xlabel '");
	rbuf_put_gp(g, s->xlabel);
	rbuf_puts(g, "'\nset ylabel '");
	rbuf_put_gp(g, s->ylabel);
	rbuf_puts(g, "'\n");
	if (s->logx)
		rbuf_printf(g, "set logscale x %d\n", s->logx);
	if (s->logy)
		rbuf_printf(g, "set logscale y %d\n", s->logy);
	if (s->xpow2)
		rbuf_puts(g, "set format x '$2^{%L}$'\n");
	/* nx <= 12 < the cap of xs: not too many to label */
	if (!s->xpow2 && nx > 0 && nx <= 12) {
		qsort(xs, nx, sizeof(xs[0]), rule_cmp_dbl);
		plot_xtics(g, s, xs, nx);
	}
	for (i = 0; i < nl; i++)
		for (j = 0; j < l[i].n; j++)
			if (pt_ok(s, l[i].x[j], l[i].y[j])) {
				ylo = fmin(ylo, l[i].y[j]);
				yhi = fmax(yhi, l[i].y[j]);
			}
	if (s->logy == 10)
		plot_log_tics(g, 'y', ylo, yhi);
	if (!s->logy && yhi - ylo <= 1e-9 * fmax(fabs(ylo), fabs(yhi))) {
		/* all points level (to rounding): a range around them, not
		 * an empty one or one finer than a double can tick */
		double pad = ylo ? fabs(ylo) * 0.5 : 1;

		rbuf_printf(g, "set yrange [%.17g:%.17g]\n",
			    s->yzero && ylo >= 0 ? 0 : ylo - pad, yhi + pad);
	} else if (s->yzero && !s->logy) {
		rbuf_puts(g, "set yrange [0:*]\n"
			  "set offsets 0, 0, graph 0.05, 0\n");
	} else if (!s->logy) {
		rbuf_puts(g, "set offsets 0, 0, graph 0.05, graph 0.05\n");
	}
}

void plot_series(struct rctx *x, int k, const struct pspec *s,
		 const struct pline *l, size_t nl, const char *grey,
		 int refdt)
{
	struct rbuf *g = &x->plot.script;
	size_t i, j;
	int first = 1, nref = 0, has;

	for (i = 0; i < nl; i++) {
		rbuf_printf(g, "$F%dL%zu << EOD\n", k, i);
		for (j = 0; j < l[i].n; j++)
			if (pt_ok(s, l[i].x[j], l[i].y[j]))
				rbuf_printf(g, "%.17g %.17g\n", l[i].x[j],
					    l[i].y[j]);
		rbuf_puts(g, "EOD\n");
	}
	rbuf_puts(g, "plot ");
	for (i = 0; i < nl; i++) {
		for (has = 0, j = 0; j < l[i].n; j++)
			has |= pt_ok(s, l[i].x[j], l[i].y[j]);
		if (!has)
			continue;
		rbuf_printf(g, "%s$F%dL%zu using 1:2 ", first ? "" : ", \\\n  ",
			    k, i);
		first = 0;
		/* reference lines (peaks, the roof) told apart by their
		 * dashes as well as their colour */
		if (l[i].style == PL_REF)
			rbuf_printf(g, "with lines lc rgb '%s' dt %d lw 1.5",
				    l[i].color < 0 ? grey : plot_color(l[i].color),
				    refdt ? refdt : 2 + nref++ % 4);
		else
			/* pict2e draws a dashed line as dots of the
			 * line's width: a thin one would vanish */
			rbuf_printf(g, "with %s lc rgb '%s' pt %d%s",
				    l[i].style == PL_POINTS ? "points" :
				    "linespoints", l[i].color < 0 ? grey
				    : plot_color(l[i].color), l[i].pt + 1,
				    l[i].style == PL_DOTTED ? " dt 2 lw 2" :
				    "");
		if (!l[i].title || !*l[i].title) {
			rbuf_puts(g, " notitle");
			continue;
		}
		rbuf_puts(g, " title '");
		rbuf_put_gp(g, l[i].title);
		rbuf_puts(g, "'");
	}
	rbuf_puts(g, "\n");
}

/* A level reference line (a peak) is named at its right end as well as
 * in the key, so that two of them are told apart where they run. */
static void plot_ref_labels(struct rbuf *g, const struct pspec *s,
			    const struct pline *l, size_t nl)
{
	size_t i, j;

	for (i = 0; i < nl; i++) {
		double y = NAN;
		int level = l[i].style == PL_REF && l[i].title &&
			    *l[i].title;

		for (j = 0; level && j < l[i].n; j++) {
			if (!pt_ok(s, l[i].x[j], l[i].y[j]))
				continue;
			level = isnan(y) || l[i].y[j] == y;
			y = l[i].y[j];
		}
		if (!level || isnan(y))
			continue;
		rbuf_puts(g, "set label '");
		rbuf_put_gp(g, l[i].title);
		rbuf_printf(g, "' at graph 0.99, first %.17g right front "
			    "offset 0,0.45\n", y);
	}
}

int plot_lines(struct rctx *x, const struct pspec *s, const struct pline *l,
	       size_t nl)
{
	struct rbuf *g = &x->plot.script;
	double xs[16], h;
	size_t i, j, nx = 0;
	int k, cols;

	if (!plot_xs_collect(s, l, nl, xs, sizeof(xs) / sizeof(xs[0]), &nx))
		return 0;
	/* the key under the plot, never over the data or beside it (which
	 * narrows the plot): its rows add to the figure's height, spaced
	 * because pict2e underestimates LaTeX's line height */
	for (i = 0, j = 0; i < nl; i++)
		j += l[i].title && *l[i].title;
	cols = s->w >= 12 ? 3 : 2;
	/* a roofline spans decades both ways: room to read it */
	h = s->logx && s->logy ? fmax(s->h, 9) : s->h;
	k = plot_begin(x, s->w, h + (s->key ? 0 : 0.6 * (double)((j +
		       (size_t)cols - 1) / (size_t)cols)));
	plot_axes(g, s, l, nl, xs, nx);
	if (s->key)
		rbuf_printf(g, "set key %s\n", s->key);
	else
		rbuf_printf(g, "set key below horizontal Left reverse "
			    "maxcols %d width 1 height 1.5 spacing 1.4\n", cols);
	plot_ref_labels(g, s, l, nl);
	plot_series(x, k, s, l, nl, "#808080", 0);
	return k;
}

void plot_peak_fill(const struct rctx *x, struct pline *l, struct rbuf *title,
		    const char *key, const double *xs, double *ys, size_t n,
		    double y)
{
	size_t i;

	for (i = 0; i < n; i++)
		ys[i] = y;
	rbuf_printf(title, "{\\scriptsize %s}", lang_get(x->L, key));
	*l = (struct pline){rbuf_str(title), xs, ys, n, PL_REF, -1, 0};
}
