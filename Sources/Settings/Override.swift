/// A choice that may override a more general one (an entry's over the command line's, the
/// command line's over a playlist's defaults): not made, made to reset the thing to Segue's own
/// default, or made with a value.
///
/// `reset` is what `off` or `auto` mean in a playlist or on the command line: no levelling, no
/// pause shortening, the stretch method picked automatically. It differs from `inherit`, which
/// lets the more general choice stand.
public enum Override<Value: Sendable & Equatable>: Sendable, Equatable {
  /// Not made here: the more general choice stands.
  case inherit
  /// Made to reset the thing to Segue's own default (`off` or `auto` as written).
  case reset
  /// Made with this value.
  case set(Value)

  /// This choice where it was made, `general` where it was not.
  public func over(_ general: Override) -> Override { self == .inherit ? general : self }

  /// The value chosen; nil when none was (`inherit` or `reset`).
  public var value: Value? {
    if case .set(let value) = self { return value }
    return nil
  }
}

extension Override: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral where Value == Double {
  /// A number written in code sets it: `maxPause: 0.5`.
  public init(floatLiteral value: Double) { self = .set(value) }
  /// A whole number written in code sets it too: `maxPause: 1`.
  public init(integerLiteral value: Int) { self = .set(Double(value)) }
}
