import Foundation

/// A synthesized track in a known musical key: chords over a bass line, with a melody and drums if
/// asked, and perhaps a modulation to a second key. The key detector's test set is made of these.
public struct KeyTrack: Sendable {
  /// An instrument's sound: one or two band-limited wavetables and an envelope.
  public enum Timbre: Sendable, CaseIterable {
    /// A pure tone with a touch of the second harmonic, as a sub bass.
    case sine
    /// A few sine harmonics (drawbars), sustained.
    case organ
    /// A sawtooth (harmonics at 1/n) cut off after the 12th harmonic, sustained.
    case saw
    /// A square wave (odd harmonics at 1/n) up to the 13th, sustained.
    case square
    /// A bright attack that dulls and dies away within a second or two.
    case pluck
    /// Bell-like upper partials that fade fast over a slowly decaying fundamental.
    case electricPiano
    /// Two slightly detuned, softened sawtooths with a slow attack and release.
    case pad
  }

  /// A second key that takes over part of the way through, with a progression of its own.
  public struct Modulation: Sendable {
    public var tonic: Int
    public var minor: Bool
    public var progression: [Chord]
    /// Where the new key takes over, as a fraction of the track's length (moved to the nearest
    /// chord change).
    public var at: Double

    /// A modulation to `tonic` (0 = C) in major or minor from the fraction `at` of the track on.
    public init(tonic: Int, minor: Bool, progression: [Chord], at: Double) {
      self.tonic = tonic
      self.minor = minor
      self.progression = progression
      self.at = at
    }
  }

  public var name: String
  /// The key's tonic as a pitch class: 0 = C, 1 = C#, … 11 = B.
  public var tonic: Int
  public var minor: Bool
  /// The chords in order, repeated to fill the track (until a modulation).
  public var progression: [Chord]
  /// The chords' and the melody's sound (a saw plays the melody over a pad).
  public var timbre: Timbre
  public var bassTimbre: Timbre
  /// Kick on every beat, snare on 2 and 4, hats on the eighths.
  public var drums = false
  /// A melody over the chords, from the scale, on chord tones on the strong beats.
  public var melody = false
  public var beatsPerMinute: Double
  /// How long each chord lasts, in 4/4 bars.
  public var barsPerChord = 1
  public var seconds = 24.0
  public var modulation: Modulation?
  /// Every pitch is moved by this many cents: +12 tunes A4 to 443 Hz.
  public var tuningCents = 0.0
  public var seed: UInt64
  public var sampleRate = 44100

  /// A track in the key of `tonic` (0 = C) in major or minor, without drums, melody or modulation.
  public init(
    name: String = "", tonic: Int, minor: Bool, progression: [Chord], timbre: Timbre, bassTimbre: Timbre, beatsPerMinute: Double,
    seed: UInt64
  ) {
    self.name = name
    self.tonic = tonic
    self.minor = minor
    self.progression = progression
    self.timbre = timbre
    self.bassTimbre = bassTimbre
    self.beatsPerMinute = beatsPerMinute
    self.seed = seed
  }

  /// The key that holds most of the track's length: its own, unless a modulation comes before the
  /// middle.
  public var label: (tonic: Int, minor: Bool) {
    guard let modulation, Double(modulationChord) * chordSeconds < seconds / 2 else { return (tonic, minor) }
    return (modulation.tonic, modulation.minor)
  }

  /// The track as interleaved stereo samples at `sampleRate`, peaking at 0.8.
  public var samples: [Float] { samples(sampleRate: sampleRate) }

  /// The same track rendered at `rate` hertz instead.
  public func samples(sampleRate rate: Int) -> [Float] {
    var output = [Float](repeating: 0, count: Int(seconds * Double(rate)) * 2)
    let drumSounds = drums ? Self.drumSounds(rate: Double(rate), seed: seed) : []
    let (notes, hits) = score()
    output.withUnsafeMutableBufferPointer { output in
      Self.wavetables.withUnsafeBufferPointer { tables in
        for note in notes {
          let sound = Self.sound(note.timbre)
          for cents in sound.detuneCents == 0 ? [0] : [-sound.detuneCents, sound.detuneCents] {
            let level = sound.detuneCents == 0 ? note.level : note.level * 0.6
            Self.add(note, sound: sound, cents: tuningCents + cents, level: level, rate: Double(rate), tables: tables, into: output)
          }
        }
      }
      for hit in hits {
        drumSounds[hit.sound].withUnsafeBufferPointer { Self.add($0, hit: hit, rate: Double(rate), into: output) }
      }
      Self.finish(output, rate: Double(rate))
    }
    return output
  }

  // MARK: - The score

  /// A note of a pitched part.
  struct Note {
    var start: Double
    /// How long the note is held, in seconds, before its release.
    var gate: Double
    var midi: Int
    var level: Double
    /// -1 (left) to 1 (right).
    var pan: Double
    var timbre: Timbre
  }

  /// A drum hit: an index into `drumSounds(rate:seed:)`.
  struct Hit {
    var start: Double
    var sound: Int
    var level: Double
    var pan: Double
  }

  /// Bass rhythms in a bar, as (onset, length) in eighths and whether the note is the fifth.
  private static let bassPatterns: [[(onset: Int, length: Int, fifth: Bool)]] = [
    (0..<8).map { ($0, 1, $0 == 6) },
    [(0, 2, false), (2, 2, false), (4, 2, true), (6, 2, false)],
    [(0, 3, false), (3, 3, false), (6, 2, true)],
  ]

  /// Melody rhythms in a bar, as (onset, length) in eighths.
  private static let melodyRhythms: [[(onset: Int, length: Int)]] = [
    [(0, 2), (2, 2), (4, 2), (6, 2)],
    [(0, 3), (3, 1), (4, 4)],
    [(0, 1), (1, 1), (2, 2), (4, 2), (6, 1), (7, 1)],
    [(0, 2), (2, 1), (3, 1), (4, 3)],
  ]

  /// The parts' levels: chords and bass alike, the melody a little softer, the kick as loud as the
  /// chords.
  private static let (chordLevel, bassLevel, melodyLevel) = (0.2, 0.35, 0.25)
  private static let (kickLevel, snareLevel, hatLevel) = (0.65, 0.5, 0.12)

  /// One chord's length in seconds.
  private var chordSeconds: Double { Double(barsPerChord * 4) * 60 / beatsPerMinute }

  /// How many chords the track holds (the last one cut short).
  private var chordCount: Int { Int((seconds / chordSeconds).rounded(.up)) }

  /// The first chord in the modulation's key (the chord count if none).
  private var modulationChord: Int {
    guard let modulation else { return chordCount }
    return Int((modulation.at * seconds / chordSeconds).rounded())
  }

  /// The key and chord of chord slot `index`. As music states its key, the track opens on the
  /// tonic chord and closes with a cadence (the dominant, then the tonic to the end); between, the
  /// progression repeats. A modulation's part is played the same way in its own key.
  private func chordAt(_ index: Int) -> (key: (tonic: Int, minor: Bool), chord: Chord) {
    let lastFull = Int(seconds / chordSeconds) - 1
    let modulated = modulation.flatMap { index >= modulationChord ? $0 : nil }
    let key = modulated.map { (tonic: $0.tonic, minor: $0.minor) } ?? (tonic, minor)
    let chords = modulated?.progression ?? progression
    let first = modulated == nil ? 0 : modulationChord
    if index == first || index >= lastFull { return (key, Chord(0)) }
    if index == lastFull - 1 { return (key, Chord("V")) }
    return (key, chords[(index - first - 1) % chords.count])
  }

  /// Every note and drum hit of the track.
  private func score() -> (notes: [Note], hits: [Hit]) {
    var notes: [Note] = []
    var random = SeededRandom(seed: seed)
    let eighth = 30 / beatsPerMinute
    let bassPattern = Self.bassPatterns[Int(seed % UInt64(Self.bassPatterns.count))]
    let decaying = timbre == .pluck || timbre == .electricPiano
    // A pad's slow attack would blur the melody: a saw plays it instead.
    let melodyTimbre = timbre == .pad ? Timbre.saw : timbre
    var voicing: [Int] = []
    var melodyPitch = 76
    for index in 0..<chordCount {
      let (key, chord) = chordAt(index)
      let start = Double(index) * chordSeconds
      let pitchClasses = chord.pitchClasses(tonic: key.tonic, minor: key.minor)
      voicing = Self.voicing(pitchClasses, after: voicing)
      let strike = decaying ? 4 * eighth : chordSeconds
      for onset in stride(from: start, to: start + chordSeconds - 0.001, by: strike) {
        for (voice, midi) in voicing.enumerated() {
          let pan = 0.5 * Double(voice) / Double(voicing.count - 1) - 0.25
          notes.append(Note(start: onset, gate: strike, midi: midi, level: Self.chordLevel * 3 / Double(voicing.count), pan: pan, timbre: timbre))
        }
      }
      let root = 31 + (pitchClasses[0] - 7 + 12) % 12
      for bar in 0..<barsPerChord {
        let barStart = start + Double(bar) * 8 * eighth
        for step in bassPattern {
          let midi = step.fifth ? (root >= 33 ? root - 5 : root + 7) : root
          notes.append(Note(start: barStart + Double(step.onset) * eighth, gate: Double(step.length) * eighth * 0.85, midi: midi,
                            level: Self.bassLevel, pan: 0, timbre: bassTimbre))
        }
        if melody {
          let scale = Self.scale(minor: key.minor).map { (key.tonic + $0) % 12 }
          let rhythm = Self.melodyRhythms[Int(random.next() % UInt64(Self.melodyRhythms.count))]
          for step in rhythm {
            melodyPitch = Self.melodyNote(after: melodyPitch, strong: step.onset % 4 == 0, chord: pitchClasses, scale: scale, random: &random)
            notes.append(Note(start: barStart + Double(step.onset) * eighth, gate: Double(step.length) * eighth * 0.9, midi: melodyPitch,
                              level: Self.melodyLevel, pan: 0.2, timbre: melodyTimbre))
          }
        }
      }
    }
    return (notes, drums ? drumHits() : [])
  }

  /// The drums: kick on every beat, snare on 2 and 4, hats on every eighth (louder off the beat).
  private func drumHits() -> [Hit] {
    var hits: [Hit] = []
    var random = SeededRandom(seed: seed ^ 0xD7)
    let eighth = 30 / beatsPerMinute
    for index in 0..<Int(seconds / eighth) {
      let time = Double(index) * eighth
      let variation = Int(random.next() % 4)
      if index % 2 == 0 { hits.append(Hit(start: time, sound: 0, level: Self.kickLevel, pan: 0)) }
      if index % 4 == 2 { hits.append(Hit(start: time, sound: 1 + variation, level: Self.snareLevel, pan: -0.05)) }
      hits.append(Hit(start: time, sound: 5 + variation, level: Self.hatLevel * (index % 2 == 0 ? 0.6 : 1), pan: 0.3))
    }
    return hits
  }

  /// The major scale or the natural minor, as semitones above the tonic.
  static func scale(minor: Bool) -> [Int] { minor ? [0, 2, 3, 5, 7, 8, 10] : [0, 2, 4, 5, 7, 9, 11] }

  /// The close-position voicing of `pitchClasses` between MIDI 50 and 76 nearest the previous
  /// voicing (near middle C for the first), so that the voices move as little as they can.
  private static func voicing(_ pitchClasses: [Int], after previous: [Int]) -> [Int] {
    var best: (notes: [Int], cost: Double) = ([], .infinity)
    for rotation in pitchClasses.indices {
      let order = Array(pitchClasses[rotation...] + pitchClasses[..<rotation])
      for bottom in 50...61 where bottom % 12 == order[0] {
        var notes = [bottom]
        for pitchClass in order.dropFirst() { notes.append(notes[notes.count - 1] + (pitchClass - notes[notes.count - 1] % 12 + 12) % 12) }
        let centre = abs(Double(notes.reduce(0, +)) / Double(notes.count) - 62)
        var cost = previous.isEmpty ? centre : 0.3 * centre
        for note in notes { cost += Double(previous.map { abs($0 - note) }.min() ?? 0) }
        for note in previous { cost += Double(notes.map { abs($0 - note) }.min() ?? 0) }
        if notes[notes.count - 1] <= 76, cost < best.cost { best = (notes, cost) }
      }
    }
    return best.notes
  }

  /// The melody's next note between MIDI 67 and 84: on a strong beat one of the two chord tones
  /// nearest the last note, else a step or two along the scale (its notes a semitone from a chord
  /// tone taken as that chord tone, so a borrowed chord's melody borrows too).
  private static func melodyNote(after last: Int, strong: Bool, chord: [Int], scale: [Int], random: inout SeededRandom) -> Int {
    let range = 67...84
    if strong {
      let tones = range.filter { chord.contains($0 % 12) }.sorted { abs($0 - last) < abs($1 - last) }
      return tones[Int(random.next() % 2)]
    }
    let chordScale = scale.map { tone in chord.first { !scale.contains($0) && [1, 11].contains(($0 - tone + 12) % 12) } ?? tone }
    let tones = range.filter { chordScale.contains($0 % 12) }
    let here = tones.indices.min { abs(tones[$0] - last) < abs(tones[$1] - last) } ?? 0
    let steps = [-2, -1, -1, 1, 1, 2][Int(random.next() % 6)]
    let step = here + steps < 2 ? abs(steps) : here + steps > tones.count - 3 ? -abs(steps) : steps
    return tones[here + step]
  }
}
