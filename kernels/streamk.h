/* kernels/streamk.h: internal to kernels/. The host side of a Stream-K
 * launch (v12, v13, v14): how many blocks the device runs at once, how
 * the tiles are dealt among them, and the workspace the pieces of tiles
 * are summed in. Each kernel keeps one struct streamk of its own; its
 * workspace is reused from call to call, so one launch of that kernel
 * runs at a time in a process. */
#ifndef MMREPORT_KERNELS_STREAMK_H
#define MMREPORT_KERNELS_STREAMK_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The first six fields are the kernel's, set in its initializer; the
 * rest start at zero and belong to streamk_plan and streamk_workspace. */
struct streamk {
	const void *func;	/* the instance whose occupancy counts */
	int threads;		/* its block */
	size_t smem;		/* its dynamic shared memory */
	int (*setup)(void);	/* NULL, or run once per device before the
				 * occupancy is asked (attributes) */
	int fill_max;		/* the fullest last wave (%) still cut */
	int halve_waves;	/* full waves after which the last one is
				 * cut into twice as many pieces */
	int device;		/* the device places was asked of */
	int places;		/* blocks resident at once; 0: not asked */
	float *part;		/* the partial tiles */
	size_t part_len;	/* floats */
	unsigned *count;	/* a counter per tile, zero between launches */
	size_t count_len;	/* counters */
};

/* Deals tiles (of steps steps in k each) on the current device: *dp
 * tiles one per block, the steps of the rest among *sk blocks. Asks the
 * device's resident blocks once per device; a new device frees the old
 * one's workspace. Returns 0 or a cudaError_t (reported). */
int streamk_plan(struct streamk *s, int tiles, int steps, int *dp, int *sk);

/* Grows s's workspace to at least part_len floats and count_len zeroed
 * counters, keeping what is large enough. Returns 0 or a cudaError_t
 * (reported, but for out of memory). */
int streamk_workspace(struct streamk *s, size_t part_len, size_t count_len);

#ifdef __cplusplus
}
#endif
#endif
