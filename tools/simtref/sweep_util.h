/* Small helpers shared by `simtref sweep`, `collect` and `plot`: allocated
 * strings, growable arrays, shell quoting, files and directories.
 *
 * Allocation failure is not recoverable in a command-line front end: every
 * allocating helper here prints "out of memory" and exits with status 1. */
#ifndef SIMTREF_TOOL_SWEEP_UTIL_H
#define SIMTREF_TOOL_SWEEP_UTIL_H

#include <stdbool.h>
#include <stddef.h>

/* malloc/realloc/strdup that never return NULL. */
void *sw_alloc(size_t size);
void *sw_grow(void *p, size_t size);
char *sw_strdup(const char *s);

/* A newly allocated string formatted like printf. */
char *sw_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Appends a copy of the string s to the NULL-terminated vector *v of *n
 * strings (the vector stays NULL-terminated). */
void sw_argv_push(char ***v, size_t *n, const char *s);
/* Frees a NULL-terminated vector of strings and the strings. */
void sw_argv_free(char **v);

/* The argument vector as one POSIX shell command line: words quoted with
 * single quotes where they hold anything but [A-Za-z0-9_./=:,+@%-]. */
char *sw_shell_join(char *const *argv);

/* Creates dir and its missing parents (mode 0777 before umask). Returns
 * false and prints "simtref: error: ..." on failure. */
bool sw_mkdir_p(const char *dir);

/* The absolute, symlink-free form of an existing path (newly allocated), or
 * NULL if it does not exist. */
char *sw_realpath(const char *path);

/* The absolute form of path, existing or not: the real path of its longest
 * existing prefix, then the rest as written (newly allocated; NULL if not
 * even "." resolves). */
char *sw_abspath(const char *path);

/* Writes text to path through path.tmp and a rename. Returns false (and
 * prints an error) on failure. */
bool sw_write_file(const char *path, const char *text);

/* The whole file as a NUL-terminated string (newly allocated), or NULL if it
 * cannot be read. *len (may be NULL) receives its length. */
char *sw_read_file(const char *path, size_t *len);

/* True if path names an existing regular file / directory. */
bool sw_is_file(const char *path);
bool sw_is_dir(const char *path);

/* Formats seconds as "h:mm:ss" or "m:ss" into buf. */
void sw_format_duration(double seconds, char *buf, size_t size);

/* The name of the NULL-terminated list closest to s (edit distance at most
 * 2), for "did you mean" hints; NULL if none is that close. */
const char *sw_closest(const char *s, const char *const *names);
/* The suite's workload names, NULL-terminated, for sw_closest and sw_near
 * (free the array, not the names); in sweep_exp_check.c, which links the
 * suite. */
const char **sw_workload_names(void);
/* Every name near s (edit distance 1, then 2, then a prefix either way; at
 * most 5), as "'a', 'b'" in out; empty when none. */
void sw_near(const char *s, const char *const *names, char *out, size_t size);

/* Seconds on a monotonic clock. */
double sw_now(void);

/* The host's online cores (at least 1). */
int sw_host_cores(void);

#endif
