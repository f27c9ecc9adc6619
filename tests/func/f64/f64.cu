// Functional regression group "f64": double-precision arithmetic.
// PTX: add sub mul fma mad div sqrt rcp with .rn .rz .rm .rp (__dadd_rz, __dmul_ru, __fma_rd,
// __ddiv_rn, __dsqrt_rz, __drcp_rn, ...), min max abs neg copysign testp, and the corner cases
// of rcp.approx.ftz.f64 / rsqrt.approx.ftz.f64. NaN payloads propagate for f64.
typedef unsigned int u32;
typedef unsigned long long u64;

#define GID (blockIdx.x * blockDim.x + threadIdx.x)
#define D2U(d) ((u64)__double_as_longlong(d))

#define ASM1(OP, A)                                 \
  {                                                 \
    double r_;                                      \
    asm(OP " %0, %1;" : "=d"(r_) : "d"(A));         \
    *o++ = D2U(r_);                                 \
  }
#define ASM2(OP, A, B)                                 \
  {                                                    \
    double r_;                                         \
    asm(OP " %0, %1, %2;" : "=d"(r_) : "d"(A), "d"(B)); \
    *o++ = D2U(r_);                                    \
  }
#define ASM3(OP, A, B, C)                                         \
  {                                                               \
    double r_;                                                    \
    asm(OP " %0, %1, %2, %3;" : "=d"(r_) : "d"(A), "d"(B), "d"(C)); \
    *o++ = D2U(r_);                                               \
  }

// an: a with NaNs replaced (neg.f64 of a NaN is unspecified in PTX).
#define KA 42
extern "C" __global__ void f64_arith(const double *a, const double *b, const double *c,
                                     const double *an, u64 *out, int n) {
  int i = GID;
  if (i >= n) return;
  double x = a[i], y = b[i], z = c[i], xn = an[i];
  u64 *o = out + (size_t)i * KA;
  *o++ = D2U(__dadd_rn(x, y));
  *o++ = D2U(__dadd_rz(x, y));
  *o++ = D2U(__dadd_rd(x, y));
  *o++ = D2U(__dadd_ru(x, y));
  *o++ = D2U(__dsub_rn(x, y));
  *o++ = D2U(__dsub_rz(x, y));
  *o++ = D2U(__dsub_rd(x, y));
  *o++ = D2U(__dsub_ru(x, y));
  *o++ = D2U(__dmul_rn(x, y));
  *o++ = D2U(__dmul_rz(x, y));
  *o++ = D2U(__dmul_rd(x, y));
  *o++ = D2U(__dmul_ru(x, y));
  *o++ = D2U(__fma_rn(x, y, z));
  *o++ = D2U(__fma_rz(x, y, z));
  *o++ = D2U(__fma_rd(x, y, z));
  *o++ = D2U(__fma_ru(x, y, z));
  *o++ = D2U(__ddiv_rn(x, y));
  *o++ = D2U(__ddiv_rz(x, y));
  *o++ = D2U(__ddiv_rd(x, y));
  *o++ = D2U(__ddiv_ru(x, y));
  *o++ = D2U(__dsqrt_rn(x));
  *o++ = D2U(__dsqrt_rz(x));
  *o++ = D2U(__dsqrt_rd(x));
  *o++ = D2U(__dsqrt_ru(x));
  *o++ = D2U(__drcp_rn(x));
  *o++ = D2U(__drcp_rz(x));
  *o++ = D2U(__drcp_rd(x));
  *o++ = D2U(__drcp_ru(x));
  *o++ = D2U(fmin(x, y));            // 28 min.f64
  *o++ = D2U(fmax(x, y));            // 29 max.f64
  ASM1("abs.f64", x)                 // 30 (NaN comes back quieted, sign kept)
  ASM1("neg.f64", xn)                // 31
  ASM2("copysign.f64", x, y)         // 32
  {
    u32 t = 0, p;
#define TESTP(OP, BIT)                                                                        \
    asm("{\n\t.reg .pred q;\n\ttestp." OP ".f64 q, %1;\n\tselp.u32 %0, 1, 0, q;\n\t}"        \
        : "=r"(p) : "d"(x));                                                                   \
    t |= p << BIT;
    TESTP("finite", 0) TESTP("infinite", 1) TESTP("number", 2) TESTP("notanumber", 3)
    TESTP("normal", 4) TESTP("subnormal", 5)
    *o++ = t;                        // 33
  }
  *o++ = D2U(x + y);                 // 34 add.f64
  *o++ = D2U(x * y);                 // 35 mul.f64
  *o++ = D2U(x * y + z);             // 36 nvcc reuses x * y: mul.f64 + add.f64
  *o++ = D2U(x / y);                 // 37 div.rn.f64
  *o++ = D2U(sqrt(x));               // 38 sqrt.rn.f64
  *o++ = D2U(1.0 / x);               // 39 rcp.rn.f64
  ASM3("mad.rn.f64", x, y, z)        // 40
  {
    double r_;
    asm("fma.rn.f64 %0, %1, 0d400921FB54442D18, %2;" : "=d"(r_) : "d"(x), "d"(z));
    *o++ = D2U(r_);                  // 41
  }
}

// rcp.approx.ftz.f64 / rsqrt.approx.ftz.f64: only the manual's corner-case tables are defined
// bit-exactly (the approximation itself has no stated bound). mask selects the defined ones.
#define KSP 2
extern "C" __global__ void f64_approx_special(const double *x_, const u32 *mask, u64 *out,
                                              int n) {
  int i = GID;
  if (i >= n) return;
  double x = x_[i], r;
  u32 m = mask[i];
  if (m & 1) {
    asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x));
    out[(size_t)i * KSP] = D2U(r);
  }
  if (m & 2) {
    asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x));
    out[(size_t)i * KSP + 1] = D2U(r);
  }
}
