/// The LAME extension of a Xing/Info tag: the encoder's name and the exact encoder delay and
/// padding, which make an MP3 gapless.
///
/// Its 36 bytes follow the Xing fields: a 9-byte encoder string, then (21 bytes in) the delay and
/// the padding as two 12-bit numbers, the music length in bytes (28 in) and a CRC-16 of the frame
/// up to it (34 in).
public struct LAMETag: Sendable, Equatable {
  /// The encoder string, such as "LAME3.100" or "Lavc59.37".
  public var encoder: String
  /// Samples the encoder put before the audio (the decoder adds 529 of its own).
  public var encoderDelay: Int
  /// Samples the encoder put after the audio to fill the last frame.
  public var padding: Int
  /// The music's length in bytes as the encoder wrote it (from the info frame to the last frame's end).
  public var musicLength: Int64
  /// True when the tag's CRC matches the frame's bytes, so the fields were written as a whole.
  /// (LAME and FFmpeg sum different bytes when the tag ends before byte 190; either counts.)
  public var checksumMatches: Bool

  /// A tag from its fields as stated, delay and padding in samples per channel and the music length in bytes.
  public init(encoder: String, encoderDelay: Int, padding: Int, musicLength: Int64 = 0, checksumMatches: Bool = true) {
    self.encoder = encoder
    self.encoderDelay = encoderDelay
    self.padding = padding
    self.musicLength = musicLength
    self.checksumMatches = checksumMatches
  }

  /// The length of the extension in bytes.
  static let length = 36

  /// True when the encoder string is one whose delay FFmpeg applies by itself on decode ("LAME",
  /// "Lavf" or "Lavc"); FFmpeg ignores the delay fields of any other encoder.
  public var isAppliedByFFmpeg: Bool {
    ["LAME", "Lavf", "Lavc"].contains(String(encoder.prefix(4)))
  }

  /// Reads the extension starting `offset` bytes into `frame` (the info frame's bytes from its
  /// header on); nil when the bytes are not a LAME tag: too short, or neither a known encoder
  /// string nor a matching CRC.
  init?(frame: [UInt8], offset: Int) {
    guard offset >= 0, frame.count >= offset + Self.length else { return nil }
    let field = { (index: Int) in Int(frame[offset + index]) }
    let name = frame[offset..<offset + 9].prefix { $0 != 0 }
    encoder = String(decoding: name, as: UTF8.self).trimmingTrailingSpaces
    encoderDelay = field(21) << 4 | field(22) >> 4
    padding = (field(22) & 0x0F) << 8 | field(23)
    musicLength = Int64(field(28) << 24 | field(29) << 16 | field(30) << 8 | field(31))
    checksumMatches = Self.checksumMatches(frame: frame, at: offset + 34)
    let knownEncoder = ["LAME", "Lavf", "Lavc", "GOGO", "L3.9"].contains(String(encoder.prefix(4)))
    guard knownEncoder || checksumMatches else { return nil }
  }

  /// True when the CRC stored at `position` matches the frame: LAME sums the bytes before it;
  /// FFmpeg sums the first 190 bytes with the CRC field as zeros (the two agree when the field
  /// ends at byte 190, as in MPEG-1 stereo).
  static func checksumMatches(frame: [UInt8], at position: Int) -> Bool {
    let stored = UInt16(frame[position]) << 8 | UInt16(frame[position + 1])
    if checksum(frame[0..<position]) == stored { return true }
    guard position + 2 <= 190 else { return false }
    var first190 = Array(frame.prefix(190)) + Array(repeating: 0, count: max(0, 190 - frame.count))
    first190[position] = 0
    first190[position + 1] = 0
    return checksum(first190[...]) == stored
  }

  /// CRC-16 with the reflected polynomial 0xA001 and initial value 0 (CRC-16/ARC).
  static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt16 {
    var crc: UInt16 = 0
    for byte in bytes {
      crc ^= UInt16(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
    }
    return crc
  }
}

extension String {
  /// The string without the spaces that pad fixed-width fields.
  fileprivate var trimmingTrailingSpaces: String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
