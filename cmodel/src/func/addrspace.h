/* The device's virtual address map.
 *
 * Global memory (cudaMalloc-like allocations, module .global variables) lives
 * at ST_GLOBAL_BASE and above. Generic addresses that fall in the shared or
 * local windows name the executing CTA's shared memory or the executing
 * thread's local memory; cvta converts between those windows and the
 * space-specific addresses (offsets from 0). Constant memory (module .const
 * variables) is allocated in global memory and read through ld.const with
 * its offset in the constant bank, which is its address minus
 * ST_CONST_BANK_BASE.
 */
#ifndef SIMTREF_FUNC_ADDRSPACE_H
#define SIMTREF_FUNC_ADDRSPACE_H

#include <stdint.h>

#define ST_GLOBAL_BASE UINT64_C(0x0000000100000000)       /* first global allocation */
#define ST_GLOBAL_ALIGN UINT64_C(256)                      /* allocation alignment */
#define ST_GLOBAL_GAP UINT64_C(256)                        /* unmapped bytes between allocations */
#define ST_SHARED_WINDOW UINT64_C(0x00007e0000000000)      /* generic base of shared memory */
#define ST_LOCAL_WINDOW UINT64_C(0x00007f0000000000)       /* generic base of local memory */
#define ST_WINDOW_SIZE UINT64_C(0x0000000100000000)        /* 4 GiB per window */

#endif
