import Foundation

/// How a key track sounds: a band-limited wavetable per timbre, played by phase increment; the
/// drums; and the mix normalised to its peak.
extension KeyTrack {
  /// How a timbre is played: its wavetables (the bright one fading into the dull one), envelope,
  /// and the detuning of a second oscillator (0: only one).
  struct Sound {
    var bright: Int
    var dull: Int
    var attack = 0.01
    var release = 0.03
    /// Exponential decay of the level, per second, towards `sustain` (0: none).
    var decay = 0.0
    var sustain = 1.0
    /// Exponential fade from the bright table to the dull one, per second.
    var fade = 0.0
    var detuneCents = 0.0
  }

  /// Each timbre's sound.
  static func sound(_ timbre: Timbre) -> Sound {
    switch timbre {
    case .sine: Sound(bright: 0, dull: 0)
    case .organ: Sound(bright: 1, dull: 1)
    case .saw: Sound(bright: 2, dull: 2)
    case .square: Sound(bright: 3, dull: 3)
    case .pluck: Sound(bright: 4, dull: 5, attack: 0.005, decay: 2.5, sustain: 0, fade: 8)
    case .electricPiano: Sound(bright: 6, dull: 7, attack: 0.005, release: 0.05, decay: 1.2, sustain: 0.25, fade: 12)
    case .pad: Sound(bright: 8, dull: 8, attack: 0.2, release: 0.2, detuneCents: 7)
    }
  }

  /// The samples in one cycle of a wavetable, a power of two (each is stored with its first sample
  /// repeated after its last, for interpolation).
  static let tableSize = 2048

  /// The wavetables, one after another, each a sum of harmonics (number, amplitude) scaled to the
  /// RMS level of a sine of peak 1.
  static let wavetables: [Float] = {
    let saw = (1...12).map { ($0, 1 / Double($0)) }
    let harmonics: [[(Int, Double)]] = [
      [(1, 1), (2, 0.15)],
      [(1, 1), (2, 0.7), (3, 0.45), (4, 0.3), (6, 0.2), (8, 0.12)],
      saw,
      stride(from: 1, through: 13, by: 2).map { ($0, 1 / Double($0)) },
      (1...16).map { ($0, 1 / Double($0)) },
      [(1, 1), (2, 0.35), (3, 0.12)],
      [(1, 1), (2, 0.35), (3, 0.15), (4, 0.4), (6, 0.25), (8, 0.2), (10, 0.1)],
      [(1, 1), (2, 0.2)],
      (1...10).map { ($0, 1 / Double($0) * (1 - Double($0) / 12)) },
    ]
    return harmonics.flatMap { partials in
      let cycle = (0..<tableSize).map { index in
        partials.reduce(0.0) { sum, partial in sum + partial.1 * sin(2 * Double.pi * Double(partial.0 * index) / Double(tableSize)) }
      }
      let rms = (cycle.reduce(0) { $0 + $1 * $1 } / Double(tableSize)).squareRoot()
      return (cycle + [cycle[0]]).map { Float($0 / rms * 0.5.squareRoot()) }
    }
  }()

  /// Adds `note` with its envelope to interleaved stereo `output`, reading the wavetables by phase
  /// increments with linear interpolation.
  static func add(
    _ note: Note, sound: Sound, cents: Double, level: Double, rate: Double, tables: UnsafeBufferPointer<Float>,
    into output: UnsafeMutableBufferPointer<Float>
  ) {
    let first = Int((note.start * rate).rounded())
    let gate = max(1, Int(note.gate * rate)), release = max(1, Int(sound.release * rate)), attack = max(1, Int(sound.attack * rate))
    let total = min(gate + release, output.count / 2 - first)
    guard total > 0, let base = tables.baseAddress, let out = output.baseAddress else { return }
    let bright = base + sound.bright * (tableSize + 1), dull = base + sound.dull * (tableSize + 1), fades = sound.bright != sound.dull
    // The phase in 32-bit fixed point (a cycle is 2^32), wrapping by a mask: the table slot is its
    // top bits. And single precision throughout: conversions between Float and Double are calls
    // in a debug build.
    let fractionBits = 32 - tableSize.trailingZeroBitCount, cycle = 1 << 32
    let step = Int(440 * pow(2, (Double(note.midi - 69) + cents / 100) / 12) / rate * Double(cycle))
    let (phaseMask, fractionMask, fractionScale) = (cycle - 1, (1 << fractionBits) - 1, Float(1) / Float(1 << fractionBits))
    let decayStep = Float(exp(-sound.decay / rate)), fadeStep = Float(exp(-sound.fade / rate)), sustain = Float(sound.sustain)
    let left = Float(level * min(1, 1 - note.pan)), right = Float(level * min(1, 1 + note.pan))
    let (attackFrames, releaseFrames, end) = (Float(attack), Float(release), gate + release)
    var (decay, fade): (Float, Float) = (1, 1)
    var (phase, index, frame) = (0, 0, first * 2)
    while index < total {
      let slot = phase >> fractionBits
      let fraction = Float(phase & fractionMask) * fractionScale
      var value = bright[slot] + fraction * (bright[slot + 1] - bright[slot])
      if fades {
        let low = dull[slot] + fraction * (dull[slot + 1] - dull[slot])
        value = low + fade * (value - low)
        fade *= fadeStep
      }
      value *= sustain + (1 - sustain) * decay
      if index < attack {
        value *= Float(index) / attackFrames
      } else if index >= gate {
        value *= Float(end - index) / releaseFrames
      }
      out[frame] += value * left
      out[frame + 1] += value * right
      phase = (phase + step) & phaseMask
      decay *= decayStep
      frame += 2
      index += 1
    }
  }

  /// The drum sounds at `rate`: a kick, four snares and four hats (each drawn from noise of its own).
  /// The kick's and the snare's tones fall in pitch, so that they hold no one pitch class.
  static func drumSounds(rate: Double, seed: UInt64) -> [[Float]] {
    var random = SeededRandom(seed: seed ^ 0x5EED)
    var phase = 0.0
    let kick = (0..<Int(0.35 * rate)).map { frame -> Float in
      let time = Double(frame) / rate
      phase += 2 * Double.pi * (45 + 105 * exp(-time * 35)) / rate
      return Float(sin(phase) * exp(-time * 8))
    }
    let snares = (0..<4).map { _ in
      var phase = 0.0
      return (0..<Int(0.2 * rate)).map { frame -> Float in
        let time = Double(frame) / rate
        phase += 2 * Double.pi * (150 + 90 * exp(-time * 40)) / rate
        return Float(0.7 * random.nextSigned() * exp(-time * 22) + 0.3 * sin(phase) * exp(-time * 30))
      }
    }
    let hats = (0..<4).map { _ in
      var previous = random.nextSigned()
      return (0..<Int(0.05 * rate)).map { frame -> Float in
        let next = random.nextSigned()
        defer { previous = next }
        return Float((next - previous) / 2 * exp(-Double(frame) / rate * 70))
      }
    }
    return [kick] + snares + hats
  }

  /// Adds a drum hit's `sound` to interleaved stereo `output`.
  static func add(_ sound: UnsafeBufferPointer<Float>, hit: Hit, rate: Double, into output: UnsafeMutableBufferPointer<Float>) {
    let first = Int((hit.start * rate).rounded())
    let total = min(sound.count, output.count / 2 - first)
    guard let samples = sound.baseAddress, let out = output.baseAddress else { return }
    let left = Float(hit.level * min(1, 1 - hit.pan)), right = Float(hit.level * min(1, 1 + hit.pan))
    var index = 0
    while index < total {
      out[2 * (first + index)] += samples[index] * left
      out[2 * (first + index) + 1] += samples[index] * right
      index += 1
    }
  }

  /// Fades the track in over 5 ms and out over 30 ms (the last notes are cut off), then scales it
  /// to a peak of 0.8.
  static func finish(_ output: UnsafeMutableBufferPointer<Float>, rate: Double) {
    guard let out = output.baseAddress else { return }
    let frames = output.count / 2, fadeIn = Int(0.005 * rate), fadeOut = Int(0.03 * rate)
    var frame = 0
    while frame < fadeIn || frame < fadeOut {
      let gainIn = Float(frame) / Float(fadeIn), gainOut = Float(frame) / Float(fadeOut)
      if frame < fadeIn, frame < frames { out[2 * frame] *= gainIn; out[2 * frame + 1] *= gainIn }
      if frame < fadeOut, frame < frames { out[2 * (frames - 1 - frame)] *= gainOut; out[2 * (frames - 1 - frame) + 1] *= gainOut }
      frame += 1
    }
    let count = output.count
    var peak: Float = 1e-9
    var index = 0
    while index < count {
      // A frame at a time: in a debug build each pass round the loop costs more than its work.
      let left = out[index] < 0 ? -out[index] : out[index], right = out[index + 1] < 0 ? -out[index + 1] : out[index + 1]
      let larger = left > right ? left : right
      if larger > peak { peak = larger }
      index += 2
    }
    let scale = 0.8 / peak
    index = 0
    while index < count {
      out[index] *= scale
      index += 1
    }
  }
}
