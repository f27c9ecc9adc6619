/* Which handler runs each opcode. Control-flow opcodes (NULL here) are
 * handled by the instruction cycle itself (exec.c). */
#include "func/exec_internal.h"

const st_handler st_handlers[OP_COUNT] = {
    [OP_ADD] = st_exec_arith,      [OP_SUB] = st_exec_arith,      [OP_ADDC] = st_exec_arith,
    [OP_SUBC] = st_exec_arith,     [OP_MUL] = st_exec_arith,      [OP_MAD] = st_exec_arith,
    [OP_MADC] = st_exec_arith,     [OP_MUL24] = st_exec_arith,    [OP_MAD24] = st_exec_arith,
    [OP_DIV] = st_exec_arith,      [OP_REM] = st_exec_arith,      [OP_ABS] = st_exec_arith,
    [OP_NEG] = st_exec_arith,      [OP_MIN] = st_exec_arith,      [OP_MAX] = st_exec_arith,
    [OP_SAD] = st_exec_arith,      [OP_FMA] = st_exec_arith,      [OP_RCP] = st_exec_arith,
    [OP_SQRT] = st_exec_arith,     [OP_RSQRT] = st_exec_arith,    [OP_EX2] = st_exec_arith,
    [OP_LG2] = st_exec_arith,      [OP_SIN] = st_exec_arith,      [OP_COS] = st_exec_arith,
    [OP_TANH] = st_exec_arith,     [OP_COPYSIGN] = st_exec_arith, [OP_TESTP] = st_exec_arith,
    [OP_DP4A] = st_exec_arith,     [OP_DP2A] = st_exec_arith,     [OP_POPC] = st_exec_arith,
    [OP_CLZ] = st_exec_arith,      [OP_BREV] = st_exec_arith,     [OP_BFIND] = st_exec_arith,
    [OP_FNS] = st_exec_arith,      [OP_BFE] = st_exec_arith,      [OP_BFI] = st_exec_arith,
    [OP_BMSK] = st_exec_arith,     [OP_SZEXT] = st_exec_arith,    [OP_PRMT] = st_exec_arith,
    [OP_SHF] = st_exec_arith,      [OP_SHL] = st_exec_arith,      [OP_SHR] = st_exec_arith,
    [OP_AND] = st_exec_arith,      [OP_OR] = st_exec_arith,       [OP_XOR] = st_exec_arith,
    [OP_NOT] = st_exec_arith,      [OP_CNOT] = st_exec_arith,     [OP_LOP3] = st_exec_arith,
    [OP_SETP] = st_exec_arith,     [OP_SET] = st_exec_arith,      [OP_SELP] = st_exec_arith,
    [OP_SLCT] = st_exec_arith,     [OP_MOV] = st_exec_move,       [OP_CVT] = st_exec_move,
    [OP_CVTA] = st_exec_memory,    [OP_LD] = st_exec_memory,      [OP_LDU] = st_exec_memory,
    [OP_ST] = st_exec_memory,      [OP_PREFETCH] = st_exec_memory, [OP_ISSPACEP] = st_exec_memory,
    [OP_ATOM] = st_exec_memory,    [OP_RED] = st_exec_memory,     [OP_SHFL] = st_exec_warp_level,
    [OP_VOTE] = st_exec_warp_level, [OP_MATCH] = st_exec_warp_level,
    [OP_ACTIVEMASK] = st_exec_warp_level,
};
