import Analysis
import Composition

/// A mix as planned: the timeline, the inputs its clips name (tracks, then overlays), the
/// tracks' loudness levelling when it was asked for, and their silence edits and automatic cues.
public struct MixPlan: Sendable {
  /// The timeline at the mix's sample rate, the transitions as resolved, and the notes on why choices fell as they did.
  public var plan: Plan
  /// The inputs the timeline's clips name by index (`Clip.source`): the tracks in mix order, then the overlays.
  public var sources: [InputSource]
  /// The loudness decision for each track and the target; nil when levelling was not asked for (no target LUFS).
  public var levelling: Levelling?
  /// One per track, nil where no edit applies.
  public var edits: [TrackEdit?] = []
  /// How the output will be encoded, when the plan is for an output.
  public var encoding: OutputEncoding?
  /// The mix's channel count, after the codec had its say; nil for a composition built in code.
  public var channelCount: Int?
  /// The mix's rate and channels in words with why ("44100 Hz stereo (as 5 of 6 tracks are, 93 % of the playing
  /// time; --format-from most)"); nil for a composition built in code.
  public var formatReason: String?
  /// True when the rate or channels were decided (the tracks differ, an option set them, or the
  /// codec moved them), so a render's summary says how.
  public var formatWasDecided = false
  /// Each source's waveform in three bands, where the request asked for them (for its page).
  public var waveforms: [WaveformBands?] = []
  /// Each source's tempo and beat grid, where the analysis found one (for its page).
  public var tempos: [TempoAnalysis?] = []
  /// Each source's key (the playlist's or the analysis'), where one is known.
  public var keys: [InputKey] = []
  /// The settings the mix was planned with, in words (`RenderRequest.settingRows`).
  public var settings: [SettingRow] = []
  /// The tracks as listeners will see them, and what the request asks to list of them
  /// (chapters, a CUE sheet, a tracklist): a plan lists what its render would.
  public var trackList: TrackList?
  /// The request's listing options (tags, chapters, CUE sheet, tracklist, cover art), which say what `trackList`
  /// becomes in the output; the defaults for a composition built in code.
  public var listing = ListingOptions()
}

extension MixPlan {
  /// The tracks in the plan's order as an M3U playlist, each by the path it was given
  /// (`plan --suggest-order`).
  public var trackPlaylist: String {
    let rate = Double(plan.timeline.sampleRate)
    let entries = plan.timeline.items.map { item in
      let source = sources[item.source]
      let title = source.name.artist.map { "\($0) - \(source.name.title)" } ?? source.name.title
      return "#EXTINF:\(Int((Double(item.end - item.start) / rate).rounded())),\(title)\n\(source.path)"
    }
    return "#EXTM3U\n" + entries.joined(separator: "\n") + "\n"
  }
}
