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
  /// The confidence at and over which an analysed grid is sure: beats are matched only on sure
  /// grids (chosen on issue 29's test set: see docs/guide.md, "Beat matching").
  public static let sureConfidence = 0.6

  /// A grid of `beatCount` beats `framesPerBeat` frames apart from frame `firstBeat`; nil `firstDownbeat` for unknown bars.
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

  /// The grid counted at double tempo: a beat between each two, the same first beat and bars.
  public func doubled() -> BeatGrid {
    BeatGrid(framesPerBeat: framesPerBeat / 2, firstBeat: firstBeat, beatCount: 2 * beatCount - 1, firstDownbeat: firstDownbeat.map { 2 * $0 })
  }

  /// The grid counted at half tempo: every other beat, those of its first downbeat when it has
  /// one.
  public func halved() -> BeatGrid {
    let skip = (firstDownbeat ?? 0) % 2
    return BeatGrid(
      framesPerBeat: 2 * framesPerBeat, firstBeat: beat(skip), beatCount: max(1, (beatCount - skip + 1) / 2),
      firstDownbeat: firstDownbeat.map { ($0 - skip) / 2 })
  }
}
