/* Own kernels: compile and check (own.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "kernels.h"
#include "own.h"

static const char *shape_name(enum kernel_shape s)
{
	return s == KERNEL_SQUARE ? "square" : s == KERNEL_RECT ? "rect" :
	       s == KERNEL_COPY ? "copy" : "library";
}

/* Says why path failed (the compiler's own words first, then ours),
 * frees s and returns the measure status of rc. */
static int own_fail(const char *path, int rc, struct kernel_user_set *s,
		    const char *err)
{
	if (s && s->log && *s->log) {
		fputs(s->log, stderr);
		if (s->log[strlen(s->log) - 1] != '\n')
			fputc('\n', stderr);
	}
	if (rc == KERNEL_USER_ERR_CONTRACT)
		fprintf(stderr, "mmreport: measure: '%s' %s\n", path, err);
	else
		fprintf(stderr, "mmreport: measure: %s\n", err);
	kernel_user_set_free(s);
	return rc == KERNEL_USER_ERR_OPEN ? MEASURE_ERR_KERNEL_OPEN :
	       rc == KERNEL_USER_ERR_NVRTC ? MEASURE_ERR_NVRTC :
	       MEASURE_ERR_KERNEL;
}

/* The kernels of s, a line each, as --dry-run lists them. */
static void own_list(const char *path, const struct kernel_user_set *s,
		     FILE *out)
{
	size_t i, j;

	for (i = 0; i < s->n; i++) {
		const struct kernel_user *k = &s->k[i];

		fprintf(out, "  %-20s %s: %s, tile %d, %s ", k->name, path,
			shape_name(k->shape), k->tile,
			k->shape == KERNEL_COPY ? "ilp" : "blocks");
		for (j = 0; j < k->nblocks; j++)
			fprintf(out, "%s%d", j ? "," : "", k->blocks[j]);
		if (k->size_multiple > 1 || k->size_min > 1 || k->size_max)
			fprintf(out, ", sizes: multiples of %lld, at least "
				"%lld", k->size_multiple, k->size_min);
		if (k->size_max)
			fprintf(out, ", at most %lld", k->size_max);
		fprintf(out, "\n  %-20s %s\n", "", k->description);
	}
}

int own_kernels_check(const struct measure_options *o, int major,
		      int minor, int load, FILE *list, struct own_set *set)
{
	size_t f;

	memset(set, 0, sizeof(*set));
	set->s = calloc(o->nkernels ? o->nkernels : 1, sizeof(*set->s));
	if (!set->s)
		return MEASURE_ERR_CUDA;
	for (f = 0; f < o->nkernels; f++) {
		struct kernel_user_set *s = NULL;
		char err[512];
		int rc = kernel_user_compile(o->kernels[f], major, minor, &s,
					     err, sizeof(err));

		if (rc) {
			own_kernels_release(set);
			return own_fail(o->kernels[f], rc, s, err);
		}
		set->s[set->n++] = s;
		if (list && !f)
			fprintf(list, "own kernels (compiled by NVRTC for "
				"compute capability %d.%d):\n", major, minor);
		if (list)
			own_list(o->kernels[f], s, list);
		if (load && kernel_user_load(s)) {
			own_kernels_release(set);
			return MEASURE_ERR_CUDA;
		}
		/* unloaded (--dry-run) the plan still takes them in;
		 * nothing touches a GPU */
		if (kernel_user_register(s)) {
			own_kernels_release(set);
			return MEASURE_ERR_USAGE;
		}
	}
	if (list && o->nkernels)
		fputc('\n', list);
	return MEASURE_OK;
}

void own_kernels_release(struct own_set *s)
{
	size_t i;

	if (!s)
		return;
	kernel_user_unregister();
	for (i = 0; i < s->n; i++)
		kernel_user_set_free(s->s[i]);
	free(s->s);
	s->s = NULL;
	s->n = 0;
}


int own_kernels_load(const struct measure_options *o, const int *devs,
		     int ndev, struct own_set *out)
{
	struct cudaDeviceProp p;
	int major = 0, minor = 0;

	memset(out, 0, sizeof(*out));
	if (!o->nkernels)
		return MEASURE_OK;
	/* PTX of one architecture runs on it and every later one */
	for (int i = 0; i < ndev; i++) {
		if (cudaGetDeviceProperties(&p, devs[i]) != cudaSuccess) {
			fprintf(stderr, "mmreport: %s:%d: "
				"cudaGetDeviceProperties: %s\n", __FILE__,
				__LINE__,
				cudaGetErrorString(cudaGetLastError()));
			return MEASURE_ERR_CUDA;
		}
		if (!i || p.major < major ||
		    (p.major == major && p.minor < minor)) {
			major = p.major;
			minor = p.minor;
		}
	}
	return own_kernels_check(o, major, minor, 1, NULL, out);
}
