/* gen_mem: inputs, CPU reference and workload for the "mem" group (mem.cu).
 *
 * Loads and stores move bits unchanged; narrow loads zero- or sign-extend by type; narrow
 * stores write only the low bytes (neighbouring bytes/halfwords written by other threads must
 * survive); __constant__ and module-scope __device__ variables start with their initializers,
 * and module variables keep their values from one launch to the next. Float arithmetic in this
 * group is on small exact values, so rounding never matters.
 */
#include "../common/func_common.h"

#include <stdio.h>

typedef uint32_t u32;
typedef int32_t s32;
typedef uint64_t u64;

static const s32 ctab[64] = {3,  1,  4,  1,  5,   9,   2,   6,   5,   3,   5,   8,  9,
                             7,  9,  3,  2,  3,   8,   4,   6,   2,   6,   4,   3,  3,
                             8,  3,  2,  7,  9,   5,   -1,  -2,  -3,  -4,  -5,  -6, -7,
                             -8, 100, 200, 300, 400, 500, 600, 700, 800, 0x7fffffff, INT32_MIN,
                             17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71};
static const double cdbl[4] = {0.5, -1.25, 3.0e10, 1.0 / 3.0};
static const unsigned char cbytes[8] = {1, 2, 3, 250, 251, 252, 253, 254};
static const s32 gtab[16] = {10, 20, 30, 40, 50, 60, 70, 80, -10, -20, -30, -40, -50, -60, -70, -80};

static float small_exact(fc_rng *r) { return (float)fc_rng_range(r, -2000, 2000) * 0.25f; }

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "mem");
  fc_rng rng;
  fc_rng_seed(&rng, 0x3e3);

  /* ---- mem_vec ---- */
  const int nv = 200;
  u32 *a4 = fc_alloc((size_t)nv * 16), *i4 = fc_alloc((size_t)nv * 16), *i2 = fc_alloc((size_t)nv * 8);
  u64 *d2 = fc_alloc((size_t)nv * 16), *q2 = fc_alloc((size_t)nv * 16);
  for (int i = 0; i < nv * 4; i++) {
    a4[i] = fc_rng_u32(&rng); /* any bits, NaNs included: only moved */
    i4[i] = fc_rng_u32(&rng);
  }
  for (int i = 0; i < nv * 2; i++) {
    d2[i] = fc_rng_u64(&rng);
    q2[i] = fc_rng_u64(&rng);
    i2[i] = fc_rng_u32(&rng);
  }
  u32 *eoa = fc_alloc((size_t)nv * 32), *eoi = fc_alloc((size_t)nv * 16), *eoi2 = fc_alloc((size_t)nv * 8);
  u64 *eod = fc_alloc((size_t)nv * 16), *eoq = fc_alloc((size_t)nv * 16);
  for (int i = 0; i < nv; i++) {
    for (int k = 0; k < 4; k++) eoa[4 * i + k] = a4[4 * i + 3 - k];
    for (int k = 0; k < 4; k++) eoa[4 * (nv + i) + k] = a4[4 * (nv - 1 - i) + k];
    const u32 *v = i4 + 4 * i;
    eoi[4 * i] = v[1] + (u32)i;
    eoi[4 * i + 1] = v[0];
    eoi[4 * i + 2] = v[3] ^ v[2];
    eoi[4 * i + 3] = v[2];
    eod[2 * i] = d2[2 * i + 1];
    eod[2 * i + 1] = d2[2 * i];
    eoi2[2 * i] = i2[2 * i + 1];
    eoi2[2 * i + 1] = i2[2 * i] - i2[2 * i + 1];
    eoq[2 * i] = q2[2 * i + 1];
    eoq[2 * i + 1] = q2[2 * i] + 1;
  }

  /* ---- mem_narrow ---- */
  const int nn = 1000;
  unsigned char *u8in = fc_alloc(nn), *s8in = fc_alloc(nn), *u8out = fc_alloc(nn);
  uint16_t *s16in = fc_alloc((size_t)nn * 2), *u16in = fc_alloc((size_t)nn * 2),
           *u16out = fc_alloc((size_t)nn * 2);
  s32 *wide = fc_alloc((size_t)nn * 8);
  for (int i = 0; i < nn; i++) {
    u8in[i] = (unsigned char)fc_rng_u32(&rng);
    s8in[i] = (unsigned char)fc_rng_u32(&rng);
    s16in[i] = (uint16_t)fc_rng_u32(&rng);
    u16in[i] = (uint16_t)fc_rng_u32(&rng);
    u8out[i] = (unsigned char)(u8in[i] * 3u + 1u);
    s32 s = (int16_t)s16in[i];
    u16out[i] = (uint16_t)((u32)s * 5u - u16in[i]);
    wide[2 * i] = (signed char)s8in[i];
    wide[2 * i + 1] = s;
  }

  /* ---- mem_ldg ---- */
  const int nl = 300, ml = 512;
  float *lin = fc_alloc((size_t)ml * 4), *lout = fc_alloc((size_t)nl * 4);
  s32 *lidx = fc_alloc((size_t)nl * 4);
  for (int i = 0; i < ml; i++) lin[i] = small_exact(&rng);
  for (int i = 0; i < nl; i++) {
    lidx[i] = (s32)fc_rng_below(&rng, ml);
    lout[i] = lin[lidx[i]] * 2.0f;
  }

  /* ---- mem_const ---- */
  const int nc = 256;
  u32 *cidx = fc_alloc((size_t)nc * 4);
  s32 *cout_ = fc_alloc((size_t)nc * 8);
  double *coutd = fc_alloc((size_t)nc * 8);
  for (int i = 0; i < nc; i++) {
    u32 j = fc_rng_u32(&rng);
    cidx[i] = j;
    cout_[2 * i] = (s32)((u32)ctab[j & 63] * 3u + cbytes[j & 7]);
    cout_[2 * i + 1] = (s32)fc_f2u(2.5f * (float)(j & 15));
    coutd[i] = cdbl[j & 3] * (double)(s32)(j >> 28);
  }

  /* ---- mem_global_a / _b ---- */
  const int ng = 300;
  u32 *gidx = fc_alloc((size_t)ng * 4);
  s32 *gout = fc_alloc((size_t)ng * 4), *gout2 = fc_alloc(256 * 4);
  u64 gcount = 5 + (u64)ng;
  for (int i = 0; i < ng; i++) {
    gidx[i] = fc_rng_u32(&rng);
    gout[i] = gtab[gidx[i] & 15] + 6;
  }
  for (int t = 0; t < 256; t++) gout2[t] = t + gtab[t & 15];

  /* ---- mem_shared ---- */
  const int sb = 3;
  float *sin_ = fc_alloc((size_t)sb * 128 * 4), *sout = fc_alloc((size_t)sb * 160 * 4),
        *stout = fc_alloc((size_t)sb * 128 * 4);
  for (int i = 0; i < sb * 128; i++) sin_[i] = small_exact(&rng);
  for (int b = 0; b < sb; b++) {
    const float *in = sin_ + b * 128;
    for (int t = 0; t < 128; t++) {
      sout[b * 128 + t] = in[127 - t];
      stout[b * 128 + t] = in[(t % 8) * 16 + t / 8] + 1.0f;
    }
    for (int t = 0; t < 32; t++) {
      int q = 31 - t;
      sout[sb * 128 + b * 32 + t] = (in[q] - (float)q) + in[127 - q];
    }
  }

  /* ---- mem_dyn ---- */
  const int db = 2, words = 300;
  u32 *din = fc_alloc((size_t)db * words * 4), *dout = fc_alloc((size_t)db * words * 4);
  for (int i = 0; i < db * words; i++) din[i] = fc_rng_u32(&rng);
  for (int b = 0; b < db; b++)
    for (int k = 0; k < words; k++) {
      int m = words - 1 - k;
      dout[b * words + k] = (din[b * words + m] ^ (u32)m) + 0x1000u * (u32)((k & 3) + 1);
    }

  /* ---- mem_local ---- */
  const int nloc = 160;
  s32 *locin = fc_alloc((size_t)nloc * 32 * 4), *locsel = fc_alloc((size_t)nloc * 4),
      *locout = fc_alloc((size_t)nloc * 8);
  double *locd = fc_alloc((size_t)nloc * 8);
  for (int i = 0; i < nloc * 32; i++) locin[i] = (s32)fc_rng_range(&rng, -100000, 100000);
  for (int i = 0; i < nloc; i++) {
    s32 loc[32];
    double dl[8];
    for (int k = 0; k < 32; k++) loc[k] = locin[i * 32 + k] + k;
    for (int k = 0; k < 8; k++) dl[k] = (double)loc[k * 4] * 0.5;
    s32 s = (s32)fc_rng_u32(&rng);
    locsel[i] = s;
    loc[s & 31] += 1000;
    locout[2 * i] = loc[(s >> 5) & 31];
    locout[2 * i + 1] = loc[s & 31];
    locd[i] = dl[(s >> 10) & 7];
  }

  /* ---- mem_params ---- */
  s32 pbuf[8] = {11, 22, 33, 44, -55, 66, 77, 88};
  const float pf = 3.14159265f;
  const double pd = -2.718281828459045;
  u64 eparams[12] = {(u64)(int64_t)-5, 250, (u64)(int64_t)-12345, 54321,
                     (u64)(int64_t)-123456789, 4000000000u, (u64)-1234567890123456789ll,
                     18000000000000000000ull, fc_f2u(pf), fc_d2u(pd), (u64)(int64_t)-55, 66};

  /* ---- mem_generic ---- */
  const int ngen = 128;
  s32 *geng = fc_alloc((size_t)ngen * 4), *genout = fc_alloc((size_t)ngen * 16);
  for (int i = 0; i < ngen; i++) {
    int t = i % 64;
    geng[i] = i * 5;
    genout[4 * i] = t * 3;
    genout[4 * i + 1] = i * 5;
    genout[4 * i + 2] = t + 7;
    genout[4 * i + 3] = 0x1 | 0x2 << 4 | 0x4 << 8 | 0x8 << 12;
  }

  /* ---- mem_volatile ---- */
  const int nvol = 100;
  s32 *vin = fc_alloc((size_t)nvol * 4), *vexp = fc_alloc((size_t)nvol * 4);
  for (int i = 0; i < nvol; i++) {
    vin[i] = (s32)fc_rng_range(&rng, -1000000, 1000000);
    vexp[i] = vin[i] * 2 + 2;
  }

  /* ---- buffers ---- */
  fc_buf_in(w, "a4", a4, (size_t)nv * 16);
  fc_buf_in(w, "i4", i4, (size_t)nv * 16);
  fc_buf_in(w, "d2", d2, (size_t)nv * 16);
  fc_buf_in(w, "i2", i2, (size_t)nv * 8);
  fc_buf_in(w, "q2", q2, (size_t)nv * 16);
  fc_buf_in(w, "u8in", u8in, (size_t)nn);
  fc_buf_in(w, "s8in", s8in, (size_t)nn);
  fc_buf_in(w, "s16in", s16in, (size_t)nn * 2);
  fc_buf_in(w, "u16in", u16in, (size_t)nn * 2);
  fc_buf_in(w, "lin", lin, (size_t)ml * 4);
  fc_buf_in(w, "lidx", lidx, (size_t)nl * 4);
  fc_buf_in(w, "cidx", cidx, (size_t)nc * 4);
  fc_buf_in(w, "gidx", gidx, (size_t)ng * 4);
  fc_buf_in(w, "sin", sin_, (size_t)sb * 128 * 4);
  fc_buf_in(w, "din", din, (size_t)db * words * 4);
  fc_buf_in(w, "locin", locin, (size_t)nloc * 32 * 4);
  fc_buf_in(w, "locsel", locsel, (size_t)nloc * 4);
  fc_buf_in(w, "pbuf", pbuf, sizeof pbuf);
  fc_buf_out(w, "oa", (size_t)nv * 32, NULL, eoa);
  fc_buf_out(w, "oi", (size_t)nv * 16, NULL, eoi);
  fc_buf_out(w, "od", (size_t)nv * 16, NULL, eod);
  fc_buf_out(w, "oi2", (size_t)nv * 8, NULL, eoi2);
  fc_buf_out(w, "oq", (size_t)nv * 16, NULL, eoq);
  fc_buf_out(w, "u8out", (size_t)nn, NULL, u8out);
  fc_buf_out(w, "u16out", (size_t)nn * 2, NULL, u16out);
  fc_buf_out(w, "wide", (size_t)nn * 8, NULL, wide);
  fc_buf_out(w, "lout", (size_t)nl * 4, NULL, lout);
  fc_buf_out(w, "cout", (size_t)nc * 8, NULL, cout_);
  fc_buf_out(w, "coutd", (size_t)nc * 8, NULL, coutd);
  fc_buf_out(w, "gout", (size_t)ng * 4, NULL, gout);
  fc_buf_out(w, "gcount", 8, NULL, &gcount);
  fc_buf_out(w, "gout2", 256 * 4, NULL, gout2);
  fc_buf_out(w, "sout", (size_t)sb * 160 * 4, NULL, sout);
  fc_buf_out(w, "stout", (size_t)sb * 128 * 4, NULL, stout);
  fc_buf_out(w, "dout", (size_t)db * words * 4, NULL, dout);
  fc_buf_out(w, "locout", (size_t)nloc * 8, NULL, locout);
  fc_buf_out(w, "locd", (size_t)nloc * 8, NULL, locd);
  fc_buf_out(w, "params", sizeof eparams, NULL, eparams);
  fc_buf_out(w, "geng", (size_t)ngen * 4, NULL, geng);
  fc_buf_out(w, "genout", (size_t)ngen * 16, NULL, genout);
  fc_buf_out(w, "vol", (size_t)nvol * 4, vin, vexp);

  /* ---- launches ---- */
  fc_launch(w, "mem_vec", (nv + 63) / 64, 1, 1, 64, 1, 1, 0);
  fc_p_buf(w, "a4", 0);
  fc_p_buf(w, "i4", 0);
  fc_p_buf(w, "d2", 0);
  fc_p_buf(w, "i2", 0);
  fc_p_buf(w, "q2", 0);
  fc_p_buf(w, "oa", 0);
  fc_p_buf(w, "oi", 0);
  fc_p_buf(w, "od", 0);
  fc_p_buf(w, "oi2", 0);
  fc_p_buf(w, "oq", 0);
  fc_p_s32(w, nv);

  fc_launch(w, "mem_narrow", (nn + 95) / 96, 1, 1, 96, 1, 1, 0);
  fc_p_buf(w, "u8in", 0);
  fc_p_buf(w, "s8in", 0);
  fc_p_buf(w, "s16in", 0);
  fc_p_buf(w, "u16in", 0);
  fc_p_buf(w, "u8out", 0);
  fc_p_buf(w, "u16out", 0);
  fc_p_buf(w, "wide", 0);
  fc_p_s32(w, nn);

  fc_launch(w, "mem_ldg", (nl + 127) / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "lin", 0);
  fc_p_buf(w, "lidx", 0);
  fc_p_buf(w, "lout", 0);
  fc_p_s32(w, nl);

  fc_launch(w, "mem_const", nc / 64, 1, 1, 64, 1, 1, 0);
  fc_p_buf(w, "cidx", 0);
  fc_p_buf(w, "cout", 0);
  fc_p_buf(w, "coutd", 0);
  fc_p_s32(w, nc);

  fc_launch(w, "mem_global_a", 3, 1, 1, 100, 1, 1, 0);
  fc_p_buf(w, "gidx", 0);
  fc_p_buf(w, "gout", 0);
  fc_p_s32(w, ng);

  fc_launch(w, "mem_global_b", 1, 1, 1, 256, 1, 1, 0);
  fc_p_buf(w, "gcount", 0);
  fc_p_buf(w, "gout2", 0);

  fc_launch(w, "mem_shared", sb, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "sin", 0);
  fc_p_buf(w, "sout", 0);
  fc_p_buf(w, "stout", 0);

  fc_launch(w, "mem_dyn", db, 1, 1, 96, 1, 1, (unsigned)words * 4);
  fc_p_buf(w, "din", 0);
  fc_p_buf(w, "dout", 0);
  fc_p_s32(w, words);

  fc_launch(w, "mem_local", nloc / 32, 1, 1, 32, 1, 1, 0);
  fc_p_buf(w, "locin", 0);
  fc_p_buf(w, "locsel", 0);
  fc_p_buf(w, "locout", 0);
  fc_p_buf(w, "locd", 0);
  fc_p_s32(w, nloc);

  fc_launch(w, "mem_params", 1, 1, 1, 32, 1, 1, 0);
  fc_p_s8(w, -5);
  fc_p_u8(w, 250);
  fc_p_s16(w, -12345);
  fc_p_u16(w, 54321);
  fc_p_s32(w, -123456789);
  fc_p_u32(w, 4000000000u);
  fc_p_s64(w, -1234567890123456789ll);
  fc_p_u64(w, 18000000000000000000ull);
  fc_p_f32(w, pf);
  fc_p_f64(w, pd);
  fc_p_buf(w, "pbuf", 16);
  fc_p_buf(w, "params", 0);

  fc_launch(w, "mem_generic", ngen / 64, 1, 1, 64, 1, 1, 0);
  fc_p_buf(w, "geng", 0);
  fc_p_buf(w, "genout", 0);
  fc_p_s32(w, ngen);

  fc_launch(w, "mem_volatile", 2, 1, 1, 64, 1, 1, 0);
  fc_p_buf(w, "vol", 0);
  fc_p_s32(w, nvol);
  return fc_wl_end(w);
}
