import Analysis
import Composition
import Foundation

/// How many semitones each track is pitch-shifted by, its length unchanged: its entry's own
/// `pitch`, or, with `--key-shift auto`, the fewest (up to the most allowed) that make the key it
/// plays in blend with the one the track before it plays in where the two overlap, both keys
/// sure (`InputKey.isSure`: a playlist's `key`, or an analysis in no doubt).
struct KeyShifting {
  let keys: [InputKey]
  let labels: [String]
  /// Each entry's own `pitch`, where it gives one.
  let stated: [Int?]
  let settings: KeyShiftSettings

  /// The shift of each of `items` (the tracks, in order), each automatic shift with a note saying
  /// why; `overlaps(index)` says whether the join into track `index` overlaps.
  func decide(_ items: [PlanItem], overlaps: (Int) -> Bool) -> (shifts: [Int], notes: [String]) {
    var shifts = items.indices.map { stated[$0] ?? 0 }
    var notes: [String] = []
    for index in items.indices.dropFirst() where stated[index] == nil && settings.automatic && overlaps(index) {
      guard let outgoing = keys[index - 1].key, let incoming = keys[index].key else { continue }
      let playing = outgoing.transposed(by: Self.varispeedSemitones(items[index - 1]) + shifts[index - 1])
      let own = incoming.transposed(by: Self.varispeedSemitones(items[index]))
      let unshifted = KeyRelation(from: playing, to: own)
      guard !unshifted.isCompatible else { continue }
      // A key that may be wrong is not shifted on: the shift could make a clash of a blend.
      if let unsure = [(index - 1, "outgoing"), (index, "incoming")].first(where: { !keys[$0.0].isSure }) {
        notes.append(
          "\(labels[index]): left in its key: the \(unsure.1) track's key is unsure (\(Self.why(keys[unsure.0]))); "
            + "give its entry a 'key' to shift it anyway")
        continue
      }
      let outgoingPlace = "the \(TransitionKeying.spelled(playing)) \(labels[index - 1]) plays in"
      guard let shift = Self.fewestSemitones(from: playing, to: own, within: settings.maxSemitones) else {
        notes.append(
          "\(labels[index]): left in its key: no shift of up to \(Self.semitones(settings.maxSemitones)) makes its \(TransitionKeying.spelled(own)) "
            + "blend with \(outgoingPlace) (\(unshifted.distance) steps apart on the Camelot wheel)")
        continue
      }
      shifts[index] = shift
      let shifted = own.transposed(by: shift)
      notes.append(
        "\(labels[index]): shifted \(Self.signed(shift)) (\(TransitionKeying.spelled(own)) to \(TransitionKeying.spelled(shifted))): "
          + "\(KeyRelation(from: playing, to: shifted).name) to \(outgoingPlace), where unshifted the keys clash (\(unshifted.distance) steps apart)")
    }
    return (shifts, notes)
  }

  /// The shift of `incoming` by the fewest semitones, up to `limit`, that makes it blend with
  /// `outgoing`: of two as few, the nearer relation, then the shift down; nil when none does.
  static func fewestSemitones(from outgoing: MusicalKey, to incoming: MusicalKey, within limit: Int) -> Int? {
    guard limit > 0 else { return nil }
    for size in 1...limit {
      let blending = [-size, size].map { ($0, KeyRelation(from: outgoing, to: incoming.transposed(by: $0))) }.filter { $0.1.isCompatible }
      if let best = blending.min(by: { $0.1.distance < $1.1.distance }) { return best.0 }
    }
    return nil
  }

  /// The semitones an item's own varispeed moves its pitch, to the nearest.
  static func varispeedSemitones(_ item: PlanItem) -> Int {
    guard let stretch = item.stretch, stretch.method == .varispeed, stretch.frames > 0 else { return 0 }
    return Int((12 * log2(Double(item.playedFrames) / Double(stretch.frames))).rounded())
  }

  /// Why a key is unsure: what leaves it in doubt, or its confidence under the sure one.
  static func why(_ key: InputKey) -> String {
    key.doubt.map(\.description) ?? String(format: "confidence %.2f, under %.2f", key.confidence, KeyAnalysis.sureConfidence)
  }

  /// "+1 semitone", "-2 semitones".
  static func signed(_ shift: Int) -> String { (shift > 0 ? "+" : "") + semitones(shift) }

  private static func semitones(_ count: Int) -> String { "\(count) semitone\(abs(count) == 1 ? "" : "s")" }
}
