import Composition
import FFmpegAudio
import Playlists

/// Keeps a break a listener hears between one track and the next where silence edits meet.
///
/// Trimming takes each chapter's room tone down to a margin, so two trimmed chapters would
/// follow each other as closely as two sentences. At a gapless join whose outgoing track has a
/// chapter gap (`SilenceRules.chapterGap`), the silence both edges keep is measured (under the
/// level the track's rules count as quiet) and a gap makes up the rest: at every such join when
/// the gap is set, and where silence edits moved the outgoing track's end or the incoming one's
/// start when it is a default. Tracks that sound to their edges (music joined gaplessly, its
/// pauses shortened by `--max-pause`) keep their joins unless asked; so does a join with its own
/// transition, a crossfade or `--gap` for every join, or a stretched track on either side; a break
/// already as long is never shortened.
struct ChapterGaps {
  let inputs: [InputSource]
  let facts: [SourceFacts]
  /// Each track's silence edits, nil where none applies.
  let edits: [TrackEdit?]
  let mix: MixOptions
  let sampleRate: Int
  /// True when the output is an audiobook (`.m4b`), whose trimmed chapters get a gap by default.
  let audiobook: Bool

  /// Gives each short break among `items` its chapter gap; a note for each.
  func apply(to items: inout [PlanItem]) -> [String] {
    guard (mix.crossfade ?? 0) == 0, mix.crossfadeBeats == nil, (mix.gap ?? 0) == 0 else { return [] }
    var notes: [String] = []
    for index in items.indices.dropLast() {
      let (outgoing, incoming) = (items[index], items[index + 1])
      guard outgoing.transition == nil, outgoing.stretch == nil, incoming.stretch == nil,
        let rules = Editing.rules(for: inputs[index], mix: mix), rules.chapterGapSetting != nil || editsMeet(after: index),
        let (seconds, source) = rules.chapterGap(audiobook: audiobook),
        let tail = quietEdges(of: outgoing)?.tail, let head = quietEdges(of: incoming)?.head
      else { continue }
      let gap = SampleFrames.count(inSeconds: seconds, at: sampleRate)
      guard gap > tail + head else { continue }
      items[index].transition = .gap(gap - (tail + head))
      let clock = { (frames: Int64) in TimeFormat.clock(frames: frames, sampleRate: sampleRate) }
      notes.append(
        "\(outgoing.label): \(clock(gap)) of silence before \(incoming.label), the chapter gap (\(source)): "
          + "\(clock(gap - tail - head)) added to the \(clock(tail + head)) their edges keep")
    }
    return notes
  }

  /// True when silence edits moved the end of track `index` or the start of the next.
  private func editsMeet(after index: Int) -> Bool {
    let edit = { (track: Int) in track < edits.count ? edits[track] : nil }
    let endMoved = edit(index).map { $0.outPoint < $0.region.upperBound } ?? false
    let startMoved = edit(index + 1).map { $0.inPoint > $0.region.lowerBound } ?? false
    return endMoved || startMoved
  }

  /// The quiet frames `item` plays before its first sound and after its last, under the level its
  /// rules count as quiet; nil where its sounds at that level are unknown or it has none.
  private func quietEdges(of item: PlanItem) -> (head: Int64, tail: Int64)? {
    guard let rules = Editing.rules(for: inputs[item.source], mix: mix),
      let spans = facts[item.source].audible(at: rules.gapThresholdDB)
    else { return nil }
    let region = item.inPoint..<(item.outPoint ?? item.availableFrames)
    let sounds = PauseCuts.sounds(spans, sourceRate: facts[item.source].info.sampleRate, mixRate: sampleRate, in: region)
    guard let first = sounds.first, let last = sounds.last else { return nil }
    return (first.lowerBound - region.lowerBound, region.upperBound - last.upperBound)
  }
}
