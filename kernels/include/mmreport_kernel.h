/* mmreport_kernel.h: the contract between mmreport and a kernel of your
 * own, measured with
 *
 *     mmreport measure --kernel mine.cu
 *
 * mmreport compiles mine.cu at run time with NVRTC for the GPU it
 * measures (with --dry-run: for compute capability 7.5, no GPU needed)
 * and hands this header to the compiler itself, so `#include
 * <mmreport_kernel.h>` works wherever mmreport runs. You write the
 * kernel and one declaration above it; mmreport writes the host code:
 * buffers, launch geometry, warm-up, timing, verification against an
 * FP64 reference, occupancy and the report.
 *
 * Declare each kernel once, before its definition, with the macro of its
 * kind (a semicolon after it is allowed, not needed). The macro declares the function with the signature mmreport
 * launches, so a definition with other parameters does not compile.
 *
 * Square product, C (n x n) = A (n x n) * B (n x n), row-major float:
 *
 *     MMREPORT_SQUARE_KERNEL(name, tile, "blocks", "description")
 *     extern "C" __global__ void name(const float *A, const float *B,
 *                                     float *C, int n) { ... }
 *
 *   launched with blocks of b x b threads, b from "blocks" (a comma list,
 *   e.g. "8,16,32"; b * b <= 1024), on a grid of ceil(n / (tile b)) x
 *   ceil(n / (tile b)) blocks: a block computes a (tile b) x (tile b)
 *   tile of C, so tile is 1 for one element per thread and 2 when each
 *   thread computes 2 x 2 elements (report P's v5). blockIdx.x runs
 *   along the columns of C, blockIdx.y along its rows. n is any size the
 *   sweep asks for: guard every access (row < n, col < n).
 *
 * Rectangular product, C (m x n) = A (m x k) * B (k x n), row-major:
 *
 *     MMREPORT_RECT_KERNEL(name, tile, "blocks", "description")
 *     extern "C" __global__ void name(const float *A, const float *B,
 *                                     float *C, int m, int k, int n)
 *
 *   on ceil(n / (tile b)) x ceil(m / (tile b)) blocks of b x b threads.
 *
 * Copy (note J's bandwidth kernel), b[i] = a[i] for i < count, int:
 *
 *     MMREPORT_COPY_KERNEL(name, "ilps", "description")
 *     extern "C" __global__ void name(const int *a, int *b,
 *                                     unsigned long long count, int ilp)
 *
 *   each block of 512 / ilp threads moves 512 elements, on
 *   ceil(count / 512) blocks; ilp from "ilps" (powers of two, 1..512).
 *
 * Sizes: a kernel should take any size (guard every access). One that
 * cannot may say which it takes, after its declaration:
 *
 *     MMREPORT_SIZES(name, "multiple=32,min=64,max=8192")
 *
 *   every one of m, k, n (copy: count) a multiple of 32 and within
 *   64..8192; any of the three keys may be left out. Other sizes of the
 *   sweep are stored as skipped with the reason, never launched.
 *
 * The name is the kernel's C name (letters, digits, '_'; not the name of
 * a built-in kernel such as v1 or cublas); the description is one line
 * of plain text for the report. Kernels must be extern "C" (the macros
 * declare them so). A file may declare several kernels; each is measured
 * like a built-in version. */
#ifndef MMREPORT_KERNEL_H
#define MMREPORT_KERNEL_H

#define MMREPORT_KERNEL_CONTRACT 1

/* The declaration's facts, as a device string mmreport reads from the
 * compiled program; the fields are "key=value" lines. */
#define MMREPORT_META_(fn, kind, tile, list, desc)                          \
	extern "C" __device__ const char mmreport_meta_##fn[] =             \
		"contract=1\n"                                               \
		"name=" #fn "\n"                                             \
		"shape=" kind "\n"                                           \
		"tile=" #tile "\n"                                           \
		"blocks=" list "\n"                                          \
		"desc=" desc "\n";

#define MMREPORT_SIZES(fn, spec)                                            \
	extern "C" __device__ const char mmreport_sizes_##fn[] = spec;

#define MMREPORT_SQUARE_KERNEL(fn, tile, blocks, desc)                      \
	extern "C" __global__ void fn(const float *A, const float *B,       \
				      float *C, int n);                      \
	MMREPORT_META_(fn, "square", tile, blocks, desc)

#define MMREPORT_RECT_KERNEL(fn, tile, blocks, desc)                        \
	extern "C" __global__ void fn(const float *A, const float *B,       \
				      float *C, int m, int k, int n);        \
	MMREPORT_META_(fn, "rect", tile, blocks, desc)

#define MMREPORT_COPY_KERNEL(fn, ilps, desc)                                \
	extern "C" __global__ void fn(const int *a, int *b,                 \
				      unsigned long long count, int ilp);    \
	MMREPORT_META_(fn, "copy", 1, ilps, desc)

#endif
