/* The suites, declared once (suites.h). */
#include <string.h>

#include "suites.h"

#define SUITE_DEF(ID, NAME, report, ...) \
	[SUITE_##ID] = {VOCAB_SUITE_##ID, __VA_ARGS__, report},
const struct suite_desc suite_defs[SUITE_N] = { SUITE_LIST(SUITE_DEF) };
#undef SUITE_DEF

const struct suite_desc *suite_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < SUITE_N; i++)
		if (!strcmp(suite_defs[i].name, name))
			return &suite_defs[i];
	return NULL;
}
