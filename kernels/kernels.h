/* kernels: the CUDA kernels of the source lab reports and their registry.
 *
 * This header is the only way into kernels/. It is plain C (usable from C
 * and CUDA), knows nothing of SQLite, and hands out static, immutable
 * descriptors: nothing here is freed by the caller. */
#ifndef MMREPORT_KERNELS_H
#define MMREPORT_KERNELS_H

#include <stddef.h>

#include "suites.h"
#include "traits.h"

#ifdef __cplusplus
extern "C" {
#endif

enum kernel_shape {
	KERNEL_SQUARE,		/* C (n x n) = A (n x n) * B (n x n) */
	KERNEL_RECT,		/* C (m x n) = A (m x k) * B (k x n) */
	KERNEL_COPY,		/* b[i] = a[i], i < count (int elements) */
	KERNEL_LIBRARY,		/* cuBLAS: no block, no kernel attributes */
	KERNEL_TRANSPOSE,	/* C (n x m) = A (m x n)^T, float, on b x b
				 * threads of one element each */
	KERNEL_ACCESS,		/* a memory-access pattern over count
				 * elements (threads for bank) at a
				 * parameter (stride, offset), 1-D blocks of
				 * block threads */
	KERNEL_REDUCE,		/* c[0] = a . b over count elements, float
				 * or double (fp64); block 0: the library */
	KERNEL_WALK		/* count random walkers of param steps */
};

/* One default sweep of a kernel: every size with every block (copy:
 * every ILP value). sizes NULL: the suite's own axis (the ilp suite's
 * counts follow the device's memory; the reference takes the other
 * suites' sizes). */
struct kernel_sweep {
	const int *sizes;
	size_t nsizes;
	const int *blocks;
	size_t nblocks;
	const int *params;	/* access kernels: the swept parameter;
				 * NULL: 0 only */
	size_t nparams;
	const int (*shapes)[3];	/* rect: products m x k x n, in place of
				 * sizes */
	size_t nshapes;
};

#define KERNEL_MAX_SWEEPS 2

/* Everything one launch needs. Matrices are row-major float on the device;
 * the copy kernel moves int elements from a to c (b is unused). */
struct kernel_args {
	int m, k, n;		/* matrix sizes; square kernels use n only,
				 * rect and library kernels m, k, n (library:
				 * m = k = 0 means the square product n) */
	size_t count;		/* copy: number of elements */
	int block;		/* block edge b (b x b threads); copy: threads */
	int ilp;		/* copy: elements per thread (1 otherwise) */
	int param;		/* access kernels: stride or offset in
				 * elements; walkers: steps (0 otherwise) */
	int fp64;		/* dot: double instead of float */
	unsigned seed;		/* walkers: the session's seed, hashed
				 * with each walker's index */
	const void *a, *b;	/* device inputs */
	void *c;		/* device output */
	void *stream;		/* cudaStream_t, NULL for the default stream */
	void *blas;		/* cublasHandle_t owned by the caller (library
				 * kernels); see kernel_blas_create */
	const struct kernel_desc *kd;	/* the kernel run, set by the
				 * caller: an own kernel's functions find
				 * their compiled kernel through it */
};

struct kernel_desc {
	const char *name;	/* "v1", "simple", "cublas", ... */
	const char *description;	/* one line, English */
	enum kernel_shape shape;
	const int *blocks;	/* accepted block edges (or ILP values for
				 * copy), ascending; NULL/0 for library */
	size_t nblocks;

	/* What measure's plan takes from here, so that a kernel's facts
	 * live in its registry entry alone: */
	enum suite_id suite;	/* the suite that measures it
				 * (analysis/suites.h) */
	int on_request;		/* measured only when --variants names it
				 * (no built-in kernel today; rect was,
				 * before its suite) */
	struct kernel_sweep sweeps[KERNEL_MAX_SWEEPS];	/* the default */
	size_t nsweeps;
	/* Sustained FLOP/s (copy: bytes read + written per second) on an
	 * H100-class GPU, rounded down, for --dry-run's time estimate; for
	 * a kernel of a single block (v1) per warp of that block. 0:
	 * unknown (own kernels), the plan assumes a slow one. */
	double rate;
	int rate_per_warp;
	int fp64;		/* 1: runs in double too (args->fp64);
				 * dot's sweep measures both precisions */
	/* The precision suite's default sweep of this kernel (float and
	 * double at each size and block); nsizes 0: not in that suite. */
	struct kernel_sweep precision;
	/* The progression suite's sweep of a versions kernel (v1..v5); the
	 * progression's own kernels (v6 on) have it as their sweep. */
	struct kernel_sweep progression;

	/* 0 when args (sizes, block, ilp; pointers ignored) can run on a
	 * device with max_threads threads per block and smem_per_block bytes
	 * of shared memory; otherwise -1 and a reason in why[len]. */
	int (*check)(const struct kernel_args *args, int max_threads,
		     size_t smem_per_block, char *why, size_t len);

	double (*flops)(const struct kernel_args *args);	/* 2mnk, 0 copy */
	double (*bytes)(const struct kernel_args *args);	/* compulsory
				 * device-memory bytes: inputs read once,
				 * output written once */

	/* Enqueues one run on args->stream. Returns a cudaError_t (0 ok),
	 * cuBLAS failures mapped to cudaErrorUnknown after being reported on
	 * stderr with file, line and call. Does not synchronise. */
	int (*launch)(const struct kernel_args *args);

	/* The __global__ function that launch would use for block/ilp, for
	 * cudaFuncGetAttributes and the occupancy API; NULL for library. */
	const void *(*func)(int block, int ilp);
	/* The same for a launch in double; NULL without fp64. */
	const void *(*func64)(int block, int ilp);

	/* Threads per block of a launch with this block/ilp (b*b, or for
	 * copy the block value); 0 for library. */
	int (*threads)(int block, int ilp);

	/* Blocks one launch of args runs (sizes, block and ilp read, as
	 * check() accepted them); 0 for library kernels, whose grids the
	 * library chooses. */
	long long (*grid)(const struct kernel_args *args);

	const char *source;	/* the kernel's own .cu text, NUL-terminated */

	/* What the report reasons about (analysis/traits.h: KTRAIT_*
	 * bits), stored with the session's kernel; render reads these,
	 * never the name. */
	unsigned traits;
	/* The edge of the piece of C one block computes, in units of the
	 * block value b: (tile b) x (tile b) (v5: 2; v6 on, whose block
	 * value is the tile's edge: 1); 0 where the kernel has no such
	 * geometry (v1's one block, copies, library calls). */
	int tile;
	/* Bytes of dynamic shared memory a block of it takes (v14), which
	 * the occupancy adds to the static; 0 none. */
	int smem_dynamic;

	/* Own kernels (--kernel): their compiled set and index; NULL for a
	 * built-in. func and threads are NULL then: use kernel_desc_func
	 * and kernel_desc_threads, which serve both. */
	const void *user;
};

/* The __global__ function (or an own kernel's handle) and the threads
 * per block of d's launch with block/ilp (fp64: in double; NULL when d
 * has no double instance), whichever kind d is. */
const void *kernel_desc_func(const struct kernel_desc *d, int block, int ilp,
			     int fp64);
int kernel_desc_threads(const struct kernel_desc *d, int block, int ilp);

/* The registry, in report order (registry.c's kernels[]: report P's
 * versions, report G's two, the progression's steps beyond v5, then the
 * other suites' kernels and cuBLAS). measure's --help lists it. */
size_t kernel_count(void);
const struct kernel_desc *kernel_at(size_t i);
/* NULL when no kernel has that name. */
const struct kernel_desc *kernel_find(const char *name);

/* ---- own kernels (user.c) --------------------------------------------- */

/* A kernel of the user's, declared by the contract of
 * include/mmreport_kernel.h. */
struct kernel_user {
	char *name;		/* its extern "C" name */
	char *description;
	enum kernel_shape shape;	/* square, rect or copy */
	int tile;		/* a block of b x b threads computes a
				 * (tile b) x (tile b) tile of C */
	int *blocks;		/* block edges (copy: ILP values), ascending */
	size_t nblocks;
	/* MMREPORT_SIZES: each size a multiple of size_multiple and within
	 * size_min..size_max (copy: the count); 1, 1, 0 (no maximum) when
	 * the kernel takes any size */
	long long size_multiple, size_min, size_max;
};

/* One .cu file compiled: its kernels, the PTX, the compiler's log. */
struct kernel_user_set {
	char *path, *source;	/* as given, and the file's text */
	char *log;		/* NVRTC's messages ("file(line): error:
				 * ..."), NULL when it said nothing */
	char *ptx;		/* for compute capability cc (the driver
				 * finishes it for the GPU when loading) */
	struct kernel_user *k;
	size_t n;
	void *lib;		/* cudaLibrary_t once loaded */
	const void **func;	/* the kernels' handles, per k[] */
	struct kernel_desc *desc;	/* per k[], once registered */
};

enum kernel_user_status {
	KERNEL_USER_OK = 0,
	KERNEL_USER_ERR_OPEN,		/* the file cannot be read */
	KERNEL_USER_ERR_COMPILE,	/* it does not compile (see log) */
	KERNEL_USER_ERR_CONTRACT,	/* it compiles, but declares no
					 * kernel or breaks the contract */
	KERNEL_USER_ERR_NVRTC,		/* NVRTC missing or failing */
	KERNEL_USER_ERR_DATA		/* a file, but no source: binary or
					 * too large */
};

/* Compiles the .cu file at path with NVRTC (loaded at run time) for
 * compute capability cc_major.cc_minor, with <mmreport_kernel.h>
 * provided and the file's folder on the include path, then checks every
 * declared kernel: its declaration complete and well-formed, a name that
 * is no built-in's, a definition with the contract's parameters. Needs
 * no GPU. A directory, pipe or device is KERNEL_USER_ERR_OPEN, read
 * never; a binary file or one over 16 MiB KERNEL_USER_ERR_DATA.
 * Returns an enum kernel_user_status with a one-line reason in
 * err[len] on failure. *out is set in every case but out of memory to a
 * set the caller frees with kernel_user_set_free: on a compile error it
 * holds the compiler's log. kernel_user_set_free(NULL) is a no-op. */
int kernel_user_compile(const char *path, int cc_major, int cc_minor,
			struct kernel_user_set **out, char *err, size_t len);
void kernel_user_set_free(struct kernel_user_set *s);

/* Makes the kernels of a loaded set measurable like built-in ones:
 * kernel_find finds them by name and kernel_user_at lists them. The set
 * must outlive every use (kernel_user_unregister before freeing it).
 * -1 after a message on stderr when a name is taken already or memory
 * runs out. */
int kernel_user_register(struct kernel_user_set *s);
void kernel_user_unregister(void);
size_t kernel_user_count(void);
const struct kernel_desc *kernel_user_at(size_t i);
/* The file an own kernel (d->user set) was compiled from, as given to
 * --kernel; NULL for a built-in one. Owned by its set. */
const char *kernel_user_path(const struct kernel_desc *d);

/* The device of this process is lost (a kernel faulted, a sticky error):
 * once set, the CUDA and cuBLAS failures of the calls that clean up after
 * it (frees, handle destruction, all failing with the same error) are no
 * longer reported one by one; the fault was told once, where it was
 * found. Cleared by kernel_cuda_lost_set(0) (a test, or a new device). */
void kernel_cuda_lost_set(int lost);
int kernel_cuda_lost(void);

/* Loads the compiled set into the current device and finds each kernel
 * (idempotent). Returns a cudaError_t, reported on stderr with file,
 * line and call. kernel_user_set_free unloads it. */
int kernel_user_load(struct kernel_user_set *s);
/* Enqueues one run of kernel i of a loaded set on args->stream with
 * the contract's geometry and parameters (sizes, buffers a, b, c; copy:
 * a to c). Does not synchronise. Returns a cudaError_t. */
int kernel_user_launch(const struct kernel_user_set *s, size_t i,
		       const struct kernel_args *args);

/* ---- the memory-access kernels (mem_*.cu) ------------------------------
 *
 * Their inputs come from a counter hash of the element index and a seed
 * (kernels/hash.h), filled on the device, so that gigabytes of strided
 * input need no host generation and the host recomputes any element to
 * verify the output exactly. */

/* Every thread of bank reads shared memory this many times, at word
 * (lane * stride + 32 i) mod KERNEL_BANK_WORDS; the words are loaded from
 * the first KERNEL_BANK_WORDS 32-bit words of a. */
#define KERNEL_BANK_READS 1024
#define KERNEL_BANK_WORDS 4096
/* The time step of the aos/soa update out = pos + vel * dt (one fused
 * multiply-add per component). */
#define KERNEL_UPDATE_DT 0.01f

/* Fills count floats at dev with kernel_hash_float(i, seed) on the
 * device; does not synchronise. Returns a cudaError_t (reported). */
int kernel_fill_hash(void *dev, size_t count, unsigned seed, void *stream);
/* The value element i gets: a float in [-1, 1) with 24 random bits. */
float kernel_hash_float(size_t i, unsigned seed);

/* ---- dot and walkers (dot.cu, walkers.cu) ------------------------------
 *
 * dot: c[0] = sum a[i] b[i] over count elements of float, or of double
 * with args->fp64; the partial sums of its blocks go to c[1 ..
 * KERNEL_DOT_PARTS], so c holds 1 + KERNEL_DOT_PARTS elements. cublas_dot
 * writes c[0] only. walkers: args->count walkers of args->param steps
 * each, the final positions (int) to c, the global-state kernel's states
 * in a (count unsigned). KERNEL_DOT_PARTS blocks fill more than one
 * wave of any current GPU (an H100 holds 132 x 8 of them), so a long
 * vector keeps every SM busy. */
#define KERNEL_DOT_PARTS 4096

/* Fills count elements at dev with kernel_hash_unit(i, seed, fp64), as
 * float or as double; does not synchronise. Returns a cudaError_t. */
int kernel_fill_unit(void *dev, size_t count, unsigned seed, int fp64,
		     void *stream);
/* Element i of such a buffer: in [0, 1), 24 random bits (float) or 53
 * (double), exactly representable in its type. */
double kernel_hash_unit(size_t i, unsigned seed, int fp64);
/* The walkers' generator: the first state of walker w (never 0), and
 * one step (xorshift32); a step moves the walker +1 when the new state's
 * top bit is set, else -1. */
unsigned kernel_walk_seed(size_t w, unsigned seed);
unsigned kernel_walk_next(unsigned s);

/* cuBLAS handle set to pure FP32 math (no TF32). Returns a cublasHandle_t
 * as void *, or NULL after reporting why on stderr. kernel_blas_free(NULL)
 * is a no-op. */
void *kernel_blas_create(void);
void kernel_blas_free(void *blas);
/* The cuBLAS library loaded at run time, as CUBLAS_VERSION encodes it
 * (major x 10000 + minor x 100 + patch, e.g. 130001), into *version (0
 * on failure). Returns a cudaError_t; a cuBLAS failure is reported on
 * stderr as every cuBLAS call's. */
int kernel_blas_version(int *version);
/* The version of the nvcc that compiled the kernels, "13.0.48", from its
 * __CUDACC_VER_MAJOR__, _MINOR__ and _BUILD__: a static string. */
const char *kernel_cuda_compiler(void);

/* Independent reference: C = A * B in double precision on the device
 * (cublasDgemm on inputs widened from float), then the relative Frobenius
 * error ||C - ref|| / ||ref|| and the count of non-finite elements of C
 * (poisoned, unwritten or overflowed). a, b, c are the float device
 * buffers of a product (row-major, m x k, k x n, m x n). Non-finite inputs
 * make *rel_error NaN, so accept with (err < tol), never !(err > tol).
 * Synchronises the device first, so c may come from any stream. Needs
 * about 8 (k n + 2^26) bytes of device memory for the double copies and
 * frees them before returning. Returns a cudaError_t; out-of-memory is
 * returned, not reported. */
int kernel_gemm_verify(void *blas, const void *a, const void *b,
		       const void *c, int m, int k, int n,
		       double *rel_error, size_t *nonfinite);
/* The same for a product in double (a, b, c double device buffers):
 * the reference is cublasDgemm of the inputs as they are, so this
 * catches a wrong kernel (a missed tile, a race), not rounding; the
 * precision suite measures rounding against a long-double product.
 * Needs about 8 x 2^25 bytes of device memory. */
int kernel_gemm_verify64(void *blas, const void *a, const void *b,
			 const void *c, int m, int k, int n,
			 double *rel_error, size_t *nonfinite);

/* Where a product that failed its verification is wrong, for the
 * student who wrote the kernel (kernel_gemm_diagnose). */
struct kernel_gemm_diag {
	int block;		/* in: the tile edge; the partial last tiles
				 * (rows from m - m % block, columns from
				 * n - n % block) are the edge */
	double tol;		/* in: an element is wrong when not finite
				 * or further from the reference than tol
				 * times its reference row's RMS */
	long long wrong;	/* elements wrong */
	long long wrong_edge;	/* of them in the edge */
	long long edge_cells;	/* elements in the edge (0: m and n are
				 * multiples of block) */
	long long first_i, first_j;	/* the first wrong element in
					 * row-major order; -1 none */
	double first_got, first_want;	/* its value and the reference's */
	double rel_at, rel_bt;	/* relative error against A^T B and
				 * A B^T: a kernel reading an input
				 * transposed; NAN unless square (and the
				 * device holds four n x n doubles) */
};

/* After a failed kernel_gemm_verify(64) of the same buffers (fp64: the
 * double one): fills d's outputs by the same reference, panel by panel
 * through the host (O(m n) host work). Returns a cudaError_t;
 * out-of-memory is returned, not reported. */
int kernel_gemm_diagnose(void *blas, const void *a, const void *b,
			 const void *c, int m, int k, int n, int fp64,
			 struct kernel_gemm_diag *d);

/* The copy kernel's check: *mismatches = the number of i < count where
 * the int device buffers differ (a[i] != b[i]). Synchronises the device
 * first. Returns a cudaError_t; out-of-memory is returned, not reported. */
int kernel_copy_verify(const void *a, const void *b, size_t count,
		       size_t *mismatches);

/* Fills bytes bytes at dev with 0xFF, the NaN bit pattern of every float,
 * so that unwritten outputs are seen by the verification. Synchronises the
 * device, so the fill is complete before a launch on any stream. Returns a
 * cudaError_t. */
int kernel_poison(void *dev, size_t bytes);

/* An L2 scrub: kernel_scrub_create allocates a zeroed scratch buffer of
 * three times l2_bytes (64 MiB x 3 when 0) and runs it once;
 * kernel_scrub_run reads it all, evicting every line cached before (dirty
 * ones written back), then invalidates its own lines, in exactly
 * KERNEL_SCRUB_KERNELS kernel launches, and synchronises: the next
 * kernel starts from cold, empty caches. For the hardware-counter passes
 * only, never inside timed samples. Return cudaError_t; out-of-memory is
 * returned, not reported.
 * kernel_scrub_free(NULL) is a no-op. */
#define KERNEL_SCRUB_KERNELS 2
int kernel_scrub_create(size_t l2_bytes, void **out);
int kernel_scrub_run(void *scrub);
void kernel_scrub_free(void *scrub);

/* The timing machinery's kernels (timing.cu), one thread each.
 * kernel_blocker_launch enqueues a kernel that waits until the host sets
 * flag[0] non-zero, or timeout_ns of GPU time passed, in which case it
 * sets flag[1] to 1; flag points to two ints of host memory mapped into
 * the device (cudaHostAlloc with cudaHostAllocMapped). Work enqueued
 * behind it on the stream starts only once it ends.
 * kernel_empty_launch enqueues a kernel that does nothing.
 * kernel_spin_launch enqueues a kernel that runs for ns nanoseconds of
 * the GPU's global timer. Each returns a cudaError_t (launch errors
 * reported on stderr) and does not synchronise. */
int kernel_blocker_launch(volatile int *flag, void *stream,
			  unsigned long long timeout_ns);
int kernel_empty_launch(void *stream);
int kernel_spin_launch(unsigned long long ns, void *stream);

#ifdef __cplusplus
}
#endif
#endif
