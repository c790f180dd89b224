import Yams

extension NodeReader {
  /// The cue points, gain, fades and transition among an entry's (or overlay's) fields.
  func entryOptions(_ fields: [String: Node]) throws(PlaylistError) -> EntryOptions {
    let options = EntryOptions(
      inPoint: try fields["in"].map { n throws(PlaylistError) in .seconds(try time(n, "in")) },
      outPoint: try fields["out"].map { n throws(PlaylistError) in .seconds(try time(n, "out")) },
      gainDB: try fields["gain"].map { n throws(PlaylistError) in try decibels(n, "gain", within: -96...96) },
      fadeIn: try fields["fade-in"].map { n throws(PlaylistError) in try fade(n, "fade-in") },
      fadeOut: try fields["fade-out"].map { n throws(PlaylistError) in try fade(n, "fade-out") },
      transition: try fields["transition"].map { n throws(PlaylistError) in try transition(n) })
    if let inPoint = options.inPoint, let outPoint = options.outPoint, inPoint >= outPoint {
      throw error(fields["in"]!, "'in' (\(inPoint.seconds) s) must come before 'out' (\(outPoint.seconds) s)")
    }
    return options
  }

  /// A level in decibels within `range`.
  func decibels(_ node: Node, _ name: String, within range: ClosedRange<Double>) throws(PlaylistError) -> Double {
    let value = try number(node, name)
    guard range.contains(value) else {
      throw error(node, "'\(name)' must be from \(Int(range.lowerBound)) to \(Int(range.upperBound)) dB, not \(node.string ?? "?")")
    }
    return value
  }
}
