/* gen_call: inputs, CPU reference and workload for the "call" group (call.cu).
 *
 * Calls pass arguments and results by value (.param); every activation of a recursive
 * function has its own .local frame; an indirect call runs the function whose address was
 * loaded. The reference evaluates the same functions in C (32-bit wrapping arithmetic, C
 * truncating division; INT_MIN / -1 wraps to INT_MIN with remainder 0).
 */
#include "../common/func_common.h"

#include <stdio.h>

#define KC 8

typedef uint32_t u32;
typedef int32_t s32;
typedef uint64_t u64;
typedef int64_t s64;

static u64 mix(u32 a, s32 b, u64 c, s64 f4, s64 d8, const u32 *p) {
  u64 r = c ^ ((u64)a << 7);
  r += (u64)(s64)b * 31ull;
  r += (u64)f4;
  r ^= (u64)d8;
  return r + p[a & 15];
}

static u32 fib(u32 n) { return n < 2u ? n : fib(n - 1u) + fib(n - 2u); }

static u32 sumdown(u32 n, u32 salt) {
  u32 frame[4];
  for (u32 k = 0; k < 4; k++) frame[k] = salt * (k + 1u) + n;
  if (n == 0) return frame[0] ^ frame[3];
  return frame[(n + salt) & 3] + sumdown(n - 1u, salt * 3u + 1u);
}

static u32 op(int k, u32 a, u32 b) {
  switch (k) {
  case 0: return a + b;
  case 1: return a ^ b;
  case 2: return a * b + 1u;
  default: return a - b;
  }
}

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "call");
  fc_rng rng;
  fc_rng_seed(&rng, 0xca11);
  const int n = 300;
  u32 tab[16];
  for (int k = 0; k < 16; k++) tab[k] = fc_rng_u32(&rng);
  u32 *in = fc_alloc((size_t)n * 4);
  u64 *out = fc_alloc((size_t)n * KC * 8);
  for (int i = 0; i < n; i++) {
    u32 v = fc_rng_u32(&rng);
    if (i < 8) v = (u32)i * 0x20000000u; /* includes INT_MIN and multiples of 64 */
    in[i] = v;
    u32 lane = (u32)(i % 64) & 31u;
    u64 *o = out + (size_t)i * KC;
    o[0] = mix(v, (s32)v >> 3, (u64)v * 0x9e3779b97f4a7c15ull, (s64)(v & 255u), (s64)(s32)(v >> 20),
               tab);
    o[1] = (lane & 1u) ? mix(v ^ 0xffu, -(s32)lane, 7ull, -6, 19, tab) : 0;
    s32 b = (s32)(v & 63u) + 1;
    if (lane & 2u) b = -b;
    s64 qa = (s64)(s32)v / b, ra = (s64)(s32)v % b;
    o[2] = (u64)(s64)(s32)(u32)ra;
    o[3] = fc_d2u((double)(s32)(u32)qa + 0.5);
    o[4] = fib(v % 13u);
    o[5] = sumdown(v % 9u, v);
    o[6] = op((int)((v >> 8) & 3u), v, lane + 1u);
    int k = (int)(lane & 3u);
    o[7] = op(k, op(k, v, 0x1234u), 0x1234u);
  }
  fc_buf_in(w, "in", in, (size_t)n * 4);
  fc_buf_in(w, "tab", tab, sizeof tab);
  fc_buf_out(w, "out", (size_t)n * KC * 8, NULL, out);
  fc_launch(w, "call_kernel", (n + 63) / 64, 1, 1, 64, 1, 1, 0);
  fc_p_buf(w, "in", 0);
  fc_p_buf(w, "tab", 0);
  fc_p_buf(w, "out", 0);
  fc_p_s32(w, n);
  return fc_wl_end(w);
}
