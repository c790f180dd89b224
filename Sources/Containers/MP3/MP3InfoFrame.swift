/// The header an encoder writes into an MP3's first frame in place of audio: a Xing tag ("Xing"
/// for VBR, "Info" for CBR, possibly with a LAME extension) or a Fraunhofer VBRI tag.
///
/// The frame decodes to silence, and FFmpeg's demuxer skips it, so it counts as no audio.
public struct MP3InfoFrame: Sendable, Equatable {
  /// Which tag the frame holds.
  public enum Kind: String, Sendable, Equatable {
    /// A Xing tag marked "Xing", which encoders write for variable-bit-rate streams.
    case xing = "Xing"
    /// A Xing tag marked "Info", which encoders (LAME among them) write for constant-bit-rate streams.
    case info = "Info"
    /// A Fraunhofer VBRI tag, found 32 bytes after the header; its seek table is not read.
    case vbri = "VBRI"
  }

  /// The tag found: "Xing" (VBR), "Info" (CBR) or Fraunhofer's "VBRI".
  public var kind: Kind
  /// The number of audio frames after this one, when the tag states it.
  public var frameCount: Int64?
  /// The stream's length in bytes (this frame included), when the tag states it.
  public var byteCount: Int64?
  /// True when a Xing tag carries its 100-entry seek table (VBRI always has one).
  public var hasTableOfContents: Bool
  /// A Xing tag's seek table: entry `i` is where `i`% of the frames lie, in 256ths of `byteCount`.
  public var tableOfContents: [UInt8]?
  /// The Xing tag's VBR quality (0 best, 100 worst), when it states one.
  public var quality: Int?
  /// The LAME extension, when the Xing tag has one.
  public var lame: LAMETag?
  /// The encoder delay a VBRI tag states (FFmpeg ignores it).
  public var vbriDelay: Int?

  /// An info frame of `kind` with the fields its tag states; those it leaves out are nil.
  public init(
    kind: Kind, frameCount: Int64? = nil, byteCount: Int64? = nil, hasTableOfContents: Bool = false,
    quality: Int? = nil, lame: LAMETag? = nil, vbriDelay: Int? = nil
  ) {
    self.kind = kind
    self.frameCount = frameCount
    self.byteCount = byteCount
    self.hasTableOfContents = hasTableOfContents
    self.quality = quality
    self.lame = lame
    self.vbriDelay = vbriDelay
  }

  /// Where a VBRI tag starts: always 32 bytes after the header.
  private static let vbriOffset = 36

  /// Reads the tag from the first frame's bytes (`frame`, starting with its header); nil when the
  /// frame holds neither tag or is not layer III.
  public static func read(frame: [UInt8], header: MP3FrameHeader) -> MP3InfoFrame? {
    guard header.layer == 3 else { return nil }
    let sideInformationEnd = 4 + header.sideInformationLength
    // A CRC, when present, sits between the header and the side information; some encoders put
    // the tag where it would be without one, so both places are tried.
    let candidates = header.hasChecksum ? [sideInformationEnd + 2, sideInformationEnd] : [sideInformationEnd]
    for offset in candidates {
      if let xing = readXing(frame: frame, offset: offset) { return xing }
    }
    return readVBRI(frame: frame)
  }

  /// A Xing/Info tag at `offset` into the frame, with its LAME extension if any.
  private static func readXing(frame: [UInt8], offset: Int) -> MP3InfoFrame? {
    guard frame.count >= offset + 8 else { return nil }
    let kind: Kind
    switch String(decoding: frame[offset..<offset + 4], as: UTF8.self) {
    case "Xing": kind = .xing
    case "Info": kind = .info
    default: return nil
    }
    let flags = frame.bigEndianUInt32(at: offset + 4) ?? 0
    var cursor = offset + 8
    var tag = MP3InfoFrame(kind: kind, hasTableOfContents: false)
    /// The next 32-bit field, when the frame still holds it.
    func nextField() -> Int64? {
      defer { cursor += 4 }
      return frame.bigEndianUInt32(at: cursor).map(Int64.init)
    }
    if flags & 1 != 0 { tag.frameCount = nextField() }
    if flags & 2 != 0 { tag.byteCount = nextField() }
    if flags & 4 != 0 {
      tag.hasTableOfContents = frame.count >= cursor + 100
      if tag.hasTableOfContents { tag.tableOfContents = Array(frame[cursor..<(cursor + 100)]) }
      cursor += 100
    }
    if flags & 8 != 0 { tag.quality = nextField().map(Int.init) }
    tag.lame = LAMETag(frame: frame, offset: cursor)
    return tag
  }

  /// A VBRI tag, version 1: delay (2 bytes), quality (2), bytes (4) and frames (4) after the version.
  private static func readVBRI(frame: [UInt8]) -> MP3InfoFrame? {
    let offset = vbriOffset
    guard frame.count >= offset + 18, String(decoding: frame[offset..<offset + 4], as: UTF8.self) == "VBRI",
      frame[offset + 4] == 0, frame[offset + 5] == 1
    else { return nil }
    var tag = MP3InfoFrame(kind: .vbri, hasTableOfContents: true)
    tag.vbriDelay = Int(frame[offset + 6]) << 8 | Int(frame[offset + 7])
    tag.quality = Int(frame[offset + 8]) << 8 | Int(frame[offset + 9])
    tag.byteCount = frame.bigEndianUInt32(at: offset + 10).map(Int64.init)
    tag.frameCount = frame.bigEndianUInt32(at: offset + 14).map(Int64.init)
    return tag
  }
}

extension [UInt8] {
  /// The big-endian 32-bit value `offset` bytes in, or nil past the end.
  func bigEndianUInt32(at offset: Int) -> UInt32? {
    guard offset >= 0, offset + 4 <= count else { return nil }
    return UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
      | UInt32(self[offset + 3])
  }
}
