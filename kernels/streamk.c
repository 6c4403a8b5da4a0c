/* The host side of the Stream-K kernels (streamk.h). */
#include "check.h"
#include "streamk.h"

/* Frees *buf (one of the workspace's buffers) and forgets it. */
static int streamk_buffer_release(void **buf, size_t *len)
{
	int err = KERNEL_CUDA(cudaFree(*buf));

	if (err)
		return err;
	*buf = NULL;
	*len = 0;
	return 0;
}

/* Makes *buf hold at least need elements of elem bytes, keeping it when
 * it already does (*len: its elements); a new one is zeroed. The
 * counters must start at zero; the partial tiles need not, but one path
 * serves both. */
static int streamk_buffer_grow(void **buf, size_t *len, size_t need,
			       size_t elem)
{
	int err;

	if (need <= *len)
		return 0;
	err = streamk_buffer_release(buf, len);
	if (!err)
		err = KERNEL_CUDA_ALLOC(cudaMalloc(buf, need * elem));
	if (!err)
		err = KERNEL_CUDA(cudaMemset(*buf, 0, need * elem));
	if (err)
		return err;
	*len = need;
	return 0;
}

/* Blocks that run at once on the current device, asked once per device. */
static int streamk_places(struct streamk *s, int *places)
{
	int dev, sms, per_sm, err;

	err = KERNEL_CUDA(cudaGetDevice(&dev));
	if (err)
		return err;
	if (s->places && dev == s->device) {
		*places = s->places;
		return 0;
	}
	if (s->setup)
		err = s->setup();
	if (!err)
		err = KERNEL_CUDA(cudaDeviceGetAttribute(&sms,
				cudaDevAttrMultiProcessorCount, dev));
	if (!err)
		err = KERNEL_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
				&per_sm, s->func, s->threads, s->smem));
	if (err)
		return err;
	if (per_sm < 1)
		per_sm = 1;
	/* a new device: the old workspace belongs to the old one */
	err = streamk_buffer_release((void **)&s->part, &s->part_len);
	if (!err)
		err = streamk_buffer_release((void **)&s->count,
					     &s->count_len);
	if (err)
		return err;
	s->device = dev;
	s->places = sms * per_sm;
	*places = s->places;
	return 0;
}

int streamk_plan(struct streamk *s, int tiles, int steps, int *dp, int *sk)
{
	long long rest_steps, most;
	int places, rest, err = streamk_places(s, &places);

	if (err)
		return err;
	rest = tiles % places;
	/* Cutting tiles costs a fix-up: measured on the H100, about 5 % of
	 * a wave. A last wave nearly full (v12 at n = 2048: 256 tiles for
	 * 264 places) loses less than that idle, and runs whole. */
	if (rest * 100 > places * s->fill_max)
		rest = 0;
	*dp = tiles - rest;
	rest_steps = (long long)rest * steps;
	/* After many full waves the blocks finish far apart, and pieces of
	 * half the size fill the gaps better; after few, the second fix-up
	 * costs more than it fills. Measured for v12 (% of cuBLAS, H100 /
	 * H200): n = 8192, 15 waves: 90.1 -> 91.3 / 91.1 -> 92.4; n = 6144,
	 * 8 waves: equal; n = 4096, 3 waves: 90.1 -> 89.8 / 91.2 -> 90.9;
	 * for v13 (H200): n = 8192: 92.2 -> 93.5; n = 4096: 92.5 -> 91.9. */
	most = *dp >= s->halve_waves * places ? 2LL * places : places;
	/* every stream-K block gets a step at least */
	*sk = (int)(rest_steps < most ? rest_steps : most);
	return 0;
}

int streamk_workspace(struct streamk *s, size_t part_len, size_t count_len)
{
	int err = streamk_buffer_grow((void **)&s->part, &s->part_len,
				      part_len, sizeof(float));

	if (!err)
		err = streamk_buffer_grow((void **)&s->count, &s->count_len,
					  count_len, sizeof(unsigned));
	return err;
}
