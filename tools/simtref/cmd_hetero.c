/* simtref hetero: HeteroPDP, choosing the host CPU or the GPU for a
 * benchmark, alone or beside co-running programs (docs/units/heteropdp.md). */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "hetero_data.h"
#include "hetero_run.h"
#include "simtref/stats.h"
#include "sweep_util.h"
#include "workload.h"

static const char *const hetero_usage =
    "usage: simtref hetero WORKLOAD [--size S] [--input I] [-c CONFIG] [-s KEY=VALUE]...\n"
    "                      [--co-run PROGRAM]... [--weights W,...] [--models FILE|paper]\n"
    "                      [--evaluate] [--threads N] [--data DIR]\n"
    "       simtref hetero list\n"
    "       simtref hetero calibrate [--co-run P,...|all] [--threads N] [--data DIR]\n"
    "       simtref hetero measure -o DIR ...      (simtref hetero measure --help)\n"
    "       simtref hetero fit DIR ...             (simtref hetero fit --help)\n"
    "       simtref hetero evaluate DIR ...        (simtref hetero evaluate --help)\n"
    "\n"
    "HeteroPDP (docs/units/heteropdp.md): predicts a benchmark's time on this host's\n"
    "CPU (its CPU version, every core) and on the simulated GPU (its kernels plus the\n"
    "copies over the PCIe model), alone and beside co-running programs, and picks the\n"
    "device: the shorter time alone, the higher weighted fairness beside co-runners.\n"
    "Prints the features, the four predictions and the choice.\n"
    "\n"
    "  --co-run PROGRAM   run a co-runner beside it (repeatable; simtref hetero list)\n"
    "  --weights W,...    one weight per co-runner (0.5: tolerates latency .. 2.5:\n"
    "                     latency-critical; the benchmark's is 1; default all 1)\n"
    "  --models FILE      the model set (simtref hetero fit); paper: the dissertation's\n"
    "                     Appendix A tables (their units are not stated: use them to\n"
    "                     compare, not to choose); default the set fitted on the\n"
    "                     project's build host, docs/results/hetero/models.txt\n"
    "  --evaluate         also measure both devices (alone and beside the co-runners)\n"
    "                     and say which was best\n"
    "  --threads N        host threads of the CPU version (default: every core)\n"
    "  --data DIR         where the host's calibration and the co-runners' tables and\n"
    "                     inputs are kept (default $SIMTREF_HETERO_DATA, else\n"
    "                     ~/.cache/simtref/hetero); measured there when missing\n";

static void print_features(const st_hfeatures *f, bool system) {
  printf("  features:\n");
  printf("    dynamic: threads %.0f, buffers %.0f B, copies %.0f B\n", f->v[HF_THREADS],
         f->v[HF_BUF], f->v[HF_XFER]);
  printf("    static (CPU): scalar ALU %.0f, scalar MEM %.0f, vector ALU %.0f, vector MEM %.0f, "
         "branch %.0f, atomic %.0f\n",
         f->v[HF_SALU], f->v[HF_SMEM], f->v[HF_VALU], f->v[HF_VMEM], f->v[HF_BRANCH],
         f->v[HF_ATOMIC]);
  printf("    static (GPU): MEM %.0f, INT %.0f, FP %.0f, math %.0f, branch %.0f, barrier %.0f\n",
         f->v[HF_MEM], f->v[HF_INT], f->v[HF_FP], f->v[HF_MATH], f->v[HF_BRANCH],
         f->v[HF_BARRIER]);
  if (system) {
    printf("    system: LLC misses %.3f M/s, DRAM bandwidth %.1f MB/s\n", f->v[HF_LLC_MISS],
           f->v[HF_DRAM_BW]);
  }
}

static int hetero_list(void) {
  const hh_program *p = NULL;
  size_t n = hh_programs(&p);
  printf("co-runners (stand-ins for the dissertation's SPEC CPU2006 programs, Table 6.2):\n");
  for (size_t i = 0; i < n; i++) {
    printf("  %-9s %c  for %-15s %s%s%s\n", p[i].name, p[i].type, p[i].stands_for, p[i].what,
           p[i].package != NULL ? "; Debian package " : "", p[i].package != NULL ? p[i].package : "");
  }
  char why[512];
  bool counters = hh_counters_available(why, sizeof why);
  printf("performance counters: %s\n", counters ? "perf_event_open (LLC misses)" : why);
  return EXIT_OK;
}

static int hetero_calibrate(int argc, char **argv) {
  const char *data_arg = NULL, *co_arg = NULL;
  int threads = 0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if ((strcmp(a, "--data") == 0 || strcmp(a, "--co-run") == 0 || strcmp(a, "--threads") == 0) &&
        i + 1 >= argc) {
      fprintf(stderr, "simtref hetero calibrate: error: %s needs a value\n", a);
      return EXIT_USAGE;
    }
    if (strcmp(a, "--data") == 0) {
      data_arg = argv[++i];
    } else if (strcmp(a, "--co-run") == 0) {
      co_arg = argv[++i];
    } else if (strcmp(a, "--threads") == 0) {
      char *end = NULL;
      long v = strtol(argv[++i], &end, 10);
      if (*end != '\0' || v < 1 || v > 64) {
        fprintf(stderr, "simtref hetero calibrate: error: --threads takes 1 to 64\n");
        return EXIT_USAGE;
      }
      threads = (int)v;
    } else {
      return cli_unknown_option("hetero calibrate", a);
    }
  }
  if (threads == 0) {
    threads = sw_host_cores();
  }
  const char *names[ST_HETERO_MAX_CORUN];
  size_t n = 0;
  if (!hd_corun_list("hetero calibrate", co_arg, false, names, &n)) {
    return EXIT_USAGE;
  }
  char dir[4096], err[1024];
  if (!hd_host_dir(data_arg, dir, sizeof dir, err, sizeof err)) {
    fprintf(stderr, "simtref hetero calibrate: error: %s\n", err);
    return EXIT_USAGE;
  }
  printf("simtref hetero calibrate: %s, %d threads\n", dir, threads);
  hh_calib cal;
  if (!hd_calib(dir, threads, &cal, err, sizeof err)) {
    fprintf(stderr, "simtref hetero calibrate: error: %s\n", err);
    return EXIT_FAIL;
  }
  printf("  level  membw MB/s  probe s   llc MiB  probe s\n");
  for (int l = 0; l < ST_HETERO_LEVELS; l++) {
    printf("  %5d  %10.0f  %7.4f  %8.1f  %7.4f\n", l, cal.bw_bytes_per_s[l] / 1e6,
           cal.bw_probe_s[l], cal.llc_bytes[l] / 1048576.0, cal.llc_probe_s[l]);
  }
  for (size_t i = 0; i < n; i++) {
    hh_bubble b;
    if (!hd_bubble(dir, names[i], threads, &b, err, sizeof err)) {
      fprintf(stderr, "simtref hetero calibrate: error: %s\n", err);
      return EXIT_FAIL;
    }
    printf("  %-9s job %.3f s; slowdown beside membw 1..8:", b.name, b.alone_s);
    for (int l = 1; l < ST_HETERO_LEVELS; l++) printf(" %.2f", b.membw[l]);
    printf("; llc 1..8:");
    for (int l = 1; l < ST_HETERO_LEVELS; l++) printf(" %.2f", b.llc[l]);
    printf("\n");
  }
  return EXIT_OK;
}

/* The weights: exactly one per co-runner, each in [0.1, 10]. */
static bool parse_weights(const char *s, double *w, size_t n_corun) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s", s);
  size_t n = 0;
  for (char *save = NULL, *t = strtok_r(buf, ",", &save); t != NULL;
       t = strtok_r(NULL, ",", &save)) {
    char *end = NULL;
    double x = strtod(t, &end);
    if (*end != '\0' || !(x >= 0.1 && x <= 10.0)) {
      fprintf(stderr, "simtref hetero: error: --weights: '%s' is not a weight from 0.1 to 10\n", t);
      return false;
    }
    if (n < ST_HETERO_MAX_CORUN) w[n] = x;
    n++;
  }
  if (n != n_corun) {
    fprintf(stderr, "simtref hetero: error: --weights gives %zu weight%s for %zu co-runner%s "
                    "(one per --co-run program; the benchmark's weight is 1)\n",
            n, n == 1 ? "" : "s", n_corun, n_corun == 1 ? "" : "s");
    return false;
  }
  return true;
}

static void stop_all(hh_proc **p, size_t n) {
  for (size_t i = 0; i < n; i++) {
    hh_stop(p[i]);
    p[i] = NULL;
  }
}

int cmd_hetero(int argc, char **argv) {
  /* The CPU versions share the host's cores with co-runners: their OpenMP
   * threads wait at barriers passively, not spinning (unless the user set a
   * policy). libgomp reads it when it loads, so the command starts again
   * with it set. */
  if (getenv("OMP_WAIT_POLICY") == NULL && setenv("OMP_WAIT_POLICY", "passive", 1) == 0) {
    execv("/proc/self/exe", argv - 1); /* from the program name (main passes argv + 1) */
    /* Not re-executed (no /proc): go on with the default policy. */
  }
  argc--; /* the command's own name */
  argv++;
  if (argc >= 1 && strcmp(argv[0], "list") == 0) {
    if (argc > 1) {
      return cli_unknown_option("hetero list", argv[1]);
    }
    return hetero_list();
  }
  if (argc >= 1 && strcmp(argv[0], "calibrate") == 0) {
    return hetero_calibrate(argc - 1, argv + 1);
  }
  if (argc >= 1 && strcmp(argv[0], "measure") == 0) {
    return hetero_measure(argc - 1, argv + 1);
  }
  if (argc >= 1 && strcmp(argv[0], "fit") == 0) {
    return hetero_fit(argc - 1, argv + 1);
  }
  if (argc >= 1 && strcmp(argv[0], "evaluate") == 0) {
    return hetero_evaluate(argc - 1, argv + 1);
  }
  cli_config_args args;
  memset(&args, 0, sizeof args);
  const char *name = NULL, *size_arg = NULL, *input = NULL, *weights_arg = NULL;
  const char *models_arg = NULL, *data_arg = NULL;
  const char *coruns[ST_HETERO_MAX_CORUN];
  size_t n_co = 0;
  bool evaluate = false;
  int threads = 0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    int taken = cli_take_config_arg(&args, argc, argv, &i);
    if (taken < 0) {
      return EXIT_USAGE;
    }
    if (taken > 0) {
      continue;
    }
    bool valued = strcmp(a, "--size") == 0 || strcmp(a, "--input") == 0 ||
                  strcmp(a, "--co-run") == 0 || strcmp(a, "--weights") == 0 ||
                  strcmp(a, "--models") == 0 || strcmp(a, "--threads") == 0 ||
                  strcmp(a, "--data") == 0;
    if (valued && i + 1 >= argc) {
      fprintf(stderr, "simtref hetero: error: %s needs a value\n", a);
      return EXIT_USAGE;
    }
    if (strcmp(a, "--size") == 0) {
      size_arg = argv[++i];
    } else if (strcmp(a, "--input") == 0) {
      input = argv[++i];
    } else if (strcmp(a, "--co-run") == 0) {
      const char *p = argv[++i];
      if (hh_find(p) == NULL) {
        fprintf(stderr, "simtref hetero: error: unknown co-runner '%s' (simtref hetero list)\n",
                p);
        return EXIT_USAGE;
      }
      if (n_co == ST_HETERO_MAX_CORUN) {
        fprintf(stderr, "simtref hetero: error: at most %d co-runners\n", ST_HETERO_MAX_CORUN);
        return EXIT_USAGE;
      }
      coruns[n_co++] = p;
    } else if (strcmp(a, "--weights") == 0) {
      weights_arg = argv[++i];
    } else if (strcmp(a, "--models") == 0) {
      models_arg = argv[++i];
    } else if (strcmp(a, "--data") == 0) {
      data_arg = argv[++i];
    } else if (strcmp(a, "--threads") == 0) {
      char *end = NULL;
      long v = strtol(argv[++i], &end, 10);
      if (*end != '\0' || v < 1 || v > 64) {
        fprintf(stderr, "simtref hetero: error: --threads takes 1 to 64, not '%s'\n", argv[i]);
        return EXIT_USAGE;
      }
      threads = (int)v;
    } else if (strcmp(a, "--evaluate") == 0) {
      evaluate = true;
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(hetero_usage, stdout);
      return EXIT_OK;
    } else if (a[0] == '-') {
      return cli_unknown_option("hetero", a);
    } else if (name == NULL) {
      name = a;
    } else {
      fprintf(stderr, "simtref hetero: error: more than one workload given ('%s', '%s')\n", name,
              a);
      return EXIT_USAGE;
    }
  }
  if (name == NULL) {
    fputs(hetero_usage, stderr);
    return EXIT_USAGE;
  }
  /* Everything is checked before anything runs. */
  const st_workload_desc *wd = st_workload_find(name);
  if (wd == NULL) {
    fprintf(stderr, "simtref hetero: error: no workload named '%s' (simtref list)\n", name);
    return EXIT_USAGE;
  }
  st_wl_size size = ST_WL_SMALL;
  if (size_arg != NULL && !st_wl_size_parse(size_arg, &size)) {
    fprintf(stderr, "simtref hetero: error: unknown size '%s' (small, medium, paper)\n", size_arg);
    return EXIT_USAGE;
  }
  if (input != NULL && !st_wl_word_in(wd->inputs, input)) {
    fprintf(stderr, "simtref hetero: error: %s has no input '%s'; its inputs: %s\n", wd->name,
            input, wd->inputs != NULL ? wd->inputs : "none");
    return EXIT_USAGE;
  }
  if (wd->cpu == NULL) {
    fprintf(stderr, "simtref hetero: error: %s has no CPU version\n", wd->name);
    return EXIT_USAGE;
  }
  double weights[ST_HETERO_MAX_CORUN];
  for (size_t i = 0; i < ST_HETERO_MAX_CORUN; i++) weights[i] = 1.0;
  if (weights_arg != NULL && !parse_weights(weights_arg, weights, n_co)) {
    return EXIT_USAGE;
  }
  st_hmodel_set models;
  st_error e;
  st_error_clear(&e);
  char *def_models = sw_fmt("%s/docs/results/hetero/models.txt", SIMTREF_SOURCE_DIR);
  if (models_arg != NULL && strcmp(models_arg, "paper") == 0) {
    st_hetero_paper_models(&models);
  } else if (st_hmodel_set_load(models_arg != NULL ? models_arg : def_models, &models, &e) !=
             ST_OK) {
    fprintf(stderr, "simtref hetero: error: %s\n", e.msg);
    free(def_models);
    return EXIT_USAGE;
  }
  free(def_models);
  st_config cfg;
  if (!cli_load_config(&args, &cfg, NULL, 0)) {
    return EXIT_USAGE;
  }
  if (threads == 0) {
    threads = sw_host_cores();
  }
  char dir[4096], err[1024];
  if (n_co > 0 && !hd_host_dir(data_arg, dir, sizeof dir, err, sizeof err)) {
    fprintf(stderr, "simtref hetero: error: %s\n", err);
    return EXIT_USAGE;
  }
  printf("simtref hetero %s (%s size) on this host (%d threads) and %s (simulated), model set "
         "%s\n", wd->name, st_wl_size_name(size), threads, cfg.gpu.name, models.name);
  /* Features (and with --evaluate the GPU's time) from a run on the GPU. */
  cfg.sim.mode = evaluate ? ST_MODE_TIMING : ST_MODE_FUNCTIONAL;
  hr_profile prof;
  if (!hr_profile_gpu(wd, &cfg, size, 1, NULL, input, &prof, err, sizeof err)) {
    fprintf(stderr, "simtref hetero: error: %s\n", err);
    return EXIT_FAIL;
  }
  printf("  GPU run (%s mode): %s; kernels %s; %.3f s, %.2f million thread instructions/s, "
         "peak memory %.1f MiB\n",
         evaluate ? "timing" : "functional", prof.verdict, prof.kernels, prof.wall_s,
         prof.wall_s > 0 ? (double)prof.thread_insts / prof.wall_s / 1e6 : 0.0,
         (double)st_host_peak_rss_bytes() / (1024.0 * 1024.0));
  /* Alone on both devices, measured before any co-runner starts. */
  double cpu_alone = 0.0, gpu_alone = prof.gpu_kernel_s + prof.gpu_xfer_s;
  if (evaluate && !hr_cpu_alone(wd, size, 1, input, threads, &cpu_alone, err, sizeof err)) {
    fprintf(stderr, "simtref hetero: error: %s\n", err);
    return EXIT_FAIL;
  }
  hh_proc *procs[ST_HETERO_MAX_CORUN] = {NULL};
  hh_bubble tabs[ST_HETERO_MAX_CORUN];
  st_hbubble views[ST_HETERO_MAX_CORUN];
  double corun_alone[ST_HETERO_MAX_CORUN];
  hh_calib cal;
  hh_system sys;
  memset(&sys, 0, sizeof sys);
  st_hdecision_in in;
  memset(&in, 0, sizeof in);
  in.models = &models;
  in.f = prof.f;
  in.gpu_xfer_s = prof.gpu_xfer_s;
  int status = EXIT_OK;
  if (n_co > 0) {
    bool ok = hd_calib(dir, threads, &cal, err, sizeof err);
    for (size_t i = 0; ok && i < n_co; i++) {
      ok = hd_bubble(dir, coruns[i], threads, &tabs[i], err, sizeof err);
      hd_bubble_view(&tabs[i], &views[i]);
      in.bubble[i] = &views[i];
      in.weight[i] = weights[i];
    }
    char *work = sw_fmt("%s/inputs", dir);
    for (size_t i = 0; ok && i < n_co; i++) {
      ok = hh_start(coruns[i], work, &procs[i], err, sizeof err);
    }
    free(work);
    /* Each one's job alone was measured with its table; now warm them up
     * and sample what they do to the memory system. */
    for (size_t i = 0; ok && i < n_co; i++) {
      double first = 0.0;
      ok = hh_wait_jobs(procs[i], 1, 120.0, &first, err, sizeof err);
      corun_alone[i] = tabs[i].alone_s;
    }
    if (ok) {
      ok = hh_system_sample(procs, n_co, 0.5, &cal, &sys, err, sizeof err);
    }
    if (!ok) {
      stop_all(procs, n_co);
      fprintf(stderr, "simtref hetero: error: %s\n", err);
      return EXIT_FAIL;
    }
    printf("  co-runners:");
    for (size_t i = 0; i < n_co; i++) printf(" %s (weight %g)", coruns[i], weights[i]);
    printf("\n  system features: %s\n", sys.source);
    in.n_corun = n_co;
    in.f.v[HF_LLC_MISS] = sys.llc_misses_per_s / 1e6;
    in.f.v[HF_DRAM_BW] = sys.dram_bytes_per_s / 1e6;
    hd_pressure(&cal, &in.pressure);
  }
  print_features(&in.f, n_co > 0);
  st_hdecision d;
  st_hetero_decide(&in, &d);
  printf("  predicted: CPU alone %.6f s, GPU alone %.6f s", d.t_alone[0], d.t_alone[1]);
  if (n_co > 0) {
    printf(", CPU beside them %.6f s, GPU beside them %.6f s\n", d.t_coloc[0], d.t_coloc[1]);
    for (int dev = 0; dev < 2; dev++) {
      printf("    on the %s: benchmark slowed %.2fx, pressure level %.2f,", dev ? "GPU" : "CPU",
             d.kernel_slowdown[dev], d.level[dev]);
      for (size_t i = 0; i < n_co; i++) {
        printf(" %s slowed %.2fx", coruns[i], d.corun_slowdown[dev][i]);
      }
      printf("; fairness %.3f\n", d.fairness[dev]);
    }
  } else {
    printf("\n");
  }
  printf("  choice: %s (%s)\n", d.choice ? "GPU" : "CPU",
         n_co > 0 ? "higher weighted fairness" : "shorter predicted time");
  if (evaluate) {
    printf("  measured alone: CPU %.6f s, GPU %.6f s (kernels %.6f s simulated + copies %.6f s)\n",
           cpu_alone, gpu_alone, prof.gpu_kernel_s, prof.gpu_xfer_s);
    int best = gpu_alone < cpu_alone ? 1 : 0;
    if (n_co > 0) {
      hr_coloc cc, gc;
      bool ok = hr_cpu_coloc(wd, size, 1, input, threads, procs, corun_alone, n_co, 1, &cc, err,
                             sizeof err) &&
                hr_gpu_coloc(&prof, &cfg, procs, corun_alone, n_co, 1, &gc, err, sizeof err);
      if (!ok) {
        stop_all(procs, n_co);
        fprintf(stderr, "simtref hetero: error: %s\n", err);
        return EXIT_FAIL;
      }
      double base = fmin(cpu_alone, gpu_alone);
      double fair[2];
      for (int dev = 0; dev < 2; dev++) {
        const hr_coloc *c = dev ? &gc : &cc;
        double s[ST_HETERO_MAX_CORUN + 1], w[ST_HETERO_MAX_CORUN + 1];
        s[0] = c->kernel_s / base;
        w[0] = 1.0;
        printf("  measured on the %s beside them: %.6f s (slowed %.2fx)", dev ? "GPU" : "CPU",
               c->kernel_s, s[0]);
        for (size_t i = 0; i < n_co; i++) {
          s[i + 1] = c->corun_sd[i];
          w[i + 1] = weights[i];
          printf(", %s slowed %.2fx", coruns[i], c->corun_sd[i]);
        }
        fair[dev] = st_hetero_fairness(s, w, n_co + 1);
        printf("; fairness %.3f\n", fair[dev]);
      }
      best = fair[1] > fair[0] ? 1 : 0;
    }
    printf("  best measured: %s; the choice was %s\n", best ? "GPU" : "CPU",
           best == d.choice ? "right" : "wrong");
  }
  stop_all(procs, n_co);
  return status;
}
