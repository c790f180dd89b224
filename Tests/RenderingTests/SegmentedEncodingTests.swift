import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// FLAC encoded in segments on several workers, joined into one stream: the same bytes as one
/// encoder writes, whatever the number of workers.
@Suite struct SegmentedEncodingTests {
  /// Two tracks of tones and noise, 16-bit stereo at 44.1 kHz, together about 71 s: as FLAC or
  /// ALAC, 28 segments of about 2.5 s and a short last one; as AAC, seven of about ten seconds
  /// and a short last one.
  struct Tracks {
    let folder = TemporaryFolder("segue-segments")
    let inputs: [InputSource]

    init(bitDepth: Int = 16) throws {
      var inputs: [InputSource] = []
      for (index, frames) in [1_234_567, 1_897_031].enumerated() {
        let layout = PCMLayout(sampleRate: 44_100, channelCount: 2)
        let tone = Signal.sine(frequency: 440 + 110 * Double(index), sampleRate: 44_100, channels: 2, frames: frames, amplitude: 0.25)
        let noise = Signal.noise(channels: 2, frames: frames, amplitude: 0.1, seed: UInt64(index + 3))
        let path = folder.file("t\(index).flac")
        try AudioFile.write(zip(tone, noise).map { $0 + $1 }, layout: layout, to: path, options: OutputOptions(bitDepth: bitDepth))
        inputs.append(InputSource(path: path))
      }
      self.inputs = inputs
    }

    /// Renders the tracks gaplessly to `name` (FLAC, or ALAC for `.m4a`), in segments on
    /// `threads` workers or (nil) as one stream.
    func render(threads: Int?, name: String, range: TimeRange? = nil, bitDepth: Int = 16) throws -> (RenderReport, Data) {
      let codec: OutputCodec? = name.hasSuffix(".m4a") ? .alac : nil
      var request = RenderRequest(
        inputs: inputs, outputPath: folder.file(name), output: OutputOptions(codec: codec, bitDepth: bitDepth), range: range, cache: nil)
      request.segmentedEncoding = threads != nil
      request.threads = threads
      let report = try Renderer.render(request)
      return (report, try Data(contentsOf: URL(fileURLWithPath: folder.file(name))))
    }
  }

  @Test(arguments: [16, 24])
  func anyNumberOfWorkersWritesTheBytesOneEncoderWrites(bitDepth: Int) throws {
    let tracks = try Tracks(bitDepth: bitDepth)
    let (_, single) = try tracks.render(threads: nil, name: "single.flac", bitDepth: bitDepth)
    for threads in [1, 2, 5] {
      let (report, segmented) = try tracks.render(threads: threads, name: "segmented-\(threads).flac", bitDepth: bitDepth)
      #expect(segmented == single, "\(threads) workers")
      #expect(report.allNotes.contains("FLAC: 29 segments on \(threads) worker\(threads == 1 ? "" : "s"), joined into one stream"), "\(report.allNotes)")
    }
  }

  /// ALAC's frames stand alone too: the MP4 the segments make is the one one encoder writes,
  /// sample table and all, and decodes to the tracks.
  @Test func alacInMP4JoinsToTheSameBytes() throws {
    let tracks = try Tracks()
    let (_, single) = try tracks.render(threads: nil, name: "single.m4a")
    for threads in [1, 2, 5] {
      let (report, segmented) = try tracks.render(threads: threads, name: "segmented-\(threads).m4a")
      #expect(segmented == single, "\(threads) workers")
      #expect(report.allNotes.contains { $0.hasPrefix("ALAC: 29 segments on \(threads) worker") }, "\(report.allNotes)")
    }
    let decoded = try FFmpegCLI.decodeInt16(tracks.folder.file("segmented-2.m4a"))
    let sources = try tracks.inputs.flatMap { try FFmpegCLI.decodeInt16($0.path) }
    #expect(decoded == sources)
  }

  /// A codec whose segments Segue does not join keeps one encoder, and the plan and the summary
  /// say why; a codec it joins is planned as it is rendered.
  @Test func planAndSummarySayHowTheOutputIsEncoded() throws {
    let tracks = try Tracks()
    var request = RenderRequest(inputs: tracks.inputs, outputPath: tracks.folder.file("one.ogg"), cache: nil)
    request.threads = 2
    let why = "Vorbis: one encoder, not segments: a Vorbis packet's window depends on its neighbours' block sizes, which two encoders choose apart"
    #expect(try Renderer.plan(request).plan.notes.contains(why))
    let report = try Renderer.render(request)
    #expect(report.allNotes.contains(why))
    #expect(report.encoding?.segments == 1 && report.encoding?.reason?.hasPrefix("a Vorbis packet's window") == true)

    request.outputPath = tracks.folder.file("joined.m4a")
    request.output = OutputOptions(codec: .aac)
    let plan = try Renderer.plan(request)
    let rendered = try Renderer.render(request)
    #expect(plan.encoding == rendered.encoding)
    for json in [PlanReport(plan).json(), RenderSummaryReport(rendered).json()] {
      let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      let encoding = object?["encoding"] as? [String: Any]
      #expect(encoding?["codec"] as? String == "AAC" && encoding?["segments"] as? Int == 8 && encoding?["workers"] as? Int == 2, "\(json)")
    }
    #expect(rendered.allNotes.contains("AAC: 8 segments on 2 workers, joined into one stream"))
  }

  /// STREAMINFO's MD5 is that of the decoded samples, and its total the frames decoded.
  @Test func streamInfoDescribesTheWholeStream() throws {
    let tracks = try Tracks()
    let (report, bytes) = try tracks.render(threads: 3, name: "segmented.flac")
    let streamInfo = bytes[(bytes.startIndex + 8)..<(bytes.startIndex + 42)]
    let decoded = try FFmpegCLI.ffmpeg(["-i", tracks.folder.file("segmented.flac"), "-f", "s16le", "-"])
    let md5 = try FFmpegCLI.ffmpeg(["-i", tracks.folder.file("segmented.flac"), "-c:a", "pcm_s16le", "-f", "md5", "-"])
    let hex = streamInfo.suffix(16).map { String(format: "%02x", $0) }.joined()
    #expect(String(decoding: md5.stdout, as: UTF8.self) == "MD5=\(hex)\n")
    let total = streamInfo.dropFirst(13).prefix(5).reduce(Int64(0)) { $0 << 8 | Int64($1) } & 0xF_FFFF_FFFF
    #expect(total == report.outputFrameCount)
    #expect(Int64(decoded.stdout.count / 4) == report.outputFrameCount)
  }

  /// libFLAC's own test of the stream (`flac -t`) passes: every frame's CRCs, and the MD5 in
  /// STREAMINFO against the samples it decodes; ffprobe counts one frame per 4608 samples.
  @Test func libFLACTestsTheJoinedStreamGood() throws {
    let tracks = try Tracks(bitDepth: 24)
    let (report, _) = try tracks.render(threads: 3, name: "segmented.flac", bitDepth: 24)
    let path = tracks.folder.file("segmented.flac")
    let test = try FFmpegCLI.run("flac", ["-t", "-s", path])
    #expect(test.status == 0, "\(test.stderr)")
    let probe = try FFmpegCLI.run("ffprobe", ["-v", "error", "-count_packets", "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", path])
    #expect(String(decoding: probe.stdout, as: UTF8.self) == "\((report.outputFrameCount + 4607) / 4608)\n")
  }

  @Test func aRangeIsTheSameSegmentedOrNot() throws {
    let tracks = try Tracks()
    let range = TimeRange(from: 13.37, to: 51.9)
    let (_, single) = try tracks.render(threads: nil, name: "single.flac", range: range)
    let (_, segmented) = try tracks.render(threads: 2, name: "segmented.flac", range: range)
    #expect(segmented == single)
  }
}
