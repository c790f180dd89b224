import Yams

extension NodeReader {
  /// The silence and cue settings among a playlist's defaults or an entry's fields (`silence:
  /// keep` only in an entry).
  func silenceSettings(_ fields: [String: Node], inEntry: Bool) throws(PlaylistError) -> SilenceSettings {
    var settings = SilenceSettings()
    settings.trim = try fields["trim-silence"].map { n throws(PlaylistError) in try bool(n, "trim-silence") }
    if let node = fields["max-pause"] {
      settings.maxPause = node.scalar?.string == "off" ? .reset : .set(try checked(node, .maxPause))
    }
    settings.chapterGap = try fields["chapter-gap"].map { n throws(PlaylistError) in try checked(n, .chapterGap) }
    settings.silenceThreshold = try fields["silence-threshold"].map { n throws(PlaylistError) in try checked(n, .silenceThreshold) }
    settings.trimThreshold = try fields["trim-threshold"].map { n throws(PlaylistError) in try checked(n, .trimThreshold) }
    settings.trimMargin = try fields["trim-margin"].map { n throws(PlaylistError) in try checked(n, .trimMargin) }
    settings.autoCue = try fields["auto-cue"].map { n throws(PlaylistError) in try bool(n, "auto-cue") }
    settings.cueLevel = try fields["cue-level"].map { n throws(PlaylistError) in try checked(n, .cueLevel) }
    settings.overlapLevel = try fields["overlap-level"].map { n throws(PlaylistError) in try checked(n, .overlapLevel) }
    settings.maxOverlap = try fields["max-overlap"].map { n throws(PlaylistError) in try checked(n, .maxOverlap) }
    if inEntry, let node = fields["silence"] {
      guard node.scalar?.string == "keep" else { throw error(node, "an entry's 'silence' can only be 'keep' (leave its silences alone)") }
      settings.keep = true
    }
    return settings
  }
}
