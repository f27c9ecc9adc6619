/* Loading a PTX module onto a GPU: parse it, allocate and initialise its
 * .global and .const variables, and size the per-thread stacks and register
 * rows its functions need (following the call graph). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core/decode.h"
#include "func/exec.h"
#include "gpu/gpu_internal.h"

/* Per-thread stack and registers allowed for a call whose depth is unknown
 * before it runs (recursion, calls through function pointers): 1 KiB of
 * stack, CUDA's default cudaLimitStackSize. Deeper recursion faults with
 * "local memory stack overflow", as it would on a GPU. Registers grow on
 * demand. */
#define ST_RECURSION_STACK_BYTES 1024
#define ST_RECURSION_REG_ROWS 64

static uint32_t align16(uint64_t v) { return (uint32_t)((v + 15) & ~UINT64_C(15)); }

enum { VISIT_NEW = 0, VISIT_OPEN, VISIT_DONE };

/* Depth-first over the call graph: deepest stack bytes and register rows of
 * a call tree rooted at f. A function on the current path (recursion) adds a
 * fixed allowance instead. */
static void size_calls(const st_module *m, st_kmodule *km, uint32_t f, uint8_t *visit) {
  visit[f] = VISIT_OPEN;
  const st_function *fn = &m->funcs[f];
  uint32_t deepest_stack = 0, deepest_regs = 0, deepest_rows = 0;
  for (uint32_t i = fn->first_inst; i < fn->first_inst + fn->n_insts; i++) {
    const st_inst *in = &m->insts[i];
    if (in->op != OP_CALL) {
      continue;
    }
    uint32_t g = in->call_func;
    uint32_t s, r, q;
    if (g == ST_INDIRECT_CALL || visit[g] == VISIT_OPEN) {
      s = ST_RECURSION_STACK_BYTES;
      r = ST_RECURSION_REG_ROWS;
      q = ST_RECURSION_REG_ROWS;
    } else {
      if (visit[g] == VISIT_NEW) {
        size_calls(m, km, g, visit);
      }
      s = km->stack_bytes[g];
      r = km->reg_rows[g];
      q = km->rows[g];
    }
    deepest_stack = s > deepest_stack ? s : deepest_stack;
    deepest_regs = r > deepest_regs ? r : deepest_regs;
    deepest_rows = q > deepest_rows ? q : deepest_rows;
  }
  km->stack_bytes[f] = km->frame_bytes[f] + deepest_stack;
  km->reg_rows[f] = fn->n_regs + deepest_regs;
  km->rows[f] = fn->n_rows + deepest_rows;
  visit[f] = VISIT_DONE;
}

/* The address a relocation names: a global or const variable's device
 * address (its generic address is the same), or a function's code address. */
static st_status reloc_value(const st_kmodule *km, const st_data_reloc *r, uint64_t *value,
                             st_error *err) {
  const st_module *m = km->ir;
  const st_symbol *s = &m->syms[r->sym];
  if (s->space != SP_GLOBAL && s->space != SP_CONST) {
    return st_error_set(err, ST_ERR_UNSUPPORTED,
                        "%s: an initialiser takes the address of '%s', which is not a .global or "
                        ".const variable (unsupported)",
                        m->source_name, st_module_str(m, s->name));
  }
  *value = km->sym_addr[r->sym] + (uint64_t)r->addend;
  return ST_OK;
}

static st_status place_variables(st_gpu *gpu, st_kmodule *km, st_error *err) {
  st_module *m = km->ir;
  st_status rc;
  if (m->global_bytes > 0) {
    rc = st_gmem_alloc(&gpu->gmem, m->global_bytes, ST_ALLOC_GLOBAL_VAR, &km->global_base, err);
    if (rc != ST_OK) {
      return rc;
    }
  }
  if (m->const_bytes > 0) {
    rc = st_gmem_alloc(&gpu->gmem, m->const_bytes, ST_ALLOC_CONST_VAR, &km->const_base, err);
    if (rc != ST_OK) {
      return rc;
    }
  }
  for (uint32_t i = 0; i < m->n_syms; i++) {
    const st_symbol *s = &m->syms[i];
    uint64_t base;
    if (s->space == SP_GLOBAL && s->func == UINT32_MAX) {
      base = km->global_base;
    } else if (s->space == SP_CONST) {
      base = km->const_base;
    } else {
      continue;
    }
    km->sym_addr[i] = base + s->offset;
  }
  /* Addresses inside initialisers, now that every variable has one. */
  for (uint32_t i = 0; i < m->n_relocs; i++) {
    const st_data_reloc *r = &m->relocs[i];
    uint64_t v;
    st_status rc = reloc_value(km, r, &v, err);
    if (rc != ST_OK) {
      return rc;
    }
    if ((uint64_t)r->at + r->size > m->data_size || (r->size != 4 && r->size != 8)) {
      return st_error_set(err, ST_ERR_INTERNAL, "%s: relocation out of range", m->source_name);
    }
    memcpy(m->data + r->at, &v, r->size);
  }
  for (uint32_t i = 0; i < m->n_syms; i++) {
    const st_symbol *s = &m->syms[i];
    if (km->sym_addr[i] == 0 || s->init == UINT32_MAX || s->size == 0) {
      continue;
    }
    uint8_t *p = st_gmem_ptr(&gpu->gmem, km->sym_addr[i], s->size);
    if (p == NULL || (uint64_t)s->init + s->size > m->data_size) {
      return st_error_set(err, ST_ERR_INTERNAL, "%s: initialiser of '%s' out of range",
                          m->source_name, st_module_str(m, s->name));
    }
    memcpy(p, m->data + s->init, s->size);
  }
  return ST_OK;
}

static void kmodule_free(st_kmodule *km) {
  if (km == NULL) {
    return;
  }
  st_module_free(km->ir);
  free(km->sym_addr);
  free(km->frame_bytes);
  free(km->stack_bytes);
  free(km->reg_rows);
  free(km->rows);
  free(km->tinst);
  free(km->est_regs);
  free(km);
}

static st_status kmodule_attach(st_gpu *gpu, st_module *ir, st_kmodule **out, st_error *err) {
  st_kmodule *km = calloc(1, sizeof *km);
  uint32_t nf = ir->n_funcs ? ir->n_funcs : 1;
  if (km != NULL) {
    km->ir = ir;
    km->sym_addr = calloc(ir->n_syms ? ir->n_syms : 1, sizeof *km->sym_addr);
    km->frame_bytes = calloc(nf, sizeof *km->frame_bytes);
    km->stack_bytes = calloc(nf, sizeof *km->stack_bytes);
    km->reg_rows = calloc(nf, sizeof *km->reg_rows);
    km->rows = calloc(nf, sizeof *km->rows);
  }
  uint8_t *visit = calloc(nf, 1);
  if (km == NULL || km->sym_addr == NULL || km->frame_bytes == NULL || km->stack_bytes == NULL ||
      km->reg_rows == NULL || km->rows == NULL || visit == NULL) {
    free(visit);
    if (km != NULL) {
      kmodule_free(km);
    } else {
      st_module_free(ir);
    }
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory loading a module");
  }
  for (uint32_t f = 0; f < ir->n_funcs; f++) {
    km->frame_bytes[f] = align16(ir->funcs[f].local_bytes + ir->funcs[f].frame_param_bytes);
  }
  for (uint32_t f = 0; f < ir->n_funcs; f++) {
    if (visit[f] == VISIT_NEW) {
      size_calls(ir, km, f, visit);
    }
  }
  free(visit);
  /* Timing decode and the register estimate of every entry, once. */
  km->tinst = st_tinst_decode(ir, &gpu->cfg);
  km->est_regs = calloc(nf, sizeof *km->est_regs);
  if (km->tinst == NULL || km->est_regs == NULL) {
    kmodule_free(km);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory loading a module");
  }
  for (uint32_t f = 0; f < ir->n_funcs; f++) {
    if (ir->funcs[f].is_entry) {
      km->est_regs[f] = st_regs_per_thread(ir, &ir->funcs[f], km->tinst, 1);
    }
  }
  st_status rc = place_variables(gpu, km, err);
  if (rc != ST_OK) {
    kmodule_free(km);
    return rc;
  }
  km->index = gpu->modules != NULL ? gpu->modules->index + 1 : 0;
  km->next = gpu->modules;
  gpu->modules = km;
  *out = km;
  return ST_OK;
}

st_status st_module_load_text(st_gpu *gpu, const char *text, size_t len, const char *name,
                              st_kmodule **out, st_error *err) {
  st_module *ir = NULL;
  st_status rc = st_ptx_parse(text, len, name, &ir, err);
  if (rc != ST_OK) {
    return rc;
  }
  return kmodule_attach(gpu, ir, out, err);
}

st_status st_module_load_file(st_gpu *gpu, const char *path, st_kmodule **out, st_error *err) {
  st_module *ir = NULL;
  st_status rc = st_ptx_parse_file(path, &ir, err);
  if (rc != ST_OK) {
    return rc;
  }
  return kmodule_attach(gpu, ir, out, err);
}

st_status st_module_symbol(st_gpu *gpu, st_kmodule *km, const char *name, uint64_t *dptr,
                           uint64_t *bytes, st_error *err) {
  const st_module *m = km->ir;
  for (uint32_t i = 0; i < m->n_syms; i++) {
    const st_symbol *s = &m->syms[i];
    if ((s->space == SP_GLOBAL || s->space == SP_CONST) && s->func == UINT32_MAX &&
        strcmp(st_module_str(m, s->name), name) == 0) {
      *dptr = km->sym_addr[i];
      if (bytes != NULL) {
        *bytes = s->size;
      }
      st_api_event ev = {.kind = ST_API_SYMBOL, .name = name, .module = m->source_name,
                         .dptr = km->sym_addr[i], .bytes = s->size};
      st_gpu_record(gpu, &ev);
      return ST_OK;
    }
  }
  return st_error_set(err, ST_ERR_USAGE, "module %s has no .global or .const variable '%s'",
                      m->source_name, name);
}

void st_kmodules_free(st_kmodule *km) {
  while (km != NULL) {
    st_kmodule *next = km->next;
    kmodule_free(km);
    km = next;
  }
}
