import Analysis
import Composition

/// Where a track's sounds are, and the cuts that shorten the pauses between them: pure
/// functions of its audible spans, in frames at the mix's rate.
enum PauseCuts {
  /// A span must peak this far above the threshold to count as a sound; quieter ones (a breath,
  /// a room-noise bump) are part of the silence around them, so they do not split it.
  static let hysteresisDB = 6.0
  /// How long each cut's crossfade between two stretches of near-silence lasts, in seconds.
  static let crossfadeSeconds = 0.005

  /// The sounds among `spans` (found at `sourceRate`) at `mixRate`, clipped to `region`; each
  /// widened outward to whole frames, so no audible sample is left out.
  static func sounds(_ spans: AudibleSpans, sourceRate: Int, mixRate: Int, in region: Range<Int64>) -> [Range<Int64>] {
    let rate = (source: Int64(sourceRate), mix: Int64(mixRate))
    return spans.spans.compactMap { span in
      guard span.peakDB >= spans.thresholdDB + hysteresisDB else { return nil }
      let start = span.range.lowerBound * rate.mix / rate.source
      let end = (span.range.upperBound * rate.mix + rate.source - 1) / rate.source
      let clipped = start.clamped(to: region.lowerBound...region.upperBound)..<end.clamped(to: region.lowerBound...region.upperBound)
      return clipped.isEmpty ? nil : clipped
    }
  }

  /// The cuts that make every pause between `sounds` longer than `maxPause` frames exactly that
  /// long, counted from the last sound's end to the next one's start: cut in its middle, the two
  /// sides joined by a `crossfade`-frame crossfade (shorter where the pause exceeds the limit by
  /// less).
  static func cuts(between sounds: [Range<Int64>], maxPause: Int64, crossfade: Int64) -> [SourceCut] {
    zip(sounds, sounds.dropFirst()).compactMap { before, after in
      let pause = after.lowerBound - before.upperBound
      guard pause > maxPause else { return nil }
      // The outgoing side's fade plays the first of the skipped frames: a pause a hair over the
      // limit gets a shorter crossfade.
      let crossfade = min(crossfade, pause - maxPause)
      let kept = (before: (maxPause + crossfade) / 2, after: maxPause + crossfade - (maxPause + crossfade) / 2)
      return SourceCut(skipped: (before.upperBound + kept.before - crossfade)..<(after.lowerBound - kept.after), crossfade: crossfade)
    }
  }
}

extension Comparable {
  /// The value moved inside `range`.
  func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
