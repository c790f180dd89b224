import Composition

/// Fades each part of a render in and out over a few milliseconds at its outer edges, so a
/// preview or a range starts and ends without a click; every other sample is left alone.
///
/// Blocks end at the fades' edges (`blockEdges`), so blocks outside the fades stay exact.
struct EdgeFade: BusStage {
  /// The parts of the timeline rendered, each faded at both ends.
  let segments: [Range<Int64>]
  /// The length of each fade, in frames.
  let length: Int64
  let sampleRate: Int

  var blockEdges: [Int64] {
    segments.flatMap { [$0.lowerBound + min(length, Int64($0.count)), $0.upperBound - min(length, Int64($0.count))] }
  }

  mutating func process(_ block: UnsafeMutableBufferPointer<Float>, firstFrame: Int64, channels: Int) -> Bool {
    let frames = Int64(block.count / channels)
    var changed = false
    for segment in segments where segment.overlaps(firstFrame..<(firstFrame + frames)) {
      let fadeIn = segment.lowerBound..<min(segment.upperBound, segment.lowerBound + length)
      let fadeOut = max(segment.lowerBound, segment.upperBound - length)..<segment.upperBound
      for frame in max(firstFrame, segment.lowerBound)..<min(firstFrame + frames, segment.upperBound)
      where fadeIn.contains(frame) || fadeOut.contains(frame) {
        var gain = 1.0
        if fadeIn.contains(frame) { gain *= FadeCurve.sCurve.fadeInGain(Double(frame - segment.lowerBound) / Double(length)) }
        if fadeOut.contains(frame) { gain *= FadeCurve.sCurve.fadeInGain(Double(segment.upperBound - 1 - frame) / Double(length)) }
        let offset = Int(frame - firstFrame) * channels
        for channel in 0..<channels { block[offset + channel] *= Float(gain) }
        changed = true
      }
    }
    return changed
  }

  var notes: [String] {
    let milliseconds = (Double(length) * 1000 / Double(sampleRate)).rounded()
    return ["each part fades in and out over \(Int(milliseconds)) ms at its outer edges (--edge-fade), so it starts and ends without a click"]
  }
}
