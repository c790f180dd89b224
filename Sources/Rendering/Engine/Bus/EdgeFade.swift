import Composition

/// Fades each part of a render in and out over a few milliseconds at its outer edges, so a
/// preview or a range starts and ends without a click; every other sample is left alone.
///
/// Blocks end at the fades' edges (`blockEdges`), so blocks outside the fades stay exact. A block
/// is faded at the edges of its own part only: parts may overlap on the timeline (previews of
/// short tracks), and a neighbour's fade must not reach inside another part.
struct EdgeFade: BusStage {
  /// The parts of the timeline rendered, each faded at both ends.
  let segments: [Range<Int64>]
  /// The length of each fade, in frames.
  let length: Int64
  let sampleRate: Int

  var blockEdges: [Int64] {
    segments.flatMap { [$0.lowerBound + min(length, Int64($0.count)), $0.upperBound - min(length, Int64($0.count))] }
  }

  mutating func process(_ block: BusBlock) -> Bool {
    let frames = block.firstFrame..<(block.firstFrame + Int64(block.frameCount))
    var changed = false
    let part = block.part
    let (fadeIn, fadeOut) = fades(of: part)
    // Only the frames inside a fade are touched; where the two fades of a short part meet, both
    // gains apply.
    for frame in fadeIn.clamped(to: frames) {
      scale(block, frame: Int(frame - block.firstFrame), by: Double(frame - part.lowerBound) / Double(length))
      changed = true
    }
    for frame in fadeOut.clamped(to: frames) {
      scale(block, frame: Int(frame - block.firstFrame), by: Double(part.upperBound - 1 - frame) / Double(length))
      changed = true
    }
    return changed
  }

  /// A block outside its part's fades is left alone (blocks end at the fades' edges).
  func leavesUntouched(_ block: IntegerBusBlock, upcomingIsIntegers: Bool) -> Bool {
    let (fadeIn, fadeOut) = fades(of: block.part)
    return !block.frames.overlaps(fadeIn) && !block.frames.overlaps(fadeOut)
  }

  /// The frames of `part` its fades cover, at its start and at its end.
  private func fades(of part: Range<Int64>) -> (in: Range<Int64>, out: Range<Int64>) {
    (part.lowerBound..<min(part.upperBound, part.lowerBound + length), max(part.lowerBound, part.upperBound - length)..<part.upperBound)
  }

  /// Multiplies one frame by the fade's gain at `progress` (0 silent, 1 whole).
  private func scale(_ block: BusBlock, frame: Int, by progress: Double) {
    let gain = Float(FadeCurve.sCurve.fadeInGain(progress))
    for channel in 0..<block.channels { block.samples[frame * block.channels + channel] *= gain }
  }

  var notes: [String] {
    let milliseconds = (Double(length) * 1000 / Double(sampleRate)).rounded()
    return ["each part fades in and out over \(Int(milliseconds)) ms at its outer edges (--edge-fade), so it starts and ends without a click"]
  }
}
