/* measure: the sweep plan (issue 3's default axes, overrides, invalid
 * lists), the dry run (no device, no database), the time model's
 * documented rules, and the theoretical-occupancy arithmetic against
 * values derived by hand. No GPU needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "measure.h"
#include "plan.h"
#include "regime.h"
#include "runner.h"
#include "vocab.h"

static char dir[] = "/tmp/mmreport-plan-XXXXXX";
static char db[512];

static int file_exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0;
}

/* The plan of o with free_mem, in *p; asserts it parses. */
static void plan_of(const struct measure_options *o,
		    unsigned long long free_mem, struct plan *p)
{
	struct plan_spec spec;

	assert_int_equal(plan_spec_parse(o, &spec), 0);
	assert_int_equal(plan_build(&spec, free_mem, p), 0);
	plan_spec_release(&spec);
}

static size_t suite_count(const struct plan *p, enum suite_id s)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n; i++)
		n += p->e[i].suite == s;
	return n;
}

static size_t accepted(const char *variant, const int *blocks, size_t n)
{
	const struct kernel_desc *kd = kernel_find(variant);
	size_t c = 0;

	assert_non_null(kd);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < kd->nblocks; j++)
			c += kd->blocks[j] == blocks[i];
	return c;
}

static void test_default_plan(void **state)
{
	static const int b1[] = { 8, 16, 22 }, b2[] = { 8, 16, 32 };
	struct measure_options o;
	struct plan p;
	size_t versions, nilp, i;
	long long n;

	measure_options_init(&o);
	plan_of(&o, 80ULL << 30, &p);

	/* versions: v1..v3 on 3 sizes x {8,16,22}; v3..v5 on 5 sizes x
	 * {8,16,32}, each block where the kernel accepts it. */
	versions = 3 * (accepted("v1", b1, 3) + accepted("v2", b1, 3) +
			accepted("v3", b1, 3)) +
		   5 * (accepted("v3", b2, 3) + accepted("v4", b2, 3) +
			accepted("v5", b2, 3));
	assert_true(versions >= 3 * 3 * 2 + 3 * 5 * 2);
	assert_int_equal(suite_count(&p, SUITE_VERSIONS), versions);

	/* transfer: 2 variants x 3 host modes x 5 sizes x default blocks. */
	assert_int_equal(suite_count(&p, SUITE_TRANSFER),
			 3 * 5 * (kernel_find("simple")->sweeps[0].nblocks +
				  kernel_find("shared")->sweeps[0].nblocks));

	/* ilp: 80 GiB free -> a quarter is 20 GiB; 2 x 4 B x 2^31 = 16 GiB
	 * fits, 2^32 would need 32 GiB: N = 2^9 .. 2^31, 23 sizes, each
	 * with 5 ILP values and the memcpy row. */
	assert_int_equal(plan_ilp_max_count(80ULL << 30), 1LL << 31);
	nilp = 31 - 9 + 1;
	assert_int_equal(suite_count(&p, SUITE_ILP), nilp * 6);
	for (i = 0; i < p.n; i++) {
		const struct plan_entry *e = &p.e[i];

		if (e->suite != SUITE_ILP)
			continue;
		assert_true(e->count >= 512 && e->count <= (1LL << 31));
		assert_true((e->count & (e->count - 1)) == 0);
		assert_int_equal(e->n, 0);
		if (e->kd)
			assert_int_equal(e->block * e->ilp, 512);
		else
			assert_string_equal(e->variant, "memcpy");
	}

	/* reference: every distinct n of versions and transfer: {176, 352,
	 * 528} u {128 .. 640} u {512 .. 8192}, 512 counted once. */
	assert_int_equal(suite_count(&p, SUITE_REFERENCE), 3 + 5 + 5 - 1);
	n = 0;
	for (i = 0; i < p.n; i++)
		if (p.e[i].suite == SUITE_REFERENCE) {
			assert_string_equal(p.e[i].variant, "cublas");
			for (size_t j = i + 1; j < p.n; j++)	/* distinct */
				assert_false(p.e[j].suite == SUITE_REFERENCE &&
					     p.e[j].n == p.e[i].n);
			if (p.e[i].n > n)
				n = p.e[i].n;
		}
	assert_int_equal(n, 8192);

	/* No configuration twice (the store's key would refuse it). */
	for (i = 0; i < p.n; i++)
		for (size_t j = i + 1; j < p.n; j++)
			assert_false(p.e[i].suite == p.e[j].suite &&
				     !strcmp(p.e[i].variant, p.e[j].variant) &&
				     p.e[i].n == p.e[j].n &&
				     p.e[i].m == p.e[j].m &&
				     p.e[i].count == p.e[j].count &&
				     p.e[i].block == p.e[j].block &&
				     p.e[i].ilp == p.e[j].ilp &&
				     p.e[i].host == p.e[j].host &&
				     p.e[i].param == p.e[j].param &&
				     p.e[i].fp64 == p.e[j].fp64);

	/* the memory suites: 4 transposes x 4 sizes x blocks 16, 32;
	 * bank at strides 1..32; coalesce at offsets 0..32, strides 1..32,
	 * aos and soa; bank's and coalesce's rows sampled as one group
	 * each */
	assert_int_equal(suite_count(&p, SUITE_TRANSPOSE), 4 * 4 * 2);
	assert_int_equal(suite_count(&p, SUITE_BANK), 32);
	assert_int_equal(suite_count(&p, SUITE_COALESCE), 33 + 32 + 2);
	/* dot and cuBLAS at 3 sizes in float and double; 3 walkers at 2
	 * counts x 3 step counts, each (count, steps) a group */
	assert_int_equal(suite_count(&p, SUITE_DOT), 2 * 3 * 2);
	assert_int_equal(suite_count(&p, SUITE_WALKERS), 3 * 2 * 3);
	/* precision: v2..v5 (block 16), simple and shared (32) and cuBLAS
	 * at 256, 1024, 4096 in float and double, each n a group of 14
	 * (both precisions interleaved, issue 27); rect at 4 shapes x
	 * blocks 8, 16, 32 and cuBLAS, in float and double, each shape a
	 * group of 8 */
	assert_int_equal(suite_count(&p, SUITE_PRECISION), 7 * 3 * 2);
	assert_int_equal(suite_count(&p, SUITE_RECT), (3 + 1) * 4 * 2);
	/* progression: at n = 1024 .. 8192, v2..v5 at blocks 16 and 32, v6
	 * at tile 64, v7 at 64 and 128, v8..v14 at 128 and cuBLAS, each n
	 * a group; v1 (one SM) at 1024 alone; float only, counted */
	assert_int_equal(suite_count(&p, SUITE_PROGRESSION),
			 1 + 4 * (4 * 2 + 1 + 2 + 7 + 1));
	for (i = 0; i < p.n; i++) {
		const struct plan_entry *e = &p.e[i];
		size_t peers = 0;

		if (e->suite != SUITE_PROGRESSION)
			continue;
		for (size_t j = 0; j < p.n; j++)
			peers += p.e[j].group == e->group;
		assert_int_equal(peers, e->n == 1024 ? 20 : 19);
		assert_int_equal(e->fp64, 0);
		assert_true(plan_suite_counted(e->suite));
		if (!strcmp(e->variant, "v1"))
			assert_int_equal(e->n, 1024);
	}
	for (i = 0; i < p.n; i++) {
		const struct plan_entry *e = &p.e[i];
		size_t peers = 0;

		if (e->suite != SUITE_PRECISION && e->suite != SUITE_RECT)
			continue;
		for (size_t j = 0; j < p.n; j++) {
			peers += p.e[j].group == e->group;
			/* a shape's float and double twins: one group */
			if (p.e[j].suite == e->suite && p.e[j].m == e->m &&
			    p.e[j].k == e->k && p.e[j].n == e->n)
				assert_int_equal(p.e[j].group, e->group);
		}
		assert_int_equal(peers, e->suite == SUITE_PRECISION ? 14 : 8);
		if (e->suite == SUITE_PRECISION) {
			assert_int_equal(e->m, e->n);
			assert_int_equal(e->block,
					 !strcmp(e->variant, "cublas") ? 0 :
					 !strcmp(e->variant, "simple") ||
					 !strcmp(e->variant, "shared") ? 32 :
					 16);
		} else {
			assert_true(e->m != e->n || e->k != e->n);
			assert_true(!strcmp(e->variant, "rect") ||
				    !strcmp(e->variant, "cublas"));
		}
		assert_false(plan_suite_counted(e->suite));
	}
	for (i = 0; i < p.n; i++) {
		const struct plan_entry *e = &p.e[i];

		if (e->suite == SUITE_TRANSPOSE) {
			assert_int_equal(e->m, e->n);
			assert_int_equal(e->count, (long long)e->n * e->n);
			assert_int_equal(e->param, 0);
		} else if (e->suite == SUITE_DOT) {
			assert_int_equal(e->block,
					 strcmp(e->variant, "dot") ? 0 : 256);
			for (size_t j = 0; j < p.n; j++)
				if (p.e[j].suite == SUITE_DOT)
					assert_int_equal(p.e[j].group ==
							 e->group,
							 p.e[j].count ==
							 e->count &&
							 p.e[j].fp64 ==
							 e->fp64);
		} else if (e->suite == SUITE_WALKERS) {
			assert_true(e->param == 100 || e->param == 1000 ||
				    e->param == 10000);
			for (size_t j = 0; j < p.n; j++)
				if (p.e[j].suite == SUITE_WALKERS)
					assert_int_equal(p.e[j].group ==
							 e->group,
							 p.e[j].count ==
							 e->count &&
							 p.e[j].param ==
							 e->param);
		} else if (e->suite == SUITE_BANK ||
			   e->suite == SUITE_COALESCE) {
			assert_int_equal(e->block, 256);
			for (size_t j = 0; j < p.n; j++)
				if (p.e[j].suite == e->suite)
					assert_int_equal(p.e[j].group,
							 e->group);
			if (!strcmp(e->variant, "offset"))
				assert_true(e->param >= 0 && e->param <= 32);
			else if (!strcmp(e->variant, "stride") ||
				 e->suite == SUITE_BANK)
				assert_true(e->param >= 1 && e->param <= 32);
			else
				assert_int_equal(e->param, 0);
		} else {
			assert_int_equal(e->param, 0);
		}
	}
	plan_release(&p);
}

/* --sizes and --blocks reach the memory suites: a transpose at n, the
 * access kernels at count n; a block a kernel does not take is left
 * out. */
static void test_memory_overrides(void **state)
{
	struct measure_options o;
	struct plan p;

	measure_options_init(&o);
	o.suites = "transpose,bank,coalesce";
	o.sizes = "300";
	o.blocks = "16,128";
	plan_of(&o, 0, &p);
	/* transposes take 16 (not 128); access kernels 128 (not 16) */
	assert_int_equal(suite_count(&p, SUITE_TRANSPOSE), 4);
	assert_int_equal(suite_count(&p, SUITE_BANK), 32);
	assert_int_equal(suite_count(&p, SUITE_COALESCE), 67);
	for (size_t i = 0; i < p.n; i++) {
		if (p.e[i].suite == SUITE_TRANSPOSE) {
			assert_int_equal(p.e[i].n, 300);
			assert_int_equal(p.e[i].block, 16);
		} else {
			assert_int_equal(p.e[i].count, 300);
			assert_int_equal(p.e[i].block, 128);
		}
	}
	plan_release(&p);
	measure_options_init(&o);
	o.suites = "coalesce";
	o.variants = "aos,soa";
	plan_of(&o, 0, &p);
	assert_int_equal(p.n, 2);
	plan_release(&p);
}

static void test_ilp_max_count(void **state)
{
	/* 16 GiB: a quarter is 4 GiB = 2 x 4 B x 2^29 exactly. */
	assert_int_equal(plan_ilp_max_count(16ULL << 30), 1LL << 29);
	assert_int_equal(plan_ilp_max_count((16ULL << 30) - 1), 1LL << 28);
	/* Too little memory still plans note J's first size. */
	assert_int_equal(plan_ilp_max_count(0), 512);
}

static void test_overrides(void **state)
{
	struct measure_options o;
	struct plan p;
	size_t i;

	measure_options_init(&o);
	o.suites = "versions";
	o.variants = "v2";
	o.sizes = "64,100";
	o.blocks = "16";
	plan_of(&o, 0, &p);
	assert_int_equal(p.n, 2);
	assert_int_equal(p.e[0].n, 64);
	assert_int_equal(p.e[1].n, 100);
	for (i = 0; i < p.n; i++) {
		assert_string_equal(p.e[i].variant, "v2");
		assert_int_equal(p.e[i].block, 16);
		assert_int_equal(p.e[i].m, p.e[i].n);
	}
	plan_release(&p);

	/* Every versions kernel at two sizes; v3 sits in both of issue 3's
	 * groups and is planned once per block; reference at both sizes. */
	measure_options_init(&o);
	o.suites = "versions,reference";
	o.sizes = "64,100";
	plan_of(&o, 0, &p);
	assert_int_equal(suite_count(&p, SUITE_REFERENCE), 2);
	{
		static const int b1[] = { 8, 16, 22 }, b2[] = { 8, 16, 32 };
		static const int b12[] = { 8, 16, 22, 32 };
		size_t want = 2 * (accepted("v1", b1, 3) +
				   accepted("v2", b1, 3) +
				   accepted("v3", b12, 4) +
				   accepted("v4", b2, 3) +
				   accepted("v5", b2, 3));

		assert_int_equal(suite_count(&p, SUITE_VERSIONS), want);
	}
	plan_release(&p);

	measure_options_init(&o);
	o.suites = "transfer";
	o.host_mem = "pinned";
	o.sizes = "256";
	plan_of(&o, 0, &p);
	assert_int_equal(p.n, kernel_find("simple")->sweeps[0].nblocks +
			 kernel_find("shared")->sweeps[0].nblocks);
	for (i = 0; i < p.n; i++) {
		assert_int_equal(p.e[i].host, PLAN_HOST_PINNED);
		assert_int_equal(p.e[i].n, 256);
	}
	plan_release(&p);

	measure_options_init(&o);
	o.suites = "ilp";
	o.ilp = "4";
	o.sizes = "1000";
	plan_of(&o, 0, &p);
	assert_int_equal(p.n, 2);
	assert_string_equal(p.e[0].variant, "copy_ilp");
	assert_int_equal(p.e[0].count, 1000);
	assert_int_equal(p.e[0].ilp, 4);
	assert_int_equal(p.e[0].block, 128);
	assert_string_equal(p.e[1].variant, "memcpy");
	assert_int_equal(p.e[1].count, 1000);
	plan_release(&p);

	/* --blocks sets the copy kernel's threads for every ILP. */
	measure_options_init(&o);
	o.suites = "ilp";
	o.variants = "copy_ilp";
	o.sizes = "4096";
	o.blocks = "64,256";
	plan_of(&o, 0, &p);
	assert_int_equal(p.n, 5 * 2);
	plan_release(&p);

	/* Rectangular sizes reach the rect suite and cublas only. */
	measure_options_init(&o);
	o.suites = "versions,reference";
	o.variants = "v2,cublas";
	o.sizes = "100x200x300,64";
	o.blocks = "16";
	plan_of(&o, 0, &p);
	for (i = 0; i < p.n; i++)
		if (p.e[i].m != p.e[i].n)
			assert_string_equal(p.e[i].variant, "cublas");
	assert_int_equal(p.n, 1 /* v2 */ + 2 /* cublas */);
	plan_release(&p);
	measure_options_init(&o);
	o.suites = "rect";
	o.sizes = "100x200x300,64";
	o.blocks = "16";
	plan_of(&o, 0, &p);
	/* rect and cublas at both products, in float and double */
	assert_int_equal(p.n, 2 * 2 * 2);
	for (i = 0; i < p.n; i++)
		assert_int_equal(p.e[i].suite, SUITE_RECT);
	plan_release(&p);

	/* Duplicates in a list are planned once. */
	measure_options_init(&o);
	o.suites = "reference";
	o.sizes = "64,64";
	plan_of(&o, 0, &p);
	assert_int_equal(p.n, 1);
	plan_release(&p);

	/* reference alone: the other suites' default sizes. */
	measure_options_init(&o);
	o.suites = "reference";
	plan_of(&o, 0, &p);
	assert_int_equal(p.n, 3 + 5 + 5 - 1);
	plan_release(&p);
}

/* Runs plan_spec_parse with stderr captured into err[len]. */
static int parse_captured(const struct measure_options *o, char *err,
			  size_t len)
{
	char path[600];
	struct plan_spec spec;
	int fd, saved, rc;
	ssize_t got;

	snprintf(path, sizeof(path), "%s/stderr", dir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	dup2(fd, STDERR_FILENO);
	rc = plan_spec_parse(o, &spec);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	lseek(fd, 0, SEEK_SET);
	got = read(fd, err, len - 1);
	err[got > 0 ? got : 0] = '\0';
	close(fd);
	if (rc == 0)
		plan_spec_release(&spec);
	return rc;
}

/* Issue 15, item 9: a --blocks value a kernel does not take is left out
 * of its configurations with a line saying so and why; nothing is said
 * when every kernel takes every value. */
static void test_blocks_dropped(void **state)
{
	struct measure_options o;
	char err[4096];

	(void)state;
	measure_options_init(&o);
	o.suites = "versions";
	o.blocks = "16,33";
	assert_int_equal(parse_captured(&o, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "mmreport: measure: --blocks 33 (33 x 33 "
			       "= 1089 threads, more than 1024) left out for "
			       "v2, which takes 8, 16, 22, 32\n"));
	/* v1..v5: one line each */
	assert_int_equal(strlen(err) > 0, 1);
	{
		int lines = 0;

		for (const char *c = err; *c; c++)
			lines += *c == '\n';
		assert_int_equal(lines, 5);
	}
	o.blocks = "16";
	assert_int_equal(parse_captured(&o, err, sizeof(err)), 0);
	assert_string_equal(err, "");
	measure_options_init(&o);
	o.suites = "progression";
	o.variants = "v8";
	o.blocks = "64,128";
	assert_int_equal(parse_captured(&o, err, sizeof(err)), 0);
	assert_string_equal(err, "mmreport: measure: --blocks 64 left out "
			    "for v8, which takes 128\n");
}

static void test_invalid_lists(void **state)
{
	static const struct {
		const char *field, *value, *suites;
	} bad[] = {
		{ "sizes", "abc", NULL }, { "sizes", "0", NULL },
		{ "sizes", "-5", NULL }, { "sizes", "64,,100", NULL },
		{ "sizes", "", NULL }, { "sizes", "64,", NULL },
		{ "sizes", "+64", NULL }, { "sizes", " 64", NULL },
		{ "sizes", "100x200", NULL }, { "sizes", "1x2x3x4", NULL },
		{ "sizes", "99999999999999999999", NULL },
		{ "sizes", "40000", "versions" },
		{ "sizes", "10x20x30", "versions" },
		{ "suites", "foo", NULL }, { "suites", "versions,", NULL },
		{ "variants", "v99", NULL }, { "variants", "v2", "ilp" },
		{ "blocks", "0", NULL }, { "blocks", "2000", NULL },
		{ "blocks", "8.5", NULL },
		{ "ilp", "3", NULL }, { "ilp", "0", NULL },
		{ "host_mem", "foo", NULL }, { "device", "x", NULL },
		{ "device", "-1", NULL }, { "device", "0,", NULL },
		{ "timer", "nvtx", NULL }, { "timer", "", NULL },
		{ "timer", "cupti,events", NULL },
		/* Well-formed lists that select nothing at all. */
		{ "blocks", "12", "versions" },
	};
	struct measure_options o;
	char err[1024], opt[32];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		measure_options_init(&o);
		o.suites = bad[i].suites;
		if (!strcmp(bad[i].field, "sizes"))
			o.sizes = bad[i].value;
		else if (!strcmp(bad[i].field, "suites"))
			o.suites = bad[i].value;
		else if (!strcmp(bad[i].field, "variants"))
			o.variants = bad[i].value;
		else if (!strcmp(bad[i].field, "blocks"))
			o.blocks = bad[i].value;
		else if (!strcmp(bad[i].field, "ilp"))
			o.ilp = bad[i].value;
		else if (!strcmp(bad[i].field, "host_mem"))
			o.host_mem = bad[i].value;
		else if (!strcmp(bad[i].field, "timer"))
			o.timer = bad[i].value;
		else
			o.device = bad[i].value;
		assert_int_equal(parse_captured(&o, err, sizeof(err)), -1);
		/* One line, naming the program and the command, with the
		 * hint every usage error carries. */
		assert_non_null(strstr(err, "mmreport: measure: "));
		assert_non_null(strstr(err, "(try 'mmreport measure --help')"));
		assert_non_null(strchr(err, '\n'));
		assert_int_equal(strchr(err, '\n')[1], '\0');
		/* measure_run: a usage error, and no database created. */
		o.db_path = db;
		assert_int_equal(measure_run(&o, stdout), MEASURE_ERR_USAGE);
		assert_false(file_exists(db));
	}

	/* The message quotes the option and its value. */
	measure_options_init(&o);
	o.sizes = "64,abc";
	assert_int_equal(parse_captured(&o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "mmreport: measure: invalid --sizes "
			       "'64,abc': "));
	assert_non_null(strstr(err, "'abc'"));
	snprintf(opt, sizeof(opt), "--host-mem");
	measure_options_init(&o);
	o.host_mem = "pinned,bogus";
	assert_int_equal(parse_captured(&o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, opt));

	/* Good lists pass. */
	measure_options_init(&o);
	o.suites = "all";
	o.sizes = "64,100,3x5x7";
	o.blocks = "8,16";
	o.ilp = "1,16";
	o.host_mem = "pageable,pinned-output";
	o.device = "all";
	assert_int_equal(parse_captured(&o, err, sizeof(err)), 0);
	/* only the blocks some kernels do not take are said (the
	 * buffer may cut the last line short) */
	for (const char *l = err; l && *l; l = strchr(l, '\n'), l = l ? l + 1 :
	     NULL)
		assert_int_equal(strncmp(l, "mmreport: measure: --blocks ",
					 strlen(l) < 28 ? strlen(l) : 28), 0);
}

/* Counts "what" lines of text: configuration lines are those that start
 * with neither '#' nor "estimate:". */
static size_t config_lines(const char *text, size_t *estimates)
{
	size_t n = 0;
	const char *line = text;

	*estimates = 0;
	while (*line) {
		const char *nl = strchr(line, '\n');

		if (!strncmp(line, "estimate:", 9))
			(*estimates)++;
		else if (*line != '#')
			n++;
		if (!nl)
			break;
		line = nl + 1;
	}
	return n;
}

/* measure_run's dry run of o as text (free()); asserts it succeeds
 * without creating the database. */
static char *dry_run_text(struct measure_options *o)
{
	char path[600], *text;
	FILE *out;
	long len;

	o->db_path = db;
	o->dry_run = 1;
	snprintf(path, sizeof(path), "%s/plan.txt", dir);
	out = fopen(path, "w+");
	assert_non_null(out);
	/* No device on CI, and none needed: dry run touches no GPU. */
	assert_int_equal(measure_run(o, out), MEASURE_OK);
	assert_false(file_exists(db));
	len = ftell(out);
	assert_true(len > 0);
	text = calloc(1, (size_t)len + 1);
	assert_non_null(text);
	rewind(out);
	assert_int_equal(fread(text, 1, (size_t)len, out), (size_t)len);
	fclose(out);
	unlink(path);
	return text;
}

/* Issue 15, item 10: the ilp suite keeps each count as given, also one
 * that is not a power of two or is above 2^31 (the parser takes up to
 * PLAN_MAX_COUNT); n, which held floor(log2 N) and so named 1000001 as
 * 2^19, is 0. Counts that share floor(log2 N) are configurations and
 * groups of their own, and the dry run shows each as it is. */
static void test_ilp_counts_as_given(void **state)
{
	static const long long want[] = {1000001, 1048575, 1048576,
					 3000000001LL, 1LL << 36};
	const size_t nw = sizeof(want) / sizeof(want[0]);
	struct measure_options o;
	struct plan p;
	char *text, line[64];
	size_t i, j, at[5] = {0};
	int groups[5];

	(void)state;
	measure_options_init(&o);
	o.suites = "ilp";
	o.sizes = "1000001,1048575,1048576,3000000001,68719476736";
	plan_of(&o, 0, &p);
	/* five ILP values and the memcpy row at each count */
	assert_int_equal(p.n, nw * 6);
	for (i = 0; i < p.n; i++) {
		const struct plan_entry *e = &p.e[i];

		for (j = 0; j < nw && want[j] != e->count; j++)
			;
		if (j == nw)
			fail_msg("count %lld was not asked for", e->count);
		assert_int_equal(e->n, 0);
		assert_int_equal(e->m, 0);
		assert_int_equal(e->k, 0);
		/* one group per count: 1000001 and 1048575 apart */
		if (at[j]++)
			assert_int_equal(e->group, groups[j]);
		else
			groups[j] = e->group;
	}
	for (j = 0; j < nw; j++) {
		assert_int_equal(at[j], 6);
		for (i = j + 1; i < nw; i++)
			assert_int_not_equal(groups[i], groups[j]);
	}
	plan_release(&p);

	text = dry_run_text(&o);
	for (j = 0; j < nw; j++) {
		snprintf(line, sizeof(line), "N=%lld ", want[j]);
		assert_non_null(strstr(text, line));
	}
	assert_null(strstr(text, "2^"));
	free(text);
}

/* The "estimate: 0h 12m 34s" line in seconds. */
static long estimate_seconds(const char *text)
{
	const char *e = strstr(text, "\nestimate: ");
	long h, m, sec;

	assert_non_null(e);
	assert_int_equal(sscanf(e, "\nestimate: %ldh %ldm %lds", &h, &m,
				&sec), 3);
	return h * 3600 + m * 60 + sec;
}

static void test_dry_run(void **state)
{
	struct measure_options o;
	struct plan p;
	char *text;
	size_t est, n;

	measure_options_init(&o);
	text = dry_run_text(&o);
	plan_of(&o, PLAN_DRYRUN_FREE_MEM, &p);
	n = config_lines(text, &est);
	assert_int_equal(n, p.n);
	assert_int_equal(est, 1);
	/* Lines carry suite, variant, sizes, block, ILP, host memory. */
	assert_non_null(strstr(text, "versions   v1"));
	assert_non_null(strstr(text, "m=176 k=176 n=176"));
	assert_non_null(strstr(text, "block=8x8"));
	assert_non_null(strstr(text, "host=pinned-output"));
	assert_non_null(strstr(text, "N=512 "));
	assert_null(strstr(text, "(2^"));
	assert_non_null(strstr(text, "ilp=16"));
	assert_non_null(strstr(text, "memcpy"));
	assert_non_null(strstr(text, "cublas"));
	/* No counters unless asked for. */
	assert_null(strstr(text, "counters"));
	plan_release(&p);
	free(text);
}

/* The dry run's stderr for o (free()); its plan text is dropped. */
static char *dry_run_err(struct measure_options *o)
{
	char path[600], *text;
	int saved, fd;
	long len;
	FILE *f;

	snprintf(path, sizeof(path), "%s/err.txt", dir);
	fflush(stderr);
	saved = dup(2);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(saved >= 0 && fd >= 0);
	dup2(fd, 2);
	close(fd);
	free(dry_run_text(o));
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	f = fopen(path, "r");
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

static size_t lines_with(const char *text, const char *what)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, what)); p++)
		n++;
	return n;
}

/* Issue 29, item 11: a dry run warns, one line per configuration, of
 * each that no GPU of the planned memory holds (2^36 doubles a vector
 * for dot) or that is estimated at more than an hour (v1 at 32768); the
 * default sweep draws no warning. */
static void test_dry_run_warnings(void **state)
{
	struct measure_options o;
	char *err;

	(void)state;
	measure_options_init(&o);
	err = dry_run_err(&o);
	assert_null(strstr(err, "warning"));
	free(err);

	measure_options_init(&o);
	o.suites = "dot";
	o.sizes = "68719476736,1048576";
	o.precision = "double";
	err = dry_run_err(&o);
	/* dot and cublas_dot at 2^36, neither at 2^20 */
	assert_int_equal(lines_with(err, "warning"), 2);
	assert_int_equal(lines_with(err, "N=68719476736"), 2);
	assert_int_equal(lines_with(err, "1024.0 GiB of device memory"), 2);
	assert_null(strstr(err, "N=1048576"));
	free(err);

	measure_options_init(&o);
	o.suites = "versions";
	o.sizes = "32768,256";
	o.variants = "v1";
	err = dry_run_err(&o);
	assert_int_equal(lines_with(err, "warning"), 3);	/* 3 blocks */
	assert_int_equal(lines_with(err, "more than an hour"), 3);
	assert_null(strstr(err, "device memory"));
	assert_null(strstr(err, "n=256 "));
	free(err);
}

/* --counters is accepted: the dry run names the counter pass, plans the
 * same configurations, and its estimate grows by the pass of each matrix
 * configuration, not of the copy rows. */
static void test_dry_run_counters(void **state)
{
	struct measure_options o;
	struct plan_settings s;
	struct plan p;
	char *plain, *with;
	size_t est, n, i;
	double extra = 0;
	long grown;

	measure_options_init(&o);
	o.suites = "versions,ilp";
	o.sizes = "256";
	plain = dry_run_text(&o);
	o.counters = 1;
	with = dry_run_text(&o);
	n = config_lines(with, &est);
	assert_int_equal(n, config_lines(plain, &est));
	assert_int_equal(est, 1);
	assert_non_null(strstr(with, "# counters pass: "));
	assert_non_null(strstr(with, "CUPTI"));
	assert_null(strstr(plain, "counters"));

	plan_settings_resolve(&o, &s);
	assert_int_equal(s.counters, 1);
	plan_of(&o, PLAN_DRYRUN_FREE_MEM, &p);
	assert_true(p.n > 0);
	for (i = 0; i < p.n; i++) {
		double a, b;

		s.counters = 0;
		a = plan_entry_estimate(&p.e[i], &s);
		s.counters = 1;
		b = plan_entry_estimate(&p.e[i], &s);
		if (p.e[i].suite == SUITE_ILP) {
			assert_true(a == b);
			continue;
		}
		assert_true(fabs((b - a) - (PLAN_COUNTER_OVERHEAD +
			PLAN_COUNTER_RUNS * plan_entry_run_seconds(&p.e[i])))
			< 1e-9 * (1 + b));
		extra += b - a;
	}
	/* The printed estimates round each total up to a second. */
	grown = estimate_seconds(with) - estimate_seconds(plain);
	assert_true(fabs((double)grown - extra) <= 1.0);
	assert_true(extra > 0);
	plan_release(&p);
	free(plain);
	free(with);
}

/* A raw count is stored as "cnt_" and its stable key, with a unit, and
 * no raw name collides with the derived figures'; the names render reads
 * (vocab.h) are those stored. */
static void test_counter_names(void **state)
{
	static const char *const derived[] = { "gips", "cgma", "cnt_gflops",
		"cnt_dram_gbs", "cnt_fp32_ops" };
	static const struct {
		enum counters_metric m;
		const char *name;
	} read[] = {
		{ COUNTERS_DRAM_READ_BYTES, VOCAB_METRIC_CNT_DRAM_READ_BYTES },
		{ COUNTERS_DRAM_WRITE_BYTES,
		  VOCAB_METRIC_CNT_DRAM_WRITE_BYTES },
		{ COUNTERS_GLOBAL_LD_REQUESTS,
		  VOCAB_METRIC_CNT_GLOBAL_LD_REQUESTS },
		{ COUNTERS_GLOBAL_LD_SECTORS,
		  VOCAB_METRIC_CNT_GLOBAL_LD_SECTORS },
		{ COUNTERS_GLOBAL_ST_REQUESTS,
		  VOCAB_METRIC_CNT_GLOBAL_ST_REQUESTS },
		{ COUNTERS_GLOBAL_ST_SECTORS,
		  VOCAB_METRIC_CNT_GLOBAL_ST_SECTORS },
		{ COUNTERS_SHARED_LD_INST, VOCAB_METRIC_CNT_SHARED_LD_INST },
		{ COUNTERS_SHARED_LD_WAVEFRONTS,
		  VOCAB_METRIC_CNT_SHARED_LD_WAVEFRONTS },
		{ COUNTERS_ISSUE_ACTIVE, VOCAB_METRIC_CNT_ISSUE_ACTIVE },
		{ COUNTERS_CYCLES_ACTIVE, VOCAB_METRIC_CNT_CYCLES_ACTIVE },
	};
	char want[64];

	for (size_t i = 0; i < sizeof(read) / sizeof(*read); i++)
		assert_string_equal(run_counter_name(read[i].m), read[i].name);

	for (int m = 0; m < COUNTERS_METRIC_COUNT; m++) {
		const char *name = run_counter_name(m);

		assert_non_null(name);
		snprintf(want, sizeof(want), "cnt_%s", counters_metric_key(m));
		assert_string_equal(name, want);
		assert_non_null(run_counter_unit(m));
		assert_true(run_counter_unit(m)[0] != '\0');
		for (size_t d = 0; d < sizeof(derived) / sizeof(*derived); d++)
			assert_string_not_equal(name, derived[d]);
	}
	assert_null(run_counter_name(COUNTERS_METRIC_COUNT));
	assert_null(run_counter_unit((enum counters_metric)-1));
}

static void test_estimate_model(void **state)
{
	struct plan_entry e = { 0 };
	struct plan_settings s = { .repeat = 1000, .warmup = 3,
				   .min_samples = 3, .max_time_s = 1.0,
				   .seed = 1, .keep_samples = 1,
				   .timer = TIMER_AUTO };
	double t, a, b;

	e.suite = SUITE_VERSIONS;
	e.variant = "v2";
	e.kd = kernel_find("v2");
	e.m = e.k = e.n = 128;
	e.block = 16;
	e.ilp = 1;
	t = plan_entry_run_seconds(&e);
	assert_true(t > 0);

	/* max_time far below one run: samples = min_samples, so raising it
	 * by 7 adds exactly 7 runs. */
	s.max_time_s = t / 100;
	a = plan_entry_estimate(&e, &s);
	s.min_samples = 10;
	b = plan_entry_estimate(&e, &s);
	assert_true(fabs((b - a) - 7 * t) < 1e-9 * (1 + b));
	/* ... and warm-up stops after one run longer than max_time. */
	s.warmup = 1;
	a = plan_entry_estimate(&e, &s);
	s.warmup = 5;
	assert_true(fabs(plan_entry_estimate(&e, &s) - a) < 1e-12 * (1 + a));

	/* max_time of 49.5 runs: 50 samples; repeat caps at 20. */
	s.warmup = 0;
	s.min_samples = 3;
	s.max_time_s = 49.5 * t;
	a = plan_entry_estimate(&e, &s);
	s.repeat = 20;
	b = plan_entry_estimate(&e, &s);
	assert_true(fabs((a - b) - 30 * t) < 1e-6 * a);

	/* Longer runs for larger products. */
	e.m = e.k = e.n = 1024;
	assert_true(plan_entry_run_seconds(&e) > t);

	/* The counter pass is added to versions and reference only. */
	s.counters = 0;
	a = plan_entry_estimate(&e, &s);
	s.counters = 1;
	assert_true(plan_entry_estimate(&e, &s) > a);
	e.suite = SUITE_TRANSFER;
	e.variant = "simple";
	e.kd = kernel_find("simple");
	e.block = 32;
	e.host = PLAN_HOST_PINNED;
	s.counters = 0;
	a = plan_entry_estimate(&e, &s);
	s.counters = 1;
	assert_true(plan_entry_estimate(&e, &s) == a);
}

/* ---- groups: the configurations compared with one another ------------ */

/* The matrix kernels and the library share a class; every other suite
 * is one of its own. */
static int group_key_class(const struct plan_entry *e)
{
	return e->suite == SUITE_REFERENCE ? SUITE_VERSIONS : (int)e->suite;
}

static void test_groups(void **state)
{
	struct measure_options o;
	struct plan p;
	int *seen;
	size_t i, j, ngroups = 0, v512 = 0, t1024 = 0, i4096 = 0;

	measure_options_init(&o);
	plan_of(&o, 80ULL << 30, &p);
	seen = calloc(p.n, sizeof(*seen));
	assert_non_null(seen);
	for (i = 0; i < p.n; i++) {
		const struct plan_entry *e = &p.e[i];

		/* Numbered from 0 in order, each group in one run. */
		if (i == 0 || e->group != p.e[i - 1].group) {
			assert_int_equal(e->group, (int)ngroups);
			assert_false(seen[e->group]);
			seen[e->group] = 1;
			ngroups++;
		}
		/* Same group exactly when compared with one another. */
		for (j = 0; j < p.n; j++) {
			const struct plan_entry *f = &p.e[j];
			/* bank's strides and coalesce's offsets together,
			 * and precision's and rect's float and double;
			 * walkers' step counts and dot's precisions
			 * apart */
			int mixed = e->suite == SUITE_PRECISION ||
				    e->suite == SUITE_RECT;
			int same = group_key_class(e) == group_key_class(f) &&
				   e->m == f->m && e->k == f->k &&
				   e->n == f->n && e->count == f->count &&
				   (e->fp64 == f->fp64 || mixed) &&
				   (e->suite != SUITE_WALKERS ||
				    e->param == f->param);

			assert_int_equal(e->group == f->group, same);
		}
		if (group_key_class(e) == SUITE_VERSIONS && e->n == 512)
			v512++;
		if (e->suite == SUITE_TRANSFER && e->n == 1024)
			t1024++;
		if (e->suite == SUITE_ILP && e->count == 4096)
			i4096++;
	}
	/* v3, v4, v5 at 512 in blocks 8, 16, 32 and cuBLAS; the six
	 * transfer variants; five ILP values and memcpy. */
	assert_int_equal(v512, 3 * 3 + 1);
	assert_int_equal(t1024, 6);
	assert_int_equal(i4096, 6);
	free(seen);
	plan_release(&p);
}

/* --precision picks float or double in the suites that measure both
 * (precision, rect, dot), leaves the others' float alone, and is
 * refused where none is selected; the
 * matrix kernels are measured in precision when --variants names them,
 * and a kernel outside every selected suite is refused by name. */
static void test_precision_options(void **state)
{
	struct measure_options o;
	struct plan_spec spec;
	struct plan p;
	char line[160];
	size_t i, dbl = 0;

	(void)state;
	measure_options_init(&o);
	o.suites = "precision,rect,dot";
	o.precision = "double";
	plan_of(&o, 0, &p);
	assert_int_equal(p.n, 7 * 3 + 4 * 4 + 2 * 3);
	for (i = 0; i < p.n; i++)
		assert_int_equal(p.e[i].fp64, 1);
	plan_release(&p);

	/* the suites that measure float only (the transposes, the
	 * access suites, the progression) stay whatever --precision says,
	 * as --help promises: the default plan's counts (bank, coalesce,
	 * walkers and progression had none under double) */
	measure_options_init(&o);
	o.suites = "transpose,dot";
	o.precision = "double";
	o.sizes = "1024";
	plan_of(&o, 0, &p);
	assert_int_equal(suite_count(&p, SUITE_TRANSPOSE), 4 * 2);
	assert_int_equal(suite_count(&p, SUITE_DOT), 2);
	plan_release(&p);
	{
		static const enum suite_id one[] = {SUITE_BANK,
			SUITE_COALESCE, SUITE_WALKERS, SUITE_PROGRESSION};
		struct plan q;

		measure_options_init(&o);
		o.suites = "bank,coalesce,walkers,progression,dot";
		plan_of(&o, 0, &q);
		o.precision = "double";
		plan_of(&o, 0, &p);
		for (i = 0; i < sizeof(one) / sizeof(one[0]); i++) {
			assert_true(suite_count(&p, one[i]) > 0);
			assert_int_equal(suite_count(&p, one[i]),
					 suite_count(&q, one[i]));
		}
		plan_release(&p);
		plan_release(&q);
	}

	measure_options_init(&o);
	o.suites = "precision";
	o.precision = "fp32,float";
	o.variants = "v5,cublas";
	o.sizes = "512";
	plan_of(&o, 0, &p);
	assert_int_equal(p.n, 2);
	assert_string_equal(p.e[0].variant, "v5");
	assert_int_equal(p.e[0].block, 16);
	assert_string_equal(p.e[1].variant, "cublas");
	assert_int_equal(p.e[0].group, p.e[1].group);
	plan_entry_format(&p.e[0], line, sizeof(line));
	assert_non_null(strstr(line, "precision"));
	assert_non_null(strstr(line, "fp32"));
	plan_release(&p);

	/* both precisions by default, float and double in one group:
	 * sampled interleaved (issue 27, item 2) */
	measure_options_init(&o);
	o.suites = "precision";
	o.variants = "shared";
	o.sizes = "256";
	plan_of(&o, 0, &p);
	assert_int_equal(p.n, 2);
	for (i = 0; i < p.n; i++)
		dbl += p.e[i].fp64;
	assert_int_equal(dbl, 1);
	assert_int_equal(p.e[0].group, p.e[1].group);
	plan_release(&p);

	/* refused: no suite measures double; an unknown precision; a
	 * kernel outside the selected suites; a rectangular size for the
	 * precision suite alone */
	measure_options_init(&o);
	o.suites = "versions";
	o.precision = "double";
	assert_int_equal(plan_spec_parse(&o, &spec), -1);
	measure_options_init(&o);
	o.precision = "half";
	assert_int_equal(plan_spec_parse(&o, &spec), -1);
	measure_options_init(&o);
	o.precision = "float,";
	assert_int_equal(plan_spec_parse(&o, &spec), -1);
	measure_options_init(&o);
	o.suites = "versions";
	o.variants = "rect";
	assert_int_equal(plan_spec_parse(&o, &spec), -1);
	measure_options_init(&o);
	o.suites = "transfer";
	o.variants = "v5";
	assert_int_equal(plan_spec_parse(&o, &spec), -1);
	measure_options_init(&o);
	o.suites = "precision";
	o.sizes = "100x200x300";
	assert_int_equal(plan_spec_parse(&o, &spec), -1);
}

/* The defaults the issue asks for: ten samples a side at least, the
 * activity timer where it can be had, hot. */
static void test_defaults(void **state)
{
	struct measure_options o;
	struct plan_settings s;

	measure_options_init(&o);
	plan_settings_resolve(&o, &s);
	assert_int_equal(s.min_samples, 10);
	assert_int_equal(s.timer, TIMER_AUTO);
	assert_int_equal(s.cold, 0);
	o.timer = "events";
	o.cold = 1;
	plan_settings_resolve(&o, &s);
	assert_int_equal(s.timer, TIMER_EVENTS);
	assert_int_equal(s.cold, 1);
	o.timer = "cupti";
	plan_settings_resolve(&o, &s);
	assert_int_equal(s.timer, TIMER_CUPTI);
}

/* ---- regimes (regime.h) ------------------------------------------------ */

static void test_regime(void **state)
{
	struct regime_in in = { 0 };
	char buf[128];

	/* Nothing known: nothing said. */
	in.launch_us = NAN;
	in.kernel_ms = NAN;
	regime_format(&in, buf, sizeof(buf));
	assert_string_equal(buf, "");

	/* v1 at n = 528: one block on 132 SMs; 3.3 MB in a 50 MB L2;
	 * 300 ms, far longer than a 6 us launch. */
	in.grid_blocks = 1;
	in.sms = 132;
	in.wave_blocks = 132 * 8;
	in.working_set = 3.0 * 4 * 528 * 528;
	in.l2_bytes = 50LL << 20;
	in.kernel_ms = 300;
	in.launch_us = 6;
	regime_format(&in, buf, sizeof(buf));
	assert_string_equal(buf, "idle_sms,l2_resident");

	/* 400 blocks on 132 SMs (below one wave of 132 x 8, but every SM
	 * busy); a 4 us kernel after a 6 us launch, 3 GB, power capped
	 * (0x4) while idle (0x1): launch-bound only when events timed it,
	 * since the GPU's own record holds no launch cost. */
	in.grid_blocks = 400;
	in.kernel_ms = 0.004;
	in.working_set = 3e9;
	in.has_throttle = 1;
	in.throttle_reasons = 0x5;
	regime_format(&in, buf, sizeof(buf));
	assert_string_equal(buf, "throttled");
	in.events_timer = 1;
	regime_format(&in, buf, sizeof(buf));
	assert_string_equal(buf, "launch_bound,throttled");

	/* Idle and sync boost alone are no throttle; as many blocks as
	 * SMs leaves none idle; cold timing reads from DRAM even when it
	 * fits. */
	in.throttle_reasons = 0x11;
	in.grid_blocks = in.sms;
	in.kernel_ms = 0.006;	/* equal to the launch: not below it */
	in.working_set = 1e6;
	in.cold = 1;
	regime_format(&in, buf, sizeof(buf));
	assert_string_equal(buf, "");
	in.cold = 0;
	regime_format(&in, buf, sizeof(buf));
	assert_string_equal(buf, "l2_resident");

	/* Every key, in a buffer too small for all: cut, still a string. */
	in.grid_blocks = 1;
	in.kernel_ms = 0.001;
	in.throttle_reasons = 0x8;
	regime_format(&in, buf, sizeof(buf));
	assert_string_equal(buf, "launch_bound,idle_sms,l2_resident,"
			    "throttled");
	regime_format(&in, buf, 8);
	assert_int_equal(strlen(buf), 7);
}

/* ---- occupancy: values derived by hand from the formulas ------------ */

/* GeForce GT 240 (report P): cc 1.2, 1024 threads, 16384 registers and
 * 16 KiB shared memory per SM, 8 blocks per SM, no driver reserve. */
static struct measure_occ_input gt240(int threads, int regs, int smem)
{
	struct measure_occ_input in = { threads, regs, smem, 32, 1024, 16384,
					256, 16384, 0, 8 };

	return in;
}

/* H100 SXM: cc 9.0, 2048 threads, 65536 registers and 228 KiB shared
 * memory per SM, 1 KiB reserved per block, 32 blocks per SM. */
static struct measure_occ_input h100(int threads, int regs, int smem)
{
	struct measure_occ_input in = { threads, regs, smem, 32, 2048, 65536,
					256, 233472, 1024, 32 };

	return in;
}

static void occ_expect(struct measure_occ_input in, int lw, int lr, int ls,
		       int lb, int active, const char *limiter, double occ)
{
	struct measure_occ o;

	assert_int_equal(measure_occupancy_compute(&in, &o), 0);
	assert_int_equal(o.limit_warps, lw);
	assert_int_equal(o.limit_regs, lr);
	assert_int_equal(o.limit_smem, ls);
	assert_int_equal(o.limit_blocks, lb);
	assert_int_equal(o.active_blocks, active);
	assert_int_equal(o.active_warps, active * o.warps_per_block);
	assert_int_equal(o.active_threads, active * in.threads_per_block);
	assert_string_equal(o.limiter, limiter);
	assert_true(fabs(o.occupancy - occ) < 1e-12);
}

static void test_occupancy(void **state)
{
	struct measure_occ_input in;
	struct measure_occ o;

	/* GT 240, 16x16 block, 10 registers, 2 KiB tiles + 40 B of
	 * parameters: 8 warps of 32 -> 32/8 = 4 blocks; 10 x 32 = 320
	 * registers a warp, rounded to 512, x 8 = 4096 -> 16384/4096 = 4;
	 * 16384 / 2088 = 7; 8 blocks. Warps and registers tie at 4. */
	occ_expect(gt240(256, 10, 2088), 4, 4, 7, 8, 4, "warps, registers",
		   1.0);
	/* GT 240, 8x8, 12 registers, 40 B: 2 warps -> 16; 384 -> 512 a
	 * warp, 1024 a block -> 16; 16384/40 = 409; the SM's 8 blocks
	 * limit: 16 of 32 warps. */
	occ_expect(gt240(64, 12, 40), 16, 16, 409, 8, 8, "blocks per SM",
		   0.5);
	/* H100, 32x32, 32 registers, 8 KiB: 32 warps -> 64/32 = 2; 1024 a
	 * warp x 32 = 32768 -> 2; 233472 / (8192 + 1024) = 25; 32. */
	occ_expect(h100(1024, 32, 8192), 2, 2, 25, 32, 2, "warps, registers",
		   1.0);
	/* H100, 8x8, 40 registers, 512 B: 2 warps -> 32; 1280 a warp,
	 * 2560 a block -> 25; 233472 / 1536 = 152; 32: 50 of 64 warps. */
	occ_expect(h100(64, 40, 512), 32, 25, 152, 32, 25, "registers",
		   50.0 / 64);
	/* H100, 256 threads, 16 registers, 48 KiB: 8; 512 a warp -> 16;
	 * 233472 / 50176 = 4; 32: shared memory, 32 of 64 warps. */
	occ_expect(h100(256, 16, 49152), 8, 16, 4, 32, 4, "shared memory",
		   0.5);
	/* 255 registers x 32 = 8160 -> 8192 a warp, x 32 warps = 262144,
	 * more than the SM has: no block fits (shared memory: the 1 KiB
	 * reserve alone, 233472 / 1024 = 228). */
	occ_expect(h100(1024, 255, 0), 2, 0, 228, 32, 0, "registers", 0.0);
	/* No registers, no shared memory, no reserve: only warps and the
	 * block count limit; 33 threads round up to 2 warps. */
	in = gt240(33, 0, 0);
	occ_expect(in, 16, 8, 8, 8, 8,
		   "registers, shared memory, blocks per SM", 0.5);

	in = h100(0, 32, 0);
	assert_int_equal(measure_occupancy_compute(&in, &o), -1);
	in = h100(64, -1, 0);
	assert_int_equal(measure_occupancy_compute(&in, &o), -1);
	assert_int_equal(measure_occupancy_compute(NULL, &o), -1);
}

static int setup(void **state)
{
	if (!mkdtemp(dir))
		return -1;
	snprintf(db, sizeof(db), "%s/never.db", dir);
	return 0;
}

static int teardown(void **state)
{
	char path[600];

	snprintf(path, sizeof(path), "%s/plan.txt", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/stderr", dir);
	unlink(path);
	unlink(db);
	rmdir(dir);
	return 0;
}

/* --device: indices, all, or a selector (UUID prefix, name part) that
 * the run resolves against the GPUs present. */
static void test_device_selector(void **state)
{
	static const char *const sel[] = {"H100", "GPU-7df5", "h2"};
	struct measure_options o;
	struct plan_spec spec;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(sel) / sizeof(sel[0]); i++) {
		measure_options_init(&o);
		o.device = sel[i];
		assert_int_equal(plan_spec_parse(&o, &spec), 0);
		assert_non_null(spec.device_sel);
		assert_string_equal(spec.device_sel, sel[i]);
		assert_int_equal(spec.ndevices, 0);
		plan_spec_release(&spec);
	}
	measure_options_init(&o);
	o.device = "1,2";
	assert_int_equal(plan_spec_parse(&o, &spec), 0);
	assert_null(spec.device_sel);
	assert_int_equal(spec.ndevices, 2);
	plan_spec_release(&spec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_plan),
		cmocka_unit_test(test_ilp_max_count),
		cmocka_unit_test(test_memory_overrides),
		cmocka_unit_test(test_overrides),
		cmocka_unit_test(test_invalid_lists),
		cmocka_unit_test(test_device_selector),
		cmocka_unit_test(test_blocks_dropped),
		cmocka_unit_test(test_dry_run),
		cmocka_unit_test(test_ilp_counts_as_given),
		cmocka_unit_test(test_dry_run_counters),
		cmocka_unit_test(test_dry_run_warnings),
		cmocka_unit_test(test_counter_names),
		cmocka_unit_test(test_estimate_model),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_precision_options),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_regime),
		cmocka_unit_test(test_occupancy),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
