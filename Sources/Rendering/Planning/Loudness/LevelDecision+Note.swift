extension LevelDecision {
  /// The decision in a sentence: what was measured, the gain and why, what the peaks needed.
  func note(label: String, target: Double) -> String {
    guard let loudness = loudnessLUFS, basis != "loudness: off", basis != "silent" else {
      return "\(label): left at its level (\(basis))"
    }
    var text = "\(label): \(Decibels.text(loudness)) LUFS\(readFrom.map { " by \($0)" } ?? ""), gain \(Decibels.gain(appliedDB)) dB to \(Decibels.text(target)) LUFS (\(basis))"
    switch peak {
    case .fits: break
    case .limited(let peak):
      text += "; its true peak would reach \(Decibels.gain(peak)) dBTP: the limiter holds those peaks under the ceiling"
      if makeUpDB != 0 { text += ", and \(Decibels.gain(makeUpDB)) dB make-up keeps it on target" }
    case .capped(let by):
      text += "; gain lowered by \(Decibels.text(by)) dB so its true peak fits under the ceiling (--peak-policy cap)"
    case .unguarded(let peak):
      text += "; its true peak reaches \(Decibels.gain(peak)) dBTP, over full scale, and nothing limits it (--peak-policy none)"
    }
    return text
  }
}
