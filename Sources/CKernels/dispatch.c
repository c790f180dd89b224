#include "kernels.h"

static const segue_kernel_set baseline = {
  segue_quantize16_baseline, segue_quantize32_baseline, segue_largest_magnitude_baseline, segue_filtered_peak_baseline,
  segue_interval_peaks_baseline,
};

const segue_kernel_set *segue_baseline_kernels(void) { return &baseline; }

#ifdef SEGUE_HAS_WIDE_COPIES
static const segue_kernel_set wide = {
  segue_quantize16_wide, segue_quantize32_wide, segue_largest_magnitude_wide, segue_filtered_peak_wide,
  segue_interval_peaks_wide,
};

/* The processor's features, from the C runtime (libgcc or compiler-rt), which reads them once at
 * load: a test of two bits per call. */
const segue_kernel_set *segue_wide_kernels(void) {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? &wide : NULL;
}
#else
const segue_kernel_set *segue_wide_kernels(void) { return NULL; }
#endif

const segue_kernel_set *segue_chosen_kernels(void) {
  const segue_kernel_set *wide = segue_wide_kernels();
  return wide ? wide : &baseline;
}

void segue_quantize16(const float *in, ptrdiff_t stride, size_t count, int16_t *out, uint64_t position, int dither) {
  segue_chosen_kernels()->quantize16(in, stride, count, out, position, dither);
}

void segue_quantize32(const float *in, ptrdiff_t stride, size_t count, int32_t *out, int bits, uint64_t position, int dither) {
  segue_chosen_kernels()->quantize32(in, stride, count, out, bits, position, dither);
}

float segue_largest_magnitude(const float *values, size_t count) {
  return segue_chosen_kernels()->largest_magnitude(values, count);
}

float segue_filtered_peak(const float *start, size_t count, const ptrdiff_t *offsets, const float *coefficients, size_t taps) {
  return segue_chosen_kernels()->filtered_peak(start, count, offsets, coefficients, taps);
}

void segue_interval_peaks(const float *samples, size_t count, size_t center, const float *coefficients, size_t phases, size_t taps,
                          float *peaks) {
  segue_chosen_kernels()->interval_peaks(samples, count, center, coefficients, phases, taps, peaks);
}
