// MYC: a cardiac myocyte ODE model integrated by an adaptive solver, in the shape of Rodinia's
// myocyte benchmark in its workload-parallel mode: one thread integrates one instance of the
// model over the whole simulated time span, a long serial loop of solver steps per thread with
// six evaluations of the model per step, each dominated by exp (the gates' rate functions and
// the currents). The model (Beeler-Reuter, 8 equations) and the solver (Runge-Kutta-Fehlberg
// 4(5) with an adaptive step, the state written out at every whole ms) are in myc_model.h,
// shared with the CPU reference. CTAs of 32 threads (one warp), one per 32 instances.
#include "myc_model.h"

extern "C" __global__ void myc_solve_all(const myc_params *params, const float *y0, float *out,
                                         int *steps, int n, int span) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) {
    return;
  }
  myc_params p = params[i];
  float y[MYC_NEQ];
  for (int e = 0; e < MYC_NEQ; e++) {
    y[e] = y0[i * MYC_NEQ + e];
  }
  int rejected = 0;
  int accepted = myc_solve(y, span, &p, out + (size_t)i * (span + 1) * MYC_NEQ, &rejected);
  steps[2 * i] = accepted;
  steps[2 * i + 1] = rejected;
}
