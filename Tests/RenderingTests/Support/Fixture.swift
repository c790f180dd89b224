import AudioTestSupport
import FFmpegAudio
import Rendering

/// Steps the tests share: synthesizing the test signal, writing and rendering files, counting
/// sample frames independently with the ffmpeg CLI.
enum Fixture {
  /// The usual test signal: a 997 Hz sine at half scale plus noise at 0.01, on the 16-bit grid.
  static func music(sampleRate: Int, frames: Int, channels: Int = 2) -> [Float] {
    Signal.sine(frequency: 997, sampleRate: sampleRate, channels: channels, frames: frames, amplitude: 0.5, noise: 0.01)
  }

  /// Sample frames `range` of interleaved `samples`.
  static func frames(_ samples: [Float], _ range: Range<Int>, channels: Int) -> [Float] {
    Array(samples[(range.lowerBound * channels)..<(range.upperBound * channels)])
  }

  /// One channel of interleaved `samples`.
  static func channel(_ index: Int, of samples: [Float], channels: Int) -> [Float] {
    stride(from: index, to: samples.count, by: channels).map { samples[$0] }
  }

  /// Encodes `samples` as `format` into `folder`, named after `stem`, and returns the path.
  ///
  /// The rate is the format's test rate unless `sampleRate` says otherwise.
  static func write(
    _ samples: [Float], channels: Int = 2, sampleRate: Int? = nil, as format: TestFormat, in folder: TemporaryFolder,
    stem: String
  ) throws -> String {
    let path = folder.file(format.fileName(stem))
    let layout = PCMLayout(sampleRate: sampleRate ?? format.sampleRate, channelCount: channels)
    try AudioFile.write(samples, layout: layout, to: path, options: format.options)
    return path
  }

  /// Renders `inputs` gaplessly into `output`, verified, and returns the report.
  static func render(_ inputs: [String], to output: String, options: OutputOptions = OutputOptions()) throws -> RenderReport {
    let request = RenderRequest(
      inputs: inputs.map { InputSource(path: $0) }, outputPath: output, output: options, verify: true)
    return try Renderer.render(request)
  }

  /// The file's length in sample frames as the ffmpeg CLI sees it, or nil when the CLI decodes
  /// fewer frames than the container declares.
  ///
  /// That is the CLI's decoded length, except for formats whose end the CLI of FFmpeg 5.1 may leave
  /// untrimmed (`TestFormat.cliMayKeepPadding`): there it is the container's declared length
  /// (ffprobe's `duration_ts`), and the CLI must decode at least that many.
  static func cliFrameCount(_ path: String, channels: Int, format: TestFormat) throws -> Int64? {
    let decoded = Int64(try FFmpegCLI.decodeFloat(path).count / channels)
    guard format.cliMayKeepPadding else { return decoded }
    guard let declared = try FFmpegCLI.declaredFrames(path), decoded >= declared else { return nil }
    return declared
  }
}
