/* The arithmetic library against real GPU results.
 *
 * For every operation of tests/silicon/arith/ops.h whose results file
 * <op>.bin lies in tests/silicon/arith/ref/ (recorded on a GPU by
 * tests/silicon/arith/run.sh; the environment variable SIMTREF_ARITH_REF
 * names another folder), this regenerates the same inputs, computes the
 * library's result and compares: bit for bit for exact operations, within the
 * bound of docs/arith.md for the approximate ones. Mismatches are listed with
 * the op, the inputs in hex, the GPU's result and ours, and fail the test.
 * Without any results file the test says so and passes; it still runs every
 * operation over its inputs (which exercises them under the sanitizers). */
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "func/fparith.h"
#include "func/intarith.h"

#include "../silicon/arith/gen_inputs.h"
#include "../silicon/arith/ops.h"

/* The raw-bit views the manifest's ref expressions use. */
#define A32 ((uint32_t)a)
#define B32 ((uint32_t)b)
#define C32 ((uint32_t)c)
#define D32 ((uint32_t)d)
#define A16 ((uint16_t)a)
#define B16 ((uint16_t)b)
#define C16 ((uint16_t)c)

#define ST_OP_ENUM(name, nin, out, i0, i1, i2, i3, cm, tol, ptx, ref) OPI_##name,
enum { ST_ARITH_OPS(ST_OP_ENUM) OPI_COUNT };

/* The library's result for op idx on inputs a..d. */
static uint64_t eval(unsigned idx, uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  (void)c;
  (void)d;
  switch (idx) {
#define ST_OP_CASE(name, nin, out, i0, i1, i2, i3, cm, tol, ptx, ref) \
  case OPI_##name:                                                    \
    return (uint64_t)(ref);
    ST_ARITH_OPS(ST_OP_CASE)
  default: return 0;
  }
}

#define MAX_REPORTED 8
static const char *const cm_names[] = {"exact", "ulp32", "rel32", "sincos", "lg2", "divapprox", "hi20", "ulp64"};
#define PI 3.14159265358979323846

static const char *ref_dir(void) {
  const char *env = getenv("SIMTREF_ARITH_REF");
  return env && *env ? env : SIMTREF_SOURCE_DIR "/tests/silicon/arith/ref";
}

/* ---- comparisons ---- */

static inline double f32_val(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return (double)f;
}
static inline bool f32_nan(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }
static inline bool f32_inf(uint32_t u) { return (u & 0x7fffffffu) == 0x7f800000u; }
/* Monotonic integer of a sign-magnitude float of `bits` bits (+0 and -0 both 0). */
static inline int64_t ordkey(uint64_t u, unsigned bits) {
  uint64_t sign = UINT64_C(1) << (bits - 1);
  int64_t mag = (int64_t)(u & (sign - 1));
  return (u & sign) ? -mag : mag;
}
static inline uint64_t ulp_dist(uint64_t x, uint64_t y, unsigned bits) {
  int64_t d = ordkey(x, bits) - ordkey(y, bits);
  return (uint64_t)(d < 0 ? -d : d);
}

/* Whether ours (o) agrees with the GPU (g) for op on inputs in. */
static bool agrees(const st_arith_op *op, const uint64_t *in, uint64_t o, uint64_t g) {
  if (o == g) {
    return true;
  }
  uint32_t o32 = (uint32_t)o, g32 = (uint32_t)g;
  switch (op->cm) {
  case ST_CM_EXACT: return false;
  case ST_CM_ULP64:
    if (((o & ~(UINT64_C(1) << 63)) > UINT64_C(0x7ff0000000000000)) ||
        ((g & ~(UINT64_C(1) << 63)) > UINT64_C(0x7ff0000000000000))) {
      return false; /* NaNs bit for bit */
    }
    return ulp_dist(o, g, 64) <= (uint64_t)op->tol;
  case ST_CM_HI20: {
    uint32_t oh = (uint32_t)(o >> 32), gh = (uint32_t)(g >> 32);
    /* The upper words are in 1.11.20 format: NaN above 0x7ff00000 (not the
     * f32 NaN test, which took large finite results such as 2^1020 for NaN). */
    if ((uint32_t)g != 0 || (oh & 0x7fffffffu) > 0x7ff00000u || (gh & 0x7fffffffu) > 0x7ff00000u) {
      return false;
    }
    return ulp_dist(oh, gh, 32) <= (uint64_t)op->tol;
  }
  default: break;
  }
  /* f32 results from here on. */
  if (f32_nan(o32) || f32_nan(g32)) {
    return false;
  }
  double x = f32_val((uint32_t)in[0]);
  double ov = f32_val(o32), gv = f32_val(g32), diff = fabs(ov - gv);
  switch (op->cm) {
  case ST_CM_ULP32: return ulp_dist(o32, g32, 32) <= (uint64_t)op->tol;
  case ST_CM_DIVAPPROX: {
    double b = fabs(f32_val((uint32_t)in[1]));
    if (b >= 0x1p-126 && b <= 0x1p126) {
      return ulp_dist(o32, g32, 32) <= (uint64_t)op->tol;
    }
    return b > 0.0 && b < 0x1p-126; /* subnormal divisor: no bound; others exact */
  }
  case ST_CM_REL32:
    if (f32_inf(o32) || f32_inf(g32)) {
      return false;
    }
    return ulp_dist(o32, g32, 32) <= 1 ||
           diff <= (exp2(-op->tol) + 0x1p-23) * fmax(fabs(ov), fabs(gv));
  case ST_CM_SINCOS: {
    double ax = fabs(x);
    if (isnan(x) || isinf(x)) {
      return false;
    }
    if (ax <= 2.0 * PI) {
      return diff <= exp2(-20.5) + 0x1p-24;
    }
    if (ax <= 100.0 * PI) {
      return diff <= exp2(-14.7) + 0x1p-24;
    }
    return true; /* outside [-100pi, 100pi] the manual promises nothing */
  }
  case ST_CM_LG2:
    if (f32_inf(o32) || f32_inf(g32)) {
      return false;
    }
    if (x > 0.5 && x < 2.0) {
      return diff <= 0x1p-22 + 0x1p-24;
    }
    return diff <= (0x1p-22 + 0x1p-23) * fmax(fabs(ov), fabs(gv));
  default: return false;
  }
}

/* ---- the test ---- */

typedef struct outcome {
  unsigned compared_ops, mismatched_ops, missing;
  unsigned long long mismatches;
} outcome;

/* Prints one case: op, inputs, the GPU's result and ours. */
static void report(const st_arith_op *op, size_t i, const uint64_t *in, uint64_t g, uint64_t o) {
  char buf[256];
  int len = snprintf(buf, sizeof buf, "  %s case %zu: in", op->name, i);
  for (int k = 0; k < op->nin && len > 0 && (size_t)len < sizeof buf; k++) {
    len += snprintf(buf + len, sizeof buf - (size_t)len, " 0x%llx", (unsigned long long)in[4 * i + (size_t)k]);
  }
  print_message("%s  gpu 0x%llx  ours 0x%llx\n", buf, (unsigned long long)g, (unsigned long long)o);
}

/* Compares op k with its results file, if there is one. */
static void check_op(size_t k, uint64_t *in, uint64_t *ours, outcome *res) {
  const st_arith_op *op = &st_arith_ops[k];
  const size_t n = ST_ARITH_CASES;
  unsigned bytes = st_ak_bytes(op->out);
  uint64_t mask = bytes >= 8 ? ~UINT64_C(0) : (UINT64_C(1) << (8 * bytes)) - 1;
  st_arith_gen(op, in, n);
  for (size_t i = 0; i < n; i++) {
    ours[i] = eval((unsigned)k, in[4 * i], in[4 * i + 1], in[4 * i + 2], in[4 * i + 3]) & mask;
  }

  char path[1024];
  snprintf(path, sizeof path, "%s/%s.bin", ref_dir(), op->name);
  FILE *f = fopen(path, "rb");
  if (!f) {
    res->missing++;
    return;
  }
  st_arith_header h;
  unsigned char *raw = malloc(n * 8);
  assert_non_null(raw);
  bool ok = fread(&h, sizeof h, 1, f) == 1;
  if (ok && (h.magic != ST_ARITH_MAGIC || h.version != ST_ARITH_VERSION || h.count != n ||
             h.out_bytes != bytes)) {
    print_error("%s: unexpected header (magic %x version %u count %u bytes %u)\n", path, h.magic,
                h.version, h.count, h.out_bytes);
    ok = false;
  }
  ok = ok && fread(raw, bytes, n, f) == n;
  fclose(f);
  if (!ok) {
    free(raw);
    fail_msg("%s: unreadable results file", path);
  }
  if (h.input_hash != st_arith_hash(in, 4 * n)) {
    free(raw);
    fail_msg("%s: recorded for other inputs (gen_inputs.h or ops.h changed since): rerun "
             "tests/silicon/arith/run.sh", path);
  }
  unsigned long long bad = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t g = 0;
    for (unsigned byte = 0; byte < bytes; byte++) {
      g |= (uint64_t)raw[i * bytes + byte] << (8 * byte);
    }
    if (!agrees(op, &in[4 * i], ours[i], g)) {
      if (bad == 0) {
        print_message("MISMATCH %s (%s, tol %g):\n", op->name, cm_names[op->cm], op->tol);
      }
      if (bad < MAX_REPORTED) {
        report(op, i, in, g, ours[i]);
      }
      bad++;
    }
  }
  free(raw);
  res->compared_ops++;
  if (bad) {
    print_message("  %s: %llu of %zu cases differ\n", op->name, bad, n);
    res->mismatched_ops++;
    res->mismatches += bad;
  }
}

/* Results files in the folder that no manifest op produces. */
static unsigned count_strays(const char *dir) {
  DIR *d = opendir(dir);
  unsigned strays = 0;
  if (!d) {
    return 0;
  }
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    size_t len = strlen(e->d_name);
    if (len < 5 || strcmp(e->d_name + len - 4, ".bin") != 0) {
      continue;
    }
    bool known = false;
    for (size_t k = 0; k < ST_ARITH_NOPS && !known; k++) {
      known = strlen(st_arith_ops[k].name) == len - 4 &&
              strncmp(st_arith_ops[k].name, e->d_name, len - 4) == 0;
    }
    if (!known) {
      print_message("note: %s/%s is not an op of ops.h (ignored)\n", dir, e->d_name);
      strays++;
    }
  }
  closedir(d);
  return strays;
}

static void silicon_reference(void **state) {
  (void)state;
  assert_int_equal(ST_ARITH_NOPS, OPI_COUNT);
  uint64_t *in = malloc(4 * ST_ARITH_CASES * sizeof *in);
  uint64_t *ours = malloc(ST_ARITH_CASES * sizeof *ours);
  assert_non_null(in);
  assert_non_null(ours);
  outcome res = {0, 0, 0, 0};
  for (size_t k = 0; k < ST_ARITH_NOPS; k++) {
    check_op(k, in, ours, &res);
  }
  free(in);
  free(ours);
  count_strays(ref_dir());
  if (res.compared_ops == 0) {
    print_message("test_fparith_silicon: no silicon reference data in %s; %zu ops ran "
                  "without comparison (record it with tests/silicon/arith/run.sh on a GPU)\n",
                  ref_dir(), ST_ARITH_NOPS);
    return;
  }
  print_message("test_fparith_silicon: %u ops compared with %s, %u without data, %u "
                "mismatching (%llu cases)\n",
                res.compared_ops, ref_dir(), res.missing, res.mismatched_ops, res.mismatches);
  if (res.mismatched_ops) {
    fail_msg("%u ops differ from silicon", res.mismatched_ops);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(silicon_reference)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
