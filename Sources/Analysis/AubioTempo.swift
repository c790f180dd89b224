import CAubio

/// Aubio's beat tracker over a mono signal: the beats it hears, quantized to its hop.
///
/// It hears the signal at a quarter of 44.1 kHz or so (each run of `decimation` samples averaged):
/// aubio works out every bin's phase, which the beat tracker never uses, and at full rate that was
/// most of the tempo analysis's cost. Its window is about 46 ms and its hop 23 ms, as aubio's own
/// tools use at 44.1 kHz with their default 1024 and 512 frames.
final class AubioTempo {
  private let tempo: OpaquePointer
  private let hop: AubioVector
  private let output: AubioVector
  private let hopFrames: Int
  private let decimation: Int
  private var pending: Float = 0
  private var pendingCount = 0
  private var filled = 0
  private var framesFed: UInt32 = 0
  private var framesFedTotal: Int64 = 0
  private var lastReported: UInt32 = 0
  /// The beats reported so far, in frames (at the signal's own rate) from the start.
  private(set) var beats: [Double] = []

  /// A tracker at `sampleRate`, with a window of the power of two of at least 23 ms and a hop of
  /// half that at the rate it hears (512 and 256 frames at 11.025 kHz); nil when aubio refuses the
  /// rate.
  init?(sampleRate: Int) {
    guard sampleRate > 0, sampleRate <= 768_000 else { return nil }
    decimation = max(1, sampleRate / 11025)
    let heard = sampleRate / decimation
    var window = 64
    while window * 43 < heard { window *= 2 }
    hopFrames = window / 2
    guard
      let made = AubioPlanning.make(
        { new_aubio_tempo("default", UInt32(window), UInt32(window / 2), UInt32(heard)) }, deletedBy: del_aubio_tempo,
        vectors: (UInt32(window / 2), 2))
    else { return nil }
    let (tempo, hop, output) = made
    self.tempo = tempo
    self.hop = hop
    self.output = output
  }

  deinit {
    AubioPlanning.lock.withLock { _ in
      del_aubio_tempo(tempo)
      del_fvec(hop)
      del_fvec(output)
    }
  }

  /// Adds mono samples.
  func add(_ samples: UnsafeBufferPointer<Float>) {
    let scale = 1 / Float(decimation)
    var index = 0
    while index < samples.count {
      let take = min(decimation - pendingCount, samples.count - index)
      for sample in samples[index..<(index + take)] { pending += sample }
      pendingCount += take
      index += take
      guard pendingCount == decimation else { continue }
      hop.pointee.data[filled] = pending * scale
      (pending, pendingCount) = (0, 0)
      filled += 1
      if filled == hopFrames { track() }
    }
  }

  private func track() {
    aubio_tempo_do(tempo, hop, output)
    framesFed &+= UInt32(hopFrames)
    framesFedTotal += Int64(hopFrames * decimation)
    filled = 0
    // A beat moves aubio's last beat (its output flag is 0 for a beat exactly on a hop's start).
    let last = aubio_tempo_get_last(tempo)
    guard last != lastReported else { return }
    lastReported = last
    // Aubio counts frames in 32 bits; the distance back from the frames fed is what is kept.
    beats.append(Double(framesFedTotal - Int64(framesFed &- last) * Int64(decimation)))
  }
}

/// One of aubio's sample vectors.
typealias AubioVector = UnsafeMutablePointer<fvec_t>
