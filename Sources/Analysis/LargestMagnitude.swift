/// The largest magnitude in `values` (0 when empty).
///
/// Compared as bit patterns with the sign cleared, which order as the magnitudes do: an integer
/// maximum, which the compiler vectorizes (a floating-point one it may not reorder). The patterns
/// are compared as signed integers, which they fit: SSE2 has a signed comparison, not an unsigned.
public func largestMagnitude(_ values: UnsafeBufferPointer<Float>) -> Float {
  var highest: Int32 = 0
  for value in values { highest = max(highest, Int32(bitPattern: value.bitPattern & 0x7fff_ffff)) }
  return Float(bitPattern: UInt32(highest))
}
