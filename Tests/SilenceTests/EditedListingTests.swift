import AudioTestSupport
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// Chapters and the CUE sheet of a render with pauses cut point at the output samples where each
/// track's kept audio begins.
@Suite("Chapters and cue sheet after cuts")
struct EditedListingTests {
  @Test func chaptersAndCueSheetPointAtTheEditedTrackStarts() throws {
    let folder = TemporaryFolder("segue-edited-listing")
    let speeches = [
      SpeechLike(lead: 0.9311, pauses: [1.7219, 0.3001, 4.4417], trail: 1.1093, seed: 7),
      SpeechLike(lead: 2.4127, pauses: [0.6553, 2.9011], trail: 0.8171, seed: 8),
    ]
    var inputs: [InputSource] = []
    for (index, speech) in speeches.enumerated() {
      let path = folder.file("part\(index + 1).wav")
      try AudioFile.write(
        speech.samples, layout: PCMLayout(sampleRate: SpeechLike.sampleRate, channelCount: SpeechLike.channels), to: path,
        options: OutputOptions(bitDepth: 16))
      inputs.append(InputSource(path: path))
    }
    let output = folder.file("episode.flac")
    _ = try Renderer.render(
      RenderRequest(
        inputs: inputs, outputPath: output, output: OutputOptions(bitDepth: 16), mix: MixOptions(silence: SilenceSettings(maxPause: 0.5)),
        listing: ListingOptions(chapters: true, cueSheetPath: folder.file("episode.cue")), verify: true))
    let out = try AudioFile.read(path: output).samples
    let chapters = try AudioStreamInfo.probe(path: output).chapters
    try #require(chapters.count == 2)
    let cue = try String(contentsOfFile: folder.file("episode.cue"), encoding: .utf8)
    let indexes = cue.split(separator: "\n").filter { $0.contains("INDEX 01") }.map { line in
      let parts = line.split(separator: " ").last!.split(separator: ":").map { Int($0)! }
      return ((parts[0] * 60 + parts[1]) * 75 + parts[2]) * SpeechLike.sampleRate / 75
    }
    try #require(indexes.count == 2)

    // Each track keeps half the limit before its first sound: its first burst, onset to tail, is
    // in the output from where the chapter (FLAC: to the millisecond) and the cue sheet (to 1/75 s) say.
    let kept = 22_050 / 2
    for (index, speech) in speeches.enumerated() {
      let firstLoud = SpeechLike.loudFrames(speech.samples, thresholdDB: -35)[0]
      let trackStart = try #require(
        (Int(chapters[index].start) - 44...Int(chapters[index].start) + 44).first { start in
          let burst = speech.bursts[0]
          let at = start + burst.lowerBound - (firstLoud - kept)
          return at >= 0 && Array(out[(at * 2)..<((at + burst.count) * 2)]) == Array(speech.samples[(burst.lowerBound * 2)..<(burst.upperBound * 2)])
        }, "track \(index + 1)'s first burst is not where its chapter (\(chapters[index].start)) puts it")
      #expect(abs(indexes[index] - trackStart) <= SpeechLike.sampleRate / 75, "cue sheet index \(indexes[index]), track start \(trackStart)")
    }
  }
}
