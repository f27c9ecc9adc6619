/* simtref area: the RTL units through Yosys (synth/flow.tcl) and the area
 * model that turns the mapped netlists into NAND2 equivalents and mm^2
 * (docs/area.md). */
#ifndef SIMTREF_TOOL_AREA_H
#define SIMTREF_TOOL_AREA_H

#include <stdbool.h>
#include <stddef.h>

#include "simtref/config.h"

#define AREA_NAME_MAX 32
#define AREA_PARAMS_MAX 256
#define AREA_MAX_TYPES 48
/* Bytes of a stored path: any path the OS accepts. Paths built from one
 * (job folders, files in them) are allocated, never cut short. */
#define AREA_PATH_MAX ST_PATH_MAX

/* snprintf into a fixed buffer where cutting a long text short is acceptable
 * (messages, names read from files); never for a path that is opened. */
void area_fmt(char *dst, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- units and their parameters (area_units.c) ---------------------------- */

/* The units `simtref area` can synthesise, by RTL module name (i < count). */
size_t area_unit_count(void);
const char *area_unit_name(size_t i);
bool area_unit_known(const char *name);

/* Writes the Verilog parameter overrides of unit for cfg ("NW=24 AGE_W=6"),
 * as the unit's C model derives them (config_params, st_unit_rtl_params).
 * Returns false if unit is unknown. */
bool area_unit_params(const char *unit, const st_config *cfg, char *buf, size_t size);

/* The register bits of unit under the parameters text ("NW=24 ..."): its
 * state fields' widths times counts, storage arrays (SRAM, st_ufield.sram)
 * left out; 0 if unknown. */
unsigned long area_unit_state_bits(const char *unit, const char *params);
/* The register tables of unit under params (state fields of 2 or more elements
 * holding at least AREA_TABLE_MIN_BITS bits, not already storage arrays): the
 * bits they hold, and their names ("agg_q 128x7, ...") in names. */
#define AREA_TABLE_MIN_BITS 256u
unsigned long area_unit_table_bits(const char *unit, const char *params, char *names,
                                   size_t size);
/* Above this many register bits `simtref area` skips a unit unless --force. */
#define AREA_MAX_STATE_BITS 16384u

/* One kind of unit an SM of a configuration holds, and how many of it. */
typedef struct area_member {
  const char *unit;
  unsigned count;
} area_member;

/* The units an SM of cfg holds: those of the registry that cfg selects,
 * with their instances per SM (as st_sm_units_init builds them). Returns how
 * many kinds were written to out (at most max). */
size_t area_sm_units(const st_config *cfg, area_member *out, size_t max);

/* ---- one synthesis result ------------------------------------------------- */

typedef struct area_cell_count {
  char type[AREA_NAME_MAX];
  unsigned count;
} area_cell_count;

typedef struct area_result {
  char unit[AREA_NAME_MAX];
  char params[AREA_PARAMS_MAX];
  bool ok;
  char error[AREA_PATH_MAX + 512]; /* why it failed (!ok); may name a file */
  unsigned cells;    /* cells of the netlist mapped onto the library */
  unsigned registers;/* word-level registers after coarse synthesis */
  unsigned ff_bits;  /* single-bit flip-flops of the mapped netlist */
  double nand2_eq;   /* the library area: NAND2 equivalents (logic and flip-flops) */
  unsigned long sram_bits; /* bits of its storage arrays (black boxes, priced as SRAM) */
  unsigned sram_arrays;    /* storage array instances */
  area_cell_count types[AREA_MAX_TYPES];
  unsigned n_types;
  bool has_gates;    /* the cross-check ran: Yosys's internal gates */
  unsigned gate_cells;
  double gate_nand2_eq; /* those gates priced with the library's areas */
  /* The ASAP7 mapping (--lib asap7, and every baselines run). */
  bool has_a7;
  unsigned a7_cells;    /* ASAP7 cells (storage arrays left out) */
  unsigned a7_ff_bits;  /* of which flip-flops */
  double a7_um2;        /* their area, um^2 (cell area, no utilisation) */
  double a7_leak_nw;    /* their leakage, nW (typical corner, state-independent) */
  double a7_comb_ps;    /* the longest combinational path (ABC's stime), ps */
  double a7_delay_ps;   /* a7_comb_ps + the flip-flop's clock-to-output and setup */
  char a7_from[64], a7_to[64]; /* the path's start and end (net names) */
  unsigned long table_bits;     /* register tables of AREA_TABLE_MIN_BITS or more (C layout) */
  char tables[160];             /* their names and shapes */
  area_cell_count a7_types[AREA_MAX_TYPES * 2];
  unsigned a7_n_types;
  double seconds;       /* wall time of the Yosys run */
  unsigned hint;        /* expected size (baseline cells, 0 unknown): bigger starts first */
  bool skip;            /* not to be synthesised (error says why) */
} area_result;

/* ---- the area model (area_model.c) ---------------------------------------- */

/* A process node: the area of one NAND2 (X1 drive) in um^2. */
typedef struct area_node {
  const char *name;
  double nand2_um2;
  double sram_cell_um2; /* a 6T SRAM bit cell (docs/area.md "Storage arrays") */
} area_node;

/* Bit cells' share of an SRAM macro's area (the rest: decoders, sense
 * amplifiers, drivers): an assumption for small macros, docs/area.md. */
#define AREA_SRAM_EFFICIENCY 0.5

extern const area_node area_nodes[];
extern const size_t area_n_nodes;

/* Placed-and-routed area = cell area / AREA_UTILISATION. */
#define AREA_UTILISATION 0.70

/* Placed area in mm^2 of nand2_eq NAND2 equivalents at node. */
double area_mm2(double nand2_eq, const area_node *node);
/* Cell area only (no utilisation factor), mm^2. */
double area_cell_mm2(double nand2_eq, const area_node *node);
/* An SRAM macro of bits bits at node: bit cells / AREA_SRAM_EFFICIENCY. */
double area_sram_mm2(unsigned long bits, const area_node *node);
/* A whole area at node: placed logic of nand2_eq (area_mm2) and sram_bits of
 * SRAM (area_sram_mm2). */
double area_total_mm2(double nand2_eq, unsigned long sram_bits, const area_node *node);
const area_node *area_node_find(const char *name);

/* The cell library: each cell's area (NAND2 equivalents) read from a
 * Liberty file's `cell (NAME) { area : X; ...` entries. */
#define AREA_LIB_MAX 128
typedef struct area_lib {
  char name[AREA_LIB_MAX][AREA_NAME_MAX];
  double area[AREA_LIB_MAX];
  double leakage[AREA_LIB_MAX]; /* cell_leakage_power (0 where the library has none) */
  size_t n;
  /* Figures the library carries in "simtref KEY VALUE" comments
   * (synth/lib/make-asap7.py writes them; 0 where absent). */
  double fo4_ps, ff_clk_q_ps, ff_setup_ps;
} area_lib;

/* ---- the ASAP7 library and the delay verdict (docs/area.md) --------------- */

/* The committed library (beside the synth folder), compressed. */
#define AREA_ASAP7_LIB "lib/asap7_rvt_tt.lib.gz"
/* Its leakage unit is pW, its area unit um^2, its time unit ps. The NAND2
 * of NAND2-eq on ASAP7 is NAND2xp5. */
#define AREA_ASAP7_NAND2 "NAND2xp5_ASAP7_75t_R"
/* ASAP7 SRAM macro area per bit, periphery included: the 8 Kbit
 * srambank_64x4x32_6t122 of github.com/The-OpenROAD-Project/asap7_sram_0p0
 * (415.2384 um^2 / 8192 bits). */
#define AREA_ASAP7_SRAM_UM2_PER_BIT 0.05069
/* ASAP7's flip-flop with an asynchronous reset: what a table bit costs as a
 * flip-flop, its read and write logic aside. */
#define AREA_ASAP7_FF "DFFASRHQNx1_ASAP7_75t_R"
/* Placed-and-routed area on ASAP7 = cell area / AREA_UTILISATION as above. */

/* FO4 inverter delay of a node: 360 ps per um of drawn gate length
 * (docs/area.md "Delay"). */
typedef struct area_fo4_node {
  const char *name;
  double fo4_ps;
} area_fo4_node;
extern const area_fo4_node area_fo4_nodes[];
extern const size_t area_n_fo4_nodes;

bool area_lib_load(area_lib *lib, const char *path, char *err, size_t err_size);
/* The area of a library cell, or a negative value if it is not in lib. */
double area_lib_cell(const area_lib *lib, const char *cell);
/* The area of one of Yosys's internal gates ($_NAND_, $_DFF_PN0_, ...)
 * priced as the library cell of the same function; negative if unknown. */
double area_gate_weight(const area_lib *lib, const char *gate);

/* Parses the statistics files flow.tcl wrote into dir into r (cells,
 * registers, ff_bits, nand2_eq, types; with gates.stat also the
 * cross-check). Returns false, with r->error set, if one is missing or
 * unreadable. */
bool area_parse_stats(const char *dir, const area_lib *lib, area_result *r);
/* Parses asap7.stat and asap7_abc.log of dir into r's a7 figures with lib7
 * (the ASAP7 library). Returns false, with r->error set, when one is missing. */
bool area_parse_a7(const char *dir, const area_lib *lib7, area_result *r);
/* The SRAM part of a unit on ASAP7, um^2. */
double area_a7_sram_um2(unsigned long bits);
/* r's ASAP7 logic area with its register tables (r->table_bits) as SRAM macros
 * instead of flip-flops (lib7's AREA_ASAP7_FF); writes the flip-flops' area to
 * *ff_um2. */
double area_a7_tables_as_sram_um2(const area_lib *lib7, const area_result *r, double *ff_um2);

/* ---- running the flow (area_flow.c) --------------------------------------- */

typedef struct area_flow {
  bool generic;                  /* map onto synth/simtref_generic.lib */
  bool asap7;                    /* map onto ASAP7 and time it */
  char a7_path[AREA_PATH_MAX];   /* the uncompressed ASAP7 liberty in work */
  area_lib lib7;
  char yosys[AREA_PATH_MAX];     /* the yosys executable */
  char version[128];             /* its --version line */
  char synth_dir[AREA_PATH_MAX]; /* synth/: flow.tcl, simtref_generic.lib */
  char rtl_dir[AREA_PATH_MAX];
  char work[AREA_PATH_MAX];      /* one folder per job below this */
  bool keep;                     /* leave work in place */
  bool gates;                    /* also run the cross-check mapping */
  unsigned jobs;                 /* Yosys runs at a time */
  area_lib lib;
} area_flow;

/* Looks yosys up in PATH. Returns false if it is not there (or its path
 * does not fit in size bytes; AREA_PATH_MAX always suffices). */
bool area_find_yosys(char *path, size_t size);

/* The synth/ and rtl/ folders: SIMTREF_SYNTH_DIR / SIMTREF_RTL_DIR, else
 * those of the source tree. */
const char *area_synth_dir(void);
const char *area_rtl_dir(void);

/* Prepares a flow: finds yosys, reads the library, makes the work folder
 * (keep_dir with its missing parents, checked writable; or a fresh
 * temporary one). Returns an exit status (EXIT_USAGE with a message on
 * stderr when yosys or the library is missing or keep_dir is unusable). */
int area_flow_init(area_flow *f, const char *keep_dir, bool gates, unsigned jobs);
/* Adds the libraries a run maps onto (after area_flow_init): generic and/or
 * ASAP7 (uncompressed into the work folder). Returns an exit status
 * (EXIT_USAGE with a message when the ASAP7 library is missing or unreadable). */
int area_flow_libs(area_flow *f, bool generic, bool asap7);

/* Synthesises every r[i] (unit and params set by the caller), up to
 * f->jobs at a time, the largest hint first. Each r[i].ok tells whether its
 * run worked. Prints one progress line per finished run to stderr when
 * progress is set. */
void area_flow_run(area_flow *f, area_result *r, size_t n, bool progress);

/* Removes the work folder unless it is kept. */
void area_flow_done(area_flow *f);

/* ---- baselines (area_baseline.c) ------------------------------------------ */

/* Checks (update false) or rewrites (update true) the baselines file at
 * path: every row's config and overrides must still give the row's
 * parameters, and each unit's cell count must lie within tol_pct percent of
 * the row, its flip-flop bits exactly. A check does not rerun a row whose
 * seal holds (its inputs and figures unchanged since they were recorded)
 * unless rerun_all; an update reruns every row and writes new seals.
 * Returns an exit status. */
int area_baselines(area_flow *f, const char *path, bool update, bool rerun_all, double tol_pct);

/* Sets each r[i].hint to the cell count the baselines file at path records
 * for its unit and params (0 where it has none). Silent on any error. */
void area_baseline_hints(const char *path, area_result *r, size_t n);

#endif
