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

  /// Reads `measured`, and for lossy output `decoded` (the written stream decoded again), warning
  /// when the encoder pushed its true peak over `ceiling`. Adds the figures to `notes`.
  init(measured: ProgrammeLoudness, decoded: ProgrammeLoudness?, format: OutputFormat, ceiling: PeakCeiling?, notes: inout [String]) {
    integratedLUFS = measured.integratedLUFS.map { rounded($0, 2) }
    loudnessRangeLU = rounded(measured.loudnessRange, 2)
    truePeakDBTP = measured.truePeak > 0 ? rounded(measured.truePeakDB, 2) : nil
    var text = "the output measures \(integratedLUFS.map { Decibels.text($0) + " LUFS" } ?? "silence")"
      + (truePeakDBTP.map { ", true peak \(Decibels.text($0)) dBTP" } ?? "")
    if let decoded, decoded.truePeak > 0 {
      let peak = decoded.truePeakDB
      decodedTruePeakDBTP = rounded(peak, 2)
      text += " (\(Decibels.text(peak)) dBTP in the written file, decoded again)"
      if let ceiling, ceiling.truePeak, peak > ceiling.decibels + 0.05 {
        notes.append(
          "the \(format.codec.displayName) encoder pushed the file's true peak to \(Decibels.text(peak)) dBTP, over the "
            + "\(ceiling.description) ceiling; a lower --true-peak leaves it room")
      }
    }
    notes.insert(text, at: 0)
  }
}
