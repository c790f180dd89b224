/* What the kernels' sources share: the attribute that compiles a function for two processors. */
#ifndef SEGUE_KERNELS_PRIVATE_H
#define SEGUE_KERNELS_PRIVATE_H

#if defined(__x86_64__) && defined(__ELF__) && defined(__clang__)
/* An AVX2 and FMA clone besides the baseline one, chosen once by the dynamic loader (an ifunc). */
#define SEGUE_KERNEL __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define SEGUE_KERNEL
#endif

#endif
