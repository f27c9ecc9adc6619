// Functional regression group "f32": single-precision arithmetic.
// PTX: add sub mul fma mad div sqrt rcp with .rn .rz .rm .rp (CUDA intrinsics __fadd_rz,
// __fmul_ru, __fmaf_rd, __fdiv_rn, __fsqrt_rz, __frcp_ru, ...), .ftz and .sat variants (asm),
// min max abs neg copysign testp, and the .approx functions sin cos ex2 lg2 rsqrt rcp sqrt div
// (.approx and .full) tanh, whose accuracy is checked within the PTX manual's bounds and whose
// corner cases (the manual's tables) are checked exactly.
typedef unsigned int u32;

#define GID (blockIdx.x * blockDim.x + threadIdx.x)
#define F2U(f) __float_as_uint(f)

#define ASM1(OP, A)                                  \
  {                                                  \
    float r_;                                        \
    asm(OP " %0, %1;" : "=f"(r_) : "f"(A));          \
    *o++ = F2U(r_);                                  \
  }
#define ASM2(OP, A, B)                                 \
  {                                                    \
    float r_;                                          \
    asm(OP " %0, %1, %2;" : "=f"(r_) : "f"(A), "f"(B)); \
    *o++ = F2U(r_);                                    \
  }
#define ASM3(OP, A, B, C)                                         \
  {                                                               \
    float r_;                                                     \
    asm(OP " %0, %1, %2, %3;" : "=f"(r_) : "f"(A), "f"(B), "f"(C)); \
    *o++ = F2U(r_);                                               \
  }

// a, b, c: operands; an: a with NaNs replaced (abs/neg of a NaN is unspecified in PTX).
#define KA 67
extern "C" __global__ void f32_arith(const float *a, const float *b, const float *c,
                                     const float *an, u32 *out, int n) {
  int i = GID;
  if (i >= n) return;
  float x = a[i], y = b[i], z = c[i], xn = an[i];
  u32 *o = out + (size_t)i * KA;
  *o++ = F2U(__fadd_rn(x, y));
  *o++ = F2U(__fadd_rz(x, y));
  *o++ = F2U(__fadd_rd(x, y));
  *o++ = F2U(__fadd_ru(x, y));
  *o++ = F2U(__fsub_rn(x, y));
  *o++ = F2U(__fsub_rz(x, y));
  *o++ = F2U(__fsub_rd(x, y));
  *o++ = F2U(__fsub_ru(x, y));
  *o++ = F2U(__fmul_rn(x, y));
  *o++ = F2U(__fmul_rz(x, y));
  *o++ = F2U(__fmul_rd(x, y));
  *o++ = F2U(__fmul_ru(x, y));
  *o++ = F2U(__fmaf_rn(x, y, z));
  *o++ = F2U(__fmaf_rz(x, y, z));
  *o++ = F2U(__fmaf_rd(x, y, z));
  *o++ = F2U(__fmaf_ru(x, y, z));
  *o++ = F2U(__fdiv_rn(x, y));
  *o++ = F2U(__fdiv_rz(x, y));
  *o++ = F2U(__fdiv_rd(x, y));
  *o++ = F2U(__fdiv_ru(x, y));
  *o++ = F2U(__fsqrt_rn(x));
  *o++ = F2U(__fsqrt_rz(x));
  *o++ = F2U(__fsqrt_rd(x));
  *o++ = F2U(__fsqrt_ru(x));
  *o++ = F2U(__frcp_rn(x));
  *o++ = F2U(__frcp_rz(x));
  *o++ = F2U(__frcp_rd(x));
  *o++ = F2U(__frcp_ru(x));
  ASM2("add.rn.ftz.f32", x, y)       // 28
  ASM2("add.rm.ftz.f32", x, y)
  ASM2("sub.rz.ftz.f32", x, y)
  ASM2("mul.rn.ftz.f32", x, y)
  ASM2("mul.rp.ftz.f32", x, y)
  ASM3("fma.rn.ftz.f32", x, y, z)
  ASM3("fma.rz.ftz.f32", x, y, z)
  ASM2("div.rn.ftz.f32", x, y)
  ASM2("div.rp.ftz.f32", x, y)
  ASM1("sqrt.rn.ftz.f32", x)
  ASM1("sqrt.rm.ftz.f32", x)
  ASM1("rcp.rn.ftz.f32", x)
  ASM1("rcp.rz.ftz.f32", x)          // 40
  ASM2("add.rn.sat.f32", x, y)       // 41
  ASM2("sub.rn.sat.f32", x, y)
  ASM2("mul.rn.sat.f32", x, y)
  ASM3("fma.rn.sat.f32", x, y, z)
  ASM2("add.rn.ftz.sat.f32", x, y)
  ASM2("mul.rz.sat.f32", x, y)
  ASM3("fma.rp.ftz.sat.f32", x, y, z)  // 47
  *o++ = F2U(fminf(x, y));           // 48 min.f32
  *o++ = F2U(fmaxf(x, y));           // 49 max.f32
  ASM2("min.ftz.f32", x, y)
  ASM2("max.ftz.f32", x, y)
  *o++ = F2U(fabsf(xn));             // 52 abs.f32
  ASM1("neg.f32", xn)
  ASM1("abs.ftz.f32", xn)
  ASM1("neg.ftz.f32", xn)
  ASM2("copysign.f32", x, y)         // 56: magnitude of y, sign of x
  {
    u32 t = 0, p;
#define TESTP(OP, BIT)                                                                        \
    asm("{\n\t.reg .pred q;\n\ttestp." OP ".f32 q, %1;\n\tselp.u32 %0, 1, 0, q;\n\t}"        \
        : "=r"(p) : "f"(x));                                                                   \
    t |= p << BIT;
    TESTP("finite", 0) TESTP("infinite", 1) TESTP("number", 2) TESTP("notanumber", 3)
    TESTP("normal", 4) TESTP("subnormal", 5)
    *o++ = t;                        // 57
  }
  *o++ = F2U(x + y);                 // 58 add.f32 (default rounding)
  *o++ = F2U(x * y);                 // 59 mul.f32
  *o++ = F2U(x * y + z);             // 60 nvcc reuses x * y: mul.f32 + add.f32
  *o++ = F2U(x / y);                 // 61 div.rn.f32
  *o++ = F2U(sqrtf(x));              // 62 sqrt.rn.f32
  *o++ = F2U(1.0f / x);              // 63 rcp.rn.f32
  *o++ = F2U(__fmul_rn(x, 0.1f));    // 64 immediate operand
  ASM3("mad.rn.f32", x, y, z)        // 65
  {
    float r_;
    asm("fma.rn.f32 %0, %1, 0f40490FDB, %2;" : "=f"(r_) : "f"(x), "f"(z));
    *o++ = F2U(r_);                  // 66
  }
}

// Accuracy of the .approx functions. Each class has its own input and output buffer (the
// buffer's ulp tolerance is the manual's bound for that class):
//   tight (12 ops, 2 inputs each), lg2 (2 ops), sincos (4 ops), tanh (1 op).
#define KT 12
#define KL 2
#define KS 4
extern "C" __global__ void f32_approx(const float *tin, const float *lin, const float *sin_,
                                      const float *hin, float *tout, float *lout, float *sout,
                                      float *hout, int n) {
  int i = GID;
  if (i >= n) return;
  const float *t = tin + (size_t)i * KT * 2;
  float *ot = tout + (size_t)i * KT;
  float r;
  asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(t[0]));
  ot[0] = r;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(t[2]));
  ot[1] = r;
  asm("rcp.approx.f32 %0, %1;" : "=f"(r) : "f"(t[4]));
  ot[2] = r;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(t[6]));
  ot[3] = r;
  asm("sqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(t[8]));
  ot[4] = r;
  asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(t[10]));
  ot[5] = r;
  ot[6] = rsqrtf(t[12]);              // rsqrt.approx.f32
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(t[14]));
  ot[7] = r;
  ot[8] = __fdividef(t[16], t[17]);   // div.approx.f32
  asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(t[18]), "f"(t[19]));
  ot[9] = r;
  asm("div.approx.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(t[20]), "f"(t[21]));
  ot[10] = r;
  asm("div.full.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(t[22]), "f"(t[23]));
  ot[11] = r;

  const float *l = lin + (size_t)i * KL;
  lout[(size_t)i * KL] = __log2f(l[0]);  // lg2.approx.f32
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(l[1]));
  lout[(size_t)i * KL + 1] = r;

  const float *s = sin_ + (size_t)i * KS;
  float *os = sout + (size_t)i * KS;
  os[0] = __sinf(s[0]);  // sin.approx.f32
  os[1] = __cosf(s[1]);  // cos.approx.f32
  asm("sin.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(s[2]));
  os[2] = r;
  asm("cos.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(s[3]));
  os[3] = r;

  asm("tanh.approx.f32 %0, %1;" : "=f"(r) : "f"(hin[i]));
  hout[i] = r;
}

// Corner cases of the .approx functions, from the result tables in the PTX manual; exact.
// mask[i] selects the functions whose result the manual defines for input x[i].
#define KSP 15
extern "C" __global__ void f32_approx_special(const float *x_, const u32 *mask, u32 *out,
                                              int n) {
  int i = GID;
  if (i >= n) return;
  float x = x_[i], r;
  u32 m = mask[i];
  u32 *o = out + (size_t)i * KSP;
#define SP(BIT, OP)                                      \
  if (m & (1u << BIT)) {                                 \
    asm(OP " %0, %1;" : "=f"(r) : "f"(x));               \
    o[BIT] = F2U(r);                                     \
  }
  SP(0, "sin.approx.f32") SP(1, "cos.approx.f32") SP(2, "lg2.approx.f32")
  SP(3, "ex2.approx.f32") SP(4, "rsqrt.approx.f32") SP(5, "rcp.approx.f32")
  SP(6, "sqrt.approx.f32") SP(7, "tanh.approx.f32") SP(8, "sin.approx.ftz.f32")
  SP(9, "cos.approx.ftz.f32") SP(10, "lg2.approx.ftz.f32") SP(11, "ex2.approx.ftz.f32")
  SP(12, "rsqrt.approx.ftz.f32") SP(13, "rcp.approx.ftz.f32") SP(14, "sqrt.approx.ftz.f32")
}
