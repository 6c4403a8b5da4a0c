/* The registry: what measure and render know about each kernel. Sizes,
 * limits and counts are computed here in plain C, so that planning
 * (--dry-run) needs no GPU; launching is in each kernel's .cu file. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "kernels.h"
#include "launch.h"

/* Generated from the .cu files by kernels/CMakeLists.txt. */
extern const char kernel_src_mm_v1[];
extern const char kernel_src_mm_v2[];
extern const char kernel_src_mm_v3[];
extern const char kernel_src_mm_v4[];
extern const char kernel_src_mm_v5[];
extern const char kernel_src_mm_simple[];
extern const char kernel_src_mm_shared[];
extern const char kernel_src_mm_rect[];
extern const char kernel_src_copy_ilp[];
extern const char kernel_src_blas[];

/* Every supported device (compute capability 3.0 and later). */
#define GRID_Y_MAX 65535LL
#define GRID_X_MAX 2147483647LL
/* Square kernels index with int: row * n + col must stay below 2^31. */
#define SQUARE_N_MAX 46340
/* rect: every dimension and every product of two must fit an int, with
 * room for a block beyond the edge. */
#define RECT_DIM_MAX (1 << 30)

/* What distinguishes the square kernels' constraints. */
struct square_rule {
	const int *blocks;
	size_t nblocks;
	int smem_per_b2;	/* static shared memory = this * b * b bytes */
	int tile;		/* C tile edge = tile * b; 0: a single block */
};

static const int blocks_all[] = { 8, 16, 22, 32 };
static const int blocks_p[] = { 8, 16, 22 };	/* report P's first sweep */
static const int blocks_p32[] = { 8, 16, 32 };	/* ... its second, + 32 */
static const int blocks_simple[] = { 16, 32 };
static const int blocks_32[] = { 32 };
static const int blocks_rect[] = { 8, 16, 32 };
static const int blocks_16[] = { 16 };
static const int ilps[] = { 1, 2, 4, 8, 16 };

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Two tiles of b x b floats; v5: two tiles of 2b x 2b floats. */
static const struct square_rule rule_v1 = { blocks_all, N(blocks_all), 0, 0 };
static const struct square_rule rule_v2 = { blocks_all, N(blocks_all), 0, 1 };
static const struct square_rule rule_v3 = { blocks_all, N(blocks_all), 8, 1 };
static const struct square_rule rule_v4 = { blocks_all, N(blocks_all), 8, 1 };
static const struct square_rule rule_v5 = { blocks_all, N(blocks_all), 32,
					    2 };
static const struct square_rule rule_simple = { blocks_simple,
						N(blocks_simple), 0, 1 };
static const struct square_rule rule_shared = { blocks_32, N(blocks_32), 8,
						1 };

static int block_listed(const int *blocks, size_t nblocks, int b)
{
	for (size_t i = 0; i < nblocks; i++)
		if (blocks[i] == b)
			return 1;
	return 0;
}

/* "8, 16, 22" into buf. */
static const char *block_list_format(const int *blocks, size_t nblocks,
				     char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < nblocks && used < len; i++) {
		int w = snprintf(buf + used, len - used, "%s%d",
				 i ? ", " : "", blocks[i]);

		if (w < 0)
			break;
		used += (size_t)w;
	}
	return buf;
}

/* Writes the reason into why[len] and returns -1, check()'s refusal. */
static int refuse(char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int refuse(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (why && len) {
		va_start(ap, fmt);
		vsnprintf(why, len, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Threads and shared memory of a b x b block against the device. */
static int block_fits(int b, size_t smem, int max_threads,
		      size_t smem_per_block, char *why, size_t len)
{
	if (b * b > max_threads)
		return refuse(why, len, "block %dx%d needs %d threads per "
			      "block, the device allows %d", b, b, b * b,
			      max_threads);
	if (smem > smem_per_block)
		return refuse(why, len, "block %dx%d needs %zu bytes of shared "
			      "memory per block, the device allows %zu", b, b,
			      smem, smem_per_block);
	return 0;
}

static int square_check(const struct square_rule *r,
			const struct kernel_args *args, int max_threads,
			size_t smem_per_block, char *why, size_t len)
{
	char list[64];
	int b = args->block, n = args->n;
	long long grid;

	if (!block_listed(r->blocks, r->nblocks, b))
		return refuse(why, len, "block %d not supported (accepted: %s)",
			      b, block_list_format(r->blocks, r->nblocks,
						   list, sizeof(list)));
	if (n < 1)
		return refuse(why, len, "matrix size %d must be at least 1", n);
	if (n > SQUARE_N_MAX)
		return refuse(why, len, "matrix size %d exceeds %d: n*n would "
			      "overflow the kernel's int indices", n,
			      SQUARE_N_MAX);
	if (block_fits(b, (size_t)r->smem_per_b2 * b * b, max_threads,
		       smem_per_block, why, len))
		return -1;
	grid = r->tile ? ((long long)n + r->tile * b - 1) / (r->tile * b) : 1;
	if (grid > GRID_Y_MAX)
		return refuse(why, len, "matrix size %d with block %d needs a "
			      "grid of %lld x %lld blocks, more than %lld", n, b,
			      grid, grid, GRID_Y_MAX);
	return 0;
}

static int v1_check(const struct kernel_args *args, int max_threads,
		    size_t smem_per_block, char *why, size_t len)
{
	return square_check(&rule_v1, args, max_threads, smem_per_block, why,
			    len);
}

static int v2_check(const struct kernel_args *args, int max_threads,
		    size_t smem_per_block, char *why, size_t len)
{
	return square_check(&rule_v2, args, max_threads, smem_per_block, why,
			    len);
}

static int v3_check(const struct kernel_args *args, int max_threads,
		    size_t smem_per_block, char *why, size_t len)
{
	return square_check(&rule_v3, args, max_threads, smem_per_block, why,
			    len);
}

static int v4_check(const struct kernel_args *args, int max_threads,
		    size_t smem_per_block, char *why, size_t len)
{
	return square_check(&rule_v4, args, max_threads, smem_per_block, why,
			    len);
}

static int v5_check(const struct kernel_args *args, int max_threads,
		    size_t smem_per_block, char *why, size_t len)
{
	return square_check(&rule_v5, args, max_threads, smem_per_block, why,
			    len);
}

static int simple_check(const struct kernel_args *args, int max_threads,
			size_t smem_per_block, char *why, size_t len)
{
	return square_check(&rule_simple, args, max_threads, smem_per_block,
			    why, len);
}

static int shared_check(const struct kernel_args *args, int max_threads,
			size_t smem_per_block, char *why, size_t len)
{
	return square_check(&rule_shared, args, max_threads, smem_per_block,
			    why, len);
}

/* Library kernels take m, k, n; m = k = 0 means the square product n. */
static void library_dims(const struct kernel_args *args, long long *m,
			 long long *k, long long *n)
{
	*n = args->n;
	if (args->m <= 0 && args->k <= 0) {
		*m = args->n;
		*k = args->n;
	} else {
		*m = args->m;
		*k = args->k;
	}
}

static int dims_positive(long long m, long long k, long long n, char *why,
			 size_t len)
{
	if (m < 1 || k < 1 || n < 1)
		return refuse(why, len, "matrix sizes m=%lld, k=%lld, n=%lld "
			      "must all be at least 1", m, k, n);
	return 0;
}

static int rect_check(const struct kernel_args *args, int max_threads,
		      size_t smem_per_block, char *why, size_t len)
{
	char list[64];
	long long m = args->m, k = args->k, n = args->n;
	int b = args->block;

	if (!block_listed(blocks_rect, N(blocks_rect), b))
		return refuse(why, len, "block %d not supported (accepted: %s)",
			      b, block_list_format(blocks_rect, N(blocks_rect),
						   list, sizeof(list)));
	if (dims_positive(m, k, n, why, len))
		return -1;
	if (m > RECT_DIM_MAX || k > RECT_DIM_MAX || n > RECT_DIM_MAX ||
	    m * k > INT_MAX || k * n > INT_MAX || m * n > INT_MAX)
		return refuse(why, len, "matrix sizes %lld x %lld x %lld "
			      "overflow the kernel's int indices", m, k, n);
	if (block_fits(b, (size_t)8 * b * b, max_threads, smem_per_block,
		       why, len))
		return -1;
	if ((m + b - 1) / b > GRID_Y_MAX)
		return refuse(why, len, "%lld rows with block %d need more than "
			      "%lld block rows", m, b, GRID_Y_MAX);
	return 0;
}

static int copy_check(const struct kernel_args *args, int max_threads,
		      size_t smem_per_block, char *why, size_t len)
{
	char list[64];
	int threads = args->block, ilp = args->ilp;
	size_t per_block;

	if (!block_listed(ilps, N(ilps), ilp))
		return refuse(why, len, "ILP %d not supported (accepted: %s)",
			      ilp, block_list_format(ilps, N(ilps), list,
						     sizeof(list)));
	if (threads < 1 || threads > max_threads)
		return refuse(why, len, "%d threads per block: the device "
			      "allows 1 to %d", threads, max_threads);
	if (args->count < 1)
		return refuse(why, len, "element count must be at least 1");
	per_block = (size_t)threads * ilp;
	if (args->count / per_block >= (size_t)GRID_X_MAX)
		return refuse(why, len, "%zu elements need more than %lld "
			      "blocks of %zu", args->count, GRID_X_MAX,
			      per_block);
	return 0;
}

static int cublas_check(const struct kernel_args *args, int max_threads,
			size_t smem_per_block, char *why, size_t len)
{
	long long m, k, n;

	library_dims(args, &m, &k, &n);
	return dims_positive(m, k, n, why, len);
}

static double square_flops(const struct kernel_args *args)
{
	double n = args->n;

	return 2.0 * n * n * n;
}

static double square_bytes(const struct kernel_args *args)
{
	double n = args->n;

	return 3.0 * sizeof(float) * n * n;
}

static double rect_flops(const struct kernel_args *args)
{
	return 2.0 * args->m * args->k * args->n;
}

static double rect_bytes(const struct kernel_args *args)
{
	double m = args->m, k = args->k, n = args->n;

	return sizeof(float) * (m * k + k * n + m * n);
}

static double copy_flops(const struct kernel_args *args)
{
	return 0.0;
}

/* Every element read once and written once. */
static double copy_bytes(const struct kernel_args *args)
{
	return 2.0 * sizeof(int) * (double)args->count;
}

static double cublas_flops(const struct kernel_args *args)
{
	long long m, k, n;

	library_dims(args, &m, &k, &n);
	return 2.0 * m * k * n;
}

static double cublas_bytes(const struct kernel_args *args)
{
	long long m, k, n;

	library_dims(args, &m, &k, &n);
	return sizeof(float) * ((double)m * k + (double)k * n +
				(double)m * n);
}

static int square_threads(int block, int ilp)
{
	return block * block;
}

static int copy_threads(int block, int ilp)
{
	return block;
}

static int cublas_threads(int block, int ilp)
{
	return 0;
}

static const void *cublas_func(int block, int ilp)
{
	return NULL;
}

static long long tiles(long long n, long long edge)
{
	return (n + edge - 1) / edge;
}

static long long square_grid(const struct square_rule *r,
			     const struct kernel_args *args)
{
	long long t;

	if (!r->tile)
		return 1;
	t = tiles(args->n, (long long)r->tile * args->block);
	return t * t;
}

static long long v1_grid(const struct kernel_args *args)
{
	return square_grid(&rule_v1, args);
}

static long long v2_grid(const struct kernel_args *args)
{
	return square_grid(&rule_v2, args);
}

static long long v3_grid(const struct kernel_args *args)
{
	return square_grid(&rule_v3, args);
}

static long long v4_grid(const struct kernel_args *args)
{
	return square_grid(&rule_v4, args);
}

static long long v5_grid(const struct kernel_args *args)
{
	return square_grid(&rule_v5, args);
}

static long long simple_grid(const struct kernel_args *args)
{
	return square_grid(&rule_simple, args);
}

static long long shared_grid(const struct kernel_args *args)
{
	return square_grid(&rule_shared, args);
}

static long long rect_grid(const struct kernel_args *args)
{
	return tiles(args->m, args->block) * tiles(args->n, args->block);
}

static long long copy_grid(const struct kernel_args *args)
{
	return tiles((long long)args->count, (long long)args->block *
		     args->ilp);
}

static long long cublas_grid(const struct kernel_args *args)
{
	return 0;
}

static const struct kernel_desc kernels[] = {
	{
		.name = "v1",
		.description = "one b x b block covers the whole matrix; each "
			"thread computes (n/b)^2 elements from global memory",
		.shape = KERNEL_SQUARE,
		.blocks = blocks_all, .nblocks = N(blocks_all),
		.default_blocks = blocks_p, .ndefault_blocks = N(blocks_p),
		.check = v1_check, .flops = square_flops,
		.bytes = square_bytes, .launch = kernel_v1_launch,
		.func = kernel_v1_func, .threads = square_threads,
		.grid = v1_grid,
		.source = kernel_src_mm_v1,
	}, {
		.name = "v2",
		.description = "one thread per element of C on a 2-D grid, "
			"operands read from global memory",
		.shape = KERNEL_SQUARE,
		.blocks = blocks_all, .nblocks = N(blocks_all),
		.default_blocks = blocks_p, .ndefault_blocks = N(blocks_p),
		.check = v2_check, .flops = square_flops,
		.bytes = square_bytes, .launch = kernel_v2_launch,
		.func = kernel_v2_func, .threads = square_threads,
		.grid = v2_grid,
		.source = kernel_src_mm_v2,
	}, {
		.name = "v3",
		.description = "b x b shared-memory tiles, one element per "
			"thread, inner loop unrolled",
		.shape = KERNEL_SQUARE,
		.blocks = blocks_all, .nblocks = N(blocks_all),
		.default_blocks = blocks_p, .ndefault_blocks = N(blocks_p),
		.check = v3_check, .flops = square_flops,
		.bytes = square_bytes, .launch = kernel_v3_launch,
		.func = kernel_v3_func, .threads = square_threads,
		.grid = v3_grid,
		.source = kernel_src_mm_v3,
	}, {
		.name = "v4",
		.description = "v3 with the next tiles prefetched into "
			"registers during the computation",
		.shape = KERNEL_SQUARE,
		.blocks = blocks_all, .nblocks = N(blocks_all),
		.default_blocks = blocks_p32, .ndefault_blocks = N(blocks_p32),
		.check = v4_check, .flops = square_flops,
		.bytes = square_bytes, .launch = kernel_v4_launch,
		.func = kernel_v4_func, .threads = square_threads,
		.grid = v4_grid,
		.source = kernel_src_mm_v4,
	}, {
		.name = "v5",
		.description = "v4 with a 2b x 2b tile of C per block, 2 x 2 "
			"elements per thread",
		.shape = KERNEL_SQUARE,
		.blocks = blocks_all, .nblocks = N(blocks_all),
		.default_blocks = blocks_p32, .ndefault_blocks = N(blocks_p32),
		.check = v5_check, .flops = square_flops,
		.bytes = square_bytes, .launch = kernel_v5_launch,
		.func = kernel_v5_func, .threads = square_threads,
		.grid = v5_grid,
		.source = kernel_src_mm_v5,
	}, {
		.name = "simple",
		.description = "one thread per element of C, linear-index "
			"addressing, global memory (report G)",
		.shape = KERNEL_SQUARE,
		.blocks = blocks_simple, .nblocks = N(blocks_simple),
		.default_blocks = blocks_32, .ndefault_blocks = N(blocks_32),
		.check = simple_check, .flops = square_flops,
		.bytes = square_bytes, .launch = kernel_simple_launch,
		.func = kernel_simple_func, .threads = square_threads,
		.grid = simple_grid,
		.source = kernel_src_mm_simple,
	}, {
		.name = "shared",
		.description = "32 x 32 shared-memory tiles, with the barrier "
			"after the compute step (report G)",
		.shape = KERNEL_SQUARE,
		.blocks = blocks_32, .nblocks = N(blocks_32),
		.default_blocks = blocks_32, .ndefault_blocks = N(blocks_32),
		.check = shared_check, .flops = square_flops,
		.bytes = square_bytes, .launch = kernel_shared_launch,
		.func = kernel_shared_func, .threads = square_threads,
		.grid = shared_grid,
		.source = kernel_src_mm_shared,
	}, {
		.name = "rect",
		.description = "rectangular (m x k) * (k x n) product with b x b "
			"shared-memory tiles, edges padded with zeros",
		.shape = KERNEL_RECT,
		.blocks = blocks_rect, .nblocks = N(blocks_rect),
		.default_blocks = blocks_16, .ndefault_blocks = N(blocks_16),
		.check = rect_check, .flops = rect_flops,
		.bytes = rect_bytes, .launch = kernel_rect_launch,
		.func = kernel_rect_func, .threads = square_threads,
		.grid = rect_grid,
		.source = kernel_src_mm_rect,
	}, {
		.name = "copy_ilp",
		.description = "int copy, each thread moving ILP elements at a "
			"stride of the block size",
		.shape = KERNEL_COPY,
		.blocks = ilps, .nblocks = N(ilps),
		.default_blocks = ilps, .ndefault_blocks = N(ilps),
		.check = copy_check, .flops = copy_flops,
		.bytes = copy_bytes, .launch = kernel_copy_launch,
		.func = kernel_copy_func, .threads = copy_threads,
		.grid = copy_grid,
		.source = kernel_src_copy_ilp,
	}, {
		.name = "cublas",
		.description = "cuBLAS SGEMM in FP32 (no TF32), row-major as "
			"C^T = B^T A^T",
		.shape = KERNEL_LIBRARY,
		.blocks = NULL, .nblocks = 0,
		.default_blocks = NULL, .ndefault_blocks = 0,
		.check = cublas_check, .flops = cublas_flops,
		.bytes = cublas_bytes, .launch = kernel_cublas_launch,
		.func = cublas_func, .threads = cublas_threads,
		.grid = cublas_grid,
		.source = kernel_src_blas,
	},
};

size_t kernel_count(void)
{
	return N(kernels);
}

const struct kernel_desc *kernel_at(size_t i)
{
	return i < N(kernels) ? &kernels[i] : NULL;
}

const struct kernel_desc *kernel_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < N(kernels); i++)
		if (strcmp(kernels[i].name, name) == 0)
			return &kernels[i];
	for (size_t i = 0; i < kernel_user_count(); i++)
		if (strcmp(kernel_user_at(i)->name, name) == 0)
			return kernel_user_at(i);
	return NULL;
}
