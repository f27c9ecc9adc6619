// Records what a real NVIDIA GPU returns for every operation of the manifest
// (ops.h): each operation's exact PTX instruction runs through inline asm over
// the inputs of gen_inputs.h, and the results go to <outdir>/<op>.bin (a
// st_arith_header, then the raw little-endian results).
//
//   nvcc -O2 -arch=sm_90 arith_silicon.cu -o arith_silicon
//   ./arith_silicon <outdir> [op-name-substring]
//
// tests/unit/test_fparith_silicon.c compares the library against these files.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "gen_inputs.h"

// Per kind: the register type, its asm constraint, how raw input bits become
// the register value, and how the result is stored.
#define ST_RT_PRED unsigned int
#define ST_RT_U8 unsigned short
#define ST_RT_S8 unsigned short
#define ST_RT_U16 unsigned short
#define ST_RT_S16 unsigned short
#define ST_RT_F16 unsigned short
#define ST_RT_BF16 unsigned short
#define ST_RT_U32 unsigned int
#define ST_RT_S32 unsigned int
#define ST_RT_F16X2 unsigned int
#define ST_RT_BF16X2 unsigned int
#define ST_RT_SHIFT unsigned int
#define ST_RT_BITPOS unsigned int
#define ST_RT_PRMTSEL unsigned int
#define ST_RT_U64 unsigned long long
#define ST_RT_S64 unsigned long long
#define ST_RT_F32 float
#define ST_RT_F32ANG float
#define ST_RT_F64 double

#define ST_RC_PRED "r"
#define ST_RC_U8 "h"
#define ST_RC_S8 "h"
#define ST_RC_U16 "h"
#define ST_RC_S16 "h"
#define ST_RC_F16 "h"
#define ST_RC_BF16 "h"
#define ST_RC_U32 "r"
#define ST_RC_S32 "r"
#define ST_RC_F16X2 "r"
#define ST_RC_BF16X2 "r"
#define ST_RC_SHIFT "r"
#define ST_RC_BITPOS "r"
#define ST_RC_PRMTSEL "r"
#define ST_RC_U64 "l"
#define ST_RC_S64 "l"
#define ST_RC_F32 "f"
#define ST_RC_F32ANG "f"
#define ST_RC_F64 "d"

__device__ __forceinline__ float st_to_f32(unsigned long long v) { return __uint_as_float((unsigned)v); }
__device__ __forceinline__ double st_to_f64(unsigned long long v) { return __longlong_as_double((long long)v); }
__device__ __forceinline__ unsigned long long st_from(float v) { return __float_as_uint(v); }
__device__ __forceinline__ unsigned long long st_from(double v) { return (unsigned long long)__double_as_longlong(v); }
__device__ __forceinline__ unsigned long long st_from(unsigned int v) { return v; }
__device__ __forceinline__ unsigned long long st_from(unsigned short v) { return v; }
__device__ __forceinline__ unsigned long long st_from(unsigned long long v) { return v; }

#define ST_LD_PRED(v) ((unsigned int)(v))
#define ST_LD_U8(v) ((unsigned short)(v))
#define ST_LD_S8(v) ((unsigned short)(v))
#define ST_LD_U16(v) ((unsigned short)(v))
#define ST_LD_S16(v) ((unsigned short)(v))
#define ST_LD_F16(v) ((unsigned short)(v))
#define ST_LD_BF16(v) ((unsigned short)(v))
#define ST_LD_U32(v) ((unsigned int)(v))
#define ST_LD_S32(v) ((unsigned int)(v))
#define ST_LD_F16X2(v) ((unsigned int)(v))
#define ST_LD_BF16X2(v) ((unsigned int)(v))
#define ST_LD_SHIFT(v) ((unsigned int)(v))
#define ST_LD_BITPOS(v) ((unsigned int)(v))
#define ST_LD_PRMTSEL(v) ((unsigned int)(v))
#define ST_LD_U64(v) ((unsigned long long)(v))
#define ST_LD_S64(v) ((unsigned long long)(v))
#define ST_LD_F32(v) st_to_f32(v)
#define ST_LD_F32ANG(v) st_to_f32(v)
#define ST_LD_F64(v) st_to_f64(v)

// Stores the low `bytes` bytes of the raw result.
__device__ __forceinline__ void st_store(void *out, int i, unsigned bytes, unsigned long long v) {
  switch (bytes) {
  case 1: ((unsigned char *)out)[i] = (unsigned char)v; break;
  case 2: ((unsigned short *)out)[i] = (unsigned short)v; break;
  case 4: ((unsigned int *)out)[i] = (unsigned int)v; break;
  default: ((unsigned long long *)out)[i] = v; break;
  }
}

#define ST_KHEAD(name, out)                                                              \
  __global__ void k_##name(const unsigned long long *in, void *o, int n) {               \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                                       \
    if (i >= n) return;                                                                  \
    const unsigned long long *v = in + 4 * i;                                            \
    ST_RT_##out d;
#define ST_KTAIL(out)                                                                    \
  st_store(o, i, st_ak_bytes(ST_AK_##out), st_from(d));                                  \
  }

#define ST_KERNEL_1(name, out, i0, i1, i2, i3, ptx)                                      \
  ST_KHEAD(name, out)                                                                    \
  ST_RT_##i0 a = ST_LD_##i0(v[0]);                                                       \
  asm volatile(ptx : "=" ST_RC_##out(d) : ST_RC_##i0(a));                                \
  ST_KTAIL(out)
#define ST_KERNEL_2(name, out, i0, i1, i2, i3, ptx)                                      \
  ST_KHEAD(name, out)                                                                    \
  ST_RT_##i0 a = ST_LD_##i0(v[0]);                                                       \
  ST_RT_##i1 b = ST_LD_##i1(v[1]);                                                       \
  asm volatile(ptx : "=" ST_RC_##out(d) : ST_RC_##i0(a), ST_RC_##i1(b));                 \
  ST_KTAIL(out)
#define ST_KERNEL_3(name, out, i0, i1, i2, i3, ptx)                                      \
  ST_KHEAD(name, out)                                                                    \
  ST_RT_##i0 a = ST_LD_##i0(v[0]);                                                       \
  ST_RT_##i1 b = ST_LD_##i1(v[1]);                                                       \
  ST_RT_##i2 c = ST_LD_##i2(v[2]);                                                       \
  asm volatile(ptx : "=" ST_RC_##out(d) : ST_RC_##i0(a), ST_RC_##i1(b), ST_RC_##i2(c));  \
  ST_KTAIL(out)
#define ST_KERNEL_4(name, out, i0, i1, i2, i3, ptx)                                      \
  ST_KHEAD(name, out)                                                                    \
  ST_RT_##i0 a = ST_LD_##i0(v[0]);                                                       \
  ST_RT_##i1 b = ST_LD_##i1(v[1]);                                                       \
  ST_RT_##i2 c = ST_LD_##i2(v[2]);                                                       \
  ST_RT_##i3 e = ST_LD_##i3(v[3]);                                                       \
  asm volatile(ptx : "=" ST_RC_##out(d)                                                  \
               : ST_RC_##i0(a), ST_RC_##i1(b), ST_RC_##i2(c), ST_RC_##i3(e));            \
  ST_KTAIL(out)

#define ST_KERNEL(name, nin, out, i0, i1, i2, i3, cm, tol, ptx, ref) \
  ST_KERNEL_##nin(name, out, i0, i1, i2, i3, ptx)
ST_ARITH_OPS(ST_KERNEL)

typedef void (*st_kernel_fn)(const unsigned long long *, void *, int);
#define ST_KPTR(name, nin, out, i0, i1, i2, i3, cm, tol, ptx, ref) k_##name,
static const st_kernel_fn st_kernels[] = {ST_ARITH_OPS(ST_KPTR)};

static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    fprintf(stderr, "arith_silicon: %s: %s\n", what, cudaGetErrorString(e));
    exit(1);
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s <outdir> [op-name-substring]\n", argv[0]);
    return 2;
  }
  const char *outdir = argv[1];
  const char *filter = argc > 2 ? argv[2] : NULL;
  const unsigned n = ST_ARITH_CASES;
  cudaDeviceProp prop;
  check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  printf("# device: %s (sm_%d%d)\n", prop.name, prop.major, prop.minor);

  std::vector<uint64_t> in(4 * (size_t)n);
  std::vector<unsigned char> out(8 * (size_t)n);
  unsigned long long *d_in = NULL;
  void *d_out = NULL;
  check(cudaMalloc(&d_in, in.size() * sizeof(uint64_t)), "cudaMalloc");
  check(cudaMalloc(&d_out, out.size()), "cudaMalloc");
  unsigned written = 0;
  for (size_t k = 0; k < ST_ARITH_NOPS; k++) {
    const st_arith_op *op = &st_arith_ops[k];
    if (filter && !strstr(op->name, filter)) {
      continue;
    }
    st_arith_gen(op, in.data(), n);
    check(cudaMemcpy(d_in, in.data(), in.size() * sizeof(uint64_t), cudaMemcpyHostToDevice),
          "copy in");
    check(cudaMemset(d_out, 0, out.size()), "memset");
    st_kernels[k]<<<(n + 127) / 128, 128>>>(d_in, d_out, (int)n);
    check(cudaGetLastError(), op->name);
    check(cudaDeviceSynchronize(), op->name);
    unsigned bytes = st_ak_bytes(op->out);
    check(cudaMemcpy(out.data(), d_out, (size_t)bytes * n, cudaMemcpyDeviceToHost), "copy out");

    st_arith_header h;
    h.magic = ST_ARITH_MAGIC;
    h.version = ST_ARITH_VERSION;
    h.count = n;
    h.out_bytes = bytes;
    h.input_hash = st_arith_hash(in.data(), in.size());
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.bin", outdir, op->name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(&h, sizeof h, 1, f) != 1 || fwrite(out.data(), bytes, n, f) != n ||
        fclose(f) != 0) {
      fprintf(stderr, "arith_silicon: cannot write %s\n", path);
      return 1;
    }
    unsigned long long first = 0;
    memcpy(&first, out.data(), bytes);
    printf("%-28s %5u cases x %u bytes  first=0x%llx  inputs=%016llx\n", op->name, n, bytes,
           first, (unsigned long long)h.input_hash);
    written++;
  }
  cudaFree(d_in);
  cudaFree(d_out);
  printf("# %u result files written to %s\n", written, outdir);
  return 0;
}
