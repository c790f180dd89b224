extension MixPage {
  /// Every note and automatic decision the summary prints, grouped as a DJ reads them: the mix's
  /// own, then each track's and each join's in the order they play. A note shows its first words;
  /// the rest opens on a click.
  func notes() -> String {
    let all = rendered?.allNotes ?? report.notes
    guard !all.isEmpty else { return "" }
    let items = timeline.items
    let labels = items.map { inputs[$0.source].label }
    let joins = zip(labels, labels.dropFirst()).map { "\($0) -> \($1)" }
    // A note's group: 0 for the mix, then 2k + 1 for track k and 2k + 2 for its join into the next.
    var groups: [Int: [String]] = [:]
    for note in all {
      let text = note.hasPrefix(Self.warning) ? String(note.dropFirst(Self.warning.count)) : note
      let group = joins.firstIndex { text.hasPrefix($0 + ":") }.map { 2 * $0 + 2 }
        ?? labels.indices.first { index in [":", ",", " "].contains { text.hasPrefix(labels[index] + $0) } }.map { 2 * $0 + 1 } ?? 0
      groups[group, default: []].append(note)
    }
    let sections = groups.keys.sorted().map { group -> String in
      let heading: String
      switch group {
      case 0: heading = "The mix"
      case let track where track % 2 == 1: heading = "\(track / 2 + 1). \(trackTitle(track / 2))"
      default: heading = "Join \(group / 2): \(trackTitle(group / 2 - 1)) → \(trackTitle(group / 2))"
      }
      return "<li><h3>\(Self.escape(heading))</h3><ul>" + groups[group]!.map(Self.noteItem).joined() + "</ul></li>"
    }
    return "<h2>Decisions and notes</h2><ul class=\"notes\">" + sections.joined() + "</ul>"
  }

  private static let warning = RenderReport.warningPrefix

  /// One note: its first words, and the whole note on demand when it is longer.
  private static func noteItem(_ note: String) -> String {
    let kind = note.hasPrefix(warning) ? " class=\"warning\"" : ""
    guard note.count > shortNote else { return "<li\(kind)>\(escape(note))</li>" }
    return "<li\(kind)><details><summary>\(escape(firstWords(of: note)))…</summary>\(escape(note))</details></li>"
  }

  /// Characters a note may have before its rest is folded away.
  private static let shortNote = 140

  /// The start of `note` up to a clause's end (a colon, semicolon or comma followed by a space)
  /// near `shortNote` characters.
  private static func firstWords(of note: String) -> String {
    let head = String(note.prefix(shortNote))
    let ends = [": ", "; ", ", "].compactMap { head.range(of: $0, options: .backwards)?.lowerBound }.filter { head.distance(from: head.startIndex, to: $0) > 40 }
    return ends.max().map { String(head[..<$0]) } ?? head
  }
}
