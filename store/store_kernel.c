/* Kernel sources and descriptions, and kernel attributes / occupancy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

#define KO(m) offsetof(struct store_kernel, m)
static const struct store_field kernel_fields[] = {
	STORE_FIELD("session_id", SF_I64, KO(session_id), 0),
	STORE_FIELD("name", SF_TEXT, KO(name), 0),
	STORE_FIELD("description", SF_TEXT, KO(description), 0),
	STORE_FIELD("source", SF_TEXT, KO(source), 0),
	/* NULL (older rows): the legacy table's (store_kernel_list) */
	STORE_FIELD("traits", SF_INT_OPT, KO(traits), 6),
	STORE_FIELD("tile", SF_INT, KO(tile), 6),
};

/* The columns of kernel attributes as inserted, local_bytes (schema 2)
 * last, as the list reads them. */
#define AO(m) offsetof(struct store_kattr, m)
static const struct store_field kattr_fields[] = {
	STORE_FIELD("session_id", SF_I64, AO(session_id), 0),
	STORE_FIELD("variant", SF_TEXT, AO(variant), 0),
	STORE_FIELD("block_x", SF_INT, AO(block_x), 0),
	STORE_FIELD("block_y", SF_INT, AO(block_y), 0),
	STORE_FIELD("threads_per_block", SF_INT, AO(threads_per_block), 0),
	STORE_FIELD("regs_per_thread", SF_INT, AO(regs_per_thread), 0),
	STORE_FIELD("static_smem", SF_INT, AO(static_smem), 0),
	STORE_FIELD("max_threads_per_block", SF_INT, AO(max_threads_per_block), 0),
	STORE_FIELD("active_blocks", SF_INT, AO(active_blocks), 0),
	STORE_FIELD("active_warps", SF_INT, AO(active_warps), 0),
	STORE_FIELD("active_threads", SF_INT, AO(active_threads), 0),
	STORE_FIELD("occupancy", SF_DOUBLE, AO(occupancy), 0),
	STORE_FIELD("limit_warps", SF_INT, AO(limit_warps), 0),
	STORE_FIELD("limit_regs", SF_INT, AO(limit_regs), 0),
	STORE_FIELD("limit_smem", SF_INT, AO(limit_smem), 0),
	STORE_FIELD("limit_blocks", SF_INT, AO(limit_blocks), 0),
	STORE_FIELD("limiter", SF_TEXT, AO(limiter), 0),
	STORE_FIELD("local_bytes", SF_INT_OPT, AO(local_bytes), 2),
};
#define NKATTR (sizeof(kattr_fields) / sizeof(kattr_fields[0]))
const struct store_table store_kernel_table = { "kernel", kernel_fields, 6 };
const struct store_table store_kattr_table = {
	"kattr", kattr_fields, NKATTR
};

int store_kernel_insert(struct store *st, const struct store_kernel *k)
{
	if (!k || !k->name || k->session_id <= 0)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "kernel without "
				  "name or session");
	return STORE_ROW_UPSERT(st, &store_kernel_table, 2, k);
}

void store_kernels_free(struct store_kernel *k, size_t n)
{
	store_fields_free(kernel_fields, 6, k, n, sizeof(*k));
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
	sqlite3_stmt *q = NULL;
	char cols[256], sql[512];
	size_t i;
	int rc, b = SQLITE_OK;

	/* files older than schema 6 have no traits: NULL, as a migrated
	 * or merged row of theirs holds */
	store_fields_cols(cols, sizeof(cols), &store_kernel_table, 0,
			  st->version, "");
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
	*out = NULL;
	*n = 0;
	rc = STORE_PREPARE(st, sql, &q);
	if (rc < 0)
		return rc;
	if (session_id > 0)
		store_bind_int(&b, q, 1, session_id);
	rc = store_rows_read(st, q, b, NULL, 0, kernel_fields, 6,
			     sizeof(**out), (void **)out, n);
	sqlite3_finalize(q);
	for (i = 0; i < *n; i++) {
		if ((int)(*out)[i].traits < 0)
			store_kernel_legacy((*out)[i].name, &(*out)[i].traits,
					    &(*out)[i].tile);
		(*out)[i].traits &= KTRAIT_ALL;
	}
	return rc;
}

int store_kattr_insert(struct store *st, const struct store_kattr *a)
{
	if (!a || !a->variant || a->session_id <= 0)
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "kernel attributes "
				  "without variant or session");
	return STORE_ROW_UPSERT(st, &store_kattr_table, 4, a);
}

void store_kattrs_free(struct store_kattr *a, size_t n)
{
	store_fields_free(kattr_fields, NKATTR, a, n, sizeof(*a));
	free(a);
}

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
	sqlite3_stmt *q = NULL;
	char cols[512], sql[1024];
	int rc, b = SQLITE_OK;

	*out = NULL;
	*n = 0;
	/* schema 1 did not record local memory: read as unknown */
	store_fields_cols(cols, sizeof(cols), &store_kattr_table, 0,
			  st->version, "");
	snprintf(sql, sizeof(sql), session_id > 0 ? KATTR_ONE("%s") :
		 KATTR_LATEST("%s"), cols);
	rc = STORE_PREPARE(st, sql, &q);
	if (rc < 0)
		return rc;
	if (session_id > 0)
		store_bind_int(&b, q, 1, session_id);
	rc = store_rows_read(st, q, b, NULL, 0, kattr_fields, NKATTR,
			     sizeof(**out), (void **)out, n);
	sqlite3_finalize(q);
	return rc;
}
