import Playlists
import Testing

/// CD-frame times become sample frames with integers only.
@Suite struct PlaylistTimeTests {
  struct FrameCase: CustomTestStringConvertible, Sendable {
    var cdFrames: Int64
    var sampleRate: Int
    var frames: Int64
    var testDescription: String { "\(cdFrames) CD frames at \(sampleRate) Hz" }
  }

  static let cases = [
    FrameCase(cdFrames: 1, sampleRate: 44_100, frames: 588),
    FrameCase(cdFrames: 1, sampleRate: 48_000, frames: 640),
    FrameCase(cdFrames: 75, sampleRate: 44_100, frames: 44_100),
    FrameCase(cdFrames: 74, sampleRate: 48_000, frames: 74 * 640),
    FrameCase(cdFrames: (79 * 60 + 59) * 75 + 74, sampleRate: 44_100, frames: ((79 * 60 + 59) * 75 + 74) * 588),
    FrameCase(cdFrames: (79 * 60 + 59) * 75 + 74, sampleRate: 48_000, frames: ((79 * 60 + 59) * 75 + 74) * 640),
    FrameCase(cdFrames: 600 * 60 * 75, sampleRate: 96_000, frames: 600 * 60 * 96_000),
    FrameCase(cdFrames: 1, sampleRate: 22_050, frames: 294),
    FrameCase(cdFrames: 1, sampleRate: 32_000, frames: 427),
  ]

  @Test(arguments: cases)
  func cdFramesConvertExactly(_ time: FrameCase) {
    #expect(PlaylistTime.cdFrames(time.cdFrames).frames(at: time.sampleRate) == time.frames)
  }

  @Test func cdFramesCompareAsIntegers() {
    #expect(PlaylistTime.cdFrames(22_574) < .cdFrames(22_575))
    #expect(PlaylistTime.cdFrames(75).seconds == 1)
  }
}
