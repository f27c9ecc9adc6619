/* The address mapping: which channel, sub-partition, bank, row and column
 * hold a byte address (docs/memory-model.md, "Address mapping").
 *
 *   chunk   = addr / I                  I = dram.partition_interleave
 *   channel = chunk mod C               C = dram.channels
 *   k       = chunk / C                 chunk index inside the channel
 *   subpart = channel * S + (k mod S)   S = dram.subpartitions (global index)
 *   local   = k * I + addr mod I        the channel-local byte address
 *   col     = local mod P               P = dram.page_size (byte offset in the row)
 *   bank    = (local / P) mod B         B = dram.banks
 *   row     = local / (P * B)
 *
 * The sub-partitions of a channel share its DRAM, so the bits choosing the
 * sub-partition stay in the channel-local address. Divisions rather than
 * shifts, because the channel count need not be a power of two (6 on the
 * GTX480). */
#include "mem/mem.h"

st_dram_addr st_addrmap(const st_config *cfg, uint64_t addr) {
  const uint64_t interleave = (uint64_t)cfg->dram.partition_interleave;
  const uint64_t channels = (uint64_t)cfg->dram.channels;
  const uint64_t subparts = (uint64_t)cfg->dram.subpartitions;
  const uint64_t page = (uint64_t)cfg->dram.page_size;
  const uint64_t banks = (uint64_t)cfg->dram.banks;

  const uint64_t chunk = addr / interleave;
  const uint64_t k = chunk / channels;
  const uint64_t local = k * interleave + addr % interleave;

  st_dram_addr a;
  a.channel = (uint32_t)(chunk % channels);
  a.subpart = (uint32_t)(a.channel * subparts + k % subparts);
  a.col = (uint32_t)(local % page);
  a.bank = (uint32_t)((local / page) % banks);
  a.row = (uint32_t)(local / (page * banks));
  return a;
}
