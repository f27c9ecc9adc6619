/* CPL's accuracy statistic (units/cpl/cpl_acc.h) on a constructed case whose
 * answers are worked out by hand from spec/cawa-ctrlc-heteropdp.md §1.3.2's
 * definition: a warp is slow when its crit exceeds that of at least half of
 * its block's warps; the block's last warp to exit is its critical warp;
 * accuracy = samples in which that warp was slow / samples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "units/cpl/cpl_acc.h"

/* Warp slots 0-3: TB 0; 4-5: TB 1; 6: TB 2 (alone); 7: not a member. */
static const uint8_t tb[8] = {0, 0, 0, 0, 1, 1, 2, 0};

static void test_slow(void **state) {
  (void)state;
  /* TB 0 {5,1,9,5}: w2 exceeds 3 of 4 (slow); w0 and w3 exceed only w1 (1 of 4: not slow,
   * a tie does not count); TB 1 {3,3}: a tie, neither; TB 2: its only warp is slow; w7 is
   * not a member however large its crit. */
  const uint32_t c1[8] = {5, 1, 9, 5, 3, 3, 7, 99};
  assert_int_equal(cpl_acc_slow(8, 0x7f, tb, c1), 0x44);
  /* TB 0 {8,1,2,0}: w0 exceeds 3, w2 exceeds 2 of 4 (exactly half: slow), w1 only 1; TB 1
   * {4,3}: w4 exceeds 1 of 2 (half: slow). */
  const uint32_t c2[8] = {8, 1, 2, 0, 4, 3, 0, 0};
  assert_int_equal(cpl_acc_slow(8, 0x7f, tb, c2), 0x55);
  /* a member set without w2 and w3: TB 0 is {w0, w1} = {8, 1}: w0 slow */
  assert_int_equal(cpl_acc_slow(8, 0x73, tb, c2), 0x51);
}

static void test_accuracy(void **state) {
  (void)state;
  cpl_acc a = {0};
  cpl_acc_launch(&a, 0, 0x0f);
  cpl_acc_launch(&a, 1, 0x30);
  cpl_acc_launch(&a, 2, 0x40);
  const uint32_t c1[8] = {5, 1, 9, 5, 3, 3, 7, 99};
  const uint32_t c2[8] = {8, 1, 2, 0, 4, 3, 0, 0};
  cpl_acc_sample(&a, 8, 0x7f, tb, c1, 1); /* slow: w2, w6 */
  cpl_acc_sample(&a, 8, 0x7f, tb, c2, 3); /* three samples at once; slow: w0, w2, w4, w6 */
  assert_int_equal(a.samples[0], 4);
  assert_int_equal(a.samples[1], 4);
  assert_int_equal(a.samples[2], 4);
  assert_int_equal(a.samples[3], 0);
  /* TB 0 ends with w2 last: slow in all 4 of its samples */
  cpl_acc_retire(&a, 0, 0x0f, 2);
  assert_int_equal(a.total, 4);
  assert_int_equal(a.correct, 4);
  /* TB 1 ends with w5 last: never slow */
  cpl_acc_retire(&a, 1, 0x30, 5);
  assert_int_equal(a.total, 8);
  assert_int_equal(a.correct, 4);
  /* TB 2's single warp: slow in all 4 */
  cpl_acc_retire(&a, 2, 0x40, 6);
  assert_int_equal(a.total, 12);
  assert_int_equal(a.correct, 8);
  assert_int_equal(a.tbs, 3);
  /* a retired block's counts start again at 0 for the next block in the slot */
  assert_int_equal(a.samples[0], 0);
  assert_int_equal(a.slow[0], 0);
  assert_int_equal(a.slow[2], 0);
  cpl_acc_launch(&a, 0, 0x0f);
  cpl_acc_sample(&a, 8, 0x0f, tb, c1, 2); /* TB 0 alone: slow w2 */
  cpl_acc_retire(&a, 0, 0x0f, 1);          /* w1 exits last: wrong twice */
  assert_int_equal(a.total, 14);
  assert_int_equal(a.correct, 8);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_slow),
      cmocka_unit_test(test_accuracy),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
