/// Writes ReplayGain fields into a FLAC file's VORBIS_COMMENT block, keeping every other block
/// (STREAMINFO, SEEKTABLE, PICTURE, …) and the audio frames byte for byte.
///
/// The blocks are written again with the new comment and the padding after them shrunk or grown
/// to fill the space the old ones took, in place, when that space holds them (FFmpeg leaves 8 kB
/// of padding); otherwise the file is written again without padding and the audio moves. Seek
/// table offsets count from the first frame, so they stay right when it moves.
enum FLACTagWriter {
  static func write(_ values: ReplayGainValues, into file: TaggedFile) throws(ReplayGainTagError) {
    let metadata = try FLACMetadata.read(file)
    var blocks = metadata.blocks.filter { $0.type != FLACMetadata.padding }
    let index = blocks.firstIndex { $0.type == FLACMetadata.vorbisComment }
    var comment = VorbisComment(vendor: [], fields: [])
    if let index {
      guard let read = VorbisComment.read(blocks[index].body, at: 0) else {
        throw .damaged(path: file.path, reason: "its VORBIS_COMMENT block states lengths past its end")
      }
      comment = read.comment
    }
    comment.replaceFields(named: ReplayGainValues.knownFieldNames, with: values.fields)
    let block = FLACMetadata.Block(type: FLACMetadata.vorbisComment, body: comment.encoded)
    guard block.body.count <= FLACMetadata.longestBody else {
      throw .unsupported(path: file.path, reason: "its tags would not fit in one FLAC metadata block")
    }
    if let index { blocks[index] = block } else { blocks.insert(block, at: 1) }

    let used = 4 + blocks.reduce(Int64(0)) { $0 + 4 + Int64($1.body.count) }
    let room = metadata.end - used
    if room == 0 || (4...4 + Int64(FLACMetadata.longestBody)).contains(room) {
      let padding = room == 0 ? nil : Int(room) - 4
      try file.overwrite(at: 4, with: FLACMetadata.encode(blocks, padding: padding))
    } else {
      try file.replace(0..<metadata.end, with: Array("fLaC".utf8) + FLACMetadata.encode(blocks, padding: nil))
    }
  }
}
