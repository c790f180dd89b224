/// Adds freeform iTunes tags (`----`, such as `iTunSMPB` or ReplayGain) to an existing MP4 file,
/// which FFmpeg 5.1's muxer cannot write.
///
/// The `moov` is rewritten with the tags in `udta/meta/ilst`; how the file changes depends on
/// where the `moov` lies:
/// - last in the file (FFmpeg's default): it is rewritten in place and the file cut or grown;
/// - followed by `free` space enough for the change: in place, with a smaller `free` after it;
/// - before the media (`-movflags +faststart`): the media moves, every chunk offset (`stco`,
///   `co64`) after the `moov` is shifted to match, and the file is written again next to itself
///   and renamed over the original.
public enum MP4TagWriter {
  /// Sets `tags` in the file at `path`; each replaces any tag with the same mean and name, and
  /// the freeform tags that `isRemoved` picks go first (such as every case of a name). With no
  /// tags, the file is left as it is.
  public static func setFreeformTags(
    _ tags: [MP4FreeformTag], removing isRemoved: (MP4FreeformTag) -> Bool = { _ in false }, inFileAt path: String
  ) throws(MP4Error) {
    guard !tags.isEmpty else { return }
    let reader = try MP4BoxReader(path: path)
    let top = try reader.topLevelBoxes()
    guard let index = top.firstIndex(where: { $0.type == "moov" }) else { throw .notMP4(path: path) }
    let old = top[index]
    var moov: MP4Box
    do {
      moov = try MP4Box.read(try reader.wholeBox(old))
      try moov.removeFreeformTags(where: isRemoved)
      try moov.setFreeformTags(tags)
    } catch let error as MP4Error {
      throw error
    } catch {
      throw .malformedBox(
        path: path, box: "moov", offset: old.offset, reason: "holds a box that \(problemReason(error))")
    }
    let encoded = moov.encoded
    let after = top[(index + 1)...]
    if after.isEmpty {
      try reader.file.overwrite(at: old.offset, with: encoded, truncatingAt: old.offset + Int64(encoded.count))
      return
    }
    let free = after.prefix { $0.type == "free" || $0.type == "skip" }.reduce(0) { $0 + $1.size }
    let room = old.size + free - Int64(encoded.count)
    if room == 0 || room >= 8 {
      let filler = room == 0 ? [] : MP4ItemList.box("free", [UInt8](repeating: 0, count: Int(room) - 8))
      try reader.file.overwrite(at: old.offset, with: encoded + filler)
      return
    }
    guard !top.contains(where: { $0.type == "moof" }), !moov.children.contains(where: { $0.type == "mvex" }) else {
      throw .unsupported(path: path, reason: "it is a fragmented MP4 whose media would have to move")
    }
    try reader.file.replace(old.offset..<old.end, with: try shifted(moov, after: old, path: path))
  }

  /// `moov` with its chunk offsets shifted for the media after it to move by its growth; turning
  /// an `stco` into a `co64` grows it further, so the shift is repeated until it is stable.
  private static func shifted(_ moov: MP4Box, after old: MP4BoxHeader, path: String) throws(MP4Error) -> [UInt8] {
    var delta = Int64(moov.encoded.count) - old.size
    while true {
      var moved = moov
      do { try moved.shiftChunkOffsets(from: old.end, by: delta) } catch {
        throw .malformedBox(path: path, box: "moov", offset: old.offset, reason: "holds a box that \(error.reason)")
      }
      let encoded = moved.encoded
      let growth = Int64(encoded.count) - old.size
      if growth == delta { return encoded }
      delta = growth
    }
  }

  private static func problemReason(_ error: any Error) -> String {
    (error as? MP4BoxHeader.Problem)?.reason ?? "\(error)"
  }
}
