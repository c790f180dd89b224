import Composition
import Foundation

extension AnalysisReport {
  /// The report as a table: a row per track, then the albums and notes.
  public func table() -> String {
    var lines = [
      "  #  length      LUFS     LRA  peak dBFS  TP dBTP  silence in/out   gain to \(format(targetLUFS, "%.1f")) LUFS     BPM    sure   key         track",
    ]
    for track in tracks {
      lines.append(
        pad(String(track.number), 3) + "  " + pad(TimeFormat.clock(frames: track.frames, sampleRate: track.sampleRate), 10)
          + pad(format(track.integratedLUFS, "%.1f") + (track.loudnessConvention == nil ? " " : "*"), 8, right: true)
          + pad(format(track.loudnessRangeLU, "%.1f"), 7, right: true)
          + pad(format(track.samplePeakDBFS, "%.1f"), 11, right: true)
          + pad(format(track.truePeakDBTP, "%.1f"), 9, right: true)
          + pad(format(track.leadingSilenceSeconds, "%.2f") + " / " + format(track.trailingSilenceSeconds, "%.2f") + " s", 17, right: true)
          + pad(track.gainDB.map { format($0, "%+.1f") + " dB" } ?? "-", 20, right: true)
          + pad(track.tempo?.beatsPerMinute.map { format($0, "%.2f") } ?? "-", 8, right: true)
          + pad(track.tempo.map(sureColumn) ?? "-", 8, right: true)
          + "   " + pad(track.key.map(keyColumn) ?? "-", 12)
          + track.file)
    }
    for album in albums {
      lines.append(
        "album \"\(album.name)\" (tracks \(album.firstTrack)-\(album.lastTrack)): "
          + "\(format(album.integratedLUFS, "%.1f")) LUFS, true peak \(format(album.truePeakDBTP, "%.1f")) dBTP, "
          + "gain \(album.gainDB.map { format($0, "%+.1f") + " dB" } ?? "-")")
    }
    if tracks.contains(where: { $0.loudnessConvention != nil }) { lines.append("* \(LoudnessConvention.dualMonoExplained)") }
    if tracks.contains(where: { $0.tempo.map { $0.beatsPerMinute != nil && !$0.sure } ?? false }) {
      lines.append(
        "? an unsure tempo (confidence under \(Int(BeatGrid.sureConfidence * 100))%, or in doubt): shown, but beats are not matched on it; give the entry a 'bpm' to match it")
    }
    for track in tracks { if let doubt = track.tempo?.doubt { lines.append("? \(track.file): its tempo is in doubt: \(doubt)") } }
    lines += notes.map { "note: \($0)" }
    return lines.joined(separator: "\n")
  }

  /// How sure a tempo is, for the table: `set` where the playlist gives it, the confidence in
  /// percent, marked `?` when unsure.
  private func sureColumn(_ tempo: Tempo) -> String {
    guard tempo.origin == .analysis else { return "set" }
    return format(tempo.confidence * 100, "%.0f") + "%" + (tempo.beatsPerMinute != nil && !tempo.sure ? " ?" : "")
  }

  /// A key for the table: Camelot and name ("8A Am"), `?` when unsure, `set` where the
  /// playlist gives it; `-` when nothing has a pitch.
  private func keyColumn(_ key: Key) -> String {
    guard let camelot = key.camelot, let tonic = key.tonic else { return "-" }
    let mark = key.origin == .playlist ? " set" : !key.sure ? " ?" : ""
    return "\(camelot) \(tonic)\(key.mode == "minor" ? "m" : "")\(mark)"
  }

  /// `value` in `pattern`; nil (silence) as `-inf`.
  private func format(_ value: Double?, _ pattern: String) -> String {
    value.map { String(format: pattern, $0) } ?? "-inf"
  }

  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    guard text.count < width else { return text }
    let fill = String(repeating: " ", count: width - text.count)
    return right ? fill + text : text + fill
  }
}
