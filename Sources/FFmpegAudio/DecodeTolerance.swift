/// What a reader may decode through instead of refusing the file: the user's `--allow-damaged`
/// and `--allow-truncated`.
public struct DecodeTolerance: Sendable, Equatable, Hashable {
  /// Decode through packets that fail, with what they held rendered as silence.
  public var damaged: Bool
  /// Render a file that ends before its header says, as far as it goes.
  public var truncated: Bool

  /// A tolerance allowing damaged packets, a truncated end, both or neither (the default).
  public init(damaged: Bool = false, truncated: Bool = false) {
    self.damaged = damaged
    self.truncated = truncated
  }

  /// Refuse damaged and truncated files (the default).
  public static let strict = DecodeTolerance()
}
