import Composition
import Foundation

/// Where a signal is audible at one threshold: 10 ms windows whose RMS (over all their channels)
/// is at or above the threshold are loud, and each span runs from the first sample at or above the
/// threshold in its first loud window to the last such sample in the last loud window before a
/// quiet run of at least `minimumGap` frames.
///
/// RMS decides, not single samples: room tone whose level lies under the threshold is silence
/// however high its noise's peaks reach; within a loud window the span starts and ends at the
/// sample, as near as the sound comes to the threshold.
/// Silence detection reads these: a pause is the quiet run between two spans, dead air the quiet
/// run before the first span or after the last. Each span keeps its loudest window's level, so a
/// room-noise bump that barely crosses the threshold can be told from speech (see `PauseCuts`).
public struct AudibleSpans: Sendable, Equatable, Codable {
  /// The threshold, in dBFS RMS.
  public var thresholdDB: Double
  /// The signal's length in frames.
  public var frameCount: Int64
  /// Quiet runs shorter than this many frames do not end a span.
  public var minimumGap: Int64
  /// The spans, in order, none overlapping.
  public var spans: [Span]
  /// The RMS of the signal's first and last 10 ms windows, in dBFS (`LevelTrack.floor` for digital
  /// silence): what its edges measure.
  public var edgeLevelsDB: [Double] = []

  /// One audible stretch: `range` in frames, from its first sample at or above the threshold (in
  /// its first loud window) to one past its last (in its last).
  public struct Span: Sendable, Equatable, Codable {
    /// Its frames, counted from the signal's start: first sample at or above the threshold to one past its last.
    public var range: Range<Int64>
    /// Its loudest window's RMS, in dBFS.
    public var peakDB: Double

    /// A span over `range` whose loudest window's RMS is `peakDB` dBFS.
    public init(range: Range<Int64>, peakDB: Double) {
      self.range = range
      self.peakDB = peakDB
    }
  }

  /// The spans found at `thresholdDB` in a signal `frameCount` frames long, gaps under `minimumGap` frames bridged.
  public init(thresholdDB: Double, frameCount: Int64, minimumGap: Int64, spans: [Span], edgeLevelsDB: [Double] = []) {
    self.thresholdDB = thresholdDB
    self.frameCount = frameCount
    self.minimumGap = minimumGap
    self.spans = spans
    self.edgeLevelsDB = edgeLevelsDB
  }

  /// The length of the windows whose RMS decides, in frames at `sampleRate`: 10 ms, as the
  /// analysis pass's level tracks count them.
  public static func windowFrames(sampleRate: Int) -> Int { max(1, sampleRate / 100) }

  /// The shortest quiet run that ends a span, in seconds: shorter than any pause worth shortening,
  /// longer than the gaps between a voice's zero crossings.
  public static let minimumGapSeconds = 0.05

  /// These spans followed by `later`'s, found in the part of the signal right after this one (at
  /// the same threshold): what one finder over both parts finds, the span at the seam joined
  /// when the quiet run between is shorter than the minimum gap.
  public func followed(by later: AudibleSpans) -> AudibleSpans {
    var joined = self
    joined.frameCount += later.frameCount
    joined.edgeLevelsDB = [edgeLevelsDB.first, later.edgeLevelsDB.last].compactMap { $0 }
    var rest = later.spans[...]
    if let last = spans.last, let first = rest.first, first.range.lowerBound - last.range.upperBound < minimumGap {
      joined.spans[joined.spans.count - 1] = Span(range: last.range.lowerBound..<first.range.upperBound, peakDB: max(last.peakDB, first.peakDB))
      rest = rest.dropFirst()
    }
    joined.spans += rest
    return joined
  }
}

/// Finds the audible spans of a signal at several thresholds at once, block by block, from the
/// RMS of consecutive 10 ms windows counted from frame `origin` (a part of a longer signal must
/// start on a window's edge, `AudibleSpans.windowFrames`, to find what one pass over it would).
public final class AudibleSpansFinder {
  private let channelCount: Int
  private let minimumGap: Int64
  private let windowFrames: Int
  private var trackers: [Tracker]
  /// The first frame of the window being filled.
  private var frame: Int64
  private let origin: Int64
  /// The window being filled: its frames so far and the sum of its samples' squares.
  private var window = (frames: 0, sumOfSquares: 0.0)
  /// In the window being filled, by threshold: the first and last frame with a sample at or above it.
  private var loudSamples: [(first: Int64, last: Int64)?]
  /// The first and the latest whole window's RMS, in dBFS.
  private var firstLevel: Double?
  private var lastLevel: Double?

  /// The spans being built at one threshold.
  private struct Tracker {
    let thresholdDB: Double
    /// The threshold as a mean square, and as a sample's magnitude.
    let threshold: Double
    let magnitude: Float
    var spans: [AudibleSpans.Span] = []
    /// The open span: its first frame, one past its last loud frame, and its loudest window's mean square.
    var open: (start: Int64, end: Int64, loudest: Double)?

    /// Adds the loud window `loud` (frames of the signal) of mean square `level`: extends the
    /// open span when the quiet run before it is shorter than `minimumGap`, otherwise opens a new one.
    mutating func mark(_ loud: Range<Int64>, level: Double, minimumGap: Int64) {
      if let span = open, loud.lowerBound - span.end < minimumGap {
        open = (span.start, loud.upperBound, max(span.loudest, level))
        return
      }
      close()
      open = (loud.lowerBound, loud.upperBound, level)
    }

    mutating func close() {
      guard let span = open else { return }
      spans.append(AudibleSpans.Span(range: span.start..<span.end, peakDB: 10 * log10(span.loudest)))
      open = nil
    }
  }

  /// A finder for interleaved samples of `channelCount` channels at `sampleRate`, at each of
  /// `thresholdsDB` (dBFS RMS); the first sample added is frame `origin` of the signal.
  public init(sampleRate: Int, channelCount: Int, thresholdsDB: [Double], startingAt origin: Int64 = 0) {
    self.channelCount = max(1, channelCount)
    frame = origin
    self.origin = origin
    windowFrames = AudibleSpans.windowFrames(sampleRate: sampleRate)
    minimumGap = max(Int64(windowFrames), SampleFrames.count(inSeconds: AudibleSpans.minimumGapSeconds, at: sampleRate))
    trackers = thresholdsDB.map { Tracker(thresholdDB: $0, threshold: pow(10, $0 / 10), magnitude: Float(pow(10, $0 / 20))) }
    loudSamples = Array(repeating: nil, count: thresholdsDB.count)
  }

  /// Adds interleaved samples.
  public func add(_ samples: UnsafeBufferPointer<Float>) {
    let frames = samples.count / channelCount
    guard frames > 0, let base = samples.baseAddress else { return }
    var index = 0
    while index < frames {
      let count = min(windowFrames - window.frames, frames - index)
      let samples = UnsafeBufferPointer(start: base + index * channelCount, count: count * channelCount)
      var sum = 0.0
      for sample in samples { sum += Double(sample * sample) }
      window.sumOfSquares += sum
      noteLoudSamples(samples, firstFrame: frame + Int64(window.frames))
      window.frames += count
      index += count
      if window.frames == windowFrames { closeWindow() }
    }
  }

  /// Keeps, for each threshold, the first and last frame of `samples` (frame `firstFrame` on) with a
  /// sample at or above it: where a span would start and end, should the window be loud.
  private func noteLoudSamples(_ samples: UnsafeBufferPointer<Float>, firstFrame: Int64) {
    let peak = largestMagnitude(samples)
    for slot in trackers.indices where peak >= trackers[slot].magnitude {
      let magnitude = trackers[slot].magnitude
      let frames = samples.count / channelCount
      let isLoud = { (frame: Int) in (0..<self.channelCount).contains { abs(samples[frame * self.channelCount + $0]) >= magnitude } }
      let first = (0..<frames).first(where: isLoud)!, last = (0..<frames).last(where: isLoud)!
      let earlier = loudSamples[slot]?.first ?? (firstFrame + Int64(first))
      loudSamples[slot] = (earlier, firstFrame + Int64(last))
    }
  }

  /// Measures the window just filled (or the last, shorter one) and marks it where it is loud.
  private func closeWindow() {
    guard window.frames > 0 else { return }
    let meanSquare = window.sumOfSquares / Double(window.frames * channelCount)
    let level = max(LevelTrack.floor, 10 * log10(meanSquare))
    if firstLevel == nil { firstLevel = level }
    lastLevel = level
    for slot in trackers.indices where meanSquare >= trackers[slot].threshold {
      // A window whose RMS reaches the threshold has a sample that does, but for rounding at the
      // threshold itself: then the whole window is the sound.
      let loud = loudSamples[slot] ?? (frame, frame + Int64(window.frames) - 1)
      trackers[slot].mark(loud.first..<(loud.last + 1), level: meanSquare, minimumGap: minimumGap)
    }
    frame += Int64(window.frames)
    window = (0, 0)
    loudSamples = Array(repeating: nil, count: trackers.count)
  }

  /// The spans at each threshold, in the order the thresholds were given.
  public func finish() -> [AudibleSpans] {
    closeWindow()
    let edges = [firstLevel, lastLevel].compactMap { $0 }
    return trackers.indices.map { slot in
      trackers[slot].close()
      return AudibleSpans(
        thresholdDB: trackers[slot].thresholdDB, frameCount: frame - origin, minimumGap: minimumGap, spans: trackers[slot].spans,
        edgeLevelsDB: edges)
    }
  }
}
