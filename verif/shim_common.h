// The shared body of every Verilator shim (verif/units/<unit>/shim.h binds a
// unit's fields to its model's ports and registers; CMake instantiates it
// once per RTL build with ST_RTL_BUILD).
#ifndef SIMTREF_VERIF_SHIM_COMMON_H
#define SIMTREF_VERIF_SHIM_COMMON_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "verilated.h"
#include "verilated_fst_c.h"

#include "rtl_model.h"

// The widest signal a shim binds: 65536 bits (agt's 2048 x 32-bit link table).
#define ST_SHIM_MAX_WORDS 1024

// The binding macros of a unit's shim (inside bind_<unit>(M &m, Ports &p)):
// input field f is port f_i, output field f is port f_o, state field f is
// the register f_q of the top module (/*verilator public_flat_rw*/), or with ST_RAM
// the words of a storage array.
#define ST_IN(f) p.i(#f, m.f##_i)
#define ST_OUT(f) p.o(#f, m.f##_o)
#define ST_REG(unit, f) p.s(#f, m.rootp->unit##__DOT__##f##_q)
// State field f kept in a storage array instance inst (rtl/prim/prim_ram_1r1w.sv, inlined):
// its words mem_q, flat like a register.
#define ST_RAM(unit, inst, f) p.ram(#f, m.rootp->unit##__DOT__##inst##__DOT__mem_q)

namespace st_shim {

// One Verilator signal: its storage (CData, SData, IData, QData or VlWide:
// little-endian words of its bits).
struct Sig {
  const char *name = nullptr;
  void *p = nullptr;
  size_t bytes = 0;
  bool ram = false;  // a storage array: no reset in the RTL, zeroed by Model::reset
};

// The signals of one model, by C field name.
struct Ports {
  Sig in[ST_UNIT_MAX_FIELDS], out[ST_UNIT_MAX_FIELDS], state[ST_UNIT_MAX_FIELDS];
  unsigned n_in = 0, n_out = 0, n_state = 0;
  template <class T> static Sig sig(const char *name, T &v) {
    static_assert(sizeof(T) <= ST_SHIM_MAX_WORDS * 8, "signal too wide");
    Sig s;
    s.name = name;
    s.p = static_cast<void *>(&v);
    s.bytes = sizeof(T);
    return s;
  }
  template <class T> void i(const char *name, T &v) { in[n_in++] = sig(name, v); }
  template <class T> void o(const char *name, T &v) { out[n_out++] = sig(name, v); }
  template <class T> void s(const char *name, T &v) { state[n_state++] = sig(name, v); }
  template <class T> void ram(const char *name, T &v) {
    state[n_state] = sig(name, v);
    state[n_state++].ram = true;
  }
};

inline const Sig *find(const Sig *list, unsigned n, const char *name) {
  for (unsigned k = 0; k < n; k++) {
    if (std::strcmp(list[k].name, name) == 0) return &list[k];
  }
  return nullptr;
}

template <class E>
inline void pack_elems(uint64_t *w, const void *src, unsigned count, unsigned bits) {
  const E *e = static_cast<const E *>(src);
  uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  unsigned pos = 0;
  for (unsigned k = 0; k < count; k++, pos += bits) {
    uint64_t v = uint64_t(e[k]) & mask;
    unsigned off = pos % 64;
    w[pos / 64] |= v << off;
    if (off != 0 && off + bits > 64) w[pos / 64 + 1] |= v >> (64 - off);
  }
}

template <class E>
inline void unpack_elems(const uint64_t *w, void *dst, unsigned count, unsigned bits) {
  E *e = static_cast<E *>(dst);
  uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  unsigned pos = 0;
  for (unsigned k = 0; k < count; k++, pos += bits) {
    unsigned off = pos % 64;
    uint64_t v = w[pos / 64] >> off;
    if (off != 0 && off + bits > 64) v |= w[pos / 64 + 1] << (64 - off);
    e[k] = static_cast<E>(v & mask);
  }
}

// Packs elements of elem_bytes bytes into w.
inline void pack_any(uint64_t *w, const void *src, const st_ufield &f) {
  switch (f.elem_bytes) {
  case 1: pack_elems<uint8_t>(w, src, f.count, f.bits); break;
  case 2: pack_elems<uint16_t>(w, src, f.count, f.bits); break;
  case 4: pack_elems<uint32_t>(w, src, f.count, f.bits); break;
  default: pack_elems<uint64_t>(w, src, f.count, f.bits); break;
  }
}

inline void unpack_any(const uint64_t *w, void *dst, const st_ufield &f) {
  switch (f.elem_bytes) {
  case 1: unpack_elems<uint8_t>(w, dst, f.count, f.bits); break;
  case 2: unpack_elems<uint16_t>(w, dst, f.count, f.bits); break;
  case 4: unpack_elems<uint32_t>(w, dst, f.count, f.bits); break;
  default: unpack_elems<uint64_t>(w, dst, f.count, f.bits); break;
  }
}

// Packs field f of a C struct into the signal (element k at bits k*bits).
// A signal of at most 64 bits (CData, SData, IData, QData: most of them) is
// packed in one word.
inline void pack(const Sig &s, const st_ufield &f, const void *base) {
  const void *src = static_cast<const uint8_t *>(base) + f.offset;
  if (s.bytes <= 8 && (uint64_t)f.count * f.bits <= 64) {
    uint64_t v = 0;
    pack_any(&v, src, f);
    std::memcpy(s.p, &v, s.bytes);
    return;
  }
  uint64_t w[ST_SHIM_MAX_WORDS + 1];
  size_t words = (s.bytes + 7) / 8;
  for (size_t k = 0; k < words; k++) w[k] = 0;
  pack_any(w, src, f);
  std::memcpy(s.p, w, s.bytes);
}

inline void unpack(const Sig &s, const st_ufield &f, void *base) {
  if (s.bytes <= 8 && (uint64_t)f.count * f.bits <= 64) {
    uint64_t v = 0;
    std::memcpy(&v, s.p, s.bytes);
    unpack_any(&v, static_cast<uint8_t *>(base) + f.offset, f);
    return;
  }
  uint64_t w[ST_SHIM_MAX_WORDS + 1];
  size_t words = (s.bytes + 7) / 8;
  w[words - 1] = 0;
  std::memcpy(w, s.p, s.bytes);
  unpack_any(w, static_cast<uint8_t *>(base) + f.offset, f);
}

// The signals of a layout's fields, looked up once per layout.
struct Map {
  const st_ulayout *l = nullptr;
  const Sig *in[ST_UNIT_MAX_FIELDS], *out[ST_UNIT_MAX_FIELDS], *state[ST_UNIT_MAX_FIELDS];
  void build(const st_ulayout *lay, const Ports &p) {
    l = lay;
    for (unsigned k = 0; k < lay->n_in; k++) in[k] = need(p.in, p.n_in, lay->in[k].name);
    for (unsigned k = 0; k < lay->n_out; k++) out[k] = need(p.out, p.n_out, lay->out[k].name);
    for (unsigned k = 0; k < lay->n_state; k++) {
      state[k] = need(p.state, p.n_state, lay->state[k].name);
    }
  }
  // A C field without a signal is a defect of the shim: stop loudly.
  static const Sig *need(const Sig *list, unsigned n, const char *name) {
    const Sig *s = find(list, n, name);
    if (s == nullptr) {
      std::fprintf(stderr, "simtref: internal: the RTL shim has no signal for field '%s'\n", name);
      std::abort();
    }
    return s;
  }
};

// One instance of Verilated model M; BIND fills the port table.
template <class M, void (*BIND)(M &, Ports &)> struct Model {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<M> m;
  std::unique_ptr<VerilatedFstC> fst;
  Ports ports;
  Map map;
  uint64_t time = 0;

  const Map &map_of(const st_ulayout *l) {
    if (map.l != l) map.build(l, ports);
    return map;
  }

  explicit Model(int trace) : ctx(new VerilatedContext) {
    ctx->traceEverOn(trace != 0);
    m.reset(new M(ctx.get(), "dut"));
    BIND(*m, ports);
    m->clk_i = 0;
    m->rst_ni = 1;
  }
  ~Model() {
    if (fst) fst->close();
    m->final();
  }
  void dump() {
    if (fst) fst->dump(time);
    time++;
  }
  // rst_ni is driven high, then low: Verilator only sees the falling edge of
  // an asynchronous reset after an evaluation with it high (a first eval
  // with rst_ni already low would leave every register at its 0 initial
  // value, hiding a wrong reset value). A clock edge inside the reset serves
  // synchronous resets too. A storage array (rtl/prim/prim_ram_1r1w.sv) has
  // no reset: its words are set to 0 here, as the C model's reset does, so
  // that the comparison starts equal (a design reads only words it wrote;
  // a stale word read later still differs, e.g. agt's fault next_stale).
  void reset() {
    for (unsigned k = 0; k < ports.n_state; k++) {
      if (ports.state[k].ram) std::memset(ports.state[k].p, 0, ports.state[k].bytes);
    }
    m->clk_i = 0;
    m->rst_ni = 1;
    m->eval();
    m->rst_ni = 0;
    m->eval();
    dump();
    m->clk_i = 1;
    m->eval();
    dump();
    m->clk_i = 0;
    m->rst_ni = 1;
    m->eval();
    dump();
  }
  void eval(const st_ulayout *l, const void *in, void *out) {
    const Map &mp = map_of(l);
    for (unsigned k = 0; k < l->n_in; k++) {
      if (mp.in[k]) pack(*mp.in[k], l->in[k], in);
    }
    m->clk_i = 0;
    m->eval();
    dump();
    for (unsigned k = 0; k < l->n_out; k++) {
      if (mp.out[k]) unpack(*mp.out[k], l->out[k], out);
    }
  }
  void tick() {
    m->clk_i = 1;
    m->eval();
    dump();
  }
  void read_state(const st_ulayout *l, void *state) {
    const Map &mp = map_of(l);
    for (unsigned k = 0; k < l->n_state; k++) {
      if (mp.state[k]) unpack(*mp.state[k], l->state[k], state);
    }
  }
  void write_state(const st_ulayout *l, const void *state) {
    const Map &mp = map_of(l);
    for (unsigned k = 0; k < l->n_state; k++) {
      if (mp.state[k]) pack(*mp.state[k], l->state[k], state);
    }
  }
  int trace_open(const char *path) {
    fst.reset(new VerilatedFstC);
    m->trace(fst.get(), 99);
    fst->open(path);
    return fst->isOpen() ? 0 : -1;
  }
  void trace_close() {
    if (fst) fst->close();
    fst.reset();
  }
};

}  // namespace st_shim

// Defines the st_rtl_build `NAME` for model class M bound by BIND.
#define ST_RTL_BUILD(NAME, M, BIND, UNIT, PARAMS, MUTANT)                                      \
  namespace {                                                                                  \
  using NAME##_t = st_shim::Model<M, BIND>;                                                    \
  st_rtl_model *NAME##_create(int trace) {                                                     \
    return reinterpret_cast<st_rtl_model *>(new NAME##_t(trace));                              \
  }                                                                                            \
  NAME##_t *NAME##_of(st_rtl_model *m) { return reinterpret_cast<NAME##_t *>(m); }             \
  void NAME##_destroy(st_rtl_model *m) { delete NAME##_of(m); }                                \
  void NAME##_reset(st_rtl_model *m) { NAME##_of(m)->reset(); }                                \
  void NAME##_eval(st_rtl_model *m, const st_ulayout *l, const void *in, void *out) {          \
    NAME##_of(m)->eval(l, in, out);                                                            \
  }                                                                                            \
  void NAME##_tick(st_rtl_model *m) { NAME##_of(m)->tick(); }                                  \
  void NAME##_read(st_rtl_model *m, const st_ulayout *l, void *s) {                            \
    NAME##_of(m)->read_state(l, s);                                                            \
  }                                                                                            \
  void NAME##_write(st_rtl_model *m, const st_ulayout *l, const void *s) {                     \
    NAME##_of(m)->write_state(l, s);                                                           \
  }                                                                                            \
  int NAME##_topen(st_rtl_model *m, const char *p) { return NAME##_of(m)->trace_open(p); }     \
  void NAME##_tclose(st_rtl_model *m) { NAME##_of(m)->trace_close(); }                         \
  }                                                                                            \
  extern "C" const st_rtl_build NAME;                                                          \
  extern "C" const st_rtl_build NAME = {UNIT,          PARAMS,        MUTANT,       NAME##_create, \
                                        NAME##_destroy, NAME##_reset, NAME##_eval,  NAME##_tick,   \
                                        NAME##_read,    NAME##_write, NAME##_topen, NAME##_tclose};

#endif
