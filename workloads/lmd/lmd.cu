// LMD: lavaMD (Rodinia), the particle potential and relocation step of a
// molecular-dynamics code. Space is cut into boxes1d^3 boxes (any nx x ny x nz
// here), each holding the same number of particles (100). One CTA of 128
// threads takes one home box: it stages the home box's particles in shared
// memory, then, for the home box itself and each of its (up to 26) neighbour
// boxes in turn, stages that box's particles and charges in shared memory
// behind a barrier, and each thread accumulates, for its home particle, the
// potential and force from every particle of that box (an exponential of the
// squared distance per pair). The launch parameters are two structures passed
// by value, as in the original: the model parameter (alpha) and the dimensions
// (56 bytes).

#define LMD_MAX_PAR 128

struct lmd_par {
  float alpha;
};

// 56 bytes, passed by value (as Rodinia's dim_str).
struct lmd_dim {
  int boxes_x, boxes_y, boxes_z;  // boxes1d each in Rodinia (a cube)
  int par_per_box;
  long long number_boxes;
  long long box_mem;
  long long space_elem;
  long long space_mem;
  long long space_mem2;
};

struct lmd_vec {
  float v, x, y, z;
};

struct lmd_nei {
  int x, y, z;
  int number;
  long long offset;
};

struct lmd_box {
  int x, y, z;
  int number;
  long long offset;
  int nn;
  lmd_nei nei[26];
};

extern "C" __global__ void lmd_kernel(lmd_par par, lmd_dim dim, const lmd_box *box,
                                      const lmd_vec *rv, const float *qv, lmd_vec *fv) {
  __shared__ lmd_vec ra[LMD_MAX_PAR];
  __shared__ lmd_vec rb[LMD_MAX_PAR];
  __shared__ float qb[LMD_MAX_PAR];
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  if (bx >= dim.number_boxes) return;
  int npar = dim.par_per_box;
  float a2 = 2.0f * par.alpha * par.alpha;
  long long home = box[bx].offset;
  for (int i = tx; i < npar; i += blockDim.x) ra[i] = rv[home + i];
  __syncthreads();
  int nn = box[bx].nn;
  for (int k = 0; k <= nn; k++) {
    int nb = k == 0 ? bx : box[bx].nei[k - 1].number;
    long long first = box[nb].offset;
    for (int i = tx; i < npar; i += blockDim.x) {
      rb[i] = rv[first + i];
      qb[i] = qv[first + i];
    }
    __syncthreads();
    for (int i = tx; i < npar; i += blockDim.x) {
      lmd_vec a = ra[i];
      lmd_vec f = fv[home + i];
      for (int j = 0; j < npar; j++) {
        lmd_vec b = rb[j];
        float r2 = a.v + b.v - (a.x * b.x + a.y * b.y + a.z * b.z);
        float u2 = a2 * r2;
        float vij = expf(-u2);
        float fs = 2.0f * vij;
        float dx = a.x - b.x;
        float dy = a.y - b.y;
        float dz = a.z - b.z;
        float q = qb[j];
        f.v += q * vij;
        f.x += q * (fs * dx);
        f.y += q * (fs * dy);
        f.z += q * (fs * dz);
      }
      fv[home + i] = f;
    }
    __syncthreads();
  }
}
