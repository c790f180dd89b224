import Analysis
import FFmpegAudio

/// A track's analysis as the mix plays it, where the mix's channel or rate conversion changes its
/// loudness: a downmix adds up to 3 dB to channels that carry the same sound, and a lower rate
/// drops what lies above its Nyquist frequency (a hi-res master's ultrasonic noise counts in its
/// K-weighted loudness).
enum PlayedAnalysis {
  /// True when a source of `info`'s layout measures otherwise once converted into `mix`: any
  /// change of channels but mono copied into stereo (measured as dual mono, the same), or a lower
  /// rate. A higher rate adds nothing.
  static func changesLoudness(_ info: AudioStreamInfo, in mix: PCMLayout) -> Bool {
    let channelsChange = info.channelCount != mix.channelCount && !(info.channelCount == 1 && mix.channelCount == 2)
    return channelsChange || mix.sampleRate < info.sampleRate
  }

  /// What converting `info`'s layout into `mix` does: "2 channels to 1, 96000 → 44100 Hz".
  static func conversion(_ info: AudioStreamInfo, in mix: PCMLayout) -> String {
    var parts: [String] = []
    if info.channelCount != mix.channelCount { parts.append("\(info.channelCount) channel\(info.channelCount == 1 ? "" : "s") to \(mix.channelCount)") }
    if info.sampleRate != mix.sampleRate { parts.append("\(info.sampleRate) → \(mix.sampleRate) Hz") }
    return parts.joined(separator: ", ")
  }

  /// The analysis of `input` decoded into `mix`'s layout, from the cache where an earlier render
  /// made it; nil where the meter takes no such layout.
  static func analysis(of input: InputSource, facts: SourceFacts, in mix: PCMLayout, cache: FactsCache?) throws(RenderError) -> SignalAnalysis? {
    let kind = "analysis-played-\(mix.sampleRate)-\(mix.channelCount)"
    let slot = cache?.slot(kind: kind, for: input.path)
    if case .hit(let stored) = slot?.load(SignalAnalysis.self) { return stored }
    let analysis: SignalAnalysis?
    do throws(AudioFileError) {
      let reader = try AudioFileReader(path: input.path, output: mix, resampling: .high, tolerance: input.tolerance, known: facts.info)
      guard let analyzer = SignalAnalyzer(sampleRate: mix.sampleRate, channelCount: mix.channelCount) else { return nil }
      while let block = try reader.nextBlock() { analyzer.add(block) }
      analysis = analyzer.finish()
    } catch {
      throw .input(input, InputCheck.problem(for: error))
    }
    if let analysis { _ = slot?.store(analysis) }
    return analysis
  }
}
