/// Writes ReplayGain fields as TXXX frames into the ID3v2 tag that opens an MP3 file, keeping its
/// version (2.3 or 2.4) and its other frames; a file without one gets an ID3v2.4 tag.
///
/// The tag is written again in place when its padding holds the new frames; otherwise the file is
/// written again with the new tag, without padding. Either way the frames after the tag, the
/// Xing/LAME info frame first (which holds the gapless length), are kept byte for byte. Only the
/// first of several leading tags is changed.
enum MP3TagWriter {
  static func write(_ values: ReplayGainValues, into file: TaggedFile) throws(ReplayGainTagError) {
    let header = try file.read(at: 0, count: 10)
    let bodySize = ID3v2Tag.bodySize(header: header, magic: "ID3").map { Int($0) }
    let oldTag = try bodySize.map { size throws(ReplayGainTagError) in
      let length = 10 + size + (header[5] & ID3v2FrameList.footerFlag != 0 ? 10 : 0)
      return try file.readWhole(at: 0, count: length, "its ID3v2 tag runs past the end of the file")
    }
    try checkForAudio(file, hasTag: oldTag != nil)
    var tag = try oldTag.map { bytes throws(ReplayGainTagError) in try ID3v2FrameList(bytes, path: file.path) }
      ?? ID3v2FrameList()
    tag.replaceUserTextFrames(named: ReplayGainValues.knownFieldNames, with: values.fields)
    guard tag.framesLength < 1 << 28 else {
      throw .unsupported(path: file.path, reason: "its ID3v2 tag would grow past the 256 MB an ID3v2 tag can hold")
    }
    // A tag with a footer may have no padding.
    if let bodySize, tag.framesLength == bodySize || (tag.framesLength < bodySize && !tag.hasFooter) {
      try file.overwrite(at: 0, with: tag.encoded(bodySize: bodySize))
    } else {
      try file.replace(0..<Int64(oldTag?.count ?? 0), with: tag.encoded())
    }
  }

  /// Checks that MPEG audio frames follow the ID3v2 tags at the start of `file`: a frame header
  /// there, confirmed by the next one or by the end of the file.
  private static func checkForAudio(_ file: TaggedFile, hasTag: Bool) throws(ReplayGainTagError) {
    var window = FileWindow(file)
    let start = ID3v2Tag.leadingTags(in: &window).last?.upperBound ?? 0
    if let header = window.word(at: start).flatMap(MP3FrameHeader.init), let length = header.frameLength {
      let next = start + Int64(length)
      if next == window.length || window.word(at: next).flatMap(MP3FrameHeader.init)?.sharesStream(with: header) == true {
        return
      }
    }
    if start >= window.length { throw .damaged(path: file.path, reason: "no audio follows its ID3v2 tag") }
    let reason = hasTag ? "no MPEG audio frame follows its ID3v2 tag" : TaggableContainer.notTaggable
    throw .unsupported(path: file.path, reason: reason)
  }
}
