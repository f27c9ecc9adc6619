/* Helpers shared by the PTX front-end tests (test_ptx_*.c): parsing text or
 * committed files, and finding instructions, registers and symbols by name. */
#ifndef SIMTREF_TESTS_PTX_TEST_H
#define SIMTREF_TESTS_PTX_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ptx/ir.h"

/* A kernel around one instruction: registers of every size are declared, the
 * instruction is on line PTX_TEST_LINE at column 3 (see ptx_test_wrap). */
#define PTX_TEST_LINE 21
#define PTX_TEST_HEADER                                                         \
  ".version 9.0\n"                                                              \
  ".target sm_75\n"                                                             \
  ".address_size 64\n"                                                          \
  ".global .align 4 .b32 gvar[4];\n"                                            \
  ".shared .align 4 .b32 svar[4];\n"                                            \
  ".func (.param .b32 fret) ff(.param .b32 fa, .param .b32 fb)\n"               \
  "{\n"                                                                         \
  "  ret;\n"                                                                    \
  "}\n"                                                                         \
  ".visible .entry t(.param .u64 p)\n"                                          \
  "{\n"                                                                         \
  "  .reg .pred %p<4>;\n"                                                       \
  "  .reg .b16 %h<4>;\n"                                                        \
  "  .reg .b32 %r<4>;\n"                                                        \
  "  .reg .b64 %rd<4>;\n"                                                       \
  "  .reg .f32 %f<4>;\n"                                                        \
  "  .reg .f64 %fd<4>;\n"                                                       \
  "  .reg .b128 %q<2>;\n"                                                       \
  "  .local .align 4 .b8 ldepot[16];\n"                                         \
  "L0:\n"

/* Parses text (NUL-terminated) as "t.ptx"; fails the test with the message
 * if it does not parse. */
static inline st_module *ptx_parse_ok(const char *text) {
  st_module *m = NULL;
  st_error err;
  st_status s = st_ptx_parse(text, strlen(text), "t.ptx", &m, &err);
  if (s != ST_OK) {
    print_error("unexpected parse error: %s\n", err.msg);
  }
  assert_int_equal(s, ST_OK);
  assert_non_null(m);
  return m;
}

/* Parses text and checks that it fails with exactly the message want. */
static inline void ptx_parse_fails(const char *text, const char *want) {
  st_module *m = NULL;
  st_error err;
  st_status s = st_ptx_parse(text, strlen(text), "t.ptx", &m, &err);
  if (s == ST_OK) {
    st_module_free(m);
    print_error("parsed, but expected: %s\n", want);
  }
  assert_int_equal(s, ST_ERR_PTX);
  assert_null(m);
  assert_string_equal(err.msg, want);
}

/* Parses a committed file, path relative to the source tree. */
static inline st_module *ptx_parse_tree_file(const char *rel) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", SIMTREF_SOURCE_DIR, rel);
  st_module *m = NULL;
  st_error err;
  st_status s = st_ptx_parse_file(path, &m, &err);
  if (s != ST_OK) {
    print_error("%s\n", err.msg);
  }
  assert_int_equal(s, ST_OK);
  return m;
}

/* Fills buf with PTX_TEST_HEADER, the instruction and the kernel's end. */
static inline void ptx_test_wrap(char *buf, size_t size, const char *inst) {
  snprintf(buf, size, "%s  %s\n  ret;\n}\n", PTX_TEST_HEADER, inst);
}

/* The first instruction at source line `line`, or NULL. */
static inline const st_inst *ptx_inst_at_line(const st_module *m, uint32_t line) {
  for (uint32_t i = 0; i < m->n_insts; i++) {
    if (m->insts[i].line == line) {
      return &m->insts[i];
    }
  }
  return NULL;
}

/* The n-th (from 0) instruction with opcode op in function fname. */
static inline const st_inst *ptx_nth_inst(const st_module *m, const char *fname, st_op op,
                                          unsigned n) {
  const st_function *fn = st_module_find_func(m, fname);
  assert_non_null(fn);
  for (uint32_t i = fn->first_inst; i < fn->first_inst + fn->n_insts; i++) {
    if (m->insts[i].op == op && n-- == 0) {
      return &m->insts[i];
    }
  }
  fail_msg("no such instruction in %s", fname);
  return NULL;
}

/* The function-local index of the register named name in function fname. */
static inline uint32_t ptx_reg(const st_module *m, const char *fname, const char *name) {
  const st_function *fn = st_module_find_func(m, fname);
  assert_non_null(fn);
  for (uint32_t r = 0; r < fn->n_regs; r++) {
    if (strcmp(st_module_str(m, m->regs[fn->first_reg + r].name), name) == 0) {
      return r;
    }
  }
  fail_msg("no register %s in %s", name, fname);
  return ST_NO_REG;
}

/* The symbol named name owned by function fname (NULL: module scope). */
static inline const st_symbol *ptx_sym(const st_module *m, const char *fname, const char *name) {
  uint32_t owner = UINT32_MAX;
  if (fname != NULL) {
    const st_function *fn = st_module_find_func(m, fname);
    assert_non_null(fn);
    owner = (uint32_t)(fn - m->funcs);
  }
  for (uint32_t s = 0; s < m->n_syms; s++) {
    if (m->syms[s].func == owner && strcmp(st_module_str(m, m->syms[s].name), name) == 0) {
      return &m->syms[s];
    }
  }
  fail_msg("no symbol %s", name);
  return NULL;
}

/* The PC of the instruction at index pointer in. */
static inline uint32_t ptx_pc(const st_module *m, const st_inst *in) {
  return (uint32_t)(in - m->insts);
}

#endif
