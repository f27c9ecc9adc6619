/* HeteroPDP's host side: co-running programs, Bubble-up stressors, the system features
 * from perf_event_open or a calibrated stressor table, Bubble-up tables (hetero_host.h,
 * docs/units/heteropdp-host.md).
 *
 * Processes. hh_start and hh_stress_start fork a child that leads a new process group
 * (setpgid on both sides of the fork, so that hh_stop's kill(-pgid) never misses it) and
 * dies with its parent (PR_SET_PDEATHSIG, SIGKILL; checked against a parent that died
 * before the prctl). The child reports every completed job as one fixed-size record
 * (start, end: CLOCK_MONOTONIC seconds; CPU seconds) on a pipe whose write end is
 * non-blocking: when the parent has not read for a while and the pipe is full, records are
 * dropped rather than the child stopped, so a stressor keeps its pressure whether or not
 * anyone is measuring it (hh_wait_jobs only counts jobs that start after the call, so old
 * records never matter). A shared page carries what the parent reads besides jobs: the
 * bytes a membw stressor moved, when its work began, the pids that do the work, and the
 * text of an error that made the child exit. Big buffers in the children come from mmap,
 * not malloc, and children leave with _exit, never returning into the parent's frames
 * (so a sanitised build behaves too). */
#define _GNU_SOURCE
#include "hetero_host.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/perf_event.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hetero_jobs.h"

#ifndef SIMTREF_SOURCE_DIR
#define SIMTREF_SOURCE_DIR "."
#endif

/* ---- The programs ------------------------------------------------------------------ */

static const hh_program hh_program_list[] = {
    {"bzip2", 'C', "401.bzip2", "bzip2",
     "bzip2 -9 -c compressing 3 MiB of generated English-like text to /dev/null"},
    {"perl", 'C', "400.perlbench", "perl-base",
     "perl running corun.pl over 768 KiB of generated text: regexes, hashes, string building"},
    {"xslt", 'C', "483.xalancbmk", "xsltproc",
     "xsltproc transforming a generated XML catalogue of 5,000 items with corun.xsl"},
    {"calculix", 'C', "454.calculix", NULL,
     "80 LU solves (partial pivoting) of a dense 256 x 256 system that stays in L2"},
    {"mcf", 'M', "429.mcf", NULL,
     "2 Mi steps of pointer chasing with updates over a random 128 MiB cycle of nodes"},
    {"lbm", 'M', "470.lbm", NULL,
     "6 sweeps of D2Q9 lattice Boltzmann (BGK) over two 113 MiB arrays"},
};
enum { HH_NPROGRAMS = sizeof hh_program_list / sizeof hh_program_list[0] };

/* The inputs of the Debian programs: file names carry a version, so a change of generator
 * or size gets a new file rather than a stale one. */
#define BZIP2_INPUT "bzip2-input-v1.txt"
#define BZIP2_BYTES (3u << 20)
#define PERL_INPUT "perl-input-v1.txt"
#define PERL_BYTES (768u << 10)
#define XSLT_INPUT "xslt-input-v1.xml"
#define XSLT_ITEMS 5000u

size_t hh_programs(const hh_program **list) {
  if (list != NULL) {
    *list = hh_program_list;
  }
  return HH_NPROGRAMS;
}

const hh_program *hh_find(const char *name) {
  for (size_t i = 0; name != NULL && i < HH_NPROGRAMS; i++) {
    if (strcmp(hh_program_list[i].name, name) == 0) {
      return &hh_program_list[i];
    }
  }
  return NULL;
}

/* ---- Time ---------------------------------------------------------------------------- */

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cpu_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void sleep_until(double t) {
  struct timespec ts;
  ts.tv_sec = (time_t)t;
  ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
  if (ts.tv_nsec >= 1000000000L) {
    ts.tv_sec++;
    ts.tv_nsec -= 1000000000L;
  }
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
  }
}

static void sleep_s(double s) { sleep_until(now_s() + s); }

/* ---- Processes ----------------------------------------------------------------------- */

typedef struct hh_rec {
  double t0, t1, cpu;
} hh_rec;

typedef struct hh_shared {
  _Atomic uint64_t bytes;    /* membw: bytes moved (read + written) by all workers */
  _Atomic int64_t start_ns;  /* CLOCK_MONOTONIC ns when the work began; 0: not yet */
  _Atomic int ready;         /* stressor workers whose buffers are ready */
  _Atomic int npids;         /* entries of pids set */
  pid_t pids[HH_MAX_THREADS]; /* the processes that do the work */
  char error[256];           /* why the child exited, when it chose to */
} hh_shared;

enum hh_kind { HH_EXEC, HH_KERNEL, HH_MEMBW, HH_LLC };

/* What the child runs: set up in the parent before the fork. */
typedef struct hh_spec {
  enum hh_kind kind;
  const hj_kernel *kernel;    /* HH_KERNEL */
  char exe[PATH_MAX];         /* HH_EXEC: the program's absolute path */
  char args[4][PATH_MAX];     /* HH_EXEC: its arguments */
  int nargs;
  int threads;                /* stressors: workers */
  size_t bytes;               /* membw: buffer bytes; llc: working set, both over all workers */
  double rate;                /* membw: bytes/s per worker; 0 = flat out */
} hh_spec;

struct hh_proc {
  pid_t pid;
  int fd;
  hh_shared *sh;
  enum hh_kind kind;
  bool reaped;
  int status;
  char name[32];
  int level, threads;
  size_t bytes;
  unsigned char part[sizeof(hh_rec)]; /* a partly read record */
  size_t npart;
};

/* The child's end: one record per job; a full pipe drops it (see the file comment), a
 * closed one ends the child. */
static void child_report(int fd, double t0, double t1, double cpu) {
  hh_rec r = {t0, t1, cpu};
  if (write(fd, &r, sizeof r) < 0 && errno != EAGAIN && errno != EINTR) {
    _exit(0);
  }
}

static void child_fail(hh_shared *sh, const char *msg) {
  snprintf(sh->error, sizeof sh->error, "%s", msg);
  _exit(1);
}

static void child_add_pid(hh_shared *sh, pid_t pid) {
  int i = atomic_fetch_add(&sh->npids, 1);
  if (i < HH_MAX_THREADS) {
    sh->pids[i] = pid;
  }
}

static void child_started(hh_shared *sh) {
  int64_t zero = 0;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  int64_t ns = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
  atomic_compare_exchange_strong(&sh->start_ns, &zero, ns);
}

/* A job of a Debian program: fork, exec with /dev/null for stdin, stdout and stderr, wait. */
static void child_exec_loop(const hh_spec *sp, int fd, hh_shared *sh) {
  char *argv[6];
  argv[0] = (char *)sp->exe;
  for (int i = 0; i < sp->nargs; i++) {
    argv[1 + i] = (char *)sp->args[i];
  }
  argv[1 + sp->nargs] = NULL;
  pid_t me = getpid();
  child_add_pid(sh, me);
  child_started(sh);
  char msg[PATH_MAX + 64];
  for (;;) {
    double t0 = now_s();
    pid_t g = fork();
    if (g < 0) {
      snprintf(msg, sizeof msg, "cannot fork a job: %s", strerror(errno));
      child_fail(sh, msg);
    }
    if (g == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != me) {
        _exit(127);
      }
      int null = open("/dev/null", O_RDWR);
      if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
        dup2(null, 2);
        if (null > 2) {
          close(null);
        }
      }
      sigset_t none;
      sigemptyset(&none);
      sigprocmask(SIG_SETMASK, &none, NULL);
      signal(SIGPIPE, SIG_DFL);
      execv(argv[0], argv);
      _exit(127);
    }
    int st = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(g, &st, 0, &ru) < 0) {
      if (errno != EINTR) {
        snprintf(msg, sizeof msg, "cannot wait for a job: %s", strerror(errno));
        child_fail(sh, msg);
      }
    }
    double t1 = now_s();
    if (WIFEXITED(st) && WEXITSTATUS(st) == 127) {
      snprintf(msg, sizeof msg, "cannot run %s", sp->exe);
      child_fail(sh, msg);
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
      if (WIFSIGNALED(st)) {
        snprintf(msg, sizeof msg, "a job (%s) was killed by signal %d", sp->exe, WTERMSIG(st));
      } else {
        snprintf(msg, sizeof msg, "a job (%s) exited with status %d", sp->exe,
                 WEXITSTATUS(st));
      }
      child_fail(sh, msg);
    }
    double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
                 (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    child_report(fd, t0, t1, cpu);
  }
}

static void child_kernel_loop(const hh_spec *sp, int fd, hh_shared *sh) {
  void *state = NULL;
  char msg[256];
  if (!sp->kernel->setup(&state, msg, sizeof msg)) {
    child_fail(sh, msg);
  }
  child_add_pid(sh, getpid());
  child_started(sh);
  for (;;) {
    double t0 = now_s(), c0 = cpu_s();
    sp->kernel->job(state);
    double t1 = now_s(), c1 = cpu_s();
    child_report(fd, t0, t1, c1 - c0);
  }
}

/* Stressor chunks: what one record stands for. */
#define MEMBW_QUANTUM (4u << 20)  /* bytes copied between two looks at the clock */
#define MEMBW_CHUNK (256u << 20)  /* bytes moved (read + written) per record */
#define LLC_CHUNK (1u << 22)      /* random read-modify-writes per record */
#define MEMBW_BYTES (512u << 20)  /* the membw buffer over all workers */

/* Waits (briefly sleeping) until every worker has its buffers, so they start together. */
static void worker_barrier(hh_shared *sh, int threads) {
  atomic_fetch_add(&sh->ready, 1);
  while (atomic_load(&sh->ready) < threads) {
    sleep_s(0.001);
  }
  child_started(sh);
}

/* membw: copies the first half of its buffer into the second, MEMBW_QUANTUM at a time,
 * sleeping between quanta to hold `rate` bytes/s (a deadline that advances by the nominal
 * time of each quantum: a slowed copy is not made up by a burst beyond 50 ms). */
static void worker_membw(const hh_spec *sp, int fd, hh_shared *sh) {
  size_t each = sp->bytes / (size_t)sp->threads;
  each -= each % (2 * (size_t)MEMBW_QUANTUM);
  if (each < 2 * (size_t)MEMBW_QUANTUM) {
    each = 2 * (size_t)MEMBW_QUANTUM;
  }
  char *buf = hj_map(each);
  if (buf == NULL) {
    char msg[256];
    snprintf(msg, sizeof msg, "membw: cannot map %zu MiB: %s", each >> 20, strerror(errno));
    child_fail(sh, msg);
  }
  size_t half = each / 2;
  uint64_t r = 0x243f6a8885a308d3u ^ (uint64_t)getpid();
  for (size_t i = 0; i + 8 <= half; i += 4096) {
    uint64_t v = hj_rand(&r);
    memcpy(buf + i, &v, sizeof v);
  }
  worker_barrier(sh, sp->threads);
  size_t off = 0;
  double next = now_s();
  const unsigned per_chunk = MEMBW_CHUNK / (2 * MEMBW_QUANTUM);
  for (;;) {
    double t0 = now_s(), c0 = cpu_s();
    for (unsigned q = 0; q < per_chunk; q++) {
      memcpy(buf + half + off, buf + off, MEMBW_QUANTUM);
      off += MEMBW_QUANTUM;
      if (off >= half) {
        off = 0;
      }
      atomic_fetch_add(&sh->bytes, 2 * (uint64_t)MEMBW_QUANTUM);
      if (sp->rate > 0) {
        next += 2.0 * MEMBW_QUANTUM / sp->rate;
        double t = now_s();
        if (next > t) {
          sleep_until(next);
        } else if (t - next > 0.05) {
          next = t;
        }
      }
    }
    double t1 = now_s(), c1 = cpu_s();
    child_report(fd, t0, t1, c1 - c0);
  }
}

/* llc: independent random read-modify-writes of 8-byte words over its share of the working
 * set (one cache line touched per access; no dependence between accesses, so many are in
 * flight at once). */
static void worker_llc(const hh_spec *sp, int fd, hh_shared *sh, int index) {
  size_t each = sp->bytes / (size_t)sp->threads;
  each -= each % 64;
  if (each < 4096) {
    each = 4096;
  }
  uint64_t *ws = hj_map(each);
  if (ws == NULL) {
    char msg[256];
    snprintf(msg, sizeof msg, "llc: cannot map %zu MiB: %s", each >> 20, strerror(errno));
    child_fail(sh, msg);
  }
  uint64_t n = each / sizeof(uint64_t); /* < 2^32 (the working set is at most HH_LLC_CAP) */
  uint64_t r = 0xb7e151628aed2a6bu + (uint64_t)index * 0x9e3779b97f4a7c15u;
  worker_barrier(sh, sp->threads);
  for (;;) {
    double t0 = now_s(), c0 = cpu_s();
    for (uint32_t k = 0; k < LLC_CHUNK; k++) {
      uint64_t v = hj_rand(&r);
      uint64_t i = ((v >> 32) * n) >> 32;
      ws[i] += v;
    }
    double t1 = now_s(), c1 = cpu_s();
    child_report(fd, t0, t1, c1 - c0);
  }
}

/* A stressor's child: forks its workers (in its group), then waits; the first worker to
 * die ends the stressor (the rest follow by their death signal). */
static void child_stress(const hh_spec *sp, int fd, hh_shared *sh) {
  pid_t me = getpid();
  for (int w = 0; w < sp->threads; w++) {
    pid_t pid = fork();
    if (pid < 0) {
      char msg[256];
      snprintf(msg, sizeof msg, "cannot fork a stressor worker: %s", strerror(errno));
      child_fail(sh, msg);
    }
    if (pid == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != me) {
        _exit(1);
      }
      child_add_pid(sh, getpid());
      if (sp->kind == HH_MEMBW) {
        worker_membw(sp, fd, sh);
      } else {
        worker_llc(sp, fd, sh, w);
      }
      _exit(1);
    }
  }
  close(fd); /* the workers hold the pipe: its end is theirs */
  int st = 0;
  pid_t dead;
  while ((dead = waitpid(-1, &st, 0)) < 0 && errno == EINTR) {
  }
  if (sh->error[0] == '\0') {
    if (dead > 0 && WIFSIGNALED(st)) {
      snprintf(sh->error, sizeof sh->error, "a stressor worker was killed by signal %d",
               WTERMSIG(st));
    } else {
      snprintf(sh->error, sizeof sh->error, "a stressor worker exited");
    }
  }
  _exit(1);
}

static bool spawn(const hh_spec *sp, const char *name, hh_proc **out, char *err, size_t errn) {
  *out = NULL;
  hh_proc *p = calloc(1, sizeof *p);
  if (p == NULL) {
    snprintf(err, errn, "%s: out of memory", name);
    return false;
  }
  p->sh = mmap(NULL, sizeof(hh_shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
               -1, 0);
  if (p->sh == MAP_FAILED) {
    snprintf(err, errn, "%s: cannot map a shared page: %s", name, strerror(errno));
    free(p);
    return false;
  }
  memset(p->sh, 0, sizeof *p->sh);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    snprintf(err, errn, "%s: cannot make a pipe: %s", name, strerror(errno));
    munmap(p->sh, sizeof(hh_shared));
    free(p);
    return false;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(err, errn, "%s: cannot fork: %s", name, strerror(errno));
    close(fds[0]);
    close(fds[1]);
    munmap(p->sh, sizeof(hh_shared));
    free(p);
    return false;
  }
  if (pid == 0) {
    close(fds[0]);
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) {
      _exit(1);
    }
    fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK);
    switch (sp->kind) {
    case HH_EXEC:
      child_exec_loop(sp, fds[1], p->sh);
      break;
    case HH_KERNEL:
      child_kernel_loop(sp, fds[1], p->sh);
      break;
    case HH_MEMBW:
    case HH_LLC:
      child_stress(sp, fds[1], p->sh);
      break;
    }
    _exit(1);
  }
  setpgid(pid, pid); /* also here: whichever runs first, the group exists before kill */
  close(fds[1]);
  fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
  p->pid = pid;
  p->fd = fds[0];
  p->kind = sp->kind;
  p->threads = sp->kind == HH_MEMBW || sp->kind == HH_LLC ? sp->threads : 1;
  p->bytes = sp->bytes;
  snprintf(p->name, sizeof p->name, "%s", name);
  *out = p;
  return true;
}

static void reap(hh_proc *p, bool block) {
  if (p->reaped) {
    return;
  }
  int st = 0;
  pid_t r;
  while ((r = waitpid(p->pid, &st, block ? 0 : WNOHANG)) < 0 && errno == EINTR) {
  }
  if (r == p->pid) {
    p->reaped = true;
    p->status = st;
  } else if (r < 0) {
    p->reaped = true; /* ECHILD: SIGCHLD ignored, the kernel reaped it */
    p->status = -1;
  }
}

/* err: why p's child is gone (it has been reaped). */
static void describe_death(const hh_proc *p, char *err, size_t errn) {
  if (p->sh->error[0] != '\0') {
    snprintf(err, errn, "%s: %s", p->name, p->sh->error);
  } else if (p->status >= 0 && WIFSIGNALED(p->status)) {
    snprintf(err, errn, "%s: its process was killed by signal %d", p->name,
             WTERMSIG(p->status));
  } else if (p->status >= 0 && WIFEXITED(p->status)) {
    snprintf(err, errn, "%s: its process exited with status %d", p->name,
             WEXITSTATUS(p->status));
  } else {
    snprintf(err, errn, "%s: its process is gone", p->name);
  }
}

void hh_stop(hh_proc *p) {
  if (p == NULL) {
    return;
  }
  if (!p->reaped) {
    kill(-p->pid, SIGKILL);
    kill(p->pid, SIGKILL);
    reap(p, true);
  }
  close(p->fd);
  munmap(p->sh, sizeof(hh_shared));
  free(p);
}

pid_t hh_pid(const hh_proc *p) { return p != NULL ? p->pid : -1; }

double hh_stress_measure(const hh_proc *p) {
  if (p == NULL) {
    return 0;
  }
  if (p->kind == HH_LLC) {
    return (double)p->bytes;
  }
  if (p->kind != HH_MEMBW) {
    return 0;
  }
  int64_t start = atomic_load(&p->sh->start_ns);
  if (start == 0) {
    return 0;
  }
  double life = now_s() - (double)start * 1e-9;
  return life > 0 ? (double)atomic_load(&p->sh->bytes) / life : 0;
}

/* Reads what the pipe holds: records that started at or after `since` are counted in *got
 * (up to want), their wall and CPU durations added to the sums and, where cpu_each is not
 * NULL, kept there. Returns 1 when the pipe is at its end (every writer gone), 0
 * otherwise, -1 on a read error. */
static int read_records(hh_proc *p, double since, unsigned want, unsigned *got, double *sum,
                        double *sum_cpu, double *cpu_each) {
  for (;;) {
    unsigned char buf[64 * sizeof(hh_rec)];
    memcpy(buf, p->part, p->npart);
    ssize_t k = read(p->fd, buf + p->npart, sizeof buf - p->npart);
    if (k < 0) {
      if (errno == EINTR) {
        continue;
      }
      return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1;
    }
    if (k == 0) {
      return 1;
    }
    size_t n = p->npart + (size_t)k, at = 0;
    for (; at + sizeof(hh_rec) <= n; at += sizeof(hh_rec)) {
      hh_rec r;
      memcpy(&r, buf + at, sizeof r);
      if (r.t0 >= since && *got < want) {
        if (cpu_each != NULL) {
          cpu_each[*got] = r.cpu;
        }
        (*got)++;
        *sum += r.t1 - r.t0;
        *sum_cpu += r.cpu;
      }
    }
    p->npart = n - at;
    memcpy(p->part, buf + at, p->npart);
  }
}

/* hh_wait_jobs_cpu, keeping each job's CPU time in cpu_each (n of them) when not NULL. */
static bool wait_jobs(hh_proc *p, unsigned n, double timeout_s, double *mean_s,
                      double *mean_cpu_s, double *cpu_each, char *err, size_t errn) {
  if (p == NULL) {
    snprintf(err, errn, "no process to wait for");
    return false;
  }
  if (p->reaped) {
    describe_death(p, err, errn);
    return false;
  }
  double since = now_s();
  double deadline = since + timeout_s;
  unsigned got = 0;
  double sum = 0, sum_cpu = 0;
  /* What is there now ended before the call: read and dropped (want 0). */
  int end = read_records(p, since, 0, &got, &sum, &sum_cpu, NULL);
  while (end == 0 && got < n) {
    double left = deadline - now_s();
    if (left <= 0) {
      snprintf(err, errn, "%s: timeout: %u of %u jobs done in %.3g s", p->name, got, n,
               timeout_s);
      return false;
    }
    struct pollfd pf = {p->fd, POLLIN, 0};
    int ms = left > 0.2 ? 200 : (int)(left * 1000) + 1;
    if (poll(&pf, 1, ms) < 0 && errno != EINTR) {
      snprintf(err, errn, "%s: poll: %s", p->name, strerror(errno));
      return false;
    }
    end = read_records(p, since, n, &got, &sum, &sum_cpu, cpu_each);
  }
  if (got < n) {
    if (end < 0) {
      snprintf(err, errn, "%s: cannot read its pipe: %s", p->name, strerror(errno));
      return false;
    }
    kill(-p->pid, SIGKILL); /* whatever of its group is left */
    reap(p, true);
    describe_death(p, err, errn);
    return false;
  }
  if (mean_s != NULL) {
    *mean_s = n > 0 ? sum / n : 0;
  }
  if (mean_cpu_s != NULL) {
    *mean_cpu_s = n > 0 ? sum_cpu / n : 0;
  }
  return true;
}

bool hh_wait_jobs_cpu(hh_proc *p, unsigned n, double timeout_s, double *mean_s,
                      double *mean_cpu_s, char *err, size_t errn) {
  return wait_jobs(p, n, timeout_s, mean_s, mean_cpu_s, NULL, err, errn);
}

bool hh_wait_jobs(hh_proc *p, unsigned n, double timeout_s, double *mean_s, char *err,
                  size_t errn) {
  return hh_wait_jobs_cpu(p, n, timeout_s, mean_s, NULL, err, errn);
}

/* ---- Starting programs ---------------------------------------------------------------- */

/* mkdir -p. */
static bool make_dirs(const char *dir, char *err, size_t errn) {
  char path[PATH_MAX];
  if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
    snprintf(err, errn, "%s: path too long", dir);
    return false;
  }
  for (char *s = path + 1;; s++) {
    if (*s == '/' || *s == '\0') {
      char c = *s;
      *s = '\0';
      if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errn, "cannot create %s: %s", path, strerror(errno));
        return false;
      }
      *s = c;
      if (c == '\0') {
        break;
      }
    }
  }
  struct stat st;
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
    snprintf(err, errn, "%s: not a directory", dir);
    return false;
  }
  return true;
}

/* The program's absolute path from PATH; false if none is executable. */
static bool find_in_path(const char *prog, char *out, size_t outn) {
  const char *env = getenv("PATH");
  const char *path = env != NULL && env[0] != '\0' ? env : "/usr/local/bin:/usr/bin:/bin";
  while (*path != '\0') {
    const char *colon = strchr(path, ':');
    size_t len = colon != NULL ? (size_t)(colon - path) : strlen(path);
    if (len > 0) {
      int k = snprintf(out, outn, "%.*s/%s", (int)len, path, prog);
      if (k > 0 && (size_t)k < outn && access(out, X_OK) == 0) {
        return true;
      }
    }
    path += len;
    if (*path == ':') {
      path++;
    }
  }
  return false;
}

/* tools/simtref/hetero/FILE, or $SIMTREF_HETERO_DIR/FILE. */
static bool hetero_file(const char *file, char *out, size_t outn, char *err, size_t errn) {
  const char *env = getenv("SIMTREF_HETERO_DIR");
  const char *dir =
      env != NULL && env[0] != '\0' ? env : SIMTREF_SOURCE_DIR "/tools/simtref/hetero";
  int k = snprintf(out, outn, "%s/%s", dir, file);
  if (k < 0 || (size_t)k >= outn || access(out, R_OK) != 0) {
    snprintf(err, errn, "cannot read %s/%s (tools/simtref/hetero/%s; SIMTREF_HETERO_DIR sets "
             "the folder)", dir, file, file);
    return false;
  }
  return true;
}

/* workdir/FILE, generated when missing. */
static bool input_file(const char *workdir, const char *file, char *out, size_t outn,
                       char *err, size_t errn) {
  int k = snprintf(out, outn, "%s/%s", workdir, file);
  if (k < 0 || (size_t)k >= outn) {
    snprintf(err, errn, "%s: path too long", workdir);
    return false;
  }
  struct stat st;
  if (stat(out, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    return true;
  }
  if (strcmp(file, BZIP2_INPUT) == 0) {
    return hj_text_file(out, BZIP2_BYTES, 0x0123456789abcdefu, err, errn);
  }
  if (strcmp(file, PERL_INPUT) == 0) {
    return hj_text_file(out, PERL_BYTES, 0xfedcba9876543210u, err, errn);
  }
  return hj_xml_file(out, XSLT_ITEMS, 0x0f1e2d3c4b5a6978u, err, errn);
}

static bool need_program(const char *prog, const char *package, char *out, size_t outn,
                         char *err, size_t errn) {
  if (!find_in_path(prog, out, outn)) {
    snprintf(err, errn, "%s is not installed: it comes with the Debian package %s "
             "(scripts/install-deps.sh installs it)", prog, package);
    return false;
  }
  return true;
}

bool hh_start(const char *name, const char *workdir, hh_proc **out, char *err, size_t errn) {
  *out = NULL;
  const hh_program *pr = hh_find(name);
  if (pr == NULL) {
    snprintf(err, errn, "unknown co-runner '%s' (known: bzip2, perl, xslt, calculix, mcf, lbm)",
             name != NULL ? name : "(null)");
    return false;
  }
  hh_spec sp;
  memset(&sp, 0, sizeof sp);
  bool have_dir = workdir != NULL && workdir[0] != '\0';
  if (have_dir && !make_dirs(workdir, err, errn)) {
    return false;
  }
  if (pr->package == NULL) {
    /* Written here: its data is made in memory by the child (the folder stays empty). */
    sp.kind = HH_KERNEL;
    sp.kernel = hj_kernel_find(pr->name);
    return spawn(&sp, pr->name, out, err, errn);
  }
  sp.kind = HH_EXEC;
  if (!have_dir) {
    snprintf(err, errn, "%s: no folder for its inputs", name);
    return false;
  }
  char input[PATH_MAX];
  if (strcmp(name, "bzip2") == 0) {
    if (!need_program("bzip2", "bzip2", sp.exe, sizeof sp.exe, err, errn) ||
        !input_file(workdir, BZIP2_INPUT, input, sizeof input, err, errn)) {
      return false;
    }
    snprintf(sp.args[0], PATH_MAX, "-9");
    snprintf(sp.args[1], PATH_MAX, "-c");
    snprintf(sp.args[2], PATH_MAX, "%s", input);
    sp.nargs = 3;
  } else if (strcmp(name, "perl") == 0) {
    if (!need_program("perl", "perl-base", sp.exe, sizeof sp.exe, err, errn) ||
        !hetero_file("corun.pl", sp.args[0], PATH_MAX, err, errn) ||
        !input_file(workdir, PERL_INPUT, input, sizeof input, err, errn)) {
      return false;
    }
    snprintf(sp.args[1], PATH_MAX, "%s", input);
    sp.nargs = 2;
  } else {
    if (!need_program("xsltproc", "xsltproc", sp.exe, sizeof sp.exe, err, errn) ||
        !hetero_file("corun.xsl", sp.args[1], PATH_MAX, err, errn) ||
        !input_file(workdir, XSLT_INPUT, input, sizeof input, err, errn)) {
      return false;
    }
    snprintf(sp.args[0], PATH_MAX, "--nonet");
    snprintf(sp.args[2], PATH_MAX, "%s", input);
    sp.nargs = 3;
  }
  return spawn(&sp, pr->name, out, err, errn);
}

/* ---- Stressors ------------------------------------------------------------------------ */

/* This VM reports the host's L3 (300 MiB, shared with every other guest), which no guest
 * can fill alone; a working set of k/8 of that would only measure DRAM. The llc stressor's
 * LLC is therefore capped at HH_LLC_CAP (64 MiB: above the largest per-socket L3 of a
 * desktop part, and a working set that still fits beside co-runners in a server's). */
size_t hh_llc_bytes(size_t *reported) {
  long v = sysconf(_SC_LEVEL3_CACHE_SIZE);
  size_t got = v > 0 ? (size_t)v : 0;
  if (got == 0) {
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/cache/index3/size", "r");
    if (f != NULL) {
      unsigned long n = 0;
      char unit = 0;
      if (fscanf(f, "%lu%c", &n, &unit) >= 1) {
        got = (size_t)n * (unit == 'K' ? 1024u : unit == 'M' ? 1048576u : 1u);
      }
      fclose(f);
    }
  }
  if (reported != NULL) {
    *reported = got;
  }
  if (got == 0) {
    return 8u << 20;
  }
  return got > HH_LLC_CAP ? HH_LLC_CAP : got;
}

static double peak_cache[HH_MAX_THREADS + 1];

static bool stress_spawn(enum hh_kind kind, int level, int threads, double rate, hh_proc **out,
                         char *err, size_t errn) {
  hh_spec sp;
  memset(&sp, 0, sizeof sp);
  sp.kind = kind;
  sp.threads = threads;
  sp.rate = rate;
  sp.bytes = kind == HH_MEMBW ? MEMBW_BYTES : hh_llc_bytes(NULL) / 8 * (size_t)level;
  if (!spawn(&sp, kind == HH_MEMBW ? "membw" : "llc", out, err, errn)) {
    return false;
  }
  (*out)->level = level;
  return true;
}

double hh_stream_peak(int threads, char *err, size_t errn) {
  if (threads < 1 || threads > HH_MAX_THREADS) {
    snprintf(err, errn, "membw: threads %d out of 1..%d", threads, HH_MAX_THREADS);
    return 0;
  }
  if (peak_cache[threads] > 0) {
    return peak_cache[threads];
  }
  hh_proc *p;
  if (!stress_spawn(HH_MEMBW, 8, threads, 0, &p, err, errn)) {
    return 0;
  }
  double mean = 0;
  /* Two chunks per worker to settle, then eight per worker timed. */
  bool ok = hh_wait_jobs(p, 2 * (unsigned)threads, 30, NULL, err, errn) &&
            hh_wait_jobs(p, 8 * (unsigned)threads, 30, &mean, err, errn);
  hh_stop(p);
  if (!ok || mean <= 0) {
    return 0;
  }
  peak_cache[threads] = (double)threads * MEMBW_CHUNK / mean;
  return peak_cache[threads];
}

bool hh_stress_start(const char *kind, int level, int threads, hh_proc **out, char *err,
                     size_t errn) {
  *out = NULL;
  bool bw = kind != NULL && strcmp(kind, "membw") == 0;
  if (!bw && (kind == NULL || strcmp(kind, "llc") != 0)) {
    snprintf(err, errn, "unknown stressor '%s' (known: membw, llc)",
             kind != NULL ? kind : "(null)");
    return false;
  }
  if (level < 1 || level > 8) {
    snprintf(err, errn, "%s: level %d out of 1..8", kind, level);
    return false;
  }
  if (threads < 1 || threads > HH_MAX_THREADS) {
    snprintf(err, errn, "%s: threads %d out of 1..%d", kind, threads, HH_MAX_THREADS);
    return false;
  }
  double rate = 0;
  if (bw && level < 8) {
    double peak = hh_stream_peak(threads, err, errn);
    if (peak <= 0) {
      return false;
    }
    rate = peak * level / 8.0 / threads;
  }
  return stress_spawn(bw ? HH_MEMBW : HH_LLC, level, threads, rate, out, err, errn);
}

/* ---- Counters ------------------------------------------------------------------------- */

static const char *errno_name(int e) {
  switch (e) {
  case ENOENT: return "ENOENT";
  case EOPNOTSUPP: return "EOPNOTSUPP";
  case EACCES: return "EACCES";
  case EPERM: return "EPERM";
  case ENOSYS: return "ENOSYS";
  case EINVAL: return "EINVAL";
  case ENODEV: return "ENODEV";
  case EMFILE: return "EMFILE";
  case EBUSY: return "EBUSY";
  case E2BIG: return "E2BIG";
  case ESRCH: return "ESRCH";
  default: {
    static char buf[24];
    snprintf(buf, sizeof buf, "errno %d", e);
    return buf;
  }
  }
}

static int paranoid_level(void) {
  FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
  int v = INT_MIN;
  if (f != NULL) {
    if (fscanf(f, "%d", &v) != 1) {
      v = INT_MIN;
    }
    fclose(f);
  }
  return v;
}

static int open_cache_misses(pid_t pid) {
  struct perf_event_attr a;
  memset(&a, 0, sizeof a);
  a.type = PERF_TYPE_HARDWARE;
  a.size = sizeof a;
  a.config = PERF_COUNT_HW_CACHE_MISSES;
  a.disabled = 1;
  a.inherit = 1;
  a.exclude_kernel = 1; /* user space only: what perf_event_paranoid 2 allows */
  a.exclude_hv = 1;
  a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  return (int)syscall(SYS_perf_event_open, &a, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

/* why: one clause, no final stop. */
static void counters_why(int e, char *why, size_t n) {
  char par[48];
  int lv = paranoid_level();
  if (lv == INT_MIN) {
    snprintf(par, sizeof par, "kernel.perf_event_paranoid unreadable");
  } else {
    snprintf(par, sizeof par, "kernel.perf_event_paranoid = %d", lv);
  }
  bool pmu = access("/sys/bus/event_source/devices/cpu", F_OK) == 0 ||
             access("/sys/bus/event_source/devices/cpu_core", F_OK) == 0;
  const char *verb = e == EACCES || e == EPERM ? "not permitted" : "not supported";
  snprintf(why, n, "perf_event_open: cache-misses %s on this host (%s%s; %s)", verb,
           errno_name(e), pmu ? "" : ", no CPU PMU under /sys/bus/event_source/devices", par);
}

bool hh_counters_available(char *why, size_t n) {
  int fd = open_cache_misses(0);
  if (fd >= 0) {
    close(fd);
    int lv = paranoid_level();
    snprintf(why, n, "perf_event_open counts cache-misses here (kernel.perf_event_paranoid = %d)",
             lv);
    return true;
  }
  counters_why(errno, why, n);
  return false;
}

/* The co-runners' misses over window_s from counters; false (with the reason in why) when a
 * counter cannot be opened or read. */
static bool sample_counters(hh_proc *const *procs, size_t n, double window_s, double *misses,
                            char *why, size_t whyn) {
  enum { MAXFD = 256 };
  int fds[MAXFD];
  size_t nfd = 0;
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    const hh_proc *p = procs[i];
    int np = atomic_load(&p->sh->npids);
    if (np > HH_MAX_THREADS) {
      np = HH_MAX_THREADS;
    }
    pid_t one = p->pid;
    const pid_t *pids = np > 0 ? p->sh->pids : &one;
    for (int k = 0; k < (np > 0 ? np : 1) && ok; k++) {
      if (nfd == MAXFD) {
        snprintf(why, whyn, "perf_event_open: more than %d processes to count", MAXFD);
        ok = false;
        break;
      }
      int fd = open_cache_misses(pids[k]);
      if (fd < 0) {
        counters_why(errno, why, whyn);
        ok = false;
        break;
      }
      fds[nfd++] = fd;
    }
  }
  if (ok) {
    for (size_t i = 0; i < nfd; i++) {
      ioctl(fds[i], PERF_EVENT_IOC_RESET, 0);
      ioctl(fds[i], PERF_EVENT_IOC_ENABLE, 0);
    }
    sleep_s(window_s);
    double total = 0;
    for (size_t i = 0; i < nfd && ok; i++) {
      ioctl(fds[i], PERF_EVENT_IOC_DISABLE, 0);
      uint64_t v[3];
      if (read(fds[i], v, sizeof v) != (ssize_t)sizeof v) {
        snprintf(why, whyn, "perf_event_open: cannot read a counter (%s)", errno_name(errno));
        ok = false;
        break;
      }
      /* Scaled up when the kernel multiplexed the counter. */
      total += v[2] > 0 ? (double)v[0] * ((double)v[1] / (double)v[2]) : 0;
    }
    *misses = total;
  }
  for (size_t i = 0; i < nfd; i++) {
    close(fds[i]);
  }
  return ok;
}

/* ---- Calibration ---------------------------------------------------------------------- */

/* The probe's time is the median of its jobs' CPU times: CPU time, because the probe runs
 * beside co-runners that may outnumber the cores (time spent waiting for a core is not the
 * memory pressure sought); the median, because a job now and then loses its caches to an
 * unrelated process on a shared host. */
enum { PROBE_JOBS = 5, PROBE_JOBS_MAX = 101 };

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

static bool probe_time(hh_proc *probe, unsigned jobs, double *median, char *err, size_t errn) {
  double each[PROBE_JOBS_MAX];
  if (jobs > PROBE_JOBS_MAX) {
    jobs = PROBE_JOBS_MAX;
  }
  if (!wait_jobs(probe, jobs, 60 + 2.0 * jobs, NULL, NULL, each, err, errn)) {
    return false;
  }
  qsort(each, jobs, sizeof each[0], cmp_double);
  *median = jobs % 2 ? each[jobs / 2] : 0.5 * (each[jobs / 2 - 1] + each[jobs / 2]);
  return true;
}

static bool start_probe(hh_proc **out, char *err, size_t errn) {
  hh_spec sp;
  memset(&sp, 0, sizeof sp);
  sp.kind = HH_KERNEL;
  sp.kernel = hj_kernel_find("probe");
  if (!spawn(&sp, "probe", out, err, errn)) {
    return false;
  }
  /* One job to warm it up (its buffers are made before the first). */
  if (!hh_wait_jobs(*out, 1, 60, NULL, err, errn)) {
    hh_stop(*out);
    *out = NULL;
    return false;
  }
  return true;
}

/* Starts a stressor and waits for one chunk of its work, so that it presses when what it
 * stands beside is measured. */
static bool stress_steady(const char *kind, int level, int threads, hh_proc **out, char *err,
                          size_t errn) {
  if (!hh_stress_start(kind, level, threads, out, err, errn)) {
    return false;
  }
  if (!hh_wait_jobs(*out, (unsigned)threads, 60, NULL, err, errn)) {
    hh_stop(*out);
    *out = NULL;
    return false;
  }
  return true;
}

bool hh_calibrate(int threads, hh_calib *out, char *err, size_t errn) {
  memset(out, 0, sizeof *out);
  out->threads = threads;
  if (hh_stream_peak(threads, err, errn) <= 0) {
    return false;
  }
  hh_proc *probe;
  if (!start_probe(&probe, err, errn)) {
    return false;
  }
  double alone;
  if (!probe_time(probe, PROBE_JOBS, &alone, err, errn)) {
    hh_stop(probe);
    return false;
  }
  out->bw_probe_s[0] = out->llc_probe_s[0] = alone;
  for (int kind = 0; kind < 2; kind++) {
    for (int level = 1; level <= 8; level++) {
      hh_proc *s;
      double t;
      if (!stress_steady(kind == 0 ? "membw" : "llc", level, threads, &s, err, errn)) {
        hh_stop(probe);
        return false;
      }
      bool ok = probe_time(probe, PROBE_JOBS, &t, err, errn);
      double m = hh_stress_measure(s);
      hh_stop(s);
      if (!ok) {
        hh_stop(probe);
        return false;
      }
      if (kind == 0) {
        out->bw_probe_s[level] = t;
        out->bw_bytes_per_s[level] = m;
      } else {
        out->llc_probe_s[level] = t;
        out->llc_bytes[level] = m;
      }
    }
  }
  hh_stop(probe);
  return true;
}

bool hh_calib_save(const hh_calib *c, const char *path, char *err, size_t errn) {
  FILE *f = fopen(path, "w");
  if (f == NULL) {
    snprintf(err, errn, "%s: cannot create: %s", path, strerror(errno));
    return false;
  }
  fprintf(f, "# simtref hetero: the calibrated stressor table (hh_calib)\n"
             "# bw LEVEL PROBE_CPU_S MEMBW_BYTES_PER_S | llc LEVEL PROBE_CPU_S LLC_BYTES\n");
  fprintf(f, "threads %d\n", c->threads);
  for (int k = 0; k <= 8; k++) {
    fprintf(f, "bw %d %.17g %.17g\n", k, c->bw_probe_s[k], c->bw_bytes_per_s[k]);
  }
  for (int k = 0; k <= 8; k++) {
    fprintf(f, "llc %d %.17g %.17g\n", k, c->llc_probe_s[k], c->llc_bytes[k]);
  }
  if (fclose(f) != 0) {
    snprintf(err, errn, "%s: cannot write: %s", path, strerror(errno));
    return false;
  }
  return true;
}

bool hh_calib_load(const char *path, hh_calib *out, char *err, size_t errn) {
  memset(out, 0, sizeof *out);
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    snprintf(err, errn, "%s: cannot open: %s", path, strerror(errno));
    return false;
  }
  char line[512];
  int lineno = 0;
  bool seen_threads = false, seen_bw[9] = {false}, seen_llc[9] = {false};
  while (fgets(line, sizeof line, f) != NULL) {
    lineno++;
    size_t len = strlen(line);
    if (len > 0 && line[len - 1] == '\n') {
      line[--len] = '\0';
    }
    const char *s = line;
    while (*s == ' ' || *s == '\t') {
      s++;
    }
    if (*s == '\0' || *s == '#') {
      continue;
    }
    char kw[16], extra[2];
    int level, threads;
    double a, b;
    if (sscanf(s, "threads %d %1s", &threads, extra) == 1) {
      if (threads < 1 || threads > HH_MAX_THREADS) {
        snprintf(err, errn, "%s:%d: threads %d out of 1..%d", path, lineno, threads,
                 HH_MAX_THREADS);
        fclose(f);
        return false;
      }
      out->threads = threads;
      seen_threads = true;
      continue;
    }
    if (sscanf(s, "%15s %d %lf %lf %1s", kw, &level, &a, &b, extra) != 4 ||
        (strcmp(kw, "bw") != 0 && strcmp(kw, "llc") != 0) || level < 0 || level > 8 ||
        !isfinite(a) || !isfinite(b) || a < 0 || b < 0) {
      snprintf(err, errn, "%s:%d: expected 'threads N', 'bw LEVEL PROBE_S BYTES_PER_S' or "
               "'llc LEVEL PROBE_S BYTES' (LEVEL 0..8, values >= 0), got '%.60s'",
               path, lineno, s);
      fclose(f);
      return false;
    }
    bool bw = strcmp(kw, "bw") == 0;
    bool *seen = bw ? seen_bw : seen_llc;
    if (seen[level]) {
      snprintf(err, errn, "%s:%d: %s level %d given twice", path, lineno, kw, level);
      fclose(f);
      return false;
    }
    seen[level] = true;
    (bw ? out->bw_probe_s : out->llc_probe_s)[level] = a;
    (bw ? out->bw_bytes_per_s : out->llc_bytes)[level] = b;
  }
  fclose(f);
  if (!seen_threads) {
    snprintf(err, errn, "%s:%d: no 'threads N' line", path, lineno);
    return false;
  }
  for (int k = 0; k <= 8; k++) {
    if (!seen_bw[k] || !seen_llc[k]) {
      snprintf(err, errn, "%s:%d: no '%s %d' line", path, lineno, seen_bw[k] ? "llc" : "bw", k);
      return false;
    }
  }
  if (out->bw_probe_s[0] <= 0) {
    snprintf(err, errn, "%s:%d: the probe's time alone (bw 0) must be above 0", path, lineno);
    return false;
  }
  return true;
}

/* ---- System features ------------------------------------------------------------------ */

/* The fallback measures the pressure of everything that runs beside the probe, the
 * co-runners named and anything else on the host alike: it cannot tell them apart. */

/* The fractional membw level whose probe slowdown matches sd, read on the table's running
 * maximum (so noise that makes a level look faster than the one below cannot fold it). */
static double level_of(const hh_calib *cal, double sd) {
  if (sd <= 1.0) {
    return 0;
  }
  double prev = 1.0;
  for (int k = 1; k <= 8; k++) {
    double s = cal->bw_probe_s[k] / cal->bw_probe_s[0];
    if (s < prev) {
      s = prev;
    }
    if (sd <= s) {
      return s > prev ? (k - 1) + (sd - prev) / (s - prev) : k - 1;
    }
    prev = s;
  }
  return 8;
}

bool hh_system_sample(hh_proc *const *procs, size_t n, double window_s, const hh_calib *cal,
                      hh_system *out, char *err, size_t errn) {
  memset(out, 0, sizeof *out);
  out->level = -1;
  if (n == 0) {
    out->level = 0;
    snprintf(out->source, sizeof out->source, "no co-runners: no LLC misses, no DRAM traffic");
    return true;
  }
  for (size_t i = 0; i < n; i++) {
    if (procs[i] == NULL || procs[i]->reaped) {
      snprintf(err, errn, "co-runner %zu is not running", i);
      return false;
    }
  }
  if (window_s <= 0) {
    window_s = 1.0;
  }
  char why[200];
  double misses = 0;
  if (hh_counters_available(why, sizeof why) &&
      sample_counters(procs, n, window_s, &misses, why, sizeof why)) {
    out->from_counters = true;
    out->llc_misses_per_s = misses / window_s;
    out->dram_bytes_per_s = out->llc_misses_per_s * 64;
    snprintf(out->source, sizeof out->source,
             "perf_event_open: cache-misses of %zu co-runner(s) and their children over %.3g s "
             "(DRAM bytes = misses x 64)", n, window_s);
    return true;
  }
  if (cal == NULL || cal->bw_probe_s[0] <= 0) {
    snprintf(err, errn, "%s; and no calibrated stressor table to fall back on", why);
    return false;
  }
  hh_proc *probe;
  if (!start_probe(&probe, err, errn)) {
    return false;
  }
  unsigned jobs = (unsigned)ceil(window_s / cal->bw_probe_s[0]);
  jobs = jobs < 3 ? 3 : jobs > PROBE_JOBS_MAX ? PROBE_JOBS_MAX : jobs;
  double t;
  bool ok = probe_time(probe, jobs, &t, err, errn);
  hh_stop(probe);
  if (!ok) {
    return false;
  }
  double sd = t / cal->bw_probe_s[0];
  double L = level_of(cal, sd);
  int k = (int)L;
  double bytes = k >= 8 ? cal->bw_bytes_per_s[8]
                        : cal->bw_bytes_per_s[k] +
                              (L - k) * (cal->bw_bytes_per_s[k + 1] - cal->bw_bytes_per_s[k]);
  out->level = L;
  out->probe_slowdown = sd;
  out->dram_bytes_per_s = bytes;
  out->llc_misses_per_s = bytes / 64;
  snprintf(out->source, sizeof out->source,
           "%.150s; fallback: the probe at %.3gx its time alone = membw level %.2f of the "
           "calibrated table", why, sd, L);
  return true;
}

/* ---- Bubble-up tables ----------------------------------------------------------------- */

bool hh_bubble_build(const char *name, const char *workdir, int threads, hh_bubble *out,
                     char *err, size_t errn) {
  memset(out, 0, sizeof *out);
  if (hh_find(name) == NULL) {
    snprintf(err, errn, "unknown co-runner '%s' (known: bzip2, perl, xslt, calculix, mcf, lbm)",
             name != NULL ? name : "(null)");
    return false;
  }
  snprintf(out->name, sizeof out->name, "%s", name);
  /* The peak streaming bandwidth is measured before the program runs beside it. */
  if (hh_stream_peak(threads, err, errn) <= 0) {
    return false;
  }
  hh_proc *p;
  if (!hh_start(name, workdir, &p, err, errn)) {
    return false;
  }
  double first;
  if (!hh_wait_jobs(p, 1, 120, &first, err, errn)) {
    hh_stop(p);
    return false;
  }
  /* About a second of jobs per measurement, at least two. */
  unsigned jobs = first > 0 ? (unsigned)ceil(1.0 / first) : 2;
  jobs = jobs < 2 ? 2 : jobs > 10 ? 10 : jobs;
  if (!hh_wait_jobs_cpu(p, jobs, 120, &out->alone_s, &out->alone_cpu_s, err, errn)) {
    hh_stop(p);
    return false;
  }
  out->membw[0] = out->llc[0] = out->membw_cpu[0] = out->llc_cpu[0] = 1.0;
  for (int kind = 0; kind < 2; kind++) {
    for (int level = 1; level <= 8; level++) {
      hh_proc *s;
      if (!stress_steady(kind == 0 ? "membw" : "llc", level, threads, &s, err, errn)) {
        hh_stop(p);
        return false;
      }
      double t, c;
      bool ok = hh_wait_jobs_cpu(p, jobs, 120, &t, &c, err, errn);
      hh_stop(s);
      if (!ok) {
        hh_stop(p);
        return false;
      }
      (kind == 0 ? out->membw : out->llc)[level] = t / out->alone_s;
      (kind == 0 ? out->membw_cpu : out->llc_cpu)[level] = c / out->alone_cpu_s;
    }
  }
  hh_stop(p);
  return true;
}
