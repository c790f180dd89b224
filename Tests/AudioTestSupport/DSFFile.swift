import Foundation

/// Writes DSD (1-bit) audio as a Sony DSF file, for tests: no tool here makes one.
public enum DSFFile {
  /// The DSD64 bit rate per channel: 64 × 44.1 kHz.
  public static let dsd64Rate = 2_822_400
  private static let blockSize = 4_096

  /// Writes a mono DSD64 file of `bitCount` 1-bit samples of a sine of `frequency` Hz at half of
  /// full scale, modulated by a second-order sigma-delta loop.
  public static func writeSine(to path: String, frequency: Double, bitCount: Int) throws {
    var bits = [UInt8](repeating: 0, count: (bitCount + 7) / 8)
    var (first, second, output) = (0.0, 0.0, 0.0)
    for index in 0..<bitCount {
      let input = 0.5 * sin(2 * .pi * frequency * Double(index) / Double(dsd64Rate))
      first += input - output
      second += first - output
      output = second >= 0 ? 1 : -1
      // DSF stores bits least significant first.
      if output > 0 { bits[index / 8] |= 1 << (index % 8) }
    }
    let blocks = (bits.count + blockSize - 1) / blockSize
    let data = bits + [UInt8](repeating: 0, count: blocks * blockSize - bits.count)
    var file = Data()
    let total = UInt64(28 + 52 + 12 + data.count)
    file.append(contentsOf: Array("DSD ".utf8)); file.append(le: UInt64(28)); file.append(le: total); file.append(le: UInt64(0))
    file.append(contentsOf: Array("fmt ".utf8)); file.append(le: UInt64(52))
    for field: UInt32 in [1, 0, 1, 1, UInt32(dsd64Rate), 1] { file.append(le: field) }  // version, DSD raw, mono, 1 channel, rate, 1 bit
    file.append(le: UInt64(bitCount)); file.append(le: UInt32(blockSize)); file.append(le: UInt32(0))
    file.append(contentsOf: Array("data".utf8)); file.append(le: UInt64(12 + data.count))
    file.append(contentsOf: data)
    try file.write(to: URL(fileURLWithPath: path))
  }
}

extension Data {
  /// Appends `value` in little-endian byte order.
  fileprivate mutating func append<Value: FixedWidthInteger>(le value: Value) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }
}
