/* The `transfer` suite (report G): phase statistics per variant, host
 * memory mode and size; relative gains (a - b) / a of every phase and
 * statistic, tested for significance on the raw samples; the gains
 * against size; where a run's time goes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

#define ALPHA 0.05

static int is_time(const char *unit)
{
	return unit && (!strcmp(unit, "ms") || !strcmp(unit, "s") ||
			!strcmp(unit, "us"));
}

static void host_text(const struct rctx *x, const char *h, struct rbuf *b)
{
	char key[96];
	const char *t;

	snprintf(key, sizeof(key), "host.%s", h ? h : "");
	t = lang_find(x->L, key);
	if (t)
		rbuf_puts(b, t);
	else
		rbuf_put_tex(b, h && *h ? h : "--", 0);
}

static double stat_of(const struct stats_summary *s, int which)
{
	switch (which) {
	case 0: return s->min;
	case 1: return s->max;
	case 2: return s->mean;
	case 3: return s->median;
	default: return s->stddev;
	}
}

static void stat_heads(struct rctx *x, struct rtable *t)
{
	rtable_head(t, lang_get(x->L, "stat.min"));
	rtable_head(t, lang_get(x->L, "stat.max"));
	rtable_head(t, lang_get(x->L, "stat.avg"));
	rtable_head(t, lang_get(x->L, "stat.median"));
	rtable_head(t, lang_get(x->L, "stat.stddev"));
}

/* Report G's table: rows = phases, columns = the five statistics. */
static int phase_table(struct rctx *x, int dev, const struct rcfg *c)
{
	struct rtable t;
	struct rbuf cap, anc, nm, hm, dl, nr, cell;
	struct kv v[5];
	char size[32];
	size_t i;
	int j, rc;

	rtable_init(&t, "XlSSSSSS");
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&nm);
	rbuf_init(&hm);
	rbuf_init(&dl);
	rbuf_init(&nr);
	rbuf_init(&cell);
	rtable_head(&t, lang_get(x->L, "transfer.phase"));
	rtable_head(&t, lang_get(x->L, "word.unit"));
	stat_heads(x, &t);
	rtable_head(&t, "\\(n\\)");
	rtable_head_end(&t);
	for (i = 0; i < c->nstats; i++) {
		const struct store_stat *s = &c->stats[i];

		/* the counter pass's single values are no phases */
		if (metric_is_counter(s->metric))
			continue;
		rbuf_free(&cell);
		metric_name(x, s->metric, &cell);
		rtable_text(&t, rbuf_str(&cell));
		rbuf_free(&cell);
		unit_text(s->unit, &cell);
		rtable_text(&t, rbuf_str(&cell));
		for (j = 0; j < 5; j++)
			rtable_num(&t, stat_of(&s->s, j), -1, 0);
		rtable_int(&t, (long long)s->s.n);
		rtable_row_end(&t);
	}
	rbuf_put_tex(&nm, c->c->variant, 0);
	host_text(x, c->c->host_mem, &hm);
	dev_suffix(x, dev, &dl);
	snprintf(size, sizeof(size), "%d", c->c->n);
	v[0] = (struct kv){"NAME", rbuf_str(&nm)};
	v[1] = (struct kv){"HOST", rbuf_str(&hm)};
	v[2] = (struct kv){"SIZE", size};
	v[3] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, "transfer.table", v, 4);
	rbuf_printf(&anc, "transfer dev=%lld variant=%s host=%s n=%d",
		    (long long)x->devs[dev]->id, c->c->variant,
		    c->c->host_mem ? c->c->host_mem : "", c->c->n);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc), NULL);
	rtable_free(&t);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&nm);
	rbuf_free(&hm);
	rbuf_free(&dl);
	rbuf_free(&nr);
	rbuf_free(&cell);
	return rc;
}

/* Mann-Whitney p-value of metric between a and b; -1 when the raw
 * samples are not stored (slim database), -2 on failure. */
static double gain_p(struct rctx *x, const struct rcfg *a,
		     const struct rcfg *b, const char *metric)
{
	double *sa = NULL, *sb = NULL, p = -1;
	size_t na = 0, nb = 0;
	struct stats_mwu m;

	if (store_sample_get(x->st, a->c->id, metric, &sa, &na) ||
	    store_sample_get(x->st, b->c->id, metric, &sb, &nb)) {
		fprintf(stderr, "mmreport: cannot read samples: %s\n",
			store_errmsg(x->st));
		p = -2;
	} else if (na && nb) {
		p = stats_mwu_test(sa, na, sb, nb, &m) ? -2 : m.p;
	}
	free(sa);
	free(sb);
	return p;
}

/* Relative gains of b over a for every time phase and statistic. *avg
 * receives the gain of the mean of each phase in phases[] order. */
static int gain_table(struct rctx *x, int dev, const struct rcfg *a,
		      const struct rcfg *b, const char *kind,
		      const char *phases[], size_t nph, double *avg)
{
	struct rtable t;
	struct rbuf cap, anc, an, bn, fixed, dl, cell;
	struct kv v[6];
	char size[32];
	size_t i;
	int j, rc = 0;

	rtable_init(&t, "lSSSSSS");
	rbuf_init(&cap);
	rbuf_init(&anc);
	rbuf_init(&an);
	rbuf_init(&bn);
	rbuf_init(&fixed);
	rbuf_init(&dl);
	rbuf_init(&cell);
	rtable_head_span(&t, 1, "");
	rtable_head_span(&t, 5, lang_get(x->L, "gain.head"));
	rtable_head_span(&t, 1, "");
	rtable_head_end(&t);
	rtable_head(&t, lang_get(x->L, "transfer.phase"));
	stat_heads(x, &t);
	rtable_head(&t, "\\(p\\)");
	rtable_head_end(&t);
	for (i = 0; i < nph; i++) {
		const struct store_stat *sa = rcfg_stat(a, phases[i]);
		const struct store_stat *sb = rcfg_stat(b, phases[i]);
		double p;
		int flags;

		avg[i] = NAN;
		if (!sa || !sb)
			continue;
		p = gain_p(x, a, b, phases[i]);
		if (p < -1.5) {
			rc = -1;
			goto out;
		}
		flags = p < 0 ? RT_NTMARK : p >= ALPHA ? RT_GREY | RT_NSMARK
			: 0;
		if (p < 0)
			x->notes_nt = 1;
		else if (p >= ALPHA)
			x->notes_ns = 1;
		rbuf_free(&cell);
		metric_name(x, phases[i], &cell);
		rtable_text(&t, rbuf_str(&cell));
		for (j = 0; j < 5; j++)
			rtable_num(&t, stats_gain_percent(stat_of(&sa->s, j),
				   stat_of(&sb->s, j)), 1, flags);
		avg[i] = stats_gain_percent(sa->s.mean, sb->s.mean);
		if (p < 0) {
			rtable_text(&t, "--");
		} else if (p < 0.001) {
			rtable_num(&t, 0.001, 3, RT_LESS);
		} else {
			rtable_num(&t, p, 3, flags & RT_GREY);
		}
		rtable_row_end(&t);
	}
	dev_suffix(x, dev, &dl);
	if (!strcmp(kind, "host")) {
		host_text(x, a->c->host_mem, &an);
		host_text(x, b->c->host_mem, &bn);
		rbuf_put_tex(&fixed, a->c->variant, 0);
	} else {
		rbuf_put_tex(&an, a->c->variant, 0);
		rbuf_put_tex(&bn, b->c->variant, 0);
		host_text(x, a->c->host_mem, &fixed);
	}
	snprintf(size, sizeof(size), "%d", a->c->n);
	v[0] = (struct kv){"A", rbuf_str(&an)};
	v[1] = (struct kv){"B", rbuf_str(&bn)};
	v[2] = (struct kv){"FIXED", rbuf_str(&fixed)};
	v[3] = (struct kv){"SIZE", size};
	v[4] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, !strcmp(kind, "host") ? "gain.table_host" :
		    "gain.table_variant", v, 5);
	if (!strcmp(kind, "host"))
		rbuf_printf(&anc, "gain dev=%lld variant=%s a=%s b=%s n=%d",
			    (long long)x->devs[dev]->id, a->c->variant,
			    a->c->host_mem, b->c->host_mem, a->c->n);
	else
		rbuf_printf(&anc, "gain dev=%lld host=%s a=%s b=%s n=%d",
			    (long long)x->devs[dev]->id, a->c->host_mem,
			    a->c->variant, b->c->variant, a->c->n);
	rc = emit_table(x, &t, rbuf_str(&cap), rbuf_str(&anc),
			lang_get(x->L, "gain.note"));
out:
	rtable_free(&t);
	rbuf_free(&cap);
	rbuf_free(&anc);
	rbuf_free(&an);
	rbuf_free(&bn);
	rbuf_free(&fixed);
	rbuf_free(&dl);
	rbuf_free(&cell);
	return rc;
}

/* The time phases of the transfer configurations of dev, store order. */
static size_t time_phases(const struct rctx *x, int dev, const char ***out)
{
	const char **n = NULL, **u = NULL;
	size_t cnt, i, k = 0;

	cnt = metric_list(x, dev, "transfer", NULL, &n, &u);
	for (i = 0; i < cnt; i++)
		if (is_time(u[i]))
			n[k++] = n[i];
	free(u);
	*out = n;
	return k;
}

/* Gain tables of one comparison (a fixed, b the alternative) over the
 * sizes both have, then the figure of the mean's gain against size. */
static int comparison(struct rctx *x, int dev, const char *kind,
		      const char *fixed, const char *an, const char *bn,
		      const char **ph, size_t nph)
{
	int *sizes = NULL;
	size_t ns, i, j, cnt = 0;
	double *xs = NULL, *ys = NULL, zx[2], zy[2] = {0, 0};
	struct pline *l = NULL;
	struct rbuf *titles = NULL, cap, a, b, f, dl;
	struct pspec ps;
	struct kv v[4];
	int rc = 0, k;

	ns = model_ints(x, dev, "transfer", NULL, NULL, 'n', &sizes);
	xs = calloc(ns + 1, sizeof(*xs));
	ys = calloc((ns + 1) * (nph + 1), sizeof(*ys));
	l = calloc(nph + 1, sizeof(*l));
	titles = calloc(nph + 1, sizeof(*titles));
	rbuf_init(&cap);
	rbuf_init(&a);
	rbuf_init(&b);
	rbuf_init(&f);
	rbuf_init(&dl);
	if (!xs || !ys || !l || !titles) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < ns && !rc; i++) {
		const struct rcfg *ca, *cb;
		double avg[64];

		if (!strcmp(kind, "host")) {
			ca = model_find(x, dev, "transfer", fixed, an,
					sizes[i], -1, -1);
			cb = model_find(x, dev, "transfer", fixed, bn,
					sizes[i], -1, -1);
		} else {
			ca = model_find(x, dev, "transfer", an, fixed,
					sizes[i], -1, -1);
			cb = model_find(x, dev, "transfer", bn, fixed,
					sizes[i], -1, -1);
		}
		if (!rcfg_ok(ca) || !rcfg_ok(cb))
			continue;
		rc = gain_table(x, dev, ca, cb, kind, ph, nph < 64 ? nph : 64,
				avg);
		xs[cnt] = sizes[i];
		for (j = 0; j < nph && j < 64; j++)
			ys[j * (ns + 1) + cnt] = avg[j];
		cnt++;
	}
	if (rc || cnt < 1)
		goto out;
	for (j = 0; j < nph; j++) {
		rbuf_init(&titles[j]);
		metric_name(x, ph[j], &titles[j]);
		l[j] = (struct pline){rbuf_str(&titles[j]), xs,
				      ys + j * (ns + 1), cnt, PL_LINE,
				      (int)j, (int)j};
	}
	zx[0] = xs[0];
	zx[1] = xs[cnt - 1];
	rbuf_init(&titles[nph]);
	l[nph] = (struct pline){"", zx, zy, 2, PL_REF, -1, 0};
	memset(&ps, 0, sizeof(ps));
	ps.xlabel = lang_get(x->L, "axis.size");
	ps.ylabel = lang_get(x->L, "axis.gain");
	ps.logx = 2;
	ps.w = 14;
	ps.h = 7.5;
	k = plot_lines(x, &ps, l, nph + 1);
	if (!strcmp(kind, "host")) {
		host_text(x, an, &a);
		host_text(x, bn, &b);
		rbuf_put_tex(&f, fixed, 0);
	} else {
		rbuf_put_tex(&a, an, 0);
		rbuf_put_tex(&b, bn, 0);
		host_text(x, fixed, &f);
	}
	dev_suffix(x, dev, &dl);
	v[0] = (struct kv){"A", rbuf_str(&a)};
	v[1] = (struct kv){"B", rbuf_str(&b)};
	v[2] = (struct kv){"FIXED", rbuf_str(&f)};
	v[3] = (struct kv){"DEV", rbuf_str(&dl)};
	emit_string(x, &cap, "gain.figure", v, 4);
	rc = emit_figure(x, k, rbuf_str(&cap));
out:
	if (titles)
		for (j = 0; j <= nph; j++)
			rbuf_free(&titles[j]);
	free(titles);
	free(l);
	free(xs);
	free(ys);
	free(sizes);
	rbuf_free(&cap);
	rbuf_free(&a);
	rbuf_free(&b);
	rbuf_free(&f);
	rbuf_free(&dl);
	return rc;
}

/* A 100 % stacked bar per size: each phase's share of the summed mean
 * phase times (the whole run, "total", is not a phase of itself). */
static int stacked_figure(struct rctx *x, int dev, const char *variant,
			  const char *host, const char **ph, size_t nph)
{
	struct rbuf *g = &x->plot.script, name;
	int *sizes = NULL;
	size_t ns, i, j, rows = 0;
	int k, first = 1;

	ns = model_ints(x, dev, "transfer", variant, host, 'n', &sizes);
	for (i = 0; i < ns; i++)
		rows += rcfg_ok(model_find(x, dev, "transfer", variant, host,
					   sizes[i], -1, -1));
	if (!rows) {
		free(sizes);
		return 0;
	}
	k = plot_begin(x, 7.8, 6.5);
	rbuf_init(&name);
	rbuf_puts(g, "set style data histograms\n"
		  "set style histogram rowstacked\n"
		  "set style fill solid 0.85 border -1\nset boxwidth 0.7\n"
		  "set yrange [0:100]\n"
		  /* six sizes of up to five digits under narrow bars */
		  "set xtics rotate by 90 right\n"
		  "set key outside right top vertical Left reverse "
		  "spacing 1.4\n"
		  "set xlabel '");
	rbuf_put_gp(g, lang_get(x->L, "axis.size"));
	rbuf_puts(g, "'\nset ylabel '");
	rbuf_put_gp(g, lang_get(x->L, "axis.share"));
	rbuf_printf(g, "'\n$F%dS << EOD\n", k);
	for (i = 0; i < ns; i++) {
		const struct rcfg *c = model_find(x, dev, "transfer", variant,
						  host, sizes[i], -1, -1);
		double sum = 0, m;

		if (!rcfg_ok(c))
			continue;
		for (j = 0; j < nph; j++) {
			const struct store_stat *s = rcfg_stat(c, ph[j]);

			if (s && strcmp(ph[j], "total") && s->s.mean > 0)
				sum += s->s.mean;
		}
		rbuf_printf(g, "%d", sizes[i]);
		for (j = 0; j < nph; j++) {
			const struct store_stat *s = rcfg_stat(c, ph[j]);

			if (!strcmp(ph[j], "total"))
				continue;
			m = s && s->s.mean > 0 && sum > 0 ?
			    100 * s->s.mean / sum : 0;
			rbuf_printf(g, " %.6g", m);
		}
		rbuf_puts(g, "\n");
	}
	rbuf_puts(g, "EOD\nplot ");
	for (i = 0, j = 0; j < nph; j++) {
		if (!strcmp(ph[j], "total"))
			continue;
		rbuf_printf(g, "%s$F%dS using %zu%s lc rgb '%s' title '",
			    first ? "" : ", \\\n  ", k, i + 2,
			    first ? ":xtic(1)" : "", plot_color((int)j));
		rbuf_free(&name);
		metric_name(x, ph[j], &name);
		rbuf_put_gp(g, rbuf_str(&name));
		rbuf_puts(g, "'");
		first = 0;
		i++;
	}
	rbuf_puts(g, "\n");
	rbuf_free(&name);
	free(sizes);
	return k;
}

static int stacked_part(struct rctx *x, int dev, const char *variant,
			const char **hosts, size_t nh, const char **ph,
			size_t nph)
{
	struct rbuf pics, cap, one, nm;
	char *sub;
	size_t h;
	int rc = 0, any = 0;

	sub = tmpl_fragment(x->frags, "subpicture");
	if (!sub)
		return -1;
	rbuf_init(&pics);
	rbuf_init(&cap);
	rbuf_init(&one);
	rbuf_init(&nm);
	for (h = 0; h < nh; h++) {
		struct rbuf pic;
		struct kv v[2];
		int k = stacked_figure(x, dev, variant, hosts[h], ph, nph);

		if (!k)
			continue;
		any = 1;
		rbuf_init(&pic);
		plot_ref(x, &pic, k);
		rbuf_free(&one);
		host_text(x, hosts[h], &one);
		v[0] = (struct kv){"PICTURE", rbuf_str(&pic)};
		v[1] = (struct kv){"CAPTION", rbuf_str(&one)};
		rc |= tmpl_fill(&pics, sub, v, 2);
		rbuf_free(&pic);
	}
	if (any) {
		struct kv v[3];
		struct rbuf dl, anc;

		rbuf_init(&dl);
		rbuf_init(&anc);
		rbuf_put_tex(&nm, variant, 0);
		dev_suffix(x, dev, &dl);
		v[0] = (struct kv){"NAME", rbuf_str(&nm)};
		v[1] = (struct kv){"DEV", rbuf_str(&dl)};
		emit_string(x, &cap, "transfer.stacked", v, 2);
		rbuf_printf(&anc, "stacked dev=%lld variant=%s",
			    (long long)x->devs[dev]->id, variant);
		v[0] = (struct kv){"ANCHOR", rbuf_str(&anc)};
		v[1] = (struct kv){"PICTURES", rbuf_str(&pics)};
		v[2] = (struct kv){"CAPTION", rbuf_str(&cap)};
		rc |= emit_fragment(x, "figurepair", v, 3);
		rbuf_free(&dl);
		rbuf_free(&anc);
	}
	free(sub);
	rbuf_free(&pics);
	rbuf_free(&cap);
	rbuf_free(&one);
	rbuf_free(&nm);
	return rc;
}

/* Moves want to the front of v (the baseline reads first, as in report
 * G) and returns the front entry. */
static const char *pick(const char **v, size_t n, const char *want)
{
	size_t i;
	const char *t;

	for (i = 0; i < n; i++)
		if (!strcmp(v[i], want)) {
			t = v[i];
			memmove(v + 1, v, i * sizeof(*v));
			v[0] = t;
			break;
		}
	return n ? v[0] : NULL;
}

static int device_part(struct rctx *x, int dev)
{
	const char **vars = NULL, **hosts = NULL, **ph = NULL;
	const char *base_h, *base_v;
	size_t nv, nh, nph, i, h, s;
	int *sizes = NULL, rc = 0;
	int lv = x->ndevs > 1 ? 2 : 1;	/* under the device's heading */
	struct rbuf t;

	rbuf_init(&t);
	nv = model_names(x, dev, "transfer", NULL, 'v', &vars);
	nh = model_names(x, dev, "transfer", NULL, 'h', &hosts);
	nph = time_phases(x, dev, &ph);
	/* pageable memory and the simple kernel are report G's baselines */
	base_h = pick(hosts, nh, "pageable");
	base_v = pick(vars, nv, "simple");

	emit_heading(x, lv, lang_get(x->L, "transfer.stats"));
	for (i = 0; i < nv && !rc; i++)
		for (h = 0; h < nh && !rc; h++) {
			size_t ns = model_ints(x, dev, "transfer", vars[i],
					       hosts[h], 'n', &sizes);

			for (s = 0; s < ns && !rc; s++) {
				const struct rcfg *c = model_find(x, dev,
					"transfer", vars[i], hosts[h],
					sizes[s], -1, -1);

				if (rcfg_ok(c))
					rc = phase_table(x, dev, c);
			}
			free(sizes);
			sizes = NULL;
		}
	for (i = 0; i < nv; i++)
		problems_list(x, dev, "transfer", vars[i]);

	if (nh > 1 && !rc) {
		emit_heading(x, lv, lang_get(x->L, "gain.host_title"));
		for (i = 0; i < nv && !rc; i++)
			for (h = 0; h < nh && !rc; h++)
				if (hosts[h] != base_h)
					rc = comparison(x, dev, "host",
							vars[i], base_h,
							hosts[h], ph, nph);
	}
	if (nv > 1 && !rc) {
		emit_heading(x, lv, lang_get(x->L, "gain.variant_title"));
		for (h = 0; h < nh && !rc; h++)
			for (i = 0; i < nv && !rc; i++)
				if (vars[i] != base_v)
					rc = comparison(x, dev, "variant",
							hosts[h], base_v,
							vars[i], ph, nph);
	}
	if (!rc && nph) {
		emit_heading(x, lv, lang_get(x->L, "transfer.where"));
		for (i = 0; i < nv && !rc; i++)
			rc = stacked_part(x, dev, vars[i], hosts, nh, ph,
					  nph);
	}
	free(vars);
	free(hosts);
	free(ph);
	rbuf_free(&t);
	return rc;
}

int sec_transfer(struct rctx *x)
{
	return emit_suite_section(x, "transfer", device_part);
}
