/// How far gathering one input's facts has got: what `InputFacts.gather` reports for progress.
public struct FactsProgress: Sendable, Equatable {
  /// The input's position among those gathered.
  public var input: Int
  /// The input's length in seconds as its header declares it; nil when the header declares none
  /// (MP3, Ogg), so that only its end is known.
  public var seconds: Double?
  /// Seconds of it decoded so far.
  public var secondsDone: Double
  /// True once its facts are ready: decoded, or found in the cache or the header.
  public var isDone: Bool

  /// Builds a report on input `input`, `seconds` long by its header, of which `secondsDone` are decoded;
  /// `isDone` once its facts are ready.
  public init(input: Int, seconds: Double?, secondsDone: Double = 0, isDone: Bool = false) {
    self.input = input
    self.seconds = seconds
    self.secondsDone = secondsDone
    self.isDone = isDone
  }
}
