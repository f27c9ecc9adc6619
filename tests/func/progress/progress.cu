// Forward progress of the functional run loop (docs/ptx.md, "Execution"):
// kernels that wait on other CTAs, that loop through barriers for long, and
// that can never finish. Run by run-progress-test.sh; the PTX is committed
// (regen-ptx.sh makes it again with nvcc 13, -arch=sm_75 -O3).

// CTA 0 loops through __syncthreads() until a flag that CTA 1 sets is seen:
// thread 0 reads the flag into shared memory between two barriers. CTA 1
// writes out[1] = 42, then the flag. CTA 0 then writes out[0] = out[1] + 1.
// With one CTA (grid 1) nobody sets the flag: the kernel can never finish.
extern "C" __global__ void barrier_wait(volatile int *flag, int *out) {
  __shared__ int go;
  if (blockIdx.x != 0) {
    if (threadIdx.x == 0) {
      out[1] = 42;
      __threadfence();
      *flag = 1;
    }
    return;
  }
  do {
    __syncthreads();
    if (threadIdx.x == 0) {
      go = *flag;
    }
    __syncthreads();
  } while (go == 0);
  if (threadIdx.x == 0) {
    out[0] = ((volatile int *)out)[1] + 1;
  }
}

// The same within one CTA: warps 0 and 1 loop through named barrier 1 (64
// threads) until they see the flag that warp 2 sets; out[0] = 7.
extern "C" __global__ void barrier_wait_warp(volatile int *flag, int *out) {
  __shared__ int go;
  if (threadIdx.x >= 64) {
    if (threadIdx.x == 64) {
      *flag = 1;
    }
    return;
  }
  do {
    asm volatile("bar.sync 1, 64;" ::: "memory");
    if (threadIdx.x == 0) {
      go = *flag;
    }
    asm volatile("bar.sync 1, 64;" ::: "memory");
  } while (go == 0);
  if (threadIdx.x == 0) {
    out[0] = 7;
  }
}

// A long barrier loop with work: the threads of one CTA pass values around
// a ring in shared memory, n times, two barriers per step.
extern "C" __global__ void barrier_loop(int *out, unsigned n) {
  __shared__ int ring[1024];
  unsigned t = threadIdx.x;
  int acc = (int)t;
  for (unsigned i = 0; i < n; i++) {
    ring[t] = acc;
    __syncthreads();
    acc = acc * 3 + ring[(t + 1) % blockDim.x];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = acc;
}

// Every thread spins on a flag that nothing sets.
extern "C" __global__ void spin_flag(volatile int *flag, int *out) {
  while (*flag == 0) {
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

// CTA 0 deadlocks at its barriers (warp 0 waits at barrier 1 and warp 1 at
// barrier 2, each for 64 threads) before it could set the flag; the other
// CTAs spin on that flag.
extern "C" __global__ void stuck_and_spin(volatile int *flag, int *out) {
  if (blockIdx.x == 0) {
    if (threadIdx.x < 32) {
      asm volatile("bar.sync 1, 64;" ::: "memory");
    } else {
      asm volatile("bar.sync 2, 64;" ::: "memory");
    }
    *flag = 1;
    return;
  }
  while (*flag == 0) {
  }
  out[blockIdx.x] = 1;
}
