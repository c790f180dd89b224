import Foundation

/// What a tone and the rest of a signal measure: a sine fitted by least squares at a known
/// frequency, and the levels of a Blackman-windowed FFT.
public enum Spectrum {
  /// The sine of `frequency` Hz that best fits mono `samples` at `rate`: its level in dBFS (a
  /// sine of peak 1 is 0 dBFS), and what is left of the samples once it is taken out.
  public static func fit(_ samples: ArraySlice<Float>, rate: Int, frequency: Double) -> (levelDB: Double, rest: [Double]) {
    var (ss, sc, cc, ys, yc) = (0.0, 0.0, 0.0, 0.0, 0.0)
    let step = 2 * Double.pi * frequency / Double(rate)
    for (offset, sample) in samples.enumerated() {
      let (s, c, y) = (sin(step * Double(offset)), cos(step * Double(offset)), Double(sample))
      ss += s * s; sc += s * c; cc += c * c; ys += y * s; yc += y * c
    }
    let determinant = ss * cc - sc * sc
    let a = (ys * cc - yc * sc) / determinant, b = (yc * ss - ys * sc) / determinant
    let rest = samples.enumerated().map { offset, sample in
      Double(sample) - a * sin(step * Double(offset)) - b * cos(step * Double(offset))
    }
    return (20 * log10((a * a + b * b).squareRoot()), rest)
  }

  /// The level in dBFS of each bin of a Blackman-windowed FFT of the first `length` (a power of
  /// two) of `samples`, scaled so that a sine of peak 1 centred on a bin reads 0 dBFS there.
  public static func levels(_ samples: some Collection<Double>, length: Int) -> [Double] {
    precondition(length.nonzeroBitCount == 1 && samples.count >= length)
    var re = [Double](repeating: 0, count: length), im = [Double](repeating: 0, count: length)
    var windowSum = 0.0
    for (index, sample) in samples.prefix(length).enumerated() {
      let x = 2 * Double.pi * Double(index) / Double(length - 1)
      let window = 0.42 - 0.5 * cos(x) + 0.08 * cos(2 * x)
      re[index] = sample * window
      windowSum += window
    }
    transform(&re, &im)
    return (0...(length / 2)).map { bin in
      20 * log10(max((re[bin] * re[bin] + im[bin] * im[bin]).squareRoot() / (windowSum / 2), 1e-30))
    }
  }

  /// The frequency in Hz of `bin` of a `length`-point FFT at `rate`.
  public static func frequency(ofBin bin: Int, length: Int, rate: Int) -> Double { Double(bin) * Double(rate) / Double(length) }

  /// An in-place iterative radix-2 FFT.
  private static func transform(_ re: inout [Double], _ im: inout [Double]) {
    let n = re.count
    var j = 0
    for i in 1..<n {
      var bit = n >> 1
      while j & bit != 0 { j ^= bit; bit >>= 1 }
      j |= bit
      if i < j { re.swapAt(i, j); im.swapAt(i, j) }
    }
    var size = 2
    while size <= n {
      let angle = -2 * Double.pi / Double(size)
      for start in stride(from: 0, to: n, by: size) {
        for k in 0..<(size / 2) {
          let (wr, wi) = (cos(angle * Double(k)), sin(angle * Double(k)))
          let (a, b) = (start + k, start + k + size / 2)
          let tr = re[b] * wr - im[b] * wi, ti = re[b] * wi + im[b] * wr
          re[b] = re[a] - tr; im[b] = im[a] - ti
          re[a] += tr; im[a] += ti
        }
      }
      size *= 2
    }
  }
}
