/* The suites, declared once (suites.h). */
#include <stdio.h>
#include <string.h>

#include "suites.h"

const struct suite_desc suite_defs[SUITE_N] = {
	/* name, source, metric, higher, counted, one_d, host, report */
	[SUITE_VERSIONS] = {SUITE_NAME_VERSIONS, "P", "gflops",
			    1, 1, 0, 0, 1},
	[SUITE_TRANSFER] = {SUITE_NAME_TRANSFER, "G", "kernel",
			    0, 0, 0, 1, 5},
	[SUITE_ILP] = {SUITE_NAME_ILP, "J", "gbs", 1, 0, 1, 0, 6},
	[SUITE_REFERENCE] = {SUITE_NAME_REFERENCE, "", "gflops",
			     1, 1, 0, 0, 0},
	[SUITE_TRANSPOSE] = {SUITE_NAME_TRANSPOSE, "R", "gbs",
			     1, 1, 0, 0, 7},
	[SUITE_BANK] = {SUITE_NAME_BANK, "R", "ns_access", 0, 1, 1, 0, 8},
	[SUITE_COALESCE] = {SUITE_NAME_COALESCE, "B", "gbs", 1, 1, 1, 0, 9},
	[SUITE_DOT] = {SUITE_NAME_DOT, "R", "gbs", 1, 0, 1, 0, 10},
	[SUITE_WALKERS] = {SUITE_NAME_WALKERS, "B", "gsteps",
			   1, 0, 1, 0, 11},
	[SUITE_PRECISION] = {SUITE_NAME_PRECISION, "R", "gflops",
			     1, 0, 0, 0, 2},
	[SUITE_RECT] = {SUITE_NAME_RECT, "R", "gflops", 1, 0, 0, 0, 3},
	[SUITE_PROGRESSION] = {SUITE_NAME_PROGRESSION, "", "gflops",
			       1, 1, 0, 0, 4},
};

const struct suite_desc *suite_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < SUITE_N; i++)
		if (!strcmp(suite_defs[i].name, name))
			return &suite_defs[i];
	return NULL;
}

char *suite_names_join(const char *sep, char *buf, size_t len)
{
	size_t used = 0, i;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < SUITE_N && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i ? sep : "", suite_defs[i].name);
	return buf;
}
