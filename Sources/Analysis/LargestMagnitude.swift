/// The largest magnitude in `values` (0 when empty).
///
/// Compared as bit patterns with the sign cleared, which order as the magnitudes do: an integer
/// maximum, which the compiler vectorizes (a floating-point one it may not reorder).
public func largestMagnitude(_ values: UnsafeBufferPointer<Float>) -> Float {
  var highest: UInt32 = 0
  for value in values { highest = max(highest, value.bitPattern & 0x7fff_ffff) }
  return Float(bitPattern: highest)
}
