/// Reads an MP4 file's boxes by seeking: headers, and the payloads of the few boxes asked for,
/// never the media data (an `mdat` may be gigabytes).
final class MP4BoxReader {
  let file: RandomAccessFile<MP4Error>

  /// The largest payload read into memory: far above any real `moov`, far below a damaged size.
  static let largestPayload: Int64 = 512 << 20

  init(path: String) throws(MP4Error) {
    file = try RandomAccessFile(path: path)
  }

  var path: String { file.path }

  /// The boxes at the top of the file, in order.
  ///
  /// A last box that runs past the end of the file (a file cut off inside its `mdat`) is kept,
  /// shortened to what is there; everything before it may still be read.
  func topLevelBoxes() throws(MP4Error) -> [MP4BoxHeader] {
    try boxes(from: 0, to: file.length, clampingLast: true)
  }

  /// The boxes inside `box`, after `skipping` bytes of the payload that come before its children
  /// (the version and flags of a full box such as `meta`).
  func children(of box: MP4BoxHeader, skipping: Int64 = 0) throws(MP4Error) -> [MP4BoxHeader] {
    try boxes(from: box.payloadOffset + skipping, to: box.end, clampingLast: false)
  }

  /// The whole payload of `box`.
  func payload(of box: MP4BoxHeader) throws(MP4Error) -> [UInt8] {
    guard box.payloadSize <= Self.largestPayload else {
      throw .malformedBox(path: path, box: box.type.description, offset: box.offset, reason: "is too large to be real")
    }
    return try read(at: box.payloadOffset, count: Int(box.payloadSize))
  }

  /// The whole box, header included.
  func wholeBox(_ box: MP4BoxHeader) throws(MP4Error) -> [UInt8] {
    guard box.size <= Self.largestPayload else {
      throw .malformedBox(path: path, box: box.type.description, offset: box.offset, reason: "is too large to be real")
    }
    return try read(at: box.offset, count: Int(box.size))
  }

  /// `count` bytes from `offset`, fewer only at the end of the file.
  func read(at offset: Int64, count: Int) throws(MP4Error) -> [UInt8] {
    try file.read(at: offset, count: count)
  }

  private func boxes(from start: Int64, to end: Int64, clampingLast: Bool) throws(MP4Error) -> [MP4BoxHeader] {
    var found: [MP4BoxHeader] = []
    var offset = start
    while end - offset >= 8 {
      let bytes = try read(at: offset, count: MP4BoxHeader.longestHeader)
      let header: MP4BoxHeader
      do {
        header = try MP4BoxHeader.parse(bytes, offset: offset, parentEnd: end, allowingOverrun: clampingLast)
      } catch {
        throw .malformedBox(path: path, box: Self.typeName(bytes), offset: offset, reason: error.reason)
      }
      if header.end > end {
        var shortened = header
        shortened.size = end - offset
        found.append(shortened)
        break
      }
      found.append(header)
      offset = header.end
    }
    return found
  }

  /// The type in a header too damaged to parse, for the message.
  private static func typeName(_ bytes: [UInt8]) -> String {
    bytes.count >= 8 ? FourCC(bytes, at: 4).description : "?"
  }
}

extension MP4BoxHeader.Problem {
  /// The problem, worded to follow "the 'xxxx' box at byte N".
  var reason: String {
    switch self {
    case .truncatedHeader: "is cut off inside its header"
    case .sizeTooSmall: "states a size smaller than its header"
    case .overrunsParent: "runs past the end of the box that holds it"
    case .fieldsTooShort: "is too short for its fields"
    }
  }
}
