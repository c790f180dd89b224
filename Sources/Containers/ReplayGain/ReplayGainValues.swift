import Foundation

/// What ReplayGain 2.0 states about a track (and, optionally, the album it belongs to): how much
/// to change its level to reach the reference loudness, and how high its peaks reach.
public struct ReplayGainValues: Sendable, Equatable {
  /// One gain and its peak.
  public struct Measurement: Sendable, Equatable {
    /// Decibels to add to reach the reference loudness (-18 LUFS); negative for loud audio.
    public var gain: Double
    /// The highest sample (or true peak) level, linear: 1.0 is full scale.
    public var peak: Double

    /// A measurement from its gain in dB and its linear peak (1.0 is full scale).
    public init(gain: Double, peak: Double) {
      self.gain = gain
      self.peak = peak
    }

    /// The gain that brings audio of `loudness` (integrated, in LUFS) to the reference loudness.
    public init(loudness: Double, peak: Double) {
      self.init(gain: ReplayGainValues.referenceLoudness - loudness, peak: peak)
    }
  }

  /// ReplayGain 2.0's reference loudness, in LUFS.
  public static let referenceLoudness = -18.0

  /// The track's own gain and peak, written as the REPLAYGAIN_TRACK_* fields.
  public var track: Measurement
  /// The gain and peak of the album as a whole; nil when no album was measured, and then no album fields are written.
  public var album: Measurement?

  /// Values from the track's measurement and, when the album was measured, the album's.
  public init(track: Measurement, album: Measurement? = nil) {
    self.track = track
    self.album = album
  }
}

extension ReplayGainValues {
  /// Every field name that taggers (foobar2000, loudgain, rsgain, mutagen) write for ReplayGain, in
  /// capitals; fields so named are removed, whatever their case, before the new ones are written.
  static let knownFieldNames: Set<String> = [
    "REPLAYGAIN_TRACK_GAIN", "REPLAYGAIN_TRACK_PEAK", "REPLAYGAIN_TRACK_RANGE", "REPLAYGAIN_ALBUM_GAIN",
    "REPLAYGAIN_ALBUM_PEAK", "REPLAYGAIN_ALBUM_RANGE", "REPLAYGAIN_REFERENCE_LOUDNESS",
  ]

  /// Opus's own gain fields (RFC 7845, section 5.2.1).
  static let opusFieldNames: Set<String> = ["R128_TRACK_GAIN", "R128_ALBUM_GAIN"]

  /// The fields in the form foobar2000, loudgain and rsgain write them: names in capitals, gains
  /// as "-3.21 dB", peaks with six decimals; the album's only when it was measured.
  var fields: [(name: String, value: String)] {
    var fields = [("REPLAYGAIN_TRACK_GAIN", Self.gainText(track.gain)), ("REPLAYGAIN_TRACK_PEAK", Self.peakText(track.peak))]
    if let album {
      fields += [("REPLAYGAIN_ALBUM_GAIN", Self.gainText(album.gain)), ("REPLAYGAIN_ALBUM_PEAK", Self.peakText(album.peak))]
    }
    return fields
  }

  /// The fields an Ogg Opus file carries instead (RFC 7845, section 5.2.1): gains relative to
  /// -23 LUFS in 1/256 dB, and no peaks.
  var opusFields: [(name: String, value: String)] {
    var fields = [("R128_TRACK_GAIN", String(Self.opusGain(track.gain)))]
    if let album { fields.append(("R128_ALBUM_GAIN", String(Self.opusGain(album.gain)))) }
    return fields
  }

  /// Why these values cannot be written, worded to follow "cannot write ...: "; nil when they can.
  var problem: String? {
    for (name, measurement) in [("track", track), ("album", album)] {
      guard let measurement else { continue }
      if !measurement.gain.isFinite { return "the \(name) gain is not finite (silent audio has no loudness)" }
      if !measurement.peak.isFinite || measurement.peak < 0 { return "the \(name) peak is \(measurement.peak)" }
    }
    return nil
  }

  /// "-3.21 dB": two decimals, never "-0.00".
  static func gainText(_ gain: Double) -> String {
    let rounded = (gain * 100).rounded() / 100
    return String(format: "%.2f dB", rounded == 0 ? 0 : rounded)
  }

  /// "0.912345": six decimals.
  static func peakText(_ peak: Double) -> String { String(format: "%.6f", peak) }

  /// `gain` (relative to -18 LUFS) made relative to EBU R128's -23 LUFS, as a Q7.8 number
  /// (1/256 dB), held within 16 bits.
  static func opusGain(_ gain: Double) -> Int {
    let steps = ((gain + ebuReferenceLoudness - referenceLoudness) * 256).rounded()
    return Int(min(max(steps, Double(Int16.min)), Double(Int16.max)))
  }

  /// EBU R128's target loudness, to which Opus gains refer.
  static let ebuReferenceLoudness = -23.0
}
