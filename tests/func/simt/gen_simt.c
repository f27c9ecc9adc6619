/* gen_simt: inputs, CPU reference and workload for the "simt" group (simt.cu).
 *
 * Special registers: %tid/%ntid/%ctaid/%nctaid as launched; threads are linearised x fastest,
 * then y, then z, and %laneid is the linear thread index modulo 32 (warps are formed from
 * consecutive linear indices); %dynamic_smem_size is the launch's dynamic shared memory size.
 * Divergence: each thread's results are those of sequential C on its own input; activemask
 * after __syncwarp is the whole warp, and inside `if (lane & 1) if (lane & 2)` it is the lanes
 * with lane % 4 == 3. A thread that executes exit or return writes nothing afterwards.
 */
#include "../common/func_common.h"

#include <stdio.h>

#define KID 14
#define KD 9

typedef uint32_t u32;

static void ids(u32 *out, const unsigned g[3], const unsigned b[3], u32 dyn) {
  u32 bsize = b[0] * b[1] * b[2];
  for (u32 cz = 0; cz < g[2]; cz++)
    for (u32 cy = 0; cy < g[1]; cy++)
      for (u32 cx = 0; cx < g[0]; cx++)
        for (u32 tz = 0; tz < b[2]; tz++)
          for (u32 ty = 0; ty < b[1]; ty++)
            for (u32 tx = 0; tx < b[0]; tx++) {
              u32 cta = (cz * g[1] + cy) * g[0] + cx;
              u32 t = (tz * b[1] + ty) * b[0] + tx;
              u32 *o = out + (size_t)(cta * bsize + t) * KID;
              u32 v[KID] = {tx, ty, tz, b[0], b[1], b[2], cx, cy, cz, g[0], g[1], g[2], t % 32, dyn};
              memcpy(o, v, sizeof v);
            }
}

static void diverge(u32 v, u32 lane, u32 *o) {
  u32 a;
  if (v & 1)
    a = (v & 2) ? v * 3u : v ^ 0xffu;
  else
    a = lane < 10 ? v + lane : lane < 20 ? v - lane : ~v;
  o[0] = a;
  u32 x = (v & 1023u) + 1u, steps = 0;
  while (x != 1u && steps < 500u) {
    x = (x & 1u) ? 3u * x + 1u : x >> 1;
    steps++;
  }
  o[1] = steps;
  u32 acc = 0;
  for (u32 k = 0; k < 64u; k++) {
    if ((k ^ v) & 1u) continue;
    acc += k * ((v >> 8) & 0xffu);
    if (acc > (v & 0xffffu)) break;
  }
  o[2] = acc;
  u32 s;
  switch (v % 7u) {
  case 0: s = v; break;
  case 1: s = v * 2u; break;
  case 2: s = v >> 3; break;
  case 3: s = ~v; break;
  case 4: s = v + 12345u; break;
  case 5: s = v & 0xf0f0f0f0u; break;
  default: s = 0; break;
  }
  u32 bx;
  switch ((v >> 4) & 3u) {
  case 0: bx = 100u; break;
  case 1: bx = v + 200u; break;
  case 2: bx = v * 3u; break;
  default: bx = ~v; break;
  }
  o[3] = s ^ bx;
  o[4] = 0xffffffffu;
  o[5] = ((lane & 3u) == 3u) ? 0x88888888u : 0u;
  o[6] = 0xabcu;
  if ((v & 15u) == 3u) {
    o[7] = 1u;
    return;
  }
  o[7] = 2u;
  if ((v & 15u) == 5u) return;
  o[8] = v + 1u;
}

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "simt");
  fc_rng rng;
  fc_rng_seed(&rng, 0x5137);

  static const unsigned g1[3] = {3, 2, 2}, b1[3] = {7, 5, 3}; /* 3-D: 105-thread CTAs */
  static const unsigned g2[3] = {5, 1, 1}, b2[3] = {33, 1, 1}; /* 1-D */
  static const unsigned g3[3] = {2, 3, 1}, b3[3] = {16, 9, 1}; /* 2-D: 144-thread CTAs */
  size_t n1 = 12 * 105, n2 = 5 * 33, n3 = 6 * 144;
  u32 *e1 = fc_alloc(n1 * KID * 4), *e2 = fc_alloc(n2 * KID * 4), *e3 = fc_alloc(n3 * KID * 4);
  ids(e1, g1, b1, 48);
  ids(e2, g2, b2, 0);
  ids(e3, g3, b3, 1000);

  const int nd = 384; /* 4 CTAs of 96 */
  u32 *din = fc_alloc((size_t)nd * 4), *dout = fc_alloc((size_t)nd * KD * 4);
  for (int i = 0; i < nd; i++) {
    din[i] = fc_rng_u32(&rng);
    diverge(din[i], (u32)(i % 96) & 31u, dout + (size_t)i * KD);
  }

  const int lb = 2, ld = 100;
  u32 *lin = fc_alloc((size_t)lb * ld * 4), *lout = fc_alloc((size_t)lb * ld * 4);
  for (int i = 0; i < lb * ld; i++) lin[i] = fc_rng_u32(&rng);
  for (int b = 0; b < lb; b++) {
    u32 acc[100], s[100];
    for (int t = 0; t < ld; t++) acc[t] = lin[b * ld + t];
    for (int r = 0; r < 5; r++) {
      memcpy(s, acc, sizeof s);
      for (int t = 0; t < ld; t++) {
        u32 nb = s[(t + r + 1) % ld];
        acc[t] = (t & 1) ? acc[t] * 3u + nb : acc[t] ^ nb;
      }
    }
    memcpy(lout + b * ld, acc, sizeof acc);
  }

  fc_buf_out(w, "ids3d", n1 * KID * 4, NULL, e1);
  fc_buf_out(w, "ids1d", n2 * KID * 4, NULL, e2);
  fc_buf_out(w, "ids2d", n3 * KID * 4, NULL, e3);
  fc_buf_in(w, "din", din, (size_t)nd * 4);
  fc_buf_out(w, "dout", (size_t)nd * KD * 4, NULL, dout);
  fc_buf_in(w, "lin", lin, (size_t)lb * ld * 4);
  fc_buf_out(w, "lout", (size_t)lb * ld * 4, NULL, lout);

  fc_launch(w, "simt_ids", g1[0], g1[1], g1[2], b1[0], b1[1], b1[2], 48);
  fc_p_buf(w, "ids3d", 0);
  fc_launch(w, "simt_ids", g2[0], g2[1], g2[2], b2[0], b2[1], b2[2], 0);
  fc_p_buf(w, "ids1d", 0);
  fc_launch(w, "simt_ids", g3[0], g3[1], g3[2], b3[0], b3[1], b3[2], 1000);
  fc_p_buf(w, "ids2d", 0);

  fc_launch(w, "simt_diverge", nd / 96, 1, 1, 96, 1, 1, 0);
  fc_p_buf(w, "din", 0);
  fc_p_buf(w, "dout", 0);

  fc_launch(w, "simt_loop_barrier", lb, 1, 1, ld, 1, 1, 0);
  fc_p_buf(w, "lin", 0);
  fc_p_buf(w, "lout", 0);
  return fc_wl_end(w);
}
