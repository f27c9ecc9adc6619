// Functional regression group "cmp": comparisons and selection.
// PTX: setp (eq ne lt le gt ge lo ls hi hs, float equ neu ltu leu gtu geu num nan; .s16 .u16
// .s32 .u32 .b32 .s64 .u64 .f32 .f64; .ftz; .and/.or/.xor with a plain or negated predicate;
// the p|q two-destination form), set (.u32/.s32/.f32 results, with .and), selp, slct (.s32 and
// .f32 selectors, .ftz), and/or/xor/not on predicates, predicated (@p / @!p) instructions.
// Each comparison result is written as 0/1 (selp) so every lane's outcome is visible.
typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef unsigned short u16;

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

#define SETP(OP, T, CA, CB, A, B)                                                            \
  asm("{\n\t.reg .pred p;\n\tsetp." OP "." T " p, %1, %2;\n\tselp.u32 %0, 1, 0, p;\n\t}" \
      : "=r"(r)                                                                           \
      : CA(A), CB(B));                                                                    \
  *o++ = r;

#define SETP_I32(OP, T) SETP(OP, T, "r", "r", x, y)
#define SETP_I64(OP, T) SETP(OP, T, "l", "l", X, Y)
#define SETP_F32(OP) SETP(OP, "f32", "f", "f", fx, fy)
#define SETP_F32FTZ(OP) SETP(OP, "ftz.f32", "f", "f", fx, fy)
#define SETP_F64(OP) SETP(OP, "f64", "d", "d", dx, dy)

#define KI 37
extern "C" __global__ void cmp_int(const u32 *a, const u32 *b, const u32 *c, const u64 *a64,
                                   const u64 *b64, u32 *out, int n) {
  int i = GID;
  if (i >= n) return;
  u32 x = a[i], y = b[i], z = c[i];
  u64 X = a64[i], Y = b64[i];
  u32 *o = out + (size_t)i * KI;
  u32 r;
  SETP_I32("eq", "s32") SETP_I32("ne", "s32") SETP_I32("lt", "s32") SETP_I32("le", "s32")
  SETP_I32("gt", "s32") SETP_I32("ge", "s32")
  SETP_I32("lo", "u32") SETP_I32("ls", "u32") SETP_I32("hi", "u32") SETP_I32("hs", "u32")
  SETP_I32("lt", "u32") SETP_I32("ge", "u32")
  SETP_I32("eq", "b32") SETP_I32("ne", "b32")
  SETP_I64("lt", "s64") SETP_I64("ge", "s64") SETP_I64("lo", "u64") SETP_I64("hs", "u64")
  SETP_I64("eq", "b64") SETP_I64("gt", "s64")
  {
    u16 hx = (u16)x, hy = (u16)y;
    SETP("lt", "s16", "h", "h", hx, hy)
    SETP("hi", "u16", "h", "h", hx, hy)
  }
  // combining forms: q = bit 0 of z
  asm("{\n\t.reg .pred p, q;\n\tsetp.ne.u32 q, %3, 0;\n\t"
      "setp.lt.and.s32 p, %1, %2, q;\n\tselp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(r) : "r"(x), "r"(y), "r"(z & 1));
  *o++ = r;
  asm("{\n\t.reg .pred p, q;\n\tsetp.ne.u32 q, %3, 0;\n\t"
      "setp.ge.or.u32 p, %1, %2, !q;\n\tselp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(r) : "r"(x), "r"(y), "r"(z & 1));
  *o++ = r;
  asm("{\n\t.reg .pred p, q;\n\tsetp.ne.u32 q, %3, 0;\n\t"
      "setp.eq.xor.s32 p, %1, %2, q;\n\tselp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(r) : "r"(x), "r"(y), "r"(z & 1));
  *o++ = r;
  // two destinations: p = (x > y), q = !p; d = p*2 + q
  asm("{\n\t.reg .pred p, q;\n\tsetp.gt.s32 p|q, %1, %2;\n\t"
      "selp.u32 %0, 2, 0, p;\n\t@q add.u32 %0, %0, 1;\n\t}"
      : "=r"(r) : "r"(x), "r"(y));
  *o++ = r;
  // set: 0xffffffff or 0
  asm("set.lt.u32.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
  *o++ = r;
  asm("set.hi.s32.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
  *o++ = r;
  asm("{\n\t.reg .pred q;\n\tsetp.ne.u32 q, %3, 0;\n\t"
      "set.ne.and.u32.s32 %0, %1, %2, q;\n\t}"
      : "=r"(r) : "r"(x), "r"(y), "r"(z & 2));
  *o++ = r;
  {
    float f;
    asm("set.le.f32.s32 %0, %1, %2;" : "=f"(f) : "r"(x), "r"(y));
    *o++ = __float_as_uint(f);
  }
  // selp / slct
  *o++ = (s32)x < (s32)y ? z : x ^ y;  // setp + selp.b32 (nvcc)
  asm("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %3, 0;\n\tselp.b32 %0, %1, %2, p;\n\t}"
      : "=r"(r) : "r"(x), "r"(y), "r"(z & 4));
  *o++ = r;
  asm("slct.b32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  *o++ = r;
  asm("slct.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(y), "r"(x), "r"(x));
  *o++ = r;
  // predicate logic: p = x<y (s32), q = x==z (b32)
  asm("{\n\t.reg .pred p, q, t;\n\tsetp.lt.s32 p, %1, %2;\n\tsetp.eq.b32 q, %1, %3;\n\t"
      "and.pred t, p, q;\n\tselp.u32 %0, 1, 0, t;\n\t"
      "or.pred t, p, q;\n\t@t add.u32 %0, %0, 2;\n\t"
      "xor.pred t, p, !q;\n\t@t add.u32 %0, %0, 4;\n\t"
      "not.pred t, p;\n\t@!t add.u32 %0, %0, 8;\n\t"
      "mov.pred t, q;\n\t@t add.u32 %0, %0, 16;\n\t}"
      : "=r"(r) : "r"(x), "r"(y), "r"(z));
  *o++ = r;
  // C comparisons that nvcc lowers itself
  *o++ = (u32)((s32)x < (s32)y) + 2u * (u32)(x < y) + 4u * (u32)(X == Y) +
         8u * (u32)((long long)X <= (long long)Y);
  *o++ = x != y && z > 5u ? 1u : 0u;
}

#define KF 30
extern "C" __global__ void cmp_f32(const float *a, const float *b, const float *c, u32 *out,
                                   int n) {
  int i = GID;
  if (i >= n) return;
  float fx = a[i], fy = b[i], fz = c[i];
  u32 *o = out + (size_t)i * KF;
  u32 r;
  SETP_F32("eq") SETP_F32("ne") SETP_F32("lt") SETP_F32("le") SETP_F32("gt") SETP_F32("ge")
  SETP_F32("equ") SETP_F32("neu") SETP_F32("ltu") SETP_F32("leu") SETP_F32("gtu")
  SETP_F32("geu") SETP_F32("num") SETP_F32("nan")
  SETP_F32FTZ("eq") SETP_F32FTZ("lt") SETP_F32FTZ("geu") SETP_F32FTZ("ne")
  asm("set.ltu.u32.f32 %0, %1, %2;" : "=r"(r) : "f"(fx), "f"(fy));
  *o++ = r;
  {
    float f;
    asm("set.ge.f32.f32 %0, %1, %2;" : "=f"(f) : "f"(fx), "f"(fy));
    *o++ = __float_as_uint(f);
    asm("set.eq.ftz.f32.f32 %0, %1, %2;" : "=f"(f) : "f"(fx), "f"(fy));
    *o++ = __float_as_uint(f);
    asm("slct.f32.f32 %0, %1, %2, %3;" : "=f"(f) : "f"(fx), "f"(fy), "f"(fz));
    *o++ = __float_as_uint(f);
    asm("slct.ftz.f32.f32 %0, %1, %2, %3;" : "=f"(f) : "f"(fx), "f"(fy), "f"(fz));
    *o++ = __float_as_uint(f);
    asm("slct.s32.f32 %0, %1, %2, %3;" : "=r"(r) : "r"(__float_as_uint(fx)),
        "r"(__float_as_uint(fy)), "f"(fz));
    *o++ = r;
    asm("{\n\t.reg .pred p;\n\tsetp.lt.f32 p, %3, 0f00000000;\n\tselp.f32 %0, %1, %2, p;\n\t}"
        : "=f"(f) : "f"(fx), "f"(fy), "f"(fz));
    *o++ = __float_as_uint(f);
  }
  asm("{\n\t.reg .pred p, q;\n\tsetp.num.f32 q, %3, %3;\n\t"
      "setp.gt.and.f32 p, %1, %2, !q;\n\tselp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(r) : "f"(fx), "f"(fy), "f"(fz));
  *o++ = r;
  asm("{\n\t.reg .pred p, q;\n\tsetp.lt.f32 p|q, %1, %2;\n\t"
      "selp.u32 %0, 2, 0, p;\n\t@q add.u32 %0, %0, 1;\n\t}"
      : "=r"(r) : "f"(fx), "f"(fy));
  *o++ = r;
  // C comparisons (nvcc picks the ordered/unordered forms)
  *o++ = (u32)(fx < fy) | (u32)(fx != fy) << 1 | (u32)!(fx >= fy) << 2 | (u32)(fx == fz) << 3;
  *o++ = fx > fy ? __float_as_uint(fz) : __float_as_uint(fy);
  *o++ = (u32)(isnan(fx) != 0) | (u32)(isinf(fy) != 0) << 1 | (u32)(isfinite(fz) != 0) << 2;
}

#define KD 20
extern "C" __global__ void cmp_f64(const double *a, const double *b, u32 *out, int n) {
  int i = GID;
  if (i >= n) return;
  double dx = a[i], dy = b[i];
  u32 *o = out + (size_t)i * KD;
  u32 r;
  SETP_F64("eq") SETP_F64("ne") SETP_F64("lt") SETP_F64("le") SETP_F64("gt") SETP_F64("ge")
  SETP_F64("equ") SETP_F64("neu") SETP_F64("ltu") SETP_F64("leu") SETP_F64("gtu")
  SETP_F64("geu") SETP_F64("num") SETP_F64("nan")
  asm("set.gtu.u32.f64 %0, %1, %2;" : "=r"(r) : "d"(dx), "d"(dy));
  *o++ = r;
  {
    float f;
    asm("set.le.f32.f64 %0, %1, %2;" : "=f"(f) : "d"(dx), "d"(dy));
    *o++ = __float_as_uint(f);
    double d;
    asm("slct.f64.s32 %0, %1, %2, %3;" : "=d"(d) : "d"(dx), "d"(dy), "r"((s32)i - 500));
    *o++ = (u32)__double_as_longlong(d);
    *o++ = (u32)(__double_as_longlong(d) >> 32);
    asm("{\n\t.reg .pred p;\n\tsetp.ltu.f64 p, %1, %2;\n\tselp.f64 %0, %1, %2, p;\n\t}"
        : "=d"(d) : "d"(dx), "d"(dy));
    *o++ = (u32)(__double_as_longlong(d) >> 32);
  }
  *o++ = (u32)(dx < dy) | (u32)(dx != dy) << 1 | (u32)!(dx <= dy) << 2;
}
