import CFFmpegShim

/// The integer type of decoded samples that a reader can hand on as they are.
public enum DecodedIntegers: Sendable, Equatable {
  /// 16-bit samples (`s16`, `s16p`).
  case int16
  /// 32-bit samples, the source's bits at the top of the word as FFmpeg's decoders put them
  /// (`s32`, `s32p`: 24-bit FLAC and WAV).
  case int32

  /// The type of `format`'s samples; nil for floating-point formats and 8-bit or 64-bit ones.
  init?(_ format: AVSampleFormat) {
    switch format {
    case AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P: self = .int16
    case AV_SAMPLE_FMT_S32, AV_SAMPLE_FMT_S32P: self = .int32
    default: return nil
    }
  }
}

/// A block of decoded samples, valid until the reader's next block: its frames as floats in the
/// reader's output layout, or, where they are the source's own integers (`integers`), those
/// integers as they are, held beyond the block's time (`holdIntegers`).
///
/// A reader converts such a block to floats only when they are asked for, so a block whose
/// integers go on to an encoder untouched is never converted at all (`AudioFileReader.nextDecodedBlock`).
public struct DecodedBlock {
  /// How many sample frames the block holds.
  public let frameCount: Int
  /// The decoded samples' type, when they are the source's integers in the output's rate and
  /// channel layout; nil when the block is floats only.
  public let integers: DecodedIntegers?
  unowned let reader: AudioFileReader
  /// Which of the reader's blocks this is, so one kept past its time is caught.
  let serial: Int

  /// The block's frames as interleaved floats, converted on the first call.
  public func floats() throws(AudioFileError) -> UnsafeBufferPointer<Float> {
    try reader.floats(of: self)
  }

  /// The integers of the block's sample frames `frames`, held (not copied) for as long as the
  /// result lives: the decoder's buffer is shared, so it can go to another thread and on to an
  /// encoder while the reader moves on.
  public func holdIntegers(_ frames: Range<Int>) -> HeldIntegers {
    reader.holdIntegers(of: self, frames)
  }
}

/// Decoded integer samples held by reference to the decoder's buffer (FFmpeg's reference count),
/// written out wherever they are needed: as integers of any width (the one copy on their way to
/// an encoder), or as floats.
public final class HeldIntegers: @unchecked Sendable {
  // @unchecked: the frame is a reference of its own to a buffer no one writes any more.
  private let frame: Frame
  /// The held frames' first in `frame`.
  private let first: Int
  /// How many sample frames are held.
  public let frameCount: Int
  /// The samples' type.
  public let integers: DecodedIntegers
  /// How many channels each frame has.
  public let channelCount: Int
  private let planar: Bool

  /// Holds `count` frames of `decoded` from its frame `first`.
  init(_ decoded: Frame, first: Int, count: Int, integers: DecodedIntegers) {
    frame = Frame()
    // Only an allocation can fail here: as av_frame_alloc's, that is not survivable.
    guard av_frame_ref(frame.pointer, decoded.pointer) >= 0 else { fatalError("av_frame_ref: out of memory") }
    self.first = first
    frameCount = count
    self.integers = integers
    channelCount = Int(decoded.pointer.pointee.ch_layout.nb_channels)
    planar = av_sample_fmt_is_planar(decoded.sampleFormat) != 0
  }

  /// Writes frames `frames` to `out` as `Output` integers, the source's bits at the top (16-bit
  /// samples into 32-bit words are shifted up 16): every channel interleaved, or, given a
  /// `channel`, that channel alone.
  public func write<Output: FixedWidthInteger>(_ frames: Range<Int>, channel: Int? = nil, into out: UnsafeMutablePointer<Output>) {
    switch integers {
    case .int16: write(frames, channel: channel, reading: Int16.self, into: out)
    case .int32: write(frames, channel: channel, reading: Int32.self, into: out)
    }
  }

  /// Writes frames `frames`, every channel interleaved, to `out` as floats, exactly as
  /// libswresample converts them: 16-bit samples over 2^15, 32-bit over 2^31.
  public func writeFloats(_ frames: Range<Int>, into out: UnsafeMutablePointer<Float>) {
    switch integers {
    case .int16: convert(frames, reading: Int16.self, scale: 1.0 / 32_768, into: out)
    case .int32: convert(frames, reading: Int32.self, scale: 1.0 / 2_147_483_648, into: out)
    }
  }

  private func write<Sample: FixedWidthInteger, Output: FixedWidthInteger>(
    _ frames: Range<Int>, channel: Int?, reading _: Sample.Type, into out: UnsafeMutablePointer<Output>
  ) {
    let shift = Output.bitWidth - Sample.bitWidth
    let channels = channel == nil ? 0..<channelCount : channel!..<(channel! + 1)
    if !planar, channel == nil, shift == 0 {
      let bytes = frames.count * channelCount * MemoryLayout<Sample>.size
      UnsafeMutableRawPointer(out).copyMemory(from: UnsafeRawPointer(samples(Sample.self, plane: 0) + (first + frames.lowerBound) * channelCount), byteCount: bytes)
      return
    }
    for (index, frame) in frames.enumerated() {
      for (slot, channel) in channels.enumerated() {
        out[index * channels.count + slot] = Output(truncatingIfNeeded: sample(Sample.self, frame: frame, channel: channel)) << shift
      }
    }
  }

  private func convert<Sample: FixedWidthInteger>(_ frames: Range<Int>, reading _: Sample.Type, scale: Float, into out: UnsafeMutablePointer<Float>) {
    for (index, frame) in frames.enumerated() {
      for channel in 0..<channelCount { out[index * channelCount + channel] = Float(sample(Sample.self, frame: frame, channel: channel)) * scale }
    }
  }

  /// Held frame `frame`'s sample of `channel`.
  @inline(__always)
  private func sample<Sample>(_: Sample.Type, frame: Int, channel: Int) -> Sample {
    planar ? samples(Sample.self, plane: channel)[first + frame] : samples(Sample.self, plane: 0)[(first + frame) * channelCount + channel]
  }

  /// The start of plane `plane`'s samples.
  @inline(__always)
  private func samples<Sample>(_: Sample.Type, plane: Int) -> UnsafePointer<Sample> {
    UnsafeRawPointer(frame.pointer.pointee.extended_data[plane]!).assumingMemoryBound(to: Sample.self)
  }
}
