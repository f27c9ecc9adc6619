/* The resolved configuration of a simulated GPU.
 *
 * Every field here is declared once in the option table
 * (cmodel/src/config/options.c), which gives its YAML key, type, unit, bounds,
 * default and help text. The loader, the validator, `simtref config --dump`
 * and docs/config.md are all driven by that table.
 *
 * Units: sizes are in bytes, frequencies in Hz, latencies and intervals in
 * cycles of the clock domain the field names.
 */
#ifndef SIMTREF_CONFIG_H
#define SIMTREF_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "simtref/status.h"

/* Bytes of a file path, its terminating NUL included: PATH_MAX on Linux
 * (the OS refuses longer paths). Buffers that hold a path use this, and a
 * path that does not fit is an error, never cut short. */
#define ST_PATH_MAX 4096

/* Bytes of a string option (gpu.name, cosim.units, cosim.rtl_drives,
 * cosim.trace_dir), its terminating NUL included: any path the OS accepts
 * fits. A longer value is a configuration error (file:line:col) that names
 * this limit. (A fixed array: st_config is copied by value.) */
#define ST_CONFIG_STRING_MAX ST_PATH_MAX

/* sm.warp_scheduler */
typedef enum st_warp_sched_kind {
  ST_WSCHED_LRR = 0, /* loose round robin */
  ST_WSCHED_GTO,     /* greedy then oldest */
  ST_WSCHED_TLS,     /* two-level: an active set served round robin */
  ST_WSCHED_MWF_LRR, /* BAWS most-waiting-first, round robin within a TB */
  ST_WSCHED_MWF_GTO, /* BAWS most-waiting-first, greedy then oldest within a TB */
  ST_WSCHED_GCAWS,   /* CAWA greedy criticality-aware: greedy, then the most critical */
  ST_WSCHED_CAWS_BLK, /* CAWS oracle: the slowest warp of each CTA boosted */
  ST_WSCHED_CAWS_SM,  /* CAWS oracle: the N slowest warps of the SM boosted (N: its CTAs) */
  ST_WSCHED_CAWS_AVG, /* CAWS oracle: critical / normal / fast against the CTA's mean */
  ST_WSCHED_COUNT
} st_warp_sched_kind;

/* sm.fetch_arbiter */
typedef enum st_fetch_arb_kind {
  ST_FETCH_RR = 0, /* round robin over warps with an empty I-buffer */
  ST_FETCH_CFF,    /* BAWS critical-fetch-first: the issue policy's next warp */
  ST_FETCH_COUNT
} st_fetch_arb_kind;

/* dtbl.overflow */
typedef enum st_dtbl_overflow {
  ST_DTBL_OVF_KERNEL = 0, /* launched as a new device kernel (KMU path) */
  ST_DTBL_OVF_GLOBAL      /* its record stays in global memory, loaded at dispatch */
} st_dtbl_overflow;

/* cta_scheduler.policy */
typedef enum st_cta_policy {
  ST_CTA_RR = 0, /* load-balanced round robin up to the occupancy limit */
  ST_CTA_STATIC, /* round robin, at most cta_scheduler.limit CTAs per SM */
  ST_CTA_DYNCTA, /* round robin, at most n CTAs per SM, n set by each SM's DYNCTA unit */
  ST_CTA_LAPERM_TBPRI,    /* LaPerm TB-Pri: dynamic blocks first, by nesting level */
  ST_CTA_LAPERM_SMXBIND,  /* LaPerm SMX-Bind: TB-Pri, children bound to the parent's SM */
  ST_CTA_LAPERM_ADAPTIVE, /* LaPerm Adaptive-Bind: SMX-Bind plus sticky work stealing */
  ST_CTA_POLICY_COUNT
} st_cta_policy;

/* dyncta.initial_n: the CTA limit n at a kernel start (N: the occupancy limit) */
typedef enum st_dyncta_init {
  ST_DYNCTA_INIT_ONE = 0, /* n = 1 */
  ST_DYNCTA_INIT_HALF,    /* n = max(1, floor(N / 2)) */
  ST_DYNCTA_INIT_MAX      /* n = N */
} st_dyncta_init;

/* st_config has the dyncta section (cmodel/src/units/dyncta_config.c). */
#define ST_HAVE_DYNCTA_CONFIG 1

typedef enum st_replacement { ST_REPL_LRU = 0, ST_REPL_FIFO } st_replacement;

/* How a cache handles writes. */
typedef enum st_write_policy {
  ST_WRITE_BACK = 0,       /* dirty lines written when evicted */
  ST_WRITE_THROUGH,        /* every write goes to the next level */
  ST_WRITE_EVICT,          /* a write hit invalidates the line, data goes down */
  ST_WRITE_LOCAL_WB_GLOBAL_WT /* Fermi L1D: local memory write-back, global write-through */
} st_write_policy;

typedef enum st_cache_index { ST_INDEX_LINEAR = 0, ST_INDEX_HASHED } st_cache_index;

typedef enum st_dram_sched { ST_DRAM_FRFCFS = 0, ST_DRAM_FCFS } st_dram_sched;

typedef enum st_sim_mode { ST_MODE_TIMING = 0, ST_MODE_FUNCTIONAL } st_sim_mode;

/* One cache level (L1I, L1D, constant, texture, an L2 slice). */
/* The L1D policy role's unit (l1d.policy). */
typedef enum st_l1d_policy {
  ST_L1D_POLICY_NONE = 0,
  ST_L1D_POLICY_CACP,
  ST_L1D_POLICY_CTRLC,
  ST_L1D_POLICY_PCBYPASS
} st_l1d_policy;
/* CACP's signature address (l1d.cacp.signature, spec §7 B-4). */
typedef enum st_cacp_signature { ST_CACP_SIG_LINE = 0, ST_CACP_SIG_BYTE } st_cacp_signature;

typedef struct st_cache_config {
  bool enabled;       /* false: every access bypasses this level */
  int64_t size;       /* bytes, = sets * ways * line */
  int64_t sets;       /* 0 in a file means "derive from size / (ways * line)" */
  int64_t ways;
  int64_t line;       /* bytes */
  int64_t mshr_entries;
  int64_t mshr_merge; /* requests that one MSHR entry can merge */
  int64_t miss_queue;
  int64_t latency;    /* hit latency, cycles of the owning clock */
  int64_t miss_latency; /* l1d only: core cycles a request leaving the L1D waits */
  bool invalidate_when_empty; /* l1d only: invalidated before an empty SM takes a CTA */
  int policy;                 /* l1d only: st_l1d_policy (the L1D policy role) */
  int64_t cacp_critical_ways; /* l1d only: CACP's critical partition, ways [0, n) */
  int64_t cacp_ccbp_threshold; /* l1d only: CCBP predicts critical above this */
  int cacp_signature;         /* l1d only: st_cacp_signature */
  int64_t ctrlc_pc_bits;      /* l1d only: Ctrl-C has 2^n controllers, indexed by PC[n-1:0] */
  int64_t ctrlc_agg_max;      /* l1d only: Ctrl-C's AGG saturates here */
  int64_t ctrlc_period;       /* l1d only: Ctrl-C's sampling period at AGG 0 (evictions) */
  int64_t ctrlc_thr_high;     /* l1d only: zero-reuse fraction (per mille) above which AGG rises */
  int64_t ctrlc_thr_low;      /* l1d only: ... below which AGG falls */
  int64_t pcb_pc_bits;        /* l1d only: pcbypass has 2^n counters, indexed by PC[n-1:0] */
  int64_t pcb_counter_bits;   /* l1d only: the width of its confidence counters */
  int replacement;    /* st_replacement */
  int write_policy;   /* st_write_policy */
  bool write_allocate;
  bool write_validate; /* a full-line write miss allocates without a fetch */
  int index;          /* st_cache_index */
} st_cache_config;

/* Execution latency and initiation interval of one operation class. */
typedef struct st_op_timing {
  int64_t latency;
  int64_t interval;
} st_op_timing;

typedef struct st_config {
  struct {
    char name[ST_CONFIG_STRING_MAX];
    int64_t num_clusters;
    int64_t sms_per_cluster;
    int64_t core_clock; /* Hz */
    int64_t icnt_clock;
    int64_t l2_clock;
    int64_t dram_clock;
    int64_t max_concurrent_kernels;
    int64_t cta_launch_latency; /* core cycles to initialise a CTA */
  } gpu;
  struct {
    /* The device runtime's launch path (docs/cdp.md; spec §1.1.2, Table 5):
     * per-warp latency A·x + b of each call, x the lanes that call. */
    int64_t param_buffer_b, param_buffer_a; /* cudaGetParameterBuffer */
    int64_t launch_b, launch_a;             /* cudaLaunchDevice */
    int64_t stream_create;                  /* cudaStreamCreateWithFlags, per warp */
    int64_t dispatch_latency;               /* KMU -> kernel distributor */
    int64_t pending_limit;                  /* launches made and not yet started */
    int64_t max_depth;                      /* nesting depth of device launches */
  } cdp;
  struct {
    /* Dynamic thread-block launch (docs/units/dtbl.md; spec §1.2): an
     * aggregated group joins a resident kernel of the same entry, block
     * shape and dynamic shared memory through the aggregated group table. */
    bool enable;              /* the GPU has DTBL's hardware (the AGT unit) */
    int64_t agt_entries;      /* AGT entries (a power of two) */
    int64_t launch_b;         /* cudaLaunchAggGroup: per-warp cost (eligible-KDE search) */
    int64_t launch_a;         /* cudaLaunchAggGroup: cost per group (AGT hash and fill) */
    int overflow;             /* st_dtbl_overflow: a group whose AGT entry is busy */
    int64_t miss_latency;     /* loading a group record from global memory at dispatch */
  } dtbl;
  struct {
    /* The power and energy model (docs/power.md): per-event energies in
     * millionths of a picojoule (pJ x 1e-6: attojoules) at the nominal
     * voltage, powers in millionths of a milliwatt (nW) at the nominal
     * voltage and core clock, all ST_OPT_DEC values. */
    bool enabled;              /* account energy and power in every timing run */
    int64_t sample_cycles;     /* core cycles per power sample (--power-trace rows) */
    char pstates[ST_CONFIG_STRING_MAX]; /* the P-state table, "706MHz/1.0V, ..., 100MHz/0.55V" */
    int64_t e_inst;            /* per warp instruction: fetch, decode, scoreboard, issue */
    int64_t e_sp_lane, e_sfu_lane, e_dp_lane, e_mem_lane; /* per active lane, by unit */
    int64_t e_rf_read, e_rf_write; /* per warp register operand (32 lanes x 32 bits) */
    int64_t e_collector;       /* per operand-collector allocation */
    int64_t e_shared;          /* per shared-memory pass (32 banks) */
    int64_t e_l1i_hit, e_l1i_miss, e_l1d_hit, e_l1d_miss, e_l1c_hit, e_l1c_miss;
    int64_t e_l2_hit, e_l2_miss;
    int64_t e_flit;            /* per interconnect flit, request or reply */
    int64_t e_dram_act, e_dram_rd, e_dram_wr, e_dram_ref; /* per command (burst) */
    int64_t dram_refresh_ns;   /* refresh interval per channel (tREFI) */
    int64_t p_sm_idle;         /* a clocked SM with no work (dynamic, scales V^2 f) */
    int64_t p_sm_leak;         /* an SM's leakage (scales V^2) */
    int64_t p_uncore_idle;     /* L2, interconnect, memory controllers clocked (V^2 f) */
    int64_t p_uncore_leak;     /* their leakage (V^2) */
    int64_t p_const;           /* the rest of the board: constant */
    /* Parsed from pstates by the validator (not options): */
    int n_pstates;
    int64_t ps_hz[16];         /* frequency of P-state i (i = 0: the core clock) */
    int64_t ps_uv[16];         /* its voltage, in microvolts */
  } power;
  struct {
    /* The occupancy-bubble controller (docs/units/dvfs.md; spec §1.4). */
    bool enable;               /* the controller (unit dvfs) runs */
    int64_t threshold;         /* T, millionths (ST_OPT_DEC) */
    int64_t sample_cycles;     /* the controller's sample, core cycles */
    int64_t drain_samples;     /* W */
    int64_t transition_cycles; /* P */
    bool drain;                /* false: "DVFS without draining" */
    bool gpu_level;            /* the whole GPU to the lowest P-state while every SM idles */
    int64_t low_pstate;        /* the P-state a diverted SM goes to (-1: the lowest) */
  } dvfs;
  struct {
    /* The host link, for HeteroPDP's GPU time (docs/units/heteropdp.md). */
    int64_t bandwidth_mbps;    /* copy bandwidth, MB/s (10^6 bytes) */
    int64_t latency_ns;        /* per copy */
  } pcie;
  struct {
    int64_t levels;           /* LaPerm: the highest priority level L */
    int64_t queue_entries;    /* on-chip queue entries per SM (the rest in global memory) */
    int64_t refill_latency;   /* an entry's load from the global-memory overflow */
  } laperm;
  struct {
    int64_t warp_size;
    int64_t simd_width;
    int64_t max_threads;
    int64_t max_ctas;
    int64_t registers;
    int64_t register_granularity;
    int64_t shared_mem;
    int64_t shared_granularity;
    int64_t shared_banks;
    int64_t shared_latency;
    int64_t result_latency;  /* added to every arithmetic result's latency */
    int64_t out_queue;       /* requests staged for the interconnect (0: unbounded) */
    int64_t num_schedulers;
    int warp_scheduler; /* st_warp_sched_kind */
    int64_t tls_active_warps;
    int fetch_arbiter; /* st_fetch_arb_kind */
    bool mwf_count_exited;       /* BAWS WPT: an exited warp counts as waiting */
    bool alu_wait_active;        /* a warp waiting on an arithmetic result makes the cycle active */
    bool cff_skip_barrier_warps; /* CFF never fetches for a warp waiting at a barrier */
    char caws_profile[ST_CONFIG_STRING_MAX]; /* the CAWS oracle: a criticality profile file */
    struct {                     /* CAWS priority-counter reset values (docs/units/wsched_caws.md) */
      int64_t reset_critical;
      int64_t reset_normal;
      int64_t reset_fast;
    } caws;
    int64_t ibuffer_size;
    int64_t fetch_width;
    int64_t issue_per_scheduler;
    int64_t num_sp_units;
    int64_t num_sfu_units;
    int64_t num_dp_units;
    int64_t num_ldst_units;
    int64_t reg_banks;
    int64_t oc_sp;
    int64_t oc_sfu;
    int64_t oc_mem;
    int64_t writeback_ports;
    struct {
      st_op_timing int_add, int_max, int_mul, int_mad, int_div;
      st_op_timing fp_add, fp_max, fp_mul, fp_mad, fp_div;
      st_op_timing dp_add, dp_max, dp_mul, dp_mad, dp_div;
      st_op_timing sfu;
    } op;
  } sm;
  st_cache_config l1i;
  st_cache_config l1d;
  st_cache_config l1c;
  st_cache_config l1t;
  st_cache_config l2; /* one slice per memory sub-partition */
  struct {
    int64_t flit_size;
    int64_t vcs;
    int64_t vc_buffer;
    int64_t input_speedup;
    int64_t latency; /* icnt cycles, router plus channel */
    int64_t concentration;
  } icnt;
  struct {
    int64_t channels;
    int64_t subpartitions;     /* per channel; each holds an L2 slice */
    int64_t chips_per_channel;
    int64_t bus_width;         /* bytes per chip */
    int64_t burst_length;
    int64_t data_rate;         /* data transfers per DRAM command clock */
    int64_t banks;
    int64_t bank_groups;
    int64_t page_size;         /* bytes per row per channel */
    int scheduler;             /* st_dram_sched */
    int64_t queue_size;
    int64_t return_queue;
    int64_t latency;           /* fixed extra latency, core cycles */
    int64_t rop_latency;       /* fixed L2 latency, core cycles */
    int64_t tCCD, tCCDL, tRRD, tRCD, tRAS, tRP, tRC, tCL, tWL, tWTR, tWR, tRTPL;
    int64_t partition_interleave; /* bytes mapped to one channel before the next */
  } dram;
  struct {
    int policy; /* st_cta_policy */
    int64_t limit;
  } cta_scheduler;
  struct {                        /* DYNCTA controller, one per SM (docs/units/dyncta.md) */
    int64_t sample_period;        /* core cycles per decision window */
    int64_t t_idle;               /* C_idle >= t_idle: raise n */
    int64_t t_mem_l;              /* C_mem < t_mem_l: raise n */
    int64_t t_mem_h;              /* C_mem >= t_mem_h: lower n */
    int64_t counter_bits;         /* width of C_idle and C_mem (saturating) */
    int initial_n;                /* st_dyncta_init */
    bool freeze_when_drained;     /* hold n once the kernel has no unissued CTA */
    bool anti_starvation;         /* boost a paused CTA's warp after 4096 starved cycles */
    bool strict_classification;   /* C_mem only when every warp waits on memory */
  } dyncta;
  struct {                        /* CAWA's criticality prediction, one per SM (docs/units/cpl.md) */
    bool enable;                  /* run CPL under any policy (gcaws and cacp select it anyway) */
    int64_t ninst_bits;           /* width of nInst */
    int64_t crit_bits;            /* width of nStall, committed and the criticality */
    int64_t sample_period;        /* cycles between samples of the accuracy statistic */
  } cpl;
  struct {
    int mode; /* st_sim_mode */
    int64_t max_cycles;
    int64_t max_insts;
    bool skip_idle;
    bool check_skips; /* debug: evaluate what the shortcuts skip and compare */
    int64_t deadlock_cycles;
    int64_t seed;
    int64_t threads; /* host threads stepping the SMs of a timing run (never changes a result) */
  } sim;
  struct {
    char units[ST_CONFIG_STRING_MAX];      /* co-simulated units, comma-separated ("" = none) */
    char rtl_drives[ST_CONFIG_STRING_MAX]; /* units whose RTL outputs drive the model */
    int64_t window;                      /* cycles of waveform before a mismatch */
    char trace_dir[ST_CONFIG_STRING_MAX];  /* where mismatch reports and waveforms go */
  } cosim;
} st_config;

/* Fills cfg with every option's default (the GTX480 baseline). */
void st_config_defaults(st_config *cfg);

/* Loads a YAML configuration file over the defaults, applies the overrides
 * ("key=value" strings, in order), and validates the result. On failure
 * returns ST_ERR_CONFIG (or ST_ERR_IO) and writes a "file:line:col: error: ..."
 * message to errbuf. path may be NULL to start from the defaults only. */
st_status st_config_load(st_config *cfg, const char *path, const char *const *overrides,
                         size_t n_overrides, char *errbuf, size_t errbuf_size);

/* Resolves a config name to a file: an existing path is used as given,
 * otherwise NAME or NAME.yaml in the configs directory ($SIMTREF_CONFIG_DIR,
 * else the source tree's configs/). Returns false if nothing matches, or if
 * the path does not fit in out_size bytes (ST_PATH_MAX always suffices). */
bool st_config_find(const char *name, char *out, size_t out_size);

/* The directory named configs are looked up in. */
const char *st_config_dir(void);

/* Writes the resolved configuration as YAML (every option, grouped by
 * section) to a newly allocated string; the caller frees it. NULL on
 * allocation failure. */
char *st_config_dump(const st_config *cfg);

/* The 64-bit fingerprint of the resolved configuration (FNV-1a over the dump
 * text, without the debugging aids that cannot change a result, such as
 * sim.check_skips). Equal configurations give equal hashes. */
uint64_t st_config_hash(const st_config *cfg);

/* Writes the Markdown reference of every option (docs/config.md) to a newly
 * allocated string; the caller frees it. */
char *st_config_doc_markdown(void);

/* Total SMs = num_clusters * sms_per_cluster. */
static inline int64_t st_config_num_sms(const st_config *cfg) {
  return cfg->gpu.num_clusters * cfg->gpu.sms_per_cluster;
}

/* Number of enum names for an enum-valued key ("sm.warp_scheduler"), and the
 * name at index i; used by `simtref list`. Returns 0 / NULL for other keys. */
size_t st_config_enum_count(const char *key);
const char *st_config_enum_name(const char *key, size_t i);

#endif
