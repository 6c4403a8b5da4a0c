/* Own kernels without a GPU: NVRTC compiles a file against the contract
 * of <mmreport_kernel.h>, and every way a file can fail is told apart:
 * unreadable, not compiling (with the compiler's file(line) messages),
 * declaring nothing, breaking a declaration's rules. The examples/
 * kernels pass. Exits 77 where NVRTC cannot be loaded. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernels.h"

#ifndef EXAMPLES_DIR
#error "EXAMPLES_DIR must name the source tree's examples/"
#endif

static char dir[] = "/tmp/mmreport-user-XXXXXX";

/* Writes text to DIR/file; returns the path (valid until the next
 * call). */
static const char *write_cu(const char *file, const char *text)
{
	static char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return path;
}

#define GOOD_BODY                                                          \
	"extern \"C\" __global__ void mine(const float *A, const float *B, " \
	"float *C, int n)\n{\n"                                              \
	"\tint r = blockIdx.y * blockDim.y + threadIdx.y;\n"                 \
	"\tint c = blockIdx.x * blockDim.x + threadIdx.x;\n"                 \
	"\tfloat s = 0;\n"                                                   \
	"\tif (r >= n || c >= n)\n\t\treturn;\n"                             \
	"\tfor (int k = 0; k < n; k++)\n"                                    \
	"\t\ts += A[r * n + k] * B[k * n + c];\n"                            \
	"\tC[r * n + c] = s;\n}\n"

static int compile(const char *path, struct kernel_user_set **s, char *err)
{
	int rc = kernel_user_compile(path, 7, 5, s, err, 512);

	if (rc == KERNEL_USER_ERR_NVRTC)
		fail_msg("NVRTC failed where it loaded before: %s", err);
	return rc;
}

static void test_good(void **state)
{
	struct kernel_user_set *s = NULL;
	char err[512];
	const char *p = write_cu("good.cu",
		"#include <mmreport_kernel.h>\n"
		"MMREPORT_SQUARE_KERNEL(mine, 1, \"32,8,16,8\", "
		"\"one & only\")\n" GOOD_BODY);

	(void)state;
	assert_int_equal(compile(p, &s, err), KERNEL_USER_OK);
	assert_int_equal(s->n, 1);
	assert_string_equal(s->k[0].name, "mine");
	assert_string_equal(s->k[0].description, "one & only");
	assert_int_equal(s->k[0].shape, KERNEL_SQUARE);
	assert_int_equal(s->k[0].tile, 1);
	/* sorted, duplicates dropped */
	assert_int_equal(s->k[0].nblocks, 3);
	assert_true(s->k[0].blocks[0] == 8 && s->k[0].blocks[1] == 16 &&
		    s->k[0].blocks[2] == 32);
	assert_non_null(strstr(s->source, "MMREPORT_SQUARE_KERNEL"));
	assert_non_null(strstr(s->ptx, ".entry mine("));
	kernel_user_set_free(s);
	kernel_user_set_free(NULL);
}

/* A syntax error: the compiler's message with the file and the line. */
static void test_no_compile(void **state)
{
	struct kernel_user_set *s = NULL;
	char err[512];
	const char *p = write_cu("bad.cu",
		"#include <mmreport_kernel.h>\n"
		"MMREPORT_SQUARE_KERNEL(mine, 1, \"16\", \"x\")\n"
		"extern \"C\" __global__ void mine(const float *A, "
		"const float *B, float *C, int n)\n{\n\tfloat s = 0\n"
		"\tC[0] = s;\n}\n");

	(void)state;
	assert_int_equal(compile(p, &s, err), KERNEL_USER_ERR_COMPILE);
	assert_non_null(s);
	assert_non_null(s->log);
	if (!strstr(s->log, "bad.cu(6): error"))
		fail_msg("log without file and line: %s", s->log);
	assert_non_null(strstr(err, "does not compile"));
	kernel_user_set_free(s);
}

/* A definition whose parameters differ from the contract's does not
 * compile: the declaration the macro makes has C linkage. */
static void test_wrong_signature(void **state)
{
	struct kernel_user_set *s = NULL;
	char err[512];
	const char *p = write_cu("sig.cu",
		"#include <mmreport_kernel.h>\n"
		"MMREPORT_SQUARE_KERNEL(mine, 1, \"16\", \"x\")\n"
		"extern \"C\" __global__ void mine(const float *A, "
		"const float *B, float *C, int n, int extra) { }\n");

	(void)state;
	assert_int_equal(compile(p, &s, err), KERNEL_USER_ERR_COMPILE);
	assert_non_null(strstr(s->log, "sig.cu(3)"));
	kernel_user_set_free(s);
}

/* Compiles, but breaks the contract: each with its own reason. */
static void test_contract(void **state)
{
	static const struct {
		const char *text, *why;
	} cases[] = {
		{"__global__ void k(float *a) { a[0] = 1; }\n",
		 "declares no kernel"},
		{"#include <mmreport_kernel.h>\n"
		 "MMREPORT_SQUARE_KERNEL(mine, 1, \"16\", \"x\")\n",
		 "declared but not defined"},
		{"#include <mmreport_kernel.h>\n"
		 "MMREPORT_SQUARE_KERNEL(mine, 1, \"16,33\", \"x\")\n"
		 GOOD_BODY, "block edges"},
		{"#include <mmreport_kernel.h>\n"
		 "MMREPORT_SQUARE_KERNEL(mine, 1, \"\", \"x\")\n"
		 GOOD_BODY, "block edges"},
		{"#include <mmreport_kernel.h>\n"
		 "MMREPORT_SQUARE_KERNEL(mine, 0, \"16\", \"x\")\n"
		 GOOD_BODY, "tile '0'"},
		{"#include <mmreport_kernel.h>\n"
		 "MMREPORT_SQUARE_KERNEL(mine, 1, \"16\", \"\")\n"
		 GOOD_BODY, "description is empty"},
		{"#include <mmreport_kernel.h>\n"
		 "MMREPORT_COPY_KERNEL(cp, \"1,3\", \"x\")\n"
		 "extern \"C\" __global__ void cp(const int *a, int *b, "
		 "unsigned long long count, int ilp) { }\n",
		 "ILP values"},
		/* the name of a built-in kernel */
		{"#include <mmreport_kernel.h>\n"
		 "MMREPORT_SQUARE_KERNEL(v3, 1, \"16\", \"x\")\n"
		 "extern \"C\" __global__ void v3(const float *A, "
		 "const float *B, float *C, int n) { }\n",
		 "built-in kernel"},
	};
	struct kernel_user_set *s = NULL;
	char err[512], file[32];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(file, sizeof(file), "c%zu.cu", i);
		assert_int_equal(compile(write_cu(file, cases[i].text), &s,
					 err), KERNEL_USER_ERR_CONTRACT);
		if (!strstr(err, cases[i].why))
			fail_msg("case %zu: '%s' lacks '%s'", i, err,
				 cases[i].why);
		kernel_user_set_free(s);
		s = NULL;
	}
}

static void test_unreadable(void **state)
{
	struct kernel_user_set *s = NULL;
	char err[512], path[512];

	(void)state;
	snprintf(path, sizeof(path), "%s/missing.cu", dir);
	assert_int_equal(compile(path, &s, err), KERNEL_USER_ERR_OPEN);
	assert_non_null(strstr(err, "missing.cu"));
	kernel_user_set_free(s);
}

/* Files that are no kernel source, each told apart in one line without
 * reading them (issue 29, item 6): a directory (once an 8 EiB
 * allocation), a named pipe (once a wait for ever: alarm() turns a hang
 * into a failure), a binary file and one far too large (a sparse file). */
static void test_odd_files(void **state)
{
	struct kernel_user_set *s = NULL;
	char err[512], path[512];
	FILE *f;

	(void)state;
	alarm(60);
	assert_int_equal(compile(dir, &s, err), KERNEL_USER_ERR_OPEN);
	assert_non_null(strstr(err, "is a directory"));
	kernel_user_set_free(s);
	s = NULL;

	snprintf(path, sizeof(path), "%s/pipe.cu", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(compile(path, &s, err), KERNEL_USER_ERR_OPEN);
	assert_non_null(strstr(err, "not a regular file"));
	kernel_user_set_free(s);
	s = NULL;

	snprintf(path, sizeof(path), "%s/binary.cu", dir);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite("\177ELF\2\1\1\0\0\0", 1, 10, f), 10);
	fclose(f);
	assert_int_equal(compile(path, &s, err), KERNEL_USER_ERR_DATA);
	assert_non_null(strstr(err, "not a text file"));
	kernel_user_set_free(s);
	s = NULL;

	snprintf(path, sizeof(path), "%s/huge.cu", dir);
	assert_int_equal(truncate(write_cu("huge.cu", "//\n"), 1LL << 30),
			 0);
	assert_int_equal(compile(path, &s, err), KERNEL_USER_ERR_DATA);
	assert_non_null(strstr(err, "bytes, more than"));
	kernel_user_set_free(s);
	alarm(0);
}

/* The shipped examples pass the checks; their kinds as documented. */
static void test_examples(void **state)
{
	struct kernel_user_set *s = NULL;
	char err[512];

	(void)state;
	assert_int_equal(compile(EXAMPLES_DIR "/regtile.cu", &s, err),
			 KERNEL_USER_OK);
	assert_int_equal(s->n, 1);
	assert_int_equal(s->k[0].tile, 2);
	kernel_user_set_free(s);
	assert_int_equal(compile(EXAMPLES_DIR "/buggy.cu", &s, err),
			 KERNEL_USER_OK);
	assert_string_equal(s->k[0].name, "buggy");
	kernel_user_set_free(s);
	/* scripts/compare-demo's edited copy keeps v2_own.cu's name */
	assert_int_equal(compile(EXAMPLES_DIR "/v2_own_tiled.cu", &s, err),
			 KERNEL_USER_OK);
	assert_int_equal(s->n, 1);
	assert_string_equal(s->k[0].name, "v2_own");
	assert_int_equal(s->k[0].tile, 1);
	kernel_user_set_free(s);
}

/* MMREPORT_SIZES: read from the program, enforced by the kernel's
 * check with a reason (no GPU: the set is registered, not loaded), and
 * refused when malformed or naming no declared kernel. */
static void test_sizes(void **state)
{
	struct kernel_user_set *s = NULL;
	const struct kernel_desc *d;
	struct kernel_args a;
	char err[512], why[256];
	const char *p = write_cu("sizes.cu",
		"#include <mmreport_kernel.h>\n"
		"MMREPORT_SQUARE_KERNEL(mine, 1, \"16\", \"x\")\n"
		"MMREPORT_SIZES(mine, \"multiple=16,min=32,max=4096\")\n"
		GOOD_BODY);

	(void)state;
	assert_int_equal(compile(p, &s, err), KERNEL_USER_OK);
	assert_true(s->k[0].size_multiple == 16 && s->k[0].size_min == 32 &&
		    s->k[0].size_max == 4096);
	assert_int_equal(kernel_user_register(s), 0);
	d = kernel_find("mine");
	assert_non_null(d);
	assert_ptr_equal(d, kernel_user_at(0));
	memset(&a, 0, sizeof(a));
	a.kd = d;
	a.block = 16;
	a.ilp = 1;
	a.n = 128;
	assert_int_equal(d->check(&a, 1024, 49152, why, sizeof(why)), 0);
	/* counted as the built-in square kernels count */
	assert_true(d->flops(&a) == 2.0 * 128 * 128 * 128 &&
		    d->flops(&a) == kernel_find("v2")->flops(&a));
	assert_true(d->bytes(&a) == kernel_find("v2")->bytes(&a));
	a.n = 100;
	assert_int_equal(d->check(&a, 1024, 49152, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "multiples of 16"));
	a.n = 8192;
	assert_int_equal(d->check(&a, 1024, 49152, why, sizeof(why)), -1);
	a.n = 128;
	a.block = 8;	/* not declared */
	assert_int_equal(d->check(&a, 1024, 49152, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "block edge 8"));
	/* registering the set again changes nothing; another set with a
	 * kernel of the same name is refused */
	assert_int_equal(kernel_user_register(s), 0);
	{
		struct kernel_user_set *t = NULL;

		assert_int_equal(compile(write_cu("twin.cu",
			"#include <mmreport_kernel.h>\n"
			"MMREPORT_SQUARE_KERNEL(mine, 1, \"16\", \"x\")\n"
			GOOD_BODY), &t, err), KERNEL_USER_OK);
		assert_int_equal(kernel_user_register(t), -1);
		kernel_user_set_free(t);
	}
	kernel_user_unregister();
	assert_null(kernel_find("mine"));
	kernel_user_set_free(s);
	s = NULL;

	p = write_cu("badsizes.cu",
		"#include <mmreport_kernel.h>\n"
		"MMREPORT_SQUARE_KERNEL(mine, 1, \"16\", \"x\")\n"
		"MMREPORT_SIZES(mine, \"multiple=0\")\n" GOOD_BODY);
	assert_int_equal(compile(p, &s, err), KERNEL_USER_ERR_CONTRACT);
	assert_non_null(strstr(err, "sizes 'multiple=0'"));
	kernel_user_set_free(s);
	s = NULL;
	p = write_cu("orphan.cu",
		"#include <mmreport_kernel.h>\n"
		"MMREPORT_SQUARE_KERNEL(mine, 1, \"16\", \"x\")\n"
		"MMREPORT_SIZES(other, \"min=8\")\n" GOOD_BODY);
	assert_int_equal(compile(p, &s, err), KERNEL_USER_ERR_CONTRACT);
	assert_non_null(strstr(err, "'other'"));
	kernel_user_set_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_no_compile),
		cmocka_unit_test(test_wrong_signature),
		cmocka_unit_test(test_contract),
		cmocka_unit_test(test_unreadable),
		cmocka_unit_test(test_odd_files),
		cmocka_unit_test(test_examples),
		cmocka_unit_test(test_sizes),
	};
	struct kernel_user_set *s = NULL;
	char err[512], cmd[64];
	int rc;

	if (!mkdtemp(dir))
		return 1;
	/* NVRTC present? An unreadable file stops before it is loaded, so
	 * probe with a real one. */
	write_cu("probe.cu", "__global__ void p() { }\n");
	snprintf(cmd, sizeof(cmd), "%s/probe.cu", dir);
	if (kernel_user_compile(cmd, 7, 5, &s, err, sizeof(err)) ==
	    KERNEL_USER_ERR_NVRTC) {
		fprintf(stderr, "NVRTC unavailable (%s): skipped\n", err);
		kernel_user_set_free(s);
		return 77;
	}
	kernel_user_set_free(s);
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		return 1;
	return rc;
}
