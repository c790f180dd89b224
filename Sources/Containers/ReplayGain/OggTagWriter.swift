/// Writes ReplayGain fields into the comment header of an Ogg Vorbis or Ogg Opus file.
///
/// Vorbis gets REPLAYGAIN_* fields; Opus gets R128_TRACK_GAIN and R128_ALBUM_GAIN (RFC 7845),
/// and loses any REPLAYGAIN_* fields, which the RFC asks Opus files not to carry; the OpusHead
/// output gain is left as it is. The header pages after the first are laid out again, as many as
/// before when the headers fit; every audio page is copied as it was, granule positions included.
/// Only when the headers need more (or fewer) pages are the later pages of the stream renumbered,
/// each checked against its checksum first and given a new one.
enum OggTagWriter {
  static func write(_ values: ReplayGainValues, into file: TaggedFile) throws(ReplayGainTagError) {
    var reader = OggPageReader(file)
    let headers = try OggStreamHeaders.read(&reader)
    let audioStart = reader.offset
    var packets = headers.packets
    packets[0] = try commentHeader(headers.packets[0], codec: headers.codec, values: values, path: file.path)
    let pages = headers.paginate(packets)
    let head = headers.firstPage.bytes + pages.flatMap(\.bytes)
    let shift = Int64(pages.count) - Int64(headers.pages.count)
    if shift == 0 && Int64(head.count) == audioStart {
      // The headers kept their length (the same values again): nothing after them moves.
      try file.overwrite(at: 0, with: head)
    } else if shift == 0 {
      try file.replace(0..<audioStart, with: head)
    } else {
      try file.rewrite { output throws(ReplayGainTagError) in
        try output.append(head)
        try renumber(&reader, by: shift, serial: headers.firstPage.serial, into: output)
      }
    }
  }

  /// The comment header `packet` with the ReplayGain fields replaced.
  private static func commentHeader(_ packet: [UInt8], codec: OggStreamHeaders.Codec, values: ReplayGainValues, path: String)
    throws(ReplayGainTagError) -> [UInt8]
  {
    let magic = codec == .vorbis ? [3] + Array("vorbis".utf8) : Array("OpusTags".utf8)
    guard packet.starts(with: magic), let (comment, end) = VorbisComment.read(packet, at: magic.count),
      codec == .opus || packet[end...].first.map({ $0 & 1 == 1 }) ?? false
    else {
      throw .damaged(path: path, reason: "its comment header does not hold together")
    }
    var changed = comment
    switch codec {
    case .vorbis: changed.replaceFields(named: ReplayGainValues.knownFieldNames, with: values.fields)
    case .opus:
      changed.replaceFields(
        named: ReplayGainValues.knownFieldNames.union(ReplayGainValues.opusFieldNames), with: values.opusFields)
    }
    // What follows the comments stays: Vorbis's framing bit, or Opus's binary data.
    return magic + changed.encoded + packet[end...]
  }

  /// Copies the pages after the headers, adding `shift` to the sequence number of each in the
  /// stream `serial`, up to a page that begins a new (chained) stream, after which everything is
  /// copied as it is.
  private static func renumber(
    _ reader: inout OggPageReader, by shift: Int64, serial: UInt32, into output: ReplacementFile<ReplayGainTagError>
  ) throws(ReplayGainTagError) {
    var offset = reader.offset
    while var page = try reader.next() {
      if page.flags & OggPage.beginningOfStream != 0 {
        try output.appendCopy(of: reader.file, from: offset, to: reader.file.length)
        return
      }
      if page.serial == serial {
        page.sequence = UInt32(truncatingIfNeeded: Int64(page.sequence) + shift)
        page.setChecksum()
      }
      try output.append(page.bytes)
      offset = reader.offset
    }
  }
}
