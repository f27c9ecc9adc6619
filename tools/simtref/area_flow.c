/* Running synth/flow.tcl under Yosys, one process per unit and parameter
 * set, several at a time. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "area.h"
#include "cli.h"
#include "sweep_util.h"

/* Copies src into dst (size bytes); false, after printing what, when it
 * does not fit. */
static bool copy_path(char *dst, size_t size, const char *src, const char *what) {
  size_t len = strlen(src);
  if (len >= size) {
    fprintf(stderr, "simtref area: error: %s %s is %zu characters, longer than the limit of %zu "
                    "(PATH_MAX - 1)\n", what, src, len, size - 1);
    return false;
  }
  memcpy(dst, src, len + 1);
  return true;
}

bool area_find_yosys(char *path, size_t size) {
  const char *env = getenv("PATH");
  if (env == NULL || env[0] == '\0') {
    return false;
  }
  const char *p = env;
  while (*p != '\0') {
    size_t len = strcspn(p, ":");
    char *cand = len == 0 ? sw_strdup("./yosys") : sw_fmt("%.*s/yosys", (int)len, p);
    struct stat st;
    bool found = strlen(cand) < size && stat(cand, &st) == 0 && S_ISREG(st.st_mode) &&
                 access(cand, X_OK) == 0;
    if (found) {
      memcpy(path, cand, strlen(cand) + 1);
    }
    free(cand);
    if (found) {
      return true;
    }
    p += len;
    if (*p == ':') {
      p++;
    }
  }
  return false;
}

const char *area_synth_dir(void) {
  const char *env = getenv("SIMTREF_SYNTH_DIR");
  return env != NULL && env[0] != '\0' ? env : SIMTREF_SOURCE_DIR "/synth";
}

const char *area_rtl_dir(void) {
  const char *env = getenv("SIMTREF_RTL_DIR");
  return env != NULL && env[0] != '\0' ? env : SIMTREF_SOURCE_DIR "/rtl";
}

/* The first line `yosys -V` prints. */
static void yosys_version(const char *yosys, char *out, size_t size) {
  snprintf(out, size, "unknown");
  int fd[2];
  if (pipe(fd) != 0) {
    return;
  }
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fd[1], STDOUT_FILENO);
    close(fd[0]);
    close(fd[1]);
    execl(yosys, yosys, "-V", (char *)NULL);
    _exit(127);
  }
  close(fd[1]);
  if (pid > 0) {
    char buf[256];
    ssize_t n = read(fd[0], buf, sizeof buf - 1);
    if (n > 0) {
      buf[n] = '\0';
      buf[strcspn(buf, "\n")] = '\0';
      area_fmt(out, size, "%s", buf);
    }
    int st;
    waitpid(pid, &st, 0);
  }
  close(fd[0]);
}

int area_flow_init(area_flow *f, const char *keep_dir, bool gates, unsigned jobs) {
  memset(f, 0, sizeof *f);
  if (!area_find_yosys(f->yosys, sizeof f->yosys)) {
    fprintf(stderr,
            "simtref area: error: yosys not found in PATH; the area flow needs Yosys 0.23 or\n"
            "newer (Debian: apt-get install yosys; or scripts/install-deps.sh)\n");
    return EXIT_USAGE;
  }
  yosys_version(f->yosys, f->version, sizeof f->version);
  if (!copy_path(f->synth_dir, sizeof f->synth_dir, area_synth_dir(), "the synth folder") ||
      !copy_path(f->rtl_dir, sizeof f->rtl_dir, area_rtl_dir(), "the RTL folder")) {
    return EXIT_USAGE;
  }
  char *path = sw_fmt("%s/flow.tcl", f->synth_dir);
  if (access(path, R_OK) != 0) {
    fprintf(stderr, "simtref area: error: no flow script %s\n", path);
    free(path);
    return EXIT_USAGE;
  }
  free(path);
  path = sw_fmt("%s/simtref_generic.lib", f->synth_dir);
  char *err = sw_alloc(AREA_PATH_MAX + 512);
  bool lib_ok = area_lib_load(&f->lib, path, err, AREA_PATH_MAX + 512);
  if (!lib_ok) {
    fprintf(stderr, "simtref area: error: %s\n", err);
  }
  free(err);
  free(path);
  if (!lib_ok) {
    return EXIT_USAGE;
  }
  f->gates = gates;
  f->generic = true;
  f->jobs = jobs > 0 ? jobs : 1;
  if (keep_dir != NULL) {
    if (!cli_check_output_dir("area", "the --keep directory", keep_dir, true) ||
        !copy_path(f->work, sizeof f->work, keep_dir, "the --keep directory")) {
      return EXIT_USAGE;
    }
    f->keep = true;
  } else {
    const char *tmp = getenv("TMPDIR");
    char *tmpl = sw_fmt("%s/simtref-area-XXXXXX", tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
    bool fits = copy_path(f->work, sizeof f->work, tmpl, "the temporary folder");
    free(tmpl);
    if (!fits) {
      return EXIT_USAGE;
    }
    if (mkdtemp(f->work) == NULL) {
      fprintf(stderr, "simtref area: error: cannot make a temporary folder: %s\n",
              strerror(errno));
      return EXIT_FAIL;
    }
  }
  return EXIT_OK;
}

/* gzip -dc src > dst; false if it fails. */
static bool gunzip(const char *src, const char *dst) {
  int fd = open(dst, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0) {
    return false;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fd, STDOUT_FILENO);
    close(fd);
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
      dup2(null, STDERR_FILENO);
    }
    execlp("gzip", "gzip", "-dc", src, (char *)NULL);
    _exit(127);
  }
  close(fd);
  int st;
  return pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

int area_flow_libs(area_flow *f, bool generic, bool asap7) {
  f->generic = generic;
  f->asap7 = asap7;
  if (!asap7) {
    return EXIT_OK;
  }
  char *gz = sw_fmt("%s/" AREA_ASAP7_LIB, f->synth_dir);
  char *dst = sw_fmt("%s/asap7.lib", f->work);
  int rc = EXIT_OK;
  if (access(gz, R_OK) != 0) {
    fprintf(stderr, "simtref area: error: no ASAP7 library %s: %s (synth/lib/README.md says "
                    "where it comes from)\n", gz, strerror(errno));
    rc = EXIT_USAGE;
  } else if (!copy_path(f->a7_path, sizeof f->a7_path, dst, "the ASAP7 library")) {
    rc = EXIT_USAGE;
  } else if (!gunzip(gz, dst)) {
    fprintf(stderr, "simtref area: error: cannot uncompress the ASAP7 library %s (with gzip)\n",
            gz);
    rc = EXIT_USAGE;
  } else {
    char *err = sw_alloc(AREA_PATH_MAX + 512);
    if (!area_lib_load(&f->lib7, dst, err, AREA_PATH_MAX + 512)) {
      fprintf(stderr, "simtref area: error: %s\n", err);
      rc = EXIT_USAGE;
    } else if (!(f->lib7.fo4_ps > 0) || area_lib_cell(&f->lib7, AREA_ASAP7_NAND2) <= 0 ||
               area_lib_cell(&f->lib7, AREA_ASAP7_FF) <= 0) {
      fprintf(stderr, "simtref area: error: the ASAP7 library %s has no FO4 figure or no %s "
                      "or %s (not made by synth/lib/make-asap7.py?)\n", gz, AREA_ASAP7_NAND2,
              AREA_ASAP7_FF);
      rc = EXIT_USAGE;
    }
    free(err);
  }
  if (rc != EXIT_OK) {
    unlink(dst);
  }
  free(gz);
  free(dst);
  return rc;
}

/* The folder of job i: WORK/NN-UNIT (newly allocated). */
static char *job_dir(const area_flow *f, size_t i, const area_result *r) {
  return sw_fmt("%s/%02zu-%s", f->work, i, r->unit);
}

/* Starts Yosys on job r in dir; returns its pid, or -1. */
static pid_t start_job(const area_flow *f, const area_result *r, const char *dir) {
  if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    return -1;
  }
  char *flow = sw_fmt("%s/flow.tcl", f->synth_dir);
  char *log = sw_fmt("%s/yosys.log", dir);
  char *lib = sw_fmt("%s/simtref_generic.lib", f->synth_dir);
  /* Leftovers of an earlier run in a kept folder must not pass for results. */
  static const char *const outputs[] = {"coarse.stat",   "cells.stat",    "gates.stat",
                                        "macros.stat",   "asap7.stat",    "asap7_abc.log",
                                        "asap7.constr"};
  for (size_t k = 0; k < sizeof outputs / sizeof outputs[0]; k++) {
    char *p = sw_fmt("%s/%s", dir, outputs[k]);
    unlink(p);
    free(p);
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid != 0) {
    free(flow);
    free(log);
    free(lib);
    return pid;
  }
  int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd >= 0) {
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    close(fd);
  }
  setenv("ST_UNIT", r->unit, 1);
  setenv("ST_PARAMS", r->params, 1);
  setenv("ST_OUT", dir, 1);
  setenv("ST_RTL", f->rtl_dir, 1);
  setenv("ST_LIBERTY", lib, 1);
  setenv("ST_GATES", f->gates ? "1" : "0", 1);
  setenv("ST_GENERIC", f->generic ? "1" : "0", 1);
  if (f->asap7) {
    setenv("ST_ASAP7", f->a7_path, 1);
  } else {
    unsetenv("ST_ASAP7");
  }
  execl(f->yosys, f->yosys, "-q", "-c", flow, (char *)NULL);
  fprintf(stderr, "cannot run %s: %s\n", f->yosys, strerror(errno));
  _exit(127);
}

/* The last line of the log that says ERROR, or its last line. */
static void log_reason(const char *dir, char *out, size_t size) {
  char line[400], last[400] = "", err[400] = "";
  char *path = sw_fmt("%s/yosys.log", dir);
  FILE *fl = fopen(path, "r");
  if (fl == NULL) {
    snprintf(out, size, "no log");
    free(path);
    return;
  }
  while (fgets(line, sizeof line, fl) != NULL) {
    line[strcspn(line, "\n")] = '\0';
    if (line[0] != '\0') {
      snprintf(last, sizeof last, "%s", line);
    }
    if (strstr(line, "ERROR") != NULL || strstr(line, "error:") != NULL) {
      snprintf(err, sizeof err, "%s", line);
    }
  }
  fclose(fl);
  area_fmt(out, size, "%s (log: %s)", err[0] != '\0' ? err : last, path);
  free(path);
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void area_flow_run(area_flow *f, area_result *r, size_t n, bool progress) {
  pid_t *pids = calloc(n > 0 ? n : 1, sizeof *pids);
  double *t0 = calloc(n > 0 ? n : 1, sizeof *t0);
  if (pids == NULL || t0 == NULL) {
    for (size_t i = 0; i < n; i++) {
      r[i].ok = false;
      area_fmt(r[i].error, sizeof r[i].error, "out of memory");
    }
    free(pids);
    free(t0);
    return;
  }
  /* Start order: the largest hint first (a stable selection; n is small). */
  size_t *order = calloc(n > 0 ? n : 1, sizeof *order);
  bool *taken = calloc(n > 0 ? n : 1, sizeof *taken);
  if (order == NULL || taken == NULL) {
    free(order);
    free(taken);
    free(pids);
    free(t0);
    for (size_t i = 0; i < n; i++) {
      r[i].ok = false;
      area_fmt(r[i].error, sizeof r[i].error, "out of memory");
    }
    return;
  }
  for (size_t k = 0; k < n; k++) {
    size_t best = n;
    for (size_t i = 0; i < n; i++) {
      if (!taken[i] && (best == n || r[i].hint > r[best].hint)) {
        best = i;
      }
    }
    taken[best] = true;
    order[k] = best;
  }
  free(taken);
  size_t next = 0, running = 0, finished = 0;
  while (finished < n) {
    while (running < f->jobs && next < n) {
      size_t j = order[next++];
      if (r[j].skip) {
        r[j].ok = false;
        finished++;
        continue;
      }
      char *dir = job_dir(f, j, &r[j]);
      t0[j] = now_s();
      pids[j] = start_job(f, &r[j], dir);
      free(dir);
      if (pids[j] < 0) {
        r[j].ok = false;
        area_fmt(r[j].error, sizeof r[j].error, "cannot start yosys: %s", strerror(errno));
        finished++;
      } else {
        running++;
      }
    }
    if (running == 0) {
      continue;
    }
    int status;
    pid_t done = waitpid(-1, &status, 0);
    if (done < 0) {
      if (errno == EINTR) {
        continue;
      }
      break;
    }
    for (size_t i = 0; i < n; i++) {
      if (pids[i] <= 0 || pids[i] != done) {
        continue;
      }
      pids[i] = 0;
      running--;
      finished++;
      char *dir = job_dir(f, i, &r[i]);
      r[i].seconds = now_s() - t0[i];
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        r[i].ok = false;
        char why[sizeof r[i].error];
        log_reason(dir, why, sizeof why);
        area_fmt(r[i].error, sizeof r[i].error, "yosys failed: %s", why);
      } else {
        r[i].ok = area_parse_stats(dir, f->generic ? &f->lib : NULL, &r[i]) &&
                  (!f->asap7 || area_parse_a7(dir, &f->lib7, &r[i]));
      }
      free(dir);
      if (progress) {
        fprintf(stderr, "simtref area: %-6s %-12s %6.1f s\n", r[i].ok ? "done" : "FAILED",
                r[i].unit, r[i].seconds);
      }
    }
  }
  free(order);
  free(pids);
  free(t0);
}

/* Removes dir/NAME for each file flow.tcl or this file writes, then dir. */
static void remove_job_dir(const char *dir) {
  static const char *const files[] = {"coarse.stat",   "cells.stat",    "gates.stat",
                                      "macros.stat",   "asap7.stat",    "asap7_abc.log",
                                      "asap7.constr",  "yosys.log"};
  for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
    char *p = sw_fmt("%s/%s", dir, files[k]);
    unlink(p);
    free(p);
  }
  rmdir(dir);
}

void area_flow_done(area_flow *f) {
  if (f->keep || f->work[0] == '\0') {
    return;
  }
  if (f->a7_path[0] != '\0') {
    unlink(f->a7_path);
  }
  DIR *d = opendir(f->work);
  if (d != NULL) {
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
      if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
        char *dir = sw_fmt("%s/%s", f->work, e->d_name);
        remove_job_dir(dir);
        free(dir);
      }
    }
    closedir(d);
  }
  rmdir(f->work);
}
