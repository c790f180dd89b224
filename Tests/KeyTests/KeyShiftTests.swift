import Analysis
import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// Tracks pitch-shifted into another key: by an entry's `pitch`, or by `--key-shift auto` where
/// two keys clash, their length and beats unchanged.
@Suite struct KeyShiftTests {
  /// The frequency of a steady tone: its upward zero crossings counted between the first and the
  /// last, each placed between samples.
  static func frequency(of samples: ArraySlice<Float>, sampleRate: Int) -> Double {
    var crossings: [Double] = []
    var previous = samples.first ?? 0
    for (offset, sample) in samples.dropFirst().enumerated() {
      if previous < 0, sample >= 0 { crossings.append(Double(offset) + Double(-previous / (sample - previous))) }
      previous = sample
    }
    guard let first = crossings.first, let last = crossings.last, last > first else { return 0 }
    return Double(crossings.count - 1) / (last - first) * Double(sampleRate)
  }

  /// Renders `yaml` (in `folder`, beside its audio) to FLAC and returns the report.
  static func render(_ yaml: String, in folder: TemporaryFolder, choices: MixChoices = MixChoices()) throws -> RenderReport {
    try yaml.write(toFile: folder.file("set.yaml"), atomically: true, encoding: .utf8)
    var request = try RenderRequest(arguments: [folder.file("set.yaml")], outputPath: folder.file("out.flac"), choices: choices)
    request.cache = nil
    request.output.bitDepth = 24
    return try Renderer.render(request)
  }

  /// A steady tone shifted a semitone up moves 100 cents (within 1), and the file stays as long.
  @Test func aShiftedToneMovesOneHundredCents() throws {
    let folder = TemporaryFolder("segue-key-shift-tone")
    let frames = 529_211
    let tone = Signal.sine(frequency: 437.3, sampleRate: 44_100, channels: 2, frames: frames, amplitude: 0.4)
    try AudioFile.write(tone, layout: PCMLayout(sampleRate: 44_100, channelCount: 2), to: folder.file("tone.flac"), options: OutputOptions(bitDepth: 24))
    let report = try Self.render("version: 1\nentries:\n  - { file: tone.flac, pitch: +1 }\n", in: folder)
    #expect(report.outputFrameCount == Int64(frames) && report.timeline.clips.map(\.pitchShift) == [1])
    let (samples, layout) = try AudioFile.read(path: folder.file("out.flac"))
    #expect(samples.count == 2 * frames, "the shift keeps the length to the frame")
    let left = samples.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    let steady = left[44_100..<(frames - 44_100)]
    let cents = 1200 * log2(Self.frequency(of: steady, sampleRate: layout.sampleRate) / 437.3)
    #expect(abs(cents - 100) < 1, "moved \(cents) cents")
  }

  /// A track of the key test set shifted a semitone up is found a semitone up, and its beats stay
  /// where they were: the plan maps every source frame to the same output frame. Its levelling
  /// and its key in the plan are those of its shifted audio, measured before the render.
  @Test func aShiftedTrackIsFoundASemitoneUpWithItsBeatsInPlace() throws {
    let folder = TemporaryFolder("segue-key-shift-track")
    let track = KeyTestSet.tracks[0]
    try AudioFile.write(track.samples, layout: PCMLayout(sampleRate: 44_100, channelCount: 2), to: folder.file("t.flac"), options: OutputOptions(bitDepth: 16))
    var choices = MixChoices()
    choices.loudness.target = .set(-16)
    let report = try Self.render("version: 1\nentries:\n  - { file: t.flac, pitch: 1 }\n", in: folder, choices: choices)
    let truth = MusicalKey(tonic: track.label.tonic, mode: track.label.minor ? .minor : .major)
    let note = try #require(report.allNotes.first { $0.contains("measured as it plays shifted +1 semitone") }, "\(report.allNotes)")
    #expect(note.hasSuffix("in \(truth.transposed(by: 1).name) (\(truth.transposed(by: 1).camelot))"), "\(note)")
    let levelled = try #require(RenderSummaryReport(report).plan.tracks.first?.loudness?.measuredLUFS)
    #expect(note.contains(String(format: ": %.1f LUFS (unshifted", levelled)), "levelled on the shifted audio's \(levelled) LUFS: \(note)")
    let clip = try #require(report.timeline.clips.first)
    #expect(clip.start == 0 && clip.duration == report.outputFrameCount && clip.stretch == nil && clip.pitchShift == 1)
    let analysis = try AnalysisReport.measure([folder.file("t.flac"), folder.file("out.flac")], cache: nil)
    let keys = try analysis.tracks.map { try #require($0.key?.camelot) }
    #expect(keys == [truth.camelot, truth.transposed(by: 1).camelot], "\(keys)")
    let beats = analysis.tracks.map { $0.tempo?.beats ?? [] }
    #expect(beats[0].count >= 40 && beats[0].count == beats[1].count, "\(beats.map(\.count))")
    // The grid fits' tempos differ by their own precision (0.02 %), so the beats drift apart by a
    // millisecond or two over the track either way; on the whole they lie where they were.
    let offsets = zip(beats[0], beats[1]).map { $1 - $0 }
    let meanOffset = offsets.reduce(0, +) / Double(offsets.count)
    #expect(abs(meanOffset) <= 0.0005, "the shifted track's beats lie \(meanOffset * 1000) ms from the original's on average")
    let tempos = analysis.tracks.compactMap { $0.tempo?.beatsPerMinute }
    #expect(tempos.count == 2 && abs(tempos[0] - tempos[1]) <= 0.05, "\(tempos)")
  }
}

/// `--key-shift auto`: the incoming track of a clashing crossfade is shifted by the fewest
/// semitones that make it blend, and the plan, its JSON and the render all say the same.
@Suite struct AutomaticKeyShiftTests {
  @Test func aClashIsShiftedAwayAndEveryReportSaysSo() throws {
    let folder = TemporaryFolder("segue-key-shift-auto")
    try KeyPlanTests.writeTones([220.0, 233.08, 196.0], frames: 573_119, in: folder)
    // A minor into Bb minor clashes (8A into 3A): a semitone down makes it A minor. Bb minor into
    // G minor (3A into 6A) would clash too, but the last track states its own pitch.
    let yaml = """
      version: 1
      defaults: { crossfade: 9, key-shift: auto }
      entries:
        - { file: t0.flac, key: Am }
        - { file: t1.flac, key: Bbm }
        - { file: t2.flac, key: Gm, pitch: 0 }

      """
    try yaml.write(toFile: folder.file("set.yaml"), atomically: true, encoding: .utf8)
    var request = try RenderRequest(arguments: [folder.file("set.yaml")], outputPath: folder.file("mix.flac"))
    request.cache = nil
    let plan = PlanReport(try Renderer.plan(request))
    let report = try Renderer.render(request)
    let summary = RenderSummaryReport(report)
    let rendered = summary.plan
    for (name, reported) in [("plan", plan), ("render", rendered)] {
      let keys = reported.transitions.compactMap { $0.key }
      #expect(keys.count == 2, "\(name)")
      #expect(keys.first.map { [$0.outgoing, $0.incoming, $0.relation] } == ["8A", "8A", "same"] && keys.first?.incomingShift == -1, "\(name)")
      #expect(keys.last.map { [$0.outgoing, $0.incoming, $0.relation] } == ["8A", "6A", "clash"] && keys.last?.incomingShift == 0, "\(name)")
      let note = reported.notes.first { $0.contains("shifted -1 semitone") }
      #expect(note?.contains("(3A (Bb minor) to 8A (A minor)): same to the 8A (A minor)") == true, "\(name): \(reported.notes)")
      #expect(reported.notes.filter { $0.contains("the keys clash over the 9.0 s overlap") }.count == 1, "\(name): \(reported.notes)")
    }
    #expect(summary.json().contains("\"incomingShift\" : -1"))
    #expect(report.timeline.clips.map(\.pitchShift) == [0, -1, 0])
    #expect(report.outputFrameCount == 573_119 + 574_116 + 575_113 - 2 * 396_900, "the shift keeps every length")
  }

  /// A track whose analysed key is unsure (a lone tone: its third and sixth weigh nothing either
  /// way) is not shifted on it, and the plan says why; stating its key shifts it.
  @Test func anUnsureKeyIsNotShiftedUnlessTheEntryStatesIt() throws {
    let folder = TemporaryFolder("segue-key-shift-unsure")
    // A lone C# reads as Db major, a semitone over the C major that blends with A minor.
    try KeyPlanTests.writeTones([220.0, 277.18], frames: 573_119, in: folder)
    let plan = { (secondEntry: String) throws -> PlanReport in
      let yaml = "version: 1\ndefaults: { crossfade: 9, key-shift: auto }\nentries:\n  - { file: t0.flac, key: Am }\n  - \(secondEntry)\n"
      try yaml.write(toFile: folder.file("set.yaml"), atomically: true, encoding: .utf8)
      var request = try RenderRequest(arguments: [folder.file("set.yaml")], outputPath: folder.file("mix.flac"))
      request.cache = nil
      return PlanReport(try Renderer.plan(request))
    }
    let analysed = try plan("{ file: t1.flac }")
    #expect(analysed.transitions.first?.key?.incomingShift == 0)
    let note = analysed.notes.first { $0.contains("left in its key: the incoming track's key is unsure (") }
    #expect(note?.hasSuffix("); give its entry a 'key' to shift it anyway") == true, "\(analysed.notes)")
    let stated = try plan("{ file: t1.flac, key: Db }")
    #expect(stated.transitions.first?.key?.incomingShift == -1, "\(stated.notes)")
  }
}
