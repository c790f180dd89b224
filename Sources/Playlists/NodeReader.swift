import Composition
import Settings
import Yams

/// Reads typed values from YAML nodes, with errors that point at the node's line and column.
struct NodeReader {
  let file: String

  func location(_ node: Node) -> PlaylistLocation {
    PlaylistLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column)
  }

  func error(_ node: Node, _ message: String) -> PlaylistError {
    PlaylistError(file: file, location: location(node), message: message)
  }

  /// A mapping's fields by key; an unknown key is an error naming the known ones.
  func mapping(_ node: Node, allowed: [String]) throws(PlaylistError) -> [String: Node] {
    guard let mapping = node.mapping else { throw error(node, "expected a mapping of \(allowed.joined(separator: ", "))") }
    var fields: [String: Node] = [:]
    for (key, value) in mapping {
      let name = key.string ?? ""
      guard allowed.contains(name) else {
        throw error(key, "unknown field '\(name)' (expected one of: \(allowed.joined(separator: ", ")))")
      }
      fields[name] = value
    }
    return fields
  }

  func number(_ node: Node, _ name: String) throws(PlaylistError) -> Double {
    guard let text = node.scalar?.string, let value = Double(text), value.isFinite else {
      throw error(node, "'\(name)' must be a number, not '\(node.string ?? "?")'")
    }
    return value
  }

  /// A name such as a title: a scalar, nil when empty.
  func text(_ node: Node, _ name: String) throws(PlaylistError) -> String? {
    guard let text = node.scalar?.string else { throw error(node, "'\(name)' must be text, not a list or mapping") }
    return text.isEmpty ? nil : text
  }

  func bool(_ node: Node, _ name: String) throws(PlaylistError) -> Bool {
    switch node.scalar?.string.lowercased() {
    case "true", "yes": return true
    case "false", "no": return false
    default: throw error(node, "'\(name)' must be true or false")
    }
  }

  /// A crossfade's length: seconds (or `[h:]mm:ss[.fff]`) and no beats, or beats and no seconds
  /// (`32beats`, `16bars`).
  func crossfadeLength(_ node: Node) throws(PlaylistError) -> (seconds: Double?, beats: Double?) {
    do {
      let length = try TimeLength(node.scalar?.string ?? "", counted: true)
      return (length.seconds, length.beats)
    } catch { throw self.error(node, error.message(naming: "'crossfade'")) }
  }

  /// A time in seconds or `[h:]mm:ss[.fff]`, never negative; more than 0 where `longerThanZero`.
  func time(_ node: Node, _ name: String, longerThanZero: Bool = false) throws(PlaylistError) -> Double {
    do { return try TimeLength.seconds(in: node.scalar?.string ?? "", longerThanZero: longerThanZero) } catch {
      throw self.error(node, error.message(naming: "'\(name)'"))
    }
  }

  /// `'a' and 'b'`, `'a', 'b' and 'c'`.
  static func quotedList(_ names: [String]) -> String {
    let quoted = names.map { "'\($0)'" }
    return quoted.count < 2 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
  }

  /// `2` or `{ seconds: 2, curve: s-curve }`.
  func fade(_ node: Node, _ name: String) throws(PlaylistError) -> FadeSpec {
    if node.scalar != nil { return FadeSpec(seconds: try time(node, name)) }
    let fields = try mapping(node, allowed: ["seconds", "curve"])
    guard let seconds = fields["seconds"] else { throw error(node, "'\(name)' needs 'seconds'") }
    return FadeSpec(seconds: try time(seconds, name), curve: try fields["curve"].map { n throws(PlaylistError) in try choice(n, .curve) } ?? .equalPower)
  }

  /// `{ gapless: true }`, `{ gap: 2 }`, `{ crossfade: 6, curve: auto }` or
  /// `{ out: 8, in: 4, out-curve: exp, in-curve: log, overlap: 6 }`.
  func transition(_ node: Node) throws(PlaylistError) -> TransitionSpec {
    // `beatmatch` and `eq-swap` are read beside the transition (`entryTransition`).
    let fields = try mapping(
      node, allowed: ["gapless", "gap", "crossfade", "curve", "out", "in", "out-curve", "in-curve", "overlap", "beatmatch", "eq-swap"])
    let crossfadeKeys = ["crossfade", "curve", "out", "in", "out-curve", "in-curve", "overlap"].filter { fields[$0] != nil }
    let kinds = ["gapless", "gap"].filter { fields[$0] != nil } + crossfadeKeys.prefix(1)
    if kinds.count > 1 {
      throw error(node, "a transition is one of 'gapless', 'gap' or a crossfade; this one gives \(Self.quotedList(kinds))")
    }
    if let gapless = fields["gapless"], try bool(gapless, "gapless") { return .gapless }
    if let gap = fields["gap"] { return .gap(seconds: try time(gap, "gap")) }
    let curve: CurveChoice = try fields["curve"].map { n throws(PlaylistError) in try choice(n, .curve) } ?? .fixed(.equalPower)
    if let node = fields["crossfade"], let beats = try crossfadeLength(node).beats {
      guard fields["out"] == nil, fields["in"] == nil, fields["overlap"] == nil else {
        throw error(node, "a crossfade counted in beats or bars has no 'out', 'in' or 'overlap' of its own")
      }
      var spec = CrossfadeSpec.counted(beats, curve: curve)
      spec.outCurve = try fields["out-curve"].map { n throws(PlaylistError) in try choice(n, .curve) } ?? curve
      spec.inCurve = try fields["in-curve"].map { n throws(PlaylistError) in try choice(n, .curve) } ?? curve
      return .crossfade(spec)
    }
    let both = try fields["crossfade"].flatMap { n throws(PlaylistError) in try crossfadeLength(n).seconds }
    let outSeconds = try fields["out"].map { n throws(PlaylistError) in try time(n, "out") } ?? both
    let inSeconds = try fields["in"].map { n throws(PlaylistError) in try time(n, "in") } ?? both
    guard let outSeconds, let inSeconds else {
      throw error(node, "a transition needs 'crossfade', 'out' and 'in', 'gap' or 'gapless'")
    }
    return .crossfade(
      CrossfadeSpec(
        outSeconds: outSeconds, inSeconds: inSeconds,
        outCurve: try fields["out-curve"].map { n throws(PlaylistError) in try choice(n, .curve) } ?? curve,
        inCurve: try fields["in-curve"].map { n throws(PlaylistError) in try choice(n, .curve) } ?? curve,
        overlapSeconds: try fields["overlap"].map { n throws(PlaylistError) in try time(n, "overlap") }))
  }
}
