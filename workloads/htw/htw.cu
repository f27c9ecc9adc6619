// HTW: heart-wall tracking (Rodinia heartwall's structure). One launch per
// video frame; one CTA of 256 threads per tracked point (Rodinia: 20 points
// on the inner wall, 31 on the outer). Each CTA
//   1. copies the search area around the point's previous position, a square
//      of 2 sSize + 1 pixels, from the frame into shared memory;
//   2. computes, for every displacement within +-maxMove, the sum and the sum
//      of squares of the frame under the template (vertical box sums into a
//      shared scratch area, then horizontal sums: the role of Rodinia's
//      cumulative sums);
//   3. brings the point's template (2 tSize + 1 square) into the scratch area:
//      from the frame on frame 0 (and saves it), else from global memory;
//      removes its mean (tree reductions over the CTA);
//   4. correlates the template with the search area at every displacement
//      (one displacement per thread, fma over the whole template), forms the
//      normalised cross-correlation, and finds the best one by a tree
//      reduction (ties to the smaller index);
//   5. moves the point there, records it, and every `update` frames blends
//      the template towards the patch at the new position (Rodinia's alpha).
// Float arithmetic uses explicit _rn intrinsics so the host can repeat it.
#define NT 256
// Shared memory is dynamic, sized by the host for the launch's sizes:
// the search area (W * W floats), the scratch area (max(2 P (P + T - 1), T * T)
// floats) and the reduction arrays (NT floats, NT ints).

struct htw_params {
  int rows, cols;     // frame size
  int s, t, m;        // sSize, tSize, maxMove
  int frame, frames;  // this frame's number, frames recorded per point
  int update;         // template update period in frames
  float alpha, beta;  // template blend: alpha * old + beta * new
};

extern "C" __global__ void __launch_bounds__(NT)
htw_track(const float *frame, int *prow, int *pcol, float *tmpl, int *trk_row, int *trk_col,
          float *trk_score, htw_params p) {
  extern __shared__ float smem[];
  int tid = threadIdx.x, pt = blockIdx.x;
  int W = 2 * p.s + 1, T = 2 * p.t + 1, P = 2 * p.m + 1, TT = T * T, PP = P * P;
  int C = P + T - 1;    // columns of the box-sum area
  float *win = smem;
  float *scr = win + W * W;
  float *red = scr + max(2 * P * C, TT);
  int *redi = (int *)(red + NT);
  int o = p.s - p.t - p.m;  // offset of displacement (-m, -m) in the window
  int r0 = prow[pt], c0 = pcol[pt];
  float *tp = tmpl + (size_t)pt * TT;

  // 1. search area (coordinates clamped to the frame)
  for (int i = tid; i < W * W; i += NT) {
    int y = r0 - p.s + i / W, x = c0 - p.s + i % W;
    y = min(max(y, 0), p.rows - 1);
    x = min(max(x, 0), p.cols - 1);
    win[i] = frame[(size_t)y * p.cols + x];
  }
  __syncthreads();

  // 2. vertical box sums (P rows x C columns, sum and squares), then each
  //    thread's displacements' horizontal sums
  for (int i = tid; i < P * C; i += NT) {
    int r = i / C, c = i % C;
    const float *v = win + (o + r) * W + o + c;
    float s = 0.0f, q = 0.0f;
    for (int k = 0; k < T; k++) {
      float w = v[k * W];
      s = __fadd_rn(s, w);
      q = __fmaf_rn(w, w, q);
    }
    scr[i] = s;
    scr[P * C + i] = q;
  }
  __syncthreads();
  float ws[2], wq[2];
  for (int u = 0; u < 2; u++) {
    int d = tid + u * NT;
    ws[u] = 0.0f;
    wq[u] = 0.0f;
    if (d < PP) {
      const float *vs = scr + (d / P) * C + d % P;
      for (int k = 0; k < T; k++) {
        ws[u] = __fadd_rn(ws[u], vs[k]);
        wq[u] = __fadd_rn(wq[u], vs[P * C + k]);
      }
    }
  }
  __syncthreads();

  // 3. template into the scratch area, mean removed
  int first = p.frame == 0;
  float part = 0.0f;
  for (int i = tid; i < TT; i += NT) {
    float v;
    if (first) {
      v = win[(p.s - p.t + i / T) * W + p.s - p.t + i % T];
      tp[i] = v;
    } else {
      v = tp[i];
    }
    scr[i] = v;
    part = __fadd_rn(part, v);
  }
  red[tid] = part;
  __syncthreads();
  for (int h = NT / 2; h > 0; h /= 2) {
    if (tid < h) red[tid] = __fadd_rn(red[tid], red[tid + h]);
    __syncthreads();
  }
  float nf = (float)TT;
  float mean = __fdiv_rn(red[0], nf);
  __syncthreads();
  part = 0.0f;
  for (int i = tid; i < TT; i += NT) {
    float v = __fsub_rn(scr[i], mean);
    scr[i] = v;
    part = __fmaf_rn(v, v, part);
  }
  red[tid] = part;
  __syncthreads();
  for (int h = NT / 2; h > 0; h /= 2) {
    if (tid < h) red[tid] = __fadd_rn(red[tid], red[tid + h]);
    __syncthreads();
  }
  float tvar = red[0];
  __syncthreads();

  // 4. correlation and normalised score for each of this thread's displacements
  float best = -2.0f;
  int besti = 0x7fffffff;
  for (int u = 0; u < 2; u++) {
    int d = tid + u * NT;
    if (d < PP) {
      const float *v = win + (o + d / P) * W + o + d % P;
      float num = 0.0f;
      for (int i = 0; i < T; i++) {
        for (int j = 0; j < T; j++) num = __fmaf_rn(v[i * W + j], scr[i * T + j], num);
      }
      float wvar = __fsub_rn(wq[u], __fdiv_rn(__fmul_rn(ws[u], ws[u]), nf));
      wvar = fmaxf(wvar, 0.0f);
      float den = __fsqrt_rn(__fmul_rn(wvar, tvar));
      float ncc = den > 0.0f ? __fdiv_rn(num, den) : -1.0f;
      if (ncc > best) {
        best = ncc;
        besti = d;
      }
    }
  }
  red[tid] = best;
  redi[tid] = besti;
  __syncthreads();
  for (int h = NT / 2; h > 0; h /= 2) {
    if (tid < h) {
      float b = red[tid + h];
      int bi = redi[tid + h];
      if (b > red[tid] || (b == red[tid] && bi < redi[tid])) {
        red[tid] = b;
        redi[tid] = bi;
      }
    }
    __syncthreads();
  }
  int d = redi[0];
  int dy = d / P - p.m, dx = d % P - p.m;
  if (tid == 0) {
    prow[pt] = r0 + dy;
    pcol[pt] = c0 + dx;
    trk_row[pt * p.frames + p.frame] = r0 + dy;
    trk_col[pt * p.frames + p.frame] = c0 + dx;
    trk_score[pt * p.frames + p.frame] = red[0];
  }

  // 5. template update towards the patch at the new position
  if (p.frame > 0 && p.frame % p.update == 0) {
    for (int i = tid; i < TT; i += NT) {
      float nv = win[(p.s - p.t + dy + i / T) * W + p.s - p.t + dx + i % T];
      tp[i] = __fmaf_rn(p.alpha, tp[i], __fmul_rn(p.beta, nv));
    }
  }
}
