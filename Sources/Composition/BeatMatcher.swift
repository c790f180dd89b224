import Foundation

/// Lines up the incoming track's beats with the outgoing track's through a crossfade.
///
/// The incoming track starts on its first downbeat, placed on a downbeat (or phrase start) of the
/// outgoing track near where the crossfade asked for would start. Through the overlap it is
/// stretched so each of its beats lands on the outgoing track's beat (Rubber Band key frames, one
/// per beat); then its tempo returns to its own over `rampBars` bars, and it rejoins its unstretched
/// self in a 20 ms crossfade, so the rest of it plays untouched. Holding the mix tempo (or
/// varispeed, which cannot ramp) stretches the whole track evenly instead.
struct BeatMatcher {
  let settings: BeatMatchSettings
  let sampleRate: Int

  /// The incoming item's clips and the crossfade's overlap: a head stretched through the overlap
  /// and ramp, and an unstretched tail (nil when the whole track is stretched evenly).
  struct Placement {
    var head: Clip
    var tail: Clip?
    var overlap: Int64
    var match: BeatMatch
  }

  /// What matching gave: a placement, or why the crossfade stays plain.
  enum Result {
    case placed(Placement)
    case plain(reason: String)
  }

  /// How the tracks' beats are paired: `outgoing` of its beats to `incoming` of the other's.
  private struct Pairing {
    var outgoing: Int
    var incoming: Int
  }

  /// Places `incoming` (the beat of `incomingBeat`, its grid in source frames at the timeline's
  /// rate) against `outgoing`, placed already, for a crossfade of about `requested` frames; the
  /// incoming track's unstretched rest must hold `roomAfter` frames (the overlap of the
  /// transition after it). Grids under `BeatGrid.sureConfidence` are not matched.
  func match(outgoing: Clip, outgoingBeat: PlanItem, incoming: Clip, incomingBeat: PlanItem, requested: Int64, roomAfter: Int64) -> Result {
    guard let a = outgoingBeat.beat, Self.isUsable(a) else { return .plain(reason: "no steady beat was found in the outgoing track") }
    guard let b = incomingBeat.beat, Self.isUsable(b) else { return .plain(reason: "no steady beat was found in the incoming track") }
    for (side, item) in [("outgoing", outgoingBeat), ("incoming", incomingBeat)] where item.beatConfidence < BeatGrid.sureConfidence {
      return .plain(
        reason: String(
          format: "the %@ track's beat grid is unsure (confidence %.2f, under %.2f; give its entry a 'bpm' to match it anyway)", side,
          item.beatConfidence, BeatGrid.sureConfidence))
    }
    for (side, item) in [("outgoing", outgoingBeat), ("incoming", incomingBeat)] {
      guard let doubt = item.beatDoubt else { continue }
      return .plain(reason: "the \(side) track's tempo is in doubt (\(doubt); give its entry a 'bpm' or the mix a tempo range to match it anyway)")
    }
    guard outgoing.splices.isEmpty, outgoing.stretch?.keyFrames.isEmpty ?? true else {
      return .plain(reason: "the outgoing track's timing is edited where it ends (pauses cut, or still returning to its tempo)")
    }
    guard incoming.splices.isEmpty, incoming.stretch == nil else {
      return .plain(reason: "the incoming track has pauses cut or a speed of its own")
    }
    let outgoingRatio = outgoing.stretch.map { Double(outgoing.duration) / Double($0.sourceFrames) } ?? 1
    let outgoingBeat = { (k: Int) in Double(outgoing.start) + (a.beat(k) - Double(outgoing.inPoint)) * outgoingRatio }
    let outgoingPeriod = a.framesPerBeat * outgoingRatio
    let pairing = [Pairing(outgoing: 1, incoming: 1), Pairing(outgoing: 1, incoming: 2), Pairing(outgoing: 2, incoming: 1)].min {
      abs(log(Self.ratio($0, outgoingPeriod, b))) < abs(log(Self.ratio($1, outgoingPeriod, b)))
    }!
    let ratio = Self.ratio(pairing, outgoingPeriod, b)
    let bpm = { (period: Double) in 60 * Double(sampleRate) / period }
    let change = abs(1 / ratio - 1)
    guard change <= settings.maxTempoChange else {
      return .plain(
        reason: String(
          format: "the incoming track would change tempo by %.1f %% (%.2f to %.2f BPM), more than %.1f %%", change * 100,
          bpm(b.framesPerBeat), bpm(outgoingPeriod),
          settings.maxTempoChange * 100))
    }
    guard let startBeat = startBeat(of: a, at: outgoingBeat, period: outgoingPeriod, clip: outgoing, requested: requested) else {
      return .plain(reason: "no downbeat of the outgoing track falls where the crossfade would start")
    }
    let firstDownbeat = Self.firstDownbeat(of: b, atOrAfter: Double(incoming.inPoint))
    let inPoint = Int64(b.beat(firstDownbeat).rounded())
    let sourceEnd = incoming.inPoint + incoming.duration
    let aligned = outgoingBeat(startBeat)
    guard inPoint < sourceEnd else { return .plain(reason: "the incoming track has no downbeat before it ends") }
    let picked = settings.method.map { ($0, "asked for") } ?? StretchMethod.automatic(forRatio: ratio)
    var match = BeatMatch(
      outgoingBPM: bpm(outgoingPeriod), incomingBPM: bpm(b.framesPerBeat), lengthRatio: ratio, method: picked.0, methodReason: picked.1,
      alignedAt: Int64(aligned.rounded()), beatsPerBeat: Double(pairing.incoming) / Double(pairing.outgoing),
      rampBars: nil, inPointMoved: inPoint - incoming.inPoint)
    match.onPhrase = settings.phraseBeats != nil
    var head = incoming
    head.inPoint = inPoint
    let played = sourceEnd - inPoint
    // Each outgoing beat in the overlap and the incoming beat (in frames from its in-point) paired
    // with it.
    let pairs = (0...).lazy.map { k in (source: b.beat(firstDownbeat + k * pairing.incoming) - Double(inPoint), outgoing: outgoingBeat(startBeat + k * pairing.outgoing)) }
      .prefix { $0.outgoing <= Double(outgoing.end) }
    if settings.holdTempo || picked.0 == .varispeed {
      head.duration = Int64((Double(played) * ratio).rounded())
      head.stretch = Stretch(sourceFrames: played, method: picked.0, sharpAttacks: true)
      head.start = Int64((aligned - (b.beat(firstDownbeat) - Double(inPoint)) * ratio).rounded())
      let overlap = outgoing.end - head.start
      guard overlap > 0, overlap < head.duration else { return .plain(reason: "the incoming track is shorter than the overlap") }
      match.predictedOffset = Self.worstOffset(of: head, pairs: pairs)
      return .placed(Placement(head: head, tail: nil, overlap: overlap, match: match))
    }
    head.start = Int64(aligned.rounded())
    // Key frames: each paired beat through the overlap, then each beat of the ramp.
    var keys: [(source: Double, clip: Double)] = []
    var beat = 1
    while case let clipFrame = outgoingBeat(startBeat + beat * pairing.outgoing), clipFrame <= Double(outgoing.end) {
      keys.append((b.beat(firstDownbeat + beat * pairing.incoming) - Double(inPoint), clipFrame - Double(head.start)))
      beat += 1
    }
    var last = keys.last ?? (b.beat(firstDownbeat) - Double(inPoint), aligned - Double(head.start))
    let matchedPeriod = b.framesPerBeat * ratio
    let rampBeats = max(1, settings.rampBars) * BeatGrid.beatsPerBar
    for step in 1...rampBeats {
      last.source += b.framesPerBeat
      last.clip += matchedPeriod + (b.framesPerBeat - matchedPeriod) * (Double(step) - 0.5) / Double(rampBeats)
      keys.append(last)
    }
    let rejoin = Int64(max(1, sampleRate / 50))
    let headSource = Int64(last.source.rounded())
    let headClip = Int64(last.clip.rounded())
    guard headSource + rejoin + roomAfter <= played else {
      return .plain(reason: "the incoming track is too short to return to its own tempo over \(settings.rampBars) bars (--hold-tempo keeps the mix tempo instead)")
    }
    head.duration = headClip + rejoin
    head.stretch = Stretch(
      sourceFrames: headSource + rejoin, method: .preservePitch,
      keyFrames: keys.map { Stretch.KeyFrame(source: Int64($0.source.rounded()), clip: Int64($0.clip.rounded())) }, sharpAttacks: true)
    head.fadeOut = Fade(length: rejoin, curve: .linear)
    var tail = incoming
    tail.inPoint = inPoint + headSource
    tail.start = head.start + headClip
    tail.duration = played - headSource
    tail.fadeIn = Fade(length: rejoin, curve: .linear)
    match.rampBars = settings.rampBars
    match.predictedOffset = Self.worstOffset(of: head, pairs: pairs)
    return .placed(Placement(head: head, tail: tail, overlap: outgoing.end - head.start, match: match))
  }

  /// How far `head`'s stretch puts the paired beats from the outgoing track's, at worst, in frames.
  private static func worstOffset(of head: Clip, pairs: some Sequence<(source: Double, outgoing: Double)>) -> Double {
    guard let stretch = head.stretch else { return 0 }
    return pairs.map { abs(Double(head.start) + stretch.clipFrame(ofSource: $0.source, clipFrames: head.duration) - $0.outgoing) }.max() ?? 0
  }

  /// The incoming track's length ratio through the overlap for `pairing`.
  private static func ratio(_ pairing: Pairing, _ outgoingPeriod: Double, _ incoming: BeatGrid) -> Double {
    Double(pairing.outgoing) * outgoingPeriod / (Double(pairing.incoming) * incoming.framesPerBeat)
  }

  /// A grid that can place beats: a period of at least a frame.
  private static func isUsable(_ grid: BeatGrid) -> Bool { grid.framesPerBeat.isFinite && grid.framesPerBeat >= 1 && grid.firstBeat.isFinite }

  /// The outgoing beat the incoming track's first downbeat meets: a downbeat (or the start of a
  /// phrase) nearest where a crossfade of `requested` frames would start, leaving at least a beat
  /// of overlap inside the clip.
  private func startBeat(of grid: BeatGrid, at position: (Int) -> Double, period: Double, clip: Clip, requested: Int64) -> Int? {
    let target = Double(clip.end - requested)
    let step = settings.phraseBeats ?? (grid.firstDownbeat == nil ? 1 : BeatGrid.beatsPerBar)
    let base = grid.firstDownbeat ?? 0
    let near = Int(((target - position(0)) / period).rounded())
    let snapped = base + Int((Double(near - base) / Double(step)).rounded()) * step
    return [snapped, snapped - step, snapped + step]
      .filter { position($0) >= Double(clip.start) && Double(clip.end) - position($0) >= period }
      .min { abs(position($0) - target) < abs(position($1) - target) }
  }

  /// The first downbeat (or beat, when the bars are unknown) at or after source frame `frame`.
  private static func firstDownbeat(of grid: BeatGrid, atOrAfter frame: Double) -> Int {
    var index = Int(((frame - grid.firstBeat) / grid.framesPerBeat).rounded(.up))
    if grid.beat(index) < frame - 0.5 { index += 1 }
    guard let downbeat = grid.firstDownbeat else { return index }
    let bar = BeatGrid.beatsPerBar
    let phase = ((index - downbeat) % bar + bar) % bar
    return phase == 0 ? index : index + bar - phase
  }
}
