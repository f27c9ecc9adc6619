/* Directed vectors of agt, derived by hand from spec/dtbl-laperm-dvfs.md §1.2.2-§1.2.3 (the
 * AGT hash, the NAGEI/LAGEI/FCFS rules with cases 1 and 2, dispatch through the Next links)
 * and, where the spec leaves a detail to the unit, from the unit's header contract
 * (cmodel/src/units/agt/agt.h: the reference encoding, refusals, errors). No expected value
 * was taken from a model's output.
 *
 * They run on the C model (unit/model/agt) and on the Verilated RTL in lock-step with it
 * (cosim/agt). Parameter sets (verif/units/agt/builds.cmake): "small" AGT_W=4 NKDE=4 EXE_W=16
 * LINK=1, "small_nolink" AGT_W=4 NKDE=4 EXE_W=3 LINK=0, and k20c's AGT_W=10 NKDE=32 EXE_W=16
 * LINK=1. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/agt/agt.h"

#define ON(i) (AGT_REF_ONCHIP | (uint32_t)(i))

/* BV_EQ names its arguments twice: a command is stepped once, then its output checked. */
#define OUT_EQ(e, call, field, want)                                                          \
  do {                                                                                        \
    const agt_out *o_ = (call);                                                               \
    BV_EQ((e), o_->field, (want));                                                            \
  } while (0)

static const agt_params k20c = {10, 32, 16, 1};

static const agt_state *st(const bv_unit *u) { return bv_state(u); }

static const agt_out *mark(bv_unit *u, unsigned k) {
  agt_in in;
  agt_cmd_mark(&in, k);
  return bv_step(u, &in);
}
static const agt_out *join(bv_unit *u, unsigned k, unsigned hwtid, uint32_t gref) {
  agt_in in;
  agt_cmd_join(&in, k, hwtid, gref);
  return bv_step(u, &in);
}
static const agt_out *native_done(bv_unit *u, unsigned k) {
  agt_in in;
  agt_cmd_native_done(&in, k);
  return bv_step(u, &in);
}
static const agt_out *group_done(bv_unit *u, unsigned k, uint32_t ref, uint32_t gnext) {
  agt_in in;
  agt_cmd_group_done(&in, k, ref, gnext);
  return bv_step(u, &in);
}
static const agt_out *tb_start(bv_unit *u, uint32_t ref) {
  agt_in in;
  agt_cmd_tb_start(&in, ref);
  return bv_step(u, &in);
}
static const agt_out *tb_end(bv_unit *u, uint32_t ref) {
  agt_in in;
  agt_cmd_tb_end(&in, ref);
  return bv_step(u, &in);
}
static const agt_out *release(bv_unit *u, unsigned k) {
  agt_in in;
  agt_cmd_release(&in, k);
  return bv_step(u, &in);
}

/* Out of reset every register is 0: no entry valid, no kernel marked. */
static void vec_agt_reset(bv_env *e) {
  bv_unit *u = bv_open_set(e, &agt_desc, "small", NULL);
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
  agt_in in;
  agt_cmd_nop(&in);
  const agt_out *o = bv_step(u, &in);
  BV_EQ(e, o->accept | o->hit | o->conflict | o->error | o->freed | o->unmark, 0);
  BV_EQ(e, o->n_valid, 0);
}

/* §1.2.3 ⑥: ind = hw_tid & (AGT_size - 1); a free entry is filled (on-chip ref), a busy one
 * leaves the group in global memory; without a global record the group is refused. Then the
 * entry's lifetime: fully distributed and no block executing -> free (either order). (small:
 * 16 entries) */
static void vec_agt_alloc_conflict_free(bv_env *e) {
  bv_unit *u = bv_open_set(e, &agt_desc, "small", NULL);
  if (u == NULL) return;
  mark(u, 0);
  const agt_out *o = join(u, 0, 5, 0x100);
  BV_EQ(e, o->accept, 1);
  BV_EQ(e, o->hit, 1);
  BV_EQ(e, o->conflict, 0);
  BV_EQ(e, o->ref, ON(5));
  BV_EQ(e, o->nagei, ON(5)); /* the kernel's first group */
  BV_EQ(e, o->requeue, 0);   /* marked already (case 2) */
  BV_EQ(e, st(u)->valid[5], 1);
  BV_EQ(e, st(u)->nvalid, 1);
  o = join(u, 0, 21, 0x200); /* 21 & 15 = 5: busy */
  BV_EQ(e, o->accept, 1);
  BV_EQ(e, o->hit, 0);
  BV_EQ(e, o->conflict, 1);
  BV_EQ(e, o->ref, 0x200u);
  BV_EQ(e, o->link_global, 0); /* the last group is on chip: its Next is written here */
  BV_EQ(e, st(u)->next[5], 0x200u);
  BV_EQ(e, st(u)->lagei[0], 0x200u);
  BV_EQ(e, st(u)->nagei[0], ON(5));
  agt_state before = *st(u);
  o = join(u, 0, 37, 0); /* 37 & 15 = 5, no global record: refused */
  BV_EQ(e, o->accept, 0);
  BV_EQ(e, o->conflict, 1);
  BV_EQ(e, o->ref, 0);
  BV_EQ(e, o->error, 0);
  BV_CHECK(e, memcmp(&before, st(u), sizeof before) == 0, "a refused group changed the state");
  o = join(u, 0, 6, 0x300);
  BV_EQ(e, o->hit, 1);
  BV_EQ(e, o->link_global, 1); /* the last group (0x200) is a global record */
  BV_EQ(e, st(u)->lagei[0], ON(6));
  BV_EQ(e, st(u)->nvalid, 2);
  o = native_done(u, 0);
  BV_EQ(e, o->unmark, 0); /* groups are pending */
  BV_EQ(e, o->first, 0);
  BV_EQ(e, o->marked, 1);
  /* group 5: two blocks, handed out, then they end: freed at the second end */
  OUT_EQ(e, tb_start(u, ON(5)), error, 0);
  OUT_EQ(e, tb_start(u, ON(5)), error, 0);
  BV_EQ(e, st(u)->exebl[5], 2);
  o = group_done(u, 0, ON(5), 0);
  BV_EQ(e, o->error, 0);
  BV_EQ(e, o->freed, 0);
  BV_EQ(e, o->nagei, 0x200u); /* Next of entry 5 */
  BV_EQ(e, st(u)->dist[5], 1);
  OUT_EQ(e, tb_end(u, ON(5)), freed, 0);
  o = tb_end(u, ON(5));
  BV_EQ(e, o->freed, 1);
  BV_EQ(e, o->n_valid, 2); /* the register, before the edge */
  BV_EQ(e, st(u)->valid[5], 0);
  BV_EQ(e, st(u)->nvalid, 1);
  /* the global group: its record's Next (written by the host at link_global) is gnext */
  o = group_done(u, 0, 0x200, ON(6));
  BV_EQ(e, o->error, 0);
  BV_EQ(e, o->freed, 0);
  BV_EQ(e, o->nagei, ON(6));
  BV_EQ(e, o->unmark, 0);
  /* group 6: its block starts, the group is handed out (not freed: a block executes), the
   * kernel has no pending group left: unmarked, LAGEI cleared */
  tb_start(u, ON(6));
  o = group_done(u, 0, ON(6), 0);
  BV_EQ(e, o->freed, 0);
  BV_EQ(e, o->nagei, 0);
  BV_EQ(e, o->unmark, 1);
  BV_EQ(e, o->marked, 0);
  BV_EQ(e, st(u)->lagei[0], 0);
  o = tb_end(u, ON(6));
  BV_EQ(e, o->freed, 1);
  BV_EQ(e, st(u)->nvalid, 0);
  /* entry 5 is free again: a new group takes it; its Next word keeps the previous group's
   * link (a storage array is not cleared), but the group is the kernel's last, so handing it
   * out ends the list */
  o = join(u, 0, 53, 0x400);
  BV_EQ(e, o->hit, 1);
  BV_EQ(e, o->ref, ON(5));
  BV_EQ(e, o->requeue, 1); /* the kernel was unmarked (case 1) */
  BV_EQ(e, st(u)->next[5], 0x200u);
  BV_EQ(e, st(u)->exebl[5], 0);
  BV_EQ(e, st(u)->dist[5], 0);
  o = group_done(u, 0, ON(5), 0);
  BV_EQ(e, o->error, 0);
  BV_EQ(e, o->freed, 1);
  BV_EQ(e, o->nagei, 0); /* not the stale 0x200 */
  BV_EQ(e, o->unmark, 1);
  BV_EQ(e, st(u)->lagei[0], 0);
}

/* §1.2.3 case 1: the eligible kernel is unmarked (its native blocks all handed out): NAGEI is
 * set to the new group and the kernel is marked again, not for the first time (requeue). A
 * second group is appended: LAGEI moves, NAGEI stays, no requeue. (k20c) */
static void vec_agt_case1(bv_env *e) {
  bv_unit *u = bv_open(e, &agt_desc, &k20c);
  if (u == NULL) return;
  const agt_out *o = mark(u, 7);
  BV_EQ(e, o->marked, 1);
  BV_EQ(e, o->first, 1);
  o = native_done(u, 7);
  BV_EQ(e, o->unmark, 1);
  BV_EQ(e, o->marked, 0);
  BV_EQ(e, o->first, 0);
  o = join(u, 7, 1027, 0); /* 1027 & 1023 = 3 */
  BV_EQ(e, o->ref, ON(3));
  BV_EQ(e, o->requeue, 1);
  BV_EQ(e, o->marked, 1);
  BV_EQ(e, o->first, 0);
  BV_EQ(e, o->nagei, ON(3));
  BV_EQ(e, st(u)->lagei[7], ON(3));
  o = join(u, 7, 2047, 0); /* entry 1023 */
  BV_EQ(e, o->ref, ON(1023));
  BV_EQ(e, o->requeue, 0);
  BV_EQ(e, o->nagei, ON(3));
  BV_EQ(e, st(u)->lagei[7], ON(1023));
  BV_EQ(e, st(u)->next[3], ON(1023));
  /* other kernels untouched */
  BV_EQ(e, st(u)->nagei[6], 0);
  BV_EQ(e, st(u)->marked[6], 0);
}

/* §1.2.3 case 2: the kernel is marked and its native blocks are still being handed out: the
 * first group sets NAGEI (first stays 1: the native blocks go first), later groups only LAGEI;
 * NATIVE_DONE then clears first and, with groups pending, leaves the kernel marked. (k20c) */
static void vec_agt_case2(bv_env *e) {
  bv_unit *u = bv_open(e, &agt_desc, &k20c);
  if (u == NULL) return;
  mark(u, 31);
  const agt_out *o = join(u, 31, 100, 0);
  BV_EQ(e, o->nagei, ON(100));
  BV_EQ(e, o->requeue, 0);
  BV_EQ(e, o->first, 1);
  BV_EQ(e, o->marked, 1);
  o = join(u, 31, 200, 0);
  BV_EQ(e, o->nagei, ON(100));
  BV_EQ(e, st(u)->next[100], ON(200));
  BV_EQ(e, st(u)->lagei[31], ON(200));
  o = native_done(u, 31);
  BV_EQ(e, o->first, 0);
  BV_EQ(e, o->marked, 1);
  BV_EQ(e, o->unmark, 0);
  BV_EQ(e, o->nagei, ON(100));
}

/* Dispatch (§1.2.3): three groups of one kernel are handed out in the order they joined,
 * NAGEI following the Next links (1 -> 2 -> 3 -> NULL, unmark at the last); a GROUP_DONE for a
 * group that is not NAGEI is an error and changes nothing. (small) */
static void vec_agt_chain_of_three(bv_env *e) {
  bv_unit *u = bv_open_set(e, &agt_desc, "small", NULL);
  if (u == NULL) return;
  mark(u, 2);
  native_done(u, 2); /* unmarked: the first join requeues it */
  OUT_EQ(e, join(u, 2, 1, 0), requeue, 1);
  join(u, 2, 2, 0);
  join(u, 2, 3, 0);
  BV_EQ(e, st(u)->nvalid, 3);
  agt_state before = *st(u);
  const agt_out *o = group_done(u, 2, ON(3), 0);
  BV_EQ(e, o->error, 1);
  BV_EQ(e, o->freed, 0);
  BV_CHECK(e, memcmp(&before, st(u), sizeof before) == 0, "an erroneous GROUP_DONE changed state");
  static const uint32_t order[3] = {ON(1), ON(2), ON(3)};
  for (unsigned g = 0; g < 3; g++) {
    BV_EQ(e, st(u)->nagei[2], order[g]);
    o = group_done(u, 2, order[g], 0);
    BV_EQ(e, o->error, 0);
    BV_EQ(e, o->freed, 1); /* no block started: freed at once */
    BV_EQ(e, o->nagei, g < 2 ? order[g + 1] : 0);
    BV_EQ(e, o->unmark, g == 2);
  }
  BV_EQ(e, st(u)->nvalid, 0);
  BV_EQ(e, st(u)->marked[2], 0);
  BV_EQ(e, st(u)->lagei[2], 0);
  o = release(u, 2);
  BV_EQ(e, o->error, 0);
}

/* Groups that did not fit on chip (§1.2.3 ⑥ "else: GLOBAL"): a list of global records is
 * linked through the records' Next, which the host writes when link_global says so and passes
 * back as gnext; a global group's blocks do not touch the table. (small) */
static void vec_agt_global_links(bv_env *e) {
  bv_unit *u = bv_open_set(e, &agt_desc, "small", NULL);
  if (u == NULL) return;
  mark(u, 0);
  join(u, 0, 0, 0); /* entry 0 busy */
  mark(u, 1);
  const agt_out *o = join(u, 1, 16, 0x40);
  BV_EQ(e, o->ref, 0x40u);
  BV_EQ(e, o->link_global, 0); /* first group: NAGEI */
  BV_EQ(e, o->nagei, 0x40u);
  o = join(u, 1, 32, 0x80000041u); /* bit 31 of a global record is not read */
  BV_EQ(e, o->ref, 0x41u);
  BV_EQ(e, o->link_global, 1);
  BV_EQ(e, st(u)->lagei[1], 0x41u);
  o = join(u, 1, 48, 0x42);
  BV_EQ(e, o->link_global, 1);
  OUT_EQ(e, tb_start(u, 0x40), error, 0);
  BV_EQ(e, st(u)->exebl[0], 0);
  o = group_done(u, 1, 0x40, 0x41);
  BV_EQ(e, o->nagei, 0x41u);
  BV_EQ(e, o->freed, 0);
  OUT_EQ(e, tb_end(u, 0x40), error, 0);
  OUT_EQ(e, group_done(u, 1, 0x41, 0x42), nagei, 0x42u);
  native_done(u, 1);
  o = group_done(u, 1, 0x42, 0);
  BV_EQ(e, o->unmark, 1);
  BV_EQ(e, o->nagei, 0);
  BV_EQ(e, st(u)->lagei[1], 0);
  BV_EQ(e, st(u)->nvalid, 1);
  /* a RELEASE of kernel 0 clears its registers, not its entry */
  o = release(u, 0);
  BV_EQ(e, o->nagei, 0);
  BV_EQ(e, o->marked, 0);
  BV_EQ(e, o->first, 0);
  BV_EQ(e, st(u)->valid[0], 1);
  BV_EQ(e, st(u)->nagei[0], 0);
}

/* LINK = 0 (LaPerm orders the groups in its own queues): a JOIN allocates or refuses but
 * leaves the KDE's registers alone; GROUP_DONE needs no NAGEI match (and reads no kde); the
 * 3-bit block count saturates at 7 (an eighth TB_START is an error). (small_nolink) */
static void vec_agt_nolink(bv_env *e) {
  bv_unit *u = bv_open_set(e, &agt_desc, "small_nolink", NULL);
  if (u == NULL) return;
  mark(u, 3);
  native_done(u, 3);
  const agt_out *o = join(u, 3, 9, 0x77);
  BV_EQ(e, o->accept, 1);
  BV_EQ(e, o->ref, ON(9));
  BV_EQ(e, o->requeue, 0);
  BV_EQ(e, o->nagei, 0);
  BV_EQ(e, o->marked, 0);
  o = join(u, 3, 25, 0x77);
  BV_EQ(e, o->ref, 0x77u);
  BV_EQ(e, o->link_global, 0);
  BV_EQ(e, st(u)->next[9], 0);
  BV_EQ(e, st(u)->nagei[3], 0);
  BV_EQ(e, st(u)->lagei[3], 0);
  join(u, 0, 10, 0);
  for (unsigned k = 0; k < 7; k++) OUT_EQ(e, tb_start(u, ON(9)), error, 0);
  BV_EQ(e, st(u)->exebl[9], 7);
  agt_state before = *st(u);
  OUT_EQ(e, tb_start(u, ON(9)), error, 1);
  BV_CHECK(e, memcmp(&before, st(u), sizeof before) == 0, "a saturating TB_START changed state");
  /* group 10 done before group 9, under any kde */
  o = group_done(u, 63, ON(10), 0);
  BV_EQ(e, o->error, 0);
  BV_EQ(e, o->freed, 1);
  BV_EQ(e, o->unmark, 0);
  o = group_done(u, 0, ON(9), 0);
  BV_EQ(e, o->freed, 0);
  for (unsigned k = 0; k < 6; k++) OUT_EQ(e, tb_end(u, ON(9)), freed, 0);
  OUT_EQ(e, tb_end(u, ON(9)), freed, 1);
  BV_EQ(e, st(u)->nvalid, 0);
}

/* Illegal commands raise error and change nothing: a kde beyond NKDE, GROUP_DONE of NULL or
 * of an entry not valid or already handed out, TB_START of a handed-out group, TB_END of an
 * entry not valid or without executing blocks. A block of a global group is not an error.
 * (small) */
static void vec_agt_errors(bv_env *e) {
  bv_unit *u = bv_open_set(e, &agt_desc, "small", NULL);
  if (u == NULL) return;
  mark(u, 0);
  join(u, 0, 4, 0);
  tb_start(u, ON(4));
  group_done(u, 0, ON(4), 0); /* distributed, one block executing */
  mark(u, 1);
  join(u, 1, 7, 0);
  agt_state before = *st(u);
  agt_in in;
  static const struct { uint8_t cmd, kde; uint32_t ref; } bad[] = {
      {AGT_MARK, 4, 0},           {AGT_JOIN, 5, 0},           {AGT_NATIVE_DONE, 63, 0},
      {AGT_RELEASE, 4, 0},        {AGT_GROUP_DONE, 1, 0},     {AGT_GROUP_DONE, 1, ON(8)},
      {AGT_GROUP_DONE, 0, ON(4)}, {AGT_GROUP_DONE, 4, ON(7)}, {AGT_TB_START, 0, ON(4)},
      {AGT_TB_START, 0, ON(8)},   {AGT_TB_END, 0, ON(8)},     {AGT_TB_END, 0, ON(7)},
  };
  for (unsigned k = 0; k < BV_N_OF(bad); k++) {
    memset(&in, 0, sizeof in);
    in.cmd = bad[k].cmd;
    in.kde = bad[k].kde;
    in.ref = bad[k].ref;
    in.hwtid = 3;
    const agt_out *o = bv_step(u, &in);
    BV_CHECK(e, o->error == 1, "bad command %u (cmd %u) not an error", k, bad[k].cmd);
    BV_CHECK(e, o->accept == 0 && o->freed == 0 && o->unmark == 0, "bad command %u acted", k);
  }
  BV_CHECK(e, memcmp(&before, st(u), sizeof before) == 0, "an erroneous command changed state");
  OUT_EQ(e, tb_start(u, 0x1234), error, 0);
  OUT_EQ(e, tb_end(u, 0x1234), error, 0);
  OUT_EQ(e, tb_end(u, 0), error, 0);
  OUT_EQ(e, tb_end(u, ON(4)), freed, 1);
}

const bv_vector ut_vectors_agt[] = {
    {"agt_reset", vec_agt_reset},
    {"agt_alloc_conflict_free", vec_agt_alloc_conflict_free},
    {"agt_case1", vec_agt_case1},
    {"agt_case2", vec_agt_case2},
    {"agt_chain_of_three", vec_agt_chain_of_three},
    {"agt_global_links", vec_agt_global_links},
    {"agt_nolink", vec_agt_nolink},
    {"agt_errors", vec_agt_errors},
    {NULL, NULL},
};
