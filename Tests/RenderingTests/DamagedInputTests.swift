import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// A FLAC with garbage written over the middle of its bytes: refused naming where the damage is,
/// or, with `--allow-damaged`, rendered through with the lost frames as silence in their place.
@Suite struct DamagedInputTests {
  static let frames = 1_323_007

  /// The damaged file, and the samples the intact one decodes to.
  private static func damagedFLAC(in folder: TemporaryFolder) throws -> (path: String, intact: [Float]) {
    let intactPath = folder.file("intact.flac")
    try FFmpegCLI.make([
      "-f", "lavfi", "-i", "sine=f=441:d=31", "-af", "atrim=end_sample=\(frames)", "-ac", "2", "-c:a", "flac", intactPath,
    ])
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: intactPath)))
    // Garbage that is the same every run: a multiplicative hash of the position.
    for index in (bytes.count / 2)..<(bytes.count / 2 + 20_011) { bytes[index] = UInt8(truncatingIfNeeded: (index &* 2_654_435_761) >> 13) }
    let path = folder.file("damaged.flac")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return (path, try AudioFile.read(path: intactPath).samples)
  }

  @Test func theErrorNamesWhereTheDamageIs() throws {
    let folder = TemporaryFolder()
    let (path, _) = try Self.damagedFLAC(in: folder)
    #expect {
      try Renderer.render(RenderRequest(inputs: [InputSource(path: path)], outputPath: folder.file("out.wav"), cache: nil))
    } throws: { error in
      let message = "\(error)"
      guard let range = message.range(of: #"sample frame (\d+)"#, options: .regularExpression) else { return false }
      let frame = Int(message[range].split(separator: " ").last!)!
      // The sine compresses evenly, so the middle byte is near the middle frame (within 5 % of the length).
      return message.hasPrefix("\(path): damaged at ") && abs(frame - Self.frames / 2) < Self.frames / 20
        && message.hasSuffix("`tolerance.damaged` renders through it, with what is lost as silence")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.file("out.wav")))
  }

  /// One bit flipped in the middle of a frame's coded samples decodes as a frame all the same
  /// (the ffmpeg CLI, which checks no CRC, decodes it without a word): only the frame's CRC shows
  /// the damage, and Segue, which checks it itself before FFmpeg would, still refuses the file.
  @Test func aSingleFlippedBitIsFoundByTheFramesCRC() throws {
    let folder = TemporaryFolder()
    let intact = folder.file("intact.flac")
    try FFmpegCLI.make([
      "-f", "lavfi", "-i", "anoisesrc=c=pink:a=0.3:d=7:s=3", "-af", "atrim=end_sample=300007", "-ac", "2", "-c:a", "flac", intact,
    ])
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: intact)))
    bytes[bytes.count / 2] ^= 0x04
    let path = folder.file("flipped.flac")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let judge = try FFmpegCLI.ffmpeg(["-i", path, "-f", "null", "-"])
    try #require(judge.status == 0 && judge.stderr.isEmpty, "the flipped bit is not one only the CRC finds: \(judge.stderr)")

    #expect {
      try Renderer.render(RenderRequest(inputs: [InputSource(path: path)], outputPath: folder.file("out.wav"), cache: nil))
    } throws: { error in
      "\(error)".hasPrefix("\(path): damaged at ")
    }
  }

  @Test func allowDamagedRendersTheLostFramesAsSilenceInTheirPlace() throws {
    let folder = TemporaryFolder()
    let (path, intact) = try Self.damagedFLAC(in: folder)
    var request = RenderRequest(inputs: [InputSource(path: path)], outputPath: folder.file("out.wav"), output: OutputOptions(bitDepth: 32), cache: nil)
    request.tolerate(DecodeTolerance(damaged: true))

    let report = try Renderer.render(request)

    let notes = report.allNotes.filter { $0.hasPrefix("\(path): damaged from ") }
    try #require(notes.count == 1, "\(report.allNotes)")
    let numbers = notes[0].split(separator: "(sample frames ")[1].split(separator: ")")[0].split(separator: "-").map { Int($0)! * 2 }
    let lost = numbers[0]..<numbers[1]
    let output = try AudioFile.read(path: folder.file("out.wav")).samples
    #expect(output.count == intact.count)
    #expect(!lost.isEmpty && lost.count < intact.count / 4)
    #expect(output[..<lost.lowerBound].elementsEqual(intact[..<lost.lowerBound]), "samples before the damage differ")
    #expect(output[lost.upperBound...].elementsEqual(intact[lost.upperBound...]), "samples after the damage differ")
    #expect(output[lost].allSatisfy { $0 == 0 })
  }
}
