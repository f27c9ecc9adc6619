/* gen_nan: inputs, reference and workload for the "nan" group (nan.cu): floating-point
 * operations with two or three NaN operands (quiet and signalling, both signs, several
 * payloads), every other operand finite.
 *
 * Reference rule (docs/arith.md, "NaN rules"), written here from the rule, not from the model:
 *  - f32: every NaN result is the canonical 0x7fffffff; with .sat it is +0.0 (H200 recording).
 *  - f16, bf16 and each lane of f16x2/bf16x2: 0x7fff; with .sat +0.0 (H200 recording).
 *  - min/max of two NaNs, and .NaN: the canonical NaN of the type (manual, H200 recording).
 *  - f64 (H200 recording; the SASS slot rule): one of the NaN operands, quieted (bit 51 set),
 *    sign and payload kept. add sub mul min max: b's, else a's. div: a's, else b's.
 *    fma and mad: b's, else c's, else a's. fma with an immediate multiplier: c's, else a's.
 */
#include "../common/func_common.h"

#include <stdio.h>

typedef uint32_t u32;
typedef uint64_t u64;

#define NF64 24 /* f64 operation numbers of nan_f64 */
#define NF32 31
#define NH16 23

static const u64 nan64[] = {0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff8000000000123ull,
                            0xfff0000000054321ull, 0x7ff0000000000001ull, 0x7ff4000000abcdefull};
static const u32 nan32[] = {0x7fc00000u, 0xffc00000u, 0x7fc12345u, 0xff812345u, 0x7f800001u,
                            0x7fa00abcu};
static const u32 nan16[] = {0x7e00u, 0xfe00u, 0x7e12u, 0xfd00u, 0x7c01u, 0x7fffu};
static const u32 nanbf[] = {0x7fc0u, 0xffc0u, 0x7fc5u, 0xff81u, 0x7f81u, 0x7fa0u};
#define NN 6

/* operand patterns: which of a, b, c are NaN (bit 0: a), and the finite value used elsewhere */
static int nin_f64(int op) { return op >= 18 ? 3 : 2; }
static int nin_f32(int op) { return op >= 25 ? 3 : 2; }
static int nin_h16(int op) { return (op >= 4 && op <= 6) || op == 14 || op == 19 || op == 21 ? 3 : 2; }
static int packed_h16(int op) { return op >= 19; }
static int bf16_op(int op) { return (op >= 11 && op <= 18) || op == 21 || op == 22; }

static u64 q64(u64 v) { return v | 0x0008000000000000ull; }
static int isnan64(u64 v) { return (v & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }

static u64 ref_f64(int op, u64 a, u64 b, u64 c) {
  if (op == 12 || op == 13 || op == 14 || op == 15) return q64(isnan64(a) ? a : b); /* div */
  if (op == 23) return q64(isnan64(c) ? c : a);                    /* fma, immediate b */
  if (op >= 18) return q64(isnan64(b) ? b : isnan64(c) ? c : a);   /* fma, mad */
  return q64(isnan64(b) ? b : a);                                 /* add sub mul min max */
}

static u32 ref_f32(int op) { return (op == 16 || op == 29) ? 0u : 0x7fffffffu; }

static u32 ref_h16(int op, u32 a, u32 b, u32 c) {
  (void)a; (void)b; (void)c;
  if (op == 3 || op == 6) return 0; /* .sat */
  return packed_h16(op) ? 0x7fff7fffu : 0x7fffu;
}

/* The cases of an operation with nin operands: every ordered pair of distinct NaNs in each
 * pair of positions (the third operand finite), then three-NaN triples. fill(a, b, c). */
typedef struct { u32 *op; u64 *a, *b, *c; int n; } cases;

static void add_case(cases *cs, int op, u64 a, u64 b, u64 c) {
  int k = cs->n++;
  cs->op[k] = (u32)op;
  cs->a[k] = a;
  cs->b[k] = b;
  cs->c[k] = c;
}

static void gen_op(cases *cs, int op, int nin, const u64 *nans, u64 fin, u64 (*wrap)(u64, int)) {
  if (nin == 2) {
    for (int i = 0; i < NN; i++)
      for (int j = 0; j < NN; j++)
        add_case(cs, op, wrap(nans[i], 0), wrap(nans[j], 1), wrap(fin, 2));
    return;
  }
  /* two NaNs: positions (a,b), (a,c), (b,c), the other finite */
  for (int i = 0; i < NN; i++)
    for (int j = 0; j < NN; j++) {
      if (i == j) continue;
      add_case(cs, op, wrap(nans[i], 0), wrap(nans[j], 1), wrap(fin, 2));
      add_case(cs, op, wrap(nans[i], 0), wrap(fin, 1), wrap(nans[j], 2));
      add_case(cs, op, wrap(fin, 0), wrap(nans[i], 1), wrap(nans[j], 2));
    }
  /* three NaNs: a rotation of distinct ones */
  for (int i = 0; i < NN; i++)
    for (int j = 1; j < NN; j++)
      add_case(cs, op, wrap(nans[i], 0), wrap(nans[(i + j) % NN], 1),
               wrap(nans[(i + 2 * j + 1) % NN], 2));
}

static u64 id(u64 v, int pos) { (void)pos; return v; }
/* packed: the high lane gets another NaN of the list (or the finite value) */
static const u32 *packed_list;
static u64 pack_lane(u64 v, int pos) {
  int k = 0;
  for (int i = 0; i < NN; i++) if (packed_list[i] == v) k = i;
  u64 hi = (packed_list == nan16 && v == 0xc100u) || (packed_list == nanbf && v == 0xc020u)
               ? v : packed_list[(k + pos + 1) % NN];
  return v | hi << 16;
}

static cases alloc_cases(int max) {
  cases cs = {fc_alloc((size_t)max * 4), fc_alloc((size_t)max * 8), fc_alloc((size_t)max * 8),
              fc_alloc((size_t)max * 8), 0};
  return cs;
}

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "nan");
  const int MAXC = 64 * 200;

  /* f64: finite operand -2.5 */
  cases d = alloc_cases(MAXC);
  u64 n64[NN];
  for (int i = 0; i < NN; i++) n64[i] = nan64[i];
  for (int op = 0; op < NF64; op++) gen_op(&d, op, nin_f64(op), n64, 0xc004000000000000ull, id);
  u64 *e64 = fc_alloc((size_t)d.n * 8);
  for (int k = 0; k < d.n; k++) e64[k] = ref_f64((int)d.op[k], d.a[k], d.b[k], d.c[k]);

  /* f32: finite operand -2.5 */
  cases f = alloc_cases(MAXC);
  u64 n32[NN];
  for (int i = 0; i < NN; i++) n32[i] = nan32[i];
  for (int op = 0; op < NF32; op++) gen_op(&f, op, nin_f32(op), n32, 0xc0200000u, id);
  u32 *a32 = fc_alloc((size_t)f.n * 4), *b32 = fc_alloc((size_t)f.n * 4),
      *c32 = fc_alloc((size_t)f.n * 4), *e32 = fc_alloc((size_t)f.n * 4);
  for (int k = 0; k < f.n; k++) {
    a32[k] = (u32)f.a[k];
    b32[k] = (u32)f.b[k];
    c32[k] = (u32)f.c[k];
    e32[k] = ref_f32((int)f.op[k]);
  }

  /* f16 / bf16 (low half) and the packed forms: finite operand -2.5 */
  cases h = alloc_cases(MAXC);
  for (int op = 0; op < NH16; op++) {
    const u32 *list = bf16_op(op) ? nanbf : nan16;
    u64 l[NN];
    for (int i = 0; i < NN; i++) l[i] = list[i];
    u64 fin = bf16_op(op) ? 0xc020u : 0xc100u;
    packed_list = list;
    gen_op(&h, op, nin_h16(op), l, fin, packed_h16(op) ? pack_lane : id);
  }
  u32 *a16 = fc_alloc((size_t)h.n * 4), *b16 = fc_alloc((size_t)h.n * 4),
      *c16 = fc_alloc((size_t)h.n * 4), *e16 = fc_alloc((size_t)h.n * 4);
  for (int k = 0; k < h.n; k++) {
    a16[k] = (u32)h.a[k];
    b16[k] = (u32)h.b[k];
    c16[k] = (u32)h.c[k];
    e16[k] = ref_h16((int)h.op[k], a16[k], b16[k], c16[k]);
  }
  printf("gen_nan: %d f64, %d f32, %d f16/bf16 cases\n", d.n, f.n, h.n);

  fc_buf_in(w, "op64", d.op, (size_t)d.n * 4);
  fc_buf_in(w, "a64", d.a, (size_t)d.n * 8);
  fc_buf_in(w, "b64", d.b, (size_t)d.n * 8);
  fc_buf_in(w, "c64", d.c, (size_t)d.n * 8);
  fc_buf_out(w, "out64", (size_t)d.n * 8, NULL, e64);
  fc_buf_in(w, "op32", f.op, (size_t)f.n * 4);
  fc_buf_in(w, "a32", a32, (size_t)f.n * 4);
  fc_buf_in(w, "b32", b32, (size_t)f.n * 4);
  fc_buf_in(w, "c32", c32, (size_t)f.n * 4);
  fc_buf_out(w, "out32", (size_t)f.n * 4, NULL, e32);
  fc_buf_in(w, "op16", h.op, (size_t)h.n * 4);
  fc_buf_in(w, "a16", a16, (size_t)h.n * 4);
  fc_buf_in(w, "b16", b16, (size_t)h.n * 4);
  fc_buf_in(w, "c16", c16, (size_t)h.n * 4);
  fc_buf_out(w, "out16", (size_t)h.n * 4, NULL, e16);

  fc_launch(w, "nan_f64", (unsigned)(d.n + 127) / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "op64", 0);
  fc_p_buf(w, "a64", 0);
  fc_p_buf(w, "b64", 0);
  fc_p_buf(w, "c64", 0);
  fc_p_buf(w, "out64", 0);
  fc_p_s32(w, d.n);
  fc_launch(w, "nan_f32", (unsigned)(f.n + 127) / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "op32", 0);
  fc_p_buf(w, "a32", 0);
  fc_p_buf(w, "b32", 0);
  fc_p_buf(w, "c32", 0);
  fc_p_buf(w, "out32", 0);
  fc_p_s32(w, f.n);
  fc_launch(w, "nan_h16", (unsigned)(h.n + 127) / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "op16", 0);
  fc_p_buf(w, "a16", 0);
  fc_p_buf(w, "b16", 0);
  fc_p_buf(w, "c16", 0);
  fc_p_buf(w, "out16", 0);
  fc_p_s32(w, h.n);
  return fc_wl_end(w);
}
