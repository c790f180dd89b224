import Composition

/// A stretch of the output that levelling aimed at one loudness: a track's under track scope, an
/// album's under album scope, the whole under program scope; only where that group's tracks play
/// alone (crossfades with the neighbours left out).
struct LevelledSpan: Equatable {
  /// "t2.flac", "album 'Blue' (tracks 2-5)", "program".
  var label: String
  /// Timeline frames: where each of the group's tracks plays alone, past its own fades.
  var frames: [Range<Int64>]
  /// What levelling aimed the span at: the target, less what a cap took, plus the entries' own gain.
  var expectedLUFS: Double
  /// The gain every track of the span got (levelling's and the entry's own), in dB; nil where
  /// they differ.
  var gainDB: Double?
  /// Where the loudness the gain was computed from was read, where it was not measured
  /// (`LevelDecision.readFrom`).
  var readFrom: String?

  /// The spans of `plan`'s levelled groups, each at least one gating block (400 ms) long; none when
  /// overlays play over the tracks (their sound counts in the output, not in any track's level).
  static func spans(of plan: Plan, levelling: Levelling, inputs: [InputSource]) -> [LevelledSpan] {
    let timeline = plan.timeline
    guard !timeline.clips.contains(where: { $0.layer == .overlay }) else { return [] }
    let solo = soloRanges(timeline)
    // Every levelled track counts, one already on target (a gain of 0 dB) too; exempt and silent ones do not.
    let levelled = levelling.decisions.filter { $0.loudnessLUFS != nil && !inputs[$0.input].options.loudnessExempt }
    let groups = Dictionary(grouping: levelled) { $0.basis == "track" ? "track \($0.input)" : $0.basis }
    let minimum = Int64(timeline.sampleRate) * 4 / 10
    return groups.values.compactMap { members -> LevelledSpan? in
      let members = members.sorted { $0.input < $1.input }
      let gains = Set(members.map { inputs[$0.input].options.gainDB ?? 0 })
      let frames = members.compactMap { solo[$0.input] }
      guard gains.count == 1, frames.reduce(0, { $0 + Int64($1.count) }) >= minimum else { return nil }
      var expected = levelling.targetLUFS + gains.first!
      if case .capped(let by) = members[0].peak { expected -= by }
      let label = members.count == 1 ? inputs[members[0].input].label : members[0].basis
      let applied = Set(members.map { $0.appliedDB + gains.first! })
      return LevelledSpan(label: label, frames: frames, expectedLUFS: expected, gainDB: applied.count == 1 ? applied.first : nil, readFrom: members[0].readFrom)
    }.sorted { $0.frames[0].lowerBound < $1.frames[0].lowerBound }
  }

  /// Each track input's frames on the timeline where no other input's track plays and its own
  /// fades are over, by input.
  private static func soloRanges(_ timeline: Timeline) -> [Int: Range<Int64>] {
    let tracks = timeline.clips.filter { $0.layer == .track }
    var ranges: [Int: Range<Int64>] = [:]
    for source in Set(tracks.map(\.source)) {
      let own = tracks.filter { $0.source == source }
      let others = tracks.filter { $0.source != source }
      let (first, last) = (own.min { $0.start < $1.start }!, own.max { $0.end < $1.end }!)
      var start = first.start + (first.fadeIn?.length ?? 0)
      var end = last.end - (last.fadeOut?.length ?? 0)
      for other in others where other.end > start && other.start < end {
        if other.start <= start { start = max(start, other.end) } else { end = min(end, other.start) }
      }
      if start < end { ranges[source] = start..<end }
    }
    return ranges
  }
}
