import Foundation

/// A series of levels in dB at a fixed step, kept small: 0.01 dB steps in 16 bits, floored at
/// -150 dB (silence), stored as base64 in JSON.
public struct LevelTrack: Sendable, Equatable, Codable {
  /// Seconds between values.
  public var step: Double
  private var centibels: [Int16]

  /// The lowest level stored; quieter values (and silence) read as this.
  public static let floor = -150.0

  /// A track of `decibels` values `step` seconds apart, each rounded to 0.01 dB and held within -150 to 300 dB
  /// (NaN reads as the floor).
  public init(step: Double, decibels: [Double]) {
    self.step = step
    centibels = decibels.map { Int16((max(Self.floor, min(300, $0.isNaN ? Self.floor : $0)) * 100).rounded()) }
  }

  /// How many values the track holds.
  public var count: Int { centibels.count }

  /// Value `index`, in dB.
  public subscript(index: Int) -> Double { Double(centibels[index]) / 100 }

  /// Every value, in dB.
  public var decibels: [Double] { centibels.map { Double($0) / 100 } }

  private enum CodingKeys: String, CodingKey { case step, centibels }

  /// Reads the step, and the values as base64 of little-endian 16-bit centibels.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    step = try container.decode(Double.self, forKey: .step)
    let data = try container.decode(Data.self, forKey: .centibels)
    guard data.count % 2 == 0 else {
      throw DecodingError.dataCorruptedError(forKey: .centibels, in: container, debugDescription: "odd byte count")
    }
    centibels = data.withUnsafeBytes { raw in (0..<(data.count / 2)).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) } }
  }

  /// Writes the step, and the values as base64 of little-endian 16-bit centibels.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(step, forKey: .step)
    var data = Data(capacity: centibels.count * 2)
    for value in centibels { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    try container.encode(data, forKey: .centibels)
  }
}

/// A linear amplitude in dBFS, -inf for zero.
@inlinable public func decibels(_ amplitude: Double) -> Double { 20 * log10(amplitude) }
