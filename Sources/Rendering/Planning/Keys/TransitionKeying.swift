import Composition
import Foundation

/// Each transition's keys: the key each of the two tracks plays in where they meet (its own,
/// moved by its speed), and a warning where two keys clash over a long overlap.
struct TransitionKeying {
  /// Each input's key (tracks, then overlays), where known.
  let keys: [InputKey]
  let labels: [String]
  /// The key each shifted track's shifted audio was found in (`ShiftedAnalysis`), by input.
  var shiftedKeys: [Int: MusicalKey] = [:]

  /// An overlap at least this long, in seconds, makes a clash a warning: long enough to hear.
  static let audibleClashSeconds = 8.0

  /// `plan` with each transition's keys where both are known; the notes warn of clashes.
  func apply(to plan: inout Plan) {
    let timeline = plan.timeline
    let items = Dictionary(timeline.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for index in plan.transitions.indices {
      let resolved = plan.transitions[index]
      guard let outgoing = items[resolved.from], let incoming = items[resolved.to],
        let outgoingKey = playedKey(of: outgoing, clip: outgoing.clipIndexes.last, in: timeline),
        let incomingKey = playedKey(of: incoming, clip: incoming.clipIndexes.first, in: timeline)
      else { continue }
      let shift = incoming.clipIndexes.first.map { timeline.clips[$0].pitchShift } ?? 0
      let keys = TransitionKeys(outgoing: outgoingKey, incoming: incomingKey, incomingShift: shift)
      plan.transitions[index].keys = keys
      let overlap = Double(max(0, outgoing.end - incoming.start)) / Double(timeline.sampleRate)
      if case .clash(let distance) = keys.relation, overlap >= Self.audibleClashSeconds {
        plan.notes.append(
          "\(labels[outgoing.source]) -> \(labels[incoming.source]): the keys clash over the \(String(format: "%.1f", overlap)) s overlap: "
            + "\(Self.spelled(outgoingKey)) into \(Self.spelled(incomingKey)), \(distance) steps apart on the Camelot wheel")
      }
    }
  }

  /// The key `item` plays in at `clip`: its own (or, shifted, the one its shifted audio was found
  /// in) moved by the clip's varispeed and any shift not measured, to the nearest semitone; nil
  /// where the key is unknown.
  private func playedKey(of item: TimelineItem, clip: Int?, in timeline: Timeline) -> MusicalKey? {
    guard let key = keys[item.source].key else { return nil }
    guard let clip else { return key }
    let semitones = Int((12 * log2(timeline.clips[clip].pitchScale)).rounded())
    let shift = timeline.clips[clip].pitchShift
    if shift != 0, keys[item.source].origin == .analysis, let measured = shiftedKeys[item.source] { return measured.transposed(by: semitones - shift) }
    return key.transposed(by: semitones)
  }

  /// "8A (A minor)".
  static func spelled(_ key: MusicalKey) -> String { "\(key.camelot) (\(key.name))" }
}
