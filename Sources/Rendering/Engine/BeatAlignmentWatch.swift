/// Lets the beat-alignment self-check hear one clip of a beat-matched transition as the mixer
/// plays it, so a render can say how closely the two tracks' kicks met without decoding its output.
///
/// It hears the clip's own part of the mix over the transition's overlap (`PlayedOverlaps`): with
/// the clip's fades, ducks and bass swap, before the clips are summed.
final class BeatAlignmentWatch {
  private let overlaps: PlayedOverlaps
  /// The clip's index in the timeline.
  private let clip: Int
  /// The timeline frames of the clip that are heard.
  private let window: Range<Int64>
  /// The clip's part of the mix while it is heard.
  private var scratch: [Float] = []

  /// The watch of clip `index` (in the timeline) for `overlaps`; nil when none of its frames is heard.
  init?(overlaps: PlayedOverlaps, clip index: Int) {
    guard let window = overlaps.window(ofClip: index) else { return nil }
    self.overlaps = overlaps
    clip = index
    self.window = window
  }

  /// True when some of the timeline frames `frames` are heard.
  func hears(_ frames: Range<Int64>) -> Bool { frames.overlaps(window) }

  /// Adds (or, with `replacing`, writes) into `target` the `count` frames (`channels` channels,
  /// from timeline frame `start`) that `play` renders into the buffer it is given (adding, or
  /// writing when told to): where some are heard, through `scratch`, letting the overlaps hear them.
  func mix(
    frames count: Int, channels: Int, at start: Int64, into target: UnsafeMutablePointer<Float>, replacing: Bool,
    playing play: (_ into: UnsafeMutablePointer<Float>, _ replacing: Bool) -> Void
  ) {
    let part = (start..<(start + Int64(count))).clamped(to: window)
    guard !part.isEmpty else { return play(target, replacing) }
    if scratch.count < count * channels { scratch = [Float](repeating: 0, count: count * channels) }
    scratch.withUnsafeMutableBufferPointer { scratch in
      play(scratch.baseAddress!, true)
      let first = Int(part.lowerBound - start) * channels
      let heard = UnsafeBufferPointer(rebasing: scratch[first..<(first + part.count * channels)])
      overlaps.hear(clip: clip, heard, channels: channels, startingAt: part.lowerBound)
      target.mix(scratch.baseAddress!, samples: count * channels, gain: 1, replacing: replacing)
    }
  }
}
