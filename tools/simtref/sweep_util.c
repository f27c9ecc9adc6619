/* Helpers for the sweep commands: strings, vectors, quoting, files. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "sweep_util.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static void out_of_memory(void) {
  fprintf(stderr, "simtref: error: out of memory\n");
  exit(EXIT_FAIL);
}

void *sw_alloc(size_t size) {
  void *p = calloc(1, size ? size : 1);
  if (p == NULL) {
    out_of_memory();
  }
  return p;
}

void *sw_grow(void *p, size_t size) {
  void *q = realloc(p, size ? size : 1);
  if (q == NULL) {
    out_of_memory();
  }
  return q;
}

char *sw_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = sw_alloc(n);
  memcpy(d, s, n);
  return d;
}

char *sw_fmt(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) {
    out_of_memory();
  }
  char *s = sw_alloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

void sw_argv_push(char ***v, size_t *n, const char *s) {
  *v = sw_grow(*v, (*n + 2) * sizeof **v);
  (*v)[(*n)++] = sw_strdup(s);
  (*v)[*n] = NULL;
}

void sw_argv_free(char **v) {
  if (v == NULL) {
    return;
  }
  for (size_t i = 0; v[i] != NULL; i++) {
    free(v[i]);
  }
  free(v);
}

static bool shell_safe(const char *s) {
  if (*s == '\0') {
    return false;
  }
  for (; *s; s++) {
    if (strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./=:,+@%-", *s) ==
        NULL) {
      return false;
    }
  }
  return true;
}

char *sw_shell_join(char *const *argv) {
  size_t cap = 1;
  for (size_t i = 0; argv[i] != NULL; i++) {
    cap += 4 * strlen(argv[i]) + 3;
  }
  char *s = sw_alloc(cap);
  char *p = s;
  for (size_t i = 0; argv[i] != NULL; i++) {
    if (i > 0) {
      *p++ = ' ';
    }
    if (shell_safe(argv[i])) {
      size_t n = strlen(argv[i]);
      memcpy(p, argv[i], n);
      p += n;
      continue;
    }
    *p++ = '\'';
    for (const char *c = argv[i]; *c; c++) {
      if (*c == '\'') {
        memcpy(p, "'\\''", 4);
        p += 4;
      } else {
        *p++ = *c;
      }
    }
    *p++ = '\'';
  }
  *p = '\0';
  return s;
}

bool sw_mkdir_p(const char *dir) {
  char *path = sw_strdup(dir);
  bool ok = true;
  for (char *p = path + 1;; p++) {
    if (*p != '/' && *p != '\0') {
      continue;
    }
    char c = *p;
    *p = '\0';
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
      fprintf(stderr, "simtref: error: cannot create directory %s: %s\n", path, strerror(errno));
      ok = false;
      break;
    }
    *p = c;
    if (c == '\0') {
      break;
    }
  }
  if (ok && !sw_is_dir(dir)) {
    fprintf(stderr, "simtref: error: %s exists and is not a directory\n", dir);
    ok = false;
  }
  free(path);
  return ok;
}

char *sw_realpath(const char *path) {
  char *real = realpath(path, NULL);
  if (real == NULL && errno == ENOMEM) {
    out_of_memory();
  }
  return real;
}

char *sw_abspath(const char *path) {
  char *real = sw_realpath(path);
  if (real != NULL) {
    return real;
  }
  size_t len = strlen(path);
  while (len > 1 && path[len - 1] == '/') {
    len--;
  }
  const char *slash = NULL;
  for (size_t i = len; i-- > 0;) {
    if (path[i] == '/') {
      slash = path + i;
      break;
    }
  }
  char *parent = slash == NULL    ? sw_strdup(".")
                 : slash == path ? sw_strdup("/")
                                 : sw_fmt("%.*s", (int)(slash - path), path);
  const char *last = slash ? slash + 1 : path;
  int last_len = (int)(path + len - last);
  char *abs_parent = strcmp(parent, path) == 0 ? NULL : sw_abspath(parent);
  char *out = NULL;
  if (abs_parent != NULL) {
    out = sw_fmt("%s%s%.*s", abs_parent, strcmp(abs_parent, "/") == 0 ? "" : "/", last_len, last);
  }
  free(parent);
  free(abs_parent);
  return out;
}

bool sw_write_file(const char *path, const char *text) {
  char *tmp = sw_fmt("%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  bool ok = f != NULL;
  if (ok) {
    fputs(text, f);
    ok = !ferror(f);
    ok = fclose(f) == 0 && ok;
    ok = ok && rename(tmp, path) == 0;
    if (!ok) {
      remove(tmp);
    }
  }
  if (!ok) {
    fprintf(stderr, "simtref: error: cannot write %s: %s\n", path, strerror(errno));
  }
  free(tmp);
  return ok;
}

char *sw_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return NULL;
  }
  size_t cap = 4096, n = 0;
  char *buf = sw_alloc(cap);
  size_t got;
  while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
    n += got;
    if (cap - n < 2) {
      cap *= 2;
      buf = sw_grow(buf, cap);
    }
  }
  bool bad = ferror(f);
  fclose(f);
  if (bad) {
    free(buf);
    return NULL;
  }
  buf[n] = '\0';
  if (len != NULL) {
    *len = n;
  }
  return buf;
}

bool sw_is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool sw_is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

void sw_format_duration(double seconds, char *buf, size_t size) {
  if (!(seconds >= 0)) {
    seconds = 0;
  }
  unsigned long s = (unsigned long)(seconds + 0.5);
  if (s >= 3600) {
    snprintf(buf, size, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60, s % 60);
  } else {
    snprintf(buf, size, "%lu:%02lu", s / 60, s % 60);
  }
}

double sw_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Edit distance, for "did you mean" hints. */
static size_t edit_distance(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  if (la > 63 || lb > 63) {
    return 99;
  }
  size_t row[64];
  for (size_t j = 0; j <= lb; j++) {
    row[j] = j;
  }
  for (size_t i = 1; i <= la; i++) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= lb; j++) {
      size_t up = row[j];
      size_t best = diag + (a[i - 1] != b[j - 1]);
      best = up + 1 < best ? up + 1 : best;
      best = row[j - 1] + 1 < best ? row[j - 1] + 1 : best;
      row[j] = best;
      diag = up;
    }
  }
  return row[lb];
}

/* a and b differ by one swap of neighbouring characters ("bsf", "bfs") */
static bool one_swap(const char *a, const char *b) {
  size_t n = strlen(a);
  if (n != strlen(b)) {
    return false;
  }
  size_t i = 0;
  while (i < n && a[i] == b[i]) {
    i++;
  }
  return i + 1 < n && a[i] == b[i + 1] && a[i + 1] == b[i] && strcmp(a + i + 2, b + i + 2) == 0;
}

void sw_near(const char *s, const char *const *names, char *out, size_t size) {
  /* Distance 1 (a swap of neighbours counts 1) first, then 2 for names of
   * four characters or more, then names that start with s or that s starts
   * with; at most 5. */
  size_t used = 0, count = 0;
  out[0] = '\0';
  size_t ls = strlen(s);
  for (int pass = 1; pass <= 3; pass++) {
    for (size_t i = 0; names[i] != NULL && count < 5; i++) {
      size_t d = one_swap(s, names[i]) ? 1 : edit_distance(s, names[i]);
      size_t ln = strlen(names[i]);
      if (d == 2 && (ls < 4 || ln < 4)) {
        d = 3;
      }
      bool prefix = ls > 0 && (strncmp(names[i], s, ls) == 0 || strncmp(s, names[i], ln) == 0);
      bool take = pass < 3 ? d == (size_t)pass : d > 2 && prefix;
      if (!take) {
        continue;
      }
      int n = snprintf(out + used, size - used, "%s'%s'", count ? ", " : "", names[i]);
      if (n < 0 || (size_t)n >= size - used) {
        return;
      }
      used += (size_t)n;
      count++;
    }
  }
}

const char *sw_closest(const char *s, const char *const *names) {
  const char *best = NULL;
  size_t best_d = 3;
  for (size_t i = 0; s != NULL && names[i] != NULL; i++) {
    size_t d = edit_distance(s, names[i]);
    if (d < best_d) {
      best_d = d;
      best = names[i];
    }
  }
  return best;
}

int sw_host_cores(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}
