/* The myocyte model and its adaptive solver, shared by the CUDA kernel
 * (myc.cu) and the CPU reference (myc.c): the Beeler-Reuter ventricular
 * myocyte (1977; 8 state variables: membrane potential V, the gates x1, m, h,
 * j, d, f and the intracellular calcium concentration), integrated by the
 * embedded Runge-Kutta-Fehlberg 4(5) pair with an adaptive step.
 *
 * Units: ms, mV, uA/cm^2, mol/l. */
#ifndef MYC_MODEL_H
#define MYC_MODEL_H

#ifdef __CUDACC__
#define MYC_FN __device__ __forceinline__
#else
#define MYC_FN static inline
#endif

#define MYC_NEQ 8
#define MYC_BCL 400.0f /* ms between stimuli */
#define MYC_STIM_MS 2.0f

typedef struct myc_params {
  float gs_scale; /* scales the slow inward conductance */
  float amp;      /* stimulus, uA/cm^2 */
  float tstim;    /* first stimulus, ms */
  float gna_scale;
} myc_params;

/* Beeler-Reuter rate function: (c1 exp(c2 (V + c3)) + c4 (V + c5)) / (exp(c6 (V + c3)) + c7). */
MYC_FN float myc_rate(float v, float c1, float c2, float c3, float c4, float c5, float c6,
                      float c7) {
  return (c1 * expf(c2 * (v + c3)) + c4 * (v + c5)) / (expf(c6 * (v + c3)) + c7);
}

MYC_FN float myc_gate(float y, float a, float b) { return a * (1.0f - y) - b * y; }

/* dy/dt at time t. */
MYC_FN void myc_deriv(float t, const float *y, float *dy, const myc_params *p) {
  float v = y[0];
  float ax1 = myc_rate(v, 0.0005f, 0.083f, 50.0f, 0.0f, 0.0f, 0.057f, 1.0f);
  float bx1 = myc_rate(v, 0.0013f, -0.06f, 20.0f, 0.0f, 0.0f, -0.04f, 1.0f);
  float am = myc_rate(v, 0.0f, 0.0f, 47.0f, -1.0f, 47.0f, -0.1f, -1.0f);
  float bm = myc_rate(v, 40.0f, -0.056f, 72.0f, 0.0f, 0.0f, 0.0f, 0.0f);
  float ah = myc_rate(v, 0.126f, -0.25f, 77.0f, 0.0f, 0.0f, 0.0f, 0.0f);
  float bh = myc_rate(v, 1.7f, 0.0f, 22.5f, 0.0f, 0.0f, -0.082f, 1.0f);
  float aj = myc_rate(v, 0.055f, -0.25f, 78.0f, 0.0f, 0.0f, -0.2f, 1.0f);
  float bj = myc_rate(v, 0.3f, 0.0f, 32.0f, 0.0f, 0.0f, -0.1f, 1.0f);
  float ad = myc_rate(v, 0.095f, -0.01f, -5.0f, 0.0f, 0.0f, -0.072f, 1.0f);
  float bd = myc_rate(v, 0.07f, -0.017f, 44.0f, 0.0f, 0.0f, 0.05f, 1.0f);
  float af = myc_rate(v, 0.012f, -0.008f, 28.0f, 0.0f, 0.0f, 0.15f, 1.0f);
  float bf = myc_rate(v, 0.0065f, -0.02f, 30.0f, 0.0f, 0.0f, -0.2f, 1.0f);
  float x1 = y[1], m = y[2], h = y[3], j = y[4], d = y[5], f = y[6], ca = y[7];
  float ina = (4.0f * p->gna_scale * m * m * m * h * j + 0.003f) * (v - 50.0f);
  float es = -82.3f - 13.0287f * logf(ca);
  float is = 0.09f * p->gs_scale * d * f * (v - es);
  float ix1 = x1 * 0.8f * (expf(0.04f * (v + 77.0f)) - 1.0f) / expf(0.04f * (v + 35.0f));
  float ik1 = 0.35f * (4.0f * (expf(0.04f * (v + 85.0f)) - 1.0f) /
                           (expf(0.08f * (v + 53.0f)) + expf(0.04f * (v + 53.0f))) +
                       0.2f * (v + 23.0f) / (1.0f - expf(-0.04f * (v + 23.0f))));
  float phase = t - MYC_BCL * floorf(t / MYC_BCL);
  float istim = phase >= p->tstim && phase < p->tstim + MYC_STIM_MS ? p->amp : 0.0f;
  dy[0] = istim - (ik1 + ix1 + ina + is);
  dy[1] = myc_gate(x1, ax1, bx1);
  dy[2] = myc_gate(m, am, bm);
  dy[3] = myc_gate(h, ah, bh);
  dy[4] = myc_gate(j, aj, bj);
  dy[5] = myc_gate(d, ad, bd);
  dy[6] = myc_gate(f, af, bf);
  dy[7] = -1e-7f * is + 0.07f * (1e-7f - ca);
}

/* Absolute tolerances per variable (V, six gates... calcium); relative 1e-4. */
MYC_FN float myc_atol(int e) { return e == 0 ? 1e-2f : (e == 7 ? 1e-10f : 1e-4f); }
#define MYC_RTOL 1e-4f

/* Integrates one instance from t = 0 to span ms, writing the state at every
 * whole ms to out[0 .. (span + 1) * MYC_NEQ). Returns the accepted steps;
 * *rejected gets the rejected ones. */
MYC_FN int myc_solve(float *y, int span, const myc_params *p, float *out, int *rejected) {
  float k1[MYC_NEQ], k2[MYC_NEQ], k3[MYC_NEQ], k4[MYC_NEQ], k5[MYC_NEQ], k6[MYC_NEQ];
  float yt[MYC_NEQ];
  float h = 0.01f;
  int accepted = 0, rej = 0;
  for (int e = 0; e < MYC_NEQ; e++) {
    out[e] = y[e];
  }
  for (int ms = 0; ms < span; ms++) {
    float t = (float)ms, tend = (float)(ms + 1);
    while (t < tend) {
      int last = h >= tend - t;
      float hs = last ? tend - t : h;
      myc_deriv(t, y, k1, p);
      for (int e = 0; e < MYC_NEQ; e++) yt[e] = y[e] + hs * (0.25f * k1[e]);
      myc_deriv(t + 0.25f * hs, yt, k2, p);
      for (int e = 0; e < MYC_NEQ; e++) {
        yt[e] = y[e] + hs * (0.09375f * k1[e] + 0.28125f * k2[e]);
      }
      myc_deriv(t + 0.375f * hs, yt, k3, p);
      for (int e = 0; e < MYC_NEQ; e++) {
        yt[e] = y[e] + hs * ((1932.0f / 2197.0f) * k1[e] - (7200.0f / 2197.0f) * k2[e] +
                             (7296.0f / 2197.0f) * k3[e]);
      }
      myc_deriv(t + (12.0f / 13.0f) * hs, yt, k4, p);
      for (int e = 0; e < MYC_NEQ; e++) {
        yt[e] = y[e] + hs * ((439.0f / 216.0f) * k1[e] - 8.0f * k2[e] +
                             (3680.0f / 513.0f) * k3[e] - (845.0f / 4104.0f) * k4[e]);
      }
      myc_deriv(t + hs, yt, k5, p);
      for (int e = 0; e < MYC_NEQ; e++) {
        yt[e] = y[e] + hs * (-(8.0f / 27.0f) * k1[e] + 2.0f * k2[e] -
                             (3544.0f / 2565.0f) * k3[e] + (1859.0f / 4104.0f) * k4[e] -
                             0.275f * k5[e]);
      }
      myc_deriv(t + 0.5f * hs, yt, k6, p);
      float err = 0.0f;
      for (int e = 0; e < MYC_NEQ; e++) {
        float d = hs * ((1.0f / 360.0f) * k1[e] - (128.0f / 4275.0f) * k3[e] -
                        (2197.0f / 75240.0f) * k4[e] + 0.02f * k5[e] + (2.0f / 55.0f) * k6[e]);
        yt[e] = y[e] + hs * ((16.0f / 135.0f) * k1[e] + (6656.0f / 12825.0f) * k3[e] +
                             (28561.0f / 56430.0f) * k4[e] - 0.18f * k5[e] +
                             (2.0f / 55.0f) * k6[e]);
        float sc = myc_atol(e) + MYC_RTOL * fabsf(y[e]);
        err = fmaxf(err, fabsf(d) / sc);
      }
      /* The new step: 0.9 err^(-1/4), between 0.2x and 4x (square roots only). */
      float fac = err > 0.0f ? 0.9f * sqrtf(sqrtf(1.0f / err)) : 4.0f;
      fac = fminf(4.0f, fmaxf(0.2f, fac));
      if (err <= 1.0f) {
        for (int e = 0; e < MYC_NEQ; e++) y[e] = yt[e];
        t = last ? tend : t + hs;
        accepted++;
        if (!last || fac < 1.0f) {
          h = hs * fac;
        }
      } else {
        h = hs * fac;
        rej++;
      }
      h = fminf(h, 50.0f);
    }
    for (int e = 0; e < MYC_NEQ; e++) {
      out[(ms + 1) * MYC_NEQ + e] = y[e];
    }
  }
  *rejected = rej;
  return accepted;
}

#endif
