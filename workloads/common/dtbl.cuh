// Dynamic thread-block launch (DTBL; docs/units/dtbl.md): the device function
// a thread calls to launch an aggregated group of thread blocks.
//
//   cudaLaunchAggGroup(func, param, aggDim, tbDim, sharedMemBytes)
//
// launches a group of aggDim blocks of tbDim threads running kernel `func`
// with the arguments in `param`, a parameter buffer from
// cudaGetParameterBufferV2(func, aggDim, tbDim, sharedMemBytes) filled as for
// a device-side kernel launch. The group joins a resident kernel running
// `func` with the same block shape and dynamic shared memory (its blocks are
// scheduled with that kernel's), or, when there is none, goes on as a new
// kernel. Inside the group blockIdx counts from 0 and gridDim is aggDim.
// There is no stream and no ordering: between a group and the grid that
// launched it, among groups, and with the kernel it joins; nothing can wait
// for a group. Returns cudaSuccess or the launch's error (an invalid
// function, buffer or shape; cudaErrorNotSupported on a GPU without DTBL).
// Compile with -rdc=true; simtref provides the function (nvcc emits an
// .extern .func of this signature).
#ifndef SIMTREF_WORKLOADS_DTBL_CUH
#define SIMTREF_WORKLOADS_DTBL_CUH

#include <cuda_runtime.h>

extern "C" __device__ cudaError_t cudaLaunchAggGroup(void *func, void *param, dim3 aggDim,
                                                     dim3 tbDim, unsigned int sharedMemBytes);

#endif
