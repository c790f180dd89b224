import AudioTestSupport
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// Silence edits through the facts cache, in range previews, and per playlist entry.
@Suite("Edited timelines")
struct EditedTimelineTests {
  static let speech = SpeechLike(lead: 1.1177, pauses: [2.3319, 0.2903, 1.0771, 3.6061, 0.8123], trail: 1.4411, seed: 23)

  /// The speech as a 16-bit WAV in `folder`.
  static func talk(in folder: TemporaryFolder, name: String = "talk.wav", speech: SpeechLike = speech) throws -> String {
    let path = folder.file(name)
    try AudioFile.write(
      speech.samples, layout: PCMLayout(sampleRate: SpeechLike.sampleRate, channelCount: SpeechLike.channels), to: path,
      options: OutputOptions(bitDepth: 16))
    return path
  }

  /// A first render decodes the input once to find its silences; a second, from the cache, not
  /// at all; a new threshold once more.
  @Test func silencesAreFoundOnceAndCached() throws {
    let folder = TemporaryFolder("segue-silence-cache")
    let input = try Self.talk(in: folder)
    let cache = FactsCache(folder: folder.file("cache"))
    func render(threshold: Double) throws {
      var request = RenderRequest(
        inputs: [InputSource(path: input)], outputPath: folder.file("short.flac"),
        mix: MixOptions(silence: SilenceSettings(maxPause: 0.5, silenceThreshold: threshold)), overwrite: true)
      request.cache = cache
      _ = try Renderer.render(request)
    }
    try render(threshold: -35)
    #expect(FactsDecodes.count(for: input) == 1)
    try render(threshold: -35)
    #expect(FactsDecodes.count(for: input) == 1, "a warm render decoded the input for its facts again")
    try render(threshold: -41)
    #expect(FactsDecodes.count(for: input) == 2)
  }

  /// A range of the edited mix, across cuts, is exactly that part of the whole render: from a
  /// stretch of plain source, and from inside a cut's crossfade.
  @Test func aRangeIsThatPartOfTheEditedMix() throws {
    let folder = TemporaryFolder("segue-silence-range")
    let input = try Self.talk(in: folder)
    let mix = MixOptions(silence: SilenceSettings(maxPause: 0.5))
    let float = OutputOptions(bitDepth: 32)
    let report = try Renderer.render(
      RenderRequest(inputs: [InputSource(path: input)], outputPath: folder.file("whole.wav"), output: float, mix: mix))
    let whole = try AudioFile.read(path: folder.file("whole.wav")).samples
    let rate = Double(SpeechLike.sampleRate)
    let splice = try #require(report.timeline.clips[0].splices.dropFirst().first)
    for from in [1.7311, Double(splice.clipFrame + 97) / rate] {
      let range = TimeRange(from: from, to: min(from + 3.1716, Double(whole.count / 2) / rate - 0.0117))
      _ = try Renderer.render(
        RenderRequest(
          inputs: [InputSource(path: input)], outputPath: folder.file("part.wav"), output: float, mix: mix, range: range, overwrite: true))
      let part = try AudioFile.read(path: folder.file("part.wav")).samples
      let start = Int((from * rate).rounded())
      try #require(part.count == (Int((range.to! * rate).rounded()) - start) * 2)
      #expect(Array(whole[(start * 2)..<(start * 2 + part.count)]) == part, "the range from \(from) s differs from that part of the whole mix")
    }
  }

  /// An entry's own `max-pause` wins over the command line's, and `silence: keep` leaves an entry whole.
  @Test func entrySettingsWinOverTheCommandLine() throws {
    let folder = TemporaryFolder("segue-silence-entries")
    let first = try Self.talk(in: folder, name: "kept.wav")
    let second = try Self.talk(in: folder, name: "own.wav")
    var kept = EntryOptions(), own = EntryOptions()
    kept.silence.keep = true
    own.silence.maxPause = 1.0
    let request = RenderRequest(
      inputs: [InputSource(path: first, options: kept), InputSource(path: second, options: own)], outputPath: folder.file("mix.flac"),
      mix: MixOptions(silence: SilenceSettings(maxPause: 0.5)))
    let plan = try Renderer.plan(request)
    #expect(plan.edits[0] == nil)
    let clips = plan.plan.timeline.clips
    #expect(clips[0].duration == Int64(Self.speech.frameCount) && clips[0].splices.isEmpty)
    let pauses = SpeechLike.pauses(Self.speech.samples, thresholdDB: -35, longerThan: 4410)
    let expected = pauses.reduce(0) { $0 + max(0, $1.count - 44_100) }
    let cuts = try #require(plan.edits[1]).cuts
    #expect(cuts.reduce(0) { $0 + $1.skipped.count } == expected, "pauses cut to 1 s")
  }
}
