// Functional regression group "call": device functions.
// PTX: .func with several .param arguments (32/64-bit integer, f32, f64, pointer) and a return
// value, call.uni and divergent call sites; a function returning a struct by value
// (.param .align 8 .b8 retval[16]); a recursive function (stack frame in .local, %SP); an
// indirect call through a function pointer (call with a prototype); nested calls.
typedef unsigned int u32;
typedef unsigned long long u64;

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

__device__ __noinline__ u64 mix(u32 a, int b, u64 c, float f, double d, const u32 *p) {
  u64 r = c ^ ((u64)a << 7);
  r += (u64)(long long)b * 31ull;
  r += (u64)(long long)(f * 4.0f);  // f is a multiple of 0.25: exact
  r ^= (u64)(long long)(d * 8.0);   // d is a multiple of 0.125: exact
  return r + p[a & 15];
}

struct Pair {
  int lo;
  double hi;
};

__device__ __noinline__ Pair divmod(int a, int b) {
  Pair q;
  q.lo = a % b;
  q.hi = (double)(a / b) + 0.5;
  return q;
}

__device__ __noinline__ u32 fib(u32 n) { return n < 2u ? n : fib(n - 1u) + fib(n - 2u); }

// Recursion with a local array in each frame (forces a real stack frame).
__device__ __noinline__ u32 sumdown(u32 n, u32 salt) {
  volatile u32 frame[4];
  for (int k = 0; k < 4; k++) frame[k] = salt * (u32)(k + 1) + n;
  if (n == 0) return frame[0] ^ frame[3];
  return frame[(n + salt) & 3] + sumdown(n - 1u, salt * 3u + 1u);
}

typedef u32 (*op_t)(u32, u32);
__device__ __noinline__ u32 op_add(u32 a, u32 b) { return a + b; }
__device__ __noinline__ u32 op_xor(u32 a, u32 b) { return a ^ b; }
__device__ __noinline__ u32 op_mul(u32 a, u32 b) { return a * b + 1u; }
__device__ __noinline__ u32 op_sub(u32 a, u32 b) { return a - b; }

__device__ __noinline__ u32 twice(op_t f, u32 a, u32 b) { return f(f(a, b), b); }

#define KC 8
extern "C" __global__ void call_kernel(const u32 *in, const u32 *tab, u64 *out, int n) {
  int i = GID;
  if (i >= n) return;
  u32 v = in[i];
  u32 lane = threadIdx.x & 31u;
  u64 *o = out + (size_t)i * KC;
  // straight-line call (uniform)
  o[0] = mix(v, (int)v >> 3, (u64)v * 0x9e3779b97f4a7c15ull, (float)(int)(v & 255u) * 0.25f,
             (double)(int)(v >> 20) * 0.125, tab);
  // divergent call sites: odd lanes call with other arguments
  u64 m = 0;
  if (lane & 1u) m = mix(v ^ 0xffu, -(int)lane, 7ull, -1.5f, 2.375, tab);
  o[1] = m;
  // struct return
  int b = (int)(v & 63u) + 1;
  if (lane & 2u) b = -b;
  Pair q = divmod((int)v, b);
  o[2] = (u64)(long long)q.lo;
  o[3] = (u64)__double_as_longlong(q.hi);
  // recursion with a lane-dependent depth
  o[4] = fib(v % 13u);
  o[5] = sumdown(v % 9u, v);
  // indirect calls through a table of function pointers
  op_t ops[4] = {op_add, op_xor, op_mul, op_sub};
  op_t f = ops[(v >> 8) & 3u];
  o[6] = f(v, lane + 1u);
  o[7] = twice(ops[lane & 3u], v, 0x1234u);
}
