/* Segue's inner loops over samples, in C so that each is compiled twice on x86-64: once for the
 * baseline processor (SSE2) and once for AVX2 with FMA, the copy this processor runs chosen at
 * each call. Swift compiles for the baseline only and has no way to do this per function.
 * Elsewhere each kernel is compiled once, for the target's own vector unit (NEON on arm64).
 * FLAC's CRC, a loop over bytes, is here too, compiled once everywhere.
 * No copy contracts a multiply and an add into one rounding, so all give the same bits. */
#ifndef SEGUE_KERNELS_H
#define SEGUE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/* Noise with a triangular distribution on (-1, 1), in 65,536ths, a pure function of `index`: the
 * difference of the two 16-bit halves of a 32-bit hash of it (Wellons' lowbias32). */
static inline int32_t segue_triangular_noise(uint64_t index) {
  uint32_t z = (uint32_t)index ^ ((uint32_t)(index >> 32) * 0x9E3779B9u);
  z = (z ^ (z >> 16)) * 0x7FEB352Du;
  z = (z ^ (z >> 15)) * 0x846CA68Bu;
  z ^= z >> 16;
  return (int32_t)(z & 0xFFFF) - (int32_t)(z >> 16);
}

/* Rounds `count` float samples in [-1, 1), every `stride`-th from `in`, to 16-bit integers in
 * `out` (one after another): halves to even, clamped at full scale (a NaN to the lowest value).
 * With `dither`, TPDF noise of ±1 step is added first, sample `i`'s seeded by its position
 * `position + i·stride` in the whole output. Computed in float, which holds every step and the
 * noise to 1/256 of a step. */
typedef void segue_quantize16_kernel(const float *in, ptrdiff_t stride, size_t count, int16_t *out, uint64_t position, int dither);

/* As `segue_quantize16`, to `bits`-bit integers (1 to 32) shifted to the top of 32-bit words:
 * computed in float up to 16 bits, in double beyond. */
typedef void segue_quantize32_kernel(const float *in, ptrdiff_t stride, size_t count, int32_t *out, int bits, uint64_t position, int dither);

/* The largest magnitude among `count` floats (0 when there are none; NaN when one is NaN). */
typedef float segue_largest_magnitude_kernel(const float *values, size_t count);

/* The largest magnitude of `Σ coefficients[t] · start[i + offsets[t]]` over the taps `t`, for
 * `i` from 0 to `count` - 1: a FIR filter's output peak (NaN when one output is NaN). Every
 * output sums its taps in order, rounding after each multiply and each add. */
typedef float segue_filtered_peak_kernel(const float *start, size_t count, const ptrdiff_t *offsets, const float *coefficients, size_t taps);

/* For each of `count` intervals `i`, the largest magnitude among the sample `samples[i + center]`
 * and the `phases` values `Σ coefficients[p · taps + t] · samples[i + t]` over the taps `t`
 * (phase `p`'s taps one after another), raised into `peaks[i]` where it exceeds what is there
 * (NaN when one of them is NaN): an interpolating filter's peak between each pair of samples.
 * Every value sums its taps in order, rounding after each multiply and each add. */
typedef void segue_interval_peaks_kernel(const float *samples, size_t count, size_t center, const float *coefficients, size_t phases,
                                         size_t taps, float *peaks);

/* The CRC-16 that ends every FLAC frame (polynomial 0x8005, most significant bit first, from 0)
 * of `count` bytes: 0 over a whole frame with its CRC when the frame is intact. libavutil's
 * AV_CRC_16_ANSI with its bytes swapped, four times as fast on bytes in cache and twice as fast
 * on a decoder's packets. Compiled once: it is table lookups, which no vector unit speeds up. */
uint16_t segue_flac_crc16(const uint8_t *bytes, size_t count);

segue_quantize16_kernel segue_quantize16;
segue_quantize32_kernel segue_quantize32;
segue_largest_magnitude_kernel segue_largest_magnitude;
segue_filtered_peak_kernel segue_filtered_peak;
segue_interval_peaks_kernel segue_interval_peaks;

/* One copy of every kernel, compiled for one processor level. */
typedef struct {
  segue_quantize16_kernel *quantize16;
  segue_quantize32_kernel *quantize32;
  segue_largest_magnitude_kernel *largest_magnitude;
  segue_filtered_peak_kernel *filtered_peak;
  segue_interval_peaks_kernel *interval_peaks;
} segue_kernel_set;

/* The copies the functions above call on this processor: the AVX2 ones where it has them,
 * else the baseline ones. */
const segue_kernel_set *segue_chosen_kernels(void);

/* The copies compiled for AVX2 with FMA; NULL where this processor lacks them or this build has
 * none (not x86-64). */
const segue_kernel_set *segue_wide_kernels(void);

/* The copies compiled for the baseline processor, whatever this one is (for tests that compare
 * the copies). */
const segue_kernel_set *segue_baseline_kernels(void);

#endif
