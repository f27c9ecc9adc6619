/* gen_warp: inputs, CPU reference and workload for the "warp" group (warp.cu).
 *
 * shfl.sync (PTX ISA): with bval = b[4:0] (only 5 bits of b count: an up by 40 is an up by 8,
 * as the manual's pseudocode says and silicon does), segmask = c[12:8] and clamp = c[4:0],
 *   maxLane = (lane & segmask) | (clamp & ~segmask), minLane = lane & segmask;
 *   .up:   j = lane - b, p = (j >= maxLane)      .down: j = lane + b, p = (j <= maxLane)
 *   .bfly: j = lane ^ b, p = (j <= maxLane)      .idx:  j = minLane | (b[4:0] & ~segmask),
 *                                                       p = (j <= maxLane)
 *   d = value of lane j if p, else the lane's own value (j computed in signed arithmetic).
 * The CUDA intrinsics pass c = ((32 - width) << 8) | 0x1f (0 instead of 0x1f for shfl_up).
 * vote.sync/match.sync/activemask operate over the active lanes named in the member mask; in a
 * partly populated warp the missing lanes are inactive. %lanemask_* are fixed per lane.
 */
#include "../common/func_common.h"

#include <stdio.h>

#define KS 20
#define KV 18

typedef uint32_t u32;
typedef uint64_t u64;

static u32 shfl(const u32 *v, int lane, int mode, int b, u32 c, u32 *pout) {
  int seg = (int)((c >> 8) & 0x1f), clamp = (int)(c & 0x1f);
  int maxl = (lane & seg) | (clamp & ~seg), minl = lane & seg;
  int j, p;
  b &= 0x1f;
  switch (mode) {
  case 0: j = lane - b; p = j >= maxl; break;          /* up */
  case 1: j = lane + b; p = j <= maxl; break;          /* down */
  case 2: j = lane ^ b; p = j <= maxl; break;          /* bfly */
  default: j = minl | (b & 0x1f & ~seg); p = j <= maxl; /* idx */
  }
  if (pout) *pout = (u32)p;
  return p ? v[j] : v[lane];
}
static u32 cw(int width, int up) { return ((u32)(32 - width) << 8) | (up ? 0u : 0x1fu); }

enum { UP, DOWN, BFLY, IDX };

static void ref_shfl_warp(const u32 *v, u32 *out) {
  u32 hi[32], lo[32];
  for (int l = 0; l < 32; l++) {
    hi[l] = v[l];
    lo[l] = v[l] ^ 0x5a5a5a5au;
  }
  for (int l = 0; l < 32; l++) {
    u32 *o = out + (size_t)l * KS, p;
    o[0] = shfl(v, l, IDX, (l * 7 + 3) & 31, cw(32, 0), NULL);
    o[1] = shfl(v, l, IDX, l ^ 5, cw(16, 0), NULL);
    o[2] = shfl(v, l, IDX, 35, cw(8, 0), NULL);
    o[3] = shfl(v, l, UP, 3, cw(32, 1), NULL);
    o[4] = shfl(v, l, UP, 1, cw(8, 1), NULL);
    o[5] = shfl(v, l, DOWN, 5, cw(32, 0), NULL);
    o[6] = shfl(v, l, DOWN, 2, cw(4, 0), NULL);
    o[7] = shfl(v, l, BFLY, 16, cw(32, 0), NULL);
    o[8] = shfl(v, l, BFLY, 3, cw(8, 0), NULL);
    o[9] = shfl(v, l, BFLY, 1, cw(2, 0), NULL);
    o[10] = shfl(lo, l, DOWN, 7, cw(32, 0), NULL) ^ shfl(hi, l, DOWN, 7, cw(32, 0), NULL);
    o[11] = shfl(v, l, BFLY, 9, cw(32, 0), NULL);
    o[12] = shfl(v, l, UP, l % 5, 0, &p);
    o[13] = p;
    o[14] = shfl(v, l, IDX, (l * 13) & 31, 0x0810, &p);
    o[15] = p;
    o[16] = v[l];
    o[17] = shfl(v, l, UP, 40, 0, NULL);
    if (l < 20) {
      o[18] = v[l ^ 1];
      o[19] = v[19 - l] + shfl(v, l, UP, 2, cw(32, 1), NULL);
    }
  }
}

static void ref_vote_warp(const u32 *v, int pop, u32 *out) {
  u32 am = pop == 32 ? 0xffffffffu : (1u << pop) - 1;
  u32 ballot = 0, signs = 0, maxk = 0;
  for (int l = 0; l < pop; l++) {
    if (v[l] & 3) ballot |= 1u << l;
    signs |= (v[l] >> 31) << l;
    if ((v[l] & 7) > maxk) maxk = v[l] & 7;
  }
  int all_eq28 = 1;
  for (int l = 1; l < pop; l++) all_eq28 &= (v[l] >> 28) == (v[0] >> 28);
  for (int l = 0; l < pop; l++) {
    u32 *o = out + (size_t)l * KV;
    o[0] = am;
    o[1] = ballot;
    o[2] = ballot == am;
    o[3] = ballot != 0;
    o[4] = signs == 0 || signs == am;
    u32 half = am & ((l & 1) ? 0xaaaaaaaau : 0x55555555u);
    o[5] = half;
    u32 b6 = 0;
    for (int k = 0; k < pop; k++)
      if ((half >> k) & 1) {
        int c = (l & 1) ? v[k] > 0x80000000u : v[k] < 0x10000000u;
        if (c) b6 |= 1u << k;
      }
    o[6] = b6;
    u32 m7 = 0, m10 = 0;
    u64 key = (u64)(v[l] & 3) << 40 | (v[l] >> 30);
    for (int k = 0; k < pop; k++) {
      if ((v[k] & 7) == (v[l] & 7)) m7 |= 1u << k;
      if (((u64)(v[k] & 3) << 40 | (v[k] >> 30)) == key) m10 |= 1u << k;
    }
    o[7] = m7;
    o[8] = all_eq28 ? am : 0u;
    o[9] = (u32)all_eq28;
    o[10] = m10;
    o[11] = (u32)l;
    o[12] = 1u << l;
    o[13] = (1u << l) - 1u;
    o[14] = l == 31 ? 0xffffffffu : (2u << l) - 1u;
    o[15] = ~o[14];
    o[16] = ~o[13];
    o[17] = maxk;
  }
}

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "warp");
  fc_rng rng;
  fc_rng_seed(&rng, 0x3a2);

  const int ns = 256; /* 2 CTAs of 128 */
  u32 *sin_ = fc_alloc((size_t)ns * 4), *sout = fc_alloc((size_t)ns * KS * 4);
  for (int i = 0; i < ns; i++) sin_[i] = fc_rng_u32(&rng);
  for (int wdx = 0; wdx < ns / 32; wdx++) ref_shfl_warp(sin_ + wdx * 32, sout + (size_t)wdx * 32 * KS);

  const int vb = 3, vd = 80, nv = vb * vd; /* warps of 32, 32, 16 lanes */
  u32 *vin = fc_alloc((size_t)nv * 4), *vout = fc_alloc((size_t)nv * KV * 4);
  for (int i = 0; i < nv; i++) {
    int b = i / vd, t = i % vd, wi = t / 32;
    u32 x = fc_rng_u32(&rng);
    if (b == 0 && wi == 0) x |= 1u;                     /* all predicates true */
    if (b == 1 && wi == 1) x = (x & 0x0fffffffu) | 0x70000000u; /* match.all true */
    if (b == 2 && wi == 2) x = (x & 0x0ffffff0u) | 0x30000000u; /* partial warp: all equal */
    if (b == 1 && wi == 0) x &= ~3u;                    /* all predicates false */
    vin[i] = x;
  }
  for (int b = 0; b < vb; b++)
    for (int wi = 0; wi * 32 < vd; wi++) {
      int base = b * vd + wi * 32;
      int pop = vd - wi * 32 < 32 ? vd - wi * 32 : 32;
      ref_vote_warp(vin + base, pop, vout + (size_t)base * KV);
    }

  fc_buf_in(w, "sin", sin_, (size_t)ns * 4);
  fc_buf_out(w, "sout", (size_t)ns * KS * 4, NULL, sout);
  fc_buf_in(w, "vin", vin, (size_t)nv * 4);
  fc_buf_out(w, "vout", (size_t)nv * KV * 4, NULL, vout);

  fc_launch(w, "warp_shfl", ns / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "sin", 0);
  fc_p_buf(w, "sout", 0);

  fc_launch(w, "warp_vote", vb, 1, 1, vd, 1, 1, 0);
  fc_p_buf(w, "vin", 0);
  fc_p_buf(w, "vout", 0);
  fc_p_s32(w, nv);
  return fc_wl_end(w);
}
