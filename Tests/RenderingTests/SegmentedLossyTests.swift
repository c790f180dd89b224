import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// AAC and Opus encoded in segments, each segment's encoder hearing a pre-roll of the audio
/// before it: the decoded length is exact and the joins are as clean as one encoder's stream.
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
    func render(threads: Int?, name: String, codec: String, bitRate: Int) throws -> (RenderReport, Data) {
      var request = RenderRequest(
        inputs: inputs, outputPath: folder.file(name), output: OutputOptions(codec: codec, bitRate: bitRate), cache: nil)
      request.segmentedEncoding = threads != nil
      request.threads = threads
      let report = try Renderer.render(request)
      return (report, try Data(contentsOf: URL(fileURLWithPath: folder.file(name))))
    }
  }

  @Test(arguments: [("aac", "m4a", 256_000), ("opus", "opus", 160_000)])
  func segmentsDecodeToTheExactLengthWithCleanJoins(codec: String, ext: String, bitRate: Int) throws {
    let songs = try Songs()
    let (_, _) = try songs.render(threads: nil, name: "single.\(ext)", codec: codec, bitRate: bitRate)
    let single = try FFmpegCLI.decodeFloat(songs.folder.file("single.\(ext)"))
    var outputs: [Data] = []
    for threads in [1, 2, 5] {
      let (report, bytes) = try songs.render(threads: threads, name: "segmented-\(threads).\(ext)", codec: codec, bitRate: bitRate)
      outputs.append(ext == "opus" ? SegmentJudge.withoutOggSerials(bytes) : bytes)
      #expect(report.allNotes.contains { $0.contains("8 segments on \(threads) worker") }, "\(report.allNotes)")
    }
    // Ogg gives each stream a random serial number: the bytes are the same but for it.
    #expect(outputs.allSatisfy { $0 == outputs[0] }, "1, 2 and 5 workers write the same bytes")
    let segmented = try FFmpegCLI.decodeFloat(songs.folder.file("segmented-2.\(ext)"))
    // FFmpeg 5.1 leaves MP4's end padding in: there the container's own length is the judge.
    for (name, decoded) in [("single", single), ("segmented-2", segmented)] {
      let length = ext == "m4a" ? try FFmpegCLI.declaredFrames(songs.folder.file("\(name).\(ext)")) : Int64(decoded.count / 2)
      #expect(length == Int64(songs.source.count / 2), "\(name)")
    }

    let judge = SegmentJudge(source: songs.source, channels: 2)
    let one = judge.noiseToSignal(Array(single.prefix(songs.source.count)))
    let joined = judge.noiseToSignal(Array(segmented.prefix(songs.source.count)))
    let worst = (one: one.max()!, joined: joined.max()!)
    let percentile = (one: SegmentJudge.percentile(one, 0.999), joined: SegmentJudge.percentile(joined, 0.999))
    let above = joined.filter { $0 > worst.one + 1 }.count
    print("\(codec) NSR worst \(worst.one) → \(worst.joined) dB, 99.9th \(percentile.one) → \(percentile.joined) dB, windows >1 dB above: \(above)")
    #expect(worst.joined <= worst.one + 3)
    #expect(percentile.joined <= percentile.one + 1)
    #expect(above <= 5)
    let seamFrame = codec == "aac" ? 480_256 : 480_000
    let priming = codec == "aac" ? 1024 : 312
    for seam in stride(from: seamFrame - priming, to: songs.source.count / 2, by: seamFrame) {
      let (step, sourceStep) = judge.largestSteps(segmented, around: seam, within: 480)
      #expect(step <= 1.5 * sourceStep, "no click at frame \(seam): step \(step), source's \(sourceStep)")
    }
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

  static func percentile(_ values: [Double], _ share: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))]
  }
}
