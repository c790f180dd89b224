import AudioTestSupport
import FFmpegAudio
import Foundation
import Synchronization
import Testing

@testable import Rendering

/// Blocks where one clip passes through untouched go from the decoder to the encoder as the
/// source's integers, never through floats: the output must be the bytes the float path writes,
/// on every path where floats and integers meet (crossfades, a limiter acting next to such
/// blocks, the fades of a range, a meter, wider output, planar and 32-bit decoders).
@Suite struct IntegerPassThroughTests {
  /// Renders that put integer blocks next to float ones.
  enum Scenario: String, CaseIterable, Sendable {
    /// Three 16-bit FLACs of odd lengths joined into 16-bit FLAC.
    case gapless
    /// The same into 24-bit FLAC: 16-bit samples widened into 32-bit words.
    case widened
    /// 24-bit FLACs (decoded as 32-bit words) into 24-bit FLAC.
    case deepSource
    /// ALAC, whose decoder puts out planar 16-bit samples, into 16-bit WAV.
    case planar
    /// A 0.6 s crossfade: floats in the overlaps, integers outside them.
    case crossfade
    /// A loud track turned up either side of an exact one: the limiter's release runs into the
    /// exact track's first blocks and its attack into the last ones.
    case limiterAround
    /// A range of the mix, faded in and out at its edges.
    case fadedRange
    /// The output metered (`--measure`), whose meter gets every block as floats.
    case measured

    /// The request, its inputs written into `folder`.
    func request(in folder: TemporaryFolder) throws -> RenderRequest {
      let lengths = [57_331, 40_009, 63_247]
      let format: TestFormat = self == .deepSource ? .flac24 : .flac16
      var inputs = try lengths.enumerated().map { index, frames in
        let samples = Signal.sine(
          frequency: 331 + 97 * Double(index), sampleRate: 44_100, channels: 2, frames: frames, amplitude: self == .limiterAround ? 0.9 : 0.5,
          noise: 0.01)
        return InputSource(path: try Fixture.write(samples, as: format, in: folder, stem: "t\(index)"))
      }
      if self == .planar {
        inputs = try inputs.enumerated().map { index, input in
          let alac = folder.file("t\(index).m4a")
          try FFmpegCLI.make(["-i", input.path, "-c:a", "alac", alac])
          return InputSource(path: alac)
        }
      }
      if self == .limiterAround {
        inputs[0].options.gainDB = 6
        inputs[2].options.gainDB = 6
      }
      var request = RenderRequest(inputs: inputs, outputPath: "", cache: nil)
      switch self {
      case .widened: request.output = OutputOptions(bitDepth: 24)
      case .planar: request.output = OutputOptions(format: .wav)
      case .crossfade: request.mix = MixOptions(crossfade: 0.6)
      case .fadedRange:
        request.range = TimeRange(from: 0.7, to: 2.9)
        request.edgeFade = 0.05
      case .measured: request.mix.loudness.measure = true
      default: break
      }
      return request
    }

    var outputExtension: String { self == .planar ? "wav" : "flac" }
  }

  @Test(arguments: Scenario.allCases)
  func integersPassedThroughWriteTheBytesFloatsWrite(_ scenario: Scenario) throws {
    let folder = TemporaryFolder()
    let request = try scenario.request(in: folder)
    let integers = try Self.render(request, allowingIntegers: true, to: folder.file("integers.\(scenario.outputExtension)"))
    let floats = try Self.render(request, allowingIntegers: false, to: folder.file("floats.\(scenario.outputExtension)"))
    #expect(integers.blocks.integers > 0, "some blocks pass through as integers")
    #expect(floats.blocks.integers == 0 && floats.blocks.offered > 0)
    #expect(integers.bytes == floats.bytes, "the same bytes either way")
    #expect(integers.report.allNotes == floats.report.allNotes)
    #expect(integers.report.limitedSpans == floats.report.limitedSpans)
    #expect(String(describing: integers.report.loudness) == String(describing: floats.report.loudness))
    if scenario == .measured { #expect(integers.report.loudness != nil) }
    if scenario == .limiterAround {
      #expect(integers.report.allNotes.contains { $0.hasPrefix("the limiter held") }, "the limiter acted next to the exact track")
      #expect(integers.blocks.offered > integers.blocks.integers, "integer blocks the limiter reaches go as floats")
    }
  }

  /// A 16-bit FLAC's and an ALAC file's (planar) decoded integers are the samples the ffmpeg CLI
  /// decodes, and their floats are those integers over 2^15; 24-bit FLAC's are 32-bit words.
  @Test func decodedBlocksHoldTheSourcesIntegers() throws {
    let folder = TemporaryFolder()
    let samples = Signal.noise(channels: 2, frames: 23_459)
    let flac16 = try Fixture.write(samples, as: .flac16, in: folder, stem: "n16")
    let alac = folder.file("n16.m4a")
    try FFmpegCLI.make(["-i", flac16, "-c:a", "alac", alac])
    for path in [flac16, alac] {
      let expected = try FFmpegCLI.decodeInt16(path)
      let (integers, floats) = try Self.readDecoded(path, as: Int16.self, expecting: .int16)
      #expect(integers == expected, "\(path)")
      #expect(floats == expected.map { Float($0) / 32_768 }, "\(path)")
    }
    let flac24 = try Fixture.write(samples, as: .flac24, in: folder, stem: "n24")
    let words = try FFmpegCLI.ffmpeg(["-i", flac24, "-f", "s32le", "-"]).stdout.withUnsafeBytes { Array($0.bindMemory(to: Int32.self)) }
    let (integers, floats) = try Self.readDecoded(flac24, as: Int32.self, expecting: .int32)
    #expect(integers == words)
    #expect(floats == words.map { Float($0) / 2_147_483_648 })
  }

  /// Every block of `path`, as integers held in two pieces each (and written out after the
  /// reader has moved on), and as floats.
  static func readDecoded<Sample: FixedWidthInteger>(
    _ path: String, as _: Sample.Type, expecting type: DecodedIntegers
  ) throws -> (integers: [Sample], floats: [Float]) {
    let reader = try AudioFileReader(path: path)
    var held: [HeldIntegers] = []
    var floats: [Float] = []
    while let block = try reader.nextDecodedBlock() {
      #expect(block.integers == type)
      let half = block.frameCount / 2
      held += [block.holdIntegers(0..<half), block.holdIntegers(half..<block.frameCount)]
      floats += try block.floats()
    }
    let channels = reader.output.channelCount
    var integers: [Sample] = []
    var heldFloats: [Float] = []
    for piece in held {
      var samples = [Sample](repeating: 0, count: piece.frameCount * channels)
      var converted = [Float](repeating: 0, count: piece.frameCount * channels)
      samples.withUnsafeMutableBufferPointer { piece.write(0..<piece.frameCount, into: $0.baseAddress!) }
      converted.withUnsafeMutableBufferPointer { piece.writeFloats(0..<piece.frameCount, into: $0.baseAddress!) }
      integers += samples
      heldFloats += converted
    }
    #expect(heldFloats == floats, "held integers convert as the reader converts")
    return (integers, floats)
  }

  /// Renders `request` into `path`, with a watching stage on the bus that lets blocks pass as
  /// integers or (not `allowingIntegers`) makes every block go as floats, the path before
  /// integers passed through; returns the file's bytes, the report, and the blocks it saw.
  static func render(
    _ request: RenderRequest, allowingIntegers: Bool, to path: String
  ) throws -> (bytes: Data, report: RenderReport, blocks: (offered: Int, integers: Int)) {
    var request = request
    request.outputPath = path
    let counts = BlockCounts()
    request.adjustBus = { $0.stages.insert(BlockWatch(counts: counts, allowsIntegers: allowingIntegers), at: 0) }
    let report = try Renderer.render(request)
    let blocks = (counts.offered.load(ordering: .relaxed), counts.integers.load(ordering: .relaxed))
    return (try Data(contentsOf: URL(fileURLWithPath: path)), report, blocks)
  }
}

/// How many blocks of a clip's integers a `BlockWatch` was offered, and how many went on as integers.
private final class BlockCounts: Sendable {
  let offered = Atomic<Int>(0)
  let integers = Atomic<Int>(0)
}

/// A bus stage, first on the bus, that changes nothing and counts the blocks of integers offered
/// to the bus and those that pass as integers; when it does not allow integers, every block is
/// converted to floats.
private struct BlockWatch: BusStage {
  let counts: BlockCounts
  let allowsIntegers: Bool

  func leavesUntouched(_ block: IntegerBusBlock, upcomingIsIntegers: Bool) -> Bool {
    counts.offered.add(1, ordering: .relaxed)
    return allowsIntegers
  }

  func hear(_ block: IntegerBusBlock) { counts.integers.add(1, ordering: .relaxed) }

  func process(_ block: BusBlock) -> Bool { false }

  var notes: [String] { [] }
}
