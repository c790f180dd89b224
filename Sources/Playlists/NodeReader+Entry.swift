import Yams

extension NodeReader {
  /// The cue points, gain, fades and transition among an entry's (or overlay's) fields.
  func entryOptions(_ fields: [String: Node]) throws(PlaylistError) -> EntryOptions {
    var options = EntryOptions(
      inPoint: try fields["in"].map { n throws(PlaylistError) in .seconds(try time(n, "in")) },
      outPoint: try fields["out"].map { n throws(PlaylistError) in .seconds(try time(n, "out")) },
      gainDB: try fields["gain"].map { n throws(PlaylistError) in try level(n, "gain", unit: "dB", within: -96...96) },
      fadeIn: try fields["fade-in"].map { n throws(PlaylistError) in try fade(n, "fade-in") },
      fadeOut: try fields["fade-out"].map { n throws(PlaylistError) in try fade(n, "fade-out") },
      transition: try fields["transition"].map { n throws(PlaylistError) in try transition(n) })
    if let node = fields["loudness"] {
      guard node.scalar?.string == "off" else { throw error(node, "an entry's 'loudness' can only be 'off' (leave it out of levelling)") }
      options.loudnessExempt = true
    }
    options.silence = try silenceSettings(fields, inEntry: true)
    if let inPoint = options.inPoint, let outPoint = options.outPoint, inPoint >= outPoint {
      throw error(fields["in"]!, "'in' (\(inPoint.seconds) s) must come before 'out' (\(outPoint.seconds) s)")
    }
    return options
  }
}
