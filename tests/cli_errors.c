/* cli: every bad-input path exits with its documented code, says so in one
 * line on stderr, and leaves an existing database byte-identical (or a
 * missing one uncreated). Runs the real binary ($MMREPORT_BIN). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store.h"

static const char *bin;
static char dir[] = "/tmp/mmreport-cli-XXXXXX";
static char db[512], missing_db[512], foreign_db[512], corrupt_db[512];

struct run {
	int status;
	char out[65536];
	char err[8192];
};

static void fd_drain(int fd, char *buf, size_t cap)
{
	size_t used = 0;
	ssize_t r;

	while ((r = read(fd, buf + used, cap - 1 - used)) > 0)
		used += (size_t)r;
	buf[used] = '\0';
}

/* Runs $MMREPORT_BIN with argv (NULL-terminated, without argv[0]),
 * stdout to out_path when given, else captured. */
static void run_argv(struct run *r, const char *out_path, char *const *args)
{
	char *argv[64];
	int outp[2], errp[2];
	pid_t pid;
	int i, st;

	argv[0] = (char *)bin;
	for (i = 0; args[i]; i++)
		argv[i + 1] = args[i];
	argv[i + 1] = NULL;
	assert_int_equal(pipe(outp), 0);
	assert_int_equal(pipe(errp), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		if (out_path) {
			int fd = open(out_path, O_WRONLY);

			if (fd < 0)
				_exit(99);
			dup2(fd, 1);
		} else {
			dup2(outp[1], 1);
		}
		dup2(errp[1], 2);
		close(outp[0]);
		close(errp[0]);
		execv(bin, argv);
		_exit(98);
	}
	close(outp[1]);
	close(errp[1]);
	/* stderr stays small; read stdout first, then stderr. */
	fd_drain(outp[0], r->out, sizeof(r->out));
	fd_drain(errp[0], r->err, sizeof(r->err));
	close(outp[0]);
	close(errp[0]);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	r->status = WEXITSTATUS(st);
}

#define RUN(r, ...) do { \
	char *const args_[] = {__VA_ARGS__, NULL}; \
	run_argv((r), NULL, args_); \
} while (0)

static size_t lines_count(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static char *file_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long sz;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	sz = ftell(f);
	rewind(f);
	buf = malloc((size_t)sz + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)sz, f), (size_t)sz);
	fclose(f);
	*len = (size_t)sz;
	return buf;
}

static void file_write(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static int file_exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0;
}

/* Snapshot of a file and its -wal/-shm companions. */
struct snap {
	char *bytes;
	size_t len;
	int wal, shm;
};

static void snap_take(struct snap *s, const char *path)
{
	char side[600];

	s->bytes = file_slurp(path, &s->len);
	snprintf(side, sizeof(side), "%s-wal", path);
	s->wal = file_exists(side);
	snprintf(side, sizeof(side), "%s-shm", path);
	s->shm = file_exists(side);
}

static void snap_check(struct snap *s, const char *path)
{
	struct snap now;

	snap_take(&now, path);
	assert_int_equal(now.len, s->len);
	assert_memory_equal(now.bytes, s->bytes, s->len);
	assert_int_equal(now.wal, s->wal);
	assert_int_equal(now.shm, s->shm);
	free(now.bytes);
	free(s->bytes);
}

static int setup_files(void **state)
{
	struct store *st;
	char err[256];
	static const char junk[] = "this is not a database, just text\n";
	char sql[700];

	(void)state;
	bin = getenv("MMREPORT_BIN");
	if (!bin || !mkdtemp(dir))
		return -1;
	snprintf(db, sizeof(db), "%s/good.db", dir);
	snprintf(missing_db, sizeof(missing_db), "%s/missing.db", dir);
	snprintf(foreign_db, sizeof(foreign_db), "%s/foreign.db", dir);
	snprintf(corrupt_db, sizeof(corrupt_db), "%s/corrupt.db", dir);
	if (store_open(db, STORE_CREATE, &st, err, sizeof(err)))
		return -1;
	store_free(st);
	snprintf(sql, sizeof(sql), "sqlite3 '%s' 'CREATE TABLE t(x); "
		 "INSERT INTO t VALUES (1);'", foreign_db);
	if (system(sql) != 0)
		return -1;
	file_write(corrupt_db, junk, sizeof(junk) - 1);
	return 0;
}

static int teardown_files(void **state)
{
	char cmd[600];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* A usage error: exit 64, exactly one line on stderr naming the problem
 * (needle) with a --help hint, nothing on stdout, database untouched. */
static void usage_check(struct run *r, const char *needle)
{
	assert_int_equal(r->status, 64);
	assert_int_equal(lines_count(r->err), 1);
	assert_non_null(strstr(r->err, "--help"));
	if (needle && !strstr(r->err, needle))
		fail_msg("stderr '%s' lacks '%s'", r->err, needle);
	assert_string_equal(r->out, "");
}

static void test_usage_errors(void **state)
{
	static const char *const cases[][8] = {
		{"", NULL},
		{"bogus", NULL},
		{"--bogus", NULL},
		{"measure", "--repeat", "abc", NULL},
		{"measure", "--repeat", "0", NULL},
		{"measure", "--repeat", "-5", NULL},
		{"measure", "--repeat", "1e3", NULL},
		{"measure", "--repeat", "", NULL},
		{"measure", "--repeat", NULL},
		{"measure", "--warmup", "-1", NULL},
		{"measure", "--max-time", "0", NULL},
		{"measure", "--max-time", "nan", NULL},
		{"measure", "--min-samples", "5", "--repeat", "2", NULL},
		{"measure", "--bogus", NULL},
		{"measure", "extra", NULL},
		{"measure", "--suite", "nosuch", NULL},
		{"measure", "--sizes", "12,x", NULL},
		{"measure", "--sizes", "0", NULL},
		{"measure", "--blocks", "-8", NULL},
		{"measure", "--variants", "v99", NULL},
		{"measure", "--ilp", "3", NULL},
		{"measure", "--host-mem", "shared", NULL},
		{"measure", "--device", "x", NULL},
		{"measure", "--timer", "nvtx", NULL},
		{"measure", "--timer", NULL},
		{"measure", "--cold", "yes", NULL},
		{"measure", "--kernel", "", NULL},
		{"measure", "--launch-timeout", "-1", NULL},
		{"measure", "--launch-timeout", "x", NULL},
		{"measure", "--lock-clocks", "0", NULL},
		{"measure", "--lock-clocks", "fast", NULL},
		{"measure", "--lock-clocks", "-1", NULL},
		{"measure", "--lock-clocks", NULL},
		{"render", "--lang", "xx", NULL},
		{"render", "--sections", "method,nope", NULL},
		{"render", "--session", "abc", NULL},
		{"render", "--format", "csv", NULL},
		{"render", "--db", NULL},
		{"render", "--meta", "", NULL},
		{"render", "--author", NULL},
		{"export", "--author", "x", NULL},
		{"export", "--format", "xml", NULL},
		{"export", "--lang", "en", NULL},
		{"devices", "--bogus", NULL},
		{"sessions", "extra", NULL},
		{"merge", NULL},
		{"merge", "--nope", "x.db", NULL},
	};
	struct snap s;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int is_cmd = cases[i][0][0] && cases[i][0][0] != '-' &&
			     strcmp(cases[i][0], "bogus");
		int j;

		/* A command's case runs once against the existing database
		 * and once against a path that must stay uncreated: --db is
		 * put right after the command name. */
		for (j = 0; j < (is_cmd ? 2 : 1); j++) {
			char *argv[16];
			struct run r;
			int n, k = 0;

			if (cases[i][0][0])
				argv[k++] = (char *)cases[i][0];
			if (is_cmd) {
				argv[k++] = "--db";
				argv[k++] = j ? missing_db : db;
			}
			for (n = 1; cases[i][0][0] && cases[i][n]; n++)
				argv[k++] = (char *)cases[i][n];
			argv[k] = NULL;
			snap_take(&s, db);
			run_argv(&r, NULL, argv);
			print_message("case %zu/%d: %s", i, j, r.err);
			usage_check(&r, NULL);
			snap_check(&s, db);
			assert_false(file_exists(missing_db));
		}
	}
}

/* Issue 15, items 7 and 8: a usage error names the option, not its
 * value; an abbreviated option and an option given twice are refused
 * (a repeatable one, --kernel, is not); the database stays untouched. */
static void test_option_spelling(void **state)
{
	static const struct {
		const char *argv[8];
		const char *needle;
	} cases[] = {
		{{"render", "--format", "csv", NULL}, "unknown option '--format'"},
		{{"render", "--format=csv", NULL}, "unknown option '--format'"},
		{{"export", "--lang", "en", NULL}, "unknown option '--lang'"},
		{{"measure", "--rep", "5", "--dry-run", NULL},
		 "abbreviated option '--rep': write '--repeat' in full"},
		{{"render", "--la", "en", NULL},
		 "abbreviated option '--la': write '--lang' in full"},
		{{"measure", "--repeat", "5", "--repeat", "6", "--dry-run",
		  NULL}, "option '--repeat' given twice"},
		{{"measure", "--suites", "ilp", "--suite", "ilp", "--dry-run",
		  NULL}, "option '--suite' given twice"},
		{{"render", "--lang", "en", "--lang=de", NULL},
		 "option '--lang' given twice"},
		{{"sessions", "--db", "a.db", "--db", "b.db", NULL},
		 "option '--db' given twice"},
	};
	struct snap s;
	struct run r;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snap_take(&s, db);
		run_argv(&r, NULL, (char **)cases[i].argv);
		print_message("case %zu: %s", i, r.err);
		usage_check(&r, cases[i].needle);
		assert_null(strstr(r.err, "'csv'"));
		snap_check(&s, db);
	}
	/* --kernel twice is two files, not a repetition: the run gets as
	 * far as the missing first file (66) */
	{
		char *argv[] = {"measure", "--db", db, "--kernel", "/nonexistent/a.cu",
				"--kernel", "/nonexistent/b.cu", "--dry-run",
				NULL};

		run_argv(&r, NULL, argv);
		assert_null(strstr(r.err, "twice"));
		assert_int_equal(r.status, 66);
	}
}

static void test_help_version(void **state)
{
	static const char *const cmds[] = {"measure", "render", "export",
		"devices", "sessions", "merge"};
	struct run r;
	size_t i;

	(void)state;
	RUN(&r, "--help");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "Usage: mmreport"));
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		assert_non_null(strstr(r.out, cmds[i]));
	RUN(&r, "--version");
	assert_int_equal(r.status, 0);
	assert_true(!strncmp(r.out, "mmreport ", 9));
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		RUN(&r, (char *)cmds[i], "--help");
		assert_int_equal(r.status, 0);
		assert_non_null(strstr(r.out, "Usage: mmreport"));
		assert_non_null(strstr(r.out, cmds[i]));
		assert_string_equal(r.err, "");
		RUN(&r, (char *)cmds[i], "--version");
		assert_int_equal(r.status, 0);
		assert_true(!strncmp(r.out, "mmreport ", 9));
	}
}

static void test_stdout_full(void **state)
{
	struct run r;
	char *const args[] = {"--help", NULL};

	(void)state;
	if (!file_exists("/dev/full"))
		skip();
	run_argv(&r, "/dev/full", args);
	assert_int_equal(r.status, 74);
	assert_non_null(strstr(r.err, "cannot write"));
}

/* Refused files: exit code by class, one line naming the file, and the
 * file byte-identical afterwards. */
static void test_refused_files(void **state)
{
	static const char *const cmds[][2] = {
		{"render", NULL}, {"export", NULL}, {"sessions", NULL},
		{"devices", NULL}};
	const char *files[] = {foreign_db, corrupt_db};
	struct snap s;
	struct run r;
	size_t i, f;

	(void)state;
	for (f = 0; f < 2; f++) {
		for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
			snap_take(&s, files[f]);
			RUN(&r, (char *)cmds[i][0], "--db", (char *)files[f]);
			print_message("%s %s: %s", cmds[i][0], files[f], r.err);
			assert_int_equal(r.status, 65);
			assert_int_equal(lines_count(r.err), 1);
			assert_non_null(strstr(r.err, files[f]));
			snap_check(&s, files[f]);
		}
		/* merge: the bad source and the good target both unchanged */
		{
			struct snap t;

			snap_take(&s, files[f]);
			snap_take(&t, db);
			RUN(&r, "merge", "--db", db, (char *)files[f]);
			assert_int_equal(r.status, 65);
			snap_check(&s, files[f]);
			snap_check(&t, db);
			/* nor is a missing target created */
			snap_take(&s, files[f]);
			RUN(&r, "merge", "--db", missing_db, (char *)files[f]);
			assert_int_equal(r.status, 65);
			snap_check(&s, files[f]);
			assert_false(file_exists(missing_db));
		}
	}
	/* a directory or a device is no database: 65 from every command
	 * (issue 15, item 4; sessions and devices said 74) */
	for (f = 0; f < 2; f++)
		for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
			char *what = f ? "/dev/null" : dir;

			RUN(&r, (char *)cmds[i][0], "--db", what);
			print_message("%s %s: %s", cmds[i][0], what, r.err);
			assert_int_equal(r.status, 65);
			assert_int_equal(lines_count(r.err), 1);
			assert_non_null(strstr(r.err, "not an mmreport "
					       "database"));
		}
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		RUN(&r, (char *)cmds[i][0], "--db", missing_db);
		assert_int_equal(r.status, 66);
		assert_int_equal(lines_count(r.err), 1);
		assert_false(file_exists(missing_db));
	}
}

/* render --meta: a bad line is a usage error naming the file and line,
 * a missing file exit 66; nothing on stdout either way. */
static void test_render_meta(void **state)
{
	static const char *const bad[] = {
		"title: A\nnonsense: x\n",	/* unknown key, line 2 */
		"# c\nauthor: A\nauthor: B\n",	/* twice, line 3 */
		"\n\ncourse A\n",		/* no colon, line 3 */
	};
	static const char *const where[] = {"meta.txt:2", "meta.txt:3",
					    "meta.txt:3"};
	char meta[600];
	struct snap s;
	struct run r;
	size_t i;

	(void)state;
	snprintf(meta, sizeof(meta), "%s/meta.txt", dir);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		file_write(meta, bad[i], strlen(bad[i]));
		snap_take(&s, db);
		RUN(&r, "render", "--db", db, "--meta", meta);
		print_message("meta %zu: %s", i, r.err);
		assert_int_equal(r.status, 64);
		assert_int_equal(lines_count(r.err), 1);
		if (!strstr(r.err, where[i]))
			fail_msg("'%s' lacks '%s'", r.err, where[i]);
		assert_string_equal(r.out, "");
		snap_check(&s, db);
	}
	remove(meta);
	RUN(&r, "render", "--db", db, "--meta", meta);
	assert_int_equal(r.status, 66);
	assert_int_equal(lines_count(r.err), 1);
	assert_non_null(strstr(r.err, "meta.txt"));
	assert_string_equal(r.out, "");
}

/* measure with no CUDA device: exit 69 and no database created or
 * touched. Only meaningful where no GPU is present. */
static void test_measure_nodevice(void **state)
{
	struct snap s;
	struct run r;

	(void)state;
	RUN(&r, "devices");
	if (r.status == 0)
		skip();		/* a GPU is here: measure would measure */
	assert_int_equal(r.status, 69);
	RUN(&r, "measure", "--db", missing_db, "--repeat", "2");
	assert_int_equal(r.status, 69);
	assert_non_null(strstr(r.err, "mmreport: "));
	assert_false(file_exists(missing_db));
	snap_take(&s, db);
	RUN(&r, "measure", "--db", db, "--repeat", "2");
	assert_int_equal(r.status, 69);
	snap_check(&s, db);
}

/* --dry-run prints a plan without GPU or database. */
static void test_measure_dry_run(void **state)
{
	struct run r;

	(void)state;
	RUN(&r, "measure", "--dry-run", "--db", missing_db);
	assert_int_equal(r.status, 0);
	assert_true(lines_count(r.out) > 100);
	assert_non_null(strstr(r.out, "versions"));
	assert_non_null(strstr(r.out, "transfer"));
	assert_non_null(strstr(r.out, "ilp"));
	assert_non_null(strstr(r.out, "reference"));
	assert_false(file_exists(missing_db));
}

/* measure --dry-run --kernel: compiled and listed, no GPU, no database;
 * a file that does not compile: 65 with the compiler's file(line); a
 * missing one 66; measuring without a GPU: 69, nothing created. */
static void test_measure_kernel(void **state)
{
	static const char good[] =
		"#include <mmreport_kernel.h>\n"
		"MMREPORT_SQUARE_KERNEL(mine, 1, \"16\", \"naive\")\n"
		"extern \"C\" __global__ void mine(const float *A, "
		"const float *B, float *C, int n) { }\n";
	static const char bad[] = "#include <mmreport_kernel.h>\n"
				  "int x = ;\n";
	char gp[600], bp[600], mp[600];
	struct run r;

	(void)state;
	snprintf(gp, sizeof(gp), "%s/good.cu", dir);
	snprintf(bp, sizeof(bp), "%s/bad.cu", dir);
	snprintf(mp, sizeof(mp), "%s/missing.cu", dir);
	file_write(gp, good, sizeof(good) - 1);
	file_write(bp, bad, sizeof(bad) - 1);
	RUN(&r, "measure", "--dry-run", "--db", missing_db, "--kernel", gp);
	if (r.status == 69 && strstr(r.err, "NVRTC")) {
		print_message("NVRTC unavailable: %s", r.err);
		skip();
	}
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "mine"));
	assert_non_null(strstr(r.out, "square, tile 1, blocks 16"));
	assert_false(file_exists(missing_db));
	/* --variants names own kernels: only those (and the built-ins
	 * named) are planned; a name no file declares is a usage error */
	RUN(&r, "measure", "--dry-run", "--db", missing_db, "--kernel", gp,
	    "--variants", "mine,v2", "--sizes", "64");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "versions   mine"));
	assert_non_null(strstr(r.out, "versions   v2"));
	assert_null(strstr(r.out, "versions   v3"));
	assert_null(strstr(r.out, "cublas"));
	RUN(&r, "measure", "--dry-run", "--db", missing_db, "--kernel", gp,
	    "--variants", "v3", "--sizes", "64");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "versions   mine"));	/* given */
	RUN(&r, "measure", "--dry-run", "--db", missing_db, "--kernel", gp,
	    "--variants", "yours");
	assert_int_equal(r.status, 64);
	assert_non_null(strstr(r.err, "unknown variant 'yours'"));
	assert_non_null(strstr(r.err, "--kernel files"));
	RUN(&r, "measure", "--dry-run", "--db", missing_db, "--variants",
	    "mine");
	assert_int_equal(r.status, 64);
	assert_non_null(strstr(r.err, "unknown variant 'mine'"));
	RUN(&r, "measure", "--dry-run", "--db", missing_db, "--kernel", bp);
	assert_int_equal(r.status, 65);
	assert_non_null(strstr(r.err, "bad.cu(2): error"));
	assert_non_null(strstr(r.err, "does not compile"));
	assert_string_equal(r.out, "");
	RUN(&r, "measure", "--dry-run", "--db", missing_db, "--kernel", mp);
	assert_int_equal(r.status, 66);
	assert_int_equal(lines_count(r.err), 1);
	/* measuring needs a GPU: without one, 69 and nothing created */
	snprintf(mp, sizeof(mp), "%s/own.db", dir);
	RUN(&r, "measure", "--db", mp, "--kernel", gp, "--suite",
	    "versions", "--repeat", "1");
	if (r.status != 0) {
		assert_int_equal(r.status, 69);
		assert_false(file_exists(mp));
	}
	remove(mp);
}

/* Issue 25, item 7 (schema 7): sessions shows each session's throttle
 * mode and threshold, the power limit and the top SM clock, and "-"
 * where the file does not know them (an older session). */
static void test_sessions_quality(void **state)
{
	char path[600], err[256];
	struct store_device dev;
	struct store_session known, old;
	struct store *st;
	struct run r;
	const char *line;

	(void)state;
	snprintf(path, sizeof(path), "%s/quality.db", dir);
	assert_int_equal(store_open(path, STORE_CREATE, &st, err,
				    sizeof(err)), 0);
	memset(&dev, 0, sizeof(dev));
	dev.uuid = "GPU-quality";
	dev.name = "H100";
	assert_int_equal(store_device_upsert(st, &dev), 0);
	memset(&known, 0, sizeof(known));
	known.uuid = "S-known";
	known.device_id = dev.id;
	known.started_at = "2026-01-01T00:00:00Z";
	known.status = "complete";
	known.hostname = "lab";
	known.throttle = "discard";
	known.throttle_pct = 90;
	known.power_limit_w = 700;
	known.top_sm_clock_mhz = 1980;
	known.clocks_locked = 1;
	known.suites = "versions";
	assert_int_equal(store_session_insert(st, &known), 0);
	memset(&old, 0, sizeof(old));
	old.uuid = "S-old";
	old.device_id = dev.id;
	old.started_at = "2026-01-02T00:00:00Z";
	old.status = "complete";
	old.hostname = "lab";
	old.clocks_locked = -1;
	old.suites = "ilp";
	assert_int_equal(store_session_insert(st, &old), 0);
	store_free(st);
	RUN(&r, "sessions", "--db", path);
	print_message("%s", r.out);
	assert_int_equal(r.status, 0);
	assert_int_equal(lines_count(r.out), 3);
	assert_non_null(strstr(r.out, "throttle"));
	assert_non_null(strstr(r.out, "power-W"));
	assert_non_null(strstr(r.out, "top-MHz"));
	line = strstr(r.out, "discard<90%");
	assert_non_null(line);
	assert_non_null(strstr(line, " 700 "));
	assert_non_null(strstr(line, " 1980 "));
	assert_non_null(strstr(line, " yes "));
	assert_true(strstr(line, "versions") < strstr(line, "\n"));
	/* the older session: four dashes before its suites */
	line = strstr(r.out, "\n2 ");
	assert_non_null(line);
	assert_non_null(strstr(line, "-            -       -       -      ilp"));
}

/* Issue 29, item 4: sessions and devices --db printed stored names raw,
 * so a name in an edited or damaged file sent escape sequences to the
 * terminal and its newline split a row. Control characters (C0 and C1)
 * are printed as escapes and bytes that are not UTF-8 as '?': one row
 * per session and device, nothing a terminal acts on. */
static void test_listing_escapes(void **state)
{
	/* ESC [31m, a newline, a tab, a bell, DEL, a stray byte, C1 CSI */
	static const char hostile[] = "\x1b[31mred\nnext\tx\x07y\x7f"
				      "z\xff\xc2\x9b" "2J";
	char path[600], err[256];
	struct store_device dev;
	struct store_session ses;
	struct store *st;
	struct run r;
	const unsigned char *p;

	(void)state;
	snprintf(path, sizeof(path), "%s/hostile.db", dir);
	assert_int_equal(store_open(path, STORE_CREATE, &st, err,
				    sizeof(err)), 0);
	memset(&dev, 0, sizeof(dev));
	dev.uuid = "GPU-hostile";
	dev.name = (char *)hostile;
	dev.pci_bus_id = (char *)hostile;
	assert_int_equal(store_device_upsert(st, &dev), 0);
	memset(&ses, 0, sizeof(ses));
	ses.uuid = "S-hostile";
	ses.device_id = dev.id;
	ses.status = "complete";
	ses.hostname = (char *)hostile;
	ses.suites = (char *)hostile;
	assert_int_equal(store_session_insert(st, &ses), 0);
	store_free(st);
	for (int cmd = 0; cmd < 2; cmd++) {
		if (cmd)
			RUN(&r, "devices", "--db", path);
		else
			RUN(&r, "sessions", "--db", path);
		print_message("%s", r.out);
		assert_int_equal(r.status, 0);
		assert_int_equal(lines_count(r.out), 2);
		for (p = (const unsigned char *)r.out; *p; p++) {
			if ((*p < 0x20 && *p != '\n') || *p == 0x7f ||
			    *p == 0xff || (*p == 0xc2 && p[1] >= 0x80 &&
					   p[1] < 0xa0))
				fail_msg("%s: byte 0x%02x at %ld", cmd ?
					 "devices" : "sessions", *p,
					 (long)(p - (const unsigned char *)
						r.out));
		}
		assert_non_null(strstr(r.out, "\\x1b[31mred\\nnext\\tx"
				       "\\x07y\\x7fz?\\u009b2J"));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_option_spelling),
		cmocka_unit_test(test_help_version),
		cmocka_unit_test(test_usage_errors),
		cmocka_unit_test(test_stdout_full),
		cmocka_unit_test(test_refused_files),
		cmocka_unit_test(test_render_meta),
		cmocka_unit_test(test_measure_nodevice),
		cmocka_unit_test(test_measure_dry_run),
		cmocka_unit_test(test_measure_kernel),
		cmocka_unit_test(test_listing_escapes),
		cmocka_unit_test(test_sessions_quality),
	};

	return cmocka_run_group_tests(tests, setup_files, teardown_files);
}
