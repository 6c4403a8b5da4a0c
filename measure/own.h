/* measure/own.h: internal to measure/. Own kernels (--kernel FILE.cu):
 * compiled by NVRTC and checked against <mmreport_kernel.h>. */
#ifndef MMREPORT_MEASURE_OWN_H
#define MMREPORT_MEASURE_OWN_H

#include <stdio.h>

#include "kernels.h"

#include "measure.h"

/* The compute capability --dry-run compiles for without a GPU: the
 * oldest CUDA 13 accepts, so a kernel that passes runs on any GPU
 * mmreport measures. */
#define OWN_DRYRUN_CC_MAJOR 7
#define OWN_DRYRUN_CC_MINOR 5

/* Compiles every o->kernels file for compute capability major.minor and
 * checks its declarations, writing each file's kernels (name, kind,
 * tile, blocks, description) to list unless it is NULL. The sets stay in
 * set, registered, and loaded into the device only with load (else a
 * plan includes them all the same; own_kernels_release frees them). On
 * the first file
 * that fails: the compiler's messages as NVRTC wrote them ("file(line):
 * error: ...") and one line naming the file on stderr, and
 * MEASURE_ERR_KERNEL (does not compile, breaks the contract),
 * MEASURE_ERR_KERNEL_OPEN (cannot be read) or MEASURE_ERR_NVRTC (no
 * NVRTC). MEASURE_OK when every file passes. */
struct own_set;
int own_kernels_check(const struct measure_options *o, int major,
		      int minor, int load, FILE *list, struct own_set *set);

/* The sets of own kernels loaded for a measurement. */
struct own_set {
	struct kernel_user_set **s;
	size_t n;
};

/* Compiles every o->kernels file to PTX for the oldest compute
 * capability among devices devs[ndev] (the driver finishes it for each
 * GPU), loads it (a library every device can launch from) and registers
 * its kernels, so that the plan takes them in like built-in kernels:
 * square and rect ones in the versions suite, copy ones in the ilp
 * suite. Failures as own_kernels_check, plus MEASURE_ERR_CUDA when
 * loading fails and MEASURE_ERR_USAGE when a name is declared twice.
 * own_kernels_release unregisters and frees them (a zeroed set is a
 * no-op). */
int own_kernels_load(const struct measure_options *o, const int *devs,
		     int ndev, struct own_set *out);
void own_kernels_release(struct own_set *s);

#endif
