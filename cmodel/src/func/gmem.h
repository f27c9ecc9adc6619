/* Global device memory: a set of allocations with their backing bytes. */
#ifndef SIMTREF_FUNC_GMEM_H
#define SIMTREF_FUNC_GMEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/error.h"

typedef enum st_alloc_kind {
  ST_ALLOC_USER = 0,   /* st_malloc */
  ST_ALLOC_GLOBAL_VAR, /* a module's .global variables */
  ST_ALLOC_CONST_VAR   /* a module's .const variables: read-only to kernels */
} st_alloc_kind;

typedef struct st_alloc {
  uint64_t base;
  uint64_t size;
  uint8_t *data;
  int kind; /* st_alloc_kind */
} st_alloc;

/* Allocations sorted by base. Addresses are never reused, so a stale pointer
 * faults instead of silently reaching a newer allocation. */
typedef struct st_gmem {
  st_alloc *allocs;
  size_t n, cap;
  uint64_t next;  /* where the next allocation goes */
  size_t last;    /* index of the allocation found last (a lookup hint) */
} st_gmem;

void st_gmem_init(st_gmem *g);
void st_gmem_destroy(st_gmem *g);

/* Allocates size bytes (zero-filled); size 0 allocates 1 byte. */
st_status st_gmem_alloc(st_gmem *g, uint64_t size, int kind, uint64_t *addr, st_error *err);

/* Frees the allocation that starts at addr. */
st_status st_gmem_free(st_gmem *g, uint64_t addr, st_error *err);

/* The allocation holding all of [addr, addr + size), or NULL. */
st_alloc *st_gmem_find(st_gmem *g, uint64_t addr, uint64_t size);

/* Host pointer to [addr, addr + size) if it lies inside one allocation. */
static inline uint8_t *st_gmem_ptr(st_gmem *g, uint64_t addr, uint64_t size) {
  st_alloc *a = st_gmem_find(g, addr, size);
  return a ? a->data + (addr - a->base) : NULL;
}

#endif
