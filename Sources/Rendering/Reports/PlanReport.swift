import Composition
import Foundation

/// A plan as programs read it (JSON) and, through `table()`, as people read it.
///
/// One entry per track (a playlist item, however many clips it plays as), the overlays on their
/// own, the transitions, and every automatic decision as a note. Times are sample frames at the
/// mix's rate, with seconds alongside where a person would look.
public struct PlanReport: Encodable, Sendable {
  /// The version of this JSON shape (`ReportSchema.version`).
  public var schemaVersion = ReportSchema.version
  /// The mix's sample rate in Hz: every frame in the report is a sample frame at this rate.
  public var sampleRate: Int
  /// The mix's channel count; nil for a plan made outside `Renderer.plan`.
  public var channels: Int?
  /// The mix's rate and channels in words, with why ("44100 Hz stereo (as 5 of 6 tracks are, 93 % of
  /// the playing time; --format-from most)"); nil when `channels` is.
  public var format: String?
  /// The mix's length in sample frames.
  public var frameCount: Int64
  /// The mix's length in seconds.
  public var seconds: Double
  /// The tracks in playing order.
  public var tracks: [Track]
  /// The sounds laid over the tracks (jingles, voice-overs); empty when there are none.
  public var overlays: [Overlay]
  /// The joins between consecutive tracks, in playing order.
  public var transitions: [TransitionEntry]
  /// The loudness the tracks were levelled to, in LUFS; nil without `--loudness`.
  public var targetLUFS: Double?
  /// Frames silence edits and automatic cues took out of the mix (all tracks), and in seconds.
  public var savedFrames: Int64 = 0
  /// `savedFrames` in seconds.
  public var savedSeconds: Double = 0
  /// How the output will be encoded (segments and workers, or one encoder and why), when the
  /// plan is for an output.
  public var encoding: OutputEncoding?
  /// Every automatic decision the planner made (curves chosen, cache trouble), a line each.
  public var notes: [String]

  /// The chapters a render embeds (`--chapters`), as its `--chapter-title` titles them; nil when
  /// it embeds none.
  public var chapters: [ChapterEntry]?

  /// A chapter: where it starts and ends, in frames and seconds, and its title.
  public struct ChapterEntry: Encodable, Sendable {
    /// Where the chapter starts: its track's listed start, in sample frames.
    public var start: Int64
    /// Where it ends: the next track's listed start, or the mix's end for the last.
    public var end: Int64
    /// `start` in seconds.
    public var startSeconds: Double
    /// The track's name as `--chapter-title` spells it.
    public var title: String
  }

  /// One track: its name, where listeners hear it start, and the clips it plays as.
  public struct Track: Encodable, Sendable {
    /// Its place in the mix, from 1.
    public var number: Int
    /// The path as the user wrote it, in a playlist or on the command line.
    public var file: String
    /// Its title and artist by the rule every output follows (`TrackName`).
    public var title: String
    /// Its artist by the same rule; nil when none is known.
    public var artist: String?
    /// Where its first clip starts: where its audio begins (a fade-in's start).
    public var start: Int64
    /// Where its last clip ends: the first timeline frame after its audio.
    public var end: Int64
    /// Where it starts for listeners, and for every other output: tracklists, chapters, cue
    /// sheets, the picture and progress (mid-crossfade when it fades in).
    public var listedStart: Int64
    /// `listedStart` in seconds.
    public var listedStartSeconds: Double
    /// The clips it plays as, in order: one, or more where it was cut into pieces.
    public var clips: [ClipEntry]
    /// Its tempo in BPM and whether its beat grid is sure enough to match beats on; nil where
    /// none is known.
    public var bpm: Double?
    /// True when its beat grid is sure enough to match beats on; nil where no tempo is known.
    public var bpmSure: Bool?
    /// Its key (Camelot) and whether it is sure enough to shift by; nil where none is known.
    public var key: String?
    /// True when its key is sure enough to shift by; nil where no key is known.
    public var keySure: Bool?
    /// How loudness levelling treated it; nil without `--loudness`.
    public var loudness: LevelEntry?
    /// What silence edits and automatic cues did to it; nil where none applied.
    public var silence: EditEntry?
  }

  /// One track's silence edits and automatic cues (`TrackEdit`), in source frames at the mix's rate.
  public struct EditEntry: Encodable, Sendable {
    /// Where the track starts and ends in its source after the edits.
    public var inPoint: Int64
    /// One past the last source frame it plays after the edits.
    public var outPoint: Int64
    /// How many pauses were shortened.
    public var pausesShortened: Int
    /// How much shorter the track is, in frames and seconds.
    public var savedFrames: Int64
    /// `savedFrames` in seconds.
    public var savedSeconds: Double
    /// With `--auto-cue`: the cue points, and how many frames before cue-out the next track starts.
    public var cueIn: Int64?
    /// The source frame the automatic cue-out ends it at; nil without `--auto-cue`.
    public var cueOut: Int64?
    /// Frames before `cueOut` the audio would start the next track (the transitions say what was applied);
    /// nil without `--auto-cue`.
    public var nextStartsBeforeEnd: Int64?
    /// Why, a line per decision.
    public var reasons: [String]

    init(_ edit: TrackEdit, sampleRate: Int) {
      inPoint = edit.inPoint
      outPoint = edit.outPoint
      pausesShortened = edit.cuts.count
      savedFrames = edit.savedFrames
      savedSeconds = Double(edit.savedFrames) / Double(sampleRate)
      cueIn = edit.autoCue?.cueIn
      cueOut = edit.autoCue?.cueOut
      nextStartsBeforeEnd = edit.automaticOverlap
      reasons = edit.reasons
    }
  }

  /// One track's loudness decision (`LevelDecision`), in dB.
  public struct LevelEntry: Encodable, Sendable {
    /// Measured (or read from tags) over the part played; nil for silence.
    public var measuredLUFS: Double?
    /// Its true peak before any gain, in dBTP (ReplayGain's sample peak when the gain came from tags);
    /// nil when unknown or silent.
    public var truePeakDBTP: Double?
    /// The levelling gain and the make-up of a limited track (the clip's `gainDB` holds both,
    /// with the entry's own gain).
    public var gainDB: Double
    /// Gain added to a limited track so it measures on target after limiting, in dB; 0 for others.
    public var makeUpDB: Double
    /// What the gain was computed from ("track", "album 'Blue' (tracks 2-5)", "program", "its ReplayGain tags"),
    /// or why there is none ("loudness: off", "silent").
    public var basis: String
    /// "fits", "limited", "capped" or "unguarded".
    public var peak: String
    /// The true peak the gain would give (limited, unguarded), in dBTP.
    public var wouldPeakDBTP: Double?
    /// How much a capped gain was lowered, in dB.
    public var cappedByDB: Double?

    init(_ decision: LevelDecision) {
      let round = { (value: Double) in rounded(value, 2) }
      measuredLUFS = decision.loudnessLUFS.map(round)
      truePeakDBTP = decision.truePeakDBTP.flatMap { $0.isFinite ? round($0) : nil }
      gainDB = round(decision.gainDB)
      makeUpDB = round(decision.makeUpDB)
      basis = decision.basis
      switch decision.peak {
      case .fits: peak = "fits"
      case .limited(let reached): (peak, wouldPeakDBTP) = ("limited", round(reached))
      case .capped(let by): (peak, cappedByDB) = ("capped", round(by))
      case .unguarded(let reached): (peak, wouldPeakDBTP) = ("unguarded", round(reached))
      }
    }
  }

  /// Describes `plan`, whose clips name `inputs` (tracks, then overlays); names come from the
  /// inputs' file tags when their facts were gathered (`InputSource.name`).
  public init(plan: Plan, inputs: [InputSource]) {
    let timeline = plan.timeline
    let rate = Double(timeline.sampleRate)
    sampleRate = timeline.sampleRate
    frameCount = timeline.frameCount
    seconds = timeline.seconds
    notes = plan.notes
    func entry(_ clip: Clip) -> ClipEntry {
      ClipEntry(
        start: clip.start, end: clip.end, inPoint: clip.inPoint, outPoint: clip.sourceEnd, duration: clip.duration,
        startSeconds: Double(clip.start) / rate, splices: clip.splices.map { SpliceEntry(clipFrame: $0.clipFrame, sourceFrame: $0.sourceFrame, length: $0.length) },
        stretch: clip.stretch.map {
          StretchEntry(sourceFrames: $0.sourceFrames, ratio: Double(clip.duration) / Double($0.sourceFrames), method: $0.method.rawValue, keyFrames: $0.keyFrames.count)
        },
        bassSwaps: clip.lowBandSwaps.map {
          BassSwapEntry(
            start: clip.start + $0.span.lowerBound, end: clip.start + $0.span.upperBound, rampStart: clip.start + $0.ramp.lowerBound,
            rampEnd: clip.start + $0.ramp.upperBound, from: $0.from, to: $0.to, crossoverHz: LowBandSwap.crossover)
        },
        gainDB: Self.decibels(clip.gain), pitchShift: clip.pitchShift == 0 ? nil : clip.pitchShift,
        ramps: clip.volumeRamps.map {
          RampEntry(from: $0.from, to: $0.to, start: clip.start + $0.range.lowerBound, end: clip.start + $0.range.upperBound, curve: $0.curve.rawValue)
        })
    }
    let items = timeline.items
    tracks = items.enumerated().map { number, item in
      let name = inputs[item.source].name
      return Track(
        number: number + 1, file: inputs[item.source].displayName, title: name.title, artist: name.artist, start: item.start, end: item.end,
        listedStart: item.listedStart, listedStartSeconds: Double(item.listedStart) / rate,
        clips: item.clipIndexes.map { entry(timeline.clips[$0]) })
    }
    overlays = timeline.clips.filter { $0.layer == .overlay }.map { clip in
      let duck = timeline.ducks.first { $0.range == clip.range }
      let name = inputs[clip.source].name
      return Overlay(
        file: inputs[clip.source].displayName, title: name.title, artist: name.artist, clip: entry(clip),
        duck: duck.map { DuckEntry(gainDB: Self.decibels($0.gain), rampFrames: $0.rampLength) })
    }
    let numbers = Dictionary(items.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { first, _ in first })
    transitions = plan.transitions.compactMap { resolved in
      guard let from = numbers[resolved.from], let to = numbers[resolved.to] else { return nil }
      var json = TransitionEntry(from: from, to: to, kind: "gapless")
      switch resolved.transition {
      case .gapless: break
      case .gap(let frames):
        json.kind = "gap"
        json.gap = frames
      case .crossfade(let c):
        json.kind = "crossfade"
        json.overlap = c.overlap
        json.outLength = c.outLength
        json.inLength = c.inLength
        json.outCurve = c.outCurve.rawValue
        json.inCurve = c.inCurve.rawValue
      }
      json.beatMatch = resolved.beatMatch.map { BeatMatchEntry($0, sampleRate: timeline.sampleRate) }
      json.key = resolved.keys.map(KeyEntry.init)
      return json
    }
  }

  /// Describes a planned mix, with each track's loudness decision when it was levelled and its
  /// silence edits where any applied.
  public init(_ mix: MixPlan) {
    self.init(plan: mix.plan, inputs: mix.sources)
    let items = mix.plan.timeline.items
    for index in tracks.indices {
      let source = items[index].source
      if let edit = source < mix.edits.count ? mix.edits[source] : nil { tracks[index].silence = EditEntry(edit, sampleRate: sampleRate) }
      if source < mix.tempos.count, let tempo = mix.tempos[source], let bpm = tempo.beatsPerMinute {
        (tracks[index].bpm, tracks[index].bpmSure) = (rounded(bpm, 2), tempo.isSure)
      }
      if source < mix.keys.count, let key = mix.keys[source].key { (tracks[index].key, tracks[index].keySure) = (key.camelot, mix.keys[source].isSure) }
    }
    savedFrames = tracks.reduce(0) { $0 + ($1.silence?.savedFrames ?? 0) }
    savedSeconds = Double(savedFrames) / Double(sampleRate)
    encoding = mix.encoding
    (channels, format) = (mix.channelCount, mix.formatReason)
    let embedded = mix.trackList?.chapters(for: mix.listing) ?? []
    if !embedded.isEmpty {
      chapters = embedded.map { ChapterEntry(start: $0.start, end: $0.end, startSeconds: Double($0.start) / Double(sampleRate), title: $0.title) }
    }
    guard let levelling = mix.levelling else { return }
    targetLUFS = levelling.targetLUFS
    for index in tracks.indices {
      tracks[index].loudness = levelling.decisions.first { $0.input == items[index].source }.map(LevelEntry.init)
    }
  }

  /// A gain factor in decibels, rounded to 0.01 dB.
  static func decibels(_ gain: Double) -> Double { (20 * log10(gain) * 100).rounded() / 100 }

  /// The report as pretty-printed JSON with sorted keys.
  public func json() -> String { JSONText.encode(self) }
}
