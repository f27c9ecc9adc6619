/* SPMV host driver: a random sparse matrix in CSR form (uneven rows: most
 * have 1..16 nonzeros, one in 32 has 32..127; columns half near the
 * diagonal, half anywhere, sorted and distinct within a row), one launch of
 * the scalar CSR kernel, checked against a CPU reference that sums each row
 * in the kernel's order with the same fused multiply-adds. */
#include <math.h>
#include <stdlib.h>

#include "workload.h"

typedef struct csr {
  int rows, nnz;
  int *row_ptr, *col;
  float *val;
} csr;

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int make_matrix(csr *m, int rows, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  m->rows = rows;
  m->row_ptr = malloc(((size_t)rows + 1) * sizeof *m->row_ptr);
  int *len = malloc((size_t)rows * sizeof *len);
  if (m->row_ptr == NULL || len == NULL) {
    free(len);
    return -1;
  }
  size_t cap = 0;
  for (int i = 0; i < rows; i++) {
    len[i] = st_wl_rng_below(&r, 32) == 0 ? 32 + (int)st_wl_rng_below(&r, 96)
                                           : 1 + (int)st_wl_rng_below(&r, 16);
    if (len[i] > rows) {
      len[i] = rows;
    }
    cap += (size_t)len[i];
  }
  m->col = malloc(cap * sizeof *m->col);
  m->val = malloc(cap * sizeof *m->val);
  if (m->col == NULL || m->val == NULL) {
    free(len);
    return -1;
  }
  int nnz = 0;
  for (int i = 0; i < rows; i++) {
    m->row_ptr[i] = nnz;
    int *c = m->col + nnz;
    for (int k = 0; k < len[i]; k++) {
      int j;
      if (st_wl_rng_below(&r, 2) == 0) {
        j = i - 16 + (int)st_wl_rng_below(&r, 33); /* the band */
        j = j < 0 ? 0 : j >= rows ? rows - 1 : j;
      } else {
        j = (int)st_wl_rng_below(&r, (uint32_t)rows);
      }
      c[k] = j;
    }
    qsort(c, (size_t)len[i], sizeof *c, cmp_int);
    int n = 0;
    for (int k = 0; k < len[i]; k++) {
      if (n == 0 || c[n - 1] != c[k]) {
        c[n++] = c[k];
      }
    }
    for (int k = 0; k < n; k++) {
      m->val[nnz + k] = st_wl_rng_unit(&r) * 2.0f - 1.0f;
    }
    nnz += n;
  }
  m->row_ptr[rows] = nnz;
  m->nnz = nnz;
  free(len);
  return 0;
}

static int spmv_rows(st_wl_size size) {
  return size == ST_WL_PAPER ? 11948 : size == ST_WL_MEDIUM ? 10240 : 8192;
}

static void make_x(float *x, int rows, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed ^ UINT64_C(0x5350));
  for (int i = 0; i < rows; i++) {
    x[i] = st_wl_rng_unit(&r);
  }
}

/* y = A x, one row per iteration of the parallel loop, each summed in the
 * kernel's order with its fused multiply-adds. */
static void cpu_spmv(const csr *m, const float *x, float *y, int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int i = 0; i < m->rows; i++) {
    float sum = 0.0f;
    for (int j = m->row_ptr[i]; j < m->row_ptr[i + 1]; j++) {
      sum = fmaf(m->val[j], x[m->col[j]], sum); /* nvcc contracts sum += v * x */
    }
    y[i] = sum;
  }
}

static void free_matrix(csr *m) {
  free(m->row_ptr);
  free(m->col);
  free(m->val);
}

/* The CPU version: spmv_csr_scalar's product. */
typedef struct spmv_cpu_args {
  const csr *m;
  const float *x;
  float *y;
  int threads;
} spmv_cpu_args;

static void spmv_cpu_work(void *arg) {
  spmv_cpu_args *a = arg;
  cpu_spmv(a->m, a->x, a->y, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int rows = spmv_rows(ctx->size);
  csr m = {0};
  if (make_matrix(&m, rows, ctx->seed) != 0) {
    free_matrix(&m);
    return ST_ERR_NOMEM;
  }
  float *x = malloc((size_t)rows * sizeof *x);
  float *y = malloc((size_t)rows * sizeof *y);
  st_status rc = x && y ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    make_x(x, rows, ctx->seed);
    spmv_cpu_args a = {.m = &m, .x = x, .y = y, .threads = ctx->threads};
    rc = st_wl_cpu_time(ctx, spmv_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, y, (size_t)rows * sizeof *y);
  }
  free(x);
  free(y);
  free_matrix(&m);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int rows = spmv_rows(ctx->size);
  csr m = {0};
  if (make_matrix(&m, rows, ctx->seed) != 0) {
    free_matrix(&m);
    return ST_ERR_NOMEM;
  }
  float *x = malloc((size_t)rows * sizeof *x);
  float *y = malloc((size_t)rows * sizeof *y);
  float *want = malloc((size_t)rows * sizeof *want);
  st_status rc = x && y && want ? ST_OK : ST_ERR_NOMEM;
  uint64_t d_row = 0, d_col = 0, d_val = 0, d_x = 0, d_y = 0;
  st_gpu *gpu = ctx->gpu;
  if (rc == ST_OK) {
    make_x(x, rows, ctx->seed);
    rc = st_wl_upload(gpu, m.row_ptr, ((uint64_t)rows + 1) * 4, &d_row, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, m.col, (uint64_t)m.nnz * 4, &d_col, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, m.val, (uint64_t)m.nnz * 4, &d_val, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, x, (uint64_t)rows * 4, &d_x, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)rows * 4, &d_y, err);
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_row), ST_ARG_PTR(d_col), ST_ARG_PTR(d_val),
                     ST_ARG_PTR(d_x),   ST_ARG_PTR(d_y),   ST_ARG_S32(rows)};
    rc = st_launch(gpu, ctx->mod, "spmv_csr_scalar",
                   st_dim3_make((uint32_t)(rows + 255) / 256, 1, 1), st_dim3_make(256, 1, 1), 0,
                   args, 6, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, y, d_y, (uint64_t)rows * 4, err);
  if (rc == ST_OK) {
    cpu_spmv(&m, x, want, ctx->threads);
    rc = st_wl_check_u32(ctx, "y", (const uint32_t *)y, (const uint32_t *)want, (size_t)rows);
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  spmv: %d rows, %d nonzeros, %d CTAs x 256 threads\n", rows, m.nnz,
              (rows + 255) / 256);
    }
  }
  free(x);
  free(y);
  free(want);
  free_matrix(&m);
  return rc;
}

const st_workload_desc st_wl_spmv = {
    .name = "spmv",
    .title = "sparse matrix-vector product, CSR, one thread per row",
    .seeds = "DYNCTA SPMV (Parboil)",
    .category = "DYNCTA Type-M",
    .suite = "Parboil",
    .tables = "DYNCTA Table II row 8 (M)",
    .ptx = "spmv.ptx",
    .small = "8192-row random CSR matrix, 1..127 nonzeros per row (about 11 on average)",
    .paper = "11948-row random CSR matrix of the same profile (the size of Parboil's medium "
             "input, bcsstk18)",
    .medium = "10240-row random CSR matrix of the same profile",
    .run = run,
    .cpu = cpu,
};
