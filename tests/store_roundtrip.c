/* Every structure written and read back field by field; the latest
 * measurement per configuration across sessions; all-or-nothing writes. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "store.h"
#include "store_fixture.h"

struct ctx {
	char *dir;
	char *path;
	struct store *st;
};

static int setup(void **state)
{
	struct ctx *c = calloc(1, sizeof(*c));

	assert_non_null(c);
	c->dir = fx_dir_make();
	c->path = fx_path(c->dir, "rt.db");
	c->st = fx_open(c->path, STORE_CREATE);
	*state = c;
	return 0;
}

static int teardown(void **state)
{
	struct ctx *c = *state;

	store_free(c->st);
	free(c->path);
	fx_dir_remove(c->dir);
	free(c);
	return 0;
}

static void devices(void **state)
{
	struct ctx *c = *state;
	struct store_prop props[] = {
		{ (char *)"name", (char *)"NVIDIA H100 80GB HBM3", (char *)"",
		  0, 0 },
		{ (char *)"mem_bus_width", (char *)"5120", (char *)"bit",
		  5120, 1 },
		{ (char *)"clock", (char *)"1.98", (char *)"GHz", 1.98, 1 },
	};
	struct store_device d1 = {
		.uuid = (char *)"GPU-1111", .name = (char *)"H100",
		.pci_bus_id = (char *)"0000:19:00.0", .cc_major = 9,
		.cc_minor = 0, .sm_count = 132, .peak_fp32_gflops = 66908.16,
		.peak_mem_gbs = 3352.32, .props = props, .nprops = 3,
	};
	struct store_device d2 = {
		.uuid = (char *)"GPU-2222", .name = (char *)"Tiny",
		.pci_bus_id = NULL, .cc_major = 5, .cc_minor = 2,
		.sm_count = 3, .peak_fp32_gflops = NAN, .peak_mem_gbs = 14.4,
	};
	struct store_device *l = NULL;
	size_t n = 0, i;
	int64_t first;

	assert_int_equal(store_device_upsert(c->st, &d1), 0);
	assert_int_equal(store_device_upsert(c->st, &d2), 0);
	assert_true(d1.id > 0 && d2.id > d1.id);
	assert_int_equal(store_device_list(c->st, &l, &n), 0);
	assert_int_equal(n, 2);
	assert_true(l[0].id == d1.id && l[1].id == d2.id);
	assert_string_equal(l[0].uuid, "GPU-1111");
	assert_string_equal(l[0].name, "H100");
	assert_string_equal(l[0].pci_bus_id, "0000:19:00.0");
	assert_int_equal(l[0].cc_major, 9);
	assert_int_equal(l[0].cc_minor, 0);
	assert_int_equal(l[0].sm_count, 132);
	assert_true(l[0].peak_fp32_gflops == 66908.16);
	assert_true(l[0].peak_mem_gbs == 3352.32);
	assert_int_equal(l[0].nprops, 3);
	for (i = 0; i < 3; i++) {
		assert_string_equal(l[0].props[i].key, props[i].key);
		assert_string_equal(l[0].props[i].value, props[i].value);
		assert_string_equal(l[0].props[i].unit, props[i].unit);
		assert_int_equal(l[0].props[i].has_num, props[i].has_num);
		assert_true(l[0].props[i].num == props[i].num);
	}
	assert_null(l[1].pci_bus_id);
	assert_true(isnan(l[1].peak_fp32_gflops));
	assert_int_equal(l[1].nprops, 0);
	store_devices_free(l, n);

	/* Same UUID: same row, refreshed fields and properties. */
	first = d1.id;
	d1.id = 0;
	d1.name = (char *)"H100 SXM";
	d1.nprops = 1;
	d1.props = &props[2];
	assert_int_equal(store_device_upsert(c->st, &d1), 0);
	assert_true(d1.id == first);
	assert_int_equal(store_device_list(c->st, &l, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(l[0].name, "H100 SXM");
	assert_int_equal(l[0].nprops, 1);
	assert_string_equal(l[0].props[0].key, "clock");
	store_devices_free(l, n);
	store_devices_free(NULL, 3);
}

static void sessions(void **state)
{
	struct ctx *c = *state;
	int64_t dev = fx_device(c->st, "GPU-s", "S");
	struct store_session s = {
		.uuid = (char *)"0b7c8b3e-1d2a-4c55-9a0e-3f1e2d3c4b5a",
		.device_id = dev, .started_at = (char *)"2026-11-22T01:02:03Z",
		.status = (char *)"running", .hostname = (char *)"h'ost\"$x",
		.cmdline = (char *)"mmreport measure --repeat 5",
		.tool_version = (char *)"0.1.0", .driver_version = 13000,
		.runtime_version = 12080, .driver_text = (char *)"580.1.2",
		.repeat = 5, .warmup = 3, .min_samples = 2,
		.max_time_s = 1.25, .seed = 0xfedcba9876543210ULL,
		.suites = (char *)"versions,transfer",
		.timers = (char *)"cudaEvent (device)", .tolerance = 1e-3,
		.env_start = { 1, 1980, 1, 2619, 0, 0, 1, 350.5, 1,
			       0x8000000000000001ULL, (char *)"sw_power_cap" },
		.keep_samples = 1,
	};
	struct store_session s2 = {
		.uuid = (char *)"second", .device_id = dev,
		.keep_samples = 0,
	};
	struct store_env end = { 0, 0, 1, 1593, 1, 64, 0, 0, 1, 0,
				 (char *)"none" };
	struct store_session *l = NULL;
	char uuid[37];
	size_t n = 0;

	assert_int_equal(store_session_insert(c->st, &s), 0);
	assert_true(s.id > 0);
	assert_int_equal(store_session_finish(c->st, s.id,
					      "2026-11-22T01:09:00Z",
					      "complete", &end), 0);
	/* Defaults: started now, running. */
	assert_int_equal(store_session_insert(c->st, &s2), 0);
	assert_int_equal(store_session_list(c->st, &l, &n), 0);
	assert_int_equal(n, 2);
	assert_true(l[0].id == s.id);
	assert_string_equal(l[0].uuid, s.uuid);
	assert_true(l[0].device_id == dev);
	assert_string_equal(l[0].started_at, "2026-11-22T01:02:03Z");
	assert_string_equal(l[0].ended_at, "2026-11-22T01:09:00Z");
	assert_string_equal(l[0].status, "complete");
	assert_string_equal(l[0].hostname, s.hostname);
	assert_string_equal(l[0].cmdline, s.cmdline);
	assert_string_equal(l[0].tool_version, "0.1.0");
	assert_int_equal(l[0].driver_version, 13000);
	assert_int_equal(l[0].runtime_version, 12080);
	assert_string_equal(l[0].driver_text, "580.1.2");
	assert_int_equal(l[0].repeat, 5);
	assert_int_equal(l[0].warmup, 3);
	assert_int_equal(l[0].min_samples, 2);
	assert_true(l[0].max_time_s == 1.25);
	assert_true(l[0].seed == 0xfedcba9876543210ULL);
	assert_string_equal(l[0].suites, s.suites);
	assert_string_equal(l[0].timers, s.timers);
	assert_true(l[0].tolerance == 1e-3);
	assert_int_equal(l[0].keep_samples, 1);
	assert_int_equal(l[0].env_start.has_sm_clock, 1);
	assert_true(l[0].env_start.sm_clock_mhz == 1980);
	assert_int_equal(l[0].env_start.has_mem_clock, 1);
	assert_true(l[0].env_start.mem_clock_mhz == 2619);
	assert_int_equal(l[0].env_start.has_temp, 0);
	assert_int_equal(l[0].env_start.has_power, 1);
	assert_true(l[0].env_start.power_w == 350.5);
	assert_int_equal(l[0].env_start.has_throttle, 1);
	assert_true(l[0].env_start.throttle_reasons == 0x8000000000000001ULL);
	assert_string_equal(l[0].env_start.throttle_text, "sw_power_cap");
	assert_int_equal(l[0].env_end.has_sm_clock, 0);
	assert_int_equal(l[0].env_end.has_mem_clock, 1);
	assert_true(l[0].env_end.mem_clock_mhz == 1593);
	assert_int_equal(l[0].env_end.has_temp, 1);
	assert_true(l[0].env_end.temp_c == 64);
	assert_int_equal(l[0].env_end.has_power, 0);
	assert_int_equal(l[0].env_end.has_throttle, 1);
	assert_true(l[0].env_end.throttle_reasons == 0);
	assert_string_equal(l[0].env_end.throttle_text, "none");

	assert_string_equal(l[1].status, "running");
	assert_null(l[1].ended_at);
	assert_null(l[1].hostname);
	assert_int_equal(strlen(l[1].started_at), 20);
	assert_true(l[1].started_at[10] == 'T' && l[1].started_at[19] == 'Z');
	assert_int_equal(l[1].keep_samples, 0);
	assert_int_equal(l[1].env_start.has_power, 0);
	assert_null(l[1].env_start.throttle_text);
	store_sessions_free(l, n);

	assert_true(store_session_finish(c->st, 9999, NULL, "complete",
					 NULL) < 0);
	/* Session UUIDs are unique. */
	assert_true(store_session_insert(c->st, &s) < 0);

	store_uuid_new(uuid);
	assert_int_equal(strlen(uuid), 36);
	assert_true(uuid[8] == '-' && uuid[14] == '4' && uuid[23] == '-');
	assert_non_null(strchr("89ab", uuid[19]));
}

static void kernels_and_kattrs(void **state)
{
	struct ctx *c = *state;
	int64_t d1 = fx_device(c->st, "GPU-k1", "K1");
	int64_t d2 = fx_device(c->st, "GPU-k2", "K2");
	int64_t s1 = fx_session(c->st, d1, "k-s1", "2026-01-01T00:00:00Z");
	int64_t s2 = fx_session(c->st, d1, "k-s2", "2026-02-01T00:00:00Z");
	int64_t s3 = fx_session(c->st, d2, "k-s3", "2025-01-01T00:00:00Z");
	struct store_kernel k[] = {
		{ s1, (char *)"v1", (char *)"one block", (char *)"src v1",
		  0, 0 },
		{ s1, (char *)"v2", (char *)"one thread per element",
		  (char *)"__global__ void v2() {}\n", 0, 1 },
		{ s2, (char *)"v2", (char *)"newer", (char *)"src v2'", 0, 1 },
	};
	struct store_kattr a = {
		.session_id = s1, .variant = (char *)"v2", .block_x = 16,
		.block_y = 16, .threads_per_block = 256, .regs_per_thread = 30,
		.static_smem = 0, .local_bytes = 0,
		.max_threads_per_block = 1024, .active_blocks = 8,
		.active_warps = 64, .active_threads = 2048, .occupancy = 1.0,
		.limit_warps = 8, .limit_regs = 8, .limit_smem = 32,
		.limit_blocks = 32, .limiter = (char *)"warps",
	};
	struct store_kernel *kl = NULL;
	struct store_kattr *al = NULL;
	size_t n = 0, i;

	for (i = 0; i < 3; i++)
		assert_int_equal(store_kernel_insert(c->st, &k[i]), 0);
	/* Inserting again replaces the text. */
	k[0].description = (char *)"one block, again";
	assert_int_equal(store_kernel_insert(c->st, &k[0]), 0);

	assert_int_equal(store_kernel_list(c->st, s1, &kl, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(kl[0].name, "v1");
	assert_string_equal(kl[0].description, "one block, again");
	assert_string_equal(kl[1].source, k[1].source);
	assert_true(kl[1].session_id == s1);
	store_kernels_free(kl, n);
	assert_int_equal(store_kernel_list(c->st, 0, &kl, &n), 0);
	assert_int_equal(n, 2);
	for (i = 0; i < n; i++) {
		if (!strcmp(kl[i].name, "v2")) {
			assert_true(kl[i].session_id == s2);
			assert_string_equal(kl[i].description, "newer");
		} else {
			assert_true(kl[i].session_id == s1);
		}
	}
	store_kernels_free(kl, n);

	assert_int_equal(store_kattr_insert(c->st, &a), 0);
	a.block_x = a.block_y = 8;
	a.local_bytes = 16;
	a.occupancy = 0.25;
	a.limiter = (char *)"blocks per SM";
	assert_int_equal(store_kattr_insert(c->st, &a), 0);
	a.session_id = s2;
	a.occupancy = 0.5;
	assert_int_equal(store_kattr_insert(c->st, &a), 0);
	a.session_id = s3;
	a.occupancy = 0.75;
	assert_int_equal(store_kattr_insert(c->st, &a), 0);

	assert_int_equal(store_kattr_list(c->st, s1, &al, &n), 0);
	assert_int_equal(n, 2);
	assert_true(al[0].session_id == s1);
	assert_string_equal(al[0].variant, "v2");
	assert_int_equal(al[0].block_x, 16);
	assert_int_equal(al[0].block_y, 16);
	assert_int_equal(al[0].threads_per_block, 256);
	assert_int_equal(al[0].regs_per_thread, 30);
	assert_int_equal(al[0].static_smem, 0);
	assert_int_equal(al[0].local_bytes, 0);
	assert_int_equal(al[0].max_threads_per_block, 1024);
	assert_int_equal(al[0].active_blocks, 8);
	assert_int_equal(al[0].active_warps, 64);
	assert_int_equal(al[0].active_threads, 2048);
	assert_true(al[0].occupancy == 1.0);
	assert_int_equal(al[0].limit_warps, 8);
	assert_int_equal(al[0].limit_regs, 8);
	assert_int_equal(al[0].limit_smem, 32);
	assert_int_equal(al[0].limit_blocks, 32);
	assert_string_equal(al[0].limiter, "warps");
	assert_int_equal(al[1].local_bytes, 16);
	assert_string_equal(al[1].limiter, "blocks per SM");
	store_kattrs_free(al, n);

	/* Latest per device, variant and block: d1 has 16x16 from s1 and
	 * 8x8 from s2; d2 has 8x8 from s3. */
	assert_int_equal(store_kattr_list(c->st, 0, &al, &n), 0);
	assert_int_equal(n, 3);
	assert_true(al[0].session_id == s1 && al[0].block_x == 16);
	assert_true(al[1].session_id == s2 && al[1].occupancy == 0.5);
	assert_true(al[2].session_id == s3 && al[2].occupancy == 0.75);
	store_kattrs_free(al, n);
}

static void configs(void **state)
{
	struct ctx *c = *state;
	int64_t d = fx_device(c->st, "GPU-c", "C");
	int64_t s = fx_session(c->st, d, "c-s", "2026-01-01T00:00:00Z");
	double kernel[] = { 1.5, 1.25, 2.75, 1.0, 1.5 };
	double total[] = { 3.0, 2.5, 4.0, 2.25, 3.5 };
	double gf[] = { 100, 120, 54.5, 150, 100 };
	struct store_metric m[] = {
		{ "kernel", "ms", kernel, 5 },
		{ "total", "ms", total, 5 },
		{ "gflops", "GFLOP/s", gf, 5 },
	};
	struct store_config cfg = {
		.session_id = s, .suite = (char *)"transfer",
		.variant = (char *)"shared", .m = 512, .k = 512, .n = 512,
		.count = 0, .block_x = 32, .block_y = 32, .ilp = 1,
		.host_mem = (char *)"pinned-output",
		.precision = (char *)"fp32", .status = (char *)"ok",
		.reason = NULL, .rel_error = NAN,
		.flops = 2.0 * 512 * 512 * 512,
		.bytes = 3.0 * 4 * 512 * 512, .samples = 5, .seconds = 0.125,
		.finished_at = (char *)"2026-01-01T00:00:09Z",
	};
	struct store_config slim = cfg, skipped = cfg, copy = {
		.session_id = s, .suite = (char *)"ilp",
		.variant = (char *)"copy", .n = 20, .count = 1 << 20,
		.block_x = 128, .block_y = 1, .ilp = 4,
		.status = (char *)"ok", .rel_error = 0,
	};
	struct store_config *l = NULL;
	struct store_filter f = { .session_id = s };
	struct store_stat *ss = NULL;
	struct stats_summary want;
	double *v = NULL;
	size_t n = 0, ns = 0, nv = 0, i, j;

	assert_int_equal(store_config_insert(c->st, &cfg, m, 3, 1), 0);
	assert_true(cfg.id > 0);
	slim.host_mem = (char *)"pageable";
	assert_int_equal(store_config_insert(c->st, &slim, m, 1, 0), 0);
	skipped.host_mem = (char *)"pinned";
	skipped.status = (char *)"skipped";
	skipped.reason = (char *)"needs 6 GiB, device has 4 GiB";
	skipped.samples = 0;
	assert_int_equal(store_config_insert(c->st, &skipped, NULL, 0, 1), 0);
	/* NULL host memory and precision are stored as "". */
	assert_int_equal(store_config_insert(c->st, &copy, m, 1, 1), 0);

	assert_int_equal(store_config_list(c->st, &f, &l, &n), 0);
	assert_int_equal(n, 4);
	/* Ordered by suite, variant, host_mem, ... */
	assert_string_equal(l[0].suite, "ilp");
	assert_string_equal(l[1].host_mem, "pageable");
	assert_string_equal(l[2].host_mem, "pinned");
	assert_string_equal(l[3].host_mem, "pinned-output");

	assert_true(l[0].id == copy.id);
	assert_string_equal(l[0].host_mem, "");
	assert_string_equal(l[0].precision, "");
	assert_true(l[0].count == 1 << 20);
	assert_int_equal(l[0].ilp, 4);
	assert_true(l[0].rel_error == 0);

	assert_true(l[3].id == cfg.id);
	assert_true(l[3].session_id == s && l[3].device_id == d);
	assert_string_equal(l[3].suite, "transfer");
	assert_string_equal(l[3].variant, "shared");
	assert_true(l[3].m == 512 && l[3].k == 512 && l[3].n == 512);
	assert_true(l[3].count == 0);
	assert_true(l[3].block_x == 32 && l[3].block_y == 32);
	assert_int_equal(l[3].ilp, 1);
	assert_string_equal(l[3].precision, "fp32");
	assert_string_equal(l[3].status, "ok");
	assert_null(l[3].reason);
	assert_true(isnan(l[3].rel_error));
	assert_true(l[3].flops == cfg.flops && l[3].bytes == cfg.bytes);
	assert_int_equal(l[3].samples, 5);
	assert_true(l[3].seconds == 0.125);
	assert_string_equal(l[3].finished_at, cfg.finished_at);

	assert_string_equal(l[2].status, "skipped");
	assert_string_equal(l[2].reason, skipped.reason);
	assert_int_equal(store_stat_list(c->st, l[2].id, &ss, &ns), 0);
	assert_int_equal(ns, 0);
	assert_null(ss);
	store_configs_free(l, n);

	/* Statistics as stats_summary_compute gives them, in metric order;
	 * samples in run order. */
	assert_int_equal(store_stat_list(c->st, cfg.id, &ss, &ns), 0);
	assert_int_equal(ns, 3);
	for (i = 0; i < 3; i++) {
		assert_string_equal(ss[i].metric, m[i].name);
		assert_string_equal(ss[i].unit, m[i].unit);
		assert_int_equal(stats_summary_compute(m[i].values, 5, &want),
				 0);
		assert_memory_equal(&ss[i].s, &want, sizeof(want));
		assert_int_equal(store_sample_get(c->st, cfg.id, m[i].name, &v,
						  &nv), 0);
		assert_int_equal(nv, 5);
		for (j = 0; j < 5; j++)
			assert_true(v[j] == m[i].values[j]);
		free(v);
	}
	store_stats_free(ss, ns);
	assert_int_equal(store_sample_get(c->st, cfg.id, "nope", &v, &nv), 0);
	assert_int_equal(nv, 0);
	assert_null(v);

	/* Slim: statistics kept, samples not. */
	assert_int_equal(store_stat_list(c->st, slim.id, &ss, &ns), 0);
	assert_int_equal(ns, 1);
	assert_true(ss[0].s.n == 5 && ss[0].s.median == 1.5);
	store_stats_free(ss, ns);
	assert_int_equal(store_sample_get(c->st, slim.id, "kernel", &v, &nv),
			 0);
	assert_int_equal(nv, 0);
	assert_null(v);
	/* counted per session: the 3 metrics x 5 runs of cfg and 1 x 5 of
	 * copy, none of the slim and the skipped configurations; an
	 * unknown session has 0 */
	{
		long long cnt = -1;

		assert_int_equal(store_sample_count(c->st, s, &cnt), 0);
		assert_int_equal(cnt, 20);
		assert_int_equal(store_sample_count(c->st, s + 1000, &cnt), 0);
		assert_int_equal(cnt, 0);
	}
	store_configs_free(NULL, 2);
	store_stats_free(NULL, 2);
}

/* The schema-3 session fields: known values, the unknown markers, and a
 * zero-initialised session (cold 0 is "hot"; launch_us 0 is unknown). */
static void sessions_v3(void **state)
{
	struct ctx *c = *state;
	int64_t dev = fx_device(c->st, "GPU-s3", "S3");
	struct store_session known = {
		.uuid = (char *)"s3-known", .device_id = dev,
		.started_at = (char *)"2026-03-01T00:00:00Z",
		.status = (char *)"complete", .hostname = (char *)"lab-3",
		.timer = (char *)"cupti-activity", .cold = 1,
		.launch_us = 4.75, .pid = 31337,
		.proc_start = (char *)"0b7c8b3e-1d2a-4c55-9a0e-3f1e2d3c4b5a/"
			      "123456",
	};
	struct store_session unknown = {
		.uuid = (char *)"s3-unknown", .device_id = dev,
		.started_at = (char *)"2026-03-02T00:00:00Z",
		.status = (char *)"complete", .timer = NULL, .cold = -1,
		.launch_us = NAN, .pid = 0, .proc_start = NULL,
	};
	struct store_session zero = {
		.uuid = (char *)"s3-zero", .device_id = dev,
		.started_at = (char *)"2026-03-03T00:00:00Z",
		.status = (char *)"complete",
	};
	struct store_session *l = NULL;
	size_t n = 0;

	assert_int_equal(store_session_insert(c->st, &known), 0);
	assert_int_equal(store_session_insert(c->st, &unknown), 0);
	assert_int_equal(store_session_insert(c->st, &zero), 0);
	assert_int_equal(store_session_list(c->st, &l, &n), 0);
	assert_int_equal(n, 3);

	assert_string_equal(l[0].uuid, "s3-known");
	assert_string_equal(l[0].timer, "cupti-activity");
	assert_int_equal(l[0].cold, 1);
	assert_true(l[0].launch_us == 4.75);
	assert_int_equal(l[0].pid, 31337);
	assert_string_equal(l[0].proc_start, known.proc_start);
	assert_string_equal(l[0].status, "complete");

	assert_string_equal(l[1].uuid, "s3-unknown");
	assert_null(l[1].timer);
	assert_int_equal(l[1].cold, -1);
	assert_true(isnan(l[1].launch_us));
	assert_int_equal(l[1].pid, 0);
	assert_null(l[1].proc_start);

	assert_string_equal(l[2].uuid, "s3-zero");
	assert_int_equal(l[2].cold, 0);
	assert_true(isnan(l[2].launch_us));
	assert_int_equal(l[2].pid, 0);
	store_sessions_free(l, n);

	/* In the file: unknown is NULL, hot is 0. */
	assert_int_equal(fx_sql_int(c->path, "SELECT count(*) FROM session"
				    " WHERE uuid = 's3-unknown'"
				    " AND timer IS NULL AND cold IS NULL"
				    " AND launch_us IS NULL AND pid IS NULL"
				    " AND proc_start IS NULL"), 1);
	assert_int_equal(fx_sql_int(c->path, "SELECT count(*) FROM session"
				    " WHERE uuid = 's3-zero' AND cold = 0"
				    " AND launch_us IS NULL AND pid IS NULL"),
			 1);
	assert_int_equal(fx_sql_int(c->path, "SELECT pid FROM session"
				    " WHERE uuid = 's3-known'"), 31337);
	/* Any true value of cold is stored as 1. */
	zero.uuid = (char *)"s3-cold2";
	zero.cold = 2;
	assert_int_equal(store_session_insert(c->st, &zero), 0);
	assert_int_equal(fx_sql_int(c->path, "SELECT cold FROM session"
				    " WHERE uuid = 's3-cold2'"), 1);
}

/* The schema-3 configuration fields: known values (a throttle mask with
 * the top bit set, an empty regime), the unknown markers, and a
 * zero-initialised configuration, which must claim no clock, working
 * set, group or grid. */
static void configs_v3(void **state)
{
	struct ctx *c = *state;
	int64_t d = fx_device(c->st, "GPU-c3", "C3");
	int64_t s = fx_session(c->st, d, "c3-s", "2026-01-01T00:00:00Z");
	double v[] = { 1.0, 2.0 };
	struct store_metric m[] = { { "kernel", "ms", v, 2 } };
	struct store_config known = {
		.session_id = s, .suite = (char *)"versions",
		.variant = (char *)"v2", .m = 256, .k = 256, .n = 256,
		.block_x = 16, .block_y = 16, .ilp = 1,
		.status = (char *)"ok", .rel_error = 1e-7, .samples = 2,
		.grp = 7, .grid_blocks = 256, .wave_blocks = 2112,
		.working_set = 786432.5, .l2_bytes = 52428800,
		.start_sm_clock_mhz = 1980, .end_sm_clock_mhz = 1755.5,
		.has_throttle = 1, .throttle_reasons = 0x8000000000000005ULL,
		.regime = (char *)"below_wave,l2_resident,throttled",
	};
	struct store_config unknown = known, empty = known, zero = {
		.session_id = s, .suite = (char *)"versions",
		.variant = (char *)"v2", .m = 1024, .k = 1024, .n = 1024,
		.block_x = 16, .block_y = 16, .ilp = 1,
		.status = (char *)"skipped", .reason = (char *)"test",
	};
	struct store_filter f = { .session_id = s };
	struct store_config *l = NULL;
	size_t n = 0;

	assert_int_equal(store_config_insert(c->st, &known, m, 1, 1), 0);
	unknown.n = unknown.m = unknown.k = 512;
	unknown.grp = unknown.grid_blocks = unknown.wave_blocks = 0;
	unknown.l2_bytes = 0;
	unknown.working_set = NAN;
	unknown.start_sm_clock_mhz = unknown.end_sm_clock_mhz = NAN;
	unknown.has_throttle = 0;
	unknown.throttle_reasons = 0xff;	/* ignored without has_ */
	unknown.regime = NULL;
	assert_int_equal(store_config_insert(c->st, &unknown, m, 1, 1), 0);
	assert_int_equal(store_config_insert(c->st, &zero, NULL, 0, 1), 0);
	empty.n = empty.m = empty.k = 2048;
	empty.regime = (char *)"";
	empty.throttle_reasons = 0;	/* known: no reason */
	assert_int_equal(store_config_insert(c->st, &empty, m, 1, 1), 0);

	assert_int_equal(store_config_list(c->st, &f, &l, &n), 0);
	assert_int_equal(n, 4);
	/* ordered by m, k, n within the key: 256, 512, 1024, 2048 */
	assert_true(l[0].id == known.id);
	assert_true(l[0].grp == 7);
	assert_true(l[0].grid_blocks == 256);
	assert_true(l[0].wave_blocks == 2112);
	assert_true(l[0].working_set == 786432.5);
	assert_true(l[0].l2_bytes == 52428800);
	assert_true(l[0].start_sm_clock_mhz == 1980);
	assert_true(l[0].end_sm_clock_mhz == 1755.5);
	assert_int_equal(l[0].has_throttle, 1);
	assert_true(l[0].throttle_reasons == 0x8000000000000005ULL);
	assert_string_equal(l[0].regime, "below_wave,l2_resident,throttled");

	assert_true(l[1].id == unknown.id);
	assert_true(l[1].grp == 0 && l[1].grid_blocks == 0);
	assert_true(l[1].wave_blocks == 0 && l[1].l2_bytes == 0);
	assert_true(isnan(l[1].working_set));
	assert_true(isnan(l[1].start_sm_clock_mhz));
	assert_true(isnan(l[1].end_sm_clock_mhz));
	assert_int_equal(l[1].has_throttle, 0);
	assert_true(l[1].throttle_reasons == 0);
	assert_null(l[1].regime);

	assert_true(l[2].id == zero.id);
	assert_true(isnan(l[2].working_set));
	assert_true(isnan(l[2].start_sm_clock_mhz));
	assert_true(isnan(l[2].end_sm_clock_mhz));
	assert_int_equal(l[2].has_throttle, 0);
	assert_null(l[2].regime);

	assert_true(l[3].id == empty.id);
	assert_string_equal(l[3].regime, "");
	assert_int_equal(l[3].has_throttle, 1);
	assert_true(l[3].throttle_reasons == 0);
	store_configs_free(l, n);

	/* In the file: every unknown is NULL, also for 0 and NaN. */
	assert_int_equal(fx_sql_int(c->path, "SELECT count(*) FROM config"
				    " WHERE grp IS NULL"
				    " AND grid_blocks IS NULL"
				    " AND wave_blocks IS NULL"
				    " AND working_set IS NULL"
				    " AND l2_bytes IS NULL"
				    " AND start_sm_clock_mhz IS NULL"
				    " AND end_sm_clock_mhz IS NULL"
				    " AND throttle_reasons IS NULL"
				    " AND regime IS NULL"), 2);
	assert_int_equal(fx_sql_int(c->path, "SELECT count(*) FROM config"
				    " WHERE regime = '' AND"
				    " throttle_reasons = 0"), 1);
}

/* Schema 7: what a measurement knows of its quality and setting, every
 * field written and read back; unknowns (NAN, -1, 0, NULL) stored as
 * NULL and read back as unknown; a noise of 0 and counts of 0 are values,
 * not unknowns; the top clock set at the end. */
static void quality_v7(void **state)
{
	struct ctx *c = *state;
	int64_t d = fx_device(c->st, "GPU-q7", "Q7");
	struct store_session known = {
		.uuid = (char *)"q7-known", .device_id = d,
		.started_at = (char *)"2026-01-01T00:00:00Z",
		.max_noise_pct = 0.5, .throttle = (char *)"discard",
		.throttle_pct = 90, .top_sm_clock_mhz = NAN,
		.clocks_locked = 0, .power_limit_w = 700.25, .pcie_gen = 5,
		.pcie_width = 16,
		.host_cpu = (char *)"Intel(R) Xeon(R) Platinum 8480+",
		.cuda_compiler = (char *)"13.0.48", .cublas_version = 130001,
	};
	struct store_session unknown = {
		.uuid = (char *)"q7-unknown", .device_id = d,
		.started_at = (char *)"2026-01-02T00:00:00Z",
		.max_noise_pct = NAN, .throttle_pct = NAN,
		.top_sm_clock_mhz = NAN, .clocks_locked = -1,
		.power_limit_w = NAN,
	};
	double v[] = { 1.0, 2.0, 3.0 };
	struct store_metric m[] = { { "kernel", "ms", v, 3 } };
	struct store_config q = {
		.suite = (char *)"versions", .variant = (char *)"v2",
		.m = 256, .k = 256, .n = 256, .block_x = 16, .block_y = 16,
		.ilp = 1, .status = (char *)"ok", .samples = 3,
		.noise = 0.0083, .throttled = 12, .discarded = 9,
	};
	struct store_config none = q, zero = q;
	struct store_filter f = { 0 };
	struct store_session *l = NULL;
	struct store_config *cl = NULL;
	size_t n = 0;

	assert_int_equal(store_session_insert(c->st, &known), 0);
	assert_int_equal(store_session_insert(c->st, &unknown), 0);
	/* the top clock is known at the end; NAN leaves it unknown */
	assert_int_equal(store_session_top_clock_set(c->st, known.id,
						     1980.5), 0);
	assert_int_equal(store_session_top_clock_set(c->st, unknown.id, NAN),
			 0);
	assert_true(store_session_top_clock_set(c->st, 9999, 1) < 0);
	assert_int_equal(store_session_list(c->st, &l, &n), 0);
	assert_int_equal(n, 2);
	assert_true(l[0].id == known.id);
	assert_true(l[0].max_noise_pct == 0.5);
	assert_string_equal(l[0].throttle, "discard");
	assert_true(l[0].throttle_pct == 90);
	assert_true(l[0].top_sm_clock_mhz == 1980.5);
	assert_int_equal(l[0].clocks_locked, 0);
	assert_true(l[0].power_limit_w == 700.25);
	assert_int_equal(l[0].pcie_gen, 5);
	assert_int_equal(l[0].pcie_width, 16);
	assert_string_equal(l[0].host_cpu, known.host_cpu);
	assert_string_equal(l[0].cuda_compiler, "13.0.48");
	assert_int_equal(l[0].cublas_version, 130001);
	assert_true(l[1].id == unknown.id);
	assert_true(isnan(l[1].max_noise_pct));
	assert_null(l[1].throttle);
	assert_true(isnan(l[1].throttle_pct));
	assert_true(isnan(l[1].top_sm_clock_mhz));
	assert_int_equal(l[1].clocks_locked, -1);
	assert_true(isnan(l[1].power_limit_w));
	assert_int_equal(l[1].pcie_gen, 0);
	assert_int_equal(l[1].pcie_width, 0);
	assert_null(l[1].host_cpu);
	assert_null(l[1].cuda_compiler);
	assert_int_equal(l[1].cublas_version, 0);
	store_sessions_free(l, n);
	assert_int_equal(fx_sql_int(c->path, "SELECT count(*) FROM session"
				    " WHERE max_noise_pct IS NULL"
				    " AND throttle IS NULL"
				    " AND throttle_pct IS NULL"
				    " AND top_sm_clock_mhz IS NULL"
				    " AND clocks_locked IS NULL"
				    " AND power_limit_w IS NULL"
				    " AND pcie_gen IS NULL"
				    " AND pcie_width IS NULL"
				    " AND host_cpu IS NULL"
				    " AND cuda_compiler IS NULL"
				    " AND cublas_version IS NULL"), 1);
	/* measure never locks clocks, and says so: 0, not NULL */
	assert_int_equal(fx_sql_int(c->path, "SELECT count(*) FROM session"
				    " WHERE clocks_locked = 0"), 1);

	q.session_id = none.session_id = zero.session_id = known.id;
	assert_int_equal(store_config_insert(c->st, &q, m, 1, 1), 0);
	none.n = none.m = none.k = 512;
	none.noise = NAN;
	none.throttled = none.discarded = -1;
	assert_int_equal(store_config_insert(c->st, &none, m, 1, 1), 0);
	zero.n = zero.m = zero.k = 1024;
	zero.noise = 0;
	zero.throttled = zero.discarded = 0;
	assert_int_equal(store_config_insert(c->st, &zero, m, 1, 1), 0);
	f.session_id = known.id;
	assert_int_equal(store_config_list(c->st, &f, &cl, &n), 0);
	assert_int_equal(n, 3);
	assert_true(cl[0].id == q.id);
	assert_true(cl[0].noise == 0.0083);
	assert_true(cl[0].throttled == 12);
	assert_true(cl[0].discarded == 9);
	assert_true(cl[1].id == none.id);
	assert_true(isnan(cl[1].noise));
	assert_true(cl[1].throttled == -1);
	assert_true(cl[1].discarded == -1);
	assert_true(cl[2].id == zero.id);
	assert_true(cl[2].noise == 0);
	assert_true(cl[2].throttled == 0);
	assert_true(cl[2].discarded == 0);
	store_configs_free(cl, n);
	assert_int_equal(fx_sql_int(c->path, "SELECT count(*) FROM config"
				    " WHERE noise IS NULL AND throttled IS NULL"
				    " AND discarded IS NULL"), 1);
	assert_int_equal(fx_sql_int(c->path, "SELECT count(*) FROM config"
				    " WHERE noise = 0 AND throttled = 0"
				    " AND discarded = 0"), 1);
}

/* Value of the "kernel" mean of a configuration. */
static double kernel_mean(struct store *st, int64_t id)
{
	struct store_stat *ss = NULL;
	size_t n = 0;
	double m;

	assert_int_equal(store_stat_list(st, id, &ss, &n), 0);
	assert_true(n >= 1);
	m = ss[0].s.mean;
	store_stats_free(ss, n);
	return m;
}

static void latest_measurement(void **state)
{
	struct ctx *c = *state;
	int64_t da = fx_device(c->st, "GPU-A", "A");
	int64_t db = fx_device(c->st, "GPU-B", "B");
	/* Inserted out of time order on purpose. */
	int64_t s2 = fx_session(c->st, da, "l-s2", "2026-01-02T00:00:00Z");
	int64_t s1 = fx_session(c->st, da, "l-s1", "2026-01-01T00:00:00Z");
	int64_t s3 = fx_session(c->st, da, "l-s3", "2026-01-02T00:00:00Z");
	int64_t s4 = fx_session(c->st, db, "l-s4", "2020-01-01T00:00:00Z");
	struct store_filter f = { 0 };
	struct store_config *l = NULL;
	size_t n = 0;
	int64_t a1_old, a1_new, a2, a3_s2, a3_s3, b1;

	a1_old = fx_config(c->st, s1, "v2", 64, 16, "ok", 1.0, 1);
	a2 = fx_config(c->st, s1, "v2", 128, 16, "ok", 2.0, 1);
	a1_new = fx_config(c->st, s2, "v2", 64, 16, "failed", 3.0, 1);
	a3_s2 = fx_config(c->st, s2, "v3", 64, 16, "ok", 4.0, 1);
	/* Same start time as s2; the larger session id wins the tie. */
	a3_s3 = fx_config(c->st, s3, "v3", 64, 16, "ok", 5.0, 1);
	b1 = fx_config(c->st, s4, "v2", 64, 16, "ok", 6.0, 1);
	(void)a1_old;
	(void)a3_s2;

	assert_int_equal(store_config_list(c->st, &f, &l, &n), 0);
	assert_int_equal(n, 4);
	/* Device A: v2 64, v2 128, v3 64; then device B. */
	assert_true(l[0].id == a1_new && l[0].session_id == s2);
	assert_string_equal(l[0].status, "failed");
	assert_true(l[1].id == a2 && l[1].session_id == s1);
	assert_true(l[2].id == a3_s3 && l[2].session_id == s3);
	assert_true(l[3].id == b1 && l[3].device_id == db);
	assert_true(l[0].device_id == da && l[2].device_id == da);
	assert_true(fabs(kernel_mean(c->st, l[0].id) - 3.03) < 1e-12);
	store_configs_free(l, n);

	f = (struct store_filter){ .device_id = db };
	assert_int_equal(store_config_list(c->st, &f, &l, &n), 0);
	assert_int_equal(n, 1);
	assert_true(l[0].id == b1);
	store_configs_free(l, n);

	f = (struct store_filter){ .suite = "transfer" };
	assert_int_equal(store_config_list(c->st, &f, &l, &n), 0);
	assert_int_equal(n, 0);
	assert_null(l);

	/* One session: exactly its rows. */
	f = (struct store_filter){ .session_id = s1 };
	assert_int_equal(store_config_list(c->st, &f, &l, &n), 0);
	assert_int_equal(n, 2);
	assert_true(l[0].id == a1_old && l[1].id == a2);
	store_configs_free(l, n);
}

/* A copy configuration (ilp suite, copy_ilp at ILP 4) of count elements
 * with n as measure wrote it: floor(log2 count) before issue 15, 0
 * since. Its "kernel" samples are base + i / 100. */
static int64_t ilp_row(struct store *st, int64_t session, int n,
		       long long count, double base)
{
	double k[3];
	struct store_metric m = { "kernel", "ms", k, 3 };
	struct store_config cfg = {
		.session_id = session, .suite = (char *)"ilp",
		.variant = (char *)"copy_ilp", .n = n, .count = count,
		.block_x = 128, .block_y = 1, .ilp = 4,
		.precision = (char *)"int32", .status = (char *)"ok",
		.rel_error = 0, .bytes = 8.0 * (double)count, .samples = 3,
		.finished_at = (char *)"2026-11-22T01:02:03Z",
	};
	int i;

	for (i = 0; i < 3; i++)
		k[i] = base + i / 100.0;
	if (store_config_insert(st, &cfg, &m, 1, 1))
		fail_msg("config: %s", store_errmsg(st));
	return cfg.id;
}

/* Issue 15, item 10: a copy's count is stored and read back as given,
 * 64-bit; counts sharing floor(log2 N) are configurations of their own
 * in one session; and a count measured once with floor(log2 N) in n
 * (before issue 15) and again with n = 0 is one configuration whose
 * latest row is shown in the list. */
static void ilp_counts(void **state)
{
	static const long long counts[] = {1000001, 1048575, 1048576,
					   3000000001LL};
	struct ctx *c = *state;
	int64_t d = fx_device(c->st, "GPU-I", "I");
	int64_t s_old = fx_session(c->st, d, "i-old", "2026-01-01T00:00:00Z");
	int64_t s_new = fx_session(c->st, d, "i-new", "2026-01-02T00:00:00Z");
	int64_t ids[4], old_pow2, old_other;
	struct store_filter f = { 0 };
	struct store_config *l = NULL;
	size_t n = 0, i;

	old_pow2 = ilp_row(c->st, s_old, 20, 1048576, 9.0);
	old_other = ilp_row(c->st, s_old, 19, 1000001, 9.0);
	for (i = 0; i < 4; i++)
		ids[i] = ilp_row(c->st, s_new, 0, counts[i], 1.0 + (double)i);
	assert_int_equal(fx_sql_int(c->path, "SELECT count(*) FROM config"
				    " WHERE count = 3000000001"), 1);

	assert_int_equal(store_config_list(c->st, &f, &l, &n), 0);
	assert_int_equal(n, 4);
	for (i = 0; i < 4; i++) {
		assert_true(l[i].id == ids[i]);
		assert_true(l[i].count == counts[i]);
		assert_int_equal(l[i].n, 0);
		assert_true(fabs(kernel_mean(c->st, l[i].id) -
				 (1.01 + (double)i)) < 1e-12);
	}
	store_configs_free(l, n);

	/* the older session alone: its rows as they were written */
	f.session_id = s_old;
	assert_int_equal(store_config_list(c->st, &f, &l, &n), 0);
	assert_int_equal(n, 2);
	assert_true(l[0].id == old_other && l[0].n == 19);
	assert_true(l[1].id == old_pow2 && l[1].n == 20);
	store_configs_free(l, n);
}

static int64_t count_rows(const char *path, const char *table)
{
	char sql[96];

	snprintf(sql, sizeof(sql), "SELECT count(*) FROM %s", table);
	return fx_sql_int(path, sql);
}

/* A failed write leaves nothing of itself behind. */
static void all_or_nothing(void **state)
{
	struct ctx *c = *state;
	int64_t d = fx_device(c->st, "GPU-r", "R");
	int64_t s = fx_session(c->st, d, "r-s", "2026-01-01T00:00:00Z");
	double v[] = { 1, 2, 3 }, bad[] = { 1, NAN, 3 };
	struct store_metric twice[] = {
		{ "kernel", "ms", v, 3 }, { "kernel", "ms", v, 3 },
	};
	struct store_metric notfinite[] = {
		{ "kernel", "ms", v, 3 }, { "total", "ms", bad, 3 },
	};
	struct store_metric empty[] = { { "kernel", "ms", v, 0 } };
	struct store_config cfg = {
		.session_id = s, .suite = (char *)"versions",
		.variant = (char *)"v1", .m = 8, .k = 8, .n = 8, .block_x = 8,
		.block_y = 8, .ilp = 1, .status = (char *)"ok",
	};
	const char *tables[] = { "config", "stat", "sample" };
	int64_t before[3];
	size_t i;

	assert_int_equal(store_config_insert(c->st, &cfg, twice, 1, 1), 0);
	for (i = 0; i < 3; i++)
		before[i] = count_rows(c->path, tables[i]);
	assert_true(before[0] == 1 && before[1] == 1 && before[2] == 3);

	/* The same key again violates UNIQUE. */
	cfg.id = -7;
	assert_int_equal(store_config_insert(c->st, &cfg, twice, 1, 1),
			 STORE_ERR_INTERNAL);
	assert_non_null(strstr(store_errmsg(c->st), "UNIQUE"));
	assert_true(cfg.id == -7);
	/* A new key whose second metric fails after the first was written. */
	cfg.n = 16;
	assert_true(store_config_insert(c->st, &cfg, twice, 2, 1) < 0);
	assert_non_null(strstr(store_errmsg(c->st), "stat"));
	/* Refused before writing: a value that is not finite, no values. */
	assert_true(store_config_insert(c->st, &cfg, notfinite, 2, 1) < 0);
	assert_non_null(strstr(store_errmsg(c->st), "total"));
	assert_true(store_config_insert(c->st, &cfg, empty, 1, 1) < 0);
	/* A session that does not exist. */
	cfg.session_id = 4242;
	assert_true(store_config_insert(c->st, &cfg, twice, 1, 1) < 0);
	assert_true(cfg.id == -7);

	for (i = 0; i < 3; i++)
		assert_true(count_rows(c->path, tables[i]) == before[i]);
	/* The store is still usable, with no transaction left open. */
	cfg.session_id = s;
	assert_int_equal(store_config_insert(c->st, &cfg, twice, 1, 1), 0);
	assert_true(count_rows(c->path, "config") == before[0] + 1);
	assert_int_equal(store_integrity_check(c->st), 0);
}

/* Deleting a device takes everything under it (ON DELETE CASCADE). */
static void cascade(void **state)
{
	struct ctx *c = *state;
	int64_t d = fx_device(c->st, "GPU-x", "X");
	int64_t s = fx_session(c->st, d, "x-s", "2026-01-01T00:00:00Z");
	char sql[128];

	fx_config(c->st, s, "v2", 64, 16, "ok", 1.0, 1);
	assert_true(count_rows(c->path, "sample") == 14);
	snprintf(sql, sizeof(sql), "PRAGMA foreign_keys = ON;"
		 "DELETE FROM device WHERE id = %lld", (long long)d);
	fx_sql(c->path, sql);
	assert_true(count_rows(c->path, "session") == 0);
	assert_true(count_rows(c->path, "config") == 0);
	assert_true(count_rows(c->path, "stat") == 0);
	assert_true(count_rows(c->path, "sample") == 0);
	assert_true(count_rows(c->path, "device_prop") == 0);
}

/* The --device selector, one rule for measure and the readers: a UUID
 * prefix with or without "GPU-", or a part of the name, any case. */
static void device_selector(void **state)
{
	const char *u = "GPU-7df5db95-eb31", *n = "NVIDIA H100 80GB HBM3";

	(void)state;
	assert_true(store_device_sel_fits(u, n, "GPU-7DF5"));
	assert_true(store_device_sel_fits(u, n, "7df5db"));
	assert_true(store_device_sel_fits(u, n, "h100"));
	assert_true(store_device_sel_fits(u, n, "HBM3"));
	assert_false(store_device_sel_fits(u, n, "H200"));
	assert_false(store_device_sel_fits(u, n, "db95"));
	assert_false(store_device_sel_fits(NULL, NULL, "H100"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(devices, setup, teardown),
		cmocka_unit_test(device_selector),
		cmocka_unit_test_setup_teardown(sessions, setup, teardown),
		cmocka_unit_test_setup_teardown(kernels_and_kattrs, setup,
						teardown),
		cmocka_unit_test_setup_teardown(configs, setup, teardown),
		cmocka_unit_test_setup_teardown(sessions_v3, setup, teardown),
		cmocka_unit_test_setup_teardown(configs_v3, setup, teardown),
		cmocka_unit_test_setup_teardown(quality_v7, setup, teardown),
		cmocka_unit_test_setup_teardown(ilp_counts, setup, teardown),
		cmocka_unit_test_setup_teardown(latest_measurement, setup,
						teardown),
		cmocka_unit_test_setup_teardown(all_or_nothing, setup,
						teardown),
		cmocka_unit_test_setup_teardown(cascade, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
