/* The schema as a list of forward migrations. A new file is made by running
 * every step from version 0, so a migrated file and a fresh one cannot
 * drift apart. Never edit a released step: append one. */
#include <stddef.h>
#include <string.h>

#include "store_internal.h"
#include "store_schema.h"

/* Version 1: the base schema. */
static const char *const schema_v1[] = {
	"CREATE TABLE device ("
	" id INTEGER PRIMARY KEY,"
	" uuid TEXT NOT NULL UNIQUE,"
	" name TEXT NOT NULL,"
	" pci_bus_id TEXT,"
	" cc_major INTEGER NOT NULL,"
	" cc_minor INTEGER NOT NULL,"
	" sm_count INTEGER NOT NULL,"
	" peak_fp32_gflops REAL,"
	" peak_mem_gbs REAL)",

	"CREATE TABLE device_prop ("
	" device_id INTEGER NOT NULL"
	"  REFERENCES device(id) ON DELETE CASCADE,"
	" ord INTEGER NOT NULL,"
	" key TEXT NOT NULL,"
	" value TEXT NOT NULL,"
	" unit TEXT NOT NULL DEFAULT '',"
	" num REAL,"
	" PRIMARY KEY (device_id, ord)) WITHOUT ROWID",

	"CREATE TABLE session ("
	" id INTEGER PRIMARY KEY,"
	" uuid TEXT NOT NULL UNIQUE,"
	" device_id INTEGER NOT NULL"
	"  REFERENCES device(id) ON DELETE CASCADE,"
	" started_at TEXT NOT NULL,"
	" ended_at TEXT,"
	" status TEXT NOT NULL,"
	" hostname TEXT,"
	" cmdline TEXT,"
	" tool_version TEXT,"
	" driver_version INTEGER,"
	" runtime_version INTEGER,"
	" driver_text TEXT,"
	" repeats INTEGER,"
	" warmup INTEGER,"
	" min_samples INTEGER,"
	" max_time_s REAL,"
	" seed INTEGER,"		/* bit pattern of the unsigned seed */
	" suites TEXT,"
	" timers TEXT,"
	" tolerance REAL,"
	/* NVML readings; NULL where not available. */
	" start_sm_clock_mhz REAL,"
	" start_mem_clock_mhz REAL,"
	" start_temp_c REAL,"
	" start_power_w REAL,"
	" start_throttle_reasons INTEGER,"
	" start_throttle_text TEXT,"
	" end_sm_clock_mhz REAL,"
	" end_mem_clock_mhz REAL,"
	" end_temp_c REAL,"
	" end_power_w REAL,"
	" end_throttle_reasons INTEGER,"
	" end_throttle_text TEXT)",

	"CREATE INDEX session_device ON session(device_id)",

	"CREATE TABLE kernel ("
	" id INTEGER PRIMARY KEY,"
	" session_id INTEGER NOT NULL"
	"  REFERENCES session(id) ON DELETE CASCADE,"
	" name TEXT NOT NULL,"
	" description TEXT,"
	" source TEXT,"
	" UNIQUE (session_id, name))",

	"CREATE TABLE kattr ("
	" id INTEGER PRIMARY KEY,"
	" session_id INTEGER NOT NULL"
	"  REFERENCES session(id) ON DELETE CASCADE,"
	" variant TEXT NOT NULL,"
	" block_x INTEGER NOT NULL,"
	" block_y INTEGER NOT NULL,"
	" threads_per_block INTEGER,"
	" regs_per_thread INTEGER,"
	" static_smem INTEGER,"
	" max_threads_per_block INTEGER,"
	" active_blocks INTEGER,"
	" active_warps INTEGER,"
	" active_threads INTEGER,"
	" occupancy REAL,"
	" limit_warps INTEGER,"
	" limit_regs INTEGER,"
	" limit_smem INTEGER,"
	" limit_blocks INTEGER,"
	" limiter TEXT,"
	" UNIQUE (session_id, variant, block_x, block_y))",

	"CREATE TABLE config ("
	" id INTEGER PRIMARY KEY,"
	" session_id INTEGER NOT NULL"
	"  REFERENCES session(id) ON DELETE CASCADE,"
	" suite TEXT NOT NULL,"
	" variant TEXT NOT NULL,"
	" m INTEGER NOT NULL,"
	" k INTEGER NOT NULL,"
	" n INTEGER NOT NULL,"
	" count INTEGER NOT NULL,"
	" block_x INTEGER NOT NULL,"
	" block_y INTEGER NOT NULL,"
	" ilp INTEGER NOT NULL,"
	" host_mem TEXT NOT NULL,"
	" precision TEXT NOT NULL,"
	" status TEXT NOT NULL,"
	" reason TEXT,"
	" rel_error REAL,"		/* NULL: not verified */
	" flops REAL,"
	" bytes REAL,"
	" samples INTEGER NOT NULL,"
	" seconds REAL,"
	" finished_at TEXT,"
	" UNIQUE (session_id, suite, variant, m, k, n, count, block_x,"
	"  block_y, ilp, host_mem, precision))",

	"CREATE TABLE stat ("
	" config_id INTEGER NOT NULL"
	"  REFERENCES config(id) ON DELETE CASCADE,"
	" metric TEXT NOT NULL,"
	" ord INTEGER NOT NULL,"
	" unit TEXT NOT NULL,"
	" n INTEGER NOT NULL,"
	" min REAL NOT NULL,"
	" max REAL NOT NULL,"
	" mean REAL NOT NULL,"
	" median REAL NOT NULL,"
	" stddev REAL NOT NULL,"
	" p05 REAL NOT NULL,"
	" p25 REAL NOT NULL,"
	" p75 REAL NOT NULL,"
	" p95 REAL NOT NULL,"
	" PRIMARY KEY (config_id, metric)) WITHOUT ROWID",

	"CREATE TABLE sample ("
	" config_id INTEGER NOT NULL,"
	" metric TEXT NOT NULL,"
	" idx INTEGER NOT NULL,"
	" value REAL NOT NULL,"
	" PRIMARY KEY (config_id, metric, idx),"
	" FOREIGN KEY (config_id, metric)"
	"  REFERENCES stat(config_id, metric) ON DELETE CASCADE)"
	" WITHOUT ROWID",
	NULL
};

/* Version 2: whether a session kept its raw samples (older sessions: as
 * found in the file), the local memory of a kernel, and an index for
 * "latest measurement of each configuration" across sessions. */
static const char *const schema_v2[] = {
	"ALTER TABLE session ADD COLUMN keep_samples INTEGER",
	"UPDATE session SET keep_samples = EXISTS (SELECT 1 FROM config c"
	" JOIN sample x ON x.config_id = c.id WHERE c.session_id = session.id)",
	"ALTER TABLE kattr ADD COLUMN local_bytes INTEGER",
	"CREATE INDEX config_key ON config(suite, variant, m, k, n, count,"
	" block_x, block_y, ilp, host_mem, precision)",
	NULL
};

/* Version 3: how a session measured (kernel timer, cold or hot L2, the
 * launch cost of an empty kernel) and which process measured it, so that
 * a session left "running" by a killed process can be told apart from a
 * live one; per configuration what its regime is judged from (grid vs one
 * wave, working set vs L2, clocks and throttling around it) and the
 * interleaving group it was sampled in. Older rows keep NULL: unknown,
 * never invented. */
static const char *const schema_v3[] = {
	"ALTER TABLE session ADD COLUMN timer TEXT",
	"ALTER TABLE session ADD COLUMN cold INTEGER",
	"ALTER TABLE session ADD COLUMN launch_us REAL",
	"ALTER TABLE session ADD COLUMN pid INTEGER",
	"ALTER TABLE session ADD COLUMN proc_start TEXT",
	"ALTER TABLE config ADD COLUMN grp INTEGER",
	"ALTER TABLE config ADD COLUMN grid_blocks INTEGER",
	"ALTER TABLE config ADD COLUMN wave_blocks INTEGER",
	"ALTER TABLE config ADD COLUMN working_set REAL",
	"ALTER TABLE config ADD COLUMN l2_bytes INTEGER",
	"ALTER TABLE config ADD COLUMN start_sm_clock_mhz REAL",
	"ALTER TABLE config ADD COLUMN end_sm_clock_mhz REAL",
	"ALTER TABLE config ADD COLUMN throttle_reasons INTEGER",
	"ALTER TABLE config ADD COLUMN regime TEXT",
	NULL
};

/* Version 4: the counter pass of a session as data ("read",
 * "unavailable" and why), no longer only inside the timers text. Older
 * sessions keep NULL. */
static const char *const schema_v4[] = {
	"ALTER TABLE session ADD COLUMN counters TEXT",
	"ALTER TABLE session ADD COLUMN counters_why TEXT",
	NULL
};

/* Version 5: a configuration's swept access parameter (the stride or
 * offset of the memory suites), part of its key. SQLite cannot change a
 * table's UNIQUE constraint, so config is rebuilt as SQLite's ALTER TABLE
 * page prescribes: a new table, the rows copied with their ids, the old
 * one dropped, the new one renamed. It runs with foreign keys off (see
 * store_open.c), so that dropping the old table cascades to no
 * statistics; stat's key keeps naming "config" throughout. Older rows
 * get 0, which is what they measured. */
static const char *const schema_v5[] = {
	"CREATE TABLE config_new ("
	" id INTEGER PRIMARY KEY,"
	" session_id INTEGER NOT NULL"
	"  REFERENCES session(id) ON DELETE CASCADE,"
	" suite TEXT NOT NULL,"
	" variant TEXT NOT NULL,"
	" m INTEGER NOT NULL,"
	" k INTEGER NOT NULL,"
	" n INTEGER NOT NULL,"
	" count INTEGER NOT NULL,"
	" block_x INTEGER NOT NULL,"
	" block_y INTEGER NOT NULL,"
	" ilp INTEGER NOT NULL,"
	" host_mem TEXT NOT NULL,"
	" precision TEXT NOT NULL,"
	" status TEXT NOT NULL,"
	" reason TEXT,"
	" rel_error REAL,"
	" flops REAL,"
	" bytes REAL,"
	" samples INTEGER NOT NULL,"
	" seconds REAL,"
	" finished_at TEXT,"
	" grp INTEGER,"
	" grid_blocks INTEGER,"
	" wave_blocks INTEGER,"
	" working_set REAL,"
	" l2_bytes INTEGER,"
	" start_sm_clock_mhz REAL,"
	" end_sm_clock_mhz REAL,"
	" throttle_reasons INTEGER,"
	" regime TEXT,"
	" param INTEGER NOT NULL DEFAULT 0,"
	" UNIQUE (session_id, suite, variant, m, k, n, count, block_x,"
	"  block_y, ilp, host_mem, precision, param))",
	"INSERT INTO config_new (id, session_id, suite, variant, m, k, n, count,"
	" block_x, block_y, ilp, host_mem, precision, status, reason,"
	" rel_error, flops, bytes, samples, seconds, finished_at, grp,"
	" grid_blocks, wave_blocks, working_set, l2_bytes,"
	" start_sm_clock_mhz, end_sm_clock_mhz, throttle_reasons, regime)"
	" SELECT id, session_id, suite, variant, m, k, n, count, block_x,"
	" block_y, ilp, host_mem, precision, status, reason, rel_error,"
	" flops, bytes, samples, seconds, finished_at, grp, grid_blocks,"
	" wave_blocks, working_set, l2_bytes, start_sm_clock_mhz,"
	" end_sm_clock_mhz, throttle_reasons, regime FROM config",
	"DROP TABLE config",
	"ALTER TABLE config_new RENAME TO config",
	"CREATE INDEX config_key ON config(suite, variant, m, k, n, count,"
	" block_x, block_y, ilp, host_mem, precision, param)",
	NULL
};

/* Version 6: what the registry says of each kernel that the report
 * reasons about (analysis/traits.h's bits: a library routine,
 * asynchronous copies, FP64 tensor cores, a workspace) and its tile, so
 * that render decides by these and never by a kernel's name. Older rows
 * keep NULL; the reader gives them the legacy table's traits
 * (store_kernel_legacy). */
static const char *const schema_v6[] = {
	"ALTER TABLE kernel ADD COLUMN traits INTEGER",
	"ALTER TABLE kernel ADD COLUMN tile INTEGER",
	NULL
};

/* Version 7: what a measurement knows of its own quality and setting.
 * Per configuration the noise reached (the relative half-width of the
 * median kernel time's 95 % interval) and the samples taken while the
 * GPU was throttled and of them discarded; per session the --max-noise
 * target, the --throttle mode and threshold, the top SM clock seen,
 * whether clocks were locked, the enforced power limit, the PCIe link,
 * the host's CPU, the compiler that built the kernels and the cuBLAS
 * version. Older rows keep NULL: unknown, never 0. */
static const char *const schema_v7[] = {
	"ALTER TABLE config ADD COLUMN noise REAL",
	"ALTER TABLE config ADD COLUMN throttled INTEGER",
	"ALTER TABLE config ADD COLUMN discarded INTEGER",
	"ALTER TABLE session ADD COLUMN max_noise_pct REAL",
	"ALTER TABLE session ADD COLUMN throttle TEXT",
	"ALTER TABLE session ADD COLUMN throttle_pct REAL",
	"ALTER TABLE session ADD COLUMN top_sm_clock_mhz REAL",
	"ALTER TABLE session ADD COLUMN clocks_locked INTEGER",
	"ALTER TABLE session ADD COLUMN power_limit_w REAL",
	"ALTER TABLE session ADD COLUMN pcie_gen INTEGER",
	"ALTER TABLE session ADD COLUMN pcie_width INTEGER",
	"ALTER TABLE session ADD COLUMN host_cpu TEXT",
	"ALTER TABLE session ADD COLUMN cuda_compiler TEXT",
	"ALTER TABLE session ADD COLUMN cublas_version INTEGER",
	NULL
};

/* steps[v - 1] takes a file from version v - 1 to v. */
static const char *const *const steps[] = {
	schema_v1, schema_v2, schema_v3, schema_v4, schema_v5, schema_v6,
	schema_v7
};

_Static_assert(sizeof(steps) / sizeof(steps[0]) == STORE_SCHEMA_VERSION,
	       "one migration step per schema version");

const char *const store_schema_tables[] = {
	"device", "device_prop", "session", "kernel", "kattr", "config",
	"stat", "sample"
};
const size_t store_schema_ntables =
	sizeof(store_schema_tables) / sizeof(store_schema_tables[0]);

/* PRAGMA takes no bound parameters; v is one of our own constants. */
static int pragma_int_set(sqlite3 *db, const char *name, long v,
			  const char **failed)
{
	char *sql = sqlite3_mprintf("PRAGMA %s = %ld", name, v);
	int rc;

	if (!sql)
		return SQLITE_NOMEM;
	rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
	if (rc != SQLITE_OK && failed)
		*failed = name[0] == 'a' ? "PRAGMA application_id"
					 : "PRAGMA user_version";
	sqlite3_free(sql);
	return rc;
}

int store_schema_migrate(sqlite3 *db, int from, int to, const char **failed)
{
	const char *const *sql;
	int v, rc;

	if (from < 0 || to > STORE_SCHEMA_VERSION || from >= to)
		return SQLITE_MISUSE;
	for (v = from + 1; v <= to; v++) {
		for (sql = steps[v - 1]; *sql; sql++) {
			rc = sqlite3_exec(db, *sql, NULL, NULL, NULL);
			if (rc != SQLITE_OK) {
				if (failed)
					*failed = *sql;
				return rc;
			}
		}
	}
	if (from == 0) {
		rc = pragma_int_set(db, "application_id",
				    STORE_APPLICATION_ID, failed);
		if (rc != SQLITE_OK)
			return rc;
	}
	return pragma_int_set(db, "user_version", to, failed);
}

int store_schema_create_version(sqlite3 *db, int version)
{
	int rc;

	rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return rc;
	rc = store_schema_migrate(db, 0, version, NULL);
	if (rc != SQLITE_OK) {
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		return rc;
	}
	return sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
}
