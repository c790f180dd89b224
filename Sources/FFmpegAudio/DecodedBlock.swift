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

  /// Bytes per sample.
  public var byteCount: Int { self == .int16 ? 2 : 4 }
}

/// A block of decoded samples, valid until the reader's next block: its frames as floats in the
/// reader's output layout, or, where they are the source's own integers (`integers`), those
/// integers copied as they are.
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

  /// Copies the integers of the block's sample frames `frames`, interleaved, to `destination`
  /// (room for `frames.count` frames of `integers`).
  public func copyIntegers(_ frames: Range<Int>, to destination: UnsafeMutableRawPointer) {
    reader.copyIntegers(of: self, frames, to: destination)
  }
}

extension Frame {
  /// Copies `count` sample frames from frame `first`, interleaved, to `destination`: as they
  /// lie when the frame is interleaved, woven together from its planes when it is planar.
  func copyInterleaved(_ first: Int, count: Int, bytesPerSample: Int, to destination: UnsafeMutableRawPointer) {
    let channels = Int(pointer.pointee.ch_layout.nb_channels)
    let planes = pointer.pointee.extended_data!
    guard av_sample_fmt_is_planar(sampleFormat) != 0 else {
      let frameBytes = bytesPerSample * channels
      destination.copyMemory(from: planes[0]! + first * frameBytes, byteCount: count * frameBytes)
      return
    }
    func weave<Sample>(_: Sample.Type) {
      let out = destination.assumingMemoryBound(to: Sample.self)
      for channel in 0..<channels {
        let plane = UnsafeRawPointer(planes[channel]!).assumingMemoryBound(to: Sample.self) + first
        for frame in 0..<count { out[frame * channels + channel] = plane[frame] }
      }
    }
    if bytesPerSample == 2 { weave(Int16.self) } else { weave(Int32.self) }
  }
}
