import Foundation

/// The first and last seconds of a source, mono and at a low rate: enough to tell whether two
/// tracks' ends are the same material (for `auto` curves) without decoding them again.
///
/// Stored at 4 kHz (band-limited by libswresample), so both edges of a track take about 160 KB in
/// the facts cache. Positions are kept in source frames, and a region is read back by linear
/// interpolation, so two edges cut from one recording line up to a fraction of a sample.
public struct EdgeSnippets: Sendable, Equatable, Codable {
  /// The snippets' sample rate.
  public static let rate = 4000
  /// How much of each edge is kept, in snippet samples (10 s).
  public static let length = 40_000

  /// The source's own rate.
  public var sourceRate: Int
  /// The source's first seconds, starting at source frame 0.
  public var head: [Float]
  /// The source's last seconds, starting at source frame `tailStart`.
  public var tail: [Float]
  /// The source frame the tail's first sample lies at; fractional, as a snippet sample spans several
  /// source frames.
  public var tailStart: Double

  /// Builds snippets from `head` and `tail`, mono samples at `rate` Hz, of a source at `sourceRate` Hz whose
  /// tail starts at source frame `tailStart`.
  public init(sourceRate: Int, head: [Float], tail: [Float], tailStart: Double) {
    self.sourceRate = sourceRate
    self.head = head
    self.tail = tail
    self.tailStart = tailStart
  }

  /// The source's frames `range` at the snippets' rate, or nil when neither edge covers them.
  public func samples(covering range: Range<Int64>) -> [Double]? {
    for (snippet, origin) in [(head, 0.0), (tail, tailStart)] {
      let scale = Double(Self.rate) / Double(sourceRate)
      let first = (Double(range.lowerBound) - origin) * scale
      let count = Int((Double(range.count) * scale).rounded(.down))
      // The resampler may end a sample or two short of the exact length: allow that much.
      let last = snippet.count - 1
      guard count > 1, first >= 0, first + Double(count - 1) <= Double(last + 2) else { continue }
      return (0..<count).map { index in
        let position = first + Double(index)
        let below = min(Int(position), last)
        let fraction = position - Double(below)
        return Double(snippet[below]) * (1 - fraction) + Double(snippet[min(below + 1, last)]) * fraction
      }
    }
    return nil
  }

  private enum CodingKeys: String, CodingKey { case sourceRate, head, tail, tailStart }

  /// Reads snippets as `encode(to:)` writes them, the samples stored as 16-bit integers.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    sourceRate = try container.decode(Int.self, forKey: .sourceRate)
    head = Self.floats(try container.decode(Data.self, forKey: .head))
    tail = Self.floats(try container.decode(Data.self, forKey: .tail))
    tailStart = try container.decode(Double.self, forKey: .tailStart)
  }

  /// Encodes the samples as 16-bit integers (base64 in JSON): correlation needs no more.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(sourceRate, forKey: .sourceRate)
    try container.encode(Self.bytes(head), forKey: .head)
    try container.encode(Self.bytes(tail), forKey: .tail)
    try container.encode(tailStart, forKey: .tailStart)
  }

  private static func bytes(_ samples: [Float]) -> Data {
    var data = Data(capacity: samples.count * 2)
    for sample in samples {
      let value = Int16(max(-32767, min(32767, (sample * 32767).rounded()))).littleEndian
      withUnsafeBytes(of: value) { data.append(contentsOf: $0) }
    }
    return data
  }

  private static func floats(_ data: Data) -> [Float] {
    stride(from: 0, to: data.count - 1, by: 2).map { offset in
      Float(Int16(littleEndian: Int16(data[data.startIndex + offset]) | Int16(data[data.startIndex + offset + 1]) << 8)) / 32767
    }
  }
}
