extension PeakLimiter {
  /// A limiter for a plain stream of blocks: it holds back `lookaheadFrames` frames to look
  /// ahead with, so its output lags its input by that much, and equals `process` run with the
  /// look-ahead supplied.
  public struct Pipe: Sendable {
    /// The limiter, and with it what it has done so far (`activity`).
    public private(set) var limiter: PeakLimiter
    private var held: [Float] = []

    /// A pipe through `limiter`, holding no frames yet.
    public init(_ limiter: PeakLimiter) { self.limiter = limiter }

    /// Takes the next interleaved block; returns the frames that are ready, limited (none
    /// until more than `lookaheadFrames` have come in).
    public mutating func push(_ block: UnsafeBufferPointer<Float>) -> [Float] {
      held.append(contentsOf: block)
      let ready = (held.count / limiter.channelCount - limiter.lookaheadFrames) * limiter.channelCount
      guard ready > 0 else { return [] }
      var output = Array(held[..<ready])
      held.removeFirst(ready)
      output.withUnsafeMutableBufferPointer { output in
        held.withUnsafeBufferPointer { upcoming in _ = limiter.process(output, upcoming: upcoming) }
      }
      return output
    }

    /// The frames still held, limited: the signal ends with them.
    public mutating func finish() -> [Float] {
      var output = held
      held = []
      output.withUnsafeMutableBufferPointer { output in _ = limiter.process(output, upcoming: UnsafeBufferPointer(start: nil, count: 0)) }
      return output
    }
  }
}
