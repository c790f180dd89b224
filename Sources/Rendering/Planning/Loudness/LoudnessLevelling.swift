import Analysis
import Foundation
import Playlists

/// Decides each track's loudness gain: groups the tracks by scope, measures each group, brings
/// it to the target with one static gain, and checks every track's true peak at that gain
/// against the ceiling (capping the gain when the policy says so).
struct LoudnessLevelling {
  /// What levelling knows of one track.
  struct Track {
    var input: Int
    var analysis: SignalAnalysis?
    var tagged: TaggedLoudness?
    /// The part of the file the mix plays, in seconds; nil for all of it.
    var part: Range<Double>?
    var album: String?
    /// True for an entry's `loudness: off`.
    var exempt: Bool
    /// The entry's own gain, added on top, in dB.
    var userGainDB: Double
    /// The file's length, in seconds.
    var fileSeconds: Double

    /// The track's own loudness: its tags' when gains come from tags, else measured; nil for silence.
    var loudness: Double? { tagged?.trackLUFS ?? analysis?.integratedLoudness(within: part) }
    /// Its true peak, linear: measured, else the tags' sample peak; nil when unknown.
    var truePeak: Double? { analysis?.truePeak ?? tagged?.trackPeak }
    /// Its peak as the limiter judges it (`SignalAnalysis.limiterPeak`), else `truePeak`.
    var limiterPeak: Double? { analysis?.limiterPeak ?? truePeak }
    /// How long the part the mix plays is, in seconds (0 when unknown).
    var duration: Double {
      let whole = fileSeconds
      return part.map { max(0, min($0.upperBound, whole) - $0.lowerBound) } ?? whole
    }
  }

  let target: Double
  let options: LoudnessOptions
  let tracks: [Track]

  /// One decision per track, in order, before any make-up.
  func decisions() -> [LevelDecision] {
    var decisions: [LevelDecision] = []
    for group in groups() {
      let members = group.members.map { tracks[$0] }
      guard !members[0].exempt, let loudness = loudness(of: members) else {
        let basis = members[0].exempt ? group.basis : "silent"
        decisions += members.map {
          LevelDecision(input: $0.input, loudnessLUFS: $0.loudness, truePeakDBTP: $0.truePeak.map(decibels), gainDB: 0, basis: basis)
        }
        continue
      }
      decisions += peakChecked(members, gain: target - loudness, basis: group.basis)
    }
    return decisions.sorted { $0.input < $1.input }
  }

  /// The tracks levelled together, with what their gain is based on; an exempt track is alone.
  private func groups() -> [(members: [Int], basis: String)] {
    let levelled = tracks.indices.filter { !tracks[$0].exempt }
    var groups = tracks.indices.filter { tracks[$0].exempt }.map { ([$0], "loudness: off") }
    switch options.scope {
    case .track: groups += levelled.map { ([$0], "track") }
    case .album where !levelled.isEmpty: groups.append((levelled, "album (all \(levelled.count) tracks)"))
    case .program where !levelled.isEmpty: groups.append((levelled, "program"))
    case .album, .program: break
    case .auto:
      var start = 0
      while start < levelled.count {
        var end = start + 1
        let album = tracks[levelled[start]].album
        while end < levelled.count, album != nil, levelled[end] == levelled[end - 1] + 1, tracks[levelled[end]].album == album { end += 1 }
        let members = Array(levelled[start..<end])
        groups.append((members, members.count > 1 ? "album '\(album!)' (tracks \(members[0] + 1)-\(members.last! + 1))" : "track"))
        start = end
      }
    }
    return groups
  }

  /// The loudness of `members` heard one after another, in LUFS; nil for silence.
  private func loudness(of members: [Track]) -> Double? {
    if members.count == 1 { return members[0].loudness }
    let albums = members.map { $0.tagged?.albumLUFS }
    if let first = albums[0], albums.allSatisfy({ $0 == first }) { return first }
    if members.allSatisfy({ $0.tagged == nil && $0.analysis != nil }) {
      return GatedLoudness.integrated(blocks: members.flatMap { $0.analysis!.gatingBlocks(within: $0.part) })
    }
    // Tags and measurements mixed: the members' energies, weighted by their lengths.
    var energy = 0.0
    var duration = 0.0
    for member in members {
      guard let loudness = member.loudness else { continue }
      energy += member.duration * pow(10, loudness / 10)
      duration += member.duration
    }
    return duration > 0 ? 10 * log10(energy / duration) : nil
  }

  /// How far under the ceiling `cap` brings true peaks, in dB: past the limiter's own margin
  /// (`PeakLimiter.truePeakMarginDB`), and as far again for the differences between the analysed
  /// file and the mix (a resampled rate, a downmix), so the guard never acts on a capped track.
  static let capHeadroomDB = 0.2

  /// The group's decisions at `gain`, each track's peak checked against the ceiling; with
  /// `--peak-policy cap` the whole group's gain is lowered so its loudest peak fits.
  private func peakChecked(_ members: [Track], gain: Double, basis: String) -> [LevelDecision] {
    let ceiling = options.truePeakDBTP ?? LoudnessOptions.defaultCeiling
    /// Where the limiter starts to act (`none`: full scale, where clipping starts).
    let threshold: Double =
      switch options.peakPolicy {
      case .limit: ceiling - PeakLimiter.truePeakMarginDB
      case .cap: ceiling - Self.capHeadroomDB
      case .none: 0
      }
    func peak(_ member: Track, at gain: Double) -> Double? { member.limiterPeak.map { decibels($0) + gain + member.userGainDB } }
    let cap = options.peakPolicy == .cap ? members.compactMap { peak($0, at: gain) }.map { $0 - threshold }.filter { $0 > 0 }.max() : nil
    return members.map { member in
      var decision = LevelDecision(
        input: member.input, loudnessLUFS: member.loudness, truePeakDBTP: member.truePeak.map(decibels), gainDB: gain - (cap ?? 0), basis: basis)
      decision.readFrom = member.tagged?.source
      if let cap {
        decision.peak = .capped(byDB: cap)
      } else if let reached = peak(member, at: gain), reached >= threshold {
        decision.peak = options.peakPolicy == .none ? .unguarded(peakDBTP: reached) : .limited(peakDBTP: reached)
      }
      return decision
    }
  }
}
