/* analysis/traits.h: what a kernel is, as far as the report reasons
 * about it. The kernel registry sets these per kernel (kernel_desc's
 * traits), measure stores them with the session's kernel, the store
 * returns them (and for files written before they were stored, its one
 * legacy table of the built-in names gives them), and render decides by
 * them, never by a kernel's name.
 *
 * Plain C, no I/O, no SQLite, no CUDA: every folder may include it. The
 * bits are stored in files: never renumber one, append. */
#ifndef MMREPORT_ANALYSIS_TRAITS_H
#define MMREPORT_ANALYSIS_TRAITS_H

enum kernel_trait {
	/* a library's routine (cuBLAS, the runtime's copy), not a kernel
	 * of ours: the reference the own kernels are measured against */
	KTRAIT_LIBRARY = 1u << 0,
	/* copies tiles from global to shared memory asynchronously
	 * (cp.async, LDGSTS): global-load counters (LDG) miss those loads */
	KTRAIT_ASYNC_COPY = 1u << 1,
	/* its double-precision product may run on FP64 tensor cores (DMMA)
	 * where the device has them: its share is of that peak */
	KTRAIT_TENSOR_FP64 = 1u << 2,
	/* keeps a device workspace between launches (Stream-K's partial
	 * tiles and flags) */
	KTRAIT_WORKSPACE = 1u << 3
};

/* Every bit above: a stored value with other bits set was written by a
 * newer mmreport, whose extra bits this build ignores. */
#define KTRAIT_ALL 0xFu

#endif
