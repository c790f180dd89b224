import CFFmpegShim

/// How long a file's video lasts, as its container says: what an audio track made to match it
/// must last.
public enum VideoDuration {
  /// The duration in seconds of the first video stream of the file at `path` (its own duration,
  /// else the container's); nil when the file has no video.
  public static func seconds(of path: String) throws(FFmpegError) -> Double? {
    var context: UnsafeMutablePointer<AVFormatContext>?
    FFmpegLogLevel.applyDefault()
    try check(avformat_open_input(&context, "file:" + path, nil, nil), "avformat_open_input", path: path)
    defer { avformat_close_input(&context) }
    try check(avformat_find_stream_info(context, nil), "avformat_find_stream_info", path: path)
    let format = context!.pointee
    for index in 0..<Int(format.nb_streams) {
      let stream = format.streams[index]!.pointee
      // A cover picture is a video stream of one frame; it has no duration to match.
      guard stream.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO, stream.disposition & AV_DISPOSITION_ATTACHED_PIC == 0 else { continue }
      if stream.duration != SEGUE_NOPTS_VALUE && stream.duration > 0 {
        return Double(stream.duration) * Double(stream.time_base.num) / Double(stream.time_base.den)
      }
      return format.duration > 0 ? Double(format.duration) / Double(AV_TIME_BASE) : nil
    }
    return nil
  }
}
