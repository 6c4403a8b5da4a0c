/* kernels/launch.h: internal to kernels/. The host entry points that each
 * kernel's .cu file exports to the registry (registry.c). Plain C.
 *
 * kernel_<name>_launch: enqueues one run of args on args->stream; returns
 *	a cudaError_t (cudaErrorInvalidValue for a block/ILP the kernel was
 *	not instantiated for). Callers run the descriptor's check() first.
 * kernel_<name>_func: the __global__ instance that launch uses for
 *	block/ilp, NULL for a block/ILP that has no instance. */
#ifndef MMREPORT_KERNELS_LAUNCH_H
#define MMREPORT_KERNELS_LAUNCH_H

#include "kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

int kernel_v1_launch(const struct kernel_args *args);
const void *kernel_v1_func(int block, int ilp);
int kernel_v2_launch(const struct kernel_args *args);
const void *kernel_v2_func(int block, int ilp);
int kernel_v3_launch(const struct kernel_args *args);
const void *kernel_v3_func(int block, int ilp);
int kernel_v4_launch(const struct kernel_args *args);
const void *kernel_v4_func(int block, int ilp);
int kernel_v5_launch(const struct kernel_args *args);
const void *kernel_v5_func(int block, int ilp);
int kernel_simple_launch(const struct kernel_args *args);
const void *kernel_simple_func(int block, int ilp);
int kernel_shared_launch(const struct kernel_args *args);
const void *kernel_shared_func(int block, int ilp);
int kernel_rect_launch(const struct kernel_args *args);
const void *kernel_rect_func(int block, int ilp);
int kernel_copy_launch(const struct kernel_args *args);
const void *kernel_copy_func(int block, int ilp);
int kernel_cublas_launch(const struct kernel_args *args);

#ifdef __cplusplus
}
#endif
#endif
