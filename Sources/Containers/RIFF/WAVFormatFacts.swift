import Foundation

/// The fields of a RIFF WAVE file that say how long its audio is: the format tag and the `fact`
/// chunk's sample count.
///
/// For compressed WAV (ADPCM, GSM, MP3-in-WAV) the `fact` chunk's count is the length, by the
/// RIFF rule: the last block is padded, so the data size overstates it. For PCM the data size is
/// the length and `fact` is ignored.
public struct WAVFormatFacts: Sendable, Equatable {
  /// The `fmt ` chunk's format tag: 1 PCM, 3 IEEE float, 2 MS ADPCM, 0x11 IMA ADPCM, 0x31 GSM…
  /// (for WAVE_FORMAT_EXTENSIBLE, the sub-format's tag).
  public var formatTag: UInt16
  /// The `fact` chunk's sample count per channel, if the file has one.
  public var factSampleCount: UInt32?

  /// True for integer PCM and IEEE float, whose length is the data size.
  public var isUncompressed: Bool { formatTag == 1 || formatTag == 3 }

  /// What a compressed WAV's `fact` chunk says of its length; nil for PCM or without `fact`.
  public var gaplessSpan: GaplessSpan? {
    guard !isUncompressed, let count = factSampleCount else { return nil }
    return GaplessSpan(skip: 0, length: Int64(count), source: "WAV fact chunk")
  }

  /// Reads the chunks before `data` of the RIFF WAVE file at `path`; nil when it is not one.
  public static func read(path: String) -> WAVFormatFacts? {
    guard let file = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? file.close() }
    guard let header = try? file.read(upToCount: 12), header.count == 12,
      header.prefix(4) == Data("RIFF".utf8), header.suffix(4) == Data("WAVE".utf8)
    else { return nil }
    var facts = WAVFormatFacts(formatTag: 0, factSampleCount: nil)
    var offset: UInt64 = 12
    while let chunk = try? file.read(upToCount: 8), chunk.count == 8 {
      let name = String(decoding: chunk.prefix(4), as: UTF8.self)
      let size = UInt64(chunk.littleEndianUInt32(at: 4))
      if name == "data" { break }
      let body = (try? file.read(upToCount: Int(min(size, 64)))) ?? Data()
      if name == "fmt ", body.count >= 2 { facts.formatTag = body.formatTag }
      if name == "fact", body.count >= 4 { facts.factSampleCount = body.littleEndianUInt32(at: 0) }
      offset += 8 + size + (size & 1)
      guard (try? file.seek(toOffset: offset)) != nil else { break }
    }
    return facts.formatTag == 0 ? nil : facts
  }
}

extension Data {
  /// The little-endian 32-bit value `offset` bytes in.
  fileprivate func littleEndianUInt32(at offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { value, index in value | UInt32(self[startIndex + offset + index]) << (8 * index) }
  }

  /// A `fmt ` chunk's format tag, looking through WAVE_FORMAT_EXTENSIBLE to its sub-format.
  fileprivate var formatTag: UInt16 {
    let tag = UInt16(self[startIndex]) | UInt16(self[startIndex + 1]) << 8
    guard tag == 0xFFFE, count >= 26 else { return tag }
    return UInt16(self[startIndex + 24]) | UInt16(self[startIndex + 25]) << 8
  }
}
