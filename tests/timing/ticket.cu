// Tickets (docs/performance.md, "Parallel simulation"): thread 0 of every
// CTA takes `rounds` tickets from one global counter (atomicAdd) and writes
// each where its CTA and round say. The CTAs run the same instructions from
// the same cycle, so in each round many SMs reach the atomic in the same
// cycle: the tickets record the order in which one cycle's global accesses
// of different SMs take effect. That order is the SMs' order, serially and
// on any number of threads.
extern "C" __global__ void tickets(unsigned *counter, unsigned *out, int rounds) {
  for (int k = 0; k < rounds; k++) {
    if (threadIdx.x == 0) {
      out[blockIdx.x * rounds + k] = atomicAdd(counter, 1u);
    }
    __syncthreads();
  }
}
