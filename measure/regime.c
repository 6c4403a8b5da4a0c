/* The regime of a configuration (regime.h). */
#include <math.h>
#include <stdio.h>

#include "regime.h"

static void add(char *buf, size_t len, size_t *used, const char *key)
{
	if (*used < len)
		*used += (size_t)snprintf(buf + *used, len - *used, "%s%s",
					  *used ? "," : "", key);
}

void regime_format(const struct regime_in *in, char *buf, size_t len)
{
	size_t used = 0;

	if (!len)
		return;
	buf[0] = '\0';
	if (in->kernel_ms > 0 && isfinite(in->launch_us) &&
	    in->kernel_ms * 1e3 < in->launch_us)
		add(buf, len, &used, "launch_bound");
	if (in->grid_blocks > 0 && in->wave_blocks > 0 &&
	    in->grid_blocks < in->wave_blocks)
		add(buf, len, &used, "below_wave");
	if (in->working_set > 0 && in->l2_bytes > 0 && !in->cold &&
	    in->working_set <= (double)in->l2_bytes)
		add(buf, len, &used, "l2_resident");
	if (in->has_throttle && (in->throttle_reasons & REGIME_THROTTLE_MASK))
		add(buf, len, &used, "throttled");
}
