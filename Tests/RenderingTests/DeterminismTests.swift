import AudioTestSupport
import Foundation
import Rendering
import Testing

/// The same render twice gives the same bytes; dither is added only where samples leave the
/// output's integer grid, and it is seeded by position, so it repeats.
@Suite("Deterministic output and dither")
struct DeterminismTests {
  /// Mixed-rate inputs exercise resampling and dither on the way to both outputs.
  @Test(arguments: ["flac", "mp3"])
  func sameRenderGivesSameBytes(fileExtension: String) throws {
    let folder = TemporaryFolder()
    let inputs = try MixedInputs(in: folder)
    let options = OutputOptions(sampleRate: 48_000, channelCount: 2)
    let (first, second) = try renderTwice(inputs.paths, in: folder, fileExtension: fileExtension, options: options)
    #expect(first == second)
    #expect(first.count > 10_000, "the output is suspiciously small: \(first.count) bytes")
  }

  /// A 24-bit input rendered to 16 bits is dithered: some samples differ from plain rounding, none
  /// by more than one step. A 16-bit input rendered to 16 bits passes untouched.
  @Test(arguments: [24, 16])
  func ditherOnlyWhereBitsAreLost(inputBits: Int) throws {
    let folder = TemporaryFolder()
    let input = Self.tone(onGridOf: inputBits, frames: 30_011)
    let format = inputBits == 24 ? TestFormat.flac24 : .flac16
    let inputPath = try Fixture.write(input, as: format, in: folder, stem: "deep")
    let (first, second) = try renderTwice([inputPath], in: folder, fileExtension: "flac", options: OutputOptions(bitDepth: 16))
    #expect(first == second, "dither must repeat exactly")

    let output = try FFmpegCLI.decodeInt16(folder.file("first.flac")).map(Int.init)
    let rounded = input.map { Int((Double($0) * 32768).rounded()) }
    try #require(output.count == rounded.count)
    let steps = zip(output, rounded).map { $0 - $1 }
    #expect(steps.allSatisfy { abs($0) <= 1 }, "dither moved a sample by more than one step")
    let changed = Double(steps.filter { $0 != 0 }.count) / Double(steps.count)
    if inputBits == 24 {
      // TPDF dither of ±1 step changes about a third of the samples (measured 0.33).
      #expect(changed > 0.1, "only \(changed) of the samples were dithered")
    } else {
      #expect(changed == 0, "\(changed) of the samples were dithered though nothing was lost")
    }
  }

  /// Renders `inputs` into `first.ext` and `second.ext` and returns both files' bytes.
  private func renderTwice(_ inputs: [String], in folder: TemporaryFolder, fileExtension: String, options: OutputOptions)
    throws -> (Data, Data)
  {
    let paths = ["first", "second"].map { folder.file("\($0).\(fileExtension)") }
    for path in paths { _ = try Fixture.render(inputs, to: path, options: options) }
    return (try Data(contentsOf: URL(fileURLWithPath: paths[0])), try Data(contentsOf: URL(fileURLWithPath: paths[1])))
  }

  /// A stereo 997 Hz tone at half scale, with every sample on the `bits`-bit grid.
  static func tone(onGridOf bits: Int, frames: Int) -> [Float] {
    let scale = Double(sign: .plus, exponent: bits - 1, significand: 1)
    return (0..<(frames * 2)).map { index in
      let phase = 2 * Double.pi * 997 * Double(index / 2) / 44_100 + Double(index % 2) * 0.5
      return Float((0.5 * sin(phase) * scale).rounded() / scale)
    }
  }
}
