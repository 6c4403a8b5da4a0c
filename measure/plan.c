/* The sweep plan: the configurations of each suite and their groups. The
 * option lists are parsed in plan_parse.c, the time model is in
 * plan_model.c. No CUDA here (see plan.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "vocab.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const enum plan_host transfer_hosts[] = {
	PLAN_HOST_PAGEABLE, PLAN_HOST_PINNED, PLAN_HOST_PINNED_OUTPUT
};

static int size_cmp(const void *pa, const void *pb);

/* Built-in kernels in registry order, then the own ones (--kernel). */
static const struct kernel_desc *desc_at(size_t i)
{
	size_t nb = kernel_count();

	return i < nb ? kernel_at(i) : kernel_user_at(i - nb);
}

static size_t desc_count(void)
{
	return kernel_count() + kernel_user_count();
}

const char *plan_suite_name(enum suite_id s)
{
	return s < SUITE_N ? suite_defs[s].name : "?";
}

#define SUITE_HOOKS(ID, NAME, ...) [SUITE_##ID] = &suite_##NAME##_hooks,
const struct suite_hooks *const plan_hooks[SUITE_N] = {
	SUITE_LIST(SUITE_HOOKS)
};
#undef SUITE_HOOKS

const char *plan_host_name(enum plan_host h)
{
	/* in enum plan_host's order; the names are stored (vocab.h) */
	static const char *const names[] = {
		VOCAB_HOST_NONE, VOCAB_HOST_PAGEABLE, VOCAB_HOST_PINNED,
		VOCAB_HOST_PINNED_OUTPUT
	};

	return (unsigned)h < ARRAY_SIZE(names) ? names[h] : VOCAB_HOST_NONE;
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
	s->cold = o->cold;
	/* Validated by plan_spec_parse; auto for anything else. */
	if (!o->timer || timer_kind_parse(o->timer, &s->timer))
		s->timer = TIMER_AUTO;
	s->max_noise = o->max_noise_pct > 0 ? o->max_noise_pct / 100 :
		       o->max_noise_pct < 0 ? 0 :
		       PLAN_DEFAULT_MAX_NOISE_PCT / 100;
	if (!o->throttle || plan_throttle_parse(o->throttle, &s->throttle))
		s->throttle = PLAN_THROTTLE_DISCARD;
	s->throttle_frac = (o->throttle_pct > 0 ? o->throttle_pct :
			    PLAN_DEFAULT_THROTTLE_PCT) / 100;
}

/* in enum plan_throttle's order; the names are stored (vocab.h) */
static const char *const throttle_names[] = {
	VOCAB_THROTTLE_MODE_DISCARD, VOCAB_THROTTLE_MODE_KEEP,
	VOCAB_THROTTLE_MODE_WAIT
};

int plan_throttle_parse(const char *text, enum plan_throttle *t)
{
	for (size_t i = 0; i < 3; i++)
		if (!strcmp(text, throttle_names[i])) {
			*t = (enum plan_throttle)i;
			return 0;
		}
	return -1;
}

const char *plan_throttle_name(enum plan_throttle t)
{
	return (unsigned)t < 3 ? throttle_names[t] : "?";
}

int plan_suite_counted(enum suite_id s)
{
	return s < SUITE_N && suite_defs[s].counted;
}

int plan_suite_1d(enum suite_id s)
{
	return s < SUITE_N && suite_defs[s].one_d;
}

unsigned plan_variant_suites(const char *name)
{
	const struct kernel_desc *kd = kernel_find(name);
	unsigned bits;

	if (!kd)
		return strcmp(name, VOCAB_VARIANT_MEMCPY) == 0 ?
		       1u << SUITE_ILP : 0;
	bits = 1u << kd->suite;
	if (kd->precision.nsizes)
		bits |= 1u << SUITE_PRECISION;
	if (kd->progression.nsizes)
		bits |= 1u << SUITE_PROGRESSION;
	/* the library is every matrix suite's yardstick */
	if (kd->suite == SUITE_REFERENCE)
		bits |= 1u << SUITE_PRECISION | 1u << SUITE_RECT |
			1u << SUITE_PROGRESSION;
	return bits;
}

void plan_cat(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (*used >= len)
		return;
	va_start(ap, fmt);
	k = vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	if (k > 0)
		*used += (size_t)k;
}

/* Appends to a growable array of elements of size sz. */
int plan_array_push(void *arrp, size_t *n, size_t sz, const void *elem)
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

/* 1 when --variants names one of the own kernels. */
static int spec_names_own(const struct plan_spec *spec)
{
	for (size_t i = 0; i < spec->nvariants; i++) {
		const struct kernel_desc *kd = kernel_find(spec->variants[i]);

		if (kd && kd->user)
			return 1;
	}
	return 0;
}

int plan_variant_selected(const struct plan_spec *spec, const char *name)
{
	const struct kernel_desc *kd = kernel_find(name);

	/* own kernels are measured whenever they are given, unless
	 * --variants picks some of them */
	if (kd && kd->user && !spec_names_own(spec))
		return 1;
	if (!spec->nvariants)
		return !(kd && kd->on_request);
	for (size_t i = 0; i < spec->nvariants; i++)
		if (strcmp(spec->variants[i], name) == 0)
			return 1;
	return 0;
}

int plan_suite_active(const struct plan_spec *spec, enum suite_id s)
{
	if (!(spec->suites & (1u << s)))
		return 0;
	for (size_t i = 0; i < desc_count(); i++)
		if ((plan_variant_suites(desc_at(i)->name) & (1u << s)) &&
		    plan_variant_selected(spec, desc_at(i)->name))
			return 1;
	return s == SUITE_ILP &&
	       plan_variant_selected(spec, VOCAB_VARIANT_MEMCPY);
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
	       a->ilp == b->ilp && a->host == b->host &&
	       a->param == b->param && a->fp64 == b->fp64;
}

static int plan_add(struct plan *p, const struct plan_entry *e)
{
	for (size_t i = 0; i < p->n; i++)
		if (entry_same(&p->e[i], e))
			return 0;
	return plan_array_push(&p->e, &p->n, sizeof(*e), e);
}

void plan_release(struct plan *p)
{
	if (!p)
		return;
	free(p->e);
	memset(p, 0, sizeof(*p));
}

/* 1 when spec's --precision (none: every precision) takes double
 * (fp64 1) or float (0) in suite; a suite whose configurations do not
 * differ in precision (suite_defs' fp) measures float whatever it
 * says, as --help promises. */
static int precision_selected(const struct plan_spec *spec,
			      enum suite_id suite, int fp64)
{
	return !suite_defs[suite].fp || !spec->precisions ||
	       (spec->precisions & (1u << fp64));
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
			  enum suite_id suite, const struct kernel_desc *kd,
			  struct axis sizes, struct axis blocks,
			  enum plan_host host)
{
	size_t ns = spec->nsizes ? spec->nsizes : sizes.n, bi, si;

	if (!plan_variant_selected(spec, kd->name))
		return 0;
	if (spec->nblocks) {
		blocks.v = spec->blocks;
		blocks.n = spec->nblocks;
	}
	for (bi = 0; bi < blocks.n; bi++) {
		if (!block_accepted(kd, blocks.v[bi]))
			continue;
		for (si = 0; si < ns; si++) {
			long long n = spec->nsizes ? 0 : sizes.v[si];
			struct plan_size sz = spec->nsizes ? spec->sizes[si] :
					      (struct plan_size){ n, n, n, 1 };
			struct plan_entry e = { suite, kd->name, kd, (int)sz.m,
				(int)sz.k, (int)sz.n, 0, blocks.v[bi], 1, host,
				0, 0, 0, 0 };

			if ((sz.square || kd->shape == KERNEL_RECT) &&
			    plan_add(p, &e))
				return -1;
		}
	}
	return 0;
}

/* Each sweep of each matrix kernel of suite (built-in ones in registry
 * order, then own ones), at every host memory mode where the suite
 * sweeps them (report G's: --host-mem, else all three). */
int plan_matrix_build(struct plan *p, const struct plan_spec *spec,
		      enum suite_id suite, unsigned long long free_mem)
{
	static const enum plan_host none = PLAN_HOST_NONE;
	int host = suite_defs[suite].host;
	const enum plan_host *hosts = !host ? &none : spec->nhosts ?
				      spec->hosts : transfer_hosts;
	size_t nhosts = !host ? 1 : spec->nhosts ? spec->nhosts :
			ARRAY_SIZE(transfer_hosts);

	for (size_t i = 0; i < desc_count(); i++) {
		const struct kernel_desc *d = desc_at(i);

		if ((int)d->suite != (int)suite ||
		    (d->shape != KERNEL_SQUARE && d->shape != KERNEL_RECT))
			continue;
		for (size_t h = 0; h < nhosts; h++)
			for (size_t w = 0; w < d->nsweeps; w++)
				if (matrix_entries(p, spec, suite, d,
					(struct axis){ d->sweeps[w].sizes,
						       d->sweeps[w].nsizes },
					(struct axis){ d->sweeps[w].blocks,
						       d->sweeps[w].nblocks },
					hosts[h]))
					return -1;
	}
	return 0;
}

/* A transpose, access, reduction or walker kernel: every count
 * (--sizes' square tokens, else the sweep's; a transpose's edge n, m = n)
 * with every thread count (none for the library), every parameter of
 * its sweep and each precision it takes. */
static int access_entries(struct plan *p, const struct plan_spec *spec,
			  const struct kernel_desc *d)
{
	const struct kernel_sweep *sw = &d->sweeps[0];
	const int *blocks = spec->nblocks ? spec->blocks : sw->blocks;
	size_t nb = spec->nblocks ? spec->nblocks : sw->nblocks;
	size_t ns = spec->nsizes ? spec->nsizes : sw->nsizes;
	size_t np = sw->nparams ? sw->nparams : 1;
	int lib = !d->nblocks, tr = d->shape == KERNEL_TRANSPOSE;

	if (!plan_variant_selected(spec, d->name) || !d->nsweeps)
		return 0;
	for (size_t i = 0; i < ns; i++) {
		long long count;

		if (spec->nsizes && !spec->sizes[i].square)
			continue;
		count = spec->nsizes ? spec->sizes[i].n : sw->sizes[i];
		for (int f = 0; f <= d->fp64; f++)
			for (size_t b = 0; b < (lib ? 1 : nb); b++) {
				if (!precision_selected(spec,
						(enum suite_id)d->suite, f))
					break;
				if (!lib && !block_accepted(d, blocks[b]))
					continue;
				for (size_t q = 0; q < np; q++) {
					struct plan_entry e = {
						(enum suite_id)d->suite,
						d->name, d, tr ? (int)count : 0,
						0, tr ? (int)count : 0,
						tr ? count * count : count,
						lib ? 0 : blocks[b], 1,
						PLAN_HOST_NONE, 0, 0,
						sw->nparams ? sw->params[q] :
						0, f };

					if (plan_add(p, &e))
						return -1;
				}
			}
	}
	return 0;
}

/* The memory suites: each of suite's kernels in registry order. */
int plan_memory_build(struct plan *p, const struct plan_spec *spec,
		      enum suite_id suite, unsigned long long free_mem)
{
	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);

		if ((int)d->suite == (int)suite && access_entries(p, spec, d))
			return -1;
	}
	return 0;
}

/* The sweep of kernel d in a suite of matrix kernels with a sweep of
 * their own (precision, rect, progression); NULL when d has none. */
static const struct kernel_sweep *suite_sweep(const struct kernel_desc *d,
					      enum suite_id suite)
{
	if (suite == SUITE_PRECISION)
		return d->precision.nsizes ? &d->precision : NULL;
	if (suite == SUITE_PROGRESSION && d->progression.nsizes)
		return &d->progression;
	return (int)d->suite == (int)suite && d->nsweeps ? &d->sweeps[0] :
	       NULL;
}

/* The products a matrix suite measures: --sizes' tokens (square ones
 * only unless rect), else the union of the default sweeps of the
 * suite's kernels (all of them, so that the library alone measures
 * where the kernels would). */
static int suite_shapes(const struct plan_spec *spec, enum suite_id suite,
			struct plan_size **out, size_t *nout)
{
	size_t i, j;

	if (spec->nsizes) {
		for (i = 0; i < spec->nsizes; i++)
			if ((spec->sizes[i].square || suite == SUITE_RECT) &&
			    plan_array_push(out, nout, sizeof(**out),
					    &spec->sizes[i]))
				return -1;
		return 0;
	}
	for (i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);
		const struct kernel_sweep *sw = suite_sweep(d, suite);

		if (!sw)
			continue;
		for (j = 0; j < sw->nsizes + sw->nshapes; j++) {
			struct plan_size sz = { 0, 0, 0, 1 };
			size_t k;

			if (j < sw->nsizes) {
				sz.m = sz.k = sz.n = sw->sizes[j];
			} else {
				sz.m = sw->shapes[j - sw->nsizes][0];
				sz.k = sw->shapes[j - sw->nsizes][1];
				sz.n = sw->shapes[j - sw->nsizes][2];
				sz.square = sz.m == sz.k && sz.k == sz.n;
			}
			for (k = 0; k < *nout; k++)
				if (!size_cmp(&(*out)[k], &sz))
					break;
			if (k == *nout &&
			    plan_array_push(out, nout, sizeof(sz), &sz))
				return -1;
		}
	}
	return 0;
}

/* 1 when sweep sw holds product sz (a size n as n x n x n). */
static int sweep_has(const struct kernel_sweep *sw,
		     const struct plan_size *sz)
{
	for (size_t j = 0; sw && j < sw->nsizes; j++)
		if (sz->square && sz->n == sw->sizes[j])
			return 1;
	for (size_t j = 0; sw && j < sw->nshapes; j++)
		if (sz->m == sw->shapes[j][0] && sz->k == sw->shapes[j][1] &&
		    sz->n == sw->shapes[j][2])
			return 1;
	return 0;
}

/* Textbook R's float against double (precision), its padded
 * rectangular product (rect) and the progression from report P to
 * cuBLAS (FP32 only): each selected kernel of the suite at each product
 * (--sizes, else its sweep's), block (--blocks, else its sweep's) and
 * precision, then the library at every product of the suite. */
int plan_products_build(struct plan *p, const struct plan_spec *spec,
			enum suite_id suite, unsigned long long free_mem)
{
	struct plan_size *shapes = NULL;
	size_t nshapes = 0, i, si, b;
	int rc = -1, nprec = plan_hooks[suite]->fp_mixed ? 2 : 1;

	if (suite_shapes(spec, suite, &shapes, &nshapes))
		goto out;
	for (i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);
		int lib = d->suite == SUITE_REFERENCE;
		const struct kernel_sweep *sw = suite_sweep(d, suite);
		const int *blocks = spec->nblocks || !sw ? spec->blocks :
				    sw->blocks;
		size_t nb = lib ? 1 : spec->nblocks || !sw ? spec->nblocks :
			    sw->nblocks;

		if (!(plan_variant_suites(d->name) & (1u << suite)) ||
		    !plan_variant_selected(spec, d->name) ||
		    (nprec == 2 && !d->fp64))
			continue;
		for (si = 0; si < nshapes; si++) {
			/* a kernel's own sizes unless --sizes gave them */
			if (!lib && !spec->nsizes &&
			    !sweep_has(sw, &shapes[si]))
				continue;
			for (b = 0; b < nb; b++)
				for (int f = 0; f < nprec; f++) {
					struct plan_entry e = { suite, d->name,
						d, (int)shapes[si].m,
						(int)shapes[si].k,
						(int)shapes[si].n, 0,
						lib ? 0 : blocks[b], 1,
						PLAN_HOST_NONE, 0, 0, 0, f };

					if ((!lib &&
					     !block_accepted(d, blocks[b])) ||
					    !precision_selected(spec, suite, f))
						continue;
					if (plan_add(p, &e))
						goto out;
				}
		}
	}
	rc = 0;
out:
	free(shapes);
	return rc;
}

/* The count is the copy's size, stored as given; n, a matrix's edge,
 * is 0 as for the other suites sized by a count (it once held
 * floor(log2 count), which named N = 1000001 as 2^19). */
static int ilp_entry(struct plan *p, const struct kernel_desc *kd,
		     const char *variant, long long count, int threads,
		     int ilp)
{
	struct plan_entry e = { SUITE_ILP, variant, kd, 0, 0, 0, count,
				threads, ilp, PLAN_HOST_NONE, 0, 0, 0, 0 };

	return plan_add(p, &e);
}

/* The entries of copy kernel d at count elements: each ILP (--ilp,
 * else its sweep's) it accepts, with --blocks' thread counts, else
 * PLAN_ILP_THREADS elements a block. */
static int copy_entries(struct plan *p, const struct plan_spec *spec,
			const struct kernel_desc *d, long long count)
{
	const int *ilps = spec->nilps ? spec->ilps : d->sweeps[0].blocks;
	size_t nilps = spec->nilps ? spec->nilps : d->sweeps[0].nblocks;

	if (!plan_variant_selected(spec, d->name) || !d->nsweeps)
		return 0;
	for (size_t i = 0; i < nilps; i++) {
		if (!block_accepted(d, ilps[i]))
			continue;
		if (!spec->nblocks) {
			if (ilp_entry(p, d, d->name, count,
				      PLAN_ILP_THREADS / ilps[i], ilps[i]))
				return -1;
			continue;
		}
		for (size_t b = 0; b < spec->nblocks; b++)
			if (ilp_entry(p, d, d->name, count, spec->blocks[b],
				      ilps[i]))
				return -1;
	}
	return 0;
}

/* At each count: the built-in copy kernels, cudaMemcpy, own ones. */
int plan_ilp_build(struct plan *p, const struct plan_spec *spec,
		   enum suite_id s, unsigned long long free_mem)
{
	long long count = 0, max = plan_ilp_max_count(free_mem);
	size_t si = 0, i;

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
		for (i = 0; i < kernel_count(); i++)
			if (kernel_at(i)->suite == SUITE_ILP &&
			    copy_entries(p, spec, kernel_at(i), count))
				return -1;
		if (plan_variant_selected(spec, VOCAB_VARIANT_MEMCPY) &&
		    ilp_entry(p, NULL, VOCAB_VARIANT_MEMCPY, count, 0, 1))
			return -1;
		for (i = 0; i < kernel_user_count(); i++)
			if (kernel_user_at(i)->suite == SUITE_ILP &&
			    copy_entries(p, spec, kernel_user_at(i), count))
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

/* The sizes of every default sweep of the matrix suites, for the
 * reference run on its own. */
static int default_sizes(struct plan_size **sizes, size_t *nsizes)
{
	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);

		if ((d->suite != SUITE_VERSIONS &&
		     d->suite != SUITE_TRANSFER) || d->on_request)
			continue;
		for (size_t w = 0; w < d->nsweeps; w++)
			for (size_t j = 0; j < d->sweeps[w].nsizes; j++) {
				int n = d->sweeps[w].sizes[j];
				struct plan_size sz = { n, n, n, 0 };

				if (plan_array_push(sizes, nsizes, sizeof(sz),
						    &sz))
					return -1;
			}
	}
	return 0;
}

/* The library reference at every size the other matrix suites of this
 * plan use (every --sizes token when given); on its own, at all of their
 * default sizes. */
int plan_reference_build(struct plan *p, const struct plan_spec *spec,
			 enum suite_id s, unsigned long long free_mem)
{
	struct plan_size *sizes = NULL, sz;
	size_t nsizes = 0, i, r;
	int rc = -1;

	if (spec->nsizes) {
		for (i = 0; i < spec->nsizes; i++)
			if (plan_array_push(&sizes, &nsizes, sizeof(sz),
				       &spec->sizes[i]))
				goto out;
	} else {
		for (i = 0; i < p->n; i++) {
			if (p->e[i].suite != SUITE_VERSIONS &&
			    p->e[i].suite != SUITE_TRANSFER)
				continue;
			sz = (struct plan_size){ p->e[i].m, p->e[i].k,
						 p->e[i].n, 0 };
			if (plan_array_push(&sizes, &nsizes, sizeof(sz), &sz))
				goto out;
		}
		if (!nsizes && default_sizes(&sizes, &nsizes))
			goto out;
	}
	if (nsizes)
		qsort(sizes, nsizes, sizeof(*sizes), size_cmp);
	for (r = 0; r < kernel_count(); r++) {
		const struct kernel_desc *kd = kernel_at(r);

		if (kd->suite != SUITE_REFERENCE ||
		    !plan_variant_selected(spec, kd->name))
			continue;
		for (i = 0; i < nsizes; i++) {
			struct plan_entry e = { SUITE_REFERENCE, kd->name, kd,
						(int)sizes[i].m,
						(int)sizes[i].k,
						(int)sizes[i].n, 0, 0, 1,
						PLAN_HOST_NONE, 0, 0, 0, 0 };

			if (plan_add(p, &e))	/* duplicates dropped */
				goto out;
		}
	}
	rc = 0;
out:
	free(sizes);
	return rc;
}

/* Which configurations are compared with one another: a suite's at one
 * shape or count, with those of the suite its hooks' group_with names
 * (the matrix kernels and the library). bank's strides and coalesce's
 * offsets are compared with one another, and so are the float and
 * double products of precision and rect (fp_mixed; issue 27: sampled one
 * after the other, the doubles met a hotter, slower GPU); the walkers'
 * step counts (param_apart) and dot's precisions are separate points. */
static int group_same(const struct plan_entry *a, const struct plan_entry *b)
{
	const struct suite_hooks *ha = plan_hooks[a->suite];
	const struct suite_hooks *hb = plan_hooks[b->suite];

	return (ha->group_with ? ha->group_with : ha) ==
	       (hb->group_with ? hb->group_with : hb) && a->m == b->m &&
	       a->k == b->k && a->n == b->n && a->count == b->count &&
	       (a->fp64 == b->fp64 || ha->fp_mixed) &&
	       (!ha->param_apart || a->param == b->param);
}

static int group_cmp(const void *pa, const void *pb)
{
	const struct plan_entry *a = pa, *b = pb;

	if (a->group != b->group)
		return a->group < b->group ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

/* Numbers the groups in the order their first entry appears and puts
 * each group's entries together, keeping the build order within it. */
static void plan_group(struct plan *p)
{
	int groups = 0;

	for (size_t i = 0; i < p->n; i++) {
		size_t j;

		p->e[i].order = (int)i;
		for (j = 0; j < i; j++)
			if (group_same(&p->e[j], &p->e[i]))
				break;
		p->e[i].group = j < i ? p->e[j].group : groups++;
	}
	if (p->n > 1)
		qsort(p->e, p->n, sizeof(*p->e), group_cmp);
}

int plan_build(const struct plan_spec *spec, unsigned long long free_mem,
	       struct plan *p)
{
	memset(p, 0, sizeof(*p));
	for (enum suite_id s = 0; s < SUITE_N; s++)
		if (plan_suite_active(spec, s) &&
		    plan_hooks[s]->build(p, spec, s, free_mem)) {
			plan_release(p);
			return -1;
		}
	plan_group(p);
	return 0;
}
