/* The kernel registry, without a GPU: names, order, descriptions,
 * sources, block lists, and what check() accepts and refuses. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "kernels.h"
#include "store.h"
#include "vocab.h"

/* Generous limits (no device has more) and a typical device's. */
#define BIG_THREADS 1024
#define BIG_SMEM ((size_t)1 << 20)
#define H_THREADS 1024
/* an H100's shared memory a block may opt in to (227 KiB), which
 * measure passes to check() */
#define H_SMEM ((size_t)227 * 1024)

static const char *const report_order[] = {
	"v1", "v2", "v3", "v4", "v5", "simple", "shared", "v6", "v7", "v8",
	"v9", "v10", "v11", "v12", "v13", "v14", "rect",
	"copy_ilp", "tr_copy", "tr_naive", "tr_tile", "tr_pad", "offset",
	"stride", "aos", "soa", "bank", "dot", "cublas_dot", "walk_global",
	"walk_shared", "walk_registers", "cublas",
};

static int is_matrix(const struct kernel_desc *d)
{
	return d->shape == KERNEL_SQUARE || d->shape == KERNEL_RECT;
}

/* Square args for square kernels, m = n + 3, k = n + 5 for the others. */
static struct kernel_args args_for(const struct kernel_desc *d, int n,
				   int block)
{
	struct kernel_args a = { 0 };

	a.n = n;
	a.block = block;
	a.ilp = 1;
	if (d->shape == KERNEL_RECT || d->shape == KERNEL_LIBRARY) {
		a.m = n + 3;
		a.k = n + 5;
	}
	if (d->shape == KERNEL_COPY) {
		a.ilp = block;
		a.block = 512 / block;
		a.count = (size_t)n;
	}
	if (d->shape == KERNEL_TRANSPOSE)
		a.m = n + 3;
	if (d->shape == KERNEL_ACCESS || d->shape == KERNEL_REDUCE ||
	    d->shape == KERNEL_WALK) {
		a.count = (size_t)n;
		/* the lowest parameter each accepts */
		a.param = !strcmp(d->name, "stride") ||
			  !strcmp(d->name, "bank") ||
			  d->shape == KERNEL_WALK;
	}
	return a;
}

static void test_order_and_names(void **state)
{
	size_t count = kernel_count();

	assert_int_equal(count, sizeof(report_order) / sizeof(*report_order));
	for (size_t i = 0; i < count; i++) {
		const struct kernel_desc *d = kernel_at(i);

		assert_non_null(d);
		assert_string_equal(d->name, report_order[i]);
		assert_ptr_equal(kernel_find(d->name), d);
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(kernel_at(j)->name, d->name);
	}
	assert_null(kernel_at(count));
	assert_null(kernel_find("v15"));
	assert_null(kernel_find(""));
	assert_null(kernel_find(NULL));
}

static void test_descriptions_and_sources(void **state)
{
	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);

		assert_non_null(d->description);
		assert_true(strlen(d->description) > 10);
		assert_null(strchr(d->description, '\n'));
		assert_non_null(d->source);
		assert_true(strlen(d->source) > 100);
		if (d->shape == KERNEL_LIBRARY)
			assert_non_null(strstr(d->source, "cublasSgemm"));
		else
			assert_non_null(strstr(d->source, "__global__"));
		/* Each entry lists its own file, not a neighbour's: where
		 * kernels share one (mem_*.cu), it defines each of them. */
		for (size_t j = 0; j < i; j++) {
			char fn[64];

			if (kernel_at(j)->source != d->source)
				continue;
			snprintf(fn, sizeof(fn), "kernel_%s_launch", d->name);
			assert_non_null(strstr(d->source, fn));
			snprintf(fn, sizeof(fn), "kernel_%s_launch",
				 kernel_at(j)->name);
			assert_non_null(strstr(d->source, fn));
		}
		assert_non_null(d->check);
		assert_non_null(d->flops);
		assert_non_null(d->bytes);
		assert_non_null(d->launch);
		assert_non_null(d->func);
		assert_non_null(d->threads);
	}
}

static void test_block_lists(void **state)
{
	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);

		/* the libraries (cuBLAS's GEMM and DOT) take no block */
		if (d->shape == KERNEL_LIBRARY || !d->nblocks) {
			assert_int_equal(d->nblocks, 0);
			assert_null(d->func(0, 1));
			assert_int_equal(d->threads(0, 1), 0);
			continue;
		}
		assert_true(d->nblocks > 0);
		for (size_t j = 1; j < d->nblocks; j++)
			assert_true(d->blocks[j - 1] < d->blocks[j]);
		for (size_t j = 0; j < d->nblocks; j++) {
			int b = d->blocks[j];

			if (d->shape == KERNEL_COPY) {
				assert_non_null(d->func(512 / b, b));
				assert_int_equal(d->threads(96, b), 96);
			} else if (d->shape == KERNEL_ACCESS ||
				   d->shape == KERNEL_REDUCE ||
				   d->shape == KERNEL_WALK) {
				assert_non_null(d->func(b, 1));
				assert_int_equal(d->threads(b, 1), b);
			} else if (d->suite == SUITE_PROGRESSION) {
				/* a tile edge: a fixed block of threads,
				 * each several elements of the tile */
				int th = d->threads(b, 1);

				assert_non_null(d->func(b, 1));
				assert_true(th == 256 || th == 512);
				assert_true(b * b >= 8 * th);
			} else {
				assert_non_null(d->func(b, 1));
				assert_int_equal(d->threads(b, 1), b * b);
			}
		}
	}
}

/* The registry is the plan's only source: every kernel but the library
 * has a default sweep whose blocks it accepts and whose every point its
 * check() takes on an H100, sizes and blocks ascending; the suites are
 * the seeds' (P: versions, G: transfer, J: ilp, library: reference) and
 * every kernel has a rate for the time estimate. */
static void test_sweeps(void **state)
{
	char why[256];

	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);

		assert_true(d->rate > 0);
		assert_true(d->nsweeps <= KERNEL_MAX_SWEEPS);
		if (d->shape == KERNEL_LIBRARY) {
			assert_int_equal(d->suite, SUITE_REFERENCE);
			assert_int_equal(d->nsweeps, 0);
			continue;
		}
		assert_true(d->nsweeps > 0);
		assert_int_equal(d->suite == SUITE_ILP,
				 d->shape == KERNEL_COPY);
		for (size_t w = 0; w < d->nsweeps; w++) {
			const struct kernel_sweep *sw = &d->sweeps[w];

			if (!d->nblocks) {	/* cuBLAS's DOT */
				assert_int_equal(sw->nblocks, 0);
				assert_true(sw->nsizes > 0);
				continue;
			}
			assert_true(sw->nblocks > 0);
			assert_int_equal(sw->sizes == NULL && !sw->nshapes,
					 d->shape == KERNEL_COPY);
			/* shapes: rect's products, each block, both
			 * precisions */
			assert_int_equal(sw->nshapes > 0,
					 d->suite == SUITE_RECT);
			for (size_t k = 0; k < sw->nshapes; k++)
				for (size_t j = 0; j < sw->nblocks; j++)
					for (int f = 0; f <= d->fp64; f++) {
						struct kernel_args a = {
							.m = sw->shapes[k][0],
							.k = sw->shapes[k][1],
							.n = sw->shapes[k][2],
							.block = sw->blocks[j],
							.ilp = 1, .fp64 = f };

						assert_true(a.m != a.n ||
							    a.k != a.n);
						if (d->check(&a, H_THREADS,
							     H_SMEM, why,
							     sizeof(why)))
							fail_msg("%s %dx%dx%d:"
								 " %s", d->name,
								 a.m, a.k, a.n,
								 why);
					}
			for (size_t j = 0; j < sw->nblocks; j++) {
				int found = 0;

				if (j)
					assert_true(sw->blocks[j - 1] <
						    sw->blocks[j]);
				for (size_t l = 0; l < d->nblocks; l++)
					found |= d->blocks[l] == sw->blocks[j];
				assert_true(found);
				for (size_t k = 0; k < sw->nsizes; k++) {
					struct kernel_args a = args_for(d,
						sw->sizes[k], sw->blocks[j]);
					size_t np = sw->nparams ? sw->nparams
							       : 1;

					if (k)
						assert_true(sw->sizes[k - 1] <
							    sw->sizes[k]);
					for (size_t q = 0; q < np; q++) {
						if (sw->nparams)
							a.param =
							    sw->params[q];
						if (d->check(&a, H_THREADS,
							     H_SMEM, why,
							     sizeof(why)))
							fail_msg("%s sweep "
								 "%zu: %s",
								 d->name, w,
								 why);
					}
				}
			}
		}
	}
}

/* The precision suite's sweeps: only kernels that run in double have
 * one; every size and block is accepted in float and in double, and has
 * a float and a double instance for the occupancy API. */
static void test_precision_sweeps(void **state)
{
	size_t with = 0;
	char why[256];

	(void)state;
	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);
		const struct kernel_sweep *sw = &d->precision;

		if (!sw->nsizes)
			continue;
		with++;
		assert_true(d->fp64);
		assert_non_null(d->func64);
		assert_true(sw->nblocks > 0);
		for (size_t k = 0; k < sw->nsizes; k++)
			for (size_t j = 0; j < sw->nblocks; j++) {
				struct kernel_args a = args_for(d,
					sw->sizes[k], sw->blocks[j]);

				assert_non_null(d->func(sw->blocks[j], 1));
				assert_non_null(d->func64(sw->blocks[j], 1));
				assert_ptr_not_equal(d->func(sw->blocks[j], 1),
						     d->func64(sw->blocks[j],
							       1));
				for (a.fp64 = 0; a.fp64 <= 1; a.fp64++)
					if (d->check(&a, H_THREADS, H_SMEM, why,
						     sizeof(why)))
						fail_msg("%s n=%d b=%d fp64=%d: "
							 "%s", d->name, a.n,
							 a.block, a.fp64, why);
			}
	}
	/* v2..v5, simple, shared */
	assert_int_equal(with, 6);
	/* v5 has no double instance at block 32 (64 KiB of tiles) */
	assert_null(kernel_find("v5")->func64(32, 1));
	assert_non_null(kernel_find("v5")->func(32, 1));
}

/* The names the report reasons about (store/vocab.h) are the
 * registry's; memcpy is the ilp suite's one row that is no kernel. */
static void test_vocab_names(void **state)
{
	static const char *const names[] = {
		VOCAB_VARIANT_V1, VOCAB_VARIANT_V2, VOCAB_VARIANT_V3,
		VOCAB_VARIANT_V4, VOCAB_VARIANT_V5, VOCAB_VARIANT_SIMPLE,
		VOCAB_VARIANT_SHARED, VOCAB_VARIANT_RECT,
		VOCAB_VARIANT_COPY_ILP, VOCAB_VARIANT_CUBLAS
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++)
		if (!kernel_find(names[i]))
			fail_msg("vocab.h names '%s', the registry has no "
				 "such kernel", names[i]);
	assert_null(kernel_find(VOCAB_VARIANT_MEMCPY));
}

static void expect_refused(const struct kernel_desc *d,
			   const struct kernel_args *a, int max_threads,
			   size_t smem, const char *needle);

/* Every listed block at sizes that are and are not multiples of it. */
static void test_check_accepts_listed(void **state)
{
	static const int sizes[] = { 1, 17, 100, 176, 257, 528, 1000, 4096 };
	char why[256];

	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);
		size_t nb = d->nblocks ? d->nblocks : 1;

		for (size_t j = 0; j < nb; j++) {
			for (size_t s = 0; s < sizeof(sizes) / sizeof(*sizes);
			     s++) {
				struct kernel_args a = args_for(d, sizes[s],
					d->nblocks ? d->blocks[j] : 0);

				why[0] = '\0';
				/* float4 rows: only multiples of 4 (v14
				 * copies 4 bytes at a time there) */
				if (d->suite == SUITE_PROGRESSION &&
				    strcmp(d->name, "v6") &&
				    strcmp(d->name, "v7") &&
				    strcmp(d->name, "v14") && a.n % 4) {
					expect_refused(d, &a, H_THREADS,
						       H_SMEM, "multiple of 4");
					continue;
				}
				if (d->check(&a, H_THREADS, H_SMEM, why,
					     sizeof(why)))
					fail_msg("%s block %d n %d refused: %s",
						 d->name, a.block, a.n, why);
			}
		}
	}
}

static void expect_refused(const struct kernel_desc *d,
			   const struct kernel_args *a, int max_threads,
			   size_t smem, const char *needle)
{
	char why[256] = "";

	if (d->check(a, max_threads, smem, why, sizeof(why)) != -1)
		fail_msg("%s accepted block %d ilp %d m %d k %d n %d count "
			 "%zu", d->name, a->block, a->ilp, a->m, a->k, a->n,
			 a->count);
	if (!strstr(why, needle))
		fail_msg("%s: reason '%s' does not mention '%s'", d->name, why,
			 needle);
}

static void test_check_refuses_blocks(void **state)
{
	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);
		struct kernel_args a;

		if (!is_matrix(d))
			continue;
		/* 64 x 64 = 4096 threads is not in any list of a
		 * block edge; 96 in none of a tile edge */
		if (d->suite == SUITE_PROGRESSION) {
			a = args_for(d, 128, 96);
			expect_refused(d, &a, BIG_THREADS, BIG_SMEM, "96");
		} else {
			a = args_for(d, 128, 64);
			expect_refused(d, &a, BIG_THREADS, BIG_SMEM, "64");
		}
		a = args_for(d, 128, 0);
		expect_refused(d, &a, BIG_THREADS, BIG_SMEM, "block");
		a = args_for(d, 128, -8);
		expect_refused(d, &a, BIG_THREADS, BIG_SMEM, "block");
		/* A listed block on a device with fewer threads per block. */
		for (size_t j = 0; j < d->nblocks; j++) {
			int b = d->blocks[j];

			int th = d->threads(b, 1);

			a = args_for(d, 128, b);
			expect_refused(d, &a, th - 1, BIG_SMEM, "threads");
			assert_int_equal(d->check(&a, th, BIG_SMEM, NULL, 0),
					 0);
		}
	}
}

/* Shared memory: refused exactly when the kernel's tiles do not fit. */
static void test_check_shared_memory(void **state)
{
	static const struct {
		const char *name;
		int per_b2;	/* bytes of shared memory per b * b */
	} smem[] = {
		{ "v1", 0 }, { "v2", 0 }, { "v3", 8 }, { "v4", 8 },
		{ "v5", 32 }, { "simple", 0 }, { "shared", 8 }, { "rect", 8 },
	};

	for (size_t i = 0; i < sizeof(smem) / sizeof(*smem); i++) {
		const struct kernel_desc *d = kernel_find(smem[i].name);

		assert_non_null(d);
		for (size_t j = 0; j < d->nblocks; j++) {
			int b = d->blocks[j];
			size_t need = (size_t)smem[i].per_b2 * b * b;
			struct kernel_args a = args_for(d, 300, b);

			assert_int_equal(d->check(&a, BIG_THREADS, need, NULL,
						  0), 0);
			if (need)
				expect_refused(d, &a, BIG_THREADS, need - 1,
					       "shared memory");
			/* double tiles take twice the bytes, and static
			 * shared memory never more than 48 KiB (v5's
			 * 64 KiB at block 32) */
			a.fp64 = 1;
			if (2 * need > 48 * 1024) {
				expect_refused(d, &a, BIG_THREADS, 2 * need,
					       "shared memory");
				a.fp64 = 0;
				continue;
			}
			assert_int_equal(d->check(&a, BIG_THREADS, 2 * need,
						  NULL, 0), 0);
			if (need)
				expect_refused(d, &a, BIG_THREADS,
					       2 * need - 1, "shared memory");
			a.fp64 = 0;
		}
	}
}

static void test_check_refuses_sizes(void **state)
{
	const char *square[] = { "v1", "v2", "v3", "v4", "v5", "simple",
				 "shared" };

	for (size_t i = 0; i < sizeof(square) / sizeof(*square); i++) {
		const struct kernel_desc *d = kernel_find(square[i]);
		int b = d->blocks[d->nblocks - 1];
		struct kernel_args a = args_for(d, 0, b);

		expect_refused(d, &a, BIG_THREADS, BIG_SMEM, "at least 1");
		a.n = -5;
		expect_refused(d, &a, BIG_THREADS, BIG_SMEM, "at least 1");
		/* n * n must fit the int indices. */
		a.n = 46341;
		expect_refused(d, &a, BIG_THREADS, BIG_SMEM, "overflow");
		a.n = 46340;
		assert_int_equal(d->check(&a, BIG_THREADS, BIG_SMEM, NULL, 0),
				 0);
	}
}

/* Transposes: b x b threads, a padded tile of b x (b + 1) floats, rows
 * of blocks within the grid's y limit. */
static void test_check_transpose(void **state)
{
	const char *names[] = { "tr_copy", "tr_naive", "tr_tile", "tr_pad" };

	for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
		const struct kernel_desc *d = kernel_find(names[i]);
		struct kernel_args a = { .m = 100, .n = 37, .block = 32 };

		assert_non_null(d);
		assert_int_equal(d->suite, SUITE_TRANSPOSE);
		size_t smem = i < 2 ? 0 : 4 * 32 * (i == 3 ? 33 : 32);

		assert_int_equal(d->check(&a, 1024, smem, NULL, 0), 0);
		expect_refused(d, &a, 1023, BIG_SMEM, "threads");
		if (smem)
			expect_refused(d, &a, 1024, smem - 1,
				       "shared memory");
		assert_int_equal(d->grid(&a), 4 * 2);
		a.block = 8;
		expect_refused(d, &a, H_THREADS, H_SMEM, "block 8");
		a.block = 16;
		a.n = 0;
		expect_refused(d, &a, H_THREADS, H_SMEM, "at least 1");
		a.n = 5;
		a.m = 16 * 65535 + 1;
		expect_refused(d, &a, H_THREADS, H_SMEM, "block rows");
	}
}

/* Access kernels: each parameter's range, threads from the list, bank's
 * shared words. */
static void test_check_access(void **state)
{
	static const struct {
		const char *name;
		int lo, hi;
		int suite;
	} r[] = {
		{ "offset", 0, 1024, SUITE_COALESCE },
		{ "stride", 1, 1024, SUITE_COALESCE },
		{ "aos", 0, 0, SUITE_COALESCE },
		{ "soa", 0, 0, SUITE_COALESCE },
		{ "bank", 1, 1024, SUITE_BANK },
	};

	for (size_t i = 0; i < sizeof(r) / sizeof(*r); i++) {
		const struct kernel_desc *d = kernel_find(r[i].name);
		struct kernel_args a = { .count = 1000, .block = 256 };

		assert_non_null(d);
		assert_int_equal((int)d->suite, r[i].suite);
		a.param = r[i].lo;
		assert_int_equal(d->check(&a, H_THREADS, H_SMEM, NULL, 0), 0);
		a.param = r[i].hi;
		assert_int_equal(d->check(&a, H_THREADS, H_SMEM, NULL, 0), 0);
		a.param = r[i].hi + 1;
		expect_refused(d, &a, H_THREADS, H_SMEM, "parameter");
		a.param = r[i].lo - 1;
		expect_refused(d, &a, H_THREADS, H_SMEM, "parameter");
		a.param = r[i].lo;
		assert_int_equal(d->grid(&a), 4);
		a.block = 96;
		expect_refused(d, &a, H_THREADS, H_SMEM, "96 threads");
		a.block = 512;
		expect_refused(d, &a, 511, H_SMEM, "threads");
		a.count = 0;
		expect_refused(d, &a, H_THREADS, H_SMEM, "at least 1");
	}
	expect_refused(kernel_find("bank"), &(struct kernel_args){
			       .count = 64, .block = 256, .param = 1 },
		       H_THREADS, 4 * KERNEL_BANK_WORDS - 1, "shared memory");
}

/* dot: 256 threads and 256 sums of its precision in shared memory;
 * cuBLAS's int count; the walkers' step range and shared states. */
static void test_check_dot_walkers(void **state)
{
	const struct kernel_desc *d = kernel_find("dot");
	const struct kernel_desc *l = kernel_find("cublas_dot");
	struct kernel_args a = { .count = 1000, .block = 256 };

	assert_int_equal(d->suite, SUITE_DOT);
	assert_int_equal(d->fp64, 1);
	assert_int_equal(d->check(&a, 256, 1024, NULL, 0), 0);
	expect_refused(d, &a, 255, BIG_SMEM, "256 threads");
	a.fp64 = 1;
	expect_refused(d, &a, 256, 2047, "shared memory");
	assert_int_equal(d->check(&a, 256, 2048, NULL, 0), 0);
	a.block = 128;
	expect_refused(d, &a, H_THREADS, H_SMEM, "block 128");
	a.block = 0;
	assert_int_equal(l->check(&a, H_THREADS, H_SMEM, NULL, 0), 0);
	assert_int_equal(l->grid(&a), 0);
	a.count = (size_t)1 << 31;
	expect_refused(l, &a, H_THREADS, H_SMEM, "outside");
	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *w = kernel_at(i);
		struct kernel_args b = { .count = 300, .block = 256,
					 .param = 1 };
		int shared = !strcmp(w->name, "walk_shared");

		if (w->shape != KERNEL_WALK)
			continue;
		assert_int_equal(w->suite, SUITE_WALKERS);
		assert_int_equal(w->check(&b, H_THREADS, shared ? 4096 : 0,
					  NULL, 0), 0);
		if (shared)
			expect_refused(w, &b, H_THREADS, 4095,
				       "shared memory");
		b.param = 1000000;
		assert_int_equal(w->check(&b, H_THREADS, H_SMEM, NULL, 0), 0);
		b.param = 0;
		expect_refused(w, &b, H_THREADS, H_SMEM, "parameter");
		b.param = 1000001;
		expect_refused(w, &b, H_THREADS, H_SMEM, "parameter");
	}
}

/* The matrix kernels of textbook R's float-against-double comparison
 * have a double instance; v1 (report P's one-block version) has none.
 * v5's two 64 x 64 tiles of double exceed a block's 48 KiB of static
 * shared memory, so an H100 refuses it at block 32 in double. */
static void test_fp64_kernels(void **state)
{
	static const char *const two[] = { "v2", "v3", "v4", "v5", "simple",
					   "shared", "rect", "cublas" };
	struct kernel_args a = { .n = 256, .m = 256, .k = 256, .block = 32,
				 .fp64 = 1 };

	for (size_t i = 0; i < sizeof(two) / sizeof(*two); i++)
		assert_int_equal(kernel_find(two[i])->fp64, 1);
	assert_int_equal(kernel_find("v1")->fp64, 0);
	expect_refused(kernel_find("v5"), &a, H_THREADS, H_SMEM,
		       "shared memory");
	a.fp64 = 0;
	assert_int_equal(kernel_find("v5")->check(&a, H_THREADS, H_SMEM,
						  NULL, 0), 0);
}

static void test_check_rect(void **state)
{
	const struct kernel_desc *d = kernel_find("rect");
	struct kernel_args a = { .m = 33, .k = 65, .n = 17, .block = 16 };

	assert_int_equal(d->check(&a, H_THREADS, H_SMEM, NULL, 0), 0);
	a.m = 100, a.k = 1, a.n = 300;
	assert_int_equal(d->check(&a, H_THREADS, H_SMEM, NULL, 0), 0);
	a.k = 0;
	expect_refused(d, &a, H_THREADS, H_SMEM, "at least 1");
	a.k = 1, a.m = 65536, a.n = 65536;
	expect_refused(d, &a, H_THREADS, H_SMEM, "overflow");
	a.m = 1, a.k = 1 << 20, a.n = 4096;
	expect_refused(d, &a, H_THREADS, H_SMEM, "overflow");
	a.m = 22, a.k = 22, a.n = 22, a.block = 22;
	expect_refused(d, &a, H_THREADS, H_SMEM, "22");
}

static void test_check_copy(void **state)
{
	const struct kernel_desc *d = kernel_find("copy_ilp");
	struct kernel_args a = { .count = 1000, .block = 512, .ilp = 1 };

	for (size_t j = 0; j < d->nblocks; j++) {
		a.ilp = d->blocks[j];
		a.block = 512 / a.ilp;
		assert_int_equal(d->check(&a, H_THREADS, H_SMEM, NULL, 0), 0);
	}
	a.ilp = 3;
	expect_refused(d, &a, H_THREADS, H_SMEM, "ILP 3");
	a.ilp = 4, a.block = 0;
	expect_refused(d, &a, H_THREADS, H_SMEM, "threads");
	a.block = 2048;
	expect_refused(d, &a, H_THREADS, H_SMEM, "threads");
	a.block = 128, a.count = 0;
	expect_refused(d, &a, H_THREADS, H_SMEM, "at least 1");
	/* Beyond 2^31 elements is fine: the kernel indexes with size_t. */
	a.count = ((size_t)1 << 31) + 7;
	assert_int_equal(d->check(&a, H_THREADS, H_SMEM, NULL, 0), 0);
	/* ... but not beyond 2^31 - 1 blocks. */
	a.ilp = 1, a.block = 1, a.count = (size_t)1 << 33;
	expect_refused(d, &a, H_THREADS, H_SMEM, "blocks");
}

static void test_check_cublas(void **state)
{
	const struct kernel_desc *d = kernel_find("cublas");
	struct kernel_args a = { .n = 64 };

	/* m = k = 0: the square product n x n. */
	assert_int_equal(d->check(&a, H_THREADS, H_SMEM, NULL, 0), 0);
	assert_true(d->flops(&a) == 2.0 * 64 * 64 * 64);
	a.m = 3, a.k = 5;
	assert_int_equal(d->check(&a, H_THREADS, H_SMEM, NULL, 0), 0);
	a.n = 0;
	expect_refused(d, &a, H_THREADS, H_SMEM, "at least 1");
}

static void test_counts(void **state)
{
	struct kernel_args sq = { .n = 3, .block = 8 };
	struct kernel_args re = { .m = 2, .k = 3, .n = 4, .block = 8 };
	struct kernel_args cp = { .count = 10, .block = 512, .ilp = 1 };
	struct kernel_args tr = { .m = 3, .n = 5, .block = 16 };

	for (size_t i = 0; i < kernel_count(); i++) {
		const struct kernel_desc *d = kernel_at(i);

		switch (d->shape) {
		case KERNEL_SQUARE:
			assert_true(d->flops(&sq) == 2.0 * 27);
			assert_true(d->bytes(&sq) == 4.0 * 27);
			break;
		case KERNEL_RECT:
		case KERNEL_LIBRARY:
			assert_true(d->flops(&re) == 2.0 * 24);
			assert_true(d->bytes(&re) == 4.0 * (6 + 12 + 8));
			break;
		case KERNEL_COPY:
			assert_true(d->flops(&cp) == 0.0);
			assert_true(d->bytes(&cp) == 2.0 * 4 * 10);
			break;
		case KERNEL_TRANSPOSE:
			assert_true(d->flops(&tr) == 0.0);
			assert_true(d->bytes(&tr) == 2.0 * 4 * 15);
			assert_int_equal(d->grid(&tr), 1);
			break;
		case KERNEL_REDUCE:
			/* 2N FLOPs, both vectors read once, by precision */
			assert_true(d->flops(&cp) == 2.0 * 10);
			assert_true(d->bytes(&cp) == 2.0 * 4 * 10);
			cp.fp64 = 1;
			assert_true(d->bytes(&cp) == 2.0 * 8 * 10);
			cp.fp64 = 0;
			assert_int_equal(d->grid(&cp), d->nblocks ? 1 : 0);
			break;
		case KERNEL_WALK:
			assert_true(d->flops(&cp) == 0.0);
			assert_true(d->bytes(&cp) == 4.0 * 10);
			assert_int_equal(d->grid(&cp), 1);
			break;
		case KERNEL_ACCESS:
			/* useful bytes: a float in and out per element, an
			 * update 9 floats per vector, bank its shared words
			 * and a sum per thread */
			assert_true(d->flops(&cp) == 0.0);
			if (!strcmp(d->name, "aos") || !strcmp(d->name, "soa"))
				assert_true(d->bytes(&cp) == 9.0 * 4 * 10);
			else if (!strcmp(d->name, "bank"))
				assert_true(d->bytes(&cp) ==
					    4.0 * (KERNEL_BANK_WORDS + 10));
			else
				assert_true(d->bytes(&cp) == 2.0 * 4 * 10);
			assert_int_equal(d->grid(&cp), 1);
			break;
		}
	}
}

/* The traits the report reasons about: the library routines, the
 * asynchronous copies and workspaces of the progression, and the store's
 * legacy table, which old files are read by, saying of every built-in
 * kernel what the registry says. */
static void test_traits(void **state)
{
	const struct kernel_desc *d;
	unsigned traits;
	size_t i;
	int tile;

	(void)state;
	assert_int_equal(kernel_find("cublas")->traits,
			 KTRAIT_LIBRARY | KTRAIT_TENSOR_FP64);
	assert_int_equal(kernel_find("cublas_dot")->traits, KTRAIT_LIBRARY);
	assert_int_equal(kernel_find("v9")->traits, 0);
	assert_int_equal(kernel_find("v10")->traits, KTRAIT_ASYNC_COPY);
	assert_int_equal(kernel_find("v13")->traits,
			 KTRAIT_ASYNC_COPY | KTRAIT_WORKSPACE);
	assert_int_equal(kernel_find("v5")->tile, 2);
	assert_int_equal(kernel_find("v1")->tile, 0);
	for (i = 0; i < kernel_count(); i++) {
		d = kernel_at(i);
		assert_int_equal(d->traits & ~KTRAIT_ALL, 0);
		/* only a library call has no block */
		if (!d->nblocks)
			assert_true(d->traits & KTRAIT_LIBRARY);
		if (store_kernel_legacy(d->name, &traits, &tile) &&
		    (traits != d->traits || tile != d->tile))
			fail_msg("%s: the legacy table says traits %u tile "
				 "%d, the registry %u and %d", d->name,
				 traits, tile, d->traits, d->tile);
	}
}

static void test_blas_free_null(void **state)
{
	kernel_blas_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_and_names),
		cmocka_unit_test(test_descriptions_and_sources),
		cmocka_unit_test(test_block_lists),
		cmocka_unit_test(test_sweeps),
		cmocka_unit_test(test_precision_sweeps),
		cmocka_unit_test(test_vocab_names),
		cmocka_unit_test(test_check_accepts_listed),
		cmocka_unit_test(test_check_refuses_blocks),
		cmocka_unit_test(test_check_shared_memory),
		cmocka_unit_test(test_check_refuses_sizes),
		cmocka_unit_test(test_check_rect),
		cmocka_unit_test(test_check_transpose),
		cmocka_unit_test(test_check_access),
		cmocka_unit_test(test_check_dot_walkers),
		cmocka_unit_test(test_fp64_kernels),
		cmocka_unit_test(test_check_copy),
		cmocka_unit_test(test_check_cublas),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_traits),
		cmocka_unit_test(test_blas_free_null),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
