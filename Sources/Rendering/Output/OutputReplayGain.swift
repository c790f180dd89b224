import Containers
import FFmpegAudio

/// Tags a written output with its ReplayGain 2.0 track gain and peak (`--write-replaygain`),
/// from what the output meter measured, before the file is moved into place.
enum OutputReplayGain {
  /// Why a `container` cannot carry the tags players read; nil when it can.
  static func problem(_ container: OutputContainer) -> RenderError? {
    guard container == .wav else { return nil }
    return .setting(.notApplicable(.writeReplayGain, value: nil, appliesTo: "flac, mp3, ogg, opus and m4a output", notTo: ".wav files, whose tags players do not read"))
  }

  /// Tags the file at `stagingPath` (to become `outputPath`); returns the note saying so.
  static func tag(_ stagingPath: String, outputPath: String, loudness: OutputLoudness) throws(RenderError) -> String {
    guard let integrated = loudness.integratedLUFS, let peak = loudness.decodedTruePeakDBTP ?? loudness.truePeakDBTP else {
      return "no ReplayGain tags written: the output is silent"
    }
    let values = ReplayGainValues(track: .init(loudness: integrated, peak: Decibels.factor(peak)))
    do {
      try ReplayGainTagWriter.write(values, toFileAt: stagingPath)
    } catch {
      throw .output(path: outputPath, .writeFailed(detail: "cannot write its ReplayGain tags: \(error)"))
    }
    return "tagged with ReplayGain 2.0: track gain \(Decibels.gain(values.track.gain)) dB (to -18 LUFS), true peak \(Decibels.text(peak)) dBTP"
  }
}
