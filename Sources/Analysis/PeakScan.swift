/// The true peak of a signal through a `TruePeakFilter` (`.meter` for the figures Segue reports),
/// its interpolation run only over the windows that could hold the highest peak.
///
/// Frames arrive in windows of `windowFrames`. Each window's interpolated samples are bounded from
/// above by estimates of growing cost (`PeakScanBound`), and a window is interpolated in full only
/// when every bound reaches the highest level known so far: the largest sample yet (a true peak is
/// never below the sample peak) or the highest true peak measured. A skipped window's samples are
/// all below that level, which only grows, so they cannot be the answer.
///
/// The full interpolation sums in `Float` sixteen outputs at a time (`segue_filtered_peak`), and
/// gives what the filter gives run over every frame (`PeakScanTests`, within 1e-4 dB). The
/// signal is taken to be silent before its first frame and after its last, as a file plays, and
/// the interpolation's ringing in that silence counts, before and after alike (libebur128 misses
/// the intervals after the last 12 frames).
final class PeakScan {
  private let bound: PeakScanBound
  /// How long the interpolation of a sample rings in the silence after it.
  private let ringingFrames: Int
  private let channelCount: Int
  /// Frames per window: about 23 ms at 44.1 kHz.
  static let windowFrames = 1024
  /// Frames of history before each window: all the interpolator reads.
  private let historyFrames: Int
  /// The last `historyFrames` frames before the window, then the window so far, interleaved.
  private var frames: [Float]
  private var filled = 0
  private var samplePeak: Float = 0
  private var truePeakMeasured: Float = 0
  /// Windows seen and windows interpolated in full, to show how much the bounds save.
  private(set) var windowCount = 0
  private(set) var measuredCount = 0

  /// A scan of `channelCount` interleaved channels at `sampleRate` through `filter`; nil for no
  /// channels or no rate.
  init?(sampleRate: Int, channelCount: Int, filter: TruePeakFilter = .meter) {
    guard sampleRate > 0, channelCount > 0 else { return nil }
    self.channelCount = channelCount
    ringingFrames = filter.tapsPerPhase - 1
    bound = PeakScanBound(filter: filter, channelCount: channelCount)
    historyFrames = bound.historyFrames
    frames = Array(repeating: 0, count: (historyFrames + Self.windowFrames) * channelCount)
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
    let inPlace = offset
    while samples.count - offset >= window {
      closeWindow(UnsafeBufferPointer(rebasing: samples[(offset - history)..<(offset + window)]))
      offset += window
    }
    if offset > inPlace {
      // The next window's history is what was just scanned in place, whether it begins in this call or the next.
      frames.withUnsafeMutableBufferPointer { frames in
        _ = frames.initialize(from: samples[(offset - history)..<offset])
      }
    }
    if offset < samples.count { _ = gather(UnsafeBufferPointer(rebasing: samples[offset...])) }
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

  /// The highest true peak of any channel over everything added, linear. The silence after the
  /// last frame is added first, as long as the interpolation rings in it.
  func finish() -> Double {
    [Float](repeating: 0, count: ringingFrames * channelCount).withUnsafeBufferPointer { add($0) }
    if filled > 0 { scanGathered() }
    return Double(max(samplePeak, truePeakMeasured))
  }

  /// Scans the window gathered so far, after its history.
  private func scanGathered() {
    frames.withUnsafeBufferPointer { frames in
      closeWindow(UnsafeBufferPointer(rebasing: frames[..<((historyFrames + filled) * channelCount)]))
    }
  }

  /// Measures a window if it can hold the true peak: `both` holds its history, then the window.
  private func closeWindow(_ both: UnsafeBufferPointer<Float>) {
    let peak = bound.highest(in: both, from: historyFrames, level: max(samplePeak, truePeakMeasured))
    samplePeak = max(samplePeak, peak.samplePeak)
    windowCount += 1
    guard let truePeak = peak.truePeak else { return }
    truePeakMeasured = max(truePeakMeasured, truePeak)
    measuredCount += 1
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
