/* simtref hetero: measuring a benchmark for HeteroPDP on both devices, alone
 * and beside co-runners (docs/units/heteropdp.md). The GPU is the simulated
 * one: its time is the simulated kernels' time plus the copies over the
 * PCIe model (pcie.*); the CPU is this host, running the benchmark's CPU
 * version. Beside co-runners, the GPU's copies are emulated on the host (a
 * paced copy through host memory, as a DMA engine moves them) so that the
 * co-runners feel them and they feel the co-runners. */
#ifndef SIMTREF_TOOLS_HETERO_RUN_H
#define SIMTREF_TOOLS_HETERO_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hetero/hetero.h"
#include "hetero_host.h"
#include "simtref/config.h"
#include "workload.h"

/* A benchmark's run on the simulated GPU. */
typedef struct hr_profile {
  st_hfeatures f;        /* static (host-launched kernels) and dynamic features */
  double gpu_kernel_s;   /* simulated time of the run's kernels (0 in functional mode) */
  double gpu_xfer_s;     /* its copies on the PCIe model */
  uint64_t copies, launches, thread_insts;
  double wall_s;         /* the simulation's own wall time */
  char kernels[512];     /* the kernels it launched, space-separated */
  char verdict[512];     /* the run's check */
} hr_profile;

/* Runs the benchmark on cfg's GPU (its sim.mode decides whether the kernel
 * time is measured) and fills the features. false with the reason in err. */
bool hr_profile_gpu(const st_workload_desc *wd, const st_config *cfg, st_wl_size size,
                    uint64_t seed, const char *variant, const char *input, hr_profile *out,
                    char *err, size_t errn);

/* The copies' time on the PCIe model: per copy the latency, plus bytes at
 * the bandwidth. */
double hr_xfer_seconds(const st_config *cfg, uint64_t bytes, uint64_t copies);

/* The CPU version alone: its median time. */
bool hr_cpu_alone(const st_workload_desc *wd, st_wl_size size, uint64_t seed, const char *input,
                  int threads, double *seconds, char *err, size_t errn);

/* Beside running co-runners (procs; alone_s their jobs' mean time alone):
 * the kernel repeats until every co-runner has finished `jobs` whole jobs
 * that started under it. */
typedef struct hr_coloc {
  double kernel_s;                        /* the kernel's time beside them */
  double corun_sd[ST_HETERO_MAX_CORUN];   /* each co-runner's slowdown */
  double copy_factor;                     /* GPU: the copies' time beside them / alone */
} hr_coloc;

bool hr_cpu_coloc(const st_workload_desc *wd, st_wl_size size, uint64_t seed, const char *input,
                  int threads, hh_proc *const *procs, const double *alone_s, size_t n,
                  unsigned jobs, hr_coloc *out, char *err, size_t errn);

/* The GPU beside co-runners: per repetition the copies emulated on the host
 * at pcie.bandwidth_mbps, then the simulated kernel time asleep (the GPU
 * computes; the host's cores are free). kernel_s = kernel time + the
 * model's copy time x the emulated copies' slowdown. */
bool hr_gpu_coloc(const hr_profile *p, const st_config *cfg, hh_proc *const *procs,
                  const double *alone_s, size_t n, unsigned jobs, hr_coloc *out, char *err,
                  size_t errn);

/* Emulates copying bytes at bytes_per_s through host memory; returns the
 * seconds it took. */
double hr_emulate_copy(uint64_t bytes, double bytes_per_s);

#endif
