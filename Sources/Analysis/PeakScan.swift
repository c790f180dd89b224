import CEbur128

/// The true peak of a signal exactly as libebur128 measures it, with its 4x interpolator run only
/// over the windows that could hold the highest peak.
///
/// The interpolator is most of the cost of measuring loudness, and only the loudest moments
/// matter to it. Frames arrive in windows of `windowFrames`; each window's interpolated samples
/// are bounded from above (`PeakScanBound`), and a window is measured only when its bound reaches
/// the highest level known so far: the largest sample yet (libebur128 never reports a true peak
/// below the sample peak) or the highest true peak measured. A skipped window's samples are all
/// below that level, which only grows, so they cannot be the answer.
///
/// A measured window goes to a second libebur128 state that measures only true peak, after the
/// `historyFrames` real frames before it when the window before was skipped: the interpolator then
/// holds exactly what it would hold in a meter fed everything, and the window's own `add` call
/// reports exactly that meter's interpolated samples for its frames (never the stale samples of the
/// jump, which come out of the priming call). The result equals the full meter's (to the bit where
/// libebur128's interpolator is the one `PeakScanBound` describes, 1.2.x; other versions get every
/// window measured).
final class PeakScan {
  private let meter: LoudnessMeter
  /// nil where libebur128's interpolator is not the one it bounds: every window is measured.
  private let bound: PeakScanBound?
  private let channelCount: Int
  /// Frames per window: about 23 ms at 44.1 kHz.
  static let windowFrames = 1024
  /// Frames of history before each window: all the interpolator holds.
  private let historyFrames: Int
  /// The last `historyFrames` frames before the window, then the window so far, interleaved.
  private var frames: [Float]
  private var filled = 0
  /// True when the meter's interpolator holds the frames just before the current window.
  private var meterIsInStep = true
  private var samplePeak: Float = 0
  private var truePeakMeasured = 0.0
  /// Windows seen and windows measured, to show how much the bound saves.
  private(set) var windowCount = 0
  private(set) var measuredCount = 0

  /// A scan of `channelCount` interleaved channels at `sampleRate`; nil when libebur128 refuses them.
  init?(sampleRate: Int, channelCount: Int) {
    guard let meter = LoudnessMeter(sampleRate: sampleRate, channelCount: channelCount, measures: .truePeak) else { return nil }
    self.meter = meter
    self.channelCount = channelCount
    let bound = PeakScanBound(sampleRate: sampleRate)
    self.bound = Self.libraryInterpolatorIsKnown ? bound : nil
    historyFrames = bound.historyFrames
    frames = Array(repeating: 0, count: (historyFrames + Self.windowFrames) * channelCount)
  }

  /// True for libebur128 1.2.x, whose interpolator `PeakScanBound` bounds.
  private static var libraryInterpolatorIsKnown: Bool {
    var (major, minor, patch): (Int32, Int32, Int32) = (0, 0, 0)
    ebur128_get_version(&major, &minor, &patch)
    return major == 1 && minor == 2
  }

  /// Adds interleaved samples.
  ///
  /// A window that lies wholly in `samples`, its history too, is scanned where it lies; the
  /// others (the first of a call, whose history came before it, and a last one cut short) are
  /// gathered in `frames` first.
  func add(_ samples: UnsafeBufferPointer<Float>) {
    let history = historyFrames * channelCount
    let window = Self.windowFrames * channelCount
    var offset = 0
    while offset < samples.count, filled > 0 || offset < history {
      offset += gather(UnsafeBufferPointer(rebasing: samples[offset...]))
    }
    while samples.count - offset >= window {
      closeWindow(UnsafeBufferPointer(rebasing: samples[(offset - history)..<(offset + window)]))
      offset += window
    }
    guard offset < samples.count else { return }
    frames.withUnsafeMutableBufferPointer { frames in
      _ = frames.initialize(from: samples[(offset - history)..<offset])
    }
    _ = gather(UnsafeBufferPointer(rebasing: samples[offset...]))
  }

  /// Copies the start of `samples` into the window being gathered, scans it if that fills it,
  /// and returns how many samples it took.
  private func gather(_ samples: UnsafeBufferPointer<Float>) -> Int {
    let take = min((Self.windowFrames - filled) * channelCount, samples.count)
    let start = (historyFrames + filled) * channelCount
    frames.withUnsafeMutableBufferPointer { frames in
      _ = UnsafeMutableBufferPointer(rebasing: frames[start..<(start + take)]).initialize(from: samples[..<take])
    }
    filled += take / channelCount
    if filled == Self.windowFrames {
      scanGathered()
      keepHistory()
    }
    return take
  }

  /// The highest true peak of any channel, linear: libebur128's `ebur128_true_peak` over everything added.
  func finish() -> Double {
    if filled > 0 { scanGathered() }
    return max(Double(samplePeak), truePeakMeasured)
  }

  /// Scans the window gathered so far, after its history.
  private func scanGathered() {
    frames.withUnsafeBufferPointer { frames in
      closeWindow(UnsafeBufferPointer(rebasing: frames[..<((historyFrames + filled) * channelCount)]))
    }
  }

  /// Measures a window if it can hold the true peak: `both` holds its history, then the window.
  private func closeWindow(_ both: UnsafeBufferPointer<Float>) {
    let history = historyFrames * channelCount
    let window = UnsafeBufferPointer(rebasing: both[history...])
    let level = max(Double(samplePeak), truePeakMeasured)
    let highest = bound?.highest(in: both, from: historyFrames, channelCount: channelCount, level: Float(level))
    samplePeak = max(samplePeak, highest?.samplePeak ?? largestMagnitude(window))
    windowCount += 1
    if let highest, Double(highest.bound) < max(Double(samplePeak), truePeakMeasured) {
      meterIsInStep = false
      return
    }
    if !meterIsInStep { meter.add(UnsafeBufferPointer(rebasing: both[..<history])) }
    meter.add(window)
    truePeakMeasured = max(truePeakMeasured, meter.lastTruePeak)
    measuredCount += 1
    meterIsInStep = true
  }

  /// Moves the full window's last frames to the history, and empties the window.
  private func keepHistory() {
    let history = historyFrames * channelCount
    frames.withUnsafeMutableBufferPointer { frames in
      frames.baseAddress!.update(from: frames.baseAddress! + frames.count - history, count: history)
    }
    filled = 0
  }
}
