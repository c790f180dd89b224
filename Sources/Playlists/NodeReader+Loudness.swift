import Settings
import Yams

extension NodeReader {
  /// `loudness` (LUFS, or `off`), `loudness-scope`, `true-peak` and `peak-policy` among a
  /// playlist's defaults.
  func loudnessSettings(_ fields: [String: Node]) throws(PlaylistError) -> LoudnessSettings {
    var settings = LoudnessSettings()
    if let node = fields["loudness"] {
      settings.target = node.scalar?.string == "off" ? .reset : .set(try checked(node, .loudness))
    }
    settings.truePeak = try fields["true-peak"].map { n throws(PlaylistError) in try checked(n, .truePeak) }
    settings.scope = try fields["loudness-scope"].map { n throws(PlaylistError) in try choice(n, "loudness-scope", of: LoudnessScope.self) }
    settings.peakPolicy = try fields["peak-policy"].map { n throws(PlaylistError) in try choice(n, "peak-policy", of: PeakPolicy.self) }
    return settings
  }

  /// The value of `setting`'s field (a number, or a time where the setting is in seconds), checked
  /// against its range (`Setting.check`).
  func checked(_ node: Node, _ setting: Setting) throws(PlaylistError) -> Double {
    let value = setting.unit == " s" ? try time(node, setting.field) : try number(node, setting.field)
    do { return try setting.check(value) } catch { throw self.error(node, error.message(naming: { "'\($0.field)'" })) }
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
