/* The address mapping on the GTX480 configuration: 6 channels, 2
 * sub-partitions each, 256-byte interleave, 4 KiB rows, 16 banks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/mem.h"

static st_config gtx480(void) {
  st_config c;
  st_config_defaults(&c);
  return c;
}

static void expect_map(const st_config *c, uint64_t addr, uint32_t ch, uint32_t sp, uint32_t bank,
                       uint32_t row, uint32_t col) {
  st_dram_addr a = st_addrmap(c, addr);
  assert_int_equal(a.channel, ch);
  assert_int_equal(a.subpart, sp);
  assert_int_equal(a.bank, bank);
  assert_int_equal(a.row, row);
  assert_int_equal(a.col, col);
}

static void test_gtx480_examples(void **state) {
  (void)state;
  st_config c = gtx480();
  assert_int_equal(c.dram.partition_interleave, 256);
  assert_int_equal(c.dram.channels, 6);
  assert_int_equal(c.dram.subpartitions, 2);
  assert_int_equal(c.dram.page_size, 4096);
  assert_int_equal(c.dram.banks, 16);
  /* chunk = addr / 256; channel = chunk % 6; k = chunk / 6;
   * subpart = channel * 2 + k % 2; local = k * 256 + addr % 256;
   * col = local % 4096; bank = local / 4096 % 16; row = local / 65536. */
  expect_map(&c, 0x0, 0, 0, 0, 0, 0);
  expect_map(&c, 0xFF, 0, 0, 0, 0, 255);         /* same 256-byte chunk */
  expect_map(&c, 0x100, 1, 2, 0, 0, 0);          /* chunk 1: channel 1, its first subpart */
  expect_map(&c, 0x5FF, 5, 10, 0, 0, 255);       /* chunk 5, last byte */
  expect_map(&c, 0x600, 0, 1, 0, 0, 256);        /* chunk 6: channel 0 again, k = 1 */
  expect_map(&c, 0x700, 1, 3, 0, 0, 256);        /* chunk 7: channel 1, k = 1 */
  expect_map(&c, 0xC00, 0, 0, 0, 0, 512);        /* chunk 12: k = 2, subpart back to 0 */
  /* local 4096 (next bank): k = 16, chunk = 16 * 6 = 96, addr = 96 * 256. */
  expect_map(&c, 96 * 256, 0, 0, 1, 0, 0);
  /* local 65536 (next row, bank 0): k = 256, addr = 256 * 6 * 256 = 0x60000. */
  expect_map(&c, 0x60000, 0, 0, 0, 1, 0);
  /* 0x60000 + 3 * 256 + 17: chunk 1539 = 6 * 256 + 3: channel 3, k = 256. */
  expect_map(&c, 0x60000 + 3 * 256 + 17, 3, 6, 0, 1, 17);
}

/* The mapping is a bijection: (channel, bank, row, col) rebuilds the address. */
static void test_mapping_is_invertible(void **state) {
  (void)state;
  st_config c = gtx480();
  const uint64_t I = 256, C = 6, S = 2, P = 4096, B = 16;
  uint32_t per_sp[12] = {0};
  for (uint64_t addr = 0; addr < UINT64_C(3072) * 2048; addr += 32) { /* whole 3072-byte rounds */
    st_dram_addr a = st_addrmap(&c, addr);
    uint64_t local = ((uint64_t)a.row * B + a.bank) * P + a.col;
    uint64_t back = ((local / I) * C + a.channel) * I + local % I;
    assert_true(back == addr);
    assert_true(a.subpart / S == a.channel);
    per_sp[a.subpart]++;
  }
  /* Every sub-partition gets an equal share of a uniform range. */
  for (int i = 1; i < 12; i++) {
    assert_int_equal(per_sp[i], per_sp[0]);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gtx480_examples),
      cmocka_unit_test(test_mapping_is_invertible),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
