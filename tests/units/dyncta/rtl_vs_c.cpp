// DYNCTA: the Verilated RTL (rtl/dyncta.sv) against the C model
// (cmodel/src/units/dyncta.c), in lock-step, cycle by cycle.
//
// Both get the same inputs every cycle: the derived trace of spec §1.5(e)
// (--trace-e) or the seeded random stimulus of dyncta_stim.c. Before each
// clock edge every output port and every state register named in the
// unit's layout (dyncta_desc) is compared with the C model's field: output
// field f against port f_o, state field f against register f_q. The first
// difference prints the cycle, the field, the C and RTL values and the
// input vector, and exits 1.
//
// The parameters are given as the RTL's overrides (KEY=VALUE, as
// dyncta_desc.rtl_params writes them); the model must have been verilated
// with the same -G values (run_rtl_vs_c.sh does both).
//
// usage: rtl_vs_c [--cycles N] [--seed S] [--illegal] [--trace-e] KEY=VALUE...
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "Vdyncta.h"
#include "Vdyncta___024root.h"
#include "verilated.h"

extern "C" {
#include "dyncta_stim.h"
#include "units/dyncta/dyncta.h"
}

namespace {

// A packed bit vector, element k of a field at bits [k*bits +: bits].
struct Bits {
  std::vector<uint32_t> w;
  explicit Bits(unsigned nbits) : w((nbits + 31) / 32 + 1, 0) {}
  uint64_t get(unsigned off, unsigned n) const {
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) {
      v |= (uint64_t)((w[(off + i) / 32] >> ((off + i) % 32)) & 1u) << i;
    }
    return v;
  }
  void set(unsigned off, unsigned n, uint64_t v) {
    for (unsigned i = 0; i < n; i++) {
      uint32_t bit = 1u << ((off + i) % 32);
      if ((v >> i) & 1u) {
        w[(off + i) / 32] |= bit;
      } else {
        w[(off + i) / 32] &= ~bit;
      }
    }
  }
};

// Verilator ports and registers: CData/SData/IData/QData, or VlWide<N>.
template <typename T> Bits from_port(const T &v, unsigned nbits) {
  Bits b(nbits);
  b.set(0, nbits < 64 ? nbits : 64, (uint64_t)v);
  return b;
}
template <std::size_t N> Bits from_port(const VlWide<N> &v, unsigned nbits) {
  Bits b(nbits);
  for (unsigned i = 0; i < N && i * 32 < nbits; i++) {
    b.w[i] = v[i];
  }
  return b;
}
template <typename T> void to_port(T &v, const Bits &b, unsigned nbits) {
  v = (T)b.get(0, nbits < 64 ? nbits : 64);
}
template <std::size_t N> void to_port(VlWide<N> &v, const Bits &b, unsigned nbits) {
  for (unsigned i = 0; i < N; i++) {
    v[i] = i * 32 < nbits ? b.w[i] : 0;
  }
}

uint64_t mask(unsigned bits) { return bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1; }

// A C struct field packed as the RTL sees it; false if a value does not fit.
bool pack(const st_ufield &f, const void *base, Bits *out, unsigned *bad_elem) {
  *out = Bits(f.bits * f.count);
  for (unsigned k = 0; k < f.count; k++) {
    uint64_t v = st_ufield_get(&f, base, k);
    if ((v & ~mask(f.bits)) != 0) {
      *bad_elem = k;
      return false;
    }
    out->set(k * f.bits, f.bits, v);
  }
  return true;
}

struct Params {
  dyncta_params p;
  std::string given; // the overrides as given, for the report
};

bool parse_param(dyncta_params *p, const char *arg) {
  char key[32];
  unsigned long v;
  if (std::sscanf(arg, "%31[A-Z_]=%lu", key, &v) != 2) {
    return false;
  }
  std::string k = key;
  if (k == "NTB")
    p->n_slots = (uint8_t)v;
  else if (k == "CNT_W")
    p->cnt_w = (uint8_t)v;
  else if (k == "PERIOD")
    p->period = (uint32_t)v;
  else if (k == "T_IDLE")
    p->t_idle = (uint16_t)v;
  else if (k == "T_MEM_L")
    p->t_mem_l = (uint16_t)v;
  else if (k == "T_MEM_H")
    p->t_mem_h = (uint16_t)v;
  else if (k == "INIT_N")
    p->init_n = (uint8_t)v;
  else if (k == "FREEZE")
    p->freeze = (uint8_t)v;
  else if (k == "STARVE_T")
    p->starve_t = (uint16_t)v;
  else if (k == "STRICT")
    p->strict = (uint8_t)v;
  else
    return false;
  return true;
}

} // namespace

int main(int argc, char **argv) {
  uint64_t cycles = 200000, seed = 1;
  int illegal = 0, trace_e = 0;
  dyncta_params p;
  dyncta_default_params(&p, 8);
  for (int i = 1; i < argc; i++) {
    if (std::strcmp(argv[i], "--cycles") == 0 && i + 1 < argc) {
      cycles = std::strtoull(argv[++i], nullptr, 0);
    } else if (std::strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 0);
    } else if (std::strcmp(argv[i], "--illegal") == 0) {
      illegal = 1;
    } else if (std::strcmp(argv[i], "--trace-e") == 0) {
      trace_e = 1;
    } else if (!parse_param(&p, argv[i])) {
      std::fprintf(stderr, "rtl_vs_c: bad argument '%s'\n", argv[i]);
      return 2;
    }
  }
  char pstr[256];
  st_unit_rtl_params(&dyncta_desc, &p, pstr, sizeof pstr);
  if (trace_e) {
    dyncta_params d;
    dyncta_default_params(&d, 8);
    if (std::memcmp(&d, &p, sizeof d) != 0) {
      std::fprintf(stderr, "rtl_vs_c: --trace-e needs the spec's default parameters\n");
      return 2;
    }
    cycles = DYNCTA_TRACE_CYCLES;
  }

  VerilatedContext ctx;
  Vdyncta top{&ctx};
  st_ulayout lay;
  dyncta_desc.layout(&p, &lay);

  // Ports and registers by the layout's field names.
  std::map<std::string, std::function<void(const Bits &, unsigned)>> ins;
  std::map<std::string, std::function<Bits(unsigned)>> outs, regs;
#define IN_PORT(f) ins[#f] = [&](const Bits &b, unsigned n) { to_port(top.f##_i, b, n); }
#define OUT_PORT(f) outs[#f] = [&](unsigned n) { return from_port(top.f##_o, n); }
#define REG(f) regs[#f] = [&](unsigned n) { return from_port(top.rootp->dyncta__DOT__##f##_q, n); }
  IN_PORT(kernel_start);
  IN_PORT(n_max);
  IN_PORT(drained);
  IN_PORT(stall);
  IN_PORT(ready);
  IN_PORT(mem_any);
  IN_PORT(mem_all);
  IN_PORT(membar_all);
  IN_PORT(launch_valid);
  IN_PORT(launch_slot);
  IN_PORT(cta_exit);
  IN_PORT(paused_ready);
  IN_PORT(paused_issued);
  OUT_PORT(n);
  OUT_PORT(n_paused);
  OUT_PORT(can_accept);
  OUT_PORT(paused);
  OUT_PORT(rank);
  OUT_PORT(decision);
  OUT_PORT(dec_valid);
  OUT_PORT(boost);
  REG(c_idle);
  REG(c_mem);
  REG(timer);
  REG(n);
  REG(n_max);
  REG(n_cta);
  REG(valid);
  REG(rank);
  REG(decision);
  REG(dec_valid);
  REG(starve);
#undef IN_PORT
#undef OUT_PORT
#undef REG
  for (unsigned i = 0; i < lay.n_in; i++) {
    if (!ins.count(lay.in[i].name)) {
      std::fprintf(stderr, "rtl_vs_c: no port for input field %s\n", lay.in[i].name);
      return 2;
    }
  }
  for (unsigned i = 0; i < lay.n_out; i++) {
    if (!outs.count(lay.out[i].name)) {
      std::fprintf(stderr, "rtl_vs_c: no port for output field %s\n", lay.out[i].name);
      return 2;
    }
  }
  for (unsigned i = 0; i < lay.n_state; i++) {
    if (!regs.count(lay.state[i].name)) {
      std::fprintf(stderr, "rtl_vs_c: no register for state field %s\n", lay.state[i].name);
      return 2;
    }
  }

  dyncta_state s;
  dyncta_in in;
  dyncta_out cout_, next_out;
  dyncta_reset(&p, &s);
  std::memset(&in, 0, sizeof in);
  dyncta_eval(&p, &s, &in, &next_out);
  dyncta_stim g;
  dyncta_stim_init(&g, &p, seed, illegal);

  // rst_ni falls (the asynchronous reset acts on the edge) and rises again.
  top.clk_i = 0;
  top.rst_ni = 1;
  top.eval();
  top.rst_ni = 0;
  top.eval();
  top.rst_ni = 1;
  top.eval();

  uint64_t compared = 0;
  for (uint64_t cyc = 0; cyc < cycles; cyc++) {
    if (trace_e) {
      dyncta_trace_next(cyc, &s, &next_out, &in);
    } else {
      dyncta_stim_next(&g, &s, &next_out, &in);
    }
    dyncta_eval(&p, &s, &in, &cout_);
    for (unsigned i = 0; i < lay.n_in; i++) {
      const st_ufield &f = lay.in[i];
      Bits b(0);
      unsigned bad = 0;
      if (!pack(f, &in, &b, &bad)) {
        std::fprintf(stderr, "rtl_vs_c: cycle %" PRIu64 ": input %s[%u] wider than %u bits\n", cyc,
                     f.name, bad, f.bits);
        return 2;
      }
      ins[f.name](b, f.bits * f.count);
    }
    top.eval();

    // Outputs, then state (the C model's state before the edge).
    for (int kind = 0; kind < 2; kind++) {
      const st_ufield *fs = kind == 0 ? lay.out : lay.state;
      unsigned nf = kind == 0 ? lay.n_out : lay.n_state;
      const void *base = kind == 0 ? (const void *)&cout_ : (const void *)&s;
      for (unsigned i = 0; i < nf; i++) {
        const st_ufield &f = fs[i];
        Bits cb(0);
        unsigned bad = 0;
        bool fits = pack(f, base, &cb, &bad);
        Bits rb = kind == 0 ? outs[f.name](f.bits * f.count) : regs[f.name](f.bits * f.count);
        for (unsigned k = 0; k < f.count; k++) {
          uint64_t cv = fits ? cb.get(k * f.bits, f.bits) : st_ufield_get(&f, base, k);
          uint64_t rv = rb.get(k * f.bits, f.bits);
          compared++;
          if (cv != rv || (!fits && k == bad)) {
            std::printf("MISMATCH cycle %" PRIu64 " %s %s", cyc, kind == 0 ? "output" : "state",
                        f.name);
            if (f.count > 1) {
              std::printf("[%u]", k);
            }
            std::printf(": C %" PRIu64 ", RTL %" PRIu64 "\n  params: %s\n  inputs:", cv, rv, pstr);
            for (unsigned j = 0; j < lay.n_in; j++) {
              const st_ufield &fi = lay.in[j];
              std::printf(" %s=", fi.name);
              for (unsigned e = 0; e < fi.count; e++) {
                std::printf("%s%" PRIu64, e ? "," : "", st_ufield_get(&fi, &in, e));
              }
            }
            std::printf("\n");
            return 1;
          }
        }
      }
    }

    dyncta_tick(&p, &s, &in, &cout_);
    dyncta_eval(&p, &s, &in, &next_out);
    top.clk_i = 1;
    top.eval();
    top.clk_i = 0;
    top.eval();
  }
  top.final();
  std::printf("PASS %s %" PRIu64 " cycles (%s%s), %" PRIu64 " field comparisons; params: %s\n",
              trace_e ? "trace-e" : "random", cycles, trace_e ? "spec 1.5(e)" : "seed ",
              trace_e ? "" : std::to_string(seed).c_str(), compared, pstr);
  return 0;
}
