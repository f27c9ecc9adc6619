// SR1: speckle-reducing anisotropic diffusion (Yu and Acton) in the shape of Rodinia's srad_v1
// CUDA benchmark that the seeds run. The image (rows x cols floats) is stored column by column,
// as the original; every kernel runs one thread per pixel on 1D CTAs of 512 threads (16 warps).
//  - sr1_extract (once, at the start): the pixel values 0..255 are mapped to exp(I/255).
//  - per iteration:
//    - sr1_prepare copies the image and its square into two reduction arrays;
//    - sr1_reduce, launched repeatedly until one CTA is left, sums both arrays in place: each
//      CTA stages 512 elements (spaced `mul` apart) in shared memory, halves them with a
//      barrier after each step, and writes its two sums over its first element; the host then
//      reads the totals and computes q0^2 from the mean and variance of the whole image;
//    - sr1_srad computes each pixel's four directional differences (the neighbours' indices
//      come from the north/south/west/east index arrays that the host prepares, clamped at
//      the edges) and the diffusion coefficient c = 1 / (1 + (q^2 - q0^2) / (q0^2 (1 + q0^2)))
//      clamped to [0, 1];
//    - sr1_srad2 computes the divergence cN dN + cS dS + cW dW + cE dE (the south and east
//      coefficients are the neighbours') and updates the image by lambda/4 times it.
//  - sr1_compress (once, at the end): the values are mapped back to 255 log(J).
#define NT 512

extern "C" __global__ void __launch_bounds__(NT, 1)
    sr1_extract(float *img, int ne) {
  int i = blockIdx.x * NT + threadIdx.x;
  if (i < ne) {
    img[i] = expf(img[i] / 255.0f);
  }
}

extern "C" __global__ void __launch_bounds__(NT, 1)
    sr1_prepare(const float *img, float *sums, float *sums2, int ne) {
  int i = blockIdx.x * NT + threadIdx.x;
  if (i < ne) {
    float v = img[i];
    sums[i] = v;
    sums2[i] = v * v;
  }
}

extern "C" __global__ void __launch_bounds__(NT, 1)
    sr1_reduce(float *sums, float *sums2, int n, int mul) {
  __shared__ float p[NT];
  __shared__ float p2[NT];
  int tid = threadIdx.x;
  int i = blockIdx.x * NT + tid;
  if (i < n) {
    p[tid] = sums[(size_t)i * mul];
    p2[tid] = sums2[(size_t)i * mul];
  } else {
    p[tid] = 0.0f;
    p2[tid] = 0.0f;
  }
  __syncthreads();
  for (int s = NT / 2; s > 0; s >>= 1) {
    if (tid < s) {
      p[tid] += p[tid + s];
      p2[tid] += p2[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) {
    sums[(size_t)blockIdx.x * NT * mul] = p[0];
    sums2[(size_t)blockIdx.x * NT * mul] = p2[0];
  }
}

extern "C" __global__ void __launch_bounds__(NT, 1)
    sr1_srad(const float *img, const int *in, const int *is, const int *jw, const int *je,
             float *dn, float *ds, float *dw, float *de, float *coeff, int rows, int ne,
             float q0sqr) {
  int i = blockIdx.x * NT + threadIdx.x;
  if (i >= ne) {
    return;
  }
  int row = i % rows, col = i / rows;
  float jc = img[i];
  float n = img[in[row] + rows * col] - jc;
  float s = img[is[row] + rows * col] - jc;
  float w = img[row + rows * jw[col]] - jc;
  float e = img[row + rows * je[col]] - jc;
  float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
  float l = (n + s + w + e) / jc;
  float num = 0.5f * g2 - 0.0625f * (l * l);
  float den = 1.0f + 0.25f * l;
  float qsqr = num / (den * den);
  den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
  float c = 1.0f / (1.0f + den);
  if (c < 0.0f) {
    c = 0.0f;
  } else if (c > 1.0f) {
    c = 1.0f;
  }
  dn[i] = n;
  ds[i] = s;
  dw[i] = w;
  de[i] = e;
  coeff[i] = c;
}

extern "C" __global__ void __launch_bounds__(NT, 1)
    sr1_srad2(float *img, const int *is, const int *je, const float *dn, const float *ds,
              const float *dw, const float *de, const float *coeff, int rows, int ne,
              float lambda) {
  int i = blockIdx.x * NT + threadIdx.x;
  if (i >= ne) {
    return;
  }
  int row = i % rows, col = i / rows;
  float cn = coeff[i];
  float cs = coeff[is[row] + rows * col];
  float cw = coeff[i];
  float ce = coeff[row + rows * je[col]];
  float d = cn * dn[i] + cs * ds[i] + cw * dw[i] + ce * de[i];
  img[i] = img[i] + 0.25f * lambda * d;
}

extern "C" __global__ void __launch_bounds__(NT, 1)
    sr1_compress(float *img, int ne) {
  int i = blockIdx.x * NT + threadIdx.x;
  if (i < ne) {
    img[i] = logf(img[i]) * 255.0f;
  }
}
