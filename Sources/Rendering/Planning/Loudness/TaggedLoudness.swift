import Foundation

/// A track's loudness as its tags state it: ReplayGain 2.0 gains (referenced to -18 LUFS) or
/// Opus R128 gains (Q7.8 dB, referenced to -23 LUFS), turned back into LUFS.
struct TaggedLoudness: Sendable, Equatable {
  var trackLUFS: Double?
  var albumLUFS: Double?
  /// The track's peak, linear (ReplayGain's `REPLAYGAIN_TRACK_PEAK`: a sample peak).
  var trackPeak: Double?
  /// The tag the values came from, for notes.
  var source: String

  /// Reads the tags (keys in lower case, as the stream info holds them); nil when none is there.
  init?(tags: [String: String]) {
    func decibels(_ key: String) -> Double? {
      guard let text = tags[key] else { return nil }
      let number = text.lowercased().replacingOccurrences(of: "db", with: "").trimmingCharacters(in: .whitespaces)
      return Double(number).flatMap { $0.isFinite && abs($0) <= 96 ? $0 : nil }
    }
    func q78(_ key: String) -> Double? {
      guard let text = tags[key], let value = Int(text.trimmingCharacters(in: .whitespaces)), abs(value) <= 32_768 else { return nil }
      return Double(value) / 256
    }
    if let track = decibels("replaygain_track_gain") ?? decibels("replaygain_album_gain") {
      trackLUFS = -18 - track
      albumLUFS = decibels("replaygain_album_gain").map { -18 - $0 }
      trackPeak = tags["replaygain_track_peak"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
      source = "its ReplayGain tags"
    } else if let track = q78("r128_track_gain") ?? q78("r128_album_gain") {
      trackLUFS = -23 - track
      albumLUFS = q78("r128_album_gain").map { -23 - $0 }
      source = "its R128 tags"
    } else {
      return nil
    }
  }
}
