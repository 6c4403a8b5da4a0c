/* kernels/registry.h: internal to kernels/. What the registry hands
 * user.c for the descriptors of own kernels. */
#ifndef MMREPORT_KERNELS_REGISTRY_H
#define MMREPORT_KERNELS_REGISTRY_H

#include <stddef.h>

/* The sizes own matrix kernels sweep by default: report P's second
 * sweep, beside v3..v5. */
extern const int *const kernel_own_sizes;
extern const size_t kernel_own_nsizes;

struct kernel_desc;
/* Sets d->flops and d->bytes to those of the built-in kernels of
 * d->shape (square, rect or copy): own kernels count as they do. */
void kernel_own_counts(struct kernel_desc *d);

#endif
