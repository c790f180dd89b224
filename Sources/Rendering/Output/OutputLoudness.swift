import Analysis
import FFmpegAudio

/// The output's loudness and true peak, measured on the PCM the encoder got and, for lossy
/// output, on the written file decoded again: an encoder can push peaks up, and its low-pass takes
/// loudness away, so a lossy file's loudness is the written file's.
public struct OutputLoudness: Sendable, Equatable, Encodable {
  /// The file's integrated loudness (for lossy output, decoded again); nil for silence.
  public var integratedLUFS: Double?
  /// For lossy output, the loudness of what the encoder was given; nil otherwise.
  public var encodedFromLUFS: Double?
  /// "dual-mono" for mono output, measured as it plays on two speakers; nil otherwise.
  public var convention: String?
  /// The file's loudness range (EBU Tech 3342), in LU; for lossy output, decoded again.
  public var loudnessRangeLU: Double
  /// nil for digital silence.
  public var truePeakDBTP: Double?
  /// The written file's true peak, decoded again (lossy outputs only).
  public var decodedTruePeakDBTP: Double?

  /// Reads `measured`, and for lossy output `decoded` (the written stream decoded again), warning
  /// when the encoder pushed its true peak over `ceiling`, and speaking of each levelled span of
  /// the file (`spans`, on a whole render) that measures more than `spanTolerance` off what
  /// levelling aimed it at, against `mix` (the mix before the bus, `rate` frames a second). Adds
  /// the figures to `notes`.
  init(
    measured: ProgrammeLoudness, decoded: ProgrammeLoudness?, mix: ProgrammeLoudness?, format: OutputFormat, ceiling: PeakCeiling?,
    spans: [LevelledSpan], notes: inout [String]
  ) {
    let file = decoded ?? measured
    integratedLUFS = file.integratedLUFS.map { rounded($0, 2) }
    encodedFromLUFS = decoded == nil ? nil : measured.integratedLUFS.map { rounded($0, 2) }
    loudnessRangeLU = rounded(file.loudnessRange, 2)
    truePeakDBTP = measured.truePeak > 0 ? rounded(measured.truePeakDB, 2) : nil
    convention = format.settings.layout.channelCount == 1 ? LoudnessConvention.dualMono : nil
    var text = "the output measures \(integratedLUFS.map { Decibels.text($0) + " LUFS" } ?? "silence")"
      + (encodedFromLUFS.map { " as written (\(Decibels.text($0)) LUFS before encoding)" } ?? "")
      + (truePeakDBTP.map { ", true peak \(Decibels.text($0)) dBTP" } ?? "")
      + (convention == nil ? "" : " (\(LoudnessConvention.dualMonoExplained))")
    if let decoded, decoded.truePeak > 0 {
      let peak = decoded.truePeakDB
      decodedTruePeakDBTP = rounded(peak, 2)
      text += " (\(Decibels.text(peak)) dBTP in the written file, decoded again)"
      if let ceiling, ceiling.truePeak, peak > ceiling.decibels + 0.05 {
        notes.append(
          RenderReport.warningPrefix + "the \(format.codec.displayName) encoder pushed the file's true peak to \(Decibels.text(peak)) dBTP, over the "
            + "\(ceiling.description) ceiling; a lower --true-peak leaves it room")
      }
    }
    notes.insert(text, at: 0)
    let sayer = SpanNotes(file: file, output: measured, mix: mix, lossy: decoded != nil ? format : nil, sampleRate: format.settings.layout.sampleRate)
    notes += spans.compactMap(sayer.note)
  }
}
