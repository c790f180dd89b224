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

  /// These spans followed by `later`'s, found in the part of the signal right after this one (at
  /// the same threshold): what one finder over both parts finds, the span at the seam joined
  /// when the quiet run between is shorter than the minimum gap.
  public func followed(by later: AudibleSpans) -> AudibleSpans {
    var joined = self
    joined.frameCount += later.frameCount
    var rest = later.spans[...]
    if let last = spans.last, let first = rest.first, first.range.lowerBound - last.range.upperBound < minimumGap {
      joined.spans[joined.spans.count - 1] = Span(range: last.range.lowerBound..<first.range.upperBound, peakDB: max(last.peakDB, first.peakDB))
      rest = rest.dropFirst()
    }
    joined.spans += rest
    return joined
  }
}

/// Finds the audible spans of a signal at several thresholds at once, block by block.
///
/// Frames are read in chunks far shorter than the minimum gap, so no gap ends inside one: a chunk
/// whose largest sample is under a threshold is passed over whole, and in one that is not only its
/// first and last loud frames matter.
public final class AudibleSpansFinder {
  private let channelCount: Int
  private let minimumGap: Int64
  private var trackers: [Tracker]
  private var frame: Int64
  private let origin: Int64
  /// Frames read as one chunk.
  private static let chunkFrames = 64

  /// The spans being built at one threshold.
  private struct Tracker {
    let thresholdDB: Double
    let threshold: Float
    var spans: [AudibleSpans.Span] = []
    /// The open span: its first frame, one past its last loud frame, and its peak.
    var open: (start: Int64, end: Int64, peak: Float)?

    /// Adds loud frames `loud` (of the signal) whose largest sample is `peak`: extends the open
    /// span when the quiet run before them is shorter than `minimumGap`, otherwise opens a new one.
    mutating func mark(_ loud: ClosedRange<Int64>, peak: Float, minimumGap: Int64) {
      if let span = open, loud.lowerBound - span.end < minimumGap {
        open = (span.start, loud.upperBound + 1, max(span.peak, peak))
        return
      }
      close()
      open = (loud.lowerBound, loud.upperBound + 1, peak)
    }

    mutating func close() {
      guard let span = open else { return }
      spans.append(AudibleSpans.Span(range: span.start..<span.end, peakDB: decibels(Double(span.peak))))
      open = nil
    }
  }

  /// A finder for interleaved samples of `channelCount` channels at `sampleRate`, at each of
  /// `thresholdsDB` (dBFS); the first sample added is frame `origin` of the signal.
  public init(sampleRate: Int, channelCount: Int, thresholdsDB: [Double], startingAt origin: Int64 = 0) {
    self.channelCount = max(1, channelCount)
    frame = origin
    self.origin = origin
    minimumGap = max(Int64(Self.chunkFrames), Int64((AudibleSpans.minimumGapSeconds * Double(sampleRate)).rounded()))
    trackers = thresholdsDB.map { Tracker(thresholdDB: $0, threshold: Float(pow(10, $0 / 20))) }
  }

  /// Adds interleaved samples.
  public func add(_ samples: UnsafeBufferPointer<Float>) {
    let frames = samples.count / channelCount
    guard frames > 0, !trackers.isEmpty, let base = samples.baseAddress else { return }
    let channels = channelCount
    /// The loudest sample of frame `index`, on any channel.
    func level(_ index: Int) -> Float {
      (0..<channels).reduce(Float(0)) { max($0, abs(base[index * channels + $1])) }
    }
    var start = 0
    while start < frames {
      let end = min(start + Self.chunkFrames, frames)
      let peak = largestMagnitude(UnsafeBufferPointer(start: base + start * channels, count: (end - start) * channels))
      for slot in trackers.indices where peak >= trackers[slot].threshold {
        let threshold = trackers[slot].threshold
        let first = (start..<end).first { level($0) >= threshold }!
        let last = (start..<end).last { level($0) >= threshold }!
        trackers[slot].mark((frame + Int64(first))...(frame + Int64(last)), peak: peak, minimumGap: minimumGap)
      }
      start = end
    }
    frame += Int64(frames)
  }

  /// The spans at each threshold, in the order the thresholds were given.
  public func finish() -> [AudibleSpans] {
    trackers.indices.map { slot in
      trackers[slot].close()
      return AudibleSpans(
        thresholdDB: trackers[slot].thresholdDB, frameCount: frame - origin, minimumGap: minimumGap, spans: trackers[slot].spans)
    }
  }
}
