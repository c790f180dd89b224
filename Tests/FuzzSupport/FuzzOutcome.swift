/// What a parser made of one input.
public enum FuzzOutcome: Sendable, Equatable {
  /// It read a value.
  case value
  /// It refused the input: threw its own error type or returned nil.
  case refused
}

extension FuzzOutcome {
  /// `.value` when `body` returns, `.refused` when it throws.
  static func of<Failure: Error>(_ body: () throws(Failure) -> some Any) -> FuzzOutcome {
    do {
      _ = try body()
      return .value
    } catch {
      return .refused
    }
  }

  /// `.value` for a value, `.refused` for nil.
  static func of(optional value: Any?) -> FuzzOutcome { value == nil ? .refused : .value }
}
