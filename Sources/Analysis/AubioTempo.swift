import CAubio
import Synchronization

/// Aubio's beat tracker over a mono signal: the beats it hears, quantized to its hop.
final class AubioTempo {
  private let tempo: OpaquePointer
  private let hop: AubioVector
  private let output: AubioVector
  private let hopFrames: Int
  private var filled = 0
  private var framesFed: UInt32 = 0
  private var framesFedTotal: Int64 = 0
  private var lastReported: UInt32 = 0
  /// The beats reported so far, in frames from the start.
  private(set) var beats: [Double] = []

  /// Aubio builds FFTW plans, which must not be made on two threads at once.
  private static let planning = Mutex(())

  /// A tracker at `sampleRate` with aubio's usual 1024-frame window and 512-frame hop (scaled up
  /// for higher rates); nil when aubio refuses the rate.
  init?(sampleRate: Int) {
    guard sampleRate > 0, sampleRate <= 768_000 else { return nil }
    var window = 1024
    while window * 43 < sampleRate { window *= 2 }
    hopFrames = window / 2
    let made: (OpaquePointer?, AubioVector?, AubioVector?) = Self.planning.withLock { _ in
      (new_aubio_tempo("default", UInt32(window), UInt32(window / 2), UInt32(sampleRate)),
       new_fvec(UInt32(window / 2)), new_fvec(2))
    }
    guard let tempo = made.0, let hop = made.1, let output = made.2 else {
      Self.planning.withLock { _ in
        if let tempo = made.0 { del_aubio_tempo(tempo) }
        if let hop = made.1 { del_fvec(hop) }
        if let output = made.2 { del_fvec(output) }
      }
      return nil
    }
    self.tempo = tempo
    self.hop = hop
    self.output = output
  }

  deinit {
    Self.planning.withLock { _ in
      del_aubio_tempo(tempo)
      del_fvec(hop)
      del_fvec(output)
    }
  }

  /// Adds mono samples.
  func add(_ samples: UnsafeBufferPointer<Float>) {
    var index = 0
    while index < samples.count {
      let take = min(hopFrames - filled, samples.count - index)
      for offset in 0..<take { hop.pointee.data[filled + offset] = samples[index + offset] }
      filled += take
      index += take
      if filled == hopFrames { track() }
    }
  }

  private func track() {
    aubio_tempo_do(tempo, hop, output)
    framesFed &+= UInt32(hopFrames)
    framesFedTotal += Int64(hopFrames)
    filled = 0
    // A beat moves aubio's last beat (its output flag is 0 for a beat exactly on a hop's start).
    let last = aubio_tempo_get_last(tempo)
    guard last != lastReported else { return }
    lastReported = last
    // Aubio counts frames in 32 bits; the distance back from the frames fed is what is kept.
    beats.append(Double(framesFedTotal - Int64(framesFed &- last)))
  }
}

/// One of aubio's sample vectors.
typealias AubioVector = UnsafeMutablePointer<fvec_t>
