/* Status lines on a terminal (progress.h). */
#define _GNU_SOURCE /* fopencookie */
#include "progress.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "sweep_util.h"

#define ERASE "\r\033[K"

/* Whether a line is on the screen; read by the signal handler. */
static volatile sig_atomic_t line_shown;

bool cli_status_wanted(bool quiet) {
  if (quiet || !isatty(STDERR_FILENO)) {
    return false;
  }
  const char *term = getenv("TERM");
  return term == NULL || strcmp(term, "dumb") != 0;
}

static unsigned terminal_width(void) {
  struct winsize ws;
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
    return ws.ws_col;
  }
  return 80;
}

void cli_status_draw(const char *text) {
  /* One column short of the width: a line that fills the last column makes
   * some terminals wrap. */
  unsigned width = terminal_width();
  size_t n = strlen(text);
  size_t room = width > 1 ? width - 1 : 1;
  if (n > room) {
    n = room;
  }
  char *buf = sw_fmt("\r%.*s\033[K", (int)n, text);
  fputs(buf, stderr);
  fflush(stderr);
  free(buf);
  line_shown = 1;
}

void cli_status_erase(void) {
  if (line_shown) {
    fputs(ERASE, stderr);
    fflush(stderr);
    line_shown = 0;
  }
}

double cli_status_delay(void) {
  const char *v = getenv("SIMTREF_PROGRESS_AFTER");
  if (v == NULL || *v == '\0') {
    return 1.0;
  }
  char *end = NULL;
  double d = strtod(v, &end);
  return *end == '\0' && d >= 0 ? d : 1.0;
}

void cli_status_count(uint64_t n, char *buf, size_t size) {
  static const char units[] = "kMGTPE";
  if (n < 10000) {
    snprintf(buf, size, "%llu", (unsigned long long)n);
    return;
  }
  double v = (double)n;
  size_t u = 0;
  v /= 1000.0;
  while (v >= 999.5 && u + 1 < sizeof units - 1) {
    v /= 1000.0;
    u++;
  }
  snprintf(buf, size, "%.3g%c", v, units[u]);
}

/* ---- simtref run --------------------------------------------------------- */

/* The one run being shown (a command runs one at a time). */
typedef struct run_progress {
  bool active;
  double t0;          /* when the run began (host time) */
  double delay;       /* seconds before the first draw */
  uint64_t launches;  /* the run's host launches, 0: not known */
  FILE *log;          /* the erasing stream onto stdout, or NULL */
  struct sigaction old[3];
} run_progress;

static run_progress run_prog;

static const int stop_signals[3] = {SIGINT, SIGTERM, SIGHUP};

/* A signal that ends the command: the line goes first, then the signal's
 * default action (the handler was reset on entry; the signal is blocked
 * until the handler returns). */
static void erase_and_die(int sig) {
  if (line_shown) {
    ssize_t w = write(STDERR_FILENO, ERASE, sizeof ERASE - 1);
    (void)w;
    line_shown = 0;
  }
  raise(sig);
}

static void on_progress(void *ctx, const st_progress *p) {
  run_progress *rp = ctx;
  double elapsed = sw_now() - rp->t0;
  if (elapsed < rp->delay) {
    return;
  }
  char el[32], cycles[16], insts[16], rate[16], pct[32] = "", kernel[48];
  sw_format_duration(elapsed, el, sizeof el);
  cli_status_count(p->cycles, cycles, sizeof cycles);
  cli_status_count(p->thread_insts, insts, sizeof insts);
  cli_status_count(p->wall_seconds > 0 ? (uint64_t)((double)p->thread_insts / p->wall_seconds) : 0,
                   rate, sizeof rate);
  if (p->max_insts > 0) {
    double f = 100.0 * (double)p->thread_insts / (double)p->max_insts;
    snprintf(pct, sizeof pct, "%.0f%% of sim.max_insts | ", f > 100.0 ? 100.0 : f);
  }
  if (rp->launches > 0) {
    snprintf(kernel, sizeof kernel, "kernel %llu/%llu", (unsigned long long)p->launch,
             (unsigned long long)rp->launches);
  } else {
    snprintf(kernel, sizeof kernel, "kernel %llu", (unsigned long long)p->launch);
  }
  char *cyc = p->functional ? sw_fmt("%s", "") : sw_fmt("%s cycles | ", cycles);
  char *line = sw_fmt("[%s] %s%s %s | %s%s thread insts | %s/s", el, pct, kernel, p->kernel, cyc,
                      insts, rate);
  cli_status_draw(line);
  free(line);
  free(cyc);
}

/* The log stream's write: the line off the screen, then the bytes onto
 * stdout, at once (the next status line is drawn below them). */
static ssize_t log_write(void *cookie, const char *buf, size_t size) {
  (void)cookie;
  cli_status_erase();
  size_t n = fwrite(buf, 1, size, stdout);
  fflush(stdout);
  return n == size ? (ssize_t)size : -1;
}

void cli_run_progress_begin(st_gpu *gpu, bool quiet, uint64_t launches) {
  run_progress *rp = &run_prog;
  if (rp->active || !cli_status_wanted(quiet)) {
    return;
  }
  memset(rp, 0, sizeof *rp);
  rp->active = true;
  rp->t0 = sw_now();
  rp->delay = cli_status_delay();
  rp->launches = launches;
  cookie_io_functions_t io = {.read = NULL, .write = log_write, .seek = NULL, .close = NULL};
  rp->log = fopencookie(NULL, "w", io);
  if (rp->log != NULL) {
    setvbuf(rp->log, NULL, _IOLBF, 0);
  }
  for (int i = 0; i < 3; i++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = erase_and_die;
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    sigaction(stop_signals[i], NULL, &rp->old[i]);
    if (rp->old[i].sa_handler == SIG_DFL) {
      sigaction(stop_signals[i], &sa, NULL);
    }
  }
  st_gpu_set_progress(gpu, on_progress, rp);
}

FILE *cli_run_progress_log(void) { return run_prog.log != NULL ? run_prog.log : stdout; }

void cli_run_progress_end(st_gpu *gpu) {
  run_progress *rp = &run_prog;
  if (!rp->active) {
    return;
  }
  if (gpu != NULL) {
    st_gpu_set_progress(gpu, NULL, NULL);
  }
  if (rp->log != NULL) {
    fclose(rp->log); /* writes what it holds (a line without its newline) */
  }
  cli_status_erase();
  for (int i = 0; i < 3; i++) {
    if (rp->old[i].sa_handler == SIG_DFL) {
      sigaction(stop_signals[i], &rp->old[i], NULL);
    }
  }
  memset(rp, 0, sizeof *rp);
}
