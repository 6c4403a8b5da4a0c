/* measure_run: options, plan, devices, then one session per device, each
 * configuration stored in its own transaction as soon as it is done. */
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "counters.h"
#include "device.h"
#include "mcuda.h"
#include "measure.h"
#include "plan.h"
#include "rng.h"
#include "runner.h"
#include "stats.h"
#include "store.h"

#ifndef MMREPORT_VERSION
#define MMREPORT_VERSION "unknown"
#endif

void measure_options_init(struct measure_options *o)
{
	memset(o, 0, sizeof(*o));
	o->repeat = PLAN_DEFAULT_REPEAT;
	o->warmup = PLAN_DEFAULT_WARMUP;
	o->min_samples = PLAN_DEFAULT_MIN;
	o->max_time_s = PLAN_DEFAULT_MAX_TIME;
	o->seed = PLAN_DEFAULT_SEED;
	o->keep_samples = 1;
}

/* ---- interruption ------------------------------------------------------- */

static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
	stop_flag = 1;
	/* A second Ctrl-C ends the process at once; the store's
	 * per-configuration transactions keep the file whole. */
	signal(sig, SIG_DFL);
}

int measure_stop_requested(void)
{
	return stop_flag != 0;
}

struct sig_saved {
	struct sigaction intr, term;
};

static void signals_install(struct sig_saved *old)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	stop_flag = 0;
	sigaction(SIGINT, &sa, &old->intr);
	sigaction(SIGTERM, &sa, &old->term);
}

static void signals_restore(const struct sig_saved *old)
{
	sigaction(SIGINT, &old->intr, NULL);
	sigaction(SIGTERM, &old->term, NULL);
}

/* ---- small helpers ------------------------------------------------------ */

static void iso_now(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* A random (version 4) UUID from /dev/urandom; should that fail, from
 * the clock and the process id, which still tells sessions apart. */
static void uuid_random(char *buf, size_t len)
{
	unsigned char b[16];
	int fd = open("/dev/urandom", O_RDONLY);
	ssize_t got = fd >= 0 ? read(fd, b, sizeof(b)) : -1;

	if (fd >= 0)
		close(fd);
	if (got != (ssize_t)sizeof(b)) {
		struct timespec ts;
		uint64_t x, y;

		clock_gettime(CLOCK_REALTIME, &ts);
		x = rng_config_seed((uint64_t)ts.tv_nsec, ts.tv_sec, getpid(),
				    0, 0);
		y = rng_config_seed(x, 1, 2, 3, 4);
		memcpy(b, &x, 8);
		memcpy(b + 8, &y, 8);
	}
	b[6] = (unsigned char)((b[6] & 0x0f) | 0x40);
	b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);
	snprintf(buf, len, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
		 "%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3], b[4],
		 b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
		 b[14], b[15]);
}

/* cudaGetDeviceCount, with "no device" and "no driver" as one clear
 * outcome. Returns 0 with *n > 0, or -1 after the message. */
static int devices_count(int *n, const char *consequence)
{
	cudaError_t err = cudaGetDeviceCount(n);

	if (err != cudaSuccess || *n <= 0) {
		fprintf(stderr, "mmreport: no usable CUDA device or driver "
			"(cudaGetDeviceCount: %s)%s\n", err != cudaSuccess ?
			cudaGetErrorString(err) : "0 devices", consequence);
		(void)cudaGetLastError();
		return -1;
	}
	return 0;
}

int measure_devices_print(FILE *out)
{
	struct measure_device d;
	int n;

	if (devices_count(&n, ""))
		return MEASURE_ERR_NODEV;
	for (int i = 0; i < n; i++) {
		if (measure_device_query(i, &d))
			return MEASURE_ERR_CUDA;
		fprintf(out, "%d  %s  cc %d.%d  %.1f GiB  %s  %s\n", i,
			d.prop.name, d.prop.major, d.prop.minor,
			d.prop.totalGlobalMem / 1073741824.0, d.uuid, d.pci);
	}
	return MEASURE_OK;
}

/* ---- progress ----------------------------------------------------------- */

struct progress {
	int tty, quiet;
	size_t done, total;
	double est_total, est_done, t0;
};

static void progress_line(struct progress *pg, const struct plan_entry *e)
{
	double elapsed = run_now() - pg->t0, ratio = 1, eta;
	char sizes[48], block[24], line[160];
	long s;

	if (!pg->tty || pg->quiet)
		return;
	/* The model's remaining time, scaled by how fast reality has been
	 * against the model so far. */
	if (pg->est_done > 0 && elapsed > 0)
		ratio = elapsed / pg->est_done;
	if (ratio < 0.05)
		ratio = 0.05;
	if (ratio > 20)
		ratio = 20;
	eta = (pg->est_total - pg->est_done) * ratio;
	s = (long)ceil(eta);
	if (e->suite == PLAN_ILP)
		snprintf(sizes, sizeof(sizes), "N=%lld", e->count);
	else if (e->m == e->n && e->k == e->n)
		snprintf(sizes, sizeof(sizes), "n=%d", e->n);
	else
		snprintf(sizes, sizeof(sizes), "%dx%dx%d", e->m, e->k, e->n);
	snprintf(block, sizeof(block), e->block ? "b=%d" : "b=-", e->block);
	snprintf(line, sizeof(line), "[%zu/%zu] %s %s %s %s%s%s ETA %02ld:%02ld",
		 pg->done + 1, pg->total, plan_suite_name(e->suite),
		 e->variant, sizes, block, e->host ? " " : "",
		 plan_host_name(e->host), s / 60, s % 60);
	/* One updating line: padded over whatever the last one left. */
	fprintf(stderr, "\r%-79.79s", line);
	fflush(stderr);
}

/* After a configuration: on a terminal, only what needs attention gets
 * its own line (skipped, failed); otherwise one line each. */
static void progress_done(struct progress *pg, const struct plan_entry *e,
			  const struct run_result *r, double est)
{
	char line[160], stat_txt[160] = "";
	struct stats_summary s0, s1;
	int ok = strcmp(r->status, "ok") == 0;

	pg->done++;
	pg->est_done += est;
	if (pg->quiet || (pg->tty && ok))
		return;
	plan_entry_format(e, line, sizeof(line));
	if (ok && r->nm >= 2 &&
	    !stats_summary_compute(r->m[0].s.v, r->m[0].s.n, &s0) &&
	    !stats_summary_compute(r->m[1].s.v, r->m[1].s.n, &s1))
		snprintf(stat_txt, sizeof(stat_txt), ", median %s %.4g %s, "
			 "%s %.4g %s, n=%d", r->m[0].name, s0.median,
			 r->m[0].unit, r->m[1].name, s1.median, r->m[1].unit,
			 r->samples);
	if (pg->tty)
		fprintf(stderr, "\r%79s\r", "");
	fprintf(stderr, "[%zu/%zu] %s: %s%s%s%s\n", pg->done, pg->total, line,
		r->status, ok ? "" : " (", ok ? stat_txt : r->reason,
		ok ? "" : ")");
}

static void progress_end(struct progress *pg)
{
	if (pg->tty && !pg->quiet)
		fprintf(stderr, "\r%*s\r", 79, "");
}

/* ---- the session's fixed rows ------------------------------------------- */

static const char memcpy_description[] =
	"cudaMemcpyAsync device to device: the copy ceiling of the ilp suite";
static const char memcpy_source[] =
	"/* The ilp suite's ceiling row: the runtime's own copy. */\n"
	"cudaMemcpyAsync(b, a, N * sizeof(int), cudaMemcpyDeviceToDevice,\n"
	"\t\tstream);\n";

struct mctx {
	const struct measure_options *o;
	const char *db;
	struct plan_settings set;
	struct store *st;
	struct measure_nvml *nv;
	struct progress pg;
	int verify_failed, cuda_failed;
};

static int store_fail(struct mctx *m, const char *what)
{
	fprintf(stderr, "mmreport: cannot write '%s': %s: %s\n",
		m->db, what, store_errmsg(m->st));
	return MEASURE_ERR_STORE;
}

static int kernels_store(struct mctx *m, int64_t sid, const struct plan *p)
{
	for (size_t i = 0; i < p->n; i++) {
		const struct plan_entry *e = &p->e[i];
		struct store_kernel k = { sid, NULL, NULL, NULL };
		size_t j;

		for (j = 0; j < i; j++)
			if (strcmp(p->e[j].variant, e->variant) == 0)
				break;
		if (j < i)
			continue;
		k.name = (char *)e->variant;
		k.description = (char *)(e->kd ? e->kd->description :
					 memcpy_description);
		k.source = (char *)(e->kd ? e->kd->source : memcpy_source);
		if (store_kernel_insert(m->st, &k))
			return store_fail(m, "kernel");
	}
	return MEASURE_OK;
}

/* Kernel attributes and theoretical occupancy of one (variant, block):
 * the attributes and the active-block count from the runtime, the
 * per-resource limits from measure_occupancy_compute. */
static int kattr_store(struct mctx *m, int64_t sid,
		       const struct measure_device *d,
		       const struct plan_entry *e)
{
	const struct cudaDeviceProp *pr = &d->prop;
	struct measure_occ_input in = { 0 };
	struct measure_occ occ;
	struct cudaFuncAttributes fa;
	struct store_kattr a = { 0 };
	const void *func = e->kd->func(e->block, e->ilp);
	int threads = e->kd->threads(e->block, e->ilp), active = 0;

	if (!func || threads <= 0 || threads > pr->maxThreadsPerBlock)
		return MEASURE_OK;	/* check() will skip its configs */
	if (MCUDA(cudaFuncGetAttributes(&fa, func)) ||
	    MCUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, func,
							threads, 0))) {
		(void)cudaGetLastError();	/* not sticky: go on */
		return MEASURE_OK;
	}
	in.threads_per_block = threads;
	in.regs_per_thread = fa.numRegs;
	in.smem_per_block = (int)fa.sharedSizeBytes;
	in.warp_size = pr->warpSize;
	in.max_threads_per_sm = pr->maxThreadsPerMultiProcessor;
	in.regs_per_sm = pr->regsPerMultiprocessor;
	in.reg_alloc_unit = 256;
	in.smem_per_sm = (int)pr->sharedMemPerMultiprocessor;
	in.smem_reserved_per_block = (int)pr->reservedSharedMemPerBlock;
	in.max_blocks_per_sm = pr->maxBlocksPerMultiProcessor;
	if (measure_occupancy_compute(&in, &occ))
		return MEASURE_OK;
	a.session_id = sid;
	a.variant = (char *)e->variant;
	/* The copy kernel's blocks are one-dimensional. */
	a.block_x = e->suite == PLAN_ILP ? threads : e->block;
	a.block_y = e->suite == PLAN_ILP ? 1 : e->block;
	a.threads_per_block = threads;
	a.regs_per_thread = fa.numRegs;
	a.static_smem = (int)fa.sharedSizeBytes;
	a.local_bytes = (int)fa.localSizeBytes;
	a.max_threads_per_block = fa.maxThreadsPerBlock;
	/* The runtime's answer is the truth; the limits explain it. */
	a.active_blocks = active;
	a.active_warps = active * occ.warps_per_block;
	a.active_threads = active * threads;
	a.occupancy = (double)a.active_warps * pr->warpSize /
		      pr->maxThreadsPerMultiProcessor;
	a.limit_warps = occ.limit_warps;
	a.limit_regs = occ.limit_regs;
	a.limit_smem = occ.limit_smem;
	a.limit_blocks = occ.limit_blocks;
	a.limiter = occ.limiter;
	if (store_kattr_insert(m->st, &a))
		return store_fail(m, "kernel attributes");
	return MEASURE_OK;
}

static int kattrs_store(struct mctx *m, int64_t sid,
			const struct measure_device *d, const struct plan *p)
{
	for (size_t i = 0; i < p->n; i++) {
		const struct plan_entry *e = &p->e[i];
		size_t j;
		int rc;

		if (!e->kd || !e->block)
			continue;
		/* One row per (variant, block shape), the table's key. The
		 * copy kernel's shape is its thread count: should --blocks
		 * give two ILP values the same count, the first is kept. */
		for (j = 0; j < i; j++)
			if (strcmp(p->e[j].variant, e->variant) == 0 &&
			    p->e[j].block == e->block)
				break;
		if (j < i)
			continue;
		if ((rc = kattr_store(m, sid, d, e)))
			return rc;
	}
	return MEASURE_OK;
}

static const char timers_text[] =
	"cudaEvent pairs for device work (kernel time; ilp: one pair around "
	"a batch of min(100, 2^24/N) launches when N < 2^24, divided by the "
	"batch); CLOCK_MONOTONIC for host work (transfer phases malloc, "
	"memcpy_ab and memcpy_c each ending in a stream synchronisation, "
	"sync, free, and total without the input fill)";

/* The session's timers text with the counters mode appended: the method
 * the report states, or why there are no counters (render reads the
 * "counters: unavailable: " form back). Returns a malloc'd string, NULL
 * when memory runs out. */
static char *timers_with_counters(const struct counters *cn,
				  const char *unavailable)
{
	const char *name;
	char *text = NULL;
	size_t len = 0;
	int first = 1;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	fputs(timers_text, f);
	if (unavailable) {
		fprintf(f, "; counters: unavailable: %s", unavailable);
	} else if (cn) {
		fprintf(f, "; counters: CUPTI range profiler (user replay, "
			"chip %s), one launch per configuration after its "
			"samples, metrics ", counters_chip(cn));
		for (int i = 0; i < COUNTERS_METRIC_COUNT; i++) {
			name = counters_metric_name(cn, i);
			if (!name)
				continue;
			fprintf(f, "%s%s", first ? "" : ", ", name);
			first = 0;
		}
	}
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

/* 1 when p holds a configuration that gets a counter pass. */
static int plan_has_matrix(const struct plan *p)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->e[i].suite != PLAN_ILP)
			return 1;
	return 0;
}

/* "versions,ilp" from the suites the plan holds. */
static void suites_text(const struct plan *p, char *buf, size_t len)
{
	int seen[PLAN_NSUITES] = { 0 };
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < p->n; i++)
		seen[p->e[i].suite] = 1;
	for (int s = 0; s < PLAN_NSUITES; s++)
		if (seen[s] && used < len)
			used += (size_t)snprintf(buf + used, len - used,
						 "%s%s", used ? "," : "",
						 plan_suite_name(s));
}

/* ---- one configuration -------------------------------------------------- */

enum { CFG_DONE, CFG_STOPPED, CFG_BROKEN, CFG_STORE };

static int config_run(struct mctx *m, struct run_ctx *c, int64_t sid,
		      const struct plan_entry *e)
{
	const struct measure_device *d = c->dev;
	struct store_metric metrics[RUN_MAX_METRICS];
	struct store_config cfg = { 0 };
	struct kernel_args a = { 0 };
	struct run_result r;
	char finished[32], why[256] = "";
	double t0 = run_now(), est = plan_entry_estimate(e, &m->set);
	int stopped = 0, rc = CFG_DONE, keep;
	size_t i, nm = 0;

	run_result_init(&r);
	progress_line(&m->pg, e);
	if (e->suite != PLAN_ILP)
		run_ilp_release(c);	/* give other suites the memory */
	a.m = e->m;
	a.k = e->k;
	a.n = e->n;
	a.count = (size_t)e->count;
	a.block = e->block;
	a.ilp = e->ilp;
	if (e->kd && e->kd->check(&a, d->prop.maxThreadsPerBlock,
				  d->prop.sharedMemPerBlock, why,
				  sizeof(why)))
		run_skip(&r, "%s", why[0] ? why : "refused by the kernel");
	else if (e->suite == PLAN_TRANSFER)
		stopped = run_transfer(c, e, &r);
	else if (e->suite == PLAN_ILP)
		stopped = run_ilp(c, e, &r);
	else
		stopped = run_gemm(c, e, &r);
	if (stopped) {
		/* The configuration in flight is dropped, not stored. */
		run_result_release(&r);
		return CFG_STOPPED;
	}
	if (r.cuda_error) {
		m->cuda_failed = 1;
		/* A sticky error leaves the context unusable: this device's
		 * session ends after storing what happened. */
		if (MCUDA(cudaDeviceSynchronize()))
			rc = CFG_BROKEN;
		(void)cudaGetLastError();
	}
	if (r.verify_failed)
		m->verify_failed = 1;

	iso_now(finished, sizeof(finished));
	cfg.session_id = sid;
	cfg.suite = (char *)plan_suite_name(e->suite);
	cfg.variant = (char *)e->variant;
	cfg.m = e->m;
	cfg.k = e->k;
	cfg.n = e->n;
	cfg.count = e->count;
	cfg.block_x = e->block;
	cfg.block_y = e->block ? (e->suite == PLAN_ILP ? 1 : e->block) : 0;
	cfg.ilp = e->ilp;
	cfg.host_mem = (char *)plan_host_name(e->host);
	cfg.precision = (char *)(e->suite == PLAN_ILP ? "int32" : "fp32");
	cfg.status = (char *)r.status;
	cfg.reason = strcmp(r.status, "ok") ? r.reason : NULL;
	cfg.rel_error = r.rel_error;
	cfg.flops = e->kd ? e->kd->flops(&a) : 0;
	cfg.bytes = e->kd ? e->kd->bytes(&a) :
		    2.0 * sizeof(int) * (double)e->count;
	cfg.samples = strcmp(r.status, "ok") ? 0 : r.samples;
	cfg.seconds = run_now() - t0;
	cfg.finished_at = finished;
	/* Failed and skipped configurations carry no metrics: a failed
	 * kernel is never presented as a speed. */
	if (strcmp(r.status, "ok") == 0)
		for (i = 0; i < r.nm; i++) {
			metrics[nm].name = r.m[i].name;
			metrics[nm].unit = r.m[i].unit;
			metrics[nm].values = r.m[i].s.v;
			metrics[nm].n = r.m[i].s.n;
			nm++;
		}
	/* --slim keeps the raw samples where the significance tests need
	 * them (transfer's gains); statistics are kept always. */
	keep = m->set.keep_samples || e->suite == PLAN_TRANSFER;
	if (store_config_insert(m->st, &cfg, metrics, nm, keep)) {
		store_fail(m, "configuration");
		rc = CFG_STORE;
	}
	progress_done(&m->pg, e, &r, est);
	run_result_release(&r);
	return rc;
}

/* ---- one device --------------------------------------------------------- */

static int session_run(struct mctx *m, int index, const struct plan *p)
{
	struct measure_device d;
	struct store_device row = { 0 };
	struct store_session s = { 0 };
	struct store_env env_end = { 0 };
	struct run_ctx c = { 0 };
	char started[32], ended[32], uuid[48], host[256] = "", suites[64];
	char why[512], *timers = NULL;
	const char *status = "complete", *unavailable = NULL;
	int rc = MEASURE_OK, ev = 0, session = 0;

	if (measure_device_query(index, &d))
		return MEASURE_ERR_CUDA;
	if (measure_device_row(&d, &row)) {
		fprintf(stderr, "mmreport: measure: out of memory\n");
		return MEASURE_ERR_STORE;
	}
	if (store_device_upsert(m->st, &row)) {
		rc = store_fail(m, "device");
		goto out;
	}
	iso_now(started, sizeof(started));
	uuid_random(uuid, sizeof(uuid));
	if (gethostname(host, sizeof(host) - 1))
		snprintf(host, sizeof(host), "unknown");
	suites_text(p, suites, sizeof(suites));
	/* Once per device session, before its row, so that the row says
	 * which counters mode the session used; the ilp suite has no
	 * counter pass. */
	if (m->o->counters && plan_has_matrix(p) &&
	    counters_open(index, &c.counters, why, sizeof(why))) {
		fprintf(stderr, "mmreport: counters unavailable: %s; "
			"measuring without them\n", why);
		unavailable = why;
	}
	if (c.counters) {
		int l2 = 0;

		/* Every pass counts from cold, clean caches (see
		 * counters_prepare_set); without the scrub the DRAM counts
		 * would hold write-backs of lines other work left dirty. */
		if (MCUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize,
						 index)) ||
		    kernel_scrub_create((size_t)l2, &c.scrub) ||
		    counters_prepare_set(c.counters, kernel_scrub_run,
					 c.scrub, KERNEL_SCRUB_KERNELS)) {
			snprintf(why, sizeof(why), "no device memory for the "
				 "L2 scrub buffer");
			fprintf(stderr, "mmreport: counters unavailable: %s; "
				"measuring without them\n", why);
			unavailable = why;
			counters_free(c.counters);
			c.counters = NULL;
		}
	}
	timers = timers_with_counters(c.counters, unavailable);
	if (!timers) {
		fprintf(stderr, "mmreport: measure: out of memory\n");
		rc = MEASURE_ERR_STORE;
		goto out;
	}
	s.uuid = uuid;
	s.device_id = row.id;
	s.started_at = started;
	s.status = "running";
	s.hostname = host;
	s.cmdline = (char *)(m->o->cmdline ? m->o->cmdline : "mmreport measure");
	s.tool_version = MMREPORT_VERSION;
	s.driver_version = d.driver_version;
	s.runtime_version = d.runtime_version;
	s.driver_text = measure_nvml_driver(m->nv);
	s.repeat = m->set.repeat;
	s.warmup = m->set.warmup;
	s.min_samples = m->set.min_samples;
	s.max_time_s = m->set.max_time_s;
	s.seed = m->set.seed;
	s.suites = suites;
	s.timers = timers;
	s.tolerance = PLAN_TOLERANCE;
	s.keep_samples = m->set.keep_samples;
	measure_nvml_read(m->nv, d.pci, d.uuid, &s.env_start);
	if (store_session_insert(m->st, &s)) {
		rc = store_fail(m, "session");
		goto out;
	}
	session = 1;
	if ((rc = kernels_store(m, s.id, p)) ||
	    (rc = kattrs_store(m, s.id, &d, p)))
		goto out;

	c.set = &m->set;
	c.dev = &d;
	c.blas = kernel_blas_create();
	if (!c.blas) {
		rc = MEASURE_ERR_CUDA;
		goto out;
	}
	if (MCUDA(cudaEventCreate(&c.ev0))) {
		rc = MEASURE_ERR_CUDA;
		goto out;
	}
	ev = 1;
	if (MCUDA(cudaEventCreate(&c.ev1))) {
		rc = MEASURE_ERR_CUDA;
		goto out;
	}
	ev = 2;
	for (size_t i = 0; i < p->n; i++) {
		int cr;

		if (measure_stop_requested()) {
			rc = MEASURE_INTERRUPTED;
			break;
		}
		cr = config_run(m, &c, s.id, &p->e[i]);
		if (cr == CFG_STOPPED) {
			rc = MEASURE_INTERRUPTED;
			break;
		}
		if (cr == CFG_STORE) {
			rc = MEASURE_ERR_STORE;
			break;
		}
		if (cr == CFG_BROKEN) {
			fprintf(stderr, "mmreport: measure: device %d is "
				"unusable after a CUDA error; its session "
				"ends here\n", index);
			rc = MEASURE_ERR_CUDA;
			break;
		}
	}
out:
	if (ev >= 2)
		MCUDA(cudaEventDestroy(c.ev1));
	if (ev >= 1)
		MCUDA(cudaEventDestroy(c.ev0));
	run_ilp_release(&c);
	counters_free(c.counters);
	kernel_scrub_free(c.scrub);
	kernel_blas_free(c.blas);
	run_inputs_release(&c.cache);
	if (session) {
		status = rc == MEASURE_OK ? "complete" :
			 rc == MEASURE_INTERRUPTED ? "interrupted" : "failed";
		iso_now(ended, sizeof(ended));
		measure_nvml_read(m->nv, d.pci, d.uuid, &env_end);
		if (store_session_finish(m->st, s.id, ended, status,
					 &env_end) && rc == MEASURE_OK)
			rc = store_fail(m, "session end");
	}
	measure_env_release(&env_end);
	measure_env_release(&s.env_start);
	free(s.driver_text);
	free(timers);
	measure_device_row_release(&row);
	return rc;
}

/* ---- the whole run ------------------------------------------------------ */

static void devices_text(const struct plan_spec *spec, char *buf,
			 size_t len)
{
	size_t used = 0;

	if (spec->device_all) {
		snprintf(buf, len, "all");
		return;
	}
	buf[0] = '\0';
	for (size_t i = 0; i < spec->ndevices && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%d",
					 i ? "," : "", spec->devices[i]);
}

int measure_run(const struct measure_options *o, FILE *out)
{
	struct plan_spec spec;
	struct plan *plans = NULL;
	struct mctx m = { 0 };
	struct sig_saved saved;
	int *devs = NULL, ndev = 0, count = 0, rc = MEASURE_OK, signals = 0;
	char err[256], devtext[64];

	m.o = o;
	m.db = o->db_path ? o->db_path : "mmreport.db";
	plan_settings_resolve(o, &m.set);
	if (plan_spec_parse(o, &spec))
		return MEASURE_ERR_USAGE;
	devices_text(&spec, devtext, sizeof(devtext));
	if (o->dry_run) {
		struct plan p;

		/* No CUDA call and no database here: the ilp sizes assume
		 * PLAN_DRYRUN_FREE_MEM. */
		if (plan_build(&spec, PLAN_DRYRUN_FREE_MEM, &p)) {
			fprintf(stderr, "mmreport: measure: out of memory\n");
			rc = MEASURE_ERR_USAGE;
		} else {
			plan_print(&p, &m.set, devtext, spec.nsizes > 0, out);
			plan_release(&p);
		}
		goto out;
	}

	/* Devices before the database: without one, nothing is created. */
	if (devices_count(&count, "; nothing measured, database not "
			  "touched")) {
		rc = MEASURE_ERR_NODEV;
		goto out;
	}
	ndev = spec.device_all ? count : (int)spec.ndevices;
	devs = calloc((size_t)ndev, sizeof(*devs));
	plans = calloc((size_t)ndev, sizeof(*plans));
	if (!devs || !plans) {
		fprintf(stderr, "mmreport: measure: out of memory\n");
		rc = MEASURE_ERR_STORE;
		goto out;
	}
	for (int i = 0; i < ndev; i++) {
		devs[i] = spec.device_all ? i : spec.devices[i];
		if (devs[i] >= count) {
			fprintf(stderr, "mmreport: measure: invalid --device "
				"'%s': %d CUDA device%s present (0..%d) %s\n",
				o->device, count, count == 1 ? "" : "s",
				count - 1, PLAN_HELP_HINT);
			rc = MEASURE_ERR_USAGE;
			goto out;
		}
	}
	for (int i = 0; i < ndev; i++) {
		size_t free_mem = 0, total_mem = 0;

		if (MCUDA(cudaSetDevice(devs[i])) ||
		    MCUDA(cudaMemGetInfo(&free_mem, &total_mem))) {
			rc = MEASURE_ERR_CUDA;
			goto out;
		}
		if (plan_build(&spec, free_mem, &plans[i])) {
			fprintf(stderr, "mmreport: measure: out of memory\n");
			rc = MEASURE_ERR_STORE;
			goto out;
		}
		m.pg.total += plans[i].n;
		for (size_t j = 0; j < plans[i].n; j++)
			m.pg.est_total += plan_entry_estimate(&plans[i].e[j],
							      &m.set);
	}

	if (store_open(m.db, STORE_CREATE, &m.st, err, sizeof(err))) {
		fprintf(stderr, "mmreport: cannot open '%s': %s\n", m.db,
			err);
		rc = MEASURE_ERR_STORE;
		goto out;
	}
	signals_install(&saved);
	signals = 1;
	m.nv = measure_nvml_open();
	m.pg.tty = isatty(STDERR_FILENO);
	m.pg.quiet = o->quiet;
	m.pg.t0 = run_now();
	for (int i = 0; i < ndev; i++) {
		int drc = session_run(&m, devs[i], &plans[i]);

		if (drc == MEASURE_ERR_STORE || drc == MEASURE_INTERRUPTED) {
			rc = drc;
			break;
		}
		if (drc != MEASURE_OK)
			rc = drc;
	}
	progress_end(&m.pg);
	if (rc == MEASURE_OK && m.cuda_failed)
		rc = MEASURE_ERR_CUDA;
	if (rc == MEASURE_OK && m.verify_failed)
		rc = MEASURE_ERR_VERIFY;
	if (rc == MEASURE_INTERRUPTED)
		fprintf(stderr, "mmreport: measure: interrupted; finished "
			"configurations are stored, the session is marked "
			"interrupted\n");
out:
	measure_nvml_close(m.nv);
	if (signals)
		signals_restore(&saved);
	store_free(m.st);
	for (int i = 0; plans && i < ndev; i++)
		plan_release(&plans[i]);
	free(plans);
	free(devs);
	plan_spec_release(&spec);
	return rc;
}
