/* The host API and the functional model on small hand-written PTX kernels:
 * SIMT divergence and reconvergence, barriers, calls, faults, deadlocks and
 * API misuse. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "gpu_fixture.h"

/* out[tid] = tid odd ? tid * 3 : tid + 100, with a diamond in between. */
static const char *const diverge_ptx =
    ".visible .entry k(.param .u64 out)\n"
    "{\n"
    "  .reg .pred %p<2>;\n"
    "  .reg .b32 %r<6>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  cvta.to.global.u64 %rd2, %rd1;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  and.b32 %r2, %r1, 1;\n"
    "  setp.eq.s32 %p1, %r2, 0;\n"
    "  @%p1 bra $EVEN;\n"
    "  mul.lo.s32 %r3, %r1, 3;\n"
    "  bra.uni $JOIN;\n"
    "$EVEN:\n"
    "  add.s32 %r3, %r1, 100;\n"
    "$JOIN:\n"
    "  mul.wide.u32 %rd3, %r1, 4;\n"
    "  add.s64 %rd3, %rd2, %rd3;\n"
    "  st.global.u32 [%rd3], %r3;\n"
    "  ret;\n"
    "}\n";

static void test_divergence_reconverges(void **state) {
  fixture *f = *state;
  st_kmodule *m = load(f, diverge_ptx);
  uint64_t out;
  assert_int_equal(st_malloc(f->gpu, 70 * 4, &out, &f->err), ST_OK);
  st_arg args[] = {ST_ARG_PTR(out)};
  assert_int_equal(st_launch(f->gpu, m, "k", st_dim3_make(1, 1, 1), st_dim3_make(70, 1, 1), 0,
                             args, 1, &f->err),
                   ST_OK);
  assert_int_equal(st_synchronize(f->gpu, &f->err), ST_OK);
  uint32_t host[70];
  assert_int_equal(st_memcpy_dtoh(f->gpu, host, out, sizeof host, &f->err), ST_OK);
  for (uint32_t t = 0; t < 70; t++) {
    assert_int_equal(host[t], t % 2 ? t * 3 : t + 100);
  }
}

/* Shared-memory reduction with barriers: out[cta] = sum of tid over 64 threads. */
static const char *const reduce_ptx =
    ".visible .entry r(.param .u64 out)\n"
    "{\n"
    "  .reg .pred %p<3>;\n"
    "  .reg .b32 %r<12>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  .shared .align 4 .b8 s[256];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mov.u32 %r2, s;\n"
    "  shl.b32 %r3, %r1, 2;\n"
    "  add.s32 %r4, %r2, %r3;\n"
    "  st.shared.u32 [%r4], %r1;\n"
    "  bar.sync 0;\n"
    "  mov.u32 %r5, 32;\n"
    "$LOOP:\n"
    "  setp.ge.u32 %p1, %r1, %r5;\n"
    "  @%p1 bra $SKIP;\n"
    "  shl.b32 %r6, %r5, 2;\n"
    "  add.s32 %r7, %r4, %r6;\n"
    "  ld.shared.u32 %r8, [%r7];\n"
    "  ld.shared.u32 %r9, [%r4];\n"
    "  add.s32 %r9, %r9, %r8;\n"
    "  st.shared.u32 [%r4], %r9;\n"
    "$SKIP:\n"
    "  bar.sync 0;\n"
    "  shr.u32 %r5, %r5, 1;\n"
    "  setp.ne.s32 %p2, %r5, 0;\n"
    "  @%p2 bra $LOOP;\n"
    "  setp.ne.s32 %p1, %r1, 0;\n"
    "  @%p1 bra $END;\n"
    "  ld.shared.u32 %r10, [s];\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r11, %ctaid.x;\n"
    "  mul.wide.u32 %rd2, %r11, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r10;\n"
    "$END:\n"
    "  ret;\n"
    "}\n";

static void test_barrier_reduction(void **state) {
  fixture *f = *state;
  st_kmodule *m = load(f, reduce_ptx);
  uint64_t out;
  assert_int_equal(st_malloc(f->gpu, 5 * 4, &out, &f->err), ST_OK);
  st_arg args[] = {ST_ARG_PTR(out)};
  assert_int_equal(st_launch(f->gpu, m, "r", st_dim3_make(5, 1, 1), st_dim3_make(64, 1, 1), 0,
                             args, 1, &f->err),
                   ST_OK);
  assert_int_equal(st_synchronize(f->gpu, &f->err), ST_OK);
  uint32_t host[5];
  assert_int_equal(st_memcpy_dtoh(f->gpu, host, out, sizeof host, &f->err), ST_OK);
  for (int i = 0; i < 5; i++) {
    assert_int_equal(host[i], 63 * 64 / 2);
  }
}

/* A non-inlined function with parameters and a return value, called from
 * divergent code: out[t] = (t < 10) ? twice(t + 1) : 0. */
static const char *const call_ptx =
    ".func (.param .b32 ret) twice(.param .b32 x)\n"
    "{\n"
    "  .reg .b32 %r<3>;\n"
    "  ld.param.b32 %r1, [x];\n"
    "  add.s32 %r2, %r1, %r1;\n"
    "  st.param.b32 [ret], %r2;\n"
    "  ret;\n"
    "}\n"
    ".visible .entry c(.param .u64 out)\n"
    "{\n"
    "  .reg .pred %p<2>;\n"
    "  .reg .b32 %r<5>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mov.u32 %r4, 0;\n"
    "  setp.ge.u32 %p1, %r1, 10;\n"
    "  @%p1 bra $OUT;\n"
    "  add.s32 %r2, %r1, 1;\n"
    "  {\n"
    "  .param .b32 arg0;\n"
    "  st.param.b32 [arg0], %r2;\n"
    "  .param .b32 rv0;\n"
    "  call (rv0), twice, (arg0);\n"
    "  ld.param.b32 %r4, [rv0];\n"
    "  }\n"
    "$OUT:\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r4;\n"
    "  ret;\n"
    "}\n";

static void test_call_with_parameters(void **state) {
  fixture *f = *state;
  st_kmodule *m = load(f, call_ptx);
  uint64_t out;
  assert_int_equal(st_malloc(f->gpu, 40 * 4, &out, &f->err), ST_OK);
  st_arg args[] = {ST_ARG_PTR(out)};
  assert_int_equal(st_launch(f->gpu, m, "c", st_dim3_make(1, 1, 1), st_dim3_make(40, 1, 1), 0,
                             args, 1, &f->err),
                   ST_OK);
  if (st_synchronize(f->gpu, &f->err) != ST_OK) {
    fail_msg("%s", f->err.msg);
  }
  uint32_t host[40];
  assert_int_equal(st_memcpy_dtoh(f->gpu, host, out, sizeof host, &f->err), ST_OK);
  for (uint32_t t = 0; t < 40; t++) {
    assert_int_equal(host[t], t < 10 ? 2 * (t + 1) : 0);
  }
}

/* Thread 37 of CTA 1 stores 4 bytes past the end of a 16-byte buffer. */
static const char *const oob_ptx =
    ".visible .entry o(.param .u64 buf)\n"
    "{\n"
    "  .reg .pred %p<2>;\n"
    "  .reg .b32 %r<4>;\n"
    "  .reg .b64 %rd<3>;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mov.u32 %r2, %ctaid.x;\n"
    "  setp.ne.s32 %p1, %r1, 37;\n"
    "  @%p1 bra $END;\n"
    "  setp.ne.s32 %p1, %r2, 1;\n"
    "  @%p1 bra $END;\n"
    "  ld.param.u64 %rd1, [buf];\n"
    "  st.global.u32 [%rd1+16], %r1;\n"
    "$END:\n"
    "  ret;\n"
    "}\n";

static void test_fault_report(void **state) {
  fixture *f = *state;
  st_kmodule *m = load(f, oob_ptx);
  uint64_t buf;
  assert_int_equal(st_malloc(f->gpu, 16, &buf, &f->err), ST_OK);
  st_arg args[] = {ST_ARG_PTR(buf)};
  assert_int_equal(st_launch(f->gpu, m, "o", st_dim3_make(3, 1, 1), st_dim3_make(64, 1, 1), 0,
                             args, 1, &f->err),
                   ST_OK);
  st_error_clear(&f->err);
  assert_int_equal(st_synchronize(f->gpu, &f->err), ST_ERR_FAULT);
  char addr[64];
  snprintf(addr, sizeof addr, "address 0x%016llx, 4 bytes", (unsigned long long)(buf + 16));
  assert_non_null(strstr(f->err.msg, "fault in kernel o: global store outside every allocation"));
  assert_non_null(strstr(f->err.msg, addr));
  assert_non_null(strstr(f->err.msg, "CTA (1, 0, 0), thread (37, 0, 0) (warp 1, lane 5)"));
  assert_non_null(strstr(f->err.msg, "at test.ptx:16:"));
  assert_non_null(strstr(f->err.msg, "st.global.u32"));
  /* The GPU refuses later launches but can still be read. */
  uint32_t word;
  assert_int_equal(st_memcpy_dtoh(f->gpu, &word, buf, 4, &f->err), ST_OK);
}

static void test_misaligned_fault(void **state) {
  fixture *f = *state;
  st_kmodule *m = load(f,
                       ".visible .entry a(.param .u64 buf)\n"
                       "{\n"
                       "  .reg .b32 %r<2>;\n"
                       "  .reg .b64 %rd<2>;\n"
                       "  ld.param.u64 %rd1, [buf];\n"
                       "  ld.global.u32 %r1, [%rd1+2];\n"
                       "  ret;\n"
                       "}\n");
  uint64_t buf;
  assert_int_equal(st_malloc(f->gpu, 64, &buf, &f->err), ST_OK);
  st_arg args[] = {ST_ARG_PTR(buf)};
  assert_int_equal(st_launch(f->gpu, m, "a", st_dim3_make(1, 1, 1), st_dim3_make(1, 1, 1), 0,
                             args, 1, &f->err),
                   ST_OK);
  st_error_clear(&f->err);
  assert_int_equal(st_synchronize(f->gpu, &f->err), ST_ERR_FAULT);
  assert_non_null(strstr(f->err.msg, "misaligned global load of 4 bytes"));
}

/* Threads 0..31 wait at a barrier that threads 32..63 never reach. */
static void test_deadlock_report(void **state) {
  fixture *f = *state;
  st_kmodule *m = load(f,
                       ".visible .entry d()\n"
                       "{\n"
                       "  .reg .pred %p<2>;\n"
                       "  .reg .b32 %r<2>;\n"
                       "  mov.u32 %r1, %tid.x;\n"
                       "  setp.ge.u32 %p1, %r1, 32;\n"
                       "  @%p1 bra $SPIN;\n"
                       "  bar.sync 1, 64;\n"
                       "  ret;\n"
                       "$SPIN:\n"
                       "  bar.sync 2, 64;\n"
                       "  ret;\n"
                       "}\n");
  assert_int_equal(st_launch(f->gpu, m, "d", st_dim3_make(1, 1, 1), st_dim3_make(64, 1, 1), 0,
                             NULL, 0, &f->err),
                   ST_OK);
  st_error_clear(&f->err);
  assert_int_equal(st_synchronize(f->gpu, &f->err), ST_ERR_DEADLOCK);
  assert_non_null(strstr(f->err.msg, "deadlock in kernel d: no warp can make progress"));
  assert_non_null(strstr(f->err.msg, "CTA (0, 0, 0) warp 0: waiting at barrier 1"));
  assert_non_null(strstr(f->err.msg, "CTA (0, 0, 0) warp 1: waiting at barrier 2"));
}

static void test_launch_misuse(void **state) {
  fixture *f = *state;
  st_kmodule *m = load(f, diverge_ptx);
  st_arg args[] = {ST_ARG_PTR(0)};
  st_arg small[] = {ST_ARG_U32(1)};
  st_error_clear(&f->err);
  assert_int_equal(st_launch(f->gpu, m, "nope", st_dim3_make(1, 1, 1), st_dim3_make(1, 1, 1), 0,
                             args, 1, &f->err),
                   ST_ERR_USAGE);
  assert_string_equal(f->err.msg, "launch: module test.ptx has no kernel entry 'nope'");
  st_error_clear(&f->err);
  assert_int_equal(st_launch(f->gpu, m, "k", st_dim3_make(1, 1, 1), st_dim3_make(1, 1, 1), 0,
                             NULL, 0, &f->err),
                   ST_ERR_USAGE);
  assert_string_equal(f->err.msg, "launch of k: 0 arguments given, the kernel takes 1");
  st_error_clear(&f->err);
  assert_int_equal(st_launch(f->gpu, m, "k", st_dim3_make(1, 1, 1), st_dim3_make(1, 1, 1), 0,
                             small, 1, &f->err),
                   ST_ERR_USAGE);
  assert_string_equal(f->err.msg,
                      "launch of k: argument 0 has 4 bytes, parameter 'out' has 8");
  st_error_clear(&f->err);
  assert_int_equal(st_launch(f->gpu, m, "k", st_dim3_make(1, 1, 1), st_dim3_make(2048, 1, 1), 0,
                             args, 1, &f->err),
                   ST_ERR_USAGE);
  st_error_clear(&f->err);
  assert_int_equal(st_launch(f->gpu, m, "k", st_dim3_make(0, 1, 1), st_dim3_make(32, 1, 1), 0,
                             args, 1, &f->err),
                   ST_ERR_USAGE);
  st_error_clear(&f->err);
  assert_int_equal(st_launch(f->gpu, m, "k", st_dim3_make(1, 1, 1), st_dim3_make(32, 1, 1),
                             1 << 20, args, 1, &f->err),
                   ST_ERR_USAGE);
}

static void test_memory_api_misuse(void **state) {
  fixture *f = *state;
  uint64_t a;
  assert_int_equal(st_malloc(f->gpu, 100, &a, &f->err), ST_OK);
  uint8_t buf[200] = {0};
  st_error_clear(&f->err);
  assert_int_equal(st_memcpy_htod(f->gpu, a, buf, 200, &f->err), ST_ERR_USAGE);
  st_error_clear(&f->err);
  assert_int_equal(st_free(f->gpu, a + 4, &f->err), ST_ERR_USAGE);
  assert_int_equal(st_free(f->gpu, a, &f->err), ST_OK);
  st_error_clear(&f->err);
  assert_int_equal(st_memcpy_dtoh(f->gpu, buf, a, 4, &f->err), ST_ERR_USAGE);
}

/* A 32-bit address register plus an offset wraps at 32 bits (nvcc -O3 makes
 * shared addresses that dip below 0 and come back with the offset). */
static void test_address_wraps_at_32_bits(void **state) {
  fixture *f = *state;
  st_kmodule *m = load(f,
                       ".visible .entry wrap(.param .u64 out)\n"
                       "{\n"
                       "  .reg .b32 %r<5>;\n"
                       "  .reg .b64 %rd<3>;\n"
                       "  .shared .align 4 .b8 buf[16];\n"
                       "  mov.u32 %r1, buf;\n"
                       "  add.s32 %r2, %r1, -4;\n"
                       "  mov.u32 %r3, 7;\n"
                       "  st.shared.u32 [buf+4], %r3;\n"
                       "  ld.shared.u32 %r4, [%r2+8];\n"
                       "  ld.param.u64 %rd1, [out];\n"
                       "  st.global.u32 [%rd1], %r4;\n"
                       "  ret;\n"
                       "}\n");
  uint64_t out;
  assert_int_equal(st_malloc(f->gpu, 4, &out, &f->err), ST_OK);
  st_arg args[] = {ST_ARG_PTR(out)};
  assert_int_equal(st_launch(f->gpu, m, "wrap", st_dim3_make(1, 1, 1), st_dim3_make(1, 1, 1), 0,
                             args, 1, &f->err),
                   ST_OK);
  if (st_synchronize(f->gpu, &f->err) != ST_OK) {
    fail_msg("%s", f->err.msg);
  }
  uint32_t v = 0;
  assert_int_equal(st_memcpy_dtoh(f->gpu, &v, out, 4, &f->err), ST_OK);
  assert_int_equal(v, 7);
}

/* Registers read zero until written, in every thread block, also one placed
 * in a slot where another ran and wrote them: %r5 (a row zeroed when first
 * touched) and %r299 (above ST_REG_LAZY_ROWS, zeroed with the allocation)
 * are stored before being written, then written. %tid of a 5 x 3 x 4 block,
 * whose warps cross rows and planes of it, is stored too. */
static const char *const fresh_ptx =
    ".visible .entry z(.param .u64 out)\n"
    "{\n"
    "  .reg .b32 %r<300>;\n"
    "  .reg .b64 %rd<6>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  cvta.to.global.u64 %rd2, %rd1;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mov.u32 %r2, %tid.y;\n"
    "  mov.u32 %r3, %tid.z;\n"
    "  mov.u32 %r4, %ctaid.x;\n"
    "  mad.lo.u32 %r6, %r3, 3, %r2;\n"
    "  mad.lo.u32 %r6, %r6, 5, %r1;\n"
    "  mad.lo.u32 %r7, %r4, 60, %r6;\n"
    "  mul.wide.u32 %rd3, %r7, 20;\n"
    "  add.s64 %rd4, %rd2, %rd3;\n"
    "  st.global.u32 [%rd4], %r1;\n"
    "  st.global.u32 [%rd4+4], %r2;\n"
    "  st.global.u32 [%rd4+8], %r3;\n"
    "  st.global.u32 [%rd4+12], %r5;\n"
    "  st.global.u32 [%rd4+16], %r299;\n"
    "  mov.u32 %r5, 77;\n"
    "  mov.u32 %r299, 99;\n"
    "  ret;\n"
    "}\n";

static void run_fresh(fixture *f, st_gpu *gpu) {
  enum { CTAS = 48, THREADS = 60 };
  char text[4096];
  snprintf(text, sizeof text, "%s%s", header, fresh_ptx);
  st_kmodule *m = NULL;
  st_error_clear(&f->err);
  if (st_module_load_text(gpu, text, strlen(text), "fresh.ptx", &m, &f->err) != ST_OK) {
    fail_msg("load failed: %s", f->err.msg);
  }
  static uint32_t host[CTAS * THREADS * 5];
  uint64_t out;
  assert_int_equal(st_malloc(gpu, sizeof host, &out, &f->err), ST_OK);
  st_arg args[] = {ST_ARG_PTR(out)};
  assert_int_equal(st_launch(gpu, m, "z", st_dim3_make(CTAS, 1, 1), st_dim3_make(5, 3, 4), 0,
                             args, 1, &f->err),
                   ST_OK);
  if (st_synchronize(gpu, &f->err) != ST_OK) {
    fail_msg("%s", f->err.msg);
  }
  memset(host, 0xff, sizeof host);
  assert_int_equal(st_memcpy_dtoh(gpu, host, out, sizeof host, &f->err), ST_OK);
  for (uint32_t i = 0; i < CTAS * THREADS; i++) {
    uint32_t t = i % THREADS;
    const uint32_t *v = &host[i * 5];
    if (v[0] != t % 5 || v[1] != t / 5 % 3 || v[2] != t / 15 || v[3] != 0 || v[4] != 0) {
      fail_msg("thread %u of block %u: tid (%u, %u, %u), unwritten registers %u and %u; wanted "
               "(%u, %u, %u), 0 and 0",
               t, i / THREADS, v[0], v[1], v[2], v[3], v[4], t % 5, t / 5 % 3, t / 15);
    }
  }
}

static void test_registers_start_at_zero(void **state) {
  fixture *f = *state;
  run_fresh(f, f->gpu); /* functional: a finished block's slot is reused in place */
  st_config cfg = f->cfg;
  cfg.sim.mode = ST_MODE_TIMING; /* each block's warps allocated when it is placed */
  st_gpu *timing = NULL;
  assert_int_equal(st_gpu_create(&cfg, &timing, &f->err), ST_OK);
  run_fresh(f, timing);
  st_gpu_destroy(timing);
}

static void test_bad_ptx_is_an_error(void **state) {
  fixture *f = *state;
  const char *text = ".version 9.0\n.target sm_75\n.address_size 64\n"
                     ".visible .entry x()\n{\n  frobnicate.u32 %r1;\n}\n";
  st_kmodule *m = NULL;
  st_error_clear(&f->err);
  assert_int_equal(st_module_load_text(f->gpu, text, strlen(text), "bad.ptx", &m, &f->err),
                   ST_ERR_PTX);
  assert_null(m);
  assert_true(strncmp(f->err.msg, "bad.ptx:6:3: error:", 19) == 0);
}

int main(void) {
  /* Each test gets a fresh GPU: a fault leaves a GPU refusing work. */
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_divergence_reconverges, setup, teardown),
      cmocka_unit_test_setup_teardown(test_barrier_reduction, setup, teardown),
      cmocka_unit_test_setup_teardown(test_call_with_parameters, setup, teardown),
      cmocka_unit_test_setup_teardown(test_fault_report, setup, teardown),
      cmocka_unit_test_setup_teardown(test_misaligned_fault, setup, teardown),
      cmocka_unit_test_setup_teardown(test_deadlock_report, setup, teardown),
      cmocka_unit_test_setup_teardown(test_launch_misuse, setup, teardown),
      cmocka_unit_test_setup_teardown(test_memory_api_misuse, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_ptx_is_an_error, setup, teardown),
      cmocka_unit_test_setup_teardown(test_address_wraps_at_32_bits, setup, teardown),
      cmocka_unit_test_setup_teardown(test_registers_start_at_zero, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
