/// AAC encoders whose priming is known, for files that state none: found by the tool a file names
/// in `ilst/©too`.
struct KnownAACEncoder: Equatable {
  /// The encoder, worded for people.
  var name: String
  /// Frames the encoder puts before the audio.
  var priming: Int64
  /// True when the writer gives the last packet the duration of the audio it holds, so that the
  /// sample table's total is priming plus the exact length; false when every packet is whole and
  /// the padding is unknown.
  var trimsLastPacket: Bool

  /// FFmpeg's own AAC encoder, as muxed by libavformat (`Lavf59.27.100`): 1024 frames of priming
  /// (its `initial_padding`), and the last packet's duration trimmed (measured here: 100,003
  /// frames made 99 packets, the last of 675).
  static let ffmpeg = KnownAACEncoder(name: "FFmpeg's AAC encoder", priming: 1024, trimsLastPacket: true)

  /// Apple's AAC encoder in iTunes: 2112 frames of priming, as its iTunSMPB tags state.
  static let iTunes = KnownAACEncoder(name: "Apple's AAC encoder", priming: 2112, trimsLastPacket: false)

  /// The encoder behind a `©too` text, or nil when it is not one of these.
  static func named(_ tool: String) -> KnownAACEncoder? {
    if tool.hasPrefix("Lavf") || tool.hasPrefix("Lavc") { return .ffmpeg }
    if tool.hasPrefix("iTunes") { return .iTunes }
    return nil
  }
}
