/* The area model of `simtref area` (docs/area.md): cell areas from the
 * generic library synth/simtref_generic.lib (NAND2 equivalents), the NAND2
 * area of each process node, the utilisation factor, and the parsing of the
 * statistics Yosys wrote. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "area.h"
#include "sweep_util.h"

/* NAND2 (X1) footprints, docs/area.md "Process nodes". 65 nm: a 9-track
 * 65 nm library's NAND2X1 (1.8 um x 0.8 um); 40 nm: 65 nm scaled by the
 * logic-density gain commonly quoted for the 40 nm node (about 2.4x). */
void area_fmt(char *dst, size_t size, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(dst, size, fmt, ap);
  va_end(ap);
}

/* SRAM bit cells: 65 nm, Intel's published 6T cell of 0.57 um^2 (2004);
 * 40 nm, that scaled by (40/65)^2 (an assumption; docs/area.md). */
const area_node area_nodes[] = {
    {"65nm", 1.44, 0.57},
    {"40nm", 0.60, 0.216},
};
const size_t area_n_nodes = sizeof area_nodes / sizeof area_nodes[0];

/* FO4 = 360 ps x drawn gate length in um (docs/area.md "Delay"). */
const area_fo4_node area_fo4_nodes[] = {
    {"65nm", 23.4},
    {"40nm", 14.4},
};
const size_t area_n_fo4_nodes = sizeof area_fo4_nodes / sizeof area_fo4_nodes[0];

double area_a7_sram_um2(unsigned long bits) {
  return (double)bits * AREA_ASAP7_SRAM_UM2_PER_BIT;
}

double area_a7_tables_as_sram_um2(const area_lib *lib7, const area_result *r, double *ff_um2) {
  *ff_um2 = (double)r->table_bits * area_lib_cell(lib7, AREA_ASAP7_FF);
  return r->a7_um2 - *ff_um2 + area_a7_sram_um2(r->table_bits);
}

double area_cell_mm2(double nand2_eq, const area_node *node) {
  return nand2_eq * node->nand2_um2 * 1e-6;
}

double area_mm2(double nand2_eq, const area_node *node) {
  return area_cell_mm2(nand2_eq, node) / AREA_UTILISATION;
}

double area_sram_mm2(unsigned long bits, const area_node *node) {
  return (double)bits * node->sram_cell_um2 * 1e-6 / AREA_SRAM_EFFICIENCY;
}

double area_total_mm2(double nand2_eq, unsigned long sram_bits, const area_node *node) {
  return area_mm2(nand2_eq, node) + area_sram_mm2(sram_bits, node);
}

const area_node *area_node_find(const char *name) {
  for (size_t i = 0; i < area_n_nodes; i++) {
    if (strcmp(area_nodes[i].name, name) == 0) {
      return &area_nodes[i];
    }
  }
  return NULL;
}

static char *read_all(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return NULL;
  }
  size_t cap = 4096, len = 0;
  char *buf = malloc(cap);
  while (buf != NULL) {
    size_t got = fread(buf + len, 1, cap - len - 1, f);
    len += got;
    if (got == 0) {
      break;
    }
    if (cap - len - 1 == 0) {
      char *nb = realloc(buf, cap * 2);
      if (nb == NULL) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = nb;
      cap *= 2;
    }
  }
  fclose(f);
  if (buf != NULL) {
    buf[len] = '\0';
  }
  return buf;
}

/* The next `cell (` group header at or after p (not cell_rise, cell_leakage_power,
 * ...): a pointer to its '(' or NULL. */
static const char *next_cell(const char *text, const char *p) {
  while ((p = strstr(p, "cell")) != NULL) {
    bool inside_word = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
    const char *q = p + 4;
    p = q;
    if (inside_word) {
      continue;
    }
    while (*q == ' ' || *q == '\t') {
      q++;
    }
    if (*q == '(') {
      return q;
    }
  }
  return NULL;
}

/* The number after "KEY :" at the first KEY in [p, limit) (limit NULL: no
 * limit), or false. */
static bool attr_number(const char *p, const char *limit, const char *key, double *out) {
  const char *a = strstr(p, key);
  if (a == NULL || (limit != NULL && a > limit)) {
    return false;
  }
  a += strlen(key);
  while (*a == ' ' || *a == ':') {
    a++;
  }
  char *end;
  double v = strtod(a, &end);
  if (end == a) {
    return false;
  }
  *out = v;
  return true;
}

/* A "simtref KEY VALUE" comment of the library (figures make-asap7.py
 * computed from its tables). */
static double simtref_figure(const char *text, const char *key) {
  char pat[64];
  snprintf(pat, sizeof pat, "/* simtref %s ", key);
  const char *p = strstr(text, pat);
  return p != NULL ? strtod(p + strlen(pat), NULL) : 0.0;
}

bool area_lib_load(area_lib *lib, const char *path, char *err, size_t err_size) {
  memset(lib, 0, sizeof *lib);
  char *text = read_all(path);
  if (text == NULL) {
    snprintf(err, err_size, "cannot read the cell library %s", path);
    return false;
  }
  lib->fo4_ps = simtref_figure(text, "fo4_ps");
  lib->ff_clk_q_ps = simtref_figure(text, "ff_clk_q_ps");
  lib->ff_setup_ps = simtref_figure(text, "ff_setup_ps");
  /* Each `cell (NAME)` is followed by its `area : X;` (and, in a real
   * library, `cell_leakage_power : Y;`) before the next cell. */
  const char *q = next_cell(text, text);
  while (q != NULL) {
    q++;
    while (*q == ' ' || *q == '"') {
      q++;
    }
    size_t n = 0;
    char name[AREA_NAME_MAX];
    while ((isalnum((unsigned char)q[n]) || q[n] == '_') && n + 1 < sizeof name) {
      name[n] = q[n];
      n++;
    }
    name[n] = '\0';
    if (isalnum((unsigned char)q[n]) || q[n] == '_') {
      snprintf(err, err_size, "the cell library %s has a cell name longer than %d characters "
               "(%s...)", path, AREA_NAME_MAX - 1, name);
      free(text);
      return false;
    }
    const char *next = next_cell(text, q);
    double area, leak = 0.0;
    if (n > 0 && attr_number(q, next, "area", &area)) {
      if (lib->n == AREA_LIB_MAX) {
        snprintf(err, err_size, "the cell library %s has more than %d cells", path,
                 AREA_LIB_MAX);
        free(text);
        return false;
      }
      attr_number(q, next, "cell_leakage_power", &leak);
      area_fmt(lib->name[lib->n], AREA_NAME_MAX, "%s", name);
      lib->area[lib->n] = area;
      lib->leakage[lib->n] = leak;
      lib->n++;
    }
    q = next;
  }
  free(text);
  if (lib->n == 0) {
    snprintf(err, err_size, "the cell library %s has no cells with an area", path);
    return false;
  }
  return true;
}

static double lib_leakage(const area_lib *lib, const char *cell) {
  for (size_t i = 0; i < lib->n; i++) {
    if (strcmp(lib->name[i], cell) == 0) {
      return lib->leakage[i];
    }
  }
  return -1.0;
}

double area_lib_cell(const area_lib *lib, const char *cell) {
  for (size_t i = 0; i < lib->n; i++) {
    if (strcmp(lib->name[i], cell) == 0) {
      return lib->area[i];
    }
  }
  return -1.0;
}

double area_gate_weight(const area_lib *lib, const char *gate) {
  /* Yosys's internal gates and the library cell of the same function. A
   * gate with an inverted input (ANDNOT, ORNOT) is priced as the plain gate:
   * libraries absorb the inversion into the cell or its neighbour. */
  static const char *const map[][2] = {
      {"$_NOT_", "INV"},       {"$_BUF_", "BUF"},       {"$_NAND_", "NAND2"},
      {"$_NOR_", "NOR2"},      {"$_AND_", "AND2"},      {"$_OR_", "OR2"},
      {"$_ANDNOT_", "AND2"},   {"$_ORNOT_", "OR2"},     {"$_XOR_", "XOR2"},
      {"$_XNOR_", "XNOR2"},    {"$_AOI3_", "AOI21"},    {"$_OAI3_", "OAI21"},
      {"$_AOI4_", "AOI22"},    {"$_OAI4_", "OAI22"},    {"$_MUX_", "MUX2"},
      {"$_DFF_P_", "DFF"},     {"$_DFF_PN0_", "DFFR"},  {"$_DFF_PN1_", "DFFS"},
  };
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
    if (strcmp(map[i][0], gate) == 0) {
      return area_lib_cell(lib, map[i][1]);
    }
  }
  return -1.0;
}

/* A statistics line "     NAME     COUNT": the name and count, or false. */
static bool cell_line(const char *line, char *name, size_t name_size, unsigned long *count) {
  if (strncmp(line, "     ", 5) != 0) {
    return false;
  }
  char nm[256];
  unsigned long c;
  char extra;
  if (sscanf(line, " %255s %lu %c", nm, &c, &extra) != 2) {
    return false;
  }
  area_fmt(name, name_size, "%s", nm);
  *count = c;
  return true;
}

/* Reads the cells listed after "Number of cells:" in a stat file. Calls
 * each(name, count, ctx) per type; writes the total and, if present, the
 * "Chip area" figure (else -1). */
static bool read_stat(const char *path, unsigned *total, double *chip_area,
                      void (*each)(const char *name, unsigned long count, void *ctx),
                      void *ctx) {
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    return false;
  }
  char line[512];
  bool in_cells = false, seen = false;
  *chip_area = -1.0;
  while (fgets(line, sizeof line, f) != NULL) {
    unsigned long n;
    if (sscanf(line, " Number of cells: %lu", &n) == 1) {
      *total = (unsigned)n;
      in_cells = true;
      seen = true;
      continue;
    }
    const char *ca = strstr(line, "Chip area for module");
    if (ca != NULL) {
      const char *colon = strrchr(line, ':');
      if (colon != NULL) {
        *chip_area = strtod(colon + 1, NULL);
      }
      in_cells = false;
      continue;
    }
    if (in_cells) {
      char name[256]; /* a storage array's module name is long */
      unsigned long c;
      if (cell_line(line, name, sizeof name, &c)) {
        each(name, c, ctx);
      } else {
        in_cells = false;
      }
    }
  }
  fclose(f);
  return seen;
}

/* The storage arrays of one run (macros.stat): elaborated module names and
 * their bits. */
#define AREA_MAX_MACROS 16
typedef struct area_macro {
  char module[256];
  unsigned long bits;
} area_macro;

typedef struct parse_ctx {
  area_result *r;
  const area_lib *lib;
  double gate_area;
  bool gate_unknown;
  char unknown[AREA_NAME_MAX * 2];
  area_macro macros[AREA_MAX_MACROS];
  size_t n_macros;
} parse_ctx;

static const area_macro *find_macro(const parse_ctx *c, const char *name) {
  for (size_t i = 0; i < c->n_macros; i++) {
    if (strcmp(c->macros[i].module, name) == 0) {
      return &c->macros[i];
    }
  }
  return NULL;
}

/* macros.stat, an RTLIL dump of the storage array modules: "module NAME",
 * then "parameter \DEPTH N" and "parameter \WIDTH N". A missing file means
 * no storage arrays (statistics of an older flow). */
static bool read_macros(const char *path, parse_ctx *c, char *err, size_t err_size) {
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    return true;
  }
  char line[512];
  bool ok = true;
  unsigned long depth = 0, width = 0;
  area_macro *cur = NULL;
  while (ok && fgets(line, sizeof line, f) != NULL) {
    char name[256];
    unsigned long v;
    if (sscanf(line, "module %255s", name) == 1) {
      if (c->n_macros == AREA_MAX_MACROS) {
        snprintf(err, err_size, "%s: more than %d storage arrays", path, AREA_MAX_MACROS);
        ok = false;
        break;
      }
      cur = &c->macros[c->n_macros++];
      area_fmt(cur->module, sizeof cur->module, "%s", name);
      depth = width = 0;
    } else if (sscanf(line, " parameter \\DEPTH %lu", &v) == 1) {
      depth = v;
    } else if (sscanf(line, " parameter \\WIDTH %lu", &v) == 1) {
      width = v;
    } else if (strncmp(line, "end", 3) == 0 && cur != NULL) {
      if (depth == 0 || width == 0) {
        snprintf(err, err_size, "%s: storage array %s has no DEPTH or WIDTH", path, cur->module);
        ok = false;
      }
      cur->bits = depth * width;
      cur = NULL;
    }
  }
  fclose(f);
  return ok;
}

static void on_register(const char *name, unsigned long count, void *vctx) {
  parse_ctx *c = vctx;
  /* $adff_8, $adffe_5, $dff_3, $sdffe_2, $aldff_1, $dffsr_4: a register. */
  static const char *const kinds[] = {"$adff", "$adffe", "$dff", "$dffe", "$sdff", "$sdffe",
                                      "$sdffce", "$aldff", "$aldffe", "$dffsr", "$dffsre"};
  const char *us = strrchr(name, '_');
  if (us == NULL) {
    return;
  }
  size_t len = (size_t)(us - name);
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    if (strlen(kinds[i]) == len && strncmp(name, kinds[i], len) == 0) {
      c->r->registers += (unsigned)count;
      return;
    }
  }
}

static void on_cell(const char *name, unsigned long count, void *vctx) {
  parse_ctx *c = vctx;
  area_result *r = c->r;
  const area_macro *m = find_macro(c, name);
  if (m != NULL) {
    r->sram_bits += m->bits * count;
    r->sram_arrays += (unsigned)count;
    return;
  }
  if (r->n_types < AREA_MAX_TYPES) {
    area_fmt(r->types[r->n_types].type, AREA_NAME_MAX, "%s", name);
    r->types[r->n_types].count = (unsigned)count;
    r->n_types++;
  }
  if (strncmp(name, "DFF", 3) == 0) {
    r->ff_bits += (unsigned)count;
  }
}

static void on_gate(const char *name, unsigned long count, void *vctx) {
  parse_ctx *c = vctx;
  if (find_macro(c, name) != NULL) {
    c->r->gate_cells -= (unsigned)count; /* a storage array: not a gate */
    return;
  }
  double w = area_gate_weight(c->lib, name);
  if (w < 0) {
    c->gate_unknown = true;
    area_fmt(c->unknown, sizeof c->unknown, "%s", name);
    return;
  }
  c->gate_area += w * (double)count;
}

bool area_parse_stats(const char *dir, const area_lib *lib, area_result *r) {
  char *path = NULL;
  parse_ctx c = {.r = r, .lib = lib};
  unsigned total = 0;
  double chip = -1.0;
  r->registers = 0;
  r->ff_bits = 0;
  r->n_types = 0;
  r->sram_bits = 0;
  r->sram_arrays = 0;
  path = sw_fmt("%s/macros.stat", dir);
  if (!read_macros(path, &c, r->error, sizeof r->error)) {
    free(path);
    return false;
  }
  free(path);
  path = sw_fmt("%s/coarse.stat", dir);
  if (!read_stat(path, &total, &chip, on_register, &c)) {
    area_fmt(r->error, sizeof r->error, "no statistics in %s", path);
    free(path);
    return false;
  }
  free(path);
  if (lib == NULL) {
    return true; /* no generic mapping: the ASAP7 one (area_parse_a7) counts the arrays */
  }
  path = sw_fmt("%s/cells.stat", dir);
  if (!read_stat(path, &r->cells, &chip, on_cell, &c) || chip < 0) {
    area_fmt(r->error, sizeof r->error, "no mapped-cell statistics (or no area) in %s", path);
    free(path);
    return false;
  }
  free(path);
  r->cells -= r->sram_arrays; /* cells are the library's; the arrays are counted apart */
  r->nand2_eq = chip;
  path = sw_fmt("%s/gates.stat", dir);
  r->has_gates = false;
  bool ok = true;
  FILE *g = fopen(path, "r");
  if (g != NULL) {
    fclose(g);
    double unused;
    if (read_stat(path, &r->gate_cells, &unused, on_gate, &c)) {
      if (c.gate_unknown) {
        area_fmt(r->error, sizeof r->error, "gate %s of the cross-check has no price", c.unknown);
        ok = false;
      } else {
        r->has_gates = true;
        r->gate_nand2_eq = c.gate_area;
      }
    }
  }
  free(path);
  return ok;
}

typedef struct a7_ctx {
  parse_ctx *base;
  const area_lib *lib7;
  bool unknown;
  char what[AREA_NAME_MAX];
  unsigned long sram_bits;
  unsigned sram_arrays;
} a7_ctx;

static void on_a7_cell(const char *name, unsigned long count, void *vctx) {
  a7_ctx *c = vctx;
  area_result *r = c->base->r;
  const area_macro *m = find_macro(c->base, name);
  if (m != NULL) { /* a storage array: priced as SRAM */
    c->sram_bits += m->bits * count;
    c->sram_arrays += (unsigned)count;
    return;
  }
  double leak = lib_leakage(c->lib7, name);
  if (leak < 0) {
    c->unknown = true;
    area_fmt(c->what, sizeof c->what, "%s", name);
    return;
  }
  r->a7_cells += (unsigned)count;
  r->a7_leak_nw += leak * (double)count * 1e-3; /* pW -> nW */
  if (strncmp(name, "DFF", 3) == 0) {
    r->a7_ff_bits += (unsigned)count;
  }
  if (r->a7_n_types < sizeof r->a7_types / sizeof r->a7_types[0]) {
    area_fmt(r->a7_types[r->a7_n_types].type, AREA_NAME_MAX, "%s", name);
    r->a7_types[r->a7_n_types].count = (unsigned)count;
    r->a7_n_types++;
  }
}

/* ABC's `stime -p` report: "... Delay =   236.25 ps ..." and
 * "Start-point = pi48 (\\arr_tb_i [0]).  End-point = po85 (\\name [1])." */
static bool read_abc_timing(const char *path, area_result *r) {
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    return false;
  }
  char line[1024];
  bool seen = false;
  while (fgets(line, sizeof line, f) != NULL) {
    const char *d = strstr(line, "Delay =");
    if (d != NULL && strstr(line, "WireLoad") != NULL) {
      r->a7_comb_ps = strtod(d + 7, NULL);
      seen = true;
    }
    const char *sp = strstr(line, "Start-point = ");
    const char *ep = strstr(line, "End-point = ");
    if (sp != NULL && ep != NULL) {
      const char *ends[2] = {sp, ep};
      char *outs[2] = {r->a7_from, r->a7_to};
      for (int k = 0; k < 2; k++) {
        const char *o = strchr(ends[k], '(');
        const char *c = o != NULL ? strchr(o, ')') : NULL;
        if (o == NULL || c == NULL) {
          continue;
        }
        o++;
        if (*o == '\\') {
          o++;
        }
        if (*o == '$') { /* a net Yosys named: no name of the RTL's */
          area_fmt(outs[k], sizeof r->a7_from, "%s",
                   strstr(o, "dfflibmap") != NULL && strstr(o, "dfflibmap") < c ? "(a flip-flop)"
                                                                                : "(internal)");
          continue;
        }
        area_fmt(outs[k], sizeof r->a7_from, "%.*s", (int)(c - o), o);
        for (char *x = outs[k]; *x != '\0'; x++) {
          if (*x == ' ') {
            memmove(x, x + 1, strlen(x));
            x--;
          }
        }
      }
    }
  }
  fclose(f);
  return seen;
}

bool area_parse_a7(const char *dir, const area_lib *lib7, area_result *r) {
  parse_ctx base = {.r = r};
  a7_ctx c = {.base = &base, .lib7 = lib7};
  r->a7_cells = r->a7_ff_bits = r->a7_n_types = 0;
  r->a7_leak_nw = 0.0;
  r->a7_from[0] = r->a7_to[0] = '\0';
  char *path = sw_fmt("%s/macros.stat", dir);
  if (!read_macros(path, &base, r->error, sizeof r->error)) {
    free(path);
    return false;
  }
  free(path);
  path = sw_fmt("%s/asap7.stat", dir);
  unsigned total = 0;
  double chip = -1.0;
  if (!read_stat(path, &total, &chip, on_a7_cell, &c) || chip < 0) {
    area_fmt(r->error, sizeof r->error, "no ASAP7 cell statistics (or no area) in %s", path);
    free(path);
    return false;
  }
  if (c.unknown) {
    area_fmt(r->error, sizeof r->error, "%s: cell %s is not in the ASAP7 library", path, c.what);
    free(path);
    return false;
  }
  free(path);
  r->a7_um2 = chip;
  r->sram_bits = c.sram_bits; /* the same arrays as the generic mapping's */
  r->sram_arrays = c.sram_arrays;
  path = sw_fmt("%s/asap7_abc.log", dir);
  if (!read_abc_timing(path, r)) {
    area_fmt(r->error, sizeof r->error, "no ASAP7 timing (ABC's stime line) in %s", path);
    free(path);
    return false;
  }
  free(path);
  /* A path within one cycle starts at a flip-flop and ends at one, in the unit
   * or around it. */
  r->a7_delay_ps = r->a7_comb_ps + lib7->ff_clk_q_ps + lib7->ff_setup_ps;
  r->has_a7 = true;
  return true;
}
