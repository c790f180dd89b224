/// Converts counts between timescales (ticks per second) exactly, with 128-bit intermediates so
/// that 64-bit durations times 32-bit timescales cannot overflow.
enum Timescale {
  /// `value` ticks of 1/`from` s in ticks of 1/`to` s, rounded to the nearest (halves away from
  /// zero), and whether no rounding was needed.
  static func convert(_ value: Int64, from: Int64, to: Int64) -> (value: Int64, exact: Bool) {
    precondition(from > 0 && to > 0, "timescales are positive")
    let scaled = Int128(value) * Int128(to)
    let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: Int128(from))
    let twice = remainder.magnitude * 2
    let rounded = twice >= UInt128(from) ? quotient + (scaled < 0 ? -1 : 1) : quotient
    return (Int64(clamping: rounded), remainder == 0)
  }

  /// True when `ticks` in 1/`scale` s and `otherTicks` in 1/`otherScale` s lie no more than
  /// one tick of 1/`scale` s apart.
  static func withinOneTick(_ ticks: Int64, of scale: Int64, _ otherTicks: Int64, of otherScale: Int64) -> Bool {
    let difference = (Int128(ticks) * Int128(otherScale) - Int128(otherTicks) * Int128(scale)).magnitude
    return difference <= UInt128(otherScale)
  }
}
