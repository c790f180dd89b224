import AudioTestSupport
import Containers
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// AAC, Opus and MP3 encoded in segments, each segment's encoder hearing a pre-roll of the audio
/// before it (and MP3's main data laid into one bit reservoir again): the decoded length is exact
/// and the joins are as clean as one encoder's stream.
@Suite struct SegmentedLossyTests {
  /// Two synthesized songs (drums, bass and pad; the right channel a different song from the
  /// left), 48 kHz stereo, together about 71 s: seven joins.
  struct Songs {
    let folder = TemporaryFolder("segue-lossy-segments")
    let inputs: [InputSource]
    /// The songs' samples as written, interleaved, end to end: what a gapless render decodes to, ideally.
    let source: [Float]

    init() throws {
      var inputs: [InputSource] = []
      var source: [Float] = []
      for (index, seconds) in [31.203, 39.771].enumerated() {
        var left = StyleTrack("left", bpm: 124 + Double(index) * 3, .fourOnTheFloor(clap: true), seconds: seconds, seed: UInt64(11 + index))
        var right = StyleTrack("right", bpm: 93, .backbeat, seconds: seconds, seed: UInt64(21 + index))
        (left.sampleRate, right.sampleRate) = (48_000, 48_000)
        let samples = zip(left.samples, right.samples).flatMap { [$0 * 0.7, $1 * 0.7] }
        let path = folder.file("song\(index).wav")
        try AudioFile.write(samples, layout: PCMLayout(sampleRate: 48_000, channelCount: 2), to: path, options: OutputOptions(bitDepth: 24))
        inputs.append(InputSource(path: path))
        source += try FFmpegCLI.decodeFloat(path)
      }
      self.inputs = inputs
      self.source = source
    }

    /// Renders the songs gaplessly to `name`, in segments on `threads` workers or (nil) as one stream.
    func render(threads: Int?, name: String, output: OutputOptions) throws -> (RenderReport, Data) {
      var request = RenderRequest(inputs: inputs, outputPath: folder.file(name), output: output, cache: nil)
      request.segmentedEncoding = threads != nil
      request.threads = threads
      let report = try Renderer.render(request)
      return (report, try Data(contentsOf: URL(fileURLWithPath: folder.file(name))))
    }
  }

  /// A lossy output, with the length of its segments and its encoder's priming.
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let fileExtension: String
    let output: OutputOptions
    let segmentFrames: Int
    let priming: Int
    var testDescription: String { name }
  }

  static let cases = [
    Case(name: "AAC 256k", fileExtension: "m4a", output: OutputOptions(codec: .aac, bitRate: 256_000), segmentFrames: 480_256, priming: 1024),
    Case(name: "Opus 160k", fileExtension: "opus", output: OutputOptions(bitRate: 160_000), segmentFrames: 480_000, priming: 312),
    Case(name: "MP3 320k", fileExtension: "mp3", output: OutputOptions(bitRate: 320_000), segmentFrames: 480_384, priming: 1105),
    Case(name: "MP3 V2", fileExtension: "mp3", output: OutputOptions(quality: 2), segmentFrames: 480_384, priming: 1105),
  ]

  @Test(arguments: cases)
  func segmentsDecodeToTheExactLengthWithCleanJoins(_ format: Case) throws {
    let songs = try Songs()
    let ext = format.fileExtension
    let (_, _) = try songs.render(threads: nil, name: "single.\(ext)", output: format.output)
    let single = try FFmpegCLI.decodeFloat(songs.folder.file("single.\(ext)"))
    var outputs: [Data] = []
    for threads in [1, 2, 5] {
      let (report, bytes) = try songs.render(threads: threads, name: "segmented-\(threads).\(ext)", output: format.output)
      outputs.append(ext == "opus" ? SegmentJudge.withoutOggSerials(bytes) : bytes)
      #expect(report.allNotes.contains { $0.contains("8 segments on \(threads) worker") }, "\(report.allNotes)")
    }
    // Ogg gives each stream a random serial number: the bytes are the same but for it.
    #expect(outputs.allSatisfy { $0 == outputs[0] }, "1, 2 and 5 workers write the same bytes")
    let decoding = try FFmpegCLI.ffmpeg(["-i", songs.folder.file("segmented-2.\(ext)"), "-f", "f32le", "-"])
    #expect(decoding.status == 0 && decoding.stderr.isEmpty, "FFmpeg decodes every frame: \(decoding.stderr)")
    let segmented = decoding.stdout.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    // FFmpeg 5.1 leaves MP4's end padding in: there the container's own length is the judge.
    for (name, decoded) in [("single", single), ("segmented-2", segmented)] {
      let length = ext == "m4a" ? try FFmpegCLI.declaredFrames(songs.folder.file("\(name).\(ext)")) : Int64(decoded.count / 2)
      #expect(length == Int64(songs.source.count / 2), "\(name)")
    }
    if ext == "mp3" {
      let tags = try [("single", "single"), ("segmented", "segmented-2")].map { try SegmentJudge.lameTag(songs.folder.file("\($0.1).mp3")) }
      #expect(tags[0] != nil && tags[0]?.lame?.encoderDelay == tags[1]?.lame?.encoderDelay && tags[0]?.lame?.padding == tags[1]?.lame?.padding)
      #expect(tags[0]?.frameCount == tags[1]?.frameCount)
    }

    let judge = SegmentJudge(source: songs.source, channels: 2)
    let one = judge.noiseToSignal(Array(single.prefix(songs.source.count)))
    let joined = judge.noiseToSignal(Array(segmented.prefix(songs.source.count)))
    let worst = (one: one.max()!, joined: joined.max()!)
    let percentile = (one: SegmentJudge.percentile(one, 0.999), joined: SegmentJudge.percentile(joined, 0.999))
    let above = joined.filter { $0 > worst.one + 1 }.count
    // No click: within 10 ms of each join the largest step between samples is at most 1.5 times
    // the source's in the same 20 ms, or the one-encoder render's where that is larger (MP3's
    // own noise in a passage at -54 dBFS is 2.3 times the source's step, joined or not).
    var steps: [Double] = []
    for seam in stride(from: format.segmentFrames - format.priming, to: songs.source.count / 2, by: format.segmentFrames) {
      let (step, sourceStep) = judge.largestSteps(segmented, around: seam, within: 480)
      let singleStep = judge.largestSteps(single, around: seam, within: 480).decoded
      steps.append(Double(step / max(sourceStep, singleStep)))
      #expect(step <= 1.5 * max(sourceStep, singleStep), "no click at frame \(seam): step \(step), source's \(sourceStep), one encoder's \(singleStep)")
    }
    print("\(format.name): NSR worst \(worst.one) → \(worst.joined) dB, 99.9th \(percentile.one) → \(percentile.joined) dB, windows over 1 dB above: \(above); largest step at a join \(steps.max()!) × the source's or one encoder's")
    #expect(worst.joined <= worst.one + 3)
    #expect(percentile.joined <= percentile.one + 1)
    #expect(above <= 5)
  }
}

/// Measures a decoded render against the source it was made of.
struct SegmentJudge {
  let source: [Float]
  let channels: Int

  /// Noise-to-signal ratio in dB of each 2048-frame window with sound in it.
  func noiseToSignal(_ decoded: [Float]) -> [Double] {
    let window = 2048 * channels
    return stride(from: 0, to: min(source.count, decoded.count) - window, by: window).compactMap { start in
      var (signal, noise) = (0.0, 0.0)
      for index in start..<(start + window) {
        signal += Double(source[index] * source[index])
        let error = Double(decoded[index] - source[index])
        noise += error * error
      }
      return signal < 1e-6 ? nil : 10 * log10(max(noise, 1e-20) / signal)
    }
  }

  /// The largest step between neighbouring samples of one channel, in `decoded` and in the source,
  /// within `within` frames either side of `frame`.
  func largestSteps(_ decoded: [Float], around frame: Int, within: Int) -> (decoded: Float, source: Float) {
    let largest = { (samples: [Float]) -> Float in
      var step: Float = 0
      for index in ((frame - within) * channels)..<((frame + within) * channels) { step = max(step, abs(samples[index + channels] - samples[index])) }
      return step
    }
    return (largest(decoded), largest(source))
  }

  /// An Ogg file's bytes with every page's serial number and checksum set to zero.
  static func withoutOggSerials(_ data: Data) -> Data {
    var bytes = [UInt8](data)
    var page = 0
    while page + 27 <= bytes.count, bytes[page..<(page + 4)].elementsEqual("OggS".utf8) {
      for index in (page + 14)..<(page + 18) { bytes[index] = 0 }
      for index in (page + 22)..<(page + 26) { bytes[index] = 0 }
      let segments = Int(bytes[page + 26])
      let body = bytes[(page + 27)..<min(bytes.count, page + 27 + segments)].reduce(0) { $0 + Int($1) }
      page += 27 + segments + body
    }
    return Data(bytes)
  }

  /// The Xing/Info frame of an MP3 file, after its ID3v2 tag.
  static func lameTag(_ path: String) throws -> MP3InfoFrame? {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var start = 0
    if bytes.starts(with: Array("ID3".utf8)) { start = 10 + bytes[6..<10].reduce(0) { $0 << 7 | Int($1) } }
    guard let header = MP3FrameHeader(bytes[start..<(start + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }), let length = header.frameLength else {
      return nil
    }
    return MP3InfoFrame.read(frame: Array(bytes[start..<(start + length)]), header: header)
  }

  static func percentile(_ values: [Double], _ share: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))]
  }
}
