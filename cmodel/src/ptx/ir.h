/* The kernel IR: what the PTX front end produces and the functional and
 * timing models consume.
 *
 * A module holds every function (.entry and .func) of one PTX text. Their
 * instructions live in one flat array (module->insts), so a PC is an index
 * into it and a call is a jump to another function's first instruction.
 * Every operand is resolved: registers are indices local to the owning
 * function (0 .. n_regs-1; the declaration is module->regs[first_reg + i]),
 * labels are instruction indices into module->insts, symbols are indices into
 * module->syms. Decoding happens once, at load time.
 *
 * Layout of the state spaces, as the front end assigns symbol offsets:
 * - kernel parameters (SYM_PARAM of an .entry): offsets in the kernel's
 *   parameter buffer, in declaration order with their alignment;
 * - .func parameters, return parameters and call-site .param variables
 *   declared in a body: offsets in the owning function's per-thread parameter
 *   frame (st_function.frame_param_bytes);
 * - module-scope .shared: offsets from 0 in a module-wide block of
 *   module->shared_bytes; .shared declared inside an .entry follows at
 *   module->shared_bytes + its offset within that entry's own block, so an
 *   entry's static shared memory is module->shared_bytes + func->shared_bytes;
 *   an extern .shared array of size 0 (dynamic shared memory) has is_extern set
 *   and starts, at run time, after the static shared memory of the launched
 *   kernel, aligned to its alignment;
 * - .local: offsets in the owning function's per-thread local frame
 *   (st_function.local_bytes);
 * - module-scope .global and .const: offsets in module blocks of
 *   global_bytes / const_bytes, initialised from module->data.
 */
#ifndef SIMTREF_PTX_IR_H
#define SIMTREF_PTX_IR_H

#include <stddef.h>
#include <stdint.h>

#include "common/error.h"
#include "ptx/types.h"

#define ST_NO_REG UINT32_MAX
#define ST_NO_PC UINT32_MAX
#define ST_NO_SYM UINT32_MAX
#define ST_INDIRECT_CALL UINT32_MAX

/* The value a function name has as an operand (mov.u64 %rd, fname; or an
 * initialiser): a made-up code address that identifies function index i.
 * Indirect calls map it back with ST_FUNC_INDEX. */
#define ST_FUNC_ADDRESS_BASE UINT64_C(0x0000100000000000)
#define ST_FUNC_ADDRESS(i) (ST_FUNC_ADDRESS_BASE + (uint64_t)(i) * 16)
#define ST_FUNC_INDEX(a) (((a) - ST_FUNC_ADDRESS_BASE) / 16)

/* State spaces. */
typedef enum st_space {
  SP_NONE = 0, /* not written: generic addressing for ld/st/atom */
  SP_GENERIC,
  SP_GLOBAL,
  SP_SHARED,
  SP_LOCAL,
  SP_CONST,
  SP_PARAM,
  SP_REG,
  SP_COUNT
} st_space;

/* Opcodes. Modifiers live in st_inst fields (type, rnd, cmp, subop, flags). */
typedef enum st_op {
  OP_INVALID = 0,
  /* integer and floating-point arithmetic */
  OP_ADD, OP_SUB, OP_ADDC, OP_SUBC, OP_MUL, OP_MAD, OP_MADC, OP_MUL24, OP_MAD24,
  OP_DIV, OP_REM, OP_ABS, OP_NEG, OP_MIN, OP_MAX, OP_SAD,
  OP_FMA, OP_RCP, OP_SQRT, OP_RSQRT, OP_EX2, OP_LG2, OP_SIN, OP_COS, OP_TANH,
  OP_COPYSIGN, OP_TESTP,
  OP_DP4A, OP_DP2A,
  /* bit manipulation */
  OP_POPC, OP_CLZ, OP_BREV, OP_BFIND, OP_FNS, OP_BFE, OP_BFI, OP_BMSK, OP_SZEXT, OP_PRMT,
  OP_SHF, OP_SHL, OP_SHR, OP_AND, OP_OR, OP_XOR, OP_NOT, OP_CNOT, OP_LOP3,
  /* comparison and selection */
  OP_SETP, OP_SET, OP_SELP, OP_SLCT,
  /* data movement and conversion */
  OP_MOV, OP_CVT, OP_CVTA, OP_LD, OP_LDU, OP_ST, OP_PREFETCH, OP_ISSPACEP,
  /* atomics */
  OP_ATOM, OP_RED,
  /* synchronisation and warp-level */
  OP_BAR, OP_BAR_WARP, OP_MEMBAR, OP_FENCE, OP_SHFL, OP_VOTE, OP_MATCH, OP_ACTIVEMASK,
  OP_NANOSLEEP,
  /* control flow */
  OP_BRA, OP_BRX, OP_CALL, OP_RET, OP_EXIT, OP_TRAP, OP_BRKPT,
  OP_COUNT
} st_op;

/* st_inst.subop, by opcode. */
typedef enum st_atom_op { /* OP_ATOM, OP_RED */
  ATOM_ADD = 0, ATOM_MIN, ATOM_MAX, ATOM_INC, ATOM_DEC, ATOM_CAS, ATOM_EXCH,
  ATOM_AND, ATOM_OR, ATOM_XOR
} st_atom_op;

typedef enum st_bool_op { /* OP_SETP, OP_SET: the optional .and/.or/.xor with c */
  BOOL_NONE = 0, BOOL_AND, BOOL_OR, BOOL_XOR
} st_bool_op;

typedef enum st_bar_op { /* OP_BAR */
  BAR_SYNC = 0,    /* bar.sync / bar.cta.sync / barrier.sync (also .aligned) */
  BAR_ARRIVE,      /* bar.arrive */
  BAR_RED_POPC,    /* bar.red.popc.u32 */
  BAR_RED_AND,     /* bar.red.and.pred */
  BAR_RED_OR       /* bar.red.or.pred */
} st_bar_op;

typedef enum st_shfl_mode { SHFL_UP = 0, SHFL_DOWN, SHFL_BFLY, SHFL_IDX } st_shfl_mode;
typedef enum st_vote_mode { VOTE_ALL = 0, VOTE_ANY, VOTE_UNI, VOTE_BALLOT } st_vote_mode;
typedef enum st_match_mode { MATCH_ANY = 0, MATCH_ALL } st_match_mode;
typedef enum st_mul_mode { MUL_NONE = 0, MUL_LO, MUL_HI, MUL_WIDE } st_mul_mode; /* mul/mad */
typedef enum st_shf_mode { SHF_L_WRAP = 0, SHF_L_CLAMP, SHF_R_WRAP, SHF_R_CLAMP } st_shf_mode;
typedef enum st_prmt_mode {
  PRMT_DEFAULT = 0, PRMT_F4E, PRMT_B4E, PRMT_RC8, PRMT_ECL, PRMT_ECR, PRMT_RC16
} st_prmt_mode;
typedef enum st_testp_op {
  TESTP_FINITE = 0, TESTP_INFINITE, TESTP_NUMBER, TESTP_NOTANUMBER, TESTP_NORMAL, TESTP_SUBNORMAL
} st_testp_op;
typedef enum st_cvta_dir { CVTA_TO_GENERIC = 0, CVTA_TO_SPACE } st_cvta_dir; /* OP_CVTA */
typedef enum st_prefetch_level { /* OP_PREFETCH */
  PREFETCH_L1 = 0, PREFETCH_L2, PREFETCH_L2_EVICT_LAST, PREFETCH_L2_EVICT_NORMAL
} st_prefetch_level;
typedef enum st_scope { SCOPE_NONE = 0, SCOPE_CTA, SCOPE_CLUSTER, SCOPE_GPU, SCOPE_SYS } st_scope;
typedef enum st_mem_order {
  ORDER_NONE = 0, ORDER_WEAK, ORDER_RELAXED, ORDER_ACQUIRE, ORDER_RELEASE, ORDER_ACQ_REL,
  ORDER_SC, ORDER_VOLATILE, ORDER_MMIO
} st_mem_order;

/* st_inst.flags bits. */
enum {
  IF_FTZ = 1u << 0,      /* .ftz */
  IF_SAT = 1u << 1,      /* .sat */
  IF_APPROX = 1u << 2,   /* .approx */
  IF_FULL = 1u << 3,     /* .full (div.full.f32) */
  IF_CC = 1u << 4,       /* .cc: writes the carry flag (add.cc, sub.cc, mad.cc) */
  IF_UNI = 1u << 5,      /* .uni: branch/call known non-divergent */
  IF_NC = 1u << 6,       /* ld.global.nc: non-coherent (texture path) */
  IF_SHIFTAMT = 1u << 7, /* bfind.shiftamt */
  IF_ALIGNED = 1u << 8,  /* .aligned (bar, barrier, vote...) */
  IF_NAN = 1u << 9,      /* min/max .NaN */
  IF_XORSIGN = 1u << 10, /* min/max .xorsign.abs */
  IF_ABS = 1u << 11,     /* .abs on min/max */
  IF_RELU = 1u << 12,    /* .relu */
  IF_VOLATILE = 1u << 13,
  IF_SYNC = 1u << 14,    /* .sync form of shfl/vote/match/bar.warp */
  IF_NOINC = 1u << 15,   /* reserved */
  IF_CG = 1u << 16,      /* ld .cg: cached in the L2 only (bypasses the L1) */
  IF_CV = 1u << 17       /* ld .cv: don't cache, fetch again (bypasses the L1) */
};

/* Special registers. */
typedef enum st_sreg {
  SREG_TID = 0, SREG_NTID, SREG_CTAID, SREG_NCTAID, /* with component x/y/z */
  SREG_LANEID, SREG_WARPID, SREG_NWARPID, SREG_SMID, SREG_NSMID, SREG_GRIDID,
  SREG_LANEMASK_EQ, SREG_LANEMASK_LT, SREG_LANEMASK_LE, SREG_LANEMASK_GT, SREG_LANEMASK_GE,
  SREG_CLOCK, SREG_CLOCK_HI, SREG_CLOCK64, SREG_GLOBALTIMER, SREG_GLOBALTIMER_LO,
  SREG_GLOBALTIMER_HI, SREG_DYNAMIC_SMEM_SIZE, SREG_TOTAL_SMEM_SIZE, SREG_ENVREG,
  SREG_PM, /* %pm0..%pm7: always 0 */
  SREG_COUNT
} st_sreg;

typedef enum st_opnd_kind {
  OPND_NONE = 0,
  OPND_REG,   /* a register (reg); neg set for "!%p" predicate sources */
  OPND_IMM,   /* an immediate: imm holds the bits, already in the operand's type */
  OPND_SREG,  /* a special register: sreg, and comp (0 x, 1 y, 2 z) */
  OPND_ADDR,  /* a memory address [base + imm]: base is reg, or sym, or neither */
  OPND_SYM,   /* the address of a symbol (mov %rd, sym; or sym+imm) */
  OPND_VEC,   /* a vector {a, b, c, d}: vec_base indexes module->vec_elems */
  OPND_LABEL, /* a branch target: imm is the instruction index */
  OPND_FUNC,  /* a function (call target): imm is the function index */
  OPND_SINK   /* "_": a result that is discarded */
} st_opnd_kind;

typedef struct st_operand {
  uint8_t kind;   /* st_opnd_kind */
  uint8_t neg;    /* OPND_REG predicate: logical not */
  uint8_t comp;   /* OPND_SREG: component x=0 y=1 z=2; OPND_VEC: element count */
  uint8_t sreg;   /* OPND_SREG: st_sreg */
  uint32_t reg;   /* OPND_REG, OPND_ADDR base register (ST_NO_REG if none) */
  uint32_t sym;   /* OPND_ADDR, OPND_SYM: symbol (ST_NO_SYM if none) */
  uint32_t vec_base; /* OPND_VEC: first element in module->vec_elems */
  int64_t imm;    /* OPND_IMM bits; OPND_ADDR/OPND_SYM offset; OPND_LABEL/OPND_FUNC index */
} st_operand;

/* An element of a vector operand: a register, an immediate or "_". */
typedef struct st_vec_elem {
  uint8_t kind; /* OPND_REG, OPND_IMM or OPND_SINK */
  uint32_t reg;
  int64_t imm;
} st_vec_elem;

#define ST_MAX_OPNDS 6

typedef struct st_inst {
  uint16_t op;      /* st_op */
  uint8_t type;     /* st_ptype: the instruction type (.u32 of add.u32) */
  uint8_t type2;    /* st_ptype: second type (cvt source type, set's source type) */
  uint8_t rnd;      /* st_rnd */
  uint8_t cmp;      /* st_cmp for setp/set/slct */
  uint8_t subop;    /* opcode-specific enum: st_atom_op, st_bool_op, st_bar_op,
                       st_testp_op, st_shfl_mode, st_vote_mode, st_match_mode */
  uint8_t mode;     /* st_mul_mode for mul/mad/madc/mul24/mad24/dp2a; st_shf_mode for
                       shf (and SHF_L_WRAP/SHF_L_CLAMP for bmsk/szext .wrap/.clamp);
                       st_prmt_mode; st_cvta_dir for cvta; st_prefetch_level */
  uint8_t space;    /* st_space for ld/st/atom/red/cvta/isspacep/prefetch */
  uint8_t vec;      /* 1, 2 or 4 (.v2/.v4); 1 when absent */
  uint8_t scope;    /* st_scope */
  uint8_t order;    /* st_mem_order */
  uint32_t flags;   /* IF_* */
  uint8_t nopnds;
  uint8_t guard_neg; /* @!%p */
  uint32_t guard;   /* guard predicate register, ST_NO_REG if unguarded */
  st_operand opnd[ST_MAX_OPNDS]; /* destinations first, as written in the source.
                                    Forms with an optional second destination ("p|q",
                                    "d|p") always hold both: opnd[1] is OPND_NONE when it
                                    is absent, so sources keep fixed indices:
                                    setp [p, q, a, b, c?], shfl.sync [d, p, a, b, c, mask],
                                    match.all [d, p, a, mask], and likewise for every
                                    opcode with such a form. */
  uint32_t func;    /* index of the function this instruction belongs to */
  /* OP_CALL only: the callee (function index) and its variables. The call's
   * return variables then its arguments are symbol indices (call-site .param
   * variables of the caller) stored in module->call_syms, starting at
   * call_first: n_call_rets returns, then n_call_params arguments. The opnd[]
   * array is not used for direct calls. An indirect call (through a register,
   * with a .callprototype) has call_func == ST_INDIRECT_CALL and opnd[0] is the
   * register holding the callee's address (see ST_FUNC_ADDRESS); the prototype
   * is checked at parse time against the parameter and return lists.
   *
   * OP_BRX (brx.idx index, table): opnd[0] is the index operand; opnd[1] is
   * OPND_VEC whose elements module->vec_elems[vec_base .. vec_base + imm - 1]
   * (the count is in opnd[1].imm, not comp) are OPND_LABEL elements whose imm is
   * the target PC, in .branchtargets order. reconv is the immediate
   * post-dominator of the brx block, whose successors are every target. */
  uint32_t call_func;
  uint32_t call_first;
  uint16_t n_call_rets;
  uint16_t n_call_params;
  uint32_t reconv;  /* OP_BRA/OP_BRX: the immediate post-dominator PC (reconvergence
                       point); ST_NO_PC when the branch's paths only meet at exit */
  uint32_t line, col; /* position in the PTX source */
} st_inst;

/* How many leading operands of an instruction are destinations (an OPND_ADDR
 * among them is an address: read, not written). */
static inline unsigned st_inst_n_dst(const st_inst *in) {
  switch ((st_op)in->op) {
  case OP_ST:
  case OP_RED:
  case OP_BRA:
  case OP_BRX:
  case OP_CALL:
  case OP_RET:
  case OP_EXIT:
  case OP_TRAP:
  case OP_BRKPT:
  case OP_MEMBAR:
  case OP_FENCE:
  case OP_NANOSLEEP:
  case OP_PREFETCH:
  case OP_BAR_WARP:
    return 0;
  case OP_BAR:
    return in->subop >= BAR_RED_POPC ? 1 : 0;
  case OP_SETP:
  case OP_SHFL:
    return 2;
  case OP_MATCH:
    return in->subop == MATCH_ALL ? 2 : 1;
  default:
    return in->nopnds > 0 ? 1 : 0;
  }
}

/* A register declared with .reg (including each member of a %r<N> range). */
typedef struct st_reg_decl {
  uint32_t name;  /* offset of its name in module->strings */
  uint8_t type;   /* st_ptype as declared */
} st_reg_decl;

typedef enum st_sym_kind {
  SYM_VAR = 0,    /* a variable in some state space */
  SYM_PARAM,      /* a formal parameter of an .entry or .func */
  SYM_RETURN,     /* a .func's return parameter */
  SYM_CALL_PARAM  /* a .param variable declared in a body (call-site argument or
                     return value), in the owning function's parameter frame */
} st_sym_kind;

/* A named variable: module-scope .global/.const/.shared, function-scope
 * .shared/.local/.param, or a parameter. */
typedef struct st_symbol {
  uint32_t name;     /* offset in module->strings */
  uint8_t kind;      /* st_sym_kind */
  uint8_t space;     /* st_space */
  uint8_t type;      /* element st_ptype */
  uint8_t is_extern; /* extern (e.g. dynamic .shared arrays of size 0) */
  uint32_t func;     /* owning function index, or UINT32_MAX for module scope */
  uint64_t size;     /* bytes (0 for extern dynamic shared) */
  uint32_t align;    /* bytes */
  uint64_t offset;   /* position in its space: param buffer offset, shared/local/const/
                        global offset, assigned by the front end */
  uint32_t init;     /* offset of the initial bytes in module->data, or UINT32_MAX */
  uint32_t line, col;
} st_symbol;

/* The CUDA device-runtime functions (nvcc 13, CUDA 12+ device runtime) the
 * model provides as built-in functions (func/devrt.h), and DTBL's group
 * launch (workloads/common/dtbl.cuh, docs/units/dtbl.md). */
typedef enum st_builtin {
  ST_BI_NONE = 0,
  ST_BI_PARAM_BUFFER,   /* __cudaCDP2GetParameterBufferV2(func, grid[12], block[12], shmem) */
  ST_BI_LAUNCH,         /* __cudaCDP2LaunchDeviceV2(buf, stream) */
  ST_BI_STREAM_CREATE,  /* __cudaCDP2StreamCreateWithFlags(&stream, flags) */
  ST_BI_STREAM_DESTROY, /* __cudaCDP2StreamDestroy(stream) */
  ST_BI_GET_LAST_ERROR, /* __cudaCDP2GetLastError() */
  ST_BI_PEEK_LAST_ERROR,/* __cudaCDP2PeekAtLastError() */
  ST_BI_LAUNCH_AGG,     /* cudaLaunchAggGroup(func, buf, aggDim[12], tbDim[12], shmem): DTBL */
  ST_BI_COUNT
} st_builtin;

/* A function (.entry or .func). */
typedef struct st_function {
  uint32_t name;       /* offset in module->strings */
  uint8_t is_entry;
  uint8_t is_extern;   /* declared but not defined here (e.g. vprintf) */
  uint8_t builtin;     /* st_builtin: an extern of the CUDA device runtime that the model
                          provides (func/devrt.h), ST_BI_NONE otherwise */
  uint32_t first_inst, n_insts;    /* range in module->insts */
  uint32_t first_reg, n_regs;      /* range in module->regs */
  uint32_t *rows;      /* register r's row in a warp's register file (regalloc.c):
                          registers whose values are never needed at once share one */
  uint32_t n_rows;     /* rows the function's registers take (at most n_regs) */
  uint32_t *params;    /* symbol indices of the parameters, in order */
  uint32_t n_params;
  uint32_t *rets;      /* symbol indices of return parameters */
  uint32_t n_rets;
  uint64_t param_bytes;  /* .entry: size of the kernel parameter buffer */
  uint64_t frame_param_bytes; /* per-thread parameter frame: .func formals and returns,
                                 and call-site .param variables */
  uint64_t shared_bytes; /* static .shared declared in this function */
  uint64_t local_bytes;  /* .local declared in this function (per thread) */
  uint32_t max_ntid[3], reqntid[3], min_ctas_per_sm, max_nreg; /* performance directives */
  uint32_t line, col;
} st_function;

/* An initialiser word that holds the address of a variable (".u64 p =
 * generic(table)+8"): the loader writes the address of sym plus addend, size
 * bytes little-endian, at module->data[at], where the front end left zeros. */
typedef struct st_data_reloc {
  uint32_t at;      /* offset in module->data */
  uint32_t sym;     /* the variable whose address is taken */
  int64_t addend;
  uint8_t size;     /* 4 or 8 bytes */
  uint8_t generic;  /* generic(sym): its generic address; else its address in its space */
} st_data_reloc;

/* A parsed PTX module. All arrays are owned by the module. */
typedef struct st_module {
  char *source_name;   /* file name used in messages */
  uint32_t version_major, version_minor; /* .version */
  char target[32];     /* .target */
  uint32_t address_size; /* 32 or 64 */
  st_function *funcs;
  uint32_t n_funcs;
  st_inst *insts;
  uint32_t n_insts;
  st_reg_decl *regs;
  uint32_t n_regs;
  st_symbol *syms;
  uint32_t n_syms;
  st_vec_elem *vec_elems;
  uint32_t n_vec_elems;
  uint32_t *call_syms;   /* see st_inst.call_first */
  uint32_t n_call_syms;
  uint8_t *data;       /* initialisers of symbols */
  uint32_t data_size;
  st_data_reloc *relocs; /* addresses of variables inside module->data */
  uint32_t n_relocs;
  char *strings;       /* NUL-separated names */
  uint32_t strings_size;
  uint64_t global_bytes; /* module-scope .global variables, laid out back to back */
  uint64_t const_bytes;  /* module-scope .const variables */
  uint64_t shared_bytes; /* module-scope .shared variables */
} st_module;

/* Parses PTX text into a module. name is used in error positions. On failure
 * returns ST_ERR_PTX (or ST_ERR_NOMEM) with "name:line:col: error: ... 'text'"
 * in err, and *out is NULL. Never crashes on any input. */
st_status st_ptx_parse(const char *text, size_t len, const char *name, st_module **out,
                       st_error *err);

/* Reads a PTX file and parses it (see st_ptx_parse). */
st_status st_ptx_parse_file(const char *path, st_module **out, st_error *err);

/* Frees a module and everything it owns. NULL is allowed. */
void st_module_free(st_module *m);

/* The name of a string offset. */
static inline const char *st_module_str(const st_module *m, uint32_t off) {
  return m->strings + off;
}

/* The function with this name, or NULL. */
const st_function *st_module_find_func(const st_module *m, const char *name);

/* The mnemonic of an opcode ("add"). */
const char *st_op_name(st_op op);

/* Formats an instruction back as PTX text (for traces and reports). */
void st_inst_format(const st_module *m, const st_inst *in, char *buf, size_t size);

#endif
