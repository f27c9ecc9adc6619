/* Occupancy: how many CTAs of a kernel one SM holds at once. One rule for
 * both the functional and the timing model, and for the host API. */
#include "gpu/gpu_internal.h"
#include "gpu/tbsched.h"

uint32_t st_kernel_regs(const st_config *cfg, const st_kernel *k) {
  const st_function *f = k->entry;
  uint32_t regs = k->kmod->est_regs[k->entry_index];
  if (f->max_nreg != 0 && f->max_nreg < regs) {
    regs = f->max_nreg; /* .maxnreg: the compiler spills to stay within it */
  }
  if (f->min_ctas_per_sm != 0) {
    /* .minnctapersm (with .maxntid): the compiler keeps registers low enough
     * for that many CTAs of the largest block on an SM of this config. */
    uint64_t threads = f->max_ntid[0] ? (uint64_t)f->max_ntid[0] *
                                            (f->max_ntid[1] ? f->max_ntid[1] : 1) *
                                            (f->max_ntid[2] ? f->max_ntid[2] : 1)
                                      : k->threads_per_cta;
    uint64_t padded = (threads + ST_WARP_SIZE - 1) / ST_WARP_SIZE * ST_WARP_SIZE;
    uint64_t cap = (uint64_t)cfg->sm.registers / (f->min_ctas_per_sm * padded);
    uint64_t g = (uint64_t)cfg->sm.register_granularity;
    cap = cap / g * g;
    if (cap >= 1 && cap < regs) {
      regs = (uint32_t)cap;
    }
  }
  uint32_t g = (uint32_t)cfg->sm.register_granularity;
  return (regs + g - 1) / g * g;
}

uint32_t st_occupancy(const st_config *cfg, const st_kernel *k) {
  uint64_t warps = k->warps_per_cta;
  uint64_t n = (uint64_t)cfg->sm.max_ctas;
  uint64_t by_threads = (uint64_t)cfg->sm.max_threads / (warps * ST_WARP_SIZE);
  n = by_threads < n ? by_threads : n;
  if (k->shared_total > 0) {
    uint64_t g = (uint64_t)cfg->sm.shared_granularity;
    uint64_t need = (k->shared_total + g - 1) / g * g;
    uint64_t by_smem = (uint64_t)cfg->sm.shared_mem / need;
    n = by_smem < n ? by_smem : n;
  }
  /* Registers: per thread times the CTA's threads rounded up to whole warps
   * (GPGPU-Sim's rule). */
  uint64_t regs_cta = (uint64_t)k->regs_per_thread * warps * ST_WARP_SIZE;
  if (regs_cta > 0) {
    uint64_t by_regs = (uint64_t)cfg->sm.registers / regs_cta;
    n = by_regs < n ? by_regs : n;
  }
  /* Then the thread-block scheduler's own limit (static: cta_scheduler.limit). */
  return st_tbs_policy_of(cfg)->limit(cfg, (uint32_t)n);
}
