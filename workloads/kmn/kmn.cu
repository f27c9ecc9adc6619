// KMN: k-means clustering in the shape of Rodinia's CUDA kmeans, the version the seeds run.
//  - kmn_transpose (once): one thread per point copies the point's features from the
//    point-major input to a feature-major array, so that in kmn_assign the threads of a warp
//    read consecutive addresses.
//  - kmn_assign (once per iteration): one thread per point sums the squared differences to
//    each centre and keeps the nearest (the first on a tie). The centres sit in constant
//    memory (all threads of a warp read the same centre value at once); the features come from
//    global memory (Rodinia binds a texture to them). The host recomputes the centres between
//    launches.
// 256 threads per CTA on a square 2D grid, as in the seed's benchmark.
#include <float.h>

#define MAX_CLUSTERS 32
#define MAX_FEATURES 34

__constant__ float kmn_centres[MAX_CLUSTERS * MAX_FEATURES];

extern "C" __global__ void kmn_transpose(const float *by_point, float *by_feature, int points,
                                         int features) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= points) {
    return;
  }
  for (int f = 0; f < features; f++) {
    by_feature[(size_t)f * points + p] = by_point[(size_t)p * features + f];
  }
}

extern "C" __global__ void kmn_assign(const float *by_feature, int features, int points,
                                      int clusters, int *nearest) {
  unsigned int cta = blockIdx.y * gridDim.x + blockIdx.x;
  unsigned int p = cta * blockDim.x + threadIdx.x;
  if (p >= (unsigned int)points) {
    return;
  }
  int best = -1;
  float best_dist = FLT_MAX;
  for (int c = 0; c < clusters; c++) {
    const float *centre = kmn_centres + c * features;
    float dist = 0.0f;
    for (int f = 0; f < features; f++) {
      float d = by_feature[(size_t)f * points + p] - centre[f];
      dist += d * d;
    }
    if (dist < best_dist) {
      best_dist = dist;
      best = c;
    }
  }
  nearest[p] = best;
}
