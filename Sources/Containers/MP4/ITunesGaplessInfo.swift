/// The gapless data iTunes stores in an `iTunSMPB` tag: the encoder's priming, the padding after
/// the audio, and the audio's exact length, all in sample frames.
///
/// The tag's text is twelve hexadecimal fields, each after one space:
/// ` 00000000 PPPPPPPP DDDDDDDD LLLLLLLLLLLLLLLL 00000000 …` (priming, padding, then the length in
/// 16 digits, then eight zero fields), the form iTunes writes.
public struct ITunesGaplessInfo: Sendable, Equatable {
  /// The freeform tag's name under the `com.apple.iTunes` mean.
  public static let tagName = "iTunSMPB"

  /// Frames the encoder put before the audio.
  public var priming: Int64
  /// Frames the encoder put after the audio, to fill its last packet.
  public var padding: Int64
  /// The audio's length in frames, without priming or padding.
  public var length: Int64

  /// Gapless info from its priming, padding and audio length, all in sample frames.
  public init(priming: Int64, padding: Int64, length: Int64) {
    self.priming = priming
    self.padding = padding
    self.length = length
  }

  /// The numbers in a tag's text, or nil unless its second to fourth fields are hexadecimal (the
  /// first is ignored, as players do).
  public init?(parsing text: String) {
    let fields = text.split(whereSeparator: \.isWhitespace)
    guard fields.count >= 4, let priming = UInt32(fields[1], radix: 16), let padding = UInt32(fields[2], radix: 16),
      let length = UInt64(fields[3], radix: 16), length <= UInt64(Int64.max)
    else { return nil }
    self.init(priming: Int64(priming), padding: Int64(padding), length: Int64(length))
  }

  /// The tag's text in the form iTunes writes.
  public var text: String {
    let zero = " 00000000"
    return zero + " " + hex(priming, digits: 8) + " " + hex(padding, digits: 8) + " " + hex(length, digits: 16)
      + String(repeating: zero, count: 8)
  }

  private func hex(_ value: Int64, digits: Int) -> String {
    let text = String(UInt64(bitPattern: value), radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
