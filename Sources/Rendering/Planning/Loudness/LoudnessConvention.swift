/// How Segue counts a mono signal's loudness: as dual mono, the way it plays on two speakers (and
/// podcast practice reads it), which is 3 LU above a reading of the one channel alone (the ffmpeg
/// CLI's ebur128 filter, pyloudnorm). Every mono figure says so.
enum LoudnessConvention {
  /// The JSON value on mono figures.
  static let dualMono = "dual-mono"
  /// What a table or summary says beside a mono figure.
  static let dualMonoExplained = "mono, measured as dual mono (as it plays on two speakers): 3 LU above a single-channel reading"
}
