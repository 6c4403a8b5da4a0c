/* Kernel sources and descriptions, and kernel attributes / occupancy. */
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
			   " description, source) VALUES (?1, ?2, ?3, ?4)"
			   " ON CONFLICT(session_id, name) DO UPDATE SET"
			   " description = excluded.description,"
			   " source = excluded.source", &q);
	if (rc < 0)
		goto out;
	store_bind_int(&b, q, 1, k->session_id);
	store_bind_text(&b, q, 2, k->name);
	store_bind_text(&b, q, 3, k->description);
	store_bind_text(&b, q, 4, k->source);
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

int store_kernel_list(struct store *st, int64_t session_id,
		      struct store_kernel **out, size_t *n)
{
	struct store_kernel *ks = NULL;
	sqlite3_stmt *q = NULL;
	size_t cnt = 0, cap = 0;
	int rc, b = SQLITE_OK;

	*out = NULL;
	*n = 0;
	if (session_id > 0)
		rc = STORE_PREPARE(st, "SELECT session_id, name, description,"
				   " source FROM kernel WHERE session_id = ?1"
				   " ORDER BY id", &q);
	else
		rc = STORE_PREPARE(st, "SELECT session_id, name, description,"
				   " source FROM (SELECT k.*, row_number() OVER"
				   " (PARTITION BY k.name ORDER BY"
				   " s.started_at DESC, s.id DESC, k.id DESC)"
				   " AS rn FROM kernel k JOIN session s"
				   " ON s.id = k.session_id) WHERE rn = 1"
				   " ORDER BY id", &q);
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
