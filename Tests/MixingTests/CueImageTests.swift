import AudioTestSupport
import Playlists
import Rendering
import Testing

/// A single-image CUE sheet: one long FLAC cut into tracks by its indexes, sample for sample.
@Suite struct CueImageTests {
  @Test func eachTrackIsItsSliceOfTheImageAndAllOfThemAreTheImage() throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 2)
    let image = fixture.folder.file("image.flac")
    try AudioFile.write(Signal.noise(channels: 2, frames: 352_800, seed: 5), layout: fixture.layout, to: image)
    let cue = fixture.folder.file("image.cue")
    try """
      TITLE "Image"
      FILE "image.flac" WAVE
        TRACK 01 AUDIO
          INDEX 01 00:00:00
        TRACK 02 AUDIO
          INDEX 01 00:02:37
        TRACK 03 AUDIO
          INDEX 00 00:05:00
          INDEX 01 00:05:12
      """.write(toFile: cue, atomically: true, encoding: .utf8)
    let samples = try FFmpegCLI.decodeInt16(image)
    let inputs = InputSource.entries(of: try PlaylistFile.read(path: cue))
    // CD frames to sample frames: 588 per CD frame at 44.1 kHz, integers only.
    let bounds = [0, (2 * 75 + 37) * 588, (5 * 75 + 12) * 588, 352_800]
    for index in inputs.indices {
      let output = fixture.folder.file("track\(index).flac")
      let report = try Renderer.render(RenderRequest(inputs: [inputs[index]], outputPath: output, verify: true))
      #expect(report.timeline.clips[0].inPoint == Int64(bounds[index]))
      #expect(try FFmpegCLI.decodeInt16(output) == Array(samples[(bounds[index] * 2)..<(bounds[index + 1] * 2)]))
    }
    let whole = fixture.folder.file("whole.flac")
    _ = try Renderer.render(RenderRequest(inputs: inputs, outputPath: whole, mix: MixOptions(crossfade: 2)))
    #expect(try FFmpegCLI.decodeInt16(whole) == samples, "tracks of one image join gaplessly, even when a mix asks for crossfades")
  }
}
