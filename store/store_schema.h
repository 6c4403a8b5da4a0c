/* The schema of an mmreport database and its migrations. Included by
 * store/ and by tests, which build files of older versions through it. */
#ifndef MMREPORT_STORE_SCHEMA_H
#define MMREPORT_STORE_SCHEMA_H

#include <stddef.h>

#include <sqlite3.h>

/* PRAGMA application_id of every mmreport file: "mmrp" in ASCII. */
#define STORE_APPLICATION_ID 0x6d6d7270

/* Tables every mmreport database holds, from schema version 1 on. */
extern const char *const store_schema_tables[];
extern const size_t store_schema_ntables;

/* Brings db from schema version `from` to `to` (from < to <=
 * STORE_SCHEMA_VERSION) by running the migration steps in order, then sets
 * PRAGMA user_version = to; from = 0 creates the schema in an empty
 * database and sets the application id. Runs inside the caller's
 * transaction (none is opened here). Returns an SQLite result code; on
 * failure *failed (may be NULL) names the statement that failed. */
int store_schema_migrate(sqlite3 *db, int from, int to, const char **failed);

/* Test hook: creates the schema of the given version (1 ..
 * STORE_SCHEMA_VERSION) in the empty database db, in one transaction, as
 * that version of mmreport wrote it. Returns an SQLite result code. */
int store_schema_create_version(sqlite3 *db, int version);

#endif
