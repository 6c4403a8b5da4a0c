/* measure_run: options, plan, devices, then one session per device: the
 * plan's groups one after another, each configuration stored in its own
 * transaction as soon as its group is done. */
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "counters.h"
#include "own.h"
#include "watchdog.h"
#include "device.h"
#include "mcuda.h"
#include "measure.h"
#include "plan.h"
#include "progress.h"
#include "regime.h"
#include "rng.h"
#include "rows.h"
#include "runner.h"
#include "stats.h"
#include "stop.h"
#include "store.h"
#include "timer.h"
#include "vocab.h"

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
	o->launch_timeout_s = WATCHDOG_DEFAULT_S;
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
	char gpu[48];
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
	measure_uuid_format(b, gpu, sizeof(gpu));
	snprintf(buf, len, "%s", gpu + 4);	/* without "GPU-" */
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

/* The one GPU of count that sel fits (store_device_sel_fits, as the
 * reading commands choose a stored device) into *dev. 0, or -1 after a
 * message listing the candidates (none, or several). */
static int device_select(const char *sel, int count, int *dev)
{
	char uuid[48], list[1024];
	size_t used = 0;
	int i, hits = 0;

	list[0] = '\0';
	for (i = 0; i < count; i++) {
		struct cudaDeviceProp p;
		int hit;

		if (MCUDA(cudaGetDeviceProperties(&p, i)))
			return -1;
		measure_uuid_format((const unsigned char *)p.uuid.bytes, uuid,
				    sizeof(uuid));
		hit = store_device_sel_fits(uuid, p.name, sel);
		if (hit) {
			*dev = i;
			hits++;
		}
		if (used < sizeof(list))
			used += (size_t)snprintf(list + used,
						 sizeof(list) - used,
						 "%s%d %s %s%s", i ? "; " : "",
						 i, uuid, p.name,
						 hit ? " (fits)" : "");
	}
	if (hits == 1)
		return 0;
	fprintf(stderr, "mmreport: measure: invalid --device '%s': %s GPU "
		"fits (%s) %s\n", sel, hits ? "more than one" : "no", list,
		PLAN_HELP_HINT);
	return -1;
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

/* "versions,ilp" from the suites the plan holds. */
static void suites_text(const struct plan *p, char *buf, size_t len)
{
	int seen[SUITE_N] = { 0 };
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < p->n; i++)
		seen[p->e[i].suite] = 1;
	for (int s = 0; s < SUITE_N; s++)
		if (seen[s])
			plan_cat(buf, len, &used, "%s%s", used ? "," : "",
				 plan_suite_name(s));
}

/* ---- one group of configurations --------------------------------------- */

struct mctx {
	const struct measure_options *o;
	const char *db;
	struct plan_settings set;
	struct store *st;
	struct measure_nvml *nv;
	struct progress pg;
	int verify_failed, cuda_failed;
	int store_status;	/* of the last store failure (store_fail) */
};

/* The measure_status of an enum store_error: one code per condition, as
 * in the other commands (cli_store_exit). */
static int store_status(int store_rc)
{
	switch (store_rc) {
	case STORE_ERR_BUSY:
		return MEASURE_ERR_BUSY;
	case STORE_ERR_IO:
	case STORE_ERR_MISSING:
		return MEASURE_ERR_DB_WRITE;
	case STORE_ERR_FOREIGN:
	case STORE_ERR_CORRUPT:
	case STORE_ERR_NEWER:
		return MEASURE_ERR_STORE;
	default:
		return MEASURE_ERR_INTERNAL;
	}
}

static int store_fail(struct mctx *m, const char *what)
{
	fprintf(stderr, "mmreport: cannot write '%s': %s: %s\n",
		m->db, what, store_errreason(m->st));
	m->store_status = store_status(store_errcode(m->st));
	return m->store_status;
}

/* A measure_status that ends the sweep: the database failed. */
static int store_failed(int status)
{
	return status == MEASURE_ERR_STORE || status == MEASURE_ERR_BUSY ||
	       status == MEASURE_ERR_DB_WRITE ||
	       status == MEASURE_ERR_INTERNAL;
}

enum { GRP_DONE, GRP_STOPPED, GRP_BROKEN, GRP_STORE };

static double median_of(struct run_result *r, const char *metric)
{
	struct series *s = run_metric_find(r, metric);
	struct stats_summary sum;

	return s && !stats_summary_compute(s->v, s->n, &sum) ? sum.median :
	       NAN;
}

/* The regime columns of cfg (its bytes set) from the job and the NVML
 * readings around its group (regime.h). */
static void regime_fill(const struct run_ctx *c, struct job *j,
			const struct store_env *before,
			const struct store_env *after,
			struct store_config *cfg, char *text, size_t len)
{
	const struct plan_entry *e = j->e;
	struct regime_in in = { 0 };
	int active = rows_active_blocks(c->dev, e);

	in.grid_blocks = e->kd ? e->kd->grid(&j->args) : 0;
	in.wave_blocks = (long long)active * c->dev->prop.multiProcessorCount;
	in.sms = c->dev->prop.multiProcessorCount;
	in.events_timer = timer_name(c->timer) &&
			  strcmp(timer_name(c->timer), VOCAB_TIMER_CUPTI) != 0;
	in.working_set = cfg->bytes;
	in.l2_bytes = c->dev->prop.l2CacheSize;
	in.cold = c->set->cold;
	in.kernel_ms = median_of(&j->r, VOCAB_METRIC_KERNEL);
	in.launch_us = c->launch_us;
	in.has_throttle = before->has_throttle || after->has_throttle;
	in.throttle_reasons = before->throttle_reasons |
			      after->throttle_reasons;
	regime_format(&in, text, len);
	cfg->grid_blocks = in.grid_blocks;
	cfg->wave_blocks = in.wave_blocks;
	cfg->working_set = in.working_set;
	cfg->l2_bytes = in.l2_bytes;
	cfg->start_sm_clock_mhz = before->has_sm_clock ? before->sm_clock_mhz :
				  NAN;
	cfg->end_sm_clock_mhz = after->has_sm_clock ? after->sm_clock_mhz :
				NAN;
	cfg->has_throttle = in.has_throttle;
	cfg->throttle_reasons = in.throttle_reasons;
	cfg->regime = text;
}

/* Stores one finished job in its own transaction. */
static int job_store(struct mctx *m, struct run_ctx *c, int64_t sid,
		     struct job *j, const struct store_env *before,
		     const struct store_env *after)
{
	const struct plan_entry *e = j->e;
	struct store_metric metrics[RUN_MAX_METRICS];
	struct store_config cfg = { 0 };
	struct run_result *r = &j->r;
	char finished[32], regime[128];
	size_t nm = 0;
	int keep, ok = run_ok(r);

	iso_now(finished, sizeof(finished));
	cfg.session_id = sid;
	cfg.suite = (char *)plan_suite_name(e->suite);
	cfg.variant = (char *)e->variant;
	cfg.m = e->m;
	cfg.k = e->k;
	cfg.n = e->n;
	cfg.count = e->count;
	cfg.block_x = e->block;
	cfg.block_y = e->block ? (plan_suite_1d(e->suite) ? 1 : e->block) :
		      0;
	cfg.ilp = e->ilp;
	cfg.param = e->param;
	cfg.host_mem = (char *)plan_host_name(e->host);
	cfg.precision = (char *)(plan_hooks[e->suite]->int32 ?
				 VOCAB_PREC_INT32 : e->fp64 ? VOCAB_PREC_FP64 :
				 VOCAB_PREC_FP32);
	cfg.status = (char *)r->status;
	cfg.reason = ok ? NULL : r->reason;
	cfg.rel_error = r->rel_error;
	cfg.flops = e->kd ? e->kd->flops(&j->args) : 0;
	cfg.bytes = e->kd ? e->kd->bytes(&j->args) :
		    2.0 * sizeof(int) * (double)e->count;
	cfg.samples = ok ? r->samples : 0;
	cfg.seconds = j->busy;
	cfg.finished_at = finished;
	/* Plan group numbers start at 0; the store's 0 means none. */
	cfg.grp = e->group + 1;
	cfg.working_set = NAN;
	cfg.start_sm_clock_mhz = cfg.end_sm_clock_mhz = NAN;
	/* the quality reached (schema 7): a configuration that was not
	 * sampled has no noise, and none of its samples was throttled */
	cfg.noise = ok ? j->noise : NAN;
	cfg.throttled = (int64_t)j->throttled;
	cfg.discarded = (int64_t)j->discarded;
	if (ok)
		regime_fill(c, j, before, after, &cfg, regime, sizeof(regime));
	/* Failed and skipped configurations carry no metrics but the
	 * diagnosis of a wrong product (diag_*): a failed kernel is never
	 * presented as a speed. */
	for (size_t i = 0; i < r->nm; i++) {
		if (!ok && strncmp(r->m[i].name, VOCAB_METRIC_DIAG_PREFIX,
				   strlen(VOCAB_METRIC_DIAG_PREFIX)))
			continue;
		metrics[nm].name = r->m[i].name;
		metrics[nm].unit = r->m[i].unit;
		metrics[nm].values = r->m[i].s.v;
		metrics[nm].n = r->m[i].s.n;
		nm++;
	}
	/* --slim keeps the raw samples where the significance tests need
	 * them (transfer's gains); statistics are kept always. */
	keep = m->set.keep_samples || plan_hooks[e->suite]->keep_samples;
	if (store_config_insert(m->st, &cfg, metrics, nm, keep))
		return store_fail(m, "configuration");
	return 0;
}

/* A kernel's own refusal of a configuration (block too large, size out
 * of range) before anything runs. */
static void job_check(const struct measure_device *d, struct job *j)
{
	struct kernel_args a;
	char why[256] = "";

	run_args_init(j->e, &a);
	/* the opt-in limit: a kernel with dynamic shared memory raises its
	 * own to it (v14); static shared memory stays within the default */
	if (j->e->kd && j->e->kd->check(&a, d->prop.maxThreadsPerBlock,
					d->prop.sharedMemPerBlockOptin, why,
					sizeof(why)))
		run_skip(&j->r, "%s", why[0] ? why : "refused by the kernel");
}

/* Appends " src" to buf[len] at *used, single-quoted for a shell unless
 * it is plainly safe. */
static void shell_word(char *buf, size_t len, size_t *used, const char *src)
{
	int plain = *src != '\0';

	for (const char *p = src; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_./-=+,:@", *p))
			plain = 0;
	if (plain) {
		plan_cat(buf, len, used, " %s", src);
		return;
	}
	plan_cat(buf, len, used, " '");
	for (const char *p = src; *p; p++)
		plan_cat(buf, len, used, *p == '\'' ? "'\\''" : "%c", *p);
	plan_cat(buf, len, used, "'");
}

/* The command that runs only e's configuration under compute-sanitizer,
 * into a database of its own, for the message of a fault. */
static void fault_command(int index, const struct plan_entry *e, char *buf,
			  size_t len)
{
	char exe[4096];
	const char *path = kernel_user_path(e->kd);
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	size_t used = 0;

	exe[n > 0 ? n : 0] = '\0';
	used = (size_t)snprintf(buf, len, "compute-sanitizer --tool memcheck");
	shell_word(buf, len, &used, n > 0 ? exe : "mmreport");
	plan_cat(buf, len, &used, " measure --db mmreport-sanitize.db");
	if (index)
		plan_cat(buf, len, &used, " --device %d", index);
	if (path) {
		plan_cat(buf, len, &used, " --kernel");
		shell_word(buf, len, &used, path);
	}
	plan_cat(buf, len, &used, " --suite %s --variants",
	    plan_suite_name(e->suite));
	shell_word(buf, len, &used, e->variant);
	if (e->m && (e->m != e->n || e->k != e->n))
		plan_cat(buf, len, &used, " --sizes %dx%dx%d", e->m, e->k,
			 e->n);
	else if (e->n)
		plan_cat(buf, len, &used, " --sizes %d", e->n);
	else
		plan_cat(buf, len, &used, " --sizes %lld", e->count);
	if (e->block)
		plan_cat(buf, len, &used, " --blocks %d", e->block);
	if (e->ilp > 1)
		plan_cat(buf, len, &used, " --ilp %d", e->ilp);
	if (e->fp64)
		plan_cat(buf, len, &used, " --precision double");
	/* one launch each, however slow the tool makes it */
	plan_cat(buf, len, &used, " --repeat 1 --warmup 1 --launch-timeout 0");
}

/* Tells in one line that the job j's kernel faulted with err and that
 * the device's session ends, and how to find the fault; from here on
 * the cleanup's failures, which repeat it, are not reported. */
static void fault_tell(int index, const struct job *j, cudaError_t err)
{
	const struct plan_entry *e = j->e;
	char where[128], cmd[6144];

	kernel_cuda_lost_set(1);
	if (e->m && (e->m != e->n || e->k != e->n))
		snprintf(where, sizeof(where), "m=%d k=%d n=%d", e->m, e->k,
			 e->n);
	else if (e->n)
		snprintf(where, sizeof(where), "n=%d", e->n);
	else
		snprintf(where, sizeof(where), "N=%lld", e->count);
	fault_command(index, e, cmd, sizeof(cmd));
	fprintf(stderr, "mmreport: measure: %s%s (%s suite, %s, block %d%s) "
		"faulted: %s (%s); device %d's session ends here, the "
		"configurations finished before are stored; to find the "
		"fault: %s\n", kernel_user_path(e->kd) ? "own kernel " : "",
		e->variant, plan_suite_name(e->suite), where, e->block,
		e->fp64 ? ", double" : "", cudaGetErrorString(err),
		cudaGetErrorName(err), index, cmd);
}

/* Measures the n entries of one group and stores each. */
static int group_run(struct mctx *m, struct run_ctx *c, int64_t sid,
		     const struct plan_entry *e, size_t n)
{
	const struct measure_device *d = c->dev;
	struct store_env before = { 0 }, after = { 0 };
	struct job *jobs = calloc(n, sizeof(*jobs));
	int rc = GRP_DONE, stopped;
	size_t i;

	if (!jobs) {
		fprintf(stderr, "mmreport: measure: out of memory\n");
		return GRP_STORE;
	}
	for (i = 0; i < n; i++) {
		jobs[i].e = &e[i];
		run_result_init(&jobs[i].r);
		jobs[i].est = plan_entry_estimate(&e[i], &m->set);
		jobs[i].noise = NAN;
		job_check(d, &jobs[i]);
	}
	/* Buffers of another shape or N are of no use to this group. */
	if ((c->bufs.kind && (c->bufs.m != e->m || c->bufs.k != e->k ||
			      c->bufs.n != e->n ||
			      c->bufs.count != e->count)) ||
	    (c->bufs64.kind && (c->bufs64.m != e->m || c->bufs64.k != e->k ||
				c->bufs64.n != e->n)))
		run_shared_release(c);
	progress_line(&m->pg, &e[0]);
	measure_nvml_read(m->nv, d->pci, d->uuid, &before);
	stopped = run_group(c, plan_hooks[e[0].suite]->ops, e[0].group, jobs,
			    n);
	measure_nvml_read(m->nv, d->pci, d->uuid, &after);
	if (stopped) {
		/* The group in flight is dropped, not stored: none of its
		 * configurations finished sampling. */
		rc = GRP_STOPPED;
		goto out;
	}
	for (i = 0; i < n; i++) {
		struct job *j = &jobs[i];

		if (j->r.cuda_error) {
			cudaError_t err = cudaDeviceSynchronize();

			m->cuda_failed = 1;
			/* A sticky error leaves the context unusable: this
			 * device's session ends after storing what
			 * happened, told in one line. */
			/* the fault's one line; the calls since it (the
			 * sampler's, the timer's) were quiet */
			if (err != cudaSuccess && rc != GRP_BROKEN) {
				if (measure_cuda_fault(err))
					fault_tell(d->index, j, err);
				else
					MCUDA(err);
			}
			if (err != cudaSuccess)
				rc = GRP_BROKEN;
			(void)cudaGetLastError();
		}
		if (j->r.verify_failed)
			m->verify_failed = 1;
		if (job_store(m, c, sid, j, &before, &after)) {
			rc = GRP_STORE;
			goto out;
		}
		progress_done(&m->pg, j);
	}
out:
	for (i = 0; i < n; i++) {
		run_result_release(&jobs[i].r);
		free(jobs[i].spans);
	}
	free(jobs);
	measure_env_release(&before);
	measure_env_release(&after);
	return rc;
}

/* ---- one device --------------------------------------------------------- */

/* Counters for the session, when asked for and the plan has a
 * configuration that gets a counter pass; *unavailable points into why
 * when they cannot be had. */
static void counters_setup(struct mctx *m, int index, const struct plan *p,
			   struct run_ctx *c, char *why, size_t len,
			   const char **unavailable)
{
	int wanted = 0, l2 = 0;

	for (size_t i = 0; i < p->n; i++)
		if (plan_suite_counted(p->e[i].suite))
			wanted = 1;
	if (!m->o->counters || !wanted)
		return;
	/* Every pass counts from cold, clean caches (see
	 * counters_prepare_set); without the scrub the DRAM counts would
	 * hold write-backs of lines other work left dirty. */
	if (!counters_open(index, &c->counters, why, len) &&
	    (MCUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize,
					  index)) ||
	     kernel_scrub_create((size_t)l2, &c->scrub) ||
	     counters_prepare_set(c->counters, kernel_scrub_run, c->scrub,
				  KERNEL_SCRUB_KERNELS))) {
		snprintf(why, len, "no device memory for the L2 scrub buffer");
		counters_free(c->counters);
		c->counters = NULL;
	}
	if (!c->counters) {
		fprintf(stderr, "mmreport: counters unavailable: %s; "
			"measuring without them\n", why);
		*unavailable = why;
	}
}

/* The kernel timer of the session (timer.h), and the device's launch
 * cost. Returns 0, or a measure status after a message. */
static int timer_setup(struct mctx *m, const struct measure_device *d,
		       struct run_ctx *c, char *why, size_t len)
{
	if (timer_open(m->set.timer, m->set.cold, d->prop.l2CacheSize,
		       &c->timer, why, len)) {
		fprintf(stderr, "mmreport: measure: no kernel timer: %s\n",
			why);
		return m->set.timer == TIMER_CUPTI ? MEASURE_ERR_NODEV :
		       MEASURE_ERR_CUDA;
	}
	if (why[0] && !m->o->quiet)
		fprintf(stderr, "mmreport: measure: %s; kernel times from "
			"events behind a blocking kernel\n", why);
	if (timer_launch_cost(NULL, 200, &c->launch_us)) {
		c->launch_us = NAN;
		(void)cudaGetLastError();
	}
	return 0;
}

static int session_run(struct mctx *m, int index, const struct plan *p)
{
	struct measure_device d;
	struct store_device row = { 0 };
	struct store_session s = { 0 };
	struct store_env env_end = { 0 };
	struct measure_setting setting;
	struct run_ctx c = { 0 };
	char started[32], ended[32], uuid[48], host[256] = "", suites[64];
	char cpu[256] = "";
	char why[512] = "", twhy[512] = "", ident[128] = "", *timers = NULL;
	const char *status = VOCAB_SESSION_COMPLETE, *unavailable = NULL;
	int rc = MEASURE_OK, session = 0;
	unsigned int locked_mhz = 0;
	size_t i, j;

	/* a fault of the previous device's session is told and done */
	kernel_cuda_lost_set(0);
	if (measure_device_query(index, &d))
		return MEASURE_ERR_CUDA;
	/* Before anything is stored: without a timer nothing is measured. */
	if ((rc = timer_setup(m, &d, &c, twhy, sizeof(twhy))))
		return rc;
	if (measure_device_row(&d, &row)) {
		fprintf(stderr, "mmreport: measure: out of memory\n");
		rc = MEASURE_ERR_STORE;
		goto out;
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
	/* Before the session row, so that the row says which counters mode
	 * the session used. */
	counters_setup(m, index, p, &c, why, sizeof(why), &unavailable);
	timers = rows_timers_text(c.timer, twhy, c.counters, unavailable);
	if (!timers) {
		fprintf(stderr, "mmreport: measure: out of memory\n");
		rc = MEASURE_ERR_STORE;
		goto out;
	}
	store_proc_identity(0, ident, sizeof(ident));
	s.uuid = uuid;
	s.device_id = row.id;
	s.started_at = started;
	s.status = VOCAB_SESSION_RUNNING;
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
	/* the counter pass as data, for the report (schema 4) */
	s.counters = unavailable ? (char *)VOCAB_COUNTERS_UNAVAILABLE :
		     c.counters ? (char *)VOCAB_COUNTERS_READ : NULL;
	s.counters_why = (char *)unavailable;
	s.tolerance = PLAN_TOLERANCE;
	s.keep_samples = m->set.keep_samples;
	s.timer = (char *)timer_name(c.timer);
	s.cold = timer_cold(c.timer);
	s.launch_us = c.launch_us;
	s.pid = (int)getpid();
	s.proc_start = ident[0] ? ident : NULL;
	measure_nvml_read(m->nv, d.pci, d.uuid, &s.env_start);
	/* what the measurement knows of its quality and setting (schema
	 * 7); the top clock is known at the end */
	/* the percentages as given (plan_settings_resolve's defaults),
	 * not back from the fractions: 7 / 100 x 100 is not 7 */
	s.max_noise_pct = m->set.max_noise <= 0 ? 0 :
			  m->o->max_noise_pct > 0 ? m->o->max_noise_pct :
			  PLAN_DEFAULT_MAX_NOISE_PCT;
	s.throttle = (char *)plan_throttle_name(m->set.throttle);
	s.throttle_pct = m->o->throttle_pct > 0 ? m->o->throttle_pct :
			 PLAN_DEFAULT_THROTTLE_PCT;
	s.top_sm_clock_mhz = NAN;
	s.clocks_locked = 0;
	if (m->o->lock_clocks_mhz) {
		unsigned int want = m->o->lock_clocks_mhz > 0 ?
				    (unsigned int)m->o->lock_clocks_mhz : 0;

		if (measure_nvml_clock_lock(m->nv, d.pci, d.uuid, want,
					    &locked_mhz)) {
			rc = MEASURE_ERR_LOCK;
			goto out;
		}
		s.clocks_locked = 1;
		if (!m->o->quiet)
			fprintf(stderr, "mmreport: measure: device %d: SM "
				"clock locked at %u MHz for this session\n",
				index, locked_mhz);
	}
	measure_nvml_setting(m->nv, d.pci, d.uuid, &setting);
	s.power_limit_w = setting.power_limit_w;
	s.pcie_gen = setting.pcie_gen;
	s.pcie_width = setting.pcie_width;
	s.host_cpu = measure_host_cpu(NULL, cpu, sizeof(cpu)) ? NULL : cpu;
	s.cuda_compiler = (char *)kernel_cuda_compiler();
	if (kernel_blas_version(&s.cublas_version))
		s.cublas_version = 0;	/* reported; stored as unknown */
	if (store_session_insert(m->st, &s)) {
		rc = store_fail(m, "session");
		goto out;
	}
	session = 1;
	if (rows_kernels_store(m->st, s.id, p)) {
		rc = store_fail(m, "kernel");
		goto out;
	}
	if (rows_kattrs_store(m->st, s.id, &d, p)) {
		rc = store_fail(m, "kernel attributes");
		goto out;
	}

	c.set = &m->set;
	c.dev = &d;
	c.nv = m->nv;
	c.blas = kernel_blas_create();
	if (!c.blas) {
		rc = MEASURE_ERR_CUDA;
		goto out;
	}
	for (i = 0; i < p->n; i = j) {
		int gr;

		for (j = i + 1; j < p->n && p->e[j].group == p->e[i].group;
		     j++)
			;
		if (stop_requested()) {
			rc = MEASURE_INTERRUPTED;
			break;
		}
		gr = group_run(m, &c, s.id, &p->e[i], j - i);
		if (gr == GRP_STOPPED) {
			rc = MEASURE_INTERRUPTED;
			break;
		}
		if (gr == GRP_STORE) {
			rc = m->store_status ? m->store_status
					     : MEASURE_ERR_STORE;
			break;
		}
		if (gr == GRP_BROKEN) {
			/* a fault's line said so already */
			if (!kernel_cuda_lost())
				fprintf(stderr, "mmreport: measure: device %d "
					"is unusable after a CUDA error; its "
					"session ends here\n", index);
			rc = MEASURE_ERR_CUDA;
			break;
		}
	}
	if (rc == MEASURE_OK && stop_requested())
		rc = MEASURE_INTERRUPTED;
out:
	run_shared_release(&c);
	counters_free(c.counters);
	kernel_scrub_free(c.scrub);
	kernel_blas_free(c.blas);
	timer_free(c.timer);
	run_inputs_release(&c.cache);
	if (session) {
		status = rc == MEASURE_OK ? VOCAB_SESSION_COMPLETE :
			 rc == MEASURE_INTERRUPTED ?
			 VOCAB_SESSION_INTERRUPTED : VOCAB_SESSION_FAILED;
		iso_now(ended, sizeof(ended));
		measure_nvml_read(m->nv, d.pci, d.uuid, &env_end);
		/* each on its own: a failure of one leaves the other to
		 * be tried, and the first is the one told */
		if (store_session_top_clock_set(m->st, s.id,
						c.top_clock_mhz) &&
		    rc == MEASURE_OK)
			rc = store_fail(m, "session top clock");
		if (store_session_finish(m->st, s.id, ended, status,
					 &env_end) && rc == MEASURE_OK)
			rc = store_fail(m, "session end");
	}
	/* after the last reading, so that the session's end is read at the
	 * clock it ran */
	if (s.clocks_locked == 1 &&
	    measure_nvml_clock_unlock(m->nv, d.pci, d.uuid) && rc == MEASURE_OK)
		rc = MEASURE_ERR_LOCK;
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

	if (spec->device_all || (spec->device_sel && !spec->ndevices)) {
		snprintf(buf, len, "%s", spec->device_all ? "all" :
			 spec->device_sel);
		return;
	}
	buf[0] = '\0';
	for (size_t i = 0; i < spec->ndevices; i++)
		plan_cat(buf, len, &used, "%s%d", i ? "," : "",
			 spec->devices[i]);
}

int measure_run(const struct measure_options *o, FILE *out)
{
	struct plan_spec spec;
	struct plan *plans = NULL;
	struct mctx m = { 0 };
	struct stop_saved saved;
	struct own_set own = { 0 };
	int *devs = NULL, ndev = 0, count = 0, rc = MEASURE_OK, signals = 0;
	size_t reaped = 0;
	char err[256], devtext[64];

	m.o = o;
	m.db = o->db_path ? o->db_path : "mmreport.db";
	plan_settings_resolve(o, &m.set);
	if (plan_spec_parse(o, &spec))
		return MEASURE_ERR_USAGE;
	devices_text(&spec, devtext, sizeof(devtext));
	if (o->dry_run) {
		struct plan p;

		/* own kernels first: a file that fails stops before the
		 * plan is printed */
		rc = own_kernels_check(o, OWN_DRYRUN_CC_MAJOR,
				       OWN_DRYRUN_CC_MINOR, 0, out, &own);
		if (rc)
			goto out;
		if (o->nkernels && plan_spec_finish(o, &spec)) {
			rc = MEASURE_ERR_USAGE;
			goto out;
		}

		/* No CUDA call and no database here: the ilp sizes assume
		 * PLAN_DRYRUN_FREE_MEM. */
		if (plan_build(&spec, PLAN_DRYRUN_FREE_MEM, &p)) {
			fprintf(stderr, "mmreport: measure: out of memory\n");
			rc = MEASURE_ERR_USAGE;
		} else {
			plan_print(&p, &m.set, devtext, spec.nsizes > 0, out);
			plan_warn(&p, &m.set, PLAN_DRYRUN_FREE_MEM, stderr);
			plan_release(&p);
		}
		goto out;
	}

	/* From here on a signal asks to stop: one that comes while devices
	 * start or kernels compile ends the run before the database is
	 * created, with the same status as later. */
	stop_signals_install(&saved);
	signals = 1;
	/* Devices before the database: without one, nothing is created. */
	if (devices_count(&count, "; nothing measured, database not "
			  "touched")) {
		rc = MEASURE_ERR_NODEV;
		goto out;
	}
	if (spec.device_sel) {
		int sel = 0;

		if (device_select(spec.device_sel, count, &sel)) {
			rc = MEASURE_ERR_USAGE;
			goto out;
		}
		if (plan_array_push(&spec.devices, &spec.ndevices,
				    sizeof(sel), &sel)) {
			fprintf(stderr, "mmreport: measure: out of memory\n");
			rc = MEASURE_ERR_STORE;
			goto out;
		}
		devices_text(&spec, devtext, sizeof(devtext));
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
	/* own kernels: compiled to PTX for the oldest of the devices
	 * (which the driver finishes for each GPU), loaded and registered
	 * before the plans take them in */
	rc = own_kernels_load(o, devs, ndev, &own);
	if (rc)
		goto out;
	if (o->nkernels && plan_spec_finish(o, &spec)) {
		rc = MEASURE_ERR_USAGE;
		goto out;
	}
	if (watchdog_start(o->launch_timeout_s)) {
		rc = MEASURE_ERR_CUDA;
		goto out;
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

	if (stop_requested()) {
		fprintf(stderr, "mmreport: measure: interrupted (%s) before "
			"measuring; database not touched\n",
			stop_signal_name());
		rc = MEASURE_INTERRUPTED;
		goto out;
	}
	rc = store_open(m.db, STORE_CREATE, &m.st, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "mmreport: cannot open '%s': %s\n", m.db,
			err);
		rc = store_status(rc);
		goto out;
	}
	/* Sessions of this host whose process died (SIGKILL, a crash)
	 * would read as running for ever. */
	if (store_session_reap(m.st, &reaped))
		fprintf(stderr, "mmreport: measure: '%s': cannot mark sessions "
			"of dead processes aborted: %s\n", m.db,
			store_errreason(m.st));
	else if (reaped)
		fprintf(stderr, "mmreport: measure: '%s': %zu session%s left "
			"running by a process that no longer exists marked "
			"aborted\n", m.db, reaped, reaped == 1 ? "" : "s");
	m.nv = measure_nvml_open();
	m.pg.tty = isatty(STDERR_FILENO);
	m.pg.quiet = o->quiet;
	m.pg.max_noise = m.set.max_noise;
	m.pg.t0 = run_now();
	for (int i = 0; i < ndev; i++) {
		int drc = session_run(&m, devs[i], &plans[i]);

		if (store_failed(drc) || drc == MEASURE_INTERRUPTED) {
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
		fprintf(stderr, "mmreport: measure: interrupted (%s); "
			"finished configurations are stored, the session is "
			"marked interrupted\n", stop_signal_name());
out:
	measure_nvml_close(m.nv);
	store_free(m.st);
	for (int i = 0; plans && i < ndev; i++)
		plan_release(&plans[i]);
	free(plans);
	free(devs);
	plan_spec_release(&spec);
	watchdog_stop();
	own_kernels_release(&own);
	/* last: a signal during the cleanup above still only asks */
	if (signals)
		stop_signals_restore(&saved);
	return rc;
}
