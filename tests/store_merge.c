/* store_merge: content copied with remapped ids, idempotence, shared
 * devices and sessions, refusal and atomicity, schema-1 and schema-2
 * sources, the schema-3 fields. */
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

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct ctx {
	char *dir;
	char *a, *b, *t;	/* sources A and B, target T */
};

static int setup(void **state)
{
	struct ctx *c = calloc(1, sizeof(*c));

	assert_non_null(c);
	c->dir = fx_dir_make();
	c->a = fx_path(c->dir, "a.db");
	c->b = fx_path(c->dir, "b.db");
	c->t = fx_path(c->dir, "t.db");
	*state = c;
	return 0;
}

static int teardown(void **state)
{
	struct ctx *c = *state;

	free(c->a);
	free(c->b);
	free(c->t);
	fx_dir_remove(c->dir);
	free(c);
	return 0;
}

static void add_kernel(struct store *st, int64_t s, const char *name)
{
	struct store_kernel k = { s, (char *)name, (char *)"desc",
				  (char *)"__global__ void k() {}", 0, 0 };

	assert_int_equal(store_kernel_insert(st, &k), 0);
}

static void add_kattr(struct store *st, int64_t s, int local)
{
	struct store_kattr a = {
		.session_id = s, .variant = (char *)"v2", .block_x = 16,
		.block_y = 16, .threads_per_block = 256, .regs_per_thread = 40,
		.local_bytes = local, .occupancy = 0.75,
		.limiter = (char *)"registers",
	};

	assert_int_equal(store_kattr_insert(st, &a), 0);
}

static void add_skipped(struct store *st, int64_t s)
{
	struct store_config cfg = {
		.session_id = s, .suite = (char *)"versions",
		.variant = (char *)"v2", .m = 4096, .k = 4096, .n = 4096,
		.block_x = 16, .block_y = 16, .ilp = 1,
		.status = (char *)"skipped", .reason = (char *)"too large",
		.rel_error = NAN,
	};

	assert_int_equal(store_config_insert(st, &cfg, NULL, 0, 1), 0);
}

/* A: devices D1, D2; session SA1 on D1 (kernels, kattr, a kept and a
 * skipped configuration), SA2 on D2 (a slim configuration). */
static void build_a(const char *path)
{
	struct store *st = fx_open(path, STORE_CREATE);
	int64_t d1 = fx_device(st, "GPU-D1", "First");
	int64_t d2 = fx_device(st, "GPU-D2", "Second");
	int64_t s1 = fx_session(st, d1, "SA1", "2026-01-01T00:00:00Z");
	int64_t s2 = fx_session(st, d2, "SA2", "2026-01-02T00:00:00Z");

	add_kernel(st, s1, "v1");
	add_kernel(st, s1, "v2");
	add_kattr(st, s1, 4);
	add_kattr(st, s2, 0);
	fx_config(st, s1, "v2", 64, 16, "ok", 1.0, 1);
	add_skipped(st, s1);
	fx_config(st, s2, "v3", 64, 16, "ok", 2.0, 0);
	store_free(st);
}

/* T: its own device and session first, so that copied rows get other
 * ids than in the source. */
static void build_t(const char *path)
{
	struct store *st = fx_open(path, STORE_CREATE);
	int64_t d = fx_device(st, "GPU-T", "Target");
	int64_t s = fx_session(st, d, "ST", "2025-06-01T00:00:00Z");

	fx_config(st, s, "v2", 64, 16, "ok", 9.0, 1);
	store_free(st);
}

static int do_merge(const char *target, const char *src,
		    struct store_merge_result *res)
{
	struct store *st = fx_open(target, STORE_CREATE);
	int rc = store_merge(st, src, res);

	if (rc)
		print_message("merge: %s\n", store_errmsg(st));
	store_free(st);
	return rc;
}

static const struct store_session *session_by_uuid(
	const struct store_session *s, size_t n, const char *uuid)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(s[i].uuid, uuid))
			return &s[i];
	fail_msg("no session %s", uuid);
	return NULL;
}

static const struct store_device *device_by_id(
	const struct store_device *d, size_t n, int64_t id)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (d[i].id == id)
			return &d[i];
	fail_msg("no device %lld", (long long)id);
	return NULL;
}

/* Equal strings, or both NULL. */
static void assert_str_same(const char *a, const char *b)
{
	if (!a || !b)
		assert_true(a == b);
	else
		assert_string_equal(a, b);
}

/* Equal doubles, or both NaN (unknown). */
static void assert_dbl_same(double a, double b)
{
	if (isnan(a) || isnan(b))
		assert_true(isnan(a) && isnan(b));
	else
		assert_true(a == b);
}

static void compare_configs(struct store *sa, int64_t ida, struct store *st,
			    int64_t idt)
{
	struct store_filter fa = { .session_id = ida };
	struct store_filter ft = { .session_id = idt };
	struct store_config *ca = NULL, *ct = NULL;
	struct store_stat *xa = NULL, *xt = NULL;
	size_t na = 0, nt = 0, nxa = 0, nxt = 0, i, j, k;

	assert_int_equal(store_config_list(sa, &fa, &ca, &na), 0);
	assert_int_equal(store_config_list(st, &ft, &ct, &nt), 0);
	assert_int_equal(na, nt);
	assert_true(na > 0);
	for (i = 0; i < na; i++) {
		assert_string_equal(ca[i].variant, ct[i].variant);
		assert_string_equal(ca[i].status, ct[i].status);
		assert_true(ca[i].n == ct[i].n && ca[i].samples ==
			    ct[i].samples);
		assert_true(ct[i].session_id == idt);
		if (ca[i].reason)
			assert_string_equal(ca[i].reason, ct[i].reason);
		assert_true(ca[i].grp == ct[i].grp);
		assert_true(ca[i].grid_blocks == ct[i].grid_blocks);
		assert_true(ca[i].wave_blocks == ct[i].wave_blocks);
		assert_dbl_same(ca[i].working_set, ct[i].working_set);
		assert_true(ca[i].l2_bytes == ct[i].l2_bytes);
		assert_dbl_same(ca[i].start_sm_clock_mhz,
				ct[i].start_sm_clock_mhz);
		assert_dbl_same(ca[i].end_sm_clock_mhz, ct[i].end_sm_clock_mhz);
		assert_int_equal(ca[i].has_throttle, ct[i].has_throttle);
		assert_true(ca[i].throttle_reasons == ct[i].throttle_reasons);
		assert_str_same(ca[i].regime, ct[i].regime);
		assert_int_equal(store_stat_list(sa, ca[i].id, &xa, &nxa), 0);
		assert_int_equal(store_stat_list(st, ct[i].id, &xt, &nxt), 0);
		assert_int_equal(nxa, nxt);
		for (j = 0; j < nxa; j++) {
			double *va = NULL, *vt = NULL;
			size_t nva = 0, nvt = 0;

			assert_string_equal(xa[j].metric, xt[j].metric);
			assert_memory_equal(&xa[j].s, &xt[j].s,
					    sizeof(xa[j].s));
			assert_int_equal(store_sample_get(sa, ca[i].id,
							  xa[j].metric, &va,
							  &nva), 0);
			assert_int_equal(store_sample_get(st, ct[i].id,
							  xt[j].metric, &vt,
							  &nvt), 0);
			assert_int_equal(nva, nvt);
			for (k = 0; k < nva; k++)
				assert_true(va[k] == vt[k]);
			free(va);
			free(vt);
		}
		store_stats_free(xa, nxa);
		store_stats_free(xt, nxt);
	}
	store_configs_free(ca, na);
	store_configs_free(ct, nt);
}

/* Every session of src is in target with equal content under its own
 * ids, on the device with the same UUID. Returns how many ids differ. */
static int compare_all(const char *src, const char *target)
{
	struct store *sa = fx_open(src, STORE_READ);
	struct store *st = fx_open(target, STORE_READ);
	struct store_session *ssa = NULL, *sst = NULL;
	struct store_device *da = NULL, *dt = NULL;
	struct store_kattr *ka = NULL, *kt = NULL;
	struct store_kernel *kna = NULL, *knt = NULL;
	size_t nsa = 0, nst = 0, nda = 0, ndt = 0, i, j, n1, n2;
	int remapped = 0;

	assert_int_equal(store_session_list(sa, &ssa, &nsa), 0);
	assert_int_equal(store_session_list(st, &sst, &nst), 0);
	assert_int_equal(store_device_list(sa, &da, &nda), 0);
	assert_int_equal(store_device_list(st, &dt, &ndt), 0);
	for (i = 0; i < nsa; i++) {
		const struct store_session *a = &ssa[i];
		const struct store_session *t = session_by_uuid(sst, nst,
								a->uuid);
		const struct store_device *dva = device_by_id(da, nda,
							      a->device_id);
		const struct store_device *dvt = device_by_id(dt, ndt,
							      t->device_id);

		remapped += a->id != t->id;
		remapped += a->device_id != t->device_id;
		assert_string_equal(dva->uuid, dvt->uuid);
		assert_int_equal(dva->nprops, dvt->nprops);
		for (j = 0; j < dva->nprops; j++)
			assert_string_equal(dva->props[j].value,
					    dvt->props[j].value);
		assert_string_equal(a->started_at, t->started_at);
		assert_string_equal(a->status, t->status);
		assert_true(a->seed == t->seed);
		assert_int_equal(a->keep_samples, t->keep_samples);
		assert_int_equal(a->repeat, t->repeat);
		assert_str_same(a->timer, t->timer);
		assert_int_equal(a->cold, t->cold);
		assert_dbl_same(a->launch_us, t->launch_us);
		assert_int_equal(a->pid, t->pid);
		assert_str_same(a->proc_start, t->proc_start);

		assert_int_equal(store_kernel_list(sa, a->id, &kna, &n1), 0);
		assert_int_equal(store_kernel_list(st, t->id, &knt, &n2), 0);
		assert_int_equal(n1, n2);
		for (j = 0; j < n1; j++) {
			assert_string_equal(kna[j].name, knt[j].name);
			assert_string_equal(kna[j].source, knt[j].source);
		}
		store_kernels_free(kna, n1);
		store_kernels_free(knt, n2);
		assert_int_equal(store_kattr_list(sa, a->id, &ka, &n1), 0);
		assert_int_equal(store_kattr_list(st, t->id, &kt, &n2), 0);
		assert_int_equal(n1, n2);
		for (j = 0; j < n1; j++) {
			assert_int_equal(ka[j].local_bytes, kt[j].local_bytes);
			assert_int_equal(ka[j].regs_per_thread,
					 kt[j].regs_per_thread);
			assert_true(kt[j].session_id == t->id);
		}
		store_kattrs_free(ka, n1);
		store_kattrs_free(kt, n2);
		compare_configs(sa, a->id, st, t->id);
	}
	store_sessions_free(ssa, nsa);
	store_sessions_free(sst, nst);
	store_devices_free(da, nda);
	store_devices_free(dt, ndt);
	store_free(sa);
	store_free(st);
	return remapped;
}

static void merge_and_again(void **state)
{
	struct ctx *c = *state;
	struct store_merge_result r;
	struct fx_snap a_before;
	char *d1, *d2, *d3;

	build_a(c->a);
	build_t(c->t);
	fx_snap_take(c->a, &a_before);

	assert_int_equal(do_merge(c->t, c->a, &r), 0);
	assert_int_equal(r.devices_added, 2);
	assert_int_equal(r.sessions_added, 2);
	assert_int_equal(r.sessions_skipped, 0);
	assert_int_equal(r.configs_added, 3);
	/* The source is read, never written, and gets no side file. */
	fx_snap_assert(c->a, &a_before);
	assert_false(fx_side_files(c->a));
	assert_true(compare_all(c->a, c->t) > 0);

	/* Twice: nothing changes. */
	d1 = fx_dump(c->t);
	assert_int_equal(do_merge(c->t, c->a, &r), 0);
	assert_int_equal(r.devices_added, 0);
	assert_int_equal(r.sessions_added, 0);
	assert_int_equal(r.sessions_skipped, 2);
	assert_int_equal(r.configs_added, 0);
	d2 = fx_dump(c->t);
	assert_string_equal(d1, d2);

	/* Into itself: nothing changes either. */
	assert_int_equal(do_merge(c->t, c->t, &r), 0);
	assert_int_equal(r.sessions_added, 0);
	assert_int_equal(r.sessions_skipped, 3);
	d3 = fx_dump(c->t);
	assert_string_equal(d1, d3);
	fx_snap_assert(c->a, &a_before);
	fx_snap_free(&a_before);
	free(d1);
	free(d2);
	free(d3);
}

/* B shares device D1 and session SA1 with A. */
static void shared_rows(void **state)
{
	struct ctx *c = *state;
	struct store_merge_result r;
	struct store_device *dv = NULL;
	struct store_session *ss = NULL;
	struct store *st;
	int64_t d1, d3, s;
	size_t n = 0, i;

	build_a(c->a);
	st = fx_open(c->b, STORE_CREATE);
	d3 = fx_device(st, "GPU-D3", "Third");
	d1 = fx_device(st, "GPU-D1", "First, renamed in B");
	s = fx_session(st, d1, "SA1", "2026-01-01T00:00:00Z");
	fx_config(st, s, "v5", 640, 16, "ok", 7.0, 1);	/* not copied */
	s = fx_session(st, d1, "SB1", "2026-03-01T00:00:00Z");
	fx_config(st, s, "v5", 640, 16, "ok", 8.0, 1);
	s = fx_session(st, d3, "SB2", "2026-03-02T00:00:00Z");
	fx_config(st, s, "v5", 640, 16, "ok", 9.0, 1);
	store_free(st);

	assert_int_equal(do_merge(c->t, c->a, &r), 0);
	assert_int_equal(do_merge(c->t, c->b, &r), 0);
	assert_int_equal(r.devices_added, 1);
	assert_int_equal(r.sessions_added, 2);
	assert_int_equal(r.sessions_skipped, 1);
	assert_int_equal(r.configs_added, 2);

	st = fx_open(c->t, STORE_READ);
	assert_int_equal(store_device_list(st, &dv, &n), 0);
	assert_int_equal(n, 3);
	/* A device already present is not duplicated or overwritten. */
	for (i = 0; i < n; i++)
		if (!strcmp(dv[i].uuid, "GPU-D1"))
			assert_string_equal(dv[i].name, "First");
	store_devices_free(dv, n);
	assert_int_equal(store_session_list(st, &ss, &n), 0);
	assert_int_equal(n, 4);
	assert_string_equal(ss[0].uuid, "SA1");
	assert_string_equal(ss[3].uuid, "SB2");
	assert_true(ss[2].device_id == ss[0].device_id);	/* SB1 on D1 */
	store_sessions_free(ss, n);
	store_free(st);
}

/* Sources that are not mmreport databases: refused, target and source
 * untouched. */
static void refused_sources(void **state)
{
	struct ctx *c = *state;
	static const struct {
		const char *name;
		int want;
	} bad[] = {
		{ "foreign.db", STORE_ERR_FOREIGN },
		{ "random.db", STORE_ERR_CORRUPT },
		{ "newer.db", STORE_ERR_NEWER },
		{ "empty.db", STORE_ERR_FOREIGN },
		{ "missing.db", STORE_ERR_MISSING },
	};
	unsigned char junk[4096];
	struct store_merge_result r;
	char *dump, *after;
	size_t i;

	build_t(c->t);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		char *p = fx_path(c->dir, bad[i].name);

		if (i == 0)
			fx_sql(p, "CREATE TABLE device(uuid TEXT, name TEXT);"
			       "INSERT INTO device VALUES ('GPU-X', 'x');");
		if (i == 1) {
			memset(junk, 0x3c, sizeof(junk));
			fx_file_write(p, junk, sizeof(junk));
		}
		if (i == 2) {
			build_a(p);
			fx_sql(p, "PRAGMA user_version = 999");
		}
		if (i == 3)
			fx_file_write(p, "", 0);
		free(p);
	}
	dump = fx_dump(c->t);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		char *p = fx_path(c->dir, bad[i].name);
		struct store *st = fx_open(c->t, STORE_WRITE);
		struct fx_snap before;

		fx_snap_take(p, &before);
		memset(&r, 0xff, sizeof(r));
		assert_int_equal(store_merge(st, p, &r), bad[i].want);
		print_message("%s\n", store_errmsg(st));
		assert_non_null(strstr(store_errmsg(st), p));
		assert_int_equal(r.sessions_added + r.devices_added, 0);
		store_free(st);
		fx_snap_assert(p, &before);
		assert_false(fx_side_files(p));
		fx_snap_free(&before);
		free(p);
	}
	after = fx_dump(c->t);
	assert_string_equal(dump, after);
	free(dump);
	free(after);
}

/* A source that fails half-way (a session whose device is gone) leaves
 * the target as it was: devices and the first session are rolled back. */
static void all_or_nothing(void **state)
{
	struct ctx *c = *state;
	struct store_merge_result r;
	char *dump, *after;

	build_a(c->a);
	build_t(c->t);
	fx_sql(c->a, "UPDATE session SET device_id = 999 WHERE uuid = 'SA2'");
	dump = fx_dump(c->t);
	assert_true(do_merge(c->t, c->a, &r) < 0);
	assert_int_equal(r.sessions_added + r.devices_added, 0);
	after = fx_dump(c->t);
	assert_string_equal(dump, after);
	free(dump);
	free(after);
}

/* A schema-1 source merges; what it lacks is derived or unknown. */
static void old_source(void **state)
{
	struct ctx *c = *state;
	struct store_merge_result r;
	struct fx_snap before;

	build_t(c->t);
	fx_v1_file(c->a);
	fx_snap_take(c->a, &before);
	assert_int_equal(do_merge(c->t, c->a, &r), 0);
	assert_int_equal(r.devices_added, 1);
	assert_int_equal(r.sessions_added, 2);
	assert_int_equal(r.configs_added, 2);
	fx_snap_assert(c->a, &before);
	fx_snap_free(&before);
	assert_true(compare_all(c->a, c->t) > 0);
	assert_int_equal(fx_sql_int(c->t, "SELECT keep_samples FROM session"
				    " WHERE uuid = 'S-v1-a'"), 1);
	assert_int_equal(fx_sql_int(c->t, "SELECT local_bytes IS NULL FROM"
				    " kattr JOIN session s ON s.id ="
				    " session_id WHERE s.uuid = 'S-v1-a'"), 1);
	assert_int_equal(fx_sql_int(c->a, "PRAGMA user_version"), 1);
	assert_int_equal(fx_sql_int(c->t, "SELECT count(*) FROM session"
				    " WHERE uuid LIKE 'S-v1-%' AND timer IS NULL"
				    " AND cold IS NULL AND launch_us IS NULL"
				    " AND pid IS NULL AND proc_start IS NULL"),
			 2);
}

/* How many configurations of the sessions whose UUID is LIKE `like` (a
 * literal of the test) have every column schema 3 added NULL. */
static int64_t v3_config_nulls(const char *path, const char *like)
{
	char sql[512];

	snprintf(sql, sizeof(sql), "SELECT count(*) FROM config c"
		 " JOIN session s ON s.id = c.session_id"
		 " WHERE s.uuid LIKE '%s' AND c.grp IS NULL"
		 " AND c.grid_blocks IS NULL AND c.wave_blocks IS NULL"
		 " AND c.working_set IS NULL AND c.l2_bytes IS NULL"
		 " AND c.start_sm_clock_mhz IS NULL"
		 " AND c.end_sm_clock_mhz IS NULL"
		 " AND c.throttle_reasons IS NULL AND c.regime IS NULL",
		 like);
	return fx_sql_int(path, sql);
}

/* A schema-2 source merges as it is; what it lacks is NULL in the
 * target, and a running session without a pid stays running. */
static void v2_source(void **state)
{
	struct ctx *c = *state;
	struct store_merge_result r;
	struct fx_snap before;

	build_t(c->t);
	fx_v2_file(c->a);
	fx_snap_take(c->a, &before);
	assert_int_equal(do_merge(c->t, c->a, &r), 0);
	assert_int_equal(r.devices_added, 1);
	assert_int_equal(r.sessions_added, 2);
	assert_int_equal(r.configs_added, 2);
	fx_snap_assert(c->a, &before);
	fx_snap_free(&before);
	assert_int_equal(fx_sql_int(c->a, "PRAGMA user_version"), 2);
	assert_true(compare_all(c->a, c->t) > 0);
	assert_int_equal(fx_sql_int(c->t, "SELECT count(*) FROM session"
				    " WHERE uuid LIKE 'S-v2-%' AND timer IS NULL"
				    " AND cold IS NULL AND launch_us IS NULL"
				    " AND pid IS NULL AND proc_start IS NULL"),
			 2);
	assert_int_equal(v3_config_nulls(c->t, "S-v2-%"), 2);
	assert_int_equal(fx_sql_int(c->t, "SELECT status = 'running' FROM"
				    " session WHERE uuid = 'S-v2-b'"), 1);
	assert_int_equal(fx_sql_int(c->t, "SELECT local_bytes FROM kattr k"
				    " JOIN session s ON s.id = k.session_id"
				    " WHERE s.uuid = 'S-v2-a'"), 8);
}

/* A schema-3 source keeps every new field, known and unknown alike. */
static void v3_fields(void **state)
{
	struct ctx *c = *state;
	struct store_merge_result r;
	struct store *st = fx_open(c->a, STORE_CREATE);
	int64_t d = fx_device(st, "GPU-V3", "Third gen");
	struct store_session s = {
		.uuid = (char *)"S-v3", .device_id = d,
		.started_at = (char *)"2026-04-01T00:00:00Z",
		.status = (char *)"complete", .hostname = (char *)"lab-v3",
		.timer = (char *)"events-blocking", .cold = 0,
		.launch_us = 6.5, .pid = 4242,
		.proc_start = (char *)"boot-id/99",
	};
	double v[] = { 1.0, 1.5 };
	struct store_metric m[] = { { "kernel", "ms", v, 2 } };
	struct store_config known = {
		.suite = (char *)"versions", .variant = (char *)"v5",
		.m = 512, .k = 512, .n = 512, .block_x = 16, .block_y = 16,
		.ilp = 1, .status = (char *)"ok", .samples = 2,
		.grp = 2, .grid_blocks = 1024, .wave_blocks = 264,
		.working_set = 3145728, .l2_bytes = 52428800,
		.start_sm_clock_mhz = 1980, .end_sm_clock_mhz = 1410,
		.has_throttle = 1, .throttle_reasons = 0x20,
		.regime = (char *)"l2_resident,throttled",
	};
	struct store_config bare = {
		.suite = (char *)"reference", .variant = (char *)"cublas",
		.m = 512, .k = 512, .n = 512, .ilp = 1,
		.status = (char *)"ok", .samples = 2,
	};

	assert_int_equal(store_session_insert(st, &s), 0);
	known.session_id = bare.session_id = s.id;
	assert_int_equal(store_config_insert(st, &known, m, 1, 1), 0);
	assert_int_equal(store_config_insert(st, &bare, m, 1, 1), 0);
	store_free(st);
	build_t(c->t);

	assert_int_equal(do_merge(c->t, c->a, &r), 0);
	assert_int_equal(r.sessions_added, 1);
	assert_int_equal(r.configs_added, 2);
	assert_true(compare_all(c->a, c->t) > 0);
	assert_int_equal(fx_sql_int(c->t, "SELECT count(*) FROM session"
				    " WHERE uuid = 'S-v3'"
				    " AND timer = 'events-blocking'"
				    " AND cold = 0 AND launch_us = 6.5"
				    " AND pid = 4242"
				    " AND proc_start = 'boot-id/99'"), 1);
	assert_int_equal(fx_sql_int(c->t, "SELECT count(*) FROM config"
				    " WHERE variant = 'v5' AND grp = 2"
				    " AND grid_blocks = 1024"
				    " AND wave_blocks = 264"
				    " AND working_set = 3145728"
				    " AND l2_bytes = 52428800"
				    " AND start_sm_clock_mhz = 1980"
				    " AND end_sm_clock_mhz = 1410"
				    " AND throttle_reasons = 32"
				    " AND regime = 'l2_resident,throttled'"),
			 1);
	assert_int_equal(v3_config_nulls(c->t, "S-v3"), 1);
}

/* Schema 7: the session's quality settings and setting and each
 * configuration's noise and throttled samples are carried, unknowns as
 * NULL. */
static void v7_fields(void **state)
{
	struct ctx *c = *state;
	struct store_merge_result r;
	struct store *st = fx_open(c->a, STORE_CREATE);
	int64_t d = fx_device(st, "GPU-V7", "Seventh");
	struct store_session s = {
		.uuid = (char *)"S-v7", .device_id = d,
		.started_at = (char *)"2026-05-01T00:00:00Z",
		.status = (char *)"complete", .max_noise_pct = 0.5,
		.throttle = (char *)"wait", .throttle_pct = 85,
		.top_sm_clock_mhz = 1980, .clocks_locked = 0,
		.power_limit_w = 700, .pcie_gen = 5, .pcie_width = 16,
		.host_cpu = (char *)"AMD EPYC 9654",
		.cuda_compiler = (char *)"13.0.48", .cublas_version = 130001,
	};
	struct store_session s2 = {
		.uuid = (char *)"S-v7-none", .device_id = d,
		.started_at = (char *)"2026-05-02T00:00:00Z",
		.status = (char *)"complete", .max_noise_pct = NAN,
		.throttle_pct = NAN, .top_sm_clock_mhz = NAN,
		.clocks_locked = -1, .power_limit_w = NAN,
	};
	double v[] = { 1.0, 1.5 };
	struct store_metric m[] = { { "kernel", "ms", v, 2 } };
	struct store_config known = {
		.suite = (char *)"versions", .variant = (char *)"v5",
		.m = 512, .k = 512, .n = 512, .block_x = 16, .block_y = 16,
		.ilp = 1, .status = (char *)"ok", .samples = 2,
		.noise = 0.012, .throttled = 7, .discarded = 5,
	};
	struct store_config none = known;

	assert_int_equal(store_session_insert(st, &s), 0);
	assert_int_equal(store_session_insert(st, &s2), 0);
	known.session_id = s.id;
	none.session_id = s2.id;
	none.noise = NAN;
	none.throttled = none.discarded = -1;
	assert_int_equal(store_config_insert(st, &known, m, 1, 1), 0);
	assert_int_equal(store_config_insert(st, &none, m, 1, 1), 0);
	store_free(st);
	build_t(c->t);

	assert_int_equal(do_merge(c->t, c->a, &r), 0);
	assert_int_equal(r.sessions_added, 2);
	assert_int_equal(r.configs_added, 2);
	assert_int_equal(fx_sql_int(c->t, "SELECT count(*) FROM session"
				    " WHERE uuid = 'S-v7'"
				    " AND max_noise_pct = 0.5"
				    " AND throttle = 'wait'"
				    " AND throttle_pct = 85"
				    " AND top_sm_clock_mhz = 1980"
				    " AND clocks_locked = 0"
				    " AND power_limit_w = 700"
				    " AND pcie_gen = 5 AND pcie_width = 16"
				    " AND host_cpu = 'AMD EPYC 9654'"
				    " AND cuda_compiler = '13.0.48'"
				    " AND cublas_version = 130001"), 1);
	assert_int_equal(fx_sql_int(c->t, "SELECT count(*) FROM session"
				    " WHERE uuid = 'S-v7-none'"
				    " AND max_noise_pct IS NULL"
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
	assert_int_equal(fx_sql_int(c->t, "SELECT count(*) FROM config c"
				    " JOIN session s ON s.id = c.session_id"
				    " WHERE s.uuid = 'S-v7' AND c.noise = 0.012"
				    " AND c.throttled = 7 AND c.discarded = 5"),
			 1);
	assert_int_equal(fx_sql_int(c->t, "SELECT count(*) FROM config c"
				    " JOIN session s ON s.id = c.session_id"
				    " WHERE s.uuid = 'S-v7-none'"
				    " AND c.noise IS NULL"
				    " AND c.throttled IS NULL"
				    " AND c.discarded IS NULL"), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(merge_and_again, setup,
						teardown),
		cmocka_unit_test_setup_teardown(shared_rows, setup, teardown),
		cmocka_unit_test_setup_teardown(refused_sources, setup,
						teardown),
		cmocka_unit_test_setup_teardown(all_or_nothing, setup,
						teardown),
		cmocka_unit_test_setup_teardown(old_source, setup, teardown),
		cmocka_unit_test_setup_teardown(v2_source, setup, teardown),
		cmocka_unit_test_setup_teardown(v3_fields, setup, teardown),
		cmocka_unit_test_setup_teardown(v7_fields, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
