import Analysis
import AudioTestSupport
import FFmpegAudio
import Foundation
@testable import Rendering
import Testing

/// A long file's audible spans found in parallel stretches are those one pass over it finds.
@Suite("Audible spans in parallel")
struct AudibleScanTests {
  @Test(arguments: ["flac", "wav"])
  func stretchesJoinIntoWhatOnePassFinds(_ fileExtension: String) throws {
    let folder = TemporaryFolder("segue-audible-scan")
    // Over three minutes: long enough for three stretches of a minute or more.
    let pauses = (0..<90).map { 0.3 + Double(($0 * 7919) % 23) / 10 }
    let speech = SpeechLike(lead: 0.5, pauses: pauses, trail: 0.5, seed: 11)
    let path = folder.file("long.\(fileExtension)")
    try AudioFile.write(
      speech.samples, layout: PCMLayout(sampleRate: SpeechLike.sampleRate, channelCount: 2), to: path, options: OutputOptions(bitDepth: 16))
    let info = try AudioStreamInfo.probe(path: path)
    let length = Int64(speech.frameCount)
    try #require(Double(length) / Double(info.sampleRate) >= 180)
    let parallel = try #require(try AudibleScan.spans(path, info: info, length: length, thresholds: [-35, -60], parts: 3))
    let onePass = try #require(try AudibleScan.spans(path, info: info, length: length, thresholds: [-35, -60], parts: 1))
    #expect(parallel == onePass)
    #expect(parallel[0].spans.count == speech.bursts.count)
  }
}
