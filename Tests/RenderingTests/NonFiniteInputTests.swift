import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// A floating-point WAV holding samples that are not numbers (NaN, infinities), as a broken
/// program can write: refused naming where, by render and analyze alike, or, with
/// `--allow-damaged`, rendered with those samples as silence and each place listed. Never a crash.
@Suite struct NonFiniteInputTests {
  static let frames = 30_011
  /// Where the bad samples are: (frame, channel, value).
  static let bad: [(frame: Int, channel: Int, value: Float)] = [(5_003, 0, .nan), (17_291, 1, .infinity), (17_292, 0, -.infinity)]

  /// A 44.1 kHz stereo 32-bit float WAV of a quiet sine with the bad samples in it, and its samples.
  private static func file(in folder: TemporaryFolder) throws -> (path: String, samples: [Float]) {
    var samples = (0..<(frames * 2)).map { Float(0.25 * sin(Double($0 / 2) * 0.0627)) }
    for (frame, channel, value) in bad { samples[frame * 2 + channel] = value }
    let data = samples.withUnsafeBufferPointer { Data(buffer: $0) }
    var header = Data("RIFF".utf8)
    func le<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
    le(UInt32(36 + data.count))
    header.append(contentsOf: Data("WAVEfmt ".utf8))
    le(UInt32(16)); le(UInt16(3)); le(UInt16(2)); le(UInt32(44_100)); le(UInt32(44_100 * 8)); le(UInt16(8)); le(UInt16(32))
    header.append(contentsOf: Data("data".utf8))
    le(UInt32(data.count))
    let path = folder.file("broken-float.wav")
    try (header + data).write(to: URL(fileURLWithPath: path))
    return (path, samples)
  }

  @Test func renderAndAnalyzeRefuseItNamingTheFirstPlace() throws {
    let folder = TemporaryFolder()
    let (path, _) = try Self.file(in: folder)
    let expected = "\(path): damaged at 0:00.113 (sample frame 5003): it holds samples that are not numbers (NaN or infinite); "
      + "`tolerance.damaged` renders through it, with what is lost as silence"
    #expect {
      try Renderer.render(RenderRequest(inputs: [InputSource(path: path)], outputPath: folder.file("out.flac"), cache: nil))
    } throws: { "\($0)" == expected }
    #expect(!FileManager.default.fileExists(atPath: folder.file("out.flac")))
    #expect { try AnalysisReport.measure([path], cache: nil) } throws: { "\($0)" == expected }
  }

  @Test func allowDamagedPlaysThemAsSilenceAndListsThem() throws {
    let folder = TemporaryFolder()
    let (path, samples) = try Self.file(in: folder)
    var request = RenderRequest(
      inputs: [InputSource(path: path)], outputPath: folder.file("out.wav"), output: OutputOptions(bitDepth: 32), cache: nil)
    request.tolerate(DecodeTolerance(damaged: true))
    request.mix.loudness = LoudnessOptions(targetLUFS: -14)

    let report = try Renderer.render(request)

    let notes = report.allNotes.filter { $0.hasPrefix("\(path): damaged from ") }
    #expect(notes == [
      "\(path): damaged from 0:00.113 to 0:00.113 (sample frames 5003-5004): 1 frame lost, rendered as silence",
      "\(path): damaged from 0:00.392 to 0:00.392 (sample frames 17291-17293): 2 frames lost, rendered as silence",
    ])
    let output = try AudioFile.read(path: folder.file("out.wav")).samples
    try #require(output.count == samples.count)
    let gain = output[1] / samples[1]
    #expect(output.allSatisfy { $0.isFinite })
    for (index, sample) in samples.enumerated() {
      let expected = sample.isFinite ? sample * gain : 0
      if abs(output[index] - expected) > 1e-6 { Issue.record("sample \(index): \(output[index]), expected \(expected)"); break }
    }
    #expect(report.allNotes.contains { $0.hasPrefix("the output measures -14.0 LUFS") }, "\(report.allNotes)")
  }
}
