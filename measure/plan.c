/* The sweep plan: option lists, the configurations of each suite, and
 * the time model of --dry-run. No CUDA here (see plan.h). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Issue 3's default axes. */
static const int versions1_sizes[] = { 176, 352, 528 };
static const int versions1_blocks[] = { 8, 16, 22 };
static const char *const versions1_variants[] = { "v1", "v2", "v3" };
static const int versions2_sizes[] = { 128, 256, 384, 512, 640 };
static const int versions2_blocks[] = { 8, 16, 32 };
static const char *const versions2_variants[] = { "v3", "v4", "v5" };
static const int transfer_sizes[] = { 512, 1024, 2048, 4096, 8192, 16384 };
static const int ilp_values[] = { 1, 2, 4, 8, 16 };
static const enum plan_host transfer_hosts[] = {
	PLAN_HOST_PAGEABLE, PLAN_HOST_PINNED, PLAN_HOST_PINNED_OUTPUT
};

/* Which suite runs which variant. rect joins versions only on request. */
static const struct {
	const char *variant;
	enum plan_suite suite;
} suite_members[] = {
	{ "v1", PLAN_VERSIONS }, { "v2", PLAN_VERSIONS },
	{ "v3", PLAN_VERSIONS }, { "v4", PLAN_VERSIONS },
	{ "v5", PLAN_VERSIONS }, { "rect", PLAN_VERSIONS },
	{ "simple", PLAN_TRANSFER }, { "shared", PLAN_TRANSFER },
	{ "copy_ilp", PLAN_ILP }, { "memcpy", PLAN_ILP },
	{ "cublas", PLAN_REFERENCE },
};

static const char *const suite_names[PLAN_NSUITES] = {
	"versions", "transfer", "ilp", "reference"
};

const char *plan_suite_name(enum plan_suite s)
{
	return s < PLAN_NSUITES ? suite_names[s] : "?";
}

const char *plan_host_name(enum plan_host h)
{
	switch (h) {
	case PLAN_HOST_PAGEABLE:
		return "pageable";
	case PLAN_HOST_PINNED:
		return "pinned";
	case PLAN_HOST_PINNED_OUTPUT:
		return "pinned-output";
	default:
		return "";
	}
}

void plan_settings_resolve(const struct measure_options *o,
			   struct plan_settings *s)
{
	s->repeat = o->repeat > 0 ? o->repeat : PLAN_DEFAULT_REPEAT;
	s->warmup = o->warmup >= 0 ? o->warmup : PLAN_DEFAULT_WARMUP;
	s->min_samples = o->min_samples > 0 ? o->min_samples :
			 PLAN_DEFAULT_MIN;
	if (s->min_samples > s->repeat)
		s->min_samples = s->repeat;
	s->max_time_s = o->max_time_s > 0 ? o->max_time_s :
			PLAN_DEFAULT_MAX_TIME;
	s->seed = o->seed;
	s->keep_samples = o->keep_samples;
	s->counters = o->counters;
}

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

/* Splits text at commas into tok[len] one at a time. Returns 1 with the
 * next token, 0 at the end, -1 for an empty or overlong token. */
static int token_next(const char **pos, char *tok, size_t len)
{
	const char *s = *pos, *comma;
	size_t n;

	if (!s)
		return 0;
	comma = strchr(s, ',');
	n = comma ? (size_t)(comma - s) : strlen(s);
	if (n == 0 || n >= len)
		return -1;
	memcpy(tok, s, n);
	tok[n] = '\0';
	*pos = comma ? comma + 1 : NULL;
	return 1;
}

/* Appends to a growable array of elements of size sz. */
static int array_push(void *arrp, size_t *n, size_t sz, const void *elem)
{
	void **arr = arrp;
	void *grown;

	/* Powers of two: grow when n reaches one. */
	if ((*n & (*n - 1)) == 0) {
		grown = realloc(*arr, (*n ? 2 * *n : 1) * sz);
		if (!grown)
			return -1;
		*arr = grown;
	}
	memcpy((char *)*arr + *n * sz, elem, sz);
	(*n)++;
	return 0;
}

static int oom(void)
{
	fprintf(stderr, "mmreport: measure: out of memory\n");
	return -1;
}

static int suites_parse(const char *text, struct plan_spec *spec)
{
	const char *pos = text;
	char tok[32];
	int r, s;

	spec->suites = 0;
	while ((r = token_next(&pos, tok, sizeof(tok))) > 0) {
		if (strcmp(tok, "all") == 0) {
			spec->suites = (1u << PLAN_NSUITES) - 1;
			continue;
		}
		for (s = 0; s < PLAN_NSUITES; s++)
			if (strcmp(tok, suite_names[s]) == 0)
				break;
		if (s == PLAN_NSUITES)
			return usage("--suite", text, "unknown suite '%s' "
				     "(versions, transfer, ilp, reference, "
				     "all)", tok);
		spec->suites |= 1u << s;
	}
	if (r < 0)
		return usage("--suite", text, "empty or overlong item");
	return 0;
}

static int sizes_parse(const char *text, struct plan_spec *spec)
{
	const char *pos = text;
	char tok[64];
	int r;

	while ((r = token_next(&pos, tok, sizeof(tok))) > 0) {
		struct plan_size sz = { 0, 0, 0, 1 };
		char *x1 = strpbrk(tok, "xX"), *x2, item[64];

		if (!x1) {
			if (number_parse(tok, 1, PLAN_MAX_COUNT, &sz.n))
				return usage("--sizes", text, "'%s' is not a "
					     "whole number from 1 to %lld", tok,
					     (long long)PLAN_MAX_COUNT);
			sz.m = sz.k = sz.n;
		} else {
			memcpy(item, tok, sizeof(item));
			*x1 = '\0';
			x2 = strpbrk(x1 + 1, "xX");
			if (x2)
				*x2 = '\0';
			if (!x2 || number_parse(tok, 1, PLAN_MAX_DIM, &sz.m) ||
			    number_parse(x1 + 1, 1, PLAN_MAX_DIM, &sz.k) ||
			    number_parse(x2 + 1, 1, PLAN_MAX_DIM, &sz.n))
				return usage("--sizes", text, "'%s' is neither "
					     "a whole number nor MxKxN with "
					     "each from 1 to %d", item,
					     PLAN_MAX_DIM);
			sz.square = sz.m == sz.k && sz.k == sz.n;
		}
		if (array_push(&spec->sizes, &spec->nsizes, sizeof(sz), &sz))
			return oom();
	}
	if (r < 0)
		return usage("--sizes", text, "empty or overlong item");
	return 0;
}

/* A comma list of whole numbers in [lo, hi]. */
static int ints_parse(const char *option, const char *text, long long lo,
		      long long hi, int **arr, size_t *n)
{
	const char *pos = text;
	char tok[32];
	long long v;
	int r, iv;

	while ((r = token_next(&pos, tok, sizeof(tok))) > 0) {
		if (number_parse(tok, lo, hi, &v))
			return usage(option, text, "'%s' is not a whole number "
				     "from %lld to %lld", tok, lo, hi);
		iv = (int)v;
		if (array_push(arr, n, sizeof(iv), &iv))
			return oom();
	}
	if (r < 0)
		return usage(option, text, "empty or overlong item");
	return 0;
}

static int variant_suite(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(suite_members); i++)
		if (strcmp(suite_members[i].variant, name) == 0)
			return (int)suite_members[i].suite;
	return -1;
}

static int variants_parse(const char *text, struct plan_spec *spec)
{
	const char *pos = text, *name;
	char tok[32];
	int r;

	while ((r = token_next(&pos, tok, sizeof(tok))) > 0) {
		const struct kernel_desc *kd = kernel_find(tok);

		if (strcmp(tok, "memcpy") == 0)
			name = "memcpy";
		else if (kd && variant_suite(kd->name) >= 0)
			name = kd->name;	/* static, outlives text */
		else
			return usage("--variants", text, "unknown variant "
				     "'%s' (v1, v2, v3, v4, v5, rect, simple, "
				     "shared, copy_ilp, memcpy, cublas)", tok);
		if (array_push(&spec->variants, &spec->nvariants,
			       sizeof(name), &name))
			return oom();
	}
	if (r < 0)
		return usage("--variants", text, "empty or overlong item");
	return 0;
}

static int hosts_parse(const char *text, struct plan_spec *spec)
{
	const char *pos = text;
	enum plan_host h;
	char tok[32];
	int r;

	while ((r = token_next(&pos, tok, sizeof(tok))) > 0) {
		if (strcmp(tok, "pageable") == 0)
			h = PLAN_HOST_PAGEABLE;
		else if (strcmp(tok, "pinned") == 0)
			h = PLAN_HOST_PINNED;
		else if (strcmp(tok, "pinned-output") == 0)
			h = PLAN_HOST_PINNED_OUTPUT;
		else
			return usage("--host-mem", text, "unknown mode '%s' "
				     "(pageable, pinned, pinned-output)", tok);
		if (array_push(&spec->hosts, &spec->nhosts, sizeof(h), &h))
			return oom();
	}
	if (r < 0)
		return usage("--host-mem", text, "empty or overlong item");
	return 0;
}

static int devices_parse(const char *text, struct plan_spec *spec)
{
	if (strcmp(text, "all") == 0) {
		spec->device_all = 1;
		return 0;
	}
	return ints_parse("--device", text, 0, 1023, &spec->devices,
			  &spec->ndevices);
}

static int variant_selected(const struct plan_spec *spec, const char *name)
{
	if (!spec->nvariants)
		return strcmp(name, "rect") != 0;	/* rect: on request */
	for (size_t i = 0; i < spec->nvariants; i++)
		if (strcmp(spec->variants[i], name) == 0)
			return 1;
	return 0;
}

static int suite_active(const struct plan_spec *spec, enum plan_suite s)
{
	if (!(spec->suites & (1u << s)))
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(suite_members); i++)
		if (suite_members[i].suite == s &&
		    variant_selected(spec, suite_members[i].variant))
			return 1;
	return 0;
}

/* Cross-checks between lists, once each is well formed. */
static int spec_validate(const struct measure_options *o,
			 struct plan_spec *spec)
{
	const struct kernel_desc *copy = kernel_find("copy_ilp");
	int matrix, rect_ok;
	size_t i, j;

	for (i = 0; i < spec->nvariants; i++) {
		int s = variant_suite(spec->variants[i]);

		if (!(spec->suites & (1u << s)))
			return usage("--variants", o->variants, "%s belongs "
				     "to the %s suite, which --suite '%s' "
				     "leaves out", spec->variants[i],
				     suite_names[s], o->suites);
	}
	for (i = 0; copy && i < spec->nilps; i++) {
		for (j = 0; j < copy->nblocks; j++)
			if (copy->blocks[j] == spec->ilps[i])
				break;
		if (j == copy->nblocks)
			return usage("--ilp", o->ilp, "the copy kernel has no "
				     "ILP %d (1, 2, 4, 8, 16)", spec->ilps[i]);
	}
	matrix = suite_active(spec, PLAN_VERSIONS) ||
		 suite_active(spec, PLAN_TRANSFER) ||
		 suite_active(spec, PLAN_REFERENCE);
	rect_ok = (suite_active(spec, PLAN_VERSIONS) &&
		   spec->nvariants && variant_selected(spec, "rect")) ||
		  suite_active(spec, PLAN_REFERENCE);
	for (i = 0; i < spec->nsizes; i++) {
		const struct plan_size *sz = &spec->sizes[i];

		if (matrix && sz->n > PLAN_MAX_DIM)
			return usage("--sizes", o->sizes, "matrix sizes are "
				     "at most %d (larger counts are for the "
				     "ilp suite alone)", PLAN_MAX_DIM);
		if (!sz->square && !rect_ok)
			return usage("--sizes", o->sizes, "%lldx%lldx%lld is "
				     "not square; only rect and cublas take "
				     "rectangular sizes", sz->m, sz->k, sz->n);
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
	free(spec->ilps);
	free(spec->hosts);
	free(spec->devices);
	memset(spec, 0, sizeof(*spec));
}

int plan_spec_parse(const struct measure_options *o, struct plan_spec *spec)
{
	struct plan probe = { 0 };
	int zero = 0;

	memset(spec, 0, sizeof(*spec));
	spec->suites = (1u << PLAN_NSUITES) - 1;
	if (o->suites) {
		spec->suites_given = 1;
		if (suites_parse(o->suites, spec))
			goto fail;
	}
	if (o->sizes && sizes_parse(o->sizes, spec))
		goto fail;
	if (o->blocks && ints_parse("--blocks", o->blocks, 1, 1024,
				    &spec->blocks, &spec->nblocks))
		goto fail;
	if (o->variants && variants_parse(o->variants, spec))
		goto fail;
	if (o->ilp && ints_parse("--ilp", o->ilp, 1, 1024, &spec->ilps,
				 &spec->nilps))
		goto fail;
	if (o->host_mem && hosts_parse(o->host_mem, spec))
		goto fail;
	if (o->device) {
		if (devices_parse(o->device, spec))
			goto fail;
	} else if (array_push(&spec->devices, &spec->ndevices, sizeof(zero),
			      &zero)) {
		oom();
		goto fail;
	}
	if (spec_validate(o, spec))
		goto fail;
	/* A selection that yields nothing is a usage error too, found
	 * before anything is opened. */
	if (plan_build(spec, PLAN_DRYRUN_FREE_MEM, &probe)) {
		oom();
		goto fail;
	}
	if (probe.n == 0) {
		fprintf(stderr, "mmreport: measure: nothing to measure: the "
			"selected suites, variants, sizes, blocks and ILP "
			"values match no configuration %s\n", PLAN_HELP_HINT);
		plan_release(&probe);
		goto fail;
	}
	plan_release(&probe);
	return 0;
fail:
	plan_spec_release(spec);
	return -1;
}

/* ---- building ----------------------------------------------------------- */

long long plan_ilp_max_count(unsigned long long free_mem)
{
	unsigned long long budget = free_mem / 4;
	int p = PLAN_ILP_MIN_LOG2;

	/* Two arrays of 2^(p+1) ints must still fit the budget. */
	while (p < 40 && 2ULL * sizeof(int) * (1ULL << (p + 1)) <= budget)
		p++;
	return 1LL << p;
}

static int entry_same(const struct plan_entry *a, const struct plan_entry *b)
{
	return a->suite == b->suite && strcmp(a->variant, b->variant) == 0 &&
	       a->m == b->m && a->k == b->k && a->n == b->n &&
	       a->count == b->count && a->block == b->block &&
	       a->ilp == b->ilp && a->host == b->host;
}

static int plan_add(struct plan *p, const struct plan_entry *e)
{
	struct plan_entry *grown;

	for (size_t i = 0; i < p->n; i++)
		if (entry_same(&p->e[i], e))
			return 0;
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 64;

		grown = realloc(p->e, cap * sizeof(*grown));
		if (!grown)
			return -1;
		p->e = grown;
		p->cap = cap;
	}
	p->e[p->n++] = *e;
	return 0;
}

void plan_release(struct plan *p)
{
	if (!p)
		return;
	free(p->e);
	memset(p, 0, sizeof(*p));
}

static int block_accepted(const struct kernel_desc *kd, int b)
{
	for (size_t i = 0; i < kd->nblocks; i++)
		if (kd->blocks[i] == b)
			return 1;
	return 0;
}

/* The blocks of one matrix kernel: --blocks if given, else the axis
 * (NULL: the kernel's default subset); always only those it accepts. */
struct axis {
	const int *v;
	size_t n;
};

static int matrix_entries(struct plan *p, const struct plan_spec *spec,
			  enum plan_suite suite, const char *variant,
			  struct axis sizes, struct axis blocks,
			  enum plan_host host)
{
	const struct kernel_desc *kd = kernel_find(variant);
	struct plan_entry e;
	size_t bi, si;

	if (!kd || !variant_selected(spec, variant))
		return 0;
	if (spec->nblocks) {
		blocks.v = spec->blocks;
		blocks.n = spec->nblocks;
	} else if (!blocks.v) {
		blocks.v = kd->default_blocks;
		blocks.n = kd->ndefault_blocks;
	}
	for (bi = 0; bi < blocks.n; bi++) {
		if (!block_accepted(kd, blocks.v[bi]))
			continue;
		if (spec->nsizes) {
			for (si = 0; si < spec->nsizes; si++) {
				const struct plan_size *sz = &spec->sizes[si];

				if (!sz->square && kd->shape != KERNEL_RECT)
					continue;
				e = (struct plan_entry){ suite, kd->name, kd,
					(int)sz->m, (int)sz->k, (int)sz->n, 0,
					blocks.v[bi], 1, host };
				if (plan_add(p, &e))
					return -1;
			}
			continue;
		}
		for (si = 0; si < sizes.n; si++) {
			int n = sizes.v[si];

			e = (struct plan_entry){ suite, kd->name, kd, n, n, n,
				0, blocks.v[bi], 1, host };
			if (plan_add(p, &e))
				return -1;
		}
	}
	return 0;
}

#define AXIS(a) ((struct axis){ (a), ARRAY_SIZE(a) })
#define AXIS_NONE ((struct axis){ NULL, 0 })

static int versions_build(struct plan *p, const struct plan_spec *spec)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(versions1_variants); i++)
		if (matrix_entries(p, spec, PLAN_VERSIONS,
				   versions1_variants[i],
				   AXIS(versions1_sizes),
				   AXIS(versions1_blocks), PLAN_HOST_NONE))
			return -1;
	for (i = 0; i < ARRAY_SIZE(versions2_variants); i++)
		if (matrix_entries(p, spec, PLAN_VERSIONS,
				   versions2_variants[i],
				   AXIS(versions2_sizes),
				   AXIS(versions2_blocks), PLAN_HOST_NONE))
			return -1;
	/* Textbook R's rectangular product, when asked for: square at the
	 * second sweep's sizes unless --sizes says otherwise. */
	if (spec->nvariants)
		return matrix_entries(p, spec, PLAN_VERSIONS, "rect",
				      AXIS(versions2_sizes), AXIS_NONE,
				      PLAN_HOST_NONE);
	return 0;
}

static int transfer_build(struct plan *p, const struct plan_spec *spec)
{
	static const char *const variants[] = { "simple", "shared" };
	const enum plan_host *hosts = spec->nhosts ? spec->hosts :
				      transfer_hosts;
	size_t nhosts = spec->nhosts ? spec->nhosts :
			ARRAY_SIZE(transfer_hosts);

	for (size_t v = 0; v < ARRAY_SIZE(variants); v++)
		for (size_t h = 0; h < nhosts; h++)
			if (matrix_entries(p, spec, PLAN_TRANSFER, variants[v],
					   AXIS(transfer_sizes), AXIS_NONE,
					   hosts[h]))
				return -1;
	return 0;
}

static int ilp_log2(long long count)
{
	int l = 0;

	while (count >>= 1)
		l++;
	return l;
}

static int ilp_entry(struct plan *p, const struct kernel_desc *kd,
		     const char *variant, long long count, int threads,
		     int ilp)
{
	struct plan_entry e = { PLAN_ILP, variant, kd, 0, 0,
				ilp_log2(count), count, threads, ilp,
				PLAN_HOST_NONE };

	return plan_add(p, &e);
}

static int ilp_build(struct plan *p, const struct plan_spec *spec,
		     unsigned long long free_mem)
{
	const struct kernel_desc *kd = kernel_find("copy_ilp");
	const int *ilps = spec->nilps ? spec->ilps : ilp_values;
	size_t nilps = spec->nilps ? spec->nilps : ARRAY_SIZE(ilp_values);
	long long count = 0, max = plan_ilp_max_count(free_mem);
	size_t si = 0, i, b;

	for (;;) {
		/* The counts: --sizes' square tokens, else 2^9 .. max. */
		if (spec->nsizes) {
			while (si < spec->nsizes && !spec->sizes[si].square)
				si++;
			if (si == spec->nsizes)
				break;
			count = spec->sizes[si++].n;
		} else {
			count = count ? 2 * count : 1LL << PLAN_ILP_MIN_LOG2;
			if (count > max)
				break;
		}
		for (i = 0; kd && variant_selected(spec, "copy_ilp") &&
			    i < nilps; i++) {
			if (!block_accepted(kd, ilps[i]))
				continue;
			if (!spec->nblocks) {
				if (ilp_entry(p, kd, kd->name, count,
					      PLAN_ILP_THREADS / ilps[i],
					      ilps[i]))
					return -1;
				continue;
			}
			for (b = 0; b < spec->nblocks; b++)
				if (ilp_entry(p, kd, kd->name, count,
					      spec->blocks[b], ilps[i]))
					return -1;
		}
		if (variant_selected(spec, "memcpy") &&
		    ilp_entry(p, NULL, "memcpy", count, 0, 1))
			return -1;
	}
	return 0;
}

static int size_cmp(const void *pa, const void *pb)
{
	const struct plan_size *a = pa, *b = pb;

	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	if (a->m != b->m)
		return a->m < b->m ? -1 : 1;
	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	return 0;
}

/* cuBLAS at every size the other matrix suites of this plan use (every
 * --sizes token when given); on its own, at all of their default sizes. */
static int reference_build(struct plan *p, const struct plan_spec *spec)
{
	const struct kernel_desc *kd = kernel_find("cublas");
	struct plan_size *sizes = NULL, sz;
	size_t nsizes = 0, i, j;
	int rc = -1;

	if (!kd || !variant_selected(spec, "cublas"))
		return 0;
	if (spec->nsizes) {
		for (i = 0; i < spec->nsizes; i++)
			if (array_push(&sizes, &nsizes, sizeof(sz),
				       &spec->sizes[i]))
				goto out;
	} else {
		for (i = 0; i < p->n; i++) {
			if (p->e[i].suite != PLAN_VERSIONS &&
			    p->e[i].suite != PLAN_TRANSFER)
				continue;
			sz = (struct plan_size){ p->e[i].m, p->e[i].k,
						 p->e[i].n, 0 };
			if (array_push(&sizes, &nsizes, sizeof(sz), &sz))
				goto out;
		}
		if (!nsizes) {
			const int *all[] = { versions1_sizes, versions2_sizes,
					     transfer_sizes };
			const size_t nall[] = {
				ARRAY_SIZE(versions1_sizes),
				ARRAY_SIZE(versions2_sizes),
				ARRAY_SIZE(transfer_sizes)
			};

			for (i = 0; i < 3; i++)
				for (j = 0; j < nall[i]; j++) {
					sz = (struct plan_size){ all[i][j],
						all[i][j], all[i][j], 0 };
					if (array_push(&sizes, &nsizes,
						       sizeof(sz), &sz))
						goto out;
				}
		}
	}
	if (nsizes)
		qsort(sizes, nsizes, sizeof(*sizes), size_cmp);
	for (i = 0; i < nsizes; i++) {
		struct plan_entry e = { PLAN_REFERENCE, kd->name, kd,
					(int)sizes[i].m, (int)sizes[i].k,
					(int)sizes[i].n, 0, 0, 1,
					PLAN_HOST_NONE };

		if (plan_add(p, &e))	/* duplicates are dropped there */
			goto out;
	}
	rc = 0;
out:
	free(sizes);
	return rc;
}

int plan_build(const struct plan_spec *spec, unsigned long long free_mem,
	       struct plan *p)
{
	memset(p, 0, sizeof(*p));
	if ((suite_active(spec, PLAN_VERSIONS) && versions_build(p, spec)) ||
	    (suite_active(spec, PLAN_TRANSFER) && transfer_build(p, spec)) ||
	    (suite_active(spec, PLAN_ILP) && ilp_build(p, spec, free_mem)) ||
	    (suite_active(spec, PLAN_REFERENCE) && reference_build(p, spec))) {
		plan_release(p);
		return -1;
	}
	return 0;
}

/* ---- printing and the time model ---------------------------------------- */

void plan_entry_format(const struct plan_entry *e, char *buf, size_t len)
{
	char sizes[64], block[32];

	if (e->suite == PLAN_ILP)
		snprintf(sizes, sizeof(sizes), "N=%lld (2^%d)", e->count,
			 e->n);
	else
		snprintf(sizes, sizeof(sizes), "m=%d k=%d n=%d", e->m, e->k,
			 e->n);
	if (!e->block)
		snprintf(block, sizeof(block), "-");
	else if (e->suite == PLAN_ILP)
		snprintf(block, sizeof(block), "%d", e->block);
	else
		snprintf(block, sizeof(block), "%dx%d", e->block, e->block);
	snprintf(buf, len, "%-9s  %-8s  %-22s  block=%-5s  ilp=%-2d  host=%s",
		 plan_suite_name(e->suite), e->variant, sizes, block, e->ilp,
		 e->host == PLAN_HOST_NONE ? "-" : plan_host_name(e->host));
}

/* Sustained rates of a current data-centre GPU (H100 class), rounded
 * down so that the estimate errs long there; older or smaller GPUs take
 * longer than estimated. v1 runs one block on one SM and is
 * latency-bound: about 0.5 GFLOP/s per warp. */
#define RATE_LAUNCH_S	10e-6	/* launch + event round trip */
#define RATE_COPY_BS	1.0e12	/* device copy, bytes read + written */
#define RATE_PAGEABLE	3.0e9	/* host<->device, pageable, B/s */
#define RATE_PINNED	10.0e9	/* host<->device, pinned, B/s */
#define RATE_PIN	4.0e9	/* cudaMallocHost page pinning, B/s */
#define RATE_HOSTCOPY	5.0e9	/* host memcpy/fill/compare, B/s */
#define RATE_GEN	3.0e-9	/* seconds per generated random element */
#define RATE_DGEMM	5.0e12	/* FP64 reference of the verification */
#define CONFIG_OVERHEAD	2e-3	/* events, statistics, one transaction */
/* The ilp suite's rows at one N (5 ILP values and memcpy) share one
 * generation and upload of the inputs (runner.c, suite_ilp.c). */
#define ILP_ROWS_PER_N	6

static double variant_flop_rate(const struct plan_entry *e)
{
	static const struct {
		const char *name;
		double rate;
	} rates[] = {
		{ "v2", 1000e9 }, { "v3", 1500e9 }, { "v4", 1500e9 },
		{ "v5", 2500e9 }, { "rect", 1500e9 }, { "simple", 1000e9 },
		{ "shared", 1500e9 }, { "cublas", 20000e9 },
	};

	if (strcmp(e->variant, "v1") == 0)
		return 0.5e9 * ((e->block * e->block + 31) / 32);
	for (size_t i = 0; i < ARRAY_SIZE(rates); i++)
		if (strcmp(rates[i].name, e->variant) == 0)
			return rates[i].rate;
	return 100e9;
}

int plan_ilp_batch(long long count)
{
	long long b;

	if (count <= 0 || count >= (1LL << 24))
		return 1;
	b = (1LL << 24) / count;
	return b > 100 ? 100 : (int)b;
}

static double entry_flops(const struct plan_entry *e)
{
	return 2.0 * e->m * e->k * e->n;
}

double plan_entry_run_seconds(const struct plan_entry *e)
{
	double bytes, kernel, pin, in_rate, out_rate;

	switch (e->suite) {
	case PLAN_ILP:
		bytes = 2.0 * sizeof(int) * (double)e->count;
		return plan_ilp_batch(e->count) *
		       (RATE_LAUNCH_S + bytes / RATE_COPY_BS);
	case PLAN_TRANSFER:
		/* malloc, fill (outside the phases, inside the wall time),
		 * A and B in, kernel, C out, free. */
		bytes = sizeof(float) * (double)e->n * e->n;
		kernel = entry_flops(e) / variant_flop_rate(e);
		pin = e->host == PLAN_HOST_PINNED ? 3 * bytes :
		      e->host == PLAN_HOST_PINNED_OUTPUT ? bytes : 0;
		in_rate = e->host == PLAN_HOST_PINNED ? RATE_PINNED :
			  RATE_PAGEABLE;
		out_rate = e->host == PLAN_HOST_PAGEABLE ? RATE_PAGEABLE :
			   RATE_PINNED;
		return 6 * RATE_LAUNCH_S + pin / RATE_PIN +
		       2 * bytes / RATE_HOSTCOPY + 2 * bytes / in_rate +
		       kernel + bytes / out_rate;
	default:
		return RATE_LAUNCH_S + entry_flops(e) / variant_flop_rate(e);
	}
}

double plan_entry_estimate(const struct plan_entry *e,
			   const struct plan_settings *s)
{
	double run = plan_entry_run_seconds(e), verify, samples, warm;

	/* Setup and verification: random inputs, the reference product
	 * (matrices) or the host comparison (copies). */
	if (e->suite == PLAN_ILP) {
		double bytes = sizeof(int) * (double)e->count;

		/* Inputs generated and copied in once for the rows of one N
		 * (runner.c keeps them); b copied back and compared. */
		verify = run + ((double)e->count * RATE_GEN +
				bytes / RATE_PAGEABLE) / ILP_ROWS_PER_N +
			 bytes / RATE_PAGEABLE + bytes / RATE_HOSTCOPY;
	} else {
		double elems = (double)e->m * e->k + (double)e->k * e->n;

		verify = run + elems * RATE_GEN +
			 sizeof(float) * elems / RATE_PAGEABLE +
			 entry_flops(e) / RATE_DGEMM;
	}
	samples = ceil(s->max_time_s / run);
	if (samples < s->min_samples)
		samples = s->min_samples;
	if (samples > s->repeat)
		samples = s->repeat;
	warm = run > s->max_time_s && s->warmup > 1 ? 1 : s->warmup;
	if (s->counters && e->suite != PLAN_ILP)
		verify += PLAN_COUNTER_OVERHEAD + PLAN_COUNTER_RUNS * run;
	return CONFIG_OVERHEAD + verify + (warm + samples) * run;
}

static void duration_format(double s, char *buf, size_t len)
{
	long t = (long)ceil(s);

	snprintf(buf, len, "%ldh %02ldm %02lds", t / 3600, t / 60 % 60,
		 t % 60);
}

void plan_print(const struct plan *p, const struct plan_settings *s,
		const char *devices, int ilp_sized, FILE *out)
{
	size_t count[PLAN_NSUITES] = { 0 };
	double total = 0;
	char line[160], dur[32];

	fprintf(out, "# mmreport measure plan: %zu configurations per device "
		"(device %s)\n", p->n, devices);
	fprintf(out, "# suite      variant   sizes                   block  "
		"      ilp     host memory\n");
	for (size_t i = 0; i < p->n; i++) {
		plan_entry_format(&p->e[i], line, sizeof(line));
		fprintf(out, "%s\n", line);
		count[p->e[i].suite]++;
		total += plan_entry_estimate(&p->e[i], s);
	}
	fprintf(out, "# per suite: versions %zu, transfer %zu, ilp %zu, "
		"reference %zu\n", count[PLAN_VERSIONS], count[PLAN_TRANSFER],
		count[PLAN_ILP], count[PLAN_REFERENCE]);
	if (count[PLAN_ILP] && !ilp_sized)
		fprintf(out, "# ilp sizes assume %llu GiB of free device "
			"memory; a real run sizes them from the device\n",
			(unsigned long long)(PLAN_DRYRUN_FREE_MEM >> 30));
	duration_format(total, dur, sizeof(dur));
	fprintf(out, "estimate: %s per device for %zu configurations\n", dur,
		p->n);
	fprintf(out, "# model: per configuration, warm-up runs (%d; one when "
		"a run exceeds --max-time %g s), one verification run with "
		"its reference, and min(repeat %d, max(min-samples %d, "
		"ceil(max-time / run))) samples; a run's time from its FLOPs "
		"and bytes at conservative rates (plan.c), plus launch "
		"overhead\n", s->warmup, s->max_time_s, s->repeat,
		s->min_samples);
	if (s->counters)
		fprintf(out, "# counters pass: after the samples of each "
			"versions, reference and transfer configuration, one "
			"launch replayed under CUPTI's range profiler (not a "
			"sample; the ilp suite has none); in the estimate as "
			"%d runs + %g s each\n", PLAN_COUNTER_RUNS,
			PLAN_COUNTER_OVERHEAD);
}
