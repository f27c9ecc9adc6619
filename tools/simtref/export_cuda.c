/* simtref run --export-cuda DIR (docs/export-cuda.md).
 *
 * The run's host API calls arrive through st_gpu_record_api and become lines
 * of DIR/replay.txt; the bytes copied in go to DIR/data/, the bytes copied out
 * to DIR/expect/. Device addresses are replaced by allocation numbers: an
 * 8-byte kernel argument whose value falls inside a live allocation is passed
 * as that allocation's address plus the offset. At the end the program that
 * reads replay.txt (main.cu, fixed), kernels.h (the kernels and symbols the
 * run used, with the workload's CUDA source included), the sources and a
 * Makefile are written, and the temporary directory is renamed to DIR. */
#define _GNU_SOURCE
#include "export_cuda.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sweep_util.h"

extern const char st_export_replay_cu[]; /* tools/simtref/export_replay.cu */

typedef struct xalloc {
  uint64_t base, bytes;
  unsigned id;
  int live;
} xalloc;

typedef struct xsym {
  char *name;
  uint64_t base, bytes;
} xsym;

struct st_exporter {
  char *dir, *tmp;
  FILE *replay;
  xalloc *allocs;
  size_t n_allocs;
  xsym *syms;
  size_t n_syms;
  char **kernels, **modules; /* distinct names, in first-use order */
  size_t n_kernels, n_modules;
  unsigned n_files;
  char failed[512]; /* the first problem, or "" */
};

__attribute__((format(printf, 2, 3))) static void fail(st_exporter *x, const char *fmt, ...) {
  if (x->failed[0] == '\0') {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->failed, sizeof x->failed, fmt, ap);
    va_end(ap);
  }
}

static char *join(const char *a, const char *b) { return sw_fmt("%s/%s", a, b); }

static void add_name(char ***list, size_t *n, const char *name) {
  for (size_t i = 0; i < *n; i++) {
    if (strcmp((*list)[i], name) == 0) {
      return;
    }
  }
  *list = realloc(*list, (*n + 1) * sizeof **list);
  if (*list == NULL) {
    abort();
  }
  (*list)[(*n)++] = sw_strdup(name);
}

static int dir_is_empty(const char *dir) {
  DIR *d = opendir(dir);
  if (d == NULL) {
    return 0;
  }
  struct dirent *e;
  int empty = 1;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
      empty = 0;
    }
  }
  closedir(d);
  return empty;
}

static void remove_tree(const char *path) {
  DIR *d = opendir(path);
  if (d != NULL) {
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) {
        continue;
      }
      char *p = join(path, e->d_name);
      remove_tree(p);
      free(p);
    }
    closedir(d);
    rmdir(path);
  } else {
    unlink(path);
  }
}

st_exporter *st_export_begin(const char *dir) {
  struct stat st;
  if (dir[0] == '\0') {
    fprintf(stderr, "simtref run: error: --export-cuda: empty directory name (nothing was run)\n");
    return NULL;
  }
  if (stat(dir, &st) == 0 && (!S_ISDIR(st.st_mode) || !dir_is_empty(dir))) {
    fprintf(stderr, "simtref run: error: --export-cuda: %s exists and is not an empty directory "
                    "(nothing was run)\n", dir);
    return NULL;
  }
  st_exporter *x = calloc(1, sizeof *x);
  if (x == NULL) {
    return NULL;
  }
  x->dir = sw_strdup(dir);
  x->tmp = sw_fmt("%s.partial-%ld", dir, (long)getpid());
  char *data = join(x->tmp, "data"), *expect = join(x->tmp, "expect"), *src = join(x->tmp, "src");
  char *replay = join(x->tmp, "replay.txt");
  int ok = mkdir(x->tmp, 0777) == 0 && mkdir(data, 0777) == 0 && mkdir(expect, 0777) == 0 &&
           mkdir(src, 0777) == 0;
  x->replay = ok ? fopen(replay, "w") : NULL;
  if (x->replay == NULL) {
    fprintf(stderr, "simtref run: error: --export-cuda: cannot create %s: %s (nothing was run)\n",
            x->tmp, strerror(errno));
    free(data);
    free(expect);
    free(src);
    free(replay);
    st_export_abort(x);
    return NULL;
  }
  fprintf(x->replay, "# simtref run --export-cuda: the run's host API calls, replayed by main.cu\n");
  free(data);
  free(expect);
  free(src);
  free(replay);
  return x;
}

/* Writes bytes to DIR/<sub>/<n>.bin and returns that relative name. */
static char *write_blob(st_exporter *x, const char *sub, const void *data, uint64_t bytes) {
  char *rel = sw_fmt("%s/%06u.bin", sub, x->n_files++);
  char *path = join(x->tmp, rel);
  FILE *f = fopen(path, "wb");
  if (f == NULL || (bytes > 0 && fwrite(data, 1, bytes, f) != bytes)) {
    fail(x, "cannot write %s", path);
  }
  if (f != NULL && fclose(f) != 0) {
    fail(x, "cannot write %s", path);
  }
  free(path);
  return rel;
}

static const xalloc *find_alloc(const st_exporter *x, uint64_t addr) {
  for (size_t i = 0; i < x->n_allocs; i++) {
    const xalloc *a = &x->allocs[i];
    if (a->live && addr >= a->base && addr < a->base + (a->bytes ? a->bytes : 1)) {
      return a;
    }
  }
  return NULL;
}

static const xsym *find_sym(const st_exporter *x, uint64_t addr) {
  for (size_t i = 0; i < x->n_syms; i++) {
    const xsym *s = &x->syms[i];
    if (addr >= s->base && addr < s->base + s->bytes) {
      return s;
    }
  }
  return NULL;
}

/* "KIND ID OFF" or "KINDsym NAME OFF" for a device address. */
static int where(st_exporter *x, const char *kind, uint64_t addr) {
  const xalloc *a = find_alloc(x, addr);
  if (a != NULL) {
    fprintf(x->replay, "%s %u %" PRIu64, kind, a->id, addr - a->base);
    return 1;
  }
  const xsym *s = find_sym(x, addr);
  if (s != NULL) {
    fprintf(x->replay, "%ssym %s %" PRIu64, kind, s->name, addr - s->base);
    return 1;
  }
  char hex[32];
  snprintf(hex, sizeof hex, "0x%" PRIx64, addr);
  fail(x, "a copy at device address %s is in no allocation or symbol the run made", hex);
  return 0;
}

void st_export_record(void *ctx, const st_api_event *ev) {
  st_exporter *x = ctx;
  if (x->failed[0] != '\0') {
    return;
  }
  switch (ev->kind) {
  case ST_API_MALLOC: {
    x->allocs = realloc(x->allocs, (x->n_allocs + 1) * sizeof *x->allocs);
    if (x->allocs == NULL) {
      abort();
    }
    xalloc a = {ev->dptr, ev->bytes, (unsigned)x->n_allocs, 1};
    x->allocs[x->n_allocs++] = a;
    fprintf(x->replay, "malloc %u %" PRIu64 "\n", a.id, a.bytes);
    break;
  }
  case ST_API_FREE:
    for (size_t i = 0; i < x->n_allocs; i++) {
      if (x->allocs[i].live && x->allocs[i].base == ev->dptr) {
        x->allocs[i].live = 0;
        fprintf(x->replay, "free %u\n", x->allocs[i].id);
      }
    }
    break;
  case ST_API_SYMBOL:
    for (size_t i = 0; i < x->n_syms; i++) {
      if (x->syms[i].base == ev->dptr) {
        return;
      }
    }
    x->syms = realloc(x->syms, (x->n_syms + 1) * sizeof *x->syms);
    if (x->syms == NULL) {
      abort();
    }
    x->syms[x->n_syms].name = sw_strdup(ev->name);
    x->syms[x->n_syms].base = ev->dptr;
    x->syms[x->n_syms].bytes = ev->bytes;
    x->n_syms++;
    break;
  case ST_API_HTOD:
  case ST_API_DTOH: {
    int in = ev->kind == ST_API_HTOD;
    char *rel = write_blob(x, in ? "data" : "expect", ev->data, ev->bytes);
    if (where(x, in ? "htod" : "dtoh", ev->dptr)) {
      fprintf(x->replay, " %" PRIu64 " %s\n", ev->bytes, rel);
    }
    free(rel);
    break;
  }
  case ST_API_MEMSET: {
    const xalloc *a = find_alloc(x, ev->dptr);
    if (a == NULL) {
      fail(x, "a memset is in no allocation the run made");
      break;
    }
    fprintf(x->replay, "memset %u %" PRIu64 " %u %" PRIu64 "\n", a->id, ev->dptr - a->base,
            ev->value, ev->bytes);
    break;
  }
  case ST_API_STREAM:
    fprintf(x->replay, "stream %u\n", ev->stream);
    break;
  case ST_API_SYNC:
    fprintf(x->replay, "sync\n");
    break;
  case ST_API_LAUNCH:
    add_name(&x->kernels, &x->n_kernels, ev->name);
    add_name(&x->modules, &x->n_modules, ev->module);
    fprintf(x->replay, "launch %s %u %u %u %u %u %u %u %u %zu", ev->name, ev->grid.x, ev->grid.y,
            ev->grid.z, ev->block.x, ev->block.y, ev->block.z, ev->shared_bytes, ev->stream,
            ev->n_args);
    for (size_t i = 0; i < ev->n_args; i++) {
      const st_arg *a = &ev->args[i];
      const xalloc *al = a->data == NULL && a->size == 8 ? find_alloc(x, a->bits) : NULL;
      if (al != NULL) {
        fprintf(x->replay, " p:%u:%" PRIu64, al->id, a->bits - al->base);
        continue;
      }
      const uint8_t *b = a->data != NULL ? a->data : (const uint8_t *)&a->bits; /* little-endian */
      fputs(" b:", x->replay);
      for (uint32_t k = 0; k < a->size; k++) {
        fprintf(x->replay, "%02x", b[k]);
      }
    }
    fputc('\n', x->replay);
    break;
  }
}

/* The CUDA source of a module: NAME.cu beside NAME.ptx. */
static char *source_of(const char *ptx) {
  size_t n = strlen(ptx);
  if (n < 4 || strcmp(ptx + n - 4, ".ptx") != 0) {
    return NULL;
  }
  char *cu = sw_fmt("%.*s.cu", (int)(n - 4), ptx);
  if (access(cu, R_OK) != 0) {
    free(cu);
    return NULL;
  }
  return cu;
}

static int copy_file(const char *from, const char *to) {
  FILE *in = fopen(from, "rb"), *out = in != NULL ? fopen(to, "wb") : NULL;
  int ok = in != NULL && out != NULL;
  char buf[65536];
  size_t n;
  while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0) {
    ok = fwrite(buf, 1, n, out) == n;
  }
  if (in != NULL) {
    fclose(in);
  }
  if (out != NULL && fclose(out) != 0) {
    ok = 0;
  }
  return ok;
}

/* Copies the .cu and the headers beside it into DIR/src/. */
static void copy_sources(st_exporter *x, const char *cu) {
  char *dir = sw_strdup(cu);
  char *slash = strrchr(dir, '/');
  const char *base = slash != NULL ? slash + 1 : cu;
  if (slash != NULL) {
    *slash = '\0';
  } else {
    strcpy(dir, ".");
  }
  DIR *d = opendir(dir);
  struct dirent *e;
  while (d != NULL && (e = readdir(d)) != NULL) {
    size_t n = strlen(e->d_name);
    int header = n > 2 && (strcmp(e->d_name + n - 2, ".h") == 0 ||
                           (n > 4 && strcmp(e->d_name + n - 4, ".cuh") == 0));
    if (!header && strcmp(e->d_name, base) != 0) {
      continue;
    }
    char *from = join(dir, e->d_name), *rel = sw_fmt("src/%s", e->d_name);
    char *to = join(x->tmp, rel);
    if (!copy_file(from, to)) {
      fail(x, "cannot copy %s", from);
    }
    free(from);
    free(rel);
    free(to);
  }
  if (d != NULL) {
    closedir(d);
  }
  free(dir);
}

static int write_text(st_exporter *x, const char *name, const char *text) {
  char *path = join(x->tmp, name);
  FILE *f = fopen(path, "w");
  int ok = f != NULL && fputs(text, f) >= 0;
  if (f != NULL && fclose(f) != 0) {
    ok = 0;
  }
  if (!ok) {
    fail(x, "cannot write %s", path);
  }
  free(path);
  return ok;
}

bool st_export_finish(st_exporter *x, const char *title) {
  if (x->replay != NULL && fclose(x->replay) != 0) {
    fail(x, "cannot write replay.txt in %s", x->tmp);
  }
  x->replay = NULL;
  /* kernels.h: the sources included, the kernel and symbol tables */
  char *h = sw_fmt("// The kernels and symbols of: %s (written by simtref run --export-cuda)\n",
                   title);
  for (size_t i = 0; i < x->n_modules && x->failed[0] == '\0'; i++) {
    char *cu = source_of(x->modules[i]);
    if (cu == NULL) {
      fail(x, "no CUDA source beside %s (the kernels are compiled from NAME.cu beside NAME.ptx)",
           x->modules[i]);
      break;
    }
    copy_sources(x, cu);
    /* the PTX too: GPGPU-Sim can read it (PTX_SIM_USE_PTX_FILE), and so can
     * a replay on simtref */
    const char *pbase = strrchr(x->modules[i], '/') != NULL ? strrchr(x->modules[i], '/') + 1
                                                             : x->modules[i];
    char *prel = sw_fmt("src/%s", pbase), *pto = join(x->tmp, prel);
    if (!copy_file(x->modules[i], pto)) {
      fail(x, "cannot copy %s", x->modules[i]);
    }
    free(prel);
    free(pto);
    const char *base = strrchr(cu, '/') != NULL ? strrchr(cu, '/') + 1 : cu;
    char *next = sw_fmt("%s#include \"src/%s\"\n", h, base);
    free(h);
    h = next;
    free(cu);
  }
  char *t = sw_fmt("%s\nstatic const ReplayKernel replay_kernels[] = {\n", h);
  free(h);
  h = t;
  for (size_t i = 0; i < x->n_kernels; i++) {
    t = sw_fmt("%s    {\"%s\", (const void *)%s},\n", h, x->kernels[i], x->kernels[i]);
    free(h);
    h = t;
  }
  t = sw_fmt("%s};\n\nstatic const ReplaySymbol replay_symbols[] = {\n", h);
  free(h);
  h = t;
  for (size_t i = 0; i < x->n_syms; i++) {
    t = sw_fmt("%s    {\"%s\", (const void *)&%s},\n", h, x->syms[i].name, x->syms[i].name);
    free(h);
    h = t;
  }
  t = sw_fmt("%s    {nullptr, nullptr},\n};\n", h);
  free(h);
  h = t;
  char *readme = sw_fmt(
      "A standalone CUDA program that replays: %s\n"
      "(written by simtref run --export-cuda; docs/export-cuda.md in simtref).\n\n"
      "  make                       # nvcc; ARCH=sm_XX to pick the GPU (default sm_75)\n"
      "  ./replay                   # exit 0: every device-to-host copy equals simtref's\n"
      "  make CUDART=shared         # for GPGPU-Sim, whose libcudart replaces the runtime\n\n"
      "replay.txt lists the run's allocations, copies and launches in order; data/ holds the\n"
      "bytes copied to the device, expect/ the bytes simtref copied back, which the program\n"
      "compares byte for byte. The kernels come from src/, the workload's own CUDA source;\n"
      "src/ also holds the PTX simtref ran (for GPGPU-Sim's PTX_SIM_USE_PTX_FILE).\n"
      "Workloads that use approximate math (ex2.approx and the like) may differ in the last\n"
      "bits on silicon.\n", title);
  const char *makefile =
      "# Builds the replay program (simtref run --export-cuda).\n"
      "NVCC ?= nvcc\nARCH ?= sm_75\nCUDART ?= static\n\n"
      "replay: main.cu kernels.h $(wildcard src/*)\n"
      "\t$(NVCC) -O3 -arch=$(ARCH) -cudart $(CUDART) -o $@ main.cu\n\n"
      "run: replay\n\t./replay\n\n.PHONY: run\n";
  if (x->failed[0] == '\0') {
    write_text(x, "kernels.h", h);
    write_text(x, "main.cu", st_export_replay_cu);
    write_text(x, "Makefile", makefile);
    write_text(x, "README", readme);
  }
  free(h);
  free(readme);
  struct stat st;
  if (x->failed[0] == '\0' && stat(x->dir, &st) == 0 && rmdir(x->dir) != 0) {
    fail(x, "cannot replace the empty directory %s", x->dir);
  }
  if (x->failed[0] == '\0' && rename(x->tmp, x->dir) != 0) {
    fail(x, "cannot move the program into %s", x->dir);
  }
  bool ok = x->failed[0] == '\0';
  if (!ok) {
    fprintf(stderr, "simtref run: error: --export-cuda: %s (nothing was written)\n", x->failed);
  } else {
    printf("  exported: a CUDA program replaying this run in %s (make && ./replay)\n", x->dir);
  }
  st_export_abort(x);
  return ok;
}

void st_export_abort(st_exporter *x) {
  if (x == NULL) {
    return;
  }
  if (x->replay != NULL) {
    fclose(x->replay);
  }
  struct stat st;
  if (x->tmp != NULL && stat(x->tmp, &st) == 0) {
    remove_tree(x->tmp);
  }
  for (size_t i = 0; i < x->n_syms; i++) {
    free(x->syms[i].name);
  }
  for (size_t i = 0; i < x->n_kernels; i++) {
    free(x->kernels[i]);
  }
  for (size_t i = 0; i < x->n_modules; i++) {
    free(x->modules[i]);
  }
  free(x->syms);
  free(x->kernels);
  free(x->modules);
  free(x->allocs);
  free(x->dir);
  free(x->tmp);
  free(x);
}
