import AudioTestSupport
import Foundation
import Testing

/// Every track of a real soundtrack (hedgewars-data's 26 Ogg Vorbis files, nobody's test
/// material) joined gaplessly from a playlist that cues each one in and out mid-track: the output
/// is exactly the cued spans end to end, each sample the ffmpeg CLI's own decode of its track at
/// the entry's gain (6 dB down: some of these masters peak at +1.9 dBFS, which the peak guard
/// would hold under 0 dBFS at full gain).
@Suite(.enabled(if: RealMusic.isExpected, "needs \(RealMusic.package.name)"))
struct RealAlbumTests {
  /// Where each track is cued, in hundredths of a second (a whole number of frames at 44.1 kHz):
  /// in at 30 s plus 0.37 s a track, for 2.5 s plus 0.13 s a track.
  static func span(_ index: Int) -> (in: Int, out: Int) {
    let start = 3000 + 37 * index
    return (start, start + 250 + 13 * index)
  }

  @Test func everyTrackOfASoundtrackJoinsSampleExactFromItsCues() throws {
    let folder = TemporaryFolder("segue-real-album")
    let names = RealMusic.names
    #expect(names.count >= 20)
    var playlist = "version: 1\nentries:\n"
    for (index, name) in names.enumerated() {
      let (start, end) = Self.span(index)
      playlist += "  - file: \(try RealMusic.path(name))\n    in: \(Double(start) / 100)\n    out: \(Double(end) / 100)\n    gain: -6\n"
    }
    try playlist.write(toFile: folder.file("album.yaml"), atomically: true, encoding: .utf8)
    let result = try runSegue(arguments: ["render", "album.yaml", "-o", "album.wav", "--bit-depth", "32", "--no-cache"], in: folder.path)
    #expect(result.status == 0, "\(result.stderr)")

    let rendered = try FFmpegCLI.decodeFloat(folder.file("album.wav"))
    let expectedFrames = names.indices.reduce(0) { total, index in total + (Self.span(index).out - Self.span(index).in) * 441 }
    #expect(rendered.count == expectedFrames * 2, "the cued spans end to end, to the frame")
    var offset = 0
    for (index, name) in names.enumerated() {
      let (start, end) = Self.span(index)
      // Cut by counting samples: FFmpeg 5.1 stamps some Vorbis packets late, so a trim by
      // timestamps (atrim) would cut elsewhere.
      let decoded = Array(try FFmpegCLI.decodeFloat(try RealMusic.path(name))[(start * 441 * 2)..<(end * 441 * 2)])
      let own = Array(rendered[offset..<min(rendered.count, offset + decoded.count)])
      let gain = Float(pow(10, -6.0 / 20))
      let worst = zip(own, decoded).reduce(Float(0)) { max($0, abs($1.0 - $1.1 * gain)) }
      #expect(decoded.count == (end - start) * 441 * 2 && worst < 1e-6, "\(name): \(decoded.count / 2) frames, off by up to \(worst)")
      offset += decoded.count
    }
  }
}
