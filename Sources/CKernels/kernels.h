/* What the kernels' sources share: each kernel is written once, as an always-inlined body, and
 * compiled into one copy per processor level; `dispatch.c` calls the copy this processor runs. */
#ifndef SEGUE_KERNELS_PRIVATE_H
#define SEGUE_KERNELS_PRIVATE_H

#include "CKernels.h"

/* A kernel's body, inlined into each of its copies. */
#define SEGUE_BODY static inline __attribute__((always_inline))

#if defined(__x86_64__)
/* True where the kernels have an AVX2 copy besides the baseline one. */
#define SEGUE_HAS_WIDE_COPIES 1
/* Defines `name_baseline` and `name_wide` (for AVX2 with FMA, x86-64-v3's vector unit), each
 * taking `params` and running `statement`, a call of the kernel's body. */
#define SEGUE_COPIES(Return, name, params, statement)                                                        \
  Return name##_baseline params { statement; }                                                             \
  __attribute__((target("avx2,fma"))) Return name##_wide params { statement; }
#else
#define SEGUE_COPIES(Return, name, params, statement) Return name##_baseline params { statement; }
#endif

segue_quantize16_kernel segue_quantize16_baseline, segue_quantize16_wide;
segue_quantize32_kernel segue_quantize32_baseline, segue_quantize32_wide;
segue_largest_magnitude_kernel segue_largest_magnitude_baseline, segue_largest_magnitude_wide;
segue_filtered_peak_kernel segue_filtered_peak_baseline, segue_filtered_peak_wide;
segue_interval_peaks_kernel segue_interval_peaks_baseline, segue_interval_peaks_wide;

#endif
