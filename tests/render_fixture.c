/* The render tests' fixture database, written through store/ only. */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store.h"
#include "render_fixture.h"

const int fix_versions_sizes[3] = {64, 128, 256};
const int fix_versions_blocks[2] = {8, 16};
const int fix_transfer_sizes[2] = {512, 1024};
const char *const fix_hosts[3] = {"pageable", "pinned", "pinned-output"};
const char *const fix_transfer_variants[2] = {"simple", "shared"};
const int fix_ilp_log2[3] = {10, 12, 14};
const int fix_ilps[3] = {1, 2, 4};

/* Relative spread of the samples around a base value; distinct values,
 * so that medians and ranks are unambiguous. */
static const double offs[10] = {0.00, 0.03, -0.02, 0.05, -0.04,
				0.01, 0.02, -0.01, 0.04, -0.03};

static void spread(double base, int shift, size_t n, double *out)
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = base * (1 + offs[(i * 3 + (size_t)shift) % 10]);
}

static void add(struct fix_metrics *m, const char *name, const char *unit)
{
	m->name[m->nmetrics] = name;
	m->unit[m->nmetrics] = unit;
	m->nmetrics++;
}

static double dev_speed(int dev)
{
	return dev ? 0.5 : 1.0;
}

int fix_metrics_get(int dev, const char *suite, const char *variant,
		    const char *host, int n, int block, int ilp,
		    struct fix_metrics *m)
{
	size_t i, j;

	memset(m, 0, sizeof(*m));
	if (!strcmp(suite, "versions") || !strcmp(suite, "reference")) {
		double f, base;

		if (!strcmp(variant, "v1"))
			f = 8;
		else if (!strcmp(variant, "v2"))
			f = 2;
		else if (!strcmp(variant, "cublas"))
			f = 0.25;
		else if (!strcmp(variant, FIX_HOSTILE_VARIANT))
			f = 3;
		else
			return -1;
		if (block == 8)
			f *= 1.3;
		base = 1e-6 * (double)n * n * n * f * dev_speed(dev);
		m->nsamples = 7;
		add(m, "kernel", "ms");
		add(m, "gflops", "GFLOP/s");
		spread(base, n / 64 + block, m->nsamples, m->v[0]);
		for (i = 0; i < m->nsamples; i++)
			m->v[1][i] = 2.0 * n * n * n / (m->v[0][i] * 1e6);
		return 0;
	}
	if (!strcmp(suite, "transfer")) {
		double s = (double)n / 512 * n / 512, s3 = s * n / 512;
		double hab = !strcmp(host, "pinned") ? 0.5 : 1.0;
		double hc = !strcmp(host, "pageable") ? 1.0 : 0.4;
		double vk = !strcmp(variant, "shared") ? 0.75 : 1.0;
		/* malloc: pinned 2.5 % slower (p about 0.10, noise),
		 * pinned-output 3.5 % slower (p about 0.03): the two
		 * sides of alpha = 0.05 */
		double hm = !strcmp(host, "pinned") ? 1.025 :
			    !strcmp(host, "pinned-output") ? 1.035 : 1.0;

		m->nsamples = 10;
		add(m, "total", "ms");
		add(m, "malloc", "ms");
		add(m, "memcpy_ab", "ms");
		add(m, "kernel", "ms");
		add(m, "sync", "ms");
		add(m, "memcpy_c", "ms");
		add(m, "free", "ms");
		add(m, "gflops_kernel", "GFLOP/s");
		add(m, "gflops_total", "GFLOP/s");
		/* the same shift per metric everywhere: phases with equal
		 * bases have equal samples, so their gains are noise */
		spread(0.5 * s * hm * dev_speed(dev), 1, 10, m->v[1]);
		spread(0.4 * s * hab * dev_speed(dev), 2, 10, m->v[2]);
		spread(1.0 * s3 * vk * dev_speed(dev), 3, 10, m->v[3]);
		spread(0.05, 4, 10, m->v[4]);
		spread(0.2 * s * hc * dev_speed(dev), 5, 10, m->v[5]);
		spread(0.3 * s * dev_speed(dev), 6, 10, m->v[6]);
		for (i = 0; i < 10; i++) {
			m->v[0][i] = 0;
			for (j = 1; j <= 6; j++)
				m->v[0][i] += m->v[j][i];
			m->v[7][i] = 2.0 * n * n * n / (m->v[3][i] * 1e6);
			m->v[8][i] = 2.0 * n * n * n / (m->v[0][i] * 1e6);
		}
		return 0;
	}
	if (!strcmp(suite, "ilp")) {
		double N = ldexp(1, n), peak = dev ? 900 : 3350, g;

		if (strcmp(variant, "copy_ilp") && strcmp(variant, "memcpy"))
			return -1;
		g = peak * 0.8 * N / (N + 4096.0);
		if (!strcmp(variant, "memcpy"))
			g *= 1.1;
		else
			g *= 1 + 0.02 * ilp;
		m->nsamples = 5;
		add(m, "gbs", "GB/s");
		add(m, "kernel", "ms");
		spread(g, ilp, 5, m->v[0]);
		for (i = 0; i < 5; i++)
			m->v[1][i] = 8.0 * N / (m->v[0][i] * 1e6);
		return 0;
	}
	return -1;
}

/* The minimal databases were measured without counters. */
static int no_counters;

int fix_counters_get(int dev, const char *suite, const char *variant,
		     const char *host, int n, int block,
		     struct fix_metrics *m)
{
	struct fix_metrics t;
	double n3 = (double)n * n * n, dur, inst, ops, ld, st, rd, wr;

	memset(m, 0, sizeof(*m));
	if (dev != 0 ||
	    !((!strcmp(suite, "versions") && !strcmp(variant, "v2")) ||
	      !strcmp(suite, "reference") ||
	      (!strcmp(suite, "transfer") && !strcmp(variant, "shared") &&
	       !strcmp(host, "pinned"))) ||
	    (!strcmp(suite, "versions") && n == 256 && block == 16) ||
	    fix_metrics_get(dev, suite, variant, host, n, block, 1, &t))
		return -1;
	/* The profiled launch a little slower than the kernel's first
	 * sample; counts that differ by block, so that every cell of a
	 * table is its own. */
	dur = 1e6 * t.v[!strcmp(suite, "transfer") ? 3 : 0][0] * 1.01;
	inst = n3 / 32 * (block == 8 ? 4.1 : 3.7);
	ops = 2 * n3;
	ld = 2.0 * n * n * n / 32 / (block ? block / 4.0 : 16);
	st = (double)n * n / 32;
	rd = 8.0 * n * n * (block == 8 ? 1.5 : 1.25);
	wr = 4.0 * n * n;
	m->nsamples = 1;
	add(m, "gips", "GIPS");
	m->v[0][0] = inst / dur;
	add(m, "cgma", "FLOP/access");
	m->v[1][0] = ops / (ld + st);
	add(m, "cnt_gflops", "GFLOP/s");
	m->v[2][0] = ops / dur;
	add(m, "cnt_dram_gbs", "GB/s");
	m->v[3][0] = (rd + wr) / dur;
	add(m, "cnt_fp32_ops", "FLOP");
	m->v[4][0] = ops;
	add(m, "cnt_duration_ns", "ns");
	m->v[5][0] = dur;
	add(m, "cnt_inst_executed", "warp inst");
	m->v[6][0] = inst;
	add(m, "cnt_global_ld_inst", "warp inst");
	m->v[7][0] = ld;
	add(m, "cnt_global_st_inst", "warp inst");
	m->v[8][0] = st;
	add(m, "cnt_dram_read_bytes", "B");
	m->v[9][0] = rd;
	add(m, "cnt_dram_write_bytes", "B");
	m->v[10][0] = wr;
	return 0;
}

static int insert(struct store *st, long long sid, int dev, const char *suite,
		  const char *variant, const char *host, int n, int block,
		  int ilp, const char *status, const char *reason, int keep)
{
	struct store_metric sm[2 * FIX_MAXMETRICS];
	struct fix_metrics m, cn;
	struct store_config c;
	size_t i, nm = 0;

	memset(&c, 0, sizeof(c));
	c.session_id = sid;
	c.suite = (char *)suite;
	c.variant = (char *)variant;
	c.host_mem = (char *)host;
	c.precision = (char *)"fp32";
	c.status = (char *)status;
	c.reason = (char *)reason;
	c.finished_at = (char *)"2026-01-10T10:10:00Z";
	c.rel_error = strcmp(status, "skipped") ? 1e-6 : NAN;
	if (!strcmp(status, "failed"))
		c.rel_error = 0.32;
	if (!strcmp(suite, "ilp")) {
		c.n = n;
		c.count = 1LL << n;
		c.block_x = strcmp(variant, "memcpy") ? 512 / ilp : 0;
		c.block_y = 1;
		c.ilp = ilp;
		c.bytes = 8.0 * (double)c.count;
	} else {
		c.m = c.k = c.n = n;
		c.block_x = c.block_y = block;
		c.ilp = 1;
		c.flops = 2.0 * n * n * n;
		c.bytes = 12.0 * n * n;
	}
	if (!strcmp(status, "ok")) {
		if (fix_metrics_get(dev, suite, variant, host, n, block, ilp,
				    &m))
			return -1;
		for (i = 0; i < m.nmetrics; i++) {
			sm[i].name = m.name[i];
			sm[i].unit = m.unit[i];
			sm[i].values = m.v[i];
			sm[i].n = m.nsamples;
		}
		nm = m.nmetrics;
		c.samples = (int)m.nsamples;
		/* measure stores the counter pass's figures after the
		 * timing metrics, in the same call */
		if (!no_counters &&
		    !fix_counters_get(dev, suite, variant, host, n, block,
				      &cn))
			for (i = 0; i < cn.nmetrics; i++) {
				sm[nm].name = cn.name[i];
				sm[nm].unit = cn.unit[i];
				sm[nm].values = cn.v[i];
				sm[nm].n = 1;
				nm++;
			}
	}
	/* a wrong product keeps where it is wrong, as measure's diagnosis
	 * stores it (the only figures of a failed configuration): here the
	 * last row never written */
	if (!strcmp(status, "failed") && !strcmp(suite, "versions")) {
		static const char *const dn[] = { "diag_wrong", "diag_cells",
			"diag_wrong_edge", "diag_edge_cells", "diag_first_row",
			"diag_first_col", "diag_nan_first", "diag_first_want",
			"diag_rel_at", "diag_rel_bt" };
		static double dv[10];

		dv[0] = n;
		dv[1] = (double)n * n;
		dv[2] = dv[3] = 0;
		dv[4] = n - 1;
		dv[5] = 0;
		dv[6] = 1;
		dv[7] = 3.25;
		dv[8] = dv[9] = 1.41;
		for (i = 0; i < 10; i++) {
			sm[nm].name = dn[i];
			sm[nm].unit = "";
			sm[nm].values = &dv[i];
			sm[nm].n = 1;
			nm++;
		}
	}
	c.seconds = 1.5;
	if (store_config_insert(st, &c, sm, nm, keep)) {
		fprintf(stderr, "fixture: %s\n", store_errmsg(st));
		return -1;
	}
	return 0;
}

static struct store_prop props_a[] = {
	{"compute_capability", "9.0", "", 9.0, 1},
	{"total_global_mem", "81559", "MiB", 81559, 1},
	{"shared_mem_per_block", "49152", "B", 49152, 1},
	{"regs_per_block", "65536", "", 65536, 1},
	{"warp_size", "32", "", 32, 1},
	{"max_threads_per_block", "1024", "", 1024, 1},
	{"max_block_dims", "1024, 1024, 64", "", 0, 0},
	{"max_grid_dims", "2147483647, 65535, 65535", "", 0, 0},
	{"clock_rate", "1980", "MHz", 1980, 1},
	{"memory_clock", "2619", "MHz", 2619, 1},
	{"memory_bus_width", "5120", "bit", 5120, 1},
	{"l2_size", "51200", "KiB", 51200, 1},
	{"const_mem", "64", "KiB", 64, 1},
	{"multiprocessor_count", "132", "", 132, 1},
	{"fp32_cores_per_sm", "128", "", 128, 1},
	{"max_threads_per_sm", "2048", "", 2048, 1},
	{"max_blocks_per_sm", "32", "", 32, 1},
};

static struct store_prop props_b[] = {
	{"compute_capability", "7.0", "", 7.0, 1},
	{"warp_size", "32", "", 32, 1},
	{"max_threads_per_block", "1024", "", 1024, 1},
	{"max_threads_per_sm", "2048", "", 2048, 1},
	{"weird_key_$&#{}", "x<y>|z \\end{document} --", "%%", 0, 0},
	{"vendor_note", "Grafikkarte f\xc3\xbcr \xc3\x84rzte \xe2\x84\xa2 "
	 "\xe4\xb8\xad bad\xff", "", 0, 0},
};

static const char src_v1[] =
	"__global__ void v1(const float *a, const float *b, float *c, int n)\n"
	"{\n\t/* one block covers the matrix */\n}\n";
static const char src_v2[] =
	"__global__ void v2(const float *a, const float *b, float *c, int n)\n"
	"{\n\tint row = blockIdx.y * blockDim.y + threadIdx.y;\n"
	"\tint col = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tfloat s = 0; // 100% & $x$ {braces}\n"
	"\tfor (int k = 0; k < n; k++)\n"
	"\t\ts += a[row * n + k] * b[k * n + col];\n"
	"\tc[row * n + col] = s;\n}\n";
static const char src_hostile[] =
	"// tries to end the listing:\n\\end{lstlisting}\n\\end{document}\n"
	"int x = 1; /* \xc3\xa9\xe2\x82\xac */\n";

/* counters/why: the session's counter pass as schema 4 stores it (NULL:
 * not stored, as in an older database). */
static int session_timers(struct store *st, struct store_device *d,
			  int hostile, int keep, const char *timers,
			  const char *counters, const char *why,
			  long long *sid)
{
	struct store_session s;

	memset(&s, 0, sizeof(s));
	s.uuid = (char *)(hostile ? "sess-bbbb" : "sess-aaaa");
	s.device_id = d->id;
	s.started_at = (char *)(hostile ? "2026-01-11T09:00:00Z" :
				"2026-01-10T10:00:00Z");
	s.status = (char *)"running";
	s.hostname = (char *)(hostile ? FIX_HOSTILE_HOST : "lab-node-1");
	s.cmdline = (char *)(hostile ?
		"mmreport measure --repeat 10 'a\"b' $HOME `rm -rf /`" :
		"mmreport measure --repeat 10");
	s.tool_version = (char *)"0.1.0";
	s.driver_version = 13000;
	s.runtime_version = 13000;
	s.driver_text = (char *)(hostile ? NULL : "580.159.04");
	s.repeat = 10;
	s.warmup = 3;
	s.min_samples = 5;
	s.max_time_s = 2.0;
	s.seed = 42;
	s.suites = (char *)"versions,transfer,ilp,reference";
	s.timers = (char *)timers;
	s.counters = (char *)counters;
	s.counters_why = (char *)why;
	s.tolerance = 1e-4;
	s.keep_samples = keep;
	if (!hostile) {
		s.env_start.has_sm_clock = 1;
		s.env_start.sm_clock_mhz = 1980;
		s.env_start.has_temp = 1;
		s.env_start.temp_c = 41;
		s.env_start.has_power = 1;
		s.env_start.power_w = 120.5;
		s.env_start.throttle_text = (char *)"none";
	}
	if (store_session_insert(st, &s)) {
		fprintf(stderr, "fixture: %s\n", store_errmsg(st));
		return -1;
	}
	*sid = s.id;
	return 0;
}

static int session(struct store *st, struct store_device *d, int hostile,
		   int keep, long long *sid)
{
	/* the counter pass as data: the timers text of the second device
	 * does not mention it, so the report can only have it from there */
	return session_timers(st, d, hostile, keep, hostile ?
		"cudaEvent (device), CLOCK_MONOTONIC (host)" :
		"cudaEvent (device), CLOCK_MONOTONIC (host); counters: CUPTI "
		"range profiler (user replay, chip GH100), metrics "
		"smsp__inst_executed.sum", hostile ? "unavailable" : "read",
		hostile ? FIX_COUNTERS_WHY : NULL, sid);
}

static int kernel(struct store *st, long long sid, const char *name,
		  const char *desc, const char *src)
{
	struct store_kernel k = {sid, (char *)name, (char *)desc,
				 (char *)src, 0, 0};

	/* as measure stores a built-in kernel: its registry traits, which
	 * the store's legacy table repeats for these names */
	store_kernel_legacy(name, &k.traits, &k.tile);

	return store_kernel_insert(st, &k);
}

int fix_kernel_put(struct store *st, long long sid, const char *name)
{
	return kernel(st, sid, name, "a kernel of the fixture",
		      "__global__ void k(void) {}\n");
}

void fix_session_init(struct store_session *s, int repeat)
{
	memset(s, 0, sizeof(*s));
	s->tool_version = (char *)"0.1.0";
	s->repeat = repeat;
	s->warmup = 3;
	s->min_samples = 5;
	s->max_time_s = 2;
	s->timers = (char *)"CUPTI activity (device)";
	s->tolerance = 1e-4;
	s->keep_samples = 1;
}

void fix_kattr_fill(const char *variant, int b, struct store_kattr *a)
{
	memset(a, 0, sizeof(*a));
	a->variant = (char *)variant;
	a->block_x = a->block_y = b;
	a->threads_per_block = b * b;
	a->regs_per_thread = b == 8 ? 40 : 32;
	a->static_smem = b == 8 ? 0 : 2048;
	a->max_threads_per_block = 1024;
	a->limit_warps = 2048 / (b * b);
	a->limit_regs = 65536 / (a->regs_per_thread * b * b);
	a->limit_smem = b == 8 ? 32 : 114;
	a->limit_blocks = 32;
	a->active_blocks = b == 8 ? 25 : 8;
	a->active_threads = a->active_blocks * b * b;
	a->active_warps = a->active_threads / 32;
	a->occupancy = a->active_threads / 2048.0;
	/* two limits tie for v2's 16x16: measure lists both */
	a->limiter = (char *)(b == 8 ? "registers" : strcmp(variant, "v2") ?
			      "warps" : "warps, registers");
}

static int kattr(struct store *st, long long sid, const char *variant,
		 int b, const char *limiter)
{
	struct store_kattr a;

	fix_kattr_fill(variant, b, &a);
	a.session_id = sid;
	if (limiter)
		a.limiter = (char *)limiter;
	return store_kattr_insert(st, &a);
}

static int device(struct store *st, int hostile, struct store_device *d)
{
	memset(d, 0, sizeof(*d));
	d->uuid = (char *)(hostile ? "GPU-bbbbbbbb-2222-3333-4444-555555555555"
			   : "GPU-aaaaaaaa-1111-2222-3333-444444444444");
	d->name = (char *)(hostile ? FIX_HOSTILE_NAME : FIX_NAME_A);
	d->pci_bus_id = (char *)(hostile ? "00000000:3B:00.0" :
				 "00000000:19:00.0");
	d->cc_major = hostile ? 7 : 9;
	d->cc_minor = 0;
	d->sm_count = hostile ? 80 : 132;
	d->peak_fp32_gflops = hostile ? 14131.2 : 66908.16;
	d->peak_mem_gbs = hostile ? 900 : 3352.32;
	d->props = hostile ? props_b : props_a;
	d->nprops = hostile ? sizeof(props_b) / sizeof(props_b[0]) :
		    sizeof(props_a) / sizeof(props_a[0]);
	if (store_device_upsert(st, d)) {
		fprintf(stderr, "fixture: %s\n", store_errmsg(st));
		return -1;
	}
	return 0;
}

static int one_device(struct store *st, int dev)
{
	struct store_device d;
	long long sid;
	int keep = dev == 0;	/* the second device's database is slim */
	size_t v, i, j, h;
	int rc = 0;
	static const char *const vv[] = {"v1", "v2"};

	if (device(st, dev, &d) || session(st, &d, dev, keep, &sid))
		return -1;
	rc |= kernel(st, sid, "v1", "One block covers the whole matrix.",
		     src_v1);
	rc |= kernel(st, sid, "v2", "One thread per element of C; "
		     "50% faster & {cheaper} than v1 ~ maybe.", src_v2);
	for (v = 0; v < 2; v++)
		for (j = 0; j < 2; j++)
			rc |= kattr(st, sid, vv[v], fix_versions_blocks[j],
				    NULL);
	for (v = 0; v < 2; v++)
		for (i = 0; i < 3; i++)
			for (j = 0; j < 2; j++) {
				int n = fix_versions_sizes[i];
				int b = fix_versions_blocks[j];
				const char *status = "ok", *why = NULL;

				if (dev == 0 && n == 256 && b == 16 && v == 0) {
					status = "skipped";
					why = "needs 256 threads & 100% of "
					      "<nothing> #1";
				}
				if (dev == 0 && n == 256 && b == 16 && v == 1) {
					status = "failed";
					why = "relative error 3.2e-01 exceeds "
					      "1e-04";
				}
				rc |= insert(st, sid, dev, "versions", vv[v],
					     "", n, b, 1, status, why, keep);
			}
	for (i = 0; i < 3; i++)
		rc |= insert(st, sid, dev, "reference", "cublas", "",
			     fix_versions_sizes[i], 0, 1, "ok", NULL, keep);
	for (v = 0; v < 2; v++)
		for (h = 0; h < 3; h++)
			for (i = 0; i < 2; i++)
				rc |= insert(st, sid, dev, "transfer",
					     fix_transfer_variants[v],
					     fix_hosts[h], fix_transfer_sizes[i],
					     16, 1, "ok", NULL, keep);
	for (i = 0; i < 3; i++) {
		for (j = 0; j < 3; j++)
			rc |= insert(st, sid, dev, "ilp", "copy_ilp", "",
				     fix_ilp_log2[i], 0, fix_ilps[j], "ok",
				     NULL, keep);
		rc |= insert(st, sid, dev, "ilp", "memcpy", "",
			     fix_ilp_log2[i], 0, 1, "ok", NULL, keep);
	}
	if (dev == 1) {
		rc |= kernel(st, sid, FIX_HOSTILE_VARIANT,
			     "Hostile: \\input{/etc/passwd} $x^2$ & 100% "
			     "@@TITLE@@",
			     src_hostile);
		rc |= kattr(st, sid, FIX_HOSTILE_VARIANT, 8,
			    "shared memory & $stuff");
		rc |= insert(st, sid, dev, "versions", FIX_HOSTILE_VARIANT,
			     "", 64, 8, 1, "ok", NULL, keep);
	}
	rc |= store_session_finish(st, sid, dev ? "2026-01-11T09:40:00Z" :
				   "2026-01-10T10:30:00Z", "complete", NULL);
	return rc ? -1 : 0;
}

static int open_new(const char *path, struct store **st)
{
	char err[256];

	unlink(path);
	if (store_open(path, STORE_CREATE, st, err, sizeof(err))) {
		fprintf(stderr, "fixture: cannot create %s: %s\n", path, err);
		return -1;
	}
	return 0;
}

int fix_build(const char *path)
{
	struct store *st;
	int rc;

	if (open_new(path, &st))
		return -1;
	rc = one_device(st, 0) || one_device(st, 1) ? -1 : 0;
	store_free(st);
	return rc;
}

static int build_minimal(const char *path, const char *timers)
{
	struct store_device d;
	struct store *st;
	long long sid;
	size_t i;
	int rc;

	if (open_new(path, &st))
		return -1;
	no_counters = 1;
	/* an older database's way: the reason only in the timers text */
	rc = device(st, 0, &d) || session_timers(st, &d, 0, 1, timers, NULL,
						 NULL, &sid);
	for (i = 0; i < 3 && !rc; i++)
		rc = insert(st, sid, 0, "versions", "v2", "",
			    fix_versions_sizes[i], 16, 1, "ok", NULL, 1);
	if (!rc)
		rc = store_session_finish(st, sid, "2026-01-10T10:30:00Z",
					  "complete", NULL);
	no_counters = 0;
	store_free(st);
	return rc ? -1 : 0;
}

int fix_build_minimal(const char *path)
{
	return build_minimal(path, "cudaEvent (device), CLOCK_MONOTONIC "
			     "(host)");
}

int fix_build_minimal_unavailable(const char *path, const char *why)
{
	char timers[512];

	snprintf(timers, sizeof(timers), "cudaEvent (device), "
		 "CLOCK_MONOTONIC (host); counters: unavailable: %s", why);
	return build_minimal(path, timers);
}

int fix_build_empty(const char *path)
{
	struct store *st;

	if (open_new(path, &st))
		return -1;
	store_free(st);
	return 0;
}

char *fix_tmpdir(void)
{
	const char *t = getenv("TMPDIR");
	char *p = malloc(4096);

	if (!p)
		return NULL;
	snprintf(p, 4096, "%s/mmreport-test-XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(p)) {
		free(p);
		return NULL;
	}
	return p;
}

void fix_rmdir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096];

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (unlink(path))
			fix_rmdir(path);
	}
	closedir(d);
	rmdir(dir);
}

int fix_have(const char *prog)
{
	const char *path = getenv("PATH"), *p, *e;
	char buf[4096];

	if (!path)
		return 0;
	for (p = path;; p = e + 1) {
		e = strchr(p, ':');
		if (!e)
			e = p + strlen(p);
		snprintf(buf, sizeof(buf), "%.*s/%s", (int)(e - p), p, prog);
		if (e > p && access(buf, X_OK) == 0)
			return 1;
		if (!*e)
			return 0;
	}
}

char *fix_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long len;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)len + 1);
		if (buf && fread(buf, 1, (size_t)len, f) != (size_t)len) {
			free(buf);
			buf = NULL;
		}
		if (buf)
			buf[len] = '\0';
	}
	fclose(f);
	return buf;
}

/* The own kernel's configuration at n = 128: ten kernel times around
 * 0.1 ms and their GFLOP/s. */
static int own_ok(struct store *st, long long sid)
{
	static double t[10], g[10];
	struct store_metric sm[2] = {{"kernel", "ms", t, 10},
				     {"gflops", "GFLOP/s", g, 10}};
	struct store_config c;
	int i;

	for (i = 0; i < 10; i++) {
		t[i] = 0.1 * (1 + 0.01 * i);
		g[i] = 2.0 * 128 * 128 * 128 / (t[i] * 1e6);
	}
	memset(&c, 0, sizeof(c));
	c.session_id = sid;
	c.suite = (char *)"versions";
	c.variant = (char *)FIX_OWN;
	c.host_mem = (char *)"";
	c.precision = (char *)"fp32";
	c.status = (char *)"ok";
	c.finished_at = (char *)"2026-01-12T08:01:00Z";
	c.m = c.k = c.n = 128;
	c.block_x = c.block_y = 16;
	c.ilp = 1;
	c.rel_error = 1e-6;
	c.flops = 2.0 * 128 * 128 * 128;
	c.samples = 10;
	c.noise = FIX_OWN_NOISE;
	c.throttled = 9;
	c.discarded = FIX_OWN_DISCARDED;
	return store_config_insert(st, &c, sm, 2, 1);
}

int fix_add_own(const char *path)
{
	struct store *st;
	struct store_device d;
	struct store_session s;
	char err[256];
	int rc;

	if (store_open(path, STORE_WRITE, &st, err, sizeof(err))) {
		fprintf(stderr, "fixture: cannot open %s: %s\n", path, err);
		return -1;
	}
	fix_session_init(&s, 10);
	rc = device(st, 0, &d);
	s.uuid = (char *)"sess-own";
	s.device_id = d.id;
	s.started_at = (char *)"2026-01-12T08:00:00Z";
	s.status = (char *)"running";
	s.hostname = (char *)"lab-node-1";
	s.cmdline = (char *)"mmreport measure --kernel mine.cu";
	s.max_noise_pct = 0.5;
	rc = rc || store_session_insert(st, &s) ||
	     kernel(st, s.id, FIX_OWN, "an own kernel",
		    "__global__ void mine(void) {}\n") ||
	     own_ok(st, s.id) ||
	     insert(st, s.id, 0, "versions", FIX_OWN, "", 256, 16, 1,
		    "failed", "the kernel faulted: " FIX_OWN_FAULT
		    " (found by cudaStreamSynchronize)", 1) ||
	     insert(st, s.id, 0, "versions", FIX_OWN, "", 384, 16, 1,
		    "failed", "verification failed: relative error 3.2e-01 "
		    "exceeds 1e-04", 1) ||
	     store_session_finish(st, s.id, "2026-01-12T08:10:00Z",
				  "complete", NULL);
	if (rc)
		fprintf(stderr, "fixture: %s\n", store_errmsg(st));
	store_free(st);
	return rc ? -1 : 0;
}
