import Foundation

/// Where a signal is audible at one threshold, to the sample: each span runs from a sample at or
/// above the threshold (on any channel) to the last such sample before a quiet run of at least
/// `minimumGap` frames, where every channel stays below it.
///
/// Silence detection reads these: a pause is the quiet run between two spans, dead air the quiet
/// run before the first span or after the last. Each span keeps its peak, so a room-noise bump
/// that barely crosses the threshold can be told from speech (see `Silences`).
public struct AudibleSpans: Sendable, Equatable, Codable {
  /// The threshold, in dBFS.
  public var thresholdDB: Double
  /// The signal's length in frames.
  public var frameCount: Int64
  /// Quiet runs shorter than this many frames do not end a span.
  public var minimumGap: Int64
  /// The spans, in order, none overlapping.
  public var spans: [Span]

  /// One audible stretch: `range` in frames, from its first sample at or above the threshold to
  /// one past its last.
  public struct Span: Sendable, Equatable, Codable {
    public var range: Range<Int64>
    /// Its highest sample, in dBFS.
    public var peakDB: Double

    public init(range: Range<Int64>, peakDB: Double) {
      self.range = range
      self.peakDB = peakDB
    }
  }

  public init(thresholdDB: Double, frameCount: Int64, minimumGap: Int64, spans: [Span]) {
    self.thresholdDB = thresholdDB
    self.frameCount = frameCount
    self.minimumGap = minimumGap
    self.spans = spans
  }

  /// The shortest quiet run that ends a span, in seconds: shorter than any pause worth shortening,
  /// longer than the gaps between a voice's zero crossings.
  public static let minimumGapSeconds = 0.05
}

/// Finds the audible spans of a signal at several thresholds at once, block by block.
public final class AudibleSpansFinder {
  private let channelCount: Int
  private let minimumGap: Int64
  private var trackers: [Tracker]
  private var frame: Int64 = 0

  /// The spans being built at one threshold.
  private struct Tracker {
    let thresholdDB: Double
    let threshold: Float
    var spans: [AudibleSpans.Span] = []
    /// The open span: its first frame, one past its last loud frame, and its peak.
    var open: (start: Int64, end: Int64, peak: Float)?
  }

  /// A finder for interleaved samples of `channelCount` channels at `sampleRate`, at each of
  /// `thresholdsDB` (dBFS).
  public init(sampleRate: Int, channelCount: Int, thresholdsDB: [Double]) {
    self.channelCount = max(1, channelCount)
    minimumGap = Int64((AudibleSpans.minimumGapSeconds * Double(sampleRate)).rounded())
    trackers = thresholdsDB.map { Tracker(thresholdDB: $0, threshold: Float(pow(10, $0 / 20))) }
  }

  /// Adds interleaved samples.
  public func add(_ samples: UnsafeBufferPointer<Float>) {
    let frames = samples.count / channelCount
    guard frames > 0, !trackers.isEmpty else { return }
    let lowest = trackers.map(\.threshold).min()!
    for index in 0..<frames {
      var loudest: Float = 0
      for channel in 0..<channelCount { loudest = max(loudest, abs(samples[index * channelCount + channel])) }
      // Most frames of speech and music are above every threshold or below the lowest.
      guard loudest >= lowest else { continue }
      let position = frame + Int64(index)
      for slot in trackers.indices where loudest >= trackers[slot].threshold { mark(position, loudest, in: &trackers[slot]) }
    }
    frame += Int64(frames)
  }

  private func mark(_ position: Int64, _ level: Float, in tracker: inout Tracker) {
    if let open = tracker.open, position - open.end < minimumGap {
      tracker.open = (open.start, position + 1, max(open.peak, level))
      return
    }
    close(&tracker)
    tracker.open = (position, position + 1, level)
  }

  private func close(_ tracker: inout Tracker) {
    guard let open = tracker.open else { return }
    tracker.spans.append(AudibleSpans.Span(range: open.start..<open.end, peakDB: decibels(Double(open.peak))))
    tracker.open = nil
  }

  /// The spans at each threshold, in the order the thresholds were given.
  public func finish() -> [AudibleSpans] {
    trackers.indices.map { slot in
      close(&trackers[slot])
      return AudibleSpans(thresholdDB: trackers[slot].thresholdDB, frameCount: frame, minimumGap: minimumGap, spans: trackers[slot].spans)
    }
  }
}
