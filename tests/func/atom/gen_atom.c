/* gen_atom: inputs, CPU reference and workload for the "atom" group (atom.cu).
 *
 * Reference semantics (PTX ISA, atom/red): each operation is an indivisible read-modify-write;
 *  inc: old >= b ? 0 : old + 1;  dec: (old == 0 || old > b) ? b : old - 1;
 *  min/max signed or unsigned by type; cas writes c when old == b; exch writes b; all return
 *  the old value. Only outcomes that do not depend on the order of the threads are checked:
 *  final values of commutative operations (and of inc/dec, where every thread applies the same
 *  operation), tickets from atom.add (each value 0..n-1 handed out once), per-thread slots for
 *  exch/cas, and float sums of small multiples of 0.25 (exact in any order).
 */
#include "../common/func_common.h"

#include <stdio.h>

typedef uint32_t u32;
typedef int32_t s32;
typedef uint64_t u64;
typedef int64_t s64;

#define KSH 14

static u32 rand_val(fc_rng *r) {
  switch (fc_rng_below(r, 4)) {
  case 0: return fc_rng_u32(r);
  case 1: return (u32)fc_rng_range(r, -1000, 1000);
  case 2: return fc_rng_u32_shr(r);
  default: return fc_rng_u32(r) | 0x80000000u;
  }
}

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "atom");
  fc_rng rng;
  fc_rng_seed(&rng, 0xa70);

  /* ---- atom_global32: 16 CTAs x 256 ---- */
  const int n = 4096;
  u32 *vals = fc_alloc((size_t)n * 4), *acc0 = fc_alloc(20 * 4), *acc = fc_alloc(20 * 4);
  u32 *slots0 = fc_alloc((size_t)n * 4), *slots = fc_alloc((size_t)n * 4);
  u32 *cas0 = fc_alloc((size_t)n * 4), *cas = fc_alloc((size_t)n * 4);
  u32 *seen = fc_alloc((size_t)n * 4), *old = fc_alloc((size_t)n * 8);
  for (int i = 0; i < n; i++) vals[i] = rand_val(&rng);
  acc0[2] = 0x7fffffffu;
  acc0[3] = 0x80000000u;
  acc0[4] = 0xffffffffu;
  acc0[6] = 0xffffffffu;
  acc0[10] = 5u;
  acc0[17] = 0x80000000u;
  memcpy(acc, acc0, 20 * 4);
  for (int i = 0; i < n; i++) {
    u32 v = vals[i];
    acc[0] += 1;
    acc[1] += v;
    if ((s32)v < (s32)acc[2]) acc[2] = v;
    if ((s32)v > (s32)acc[3]) acc[3] = v;
    if (v < acc[4]) acc[4] = v;
    if (v > acc[5]) acc[5] = v;
    acc[6] &= v | 0x01010101u;
    acc[7] |= v & 0x00100401u;
    acc[8] ^= v;
    acc[9] = acc[9] >= 1000u ? 0u : acc[9] + 1u;
    acc[10] = (acc[10] == 0 || acc[10] > 1000u) ? 1000u : acc[10] - 1u;
    acc[11] -= v;
    acc[12] += v & 0xffu;
    acc[13] += 3u;
    acc[14] += 5u;
    acc[15] += v >> 8;
    acc[16] += v;
    if ((s32)v > (s32)acc[17]) acc[17] = v;
    acc[18] ^= v;
    acc[19] += v >> 4;
    seen[i] = 1;
    slots0[i] = (u32)i;
    slots[i] = v;
    cas0[i] = (u32)i * 7u;
    cas[i] = (i & 1) ? v : (u32)i * 7u;
    old[2 * i] = (u32)i;
    old[2 * i + 1] = (u32)i * 7u;
  }

  /* ---- atom_global64: 8 CTAs x 256 ---- */
  const int n64 = 2048;
  u64 *v64 = fc_alloc((size_t)n64 * 8), *a64_0 = fc_alloc(11 * 8), *a64 = fc_alloc(11 * 8);
  u64 *s64_0 = fc_alloc((size_t)n64 * 8), *s64e = fc_alloc((size_t)n64 * 8),
      *old64 = fc_alloc((size_t)n64 * 16);
  for (int i = 0; i < n64; i++) {
    u64 x = fc_rng_u64(&rng);
    switch (i % 4) {
    case 1: x >>= fc_rng_below(&rng, 64); break;
    case 2: x = (u64)fc_rng_range(&rng, -100000, 100000); break;
    default: break;
    }
    v64[i] = x;
  }
  a64_0[2] = (u64)INT64_MAX;
  a64_0[3] = (u64)INT64_MIN;
  a64_0[4] = UINT64_MAX;
  a64_0[6] = UINT64_MAX;
  memcpy(a64, a64_0, 11 * 8);
  for (int i = 0; i < n64; i++) {
    u64 v = v64[i];
    a64[0] += v;
    a64[1] += 1;
    if ((s64)v < (s64)a64[2]) a64[2] = v;
    if ((s64)v > (s64)a64[3]) a64[3] = v;
    if (v < a64[4]) a64[4] = v;
    if (v > a64[5]) a64[5] = v;
    a64[6] &= v | 0x0101010101010101ull;
    a64[7] |= v & 0x0010040100100401ull;
    a64[8] ^= v;
    a64[9] += v & 0xffffull;
    a64[10] += v >> 3;
    s64_0[i] = fc_rng_u64(&rng);
    s64e[i] = v;
    old64[2 * i] = 1;
    old64[2 * i + 1] = s64_0[i];
  }

  /* ---- atom_float: 16 CTAs x 256 ---- */
  float *fv = fc_alloc((size_t)n * 4), *fslot0 = fc_alloc((size_t)n * 8),
        *fslot = fc_alloc((size_t)n * 8), *fold = fc_alloc((size_t)n * 8);
  double *dv = fc_alloc((size_t)n * 8);
  float facc[3] = {0, 0, 0};
  double dacc[3] = {0, 0, 0};
  for (int i = 0; i < n; i++) {
    fv[i] = (float)fc_rng_range(&rng, -256, 256) * 0.25f;
    dv[i] = (double)fc_rng_range(&rng, -8000, 8000) * 0.125;
    fslot0[n + i] = (float)fc_rng_range(&rng, -1000, 1000);
    fslot[i] = fslot0[n + i];
    fslot[n + i] = fv[i];
    facc[0] += fv[i];
    facc[1] += 1.0f;
    facc[2] += fv[i] * 2.0f;
    dacc[0] += dv[i];
    dacc[1] -= 0.5;
    dacc[2] += dv[i] * 4.0;
    fold[2 * i] = 1.0f;
    fold[2 * i + 1] = 1.0f;
  }

  /* ---- atom_shared: 8 CTAs x 256 ---- */
  const int sb = 8, bd = 256;
  u32 *svals = fc_alloc((size_t)sb * bd * 4);
  float *sfv = fc_alloc((size_t)sb * bd * 4);
  for (int i = 0; i < sb * bd; i++) {
    svals[i] = rand_val(&rng);
    sfv[i] = (float)fc_rng_range(&rng, -100, 100) * 0.25f;
  }
  size_t sout_words = (size_t)sb * (64 + KSH) + 2 * (size_t)sb * bd;
  u32 *sout = fc_alloc(sout_words * 4);
  float *sfout = fc_alloc((size_t)sb * 4);
  u64 *sout64 = fc_alloc((size_t)sb * 16);
  for (int b = 0; b < sb; b++) {
    const u32 *v = svals + b * bd;
    u32 *o = sout + (size_t)b * (64 + KSH);
    u32 sa[KSH] = {0, 0, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0, 0xffffffffu, 0, 0, 0, 5u, 0,
                   0, 0xffffffffu};
    u64 s0 = 0, s1 = 0;
    float sf = 0.0f;
    for (int t = 0; t < bd; t++) {
      u32 x = v[t];
      o[x & 63] += 1;
      o[(x >> 6) & 63] += 2;
      sa[0] += x;
      sa[1] += 1;
      if ((s32)x < (s32)sa[2]) sa[2] = x;
      if ((s32)x > (s32)sa[3]) sa[3] = x;
      if (x < sa[4]) sa[4] = x;
      if (x > sa[5]) sa[5] = x;
      sa[6] &= x | 0x10204081u;
      sa[7] |= x & 0x01800180u;
      sa[8] ^= x;
      sa[9] = sa[9] >= 37u ? 0u : sa[9] + 1u;
      sa[10] = (sa[10] == 0 || sa[10] > 37u) ? 37u : sa[10] - 1u;
      sa[11] += x & 0xfu;
      sa[12] += x;
      if (x < sa[13]) sa[13] = x;
      s0 += (u64)x << 20;
      if ((u64)x * 3ull > s1) s1 = (u64)x * 3ull;
      sf += sfv[b * bd + t];
      sout[(size_t)sb * (64 + KSH) + (size_t)b * bd + t] = 1;
      sout[(size_t)sb * (64 + KSH) + (size_t)sb * bd + (size_t)b * bd + t] =
          (u32)((t + 1) % bd) * 11u + v[(t - 1 + bd) % bd];
    }
    for (int k = 0; k < KSH; k++) o[64 + k] = sa[k];
    sout64[2 * b] = s0;
    sout64[2 * b + 1] = s1;
    sfout[b] = sf;
  }

  fc_buf_in(w, "vals", vals, (size_t)n * 4);
  fc_buf_out(w, "acc", 20 * 4, acc0, acc);
  fc_buf_out(w, "seen", (size_t)n * 4, NULL, seen);
  fc_buf_out(w, "slots", (size_t)n * 4, slots0, slots);
  fc_buf_out(w, "cas", (size_t)n * 4, cas0, cas);
  fc_buf_out(w, "old", (size_t)n * 8, NULL, old);
  fc_buf_in(w, "v64", v64, (size_t)n64 * 8);
  fc_buf_out(w, "acc64", 11 * 8, a64_0, a64);
  fc_buf_out(w, "slots64", (size_t)n64 * 8, s64_0, s64e);
  fc_buf_out(w, "old64", (size_t)n64 * 16, NULL, old64);
  fc_buf_in(w, "fv", fv, (size_t)n * 4);
  fc_buf_in(w, "dv", dv, (size_t)n * 8);
  fc_buf_out(w, "facc", sizeof facc, NULL, facc);
  fc_buf_out(w, "dacc", sizeof dacc, NULL, dacc);
  fc_buf_out(w, "fslot", (size_t)n * 8, fslot0, fslot);
  fc_buf_out(w, "fold", (size_t)n * 8, NULL, fold);
  fc_buf_in(w, "svals", svals, (size_t)sb * bd * 4);
  fc_buf_in(w, "sfv", sfv, (size_t)sb * bd * 4);
  fc_buf_out(w, "sout", sout_words * 4, NULL, sout);
  fc_buf_out(w, "sfout", (size_t)sb * 4, NULL, sfout);
  fc_buf_out(w, "sout64", (size_t)sb * 16, NULL, sout64);

  fc_launch(w, "atom_global32", n / 256, 1, 1, 256, 1, 1, 0);
  fc_p_buf(w, "vals", 0);
  fc_p_buf(w, "acc", 0);
  fc_p_buf(w, "seen", 0);
  fc_p_buf(w, "slots", 0);
  fc_p_buf(w, "cas", 0);
  fc_p_buf(w, "old", 0);
  fc_p_s32(w, n);

  fc_launch(w, "atom_global64", n64 / 256, 1, 1, 256, 1, 1, 0);
  fc_p_buf(w, "v64", 0);
  fc_p_buf(w, "acc64", 0);
  fc_p_buf(w, "slots64", 0);
  fc_p_buf(w, "old64", 0);
  fc_p_s32(w, n64);

  fc_launch(w, "atom_float", n / 256, 1, 1, 256, 1, 1, 0);
  fc_p_buf(w, "fv", 0);
  fc_p_buf(w, "dv", 0);
  fc_p_buf(w, "facc", 0);
  fc_p_buf(w, "dacc", 0);
  fc_p_buf(w, "fslot", 0);
  fc_p_buf(w, "fold", 0);
  fc_p_s32(w, n);

  fc_launch(w, "atom_shared", sb, 1, 1, bd, 1, 1, 0);
  fc_p_buf(w, "svals", 0);
  fc_p_buf(w, "sfv", 0);
  fc_p_buf(w, "sout", 0);
  fc_p_buf(w, "sfout", 0);
  fc_p_buf(w, "sout64", 0);
  return fc_wl_end(w);
}
