/// One progress update as a line of JSON, rounded for reading: the share done, the time taken and
/// the time left, beside what the job counts (frames, files).
///
/// A render's progress and an analysis's differ only in what they count, so the estimate of the
/// time left and the fields every update has are made here once: `{"schemaVersion":1,
/// "percent":42.1,"elapsed":…,"eta":…,"done":false,…}`, the counts' fields among them.
struct ProgressLine: Encodable {
  var percent: Double
  var elapsed: Double
  var eta: Double?
  var done: Bool
  /// The job's own fields, encoded beside the others in the same object.
  var counts: any Encodable

  /// The update of a job `fraction` done (from 0 to 1) after `elapsedSeconds`, with `secondsLeft`
  /// to go (nil when not known yet) and `isFinished` once it is.
  init(fraction: Double, elapsedSeconds: Double, secondsLeft: Double?, isFinished: Bool, counts: any Encodable) {
    percent = rounded(fraction * 100, 1)
    elapsed = rounded(elapsedSeconds, 3)
    eta = secondsLeft.map { rounded($0, 1) }
    done = isFinished
    self.counts = counts
  }

  /// Seconds left of a job `done` of `total` into it after `elapsed` seconds, at the pace so far;
  /// nil until there is a pace to go by.
  static func secondsLeft(done: Double, of total: Double, elapsed: Double) -> Double? {
    guard done > 0, elapsed > 0 else { return nil }
    return elapsed * (total - done) / done
  }

  /// The line itself, keys sorted, without a newline.
  var json: String { JSONText.encode(self, pretty: false) }

  private enum CodingKeys: String, CodingKey {
    case schemaVersion, percent, elapsed, eta, done
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ReportSchema.version, forKey: .schemaVersion)
    try container.encode(percent, forKey: .percent)
    try container.encode(elapsed, forKey: .elapsed)
    try container.encodeIfPresent(eta, forKey: .eta)
    try container.encode(done, forKey: .done)
    try counts.encode(to: encoder)
  }
}
