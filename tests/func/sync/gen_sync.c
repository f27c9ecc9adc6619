/* gen_sync: inputs, CPU reference and workload for the "sync" group (sync.cu).
 *
 * Barrier semantics (PTX ISA, bar/barrier): bar.sync a{, b} waits until b threads (default:
 * the whole CTA) have arrived at barrier a; bar.arrive a, b arrives without waiting;
 * bar.red.{popc,and,or} also reduces a predicate over the participating threads and gives
 * every participant the result. With the barriers in place every value below is determined
 * (no races), so the reference is plain sequential C.
 */
#include "../common/func_common.h"

#include <stdio.h>

typedef uint32_t u32;
typedef int32_t s32;

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "sync");
  fc_rng rng;
  fc_rng_seed(&rng, 0x5c);

  /* ---- sync_reduce: 3 CTAs of 100 ---- */
  const int rb = 3, rd = 100;
  u32 *rin = fc_alloc((size_t)rb * rd * 4), *rout = fc_alloc((size_t)(rb + rb * rd) * 4);
  for (int i = 0; i < rb * rd; i++) rin[i] = fc_rng_u32(&rng);
  for (int b = 0; b < rb; b++) {
    u32 s = 0;
    for (int t = 0; t < rd; t++) {
      s += rin[b * rd + t];
      rout[rb + b * rd + t] = rin[b * rd + (t + 1) % rd] * 3u;
    }
    rout[b] = s;
  }

  /* ---- sync_count: 4 CTAs of 160 ---- */
  const int cb = 4, cd = 160;
  u32 *cpred = fc_alloc((size_t)cb * cd * 4), *cout_ = fc_alloc((size_t)cb * cd * 12);
  for (int b = 0; b < cb; b++) {
    for (int t = 0; t < cd; t++) {
      u32 p;
      switch (b) {
      case 0: p = fc_rng_below(&rng, 2) ? fc_rng_u32(&rng) | 1u : 0u; break;
      case 1: p = 1u + fc_rng_below(&rng, 100); break; /* all true */
      case 2: p = 0; break;                              /* all false */
      default: p = (t == 97) ? 0x80000000u : 0u; break;  /* exactly one true */
      }
      cpred[b * cd + t] = p;
    }
    u32 c = 0;
    for (int t = 0; t < cd; t++) c += cpred[b * cd + t] != 0;
    for (int t = 0; t < cd; t++) {
      int i = b * cd + t;
      cout_[3 * i] = c;
      cout_[3 * i + 1] = c == (u32)cd;
      cout_[3 * i + 2] = c != 0;
    }
  }

  /* ---- sync_named: 2 CTAs of 128 ---- */
  const int nb = 2;
  s32 *nin = fc_alloc((size_t)nb * 192 * 4), *nout = fc_alloc((size_t)nb * 256 * 4);
  for (int i = 0; i < nb * 192; i++) nin[i] = (s32)fc_rng_u32(&rng);
  for (int b = 0; b < nb; b++) {
    const s32 *src = nin + b * 192;
    s32 *o = nout + b * 256;
    for (int r = 0; r < 3; r++)
      for (int j = 0; j < 64; j++) {
        u32 v = (u32)src[r * 64 + j] * (u32)(r + 2);
        u32 c = (u32)src[r * 64 + (j + 5) % 64] * (u32)(r + 2);
        o[r * 64 + j] = (s32)(c - v);
      }
    u32 cnt = 0;
    for (int t = 64; t < 128; t++) cnt += (u32)(src[t] & 1);
    for (int j = 0; j < 64; j++) o[192 + j] = (s32)cnt;
  }

  /* ---- sync_fence: 24 CTAs of 128 ---- */
  const int fb = 24, fd = 128;
  u32 *fin = fc_alloc((size_t)fb * fd * 4), *fpart = fc_alloc((size_t)fb * 4);
  u32 fcount = 0, ftotal = 0;
  for (int i = 0; i < fb * fd; i++) fin[i] = fc_rng_u32(&rng);
  for (int b = 0; b < fb; b++) {
    u32 s = 0;
    for (int t = 0; t < fd; t++) s += fin[b * fd + t];
    fpart[b] = s;
    ftotal += s;
  }

  /* ---- sync_warp: 2 CTAs of 128 ---- */
  const int wb = 2, wd = 128;
  s32 *win = fc_alloc((size_t)wb * wd * 4), *wout = fc_alloc((size_t)wb * wd * 8);
  for (int i = 0; i < wb * wd; i++) win[i] = (s32)fc_rng_range(&rng, -1000000, 1000000);
  for (int i = 0; i < wb * wd; i++) {
    int lane = i & 31, base = i - lane;
    wout[2 * i] = win[base + 31 - lane];
    wout[2 * i + 1] = lane < 16 ? win[base + 16 + lane] * 2 : 0;
  }

  fc_buf_in(w, "rin", rin, (size_t)rb * rd * 4);
  fc_buf_out(w, "rout", (size_t)(rb + rb * rd) * 4, NULL, rout);
  fc_buf_in(w, "cpred", cpred, (size_t)cb * cd * 4);
  fc_buf_out(w, "cout", (size_t)cb * cd * 12, NULL, cout_);
  fc_buf_in(w, "nin", nin, (size_t)nb * 192 * 4);
  fc_buf_out(w, "nout", (size_t)nb * 256 * 4, NULL, nout);
  fc_buf_in(w, "fin", fin, (size_t)fb * fd * 4);
  fc_buf_out(w, "fpart", (size_t)fb * 4, NULL, fpart);
  fc_buf_out(w, "fcount", 4, NULL, &fcount);
  fc_buf_out(w, "ftotal", 4, NULL, &ftotal);
  fc_buf_in(w, "win", win, (size_t)wb * wd * 4);
  fc_buf_out(w, "wout", (size_t)wb * wd * 8, NULL, wout);

  fc_launch(w, "sync_reduce", rb, 1, 1, rd, 1, 1, 0);
  fc_p_buf(w, "rin", 0);
  fc_p_buf(w, "rout", 0);

  fc_launch(w, "sync_count", cb, 1, 1, cd, 1, 1, 0);
  fc_p_buf(w, "cpred", 0);
  fc_p_buf(w, "cout", 0);

  fc_launch(w, "sync_named", nb, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "nin", 0);
  fc_p_buf(w, "nout", 0);

  fc_launch(w, "sync_fence", fb, 1, 1, fd, 1, 1, 0);
  fc_p_buf(w, "fin", 0);
  fc_p_buf(w, "fpart", 0);
  fc_p_buf(w, "fcount", 0);
  fc_p_buf(w, "ftotal", 0);

  fc_launch(w, "sync_warp", wb, 1, 1, wd, 1, 1, 0);
  fc_p_buf(w, "win", 0);
  fc_p_buf(w, "wout", 0);
  return fc_wl_end(w);
}
