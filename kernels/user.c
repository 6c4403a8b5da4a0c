/* Own kernels: a .cu file compiled at run time by NVRTC, loaded with
 * dlopen so that mmreport runs (and measures its built-in kernels) where
 * NVRTC is missing, and checked against the contract of
 * include/mmreport_kernel.h before anything is measured. The contract
 * header travels inside the binary and is handed to NVRTC by name, so
 * no include path has to be found at run time. */
#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cuda_runtime_api.h>
#include <nvrtc.h>

#include "kernels.h"
#include "registry.h"

#ifndef MMREPORT_CUDA_LIBDIR
#define MMREPORT_CUDA_LIBDIR "/usr/local/cuda/lib64"
#endif

extern const char kernel_contract_header[];

/* The NVRTC entry points mmreport uses. */
struct nvrtc_api {
	void *lib;
	nvrtcResult (*create)(nvrtcProgram *, const char *, const char *,
			      int, const char *const *, const char *const *);
	nvrtcResult (*compile)(nvrtcProgram, int, const char *const *);
	nvrtcResult (*log_size)(nvrtcProgram, size_t *);
	nvrtcResult (*log)(nvrtcProgram, char *);
	nvrtcResult (*ptx_size)(nvrtcProgram, size_t *);
	nvrtcResult (*ptx)(nvrtcProgram, char *);
	nvrtcResult (*destroy)(nvrtcProgram *);
	const char *(*errstr)(nvrtcResult);
};

/* Loads NVRTC (13 first: the toolkit mmreport is built with), NULL with
 * why in err when no library or symbol is found. */
static int nvrtc_open(struct nvrtc_api *a, char *err, size_t len)
{
	/* the loader's path first, then the toolkit mmreport was built
	 * with, where a machine has it but not on the loader's path */
	static const char *const names[] = {"libnvrtc.so.13", "libnvrtc.so",
		MMREPORT_CUDA_LIBDIR "/libnvrtc.so.13",
		"/usr/local/cuda/lib64/libnvrtc.so.13",
		/* CUDA 12's compiles the contract as well, for the same
		 * PTX the driver finishes */
		"libnvrtc.so.12"};
	size_t i;

	memset(a, 0, sizeof(*a));
	for (i = 0; i < sizeof(names) / sizeof(names[0]) && !a->lib; i++)
		/* NODELETE: NVRTC keeps allocations of its own for the
		 * process's life; unmapped at dlclose, they would read as
		 * leaks of unknown origin to LeakSanitizer (scripts/
		 * test-asan), and a second compile loads it again anyway */
		a->lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL |
				RTLD_NODELETE);
	if (!a->lib) {
		snprintf(err, len, "cannot load NVRTC (libnvrtc.so.13): %s",
			 dlerror());
		return -1;
	}
#define SYM(field, name)                                                    \
	do {                                                                \
		*(void **)&a->field = dlsym(a->lib, name);                  \
		if (!a->field) {                                            \
			snprintf(err, len, "NVRTC lacks %s", name);         \
			dlclose(a->lib);                                    \
			a->lib = NULL;                                      \
			return -1;                                          \
		}                                                           \
	} while (0)
	SYM(create, "nvrtcCreateProgram");
	SYM(compile, "nvrtcCompileProgram");
	SYM(log_size, "nvrtcGetProgramLogSize");
	SYM(log, "nvrtcGetProgramLog");
	SYM(ptx_size, "nvrtcGetPTXSize");
	SYM(ptx, "nvrtcGetPTX");
	SYM(destroy, "nvrtcDestroyProgram");
	SYM(errstr, "nvrtcGetErrorString");
#undef SYM
	return 0;
}

/* The most bytes of source a --kernel file may hold: a lab's kernels
 * are kilobytes; anything near this is not one. */
#define USER_SOURCE_MAX (16L << 20)

/* Reads the source at path into a NUL-terminated string; NULL with the
 * reason in err and *rc set to KERNEL_USER_ERR_OPEN (not a readable
 * regular file) or KERNEL_USER_ERR_DATA (too large, or binary). The type
 * is checked on the open descriptor before reading: a directory would
 * report a size of 2^63 and a named pipe would block for ever
 * (issue 29, item 6). */
static char *file_read(const char *path, int *rc, char *err, size_t len)
{
	struct stat st;
	char *s = NULL;
	size_t got = 0;
	int fd;

	*rc = KERNEL_USER_ERR_OPEN;
	/* O_NONBLOCK: opening a pipe with no writer must not wait */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, len, "cannot open '%s': %s", path,
			 strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st)) {
		snprintf(err, len, "cannot read '%s': %s", path,
			 strerror(errno));
		goto out;
	}
	if (S_ISDIR(st.st_mode)) {
		snprintf(err, len, "cannot read '%s': it is a directory, "
			 "not a .cu file", path);
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, len, "cannot read '%s': it is not a regular "
			 "file (a pipe, socket or device), not a .cu file",
			 path);
		goto out;
	}
	if (st.st_size > USER_SOURCE_MAX) {
		snprintf(err, len, "'%s' is not a kernel's source: %lld "
			 "bytes, more than the %ld MiB allowed", path,
			 (long long)st.st_size, USER_SOURCE_MAX >> 20);
		*rc = KERNEL_USER_ERR_DATA;
		goto out;
	}
	s = malloc((size_t)st.st_size + 1);
	if (!s) {
		snprintf(err, len, "out of memory reading '%s'", path);
		goto out;
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, s + got, (size_t)st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, len, "cannot read '%s': %s", path,
				 strerror(errno));
			goto fail;
		}
		if (!n)
			break;	/* shrank while read: take what is there */
		got += (size_t)n;
	}
	s[got] = '\0';
	if (strlen(s) != got) {
		snprintf(err, len, "'%s' is not a text file (it holds a NUL "
			 "byte): not CUDA source", path);
		*rc = KERNEL_USER_ERR_DATA;
		goto fail;
	}
	*rc = KERNEL_USER_OK;
	goto out;
fail:
	free(s);
	s = NULL;
out:
	close(fd);
	return s;
}

void kernel_user_set_free(struct kernel_user_set *s)
{
	size_t i;

	if (!s)
		return;
	/* unloading can only fail for a library that is not loaded */
	if (s->lib)
		(void)cudaLibraryUnload((cudaLibrary_t)s->lib);
	free(s->func);
	free(s->desc);
	for (i = 0; i < s->n; i++) {
		free(s->k[i].name);
		free(s->k[i].description);
		free(s->k[i].blocks);
	}
	free(s->k);
	free(s->ptx);
	free(s->log);
	free(s->source);
	free(s->path);
	free(s);
}

/* The bytes of the PTX initialiser "{110, 97, ...}" at p into a
 * NUL-terminated string; NULL when it is not one. */
static char *ptx_bytes(const char *p, size_t count)
{
	char *s = malloc(count + 1), *end;
	size_t i = 0;
	long v;

	if (!s)
		return NULL;
	while (*p == ' ')
		p++;
	if (*p++ != '{')
		goto bad;
	while (i < count) {
		errno = 0;
		v = strtol(p, &end, 10);
		if (end == p || errno || v < 0 || v > 255)
			goto bad;
		s[i++] = (char)v;
		p = end;
		while (*p == ' ')
			p++;
		if (*p == ',')
			p++;
		else if (*p == '}')
			break;
		else
			goto bad;
	}
	s[i] = '\0';
	return s;
bad:
	free(s);
	return NULL;
}

/* The value of "key=" in the metadata lines of meta, malloc'd; NULL when
 * absent. */
static char *meta_get(const char *meta, const char *key)
{
	size_t kl = strlen(key);
	const char *p = meta, *e;

	while (*p) {
		e = strchr(p, '\n');
		if (!e)
			e = p + strlen(p);
		if ((size_t)(e - p) > kl && !strncmp(p, key, kl) &&
		    p[kl] == '=') {
			char *v = malloc((size_t)(e - p - (long)kl));

			if (v) {
				memcpy(v, p + kl + 1, (size_t)(e - p) - kl - 1);
				v[e - p - (long)kl - 1] = '\0';
			}
			return v;
		}
		p = *e ? e + 1 : e;
	}
	return NULL;
}

/* The parameters of the PTX entry name: their count, -1 when the PTX
 * defines no such entry. */
static int ptx_entry_params(const char *ptx, const char *name)
{
	char head[160];
	const char *p = ptx, *q, *end;
	int n = 0;

	/* ".visible .entry NAME(": a definition; its parameters are the
	 * ".param" lines up to the closing parenthesis */
	snprintf(head, sizeof(head), ".entry %s(", name);
	p = strstr(p, head);
	if (!p)
		return -1;
	q = p + strlen(head);
	end = strchr(q, ')');
	if (!end)
		return -1;
	for (; (q = strstr(q, ".param")) && q < end; q++)
		n++;
	return n;
}

/* The comma list of positive ints in s into *out (ascending, unique);
 * -1 with why in err when one is not in lo..hi or, with pow2, not a power
 * of two. */
static int list_parse(const char *s, int lo, int hi, int pow2, int **out,
		      size_t *n, char *err, size_t len)
{
	const char *p = s;
	int *v = NULL;
	size_t cnt = 0, i;
	char *end;
	long x;

	*out = NULL;
	*n = 0;
	while (*p) {
		int *nv;

		errno = 0;
		x = strtol(p, &end, 10);
		if (end == p || errno || x < lo || x > hi ||
		    (pow2 && (x & (x - 1)))) {
			snprintf(err, len, "'%s' is not a list of %s %d..%d",
				 s, pow2 ? "powers of two" : "integers", lo,
				 hi);
			free(v);
			return -1;
		}
		for (i = 0; i < cnt && v[i] < x; i++)
			;
		if (i == cnt || v[i] != x) {
			nv = realloc(v, (cnt + 1) * sizeof(*v));
			if (!nv) {
				free(v);
				snprintf(err, len, "out of memory");
				return -1;
			}
			v = nv;
			memmove(v + i + 1, v + i, (cnt - i) * sizeof(*v));
			v[i] = (int)x;
			cnt++;
		}
		p = end;
		if (*p == ',')
			p++;
		else if (*p) {
			snprintf(err, len, "'%s' is not a comma list", s);
			free(v);
			return -1;
		}
	}
	if (!cnt) {
		snprintf(err, len, "the list is empty");
		return -1;
	}
	*out = v;
	*n = cnt;
	return 0;
}

/* One declared kernel: its metadata checked and parsed into k; -1 with
 * why in err (the kernel named). */
static int user_kernel_parse(const char *meta, const char *ptx,
			     struct kernel_user *k, char *err, size_t len)
{
	char *name = meta_get(meta, "name"), *shape = meta_get(meta, "shape");
	char *tile = meta_get(meta, "tile"), *blocks = meta_get(meta, "blocks");
	char *desc = meta_get(meta, "desc"), *ver = meta_get(meta, "contract");
	char why[256], *end;
	const char *p;
	int rc = -1, params, want;
	long t;

	memset(k, 0, sizeof(*k));
	if (!name || !shape || !tile || !blocks || !desc || !ver) {
		snprintf(err, len, "a kernel declaration is incomplete: "
			 "declare kernels with the MMREPORT_*_KERNEL macros "
			 "of mmreport_kernel.h");
		goto out;
	}
	if (strcmp(ver, "1")) {
		snprintf(err, len, "kernel '%s' follows contract %s, this "
			 "mmreport knows contract 1", name, ver);
		goto out;
	}
	for (p = name; *p && (isalnum((unsigned char)*p) || *p == '_'); p++)
		;
	if (*p || !*name || strlen(name) > 63) {
		snprintf(err, len, "kernel name '%s' must be 1 to 63 letters, "
			 "digits or '_'", name);
		goto out;
	}
	/* another own kernel of that name is refused when registered */
	if (kernel_find(name) && !kernel_find(name)->user) {
		snprintf(err, len, "kernel name '%s' is a built-in kernel's: "
			 "choose another", name);
		goto out;
	}
	if (!strcmp(shape, "square")) {
		k->shape = KERNEL_SQUARE;
		want = 4;
	} else if (!strcmp(shape, "rect")) {
		k->shape = KERNEL_RECT;
		want = 6;
	} else if (!strcmp(shape, "copy")) {
		k->shape = KERNEL_COPY;
		want = 4;
	} else {
		snprintf(err, len, "kernel '%s': unknown kind '%s'", name,
			 shape);
		goto out;
	}
	errno = 0;
	t = strtol(tile, &end, 10);
	if (errno || *end || t < 1 || t > 16) {
		snprintf(err, len, "kernel '%s': tile '%s' is not 1..16",
			 name, tile);
		goto out;
	}
	k->tile = (int)t;
	/* a b x b block holds b^2 <= 1024 threads; a copy block 512/ilp */
	if (list_parse(blocks, 1, k->shape == KERNEL_COPY ? 512 : 32,
		       k->shape == KERNEL_COPY, &k->blocks, &k->nblocks, why,
		       sizeof(why))) {
		snprintf(err, len, "kernel '%s': %s %s", name,
			 k->shape == KERNEL_COPY ? "ILP values" :
			 "block edges (b x b <= 1024 threads)", why);
		goto out;
	}
	if (!*desc) {
		snprintf(err, len, "kernel '%s': the description is empty",
			 name);
		goto out;
	}
	params = ptx_entry_params(ptx, name);
	if (params < 0) {
		snprintf(err, len, "kernel '%s' is declared but not defined "
			 "(or not __global__ extern \"C\")", name);
		goto out;
	}
	if (params != want) {
		snprintf(err, len, "kernel '%s' takes %d parameters, the "
			 "%s contract %d", name, params, shape, want);
		goto out;
	}
	k->name = name;
	k->description = desc;
	k->size_multiple = 1;
	k->size_min = 1;
	k->size_max = 0;
	name = desc = NULL;
	rc = 0;
out:
	if (rc) {
		free(k->blocks);
		k->blocks = NULL;
	}
	free(name);
	free(shape);
	free(tile);
	free(blocks);
	free(desc);
	free(ver);
	return rc;
}

/* The bytes of the PTX array declared at p (".b8 NAME[N] = {...}") as
 * a string; NULL when it is not one. */
static char *ptx_array(const char *p)
{
	const char *q = strchr(p, '['), *eq = q ? strstr(q, "] =") : NULL;
	unsigned long count = eq ? strtoul(q + 1, NULL, 10) : 0;

	return count ? ptx_bytes(eq + 3, count) : NULL;
}

/* The PTX global "mmreport_sizes_<name>" as a string, NULL when the
 * program has none (or it cannot be read). */
static char *ptx_sizes(const char *ptx, const char *name)
{
	char head[160];
	const char *p;

	snprintf(head, sizeof(head), ".b8 mmreport_sizes_%s[", name);
	p = strstr(ptx, head);
	return p ? ptx_array(p) : NULL;
}

/* k's MMREPORT_SIZES "multiple=K,min=K,max=K" (any subset); -1 with why
 * in err when it is not one. */
static int sizes_parse(struct kernel_user *k, const char *spec, char *err,
		       size_t len)
{
	const char *p = spec;
	char key[16], *end;
	long long v;
	size_t kl;

	while (*p) {
		kl = strcspn(p, "=");
		if (kl >= sizeof(key) || !p[kl])
			goto bad;
		memcpy(key, p, kl);
		key[kl] = '\0';
		errno = 0;
		v = strtoll(p + kl + 1, &end, 10);
		if (errno || end == p + kl + 1 || v < 1 ||
		    (*end && *end != ','))
			goto bad;
		if (!strcmp(key, "multiple"))
			k->size_multiple = v;
		else if (!strcmp(key, "min"))
			k->size_min = v;
		else if (!strcmp(key, "max"))
			k->size_max = v;
		else
			goto bad;
		p = *end ? end + 1 : end;
	}
	if (k->size_max && k->size_max < k->size_min)
		goto bad;
	return 0;
bad:
	snprintf(err, len, "kernel '%s': sizes '%s' are not \"multiple=K,"
		 "min=K,max=K\" with positive K (max >= min)", k->name, spec);
	return -1;
}

/* Every "mmreport_meta_NAME[N] = {...}" global of the PTX, checked. */
static int user_kernels_find(struct kernel_user_set *s, char *err,
			     size_t len)
{
	static const char tag[] = ".b8 mmreport_meta_";
	const char *p = s->ptx;

	for (; (p = strstr(p, tag)); p += sizeof(tag) - 1) {
		char *meta = ptx_array(p);
		struct kernel_user *nk;
		int rc;

		if (!meta) {
			snprintf(err, len, "a kernel declaration could not "
				 "be read from the compiled program");
			return KERNEL_USER_ERR_CONTRACT;
		}
		nk = realloc(s->k, (s->n + 1) * sizeof(*nk));
		if (!nk) {
			free(meta);
			snprintf(err, len, "out of memory");
			return KERNEL_USER_ERR_CONTRACT;
		}
		s->k = nk;
		rc = user_kernel_parse(meta, s->ptx, &s->k[s->n], err, len);
		free(meta);
		if (rc)
			return KERNEL_USER_ERR_CONTRACT;
		s->n++;
	}
	/* the sizes each kernel takes; one for no declared kernel is a
	 * mistake the user should hear of */
	for (p = s->ptx; (p = strstr(p, ".b8 mmreport_sizes_")); p++) {
		const char *nm = p + strlen(".b8 mmreport_sizes_");
		size_t i, nl = strcspn(nm, "[");

		for (i = 0; i < s->n && (strlen(s->k[i].name) != nl ||
					 strncmp(s->k[i].name, nm, nl)); i++)
			;
		if (i == s->n) {
			snprintf(err, len, "MMREPORT_SIZES names '%.*s', "
				 "which is declared as no kernel", (int)nl,
				 nm);
			return KERNEL_USER_ERR_CONTRACT;
		}
	}
	for (size_t i = 0; i < s->n; i++) {
		char *spec = ptx_sizes(s->ptx, s->k[i].name);
		int bad = spec && sizes_parse(&s->k[i], spec, err, len);

		free(spec);
		if (bad)
			return KERNEL_USER_ERR_CONTRACT;
	}
	if (!s->n) {
		snprintf(err, len, "declares no kernel: declare each with "
			 "MMREPORT_SQUARE_KERNEL, MMREPORT_RECT_KERNEL or "
			 "MMREPORT_COPY_KERNEL from <mmreport_kernel.h>");
		return KERNEL_USER_ERR_CONTRACT;
	}
	return KERNEL_USER_OK;
}

int kernel_user_compile(const char *path, int cc_major, int cc_minor,
			struct kernel_user_set **out, char *err, size_t len)
{
	static const char *const hnames[] = {"mmreport_kernel.h"};
	const char *hsrc[1] = {kernel_contract_header};
	struct kernel_user_set *s;
	struct nvrtc_api api;
	nvrtcProgram prog = NULL;
	nvrtcResult r;
	char arch[64], incl[4200], *slash;
	const char *opts[] = {arch, incl, "--std=c++17",
			      "--generate-line-info"};
	size_t n;
	int rc = KERNEL_USER_ERR_OPEN;

	*out = NULL;
	s = calloc(1, sizeof(*s));
	if (!s) {
		snprintf(err, len, "out of memory");
		return KERNEL_USER_ERR_NVRTC;
	}
	s->path = strdup(path);
	if (!s->path) {
		snprintf(err, len, "out of memory");
		goto out;
	}
	s->source = file_read(path, &rc, err, len);
	if (!s->source)
		goto out;
	rc = KERNEL_USER_ERR_NVRTC;
	if (nvrtc_open(&api, err, len))
		goto out;
	/* a file's own headers sit beside it */
	snprintf(incl, sizeof(incl), "--include-path=%s", path);
	slash = strrchr(incl, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(incl, sizeof(incl), "--include-path=.");
	/* PTX for the device's virtual architecture: the driver finishes it
	 * for the GPU when it loads the module */
	snprintf(arch, sizeof(arch), "--gpu-architecture=compute_%d%d",
		 cc_major, cc_minor);
	r = api.create(&prog, s->source, path, 1, hsrc, hnames);
	if (r != NVRTC_SUCCESS) {
		snprintf(err, len, "nvrtcCreateProgram: %s", api.errstr(r));
		goto close;
	}
	r = api.compile(prog, (int)(sizeof(opts) / sizeof(opts[0])), opts);
	if (api.log_size(prog, &n) == NVRTC_SUCCESS && n > 1 &&
	    (s->log = malloc(n)) && api.log(prog, s->log) != NVRTC_SUCCESS) {
		free(s->log);
		s->log = NULL;
	}
	if (r == NVRTC_ERROR_COMPILATION) {
		snprintf(err, len, "'%s' does not compile for compute "
			 "capability %d.%d", path, cc_major, cc_minor);
		rc = KERNEL_USER_ERR_COMPILE;
		goto close;
	}
	if (r != NVRTC_SUCCESS) {
		snprintf(err, len, "nvrtcCompileProgram: %s", api.errstr(r));
		goto close;
	}
	if (api.ptx_size(prog, &n) != NVRTC_SUCCESS || !(s->ptx = malloc(n))
	    || api.ptx(prog, s->ptx) != NVRTC_SUCCESS) {
		snprintf(err, len, "nvrtcGetPTX failed");
		goto close;
	}
	rc = user_kernels_find(s, err, len);
close:
	if (prog)
		api.destroy(&prog);
	dlclose(api.lib);
out:
	/* the log goes with the set, also when the file did not compile */
	*out = s;
	return rc;
}

int kernel_user_load(struct kernel_user_set *s)
{
	cudaLibrary_t lib = NULL;
	cudaError_t e;
	size_t i;

	if (s->lib)
		return cudaSuccess;
	s->func = calloc(s->n ? s->n : 1, sizeof(*s->func));
	if (!s->func)
		return cudaErrorMemoryAllocation;
	/* the runtime's library API (over the driver's cuLibrary): its
	 * kernel handles are taken by cudaLaunchKernel, cudaFuncGetAttributes
	 * and the occupancy calculator like the symbol of a built-in */
	e = cudaLibraryLoadData(&lib, s->ptx, NULL, NULL, 0, NULL, NULL, 0);
	if (e != cudaSuccess) {
		fprintf(stderr, "mmreport: %s:%d: cudaLibraryLoadData('%s'): "
			"%s\n", __FILE__, __LINE__, s->path,
			cudaGetErrorString(e));
		return e;
	}
	s->lib = lib;
	for (i = 0; i < s->n; i++) {
		cudaKernel_t k = NULL;

		e = cudaLibraryGetKernel(&k, lib, s->k[i].name);
		if (e != cudaSuccess) {
			fprintf(stderr, "mmreport: %s:%d: cudaLibraryGetKernel"
				"('%s'): %s\n", __FILE__, __LINE__,
				s->k[i].name, cudaGetErrorString(e));
			return e;
		}
		s->func[i] = (const void *)k;
	}
	return cudaSuccess;
}

static long long div_up(long long a, long long b)
{
	return (a + b - 1) / b;
}

/* The grid of a launch: x along C's columns, y along its rows; copy: 512
 * elements a block. */
static void user_geometry(const struct kernel_user *k,
			  const struct kernel_args *a, dim3 *grid,
			  dim3 *block)
{
	long long edge = (long long)k->tile * a->block;
	int rows = k->shape == KERNEL_RECT ? a->m : a->n;

	if (k->shape == KERNEL_COPY) {
		*block = (dim3){(unsigned)(512 / a->ilp), 1, 1};
		*grid = (dim3){(unsigned)div_up((long long)a->count, 512), 1,
			       1};
		return;
	}
	*block = (dim3){(unsigned)a->block, (unsigned)a->block, 1};
	*grid = (dim3){(unsigned)div_up(a->n, edge),
		       (unsigned)div_up(rows, edge), 1};
}

int kernel_user_launch(const struct kernel_user_set *s, size_t i,
		       const struct kernel_args *a)
{
	const struct kernel_user *k = &s->k[i];
	unsigned long long count = a->count;
	int n = a->n, m = a->m, kk = a->k, ilp = a->ilp;
	const void *pa = a->a, *pb = a->b;
	void *pc = a->c;
	void *sq[] = {&pa, &pb, &pc, &n};
	void *rect[] = {&pa, &pb, &pc, &m, &kk, &n};
	void *copy[] = {&pa, &pc, &count, &ilp};
	dim3 g, b;

	if (!s->func || !s->func[i])
		return cudaErrorInvalidResourceHandle;
	user_geometry(k, a, &g, &b);
	return cudaLaunchKernel(s->func[i], g, b, k->shape == KERNEL_RECT ?
				rect : k->shape == KERNEL_COPY ? copy : sq, 0,
				(cudaStream_t)a->stream);
}

/* ---- own kernels as registry entries ---------------------------------- */

/* The registered sets' descriptors, in registration order. */
#define USER_MAX 64
static const struct kernel_desc *user_descs[USER_MAX];
static size_t user_n;

/* Which kernel of which set a descriptor stands for. */
struct user_ref {
	const struct kernel_user_set *s;
	size_t i;
};

static const struct user_ref *ref_of(const struct kernel_desc *d)
{
	return d ? (const struct user_ref *)d->user : NULL;
}

const void *kernel_desc_func(const struct kernel_desc *d, int block, int ilp,
			     int fp64)
{
	const struct user_ref *r;

	if (fp64)	/* own kernels are float only */
		return d->func64 ? d->func64(block, ilp) : NULL;
	if (d->func)
		return d->func(block, ilp);
	r = ref_of(d);
	return r && r->s->func ? r->s->func[r->i] : NULL;
}

int kernel_desc_threads(const struct kernel_desc *d, int block, int ilp)
{
	if (d->threads)
		return d->threads(block, ilp);
	if (!d->user)
		return 0;
	return d->shape == KERNEL_COPY ? (ilp > 0 ? 512 / ilp : 0) :
	       block * block;
}

static int user_accepts(const struct kernel_user *k, int b)
{
	size_t i;

	for (i = 0; i < k->nblocks; i++)
		if (k->blocks[i] == b)
			return 1;
	return 0;
}

static int user_check(const struct kernel_args *a, int max_threads,
		      size_t smem_per_block, char *why, size_t len)
{
	const struct user_ref *r = ref_of(a->kd);
	const struct kernel_user *k;
	struct cudaFuncAttributes fa;
	int b, threads;

	if (!r) {
		snprintf(why, len, "no own kernel behind the descriptor");
		return -1;
	}
	k = &r->s->k[r->i];
	b = k->shape == KERNEL_COPY ? a->ilp : a->block;
	if (!user_accepts(k, b)) {
		snprintf(why, len, "%s declares no %s %d", k->name,
			 k->shape == KERNEL_COPY ? "ILP" : "block edge", b);
		return -1;
	}
	threads = kernel_desc_threads(a->kd, a->block, a->ilp);
	if (threads > max_threads) {
		snprintf(why, len, "%d threads per block exceed the "
			 "device's %d", threads, max_threads);
		return -1;
	}
	if ((k->shape == KERNEL_COPY ? a->count < 1 : a->n < 1) ||
	    (k->shape == KERNEL_RECT && (a->m < 1 || a->k < 1))) {
		snprintf(why, len, "empty sizes");
		return -1;
	}
	{
		/* copy: the count; square: n; rect: n, m and k */
		long long sz[3] = { k->shape == KERNEL_COPY ?
				    (long long)a->count : a->n, a->m, a->k };
		int i, nsz = k->shape == KERNEL_RECT ? 3 : 1;

		for (i = 0; i < nsz; i++)
			if (sz[i] % k->size_multiple || sz[i] < k->size_min ||
			    (k->size_max && sz[i] > k->size_max)) {
				char most[48] = "";

				if (k->size_max)
					snprintf(most, sizeof(most), ", at most "
						 "%lld", k->size_max);
				snprintf(why, len, "%s takes sizes that are "
					 "multiples of %lld, at least %lld%s "
					 "(MMREPORT_SIZES), not %lld", k->name,
					 k->size_multiple, k->size_min, most,
					 sz[i]);
				return -1;
			}
	}
	/* the compiled kernel's static shared memory, when loaded */
	if (r->s->func && r->s->func[r->i] &&
	    cudaFuncGetAttributes(&fa, r->s->func[r->i]) == cudaSuccess &&
	    fa.sharedSizeBytes > smem_per_block) {
		snprintf(why, len, "%zu bytes of shared memory exceed the "
			 "device's %zu per block", (size_t)fa.sharedSizeBytes,
			 smem_per_block);
		return -1;
	}
	return 0;
}

static int user_launch(const struct kernel_args *a)
{
	const struct user_ref *r = ref_of(a->kd);

	return r ? kernel_user_launch(r->s, r->i, a) :
	       cudaErrorInvalidDeviceFunction;
}

static long long user_grid(const struct kernel_args *a)
{
	const struct user_ref *r = ref_of(a->kd);
	dim3 g, b;

	if (!r)
		return 0;
	user_geometry(&r->s->k[r->i], a, &g, &b);
	return (long long)g.x * g.y;
}

int kernel_user_register(struct kernel_user_set *s)
{
	struct user_ref *refs;
	size_t i, j;

	if (s->desc)
		return 0;
	for (i = 0; i < s->n; i++)
		for (j = 0; j < user_n; j++)
			if (!strcmp(user_descs[j]->name, s->k[i].name)) {
				fprintf(stderr, "mmreport: measure: own kernel "
					"'%s' of '%s' is declared twice\n",
					s->k[i].name, s->path);
				return -1;
			}
	if (user_n + s->n > USER_MAX) {
		fprintf(stderr, "mmreport: measure: more than %d own "
			"kernels\n", USER_MAX);
		return -1;
	}
	/* one allocation: the descriptors, then what they point to */
	s->desc = calloc(s->n ? s->n : 1, sizeof(*s->desc) + sizeof(*refs));
	if (!s->desc) {
		fprintf(stderr, "mmreport: measure: out of memory\n");
		return -1;
	}
	refs = (struct user_ref *)(void *)(s->desc + s->n);
	for (i = 0; i < s->n; i++) {
		struct kernel_desc *d = &s->desc[i];
		const struct kernel_user *k = &s->k[i];

		refs[i] = (struct user_ref){s, i};
		d->name = k->name;
		d->description = k->description;
		d->shape = k->shape;
		d->blocks = k->blocks;
		d->nblocks = k->nblocks;
		d->suite = k->shape == KERNEL_COPY ? SUITE_ILP :
			   SUITE_VERSIONS;
		d->sweeps[0] = (struct kernel_sweep){
			k->shape == KERNEL_COPY ? NULL : kernel_own_sizes,
			k->shape == KERNEL_COPY ? 0 : kernel_own_nsizes,
			k->blocks, k->nblocks, NULL, 0, NULL, 0 };
		d->nsweeps = 1;
		d->check = user_check;
		kernel_own_counts(d);
		d->launch = user_launch;
		d->grid = user_grid;
		d->source = s->source;
		/* the contract declares no traits: an own kernel is none
		 * of the library, async-copy or workspace kinds the report
		 * tells apart; its tile is what it declares (copy: 0) */
		d->traits = 0;
		d->tile = k->shape == KERNEL_COPY ? 0 : k->tile;
		d->user = &refs[i];
		user_descs[user_n++] = d;
	}
	return 0;
}

void kernel_user_unregister(void)
{
	user_n = 0;
}

size_t kernel_user_count(void)
{
	return user_n;
}

const struct kernel_desc *kernel_user_at(size_t i)
{
	return i < user_n ? user_descs[i] : NULL;
}

const char *kernel_user_path(const struct kernel_desc *d)
{
	const struct user_ref *r = d ? ref_of(d) : NULL;

	return r ? r->s->path : NULL;
}

/* Here rather than in check.h: one flag for every translation unit,
 * beside the own kernels, whose faults are its usual cause. */
static volatile int cuda_lost;

void kernel_cuda_lost_set(int lost)
{
	cuda_lost = lost;
}

int kernel_cuda_lost(void)
{
	return cuda_lost;
}
