import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
@testable import Rendering
import Testing

/// A spliced clip read from a frame a range starts at is the same as read from its start.
@Suite("Spliced samples")
struct SplicedSamplesTests {
  @Test func enteringAnywhereGivesTheSameFrames() throws {
    let folder = TemporaryFolder("segue-spliced")
    let path = folder.file("noise.wav")
    try AudioFile.write(
      Signal.noise(channels: 2, frames: 50_021, seed: 3), layout: PCMLayout(sampleRate: 44_100, channelCount: 2), to: path,
      options: OutputOptions(bitDepth: 16))
    var clip = Clip(source: 0, start: 0, inPoint: 1_013, duration: 50_021 - 1_013)
    clip.cut([SourceCut(skipped: 9_001..<17_333, crossfade: 221), SourceCut(skipped: 30_011..<31_007, crossfade: 97)])
    func frames(from start: Int64) throws -> [Float] {
      let input = InputSource(path: path)
      let layout = PCMLayout(sampleRate: 44_100, channelCount: 2)
      let source = try InputFileSamples(input, layout: layout, resampling: .high, info: try AudioFileReader(path: path).info)
      let samples = SplicedSamples(source: source, clip: clip, channels: 2)
      if start > 0 { try #require(try samples.seek(toFrame: start), "a WAV is entered exactly at \(start)") }
      var read: [Float] = []
      while let block = try samples.nextBlock() { read += block }
      return Array(read.prefix(Int(clip.duration - start) * 2))
    }
    let whole = try frames(from: 0)
    try #require(whole.count == Int(clip.duration) * 2)
    let first = clip.splices[0], second = clip.splices[1]
    for start in [first.clipFrame - 5, first.clipFrame, first.clipFrame + 100, first.clipFrame + first.length, second.clipFrame + 96, 39_001] {
      #expect(try frames(from: start) == Array(whole[(Int(start) * 2)...]), "entered at clip frame \(start)")
    }
  }
}
