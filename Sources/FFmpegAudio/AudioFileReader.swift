import CFFmpegShim
import SampleBlocks

/// Decodes an audio file into interleaved float blocks, with its encoder delay and padding removed.
///
/// FFmpeg drops MP3 (LAME tag), Ogg Opus/Vorbis and MP4 priming by itself; where the file's own
/// fields say more exactly where its audio lies (`AudioStreamInfo.gapless`), the reader drops the
/// priming FFmpeg leaves and trims the end itself, in place of FFmpeg's end trim. When the
/// output rate differs, the resampler is flushed at the end and the length is made exact:
/// `frames × outputRate / inputRate`, rounded to the nearest sample frame. Each frame is placed by
/// its timestamp (`FramePlacement`): audio lost before it (pages the Ogg demuxer skipped, packets
/// that failed to decode) is refused as damage, or becomes silence of the lost length.
public final class AudioFileReader {
  /// What the file declared before decoding.
  public let info: AudioStreamInfo
  /// The rate and channel count of the blocks this reader returns.
  public let output: PCMLayout
  /// How the rate is converted, where the output's differs from the file's.
  public let resampling: ResamplingQuality
  /// Sample frames decoded from the source so far, at the source's rate, after trimming.
  public internal(set) var sourceFramesDecoded: Int64 = 0
  /// Sample frames returned so far, at the output rate, counting those a `seek` skipped.
  public internal(set) var framesDelivered: Int64 = 0
  /// Encoder delay (priming) removed from the start so far, in source frames.
  public internal(set) var delayRemoved: Int64 = 0
  /// Encoder padding removed from the end so far, in source frames.
  public internal(set) var paddingRemoved: Int64 = 0
  /// What the reader decodes through instead of refusing.
  public let tolerance: DecodeTolerance
  /// Where damage was decoded through, in source frames: the samples lost, rendered as silence
  /// (empty where the decoder hid the damage itself).
  public internal(set) var damagedRanges: [Range<Int64>] = []
  /// Frames a truncated file lacks at its end, when `tolerance` let it be rendered as far as it goes.
  public internal(set) var missingAtEnd: Int64 = 0

  var demuxer: Demuxer
  var decoder: AudioDecoder
  let packet = Packet()
  /// The frame the decoder fills; the frame decoded before it, waiting for it to show where it
  /// lies (`FramePlacement`); and the frame being put out.
  var frame = Frame()
  var waitingFrame = Frame()
  var outgoingFrame = Frame()
  let buffer: SampleBuffer
  var resampler: Resampler?
  /// The last block's decoded samples, when its conversion waits until asked for; and whether
  /// `buffer` holds its floats yet.
  var unconverted: (frame: Frame, first: Int, count: Int)?
  var convertedYet = true
  /// How many blocks have been handed out, which names the last one (`DecodedBlock.serial`).
  var blocksHandedOut = 0
  /// True for a floating-point source, whose samples may be NaN or infinite (damage).
  var mayHoldNonNumbers = false
  var state = State.decoding
  /// Converted frames kept back from the last block: where they start in `buffer`, how many.
  var heldFrames = (start: 0, count: 0)
  static let heldBackFrames = 32
  /// The exact length the file states, past which decoded samples are end padding.
  let trimLimit: Int64?
  /// Decoded frames still to drop at the start: priming that FFmpeg leaves in.
  var primingToDrop: Int64

  /// Decoding, draining the resampler at the end, or done.
  enum State { case decoding, flushing, finished }
  /// After a seek: the source frame the next block must start at.
  var seekTarget: Int64?
  /// Where decoded frames lie, judged by their timestamps: what follows lost audio.
  var placement: FramePlacement
  /// An MP3's packet stamps corrected for frames lost in damaged bytes, which FFmpeg does not count.
  var mp3Stamps: MP3LossStamps?
  /// True when `outgoingFrame` holds a decoded frame not yet converted.
  var holdsOutgoingFrame = false
  /// Frames of silence still to put out for lost audio, before the outgoing frame.
  var silenceToInsert: Int64 = 0
  /// True after a packet failed to decode, until the next frame is decoded.
  var followsDecodeError = false
  /// Containers whose frames stand alone, so a seek needs no pre-roll.
  static let standaloneFrameContainers: Set<String> = ["flac", "wav", "aiff", "w64"]
  /// Source frames decoded (and dropped) before a seek's target in compressed formats, so the
  /// decoder's state (MP3's bit reservoir and filter bank, the MDCT overlap of AAC and Vorbis,
  /// Opus's filters) is what it would be after decoding from the start.
  static let seekPreRoll: Int64 = 16_384

  /// Opens `path`; blocks come out in `output`'s layout, or in the file's own when it is nil,
  /// converted to another rate at `resampling`'s quality. `known` is what an earlier probe of the
  /// same file found (it spares reading the container's fields again: an MP3's frames are walked once).
  public init(
    path: String, output: PCMLayout? = nil, resampling: ResamplingQuality = .veryHigh, tolerance: DecodeTolerance = .strict,
    known: AudioStreamInfo? = nil
  ) throws(AudioFileError) {
    self.tolerance = tolerance
    self.resampling = resampling
    (demuxer, decoder) = try AudioFileError.wrapping { () throws(FFmpegError) in
      let demuxer = try Demuxer(path: path)
      return (demuxer, try AudioDecoder(for: demuxer))
    }
    info = known ?? AudioStreamInfo(demuxer: demuxer)
    let layout = output ?? PCMLayout(sampleRate: info.sampleRate, channelCount: info.channelCount)
    self.output = layout
    buffer = SampleBuffer(channelCount: layout.channelCount)
    trimLimit = info.gapless?.length
    primingToDrop = info.gapless?.skip ?? 0
    placement = FramePlacement(for: demuxer, sampleRate: info.sampleRate)
    mp3Stamps = MP3LossStamps(for: demuxer, info: info)
  }

  /// The exact length, in frames at `outputRate`, of `frames` frames at `inputRate`: rounded to the
  /// nearest frame (halves up).
  public static func convertedLength(_ frames: Int64, from inputRate: Int, to outputRate: Int) -> Int64 {
    inputRate == outputRate ? frames : (frames * Int64(outputRate) + Int64(inputRate / 2)) / Int64(inputRate)
  }

  /// True when blocks are the decoded samples themselves: same rate and channels as the source.
  public var isUnconverted: Bool {
    output.sampleRate == info.sampleRate && output.channelCount == info.channelCount
  }

  /// True when every output sample is a decoded sample unchanged: unconverted, or mono copied
  /// into both channels of stereo.
  public var copiesSamplesExactly: Bool {
    output.sampleRate == info.sampleRate && (output.channelCount == info.channelCount || (info.channelCount == 1 && output.channelCount == 2))
  }

  /// Decodes the next block of interleaved samples, valid until the next call; nil at the end.
  public func nextBlock() throws(AudioFileError) -> UnsafeBufferPointer<Float>? {
    try nextDecodedBlock()?.floats()
  }

  /// Decodes the next block, valid until the next call, its conversion to floats left until they
  /// are asked for; nil at the end.
  public func nextDecodedBlock() throws(AudioFileError) -> DecodedBlock? {
    while true {
      switch state {
      case .finished:
        return nil
      case .flushing:
        state = .finished
        if let block = try flushResampler() { return block }
      case .decoding where silenceToInsert > 0:
        if let block = try convertSilence() { return block }
      case .decoding where holdsOutgoingFrame:
        holdsOutgoingFrame = false
        if let block = try convertDecodedFrame() { return block }
      case .decoding:
        switch try receiveFrame() {
        case .produced:
          try placeDecodedFrame()
        case .needsInput:
          try sendNextPacket()
        case .finished:
          if let last = placement.finish() { try putOut(last) } else { try finishAtEnd() }
        }
      }
    }
  }

  /// Feeds the decoder; a frame that fails to decode at the end of the file means it was cut
  /// short, one that fails before it is damage (decoded through when `tolerance` allows).
  func sendNextPacket() throws(AudioFileError) {
    let packet: Packet?
    do {
      packet = try demuxer.read(into: self.packet) ? self.packet : nil
    } catch {
      try passDamage(error)
      return
    }
    if let packet { mp3Stamps?.restamp(packet) }
    if let skipped = packet?.skippedSamples {
      delayRemoved += skipped.start
      if trimLimit == nil {
        paddingRemoved += skipped.end
      } else if skipped.end > 0 {
        // The reader trims the end itself, at the length the file states.
        packet?.setSkippedEnd(0)
      }
    }
    do {
      try decoder.send(packet)
    } catch where endsTheAudio(error) {
      try AudioFileError.wrapping { () throws(FFmpegError) in try decoder.send(nil) }
    } catch where error.isInvalidData && demuxer.isAtEndOfFile && !tolerance.truncated {
      throw .truncated(path: demuxer.path, decoded: framesDecodedSoFar, declared: info.declaredFrameCount)
    } catch {
      try passDamage(error)
    }
  }

  /// Takes the decoder's next frame; a frame it fails to decode is damage.
  func receiveFrame() throws(AudioFileError) -> CodecStep {
    do {
      return try decoder.receive(into: frame)
    } catch where endsTheAudio(error) {
      try AudioFileError.wrapping { () throws(FFmpegError) in try decoder.send(nil) }
      return .needsInput
    } catch {
      try passDamage(error)
      return .needsInput
    }
  }

  /// At the end of the stream: a file shorter than it says is truncated, unless `tolerance`
  /// lets it end where it does; damage at the very end becomes silence up to the stated length.
  /// An Ogg file that states no length is truncated when its last page is cut short.
  func finishAtEnd() throws(AudioFileError) {
    state = .flushing
    if info.declaredFrameCount == nil, let ending = info.oggEnding, ending.kind == .cutShort {
      guard tolerance.truncated else {
        let stated = ending.missingGranules.map { sourceFramesDecoded + $0 }
        throw .truncated(path: demuxer.path, decoded: sourceFramesDecoded, declared: stated)
      }
      missingAtEnd = ending.missingGranules ?? 0
      return
    }
    guard let declared = info.declaredFrameCount, sourceFramesDecoded < declared else { return }
    if followsDecodeError, tolerance.damaged {
      followsDecodeError = false
      damagedRanges.append(sourceFramesDecoded..<declared)
      silenceToInsert = declared - sourceFramesDecoded
      state = .decoding
      return
    }
    guard tolerance.truncated else {
      throw .truncated(path: demuxer.path, decoded: sourceFramesDecoded, declared: declared)
    }
    missingAtEnd = declared - sourceFramesDecoded
  }
}
