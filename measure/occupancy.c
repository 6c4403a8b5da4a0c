/* Theoretical occupancy from numbers (see measure.h for the formulas).
 * Kept free of CUDA so that the arithmetic is tested on any machine. */
#include <limits.h>
#include <string.h>

#include "measure.h"
#include "plan.h"

int measure_occupancy_compute(const struct measure_occ_input *in,
			      struct measure_occ *out)
{
	static const char *const names[4] = {
		"warps", "registers", "shared memory", "blocks per SM"
	};
	long long warps_sm, regs_warp, regs_block, smem_block;
	size_t used = 0;
	int w, min, i;

	if (!out)
		return -1;
	memset(out, 0, sizeof(*out));
	if (!in || in->threads_per_block <= 0 || in->warp_size <= 0 ||
	    in->max_threads_per_sm <= 0 || in->regs_per_sm <= 0 ||
	    in->reg_alloc_unit <= 0 || in->smem_per_sm < 0 ||
	    in->max_blocks_per_sm <= 0 || in->regs_per_thread < 0 ||
	    in->smem_per_block < 0 || in->smem_reserved_per_block < 0)
		return -1;

	w = (in->threads_per_block + in->warp_size - 1) / in->warp_size;
	out->warps_per_block = w;
	warps_sm = in->max_threads_per_sm / in->warp_size;
	out->limit_warps = (int)(warps_sm / w);

	/* Registers are handed to warps in units of reg_alloc_unit. */
	regs_warp = ((long long)in->regs_per_thread * in->warp_size +
		     in->reg_alloc_unit - 1) / in->reg_alloc_unit *
		    in->reg_alloc_unit;
	regs_block = regs_warp * w;
	out->regs_per_block = regs_block > INT_MAX ? INT_MAX :
			      (int)regs_block;
	out->limit_regs = regs_block ? (int)(in->regs_per_sm / regs_block) :
			  in->max_blocks_per_sm;

	smem_block = (long long)in->smem_per_block +
		     in->smem_reserved_per_block;
	out->smem_per_block = smem_block > INT_MAX ? INT_MAX :
			      (int)smem_block;
	out->limit_smem = smem_block ? (int)(in->smem_per_sm / smem_block) :
			  in->max_blocks_per_sm;

	out->limit_blocks = in->max_blocks_per_sm;

	const int limit[4] = { out->limit_warps, out->limit_regs,
			       out->limit_smem, out->limit_blocks };

	for (i = 1, min = limit[0]; i < 4; i++)
		min = limit[i] < min ? limit[i] : min;
	for (i = 0; i < 4; i++)
		if (limit[i] == min)
			plan_cat(out->limiter, sizeof(out->limiter), &used,
				 "%s%s", used ? ", " : "", names[i]);

	out->active_blocks = min;
	out->active_warps = min * w;
	out->active_threads = min * in->threads_per_block;
	out->occupancy = warps_sm ? (double)out->active_warps / warps_sm : 0;
	return 0;
}
