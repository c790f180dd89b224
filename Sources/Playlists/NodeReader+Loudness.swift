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
    settings.scope = try fields["loudness-scope"].map { n throws(PlaylistError) in try choice(n, .loudnessScope) }
    settings.peakPolicy = try fields["peak-policy"].map { n throws(PlaylistError) in try choice(n, .peakPolicy) }
    return settings
  }

  /// The value of `setting`'s field (a number, or a time where the setting is in seconds), checked
  /// against its range (`Setting.check`).
  func checked(_ node: Node, _ setting: Setting) throws(PlaylistError) -> Double {
    let value = setting.unit == " s" ? try time(node, setting.field) : try number(node, setting.field)
    do { return try setting.check(value) } catch { throw refusal(node, error) }
  }

  /// The word `setting`'s field gives, one of `Choice`'s (`SettingChoice.init(_:for:)`).
  func choice<Choice: SettingChoice>(_ node: Node, _ setting: Setting) throws(PlaylistError) -> Choice {
    do { return try Choice(node.scalar?.string ?? "?", for: setting) } catch { throw refusal(node, error) }
  }

  /// `problem` at `node`, naming settings by their fields.
  private func refusal(_ node: Node, _ problem: SettingProblem) -> PlaylistError {
    error(node, problem.message(naming: { "'\($0.field)'" }))
  }
}
