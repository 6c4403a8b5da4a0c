/* The regime of a configuration (regime.h), by analysis/rules.h. */
#include <math.h>
#include <string.h>

#include "plan.h"
#include "regime.h"

void regime_format(const struct regime_in *in, char *buf, size_t len)
{
	static const struct {
		unsigned bit;
		const char *key;
	} keys[] = {
		{RULE_LAUNCH, "launch_bound"}, {RULE_IDLE, "idle_sms"},
		{RULE_L2, "l2_resident"}, {RULE_THROTTLE, "throttled"},
	};
	struct rule_point p;
	size_t used = 0, i;
	unsigned r;

	if (!len)
		return;
	buf[0] = '\0';
	memset(&p, 0, sizeof(p));
	p.grid_blocks = in->grid_blocks;
	p.sms = in->sms;
	p.working_set = in->working_set;
	p.l2_bytes = (double)in->l2_bytes;
	p.cold = in->cold;
	p.events_timer = in->events_timer;
	p.kernel_ms = isfinite(in->kernel_ms) ? in->kernel_ms : 0;
	p.launch_us = isfinite(in->launch_us) ? in->launch_us : 0;
	p.has_throttle = in->has_throttle;
	p.throttle_reasons = in->throttle_reasons;
	r = rule_regime(&p);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (r & keys[i].bit)
			plan_cat(buf, len, &used, "%s%s", used ? "," : "",
				 keys[i].key);
}
