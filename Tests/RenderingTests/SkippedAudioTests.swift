import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// Files with zeros written over a few kilobytes in the middle: the Ogg demuxer skips the pages
/// that fail their checksum without a word, and the AAC decoder fails on the packets; either way
/// the audio after the damage keeps its time, from the packets' timestamps (Ogg granule
/// positions, MP4 sample tables, the sample numbers in FLAC's frame headers, a constant-bit-rate
/// MP3's bytes per frame).
@Suite struct SkippedAudioTests {
  /// The encodings tried: the file's extension and the ffmpeg CLI's encoder options.
  enum Encoding: String, CaseIterable, CustomTestStringConvertible {
    case vorbis, opus, aac, flac, mp3, mp3VBR

    /// The encodings whose files say exactly how much was lost: all but VBR MP3, which only its
    /// Xing seek table places.
    static let placedExactly = allCases.filter { $0 != .mp3VBR }

    var fileName: String {
      switch self {
      case .aac: "music.m4a"
      case .flac: "music.flac"
      case .mp3, .mp3VBR: "music.mp3"
      default: "music.ogg"
      }
    }
    var encoderOptions: [String] {
      switch self {
      case .vorbis: ["-c:a", "libvorbis"]
      case .opus: ["-ar", "48000", "-c:a", "libopus", "-b:a", "96k"]
      // Without noise substitution, whose random noise would differ after any loss.
      case .aac: ["-c:a", "aac", "-b:a", "128k", "-aac_pns", "0"]
      case .flac: ["-c:a", "flac"]
      case .mp3: ["-c:a", "libmp3lame", "-b:a", "192k"]
      case .mp3VBR: ["-c:a", "libmp3lame", "-q:a", "2"]
      }
    }
    /// Sample frames after the lost span that may differ from the intact decode by more than 1e-4:
    /// AAC's first frame after the loss overlaps with a frame it did not get (1024); Vorbis decodes
    /// the frame after the span with its own predecessor, so none; Opus's predictions and filters
    /// take 0.2 s to settle (under 3e-6 by then, and exact after a second); MP3's first two frames
    /// after it reach back into the bit reservoir for bytes that were lost, and its filter bank
    /// overlaps half a frame (2.5 frames of 1152).
    var settlingFrames: Int {
      switch self {
      case .vorbis, .flac: 0
      case .opus: 9_600
      case .aac: 1_024
      case .mp3, .mp3VBR: 2_880
      }
    }
    var testDescription: String { rawValue }
  }

  /// Music-like content (a bass under pink noise that hits twice a second, so Vorbis switches to
  /// short blocks on each hit), 67.3 s long, encoded; and the same file with 4000 zero bytes
  /// written in its middle (for MP4, the middle of its `mdat` box).
  private static func files(_ encoding: Encoding, in folder: TemporaryFolder) throws -> (intact: String, damaged: String) {
    let intact = folder.file(encoding.fileName)
    try FFmpegCLI.make(
      [
        "-f", "lavfi", "-i", "anoisesrc=c=pink:a=0.3:d=67.3:s=3", "-f", "lavfi", "-i", "sine=f=110:d=67.3", "-filter_complex",
        "[0]volume='if(lt(mod(t\\,0.5)\\,0.06)\\,1\\,0.08)':eval=frame[hits];[hits][1]amix=inputs=2:normalize=0,aformat=channel_layouts=stereo",
      ] + encoding.encoderOptions + [intact])
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: intact)))
    let middle = encoding == .aac ? try Self.middleOfMediaData(bytes) : bytes.count / 2
    bytes.replaceSubrange(middle..<(middle + 4_000), with: repeatElement(0, count: 4_000))
    let damaged = folder.file("damaged-" + encoding.fileName)
    try Data(bytes).write(to: URL(fileURLWithPath: damaged))
    return (intact, damaged)
  }

  /// The byte in the middle of an MP4's top-level `mdat` box.
  private static func middleOfMediaData(_ bytes: [UInt8]) throws -> Int {
    var offset = 0
    while offset + 8 <= bytes.count {
      let size = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      if bytes[(offset + 4)..<(offset + 8)].elementsEqual("mdat".utf8) { return offset + size / 2 }
      guard size >= 8 else { break }
      offset += size
    }
    throw FFmpegCLI.Failure(message: "no mdat box")
  }

  /// Renders `path` alone into a 32-bit WAV in `folder`; returns the report and the samples.
  private static func render(_ path: String, in folder: TemporaryFolder, tolerance: DecodeTolerance = .strict) throws
    -> (report: RenderReport, samples: [Float])
  {
    let output = folder.file(URL(fileURLWithPath: path).lastPathComponent + ".wav")
    var request = RenderRequest(inputs: [InputSource(path: path)], outputPath: output, output: OutputOptions(bitDepth: 32), cache: nil)
    request.tolerate(tolerance)
    let report = try Renderer.render(request)
    return (report, try AudioFile.read(path: output).samples)
  }

  @Test(arguments: Encoding.allCases)
  func damageInTheMiddleIsRefusedNamingTheFileAndTheTime(_ encoding: Encoding) throws {
    let folder = TemporaryFolder()
    let (_, damaged) = try Self.files(encoding, in: folder)
    #expect {
      _ = try Self.render(damaged, in: folder)
    } throws: { error in
      let message = "\(error)"
      // The damage is a little past the middle of the 67.3 s (the file's headers come first).
      guard message.hasPrefix("\(damaged): damaged at 0:"), let seconds = Double(message.dropFirst(damaged.count + 15).prefix(6)) else {
        return false
      }
      return seconds > 25 && seconds < 45 && message.hasSuffix("`tolerance.damaged` renders through it, with what is lost as silence")
    }
  }

  @Test(arguments: Encoding.placedExactly)
  func allowDamagedKeepsEveryLaterSampleAtItsTime(_ encoding: Encoding) throws {
    let folder = TemporaryFolder()
    let (intactPath, damagedPath) = try Self.files(encoding, in: folder)
    let intact = try Self.render(intactPath, in: folder).samples
    if encoding == .vorbis {
      let libvorbis = try SoXCLI.frameCount(intactPath)
      #expect(Int64(intact.count / 2) == libvorbis, "the intact file's length is not libvorbis's")
    }

    let (report, damaged) = try Self.render(damagedPath, in: folder, tolerance: DecodeTolerance(damaged: true))

    #expect(damaged.count == intact.count, "the length differs from the intact file's")
    let notes = report.allNotes.filter { $0.hasPrefix("\(damagedPath): damaged from ") }
    try #require(notes.count == 1, "\(report.allNotes)")
    #expect(!report.allNotes.contains { $0.contains("truncated") }, "\(report.allNotes)")
    let numbers = notes[0].split(separator: "(sample frames ")[1].split(separator: ")")[0].split(separator: "-").map { Int($0)! }
    let lost = numbers[0]..<numbers[1]
    #expect(lost.count > 1_000 && lost.count < intact.count / 8)
    #expect(damaged[(lost.lowerBound * 2)..<(lost.upperBound * 2)].allSatisfy { $0 == 0 }, "the lost span is not silent")
    let later = (lost.upperBound + encoding.settlingFrames) * 2
    let worst = zip(damaged[later...], intact[later...]).map { abs($0 - $1) }.max() ?? 0
    #expect(worst < 1e-4, "a sample after the lost span differs by \(worst)")
    let before = lost.lowerBound * 2
    #expect(zip(damaged[..<before], intact[..<before]).allSatisfy { $0 == $1 }, "the samples before the lost span differ")
  }

  /// A VBR MP3's bytes do not say how many frames they held: its Xing seek table (where each
  /// hundredth of the frames lies) places the audio after the damage within one of its steps, in
  /// whole frames, where FFmpeg alone would pull it early by every frame lost but one.
  @Test func vbrMP3DamageIsPlacedWithinOneSeekTableStep() throws {
    let folder = TemporaryFolder()
    let (intactPath, damagedPath) = try Self.files(.mp3VBR, in: folder)
    let intact = try Self.render(intactPath, in: folder).samples
    let (report, damaged) = try Self.render(damagedPath, in: folder, tolerance: DecodeTolerance(damaged: true))
    #expect(damaged.count == intact.count, "the length differs from the intact file's")
    let lostFrames = try #require(
      report.allNotes.first { $0.hasPrefix("\(damagedPath): damaged from ") }.flatMap { Int($0.split(separator: "): ")[1].prefix { $0.isNumber }) },
      "\(report.allNotes)")
    let frame = 1_152
    let step = intact.count / 2 / 100
    // Ten seconds from four seconds after the middle, matched against the intact decode moved by
    // whole frames.
    let window = (intact.count / 4 + 4 * 44_100) * 2..<((intact.count / 4 + 14 * 44_100) * 2)
    let lags = (-step / frame...step / frame).map { $0 * frame }
    let matching = lags.filter { lag in
      window.allSatisfy { abs(damaged[$0] - intact[$0 - lag * 2]) < 1e-4 }
    }
    #expect(matching.count == 1, "later audio matches the intact decode at lags \(matching) (a step is \(step) frames)")
    #expect(lostFrames > 2 * frame, "\(lostFrames) frames lost: the seek table added nothing to FFmpeg's count")
  }
}
