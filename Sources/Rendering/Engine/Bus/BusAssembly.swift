import FFmpegAudio

extension BusChain {
  /// The bus of a render: the peak guard on the mix (unless `--peak-policy none`), fades at the
  /// edges of each part when asked, the output meter when asked, and the clip guard last.
  static func standard(
    loudness: LoudnessOptions, format: EncoderInputFormat, segments: [Range<Int64>], edgeFadeFrames: Int64?
  ) -> BusChain {
    let rate = format.layout.sampleRate
    var stages: [any BusStage] = []
    if let ceiling = loudness.guardCeiling {
      stages.append(PeakGuard(ceiling: ceiling, sampleRate: rate, channelCount: format.layout.channelCount))
    }
    if let edgeFadeFrames { stages.append(EdgeFade(segments: segments, length: edgeFadeFrames, sampleRate: rate)) }
    if loudness.metersOutput { stages.append(OutputMeter(sampleRate: rate, channelCount: format.layout.channelCount)) }
    stages.append(ClipGuard(format: format))
    return BusChain(stages: stages)
  }
}
