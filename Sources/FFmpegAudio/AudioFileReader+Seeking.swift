import CFFmpegShim

/// Seeking: entering a file at a frame exactly, or saying it cannot be done.
extension AudioFileReader {
  /// Moves so that the next block starts `target` frames into the source, and returns true; or
  /// returns false, having done nothing, where that cannot be done exactly.
  ///
  /// It seeks to `seekPreRoll` frames before the target (none for FLAC, WAV and AIFF, whose frames
  /// stand alone), decodes up to the target and checks on the way that the frames' timestamps run
  /// on without a gap and reach the target; if they do not, it goes back to the start and returns
  /// false, so the caller decodes from there. Resampled output cannot seek (its filter's phase
  /// depends on everything before); nor can a reader that has started.
  public func seek(toFrame target: Int64) throws(AudioFileError) -> Bool {
    guard target > 0, output.sampleRate == info.sampleRate, framesDelivered == 0, resampler == nil, !holdsOutgoingFrame,
      placement.framesWaiting == 0
    else { return false }
    return try AudioFileError.wrapping { () throws(FFmpegError) -> Bool in
      let preRoll = Self.standaloneFrameContainers.contains(info.containerName) ? 0 : Self.seekPreRoll
      let entry = max(0, target - preRoll)
      try demuxer.seek(to: streamTimestamp(ofFrame: entry))
      decoder.flush()
      if try decodeUntilFrame(containing: target) {
        seekTarget = target
        placement.restart(endingAt: start(of: frame).map { $0 + Int64(frame.sampleCount) })
        mp3Stamps?.restart()
        swap(&frame, &outgoingFrame)
        holdsOutgoingFrame = true
        return true
      }
      // Start again from the top with a fresh demuxer and decoder, as when the file was opened.
      demuxer = try Demuxer(path: demuxer.path)
      decoder = try AudioDecoder(for: demuxer)
      mp3Stamps?.restart()
      return false
    }
  }

  /// The stream timestamp of source frame `frame` (after the encoder delay).
  func streamTimestamp(ofFrame frame: Int64) -> Int64 {
    let stream = demuxer.stream.pointee
    let start = stream.start_time == SEGUE_NOPTS_VALUE ? 0 : stream.start_time
    return start + av_rescale_q(frame + leadingSkip, AVRational(num: 1, den: Int32(info.sampleRate)), stream.time_base)
  }

  /// The priming the reader drops itself, in decoded frames.
  var leadingSkip: Int64 { info.gapless?.skip ?? 0 }

  /// Decodes after a seek until `frame` holds the frame that contains source frame `target`;
  /// false when the timestamps jump, are missing, or start past the target.
  func decodeUntilFrame(containing target: Int64) throws(FFmpegError) -> Bool {
    var expectedStart: Int64?
    while true {
      switch try decoder.receive(into: frame) {
      case .produced:
        guard let start = start(of: frame), start <= target, expectedStart.map({ $0 == start }) ?? true else { return false }
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

  /// Where `decoded` starts in the source, in frames after the encoder delay; nil when it carries
  /// no timestamp.
  func start(of decoded: Frame) -> Int64? {
    let timestamp = decoded.pointer.pointee.best_effort_timestamp
    guard timestamp != SEGUE_NOPTS_VALUE else { return nil }
    let start = demuxer.stream.pointee.start_time
    return av_rescale_q(
      timestamp - (start == SEGUE_NOPTS_VALUE ? 0 : start), demuxer.stream.pointee.time_base, AVRational(num: 1, den: Int32(info.sampleRate)))
      - leadingSkip
  }
}
