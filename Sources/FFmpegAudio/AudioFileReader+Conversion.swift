import CFFmpegShim

/// Conversion into the output layout and rate, and the exact converted length at the end.
extension AudioFileReader {
  /// Converts `count` frames of `decoded` from its frame `first` into the output layout.
  func convert(_ decoded: Frame, first: Int, count: Int) throws(AudioFileError) -> UnsafeBufferPointer<Float>? {
    if resampler == nil {
      resampler = try AudioFileError.wrapping { () throws(FFmpegError) in
        try Resampler(convertingFramesLike: decoded, to: output, quality: resampling, path: demuxer.path)
      }
      mayHoldNonNumbers = [AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_DBL, AV_SAMPLE_FMT_DBLP].contains(decoded.sampleFormat)
    } else if !resampler!.accepts(decoded) {
      throw .formatChanged(path: demuxer.path, atFrame: sourceFramesDecoded)
    }
    sourceFramesDecoded += Int64(count)
    let held = takeHeldFrames()
    let written = try AudioFileError.wrapping { () throws(FFmpegError) in try resampler!.convert(decoded, from: first, count: count, into: buffer, at: held) }
    return try deliver(held + written, holdingBack: isUnconverted ? 0 : Self.heldBackFrames)
  }

  /// Drains the resampler and pads or trims the end to the exact converted length.
  func flushResampler() throws(AudioFileError) -> UnsafeBufferPointer<Float>? {
    guard let resampler else { return nil }
    var available = takeHeldFrames()
    while true {
      let written = try AudioFileError.wrapping { () throws(FFmpegError) in try resampler.convert(nil, count: 0, into: buffer, at: available) }
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
  func deliver(_ frames: Int, holdingBack: Int) throws(AudioFileError) -> UnsafeBufferPointer<Float>? {
    let delivered = max(0, frames - holdingBack)
    heldFrames = (delivered, frames - delivered)
    guard delivered > 0 else { return nil }
    if mayHoldNonNumbers { try passNonNumbers(in: delivered) }
    framesDelivered += Int64(delivered)
    return buffer.frames(0..<delivered)
  }

  /// Moves the frames held back last time to the front of the buffer and says how many there are.
  func takeHeldFrames() -> Int {
    buffer.moveToFront(from: heldFrames.start, count: heldFrames.count)
    defer { heldFrames = (0, 0) }
    return heldFrames.count
  }
}
