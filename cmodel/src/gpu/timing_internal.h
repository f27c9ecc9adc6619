/* The timing machine's parts shared by the run loop (timing.c) and its
 * statistics (timing_stats.c). Not a public interface. */
#ifndef SIMTREF_GPU_TIMING_INTERNAL_H
#define SIMTREF_GPU_TIMING_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/sm.h"
#include "gpu/gpu_internal.h"
#include "gpu/tbsched.h"
#include "gpu/timing.h"
#include "mem/mem.h"
#include "units/registry.h"

/* A clock domain on the picosecond time base. */
typedef struct st_tclock {
  uint64_t period_ps;
  uint64_t next_ps;     /* time of its next edge */
  uint64_t cycles;      /* edges so far */
  uint64_t new_period;  /* non-zero: the period from the next edge on */
} st_tclock;

struct st_tmachine {
  st_mreq_pool pool;
  /* Parallel simulation (sim.threads > 1, common/par.h): the pool, per
   * thread its request pool and log redirect, per SM the requests made in
   * the step (numbered in SM order after it), its status and its error. */
  struct st_par *par;
  st_mreq_redirect *redir;
  uint32_t n_redir;
  struct st_par_sm {
    _Alignas(64) st_mreq_log log; /* a cache line of its own: written by the SM's thread */
    st_status rc;
    bool run; /* its cycle runs in this step (due, and not dozing) */
  } *psm;
  st_error *sm_err;
  /* ...and the memory partitions: their L2 and DRAM edges since the last
   * step, in time order (at most one L2 edge), run with the next step, one
   * item per DRAM channel with its sub-partitions; per channel the requests
   * made (numbered before the SMs') and the replies pushed. */
  uint8_t mem_edge[16];   /* MEM_EDGE_L2 or MEM_EDGE_DRAM */
  uint32_t n_mem_edges;
  bool mem_l2;            /* one of them is an L2 edge */
  struct st_par_ch {
    _Alignas(64) st_mreq_log log;
    uint64_t pushed;
  } *pch;
  struct {              /* which steps go to the threads (par_sm_cycles) */
    uint64_t steps;     /* steps so far */
    uint64_t t0;        /* host ns at the start of the window being timed */
    uint64_t serial_ns; /* the last serial window's time */
    bool threaded;      /* the choice until the next comparison */
    bool always;        /* SIMTREF_PAR_STEPS=all (tests): every step on the threads */
  } tune;
  uint32_t n_sms, n_clusters, n_subparts, n_channels;
  st_sm **sms;
  st_icnt *icnt;
  st_subpart **subparts;
  st_dram **drams;
  st_mreq **staged;   /* per sub-partition: arrived from the icnt, not yet accepted */
  /* The core clock drives the GPU's front end (kernel management, the
   * thread-block scheduler, the statistics' cycles); each SM has a clock of
   * its own (smclk), equal to the core clock unless set otherwise. */
  st_tclock core, icnt_clk, l2, dram;
  st_tclock *smclk;   /* kept only while !uniform */
  bool uniform;       /* every SM clock is the core clock (same period and phase): the SMs
                         run on the core clock and smclk is not kept */
  bool ctl_begin, ctl_end; /* some SM has controllers with begin_cycle / end_cycle hooks */
  bool ctl_any;       /* some SM has SM controllers */
  st_mqueue *inbox;   /* per SM: replies that arrived while its clock had no edge */
  uint8_t *due;       /* per SM: it has an edge at the time being run */
  uint64_t *idle_until; /* sim.check_skips: per SM, the first cycle that would not have been
                           skipped (the cycles before run in full and are checked) */
  st_sm_doze *doze;    /* per SM, its sleep as the loop keeps it (sm.h) */
  uint64_t *par_wake;  /* with threads: per SM, the word its doze's end sets (unread) */
  /* Serial runs with one clock for all SMs and sim.check_skips off: a dozing
   * SM is not visited (its cycles are counted when read, sm.h); the loop
   * visits the SMs whose awake bit is set or whose outgoing queue holds a
   * request. An SM's bit is cleared when the loop finds it dozing and set
   * when its doze ends by an event (st_sm_doze's wake_word) or by time (the
   * earliest until of those cleared is doze_min). */
  bool lazy;
  uint64_t doze_done;  /* lazy: the first SM cycle the loop has not run (st_sm_doze.done) */
  uint64_t doze_min;   /* lazy: no SM without its awake bit wakes by time before it */
  uint64_t *awake;     /* bit per SM, n_words words */
  uint64_t *outq;      /* bit per SM: its outgoing queue held a request after the last push
                          loop */
  uint32_t n_words;
  /* lazy: the SMs whose request the request network refused, while its
   * stamp holds (refused, below): the loop does not offer it again. The
   * stamp of a cluster's input changes only in the network's cycle, and
   * the network marks each input it changed (st_icnt_take_request_drains):
   * a marked cluster's SMs are offered again. */
  uint64_t *blocked;   /* bit per SM */
  uint32_t *cl_blocked; /* per cluster: its SMs whose blocked bit is set */
  uint32_t n_blocked, sms_per_cluster;
  /* Serial runs, per SM (compact, so that a dozing SM's cycle touches none
   * of its own state): */
  uint8_t *ran;        /* it ran a cycle since check_limits last read its counts */
  struct {
    uint64_t warp, thread;
  } *icount;           /* its instruction counts as check_limits last read them */
  uint64_t icount_warp, icount_thread; /* their sums over the SMs */
  uint32_t *ran_list;  /* the SMs whose ran is set, n_ran of them */
  uint32_t n_ran;
  uint32_t *push_list; /* the core edge being run: the SMs the push loop visits, in order */
  uint32_t n_push;
  uint8_t *act_dirty;  /* its active warps may have changed since the last gather (it ran a
                          cycle, took a reply or a block): st_tpower_gather reads them again */
  uint32_t *act_list;  /* the SMs whose act_dirty is set, n_act of them */
  uint32_t n_act;
  const st_tbs_policy *tbs;
  void *tbs_state;
  /* The GPU-level unit instances (roles thread-block scheduler and GPU),
   * one per selected unit, in registry order. */
  struct st_uinst **gunits;
  uint32_t n_gunits;
  struct st_dtbl *dtbl; /* DTBL's AGT host (gpu/dtbl.h), when the GPU has DTBL */
  /* The power model (gpu/timing_power.c; NULL with power.enabled false);
   * per SM, the active warps gathered for it and the bubble controller,
   * and the power model's activity counters. */
  struct st_power *power;
  bool power_traced;  /* --power-trace attached */
  /* The occupancy-bubble controller (unit dvfs; NULL when dvfs.enable is
   * false) and the operating point applied to each SM and the uncore
   * (P-state indices: frequency, voltage). */
  struct st_uinst *dvfs;
  uint8_t *sm_fstate, *sm_vstate;
  uint8_t unc_fstate, unc_vstate;
  unsigned low_pstate;
  uint32_t *active;
  struct st_power_sm_act *pw_act;
  /* Per SM, the address last mapped to a sub-partition and the result: a
   * request the interconnect refused is tried again next cycle, and the
   * mapping (a pure function of the address) need not be redone. */
  struct {
    bool valid;
    uint64_t addr;
    uint32_t subpart;
  } *mapped;
  /* Per SM, the request at the head of its outgoing queue that the request
   * network last refused, with its cluster and the network's stamp of that
   * input then (st_icnt_request_stamp): while the head and the stamp are
   * the same it is refused again, and is not offered (sim.check_skips offers
   * it and requires the refusal). */
  struct {
    const st_mreq *r;
    uint64_t stamp;
    uint32_t cluster;
  } *refused;
  bool fault_stale_push; /* planted fault (SIMTREF_FAULT=stale-push): the stamp never changes */
  bool fault_stale_fit; /* planted fault (SIMTREF_FAULT=stale-fit): tbsched.c's memo ignores
                           the SMs' fit epoch */
  uint64_t fit_epoch;   /* the SMs' shared fit epoch (st_sm_set_fit_epoch) */
  bool fault_par_doze;       /* planted fault (SIMTREF_FAULT=par-uncounted-doze): with threads,
                                a dozing SM's cycle is not counted */
  bool fault_unrebased_doze; /* planted fault (SIMTREF_FAULT=unrebased-doze): idle-cycle
                                skipping leaves the dozes' count where it was, so a dozing SM's
                                skipped cycles are counted twice */
  bool fault_stale_active; /* planted fault (SIMTREF_FAULT=stale-active): an SM's cycle does
                              not mark its active warps for the next gather */
};

typedef struct st_snapshot {
  st_sm_stats sm;          /* summed over SMs */
  uint64_t ctr[ST_UNIT_CTR_MAX]; /* the units' counters, summed over instances */
  st_cache_stats l1i, l1d, l1c, l2;
  st_dram_stats dram;
  st_icnt_stats icnt;
  uint64_t core_cycles, dram_cycles, time_ps;
} st_snapshot;

/* Sets SM sm's clock to hz from its next cycle boundary on. */
void st_tmachine_set_sm_clock(st_tmachine *tm, uint32_t sm, int64_t hz);

/* The counters of the whole machine now. */
void st_timing_snapshot(const st_tmachine *tm, st_snapshot *s);

/* The statistics of the interval from snapshot b to snapshot a. */
void st_timing_fill_stats(const st_config *cfg, const st_snapshot *a, const st_snapshot *b,
                          uint32_t n_sms, double wall, st_statset *out);

/* SM i's active warps may have changed (st_tpower_gather reads them again). */
static inline void st_tm_act_mark(st_tmachine *tm, uint32_t i) {
  if (!tm->act_dirty[i]) {
    tm->act_dirty[i] = 1;
    tm->act_list[tm->n_act++] = i;
  }
}

#endif
