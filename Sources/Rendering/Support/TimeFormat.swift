/// Formats sample positions as clock times.
public enum TimeFormat {
  /// `1:02:03.456` or `2:03.456`, rounded to the millisecond.
  public static func clock(frames: Int64, sampleRate: Int) -> String {
    let milliseconds = (frames * 1000 + Int64(sampleRate / 2)) / Int64(sampleRate)
    let hours = milliseconds / 3_600_000
    let minutes = milliseconds / 60_000 % 60
    let seconds = milliseconds / 1000 % 60
    let fraction = milliseconds % 1000
    let tail = "\(pad(seconds, 2)).\(pad(fraction, 3))"
    return hours > 0 ? "\(hours):\(pad(minutes, 2)):\(tail)" : "\(minutes):\(tail)"
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
