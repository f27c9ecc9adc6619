// Functional regression group "bits": bit manipulation.
// PTX: popc clz brev bfind(.shiftamt) bfe bfi prmt (default and .f4e .b4e .rc8 .ecl .ecr .rc16)
// shf.l/.r .wrap/.clamp shl shr(.u/.s) and or xor not cnot lop3 fns bmsk szext dp4a dp2a,
// 16/32/64-bit forms. Inputs: a = random bits, b = bit positions, c = lengths / shift amounts
// (mostly 0..40, some up to 255, some with high garbage bits), d and e = random bits. The
// 64-bit bfe/bfi get positions and lengths in 0..255 only (see gen_bits.c).
typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;
typedef unsigned short u16;

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

#define LOP3(L)                                                                      \
  asm("lop3.b32 %0, %1, %2, %3, " #L ";" : "=r"(r) : "r"(x), "r"(v), "r"(s)); \
  *o++ = r;

#define K32 67
extern "C" __global__ void bits32(const u32 *a, const u32 *b, const u32 *c, const u32 *d,
                                  const u32 *e, u32 *out, int n) {
  int i = GID;
  if (i >= n) return;
  u32 x = a[i], y = b[i], z = c[i], v = d[i], s = e[i];
  u32 *o = out + (size_t)i * K32;
  u32 r;
  *o++ = __popc(x);   // popc.b32
  *o++ = __clz(x);    // clz.b32
  *o++ = __brev(x);   // brev.b32
  asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(x));
  *o++ = r;
  asm("bfind.s32 %0, %1;" : "=r"(r) : "r"(x));
  *o++ = r;
  asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r) : "r"(x));
  *o++ = r;
  asm("bfind.shiftamt.s32 %0, %1;" : "=r"(r) : "r"(x));
  *o++ = r;
  *o++ = __ffs(x);    // brev + bfind.shiftamt (nvcc)
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  *o++ = r;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  *o++ = r;
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(x), "r"(v), "r"(y), "r"(z));
  *o++ = r;
  *o++ = __byte_perm(x, v, s);  // nvcc: and 0x7777 + prmt.b32 (selector sign bits dropped)
  asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(s));
  *o++ = r;
  asm("prmt.b32.b4e %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(s));
  *o++ = r;
  asm("prmt.b32.rc8 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(s));
  *o++ = r;
  asm("prmt.b32.ecl %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(s));
  *o++ = r;
  asm("prmt.b32.ecr %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(s));
  *o++ = r;
  asm("prmt.b32.rc16 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(s));
  *o++ = r;
  asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(z));
  *o++ = r;
  asm("shf.l.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(z));
  *o++ = r;
  asm("shf.r.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(z));
  *o++ = r;
  asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(z));
  *o++ = r;
  *o++ = __funnelshift_l(x, v, z);   // (lo, hi, shift & 31)
  *o++ = __funnelshift_rc(x, v, z);  // (lo, hi, min(shift, 32))
  asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(z));
  *o++ = r;
  asm("shr.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(z));
  *o++ = r;
  asm("shr.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(z));
  *o++ = r;
  *o++ = x & v;  // and.b32
  *o++ = x | v;  // or.b32
  *o++ = x ^ v;  // xor.b32
  *o++ = ~x;     // not.b32
  asm("cnot.b32 %0, %1;" : "=r"(r) : "r"(x & y));
  *o++ = r;
  LOP3(0x00) LOP3(0xff) LOP3(0x80) LOP3(0xfe) LOP3(0x96) LOP3(0xe8) LOP3(0xca) LOP3(0x1e)
  LOP3(0x6a) LOP3(0xb4) LOP3(0x78) LOP3(0x2d) LOP3(0xf0) LOP3(0xcc) LOP3(0xaa) LOP3(0x01)
  {
    u32 base = y & 31;
    s32 off = (s32)(v << 24) >> 26;  // -32..31
    asm("fns.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(base), "r"(off));
    *o++ = r;
  }
  asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(r) : "r"(y), "r"(z));
  *o++ = r;
  asm("bmsk.wrap.b32 %0, %1, %2;" : "=r"(r) : "r"(y), "r"(z));
  *o++ = r;
  asm("szext.clamp.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(z));
  *o++ = r;
  asm("szext.wrap.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(z));
  *o++ = r;
  asm("szext.clamp.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(z));
  *o++ = r;
  asm("szext.wrap.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(z));
  *o++ = r;
  {
    u16 h = (u16)x, hr;
    asm("shl.b16 %0, %1, %2;" : "=h"(hr) : "h"(h), "r"(z));
    *o++ = hr;
    asm("shr.s16 %0, %1, %2;" : "=h"(hr) : "h"(h), "r"(z));
    *o++ = hr;
    asm("shr.u16 %0, %1, %2;" : "=h"(hr) : "h"(h), "r"(z));
    *o++ = hr;
    asm("xor.b16 %0, %1, %2;" : "=h"(hr) : "h"(h), "h"((u16)v));
    *o++ = hr;
  }
  *o++ = (u32)__dp4a((s32)x, (s32)v, (s32)s);  // dp4a.s32.s32
  *o++ = __dp4a(x, v, s);                      // dp4a.u32.u32
  asm("dp2a.lo.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(s));
  *o++ = r;
  asm("dp2a.hi.s32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(s));
  *o++ = r;
  *o++ = x >> (z & 31);            // C shifts (nvcc masks, then shr.u32)
  *o++ = (u32)((s32)x >> (z & 31));
  *o++ = __popc(x ^ v) + __clz(v | 1u);
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(v), "r"(s));  // full selector
  *o++ = r;
}

#define K64 20
extern "C" __global__ void bits64(const u64 *a, const u32 *b, const u32 *c, const u64 *d,
                                  u64 *out, int n) {
  int i = GID;
  if (i >= n) return;
  u64 x = a[i], v = d[i];
  u32 y = b[i], z = c[i];
  u64 *o = out + (size_t)i * K64;
  u64 r;
  u32 r32;
  *o++ = (u64)__popcll(x);  // popc.b64
  *o++ = (u64)__clzll(x);   // clz.b64
  *o++ = __brevll(x);       // brev.b64
  asm("bfind.u64 %0, %1;" : "=r"(r32) : "l"(x));
  *o++ = r32;
  asm("bfind.s64 %0, %1;" : "=r"(r32) : "l"(x));
  *o++ = r32;
  asm("bfind.shiftamt.u64 %0, %1;" : "=r"(r32) : "l"(x));
  *o++ = r32;
  asm("bfind.shiftamt.s64 %0, %1;" : "=r"(r32) : "l"(x));
  *o++ = r32;
  *o++ = (u64)__ffsll((s64)x);
  asm("bfe.u64 %0, %1, %2, %3;" : "=l"(r) : "l"(x), "r"(y), "r"(z));
  *o++ = r;
  asm("bfe.s64 %0, %1, %2, %3;" : "=l"(r) : "l"(x), "r"(y), "r"(z));
  *o++ = r;
  asm("bfi.b64 %0, %1, %2, %3, %4;" : "=l"(r) : "l"(x), "l"(v), "r"(y), "r"(z));
  *o++ = r;
  asm("shl.b64 %0, %1, %2;" : "=l"(r) : "l"(x), "r"(z));
  *o++ = r;
  asm("shr.u64 %0, %1, %2;" : "=l"(r) : "l"(x), "r"(z));
  *o++ = r;
  asm("shr.s64 %0, %1, %2;" : "=l"(r) : "l"(x), "r"(z));
  *o++ = r;
  *o++ = x & v;
  *o++ = x | v;
  *o++ = x ^ v;
  *o++ = ~x;
  asm("cnot.b64 %0, %1;" : "=l"(r) : "l"(x & (u64)y));
  *o++ = r;
  *o++ = (x << (z & 63)) | (x >> ((64 - z) & 63));  // rotate (C idiom)
}
