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
      // A fallback or a key clash: a mark above the join, its reason on hover.
      let marks = flags(of: transition).map { "<span class=\"flag \($0.kind)\" title=\"\(Self.escape($0.reason))\">\($0.kind == "clash" ? "♯" : "≈")</span>" }
      return "<div class=\"join\" data-index=\"\(index)\" \(attributes("transition", span.lowerBound, span.upperBound, transitionTitle(transition)))"
        + (check?.0 ?? "") + " style=\"left:\(position(span.lowerBound));width:\(width(span.lowerBound, span.upperBound))\""
        + " title=\"\(Self.escape(describe(transition)))\">\(check?.1 ?? "")\(marks.joined())</div>"
    }
    return "<div class=\"lane joins\" aria-label=\"transitions\">" + elements.joined() + "</div>"
  }

  /// One clip: its box, its waveform (drawn by the page's script from `data-bands`) and its
  /// volume curves.
  private func clipElement(kind: String, clip index: Int, title: String, edit: PlanReport.EditEntry? = nil, note: String = "") -> String {
    let clip = timeline.clips[index]
    let gain = report.tracks.flatMap(\.clips).first { $0.start == clip.start && $0.end == clip.end }?.gainDB
    let ratio = clip.stretch.map { Double(clip.duration) / Double($0.sourceFrames) }
    let stretch = clip.stretch.map { String(format: ", stretched by length ratio %.6f (%@)", ratio ?? 1, $0.method.rawValue) } ?? ""
    let deck = kind == "clip" ? deckText(of: clip) : ""
    let tooltip = "\(title): \(clock(clip.start)) to \(clock(clip.end))" + (gain.map { ", gain \(Decibels.gain($0)) dB" } ?? "") + stretch + deck + note
    let bands = waveforms.indices.contains(clip.source) ? waveforms[clip.source].map { ClipBands.columns(of: clip, from: $0, mixRate: report.sampleRate) } : nil
    let data = bands.map { " data-bands=\"\($0.base64EncodedString())\"" } ?? ""
    let label = title + (ratio.flatMap(Self.stretchLabel).map { " " + $0 } ?? "") + deck
    return "<div class=\"\(kind)\" \(attributes(kind, clip.start, clip.end, title)) style=\"left:\(position(clip.start));width:\(width(clip.start, clip.end))\""
      + " title=\"\(Self.escape(tooltip))\"\(data)><canvas></canvas><svg viewBox=\"0 0 1000 100\" preserveAspectRatio=\"none\">\(curves(of: clip))</svg>"
      + cuts(in: clip) + beats(of: clip) + cues(of: clip, edit: edit) + "<span class=\"name\">\(Self.escape(label))</span></div>"
  }

  /// What a DJ app's deck shows of a track: " · 120.0 BPM · 9B", a "?" after what the analysis
  /// is unsure of, and a key shift as "9B → 8B"; empty where neither is known.
  private func deckText(of clip: Clip) -> String {
    var parts: [String] = []
    if tempos.indices.contains(clip.source), let tempo = tempos[clip.source], let bpm = tempo.beatsPerMinute {
      parts.append(String(format: "%.1f BPM", bpm) + (tempo.isSure ? "" : "?"))
    }
    if keys.indices.contains(clip.source), let key = keys[clip.source].key {
      let sure = keys[clip.source].isSure ? "" : "?"
      parts.append(clip.pitchShift == 0 ? key.camelot + sure : "\(key.camelot)\(sure) → \(key.transposed(by: clip.pitchShift).camelot)")
    }
    return parts.map { " · " + $0 }.joined()
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


  /// "1 overlay", "3 transitions".
  static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

  static func title(_ title: String, _ artist: String?) -> String { artist.map { "\($0) – \(title)" } ?? title }

  /// The data attributes every timeline element carries.
  private func attributes(_ kind: String, _ start: Int64, _ end: Int64, _ title: String) -> String {
    "data-kind=\"\(kind)\" data-start=\"\(Self.seconds(start, report.sampleRate))\" data-end=\"\(Self.seconds(end, report.sampleRate))\" data-title=\"\(Self.escape(title))\""
  }

  func position(_ frame: Int64) -> String { percent(Double(frame) / Double(max(report.frameCount, 1))) }
  func width(_ start: Int64, _ end: Int64) -> String { percent(Double(end - start) / Double(max(report.frameCount, 1))) }
  func percent(_ share: Double) -> String { String(format: "%.5f%%", share * 100) }
  func clock(_ frame: Int64) -> String { TimeFormat.clock(frames: frame, sampleRate: report.sampleRate) }

  /// Seconds with enough digits to name one sample frame.
  static func seconds(_ frames: Int64, _ rate: Int) -> String { String(format: "%.6f", Double(frames) / Double(rate)) }
  static func f(_ value: Double) -> String { String(format: "%.1f", value) }

  static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
