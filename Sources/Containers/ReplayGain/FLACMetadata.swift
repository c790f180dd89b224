/// The metadata blocks between a FLAC file's "fLaC" and its first audio frame, in order.
///
/// Each block is a header byte (a last-block flag and a 7-bit type), a 24-bit big-endian length and
/// its body. STREAMINFO comes first; the audio frames that follow open with the sync code 0xFFF8
/// or 0xFFF9.
struct FLACMetadata {
  /// One block's type and body.
  struct Block {
    var type: UInt8
    var body: [UInt8]
  }

  static let streamInfo: UInt8 = 0
  static let padding: UInt8 = 1
  static let vorbisComment: UInt8 = 4
  /// The longest body a block's 24-bit length can state.
  static let longestBody = (1 << 24) - 1

  var blocks: [Block]
  /// Where the audio frames start.
  var end: Int64

  /// Reads the blocks of the FLAC file `file`.
  static func read(_ file: TaggedFile) throws(ReplayGainTagError) -> FLACMetadata {
    var blocks: [Block] = []
    var offset: Int64 = 4
    var isLast = false
    while !isLast {
      let header = try file.readWhole(at: offset, count: 4, "it ends inside its metadata block headers")
      isLast = header[0] & 0x80 != 0
      let type = header[0] & 0x7F
      let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
      guard type != 127 else {
        throw .damaged(path: file.path, reason: "a metadata block at byte \(offset) has the invalid type 127")
      }
      let body = try file.readWhole(
        at: offset + 4, count: length, "its metadata block at byte \(offset) runs past the end of the file")
      blocks.append(Block(type: type, body: body))
      offset += 4 + Int64(length)
    }
    guard blocks.first?.type == streamInfo, blocks.first?.body.count == 34 else {
      throw .damaged(path: file.path, reason: "its first metadata block is not a STREAMINFO block")
    }
    let sync = try file.read(at: offset, count: 2)
    guard offset == file.length || (sync.count == 2 && sync[0] == 0xFF && sync[1] & 0xFE == 0xF8) else {
      throw .damaged(path: file.path, reason: "no audio frame follows its metadata blocks at byte \(offset)")
    }
    return FLACMetadata(blocks: blocks, end: offset)
  }

  /// The blocks as stored after "fLaC", the last one flagged, followed by a padding block with a body
  /// of `padding` zeros when given.
  static func encode(_ blocks: [Block], padding: Int?) -> [UInt8] {
    let all = blocks + (padding.map { [Block(type: Self.padding, body: [UInt8](repeating: 0, count: $0))] } ?? [])
    var bytes: [UInt8] = []
    for (index, block) in all.enumerated() {
      let last: UInt8 = index == all.count - 1 ? 0x80 : 0
      let length = block.body.count
      bytes += [last | block.type, UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
      bytes += block.body
    }
    return bytes
  }
}
