/* HeteroPDP's host side (spec cawa-ctrlc-heteropdp.md §1.5, §3.3, §5.4, §7 E):
 * real co-running programs standing in for the dissertation's six SPEC CPU2006
 * programs, Bubble-up stressors (DRAM bandwidth, LLC capacity), the system
 * features of the co-located models (LLC misses/s, DRAM bytes/s) from
 * perf_event_open or, where the kernel does not count them, from a calibrated
 * stressor table, and per-program Bubble-up tables.
 *
 * Every co-runner and stressor is a forked child process that leads its own
 * process group (exec'd programs and stressor workers are its children, in
 * the group); it reports each completed job to the parent over a pipe and
 * dies with the parent (PR_SET_PDEATHSIG). Not thread-safe: call from one
 * thread (the one that outlives the children: the death signal follows the
 * thread that forked). docs/units/heteropdp-host.md. */
#ifndef SIMTREF_TOOL_HETERO_HOST_H
#define SIMTREF_TOOL_HETERO_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* A co-running program: the stand-ins for the dissertation's six SPEC CPU2006 programs. */
typedef struct hh_program {
  const char *name;       /* "bzip2", "perl", "xslt", "calculix", "mcf", "lbm" */
  char type;              /* 'C' compute-bound or 'M' memory-bound */
  const char *stands_for; /* the SPEC CPU2006 program it stands in for: "401.bzip2" ... */
  const char *package;    /* the Debian package whose program it runs, or NULL when written here */
  const char *what;       /* one line: what its job does */
} hh_program;
size_t hh_programs(const hh_program **list); /* all of them, in a fixed order */
const hh_program *hh_find(const char *name); /* NULL when unknown */

typedef struct hh_proc hh_proc; /* a running co-runner or stressor: a child process (group) */

/* Starts program name: its job (a fixed amount of work, about 0.2-0.6 s alone on the
 * development host) repeated back to back in a child process until stopped. Its inputs are
 * generated deterministically under workdir (created if missing; reused when already
 * there). false with the reason in err (unknown name, program not installed: names the
 * Debian package). */
bool hh_start(const char *name, const char *workdir, hh_proc **out, char *err, size_t errn);

/* Bubble-up stressors: kind "membw" (streams over a buffer far larger than the LLC, duty-
 * cycled so that level k of 8 moves about k/8 of the host's peak streaming bandwidth with
 * `threads` workers; level 8 streams flat out) or "llc" (random reads and writes over a
 * working set of k/8 of the LLC size, split over `threads` workers, continuously).
 * level 1..8, threads 1..HH_MAX_THREADS. Runs until stopped. The workers are processes of
 * the stressor's group, not threads. */
#define HH_MAX_THREADS 16
bool hh_stress_start(const char *kind, int level, int threads, hh_proc **out, char *err,
                     size_t errn);

/* Waits until n jobs have completed that started after this call; *mean_s: their mean
 * duration. For a stressor a "job" is a fixed chunk of its work (membw: 256 MiB moved by
 * one worker; llc: 2^22 random read-modify-writes by one worker), so a stressor's own
 * progress can be measured the same way. false on timeout_s or if the child died (its
 * reason in err). */
bool hh_wait_jobs(hh_proc *p, unsigned n, double timeout_s, double *mean_s, char *err,
                  size_t errn);
/* The same, with the jobs' mean CPU time too (*mean_cpu_s: user + system time of the
 * process doing the job, so time spent waiting for a core on a busy host is left out,
 * while time stalled on memory is in). Either pointer may be NULL. */
bool hh_wait_jobs_cpu(hh_proc *p, unsigned n, double timeout_s, double *mean_s,
                      double *mean_cpu_s, char *err, size_t errn);
pid_t hh_pid(const hh_proc *p);
/* membw: the bytes/s it moved over its life so far (from when its buffers were ready);
 * llc: its working-set bytes. 0 for a program. */
double hh_stress_measure(const hh_proc *p);
void hh_stop(hh_proc *p); /* kills the child's process group, reaps it, frees; NULL is fine */

/* The host's peak streaming bandwidth (bytes/s, read + write) with `threads` workers: an
 * unthrottled membw stressor timed once per process and remembered (about 0.5 s). Call it
 * before starting co-runners when it has not been measured yet (hh_stress_start measures
 * it on first use of a thread count, beside whatever then runs). 0 with err on failure. */
double hh_stream_peak(int threads, char *err, size_t errn);

/* The LLC size the llc stressor divides into levels: sysconf(_SC_LEVEL3_CACHE_SIZE) or
 * /sys/devices/system/cpu/cpu0/cache/index3/size, capped at HH_LLC_CAP (see hetero_host.c);
 * 8 MiB (the dissertation's i7-3770) when neither tells. *reported (may be NULL): what the
 * system said, 0 when nothing. */
#define HH_LLC_CAP (64u << 20)
size_t hh_llc_bytes(size_t *reported);

/* The system features HeteroPDP's co-located models use, for the running co-runners. */
typedef struct hh_system {
  double llc_misses_per_s; /* last-level-cache misses per second of the co-runners */
  double dram_bytes_per_s; /* host DRAM bandwidth they use */
  bool from_counters;      /* true: perf_event_open; false: the calibrated stressor table */
  char source[256];        /* one sentence: which, and why (e.g. "perf_event_open: cache-misses
                              not supported on this host (ENOENT); fallback: ...") */
  double level;            /* fallback: the equivalent membw level (0..8) found; else -1 */
  double probe_slowdown;   /* fallback: the probe's CPU-time slowdown beside them; else 0 */
} hh_system;

/* The calibrated stressor table (the fallback when counters cannot be read): a probe job's
 * time (the median CPU time of 5 jobs) alone and beside the membw stressor at each level
 * (0 = alone; the stressor using `threads` workers, the probe one process), with the
 * stressor's measured bytes/s at each level; likewise beside the llc stressor (its
 * working-set bytes). Built once per host (a few seconds), saved to / loaded from a small
 * text file. */
typedef struct hh_calib {
  double bw_probe_s[9], bw_bytes_per_s[9];
  double llc_probe_s[9], llc_bytes[9];
  int threads;
} hh_calib;
bool hh_calibrate(int threads, hh_calib *out, char *err, size_t errn);
bool hh_calib_save(const hh_calib *c, const char *path, char *err, size_t errn);
bool hh_calib_load(const char *path, hh_calib *out, char *err, size_t errn); /* errors: file:line */

/* Reads the co-runners' LLC misses and DRAM bandwidth over window_s: with perf_event_open
 * (PERF_COUNT_HW_CACHE_MISSES on every process of each group, inherited by their children;
 * DRAM bytes = misses x 64) where the kernel allows it, else from cal: run the probe beside
 * them, find the equivalent membw level by interpolating the probe's slowdown in the table,
 * and take that level's bytes/s (LLC misses/s = bytes/s / 64). n == 0 gives zeros. The
 * reason for the fallback always goes into out->source (never silent). false when neither
 * way works (no counters and cal NULL, the probe failed). */
bool hh_system_sample(hh_proc *const *procs, size_t n, double window_s, const hh_calib *cal,
                      hh_system *out, char *err, size_t errn);
/* Whether perf_event_open can count cache misses here; why not in why. */
bool hh_counters_available(char *why, size_t n);

/* A Bubble-up table: program name's slowdown (mean job time beside the stressor / alone)
 * beside each stressor kind at levels 0..8 (level 0 = 1.0), the stressors using `threads`
 * threads. A few seconds per level at most. The same from the jobs' CPU times too, which a
 * busy host's other processes (time spent waiting for a core) do not inflate. */
typedef struct hh_bubble {
  char name[32];
  double alone_s;                  /* mean job wall time alone */
  double membw[9], llc[9];         /* wall-time slowdowns */
  double alone_cpu_s;              /* mean job CPU time alone */
  double membw_cpu[9], llc_cpu[9]; /* CPU-time slowdowns */
} hh_bubble;
bool hh_bubble_build(const char *name, const char *workdir, int threads, hh_bubble *out,
                     char *err, size_t errn);

#endif
