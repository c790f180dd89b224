/// Seconds as sample frames: the one conversion every time a user gives passes through.
public enum SampleFrames {
  /// The frames nearest `seconds` at `sampleRate` (halves away from zero), held within
  /// ±2^53 frames (a NaN counts as none) so that no number a user gives can trap the conversion.
  public static func count(inSeconds seconds: Double, at sampleRate: Int) -> Int64 {
    let frames = (seconds * Double(sampleRate)).rounded()
    guard frames.isFinite else { return frames.isNaN ? 0 : (frames > 0 ? limit : -limit) }
    return Int64(min(max(frames, -Double(limit)), Double(limit)))
  }

  /// The most frames a conversion gives: 2^53, exactly representable in a `Double`.
  public static let limit: Int64 = 1 << 53
}
