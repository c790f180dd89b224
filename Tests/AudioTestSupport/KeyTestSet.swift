import Foundation

/// The key detector's test set: 48 synthesized tracks, each of the 24 keys twice in different
/// arrangements (timbre, bass, tempo, chord length, drums, melody), with pop and dance
/// progressions, some with borrowed chords or sevenths, eight that modulate (labelled with the key
/// holding most of their length) and six tuned off A = 440 Hz.
public enum KeyTestSet {
  /// Every track, numbered and named after its key and arrangement: "39 A minor, i-VI-III-VII,
  /// pluck, drums".
  public static var tracks: [KeyTrack] {
    let tracks: [KeyTrack] = [
      track(0, .major, "I-V-vi-IV", .saw, bass: .square, bpm: 124, drums: true, melody: true),
      track(0, .major, "I-bVII-IV-I", .organ, bass: .sine, bpm: 96, bars: 2, melody: true),
      track(0, .minor, "i-VI-III-VII", .pluck, bass: .saw, bpm: 128, drums: true),
      track(0, .minor, "i-iv-V-i", .electricPiano, bass: .sine, bpm: 84, bars: 2),
      track(1, .major, "vi-IV-I-V", .pad, bass: .saw, bpm: 110, bars: 2, melody: true),
      track(1, .major, "I-IV-V-IV", .square, bass: .organ, bpm: 136, drums: true) { $0.tuningCents = 12 },
      track(1, .minor, "i-iv-VII-III", .organ, bass: .saw, bpm: 100, bars: 2, drums: true, melody: true),
      track(1, .minor, "i-VII-VI-VII", .saw, bass: .square, bpm: 140) { $0.modulation = modulation(4, .major, "I-V-vi-IV", at: 0.65) },
      track(2, .major, "I-vi-IV-V", .electricPiano, bass: .sine, bpm: 92, drums: true),
      track(2, .major, "IV-I-V-vi", .pluck, bass: .saw, bpm: 120, melody: true) { $0.modulation = modulation(4, .major, "I-vi-IV-V", at: 0.65) },
      track(2, .minor, "i-iv-v-i", .square, bass: .sine, bpm: 88, bars: 2, melody: true),
      track(2, .minor, "i-VI-iv-V", .pad, bass: .organ, bpm: 126, bars: 2, drums: true),
      track(3, .major, "I-V-vi-IV", .pluck, bass: .square, bpm: 132) { $0.modulation = modulation(0, .minor, "i-VI-III-VII", at: 0.6) },
      track(3, .major, "I-IV-iv-I", .organ, bass: .sine, bpm: 82, bars: 2, drums: true, melody: true),
      track(3, .minor, "i-VI-III-VII", .electricPiano, bass: .saw, bpm: 118, drums: true, melody: true),
      track(3, .minor, "i-VII-VI-V", .saw, bass: .square, bpm: 104, bars: 2),
      track(4, .major, "I-vi-IV-V", .square, bass: .saw, bpm: 116, drums: true),
      track(4, .major, "I-bVI-bVII-I", .pad, bass: .square, bpm: 98, bars: 2, melody: true),
      track(4, .minor, "i-iv-VII-III", .saw, bass: .sine, bpm: 138, drums: true) { $0.tuningCents = -15 },
      track(4, .minor, "i-VI-iv-V", .pluck, bass: .organ, bpm: 90, bars: 2, melody: true) {
        $0.modulation = modulation(6, .minor, "i-iv-VII-III", at: 0.7)
      },
      track(5, .major, "IV-I-V-vi", .organ, bass: .square, bpm: 122, melody: true) { $0.modulation = modulation(0, .major, "I-V-vi-IV", at: 0.6) },
      track(5, .major, "I-V-vi-IV", .electricPiano, bass: .saw, bpm: 86, bars: 2, drums: true),
      track(5, .minor, "i-VII-VI-VII", .pad, bass: .sine, bpm: 130, drums: true),
      track(5, .minor, "i-IV-i-VII", .square, bass: .organ, bpm: 108, bars: 2, melody: true),
      track(6, .major, "I-V-vi-IV", .saw, bass: .sine, bpm: 126, drums: true, melody: true),
      track(6, .major, "I-vi-IV-V", .pluck, bass: .organ, bpm: 94, bars: 2) { $0.tuningCents = 8 },
      track(6, .minor, "i-iv-v-i", .organ, bass: .square, bpm: 112, melody: true),
      track(6, .minor, "i-VI-III-VII", .electricPiano, bass: .saw, bpm: 134, bars: 2, drums: true),
      track(7, .major, "I-IV-V-IV", .pad, bass: .saw, bpm: 102),
      track(7, .major, "I-V-bVII-IV", .square, bass: .sine, bpm: 128, drums: true, melody: true),
      track(7, .minor, "i-VI-iv-V", .saw, bass: .organ, bpm: 80, bars: 2, drums: true) {
        $0.modulation = modulation(2, .minor, "i-VI-III-VII", at: 0.65)
      },
      track(7, .minor, "i7-iv7-VII7-III7", .pluck, bass: .sine, bpm: 120, melody: true),
      track(8, .major, "vi-IV-I-V", .organ, bass: .saw, bpm: 138, drums: true),
      track(8, .major, "I-vi7-ii7-V7", .electricPiano, bass: .square, bpm: 88, bars: 2, melody: true),
      track(8, .minor, "i-iv-VII-III", .square, bass: .sine, bpm: 124, drums: true, melody: true),
      track(8, .minor, "i-VI-VII-V", .pad, bass: .saw, bpm: 96, bars: 2),
      track(9, .major, "I-vi-IV-V", .saw, bass: .square, bpm: 114, melody: true) { $0.modulation = modulation(10, .major, "I-V-vi-IV", at: 0.7) },
      track(9, .major, "IV-I-V-vi", .pluck, bass: .organ, bpm: 132, drums: true) { $0.tuningCents = -10 },
      track(9, .minor, "i-VI-III-VII", .pluck, bass: .saw, bpm: 128, drums: true),
      track(9, .minor, "i-iv-V-i", .organ, bass: .sine, bpm: 84, bars: 2, melody: true),
      track(10, .major, "I-V-vi-IV", .square, bass: .saw, bpm: 100, bars: 2, drums: true, melody: true),
      track(10, .major, "I-bVII-IV-I", .pad, bass: .sine, bpm: 120),
      track(10, .minor, "i-VII-VI-VII", .electricPiano, bass: .organ, bpm: 136, melody: true) { $0.tuningCents = 15 },
      track(10, .minor, "i-iv-v-i", .saw, bass: .square, bpm: 92, bars: 2, drums: true),
      track(11, .major, "I-IV-V-IV", .electricPiano, bass: .sine, bpm: 108, drums: true),
      track(11, .major, "I-vi-IV-V", .organ, bass: .saw, bpm: 130, bars: 2, melody: true),
      track(11, .minor, "i-VI-iv-V", .square, bass: .organ, bpm: 116, melody: true) { $0.modulation = modulation(2, .major, "I-V-vi-IV", at: 0.6) },
      track(11, .minor, "i-iv-VII-III", .pad, bass: .saw, bpm: 86, bars: 2, drums: true) { $0.tuningCents = -6 },
    ]
    return tracks.enumerated().map { index, track in
      var track = track
      track.seed = UInt64(1000 + index)
      track.name = String(format: "%02d ", index + 1) + description(of: track)
      return track
    }
  }

  /// A key's usual name: "C major", "F# minor", "Bb major" (sharps for the minor keys on C#, D#,
  /// F# and G#, flats for the major keys on Db, Eb, Ab and Bb, and F# major).
  public static func keyName(tonic: Int, minor: Bool) -> String {
    let major = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
    let minors = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "Bb", "B"]
    return minor ? minors[tonic] + " minor" : major[tonic] + " major"
  }

  private enum Mode { case major, minor }

  /// A track in the key of `tonic` (0 = C), its chords as Roman numerals ("I-V-vi-IV").
  private static func track(
    _ tonic: Int, _ mode: Mode, _ numerals: String, _ timbre: KeyTrack.Timbre, bass: KeyTrack.Timbre, bpm: Double, bars: Int = 1,
    drums: Bool = false, melody: Bool = false, change: (inout KeyTrack) -> Void = { _ in }
  ) -> KeyTrack {
    var track = KeyTrack(
      tonic: tonic, minor: mode == .minor, progression: KeyTrack.Chord.progression(numerals), timbre: timbre, bassTimbre: bass,
      beatsPerMinute: bpm, seed: 0)
    track.barsPerChord = bars
    track.drums = drums
    track.melody = melody
    change(&track)
    return track
  }

  /// A modulation to the key of `tonic` from the fraction `at` of the track on.
  private static func modulation(_ tonic: Int, _ mode: Mode, _ numerals: String, at: Double) -> KeyTrack.Modulation {
    KeyTrack.Modulation(tonic: tonic, minor: mode == .minor, progression: KeyTrack.Chord.progression(numerals), at: at)
  }

  /// "A minor, i-VI-III-VII, pluck, drums, melody, to C major at 65%, +12 cents": what a track holds.
  private static func description(of track: KeyTrack) -> String {
    var parts = [
      keyName(tonic: track.tonic, minor: track.minor), track.progression.map { $0.numeral(minor: track.minor) }.joined(separator: "-"),
      "\(track.timbre)",
    ]
    if track.drums { parts.append("drums") }
    if track.melody { parts.append("melody") }
    if let modulation = track.modulation {
      parts.append("to \(keyName(tonic: modulation.tonic, minor: modulation.minor)) at \(Int(modulation.at * 100))%")
    }
    if track.tuningCents != 0 { parts.append("\(track.tuningCents > 0 ? "+" : "")\(Int(track.tuningCents)) cents") }
    return parts.joined(separator: ", ")
  }
}
