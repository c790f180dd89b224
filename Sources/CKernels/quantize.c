#include "kernels.h"
#include <string.h>

/* Every multiply and add rounded on its own, in every copy (see CKernels.h). */
#pragma STDC FP_CONTRACT OFF

/* Defines `name`, the whole number nearest a `Real` value (halves to even), for values under a
 * quarter of 2^(the significand's bits): adding `offset`, 1.5 times that power, leaves the integer
 * in the low bits of the sum (`Bits`, the type's bit pattern), with no call into libm and no
 * checked conversion. */
#define DEFINE_ROUNDED(name, Real, Bits, offset)                                                             \
  static inline int32_t name(Real value) {                                                                 \
    const Real shift = offset;                                                                             \
    Real sum = value + shift;                                                                              \
    Bits bits, shift_bits;                                                                                 \
    memcpy(&bits, &sum, sizeof bits);                                                                      \
    memcpy(&shift_bits, &shift, sizeof shift_bits);                                                        \
    return (int32_t)(bits - shift_bits);                                                                   \
  }

DEFINE_ROUNDED(rounded_float, float, uint32_t, 12582912.0f)
DEFINE_ROUNDED(rounded_double, double, uint64_t, 6755399441055744.0)

/* `value` clamped to [-scale, maximum]; a NaN becomes -scale. */
#define CLAMPED(value, scale, maximum) ((value) >= -(scale) ? ((value) < (maximum) ? (value) : (maximum)) : -(scale))

/* How many of `count` samples, `stride` apart from `position`, lie before the low 32 bits of the
 * position wrap: within such a run the noise's seed is computed in 32-bit lanes. */
static inline size_t run_length(uint64_t position, ptrdiff_t stride, size_t count) {
  uint64_t room = (UINT32_MAX - (uint32_t)position) / (uint64_t)stride + 1;
  return count < room ? count : (size_t)room;
}

/* The noise of the sample at 32-bit position `low` in a run whose high bits hash to `mix`: the
 * same value as `segue_triangular_noise` of the whole position. */
static inline int32_t run_noise(uint32_t low, uint32_t mix) {
  uint32_t z = low ^ mix;
  z = (z ^ (z >> 16)) * 0x7FEB352Du;
  z = (z ^ (z >> 15)) * 0x846CA68Bu;
  z ^= z >> 16;
  return (int32_t)(z & 0xFFFF) - (int32_t)(z >> 16);
}

/* The loop over one run, for one word type and one float type (`Real`), with dither or without: each
 * written out by the macro so that no loop tests a choice per sample and each vectorizes. */
#define QUANTIZE_RUN(Word, Real, round, scale, maximum, shift)                                                 \
  if (dither) {                                                                                            \
    for (size_t i = 0; i < n; i++) {                                                                       \
      Real noise = (Real)run_noise(low + (uint32_t)i * (uint32_t)stride, mix) / (Real)65536;              \
      Real value = (Real)in[(ptrdiff_t)i * stride] * scale + noise;                                        \
      out[i] = (Word)((uint32_t)round(CLAMPED(value, scale, maximum)) << shift);                           \
    }                                                                                                      \
  } else {                                                                                                 \
    for (size_t i = 0; i < n; i++) {                                                                       \
      Real value = (Real)in[(ptrdiff_t)i * stride] * scale;                                                \
      out[i] = (Word)((uint32_t)round(CLAMPED(value, scale, maximum)) << shift);                           \
    }                                                                                                      \
  }

/* Walks the runs of `count` samples, running `body` on each with `n`, `low` and `mix` set. */
#define FOR_EACH_RUN(body)                                                                                 \
  while (count > 0) {                                                                                      \
    size_t n = run_length(position, stride, count);                                                        \
    uint32_t low = (uint32_t)position, mix = (uint32_t)(position >> 32) * 0x9E3779B9u;                     \
    body;                                                                                                  \
    in += (ptrdiff_t)n * stride;                                                                           \
    out += n;                                                                                              \
    position += (uint64_t)n * (uint64_t)stride;                                                            \
    count -= n;                                                                                            \
  }

SEGUE_BODY void quantize16(const float *in, ptrdiff_t stride, size_t count, int16_t *out, uint64_t position, int dither) {
  const float scale = 32768.0f, maximum = 32767.0f;
  FOR_EACH_RUN(QUANTIZE_RUN(int16_t, float, rounded_float, scale, maximum, 0))
}

SEGUE_BODY void quantize32(const float *in, ptrdiff_t stride, size_t count, int32_t *out, int bits, uint64_t position, int dither) {
  const int shift = 32 - bits;
  if (bits <= 16) {
    const float scale = (float)(1 << (bits - 1)), maximum = scale - 1;
    FOR_EACH_RUN(QUANTIZE_RUN(int32_t, float, rounded_float, scale, maximum, shift))
  } else {
    const double scale = (double)(1ull << (bits - 1)), maximum = scale - 1;
    FOR_EACH_RUN(QUANTIZE_RUN(int32_t, double, rounded_double, scale, maximum, shift))
  }
}

SEGUE_COPIES(void, segue_quantize16, (const float *in, ptrdiff_t stride, size_t count, int16_t *out, uint64_t position, int dither),
             quantize16(in, stride, count, out, position, dither))

SEGUE_COPIES(void, segue_quantize32,
             (const float *in, ptrdiff_t stride, size_t count, int32_t *out, int bits, uint64_t position, int dither),
             quantize32(in, stride, count, out, bits, position, dither))
