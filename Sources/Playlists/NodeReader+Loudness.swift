import Yams

extension NodeReader {
  /// `loudness` (LUFS, or `off`), `loudness-scope`, `true-peak` and `peak-policy` among a
  /// playlist's defaults.
  func loudnessSettings(_ fields: [String: Node]) throws(PlaylistError) -> LoudnessSettings {
    var settings = LoudnessSettings()
    if let node = fields["loudness"] {
      settings.target = node.scalar?.string == "off" ? .some(nil) : try level(node, "loudness", unit: "LUFS", within: LoudnessSettings.targetRange)
    }
    if let node = fields["true-peak"] {
      settings.truePeak = try level(node, "true-peak", unit: "dBTP", within: LoudnessSettings.truePeakRange)
    }
    settings.scope = try fields["loudness-scope"].map { n throws(PlaylistError) in try choice(n, "loudness-scope", of: LoudnessScope.self) }
    settings.peakPolicy = try fields["peak-policy"].map { n throws(PlaylistError) in try choice(n, "peak-policy", of: PeakPolicy.self) }
    return settings
  }

  /// A level in `unit` within `range`.
  func level(_ node: Node, _ name: String, unit: String, within range: ClosedRange<Double>) throws(PlaylistError) -> Double {
    let value = try number(node, name)
    guard range.contains(value) else {
      throw error(node, "'\(name)' must be from \(Int(range.lowerBound)) to \(Int(range.upperBound)) \(unit), not \(node.string ?? "?")")
    }
    return value
  }

  /// One of an enumeration's names.
  private func choice<Choice: RawRepresentable & CaseIterable>(
    _ node: Node, _ name: String, of type: Choice.Type
  ) throws(PlaylistError) -> Choice where Choice.RawValue == String {
    guard let text = node.scalar?.string, let value = Choice(rawValue: text) else {
      throw error(node, "unknown '\(name)' '\(node.string ?? "?")' (expected \(Self.quotedList(Choice.allCases.map(\.rawValue))))")
    }
    return value
  }
}
