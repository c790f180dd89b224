import CFFmpegShim

/// Decodes an audio file into interleaved float blocks, with its encoder delay and padding removed.
///
/// FFmpeg drops MP3 (LAME tag), Ogg Opus/Vorbis and MP4 priming by itself; where the file's own
/// fields say more exactly where its audio lies (`AudioStreamInfo.gapless`), the reader drops the
/// priming FFmpeg leaves and trims the end itself, in place of FFmpeg's end trim. When the
/// output rate differs, the resampler is flushed at the end and the length is made exact:
/// `frames × outputRate / inputRate`, rounded to the nearest sample frame.
public final class AudioFileReader {
  /// What the file declared before decoding.
  public let info: AudioStreamInfo
  /// The rate and channel count of the blocks this reader returns.
  public let output: PCMLayout
  /// How the rate is converted, where the output's differs from the file's.
  public let resampling: ResamplingQuality
  /// Sample frames decoded from the source so far, at the source's rate, after trimming.
  public private(set) var sourceFramesDecoded: Int64 = 0
  /// Sample frames returned so far, at the output rate, counting those a `seek` skipped.
  public private(set) var framesDelivered: Int64 = 0
  /// Encoder delay (priming) removed from the start so far, in source frames.
  public private(set) var delayRemoved: Int64 = 0
  /// Encoder padding removed from the end so far, in source frames.
  public private(set) var paddingRemoved: Int64 = 0
  /// What the reader decodes through instead of refusing.
  public let tolerance: DecodeTolerance
  /// Where damage was decoded through, in source frames: the samples lost, rendered as silence
  /// (empty where the decoder hid the damage itself).
  public private(set) var damagedRanges: [Range<Int64>] = []
  /// Frames a truncated file lacks at its end, when `tolerance` let it be rendered as far as it goes.
  public private(set) var missingAtEnd: Int64 = 0

  private var demuxer: Demuxer
  private var decoder: AudioDecoder
  private let packet = Packet()
  private let frame = Frame()
  private let buffer: SampleBuffer
  private var resampler: Resampler?
  /// True for a floating-point source, whose samples may be NaN or infinite (damage).
  private var mayHoldNonNumbers = false
  private var state = State.decoding
  /// Converted frames kept back from the last block: where they start in `buffer`, how many.
  private var heldFrames = (start: 0, count: 0)
  private static let heldBackFrames = 32
  /// The exact length the file states, past which decoded samples are end padding.
  private let trimLimit: Int64?
  /// Decoded frames still to drop at the start: priming that FFmpeg leaves in.
  private var primingToDrop: Int64

  private enum State { case decoding, flushing, finished }
  /// After a seek: the source frame the next block must start at.
  private var seekTarget: Int64?
  /// True when `frame` holds a decoded frame not yet converted: the one a seek found, or one
  /// that waits for the silence standing in for damage before it.
  private var holdsDecodedFrame = false
  /// Frames of silence still to put out for damaged packets, before the frame held.
  private var silenceToInsert: Int64 = 0
  /// Where the damage being decoded through began, until the next good frame.
  private var damageStart: Int64?
  /// Containers whose frames stand alone, so a seek needs no pre-roll.
  private static let standaloneFrameContainers: Set<String> = ["flac", "wav", "aiff", "w64"]
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
  ) throws {
    self.tolerance = tolerance
    self.resampling = resampling
    demuxer = try Demuxer(path: path)
    decoder = try AudioDecoder(for: demuxer)
    info = known ?? AudioStreamInfo(demuxer: demuxer)
    let layout = output ?? PCMLayout(sampleRate: info.sampleRate, channelCount: info.channelCount)
    self.output = layout
    buffer = SampleBuffer(channelCount: layout.channelCount)
    trimLimit = info.gapless?.length
    primingToDrop = info.gapless?.skip ?? 0
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
  public func nextBlock() throws -> UnsafeBufferPointer<Float>? {
    while true {
      switch state {
      case .finished:
        return nil
      case .flushing:
        state = .finished
        if let block = try flushResampler() { return block }
      case .decoding where silenceToInsert > 0:
        if let block = try convertSilence() { return block }
      case .decoding where holdsDecodedFrame:
        holdsDecodedFrame = false
        if let block = try convertDecodedFrame() { return block }
      case .decoding:
        switch try receiveFrame() {
        case .produced:
          if placeAfterDamage() { continue }
          if let block = try convertDecodedFrame() { return block }
        case .needsInput:
          try sendNextPacket()
        case .finished:
          try finishAtEnd()
        }
      }
    }
  }

  /// Moves so that the next block starts `target` frames into the source, and returns true; or
  /// returns false, having done nothing, where that cannot be done exactly.
  ///
  /// It seeks to `seekPreRoll` frames before the target (none for FLAC, WAV and AIFF, whose frames
  /// stand alone), decodes up to the target and checks on the way that the frames' timestamps run
  /// on without a gap and reach the target; if they do not, it goes back to the start and returns
  /// false, so the caller decodes from there. Resampled output cannot seek (its filter's phase
  /// depends on everything before); nor can a reader that has started.
  public func seek(toFrame target: Int64) throws -> Bool {
    guard target > 0, output.sampleRate == info.sampleRate, framesDelivered == 0, resampler == nil, !holdsDecodedFrame
    else { return false }
    let preRoll = Self.standaloneFrameContainers.contains(info.containerName) ? 0 : Self.seekPreRoll
    let entry = max(0, target - preRoll)
    try demuxer.seek(to: streamTimestamp(ofFrame: entry))
    decoder.flush()
    if try decodeUntilFrame(containing: target) {
      seekTarget = target
      holdsDecodedFrame = true
      return true
    }
    // Start again from the top with a fresh demuxer and decoder, as when the file was opened.
    demuxer = try Demuxer(path: demuxer.path)
    decoder = try AudioDecoder(for: demuxer)
    return false
  }

  /// The stream timestamp of source frame `frame` (after the encoder delay).
  private func streamTimestamp(ofFrame frame: Int64) -> Int64 {
    let stream = demuxer.stream.pointee
    let start = stream.start_time == SEGUE_NOPTS_VALUE ? 0 : stream.start_time
    return start + av_rescale_q(frame + leadingSkip, AVRational(num: 1, den: Int32(info.sampleRate)), stream.time_base)
  }

  /// The priming the reader drops itself, in decoded frames.
  private var leadingSkip: Int64 { info.gapless?.skip ?? 0 }

  /// Decodes after a seek until `frame` holds the frame that contains source frame `target`;
  /// false when the timestamps jump, are missing, or start past the target.
  private func decodeUntilFrame(containing target: Int64) throws -> Bool {
    var expectedStart: Int64?
    while true {
      switch try decoder.receive(into: frame) {
      case .produced:
        guard let start = decodedFrameStart, start <= target, expectedStart.map({ $0 == start }) ?? true else { return false }
        let end = start + Int64(frame.sampleCount)
        if end > target { return true }
        expectedStart = end
      case .needsInput:
        let packet = try demuxer.read(into: packet) ? packet : nil
        guard let packet else { return false }
        try decoder.send(packet)
      case .finished:
        return false
      }
    }
  }

  /// Where the decoded frame starts in the source, in frames after the encoder delay; nil when
  /// it carries no timestamp.
  private var decodedFrameStart: Int64? {
    let timestamp = frame.pointer.pointee.best_effort_timestamp
    guard timestamp != SEGUE_NOPTS_VALUE else { return nil }
    let start = demuxer.stream.pointee.start_time
    return av_rescale_q(
      timestamp - (start == SEGUE_NOPTS_VALUE ? 0 : start), demuxer.stream.pointee.time_base, AVRational(num: 1, den: Int32(info.sampleRate)))
      - leadingSkip
  }

  private func convertDecodedFrame() throws -> UnsafeBufferPointer<Float>? {
    var first = 0
    if let target = seekTarget {
      guard let start = decodedFrameStart, start <= target else {
        throw AudioFileError.seekFailed(path: demuxer.path, target: target)
      }
      if start + Int64(frame.sampleCount) <= target { return nil }
      first = Int(target - start)
      // A seek happens only where output frames are source frames.
      sourceFramesDecoded = target
      framesDelivered = target
      seekTarget = nil
      primingToDrop = 0
    }
    if primingToDrop > 0 {
      let dropped = Int(min(primingToDrop, Int64(frame.sampleCount)))
      first += dropped
      primingToDrop -= Int64(dropped)
      delayRemoved += Int64(dropped)
    }
    let untrimmed = frame.sampleCount - first
    var count = untrimmed
    if let trimLimit { count = Int(min(Int64(count), max(0, trimLimit - sourceFramesDecoded))) }
    paddingRemoved += Int64(untrimmed - count)
    guard count > 0 else { return nil }
    return try convert(frame, first: first, count: count)
  }

  /// Converts `count` frames of `decoded` from its frame `first` into the output layout.
  private func convert(_ decoded: Frame, first: Int, count: Int) throws -> UnsafeBufferPointer<Float>? {
    if resampler == nil {
      resampler = try Resampler(convertingFramesLike: decoded, to: output, quality: resampling, path: demuxer.path)
      mayHoldNonNumbers = [AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_DBL, AV_SAMPLE_FMT_DBLP].contains(decoded.sampleFormat)
    } else if !resampler!.accepts(decoded) {
      throw AudioFileError.formatChanged(path: demuxer.path, atFrame: sourceFramesDecoded)
    }
    sourceFramesDecoded += Int64(count)
    let held = takeHeldFrames()
    let written = try resampler!.convert(decoded, from: first, count: count, into: buffer, at: held)
    return try deliver(held + written, holdingBack: isUnconverted ? 0 : Self.heldBackFrames)
  }

  /// Drains the resampler and pads or trims the end to the exact converted length.
  private func flushResampler() throws -> UnsafeBufferPointer<Float>? {
    guard let resampler else { return nil }
    var available = takeHeldFrames()
    while true {
      let written = try resampler.convert(nil, count: 0, into: buffer, at: available)
      if written == 0 { break }
      available += written
    }
    let expected = Self.convertedLength(sourceFramesDecoded, from: info.sampleRate, to: output.sampleRate)
    let remaining = Int(max(0, expected - framesDelivered))
    if remaining > available {
      buffer.reserve(frames: remaining)
      buffer.storage[(available * output.channelCount)..<(remaining * output.channelCount)].update(repeating: 0)
    }
    return try deliver(remaining, holdingBack: 0)
  }

  /// Returns the first `frames - holdingBack` buffered frames and keeps the rest for next time.
  ///
  /// libswresample may put out a frame or two more than the exact converted length before it is
  /// flushed; holding a few frames back lets the flush trim them instead of a later sample.
  private func deliver(_ frames: Int, holdingBack: Int) throws -> UnsafeBufferPointer<Float>? {
    let delivered = max(0, frames - holdingBack)
    heldFrames = (delivered, frames - delivered)
    guard delivered > 0 else { return nil }
    if mayHoldNonNumbers { try passNonNumbers(in: delivered) }
    framesDelivered += Int64(delivered)
    return buffer.frames(0..<delivered)
  }

  /// Samples that are not numbers (NaN or infinite), which only a floating-point source can hold,
  /// are damage: refused naming where the first is, or, where `tolerance` allows, made silence
  /// and listed with the damage (each block's first to last such frame, in source frames).
  private func passNonNumbers(in frames: Int) throws {
    let samples = buffer.storage[..<(frames * output.channelCount)]
    // The largest magnitude as bits: infinity's and NaN's are above every finite value's.
    guard samples.reduce(0, { max($0, $1.bitPattern & 0x7fff_ffff) }) >= Float.infinity.bitPattern else { return }
    let bad = samples.indices.filter { !samples[$0].isFinite }
    let sourceFrame = { (index: Int) in
      Self.convertedLength(self.framesDelivered + Int64(index / self.output.channelCount), from: self.output.sampleRate, to: self.info.sampleRate)
    }
    guard tolerance.damaged else {
      throw AudioFileError.notANumber(path: demuxer.path, atFrame: sourceFrame(bad[0]), sampleRate: info.sampleRate)
    }
    for index in bad { buffer.storage[index] = 0 }
    damagedRanges.append(sourceFrame(bad[0])..<(sourceFrame(bad[bad.count - 1]) + 1))
  }

  /// Moves the frames held back last time to the front of the buffer and says how many there are.
  private func takeHeldFrames() -> Int {
    buffer.moveToFront(from: heldFrames.start, count: heldFrames.count)
    defer { heldFrames = (0, 0) }
    return heldFrames.count
  }

  /// Feeds the decoder; a frame that fails to decode at the end of the file means it was cut
  /// short, one that fails before it is damage (decoded through when `tolerance` allows).
  private func sendNextPacket() throws {
    let packet: Packet?
    do {
      packet = try demuxer.read(into: self.packet) ? self.packet : nil
    } catch {
      try passDamage(error)
      return
    }
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
      try decoder.send(nil)
    } catch where error.isInvalidData && demuxer.isAtEndOfFile && !tolerance.truncated {
      throw AudioFileError.truncated(path: demuxer.path, decoded: sourceFramesDecoded, declared: info.declaredFrameCount)
    } catch {
      try passDamage(error)
    }
  }

  /// True when `error` is the decoder failing on tags or stray bytes after the last whole frame:
  /// the audio has ended. They come in a packet of their own, or (FLAC's parser) with the last
  /// frame's, whose remainder the decoder then fails on when asked for the next frame.
  private func endsTheAudio(_ error: FFmpegError) -> Bool {
    error.isInvalidData && demuxer.isAtEndOfFile && audioIsComplete
  }

  /// True when all the audio the file holds has been decoded: the stated length is reached, or
  /// the last whole frame was (what follows is tags or stray bytes). A file that states less than
  /// it holds (FLACs joined byte for byte) ends at the first frame past its stated length that
  /// fails to decode, as a file with tags after its audio does.
  private var audioIsComplete: Bool {
    info.endsWithWholeFrame == true || (trimLimit ?? info.declaredFrameCount).map { sourceFramesDecoded >= $0 } ?? false
  }

  /// Takes the decoder's next frame; a frame it fails to decode is damage.
  private func receiveFrame() throws -> CodecStep {
    do {
      return try decoder.receive(into: frame)
    } catch where endsTheAudio(error) {
      try decoder.send(nil)
      return .needsInput
    } catch {
      try passDamage(error)
      return .needsInput
    }
  }

  /// Notes damage where `tolerance` allows decoding through it (the packet is dropped); else throws
  /// naming where it is.
  private func passDamage(_ error: FFmpegError) throws {
    guard tolerance.damaged, error.isInvalidData else {
      throw AudioFileError.undecodable(path: demuxer.path, atFrame: sourceFramesDecoded, sampleRate: info.sampleRate, cause: error)
    }
    if damageStart == nil { damageStart = sourceFramesDecoded }
  }

  /// After damage, places the frame just decoded by its timestamp: the frames lost before it
  /// become silence, and the frame waits for them. True when the frame is held rather than to be
  /// converted now.
  private func placeAfterDamage() -> Bool {
    guard let start = damageStart else { return false }
    damageStart = nil
    guard let decodedStart = decodedFrameStart, trimLimit.map({ decodedStart < $0 }) ?? true else {
      damagedRanges.append(start..<start)
      return false
    }
    let lost = max(0, decodedStart - sourceFramesDecoded)
    damagedRanges.append(start..<(sourceFramesDecoded + lost))
    guard lost > 0 else { return false }
    silenceToInsert = lost
    holdsDecodedFrame = true
    return true
  }

  /// At the end of the stream: a file shorter than it says is truncated, unless `tolerance`
  /// lets it end where it does; damage at the very end becomes silence up to the stated length.
  private func finishAtEnd() throws {
    state = .flushing
    guard let declared = info.declaredFrameCount, sourceFramesDecoded < declared else { return }
    if let start = damageStart, tolerance.damaged {
      damageStart = nil
      damagedRanges.append(start..<declared)
      silenceToInsert = declared - sourceFramesDecoded
      state = .decoding
      return
    }
    guard tolerance.truncated else {
      throw AudioFileError.truncated(path: demuxer.path, decoded: sourceFramesDecoded, declared: declared)
    }
    missingAtEnd = declared - sourceFramesDecoded
  }

  /// Puts out the next stretch of silence that stands in for damaged packets.
  private func convertSilence() throws -> UnsafeBufferPointer<Float>? {
    let count = Int(min(silenceToInsert, 65_536))
    silenceToInsert -= Int64(count)
    return try convert(try decoder.silence(frames: count), first: 0, count: count)
  }
}
