// SAD: the sums of absolute differences of H.264 motion estimation, in the shape of Parboil's
// sad benchmark that DYNCTA runs. For every
// 16x16 macroblock of the current frame and every displacement in a +-16 pixel search window
// (33 x 33 = 1089 positions), it computes the SAD against the reference frame of the
// macroblock's 41 sub-blocks: sixteen 4x4, eight 8x4, eight 4x8, four 8x8, two 16x8, two
// 8x16 and one 16x16. Reference pixels outside the frame are clamped to its edge (Parboil
// reads them through a clamping texture; here the addresses are clamped). Three kernels:
//  - sad_4x4: one CTA per 4x4 block, 61 threads of 18 positions each; the block's pixels are
//    staged in shared memory (one barrier), then every thread sums 16 absolute differences
//    per position (__usad, PTX sad.u32).
//  - sad_merge_8: one CTA of 32x4 threads per macroblock; threadIdx.y picks an 8x8 quadrant,
//    and each thread folds the four 4x4 SADs of its positions into 8x4, 4x8 and 8x8.
//  - sad_merge_16: one CTA of 32 threads per macroblock folds the 8x8 SADs into 16x8, 8x16
//    and 16x16.
// Output: sads[((mb * 41) + type) * 1096 + pos], unsigned 16-bit; type 0..15 the 4x4 blocks
// row-major, 16 + 2q + h the 8x4 halves of quadrant q (top, bottom), 24 + 2q + h its 4x8 halves
// (left, right), 32 + q its 8x8, 36..37 the 16x8 halves, 38..39 the 8x16 halves, 40 the 16x16.
#define SEARCH_RANGE 16
#define SEARCH_DIMENSION 33
#define MAX_POS 1089
#define MAX_POS_PADDED 1096
#define POS_PER_THREAD 18
#define SAD_TYPES 41

extern "C" __global__ void sad_4x4(unsigned short *sads, const unsigned short *cur,
                                       const unsigned short *ref, int width, int height) {
  __shared__ unsigned short blk[16];
  int bx4 = blockIdx.x, by4 = blockIdx.y;
  int mb = (by4 / 4) * (width / 16) + bx4 / 4;
  int sub = (by4 % 4) * 4 + bx4 % 4;
  int x0 = bx4 * 4, y0 = by4 * 4;
  if (threadIdx.x < 16) {
    blk[threadIdx.x] = cur[(y0 + threadIdx.x / 4) * width + x0 + threadIdx.x % 4];
  }
  __syncthreads();
  int pos = threadIdx.x * POS_PER_THREAD;
  int end = min(pos + POS_PER_THREAD, MAX_POS);
  unsigned short *out = sads + (mb * SAD_TYPES + sub) * MAX_POS_PADDED;
  for (; pos < end; pos++) {
    int dy = pos / SEARCH_DIMENSION - SEARCH_RANGE;
    int dx = pos % SEARCH_DIMENSION - SEARCH_RANGE;
    int x[4];
    for (int j = 0; j < 4; j++) {
      x[j] = min(max(x0 + j + dx, 0), width - 1);
    }
    unsigned int sad = 0;
    for (int i = 0; i < 4; i++) {
      const unsigned short *row = ref + min(max(y0 + i + dy, 0), height - 1) * width;
      for (int j = 0; j < 4; j++) {
        sad = __usad(blk[i * 4 + j], row[x[j]], sad);
      }
    }
    out[pos] = (unsigned short)sad;
  }
}

extern "C" __global__ void sad_merge_8(unsigned short *sads, int mb_width) {
  int mb = blockIdx.y * mb_width + blockIdx.x;
  int q = threadIdx.y, qy = q / 2, qx = q % 2;
  unsigned short *base = sads + mb * SAD_TYPES * MAX_POS_PADDED;
  const unsigned short *a = base + ((2 * qy) * 4 + 2 * qx) * MAX_POS_PADDED;
  const unsigned short *b = a + MAX_POS_PADDED;
  const unsigned short *c = a + 4 * MAX_POS_PADDED;
  const unsigned short *d = c + MAX_POS_PADDED;
  unsigned short *top = base + (16 + 2 * q) * MAX_POS_PADDED;
  unsigned short *bottom = top + MAX_POS_PADDED;
  unsigned short *left = base + (24 + 2 * q) * MAX_POS_PADDED;
  unsigned short *right = left + MAX_POS_PADDED;
  unsigned short *all = base + (32 + q) * MAX_POS_PADDED;
  for (int pos = threadIdx.x; pos < MAX_POS; pos += blockDim.x) {
    unsigned int va = a[pos], vb = b[pos], vc = c[pos], vd = d[pos];
    top[pos] = (unsigned short)(va + vb);
    bottom[pos] = (unsigned short)(vc + vd);
    left[pos] = (unsigned short)(va + vc);
    right[pos] = (unsigned short)(vb + vd);
    all[pos] = (unsigned short)(va + vb + vc + vd);
  }
}

extern "C" __global__ void sad_merge_16(unsigned short *sads, int mb_width) {
  int mb = blockIdx.y * mb_width + blockIdx.x;
  unsigned short *base = sads + mb * SAD_TYPES * MAX_POS_PADDED;
  const unsigned short *q0 = base + 32 * MAX_POS_PADDED;
  for (int pos = threadIdx.x; pos < MAX_POS; pos += blockDim.x) {
    unsigned int v0 = q0[pos], v1 = q0[MAX_POS_PADDED + pos];
    unsigned int v2 = q0[2 * MAX_POS_PADDED + pos], v3 = q0[3 * MAX_POS_PADDED + pos];
    base[36 * MAX_POS_PADDED + pos] = (unsigned short)(v0 + v1);
    base[37 * MAX_POS_PADDED + pos] = (unsigned short)(v2 + v3);
    base[38 * MAX_POS_PADDED + pos] = (unsigned short)(v0 + v2);
    base[39 * MAX_POS_PADDED + pos] = (unsigned short)(v1 + v3);
    base[40 * MAX_POS_PADDED + pos] = (unsigned short)(v0 + v1 + v2 + v3);
  }
}
