/* A small reference of LaPerm's whole dispatch flow (spec dtbl-laperm-dvfs.md
 * §1.3.4, Fig. 28) around the laperm unit, for the Fig. 26 example (§1.3.5)
 * and other small workloads: the host's side the unit leaves out (the
 * priority queues, the launches, the SMs' slots) in a few lines, the
 * decisions from the unit (its C model, or its RTL in lock-step in the
 * bench: bv_eval hands back the RTL's answer there).
 *
 * The flow, per dispatch cycle t (round r = t / NS, SM k = t mod NS
 * examined, one SM per cycle, RR):
 *   - at the start of a round, the groups launched in the round before are
 *     queued (FCFS, at the tail of their queue): priority min(parent's + 1,
 *     L), bound to the SM that runs the direct parent (SMX-Bind, Adaptive),
 *     in the global level set (TB-Pri, the unit's row 0); host kernels are in
 *     PQ0 (level 0) from the start;
 *   - the unit answers for SM k; if the answer names a queue and SM k has a
 *     free slot, the head group of that queue gives its next block to SM k
 *     (the group leaves the queue when its last block is dispatched), else
 *     SM k skips the cycle (spec §7 #15); the unit's edge gets take = a
 *     block was dispatched;
 *   - a block runs for `run_rounds` rounds: it frees its slot just before
 *     its SM's examination that many rounds later.
 * Plain RR (the baseline of Fig. 26a) has no unit: one FCFS list of every
 * kernel and group in launch order, SM k takes the next block of the first
 * one with blocks left. */
#ifndef SIMTREF_TESTS_UNITS_LAPERM_REFERENCE_H
#define SIMTREF_TESTS_UNITS_LAPERM_REFERENCE_H

#include <stdbool.h>

#include "bv.h"

#define REF_MAX_GROUPS 16
#define REF_MAX_ROUNDS 12
#define REF_MAX_SMS 8
#define REF_CELL 8

/* A workload: host kernels (level 0) and groups launched by one block each. */
typedef struct ref_group {
  char prefix;        /* block names: prefix and a running number ("P3", "C5") */
  unsigned blocks;
  int parent_group;   /* -1: a host kernel; else the group of the launching block */
  unsigned parent_blk; /* the launching block's index within that group */
} ref_group;

typedef struct ref_workload {
  const ref_group *groups; /* host kernels first, then groups in launch order */
  unsigned n_groups;
  unsigned ns;             /* SMs */
  unsigned slots;          /* blocks one SM runs at once */
  unsigned run_rounds;     /* rounds a block runs */
} ref_workload;

/* What each SM got in each round: a block's name or "-" (idle). */
typedef struct ref_schedule {
  unsigned rounds;
  char cell[REF_MAX_ROUNDS][REF_MAX_SMS][REF_CELL];
} ref_schedule;

/* Runs the workload through the flow with the unit u (opened by the caller
 * with the parameters of the policy under test: NS = w->ns) or, with u
 * NULL, plain RR. Answers that name an empty queue fail an expectation in
 * e. Returns false when the workload does not finish in REF_MAX_ROUNDS. */
bool ref_run(bv_env *e, bv_unit *u, const ref_workload *w, ref_schedule *out);

/* Expects round r of the schedule to be `want` (cells separated by one
 * space, "-" for idle, e.g. "C0 C1 P4 P5"), and the schedule to have
 * `rounds` rounds. */
void ref_expect(bv_env *e, const char *file, int line, const char *what, const ref_schedule *s,
                const char *const *want, unsigned rounds);

/* The Fig. 26 example: 4 SMX, 1 block per SMX, every block one round; 8
 * parents P0-P7; P2 launches C0-C1, P4 launches C2-C5. */
extern const ref_workload ref_fig26;

#endif
