/* DTBL's hardware beside the launch queue (docs/units/dtbl.md, spec §1.2):
 * the aggregated group table (AGT) with its allocation and its links (the
 * kernel distributor entries' NAGEI / LAGEI, the FCFS marks), driven by the
 * launch queue's events, one command each: a kernel entering the kernel
 * distributor, a group joining it, a kernel's native blocks or a group's
 * blocks all handed out, a group's block starting and ending, a kernel
 * leaving. The AGT decides whether a group gets an entry (its hardware
 * thread id hashed to one) and so whether it joins on chip, from a record
 * in global memory (dtbl.overflow global) or goes on as a kernel of its own
 * (dtbl.overflow kernel). The table is the agt unit (units/agt/agt.h), one
 * per GPU among the GPU-level units, co-simulated like any unit. */
#ifndef SIMTREF_GPU_DTBL_H
#define SIMTREF_GPU_DTBL_H

#include <stdbool.h>
#include <stdint.h>

#include "common/error.h"

typedef struct st_dtbl st_dtbl;
struct st_uinst;

/* A group's reference: 0 none; bit 31 set: AGT entry (low bits); else a
 * record in global memory. */
#define ST_DTBL_ONCHIP UINT32_C(0x80000000)

/* The host of the AGT instance among the GPU-level units (NULL: none). */
st_dtbl *st_dtbl_find(struct st_uinst *const *gunits, uint32_t n);
void st_dtbl_destroy(st_dtbl *d);

/* The commands, at core cycle now. A kernel entered kernel-distributor
 * entry kde: */
st_status st_dtbl_mark(st_dtbl *d, uint32_t kde, uint64_t now, st_error *err);
/* A group launched by hardware thread hw_tid joins the kernel of entry kde:
 * *ref its reference, 0 when the AGT refuses it (its entry is busy and
 * dtbl.overflow is kernel: gref 0). gref: its global record's reference. */
st_status st_dtbl_join(st_dtbl *d, uint32_t kde, uint32_t hw_tid, uint32_t gref, uint64_t now,
                       uint32_t *ref, st_error *err);
/* The kernel of entry kde has handed out its native blocks. */
st_status st_dtbl_native_done(st_dtbl *d, uint32_t kde, uint64_t now, st_error *err);
/* Group ref of the kernel of entry kde has handed out its blocks; gnext: the
 * launch queue's next group of that kernel (checked against the AGT's). */
st_status st_dtbl_group_done(st_dtbl *d, uint32_t kde, uint32_t ref, uint32_t gnext,
                             uint64_t now, st_error *err);
/* A block of group ref started / ended on an SM. */
st_status st_dtbl_tb_start(st_dtbl *d, uint32_t ref, uint64_t now, st_error *err);
st_status st_dtbl_tb_end(st_dtbl *d, uint32_t ref, uint64_t now, st_error *err);
/* The kernel of entry kde left the kernel distributor. */
st_status st_dtbl_release(st_dtbl *d, uint32_t kde, uint64_t now, st_error *err);

#endif
