import Composition
import FFmpegAudio
import Foundation
import Playlists

extension MixPage {
  /// The whole page: header, timeline, transitions; `snippets` per transition index.
  func html(snippets: [Int: TransitionSnippet], pagePath: String) -> String {
    let title = rendered.map { "Mix report: " + PathText.lastComponent($0.outputPath) } ?? "Mix plan"
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escape(title))</title>
      <style>\(Self.style)</style></head>
      <body data-seconds="\(Self.seconds(report.frameCount, report.sampleRate))">
      <header><h1>\(Self.escape(title))</h1>
      \(summary())
      \(settingList())
      \(notes())
      </header>
      <section id="timeline"><h2>Timeline</h2>
      <div class="controls"><button type="button" id="zoom-out" title="Zoom out">−</button><button type="button" id="zoom-in" title="Zoom in">+</button>
      <span class="hint">Click a transition to hear it; click elsewhere to play the mix from there.</span></div>
      <div id="scroller"><div id="canvas">
      \(axis())
      \(trackLanes())
      \(overlayLane())
      \(markLane())
      \(transitionLane())
      \(loudnessLane())
      <div id="playhead" hidden></div>
      </div></div></section>
      \(transitionList(snippets: snippets))
      \(outputAudio(pagePath: pagePath))
      <script>\(Self.script)</script>
      </body></html>

      """
  }

  /// The output and its measurements (after a render), or the plan's length and rate.
  private func summary() -> String {
    let rate = report.sampleRate
    var rows = [
      ("Length", "\(TimeFormat.clock(frames: report.frameCount, sampleRate: rate)) = \(report.frameCount) sample frames at \(rate) Hz"),
      ("Tracks", [Self.count(report.tracks.count, "track"), Self.count(report.transitions.count, "transition"), Self.count(report.overlays.count, "overlay")].joined(separator: ", ")),
    ]
    if let render = rendered {
      rows.insert(("Output", "\(render.outputPath) (\(render.codecName) in \(render.containerName), \(render.layout.channelCount) channels)"), at: 0)
      rows[1] = ("Length", "\(TimeFormat.clock(frames: render.outputFrameCount, sampleRate: render.layout.sampleRate)) = \(render.outputFrameCount) sample frames at \(render.layout.sampleRate) Hz")
      if let loudness = render.loudness {
        let measured = [
          loudness.integratedLUFS.map { "integrated \(Decibels.text($0)) LUFS" }, "range \(Decibels.text(loudness.loudnessRangeLU)) LU",
          loudness.truePeakDBTP.map { "true peak \(Decibels.text($0)) dBTP" },
        ].compactMap { $0 }
        rows.append(("Loudness", measured.joined(separator: ", ")))
      }
    }
    if let target = report.targetLUFS { rows.append(("Levelled to", "\(Decibels.text(target)) LUFS")) }
    if let encoding = report.encoding, let note = encoding.note { rows.append(("Encoding", note)) }
    return Self.definitions(rows, className: "summary")
  }

  /// The settings the mix was made with.
  private func settingList() -> String {
    guard !settings.isEmpty else { return "" }
    return "<h2>Settings</h2>" + Self.definitions(settings.map { ($0.name, $0.value) }, className: "summary settings")
  }

  /// Names and values as a definition list.
  private static func definitions(_ rows: [(String, String)], className: String) -> String {
    "<dl class=\"\(className)\">" + rows.map { "<dt>\(escape($0.0))</dt><dd>\(escape($0.1))</dd>" }.joined() + "</dl>"
  }

  /// Every note and automatic decision, as the summary prints them.
  private func notes() -> String {
    let all = rendered?.allNotes ?? report.notes
    guard !all.isEmpty else { return "" }
    return "<h2>Decisions and notes</h2><ul class=\"notes\">" + all.map { "<li>\(Self.escape($0))</li>" }.joined() + "</ul>"
  }

  /// Time ticks every 1, 2, 5, 10, 15 or 30 seconds or minutes, about twelve across.
  private func axis() -> String {
    let seconds = Double(report.frameCount) / Double(report.sampleRate)
    let step = MixDrawing.tickStep(seconds: seconds)
    var ticks: [String] = []
    var time = 0.0
    while time <= seconds {
      let label = TimeFormat.clock(frames: Int64(time * Double(report.sampleRate)), sampleRate: report.sampleRate).replacingOccurrences(of: ".000", with: "")
      ticks.append("<span class=\"tick\" style=\"left:\(percent(time / max(seconds, 1e-9)))\">\(label)</span>")
      time += step
    }
    return "<div class=\"axis\">" + ticks.joined() + "</div>"
  }

  /// Two decks, the tracks alternating between them, as a DJ plays them; where an overlay ducks
  /// the tracks, a band across both says by how much, and where beat matching met two tracks'
  /// downbeats, a line.
  private func trackLanes() -> String {
    let items = timeline.items
    let ducks = timeline.ducks.map { duck in
      "<div class=\"duck\" style=\"left:\(position(duck.range.lowerBound));width:\(width(duck.range.lowerBound, duck.range.upperBound))\""
        + " title=\"ducked by \(Decibels.text(PlanReport.decibels(duck.gain))) dB under an overlay, \(clock(duck.range.lowerBound)) to \(clock(duck.range.upperBound))\"></div>"
    }.joined() + report.transitions.compactMap { transition in
      transition.beatMatch?.alignedAt.map { frame in
        "<div class=\"aligned\" style=\"left:\(position(frame))\" title=\"\(Self.escape(transitionTitle(transition))): downbeats meet at \(clock(frame))\"></div>"
      }
    }.joined()
    let lanes = (0..<2).map { deck in
      items.indices.filter { $0 % 2 == deck }.flatMap { index in
        items[index].clipIndexes.map { clipElement(kind: "clip", clip: $0, title: trackTitle(index), edit: report.tracks[index].silence) }
      }.joined() + ducks
    }
    return lanes.enumerated().map { "<div class=\"lane deck\" aria-label=\"deck \($0.offset == 0 ? "A" : "B")\">\($0.element)</div>" }.joined(separator: "\n")
  }

  private func overlayLane() -> String {
    let overlays = timeline.clips.indices.filter { timeline.clips[$0].layer == .overlay }
    guard !overlays.isEmpty else { return "" }
    let elements = zip(overlays, report.overlays).map { index, overlay in
      let duck = overlay.duck.map { " (ducks the tracks by \(Decibels.text($0.gainDB)) dB)" } ?? ""
      return clipElement(kind: "overlay", clip: index, title: Self.title(overlay.title, overlay.artist), note: duck)
    }
    return "<div class=\"lane overlays\" aria-label=\"overlays\">" + elements.joined() + "</div>"
  }

  /// Where each track starts for listeners (its chapter), to where the next does.
  private func markLane() -> String {
    let ends = report.tracks.dropFirst().map(\.listedStart) + [report.frameCount]
    let marks = zip(report.tracks, ends).map { track, end in
      let title = Self.title(track.title, track.artist)
      return "<div class=\"mark\" \(attributes("chapter", track.listedStart, end, title)) style=\"left:\(position(track.listedStart))\">"
        + "<span>\(track.number). \(Self.escape(title))</span></div>"
    }
    return "<div class=\"lane marks\" aria-label=\"chapters\">" + marks.joined() + "</div>"
  }

  private func transitionLane() -> String {
    let spans = transitionSpans
    let elements = report.transitions.enumerated().map { index, transition in
      let span = spans[index]
      // A rendered join's beat check: a dot on the join, its finding on hover.
      let check = beatCheck(of: transition).map {
        (" data-check=\"\($0.state.rawValue)\"", "<span class=\"check\" title=\"beat check: \(Self.escape($0.shortDescription))\"></span>")
      }
      return "<div class=\"join\" data-index=\"\(index)\" \(attributes("transition", span.lowerBound, span.upperBound, transitionTitle(transition)))"
        + (check?.0 ?? "") + " style=\"left:\(position(span.lowerBound));width:\(width(span.lowerBound, span.upperBound))\""
        + " title=\"\(Self.escape(describe(transition)))\">\(check?.1 ?? "")</div>"
    }
    return "<div class=\"lane joins\" aria-label=\"transitions\">" + elements.joined() + "</div>"
  }

  /// One clip: its box, its waveform (drawn by the page's script from `data-bands`) and its
  /// volume curves.
  private func clipElement(kind: String, clip index: Int, title: String, edit: PlanReport.EditEntry? = nil, note: String = "") -> String {
    let clip = timeline.clips[index]
    let gain = report.tracks.flatMap(\.clips).first { $0.start == clip.start && $0.end == clip.end }?.gainDB
    let stretch = clip.stretch.map { String(format: ", stretched ×%.4f (%@)", Double(clip.duration) / Double($0.sourceFrames), $0.method.rawValue) } ?? ""
    let tooltip = "\(title): \(clock(clip.start)) to \(clock(clip.end))" + (gain.map { ", gain \(Decibels.gain($0)) dB" } ?? "") + stretch + note
    let bands = waveforms.indices.contains(clip.source) ? waveforms[clip.source].map { ClipBands.columns(of: clip, from: $0, mixRate: report.sampleRate) } : nil
    let data = bands.map { " data-bands=\"\($0.base64EncodedString())\"" } ?? ""
    let ratio = clip.stretch.map { String(format: " ×%.4f", Double(clip.duration) / Double($0.sourceFrames)) } ?? ""
    return "<div class=\"\(kind)\" \(attributes(kind, clip.start, clip.end, title)) style=\"left:\(position(clip.start));width:\(width(clip.start, clip.end))\""
      + " title=\"\(Self.escape(tooltip))\"\(data)><canvas></canvas><svg viewBox=\"0 0 1000 100\" preserveAspectRatio=\"none\">\(curves(of: clip))</svg>"
      + cuts(in: clip) + beats(of: clip) + cues(of: clip, edit: edit) + "<span class=\"name\">\(Self.escape(title + ratio))</span></div>"
  }

  /// A flag at each automatic cue point the clip plays (cue-in, cue-out), saying why it is there.
  private func cues(of clip: Clip, edit: PlanReport.EditEntry?) -> String {
    guard let edit else { return "" }
    let points = [("cue-in", edit.cueIn), ("cue-out", edit.cueOut)].compactMap { name, frame in frame.map { (name, $0) } }
    return points.compactMap { name, source -> String? in
      guard let frame = ClipBands.clipFrame(of: clip, atSource: Double(source)) ?? (source == clip.sourceEnd ? Double(clip.duration) : nil) else { return nil }
      let reason = edit.reasons.first { $0.hasPrefix(name) } ?? "\(name) at \(clock(clip.start + Int64(frame)))"
      return "<i class=\"cue\" style=\"left:\(percent(frame / Double(max(clip.duration, 1))))\" title=\"\(Self.escape(reason))\"></i>"
    }.joined()
  }

  /// A tick at each beat of the source's grid where the clip plays it, taller on downbeats.
  private func beats(of clip: Clip) -> String {
    guard tempos.indices.contains(clip.source), let tempo = tempos[clip.source], let grid = tempo.grid else { return "" }
    let scale = Double(report.sampleRate) / Double(tempo.sampleRate)
    return (0..<grid.beatCount).compactMap { index -> String? in
      guard let frame = ClipBands.clipFrame(of: clip, atSource: grid.beat(index) * scale) else { return nil }
      let kind = grid.isDownbeat(index) ? "beat down" : "beat"
      return "<i class=\"\(kind)\" style=\"left:\(percent(frame / Double(max(clip.duration, 1))))\"></i>"
    }.joined()
  }

  /// A mark where the clip jumps over a pause it shortens, saying how much it leaves out.
  private func cuts(in clip: Clip) -> String {
    clip.splices.map { splice in
      let skipped = splice.sourceFrame - (clip.sourceFrame(at: splice.clipFrame - 1) + 1)
      let seconds = String(format: "%.3f", Double(skipped) / Double(report.sampleRate))
      return "<i class=\"cut\" style=\"left:\(percent(Double(splice.clipFrame) / Double(max(clip.duration, 1))))\""
        + " title=\"pause shortened at \(clock(clip.start + splice.clipFrame)): \(seconds) s left out\"></i>"
    }.joined()
  }

  /// The clip's fades and ramps, from its gain (top) to silence (bottom).
  private func curves(of clip: Clip) -> String {
    MixDrawing.rampCurves(of: clip).map { _, curve in
      let points = curve.map { "\(Self.f(1000 * Double($0.frame) / Double(max(clip.duration, 1)))),\(Self.f(2 + 96 * (1 - $0.level)))" }
      return "<polyline class=\"ramp\" points=\"\(points.joined(separator: " "))\"/>"
    }.joined()
  }

  /// The transitions as a table: time, kind, lengths and curves, beat matching, and a snippet.
  private func transitionList(snippets: [Int: TransitionSnippet]) -> String {
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
        + "<td>\(Self.escape(describe(transition)))\(whyList(transition))</td>\(checkCell)<td>\(audio)</td></tr>"
    }
    return "<section id=\"transitions\"><h2>Transitions</h2><table><thead><tr><th>#</th><th>At</th><th>Join</th><th>What</th><th>Beat check</th>"
      + "<th>Listen</th></tr></thead><tbody>"
      + rows.joined() + "</tbody></table></section>"
  }

  /// The rendered output, when it lies beside the page (or below it), for playing from any time.
  private func outputAudio(pagePath: String) -> String {
    guard let render = rendered, render.outputPath != AudioFileWriter.standardOutput else { return "" }
    let page = URL(fileURLWithPath: pagePath).standardizedFileURL.deletingLastPathComponent().path + "/"
    let output = URL(fileURLWithPath: render.outputPath).standardizedFileURL.path
    guard output.hasPrefix(page) else { return "" }
    let relative = String(output.dropFirst(page.count)).split(separator: "/").map {
      String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
    }.joined(separator: "/")
    return "<audio id=\"output\" preload=\"none\" src=\"\(Self.escape(relative))\"></audio>"
  }

  /// The render's beat check of `transition`; nil for a plan, or a join whose beats were not matched.
  private func beatCheck(of transition: PlanReport.TransitionEntry) -> BeatAlignment? {
    rendered?.beatAlignments.first { $0.from == transition.from - 1 && $0.to == transition.to - 1 }
  }

  /// "A → B".
  private func transitionTitle(_ transition: PlanReport.TransitionEntry) -> String {
    "\(trackTitle(transition.from - 1)) → \(trackTitle(transition.to - 1))"
  }

  /// The kind, length and curves, and the beat match: "crossfade 8.000 s, equal-power; beats
  /// matched, 124.0 BPM into 126.0" (the outgoing track's tempo, then the incoming one's).
  private func describe(_ transition: PlanReport.TransitionEntry) -> String {
    var text = transition.kind
    if let overlap = transition.overlap { text += " " + String(format: "%.3f s", Double(overlap) / Double(report.sampleRate)) }
    if let gap = transition.gap { text += " " + String(format: "%.3f s", Double(gap) / Double(report.sampleRate)) }
    if let out = transition.outCurve, let into = transition.inCurve { text += out == into ? ", \(out)" : ", \(out) out, \(into) in" }
    if let match = transition.beatMatch {
      if match.matched, let outgoing = match.outgoingBPM, let incoming = match.incomingBPM {
        text += String(format: "; beats matched, %.1f BPM into %.1f", outgoing, incoming)
        if let ratio = match.lengthRatio { text += String(format: ", stretched ×%.4f", ratio) }
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
  private func whyList(_ transition: PlanReport.TransitionEntry) -> String {
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
      guard let level = track.loudness else { continue }
      let measured = level.measuredLUFS.map { ", measured \(Decibels.text($0)) LUFS" } ?? ""
      lines.append("\(Self.title(track.title, track.artist)): gain \(Decibels.text(level.gainDB)) dB (\(level.basis)\(measured); peaks \(level.peak))")
    }
    guard !lines.isEmpty else { return "" }
    return "<ul class=\"why\">" + lines.map { "<li>\(Self.escape($0))</li>" }.joined() + "</ul>"
  }

  private func trackTitle(_ index: Int) -> String { Self.title(report.tracks[index].title, report.tracks[index].artist) }

  /// "1 overlay", "3 transitions".
  static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

  static func title(_ title: String, _ artist: String?) -> String { artist.map { "\($0) – \(title)" } ?? title }

  /// The data attributes every timeline element carries.
  private func attributes(_ kind: String, _ start: Int64, _ end: Int64, _ title: String) -> String {
    "data-kind=\"\(kind)\" data-start=\"\(Self.seconds(start, report.sampleRate))\" data-end=\"\(Self.seconds(end, report.sampleRate))\" data-title=\"\(Self.escape(title))\""
  }

  func position(_ frame: Int64) -> String { percent(Double(frame) / Double(max(report.frameCount, 1))) }
  func width(_ start: Int64, _ end: Int64) -> String { percent(Double(end - start) / Double(max(report.frameCount, 1))) }
  private func percent(_ share: Double) -> String { String(format: "%.5f%%", share * 100) }
  private func clock(_ frame: Int64) -> String { TimeFormat.clock(frames: frame, sampleRate: report.sampleRate) }

  /// Seconds with enough digits to name one sample frame.
  static func seconds(_ frames: Int64, _ rate: Int) -> String { String(format: "%.6f", Double(frames) / Double(rate)) }
  static func f(_ value: Double) -> String { String(format: "%.1f", value) }

  static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
