import Composition
import Foundation

/// The order of a DJ set that mixes in key: consecutive tracks key-compatible (same, adjacent or
/// relative on the Camelot wheel) and within the largest tempo change, preferring small jumps in
/// loudness, the first track first (and the last last, when asked).
///
/// Each step from one track to the next has a cost: a clash costs more than anything else
/// (100, plus its distance round the wheel), a tempo change past the largest allowed next (50),
/// then the tempo change and the loudness jump. When beats are matched, a join that cannot be
/// matched (a track without a sure grid, or a tempo change past the largest allowed: the join
/// falls back to a plain crossfade) costs more than a clash (`unmatchedJoin`): a track that
/// cannot be matched costs that twice in the middle of the set and once at its end, so such
/// tracks go last (the first track stays first), together. Up to `exactLimit` tracks the
/// cheapest order is found exactly (Held and Karp's dynamic programme); beyond, the nearest next track is taken
/// each time, then improved by reversing stretches of the order (2-opt) while that helps.
struct HarmonicOrder {
  /// One track as the order sees it.
  struct Track {
    var key: MusicalKey?
    /// Its tempo in BPM, where known.
    var beatsPerMinute: Double?
    /// Its integrated loudness in LUFS, where measured.
    var loudness: Double?
    /// True when its beats can be matched: a sure grid, or the playlist's `bpm`.
    var matchable = true
  }

  let tracks: [Track]
  /// The largest tempo change between neighbours, as a fraction.
  let maxTempoChange: Double
  let keepLast: Bool
  /// True when the mix matches beats, so a join a track's beats cannot be matched at costs.
  let matchesBeats: Bool
  /// What each step costs, from track (first index) to track.
  private var costs: [[Double]] = []

  init(tracks: [Track], maxTempoChange: Double, keepLast: Bool, matchesBeats: Bool = false) {
    (self.tracks, self.maxTempoChange, self.keepLast, self.matchesBeats) = (tracks, maxTempoChange, keepLast, matchesBeats)
    costs = tracks.indices.map { a in tracks.indices.map { b in stepCost(a, b) } }
  }

  static let exactLimit = 13

  /// The order, as indexes into `tracks`, starting with the first.
  func order() -> [Int] {
    let count = tracks.count
    guard count > 2 else { return Array(0..<count) }
    return count <= Self.exactLimit ? exactOrder() : improved(nearestOrder())
  }

  /// What a step from track `a` to track `b` costs.
  func cost(_ a: Int, _ b: Int) -> Double { costs[a][b] }

  private func stepCost(_ a: Int, _ b: Int) -> Double {
    var cost = 0.0
    if let from = tracks[a].key, let to = tracks[b].key {
      let relation = KeyRelation(from: from, to: to)
      cost += relation.isCompatible ? 0.1 * Double(relation.distance) : 100 + Double(relation.distance)
    }
    if let change = tempoChange(a, b) { cost += (!matchesBeats && change > maxTempoChange ? 50 : 0) + 10 * change }
    if !isMatchable(a, b) { cost += Self.unmatchedJoin }
    if let from = tracks[a].loudness, let to = tracks[b].loudness { cost += 0.05 * abs(to - from) }
    return cost
  }

  /// What a join that cannot be beat-matched costs where beats are matched: more than any clash.
  static let unmatchedJoin = 200.0

  /// False where the mix matches beats and the join from track `a` to `b` cannot be: either has
  /// no sure grid, or the tempo changes more than the largest allowed.
  func isMatchable(_ a: Int, _ b: Int) -> Bool {
    guard matchesBeats else { return true }
    return tracks[a].matchable && tracks[b].matchable && (tempoChange(a, b).map { $0 <= maxTempoChange } ?? true)
  }

  /// The tempo change from track `a` to track `b` as a fraction, counting halves and doubles as
  /// beat matching does; nil where a tempo is unknown.
  func tempoChange(_ a: Int, _ b: Int) -> Double? {
    guard let from = tracks[a].beatsPerMinute, let to = tracks[b].beatsPerMinute, from > 0, to > 0 else { return nil }
    return [to / from, 2 * to / from, to / (2 * from)].map { abs($0 - 1) }.min()
  }

  /// The cheapest order by dynamic programming over the sets of tracks placed.
  private func exactOrder() -> [Int] {
    let count = tracks.count
    let last = keepLast ? count - 1 : nil
    let full = 1 << count
    var best = [Double](repeating: .infinity, count: full * count)
    var previous = [Int](repeating: -1, count: full * count)
    best[1 * count + 0] = 0
    for set in 1..<full where set & 1 == 1 {
      for end in 0..<count where set & (1 << end) != 0 {
        let here = best[set * count + end]
        guard here.isFinite else { continue }
        for next in 1..<count where set & (1 << next) == 0 {
          // A kept last track comes last only.
          if next == last, (set | (1 << next)) != full - 1 { continue }
          let index = (set | (1 << next)) * count + next
          let through = here + cost(end, next)
          if through < best[index] { (best[index], previous[index]) = (through, end) }
        }
      }
    }
    let ends = last.map { [$0] } ?? Array(1..<count)
    var end = ends.min { best[(full - 1) * count + $0] < best[(full - 1) * count + $1] }!
    var set = full - 1
    var order: [Int] = []
    while end >= 0 {
      order.append(end)
      let before = previous[set * count + end]
      set &= ~(1 << end)
      end = before
    }
    return order.reversed()
  }

  /// Each next track the cheapest step from the one before (the kept last track saved for last).
  private func nearestOrder() -> [Int] {
    var left = Set(1..<tracks.count)
    if keepLast { left.remove(tracks.count - 1) }
    var order = [0]
    while !left.isEmpty {
      let next = left.min { (cost(order.last!, $0), $0) < (cost(order.last!, $1), $1) }!
      order.append(next)
      left.remove(next)
    }
    if keepLast { order.append(tracks.count - 1) }
    return order
  }

  /// `order` with stretches reversed while that lowers its cost, its ends kept.
  private func improved(_ order: [Int]) -> [Int] {
    var order = order
    let total = { (order: [Int]) in zip(order, order.dropFirst()).reduce(0) { $0 + cost($1.0, $1.1) } }
    var current = total(order)
    var better = true
    while better {
      better = false
      for start in 1..<(order.count - 1) {
        for end in (start + 1)..<(keepLast ? order.count - 1 : order.count) {
          var trial = order
          trial[start...end].reverse()
          let cost = total(trial)
          if cost < current - 1e-9 { (order, current, better) = (trial, cost, true) }
        }
      }
    }
    return order
  }
}
