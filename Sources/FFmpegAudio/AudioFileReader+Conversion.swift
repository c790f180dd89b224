import CFFmpegShim

/// Conversion into the output layout and rate, and the exact converted length at the end.
extension AudioFileReader {
  /// Puts out `count` frames of `decoded` from its frame `first`, in the output layout: converted
  /// now, or, where the conversion changes only the samples' type (`Resampler.passesIntegers`),
  /// when the block's floats are asked for.
  func convert(_ decoded: Frame, first: Int, count: Int) throws(AudioFileError) -> DecodedBlock? {
    if resampler == nil {
      resampler = try AudioFileError.wrapping { () throws(FFmpegError) in
        try Resampler(convertingFramesLike: decoded, to: output, quality: resampling, path: demuxer.path)
      }
      mayHoldNonNumbers = [AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_DBL, AV_SAMPLE_FMT_DBLP].contains(decoded.sampleFormat)
    } else if !resampler!.accepts(decoded) {
      throw .formatChanged(path: demuxer.path, atFrame: sourceFramesDecoded)
    }
    sourceFramesDecoded += Int64(count)
    if let integers = resampler!.passesIntegers {
      framesDelivered += Int64(count)
      return handOut(frames: count, integers: integers, unconverted: (decoded, first, count))
    }
    let held = takeHeldFrames()
    let written = try AudioFileError.wrapping { () throws(FFmpegError) in try resampler!.convert(decoded, from: first, count: count, into: buffer, at: held) }
    return try deliver(held + written, holdingBack: isUnconverted ? 0 : Self.heldBackFrames)
  }

  /// Drains the resampler and pads or trims the end to the exact converted length.
  func flushResampler() throws(AudioFileError) -> DecodedBlock? {
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

  /// Hands out the first `frames - holdingBack` buffered frames and keeps the rest for next time.
  ///
  /// libswresample may put out a frame or two more than the exact converted length before it is
  /// flushed; holding a few frames back lets the flush trim them instead of a later sample.
  func deliver(_ frames: Int, holdingBack: Int) throws(AudioFileError) -> DecodedBlock? {
    let delivered = max(0, frames - holdingBack)
    heldFrames = (delivered, frames - delivered)
    guard delivered > 0 else { return nil }
    if mayHoldNonNumbers { try passNonNumbers(in: delivered) }
    framesDelivered += Int64(delivered)
    return handOut(frames: delivered, integers: nil, unconverted: nil)
  }

  /// The next block: `frames` frames, in `buffer` already or still to convert from `unconverted`.
  private func handOut(frames: Int, integers: DecodedIntegers?, unconverted: (frame: Frame, first: Int, count: Int)?) -> DecodedBlock {
    self.unconverted = unconverted
    convertedYet = unconverted == nil
    blocksHandedOut += 1
    return DecodedBlock(frameCount: frames, integers: integers, reader: self, serial: blocksHandedOut)
  }

  /// `block`'s floats, converted into `buffer` if they are not there yet.
  func floats(of block: DecodedBlock) throws(AudioFileError) -> UnsafeBufferPointer<Float> {
    precondition(block.serial == blocksHandedOut, "a decoded block is read after the reader moved on")
    if !convertedYet, let (frame, first, count) = unconverted {
      let written = try AudioFileError.wrapping { () throws(FFmpegError) in try resampler!.convert(frame, from: first, count: count, into: buffer, at: 0) }
      // A conversion of the samples' type alone puts out every frame it is given, at once.
      precondition(written == count, "libswresample held back frames of a conversion that changes no rate")
      convertedYet = true
    }
    return buffer.frames(0..<block.frameCount)
  }

  /// `block`'s integers of its frames `frames`, held by reference to the decoded frame.
  func holdIntegers(of block: DecodedBlock, _ frames: Range<Int>) -> HeldIntegers {
    precondition(block.serial == blocksHandedOut, "a decoded block is read after the reader moved on")
    guard let (frame, first, _) = unconverted, let integers = block.integers else {
      preconditionFailure("only a block of unconverted integers is held as integers")
    }
    return HeldIntegers(frame, first: first + frames.lowerBound, count: frames.count, integers: integers)
  }

  /// Moves the frames held back last time to the front of the buffer and says how many there are.
  func takeHeldFrames() -> Int {
    buffer.moveToFront(from: heldFrames.start, count: heldFrames.count)
    defer { heldFrames = (0, 0) }
    return heldFrames.count
  }
}
