/* What `simtref run` prints and writes about a run: the headline figures,
 * and the full statistics as text or JSON. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sweep_util.h"
#include "simtref/stats.h"
#include "simtref_version.h"

static double getd(const st_statset *s, const char *key) {
  const st_stat *x = st_stat_get(s, key);
  return x == NULL ? 0.0 : x->is_real ? x->d : (double)x->u;
}

void report_summary(st_gpu *gpu, FILE *f) {
  st_run_totals t = st_gpu_totals(gpu);
  const st_config *cfg = st_gpu_config(gpu);
  double rate = t.wall_seconds > 0 ? (double)t.thread_insts / t.wall_seconds : 0.0;
  /* The host's, like the rate: the process's resident high-water mark. */
  double peak_mib = (double)st_host_peak_rss_bytes() / (1024.0 * 1024.0);
  fprintf(f, "  kernels %" PRIu64 ", CTAs %" PRIu64 ", warp instructions %" PRIu64
             ", thread instructions %" PRIu64 "\n",
          t.kernels, t.ctas, t.warp_insts, t.thread_insts);
  if (cfg->sim.mode == ST_MODE_TIMING) {
    st_statset s;
    st_statset_init(&s, "run");
    st_gpu_run_stats(gpu, &s);
    fprintf(f, "  cycles %" PRIu64 ", IPC %.3f, RACT %.3f, stall cycles (write-back) %" PRIu64 "\n",
            (uint64_t)getd(&s, "cycles"), getd(&s, "ipc"), getd(&s, "sm.ract"),
            (uint64_t)getd(&s, "stall.writeback_cycles"));
    fprintf(f, "  L1D miss rate %.3f (MPKI %.2f), L2 miss rate %.3f (MPKI %.2f)\n",
            getd(&s, "l1d.miss_rate"), getd(&s, "l1d.mpki"), getd(&s, "l2.miss_rate"),
            getd(&s, "l2.mpki"));
    fprintf(f, "  DRAM row-hit rate %.3f, bandwidth utilisation %.3f, memory round trip %.1f cycles\n",
            getd(&s, "dram.row_hit_rate"), getd(&s, "dram.bandwidth_utilization"),
            getd(&s, "mem.avg_round_trip_cycles"));
    fprintf(f,
            "  simulated %.6f s in %.3f s: %.2f million thread instructions/s, %.0f cycles/s, "
            "peak memory %.1f MiB\n",
            getd(&s, "sim_seconds"), t.wall_seconds, rate / 1e6,
            t.wall_seconds > 0 ? getd(&s, "cycles") / t.wall_seconds : 0.0, peak_mib);
    st_statset_free(&s);
  } else {
    fprintf(f, "  simulation: %.3f s, %.1f million thread instructions per second, "
               "peak memory %.1f MiB\n",
            t.wall_seconds, rate / 1e6, peak_mib);
  }
}

/* Writes the statistics of the run and of every kernel to path: JSON when
 * the name ends in ".json", else `key = value` text. Written to a temporary
 * name and renamed, so no partial file is left. */
/* Writes s as a JSON string literal (a path may hold quotes or backslashes). */
static void json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s != '\0'; s++) {
    if (*s == '"' || *s == '\\') {
      fprintf(f, "\\%c", *s);
    } else if ((unsigned char)*s < 0x20) {
      fprintf(f, "\\u%04x", (unsigned char)*s);
    } else {
      fputc(*s, f);
    }
  }
  fputc('"', f);
}

int report_write_stats(st_gpu *gpu, const char *path, const char *what) {
  char *tmp = sw_fmt("%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (f == NULL) {
    fprintf(stderr, "simtref run: error: cannot write %s\n", path);
    free(tmp);
    return EXIT_USAGE;
  }
  const st_config *cfg = st_gpu_config(gpu);
  st_statset run;
  st_statset_init(&run, "run");
  st_gpu_run_stats(gpu, &run);
  size_t n = st_gpu_kernel_count(gpu);
  size_t len = strlen(path);
  bool json = len > 5 && strcmp(path + len - 5, ".json") == 0;
  uint64_t hash = st_config_hash(cfg);
  const char *stopped = st_gpu_totals(gpu).stopped_by;
  stopped = stopped != NULL ? stopped : "none";
  if (json) {
    fprintf(f, "{\n  \"simtref_version\": \"%s\",\n  \"simtref_commit\": \"%s\",\n",
            SIMTREF_VERSION, SIMTREF_GIT_COMMIT);
    fprintf(f, "  \"workload\": ");
    json_str(f, what);
    fprintf(f, ",\n  \"config\": ");
    json_str(f, cfg->gpu.name);
    fprintf(f, ",\n  \"config_hash\": \"%016" PRIx64 "\",\n  \"mode\": \"%s\",\n  \"stopped_by\": \"%s\",\n",
            hash, cfg->sim.mode == ST_MODE_TIMING ? "timing" : "functional", stopped);
    for (size_t i = 0; i < run.n; i++) {
      fprintf(f, "  \"%s\": ", run.v[i].key);
      if (run.v[i].is_real) {
        fprintf(f, "%.6f,\n", run.v[i].d);
      } else {
        fprintf(f, "%" PRIu64 ",\n", run.v[i].u);
      }
    }
    fprintf(f, "  \"kernels\": [");
    for (size_t i = 0; i < n; i++) {
      const st_statset *k = st_gpu_kernel_stats(gpu, i);
      fprintf(f, "%s\n    {\n      \"name\": \"%s\",\n      \"index\": %zu,", i ? "," : "",
              k->name, i);
      for (size_t j = 0; j < k->n; j++) {
        fprintf(f, "\n      \"%s\": ", k->v[j].key);
        if (k->v[j].is_real) {
          fprintf(f, "%.6f", k->v[j].d);
        } else {
          fprintf(f, "%" PRIu64, k->v[j].u);
        }
        fputc(j + 1 < k->n ? ',' : ' ', f);
      }
      fprintf(f, "\n    }");
    }
    fprintf(f, "\n  ]\n}\n");
  } else {
    fprintf(f, "simtref_version = %s\nsimtref_commit = %s\nworkload = %s\nconfig = %s\n"
               "config_hash = %016" PRIx64 "\nmode = %s\nstopped_by = %s\n",
            SIMTREF_VERSION, SIMTREF_GIT_COMMIT, what, cfg->gpu.name, hash,
            cfg->sim.mode == ST_MODE_TIMING ? "timing" : "functional", stopped);
    st_statset_write_text(&run, "", f);
    for (size_t i = 0; i < n; i++) {
      const st_statset *k = st_gpu_kernel_stats(gpu, i);
      char prefix[200];
      snprintf(prefix, sizeof prefix, "kernel.%zu.", i);
      fprintf(f, "%sname = %s\n", prefix, k->name);
      st_statset_write_text(k, prefix, f);
    }
  }
  st_statset_free(&run);
  int bad = ferror(f);
  if (fclose(f) != 0 || bad || rename(tmp, path) != 0) {
    remove(tmp);
    fprintf(stderr, "simtref run: error: cannot write %s\n", path);
    free(tmp);
    return EXIT_USAGE;
  }
  free(tmp);
  return EXIT_OK;
}
