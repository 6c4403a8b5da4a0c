/* cli: mmreport compare on databases built here (issue 26): every
 * verdict through the JSON, the text's summary, the gate's exit code in
 * both forms, a cross-device comparison, the diff of a changed source,
 * bad input, and that the files are left as they were. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "store.h"
#include "store_fixture.h"

static const char *bin;
static char *dir, *one, *two;

/* A configuration of suite and variant at size n, block 16, with ten
 * kernel times base, base + step, ... */
static void cfg_grid(struct store *st, int64_t session, const char *suite,
		     const char *variant, int n, double base, double step,
		     int64_t grid)
{
	double k[10];
	struct store_metric m = { "kernel", "ms", k, 10 };
	struct store_config c = {
		.session_id = session, .suite = (char *)suite,
		.variant = (char *)variant, .m = n, .k = n, .n = n,
		.block_x = 16, .block_y = 16, .ilp = 1,
		.host_mem = (char *)"", .precision = (char *)"fp32",
		.status = (char *)"ok", .rel_error = 1e-6, .samples = 10,
		.finished_at = (char *)"2026-11-22T01:02:03Z",
		.grid_blocks = grid,
	};
	int i;

	for (i = 0; i < 10; i++)
		k[i] = base + i * step;
	if (store_config_insert(st, &c, &m, 1, 1))
		fail_msg("config: %s", store_errmsg(st));
}

/* The same with a grid of 1024 blocks, more than the 132 SMs. */
static void cfg(struct store *st, int64_t session, const char *suite,
		const char *variant, int n, double base, double step)
{
	cfg_grid(st, session, suite, variant, n, base, step, 1024);
}

static void src(struct store *st, int64_t session, const char *name,
		const char *text)
{
	struct store_kernel k = { .session_id = session, .name = (char *)name,
				  .description = (char *)"",
				  .source = (char *)text };

	assert_int_equal(store_kernel_insert(st, &k), 0);
}

/* one.db: device GPU-A, session 1 the base, 2 with one configuration
 * of each verdict, 3 with the versions 30 % slower; two.db: another
 * device. */
static int setup(void **state)
{
	static const char *const v[] = {"fast", "slow", "same", "below",
					"mine"};
	static const double s2[] = {0.5, 2.0, 1.0, 1.005, 1.0};
	struct store *st;
	int64_t d, s[3];
	int i;

	(void)state;
	bin = getenv("MMREPORT_BIN");
	if (!bin)
		return -1;
	dir = fx_dir_make();
	one = fx_path(dir, "one.db");
	two = fx_path(dir, "two.db");
	st = fx_open(one, STORE_CREATE);
	d = fx_device(st, "GPU-A", "Test GPU A");
	s[0] = fx_session(st, d, "S1", "2026-01-01T00:00:00Z");
	s[1] = fx_session(st, d, "S2", "2026-01-02T00:00:00Z");
	s[2] = fx_session(st, d, "S3", "2026-01-03T00:00:00Z");
	for (i = 0; i < 5; i++) {
		double step = !strcmp(v[i], "below") ? 1e-4 : 1e-3;

		cfg(st, s[0], "versions", v[i], 512, 1.0, step);
		cfg(st, s[1], "versions", v[i], 512, s2[i], step);
		cfg(st, s[2], "versions", v[i], 512, 1.3, step);
	}
	/* one block on 132 SMs: marked w and left out of "best", as the
	 * report does */
	cfg_grid(st, s[0], "versions", "tiny", 512, 1.0, 1e-3, 1);
	cfg_grid(st, s[1], "versions", "tiny", 512, 1.0, 1e-3, 1);
	cfg(st, s[0], "versions", "gone", 128, 1.0, 1e-3);
	cfg(st, s[1], "versions", "new", 256, 1.0, 1e-3);
	for (i = 0; i < 3; i++)
		cfg(st, s[i], "reference", "cublas", 512, 1.0, 1e-3);
	src(st, s[0], "mine", "#include <x>\nold line\nend\n");
	src(st, s[1], "mine", "#include <x>\nnew line\nend\n");
	src(st, s[0], "fast", "same text");
	src(st, s[1], "fast", "same text");
	store_free(st);
	st = fx_open(two, STORE_CREATE);
	d = fx_device(st, "GPU-B", "Test GPU B");
	s[0] = fx_session(st, d, "T1", "2026-02-01T00:00:00Z");
	cfg(st, s[0], "versions", "fast", 512, 0.6, 1e-3);
	s[1] = fx_session(st, d, "T2", "2026-02-02T00:00:00Z");
	cfg(st, s[1], "versions", "lonely", 512, 0.6, 1e-3);
	store_free(st);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(one);
	free(two);
	fx_dir_remove(dir);
	return 0;
}

/* Runs mmreport command with args (a shell word list of names of
 * files made here and literals) in dir, stdout to dir/out, stderr to
 * dir/err; returns the exit status. */
static int run_cmd(const char *command, const char *args)
{
	char cmd[4096];
	int st;

	snprintf(cmd, sizeof(cmd), "cd '%s' && '%s' %s %s >out 2>err", dir,
		 bin, command, args);
	st = system(cmd);
	assert_true(WIFEXITED(st));
	return WEXITSTATUS(st);
}

static int run(const char *args)
{
	return run_cmd("compare", args);
}

/* The whole of dir/name (caller frees). */
static char *slurp(const char *name)
{
	char *p = fx_path(dir, name), *buf = calloc(1, 1 << 16);
	FILE *f = fopen(p, "r");

	assert_non_null(f);
	assert_non_null(buf);
	assert_true(fread(buf, 1, (1 << 16) - 1, f) < (1 << 16) - 1);
	fclose(f);
	free(p);
	return buf;
}

static char *row_text(const char *json, const char *variant,
		      const char *field)
{
	char sql[512];

	snprintf(sql, sizeof(sql), "SELECT json_extract(value, '$.%s') FROM "
		 "json_each(?1, '$.rows') WHERE json_extract(value, "
		 "'$.base.variant') = '%s'", field, variant);
	return fx_json_text(json, sql);
}

static void expect_row(const char *json, const char *variant,
		       const char *field, const char *want)
{
	char *got = row_text(json, variant, field);

	if (!got || strcmp(got, want))
		fail_msg("%s %s: %s, not %s", variant, field,
			 got ? got : "(null)", want);
	free(got);
}

static void test_verdicts(void **state)
{
	char *j;

	(void)state;
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--format json -o out.json"), 0);
	j = slurp("out.json");
	assert_int_equal(fx_json_int(j, "SELECT json_extract(?1, "
				     "'$.compare_version')"), 1);
	assert_int_equal(fx_json_int(j, "SELECT json_extract(?1, "
				     "'$.cross_device')"), 0);
	expect_row(j, "fast", "verdict", "faster");
	expect_row(j, "slow", "verdict", "slower");
	expect_row(j, "same", "verdict", "same");
	expect_row(j, "same", "below_threshold", "0");
	expect_row(j, "below", "verdict", "same");
	expect_row(j, "below", "below_threshold", "1");
	expect_row(j, "mine", "source_changed", "1");
	expect_row(j, "fast", "source_changed", "0");
	expect_row(j, "tiny", "base_marks", "w");
	expect_row(j, "tiny", "new.counts_toward_best", "0");
	expect_row(j, "fast", "base_marks", "");
	expect_row(j, "fast", "new.counts_toward_best", "1");
	assert_int_equal(fx_json_int(j, "SELECT json_array_length(?1, "
				     "'$.rows')"), 7);
	assert_int_equal(fx_json_int(j, "SELECT json_extract(?1, "
				     "'$.only_base[0].m')"), 128);
	assert_int_equal(fx_json_int(j, "SELECT json_extract(?1, "
				     "'$.only_new[0].m')"), 256);
	assert_int_equal(fx_json_int(j, "SELECT json_array_length(?1, "
				     "'$.only_new')"), 1);
	free(j);
}

static void test_text(void **state)
{
	char *t;

	(void)state;
	assert_int_equal(run("--db one.db --session 1 --session 2"), 0);
	t = slurp("out");
	assert_non_null(strstr(t, "matched 7: 1 faster, 1 slower, 5 no "
			       "meaningful difference (1 of them "
			       "significant but below the threshold)"));
	assert_non_null(strstr(t, "only in base: versions gone n=128"));
	assert_non_null(strstr(t, "only in new: versions new n=256"));
	assert_non_null(strstr(t, "source changed: mine"));
	assert_null(strstr(t, "cross-device"));
	free(t);
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--format csv"), 0);
	t = slurp("out");
	assert_non_null(strstr(t, "\n1,matched,versions,slow,512,"));
	assert_non_null(strstr(t, "\n1,only_base,versions,gone,128,"));
	free(t);
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--format md"), 0);
	t = slurp("out");
	assert_non_null(strstr(t, "| versions fast n=512 b=16x16 |"));
	free(t);
}

/* file holds two sessions of one device, each with the versions
 * kernel variant at n = 512, twice as fast in the second. */
static void two_sessions(const char *file, const char *variant)
{
	char *path = fx_path(dir, file);
	struct store *st = fx_open(path, STORE_CREATE);
	int64_t d = fx_device(st, "GPU-P", "Test GPU P");
	int64_t a = fx_session(st, d, "P1", "2026-03-01T00:00:00Z");
	int64_t b = fx_session(st, d, "P2", "2026-03-02T00:00:00Z");

	cfg(st, a, "versions", variant, 512, 1.0, 1e-3);
	cfg(st, b, "versions", variant, 512, 0.5, 1e-3);
	store_free(st);
	free(path);
}

/* A stored name holding '|' stays one cell of the Markdown table. */
static void test_md_escape(void **state)
{
	char *t;

	(void)state;
	two_sessions("pipe.db", "a|b");
	assert_int_equal(run("--db pipe.db --session 1 --session 2 "
			     "--format md"), 0);
	t = slurp("out");
	assert_non_null(strstr(t, "| versions a\\|b n=512 b=16x16 |"));
	free(t);
}

/* A stored name with control characters reaches the terminal as the
 * listings write it (cli_text_safe): escaped, an ESC or a C1 CSI never
 * raw, in the table and in the summary. */
static void test_text_escape(void **state)
{
	char *t;

	(void)state;
	two_sessions("esc.db", "x\x1b[31my\xc2\x9bz");
	assert_int_equal(run("--db esc.db --session 1 --session 2"), 0);
	t = slurp("out");
	assert_non_null(strstr(t, "versions x\\x1b[31my\\u009bz n=512"));
	assert_null(strchr(t, '\x1b'));
	assert_null(strstr(t, "\xc2\x9b"));
	free(t);
}

/* Any configuration: "slow" is 99.6 % slower; with -o the comparison
 * is still written. */
static void test_gate_any(void **state)
{
	char *t;

	(void)state;
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--fail-above 50 -o gate.txt"), 4);
	t = slurp("err");
	assert_non_null(strstr(t, "more than 50 %"));
	free(t);
	t = slurp("gate.txt");
	assert_non_null(strstr(t, "matched 7"));
	free(t);
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--fail-above 150"), 0);
}

/* A suite's geometric mean: versions 30 % slower in session 3, the
 * reference unchanged. */
static void test_gate_suite(void **state)
{
	(void)state;
	assert_int_equal(run("--db one.db --session 1 --session 3 "
			     "--fail-above 20 --suite versions"), 4);
	assert_int_equal(run("--db one.db --session 1 --session 3 "
			     "--fail-above 40 --suite versions"), 0);
	assert_int_equal(run("--db one.db --session 1 --session 3 "
			     "--fail-above 20 --suite reference"), 0);
	/* session 2's versions mean is near 1, one of them 2x slower */
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--fail-above 20 --suite versions"), 0);
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--fail-above 20"), 4);
}

static void test_cross(void **state)
{
	char *t;

	(void)state;
	assert_int_equal(run("one.db two.db --format json"), 0);
	t = slurp("out");
	assert_int_equal(fx_json_int(t, "SELECT json_extract(?1, "
				     "'$.cross_device')"), 1);
	expect_row(t, "fast", "verdict", "faster");
	free(t);
	assert_int_equal(run("one.db two.db"), 0);
	t = slurp("out");
	assert_non_null(strstr(t, "cross-device comparison: Test GPU A "
			       "(base) against Test GPU B (new)"));
	free(t);
	/* session 1 of one.db against session 1 of two.db */
	assert_int_equal(run("--session 1 --session 1 one.db two.db "
			     "--format json"), 0);
}

static void test_diff_source(void **state)
{
	char *t;

	(void)state;
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--diff-source"), 0);
	t = slurp("out");
	assert_non_null(strstr(t, "--- base/mine"));
	assert_non_null(strstr(t, "+++ new/mine"));
	assert_non_null(strstr(t, "\n-old line\n+new line\n"));
	free(t);
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--diff-source --format json"), 64);
}

static void test_bad_input(void **state)
{
	struct fx_snap snap;
	char *t, *bad = fx_path(dir, "text.db");

	(void)state;
	fx_file_write(bad, "not a database at all, just some text\n", 38);
	free(bad);
	fx_snap_take(one, &snap);
	assert_int_equal(run("missing.db one.db"), 66);
	assert_int_equal(run("text.db one.db"), 65);
	assert_int_equal(run("--db one.db --session 1 --session 9"), 1);
	t = slurp("err");
	assert_non_null(strstr(t, "has no session 9"));
	free(t);
	assert_int_equal(run("--db one.db --session 2 --session 2"), 64);
	assert_int_equal(run("--db one.db --session 2"), 64);
	assert_int_equal(run("one.db"), 64);
	assert_int_equal(run("--db one.db one.db two.db"), 64);
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--suite versions"), 64);
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--format xml"), 64);
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--fail-above 5 --suite version"), 64);
	assert_int_equal(run("--db one.db --session 1 --session 2 "
			     "--fail-above -3"), 64);
	/* nothing matches: two.db's session 2 holds only "lonely" */
	assert_int_equal(run("--session 2 --session 1 two.db one.db"), 1);
	t = slurp("err");
	assert_non_null(strstr(t, "nothing to compare"));
	free(t);
	assert_int_equal(run("--help"), 0);
	/* the reading leaves the file as it was, without side files */
	assert_int_equal(run("--db one.db --session 1 --session 2"), 0);
	fx_snap_assert(one, &snap);
	assert_false(fx_side_files(one));
	fx_snap_free(&snap);
}

/* render --compare A,B: the section, from the same judgement. */
static void test_render(void **state)
{
	char *t;

	(void)state;
	assert_int_equal(run_cmd("render", "--db one.db --compare 1,2 "
				 "--sections compare -o r.tex"), 0);
	t = slurp("r.tex");
	assert_non_null(strstr(t, "mmreport-table: compare a=1 b=2"));
	assert_non_null(strstr(t, "versions slow n=512 b=16x16 &"));
	assert_non_null(strstr(t, "versions fast n=512 b=16x16 &"));
	assert_null(strstr(t, "versions same n=512"));
	assert_non_null(strstr(t, "\\texttt{mine}"));
	free(t);
	assert_int_equal(run_cmd("render", "--db one.db --compare 1,2 "
				 "--lang pl --sections compare -o r.tex"), 0);
	assert_int_equal(run_cmd("render", "--db one.db --compare 1,9 "
				 "-o r.tex"), 1);
	assert_int_equal(run_cmd("render", "--db one.db --compare 2,2 "
				 "-o r.tex"), 64);
	assert_int_equal(run_cmd("export", "--db one.db --compare 1,2"), 64);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_md_escape),
		cmocka_unit_test(test_text_escape),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_gate_any),
		cmocka_unit_test(test_gate_suite),
		cmocka_unit_test(test_cross),
		cmocka_unit_test(test_diff_source),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_render),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
