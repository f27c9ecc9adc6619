/* Replays a directory written by `simtref run --export-cuda` on simtref
 * itself, the way its main.cu replays it on a GPU: the same allocations,
 * copies (from data/) and launches (of the PTX in src/), every device-to-host
 * copy compared with expect/. It checks the recording (pointer arguments
 * mapped to allocations, symbol copies, by-value arguments, streams) without
 * a GPU.
 *
 *   replay_sim DIR        exit 0: every copy matched; 1: some differed; 2: error */
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simtref/config.h"
#include "simtref/simtref.h"

#define MAX_MODS 8
#define MAX_IDS 4096

static st_gpu *gpu;
static st_kmodule *mods[MAX_MODS];
static int n_mods, line_no;
static uint64_t addr[MAX_IDS];
static uint32_t stream_of[1024];

static void die(const char *what, const char *detail) {
  fprintf(stderr, "replay.txt:%d: %s %s\n", line_no, what, detail ? detail : "");
  exit(2);
}

static unsigned char *read_file(const char *dir, const char *rel, uint64_t bytes) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, rel);
  unsigned char *b = malloc(bytes ? bytes : 1);
  FILE *f = fopen(path, "rb");
  if (b == NULL || f == NULL || fread(b, 1, bytes, f) != bytes) {
    die("cannot read", path);
  }
  fclose(f);
  return b;
}

static uint64_t symbol(const char *name) {
  st_error err;
  for (int i = 0; i < n_mods; i++) {
    uint64_t d;
    if (st_module_symbol(gpu, mods[i], name, &d, NULL, &err) == ST_OK) {
      return d;
    }
  }
  die("unknown symbol", name);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: replay_sim DIR\n");
    return 2;
  }
  const char *dir = argv[1];
  st_error err;
  st_error_clear(&err);
  st_config cfg;
  char cpath[4096], msg[1024];
  const char *mode = "sim.mode=functional";
  if (!st_config_find("gtx480", cpath, sizeof cpath) ||
      st_config_load(&cfg, cpath, &mode, 1, msg, sizeof msg) != ST_OK) {
    die("config:", msg);
  }
  if (st_gpu_create(&cfg, &gpu, &err) != ST_OK) {
    die("gpu:", err.msg);
  }
  char path[4096];
  snprintf(path, sizeof path, "%s/src", dir);
  DIR *d = opendir(path);
  struct dirent *e;
  while (d != NULL && (e = readdir(d)) != NULL) {
    size_t n = strlen(e->d_name);
    if (n > 4 && strcmp(e->d_name + n - 4, ".ptx") == 0 && n_mods < MAX_MODS) {
      char p[4096];
      snprintf(p, sizeof p, "%s/src/%s", dir, e->d_name);
      if (st_module_load_file(gpu, p, &mods[n_mods++], &err) != ST_OK) {
        die("module:", err.msg);
      }
    }
  }
  if (d != NULL) {
    closedir(d);
  }
  snprintf(path, sizeof path, "%s/replay.txt", dir);
  FILE *in = fopen(path, "r");
  if (in == NULL || n_mods == 0) {
    die("no replay.txt or no PTX in", dir);
  }
  static char line[1 << 16];
  unsigned copies = 0, differ = 0;
  while (fgets(line, sizeof line, in) != NULL) {
    line_no++;
    char op[16] = "", name[512] = "", file[512] = "";
    int used = 0;
    if (sscanf(line, "%15s%n", op, &used) != 1 || op[0] == '#') {
      continue;
    }
    const char *rest = line + used;
    unsigned id = 0, value = 0;
    unsigned long long off = 0, bytes = 0;
    st_status rc = ST_OK;
    if (strcmp(op, "malloc") == 0 && sscanf(rest, "%u %llu", &id, &bytes) == 2 && id < MAX_IDS) {
      rc = st_malloc(gpu, bytes, &addr[id], &err);
    } else if (strcmp(op, "free") == 0 && sscanf(rest, "%u", &id) == 1 && id < MAX_IDS) {
      rc = st_free(gpu, addr[id], &err);
    } else if ((strcmp(op, "htod") == 0 || strcmp(op, "htodsym") == 0) &&
               (op[4] == 's' ? sscanf(rest, "%511s %llu %llu %511s", name, &off, &bytes, file)
                             : sscanf(rest, "%u %llu %llu %511s", &id, &off, &bytes, file)) == 4) {
      unsigned char *b = read_file(dir, file, bytes);
      uint64_t to = (op[4] == 's' ? symbol(name) : addr[id]) + off;
      rc = st_memcpy_htod(gpu, to, b, bytes, &err);
      free(b);
    } else if (strcmp(op, "memset") == 0 &&
               sscanf(rest, "%u %llu %u %llu", &id, &off, &value, &bytes) == 4) {
      rc = st_memset(gpu, addr[id] + off, (uint8_t)value, bytes, &err);
    } else if ((strcmp(op, "dtoh") == 0 || strcmp(op, "dtohsym") == 0) &&
               (op[4] == 's' ? sscanf(rest, "%511s %llu %llu %511s", name, &off, &bytes, file)
                             : sscanf(rest, "%u %llu %llu %511s", &id, &off, &bytes, file)) == 4) {
      unsigned char *want = read_file(dir, file, bytes), *got = malloc(bytes ? bytes : 1);
      uint64_t from = (op[4] == 's' ? symbol(name) : addr[id]) + off;
      rc = got != NULL ? st_memcpy_dtoh(gpu, got, from, bytes, &err) : ST_ERR_NOMEM;
      if (rc == ST_OK) {
        int same = memcmp(got, want, bytes) == 0;
        printf("copy %u: %llu bytes %s\n", copies++, bytes, same ? "match" : "differ");
        differ += !same;
      }
      free(want);
      free(got);
    } else if (strcmp(op, "stream") == 0 && sscanf(rest, "%u", &id) == 1 && id < 1024) {
      rc = st_stream_create(gpu, &stream_of[id], &err);
    } else if (strcmp(op, "sync") == 0) {
      rc = st_synchronize(gpu, &err);
    } else if (strcmp(op, "launch") == 0) {
      unsigned g[3], b[3], shared, stream, nargs;
      int n = 0;
      if (sscanf(rest, "%511s %u %u %u %u %u %u %u %u %u%n", name, &g[0], &g[1], &g[2], &b[0],
                 &b[1], &b[2], &shared, &stream, &nargs, &n) != 10 || nargs > 256 ||
          stream >= 1024) {
        die("bad launch", "");
      }
      rest += n;
      st_arg args[256];
      unsigned char *bytes_of[256] = {0};
      for (unsigned a = 0; a < nargs; a++) {
        static char tok[1 << 14];
        int m = 0;
        unsigned pid;
        unsigned long long poff;
        if (sscanf(rest, "%16383s%n", tok, &m) != 1) {
          die("missing argument", "");
        }
        rest += m;
        if (sscanf(tok, "p:%u:%llu", &pid, &poff) == 2 && pid < MAX_IDS) {
          args[a] = ST_ARG_PTR(addr[pid] + poff);
        } else if (tok[0] == 'b' && tok[1] == ':') {
          size_t len = strlen(tok + 2) / 2;
          bytes_of[a] = calloc(len ? len : 1, 1);
          for (size_t k = 0; k < len; k++) {
            unsigned v;
            sscanf(tok + 2 + 2 * k, "%2x", &v);
            bytes_of[a][k] = (unsigned char)v;
          }
          if (len <= 8) {
            uint64_t bits = 0;
            memcpy(&bits, bytes_of[a], len); /* little-endian */
            args[a] = (st_arg){bits, (uint32_t)len, NULL};
          } else {
            args[a] = ST_ARG_BYTES(bytes_of[a], len);
          }
        } else {
          die("bad argument", tok);
        }
      }
      rc = ST_ERR_USAGE;
      for (int i = 0; i < n_mods && rc != ST_OK; i++) {
        rc = st_launch_on(gpu, stream_of[stream], mods[i], name, st_dim3_make(g[0], g[1], g[2]),
                          st_dim3_make(b[0], b[1], b[2]), shared, args, nargs, &err);
      }
      for (unsigned a = 0; a < nargs; a++) {
        free(bytes_of[a]);
      }
    } else {
      die("bad line:", op);
    }
    if (rc != ST_OK) {
      die(op, err.msg);
    }
  }
  fclose(in);
  if (st_synchronize(gpu, &err) != ST_OK) {
    die("sync", err.msg);
  }
  printf("replay on simtref: %u device-to-host copies, %u differ\n", copies, differ);
  st_gpu_destroy(gpu);
  return differ == 0 ? 0 : 1;
}
