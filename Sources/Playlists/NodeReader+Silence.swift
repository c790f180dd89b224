import Yams

extension NodeReader {
  /// The silence and cue settings among a playlist's defaults or an entry's fields (`silence:
  /// keep` only in an entry).
  func silenceSettings(_ fields: [String: Node], inEntry: Bool) throws(PlaylistError) -> SilenceSettings {
    var settings = SilenceSettings()
    settings.trim = try fields["trim-silence"].map { n throws(PlaylistError) in try bool(n, "trim-silence") }
    if let node = fields["max-pause"] {
      settings.maxPause = node.scalar?.string == "off" ? .some(nil) : try seconds(node, "max-pause", within: SilenceSettings.maxPauseRange)
    }
    settings.silenceThreshold = try fields["silence-threshold"].map { n throws(PlaylistError) in
      try level(n, "silence-threshold", unit: "dBFS", within: SilenceSettings.thresholdRange)
    }
    settings.trimThreshold = try fields["trim-threshold"].map { n throws(PlaylistError) in
      try level(n, "trim-threshold", unit: "dBFS", within: SilenceSettings.thresholdRange)
    }
    settings.trimMargin = try fields["trim-margin"].map { n throws(PlaylistError) in try seconds(n, "trim-margin", within: SilenceSettings.marginRange) }
    settings.autoCue = try fields["auto-cue"].map { n throws(PlaylistError) in try bool(n, "auto-cue") }
    settings.cueLevel = try fields["cue-level"].map { n throws(PlaylistError) in
      try level(n, "cue-level", unit: "LU", within: SilenceSettings.relativeLevelRange)
    }
    settings.overlapLevel = try fields["overlap-level"].map { n throws(PlaylistError) in
      try level(n, "overlap-level", unit: "LU", within: SilenceSettings.relativeLevelRange)
    }
    settings.maxOverlap = try fields["max-overlap"].map { n throws(PlaylistError) in try seconds(n, "max-overlap", within: SilenceSettings.maxOverlapRange) }
    if inEntry, let node = fields["silence"] {
      guard node.scalar?.string == "keep" else { throw error(node, "an entry's 'silence' can only be 'keep' (leave its silences alone)") }
      settings.keep = true
    }
    return settings
  }

  /// A time in seconds within `range`.
  private func seconds(_ node: Node, _ name: String, within range: ClosedRange<Double>) throws(PlaylistError) -> Double {
    let value = try time(node, name)
    guard range.contains(value) else {
      throw error(node, "'\(name)' must be from \(range.lowerBound) to \(range.upperBound) s, not \(node.string ?? "?")")
    }
    return value
  }
}
