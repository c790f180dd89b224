import Foundation

/// A synthesized track in one of several dance and pop styles, with its true tempo and beat times:
/// drums (kick, snare, hats) in the style's pattern, a bass and a pad, with intros, breakdowns,
/// swing, humanized timing and drive as asked. Issue 29's tempo test set is made of these.
public struct StyleTrack: Sendable {
  /// Where the drums hit, bar by bar.
  public enum Pattern: Sendable {
    /// Kick on every beat, hats on the off-beats, a clap on 2 and 4 (house, techno, trance).
    case fourOnTheFloor(clap: Bool)
    /// Kick on 1 and 3, snare on 2 and 4, hats on the eighths (rock, hip-hop, ballads).
    case backbeat
    /// Kick and snare together on 3 only, hats on the off-beats (one-drop reggae).
    case oneDrop
    /// Kick on 1 and the "and" of 3, snare on 2 and 4; hats on every eighth (drum and bass) or on
    /// the off-beats only (garage's two-step).
    case breakbeat(everyEighth: Bool)
    /// Kick on 1 and the last triplet of 2, snare on 2 and 4, hats on every triplet eighth (a
    /// shuffle in 12/8: three pulses a beat, so every other one falls three halves of the beat apart).
    case shuffle
  }

  public var name: String
  public var beatsPerMinute: Double
  public var pattern: Pattern
  public var seconds: Double
  public var sampleRate = 44100
  /// Where the first beat falls, in seconds.
  public var intro = 0.25
  /// Bars without drums: from the start, and a breakdown (first bar, bars).
  public var drumlessIntroBars = 0
  public var breakdown: (firstBar: Int, bars: Int)?
  /// The off-beat hats' delay, as a share of half a beat (0.33: a hip-hop swing).
  public var swing = 0.0
  /// Each hit is moved by up to this many seconds either way, at random.
  public var humanize = 0.0
  /// The pad ducks on every beat, as under a side-chained compressor.
  public var pumping = false
  /// Saturation (tanh) drive, as on a loud limited master; 0 for none.
  public var drive = 0.0
  public var padLevel = 0.05
  public var seed: UInt64

  public init(_ name: String, bpm: Double, _ pattern: Pattern, seconds: Double, seed: UInt64) {
    self.name = name
    self.beatsPerMinute = bpm
    self.pattern = pattern
    self.seconds = seconds
    self.seed = seed
  }

  /// The true beat times in seconds, drums or not.
  public var beatTimes: [Double] {
    let beat = 60 / beatsPerMinute
    return (0..<Int((seconds - intro) / beat)).map { intro + Double($0) * beat }
  }

  /// The track as mono samples, peaking at 0.89.
  public var samples: [Float] {
    let rate = Double(sampleRate)
    var track = [Double](repeating: 0, count: Int(seconds * rate))
    var random = SeededRandom(seed: seed)
    let beat = 60 / beatsPerMinute
    let drumless = Set(0..<(drumlessIntroBars * 4)).union(breakdown.map { Set(($0.firstBar * 4)..<(($0.firstBar + $0.bars) * 4)) } ?? [])
    for (index, time) in beatTimes.enumerated() where !drumless.contains(index) {
      var late = { (random: inout SeededRandom) in humanize * random.nextSigned() }
      if humanize == 0 { late = { _ in 0 } }
      let inBar = index % 4
      let hit = { (sound: [Double], at: Double, random: inout SeededRandom) in Self.place(sound, at: at + late(&random), rate: rate, in: &track) }
      switch pattern {
      case .fourOnTheFloor(let clap):
        hit(kick(), time, &random)
        hit(hat(0.12, &random), time + beat / 2, &random)
        if clap, inBar % 2 == 1 { hit(snare(0.25, &random), time, &random) }
      case .backbeat:
        hit(inBar % 2 == 0 ? kick() : snare(0.35, &random), time, &random)
        hit(hat(0.08, &random), time, &random)
        hit(hat(0.08, &random), time + (1 + swing) * beat / 2, &random)
      case .oneDrop:
        if inBar == 2 {
          hit(kick(), time, &random)
          hit(snare(0.3, &random), time, &random)
        }
        hit(hat(0.06, &random), time + beat / 2, &random)
      case .breakbeat(let everyEighth):
        if inBar == 0 { hit(kick(), time, &random) }
        if inBar == 2 { hit(kick(level: everyEighth ? 0.6 : 0.7), time + beat / 2, &random) }
        if inBar % 2 == 1 { hit(snare(everyEighth ? 0.4 : 0.3, &random), time, &random) }
        if everyEighth { hit(hat(0.07, &random), time, &random) }
        hit(hat(everyEighth ? 0.07 : 0.12, &random), time + beat / 2, &random)
      case .shuffle:
        if inBar == 0 { hit(kick(), time, &random) }
        if inBar == 1 { hit(kick(level: 0.6), time + 2 * beat / 3, &random) }
        if inBar % 2 == 1 { hit(snare(0.35, &random), time, &random) }
        for third in 0..<3 { hit(hat(third == 0 ? 0.1 : 0.07, &random), time + Double(third) * beat / 3, &random) }
      }
    }
    addBassAndPad(to: &track)
    if drive > 0 { track = track.map { tanh($0 * drive) / tanh(drive) } }
    let peak = track.map(abs).max() ?? 1
    return track.map { Float($0 * 0.89 / max(peak, 1e-9)) }
  }

  /// A bass pulsing with the beat (four on the floor) or the half bar, and a pad throughout.
  private func addBassAndPad(to track: inout [Double]) {
    let rate = Double(sampleRate)
    let beat = 60 / beatsPerMinute
    let pulseRate: Double
    if case .fourOnTheFloor = pattern { pulseRate = 1 } else { pulseRate = 0.5 }
    for index in track.indices {
      let t = Double(index) / rate
      if t >= intro {
        let pulse = max(0, sin(2 * Double.pi * (t - intro) / beat * pulseRate))
        track[index] += 0.1 * sin(2 * Double.pi * 55 * t) * pulse * pulse
      }
      var pad = 0.0
      for ratio in [1, 1.26, 1.5] { pad += sin(2 * Double.pi * 110 * ratio * t + 0.3 * sin(2 * Double.pi * 4.5 * t)) }
      var duck = 1.0
      if pumping, t >= intro { duck = 0.55 + 0.45 * min(1, (t - intro).truncatingRemainder(dividingBy: beat) / beat * 3) }
      track[index] = (track[index] + padLevel * pad) * duck
    }
  }

  /// A kick: a sine falling from 150 to 45 Hz under an exponential decay.
  private func kick(level: Double = 0.8) -> [Double] {
    let rate = Double(sampleRate)
    var phase = 0.0
    return (0..<Int(0.35 * rate)).map { frame in
      let t = Double(frame) / rate
      phase += 2 * Double.pi * (45 + 105 * exp(-t * 35)) / rate
      return level * sin(phase) * exp(-t * 9)
    }
  }

  /// A snare: Gaussian noise and a 190 Hz tone, both decaying fast.
  private func snare(_ level: Double, _ random: inout SeededRandom) -> [Double] {
    let rate = Double(sampleRate)
    return (0..<Int(0.2 * rate)).map { frame in
      let t = Double(frame) / rate
      return level * (0.6 * Self.gaussian(&random) * exp(-t * 22) + 0.4 * sin(2 * Double.pi * 190 * t) * exp(-t * 30))
    }
  }

  /// A hat: differentiated Gaussian noise (mostly highs), decaying within a few tens of
  /// milliseconds.
  private func hat(_ level: Double, _ random: inout SeededRandom) -> [Double] {
    let rate = Double(sampleRate)
    var previous = Self.gaussian(&random)
    return (0..<Int(0.06 * rate)).map { frame in
      let next = Self.gaussian(&random)
      defer { previous = next }
      return level * (next - previous) * exp(-Double(frame) / rate * 70) / 2
    }
  }

  /// A normally distributed number (mean 0, deviation 1), by the Box-Muller transform.
  private static func gaussian(_ random: inout SeededRandom) -> Double {
    let radius = (-2 * log(max(1e-300, (random.nextSigned() + 1) / 2))).squareRoot()
    return radius * cos(Double.pi * random.nextSigned())
  }

  /// Adds `sound` to `track` from `time` seconds on (clipped to the track).
  private static func place(_ sound: [Double], at time: Double, rate: Double, in track: inout [Double]) {
    let start = Int((time * rate).rounded())
    for (offset, value) in sound.enumerated() where start + offset >= 0 && start + offset < track.count { track[start + offset] += value }
  }
}
