import Composition
import Foundation

extension MixPage {
  /// The transitions as a table: time, kind, lengths and curves, beat matching, and a snippet.
  func transitionList(snippets: [Int: TransitionSnippet]) -> String {
    guard !report.transitions.isEmpty else { return "" }
    let spans = transitionSpans
    let rows = report.transitions.enumerated().map { index, transition -> String in
      let audio = snippets[index].map {
        "<button type=\"button\" class=\"play\" data-play=\"\(index)\">▶ Play</button>"
          + "<audio data-snippet=\"\(index)\" data-offset=\"\(Self.f($0.startSeconds))\" preload=\"auto\" src=\"\($0.dataURI)\"></audio>"
      } ?? "<span class=\"quiet\">\(rendered == nil ? "render to hear it" : "no snippet")</span>"
      let check = beatCheck(of: transition)
      let checkCell = check.map { "<td class=\"check\" data-check=\"\($0.state.rawValue)\">\(Self.escape($0.shortDescription))</td>" } ?? "<td></td>"
      return "<tr id=\"t-\(index)\"><td>\(index + 1)</td><td>\(clock(spans[index].lowerBound))</td><td>\(Self.escape(transitionTitle(transition)))</td>"
        + "<td>\(Self.escape(describe(transition)))\(flagList(transition))\(whyList(transition))</td>\(checkCell)<td>\(audio)</td></tr>"
    }
    return "<section id=\"transitions\"><h2>Transitions</h2><table><thead><tr><th>#</th><th>At</th><th>Join</th><th>What</th><th>Beat check</th>"
      + "<th>Listen</th></tr></thead><tbody>"
      + rows.joined() + "</tbody></table></section>"
  }

  /// The render's beat check of `transition`; nil for a plan, or a join whose beats were not matched.
  func beatCheck(of transition: PlanReport.TransitionEntry) -> BeatAlignment? {
    rendered?.beatAlignments.first { $0.from == transition.from - 1 && $0.to == transition.to - 1 }
  }

  /// "A → B".
  func transitionTitle(_ transition: PlanReport.TransitionEntry) -> String {
    "\(trackTitle(transition.from - 1)) → \(trackTitle(transition.to - 1))"
  }

  /// The kind, length and curves, and the beat match: "crossfade 8.000 s, equal-power; beats
  /// matched, 124.0 BPM into 126.0" (the outgoing track's tempo, then the incoming one's).
  func describe(_ transition: PlanReport.TransitionEntry) -> String {
    var text = transition.kind
    if let overlap = transition.overlap { text += " " + String(format: "%.3f s", Double(overlap) / Double(report.sampleRate)) }
    if let gap = transition.gap { text += " " + String(format: "%.3f s", Double(gap) / Double(report.sampleRate)) }
    if let out = transition.outCurve, let into = transition.inCurve { text += out == into ? ", \(out)" : ", \(out) out, \(into) in" }
    if let match = transition.beatMatch {
      if match.matched, let outgoing = match.outgoingBPM, let incoming = match.incomingBPM {
        text += String(format: "; beats matched, %.1f BPM into %.1f", outgoing, incoming)
        if let ratio = match.lengthRatio, let stretch = Self.stretchLabel(ratio) { text += ", stretched " + stretch }
      } else if let reason = match.reason {
        text += "; beats not matched: \(reason)"
      }
    }
    let swaps = report.tracks[transition.to - 1].clips.first?.bassSwaps ?? []
    if !swaps.isEmpty { text += "; bass swapped" }
    if let key = transition.key { text += "; keys " + PlanReport.describe(key) }
    return text
  }

  /// The decisions behind a join, a line each: where beat matching pinned the beats, the
  /// automatic cue points and edits at the two tracks' facing ends, and their levels.
  func whyList(_ transition: PlanReport.TransitionEntry) -> String {
    let (outgoing, incoming) = (report.tracks[transition.from - 1], report.tracks[transition.to - 1])
    var lines: [String] = []
    if let match = transition.beatMatch, match.matched, let aligned = match.alignedAt {
      let pinned = incoming.clips.compactMap(\.stretch).map(\.keyFrames).reduce(0, +)
      lines.append("downbeats meet at \(clock(aligned))" + (pinned > 0 ? ", \(Self.count(pinned, "beat")) pinned" : ""))
    }
    if let swap = incoming.clips.flatMap(\.bassSwaps).first {
      lines.append("bass under \(Int(swap.crossoverHz)) Hz swapped from \(clock(swap.rampStart)) to \(clock(swap.rampEnd))")
    }
    let facing = [(outgoing, ["cue-out", "trimmed"], "at the end"), (incoming, ["cue-in", "trimmed"], "at the start")]
    for (track, prefixes, end) in facing {
      let reasons = (track.silence?.reasons ?? []).filter { reason in
        prefixes.contains { reason.hasPrefix($0) } && (!reason.hasPrefix("trimmed") || reason.contains(end))
      }
      lines += reasons.map { "\(Self.title(track.title, track.artist)): \($0)" }
    }
    for track in [outgoing, incoming] {
      guard let level = track.loudness, let gain = track.clips.first?.gainDB else { continue }
      // The clip's whole gain, as its tooltip gives it: levelling, make-up and the entry's own.
      let parts = level.makeUpDB == 0 ? "" : "levelling \(Decibels.gain(level.gainDB)), make-up \(Decibels.gain(level.makeUpDB)); "
      let measured = level.measuredLUFS.map { ", measured \(Decibels.text($0)) LUFS" } ?? ""
      lines.append("\(Self.title(track.title, track.artist)): gain \(Decibels.gain(gain)) dB (\(parts)\(level.basis)\(measured); peaks \(level.peak))")
    }
    guard !lines.isEmpty else { return "" }
    return "<ul class=\"why\">" + lines.map { "<li>\(Self.escape($0))</li>" }.joined() + "</ul>"
  }

  func trackTitle(_ index: Int) -> String { Self.title(report.tracks[index].title, report.tracks[index].artist) }

  /// What a DJ must see at a join: a fallback to a plain crossfade, a key clash; each with its
  /// reason. Shown on the timeline (marks on the join) and in the table.
  func flags(of transition: PlanReport.TransitionEntry) -> [(kind: String, label: String, reason: String)] {
    var flags: [(kind: String, label: String, reason: String)] = []
    if let match = transition.beatMatch, !match.matched {
      flags.append(("fallback", "plain crossfade", "beats not matched: " + (match.reason ?? "no reason given")))
    }
    if let key = transition.key, key.relation == "clash" { flags.append(("clash", "key clash", "keys " + PlanReport.describe(key))) }
    return flags
  }

  /// The join's flags in the table, each with its reason on hover.
  private func flagList(_ transition: PlanReport.TransitionEntry) -> String {
    let flags = flags(of: transition)
    guard !flags.isEmpty else { return "" }
    return "<div class=\"flags\">" + flags.map { "<span class=\"flag \($0.kind)\" title=\"\(Self.escape($0.reason))\">\($0.label)</span>" }.joined() + "</div>"
  }

  /// A stretch's length ratio as a label ("×1.0345"); nil where it rounds to ×1.0000, a tempo
  /// change under 0.005 % that no label should make look like a stretch.
  static func stretchLabel(_ ratio: Double) -> String? {
    let label = String(format: "×%.4f", ratio)
    return label == "×1.0000" ? nil : label
  }
}
