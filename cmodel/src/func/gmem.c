#include "func/gmem.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "func/addrspace.h"

void st_gmem_init(st_gmem *g) {
  memset(g, 0, sizeof *g);
  g->next = ST_GLOBAL_BASE;
}

void st_gmem_destroy(st_gmem *g) {
  for (size_t i = 0; i < g->n; i++) {
    free(g->allocs[i].data);
  }
  free(g->allocs);
  memset(g, 0, sizeof *g);
}

st_status st_gmem_alloc(st_gmem *g, uint64_t size, int kind, uint64_t *addr, st_error *err) {
  if (size == 0) {
    size = 1;
  }
  if (size > (UINT64_C(1) << 40)) {
    return st_error_set(err, ST_ERR_NOMEM, "device allocation of %" PRIu64 " bytes is too large",
                        size);
  }
  if (g->n == g->cap) {
    size_t cap = g->cap ? g->cap * 2 : 16;
    st_alloc *p = realloc(g->allocs, cap * sizeof *p);
    if (p == NULL) {
      return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
    }
    g->allocs = p;
    g->cap = cap;
  }
  uint8_t *data = calloc(1, size);
  if (data == NULL) {
    return st_error_set(err, ST_ERR_NOMEM,
                        "out of host memory for a device allocation of %" PRIu64 " bytes", size);
  }
  uint64_t base = g->next;
  g->allocs[g->n].base = base;
  g->allocs[g->n].size = size;
  g->allocs[g->n].data = data;
  g->allocs[g->n].kind = kind;
  g->n++;
  uint64_t end = base + size + ST_GLOBAL_GAP;
  g->next = (end + ST_GLOBAL_ALIGN - 1) & ~(ST_GLOBAL_ALIGN - 1);
  *addr = base;
  return ST_OK;
}

static size_t find_index(const st_gmem *g, uint64_t addr) {
  /* The last allocation whose base is <= addr. */
  size_t lo = 0, hi = g->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (g->allocs[mid].base <= addr) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo == 0 ? SIZE_MAX : lo - 1;
}

st_status st_gmem_free(st_gmem *g, uint64_t addr, st_error *err) {
  size_t i = find_index(g, addr);
  if (i == SIZE_MAX || g->allocs[i].base != addr || g->allocs[i].kind != ST_ALLOC_USER) {
    return st_error_set(err, ST_ERR_USAGE,
                        "free of 0x%" PRIx64 ", which is not the start of an allocation", addr);
  }
  free(g->allocs[i].data);
  memmove(&g->allocs[i], &g->allocs[i + 1], (g->n - i - 1) * sizeof g->allocs[0]);
  g->n--;
  g->last = 0;
  return ST_OK;
}

st_alloc *st_gmem_find(st_gmem *g, uint64_t addr, uint64_t size) {
  if (g->last < g->n) {
    st_alloc *a = &g->allocs[g->last];
    if (addr >= a->base && addr - a->base <= a->size && size <= a->size - (addr - a->base)) {
      return a;
    }
  }
  size_t i = find_index(g, addr);
  if (i == SIZE_MAX) {
    return NULL;
  }
  st_alloc *a = &g->allocs[i];
  if (addr - a->base > a->size || size > a->size - (addr - a->base)) {
    return NULL;
  }
  g->last = i;
  return a;
}
