/* Replays inputs through a fuzz target's LLVMFuzzerTestOneInput without
 * libFuzzer, so that the seed corpora and the inputs that once crashed
 * (tests/fuzz/regress/<target>/) run in the normal test suite, under any
 * compiler and under ASan/UBSan in `make test-asan`.
 *   fuzz_regress_<target> DIR_OR_FILE...
 * Every regular file of a directory is fed (README files and dot files
 * excepted), in name order. Exits 0 when every input passed (a failing
 * input aborts inside the target), 2 on a usage or I/O error. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    perror(path);
    return -1;
  }
  size_t cap = 4096, len = 0;
  uint8_t *buf = malloc(cap);
  size_t got;
  while (buf != NULL && (got = fread(buf + len, 1, cap - len, f)) > 0) {
    len += got;
    if (len == cap) {
      uint8_t *bigger = realloc(buf, cap * 2);
      if (bigger == NULL) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = bigger;
      cap *= 2;
    }
  }
  int bad = buf == NULL || ferror(f);
  fclose(f);
  if (bad) {
    fprintf(stderr, "%s: cannot read\n", path);
    free(buf);
    return -1;
  }
  /* An exact-size copy, so that ASan sees a read past the input's end. */
  uint8_t *input = malloc(len ? len : 1);
  if (input == NULL) {
    free(buf);
    return -1;
  }
  memcpy(input, buf, len);
  free(buf);
  fprintf(stderr, "  %s\n", path);
  LLVMFuzzerTestOneInput(input, len);
  free(input);
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *dir, size_t *count) {
  DIR *d = opendir(dir);
  if (d == NULL) {
    perror(dir);
    return -1;
  }
  char **names = NULL;
  size_t n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.' || strncmp(e->d_name, "README", 6) == 0) {
      continue;
    }
    char **more = realloc(names, (n + 1) * sizeof *names);
    char *name = more != NULL ? strdup(e->d_name) : NULL;
    if (name == NULL) {
      closedir(d);
      return -1;
    }
    names = more;
    names[n++] = name;
  }
  closedir(d);
  if (n > 1) {
    qsort(names, n, sizeof *names, by_name);
  }
  int rc = 0;
  for (size_t i = 0; i < n; i++) {
    size_t len = strlen(dir) + strlen(names[i]) + 2;
    char *path = malloc(len);
    struct stat st;
    if (path == NULL) {
      rc = -1;
    } else {
      snprintf(path, len, "%s/%s", dir, names[i]);
      if (rc == 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
        rc = run_file(path);
        *count += rc == 0;
      }
    }
    free(path);
    free(names[i]);
  }
  free(names);
  return rc;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s DIR_OR_FILE...\n", argv[0]);
    return 2;
  }
  size_t count = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      perror(argv[i]);
      return 2;
    }
    int rc = S_ISDIR(st.st_mode) ? run_dir(argv[i], &count) : run_file(argv[i]);
    count += !S_ISDIR(st.st_mode) && rc == 0;
    if (rc != 0) {
      return 2;
    }
  }
  printf("%zu inputs passed\n", count);
  return 0;
}
