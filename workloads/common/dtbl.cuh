// Dynamic thread-block launch (DTBL, docs/units/dtbl.md): the device API of
// the dissertation's Table 3, for the workloads' dtbl variants.
//
// cudaLaunchAggGroup launches an aggregated group: aggDim thread blocks of
// tbDim threads running kernel func with the arguments in param, a parameter
// buffer from cudaGetParameterBufferV2(func, aggDim, tbDim, sharedMemBytes)
// filled by the caller (the call CDP uses, unchanged). The group joins a
// resident kernel that runs func with the same block shape and the same
// dynamic shared memory (its blocks are scheduled after that kernel's, from
// the same pool); where there is none it is launched as a new kernel, which
// later groups may join. Inside the group blockIdx counts from 0 in each
// dimension and gridDim is aggDim; threadIdx and blockDim are as usual.
// There is no stream and no ordering: not with the parent, nor with other
// groups, nor with the kernel it joins, and the parent cannot wait for it.
// Returns cudaSuccess, or an error (cudaErrorNotSupported on a GPU without
// DTBL; the others of a CDP launch: an invalid function, buffer or
// configuration, the nesting depth).
//
// nvcc 13 compiles a call (with -rdc=true) to a call.uni of
//   .extern .func (.param .b32 func_retval0) cudaLaunchAggGroup(.param .b64,
//       .param .b64, .param .align 4 .b8 [12], .param .align 4 .b8 [12], .param .b32)
// which simtref's PTX front end links to its built-in.
//
// A CDP program becomes its DTBL version (Fig. 13) by dropping its stream
// creation and replacing cudaLaunchDevice(V2)(param, stream) with this call.
// dp_launch is that one line for code that keeps both versions: the launch
// kind is a compile-time constant, so a kernel template instantiated with
// DTBL = false and DTBL = true gives the CDP and DTBL kernels, identical
// apart from the call.
#ifndef SIMTREF_WORKLOADS_DTBL_CUH
#define SIMTREF_WORKLOADS_DTBL_CUH

#include <cuda_runtime.h>

extern "C" __device__ cudaError_t cudaLaunchAggGroup(void *func, void *param, dim3 aggDim,
                                                     dim3 tbDim, unsigned int sharedMemBytes);

// Launches the filled parameter buffer param of func: with DTBL as an
// aggregated group of grid blocks of block threads, else as a CDP child grid
// on cudaStreamFireAndForget (grid, block and shm must be those the buffer
// was asked for). Returns the device runtime's result.
template <bool DTBL>
__device__ __forceinline__ cudaError_t dp_launch(void *func, void *param, dim3 grid, dim3 block,
                                                 unsigned int shm) {
  if (DTBL) {
    return cudaLaunchAggGroup(func, param, grid, block, shm);
  }
  return cudaLaunchDeviceV2(param, cudaStreamFireAndForget);
}

#endif
