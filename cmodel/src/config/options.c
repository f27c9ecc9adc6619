/* The option table. Each row declares one configuration key: its type,
 * bounds, default and help. Defaults are the GTX480 baseline shared by the
 * BAWS, CAWA and Ctrl-C documents (configs/gtx480.yaml repeats them, with the
 * source of each value). Keys of one section must stay contiguous, because
 * the dump nests them in table order. */
#include "config/options.h"

#include <string.h>

#define F(field) offsetof(st_config, field)
#define K1 INT64_C(1024)
#define M1 (K1 * K1)
#define G1 (M1 * K1)
#define MHZ INT64_C(1000000)

static const char *const warp_sched_names[] = {"lrr",     "gto",     "tls", "mwf_lrr",
                                               "mwf_gto", "gcaws",   "caws_blk", "caws_sm",
                                               "caws_avg", NULL};
static const char *const fetch_arb_names[] = {"rr", "cff", NULL};
static const char *const cta_policy_names[] = {"rr",          "static",          "dyncta",
                                                "laperm_tbpri", "laperm_smxbind", "laperm_adaptive",
                                                NULL};
static const char *const dtbl_overflow_names[] = {"kernel", "global", NULL};
static const char *const dyncta_init_names[] = {"one", "half", "max", NULL};
static const char *const repl_names[] = {"lru", "fifo", NULL};
static const char *const write_names[] = {"write_back", "write_through", "write_evict",
                                          "local_wb_global_wt", NULL};
static const char *const index_names[] = {"linear", "hashed", NULL};
static const char *const l1d_policy_names[] = {"none", "cacp", "ctrlc", "pcbypass", NULL};
static const char *const cacp_sig_names[] = {"line", "byte", NULL};
static const char *const dram_sched_names[] = {"frfcfs", "fcfs", NULL};
static const char *const mode_names[] = {"timing", "functional", NULL};

#define OPT_INT(key, field, lo, hi, def, unit, help) \
  {key, ST_OPT_INT, F(field), lo, hi, def, NULL, unit, help, false}
#define OPT_SIZE(key, field, lo, hi, def, help) \
  {key, ST_OPT_SIZE, F(field), lo, hi, def, NULL, "bytes", help, false}
#define OPT_FREQ(key, field, def, help) \
  {key, ST_OPT_FREQ, F(field), 1000, 100000 * MHZ, def, NULL, "Hz", help, false}
#define OPT_BOOL(key, field, def, help) \
  {key, ST_OPT_BOOL, F(field), 0, 1, def, NULL, "", help, false}
/* A debugging aid: its value never changes a result (not in the hash). */
#define OPT_DEBUG_BOOL(key, field, def, help) \
  {key, ST_OPT_BOOL, F(field), 0, 1, def, NULL, "", help, true}
/* A host setting: its value never changes a result (not in the hash). */
#define OPT_HOST_INT(key, field, lo, hi, def, unit, help) \
  {key, ST_OPT_INT, F(field), lo, hi, def, NULL, unit, help, true}
/* A decimal number held in millionths; lo and hi in millionths too. */
#define OPT_DEC(key, field, lo, hi, def, unit, help) \
  {key, ST_OPT_DEC, F(field), lo, hi, def, NULL, unit, help, false}
#define OPT_ENUM(key, field, names, def, help) \
  {key, ST_OPT_ENUM, F(field), 0, 0, def, names, "", help, false}
#define OPT_STR(key, field, def, help) \
  {key, ST_OPT_STRING, F(field), 0, 0, def, NULL, "", help, false}

/* The keys every cache level has. */
#define CACHE_BASE(sec, d_en, d_size, d_sets, d_ways, d_line, d_mshr, d_merge, d_mq, d_lat,     \
                   lat_unit)                                                                   \
  OPT_BOOL(#sec ".enabled", sec.enabled, d_en, "false: every access bypasses this cache"),     \
  OPT_SIZE(#sec ".size", sec.size, 64, 64 * M1, d_size,                                        \
           "capacity; must equal sets x ways x line"),                                         \
  OPT_INT(#sec ".sets", sec.sets, 0, 1 << 20, d_sets, "",                                      \
          "number of sets, a power of two; 0 derives it from size / (ways x line)"),           \
  OPT_INT(#sec ".ways", sec.ways, 1, 256, d_ways, "", "associativity"),                       \
  OPT_SIZE(#sec ".line", sec.line, 16, 4096, d_line, "line size, a power of two"),            \
  OPT_INT(#sec ".mshr_entries", sec.mshr_entries, 1, 4096, d_mshr, "",                         \
          "miss status holding registers (outstanding missed lines)"),                          \
  OPT_INT(#sec ".mshr_merge", sec.mshr_merge, 1, 1024, d_merge, "",                            \
          "requests one MSHR entry can hold (merged misses to the same line)"),                 \
  OPT_INT(#sec ".miss_queue", sec.miss_queue, 1, 4096, d_mq, "",                               \
          "entries in the queue of misses waiting to go to the next level"),                    \
  OPT_INT(#sec ".latency", sec.latency, 0, 100000, d_lat, lat_unit, "hit latency"),           \
  OPT_ENUM(#sec ".replacement", sec.replacement, repl_names, "lru", "replacement policy")

/* The keys of caches that take writes. */
#define CACHE_WRITE(sec, d_wp, d_wa, d_idx)                                                   \
  OPT_ENUM(#sec ".write_policy", sec.write_policy, write_names, d_wp, "write policy"),    \
  OPT_BOOL(#sec ".write_allocate", sec.write_allocate, d_wa,                              \
           "a write miss allocates a line (fetch on write)"),                           \
  OPT_BOOL(#sec ".write_validate", sec.write_validate, "false",                           \
           "with write_allocate and write-back: a write miss that covers the whole line " \
           "allocates it valid and dirty without fetching it (partial writes still "      \
           "fetch)"),                                                                      \
  OPT_ENUM(#sec ".index", sec.index, index_names, d_idx,                                  \
           "set index function: linear bits, or an XOR hash of the upper address bits")

#define OP_TIMING(nm, d_lat, d_ii, what)                                                   \
  OPT_INT("sm.op." #nm ".latency", sm.op.nm.latency, 1, 10000, d_lat, "cycles",            \
          "latency of " what),                                                           \
  OPT_INT("sm.op." #nm ".interval", sm.op.nm.interval, 1, 10000, d_ii, "cycles",           \
          "initiation interval of " what)

const st_option st_options[] = {
    /* gpu */
    OPT_STR("gpu.name", gpu.name, "gtx480", "a name for this configuration, echoed in outputs"),
    OPT_INT("gpu.num_clusters", gpu.num_clusters, 1, 1024, "15", "",
            "SIMT core clusters (each shares one interconnect port)"),
    OPT_INT("gpu.sms_per_cluster", gpu.sms_per_cluster, 1, 64, "1", "", "SMs in each cluster"),
    OPT_FREQ("gpu.core_clock", gpu.core_clock, "700MHz", "SM (core) clock"),
    OPT_FREQ("gpu.icnt_clock", gpu.icnt_clock, "700MHz", "interconnect clock"),
    OPT_FREQ("gpu.l2_clock", gpu.l2_clock, "700MHz", "L2 cache clock"),
    OPT_FREQ("gpu.dram_clock", gpu.dram_clock, "924MHz", "DRAM command clock"),
    OPT_INT("gpu.max_concurrent_kernels", gpu.max_concurrent_kernels, 1, 1024, "8", "",
            "kernels that may be resident on the GPU at once"),
    OPT_INT("gpu.cta_launch_latency", gpu.cta_launch_latency, 0, 100000, "0", "cycles",
            "core cycles to initialise a CTA on an SM before its warps may fetch"),

    /* cdp: the device runtime's launch path */
    OPT_INT("cdp.param_buffer_b", cdp.param_buffer_b, 0, 10000000, "8023", "cycles",
            "cudaGetParameterBuffer: per-warp cost b of its A*x + b latency"),
    OPT_INT("cdp.param_buffer_a", cdp.param_buffer_a, 0, 1000000, "129", "cycles",
            "cudaGetParameterBuffer: cost A per calling thread of its A*x + b latency"),
    OPT_INT("cdp.launch_b", cdp.launch_b, 0, 10000000, "12187", "cycles",
            "cudaLaunchDevice: per-warp cost b of its A*x + b latency"),
    OPT_INT("cdp.launch_a", cdp.launch_a, 0, 1000000, "1592", "cycles",
            "cudaLaunchDevice: cost A per calling thread of its A*x + b latency"),
    OPT_INT("cdp.stream_create", cdp.stream_create, 0, 10000000, "7165", "cycles",
            "cudaStreamCreateWithFlags: latency per warp"),
    OPT_INT("cdp.dispatch_latency", cdp.dispatch_latency, 0, 10000000, "283", "cycles",
            "a device-launched kernel from the pending pool (KMU) to the kernel distributor"),
    OPT_INT("cdp.pending_limit", cdp.pending_limit, 1, 16777216, "2048", "launches",
            "device launches made and not yet started; beyond it cudaGetParameterBuffer "
            "returns NULL and the run reports cudaErrorLaunchPendingCountExceeded"),
    OPT_INT("cdp.max_depth", cdp.max_depth, 1, 24, "24", "levels",
            "nesting depth of device launches (a host launch is depth 0); deeper is "
            "cudaErrorLaunchMaxDepthExceeded"),

    /* dtbl: dynamic thread-block launch (docs/units/dtbl.md, spec §1.2) */
    OPT_BOOL("dtbl.enable", dtbl.enable, "false",
             "the GPU has dynamic thread-block launch (the aggregated group table, unit agt); "
             "without it a cudaLaunchAggGroup call is an error"),
    OPT_INT("dtbl.agt_entries", dtbl.agt_entries, 16, 2048, "1024", "entries",
            "aggregated group table entries (a power of two), indexed by the launching "
            "thread's hardware thread id modulo the size"),
    OPT_INT("dtbl.launch_b", dtbl.launch_b, 0, 10000000, "32", "cycles",
            "cudaLaunchAggGroup: per-warp cost b of its A*x + b latency (the eligible-kernel "
            "search, one cycle per kernel distributor entry)"),
    OPT_INT("dtbl.launch_a", dtbl.launch_a, 0, 1000000, "1", "cycles",
            "cudaLaunchAggGroup: cost A per calling thread (the AGT hash and fill)"),
    OPT_ENUM("dtbl.overflow", dtbl.overflow, dtbl_overflow_names, "kernel",
             "a group whose AGT entry is busy: kernel launches it as a new device kernel, "
             "global keeps its record in global memory and loads it when it is dispatched"),
    OPT_INT("dtbl.miss_latency", dtbl.miss_latency, 0, 100000, "300", "cycles",
            "dtbl.overflow global: core cycles to load a group record from global memory "
            "before its first block is dispatched"),

    /* sm */
    OPT_INT("sm.warp_size", sm.warp_size, 32, 32, "32", "threads", "threads per warp"),
    OPT_INT("sm.simd_width", sm.simd_width, 1, 32, "32", "lanes",
            "execution lanes; a warp instruction occupies a pipeline for warp_size / simd_width cycles"),
    OPT_INT("sm.max_threads", sm.max_threads, 32, 2048, "1536", "threads",
            "resident threads per SM (a multiple of warp_size; at most 64 warps)"),
    OPT_INT("sm.max_ctas", sm.max_ctas, 1, 64, "8", "", "resident CTAs (thread blocks) per SM"),
    OPT_INT("sm.registers", sm.registers, 1024, 1 << 20, "32768", "registers",
            "32-bit registers per SM"),
    OPT_INT("sm.register_granularity", sm.register_granularity, 1, 256, "4", "registers",
            "registers per thread are rounded up to a multiple of this for occupancy"),
    OPT_SIZE("sm.shared_mem", sm.shared_mem, 0, 1 * M1, "48KiB", "shared memory per SM"),
    OPT_SIZE("sm.shared_granularity", sm.shared_granularity, 1, 64 * K1, "1",
             "shared memory per CTA is rounded up to a multiple of this for occupancy"),
    OPT_INT("sm.shared_banks", sm.shared_banks, 1, 64, "32", "", "shared memory banks (4 bytes wide)"),
    OPT_INT("sm.shared_latency", sm.shared_latency, 1, 10000, "24", "cycles",
            "shared memory access latency without bank conflicts"),
    OPT_INT("sm.out_queue", sm.out_queue, 0, 4096, "0", "requests",
            "requests an SM holds for the interconnect beyond its caches' miss queues (and the "
            "l1d.miss_latency pipeline); when full, misses stay in the miss queues, which then "
            "refuse new ones, so stores stall when the network backs up. 0: unbounded"),
    OPT_INT("sm.result_latency", sm.result_latency, 0, 1000, "0", "cycles",
            "added to the latency of every arithmetic instruction that writes a register (the "
            "write-back and operand-collector stages a dependent instruction waits for beyond "
            "the execution latencies of sm.op.*)"),
    OPT_INT("sm.num_schedulers", sm.num_schedulers, 1, 16, "2", "",
            "warp schedulers per SM; warp i belongs to scheduler i mod num_schedulers"),
    OPT_ENUM("sm.warp_scheduler", sm.warp_scheduler, warp_sched_names, "lrr",
             "issue policy of every warp scheduler: lrr, gto, tls, or BAWS most-waiting-first "
             "(mwf_lrr, mwf_gto: TBs with more warps at a barrier first, lrr or gto inside a "
             "TB; docs/units/wsched_mwf.md), or CAWA's gcaws (greedy, then the most critical "
             "warp by CPL; docs/units/wsched_gcaws.md), or the CAWS oracle schedulers "
             "caws_blk, caws_sm, caws_avg (priority counters, boosted warps from the "
             "criticality profile sm.caws_profile; docs/units/wsched_caws.md)"),
    OPT_INT("sm.tls_active_warps", sm.tls_active_warps, 1, 1024, "6", "warps",
            "two-level scheduler: active warps per scheduler"),
    OPT_ENUM("sm.fetch_arbiter", sm.fetch_arbiter, fetch_arb_names, "rr",
             "which warp the I-cache fetches for: rr (round robin), or cff (BAWS "
             "critical-fetch-first: the warp the issue policy wants next; docs/units/fetch_cff.md)"),
    OPT_BOOL("sm.alu_wait_active", sm.alu_wait_active, "true",
             "cycle classification (RACT, DYNCTA's C_idle): a cycle in which no warp is ready "
             "but one waits on an arithmetic result in flight counts as active, not idle "
             "(docs/timing.md)"),
    OPT_BOOL("sm.mwf_count_exited", sm.mwf_count_exited, "false",
             "BAWS warp priority table: an exited warp counts like one waiting at a barrier "
             "(spec/baws.md §7 A1)"),
    OPT_STR("sm.caws_profile", sm.caws_profile, "",
            "caws_blk, caws_sm, caws_avg: the criticality profile (simtref run W "
            "--profile-criticality FILE of an earlier run of the same workload, size and "
            "launches) whose per-warp execution times decide which warps are boosted "
            "(docs/latency-study.md); required by those policies"),
    OPT_INT("sm.caws.reset_critical", sm.caws.reset_critical, 0, 63, "40", "",
            "CAWS: a critical warp's 6-bit priority counter after it issues ([diss] spec "
            "§1.2.2: 40 = 48 / 1.2)"),
    OPT_INT("sm.caws.reset_normal", sm.caws.reset_normal, 0, 63, "48", "",
            "CAWS: a normal warp's priority counter after it issues ([diss] 48)"),
    OPT_INT("sm.caws.reset_fast", sm.caws.reset_fast, 0, 63, "60", "",
            "CAWS (caws_avg): a fast warp's priority counter after it issues ([suggest] spec "
            "§7 C-4: 60 = 48 / 0.8)"),
    OPT_BOOL("sm.cff_skip_barrier_warps", sm.cff_skip_barrier_warps, "true",
             "cff: never fetch for a warp waiting at a barrier (spec/baws.md §7 A8)"),
    OPT_INT("sm.ibuffer_size", sm.ibuffer_size, 1, 16, "2", "instructions",
            "I-buffer entries per warp"),
    OPT_INT("sm.fetch_width", sm.fetch_width, 1, 16, "2", "instructions",
            "instructions one fetch brings into an I-buffer"),
    OPT_INT("sm.issue_per_scheduler", sm.issue_per_scheduler, 1, 4, "1", "instructions",
            "instructions one scheduler may issue per cycle (from one warp)"),
    OPT_INT("sm.num_sp_units", sm.num_sp_units, 1, 16, "2", "", "SP (integer and fp32) pipelines"),
    OPT_INT("sm.num_sfu_units", sm.num_sfu_units, 1, 16, "1", "", "special-function pipelines"),
    OPT_INT("sm.num_dp_units", sm.num_dp_units, 0, 16, "0", "",
            "fp64 pipelines; 0 runs fp64 on the SP pipelines"),
    OPT_INT("sm.num_ldst_units", sm.num_ldst_units, 1, 16, "1", "", "load/store pipelines"),
    OPT_INT("sm.reg_banks", sm.reg_banks, 1, 64, "16", "", "register file banks"),
    OPT_INT("sm.oc_sp", sm.oc_sp, 1, 64, "6", "", "operand collector units for SP instructions"),
    OPT_INT("sm.oc_sfu", sm.oc_sfu, 1, 64, "8", "", "operand collector units for SFU instructions"),
    OPT_INT("sm.oc_mem", sm.oc_mem, 1, 64, "2", "", "operand collector units for memory instructions"),
    OPT_INT("sm.writeback_ports", sm.writeback_ports, 1, 16, "2", "",
            "register file write ports shared by all pipelines"),
    OP_TIMING(int_add, "4", "1", "integer add, logic, shift, compare, move"),
    OP_TIMING(int_max, "13", "2", "integer min/max"),
    OP_TIMING(int_mul, "4", "2", "integer multiply"),
    OP_TIMING(int_mad, "5", "1", "integer multiply-add"),
    OP_TIMING(int_div, "145", "8", "integer divide and remainder"),
    OP_TIMING(fp_add, "4", "1", "fp32 add"),
    OP_TIMING(fp_max, "13", "2", "fp32 min/max"),
    OP_TIMING(fp_mul, "4", "1", "fp32 multiply"),
    OP_TIMING(fp_mad, "5", "1", "fp32 multiply-add and fma"),
    OP_TIMING(fp_div, "39", "4", "fp32 divide"),
    OP_TIMING(dp_add, "8", "8", "fp64 add"),
    OP_TIMING(dp_max, "19", "16", "fp64 min/max"),
    OP_TIMING(dp_mul, "8", "8", "fp64 multiply"),
    OP_TIMING(dp_mad, "8", "8", "fp64 multiply-add and fma"),
    OP_TIMING(dp_div, "330", "130", "fp64 divide"),
    OP_TIMING(sfu, "20", "8", "special functions (rcp, rsqrt, ex2, lg2, sin, cos)"),

    /* caches */
    CACHE_BASE(l1i, "true", "2KiB", "4", "4", "128", "2", "32", "4", "1", "cycles"),
    CACHE_BASE(l1d, "true", "16KiB", "32", "4", "128", "32", "8", "8", "20", "cycles"),
    CACHE_WRITE(l1d, "local_wb_global_wt", "false", "hashed"),
    OPT_INT("l1d.miss_latency", l1d.miss_latency, 0, 100000, "0", "cycles",
            "core cycles every request that leaves through the L1D (a miss's fetch, a write, a "
            "bypassing or atomic access) spends in the L1 before it enters the interconnect"),
    OPT_BOOL("l1d.invalidate_when_empty", l1d.invalidate_when_empty, "false",
             "an SM that holds no CTA invalidates its L1D before it takes the next one (the L1 "
             "is not coherent: kernels start with a cold L1, as GPGPU-Sim's "
             "-gpgpu_flush_l1_cache)"),
    OPT_ENUM("l1d.policy", l1d.policy, l1d_policy_names, "none",
             "the L1D policy unit (replacement, insertion, bypass, training; docs/units/README.md, "
             "\"The L1D policy role\"): none keeps the cache's own replacement; cacp is CACP, "
             "criticality-aware cache prioritization (CAWA, ISCA'15; docs/units/cacp.md); "
             "ctrlc is Ctrl-C, per-PC control-loop adaptive bypassing (ICCD'16; "
             "docs/units/ctrlc.md); pcbypass is PC-based adaptive bypassing with confidence "
             "counters (Tian et al., GPGPU'15; docs/units/pcbypass.md)"),
    OPT_INT("l1d.cacp.critical_ways", l1d.cacp_critical_ways, 1, 255, "8", "",
            "CACP: ways [0, n) of each set are the critical partition, the rest the "
            "non-critical one (8 of 16: the CAWA dissertation's sensitivity study)"),
    OPT_INT("l1d.cacp.ccbp_threshold", l1d.cacp_ccbp_threshold, 0, 3, "1", "",
            "CACP: a line is predicted critical when its 2-bit CCBP counter is above this "
            "(not given by the dissertation; 1, i.e. a counter >= 2)"),
    OPT_ENUM("l1d.cacp.signature", l1d.cacp_signature, cacp_sig_names, "line",
             "CACP: the signature is PC[7:0] XOR these address bits: line, the line address "
             "(addr >> log2 line); byte, the byte address (the dissertation's text is ambiguous)"),
    OPT_INT("l1d.ctrlc.pc_bits", l1d.ctrlc_pc_bits, 1, 8, "7", "",
            "Ctrl-C: 2^n per-PC controllers (iReuse table entries), indexed by the load's "
            "instruction index bits [n-1:0]; each line keeps these bits of its inserting PC "
            "(Table 5.2: 128 entries, 7 bits)"),
    OPT_INT("l1d.ctrlc.agg_max", l1d.ctrlc_agg_max, 1, 7, "7", "",
            "Ctrl-C: the largest AGG (3-bit field: 7); a PC inserts 1 miss in 2^AGG and bypasses "
            "the rest; BYP counts to 2^agg_max - 1 (Table 5.2: 7 bits)"),
    OPT_INT("l1d.ctrlc.sample_period", l1d.ctrlc_period, 16, 4096, "1024", "",
            "Ctrl-C: a controller's sampling period at AGG 0, in evictions of lines its PC "
            "inserted; 1024 >> AGG at AGG (a power of two; ZERO and INSERT are log2 of it wide: "
            "Table 5.2, 10 bits)"),
    OPT_INT("l1d.ctrlc.threshold_high", l1d.ctrlc_thr_high, 1, 1000, "400", "per mille",
            "Ctrl-C: at the end of a period AGG rises when the zero-reuse fraction of the "
            "evicted lines is above this (THRESHOLD_H 0.4: 1000 x ZERO > 400 x INSERT); 1000: "
            "never, so Ctrl-C never bypasses and only measures (the baseline's zero-reuse "
            "fraction)"),
    OPT_INT("l1d.ctrlc.threshold_low", l1d.ctrlc_thr_low, 0, 999, "100", "per mille",
            "Ctrl-C: ... and falls when it is below this (THRESHOLD_L 0.1: 1000 x ZERO < 100 x "
            "INSERT); must be below threshold_high"),
    OPT_INT("l1d.pcbypass.pc_bits", l1d.pcb_pc_bits, 1, 8, "7", "",
            "pcbypass: 2^n per-PC confidence counters, indexed by the load's instruction index "
            "bits [n-1:0] (128, as Ctrl-C's table)"),
    OPT_INT("l1d.pcbypass.counter_bits", l1d.pcb_counter_bits, 1, 4, "3", "",
            "pcbypass: the width of a confidence counter; a PC's misses bypass while its "
            "counter is saturated (spec §1.4.4: 3 bits)"),
    CACHE_BASE(l1c, "true", "8KiB", "64", "2", "64", "2", "32", "4", "8", "cycles"),
    CACHE_BASE(l1t, "true", "12KiB", "4", "24", "128", "128", "4", "128", "1", "cycles"),
    CACHE_BASE(l2, "true", "64KiB", "64", "8", "128", "32", "4", "4", "120", "L2 cycles"),
    CACHE_WRITE(l2, "write_back", "true", "linear"),

    /* interconnect */
    OPT_SIZE("icnt.flit_size", icnt.flit_size, 4, 1024, "32", "bytes per flit"),
    OPT_INT("icnt.vcs", icnt.vcs, 1, 64, "1", "", "virtual channels per port"),
    OPT_INT("icnt.vc_buffer", icnt.vc_buffer, 1, 1024, "8", "flits", "buffer depth per virtual channel"),
    OPT_INT("icnt.input_speedup", icnt.input_speedup, 1, 8, "2", "",
            "flits an input port may accept per interconnect cycle"),
    OPT_INT("icnt.latency", icnt.latency, 0, 1000, "4", "cycles",
            "interconnect cycles a flit spends in routers and channels, end to end"),
    OPT_INT("icnt.concentration", icnt.concentration, 1, 64, "1", "",
            "SMs sharing one interconnect port (a cluster)"),

    /* dram */
    OPT_INT("dram.channels", dram.channels, 1, 128, "6", "", "memory channels (controllers)"),
    OPT_INT("dram.subpartitions", dram.subpartitions, 1, 8, "2", "",
            "sub-partitions per channel; each holds one L2 slice"),
    OPT_INT("dram.chips_per_channel", dram.chips_per_channel, 1, 16, "2", "", "DRAM chips per channel"),
    OPT_SIZE("dram.bus_width", dram.bus_width, 1, 64, "4", "data bus width of one chip"),
    OPT_INT("dram.burst_length", dram.burst_length, 1, 64, "8", "transfers", "burst length"),
    OPT_INT("dram.data_rate", dram.data_rate, 1, 8, "4", "",
            "data transfers per DRAM command clock (2 = DDR, 4 = GDDR5 QDR)"),
    OPT_INT("dram.banks", dram.banks, 1, 256, "16", "", "banks per chip"),
    OPT_INT("dram.bank_groups", dram.bank_groups, 1, 64, "4", "", "bank groups per chip"),
    OPT_SIZE("dram.page_size", dram.page_size, 256, 64 * K1, "4KiB", "row (page) size per channel"),
    OPT_ENUM("dram.scheduler", dram.scheduler, dram_sched_names, "frfcfs",
             "request scheduling: first-ready FCFS, or plain FCFS"),
    OPT_INT("dram.queue_size", dram.queue_size, 1, 4096, "16", "requests",
            "scheduler queue per channel"),
    OPT_INT("dram.return_queue", dram.return_queue, 1, 4096, "116", "requests",
            "returned-data queue per channel"),
    OPT_INT("dram.latency", dram.latency, 0, 100000, "100", "L2 cycles",
            "fixed latency added to every DRAM access"),
    OPT_INT("dram.tCCD", dram.tCCD, 1, 1000, "2", "DRAM cycles", "column to column delay"),
    OPT_INT("dram.tCCDL", dram.tCCDL, 0, 1000, "3", "DRAM cycles",
            "column to column delay within a bank group"),
    OPT_INT("dram.tRRD", dram.tRRD, 1, 1000, "6", "DRAM cycles", "activate to activate, different banks"),
    OPT_INT("dram.tRCD", dram.tRCD, 1, 1000, "12", "DRAM cycles", "activate to column command"),
    OPT_INT("dram.tRAS", dram.tRAS, 1, 1000, "28", "DRAM cycles", "activate to precharge"),
    OPT_INT("dram.tRP", dram.tRP, 1, 1000, "12", "DRAM cycles", "precharge to activate"),
    OPT_INT("dram.tRC", dram.tRC, 1, 1000, "40", "DRAM cycles", "activate to activate, same bank"),
    OPT_INT("dram.tCL", dram.tCL, 1, 1000, "12", "DRAM cycles", "CAS (read) latency"),
    OPT_INT("dram.tWL", dram.tWL, 0, 1000, "4", "DRAM cycles", "write latency"),
    OPT_INT("dram.tWTR", dram.tWTR, 0, 1000, "5", "DRAM cycles",
            "write to read turnaround (GPGPU-Sim's tCDLR)"),
    OPT_INT("dram.tWR", dram.tWR, 0, 1000, "12", "DRAM cycles", "write recovery"),
    OPT_INT("dram.tRTPL", dram.tRTPL, 0, 1000, "2", "DRAM cycles",
            "read to precharge within a bank group"),
    OPT_SIZE("dram.partition_interleave", dram.partition_interleave, 64, 1 * M1, "256",
             "consecutive bytes mapped to one channel before moving to the next"),

    /* cta scheduler */
    OPT_ENUM("cta_scheduler.policy", cta_scheduler.policy, cta_policy_names, "rr",
             "how CTAs are handed to SMs, round robin: rr up to the occupancy limit, static up "
             "to cta_scheduler.limit, dyncta up to each SM's DYNCTA limit n (dyncta.*); LaPerm's "
             "locality-aware policies laperm_tbpri, laperm_smxbind, laperm_adaptive (laperm.*)"),
    OPT_INT("cta_scheduler.limit", cta_scheduler.limit, 0, 64, "0", "CTAs",
            "static policy: CTAs per SM at most (0 = the occupancy limit)"),

    /* The power model (docs/power.md; spec dtbl-laperm-dvfs.md §6). Every
     * constant is a stated estimate at the nominal voltage (the P-state
     * table's first entry); docs/power.md gives its source. */
    OPT_BOOL("power.enabled", power.enabled, "true",
             "account energy and power per SM and per part in every timing run (power.* "
             "statistics); false leaves them out"),
    OPT_INT("power.sample_cycles", power.sample_cycles, 1, 1 << 24, "500", "cycles",
            "core cycles per power sample: a row of --power-trace"),
    OPT_STR("power.pstates", power.pstates,
            "core/1.0V, 600MHz/0.925V, 500MHz/0.85V, 400MHz/0.775V, 300MHz/0.7V, 200MHz/0.625V, "
            "100MHz/0.55V",
            "the P-state table: comma-separated FREQ/VOLTAGE pairs from P0 (the nominal state, "
            "`core` = gpu.core_clock) down, frequencies strictly falling, voltages not rising, "
            "0.3V..1.5V, at most 16 states (spec §6.2: 45 nm PTM, V linear in f)"),
    OPT_DEC("power.e_inst", power.e_inst, 0, INT64_C(1000000000000), "200", "pJ",
            "energy per warp instruction issued: decode, scoreboard, scheduler, dispatch"),
    OPT_DEC("power.e_sp_lane", power.e_sp_lane, 0, INT64_C(1000000000000), "30", "pJ",
            "energy per active lane of an SP-unit instruction (integer, fp32, moves)"),
    OPT_DEC("power.e_sfu_lane", power.e_sfu_lane, 0, INT64_C(1000000000000), "60", "pJ",
            "energy per active lane of an SFU instruction"),
    OPT_DEC("power.e_dp_lane", power.e_dp_lane, 0, INT64_C(1000000000000), "60", "pJ",
            "energy per active lane of an fp64 instruction"),
    OPT_DEC("power.e_mem_lane", power.e_mem_lane, 0, INT64_C(1000000000000), "10", "pJ",
            "energy per active lane of a memory instruction (address generation, coalescing)"),
    OPT_DEC("power.e_rf_read", power.e_rf_read, 0, INT64_C(1000000000000), "400", "pJ",
            "energy per register operand read by a warp (32 lanes x 32 bits)"),
    OPT_DEC("power.e_rf_write", power.e_rf_write, 0, INT64_C(1000000000000), "450", "pJ",
            "energy per register operand written by a warp (32 lanes x 32 bits)"),
    OPT_DEC("power.e_collector", power.e_collector, 0, INT64_C(1000000000000), "60", "pJ",
            "energy per operand-collector allocation"),
    OPT_DEC("power.e_shared", power.e_shared, 0, INT64_C(1000000000000), "500", "pJ",
            "energy per shared-memory pass (every bank read or written once)"),
    OPT_DEC("power.e_l1i_hit", power.e_l1i_hit, 0, INT64_C(1000000000000), "60", "pJ", "energy per L1I hit"),
    OPT_DEC("power.e_l1i_miss", power.e_l1i_miss, 0, INT64_C(1000000000000), "150", "pJ",
            "energy per L1I miss (tag, MSHR, fill)"),
    OPT_DEC("power.e_l1d_hit", power.e_l1d_hit, 0, INT64_C(1000000000000), "600", "pJ",
            "energy per L1D hit (a line read or written)"),
    OPT_DEC("power.e_l1d_miss", power.e_l1d_miss, 0, INT64_C(1000000000000), "800", "pJ",
            "energy per L1D miss (tag, MSHR, fill)"),
    OPT_DEC("power.e_l1c_hit", power.e_l1c_hit, 0, INT64_C(1000000000000), "120", "pJ", "energy per L1C hit"),
    OPT_DEC("power.e_l1c_miss", power.e_l1c_miss, 0, INT64_C(1000000000000), "250", "pJ", "energy per L1C miss"),
    OPT_DEC("power.e_l2_hit", power.e_l2_hit, 0, INT64_C(1000000000000), "1500", "pJ",
            "energy per L2 hit (a line read or written)"),
    OPT_DEC("power.e_l2_miss", power.e_l2_miss, 0, INT64_C(1000000000000), "600", "pJ",
            "energy per L2 miss (tag, MSHR, fill; the DRAM access is its own)"),
    OPT_DEC("power.e_flit", power.e_flit, 0, INT64_C(1000000000000), "200", "pJ",
            "energy per interconnect flit (request or reply network)"),
    OPT_DEC("power.e_dram_act", power.e_dram_act, 0, INT64_C(1000000000000), "2000", "pJ",
            "energy per DRAM activate (with its precharge)"),
    OPT_DEC("power.e_dram_rd", power.e_dram_rd, 0, INT64_C(1000000000000), "9000", "pJ",
            "energy per DRAM read burst (core and I/O)"),
    OPT_DEC("power.e_dram_wr", power.e_dram_wr, 0, INT64_C(1000000000000), "9500", "pJ",
            "energy per DRAM write burst (core and I/O)"),
    OPT_DEC("power.e_dram_ref", power.e_dram_ref, 0, INT64_C(1000000000000), "30000", "pJ",
            "energy per DRAM refresh of one channel"),
    OPT_INT("power.dram_refresh_ns", power.dram_refresh_ns, 1, 1000000000, "3900", "ns",
            "refresh interval per channel (tREFI); refresh is charged in energy only, not "
            "modelled in timing"),
    OPT_DEC("power.p_sm_idle", power.p_sm_idle, 0, INT64_C(1000000000000), "3500", "mW",
            "power of a clocked SM with no work at the nominal P-state (scales with V^2 f)"),
    OPT_DEC("power.p_sm_leak", power.p_sm_leak, 0, INT64_C(1000000000000), "1200", "mW",
            "leakage power of one SM at the nominal voltage (scales with V^2)"),
    OPT_DEC("power.p_uncore_idle", power.p_uncore_idle, 0, INT64_C(1000000000000), "10000", "mW",
            "power of the clocked L2, interconnect and memory controllers with no traffic "
            "(scales with V^2 f under GPU-level DVFS)"),
    OPT_DEC("power.p_uncore_leak", power.p_uncore_leak, 0, INT64_C(1000000000000), "5000", "mW",
            "leakage power of the L2, interconnect and memory controllers (scales with V^2)"),
    OPT_DEC("power.p_const", power.p_const, 0, INT64_C(1000000000000), "20000", "mW",
            "constant power of the rest of the board (never scaled)"),

    /* The occupancy-bubble controller (docs/units/dvfs.md; spec §1.4) */
    OPT_BOOL("dvfs.enable", dvfs.enable, "false",
             "run the occupancy-bubble controller (unit dvfs): thread-block diversion away "
             "from SMs whose occupancy falls below dvfs.threshold, draining, and the low "
             "P-state for drained SMs"),
    OPT_DEC("dvfs.threshold", dvfs.threshold, 1, 999999, "0.0625", "",
            "T: an SM whose occupancy (active warps / the SM's warp slots, averaged over a "
            "sample) is below T is in a bubble; in (0, 1)"),
    OPT_INT("dvfs.sample_cycles", dvfs.sample_cycles, 1, 65535, "500", "cycles",
            "core cycles per controller sample"),
    OPT_INT("dvfs.drain_samples", dvfs.drain_samples, 1, 255, "10", "samples",
            "W: samples a diverted SM may take to drain before diversion is abandoned"),
    OPT_INT("dvfs.transition_cycles", dvfs.transition_cycles, 1, 65535, "500", "cycles",
            "P: core cycles of a P-state transition (500: on-chip regulator, 10000: "
            "off-chip)"),
    OPT_BOOL("dvfs.drain", dvfs.drain, "true",
             "false: DVFS without draining (a diverted SM goes to the low P-state at once)"),
    OPT_BOOL("dvfs.gpu_level", dvfs.gpu_level, "true",
             "the whole GPU (SMs, interconnect, L2) goes to the low P-state while every SM "
             "is idle and no block waits"),
    OPT_INT("dvfs.low_pstate", dvfs.low_pstate, -1, 15, "-1", "",
            "the P-state of a diverted SM (an index into power.pstates; -1: the lowest)"),

    /* The host link (HeteroPDP's GPU time: docs/units/heteropdp.md) */
    OPT_INT("pcie.bandwidth_mbps", pcie.bandwidth_mbps, 1, 1000000, "6000", "MB/s",
            "host-to-device and device-to-host copy bandwidth (the link's effective rate: "
            "PCIe 2.0 x16 moves about 6000 of its 8000 MB/s)"),
    OPT_INT("pcie.latency_ns", pcie.latency_ns, 0, 1000000000, "10000", "ns",
            "fixed cost of each copy (driver, DMA set-up, completion)"),

    /* LaPerm (cta_scheduler.policy laperm_*; docs/units/laperm.md, spec §1.3) */
    OPT_INT("laperm.levels", laperm.levels, 1, 15, "4", "levels",
            "LaPerm: the highest priority level L (a launch gets its parent block's level + 1, "
            "at most L; host kernels are level 0)"),
    OPT_INT("laperm.queue_entries", laperm.queue_entries, 1, 65536, "128", "entries",
            "LaPerm: on-chip priority-queue entries per SM (TB-Pri: per SM, pooled); further "
            "kernels and groups wait in global memory"),
    OPT_INT("laperm.refill_latency", laperm.refill_latency, 0, 100000, "300", "cycles",
            "LaPerm: core cycles to load an entry from the global-memory overflow when an "
            "on-chip entry frees"),

    /* CPL (CAWA's criticality prediction; docs/units/cpl.md, spec/cawa-ctrlc-heteropdp.md
     * §1.3.2) */
    OPT_BOOL("cpl.enable", cpl.enable, "false",
             "run CAWA's criticality prediction (CPL) under any policy, for its statistics "
             "(cpl.accuracy) and the critical-warp figures; sm.warp_scheduler gcaws and "
             "l1d.policy cacp run it anyway"),
    OPT_INT("cpl.ninst_bits", cpl.ninst_bits, 1, 16, "16", "bits",
            "width of CPL's per-warp instruction-disparity counter nInst (saturating; "
            "[suggest] spec §2: 16)"),
    OPT_INT("cpl.crit_bits", cpl.crit_bits, 8, 24, "24", "bits",
            "width of CPL's per-warp stall count, committed count and criticality "
            "(saturating; our choice: 24 bits count 16.7M cycles, and the issue order key of "
            "gcaws holds 24 bits of criticality)"),
    OPT_INT("cpl.sample_period", cpl.sample_period, 1, 1 << 24, "1000", "cycles",
            "CPL accuracy statistic: cycles between samples ([suggest] spec §1.3.2: 1000)"),
    /* DYNCTA (cta_scheduler.policy dyncta; docs/units/dyncta.md, spec/dyncta.md) */
    OPT_INT("dyncta.sample_period", dyncta.sample_period, 1, 65536, "2048", "cycles",
            "core cycles per sampling window; each SM decides at the end of every window"),
    OPT_INT("dyncta.t_idle", dyncta.t_idle, 0, 65535, "16", "cycles",
            "C_idle >= t_idle in a window (the core had nothing to issue): raise n"),
    OPT_INT("dyncta.t_mem_l", dyncta.t_mem_l, 0, 65535, "128", "cycles",
            "otherwise C_mem < t_mem_l (little memory waiting): raise n"),
    OPT_INT("dyncta.t_mem_h", dyncta.t_mem_h, 0, 65535, "384", "cycles",
            "otherwise C_mem >= t_mem_h (every warp waiting on memory): lower n; between the "
            "two thresholds n holds"),
    OPT_INT("dyncta.counter_bits", dyncta.counter_bits, 1, 16, "11", "bits",
            "width of the C_idle and C_mem counters; they saturate"),
    OPT_ENUM("dyncta.initial_n", dyncta.initial_n, dyncta_init_names, "half",
             "n at each kernel start: 1, max(1, floor(N/2)) or N (N: CTAs per SM by occupancy)"),
    OPT_BOOL("dyncta.freeze_when_drained", dyncta.freeze_when_drained, "false",
             "hold n once the kernel has no unissued CTA left (pausing still follows exits)"),
    OPT_BOOL("dyncta.anti_starvation", dyncta.anti_starvation, "true",
             "after 4096 consecutive cycles in which a paused CTA's warp was ready and none "
             "issued, serve paused warps first for one cycle"),
    OPT_BOOL("dyncta.strict_classification", dyncta.strict_classification, "false",
             "C_mem counts only cycles in which every unfinished warp waits on memory (default: "
             "on memory or at a barrier, one on memory)"),

    /* simulation */
    OPT_ENUM("sim.mode", sim.mode, mode_names, "timing",
             "timing: cycle-level model; functional: results only, fastest"),
    OPT_INT("sim.max_cycles", sim.max_cycles, 0, INT64_MAX, "0", "cycles",
            "stop a run after this many core cycles, a guard: the run fails (exit status 1) "
            "(0 = no limit)"),
    OPT_INT("sim.max_insts", sim.max_insts, 0, INT64_MAX, "0", "thread instructions",
            "stop a run after this many thread instructions, a budget: the run ends with "
            "verdict STOPPED, exit status 3, its statistics complete up to there and "
            "counted as done by simtref sweep (0 = no limit)"),
    OPT_BOOL("sim.skip_idle", sim.skip_idle, "true",
             "jump over cycles in which nothing can happen, and do not evaluate warp schedulers "
             "and fetch arbiters whose inputs did not change (results are identical either way)"),
    OPT_DEBUG_BOOL("sim.check_skips", sim.check_skips, "false",
                   "debug mode: every cycle, evaluate every unit and every warp that a shortcut "
                   "(idle-cycle skipping, quiet schedulers, the wake-up rule, the caches' "
                   "refusal memo) would not evaluate, and stop with a report where the shortcut "
                   "would have given another result (docs/timing.md); about twice as slow"),
    OPT_INT("sim.deadlock_cycles", sim.deadlock_cycles, 1, INT64_MAX, "1000000", "cycles",
            "core cycles without any progress after which a run is reported as deadlocked"),
    OPT_INT("sim.seed", sim.seed, 0, INT64_MAX, "1", "",
            "seed for every pseudo-random choice in the model"),
    OPT_HOST_INT("sim.threads", sim.threads, 1, 256, "1", "threads",
                 "host threads that step the SMs of a timing run, each core cycle in parallel; "
                 "results are byte-identical for every value (docs/performance.md); 1: serial. "
                 "sim.check_skips runs serially whatever the value"),

    /* co-simulation (docs/cosim.md) */
    OPT_STR("cosim.units", cosim.units, "",
            "units whose RTL runs in lock-step with the C model, comma-separated: wsched (the "
            "issue scheduler in use), fetch (the fetch arbiter in use), wpt, or RTL module "
            "names; a unit may name a planted fault as UNIT:MUTANT (tests); needs a simtref "
            "built with Verilator"),
    OPT_STR("cosim.rtl_drives", cosim.rtl_drives, "",
            "co-simulated units whose RTL outputs drive the model instead of the C model's"),
    OPT_INT("cosim.window", cosim.window, 1, 4096, "64", "cycles",
            "cycles of waveform (FST) recorded before a mismatch"),
    OPT_STR("cosim.trace_dir", cosim.trace_dir, ".",
            "directory for the mismatch report and waveform (made if missing when they are "
            "written; `simtref run` checks before the run that it can be)"),
};

const size_t st_num_options = sizeof st_options / sizeof st_options[0];

const st_option *st_option_find(const char *key) {
  for (size_t i = 0; i < st_num_options; i++) {
    if (strcmp(st_options[i].key, key) == 0) {
      return &st_options[i];
    }
  }
  return NULL;
}

int st_option_is_section(const char *prefix) {
  size_t n = strlen(prefix);
  for (size_t i = 0; i < st_num_options; i++) {
    if (strncmp(st_options[i].key, prefix, n) == 0 && st_options[i].key[n] == '.') {
      return 1;
    }
  }
  return 0;
}

size_t st_config_enum_count(const char *key) {
  const st_option *opt = st_option_find(key);
  size_t n = 0;
  if (opt != NULL && opt->type == ST_OPT_ENUM) {
    while (opt->names[n] != NULL) {
      n++;
    }
  }
  return n;
}

const char *st_config_enum_name(const char *key, size_t i) {
  return i < st_config_enum_count(key) ? st_option_find(key)->names[i] : NULL;
}
