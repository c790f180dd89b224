import Composition

/// Refuses a mix far longer than its tracks (a gap typed in the wrong unit would start a
/// day-long render) unless the user says it is meant: `--allow-long`.
///
/// A 50-hour audiobook renders without it: only silence makes a mix long for its tracks.
enum LengthGuard {
  /// The longest gap taken without `--allow-long`, in seconds.
  static let longestGap: Int64 = 600

  /// Throws when `plan` holds a gap over 10 minutes, or lasts more than twice its tracks' total
  /// length plus 10 minutes.
  static func check(_ plan: Plan, trackFrames: Int64, allowLong: Bool) throws(RenderError) {
    guard !allowLong else { return }
    let timeline = plan.timeline
    let rate = Int64(timeline.sampleRate)
    let clock = { (frames: Int64) in TimeFormat.clock(frames: frames, sampleRate: timeline.sampleRate) }
    for resolved in plan.transitions {
      if case .gap(let frames) = resolved.transition, frames > longestGap * rate {
        throw .setting(.tooLong(what: "a gap of \(clock(frames))", limit: "10 minutes"))
      }
    }
    let limit = 2 * trackFrames + longestGap * rate
    guard timeline.frameCount <= limit else {
      throw .setting(.tooLong(what: "the mix, at \(clock(timeline.frameCount)),", limit: "twice its tracks' \(clock(trackFrames)) plus 10 minutes"))
    }
  }
}
