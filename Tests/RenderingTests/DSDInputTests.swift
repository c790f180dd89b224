import AudioTestSupport
import Foundation
import Rendering
import Testing

/// DSD inputs (decoded by FFmpeg at an eighth of their bit rate, 352.8 kHz for DSD64) are mixed at
/// a PCM rate every lossless codec takes, and the render says so.
@Suite struct DSDInputTests {
  @Test func dsdAloneIsMixedAt176400HzWithANote() throws {
    let folder = TemporaryFolder()
    let input = folder.file("tone.dsf")
    let bits = 2_822_400 + 8 * 1_234 + 8
    try DSFFile.writeSine(to: input, frequency: 1_000, bitCount: bits)
    let output = folder.file("tone.flac")

    let report = try Renderer.render(RenderRequest(arguments: [input], outputPath: output))

    #expect(report.layout.sampleRate == 176_400)
    #expect(report.allNotes.contains("DSD input (352800 Hz as decoded) is mixed at 176400 Hz, a PCM rate that keeps DSD's audible band; --sample-rate changes it"))
    let (samples, layout) = try AudioFile.read(path: output)
    #expect(layout.sampleRate == 176_400)
    // One decoded frame per byte of DSD (354,035), halved with halves rounded up.
    #expect(samples.count == (bits / 8 + 1) / 2)
    // The tone survives: well over -1 dB of a 0.5 sine's RMS (0.354) in the middle, where the
    // decimation filters have settled.
    let middle = Array(samples[40_000..<140_000])
    let rms = (middle.reduce(0) { $0 + Double($1) * Double($1) } / Double(middle.count)).squareRoot()
    #expect(abs(20 * log10(rms / (0.5 / 2.0.squareRoot()))) < 1, "RMS \(rms)")
  }
}
