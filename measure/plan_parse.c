/* The option lists of measure, parsed and cross-checked (plan.h). No
 * CUDA here. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "vocab.h"

/* ---- option lists ------------------------------------------------------- */

static int usage(const char *option, const char *text, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int usage(const char *option, const char *text, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "mmreport: measure: invalid %s '%s': ", option, text);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " %s\n", PLAN_HELP_HINT);
	return -1;
}

/* A whole unsigned decimal number in [lo, hi]; no sign, no blanks. */
static int number_parse(const char *s, long long lo, long long hi,
			long long *out)
{
	long long v;
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static int oom(void)
{
	fprintf(stderr, "mmreport: measure: out of memory\n");
	return -1;
}

/* One comma-separated option list being parsed: the option and its
 * text, the spec it fills, and for whole numbers their range and the
 * array they go to. */
struct list {
	const char *option, *text;
	struct plan_spec *spec;
	long long lo, hi;
	int **arr;
	size_t *n;
	int own;		/* --variants: own kernels are coming */
};

/* Calls item for each item of text, shorter than len (at most 64).
 * Returns 0, or -1 after the usage message: an empty or overlong item,
 * or one that item refused. */
static int list_parse(struct list *l, const char *option, const char *text,
		      size_t len, int (*item)(struct list *l, const char *tok))
{
	char tok[64];

	l->option = option;
	l->text = text;
	for (const char *s = text, *comma; s; s = comma ? comma + 1 : NULL) {
		size_t n;

		comma = strchr(s, ',');
		n = comma ? (size_t)(comma - s) : strlen(s);
		if (n == 0 || n >= len)
			return usage(option, text, "empty or overlong item");
		memcpy(tok, s, n);
		tok[n] = '\0';
		if (item(l, tok))
			return -1;
	}
	return 0;
}

static int suite_item(struct list *l, const char *tok)
{
	char names[160] = "";
	int s;

	if (strcmp(tok, "all") == 0) {
		l->spec->suites = (1u << SUITE_N) - 1;
		return 0;
	}
	for (s = 0; s < SUITE_N; s++)
		if (strcmp(tok, plan_suite_name(s)) == 0) {
			l->spec->suites |= 1u << s;
			return 0;
		}
	for (s = 0; s < SUITE_N; s++) {
		strcat(names, plan_suite_name(s));
		strcat(names, ", ");
	}
	return usage(l->option, l->text, "unknown suite '%s' (%sall)", tok,
		     names);
}

static int size_item(struct list *l, const char *tok)
{
	struct plan_size sz = { 0, 0, 0, 1 };
	char *x1, *x2, item[64];

	memcpy(item, tok, sizeof(item));
	x1 = strpbrk(item, "xX");
	if (!x1) {
		if (number_parse(tok, 1, PLAN_MAX_COUNT, &sz.n))
			return usage(l->option, l->text, "'%s' is not a whole "
				     "number from 1 to %lld", tok,
				     (long long)PLAN_MAX_COUNT);
		sz.m = sz.k = sz.n;
	} else {
		*x1 = '\0';
		x2 = strpbrk(x1 + 1, "xX");
		if (x2)
			*x2 = '\0';
		if (!x2 || number_parse(item, 1, PLAN_MAX_DIM, &sz.m) ||
		    number_parse(x1 + 1, 1, PLAN_MAX_DIM, &sz.k) ||
		    number_parse(x2 + 1, 1, PLAN_MAX_DIM, &sz.n))
			return usage(l->option, l->text, "'%s' is neither a "
				     "whole number nor MxKxN with each from 1 "
				     "to %d", tok, PLAN_MAX_DIM);
		sz.square = sz.m == sz.k && sz.k == sz.n;
	}
	return plan_array_push(&l->spec->sizes, &l->spec->nsizes, sizeof(sz),
			       &sz) ? oom() : 0;
}

static int int_item(struct list *l, const char *tok)
{
	long long v;
	int iv;

	if (number_parse(tok, l->lo, l->hi, &v))
		return usage(l->option, l->text, "'%s' is not a whole number "
			     "from %lld to %lld", tok, l->lo, l->hi);
	iv = (int)v;
	return plan_array_push(l->arr, l->n, sizeof(iv), &iv) ? oom() : 0;
}

/* A comma list of whole numbers in [lo, hi] into *arr[*n]. */
static int ints_parse(struct list *l, const char *option, const char *text,
		      long long lo, long long hi, int **arr, size_t *n)
{
	l->lo = lo;
	l->hi = hi;
	l->arr = arr;
	l->n = n;
	return list_parse(l, option, text, 32, int_item);
}

/* "v1, v2, ..., cublas, memcpy": the names --variants takes. */
static const char *variant_names(char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i <= kernel_count(); i++)
		plan_cat(buf, len, &used, "%s%s", i ? ", " : "",
			 i < kernel_count() ? kernel_at(i)->name :
			 VOCAB_VARIANT_MEMCPY);
	return buf;
}

/* Built-in names and memcpy point to static strings; with own kernels
 * coming (own), other names are copied and kept for plan_spec_finish. */
static int variant_item(struct list *l, const char *tok)
{
	const struct kernel_desc *kd = kernel_find(tok);
	struct plan_spec *spec = l->spec;
	const char *name;
	char names[256], *copy;

	if (strcmp(tok, VOCAB_VARIANT_MEMCPY) == 0) {
		name = VOCAB_VARIANT_MEMCPY;
	} else if (kd && !kd->user) {
		name = kd->name;	/* static, outlives text */
	} else if (l->own) {
		copy = strdup(tok);
		if (!copy || plan_array_push(&spec->pending, &spec->npending,
					     sizeof(copy), &copy)) {
			free(copy);
			return oom();
		}
		name = copy;
	} else {
		return usage(l->option, l->text, "unknown variant '%s' (%s)",
			     tok, variant_names(names, sizeof(names)));
	}
	return plan_array_push(&spec->variants, &spec->nvariants,
			       sizeof(name), &name) ? oom() : 0;
}

static int host_item(struct list *l, const char *tok)
{
	for (enum plan_host h = PLAN_HOST_PAGEABLE;
	     h <= PLAN_HOST_PINNED_OUTPUT; h++)
		if (strcmp(tok, plan_host_name(h)) == 0)
			return plan_array_push(&l->spec->hosts,
					       &l->spec->nhosts, sizeof(h),
					       &h) ? oom() : 0;
	return usage(l->option, l->text, "unknown mode '%s' (pageable, "
		     "pinned, pinned-output)", tok);
}

/* float/fp32 and double/fp64, as bits (plan.h). */
static int precision_item(struct list *l, const char *tok)
{
	if (!strcmp(tok, "float") || !strcmp(tok, VOCAB_PREC_FP32))
		l->spec->precisions |= 1u;
	else if (!strcmp(tok, "double") || !strcmp(tok, VOCAB_PREC_FP64))
		l->spec->precisions |= 2u;
	else
		return usage(l->option, l->text, "unknown precision '%s' "
			     "(float, double; or fp32, fp64)", tok);
	return 0;
}

/* "all", a list of indices, or else a UUID prefix or a part of a GPU's
 * name ("GPU-7df5", "H100"): two characters or more, the first a letter
 * (so "-1" or "x" stay errors here), which the run resolves to one
 * GPU. */
static int devices_parse(struct list *l, const char *text,
			 struct plan_spec *spec)
{
	if (strcmp(text, "all") == 0) {
		spec->device_all = 1;
		return 0;
	}
	if (isalpha((unsigned char)text[0]) && text[1]) {
		spec->device_sel = text;
		return 0;
	}
	return ints_parse(l, "--device", text, 0, 1023, &spec->devices,
			  &spec->ndevices);
}

/* Cross-checks between lists, once each is well formed. */
static int spec_validate(const struct measure_options *o,
			 struct plan_spec *spec)
{
	const struct kernel_desc *copy = kernel_find(VOCAB_VARIANT_COPY_ILP);
	int matrix = 0, rect_ok = plan_suite_active(spec, SUITE_REFERENCE);
	size_t i, j;

	for (i = 0; i < spec->nvariants; i++) {
		unsigned bits = plan_variant_suites(spec->variants[i]);
		char list[256];
		int s;

		if (!bits)	/* kept back, and no own kernel has it */
			return usage("--variants", o->variants, "unknown "
				     "variant '%s': no built-in kernel (%s) "
				     "and none that the --kernel files "
				     "declare", spec->variants[i],
				     variant_names(list, sizeof(list)));
		if (spec->suites & bits)
			continue;
		list[0] = '\0';
		for (s = 0; s < SUITE_N; s++)
			if (bits & (1u << s))
				snprintf(list + strlen(list),
					 sizeof(list) - strlen(list), "%s%s",
					 list[0] ? " or " : "",
					 plan_suite_name(s));
		return usage("--variants", o->variants, "%s is measured in "
			     "the %s suite, which --suite '%s' leaves out",
			     spec->variants[i], list, o->suites);
	}
	if (spec->precisions && !plan_suite_active(spec, SUITE_PRECISION) &&
	    !plan_suite_active(spec, SUITE_RECT) &&
	    !plan_suite_active(spec, SUITE_DOT))
		return usage("--precision", o->precision, "only the "
			     "precision, rect and dot suites measure in "
			     "double, and none of them is selected");
	for (i = 0; copy && i < spec->nilps; i++) {
		for (j = 0; j < copy->nblocks; j++)
			if (copy->blocks[j] == spec->ilps[i])
				break;
		if (j == copy->nblocks)
			return usage("--ilp", o->ilp, "the copy kernel has no "
				     "ILP %d (1, 2, 4, 8, 16)", spec->ilps[i]);
	}
	/* the suites sized by edges, not by a count (a count_label) */
	for (int s = 0; s < SUITE_N; s++)
		matrix |= !plan_hooks[s]->count_label &&
			  plan_suite_active(spec, s);
	if (plan_suite_active(spec, SUITE_RECT))
		rect_ok = 1;
	/* an own rectangular kernel selected (versions suite) */
	for (i = 0; plan_suite_active(spec, SUITE_VERSIONS) &&
		    i < kernel_count() + kernel_user_count(); i++) {
		const struct kernel_desc *d = i < kernel_count() ?
			kernel_at(i) : kernel_user_at(i - kernel_count());

		if (d->shape == KERNEL_RECT &&
		    plan_variant_selected(spec, d->name))
			rect_ok = 1;
	}
	for (i = 0; i < spec->nsizes; i++) {
		const struct plan_size *sz = &spec->sizes[i];

		if (matrix && sz->n > PLAN_MAX_DIM)
			return usage("--sizes", o->sizes, "matrix sizes are "
				     "at most %d (larger counts are for the "
				     "ilp suite alone)", PLAN_MAX_DIM);
		if (!sz->square && !rect_ok)
			return usage("--sizes", o->sizes, "%lldx%lldx%lld is "
				     "not square; only the rect suite, own "
				     "rectangular kernels and cublas take it",
				     sz->m, sz->k, sz->n);
	}
	return 0;
}

void plan_spec_release(struct plan_spec *spec)
{
	if (!spec)
		return;
	free(spec->sizes);
	free(spec->blocks);
	free(spec->variants);
	for (size_t i = 0; i < spec->npending; i++)
		free(spec->pending[i]);
	free(spec->pending);
	free(spec->ilps);
	free(spec->hosts);
	free(spec->devices);
	memset(spec, 0, sizeof(*spec));
}

int plan_spec_parse(const struct measure_options *o, struct plan_spec *spec)
{
	enum timer_kind timer;
	enum plan_throttle throttle;
	struct list l = { .spec = spec, .own = o->nkernels > 0 };
	int zero = 0;

	memset(spec, 0, sizeof(*spec));
	spec->suites = (1u << SUITE_N) - 1;
	if (o->suites) {
		spec->suites_given = 1;
		spec->suites = 0;
		if (list_parse(&l, "--suite", o->suites, 32, suite_item))
			goto fail;
	}
	if ((o->sizes && list_parse(&l, "--sizes", o->sizes, 64, size_item)) ||
	    (o->blocks && ints_parse(&l, "--blocks", o->blocks, 1, 1024,
				     &spec->blocks, &spec->nblocks)) ||
	    (o->variants && list_parse(&l, "--variants", o->variants, 32,
				       variant_item)) ||
	    (o->ilp && ints_parse(&l, "--ilp", o->ilp, 1, 1024, &spec->ilps,
				  &spec->nilps)) ||
	    (o->host_mem && list_parse(&l, "--host-mem", o->host_mem, 32,
				       host_item)) ||
	    (o->precision && list_parse(&l, "--precision", o->precision, 32,
					precision_item)))
		goto fail;
	if (o->timer && timer_kind_parse(o->timer, &timer)) {
		usage("--timer", o->timer, "not one of auto, cupti, events");
		goto fail;
	}
	if (o->throttle && plan_throttle_parse(o->throttle, &throttle)) {
		usage("--throttle", o->throttle,
		      "not one of discard, keep, wait");
		goto fail;
	}
	if (o->device) {
		if (devices_parse(&l, o->device, spec))
			goto fail;
	} else if (plan_array_push(&spec->devices, &spec->ndevices, sizeof(zero),
			      &zero)) {
		oom();
		goto fail;
	}
	if (!o->nkernels && plan_spec_finish(o, spec))
		goto fail;
	return 0;
fail:
	plan_spec_release(spec);
	return -1;
}

/* --blocks values a selected kernel does not take are left out of its
 * configurations; says so, one line per kernel, with why (the block
 * list, and the threads a block would need beyond CUDA's 1024), so that
 * a sweep does not shrink silently. */
static void blocks_dropped_report(const struct plan_spec *spec)
{
	for (size_t i = 0; i < kernel_count() + kernel_user_count(); i++) {
		const struct kernel_desc *d = i < kernel_count() ?
			kernel_at(i) : kernel_user_at(i - kernel_count());
		char list[160] = "";
		size_t used = 0;

		if (!d->nblocks || d->shape == KERNEL_COPY ||
		    !plan_variant_selected(spec, d->name) ||
		    !(spec->suites & plan_variant_suites(d->name)))
			continue;
		for (size_t b = 0; b < spec->nblocks; b++) {
			int v = spec->blocks[b], th, w;
			size_t j;

			for (j = 0; j < d->nblocks && d->blocks[j] != v; j++)
				;
			if (j < d->nblocks)
				continue;
			/* the registry knows a block's threads (b x b, b,
			 * or a tile kernel's fixed count) */
			th = kernel_desc_threads(d, v, 1);
			if (th <= 1024)
				w = snprintf(list + used, sizeof(list) - used,
					     "%s%d", used ? ", " : "", v);
			else if (th == v * v)
				w = snprintf(list + used, sizeof(list) - used,
					     "%s%d (%d x %d = %d threads, more "
					     "than 1024)", used ? ", " : "", v,
					     v, v, th);
			else
				w = snprintf(list + used, sizeof(list) - used,
					     "%s%d (%d threads, more than "
					     "1024)", used ? ", " : "", v, th);
			if (w > 0 && (size_t)w < sizeof(list) - used)
				used += (size_t)w;
		}
		if (used) {
			char takes[96] = "";
			size_t u = 0;

			for (size_t j = 0; j < d->nblocks; j++) {
				int w = snprintf(takes + u, sizeof(takes) - u,
						 "%s%d", j ? ", " : "",
						 d->blocks[j]);

				if (w > 0 && (size_t)w < sizeof(takes) - u)
					u += (size_t)w;
			}
			fprintf(stderr, "mmreport: measure: --blocks %s left "
				"out for %s, which takes %s\n", list, d->name,
				takes);
		}
	}
}

int plan_spec_finish(const struct measure_options *o, struct plan_spec *spec)
{
	struct plan probe = { 0 };

	if (spec_validate(o, spec))
		return -1;
	/* A selection that yields nothing is a usage error too, found
	 * before anything is opened. */
	if (plan_build(spec, PLAN_DRYRUN_FREE_MEM, &probe))
		return oom();
	if (probe.n == 0) {
		fprintf(stderr, "mmreport: measure: nothing to measure: the "
			"selected suites, variants, sizes, blocks and ILP "
			"values match no configuration %s\n", PLAN_HELP_HINT);
		plan_release(&probe);
		return -1;
	}
	plan_release(&probe);
	/* said only of a plan that runs: an empty one is refused above */
	if (spec->nblocks)
		blocks_dropped_report(spec);
	return 0;
}
