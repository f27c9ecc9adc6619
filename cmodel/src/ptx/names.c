/* Name interning (one hash table for every identifier of a module) and the
 * scoped bindings of registers and symbols to those names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/hash.h"
#include "ptx/parse.h"

static uint32_t name_hash(const char *s, size_t n) {
  return (uint32_t)st_fnv1a64(ST_FNV1A64_INIT, s, n);
}

static bool name_equals(const ptx_parser *p, uint32_t id, const char *s, size_t n) {
  return p->name_len[id] == n && memcmp(p->m->strings + p->name_off[id], s, n) == 0;
}

uint32_t ptx_find_name(const ptx_parser *p, const char *s, size_t n) {
  if (p->hash_cap == 0) {
    return PTX_NONE;
  }
  uint32_t mask = p->hash_cap - 1;
  for (uint32_t i = name_hash(s, n) & mask;; i = (i + 1) & mask) {
    uint32_t slot = p->hash_slots[i];
    if (slot == 0) {
      return PTX_NONE;
    }
    if (name_equals(p, slot - 1, s, n)) {
      return slot - 1;
    }
  }
}

static bool rehash(ptx_parser *p, uint32_t cap) {
  uint32_t *slots = calloc(cap, sizeof *slots);
  if (slots == NULL) {
    return ptx_nomem(p);
  }
  for (uint32_t id = 0; id < p->n_names; id++) {
    const char *s = p->m->strings + p->name_off[id];
    uint32_t i = name_hash(s, p->name_len[id]) & (cap - 1);
    while (slots[i] != 0) {
      i = (i + 1) & (cap - 1);
    }
    slots[i] = id + 1;
  }
  free(p->hash_slots);
  p->hash_slots = slots;
  p->hash_cap = cap;
  return true;
}

/* Grows the per-name arrays to cover id. */
static bool grow_name_arrays(ptx_parser *p, uint32_t need) {
  if (need <= p->cap_names) {
    return true;
  }
  uint32_t cap = p->cap_names ? p->cap_names : 256;
  while (cap < need) {
    cap *= 2;
  }
  uint32_t *off = realloc(p->name_off, cap * sizeof *off);
  if (off == NULL) {
    return ptx_nomem(p);
  }
  p->name_off = off;
  uint32_t *len = realloc(p->name_len, cap * sizeof *len);
  if (len == NULL) {
    return ptx_nomem(p);
  }
  p->name_len = len;
  int32_t *rb = realloc(p->reg_bind, cap * sizeof *rb);
  if (rb == NULL) {
    return ptx_nomem(p);
  }
  p->reg_bind = rb;
  int32_t *sb = realloc(p->sym_bind, cap * sizeof *sb);
  if (sb == NULL) {
    return ptx_nomem(p);
  }
  p->sym_bind = sb;
  uint32_t *fo = realloc(p->func_of, cap * sizeof *fo);
  if (fo == NULL) {
    return ptx_nomem(p);
  }
  p->func_of = fo;
  uint32_t *la = realloc(p->label_at, cap * sizeof *la);
  if (la == NULL) {
    return ptx_nomem(p);
  }
  p->label_at = la;
  uint32_t *no = realloc(p->named_of, cap * sizeof *no);
  if (no == NULL) {
    return ptx_nomem(p);
  }
  p->named_of = no;
  p->cap_names = cap;
  return true;
}

uint32_t ptx_intern(ptx_parser *p, const char *s, size_t n) {
  uint32_t id = ptx_find_name(p, s, n);
  if (id != PTX_NONE) {
    return id;
  }
  if (p->n_names >= PTX_MAX_ITEMS) {
    ptx_error_at(p, p->lx.line, 1, "too many names");
    return PTX_NONE;
  }
  if ((uint64_t)(p->n_names + 1) * 2 > p->hash_cap) {
    if (!rehash(p, p->hash_cap ? p->hash_cap * 2 : 1024)) {
      return PTX_NONE;
    }
  }
  if (!grow_name_arrays(p, p->n_names + 1)) {
    return PTX_NONE;
  }
  st_module *m = p->m;
  if (!ptx_grow(p, (void **)&m->strings, &p->cap_strings, (uint64_t)m->strings_size + n + 1, 1)) {
    return PTX_NONE;
  }
  id = p->n_names++;
  p->name_off[id] = m->strings_size;
  p->name_len[id] = (uint32_t)n;
  memcpy(m->strings + m->strings_size, s, n);
  m->strings[m->strings_size + n] = '\0';
  m->strings_size += (uint32_t)n + 1;
  p->reg_bind[id] = -1;
  p->sym_bind[id] = -1;
  p->func_of[id] = PTX_NONE;
  p->label_at[id] = PTX_NONE;
  p->named_of[id] = PTX_NONE;
  uint32_t i = name_hash(s, n) & (p->hash_cap - 1);
  while (p->hash_slots[i] != 0) {
    i = (i + 1) & (p->hash_cap - 1);
  }
  p->hash_slots[i] = id + 1;
  return id;
}

const char *ptx_name_text(const ptx_parser *p, uint32_t id) {
  return p->m->strings + p->name_off[id];
}

bool ptx_bind(ptx_parser *p, uint32_t id, uint32_t value, bool is_sym, const char *what,
              uint32_t line, uint32_t col) {
  /* A name is either a register or a symbol within one scope. */
  int32_t regs = p->reg_bind[id], syms = p->sym_bind[id];
  if ((regs >= 0 && p->binds[regs].depth == p->depth) ||
      (syms >= 0 && p->binds[syms].depth == p->depth)) {
    const char *text = ptx_name_text(p, id);
    char what_buf[64];
    snprintf(what_buf, sizeof what_buf, "duplicate %s", what);
    return ptx_error_text(p, line, col, what_buf, text, p->name_len[id]);
  }
  if (!ptx_grow(p, (void **)&p->binds, &p->cap_binds, (uint64_t)p->n_binds + 1,
                sizeof *p->binds)) {
    return false;
  }
  ptx_binding *b = &p->binds[p->n_binds];
  b->id = id;
  b->value = value;
  b->depth = p->depth;
  b->is_sym = is_sym;
  b->prev = is_sym ? syms : regs;
  if (is_sym) {
    p->sym_bind[id] = (int32_t)p->n_binds;
  } else {
    p->reg_bind[id] = (int32_t)p->n_binds;
  }
  p->n_binds++;
  return true;
}

uint32_t ptx_lookup_reg(const ptx_parser *p, uint32_t id) {
  int32_t b = p->reg_bind[id];
  return b < 0 ? PTX_NONE : p->binds[b].value;
}

uint32_t ptx_lookup_sym(const ptx_parser *p, uint32_t id) {
  int32_t b = p->sym_bind[id];
  return b < 0 ? PTX_NONE : p->binds[b].value;
}

void ptx_unbind_scope(ptx_parser *p) {
  while (p->n_binds > 0 && p->binds[p->n_binds - 1].depth >= p->depth) {
    const ptx_binding *b = &p->binds[--p->n_binds];
    if (b->is_sym) {
      p->sym_bind[b->id] = b->prev;
    } else {
      p->reg_bind[b->id] = b->prev;
    }
  }
}
