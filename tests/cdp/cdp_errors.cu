// Device launches that fail, for the device runtime's error reports
// (docs/cdp.md): an invalid block shape, runaway recursion that fills the
// pending-launch pool, and recursion deeper than the nesting limit.
// regen-ptx.sh makes cdp_errors.ptx.

__global__ void leaf(unsigned *out) { out[threadIdx.x] = 1u; }

// A child of 2048 threads per block: cudaErrorInvalidConfiguration, which
// the thread sees and stores.
__global__ void bad_block(unsigned *out, unsigned *code) {
  leaf<<<1, 2048>>>(out);
  *code = (unsigned)cudaGetLastError();
}

// Every grid launches two more: the pending pool fills up.
__global__ void fan(unsigned *count) {
  atomicAdd(count, 1u);
  fan<<<1, 1, 0, cudaStreamFireAndForget>>>(count);
  fan<<<1, 1, 0, cudaStreamFireAndForget>>>(count);
}

// One chain, one level deeper each time, until the nesting limit.
__global__ void chain(unsigned *deepest, unsigned depth) {
  atomicMax(deepest, depth);
  chain<<<1, 1>>>(deepest, depth + 1);
}
