#include "CKernels.h"
#include "kernels.h"
#include <math.h>
#include <string.h>

/* Compared as bit patterns with the sign cleared, which order as the magnitudes do: an integer
 * maximum, which the compiler vectorizes (a floating-point one it may not reorder). The patterns
 * are compared as signed integers, which they fit: SSE2 has a signed comparison, not an unsigned. */
SEGUE_KERNEL float segue_largest_magnitude(const float *values, size_t count) {
  int32_t highest = 0;
  for (size_t i = 0; i < count; i++) {
    int32_t bits;
    memcpy(&bits, &values[i], 4);
    bits &= 0x7fffffff;
    highest = bits > highest ? bits : highest;
  }
  float magnitude;
  memcpy(&magnitude, &highest, 4);
  return magnitude;
}

/* Sixteen floats: two AVX registers, four SSE or NEON ones. */
typedef float lanes16 __attribute__((vector_size(64)));

/* Sixteen outputs at a time, their sums kept in registers (a pass over memory per tap would cost
 * more in loads and stores than in arithmetic), then the rest one at a time; each lane adds its
 * taps in the same order as the single outputs do, so both give the same sums. */
SEGUE_KERNEL float segue_filtered_peak(const float *start, size_t count, const ptrdiff_t *offsets, const float *coefficients, size_t taps) {
  lanes16 highest = {0};
  size_t whole = count - count % 16;
  for (size_t i = 0; i < whole; i += 16) {
    lanes16 sum = {0};
    for (size_t t = 0; t < taps; t++) {
      lanes16 x;
      memcpy(&x, start + (ptrdiff_t)i + offsets[t], sizeof x);
      sum += coefficients[t] * x;
    }
    lanes16 magnitude = __builtin_elementwise_abs(sum);
    highest = __builtin_elementwise_max(highest, magnitude);
  }
  float peak = 0;
  for (int lane = 0; lane < 16; lane++) peak = highest[lane] > peak ? highest[lane] : peak;
  for (size_t i = whole; i < count; i++) {
    float sum = 0;
    for (size_t t = 0; t < taps; t++) sum += coefficients[t] * start[(ptrdiff_t)i + offsets[t]];
    float magnitude = fabsf(sum);
    peak = magnitude > peak ? magnitude : peak;
  }
  return peak;
}
