import Analysis
import FFmpegAudio

/// Everything known about one input before rendering, gathered once and cached: its stream
/// description, tags, exact length and, when something asked for them, its edges.
///
/// Planning, rendering, `plan`, `inspect` and previews all read these facts; none of them decodes
/// an input to learn what is here.
public struct SourceFacts: Sendable, Equatable, Codable {
  /// What the file says about its audio stream (rate, channels, codec, tags, chapters).
  public var info: AudioStreamInfo
  /// The exact length in frames at the source's own rate, encoder delay and padding removed.
  public var frameCount: Int64
  /// What decoding the whole file found; nil when the container stated the length exactly and
  /// nothing needed a full decode.
  public var decoded: DecodedFacts?
  /// The first and last seconds, for `auto` curves; nil until something asks for them.
  public var edges: EdgeSnippets?
  /// Loudness, peaks and level envelope at the source's own rate; nil until something asks.
  public var analysis: SignalAnalysis?
  /// Where it is audible, to the sample, at each threshold silence edits asked for.
  public var audible: [AudibleSpans]?
  /// Its tempo and beat grid at the source's own rate; nil until something asks.
  public var tempo: TempoAnalysis?
  /// Its waveform in three frequency bands, for the mix page; nil until something asks.
  public var bands: WaveformBands?
  /// Its musical key; nil until something asks.
  public var key: KeyAnalysis?

  /// The audible spans at `thresholdDB`, if they were found.
  public func audible(at thresholdDB: Double) -> AudibleSpans? { audible?.first { $0.thresholdDB == thresholdDB } }

  /// The exact length in frames at `sampleRate`.
  public func frameCount(at sampleRate: Int) -> Int64 {
    AudioFileReader.convertedLength(frameCount, from: info.sampleRate, to: sampleRate)
  }
}

/// What a full decode of a file found beyond its length.
public struct DecodedFacts: Sendable, Equatable, Codable {
  /// Encoder delay (priming) removed from the start, in source frames.
  public var delay: Int64
  /// Encoder padding removed from the end, in source frames.
  public var padding: Int64
  /// Where damage was decoded through (`--allow-damaged`), in source frames, rendered as silence.
  public var damagedRanges: [Range<Int64>] = []
  /// Frames a truncated file lacks at its end, rendered without (`--allow-truncated`).
  public var missingAtEnd: Int64 = 0

  /// What was lost, as notes naming the input by `label`.
  func lossNotes(for label: String, sampleRate: Int) -> [String] {
    let clock = { (frames: Int64) in TimeFormat.clock(frames: frames, sampleRate: sampleRate) }
    var notes = damagedRanges.map { range in
      range.isEmpty
        ? "\(label): damaged at \(clock(range.lowerBound)) (sample frame \(range.lowerBound)); the decoder covered it, no frames lost"
        : "\(label): damaged from \(clock(range.lowerBound)) to \(clock(range.upperBound)) (sample frames \(range.lowerBound)-\(range.upperBound)): "
          + "\(range.count) frame\(range.count == 1 ? "" : "s") lost, rendered as silence"
    }
    if missingAtEnd > 0 {
      notes.append("\(label): truncated: \(missingAtEnd) sample frames (\(clock(missingAtEnd))) are missing at its end; rendered as far as it goes")
    }
    return notes
  }
}

/// Which facts a caller needs beyond the stream description and length.
public struct FactsNeeds: Sendable, Equatable {
  /// The edge snippets, for `auto` curves.
  public var edges: Bool
  /// What a full decode finds (delay and padding), for `inspect`.
  public var decoded: Bool
  /// The analysis pass: loudness, peaks, level envelope (for `analyze` and loudness levelling).
  public var analysis: Bool
  /// The thresholds (dBFS) to find the audible spans at, for silence edits.
  public var audibleThresholds: [Double]
  /// The tempo and beat grid, for `analyze` and beat-matched transitions.
  public var tempo: Bool
  /// The waveform in three bands, for the mix page.
  public var bands: Bool
  /// The musical key, for `analyze` and harmonic mixing.
  public var key: Bool

  /// Asks for the facts set to true, and the audible spans at `audibleThresholds`; by default, none of them.
  public init(
    edges: Bool = false, decoded: Bool = false, analysis: Bool = false, audibleThresholds: [Double] = [], tempo: Bool = false,
    bands: Bool = false, key: Bool = false
  ) {
    self.edges = edges
    self.decoded = decoded
    self.analysis = analysis
    self.audibleThresholds = audibleThresholds
    self.tempo = tempo
    self.bands = bands
    self.key = key
  }

  /// True when only a full decode gives what is needed (audible spans are found by seeking
  /// where a file can be entered exactly).
  var decodesWhole: Bool { decoded || analysis || tempo || bands || key }

  /// True when `facts` hold all of this (an analysis with the 10 ms loudness track).
  func areMet(by facts: SourceFacts) -> Bool {
    (!edges || facts.edges != nil) && (!decoded || facts.decoded != nil) && (!analysis || facts.analysis?.loudness != nil)
      && audibleThresholds.allSatisfy { facts.audible(at: $0) != nil } && (!tempo || facts.tempo?.version == TempoAnalysis.methodVersion)
      && (!bands || facts.bands != nil) && (!key || facts.key?.version == KeyAnalysis.methodVersion)
  }
}
