import AudioTestSupport
import Foundation
import Playlists
import Rendering
import Testing

/// Overlays from Segue's playlist format: placed by time or by entry, ducking the tracks under them.
@Suite struct OverlayTests {
  /// Two constant tracks and a constant overlay that ducks them by 12 dB: every sample is the
  /// tracks at the duck's gain (equal-power ramps of 50 ms either side) plus the overlay.
  @Test func anOverlayDucksTheTracksUnderItExactly() throws {
    let fixture = MixFixture()
    _ = try fixture.constant("a", value: 0.5, frames: 8000)
    _ = try fixture.constant("b", value: -0.25, frames: 8000)
    _ = try fixture.constant("jingle", value: 0.125, frames: 3001)
    let yaml = """
      version: 1
      entries:
        - file: a.wav
        - file: b.wav
          id: second
      overlays:
        - file: jingle.wav
          at: { entry: second, offset: -0.5 }
          duck: -12
          duck-ramp: 0.05
      """
    let playlistPath = fixture.folder.file("set.yaml")
    try yaml.write(toFile: playlistPath, atomically: true, encoding: .utf8)
    let playlist = try NativePlaylist.parse(yaml, file: playlistPath)
    let output = fixture.folder.file("mix.wav")
    let report = try Renderer.render(
      RenderRequest(
        inputs: InputSource.entries(of: playlist), outputPath: output, output: OutputOptions(bitDepth: 32), verify: true,
        overlays: OverlayInput.overlays(of: playlist, firstInput: 0), cache: nil))
    let samples = try AudioFile.read(path: output).samples
    #expect(samples.count == 16_000)
    let (start, end, ramp) = (4000, 7001, 400)
    let depth = 1 - pow(10, -12.0 / 20)
    for frame in 0..<samples.count {
      let duck: Double =
        if frame < start - ramp || frame >= end + ramp { 1 }
        else if frame < start { 1 - depth * sin(Double(frame - (start - ramp)) / Double(ramp) * .pi / 2) }
        else if frame < end { 1 - depth }
        else { 1 - depth + depth * sin(Double(frame - end) / Double(ramp) * .pi / 2) }
      let track = frame < 8000 ? 0.5 : -0.25
      let expected = track * duck + (start..<end ~= frame ? 0.125 : 0)
      #expect(abs(Double(samples[frame]) - expected) < 1e-6, "frame \(frame)")
      if abs(Double(samples[frame]) - expected) >= 1e-6 { break }
    }
    #expect(report.trackList?.tracks.count == 2, "an overlay is not a track")
  }

  /// Playlist errors name the file, line and column.
  @Test(arguments: [
    ("overlays:\n  - file: j.wav\n    at: { entry: nobody }", "set.yaml:7:18: no entry has the id 'nobody' (ids: x)"),
    ("overlays:\n  - file: j.wav", "set.yaml:6:5: an overlay needs 'at' (a time, or { entry: ID, offset: SECONDS })"),
    ("overlays:\n  - file: j.wav\n    at: 3\n    duck: 12", "set.yaml:8:11: 'duck' must be from -96 to 0 dB, not 12"),
  ])
  func badOverlaysAreRefusedWithTheirPlace(_ tail: String, _ message: String) {
    let yaml = "version: 1\nentries:\n  - file: a.wav\n    id: x\n" + tail
    let error = #expect(throws: PlaylistError.self) { try NativePlaylist.parse(yaml, file: "set.yaml") }
    #expect(error?.description == message)
  }
}
