import Composition

/// A value a user sets, by the name the library gives it; the command line names it by its flag,
/// a playlist by its field (`SettingProblem.message(naming:)`).
///
/// Each setting with a range of values holds it here, once: the library, the playlist reader and
/// the command line all check a value with `check(_:)`.
public enum Setting: String, Sendable, Hashable, CaseIterable {
  /// The loudness target tracks are levelled to, in LUFS (-70 to 0).
  case loudness
  /// The true-peak ceiling the output's peaks are kept under, in dBTP (-30 to 0).
  case truePeak
  /// The longest pause kept in speech, in seconds: longer ones are shortened to it.
  case maxPause
  /// The shortest break between one track and the next where silence edits meet, in seconds.
  case chapterGap
  /// The level under which speech counts as a pause, in dBFS.
  case silenceThreshold
  /// The level a track's edges count as dead air under when trimming, in dBFS.
  case trimThreshold
  /// The time trimming keeps before the first and after the last sound, in seconds.
  case trimMargin
  /// Where automatic cue-in and cue-out fall: the level a track rises above or falls below, in LU relative to its loudness.
  case cueLevel
  /// The level, in LU relative to a track's loudness, its ending stays under where the next track starts.
  case overlapLevel
  /// The longest overlap automatic cueing makes, in seconds.
  case maxOverlap
  /// The bars over which a beat-matched track returns to its own tempo after the crossfade.
  case tempoRamp
  /// The largest tempo change beat matching makes, in percent; tempos further apart get a plain crossfade.
  case maxTempoChange
  /// The crossfade between tracks, in seconds.
  case crossfade
  /// The silence between tracks, in seconds.
  case gap
  /// Whether a mix far longer than its tracks is allowed rather than refused.
  case allowLong
  /// The output's format (`wav`, `flac`, `mp3`, …), where its file's extension does not give it.
  case format
  /// The output's codec, where its format offers a choice: `aac` or `alac`, `vorbis` or `opus`.
  case codec
  /// The bits per sample of WAV, FLAC or ALAC output: 16 or 24 (32, as float, for WAV only).
  case bitDepth
  /// The bit rate of lossy output, in bit/s.
  case bitRate
  /// The variable-bit-rate quality of MP3 (0, best, to 9) or Vorbis (-1 to 10, best) output.
  case quality
  /// The FLAC compression level, 0 to 12.
  case compressionLevel
  /// The output's sample rate, in Hz.
  case sampleRate
  /// The output's channel count, 1 to 8.
  case channels
  /// Whether the written file is decoded again and its length checked against the timeline's.
  case verify
  /// Whether the output is tagged with its ReplayGain 2.0 values.
  case writeReplayGain
  /// The CUE sheet or tracklist written for the output.
  case listing
  /// Where the rendered part of the mix starts, in seconds into the mix.
  case from
  /// Where the rendered part of the mix ends, in seconds into the mix.
  case to
  /// The seconds of silence added at a stretched file's start (positive), or of its audio left out there (negative).
  case offset
  /// The length the whole mix is stretched to, in seconds.
  case fit
  /// The ratio a stretch multiplies a file's length by, 0.5 to 2.
  case stretchRatio
  /// The length of each track's snippet in a medley preview, in seconds.
  case snippetLength
  /// The fade in and out at a rendered part's or a preview's edges, in seconds.
  case edgeFade
  /// The loudness the gains `segue analyze` reports aim at, in LUFS.
  case target
  /// Whether an output file that exists is replaced.
  case overwrite
  /// Whether an input that ends before its header says is rendered as far as it goes.
  case allowTruncated
  /// Whether an input's damaged stretches are rendered through, with what is lost as silence.
  case allowDamaged
  /// The gain an entry or overlay is played at, in dB.
  case gain
  /// How far an overlay lowers the tracks under it, in dB (-96 to 0).
  case duck
  /// The length a stretched file is made, in seconds.
  case stretchLength
  /// The length a stretched file is made, in sample frames.
  case stretchFrames
  /// The file whose length a stretch matches: its video's duration where it has video, else its audio's.
  case toMatch
  /// The encoder threads, 1 to 1024.
  case threads
  /// The sample frames each pixel of a waveform covers.
  case samplesPerPixel
  /// The waveform pixels per second of audio.
  case pixelsPerSecond
  /// The resolution of a waveform's data: 8 or 16 bits.
  case bits
  /// The most semitones automatic key shifting moves a track, up or down.
  case maxKeyShift
  /// The semitones an entry is pitch-shifted by, its length unchanged.
  case pitch
  /// The order tracks play in: `harmonic` or `as-given` (`TrackOrder`).
  case order
  /// The crossfade curve: one of the fade curves, or `auto` (measured per transition).
  case curve
  /// How beat matching stretches the incoming track (`StretchChoice`).
  case beatmatchMethod
  /// How fitting the mix to a length stretches it (`StretchChoice`).
  case stretchMethod
  /// How a stretch of one file or entry is done (`StretchChoice`).
  case method
  /// Whether clashing incoming tracks are pitch-shifted into a key that blends: `auto` or `off`.
  case keyShift
  /// Which tracks share a gain: `track`, `album`, `program` or `auto`.
  case loudnessScope
  /// What happens where a gain would pass the true-peak ceiling: `limit`, `cap` or `none`.
  case peakPolicy
  /// Where track loudness comes from: `analysis`, or ReplayGain or R128 `tags`.
  case gainSource

  /// Its name in a sentence: "the true-peak ceiling".
  public var name: String {
    switch self {
    case .loudness: "the loudness target"
    case .truePeak: "the true-peak ceiling"
    case .maxPause: "the longest pause"
    case .chapterGap: "the chapter gap"
    case .silenceThreshold: "the silence threshold"
    case .trimThreshold: "the trim threshold"
    case .trimMargin: "the trim margin"
    case .cueLevel: "the cue level"
    case .overlapLevel: "the overlap level"
    case .maxOverlap: "the longest automatic overlap"
    case .tempoRamp: "the tempo ramp"
    case .maxTempoChange: "the largest tempo change"
    case .crossfade: "a crossfade"
    case .gap: "a gap"
    case .allowLong: "`allowLong`"
    case .format: "the output format"
    case .codec: "the codec"
    case .bitDepth: "the bit depth"
    case .bitRate: "the bit rate"
    case .quality: "the quality"
    case .compressionLevel: "the compression level"
    case .sampleRate: "the sample rate"
    case .channels: "the channel count"
    case .verify: "verifying the output"
    case .writeReplayGain: "writing ReplayGain tags"
    case .listing: "cue sheets and tracklists"
    case .from: "the range's start"
    case .to: "the range's end"
    case .offset: "the offset"
    case .fit: "the length to fit"
    case .stretchRatio: "the stretch ratio"
    case .stretchLength: "the stretch's length"
    case .stretchFrames: "the stretch's length in frames"
    case .toMatch: "the file to match"
    case .threads: "the number of encoder threads"
    case .snippetLength: "the snippet length"
    case .edgeFade: "the edge fade"
    case .target: "the loudness target"
    case .overwrite: "`overwrite`"
    case .allowTruncated: "`tolerance.truncated`"
    case .allowDamaged: "`tolerance.damaged`"
    case .gain: "the gain"
    case .duck: "the duck"
    case .samplesPerPixel: "the samples per pixel"
    case .pixelsPerSecond: "the pixels per second"
    case .bits: "the waveform's resolution in bits"
    case .maxKeyShift: "the largest key shift"
    case .pitch: "the pitch shift"
    case .order: "the track order"
    case .curve: "the crossfade curve"
    case .beatmatchMethod: "the beat-matching stretch method"
    case .stretchMethod: "the fit's stretch method"
    case .method: "the stretch method"
    case .keyShift: "key shifting"
    case .loudnessScope: "the loudness scope"
    case .peakPolicy: "the peak policy"
    case .gainSource: "the gain source"
    }
  }

  /// Its name as a playlist field, and (after `--`) mostly as a flag: `true-peak`.
  public var field: String { rawValue.replacing(/[A-Z]/) { "-" + $0.output.lowercased() } }

  /// The values it may take, where it is a number.
  public var allowed: ClosedRange<Double>? {
    switch self {
    case .loudness, .target: -70...0
    case .truePeak: -30...0
    case .maxPause: 0.1...3600
    case .chapterGap: 0...600
    case .silenceThreshold, .trimThreshold: -120...0
    case .trimMargin: 0...10
    case .cueLevel, .overlapLevel: -70...0
    case .maxOverlap: 0...60
    case .tempoRamp: Double(BeatMatchSettings.rampRange.lowerBound)...Double(BeatMatchSettings.rampRange.upperBound)
    case .maxTempoChange: 100 * BeatMatchSettings.tempoChangeRange.lowerBound...100 * BeatMatchSettings.tempoChangeRange.upperBound
    case .compressionLevel: 0...12
    case .sampleRate: 8000...384_000
    case .channels: 1...8
    case .bitRate: 6000...1_536_000
    case .stretchRatio: 0.5...2
    case .threads: 1...1024
    case .gain: -96...96
    case .duck: -96...0
    case .samplesPerPixel: 2...16_777_216
    case .pixelsPerSecond: 1...192_000
    case .maxKeyShift: Double(KeyShiftSettings.maxRange.lowerBound)...Double(KeyShiftSettings.maxRange.upperBound)
    case .pitch: Double(-KeyShiftSettings.pitchLimit)...Double(KeyShiftSettings.pitchLimit)
    default: nil
    }
  }

  /// The unit its numbers are in, after a space; empty where it has none.
  public var unit: String {
    switch self {
    case .loudness, .target: " LUFS"
    case .truePeak: " dBTP"
    case .maxPause, .chapterGap, .trimMargin, .maxOverlap, .crossfade, .gap, .from, .to, .offset, .fit, .snippetLength, .stretchLength, .edgeFade:
      " s"
    case .silenceThreshold, .trimThreshold: " dBFS"
    case .cueLevel, .overlapLevel: " LU"
    case .tempoRamp: " bars"
    case .maxTempoChange: " percent"
    case .sampleRate: " Hz"
    case .bitRate: " bit/s"
    case .gain, .duck: " dB"
    case .maxKeyShift, .pitch: " semitones"
    default: ""
    }
  }

  /// `value` when it lies in the setting's range (a whole number where the setting counts), else
  /// the problem.
  public func check(_ value: Double) throws(SettingProblem) -> Double {
    guard let allowed else { return value }
    guard allowed.contains(value), !countsWhole || value == value.rounded() else {
      throw .outOfRange(self, value: value, allowed: allowed)
    }
    return value
  }

  /// True where only whole numbers are meant.
  public var countsWhole: Bool {
    [.tempoRamp, .compressionLevel, .sampleRate, .channels, .bitDepth, .threads, .samplesPerPixel, .pixelsPerSecond, .maxKeyShift, .pitch].contains(self)
  }
}
