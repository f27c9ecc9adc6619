// SRAD2: speckle-reducing anisotropic diffusion (Yu and Acton) in the shape of Rodinia's
// srad_v2 CUDA benchmark that the seeds run: the image is cut into 16x16 tiles, one CTA of
// 16x16 threads (8 warps; BAWS runs 6 TBs per SM) per tile, two kernels per iteration.
//  - srad2_coeff: stages the tile with a one-pixel halo in shared memory, in three phases with
//    a barrier after each (north and south halo rows, west and east halo columns, the tile
//    itself; the halo is clamped to the image edge). Each thread then computes its pixel's four
//    differences to its neighbours, the instantaneous coefficient of variation q^2 and the
//    diffusion coefficient c = 1 / (1 + (q^2 - q0^2) / (q0^2 (1 + q0^2))) clamped to [0, 1];
//    the seed's benchmark computes parts of this in double precision (double constants), and
//    so does this one. The coefficients pass through shared memory and a barrier before the
//    stores of c and the four differences.
//  - srad2_update: stages the tile of the image, then the south halo row and the east halo
//    column of the coefficients, then the coefficient tile (a barrier after each phase);
//    computes the divergence c*dN + c_south*dS + c*dW + c_east*dE and the new pixel
//    J + lambda/4 * divergence (in double precision, as the seed's), and stores it after a
//    barrier.
#define T 16

extern "C" __global__ void srad2_coeff(const float *img, float *coeff, float *dn, float *ds,
                                       float *dw, float *de, int cols, int rows, float q0sqr) {
  __shared__ float tile[T + 2][T + 2];
  __shared__ float result[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int r = blockIdx.y * T + ty, c = blockIdx.x * T + tx;
  int idx = r * cols + c;
  if (ty == 0) {
    tile[0][tx + 1] = img[max(r - 1, 0) * cols + c];
  }
  if (ty == T - 1) {
    tile[T + 1][tx + 1] = img[min(r + 1, rows - 1) * cols + c];
  }
  __syncthreads();
  if (tx == 0) {
    tile[ty + 1][0] = img[r * cols + max(c - 1, 0)];
  }
  if (tx == T - 1) {
    tile[ty + 1][T + 1] = img[r * cols + min(c + 1, cols - 1)];
  }
  __syncthreads();
  tile[ty + 1][tx + 1] = img[idx];
  __syncthreads();

  float centre = tile[ty + 1][tx + 1];
  float north = tile[ty][tx + 1] - centre;
  float south = tile[ty + 2][tx + 1] - centre;
  float west = tile[ty + 1][tx] - centre;
  float east = tile[ty + 1][tx + 2] - centre;
  float grad2 = (north * north + south * south + west * west + east * east) / (centre * centre);
  float lap = (north + south + west + east) / centre;
  float num = 0.5 * grad2 - 0.0625 * (lap * lap);
  float den = 1.0 + 0.25 * lap;
  float q2 = num / (den * den);
  float ratio = (q2 - q0sqr) / (q0sqr * (1 + q0sqr));
  float k = 1.0 / (1.0 + ratio);
  result[ty][tx] = k < 0 ? 0.0f : (k > 1 ? 1.0f : k);
  __syncthreads();
  coeff[idx] = result[ty][tx];
  dn[idx] = north;
  ds[idx] = south;
  dw[idx] = west;
  de[idx] = east;
}

extern "C" __global__ void srad2_update(float *img, const float *coeff, const float *dn,
                                        const float *ds, const float *dw, const float *de,
                                        int cols, int rows, float lambda) {
  __shared__ float pix[T][T];
  __shared__ float ct[T + 1][T + 1];
  __shared__ float result[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int r = blockIdx.y * T + ty, c = blockIdx.x * T + tx;
  int idx = r * cols + c;
  pix[ty][tx] = img[idx];
  __syncthreads();
  if (ty == T - 1) {
    ct[T][tx] = coeff[min(r + 1, rows - 1) * cols + c];
  }
  __syncthreads();
  if (tx == T - 1) {
    ct[ty][T] = coeff[r * cols + min(c + 1, cols - 1)];
  }
  __syncthreads();
  ct[ty][tx] = coeff[idx];
  __syncthreads();

  float here = ct[ty][tx];
  float div = here * dn[idx] + ct[ty + 1][tx] * ds[idx] + here * dw[idx] + ct[ty][tx + 1] * de[idx];
  result[ty][tx] = pix[ty][tx] + 0.25 * lambda * div;
  __syncthreads();
  img[idx] = result[ty][tx];
}
