import Composition
import Foundation
import Playlists

/// One subject of the settings a mix was made with, in words ("Joins": "crossfade 4 s,
/// equal-power curve"): what the mix page's header lists.
public struct SettingRow: Sendable, Equatable {
  /// The subject, as the mix page's header labels it ("Joins", "Loudness").
  public var name: String
  /// The settings of that subject in words ("crossfade 4 s, equal-power curve").
  public var value: String

  /// A row for subject `name`, its settings worded as `value`.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

extension RenderRequest {
  /// The settings this request mixes with, where its entries do not say otherwise: joins, beat
  /// matching, loudness, silence edits, the output asked for and the part of the mix rendered.
  public var settingRows: [SettingRow] {
    [
      SettingRow("Joins", joinsText), beatMatchingText.map { SettingRow("Beat matching", $0) },
      SettingRow("Loudness", loudnessText), SettingRow("Silence", silenceText), outputText.map { SettingRow("Output asked for", $0) },
      partText.map { SettingRow("Rendered", $0) },
    ].compactMap { $0 }
  }

  private var joinsText: String {
    let curve = mix.curve.fixed.map { "\($0.rawValue) curve" } ?? "curve chosen per transition from the material"
    var text =
      if let beats = mix.crossfadeBeats { "crossfade \(Self.number(beats)) beats of the outgoing track, \(curve)" }
      else if let seconds = mix.crossfade, seconds > 0 { "crossfade \(Self.number(seconds)) s, \(curve)" }
      else if let gap = mix.gap, gap > 0 { "\(Self.number(gap)) s of silence between tracks" }
      else { "gapless" }
    if mix.albumAware { text += "; gapless within an album" }
    return text
  }

  private var beatMatchingText: String? {
    let settings = mix.beatMatching
    var parts: [String] = []
    if settings.enabled {
      let after = settings.holdTempo ? "holding the mix tempo after" : "back to its own tempo over \(settings.rampBars) bars"
      parts.append("every crossfade, tempo changes up to \(Self.number(settings.maxTempoChange * 100)) %, \(after)")
      parts.append("stretched by " + (settings.method?.rawValue ?? "the method the change needs"))
      if let phrase = settings.phraseBeats { parts.append("transitions on phrases of \(phrase) beats") }
    }
    if mix.eqSwap { parts.append("bass swapped in every crossfade") }
    if mix.harmonicOrder { parts.append("tracks put in harmonic order" + (mix.keepLast ? ", the last kept last" : "")) }
    if mix.keyShift.automatic { parts.append("clashing keys shifted by up to \(mix.keyShift.maxSemitones) semitone\(mix.keyShift.maxSemitones == 1 ? "" : "s")") }
    if let range = mix.tempoRange { parts.append("tempos counted in \(Self.number(range.lowerBound))–\(Self.number(range.upperBound)) BPM") }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  private var loudnessText: String {
    let loudness = mix.loudness
    var parts: [String] = []
    if let target = loudness.targetLUFS {
      let source = loudness.gainSource == .tags ? ", from ReplayGain or R128 tags where present" : ""
      parts.append("levelled to \(Decibels.text(target)) LUFS (scope \(loudness.scope.rawValue)\(source))")
    } else {
      parts.append("not levelled")
    }
    if let ceiling = loudness.guardCeiling {
      parts.append("peaks held under \(ceiling.description) " + (loudness.peakPolicy == .cap ? "by lowering a clip's gain" : "by a look-ahead limiter"))
    } else {
      parts.append("no peak guard")
    }
    if loudness.writeReplayGain { parts.append("ReplayGain 2.0 tags written") }
    return parts.joined(separator: "; ")
  }

  private var silenceText: String {
    let silence = mix.silence
    var parts: [String] = []
    if silence.trim == true {
      let under = silence.trimThreshold.map { " under \(Decibels.text($0)) dBFS" } ?? ""
      let margin = silence.trimMargin.map { ", \(Self.number($0)) s kept" } ?? ""
      parts.append("dead air trimmed at each track's edges\(under)\(margin)")
    }
    if let pause = silence.maxPause.value {
      let under = silence.silenceThreshold.map { " (quiet under \(Decibels.text($0)) dBFS)" } ?? ""
      parts.append("pauses over \(Self.number(pause)) s shortened to \(Self.number(pause)) s\(under)")
    }
    if let gap = silence.chapterGap { parts.append("at least \(Self.number(gap)) s between tracks where edits meet") }
    if silence.autoCue == true {
      let overlap = silence.maxOverlap.map { ", overlaps up to \(Self.number($0)) s" } ?? ""
      parts.append("cue points placed from the audio\(overlap)")
    }
    return parts.isEmpty ? "no edits" : parts.joined(separator: "; ")
  }

  private var outputText: String? {
    let asked = output
    let parts = [
      asked.format.map { "format \($0)" }, asked.codec.map { "codec \($0)" }, asked.bitDepth.map { "\($0)-bit" },
      asked.bitRate.map { "\(Self.number(Double($0) / 1000)) kbit/s" }, asked.quality.map { "quality \(Self.number($0))" },
      asked.compressionLevel.map { "compression level \($0)" }, asked.sampleRate.map { "\($0) Hz" },
      asked.channelCount.map { "\($0) channels" }, asked.formatFrom.map { "rate and channels from the \($0.rawValue) tracks (--format-from)" }, segmentedEncoding ? nil : "one encoder (segments off)",
      threads.map { "\($0) encoder threads" },
    ].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  private var partText: String? {
    var parts: [String] = []
    if let range {
      parts.append("from \(range.from.map { Self.number($0) + " s" } ?? "the start") to \(range.to.map { Self.number($0) + " s" } ?? "the end")")
    }
    if let fit { parts.append("fitted to \(Self.number(fit.seconds)) s" + (fit.method.map { " by \($0.rawValue)" } ?? "")) }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  /// A setting's number as it would be typed: no trailing zeros.
  private static func number(_ value: Double) -> String { String(format: "%g", value) }
}
