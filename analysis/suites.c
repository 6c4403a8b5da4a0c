/* The suites, declared once (suites.h). */
#include <stdio.h>
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
