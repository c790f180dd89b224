import Foundation

/// The limiter's gain, frame by frame, from the gain reductions its detector asks for.
///
/// Attack: a sliding maximum of the requested reductions over the next `attackFrames` frames,
/// then a moving average of the same length. At a frame that asks for a reduction, every value
/// averaged is at least that reduction, so the gain there is at most what was asked; before it,
/// the gain falls along a straight line over `attackFrames` frames.
///
/// Release: after a reduction the gain rises back along a raised cosine that reaches exactly 1
/// in `releaseFrames` frames, whatever its depth; a lower attack restarts it. Raised cosines
/// started from different depths never cross, so the gain is the lowest of the ramps started in
/// the last `releaseFrames` frames: it depends on a bounded past only, which is what makes
/// priming possible.
///
/// Reductions are fixed-point integers (units of 2^-40), so the moving average's running sum is
/// exact and the gain is exactly 1 once the last reduction has left the window: no drift.
struct LimiterGain {
  /// A gain reduction of 1 (gain 0) in fixed point.
  static let unit = Double(1 << 40)
  let attackFrames: Int
  let releaseFrames: Int
  /// The raised cosine, 0 at step 0 and exactly 1 at step `releaseFrames`.
  private let releaseCurve: [Double]
  /// Turns the moving average's sum into a gain reduction.
  private let sumScale: Double

  /// The sliding maximum's candidates: frames (as the last output frame that still sees them)
  /// with falling reductions, oldest first, in a ring.
  private var candidateExpiries: [Int64]
  private var candidateReductions: [Int64]
  private var candidateHead = 0
  private var candidateCount = 0
  /// The sliding maxima of the last `attackFrames` frames, in a ring, and their exact sum.
  private var averaged: [Int64]
  private var averagedCursor = 0
  private var averagedSum: Int64 = 0
  /// The output frame the next call computes.
  private var frame: Int64 = 0
  private var releaseFrom = 1.0
  private var releaseStep: Int
  /// The gain of the last frame.
  private var gain = 1.0

  init(attackFrames: Int, releaseFrames: Int) {
    self.attackFrames = attackFrames
    self.releaseFrames = releaseFrames
    releaseCurve = (0...releaseFrames).map { step in
      step == releaseFrames ? 1 : 0.5 * (1 - cos(Double.pi * Double(step) / Double(releaseFrames)))
    }
    sumScale = 1 / (Double(attackFrames) * Self.unit)
    candidateExpiries = Array(repeating: 0, count: attackFrames)
    candidateReductions = Array(repeating: 0, count: attackFrames)
    averaged = Array(repeating: 0, count: attackFrames)
    releaseStep = releaseFrames
  }

  /// True when the gain is 1 and stays 1 until some frame asks for a reduction.
  var isIdle: Bool { candidateCount == 0 && averagedSum == 0 && gain == 1 }

  /// Passes `count` frames while idle, as `next(entering: 0)` would.
  mutating func skip(_ count: Int) { frame += Int64(count) }

  /// The gain of the next frame, given the reduction asked for by the frame entering the
  /// look-ahead (`attackFrames - 1` frames later).
  mutating func next(entering reduction: Int64) -> Double {
    while candidateCount > 0 && candidateExpiries[candidateHead] < frame {
      candidateHead = candidateHead + 1 == attackFrames ? 0 : candidateHead + 1
      candidateCount -= 1
    }
    if reduction > 0 {
      while candidateCount > 0 && candidateReductions[ringIndex(candidateHead + candidateCount - 1)] <= reduction {
        candidateCount -= 1
      }
      let slot = ringIndex(candidateHead + candidateCount)
      candidateExpiries[slot] = frame + Int64(attackFrames - 1)
      candidateReductions[slot] = reduction
      candidateCount += 1
    }
    let slidingMaximum = candidateCount > 0 ? candidateReductions[candidateHead] : 0
    averagedSum += slidingMaximum - averaged[averagedCursor]
    averaged[averagedCursor] = slidingMaximum
    averagedCursor = averagedCursor + 1 == attackFrames ? 0 : averagedCursor + 1
    frame += 1

    let attack = averagedSum == 0 ? 1 : 1 - Double(averagedSum) * sumScale
    var release = 1.0
    if releaseStep < releaseFrames {
      releaseStep += 1
      release = releaseStep == releaseFrames ? 1 : releaseFrom + (1 - releaseFrom) * releaseCurve[releaseStep]
    }
    if attack < 1 && attack <= release {
      releaseFrom = attack
      releaseStep = 0
      gain = attack
    } else {
      gain = release
    }
    return gain
  }

  /// `index` (below twice `attackFrames`) wrapped into the candidates' ring.
  private func ringIndex(_ index: Int) -> Int { index < attackFrames ? index : index - attackFrames }

  /// The fixed-point reduction that brings `level` down to `threshold`, rounded up so the gain
  /// lands just under (by 2^-40, far more than the rounding of the gain's arithmetic); 0 when
  /// `level` is not over it. An infinite level asks for gain 0, never a negative one.
  static func reduction(bringing level: Double, to threshold: Double) -> Int64 {
    level > threshold ? min(Int64(unit), Int64((1 - threshold / level) * unit) + 1) : 0
  }
}
