// BP: one training step of a fully connected network with a wide input layer, 16 hidden units
// and one output, in the shape of Rodinia's CUDA backprop that the seeds run: two kernels, each
// on a 1 x (inputs / 16) grid of 16x16-thread CTAs; CTA k owns input units 16k+1 .. 16k+16
// (unit 0 is the bias) and their rows of the (inputs + 1) x 17 weight matrix (column 0 unused).
//  - bp_forward: thread (tx, ty) multiplies weight[16k + ty + 1][tx + 1] by its input unit in
//    shared memory (the 16 inputs are staged first, one barrier; the weight tile next, another),
//    then the tile's rows are summed pairwise in log2(16) = 4 steps with a barrier after each,
//    and row 0 of the tile, one partial sum per hidden unit, goes to partial[k][0..15]. As in
//    the seed's benchmark, every thread also stores its reduced tile element back over its
//    weight (the host uploads the weights again before the second kernel).
//  - bp_adjust: every thread moves one weight by rate * delta[hidden] * input + momentum *
//    previous change and records the change; the double-precision constants make this a
//    double-precision update, as in the seed's benchmark. After a barrier, the first row of
//    the first CTA updates the bias weights (row 0) the same way.
#define TILE 16
#define RATE 0.3
#define MOMENTUM 0.3

extern "C" __global__ void bp_forward(const float *input, float *weight, float *partial,
                                      int inputs, int hidden) {
  __shared__ float unit[TILE];
  __shared__ float prod[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty + 1;
  int w = row * (hidden + 1) + tx + 1;
  if (tx == 0) {
    unit[ty] = input[row];
  }
  __syncthreads();
  prod[ty][tx] = weight[w];
  __syncthreads();
  prod[ty][tx] = prod[ty][tx] * unit[ty];
  __syncthreads();
  for (int step = 1; step < TILE; step *= 2) {
    if (ty % (2 * step) == 0) {
      prod[ty][tx] = prod[ty][tx] + prod[ty + step][tx];
    }
    __syncthreads();
  }
  weight[w] = prod[ty][tx];
  __syncthreads();
  if (tx == 0) {
    partial[blockIdx.y * hidden + ty] = prod[0][ty];
  }
}

extern "C" __global__ void bp_adjust(const float *delta, int hidden, const float *input,
                                     int inputs, float *weight, float *change) {
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty + 1;
  int col = tx + 1;
  int w = row * (hidden + 1) + col;
  weight[w] += RATE * delta[col] * input[row] + MOMENTUM * change[w];
  change[w] = RATE * delta[col] * input[row] + MOMENTUM * change[w];
  __syncthreads();
  if (blockIdx.y == 0 && ty == 0) {
    weight[col] += RATE * delta[col] + MOMENTUM * change[col];
    change[col] = RATE * delta[col] + MOMENTUM * change[col];
  }
}
