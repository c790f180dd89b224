import Foundation

/// A synthesized dance track: kick drums on every beat, louder on each bar's first, and quieter
/// noise hats between the beats, so the tempo, beats and downbeats are known exactly.
public struct BeatTrack: Sendable {
  public var beatsPerMinute: Double
  /// Where the first kick starts, in seconds (a downbeat).
  public var firstBeat: Double
  public var seconds: Double
  public var sampleRate = 44100
  /// Kick level on the first beat of each bar, and on the others.
  public var downbeatAmplitude = 0.9
  public var beatAmplitude = 0.45
  /// Level of the noise hats between the beats (0: none).
  public var hatAmplitude = 0.08
  /// Level of a steady noise pad under everything (0: none), for material with a full spectrum.
  public var padAmplitude = 0.0
  /// Level of a music bed under the beat (0: none): two slowly swelling tones and brown noise, as
  /// the benchmark's tracks have.
  public var bedAmplitude = 0.0
  /// The kick's pitch: it falls from `kickHigh` to `kickLow` hertz.
  public var kickHigh = 150.0
  public var kickLow = 50.0
  public var seed: UInt64 = 11

  public init(beatsPerMinute: Double, firstBeat: Double, seconds: Double) {
    self.beatsPerMinute = beatsPerMinute
    self.firstBeat = firstBeat
    self.seconds = seconds
  }

  /// The frame each kick starts on (fractional), in order; every fourth from the first is a
  /// downbeat.
  public var beatFrames: [Double] {
    let period = 60 / beatsPerMinute * Double(sampleRate)
    let total = seconds * Double(sampleRate)
    return stride(from: firstBeat * Double(sampleRate), to: total, by: period).map { $0 }
  }

  /// The track as interleaved stereo samples.
  public var samples: [Float] {
    let total = Int(seconds * Double(sampleRate))
    var mono = [Double](repeating: 0, count: total)
    var random = SeededRandom(seed: seed)
    let period = 60 / beatsPerMinute * Double(sampleRate)
    for (index, start) in beatFrames.enumerated() {
      add(kick(amplitude: index % 4 == 0 ? downbeatAmplitude : beatAmplitude), at: start, to: &mono)
      if hatAmplitude > 0 { add(hat(random: &random), at: start + period / 2, to: &mono) }
    }
    if padAmplitude > 0 {
      for index in mono.indices { mono[index] += padAmplitude * random.nextSigned() }
    }
    if bedAmplitude > 0 {
      var brown = 0.0
      for index in mono.indices {
        let time = Double(index) / Double(sampleRate)
        brown = 0.998 * brown + 0.06 * random.nextSigned()
        let tones = (0.5 + 0.5 * sin(2 * Double.pi * 0.3 * time)) * sin(2 * Double.pi * 144 * time) + 0.7 * sin(2 * Double.pi * (217 * time + 0.02 * sin(2 * Double.pi * 5 * time)))
        mono[index] += bedAmplitude * (tones + brown)
      }
    }
    return mono.flatMap { [Float($0), Float($0)] }
  }

  /// A kick: a sine falling from `kickHigh` to `kickLow` hertz, decaying over 250 ms.
  private func kick(amplitude: Double) -> [Double] {
    let rate = Double(sampleRate)
    var phase = 0.0
    return (0..<Int(0.25 * rate)).map { frame in
      let time = Double(frame) / rate
      phase += 2 * Double.pi * (kickLow + (kickHigh - kickLow) * exp(-time / 0.03)) / rate
      return amplitude * exp(-time / 0.08) * sin(phase)
    }
  }

  /// A hat: 30 ms of white noise, decaying.
  private func hat(random: inout SeededRandom) -> [Double] {
    let rate = Double(sampleRate)
    return (0..<Int(0.03 * rate)).map { frame in hatAmplitude * exp(-Double(frame) / rate / 0.01) * random.nextSigned() }
  }

  /// Adds `sound` starting at the fractional frame `start` (rounded to the nearest frame).
  private func add(_ sound: [Double], at start: Double, to mono: inout [Double]) {
    let first = Int(start.rounded())
    for (offset, value) in sound.enumerated() where first + offset < mono.count { mono[first + offset] += value }
  }
}
