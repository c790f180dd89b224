import FFmpegAudio

/// Collects a source's edge snippets while it is decoded: mono, resampled to the snippets' rate,
/// the head kept as it comes and the tail in a ring of the last seconds. Its resampler's failures
/// are the decoding's (`AudioFileError.ffmpeg`), thrown with the reader's.
final class EdgeCollector {
  private let sourceRate: Int
  private let channels: Int
  private let resampler: Resampler
  private var mono: [Float] = []
  private var head: [Float] = []
  private var ring: [Float]
  private var produced = 0
  /// The source frame the decoding started at.
  private let origin: Int64
  /// How many of the last snippet samples the tail keeps.
  private let tailLength: Int

  /// Collects from source frame `origin` on, keeping `tailLength` snippet samples of the tail.
  init(sourceRate: Int, channels: Int, startingAt origin: Int64 = 0, tailLength: Int = EdgeSnippets.length) throws(AudioFileError) {
    self.sourceRate = sourceRate
    self.channels = channels
    self.origin = origin
    self.tailLength = tailLength
    resampler = try AudioFileError.wrapping { () throws(FFmpegError) in
      try Resampler(channels: 1, from: sourceRate, to: EdgeSnippets.rate, quality: .high)
    }
    ring = [Float](repeating: 0, count: tailLength)
  }

  /// Takes the next block of interleaved samples at the source's rate.
  func add(_ block: UnsafeBufferPointer<Float>) throws(AudioFileError) {
    let frames = block.count / channels
    if mono.count < frames { mono = [Float](repeating: 0, count: frames) }
    let scale = 1 / Float(channels)
    for frame in 0..<frames {
      var sum: Float = 0
      for channel in 0..<channels { sum += block[frame * channels + channel] }
      mono[frame] = sum * scale
    }
    try AudioFileError.wrapping { () throws(FFmpegError) in
      try mono.withUnsafeBufferPointer { samples throws(FFmpegError) in
        keep(try resampler.convert(UnsafeBufferPointer(rebasing: samples[0..<frames])))
      }
    }
  }

  /// The head as collected, for a collector that read only a source's start.
  func finishHead() throws(AudioFileError) -> [Float] {
    try flush()
    return head
  }

  /// Flushes the resampler and returns the snippets (the tail ending where the decoding ended).
  func finish(head knownHead: [Float]? = nil) throws(AudioFileError) -> EdgeSnippets {
    try flush()
    let kept = min(produced, tailLength)
    let start = produced - kept
    let tail = (start..<produced).map { ring[$0 % tailLength] }
    let tailStart = Double(origin) + Double(start) * Double(sourceRate) / Double(EdgeSnippets.rate)
    return EdgeSnippets(sourceRate: sourceRate, head: knownHead ?? head, tail: tail, tailStart: tailStart)
  }

  /// Takes what the resampler still holds.
  private func flush() throws(AudioFileError) {
    keep(try AudioFileError.wrapping { () throws(FFmpegError) in try resampler.convert(nil) })
  }

  private func keep(_ samples: ArraySlice<Float>) {
    for sample in samples {
      if head.count < EdgeSnippets.length { head.append(sample) }
      ring[produced % tailLength] = sample
      produced += 1
    }
  }
}
