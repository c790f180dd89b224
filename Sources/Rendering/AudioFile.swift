import FFmpegAudio
import SampleBlocks

/// Whole-file reading and writing of float samples, for small jobs: examples, tests, synthesized audio.
///
/// Renders stream; these load everything into memory, so keep them to seconds or minutes of audio.
public enum AudioFile {
  /// Decodes `path` into interleaved float samples, in `layout` or the file's own.
  public static func read(path: String, layout: PCMLayout? = nil) throws(RenderError) -> (samples: [Float], layout: PCMLayout) {
    do throws(AudioFileError) {
      let reader = try AudioFileReader(path: path, output: layout)
      var samples: [Float] = []
      while let block = try reader.nextBlock() { samples.append(contentsOf: block) }
      return (samples, reader.output)
    } catch {
      throw .input(InputSource(path: path), InputCheck.problem(for: error))
    }
  }

  /// Encodes interleaved float `samples` into `path`, in the format its extension (or `options`) names.
  ///
  /// Samples that already lie on the output's integer grid are written exactly; others are dithered.
  public static func write(
    _ samples: [Float], layout: PCMLayout, to path: String, options: OutputOptions = OutputOptions(),
    overwrite: Bool = false
  ) throws(RenderError) {
    let source = AudioStreamInfo(
      containerName: "memory", codecName: "float samples", sampleRate: layout.sampleRate,
      channelCount: layout.channelCount, channelLayout: "", bitsPerSample: nil, declaredFrameCount: nil)
    do { try options.check() } catch { throw .setting(error) }
    var options = options
    options.sampleRate = options.sampleRate ?? layout.sampleRate
    options.channelCount = options.channelCount ?? layout.channelCount
    // One source: its layout is the choice, whatever its length.
    let chosen = MixLayoutChoice(options: options, infos: [source], lengths: [1])
    let format = try OutputFormat.resolve(path: path, options: options, inputs: [source], chosen: chosen)
    guard format.settings.layout == layout else {
      throw .composition("\(format.codec.displayName) cannot encode \(layout); resample first")
    }
    let output = try StagedOutputFile(targetPath: path, overwrite: overwrite, inputs: [])
    defer { output.discard() }
    do {
      let writer = try AudioFileWriter(path: output.stagingPath, containerName: format.containerName, settings: format.settings)
      let block = samples.withUnsafeBufferPointer { SampleBlockPool().block(copying: $0) }
      let dither = writer.inputFormat.integerBits.map { !liesOnGrid(UnsafeBufferPointer(block.samples), bits: $0) } ?? false
      try writer.write(MixedPCM(samples: .floats(block), firstFrame: 0, dither: dither, format: writer.inputFormat))
      try writer.finish()
    } catch {
      throw .output(path: path, .writeFailed(detail: (error as? FFmpegError)?.message ?? "\(error)"))
    }
    try output.commit()
  }

  /// True when every sample is a whole number of `bits`-bit steps, so rounding loses nothing.
  private static func liesOnGrid(_ samples: UnsafeBufferPointer<Float>, bits: Int) -> Bool {
    let scale = Float(sign: .plus, exponent: bits - 1, significand: 1)
    return samples.allSatisfy { ($0 * scale).rounded() == $0 * scale }
  }
}
