/* Running a workload file: buffers, launches, outputs and comparisons. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/error.h"
#include "gpu/gpu_internal.h"
#include "ptx/types.h"
#include "simtref/workload.h"

st_status st_read_whole_file(const char *path, uint8_t *buf, uint64_t n, st_error *err) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return st_error_set(err, ST_ERR_IO, "%s: error: cannot open: %s", path, strerror(errno));
  }
  size_t got = fread(buf, 1, n, f);
  fclose(f);
  if (got != n) {
    return st_error_set(err, ST_ERR_IO, "%s: error: short read (%zu of %" PRIu64 " bytes)", path,
                        got, n);
  }
  return ST_OK;
}

/* Writes a whole file under a temporary name, then renames it, so that a
 * failed run never leaves a partial output. */
st_status st_write_whole_file(const char *path, const uint8_t *buf, uint64_t n, st_error *err) {
  char tmp[ST_WL_PATH_MAX + 32];
  snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "wb");
  if (f == NULL) {
    return st_error_set(err, ST_ERR_IO, "%s: error: cannot write: %s", path, strerror(errno));
  }
  size_t put = fwrite(buf, 1, n, f);
  int closed = fclose(f);
  if (put != n || closed != 0 || rename(tmp, path) != 0) {
    remove(tmp);
    return st_error_set(err, ST_ERR_IO, "%s: error: cannot write: %s", path, strerror(errno));
  }
  return ST_OK;
}

/* Distance in units in the last place between two floats of the same type,
 * by their order as sign-magnitude integers. */
static uint64_t ulp_distance(uint64_t a, uint64_t b, unsigned bytes) {
  uint64_t sign = UINT64_C(1) << (bytes * 8 - 1);
  uint64_t mag_mask = sign - 1;
  int64_t ia = (a & sign) ? -(int64_t)(a & mag_mask) : (int64_t)(a & mag_mask);
  int64_t ib = (b & sign) ? -(int64_t)(b & mag_mask) : (int64_t)(b & mag_mask);
  return ia > ib ? (uint64_t)(ia - ib) : (uint64_t)(ib - ia);
}

static bool is_nan_bits(uint64_t v, unsigned bytes) {
  if (bytes == 4) {
    return (v & 0x7f800000u) == 0x7f800000u && (v & 0x007fffffu) != 0;
  }
  return (v & UINT64_C(0x7ff0000000000000)) == UINT64_C(0x7ff0000000000000) &&
         (v & UINT64_C(0x000fffffffffffff)) != 0;
}

void st_workload_compare(const st_wl_buffer *b, const uint8_t *got, const uint8_t *want,
                         st_wl_verdict *v) {
  v->compared = true;
  v->mismatches = 0;
  unsigned esize = b->compare_type ? st_ptype_size((st_ptype)b->compare_type) : 1;
  uint64_t n = b->bytes / esize;
  for (uint64_t i = 0; i < n; i++) {
    uint64_t x = 0, y = 0;
    memcpy(&x, got + i * esize, esize);
    memcpy(&y, want + i * esize, esize);
    bool ok = x == y;
    if (!ok && b->compare_type) {
      ok = (is_nan_bits(x, esize) && is_nan_bits(y, esize)) ||
           (!is_nan_bits(x, esize) && !is_nan_bits(y, esize) &&
            ulp_distance(x, y, esize) <= b->compare_ulp);
    }
    if (!ok) {
      if (v->mismatches == 0) {
        v->first_offset = i * esize;
        if (b->compare_type) {
          snprintf(v->detail, sizeof v->detail,
                   "element %" PRIu64 ": expected 0x%0*" PRIx64 ", got 0x%0*" PRIx64
                   " (%" PRIu64 " ulp apart, %u allowed)",
                   i, (int)esize * 2, y, (int)esize * 2, x,
                   is_nan_bits(x, esize) || is_nan_bits(y, esize) ? 0 : ulp_distance(x, y, esize),
                   b->compare_ulp);
        } else {
          /* Show the aligned 32-bit word around the first differing byte. */
          uint64_t w = i & ~UINT64_C(3);
          uint32_t gw = 0, ew = 0;
          size_t len = b->bytes - w < 4 ? (size_t)(b->bytes - w) : 4;
          memcpy(&gw, got + w, len);
          memcpy(&ew, want + w, len);
          snprintf(v->detail, sizeof v->detail,
                   "byte %" PRIu64 ": expected word 0x%08x, got 0x%08x at offset %" PRIu64, i, ew,
                   gw, w);
        }
      }
      v->mismatches++;
    }
  }
  v->match = v->mismatches == 0;
}

/* A parameter against its PTX declaration, reported at the parameter's
 * position: a struct or array passed by value needs its bytes, of exactly
 * the declared size (and the declared alignment, where the file states
 * one). Counts and scalar sizes are left to the launch, which reports them
 * at the launch's position. */
static st_status check_param(const st_workload *wl, const st_kmodule *mod, const st_wl_launch *l,
                             size_t i, st_error *err) {
  const st_wl_param *p = &l->params[i];
  uint64_t size;
  uint32_t align;
  const char *name;
  if (p->is_buffer || !st_kmodule_param(mod, l->entry, i, &size, &align, &name)) {
    return ST_OK;
  }
  st_srcpos pos = {wl->path, p->line, p->col};
  if (p->bytes == NULL && size > 8) {
    return st_error_at(err, ST_ERR_WORKLOAD, pos,
                       "parameter %zu of %s ('%s') is a struct or array of %" PRIu64
                       " bytes passed by value: give it as {bytes: \"...\"}, {file: NAME} or "
                       "{fields: [...]}", i, l->entry, name, size);
  }
  if (p->bytes != NULL && p->arg.size != size) {
    return st_error_at(err, ST_ERR_WORKLOAD, pos,
                       "parameter %zu of %s ('%s') has %" PRIu64 " bytes; the value given has %u",
                       i, l->entry, name, size, p->arg.size);
  }
  if (p->bytes != NULL && p->align != 0 && p->align != align) {
    return st_error_at(err, ST_ERR_WORKLOAD, pos,
                       "parameter %zu of %s ('%s') is declared .align %u; the file says align: %u",
                       i, l->entry, name, align, p->align);
  }
  return ST_OK;
}

st_status st_workload_run(const st_workload *wl, st_gpu *gpu, st_wl_verdict *verdicts,
                          st_error *err) {
  st_status rc = ST_OK;
  uint64_t *addr = calloc(wl->n_buffers ? wl->n_buffers : 1, sizeof *addr);
  st_arg *args = NULL;
  uint8_t *host = NULL;
  if (addr == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; rc == ST_OK && i < wl->n_buffers; i++) {
    const st_wl_buffer *b = &wl->buffers[i];
    rc = st_malloc(gpu, b->bytes, &addr[i], err);
    if (rc == ST_OK && b->init[0] != '\0') {
      uint8_t *buf = malloc(b->bytes ? b->bytes : 1);
      if (buf == NULL) {
        rc = st_error_set(err, ST_ERR_NOMEM, "out of memory");
        break;
      }
      rc = st_read_whole_file(b->init, buf, b->bytes, err);
      if (rc == ST_OK) {
        rc = st_memcpy_htod(gpu, addr[i], buf, b->bytes, err);
      }
      free(buf);
    }
  }
  st_kmodule *mod = NULL;
  if (rc == ST_OK) {
    rc = st_module_load_file(gpu, wl->ptx, &mod, err);
  }
  /* Every by-value parameter against the PTX before anything runs. */
  for (size_t li = 0; rc == ST_OK && li < wl->n_launches; li++) {
    for (size_t pi = 0; rc == ST_OK && pi < wl->launches[li].n_params; pi++) {
      rc = check_param(wl, mod, &wl->launches[li], pi, err);
    }
  }
  /* The file's streams, made on first use (file number -> the GPU's). */
  uint32_t streams[1024] = {0};
  for (size_t li = 0; rc == ST_OK && li < wl->n_launches; li++) {
    const st_wl_launch *l = &wl->launches[li];
    if (l->stream != 0 && streams[l->stream] == 0) {
      rc = st_stream_create(gpu, &streams[l->stream], err);
      if (rc != ST_OK) {
        break;
      }
    }
    free(args);
    args = calloc(l->n_params ? l->n_params : 1, sizeof *args);
    if (args == NULL) {
      rc = st_error_set(err, ST_ERR_NOMEM, "out of memory");
      break;
    }
    for (size_t pi = 0; pi < l->n_params; pi++) {
      const st_wl_param *p = &l->params[pi];
      if (p->is_buffer) {
        args[pi] = ST_ARG_PTR(addr[p->buffer] + p->offset);
      } else {
        args[pi] = p->arg;
      }
    }
    st_error lerr;
    st_error_clear(&lerr);
    rc = st_launch_on(gpu, streams[l->stream], mod, l->entry, l->grid, l->block, l->shared_bytes,
                      args, l->n_params, &lerr);
    if (rc != ST_OK) {
      st_srcpos pos = {wl->path, l->line, l->col};
      st_error_at(err, ST_ERR_WORKLOAD, pos, "%s", lerr.msg);
      rc = ST_ERR_WORKLOAD;
    }
  }
  if (rc == ST_OK) {
    rc = st_synchronize(gpu, err);
  }
  /* Outputs and comparisons only after a complete run. */
  for (size_t i = 0; rc == ST_OK && i < wl->n_buffers; i++) {
    const st_wl_buffer *b = &wl->buffers[i];
    st_wl_verdict *v = verdicts ? &verdicts[i] : NULL;
    if (v != NULL) {
      memset(v, 0, sizeof *v);
      v->buffer = b->name;
    }
    if (b->output[0] == '\0' && b->expect[0] == '\0') {
      continue;
    }
    free(host);
    host = malloc(b->bytes ? b->bytes : 1);
    if (host == NULL) {
      rc = st_error_set(err, ST_ERR_NOMEM, "out of memory");
      break;
    }
    rc = st_memcpy_dtoh(gpu, host, addr[i], b->bytes, err);
    if (rc == ST_OK && b->output[0] != '\0') {
      rc = st_write_whole_file(b->output, host, b->bytes, err);
    }
    if (rc == ST_OK && b->expect[0] != '\0' && v != NULL) {
      uint8_t *want = malloc(b->bytes ? b->bytes : 1);
      if (want == NULL) {
        rc = st_error_set(err, ST_ERR_NOMEM, "out of memory");
        break;
      }
      rc = st_read_whole_file(b->expect, want, b->bytes, err);
      if (rc == ST_OK) {
        st_workload_compare(b, host, want, v);
      }
      free(want);
    }
  }
  free(host);
  free(args);
  free(addr);
  return rc;
}
