#include "kernels.h"
#include <string.h>

/* Every multiply and add rounded on its own, in every copy (see CKernels.h). */
#pragma STDC FP_CONTRACT OFF

/* `value`'s bit pattern with the sign cleared: patterns order as the magnitudes do, a NaN above
 * infinity, and as signed integers (SSE2 has a signed comparison, not an unsigned). An integer
 * maximum vectorizes, and keeps a NaN, which a floating-point one drops. */
SEGUE_BODY int32_t magnitude_bits(float value) {
  int32_t bits;
  memcpy(&bits, &value, sizeof bits);
  return bits & 0x7fffffff;
}

SEGUE_BODY float from_bits(int32_t bits) {
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

SEGUE_BODY float largest_magnitude(const float *values, size_t count) {
  int32_t highest = 0;
  for (size_t i = 0; i < count; i++) {
    int32_t bits = magnitude_bits(values[i]);
    highest = bits > highest ? bits : highest;
  }
  return from_bits(highest);
}

SEGUE_COPIES(float, segue_largest_magnitude, (const float *values, size_t count), return largest_magnitude(values, count))

/* Sixteen floats: two AVX registers, four SSE or NEON ones; and their bit patterns. */
typedef float lanes16 __attribute__((vector_size(64)));
typedef int32_t bits16 __attribute__((vector_size(64)));

/* Sixteen outputs at a time, their sums kept in registers (a pass over memory per tap would cost
 * more in loads and stores than in arithmetic), then the rest one at a time; each lane adds its
 * taps in the same order as the single outputs do, so both give the same sums. */
SEGUE_BODY float filtered_peak(const float *start, size_t count, const ptrdiff_t *offsets, const float *coefficients, size_t taps) {
  bits16 highest = {0};
  size_t whole = count - count % 16;
  for (size_t i = 0; i < whole; i += 16) {
    lanes16 sum = {0};
    for (size_t t = 0; t < taps; t++) {
      lanes16 x;
      memcpy(&x, start + (ptrdiff_t)i + offsets[t], sizeof x);
      sum += coefficients[t] * x;
    }
    bits16 magnitude;
    memcpy(&magnitude, &sum, sizeof magnitude);
    highest = __builtin_elementwise_max(highest, magnitude & 0x7fffffff);
  }
  int32_t peak = 0;
  for (int lane = 0; lane < 16; lane++) peak = highest[lane] > peak ? highest[lane] : peak;
  for (size_t i = whole; i < count; i++) {
    float sum = 0;
    for (size_t t = 0; t < taps; t++) sum += coefficients[t] * start[(ptrdiff_t)i + offsets[t]];
    int32_t magnitude = magnitude_bits(sum);
    peak = magnitude > peak ? magnitude : peak;
  }
  return from_bits(peak);
}

SEGUE_COPIES(float, segue_filtered_peak, (const float *start, size_t count, const ptrdiff_t *offsets, const float *coefficients, size_t taps),
             return filtered_peak(start, count, offsets, coefficients, taps))

/* Sixteen intervals at a time, each phase's sums kept in registers as in `filtered_peak` (phases
 * outermost: their sums would not all fit in AVX2's sixteen registers at once), each lane adding
 * its taps in the same order as the single intervals of the tail do. */
SEGUE_BODY void interval_peaks(const float *samples, size_t count, size_t center, const float *coefficients, size_t phases,
                               size_t taps, float *peaks) {
  size_t whole = count - count % 16;
  for (size_t i = 0; i < whole; i += 16) {
    bits16 highest, raised;
    memcpy(&highest, samples + i + center, sizeof highest);
    highest &= 0x7fffffff;
    for (size_t p = 0; p < phases; p++) {
      const float *phase = coefficients + p * taps;
      lanes16 sum = {0};
      for (size_t t = 0; t < taps; t++) {
        lanes16 x;
        memcpy(&x, samples + i + t, sizeof x);
        sum += phase[t] * x;
      }
      bits16 magnitude;
      memcpy(&magnitude, &sum, sizeof magnitude);
      highest = __builtin_elementwise_max(highest, magnitude & 0x7fffffff);
    }
    memcpy(&raised, peaks + i, sizeof raised);
    highest = __builtin_elementwise_max(highest, raised & 0x7fffffff);
    memcpy(peaks + i, &highest, sizeof highest);
  }
  for (size_t i = whole; i < count; i++) {
    int32_t highest = magnitude_bits(samples[i + center]);
    for (size_t p = 0; p < phases; p++) {
      float sum = 0;
      for (size_t t = 0; t < taps; t++) sum += coefficients[p * taps + t] * samples[i + t];
      int32_t magnitude = magnitude_bits(sum);
      highest = magnitude > highest ? magnitude : highest;
    }
    int32_t raised = magnitude_bits(peaks[i]);
    peaks[i] = from_bits(highest > raised ? highest : raised);
  }
}

SEGUE_COPIES(void, segue_interval_peaks,
             (const float *samples, size_t count, size_t center, const float *coefficients, size_t phases, size_t taps, float *peaks),
             interval_peaks(samples, count, center, coefficients, phases, taps, peaks))
