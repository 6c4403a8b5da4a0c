/* measure: what a session stores of its setting and shows of its
 * quality, without a GPU (issue 27; issue 25, item 7): the host CPU from
 * a cpuinfo file, the nvcc and cuBLAS versions the build carries, and the
 * progress line's noise and throttled samples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device.h"
#include "kernels.h"
#include "plan.h"
#include "progress.h"
#include "runner.h"

/* Writes text to a new temporary file; its path into path[len]. */
static void file_write(char *path, size_t len, const char *text)
{
	int fd;
	FILE *f;

	snprintf(path, len, "/tmp/mmreport-cpuinfo-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void test_host_cpu(void **state)
{
	/* x86: the first processor's model name, spaces trimmed */
	static const char x86[] =
		"processor\t: 0\n"
		"vendor_id\t: GenuineIntel\n"
		"model name\t: Intel(R) Xeon(R) Platinum 8480+  \n"
		"processor\t: 1\n"
		"model name\t: Another CPU\n";
	/* some architectures have no model name: unknown, not invented */
	static const char arm[] =
		"processor\t: 0\nBogoMIPS\t: 2000.00\nCPU part\t: 0xd4f\n";
	char path[64], buf[128];

	(void)state;
	file_write(path, sizeof(path), x86);
	assert_int_equal(measure_host_cpu(path, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "Intel(R) Xeon(R) Platinum 8480+");
	/* cut to the buffer */
	assert_int_equal(measure_host_cpu(path, buf, 6), 0);
	assert_string_equal(buf, "Intel");
	unlink(path);
	file_write(path, sizeof(path), arm);
	strcpy(buf, "stale");
	assert_int_equal(measure_host_cpu(path, buf, sizeof(buf)), -1);
	assert_string_equal(buf, "");
	unlink(path);
	assert_int_equal(measure_host_cpu("/nonexistent/cpuinfo", buf,
					  sizeof(buf)), -1);
	assert_string_equal(buf, "");
}

/* The compiler that built kernels/ and the cuBLAS linked: both known
 * without a device (the library answers for itself). */
static void test_build_versions(void **state)
{
	const char *cc = kernel_cuda_compiler();
	int major = -1, minor = -1, build = -1, v = 0;
	char tail = 0;

	(void)state;
	assert_non_null(cc);
	assert_int_equal(sscanf(cc, "%d.%d.%d%c", &major, &minor, &build,
				&tail), 3);
	assert_true(major >= 12 && minor >= 0 && build >= 0);
	assert_int_equal(kernel_blas_version(&v), 0);
	/* CUBLAS_VERSION's encoding: major x 10000 + ... */
	assert_true(v >= 110000);
	print_message("nvcc %s, cuBLAS %d\n", cc, v);
}

/* What progress_done writes to stderr for j (not a terminal). */
/* What progress_done (and with end, progress_end) writes to stderr for
 * j, on a terminal where tty, with --max-noise max_noise. */
static char *progress_text_as(struct job *j, int tty, double max_noise,
			      int end)
{
	struct progress pg = { .tty = tty, .max_noise = max_noise };
	char path[] = "/tmp/mmreport-progress-XXXXXX", *text;
	int fd = mkstemp(path), saved;
	long len;
	FILE *f;

	assert_true(fd >= 0);
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	assert_true(saved >= 0);
	assert_true(dup2(fd, STDERR_FILENO) >= 0);
	pg.total = 1;
	progress_done(&pg, j);
	if (end)
		progress_end(&pg);
	fflush(stderr);
	assert_true(dup2(saved, STDERR_FILENO) >= 0);
	close(saved);
	f = fdopen(fd, "r");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)len + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	unlink(path);
	return text;
}

static char *progress_text(struct job *j)
{
	return progress_text_as(j, 0, 0, 0);
}

/* The non-terminal line of a configuration: its noise when known, its
 * throttled and discarded samples when any were throttled. */
static void test_progress_quality(void **state)
{
	struct plan_entry e = { 0 };
	struct job j = { 0 };
	struct series *k, *g;
	char *text;

	(void)state;
	e.suite = SUITE_VERSIONS;
	e.variant = "v2";
	e.m = e.k = e.n = 512;
	e.block = 16;
	j.e = &e;
	run_result_init(&j.r);
	k = run_metric_add(&j.r, "kernel", "ms");
	g = run_metric_add(&j.r, "gflops", "GFLOP/s");
	assert_non_null(k);
	assert_non_null(g);
	assert_int_equal(series_push(k, 0.25), 0);
	assert_int_equal(series_push(g, 1000), 0);
	j.r.samples = 1;
	j.noise = 0.008;
	text = progress_text(&j);
	print_message("%s", text);
	assert_non_null(strstr(text, ", noise 0.8 %"));
	assert_null(strstr(text, "throttled"));
	free(text);

	j.throttled = 12;
	j.discarded = 9;
	text = progress_text(&j);
	print_message("%s", text);
	assert_non_null(strstr(text, ", noise 0.8 %, throttled 12, "
			       "discarded 9"));
	free(text);

	/* above a --max-noise target: said on its line, on a terminal
	 * too, and counted at the end; within it, a terminal shows nothing */
	j.throttled = j.discarded = 0;
	text = progress_text_as(&j, 1, 0.005, 1);
	print_message("%s", text);
	assert_non_null(strstr(text, ", noise 0.8 % (above the --max-noise "
			       "target)"));
	assert_non_null(strstr(text, "1 configuration ended above the "
			       "--max-noise target of 0.5 %"));
	free(text);
	text = progress_text_as(&j, 1, 0.01, 1);
	assert_null(strstr(text, "noise"));
	free(text);

	/* unknown noise: not shown */
	j.noise = NAN;
	j.throttled = j.discarded = 0;
	text = progress_text(&j);
	assert_null(strstr(text, "noise"));
	assert_null(strstr(text, "throttled"));
	free(text);
	run_result_release(&j.r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_host_cpu),
		cmocka_unit_test(test_build_versions),
		cmocka_unit_test(test_progress_quality),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
