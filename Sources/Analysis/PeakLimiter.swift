import Foundation

/// A transparent look-ahead peak limiter for interleaved float blocks: it turns the gain down
/// smoothly just before, at and after peaks over its ceiling, and leaves everything else bit for bit.
///
/// It has no latency: the caller passes the frames that follow each block (`upcoming`), and
/// the output never depends on how the signal is split into blocks. The gain is linked across
/// channels. Where nothing within reach is over the ceiling the gain is exactly 1 and samples
/// pass unchanged; every sample more than `attackFrames` + `releaseFrames` (+ 31 in true-peak
/// mode) from a caught peak is untouched. See `LimiterGain` for the gain curve and
/// `PeakDetector` for what counts as over.
public struct PeakLimiter: Sendable {
  /// What must stay under the ceiling.
  public enum Detection: Sendable {
    /// Every sample.
    case samplePeak
    /// Every sample and every value between samples, as Segue's true-peak meter and the ffmpeg
    /// CLI's read them (`TruePeakFilter.meter` and `.libswresample`).
    case truePeak
  }

  /// How far under the ceiling true-peak detection aims, in dB: what the meters' own readings
  /// of a limited peak can exceed the level the detector saw by.
  ///
  /// Detection reads each peak through both meters' filters, but at its own points between the
  /// samples: the ffmpeg CLI reads libswresample's at 192 kHz, whose points fall between the
  /// detector's 8 per sample, and on full-band signals (noise bursts, a sweep to 21.5 kHz)
  /// limited with no margin it read up to 0.07 dB over the ceiling; scipy's 16x reference, the
  /// meter's own points, 0.01 dB. 0.1 dB covers both and is inaudible; the reported true peak is
  /// the meter's reading of the output, so a limited mix says -1.1 dBTP under a -1 dBTP ceiling.
  /// Sample-peak detection needs no margin: samples are exact.
  public static let truePeakMarginDB = 0.1

  /// Frames the detector looks at per step: the unit of skipping quiet stretches.
  static let chunkFrames = 256

  /// How many channels the interleaved blocks it limits have.
  public let channelCount: Int
  /// The highest level allowed out, linear (1 = full scale).
  public let ceiling: Double
  /// What it keeps under the ceiling: samples only, or true peaks too.
  public let detection: Detection
  /// The length of the gain's fall before a peak, and of the window it is averaged over.
  public let attackFrames: Int
  /// The length of the gain's rise back to 1 after a peak.
  public let releaseFrames: Int
  /// What the limiter did to the frames passed to `process` so far (frames counted from the first).
  public private(set) var activity = LimiterActivity()
  private var detector: PeakDetector
  private var gain: LimiterGain
  private var started = false
  private var processedFrames: Int64 = 0

  /// A limiter of `channelCount` interleaved channels to `ceiling` (linear). The attack (and
  /// look-ahead) defaults to 5 ms, short enough to keep transients' punch and long enough that
  /// the gain's fall does not distort; the release defaults to 60 ms, slow enough not to modulate
  /// bass, quick enough that the limiting is not heard as a dip.
  public init(
    sampleRate: Int, channelCount: Int, ceiling: Double, detection: Detection = .truePeak,
    attackFrames: Int? = nil, releaseFrames: Int? = nil
  ) {
    precondition(channelCount > 0 && ceiling > 0, "a limiter needs channels and a positive ceiling")
    self.channelCount = channelCount
    self.ceiling = ceiling
    self.detection = detection
    self.attackFrames = attackFrames ?? max(32, sampleRate / 200)
    self.releaseFrames = releaseFrames ?? max(1, sampleRate * 6 / 100)
    let threshold = detection == .truePeak ? ceiling * pow(10, -Self.truePeakMarginDB / 20) : ceiling
    detector = PeakDetector(detection: detection, threshold: threshold, chunkFrames: Self.chunkFrames)
    precondition(self.attackFrames > detector.reach && self.releaseFrames > 0, "attack or release too short")
    gain = LimiterGain(attackFrames: self.attackFrames, releaseFrames: self.releaseFrames)
  }

  /// How many frames after a block `process` needs to see (fewer only where the signal ends).
  public var lookaheadFrames: Int { attackFrames - 1 + detector.reach }

  /// How many frames before a start position bring a fresh limiter (`prime`) to the state a
  /// run over the whole signal has there.
  public var primingFrames: Int { attackFrames + releaseFrames + detector.reach }

  /// Limits `block` in place, given the frames that follow it: at least `lookaheadFrames` of
  /// them, or all that remain (the signal ends there); frames beyond `lookaheadFrames` are not
  /// read. When the caller knows that nothing in `block` and `upcoming` can exceed the ceiling,
  /// `mayExceed: false` skips detection; a release in progress still plays out. Returns whether
  /// any frame's gain was below 1.
  @discardableResult
  public mutating func process(
    _ block: UnsafeMutableBufferPointer<Float>, upcoming: UnsafeBufferPointer<Float>, mayExceed: Bool = true
  ) -> Bool {
    let changed = run(input(UnsafeBufferPointer(block), upcoming), output: block.baseAddress, mayExceed: mayExceed)
    processedFrames += Int64(block.count / channelCount)
    return changed
  }

  /// True when the gain is 1 and stays 1 until a peak over the ceiling comes within reach.
  public var isIdle: Bool { gain.isIdle }

  /// Passes `frames` frames while idle (`isIdle`) that the caller knows cannot exceed the
  /// ceiling, nor can those it would see ahead of them: what `process` would do with them, without
  /// reading them.
  public mutating func passIdle(frames: Int) {
    precondition(gain.isIdle, "a limiter passes frames unread only while its gain rests at 1")
    gain.skip(frames - (started ? 0 : 1 - attackFrames))
    started = true
    processedFrames += Int64(frames)
  }

  /// Brings the limiter to the state it has after `preceding`, without changing or recording
  /// anything: pass the `primingFrames` before a start position, and the frames after them.
  public mutating func prime(_ preceding: UnsafeBufferPointer<Float>, upcoming: UnsafeBufferPointer<Float>) {
    run(input(preceding, upcoming), output: nil, mayExceed: true)
  }

  private func input(_ block: UnsafeBufferPointer<Float>, _ upcoming: UnsafeBufferPointer<Float>) -> LimiterInput {
    precondition(block.count % channelCount == 0 && upcoming.count % channelCount == 0, "blocks hold whole frames")
    return LimiterInput(
      block: block, upcoming: UnsafeBufferPointer(rebasing: upcoming.prefix(lookaheadFrames * channelCount)),
      channelCount: channelCount)
  }

  /// Runs detection and gain over the input's block, scaling `output` (the same samples) where
  /// the gain is below 1. The first call starts as if silence preceded the signal, so a peak in
  /// its first frames is met by a full attack. Detection for a chunk reads from `attackFrames - 1
  /// - reach` frames after its start, which nothing has scaled yet (hence `attackFrames > reach`).
  @discardableResult
  private mutating func run(_ input: LimiterInput, output: UnsafeMutablePointer<Float>?, mayExceed: Bool) -> Bool {
    let frames = input.blockFrames
    var chunkStart = started ? 0 : 1 - attackFrames
    started = true
    var changed = false
    while chunkStart < frames {
      let chunkEnd = min(chunkStart + Self.chunkFrames, frames)
      let entering = (chunkStart + attackFrames - 1)..<(chunkEnd + attackFrames - 1)
      let over = mayExceed && detector.detect(entering, in: input)
      if !over && gain.isIdle {
        gain.skip(chunkEnd - chunkStart)
      } else {
        for frame in chunkStart..<chunkEnd {
          let gain = gain.next(entering: over ? detector.reductions[frame - chunkStart] : 0)
          guard gain < 1, frame >= 0, let output else { continue }
          let samples = output + frame * channelCount
          for channel in 0..<channelCount { samples[channel] = Float(Double(samples[channel]) * gain) }
          activity.record(gain, at: processedFrames + Int64(frame))
          changed = true
        }
      }
      chunkStart = chunkEnd
    }
    return changed
  }
}
