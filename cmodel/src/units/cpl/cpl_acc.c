/* CPL's accuracy statistic: see cpl_acc.h. */
#include "units/cpl/cpl_acc.h"

uint64_t cpl_acc_slow(unsigned n_warps, uint64_t members, const uint8_t *tb, const uint32_t *crit) {
  uint64_t slow = 0;
  for (unsigned w = 0; w < n_warps; w++) {
    if (!(members >> w & 1)) {
      continue;
    }
    unsigned n = 0, below = 0;
    for (unsigned x = 0; x < n_warps; x++) {
      if ((members >> x & 1) && tb[x] == tb[w]) {
        n++;
        below += crit[x] < crit[w];
      }
    }
    if (n == 1 || 2 * below >= n) {
      slow |= UINT64_C(1) << w;
    }
  }
  return slow;
}

void cpl_acc_sample(cpl_acc *a, unsigned n_warps, uint64_t members, const uint8_t *tb,
                    const uint32_t *crit, uint64_t k) {
  uint64_t slow = cpl_acc_slow(n_warps, members, tb, crit);
  uint64_t tbs = 0;
  for (unsigned w = 0; w < n_warps; w++) {
    if (members >> w & 1) {
      a->slow[w] += (slow >> w & 1) ? k : 0;
      tbs |= UINT64_C(1) << tb[w];
    }
  }
  for (unsigned t = 0; t < ST_U_MAX_TBS; t++) {
    a->samples[t] += (tbs >> t & 1) ? k : 0;
  }
}

void cpl_acc_launch(cpl_acc *a, unsigned tb, uint64_t warps) {
  a->samples[tb] = 0;
  for (unsigned w = 0; w < ST_U_MAX_WARPS; w++) {
    if (warps >> w & 1) {
      a->slow[w] = 0;
    }
  }
}

void cpl_acc_retire(cpl_acc *a, unsigned tb, uint64_t warps, unsigned last) {
  a->total += a->samples[tb];
  a->correct += a->slow[last];
  a->tbs++;
  cpl_acc_launch(a, tb, warps);
}
