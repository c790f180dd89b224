import CAubio
import Composition
import Foundation

/// Finds the key of a signal block by block, as part of the analysis pass.
///
/// It hears the signal at about 5.5 kHz (each run of `decimation` samples averaged, as the tempo
/// tracker does), in frames of about 0.7 s every 0.35 s. The spectral peaks of each frame between
/// 50 Hz and 2.1 kHz go into a pitch-class profile at a tenth of a semitone (`PitchClassProfile`),
/// summed over segments of about four seconds; at the end the tuning is read from the profile and
/// the segments are scored against the 24 keys (`KeyProfiles`).
public final class KeyDetector {
  /// The sample rate of the mono signal it is given, in Hz.
  public let sampleRate: Int
  private let decimation: Int
  /// The rate the detector hears, in hertz.
  private let heardRate: Double
  private let frameSize: Int
  private let window: [Float]
  private let fft: OpaquePointer
  private let input: AubioVector
  private let spectrum: AubioVector
  /// The frame being filled, `frameSize` samples at the heard rate.
  private let frame: UnsafeMutablePointer<Float>
  /// The power of each bin of the latest frame.
  private var power: [Float]
  private var filled = 0
  private var pending: Float = 0
  private var pendingCount = 0
  private var profile: PitchClassProfile

  /// A detector for a mono signal at `sampleRate`; nil for a rate it cannot hear.
  public init?(sampleRate: Int) {
    guard sampleRate >= 8000, sampleRate <= 768_000 else { return nil }
    decimation = max(1, sampleRate / Self.heardHertz)
    heardRate = Double(sampleRate) / Double(decimation)
    var size = 1024
    while Double(size) / heardRate < Self.frameSeconds { size *= 2 }
    frameSize = size
    guard let made = AubioPlanning.make({ new_aubio_fft(UInt32(size)) }, deletedBy: del_aubio_fft, vectors: (UInt32(size), UInt32(size)))
    else { return nil }
    (fft, input, spectrum) = made
    self.sampleRate = sampleRate
    window = (0..<size).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size))) }
    frame = .allocate(capacity: size)
    frame.initialize(repeating: 0, count: size)
    power = [Float](repeating: 0, count: size / 2 + 1)
    let hopSeconds = Double(size / 2) / heardRate
    let frames = { (seconds: Double) in max(1, Int((seconds / hopSeconds).rounded())) }
    profile = PitchClassProfile(framesPerSegment: frames(Self.segmentSeconds), edgeFrames: frames(Self.edgeSeconds))
  }

  deinit {
    frame.deallocate()
    AubioPlanning.lock.withLock { _ in
      del_aubio_fft(fft)
      del_fvec(input)
      del_fvec(spectrum)
    }
  }

  /// The rate heard at least, in hertz: twice the highest peak heard and some, for the averaging
  /// of runs of samples passes what lies near half the rate (5.5 kHz from 44.1 kHz).
  static let heardHertz = 5512
  /// The shortest frame, in seconds: long enough to part semitones in the bass.
  static let frameSeconds = 0.65
  /// How long a segment is, in seconds: each votes for a key, so a key that holds most of the
  /// signal wins over one that holds less of it.
  static let segmentSeconds = 4.0
  /// How long the opening and the closing are, in seconds: where a piece states its tonic.
  static let edgeSeconds = 2.5
  /// The band whose peaks are heard, in hertz: from the bass's fundamentals to the melody's.
  static let lowestHertz = 50.0
  static let highestHertz = 2100.0

  /// Adds mono samples.
  public func add(_ samples: UnsafeBufferPointer<Float>) {
    guard var next = samples.baseAddress else { return }
    let end = next + samples.count
    let scale = 1 / Float(decimation)
    while next < end {
      let take = min(decimation - pendingCount, end - next)
      var sum = pending
      for offset in 0..<take { sum += next[offset] }
      next += take
      guard pendingCount + take == decimation else {
        (pending, pendingCount) = (sum, pendingCount + take)
        continue
      }
      frame[filled] = sum * scale
      (pending, pendingCount) = (0, 0)
      filled += 1
      if filled == frameSize { analyseFrame() }
    }
  }

  /// The key of everything added.
  public func finish() -> KeyAnalysis {
    profile.finish()
    return KeyProfiles.analysis(of: profile)
  }

  /// The frame's spectral peaks into the profile; the second half of the frame becomes the first
  /// half of the next.
  private func analyseFrame() {
    let data = input.pointee.data!
    for index in 0..<frameSize { data[index] = frame[index] * window[index] }
    aubio_fft_do_complex(fft, input, spectrum)
    let half = frameSize / 2
    let binHertz = heardRate / Double(frameSize)
    let lowest = max(2, Int(Self.lowestHertz / binHertz))
    let highest = min(half - 2, Int(Self.highestHertz / binHertz))
    let complex = spectrum.pointee.data!
    // Aubio packs the real parts in 0...half and the imaginary part of bin k at size - k.
    power.withUnsafeMutableBufferPointer { power in
      for bin in (lowest - 1)...(highest + 1) {
        let (real, imaginary) = (complex[bin], complex[frameSize - bin])
        power[bin] = real * real + imaginary * imaginary
      }
      profile.addFrame(power: UnsafeBufferPointer(power), bins: lowest...highest, binHertz: binHertz)
    }
    frame.update(from: frame + half, count: half)
    filled = half
  }
}
