/* render: the LaTeX report from the database. Never includes a CUDA
 * header; reads only through store/. */
#ifndef MMREPORT_RENDER_H
#define MMREPORT_RENDER_H

#include <stdio.h>

enum render_status {
	RENDER_OK = 0,
	RENDER_ERR_STORE = 1,	/* the database is refused: not mmreport's,
				 * corrupt (found at any time), newer */
	RENDER_ERR_EMPTY = 2,	/* nothing to report / selection empty */
	RENDER_ERR_TOOL = 3,	/* gnuplot missing or failed */
	RENDER_ERR_IO = 4,	/* cannot write the output (stdout, the
				 * figures) and nothing else */
	RENDER_ERR_USAGE = 5,	/* bad option value (message on stderr) */
	RENDER_ERR_MISSING = 6,	/* the database file does not exist or
				 * cannot be read */
	RENDER_ERR_BUSY = 7,	/* the database is locked by another
				 * process (or changed while being read) */
	RENDER_ERR_INTERNAL = 8	/* out of memory, templates missing */
};

struct render_options {
	const char *db_path;
	const char *lang;	/* "en" (default), "pl", "de" */
	const char *sections;	/* comma list, NULL = all */
	/* One device: its database id (digits: the id only), or a UUID
	 * prefix or a part of the name that fits exactly one device (else
	 * refused, RENDER_ERR_EMPTY, the candidates on stderr). NULL: all. */
	const char *device;
	long long session;	/* 0 = latest per configuration */
	const char *figures_dir;	/* NULL: figures inline in the .tex */
	const char *templates_dir;	/* NULL: built-in search path */
	/* The title page's fields; NULL: from --meta, else the default
	 * (title: the language's; date: the last measurement's day;
	 * exercise: the experiments reported; author, course: left out). */
	const char *title, *author, *course, *exercise, *date;
	/* A file of "key: value" lines (title, author, course, exercise,
	 * date; '#' starts a comment line) read for the fields that no
	 * option gave. NULL: none. */
	const char *meta_path;
	int samples;		/* export: the raw samples too */
	/* render --compare A,B: the section comparing session B with
	 * session A (compare[0] 0: none). */
	long long compare[2];
};

/* Sets o to the defaults: database "mmreport.db", English, every
 * section, device and session, figures inline. o holds no memory. */
void render_options_init(struct render_options *o);

/* Writes the report's section names to f, comma separated, in document
 * order ("method,device,..."): what --sections takes. */
void render_sections_print(FILE *f);
/* A --sections list checked against the report's sections: NULL when
 * every comma-separated name in list is one, else a pointer into list
 * at the first name that is not (it ends at the next ',' or at the end;
 * an empty name is none). */
const char *render_sections_check(const char *list);

/* Writes the complete LaTeX document to out. Diagnostics on stderr.
 * Returns an enum render_status. */
int render_report(const struct render_options *o, FILE *out);

/* `mmreport export`: the statistics of the selection on out as "csv",
 * "json" or "md". CSV and JSON are written from one column list: CSV
 * (RFC 4180: header line, CRLF line ends, fields with commas, quotes or
 * line breaks quoted, quotes doubled) has one row per configuration and
 * metric (one with empty metric fields for a configuration without
 * metrics: skipped, failed), each starting with the export's version;
 * JSON is {"export_version", "samples", "configurations": [one object
 * per configuration with the same columns and "stats", its metrics]}.
 * With o->samples both add each metric's raw samples ("values": space
 * separated in CSV, an array in JSON; empty where the file is slim). A
 * statistic that is not finite is null (empty in CSV) and named in the
 * row's "nonfinite"; bytes of a name that are not UTF-8 are written as
 * '?'. "md" is a Markdown table, one row per configuration with its
 * kernel time's median (else its first metric's). Returns an enum
 * render_status. */
int render_export(const struct render_options *o, const char *format,
		  FILE *out);

#endif
