/// A steady beat found in a signal: its period, where its beats fall and which of them start bars.
///
/// Positions are fractional frames at the signal's own rate, fitted over the whole signal, so a
/// beat far from the first is placed as exactly as the first.
public struct BeatGrid: Sendable, Equatable, Codable {
  /// Frames from one beat to the next.
  public var framesPerBeat: Double
  /// Where the first beat of the grid falls, in frames from the start.
  public var firstBeat: Double
  /// How many beats the grid spans, from the first beat found to the last.
  public var beatCount: Int
  /// Which beat of the grid (0 to `beatsPerBar` - 1) is its first downbeat; nil when no accent
  /// marks the bars.
  public var firstDownbeat: Int?

  /// Beats in a bar: the grid counts bars of four, as dance music is written.
  public static let beatsPerBar = 4

  public init(framesPerBeat: Double, firstBeat: Double, beatCount: Int, firstDownbeat: Int? = nil) {
    self.framesPerBeat = framesPerBeat
    self.firstBeat = firstBeat
    self.beatCount = beatCount
    self.firstDownbeat = firstDownbeat
  }

  /// The tempo in beats per minute at `sampleRate`.
  public func beatsPerMinute(sampleRate: Int) -> Double { 60 * Double(sampleRate) / framesPerBeat }

  /// Where beat `index` falls (index 0 is the first beat; the grid extends both ways).
  public func beat(_ index: Int) -> Double { firstBeat + Double(index) * framesPerBeat }

  /// The beat index nearest to `frame`.
  public func nearestBeat(to frame: Double) -> Int { Int(((frame - firstBeat) / framesPerBeat).rounded()) }

  /// True when beat `index` starts a bar (false when the bars are unknown).
  public func isDownbeat(_ index: Int) -> Bool {
    guard let firstDownbeat else { return false }
    let phase = (index - firstDownbeat) % Self.beatsPerBar
    return phase == 0
  }
}
