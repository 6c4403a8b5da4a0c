/* Which process measured a session, and whether it is still there.
 *
 * A pid alone does not name a process: the kernel hands it out again once
 * the process is gone. The boot id and the start time in clock ticks since
 * boot (field 22 of /proc/<pid>/stat) do, for as long as the machine keeps
 * its boot id; a different boot id means the process died with the boot
 * before. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "store_internal.h"

/* Reads up to len - 1 bytes of a small /proc file into buf, NUL-ended.
 * Returns the length read, or -1. */
static ssize_t proc_file_read(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	size_t got;

	if (!f)
		return -1;
	got = fread(buf, 1, len - 1, f);
	if (ferror(f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	buf[got] = '\0';
	return (ssize_t)got;
}

/* The state letter (field 3) and start time (field 22) of pid from
 * /proc/<pid>/stat. Returns 0, or -1 when there is no such file or it
 * does not parse. */
static int proc_stat_read(int pid, char *state, unsigned long long *start)
{
	char path[64], buf[1024], *p;
	int field;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (proc_file_read(path, buf, sizeof(buf)) <= 0)
		return -1;
	/* Field 2, the command name, is in parentheses and may hold
	 * spaces and parentheses itself: fields 3 on start after the
	 * last ')'. */
	p = strrchr(buf, ')');
	if (!p || p[1] != ' ')
		return -1;
	p += 2;
	*state = *p;
	for (field = 3; field < 22; field++) {
		p = strchr(p, ' ');
		if (!p)
			return -1;
		p++;
	}
	if (sscanf(p, "%llu", start) != 1)
		return -1;
	return 0;
}

int store_proc_identity(int pid, char *buf, size_t len)
{
	char boot[64], state;
	unsigned long long start;
	ssize_t n;
	int w;

	if (buf && len)
		buf[0] = '\0';
	if (!buf || !len || pid < 0)
		return -1;
	if (pid == 0)
		pid = (int)getpid();
	n = proc_file_read("/proc/sys/kernel/random/boot_id", boot,
			   sizeof(boot));
	if (n <= 0)
		return -1;
	boot[strcspn(boot, "\n")] = '\0';
	if (!boot[0] || proc_stat_read(pid, &state, &start))
		return -1;
	w = snprintf(buf, len, "%s/%llu", boot, start);
	if (w < 0 || (size_t)w >= len) {
		buf[0] = '\0';
		return -1;
	}
	return 0;
}

int store_proc_gone(int pid, const char *proc_start)
{
	char now[128], state;
	unsigned long long start;

	if (pid <= 0)
		return 0;
	if (kill((pid_t)pid, 0) == -1 && errno == ESRCH)
		return 1;
	/* A killed process its parent has not waited for yet: it will
	 * never finish the session. */
	if (!proc_stat_read(pid, &state, &start) &&
	    (state == 'Z' || state == 'X'))
		return 1;
	if (!proc_start)
		return 0;
	/* The pid is taken. If /proc cannot say by whom (not mounted,
	 * hidden by hidepid), the cautious answer is "still running". */
	if (store_proc_identity(pid, now, sizeof(now)))
		return 0;
	return strcmp(now, proc_start) != 0;
}

int store_hostname_get(char *buf, size_t len)
{
	if (!len)
		return -1;
	if (gethostname(buf, len - 1)) {
		buf[0] = '\0';
		return -1;
	}
	/* POSIX leaves a truncated name without its NUL. */
	buf[len - 1] = '\0';
	return 0;
}
