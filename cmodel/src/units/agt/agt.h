/* The AGT: DTBL's aggregated group table with its allocation and link logic
 * (spec/dtbl-laperm-dvfs.md §1.2.2-§1.2.3), one per GPU (rtl/agt.sv;
 * docs/units/agt.md).
 *
 * One command per evaluation: the host (the SMX scheduler of the GPU model)
 * evaluates then clocks the unit once per event; several events of one core
 * cycle are sequential commands.
 *
 * A reference (NAGEI, LAGEI, an entry's Next, ref_i, gref_i, gnext_i) is 32
 * bits: 0 = NULL; bit 31 set = an on-chip entry, its index in the low AGT_W
 * bits; bit 31 clear and non-zero = a group record in global memory (a value
 * the host chooses; the unit never dereferences it).
 *
 * Registers: per entry `valid`, `dist` (every block handed out), `exebl`
 * (its blocks executing, EXE_W bits) and `next` (the link); per kernel
 * distributor entry (KDE) `nagei`, `lagei` (next and last group to
 * schedule), `marked` (in the FCFS queue) and `first` (marked for the first
 * time: its native blocks are not yet handed out); `nvalid`, the valid
 * entries. The group's payload (aggregated-group size 3 x 16 bits, parameter
 * address 64 bits: the other 112 bits of the dissertation's 160-bit entry) is
 * a plain RAM the host keeps: written when JOIN allocates, read at dispatch.
 *
 * Commands (cmd):
 *   NOP
 *   MARK(kde)        a native kernel enters the distributor: marked = first = 1,
 *                    nagei = lagei = 0.
 *   JOIN(kde, hwtid, gref)  a group launched by hardware thread hwtid joins
 *                    kernel kde. ind = hwtid & (2^AGT_W - 1). A free entry is
 *                    allocated (valid, dist = exebl = 0; hit, ref =
 *                    {1, ind}); a busy one is a conflict: ref = gref (bit 31
 *                    cleared), and with gref 0 the group is refused (accept 0,
 *                    nothing changes). With LINK, an accepted group is
 *                    appended to the kernel's list (§1.2.3's uniform rule):
 *                      nagei == 0: nagei = lagei = ref; if !marked: marked = 1,
 *                                  first = 0, requeue (case 1)
 *                      else:       lagei on-chip: next[lagei] = ref, else
 *                                  link_global (the host writes the global
 *                                  record's Next); lagei = ref   (case 2)
 *   NATIVE_DONE(kde) the native grid is handed out: first = 0; if nagei == 0,
 *                    marked = 0 (unmark).
 *   GROUP_DONE(kde, ref, gnext)  group ref is handed out. Error (nothing
 *                    changes) when ref is 0, an on-chip ref names an entry not
 *                    valid or already distributed, or (LINK) ref != nagei[kde].
 *                    On-chip: dist = 1, and with exebl 0 the entry is freed.
 *                    With LINK: nagei = global ? gnext : ref == lagei ? 0 :
 *                    next[ref] (the kernel's last group has no Next: its
 *                    word, never cleared, is not read); a new nagei of 0
 *                    clears lagei and marked (unmark).
 *   TB_START(ref)    a block of group ref starts: on-chip, exebl + 1. Error
 *                    (nothing changes) if the entry is not valid, distributed
 *                    or exebl is at its maximum. A global ref: nothing.
 *   TB_END(ref)      a block of group ref ends: on-chip, exebl - 1; at 0 on a
 *                    distributed entry the entry is freed. Error if not valid
 *                    or exebl is 0.
 *   RELEASE(kde)     the kernel leaves the distributor: nagei = lagei = 0,
 *                    marked = first = 0.
 * A command naming a kde >= NKDE (MARK, JOIN, NATIVE_DONE, RELEASE, and
 * GROUP_DONE with LINK) is an error and changes nothing. A block of a
 * group starts (TB_START) before the group's GROUP_DONE when it is the last.
 *
 * Outputs are combinational from the registers and the command, all of them
 * defined for every command (0 where they do not apply): accept, hit,
 * conflict, ref (the group's reference after JOIN), requeue, link_global,
 * unmark, freed, error, and for kde (< NKDE) nagei, marked and first as they
 * will be after the command; n_valid is the register nvalid (entries valid
 * before the command). */
#ifndef SIMTREF_UNITS_AGT_H
#define SIMTREF_UNITS_AGT_H

#include <string.h>

#include "common/error.h"
#include "units/unit.h"

#define AGT_MAX_W 11                    /* the largest AGT_W this build holds */
#define AGT_MAX_ENTRIES (1u << AGT_MAX_W) /* 2048: the dissertation's largest table */
#define AGT_MAX_KDE 64                  /* kernel distributor entries */
#define AGT_REF_ONCHIP 0x80000000u      /* bit 31 of a reference */

/* The commands (cmd_i, 3 bits). */
enum {
  AGT_NOP = 0,
  AGT_MARK = 1,
  AGT_JOIN = 2,
  AGT_NATIVE_DONE = 3,
  AGT_GROUP_DONE = 4,
  AGT_TB_START = 5,
  AGT_TB_END = 6,
  AGT_RELEASE = 7
};

typedef struct agt_params {
  uint8_t agt_w; /* AGT_W: log2 of the entries, 4..AGT_MAX_W */
  uint8_t nkde;  /* NKDE: kernel distributor entries, 1..64 */
  uint8_t exe_w; /* EXE_W: width of an entry's executing-block count, 1..16 */
  uint8_t link;  /* LINK: 1 chains groups per kernel (FCFS); 0 under LaPerm */
} agt_params;

static inline unsigned agt_entries(const agt_params *p) { return 1u << p->agt_w; }

typedef struct agt_state {
  uint32_t nagei[AGT_MAX_KDE];           /* [NKDE][32] next group to schedule */
  uint32_t lagei[AGT_MAX_KDE];           /* [NKDE][32] last group joined */
  uint8_t marked[AGT_MAX_KDE];           /* [NKDE][1] in the FCFS queue */
  uint8_t first[AGT_MAX_KDE];            /* [NKDE][1] marked for the first time */
  uint16_t nvalid;                       /* [AGT_W+1] valid entries */
  uint8_t valid[AGT_MAX_ENTRIES];        /* [N][1] */
  uint8_t dist[AGT_MAX_ENTRIES];         /* [N][1] every block handed out */
  uint16_t exebl[AGT_MAX_ENTRIES];       /* [N][EXE_W] blocks executing (SRAM in the RTL) */
  uint32_t next[AGT_MAX_ENTRIES];        /* [N][32] the link (SRAM; one word without LINK) */
} agt_state;

typedef struct agt_in {
  uint8_t cmd;    /* [3] AGT_* */
  uint8_t kde;    /* [6] kernel distributor entry */
  uint16_t hwtid; /* [11] JOIN: the launching thread's hardware thread index in its SM */
  uint32_t gref;  /* [32] JOIN: the global record of the group (0: none) */
  uint32_t ref;   /* [32] GROUP_DONE, TB_START, TB_END: the group */
  uint32_t gnext; /* [32] GROUP_DONE of a global ref: the record's Next */
} agt_in;

typedef struct agt_out {
  uint8_t accept;      /* JOIN: the group joined (on-chip or global) */
  uint8_t hit;         /* JOIN: an entry was allocated */
  uint8_t conflict;    /* JOIN: the hashed entry was busy */
  uint32_t ref;        /* [32] JOIN: the group's reference (0 if refused) */
  uint8_t requeue;     /* JOIN: an unmarked kernel marked again (case 1) */
  uint8_t link_global; /* JOIN: the previous last group is global: write its Next */
  uint8_t unmark;      /* NATIVE_DONE, GROUP_DONE: the kernel leaves the FCFS queue */
  uint8_t freed;       /* GROUP_DONE, TB_END: the entry was freed */
  uint8_t error;       /* an illegal command (nothing changes) */
  uint32_t nagei;      /* [32] KDE[kde].NAGEI after the command */
  uint8_t marked;      /* kde's marked bit after the command */
  uint8_t first;       /* kde's first bit after the command */
  uint16_t n_valid;    /* [AGT_W+1] valid entries (the register) */
} agt_out;

void agt_reset(const agt_params *p, agt_state *s);
void agt_eval(const agt_params *p, const agt_state *s, const agt_in *in, agt_out *out);
void agt_tick(const agt_params *p, agt_state *s, const agt_in *in, const agt_out *out);

/* The parameters of the GPU's AGT under cfg. */
void agt_config_params(const st_config *cfg, agt_params *p);

/* References. */
static inline int agt_ref_onchip(uint32_t ref) { return (ref & AGT_REF_ONCHIP) != 0; }
static inline uint32_t agt_ref_of(unsigned index) { return AGT_REF_ONCHIP | index; }
static inline unsigned agt_ref_index(const agt_params *p, uint32_t ref) {
  return ref & (agt_entries(p) - 1u);
}

/* The host's commands: each fills a whole agt_in. */
static inline void agt_cmd_nop(agt_in *in) { memset(in, 0, sizeof *in); }
static inline void agt_cmd_mark(agt_in *in, unsigned kde) {
  memset(in, 0, sizeof *in);
  in->cmd = AGT_MARK;
  in->kde = (uint8_t)kde;
}
static inline void agt_cmd_join(agt_in *in, unsigned kde, unsigned hwtid, uint32_t gref) {
  memset(in, 0, sizeof *in);
  in->cmd = AGT_JOIN;
  in->kde = (uint8_t)kde;
  in->hwtid = (uint16_t)(hwtid & 0x7ffu);
  in->gref = gref;
}
static inline void agt_cmd_native_done(agt_in *in, unsigned kde) {
  memset(in, 0, sizeof *in);
  in->cmd = AGT_NATIVE_DONE;
  in->kde = (uint8_t)kde;
}
static inline void agt_cmd_group_done(agt_in *in, unsigned kde, uint32_t ref, uint32_t gnext) {
  memset(in, 0, sizeof *in);
  in->cmd = AGT_GROUP_DONE;
  in->kde = (uint8_t)kde;
  in->ref = ref;
  in->gnext = gnext;
}
static inline void agt_cmd_tb_start(agt_in *in, uint32_t ref) {
  memset(in, 0, sizeof *in);
  in->cmd = AGT_TB_START;
  in->ref = ref;
}
static inline void agt_cmd_tb_end(agt_in *in, uint32_t ref) {
  memset(in, 0, sizeof *in);
  in->cmd = AGT_TB_END;
  in->ref = ref;
}
static inline void agt_cmd_release(agt_in *in, unsigned kde) {
  memset(in, 0, sizeof *in);
  in->cmd = AGT_RELEASE;
  in->kde = (uint8_t)kde;
}

extern const st_unit_desc agt_desc;

/* ---- the unit in the model (agt_bind.c) ------------------------------------ */

struct st_uinst;
/* The binding a GPU-level host gets (st_unit.ops of agt_unit). */
typedef struct agt_host_ops {
  /* One command: copies in to the instance's inputs, evaluates (compared
   * with the RTL twin if one is attached), counts the statistics and clocks
   * the instance. The outputs are the instance's `out` (the RTL's when it
   * drives). ST_ERR_MISMATCH with the report in err on a C/RTL difference. */
  st_status (*step)(struct st_uinst *u, const agt_in *in, uint64_t now, st_error *err);
} agt_host_ops;

st_status agt_host_step(struct st_uinst *u, const agt_in *in, uint64_t now, st_error *err);

#endif
