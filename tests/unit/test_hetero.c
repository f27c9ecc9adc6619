/* HeteroPDP's library (cmodel/src/hetero/): the dissertation's coefficient
 * tables evaluated term by term, the least-squares fit recovering planted
 * coefficients, cross-validation, the quality measures, model files (round
 * trip and every error), static features of a PTX kernel, and the decision
 * alone and beside co-runners. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hetero/hetero.h"

static void assert_close(double got, double want, double rel) {
  if (!(fabs(got - want) <= rel * fabs(want) + 1e-300)) {
    fail_msg("got %.17g, wanted %.17g", got, want);
  }
}

/* Every table has the size and the factors the dissertation prints, in the
 * order st_hmodel_term gives them, and as many non-zero terms as it has. */
static void test_paper_tables_shape(void **state) {
  (void)state;
  static const unsigned terms[HM_COUNT] = {36, 36, 55, 45};
  static const unsigned nonzero[HM_COUNT] = {29, 27, 37, 29};
  st_hmodel_set set;
  st_hetero_paper_models(&set);
  assert_string_equal(set.name, "paper");
  for (int k = 0; k < HM_COUNT; k++) {
    const st_hmodel *m = &set.m[k];
    assert_int_equal(st_hmodel_terms(m), terms[k]);
    assert_int_equal(st_hetero_paper_terms((st_hmodel_kind)k), terms[k]);
    unsigned nz = 0;
    for (unsigned t = 0; t < terms[k]; t++) {
      st_hfeat a, b;
      const char *pa, *pb;
      st_hmodel_term(m, t, &a, &b);
      st_hetero_paper_term((st_hmodel_kind)k, t, &pa, &pb);
      assert_string_equal(st_hfeat_title(a), pa);
      assert_string_equal(b == HF_COUNT ? "1" : st_hfeat_title(b), pb);
      nz += m->coef[t] != 0.0;
    }
    assert_int_equal(nz, nonzero[k]);
  }
}

/* Evaluating the tables: values worked by hand from the printed
 * coefficients. */
static void test_paper_tables_evaluate(void **state) {
  (void)state;
  st_hmodel_set set;
  st_hetero_paper_models(&set);
  st_hfeatures f;
  memset(&f, 0, sizeof f);
  /* A.1: threads = 2, scalar ALU = 3:
   * 2 x 0.000000009173792 + 3 x -0.001291950266492 + 6 x -0.000000000858425 */
  f.v[HF_THREADS] = 2;
  f.v[HF_SALU] = 3;
  assert_close(st_hmodel_predict(&set.m[HM_CPU_ALONE], &f),
               2 * 0.000000009173792 + 3 * -0.001291950266492 + 6 * -0.000000000858425, 1e-12);
  /* A.2: FP = 10, buffer = 1000:
   * 10 x 0.007097661815404 + 1000 x 0.000000004301985 + 10000 x -0.000000005460802 */
  memset(&f, 0, sizeof f);
  f.v[HF_FP] = 10;
  f.v[HF_BUF] = 1000;
  assert_close(st_hmodel_predict(&set.m[HM_GPU_ALONE], &f),
               10 * 0.007097661815404 + 1000 * 0.000000004301985 + 10000 * -0.000000005460802,
               1e-12);
  /* A.4 prints that product's coefficient ten times smaller, and adds DRAM
   * bandwidth (0.0000000004) and buffer x DRAM (0.000000000370901). */
  f.v[HF_DRAM_BW] = 5;
  assert_close(st_hmodel_predict(&set.m[HM_GPU_COLOC], &f),
               10 * 0.007097661815404 + 1000 * 0.000000004301985 +
                   10000 * -0.0000000005460802 + 5 * 0.0000000004 + 5000 * 0.000000000370901,
               1e-12);
  /* A.3: LLC misses = 7, DRAM = 11, branch = 2:
   * 7 x -0.000000009308307 + 77 x 0.000000002764534 + 22 x 0.000546133983535
   * + 14 x -0.000000000087090 (branch alone: 0) */
  memset(&f, 0, sizeof f);
  f.v[HF_LLC_MISS] = 7;
  f.v[HF_DRAM_BW] = 11;
  f.v[HF_BRANCH] = 2;
  assert_close(st_hmodel_predict(&set.m[HM_CPU_COLOC], &f),
               7 * -0.000000009308307 + 77 * 0.000000002764534 + 22 * 0.000546133983535 +
                   14 * -0.000000000087090,
               1e-12);
  /* Features a model does not use change nothing. */
  double before = st_hmodel_predict(&set.m[HM_CPU_ALONE], &f);
  f.v[HF_BARRIER] = 1e6;
  f.v[HF_XFER] = 1e9;
  assert_close(st_hmodel_predict(&set.m[HM_CPU_ALONE], &f), before, 1e-15);
}

/* Samples generated from known coefficients (a linear term, a pair term,
 * features of very different sizes): the fit recovers them. */
static void make_samples(st_hfeatures *f, double *y, int *group, size_t n) {
  for (size_t i = 0; i < n; i++) {
    memset(&f[i], 0, sizeof f[i]);
    f[i].v[HF_THREADS] = 1000.0 * (double)(1 + i % 7) * (double)(1 + i / 7);
    f[i].v[HF_BUF] = 4096.0 * (double)(3 + (i * 5) % 11);
    f[i].v[HF_SALU] = (double)(10 + (i * 3) % 13);
    f[i].v[HF_VMEM] = (double)(2 + i % 5);
    f[i].v[HF_BRANCH] = (double)(1 + (i * 7) % 3);
    y[i] = 2e-9 * f[i].v[HF_THREADS] * f[i].v[HF_VMEM] + 1e-3 * f[i].v[HF_SALU] +
           5e-12 * f[i].v[HF_BUF] * f[i].v[HF_THREADS];
    group[i] = (int)(i / 3);
  }
}

static void test_fit_recovers(void **state) {
  (void)state;
  enum { N = 140 };
  st_hfeatures f[N];
  double y[N];
  int group[N];
  make_samples(f, y, group, N);
  st_hmodel m;
  st_hmodel_init(&m, HM_CPU_ALONE, false);
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_hmodel_fit(&m, f, y, N, &err), ST_OK);
  for (size_t i = 0; i < N; i++) {
    assert_close(st_hmodel_predict(&m, &f[i]), y[i], 1e-5);
  }
  /* The atomic column is zero everywhere: its terms are 0. */
  for (unsigned t = 0; t < st_hmodel_terms(&m); t++) {
    st_hfeat a, b;
    st_hmodel_term(&m, t, &a, &b);
    if (a == HF_ATOMIC || b == HF_ATOMIC) {
      assert_true(m.coef[t] == 0.0);
    }
  }
  /* Cross-validation on exact data predicts every held-out sample. */
  double pred[N];
  assert_int_equal(st_hmodel_crossval(&m, f, y, group, N, 8, pred, &err), ST_OK);
  st_hfit_quality q;
  st_hfit_measure(pred, y, N, &q);
  assert_int_equal(q.n, N);
  assert_true(q.within20 == 1.0);
  assert_true(q.r2 > 0.999);
  /* Noise of +-30% on alternate samples: within 20% falls. */
  for (size_t i = 0; i < N; i++) {
    pred[i] = y[i] * (i % 2 ? 1.3 : 1.0);
  }
  st_hfit_measure(pred, y, N, &q);
  assert_close(q.within20, 0.5, 1e-12);
  assert_true(q.r2 < 1.0);
  /* No samples, or a time that is not positive, is an error. */
  assert_int_equal(st_hmodel_fit(&m, f, y, 0, &err), ST_ERR_USAGE);
  y[3] = 0.0;
  st_error_clear(&err);
  assert_int_equal(st_hmodel_fit(&m, f, y, N, &err), ST_ERR_USAGE);
  if (strstr(err.msg, "sample 3") == NULL) {
    fail_msg("%s", err.msg);
  }
}

static void test_measure(void **state) {
  (void)state;
  double y[4] = {1.0, 2.0, 4.0, 8.0};
  double p[4] = {1.05, 1.5, 4.0, 16.0}; /* errors 5%, 25%, 0, 100% */
  st_hfit_quality q;
  st_hfit_measure(p, y, 4, &q);
  assert_close(q.within20, 0.5, 1e-12);
  assert_close(q.within10, 0.5, 1e-12);
  assert_close(q.median_err, 0.15, 1e-12);
}

static char tmpdir[64];

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static void expect_load_error(const char *text, const char *want) {
  char path[128];
  snprintf(path, sizeof path, "%s/bad.txt", tmpdir);
  write_file(path, text);
  st_hmodel_set set;
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_hmodel_set_load(path, &set, &err), ST_ERR_USAGE);
  if (strstr(err.msg, want) == NULL) {
    fail_msg("'%s' lacks '%s'", err.msg, want);
  }
}

static void test_model_files(void **state) {
  (void)state;
  snprintf(tmpdir, sizeof tmpdir, "/tmp/test_hetero.XXXXXX");
  assert_non_null(mkdtemp(tmpdir));
  char path[128];
  snprintf(path, sizeof path, "%s/paper.txt", tmpdir);
  st_hmodel_set paper, back;
  st_hetero_paper_models(&paper);
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_hmodel_set_save(&paper, path, &err), ST_OK);
  assert_int_equal(st_hmodel_set_load(path, &back, &err), ST_OK);
  assert_string_equal(back.name, "paper");
  for (int k = 0; k < HM_COUNT; k++) {
    assert_int_equal(back.m[k].n_feats, paper.m[k].n_feats);
    assert_memory_equal(back.m[k].coef, paper.m[k].coef,
                        st_hmodel_terms(&paper.m[k]) * sizeof(double));
  }
  /* Ours: the GPU models with the bytes copied; fitted scales kept. */
  st_hmodel_set ours;
  snprintf(ours.name, sizeof ours.name, "fitted");
  for (int k = 0; k < HM_COUNT; k++) {
    st_hmodel_init(&ours.m[k], (st_hmodel_kind)k, true);
    for (unsigned t = 0; t < st_hmodel_terms(&ours.m[k]); t++) {
      ours.m[k].coef[t] = 1.0 / (t + 1.0 + k);
    }
    ours.m[k].scale[HF_THREADS] = 1234.5;
  }
  assert_int_equal(ours.m[HM_GPU_ALONE].n_feats, 9);
  assert_int_equal(st_hmodel_set_save(&ours, path, &err), ST_OK);
  assert_int_equal(st_hmodel_set_load(path, &back, &err), ST_OK);
  st_hfeatures f;
  for (int i = 0; i < HF_COUNT; i++) f.v[i] = i + 1.5;
  for (int k = 0; k < HM_COUNT; k++) {
    assert_close(st_hmodel_predict(&back.m[k], &f), st_hmodel_predict(&ours.m[k], &f), 1e-15);
  }
  /* Errors, each with its line. */
  expect_load_error("model cpu_alone\nfeatures threads salu smem valu vmem branch buf\n",
                    "bad.txt:2: error: model cpu_alone has the wrong feature set");
  expect_load_error("model gpu_coloc\nfeatures threads mem int fp math branch barrier buf "
                    "llc_miss dram_bw\n",
                    "bad.txt:2: error: model gpu_coloc has the wrong feature set");
  expect_load_error("model cpu_later\n", "bad.txt:1:7: error: unknown model 'cpu_later'");
  expect_load_error("term threads 1 0.5\n", "bad.txt:1:1: error: 'term' before any 'model'");
  expect_load_error("model cpu_alone\nfeatures threads salu smem valu vmem branch atomic buf\n"
                    "term threads salu x\n",
                    "bad.txt:3: error: expected 'term FEATURE FEATURE|1 COEFFICIENT'");
  expect_load_error("model cpu_alone\nfeatures threads salu smem valu vmem branch atomic buf\n"
                    "term threads barrier 1\n",
                    "bad.txt:3: error: model cpu_alone has no term 'threads x barrier'");
  expect_load_error("model cpu_alone\nfeatures threads salu smem valu vmem branch atomic buf\n"
                    "term threads 1 1\n",
                    "model cpu_alone ends with 1 of its 36 terms");
  expect_load_error("model cpu_alone\nfeatures threads salu smem valu vmem branch atomic buf "
                    "widgets\n",
                    "bad.txt:2: error: unknown feature 'widgets'");
  expect_load_error("# nothing\n", "model cpu_alone is missing");
  st_hmodel_set set;
  snprintf(path, sizeof path, "%s/none.txt", tmpdir);
  assert_int_equal(st_hmodel_set_load(path, &set, &err), ST_ERR_USAGE);
  assert_non_null(strstr(err.msg, "none.txt: cannot read"));
  snprintf(path, sizeof path, "%s/bad.txt", tmpdir);
  remove(path);
  snprintf(path, sizeof path, "%s/paper.txt", tmpdir);
  remove(path);
  rmdir(tmpdir);
}

/* A kernel whose classes are known: a uniform loop bound and a scalar load
 * through a parameter, a thread-indexed load and store, a sine, a float add,
 * a barrier, an atomic, branches. */
static const char kernel[] =
    ".version 7.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 p, .param .u32 n)\n{\n"
    "  .reg .pred %p<2>;\n  .reg .b32 %r<8>;\n  .reg .f32 %f<4>;\n  .reg .b64 %rd<6>;\n"
    "  ld.param.u64 %rd1, [p];\n"               /* uncounted */
    "  ld.param.u32 %r1, [n];\n"                /* uncounted */
    "  ld.global.u32 %r2, [%rd1];\n"            /* scalar MEM: uniform address */
    "  add.s32 %r3, %r1, %r2;\n"                /* scalar ALU, INT */
    "  mov.u32 %r4, %tid.x;\n"                  /* vector ALU, INT */
    "  mul.wide.u32 %rd2, %r4, 4;\n"            /* vector ALU, INT */
    "  add.s64 %rd3, %rd1, %rd2;\n"             /* vector ALU, INT */
    "  ld.global.f32 %f1, [%rd3];\n"            /* vector MEM */
    "  sin.approx.f32 %f2, %f1;\n"              /* vector ALU, MATH */
    "  add.f32 %f3, %f2, 0f3F800000;\n"         /* vector ALU, FP */
    "  st.global.f32 [%rd3], %f3;\n"            /* vector MEM */
    "  bar.sync 0;\n"                           /* BARRIER */
    "  setp.lt.u32 %p1, %r4, %r3;\n"            /* vector ALU, INT */
    "  @%p1 bra DONE;\n"                        /* BRANCH */
    "  atom.global.add.u32 %r5, [%rd1], 1;\n"   /* ATOMIC (and MEM for the GPU) */
    "DONE:\n  ret;\n}\n";

static void test_static_features(void **state) {
  (void)state;
  st_module *m = NULL;
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_ptx_parse(kernel, strlen(kernel), "k.ptx", &m, &err), ST_OK);
  st_hfeatures f;
  memset(&f, 0, sizeof f);
  const char *names[] = {"k"};
  assert_int_equal(st_hetero_static_features(m, names, 1, &f, &err), ST_OK);
  assert_int_equal((int)f.v[HF_SMEM], 1);
  assert_int_equal((int)f.v[HF_SALU], 1);
  assert_int_equal((int)f.v[HF_VMEM], 2);
  assert_int_equal((int)f.v[HF_VALU], 6);
  assert_int_equal((int)f.v[HF_MEM], 4);
  assert_int_equal((int)f.v[HF_INT], 5);
  assert_int_equal((int)f.v[HF_FP], 1);
  assert_int_equal((int)f.v[HF_MATH], 1);
  assert_int_equal((int)f.v[HF_BARRIER], 1);
  assert_int_equal((int)f.v[HF_BRANCH], 1);
  assert_int_equal((int)f.v[HF_ATOMIC], 1);
  /* An unknown kernel is an error. */
  const char *bad[] = {"k", "nope"};
  assert_int_equal(st_hetero_static_features(m, bad, 2, &f, &err), ST_ERR_USAGE);
  assert_non_null(strstr(err.msg, "no kernel named 'nope'"));
  st_module_free(m);
}

static void test_decide(void **state) {
  (void)state;
  /* Models of one linear term each: CPU alone 2 s per thread, GPU alone 1 s
   * per thread; beside co-runners CPU 3 s, GPU 1.5 s per thread. */
  st_hmodel_set set;
  for (int k = 0; k < HM_COUNT; k++) {
    st_hmodel_init(&set.m[k], (st_hmodel_kind)k, true);
    set.m[k].coef[0] = k == HM_CPU_ALONE ? 2.0 : k == HM_GPU_ALONE ? 1.0
                                              : k == HM_CPU_COLOC ? 3.0 : 1.5;
  }
  st_hdecision_in in;
  memset(&in, 0, sizeof in);
  in.models = &set;
  in.f.v[HF_THREADS] = 1.0;
  st_hdecision d;
  st_hetero_decide(&in, &d);
  assert_int_equal(d.choice, 1);
  assert_close(d.t_alone[0], 2.0, 1e-15);
  set.m[HM_CPU_ALONE].coef[0] = 0.5;
  st_hetero_decide(&in, &d);
  assert_int_equal(d.choice, 0);
  /* One co-runner: slowed 1.2x at LLC level 2 (the CPU floor), 2.0x at
   * membw level 4 (the GPU's copies: 8 x 0.5 of the host's bandwidth for
   * the whole time). Kernel slowdowns by the faster alone time (0.5 s): CPU
   * 3 / 0.5 = 6, GPU 1.5 / 0.5 = 3. Fairness: CPU 1.2 / 6 = 0.2, GPU
   * 2 / 3 = 0.667: the GPU. */
  st_hbubble b;
  memset(&b, 0, sizeof b);
  for (int l = 0; l < ST_HETERO_LEVELS; l++) {
    b.llc[l] = 1.0 + 0.1 * l;
    b.membw[l] = 1.0 + 0.25 * l;
  }
  in.n_corun = 1;
  in.bubble[0] = &b;
  in.weight[0] = 1.0;
  in.pressure.llc_bytes = 1e6;
  in.pressure.host_bw = 1e9;
  in.pressure.llc_floor = 2.0;
  in.f.v[HF_BUF] = 1e5; /* level 0.8 < the floor */
  in.f.v[HF_XFER] = 0.75e9;
  in.gpu_xfer_s = 1.5;  /* 0.5 GB/s over all of the GPU's 1.5 s */
  st_hetero_decide(&in, &d);
  assert_close(d.level[0], 2.0, 1e-12);
  assert_close(d.level[1], 4.0, 1e-12);
  assert_close(d.kernel_slowdown[0], 6.0, 1e-12);
  assert_close(d.kernel_slowdown[1], 3.0, 1e-12);
  assert_close(d.corun_slowdown[0][0], 1.2, 1e-12);
  assert_close(d.corun_slowdown[1][0], 2.0, 1e-12);
  assert_close(d.fairness[0], 0.2, 1e-12);
  assert_close(d.fairness[1], 2.0 / 3.0, 1e-12);
  assert_int_equal(d.choice, 1);
  /* A latency-critical co-runner (weight 2.5) on the GPU: 5 against 3,
   * fairness 0.6; on the CPU 3 / 6 = 0.5: still the GPU. Eq. 6.6 as printed
   * (each device by its own alone time): CPU 3 / 0.5 = 6, GPU 1.5 / 1 = 1.5,
   * fairness CPU 0.2, GPU 1.5 / 2 = 0.75. */
  in.weight[0] = 2.5;
  st_hetero_decide(&in, &d);
  assert_close(d.fairness[1], 0.6, 1e-12);
  assert_close(d.fairness[0], 0.5, 1e-12);
  in.weight[0] = 1.0;
  in.same_device_norm = true;
  st_hetero_decide(&in, &d);
  assert_close(d.kernel_slowdown[1], 1.5, 1e-12);
  assert_close(d.fairness[1], 0.75, 1e-12);
  /* Interpolation between levels, and beyond the last. */
  assert_close(st_hbubble_at(b.membw, 2.5), 1.625, 1e-12);
  assert_close(st_hbubble_at(b.membw, 20.0), 3.0, 1e-12);
  double s[3] = {1.0, 2.0, 4.0}, w[3] = {1.0, 1.0, 0.5};
  assert_close(st_hetero_fairness(s, NULL, 3), 0.25, 1e-12);
  assert_close(st_hetero_fairness(s, w, 3), 0.5, 1e-12);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_paper_tables_shape), cmocka_unit_test(test_paper_tables_evaluate),
      cmocka_unit_test(test_fit_recovers),       cmocka_unit_test(test_measure),
      cmocka_unit_test(test_model_files),        cmocka_unit_test(test_static_features),
      cmocka_unit_test(test_decide),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
