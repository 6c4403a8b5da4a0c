/* Kernel sources and descriptions, and kernel attributes / occupancy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

int store_kernel_insert(struct store *st, const struct store_kernel *k)
{
	sqlite3_stmt *q = NULL;
	int rc, b = SQLITE_OK;

	if (!k || !k->name || k->session_id <= 0)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "kernel without "
				  "name or session");
	rc = STORE_PREPARE(st, "INSERT INTO kernel(session_id, name,"
			   " description, source, traits, tile) VALUES (?1,"
			   " ?2, ?3, ?4, ?5, ?6)"
			   " ON CONFLICT(session_id, name) DO UPDATE SET"
			   " description = excluded.description,"
			   " source = excluded.source,"
			   " traits = excluded.traits,"
			   " tile = excluded.tile", &q);
	if (rc < 0)
		goto out;
	store_bind_int(&b, q, 1, k->session_id);
	store_bind_text(&b, q, 2, k->name);
	store_bind_text(&b, q, 3, k->description);
	store_bind_text(&b, q, 4, k->source);
	store_bind_int(&b, q, 5, (int64_t)k->traits);
	store_bind_int(&b, q, 6, k->tile);
	rc = STORE_STEP(st, b, q);
	if (rc > 0)
		rc = 0;
out:
	sqlite3_finalize(q);
	return rc;
}

void store_kernels_free(struct store_kernel *k, size_t n)
{
	size_t i;

	if (!k)
		return;
	for (i = 0; i < n; i++) {
		free(k[i].name);
		free(k[i].description);
		free(k[i].source);
	}
	free(k);
}

/* The built-in kernels of the versions before schema 6 that have a
 * trait or a tile, as their registry described them then (the others
 * read 0 and 0 unlisted), and the launch geometry of those that files
 * older than schema 3 hold (their grids were not stored). Only what old
 * files can hold: a kernel added after schema 6 stores its traits
 * itself and never needs a line here. */
enum legacy_geometry {
	LG_NONE,		/* not derived: a library call, or a kernel
				 * no file older than schema 3 holds */
	LG_ONE,			/* one block (v1) */
	LG_TILE,		/* ceil(n / (tile bx)) x ceil(m / (tile by)) */
	LG_COPY			/* ceil(count / (ilp b)) */
};

static const struct legacy_kernel {
	const char *name;
	unsigned traits;
	int tile;
	enum legacy_geometry geometry;
} legacy_kernels[] = {
	{ VOCAB_VARIANT_V1, 0, 0, LG_ONE },
	{ VOCAB_VARIANT_V2, 0, 1, LG_TILE },
	{ VOCAB_VARIANT_V3, 0, 1, LG_TILE },
	{ VOCAB_VARIANT_V4, 0, 1, LG_TILE },
	{ VOCAB_VARIANT_V5, 0, 2, LG_TILE },
	{ VOCAB_VARIANT_SIMPLE, 0, 1, LG_TILE },
	{ VOCAB_VARIANT_SHARED, 0, 1, LG_TILE },
	{ "v6", 0, 1, LG_NONE },
	{ "v7", 0, 1, LG_NONE },
	{ "v8", 0, 1, LG_NONE },
	{ "v9", 0, 1, LG_NONE },
	{ "v10", KTRAIT_ASYNC_COPY, 1, LG_NONE },
	{ "v11", KTRAIT_ASYNC_COPY, 1, LG_NONE },
	{ "v12", KTRAIT_ASYNC_COPY | KTRAIT_WORKSPACE, 1, LG_NONE },
	{ "v13", KTRAIT_ASYNC_COPY | KTRAIT_WORKSPACE, 1, LG_NONE },
	{ VOCAB_VARIANT_RECT, 0, 1, LG_NONE },
	{ VOCAB_VARIANT_COPY_ILP, 0, 0, LG_COPY },
	{ VOCAB_VARIANT_MEMCPY, KTRAIT_LIBRARY, 0, LG_NONE },
	{ VOCAB_VARIANT_CUBLAS_DOT, KTRAIT_LIBRARY, 0, LG_NONE },
	{ VOCAB_VARIANT_CUBLAS, KTRAIT_LIBRARY | KTRAIT_TENSOR_FP64, 0,
	  LG_NONE }
};

static const struct legacy_kernel *legacy_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < sizeof(legacy_kernels) /
			       sizeof(legacy_kernels[0]); i++)
		if (!strcmp(legacy_kernels[i].name, name))
			return &legacy_kernels[i];
	return NULL;
}

int store_kernel_legacy(const char *name, unsigned *traits, int *tile)
{
	const struct legacy_kernel *l = legacy_find(name);

	if (traits)
		*traits = l ? l->traits : 0;
	if (tile)
		*tile = l ? l->tile : 0;
	return l != NULL;
}

static long long ceil_div(long long a, long long b)
{
	return b > 0 ? (a + b - 1) / b : 0;
}

long long store_config_legacy_grid(const struct store_config *c,
				   long long count)
{
	const struct legacy_kernel *l = legacy_find(c ? c->variant : NULL);
	long long bx, by;

	if (!l || c->block_x <= 0 || !c->suite)
		return 0;
	bx = c->block_x;
	by = c->block_y ? c->block_y : c->block_x;
	/* the suites those files measured these kernels in */
	if (l->geometry == LG_ONE || l->geometry == LG_TILE) {
		if (strcmp(c->suite, VOCAB_SUITE_VERSIONS) &&
		    strcmp(c->suite, VOCAB_SUITE_TRANSFER))
			return 0;
		if (l->geometry == LG_ONE)
			return 1;
		return ceil_div(c->n, l->tile * bx) *
		       ceil_div(c->m ? c->m : c->n, l->tile * by);
	}
	if (l->geometry == LG_COPY && !strcmp(c->suite, VOCAB_SUITE_ILP))
		return ceil_div(ceil_div(count, c->ilp > 0 ? c->ilp : 1), bx);
	return 0;
}

int store_kernel_list(struct store *st, int64_t session_id,
		      struct store_kernel **out, size_t *n)
{
	/* files older than schema 6 have no traits: NULL, as a migrated
	 * or merged row of theirs holds */
	const char *cols = st->version >= 6 ?
		"session_id, name, description, source, traits, tile" :
		"session_id, name, description, source, NULL, NULL";
	struct store_kernel *ks = NULL;
	sqlite3_stmt *q = NULL;
	size_t cnt = 0, cap = 0;
	char sql[512];
	int rc, b = SQLITE_OK;

	*out = NULL;
	*n = 0;
	if (session_id > 0)
		snprintf(sql, sizeof(sql), "SELECT %s FROM kernel"
			 " WHERE session_id = ?1 ORDER BY id", cols);
	else
		snprintf(sql, sizeof(sql), "SELECT %s FROM (SELECT k.*,"
			 " row_number() OVER (PARTITION BY k.name ORDER BY"
			 " s.started_at DESC, s.id DESC, k.id DESC)"
			 " AS rn FROM kernel k JOIN session s"
			 " ON s.id = k.session_id) WHERE rn = 1"
			 " ORDER BY id", cols);
	rc = STORE_PREPARE(st, sql, &q);
	if (rc < 0)
		goto out;
	if (session_id > 0)
		store_bind_int(&b, q, 1, session_id);
	while ((rc = STORE_STEP(st, b, q)) == SQLITE_ROW) {
		struct store_kernel *k;

		rc = store_grow(st, (void **)&ks, sizeof(*ks), &cap, cnt + 1);
		if (rc)
			goto out;
		k = &ks[cnt++];
		k->session_id = sqlite3_column_int64(q, 0);
		if ((rc = store_col_strdup(st, q, 1, &k->name)) ||
		    (rc = store_col_strdup(st, q, 2, &k->description)) ||
		    (rc = store_col_strdup(st, q, 3, &k->source)))
			goto out;
		if (sqlite3_column_type(q, 4) == SQLITE_NULL) {
			store_kernel_legacy(k->name, &k->traits, &k->tile);
		} else {
			k->traits = (unsigned)sqlite3_column_int64(q, 4) &
				    KTRAIT_ALL;
			k->tile = sqlite3_column_int(q, 5);
		}
	}
	if (rc < 0)
		goto out;
	rc = 0;
	*out = ks;
	*n = cnt;
	ks = NULL;
out:
	sqlite3_finalize(q);
	store_kernels_free(ks, cnt);
	return rc;
}

int store_kattr_insert(struct store *st, const struct store_kattr *a)
{
	sqlite3_stmt *q = NULL;
	int rc, b = SQLITE_OK;

	if (!a || !a->variant || a->session_id <= 0)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "kernel attributes "
				  "without variant or session");
	rc = STORE_PREPARE(st, "INSERT INTO kattr(session_id, variant,"
			   " block_x, block_y, threads_per_block,"
			   " regs_per_thread, static_smem, local_bytes,"
			   " max_threads_per_block, active_blocks,"
			   " active_warps, active_threads, occupancy,"
			   " limit_warps, limit_regs, limit_smem,"
			   " limit_blocks, limiter) VALUES (?1, ?2, ?3, ?4,"
			   " ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,"
			   " ?15, ?16, ?17, ?18)"
			   " ON CONFLICT(session_id, variant, block_x, block_y)"
			   " DO UPDATE SET"
			   " threads_per_block = excluded.threads_per_block,"
			   " regs_per_thread = excluded.regs_per_thread,"
			   " static_smem = excluded.static_smem,"
			   " local_bytes = excluded.local_bytes,"
			   " max_threads_per_block ="
			   "  excluded.max_threads_per_block,"
			   " active_blocks = excluded.active_blocks,"
			   " active_warps = excluded.active_warps,"
			   " active_threads = excluded.active_threads,"
			   " occupancy = excluded.occupancy,"
			   " limit_warps = excluded.limit_warps,"
			   " limit_regs = excluded.limit_regs,"
			   " limit_smem = excluded.limit_smem,"
			   " limit_blocks = excluded.limit_blocks,"
			   " limiter = excluded.limiter", &q);
	if (rc < 0)
		goto out;
	store_bind_int(&b, q, 1, a->session_id);
	store_bind_text(&b, q, 2, a->variant);
	store_bind_int(&b, q, 3, a->block_x);
	store_bind_int(&b, q, 4, a->block_y);
	store_bind_int(&b, q, 5, a->threads_per_block);
	store_bind_int(&b, q, 6, a->regs_per_thread);
	store_bind_int(&b, q, 7, a->static_smem);
	if (a->local_bytes >= 0)
		store_bind_int(&b, q, 8, a->local_bytes);
	else
		store_bind_null(&b, q, 8);
	store_bind_int(&b, q, 9, a->max_threads_per_block);
	store_bind_int(&b, q, 10, a->active_blocks);
	store_bind_int(&b, q, 11, a->active_warps);
	store_bind_int(&b, q, 12, a->active_threads);
	store_bind_double(&b, q, 13, a->occupancy);
	store_bind_int(&b, q, 14, a->limit_warps);
	store_bind_int(&b, q, 15, a->limit_regs);
	store_bind_int(&b, q, 16, a->limit_smem);
	store_bind_int(&b, q, 17, a->limit_blocks);
	store_bind_text(&b, q, 18, a->limiter);
	rc = STORE_STEP(st, b, q);
	if (rc > 0)
		rc = 0;
out:
	sqlite3_finalize(q);
	return rc;
}

void store_kattrs_free(struct store_kattr *a, size_t n)
{
	size_t i;

	if (!a)
		return;
	for (i = 0; i < n; i++) {
		free(a[i].variant);
		free(a[i].limiter);
	}
	free(a);
}

#define KATTR_COLS \
	"session_id, variant, block_x, block_y, threads_per_block," \
	" regs_per_thread, static_smem, max_threads_per_block," \
	" active_blocks, active_warps, active_threads, occupancy," \
	" limit_warps, limit_regs, limit_smem, limit_blocks, limiter"
/* Schema 1 did not record local memory: read as unknown. */
#define KATTR_V1 KATTR_COLS ", NULL"
#define KATTR_V2 KATTR_COLS ", local_bytes"
#define KATTR_ONE(cols) \
	"SELECT " cols " FROM kattr WHERE session_id = ?1 ORDER BY id"
#define KATTR_LATEST(cols) \
	"SELECT " cols " FROM (SELECT a.*, s.device_id AS dev," \
	" row_number() OVER (PARTITION BY s.device_id, a.variant," \
	" a.block_x, a.block_y ORDER BY s.started_at DESC, s.id DESC," \
	" a.id DESC) AS rn FROM kattr a JOIN session s" \
	" ON s.id = a.session_id) WHERE rn = 1 ORDER BY dev, id"

int store_kattr_list(struct store *st, int64_t session_id,
		     struct store_kattr **out, size_t *n)
{
	static const char *const sql[2][2] = {
		{ KATTR_ONE(KATTR_V1), KATTR_LATEST(KATTR_V1) },
		{ KATTR_ONE(KATTR_V2), KATTR_LATEST(KATTR_V2) },
	};
	struct store_kattr *as = NULL;
	sqlite3_stmt *q = NULL;
	size_t cnt = 0, cap = 0;
	int rc, b = SQLITE_OK;

	*out = NULL;
	*n = 0;
	rc = STORE_PREPARE(st, sql[st->version >= 2][session_id <= 0], &q);
	if (rc < 0)
		goto out;
	if (session_id > 0)
		store_bind_int(&b, q, 1, session_id);
	while ((rc = STORE_STEP(st, b, q)) == SQLITE_ROW) {
		struct store_kattr *a;

		rc = store_grow(st, (void **)&as, sizeof(*as), &cap, cnt + 1);
		if (rc)
			goto out;
		a = &as[cnt++];
		a->session_id = sqlite3_column_int64(q, 0);
		if ((rc = store_col_strdup(st, q, 1, &a->variant)) ||
		    (rc = store_col_strdup(st, q, 16, &a->limiter)))
			goto out;
		a->block_x = sqlite3_column_int(q, 2);
		a->block_y = sqlite3_column_int(q, 3);
		a->threads_per_block = sqlite3_column_int(q, 4);
		a->regs_per_thread = sqlite3_column_int(q, 5);
		a->static_smem = sqlite3_column_int(q, 6);
		a->max_threads_per_block = sqlite3_column_int(q, 7);
		a->active_blocks = sqlite3_column_int(q, 8);
		a->active_warps = sqlite3_column_int(q, 9);
		a->active_threads = sqlite3_column_int(q, 10);
		a->occupancy = store_col_double(q, 11);
		a->limit_warps = sqlite3_column_int(q, 12);
		a->limit_regs = sqlite3_column_int(q, 13);
		a->limit_smem = sqlite3_column_int(q, 14);
		a->limit_blocks = sqlite3_column_int(q, 15);
		a->local_bytes = sqlite3_column_type(q, 17) == SQLITE_NULL ?
				 -1 : sqlite3_column_int(q, 17);
	}
	if (rc < 0)
		goto out;
	rc = 0;
	*out = as;
	*n = cnt;
	as = NULL;
out:
	sqlite3_finalize(q);
	store_kattrs_free(as, cnt);
	return rc;
}
