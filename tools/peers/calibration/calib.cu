// Calibration kernels of simtref's gtx480 against GPGPU-Sim's GTX480
// (docs/correlation.md, "Calibration"): each measures one latency or one
// bandwidth, one launch each, so the per-launch cycles of the two
// simulators can be set side by side. calib.ptx beside this file was made
// with
//   nvcc -arch=sm_75 -O3 -ptx calib.cu -o calib.ptx
// and calib.yaml runs it. Single-thread chains take `n` dependent steps
// (64 per loop iteration, so the loop's own instructions are rarely on the
// critical path); the streams read or copy 16-byte elements in a
// grid-stride loop.

// buf[i * stride] = index of the next element: a ring of n lines.
extern "C" __global__ void cal_init(unsigned *buf, unsigned n, unsigned stride) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    buf[i * stride] = ((i + 1) % n) * stride;
  }
}

// Dependent global loads (cached in the L1): p = buf[p].
extern "C" __global__ void cal_chase(const unsigned *buf, int n, unsigned *out) {
  unsigned p = 0;
  for (int i = 0; i < n; i += 64) {
#pragma unroll
    for (int j = 0; j < 64; j++) {
      p = buf[p];
    }
  }
  out[0] = p;
}

// Dependent fused multiply-adds.
extern "C" __global__ void cal_fma(float *out, float a, float b, int n) {
  float x = a;
  for (int i = 0; i < n; i += 64) {
#pragma unroll
    for (int j = 0; j < 64; j++) {
      x = fmaf(x, b, a);
    }
  }
  out[0] = x;
}

// Dependent integer multiply-adds.
extern "C" __global__ void cal_imad(int *out, int a, int b, int n) {
  int x = a;
  for (int i = 0; i < n; i += 64) {
#pragma unroll
    for (int j = 0; j < 64; j++) {
      x = x * b + a;
    }
  }
  out[0] = x;
}

// Dependent special-function operations (rsqrt.approx.f32).
extern "C" __global__ void cal_sfu(float *out, float a, int n) {
  float x = a;
  for (int i = 0; i < n; i += 64) {
#pragma unroll
    for (int j = 0; j < 64; j++) {
      x = rsqrtf(x);
    }
  }
  out[0] = x;
}

// Dependent shared-memory loads: p = s[p] (a load, a shift and an add).
extern "C" __global__ void cal_smem(int *out, int n) {
  __shared__ int s[1024];
  for (int i = threadIdx.x; i < 1024; i += blockDim.x) {
    s[i] = (i + 33) & 1023;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    int p = 0;
    for (int i = 0; i < n; i += 64) {
#pragma unroll
      for (int j = 0; j < 64; j++) {
        p = s[p];
      }
    }
    out[0] = p;
  }
}

// Streaming read: every thread sums 16-byte elements.
extern "C" __global__ void cal_sread(const float4 *in, float *out, unsigned n) {
  float s = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float4 v = in[i];
    s += v.x + v.y + v.z + v.w;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// Streaming copy.
extern "C" __global__ void cal_scopy(const float4 *in, float4 *out, unsigned n) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    out[i] = in[i];
  }
}
