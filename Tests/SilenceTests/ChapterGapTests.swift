import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Playlists
@testable import Rendering
import Testing

/// Trimming a book's chapters leaves a break a listener hears between them: the chapter gap.
@Suite("Chapter gaps")
struct ChapterGapTests {
  /// Three chapters with odd lengths of room tone at their edges and pauses inside.
  static let chapters = [
    SpeechLike(lead: 0.4127, pauses: [0.9311, 2.7219], trail: 2.9331, seed: 21),
    SpeechLike(lead: 1.8803, pauses: [3.3011], trail: 0.2719, seed: 22),
    SpeechLike(lead: 0.0913, pauses: [0.5077, 1.2203], trail: 1.6171, seed: 23),
  ]

  /// Writes the chapters as 16-bit WAV files in `folder`.
  static func book(in folder: TemporaryFolder) throws -> [InputSource] {
    try chapters.enumerated().map { index, speech in
      let path = folder.file("chapter\(index + 1).wav")
      try AudioFile.write(
        speech.samples, layout: PCMLayout(sampleRate: SpeechLike.sampleRate, channelCount: SpeechLike.channels), to: path,
        options: OutputOptions(bitDepth: 16))
      return InputSource(path: path)
    }
  }

  /// The silence around each chapter start after the first, in seconds, as a 10 ms RMS detector
  /// hears it: from the end of the last window at or over `thresholdDB` before the chapter's start
  /// to the start of the first such window after it (windows every millisecond, both channels).
  static func breaks(_ samples: [Float], at starts: [Int], thresholdDB: Double) -> [Double] {
    let rate = SpeechLike.sampleRate, window = rate / 100, step = rate / 1000
    let frames = samples.count / 2
    let meanSquare = pow(10, thresholdDB / 10)
    var loud: [Bool] = []
    var energy = 0.0
    for frame in 0..<window { energy += Double(samples[frame * 2] * samples[frame * 2] + samples[frame * 2 + 1] * samples[frame * 2 + 1]) }
    var start = 0
    while start + window <= frames {
      loud.append(energy / Double(window * 2) >= meanSquare)
      for frame in start..<(start + step) where frame + window < frames {
        let leaving = Double(samples[frame * 2] * samples[frame * 2] + samples[frame * 2 + 1] * samples[frame * 2 + 1])
        let next = frame + window
        let entering = Double(samples[next * 2] * samples[next * 2] + samples[next * 2 + 1] * samples[next * 2 + 1])
        energy += entering - leaving
      }
      start += step
    }
    return starts.map { chapterStart in
      let at = chapterStart / step
      let lastBefore = (0..<min(at, loud.count)).last { loud[$0] }!
      let firstAfter = (at..<loud.count).first { loud[$0] }!
      return Double((firstAfter * step) - (lastBefore * step + window)) / Double(rate)
    }
  }

  /// The book rendered to `name` with `silence`, and its chapter breaks (`breaks`) at `thresholdDB`.
  static func renderedBreaks(_ name: String, silence: SilenceSettings, thresholdDB: Double) throws -> (breaks: [Double], notes: [String]) {
    let folder = TemporaryFolder("segue-chapter-gap")
    let output = folder.file(name)
    let report = try Renderer.render(
      RenderRequest(inputs: try book(in: folder), outputPath: output, mix: MixOptions(silence: silence), listing: ListingOptions(chapters: true)))
    let samples = try AudioFile.read(path: output).samples
    let starts = try AudioStreamInfo.probe(path: output).chapters.dropFirst().map { Int($0.start) }
    try #require(starts.count == 2)
    return (breaks(samples, at: starts, thresholdDB: thresholdDB), report.plan.notes.filter { $0.contains("the chapter gap") })
  }

  @Test func aTrimmedBookKeepsItsChapterGapBetweenChapters() throws {
    let (breaks, notes) = try Self.renderedBreaks("book.flac", silence: SilenceSettings(trim: true, maxPause: .set(1.5)), thresholdDB: -35)
    for gap in breaks {
      #expect(abs(gap - 1.5) <= 0.02, "a chapter break of \(gap) s where the chapter gap is 1.5 s")
    }
    #expect(notes.count == 2 && notes.allSatisfy { $0.contains("0:01.500 of silence before") && $0.contains("(--max-pause's") }, "\(notes)")
  }

  @Test func anAudiobookTrimmedAloneGetsTheDefaultGap() throws {
    let (breaks, notes) = try Self.renderedBreaks("book.m4b", silence: SilenceSettings(trim: true), thresholdDB: -60)
    for gap in breaks {
      #expect(abs(gap - SilenceRules.defaultAudiobookChapterGap) <= 0.02, "a chapter break of \(gap) s in a trimmed .m4b")
    }
    #expect(notes.count == 2 && notes.allSatisfy { $0.contains("the default between an audiobook's trimmed chapters") }, "\(notes)")
  }

  @Test func aGivenGapWinsAndAnAlbumTrimmedForGaplessPlayStaysTogether() throws {
    let (given, _) = try Self.renderedBreaks("given.flac", silence: SilenceSettings(trim: true, chapterGap: 3.2417), thresholdDB: -60)
    for gap in given { #expect(abs(gap - 3.2417) <= 0.02, "a chapter break of \(gap) s where --chapter-gap is 3.2417 s") }
    let (album, notes) = try Self.renderedBreaks("album.flac", silence: SilenceSettings(trim: true), thresholdDB: -60)
    for gap in album { #expect(gap < 0.5, "a trimmed album's join of \(gap) s") }
    #expect(notes.isEmpty, "\(notes)")
  }

  /// Music that sounds to its edges, its long pauses shortened, stays gapless: no edit moved its
  /// joins, so the default chapter gap (the pause limit) does not apply; an explicit one does.
  @Test func pausesShortenedInMusicLeaveItsJoinsGaplessUnlessAGapIsAsked() throws {
    let folder = TemporaryFolder("segue-chapter-gap-music")
    var inputs: [InputSource] = []
    for (index, frames) in [97_303, 88_211].enumerated() {
      let path = folder.file("track\(index).flac")
      try AudioFile.write(
        Signal.sine(frequency: 331 + 110 * Double(index), sampleRate: 44_100, channels: 2, frames: frames, amplitude: 0.4),
        layout: PCMLayout(sampleRate: 44_100, channelCount: 2), to: path, options: OutputOptions(bitDepth: 16))
      inputs.append(InputSource(path: path))
    }
    let plan = { (silence: SilenceSettings) in
      try Renderer.plan(RenderRequest(inputs: inputs, outputPath: folder.file("mix.flac"), mix: MixOptions(silence: silence)))
    }
    let shortened = try plan(SilenceSettings(maxPause: .set(0.8)))
    #expect(shortened.plan.timeline.frameCount == 97_303 + 88_211, "pauses shortened: \(shortened.plan.notes)")
    let asked = try plan(SilenceSettings(maxPause: .set(0.8), chapterGap: 1.25))
    #expect(asked.plan.timeline.frameCount == 97_303 + 88_211 + 55_125, "a chapter gap asked for: \(asked.plan.notes)")
  }
}
