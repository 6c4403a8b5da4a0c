/* standin_measure: what the Slurm recipe's test runs where
 * `mmreport measure` would run, on machines with no GPU. It writes a
 * small but complete mmreport database through store/ (so the schema is
 * always this build's): one device, one complete session and the
 * configurations of the versions, reference, transfer and ilp suites,
 * with synthetic samples of a GPU model picked by the index, so that
 * merge and render (its cross-GPU section too) have real work to do.
 *
 *   standin_measure --db FILE [--index N] [--uuid UUID] [--name NAME]
 *
 * The index defaults to $SLURM_ARRAY_TASK_ID (else 0); the UUID and the
 * name default to ones derived from it, so the tasks of one job array
 * write six distinct devices. Nothing here pretends to be a measurement:
 * the device name says "stand-in" and the session's timers say
 * "synthetic". Exit status as mmreport measure's: 0, 64 bad command
 * line, 65/74/75 the store's conditions, 70 anything else. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store.h"
#include "vocab.h"

#define SI_SAMPLES 10
#define SI_MAXMETRICS 9

/* The time every configuration is stored as finished (ISO 8601 UTC). */
static char si_now[32];

static const char standin_help[] =
	"Usage: standin_measure --db FILE [--index N] [--uuid UUID]"
	" [--name NAME]\n"
	"\n"
	"Writes a small mmreport database with one stand-in device, one\n"
	"complete session and synthetic configurations of the versions,\n"
	"reference, transfer and ilp suites; for tests on machines with no\n"
	"GPU. Needs no GPU; never runs a kernel.\n"
	"\n"
	"Options:\n"
	"  --db FILE    database written (created if missing; required)\n"
	"  --index N    which model the device is (N mod 6) and the seed of\n"
	"               its samples (default $SLURM_ARRAY_TASK_ID, else 0)\n"
	"  --uuid UUID  the device's UUID (default one derived from N)\n"
	"  --name NAME  the device's name (default a model's name, marked\n"
	"               stand-in, with N)\n"
	"  --help\n"
	"\n"
	"Exit status: 0 ok, 64 bad options, 65 not an mmreport database,\n"
	"74 cannot create or write it, 75 locked, 70 other failures.\n";

/* A GPU model the stand-in imitates: its peaks and host links. */
struct si_model {
	const char *name;
	int cc_major, cc_minor, sms;
	double clock_mhz, fp32_gflops, mem_gbs, pcie_gbs;
	int l2_kib, mem_mib;
};

static const struct si_model si_models[] = {
	{"NVIDIA H100 80GB HBM3", 9, 0, 132, 1980, 66908.2, 3352.3, 25,
	 51200, 81559},
	{"NVIDIA H200", 9, 0, 132, 1980, 66908.2, 4800.0, 26, 61440, 143771},
	{"NVIDIA A100-SXM4-80GB", 8, 0, 108, 1410, 19491.8, 2039.0, 12,
	 40960, 81051},
	{"NVIDIA L40S", 8, 9, 142, 2520, 91608.6, 864.0, 12, 98304, 45488},
	{"NVIDIA GeForce RTX 4090", 8, 9, 128, 2520, 82575.4, 1008.1, 12,
	 73728, 24082},
	{"Tesla V100-SXM2-32GB", 7, 0, 80, 1530, 15667.2, 898.0, 6, 6144,
	 32494},
};
#define SI_NMODELS (sizeof(si_models) / sizeof(si_models[0]))

/* Fills out[SI_SAMPLES] with samples spread around base: distinct
 * values, the pattern shifted by the index and key so that no two
 * devices or metrics tie. */
static void standin_samples_fill(double *out, double base, int index,
				 int key)
{
	static const double offs[10] = {0.00, 0.012, -0.008, 0.02, -0.015,
					0.004, 0.009, -0.004, 0.016, -0.011};
	int i;

	for (i = 0; i < SI_SAMPLES; i++)
		out[i] = base * (1 + offs[(i * 3 + key + index) % 10]);
}

/* Writes the device of model mo with uuid and name; sets dev->id. */
static int standin_device_store(struct store *st, const struct si_model *mo,
				const char *uuid, const char *name,
				struct store_device *dev)
{
	char cc[16], mem[32], sms[16], clk[16], l2[32], fp[32], bw[32];
	struct store_prop props[] = {
		{(char *)"name", (char *)name, (char *)"", 0, 0},
		{(char *)"compute_capability", cc, (char *)"",
		 mo->cc_major + mo->cc_minor / 10.0, 1},
		{(char *)"total_global_mem", mem, (char *)"MiB", mo->mem_mib,
		 1},
		{(char *)"multiprocessor_count", sms, (char *)"", mo->sms, 1},
		{(char *)"clock_rate", clk, (char *)"MHz", mo->clock_mhz, 1},
		{(char *)"peak_fp32", fp, (char *)"GFLOP/s", mo->fp32_gflops,
		 1},
		{(char *)"peak_memory_bandwidth", bw, (char *)"GB/s",
		 mo->mem_gbs, 1},
		{(char *)"l2_cache_size", l2, (char *)"KiB", mo->l2_kib, 1},
		{(char *)"warp_size", (char *)"32", (char *)"", 32, 1},
		{(char *)"max_threads_per_block", (char *)"1024", (char *)"",
		 1024, 1},
	};

	snprintf(cc, sizeof(cc), "%d.%d", mo->cc_major, mo->cc_minor);
	snprintf(mem, sizeof(mem), "%d", mo->mem_mib);
	snprintf(sms, sizeof(sms), "%d", mo->sms);
	snprintf(clk, sizeof(clk), "%g", mo->clock_mhz);
	snprintf(l2, sizeof(l2), "%d", mo->l2_kib);
	snprintf(fp, sizeof(fp), "%.1f", mo->fp32_gflops);
	snprintf(bw, sizeof(bw), "%.1f", mo->mem_gbs);
	memset(dev, 0, sizeof(*dev));
	dev->uuid = (char *)uuid;
	dev->name = (char *)name;
	dev->pci_bus_id = (char *)"00000000:00:00.0";
	dev->cc_major = mo->cc_major;
	dev->cc_minor = mo->cc_minor;
	dev->sm_count = mo->sms;
	dev->peak_fp32_gflops = mo->fp32_gflops;
	dev->peak_mem_gbs = mo->mem_gbs;
	dev->props = props;
	dev->nprops = sizeof(props) / sizeof(props[0]);
	return store_device_upsert(st, dev);
}

/* Writes a running session of device dev, as measure starts one; sets
 * s->id. cmdline is what this process was called with. */
static int standin_session_store(struct store *st, int64_t dev,
				 const char *cmdline,
				 struct store_session *s)
{
	static char uuid[37], host[256], ident[128];

	store_uuid_new(uuid);
	if (gethostname(host, sizeof(host) - 1))
		strcpy(host, "unknown");
	if (store_proc_identity(0, ident, sizeof(ident)))
		ident[0] = '\0';
	memset(s, 0, sizeof(*s));
	s->uuid = uuid;
	s->device_id = dev;
	s->hostname = host;
	s->cmdline = (char *)cmdline;
	s->tool_version = (char *)"stand-in";
	s->repeat = SI_SAMPLES;
	s->warmup = 0;
	s->min_samples = SI_SAMPLES;
	s->max_time_s = 1;
	s->seed = 1;
	s->suites = (char *)VOCAB_SUITE_VERSIONS "," VOCAB_SUITE_REFERENCE
		"," VOCAB_SUITE_TRANSFER "," VOCAB_SUITE_ILP;
	s->timers = (char *)"synthetic samples (stand-in, no GPU)";
	s->tolerance = 1e-4;
	s->keep_samples = 1;
	s->cold = -1;
	s->launch_us = NAN;
	s->pid = (int)getpid();
	s->proc_start = ident[0] ? ident : NULL;
	/* no GPU, no NVML, no kernels built for it: unknown (schema 7) */
	s->max_noise_pct = s->throttle_pct = NAN;
	s->top_sm_clock_mhz = s->power_limit_w = NAN;
	s->clocks_locked = -1;
	return store_session_insert(st, s);
}

/* One configuration as measure stores it: cfg's key fields set by the
 * caller, ok, with nm metrics of SI_SAMPLES values each. */
static int standin_config_store(struct store *st, struct store_config *cfg,
				const char *const *names,
				const char *const *units,
				double v[][SI_SAMPLES], size_t nm)
{
	struct store_metric m[SI_MAXMETRICS];
	size_t i;

	for (i = 0; i < nm; i++)
		m[i] = (struct store_metric){names[i], units[i], v[i],
					     SI_SAMPLES};
	cfg->status = (char *)VOCAB_CFG_OK;
	cfg->rel_error = 1e-7;
	cfg->samples = SI_SAMPLES;
	cfg->seconds = 0.01;
	cfg->finished_at = si_now;
	/* synthetic samples: no interval was aimed at, no clock read */
	cfg->noise = NAN;
	cfg->throttled = cfg->discarded = -1;
	if (!cfg->precision)
		cfg->precision = (char *)VOCAB_PREC_FP32;
	if (!cfg->host_mem)
		cfg->host_mem = (char *)VOCAB_HOST_NONE;
	return store_config_insert(st, cfg, m, nm, 1);
}

/* The fields a square product's configuration shares in every suite
 * that runs one: n x n by n x n, b x b blocks (0: a library call). */
static void standin_square_set(struct store_config *c, int64_t sid,
			       const char *suite, const char *variant, int n,
			       int block)
{
	c->session_id = sid;
	c->suite = (char *)suite;
	c->variant = (char *)variant;
	c->m = c->k = c->n = n;
	c->block_x = c->block_y = block;
	c->ilp = 1;
	c->flops = 2.0 * n * n * n;
	c->bytes = 12.0 * n * n;
}

/* The versions and the reference: kernel time from an efficiency of
 * the FP32 peak that grows with n, and GFLOP/s from it. */
static int standin_gemm_store(struct store *st, int64_t sid, int index,
			      const struct si_model *mo)
{
	static const char *const vv[] = {
		VOCAB_VARIANT_V2, VOCAB_VARIANT_V3, VOCAB_VARIANT_V4,
		VOCAB_VARIANT_V5, VOCAB_VARIANT_CUBLAS
	};
	static const double eff[] = {0.04, 0.08, 0.13, 0.22, 0.70};
	static const char *const names[] = {VOCAB_METRIC_KERNEL,
					    VOCAB_METRIC_GFLOPS};
	static const char *const units[] = {"ms", "GFLOP/s"};
	static const int ns[] = {256, 512, 1024, 2048}, bs[] = {16, 32};
	double v[2][SI_SAMPLES];
	size_t vi, ni, bi, i;
	int rc = 0;

	for (vi = 0; vi < 5 && !rc; vi++)
		for (ni = 0; ni < 4 && !rc; ni++)
			for (bi = 0; bi < 2 && !rc; bi++) {
				int lib = vi == 4, n = ns[ni];
				double fl = 2.0 * n * n * n, e, ms;
				struct store_config c = {0};

				if (lib && bi)
					break;
				e = eff[vi] * n / (n + 384.0) *
				    (bs[bi] == 32 ? 1.1 : 1.0);
				ms = fl / (e * mo->fp32_gflops * 1e6);
				standin_samples_fill(v[0], ms, index,
						     (int)(vi + ni));
				for (i = 0; i < SI_SAMPLES; i++)
					v[1][i] = fl / (v[0][i] * 1e6);
				standin_square_set(&c, sid, lib ?
						   VOCAB_SUITE_REFERENCE :
						   VOCAB_SUITE_VERSIONS, vv[vi],
						   n, lib ? 0 : bs[bi]);
				rc = standin_config_store(st, &c, names, units,
							  v, 2);
			}
	return rc;
}

/* Report G's phases: copies over the host link (pageable at half the
 * pinned rate), the kernel from the versions' model. */
static int standin_transfer_store(struct store *st, int64_t sid, int index,
				  const struct si_model *mo)
{
	static const char *const names[SI_MAXMETRICS] = {
		VOCAB_METRIC_TOTAL, VOCAB_METRIC_MALLOC,
		VOCAB_METRIC_MEMCPY_AB, VOCAB_METRIC_KERNEL,
		VOCAB_METRIC_SYNC, VOCAB_METRIC_MEMCPY_C, VOCAB_METRIC_FREE,
		VOCAB_METRIC_GFLOPS_KERNEL, VOCAB_METRIC_GFLOPS_TOTAL
	};
	static const char *const units[SI_MAXMETRICS] = {
		"ms", "ms", "ms", "ms", "ms", "ms", "ms", "GFLOP/s", "GFLOP/s"
	};
	static const char *const vv[] = {VOCAB_VARIANT_SIMPLE,
					 VOCAB_VARIANT_SHARED};
	static const char *const hh[] = {VOCAB_HOST_PAGEABLE,
					 VOCAB_HOST_PINNED,
					 VOCAB_HOST_PINNED_OUTPUT};
	static const int ns[] = {512, 1024, 2048};
	double v[SI_MAXMETRICS][SI_SAMPLES];
	size_t vi, hi, ni, i, j;
	int rc = 0;

	for (vi = 0; vi < 2 && !rc; vi++)
		for (hi = 0; hi < 3 && !rc; hi++)
			for (ni = 0; ni < 3 && !rc; ni++) {
				int n = ns[ni];
				double fl = 2.0 * n * n * n;
				double mb = 4.0 * n * n / 1e6;
				double ab = hi == 0 ? 0.5 : 1, cc = hi == 2 ?
					    1 : ab;
				double base[7];
				struct store_config c = {0};

				base[1] = 0.2 + mb * 0.002;
				base[2] = 2 * mb / (mo->pcie_gbs * ab * 1e3);
				base[3] = fl / ((vi ? 0.06 : 0.03) *
						mo->fp32_gflops * 1e6);
				base[4] = 0.01;
				base[5] = mb / (mo->pcie_gbs * cc * 1e3);
				base[6] = 0.1 + mb * 0.001;
				for (j = 1; j < 7; j++)
					standin_samples_fill(v[j], base[j],
							     index, (int)j);
				for (i = 0; i < SI_SAMPLES; i++) {
					v[0][i] = 0;
					for (j = 1; j < 7; j++)
						v[0][i] += v[j][i];
					v[7][i] = fl / (v[3][i] * 1e6);
					v[8][i] = fl / (v[0][i] * 1e6);
				}
				standin_square_set(&c, sid,
						   VOCAB_SUITE_TRANSFER, vv[vi],
						   n, 16);
				c.host_mem = (char *)hh[hi];
				rc = standin_config_store(st, &c, names, units,
							  v, 9);
			}
	return rc;
}

/* Note J's copy: GB/s rising towards 80 % of the memory peak with N
 * (memcpy a little above), ILP adding a little. */
static int standin_ilp_store(struct store *st, int64_t sid, int index,
			     const struct si_model *mo)
{
	static const char *const names[] = {VOCAB_METRIC_GBS,
					    VOCAB_METRIC_KERNEL};
	static const char *const units[] = {"GB/s", "ms"};
	static const int ilps[] = {1, 2, 4, 0};
	double v[2][SI_SAMPLES];
	size_t ii, i;
	int lg, rc = 0;

	for (lg = 16; lg <= 26 && !rc; lg += 2)
		for (ii = 0; ii < 4 && !rc; ii++) {
			long long N = 1LL << lg;
			int memcpy_ = ilps[ii] == 0;
			double g = mo->mem_gbs * 0.8 * N / (N + 1048576.0) *
				   (memcpy_ ? 1.08 : 1 + 0.02 * ilps[ii]);
			struct store_config c = {0};

			standin_samples_fill(v[0], g, index, (int)ii);
			for (i = 0; i < SI_SAMPLES; i++)
				v[1][i] = 8.0 * N / (v[0][i] * 1e6);
			c.session_id = sid;
			c.suite = (char *)VOCAB_SUITE_ILP;
			c.variant = (char *)(memcpy_ ? VOCAB_VARIANT_MEMCPY :
					     VOCAB_VARIANT_COPY_ILP);
			c.count = N;
			c.block_x = memcpy_ ? 0 : 512 / ilps[ii];
			c.block_y = memcpy_ ? 0 : 1;
			c.ilp = memcpy_ ? 1 : ilps[ii];
			c.precision = (char *)VOCAB_PREC_INT32;
			c.bytes = 8.0 * (double)N;
			rc = standin_config_store(st, &c, names, units, v, 2);
		}
	return rc;
}

/* The exit status of store error e, as mmreport's commands map it. */
static int standin_exit_map(int e)
{
	switch (e) {
	case STORE_ERR_FOREIGN:
	case STORE_ERR_CORRUPT:
	case STORE_ERR_NEWER:
		return 65;
	case STORE_ERR_MISSING:
		return 66;
	case STORE_ERR_IO:
		return 74;
	case STORE_ERR_BUSY:
		return 75;
	default:
		return 70;
	}
}

/* Writes the whole stand-in measurement into db. Returns an exit
 * status; says why on stderr. */
static int standin_db_write(const char *db, int index, const char *uuid,
			    const char *name, const char *cmdline)
{
	const struct si_model *mo = &si_models[index % SI_NMODELS];
	struct store_session s;
	struct store_device d;
	struct store *st = NULL;
	char err[512];
	time_t now = time(NULL);
	int rc;

	strftime(si_now, sizeof(si_now), "%Y-%m-%dT%H:%M:%SZ",
		 gmtime(&now));
	rc = store_open(db, STORE_CREATE, &st, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "standin_measure: cannot open '%s': %s\n", db,
			err);
		return standin_exit_map(rc);
	}
	rc = standin_device_store(st, mo, uuid, name, &d);
	if (!rc)
		rc = standin_session_store(st, d.id, cmdline, &s);
	if (!rc)
		rc = standin_gemm_store(st, s.id, index, mo);
	if (!rc)
		rc = standin_transfer_store(st, s.id, index, mo);
	if (!rc)
		rc = standin_ilp_store(st, s.id, index, mo);
	if (!rc)
		rc = store_session_finish(st, s.id, NULL,
					  VOCAB_SESSION_COMPLETE, NULL);
	if (rc) {
		fprintf(stderr, "standin_measure: %s\n", store_errmsg(st));
		rc = standin_exit_map(store_errcode(st));
		goto out;
	}
	fprintf(stderr, "standin_measure: %s: device %s (%s), session %s\n",
		db, uuid, name, s.uuid);
out:
	store_free(st);
	return rc;
}

/* A non-negative int from text, or -1. */
static int standin_index_parse(const char *t)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(t, &end, 10);
	if (errno || end == t || *end || v < 0 || v > 1000000)
		return -1;
	return (int)v;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{"db", required_argument, NULL, 'd'},
		{"index", required_argument, NULL, 'i'},
		{"uuid", required_argument, NULL, 'u'},
		{"name", required_argument, NULL, 'n'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}
	};
	const char *db = NULL, *uuid = NULL, *name = NULL, *it = NULL;
	char ubuf[64], nbuf[256], cmd[1024];
	size_t used = 0;
	int opt, index, i;

	while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (opt) {
		case 'd':
			db = optarg;
			break;
		case 'i':
			it = optarg;
			break;
		case 'u':
			uuid = optarg;
			break;
		case 'n':
			name = optarg;
			break;
		case 'h':
			fputs(standin_help, stdout);
			return 0;
		case ':':
			fprintf(stderr, "standin_measure: option '%s' needs "
				"a value\n", argv[optind - 1]);
			return 64;
		default:
			fprintf(stderr, "standin_measure: unknown option "
				"'%s' (see --help)\n", argv[optind - 1]);
			return 64;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "standin_measure: unexpected argument '%s'\n",
			argv[optind]);
		return 64;
	}
	if (!db || !*db) {
		fprintf(stderr, "standin_measure: --db FILE is required\n");
		return 64;
	}
	if (!it)
		it = getenv("SLURM_ARRAY_TASK_ID");
	index = it && *it ? standin_index_parse(it) : 0;
	if (index < 0) {
		fprintf(stderr, "standin_measure: the index '%s' is not a "
			"number from 0 to 1000000\n", it);
		return 64;
	}
	if (!uuid) {
		snprintf(ubuf, sizeof(ubuf),
			 "GPU-5a4d1a00-0000-4000-8000-%012d", index);
		uuid = ubuf;
	}
	if (!name) {
		snprintf(nbuf, sizeof(nbuf), "%s (stand-in %d)",
			 si_models[index % SI_NMODELS].name, index);
		name = nbuf;
	}
	cmd[0] = '\0';
	for (i = 0; i < argc && used + 1 < sizeof(cmd); i++)
		used += (size_t)snprintf(cmd + used, sizeof(cmd) - used,
					 "%s%s", i ? " " : "", argv[i]);
	return standin_db_write(db, index, uuid, name, cmd);
}
