/// A whole plan stretched to a length: every clip by one length ratio, so transitions, gaps,
/// fades, ducks and overlays scale with it and the mix ends exactly on the frame asked for.
extension Plan {
  /// This plan stretched to exactly `frames` frames by `method`. Every position p on the
  /// timeline moves to round(p × frames ÷ length) (the end to `frames` itself), every clip lasts
  /// from its new start to its new end, and lengths in a clip's own time (fades, ramps) scale
  /// alike; what a clip plays of its source stays as it was, stretched (by `method`, unless the
  /// clip has a stretch of its own).
  public func stretched(toFrames frames: Int64, method: StretchMethod) throws(PlanError) -> Plan {
    let length = timeline.frameCount
    guard length > 0, frames > 0 else { throw PlanError(message: "an empty mix cannot be fitted to a length") }
    let ratio = Double(frames) / Double(length)
    let scale = { (position: Int64) -> Int64 in position == length ? frames : Int64((Double(position) * ratio).rounded()) }
    let span = { (count: Int64) -> Int64 in Int64((Double(count) * ratio).rounded()) }
    var clips: [Clip] = []
    for clip in timeline.clips {
      var stretched = clip
      stretched.start = scale(clip.start)
      stretched.duration = scale(clip.end) - stretched.start
      // A clip stretched already (an entry's own speed, a beat-matched head) keeps its method and
      // key frames, these moved with the rest; the ratios multiply.
      stretched.stretch = clip.stretch ?? Stretch(sourceFrames: clip.duration, method: method)
      stretched.stretch!.keyFrames = clip.stretch?.keyFrames.map {
        Stretch.KeyFrame(source: $0.source, clip: min(stretched.duration - 1, Int64((Double($0.clip) * ratio).rounded())))
      } ?? []
      stretched.lowBandSwaps = clip.lowBandSwaps.map { $0.scaled(by: ratio, within: stretched.duration) }
      let combined = Double(stretched.duration) / Double(max(1, stretched.stretch!.sourceFrames))
      guard Stretch.ratioRange.contains(combined) else {
        throw PlanError(
          message: "clip \(clips.count + 1): its own stretch and the fit together need a length ratio of \(String(format: "%.4f", combined)); "
            + "Segue stretches by 0.5 to 2.0")
      }
      stretched.fadeIn = clip.fadeIn.map { Fade(length: min(stretched.duration, span($0.length)), curve: $0.curve) }
      stretched.fadeOut = clip.fadeOut.map { Fade(length: min(stretched.duration, span($0.length)), curve: $0.curve) }
      stretched.envelope = clip.envelope.scaled(by: ratio, within: stretched.duration)
      clips.append(stretched)
    }
    let ducks = timeline.ducks.map { Duck(range: scale($0.range.lowerBound)..<scale($0.range.upperBound), gain: $0.gain, rampLength: span($0.rampLength)) }
    let transitions = self.transitions.map { resolved in
      var scaled = resolved
      if case .matched(var match) = resolved.beatMatch {
        match.alignedAt = scale(match.alignedAt)
        match.outgoingBPM /= ratio
        match.predictedOffset *= ratio
        scaled.beatMatch = .matched(match)
      }
      switch resolved.transition {
      case .gapless: break
      case .gap(let gap): scaled.transition = .gap(span(gap))
      case .crossfade(let crossfade):
        scaled.transition = .crossfade(
          Crossfade(
            outLength: span(crossfade.outLength), inLength: span(crossfade.inLength), outCurve: crossfade.outCurve, inCurve: crossfade.inCurve,
            overlap: span(crossfade.overlap)))
      }
      return scaled
    }
    return Plan(timeline: Timeline(sampleRate: timeline.sampleRate, clips: clips, ducks: ducks), transitions: transitions, notes: notes)
  }
}

extension VolumeEnvelope {
  /// These ramps with their frames scaled by `ratio`, none past `length`.
  func scaled(by ratio: Double, within length: Int64) -> VolumeEnvelope {
    var scaled = VolumeEnvelope()
    for ramp in ramps {
      let position = { (frame: Int64) in min(length, Int64((Double(frame) * ratio).rounded())) }
      // Scaling keeps ramps in order and apart, so none is refused.
      try? scaled.setVolumeRamp(from: ramp.from, to: ramp.to, over: position(ramp.range.lowerBound)..<position(ramp.range.upperBound), curve: ramp.curve)
    }
    return scaled
  }
}
