import CFFmpegShim
import Foundation

/// Owns an output `AVFormatContext` and its file: one audio stream, header, packets, trailer.
final class Muxer {
  let path: String
  private var context: UnsafeMutablePointer<AVFormatContext>?
  private var isFileOpen = false

  /// Creates a muxer of FFmpeg's format `containerName` (for example `flac`, `ipod`, `ogg`).
  init(path: String, containerName: String) throws(FFmpegError) {
    self.path = path
    FFmpegLogLevel.applyDefault()
    try check(
      avformat_alloc_output_context2(&context, nil, containerName, path), "avformat_alloc_output_context2",
      path: path)
  }

  /// True when the container wants codec headers in extradata rather than in the stream.
  var wantsGlobalHeader: Bool { context!.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

  /// FFmpeg's name for the container.
  var containerName: String { String(cString: context!.pointee.oformat.pointee.name) }

  /// FFmpeg's names of the MP4-family muxers (MP4, iPod's M4A/M4B, QuickTime).
  static let mp4FamilyNames: Set<String> = ["mp4", "ipod", "mov"]

  /// True for MP4-family containers, whose edit list needs a sample-rate timescale to be exact.
  var isMP4Family: Bool { Self.mp4FamilyNames.contains(containerName) }

  /// Adds the audio stream, described by the opened encoder's parameters.
  func addStream(from encoder: AudioEncoder) throws(FFmpegError) -> UnsafeMutablePointer<AVStream> {
    guard let stream = avformat_new_stream(context, nil) else {
      throw FFmpegError(function: "avformat_new_stream", code: segue_averror(ENOMEM), path: path)
    }
    try encoder.describe(into: stream)
    return stream
  }

  /// Sets the file's tags and chapters; must come before `writeHeader`.
  ///
  /// MP4, MP3 (ID3v2 CHAP frames), Ogg and FLAC (CHAPTERnn comments) keep chapters, to the
  /// millisecond; containers without chapters ignore them.
  func setMetadata(_ metadata: ContainerMetadata, sampleRate: Int) throws(FFmpegError) {
    let context = context!
    let chaptersAsComments = ["ogg", "opus", "oga", "flac"].contains(containerName)
    let comments = chaptersAsComments ? Self.chapterComments(metadata.chapters, sampleRate: sampleRate) : []
    for (key, value) in metadata.tags.sorted(by: { $0.key < $1.key }) + comments {
      av_dict_set(&context.pointee.metadata, key, value, 0)
    }
    for (index, chapter) in metadata.chapters.enumerated() where !chaptersAsComments {
      guard let raw = av_mallocz(MemoryLayout<AVChapter>.size) else {
        throw FFmpegError(function: "av_mallocz", code: segue_averror(ENOMEM), path: path)
      }
      let entry = raw.bindMemory(to: AVChapter.self, capacity: 1)
      entry.pointee.id = Int64(index + 1)
      entry.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
      entry.pointee.start = chapter.start
      entry.pointee.end = chapter.end
      av_dict_set(&entry.pointee.metadata, "title", chapter.title, 0)
      // The context owns the chapters from here: avformat_free_context frees them.
      av_dynarray_add(&context.pointee.chapters, &context.pointee.nb_chapters, raw)
    }
  }

  /// True when the container can carry a cover picture (FFmpeg 5.1's Ogg muxer cannot).
  var takesCoverArt: Bool { Self.takesCoverArt(containerName: containerName) }

  /// True when FFmpeg's muxer `containerName` can carry a cover picture.
  static func takesCoverArt(containerName: String) -> Bool { ["mp3", "ipod", "mp4", "mov", "flac"].contains(containerName) }

  /// Adds a stream for `art`, before the header; returns it, for `writeCoverArt` after the header.
  func addCoverArtStream(_ art: CoverArt) throws(FFmpegError) -> UnsafeMutablePointer<AVStream> {
    guard let stream = avformat_new_stream(context, nil) else {
      throw FFmpegError(function: "avformat_new_stream", code: segue_averror(ENOMEM), path: path)
    }
    stream.pointee.codecpar.pointee.codec_type = AVMEDIA_TYPE_VIDEO
    stream.pointee.codecpar.pointee.codec_id = CoverArt.codec(of: art.data)!
    if let size = art.dimensions {
      stream.pointee.codecpar.pointee.width = Int32(size.width)
      stream.pointee.codecpar.pointee.height = Int32(size.height)
    }
    stream.pointee.disposition = AV_DISPOSITION_ATTACHED_PIC
    stream.pointee.time_base = AVRational(num: 1, den: 90_000)
    // The MP3 (ID3v2 APIC) and FLAC (PICTURE) muxers take the picture type from the stream's
    // comment, by ID3v2's names; without one they write type 0, "Other".
    av_dict_set(&stream.pointee.metadata, "comment", "Cover (front)", 0)
    return stream
  }

  /// Writes the picture as its stream's one packet.
  func writeCoverArt(_ art: CoverArt, stream: UnsafeMutablePointer<AVStream>) throws(FFmpegError) {
    let packet = Packet()
    try check(av_new_packet(packet.pointer, Int32(art.data.count)), "av_new_packet", path: path)
    art.data.withUnsafeBufferPointer { packet.pointer.pointee.data.update(from: $0.baseAddress!, count: $0.count) }
    packet.pointer.pointee.stream_index = stream.pointee.index
    packet.pointer.pointee.flags |= AV_PKT_FLAG_KEY
    try write(packet)
  }

  /// Chapters as Vorbis comments (`CHAPTER001=00:01:02.345`, `CHAPTER001NAME=…`), the form Ogg
  /// and FLAC players read. FFmpeg 5.1 writes none for FLAC or Opus, and rounds the seconds of
  /// the ones it writes for Vorbis (14.504 s becomes 15.504 s), so Segue writes them itself.
  /// In order: each chapter's time before its name, as readers expect.
  private static func chapterComments(_ chapters: [Chapter], sampleRate: Int) -> [(String, String)] {
    var comments: [(String, String)] = []
    for (index, chapter) in chapters.enumerated() {
      let milliseconds = (chapter.start * 1000 + Int64(sampleRate / 2)) / Int64(sampleRate)
      let key = "CHAPTER" + String(format: "%03d", index + 1)
      let time = String(
        format: "%02lld:%02lld:%02lld.%03lld", milliseconds / 3_600_000, milliseconds / 60_000 % 60, milliseconds / 1000 % 60,
        milliseconds % 1000)
      comments += [(key, time), (key + "NAME", chapter.title)]
    }
    return comments
  }

  /// Opens the file and writes the container header.
  func writeHeader(sampleRate: Int) throws(FFmpegError) {
    if context!.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
      // Through the file protocol, like inputs: the path is a local file whatever it looks like;
      // "-" is standard output, streamed.
      let url = path == AudioFileWriter.standardOutput ? "pipe:1" : "file:" + path
      try check(avio_open(&context!.pointee.pb, url, AVIO_FLAG_WRITE), "avio_open", path: path)
      isFileOpen = true
    }
    var options: OpaquePointer?
    defer { av_dict_free(&options) }
    if isMP4Family { av_dict_set(&options, "movie_timescale", String(sampleRate), 0) }
    // A WAV past 4 GiB cannot state its size in RIFF's 32 bits: it becomes RF64 (EBU Tech 3306),
    // which SoX, FFmpeg and pro tools read; smaller files stay plain RIFF.
    if containerName == "wav" { av_dict_set(&options, "rf64", "auto", 0) }
    try check(avformat_write_header(context, &options), "avformat_write_header", path: path)
  }

  /// Writes one packet, passed through unchanged so its skip-samples side data reaches the muxer.
  func write(_ packet: Packet) throws(FFmpegError) {
    try check(av_interleaved_write_frame(context, packet.pointer), "av_interleaved_write_frame", path: path)
  }

  /// Writes the trailer (where MP3's LAME tag and MP4's edit list are completed) and closes the file.
  func finish() throws(FFmpegError) {
    try check(av_write_trailer(context), "av_write_trailer", path: path)
    if isFileOpen {
      try check(avio_closep(&context!.pointee.pb), "avio_closep", path: path)
      isFileOpen = false
    }
  }

  deinit {
    if isFileOpen { avio_closep(&context!.pointee.pb) }
    avformat_free_context(context)
  }
}
