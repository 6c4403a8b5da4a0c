/* CUPTI loaded once per process (cupti.h). */
#include <dlfcn.h>
#include <stdio.h>

#include "cupti.h"

void *cupti_library(char *why, size_t len)
{
	static const char *const names[] = {
		"libcupti.so.13", "libcupti.so",
		"/usr/local/cuda/lib64/libcupti.so.13",
		"/usr/local/cuda/extras/CUPTI/lib64/libcupti.so.13",
	};
	static void *lib;
	char first[512] = "";

	for (size_t i = 0; !lib && i < sizeof(names) / sizeof(names[0]);
	     i++) {
		lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
		if (!lib && !first[0]) {
			const char *e = dlerror();

			snprintf(first, sizeof(first), "%s",
				 e ? e : "dlopen failed");
		}
	}
	if (!lib)
		snprintf(why, len, "CUPTI not found (%s)", first);
	return lib;
}
