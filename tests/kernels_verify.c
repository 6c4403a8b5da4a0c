/* Every kernel on the GPU: random seeded inputs, poisoned outputs, the
 * device verifier (kernel_gemm_verify), and an independent CPU double-
 * precision check of the same outputs, which also checks the verifier.
 * Exits 77 when there is no CUDA device.
 *
 * Usage: kernels_verify [--quick | --tiny] [--kernel NAME] | --list
 *   --quick        small sizes only (for compute-sanitizer's memcheck)
 *   --tiny         fewer and smaller sizes still, odd ones and partial
 *                  tiles among them, every block (for racecheck, which
 *                  checks every shared-memory access)
 *   --kernel NAME  only that kernel; l2_scrub: the counter passes' L2
 *                  scrub; verifier: the device verifier's self-test
 *                  (which runs when no --kernel is given)
 *   --list         every name --kernel takes, one a line with its suite
 *                  ("NAME SUITE"), from the registry; needs no GPU
 *                  (scripts/gpu-check derives its kernel list from it)
 * One line per case on stdout ("ok", "FAIL" or "skip"); exit status
 * non-zero when any case fails. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <cuda_runtime_api.h>
#include "kernels.h"

/* Floats past the end of every C buffer, poisoned and checked after the
 * launch: a kernel writing past m x n would change them. */
#define C_PAD 4096
/* Ints past the end of every copy destination. */
#define COPY_PAD 8192
#define COPY_SENTINEL 0xA5A5A5A5u
/* Full CPU reference up to this many multiply-adds, sampled above. */
#define FULL_REF_MAX 1.5e8
#define TOL 1e-4

static struct {
	int quick, tiny;
	const char *only;
	struct cudaDeviceProp prop;
	void *blas;
	cudaStream_t stream;
} g;

struct shape {
	int m, k, n;
};

static const int sizes_full[] = { 1, 17, 100, 176, 257, 528, 1000 };
static const int sizes_quick[] = { 1, 17, 100, 132 };
/* 33: a partial tile of every tile kernel, two or more k steps of each */
static const int sizes_tiny[] = { 1, 33 };
static const struct shape rects_full[] = {
	{ 33, 65, 17 }, { 100, 1, 300 }, { 1, 300, 1 }, { 257, 31, 129 },
	{ 17, 1000, 3 }, { 64, 64, 64 },
};
static const struct shape rects_quick[] = {
	{ 33, 65, 17 }, { 100, 1, 300 }, { 1, 300, 1 },
};
/* k = 100: several k steps, so double buffering turns over */
static const struct shape rects_tiny[] = {
	{ 33, 100, 17 },
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* A report of a failed CUDA call of the test itself; counts as failure. */
static int cuda_ok(cudaError_t err, const char *call, int line)
{
	if (err == cudaSuccess)
		return 1;
	printf("FAIL kernels_verify.c:%d: %s: %s\n", line, call,
	       cudaGetErrorString(err));
	return 0;
}
#define CUDA_OK(call) cuda_ok((call), #call, __LINE__)

static uint64_t rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* Uniform in [-1, 1). */
static float rng_float(uint64_t *s)
{
	return (float)((double)(rng_next(s) >> 11) * 0x1p-52 - 1.0);
}

/* --kernel's name for the counter passes' L2 scrub (not in the
 * registry: it computes nothing to verify). */
static const char scrub_name[] = "l2_scrub";
/* --kernel's name for the device verifier's self-test. */
static const char verifier_name[] = "verifier";

static int selected(const char *name)
{
	return !g.only || strcmp(g.only, name) == 0;
}

/* The CPU reference of one product: every element when small enough,
 * else a sample of rows x columns (the edges, the middle, random). */
struct ref {
	const struct shape *s;
	const float *a, *b;
	size_t count;
	size_t *idx;		/* row-major index into C */
	double *val;		/* sum a * b in double */
	double *bound;		/* sum |a * b|, scales the tolerance */
	int full;
	double norm2;		/* sum val^2 (full only) */
};

static void ref_element(struct ref *r, size_t slot, int i, int j)
{
	int k = r->s->k, n = r->s->n;
	double v = 0.0, bound = 0.0;

	for (int l = 0; l < k; l++) {
		double p = (double)r->a[(size_t)i * k + l] *
			   (double)r->b[(size_t)l * n + j];

		v += p;
		bound += fabs(p);
	}
	r->idx[slot] = (size_t)i * n + j;
	r->val[slot] = v;
	r->bound[slot] = bound;
}

static int ref_build(struct ref *r, const struct shape *s, const float *a,
		     const float *b, uint64_t seed)
{
	int rows[8], cols[8], nr = 0, nc = 0;

	memset(r, 0, sizeof(*r));
	r->s = s;
	r->a = a;
	r->b = b;
	r->full = (double)s->m * s->k * s->n <= FULL_REF_MAX;
	if (r->full) {
		r->count = (size_t)s->m * s->n;
	} else {
		rows[nr++] = 0;
		rows[nr++] = s->m / 2;
		rows[nr++] = s->m - 1;
		cols[nc++] = 0;
		cols[nc++] = s->n / 2;
		cols[nc++] = s->n - 1;
		while (nr < 8)
			rows[nr++] = (int)(rng_next(&seed) % (uint64_t)s->m);
		while (nc < 8)
			cols[nc++] = (int)(rng_next(&seed) % (uint64_t)s->n);
		r->count = (size_t)nr * nc;
	}
	r->idx = malloc(r->count * sizeof(*r->idx));
	r->val = malloc(r->count * sizeof(*r->val));
	r->bound = malloc(r->count * sizeof(*r->bound));
	if (!r->idx || !r->val || !r->bound)
		return -1;
	if (r->full) {
		for (int i = 0; i < s->m; i++)
			for (int j = 0; j < s->n; j++)
				ref_element(r, (size_t)i * s->n + j, i, j);
		for (size_t e = 0; e < r->count; e++)
			r->norm2 += r->val[e] * r->val[e];
	} else {
		for (int i = 0; i < nr; i++)
			for (int j = 0; j < nc; j++)
				ref_element(r, (size_t)i * nc + j, rows[i],
					    cols[j]);
	}
	return 0;
}

static void ref_free(struct ref *r)
{
	free(r->idx);
	free(r->val);
	free(r->bound);
}

/* Checks host C against the reference: every referenced element within
 * TOL of its sum of |products| (a bound on float rounding for k <= 1000
 * is about k * 6e-8 of it), and, with the full reference, the verifier's
 * relative error equal to the one computed here. Writes the first
 * problem into msg; returns 0 when all is well. */
static int ref_compare(const struct ref *r, const float *c, double dev_err,
		       size_t dev_nonfinite, double *host_err, char *msg,
		       size_t len)
{
	double e2 = 0.0;
	size_t host_nonfinite = 0;

	*host_err = NAN;
	for (size_t e = 0; e < r->count; e++) {
		double x = c[r->idx[e]], d = fabs(x - r->val[e]);

		if (!isfinite(x)) {
			host_nonfinite++;
			continue;
		}
		e2 += (x - r->val[e]) * (x - r->val[e]);
		if (d > TOL * r->bound[e] + 1e-30) {
			snprintf(msg, len, "C[%zu] = %.9g, CPU %.9g",
				 r->idx[e], x, r->val[e]);
			return -1;
		}
	}
	if (host_nonfinite) {
		snprintf(msg, len, "%zu non-finite elements seen on the host",
			 host_nonfinite);
		return -1;
	}
	if (!r->full)
		return 0;
	if (dev_nonfinite != host_nonfinite) {
		snprintf(msg, len, "verifier counts %zu non-finite, host %zu",
			 dev_nonfinite, host_nonfinite);
		return -1;
	}
	*host_err = r->norm2 > 0.0 ? sqrt(e2 / r->norm2) : (e2 > 0 ? INFINITY
							     : 0.0);
	if (fabs(dev_err - *host_err) > 1e-3 * fmax(dev_err, *host_err) +
	    1e-12) {
		snprintf(msg, len, "verifier error %.6e, host %.6e", dev_err,
			 *host_err);
		return -1;
	}
	return 0;
}

/* Device buffers and host copies of one product. */
struct product {
	struct shape s;
	float *ha, *hb, *hc;
	void *da, *db, *dc;
	struct ref ref;
};

static void product_free(struct product *p)
{
	free(p->ha);
	free(p->hb);
	free(p->hc);
	if (p->da)
		CUDA_OK(cudaFree(p->da));
	if (p->db)
		CUDA_OK(cudaFree(p->db));
	if (p->dc)
		CUDA_OK(cudaFree(p->dc));
	ref_free(&p->ref);
	memset(p, 0, sizeof(*p));
}

static int product_init(struct product *p, const struct shape *s)
{
	size_t na = (size_t)s->m * s->k, nb = (size_t)s->k * s->n;
	size_t nc = (size_t)s->m * s->n;
	uint64_t seed = 0x5EED0000ull + (uint64_t)s->m * 1000003u +
			(uint64_t)s->k * 1009u + (uint64_t)s->n;

	memset(p, 0, sizeof(*p));
	p->s = *s;
	p->ha = malloc(na * sizeof(float));
	p->hb = malloc(nb * sizeof(float));
	p->hc = malloc((nc + C_PAD) * sizeof(float));
	if (!p->ha || !p->hb || !p->hc)
		return -1;
	for (size_t i = 0; i < na; i++)
		p->ha[i] = rng_float(&seed);
	for (size_t i = 0; i < nb; i++)
		p->hb[i] = rng_float(&seed);
	if (!CUDA_OK(cudaMalloc(&p->da, na * sizeof(float))) ||
	    !CUDA_OK(cudaMalloc(&p->db, nb * sizeof(float))) ||
	    !CUDA_OK(cudaMalloc(&p->dc, (nc + C_PAD) * sizeof(float))) ||
	    !CUDA_OK(cudaMemcpy(p->da, p->ha, na * sizeof(float),
				cudaMemcpyHostToDevice)) ||
	    !CUDA_OK(cudaMemcpy(p->db, p->hb, nb * sizeof(float),
				cudaMemcpyHostToDevice)))
		return -1;
	return ref_build(&p->ref, s, p->ha, p->hb, seed);
}

static int pad_intact(const float *pad, size_t count)
{
	uint32_t w;

	for (size_t i = 0; i < count; i++) {
		memcpy(&w, &pad[i], sizeof(w));
		if (w != 0xFFFFFFFFu)
			return 0;
	}
	return 1;
}

/* check() refused a case of this test. Every listed block fits 1024
 * threads and 48 KiB of shared memory, and every size here fits the int
 * indices, so on such a device a refusal is a bug; on a smaller one it
 * is a skip, provided it says why. Returns 1 when it counts as failure. */
static int refused(const char *label, const char *why)
{
	int legit = why[0] != '\0' && (g.prop.maxThreadsPerBlock < 1024 ||
					g.prop.sharedMemPerBlock < 48 * 1024);

	printf("%s %s  refused: %s\n", legit ? "skip" : "FAIL", label,
	       why[0] ? why : "(no reason given)");
	return !legit;
}

/* One kernel, one block, one product. Returns 1 on failure. */
static int run_case(const struct kernel_desc *d, int block,
		    struct product *p)
{
	struct kernel_args args = { 0 };
	size_t nc = (size_t)p->s.m * p->s.n, nonfinite = 0;
	double err = NAN, host_err = NAN;
	char why[256] = "", label[96];
	int rc;

	args.m = p->s.m;
	args.k = p->s.k;
	args.n = p->s.n;
	args.block = block;
	args.ilp = 1;
	args.a = p->da;
	args.b = p->db;
	args.c = p->dc;
	args.stream = g.stream;
	args.blas = g.blas;
	snprintf(label, sizeof(label), "%-8s b=%-2d %4dx%4dx%4d", d->name,
		 block, p->s.m, p->s.k, p->s.n);
	if (d->check(&args, g.prop.maxThreadsPerBlock, g.prop.sharedMemPerBlockOptin,
		     why, sizeof(why))) {
		/* the float4 kernels (v8 on) take multiples of 4 only */
		if (p->s.n % 4 && strstr(why, "not a multiple of 4")) {
			printf("skip %s  refused: %s\n", label, why);
			return 0;
		}
		return refused(label, why);
	}
	if (kernel_poison(p->dc, (nc + C_PAD) * sizeof(float))) {
		printf("FAIL %s  kernel_poison failed\n", label);
		return 1;
	}
	rc = d->launch(&args);
	if (rc == 0)
		rc = cudaStreamSynchronize(g.stream);
	if (rc) {
		printf("FAIL %s  launch: %s\n", label,
		       cudaGetErrorString((cudaError_t)rc));
		return 1;
	}
	rc = kernel_gemm_verify(g.blas, p->da, p->db, p->dc, p->s.m, p->s.k,
				p->s.n, &err, &nonfinite);
	if (rc) {
		printf("FAIL %s  kernel_gemm_verify: %s\n", label,
		       cudaGetErrorString((cudaError_t)rc));
		return 1;
	}
	if (!CUDA_OK(cudaMemcpy(p->hc, p->dc, (nc + C_PAD) * sizeof(float),
				cudaMemcpyDeviceToHost)))
		return 1;
	if (!(err < TOL) || nonfinite) {
		printf("FAIL %s  error %.3e, %zu non-finite\n", label, err,
		       nonfinite);
		return 1;
	}
	if (!pad_intact(p->hc + nc, C_PAD)) {
		printf("FAIL %s  wrote past the end of C\n", label);
		return 1;
	}
	if (ref_compare(&p->ref, p->hc, err, nonfinite, &host_err, why,
			sizeof(why))) {
		printf("FAIL %s  %s\n", label, why);
		return 1;
	}
	if (p->ref.full)
		printf("ok   %s  error %.2e (host: %.2e)\n", label, err,
		       host_err);
	else
		printf("ok   %s  error %.2e (host: %zu elements)\n", label,
		       err, p->ref.count);
	return 0;
}

/* Runs every block of every selected kernel whose shape fits. */
static int run_product(const struct shape *s, int square)
{
	struct product p;
	int failures = 0;

	if (product_init(&p, s)) {
		printf("FAIL %dx%dx%d: cannot set up the product\n", s->m,
		       s->k, s->n);
		product_free(&p);
		return 1;
	}
	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);

		if (!selected(d->name) || d->shape == KERNEL_COPY ||
		    d->shape == KERNEL_TRANSPOSE ||
		    d->shape == KERNEL_ACCESS ||
		    d->shape == KERNEL_REDUCE || d->shape == KERNEL_WALK ||
		    (d->shape == KERNEL_SQUARE && !square))
			continue;
		if (d->shape == KERNEL_LIBRARY) {
			failures += run_case(d, 0, &p);
			continue;
		}
		for (size_t j = 0; j < d->nblocks; j++)
			failures += run_case(d, d->blocks[j], &p);
	}
	product_free(&p);
	return failures;
}

static void test_matrix_kernels(void **state)
{
	const int *sizes = g.tiny ? sizes_tiny : g.quick ? sizes_quick :
			   sizes_full;
	size_t nsizes = g.tiny ? N(sizes_tiny) : g.quick ? N(sizes_quick) :
			N(sizes_full);
	const struct shape *rects = g.tiny ? rects_tiny : g.quick ?
				    rects_quick : rects_full;
	size_t nrects = g.tiny ? N(rects_tiny) : g.quick ? N(rects_quick) :
			N(rects_full);
	int failures = 0;

	for (size_t i = 0; i < nsizes; i++) {
		struct shape s = { sizes[i], sizes[i], sizes[i] };

		failures += run_product(&s, 1);
	}
	for (size_t i = 0; i < nrects; i++)
		failures += run_product(&rects[i], 0);
	assert_int_equal(failures, 0);
}

/* The Stream-K kernels (KTRAIT_WORKSPACE) past one wave, where whole
 * tiles and pieces of tiles share a launch: on a GPU of 132 SMs, n =
 * 2100 is one whole wave and a cut rest, n = 6000 a rest cut after
 * eight waves or more (pieces of half the size). The sizes above stay
 * below one wave. Not with --quick or --tiny: too large for the
 * sanitizers' budgets. */
static void test_streamk(void **state)
{
	static const int sizes[] = { 2100, 6000 };
	size_t any = 0;
	int failures = 0;

	for (size_t i = 0; i < kernel_count(); i++)
		any += selected(kernel_at(i)->name) &&
		       (kernel_at(i)->traits & KTRAIT_WORKSPACE);
	if (g.quick || g.tiny || !any)
		skip();
	for (size_t i = 0; i < N(sizes); i++) {
		struct shape s = { sizes[i], sizes[i], sizes[i] };
		struct product p;
		int bad = product_init(&p, &s) != 0;

		if (bad)
			printf("FAIL %dx%dx%d: cannot set up the product\n",
			       s.m, s.k, s.n);
		failures += bad;
		for (size_t j = 0; !bad && j < kernel_count(); j++) {
			const struct kernel_desc *d = kernel_at(j);

			if (selected(d->name) &&
			    (d->traits & KTRAIT_WORKSPACE))
				failures += run_case(d, d->blocks[0], &p);
		}
		product_free(&p);
	}
	assert_int_equal(failures, 0);
}

/* The verifier must see what the host sees: a correct product, a
 * poisoned one, one element off, one infinity; and report a product too
 * large for device memory as cudaErrorMemoryAllocation. */
static void test_verifier(void **state)
{
	const struct kernel_desc *d = kernel_find("cublas");
	struct shape s = { 70, 90, 110 };
	struct kernel_args args = { .m = 70, .k = 90, .n = 110,
				    .stream = NULL };
	struct product p;
	size_t nc = (size_t)s.m * s.n, nonfinite = 0, free_b, total_b;
	double err = NAN, host_err = NAN, e2 = 0.0;
	char why[256] = "";
	float v;
	void *tiny = NULL;

	if (!selected(verifier_name))
		skip();
	assert_int_equal(product_init(&p, &s), 0);
	args.a = p.da;
	args.b = p.db;
	args.c = p.dc;
	args.blas = g.blas;

	/* Poisoned: every element non-finite. */
	assert_int_equal(kernel_poison(p.dc, nc * sizeof(float)), 0);
	assert_int_equal(kernel_gemm_verify(g.blas, p.da, p.db, p.dc, s.m,
					    s.k, s.n, &err, &nonfinite), 0);
	printf("     verifier: poisoned C: %zu of %zu non-finite\n",
	       nonfinite, nc);
	assert_int_equal(nonfinite, nc);

	/* Correct: agrees with the host. */
	assert_int_equal(d->launch(&args), 0);
	assert_int_equal(cudaDeviceSynchronize(), cudaSuccess);
	assert_int_equal(kernel_gemm_verify(g.blas, p.da, p.db, p.dc, s.m,
					    s.k, s.n, &err, &nonfinite), 0);
	assert_int_equal(cudaMemcpy(p.hc, p.dc, nc * sizeof(float),
				    cudaMemcpyDeviceToHost), cudaSuccess);
	if (ref_compare(&p.ref, p.hc, err, nonfinite, &host_err, why,
			sizeof(why)))
		fail_msg("cuBLAS product: %s", why);
	printf("     verifier: correct C: error %.3e, host %.3e\n", err,
	       host_err);
	assert_int_equal(nonfinite, 0);

	/* One element off by 0.5: the error the host expects. */
	p.hc[nc / 2] += 0.5f;
	assert_int_equal(cudaMemcpy(p.dc, p.hc, nc * sizeof(float),
				    cudaMemcpyHostToDevice), cudaSuccess);
	assert_int_equal(kernel_gemm_verify(g.blas, p.da, p.db, p.dc, s.m,
					    s.k, s.n, &err, &nonfinite), 0);
	for (size_t e = 0; e < nc; e++)
		e2 += ((double)p.hc[e] - p.ref.val[e]) *
		      ((double)p.hc[e] - p.ref.val[e]);
	host_err = sqrt(e2 / p.ref.norm2);
	printf("     verifier: one element off: error %.6e, host %.6e\n",
	       err, host_err);
	assert_true(err > 1e-4);
	assert_true(fabs(err - host_err) <= 1e-6 * host_err);

	/* One infinity: counted, not summed. */
	v = INFINITY;
	assert_int_equal(cudaMemcpy((float *)p.dc + 7, &v, sizeof(v),
				    cudaMemcpyHostToDevice), cudaSuccess);
	assert_int_equal(kernel_gemm_verify(g.blas, p.da, p.db, p.dc, s.m,
					    s.k, s.n, &err, &nonfinite), 0);
	assert_int_equal(nonfinite, 1);
	assert_true(isfinite(err));
	product_free(&p);

	/* B alone would need 2^36 doubles (512 GiB): refused before any
	 * input is read, so tiny stand-ins suffice. */
	assert_int_equal(cudaMemGetInfo(&free_b, &total_b), cudaSuccess);
	/* --quick is the compute-sanitizer mode, and memcheck counts the
	 * intended allocation failure as an API error. */
	if (g.quick) {
		printf("skip verifier: out-of-memory case (--quick)\n");
		return;
	}
	if (total_b >= ((size_t)1 << 39)) {
		printf("skip verifier: out-of-memory case (device too large)\n");
		return;
	}
	assert_int_equal(cudaMalloc(&tiny, 4096), cudaSuccess);
	assert_int_equal(kernel_gemm_verify(g.blas, tiny, tiny, tiny, 1,
					    1 << 18, 1 << 18, &err, &nonfinite),
			 cudaErrorMemoryAllocation);
	assert_int_equal(cudaGetLastError(), cudaSuccess);
	assert_int_equal(cudaFree(tiny), cudaSuccess);
	printf("     verifier: 512 GiB request: cudaErrorMemoryAllocation\n");
}

/* kernel_gemm_diagnose (issue 25, item 4): where a wrong product is
 * wrong. A 100 x 100 x 100 product at block 16: an error only in the
 * partial edge tiles (rows or columns from 96) is found there and only
 * there, with its first element; C = A B^T is recognised as B read
 * transposed; a poisoned C is wrong everywhere, its first element not a
 * number. */
static void test_diagnose(void **state)
{
	const struct kernel_desc *d = kernel_find("cublas");
	struct shape s = { 100, 100, 100 };
	struct kernel_args args = { .m = 100, .k = 100, .n = 100 };
	struct kernel_gemm_diag dg = { .block = 16, .tol = 1e-4 };
	struct product p;
	size_t n = 100, nc = n * n;

	(void)state;
	if (!selected(verifier_name))
		skip();
	assert_int_equal(product_init(&p, &s), 0);
	args.a = p.da;
	args.b = p.db;
	args.c = p.dc;
	args.blas = g.blas;
	assert_int_equal(d->launch(&args), 0);
	assert_int_equal(cudaMemcpy(p.hc, p.dc, nc * sizeof(float),
				    cudaMemcpyDeviceToHost), cudaSuccess);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (i >= 96 || j >= 96)
				p.hc[i * n + j] += 1.0f;
	assert_int_equal(cudaMemcpy(p.dc, p.hc, nc * sizeof(float),
				    cudaMemcpyHostToDevice), cudaSuccess);
	assert_int_equal(kernel_gemm_diagnose(g.blas, p.da, p.db, p.dc, 100,
					      100, 100, 0, &dg), 0);
	printf("     diagnose: edge: %lld wrong, %lld in the edge of %lld, "
	       "first C[%lld][%lld]\n", dg.wrong, dg.wrong_edge,
	       dg.edge_cells, dg.first_i, dg.first_j);
	assert_int_equal(dg.edge_cells, 100 * 100 - 96 * 96);
	assert_int_equal(dg.wrong, dg.edge_cells);
	assert_int_equal(dg.wrong_edge, dg.wrong);
	assert_int_equal(dg.first_i, 0);
	assert_int_equal(dg.first_j, 96);
	assert_true(fabs(dg.first_got - p.hc[96]) < 1e-6);
	assert_true(fabs(dg.first_want - p.ref.val[96]) <
		    1e-4 * (fabs(p.ref.val[96]) + 1));
	assert_true(dg.rel_at > 1e-2 && dg.rel_bt > 1e-2);

	/* C = A B^T, in double on the host */
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++) {
			double sum = 0;

			for (size_t k = 0; k < n; k++)
				sum += (double)p.ha[i * n + k] *
				       p.hb[j * n + k];
			p.hc[i * n + j] = (float)sum;
		}
	assert_int_equal(cudaMemcpy(p.dc, p.hc, nc * sizeof(float),
				    cudaMemcpyHostToDevice), cudaSuccess);
	assert_int_equal(kernel_gemm_diagnose(g.blas, p.da, p.db, p.dc, 100,
					      100, 100, 0, &dg), 0);
	printf("     diagnose: A B^T: %lld wrong, against A^T B %.3g, "
	       "against A B^T %.3g\n", dg.wrong, dg.rel_at, dg.rel_bt);
	assert_true(dg.rel_bt < 1e-5);
	assert_true(dg.rel_at > 1e-2);
	assert_true(dg.wrong > (long long)nc / 2);

	/* poisoned: nothing written */
	assert_int_equal(kernel_poison(p.dc, nc * sizeof(float)), 0);
	assert_int_equal(kernel_gemm_diagnose(g.blas, p.da, p.db, p.dc, 100,
					      100, 100, 0, &dg), 0);
	assert_int_equal(dg.wrong, (long long)nc);
	assert_int_equal(dg.first_i, 0);
	assert_int_equal(dg.first_j, 0);
	assert_true(isnan(dg.first_got));
	product_free(&p);
}

/* kernel_copy_verify on a correct copy finds nothing, and after the last
 * element is spoiled finds exactly it. Returns 1 on failure. */
static int copy_verify_sees(const void *a, void *b, size_t count,
			    const char *label)
{
	size_t bad = 1;
	uint32_t spoil;
	int rc = kernel_copy_verify(a, b, count, &bad);

	if (rc || bad) {
		printf("FAIL %s  kernel_copy_verify: %s, %zu mismatches\n",
		       label, cudaGetErrorString((cudaError_t)rc), bad);
		return 1;
	}
	if (!CUDA_OK(cudaMemcpy(&spoil, (uint32_t *)a + count - 1,
				sizeof(spoil), cudaMemcpyDeviceToHost)))
		return 1;
	spoil ^= 1u;
	if (!CUDA_OK(cudaMemcpy((uint32_t *)b + count - 1, &spoil,
				sizeof(spoil), cudaMemcpyHostToDevice)))
		return 1;
	rc = kernel_copy_verify(a, b, count, &bad);
	if (rc || bad != 1) {
		printf("FAIL %s  kernel_copy_verify missed a spoiled element: "
		       "%s, %zu mismatches\n", label,
		       cudaGetErrorString((cudaError_t)rc), bad);
		return 1;
	}
	return 0;
}

/* One copy: count elements, threads x ilp, the destination padded and
 * pre-filled; b == a below count, the pad untouched. */
static int copy_case(const struct kernel_desc *d, size_t count, int threads,
		     int ilp)
{
	struct kernel_args args = { 0 };
	size_t total = count + COPY_PAD;
	uint32_t *ha = NULL, *hb = NULL;
	void *da = NULL, *db = NULL;
	char why[256] = "", label[96];
	uint64_t seed = count * 31 + (uint64_t)ilp;
	int failed = 1, rc;

	snprintf(label, sizeof(label), "%-8s ilp=%-2d threads=%-4d count=%zu",
		 d->name, ilp, threads, count);
	args.count = count;
	args.block = threads;
	args.ilp = ilp;
	args.stream = g.stream;
	if (d->check(&args, g.prop.maxThreadsPerBlock, g.prop.sharedMemPerBlockOptin,
		     why, sizeof(why)))
		return refused(label, why);
	ha = malloc(count * sizeof(*ha));
	hb = malloc(total * sizeof(*hb));
	if (!ha || !hb) {
		printf("FAIL %s  out of host memory\n", label);
		goto out;
	}
	for (size_t i = 0; i < count; i++)
		ha[i] = (uint32_t)rng_next(&seed);
	if (!CUDA_OK(cudaMalloc(&da, count * sizeof(*ha))) ||
	    !CUDA_OK(cudaMalloc(&db, total * sizeof(*hb))) ||
	    !CUDA_OK(cudaMemcpy(da, ha, count * sizeof(*ha),
				cudaMemcpyHostToDevice)) ||
	    !CUDA_OK(cudaMemset(db, 0xA5, total * sizeof(*hb))) ||
	    !CUDA_OK(cudaDeviceSynchronize()))	/* g.stream is non-blocking */
		goto out;
	args.a = da;
	args.c = db;
	rc = d->launch(&args);
	if (rc == 0)
		rc = cudaStreamSynchronize(g.stream);
	if (rc) {
		printf("FAIL %s  launch: %s\n", label,
		       cudaGetErrorString((cudaError_t)rc));
		goto out;
	}
	if (!CUDA_OK(cudaMemcpy(hb, db, total * sizeof(*hb),
				cudaMemcpyDeviceToHost)))
		goto out;
	for (size_t i = 0; i < total; i++) {
		uint32_t want = i < count ? ha[i] : COPY_SENTINEL;

		if (hb[i] != want) {
			printf("FAIL %s  b[%zu] = %#x, expected %#x\n", label,
			       i, hb[i], want);
			goto out;
		}
	}
	if (copy_verify_sees(da, db, count, label))
		goto out;
	printf("ok   %s\n", label);
	failed = 0;
out:
	free(ha);
	free(hb);
	if (da)
		CUDA_OK(cudaFree(da));
	if (db)
		CUDA_OK(cudaFree(db));
	return failed;
}

/* More than 2^31 elements, where 32-bit indices would wrap: a constant
 * pattern, checked on the host a chunk at a time. */
static int copy_huge(const struct kernel_desc *d, int threads, int ilp)
{
	const size_t count = ((size_t)1 << 31) + 7, chunk = (size_t)1 << 26;
	size_t total = count + COPY_PAD, free_b, total_b;
	struct kernel_args args = { 0 };
	uint32_t *h = NULL;
	void *da = NULL, *db = NULL;
	int failed = 1, rc;
	char label[96];

	snprintf(label, sizeof(label), "%-8s ilp=%-2d threads=%-4d count=%zu",
		 d->name, ilp, threads, count);
	if (!CUDA_OK(cudaMemGetInfo(&free_b, &total_b)))
		return 1;
	if (free_b < (count + total) * sizeof(uint32_t) + ((size_t)1 << 30)) {
		printf("skip %s  needs %zu MiB of device memory\n", label,
		       (count + total) * sizeof(uint32_t) >> 20);
		return 0;
	}
	h = malloc(chunk * sizeof(*h));
	if (!h || !CUDA_OK(cudaMalloc(&da, count * sizeof(uint32_t))) ||
	    !CUDA_OK(cudaMalloc(&db, total * sizeof(uint32_t))) ||
	    !CUDA_OK(cudaMemset(da, 0x5A, count * sizeof(uint32_t))) ||
	    !CUDA_OK(cudaMemset(db, 0xA5, total * sizeof(uint32_t))) ||
	    !CUDA_OK(cudaDeviceSynchronize()))
		goto out;
	args.count = count;
	args.block = threads;
	args.ilp = ilp;
	args.a = da;
	args.c = db;
	args.stream = g.stream;
	rc = d->launch(&args);
	if (rc == 0)
		rc = cudaStreamSynchronize(g.stream);
	if (rc) {
		printf("FAIL %s  launch: %s\n", label,
		       cudaGetErrorString((cudaError_t)rc));
		goto out;
	}
	for (size_t at = 0; at < total; at += chunk) {
		size_t len = total - at < chunk ? total - at : chunk;

		if (!CUDA_OK(cudaMemcpy(h, (uint32_t *)db + at,
					len * sizeof(*h),
					cudaMemcpyDeviceToHost)))
			goto out;
		for (size_t i = 0; i < len; i++) {
			uint32_t want = at + i < count ? 0x5A5A5A5Au
						       : COPY_SENTINEL;

			if (h[i] != want) {
				printf("FAIL %s  b[%zu] = %#x, expected %#x\n",
				       label, at + i, h[i], want);
				goto out;
			}
		}
	}
	if (copy_verify_sees(da, db, count, label))
		goto out;
	printf("ok   %s\n", label);
	failed = 0;
out:
	free(h);
	if (da)
		CUDA_OK(cudaFree(da));
	if (db)
		CUDA_OK(cudaFree(db));
	return failed;
}

static void test_copy(void **state)
{
	const struct kernel_desc *d = kernel_find("copy_ilp");
	const size_t counts_full[] = { 1, 511, 512, 513, ((size_t)1 << 20) + 7 };
	const size_t counts_quick[] = { 1, 511, 513, 4099 };
	const size_t counts_tiny[] = { 1, 513 };
	const size_t *counts = g.tiny ? counts_tiny : g.quick ? counts_quick :
			       counts_full;
	size_t ncounts = g.tiny ? N(counts_tiny) : g.quick ? N(counts_quick) :
			 N(counts_full);
	int failures = 0;

	if (!selected(d->name))
		skip();
	for (size_t j = 0; j < d->nblocks; j++) {
		int ilp = d->blocks[j];

		for (size_t i = 0; i < ncounts; i++) {
			/* Note J's blocks of 512 elements, and odd ones. */
			failures += copy_case(d, counts[i], 512 / ilp, ilp);
			failures += copy_case(d, counts[i], 96, ilp);
		}
	}
	failures += copy_case(d, 5000, g.prop.maxThreadsPerBlock, 16);
	if (!g.quick) {
		failures += copy_huge(d, 512, 1);
		failures += copy_huge(d, 32, 16);
	}
	assert_int_equal(failures, 0);
}

/* ---- the memory suites' kernels ---------------------------------------
 * Inputs from this test's own generator (not the hash the suites use),
 * outputs poisoned, C checked past its end, every element compared with
 * a host reference bit for bit. */

#define MEM_PAD 1024

/* One launch of d on host inputs ha (na words) and hb (nb), nc output
 * words compared with want[]. */
static int mem_case(const struct kernel_desc *d, struct kernel_args *args,
		    const uint32_t *ha, size_t na, const uint32_t *hb,
		    size_t nb, const uint32_t *want, size_t nc,
		    const char *label)
{
	void *da = NULL, *db = NULL, *dc = NULL;
	uint32_t *hc = NULL;
	char why[256];
	int failed = 1, rc;

	if (d->check(args, g.prop.maxThreadsPerBlock, g.prop.sharedMemPerBlockOptin,
		     why, sizeof(why))) {
		printf("FAIL %s  refused: %s\n", label, why);
		return 1;
	}
	hc = malloc((nc + MEM_PAD) * sizeof(*hc));
	if (!hc || !CUDA_OK(cudaMalloc(&da, na * 4)) ||
	    (nb && !CUDA_OK(cudaMalloc(&db, nb * 4))) ||
	    !CUDA_OK(cudaMalloc(&dc, (nc + MEM_PAD) * 4)) ||
	    !CUDA_OK(cudaMemcpy(da, ha, na * 4, cudaMemcpyHostToDevice)) ||
	    (nb && !CUDA_OK(cudaMemcpy(db, hb, nb * 4,
				       cudaMemcpyHostToDevice))) ||
	    !CUDA_OK(cudaMemset(dc, 0xA5, (nc + MEM_PAD) * 4)) ||
	    !CUDA_OK(cudaDeviceSynchronize()))
		goto out;
	args->a = da;
	args->b = db;
	args->c = dc;
	args->stream = g.stream;
	rc = d->launch(args);
	if (rc == 0)
		rc = cudaStreamSynchronize(g.stream);
	if (rc) {
		printf("FAIL %s  launch: %s\n", label,
		       cudaGetErrorString((cudaError_t)rc));
		goto out;
	}
	if (!CUDA_OK(cudaMemcpy(hc, dc, (nc + MEM_PAD) * 4,
				cudaMemcpyDeviceToHost)))
		goto out;
	for (size_t i = 0; i < nc + MEM_PAD; i++) {
		uint32_t w = i < nc ? want[i] : COPY_SENTINEL;

		if (hc[i] != w) {
			printf("FAIL %s  c[%zu] = %#x, expected %#x\n", label,
			       i, hc[i], w);
			goto out;
		}
	}
	printf("ok   %s\n", label);
	failed = 0;
out:
	free(hc);
	if (da)
		CUDA_OK(cudaFree(da));
	if (db)
		CUDA_OK(cudaFree(db));
	if (dc)
		CUDA_OK(cudaFree(dc));
	return failed;
}

static uint32_t float_bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u;
}

/* Words of floats in [-1, 1): the arithmetic kernels need numbers. */
static uint32_t *mem_inputs(size_t n, uint64_t seed)
{
	uint32_t *h = malloc((n ? n : 1) * sizeof(*h));

	for (size_t i = 0; h && i < n; i++)
		h[i] = float_bits(rng_float(&seed));
	return h;
}

static float bits_float(uint32_t u)
{
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

/* The host's expectation of one access kernel's output. */
static void mem_expect(const char *name, const uint32_t *a,
		       const uint32_t *b, size_t count, int param,
		       uint32_t *want, size_t nc)
{
	for (size_t i = 0; i < nc; i++) {
		if (!strcmp(name, "offset"))
			want[i] = a[i + (size_t)param];
		else if (!strcmp(name, "stride"))
			want[i] = a[i * (size_t)param];
		else if (!strcmp(name, "bank")) {
			uint32_t s = 0, lane = (uint32_t)(i % 256) & 31u;

			for (uint32_t r = 0; r < KERNEL_BANK_READS; r++)
				s += a[(lane * (uint32_t)param + 32u * r) &
				       (KERNEL_BANK_WORDS - 1)];
			want[i] = s;
		} else {	/* aos, soa: elementwise on flat buffers */
			want[i] = float_bits(fmaf(bits_float(b[i]),
						  KERNEL_UPDATE_DT,
						  bits_float(a[i])));
		}
	}
	(void)count;
}

static void test_memory_kernels(void **state)
{
	static const int tr_sizes[][2] = {
		{ 1, 1 }, { 17, 33 }, { 100, 37 }, { 64, 64 }, { 300, 257 }
	};
	static const size_t counts_all[] = { 1, 255, 1000, 4097 };
	static const int params_all[] = { 0, 1, 2, 7, 8, 31, 32 };
	/* --tiny: odd sizes, a stride that is a bank's multiple and one
	 * that is not, the offset past a sector */
	static const size_t counts_tiny[] = { 1, 1000 };
	static const int params_tiny[] = { 0, 7, 32 };
	const size_t *counts = g.tiny ? counts_tiny : counts_all;
	const int *params = g.tiny ? params_tiny : params_all;
	size_t ncounts = g.tiny ? N(counts_tiny) : N(counts_all);
	size_t nparams = g.tiny ? N(params_tiny) : N(params_all);
	size_t ntr = g.tiny ? 3 : N(tr_sizes);	/* 1x1, 17x33, 100x37 */
	int failures = 0;

	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);

		if (!selected(d->name))
			continue;
		if (d->shape == KERNEL_TRANSPOSE) {
			int copy = !strcmp(d->name, "tr_copy");

			for (size_t s = 0; s < ntr; s++)
				for (size_t j = 0; j < d->nblocks; j++) {
					int m = tr_sizes[s][0],
					    n = tr_sizes[s][1];
					size_t mn = (size_t)m * n;
					uint32_t *a = mem_inputs(mn, 11 + s);
					uint32_t *w = malloc(mn * 4);
					struct kernel_args args = {
						.m = m, .n = n,
						.block = d->blocks[j] };
					char label[96];

					assert_non_null(a);
					assert_non_null(w);
					/* C is n x m: C[c][r] = A[r][c] */
					for (size_t k = 0; k < mn; k++)
						w[k] = copy ? a[k] :
						       a[(k % m) * n + k / m];
					snprintf(label, sizeof(label),
						 "%-8s b=%-2d %dx%d", d->name,
						 d->blocks[j], m, n);
					failures += mem_case(d, &args, a, mn,
							     NULL, 0, w, mn,
							     label);
					free(a);
					free(w);
				}
		}
		if (d->shape != KERNEL_ACCESS)
			continue;
		for (size_t s = 0; s < ncounts; s++)
			for (size_t q = 0; q < nparams; q++) {
				struct kernel_args args = {
					.count = counts[s], .block = 256,
					.param = params[q] };
				int upd = !strcmp(d->name, "aos") ||
					  !strcmp(d->name, "soa");
				int bank = !strcmp(d->name, "bank");
				size_t nc = upd ? 3 * counts[s] : counts[s];
				size_t na = upd ? nc : bank ?
					    KERNEL_BANK_WORDS :
					    counts[s] * (params[q] + 1) + 32;
				uint32_t *a = mem_inputs(na, 21 + q);
				uint32_t *b = upd ? mem_inputs(nc, 31 + q) :
						    NULL;
				uint32_t *w = malloc(nc * 4);
				char label[96];

				if (d->check(&args, g.prop.maxThreadsPerBlock,
					     g.prop.sharedMemPerBlockOptin, NULL,
					     0)) {
					free(a);
					free(b);
					free(w);
					continue;	/* param not taken */
				}
				assert_non_null(a);
				assert_non_null(w);
				mem_expect(d->name, a, b, counts[s],
					   params[q], w, nc);
				snprintf(label, sizeof(label),
					 "%-8s N=%-5zu p=%d", d->name,
					 counts[s], params[q]);
				failures += mem_case(d, &args, a, na, b,
						     upd ? nc : 0, w, nc,
						     label);
				free(a);
				free(b);
				free(w);
			}
	}
	assert_int_equal(failures, 0);
}

/* dot and cuBLAS's DOT in both precisions against the host's long
 * double sum of the same elements (the test's own generator); the
 * walkers against the host's replay of every walker. */
static int dot_case(const struct kernel_desc *d, size_t n, int fp64)
{
	size_t elt = fp64 ? sizeof(double) : sizeof(float);
	uint64_t seed = 77 + n;
	void *ha = malloc(n * elt), *hb = malloc(n * elt);
	void *da = NULL, *db = NULL, *dc = NULL;
	struct kernel_args args = { .count = n, .fp64 = fp64,
				    .block = d->nblocks ? 256 : 0 };
	long double ref = 0;
	double got = NAN, err;
	int failed = 1, rc;
	char label[96];

	snprintf(label, sizeof(label), "%-10s N=%-8zu %s", d->name, n,
		 fp64 ? "fp64" : "fp32");
	if (!ha || !hb)
		goto out;
	for (size_t i = 0; i < n; i++) {
		double x = (rng_float(&seed) + 1) / 2, y = (rng_float(&seed) +
							    1) / 2;

		if (fp64) {
			((double *)ha)[i] = x;
			((double *)hb)[i] = y;
			ref += (long double)x * y;
		} else {
			((float *)ha)[i] = (float)x;
			((float *)hb)[i] = (float)y;
			ref += (long double)(float)x * (float)y;
		}
	}
	if (!CUDA_OK(cudaMalloc(&da, n * elt)) ||
	    !CUDA_OK(cudaMalloc(&db, n * elt)) ||
	    !CUDA_OK(cudaMalloc(&dc, (1 + KERNEL_DOT_PARTS) * elt)) ||
	    !CUDA_OK(cudaMemcpy(da, ha, n * elt, cudaMemcpyHostToDevice)) ||
	    !CUDA_OK(cudaMemcpy(db, hb, n * elt, cudaMemcpyHostToDevice)) ||
	    !CUDA_OK(cudaMemset(dc, 0xFF, (1 + KERNEL_DOT_PARTS) * elt)) ||
	    !CUDA_OK(cudaDeviceSynchronize()))
		goto out;
	args.a = da;
	args.b = db;
	args.c = dc;
	args.stream = g.stream;
	args.blas = g.blas;
	rc = d->launch(&args);
	if (rc == 0)
		rc = cudaStreamSynchronize(g.stream);
	if (rc) {
		printf("FAIL %s  launch: %s\n", label,
		       cudaGetErrorString((cudaError_t)rc));
		goto out;
	}
	if (fp64) {
		if (!CUDA_OK(cudaMemcpy(&got, dc, elt, cudaMemcpyDeviceToHost)))
			goto out;
	} else {
		float f;

		if (!CUDA_OK(cudaMemcpy(&f, dc, elt, cudaMemcpyDeviceToHost)))
			goto out;
		got = f;
	}
	err = (double)(fabsl((long double)got - ref) / fabsl(ref));
	if (!(err <= (fp64 ? 1e-12 : 1e-4))) {
		printf("FAIL %s  %.17g against %.17Lg (relative error %.3g)"
		       "\n", label, got, ref, err);
		goto out;
	}
	printf("ok   %s  relative error %.3g\n", label, err);
	failed = 0;
out:
	free(ha);
	free(hb);
	if (da)
		CUDA_OK(cudaFree(da));
	if (db)
		CUDA_OK(cudaFree(db));
	if (dc)
		CUDA_OK(cudaFree(dc));
	return failed;
}

static int walk_case(const struct kernel_desc *d, size_t w, int steps)
{
	struct kernel_args args = { .count = w, .block = 256,
				    .param = steps, .seed = 12345 };
	int *hp = malloc((w + MEM_PAD) * sizeof(int)), failed = 1, rc;
	void *da = NULL, *dc = NULL;
	char label[96];

	snprintf(label, sizeof(label), "%-14s W=%-6zu steps=%d", d->name, w,
		 steps);
	if (!hp || !CUDA_OK(cudaMalloc(&da, w * sizeof(unsigned))) ||
	    !CUDA_OK(cudaMalloc(&dc, (w + MEM_PAD) * sizeof(int))) ||
	    !CUDA_OK(cudaMemset(dc, 0xA5, (w + MEM_PAD) * sizeof(int))) ||
	    !CUDA_OK(cudaDeviceSynchronize()))
		goto out;
	args.a = da;
	args.c = dc;
	args.stream = g.stream;
	rc = d->launch(&args);
	if (rc == 0)
		rc = cudaStreamSynchronize(g.stream);
	if (rc || !CUDA_OK(cudaMemcpy(hp, dc, (w + MEM_PAD) * sizeof(int),
				      cudaMemcpyDeviceToHost))) {
		printf("FAIL %s  launch: %s\n", label,
		       cudaGetErrorString((cudaError_t)rc));
		goto out;
	}
	for (size_t i = 0; i < w + MEM_PAD; i++) {
		int want = (int)COPY_SENTINEL;

		if (i < w) {
			/* xorshift32 written out here, independently */
			unsigned s = kernel_walk_seed(i, 12345);

			want = 0;
			for (int k = 0; k < steps; k++) {
				s ^= s << 13;
				s ^= s >> 17;
				s ^= s << 5;
				want += (s >> 31) ? 1 : -1;
			}
		}
		if (hp[i] != want) {
			printf("FAIL %s  pos[%zu] = %d, expected %d\n", label,
			       i, hp[i], want);
			goto out;
		}
	}
	printf("ok   %s\n", label);
	failed = 0;
out:
	free(hp);
	if (da)
		CUDA_OK(cudaFree(da));
	if (dc)
		CUDA_OK(cudaFree(dc));
	return failed;
}

static void test_dot_walkers(void **state)
{
	static const size_t ns_all[] = { 1, 255, 1000, 262145 };
	static const size_t ws_all[] = { 1, 300, 5000 };
	static const int steps_all[] = { 1, 100, 1001 };
	/* --tiny: a partial block, several blocks of partial sums */
	static const size_t ns_tiny[] = { 1, 4097 };
	static const size_t ws_tiny[] = { 1, 300 };
	static const int steps_tiny[] = { 1, 101 };
	const size_t *ns = g.tiny ? ns_tiny : ns_all;
	const size_t *ws = g.tiny ? ws_tiny : ws_all;
	const int *steps = g.tiny ? steps_tiny : steps_all;
	size_t nns = g.tiny ? N(ns_tiny) : N(ns_all);
	size_t nws = g.tiny ? N(ws_tiny) : N(ws_all);
	size_t nsteps = g.tiny ? N(steps_tiny) : N(steps_all);
	int failures = 0;

	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);

		if (!selected(d->name))
			continue;
		if (d->shape == KERNEL_REDUCE)
			for (size_t k = 0; k < nns; k++)
				for (int f = 0; f <= 1; f++)
					failures += dot_case(d, ns[k], f);
		if (d->shape == KERNEL_WALK)
			for (size_t k = 0; k < nws; k++)
				for (size_t s = 0; s < nsteps; s++)
					failures += walk_case(d, ws[k],
							      steps[s]);
	}
	assert_int_equal(failures, 0);
}

/* ---- the matrix kernels in double --------------------------------------
 * Random doubles, C poisoned with NaN and checked past its end, every
 * element against the host's product in long double: the error may not
 * exceed a few units of double rounding of the sum of |a b|. */

static int fp64_case(const struct kernel_desc *d, int m, int k, int n,
		     int block)
{
	size_t na = (size_t)m * k, nb = (size_t)k * n, nc = (size_t)m * n;
	double *ha = malloc(na * 8), *hb = malloc(nb * 8);
	double *hc = malloc((nc + C_PAD) * 8);
	void *da = NULL, *db = NULL, *dc = NULL;
	struct kernel_args args = { .m = m, .k = k, .n = n, .block = block,
				    .ilp = 1, .fp64 = 1 };
	uint64_t seed = 4242 + (uint64_t)m * 7 + (uint64_t)n;
	int failed = 1, rc;
	char label[96], why[256];

	snprintf(label, sizeof(label), "%-8s b=%-2d %dx%dx%d fp64", d->name,
		 block, m, k, n);
	if (d->shape == KERNEL_SQUARE)
		args.m = args.k = 0;
	if (d->check(&args, g.prop.maxThreadsPerBlock,
		     g.prop.sharedMemPerBlockOptin, why, sizeof(why))) {
		printf("skip %s  refused: %s\n", label, why);
		failed = 0;
		goto out;
	}
	if (!ha || !hb || !hc)
		goto out;
	for (size_t i = 0; i < na; i++)
		ha[i] = rng_float(&seed);
	for (size_t i = 0; i < nb; i++)
		hb[i] = rng_float(&seed);
	if (!CUDA_OK(cudaMalloc(&da, na * 8)) ||
	    !CUDA_OK(cudaMalloc(&db, nb * 8)) ||
	    !CUDA_OK(cudaMalloc(&dc, (nc + C_PAD) * 8)) ||
	    !CUDA_OK(cudaMemcpy(da, ha, na * 8, cudaMemcpyHostToDevice)) ||
	    !CUDA_OK(cudaMemcpy(db, hb, nb * 8, cudaMemcpyHostToDevice)) ||
	    !CUDA_OK(cudaMemset(dc, 0xFF, (nc + C_PAD) * 8)) ||
	    !CUDA_OK(cudaDeviceSynchronize()))
		goto out;
	args.a = da;
	args.b = db;
	args.c = dc;
	args.stream = g.stream;
	args.blas = g.blas;
	rc = d->launch(&args);
	if (rc == 0)
		rc = cudaStreamSynchronize(g.stream);
	if (rc || !CUDA_OK(cudaMemcpy(hc, dc, (nc + C_PAD) * 8,
				      cudaMemcpyDeviceToHost))) {
		printf("FAIL %s  launch: %s\n", label,
		       cudaGetErrorString((cudaError_t)rc));
		goto out;
	}
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			long double s = 0, bound = 0;
			double got = hc[(size_t)i * n + j];

			for (int l = 0; l < k; l++) {
				long double p = (long double)ha[(size_t)i * k +
								l] *
						hb[(size_t)l * n + j];

				s += p;
				bound += fabsl(p);
			}
			/* NaN (unwritten) fails the test too */
			if (!(fabsl(got - s) <= 1e-14L * (bound + 1e-300L) *
						k)) {
				printf("FAIL %s  C[%d][%d] = %.17g, expected "
				       "%.17Lg\n", label, i, j, got, s);
				goto out;
			}
		}
	for (size_t i = nc; i < nc + C_PAD; i++) {
		uint64_t w;

		memcpy(&w, &hc[i], 8);
		if (w != ~(uint64_t)0) {
			printf("FAIL %s  C written past its end at %zu\n",
			       label, i);
			goto out;
		}
	}
	/* The measure side's check in double agrees, and catches one
	 * element off by 0.5. */
	{
		double rel = -1, off = hc[nc / 2] + 0.5;
		size_t bad = 1;

		if (kernel_gemm_verify64(g.blas, da, db, dc, m, k, n, &rel,
					 &bad) || bad || !(rel <= 1e-13)) {
			printf("FAIL %s  kernel_gemm_verify64: %.3g, %zu "
			       "non-finite\n", label, rel, bad);
			goto out;
		}
		if (!CUDA_OK(cudaMemcpy((double *)dc + nc / 2, &off, 8,
					cudaMemcpyHostToDevice)) ||
		    kernel_gemm_verify64(g.blas, da, db, dc, m, k, n, &rel,
					 &bad) || bad || !(rel > 1e-4)) {
			printf("FAIL %s  kernel_gemm_verify64 missed an "
			       "element off by 0.5: %.3g\n", label, rel);
			goto out;
		}
	}
	printf("ok   %s\n", label);
	failed = 0;
out:
	free(ha);
	free(hb);
	free(hc);
	if (da)
		CUDA_OK(cudaFree(da));
	if (db)
		CUDA_OK(cudaFree(db));
	if (dc)
		CUDA_OK(cudaFree(dc));
	return failed;
}

static void test_matrix_fp64(void **state)
{
	static const int sizes[] = { 17, 1, 100 };	/* --tiny: 17 only */
	size_t nsizes = g.tiny ? 1 : N(sizes);
	int failures = 0;

	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);

		if (!selected(d->name) || !d->fp64 ||
		    (d->shape != KERNEL_SQUARE && d->shape != KERNEL_RECT &&
		     d->shape != KERNEL_LIBRARY))
			continue;
		for (size_t j = 0; j < (d->nblocks ? d->nblocks : 1); j++) {
			int b = d->nblocks ? d->blocks[j] : 0;

			for (size_t s = 0; s < nsizes; s++)
				failures += fp64_case(d, sizes[s], sizes[s],
						      sizes[s], b);
			if (d->shape != KERNEL_SQUARE)
				failures += fp64_case(d, 33, 65, 17, b);
		}
	}
	assert_int_equal(failures, 0);
}

/* The L2 scrub of the counter passes runs cleanly, for
 * compute-sanitizer's sake too: at the device's L2 size, and at sizes
 * that are not whole lines. */
static void test_scrub(void **state)
{
	const size_t sizes[] = { 0, 1, 100000 };
	void *scrub = NULL;

	if (!selected(scrub_name))
		skip();
	for (size_t i = 0; i < N(sizes); i++) {
		size_t l2 = sizes[i] ? sizes[i] : (size_t)g.prop.l2CacheSize;

		if (g.quick && !sizes[i])
			continue;	/* 3 x L2 is slow under memcheck */
		assert_int_equal(kernel_scrub_create(l2, &scrub), 0);
		assert_int_equal(kernel_scrub_run(scrub), 0);
		assert_int_equal(kernel_scrub_run(scrub), 0);
		kernel_scrub_free(scrub);
		scrub = NULL;
	}
	kernel_scrub_free(NULL);
}

/* Every instance launch uses exists, fits its thread count, and has
 * exactly the static shared memory that check() assumes. */
static void test_attributes(void **state)
{
	int failures = 0;

	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);

		if (d->shape == KERNEL_LIBRARY || !selected(d->name))
			continue;
		for (size_t j = 0; j < d->nblocks; j++) {
			int block = d->shape == KERNEL_COPY ? 1024 / d->blocks[j]
							    : d->blocks[j];
			int ilp = d->shape == KERNEL_COPY ? d->blocks[j] : 1;
			const void *f = d->func(block, ilp);
			struct cudaFuncAttributes at;
			struct kernel_args args = { .m = 64, .k = 64, .n = 64,
						    .count = 4096,
						    .block = block,
						    .ilp = ilp };

			/* the lowest parameter each access kernel takes */
			if (!strcmp(d->name, "stride") ||
			    !strcmp(d->name, "bank") ||
			    d->shape == KERNEL_WALK)
				args.param = 1;
			int threads = d->shape == KERNEL_COPY ? 1024
				: d->threads(block, ilp);
			int bad = 0;

			if (!f || !CUDA_OK(cudaFuncGetAttributes(&at, f))) {
				printf("FAIL %-8s b=%d: no function\n",
				       d->name, d->blocks[j]);
				failures++;
				continue;
			}
			if (at.maxThreadsPerBlock < threads)
				bad = 1;
			/* check() must accept exactly the real size (the
			 * static and the dynamic a launch asks for) ... */
			size_t smem = at.sharedSizeBytes + d->smem_dynamic;

			if (d->check(&args, threads, smem, NULL, 0))
				bad = 1;
			/* ... and refuse one byte less. */
			if (smem && !d->check(&args, threads, smem - 1, NULL, 0))
				bad = 1;
			printf("%s %-8s b=%-2d %2d registers, %5zu B shared, "
			       "%4d threads max, %zu B local\n",
			       bad ? "FAIL" : "ok  ", d->name, d->blocks[j],
			       at.numRegs, smem,
			       at.maxThreadsPerBlock, at.localSizeBytes);
			failures += bad;
		}
	}
	assert_int_equal(failures, 0);
}

/* With this device's limits, 64 x 64 = 4096 threads is refused. */
static void test_check_device(void **state)
{
	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);
		/* 96: a tile edge no progression kernel takes */
		struct kernel_args args = { .m = 128, .k = 128, .n = 128,
					    .block = d->suite ==
					    SUITE_PROGRESSION ? 96 : 64,
					    .ilp = 1 };
		char why[256] = "";

		if (d->shape != KERNEL_SQUARE && d->shape != KERNEL_RECT)
			continue;
		assert_int_equal(d->check(&args, g.prop.maxThreadsPerBlock,
					  g.prop.sharedMemPerBlockOptin, why,
					  sizeof(why)), -1);
		printf("ok   %-8s b=%d refused: %s\n", d->name, args.block,
		       why);
		assert_true(why[0] != '\0');
	}
}

static int setup(void **state)
{
	if (!CUDA_OK(cudaGetDeviceProperties(&g.prop, 0)) ||
	    !CUDA_OK(cudaStreamCreateWithFlags(&g.stream,
					       cudaStreamNonBlocking)))
		return -1;
	g.blas = kernel_blas_create();
	if (!g.blas)
		return -1;
	printf("     device 0: %s, compute capability %d.%d, %d threads and "
	       "%zu B shared memory per block\n", g.prop.name, g.prop.major,
	       g.prop.minor, g.prop.maxThreadsPerBlock,
	       g.prop.sharedMemPerBlock);
	return 0;
}

static int teardown(void **state)
{
	kernel_blas_free(g.blas);
	if (g.stream)
		CUDA_OK(cudaStreamDestroy(g.stream));
	return 0;
}

/* --list: every name --kernel takes, from the registry, with its suite
 * (the registry's; "-" for the two that are no registry kernel). */
static void list_names(void)
{
	/* enum suite_id's order (kernels.h); measure's plan names them
	 * alike, but the test links kernels/ alone */
	static const char *const suites[] = {
		"versions", "transfer", "ilp", "reference", "transpose",
		"bank", "coalesce", "dot", "walkers", "precision", "rect",
		"progression"
	};
	_Static_assert(N(suites) == SUITE_PROGRESSION + 1,
		       "a suite without a name here");

	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);

		printf("%s %s\n", d->name, suites[d->suite]);
	}
	printf("%s -\n%s -\n", verifier_name, scrub_name);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_check_device),
		cmocka_unit_test(test_attributes),
		cmocka_unit_test(test_verifier),
		cmocka_unit_test(test_matrix_kernels),
		cmocka_unit_test(test_streamk),
		cmocka_unit_test(test_copy),
		cmocka_unit_test(test_memory_kernels),
		cmocka_unit_test(test_dot_walkers),
		cmocka_unit_test(test_matrix_fp64),
		cmocka_unit_test(test_scrub),
		cmocka_unit_test(test_diagnose),
	};
	int ndev = 0;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--list") == 0 && argc == 2) {
			list_names();
			return 0;
		} else if (strcmp(argv[i], "--quick") == 0) {
			g.quick = 1;
		} else if (strcmp(argv[i], "--tiny") == 0) {
			g.quick = g.tiny = 1;
		} else if (strcmp(argv[i], "--kernel") == 0 && i + 1 < argc) {
			g.only = argv[++i];
			if (!kernel_find(g.only) &&
			    strcmp(g.only, scrub_name) != 0 &&
			    strcmp(g.only, verifier_name) != 0) {
				fprintf(stderr, "kernels_verify: unknown "
					"kernel '%s'\n", g.only);
				return 2;
			}
		} else {
			fprintf(stderr, "usage: kernels_verify [--quick | "
				"--tiny] [--kernel NAME] | --list\n");
			return 2;
		}
	}
	if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
		printf("kernels_verify: no CUDA device, skipped\n");
		return 77;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	return cmocka_run_group_tests(tests, setup, teardown);
}
