/* The templates/ files embedded at build time (render/CMakeLists.txt). */
#ifndef MMREPORT_TMPL_INDEX_H
#define MMREPORT_TMPL_INDEX_H

struct tmpl_file {
	const char *name;		/* file name in templates/ */
	const char *data;		/* NUL-terminated bytes */
	const unsigned long *len;	/* byte count without the NUL */
};

/* Terminated by a row whose name is NULL. */
extern const struct tmpl_file tmpl_files[];

#endif
