/* simtref area: synthesise the RTL units for a configuration's parameters
 * with Yosys and report cells, flip-flops, NAND2 equivalents and mm^2
 * (docs/area.md). */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "area.h"
#include "cli.h"
#include "units/registry.h"
#include "simtref_version.h"
#include "sweep_util.h"

static const char *const area_usage =
    "usage: simtref area [-c CONFIG] [-s KEY=VALUE]... [UNIT...] [options]\n"
    "\n"
    "Synthesises RTL units (rtl/UNIT.sv with the rtl/prim/ modules it instantiates) with\n"
    "Yosys (synth/flow.tcl) for the parameters the configuration implies, maps them onto\n"
    "a generic cell library (synth/simtref_generic.lib) and reports, per unit: cells,\n"
    "registers, flip-flop bits, NAND2 equivalents and mm^2 at 65 nm and 40 nm; then the\n"
    "per-SM total of the units the configuration enables, and the seeds' published\n"
    "figures beside ours.\n"
    "Method and uncertainty: docs/area.md.\n"
    "\n"
    "  -c, --config CONFIG  a config file, or the name of one in configs/ (default gtx480)\n"
    "  -s, --set KEY=VALUE  override one key (repeatable), e.g. -s sm.warp_scheduler=mwf_gto\n"
    "  UNIT...              units to synthesise (default: those an SM of the config holds)\n"
    "  --all                every unit\n"
    "  --json FILE          also write the report as JSON\n"
    "  --cells              list each unit's cells by type\n"
    "  --force              also synthesise a unit of more than 16384 register bits (hours)\n"
    "  --cross-check        also map onto Yosys's internal gates, priced with the same\n"
    "                       cell areas (a second NAND2-eq column)\n"
    "  --lib LIB            the cell library: generic (default; synth/simtref_generic.lib,\n"
    "                       NAND2 equivalents) or asap7 (the ASAP7 7 nm library,\n"
    "                       synth/lib/: area in um^2, leakage, the longest path in ps and\n"
    "                       in FO4, and whether it fits the SM's cycle at 65 and 40 nm)\n"
    "  --clock MHZ          the clock the verdict uses (default: the config's core_clock;\n"
    "                       GTX480's shader clock is 1401)\n"
    "  -j, --jobs N         Yosys runs at a time (default: the number of CPUs)\n"
    "  --keep DIR           keep Yosys's statistics and logs in DIR\n"
    "  --check-baselines    rerun the rows of the baselines file and compare (exit 1 when\n"
    "                       a cell count moves more than the tolerance); a row whose\n"
    "                       seal holds (RTL, flow, libraries, Yosys and figures as\n"
    "                       recorded) is not rerun\n"
    "  --rerun-all          with --check-baselines: rerun sealed rows too\n"
    "  --update-baselines   rerun every row of the baselines file and rewrite its figures\n"
    "                       and seals\n"
    "  --baselines FILE     the baselines file (default synth/baselines.csv)\n"
    "  --tolerance PCT      allowed cell-count change for --check-baselines (default 3)\n"
    "\n"
    "Paths have no length limit but the OS's; --json, --keep and the baselines file of\n"
    "--update-baselines are checked writable before anything is synthesised.\n"
    "Needs yosys in PATH. Exit status: 0 done, 1 a synthesis failed or a baseline moved,\n"
    "2 bad usage (unknown unit or option, bad config, no yosys, an output not writable).\n";

typedef struct area_args {
  cli_config_args cfg;
  const char *units[64];
  size_t n_units;
  bool all, cells, cross, check, update, force, rerun_all;
  const char *json, *keep, *baselines;
  unsigned jobs;
  double tol;
  bool asap7;
  double clock_mhz; /* 0: the config's core_clock */
} area_args;

static void list_units(FILE *f) {
  fprintf(f, "units:");
  for (size_t i = 0; i < area_unit_count(); i++) {
    fprintf(f, " %s", area_unit_name(i));
  }
  fprintf(f, "\n");
}

static bool parse_uint(const char *s, unsigned *out) {
  char *end;
  errno = 0;
  unsigned long v = strtoul(s, &end, 10);
  if (errno != 0 || end == s || *end != '\0' || v == 0 || v > 256 || s[0] == '-') {
    return false;
  }
  *out = (unsigned)v;
  return true;
}

/* Parses argv; returns -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, area_args *a) {
  for (int i = 1; i < argc; i++) {
    int taken = cli_take_config_arg(&a->cfg, argc, argv, &i);
    if (taken < 0) {
      return EXIT_USAGE;
    }
    if (taken) {
      continue;
    }
    const char *s = argv[i];
    const char *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
      fputs(area_usage, stdout);
      list_units(stdout);
      return EXIT_OK;
    } else if (strcmp(s, "--all") == 0) {
      a->all = true;
    } else if (strcmp(s, "--cells") == 0) {
      a->cells = true;
    } else if (strcmp(s, "--force") == 0) {
      a->force = true;
    } else if (strcmp(s, "--cross-check") == 0) {
      a->cross = true;
    } else if (strcmp(s, "--check-baselines") == 0) {
      a->check = true;
    } else if (strcmp(s, "--update-baselines") == 0) {
      a->update = true;
    } else if (strcmp(s, "--rerun-all") == 0) {
      a->rerun_all = true;
    } else if (strcmp(s, "--json") == 0 || strcmp(s, "--keep") == 0 ||
               strcmp(s, "--baselines") == 0 || strcmp(s, "--tolerance") == 0 ||
               strcmp(s, "--lib") == 0 || strcmp(s, "--clock") == 0 ||
               strcmp(s, "-j") == 0 || strcmp(s, "--jobs") == 0) {
      if (val == NULL) {
        fprintf(stderr, "simtref area: error: %s needs a value\n", s);
        return EXIT_USAGE;
      }
      i++;
      if (strcmp(s, "--json") == 0) {
        a->json = val;
      } else if (strcmp(s, "--lib") == 0) {
        if (strcmp(val, "asap7") == 0) {
          a->asap7 = true;
        } else if (strcmp(val, "generic") == 0) {
          a->asap7 = false;
        } else {
          fprintf(stderr, "simtref area: error: unknown cell library '%s' (libraries: generic "
                          "asap7)\n", val);
          return EXIT_USAGE;
        }
      } else if (strcmp(s, "--clock") == 0) {
        char *end;
        a->clock_mhz = strtod(val, &end);
        if (end == val || *end != '\0' || !(a->clock_mhz >= 1 && a->clock_mhz <= 100000)) {
          fprintf(stderr, "simtref area: error: --clock wants a frequency in MHz 1..100000, got "
                          "'%s'\n", val);
          return EXIT_USAGE;
        }
      } else if (strcmp(s, "--keep") == 0) {
        a->keep = val;
      } else if (strcmp(s, "--baselines") == 0) {
        a->baselines = val;
      } else if (strcmp(s, "--tolerance") == 0) {
        char *end;
        a->tol = strtod(val, &end);
        if (end == val || *end != '\0' || !(a->tol >= 0 && a->tol <= 100)) {
          fprintf(stderr, "simtref area: error: --tolerance wants a percentage 0..100, got '%s'\n",
                  val);
          return EXIT_USAGE;
        }
      } else if (!parse_uint(val, &a->jobs)) {
        fprintf(stderr, "simtref area: error: %s wants a number 1..256, got '%s'\n", s, val);
        return EXIT_USAGE;
      }
    } else if (strncmp(s, "-j", 2) == 0 && s[2] != '\0') {
      if (!parse_uint(s + 2, &a->jobs)) {
        fprintf(stderr, "simtref area: error: -j wants a number 1..256, got '%s'\n", s + 2);
        return EXIT_USAGE;
      }
    } else if (s[0] == '-') {
      return cli_unknown_option("area", s);
    } else if (!area_unit_known(s)) {
      fprintf(stderr, "simtref area: error: unknown unit '%s'\n", s);
      list_units(stderr);
      return EXIT_USAGE;
    } else if (a->n_units == sizeof a->units / sizeof a->units[0]) {
      fprintf(stderr, "simtref area: error: too many units\n");
      return EXIT_USAGE;
    } else {
      a->units[a->n_units++] = s;
    }
  }
  if ((a->check || a->update) && (a->n_units > 0 || a->all || a->json != NULL)) {
    fprintf(stderr, "simtref area: error: --check-baselines and --update-baselines take the "
                    "units from the baselines file; give no UNIT, --all or --json with them\n");
    return EXIT_USAGE;
  }
  if ((a->check || a->update) && (a->asap7 || a->clock_mhz > 0 || a->cross)) {
    fprintf(stderr, "simtref area: error: the baselines hold both libraries' figures; give no "
                    "--lib, --clock or --cross-check with --check-baselines or "
                    "--update-baselines\n");
    return EXIT_USAGE;
  }
  if (a->asap7 && a->cross) {
    fprintf(stderr, "simtref area: error: --cross-check prices the generic library's gates; "
                    "it does not go with --lib asap7\n");
    return EXIT_USAGE;
  }
  if (a->rerun_all && !a->check) {
    fprintf(stderr, "simtref area: error: --rerun-all goes with --check-baselines (an update "
                    "reruns every row)\n");
    return EXIT_USAGE;
  }
  if (a->check && a->update) {
    fprintf(stderr, "simtref area: error: --check-baselines or --update-baselines, not both\n");
    return EXIT_USAGE;
  }
  return -1;
}

static const area_result *find_result(const area_result *r, size_t n, const char *unit) {
  for (size_t i = 0; i < n; i++) {
    if (strcmp(r[i].unit, unit) == 0 && r[i].ok) {
      return &r[i];
    }
  }
  return NULL;
}

static void print_table(const area_result *r, size_t n, bool cross, bool cells) {
  printf("%-12s %7s %5s %8s %10s %9s", "unit", "cells", "regs", "FF bits", "NAND2-eq",
         "SRAM bits");
  if (cross) {
    printf(" %10s", "gates-eq");
  }
  for (size_t k = 0; k < area_n_nodes; k++) {
    printf("  mm2@%-5s", area_nodes[k].name);
  }
  printf("\n");
  for (size_t i = 0; i < n; i++) {
    if (!r[i].ok) {
      printf("%-12s %s: %s\n", r[i].unit, r[i].skip ? "skipped" : "FAILED", r[i].error);
      continue;
    }
    printf("%-12s %7u %5u %8u %10.1f %9lu", r[i].unit, r[i].cells, r[i].registers, r[i].ff_bits,
           r[i].nand2_eq, r[i].sram_bits);
    if (cross) {
      printf(" %10.1f", r[i].gate_nand2_eq);
    }
    for (size_t k = 0; k < area_n_nodes; k++) {
      printf("  %9.5f", area_total_mm2(r[i].nand2_eq, r[i].sram_bits, &area_nodes[k]));
    }
    printf("\n");
    if (cells) {
      printf("  cells:");
      for (unsigned t = 0; t < r[i].n_types; t++) {
        printf(" %s %u", r[i].types[t].type, r[i].types[t].count);
      }
      printf("\n");
    }
  }
  printf("\nparameters:\n");
  for (size_t i = 0; i < n; i++) {
    printf("  %-12s %s\n", r[i].unit, r[i].params);
  }
}

/* ---- the ASAP7 report ------------------------------------------------------ */

/* The verdict of a path of delay_ps (ASAP7, flip-flop overheads included) against a
 * cycle of period_ps at a node whose FO4 is fo4_node: fits, or how many pipeline
 * stages the logic would need. Writes a short text. */
static void a7_verdict(const area_lib *l7, double comb_ps, double period_ps, double fo4_node,
                       char *out, size_t size) {
  double ff_fo4 = (l7->ff_clk_q_ps + l7->ff_setup_ps) / l7->fo4_ps;
  double logic_fo4 = comb_ps / l7->fo4_ps;
  double cycle_fo4 = period_ps / fo4_node;
  if (logic_fo4 + ff_fo4 <= cycle_fo4) {
    area_fmt(out, size, "fits (%.0f%%)", 100.0 * (logic_fo4 + ff_fo4) / cycle_fo4);
  } else if (cycle_fo4 <= ff_fo4) {
    area_fmt(out, size, "never (cycle < flip-flop)");
  } else {
    double stages = ceil(logic_fo4 / (cycle_fo4 - ff_fo4));
    area_fmt(out, size, "NO x%.1f: %.0f stages", (logic_fo4 + ff_fo4) / cycle_fo4, stages);
  }
}

static void print_a7(const area_flow *fl, const area_result *r, size_t n, bool cells,
                     double period_ps) {
  const area_lib *l7 = &fl->lib7;
  printf("%-12s %7s %7s %9s %10s %9s %9s %8s %6s", "unit", "cells", "FF bits", "SRAM bits",
         "logic um2", "SRAM um2", "leak nW", "path ps", "FO4");
  for (size_t k = 0; k < area_n_fo4_nodes; k++) {
    printf("  %-20s", area_fo4_nodes[k].name);
  }
  printf("\n");
  for (size_t i = 0; i < n; i++) {
    if (!r[i].ok) {
      printf("%-12s %s: %s\n", r[i].unit, r[i].skip ? "skipped" : "FAILED", r[i].error);
      continue;
    }
    printf("%-12s %7u %7u %9lu %10.2f %9.2f %9.1f %8.1f %6.1f", r[i].unit, r[i].a7_cells,
           r[i].a7_ff_bits, r[i].sram_bits, r[i].a7_um2, area_a7_sram_um2(r[i].sram_bits),
           r[i].a7_leak_nw, r[i].a7_delay_ps, r[i].a7_delay_ps / l7->fo4_ps);
    for (size_t k = 0; k < area_n_fo4_nodes; k++) {
      char v[64];
      a7_verdict(l7, r[i].a7_comb_ps, period_ps, area_fo4_nodes[k].fo4_ps, v, sizeof v);
      printf("  %-20s", v);
    }
    printf("\n");
    if (r[i].a7_from[0] != '\0') {
      printf("  longest path: %s -> %s (%.1f ps of logic)\n", r[i].a7_from, r[i].a7_to,
             r[i].a7_comb_ps);
    }
    if (r[i].table_bits > 0) {
      double ff;
      double as_sram = area_a7_tables_as_sram_um2(&fl->lib7, &r[i], &ff);
      printf("  register tables (%s): %lu bits; as SRAM macros instead of flip-flops: %.2f um2 "
             "(their flip-flops' %.2f um2 -> %.2f um2 of SRAM)\n",
             r[i].tables, r[i].table_bits, as_sram, ff, area_a7_sram_um2(r[i].table_bits));
    }
    if (cells) {
      printf("  cells:");
      for (unsigned t = 0; t < r[i].a7_n_types; t++) {
        printf(" %s %u", r[i].a7_types[t].type, r[i].a7_types[t].count);
      }
      printf("\n");
    }
  }
  printf("\nparameters:\n");
  for (size_t i = 0; i < n; i++) {
    printf("  %-12s %s\n", r[i].unit, r[i].params);
  }
}

typedef struct sm_total {
  bool complete;
  double a7_um2, a7_leak_nw, a7_worst_ps; /* ASAP7: logic area, leakage, longest path */
  unsigned a7_cells, a7_ff_bits;
  double nand2_eq;
  unsigned long sram_bits;
  unsigned cells, ff_bits;
  char what[256];
  char missing[128];
} sm_total;

static sm_total per_sm(const area_member *m, size_t nm, const area_result *r, size_t n) {
  sm_total t = {.complete = true};
  size_t off = 0, moff = 0;
  for (size_t k = 0; k < nm; k++) {
    off += (size_t)snprintf(t.what + off, off < sizeof t.what ? sizeof t.what - off : 0,
                            "%s%u x %s", k ? " + " : "", m[k].count, m[k].unit);
    const area_result *u = find_result(r, n, m[k].unit);
    if (u == NULL) {
      t.complete = false;
      moff += (size_t)snprintf(t.missing + moff,
                               moff < sizeof t.missing ? sizeof t.missing - moff : 0, "%s%s",
                               moff ? " " : "", m[k].unit);
      continue;
    }
    t.nand2_eq += m[k].count * u->nand2_eq;
    t.a7_um2 += m[k].count * u->a7_um2;
    t.a7_leak_nw += m[k].count * u->a7_leak_nw;
    t.a7_cells += m[k].count * u->a7_cells;
    t.a7_ff_bits += m[k].count * u->a7_ff_bits;
    t.a7_worst_ps = u->a7_delay_ps > t.a7_worst_ps ? u->a7_delay_ps : t.a7_worst_ps;
    t.sram_bits += m[k].count * u->sram_bits;
    t.cells += m[k].count * u->cells;
    t.ff_bits += m[k].count * u->ff_bits;
  }
  return t;
}

/* Instances of unit per SM under the configuration (0: not in use). */
static unsigned per_sm_count(const area_member *m, size_t nm, const char *unit) {
  for (size_t k = 0; k < nm; k++) {
    if (strcmp(m[k].unit, unit) == 0) {
      return m[k].count;
    }
  }
  return 0;
}

/* What the seeds say the synthesised units cost (their registry entries'
 * seed_cost), beside ours. */
static void print_seeds(const area_member *m, size_t nm, const area_result *r, size_t n) {
  const area_node *n65 = area_node_find("65nm");
  bool header = false;
  for (size_t i = 0; i < n; i++) {
    const st_unit *u = st_unit_by_name(r[i].unit);
    const st_unit_seed_cost *sc = u != NULL ? u->seed_cost : NULL;
    if (sc == NULL) {
      continue;
    }
    if (!header) {
      printf("\nthe seeds' figures:\n");
      header = true;
    }
    printf("  %s: %s\n", r[i].unit, sc->paper);
    if (!r[i].ok) {
      printf("          ours  not synthesised (above)\n");
      continue;
    }
    if (sc->mm2_65nm > 0) {
      double cell = area_cell_mm2(r[i].nand2_eq, n65), placed = area_mm2(r[i].nand2_eq, n65);
      printf("          ours  %.5f mm2 cell area at 65 nm = %.2f x the paper's (placed, /%.2f: "
             "%.5f mm2 = %.2f x)\n",
             cell, cell / sc->mm2_65nm, AREA_UTILISATION, placed, placed / sc->mm2_65nm);
    }
    if (r[i].sram_bits > 0) {
      unsigned long all = r[i].ff_bits + r[i].sram_bits;
      printf("          ours  %u flip-flop bits + %lu SRAM bits = %lu", r[i].ff_bits,
             r[i].sram_bits, all);
      if (sc->storage_bits > 0) {
        printf(" = %.2f x the paper's %u", (double)all / sc->storage_bits, sc->storage_bits);
      }
      printf("; %.5f mm2 at 65 nm (logic placed + SRAM)\n",
             area_total_mm2(r[i].nand2_eq, r[i].sram_bits, n65));
    } else if (sc->storage_bits > 0) {
      printf("          ours  %u flip-flop bits = %.2f x the paper's %u\n", r[i].ff_bits,
             (double)r[i].ff_bits / sc->storage_bits, sc->storage_bits);
    } else {
      printf("          ours  %u flip-flop bits\n", r[i].ff_bits);
    }
    if (sc->mechanism == NULL || per_sm_count(m, nm, r[i].unit) == 0) {
      continue;
    }
    /* The mechanism as a whole, when the configuration uses all its units
     * and they were synthesised. */
    unsigned bits = per_sm_count(m, nm, r[i].unit) * r[i].ff_bits;
    double eq = per_sm_count(m, nm, r[i].unit) * r[i].nand2_eq;
    char what[256];
    size_t o = (size_t)snprintf(what, sizeof what, "%u x %s", per_sm_count(m, nm, r[i].unit),
                                r[i].unit);
    bool all = true;
    for (size_t k = 0; k < 4 && sc->with[k] != NULL && all; k++) {
      const area_result *w = find_result(r, n, sc->with[k]);
      unsigned c = per_sm_count(m, nm, sc->with[k]);
      all = w != NULL && c > 0;
      if (all) {
        bits += c * w->ff_bits;
        eq += c * w->nand2_eq;
        o += (size_t)snprintf(what + o, o < sizeof what ? sizeof what - o : 0, " + %u x %s", c,
                              sc->with[k]);
      }
    }
    if (all) {
      printf("  %s (%s): %u flip-flop bits, %.1f NAND2-eq, %.5f mm2 at 65 nm placed\n",
             sc->mechanism, what, bits, eq, area_mm2(eq, n65));
    }
  }
}

static void json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s != '\0'; s++) {
    if (*s == '"' || *s == '\\') {
      fprintf(f, "\\%c", *s);
    } else if ((unsigned char)*s < 0x20) {
      fprintf(f, "\\u%04x", (unsigned char)*s);
    } else {
      fputc(*s, f);
    }
  }
  fputc('"', f);
}

/* Writes the report as JSON to path, through path.tmp and a rename, so that
 * no partial file is ever left under path. */
static int write_json(const char *path, const char *cfg_path, const st_config *cfg,
                      const area_flow *fl, const area_result *r, size_t n,
                      const area_member *m, size_t nm, const sm_total *t, double period_ps) {
  char *tmp = sw_fmt("%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (f == NULL) {
    fprintf(stderr, "simtref area: error: cannot write %s: %s\n", path, strerror(errno));
    free(tmp);
    return EXIT_USAGE;
  }
  fprintf(f, "{\n  \"simtref_version\": ");
  json_str(f, SIMTREF_VERSION);
  fprintf(f, ",\n  \"config\": ");
  json_str(f, cfg_path);
  fprintf(f, ",\n  \"config_name\": ");
  json_str(f, cfg->gpu.name);
  fprintf(f, ",\n  \"config_hash\": \"%016" PRIx64 "\",\n  \"yosys\": ", st_config_hash(cfg));
  json_str(f, fl->version);
  fprintf(f, ",\n  \"model\": {\"utilisation\": %.2f, \"nand2_um2\": {", AREA_UTILISATION);
  for (size_t k = 0; k < area_n_nodes; k++) {
    fprintf(f, "%s\"%s\": %.3f", k ? ", " : "", area_nodes[k].name, area_nodes[k].nand2_um2);
  }
  fprintf(f, "}, \"sram_efficiency\": %.2f, \"sram_cell_um2\": {", AREA_SRAM_EFFICIENCY);
  for (size_t k = 0; k < area_n_nodes; k++) {
    fprintf(f, "%s\"%s\": %.3f", k ? ", " : "", area_nodes[k].name,
            area_nodes[k].sram_cell_um2);
  }
  fprintf(f, "}, \"cell_nand2_eq\": {");
  for (size_t k = 0; k < fl->lib.n; k++) {
    fprintf(f, "%s\"%s\": %.4f", k ? ", " : "", fl->lib.name[k], fl->lib.area[k]);
  }
  fprintf(f, "}}");
  fprintf(f, ",\n  \"library\": \"%s\"", fl->asap7 ? "asap7" : "generic");
  if (fl->asap7) {
    fprintf(f, ",\n  \"asap7\": {\"fo4_ps\": %.3f, \"ff_clk_q_ps\": %.3f, \"ff_setup_ps\": %.3f, "
               "\"sram_um2_per_bit\": %.5f, \"utilisation\": %.2f, \"clock_period_ps\": %.2f, "
               "\"fo4_ps_of_node\": {",
            fl->lib7.fo4_ps, fl->lib7.ff_clk_q_ps, fl->lib7.ff_setup_ps,
            AREA_ASAP7_SRAM_UM2_PER_BIT, AREA_UTILISATION, period_ps);
    for (size_t k = 0; k < area_n_fo4_nodes; k++) {
      fprintf(f, "%s\"%s\": %.2f", k ? ", " : "", area_fo4_nodes[k].name,
              area_fo4_nodes[k].fo4_ps);
    }
    fprintf(f, "}}");
  }
  fprintf(f, ",\n  \"units\": [");
  for (size_t i = 0; i < n; i++) {
    fprintf(f, "%s\n    {\"unit\": ", i ? "," : "");
    json_str(f, r[i].unit);
    fprintf(f, ", \"params\": ");
    json_str(f, r[i].params);
    fprintf(f, ", \"ok\": %s", r[i].ok ? "true" : "false");
    if (!r[i].ok) {
      fprintf(f, ", \"error\": ");
      json_str(f, r[i].error);
      fprintf(f, "}");
      continue;
    }
    if (r[i].has_a7) {
      fprintf(f, ", \"asap7\": {\"cells\": %u, \"ff_bits\": %u, \"logic_um2\": %.3f, "
                 "\"sram_um2\": %.3f, \"leakage_nw\": %.2f, \"logic_ps\": %.2f, "
                 "\"path_ps\": %.2f, \"path_fo4\": %.2f, \"from\": ",
              r[i].a7_cells, r[i].a7_ff_bits, r[i].a7_um2, area_a7_sram_um2(r[i].sram_bits),
              r[i].a7_leak_nw, r[i].a7_comb_ps, r[i].a7_delay_ps,
              r[i].a7_delay_ps / fl->lib7.fo4_ps);
      json_str(f, r[i].a7_from);
      fprintf(f, ", \"to\": ");
      json_str(f, r[i].a7_to);
      fprintf(f, ", \"fits\": {");
      for (size_t k = 0; k < area_n_fo4_nodes; k++) {
        char v[64];
        a7_verdict(&fl->lib7, r[i].a7_comb_ps, period_ps, area_fo4_nodes[k].fo4_ps, v, sizeof v);
        fprintf(f, "%s\"%s\": ", k ? ", " : "", area_fo4_nodes[k].name);
        json_str(f, v);
      }
      fprintf(f, "}, \"table_bits\": %lu, \"tables\": ", r[i].table_bits);
      json_str(f, r[i].tables);
      double ff;
      fprintf(f, ", \"logic_um2_tables_as_sram\": %.3f",
              area_a7_tables_as_sram_um2(&fl->lib7, &r[i], &ff));
      fprintf(f, ", \"cells_by_type\": {");
      for (unsigned t2 = 0; t2 < r[i].a7_n_types; t2++) {
        fprintf(f, "%s\"%s\": %u", t2 ? ", " : "", r[i].a7_types[t2].type,
                r[i].a7_types[t2].count);
      }
      fprintf(f, "}}, \"sram_bits\": %lu, \"seconds\": %.2f}", r[i].sram_bits, r[i].seconds);
      continue;
    }
    fprintf(f, ", \"cells\": %u, \"registers\": %u, \"ff_bits\": %u, \"nand2_eq\": %.2f",
            r[i].cells, r[i].registers, r[i].ff_bits, r[i].nand2_eq);
    fprintf(f, ", \"sram_bits\": %lu, \"sram_arrays\": %u", r[i].sram_bits, r[i].sram_arrays);
    for (size_t k = 0; k < area_n_nodes; k++) {
      fprintf(f, ", \"mm2_%s\": %.6f", area_nodes[k].name,
              area_total_mm2(r[i].nand2_eq, r[i].sram_bits, &area_nodes[k]));
    }
    if (r[i].has_gates) {
      fprintf(f, ", \"gates_cells\": %u, \"gates_nand2_eq\": %.2f", r[i].gate_cells,
              r[i].gate_nand2_eq);
    }
    fprintf(f, ", \"cells_by_type\": {");
    for (unsigned t2 = 0; t2 < r[i].n_types; t2++) {
      fprintf(f, "%s\"%s\": %u", t2 ? ", " : "", r[i].types[t2].type, r[i].types[t2].count);
    }
    fprintf(f, "}, \"seconds\": %.2f}", r[i].seconds);
  }
  fprintf(f, "\n  ],\n  \"per_sm\": {\"units\": [");
  for (size_t k = 0; k < nm; k++) {
    fprintf(f, "%s{\"unit\": \"%s\", \"count\": %u}", k ? ", " : "", m[k].unit, m[k].count);
  }
  fprintf(f, "], \"complete\": %s", t->complete ? "true" : "false");
  if (t->complete && fl->asap7) {
    fprintf(f, ", \"asap7\": {\"cells\": %u, \"ff_bits\": %u, \"logic_um2\": %.3f, "
               "\"sram_um2\": %.3f, \"placed_um2\": %.3f, \"leakage_nw\": %.2f, "
               "\"worst_path_ps\": %.2f}",
            t->a7_cells, t->a7_ff_bits, t->a7_um2, area_a7_sram_um2(t->sram_bits),
            t->a7_um2 / AREA_UTILISATION + area_a7_sram_um2(t->sram_bits), t->a7_leak_nw,
            t->a7_worst_ps);
  } else if (t->complete) {
    fprintf(f, ", \"cells\": %u, \"ff_bits\": %u, \"nand2_eq\": %.2f, \"sram_bits\": %lu",
            t->cells, t->ff_bits, t->nand2_eq, t->sram_bits);
    for (size_t k = 0; k < area_n_nodes; k++) {
      fprintf(f, ", \"mm2_%s\": %.6f", area_nodes[k].name,
              area_total_mm2(t->nand2_eq, t->sram_bits, &area_nodes[k]));
    }
  }
  fprintf(f, "}\n}\n");
  bool ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  ok = ok && rename(tmp, path) == 0;
  if (!ok) {
    remove(tmp);
    fprintf(stderr, "simtref area: error: cannot write %s\n", path);
  }
  free(tmp);
  return ok ? EXIT_OK : EXIT_FAIL;
}

static unsigned default_jobs(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (unsigned)n : 1;
}

int cmd_area(int argc, char **argv) {
  area_args a = {.tol = 3.0};
  int rc = parse_args(argc, argv, &a);
  if (rc >= 0) {
    return rc;
  }
  if (a.check || a.update) {
    char *bpath = a.baselines != NULL ? sw_strdup(a.baselines)
                                      : sw_fmt("%s/baselines.csv", area_synth_dir());
    if (a.update && !cli_check_output_file("area", "the baselines file", bpath)) {
      free(bpath);
      return EXIT_USAGE;
    }
    area_flow *fl = sw_alloc(sizeof *fl);
    rc = area_flow_init(fl, a.keep, false, a.jobs ? a.jobs : default_jobs());
    if (rc == EXIT_OK) {
      rc = area_flow_libs(fl, true, true);
      if (rc == EXIT_OK) {
        rc = area_baselines(fl, bpath, a.update, a.rerun_all, a.tol);
      }
      area_flow_done(fl);
    }
    free(fl);
    free(bpath);
    return rc;
  }

  st_config cfg;
  char cfg_path[ST_PATH_MAX];
  if (!cli_load_config(&a.cfg, &cfg, cfg_path, sizeof cfg_path)) {
    return EXIT_USAGE;
  }
  if (a.json != NULL && !cli_check_output_file("area", "the --json file", a.json)) {
    return EXIT_USAGE;
  }
  area_member members[8];
  size_t nm = area_sm_units(&cfg, members, 8);

  /* The units to synthesise, each once. */
  const char *names[64];
  size_t n = 0;
  if (a.all) {
    for (size_t i = 0; i < area_unit_count() && n < 64; i++) {
      names[n++] = area_unit_name(i);
    }
  } else if (a.n_units > 0) {
    for (size_t i = 0; i < a.n_units; i++) {
      bool dup = false;
      for (size_t k = 0; k < n; k++) {
        dup = dup || strcmp(names[k], a.units[i]) == 0;
      }
      if (!dup) {
        names[n++] = a.units[i];
      }
    }
  } else {
    for (size_t k = 0; k < nm; k++) {
      names[n++] = members[k].unit;
    }
  }
  area_result *r = calloc(n, sizeof *r);
  if (r == NULL) {
    fprintf(stderr, "simtref area: error: out of memory\n");
    return EXIT_FAIL;
  }
  for (size_t i = 0; i < n; i++) {
    snprintf(r[i].unit, sizeof r[i].unit, "%s", names[i]);
    area_unit_params(names[i], &cfg, r[i].params, sizeof r[i].params);
    /* A unit whose registers are a large table (DTBL's AGT) takes Yosys
     * hours as flip-flops: skipped unless asked for with --force. */
    r[i].table_bits =
        area_unit_table_bits(names[i], r[i].params, r[i].tables, sizeof r[i].tables);
    unsigned long bits = area_unit_state_bits(names[i], r[i].params);
    if (bits > AREA_MAX_STATE_BITS && !a.force) {
      r[i].skip = true;
      area_fmt(r[i].error, sizeof r[i].error,
               "%lu register bits at these parameters, over %u: as flip-flops Yosys takes "
               "hours (docs/units/%s.md estimates it); --force synthesises it anyway",
               bits, AREA_MAX_STATE_BITS, names[i]);
    }
  }

  area_flow fl;
  rc = area_flow_init(&fl, a.keep, a.cross, a.jobs ? a.jobs : default_jobs());
  if (rc != EXIT_OK) {
    free(r);
    return rc;
  }
  rc = area_flow_libs(&fl, !a.asap7, a.asap7);
  if (rc != EXIT_OK) {
    area_flow_done(&fl);
    free(r);
    return rc;
  }
  char *hints = sw_fmt("%s/baselines.csv", fl.synth_dir);
  area_baseline_hints(hints, r, n);
  free(hints);
  area_flow_run(&fl, r, n, true);
  area_flow_done(&fl);

  /* A unit that does not synthesise: its error, no table (exit 2). */
  bool failed = false;
  for (size_t i = 0; i < n; i++) {
    if (!r[i].ok && !r[i].skip) {
      fprintf(stderr, "simtref area: error: %s (%s) did not synthesise: %s\n", r[i].unit,
              r[i].params, r[i].error);
      failed = true;
    }
  }
  if (failed) {
    free(r);
    return EXIT_USAGE;
  }

  double clock_mhz = a.clock_mhz > 0 ? a.clock_mhz : (double)cfg.gpu.core_clock / 1e6;
  double period_ps = 1e6 / clock_mhz;
  printf("simtref area: config %s (%s, hash %016" PRIx64 "), %s\n", cfg.gpu.name, cfg_path,
         st_config_hash(&cfg), fl.version);
  if (fl.asap7) {
    const area_lib *l7 = &fl.lib7;
    printf("cells of ASAP7 (7.5-track RVT, typical corner 0.7 V 25 C; synth/%s); area um2 is cell "
           "area,\nleakage the cells' state-independent leakage; SRAM bits as macros of %.5f um2 "
           "per bit;\n"
           "path = the longest combinational path after buffering and sizing + flip-flop "
           "clock-to-Q %.1f ps\n+ setup %.1f ps; FO4 of ASAP7 %.2f ps (INVx1 driving 4 INVx1). "
           "Verdict at %.1f MHz (%s; %.1f ps)\n"
           "per node, the cycle in that node's FO4 (",
           AREA_ASAP7_LIB, AREA_ASAP7_SRAM_UM2_PER_BIT, l7->ff_clk_q_ps, l7->ff_setup_ps,
           l7->fo4_ps, clock_mhz, a.clock_mhz > 0 ? "--clock" : "core_clock", period_ps);
    for (size_t k = 0; k < area_n_fo4_nodes; k++) {
      printf("%s%s: FO4 %.1f ps, %.1f FO4", k ? "; " : "", area_fo4_nodes[k].name,
             area_fo4_nodes[k].fo4_ps, period_ps / area_fo4_nodes[k].fo4_ps);
    }
    printf("):\nfits (share of the cycle), or NO (path / cycle): stages the logic needs\n\n");
    print_a7(&fl, r, n, a.cells, period_ps);
    sm_total t = per_sm(members, nm, r, n);
    printf("\nper SM, the units %s enables: %s\n", cfg.gpu.name, t.what);
    if (t.complete) {
      printf("  %u cells, %u flip-flop bits, %.2f um2 logic (%.2f um2 placed at utilisation %.2f)",
             t.a7_cells, t.a7_ff_bits, t.a7_um2, t.a7_um2 / AREA_UTILISATION, AREA_UTILISATION);
      if (t.sram_bits > 0) {
        printf(" + %.2f um2 SRAM (%lu bits)", area_a7_sram_um2(t.sram_bits), t.sram_bits);
      }
      printf(", leakage %.1f nW, longest path %.1f ps (%.1f FO4)\n", t.a7_leak_nw, t.a7_worst_ps,
             t.a7_worst_ps / l7->fo4_ps);
    } else {
      printf("  (not all synthesised: add %s)\n", t.missing);
    }
    rc = EXIT_OK;
    if (a.json != NULL) {
      rc = write_json(a.json, cfg_path, &cfg, &fl, r, n, members, nm, &t, period_ps);
    }
    free(r);
    return rc;
  }
  printf("cells of synth/simtref_generic.lib, NAND2-eq = their area with NAND2 = 1;\n"
         "mm2 = NAND2-eq x NAND2 area (");
  for (size_t k = 0; k < area_n_nodes; k++) {
    printf("%s%.2f um2 at %s", k ? ", " : "", area_nodes[k].nand2_um2, area_nodes[k].name);
  }
  printf(") / utilisation %.2f;\nSRAM bits (storage arrays, rtl/prim/prim_ram_1r1w.sv) add bits x "
         "bit cell (",
         AREA_UTILISATION);
  for (size_t k = 0; k < area_n_nodes; k++) {
    printf("%s%.3f um2 at %s", k ? ", " : "", area_nodes[k].sram_cell_um2, area_nodes[k].name);
  }
  printf(") / array efficiency %.2f\n\n", AREA_SRAM_EFFICIENCY);
  print_table(r, n, a.cross, a.cells);

  sm_total t = per_sm(members, nm, r, n);
  printf("\nper SM, the units %s enables (sm.warp_scheduler=%s, sm.fetch_arbiter=%s,\n"
         "cta_scheduler.policy=%s): %s\n",
         cfg.gpu.name, st_config_enum_name("sm.warp_scheduler", (size_t)cfg.sm.warp_scheduler),
         st_config_enum_name("sm.fetch_arbiter", (size_t)cfg.sm.fetch_arbiter),
         st_config_enum_name("cta_scheduler.policy", (size_t)cfg.cta_scheduler.policy), t.what);
  if (t.complete) {
    printf("  %u cells, %u flip-flop bits, %.1f NAND2-eq", t.cells, t.ff_bits, t.nand2_eq);
    if (t.sram_bits > 0) {
      printf(", %lu SRAM bits", t.sram_bits);
    }
    for (size_t k = 0; k < area_n_nodes; k++) {
      printf(", %.5f mm2 at %s", area_total_mm2(t.nand2_eq, t.sram_bits, &area_nodes[k]),
             area_nodes[k].name);
    }
    printf("\n");
  } else {
    printf("  (not all synthesised: add %s)\n", t.missing);
  }
  print_seeds(members, nm, r, n);

  rc = EXIT_OK;
  for (size_t i = 0; i < n; i++) {
    if (!r[i].ok && !r[i].skip) {
      rc = EXIT_FAIL;
    }
  }
  if (a.json != NULL) {
    int jrc = write_json(a.json, cfg_path, &cfg, &fl, r, n, members, nm, &t, period_ps);
    if (jrc != EXIT_OK) {
      rc = jrc;
    }
  }
  free(r);
  return rc;
}
