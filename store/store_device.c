/* Devices and their display properties. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "store_internal.h"

#define DO(m) offsetof(struct store_device, m)
static const struct store_field device_fields[] = {
	STORE_FIELD("uuid", SF_TEXT, DO(uuid), 0),
	STORE_FIELD("name", SF_TEXT, DO(name), 0),
	STORE_FIELD("pci_bus_id", SF_TEXT, DO(pci_bus_id), 0),
	STORE_FIELD("cc_major", SF_INT, DO(cc_major), 0),
	STORE_FIELD("cc_minor", SF_INT, DO(cc_minor), 0),
	STORE_FIELD("sm_count", SF_INT, DO(sm_count), 0),
	STORE_FIELD("peak_fp32_gflops", SF_DOUBLE, DO(peak_fp32_gflops), 0),
	STORE_FIELD("peak_mem_gbs", SF_DOUBLE, DO(peak_mem_gbs), 0),
};
#define NFIELDS (sizeof(device_fields) / sizeof(device_fields[0]))

/* A property's columns after device_id and ord, as written and read. */
#define PO(m) offsetof(struct store_prop, m)
static const struct store_field prop_fields[] = {
	STORE_FIELD("key", SF_TEXT, PO(key), 0),
	STORE_FIELD("value", SF_TEXT_EMPTY, PO(value), 0),
	STORE_FIELD("unit", SF_TEXT_EMPTY, PO(unit), 0),
	{ "num", SF_HAS_DOUBLE, PO(num), PO(has_num), NULL, 0, NULL },
};
#define NPROP (sizeof(prop_fields) / sizeof(prop_fields[0]))

/* The properties of dev as those of the device row id. */
static int props_write(struct store *st, const struct store_device *dev,
		       int64_t id)
{
	sqlite3_stmt *del = NULL, *ins = NULL;
	const struct store_prop *p;
	size_t i;
	int rc, b = SQLITE_OK;

	rc = STORE_PREPARE(st, "DELETE FROM device_prop WHERE device_id = ?1",
			   &del);
	if (rc < 0)
		goto out;
	store_bind_int(&b, del, 1, id);
	rc = STORE_STEP(st, b, del);
	if (rc < 0)
		goto out;
	rc = STORE_PREPARE(st, "INSERT INTO device_prop(device_id, ord, key,"
			   " value, unit, num) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
			   &ins);
	if (rc < 0)
		goto out;
	for (i = 0; i < dev->nprops; i++) {
		p = &dev->props[i];
		if (!p->key) {
			rc = STORE_FAIL(st, STORE_ERR_INTERNAL, "device "
					"property %zu has no key", i);
			goto out;
		}
		sqlite3_reset(ins);
		store_bind_int(&b, ins, 1, id);
		store_bind_int(&b, ins, 2, (sqlite3_int64)i);
		store_fields_bind(&b, ins, 3, prop_fields, NPROP, p);
		rc = STORE_STEP(st, b, ins);
		if (rc < 0)
			goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(del);
	sqlite3_finalize(ins);
	return rc < 0 ? rc : 0;
}

int store_device_upsert(struct store *st, struct store_device *dev)
{
	sqlite3_stmt *s = NULL;
	char sql[1024];
	int64_t id = 0;
	int rc, b = SQLITE_OK;

	if (!dev || !dev->uuid || !dev->name || (dev->nprops && !dev->props))
		return STORE_FAIL(st, STORE_ERR_INTERNAL, "device without "
				  "uuid or name");
	rc = store_tx_begin(st);
	if (rc)
		return rc;
	store_fields_insert_sql(sql, sizeof(sql), "device", device_fields,
				NFIELDS, 1, " RETURNING id");
	rc = STORE_PREPARE(st, sql, &s);
	if (rc < 0)
		goto out;
	store_fields_bind(&b, s, 1, device_fields, NFIELDS, dev);
	rc = STORE_STEP(st, b, s);
	if (rc < 0)
		goto out;
	if (rc != SQLITE_ROW) {
		rc = STORE_FAIL(st, STORE_ERR_INTERNAL, "device upsert "
				"returned no id");
		goto out;
	}
	id = sqlite3_column_int64(s, 0);
	/* RETURNING finishes its work on the first step; reset releases
	 * the statement before the next ones run. */
	rc = STORE_CHECK(st, sqlite3_reset(s));
	if (rc < 0)
		goto out;
	sqlite3_finalize(s);
	s = NULL;
	rc = props_write(st, dev, id);
	if (rc)
		goto out;
	rc = store_tx_commit(st);
	if (!rc)
		dev->id = id;
out:
	sqlite3_finalize(s);
	if (rc)
		store_tx_rollback(st);
	return rc < 0 ? rc : 0;
}

void store_devices_free(struct store_device *devs, size_t n)
{
	size_t i;

	for (i = 0; devs && i < n; i++) {
		store_fields_free(prop_fields, NPROP, devs[i].props,
				  devs[i].nprops, sizeof(*devs[i].props));
		free(devs[i].props);
	}
	store_fields_free(device_fields, NFIELDS, devs, n, sizeof(*devs));
	free(devs);
}

static int props_read(struct store *st, sqlite3_stmt *s,
		      struct store_device *d)
{
	int b = SQLITE_OK;

	sqlite3_reset(s);
	store_bind_int(&b, s, 1, d->id);
	return store_rows_read(st, s, b, NULL, 0, prop_fields, NPROP,
			       sizeof(*d->props), (void **)&d->props,
			       &d->nprops);
}

int store_device_list(struct store *st, struct store_device **out,
		      size_t *n)
{
	static const size_t id = offsetof(struct store_device, id);
	sqlite3_stmt *s = NULL, *ps = NULL;
	size_t i;
	int rc;

	*out = NULL;
	*n = 0;
	rc = STORE_PREPARE(st, "SELECT id, uuid, name, pci_bus_id, cc_major,"
			   " cc_minor, sm_count, peak_fp32_gflops,"
			   " peak_mem_gbs FROM device ORDER BY id", &s);
	if (rc >= 0)
		rc = STORE_PREPARE(st, "SELECT key, value, unit, num FROM"
				   " device_prop WHERE device_id = ?1"
				   " ORDER BY ord", &ps);
	if (rc >= 0)
		rc = store_rows_read(st, s, SQLITE_OK, &id, 1, device_fields,
				     NFIELDS, sizeof(**out), (void **)out, n);
	for (i = 0; rc >= 0 && i < *n; i++)
		rc = props_read(st, ps, &(*out)[i]);
	sqlite3_finalize(s);
	sqlite3_finalize(ps);
	if (rc < 0) {
		store_devices_free(*out, *n);
		*out = NULL;
		*n = 0;
	}
	return rc < 0 ? rc : 0;
}

const struct store_prop *store_device_prop(const struct store_device *d,
					   const char *key)
{
	size_t i;

	for (i = 0; d && i < d->nprops; i++)
		if (d->props[i].key && !strcmp(d->props[i].key, key))
			return &d->props[i];
	return NULL;
}

int store_device_sel_fits(const char *uuid, const char *name,
			  const char *sel)
{
	size_t n = strlen(sel), i;

	if (uuid && (!strncasecmp(uuid, sel, n) ||
		     (!strncasecmp(uuid, "GPU-", 4) &&
		      !strncasecmp(uuid + 4, sel, n))))
		return 1;
	for (i = 0; name && name[i]; i++)
		if (!strncasecmp(name + i, sel, n))
			return 1;
	return 0;
}
