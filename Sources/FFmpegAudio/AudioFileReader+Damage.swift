import CFFmpegShim

/// Damage: packets that fail to decode, samples that are not numbers, and the silence that stands in for what was lost.
extension AudioFileReader {
  /// Samples that are not numbers (NaN or infinite), which only a floating-point source can hold,
  /// are damage: refused naming where the first is, or, where `tolerance` allows, made silence
  /// and listed with the damage (each block's first to last such frame, in source frames).
  func passNonNumbers(in frames: Int) throws(AudioFileError) {
    let samples = buffer.storage[..<(frames * output.channelCount)]
    // The largest magnitude as bits: infinity's and NaN's are above every finite value's.
    guard samples.reduce(0, { max($0, $1.bitPattern & 0x7fff_ffff) }) >= Float.infinity.bitPattern else { return }
    let bad = samples.indices.filter { !samples[$0].isFinite }
    let sourceFrame = { (index: Int) in
      Self.convertedLength(self.framesDelivered + Int64(index / self.output.channelCount), from: self.output.sampleRate, to: self.info.sampleRate)
    }
    guard tolerance.damaged else {
      throw .notANumber(path: demuxer.path, atFrame: sourceFrame(bad[0]), sampleRate: info.sampleRate)
    }
    for index in bad { buffer.storage[index] = 0 }
    damagedRanges.append(sourceFrame(bad[0])..<(sourceFrame(bad[bad.count - 1]) + 1))
  }

  /// True when `error` is the decoder failing on tags or stray bytes after the last whole frame:
  /// the audio has ended. They come in a packet of their own, or (FLAC's parser) with the last
  /// frame's, whose remainder the decoder then fails on when asked for the next frame.
  func endsTheAudio(_ error: FFmpegError) -> Bool {
    error.isInvalidData && demuxer.isAtEndOfFile && audioIsComplete
  }

  /// True when all the audio the file holds has been decoded: the stated length is reached, or
  /// the last whole frame was (what follows is tags or stray bytes). A file that states less than
  /// it holds (FLACs joined byte for byte) ends at the first frame past its stated length that
  /// fails to decode, as a file with tags after its audio does.
  var audioIsComplete: Bool {
    info.endsWithWholeFrame == true || (trimLimit ?? info.declaredFrameCount).map { framesDecodedSoFar >= $0 } ?? false
  }

  /// Notes damage where `tolerance` allows decoding through it (the packet is dropped); else throws
  /// naming where it is.
  func passDamage(_ error: FFmpegError) throws(AudioFileError) {
    guard tolerance.damaged, error.isInvalidData else {
      throw .undecodable(path: demuxer.path, atFrame: framesDecodedSoFar, sampleRate: info.sampleRate, cause: error)
    }
    followsDecodeError = true
  }

  /// Sample frames decoded so far, those not yet put out included.
  var framesDecodedSoFar: Int64 { sourceFramesDecoded + placement.framesWaiting }

  /// Places the frame just decoded by its timestamp: the frame that waited before it is put out
  /// (after silence for what was lost before it), and this one waits in its place.
  func placeDecodedFrame() throws(AudioFileError) {
    let release = placement.place(start: start(of: frame), count: Int64(frame.sampleCount), afterDecodeError: followsDecodeError)
    followsDecodeError = false
    if let release { try putOut(release) }
    swap(&frame, &waitingFrame)
  }

  /// Puts out the frame that waited, after silence of the length lost before it; lost audio is
  /// refused unless `tolerance` allows it, naming where it is.
  func putOut(_ release: FramePlacement.Release) throws(AudioFileError) {
    if release.followsDamage {
      // Past the length the file states, decoded samples are padding: nothing is lost there.
      let lost = trimLimit.map { min(release.silence, max(0, $0 - sourceFramesDecoded)) } ?? release.silence
      if lost > 0, !tolerance.damaged {
        throw .skipped(path: demuxer.path, atFrame: sourceFramesDecoded, frames: lost, sampleRate: info.sampleRate)
      }
      if tolerance.damaged {
        damagedRanges.append(sourceFramesDecoded..<(sourceFramesDecoded + lost))
        silenceToInsert = lost
      }
    }
    if release.putsOutFrame {
      swap(&outgoingFrame, &waitingFrame)
      holdsOutgoingFrame = true
    }
  }

  /// Puts out the next stretch of silence that stands in for damaged packets.
  func convertSilence() throws(AudioFileError) -> DecodedBlock? {
    let count = Int(min(silenceToInsert, 65_536))
    silenceToInsert -= Int64(count)
    return try convert(try AudioFileError.wrapping { () throws(FFmpegError) in try decoder.silence(frames: count) }, first: 0, count: count)
  }
}
