/* HeteroPDP: predicting a kernel's time on the host CPU and on the GPU,
 * alone and beside co-running programs, and choosing the device
 * (docs/units/heteropdp.md; spec cawa-ctrlc-heteropdp.md §1.5).
 *
 * Host-level software, not a hardware unit: features of a workload's
 * launches (static ones from its PTX, dynamic ones from its launches,
 * system ones from the co-runners), four linear models with a term per
 * feature and one per unordered pair of features and no intercept, their
 * least-squares fit with K-fold cross-validation, the dissertation's own
 * coefficient tables (Appendix A) as the `paper` model set, Bubble-up tables
 * for the co-runners' slowdowns, and the decision: the least predicted time
 * alone, the highest (weighted) fairness beside co-runners. */
#ifndef SIMTREF_HETERO_HETERO_H
#define SIMTREF_HETERO_HETERO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/error.h"
#include "ptx/ir.h"

/* Every feature (Table 6.4, plus the bytes copied between host and device). */
typedef enum st_hfeat {
  HF_THREADS = 0, /* threads spawned: every host launch's grid x block */
  HF_BUF,         /* device memory allocated, bytes */
  HF_XFER,        /* bytes copied host to device and back */
  HF_SALU,        /* static counts, CPU models: scalar ALU instructions */
  HF_SMEM,        /*   scalar memory instructions */
  HF_VALU,        /*   vector ALU instructions */
  HF_VMEM,        /*   vector memory instructions */
  HF_BRANCH,      /* both: branch instructions */
  HF_ATOMIC,      /* CPU models: atomic instructions */
  HF_MEM,         /* GPU models: memory instructions */
  HF_INT,         /*   integer instructions */
  HF_FP,          /*   floating-point instructions */
  HF_MATH,        /*   special-math instructions */
  HF_BARRIER,     /*   barrier instructions */
  HF_LLC_MISS,    /* system: the co-runners' LLC misses, millions per second */
  HF_DRAM_BW,     /* system: the co-runners' host DRAM bandwidth, MB/s */
  HF_COUNT
} st_hfeat;

/* The feature's short name ("threads", "salu", ...), as in model files. */
const char *st_hfeat_name(st_hfeat f);
/* The feature's name as the dissertation's tables write it ("# of threads"). */
const char *st_hfeat_title(st_hfeat f);
/* Parses a short name; false if unknown. */
bool st_hfeat_parse(const char *name, st_hfeat *f);

typedef struct st_hfeatures {
  double v[HF_COUNT];
} st_hfeatures;

/* Static features of the kernels named (entries of m; each counted once,
 * with the .funcs they call): adds to f's static counts. Classes:
 *   MEM: ld/ldu/st/prefetch outside the parameter space; atomics count as
 *        ATOMIC (CPU) and as MEM (GPU);
 *   MATH: rcp, sqrt, rsqrt, ex2, lg2, sin, cos, tanh and floating-point div;
 *   FP: other instructions of a floating-point type; INT: the rest of the
 *        arithmetic, logic, comparison, selection, move and conversion;
 *   BRANCH: bra, brx, call; BARRIER: bar (sync, arrive, reductions).
 * The CPU models' scalar/vector split: an instruction is vector when a value
 * it reads differs between the threads of a block (the thread index, a lane
 * id, the result of an atomic, a shuffle or a vote, or anything computed or
 * loaded through one: a flow-insensitive fixed point over the registers),
 * scalar otherwise (parameters, block indices, constants: what an OpenMP or
 * OpenCL CPU port computes once per block instead of per thread). A memory
 * instruction is vector when its address or its stored value is. Unknown
 * entry names are an error (ST_ERR_USAGE). */
st_status st_hetero_static_features(const st_module *m, const char *const *entries, size_t n,
                                    st_hfeatures *f, st_error *err);

/* The four models. */
typedef enum st_hmodel_kind {
  HM_CPU_ALONE = 0,
  HM_GPU_ALONE,
  HM_CPU_COLOC,
  HM_GPU_COLOC,
  HM_COUNT
} st_hmodel_kind;

const char *st_hmodel_name(st_hmodel_kind k); /* "cpu_alone", "gpu_alone", ... */

#define ST_HMODEL_MAX_FEATS 12
#define ST_HMODEL_MAX_TERMS (ST_HMODEL_MAX_FEATS + ST_HMODEL_MAX_FEATS * (ST_HMODEL_MAX_FEATS - 1) / 2)

/* A model: its features in order; terms are each feature alone, then each
 * unordered pair (i < j) in order, as Appendix A lists them; no intercept.
 * Predicted time = sum of coef[t] x term[t]. */
typedef struct st_hmodel {
  st_hmodel_kind kind;
  unsigned n_feats;
  st_hfeat feats[ST_HMODEL_MAX_FEATS];
  double coef[ST_HMODEL_MAX_TERMS];
  /* Feature scales: the model sees features divided by these (1 for the
   * paper set, whose units the dissertation does not state). */
  double scale[HF_COUNT];
  /* The ridge of the fit (on the normalised normal equations): 1e-9 keeps
   * exactly collinear columns solvable; larger values, chosen by
   * cross-validation (st_hmodel_choose_ridge), trade fit for stability. */
  double ridge;
} st_hmodel;

typedef struct st_hmodel_set {
  char name[32]; /* "paper", "fitted" */
  st_hmodel m[HM_COUNT];
} st_hmodel_set;

unsigned st_hmodel_terms(const st_hmodel *m);
/* Term t's factors (b is HF_COUNT for a linear term). */
void st_hmodel_term(const st_hmodel *m, unsigned t, st_hfeat *a, st_hfeat *b);
/* The term values of f for model m (n = st_hmodel_terms). */
void st_hmodel_row(const st_hmodel *m, const st_hfeatures *f, double *row);
double st_hmodel_predict(const st_hmodel *m, const st_hfeatures *f);

/* The features each model uses: the dissertation's (paper: Table 6.4 and
 * Appendix A) or ours (the same, and the bytes copied in the GPU models,
 * whose time here includes the copies). */
void st_hmodel_init(st_hmodel *m, st_hmodel_kind k, bool with_xfer);

/* The dissertation's coefficient tables A.1 to A.4, exactly as printed. */
void st_hetero_paper_models(st_hmodel_set *set);
/* The tables as printed: each model's number of terms, and term t's factors
 * in the dissertation's words ("# of threads", "1"). */
unsigned st_hetero_paper_terms(st_hmodel_kind k);
void st_hetero_paper_term(st_hmodel_kind k, unsigned t, const char **factor1,
                          const char **factor2);

/* Least-squares fit of m's coefficients to n samples (features f[i], times
 * y[i] in seconds), weighted by 1 / y[i] so that the fit minimises the
 * relative error; features scaled by their root mean square first. Terms
 * that are zero on every sample get coefficient 0. */
st_status st_hmodel_fit(st_hmodel *m, const st_hfeatures *f, const double *y, size_t n,
                        st_error *err);

/* The ridges st_hmodel_choose_ridge tries. */
#define ST_HRIDGE_COUNT 8
extern const double st_hridges[ST_HRIDGE_COUNT];

/* Sets m->ridge to the one of st_hridges whose K-fold cross-validated
 * predictions have the smallest median relative error (ties: the smaller
 * ridge). */
st_status st_hmodel_choose_ridge(st_hmodel *m, const st_hfeatures *f, const double *y,
                                 const int *group, size_t n, unsigned k, st_error *err);

/* Quality of predictions p against measurements y. */
typedef struct st_hfit_quality {
  size_t n;
  double r2;          /* coefficient of determination, of log10 times */
  double within20;    /* share with |p - y| / y <= 0.2 */
  double within10;
  double median_err;  /* median |p - y| / y */
} st_hfit_quality;
void st_hfit_measure(const double *p, const double *y, size_t n, st_hfit_quality *q);

/* K-fold cross-validation: samples with the same group share a fold (all
 * sizes of one workload); folds = min(k, groups), groups dealt in order.
 * pred[i] is sample i's prediction by the model fitted without its fold. */
st_status st_hmodel_crossval(const st_hmodel *proto, const st_hfeatures *f, const double *y,
                             const int *group, size_t n, unsigned k, double *pred,
                             st_error *err);

/* Model files: text, one model per block:
 *   model cpu_alone
 *   features threads salu smem valu vmem branch atomic buf
 *   scale threads 1000 ...          (optional)
 *   term threads 1 COEF
 *   term threads salu COEF ...
 * A block's features must be exactly the dissertation's or ours for its
 * model; every term must be listed once. Errors carry file:line. */
st_status st_hmodel_set_save(const st_hmodel_set *set, const char *path, st_error *err);
st_status st_hmodel_set_load(const char *path, st_hmodel_set *set, st_error *err);

/* ---- the decision (§1.5.5) ---------------------------------------------- */

#define ST_HETERO_MAX_CORUN 8
#define ST_HETERO_LEVELS 9 /* Bubble-up pressure levels 0 (none) .. 8 */

/* A co-runner's Bubble-up table: its slowdown beside a memory-bandwidth
 * stressor and beside an LLC-capacity stressor at each level. */
typedef struct st_hbubble {
  char name[32];
  double membw[ST_HETERO_LEVELS];
  double llc[ST_HETERO_LEVELS];
} st_hbubble;

/* The pressure a kernel puts on the co-runners, as a fractional level 0..8
 * (spec §7 E-4): on the CPU, the LLC stressor's level of the same working
 * set (buffer bytes / LLC bytes x 8) or, at the least, llc_floor (the CPU
 * version takes every core, as the stressor does); on the GPU the bandwidth
 * stressor's level of its copies (bytes / copy-time as a share of the
 * host's streaming bandwidth x 8). */
typedef struct st_hpressure {
  double llc_bytes;          /* the host's LLC size */
  double host_bw;            /* the host's streaming bandwidth, bytes/s */
  double llc_floor;          /* the least CPU level (a CPU version always busies every core) */
} st_hpressure;

double st_hbubble_at(const double *table, double level); /* linear between levels */

typedef struct st_hdecision_in {
  const st_hmodel_set *models;
  st_hfeatures f;             /* the kernel's features, system ones included */
  size_t n_corun;
  const st_hbubble *bubble[ST_HETERO_MAX_CORUN];
  double weight[ST_HETERO_MAX_CORUN]; /* the co-runners' weights (the kernel's is 1) */
  st_hpressure pressure;
  double gpu_xfer_s;          /* the copies' time on the PCIe model (for the GPU's pressure) */
  bool same_device_norm;      /* Eq. 6.6 as printed: the kernel's slowdown by its own device's
                                 alone time; else (default, §7 E-3) by the faster device's */
} st_hdecision_in;

typedef struct st_hdecision {
  double t_alone[2];          /* [0] CPU, [1] GPU: predicted seconds alone */
  double t_coloc[2];          /* beside the co-runners (n_corun > 0) */
  double kernel_slowdown[2];
  double corun_slowdown[2][ST_HETERO_MAX_CORUN];
  double level[2];            /* the kernel's pressure level on each device */
  double fairness[2];         /* weighted fairness (Eq. 6.4) on each device */
  int choice;                 /* 0 CPU, 1 GPU */
} st_hdecision;

/* Weighted fairness of slowdowns s[0..n) with weights w: min(w s) / max(w s). */
double st_hetero_fairness(const double *s, const double *w, size_t n);

void st_hetero_decide(const st_hdecision_in *in, st_hdecision *out);

#endif
