import FFmpegAudio
import Settings

/// The mix's rate and channel count as the output options and the tracks decide them, before a
/// codec moves either, and why in words: "44100 Hz stereo (as 5 of 6 tracks are, 93 % of the
/// playing time; --format-from most)".
///
/// What the options ask wins; otherwise `FormatSource` picks from the tracks (DSD tracks, decoded
/// at rates no PCM mix keeps, count only where every track is DSD). Rate and channels are decided
/// apart: a book of stereo chapters with one mono intro is stereo, whatever its rates.
struct MixLayoutChoice: Equatable {
  var layout: PCMLayout
  /// Why the rate, and why the channel count.
  var rateReason: String
  var channelsReason: String

  /// The choice for tracks described by `infos`, each `lengths[i]` seconds long.
  init(options: OutputOptions, infos: [AudioStreamInfo], lengths: [Double]) {
    let source = options.formatFrom ?? .most
    let pcm = infos.indices.filter { !infos[$0].isDSD }
    let noun = pcm.count < infos.count ? "PCM track" : "track"
    var rate = (value: OutputFormat.dsdMixRate, reason: "a PCM rate that keeps DSD's audible band")
    if !pcm.isEmpty { rate = Self.pick(source, pcm.map { (infos[$0].sampleRate, lengths[$0]) }, noun: noun) }
    let counted = pcm.isEmpty ? Array(infos.indices) : pcm
    let channels = Self.pick(source, counted.map { (infos[$0].channelCount, lengths[$0]) }, noun: noun)
    layout = PCMLayout(sampleRate: options.sampleRate ?? rate.value, channelCount: options.channelCount ?? channels.value)
    rateReason = options.sampleRate != nil ? "as --sample-rate asks" : rate.reason
    channelsReason = options.channelCount != nil ? "as --channels asks" : channels.reason
  }

  /// The value `source` picks among the `values` of the tracks (named `noun`), each with its length
  /// in seconds, and why.
  private static func pick(_ source: FormatSource, _ values: [(value: Int, seconds: Double)], noun: String) -> (value: Int, reason: String) {
    let first = values[0].value
    guard values.contains(where: { $0.value != first }) else { return (first, noun == "track" ? unanimous : "as every \(noun) is") }
    let rule = "; --format-from \(source.rawValue)"
    switch source {
    case .first: return (first, "as the first \(noun) is" + rule)
    case .highest: return (values.map(\.value).max()!, "the highest any \(noun) has" + rule)
    case .most:
      var seconds: [Int: Double] = [:]
      for entry in values { seconds[entry.value, default: 0] += entry.seconds }
      // A tie goes to the value heard first.
      let most = values.map(\.value).max { seconds[$0]! < seconds[$1]! }!
      let chosen = values.filter { $0.value == most }.count
      let total = values.reduce(0) { $0 + $1.seconds }
      let share = total > 0 ? Int((100 * seconds[most]! / total).rounded()) : 0
      return (most, "as \(chosen) of \(values.count) \(noun)s are, \(share) % of the playing time" + rule)
    }
  }

  /// Records in `mix` its layout `final` (after the codec, named `codec`, had its say) and why,
  /// and whether anything was decided: false where every track has the layout, no option set it
  /// and the codec kept it.
  func record(in mix: inout MixPlan, final: PCMLayout, codec: String?) {
    mix.channelCount = final.channelCount
    mix.formatReason = description(final: final, codec: codec)
    mix.formatWasDecided = final != layout || rateReason != Self.unanimous || channelsReason != Self.unanimous
  }

  /// The reason for a value every track has.
  private static let unanimous = "as every track is"

  /// The mix's layout `final` (after the codec had its say) in words, with why: "22050 Hz mono
  /// (as the first track is; --format-from first)", rate and channels each with its own reason
  /// where they differ: "48000 Hz (as --sample-rate asks) stereo (as every track is)".
  private func description(final: PCMLayout, codec: String?) -> String {
    let channels = final.channelCount == 1 ? "mono" : final.channelCount == 2 ? "stereo" : "\(final.channelCount) channels"
    var rateReason = self.rateReason
    if final.sampleRate != layout.sampleRate { rateReason = "moved from \(layout.sampleRate) Hz, which \(codec ?? "the codec") cannot encode" }
    var channelsReason = self.channelsReason
    if final.channelCount != layout.channelCount { channelsReason = "as many as \(codec ?? "the codec") holds" }
    if rateReason == channelsReason { return "\(final.sampleRate) Hz \(channels) (\(rateReason))" }
    return "\(final.sampleRate) Hz (\(rateReason)) \(channels) (\(channelsReason))"
  }
}
