import Composition

/// A value a user sets, by the name the library gives it; the command line names it by its flag,
/// a playlist by its field (`SettingProblem.message(naming:)`).
///
/// Each setting with a range of values holds it here, once: the library, the playlist reader and
/// the command line all check a value with `check(_:)`.
public enum Setting: String, Sendable, Hashable, CaseIterable {
  case loudness, truePeak, maxPause, chapterGap, silenceThreshold, trimThreshold, trimMargin, cueLevel, overlapLevel, maxOverlap
  case tempoRamp, maxTempoChange, crossfade, gap, allowLong
  case format, codec, bitDepth, bitRate, quality, compressionLevel, sampleRate, channels
  case verify, writeReplayGain, listing, from, to, offset, fit, stretchRatio, snippetLength, edgeFade, target
  case overwrite, allowTruncated, allowDamaged, gain, duck, stretchLength, stretchFrames, toMatch, threads
  case samplesPerPixel, pixelsPerSecond, bits, maxKeyShift, pitch, order
  case curve, beatmatchMethod, stretchMethod, method, keyShift, loudnessScope, peakPolicy, gainSource

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
    case .maxPause, .chapterGap, .trimMargin, .maxOverlap, .crossfade, .gap, .from, .to, .offset, .fit, .snippetLength, .stretchLength: " s"
    case .silenceThreshold, .trimThreshold: " dBFS"
    case .cueLevel, .overlapLevel: " LU"
    case .tempoRamp: " bars"
    case .maxTempoChange: " percent"
    case .sampleRate: " Hz"
    case .bitRate: " bit/s"
    case .edgeFade: " ms"
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
