import CFFmpegShim

/// Gapless trimming: the priming FFmpeg leaves dropped, the end trimmed at the stated length.
extension AudioFileReader {
  /// Puts out the outgoing frame (`convert`): entered at a seek's target, the priming FFmpeg left dropped,
  /// the end trimmed at the length the file states; nil when nothing of it is kept.
  func convertDecodedFrame() throws(AudioFileError) -> DecodedBlock? {
    let frame = outgoingFrame
    var first = 0
    if let target = seekTarget {
      guard let start = start(of: frame), start <= target else {
        throw .seekFailed(path: demuxer.path, target: target)
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
}
