import CKernels

/// The largest magnitude in `values` (0 when empty).
public func largestMagnitude(_ values: UnsafeBufferPointer<Float>) -> Float {
  guard let base = values.baseAddress else { return 0 }
  return segue_largest_magnitude(base, values.count)
}
