import FFmpegAudio

extension BusChain {
  /// The bus of a render: under levelling a meter of the mix as summed (so each levelled span can
  /// be told from what the bus did to it), the peak guard (unless `--peak-policy none`), fades at
  /// the edges of each part when asked, the output meter when asked, and the clip guard last.
  static func standard(
    loudness: LoudnessOptions, format: EncoderInputFormat, segments: [Range<Int64>], edgeFadeFrames: Int64?
  ) -> BusChain {
    let rate = format.layout.sampleRate
    var stages: [any BusStage] = []
    let channels = format.layout.channelCount
    if loudness.targetLUFS != nil { stages.append(BusMeter(at: .mix, sampleRate: rate, channelCount: channels)) }
    if let ceiling = loudness.guardCeiling {
      stages.append(PeakGuard(ceiling: ceiling, sampleRate: rate, channelCount: channels))
    }
    if let edgeFadeFrames { stages.append(EdgeFade(segments: segments, length: edgeFadeFrames, sampleRate: rate)) }
    if loudness.metersOutput { stages.append(BusMeter(at: .output, sampleRate: rate, channelCount: channels)) }
    stages.append(ClipGuard(format: format))
    return BusChain(stages: stages)
  }
}
