import Composition
import FFmpegAudio
import Foundation

/// Draws a planned mix as SVG: one row per track on a shared time axis (a track cut into several
/// clips keeps one row), then one per overlay, each with a waveform overview (as it sounds in the
/// mix, fades included), its volume curves, its name (`TrackName`) and where it starts: a track
/// at its listed start, as tracklists and chapters put it (mid-crossfade when it fades in), an
/// overlay where its audio begins.
public struct TimelinePicture {
  /// The mix drawn: its timeline's clips, tracks and overlays alike.
  public let plan: Plan
  /// The files the plan's clips play, indexed by a clip's `source`: the waveforms and names come from them.
  public let inputs: [InputSource]
  /// The tracks' loudness decisions, shown under their names; nil without levelling.
  public var levelling: Levelling?
  /// The rendered output's loudness as it went, drawn in a row of its own under the tracks;
  /// nil for a plan.
  public var loudness: LoudnessOverTime?

  private let width = 1400.0
  private let labelWidth = 300.0
  private let rowHeight = 34.0
  private let axisHeight = 36.0

  /// Draws `plan`, whose clips play `inputs`, without loudness; set `levelling` or `loudness` to show it.
  public init(plan: Plan, inputs: [InputSource]) {
    self.plan = plan
    self.inputs = inputs
  }

  /// Draws a planned mix, with each track's measured loudness and applied gain when levelled.
  public init(_ mix: MixPlan) {
    self.init(plan: mix.plan, inputs: mix.sources)
    levelling = mix.levelling
  }

  /// Draws a rendered mix: its plan, and the output's loudness as measured (whole mixes only).
  public init(_ render: RenderReport) {
    self.init(plan: render.plan, inputs: render.inputs)
    levelling = render.levelling
    loudness = render.isWholeMix ? render.loudnessOverTime : nil
  }

  /// The picture as an SVG document; decodes every clip once for its waveform.
  public func svg(peaksPerClip: Int = 400) throws(RenderError) -> String {
    let timeline = plan.timeline
    let infos = try InputCheck.probeAll(inputs)
    let layout = PCMLayout(sampleRate: timeline.sampleRate, channelCount: 1)
    let names = zip(inputs, infos).map { TrackName(input: $0, tags: $1.tags).text }
    let rate = timeline.sampleRate
    let trackRows = timeline.items.map { item in
      Row(
        clipIndexes: item.clipIndexes, label: names[item.source],
        start: "starts \(TimeFormat.clock(frames: item.listedStart, sampleRate: rate))" + loudnessText(ofInput: item.source)
          + (beatMatch(into: item.id).map { String(format: ", %.1f BPM to %.1f", $0.incomingBPM, $0.outgoingBPM) } ?? ""),
        alignedAt: beatMatch(into: item.id)?.alignedAt)
    }
    let overlayRows = timeline.clips.indices.filter { timeline.clips[$0].layer == .overlay }.map { index in
      let clip = timeline.clips[index]
      return Row(clipIndexes: [index], label: "overlay: " + names[clip.source], start: "at \(TimeFormat.clock(frames: clip.start, sampleRate: rate))")
    }
    let rows = trackRows + overlayRows
    let loudnessRows = loudness == nil ? 0.0 : 2
    let height = axisHeight + rowHeight * (Double(rows.count) + loudnessRows) + 12
    var svg = [
      ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" viewBox="0 0 \##(Int(width)) \##(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">"##,
      ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
    ]
    svg += axis(height: height)
    for (index, row) in rows.enumerated() {
      let clips = row.clipIndexes.map { timeline.clips[$0] }
      let peaks = try clips.map { clip throws(RenderError) in
        try WaveformPeaks.measure(clip: clip, input: inputs[clip.source], info: infos[clip.source], layout: layout, count: peaksPerClip)
      }
      svg += lane(index, row, clips: clips, peaks: peaks)
    }
    if let loudness { svg += loudnessRow(loudness, top: axisHeight + rowHeight * Double(rows.count)) }
    svg.append("</svg>")
    return svg.joined(separator: "\n")
  }

  private func x(_ frame: Int64) -> Double {
    let total = max(plan.timeline.frameCount, 1)
    return labelWidth + (width - labelWidth - 16) * Double(frame) / Double(total)
  }

  /// Tick marks every 1, 2, 5, 10, 15 or 30 seconds or minutes, about ten across.
  private func axis(height: Double) -> [String] {
    let rate = plan.timeline.sampleRate
    let seconds = plan.timeline.seconds
    let step = MixDrawing.tickStep(seconds: seconds)
    var lines: [String] = []
    var t = 0.0
    while t <= seconds {
      let position = x(Int64(t * Double(rate)))
      lines.append(##"<line x1="\##(f(position))" y1="\##(f(axisHeight - 8))" x2="\##(f(position))" y2="\##(f(height - 8))" stroke="#e3e3e3"/>"##)
      lines.append(##"<text x="\##(f(position))" y="\##(f(axisHeight - 14))" text-anchor="middle" fill="#555">\##(TimeFormat.clock(frames: Int64(t * Double(rate)), sampleRate: rate).replacingOccurrences(of: ".000", with: ""))</text>"##)
      t += step
    }
    return lines
  }

  /// A row of the picture: its clips, its name, what it says of its start, and where its beats
  /// were aligned with the track before.
  private struct Row {
    var clipIndexes: [Int]
    var label: String
    var start: String
    var alignedAt: Int64? = nil
  }

  /// The beat match of the transition into item `id`, if its beats were matched.
  private func beatMatch(into id: Int) -> BeatMatch? {
    guard case .matched(let match) = plan.transitions.first(where: { $0.to == id })?.beatMatch else { return nil }
    return match
  }

  /// One row: the track's (or overlay's) name and start, and each of its clips.
  private func lane(_ row: Int, _ content: Row, clips: [Clip], peaks: [[Float]]) -> [String] {
    let top = axisHeight + rowHeight * Double(row)
    let middle = top + rowHeight / 2
    let first = clips[0]
    let rate = plan.timeline.sampleRate
    let span = "\(TimeFormat.clock(frames: first.start, sampleRate: rate)) to \(TimeFormat.clock(frames: clips.map(\.end).max()!, sampleRate: rate))"
    var lines = [
      ##"<g class="\##(first.layer == .overlay ? "overlay" : "track")">"##,
      ##"<title>\##(escape(content.label)): \##(content.start); sounds \##(span)</title>"##,
      ##"<text x="8" y="\##(f(middle - 2))" fill="#222">\##(String(format: "%02d", row + 1))  \##(escape(truncated(content.label)))</text>"##,
      ##"<text x="8" y="\##(f(middle + 11))" fill="#888" font-size="10">\##(content.start)</text>"##,
    ]
    for (clip, clipPeaks) in zip(clips, peaks) { lines += shape(of: clip, row: row, top: top, peaks: clipPeaks) }
    if let aligned = content.alignedAt {
      lines.append(
        ##"<line x1="\##(f(x(aligned)))" y1="\##(f(top - rowHeight + 2))" x2="\##(f(x(aligned)))" y2="\##(f(top + rowHeight - 2))" stroke="#c0392b" stroke-dasharray="3,2"><title>beats aligned at \##(TimeFormat.clock(frames: aligned, sampleRate: rate))</title></line>"##)
    }
    lines.append("</g>")
    return lines
  }

  /// A clip's box, waveform and volume curves.
  private func shape(of clip: Clip, row: Int, top: Double, peaks: [Float]) -> [String] {
    let (left, right) = (x(clip.start), x(clip.end))
    let middle = top + rowHeight / 2
    let half = rowHeight / 2 - 4
    var lines = [
      ##"<rect x="\##(f(left))" y="\##(f(top + 2))" width="\##(f(max(right - left, 1)))" height="\##(f(rowHeight - 4))" rx="3" fill="\##(row % 2 == 0 ? "#e8f0fb" : "#eaf6ec")" stroke="#9db3d6" stroke-width="0.5"/>"##
    ]
    if !peaks.isEmpty {
      let step = (right - left) / Double(peaks.count)
      let upper = peaks.enumerated().map { "\(f(left + step * (Double($0) + 0.5))),\(f(middle - Double($1) * half))" }
      let lower = peaks.enumerated().reversed().map { "\(f(left + step * (Double($0) + 0.5))),\(f(middle + Double($1) * half))" }
      lines.append(##"<polygon points="\##((upper + lower).joined(separator: " "))" fill="#5b7fb5" fill-opacity="0.75"/>"##)
    }
    for (ramp, curve) in MixDrawing.rampCurves(of: clip) {
      let points = curve.map { "\(f(x(clip.start + $0.frame))),\(f(top + 2 + (rowHeight - 4) * (1 - $0.level)))" }
      lines.append(##"<polyline points="\##(points.joined(separator: " "))" fill="none" stroke="#e07b00" stroke-width="1.5"><title>\##(ramp.curve.rawValue)</title></polyline>"##)
    }
    return lines
  }

  /// The output's short-term loudness (and, lighter, its momentary loudness) from -48 to 0 LUFS,
  /// two rows high.
  private func loudnessRow(_ loudness: LoudnessOverTime, top: Double) -> [String] {
    let height = rowHeight * 2 - 6
    let y = { (value: Double?) in top + 3 + height * min(48, max(0, -(value ?? -48))) / 48 }
    let line = { (values: [Double?]) -> String in
      let step = max(1, values.count / 2_000)
      return stride(from: 0, to: values.count, by: step).map { index in
        let frame = Int64((Double(index + 1) * loudness.stepSeconds * Double(self.plan.timeline.sampleRate)).rounded())
        return "\(self.f(self.x(min(frame, self.plan.timeline.frameCount)))),\(self.f(y(values[index])))"
      }.joined(separator: " ")
    }
    return [
      ##"<g class="loudness"><title>the output's loudness: momentary (light) and short-term, -48 to 0 LUFS</title>"##,
      ##"<text x="8" y="\##(f(top + rowHeight - 2))" fill="#222">output loudness</text>"##,
      ##"<text x="8" y="\##(f(top + rowHeight + 11))" fill="#888" font-size="10">short-term, -48 to 0 LUFS</text>"##,
      ##"<line x1="\##(f(x(0)))" y1="\##(f(y(0)))" x2="\##(f(x(plan.timeline.frameCount)))" y2="\##(f(y(0)))" stroke="#e3e3e3"/>"##,
      ##"<polyline points="\##(line(loudness.momentary))" fill="none" stroke="#9fb6d9" stroke-width="0.8"/>"##,
      ##"<polyline points="\##(line(loudness.shortTerm))" fill="none" stroke="#23467e" stroke-width="1.4"/>"##,
      "</g>",
    ]
  }

  /// ", -9.6 LUFS, gain -4.4 dB" for a levelled track; empty otherwise.
  private func loudnessText(ofInput index: Int) -> String {
    guard let decision = levelling?.decisions.first(where: { $0.input == index }), let measured = decision.loudnessLUFS else { return "" }
    return ", \(Decibels.text(measured)) LUFS, gain \(Decibels.gain(decision.appliedDB)) dB"
  }

  private func truncated(_ text: String) -> String { text.count > 36 ? String(text.prefix(35)) + "…" : text }

  private func f(_ value: Double) -> String { String(format: "%.1f", value) }

  private func escape(_ text: String) -> String { MarkupText.escaped(text) }
}

/// The peak level of a clip, as it sounds in the mix, in `count` equal slices.
enum WaveformPeaks {
  static func measure(clip: Clip, input: InputSource, info: AudioStreamInfo, layout: PCMLayout, count: Int) throws(RenderError) -> [Float] {
    let reader = try ClipReader(clip: clip, input: input, info: info, layout: layout, resampling: .high, outputBits: nil)
    let slices = max(1, min(count, Int(clip.duration)))
    var peaks = [Float](repeating: 0, count: slices)
    let block = UnsafeMutableBufferPointer<Float>.allocate(capacity: 4096)
    defer { block.deallocate() }
    var done: Int64 = 0
    while done < clip.duration {
      let frames = Int(min(4096, clip.duration - done))
      try reader.render(frames, into: block.baseAddress!, replacing: true)
      for index in 0..<frames {
        let slice = Int((done + Int64(index)) * Int64(slices) / clip.duration)
        peaks[slice] = max(peaks[slice], min(abs(block[index]), 1))
      }
      done += Int64(frames)
    }
    return peaks
  }
}
