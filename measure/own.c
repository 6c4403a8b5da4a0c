/* Own kernels: compile and check (own.h). */
#include <stdio.h>
#include <string.h>

#include "kernels.h"
#include "own.h"

static const char *shape_name(enum kernel_shape s)
{
	return s == KERNEL_SQUARE ? "square" : s == KERNEL_RECT ? "rect" :
	       s == KERNEL_COPY ? "copy" : "library";
}

int own_kernels_check(const struct measure_options *o, int major,
		      int minor, int list, FILE *out)
{
	size_t f, i, j;

	for (f = 0; f < o->nkernels; f++) {
		struct kernel_user_set *s = NULL;
		char err[512];
		int rc = kernel_user_compile(o->kernels[f], major, minor, &s,
					     err, sizeof(err));

		if (rc) {
			/* the compiler's own words first, then ours */
			if (s && s->log && *s->log) {
				fputs(s->log, stderr);
				if (s->log[strlen(s->log) - 1] != '\n')
					fputc('\n', stderr);
			}
			if (rc == KERNEL_USER_ERR_CONTRACT)
				fprintf(stderr, "mmreport: measure: '%s' %s\n",
					o->kernels[f], err);
			else
				fprintf(stderr, "mmreport: measure: %s\n", err);
			kernel_user_set_free(s);
			return rc == KERNEL_USER_ERR_OPEN ?
			       MEASURE_ERR_KERNEL_OPEN :
			       rc == KERNEL_USER_ERR_NVRTC ?
			       MEASURE_ERR_NVRTC : MEASURE_ERR_KERNEL;
		}
		if (list && !f)
			fprintf(out, "own kernels (compiled by NVRTC for "
				"compute capability %d.%d):\n", major, minor);
		for (i = 0; list && i < s->n; i++) {
			const struct kernel_user *k = &s->k[i];

			fprintf(out, "  %-20s %s: %s, tile %d, %s ", k->name,
				o->kernels[f], shape_name(k->shape), k->tile,
				k->shape == KERNEL_COPY ? "ilp" : "blocks");
			for (j = 0; j < k->nblocks; j++)
				fprintf(out, "%s%d", j ? "," : "",
					k->blocks[j]);
			fprintf(out, "\n  %-20s %s\n", "", k->description);
		}
		kernel_user_set_free(s);
	}
	if (list && o->nkernels)
		fputc('\n', out);
	return MEASURE_OK;
}
