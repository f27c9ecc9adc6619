/* Call statements: "call{.uni} (rets), func, (args);" to a function by name,
 * and "call{.uni} (rets), %rd, (args), proto;" through a register holding a
 * function address (ST_FUNC_ADDRESS), checked against a .callprototype.
 * Return values and arguments are .param variables of the caller. */
#include <stdio.h>
#include <string.h>

#include "ptx/parse.h"

/* One call argument or return value: a .param variable of the caller. Its
 * token is kept in p->call_toks for later messages. */
static bool parse_call_sym(ptx_parser *p, uint32_t *sym_out) {
  ptx_token t = *ptx_peek(&p->lx, 0);
  if (t.kind != TOK_WORD) {
    return ptx_error_tok(p, &t, "expected a .param variable, got");
  }
  ptx_next(&p->lx);
  uint32_t id = ptx_find_name(p, t.text, t.len);
  uint32_t sym = id == PTX_NONE ? PTX_NONE : ptx_lookup_sym(p, id);
  if (sym == PTX_NONE) {
    if (ptx_reg_of(p, &t) != PTX_NONE) {
      return ptx_error_tok(p, &t, "unsupported call operand (not a .param variable)");
    }
    return ptx_undefined_name(p, &t);
  }
  if (p->m->syms[sym].space != SP_PARAM) {
    return ptx_error_tok(p, &t, "expected a .param variable, got");
  }
  if (!ptx_grow(p, (void **)&p->call_toks, &p->cap_call_toks, (uint64_t)p->n_call_toks + 1,
                sizeof *p->call_toks)) {
    return false;
  }
  p->call_toks[p->n_call_toks++] = t;
  *sym_out = sym;
  return true;
}

/* "(" [var {, var}] ")", appended to module->call_syms; *count is the number
 * read. */
static bool parse_call_list(ptx_parser *p, uint32_t *count) {
  st_module *m = p->m;
  *count = 0;
  if (!ptx_expect(p, '(')) {
    return false;
  }
  if (ptx_accept(p, ')')) {
    return true;
  }
  for (;;) {
    if (*count == UINT16_MAX) {
      return ptx_error_tok(p, ptx_peek(&p->lx, 0), "too many call operands at");
    }
    if (!ptx_grow(p, (void **)&m->call_syms, &p->cap_call_syms, (uint64_t)m->n_call_syms + 1,
                  sizeof *m->call_syms) ||
        !parse_call_sym(p, &m->call_syms[m->n_call_syms])) {
      return false;
    }
    m->n_call_syms++;
    (*count)++;
    if (ptx_accept(p, ')')) {
      return true;
    }
    if (!ptx_expect(p, ',')) {
      return false;
    }
  }
}

static bool count_error(ptx_parser *p, const ptx_token *at, const char *what_list,
                        uint32_t want, uint32_t got, const char *via) {
  char what[128];
  snprintf(what, sizeof what, "wrong number of %s (expected %u, got %u) in call %s", what_list,
           want, got, via);
  return ptx_error_tok(p, at, what);
}

/* The variables of an indirect call against its prototype: the same counts,
 * and each variable the size of the prototype's parameter. */
static bool check_prototype(ptx_parser *p, const st_inst *in, const ptx_token *at,
                            const ptx_named *proto) {
  const st_module *m = p->m;
  uint32_t n_params = proto->count - proto->n_rets;
  if (in->n_call_params != n_params) {
    return count_error(p, at, "arguments", n_params, in->n_call_params, "through");
  }
  if (in->n_call_rets != proto->n_rets) {
    return count_error(p, at, "return values", proto->n_rets, in->n_call_rets, "through");
  }
  for (uint32_t i = 0; i < proto->count; i++) {
    uint64_t have = m->syms[m->call_syms[in->call_first + i]].size;
    uint64_t want = p->proto_sizes[proto->first + i];
    if (have != want) {
      char what[128];
      snprintf(what, sizeof what, "size mismatch with the prototype (%llu bytes, expected %llu) at",
               (unsigned long long)have, (unsigned long long)want);
      return ptx_error_tok(p, &p->call_toks[i], what);
    }
  }
  return true;
}

/* An extern function of the CUDA device runtime (cudaGetParameterBuffer,
 * __cudaCDP2LaunchDeviceV2, ...). */
static bool is_device_runtime(const ptx_token *t) {
  return (t->len >= 9 && memcmp(t->text, "__cudaCDP", 9) == 0) ||
         (t->len >= 4 && memcmp(t->text, "cuda", 4) == 0);
}

/* The device-runtime functions the model provides: name, return bytes (0:
 * none), parameter bytes. */
static const struct {
  const char *name;
  uint8_t ret;
  uint8_t n_params;
  uint8_t params[5];
} builtins[ST_BI_COUNT] = {
    [ST_BI_PARAM_BUFFER] = {"__cudaCDP2GetParameterBufferV2", 8, 4, {8, 12, 12, 4}},
    [ST_BI_LAUNCH] = {"__cudaCDP2LaunchDeviceV2", 4, 2, {8, 8}},
    [ST_BI_STREAM_CREATE] = {"__cudaCDP2StreamCreateWithFlags", 4, 2, {8, 4}},
    [ST_BI_STREAM_DESTROY] = {"__cudaCDP2StreamDestroy", 4, 1, {8}},
    [ST_BI_GET_LAST_ERROR] = {"__cudaCDP2GetLastError", 4, 0, {0}},
    [ST_BI_PEEK_LAST_ERROR] = {"__cudaCDP2PeekAtLastError", 4, 0, {0}},
    [ST_BI_LAUNCH_AGG] = {"cudaLaunchAggGroup", 4, 5, {8, 8, 12, 12, 4}},
};

/* Links a call of the device-runtime extern f (named by t) to its built-in
 * function, checking its declared signature; an unknown one is an error. */
static bool link_builtin(ptx_parser *p, const ptx_token *t, st_function *f) {
  for (int b = 1; b < ST_BI_COUNT; b++) {
    if (strlen(builtins[b].name) != t->len || memcmp(builtins[b].name, t->text, t->len) != 0) {
      continue;
    }
    const st_module *m = p->m;
    bool ok = f->n_params == builtins[b].n_params && f->n_rets == (builtins[b].ret ? 1u : 0u);
    for (uint32_t i = 0; ok && i < f->n_params; i++) {
      ok = m->syms[f->params[i]].size == builtins[b].params[i];
    }
    if (ok && f->n_rets == 1) {
      ok = m->syms[f->rets[0]].size == builtins[b].ret;
    }
    if (!ok) {
      return ptx_error_tok(p, t, b == ST_BI_LAUNCH_AGG
                                     ? "cudaLaunchAggGroup declared with another signature than "
                                       "workloads/common/dtbl.cuh's (docs/units/dtbl.md)"
                                     : "device-runtime function declared with another signature "
                                       "than the CUDA 12 device runtime's (docs/cdp.md)");
    }
    f->builtin = (uint8_t)b;
    return true;
  }
  return ptx_error_tok(p, t, "device-runtime function not modelled");
}

/* The call target: a function name (*func) or a 64-bit register (*reg). */
static bool parse_call_target(ptx_parser *p, const ptx_token *t, uint32_t *func, uint32_t *reg) {
  *func = PTX_NONE;
  *reg = t->kind == TOK_WORD ? ptx_reg_of(p, t) : PTX_NONE;
  if (*reg != PTX_NONE) {
    st_ptype type = ptx_reg_type(p, *reg);
    if (type == PT_PRED || st_ptype_size(type) != 8) {
      return ptx_error_tok(p, t, "expected a 64-bit register or a function name, got");
    }
    return true;
  }
  if (t->kind != TOK_WORD) {
    return ptx_error_tok(p, t, "expected a function name, got");
  }
  uint32_t id = ptx_find_name(p, t->text, t->len);
  *func = id == PTX_NONE ? PTX_NONE : p->func_of[id];
  if (*func == PTX_NONE) {
    return ptx_error_tok(p, t, "undefined function");
  }
  if (p->m->funcs[*func].is_entry) {
    return ptx_error_tok(p, t, "call to a kernel entry");
  }
  if (p->m->funcs[*func].is_extern && is_device_runtime(t)) {
    return link_builtin(p, t, &p->m->funcs[*func]);
  }
  return true;
}

bool ptx_parse_call(ptx_parser *p, st_inst *in) {
  st_module *m = p->m;
  uint32_t n_rets = 0, n_args = 0;
  in->call_first = m->n_call_syms;
  p->n_call_toks = 0;
  if (ptx_is_punct(ptx_peek(&p->lx, 0), '(')) {
    if (!parse_call_list(p, &n_rets) || !ptx_expect(p, ',')) {
      return false;
    }
  }
  ptx_token target = ptx_next(&p->lx);
  uint32_t f, reg;
  if (!parse_call_target(p, &target, &f, &reg)) {
    return false;
  }
  ptx_token proto_tok;
  memset(&proto_tok, 0, sizeof proto_tok);
  bool has_proto = false;
  if (ptx_accept(p, ',')) {
    if (ptx_is_punct(ptx_peek(&p->lx, 0), '(')) {
      if (!parse_call_list(p, &n_args)) {
        return false;
      }
      has_proto = ptx_accept(p, ',');
    } else {
      has_proto = true;
    }
    if (has_proto) {
      proto_tok = ptx_next(&p->lx);
    }
  }
  in->n_call_rets = (uint16_t)n_rets;
  in->n_call_params = (uint16_t)n_args;
  if (reg != PTX_NONE) {
    if (!has_proto) {
      return ptx_error_tok(p, ptx_peek(&p->lx, 0),
                           "indirect call needs a .callprototype after its arguments, got");
    }
    const ptx_named *proto = ptx_find_prototype(p, &proto_tok);
    if (proto == NULL || !check_prototype(p, in, &proto_tok, proto)) {
      return false;
    }
    in->call_func = ST_INDIRECT_CALL;
    in->opnd[0].kind = OPND_REG;
    in->opnd[0].reg = reg;
    in->opnd[0].sym = ST_NO_SYM;
    in->nopnds = 1;
    return ptx_expect(p, ';');
  }
  if (has_proto) {
    return ptx_error_tok(p, &proto_tok, "unsupported prototype in a direct call");
  }
  const st_function *callee = &m->funcs[f];
  if (n_args != callee->n_params) {
    return count_error(p, &target, "arguments", callee->n_params, n_args, "to");
  }
  if (n_rets != callee->n_rets) {
    return count_error(p, &target, "return values", callee->n_rets, n_rets, "to");
  }
  in->call_func = f;
  in->nopnds = 0;
  return ptx_expect(p, ';');
}
