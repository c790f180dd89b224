import AudioTestSupport
import Composition
import Playlists
import Rendering
import Testing

/// Where samples land, and how long mixes are, decoded from the written files.
@Suite struct PlacementTests {
  /// An impulse at `position` in a clip cued in at `inPoint` lands at `start + position - inPoint`.
  @Test func impulseLandsWhereTheTimelineSays() throws {
    let fixture = MixFixture(sampleRate: 8000)
    func impulse(at position: Int, frames: Int) -> [Float] {
      var samples = [Float](repeating: 0, count: frames)
      samples[position] = 0.75
      return samples
    }
    let inputs = [
      try fixture.track("a", impulse(at: 1234, frames: 6000), options: EntryOptions(inPoint: .seconds(0.125))),  // in-point 1000
      try fixture.track("b", impulse(at: 4321, frames: 7000), options: EntryOptions(inPoint: .seconds(0.5), outPoint: .seconds(0.8125))),  // 4000..<6500
      try fixture.track("c", impulse(at: 77, frames: 3000), options: EntryOptions(transition: nil)),
    ]
    let (report, samples) = try fixture.render(inputs, mix: MixOptions(gap: 0.25))
    let clips = report.timeline.clips
    #expect(clips.map(\.start) == [0, 7000, 11_500])
    #expect(clips.map(\.inPoint) == [1000, 4000, 0])
    let expected = [clips[0].start + 1234 - 1000, clips[1].start + 4321 - 4000, clips[2].start + 77]
    let found = samples.indices.filter { samples[$0] != 0 }.map(Int64.init)
    #expect(found == expected)
    #expect(found.allSatisfy { samples[Int($0)] == 0.75 })
  }

  struct LengthCase: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var mix: MixOptions
    var albums: [String]
    var expected: Int
  }

  // Four tracks of 9001, 8002, 7003 and 6004 frames at 8 kHz (30010 in all).
  static let lengthCases = [
    LengthCase(testDescription: "gapless", mix: MixOptions(), albums: ["A", "A", "B", "B"], expected: 30_010),
    LengthCase(testDescription: "crossfaded 0.25 s", mix: MixOptions(crossfade: 0.25), albums: ["A", "A", "B", "B"], expected: 30_010 - 3 * 2000),
    LengthCase(testDescription: "gaps of 0.125 s", mix: MixOptions(gap: 0.125), albums: ["A", "A", "B", "B"], expected: 30_010 + 3 * 1000),
    LengthCase(testDescription: "album-aware", mix: MixOptions(crossfade: 0.25, albumAware: true), albums: ["A", "A", "B", "B"], expected: 30_010 - 2000),
  ]

  /// Output length = clip durations - overlaps + gaps, to the sample, in the decoded file.
  @Test(arguments: lengthCases)
  func lengthIsExact(_ lengthCase: LengthCase) throws {
    let fixture = MixFixture(sampleRate: 8000)
    var inputs: [InputSource] = []
    for (index, frames) in [9001, 8002, 7003, 6004].enumerated() {
      let path = fixture.folder.file("t\(index).flac")
      try FFmpegCLI.make([
        "-f", "lavfi", "-i", "sine=f=\(300 + 100 * index):r=8000", "-af", "atrim=end_sample=\(frames)",
        "-metadata", "album=\(lengthCase.albums[index])", "-c:a", "flac", path,
      ])
      inputs.append(InputSource(path: path))
    }
    let (report, samples) = try fixture.render(inputs, mix: lengthCase.mix, output: "mix.flac", options: OutputOptions())
    #expect(report.timeline.frameCount == Int64(lengthCase.expected))
    #expect(samples.count == lengthCase.expected)
    #expect(try FFmpegCLI.decodeFloat(fixture.folder.file("mix.flac")).count == lengthCase.expected)
  }
}
