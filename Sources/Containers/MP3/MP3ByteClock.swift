/// Where in an MP3's audio a byte lies, counted in frames from the first audio frame: what tells
/// how many frames a run of lost bytes held.
///
/// FFmpeg 5.1 stamps each MP3 packet one frame after the one before, however many bytes its demuxer
/// skipped to find it, so damage would pull every later sample early. The clock puts the loss back:
/// - a constant-bit-rate stream (every frame at one bit rate) has a fixed number of bytes per frame,
///   so the count is exact;
/// - a VBR stream with a Xing seek table is read through the table (a frame position for each
///   hundredth of the stream), exact to within one of its steps;
/// - any other stream is counted at its average frame length.
public struct MP3ByteClock: Sendable, Equatable, Codable {
  /// How bytes turn into frames.
  public enum Scale: Sendable, Equatable, Codable {
    /// A fixed number of bytes per frame (fractional: padded frames carry one byte more).
    case constant(bytesPerFrame: Double)
    /// A Xing seek table: entry `i` is the byte at `i`% of the stream's frames, as a 256th of
    /// `streamBytes` counted from the info frame's first byte.
    case seekTable(entries: [UInt8], streamBytes: Int64, frames: Int64)
  }

  /// Where the first audio frame starts; frame positions are counted from it.
  public var firstAudioFrame: Int64
  /// Where the info frame starts, which a Xing seek table counts from.
  public var infoFrameOffset: Int64
  /// How byte offsets are turned into frame positions: a fixed frame length or the Xing seek table.
  public var scale: Scale
  /// Samples per channel in each frame.
  public var samplesPerFrame: Int

  /// A clock counting from the first audio frame's byte offset, with the info frame's offset for a seek table.
  public init(firstAudioFrame: Int64, infoFrameOffset: Int64, scale: Scale, samplesPerFrame: Int) {
    self.firstAudioFrame = firstAudioFrame
    self.samplesPerFrame = samplesPerFrame
    self.infoFrameOffset = infoFrameOffset
    self.scale = scale
  }

  /// The frame position of the byte at `offset` in the file (fractional).
  public func frames(at offset: Int64) -> Double {
    switch scale {
    case .constant(let bytesPerFrame):
      return Double(offset - firstAudioFrame) / bytesPerFrame
    case .seekTable(let entries, let streamBytes, let frames):
      return Self.position(of: Double(offset - infoFrameOffset) * 256 / Double(streamBytes), in: entries) * Double(frames) / 100
    }
  }

  /// The frames a run of bytes from `start` to `end` held, to the nearest frame.
  public func framesBetween(_ start: Int64, _ end: Int64) -> Int64 {
    Int64((frames(at: end) - frames(at: start)).rounded())
  }

  /// The percentage of the stream's frames at `scaled` (a byte position in 256ths of the stream),
  /// interpolated within the table's step that holds it.
  private static func position(of scaled: Double, in entries: [UInt8]) -> Double {
    // Entries never decrease; the step after entry i ends at entry i + 1 (the last at 256, 100%).
    var previous = (percent: 0.0, byte: 0.0)
    for index in entries.indices.dropFirst() + [entries.count] {
      let step = (percent: Double(index), byte: index < entries.count ? Double(entries[index]) : 256)
      if scaled < step.byte {
        let width = step.byte - previous.byte
        return previous.percent + (width > 0 ? (scaled - previous.byte) / width * (step.percent - previous.percent) : 0)
      }
      if step.byte > previous.byte { previous = step }
    }
    return 100
  }
}

extension MP3Structure {
  /// The clock that counts the frames in this stream's bytes: exact where every frame has one bit
  /// rate, through the Xing seek table where one is, else at the average frame length.
  public var byteClock: MP3ByteClock? {
    let firstAudioFrame = firstFrameOffset + (infoFrame == nil ? 0 : Int64(firstHeader.frameLength ?? 0))
    let clock = {
      MP3ByteClock(
        firstAudioFrame: firstAudioFrame, infoFrameOffset: self.firstFrameOffset, scale: $0,
        samplesPerFrame: self.firstHeader.samplesPerFrame)
    }
    if let bitRate = constantBitRate, let bytes = firstHeader.bytesPerFrame(atBitRate: bitRate) {
      return clock(.constant(bytesPerFrame: bytes))
    }
    if let info = infoFrame, let entries = info.tableOfContents, let streamBytes = info.byteCount, let frames = info.frameCount,
      streamBytes > 0, frames > 0
    {
      return clock(.seekTable(entries: entries, streamBytes: streamBytes, frames: frames))
    }
    guard audioFrameCount > 0 else { return nil }
    let garbage = resyncs.reduce(Int64(0)) { $0 + Int64($1.count) }
    return clock(.constant(bytesPerFrame: Double(audioEnd - firstAudioFrame - garbage) / Double(audioFrameCount)))
  }
}
