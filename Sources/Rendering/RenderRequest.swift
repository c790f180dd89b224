import Composition
import FFmpegAudio

/// Everything a render needs: the inputs in order, the output, and how to write it.
public struct RenderRequest: Sendable {
  public var inputs: [InputSource]
  public var outputPath: String
  public var output: OutputOptions
  /// Replace an existing output file (never an input).
  public var overwrite: Bool
  /// Decode the written file again and fail unless its length is the timeline's.
  public var verify: Bool

  public init(
    inputs: [InputSource], outputPath: String, output: OutputOptions = OutputOptions(), overwrite: Bool = false,
    verify: Bool = false
  ) {
    self.inputs = inputs
    self.outputPath = outputPath
    self.output = output
    self.overwrite = overwrite
    self.verify = verify
  }
}

/// What a finished render produced.
public struct RenderReport: Sendable {
  public var outputPath: String
  /// Where each input landed in the output, in sample frames at the output's rate.
  public var timeline: Timeline
  public var layout: PCMLayout
  /// FFmpeg's names for the encoder and the container.
  public var codecName: String
  public var containerName: String
  /// The length FFmpeg decodes from the written file, when the render was verified.
  public var verifiedFrameCount: Int64?
}
