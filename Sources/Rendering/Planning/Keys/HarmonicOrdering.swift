import Composition
import Foundation

/// `--order harmonic` applied to a request: its tracks (and their facts) put in the order
/// `HarmonicOrder` finds, each entry's transition settings moved with the join into it, overlays
/// placed on an entry moved with it, and a note per step saying why it follows.
struct HarmonicOrdering {
  let request: RenderRequest
  let facts: InputFacts

  /// The request and facts in harmonic order; overlays at absolute times are refused, as the
  /// order would move what lies under them.
  func apply() throws(RenderError) -> (RenderRequest, InputFacts) {
    let inputs = request.inputs
    if let placed = request.overlays.first(where: { if case .time = $0.position { true } else { false } }) {
      throw .setting(
        .notApplicable(.order, value: "harmonic", appliesTo: "overlays placed on an entry", notTo: "\(placed.input.label), placed at a time"))
    }
    let tracks = zip(inputs, facts.facts).map { input, facts in
      let beat = InputBeat(facts: facts, stated: input.options.beat, tempoRange: input.tempoRange(chosen: request.mix.tempoRange))
      return HarmonicOrder.Track(
        key: InputKey(facts: facts, stated: input.options.key).key, beatsPerMinute: beat.beatsPerMinute, loudness: facts.analysis?.integratedLUFS,
        matchable: beat.isSure)
    }
    let beatMatching = request.mix.beatMatching
    let ordering = HarmonicOrder(
      tracks: tracks, maxTempoChange: beatMatching.maxTempoChange, keepLast: request.mix.keepLast, matchesBeats: beatMatching.enabled)
    let order = ordering.order()
    var ordered = request
    ordered.inputs = order.enumerated().map { position, index in
      var input = inputs[index]
      // An entry's transition settings are those of the join into it: the entry before it held them.
      let into = position + 1 < order.count ? order[position + 1] : nil
      let joinInto = into.flatMap { $0 > 0 ? inputs[$0 - 1].options : nil }
      (input.options.transition, input.options.beatMatch, input.options.eqSwap) = (joinInto?.transition, joinInto?.beatMatch, joinInto?.eqSwap)
      return input
    }
    let moved = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    ordered.overlays = request.overlays.map { overlay in
      var overlay = overlay
      if case .input(let index, let offset) = overlay.position, let to = moved[index] { overlay.position = .input(to, offsetSeconds: offset) }
      return overlay
    }
    var orderedFacts = facts
    let trackCount = inputs.count
    orderedFacts.sources = ordered.inputs + facts.sources.dropFirst(trackCount)
    orderedFacts.facts = order.map { facts.facts[$0] } + facts.facts.dropFirst(trackCount)
    orderedFacts.notes += steps(order, ordering: ordering, tracks: tracks)
    return (ordered, orderedFacts)
  }

  /// A note per step of the order: which track follows which, and why; clashes and tempo changes
  /// past the largest allowed are said to be so.
  private func steps(_ order: [Int], ordering: HarmonicOrder, tracks: [HarmonicOrder.Track]) -> [String] {
    let labels = request.inputs.map(\.label)
    var notes = ["--order harmonic: " + order.map { labels[$0] }.joined(separator: ", ")]
    for (from, to) in zip(order, order.dropFirst()) {
      var why: [String] = []
      if let a = tracks[from].key, let b = tracks[to].key {
        let relation = KeyRelation(from: a, to: b)
        let unavoidable = ordering.matchesBeats ? "no order avoids it with the joins that cannot be beat-matched last" : "no order avoids it"
        why.append("\(a.camelot) into \(b.camelot), " + (relation.isCompatible ? relation.name : "a clash (\(relation.distance) apart): \(unavoidable)"))
      } else {
        why.append("a key unknown")
      }
      if let change = ordering.tempoChange(from, to) {
        why.append(String(format: "tempo %.1f %%", change * 100) + (change > request.mix.beatMatching.maxTempoChange ? ", more than --max-tempo-change" : ""))
      }
      let unsure = [from, to].filter { !tracks[$0].matchable }.map { labels[$0] }
      if !ordering.isMatchable(from, to), !unsure.isEmpty {
        why.append("beats not matched: \(unsure.joined(separator: " and ")) \(unsure.count == 1 ? "has" : "have") no sure beat grid")
      }
      if let a = tracks[from].loudness, let b = tracks[to].loudness { why.append(String(format: "%+.1f LU", b - a)) }
      notes.append("\(labels[to]) follows \(labels[from]): " + why.joined(separator: "; "))
    }
    return notes
  }
}
