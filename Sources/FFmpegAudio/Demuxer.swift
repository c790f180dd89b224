import CFFmpegShim

/// Owns an input `AVFormatContext`: opens a file, finds its audio stream and reads its packets.
final class Demuxer {
  let path: String
  private var context: UnsafeMutablePointer<AVFormatContext>?
  /// The audio stream's index and pointer (owned by `context`).
  let streamIndex: Int32
  let stream: UnsafeMutablePointer<AVStream>
  /// The decoder FFmpeg chose for the stream.
  let codec: UnsafePointer<AVCodec>

  /// Opens `path` and selects its best audio stream.
  init(path: String) throws(FFmpegError) {
    self.path = path
    var context: UnsafeMutablePointer<AVFormatContext>? = avformat_alloc_context()
    // A 16-bit PCM stream (WAV) is probed for compressed audio disguised as PCM (S/PDIF, DTS):
    // FFmpeg's default reads up to 32 packets and runs every demuxer's probe over the growing
    // buffer, about 10 ms per open of a WAV file. The first packet (4 KiB) is where that shows.
    context?.pointee.max_probe_packets = Self.codecProbePackets
    // Named through the file protocol, so a local name that looks like a URL (`http:/x.wav`,
    // `file:x.wav`) is still the file of that name. A failed open frees the context.
    FFmpegLogLevel.applyDefault()
    try check(avformat_open_input(&context, "file:" + path, nil, nil), "avformat_open_input", path: path)
    do throws(FFmpegError) {
      try check(avformat_find_stream_info(context, nil), "avformat_find_stream_info", path: path)
      var codec: UnsafePointer<AVCodec>?
      streamIndex = try check(
        av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0), "av_find_best_stream",
        path: path)
      guard let codec else {
        throw FFmpegError(function: "av_find_best_stream", code: SEGUE_AVERROR_DECODER_NOT_FOUND, path: path)
      }
      self.codec = codec
      stream = context!.pointee.streams[Int(streamIndex)]!
    } catch {
      avformat_close_input(&context)
      throw error
    }
    self.context = context
    // Only the audio stream's packets are wanted; the demuxer may skip the rest cheaply.
    for index in 0..<Int(context!.pointee.nb_streams) where index != Int(streamIndex) {
      context!.pointee.streams[index]!.pointee.discard = AVDISCARD_ALL
    }
  }

  /// How many packets FFmpeg may read to identify a stream's codec from its contents (where the
  /// container leaves it in doubt).
  static let codecProbePackets: Int32 = 1

  /// The container's short name, as FFmpeg knows it.
  var containerName: String { String(cString: context!.pointee.iformat.pointee.name) }

  /// Reads the next packet of the audio stream into `packet`; false at the end of the file.
  func read(into packet: Packet) throws(FFmpegError) -> Bool {
    while true {
      packet.unref()
      let result = av_read_frame(context, packet.pointer)
      if result == SEGUE_AVERROR_EOF { return false }
      try check(result, "av_read_frame", path: path)
      if packet.pointer.pointee.stream_index == streamIndex { return true }
    }
  }

  /// The container's and the audio stream's tags, keys in lower case (the stream's win), without
  /// the container's own bookkeeping that FFmpeg lists among them.
  var tags: [String: String] {
    var tags: [String: String] = [:]
    for dictionary in [context!.pointee.metadata, stream.pointee.metadata] {
      var entry: UnsafeMutablePointer<AVDictionaryEntry>?
      while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
        let key = String(cString: next.pointee.key).lowercased()
        let value = String(cString: next.pointee.value)
        if !Self.bookkeepingKeys.contains(key) && !(key == "language" && value == "und") { tags[key] = value }
        entry = next
      }
    }
    return tags
  }

  /// What FFmpeg reports as metadata but is the container's structure, not a tag anyone wrote:
  /// MP4's brands and handler, iTunes' gapless numbers (read for the length, not a tag to copy),
  /// and a stream language of "undetermined".
  private static let bookkeepingKeys: Set<String> = [
    "major_brand", "minor_version", "compatible_brands", "handler_name", "vendor_id", "itunsmpb",
  ]

  /// Moves to the last packet that starts at or before `timestamp` (in the stream's time base).
  func seek(to timestamp: Int64) throws(FFmpegError) {
    try check(avformat_seek_file(context, streamIndex, Int64.min, timestamp, timestamp, 0), "avformat_seek_file", path: path)
  }

  /// The file's chapters, converted to sample frames at `sampleRate`.
  func chapters(sampleRate: Int) -> [Chapter] {
    let context = context!.pointee
    let frameBase = AVRational(num: 1, den: Int32(max(sampleRate, 1)))
    return (0..<Int(context.nb_chapters)).compactMap { index in
      guard let chapter = context.chapters[index]?.pointee else { return nil }
      let title = av_dict_get(chapter.metadata, "title", nil, 0).map { String(cString: $0.pointee.value) } ?? ""
      return Chapter(
        start: av_rescale_q(chapter.start, chapter.time_base, frameBase), end: av_rescale_q(chapter.end, chapter.time_base, frameBase),
        title: title)
    }
  }

  /// The bytes of the file's attached picture (cover art), if it has one.
  var attachedPicture: [UInt8]? {
    let context = context!.pointee
    for index in 0..<Int(context.nb_streams) {
      let stream = context.streams[index]!.pointee
      guard stream.disposition & AV_DISPOSITION_ATTACHED_PIC != 0, let data = stream.attached_pic.data else { continue }
      return Array(UnsafeBufferPointer(start: data, count: Int(stream.attached_pic.size)))
    }
    return nil
  }

  /// True once the reader has reached the end of the file's bytes.
  var isAtEndOfFile: Bool { context!.pointee.pb.map { avio_feof($0) != 0 } ?? true }

  deinit { avformat_close_input(&context) }
}
