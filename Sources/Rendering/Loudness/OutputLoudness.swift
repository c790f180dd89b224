import Analysis
import FFmpegAudio

/// The output's loudness and true peak, measured on the PCM the encoder got and, for lossy
/// output, on the written file decoded again (an encoder can push peaks up).
public struct OutputLoudness: Sendable, Equatable, Encodable {
  /// nil for silence.
  public var integratedLUFS: Double?
  public var loudnessRangeLU: Double
  /// nil for digital silence.
  public var truePeakDBTP: Double?
  /// The written file's true peak, decoded again (lossy outputs only).
  public var decodedTruePeakDBTP: Double?

  /// Reads `measured`; for lossy output decodes `writtenFile` for its true peak, and warns when
  /// the encoder pushed it over `ceiling`. Adds the figures to `notes`.
  init(measured: ProgrammeLoudness, writtenFile: String?, format: OutputFormat, ceiling: PeakCeiling?, notes: inout [String]) throws(RenderError) {
    integratedLUFS = measured.integratedLUFS.map { rounded($0, 2) }
    loudnessRangeLU = rounded(measured.loudnessRange, 2)
    truePeakDBTP = measured.truePeak > 0 ? rounded(measured.truePeakDB, 2) : nil
    var text = "the output measures \(integratedLUFS.map { Decibels.text($0) + " LUFS" } ?? "silence")"
      + (truePeakDBTP.map { ", true peak \(Decibels.text($0)) dBTP" } ?? "")
    if let writtenFile, !format.codec.isLossless {
      let decoded = try Self.truePeak(ofFile: writtenFile)
      decodedTruePeakDBTP = decoded.map { rounded($0, 2) }
      if let decoded { text += " (\(Decibels.text(decoded)) dBTP in the written file, decoded again)" }
      if let decoded, let ceiling, ceiling.truePeak, decoded > ceiling.decibels + 0.05 {
        notes.append(
          "the \(format.codec.displayName) encoder pushed the file's true peak to \(Decibels.text(decoded)) dBTP, over the "
            + "\(ceiling.description) ceiling; a lower --true-peak leaves it room")
      }
    }
    notes.insert(text, at: 0)
  }

  /// The true peak of a written file, decoded, in dBTP; nil for silence.
  private static func truePeak(ofFile path: String) throws(RenderError) -> Double? {
    do {
      let reader = try AudioFileReader(path: path)
      guard let meter = ProgrammeMeter(sampleRate: reader.output.sampleRate, channelCount: reader.output.channelCount) else { return nil }
      while let block = try reader.nextBlock() { meter.add(block) }
      let peak = meter.finish().truePeak
      return peak > 0 ? decibels(peak) : nil
    } catch {
      throw .output(path: path, .writeFailed(detail: "cannot decode the written file to measure it: \(Renderer.detail(of: error))"))
    }
  }
}
