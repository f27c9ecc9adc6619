/* Helpers shared by the file-input fuzz targets: a scratch directory made
 * once per process, writing an input there, and the contract checks. Built
 * both into the libFuzzer targets (clang) and into the regression driver
 * (regress_main.c, any compiler). */
#ifndef SIMTREF_FUZZ_COMMON_H
#define SIMTREF_FUZZ_COMMON_H

#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static inline void fuzz_require(int ok, const char *target, const char *what) {
  if (!ok) {
    fprintf(stderr, "%s: invariant broken: %s\n", target, what);
    abort();
  }
}

/* With SIMTREF_FUZZ_VERBOSE set, each target prints what became of an input
 * ("loaded" or the error): for checking what a seed or regression input
 * exercises. */
static inline void fuzz_outcome(const char *what) {
  static int verbose = -1;
  if (verbose < 0) {
    const char *v = getenv("SIMTREF_FUZZ_VERBOSE");
    verbose = v != NULL && v[0] != '\0';
  }
  if (verbose) {
    fprintf(stderr, "    -> %s\n", what);
  }
}

static char fuzz_dir_path[256];

static void fuzz_remove_dir(void) {
  /* The scratch directory holds only the files the target wrote (flat). */
  DIR *d = opendir(fuzz_dir_path);
  struct dirent *e;
  char path[512];
  while (d != NULL && (e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
      snprintf(path, sizeof path, "%s/%s", fuzz_dir_path, e->d_name);
      unlink(path);
    }
  }
  if (d != NULL) {
    closedir(d);
  }
  rmdir(fuzz_dir_path);
}

/* The scratch directory, created on first use and removed at exit. */
static inline const char *fuzz_dir(void) {
  if (fuzz_dir_path[0] == '\0') {
    const char *tmp = getenv("TMPDIR");
    snprintf(fuzz_dir_path, sizeof fuzz_dir_path, "%s/simtref-fuzz-XXXXXX",
             tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
    if (mkdtemp(fuzz_dir_path) == NULL) {
      perror("fuzz: mkdtemp");
      abort();
    }
    atexit(fuzz_remove_dir);
  }
  return fuzz_dir_path;
}

/* Writes size bytes to NAME in the scratch directory; returns its path
 * (a static buffer per call site is up to the caller: this one is reused). */
static inline const char *fuzz_write(const char *name, const void *data, size_t size,
                                     char *path, size_t path_size) {
  snprintf(path, path_size, "%s/%s", fuzz_dir(), name);
  FILE *f = fopen(path, "wb");
  if (f == NULL || (size > 0 && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
    perror(path);
    abort();
  }
  return path;
}

/* True if msg starts with "FILE:LINE:COL: error: " for this file. */
static inline int fuzz_positioned(const char *msg, const char *file) {
  size_t n = strlen(file);
  if (strncmp(msg, file, n) != 0 || msg[n] != ':') {
    return 0;
  }
  const char *p = msg + n + 1;
  for (int part = 0; part < 2; part++) {
    if (!isdigit((unsigned char)*p) || *p == '0') {
      return 0;
    }
    while (isdigit((unsigned char)*p)) {
      p++;
    }
    if (*p++ != ':') {
      return 0;
    }
  }
  return strncmp(p, " error: ", 8) == 0 && p[8] != '\0';
}

#endif
